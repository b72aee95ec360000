#include "geometry/hex.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace geometry::hex {

namespace {

constexpr double kSqrt3 = 1.7320508075688772;
constexpr double kPi = 3.14159265358979323846;

const char* const kFacingNames[kFacings] = {"N", "NE", "SE", "S", "SW", "NW"};

// Axial steps for the six facings, with rows growing down the map.
constexpr std::array<std::array<int, 2>, kFacings> kSteps = {{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};

int floor_half(int v) { return v >> 1; }  // arithmetic shift: floor for negatives too (C++20)
int ceil_half(int v) { return -((-v) >> 1); }

// The angle between two bearings, 0 to 180.
double angle_between(double a, double b) {
    double d = std::fmod(std::fabs(a - b), 360.0);
    return d > 180.0 ? 360.0 - d : d;
}

}  // namespace

std::optional<Hex> parse_hex(std::string_view id) {
    if (id.size() != 4 && id.size() != 6) return std::nullopt;
    for (char c : id)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    const std::size_t half = id.size() / 2;
    Hex h;
    for (std::size_t i = 0; i < half; ++i) h.col = h.col * 10 + (id[i] - '0');
    for (std::size_t i = half; i < id.size(); ++i) h.row = h.row * 10 + (id[i] - '0');
    return h;
}

std::string hex_name(Hex h) {
    char buf[32];
    if (h.col >= 0 && h.row >= 0 && h.col < 100 && h.row < 100)
        std::snprintf(buf, sizeof buf, "#%02d%02d", h.col, h.row);
    else
        std::snprintf(buf, sizeof buf, "#%03d%03d", h.col, h.row);
    return buf;
}

std::optional<int> parse_facing(std::string_view text) {
    std::string up;
    for (char c : text) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int f = 0; f < kFacings; ++f)
        if (up == kFacingNames[f]) return f;
    return std::nullopt;
}

const char* facing_name(int facing) { return kFacingNames[((facing % kFacings) + kFacings) % kFacings]; }

int turn_facing(int facing, int steps) { return (((facing + steps) % kFacings) + kFacings) % kFacings; }

int facing_steps(int a, int b) {
    int d = ((a - b) % kFacings + kFacings) % kFacings;
    return std::min(d, kFacings - d);
}

Grid::Axial Grid::axial(Hex h) const {
    if (columns_ == Columns::EvenLow) return Axial{h.col + 1, h.row - ceil_half(h.col)};
    return Axial{h.col, h.row - floor_half(h.col)};
}

Hex Grid::offset(Axial a) const {
    if (columns_ == Columns::EvenLow) {
        int col = a.q - 1;
        return Hex{col, a.r + ceil_half(col)};
    }
    return Hex{a.q, a.r + floor_half(a.q)};
}

