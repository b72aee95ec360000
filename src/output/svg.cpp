// The SVG writer: draws a Scene. Scene units (cm, hex radii) are turned into pixels by one
// frame that fits the playing area; pieces, lines and labels are drawn over it, then the legend,
// the roster of pieces and the notes below. Nothing outside the file is referred to.
#include "output/svg.hpp"
#include "output/writers.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

namespace ironlog::output {

namespace {

bool xml_allowed(utf8proc_int32_t c) {
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

void append_escaped(std::string& out, utf8proc_int32_t c, std::string_view bytes) {
    switch (c) {
    case '&': out += "&amp;"; return;
    case '<': out += "&lt;"; return;
    case '>': out += "&gt;"; return;
    case '"': out += "&quot;"; return;
    case '\'': out += "&#39;"; return;
    default: break;
    }
    if (!xml_allowed(c)) {
        out += "\xEF\xBF\xBD";  // U+FFFD
    } else if (hidden(c)) {  // the same characters the terminal's output escapes
        char hex[8];
        std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(c));
        out += std::string("[U+") + hex + "]";
    } else {
        out += bytes;
    }
}

// A number for an attribute: one decimal, the same in every locale.
std::string num(double v) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, std::round(v * 10) / 10, std::chars_format::fixed, 1);
    return ec == std::errc() ? std::string(buf, end) : "0";
}

const char* const kSideColours[] = {"#1f4e9c", "#b22222", "#2e7d32", "#8e44ad", "#d35400", "#00838f"};

// Pixels.
constexpr double kMargin = 30, kBoardWidth = 760, kLineHeight = 18, kTitleHeight = 50;

// Scene units to pixels: x to the right, y up the scene (down the picture).
struct Frame {
    double min_x = 0, max_y = 0, scale = 1, width = 0, height = 0;  // width, height in pixels
    std::pair<double, double> px(ScenePoint p) const {
        return {kMargin + (p.x - min_x) * scale, kTitleHeight + (max_y - p.y) * scale};
    }
};

Frame fit(double min_x, double min_y, double max_x, double max_y) {
    Frame f;
    const double w = std::max(max_x - min_x, 1.0), h = std::max(max_y - min_y, 1.0);
    f.scale = std::min(kBoardWidth / w, kBoardWidth / h);
    f.min_x = min_x;
    f.max_y = max_y;
    f.width = w * f.scale;
    f.height = h * f.scale;
    return f;
}

std::string point_text(std::pair<double, double> p) { return num(p.first) + "," + num(p.second); }

std::string piece_class(const ScenePiece& p) {
    std::string c = "piece " + xml_text(p.kind.empty() ? "piece" : p.kind) + " side-" + (p.side < 0 ? "none" : std::to_string(p.side));
    if (p.sunk) c += " sunk";
    if (p.gone) c += " gone";
    return c;
}

std::string state_text(const ScenePiece& p) {
    std::string s;
    for (const auto& w : p.state) s += (s.empty() ? "" : ", ") + w;
    return s;
}

// A piece's tooltip: its full name and state.
void piece_title(std::ostream& os, const ScenePiece& p) {
    const std::string state = state_text(p);
    os << "<title>" << xml_text(p.name) << (state.empty() ? "" : ": " + xml_text(state)) << "</title>";
}

// A cross over a sunk piece.
void sunk_mark(std::ostream& os, std::pair<double, double> c, double r) {
    os << "<path class=\"sunk-mark\" d=\"M" << num(c.first - r) << "," << num(c.second - r) << " L" << num(c.first + r) << ","
       << num(c.second + r) << " M" << num(c.first - r) << "," << num(c.second + r) << " L" << num(c.first + r) << "," << num(c.second - r)
       << "\" stroke=\"#000\" stroke-width=\"2.5\"/>";
}

// A hull to scale: a base `length` by `width` pointed at the bow, along the heading.
std::vector<ScenePoint> hull_outline(ScenePoint c, double heading, double length, double width) {
    const double h = heading * std::numbers::pi / 180, fx = std::sin(h), fy = std::cos(h), sx = fy, sy = -fx;
    auto at = [&](double along, double across) { return ScenePoint{c.x + fx * along + sx * across, c.y + fy * along + sy * across}; };
    const double l = length / 2, w = width / 2;
    return {at(-l, -w), at(l * 0.6, -w), at(l, 0), at(l * 0.6, w), at(-l, w)};
}

