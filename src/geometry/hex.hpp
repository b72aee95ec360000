// Geometry of a hex map, shared by the hex rulesets (late19c's battlefield, tmbv's battle
// board). docs/hexes.md describes the scheme a record writes:
//  - hexes have flat tops; a hex id is its column then its row, two digits each (#0405 is
//    column 4, row 5), or three each on big maps (#012105); columns run left to right and
//    rows top to bottom;
//  - one column in two sits half a hex lower: the even ones by default (Columns::EvenLow);
//  - the six facings are the hex edges, clockwise from the top: N, NE, SE, S, SW, NW;
//  - distance counts hexes through edges; a line of sight runs centre to centre.
#pragma once

#include "geometry/table.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace geometry::hex {

// A hex as the map numbers it.
struct Hex {
    int col = 0;
    int row = 0;
    friend bool operator==(const Hex&, const Hex&) = default;
    friend auto operator<=>(const Hex&, const Hex&) = default;
};

// "0405" -> column 4, row 5; "012105" -> column 12, row 105. None when it is not an even
// number (4 or 6) of digits.
std::optional<Hex> parse_hex(std::string_view id);
std::string hex_name(Hex h);  // "#0405"

constexpr int kFacings = 6;
// "N", "ne", "SE" ... -> 0..5, clockwise from the top. None for anything else (E and W are
// corners of a flat-topped hex, not edges).
std::optional<int> parse_facing(std::string_view text);
const char* facing_name(int facing);
// The facing opposite, and the one `steps` edges clockwise (negative: anticlockwise).
int turn_facing(int facing, int steps);
// How many edges apart two facings are: 0 (the same) to 3 (opposite).
int facing_steps(int a, int b);

enum class Columns { EvenLow, OddLow };  // which columns sit half a hex lower

// Where a line from one centre to another runs: through a hex, or exactly along the edge
// between two (`other` set), where which side it is on is a matter of reading.
struct Crossing {
    Hex hex;
    std::optional<Hex> other;
};

class Grid {
public:
    explicit Grid(Columns columns = Columns::EvenLow) : columns_(columns) {}

    int distance(Hex a, Hex b) const;
    Hex neighbour(Hex h, int facing) const;
    bool adjacent(Hex a, Hex b) const { return distance(a, b) == 1; }
    // The facing from one hex towards an adjacent one; none when they are not adjacent.
    std::optional<int> direction(Hex from, Hex to) const;
    // Every hex at exactly this distance, or within it.
    std::vector<Hex> within(Hex centre, int range) const;

    // The centre, with hexes of circumradius 1; x to the right, y up the map.
    geometry::Point centre(Hex h) const;
    // Degrees clockwise from the top of the map, from one centre to another (0 to 360).
    double bearing(Hex from, Hex to) const;
    // How far (0 to 180 degrees) the direction to `to` lies from a facing at `from`.
    double off_facing(Hex from, int facing, Hex to) const;
    // Within `half_angle` degrees either side of the facing (the edge of the arc included).
    bool in_arc(Hex from, int facing, Hex to, double half_angle) const;

    // The hexes a straight line from centre to centre passes through, in order, its two ends
    // left out.
    std::vector<Crossing> line(Hex from, Hex to) const;

    // The neighbours of `target` on the side towards `from` (the edge a line from `from`
    // enters it by) and on the far side (the edge it leaves by): one hex, or two when the
    // line meets the target at a corner.
    std::vector<Hex> in_front(Hex target, Hex from) const;
    std::vector<Hex> behind(Hex target, Hex from) const;

private:
    struct Axial {
        int q = 0, r = 0;
    };
    Axial axial(Hex h) const;
    Hex offset(Axial a) const;
    std::vector<Hex> nearest_edges(Hex target, double bearing) const;

    Columns columns_;
};

}  // namespace geometry::hex
