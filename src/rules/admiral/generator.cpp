// Random legal Admiral battles: two squadrons (the Denmark Strait's, the British reinforced for an
// unequal clash with Pass cards, or an Axis squadron with Italian destroyers and cruisers), four
// turns of the demo's rules, each game under one combination of the options the docs list (scale,
// table, attack-tie, end-rotation, victory), so that every batch of 48 games plays them all.
// Set-up: one D10 a flagship (Playing Admiral/Choosing Flagships), the lines 20 cm apart, nose to
// tail. Each turn: the initiative and Admiral Points, then alternating hands from shuffled decks
// (the smaller side's with its Pass cards); each unit sets its speed within a third of its maximum
// (now and then stopping and going astern, Reversing the Course), runs and rotates (at most 22.5
// degrees after each run of its length, half at slow speed; one rotation at the end of a move too
// short, or of every move with end-rotation=always) toward a broadside on the nearest enemy or away
// from its attacker under an automatic action, and back toward the table's middle near an edge;
// a hull that meets another's collides (a ram from 45 degrees, with the armours' damage, or a
// glance); then each battery fires at its nearest valid target, the tubes of a side at an enemy
// within range; hits, damage and criticals follow the rules; damage control in the chronometric
// phase. Every die is random.
#include "rules/admiral/generator.hpp"

#include "check/finding.hpp"
#include "rules/admiral/gunnery.hpp"
#include "rules/admiral/line_of_sight.hpp"
#include "rules/admiral/tables.hpp"
#include "rules/admiral/unit_card.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ironlog::rules::admiral {

