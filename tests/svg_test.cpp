// `ironlog state --svg`: each ruleset's sample drawn at a line, read back by python3's XML
// parser (so the picture is well-formed XML), its pieces counted by their class, sunk ships
// shown as sunk, hostile names escaped, nothing outside the file referred to.
#include "geometry/hex.hpp"
#include "geometry/table.hpp"
#include "output/svg.hpp"
#include "rules/admiral/line_of_sight.hpp"
#include "rules/ironclads/engine.hpp"
#include "rules/tmbv/engine.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

using namespace testing_util;
namespace fs = std::filesystem;

namespace {

// Parses an SVG with xml.etree and says what it holds: the classes of its elements (counted),
// its texts, and anything that refers outside the file. A parse error fails the script.
const char* const kReadSvg = R"py(
import json, sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
ns = '{http://www.w3.org/2000/svg}'
out = {'root': root.tag, 'classes': {}, 'texts': [], 'outside': [], 'pieces': [], 'ranges': [], 'act_titles': [], 'arcs': []}
def title(e):
    t = e.find(ns + 'title')
    return t.text if t is not None else ''
for e in root.iter():
    classes = (e.get('class') or '').split()
    for c in classes: out['classes'][c] = out['classes'].get(c, 0) + 1
    if 'piece' in classes:
        out['pieces'].append({'id': e.get('data-id'), 'classes': classes})
        for a in e.iter():
            if 'arc' in (a.get('class') or '').split():
                out['arcs'].append({'piece': e.get('data-id'), 'classes': a.get('class').split(), 'd': a.get('d'),
                                    'display': a.get('display') or '', 'title': title(a)})
    if 'range' in classes: out['ranges'].append(e.text)
    if 'act' in classes: out['act_titles'].append(title(e))
    for k, v in e.attrib.items():
        if 'href' in k or 'url(' in v or k.startswith('on'): out['outside'].append(k + '=' + v)
    if e.tag in (ns + 'script', ns + 'foreignObject', ns + 'image', ns + 'style', ns + 'a'): out['outside'].append(e.tag)
    if e.text: out['texts'].append(e.text)
print(json.dumps(out))
)py";

struct Picture {
    int status = -1;
    std::string svg, err;
    nlohmann::json read;  // what kReadSvg found; null when the SVG did not parse
    int count(const std::string& cls) const { return read.is_null() ? -1 : read["classes"].value(cls, 0); }
    bool has_text(const std::string& part) const {
        for (const auto& t : read["texts"])
            if (t.get<std::string>().find(part) != std::string::npos) return true;
        return false;
    }
    // The classes of the piece with this id.
    std::vector<std::string> piece(const std::string& id) const {
        for (const auto& p : read["pieces"])
            if (p["id"] == id) return p["classes"].get<std::vector<std::string>>();
        return {};
    }
};

Picture draw(const std::vector<std::string>& args) {
    Picture p;
    std::vector<std::string> all = {"state"};
    all.insert(all.end(), args.begin(), args.end());
    all.push_back("--svg");
    auto r = run_ironlog(all);
    p.status = r.status;
    p.svg = r.out;
    p.err = r.err;
    if (r.status != 0) return p;
    const fs::path dir = temp_dir();
    write_file(dir / "read.py", kReadSvg);
    write_file(dir / "picture.svg", r.out);
    const std::string out = (dir / "out.json").string();
    const std::string cmd = std::string(IRONLOG_PYTHON) + " '" + (dir / "read.py").string() + "' '" + (dir / "picture.svg").string() + "' > '" + out + "'";
    if (std::system(cmd.c_str()) == 0) p.read = nlohmann::json::parse(read_file(out));
    fs::remove_all(dir);
    return p;
}

std::string game(const std::string& name) { return (kSource / "fixtures" / "games" / name).string(); }

bool has(const std::vector<std::string>& list, const std::string& word) { return std::find(list.begin(), list.end(), word) != list.end(); }

