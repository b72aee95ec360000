// Random legal Ironclads games. Each game is two squadrons with cards given on their ship lines
// (within Appendix A's caps), the sea state, then game turns played by the rules: initiative
// rolled until it falls, ships moved in turn at speeds changed within the rules, salvos by arc
// at random targets and ranges with the dice the rules give, armour saves, damage (criticals
// first, hits from the arc fired upon first), problems, sinking and the end of the game. No
// positions are written, so nothing depends on geometry.
#include "rules/ironclads/generator.hpp"

#include "check/generate.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

namespace ironlog::rules::ironclads {

namespace {

enum Arc { kFwd, kPort, kStbd, kRear, kArcs };
const char* const kArcNames[kArcs] = {"fwd", "port", "stbd", "rear"};

struct GenShip {
    std::string alias;
    int side = 0;
    std::array<int, kArcs> guns{};
    int armour = 0, prop = 0, hull = 0;
    int speed = 0;
    bool smokestack = false;
    int steering = 0;
    int fire_from = 0, fire_to = -1;
    int bridge_turn = -1;
    bool sunk = false;
    // this turn: unsaved hits, each with the arc of this ship that was fired upon
    int crits = 0;
    std::vector<int> hits;
};

int half_up(int n) { return (n + 1) / 2; }

class Game {
public:
    Game(Random& rng, int index) : rng_(rng), index_(index) {}

    std::string play() {
        make_fleets();
        sea_state();
        int turns = rng_.between(3, 10);
        for (turn_ = 1; turn_ <= turns && !over(); ++turn_) play_turn(turn_ == turns);
        return header() + body_.str();
    }

private:
    Random& rng_;
    int index_;
    std::ostringstream body_;
    std::vector<GenShip> ships_;
    const char* sides_[2] = {"B", "R"};
    bool rough_ = false;
    int turn_ = 0;
    std::string result_ = "*";

    int card_value(int lo, int hi) { return rng_.between(lo, hi); }

    void make_fleets() {
        for (int side = 0; side < 2; ++side) {
            int n = rng_.between(2, 4);
            body_ << (side == 0 ? "\nside B \"Blue\"\n" : "side R \"Red\"\n");
            for (int i = 1; i <= n; ++i) {
                GenShip s;
                s.side = side;
                s.alias = std::string(sides_[side]) + std::to_string(i);
                s.guns[kFwd] = card_value(0, 4);
                s.guns[kPort] = s.guns[kStbd] = card_value(2, 16);
                s.guns[kRear] = card_value(0, 3);
                s.armour = card_value(0, 7);
                s.prop = card_value(8, 14);
                s.hull = card_value(2, 8);
                s.speed = rng_.between(4, s.prop);
                body_ << "ship " << s.alias << " \"" << (side == 0 ? "Blue " : "Red ") << i << "\" fwd " << s.guns[kFwd] << " port "
                      << s.guns[kPort] << " stbd " << s.guns[kStbd] << " rear " << s.guns[kRear] << " armour " << s.armour << " prop "
                      << s.prop << " hull " << s.hull << " speed " << s.speed << "\n";
                ships_.push_back(s);
            }
        }
    }

    void sea_state() {
        int a = rng_.d6(), b = rng_.d6();
        rough_ = a == 1 && b == 1;
        body_ << "\nphase sea-state\n  B roll d6: " << a << "\n  R roll d6: " << b << " => " << (rough_ ? "rough" : "calm") << "\n";
    }

    bool afloat(int side) const {
        return std::any_of(ships_.begin(), ships_.end(), [&](const GenShip& s) { return s.side == side && !s.sunk; });
    }
    bool over() const { return !afloat(0) || !afloat(1); }

    int max_speed(const GenShip& s) const {
        int m = s.prop;
        if (rough_ || s.smokestack) m = std::min(m, 6);
        return m;
    }

