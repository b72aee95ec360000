// Random legal Admiral battles: the German squadron and the British one of the Denmark Strait,
// four turns of the demo's rules. Set-up: one D10 a flagship (Playing Admiral/Choosing
// Flagships), the lines 25 cm apart, nose to tail. Each turn: the initiative and Admiral Points,
// then alternating hands from shuffled decks; each unit sets its speed within a third of its
// maximum, runs and rotates (at most 22.5 degrees after each run of its length, half at slow
// speed) toward a broadside on the nearest enemy or away from its attacker under an automatic
// action, and back toward the table's middle near an edge; then each battery fires at its
// nearest valid target, the tubes of a side at an enemy within 20 cm; hits, damage and
// criticals follow the rules; damage control in the chronometric phase. Every die is random.
#include "rules/admiral/generator.hpp"

#include "check/finding.hpp"
#include "rules/admiral/gunnery.hpp"
#include "rules/admiral/line_of_sight.hpp"
#include "rules/admiral/tables.hpp"
#include "rules/admiral/unit_card.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <sstream>
#include <stdexcept>

namespace ironlog::rules::admiral {

namespace {

constexpr double kTolerance = 0.5;
constexpr double kTableW = 240, kTableH = 180;
constexpr int kTurns = 4;
constexpr const char* kBatteryNames[] = {"primary", "secondary", "tertiary"};
constexpr const char* kArcNames[] = {"bow", "starboard", "stern", "port"};

struct Order {
    const char* alias;
    const char* card;
    int side;
    bool flagship;
};
constexpr Order kOrderOfBattle[] = {
    {"BIS", "Bismarck", 0, true}, {"PE", "Prinz Eugen", 0, false}, {"SCH", "Scharnhorst", 0, false},
    {"HOOD", "Hood", 1, true},    {"PoW", "Prince of Wales", 1, true}, {"NOR", "Norfolk", 1, false}, {"MAO", "Maori", 1, false},
};
constexpr const char* kSides[] = {"Germany", "Britain"};

std::string num(double v) {
    std::ostringstream os;
    os << std::round(v * 10) / 10;
    return os.str();
}
double round1(double v) { return std::round(v * 10) / 10; }
double normal(double h) { return std::fmod(std::fmod(h, 360.0) + 360.0, 360.0); }
std::string signed_text(int v) { return (v < 0 ? "" : "+") + std::to_string(v); }
std::size_t ix(Arc a) { return static_cast<std::size_t>(a); }

class Battle {
public:
    Battle(Random& rng, int index, const CardLibrary& cards, const GenerateOptions& options);
    std::string play();

private:
    void set_up();
    void tactical();
    void operational();
    void chronometric();
    void activate(Unit& u);
    void give_orders(Unit& u);
    void choose_speed(Unit& u);
    void manoeuvre(Unit& u);
    double goal_heading(const Unit& u) const;
    void fire_batteries(Unit& u);
    void fire(Unit& u, int b, Unit& t);
    void launch_torpedoes(Unit& u);
    void take_damage(Unit& t, Unit& by, Automatic kind, int structure, bool critical_roll);
    std::string sunk_claim(const Unit& t) const;
    Unit* nearest_target(const Unit& u, int b);
    bool valid_target(const Unit& u, int b, const Unit& t) const;
    bool covered(const Unit& from, const Unit& to) const;
    std::vector<Arc> arcs(const Unit& from, const Unit& to) const;
    int sp(const Unit& u) const { return u.card.sp.value_or(type_sp(u.card.type).value_or(1)); }
    bool slow(const Unit& u) const { return u.speed < 0 || 2 * u.speed < *u.card.speed; }
    int best_command(int side) const;
    std::string result() const;
    void line(const std::string& text) { out_ << text << "\n"; }