// A record written for a test, in a folder of its own, its files named by absolute path.
std::string record_file(const std::string& text) {
    const fs::path p = temp_dir() / "game.ngn";
    write_file(p, text);
    return p.string();
}

// A firing arc's wedge as drawn: "Mcx,cy Lx1,y1 Ar,r 0 large 1 x2,y2 Z" (pixels, y down).
struct Wedge {
    double cx = 0, cy = 0, x1 = 0, y1 = 0, r = 0, x2 = 0, y2 = 0;
    int large = -1, sweep = -1;
    // The bearings of its two edges, degrees clockwise from a heading (-180 to 180).
    static double relative(double dx, double dy, double heading) {
        double b = std::atan2(dx, -dy) * 180 / M_PI - heading;
        while (b > 180) b -= 360;
        while (b <= -180) b += 360;
        return b;
    }
    double from(double heading) const { return relative(x1 - cx, y1 - cy, heading); }
    double to(double heading) const { return relative(x2 - cx, y2 - cy, heading); }
};

std::optional<Wedge> wedge(const std::string& d) {
    Wedge w;
    double rot = 0, ry = 0;
    if (std::sscanf(d.c_str(), "M%lf,%lf L%lf,%lf A%lf,%lf %lf %d %d %lf,%lf Z", &w.cx, &w.cy, &w.x1, &w.y1, &w.r, &ry, &rot, &w.large, &w.sweep, &w.x2,
                    &w.y2) != 11)
        return std::nullopt;
    return w;
}

// The arcs drawn for a piece: its arc's name (arc-NAME) and wedge.
std::vector<std::pair<std::string, Wedge>> arcs_of(const Picture& p, const std::string& id) {
    std::vector<std::pair<std::string, Wedge>> out;
    for (const auto& a : p.read["arcs"]) {
        if (a["piece"] != id) continue;
        std::string name;
        for (const auto& c : a["classes"])
            if (c.get<std::string>().rfind("arc-", 0) == 0) name = c.get<std::string>().substr(4);
        auto w = wedge(a["d"].get<std::string>());
        EXPECT_TRUE(w) << a["d"];
        if (w) out.emplace_back(name, *w);
    }
    return out;
}

// The table's scale as the picture's caption gives it ("10 cm = 31.7 px"), in px a cm.
double scale_of(const Picture& p) {
    for (const auto& t : p.read["texts"]) {
        const std::string s = t.get<std::string>();
        if (auto at = s.find("10 cm = "); at != std::string::npos) return std::stod(s.substr(at + 8)) / 10;
    }
    return 0;
}

// The point at a bearing (clockwise from the heading) and distance from a place.
geometry::Point at_bearing(geometry::Point from, double heading, double bearing, double d) {
    const double t = (heading + bearing) * M_PI / 180;
    return {from.x + d * std::sin(t), from.y + d * std::cos(t)};
}

void expect_self_contained(const Picture& p) {
    ASSERT_FALSE(p.read.is_null()) << "not well-formed XML:\n" << p.svg;
    EXPECT_EQ(p.read["root"], "{http://www.w3.org/2000/svg}svg");
    EXPECT_TRUE(p.read["outside"].empty()) << p.read["outside"].dump();
}

// A picture that should be drawn: status 0, well-formed, self-contained (a failure says which).
Picture draw_clean(const std::vector<std::string>& args) {
    Picture p = draw(args);
    EXPECT_EQ(p.status, 0) << p.err;
    if (p.status == 0) expect_self_contained(p);
    return p;
}

}  // namespace

TEST(SvgText, EscapesMarkupAndNeutralisesHiddenControls) {
    using ironlog::output::xml_text;
    EXPECT_EQ(xml_text("<script>alert('x')</script>"), "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    EXPECT_EQ(xml_text("A & \"B\""), "A &amp; &quot;B&quot;");
    EXPECT_EQ(xml_text("Re d\u2019Italia"), "Re d\u2019Italia");  // ordinary UTF-8 kept
    EXPECT_EQ(xml_text("abc\u202Egpj.exe"), "abc[U+202E]gpj.exe");  // a right-to-left override shown
    EXPECT_EQ(xml_text(std::string("a\x01") + "b"), "a\uFFFDb");      // a control XML forbids
    EXPECT_EQ(xml_text("a\xC3"), "a\uFFFD");                          // a UTF-8 sequence cut short
}

