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
        : rng_(rng), index_(index), pack_(pack), manifest_(manifest), options_(options) {}

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
    void place_wedge(int formation, Hex point, int facing);
    void declare(std::ostringstream& out);
    // ---- play ----
    void impulse(int n);
    void activate_formation(int f);
    void activate_single(GShip& s);
    std::vector<GShip*> linked(int f);
    bool in_formation(const GShip& s) const;
    void fire(GShip& s);
    void move(GShip& s, int mp, const Manoeuvre* fixed);
    struct Step {  // one thing a ship does in its move: a turn in its hex, or a hex entered
        bool turn = false;
        int facing = 0;
        Hex hex;
    };
    void move_line(std::vector<GShip*> members, int mp);
    std::vector<Step> steps_of(const GShip& s, const Manoeuvre& m) const;
    std::vector<Step> walk(GShip& s, const std::vector<Step>& steps, int mp);
    bool start_up(GShip& s);
    std::vector<Manoeuvre> manoeuvres(const GShip& s, int mp);
    bool try_move(GShip& s, const Manoeuvre& m, int mp, bool write);
    bool hunt(GShip& s, int mp);
    void hit(GShip& t, int n);
    int allowance(const GShip& s) const;
    int cf(const GShip& s) const { return s.m->cf + pack_.damage(s.hits).cf; }
    char crew(const GShip& s) const { return s.m->crew ? s.m->crew : s.side == 1 ? 'B' : 'A'; }
    std::string roll_text(int face, const std::vector<std::pair<std::string, int>>& mods, int& total);
    GShip* nearest_enemy(const GShip& s);
    std::string result() const;

    Random& rng_;
    int index_;
    const TablePack& pack_;
    const Manifest& manifest_;
    const GenerateOptions& options_;
    hx::Grid grid_;
    std::vector<GShip> ships_;
    bool formation_done_[4] = {};
    int visibility_ = 0, engaged_ = 0;
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
        if (here && (!c.other || there)) return true;
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