void draw_marker(std::ostream& os, const Frame& f, const ScenePiece& p, std::pair<double, double> c, const std::string& colour) {
    if (p.length && p.heading) {
        const double width = p.width ? *p.width : 4 / f.scale;  // no beam known: a narrow hull, 4 px
        os << "<polygon points=\"";
        for (const auto& q : hull_outline(*p.at, *p.heading, *p.length, width)) os << point_text(f.px(q)) << " ";
        os << "\" fill=\"" << colour << "\" fill-opacity=\"" << (p.sunk ? "0.3" : "0.85") << "\" stroke=\"#000\"/>";
        return;
    }
    os << "<circle cx=\"" << num(c.first) << "\" cy=\"" << num(c.second) << "\" r=\"7\" fill=\"" << colour << "\" fill-opacity=\""
       << (p.sunk ? "0.3" : "0.85") << "\" stroke=\"#000\"/>";
    if (p.heading) {
        const double h = *p.heading * std::numbers::pi / 180;
        os << "<line x1=\"" << num(c.first) << "\" y1=\"" << num(c.second) << "\" x2=\"" << num(c.first + 16 * std::sin(h)) << "\" y2=\""
           << num(c.second - 16 * std::cos(h)) << "\" stroke=\"" << colour << "\" stroke-width=\"2.5\"/>";
    }
}

// A distance as the geometry counts it: "69.4 cm", "3 hexes".
std::string distance_text(SceneGeometry g, double d) {
    if (g != SceneGeometry::Hexes) return num(d) + " cm";
    const long n = std::lround(d);
    return std::to_string(n) + (n == 1 ? " hex" : " hexes");
}

// Pixels: the radius of an arc whose range is not known.
constexpr double kArcRadius = 60;

std::string degrees_text(double d) { return num(d) + "\u00B0"; }

// A firing arc as a wedge from the piece's centre: bearings clockwise from the heading, which is
// clockwise from up the picture, so the wedge runs clockwise (SVG's sweep flag 1).
void draw_arc(std::ostream& os, const Frame& f, const ScenePiece& p, const SceneArc& a, std::pair<double, double> c, const std::string& colour,
              ArcDrawing how, SceneGeometry g) {
    const double r = a.range ? *a.range * f.scale : kArcRadius;
    auto rim = [&](double bearing) {
        const double t = (*p.heading + bearing) * std::numbers::pi / 180;
        return std::pair{c.first + r * std::sin(t), c.second - r * std::cos(t)};
    };
    const auto from = rim(a.from), to = rim(a.to);
    os << "<path class=\"arc arc-" << xml_text(a.name) << "\" d=\"M" << point_text(c) << " L" << point_text(from) << " A" << num(r) << ","
       << num(r) << " 0 " << (a.to - a.from > 180 ? 1 : 0) << " 1 " << point_text(to) << " Z\" fill=\"" << colour
       << "\" fill-opacity=\"0.08\" stroke=\"" << colour << "\" stroke-opacity=\"0.5\" stroke-width=\"0.8\""
       << (how == ArcDrawing::Hidden ? " display=\"none\"" : "") << "><title>"
       << xml_text(p.id + " " + a.name + " arc: " + degrees_text(a.from) + " to " + degrees_text(a.to) + " from the heading" +
                   (a.range ? ", out to " + distance_text(g, *a.range) : std::string(", no range drawn to scale")))
       << "</title></path>";
}