    void play_turn(bool last) {
        body_ << "\nturn " << turn_ << "\n";
        // 1: initiative, re-rolled on a tie; the lowest has it
        body_ << "  phase initiative\n";
        int initiative = 0;
        for (;;) {
            int a = rng_.d6(), b = rng_.d6();
            body_ << "    B roll d6: " << a << "\n    R roll d6: " << b << " => ";
            if (a == b) {
                body_ << "reroll\n";
                continue;
            }
            initiative = a < b ? 0 : 1;
            body_ << sides_[initiative] << "\n";
            break;
        }
        // 2: the side without the initiative moves a ship first, then they alternate
        body_ << "  phase movement\n";
        std::array<std::vector<int>, 2> order;
        for (int i = 0; i < static_cast<int>(ships_.size()); ++i)
            if (!ships_[static_cast<std::size_t>(i)].sunk) order[static_cast<std::size_t>(ships_[static_cast<std::size_t>(i)].side)].push_back(i);
        int mover = 1 - initiative;
        std::array<std::size_t, 2> next{0, 0};
        while (next[0] < order[0].size() || next[1] < order[1].size()) {
            auto& mine = order[static_cast<std::size_t>(mover)];
            if (next[static_cast<std::size_t>(mover)] < mine.size()) move_ship(ships_[static_cast<std::size_t>(mine[next[static_cast<std::size_t>(mover)]++])]);
            mover = 1 - mover;
        }
        // 3A: gunfire
        body_ << "  phase firing\n    segment gunfire\n";
        for (auto& s : ships_) {
            if (s.sunk) continue;
            for (int arc = 0; arc < kArcs; ++arc)
                if (s.guns[static_cast<std::size_t>(arc)] > 0 && rng_.chance(arc == kPort || arc == kStbd ? 45 : 25)) fire(s, arc);
        }
        // 3B: damage, criticals first, then the problems roll
        bool any = std::any_of(ships_.begin(), ships_.end(), [](const GenShip& s) { return s.crits > 0 || !s.hits.empty(); });
        if (any) {
            body_ << "    segment damage\n";
            for (auto& s : ships_)
                if (s.crits > 0 || !s.hits.empty()) damage(s);
        }
        // 4: the end phase
        body_ << "  phase end\n";
        for (auto& s : ships_)
            if (!s.sunk && s.hull == 0) {
                body_ << "    " << s.alias << " sinks\n";
                s.sunk = true;
            }
        if (over()) {
            result_ = !afloat(0) && !afloat(1) ? "both-lost" : afloat(0) ? "Blue" : "Red";
            return;
        }
        if (last) {
            body_ << "    B ends\n    R ends\n";
            result_ = "draw";
        } else {
            body_ << "    B continue\n    R continue\n";
        }
    }

    void move_ship(GenShip& s) {
        const int max = max_speed(s);
        int speed = s.speed;
        if (s.speed > max) {
            speed = std::max(0, s.speed - 2);  // forced, even in a turn with no new orders (bridge)
        } else if (s.bridge_turn == turn_) {
            // no change of speed this turn
        } else {
            std::vector<int> options;
            for (int d : {1, 0, -1, -2})
                if (s.speed + d >= 0 && s.speed + d <= max) options.push_back(s.speed + d);
            speed = options[static_cast<std::size_t>(rng_.below(static_cast<int>(options.size())))];
        }
        s.speed = speed;
        body_ << "    " << s.alias << " speed " << speed << " move " << speed << "cm\n";
    }

    void fire(GenShip& s, int arc) {
        std::vector<int> targets;
        for (int i = 0; i < static_cast<int>(ships_.size()); ++i)
            if (!ships_[static_cast<std::size_t>(i)].sunk && ships_[static_cast<std::size_t>(i)].side != s.side) targets.push_back(i);
        if (targets.empty()) return;
        GenShip& t = ships_[static_cast<std::size_t>(targets[static_cast<std::size_t>(rng_.below(static_cast<int>(targets.size())))])];
        int dice = s.guns[static_cast<std::size_t>(arc)];
        if (t.armour >= 3) dice = half_up(dice);
        if (rough_) dice = half_up(dice);
        if (turn_ >= s.fire_from && turn_ <= s.fire_to) dice = half_up(dice);
        const int range = rng_.between(8, 100);
        const int on = rng_.below(kArcs);  // the target's arc the firer is in
        int crits = 0, hits = 0;
        body_ << "      " << s.alias << " fire " << kArcNames[arc] << " " << t.alias << " " << range << "cm on " << kArcNames[on] << " "
              << dice << "d6:";
        for (int i = 0; i < dice; ++i) {
            int f = rng_.d6();
            body_ << " " << f;
            if (f >= 5) ++hits;
            else if (range < 25 && f >= 3) ++crits;
            else if (range <= 50 && range >= 25 && f == 4) ++crits;
        }
        static const char* const kNotes[] = {"a long shot in poor light", "smoke hides the target", "the gunners find the range",
                                             "a ragged salvo", "spray over the forecastle", "the flagship signals to close"};
        body_ << " => ";
        if (crits + hits == 0) body_ << "miss";
        else {
            if (crits) body_ << crits << "C";
            if (crits && hits) body_ << " ";
            if (hits) body_ << hits << "H";
        }
        if (rng_.chance(10)) body_ << " {" << kNotes[rng_.below(6)] << "}";
        body_ << "\n";
        if (crits + hits == 0) return;
        // the armour save: a die per armour stat; the target saves criticals first
        int saved = 0;
        if (t.armour > 0) {
            const int need = range > 50 ? 3 : range >= 25 ? 5 : 6;
            body_ << "      " << t.alias << " save " << t.armour << "d6:";
            for (int i = 0; i < t.armour; ++i) {
                int f = rng_.d6();
                body_ << " " << f;
                if (f >= need) ++saved;
            }
            saved = std::min(saved, crits + hits);
            const int saved_c = std::min(saved, crits), saved_h = saved - saved_c;
            body_ << " => " << saved;
            if (saved > 0) {
                body_ << " saved ";
                std::string which;
                for (int i = 0; i < saved_c; ++i) which += std::string(which.empty() ? "" : ",") + "C";
                for (int i = 0; i < saved_h; ++i) which += std::string(which.empty() ? "" : ",") + "H";
                body_ << which;
            }
            body_ << "\n";
            crits -= saved_c;
            hits -= saved_h;
        }
        t.crits += crits;
        for (int i = 0; i < hits; ++i) t.hits.push_back(on);
    }