TEST(SvgIronclads, DrawsTheShipsOnTheTable) {
    auto p = draw_clean({game("ironclads-lissa-sample.ngn"), "--at", "line 90"});
    EXPECT_EQ(p.count("table"), 1);
    EXPECT_EQ(p.count("piece"), 4);
    EXPECT_EQ(p.count("side-0"), 2);
    EXPECT_EQ(p.count("side-1"), 2);
    EXPECT_EQ(p.count("sunk"), 0);
    EXPECT_TRUE(p.has_text("Austria"));  // the legend names the sides
    EXPECT_TRUE(p.has_text("Italy"));
    EXPECT_TRUE(p.has_text("Habsburg: speed 12, hull 5 of 6")) << p.svg;  // the hull hit at line 85
    // the Lissa library gives no base sizes: markers, and the note says why
    EXPECT_TRUE(p.has_text("Note: drawn as markers, not to scale: no base size (base LxW) is given for FM, HB, RdI, RdP")) << p.svg;
}

TEST(SvgIronclads, DrawsTheLastSalvo) {
    auto p = draw_clean({game("midgame-setup.ngn"), "--at", "line 23"});
    EXPECT_EQ(p.count("act"), 1);
    EXPECT_EQ(p.count("fire"), 1);
    EXPECT_TRUE(p.has_text("RdI fire FM (line 23)")) << p.svg;
}

TEST(SvgIronclads, ShowsASunkShipAsSunk) {
    const std::string library = (kSource / "fixtures" / "ships" / "lissa-1866.ngn").string();
    const std::string record = record_file(
        "[NGN \"1\"]\n[Event \"A sinking\"]\n[Ruleset \"ironclads\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n[Library \"" + library +
        "\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\nside Austria\nship FM \"Erzherzog Ferdinand Max\"\nside Italy\nship RdI \"Re d'Italia\"\n"
        "setup FM speed 8 at (60, 40, 90)\nsetup RdI speed 6 hull 0 at (60, 73, 270)\n\nturn 5\n  phase end\n    segment sinking\n      RdI sinks\n");
    auto p = draw_clean({record});
    EXPECT_EQ(p.count("piece"), 2);
    EXPECT_TRUE(has(p.piece("RdI"), "sunk")) << p.svg;
    EXPECT_FALSE(has(p.piece("FM"), "sunk")) << p.svg;
    EXPECT_EQ(p.count("sunk-mark"), 1);
}

TEST(SvgCli, HostileNamesAreEscaped) {
    const std::string hostile = "<script>alert(1)</script> & \\\"Co\\\" \u202Eevil";
    const std::string library = (kSource / "fixtures" / "ships" / "lissa-1866.ngn").string();
    const std::string record = record_file("[NGN \"1\"]\n[Event \"" + hostile + "\"]\n[Ruleset \"ironclads\"]\n[Side1 \"" + hostile +
                                           "\"]\n[Side2 \"Italy\"]\n[Library \"" + library + "\"]\n[Result \"*\"]\n\nside A \"" + hostile +
                                           "\"\nship FM \"Erzherzog Ferdinand Max\" at (20, 20, 90)\nside Italy\nship RdI \"Re d'Italia\" at (120, 60, 270)\n");
    auto p = draw_clean({record});
    EXPECT_EQ(p.svg.find("<script"), std::string::npos);
    EXPECT_EQ(p.svg.find("\u202E"), std::string::npos);  // the override is shown, never applied
    EXPECT_TRUE(p.has_text("<script>alert(1)</script> & \"Co\" [U+202E]evil")) << p.svg;  // read back as text
}

