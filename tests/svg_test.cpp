// `ironlog state --svg`: each ruleset's sample drawn at a line, read back by python3's XML
// parser (so the picture is well-formed XML), its pieces counted by their class, sunk ships
// shown as sunk, hostile names escaped, nothing outside the file referred to.
#include "output/svg.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
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
out = {'root': root.tag, 'classes': {}, 'texts': [], 'outside': [], 'pieces': []}
for e in root.iter():
    classes = (e.get('class') or '').split()
    for c in classes: out['classes'][c] = out['classes'].get(c, 0) + 1
    if 'piece' in classes: out['pieces'].append({'id': e.get('data-id'), 'classes': classes})
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
