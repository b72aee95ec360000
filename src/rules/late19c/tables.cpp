#include "rules/late19c/tables.hpp"

#include <array>
#include <string>

namespace ironlog::rules::late19c {

namespace {

// Land Combat: Unit Strength Points, Movement, Close Combat.
constexpr std::array<UnitStats, 7> kUnits = {{
    {"infantry", 4, 2, 5},
    {"dismounted cavalry", 3, 2, 5},
    {"mounted cavalry", 3, 3, 4},
    {"machine guns", 2, 2, 5},
    {"artillery", 2, 2, 5},
    {"horse-drawn transport", 1, 2, 6},
    {"commander", 1, 3, 5},
}};

// Naval Combat: Ship Flotation Values, Movement, and the Definitions of each type's armament.
constexpr std::array<ShipStats, 6> kShips = {{
    {"battleship", 20, 10, 3, Weapon::SuperHeavy, Weapon::Medium},
    {"ironclad/coastal defence battleship", 16, 8, 2, Weapon::Heavy, Weapon::Light},
    {"armoured cruiser", 14, 7, 3, Weapon::Medium, Weapon::Light},
    {"protected cruiser", 12, 6, 4, Weapon::Light, Weapon::VeryLight},
    {"torpedo boat", 4, 2, 5, Weapon::VeryLight, std::nullopt},
    {"gunboat", 6, 3, 2, Weapon::Light, Weapon::VeryLight},
}};

// Resolving hits on Ships: for each weapon (row) and ship type (column), the least die that
// costs 2 FP and the least that costs 1 FP (7: never); below both, minor damage.
struct Loss {
    int two, one;
};
constexpr Loss kHitTable[6][6] = {
    // battleship, ironclad, armoured cruiser, protected cruiser, torpedo boat, gunboat
    {{6, 4}, {5, 3}, {4, 2}, {3, 1}, {2, 1}, {3, 1}},  // super heavy guns
    {{7, 5}, {6, 4}, {5, 3}, {4, 2}, {3, 1}, {4, 2}},  // heavy guns
    {{7, 6}, {7, 5}, {6, 4}, {5, 3}, {4, 2}, {5, 3}},  // medium guns
    {{7, 7}, {7, 6}, {7, 5}, {6, 4}, {5, 3}, {6, 4}},  // light guns
    {{7, 7}, {7, 7}, {7, 6}, {7, 5}, {6, 4}, {7, 5}},  // very light guns
    {{5, 3}, {4, 2}, {3, 1}, {2, 1}, {1, 1}, {2, 1}},  // torpedoes (and mines)
};

template <class E, std::size_t N>
std::optional<E> pick(std::string_view word, const std::array<std::pair<const char*, E>, N>& names) {
    std::string w;
    for (char c : word) w += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const auto& [n, v] : names)
        if (w == n) return v;
    return std::nullopt;
}

}  // namespace

const UnitStats& unit_stats(UnitType type) { return kUnits[static_cast<std::size_t>(type)]; }

const char* artillery_name(ArtilleryClass c) {
    switch (c) {
        case ArtilleryClass::Heavy: return "heavy artillery";
        case ArtilleryClass::Medium: return "medium artillery";
        case ArtilleryClass::Field: return "field artillery";
        case ArtilleryClass::Mountain: return "mountain artillery";
        case ArtilleryClass::None: break;
    }
    return "artillery";
}

int artillery_range(ArtilleryClass c) {
    switch (c) {
        case ArtilleryClass::Heavy: return 12;
        case ArtilleryClass::Medium: return 10;
        case ArtilleryClass::Field: return 8;
        case ArtilleryClass::Mountain: return 6;
        case ArtilleryClass::None: break;
    }
    return 0;
}

const char* quality_name(Quality q) {
    return q == Quality::Elite ? "elite" : q == Quality::Average ? "average" : "poor";
}

int hit_survival(Quality q) { return q == Quality::Elite ? 3 : q == Quality::Average ? 4 : 5; }

const ShipStats& ship_stats(ShipType type) { return kShips[static_cast<std::size_t>(type)]; }

const char* weapon_name(Weapon w) {
    static const char* names[] = {"super heavy guns", "heavy guns", "medium guns", "light guns", "very light guns", "torpedoes"};
    return names[static_cast<std::size_t>(w)];
}

int gun_range(Weapon w) {
    static const int ranges[] = {14, 12, 10, 8, 6, 3};
    return ranges[static_cast<std::size_t>(w)];
}

int ship_hit_loss(Weapon w, ShipType t, int die) {
    const Loss& l = kHitTable[static_cast<std::size_t>(w)][static_cast<std::size_t>(t)];
    return die >= l.two ? 2 : die >= l.one ? 1 : 0;
}

std::optional<UnitType> parse_unit_type(std::string_view word) {
    static constexpr std::array<std::pair<const char*, UnitType>, 11> names = {{
        {"infantry", UnitType::Infantry},
        {"dismounted-cavalry", UnitType::DismountedCavalry},
        {"mounted-cavalry", UnitType::MountedCavalry},
        {"machine-gun", UnitType::MachineGun},
        {"machine-guns", UnitType::MachineGun},
        {"mg", UnitType::MachineGun},
        {"artillery", UnitType::Artillery},
        {"transport", UnitType::Transport},
        {"horse-drawn-transport", UnitType::Transport},
        {"commander", UnitType::Commander},
        {"cavalry", UnitType::MountedCavalry},  // with "dismounted" after it, dismounted
    }};
    return pick(word, names);
}

std::optional<ArtilleryClass> parse_artillery_class(std::string_view word) {
    static constexpr std::array<std::pair<const char*, ArtilleryClass>, 4> names = {{
        {"heavy", ArtilleryClass::Heavy},
        {"medium", ArtilleryClass::Medium},
        {"field", ArtilleryClass::Field},
        {"mountain", ArtilleryClass::Mountain},
    }};
    return pick(word, names);
}

std::optional<Quality> parse_quality(std::string_view word) {
    static constexpr std::array<std::pair<const char*, Quality>, 3> names = {{
        {"elite", Quality::Elite}, {"average", Quality::Average}, {"poor", Quality::Poor}}};
    return pick(word, names);
}

std::optional<ShipType> parse_ship_type(std::string_view word) {
    static constexpr std::array<std::pair<const char*, ShipType>, 10> names = {{
        {"battleship", ShipType::Battleship},
        {"ironclad", ShipType::Ironclad},
        {"coastal-defence", ShipType::Ironclad},
        {"coastal-defense", ShipType::Ironclad},
        {"armoured-cruiser", ShipType::ArmouredCruiser},
        {"armored-cruiser", ShipType::ArmouredCruiser},
        {"protected-cruiser", ShipType::ProtectedCruiser},
        {"torpedo-boat", ShipType::TorpedoBoat},
        {"gunboat", ShipType::Gunboat},
        {"pre-dreadnought", ShipType::Battleship},
    }};
    return pick(word, names);
}

std::optional<Weapon> parse_weapon(std::string_view word) {
    static constexpr std::array<std::pair<const char*, Weapon>, 8> names = {{
        {"super-heavy", Weapon::SuperHeavy},
        {"heavy", Weapon::Heavy},
        {"medium", Weapon::Medium},
        {"light", Weapon::Light},
        {"very-light", Weapon::VeryLight},
        {"torpedo", Weapon::Torpedo},
        {"torpedoes", Weapon::Torpedo},
        {"mine", Weapon::Torpedo},
    }};
    return pick(word, names);
}

}  // namespace ironlog::rules::late19c
