// General Principles: the four views of a ship (Units' Course) and the line of sight between
// conning towers, covered by a unit at least the target's size (Line of Sight).
#include "rules/admiral/line_of_sight.hpp"

#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kRuler = cite("Game Elements/Ruler");

// The arcs a relative bearing falls in: one, or both where it lies on a boundary within `slack`.
std::vector<Arc> arcs_of_bearing(double bearing, double slack) {
    std::vector<Arc> out;
    auto in = [&](double b, const ArcBounds& a) { return b >= a.from - slack && b <= a.to + slack; };
    for (const ArcBounds& a : kArcBounds)  // a bearing of -180 to 180, and once round for the stern's
        if (in(bearing, a) || in(bearing + 360, a) || in(bearing - 360, a)) out.push_back(a.arc);
    return out;
}

bool segments_cross(geometry::Point a, geometry::Point b, geometry::Point c, geometry::Point d) {
    auto cross = [](geometry::Point o, geometry::Point p, geometry::Point q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); };
    const double d1 = cross(a, b, c), d2 = cross(a, b, d), d3 = cross(c, d, a), d4 = cross(c, d, b);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0;
}
}  // namespace

std::vector<Arc> arcs_at(geometry::Point from, double heading, geometry::Point to, double slack) {
    return arcs_of_bearing(geometry::relative_bearing(from, heading, to), slack);
}

double arc_slack(double distance, double tolerance) {
    return std::max(2.0, std::atan(tolerance / std::max(distance, 0.1)) * 180 / M_PI);
}

geometry::Point ahead(geometry::Point p, double heading, double d) {
    const double h = heading * M_PI / 180;
    return {p.x + std::sin(h) * d, p.y + std::cos(h) * d};
}

bool hull_crosses(geometry::Point a, geometry::Point b, const Unit& hull, double tolerance) {
    const double half = hull.card.length_cm.value_or(0) / 2 - tolerance;
    if (half <= 0) return false;
    return segments_cross(a, b, ahead(hull.at, hull.heading, half), ahead(hull.at, hull.heading, -half));
}

std::vector<Arc> AdmiralEngine::arcs_of(const Unit& from, const Unit& to) const {
    if (!from.placed || !to.placed || from.place_doubt || to.place_doubt)  // where they are is not recorded, or in doubt
        return {Arc::Bow, Arc::Starboard, Arc::Stern, Arc::Port};
    return arcs_at(from.at, from.heading, to.at, arc_slack(distance(from, to), tolerance_));
}

std::vector<Section> AdmiralEngine::sections_shown(const Unit& target, const Unit& from) const {
    std::vector<Section> out;
    for (Arc a : arcs_of(target, from)) {
        const Section s = a == Arc::Bow ? Section::Bow : a == Arc::Stern ? Section::Stern : Section::Side;
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    }
    return out;
}

// Unit Features/Resistance: a unit's size is its structure points.
int AdmiralEngine::size_of(const Unit& u) const { return structure_points(u); }

// Line of Sight: a unit covers a target no bigger than itself when the line between the towers
// crosses its hull (taken as its length along its course, less the ruler's tolerance at each end).
std::optional<const Unit*> AdmiralEngine::covered_by(const Unit& from, const Unit& to) const {
    if (!from.placed || !to.placed || from.place_doubt || to.place_doubt) return std::nullopt;
    for (const Unit& o : units_) {
        if (&o == &from || &o == &to || !o.placed || o.removed || o.place_doubt || size_of(o) < size_of(to)) continue;
        if (hull_crosses(from.at, to.at, o, tolerance_)) return &o;
    }
    return std::nullopt;
}

// A distance the record writes, against the towers' (Ruler): false, and said, when it parts by more
// than the tolerance. d is the distance the replay goes on with: the written one (as played).
bool AdmiralEngine::judge_distance(const Unit& a, const Unit& b, const ngn::Item* written, const RuleRef&, GameContext& ctx, double& d) {
    const auto* n = written ? written->as<ngn::Number>() : nullptr;
    if (!a.placed || !b.placed) {
        d = n ? n->value : -1;  // -1: not known
        return true;
    }
    d = distance(a, b);
    if (!n) return true;
    const double w = n->value;
    if (std::abs(w - d) <= tolerance_ || a.place_doubt || b.place_doubt || hand_left_out(const_cast<Unit&>(b), written->pos, ctx)) {
        d = w;
        return true;
    }
    std::ostringstream ex;
    ex << std::round(d * 10) / 10 << "cm";
    ctx.findings.error(Kind::WrongResult, kRuler, written->pos,
                       "from " + a.label() + "'s conning tower to " + b.label() + "'s is " + ex.str() + " (ruler tolerance " + std::to_string(tolerance_).substr(0, 4) + " cm)",
                       ex.str(), written->to_ngn());
    d = w;
    return false;
}

}  // namespace ironlog::rules::admiral
