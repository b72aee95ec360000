// Random legal battles of the Late 19th Century rules: one game in three a naval battle ([Variant
// "naval"], here), one a land battle and one land and sea together (land_generator.cpp). A naval
// battle is two squadrons of two to four ships of random types and gun counts on the open sea, in one column
// of hexes: Blue comes from the north heading S, Red from the south heading N, each ship in its
// own hex. Every turn: gunfire by each ship able to fire, both armaments, at random enemy ships
// in range (a die per gun up to four, the modifiers the rules give, where each die lands), then
// torpedoes at the first ship dead ahead, the hits of each phase resolved on the hits-on-ships
// table; the D6 for who moves first (thrown again on a tie);
// then each side's ships move straight ahead, never into a ship nor next to an enemy. Ships
// break off at their Critical Point and sink at 0. Firing along a column keeps every line of
// fire through hex centres, so a shot that falls short or long lands in one hex.
#include "rules/late19c/generator.hpp"
#include "rules/late19c/land_generator.hpp"

#include "check/generate.hpp"
#include "geometry/hex.hpp"
#include "rules/late19c/tables.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace ironlog::rules::late19c {

// The word a hit roll names its row of the hits-on-ships table by.
const char* weapon_word(Weapon w) {
    static const char* const words[] = {"super-heavy", "heavy", "medium", "light", "very-light", "torpedo"};
    return words[static_cast<std::size_t>(w)];
}

// A torpedo's three D6 after its target, and the claim: each 4, 5 or 6 a hit (one at most with
// torpedo-dice=any). Returns the hits.
int torpedo_dice(Random& rng, bool any, std::ostream& out) {
    int hits = 0;
    out << " 3d6:";
    for (int i = 0; i < 3; ++i) {
        const int f = rng.d6();
        out << " " << f;
        if (f >= 4) ++hits;
    }
    if (any) hits = std::min(hits, 1);
    out << " => " << (hits == 0 ? "miss" : hits == 1 ? "1 hit" : std::to_string(hits) + " hits") << "\n";
    return hits;
}

namespace {

constexpr int kColumn = 5;

const char* ship_type_word(ShipType t) {
    static const char* const words[] = {"battleship", "ironclad", "armoured-cruiser", "protected-cruiser", "torpedo-boat", "gunboat"};
    return words[static_cast<std::size_t>(t)];
}

// The hex of a row of the one column the battle is fought in.
std::string hex(int row) { return geometry::hex::hex_name({kColumn, row}); }

struct GenShip {
    std::string alias;
    int side = 0;  // 0 Blue (heads S, rows grow), 1 Red (heads N)
    ShipType type = ShipType::Battleship;
    int main = 0, secondary = 0;
    bool tubes = false;  // fitted with torpedo tubes (dead ahead, astern or abeam)
    int torpedoes_fired = 0;
    int row = 0;
    int fp = 0;
    bool broke_off = false;
    int broke_off_turn = 0;
    bool turned = false;       // ended a move 60 degrees off the column: it moves and fires torpedoes no more
    bool moved_now = false, moved_before = false;  // this turn and the one before (option ship-still)
    bool sinking = false, sunk = false;
    std::set<std::string> targets_before, targets_now;
    std::vector<Weapon> hits;  // this turn's, unresolved

    int dir() const { return side == 0 ? 1 : -1; }
    const ShipStats& stats() const { return ship_stats(type); }
};

class Game {
public:
    Game(Random& rng, int index, int choice) : rng_(rng), index_(index), choice_(choice) {}

    std::string play() {
        // the options the naval battle reads, every combination in turn (docs/rules/late19c.md)
        torpedo_any_ = choice_ % 2 == 1;
        still_last_turn_ = choice_ / 2 % 2 == 1;
        odd_low_ = choice_ / 4 % 2 == 1;
        make_minefields();
        make_fleets();
        const int turns = rng_.between(4, 10);
        for (turn_ = 1; turn_ <= turns && afloat(0) && afloat(1); ++turn_) play_turn();
        result_ = afloat(0) && afloat(1) ? "draw" : afloat(0) ? "Blue" : afloat(1) ? "Red" : "both-lost";
        return header() + body_.str();
    }

private:
    Random& rng_;
    int index_, choice_;
    std::ostringstream body_;
    std::vector<GenShip> ships_;
    int turn_ = 0;
    std::string result_ = "*";
    bool torpedo_any_ = false, still_last_turn_ = false, odd_low_ = false;
    std::set<int> mines_;  // rows of minefield hexes