TEST(SvgCli, RefusesWhatItCannotDraw) {
    auto unknown = draw({game("ironclads-lissa-sample.ngn"), "--at", "turn 9"});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("--at 'turn 9' is not in game 1"), std::string::npos) << unknown.err;
    EXPECT_TRUE(unknown.svg.empty());
    EXPECT_EQ(draw({game("ironclads-lissa-sample.ngn"), "--at", "somewhere"}).status, 2);
    auto broken = draw({record_file("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n\nside \"unclosed\n")});
    EXPECT_EQ(broken.status, 1);
    EXPECT_NE(broken.err.find("game.ngn:4:"), std::string::npos) << broken.err;  // file:line:col
    auto second = draw({game("two-games.ngn"), "--game", "2"});
    EXPECT_EQ(second.status, 0) << second.err;
    EXPECT_TRUE(second.has_text("Italy")) << second.svg;
}

TEST(SvgAdmiral, DrawsTheTableTheHullsAndTheSinkingSalvo) {
    auto p = draw_clean({game("admiral-sample.ngn"), "--at", "line 86"});  // BIS sinks MAO
    EXPECT_EQ(p.count("piece"), 7);
    EXPECT_EQ(p.count("side-0"), 3);
    EXPECT_EQ(p.count("side-1"), 4);
    EXPECT_TRUE(p.has_text("table 240.0 x 180.0 cm")) << p.svg;
    EXPECT_TRUE(has(p.piece("HOOD"), "sunk"));  // line 68
    EXPECT_TRUE(has(p.piece("MAO"), "sunk"));
    EXPECT_FALSE(has(p.piece("BIS"), "sunk"));
    EXPECT_EQ(p.count("sunk-mark"), 2);
    EXPECT_EQ(p.count("fire"), 1);
    EXPECT_TRUE(p.has_text("BIS fire MAO (line 86)")) << p.svg;
    // before the first sinking, none is sunk
    auto before = draw({game("admiral-sample.ngn"), "--at", "line 67"});
    ASSERT_EQ(before.status, 0) << before.err;
    EXPECT_EQ(before.count("sunk"), 0);
    EXPECT_EQ(before.count("piece"), 7);
}

TEST(SvgLate19c, DrawsTheHexesTheirTerrainAndTheUnits) {
    auto p = draw_clean({game("late19c-river-sample.ngn"), "--at", "line 117"});  // BM fires at RC
    EXPECT_EQ(p.count("piece"), 10);
    EXPECT_EQ(p.count("unit"), 10);
    EXPECT_EQ(p.count("side-0"), 5);
    EXPECT_TRUE(has(p.piece("B1"), "sunk")) << p.svg;  // destroyed at line 115
    EXPECT_FALSE(has(p.piece("RC"), "sunk"));
    EXPECT_TRUE(p.has_text("BM fire RC (line 117)")) << p.svg;
    EXPECT_TRUE(p.has_text("#0806 river ford road")) << p.svg;  // the terrain of the record's map
    EXPECT_TRUE(p.has_text("#1208 hill 1"));
    EXPECT_TRUE(p.has_text("#0301")) << "the picture spans the named hexes: columns from 3 (BA at #0306), rows from 1 (#0801)";
    auto after = draw({game("late19c-river-sample.ngn"), "--at", "line 118"});
    EXPECT_TRUE(has(after.piece("RC"), "sunk"));
}

TEST(SvgLate19c, ShipsSunkOnTheCoast) {
    auto p = draw_clean({game("late19c-coast-sample.ngn")});
    EXPECT_EQ(p.count("piece"), 7);
    EXPECT_EQ(p.count("ship"), 3);
    EXPECT_TRUE(has(p.piece("RG2"), "sunk")) << p.svg;  // the gunboat, after the firing
    EXPECT_FALSE(has(p.piece("BB"), "sunk"));
    EXPECT_TRUE(p.has_text("#1306 sea minefield")) << p.svg;
}

