// Random legal campaigns (13.1) on the players' operational map, with the manifest and the table
// pack: the set-up of 13.1.1 and 13.1.2 (the Lissa order of battle's ships in each side's main and
// battle fleets), then turn by turn the Turn Start Phase (5.1-5.3: with the pack's Random Events
// chart each player draws from the cup, No Event, his own marker carried out at once or the
// opponent's implemented or declined, the chart's FML and VP changes followed; without it No Event
// only), the Operations Phase (6.0-6.4:
// each impulse one fleet mobilizes or activates and moves along the map within its speed, or the
// player passes), the Return to Port Phase (8.0), the Bombardment Phase (9.0-9.2, the batteries'
// shots all misses: damage to ships is not followed) and the Repair Segment (11.2.6). Fleets never
// meet, so there are no battles (one generated text cannot name a battle record) and no
// interceptions.
#include "rules/tmbv/generator.hpp"

#include "geometry/area_map.hpp"
#include "notation/record.hpp"
#include "rules/tmbv/manifest.hpp"
#include "rules/tmbv/tables.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ironlog::rules::tmbv {

namespace {

constexpr int kAustria = 0, kItaly = 1;
const char* const kSides[] = {"Austria", "Italy"};
const char* const kChartSides[] = {"austria", "italy"};  // as the Random Events chart names them
constexpr int kNoEventMarkers = 12;                       // 5.2

struct Marker {
    int owner;
    std::string name;  // as the chart names it, lower case
    auto operator<=>(const Marker&) const = default;
};

struct FleetSpec {
    const char* alias;
    const char* name;
    const char* type;
    bool admiral;
    int side;
    const char* area;  // 13.1: where it begins
    std::vector<std::pair<const char*, const char*>> ships;
};

// 13.1.2: the Austrian main and battle fleets in Pola (Tegetthoff with the main fleet); 13.1.1:
// the Italian battle fleet in Ancona, the main fleet with Persano at Bari.
const std::vector<FleetSpec>& fleet_specs() {
    static const std::vector<FleetSpec> specs = {
        {"AM", "Austrian Main Fleet", "main", true, kAustria, "Pola",
         {{"EFM", "Erzherzog Ferdinand Max"}, {"Hab", "Habsburg"}, {"Sal", "Salamander"}, {"KMx", "Kaiser Max"}, {"DJA", "Don Juan de Austria"},
          {"Dra", "Drache"}, {"PEu", "Prinz Eugen"}, {"KEl", "Kaiserin Elisabeth"}}},
        {"AB", "Austrian Battle Fleet", "battle", false, kAustria, "Pola",
         {{"Kai", "Kaiser"}, {"Fri", "Friedrich"}, {"Adr", "Adria"}, {"Nov", "Novara"}, {"Rad", "Radetzky"}, {"Don", "Donau"},
          {"Sch", "Schwarzenberg"}, {"Gre", "Greif"}}},
        {"IM", "Italian Main Fleet", "main", true, kItaly, "Bari",
         {{"RdI", "Re d'Italia"}, {"RdP", "Re di Portogallo"}, {"PdC", "Principe di Carignano"}, {"Cas", "Castelfidardo"},
          {"Aff", "Affondatore"}, {"Mes", "Messagero"}}},
        {"IB", "Italian Battle Fleet", "battle", false, kItaly, "Ancona",
         {{"Anc", "Ancona"}, {"Pal", "Palestro"}, {"SMa", "San Martino"}, {"RMP", "Regina Maria Pia"}}},
    };
    return specs;
}

std::string at_text(const std::string& area, const std::string& box) {
    const std::string a = area.find(' ') != std::string::npos ? ngn::quote(area) : area;
    return "@" + a + (box.empty() ? "" : "/" + box);
}

struct Fleet {
    const FleetSpec* spec;
    int speed = 0;
    std::string area, box;
    // this turn (6.1, 6.2), as the engine keeps it
    bool at_sea_at_start = false;
    int attempts = 0, allowed = 0, activations = 0, activated_in = 0;
    bool flipped = false, mission = false, low_fuel = false;
    int with = -1;
};

class Campaign {
public:
    Campaign(Random& rng, int index, const TablePack& pack, const Manifest& manifest, const geometry::AreaMap& map, const GenerateOptions& options)
        : rng_(rng), index_(index), pack_(pack), manifest_(manifest), map_(map), options_(options) {}
    std::string play();

private:
    void declare(std::ostream& os);
    void turn(int n);
    void turn_start(int n);
    void draw(int side);
    std::vector<Marker> cup() const;
    void carry_out(const Marker& m);
    void victory();
    std::pair<std::string, int> initiative_roll(int side);
    void operations();
    bool act(int side, int impulse);
    void mobilize(int f, int impulse);
    void activate(int f, int impulse);
    void move(const std::vector<int>& group);
    int check_roll(int f, std::string& text);  // an FML check's total, written into text
    void return_to_port();
    void bombardment();
    void bombard_with(Fleet& f);
    std::optional<std::string> shot(const std::string& ship, int side, const ManifestShip& m, const ManifestPort& port, bool battery, int& hits);
    bool open_port(const std::string& area, int side) const;
    bool enemy_at(const std::string& area, const std::string& box, int side) const;
    bool enemy_at_sea(const std::string& area, int side) const;
    bool holds(const std::string& area, int side) const;
    void line(const std::string& text) { body_ << "      " << text << "\n"; }