// A piece placed on the board; `nudge` spreads pieces sharing a place.
void draw_placed_piece(std::ostream& os, const Frame& f, const ScenePiece& p, std::pair<double, double> nudge, ArcDrawing arcs, SceneGeometry g) {
    auto c = f.px(*p.at);
    c.first += nudge.first;
    c.second += nudge.second;
    const std::string colour = side_colour(p.side);
    os << "<g class=\"" << piece_class(p) << "\" data-id=\"" << xml_text(p.id) << "\">";
    piece_title(os, p);
    if (arcs != ArcDrawing::None && p.heading && !p.arcs.empty()) {
        // a viewport of the board's size clips the wedges at its edges (no clipPath: a url() reference)
        const std::string box = num(kMargin) + " " + num(kTitleHeight) + " " + num(f.width) + " " + num(f.height);
        os << "<svg class=\"arc-clip\" x=\"" << num(kMargin) << "\" y=\"" << num(kTitleHeight) << "\" width=\"" << num(f.width) << "\" height=\""
           << num(f.height) << "\" viewBox=\"" << box << "\" overflow=\"hidden\">";
        for (const auto& a : p.arcs) draw_arc(os, f, p, a, c, colour, arcs, g);
        os << "</svg>";
    }
    draw_marker(os, f, p, c, colour);
    if (p.sunk) sunk_mark(os, c, 8);
    os << "<text x=\"" << num(c.first + 10) << "\" y=\"" << num(c.second - 8) << "\" font-size=\"12\">" << xml_text(p.id) << "</text></g>\n";
}

// A piece in a list (an area's, or of pieces not on the board): a swatch and its label.
void draw_listed_piece(std::ostream& os, const ScenePiece& p, double x, double y, const std::string& extra) {
    os << "<g class=\"" << piece_class(p) << "\" data-id=\"" << xml_text(p.id) << "\">";
    piece_title(os, p);
    os << "<rect x=\"" << num(x) << "\" y=\"" << num(y - 10) << "\" width=\"12\" height=\"12\" fill=\"" << side_colour(p.side)
       << "\" fill-opacity=\"" << (p.sunk ? "0.3" : "0.9") << "\" stroke=\"#000\"/>";
    if (p.sunk) sunk_mark(os, {x + 6, y - 4}, 6);
    os << "<text x=\"" << num(x + 16) << "\" y=\"" << num(y) << "\" font-size=\"12\">" << xml_text(p.id + extra) << "</text></g>\n";
}

// Pieces sharing a place are spread so each can be seen.
std::vector<std::pair<double, double>> nudges(const std::vector<ScenePiece>& pieces) {
    std::map<std::pair<long, long>, int> seen;
    std::vector<std::pair<double, double>> out;
    for (const auto& p : pieces) {
        const int n = p.at ? seen[{std::lround(p.at->x * 10), std::lround(p.at->y * 10)}]++ : 0;
        out.push_back({n * 6.0, n * 14.0});
    }
    return out;
}

// The bounds of the placed pieces, padded by `pad`; none when no piece is placed.
std::optional<std::array<double, 4>> piece_bounds(const Scene& s, double pad) {
    std::optional<std::array<double, 4>> b;
    for (const auto& p : s.pieces) {
        if (!p.at) continue;
        const std::array<double, 4> q{p.at->x - pad, p.at->y - pad, p.at->x + pad, p.at->y + pad};
        b = b ? std::array<double, 4>{std::min((*b)[0], q[0]), std::min((*b)[1], q[1]), std::max((*b)[2], q[2]), std::max((*b)[3], q[3])} : q;
    }
    return b;
}

using Bounds = std::optional<std::array<double, 4>>;

Bounds joined(Bounds a, Bounds b) {
    if (!a) return b;
    if (!b) return a;
    return std::array<double, 4>{std::min((*a)[0], (*b)[0]), std::min((*a)[1], (*b)[1]), std::max((*a)[2], (*b)[2]), std::max((*a)[3], (*b)[3])};
}

Bounds hex_bounds(const Scene& s) {
    Bounds b;
    for (const auto& h : s.hexes) b = joined(b, std::array<double, 4>{h.centre.x - 1, h.centre.y - 1, h.centre.x + 1, h.centre.y + 1});
    return b;
}

std::size_t most_in_an_area(const Scene& s) {
    std::map<std::string, std::size_t> count;
    std::size_t most = 0;
    for (const auto& p : s.pieces)
        if (!p.area.empty()) most = std::max(most, ++count[p.area]);
    return most;
}

}  // namespace

