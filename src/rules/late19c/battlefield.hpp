// The battlefield of a late19c record: the hexes its `terrain` lines declare, and what the
// rules ask of them (cover, lines of sight, roads, water). docs/rules/late19c.md lists the
// terrain kinds; docs/hexes.md the geometry.
#pragma once

#include "check/finding.hpp"
#include "geometry/hex.hpp"
#include "notation/record.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ironlog::rules::late19c {

using geometry::hex::Hex;

struct HexTerrain {
    bool woods = false, built_up = false, fortification = false, cover = false;
    bool river = false, ford = false, trench = false, wire = false, minefield = false;
    bool sea = false, coast = false;
    int height = 0;  // hills: 1 unless the line gives another
};

// The terrain kinds a record may declare, in the order docs/rules/late19c.md gives them.
const std::vector<std::string>& terrain_kinds();

// A hex written in a record: its place and facing. A facing that is not an edge is a problem,
// and the hex still reads (without the facing); a hex id that does not read gives none.
struct HexRef {
    Hex hex;
    std::optional<int> facing;
};
std::optional<HexRef> read_hex(const ngn::HexPos& pos, std::string& problem);

// What blocks a line of sight, when something does.
struct SightBlock {
    Hex hex;
    std::string why;  // "woods", "a hill"
};

class Battlefield {
public:
    explicit Battlefield(geometry::hex::Grid grid = geometry::hex::Grid(), bool edge_blocks_if_either = false)
        : grid_(grid), edge_either_(edge_blocks_if_either) {}

    // A terrain line; problems are reported against it.
    void add(const ngn::Terrain& line, Findings& findings, const RuleRef& rule);

    const geometry::hex::Grid& grid() const { return grid_; }
    HexTerrain at(Hex h) const;
    // Woods, built-up areas and fortifications: fire goes one hex into them and out only from their edge.
    bool dense(Hex h) const;
    // The target "in cover or fortifications": woods, built-up areas, cover, fortifications, trenches.
    bool covered(Hex h) const;
    // Whether the straight line between two centres is blocked (by cover or a hill between them).
    std::optional<SightBlock> sight_blocked(Hex from, Hex to) const;
    // The first hexes a line of fire crosses leaving `from` towards `to` (two along an edge).
    std::vector<Hex> first_crossed(Hex from, Hex to) const;
    bool road_between(Hex a, Hex b) const;
    bool road_at(Hex h) const { return road_hexes_.count(h) > 0; }
    // The hexes the terrain lines name, roads included (for a picture of the map).
    std::vector<Hex> named_hexes() const {
        std::vector<Hex> named(road_hexes_.begin(), road_hexes_.end());
        for (const auto& [h, terrain] : hexes_) named.push_back(h);
        return named;
    }
    // Whether any hex is declared sea or coast (then ships keep to them and land units off the sea).
    bool has_water() const { return has_water_; }
    bool land_may_enter(Hex h) const;  // not sea; a river only at a ford
    bool ship_may_enter(Hex h) const;  // sea or coast (anywhere when the map declares no water)
    void set_wire(Hex h, bool present) { hexes_[h].wire = present; }

private:
    bool blocks(Hex h, Hex from, Hex to) const;
    std::string blocker(Hex h) const;

    geometry::hex::Grid grid_;
    bool edge_either_;
    std::map<Hex, HexTerrain> hexes_;
    std::set<std::pair<Hex, Hex>> road_links_;
    std::set<Hex> road_hexes_;
    bool has_water_ = false;
};

}  // namespace ironlog::rules::late19c