TEST(SvgTmbv, DrawsTheBoardsTheShipsAndTheSinkingShot) {
    auto p = draw_clean({game("tmbv-lissa-sample.ngn"), "--at", "line 200"});  // PdC sinks KEl
    EXPECT_EQ(p.count("piece"), 34);
    EXPECT_EQ(p.count("sunk"), 1);
    EXPECT_TRUE(has(p.piece("KEl"), "sunk")) << p.svg;
    EXPECT_TRUE(p.has_text("PdC fire KEl (line 200)")) << p.svg;
    EXPECT_TRUE(p.has_text("#A:1009")) << "board A, placed and sized by the test pack, is drawn whole";
    EXPECT_GE(p.count("hex"), 2 * 12 * 16);  // boards A and B; the others around their ships
    auto before = draw({game("tmbv-lissa-sample.ngn"), "--at", "line 199"});
    EXPECT_EQ(before.count("sunk"), 0);
}

TEST(SvgTmbv, DrawsARam) {
    auto p = draw({game("tmbv-lissa-sample.ngn"), "--at", "line 508"});
    ASSERT_EQ(p.status, 0) << p.err;
    EXPECT_EQ(p.count("ram"), 1);
    EXPECT_TRUE(p.has_text("SMa ram PEu (line 508)")) << p.svg;
}

TEST(SvgEiaNaval, DrawsTheAreaMapAndTheFleetsInTheirAreas) {
    auto p = draw_clean({game("eia-naval-campaign-sample.ngn")});
    EXPECT_EQ(p.count("piece"), 9);  // eight fleets and NELSON
    EXPECT_EQ(p.count("fleet"), 8);
    EXPECT_EQ(p.count("leader"), 1);
    EXPECT_EQ(p.count("area"), 26);  // every place of the sample map
    EXPECT_GT(p.count("connection"), 20);
    EXPECT_EQ(p.count("side-3"), 1);  // Russia's fleet
    EXPECT_TRUE(p.has_text("Gulf of Finland (ice)") || p.has_text("Kronstadt (ice")) << p.svg;
    EXPECT_TRUE(p.has_text("RU1 (port)")) << p.svg;  // iced in at Kronstadt
}

TEST(SvgEiaNaval, AScuttledFleetIsShownSunkAndNoMapIsSaid) {
    const std::string map = (kSource / "fixtures" / "maps" / "eia-sample-map.ngn").string();
    const std::string forces = "side GB \"Great Britain\" war France access Portugal\nfleet GB1 ships 6 @Lisbon/port\n"
                               "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Lisbon/blockade\n";
    const std::string head = "[NGN \"1\"]\n[Ruleset \"eia-naval\"]\n[Side1 \"Great Britain\"]\n[Side2 \"France\"]\n";
    const std::string play = "\nturn 1805-07\n  phase reinforcement\n    FR controls Lisbon\n    GB1 scuttle => -1\n";
    auto p = draw_clean({record_file(head + "[Map \"" + map + "\"]\n\n" + forces + play)});
    EXPECT_EQ(p.count("piece"), 2);
    EXPECT_TRUE(has(p.piece("GB1"), "sunk")) << p.svg;
    EXPECT_FALSE(has(p.piece("FR1"), "sunk"));
    EXPECT_TRUE(p.has_text("FR1 (blockade)")) << p.svg;
    EXPECT_TRUE(p.has_text("Lisbon (harbour")) << p.svg;
    auto bare = draw_clean({record_file(head + "\n" + forces)});
    EXPECT_EQ(bare.count("piece"), 2);
    EXPECT_EQ(bare.count("area"), 0);
    EXPECT_TRUE(bare.has_text("Note: no map file")) << bare.svg;
}

// Firing arcs and measured ranges (docs/report.md, "Ranges and arcs").

namespace {

std::string one_decimal_cm(double d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f cm", d);
    return buf;
}

bool any_contains(const nlohmann::json& list, const std::string& part) {
    for (const auto& t : list)
        if (t.get<std::string>().find(part) != std::string::npos) return true;
    return false;
}

bool has_arc(const std::vector<ironlog::rules::admiral::Arc>& arcs, ironlog::rules::admiral::Arc a) {
    return std::find(arcs.begin(), arcs.end(), a) != arcs.end();
}

double normalised(double bearing) {
    while (bearing > 180) bearing -= 360;
    while (bearing <= -180) bearing += 360;
    return bearing;
}

}  // namespace

