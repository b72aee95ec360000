// Random legal Ironclads games. Each game is two fleets with cards given on their ship lines
// (within Appendix A's caps; some ships with turrets and their agreed arcs), the sea state, then
// game turns played by the rules: initiative rolled until it falls, ships moved in turn at speeds
// changed within the rules (turning, going astern after a stop, colliding, leaving the table,
// breaking off from a squadron), salvos by arc or by turrets at random targets and ranges with
// the dice the rules give, armour saves, damage (criticals first, hits from the arc fired upon
// first), problems, sinking and the end of the game. The options where the text and the Quick
// Reference disagree, and the formations rule, take every combination in turn (by the game's
// number). No positions are written, so nothing depends on geometry.
#include "rules/ironclads/generator.hpp"

#include "check/generate.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace ironlog::rules::ironclads {

namespace {

enum Arc { kFwd, kPort, kStbd, kRear, kArcs };
const char* const kArcNames[kArcs] = {"fwd", "port", "stbd", "rear"};
const char kArcLetters[kArcs] = {'F', 'P', 'S', 'R'};
const char* const kTurretNames[2] = {"fwd-turret", "rear-turret"};

struct GenShip {
    std::string alias;
    int side = 0;
    std::array<int, kArcs> guns{};
    std::array<int, 2> turrets{};        // fwd-turret, rear-turret stats
    std::array<unsigned, 2> turret_arcs{};  // the arcs each may fire into (bits of Arc)
    int armour = 0, prop = 0, hull = 0;
    int speed = 0;
    bool astern = false;
    bool smokestack = false;
    int steering = 0;
    int fire_from = 0, fire_to = -1;
    int bridge_turn = -1;
    int collided_turn = -1;
    int moved_turn = -1;
    bool sunk = false, left = false;
    int squadron = -1;
    // this turn: unsaved hits, each with the arc of this ship that was fired upon
    int crits = 0;
    std::vector<int> hits;

    bool gone() const { return sunk || left; }
    bool turret_bears(int t, int arc) const { return (turret_arcs[static_cast<std::size_t>(t)] >> arc) & 1u; }
};

// The options of one game: every combination of the three Quick Reference options and the
// formations rule comes round once in sixteen games.
struct GameOptions {
    bool smokestack_qr = false, save_bands_qr = false, bridge_qr = false, formations = false;
    explicit GameOptions(int index)
        : smokestack_qr(index & 1), save_bands_qr(index & 2), bridge_qr(index & 4), formations(index & 8) {}
};

int half_up(int n) { return (n + 1) / 2; }
std::size_t at(int i) { return static_cast<std::size_t>(i); }

class Game {
public:
    Game(Random& rng, int index) : rng_(rng), index_(index), options_(index) {}

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
    GameOptions options_;
    std::ostringstream body_;
    std::vector<GenShip> ships_;
    const char* sides_[2] = {"B", "R"};
    bool rough_ = false;
    int turn_ = 0;
    std::string result_ = "*";

    int card_value(int lo, int hi) { return rng_.between(lo, hi); }

    void make_ship(int side, int i) {
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
        body_ << "ship " << s.alias << " \"" << (side == 0 ? "Blue " : "Red ") << i << "\" fwd " << s.guns[kFwd] << " port " << s.guns[kPort]
              << " stbd " << s.guns[kStbd] << " rear " << s.guns[kRear];
        if (rng_.chance(30)) {  // turrets, with the arcs agreed before the game
            static const unsigned kAgreed[2][3] = {{0b0111, 0b1111, 0b0110}, {0b1110, 0b1111, 0b0110}};
            for (int t = 0; t < 2; ++t) {
                s.turrets[at(t)] = card_value(2, 8);
                s.turret_arcs[at(t)] = kAgreed[t][rng_.below(3)];
                body_ << " " << kTurretNames[t] << " " << s.turrets[at(t)] << " ";
                for (int a = 0; a < kArcs; ++a)
                    if (s.turret_bears(t, a)) body_ << kArcLetters[a];
            }
        }
        body_ << " armour " << s.armour << " prop " << s.prop << " hull " << s.hull << " speed " << s.speed << "\n";
        ships_.push_back(s);
    }

    void make_fleets() {
        for (int side = 0; side < 2; ++side) {
            int n = rng_.between(2, 4);
            body_ << (side == 0 ? "\nside B \"Blue\"\n" : "side R \"Red\"\n");
            for (int i = 1; i <= n; ++i) make_ship(side, i);
            if (options_.formations) squadron(side);
        }
    }

