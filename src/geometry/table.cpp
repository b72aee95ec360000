#include "geometry/table.hpp"

#include <algorithm>
#include <cmath>

namespace geometry {

namespace {
constexpr double kDegrees = 180.0 / M_PI;
double cross(Point o, Point a, Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }
}  // namespace

std::array<Point, 4> Base::corners() const {
    const double h = heading / kDegrees;
    const Point ahead{std::sin(h), std::cos(h)};      // unit vector along the heading
    const Point right{std::cos(h), -std::sin(h)};     // unit vector to starboard
    auto at = [&](double along, double across) {
        return Point{centre.x + ahead.x * along + right.x * across, centre.y + ahead.y * along + right.y * across};
    };
    return {at(length / 2, -width / 2), at(length / 2, width / 2), at(-length / 2, width / 2), at(-length / 2, -width / 2)};
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

double relative_bearing(Point from, double heading, Point to) {
    double absolute = std::atan2(to.x - from.x, to.y - from.y) * kDegrees;  // clockwise from +y
    return std::remainder(absolute - heading, 360.0);
}

std::vector<Point> convex_hull(std::vector<Point> p) {
    std::sort(p.begin(), p.end(), [](Point a, Point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    if (p.size() < 3) return p;
    std::vector<Point> hull(2 * p.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], p[i]) <= 0) --k;
        hull[k++] = p[i];
    }
    for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
        while (k >= t && cross(hull[k - 2], hull[k - 1], p[i - 1]) <= 0) --k;
        hull[k++] = p[i - 1];
    }
    hull.resize(k - 1);
    return hull;
}

bool inside_convex(const std::vector<Point>& polygon, Point p, double margin) {
    if (polygon.size() < 3) return false;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        Point a = polygon[i], b = polygon[(i + 1) % polygon.size()];
        double edge = distance(a, b);
        if (edge == 0) continue;
        if (cross(a, b, p) / edge < margin) return false;  // signed distance inside the edge
    }
    return true;
}

}  // namespace geometry
