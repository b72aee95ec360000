// Random legal Battles of Lissa (13.2) on the six TBB boards the table pack places: the Italian
// line-ahead on board E (Affondatore beside Re d'Italia, bow the other way, out of command), the
// three Austrian flying wedges from board A. Twelve impulses (7.5): each formation in turn, the
// initiative player's (Italy, 13.2.3) first, then the ships out of formation one by one; each
// activated ship fires at the nearest enemy it may (7.8), then moves forward, turning where it may
// (7.3), the formation together at its slowest ship's MA (the Italian line's ships each following
// the path of the ship ahead, 7.4.4); Affondatore hunts the nearest enemy and
// rams when one stands in its bow hex (7.9). Visibility follows 7.6.4; a ship that cannot move is
// Dead in the Water and rolls to start (7.3.10). The result comes from the VP (12.1, 12.2, 13.2.4).
#include "rules/tmbv/generator.hpp"

#include "geometry/hex.hpp"
#include "notation/record.hpp"
#include "rules/tmbv/manifest.hpp"
#include "rules/tmbv/tables.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ironlog::rules::tmbv {

namespace {

using geometry::hex::Hex;
namespace hx = geometry::hex;

struct OrderOfBattle {
    const char* alias;
    const char* name;
    int formation;  // index into kFormations; -1 none
    bool flagship;
};

struct FormationSpec {
    const char* alias;
    const char* name;
    const char* shape;
    int side;  // 0 Austria, 1 Italy
};

constexpr FormationSpec kFormations[] = {
    {"Italian", "Italian Fleet", "line-ahead", 1},
    {"Battle", "Battle Fleet", "flying-wedge", 0},
    {"Main", "Main Fleet", "flying-wedge", 0},
    {"Support", "Support Fleet", "flying-wedge", 0},
};

// 13.2.1: the Italian line from its head; 13.2.2: each Austrian fleet, flagship first.
constexpr OrderOfBattle kItaly[] = {
    {"PdC", "Principe di Carignano", 0, false}, {"Cas", "Castelfidardo", 0, false}, {"Anc", "Ancona", 0, false},
    {"RdI", "Re d'Italia", 0, true},            {"Pal", "Palestro", 0, false},      {"SMa", "San Martino", 0, false},
    {"RdP", "Re di Portogallo", 0, false},      {"RMP", "Regina Maria Pia", 0, false}, {"Mes", "Messagero", 0, false},
    {"Aff", "Affondatore", -1, false},
};
constexpr OrderOfBattle kAustria[] = {
    {"EFM", "Erzherzog Ferdinand Max", 1, true}, {"Hab", "Habsburg", 1, false}, {"Sal", "Salamander", 1, false},
    {"KMx", "Kaiser Max", 1, false}, {"DJA", "Don Juan de Austria", 1, false}, {"Dra", "Drache", 1, false},
    {"PEu", "Prinz Eugen", 1, false}, {"KEl", "Kaiserin Elisabeth", 1, false},
    {"Kai", "Kaiser", 2, true}, {"Fri", "Friedrich", 2, false}, {"Adr", "Adria", 2, false}, {"Nov", "Novara", 2, false},
    {"Rad", "Radetzky", 2, false}, {"Don", "Donau", 2, false}, {"Sch", "Schwarzenberg", 2, false}, {"Gre", "Greif", 2, false},
    {"Hum", "Hum", 3, true}, {"See", "Seehund", 3, false}, {"Dal", "Dalmat", 3, false}, {"Rek", "Reka", 3, false},
    {"Vel", "Velebit", 3, false}, {"Wal", "Wall", 3, false}, {"Str", "Streiter", 3, false}, {"AHo", "Andreas Hofer", 3, false},
};

// The optional rules and readings a game is played with ([Rules], [Options]; docs/rules/tmbv.md).
// Game `index` of a seed plays combination index % 512, so that any 512 games in a row hold each
// once; every other 512 write the readings' defaults out too.
struct Variation {
    bool critical = false, not_ready = false, rifled = false, dispatch = false, roma = false;
    bool odd_low = false, edge_either = false, count_targets = false, three_decisive = false;
    bool defaults_written = false;

    explicit Variation(int index) {
        const int c = index % 512;
        critical = c & 1, not_ready = c & 2, rifled = c & 4, dispatch = c & 8, roma = c & 16;
        odd_low = c & 32, edge_either = c & 64, count_targets = c & 128, three_decisive = c & 256;
        defaults_written = (index / 512) % 2 == 1;
    }
    std::string header() const {
        std::string rules;
        for (const auto& [on, name] : {std::pair{critical, "critical-hits"}, std::pair{not_ready, "affondatore-not-ready"},
                                       std::pair{rifled, "austrian-rifled-guns"}, std::pair{dispatch, "dispatch-ships"}, std::pair{roma, "ironclad-roma"}})
            if (on) rules += (rules.empty() ? "" : ", ") + std::string(name);
        std::string options;
        const std::pair<bool, std::string> readings[] = {{odd_low, odd_low ? "hex-columns=odd-low" : "hex-columns=even-low"},
                                                         {edge_either, edge_either ? "los-edge=either" : "los-edge=both"},
                                                         {count_targets, count_targets ? "visibility-count=firers-and-targets" : "visibility-count=firers"},
                                                         {three_decisive, three_decisive ? "three-times=decisive" : "three-times=major"}};
        for (const auto& [chosen, text] : readings)
            if (chosen || defaults_written) options += (options.empty() ? "" : ", ") + text;
        return (rules.empty() ? "" : "[Rules \"" + rules + "\"]\n") + (options.empty() ? "" : "[Options \"" + options + "\"]\n");
    }
};

struct GShip {
    std::string alias;
    int side = 0;
    int formation = -1;
    bool flagship = false, independent = false;
    const ManifestShip* m = nullptr;
    Hex at;
    int facing = 0;
    int hits = 0;
    bool sunk = false, diw = false, turned = false;
    bool on_fire = false, bridge = false, rudder = false, not_ready = false;  // 14.1, 14.2
    int relayed_for = -1;  // 14.4: the formation a dispatch ship serves this impulse
    bool repaired = false;  // its rudder repaired at this impulse's end (14.1.3)
    // this impulse
    bool activated = false, fired = false, fired_upon = false, targeted = false, out = false, started = false;
    int mp = 0;
};

// One way to move: [a turn first] n1 hexes [a turn, then n2 hexes].
struct Manoeuvre {
    int first_turn = 0;  // -1 port, +1 starboard, 0 none
    int n1 = 0;
    int mid_turn = 0;
    int n2 = 0;
    int turns() const { return (first_turn != 0) + (mid_turn != 0); }
};

class Battle {
public:
    Battle(Random& rng, int index, const TablePack& pack, const Manifest& manifest, const GenerateOptions& options)
        : rng_(rng), index_(index), pack_(pack), manifest_(manifest), options_(options), v_(index),
          grid_(v_.odd_low ? hx::Columns::OddLow : hx::Columns::EvenLow) {}