TEST(SvgAdmiral, TheSalvoRangeIsMeasuredBetweenConningTowers) {
    auto p = draw_clean({game("admiral-sample.ngn"), "--at", "line 86"});  // BIS fire primary port MAO 69cm
    // the towers after BIS's move at line 85 and MAO's at line 84, as the Ruler measures them
    const double towers = geometry::distance({105.4, 70.4}, {174.2, 75.6});
    ASSERT_EQ(p.read["ranges"].size(), 1u) << p.svg;
    EXPECT_EQ(p.read["ranges"][0], one_decimal_cm(towers));
    EXPECT_NEAR(towers, 69, 0.5);  // the recorded 69 cm, within the ruler's tolerance
    EXPECT_TRUE(any_contains(p.read["act_titles"], "BIS fire MAO (line 86): 69.0 cm between conning towers; recorded 69.0 cm"))
        << p.read["act_titles"].dump();
    auto move = draw_clean({game("admiral-sample.ngn"), "--at", "line 85"});  // a move: no line, no range
    EXPECT_EQ(move.read["ranges"].size(), 0u);
}

TEST(SvgAdmiral, ArcsOnDemandAreTheViewsTheGunneryReads) {
    using namespace ironlog::rules::admiral;
    auto plain = draw_clean({game("admiral-sample.ngn"), "--at", "line 86"});
    EXPECT_EQ(plain.count("arc"), 0) << "arcs only when asked";
    auto p = draw_clean({game("admiral-sample.ngn"), "--at", "line 86", "--arcs"});
    EXPECT_EQ(p.count("arc"), 5 * 4);  // the four views of every ship afloat on the table (HOOD and MAO are sunk)
    EXPECT_TRUE(arcs_of(p, "MAO").empty());
    EXPECT_EQ(p.count("arc-clip"), 5);  // each ship's wedges cut at the table's edge
    EXPECT_NE(p.svg.find("<svg class=\"arc-clip\" x=\"30.0\" y=\"50.0\" width=\"760.0\" height=\"570.0\" viewBox=\"30.0 50.0 760.0 570.0\""),
              std::string::npos);
    const geometry::Point bis{105.4, 70.4};
    const double heading = 155.5;
    const auto arcs = arcs_of(p, "BIS");
    ASSERT_EQ(arcs.size(), 4u);
    for (const auto& [name, w] : arcs) {
        const ArcBounds* bounds = nullptr;
        for (const auto& b : kArcBounds) bounds = name == b.name ? &b : bounds;
        ASSERT_TRUE(bounds) << name;
        EXPECT_EQ(w.sweep, 1);
        EXPECT_EQ(w.large, 0);
        EXPECT_NEAR(w.r, 120 * scale_of(p), 1.0) << name << ": the primary's 120 cm (test cards) fires in every view";
        EXPECT_EQ(p.read["arcs"][0]["display"], "");  // shown
        double from = w.from(heading), to = w.to(heading);
        if (to < from) to += 360;
        EXPECT_NEAR(to - from, 90, 0.2) << name;
        EXPECT_NEAR(normalised(from - bounds->from), 0, 0.2) << name;
        // a bearing inside the drawn wedge lies in that arc by the engine's own reading, one outside does not
        auto arcs_there = [&](double bearing) { return arcs_at(bis, heading, at_bearing(bis, heading, bearing, 40), 0); };
        for (double b = from + 1; b < to - 0.5; b += 11) EXPECT_TRUE(has_arc(arcs_there(b), bounds->arc)) << name << " at " << b;
        EXPECT_FALSE(has_arc(arcs_there(from - 1), bounds->arc)) << name;
        EXPECT_FALSE(has_arc(arcs_there(to + 1), bounds->arc)) << name;
    }
}

