// Random legal months of the EiA naval phase on a given area map: the major powers that hold
// ports on the map, every one at war with every other, each with a few fleets in its own ports.
// Each month every power, in the sequence of 6.1, moves some of its fleets: out of port through
// its blockade box, across sea areas, into one of its own ports' boxes and ports, within the 7
// movement points of a fleet, with what each move costs claimed. The fleets keep to open sea:
// no ice area, no Dardanelles, no other power's port or box; a move ends at sea or in port, never
// in a box (6.2.7.1). No power intercepts or attacks (both are choices), so the months hold
// movement only.
#include "rules/eia_naval/generator.hpp"

#include "geometry/area_map.hpp"
#include "notation/record.hpp"
#include "rules/eia_naval/engine.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ironlog::rules::eia_naval {

namespace {

// The major powers in 6.1's order (Great Britain, which may announce its place, goes first
// here), as the game names them, with the alias their side gets in the record.
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

struct GenFleet {
    std::string alias;
    int power = 0;  // index into the game's powers
    Where at;
};

class Game {
public:
    Game(Random& rng, int index, const geometry::AreaMap& map, const std::string& map_tag)
        : rng_(rng), index_(index), map_(map), map_tag_(map_tag) {}

    std::string play() {
        find_powers();
        make_fleets();
        int month = rng_.between(1, 12), year = 1805 + rng_.below(10);
        const int months = rng_.between(2, 6);
        for (int m = 0; m < months; ++m) {
            body_ << "\nturn " << year << "-" << std::setw(2) << std::setfill('0') << month << "\n  phase naval\n";
            for (std::size_t p = 0; p < powers_.size(); ++p) sequence(static_cast<int>(p));
            if (++month > 12) month = 1, ++year;
        }
        return header() + body_.str();
    }

private:
    Random& rng_;
    int index_;
    const geometry::AreaMap& map_;
    std::string map_tag_;
    std::ostringstream body_;
    std::vector<const PowerName*> powers_;
    std::vector<std::vector<std::string>> home_ports_;  // per power: its ports a fleet can sail from
    std::vector<GenFleet> fleets_;

    bool is_port(const Where& w) const {
        const geometry::Place* p = map_.find(w.place);
        return p && p->port;
    }

    // A sea area fleets may use at any month: not north of the ice line, not the Dardanelles.
    bool open_sea(const std::string& name) const {
        const geometry::Place* p = map_.find(name);
        return p && !p->port && !p->ice && !p->dardanelles;
    }

    std::vector<std::string> seas_touched(const geometry::Place& port) const {
        std::vector<std::string> out;
        for (const auto& s : port.touches)
            if (open_sea(s)) out.push_back(s);
        return out;
    }

    void find_powers() {
        for (const auto& major : kPowers) {
            std::vector<std::string> ports;
            for (const auto& [name, place] : map_.places())
                if (place.port && major_named(place.controller) == major.major && !seas_touched(place).empty()) ports.push_back(name);
            if (ports.empty()) continue;
            powers_.push_back(&major);
            home_ports_.push_back(ports);
        }
        if (powers_.size() < 2)
            throw std::invalid_argument("eia-naval games need a map on which two major powers hold ports on open sea; " + map_tag_ +
                                        " has " + std::to_string(powers_.size()));
    }

    void make_fleets() {
        body_ << "\n";
        for (std::size_t p = 0; p < powers_.size(); ++p) {
            body_ << "side " << powers_[p]->alias << " \"" << powers_[p]->name << "\" war ";
            bool first = true;
            for (std::size_t q = 0; q < powers_.size(); ++q)
                if (q != p) {
                    body_ << (first ? "" : ",") << (std::string_view(powers_[q]->name).find(' ') != std::string_view::npos ? ngn::quote(powers_[q]->name) : std::string(powers_[q]->name));
                    first = false;
                }
            body_ << "\n";
            const int n = rng_.between(1, 3);
            for (int i = 1; i <= n; ++i) {
                GenFleet f;
                f.alias = std::string(powers_[p]->alias) + std::to_string(i);
                f.power = static_cast<int>(p);
                const auto& ports = home_ports_[p];
                f.at = Where{ports[static_cast<std::size_t>(rng_.below(static_cast<int>(ports.size())))], false};
                body_ << "fleet " << f.alias << " ships " << rng_.between(3, 20) << " " << where_text(f.at, &map_) << "\n";
                fleets_.push_back(f);
            }
        }
    }

