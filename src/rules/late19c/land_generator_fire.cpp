// Random legal land battles of the Late 19th Century rules: the fighting. Artillery fire (and in
// a combined battle the ships' guns and torpedoes beside it), the units' fire, close combat and
// the advance after it, and every hit resolved: a unit's on its quality, a ship's on the
// hits-on-ships table. (land_generator.cpp: the battlefield, the armies, the turn, movement.)
#include "rules/late19c/land_generator.hpp"

#include <algorithm>

namespace ironlog::rules::late19c {


namespace land_generation {

using geometry::hex::facing_name;
using geometry::hex::hex_name;

namespace {

// Where a shot lands for its modified score (Artillery Fire Phase; Firing Guns f): 0 on the
// target hex (5 or more), 1 in front (2 or 4), 2 behind (1 or 3), -1 nowhere (under 1).
int landing(int score) { return score >= 5 ? 0 : score == 2 || score == 4 ? 1 : score >= 1 ? 2 : -1; }

// A modifier as written after the dice: " +2(direct)".
std::string modifier(int value, const char* why) { return std::string(" ") + (value > 0 ? "+" : "") + std::to_string(value) + "(" + why + ")"; }

template <class T>
T& any_of(std::vector<T>& v, Random& rng) {
    return v[static_cast<std::size_t>(rng.below(static_cast<int>(v.size())))];
}

}  // namespace

// ---- the Artillery Fire Phase ---------------------------------------------------------------------

// Every gun that reaches a target may fire; in a combined battle the ships fire their guns and
// torpedoes beside them (Turn Sequence (Ground and Naval Combat)). The fire is simultaneous:
// the hits are resolved after it all, and a ship brought to 0 FP sinks once it is over.
void Battle::artillery_fire_phase() {
    body_ << "  phase artillery\n";
    for (Unit& gun : units_) {
        if (!gun.on_map() || gun.ship || gun.type != UnitType::Artillery || gun.towed_by >= 0) continue;
        auto targets = artillery_targets(gun);
        if (!targets.empty() && rng_.chance(85)) artillery_fire(gun, *any_of(targets, rng_));
    }
    for (Unit& s : units_) {
        if (!s.on_map() || !s.ship || (s.broke_off && s.broke_off_turn < turn_)) continue;
        naval_gunfire(s, true);
        if (s.secondary > 0) naval_gunfire(s, false);
    }
    for (Unit& s : units_)
        if (s.on_map() && s.ship && s.tubes && !(s.broke_off && s.broke_off_turn < turn_)) torpedo(s);
    resolve_hits();
    for (Unit& s : units_)
        if (s.sinking) s.gone = true, s.sinking = false;
}

// What a gun reaches: enemy units (and ships, for heavy and medium guns, which have rows of the
// hits-on-ships table) within its range, in its arc of 30 degrees either side of its facing,
// firing out of woods, built-up areas or fortifications only from their edge.
std::vector<Unit*> Battle::artillery_targets(const Unit& gun) {
    std::vector<Unit*> out;
    const bool rows = gun.gun == ArtilleryClass::Heavy || gun.gun == ArtilleryClass::Medium;
    for (Unit& t : units_) {
        if (!t.on_map() || t.side == gun.side || (t.ship && !rows)) continue;
        const int range = grid_.distance(gun.hex, t.hex);
        if (range >= 1 && range <= artillery_range(gun.gun) && grid_.in_arc(gun.hex, gun.facing, t.hex, 30) && fires_out(gun.hex, t.hex))
            out.push_back(&t);
    }
    return out;
}

// A gun fires (and loses its tile): the landing die with its modifiers, where the shot lands.
void Battle::artillery_fire(Unit& gun, Unit& target) {
    gun.fired = true;
    gun.card = -1;
    std::string mods;
    int total = 0;
    if (covered(target.hex)) total -= 1, mods += modifier(-1, "cover");
    if (sight_clear(gun.hex, target.hex)) total += 2, mods += modifier(2, "direct");
    if (gun.targets_before.count(target.alias)) total += 1, mods += modifier(1, "same target");
    if (commander_near(gun)) total += 1, mods += modifier(1, "commander");
    gun.targets_now.insert(target.alias);
    const int die = rng_.d6();
    std::optional<Weapon> row;
    if (gun.gun == ArtilleryClass::Heavy) row = Weapon::Heavy;
    if (gun.gun == ArtilleryClass::Medium) row = Weapon::Medium;
    const Hex target_hex = target.hex;
    body_ << "    " << gun.alias << " fire " << target.alias << " d6: " << die << mods << " => "
          << land_shot(landing(die + total), target_hex, gun.hex, row) << "\n";
}

// A ship's guns (Firing Guns): at an enemy unit or ship in range (a ship only in direct line of
// sight), a die per gun up to four, each landing where its score puts it.
void Battle::naval_gunfire(Unit& ship, bool main) {
    const Weapon w = main ? ship_stats(ship.ship_type).main : *ship_stats(ship.ship_type).secondary;
    std::vector<Unit*> targets;
    for (Unit& t : units_)
        if (t.on_map() && t.side != ship.side && grid_.distance(ship.hex, t.hex) <= gun_range(w) && (!t.ship || sight_clear(ship.hex, t.hex)))
            targets.push_back(&t);
    if (targets.empty() || !rng_.chance(80)) return;
    Unit& target = *any_of(targets, rng_);
    std::string mods;
    int total = 0;
    if (covered(target.hex)) total -= 1, mods += modifier(-1, "cover");
    if (sight_clear(ship.hex, target.hex)) total += 2, mods += modifier(2, "direct");
    if (ship.targets_before.count(target.alias)) total += 1, mods += modifier(1, "same target");
    if (!still_last_turn_ || !ship.moved_before) total += 1, mods += modifier(1, "still");
    ship.targets_now.insert(target.alias);
    const int dice = std::min(main ? ship.main : ship.secondary, kMaxGunDice);
    std::vector<int> faces;
    for (int i = 0; i < dice; ++i) faces.push_back(rng_.d6());
    body_ << "    " << ship.alias << " fire " << (main ? "main " : "secondary ") << target.alias << " " << (dice > 1 ? std::to_string(dice) : "") << "d6:";
    for (int f : faces) body_ << " " << f;
    body_ << mods << " =>";
    const Hex target_hex = target.hex;
    for (int f : faces) body_ << " " << land_shot(landing(f + total), target_hex, ship.hex, w);
    body_ << "\n";
}

// Firing Torpedoes: at the first ship dead ahead within 3 hexes, when it is an enemy; 3 D6.
void Battle::torpedo(Unit& ship) {
    if (ship.torpedoes_fired >= kTorpedoesPerBattle) return;
    Unit* first = nullptr;
    for (int k = 1; k <= kTorpedoRange && !first; ++k) {
        const auto there = at(Hex{ship.hex.col, ship.hex.row + (ship.facing == 3 ? k : -k)});
        if (!there.empty()) first = there.front();
    }
    if (!first || first->side == ship.side || !rng_.chance(70)) return;
    ++ship.torpedoes_fired;
    body_ << "    " << ship.alias << " torpedo " << first->alias;
    const int hits = torpedo_dice(rng_, torpedo_any_, body_);
    for (int i = 0; i < hits; ++i) hit(*first, Weapon::Torpedo);
}

// Where one shot lands and what it hits: the target hex, the hex in front of it (on the line of
// fire's side) or behind it; where the line meets it at a corner the claim names one of the two.
// Every unit and ship there is hit, friends too, each once (a towed gun by its team's hit).
std::string Battle::land_shot(int where, Hex target, Hex from, std::optional<Weapon> row) {
    if (where < 0) return "none";
    const std::vector<Hex> options = where == 0 ? std::vector<Hex>{target} : where == 1 ? grid_.in_front(target, from) : grid_.behind(target, from);
    const Hex lands = options[static_cast<std::size_t>(rng_.below(static_cast<int>(options.size())))];
    for (Unit* u : at(lands))
        if (u->towed_by < 0) hit(*u, row);
    const std::string word = where == 0 ? "on" : where == 1 ? "front" : "behind";
    return options.size() > 1 ? word + " " + hex_name(lands) : word;
}

// ---- the Fire Phase ------------------------------------------------------------------------------------

// Whether a unit may fire now (Fire Phase b; Movement c; Rivers; Trenches): rifles, carbines or
// machine guns, once a turn, not in a river nor crossing a trench, having moved 1 hex less
// than it may.
bool Battle::may_fire(const Unit& u) const {
    if (!u.shoots() || u.fired || u.stays) return false;
    const Ground g = ground(u.hex);
    if (g.river || (g.trench && !u.holds_trench)) return false;
    return !u.moved || u.hexes_moved <= unit_stats(u.type).move - 1 + (u.road_move ? 1 : 0);
}

// What a unit's fire reaches (Fire Phase a, c-f; Woods): enemy units 3 hexes off (1 within a
// wood), in its arc of 60 degrees either side of its facing, in direct line of sight, 1 hex
// into woods, built-up areas and fortifications, out of them only from their edge.
std::vector<Unit*> Battle::fire_targets(const Unit& u) {
    std::vector<Unit*> out;
    if (!may_fire(u)) return out;
    for (Unit& t : units_) {
        if (!t.on_map() || t.ship || t.side == u.side) continue;
        const int range = grid_.distance(u.hex, t.hex);
        const int reach = ground(u.hex).woods && ground(t.hex).woods ? 1 : kSmallArmsRange;
        if (range >= 1 && range <= reach && grid_.in_arc(u.hex, u.facing, t.hex, 60) && fires_out(u.hex, t.hex) && fires_into(u.hex, t.hex) &&
            sight_clear(u.hex, t.hex))
            out.push_back(&t);
    }
    return out;
}

// A unit fires (Fire Phase g): one D6 (three for machine guns) with the modifiers, each 5 or
// more a hit on every enemy unit in the target hex (mg-dice=any: one at most); the hits resolved.
void Battle::fire(Unit& u, Unit& target) {
    u.fired = true;
    std::string mods;
    int total = 0;
    if (covered(target.hex)) total -= 1, mods += modifier(-1, "cover");
    if (!u.moved) total += 1, mods += modifier(1, "still");
    if (commander_near(u)) total += 1, mods += modifier(1, "commander");
    const bool mg = u.type == UnitType::MachineGun;
    int hits = 0;
    body_ << "    " << u.alias << " fire " << target.alias << " " << (mg ? "3d6:" : "d6:");
    for (int i = 0; i < (mg ? 3 : 1); ++i) {
        const int f = rng_.d6();
        body_ << " " << f;
        hits += f + total >= 5;
    }
    if (mg_any_) hits = std::min(hits, 1);
    body_ << mods << " => " << (!mg ? (hits ? "hit" : "miss") : hits == 0 ? "miss" : hits == 1 ? "1 hit" : std::to_string(hits) + " hits") << "\n";
    for (Unit* t : at(target.hex))
        if (t->side != u.side && t->towed_by < 0)
            for (int i = 0; i < hits; ++i) hit(*t, std::nullopt);
    resolve_hits();
}

// ---- Close Combat ---------------------------------------------------------------------------------------

// Both sides roll a D6 with their modifiers against their type's score (Close Combat c); each
// hit resolved; an infantry or cavalry winner may advance into the hex the enemy left and fight
// again from there (Close Combat d).
void Battle::close_combat(Unit& attacker, Unit& defender) {
    std::string attack_mods, defence_mods;
    const int attack = close_combat_modifiers(attacker, defender, false, attack_mods);
    const int defence = close_combat_modifiers(defender, attacker, true, defence_mods);
    const int a = rng_.d6(), d = rng_.d6();
    const bool attacker_hits = a + attack >= unit_stats(attacker.type).close_combat;
    const bool defender_hits = d + defence >= unit_stats(defender.type).close_combat;
    body_ << "    " << attacker.alias << " assault " << defender.alias << " d6: " << a << attack_mods << " => " << (attacker_hits ? "hit" : "miss")
          << "\n";
    body_ << "    " << defender.alias << " defend " << attacker.alias << " d6: " << d << defence_mods << " => " << (defender_hits ? "hit" : "miss")
          << "\n";
    const Hex held = defender.hex, from = attacker.hex;
    if (attacker_hits) hit(defender, std::nullopt);
    if (defender_hits) hit(attacker, std::nullopt);
    resolve_hits();
    const bool foot_or_horse = attacker.type == UnitType::Infantry || attacker.type == UnitType::DismountedCavalry ||
                               attacker.type == UnitType::MountedCavalry;
    if (!attacker.on_map() || attacker.hex != from || !foot_or_horse || exhausted(attacker.side) || !at(held).empty() || !rng_.chance(70)) return;
    advance(attacker, held);
    auto next = adjacent_enemies(attacker);
    if (!next.empty() && rng_.chance(40)) close_combat(attacker, *any_of(next, rng_));
}

// The roller's modifiers (Close Combat c; Hills, Rivers, Woods, Trenches): +1 attacking a flank
// or rear, -1 attacked there; +1 a commander with or next to it; -1 the enemy uphill, in cover or
// in fortifications (once); -1 more attacking uphill with uphill=twice; -1 in a river or crossing
// a trench; +1 in a wood.
int Battle::close_combat_modifiers(const Unit& me, const Unit& enemy, bool defending, std::string& written) const {
    int total = 0;
    const bool flank = !is_front(defending ? me : enemy, defending ? enemy.hex : me.hex);
    if (flank) total += defending ? -1 : 1, written += modifier(defending ? -1 : 1, "flank");
    if (commander_near(me)) total += 1, written += modifier(1, "commander");
    const Ground mine = ground(me.hex), theirs = ground(enemy.hex);
    const bool uphill = theirs.height > mine.height;
    if (uphill || covered(enemy.hex)) total -= 1, written += modifier(-1, uphill ? "uphill" : "cover");
    if (uphill_twice_ && !defending && uphill) total -= 1, written += modifier(-1, "hill");
    if (mine.river) total -= 1, written += modifier(-1, "river");
    if (mine.trench && !me.holds_trench) total -= 1, written += modifier(-1, "trench");
    if (mine.woods) total += 1, written += modifier(1, "woods");
    return total;
}

// The winner moves into the hex the enemy held, facing an enemy next to it if any.
void Battle::advance(Unit& winner, Hex into) {
    winner.facing = *grid_.direction(winner.hex, into);
    for (const Unit& o : units_)
        if (o.on_map() && o.side != winner.side && grid_.adjacent(o.hex, into)) winner.facing = *grid_.direction(into, o.hex);
    body_ << "    " << winner.alias << " advance " << hex_name(into) << "/" << facing_name(winner.facing) << "\n";
    winner.hex = into;
    winner.holds_trench = false;
}

// ---- resolving hits ---------------------------------------------------------------------------------------

// A hit on a unit or ship; one on a horse-drawn transport is one on the gun it tows too (Transport).
void Battle::hit(Unit& u, std::optional<Weapon> row) {
    u.hits.push_back(row);
    if (u.towing >= 0) units_[static_cast<std::size_t>(u.towing)].hits.push_back(row);
}

void Battle::resolve_hits() {
    for (Unit& u : units_) resolve_hits(u);
}

// Each hit by its own roll; a unit destroyed has no more to resolve, a sinking ship rolls on.
void Battle::resolve_hits(Unit& u) {
    auto hits = std::move(u.hits);
    u.hits.clear();
    for (const auto& row : hits) {
        if (u.gone) break;
        if (u.ship) hit_on_ship(u, *row);
        else hit_on_unit(u);
    }
}

// Resolving hits on Units: a D6 against the quality's score; a unit that survives retreats 1
// hex or loses 1 SP (its owner's choice; one that stays the turn, limbering or working wire,
// loses the SP); one that does not is destroyed, or loses 1 SP with failed-hit=lose-1.
void Battle::hit_on_unit(Unit& u) {
    const int die = rng_.d6();
    std::string outcome;
    if (die >= hit_survival(u.quality)) {
        auto to = u.stays ? std::vector<Hex>{} : retreats(u);
        if (!to.empty() && rng_.chance(50)) {
            const Hex h = any_of(to, rng_);
            outcome = "retreat " + hex_name(h) + "/" + facing_name(u.facing);
            u.hex = h;
            u.holds_trench = false;
            if (u.towing >= 0) units_[static_cast<std::size_t>(u.towing)].hex = h;
            if (u.towed_by >= 0) units_[static_cast<std::size_t>(u.towed_by)].hex = h;
        } else {
            outcome = "lose 1";
            lose(u, 1);
        }
    } else if (failed_lose_one_) {
        outcome = "lose 1";
        lose(u, 1);
    } else {
        outcome = "destroyed";
        lose(u, u.strength);
    }
    body_ << "    " << u.alias << " hit d6: " << die << " => " << outcome << "\n";
}

// Resolving hits on Ships: the table's FP lost, or minor damage; at the Critical Point the ship
// breaks off, at 0 it sinks once the firing is over.
void Battle::hit_on_ship(Unit& s, Weapon row) {
    const int die = rng_.d6();
    const int loss = ship_hit_loss(row, s.ship_type, die);
    body_ << "    " << s.alias << " hit " << weapon_word(row) << " d6: " << die << " => " << (loss == 0 ? std::string("minor") : std::to_string(loss))
          << "\n";
    s.strength = std::max(0, s.strength - loss);
    if (s.strength == 0) s.sinking = true;
    else if (s.strength <= ship_stats(s.ship_type).critical && !s.broke_off) s.broke_off = true, s.broke_off_turn = turn_;
}

// Definitions/Retreat: an adjacent empty hex, not next to an enemy.
std::vector<Hex> Battle::retreats(const Unit& u) {
    std::vector<Hex> out;
    for (int f = 0; f < 6; ++f) {
        const Hex h = grid_.neighbour(u.hex, f);
        if (land(h) && at(h).empty() && !next_to_enemy(h, u.side)) out.push_back(h);
    }
    return out;
}

void Battle::lose(Unit& u, int amount) {
    u.strength = std::max(0, u.strength - amount);
    if (u.strength > 0) return;
    u.gone = true;
    if (u.towing >= 0) units_[static_cast<std::size_t>(u.towing)].towed_by = -1;
    if (u.towed_by >= 0) units_[static_cast<std::size_t>(u.towed_by)].towing = -1;
    u.towing = u.towed_by = -1;
}

}  // namespace land_generation

}  // namespace ironlog::rules::late19c