    Random& rng_;
    int index_;
    const CardLibrary& cards_;
    GenerateOptions options_;
    std::ostringstream out_;
    std::deque<Unit> units_;
    std::array<int, 2> points_{}, spent_{};
    int first_hand_ = 0;
    int turn_ = 0;
};

Battle::Battle(Random& rng, int index, const CardLibrary& cards, const GenerateOptions& options)
    : rng_(rng), index_(index), cards_(cards), options_(options) {
    for (const Order& o : kOrderOfBattle) {
        const Card* c = cards_.find(o.card);
        if (!c || !c->speed || !c->length_cm || !c->armour)
            throw std::invalid_argument(std::string("the card library has no complete card for ") + o.card +
                                        " (speed, length, armour): fixtures/ships/admiral-test-cards.ngn has one");
        Unit& u = units_.emplace_back();
        u.card = *c;
        u.side = o.side;
        u.flagship = o.flagship;
    }
}

std::string Battle::play() {
    out_ << generated_header("Generated Admiral battle", index_);
    out_ << "[Ruleset \"admiral\"]\n[Side1 \"Germany\"]\n[Player1 \"" << player_name(2 * index_) << "\"]\n[Side2 \"Britain\"]\n[Player2 \""
         << player_name(2 * index_ + 1) << "\"]\n[Library \"" << options_.library << "\"]\n";
    std::ostringstream body;
    std::swap(out_, body);
    set_up();
    for (turn_ = 1; turn_ <= kTurns; ++turn_) {
        line("");
        line("turn " + std::to_string(turn_));
        tactical();
        operational();
        chronometric();
    }
    std::string text = out_.str();
    std::swap(out_, body);
    out_ << "[Result \"" << result() << "\"]\n\n" << text;
    return out_.str();
}

// Two lines nose to tail, 25 cm apart, the German one in the upper left heading down the table
// toward the British one in the lower right.
void Battle::set_up() {
    const double g_heading = 100 + rng_.below(41), b_heading = normal(g_heading + 180 + rng_.between(-20, 20));
    geometry::Point head[2] = {{60.0 + rng_.below(30), 120.0 + rng_.below(30)}, {150.0 + rng_.below(20), 60.0 + rng_.below(20)}};
    const double heading[2] = {g_heading, b_heading};
    for (int side = 0; side < 2; ++side) {  // the whole line moved onto the table, 10 cm from its edges
        int k = 0;
        double dx = 0, dy = 0;
        for (const Unit& u : units_) {
            if (u.side != side) continue;
            const geometry::Point p = ahead(head[side], heading[side], -25.0 * k++);
            dx = std::max(dx, 10 - p.x), dy = std::max(dy, 10 - p.y);
            dx = std::min(dx, kTableW - 10 - p.x), dy = std::min(dy, kTableH - 10 - p.y);
        }
        head[side] = {head[side].x + dx, head[side].y + dy};
    }
    int number[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        line(std::string("side ") + kSides[side]);
        for (std::size_t i = 0; i < units_.size(); ++i) {
            Unit& u = units_[i];
            if (u.side != side) continue;
            const int k = number[side]++;
            u.at = ahead(head[side], heading[side], -25.0 * k);
            u.at = {round1(u.at.x), round1(u.at.y)};
            u.heading = heading[side];
            u.placed = true;
            u.speed = *u.card.speed * 2 / 3;  // Initial Condition of Units
            line(std::string("ship ") + kOrderOfBattle[i].alias + " \"" + u.card.name + "\" number " + std::to_string(k + 1) +
                 (u.flagship ? " flagship" : "") + " at (" + num(u.at.x) + ", " + num(u.at.y) + ", " + num(u.heading) + ")");
        }
    }
    line("");
    line("phase setup");
    for (int side = 0; side < 2; ++side) {
        std::string faces, claim;
        int n = 0;
        for (std::size_t i = 0; i < units_.size(); ++i) {
            Unit& u = units_[i];
            if (u.side != side || !u.flagship) continue;
            const int face = rng_.between(1, 10);
            u.command = face <= 3 ? -1 : face <= 7 ? 0 : 1;  // the players' reading of the Command values table
            faces += " " + std::to_string(face);
            claim += std::string(" ") + kOrderOfBattle[i].alias + " " + signed_text(*u.command);
            ++n;
        }
        line(std::string("  ") + kSides[side] + " command " + (n > 1 ? std::to_string(n) : "") + "d10:" + faces + " =>" + claim);
    }
}

int Battle::best_command(int side) const {
    int best = -100;
    for (const Unit& u : units_)
        if (u.side == side && u.flagship && u.command && !u.sunk && !u.removed) best = std::max(best, *u.command);
    return best == -100 ? 0 : best;
}

void Battle::tactical() {
    line("  phase tactical");
    std::array<int, 2> total{};
    for (bool first = true;; first = false) {
        for (int side = 0; side < 2; ++side) {
            const int face = rng_.d6(), cmd = best_command(side);
            total[static_cast<std::size_t>(side)] = face + cmd;
            if (first) points_[static_cast<std::size_t>(side)] = face + cmd, spent_[static_cast<std::size_t>(side)] = 0;
            const bool last = side == 1;
            const std::string claim = !last ? "" : total[0] == total[1] ? " => reroll" : std::string(" => ") + kSides[total[0] > total[1] ? 0 : 1];
            line(std::string("    ") + kSides[side] + " initiative d6: " + std::to_string(face) + " " + signed_text(cmd) + "(command) = " +
                 std::to_string(face + cmd) + claim);
        }
        if (total[0] != total[1]) break;
    }
    const int winner = total[0] > total[1] ? 0 : 1;
    first_hand_ = rng_.chance(70) ? winner : 1 - winner;  // the winner takes the first hand, or gives it
}

void Battle::operational() {
    line("  phase operational");
    std::array<std::vector<Unit*>, 2> deck;
    for (Unit& u : units_) {
        u.fired = {}, u.reduced = {}, u.orders.clear(), u.repaired = false;
        if (u.afloat()) deck[static_cast<std::size_t>(u.side)].push_back(&u);
    }
    for (auto& d : deck)
        for (std::size_t i = d.size(); i > 1; --i) std::swap(d[i - 1], d[static_cast<std::size_t>(rng_.below(static_cast<int>(i)))]);
    std::array<std::size_t, 2> next{};
    int side = first_hand_;
    auto left = [&](int s) {
        auto& d = deck[static_cast<std::size_t>(s)];
        while (next[static_cast<std::size_t>(s)] < d.size() && !d[next[static_cast<std::size_t>(s)]]->afloat()) ++next[static_cast<std::size_t>(s)];
        return next[static_cast<std::size_t>(s)] < d.size();
    };
    while (left(0) || left(1)) {
        if (!left(side)) side = 1 - side;
        activate(*deck[static_cast<std::size_t>(side)][next[static_cast<std::size_t>(side)]++]);
        side = 1 - side;
    }
}

void Battle::activate(Unit& u) {
    u.automatic_now = u.automatic, u.automatic = Automatic::None;
    u.conning_now = u.conning_due, u.conning_due = false;
    u.planned_veer = false;
    u.targets_now.clear();
    give_orders(u);
    choose_speed(u);
    manoeuvre(u);
    if (u.afloat()) fire_batteries(u);
    if (u.afloat()) launch_torpedoes(u);
    if (!u.targets_now.empty()) u.last_targets = u.targets_now;
}

std::string alias_of(const std::deque<Unit>& units, const Unit* u) {
    for (std::size_t i = 0; i < units.size(); ++i)
        if (&units[i] == u) return kOrderOfBattle[i].alias;
    return "?";
}

// Admiral Orders, one Admiral Point each: smoke for units with projectors, a Planned Veer in turn 1.
void Battle::give_orders(Unit& u) {
    const std::size_t s = static_cast<std::size_t>(u.side);
    if (u.conning_now) return;
    if (turn_ == 1 && spent_[s] < points_[s] && rng_.chance(30)) {
        line("    " + alias_of(units_, &u) + " order planned-veer");
        ++spent_[s], u.planned_veer = true;
    }
    if (u.card.rules.count("smoke") && spent_[s] < points_[s] && rng_.chance(25)) {
        line("    " + alias_of(units_, &u) + " order smoke");
        ++spent_[s];
    }
}

// Modifying the Speed: kept under an automatic action or a conning-tower hit; otherwise within a
// third of the maximum, toward two thirds of it.
void Battle::choose_speed(Unit& u) {
    if (u.automatic_now != Automatic::None || u.conning_now) return;
    const int m = *u.card.speed, c = std::max(1, m / 3);
    const int lo = std::max(0, u.speed - c), hi = std::min(m, u.speed + c);
    const int aim = std::clamp(m * 2 / 3 + rng_.between(-4, 4), lo, hi);
    u.speed = rng_.chance(50) ? aim : rng_.between(lo, hi);
}

std::vector<Arc> Battle::arcs(const Unit& from, const Unit& to) const {
    return arcs_at(from.at, from.heading, to.at, arc_slack(geometry::distance(from.at, to.at), kTolerance));
}

// Toward the table's middle near an edge; away from the attacker under an automatic action;
// otherwise to bring the nearest enemy abeam.
double Battle::goal_heading(const Unit& u) const {
    const geometry::Point probe = ahead(u.at, u.heading, 35);
    if (probe.x < 25 || probe.y < 25 || probe.x > kTableW - 25 || probe.y > kTableH - 25)
        return std::atan2(kTableW / 2 - u.at.x, kTableH / 2 - u.at.y) * 180 / M_PI;
    if (u.automatic_now != Automatic::None && u.attacker && u.attacker->afloat())
        return std::atan2(u.at.x - u.attacker->at.x, u.at.y - u.attacker->at.y) * 180 / M_PI;
    const Unit* near = nullptr;
    for (const Unit& o : units_)
        if (o.side != u.side && o.afloat() && (!near || geometry::distance(u.at, o.at) < geometry::distance(u.at, near->at))) near = &o;
    if (!near) return u.heading;
    const double bearing = std::atan2(near->at.x - u.at.x, near->at.y - u.at.y) * 180 / M_PI;
    // a unit with loaded tubes closes to torpedo range, then shows its side; the others keep a broadside
    const bool tubes = u.card.torpedoes.value_or(0) > 0 && u.tubes_used[0] + u.tubes_used[1] < (u.card.centre_torpedoes ? 1 : 2);
    const double off = !tubes ? 70 : geometry::distance(u.at, near->at) > 18 ? 25 : 85;
    const double port = normal(bearing - off), starboard = normal(bearing + off);
    return std::abs(std::remainder(port - u.heading, 360.0)) < std::abs(std::remainder(starboard - u.heading, 360.0)) ? port : starboard;
}

// Runs of the rotation distance, each followed by a rotation of at most 22.5 degrees toward the goal.
void Battle::manoeuvre(Unit& u) {
    const double goal = goal_heading(u);
    const double full = std::abs(u.speed), length = *u.card.length_cm;
    const double step = slow(u) ? std::floor(length / 2) : length;
    std::string moves;
    double left = full, run = 0, pending = 0;
    bool rotated = false;
    auto rotate = [&] {
        const double want = std::remainder(goal - u.heading, 360.0);
        const double angle = std::clamp(std::round(want * 2) / 2, -22.5, 22.5);
        if (std::abs(angle) < 0.5 || u.conning_now) return;
        if (pending > 0) moves += " move " + num(pending) + "cm", pending = 0;
        moves += " turn " + num(angle);
        u.heading = normal(u.heading + angle);
        run = 0, rotated = true;
    };
    if (u.planned_veer) rotate();
    while (left > 1e-9) {
        const double d = step > 0 ? std::min(left, std::max(step - run, 0.0)) : left;
        const double go = d > 0 ? d : left;
        u.at = ahead(u.at, u.heading, go * (u.speed < 0 ? -1 : 1));
        pending += go, run += go, left -= go;
        if (left > 1e-9 && run >= step) rotate();
    }
    if (!rotated && full < step && full > 0) rotate();  // the rotation a move too short for one allows
    if (pending > 0) moves += " move " + num(pending) + "cm";
    u.at = {round1(u.at.x), round1(u.at.y)};
    u.heading = round1(u.heading);
    std::string text = "    " + alias_of(units_, &u) + " speed " + std::to_string(u.speed) + moves;
    if (full > 0) text += " => (" + num(u.at.x) + ", " + num(u.at.y) + ", " + num(u.heading) + ")";
    line(text);
    if (u.at.x < -kTolerance || u.at.y < -kTolerance || u.at.x > kTableW + kTolerance || u.at.y > kTableH + kTolerance) u.lost = u.removed = true;
}

bool Battle::covered(const Unit& from, const Unit& to) const {
    for (const Unit& o : units_)
        if (&o != &from && &o != &to && o.placed && !o.removed && sp(o) >= sp(to) && hull_crosses(from.at, to.at, o, kTolerance)) return true;
    return false;
}

bool Battle::valid_target(const Unit& u, int b, const Unit& t) const {
    const auto& r = u.card.batteries[static_cast<std::size_t>(b)].range_cm;
    if (t.side == u.side || !t.afloat() || (r && geometry::distance(u.at, t.at) > *r) || covered(u, t)) return false;
    for (Arc a : arcs(u, t))
        if (arc_open(u, b, a)) return true;
    return false;
}

// Opening Fire with Batteries: the nearest valid target (under a conning-tower hit, its last one).
Unit* Battle::nearest_target(const Unit& u, int b) {
    Unit* best = nullptr;
    for (Unit& t : units_) {
        if (!valid_target(u, b, t)) continue;
        if (u.conning_now && std::find(u.last_targets.begin(), u.last_targets.end(), &t) == u.last_targets.end()) continue;
        if (!best || geometry::distance(u.at, t.at) < geometry::distance(u.at, best->at)) best = &t;
    }
    if (best && !u.conning_now)  // no other valid target within the ruler's tolerance of it: either could be "the nearest"
        for (const Unit& t : units_)
            if (&t != best && valid_target(u, b, t) && geometry::distance(u.at, t.at) < geometry::distance(u.at, best->at) + 2 * kTolerance) return nullptr;
    return best;
}

void Battle::fire_batteries(Unit& u) {
    if (u.automatic_now == Automatic::Severe) return;  // Automatic Actions: no fire
    for (int b = 0; b < kBatteries; ++b) {
        if (!u.card.batteries[static_cast<std::size_t>(b)].present() || !u.afloat()) continue;
        if (Unit* t = nearest_target(u, b)) fire(u, b, *t);
    }
}

void Battle::fire(Unit& u, int b, Unit& t) {
    const auto& bat = u.card.batteries[static_cast<std::size_t>(b)];
    Arc arc = Arc::Bow;
    for (Arc a : arcs(u, t))
        if (arc_open(u, b, a)) {
            arc = a;
            break;
        }
    const double d = geometry::distance(u.at, t.at), range = bat.range_cm.value_or(1e9);
    const bool long_range = d > range / 2;
    const Coefficient c = *coefficient_now(u, b, arc);
    const int coefficient = long_range ? c.long_range : c.short_range;
    const int face = rng_.between(1, bat.die ? bat.die : 6);
    std::string attack = "d" + std::to_string(bat.die ? bat.die : 6) + ": " + std::to_string(face) + " " + signed_text(coefficient) + "(" + kArcNames[ix(arc)] +
                         (long_range ? " long" : " short") + ")";
    int total = face + coefficient;
    auto mod = [&](int v, const char* label) {
        if (v == 0) return;
        attack += " " + signed_text(v) + "(" + label + ")";
        total += v;
    };
    mod(-std::abs(t.speed) / 10, "target speed");
    mod(slow(u) ? 1 : 0, "slow speed");
    mod(u.automatic_now == Automatic::Light ? -2 : 0, "light damage");
    mod(long_range && u.radio_hit ? -1 : 0, "communication tower");
    const auto shown = arcs(t, u);
    const Section section = section_of(shown.front());
    const int df = t.card.defence[static_cast<std::size_t>(section)].value_or(0);
    const int dface = rng_.between(1, 8);
    const bool hit = total > dface + df;
    use_arc(u, b, arc);
    u.targets_now.push_back(&t);
    const char* section_name = section == Section::Bow ? "bow" : section == Section::Side ? "side" : "stern";
    std::string text = "    " + alias_of(units_, &u) + " fire " + kBatteryNames[b] + " " + kArcNames[ix(arc)] + " " + alias_of(units_, &t) + " " + num(d) +
                       "cm " + attack + " = " + std::to_string(total) + " d8: " + std::to_string(dface) + " " + signed_text(df) + "(" + section_name +
                       ") = " + std::to_string(dface + df) + " => ";
    if (!hit) return line(text + "miss");
    const Automatic kind = face >= *t.card.armour ? Automatic::Severe : Automatic::Light;
    const int before = t.severe;
    t.severe += kind == Automatic::Severe;
    line(text + "hit " + (kind == Automatic::Severe ? "severe" : "light") + sunk_claim(t));
    t.severe = before;
    take_damage(t, u, kind, kind == Automatic::Severe ? 1 : 0, true);
}

std::string Battle::sunk_claim(const Unit& t) const { return t.severe >= sp(t) ? " sunk" : ""; }

void Battle::take_damage(Unit& t, Unit& by, Automatic kind, int structure, bool critical_roll) {
    if (kind == Automatic::Severe || t.automatic == Automatic::None) t.automatic = kind;
    t.attacker = &by;
    t.severe += structure;
    if (t.severe >= sp(t) && !t.sunk) t.sunk = true, t.sunk_turn = turn_;
    if (!critical_roll || t.sunk) return;
    const std::string who = "    " + alias_of(units_, &t) + " critical ";
    if (kind == Automatic::Severe) return line(who + "2d10: " + std::to_string(rng_.between(1, 10)) + " " + std::to_string(rng_.between(1, 10)));
    const int face = rng_.d6();
    const bool none = face == 1 || (t.criticals.count(face) && !cumulative_critical(face)) || (face == 3 && !t.card.aircraft.value_or(0));
    line(who + "d6: " + std::to_string(face) + " => " + (none ? "none" : light_critical(face)));
    if (none) return;
    t.criticals.insert(face);
    if (face == 2) ++t.torpedo_tubes_hit;
    if (face == 4) t.radio_hit = true;
    if (face == 5) t.conning_due = true;
    if (face == 6) ++t.aa_hit;
}

// Launching Torpedoes: every tube of a side at the nearest enemy in that side's arc within 20 cm.
void Battle::launch_torpedoes(Unit& u) {
    if (u.automatic_now == Automatic::Severe || !u.card.torpedoes || *u.card.torpedoes == 0) return;
    for (int side = 0; side < 2; ++side) {
        const bool empty = u.tubes_used[static_cast<std::size_t>(side)] > 0 || (u.card.centre_torpedoes && u.tubes_used[0] + u.tubes_used[1] > 0);
        if (empty || !u.afloat()) continue;
        Unit* best = nullptr;
        for (Unit& t : units_) {
            if (t.side == u.side || !t.afloat()) continue;
            const double d = geometry::distance(u.at, t.at);
            const auto a = arcs(u, t);
            if (d > u.card.torpedo_range_cm.value_or(20) - 1 || a.size() != 1 || a.front() != (side == 0 ? Arc::Port : Arc::Starboard)) continue;
            if (!best || d < geometry::distance(u.at, best->at)) best = &t;
        }
        if (!best) continue;
        Unit& t = *best;
        const double d = geometry::distance(u.at, t.at);
        int success = 1 + torpedo_size_bonus(t.card.type) - std::abs(t.speed) / 10 - u.torpedo_tubes_hit + (t.speed == 0) + (d <= 10);
        const auto shown = arcs(t, u);
        success += section_of(shown.front()) == Section::Side;
        const int n = *u.card.torpedoes;
        std::string faces;
        int hits = 0;
        for (int k = 0; k < n; ++k) {
            const int f = rng_.between(1, 10);
            faces += " " + std::to_string(f);
            hits += f <= success;
        }
        u.tubes_used[static_cast<std::size_t>(side)] = n;
        const bool magnetic = u.card.rules.count("magnetic") && rng_.chance(50);  // War Technology/Special Rules
        const int per_hit = magnetic ? 2 : 1, dud_from = magnetic ? 5 : 6;
        const int before = t.severe;
        t.severe += hits * per_hit;
        const std::string claim = hits == 0 ? "miss" : std::to_string(hits) + (hits == 1 ? " hit" : " hits") + sunk_claim(t);
        t.severe = before;
        line("    " + alias_of(units_, &u) + " torpedo " + (side == 0 ? "port " : "starboard ") + (magnetic ? "magnetic " : "") + alias_of(units_, &t) +
             " " + num(d) + "cm " + (n > 1 ? std::to_string(n) : "") + "d10:" + faces + " => " + claim);
        if (hits > 0) take_damage(t, u, Automatic::Severe, hits * per_hit, false);
        for (int h = 0; h < hits && (magnetic || u.card.rules.count("malfunctioning")); ++h) {
            const int f = rng_.d6();
            line("    " + alias_of(units_, &u) + " malfunction d6: " + std::to_string(f) + " => " + (f >= dud_from ? "dud" : "hit"));
            if (f < dud_from) continue;
            t.severe = std::max(0, t.severe - per_hit);
            if (t.sunk && t.severe < sp(t) && t.sunk_turn == turn_) t.sunk = false;
        }
    }
}

void Battle::chronometric() {
    line("  phase chronometric");
    for (std::size_t i = 0; i < units_.size(); ++i) {
        Unit& u = units_[i];
        if (u.sunk && !u.removed && (sp(u) < 4 || u.sunk_turn < turn_)) u.removed = true;
        if (!u.afloat() || u.severe == 0 || u.repairs >= u.card.dc.value_or(0) || !rng_.chance(50)) continue;
        const int f = rng_.between(1, 10);
        line(std::string("    ") + kOrderOfBattle[i].alias + " repair d10: " + std::to_string(f) + " => " + (f >= 6 ? "repaired" : "failed"));
        ++u.repairs;
        if (f >= 6) --u.severe;
    }
}

// Victory Conditions: more than half of the enemy's flagships sunk.
std::string Battle::result() const {
    std::array<bool, 2> beaten{};
    for (int side = 0; side < 2; ++side) {
        int start = 0, alive = 0;
        for (const Unit& u : units_)
            if (u.side == side && u.flagship) ++start, alive += !u.sunk && !u.removed;
        beaten[static_cast<std::size_t>(side)] = start > 0 && 2 * alive < start;
    }
    if (beaten[0] == beaten[1]) return "draw";
    return kSides[beaten[1] ? 0 : 1];
}

}  // namespace

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options) {
    if (options.library.empty())
        throw std::invalid_argument("admiral battles are played with the players' unit cards: give --library FILE "
                                    "(test cards with made-up values: fixtures/ships/admiral-test-cards.ngn)");
    std::error_code ec;
    if (!std::filesystem::is_regular_file(options.library, ec)) throw std::invalid_argument(options.library + ": not a readable file");
    Findings problems;
    const CardLibrary cards = CardLibrary::load(options.library, options.library, problems);
    if (!problems.all().empty())
        throw std::invalid_argument(options.library + ":" + std::to_string(problems.all().front().pos.line) + ": " + problems.all().front().message);
    Random rng = Random::for_game(seed, index);
    return Battle(rng, index, cards, options).play();
}

}  // namespace ironlog::rules::admiral