    std::string play();

private:
    // ---- the board ----
    bool on_board(Hex h) const;
    std::string spot(Hex h, std::optional<int> facing = std::nullopt) const;
    GShip* ship_at(Hex h, const GShip* not_this, const GShip* nor_this = nullptr);
    int count_at(Hex h, const GShip* not_this);
    bool blocked(const GShip& a, const GShip& b);
    bool sees(const GShip& a, const GShip& b);
    bool in_broadside(const GShip& s, const GShip& t) const;
    // ---- the order of battle ----
    void set_up();
    void place_line(Hex head, int facing);
    void place_wedge(int formation, Hex point, int facing, bool pairs);
    void declare(std::ostringstream& out);
    // ---- play ----
    void impulse(int n);
    void step_heading(const char* kind) {
        body_ << "      step " << kind << "\n";
        if (not_ready_due_) not_ready(), not_ready_due_ = false;  // before Affondatore acts (14.2)
    }
    bool not_ready_due_ = false;
    void activate_formation(int f);
    void activate_single(GShip& s);
    GShip* flagship(int f);
    bool relay_for(const GShip& d, int f);
    std::vector<GShip*> linked(int f, bool relays = true);
    void claim_relays(int f, const std::vector<GShip*>& chain);
    std::vector<GShip*> companions(int f, const std::vector<GShip*>& members);
    void move_wedge(std::vector<GShip*> members, int mp);
    bool in_formation(const GShip& s) const;
    void fire(GShip& s);
    void engage(const GShip& s) {
        if (std::find(engaged_ships_.begin(), engaged_ships_.end(), &s) == engaged_ships_.end()) engaged_ships_.push_back(&s);
    }
    // ---- the optional rules (14.1, 14.2) ----
    void critical(GShip& t, int hits);
    void end_rolls();
    void not_ready();
    std::string crew_roll(const GShip& s, int& total);
    void move(GShip& s, int mp, const Manoeuvre* fixed);
    struct Step {  // one thing a ship does in its move: a turn in its hex, or a hex entered
        bool turn = false;
        int facing = 0;
        Hex hex;
    };
    void move_line(std::vector<GShip*> members, int mp);
    void follow_line(std::vector<GShip*> members, int mp);
    std::vector<Step> steps_of(const GShip& s, const Manoeuvre& m) const;
    std::vector<Step> walk(GShip& s, const std::vector<Step>& steps, int mp);
    bool start_up(GShip& s);
    std::vector<Manoeuvre> manoeuvres(const GShip& s, int mp);
    bool try_move(GShip& s, const Manoeuvre& m, int mp, bool write);
    bool may_enter(const GShip& s, Hex at, bool last);
    std::vector<const GShip*> active_members_;  // the ships of the formation moving now (7.3.8)
    bool hunt(GShip& s, int mp);
    void hit(GShip& t, int n);
    void sink(GShip& t);
    int allowance(const GShip& s) const;
    int cf(const GShip& s) const { return s.m->cf + pack_.damage(s.hits).cf - (s.bridge ? 2 : 0); }
    char crew(const GShip& s) const {
        if (s.bridge || (s.not_ready && s.hits > 0)) return 'C';  // 14.1.2, 14.2
        return s.m->crew ? s.m->crew : s.side == 1 ? 'B' : 'A';
    }
    bool rifled(const GShip& s) const {  // 14.3: Ferdinand Max and Habsburg, with the rule
        return s.m->rifled || (v_.rifled && (s.alias == "EFM" || s.alias == "Hab"));
    }
    std::string roll_text(int face, const std::vector<std::pair<std::string, int>>& mods, int& total);
    GShip* nearest_enemy(const GShip& s);
    std::string result() const;

