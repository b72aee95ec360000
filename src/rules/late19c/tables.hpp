// The tables of Wargame Rules for the Late 19th Century, as facts: unit strength, movement and
// close-combat scores, artillery and gun ranges, ship flotation, and the hits-on-ships table.
#pragma once

#include <optional>
#include <string_view>

namespace ironlog::rules::late19c {

enum class UnitType { Infantry, DismountedCavalry, MountedCavalry, MachineGun, Artillery, Transport, Commander };
enum class ArtilleryClass { None, Heavy, Medium, Field, Mountain };
enum class Quality { Elite, Average, Poor };
enum class ShipType { Battleship, Ironclad, ArmouredCruiser, ProtectedCruiser, TorpedoBoat, Gunboat };
// The rows of the hits-on-ships table.
enum class Weapon { SuperHeavy, Heavy, Medium, Light, VeryLight, Torpedo };

struct UnitStats {
    const char* name;
    int sp;            // Unit Strength Points
    int move;          // Movement, hexes
    int close_combat;  // modified score needed to hit in Close Combat
};
const UnitStats& unit_stats(UnitType type);
const char* artillery_name(ArtilleryClass c);
int artillery_range(ArtilleryClass c);  // Artillery Fire Phase, hexes
constexpr int kSmallArmsRange = 3;      // Fire Phase: rifles, carbines and machine guns
const char* quality_name(Quality q);
int hit_survival(Quality q);  // Resolving hits on Units: the least score that survives

struct ShipStats {
    const char* name;
    int flotation;  // Flotation Points
    int critical;   // Critical Point
    int move;       // hexes
    Weapon main;
    std::optional<Weapon> secondary;
};
const ShipStats& ship_stats(ShipType type);
const char* weapon_name(Weapon w);
int gun_range(Weapon w);  // Naval Combat: Firing Guns
constexpr int kTorpedoRange = 3;
constexpr int kTorpedoesPerBattle = 4;
constexpr int kMaxGunDice = 4;

// Flotation Points a ship of this type loses to a hit from this weapon on a D6 (0 = minor damage).
int ship_hit_loss(Weapon w, ShipType t, int die);

std::optional<UnitType> parse_unit_type(std::string_view word);
std::optional<ArtilleryClass> parse_artillery_class(std::string_view word);
std::optional<Quality> parse_quality(std::string_view word);
std::optional<ShipType> parse_ship_type(std::string_view word);
std::optional<Weapon> parse_weapon(std::string_view word);

}  // namespace ironlog::rules::late19c