namespace {

constexpr double kTolerance = 0.5;
constexpr int kTurns = 4;
constexpr const char* kBatteryNames[] = {"primary", "secondary", "tertiary"};
constexpr const char* kArcNames[] = {"bow", "starboard", "stern", "port"};

struct Order {
    const char* alias;
    const char* card;
    int side;
    bool flagship;
};
// The orders of battle: the Denmark Strait; the British reinforced (seven against three: Germany
// has two Pass cards, Playing Admiral/Unequal Clash); an Axis squadron with Italian units (smoke,
// malfunctioning torpedoes).
const std::vector<Order> kOrdersOfBattle[] = {
    {{"BIS", "Bismarck", 0, true}, {"PE", "Prinz Eugen", 0, false}, {"SCH", "Scharnhorst", 0, false},
     {"HOOD", "Hood", 1, true}, {"PoW", "Prince of Wales", 1, true}, {"NOR", "Norfolk", 1, false}, {"MAO", "Maori", 1, false}},
    {{"BIS", "Bismarck", 0, true}, {"PE", "Prinz Eugen", 0, false}, {"SCH", "Scharnhorst", 0, false},
     {"HOOD", "Hood", 1, true}, {"PoW", "Prince of Wales", 1, true}, {"NOR", "Norfolk", 1, false}, {"MAO", "Maori", 1, false},
     {"DOR", "Dorsetshire", 1, false}, {"EXE", "Exeter", 1, false}, {"ARK", "Ark Royal", 1, false}},
    {{"BIS", "Bismarck", 0, true}, {"PE", "Prinz Eugen", 0, false}, {"GS", "Admiral Graf Spee", 0, false}, {"DAR", "Dardo", 0, false},
     {"CAD", "Cadorna", 0, false}, {"HOOD", "Hood", 1, true}, {"PoW", "Prince of Wales", 1, true}, {"NOR", "Norfolk", 1, false},
     {"MAO", "Maori", 1, false}},
};
constexpr const char* kSides[] = {"Germany", "Britain"};

// One combination of the options the docs list (docs/rules/admiral.md, "The header"): game
// `index` plays combination index % 48, the first being the defaults.
struct Options {
    int scale = 0;  // 1850, 2400, 3000
    bool small_table = false, tie_hits = false, end_always = false, mission = false;
    static Options of_game(int index) {
        const int c = index % 48;
        return Options{c % 3, (c / 3) % 2 == 1, (c / 6) % 2 == 1, (c / 12) % 2 == 1, (c / 24) % 2 == 1};
    }
    std::string tag() const {
        std::string s;
        auto add = [&](const std::string& o) { s += (s.empty() ? "" : ", ") + o; };
        if (scale) add(std::string("scale=") + (scale == 1 ? "2400" : "3000"));
        if (small_table) add("table=120x180");
        if (tie_hits) add("attack-tie=hit");
        if (end_always) add("end-rotation=always");
        if (mission) add("victory=mission");
        return s;
    }
};

std::string num(double v) {
    std::ostringstream os;
    os << std::round(v * 10) / 10;
    return os.str();
}
double round1(double v) { return std::round(v * 10) / 10; }
double normal(double h) { return std::fmod(std::fmod(h, 360.0) + 360.0, 360.0); }
std::string signed_text(int v) { return (v < 0 ? "" : "+") + std::to_string(v); }
std::size_t ix(Arc a) { return static_cast<std::size_t>(a); }

// The ends of a hull: its length along its course through its tower.
std::pair<geometry::Point, geometry::Point> hull_ends(const Unit& u) {
    const double half = u.card.length_cm.value_or(0) / 2;
    return {ahead(u.at, u.heading, half), ahead(u.at, u.heading, -half)};
}
double point_segment(geometry::Point p, geometry::Point s, geometry::Point t) {
    const double dx = t.x - s.x, dy = t.y - s.y, len = dx * dx + dy * dy;
    const double k = len == 0 ? 0 : std::clamp(((p.x - s.x) * dx + (p.y - s.y) * dy) / len, 0.0, 1.0);
    return geometry::distance(p, {s.x + k * dx, s.y + k * dy});
}
// Whether two hulls touch (within a few millimetres, or crossing).
bool hulls_touch(const Unit& a, const Unit& b) {
    const double reach = (a.card.length_cm.value_or(0) + b.card.length_cm.value_or(0)) / 2 + 0.3;
    if (std::abs(a.at.x - b.at.x) > reach || std::abs(a.at.y - b.at.y) > reach) return false;  // too far apart to touch
    const auto [a1, a2] = hull_ends(a);
    const auto [b1, b2] = hull_ends(b);
    auto cross = [](geometry::Point o, geometry::Point p, geometry::Point q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); };
    const bool crossing = (cross(a1, a2, b1) > 0) != (cross(a1, a2, b2) > 0) && (cross(b1, b2, a1) > 0) != (cross(b1, b2, a2) > 0);
    return crossing || std::min({point_segment(a1, b1, b2), point_segment(a2, b1, b2), point_segment(b1, a1, a2), point_segment(b2, a1, a2)}) < 0.3;
}

class Battle {
public:
    Battle(Random& rng, int index, const CardLibrary& cards, const GenerateOptions& options);
    std::string play();

private:
    void set_up();
    void place_lines();
    void tactical();
    void operational();
    void chronometric();
    void activate(Unit& u);
    void give_orders(Unit& u);
    void choose_speed(Unit& u);
    std::vector<int> legal_speeds(const Unit& u) const;
    void manoeuvre(Unit& u);
    void write_move(Unit& u, std::string& moves, bool claim);
    Unit* run_into(Unit& u, double go, double& gone, const std::set<const Unit*>& touching);
    bool collide(Unit& u, Unit& o);
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
    double range(const Unit& u, int b) const;
    int sp(const Unit& u) const { return u.card.sp.value_or(type_sp(u.card.type).value_or(1)); }
    bool slow(const Unit& u) const { return u.speed < 0 || 2 * u.speed < *u.card.speed; }
    bool may_fire(const Unit& u) const { return u.afloat() && (!u.stopped || u.ram_malus_turn == turn_); }
    int best_command(int side) const;
    std::string result() const;
    std::string alias(const Unit* u) const;
    void line(const std::string& text) { out_ << text << "\n"; }

