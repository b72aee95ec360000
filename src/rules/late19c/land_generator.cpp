// Random legal land battles of the Late 19th Century rules, and land and sea together: the
// battlefield, the armies, the turn and movement (land_generator_fire.cpp: the fighting).
//
// A battlefield of 16 columns and 12 rows (13 of land and a sea of two columns for a combined
// battle): now and then a road from west to east, a river running north to south with a ford or
// two (the road crosses at one), woods, hills, built-up areas, fortifications, cover, a line of
// trenches held by one side and barbed wire between the armies. Blue comes from the west, Red
// from the east: a commander, guns (some towed by horse-drawn transport), machine guns,
// infantry and cavalry, of every quality; in a combined battle a ship or two each at sea.
// Every turn: a playing-card tile for each unit and ship; artillery fire (and the ships' guns
// and torpedoes) at what each gun reaches, then every hit resolved; each unit activated in card
// order: it moves (stopping where the rules stop it, facing an enemy it comes next to), fires,
// fights a close combat and advances when it wins, limbers or unlimbers, lays or removes wire,
// or withdraws from an enemy facing it; then each side's Exhaustion Point. A side past it
// attacks no more and moves no nearer the enemy; the battle ends when both are past it.
#include "rules/late19c/land_generator.hpp"

#include <algorithm>
#include <array>

