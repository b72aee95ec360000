#include "rules/late19c/battlefield.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::late19c {

using geometry::hex::parse_facing;
using geometry::hex::parse_hex;

const std::vector<std::string>& terrain_kinds() {
    static const std::vector<std::string> kinds = {"woods", "built-up", "fortification", "cover", "hill", "river", "ford",
                                                   "road",  "trench",   "wire",          "minefield", "sea", "coast"};
    return kinds;
}

std::optional<HexRef> read_hex(const ngn::HexPos& pos, std::string& problem) {
    auto h = parse_hex(pos.hex);
    if (!h) {
        problem = "'#" + std::string(pos.hex) + "' is not a hex id: write the column then the row, two digits each (#0405)";
        return std::nullopt;
    }
    if (!pos.board.empty()) {
        problem = "a late19c battlefield is one map: write the hex without a board ('#" + std::string(pos.hex) + "')";
        return std::nullopt;
    }
    HexRef ref{*h, std::nullopt};
    if (!pos.facing.empty()) {
        ref.facing = parse_facing(pos.facing);
        if (!ref.facing) problem = "'" + std::string(pos.facing) + "' is not a hex edge: a unit faces N, NE, SE, S, SW or NW (never a corner)";
    }
    return ref;
}

void Battlefield::add(const ngn::Terrain& line, Findings& findings, const RuleRef& rule) {
    const std::string kind = lower(*word_text(line.kind));
    int height = 1;
    std::vector<std::pair<Hex, ngn::SourcePos>> hexes;
    bool any_hex = false;
    for (const ngn::Item* it : elements(line.args)) {
        if (const auto* n = it->as<ngn::Number>(); n && kind == "hill" && hexes.empty() && n->is_integer && n->value >= 1 &&
                                                     n->unit.empty()) {
            height = n->as_int();
            continue;
        }
        const auto* hp = it->as<ngn::HexPos>();
        if (!hp) {
            findings.error(Kind::Inconsistent, rule, it->pos,
                           kind == "hill" ? "expected a hex (#0405), or the hill's height before its hexes"
                                          : "expected a hex (#0405) holding " + kind);
            continue;
        }
        any_hex = true;
        std::string problem;
        auto ref = read_hex(*hp, problem);
        if (!problem.empty()) findings.error(Kind::Inconsistent, rule, it->pos, problem);
        if (!ref) continue;
        hexes.emplace_back(ref->hex, it->pos);
    }
    if (!any_hex) {
        findings.error(Kind::Inconsistent, rule, line.kind.pos, "terrain " + kind + " names no hex");
        return;
    }
    for (std::size_t i = 0; i < hexes.size(); ++i) {
        auto [h, pos] = hexes[i];
        HexTerrain& t = hexes_[h];
        if (kind == "woods") t.woods = true;
        else if (kind == "built-up") t.built_up = true;
        else if (kind == "fortification") t.fortification = true;
        else if (kind == "cover") t.cover = true;
        else if (kind == "hill") t.height = height;
        else if (kind == "river") t.river = true;
        else if (kind == "ford") t.river = t.ford = true;
        else if (kind == "trench") t.trench = true;
        else if (kind == "wire") t.wire = true;
        else if (kind == "minefield") t.minefield = true;
        else if (kind == "sea") t.sea = has_water_ = true;
        else if (kind == "coast") t.coast = has_water_ = true;
        else if (kind == "road") {
            road_hexes_.insert(h);
            if (i > 0) {
                Hex prev = hexes[i - 1].first;
                if (!grid_.adjacent(prev, h))
                    findings.error(Kind::Inconsistent, rule, pos,
                                   "a road runs from hex to adjacent hex: " + geometry::hex::hex_name(prev) + " and " +
                                       geometry::hex::hex_name(h) + " are not adjacent");
                else {
                    road_links_.insert({prev, h});
                    road_links_.insert({h, prev});
                }
            }
        }
    }
}

HexTerrain Battlefield::at(Hex h) const {
    auto it = hexes_.find(h);
    return it == hexes_.end() ? HexTerrain{} : it->second;
}

bool Battlefield::dense(Hex h) const {
    HexTerrain t = at(h);
    return t.woods || t.built_up || t.fortification;
}

bool Battlefield::covered(Hex h) const {
    HexTerrain t = at(h);
    return t.woods || t.built_up || t.cover || t.fortification || t.trench;
}

bool Battlefield::blocks(Hex h, Hex from, Hex to) const {
    HexTerrain t = at(h);
    if (t.woods || t.built_up || t.cover || t.fortification) return true;
    return t.height > std::max(at(from).height, at(to).height);
}

std::string Battlefield::blocker(Hex h) const {
    HexTerrain t = at(h);
    if (t.woods) return "woods";
    if (t.built_up) return "a built-up area";
    if (t.fortification) return "fortifications";
    if (t.cover) return "cover";
    return "a hill";
}

std::optional<SightBlock> Battlefield::sight_blocked(Hex from, Hex to) const {
    for (const auto& c : grid_.line(from, to)) {
        const bool here = blocks(c.hex, from, to);
        if (!c.other) {
            if (here) return SightBlock{c.hex, blocker(c.hex)};
            continue;
        }
        const bool there = blocks(*c.other, from, to);
        if (edge_either_ ? (here || there) : (here && there)) {
            Hex h = here ? c.hex : *c.other;
            return SightBlock{h, blocker(h)};
        }
    }
    return std::nullopt;
}

std::vector<Hex> Battlefield::first_crossed(Hex from, Hex to) const {
    auto line = grid_.line(from, to);
    if (line.empty()) return {to};
    std::vector<Hex> out{line.front().hex};
    if (line.front().other) out.push_back(*line.front().other);
    return out;
}

bool Battlefield::road_between(Hex a, Hex b) const { return road_links_.count({a, b}) > 0; }

bool Battlefield::land_may_enter(Hex h) const {
    HexTerrain t = at(h);
    if (t.sea) return false;
    return !t.river || t.ford;
}

bool Battlefield::ship_may_enter(Hex h) const {
    if (!has_water_) return true;
    HexTerrain t = at(h);
    return t.sea || t.coast;
}

}  // namespace ironlog::rules::late19c