    // Appendix D: a squadron of the side's ships (up to four), declared after them.
    void squadron(int side) {
        std::string members;
        for (auto& s : ships_)
            if (s.side == side && rng_.chance(70)) {
                members += (members.empty() ? "" : ",") + s.alias;
                s.squadron = side;
            }
        if (!members.empty()) body_ << "squadron S" << side + 1 << " " << members << "\n";
    }

    void sea_state() {
        int a = rng_.d6(), b = rng_.d6();
        rough_ = a == 1 && b == 1;
        body_ << "\nphase sea-state\n  B roll d6: " << a << "\n  R roll d6: " << b << " => " << (rough_ ? "rough" : "calm") << "\n";
    }

    bool afloat(int side) const {
        return std::any_of(ships_.begin(), ships_.end(), [&](const GenShip& s) { return s.side == side && !s.gone(); });
    }
    bool over() const { return !afloat(0) || !afloat(1); }

    int max_speed(const GenShip& s) const {
        int m = s.prop;
        if (rough_ || s.smokestack) m = std::min(m, 6);
        return m;
    }

    int initiative() {
        body_ << "  phase initiative\n";
        for (;;) {
            int a = rng_.d6(), b = rng_.d6();
            body_ << "    B roll d6: " << a << "\n    R roll d6: " << b << " => ";
            if (a != b) {
                const int side = a < b ? 0 : 1;
                body_ << sides_[side] << "\n";
                return side;
            }
            body_ << "reroll\n";
        }
    }

    // Phase 2: the side without the initiative moves a ship first, then they alternate.
    void movement(int holder) {
        body_ << "  phase movement\n";
        std::array<std::vector<int>, 2> order;
        for (int i = 0; i < static_cast<int>(ships_.size()); ++i)
            if (!ships_[at(i)].gone()) order[at(ships_[at(i)].side)].push_back(i);
        int mover = 1 - holder;
        std::array<std::size_t, 2> next{0, 0};
        while (next[0] < order[0].size() || next[1] < order[1].size()) {
            auto& mine = order[at(mover)];
            if (next[at(mover)] < mine.size()) move_ship(ships_[at(mine[next[at(mover)]++])]);
            mover = 1 - mover;
        }
    }

    void play_turn(bool last) {
        body_ << "\nturn " << turn_ << "\n";
        movement(initiative());
        // 3A: gunfire, by arc and by turrets; not by ships that collided this turn
        body_ << "  phase firing\n    segment gunfire\n";
        for (auto& s : ships_) {
            if (s.gone() || s.collided_turn == turn_) continue;
            for (int arc = 0; arc < kArcs; ++arc)
                if (s.guns[at(arc)] > 0 && rng_.chance(arc == kPort || arc == kStbd ? 45 : 25)) fire_arc(s, arc);
            fire_turrets(s);
        }
        // 3B: damage, criticals first, then the problems roll
        bool any = std::any_of(ships_.begin(), ships_.end(), [](const GenShip& s) { return s.crits > 0 || !s.hits.empty(); });
        if (any) {
            body_ << "    segment damage\n";
            for (auto& s : ships_)
                if (s.crits > 0 || !s.hits.empty()) damage(s);
        }
        end_phase(last);
    }