// Where things go on the picture: one frame for a picture, or for every picture of a game so
// that a stepper's pictures line up. It grows with each scene it is fitted to.
struct BoardLayout {
    SceneGeometry geometry = SceneGeometry::Table;
    ArcDrawing arcs = ArcDrawing::Hidden;
    bool fitted = false;
    Frame frame;             // a table or a hex board: scene units to pixels
    bool sized = false;      // a table of known size
    Bounds bounds;           // of the hexes and pieces fitted so far, in scene units
    std::size_t areas = 1, most = 0;  // an area map: its areas, the most pieces in one
    std::size_t cols = 1;    // its boxes on a grid, in the map's order
    double box_w = 200, box_h = 34;
    double width = 0, height = 0;  // the board in pixels
    // A hex board: every hex of every scene fitted (a board drawn around its pieces grows as
    // they move), in the order first seen; a hex seen again keeps its last terrain.
    std::vector<SceneHex> hexes;
    std::map<std::string, std::size_t> hex_index;

    std::pair<double, double> box(std::size_t i) const {
        return {kMargin + static_cast<double>(i % cols) * (box_w + 40), kTitleHeight + static_cast<double>(i / cols) * (box_h + 30)};
    }
    void fit(const Scene& s);
};

void BoardLayout::fit(const Scene& s) {
    if (!fitted) geometry = s.geometry, sized = s.geometry == SceneGeometry::Table && s.width && s.height;
    fitted = true;
    if (geometry == SceneGeometry::Areas) {
        areas = std::max(areas, s.areas.size());
        most = std::max(most, most_in_an_area(s));
        cols = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(areas))));
        box_h = 34 + kLineHeight * static_cast<double>(most);
        width = static_cast<double>(cols) * (box_w + 40);
        height = static_cast<double>((areas + cols - 1) / cols) * (box_h + 30);
        return;
    }
    for (const auto& h : s.hexes) {
        auto [it, added] = hex_index.emplace(h.id, hexes.size());
        if (added) hexes.push_back(h);
        else hexes[it->second] = h;
    }
    if (sized) {
        bounds = std::array<double, 4>{0, 0, *s.width, *s.height};
    } else {
        const Bounds hexes = geometry == SceneGeometry::Hexes ? hex_bounds(s) : Bounds{};
        bounds = joined(bounds, hexes ? hexes : piece_bounds(s, geometry == SceneGeometry::Table ? 15 : 1));
    }
    const auto r = bounds.value_or(std::array<double, 4>{0, 0, 1, 1});
    frame = ::ironlog::output::fit(r[0], r[1], r[2], r[3]);
    width = frame.width;
    height = frame.height;
}