int Grid::distance(Hex a, Hex b) const {
    Axial x = axial(a), y = axial(b);
    int dq = x.q - y.q, dr = x.r - y.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

Hex Grid::neighbour(Hex h, int facing) const {
    Axial a = axial(h);
    const auto& s = kSteps[static_cast<std::size_t>(turn_facing(facing, 0))];
    return offset(Axial{a.q + s[0], a.r + s[1]});
}

std::optional<int> Grid::direction(Hex from, Hex to) const {
    for (int f = 0; f < kFacings; ++f)
        if (neighbour(from, f) == to) return f;
    return std::nullopt;
}

std::vector<Hex> Grid::within(Hex centre, int range) const {
    std::vector<Hex> out;
    Axial c = axial(centre);
    for (int dq = -range; dq <= range; ++dq)
        for (int dr = std::max(-range, -dq - range); dr <= std::min(range, -dq + range); ++dr)
            out.push_back(offset(Axial{c.q + dq, c.r + dr}));
    return out;
}

geometry::Point Grid::centre(Hex h) const {
    Axial a = axial(h);
    return geometry::Point{1.5 * a.q, -kSqrt3 * (a.r + a.q / 2.0)};
}

double Grid::bearing(Hex from, Hex to) const {
    geometry::Point a = centre(from), b = centre(to);
    double deg = std::atan2(b.x - a.x, b.y - a.y) * 180.0 / kPi;
    return deg < 0 ? deg + 360.0 : deg;
}

double Grid::off_facing(Hex from, int facing, Hex to) const {
    return angle_between(bearing(from, to), 60.0 * turn_facing(facing, 0));
}

bool Grid::in_arc(Hex from, int facing, Hex to, double half_angle) const {
    return from != to && off_facing(from, facing, to) <= half_angle + 1e-9;
}

std::vector<Crossing> Grid::line(Hex from, Hex to) const {
    const int n = distance(from, to);
    if (n < 2) return {};
    const geometry::Point a = centre(from), b = centre(to);
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double length = std::hypot(dx, dy);
    const double apothem = kSqrt3 / 2.0;

    // The outward normals of the six edges, worked out once.
    static const std::array<geometry::Point, kFacings> normals = [] {
        std::array<geometry::Point, kFacings> n{};
        for (int k = 0; k < kFacings; ++k) {
            const double ang = (90.0 - 60.0 * k) * kPi / 180.0;
            n[static_cast<std::size_t>(k)] = geometry::Point{std::cos(ang), std::sin(ang)};
        }
        return n;
    }();
    // The part [t0, t1] of the line inside a hex whose edges are moved out by `grow`.
    auto clip = [&](geometry::Point c, double grow, double& t0, double& t1) {
        t0 = 0;
        t1 = 1;
        for (int k = 0; k < kFacings; ++k) {
            const double nx = normals[static_cast<std::size_t>(k)].x, ny = normals[static_cast<std::size_t>(k)].y;
            const double start = (a.x - c.x) * nx + (a.y - c.y) * ny - (apothem + grow);
            const double rate = dx * nx + dy * ny;
            if (std::fabs(rate) < 1e-12) {
                if (start > 0) return false;
                continue;
            }
            const double t = -start / rate;
            if (rate > 0)
                t1 = std::min(t1, t);
            else
                t0 = std::max(t0, t);
            if (t0 > t1) return false;
        }
        return true;
    };

    struct Hit {
        Hex hex;
        double mid;
        bool edge;
    };
    std::vector<Hit> hits;
    for (Hex h : within(from, n)) {
        if (h == from || h == to || distance(h, to) > n) continue;
        const geometry::Point c = centre(h);
        // a hex whose centre lies further than its circumradius (1) from the line cannot touch it
        if (std::fabs((c.x - a.x) * dy - (c.y - a.y) * dx) > (1.0 + 1e-6) * length) continue;
        double t0 = 0, t1 = 0;
        if (clip(c, -1e-7, t0, t1) && (t1 - t0) * length > 1e-6) {
            hits.push_back(Hit{h, (t0 + t1) / 2, false});
        } else if (clip(c, 1e-7, t0, t1) && (t1 - t0) * length > 1e-3) {
            hits.push_back(Hit{h, (t0 + t1) / 2, true});  // the line runs along one of its edges
        }
    }
    std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) { return x.mid < y.mid; });
    std::vector<Crossing> out;
    for (std::size_t i = 0; i < hits.size(); ++i) {
        if (hits[i].edge && i + 1 < hits.size() && hits[i + 1].edge && std::fabs(hits[i + 1].mid - hits[i].mid) < 1e-6) {
            out.push_back(Crossing{hits[i].hex, hits[i + 1].hex});
            ++i;
        } else {
            out.push_back(Crossing{hits[i].hex, std::nullopt});
        }
    }
    return out;
}

std::vector<Hex> Grid::nearest_edges(Hex target, double bearing) const {
    std::vector<Hex> out;
    double best = 1e9;
    for (int f = 0; f < kFacings; ++f) best = std::min(best, angle_between(bearing, 60.0 * f));
    for (int f = 0; f < kFacings; ++f)
        if (angle_between(bearing, 60.0 * f) <= best + 1e-9) out.push_back(neighbour(target, f));
    return out;
}

std::vector<Hex> Grid::in_front(Hex target, Hex from) const {
    if (from == target) return {};
    return nearest_edges(target, bearing(target, from));
}

std::vector<Hex> Grid::behind(Hex target, Hex from) const {
    if (from == target) return {};
    return nearest_edges(target, bearing(target, from) + 180.0);
}

}  // namespace geometry::hex
