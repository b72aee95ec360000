// Random legal land battles of the Late 19th Century rules ([Variant "land"]), and land and sea
// together ([Variant "combined"]): the generator's battle, shared by land_generator.cpp (the
// battlefield, the armies, the turn, movement) and land_generator_fire.cpp (artillery fire,
// fire, close combat, hits, the ships' guns). Internal to src/rules/late19c: generator.cpp
// chooses which battle a game is.
#pragma once

#include "check/generate.hpp"
#include "geometry/hex.hpp"
#include "rules/late19c/tables.hpp"

#include <map>
#include <ostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace ironlog::rules::late19c {

// Game `index` of a league: a land battle, or with `combined` land and sea together; the
// bits of `choice` pick the options (every combination in turn).
std::string generate_land_battle(Random& rng, int index, int choice, bool combined);

// generator.cpp, for both: the word a hit roll names its row of the hits-on-ships table by, and a
// torpedo's dice and claim (returns the hits).
const char* weapon_word(Weapon w);
int torpedo_dice(Random& rng, bool any, std::ostream& out);

namespace land_generation {

using geometry::hex::Hex;

// What the generated map declares in a hex.
struct Ground {
    bool woods = false, built_up = false, fortification = false, cover = false;
    bool river = false, ford = false, trench = false, wire = false, sea = false;
    int height = 0;
};

// A unit, or in a combined battle a ship (each ship is treated as a unit).
struct Unit {
    std::string alias;
    int side = 0;  // 0 Blue (from the west), 1 Red (from the east)
    bool ship = false;
    UnitType type = UnitType::Infantry;
    ArtilleryClass gun = ArtilleryClass::None;
    Quality quality = Quality::Average;
    ShipType ship_type = ShipType::Gunboat;
    int main = 0, secondary = 0;
    bool tubes = false;
    int torpedoes_fired = 0;
    int initial = 0, strength = 0;  // SP, or FP for a ship
    Hex hex;
    int facing = 0;
    bool gone = false, sinking = false, broke_off = false;
    int broke_off_turn = 0;
    int towing = -1, towed_by = -1;  // the gun a transport tows, the transport towing a gun
    bool holds_trench = false;       // set up in a trench: holding it, not crossing it
    // this turn
    int card = -1;  // its tile (rank * 4 + suit), -1 none or removed
    bool moved = false, moved_before = false, fired = false, stays = false;
    int hexes_moved = 0;
    bool road_move = false;
    std::set<std::string> targets_now, targets_before;
    std::vector<std::optional<Weapon>> hits;  // waiting for their rolls (a ship's: the row)

    bool on_map() const { return !gone; }
    bool shoots() const {  // rifles, carbines or machine guns
        return !ship && (type == UnitType::Infantry || type == UnitType::DismountedCavalry || type == UnitType::MountedCavalry ||
                         type == UnitType::MachineGun);
    }
    bool stacks_freely() const { return !ship && (type == UnitType::Transport || type == UnitType::Commander); }
};

class Battle {
public:
    Battle(Random& rng, int index, int choice, bool combined);
    std::string play();

private:
    // ---- land_generator.cpp: the battlefield, the armies, the turn, movement ----
    void make_battlefield();
    void make_road();
    void make_river();
    void scatter(const char* kind, int clumps, int most_size, int first_col, int last_col);
    void make_trenches();
    void write_terrain();
    void make_army(int side);
    Unit& add_unit(int side, UnitType type, ArtilleryClass gun);
    void place(Unit& u, int first_col, int last_col);
    void make_squadron(int side);
    void write_order_of_battle();
    void play_turn();
    void tiles();
    void activation();
    void activate(Unit& u);
    void trooper(Unit& u);
    void commander(Unit& u);
    void transport(Unit& u);
    void artillery_unit(Unit& u);
    bool wire_work(Unit& u);
    void exhaustion_check();
    void end_turn();
    // movement
    int allowance(const Unit& u, bool firing) const;
    std::vector<Hex> plan_move(const Unit& u, int most, Hex goal) const;
    std::vector<Hex> plan_road_move(const Unit& u, int most, Hex goal) const;
    bool may_enter(const Unit& u, Hex from, Hex to, bool withdrawing) const;
    bool stops_in(const Unit& u, Hex from, Hex to) const;
    bool may_end_in(const Unit& u, Hex h, Hex start) const;
    bool march(Unit& u, Hex goal, bool firing);
    void move(Unit& u, const std::vector<Hex>& path, bool on_road);
    void face(Unit& u, Hex towards);
    int facing_towards(Hex from, Hex to) const;
    void ship_move(Unit& s);

    // ---- the ground, and who is where ----
    Ground ground(Hex h) const;
    bool on_field(Hex h) const;
    bool land(Hex h) const;  // a land unit may stand there
    bool dense(Hex h) const;
    bool covered(Hex h) const;
    bool sight_clear(Hex from, Hex to) const;
    bool fires_out(Hex from, Hex to) const;
    bool fires_into(Hex from, Hex to) const;
    std::vector<Unit*> at(Hex h);
    bool next_to_enemy(Hex h, int side) const;
    std::vector<Unit*> adjacent_enemies(const Unit& u);
    int nearest_enemy(int side, Hex h) const;
    Hex nearest_enemy_hex(const Unit& u) const;
    bool commander_near(const Unit& u) const;
    bool is_front(const Unit& defender, Hex from) const;
    bool exhausted(int side) const;
    int lost(int side) const;
    bool beaten(int side) const;

    // ---- land_generator_fire.cpp: artillery fire, fire, close combat, hits ----
    void artillery_fire_phase();
    std::vector<Unit*> artillery_targets(const Unit& gun);
    void artillery_fire(Unit& gun, Unit& target);
    void naval_gunfire(Unit& ship, bool main);
    void torpedo(Unit& ship);
    std::string land_shot(int where, Hex target, Hex from, std::optional<Weapon> row);
    std::vector<Unit*> fire_targets(const Unit& u);
    bool may_fire(const Unit& u) const;
    void fire(Unit& u, Unit& target);
    void close_combat(Unit& attacker, Unit& defender);
    int close_combat_modifiers(const Unit& me, const Unit& enemy, bool defending, std::string& written) const;
    void advance(Unit& winner, Hex into);
    void hit(Unit& u, std::optional<Weapon> row);
    void resolve_hits();
    void resolve_hits(Unit& u);
    void hit_on_unit(Unit& u);
    void hit_on_ship(Unit& s, Weapon row);
    std::vector<Hex> retreats(const Unit& u);
    void lose(Unit& u, int amount);

    Random& rng_;
    int index_;
    bool combined_;
    // the options (docs/rules/late19c.md), from the bits of the game's choice
    bool odd_low_ = false, los_either_ = false, narrow_ = false, failed_lose_one_ = false, uphill_twice_ = false, mg_any_ = false;
    bool torpedo_any_ = false, still_last_turn_ = false;
    geometry::hex::Grid grid_;
    int cols_ = 16, rows_ = 12, land_cols_ = 16;  // the map; land units keep to columns up to land_cols_
    std::map<Hex, Ground> ground_;
    std::vector<Hex> road_;
    std::map<std::string, std::vector<Hex>> terrain_lines_;  // kind -> hexes, for the terrain lines
    std::vector<Unit> units_;  // reserved once: indices and pointers stay
    std::vector<int> initial_;  // each side's SP (and FP) when the battle began
    std::set<Hex> wire_laid_, wire_removed_;
    int turn_ = 0;
    std::ostringstream body_;
};

}  // namespace land_generation

}  // namespace ironlog::rules::late19c