TEST(SvgIronclads, TheSalvoRangeAndTheTurretArcs) {
    const std::string library = (kSource / "fixtures" / "ships" / "lissa-1866.ngn").string();
    const std::string record = record_file(
        "[NGN \"1\"]\n[Event \"Bases\"]\n[Ruleset \"ironclads\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n[Library \"" + library +
        "\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\nside Austria\nship FM \"Erzherzog Ferdinand Max\"\nside Italy\nship RdI \"Re d'Italia\"\n"
        "setup FM speed 8 at (60, 40, 90) base 8x2\nsetup RdI speed 6 lost armour 3 prop 2 at (60, 73, 270) base 8x2\n\n"
        "turn 5\n  phase firing\n    segment gunfire\n      RdI fire port FM 30cm on port 7d6: 4 5 1 2 2 3 6 => 1C 2H\n");
    auto p = draw_clean({record, "--arcs"});
    ASSERT_EQ(p.read["ranges"].size(), 1u) << p.svg;
    EXPECT_EQ(p.read["ranges"][0], "33.0 cm");  // (60, 73) to (60, 40)
    EXPECT_TRUE(any_contains(p.read["act_titles"], "RdI fire FM (line 20): 33.0 cm between base centres; recorded 30.0 cm"))
        << p.read["act_titles"].dump();
    EXPECT_EQ(p.count("arc"), 2 * 4);
    using namespace ironlog::rules::ironclads;
    const std::map<std::string, ArcSet> masks = {{"fwd", kArcF}, {"stbd", kArcS}, {"rear", kArcR}, {"port", kArcP}};
    const double heading = 90, alpha = bow_half_arc(8, 2);
    const auto arcs = arcs_of(p, "FM");
    ASSERT_EQ(arcs.size(), 4u);
    for (const auto& [name, w] : arcs) {
        ASSERT_TRUE(masks.count(name)) << name;
        const ArcSet arc = masks.at(name);
        EXPECT_NEAR(w.r, kLongestGunRange * scale_of(p), 0.01 * kLongestGunRange * scale_of(p)) << name;
        double from = w.from(heading), to = w.to(heading);
        if (to < from) to += 360;
        EXPECT_NEAR(to - from, arc == kArcF || arc == kArcR ? 2 * alpha : 180 - 2 * alpha, 0.3) << name;
        for (double b = from + 0.5; b < to - 0.4; b += 3) EXPECT_TRUE(in_turret_arc(arc, normalised(b), alpha, 0)) << name << " at " << b;
        EXPECT_FALSE(in_turret_arc(arc, normalised(from - 0.5), alpha, 0)) << name;
        EXPECT_FALSE(in_turret_arc(arc, normalised(to + 0.5), alpha, 0)) << name;
    }
    // without base sizes (the Lissa sample) the engine cannot tell the turret arcs: none drawn
    auto lissa = draw_clean({game("ironclads-lissa-sample.ngn"), "--at", "line 90", "--arcs"});
    EXPECT_EQ(lissa.count("arc"), 0);
}

TEST(SvgLate19c, TheRangeInHexes) {
    auto p = draw_clean({game("late19c-river-sample.ngn"), "--at", "line 117"});  // BM (#0705) fires at RC (#0806)
    ASSERT_EQ(p.read["ranges"].size(), 1u) << p.svg;
    // counted through hex edges: the even columns sit half a hex lower, so #0806 is two from #0705
    EXPECT_EQ(geometry::hex::Grid{}.distance({7, 5}, {8, 6}), 2);
    EXPECT_EQ(p.read["ranges"][0], "2 hexes");
    auto tmbv = draw_clean({game("tmbv-lissa-sample.ngn"), "--at", "line 200"});
    ASSERT_EQ(tmbv.read["ranges"].size(), 1u) << tmbv.svg;
    EXPECT_NE(tmbv.read["ranges"][0].get<std::string>().find(" hex"), std::string::npos);
}