    Random& rng_;
    int index_;
    const CardLibrary& cards_;
    GenerateOptions options_;
    Options opt_;
    Scale scale_;
    double table_w_ = 240, table_h_ = 180;
    const std::vector<Order>* order_ = nullptr;
    std::ostringstream out_;
    std::deque<Unit> units_;
    std::array<int, 2> points_{}, spent_{}, passes_{};
    std::set<const Unit*> backing_;  // units slowing to stop and go astern
    int first_hand_ = 0;
    int turn_ = 0;
};

Battle::Battle(Random& rng, int index, const CardLibrary& cards, const GenerateOptions& options)
    : rng_(rng), index_(index), cards_(cards), options_(options), opt_(Options::of_game(index)) {
    scale_ = scale_of(opt_.scale == 0 ? "1850" : opt_.scale == 1 ? "2400" : "3000");
    if (opt_.small_table) table_w_ = 180, table_h_ = 120;
    order_ = &kOrdersOfBattle[rng_.below(static_cast<int>(std::size(kOrdersOfBattle)))];
    for (const Order& o : *order_) {
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

std::string Battle::alias(const Unit* u) const {
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (&units_[i] == u) return (*order_)[i].alias;
    return "?";
}

std::string Battle::play() {
    out_ << generated_header("Generated Admiral battle", index_);
    out_ << "[Ruleset \"admiral\"]\n[Side1 \"Germany\"]\n[Player1 \"" << player_name(2 * index_) << "\"]\n[Side2 \"Britain\"]\n[Player2 \""
         << player_name(2 * index_ + 1) << "\"]\n[Library \"" << options_.library << "\"]\n";
    if (!opt_.tag().empty()) out_ << "[Options \"" << opt_.tag() << "\"]\n";
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

// Two lines nose to tail, 25 cm apart (20 on the small table: hulls more than 5 cm apart, no formation), the German one
// in the upper left heading down the table toward the British one in the lower right.
void Battle::place_lines() {
    const double fx = table_w_ / 240, fy = table_h_ / 180, spacing = opt_.small_table ? 20 : 25;
    const double g_heading = opt_.small_table ? 95 + rng_.below(16) : 100 + rng_.below(41);
    const double b_heading = normal(g_heading + 180 + rng_.between(-20, 20));
    geometry::Point head[2] = {{(60.0 + rng_.below(30)) * fx, (120.0 + rng_.below(30)) * fy}, {(150.0 + rng_.below(20)) * fx, (60.0 + rng_.below(20)) * fy}};
    const double heading[2] = {g_heading, b_heading};
    for (int side = 0; side < 2; ++side) {  // the whole line moved onto the table, 10 cm from its edges
        int k = 0;
        double dx = 0, dy = 0;
        for (const Unit& u : units_) {
            if (u.side != side) continue;
            const geometry::Point p = ahead(head[side], heading[side], -spacing * k++);
            dx = std::max(dx, 10 - p.x), dy = std::max(dy, 10 - p.y);
            dx = std::min(dx, table_w_ - 10 - p.x), dy = std::min(dy, table_h_ - 10 - p.y);
        }
        head[side] = {head[side].x + dx, head[side].y + dy};
        k = 0;
        for (Unit& u : units_)
            if (u.side == side) u.at = ahead(head[side], heading[side], -spacing * k++), u.at = {round1(u.at.x), round1(u.at.y)}, u.heading = heading[side];
    }
}

void Battle::set_up() {
    place_lines();
    int number[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        line(std::string("side ") + kSides[side]);
        for (Unit& u : units_) {
            if (u.side != side) continue;
            u.placed = true;
            u.speed = *u.card.speed * 2 / 3;  // Initial Condition of Units
            line(std::string("ship ") + alias(&u) + " \"" + u.card.name + "\" number " + std::to_string(++number[side]) + (u.flagship ? " flagship" : "") +
                 " at (" + num(u.at.x) + ", " + num(u.at.y) + ", " + num(u.heading) + ")");
        }
    }
    line("");
    line("phase setup");
    for (int side = 0; side < 2; ++side) {
        std::string faces, claim;
        int n = 0;
        for (Unit& u : units_) {
            if (u.side != side || !u.flagship) continue;
            const int face = rng_.between(1, 10);
            u.command = face <= 3 ? -1 : face <= 7 ? 0 : 1;  // the players' reading of the Command values table
            faces += " " + std::to_string(face);
            claim += " " + alias(&u) + " " + signed_text(*u.command);
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

// The initiative, and each side's Pass cards for the turn (Unequal Clash: one for every two units
// fewer than the opponent afloat now, at most 10).
void Battle::tactical() {
    line("  phase tactical");
    std::array<int, 2> total{}, afloat{};
    for (const Unit& u : units_) afloat[static_cast<std::size_t>(u.side)] += u.afloat();
    for (int side = 0; side < 2; ++side)
        passes_[static_cast<std::size_t>(side)] = std::min(10, std::max(0, (afloat[static_cast<std::size_t>(1 - side)] - afloat[static_cast<std::size_t>(side)]) / 2));
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

// Alternating hands from each side's shuffled deck (a null card is a Pass card); a unit rammed
// before its hand has none this turn, and its card is passed over.
void Battle::operational() {
    line("  phase operational");
    std::array<std::vector<Unit*>, 2> deck;
    for (Unit& u : units_) {
        u.fired = {}, u.reduced = {}, u.orders.clear(), u.repaired = false, u.stopped = false;
        if (u.afloat()) deck[static_cast<std::size_t>(u.side)].push_back(&u);
    }
    for (std::size_t s = 0; s < 2; ++s) {
        for (int k = 0; k < passes_[s] && rng_.chance(60); ++k) deck[s].push_back(nullptr);
        auto& d = deck[s];
        for (std::size_t i = d.size(); i > 1; --i) std::swap(d[i - 1], d[static_cast<std::size_t>(rng_.below(static_cast<int>(i)))]);
    }
    std::array<std::size_t, 2> next{};
    int side = first_hand_;
    auto left = [&](int s) {
        auto& d = deck[static_cast<std::size_t>(s)];
        auto& n = next[static_cast<std::size_t>(s)];
        while (n < d.size() && d[n] && (!d[n]->afloat() || d[n]->stopped)) ++n;
        return n < d.size();
    };
    while (left(0) || left(1)) {
        if (!left(side)) side = 1 - side;
        Unit* u = deck[static_cast<std::size_t>(side)][next[static_cast<std::size_t>(side)]++];
        if (u) activate(*u);
        else line(std::string("    ") + kSides[side] + " pass");
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
    if (may_fire(u)) fire_batteries(u);
    if (may_fire(u)) launch_torpedoes(u);
    if (!u.targets_now.empty()) u.last_targets = u.targets_now;
}

// Admiral Orders, one Admiral Point each: smoke for units with projectors, a Planned Veer in turn 1.
void Battle::give_orders(Unit& u) {
    const std::size_t s = static_cast<std::size_t>(u.side);
    if (u.conning_now) return;
    if (turn_ == 1 && spent_[s] < points_[s] && rng_.chance(30)) {
        line("    " + alias(&u) + " order planned-veer");
        ++spent_[s], u.planned_veer = true;
    }
    if (u.card.rules.count("smoke") && spent_[s] < points_[s] && rng_.chance(25)) {
        line("    " + alias(&u) + " order smoke");
        ++spent_[s];
    }
}

// Modifying the Speed and Reversing the Course: ahead, a change of at most a third of the
// maximum (at least 1 knot); astern only through 0, at most a third of the maximum, changed by a
// third of that (at least 1 knot); back to ahead through 0.
std::vector<int> Battle::legal_speeds(const Unit& u) const {
    const int m = *u.card.speed, c = std::max(1, m / 3), back_max = m / 3, back_change = std::max(1, back_max / 3), v = u.speed;
    std::vector<int> out;
    if (v < 0) {
        for (int k = std::max(-back_max, v - back_change); k <= std::min(0, v + back_change); ++k) out.push_back(k);
        return out;
    }
    for (int k = std::min({c - v, back_change, back_max}); k >= 1; --k) out.push_back(-k);
    for (int k = std::max(0, v - c); k <= std::min(m, v + c); ++k) out.push_back(k);
    return out;
}

// Kept under an automatic action or a conning-tower hit; otherwise toward two thirds of the
// maximum, or, for a unit backing, down to 0 and astern for a hand, then ahead again.
void Battle::choose_speed(Unit& u) {
    if (u.automatic_now != Automatic::None || u.conning_now) return;
    const auto ok = legal_speeds(u);
    if (!backing_.count(&u) && u.speed >= 0 && rng_.chance(5)) backing_.insert(&u);
    if (backing_.count(&u)) {
        if (u.speed < 0) backing_.erase(&u);
        u.speed = u.speed < 0 ? ok.back() : ok.front();  // astern: back to 0; else as slow as it may
        return;
    }
    const int m = *u.card.speed;
    const int aim = std::clamp(m * 2 / 3 + rng_.between(-4, 4), std::max(0, ok.front()), ok.back());
    u.speed = rng_.chance(50) ? aim : ok[static_cast<std::size_t>(rng_.below(static_cast<int>(ok.size())))];
}

std::vector<Arc> Battle::arcs(const Unit& from, const Unit& to) const {
    return arcs_at(from.at, from.heading, to.at, arc_slack(geometry::distance(from.at, to.at), kTolerance));
}

// Toward the table's middle near an edge; away from the attacker under an automatic action;
// otherwise to bring the nearest enemy abeam.
double Battle::goal_heading(const Unit& u) const {
    const geometry::Point probe = ahead(u.at, u.heading, u.speed < 0 ? -20 : 35);
    if (probe.x < 25 || probe.y < 25 || probe.x > table_w_ - 25 || probe.y > table_h_ - 25)
        return std::atan2(table_w_ / 2 - u.at.x, table_h_ / 2 - u.at.y) * 180 / M_PI + (u.speed < 0 ? 180 : 0);
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

// A run of `go` cm, a few millimetres at a time: stops where the hull meets another unit's afloat
// (not one it touched already), and returns that unit; `gone` is the distance run.
Unit* Battle::run_into(Unit& u, double go, double& gone, const std::set<const Unit*>& touching) {
    const double sign = u.speed < 0 ? -1 : 1;
    const geometry::Point from = u.at;
    for (gone = 0; gone < go - 1e-9;) {
        gone = std::min(go, gone + 0.5);
        u.at = ahead(from, u.heading, sign * gone);
        if (u.automatic_now != Automatic::None) continue;  // it steers clear: a unit under an automatic action may not ram
        for (Unit& o : units_)
            if (&o != &u && o.afloat() && o.placed && !touching.count(&o) && hulls_touch(u, o)) return &o;
    }
    return nullptr;
}

void Battle::write_move(Unit& u, std::string& moves, bool claim) {
    std::string text = "    " + alias(&u);
    if (!u.moved_any) text += " speed " + std::to_string(std::abs(u.speed)) + (u.speed < 0 ? " astern" : "");
    u.moved_any = true;
    text += moves;
    if (claim) text += " => (" + num(u.at.x) + ", " + num(u.at.y) + ", " + num(u.heading) + ")";
    line(text);
    moves.clear();
}

// Runs of the rotation distance, each followed by a rotation of at most 22.5 degrees toward the
// goal; a collision ends the line there (a ram ends the move).
void Battle::manoeuvre(Unit& u) {
    const double goal = goal_heading(u);
    const double full = std::abs(u.speed) * scale_.cm_per_knot, length = *u.card.length_cm;
    const double step = slow(u) ? std::floor(length / 2) : length;
    std::string moves;
    double left = full, run = 0, pending = 0;
    bool rotated = false;
    u.moved_any = false;
    std::set<const Unit*> touching;  // hulls it touches already, or glanced off
    for (const Unit& o : units_)
        if (&o != &u && o.afloat() && hulls_touch(u, o)) touching.insert(&o);
    auto flush = [&] {
        if (pending > 0) moves += " move " + num(pending) + "cm", pending = 0;
    };
    auto rotate = [&] {
        const double want = std::remainder(goal - u.heading, 360.0);
        const double angle = std::clamp(std::round(want * 2) / 2, -22.5, 22.5);
        if (std::abs(angle) < 0.5 || u.conning_now) return;
        flush();
        moves += " turn " + num(angle);
        u.heading = normal(u.heading + angle);
        run = 0, rotated = true;
    };
    if (u.planned_veer) rotate();
    while (left > 1e-9) {
        const double d = step > 0 ? std::min(left, std::max(step - run, 0.0)) : left;
        const double want = d > 0 ? d : left;
        double go = 0;
        Unit* met = run_into(u, want, go, touching);
        pending += go, run += go, left -= go;
        if (met) {
            flush();
            u.at = {round1(u.at.x), round1(u.at.y)};
            write_move(u, moves, true);
            touching.insert(met);
            if (collide(u, *met)) return;  // a ram: it stops
            continue;
        }
        if (left > 1e-9 && run >= step) rotate();
    }
    const bool end_rotation = opt_.end_always ? rng_.chance(30) : full < step;  // Rotation: at the end of a move
    if (!rotated && end_rotation) rotate();
    else if (opt_.end_always && end_rotation && run < step) rotate();
    flush();
    u.at = {round1(u.at.x), round1(u.at.y)};
    u.heading = round1(u.heading);
    if (!moves.empty() || !u.moved_any) write_move(u, moves, full > 0 || rotated);
    if (u.at.x < -kTolerance || u.at.y < -kTolerance || u.at.x > table_w_ + kTolerance || u.at.y > table_h_ + kTolerance) u.lost = u.removed = true;
}

// Units Movement/Ramming: courses meeting at 45 degrees or more are a ram (both stop; a rammer at
// 20 knots or more damages the weaker by the armours), under 45 a glance. True for a ram.
bool Battle::collide(Unit& u, Unit& o) {
    const double theta = std::abs(std::remainder(u.heading - o.heading, 360.0)), angle = std::min(theta, 180 - theta);
    const std::string head = "    " + alias(&u) + " collide " + alias(&o) + " => ";
    if (angle < 45) return line(head + "glance"), false;
    u.stopped = o.stopped = true;
    if (std::abs(u.speed) < 20) return line(head + "ram"), true;
    const int ua = *u.card.armour, oa = *o.card.armour, high = std::max(ua, oa), low = std::min(ua, oa);
    Unit& weaker = ua <= oa ? u : o;
    Unit& survivor = &weaker == &u ? o : u;
    if (high >= 3 * low) {  // the weaker sinks; the survivor fires at -2 this turn
        line(head + "ram " + alias(&weaker) + " sunk");
        weaker.severe = std::max(weaker.severe, sp(weaker));
        weaker.sunk = true, weaker.sunk_turn = turn_;
        survivor.ram_malus_turn = turn_;
        if (&survivor == &u) u.stopped = false;  // it goes on through (its run is not judged): here it goes no farther
        else survivor.speed = 0;
        return true;
    }
    const Automatic kind = high >= 2 * low ? Automatic::Severe : Automatic::Light;
    const bool sinks = kind == Automatic::Severe && weaker.severe + 1 >= sp(weaker);
    line(head + "ram " + alias(&weaker) + (kind == Automatic::Severe ? " severe" : " light") + (sinks ? " sunk" : ""));
    take_damage(weaker, survivor, kind, kind == Automatic::Severe ? 1 : 0, false);
    return true;
}

bool Battle::covered(const Unit& from, const Unit& to) const {
    for (const Unit& o : units_)
        if (&o != &from && &o != &to && o.placed && !o.removed && sp(o) >= sp(to) && hull_crosses(from.at, to.at, o, kTolerance)) return true;
    return false;
}

double Battle::range(const Unit& u, int b) const {
    const auto& r = u.card.batteries[static_cast<std::size_t>(b)].range_cm;
    return r ? *r / scale_.range_divisor : 1e9;
}

bool Battle::valid_target(const Unit& u, int b, const Unit& t) const {
    if (t.side == u.side || !t.afloat() || geometry::distance(u.at, t.at) > range(u, b) || covered(u, t)) return false;
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
    const double d = geometry::distance(u.at, t.at);
    const bool long_range = d > range(u, b) / 2;
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
    mod(u.ram_malus_turn == turn_ ? -2 : 0, "ram");
    mod(long_range && u.radio_hit ? -1 : 0, "communication tower");
    const auto shown = arcs(t, u);
    const Section section = section_of(shown.front());
    const int df = t.card.defence[static_cast<std::size_t>(section)].value_or(0);
    const int dface = rng_.between(1, 8);
    const bool hit = total > dface + df || (opt_.tie_hits && total == dface + df);
    use_arc(u, b, arc);
    u.targets_now.push_back(&t);
    const char* section_name = section == Section::Bow ? "bow" : section == Section::Side ? "side" : "stern";
    std::string text = "    " + alias(&u) + " fire " + kBatteryNames[b] + " " + kArcNames[ix(arc)] + " " + alias(&t) + " " + num(d) + "cm " + attack +
                       " = " + std::to_string(total) + " d8: " + std::to_string(dface) + " " + signed_text(df) + "(" + section_name + ") = " +
                       std::to_string(dface + df) + " => ";
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
    const std::string who = "    " + alias(&t) + " critical ";
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

// Launching Torpedoes: every tube of a side at the nearest enemy in that side's arc within range.
void Battle::launch_torpedoes(Unit& u) {
    if (u.automatic_now == Automatic::Severe || !u.card.torpedoes || *u.card.torpedoes == 0) return;
    const double reach = u.card.torpedo_range_cm.value_or(20) / scale_.range_divisor, near = 10 / scale_.range_divisor;
    for (int side = 0; side < 2; ++side) {
        const bool empty = u.tubes_used[static_cast<std::size_t>(side)] > 0 || (u.card.centre_torpedoes && u.tubes_used[0] + u.tubes_used[1] > 0);
        if (empty || !u.afloat()) continue;
        Unit* best = nullptr;
        for (Unit& t : units_) {
            if (t.side == u.side || !t.afloat()) continue;
            const double d = geometry::distance(u.at, t.at);
            const auto a = arcs(u, t);
            if (d > reach - 1 || a.size() != 1 || a.front() != (side == 0 ? Arc::Port : Arc::Starboard)) continue;
            if (std::abs(d - near) < 2 * kTolerance) continue;  // at the 10 cm bonus's edge: either reading stands, keep off it
            if (!best || d < geometry::distance(u.at, best->at)) best = &t;
        }
        if (!best) continue;
        Unit& t = *best;
        const double d = geometry::distance(u.at, t.at);
        int success = 1 + torpedo_size_bonus(t.card.type) - std::abs(t.speed) / 10 - u.torpedo_tubes_hit + (t.speed == 0) + (d <= near);
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
        line("    " + alias(&u) + " torpedo " + (side == 0 ? "port " : "starboard ") + (magnetic ? "magnetic " : "") + alias(&t) + " " + num(d) + "cm " +
             (n > 1 ? std::to_string(n) : "") + "d10:" + faces + " => " + claim);
        if (hits > 0) take_damage(t, u, Automatic::Severe, hits * per_hit, false);
        for (int h = 0; h < hits && (magnetic || u.card.rules.count("malfunctioning")); ++h) {
            const int f = rng_.d6();
            line("    " + alias(&u) + " malfunction d6: " + std::to_string(f) + " => " + (f >= dud_from ? "dud" : "hit"));
            if (f < dud_from) continue;
            t.severe = std::max(0, t.severe - per_hit);
            if (t.sunk && t.severe < sp(t) && t.sunk_turn == turn_) t.sunk = false;
        }
    }
}

void Battle::chronometric() {
    line("  phase chronometric");
    for (Unit& u : units_) {
        if (u.sunk && !u.removed && (sp(u) < 4 || u.sunk_turn < turn_)) u.removed = true;
        if (!u.afloat() || u.severe == 0 || u.repairs >= u.card.dc.value_or(0) || !rng_.chance(50)) continue;
        const int f = rng_.between(1, 10);
        line("    " + alias(&u) + " repair d10: " + std::to_string(f) + " => " + (f >= 6 ? "repaired" : "failed"));
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