namespace {

// What a line's tooltip says of its distance: measured by the rules, and as recorded.
std::string distance_note(SceneGeometry g, const SceneLine& l) {
    std::string note;
    if (l.measured) note = distance_text(g, l.measured->value) + (l.measured->between.empty() ? "" : " between " + l.measured->between);
    if (l.recorded) note += (note.empty() ? "" : "; ") + std::string("recorded ") + num(*l.recorded) + " cm";
    return note.empty() ? "" : ": " + note;
}

void draw_act_lines(std::ostream& os, const Frame& f, const Scene& s) {
    auto find = [&](const std::string& id) -> const ScenePiece* {
        for (const auto& p : s.pieces)
            if (p.id == id && p.at) return &p;
        return nullptr;
    };
    for (const auto& l : s.lines) {
        const ScenePiece *a = find(l.from), *b = find(l.to);
        if (!a || !b) continue;
        const auto pa = f.px(*a->at), pb = f.px(*b->at);
        os << "<line class=\"act " << xml_text(l.kind) << "\" x1=\"" << num(pa.first) << "\" y1=\"" << num(pa.second) << "\" x2=\""
           << num(pb.first) << "\" y2=\"" << num(pb.second) << "\" stroke=\"#c00\" stroke-width=\"2\" stroke-dasharray=\"8 4\"><title>"
           << xml_text(l.from + " " + l.kind + " " + l.to + " (line " + std::to_string(l.line) + ")" + distance_note(s.geometry, l))
           << "</title></line>\n";
        if (l.measured)
            os << "<text class=\"range\" x=\"" << num((pa.first + pb.first) / 2) << "\" y=\"" << num((pa.second + pb.second) / 2 - 5)
               << "\" font-size=\"12\" text-anchor=\"middle\" fill=\"#900\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">"
               << xml_text(distance_text(s.geometry, l.measured->value)) << "</text>\n";
    }
}

void draw_table(std::ostream& os, const BoardLayout& l, const Scene& s) {
    const Frame& f = l.frame;
    os << "<rect class=\"table\" x=\"" << num(kMargin) << "\" y=\"" << num(kTitleHeight) << "\" width=\"" << num(f.width) << "\" height=\""
       << num(f.height) << "\" fill=\"#dfeef7\" stroke=\"#567\"/>\n";
    os << "<text x=\"" << num(kMargin) << "\" y=\"" << num(kTitleHeight + f.height + 14) << "\" font-size=\"11\">"
       << (l.sized ? "table " + num(*s.width) + " x " + num(*s.height) + " cm" : std::string("the pieces' part of the table (its size is not recorded)"))
       << "; 10 cm = " << num(10 * f.scale) << " px</text>\n";
}

std::string terrain_fill(const std::vector<std::string>& terrain) {
    static const std::map<std::string, std::string> fills = {
        {"sea", "#bcd9ef"},   {"river", "#8fc1e3"}, {"ford", "#c3def0"},      {"coast", "#e9dfb8"}, {"woods", "#9cc58f"},
        {"hill", "#d9c7a0"},  {"road", "#e8e2d0"},  {"fortification", "#b9b1a6"}, {"wire", "#d8d0d0"}, {"minefield", "#e6b8b8"},
        {"town", "#d7c3b5"},  {"shoal", "#d6e9d9"}, {"land", "#eae6d6"}, {"island", "#e2dcc0"}};
    for (const auto& t : terrain)
        if (auto it = fills.find(t); it != fills.end()) return it->second;
    return terrain.empty() ? "#f4f4f0" : "#e0e0e0";
}

void draw_hexes(std::ostream& os, const Frame& f, const std::vector<SceneHex>& hexes) {
    for (const auto& h : hexes) {
        os << "<polygon class=\"hex\" points=\"";
        for (int k = 0; k < 6; ++k) {
            const double a = k * std::numbers::pi / 3;
            os << point_text(f.px({h.centre.x + std::cos(a), h.centre.y + std::sin(a)})) << " ";
        }
        std::string words;
        for (const auto& t : h.terrain) words += " " + t;
        os << "\" fill=\"" << terrain_fill(h.terrain) << "\" stroke=\"#999\"><title>" << xml_text("#" + h.id + words) << "</title></polygon>\n";
        if (f.scale >= 18) {
            const auto c = f.px({h.centre.x, h.centre.y + 0.7});
            os << "<text x=\"" << num(c.first) << "\" y=\"" << num(c.second) << "\" font-size=\"" << num(std::min(9.0, f.scale / 4))
               << "\" text-anchor=\"middle\" fill=\"#777\">" << xml_text(h.id) << "</text>\n";
        }
    }
}

std::map<std::string, std::size_t> area_index(const Scene& s) {
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < s.areas.size(); ++i) index[s.areas[i].name] = i;
    return index;
}