TEST(SvgCli, ArcsLeaveRulesetsWithoutArcsUnchanged) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{game("late19c-river-sample.ngn"), "--at", "line 117"},
                                                 std::vector<std::string>{game("eia-naval-campaign-sample.ngn")}}) {
        auto plain = draw_clean(args);
        auto with = args;
        with.push_back("--arcs");
        auto arcs = draw_clean(with);
        EXPECT_EQ(plain.svg, arcs.svg) << args[0];
        EXPECT_EQ(arcs.count("arc"), 0);
    }
    EXPECT_NE(run_ironlog({"state", game("admiral-sample.ngn"), "--arcs"}).status, 0) << "--arcs needs --svg";
}

// The report's stepper draws arcs hidden: a page's CSS rule shows them (.show-arcs .arc).
TEST(SvgPictures, ArcsAreHiddenInThePagesPieces) {
    using namespace ironlog;
    Scene s;
    s.width = 100;
    s.height = 100;
    ScenePiece ship;
    ship.id = "A";
    ship.name = "A";
    ship.kind = "ship";
    ship.at = ScenePoint{50, 50};
    ship.heading = 0;
    ship.arcs = {SceneArc{"wide", -120, 120, 10}, SceneArc{"narrow", 150, 210, std::nullopt}};
    s.pieces.push_back(ship);
    output::Pictures pictures;
    pictures.fit(s);
    const std::string svg = pictures.pieces(s).at(0).svg;
    EXPECT_NE(svg.find("class=\"arc arc-wide\""), std::string::npos) << svg;
    EXPECT_NE(svg.find("class=\"arc arc-narrow\""), std::string::npos) << svg;
    EXPECT_NE(svg.find("display=\"none\""), std::string::npos) << svg;
    EXPECT_EQ(svg.find("<style"), std::string::npos);
    // the wide one is more than half a circle: SVG's large-arc flag; its radius the range to scale (7.6 px a cm)
    EXPECT_NE(svg.find(" A76.0,76.0 0 1 1 "), std::string::npos) << svg;
    EXPECT_NE(svg.find(" A60.0,60.0 0 0 1 "), std::string::npos) << svg;  // no range: a fixed 60 px
    std::ostringstream shown;
    output::write_svg(shown, s, true);
    EXPECT_NE(shown.str().find("class=\"arc arc-wide\""), std::string::npos);
    EXPECT_EQ(shown.str().find("display=\"none\""), std::string::npos);
    std::ostringstream none;
    output::write_svg(none, s);
    EXPECT_EQ(none.str().find("class=\"arc"), std::string::npos);
}

TEST(SvgTmbv, BroadsideArcsAreTheOnesFireCombatReads) {
    using ironlog::rules::tmbv::broadside_of;
    auto p = draw_clean({game("tmbv-lissa-sample.ngn"), "--at", "line 199", "--arcs"});
    EXPECT_GT(p.count("arc"), 0);
    EXPECT_EQ(p.count("arc") % 2, 0);  // port and starboard
    EXPECT_TRUE(arcs_of(p, "KEl").empty()) << "a small ship fires all round (7.8.2): no broadside drawn";
    const double bow = 0;  // PdC facing N since its move at line 153
    const auto arcs = arcs_of(p, "PdC");
    ASSERT_EQ(arcs.size(), 2u);
    for (const auto& [name, w] : arcs) {
        double from = w.from(bow), to = w.to(bow);
        if (to < from) to += 360;
        EXPECT_NEAR(to - from, 120, 0.3) << name;
        EXPECT_NEAR(w.r, 60, 0.1) << "no range drawn to scale";
        auto side_at = [&](double b) {
            const char* side = broadside_of(bow + b, bow);
            return std::string(side ? side : "");
        };
        for (double b = from + 0.5; b < to - 0.4; b += 7) EXPECT_EQ(side_at(b), name) << " at " << b;
        EXPECT_NE(side_at(from - 0.5), name);
        EXPECT_NE(side_at(to + 0.5), name);
    }
}