    // Now and then a minefield or two between the squadrons (Naval/Special Rules/Minefields).
    void make_minefields() {
        if (!rng_.chance(40)) return;
        const int n = rng_.between(1, 2);
        for (int i = 0; i < n; ++i) mines_.insert(rng_.between(10, 22));
        body_ << "\n";
        for (int row : mines_) body_ << "terrain minefield " << hex(row) << "\n";
    }

    bool afloat(int side) const {
        return std::any_of(ships_.begin(), ships_.end(), [&](const GenShip& s) { return s.side == side && !s.sunk; });
    }

    void make_fleets() {
        static const char* const kSideAlias[] = {"B", "R"};
        static const char* const kSideName[] = {"Blue", "Red"};
        for (int side = 0; side < 2; ++side) {
            const int n = rng_.between(2, 4);
            body_ << (side == 0 ? "\n" : "") << "side " << kSideAlias[side] << " \"" << kSideName[side] << "\"\n";
            for (int i = 1; i <= n; ++i) {
                GenShip s;
                s.side = side;
                s.alias = std::string(kSideAlias[side]) + std::to_string(i);
                s.type = static_cast<ShipType>(rng_.below(6));
                s.main = rng_.between(1, 6);
                s.secondary = s.stats().secondary ? rng_.between(0, 8) : 0;
                s.tubes = s.type == ShipType::TorpedoBoat || rng_.chance(30);
                s.fp = s.stats().flotation;
                // Blue from row 2 down, Red from row 30 up, two rows apart, the leader nearest the enemy
                s.row = side == 0 ? 2 + 2 * (n - i) : 30 + 2 * (i - 1);
                body_ << "ship " << s.alias << " \"" << kSideName[side] << " " << i << "\" " << ship_type_word(s.type) << " main " << s.main;
                if (s.secondary > 0) body_ << " secondary " << s.secondary;
                if (s.tubes) body_ << " torpedoes";
                body_ << " " << hex(s.row) << "/" << (side == 0 ? "S" : "N") << "\n";
                ships_.push_back(s);
            }
        }
    }

    std::vector<GenShip*> at_row(int row) {
        std::vector<GenShip*> out;
        for (auto& s : ships_)
            if (!s.sunk && s.row == row) out.push_back(&s);
        return out;
    }

    void play_turn() {
        body_ << "\nturn " << turn_ << "\n";
        for (auto& s : ships_) {
            s.targets_before = std::move(s.targets_now);
            s.targets_now.clear();
            s.moved_before = s.moved_now;
            s.moved_now = false;
        }
        guns();
        torpedoes();
        for (auto& s : ships_)
            if (s.sinking) s.sunk = true;  // gone once the firing is over
        if (!afloat(0) || !afloat(1)) return;
        const int first = move_order();
        body_ << "  phase movement\n";
        move_side(first);
        move_side(1 - first);
    }

    // Naval/Firing Guns: every ship able to fire, then every hit resolved.
    void guns() {
        body_ << "  phase guns\n";
        for (auto& s : ships_) {
            if (s.sunk || (s.broke_off && s.broke_off_turn < turn_)) continue;
            fire(s, true);
            if (s.secondary > 0) fire(s, false);
        }
        resolve_hits();
    }

