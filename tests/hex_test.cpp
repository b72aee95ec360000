// The hex map's geometry: ids, facings, neighbours, distance, arcs and lines of sight, for
// both ways of staggering the columns.
#include "geometry/hex.hpp"

#include <gtest/gtest.h>

using namespace geometry::hex;

namespace {
Hex h(const char* id) { return *parse_hex(id); }
std::string names(const std::vector<Hex>& v) {
    std::string s;
    for (auto x : v) s += (s.empty() ? "" : " ") + hex_name(x);
    return s;
}
std::string names(const std::vector<Crossing>& v) {
    std::string s;
    for (const auto& c : v) s += (s.empty() ? "" : " ") + hex_name(c.hex) + (c.other ? "|" + hex_name(*c.other) : "");
    return s;
}
}  // namespace

TEST(Hex, IdsAndFacings) {
    EXPECT_EQ(parse_hex("0405"), (Hex{4, 5}));
    EXPECT_EQ(parse_hex("012105"), (Hex{12, 105}));
    EXPECT_FALSE(parse_hex("405"));
    EXPECT_FALSE(parse_hex("04a5"));
    EXPECT_FALSE(parse_hex(""));
    EXPECT_EQ(hex_name(Hex{4, 5}), "#0405");
    EXPECT_EQ(hex_name(Hex{12, 105}), "#012105");
    EXPECT_EQ(parse_facing("ne"), 1);
    EXPECT_EQ(parse_facing("NW"), 5);
    EXPECT_FALSE(parse_facing("E"));  // a corner of a flat-topped hex
    EXPECT_EQ(turn_facing(5, 1), 0);
    EXPECT_EQ(turn_facing(0, -1), 5);
    EXPECT_EQ(facing_steps(0, 3), 3);
    EXPECT_EQ(facing_steps(5, 1), 2);
}

TEST(Hex, NeighboursEvenColumnsLow) {
    Grid g;  // even columns half a hex lower
    // an odd column (high): its right-hand neighbours are in the same row and the row above
    EXPECT_EQ(names({g.neighbour(h("0305"), 0), g.neighbour(h("0305"), 1), g.neighbour(h("0305"), 2),
                     g.neighbour(h("0305"), 3), g.neighbour(h("0305"), 4), g.neighbour(h("0305"), 5)}),
              "#0304 #0404 #0405 #0306 #0205 #0204");
    // an even column (low): same row and the row below
    EXPECT_EQ(names({g.neighbour(h("0405"), 0), g.neighbour(h("0405"), 1), g.neighbour(h("0405"), 2),
                     g.neighbour(h("0405"), 3), g.neighbour(h("0405"), 4), g.neighbour(h("0405"), 5)}),
              "#0404 #0505 #0506 #0406 #0306 #0305");
}

TEST(Hex, NeighboursOddColumnsLow) {
    Grid g(Columns::OddLow);
    EXPECT_EQ(names({g.neighbour(h("0305"), 0), g.neighbour(h("0305"), 1), g.neighbour(h("0305"), 2),
                     g.neighbour(h("0305"), 3), g.neighbour(h("0305"), 4), g.neighbour(h("0305"), 5)}),
              "#0304 #0405 #0406 #0306 #0206 #0205");
}

TEST(Hex, NeighbourhoodIsConsistent) {
    for (Grid g : {Grid(Columns::EvenLow), Grid(Columns::OddLow)}) {
        for (Hex x : g.within(h("0505"), 3)) {
            for (int f = 0; f < kFacings; ++f) {
                Hex n = g.neighbour(x, f);
                EXPECT_EQ(g.distance(x, n), 1);
                EXPECT_EQ(g.direction(x, n), f);
                EXPECT_EQ(g.neighbour(n, turn_facing(f, 3)), x);  // and back again
                EXPECT_NEAR(g.bearing(x, n), 60.0 * f, 1e-9);
            }
        }
        EXPECT_EQ(g.within(h("0505"), 2).size(), 19u);
    }
}

TEST(Hex, DistanceThroughEdges) {
    Grid g;
    EXPECT_EQ(g.distance(h("0405"), h("0405")), 0);
    EXPECT_EQ(g.distance(h("0405"), h("0401")), 4);  // straight up a column
    EXPECT_EQ(g.distance(h("0105"), h("0505")), 4);  // across, zig-zagging
    EXPECT_EQ(g.distance(h("0101"), h("0606")), 8);
    EXPECT_FALSE(g.direction(h("0405"), h("0407")));
}

TEST(Hex, ArcsWidenFromTheAdjacentHex) {
    Grid g;
    const Hex gun = h("0405");  // facing N
    // 30 degrees either side: only the hex straight ahead at range 1
    EXPECT_TRUE(g.in_arc(gun, 0, h("0404"), 30));
    EXPECT_FALSE(g.in_arc(gun, 0, h("0505"), 30));  // NE neighbour: 60 degrees off
    EXPECT_TRUE(g.in_arc(gun, 0, h("0505"), 60));   // the edge of a 60-degree arc is in it
    // at range 2 the hex on the 30-degree line is in the artillery arc
    EXPECT_NEAR(g.off_facing(gun, 0, h("0504")), 30.0, 1e-9);
    EXPECT_TRUE(g.in_arc(gun, 0, h("0504"), 30));
    EXPECT_FALSE(g.in_arc(gun, 0, h("0406"), 60));  // behind
    EXPECT_FALSE(g.in_arc(gun, 0, gun, 60));
}

TEST(Hex, LinesOfSight) {
    Grid g;
    EXPECT_EQ(names(g.line(h("0405"), h("0401"))), "#0404 #0403 #0402");
    EXPECT_EQ(names(g.line(h("0405"), h("0404"))), "");
    // due east across two columns: the line runs along the edge between two hexes
    EXPECT_EQ(names(g.line(h("0205"), h("0405"))), "#0305|#0306");
    // a line that cuts across: each hex it passes through, in order
    auto cut = g.line(h("0101"), h("0504"));
    ASSERT_FALSE(cut.empty());
    for (std::size_t i = 0; i + 1 < cut.size(); ++i) EXPECT_EQ(g.distance(cut[i].hex, cut[i + 1].hex), 1);
    EXPECT_EQ(g.distance(h("0101"), cut.front().hex), 1);
    EXPECT_EQ(g.distance(cut.back().hex, h("0504")), 1);
}

TEST(Hex, InFrontAndBehindTheTarget) {
    Grid g;
    // fire from straight below: in front is the hex below the target, behind the one above
    EXPECT_EQ(names(g.in_front(h("0403"), h("0407"))), "#0404");
    EXPECT_EQ(names(g.behind(h("0403"), h("0407"))), "#0402");
    // fire from due east: the line meets the target at a corner, two hexes either way
    EXPECT_EQ(names(g.in_front(h("0305"), h("0505"))), "#0404 #0405");
    EXPECT_EQ(names(g.behind(h("0305"), h("0505"))), "#0205 #0204");
}