    // The stat a hit crosses off: hull, propulsion, armour, or guns of the arc fired upon (any
    // arc once that one is empty).
    std::string pick_stat(GenShip& s, int on, bool critical, int*& value) {
        std::vector<std::pair<std::string, int*>> choices;
        if (s.hull > 0) choices.push_back({"hull", &s.hull});
        if (s.prop > 0) choices.push_back({"prop", &s.prop});
        if (s.armour > 0) choices.push_back({"armour", &s.armour});
        if (critical || s.guns[static_cast<std::size_t>(on)] == 0) {
            for (int a = 0; a < kArcs; ++a)
                if (s.guns[static_cast<std::size_t>(a)] > 0) choices.push_back({kArcNames[a], &s.guns[static_cast<std::size_t>(a)]});
        } else {
            choices.push_back({kArcNames[on], &s.guns[static_cast<std::size_t>(on)]});
        }
        if (choices.empty()) {
            value = nullptr;
            return "";
        }
        // the hull most often, so that games end
        std::size_t k = rng_.chance(45) ? 0 : static_cast<std::size_t>(rng_.below(static_cast<int>(choices.size())));
        value = choices[k].second;
        return choices[k].first;
    }

    void damage(GenShip& s) {
        for (int c = 0; c < s.crits; ++c) {
            int* value = nullptr;
            std::string stat = pick_stat(s, kPort, true, value);
            if (!value) break;
            const int f = rng_.d6();
            const int off = std::min((f + 1) / 2, *value);
            *value -= off;
            body_ << "      " << s.alias << " crit " << stat << " d6: " << f << " => " << off << "\n";
        }
        for (int on : s.hits) {
            int* value = nullptr;
            std::string stat = pick_stat(s, on, false, value);
            if (!value) break;
            *value -= 1;
            body_ << "      " << s.alias << " hit " << stat << " => " << stat << " " << *value << "\n";
        }
        s.crits = 0;
        s.hits.clear();
        // the problems roll, once
        const int a = rng_.d6(), b = rng_.d6(), total = a + b;
        body_ << "      " << s.alias << " problems 2d6: " << a << " " << b << " = " << total;
        if (total == 2) {
            ++s.steering;
            body_ << " => steering\n";
        } else if (total == 3) {
            s.smokestack = true;
            body_ << " => smokestack\n";
        } else if ((total == 9 || total == 10) && s.armour < 3) {
            const int f = rng_.d6(), k = (f + 1) / 2;
            s.fire_from = turn_ + 1;
            s.fire_to = turn_ + k;
            body_ << " d6: " << f << " => fire " << k << "\n";
        } else if (total >= 11) {
            s.bridge_turn = turn_ + 1;
            body_ << " => bridge\n";
        } else {
            body_ << " => none\n";
        }
    }

    // Leagues of forty players, a thousand games each: games are rounds of one, between two players.
    std::string header() {
        const int a = rng_.below(kPlayerNames);
        const int b = (a + 1 + rng_.below(kPlayerNames - 1)) % kPlayerNames;
        return generated_header("Generated league", index_) + "[Ruleset \"ironclads\"]\n[Side1 \"Blue\"]\n[Player1 \"" + player_name(a) +
               "\"]\n[Side2 \"Red\"]\n[Player2 \"" + player_name(b) + "\"]\n[Result \"" + result_ + "\"]\n";
    }
};

}  // namespace

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions&) {
    Random rng = Random::for_game(seed, index);
    Game game(rng, index);
    return game.play();
}

}  // namespace ironlog::rules::ironclads