    Random& rng_;
    int index_;
    const TablePack& pack_;
    const Manifest& manifest_;
    const GenerateOptions& options_;
    const Variation v_;
    hx::Grid grid_;
    std::vector<const GShip*> engaged_ships_;  // engaged in fire combat this impulse (7.6.4)
    std::vector<GShip> ships_;
    bool formation_done_[4] = {};
    int visibility_ = 0;
    int cap_ = 5;
    int vp_[2] = {0, 0};
    int width_ = 0, height_ = 0, max_col_ = 0, max_row_ = 0;
    std::ostringstream body_;
};

bool Battle::on_board(Hex h) const { return h.col >= 1 && h.row >= 1 && h.col <= max_col_ && h.row <= max_row_; }

std::string Battle::spot(Hex h, std::optional<int> facing) const {
    for (const char* b : {"A", "B", "C", "D", "E", "F"}) {
        const auto off = pack_.board_offset(b);
        if (!off || h.col <= off->col || h.row <= off->row || h.col > off->col + width_ || h.row > off->row + height_) continue;
        char id[32];
        std::snprintf(id, sizeof id, "%02d%02d", h.col - off->col, h.row - off->row);
        return std::string("#") + b + ":" + id + (facing ? std::string("/") + hx::facing_name(*facing) : "");
    }
    return "#?";
}

GShip* Battle::ship_at(Hex h, const GShip* not_this, const GShip* nor_this) {
    for (GShip& s : ships_)
        if (!s.sunk && &s != not_this && &s != nor_this && s.at == h) return &s;
    return nullptr;
}

int Battle::count_at(Hex h, const GShip* not_this) {
    int n = 0;
    for (GShip& s : ships_) n += !s.sunk && &s != not_this && s.at == h;
    return n;
}

bool Battle::blocked(const GShip& a, const GShip& b) {
    for (const auto& c : grid_.line(a.at, b.at)) {
        const bool here = ship_at(c.hex, &a, &b) != nullptr;
        const bool there = c.other && ship_at(*c.other, &a, &b) != nullptr;
        if (here && (!c.other || there || v_.edge_either)) return true;
        if (there && v_.edge_either) return true;
    }
    return false;
}

bool Battle::sees(const GShip& a, const GShip& b) { return grid_.distance(a.at, b.at) <= visibility_ && !blocked(a, b); }

bool Battle::in_broadside(const GShip& s, const GShip& t) const {
    if (s.at == t.at) return false;
    const double bearing = grid_.bearing(s.at, t.at);
    for (double beam : {60.0 * s.facing + 90.0, 60.0 * s.facing - 90.0}) {
        double off = std::fmod(std::fabs(bearing - beam), 360.0);
        if (off > 180.0) off = 360.0 - off;
        if (off <= 60.0 + 1e-6) return true;
    }
    return false;
}

// ---- the order of battle (13.2.1, 13.2.2) ----

void Battle::place_line(Hex head, int facing) {
    Hex at = head;
    for (GShip& s : ships_)
        if (s.side == 1 && s.formation == 0) {
            s.at = at;
            s.facing = facing;
            at = grid_.neighbour(at, hx::turn_facing(facing, 3));
        }
    GShip& aff = ships_.back();  // Affondatore: beside Re d'Italia, its bow the other way
    for (GShip& s : ships_)
        if (s.alias == "RdI") aff.at = grid_.neighbour(s.at, hx::turn_facing(facing, 1)), aff.facing = hx::turn_facing(facing, 3);
}

// A V astern of the flagship: one arm from each of its aft hex sides (7.4.6). With `pairs`, two
// ships of one speed share a hex of an arm (7.2.7).
void Battle::place_wedge(int formation, Hex point, int facing, bool pairs) {
    Hex arm[2] = {point, point};
    const GShip* last[2] = {nullptr, nullptr};
    int k = 0;
    for (GShip& s : ships_) {
        if (s.formation != formation) continue;
        s.facing = facing;
        if (s.flagship) {
            s.at = point;
            continue;
        }
        const int side = k++ % 2;
        const bool share = pairs && last[side] && last[side]->m->ma == s.m->ma && count_at(arm[side], &s) == 1;
        if (!share) arm[side] = grid_.neighbour(arm[side], hx::turn_facing(facing, side == 0 ? 2 : -2));
        s.at = arm[side];
        last[side] = &s;
    }
}

void Battle::set_up() {
    auto add = [&](const OrderOfBattle& o, int side) {
        GShip& s = ships_.emplace_back();
        s.alias = o.alias;
        s.side = side;
        s.formation = o.formation;
        s.flagship = o.flagship;
        s.independent = o.formation < 0;  // Affondatore: out of command (13.2.1)
    };
    for (const auto& o : kAustria) add(o, 0);
    for (const auto& o : kItaly) add(o, 1);
    for (GShip& s : ships_) {
        for (const auto& o : kAustria) if (s.alias == o.alias) s.m = manifest_.find(o.name);
        for (const auto& o : kItaly) if (s.alias == o.alias) s.m = manifest_.find(o.name);
        if (!s.m) throw std::invalid_argument(options_.library + ": the manifest lacks a ship of the Battle of Lissa (13.2): " + s.alias);
    }
    const auto e = pack_.board_offset("E"), a = pack_.board_offset("A");
    const int italian_facing = rng_.chance(50) ? 0 : 5;  // N or NW
    place_line(Hex{e->col + width_ / 2, e->row + height_ / 2 - 3}, italian_facing);
    const int austrian_facing = rng_.chance(50) ? 2 : 3;  // SE or S
    const bool pairs = index_ % 3 == 1;  // the Support Fleet's gunboats two to a hex, now and then
    Hex point{a->col + width_ / 2 + 4, a->row + height_ / 2 + 1};
    for (int f = 1; f <= 3; ++f) {
        place_wedge(f, point, austrian_facing, f == 3 && pairs);
        point = grid_.neighbour(grid_.neighbour(point, hx::turn_facing(austrian_facing, 3)), hx::turn_facing(austrian_facing, 3));
    }
}

void Battle::declare(std::ostringstream& out) {
    for (int side : {0, 1}) {
        out << "side " << (side == 0 ? "Austria" : "Italy") << "\n";
        for (int f = 0; f < 4; ++f)
            if (kFormations[f].side == side)
                out << "formation " << kFormations[f].alias << " " << ngn::quote(kFormations[f].name) << " " << kFormations[f].shape << "\n";
        for (const GShip& s : ships_) {
            if (s.side != side) continue;
            out << "ship " << s.alias << " " << ngn::quote(s.m->name);
            if (s.formation >= 0) out << " " << kFormations[s.formation].alias;
            if (s.flagship) out << " flagship";
            if (s.independent) out << " independent";
            out << " " << spot(s.at, s.facing) << "\n";
        }
    }
}

// ---- play ----

int Battle::allowance(const GShip& s) const { return std::max(0, s.m->ma + pack_.damage(s.hits).ma); }

bool Battle::in_formation(const GShip& s) const {
    if (s.formation < 0 || s.independent || s.out) return false;
    for (const GShip& o : ships_)
        if (o.formation == s.formation && o.flagship) return !o.sunk;
    return false;
}

GShip* Battle::flagship(int f) {
    for (GShip& s : ships_)
        if (s.formation == f && s.flagship && !s.sunk) return &s;
    return nullptr;
}

// 14.4: a dispatch ship of the formation's side, of another formation, that its flagship sees and
// that serves no other flagship this impulse.
bool Battle::relay_for(const GShip& d, int f) {
    const GShip* flag = flagship(f);
    return v_.dispatch && d.m->type == 'D' && !d.sunk && d.side == kFormations[f].side && d.formation != f &&
           (d.relayed_for < 0 || d.relayed_for == f) && flag && sees(*flag, d);
}

// 7.4.2: the formation's ships linked to the flagship by sight, through a chain of its ships; a
// line-ahead's hex to hex (7.4.4). With 14.4 a dispatch ship in the flagship's sight links the
// ships it sees: another formation's (a relay), or its own. As the engine links them.
std::vector<GShip*> Battle::linked(int f, bool relays) {
    std::vector<GShip*> found;
    GShip* flag = flagship(f);
    if (!flag) return found;
    found.push_back(flag);
    for (GShip& d : ships_)
        if (relays && relay_for(d, f)) found.push_back(&d);
    const bool line = std::string(kFormations[f].shape) == "line-ahead";
    auto own_relay = [&](const GShip& d) { return v_.dispatch && d.m->type == 'D' && sees(*flag, d); };
    auto links = [&](const GShip& x, const GShip& s) {
        if (grid_.distance(x.at, s.at) <= 1) return true;
        const bool by_sight = !line || x.formation != f || (&x == flag && own_relay(s)) || (&x != flag && own_relay(x));
        return by_sight && sees(x, s);
    };
    for (std::size_t i = 0; i < found.size(); ++i)
        for (GShip& s : ships_)
            if (s.formation == f && !s.sunk && !s.independent && std::find(found.begin(), found.end(), &s) == found.end() && links(*found[i], s))
                found.push_back(&s);
    std::erase_if(found, [&](const GShip* x) { return x->formation != f; });
    return found;
}

// 14.4: a dispatch ship serves one flagship an impulse: the one whose ships it linked first.
void Battle::claim_relays(int f, const std::vector<GShip*>& chain) {
    if (!v_.dispatch) return;
    const auto plain = linked(f, false);
    if (chain.size() == plain.size()) return;
    for (GShip& d : ships_) {
        if (!relay_for(d, f)) continue;
        for (GShip* m : chain)
            if (std::find(plain.begin(), plain.end(), m) == plain.end() && sees(d, *m)) d.relayed_for = f;
    }
}

// 14.4: dispatch ships of the side, not yet activated, that the flagship sees as the formation
// activates and that serve no other: half of them come along.
std::vector<GShip*> Battle::companions(int f, const std::vector<GShip*>& members) {
    std::vector<GShip*> out;
    const GShip* flag = flagship(f);
    const bool lines = std::any_of(members.begin(), members.end(), [](const GShip* m) { return m->m->type != 'D' && !m->rudder; });
    if (!v_.dispatch || !flag || !lines) return out;  // the step's first ship that is not a D ship names it
    for (GShip& d : ships_)
        if (d.m->type == 'D' && !d.sunk && !d.activated && d.side == kFormations[f].side && d.formation != f &&
            (d.relayed_for < 0 || d.relayed_for == f) && sees(*flag, d) && rng_.chance(50))
            out.push_back(&d);
    return out;
}

std::string Battle::roll_text(int face, const std::vector<std::pair<std::string, int>>& mods, int& total) {
    total = face;
    std::string text = "d10: " + std::to_string(face);
    const bool written = rng_.chance(50);
    for (const auto& [label, v] : mods) {
        total += v;
        if (written) text += " " + std::string(v < 0 ? "" : "+") + std::to_string(v) + "(" + label + ")";
    }
    return text;
}

GShip* Battle::nearest_enemy(const GShip& s) {
    GShip* best = nullptr;
    for (GShip& o : ships_)
        if (!o.sunk && o.side != s.side && (!best || grid_.distance(s.at, o.at) < grid_.distance(s.at, best->at))) best = &o;
    return best;
}

void Battle::hit(GShip& t, int n) {
    t.hits += n;
    if (t.hits >= t.m->hull) sink(t);
}

void Battle::sink(GShip& t) {
    if (t.sunk) return;
    t.sunk = true;
    vp_[1 - t.side] += t.m->defence + (t.m->ironclad ? 5 : 0);  // 12.1
}

// 7.8: the nearest enemy in a broadside arc (any arc for a small ship), within visibility, in
// sight, not fired upon by an earlier activation.
void Battle::fire(GShip& s) {
    GShip* target = nullptr;
    for (GShip& t : ships_) {
        if (t.sunk || t.side == s.side || t.fired_upon) continue;
        const int d = grid_.distance(s.at, t.at);
        if (d > visibility_ || (!s.m->small && !in_broadside(s, t)) || blocked(s, t)) continue;
        if (!target || d < grid_.distance(s.at, target->at)) target = &t;
    }
    if (!target || !rng_.chance(85)) return;
    std::vector<std::pair<std::string, int>> mods{{"cf", cf(s)}};
    const int d = grid_.distance(s.at, target->at);
    for (const ChartModifier& m : pack_.fire_modifiers()) {
        const bool applies = (m.what == "range" && m.band.holds(d)) || (m.what == "visibility" && m.band.holds(visibility_)) ||
                             (m.what == "small" && target->m->small) || (m.what == "ironclad" && target->m->ironclad) ||
                             (m.what == "crew" && m.which.size() == 1 && std::toupper(static_cast<unsigned char>(m.which[0])) == crew(s)) ||
                             (m.what == "rifled" && rifled(s)) || (m.what == "weather" && m.which == "rough");
        if (m.what == "defence" && target->m->defence) mods.emplace_back("defence", m.value * target->m->defence);
        else if (applies) mods.emplace_back(m.what, m.value);
    }
    int total = 0;
    const std::string roll = roll_text(rng_.between(0, 9), mods, total);
    const int hits = *pack_.fire_hits(total);
    hit(*target, hits);
    body_ << "        " << s.alias << " fire " << target->alias << " " << roll << " => "
          << (hits == 0 ? "miss" : std::to_string(hits) + (hits == 1 ? " hit" : " hits")) << (target->sunk ? " sunk" : "") << "\n";
    s.fired = true;
    target->targeted = true;
    engage(s);
    if (v_.count_targets) engage(*target);
    critical(*target, hits);
}

// ---- the optional rules: critical hits (14.1), Affondatore not ready (14.2) ----

// A roll modified for the crew: +1 A, -1 C (14.1.1, 14.1.3), the modifier written now and then.
std::string Battle::crew_roll(const GShip& s, int& total) {
    const int face = rng_.between(0, 9);
    const int mod = crew(s) == 'A' ? 1 : crew(s) == 'C' ? -1 : 0;
    total = face + mod;
    return "d10: " + std::to_string(face) + (mod != 0 && rng_.chance(50) ? (mod > 0 ? " +1(crew)" : " -1(crew)") : "");
}

// 14.1: an attack that put hits on a ship afloat: its critical-hit roll, a 0 and a second die for which.
void Battle::critical(GShip& t, int hits) {
    if (!v_.critical || hits <= 0 || t.sunk) return;
    const int first = rng_.between(0, 9);
    if (first != 0) {
        body_ << "        " << t.alias << " critical d10: " << first << " => none\n";
        return;
    }
    const int second = rng_.between(0, 9);
    const char* kind = second <= 3 ? "fire" : second <= 7 ? "bridge" : "rudder";
    body_ << "        " << t.alias << " critical 2d10: 0 " << second << " => " << kind << "\n";
    if (second <= 3) t.on_fire = true;
    else if (second <= 7) t.bridge = true;    // crew C, CF -2 (14.1.2)
    else t.rudder = t.diw = true;             // Dead in the Water till repaired (14.1.3)
}

// 14.1.1, 14.1.3: after the impulse's last activation, a roll for each ship on fire and each with
// its rudder hit.
void Battle::end_rolls() {
    for (GShip& s : ships_) {
        int total = 0;
        if (!s.sunk && s.on_fire) {
            const std::string roll = crew_roll(s, total);
            std::string result = total >= 8 ? "out" : total >= 3 ? "burns" : "explodes";
            if (total >= 8) s.on_fire = false;
            else if (total >= 3) hit(s, 1), result += s.sunk ? " sunk" : "";  // a box burnt: a hit (7.8.7)
            else sink(s);                                                       // it explodes
            body_ << "        " << s.alias << " on-fire " << roll << " => " << result << "\n";
        }
        if (!s.sunk && s.rudder) {
            const std::string roll = crew_roll(s, total);
            if (total >= 7) s.rudder = s.diw = false, s.repaired = true;
            body_ << "        " << s.alias << " rudder " << roll << " => " << (total >= 7 ? "repaired" : "diw") << "\n";
        }
    }
}

// 14.2: Affondatore's hits at the beginning of the game, half a die plus 1; crew C while they stand.
void Battle::not_ready() {
    for (GShip& s : ships_) {
        if (s.alias != "Aff") continue;
        const int face = rng_.between(0, 9), hits = face / 2 + 1;
        body_ << "        Aff not-ready d10: " << face << " => " << hits << (hits == 1 ? " hit" : " hits") << "\n";
        s.not_ready = true;
        hit(s, hits);
    }
}

// 7.3.10: a ship Dead in the Water rolls to start; true when it may move. A ship whose rudder is
// hit does not move, and does not roll (14.1.3).
bool Battle::start_up(GShip& s) {
    if (s.rudder) return false;
    if (!s.diw) return true;
    std::vector<std::pair<std::string, int>> mods;
    for (const ChartModifier& m : pack_.start_modifiers())
        if (m.what == "crew" && m.which.size() == 1 && std::toupper(static_cast<unsigned char>(m.which[0])) == crew(s)) mods.emplace_back("crew", m.value);
    int total = 0;
    const std::string roll = roll_text(rng_.between(0, 9), mods, total);
    const bool moves = pack_.starts(total).value_or(true);
    body_ << "        " << s.alias << " start " << roll << " => " << (moves ? "moves" : "diw") << "\n";
    return moves;
}

std::vector<Manoeuvre> Battle::manoeuvres(const GShip& s, int mp) {
    std::vector<Manoeuvre> out;
    const int tc = s.m->small ? 0 : 1;
    for (int first : {0, -1, 1})
        for (int n1 = 0; n1 <= mp; ++n1)
            for (int mid : {0, -1, 1})
                for (int n2 = 0; n2 <= mp; ++n2) {
                    Manoeuvre m{first, n1, mid, n2};
                    const int cost = n1 + n2 + tc * m.turns();
                    if (cost > mp || cost < 1 || n1 + n2 < 1) continue;
                    if (first && s.turned) continue;      // 7.3.4
                    if (mid && n1 == 0) continue;         // one hex side a hex (7.3.3)
                    if (!mid && n2 > 0) continue;
                    out.push_back(m);
                }
    // the longest first, turning towards the enemy more often than not
    const GShip* enemy = nearest_enemy(s);
    const double bearing = enemy ? grid_.bearing(s.at, enemy->at) : 0.0;
    std::vector<std::pair<double, Manoeuvre>> scored;
    for (const Manoeuvre& m : out) {
        int facing = hx::turn_facing(hx::turn_facing(s.facing, m.first_turn), m.mid_turn);
        double off = enemy ? std::fabs(std::remainder(bearing - 60.0 * facing, 360.0)) : 0.0;
        scored.emplace_back(off / 60.0 - 1.5 * (m.n1 + m.n2) + rng_.below(300) / 100.0, m);
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out.clear();
    for (const auto& [score, m] : scored) out.push_back(m);
    return out;
}

// 7.3.6-7.3.8: through a hex of one friendly ship; ending in one only beside a ship of its own
// formation that has moved in this activation (both in formation), never in an enemy's (no ram).
bool Battle::may_enter(const GShip& s, Hex at, bool last) {
    const GShip* there = ship_at(at, &s);
    if (!there) return true;
    if (count_at(at, &s) > 1 || there->side != s.side) return false;
    if (!last) return true;
    auto member = [&](const GShip* x) { return std::find(active_members_.begin(), active_members_.end(), x) != active_members_.end(); };
    return member(&s) && member(there) && there->mp > 0;
}

// Moves a ship by a manoeuvre if every hex is legal (7.3.2-7.3.9, no ram); writes it when asked.
bool Battle::try_move(GShip& s, const Manoeuvre& m, int mp, bool write) {
    const int cost = m.n1 + m.n2 + (s.m->small ? 0 : m.turns());
    if (cost > mp || cost < 1 || (m.first_turn && s.turned)) return false;
    std::vector<std::pair<Hex, std::optional<int>>> items;
    Hex at = s.at;
    int facing = s.facing;
    if (m.first_turn) facing = hx::turn_facing(facing, m.first_turn), items.emplace_back(at, facing);
    for (int i = 0; i < m.n1 + m.n2; ++i) {
        at = grid_.neighbour(at, facing);
        if (!on_board(at) || !may_enter(s, at, i + 1 == m.n1 + m.n2)) return false;
        items.emplace_back(at, std::nullopt);
        if (i + 1 == m.n1 && m.mid_turn) facing = hx::turn_facing(facing, m.mid_turn), items.back().second = facing;
    }
    if (!write) return true;
    body_ << "        " << s.alias << " move";
    for (const auto& [h, f] : items) body_ << " " << spot(h, f);
    body_ << " => " << cost << " mp\n";
    s.at = at;
    s.turned = m.mid_turn && m.n2 == 0;
    s.facing = facing;
    s.mp += cost;
    s.diw = false;
    return true;
}

// A ship out of formation that stays where it is says so, so that its activation shows (7.5.5):
// it spends no MP and is Dead in the Water at the impulse's end (7.3.1).
void Battle::move(GShip& s, int mp, const Manoeuvre* fixed) {
    auto stay = [&] {
        if (!fixed) body_ << "        " << s.alias << " move => 0 mp\n";
    };
    if (s.rudder) {  // 14.1.3: it may not move; its line shows its activation (a formation's step is never empty)
        body_ << "        " << s.alias << " move => 0 mp\n";
        return;
    }
    if (s.diw && !s.started) return;
    if (mp <= 0) return stay();
    if (fixed && try_move(s, *fixed, mp, true)) return;
    if (rng_.chance(fixed ? 0 : 4)) return stay();  // now and then a ship out of formation stops
    for (const Manoeuvre& m : manoeuvres(s, mp))
        if (try_move(s, m, mp, true)) return;
    stay();
}

// Affondatore: into the bow hex of a lone enemy to ram (7.3.9, 7.9), else towards the nearest.
bool Battle::hunt(GShip& s, int mp) {
    if (mp <= 0 || (s.diw && !s.started) || s.rudder || s.m->ram == 0) return false;
    const Hex bow = grid_.neighbour(s.at, s.facing);
    GShip* t = ship_at(bow, &s);
    if (!t || t->side == s.side || count_at(bow, &s) != 1 || !on_board(bow)) return false;
    body_ << "        " << s.alias << " move " << spot(bow) << " => 1 mp\n";
    s.at = bow;
    s.mp += 1;
    s.turned = false;
    s.diw = false;
    std::vector<std::pair<std::string, int>> mods;
    for (const ChartModifier& m : pack_.ram_modifiers()) {
        const bool applies = (m.what == "ram" && ((m.which == "single" && s.m->ram == 1) || (m.which == "double" && s.m->ram == 2))) ||
                             (m.what == "small" && t->m->small) || (m.what == "ironclad" && t->m->ironclad) ||
                             (m.what == "crew" && m.which.size() == 1 && std::toupper(static_cast<unsigned char>(m.which[0])) == crew(s)) ||
                             (m.what == "weather" && m.which == "rough") || (m.what == "diw" && t->diw);
        if (applies) mods.emplace_back(m.what == "ram" ? m.which + " ram" : m.what, m.value);
    }
    int total = 0;
    const std::string roll = roll_text(rng_.between(0, 9), mods, total);
    const RamRow& r = *pack_.ram(total);
    body_ << "        " << s.alias << " ram " << t->alias << " " << roll << " => ";
    if (r.fails) {
        body_ << "fail\n";
        return true;
    }
    hit(*t, r.target_hits);
    hit(s, r.rammer_hits);
    body_ << r.target_hits << (r.target_hits == 1 ? " hit" : " hits") << (t->sunk ? " sunk" : "") << " rammer " << r.rammer_hits << (s.sunk ? " sunk" : "") << "\n";
    critical(*t, r.target_hits);  // the target's only (docs/rules/tmbv.md, Readings)
    return true;
}

// 7.4.4: the head of the line picks its manoeuvre; each ship behind enters the hex the ship ahead
// of it started in, then does what that ship did, as far as its MP go. The head is found as the
// engine finds it: the end of the line whose bow hex none of its ships holds; the ships behind in
// order along the line. A line with no such head (bent out of shape) moves ship by ship.
void Battle::move_line(std::vector<GShip*> members, int mp) {
    std::vector<GShip*> loose;  // 14.4: a dispatch ship off the line (in the flagship's sight) is no end of it
    for (GShip* d : members)
        if (v_.dispatch && d->m->type == 'D' &&
            std::none_of(members.begin(), members.end(), [&](const GShip* o) { return o != d && grid_.distance(o->at, d->at) <= 1; }))
            loose.push_back(d);
    std::erase_if(members, [&](GShip* m) { return std::find(loose.begin(), loose.end(), m) != loose.end(); });
    follow_line(members, mp);
    for (GShip* d : loose) move(*d, mp, nullptr);
}

void Battle::follow_line(std::vector<GShip*> members, int mp) {
    std::vector<GShip*> heads;
    for (GShip* m : members) {
        int next = 0;
        bool bow_held = false;
        for (GShip* o : members) {
            if (o == m) continue;
            next += grid_.distance(m->at, o->at) <= 1;
            bow_held = bow_held || o->at == grid_.neighbour(m->at, m->facing);
        }
        if (next <= 1 && !bow_held) heads.push_back(m);
    }
    if (heads.size() != 1) {
        for (GShip* m : members) move(*m, mp, nullptr);
        return;
    }
    std::vector<GShip*> order{heads.front()};  // along the line from its head
    for (std::size_t i = 0; i < order.size(); ++i)
        for (GShip* m : members)
            if (std::find(order.begin(), order.end(), m) == order.end() && grid_.distance(order[i]->at, m->at) <= 1) order.push_back(m);
    if (order.size() != members.size()) {  // linked in parts by a dispatch ship's sight (14.4): no one line to follow
        for (GShip* m : members) move(*m, mp, nullptr);
        return;
    }
    std::vector<Step> ahead;
    std::optional<Hex> ahead_start;
    for (GShip* s : order) {
        const Hex start = s->at;
        std::vector<Step> done;
        if (s->sunk || (s->diw && !s->started)) {
            if (!s->sunk && s->rudder) body_ << "        " << s->alias << " move => 0 mp\n";  // 14.1.3
        } else if (!ahead_start) {
            for (const Manoeuvre& m : manoeuvres(*s, mp))
                if (try_move(*s, m, mp, false)) {
                    done = walk(*s, steps_of(*s, m), mp);
                    break;
                }
            if (done.empty()) body_ << "        " << s->alias << " move => 0 mp\n";
        } else {
            std::vector<Step> follow{Step{false, 0, *ahead_start}};
            follow.insert(follow.end(), ahead.begin(), ahead.end());
            done = walk(*s, follow, mp);
            if (done.empty()) body_ << "        " << s->alias << " move => 0 mp\n";
        }
        ahead = done;
        ahead_start = start;
    }
}

std::vector<Battle::Step> Battle::steps_of(const GShip& s, const Manoeuvre& m) const {
    std::vector<Step> out;
    Hex at = s.at;
    int facing = s.facing;
    if (m.first_turn) facing = hx::turn_facing(facing, m.first_turn), out.push_back(Step{true, facing, at});
    for (int i = 0; i < m.n1 + m.n2; ++i) {
        at = grid_.neighbour(at, facing);
        out.push_back(Step{false, facing, at});
        if (i + 1 == m.n1 && m.mid_turn) facing = hx::turn_facing(facing, m.mid_turn), out.push_back(Step{true, facing, at});
    }
    return out;
}

// Does the steps in order while they are legal and the MP last; writes the move. What it did.
std::vector<Battle::Step> Battle::walk(GShip& s, const std::vector<Step>& steps, int mp) {
    std::vector<Step> done;
    std::vector<std::pair<Hex, std::optional<int>>> items;
    Hex at = s.at;
    int facing = s.facing, cost = 0;
    bool turned_here = false;
    for (const Step& step : steps) {
        if (step.turn) {
            const int c = s.m->small ? 0 : 1;
            if (cost + c > mp || turned_here || (done.empty() && s.turned) || hx::facing_steps(facing, step.facing) != 1) break;
            facing = step.facing, cost += c, turned_here = true;
            if (!items.empty() && items.back().first == at) items.back().second = facing;
            else items.emplace_back(at, facing);
        } else {
            if (cost + 1 > mp || grid_.direction(at, step.hex) != facing || !on_board(step.hex) || count_at(step.hex, &s) > 0) break;
            at = step.hex, cost += 1, turned_here = false;
            items.emplace_back(at, std::nullopt);
        }
        done.push_back(step);
    }
    if (cost == 0) return {};
    body_ << "        " << s.alias << " move";
    for (const auto& [h, f] : items) body_ << " " << spot(h, f);
    body_ << " => " << cost << " mp\n";
    s.at = at;
    s.turned = done.back().turn;
    s.facing = facing;
    s.mp += cost;
    s.diw = false;
    return done;
}

// A formation's step (7.5.1-7.5.4): who is linked to the flagship (the rest are out of formation,
// 7.4.3), the fleet's MP as it begins (3.0); all its ships' fire, then their moves. With 14.4
// dispatch ships of other formations may come along, at their own MA.
void Battle::activate_formation(int f) {
    const auto chain = linked(f);
    claim_relays(f, chain);
    for (GShip& s : ships_)
        if (s.formation == f && std::find(chain.begin(), chain.end(), &s) == chain.end()) s.out = true;  // 7.4.3
    formation_done_[f] = true;
    int mp = 99;
    for (GShip* s : chain) mp = std::min(mp, allowance(*s));  // 3.0 MP: the slowest ship's MA
    std::vector<GShip*> members;  // a dispatch ship that came along with another formation has activated
    for (GShip* s : chain)
        if (!s->activated) members.push_back(s);
    const auto along = companions(f, members);
    step_heading("formation");
    for (GShip* s : members) s->activated = true, fire(*s);
    for (GShip* d : along) d->activated = true, d->relayed_for = f, fire(*d);
    for (GShip* s : members) s->started = start_up(*s);
    for (GShip* d : along) d->started = start_up(*d);
    active_members_.assign(members.begin(), members.end());
    if (std::string(kFormations[f].shape) == "line-ahead") move_line(members, mp);
    else move_wedge(members, mp);
    active_members_.clear();
    for (GShip* d : along)
        if (!d->sunk) move(*d, allowance(*d), nullptr);
}

// The ships furthest ahead move first, so that none runs into the next; all by one manoeuvre
// where every one can make it, else each its own.
void Battle::move_wedge(std::vector<GShip*> members, int mp) {
    const int facing = members.front()->facing;
    const double ahead = 60.0 * facing;
    auto front = [&](const GShip* s) {
        const auto c = grid_.centre(s->at);
        return c.x * std::sin(ahead * M_PI / 180.0) + c.y * std::cos(ahead * M_PI / 180.0);
    };
    std::stable_sort(members.begin(), members.end(), [&](const GShip* a, const GShip* b) { return front(a) > front(b); });
    std::optional<Manoeuvre> chosen;
    for (const Manoeuvre& m : manoeuvres(*members.front(), mp)) {
        bool all = true;
        for (GShip* s : members) all = all && s->facing == facing && !s->turned == !members.front()->turned && try_move(*s, m, mp, false);
        if (all) {
            chosen = m;
            break;
        }
    }
    for (GShip* s : members)
        if (!s->sunk) move(*s, mp, chosen ? &*chosen : nullptr);
}

void Battle::activate_single(GShip& s) {
    s.activated = true;
    fire(s);
    if (s.sunk) return;
    s.started = start_up(s);
    if (!hunt(s, allowance(s))) move(s, allowance(s), nullptr);
}

void Battle::impulse(int n) {
    // 7.6.4, 7.6.5: the track moves by the ships that fired in the impulse before
    if (n == 1) visibility_ = cap_;
    else {
        const int engaged = static_cast<int>(engaged_ships_.size());
        visibility_ = std::clamp(visibility_ + (engaged == 0 ? 1 : engaged <= 10 ? -1 : -2), pack_.visibility_track() ? pack_.visibility_track()->first : 0, cap_);
    }
    engaged_ships_.clear();
    body_ << "    impulse " << n << (n > 1 && rng_.chance(30) ? " visibility " + std::to_string(visibility_) : "") << "\n";
    for (GShip& s : ships_) {
        s.activated = s.fired = s.fired_upon = s.targeted = s.started = s.repaired = false;
        s.relayed_for = -1;
        s.out = s.independent;
        s.mp = 0;
    }
    for (bool& d : formation_done_) d = false;
    // 7.5.1-7.5.4: Italy's formation first, then the players alternate
    for (int turn = 1, done = 0; done < 4; ++done) {
        auto left = [&](int side) {
            for (int f = 0; f < 4; ++f)
                if (kFormations[f].side == side && !formation_done_[f] && !linked(f).empty()) return f;
            return -1;
        };
        int f = left(turn);
        if (f < 0) f = left(1 - turn);
        if (f < 0) break;
        activate_formation(f);
        for (GShip& s : ships_) s.fired_upon = s.fired_upon || s.targeted, s.targeted = false;  // 7.8.5
        turn = 1 - kFormations[f].side;
    }
    // 7.5.5: the ships out of formation, one at a time, Italy first
    bool heading = false;
    for (int turn = 1;;) {
        auto next = [&](int side) -> GShip* {
            for (GShip& s : ships_)
                if (s.side == side && !s.sunk && !s.activated && !in_formation(s)) return &s;
            return nullptr;
        };
        GShip* s = next(turn);
        if (!s) s = next(1 - turn);
        if (!s) break;
        if (!heading) step_heading("non-formation"), heading = true;
        activate_single(*s);
        for (GShip& o : ships_) o.fired_upon = o.fired_upon || o.targeted, o.targeted = false;
        turn = 1 - s->side;
    }
    end_rolls();
    for (GShip& s : ships_)
        if (!s.sunk && s.mp == 0 && !s.diw && !s.repaired) s.diw = true, s.turned = false;  // 7.3.1
}

std::string Battle::result() const {
    const int a = vp_[0], b = vp_[1];
    if (a == b) return "Italy";  // 13.2.4
    const int w = std::max(a, b), l = std::min(a, b);
    const char* level = l == 0 || w > 3 * l || (w == 3 * l && v_.three_decisive) ? "decisive" : w >= 2 * l ? "major" : "minor";
    return std::string(a > b ? "Austria" : "Italy") + " " + level;
}

std::string Battle::play() {
    std::vector<int> cols, rows;
    for (const char* b : {"A", "B", "C", "D", "E", "F"}) {
        const auto off = pack_.board_offset(b);
        if (!off) throw std::invalid_argument(options_.tables + ": the generator needs a pack that places the six TBB boards (board A to F)");
        cols.push_back(off->col), rows.push_back(off->row);
    }
    std::sort(cols.begin(), cols.end());
    std::sort(rows.begin(), rows.end());
    for (std::size_t i = 1; i < cols.size(); ++i) if (cols[i] > cols[i - 1] && !width_) width_ = cols[i] - cols[i - 1];
    for (std::size_t i = 1; i < rows.size(); ++i) if (rows[i] > rows[i - 1] && !height_) height_ = rows[i] - rows[i - 1];
    if (!width_ || !height_) throw std::invalid_argument(options_.tables + ": the generator needs the six boards side by side");
    max_col_ = cols.back() + width_;
    max_row_ = rows.back() + height_;
    cap_ = pack_.visibility_cap("rough").value_or(5);
    if (!pack_.has_fire() || !pack_.has_ram() || !pack_.has_start())
        throw std::invalid_argument(options_.tables + ": the generator needs the fire, ram and DIW start-up tables");
    set_up();
    not_ready_due_ = v_.not_ready;
    std::ostringstream decl;
    declare(decl);
    body_ << "\nturn 1\n  phase tactical-combat\n";
    for (int n = 1; n <= 12; ++n) impulse(n);
    std::string h = generated_header("Generated Lissa", index_) + "[Ruleset \"tmbv\"]\n[Variant \"lissa\"]\n";
    h += "[Side1 \"Austria\"]\n[Player1 \"" + std::string(player_name(2 * index_)) + "\"]\n";
    h += "[Side2 \"Italy\"]\n[Player2 \"" + std::string(player_name(2 * index_ + 1)) + "\"]\n";
    h += "[Library " + ngn::quote(options_.library) + "]\n[Tables " + ngn::quote(options_.tables) + "]\n" + v_.header();
    h += "[Result \"" + result() + "\"]\n\n";
    return h + decl.str() + body_.str();
}

}  // namespace

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options) {
    if (options.tables.empty() || options.library.empty())
        throw std::invalid_argument("tmbv battles are played with a table pack and a ship manifest: give --tables FILE and --library FILE "
                                    "(test files with made-up values: fixtures/tables/tmbv-test-pack.ngn and tmbv-lissa-test-manifest.ngn)");
    if (options.variant == "campaign") return generate_campaign(seed, index, options);
    if (!options.variant.empty() && options.variant != "lissa")
        throw std::invalid_argument("tmbv's variants are lissa and campaign, not " + options.variant);
    Findings problems;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(options.tables, ec) || !std::filesystem::is_regular_file(options.library, ec))
        throw std::invalid_argument(options.tables + ", " + options.library + ": not readable files");
    const TablePack pack = TablePack::load(options.tables, options.tables, problems);
    const Manifest manifest = Manifest::load(options.library, options.library, problems);
    if (!problems.all().empty())
        throw std::invalid_argument(problems.all().front().file + ":" + std::to_string(problems.all().front().pos.line) + ": " +
                                    problems.all().front().message);
    Random rng = Random::for_game(seed, index);
    return Battle(rng, index, pack, manifest, options).play();
}

}  // namespace ironlog::rules::tmbv
