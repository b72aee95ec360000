// Random legal months of the EiA naval phase on a given area map. The major powers that hold
// ports on the map, some at war and some not (France and Spain at times allied with combined
// movement, 6.1.2; Portugal's fleet under Great Britain, 6.1.1; NELSON with a British fleet; a
// corps carried to sea and landed, 6.2.5). Each month, in the sequence of 6.1 (Great Britain at a
// place of its choice), every power moves some of its stacks out of port, across sea areas, into
// its own ports, picking fleets up and dropping them off, within the 7 movement points of a fleet;
// enemies try to intercept (a die from the same or the next area, from a port, automatically in a
// blockade box, NELSON's -1), and interceptions that succeed are fought at once; in its combat
// step a power attacks enemy stacks in the sea areas it ended in, or in a port it sailed into (the
// harbour defences, 6.3.3.3), and the stack attacked may try to evade. Combats roll for the wind
// gauge, read the Naval Combat and Casualty Percentage Tables of the pack given (no combat is
// played without one), claim the political points, and the loser retreats to the nearest
// friendly port or an adjacent sea area, pursued to the port's box. A port may fall to an enemy
// before the naval phase (6.2.6): its fleet sails out, or is scuttled when blockaded.
#include "rules/eia_naval/generator.hpp"

#include "geometry/area_map.hpp"
#include "notation/record.hpp"
#include "rules/eia_naval/engine.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ironlog::rules::eia_naval {

namespace {

// The major powers in 6.1's order, as the game names them, with the alias their side gets.
struct PowerName {
    Major major;
    const char* name;
    const char* alias;
};
constexpr std::array<PowerName, 7> kPowers = {{{Major::GreatBritain, "Great Britain", "GB"},
                                                {Major::Russia, "Russia", "RU"},
                                                {Major::Turkey, "Turkey", "TU"},
                                                {Major::Austria, "Austria", "AU"},
                                                {Major::Prussia, "Prussia", "PR"},
                                                {Major::France, "France", "FR"},
                                                {Major::Spain, "Spain", "SP"}}};
constexpr int kFleetMp = 7;  // 6.2.1

std::string quoted(const std::string& name) { return name.find(' ') != std::string::npos ? ngn::quote(name) : name; }

struct GPower {
    const PowerName* name = nullptr;
    std::set<int> war, combined, access;
    std::set<std::string> access_minor;  // minor countries whose ports it may use
    bool dardanelles = false;
    std::string alias() const { return name->alias; }
};

struct GFleet {
    std::string alias;
    int power = 0;
    int ships = 0;
    Where at;
    std::string minor;
    bool gone = false;
    // this sequence
    int mp = 0;
    bool moved = false;
};

struct GCorps {
    std::string alias;
    int power = 0;
    Where at;
    int on = -1;  // the fleet carrying it
    bool done = false;
};

// A naval combat as the generator plays it (6.3): the sides' fleets and what each has lost.
struct GCombat {
    Where at;
    int attacker = -1, defender = -1;
    std::vector<int> att, def;  // fleet indices, in the engine's order
    bool interception = false, port = false, exit_blockade = false, from_port = false;
    int harbour_holder = -1;
    std::map<int, int> losses;  // power (attacker or defender) -> ships lost
    std::optional<int> winner;
};

class Game {
public:
    Game(Random& rng, int index, const geometry::AreaMap& map, const std::optional<TablePack>& pack, const GenerateOptions& options)
        : rng_(rng), index_(index), map_(map), pack_(pack), options_(options) {}

    std::string play() {
        same_area_ports_ = index_ % 2 == 1;
        find_powers();
        relations();
        make_forces();
        int month = rng_.between(1, 12), year = 1805 + rng_.below(10);
        const int months = rng_.between(2, 5);
        for (int m = 0; m < months; ++m) {
            month_ = month;
            body_ << "\nturn " << year << "-" << std::setw(2) << std::setfill('0') << month << "\n";
            reinforcement_phase();
            naval_phase();
            land_phase();
            if (++month > 12) month = 1, ++year;
        }
        return header() + body_.str();
    }

private:
    Random& rng_;
    int index_;
    const geometry::AreaMap& map_;
    const std::optional<TablePack>& pack_;
    const GenerateOptions& options_;
    std::ostringstream body_;
    std::ostringstream forces_;
    std::vector<GPower> powers_;
    std::map<std::string, int> controller_;          // port -> power; -1 for a minor country's
    std::vector<GFleet> fleets_;
    std::vector<GCorps> corps_;
    int nelson_power_ = -1;
    Where nelson_at_;
    bool nelson_captured_ = false;
    int month_ = 1;
    int phasing_ = -1;
    bool same_area_ports_ = false;  // [Options "port-interception=same-area"]
    std::set<int> leaving_;  // fleets that must leave the blockade box they began the sequence in (6.2.7.1)
    std::set<int> barred_;  // blocs whose interceptors lost to the phasing side this sequence

    // ---- the powers and what they are to each other --------------------------------------------

    int power_of(Major m) const {
        for (std::size_t p = 0; p < powers_.size(); ++p)
            if (powers_[p].name->major == m) return static_cast<int>(p);
        return -1;
    }
    bool at_war(int a, int b) const {
        return a >= 0 && b >= 0 && a != b && (powers_[static_cast<std::size_t>(a)].war.count(b) || powers_[static_cast<std::size_t>(b)].war.count(a));
    }
    bool allied(int a, int b) const {
        return a == b || (a >= 0 && b >= 0 && (powers_[static_cast<std::size_t>(a)].combined.count(b) || powers_[static_cast<std::size_t>(b)].combined.count(a)));
    }
    int bloc(int p) const {
        for (int q = 0; q < p; ++q)
            if (allied(p, q)) return q;
        return p;
    }
    // Where a bloc stands in 6.1's order for interceptions; Great Britain's anywhere (100).
    int bloc_place(int b) const {
        int place = -1;
        for (int q = 0; q < static_cast<int>(powers_.size()); ++q) {
            if (bloc(q) != b) continue;
            if (powers_[static_cast<std::size_t>(q)].name->major == Major::GreatBritain) return 100;
            place = std::max(place, static_cast<int>(powers_[static_cast<std::size_t>(q)].name->major));
        }
        return place;
    }
    GPower& pw(int p) { return powers_[static_cast<std::size_t>(p)]; }
    const GPower& pw(int p) const { return powers_[static_cast<std::size_t>(p)]; }
    GFleet& fl(int i) { return fleets_[static_cast<std::size_t>(i)]; }
    const GFleet& fl(int i) const { return fleets_[static_cast<std::size_t>(i)]; }
    bool winter() const { return map_.winter_known() && map_.winter_months().count(month_) > 0; }
    const geometry::Place* place(const std::string& name) const { return map_.find(name); }
    std::string where(const Where& w) const { return where_text(w, &map_); }