    // Naval/Firing Torpedoes: a fitted ship able to fire, at the first ship dead ahead within 3
    // hexes when it is an enemy (a torpedo stops at the first ship it meets); 3 D6, each 4-6 a
    // hit; then the hits. A ship sinking from the gunfire is still there to be hit.
    void torpedoes() {
        body_ << "  phase torpedoes\n";
        for (auto& s : ships_) {
            if (s.sunk || s.sinking || s.turned || !s.tubes || s.torpedoes_fired >= kTorpedoesPerBattle || (s.broke_off && s.broke_off_turn < turn_))
                continue;
            GenShip* first = nullptr;
            for (int k = 1; k <= kTorpedoRange && !first; ++k) {
                auto there = at_row(s.row + k * s.dir());
                if (!there.empty()) first = there.front();
            }
            if (!first || first->side == s.side || !rng_.chance(70)) continue;
            ++s.torpedoes_fired;
            body_ << "    " << s.alias << " torpedo " << first->alias;
            const int hits = torpedo_dice(rng_, torpedo_any_, body_);
            for (int i = 0; i < hits; ++i) first->hits.push_back(Weapon::Torpedo);
        }
        resolve_hits();
    }

    void resolve_hits() {
        for (auto& s : ships_) {
            for (Weapon w : s.hits) {
                const int die = rng_.d6();
                const int loss = ship_hit_loss(w, s.type, die);
                body_ << "    " << s.alias << " hit " << weapon_word(w) << " d6: " << die << " => ";
                if (loss == 0) body_ << "minor\n";
                else body_ << loss << "\n";
                lose(s, loss);
            }
            s.hits.clear();
        }
    }

    void fire(GenShip& s, bool main) {
        const Weapon w = main ? s.stats().main : *s.stats().secondary;
        std::vector<GenShip*> in_range;
        for (auto& t : ships_)
            if (!t.sunk && t.side != s.side && std::abs(t.row - s.row) <= gun_range(w)) in_range.push_back(&t);
        if (in_range.empty() || !rng_.chance(85)) return;
        GenShip& t = *in_range[static_cast<std::size_t>(rng_.below(static_cast<int>(in_range.size())))];
        s.targets_now.insert(t.alias);
        // +2 direct line of sight (open sea), +1 same target as last turn, +1 not moved this turn
        // (guns fire before ships move; with ship-still=last-turn, not moved in the turn before)
        const bool same = s.targets_before.count(t.alias) != 0;
        const bool still = !still_last_turn_ || !s.moved_before;
        const int modifier = 2 + (same ? 1 : 0) + (still ? 1 : 0);
        const int dice = std::min(main ? s.main : s.secondary, kMaxGunDice);
        body_ << "    " << s.alias << " fire " << (main ? "main " : "secondary ") << t.alias << " " << (dice > 1 ? std::to_string(dice) : "")
              << "d6:";
        std::vector<int> faces;
        for (int i = 0; i < dice; ++i) {
            faces.push_back(rng_.d6());
            body_ << " " << faces.back();
        }
        body_ << " +2(direct)" << (same ? " +1(same target)" : "") << (still ? " +1(still)" : "") << " =>";
        const int toward = s.row > t.row ? 1 : -1;  // from the target toward the firer
        for (int f : faces) {
            const int score = f + modifier;
            // on the target on 5 or more, in front on 2 or 4, behind on 1 or 3
            const int row = score >= 5 ? t.row : (score == 2 || score == 4) ? t.row + toward : t.row - toward;
            body_ << (score >= 5 ? " on" : (score == 2 || score == 4) ? " front" : " behind");
            for (GenShip* hit : at_row(row)) hit->hits.push_back(w);
        }
        body_ << "\n";
    }

    void lose(GenShip& s, int loss) {
        s.fp = std::max(0, s.fp - loss);
        if (s.fp == 0) s.sinking = true;
        else if (s.fp <= s.stats().critical && !s.broke_off) {
            s.broke_off = true;
            s.broke_off_turn = turn_;
        }
    }

    // The lowest D6 moves first; a tie is thrown again.
    int move_order() {
        body_ << "  phase move-order\n";
        for (;;) {
            const int a = rng_.d6(), b = rng_.d6();
            body_ << "    B roll d6: " << a << "\n    R roll d6: " << b << " => ";
            if (a == b) {
                body_ << "reroll\n";
                continue;
            }
            body_ << (a < b ? "B" : "R") << "\n";
            return a < b ? 0 : 1;
        }
    }