    void end_phase(bool last) {
        body_ << "  phase end\n";
        for (auto& s : ships_)
            if (!s.gone() && s.hull == 0) {
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

    // The speed for this game turn: forced down by two above the maximum, held after a bridge
    // hit (or, with bridge=quick-reference, held or changed), else +1, 0, -1 or -2; astern at 1
    // only from a stop in an earlier game turn, and ahead again only after another stop.
    // Sets `turn_allowed` to whether the ship may still turn this game turn.
    int choose_speed(GenShip& s, bool& turn_allowed) {
        const int max = max_speed(s);
        const bool bridge = s.bridge_turn == turn_;
        turn_allowed = !bridge;
        if (s.speed > max && !s.astern) return std::max(0, s.speed - 2);  // no order: after a bridge hit, no turn either
        if (bridge && !(options_.bridge_qr && rng_.chance(50))) {
            turn_allowed = options_.bridge_qr;  // quick reference: no change of speed, a turn allowed
            return s.speed;
        }
        std::vector<std::pair<int, bool>> options;  // speed, astern
        if (s.astern) {
            if (s.speed <= max) options.push_back({s.speed, true});
            options.push_back({0, false});
        } else {
            for (int d : {1, 0, -1, -2})
                if (s.speed + d >= 0 && s.speed + d <= max) options.push_back({s.speed + d, false});
            if (s.speed == 0 && max >= 1 && rng_.chance(30)) options.push_back({1, true});
        }
        if (options.empty()) options.push_back({std::max(0, s.speed - 2), false});
        const auto [speed, astern] = options[at(rng_.below(static_cast<int>(options.size())))];
        s.astern = astern;
        return speed;
    }

    void move_ship(GenShip& s) {
        s.moved_turn = turn_;
        if (s.squadron >= 0 && rng_.chance(5)) {  // breaking off, announced just before it moves
            body_ << "    " << s.alias << " breaks-off\n";
            s.squadron = -1;
        }
        if (s.collided_turn == turn_) {  // struck before it moved: stopped this game turn
            body_ << "    " << s.alias << " move 0cm\n";
            return;
        }
        bool turn_allowed = true;
        const int speed = choose_speed(s, turn_allowed);
        s.speed = speed;
        body_ << "    " << s.alias << " speed " << speed << (s.astern ? " astern" : "") << " move ";
        if (speed > 0 && !s.astern && rng_.chance(4) && collide(s)) return;
        if (speed > 0 && !s.astern && rng_.chance(1) && afloat_others(s.side) > 0) {
            body_ << speed << "cm leaves\n";
            s.left = true;
            return;
        }
        body_ << speed << "cm";
        const int most = s.steering >= 2 ? 0 : s.steering == 1 ? 4 : 8;
        if (speed > 0 && turn_allowed && most > 0 && rng_.chance(40)) body_ << " turn " << rng_.between(1, most) << "cm";
        body_ << "\n";
    }

    int afloat_others(int side) const {
        return static_cast<int>(std::count_if(ships_.begin(), ships_.end(), [&](const GenShip& o) { return o.side == side && !o.gone(); })) - 1;
    }

    // A collision with another ship on the table: losses to both by the moving ship's speed,
    // both stopped, neither fires this turn. Writes the rest of the line; false when none.
    bool collide(GenShip& s) {
        std::vector<int> others;
        for (int i = 0; i < static_cast<int>(ships_.size()); ++i)
            if (&ships_[at(i)] != &s && !ships_[at(i)].gone()) others.push_back(i);
        if (others.empty()) return false;
        GenShip& o = ships_[at(others[at(rng_.below(static_cast<int>(others.size())))])];
        const int prop = s.speed >= 9 ? 5 : s.speed >= 5 ? 3 : 2, hull = s.speed >= 9 ? 2 : 1;
        body_ << rng_.between(0, s.speed - 1) << "cm collide " << o.alias << " => prop " << prop << " hull " << hull << "\n";
        for (GenShip* x : {&s, &o}) {
            x->prop = std::max(0, x->prop - prop);
            x->hull = std::max(0, x->hull - hull);
            x->speed = 0;
            x->astern = false;
            x->collided_turn = turn_;
        }
        return true;
    }

    GenShip* pick_target(const GenShip& s) {
        std::vector<int> targets;
        for (int i = 0; i < static_cast<int>(ships_.size()); ++i)
            if (!ships_[at(i)].gone() && ships_[at(i)].side != s.side) targets.push_back(i);
        if (targets.empty()) return nullptr;
        return &ships_[at(targets[at(rng_.below(static_cast<int>(targets.size())))])];
    }

    void fire_arc(GenShip& s, int arc) {
        GenShip* t = pick_target(s);
        if (!t) return;
        body_ << "      " << s.alias << " fire " << kArcNames[arc] << " ";
        salvo(s, *t, s.guns[at(arc)]);
    }

    // The turrets with stats left fire together into one arc they all may fire into, or alone.
    void fire_turrets(GenShip& s) {
        std::vector<int> ready;
        for (int t = 0; t < 2; ++t)
            if (s.turrets[at(t)] > 0 && rng_.chance(40)) ready.push_back(t);
        if (ready.empty()) return;
        std::vector<int> arcs;
        for (int a = 0; a < kArcs; ++a)
            if (std::all_of(ready.begin(), ready.end(), [&](int t) { return s.turret_bears(t, a); })) arcs.push_back(a);
        if (arcs.empty()) ready.resize(1);  // no arc both bear into: the first fires alone
        if (arcs.empty())
            for (int a = 0; a < kArcs; ++a)
                if (s.turret_bears(ready.front(), a)) arcs.push_back(a);
        GenShip* t = pick_target(s);
        if (!t) return;
        int stats = 0;
        body_ << "      " << s.alias << " fire ";
        for (std::size_t i = 0; i < ready.size(); ++i) {
            body_ << (i ? "," : "") << kTurretNames[ready[i]];
            stats += s.turrets[at(ready[i])];
        }
        body_ << " " << kArcNames[arcs[at(rng_.below(static_cast<int>(arcs.size())))]] << " ";
        salvo(s, *t, stats);
    }

    // The rest of a salvo's line from the target on (its dice from `stats` gun stats), and the
    // target's armour save.
    void salvo(GenShip& s, GenShip& t, int stats) {
        int dice = stats;
        if (t.armour >= 3) dice = half_up(dice);
        if (rough_) dice = half_up(dice);
        if (turn_ >= s.fire_from && turn_ <= s.fire_to) dice = half_up(dice);
        int range = rng_.between(8, 100);
        if (options_.save_bands_qr && (range == 25 || range == 50)) ++range;  // no save band at exactly 25 or 50 cm
        const int on = rng_.below(kArcs);  // the target's arc the firer is in
        int crits = 0, hits = 0;
        body_ << t.alias << " " << range << "cm on " << kArcNames[on] << " " << dice << "d6:";
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
        if (crits + hits > 0) armour_save(t, range, crits, hits);
        t.crits += crits;
        for (int i = 0; i < hits; ++i) t.hits.push_back(on);
    }

    // The armour save: a die per armour stat; the target saves criticals first.
    void armour_save(GenShip& t, int range, int& crits, int& hits) {
        if (t.armour == 0) return;
        const int need = range > 50 ? 3 : range >= 25 ? 5 : 6;
        int saved = 0;
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

    // The stat a hit crosses off: hull, propulsion, armour, or guns: for a critical hit any
    // arc or turret; for a hit the arc fired upon (any arc once that one is empty), or a turret
    // that may fire into it (any turret once none of those has stats left).
    std::string pick_stat(GenShip& s, int on, bool critical, int*& value) {
        std::vector<std::pair<std::string, int*>> choices;
        if (s.hull > 0) choices.push_back({"hull", &s.hull});
        if (s.prop > (s.astern ? 3 : 0)) choices.push_back({"prop", &s.prop});  // (astern at 1 needs 1 prop: kept)
        if (s.armour > 0) choices.push_back({"armour", &s.armour});
        for (int a = 0; a < kArcs; ++a)
            if (s.guns[at(a)] > 0 && (critical || a == on || s.guns[at(on)] == 0)) choices.push_back({kArcNames[a], &s.guns[at(a)]});
        bool bearing_left = false;
        for (int t = 0; t < 2; ++t) bearing_left = bearing_left || (s.turrets[at(t)] > 0 && s.turret_bears(t, on));
        for (int t = 0; t < 2; ++t)
            if (s.turrets[at(t)] > 0 && (critical || s.turret_bears(t, on) || !bearing_left))
                choices.push_back({kTurretNames[t], &s.turrets[at(t)]});
        if (choices.empty() && s.prop > 0) choices.push_back({"prop", &s.prop});  // the hull is gone: it sinks anyway
        if (choices.empty()) {
            value = nullptr;
            return "";
        }
        // the hull most often, so that games end
        std::size_t k = rng_.chance(45) ? 0 : at(rng_.below(static_cast<int>(choices.size())));
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
        problems(s);
    }

    // The problems roll, once, when all the ship's hits are resolved.
    void problems(GenShip& s) {
        const int a = rng_.d6(), b = rng_.d6(), total = a + b;
        body_ << "      " << s.alias << " problems 2d6: " << a << " " << b << " = " << total;
        if (total == 2) {
            ++s.steering;
            body_ << " => steering\n";
        } else if (total == 3 || (total == 4 && options_.smokestack_qr)) {
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
        std::string tags = generated_header("Generated league", index_) + "[Ruleset \"ironclads\"]\n";
        if (options_.formations) tags += "[Rules \"formations\"]\n";
        if (options_.smokestack_qr || options_.save_bands_qr || options_.bridge_qr)
            tags += std::string("[Options \"smokestack=") + (options_.smokestack_qr ? "quick-reference" : "text") +
                    ", save-bands=" + (options_.save_bands_qr ? "quick-reference" : "text") +
                    ", bridge=" + (options_.bridge_qr ? "quick-reference" : "text") + "\"]\n";
        return tags + "[Side1 \"Blue\"]\n[Player1 \"" + player_name(a) + "\"]\n[Side2 \"Red\"]\n[Player2 \"" + player_name(b) +
               "\"]\n[Result \"" + result_ + "\"]\n";
    }
};

}  // namespace

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions&) {
    Random rng = Random::for_game(seed, index);
    Game game(rng, index);
    return game.play();
}

}  // namespace ironlog::rules::ironclads