    Random& rng_;
    int index_;
    const TablePack& pack_;
    const Manifest& manifest_;
    const geometry::AreaMap& map_;
    const GenerateOptions& options_;
    std::ostringstream body_;
    std::vector<Fleet> fleets_;
    int fml_[2] = {5, 2};  // 13.1.2, 13.1.1
    int vp_[2] = {0, 0};   // the VP track (12.1): none at the start (13.1.1, 13.1.2)
    int gained_[2] = {0, 0};  // this turn's VP gained (6.1.1)
    int turn_ = 0, initiative_ = -1;
    std::string weather_ = "clear";        // this turn's (5.1.1: turn 1 is clear)
    std::map<std::string, int> port_hits_;  // the batteries' hits (9.2.4), by port
    std::set<Marker> carried_out_;          // out of the cup for good (Readings: a carried-out marker leaves the cup)
};

std::string Campaign::play() {
    for (const FleetSpec& s : fleet_specs()) {
        Fleet f;
        f.spec = &s;
        f.area = s.area, f.box = "port";
        for (const auto& [alias, name] : s.ships) {
            const ManifestShip* m = manifest_.find(name);
            if (!m) throw std::invalid_argument(options_.library + ": the campaign generator needs the Lissa ships; " + name + " is not in it");
            if (f.speed == 0 || m->ma < f.speed) f.speed = m->ma;
        }
        if (!map_.find(s.area)) throw std::invalid_argument(options_.map + ": the campaign generator needs the area " + s.area);
        fleets_.push_back(f);
    }
    std::ostringstream decl;
    declare(decl);
    const int turns = 2 + rng_.below(3);
    for (int n = 1; n <= turns; ++n) turn(n);
    std::string h = generated_header("Generated campaign", index_) + "[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n";
    h += "[Side1 \"Austria\"]\n[Player1 \"" + std::string(player_name(2 * index_)) + "\"]\n";
    h += "[Side2 \"Italy\"]\n[Player2 \"" + std::string(player_name(2 * index_ + 1)) + "\"]\n";
    h += "[Library " + ngn::quote(options_.library) + "]\n[Tables " + ngn::quote(options_.tables) + "]\n[Map " + ngn::quote(options_.map) + "]\n";
    h += "[Result \"*\"]\n\n";
    return h + decl.str() + body_.str();
}

void Campaign::declare(std::ostream& os) {
    for (int side : {kAustria, kItaly}) {
        os << "side " << kSides[side] << "\n";
        for (const Fleet& f : fleets_) {
            if (f.spec->side != side) continue;
            os << "fleet " << f.spec->alias << " " << ngn::quote(f.spec->name) << " " << f.spec->type << (f.spec->admiral ? " admiral" : "") << " "
               << at_text(f.area, f.box) << "\n";
            for (const auto& [alias, name] : f.spec->ships) os << "ship " << alias << " " << ngn::quote(name) << " " << f.spec->alias << "\n";
        }
    }
}

void Campaign::turn(int n) {
    turn_ = n;
    if (n > 1) {  // 6.1.1: the turn track
        if (n % 2 == 0) fml_[kItaly] = std::min(10, fml_[kItaly] + 1);
        if (n % 3 == 0) fml_[kAustria] = std::max(1, fml_[kAustria] - 1);
    }
    body_ << "\nturn " << n << "\n";
    turn_start(n);
    for (Fleet& f : fleets_) {
        f.at_sea_at_start = f.box != "port";
        f.attempts = f.allowed = f.activations = f.activated_in = 0;
        f.flipped = f.mission = false, f.with = -1;
    }
    body_ << "  phase operations\n";
    operations();
    body_ << "  phase return-to-port\n";
    return_to_port();
    body_ << "  phase bombardment\n";
    bombardment();
    body_ << "  phase end-of-turn\n    segment repair\n";
    for (Fleet& f : fleets_)
        if (f.box == "port") f.low_fuel = false;  // 11.2.6
    body_ << "  phase victory\n";
    victory();
}

// 12.0: each fleet on blockade at an enemy's port gains 2 VP (10.0, 12.1); each 10 VP gained in
// the turn raise the side's FML a level (6.1.1). The totals are written now and then.
void Campaign::victory() {
    for (const Fleet& f : fleets_) {
        const geometry::Place* p = map_.find(f.area);
        if (f.box == "blockade" && p && !p->controller.empty() && !holds(f.area, f.spec->side)) vp_[f.spec->side] += 2, gained_[f.spec->side] += 2;
    }
    for (int side : {kAustria, kItaly}) {
        fml_[side] = std::min(10, fml_[side] + gained_[side] / 10);
        gained_[side] = 0;
    }
    if (rng_.chance(50))
        for (int side : {kAustria, kItaly}) line(std::string(kSides[side]) + " vp " + std::to_string(vp_[side]));
}

void Campaign::turn_start(int n) {
    body_ << "  phase turn-start\n";
    if (n > 1) {  // 5.1.2: last turn's initiative rolls the weather
        const int roll = rng_.below(10);
        const auto weather = pack_.weather_for(roll);
        body_ << "    segment weather\n";
        line(std::string(kSides[initiative_]) + " roll d10: " + std::to_string(roll) + (weather ? " => " + *weather : ""));
        weather_ = weather.value_or("");
    }
    body_ << "    segment random-event\n";
    for (int side : {kAustria, kItaly}) draw(side);
    body_ << "    segment initiative\n";
    for (;;) {  // 5.3; a tie is rolled again (initiative-tie=roll-again)
        const auto [austria, a] = initiative_roll(kAustria);
        const auto [italy, i] = initiative_roll(kItaly);
        line(austria);
        if (a == i) {
            line(italy);
            continue;
        }
        initiative_ = a > i ? kAustria : kItaly;
        line(italy + " => " + kSides[initiative_]);
        break;
    }
}

// 5.2.1: one marker from the cup. One's own is carried out at once (5.2.2); the opponent's is
// implemented or declined (5.2.3); No Event and a declined marker go back (5.2.4, 5.2.3).
void Campaign::draw(int side) {
    const std::vector<Marker> markers = cup();
    const int pick = rng_.below(kNoEventMarkers + static_cast<int>(markers.size()));
    if (pick < kNoEventMarkers) return line(std::string(kSides[side]) + " draw no-event");
    const Marker& m = markers[static_cast<std::size_t>(pick - kNoEventMarkers)];
    const bool number = std::all_of(m.name.begin(), m.name.end(), [](unsigned char c) { return std::isdigit(c); });
    const std::string name = number ? m.name : ngn::quote(m.name);  // a word or name as the chart's, quoted
    if (m.owner == side) {
        line(std::string(kSides[side]) + " draw event " + name);
        return carry_out(m);
    }
    const bool implemented = rng_.chance(50);
    line(std::string(kSides[side]) + " draw event " + kSides[m.owner] + " " + name + (implemented ? " implemented" : " declined"));
    if (implemented) carry_out(m);
}

// The chart's markers not carried out yet, in the chart's order (the twelve No Event aside): all
// of them from turn 1, as the turns the book puts them in are on its turn track, not in the text;
// none without a chart, so only No Event is drawn.
std::vector<Marker> Campaign::cup() const {
    std::vector<Marker> markers;
    for (const RandomEvent& r : pack_.random_events()) {
        const Marker m{r.owner == kChartSides[kAustria] ? kAustria : kItaly, r.marker};
        if (!carried_out_.count(m) && std::find(markers.begin(), markers.end(), m) == markers.end()) markers.push_back(m);
    }
    return markers;
}

// 5.2.2: the chart's FML changes (within 1-10, 6.1.1) and VP changes (a loss never below 0, 12.2's
// notes; a gain counts toward this turn's rise per 10 VP, 6.1.1); other results are words only.
void Campaign::carry_out(const Marker& m) {
    for (const RandomEvent* r : pack_.random_event(kChartSides[m.owner], m.name)) {
        const int side = r->side == kChartSides[kAustria] ? kAustria : kItaly;
        if (r->effect == RandomEvent::Effect::Fml) fml_[side] = std::clamp(fml_[side] + r->value, 1, 10);
        if (r->effect == RandomEvent::Effect::Vp && r->value >= 0) vp_[side] += r->value, gained_[side] += r->value;
        if (r->effect == RandomEvent::Effect::Vp && r->value < 0) vp_[side] = std::max(0, vp_[side] + r->value);
    }
    carried_out_.insert(m);
}

// One side's initiative roll as written, and its total: a die, the FML, the admiral's rating.
std::pair<std::string, int> Campaign::initiative_roll(int side) {
    const ManifestAdmiral* admiral = manifest_.admiral_of(kSides[side]);
    const int roll = rng_.below(10), rating = admiral ? admiral->rating : 0;
    const int total = roll + fml_[side] + rating;
    std::string text = std::string(kSides[side]) + " roll d10: " + std::to_string(roll) + " +" + std::to_string(fml_[side]) + "(FML)";
    if (admiral) text += " " + std::string(rating < 0 ? "" : "+") + std::to_string(rating) + "(" + admiral->name + ")";
    return {text + " = " + std::to_string(total), total};
}

// 6.0: impulses alternate from the initiative player until both pass in a row.
void Campaign::operations() {
    int passes = 0;
    for (int impulse = 1; passes < 2 && impulse <= 40; ++impulse) {
        body_ << "    impulse " << impulse << "\n";
        const int side = impulse % 2 == 1 ? initiative_ : 1 - initiative_;
        if (act(side, impulse)) {
            passes = 0;
        } else {
            line(std::string(kSides[side]) + " pass");
            ++passes;
        }
    }
}

// One fleet of the side mobilizes or activates, and moves; false when none may (or the player passes).
bool Campaign::act(int side, int impulse) {
    std::vector<int> can;
    for (int i = 0; i < static_cast<int>(fleets_.size()); ++i) {
        const Fleet& f = fleets_[static_cast<std::size_t>(i)];
        if (f.spec->side != side || f.flipped || f.with >= 0 || f.mission) continue;
        const bool in_port = !f.at_sea_at_start && f.allowed == 0;
        const bool at_sea_box = f.box == "at-sea" || f.box.empty();
        if (in_port && f.attempts == 0) can.push_back(i);                                  // 6.1
        else if (f.at_sea_at_start && f.activations == 0) can.push_back(i);               // 6.2.1, 6.2.3
        else if (f.allowed > f.activations && f.activations > 0 && f.activated_in != impulse && at_sea_box && !f.low_fuel)
            can.push_back(i);  // 6.2.4-6.2.6
    }
    if (can.empty() || rng_.chance(15)) return false;
    const int f = can[static_cast<std::size_t>(rng_.below(static_cast<int>(can.size())))];
    if (!fleets_[static_cast<std::size_t>(f)].at_sea_at_start && fleets_[static_cast<std::size_t>(f)].allowed == 0) mobilize(f, impulse);
    else activate(f, impulse);
    return true;
}

// An FML check's die and modifier, written into text (" d10: 4 -2(Tegetthoff) = 2"); its total.
int Campaign::check_roll(int f, std::string& text) {
    const Fleet& fleet = fleets_[static_cast<std::size_t>(f)];
    const int roll = rng_.below(10);
    int modifier = 0;
    std::string label;
    if (fleet.spec->admiral)
        if (const ManifestAdmiral* a = manifest_.admiral_of(kSides[fleet.spec->side])) {
            modifier = fleet.spec->side == kItaly ? a->rating : -a->rating;  // 6.1.2
            label = a->name;
        }
    text += " d10: " + std::to_string(roll);
    if (!label.empty()) text += " " + std::string(modifier < 0 ? "" : "+") + std::to_string(modifier) + "(" + label + ")";
    text += " = " + std::to_string(roll + modifier);
    return roll + modifier;
}

// 6.1.2-6.1.5: up to three attempts, the later ones for VP; the admiral's fleet takes the other
// fleets of its port; 13.1.1: the Italian main fleet needs no roll on turn 1.
void Campaign::mobilize(int f, int impulse) {
    Fleet& fleet = fleets_[static_cast<std::size_t>(f)];
    const int side = fleet.spec->side;
    std::vector<int> group{f};
    std::string with;
    if (fleet.spec->admiral && rng_.chance(50))
        for (int g = 0; g < static_cast<int>(fleets_.size()); ++g) {
            Fleet& other = fleets_[static_cast<std::size_t>(g)];
            if (g == f || other.spec->side != side || other.area != fleet.area || other.box != "port" || fleet.box != "port" ||
                other.attempts || other.flipped || other.at_sea_at_start)
                continue;
            group.push_back(g), with += " " + std::string(other.spec->alias);
        }
    if (!with.empty()) with = " with" + with;
    int attempt = 0, cost = 0;
    bool mobilized = false;
    while (!mobilized && attempt < 3) {
        ++attempt;
        for (int g : group) fleets_[static_cast<std::size_t>(g)].attempts = attempt;
        if (turn_ == 1 && side == kItaly && std::string(fleet.spec->type) == "main" && attempt == 1) {
            line(std::string(fleet.spec->alias) + " mobilize" + with + " => mobilized");
            mobilized = true;
            break;
        }
        std::string text = std::string(fleet.spec->alias) + " mobilize" + (attempt == 1 ? with : "");
        if (attempt > 1) text += " vp " + std::to_string(cost);
        const int total = check_roll(f, text);
        mobilized = total <= fml_[side];
        line(text + (mobilized ? " => mobilized" : " => failed"));
        const int difference = std::max(0, total - fml_[side]);
        cost = attempt == 1 ? difference : 2 * difference;
        if (!mobilized && (cost > vp_[side] || !rng_.chance(40))) break;  // not tried again (no deficit spending, 12.2): flipped
        if (!mobilized) vp_[side] -= cost;
    }
    for (int g : group) {
        Fleet& x = fleets_[static_cast<std::size_t>(g)];
        if (!mobilized) {
            x.flipped = true;
            continue;
        }
        x.allowed = 4 - attempt, x.activations = 1, x.activated_in = impulse;
        if (g != f) x.with = f;
    }
    if (mobilized) move(group);
}

// 6.2: an FML check; a failed second activation may be bought with VP (6.2.5).
void Campaign::activate(int f, int impulse) {
    Fleet& fleet = fleets_[static_cast<std::size_t>(f)];
    const int side = fleet.spec->side;
    std::string text = std::string(fleet.spec->alias) + " activate";
    const int total = check_roll(f, text);
    bool activated = total <= fml_[side];
    const bool second = fleet.activations == 1 && !fleet.at_sea_at_start;
    if (activated) text += " => activated";
    else if (second && total - fml_[side] <= vp_[side] && rng_.chance(40))
        text += " => activated vp " + std::to_string(total - fml_[side]), activated = true, vp_[side] -= total - fml_[side];
    else text += " => failed";
    line(text);
    std::vector<int> group{f};
    for (int g = 0; g < static_cast<int>(fleets_.size()); ++g)
        if (fleets_[static_cast<std::size_t>(g)].with == f) group.push_back(g);
    for (int g : group) {
        Fleet& x = fleets_[static_cast<std::size_t>(g)];
        if (!activated) {
            x.flipped = true;
            continue;
        }
        if (x.at_sea_at_start && x.allowed == 0) x.allowed = 1;
        ++x.activations, x.activated_in = impulse;
    }
    if (activated) move(group);
}

// 6.4: a walk along the map within the group's slowest speed; an enemy fleet's sub-area, or the
// Mediterranean with an enemy fleet in it, ends it (6.4.9, 6.4.10); it ends At Sea, on station at
// an enemy's area (6.4.6, 6.4.7), or in a port of the side's own (6.4.3).
void Campaign::move(const std::vector<int>& group) {
    Fleet& lead = fleets_[static_cast<std::size_t>(group.front())];
    const int side = lead.spec->side;
    bool low_fuel = false;
    int speed = 99;
    for (int g : group) speed = std::min(speed, fleets_[static_cast<std::size_t>(g)].speed), low_fuel |= fleets_[static_cast<std::size_t>(g)].low_fuel;
    std::string area = lead.area, box = lead.box;
    std::vector<std::string> steps;
    int mp = 0;
    if (box == "port") {
        if (mp + 1 > speed || enemy_at_sea(area, side)) return;
        ++mp, box = "at-sea", steps.push_back(at_text(area, box));
    }
    bool stopped = enemy_at(area, box, side);
    while (!stopped && mp < speed && rng_.chance(75)) {
        const geometry::Place* here = map_.find(area);
        std::vector<std::string> next;
        for (const std::string& n : here->touches)
            if (!enemy_at_sea(n, side)) next.push_back(n);
        if (next.empty()) break;
        const std::string to = next[static_cast<std::size_t>(rng_.below(static_cast<int>(next.size())))];
        const geometry::Place* p = map_.find(to);
        area = to, box = p->boxes ? "at-sea" : "", ++mp;
        steps.push_back(at_text(area, box));
        stopped = p->mediterranean ? enemy_at(area, "", side) : enemy_at(area, box, side);
    }
    const geometry::Place* p = map_.find(area);
    if (!stopped && p->boxes && rng_.chance(60)) {  // a box in the area it ends in
        const bool own = holds(area, side);
        std::string end;
        if (own && p->name != "Spalato") end = "port";
        else if (!own && !low_fuel) end = side == kAustria && p->name == "Taranto" ? "bombard" : rng_.chance(50) ? "blockade" : "bombard";
        if (!end.empty()) box = end, steps.push_back(at_text(area, box));
    }
    if (steps.empty()) return;
    std::string walk;
    for (const std::string& s : steps) walk += " " + s;
    for (int g : group) {
        Fleet& x = fleets_[static_cast<std::size_t>(g)];
        line(std::string(x.spec->alias) + " move" + walk);
        x.area = area, x.box = box;
        if (box == "blockade" || box == "bombard") x.mission = true;
    }
}

// 9.1.2: the fleets on bombard at an enemy's port fire, their missions alternating from the
// initiative player while both have one.
void Campaign::bombardment() {
    std::vector<int> due[2];
    for (std::size_t i = 0; i < fleets_.size(); ++i)
        if (fleets_[i].box == "bombard" && !holds(fleets_[i].area, fleets_[i].spec->side)) due[fleets_[i].spec->side].push_back(static_cast<int>(i));
    int side = due[initiative_].empty() ? 1 - initiative_ : initiative_;
    while (!due[side].empty()) {
        bombard_with(fleets_[static_cast<std::size_t>(due[side].front())]);
        due[side].erase(due[side].begin());
        if (!due[1 - side].empty()) side = 1 - side;
    }
}

// 9.1.1, 9.2.1-9.2.8: some of the fleet's ships fire, each answered by the battery while it has a
// box left, the initiative player's shot first; the fleet then has Low Fuel and Ammo.
void Campaign::bombard_with(Fleet& f) {
    const ManifestPort* port = manifest_.port(f.area);
    if (!port || !pack_.has_bombardment_results()) return;
    int& port_hits = port_hits_[f.area];
    for (const auto& [alias, name] : f.spec->ships) {
        const ManifestShip* m = manifest_.find(name);
        if (!rng_.chance(50)) continue;
        int ship_hits = 0, battery_hits = 0;
        const auto fired = shot(alias, f.spec->side, *m, *port, false, ship_hits);
        std::optional<std::string> answer;
        for (int tries = 0; tries < 20 && !answer; ++tries) {  // a miss: the generator follows no damage to ships
            answer = shot(alias, f.spec->side, *m, *port, true, battery_hits);
            if (battery_hits) answer.reset();
        }
        if (!fired || !answer) continue;
        const bool silenced = port_hits >= port->boxes, silenced_by_it = port_hits + ship_hits >= port->boxes;
        if (f.spec->side == initiative_) {  // 9.2.1: the initiative player fires first
            line(*fired);
            if (!silenced_by_it) line(*answer);  // 9.2.7: a battery with no box left does not answer
        } else {
            if (!silenced) line(*answer);
            line(*fired);
        }
        port_hits = std::min(port->boxes, port_hits + ship_hits);
    }
    f.low_fuel = true;  // 9.2.8: Low Fuel and Ammo
}

// One shot: a die, the firer's factor and the Bombardment Table's rows (the engine's reading of
// 9.2.2-9.2.6); its hits from the Results Table.
std::optional<std::string> Campaign::shot(const std::string& ship, int side, const ManifestShip& m, const ManifestPort& port, bool battery, int& hits) {
    const int face = rng_.below(10);
    int total = face + (battery ? port.fire : m.cf);
    std::string text = ship + (battery ? " battery" : " bombard") + " d10: " + std::to_string(face) + " +" + std::to_string(battery ? port.fire : m.cf) + "(cf)";
    const char crew = m.crew ? m.crew : side == kAustria ? 'A' : 'B';  // 13.0
    for (const ChartModifier& c : pack_.bombardment_modifiers()) {
        const int value = bombardment_modifier(c, m, crew, port, battery, weather_);
        if (!value) continue;
        total += value;
        text += std::string(value < 0 ? " " : " +") + std::to_string(value) + "(" + (c.kind == ModifierKind::Weather ? c.which : c.what) + ")";
    }
    const std::optional<int> h = pack_.bombardment_hits(total);
    if (!h) return std::nullopt;
    hits = *h;
    return text + " = " + std::to_string(total) + " => " + (hits ? std::to_string(hits) + " hits" : "none");
}

// 8.1: the non-initiative player first; fleets at sea (and those with Low Fuel) to the nearest
// open port of their own, or they stay out and get Low Fuel (8.1.4).
void Campaign::return_to_port() {
    for (int side : {1 - initiative_, initiative_})
        for (Fleet& f : fleets_) {
            if (f.spec->side != side || f.box == "port") continue;
            const bool may_return = f.box == "at-sea" || f.box.empty() || f.low_fuel;
            std::string nearest;
            if (may_return && (f.low_fuel || rng_.chance(70))) {
                const auto cost = map_.steps_from(f.area);
                for (const auto& [name, mp] : cost)
                    if (open_port(name, side) && (nearest.empty() || mp < cost.at(nearest))) nearest = name;
            }
            if (nearest.empty()) {
                line(std::string(f.spec->alias) + " stay");
                f.low_fuel = true;  // 8.1.4
                continue;
            }
            line(std::string(f.spec->alias) + " return " + at_text(nearest, "port"));
            f.area = nearest, f.box = "port", f.mission = false;
        }
}

bool Campaign::holds(const std::string& area, int side) const {
    const geometry::Place* p = map_.find(area);
    return p && p->controller == kSides[side];
}

bool Campaign::open_port(const std::string& area, int side) const {
    const geometry::Place* p = map_.find(area);
    return p && p->boxes && holds(area, side) && area != "Spalato" && !enemy_at(area, "blockade", side);
}

// Fleets never meet in generated play: the battle they would fight is a record of its own (7.0),
// which one generated text cannot name.
bool Campaign::enemy_at_sea(const std::string& area, int side) const {
    for (const Fleet& f : fleets_)
        if (f.spec->side != side && f.area == area && f.box != "port") return true;
    return false;
}

bool Campaign::enemy_at(const std::string& area, const std::string& box, int side) const {
    for (const Fleet& f : fleets_)
        if (f.spec->side != side && f.area == area && (box.empty() || f.box == box)) return true;
    return false;
}

}  // namespace

