// General Principles' geometry, shared by the engine and the generator: the four views of a ship
// (Units' Course) and a hull across a line of sight (Line of Sight).
#pragma once

#include "geometry/table.hpp"
#include "rules/admiral/state.hpp"

#include <vector>

namespace ironlog::rules::admiral {

// The four views of a ship (Units' Course) as relative bearings, degrees clockwise from the bow:
// each from `from` to `to` (the stern's runs past 180, through dead astern).
struct ArcBounds {
    Arc arc;
    const char* name;
    double from, to;
};
inline constexpr ArcBounds kArcBounds[] = {
    {Arc::Bow, "bow", -45, 45}, {Arc::Starboard, "starboard", 45, 135}, {Arc::Stern, "stern", 135, 225}, {Arc::Port, "port", -135, -45}};

// The arcs of a ship at `from` on `heading` that `to` lies in: one, or two where it lies on a
// boundary within `slack` degrees.
std::vector<Arc> arcs_at(geometry::Point from, double heading, geometry::Point to, double slack);
// The slack of a boundary at a distance: a ruler's tolerance across, or the protractor's 2 degrees.
double arc_slack(double distance, double tolerance);
// Whether the line a-b crosses a hull: its length along its course through its tower, less the
// ruler's tolerance at each end.
bool hull_crosses(geometry::Point a, geometry::Point b, const Unit& hull, double tolerance);
// Where a run of d cm along a heading ends.
geometry::Point ahead(geometry::Point p, double heading, double d);

}  // namespace ironlog::rules::admiral