// Area boxes on a grid, in the map's order; connections first, beneath them.
void draw_areas(std::ostream& os, const BoardLayout& l, const Scene& s) {
    const auto index = area_index(s);
    for (std::size_t i = 0; i < s.areas.size(); ++i)
        for (const auto& t : s.areas[i].touches)
            if (auto it = index.find(t); it != index.end() && it->second > i) {
                const auto a = l.box(i), b = l.box(it->second);
                os << "<line class=\"connection\" x1=\"" << num(a.first + l.box_w / 2) << "\" y1=\"" << num(a.second + l.box_h / 2) << "\" x2=\""
                   << num(b.first + l.box_w / 2) << "\" y2=\"" << num(b.second + l.box_h / 2) << "\" stroke=\"#9ab\" stroke-width=\"1.5\"/>\n";
            }
    for (std::size_t i = 0; i < s.areas.size(); ++i) {
        const auto& a = s.areas[i];
        const auto [x, y] = l.box(i);
        std::string words;
        for (const auto& w : a.words) words += (words.empty() ? " (" : ", ") + w;
        if (!words.empty()) words += ")";
        os << "<g class=\"area" << (a.port ? " port" : " sea") << "\"><rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(l.box_w)
           << "\" height=\"" << num(l.box_h) << "\" rx=\"6\" fill=\"" << (a.port ? "#efe6d2" : "#d8e8f4") << "\" stroke=\"#567\""
           << (a.port ? " stroke-dasharray=\"5 3\"" : "") << "/><text x=\"" << num(x + 6) << "\" y=\"" << num(y + 16)
           << "\" font-size=\"12\" font-weight=\"bold\">" << xml_text(a.name + words) << "</text></g>\n";
    }
}

void draw_board(std::ostream& os, const BoardLayout& l, const Scene& s) {
    if (l.geometry == SceneGeometry::Areas) draw_areas(os, l, s);
    else if (l.geometry == SceneGeometry::Hexes) draw_hexes(os, l.frame, l.hexes);
    else draw_table(os, l, s);
}

// Each piece as drawn on the board (an empty text for one not on it) and where it is drawn.
std::vector<DrawnPiece> draw_pieces(const BoardLayout& l, const Scene& s) {
    std::vector<DrawnPiece> out(s.pieces.size());
    if (l.geometry == SceneGeometry::Areas) {
        const auto index = area_index(s);
        std::vector<double> next_row(s.areas.size(), 0);
        for (std::size_t k = 0; k < s.pieces.size(); ++k) {
            const auto& p = s.pieces[k];
            auto it = index.find(p.area);
            if (it == index.end()) continue;
            const auto [x, y] = l.box(it->second);
            const double row_y = y + 36 + next_row[it->second]++ * kLineHeight;
            std::ostringstream os;
            draw_listed_piece(os, p, x + 8, row_y, p.box.empty() ? "" : " (" + p.box + ")");
            out[k] = DrawnPiece{os.str(), std::pair{x + 14, row_y - 4}};
        }
        return out;
    }
    const auto spread = nudges(s.pieces);
    for (std::size_t k = 0; k < s.pieces.size(); ++k) {
        if (!s.pieces[k].at) continue;
        std::ostringstream os;
        draw_placed_piece(os, l.frame, s.pieces[k], spread[k], l.arcs, l.geometry);
        auto c = l.frame.px(*s.pieces[k].at);
        out[k] = DrawnPiece{os.str(), std::pair{c.first + spread[k].first, c.second + spread[k].second}};
    }
    return out;
}

// Below the board: pieces not on it, the legend of sides, the roster and the notes.
double draw_below(std::ostream& os, const Scene& s, const std::vector<DrawnPiece>& drawn, double y) {
    bool any = false;
    for (std::size_t k = 0; k < s.pieces.size(); ++k) {
        if (!drawn[k].svg.empty()) continue;
        if (!any) os << "<text x=\"" << num(kMargin) << "\" y=\"" << num(y += kLineHeight) << "\" font-size=\"12\">Not on the board:</text>\n";
        any = true;
        draw_listed_piece(os, s.pieces[k], kMargin + 10, y += kLineHeight, "");
    }
    os << "<g class=\"legend\">";
    for (std::size_t i = 0; i < s.sides.size(); ++i) {
        y += kLineHeight;
        os << "<rect x=\"" << num(kMargin) << "\" y=\"" << num(y - 10) << "\" width=\"12\" height=\"12\" fill=\"" << side_colour(static_cast<int>(i))
           << "\"/><text x=\"" << num(kMargin + 16) << "\" y=\"" << num(y) << "\" font-size=\"12\">" << xml_text(s.sides[i]) << "</text>";
    }
    os << "<text x=\"" << num(kMargin) << "\" y=\"" << num(y += kLineHeight) << "\" font-size=\"11\">a cross: sunk or destroyed; faded: out of play</text></g>\n";
    for (const auto& p : s.pieces)
        os << "<text class=\"roster\" x=\"" << num(kMargin) << "\" y=\"" << num(y += kLineHeight) << "\" font-size=\"11\">"
           << xml_text(roster_line(p)) << "</text>\n";
    for (const auto& n : s.notes)
        os << "<text class=\"note\" x=\"" << num(kMargin) << "\" y=\"" << num(y += kLineHeight) << "\" font-size=\"11\" fill=\"#833\">"
           << xml_text("Note: " + n) << "</text>\n";
    return y + kMargin;
}

}  // namespace