// With a map (--map), a campaign; without, a Battle of Lissa (generator.cpp).
std::string generate_campaign(std::uint64_t seed, int index, const GenerateOptions& options) {
    if (options.tables.empty() || options.library.empty() || options.map.empty())
        throw std::invalid_argument("a tmbv campaign is played with a table pack, a ship manifest and an operational map: give --tables FILE, "
                                    "--library FILE and --map FILE (test files with made-up values: fixtures/tables/tmbv-test-pack.ngn, "
                                    "tmbv-lissa-test-manifest.ngn, fixtures/maps/tmbv-test-map.ngn)");
    Findings problems;
    std::error_code ec;
    for (const std::string& file : {options.tables, options.library, options.map})
        if (!std::filesystem::is_regular_file(file, ec)) throw std::invalid_argument(file + ": not a readable file");
    const TablePack pack = TablePack::load(options.tables, options.tables, problems);
    const Manifest manifest = Manifest::load(options.library, options.library, problems);
    const geometry::AreaMap map = geometry::AreaMap::load(options.map, options.map, problems);
    if (!problems.all().empty())
        throw std::invalid_argument(problems.all().front().file + ":" + std::to_string(problems.all().front().pos.line) + ": " +
                                    problems.all().front().message);
    Random rng = Random::for_game(seed, index);
    return Campaign(rng, index, pack, manifest, map, options).play();
}

}  // namespace ironlog::rules::tmbv