// A V astern of the flagship: one arm from each of its aft hex sides (7.4.6).
void Battle::place_wedge(int formation, Hex point, int facing) {
    Hex arm[2] = {point, point};
    int k = 0;
    for (GShip& s : ships_) {
        if (s.formation != formation) continue;
        s.facing = facing;
        if (s.flagship) {
            s.at = point;
            continue;
        }
        const int side = k++ % 2;
        arm[side] = grid_.neighbour(arm[side], hx::turn_facing(facing, side == 0 ? 2 : -2));
        s.at = arm[side];
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
    Hex point{a->col + width_ / 2 + 4, a->row + height_ / 2 + 1};
    for (int f = 1; f <= 3; ++f) {
        place_wedge(f, point, austrian_facing);
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

// 7.4.2: the formation's ships linked to the flagship by sight, through a chain of its ships.
std::vector<GShip*> Battle::linked(int f) {
    std::vector<GShip*> found;
    for (GShip& s : ships_)
        if (s.formation == f && s.flagship && !s.sunk) found.push_back(&s);
    const bool line = std::string(kFormations[f].shape) == "line-ahead";  // as the engine: an unbroken line (7.4.4)
    for (std::size_t i = 0; i < found.size(); ++i)
        for (GShip& s : ships_)
            if (s.formation == f && !s.sunk && !s.independent && std::find(found.begin(), found.end(), &s) == found.end() &&
                (!line || grid_.distance(found[i]->at, s.at) <= 1) && sees(*found[i], s))
                found.push_back(&s);
    return found;
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
    if (t.hits >= t.m->hull && !t.sunk) {
        t.sunk = true;
        vp_[1 - t.side] += t.m->defence + (t.m->ironclad ? 5 : 0);  // 12.1
    }
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
                             (m.what == "rifled" && s.m->rifled) || (m.what == "weather" && m.which == "rough");
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
    ++engaged_;
}

// 7.3.10: a ship Dead in the Water rolls to start; true when it may move.
bool Battle::start_up(GShip& s) {
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
    std::vector<std::pair<double, Manoeuvre>> scored;
    for (const Manoeuvre& m : out) {
        int facing = hx::turn_facing(hx::turn_facing(s.facing, m.first_turn), m.mid_turn);
        double off = enemy ? std::fabs(std::remainder(grid_.bearing(s.at, enemy->at) - 60.0 * facing, 360.0)) : 0.0;
        scored.emplace_back(off / 60.0 - 1.5 * (m.n1 + m.n2) + rng_.below(300) / 100.0, m);
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out.clear();
    for (const auto& [score, m] : scored) out.push_back(m);
    return out;
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
        if (!on_board(at) || count_at(at, &s) > 0) return false;  // no passing through either: the simplest legal play
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
    if (mp <= 0 || (s.diw && !s.started) || s.m->ram == 0) return false;
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
    body_ << r.target_hits << " hits" << (t->sunk ? " sunk" : "") << " rammer " << r.rammer_hits << (s.sunk ? " sunk" : "") << "\n";
    return true;
}

// 7.4.4: the head of the line picks its manoeuvre; each ship behind enters the hex the ship ahead
// of it started in, then does what that ship did, as far as its MP go. The head is found as the
// engine finds it: the end of the line whose bow hex none of its ships holds; the ships behind in
// order along the line. A line with no such head (bent out of shape) moves ship by ship.
void Battle::move_line(std::vector<GShip*> members, int mp) {
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
    std::vector<Step> ahead;
    std::optional<Hex> ahead_start;
    for (GShip* s : order) {
        const Hex start = s->at;
        std::vector<Step> done;
        if (s->sunk || (s->diw && !s->started)) {
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

void Battle::activate_formation(int f) {
    auto members = linked(f);
    for (GShip& s : ships_)
        if (s.formation == f && std::find(members.begin(), members.end(), &s) == members.end()) s.out = true;  // 7.4.3
    formation_done_[f] = true;
    body_ << "      step formation\n";
    for (GShip* s : members) s->activated = true, fire(*s);
    int mp = 99;
    for (GShip* s : members) mp = std::min(mp, allowance(*s));  // 3.0 MP: the slowest ship's MA
    for (GShip* s : members) s->started = start_up(*s);
    if (std::string(kFormations[f].shape) == "line-ahead") return move_line(members, mp);
    // the ships furthest ahead move first, so that none runs into the next
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
    else visibility_ = std::clamp(visibility_ + (engaged_ == 0 ? 1 : engaged_ <= 10 ? -1 : -2), pack_.visibility_track() ? pack_.visibility_track()->first : 0, cap_);
    engaged_ = 0;
    body_ << "    impulse " << n << (n > 1 && rng_.chance(30) ? " visibility " + std::to_string(visibility_) : "") << "\n";
    for (GShip& s : ships_) {
        s.activated = s.fired = s.fired_upon = s.targeted = s.started = false;
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
        if (!heading) body_ << "      step non-formation\n", heading = true;
        activate_single(*s);
        for (GShip& o : ships_) o.fired_upon = o.fired_upon || o.targeted, o.targeted = false;
        turn = 1 - s->side;
    }
    for (GShip& s : ships_)
        if (!s.sunk && s.mp == 0 && !s.diw) s.diw = true, s.turned = false;  // 7.3.1
}

std::string Battle::result() const {
    const int a = vp_[0], b = vp_[1];
    if (a == b) return "Italy";  // 13.2.4
    const int w = std::max(a, b), l = std::min(a, b);
    const char* level = l == 0 ? "decisive" : w > 3 * l ? "decisive" : w >= 2 * l ? "major" : "minor";
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
    std::ostringstream decl;
    declare(decl);
    body_ << "\nturn 1\n  phase tactical-combat\n";
    for (int n = 1; n <= 12; ++n) impulse(n);
    std::string h = generated_header("Generated Lissa", index_) + "[Ruleset \"tmbv\"]\n[Variant \"lissa\"]\n";
    h += "[Side1 \"Austria\"]\n[Player1 \"" + std::string(player_name(2 * index_)) + "\"]\n";
    h += "[Side2 \"Italy\"]\n[Player2 \"" + std::string(player_name(2 * index_ + 1)) + "\"]\n";
    h += "[Library " + ngn::quote(options_.library) + "]\n[Tables " + ngn::quote(options_.tables) + "]\n";
    h += "[Result \"" + result() + "\"]\n\n";
    return h + decl.str() + body_.str();
}

}  // namespace

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options) {
    if (options.tables.empty() || options.library.empty())
        throw std::invalid_argument("tmbv battles are played with a table pack and a ship manifest: give --tables FILE and --library FILE "
                                    "(test files with made-up values: fixtures/tables/tmbv-test-pack.ngn and tmbv-lissa-test-manifest.ngn)");
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