    // The places one step from here, with what the step costs (6.2.1): a port and its own box
    // 0, anything else 1. Own ports only, open sea only.
    std::vector<std::pair<Where, int>> steps(const GenFleet& f) const {
        std::vector<std::pair<Where, int>> out;
        const Where& w = f.at;
        if (is_port(w)) {
            const geometry::Place* p = map_.find(w.place);
            if (!w.box) return {{Where{w.place, true}, 0}};
            out.push_back({Where{w.place, false}, 0});
            for (const auto& s : seas_touched(*p)) out.push_back({Where{s, false}, 1});
            return out;
        }
        for (const auto& [name, place] : map_.places()) {
            if (!place.port && name != w.place && open_sea(name) && map_.adjacent(w.place, name)) out.push_back({Where{name, false}, 1});
            if (place.port && major_named(place.controller) == powers_[static_cast<std::size_t>(f.power)]->major && place.touches.count(w.place))
                out.push_back({Where{name, true}, 1});
        }
        return out;
    }

    void sequence(int power) {
        body_ << "    segment " << segment_name(powers_[static_cast<std::size_t>(power)]->major) << "\n      step movement\n";
        for (auto& f : fleets_) {
            if (f.power != power || !rng_.chance(70)) continue;
            std::vector<Where> path;
            int mp = 0;
            const int stops = rng_.between(1, 6);
            GenFleet moving = f;
            for (int k = 0; k < stops; ++k) {
                auto next = steps(moving);
                // within the fleet's movement points, and not straight back into the port it left
                next.erase(std::remove_if(next.begin(), next.end(),
                                          [&](const auto& s) {
                                              return mp + s.second > kFleetMp || (path.size() == 1 && is_port(f.at) && !f.at.box &&
                                                                                   s.first.place == f.at.place && !s.first.box);
                                          }),
                           next.end());
                if (next.empty()) break;
                const auto& [where, cost] = next[static_cast<std::size_t>(rng_.below(static_cast<int>(next.size())))];
                mp += cost;
                moving.at = where;
                path.push_back(where);
                if (is_port(where) && !where.box) break;  // into port: the move ends there
            }
            if (path.empty()) continue;
            // 6.2.7.1: a stack left in a blockade box with no war to keep it there must leave it at
            // its next sequence; so a move never ends in one: on into the port (0 MP).
            if (moving.at.box) {
                moving.at.box = false;
                path.push_back(moving.at);
            }
            if (path.size() == 2 && path.back().place == f.at.place && is_port(f.at) && !path.back().box && !f.at.box) continue;  // out and straight back
            body_ << "        " << powers_[static_cast<std::size_t>(power)]->alias << " move " << f.alias;
            for (const auto& w : path) body_ << " " << where_text(w, &map_);
            body_ << " => " << mp << " mp\n";
            f.at = moving.at;
        }
        body_ << "      step combat\n";
    }

    std::string header() {
        std::string h = generated_header("Generated campaign", index_) + "[Ruleset \"eia-naval\"]\n";
        for (std::size_t p = 0; p < powers_.size(); ++p)
            h += "[Side" + std::to_string(p + 1) + " \"" + powers_[p]->name + "\"]\n[Player" + std::to_string(p + 1) + " \"" +
                 player_name(static_cast<int>((static_cast<std::size_t>(index_) + p * 7) % 20)) + "\"]\n";
        return h + "[Map \"" + map_tag_ + "\"]\n[Result \"*\"]\n";
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
    Random rng = Random::for_game(seed, index);
    Game game(rng, index, map, options.map);
    return game.play();
}

}  // namespace ironlog::rules::eia_naval