namespace ironlog::rules::late19c {

namespace land_generation {

using geometry::hex::facing_name;
using geometry::hex::hex_name;

namespace {

constexpr int kN = 0, kNE = 1, kSE = 2, kS = 3, kSW = 4, kNW = 5;

std::string card_text(int card) {
    static const char* const ranks[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    return std::string(ranks[card / 4]) + "HCDS"[card % 4];
}

const char* unit_type_words(const Unit& u) {
    switch (u.type) {
        case UnitType::Infantry: return "infantry";
        case UnitType::DismountedCavalry: return "cavalry dismounted";
        case UnitType::MountedCavalry: return "cavalry mounted";
        case UnitType::MachineGun: return "machine-gun";
        case UnitType::Transport: return "transport";
        case UnitType::Commander: return "commander";
        case UnitType::Artillery: break;
    }
    static const char* const guns[] = {"artillery", "artillery heavy", "artillery medium", "artillery field", "artillery mountain"};
    return guns[static_cast<std::size_t>(u.gun)];
}

}  // namespace

Battle::Battle(Random& rng, int index, int choice, bool combined) : rng_(rng), index_(index), combined_(combined) {
    odd_low_ = choice & 1;
    los_either_ = choice >> 1 & 1;
    narrow_ = choice >> 2 & 1;
    failed_lose_one_ = choice >> 3 & 1;
    uphill_twice_ = choice >> 4 & 1;
    mg_any_ = choice >> 5 & 1;
    torpedo_any_ = combined && (choice >> 6 & 1);
    still_last_turn_ = combined && (choice >> 7 & 1);
    grid_ = geometry::hex::Grid(odd_low_ ? geometry::hex::Columns::OddLow : geometry::hex::Columns::EvenLow);
    if (combined) land_cols_ = 13;
}

std::string Battle::play() {
    units_.reserve(40);
    make_battlefield();
    for (int side = 0; side < 2; ++side) {
        make_army(side);
        if (combined_) make_squadron(side);
    }
    initial_ = {0, 0};
    for (const Unit& u : units_)
        if (u.on_map()) initial_[static_cast<std::size_t>(u.side)] += u.initial;
    write_terrain();
    write_order_of_battle();
    const int turns = rng_.between(3, 8);
    for (turn_ = 1; turn_ <= turns; ++turn_) {
        play_turn();
        if ((exhausted(0) && exhausted(1)) || beaten(0) || beaten(1)) break;
    }
    std::string result = beaten(0) && beaten(1) ? "both-lost" : beaten(0) ? "Red" : beaten(1) ? "Blue" : "draw";
    std::string options;
    const std::pair<bool, const char*> chosen[] = {
        {odd_low_, "hex-columns=odd-low"}, {los_either_, "los-edge=either"},    {narrow_, "frontage=narrow"},
        {failed_lose_one_, "failed-hit=lose-1"}, {uphill_twice_, "uphill=twice"}, {mg_any_, "mg-dice=any"},
        {torpedo_any_, "torpedo-dice=any"},    {still_last_turn_, "ship-still=last-turn"}};
    for (const auto& [on, text] : chosen)
        if (on) options += (options.empty() ? "" : ", ") + std::string(text);
    const int a = rng_.below(20);
    const int b = (a + 1 + rng_.below(19)) % 20;
    return generated_header(combined_ ? "Generated landing league" : "Generated field battle league", index_) +
           "[Ruleset \"late19c\"]\n[Variant \"" + (combined_ ? "combined" : "land") + "\"]\n" +
           (options.empty() ? std::string() : "[Options \"" + options + "\"]\n") + "[Side1 \"Blue\"]\n[Player1 \"" + player_name(a) +
           "\"]\n[Side2 \"Red\"]\n[Player2 \"" + player_name(b) + "\"]\n[Result \"" + result + "\"]\n" + body_.str();
}

// ---- the battlefield ------------------------------------------------------------------------------

void Battle::make_battlefield() {
    if (rng_.chance(60)) make_road();
    if (rng_.chance(50)) make_river();
    scatter("woods", rng_.between(1, 3), 4, 3, land_cols_ - 2);
    if (rng_.chance(70)) scatter(rng_.chance(50) ? "hill" : "hill 2", rng_.between(1, 2), 4, 3, land_cols_ - 2);
    if (rng_.chance(30)) scatter("built-up", 1, 2, 4, land_cols_ - 3);
    if (rng_.chance(30)) scatter("fortification", 1, 2, 3, land_cols_ - 2);
    if (rng_.chance(30)) scatter("cover", rng_.between(1, 2), 2, 3, land_cols_ - 2);
    if (rng_.chance(35)) make_trenches();
    if (rng_.chance(40)) scatter("wire", rng_.between(1, 3), 1, 5, land_cols_ - 4);
    if (!combined_) return;
    for (int col = land_cols_ + 2; col <= cols_; ++col)
        for (int row = 1; row <= rows_; ++row) {
            ground_[Hex{col, row}].sea = true;
            terrain_lines_["sea"].push_back(Hex{col, row});
        }
}

// A road from the west edge to the east edge of the land, hex to hex (Special Rules/Roads).
void Battle::make_road() {
    Hex at{1, rng_.between(4, 9)};
    road_.push_back(at);
    while (at.col < land_cols_) {
        int towards = rng_.chance(50) ? kNE : kSE;
        if (at.row <= 3) towards = kSE;
        if (at.row >= rows_ - 2) towards = kNE;
        at = grid_.neighbour(at, towards);
        road_.push_back(at);
    }
    terrain_lines_["road"] = road_;
}

// A river down one column, crossed only at its fords: where the road meets it, and one more now
// and then (Special Rules/Rivers).
void Battle::make_river() {
    const int col = rng_.between(6, land_cols_ - 6);
    std::set<int> fords;
    for (Hex h : road_)
        if (h.col == col) fords.insert(h.row);
    if (fords.empty() || rng_.chance(40)) fords.insert(rng_.between(2, rows_ - 1));
    for (int row = 1; row <= rows_; ++row) {
        Ground& g = ground_[Hex{col, row}];
        g.river = true;
        g.ford = fords.count(row) > 0;
        terrain_lines_[g.ford ? "ford" : "river"].push_back(Hex{col, row});
    }
}

// Clumps of one kind of ground: a hex and some of its neighbours, on hexes nothing else holds.
void Battle::scatter(const char* kind, int clumps, int most_size, int first_col, int last_col) {
    const std::string k = kind;
    for (int c = 0; c < clumps; ++c) {
        std::vector<Hex> clump{Hex{rng_.between(first_col, last_col), rng_.between(2, rows_ - 1)}};
        const int size = rng_.between(1, most_size);
        for (int i = 1; i < size; ++i) clump.push_back(grid_.neighbour(clump[static_cast<std::size_t>(rng_.below(i))], rng_.below(6)));
        for (Hex h : clump) {
            const bool taken = ground_.count(h) || std::find(road_.begin(), road_.end(), h) != road_.end();
            if (taken || !on_field(h) || h.col > land_cols_) continue;
            Ground& g = ground_[h];
            g.woods = k == "woods";
            g.built_up = k == "built-up";
            g.fortification = k == "fortification";
            g.cover = k == "cover";
            g.wire = k == "wire";
            g.height = k == "hill" ? 1 : k == "hill 2" ? 2 : 0;
            terrain_lines_[k].push_back(h);
        }
    }
}

// A line of trenches along the front of one side's ground, which its units hold (Special Rules/Trenches).
void Battle::make_trenches() {
    const int col = rng_.chance(50) ? 4 : land_cols_ - 3;
    const int first = rng_.between(2, rows_ - 5);
    for (int row = first; row < first + rng_.between(2, 4); ++row) {
        const Hex h{col, row};
        if (ground_.count(h) || std::find(road_.begin(), road_.end(), h) != road_.end()) continue;
        ground_[h].trench = true;
        terrain_lines_["trench"].push_back(h);
    }
}

void Battle::write_terrain() {
    static const char* const kinds[] = {"road", "river", "ford", "woods", "hill", "hill 2", "built-up", "fortification", "cover", "trench", "wire", "sea"};
    body_ << "\n";
    for (const char* kind : kinds) {
        auto it = terrain_lines_.find(kind);
        if (it == terrain_lines_.end() || it->second.empty()) continue;
        body_ << "terrain " << kind;
        for (Hex h : it->second) body_ << " " << hex_name(h);
        body_ << "\n";
    }
}

// ---- the armies -----------------------------------------------------------------------------------

void Battle::make_army(int side) {
    if (rng_.chance(75)) add_unit(side, UnitType::Commander, ArtilleryClass::None);
    for (int i = rng_.between(0, 2); i > 0; --i) {
        Unit& gun = add_unit(side, UnitType::Artillery, static_cast<ArtilleryClass>(rng_.between(1, 4)));
        if (!rng_.chance(40)) continue;
        const int gun_index = static_cast<int>(units_.size()) - 1;
        Unit& team = add_unit(side, UnitType::Transport, ArtilleryClass::None);
        team.hex = gun.hex;
        team.facing = gun.facing;
        team.holds_trench = gun.holds_trench;
        team.towing = gun_index;
        units_[static_cast<std::size_t>(gun_index)].towed_by = static_cast<int>(units_.size()) - 1;
    }
    if (rng_.chance(40)) add_unit(side, UnitType::MachineGun, ArtilleryClass::None);
    for (int i = rng_.between(3, 6); i > 0; --i) {
        const int kind = rng_.below(10);
        add_unit(side, kind < 6 ? UnitType::Infantry : kind < 8 ? UnitType::MountedCavalry : UnitType::DismountedCavalry,
                 ArtilleryClass::None);
    }
}

Unit& Battle::add_unit(int side, UnitType type, ArtilleryClass gun) {
    Unit u;
    u.side = side;
    u.alias = std::string(side == 0 ? "B" : "R") + std::to_string(1 + std::count_if(units_.begin(), units_.end(), [&](const Unit& o) {
                                                          return o.side == side;
                                                      }));
    u.type = type;
    u.gun = gun;
    u.quality = static_cast<Quality>(rng_.below(3));
    u.initial = unit_stats(type).sp;
    if (rng_.chance(20)) u.initial = rng_.between(1, u.initial + 1);  // the scenario's adjustment
    u.strength = u.initial;
    units_.push_back(u);
    Unit& placed = units_.back();
    if (type != UnitType::Transport) place(placed, side == 0 ? 1 : land_cols_ - 3, side == 0 ? 4 : land_cols_);
    return placed;
}

// A hex of the side's ground for a new unit: dry, free of wire, and shared with no friend unless
// a commander; a line of trenches is manned first.
void Battle::place(Unit& u, int first_col, int last_col) {
    std::vector<Hex> trenches;
    for (const auto& [h, g] : ground_)
        if (g.trench && h.col >= first_col && h.col <= last_col && at(h).empty()) trenches.push_back(h);
    for (int tries = 0; tries < 400; ++tries) {
        const Hex h = !trenches.empty() && u.type != UnitType::Commander && rng_.chance(60)
                          ? trenches[static_cast<std::size_t>(rng_.below(static_cast<int>(trenches.size())))]
                          : Hex{rng_.between(first_col, last_col), rng_.between(1, rows_)};
        const Ground g = ground(h);
        if (!land(h) || g.river || g.wire) continue;
        const auto here = at(h);
        if (std::any_of(here.begin(), here.end(), [&](const Unit* o) { return o != &u && !o->stacks_freely() && !u.stacks_freely(); }))
            continue;
        u.hex = h;
        u.facing = u.side == 0 ? (rng_.chance(50) ? kNE : kSE) : (rng_.chance(50) ? kNW : kSW);
        u.holds_trench = g.trench;
        return;
    }
    u.gone = true;  // no room: it does not take the field (never with this map's size)
}

// Each side's ships at sea in a combined battle: Blue's in the north heading south, Red's in the south heading north.
void Battle::make_squadron(int side) {
    const int n = side == 1 && std::none_of(units_.begin(), units_.end(), [](const Unit& u) { return u.ship; }) ? rng_.between(1, 2)
                                                                                                              : rng_.between(0, 2);
    for (int i = 0; i < n; ++i) {
        Unit s;
        s.side = side;
        s.ship = true;
        s.alias = std::string(side == 0 ? "B" : "R") + std::to_string(1 + std::count_if(units_.begin(), units_.end(), [&](const Unit& o) {
                                                              return o.side == side;
                                                          }));
        s.ship_type = static_cast<ShipType>(rng_.below(6));
        const ShipStats& stats = ship_stats(s.ship_type);
        s.main = rng_.between(1, 4);
        s.secondary = stats.secondary ? rng_.between(0, 4) : 0;
        s.tubes = s.ship_type == ShipType::TorpedoBoat || rng_.chance(30);
        s.initial = s.strength = stats.flotation;
        s.facing = side == 0 ? kS : kN;
        for (int tries = 0; tries < 100; ++tries) {
            s.hex = Hex{rng_.between(land_cols_ + 2, cols_), side == 0 ? rng_.between(1, 3) : rng_.between(rows_ - 2, rows_)};
            if (at(s.hex).empty()) break;
        }
        if (!at(s.hex).empty()) continue;
        units_.push_back(s);
    }
}

void Battle::write_order_of_battle() {
    static const char* const kShipTypes[] = {"battleship", "ironclad", "armoured-cruiser", "protected-cruiser", "torpedo-boat", "gunboat"};
    static const char* const kQualities[] = {"elite", "average", "poor"};
    for (int side = 0; side < 2; ++side) {
        body_ << (side == 0 ? "\n" : "") << "side " << (side == 0 ? "B \"Blue\"" : "R \"Red\"") << "\n";
        for (const Unit& u : units_) {
            if (u.side != side || u.gone) continue;
            body_ << (u.ship ? "ship " : "unit ") << u.alias << " \"" << (side == 0 ? "Blue " : "Red ") << u.alias.substr(1) << "\" ";
            if (u.ship) {
                body_ << kShipTypes[static_cast<std::size_t>(u.ship_type)] << " main " << u.main;
                if (u.secondary > 0) body_ << " secondary " << u.secondary;
                if (u.tubes) body_ << " torpedoes";
            } else {
                body_ << unit_type_words(u) << " " << kQualities[static_cast<std::size_t>(u.quality)];
                if (u.initial != unit_stats(u.type).sp) body_ << " sp " << u.initial;
            }
            body_ << " " << hex_name(u.hex) << "/" << facing_name(u.facing);
            if (u.towing >= 0) body_ << " towing " << units_[static_cast<std::size_t>(u.towing)].alias;
            body_ << "\n";
        }
    }
}

// ---- the turn -----------------------------------------------------------------------------------------

void Battle::play_turn() {
    body_ << "\nturn " << turn_ << "\n";
    for (Unit& u : units_) {
        u.targets_before = std::move(u.targets_now);
        u.targets_now.clear();
        u.moved_before = u.moved;
        u.moved = u.fired = u.stays = u.road_move = false;
        u.hexes_moved = 0;
        u.card = -1;
    }
    tiles();
    artillery_fire_phase();
    activation();
    exhaustion_check();
    end_turn();
}

// Turn Sequence: a playing-card tile out of the bag for each unit on the table.
void Battle::tiles() {
    body_ << "  phase tiles\n";
    std::array<int, 52> bag{};
    for (int i = 0; i < 52; ++i) bag[static_cast<std::size_t>(i)] = i;
    for (int i = 51; i > 0; --i) std::swap(bag[static_cast<std::size_t>(i)], bag[static_cast<std::size_t>(rng_.below(i + 1))]);
    std::size_t drawn = 0;
    for (Unit& u : units_) {
        if (!u.on_map()) continue;
        u.card = bag[drawn++];
        body_ << "    " << u.alias << " tile " << card_text(u.card) << "\n";
    }
}

// Turn Sequence: the tiles turned over, each unit activated in ascending card order (Ace to
// King, Hearts, Clubs, Diamonds, Spades); a gun that fired has lost its tile.
void Battle::activation() {
    body_ << "  phase activation\n";
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (units_[i].on_map() && units_[i].card >= 0) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return units_[a].card < units_[b].card; });
    for (std::size_t i : order)
        if (units_[i].on_map()) activate(units_[i]);
}

void Battle::activate(Unit& u) {
    if (u.ship) return ship_move(u);
    switch (u.type) {
        case UnitType::Commander: return commander(u);
        case UnitType::Transport: return transport(u);
        case UnitType::Artillery: return artillery_unit(u);
        default: return trooper(u);
    }
}

// Infantry, cavalry and machine guns: a close combat with an enemy next to it, fire then perhaps
// a shorter move, or a move then perhaps fire, a withdrawal from an enemy facing it, wire work.
void Battle::trooper(Unit& u) {
    if (wire_work(u)) return;
    const bool tired = exhausted(u.side);
    auto next = adjacent_enemies(u);
    if (!tired && !next.empty() && rng_.chance(60)) return close_combat(u, *next[static_cast<std::size_t>(rng_.below(static_cast<int>(next.size())))]);
    const Hex rear{u.side == 0 ? 1 : land_cols_, u.hex.row};
    if (!next.empty() && rng_.chance(35)) {
        march(u, rear, false);  // it withdraws (Movement h)
        return;
    }
    auto targets = fire_targets(u);
    if (!targets.empty() && rng_.chance(70)) {
        fire(u, *targets[static_cast<std::size_t>(rng_.below(static_cast<int>(targets.size())))]);
        if (u.on_map() && adjacent_enemies(u).empty() && rng_.chance(35)) march(u, tired ? rear : nearest_enemy_hex(u), true);
        return;
    }
    const bool then_fire = rng_.chance(40);
    if (!rng_.chance(85) || !march(u, tired ? rear : nearest_enemy_hex(u), then_fire)) return;
    next = adjacent_enemies(u);
    if (!tired && !next.empty() && rng_.chance(60)) return close_combat(u, *next[static_cast<std::size_t>(rng_.below(static_cast<int>(next.size())))]);
    targets = then_fire ? fire_targets(u) : std::vector<Unit*>{};
    if (!targets.empty()) fire(u, *targets[static_cast<std::size_t>(rng_.below(static_cast<int>(targets.size())))]);
}

// A commander goes to be with, or next to, a unit of its side that fights.
void Battle::commander(Unit& u) {
    std::vector<Unit*> friends;
    for (Unit& o : units_)
        if (o.on_map() && !o.ship && o.side == u.side && o.shoots()) friends.push_back(&o);
    if (friends.empty() || rng_.chance(40)) return;
    const Unit& f = *friends[static_cast<std::size_t>(rng_.below(static_cast<int>(friends.size())))];
    if (grid_.distance(u.hex, f.hex) > 1) march(u, f.hex, false);
}

// Special Rules/Transport: a team towing its gun takes it forward, or unlimbers it (the turn
// spent, both in the hex); a team with none goes to its side's gun without one, or limbers it.
void Battle::transport(Unit& u) {
    if (u.stays) return;
    if (u.towing >= 0) {
        Unit& gun = units_[static_cast<std::size_t>(u.towing)];
        if (nearest_enemy(u.side, u.hex) <= artillery_range(gun.gun) - 2 || rng_.chance(30)) {
            body_ << "    " << u.alias << " unlimber " << gun.alias << "\n";
            u.towing = gun.towed_by = -1;
            u.stays = gun.stays = true;
            return;
        }
        if (!exhausted(u.side)) march(u, nearest_enemy_hex(u), false);
        return;
    }
    for (Unit* gun : at(u.hex))
        if (gun->type == UnitType::Artillery && gun->side == u.side && gun->towed_by < 0 && !gun->moved && !gun->fired && !gun->stays &&
            rng_.chance(25)) {
            body_ << "    " << u.alias << " limber " << gun->alias << "\n";
            u.towing = static_cast<int>(gun - units_.data());
            gun->towed_by = static_cast<int>(&u - units_.data());
            u.stays = gun->stays = true;
            return;
        }
    for (Unit& gun : units_)
        if (gun.on_map() && !gun.ship && gun.type == UnitType::Artillery && gun.side == u.side && gun.towed_by < 0 && gun.hex != u.hex) {
            if (rng_.chance(60)) march(u, gun.hex, false);
            return;
        }
}

// A gun with nothing it reaches turns to face the nearest enemy, or moves nearer.
void Battle::artillery_unit(Unit& u) {
    if (u.towed_by >= 0 || u.stays || !artillery_targets(u).empty() || beaten(1 - u.side)) return;
    const Hex enemy = nearest_enemy_hex(u);
    const bool in_reach = grid_.distance(u.hex, enemy) <= artillery_range(u.gun);
    if (!in_reach && !exhausted(u.side) && rng_.chance(50) && march(u, enemy, false)) return;
    face(u, enemy);
}

// Special Rules/Barbed wire: now and then a unit far from the enemy stays the turn in its hex to
// lay wire there, or to remove the wire it stands in.
bool Battle::wire_work(Unit& u) {
    if (u.moved || next_to_enemy(u.hex, u.side) || !rng_.chance(5)) return false;
    const bool wired = ground(u.hex).wire;
    body_ << "    " << u.alias << (wired ? " remove-wire" : " lay-wire") << "\n";
    (wired ? wire_removed_ : wire_laid_).insert(u.hex);
    u.stays = true;
    return true;
}

// Special Rules/Exhaustion Point: each side's losses against half its SP at the start, rounded up.
void Battle::exhaustion_check() {
    body_ << "  phase exhaustion\n";
    for (int side = 0; side < 2; ++side)
        body_ << "    " << (side == 0 ? "B" : "R") << " exhaustion lost " << lost(side) << " => "
              << (exhausted(side) ? "exhausted" : "not-exhausted") << "\n";
}

void Battle::end_turn() {
    for (Hex h : wire_laid_) ground_[h].wire = true;
    for (Hex h : wire_removed_) ground_[h].wire = false;
    wire_laid_.clear();
    wire_removed_.clear();
}

// ---- movement ---------------------------------------------------------------------------------------

// Movement a, c; Woods, Rivers, Trenches: the hexes a unit may move, 1 less firing this turn,
// 1 at most from a wood, a river or a trench.
int Battle::allowance(const Unit& u, bool firing) const {
    int most = unit_stats(u.type).move - (u.fired || firing ? 1 : 0);
    const Ground g = ground(u.hex);
    if (g.woods || g.river || g.trench) most = std::min(most, 1);
    return most;
}

// Whether a unit may step from one hex into the next: land it may enter (a river only at a
// ford), no enemy there, nothing next to an enemy while withdrawing, and out of a river or
// trench it started in.
bool Battle::may_enter(const Unit& u, Hex from, Hex to, bool withdrawing) const {
    if (!land(to) || to == u.hex) return false;
    for (const Unit& o : units_)
        if (o.on_map() && o.hex == to && o.side != u.side) return false;
    if (withdrawing && next_to_enemy(to, u.side)) return false;
    const Ground a = ground(from), b = ground(to);
    return !(from == u.hex && ((a.river && b.river) || (a.trench && b.trench)));
}

// Movement g; Woods, Rivers, Trenches, Barbed wire: entering this hex stops the unit.
bool Battle::stops_in(const Unit& u, Hex from, Hex to) const {
    const Ground a = ground(from), b = ground(to);
    return (b.woods && !a.woods) || (b.river && !a.river) || (b.trench && !a.trench) || b.wire || next_to_enemy(to, u.side);
}

// Movement e and the Exhaustion Point: whether a move may end here. Only transport and
// commanders share a hex with friends (a team brings its gun); a side past its Exhaustion
// Point ends no move nearer the enemy.
bool Battle::may_end_in(const Unit& u, Hex h, Hex start) const {
    if (h == start) return false;
    if (!u.stacks_freely() || u.towing >= 0)
        for (const Unit& o : units_)
            if (o.on_map() && o.hex == h && &o != &u && o.side == u.side && !o.stacks_freely() && &o - units_.data() != u.towing) return false;
    return !exhausted(u.side) || nearest_enemy(u.side, h) >= nearest_enemy(u.side, start);
}

// A path of up to `most` hexes towards `goal`, each into a hex it may enter, stopping where the
// rules stop it; now and then a step aside.
std::vector<Hex> Battle::plan_move(const Unit& u, int most, Hex goal) const {
    const bool withdrawing = next_to_enemy(u.hex, u.side);
    std::vector<Hex> path;
    Hex at = u.hex;
    for (int step = 0; step < most; ++step) {
        std::vector<Hex> nearer, aside;
        for (int f = 0; f < 6; ++f) {
            const Hex n = grid_.neighbour(at, f);
            if (!may_enter(u, at, n, withdrawing) || std::find(path.begin(), path.end(), n) != path.end()) continue;
            (grid_.distance(n, goal) < grid_.distance(at, goal) ? nearer : aside).push_back(n);
        }
        std::vector<Hex>& from = !nearer.empty() && !rng_.chance(15) ? nearer : aside;
        if (from.empty() || (&from == &aside && !rng_.chance(30))) break;
        const Hex n = from[static_cast<std::size_t>(rng_.below(static_cast<int>(from.size())))];
        path.push_back(n);
        if (stops_in(u, at, n)) break;
        at = n;
    }
    return path;
}

// Special Rules/Roads: a move along the road all the way, one hex more than the allowance.
std::vector<Hex> Battle::plan_road_move(const Unit& u, int most, Hex goal) const {
    std::vector<Hex> path;
    auto here = std::find(road_.begin(), road_.end(), u.hex);
    if (here == road_.end() || next_to_enemy(u.hex, u.side)) return path;
    const bool east = grid_.distance(road_.back(), goal) < grid_.distance(road_.front(), goal);
    Hex at = u.hex;
    for (auto i = here; static_cast<int>(path.size()) < most;) {
        if (east ? i + 1 == road_.end() : i == road_.begin()) break;
        i = east ? i + 1 : i - 1;
        if (!may_enter(u, at, *i, false)) break;
        path.push_back(*i);
        if (stops_in(u, at, *i)) break;
        at = *i;
    }
    return path;
}

// A move towards `goal` (along the road now and then), cut back to a hex it may end in.
// Returns whether the unit moved.
bool Battle::march(Unit& u, Hex goal, bool firing) {
    if (u.moved || u.stays || u.towed_by >= 0) return false;
    const int most = allowance(u, firing);
    if (most <= 0) return false;
    const Ground g = ground(u.hex);
    bool road = !g.woods && !g.river && !g.trench && rng_.chance(50);
    std::vector<Hex> path = road ? plan_road_move(u, most + 1, goal) : std::vector<Hex>{};
    if (path.empty()) road = false, path = plan_move(u, most, goal);
    while (!path.empty() && !may_end_in(u, path.back(), u.hex)) path.pop_back();
    if (path.empty()) return false;
    move(u, path, road);
    return true;
}

// The move written and played: next to an enemy it faces one of them (Movement g), else the
// nearest enemy now and then; a team takes its gun along.
void Battle::move(Unit& u, const std::vector<Hex>& path, bool on_road) {
    const Hex end = path.back();
    const Hex before = path.size() > 1 ? path[path.size() - 2] : u.hex;
    u.facing = *grid_.direction(before, end);
    const Unit* close = nullptr;
    for (const Unit& o : units_)
        if (o.on_map() && o.side != u.side && grid_.adjacent(o.hex, end)) close = &o;
    if (close) u.facing = *grid_.direction(end, close->hex);
    else if (nearest_enemy_hex(u) != u.hex && (u.type == UnitType::Artillery || rng_.chance(70)))
        u.facing = facing_towards(end, nearest_enemy_hex(u));
    body_ << "    " << u.alias << " move";
    for (Hex h : path) body_ << " " << hex_name(h);
    body_ << "/" << facing_name(u.facing) << "\n";
    u.hex = end;
    u.moved = true;
    u.hexes_moved = static_cast<int>(path.size());
    u.road_move = on_road;
    u.holds_trench = false;
    if (u.towing >= 0) units_[static_cast<std::size_t>(u.towing)].hex = end, units_[static_cast<std::size_t>(u.towing)].facing = u.facing;
}

// A turn in place towards a hex (Movement d: a unit always faces an edge).
void Battle::face(Unit& u, Hex towards) {
    const int f = facing_towards(u.hex, towards);
    if (f == u.facing || towards == u.hex) return;
    body_ << "    " << u.alias << " face " << facing_name(f) << "\n";
    u.facing = f;
}

int Battle::facing_towards(Hex from, Hex to) const {
    int best = 0;
    for (int f = 1; f < 6; ++f)
        if (grid_.off_facing(from, f, to) < grid_.off_facing(from, best, to)) best = f;
    return best;
}

// A ship in a combined battle moves in its card's turn: straight on along its column, into no
// ship's hex; breaking off, or past its side's Exhaustion Point, it stays.
void Battle::ship_move(Unit& s) {
    if (s.broke_off || exhausted(s.side) || !rng_.chance(70)) return;
    const int dir = s.facing == kS ? 1 : -1;
    const int most = rng_.between(1, ship_stats(s.ship_type).move);
    int steps = 0;
    for (int k = 1; k <= most; ++k) {
        const Hex h{s.hex.col, s.hex.row + k * dir};
        if (!on_field(h) || !at(h).empty()) break;
        steps = k;
    }
    if (steps == 0) return;
    body_ << "    " << s.alias << " move";
    for (int k = 1; k <= steps; ++k) body_ << " " << hex_name(Hex{s.hex.col, s.hex.row + k * dir});
    body_ << "/" << facing_name(s.facing) << "\n";
    s.hex.row += steps * dir;
    s.moved = true;
}

// ---- the ground, and who is where --------------------------------------------------------------------

Ground Battle::ground(Hex h) const {
    auto it = ground_.find(h);
    return it == ground_.end() ? Ground{} : it->second;
}

bool Battle::on_field(Hex h) const { return h.col >= 1 && h.col <= cols_ && h.row >= 1 && h.row <= rows_; }

bool Battle::land(Hex h) const {
    const Ground g = ground(h);
    return on_field(h) && h.col <= land_cols_ && !g.sea && (!g.river || g.ford);
}

// Woods, built-up areas and fortifications (and trenches, which the book counts among them):
// fire goes 1 hex into them, and out only from their edge.
bool Battle::dense(Hex h) const {
    const Ground g = ground(h);
    return g.woods || g.built_up || g.fortification || g.trench;
}

// The target "in cover or fortifications".
bool Battle::covered(Hex h) const {
    const Ground g = ground(h);
    return g.woods || g.built_up || g.fortification || g.cover || g.trench;
}

// Direct line of sight (Definitions): the line from centre to centre, its ends left out,
// obscured by no cover and no hill higher than both ends; along an edge, by the hexes on both
// sides (or either, los-edge=either).
bool Battle::sight_clear(Hex from, Hex to) const {
    const int top = std::max(ground(from).height, ground(to).height);
    auto obscures = [&](Hex h) {
        const Ground g = ground(h);
        return g.woods || g.built_up || g.fortification || g.cover || g.height > top;
    };
    for (const auto& c : grid_.line(from, to)) {
        const bool one = obscures(c.hex), other = c.other && obscures(*c.other);
        if (c.other ? (los_either_ ? one || other : one && other) : one) return false;
    }
    return true;
}

// Firing out of woods, built-up areas and fortifications only from their edge (Artillery Fire
// Phase; Fire Phase f): the first hex the line crosses is none of them.
bool Battle::fires_out(Hex from, Hex to) const {
    const auto line = grid_.line(from, to);
    if (!dense(from) || line.empty()) return true;
    return !dense(line.front().hex) && !(line.front().other && dense(*line.front().other));
}

// Fire Phase e: 1 hex into woods, built-up areas and fortifications, so none on the way.
bool Battle::fires_into(Hex from, Hex to) const {
    for (const auto& c : grid_.line(from, to))
        if (dense(c.hex) || (c.other && dense(*c.other))) return false;
    return true;
}

std::vector<Unit*> Battle::at(Hex h) {
    std::vector<Unit*> out;
    for (Unit& u : units_)
        if (u.on_map() && u.hex == h) out.push_back(&u);
    return out;
}

bool Battle::next_to_enemy(Hex h, int side) const {
    return std::any_of(units_.begin(), units_.end(), [&](const Unit& o) { return o.on_map() && o.side != side && grid_.adjacent(o.hex, h); });
}

std::vector<Unit*> Battle::adjacent_enemies(const Unit& u) {
    std::vector<Unit*> out;
    for (Unit& o : units_)
        if (o.on_map() && !o.ship && o.side != u.side && grid_.adjacent(o.hex, u.hex)) out.push_back(&o);
    return out;
}

int Battle::nearest_enemy(int side, Hex h) const {
    int best = 1 << 20;
    for (const Unit& o : units_)
        if (o.on_map() && o.side != side) best = std::min(best, grid_.distance(o.hex, h));
    return best;
}

Hex Battle::nearest_enemy_hex(const Unit& u) const {
    Hex best = u.hex;
    int d = 1 << 20;
    for (const Unit& o : units_)
        if (o.on_map() && !o.ship && o.side != u.side && grid_.distance(o.hex, u.hex) < d) d = grid_.distance(o.hex, u.hex), best = o.hex;
    return best;
}

bool Battle::commander_near(const Unit& u) const {
    return std::any_of(units_.begin(), units_.end(), [&](const Unit& o) {
        return &o != &u && o.on_map() && !o.ship && o.type == UnitType::Commander && o.side == u.side && grid_.distance(o.hex, u.hex) <= 1;
    });
}

// Whether a hex next to a unit lies across its front: the facing edge and the two beside it,
// or the facing edge alone (frontage=narrow).
bool Battle::is_front(const Unit& defender, Hex from) const {
    const int steps = geometry::hex::facing_steps(*grid_.direction(defender.hex, from), defender.facing);
    return narrow_ ? steps == 0 : steps <= 1;
}

int Battle::lost(int side) const {
    int n = 0;
    for (const Unit& u : units_)
        if (u.side == side) n += u.initial - u.strength;
    return n;
}

bool Battle::exhausted(int side) const { return lost(side) >= (initial_[static_cast<std::size_t>(side)] + 1) / 2; }

bool Battle::beaten(int side) const {
    return std::none_of(units_.begin(), units_.end(), [&](const Unit& u) { return u.on_map() && u.side == side; });
}

}  // namespace land_generation

std::string generate_land_battle(Random& rng, int index, int choice, bool combined) {
    land_generation::Battle battle(rng, index, choice, combined);
    return battle.play();
}

}  // namespace ironlog::rules::late19c