    void find_powers() {
        for (const auto& major : kPowers) {
            bool holds = false;
            for (const auto& [name, p] : map_.places())
                if (p.port && major_named(p.controller) == major.major) holds = true;
            if (holds) powers_.push_back(GPower{&major, {}, {}, {}, {}, false});
        }
        if (powers_.size() < 2)
            throw std::invalid_argument("eia-naval games need a map on which two major powers hold ports; " + options_.map + " has " +
                                        std::to_string(powers_.size()));
        for (const auto& [name, p] : map_.places())
            if (p.port) controller_[name] = power_of(major_named(p.controller));
    }

    // Wars, combined movement, access and the Dardanelles: Great Britain and France at war, the
    // others at random; France and Spain, when both at war with Great Britain, sometimes combined.
    void relations() {
        const int gb = power_of(Major::GreatBritain), fr = power_of(Major::France), sp = power_of(Major::Spain);
        const int ru = power_of(Major::Russia), tu = power_of(Major::Turkey);
        auto war = [&](int a, int b) {
            if (a >= 0 && b >= 0) pw(a).war.insert(b);
        };
        war(gb, fr);
        if (gb < 0 || fr < 0) war(0, 1);
        const bool spain_at_war = rng_.chance(60);
        if (spain_at_war) war(gb, sp);
        // allies with combined movement: at war with Great Britain together, or Spain neutral and
        // carrying a French corps, which makes its fleets an enemy's (6.3.1.2)
        if (fr >= 0 && sp >= 0 && rng_.chance(spain_at_war ? 60 : 40)) pw(fr).combined.insert(sp), pw(sp).combined.insert(fr);
        if (fr >= 0 && sp >= 0) pw(fr).access.insert(sp);
        if (fr >= 0 && sp >= 0 && !spain_at_war) pw(sp).access.insert(fr);  // a neutral Spain sails past British blockaders (6.2.7.2)
        if (gb >= 0 && sp >= 0 && !spain_at_war && rng_.chance(50)) pw(gb).access.insert(sp);
        if (rng_.chance(50)) war(ru, tu);
        if (rng_.chance(30)) war(ru, fr);
        if (gb >= 0) pw(gb).access_minor.insert("portugal");
        if (tu >= 0) pw(tu).dardanelles = true;  // it holds Constantinople (6.2.1.3)
        if (ru >= 0 && rng_.chance(40)) pw(ru).dardanelles = true;  // it besieges Constantinople, say
    }

    // The ports a power's fleets may use: its own, and a minor country's it has access to.
    bool may_use_port(int power, const std::string& port) const {
        const auto it = controller_.find(port);
        if (it == controller_.end()) return false;
        if (it->second == power) return true;
        if (it->second >= 0) return pw(power).access.count(it->second) && !at_war(power, it->second);
        return pw(power).access_minor.count(lower(place(port)->controller)) > 0;
    }

    void make_forces() {
        forces_ << "\n";
        int corps = 0;
        for (int p = 0; p < static_cast<int>(powers_.size()); ++p) {
            forces_ << side_line(p);
            std::vector<std::string> ports;
            for (const auto& [name, place] : map_.places())
                if (place.port && controller_[name] == p && !sea_exits(p, Where{name, true}).empty()) ports.push_back(name);
            if (ports.empty()) continue;
            const int n = rng_.between(2, 4);
            for (int i = 1; i <= n; ++i) {
                GFleet f;
                f.alias = pw(p).alias() + std::to_string(i);
                f.power = p;
                f.ships = rng_.between(3, 20);
                f.at = Where{ports[static_cast<std::size_t>(rng_.below(static_cast<int>(ports.size())))], false};
                if (i == n && rng_.chance(40)) f.at = Where{sea_exits(p, Where{f.at.place, true}).front().first.place, false};
                forces_ << "fleet " << f.alias << " ships " << f.ships << " " << where(f.at) << "\n";
                fleets_.push_back(f);
            }
            if (pw(p).name->major == Major::GreatBritain) {
                nelson_power_ = p;
                nelson_at_ = fleets_.back().at;
                bool with_portugal = rng_.chance(25);
                for (const auto& [name, place] : map_.places())
                    if (place.port && controller_[name] < 0 && pw(p).access_minor.count(lower(place.controller)) && rng_.chance(70)) {
                        GFleet f;
                        f.alias = "PO1";
                        f.power = p;
                        f.ships = rng_.between(3, 8);
                        f.at = Where{name, false};
                        f.minor = place.controller;
                        forces_ << "fleet PO1 ships " << f.ships << " " << where(f.at) << " minor " << quoted(f.minor) << "\n";
                        fleets_.push_back(f);
                        if (with_portugal) nelson_at_ = f.at, with_portugal = false;
                        break;
                    }
                forces_ << "leader NELSON " << where(nelson_at_) << "\n";
            }
            // a corps in a port with a fleet, to be carried out to sea and landed (6.2.5)
            for (std::size_t i = 0; i < fleets_.size() && corps == 0; ++i)
                if (fleets_[i].power == p && place(fleets_[i].at.place)->port && fleets_[i].minor.empty() && rng_.chance(50)) {
                    GCorps c;
                    c.alias = "C" + std::to_string(++corps);
                    c.power = p;
                    c.at = fleets_[i].at;
                    forces_ << "unit " << c.alias << " corps " << where(c.at) << "\n";
                    corps_.push_back(c);
                }
            // France's corps in a neutral ally's port, for its fleets to carry (6.2.5)
            const int sp = power_of(Major::Spain);
            if (pw(p).name->major == Major::France && sp >= 0 && allied(p, sp) && !at_war(sp, power_of(Major::GreatBritain)))
                for (const auto& [name, place] : map_.places())
                    if (place.port && controller_[name] == sp) {
                        GCorps c;
                        c.alias = "C" + std::to_string(++corps);
                        c.power = p;
                        c.at = Where{name, false};
                        forces_ << "unit " << c.alias << " corps " << where(c.at) << "\n";
                        corps_.push_back(c);
                        break;
                    }
        }
    }

    std::string side_line(int p) const {
        std::ostringstream line;
        line << "side " << pw(p).alias() << " " << ngn::quote(pw(p).name->name);
        auto names = [&](const std::set<int>& set) {
            std::string out;
            for (int q : set) out += (out.empty() ? "" : ",") + quoted(pw(q).name->name);
            return out;
        };
        if (!pw(p).war.empty()) line << " war " << names(pw(p).war);
        if (!pw(p).combined.empty()) line << " combined " << names(pw(p).combined);
        std::string access = names(pw(p).access);
        for (const auto& m : pw(p).access_minor) access += (access.empty() ? "" : ",") + quoted(std::string(1, static_cast<char>(std::toupper(m[0]))) + m.substr(1));
        if (!access.empty()) line << " access " << access;
        if (pw(p).dardanelles) line << " dardanelles";
        return line.str() + "\n";
    }