    int nearest_enemy(const GenShip& s, int row) const {
        int best = 1 << 20;
        for (const auto& t : ships_)
            if (!t.sunk && t.side != s.side) best = std::min(best, std::abs(t.row - row));
        return best;
    }

    // Straight ahead, the leading ship first: into no ship's hex and not next to an enemy. A ship
    // breaking off does not close the enemy: it stays.
    void move_side(int side) {
        std::vector<GenShip*> order;
        for (auto& s : ships_)
            if (s.side == side && !s.sunk) order.push_back(&s);
        std::sort(order.begin(), order.end(), [](const GenShip* a, const GenShip* b) { return a->row * a->dir() > b->row * b->dir(); });
        for (GenShip* s : order) {
            if (s->broke_off || s->turned || s->sunk || !rng_.chance(85)) continue;
            const int most = rng_.between(1, s->stats().move);
            int steps = 0;
            for (int k = 1; k <= most; ++k) {
                const int row = s->row + k * s->dir();
                if (!at_row(row).empty() || nearest_enemy(*s, row) < 2) break;
                steps = k;
            }
            if (steps == 0) continue;
            // now and then it ends its move 60 degrees off its heading, the turn costing a hex
            // (Naval/Movement c); it then stays where it is for the rest of the battle
            const bool turn = steps < s->stats().move && rng_.chance(8);
            const char* facing = s->side == 0 ? (turn ? (rng_.chance(50) ? "SE" : "SW") : "S") : (turn ? (rng_.chance(50) ? "NE" : "NW") : "N");
            body_ << "    " << s->alias << " move";
            for (int k = 1; k <= steps; ++k) body_ << " " << hex(s->row + k * s->dir()) << (k == steps ? "/" + std::string(facing) : "");
            body_ << "\n";
            const int from = s->row;
            s->row += steps * s->dir();
            s->moved_now = true;
            s->turned = turn;
            for (int k = 1; k <= steps; ++k)
                if (mines_.count(from + k * s->dir()) && !s->sunk) mine_hit(*s);
        }
    }

    // A ship entering a minefield hex is hit, read on the torpedo row (Naval/Special Rules/Minefields);
    // at 0 FP it sinks at once.
    void mine_hit(GenShip& s) {
        const int die = rng_.d6();
        const int loss = ship_hit_loss(Weapon::Torpedo, s.type, die);
        body_ << "    " << s.alias << " hit mine d6: " << die << " => " << (loss == 0 ? std::string("minor") : std::to_string(loss)) << "\n";
        s.fp = std::max(0, s.fp - loss);
        if (s.fp == 0) s.sunk = true;
        else if (s.fp <= s.stats().critical && !s.broke_off) s.broke_off = true, s.broke_off_turn = turn_;
    }

    std::string header() {
        const int a = rng_.below(20);
        const int b = (a + 1 + rng_.below(19)) % 20;
        std::string options;
        if (torpedo_any_) options += "torpedo-dice=any";
        if (still_last_turn_) options += std::string(options.empty() ? "" : ", ") + "ship-still=last-turn";
        if (odd_low_) options += std::string(options.empty() ? "" : ", ") + "hex-columns=odd-low";
        return generated_header("Generated flotilla league", index_) + "[Ruleset \"late19c\"]\n[Variant \"naval\"]\n" +
               (options.empty() ? std::string() : "[Options \"" + options + "\"]\n") + "[Side1 \"Blue\"]\n[Player1 \"" +
               player_name(a) + "\"]\n[Side2 \"Red\"]\n[Player2 \"" + player_name(b) + "\"]\n[Result \"" + result_ + "\"]\n";
    }
};

}  // namespace

// One game in three a naval battle, one a land battle, one land and sea together; the rest of
// the index picks the options, every combination in turn.
std::string generate_game(std::uint64_t seed, int index, const GenerateOptions&) {
    Random rng = Random::for_game(seed, index);
    const int choice = index / 3;
    if (index % 3 != 0) return generate_land_battle(rng, index, choice, index % 3 == 2);
    Game game(rng, index, choice);
    return game.play();
}

}  // namespace ironlog::rules::late19c
