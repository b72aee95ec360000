// Geometry of a table game measured in centimetres: ship bases as rectangles, bearings,
// convex hulls. Headings are degrees clockwise from "up the table" (+y), as NGN writes them.
#pragma once

#include <array>
#include <vector>

namespace geometry {

struct Point {
    double x = 0, y = 0;
};

// A rectangular base centred on a point, its length along the heading.
struct Base {
    Point centre;
    double heading = 0;
    double length = 0, width = 0;
    std::array<Point, 4> corners() const;  // front-left, front-right, rear-right, rear-left
};

double distance(Point a, Point b);

// The bearing of `to` seen from `from`, relative to `heading`: -180 to 180 degrees, 0 dead
// ahead, positive to starboard (clockwise).
double relative_bearing(Point from, double heading, Point to);

// The convex hull, counter-clockwise, of a set of points.
std::vector<Point> convex_hull(std::vector<Point> points);

// Whether a point lies inside a convex polygon (counter-clockwise), at least `margin` inside
// its edges.
bool inside_convex(const std::vector<Point>& polygon, Point p, double margin);

}  // namespace geometry