    // ---- movement on the map -----------------------------------------------------------------------

    bool passable(int power, const std::string& sea) const {
        const geometry::Place* p = place(sea);
        return p && !p->port && !(p->ice && winter()) && (!p->dardanelles || pw(power).dardanelles);
    }

    // The sea areas a box touches, or a sea area's neighbours, that the power may sail into.
    std::vector<std::pair<Where, int>> sea_exits(int power, const Where& w) const {
        std::vector<std::pair<Where, int>> out;
        const geometry::Place* p = place(w.place);
        if (!p) return out;
        for (const auto& s : p->touches)
            if (passable(power, s)) out.push_back({Where{s, false}, 1});
        return out;
    }

    // The places one step from here (6.2.1.1, 6.2.1.2): a port and its box 0, anything else 1;
    // ports the power may use, never into the ice in winter.
    std::vector<std::pair<Where, int>> steps(int power, const Where& w) const {
        const geometry::Place* p = place(w.place);
        if (p->port) {
            if (!w.box) return {{Where{w.place, true}, 0}};
            auto out = sea_exits(power, w);
            if (may_use_port(power, w.place)) out.push_back({Where{w.place, false}, 0});
            return out;
        }
        auto out = sea_exits(power, w);
        for (const auto& [name, q] : map_.places())
            if (q.port && q.touches.count(w.place) && (may_use_port(power, name) || enemy_port(power, name))) out.push_back({Where{name, true}, 1});
        return out;
    }

    // ---- the phases ---------------------------------------------------------------------------------

    // 6.2.6: a port taken by an enemy before the naval phase; its fleets sail out, or are scuttled
    // when an enemy blockades it.
    void reinforcement_phase() {
        bool blockade = false;  // a minor's port an enemy blockades falls more often: its fleet is scuttled
        for (const auto& [port, owner] : controller_)
            for (const auto& f : fleets_) blockade = blockade || (owner < 0 && !f.gone && f.at == Where{port, false} && blockaded(port, f.power));
        if (!rng_.chance(blockade ? 60 : 25)) return;
        for (const auto& [port, owner] : controller_) {
            if (owner >= 0) continue;  // a minor country's port (Lisbon): a major's changes hands in other phases
            std::vector<int> inside;
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (!fl(i).gone && fl(i).at == Where{port, false}) inside.push_back(i);
            if (inside.empty()) continue;
            int taker = -1;
            for (int q = 0; q < static_cast<int>(powers_.size()); ++q) {
                bool all = true;
                for (int i : inside) all = all && at_war(q, fl(i).power);
                if (all) taker = q;
            }
            if (taker < 0) continue;
            body_ << "  phase reinforcement\n    " << pw(taker).alias() << " controls " << quoted(port) << "\n";
            controller_[port] = taker;
            for (int i : inside) port_falls(i, port);
            return;
        }
    }

    // A fleet whose port an enemy takes (6.2.6): scuttled when blockaded (6.2.6.1), else it sails out.
    void port_falls(int i, const std::string& port) {
        GFleet& f = fl(i);
        if (blockaded(port, f.power)) {
            body_ << "    " << f.alias << " scuttle => -1\n";
            f.gone = true;
            if (nelson_power_ == f.power && nelson_at_ == f.at && !stack_at(f.at, f.power)) nelson_captured_ = true;
            return;
        }
        const auto out = sea_exits(f.power, Where{port, true});
        const Where to = out.empty() || rng_.chance(30) ? Where{port, true} : out[static_cast<std::size_t>(rng_.below(static_cast<int>(out.size())))].first;
        body_ << "    " << f.alias << " leave " << where(to) << "\n";
        const Where was = f.at;
        f.at = to;
        if (nelson_power_ == f.power && nelson_at_ == was && !stack_at(was, f.power)) nelson_at_ = to;  // with the last to leave
    }

    bool blockaded(const std::string& port, int owner) const {
        for (const auto& f : fleets_)
            if (!f.gone && f.at == Where{port, true} && at_war(f.power, owner)) return true;
        return false;
    }
    // A fleet carrying a corps of a power at war with `power` (an enemy's, 6.3.1.2).
    bool carries_enemy_corps(int fleet, int power) const {
        for (const auto& c : corps_)
            if (c.on == fleet && !c.done && at_war(c.power, power)) return true;
        return false;
    }
    bool enemy_at(const Where& w, int power) const {
        for (const auto& f : fleets_)
            if (!f.gone && f.at == w && at_war(f.power, power)) return true;
        return false;
    }
    bool stack_at(const Where& w, int power) const {
        for (const auto& f : fleets_)
            if (!f.gone && f.at == w && f.power == power) return true;
        return false;
    }