std::string scene_place(const Scene& s) {
    if (!s.after_line) return s.at;
    return s.at + (s.at.empty() ? "" : ", ") + "after line " + std::to_string(s.after_line);
}

std::string roster_line(const ScenePiece& p) {
    const std::string state = state_text(p);
    return p.id + (p.name != p.id ? " \"" + p.name + "\"" : "") + (state.empty() ? "" : ": " + state);
}

std::string side_colour(int side) { return side < 0 ? "#666666" : kSideColours[side % 6]; }

Pictures::Pictures() : Pictures(ArcDrawing::Hidden) {}

Pictures::Pictures(ArcDrawing arcs) : layout_(std::make_shared<BoardLayout>()) { layout_->arcs = arcs; }

void Pictures::fit(const Scene& s) { layout_->fit(s); }

double Pictures::width() const { return std::max(kBoardWidth, layout_->width) + 2 * kMargin; }
double Pictures::height() const { return kTitleHeight + layout_->height + 20; }

std::string Pictures::board(const Scene& s) const {
    std::ostringstream os;
    draw_board(os, *layout_, s);
    return os.str();
}

bool Pictures::board_follows_scene() const { return layout_->geometry == SceneGeometry::Areas; }

std::string Pictures::act_lines(const Scene& s) const {
    if (layout_->geometry == SceneGeometry::Areas) return {};
    std::ostringstream os;
    draw_act_lines(os, layout_->frame, s);
    return os.str();
}

std::vector<DrawnPiece> Pictures::pieces(const Scene& s) const { return draw_pieces(*layout_, s); }

std::string xml_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        // Plain printable ASCII, most of any record, needs no decoding or lookup.
        const unsigned char b = static_cast<unsigned char>(text[at]);
        if (b >= 0x20 && b < 0x7F && b != '&' && b != '<' && b != '>' && b != '"' && b != '\'') {
            out += static_cast<char>(b);
            ++at;
            continue;
        }
        utf8proc_int32_t c = -1;
        auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + at), static_cast<utf8proc_ssize_t>(text.size() - at), &c);
        if (n <= 0) {  // malformed: one byte replaced
            out += "\xEF\xBF\xBD";
            ++at;
            continue;
        }
        append_escaped(out, c, text.substr(at, static_cast<std::size_t>(n)));
        at += static_cast<std::size_t>(n);
    }
    return out;
}

void write_svg(std::ostream& out, const Scene& s, bool arcs) {
    Pictures pictures(arcs ? ArcDrawing::Shown : ArcDrawing::None);
    pictures.fit(s);
    const std::vector<DrawnPiece> drawn = pictures.pieces(s);
    std::ostringstream body;
    body << pictures.board(s) << pictures.act_lines(s);
    for (const auto& d : drawn) body << d.svg;
    const double height = draw_below(body, s, drawn, pictures.height());
    const double width = pictures.width();
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << num(width) << "\" height=\"" << num(height) << "\" viewBox=\"0 0 "
        << num(width) << " " << num(height) << "\" font-family=\"sans-serif\">\n"
        << "<title>" << xml_text(s.title.empty() ? "ironlog" : s.title) << "</title>\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        << "<text x=\"" << num(kMargin) << "\" y=\"22\" font-size=\"16\" font-weight=\"bold\">" << xml_text(s.title) << "</text>\n"
        << "<text x=\"" << num(kMargin) << "\" y=\"40\" font-size=\"12\">" << xml_text(scene_place(s)) << "</text>\n"
        << body.str() << "</svg>\n";
}

}  // namespace ironlog::output