    void naval_phase() {
        body_ << "  phase naval\n";
        std::vector<int> order;  // 6.1; Great Britain where it chooses
        int gb = -1;
        for (int p = 0; p < static_cast<int>(powers_.size()); ++p)
            if (pw(p).name->major == Major::GreatBritain) gb = p;
            else order.push_back(p);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return pw(a).name->major < pw(b).name->major; });
        // Great Britain where it chooses; often last when a neutral's fleet carries an enemy's corps
        const bool carrier = std::any_of(corps_.begin(), corps_.end(), [&](const GCorps& c) { return !c.done && c.power != gb; });
        if (gb >= 0) order.insert(carrier && rng_.chance(50) ? order.end() : order.begin() + rng_.below(static_cast<int>(order.size()) + 1), gb);
        for (int p : order) sequence(p);
    }

    // 6.2.5.2: the corps carried to sea land (or, now and then, are lost) in the land phase.
    void land_phase() {
        std::vector<GCorps*> at_sea;
        for (auto& c : corps_)
            if (c.on >= 0 && !c.done) at_sea.push_back(&c);
        if (at_sea.empty()) return;
        body_ << "  phase land\n";
        for (GCorps* c : at_sea) {
            body_ << "    " << c->alias << (rng_.chance(85) ? " disembark\n" : " lost\n");
            c->on = -1;
            c->done = true;
        }
    }

    // ---- a power's sequence: movement, then combat --------------------------------------------------

    void sequence(int power) {
        phasing_ = power;
        barred_.clear();
        for (auto& f : fleets_) f.mp = 0, f.moved = false;
        body_ << "    segment " << segment_name(pw(power).name->major) << "\n      step movement\n";
        // combined allies move in the sequence of the ally who moves later (6.1.2): France's in Spain's
        std::vector<int> movers = {power};
        bool moves_later = false;
        for (int q : pw(power).combined) {
            if (pw(q).name->major < pw(power).name->major) movers.push_back(q);
            else moves_later = true;
        }
        std::vector<Where> attack_from;
        if (!moves_later) {
            // 6.2.7.1 reads the war as it stands when the sequence begins
            leaving_.clear();
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (!fl(i).gone && must_leave(i)) leaving_.insert(i);
            for (int mover : movers)
                for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                    if (fl(i).power == mover && !fl(i).gone && !fl(i).moved && may_move(i) && (leaving_.count(i) || rng_.chance(65)))
                        move_stack(i, attack_from);
            // last, a stack at sea that has not moved sails into an enemy port next to it to attack
            // the fleets there (6.2.1.2, 6.2.4): no interception comes after it to take them away
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (pack_ && fl(i).power == power && !fl(i).gone && !fl(i).moved && !place(fl(i).at.place)->port && rng_.chance(50) && raid(i))
                    attack_from.push_back(fl(i).at);
        }
        body_ << "      step combat\n";
        combat_step(power, attack_from);
    }

    // A fleet moves when it can: not iced in (6.2.1.4), with somewhere to go.
    bool may_move(int i) const {
        const GFleet& f = fl(i);
        if (winter() && place(f.at.place)->ice) return false;
        return !steps(f.power, f.at).empty();
    }
    // A stack in a blockade box with no cause to stay must leave it (6.2.7.1).
    bool must_leave(int i) const { return fl(i).at.box && !cause_to_blockade(fl(i).at, fl(i).power); }
    bool cause_to_blockade(const Where& box, int power) const {
        const auto it = controller_.find(box.place);
        if (it != controller_.end() && at_war(power, it->second)) return true;
        for (const auto& o : fleets_)
            if (!o.gone && o.at.place == box.place && at_war(o.power, power)) return true;
        return false;
    }
    // A port held by an enemy of the power: a box it may blockade (6.2.7).
    bool enemy_port(int power, const std::string& port) const {
        const auto it = controller_.find(port);
        return it != controller_.end() && at_war(power, it->second);
    }

    // The lines of one stack's move as they are written, and where it stands (6.2.2).
    struct MoveLine {
        std::vector<int> stack;
        std::vector<int> named;     // the fleets the line begins with (the rest are picked up)
        std::map<int, int> joined;  // what the line had cost when each fleet joined it
        bool nelson = false, invite = false, stopped = false, corps_written = false;
        GCorps* corps = nullptr;
        Where at;
        std::string parts;  // places, picks and drops of this line
        int cost = 0;       // of this line
        std::string left_port;  // the port the move began in
        Where line_start;       // where this line begins

        // The most any fleet of the stack will have spent.
        int spent(const Game& g) const {
            int most = 0;
            for (int i : stack) most = std::max(most, g.fl(i).mp + cost - joined.at(i));
            return most;
        }
        void add(Game& g, const Where& w, int step) {
            at = w;
            cost += step;
            parts += " " + g.where(w);
        }
        void flush(Game& g) {
            if (parts.empty() || stack.empty()) return;
            std::string names;
            for (int i : named) names += (names.empty() ? "" : ",") + g.fl(i).alias;
            if (nelson) names += ",NELSON";
            g.body_ << "        " << g.pw(g.fl(named.front()).power).alias() << " move " << names;
            if (corps && !corps_written) g.body_ << " carrying " << corps->alias, corps_written = true, corps->on = named.front();
            g.body_ << parts << (invite ? " invite" : "") << " => " << cost << " mp\n";
            for (int i : stack) {
                g.fl(i).at = at;
                g.fl(i).moved = true;
                g.fl(i).mp += cost - joined[i];
            }
            if (nelson) g.nelson_at_ = at;
            if (corps) corps->at = at;
            parts.clear();
            cost = 0;
            named = stack;
            for (int i : stack) joined[i] = 0;
            invite = false;
            line_start = at;
        }
    };

    // One stack's move: the fleets of one place, NELSON with them, perhaps a corps.
    void move_stack(int first, std::vector<Where>& attack_from) {
        const int power = fl(first).power;
        const Where start = fl(first).at;
        MoveLine line;
        for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
            if (!fl(i).gone && !fl(i).moved && fl(i).at == start && fl(i).power == power && (i == first || leaving_.count(i) || rng_.chance(60)))
                line.stack.push_back(i), line.joined[i] = 0;
        line.named = line.stack;
        line.at = start;
        line.nelson = nelson_power_ == power && !nelson_captured_ && nelson_at_ == start && rng_.chance(80);
        for (auto& c : corps_)
            if (allied(c.power, power) && c.on < 0 && !c.done && c.at == start && place(start.place)->port && !start.box && rng_.chance(60))
                line.corps = &c;
        line.left_port = place(start.place)->port && !start.box ? start.place : std::string();
        line.line_start = start;
        if (line.corps && line.corps->power != power && carry_out_and_back(line, power, attack_from)) return;
        walk(line, power, start);
        if (line.stopped) return;
        if (line.at.box && line.at.place == line.left_port && line.parts == " " + where(line.at)) return;  // out and straight back: no move
        if (line.at.box && (!enemy_port(power, line.at.place) || line.corps)) {
            // a move never ends in a box it has no cause to stay in (6.2.7.1): into the port, or out to sea
            const auto out = sea_exits(power, line.at);
            if (may_use_port(power, line.at.place) && !enemy_at(Where{line.at.place, false}, power)) line.add(*this, Where{line.at.place, false}, 0);
            else if (!out.empty() && line.spent(*this) < kFleetMp) line.add(*this, out.front().first, 1);
        }
        line.flush(*this);
        if (!place(line.at.place)->port || line.at.box) attack_from.push_back(line.at);
    }

    // An ally's corps aboard (6.2.5): out of the port and back into it, the corps still aboard in
    // port until the land phase.
    bool carry_out_and_back(MoveLine& line, int power, std::vector<Where>& attack_from) {
        const Where box{line.at.place, true};
        const auto out = sea_exits(power, box);
        if (out.empty() || blockaded(box.place, power)) return false;
        line.add(*this, box, 0);
        line.add(*this, out.front().first, 1);
        line.add(*this, box, 1);
        line.add(*this, Where{box.place, false}, 0);
        line.flush(*this);
        (void)attack_from;
        return true;
    }

    // The places the stack enters, step by step, within its movement points; enemies may try to
    // intercept where it stops a line.
    void walk(MoveLine& line, int power, const Where& start) {
        const int stops = rng_.between(1, 7);
        for (int k = 0; k < stops && !line.stopped && !line.stack.empty(); ++k) {
            auto next = steps(power, line.at);
            next.erase(std::remove_if(next.begin(), next.end(),
                                      [&](const auto& s) {
                                          const bool back_in = !line.left_port.empty() && s.first == Where{line.left_port, false} && k < 2;
                                          // no port with an enemy fleet in it: that would be an attack (6.2.4), played apart
                                          const bool enemy_inside = !s.first.box && place(s.first.place)->port && enemy_at(s.first, power);
                                          return line.spent(*this) + s.second > kFleetMp || s.first == start || back_in || enemy_inside ||
                                                 (s.first.box && !may_use_port(power, s.first.place) && !enemy_port(power, s.first.place));
                                      }),
                       next.end());
            if (next.empty()) return;
            const auto [to, step] = next[static_cast<std::size_t>(rng_.below(static_cast<int>(next.size())))];
            const bool port = place(to.place)->port;
            if (pack_ && port && !to.box && line.at.box && blockaded(to.place, power) && !line.corps && rng_.chance(60)) line.invite = true;
            line.add(*this, to, step);
            if (port && !to.box) {
                if (line.invite) invited_interception(line, power);
                return;  // into port: the move ends there
            }
            if (port && enemy_port(power, to.place)) return;  // it blockades the port (6.2.7)
            if (!port) change_stack(line, power);
            if (port && blockaded(to.place, power) && !line.corps && may_use_port(power, to.place)) box_interception(line, power);
            else if (!port && !line.corps && rng_.chance(45)) sea_interceptions(line, power);
        }
    }

    // Fleets picked up on the way (6.2.2.2) or dropped off (6.2.2.3), at sea.
    void change_stack(MoveLine& line, int power) {
        if (rng_.chance(30))
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (!fl(i).gone && !fl(i).moved && fl(i).at == line.at && fl(i).power == power &&
                    std::find(line.stack.begin(), line.stack.end(), i) == line.stack.end()) {
                    line.parts += " pick " + fl(i).alias;
                    line.stack.push_back(i);
                    line.joined[i] = line.cost;
                    return;
                }
        if (line.stack.size() > 1 && !line.corps && rng_.chance(15)) {
            const int dropped = line.stack.back();
            line.parts += " drop " + fl(dropped).alias;
            line.stack.pop_back();
            fl(dropped).at = line.at;
            fl(dropped).moved = true;
            fl(dropped).mp += line.cost - line.joined[dropped];
        }
    }

    // ---- interceptions (6.2.3) ---------------------------------------------------------------------

    // The fleets that would intercept from `from` for `power`: all of its bloc there (6.2.2).
    std::vector<int> stack_of(const Where& from, int power) const {
        std::vector<int> out;
        for (int pass = 0; pass < 2; ++pass)
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (!fl(i).gone && fl(i).at == from && allied(fl(i).power, power) && (pass == 0) == (fl(i).power == power)) out.push_back(i);
        return out;
    }
    bool nelson_with(const std::vector<int>& fleets) const {
        if (nelson_captured_ || nelson_power_ < 0) return false;
        for (int i : fleets)
            if (!fl(i).gone && fl(i).power == nelson_power_ && fl(i).at == nelson_at_) return true;
        return false;
    }
    std::string names(const std::vector<int>& fleets, bool nelson) const {
        std::string out;
        for (int i : fleets) out += (out.empty() ? "" : ",") + fl(i).alias;
        return out + (nelson ? ",NELSON" : "");
    }

    struct Attempt {
        int power;
        Where from;
        int need;  // the highest modified roll that intercepts
    };

    // Who may try to intercept the stack where its line stops at sea (6.2.3.1-6.2.3.2.2), in the
    // order of 6.1 (Great Britain's bloc last here).
    std::vector<Attempt> interceptors(const MoveLine& line, int mover) const {
        std::vector<Attempt> out;
        const Where target = line.at;
        const geometry::Place* tp = place(target.place);
        std::set<std::pair<int, std::string>> seen;
        for (const auto& f : fleets_) {
            if (f.gone || !at_war(f.power, mover) || barred_.count(bloc(f.power)) || seen.count({bloc(f.power), where(f.at)})) continue;
            const geometry::Place* fp = place(f.at.place);
            int need = -1;
            if (f.at == target) need = 3;
            else if (!fp->port && map_.adjacent(fp->name, tp->name)) need = 1;
            else if (fp->port && !f.at.box && fp->touches.count(tp->name) && !blockaded(fp->name, f.power)) need = same_area_ports_ ? 3 : 1;
            if (need < 0 || (tp->dardanelles && !pw(f.power).dardanelles) || (winter() && (tp->ice || fp->ice))) continue;
            const std::vector<int> stack = stack_of(f.at, f.power);
            bool all_at_war = true;
            for (int i : stack) all_at_war = all_at_war && allied(fl(i).power, f.power);
            if (!all_at_war || fl(stack.front()).power != f.power) continue;
            seen.insert({bloc(f.power), where(f.at)});
            out.push_back(Attempt{f.power, f.at, need});
        }
        std::stable_sort(out.begin(), out.end(), [&](const Attempt& a, const Attempt& b) { return bloc_place(bloc(a.power)) < bloc_place(bloc(b.power)); });
        // one stack a bloc (6.2.3.1.2.5)
        std::vector<Attempt> one;
        std::set<int> blocs;
        for (const auto& a : out)
            if (blocs.insert(bloc(a.power)).second) one.push_back(a);
        return one;
    }

    void sea_interceptions(MoveLine& line, int mover) {
        if (!pack_) return;  // no combat without the tables
        const auto tries = interceptors(line, mover);
        for (const auto& t : tries) {
            if (!rng_.chance(60)) continue;
            line.flush(*this);  // the move stops where it is intercepted (a new line goes on)
            const std::vector<int> stack = stack_of(t.from, t.power);
            const bool nelson = nelson_with(stack);
            const int die = rng_.d6();
            const bool success = die - (nelson ? 1 : 0) <= t.need;
            body_ << "        " << pw(t.power).alias() << " intercept " << names(stack, nelson) << " d6: " << die
                  << (nelson ? " -1(NELSON) = " + std::to_string(die - 1) : std::string()) << " => " << (success ? "intercepted" : "fails") << "\n";
            if (!success) continue;
            intercepted(line, mover, t.power, stack, t.from, nelson, false);
            return;
        }
    }

    // Blockaders in the box a stack sails into from its port: automatic, if they try (6.2.3.1.2.3).
    void box_interception(MoveLine& line, int mover) {
        if (!pack_) return;
        for (const auto& f : fleets_)
            if (!f.gone && f.at == line.at && at_war(f.power, mover) && !barred_.count(bloc(f.power)) && rng_.chance(70)) {
                const std::vector<int> stack = stack_of(f.at, f.power);
                if (fl(stack.front()).power != f.power) continue;
                // blockaders fighting a stack that sails out of their port have the wind gauge (6.3.3.1)
                const bool exit = line.line_start == Where{line.at.place, false};
                line.flush(*this);
                body_ << "        " << pw(f.power).alias() << " intercept " << names(stack, nelson_with(stack)) << " => intercepted\n";
                intercepted(line, mover, f.power, stack, f.at, nelson_with(stack), exit);
                return;
            }
    }

    // A stack entering its port through a blockaded box asked to be intercepted there (invite,
    // 6.2.3.1.2.1, 6.2.3.2.1.3): it is, in the box, if the blockaders wish.
    void invited_interception(MoveLine& line, int mover) {
        const Where box{line.at.place, true};
        for (const auto& f : fleets_)
            if (!f.gone && f.at == box && at_war(f.power, mover) && !barred_.count(bloc(f.power)) && rng_.chance(80)) {
                const std::vector<int> stack = stack_of(f.at, f.power);
                if (fl(stack.front()).power != f.power) continue;
                line.flush(*this);
                body_ << "        " << pw(f.power).alias() << " intercept " << names(stack, nelson_with(stack)) << " => intercepted\n";
                for (int i : line.stack) fl(i).at = box;  // stopped in the box, where it is fought
                if (line.nelson) nelson_at_ = box;
                line.at = box;
                intercepted(line, mover, f.power, stack, box, nelson_with(stack), false);
                if (!line.stopped) {
                    line.add(*this, Where{box.place, false}, 0);  // won: on into the port
                    line.flush(*this);
                }
                line.stopped = true;
                return;
            }
    }

    // The interception combat, fought at once (6.2.3.3); the phasing stack goes on only if it wins.
    void intercepted(MoveLine& line, int mover, int power, const std::vector<int>& stack, const Where& from, bool nelson, bool exit) {
        for (int i : stack) fl(i).at = line.at;  // the interceptors move in (6.2.3.2.4)
        if (nelson) nelson_at_ = line.at;
        GCombat c;
        c.at = line.at;
        c.attacker = power;
        c.defender = mover;
        c.att = stack;
        c.def = line.stack;
        c.interception = true;
        c.exit_blockade = exit;
        c.from_port = exit;
        fight(c);
        const bool won = c.winner && *c.winner == mover;
        if (won) barred_.insert(bloc(power));
        std::vector<int> alive;
        for (int i : line.stack)
            if (!fl(i).gone) alive.push_back(i);
        line.stack = line.named = alive;
        for (int i : alive) line.joined[i] = 0;
        line.nelson = line.nelson && !nelson_captured_ && nelson_at_ == line.at;
        // beaten (or pursuing the beaten interceptors), its move is over
        if (!won || alive.empty() || !(fl(alive.front()).at == line.at)) line.stopped = true;
        (void)from;
    }

    // ---- naval combat (6.3) --------------------------------------------------------------------------

    std::vector<int>& side(GCombat& c, int power) { return power == c.attacker ? c.att : c.def; }
    int ships(const std::vector<int>& fleets) const {
        int n = 0;
        for (int i : fleets) n += fl(i).gone ? 0 : fl(i).ships;
        return n;
    }
    bool british(const std::vector<int>& fleets) const {
        for (int i : fleets)
            if (!fl(i).gone && fl(i).minor.empty() && pw(fl(i).power).name->major == Major::GreatBritain) return true;
        return false;
    }
    static std::string mods(int die, int british, int nelson) {
        if (!british && !nelson) return "";
        return std::string(british ? " +1(British)" : "") + (nelson ? " +1(NELSON)" : "") + " = " + std::to_string(die + british + nelson);
    }

    // The wind gauge (6.3.3.1): the side that fires first, none when the fire is simultaneous.
    std::optional<int> wind_gauge(GCombat& c) {
        if (c.port || c.exit_blockade) return c.attacker;
        std::map<int, int> roll;
        for (int p : {c.attacker, c.defender}) {
            const int die = rng_.d6(), b = british(side(c, p)) ? 1 : 0, n = nelson_with(side(c, p)) ? 1 : 0;
            roll[p] = std::min(6, die + b + n);
            body_ << "        " << pw(p).alias() << " windgauge d6: " << die << mods(die, b, n);
            if (p == c.defender) {
                const bool tie = roll[c.attacker] == roll[c.defender];
                const int w = roll[c.attacker] > roll[c.defender] ? c.attacker : c.defender;
                body_ << " => " << (tie ? std::string("none") : pw(w).alias());
            }
            body_ << "\n";
        }
        if (roll[c.attacker] == roll[c.defender]) return std::nullopt;
        return roll[c.attacker] > roll[c.defender] ? c.attacker : c.defender;
    }

    // One side's combat roll (6.3.3.2), or the harbour defences' (6.3.3.3): the losses it inflicts.
    void combat_roll(GCombat& c, int power, bool in_turn) {
        const int target = power == c.attacker ? c.defender : c.attacker;
        const int die = rng_.d6(), b = british(side(c, power)) ? 1 : 0;
        const int strength = std::max(0, ships(side(c, power)) - (in_turn ? c.losses[power] : 0));
        const int percent = *pack_->percentage(die + b);
        const int table = *pack_->casualties(percent, strength);
        c.losses[target] += std::min(table, std::max(0, ships(side(c, target)) - c.losses[target]));
        body_ << "        " << pw(power).alias() << " combat d6: " << die << mods(die, b, 0) << " => " << percent << "% " << table << "\n";
    }

    void harbour_defences(GCombat& c) {
        const int value = place(c.at.place)->harbour.value_or(0);
        const int die = rng_.d6();
        const int percent = *pack_->percentage(die);
        const int table = *pack_->casualties(percent, value);
        c.losses[c.attacker] += std::min(table, std::max(0, ships(c.att) - c.losses[c.attacker]));
        body_ << "        " << pw(c.harbour_holder).alias() << " harbour d6: " << die << " => " << percent << "% " << table << "\n";
    }

    void fight(GCombat& c) {
        if (c.port && c.harbour_holder >= 0) harbour_defences(c);
        const std::optional<int> first = wind_gauge(c);
        const int second = first ? (*first == c.attacker ? c.defender : c.attacker) : (rng_.chance(50) ? c.attacker : c.defender);
        const int one = first ? *first : (second == c.attacker ? c.defender : c.attacker);
        combat_roll(c, one, true);
        combat_roll(c, second, first.has_value());
        const int la = c.losses[c.attacker], ld = c.losses[c.defender];
        const bool a_all = la >= ships(c.att), d_all = ld >= ships(c.def);
        if (!a_all && la < ld) c.winner = c.attacker;
        else if (!d_all && ld < la) c.winner = c.defender;
        else if (!a_all && !d_all && la == ld) c.winner = c.defender;  // equal losses: the attacker loses
        results(c);
        assign_losses(c);
        retreat_and_pursue(c);
        remove_empty(c);
    }

    // The political points each power claims (6.3.4.2): for the defeated side's fleets, at most 3,
    // NELSON one more with the victor, one fewer with the loser.
    void results(GCombat& c) {
        for (int p : {c.attacker, c.defender}) {
            std::set<int> own;
            for (int i : side(c, p)) own.insert(fl(i).power);
            own.insert(p);
            for (int x : own) {
                if (!rng_.chance(85)) continue;
                body_ << "        " << pw(x).alias() << " result => ";
                if (!c.winner) {
                    body_ << "draw\n";
                    continue;
                }
                const bool win = *c.winner == p;
                const int loser = win ? (p == c.attacker ? c.defender : c.attacker) : p;
                int fleets = 0;
                for (int i : side(c, loser)) fleets += win || fl(i).power == x ? 1 : 0;
                const int pp = std::min(3, fleets) + (nelson_with(side(c, p)) ? 1 : 0);
                body_ << (win ? "win " : "lose ") << pp << "\n";
            }
        }
    }

    // Which fleets take the losses: now and then written (FR1 lose 3), else in their order.
    void assign_losses(GCombat& c) {
        for (int p : {c.attacker, c.defender}) {
            int left = c.losses[p];
            std::vector<int>& fleets = side(c, p);
            if (left > 0 && fleets.size() > 1 && rng_.chance(40)) {
                const int i = fleets.back();
                const int n = std::min(left, fl(i).ships);
                body_ << "        " << fl(i).alias << " lose " << n << "\n";
                fl(i).ships -= n;
                left -= n;
            }
            for (int i : fleets) {
                const int n = std::min(left, fl(i).ships);
                fl(i).ships -= n;
                left -= n;
            }
        }
    }

    // ---- retreat and pursuit (6.3.5) ---------------------------------------------------------------

    bool friendly_port(int power, const std::string& port) const {
        const auto it = controller_.find(port);
        if (it == controller_.end()) return false;
        if (it->second == power) return true;
        if (it->second >= 0) return pw(power).access.count(it->second) && !at_war(power, it->second);
        return pw(power).access_minor.count(lower(place(port)->controller)) > 0;
    }

    // The nearest unblockaded friendly ports within 7 MP by the costs of 6.2.1 (6.3.5.1).
    std::vector<std::string> nearest_ports(const Where& from, int power) const {
        std::map<std::string, int> dist;
        using Node = std::pair<int, Where>;
        auto cmp = [](const Node& a, const Node& b) { return a.first > b.first; };
        std::priority_queue<Node, std::vector<Node>, decltype(cmp)> queue(cmp);
        dist[where(from)] = 0;
        queue.push({0, from});
        auto passable_place = [&](const std::string& name) {
            const geometry::Place* p = place(name);
            return p && !(p->ice && winter()) && (!p->dardanelles || pw(power).dardanelles);
        };
        while (!queue.empty()) {
            const auto [d, w] = queue.top();
            queue.pop();
            if (d > dist[where(w)] || d > 7) continue;
            const geometry::Place* p = place(w.place);
            std::vector<std::pair<Where, int>> next;
            for (const auto& s : p->touches) next.push_back({Where{s, false}, 1});
            if (p->port) next.push_back({Where{p->name, !w.box}, 0});
            else
                for (const auto& [name, q] : map_.places())
                    if (q.port && q.touches.count(p->name)) next.push_back({Where{name, true}, 1}), next.push_back({Where{name, false}, 1});
            for (const auto& [n, cost] : next) {
                if (!passable_place(n.place)) continue;
                auto it = dist.find(where(n));
                if (it == dist.end() || d + cost < it->second) dist[where(n)] = d + cost, queue.push({d + cost, n});
            }
        }
        std::vector<std::string> best;
        int best_d = 8;
        for (const auto& [name, q] : map_.places()) {
            if (!q.port || !friendly_port(power, name) || blockaded(name, power)) continue;
            auto it = dist.find(where(Where{name, false}));
            if (it == dist.end() || it->second > 7) continue;
            if (it->second < best_d) best_d = it->second, best.clear();
            if (it->second == best_d) best.push_back(name);
        }
        return best;
    }

    // Where a beaten (or evading) side goes from a sea area or a box: the nearest friendly port,
    // or an adjacent sea area it may enter. Empty when it has nowhere to go.
    std::optional<Where> retreat_to(const GCombat& c, int power) {
        const auto ports = nearest_ports(c.at, power);
        std::vector<Where> seas;
        for (const auto& s : place(c.at.place)->touches)
            if (passable(power, s)) seas.push_back(Where{s, false});
        if (!ports.empty() && (seas.empty() || rng_.chance(60))) return Where{ports[static_cast<std::size_t>(rng_.below(static_cast<int>(ports.size())))], false};
        if (seas.empty()) return std::nullopt;
        return seas[static_cast<std::size_t>(rng_.below(static_cast<int>(seas.size())))];
    }

    void move_side(GCombat& c, int power, const Where& to) {
        for (int i : side(c, power)) fl(i).at = to;
        if (!nelson_captured_ && nelson_at_ == c.at && nelson_power_ >= 0) {
            for (int i : side(c, power))
                if (fl(i).power == nelson_power_) {
                    nelson_at_ = to;
                    break;
                }
        }
        for (auto& corps : corps_)
            if (corps.on >= 0 && std::find(side(c, power).begin(), side(c, power).end(), corps.on) != side(c, power).end()) corps.at = to;
    }

    void retreat_and_pursue(GCombat& c) {
        if (c.port) {  // the attackers go to the box, win or lose (6.3.5.2)
            if (c.winner || ships(c.att) > 0) body_ << "        " << pw(c.attacker).alias() << " retreat " << where(Where{c.at.place, true}) << "\n";
            move_side(c, c.attacker, Where{c.at.place, true});
            return;
        }
        if (!c.winner) return;  // a draw: no one retreats (docs/rules/eia-naval.md)
        const int loser = *c.winner == c.attacker ? c.defender : c.attacker;
        if (ships(side(c, loser)) <= 0) return;
        std::optional<Where> to = c.from_port && loser == c.defender ? std::optional<Where>(Where{c.at.place, false}) : retreat_to(c, loser);
        if (!to) return;
        body_ << "        " << pw(loser).alias() << " retreat " << where(*to) << "\n";
        move_side(c, loser, *to);
        const bool to_port = place(to->place)->port && !to->box && !(c.from_port && loser == c.defender);
        if (to_port && ships(side(c, *c.winner)) > 0 && rng_.chance(50)) {
            const Where box{to->place, true};
            body_ << "        " << pw(*c.winner).alias() << " pursue " << where(box) << "\n";
            move_side(c, *c.winner, box);
        }
    }

    // 6.3.6: fleets left without ships leave the map; NELSON is taken when his stack is gone.
    void remove_empty(GCombat& c) {
        for (int p : {c.attacker, c.defender})
            for (int i : side(c, p))
                if (!fl(i).gone && fl(i).ships <= 0) {
                    fl(i).gone = true;
                    if (fl(i).power == nelson_power_ && nelson_at_ == fl(i).at && !stack_at(fl(i).at, nelson_power_)) nelson_captured_ = true;
                    for (auto& corps : corps_)
                        if (corps.on == i) corps.on = -1, corps.done = true;  // lost with it (6.2.5.3)
                }
    }

    // ---- the combat step (6.2.4, 6.3.1, 6.3.2) --------------------------------------------------

    void combat_step(int power, const std::vector<Where>& places) {
        if (!pack_) return;
        std::set<std::string> done;
        for (const Where& at : places) {
            if (done.count(where(at))) continue;
            done.insert(where(at));
            std::vector<int> att, def;
            int defender = -1;
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (!fl(i).gone && fl(i).at == at && (at_war(fl(i).power, power) || carries_enemy_corps(i, power)) && defender < 0)
                    defender = fl(i).power;
            if (defender < 0) continue;
            const bool must = place(at.place)->port;  // in a port or a box, an attack must be made
            if (!must && !rng_.chance(60)) continue;
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i) {
                if (fl(i).gone || !(fl(i).at == at)) continue;
                if (fl(i).power == power || (allied(fl(i).power, power) && allied_moves_now(fl(i).power, power))) att.push_back(i);
                else if (fl(i).power == defender || (allied(fl(i).power, defender) && at_war(power, fl(i).power))) def.push_back(i);
            }
            if (att.empty()) continue;
            attack(power, defender, at, att, def);
        }
    }
    bool allied_moves_now(int ally, int power) const { return allied(ally, power); }

    void attack(int power, int defender, const Where& at, std::vector<int> att, std::vector<int> def) {
        body_ << "        " << pw(power).alias() << " attack " << pw(defender).alias() << " " << where(at) << "\n";
        GCombat c;
        c.at = at;
        c.attacker = power;
        c.defender = defender;
        c.att = std::move(att);
        c.def = std::move(def);
        const geometry::Place* p = place(at.place);
        c.port = p->port && !at.box;
        if (c.port) {
            const auto it = controller_.find(at.place);
            const int holder = it == controller_.end() ? -1 : it->second;
            if (p->harbour && holder >= 0 && holder != power && (at_war(holder, power) || !pw(power).access.count(holder) || holder == defender))
                c.harbour_holder = holder;
        }
        if (!p->port && rng_.chance(30)) {  // the stack attacked may try to evade (6.3.2)
            const int die = rng_.d6();
            body_ << "        " << pw(defender).alias() << " evade d6: " << die << " => " << (die <= 2 ? "evaded" : "fails") << "\n";
            if (die <= 2) {
                if (auto to = retreat_to(c, defender)) {
                    body_ << "        " << pw(defender).alias() << " retreat " << where(*to) << "\n";
                    move_side(c, defender, *to);
                }
                return;
            }
        }
        fight(c);
    }

    // A stack at sea next to an enemy's port with fleets in it (and none in its box) sails in to
    // attack them: one move line, into the box and the port (1 MP).
    bool raid(int first) {
        const int power = fl(first).power;
        const Where at = fl(first).at;
        for (const auto& [name, q] : map_.places()) {
            // an enemy's port, or a neutral's where enemy fleets lie (6.3.1.3)
            if (!q.port || !q.touches.count(at.place) || controller_[name] == power || allied(controller_[name], power)) continue;
            bool enemy_in = false, enemy_in_box = false, carrier_in = false;
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i) {
                const GFleet& f = fl(i);
                if (f.gone) continue;
                carrier_in = carrier_in || (f.at == Where{name, false} && carries_enemy_corps(i, power));
                if (!at_war(f.power, power)) continue;
                enemy_in = enemy_in || f.at == Where{name, false};
                enemy_in_box = enemy_in_box || f.at == Where{name, true};
            }
            const int holder = controller_[name];
            // a neutral's fleet carrying an enemy's corps: only with access to its port (6.2.1.2)
            const bool may_enter = enemy_in || (carrier_in && holder >= 0 && pw(power).access.count(holder));
            if (!may_enter || enemy_in_box) continue;
            std::vector<int> stack;
            for (int i = 0; i < static_cast<int>(fleets_.size()); ++i)
                if (!fl(i).gone && !fl(i).moved && fl(i).at == at && fl(i).power == power) stack.push_back(i);
            const bool nelson = nelson_power_ == power && !nelson_captured_ && nelson_at_ == at;
            body_ << "        " << pw(power).alias() << " move " << names(stack, nelson) << " " << where(Where{name, true}) << " "
                  << where(Where{name, false}) << " => 1 mp\n";
            for (int i : stack) fl(i).at = Where{name, false}, fl(i).moved = true;
            if (nelson) nelson_at_ = Where{name, false};
            return true;
        }
        return false;
    }

    std::string header() {
        std::string h = generated_header("Generated campaign", index_) + "[Ruleset \"eia-naval\"]\n";
        for (std::size_t p = 0; p < powers_.size(); ++p)
            h += "[Side" + std::to_string(p + 1) + " \"" + powers_[p].name->name + "\"]\n[Player" + std::to_string(p + 1) + " \"" +
                 player_name(static_cast<int>((static_cast<std::size_t>(index_) + p * 7) % 20)) + "\"]\n";
        h += "[Map \"" + options_.map + "\"]\n";
        if (same_area_ports_) h += "[Options \"port-interception=same-area\"]\n";
        if (pack_) h += "[Tables \"" + options_.tables + "\"]\n";
        return h + "[Result \"*\"]\n" + forces_.str();
    }
};

}  // namespace

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options) {
    if (options.map.empty())
        throw std::invalid_argument("eia-naval games are played on an area map: give one with --map FILE (docs/maps.md; a sample is "
                                    "fixtures/maps/eia-sample-map.ngn)");
    Findings problems;
    const geometry::AreaMap map = geometry::AreaMap::load(options.map, options.map, problems);
    if (map.places().empty() || !problems.all().empty())
        throw std::invalid_argument(options.map + ": not a readable area map (ironlog check a record that names it to see why)");
    std::optional<TablePack> pack;
    if (!options.tables.empty()) {
        pack = TablePack::load(options.tables, options.tables, problems);
        if (!pack->complete() || !problems.all().empty())
            throw std::invalid_argument(options.tables + ": not a complete eia-naval table pack (docs/rules/eia-naval.md)");
    }
    Random rng = Random::for_game(seed, index);
    Game game(rng, index, map, pack, options);
    return game.play();
}

}  // namespace ironlog::rules::eia_naval
