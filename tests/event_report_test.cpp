// `ironlog archive report` (issue 40, the event page): the standings under an event's scoring
// with their tie-breaks resolved each way (head to head, margin, still tied), the cross-table,
// the CSV's quoting (a name with a comma, a quote or a line break comes back whole; one a
// spreadsheet would take for a formula does not become one), and the page: well-formed XHTML
// read back by python3's XML parser, hostile names escaped and never markup, nothing outside the
// file referred to, valid HTML to html5lib's strict parser, the dice and findings by player
// shown, each game linked to its own page, and the exit codes.
#include "archive/archive.hpp"
#include "output/event_page.hpp"
#include "stats/standings.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace testing_util;
using stats::EventGame;
using stats::Outcome;
namespace fs = std::filesystem;

// A game of two sides, one player each: a's outcome, b's the opposite.
EventGame game(std::int64_t id, const std::string& a, const std::string& b, std::optional<Outcome> a_outcome) {
    std::optional<Outcome> b_outcome;
    if (a_outcome) b_outcome = *a_outcome == Outcome::Win ? Outcome::Loss : *a_outcome == Outcome::Loss ? Outcome::Win : Outcome::Draw;
    return EventGame{id, {{{a}, a_outcome}, {{b}, b_outcome}}};
}

// Places, players and how each was placed, as "1 Ann (head to head)".
std::vector<std::string> table(const std::vector<stats::StandingRow>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(std::to_string(r.rank) + " " + r.player + " " + std::to_string(r.points) + (r.decided_by.empty() ? "" : " (" + r.decided_by + ")"));
    return out;
}

// Ann and Bea level on 4 points (2,1,0): Ann beat Bea, Bea has the better margin. Cid and Dan
// level on 2: they never met, Dan's margin is the better.
std::vector<EventGame> kCup = {
    game(1, "Ann", "Bea", Outcome::Win),   // Ann beats Bea
    game(2, "Ann", "Cid", Outcome::Draw),  //
    game(3, "Ann", "Cid", Outcome::Draw),  // Ann: W D D L = 4, margin 0
    game(4, "Dan", "Ann", Outcome::Win),   //
    game(5, "Bea", "Cid", Outcome::Win),   // Bea: L W W = 4, margin +1
    game(6, "Bea", "Dan", Outcome::Win),   // Cid: D D L = 2, margin -1; Dan: W L = 2, margin 0
};

}  // namespace

TEST(EventStandings, HeadToHeadDecidesBeforeMargin) {
    const auto rows = stats::standings(kCup, stats::Points{2, 1, 0});
    EXPECT_EQ(table(rows), (std::vector<std::string>{"1 Ann 4 (head to head)", "2 Bea 4 (head to head)", "3 Dan 2 (margin)", "4 Cid 2 (margin)"}));
    EXPECT_EQ(rows[0].head_to_head, 2);  // the game Ann won against Bea
    EXPECT_EQ(rows[1].head_to_head, 0);
    EXPECT_EQ(rows[1].margin(), 1);
    EXPECT_EQ(rows[0].margin(), 0);
}

TEST(EventStandings, MarginDecidesWhenHeadToHeadIsLevel) {
    // Cid and Dan never met: head to head 0 each, so the margin places Dan (0) above Cid (-1)
    const auto rows = stats::standings(kCup, stats::Points{2, 1, 0});
    EXPECT_EQ(rows[2].player, "Dan");
    EXPECT_EQ(rows[2].head_to_head, 0);
    EXPECT_EQ(rows[3].head_to_head, 0);
    EXPECT_EQ(rows[2].margin(), 0);
    EXPECT_EQ(rows[3].margin(), -1);
    EXPECT_EQ(rows[3].decided_by, "margin");
}

TEST(EventStandings, StillTiedShareAPlaceListedByName) {
    // Zoe and Eve drew their one game: level on points, head to head and margin
    const auto rows = stats::standings({game(1, "Zoe", "Eve", Outcome::Draw), game(2, "Max", "Eve", Outcome::Win), game(3, "Max", "Zoe", Outcome::Win)},
                                       stats::Points{2, 1, 0});
    EXPECT_EQ(table(rows), (std::vector<std::string>{"1 Max 4", "2 Eve 1 (tied)", "2 Zoe 1 (tied)"}));
}

TEST(EventStandings, TheEventsScoringDecides) {
    // 3 for a win: Bea's two wins (6) beat Ann's win and two draws (5)
    const auto rows = stats::standings(kCup, stats::Points{3, 1, 0});
    EXPECT_EQ(rows[0].player, "Bea");
    EXPECT_EQ(rows[0].points, 6);
    EXPECT_EQ(rows[1].player, "Ann");
    EXPECT_EQ(rows[1].points, 5);
    EXPECT_EQ(rows[0].decided_by, "");
    // a loss can score, too (1 point for turning up)
    const auto showed_up = stats::standings({game(1, "Ann", "Bea", Outcome::Win)}, stats::Points{3, 2, 1});
    EXPECT_EQ(showed_up[1].points, 1);
}

TEST(EventStandings, UnfinishedGamesScoreNothingAndPartnersAreNotOpponents) {
    // Ann and Bea together beat Cid; Ann and Cid have an unfinished game
    const std::vector<EventGame> games = {EventGame{1, {{{"Ann", "Bea"}, Outcome::Win}, {{"Cid"}, Outcome::Loss}}}, game(2, "Ann", "Cid", std::nullopt)};
    const auto rows = stats::standings(games, stats::Points{2, 1, 0});
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].player, "Ann");
    EXPECT_EQ(rows[0].played, 1);
    EXPECT_EQ(rows[0].unfinished, 1);
    EXPECT_EQ(rows[0].points, 2);
    EXPECT_EQ(rows[1].player, "Bea");
    EXPECT_EQ(rows[0].head_to_head, 0);  // Ann and Bea level: partners, never opponents
    EXPECT_EQ(rows[0].decided_by, "tied");
    const auto cross = stats::cross_table(games);
    EXPECT_EQ(cross.count({"Ann", "Bea"}), 0u);
    ASSERT_EQ(cross.at({"Ann", "Cid"}).size(), 2u);
    EXPECT_EQ(cross.at({"Ann", "Cid"})[0].outcome, Outcome::Win);
    EXPECT_FALSE(cross.at({"Ann", "Cid"})[1].outcome.has_value());
    EXPECT_EQ(cross.at({"Cid", "Bea"})[0].outcome, Outcome::Loss);
}

TEST(EventCsv, QuotesAsRfc4180AndDisarmsFormulas) {
    using ironlog::output::csv_field;
    EXPECT_EQ(csv_field("Ann Hart"), "Ann Hart");
    EXPECT_EQ(csv_field("Hart, Ann"), "\"Hart, Ann\"");
    EXPECT_EQ(csv_field("Ann \"the Hand\""), "\"Ann \"\"the Hand\"\"\"");
    EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
    EXPECT_EQ(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    EXPECT_EQ(csv_field("+1"), "'+1");
    EXPECT_EQ(csv_field("-1"), "'-1");
    EXPECT_EQ(csv_field("@SUM(A1)"), "'@SUM(A1)");
    EXPECT_EQ(csv_field(""), "");
}

namespace {

// A record of one game of an event: two sides of one player each.
std::string record(const std::string& event, const std::string& date, const std::string& player1, const std::string& player2,
                   const std::string& result, const std::string& body = "") {
    return "[NGN \"1\"]\n[Event \"" + event + "\"]\n[Date \"" + date + "\"]\n[Ruleset \"ironclads\"]\n[Side1 \"Austria\"]\n[Player1 \"" + player1 +
           "\"]\n[Side2 \"Italy\"]\n[Player2 \"" + player2 + "\"]\n[Result \"" + result + "\"]\n\nside AUT \"Austria\"\n"
           "ship FM \"Erzherzog Ferdinand Max\" at (20, 20, 90)\nside ITA \"Italy\"\nship RdI \"Re d'Italia\" at (120, 60, 270)\n" + body;
}

// Dice, and one mistake on each side: Austria's save is miscounted, Italy's gunfire too.
const char* kPlay = R"(
phase sea-state
  AUT roll d6: 3
  ITA roll d6: 2 => calm
turn 1
  phase firing
    segment gunfire
      RdI fire port FM 48cm on port 2d6: 6 6 => 2C
      FM save 6d6: 1 2 3 4 5 6 => 0
)";

const std::string kScript = "<script>alert(1)</script>";
const std::string kQuoted = "Marco \\\"the Hand\\\" Rossi";  // as written in a tag: Marco "the Hand" Rossi
const std::string kAmp = "Ann & Bea";
const std::string kRlo = "Abc\u202Egpj.exe";

// Reads the page with xml.etree (it fails on a page not well-formed) and says what it holds:
// the tags used, every text, the attributes that could reach outside the file or run a script,
// the rows of each table (by class) as lists of cell texts.
const char* const kReadPage = R"py(
import json, sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
ns = '{http://www.w3.org/1999/xhtml}'
out = {'root': root.tag, 'tags': [], 'texts': [], 'risky': [], 'tables': {}, 'links': []}
for e in root.iter():
    tag = e.tag.replace(ns, '')
    if tag not in out['tags']: out['tags'].append(tag)
    for k, v in e.attrib.items():
        if k.startswith('on') or 'url(' in v or k == 'src': out['risky'].append(k + '=' + v)
        if k == 'href': out['links'].append(v)
    if tag in ('script', 'iframe', 'object', 'embed', 'img', 'link'): out['risky'].append(tag)
    if e.text: out['texts'].append(e.text)
    if tag == 'table':
        out['tables'][e.get('class')] = [[''.join(td.itertext()) for td in tr] for tr in e.iter(ns + 'tr')]
print(json.dumps(out))
)py";

// What html5lib's strict parser (Debian's python3-html5lib, which CI installs) says of the page as
// HTML: "valid", or the first errors it found.
const char* const kStrictHtml = R"py(
import sys, html5lib
parser = html5lib.HTMLParser(strict=True)
try:
    parser.parse(open(sys.argv[1], 'rb').read())
    print('valid')
except Exception as e:
    print('not valid HTML: %s at %s' % (e, parser.errors[:3]))
)py";

struct Page {
    testing_util::Run run;
    std::string html;
    nlohmann::json read;  // null when the page did not parse
    std::vector<std::vector<std::string>> rows(const std::string& table) const {
        if (read.is_null() || !read["tables"].contains(table)) return {};
        return read["tables"][table].get<std::vector<std::vector<std::string>>>();
    }
    std::string as_html;  // what html5lib's strict parser says: "valid", or why not
    bool has_text(const std::string& part) const {
        for (const auto& t : read["texts"])
            if (t.get<std::string>().find(part) != std::string::npos) return true;
        return false;
    }
};

Page report(const Archived& a, const std::string& event, std::vector<std::string> more = {}, const std::string& name = "event.html") {
    Page p;
    const fs::path out = a.dir / "site" / name;
    fs::create_directories(out.parent_path());
    std::vector<std::string> args{"archive", "--db", a.db, "report", "--event", event, "-o", out.string()};
    args.insert(args.end(), more.begin(), more.end());
    p.run = run_ironlog(args);
    if (!fs::exists(out)) return p;
    p.html = read_file(out);
    write_file(a.dir / "read.py", kReadPage);
    const std::string json_out = (a.dir / "page.json").string();
    const std::string cmd = std::string(IRONLOG_PYTHON) + " '" + (a.dir / "read.py").string() + "' '" + out.string() + "' > '" + json_out + "'";
    if (std::system(cmd.c_str()) == 0) p.read = nlohmann::json::parse(read_file(json_out));
    write_file(a.dir / "strict.py", kStrictHtml);
    const std::string strict_out = (a.dir / "strict.txt").string();
    const std::string strict = std::string(IRONLOG_DEBIAN_PYTHON) + " '" + (a.dir / "strict.py").string() + "' '" + out.string() + "' > '" + strict_out + "' 2>&1";
    static_cast<void>(std::system(strict.c_str()));
    p.as_html = read_file(strict_out);
    return p;
}

}  // namespace

TEST(EventPage, StandingsCrossTableAndGamesUnderTheEventsScoring) {
    const Archived a = archive_of({record("Spring Cup", "2026.03.01", "Ann", "Bea", "Austria", kPlay), record("Spring Cup", "2026.03.02", "Bea", "Cid", "draw"),
                                   record("Spring Cup", "2026.03.03", "Cid", "Ann", "*"), record("Other Cup", "2026.03.03", "Zed", "Ann", "Italy")});
    Page p = report(a, "Spring Cup");
    ASSERT_EQ(p.run.status, 0) << p.run.err;
    ASSERT_FALSE(p.read.is_null()) << "not well-formed XHTML:\n" << p.html;
    EXPECT_EQ(p.read["root"], "{http://www.w3.org/1999/xhtml}html");
    EXPECT_EQ(p.as_html, "valid\n");
    const auto standings = p.rows("standings");
    ASSERT_EQ(standings.size(), 4u) << p.html;  // the header and three players; Zed plays in another event
    EXPECT_EQ(standings[1], (std::vector<std::string>{"1", "Ann", "1", "1", "0", "0", "1", "2", "", "1", ""}));
    // Cid (a draw, an unfinished game) and Bea (a draw, a loss) level on 1, and on head to head
    // (their draw): Cid's margin (0) places him above Bea (-1)
    EXPECT_EQ(standings[2], (std::vector<std::string>{"2", "Cid", "1", "0", "1", "0", "1", "1", "1", "0", "margin"}));
    EXPECT_EQ(standings[3], (std::vector<std::string>{"3", "Bea", "2", "0", "1", "1", "0", "1", "1", "-1", "margin"}));
    const auto cross = p.rows("cross");  // in the standings' order: Ann, Cid, Bea
    ASSERT_EQ(cross.size(), 4u);
    EXPECT_EQ(cross[1], (std::vector<std::string>{"1", "Ann", "", "*", "W"}));
    EXPECT_EQ(cross[2], (std::vector<std::string>{"2", "Cid", "*", "", "D"}));
    EXPECT_EQ(cross[3], (std::vector<std::string>{"3", "Bea", "L", "D", ""}));
    EXPECT_EQ(p.rows("games").size(), 4u);
    // 3 for a win: the same games, other points
    p = report(a, "Spring Cup", {"--points", "3,1,0"});
    EXPECT_EQ(p.rows("standings")[1][7], "3");
    EXPECT_TRUE(p.has_text("Scoring: win 3, draw 1, loss 0")) << p.html;
}

TEST(EventPage, EachGameLinksToItsOwnPage) {
    const Archived a = archive_of({record("Spring Cup", "2026.03.01", "Ann", "Bea", "Austria", kPlay), record("Spring Cup", "2026.03.02", "Bea", "Cid", "draw")});
    // a page named with a space and a #: its folder of games beside it, the links percent-encoded
    const Page p = report(a, "Spring Cup", {}, "spring #1.html");
    ASSERT_EQ(p.run.status, 0) << p.run.err;
    ASSERT_FALSE(p.read.is_null()) << p.html;
    const fs::path games = a.dir / "site" / "spring #1-games";
    for (int id : {1, 2}) {
        const fs::path page = games / ("game-" + std::to_string(id) + ".html");
        ASSERT_TRUE(fs::exists(page)) << page;
        EXPECT_NE(read_file(page).find("Spring Cup"), std::string::npos);  // the game's own report
        const std::string link = "spring%20%231-games/game-" + std::to_string(id) + ".html";
        const auto& links = p.read["links"];
        EXPECT_NE(std::find(links.begin(), links.end(), link), links.end()) << links.dump();
    }
    EXPECT_EQ(p.rows("games")[1][8], "game #1");  // the games list links each
    // the same page on one thread as on several
    const Page one = report(a, "Spring Cup", {"-j", "1"}, "spring #1.html");
    EXPECT_EQ(one.html, p.html);
    const Page two = report(a, "Spring Cup", {"-j", "2"}, "spring #1.html");
    EXPECT_EQ(two.html, p.html);
    // --no-game-pages: the event's page alone, its games unlinked, no folder made
    const Page alone = report(a, "Spring Cup", {"--no-game-pages"}, "alone.html");
    EXPECT_EQ(alone.run.status, 0) << alone.run.err;
    EXPECT_EQ(alone.rows("games")[1][8], "no page (--no-game-pages)");
    EXPECT_FALSE(fs::exists(a.dir / "site" / "alone-games"));
    EXPECT_EQ(alone.rows("standings"), p.rows("standings"));
}

TEST(EventPage, HostileNamesAreEscapedNeverMarkup) {
    const Archived a = archive_of({record("Cup <b>&amp;</b>", "2026.03.01", kScript, kQuoted, "Austria", kPlay),
                                   record("Cup <b>&amp;</b>", "2026.03.02", kAmp, kRlo, "draw", kPlay)});
    const Page p = report(a, "Cup <b>&amp;</b>");
    ASSERT_EQ(p.run.status, 0) << p.run.err;
    ASSERT_FALSE(p.read.is_null()) << "not well-formed XHTML:\n" << p.html;
    EXPECT_TRUE(p.read["risky"].empty()) << p.read["risky"].dump();
    EXPECT_EQ(p.as_html, "valid\n");
    for (const auto& tag : p.read["tags"]) EXPECT_NE(tag, "b");  // the event's name is no markup either
    for (const auto& link : p.read["links"]) {  // within the page, or a game's page beside it
        const std::string l = link.get<std::string>();
        EXPECT_TRUE(l.rfind('#', 0) == 0 || l.rfind("event-games/game-", 0) == 0) << l;
    }
    EXPECT_TRUE(p.has_text(kScript));                 // shown as the characters it is
    EXPECT_TRUE(p.has_text("Marco \"the Hand\" Rossi"));
    EXPECT_TRUE(p.has_text(kAmp));
    EXPECT_TRUE(p.has_text("Cup <b>&amp;</b>"));
    EXPECT_TRUE(p.has_text("Abc[U+202E]gpj.exe"));    // the override shown, not applied
    EXPECT_EQ(p.html.find("\u202E"), std::string::npos);
    EXPECT_EQ(p.html.find("<script"), std::string::npos);
}

namespace {

// The rows of a CSV text as python's csv module reads them.
std::vector<std::vector<std::string>> python_csv(const std::string& text) {
    const fs::path dir = temp_dir();
    write_file(dir / "out.csv", text);
    write_file(dir / "read.py", "import csv, json, sys\nprint(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))\n");
    const std::string json_out = (dir / "csv.json").string();
    const std::string cmd = std::string(IRONLOG_PYTHON) + " '" + (dir / "read.py").string() + "' '" + (dir / "out.csv").string() + "' > '" + json_out + "'";
    if (std::system(cmd.c_str()) != 0) return {};
    return nlohmann::json::parse(read_file(json_out)).get<std::vector<std::vector<std::string>>>();
}

}  // namespace

TEST(EventCsv, NamesComeBackWholeFromACsvReader) {
    // names a [Player] tag cannot hold (it splits at commas) may still come from elsewhere
    const std::vector<std::string> names = {"Hart, Ann", "Marco \"the Hand\" Rossi", "two\nlines", "two\r\nlines", kScript, "plain"};
    std::vector<ironlog::output::EventStanding> rows;
    for (const auto& n : names) rows.push_back(ironlog::output::EventStanding{1, n, 0, 0, 0, 0, 0, 0, 0, std::nullopt, "tied"});
    std::ostringstream out;
    ironlog::output::write_standings_csv(out, rows);
    const auto read = python_csv(out.str());
    ASSERT_EQ(read.size(), names.size() + 1) << out.str();
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(read[i + 1].size(), 11u);
        EXPECT_EQ(read[i + 1][1], names[i]);
    }
}

TEST(EventPage, CsvFromTheArchiveDisarmsFormulas) {
    const Archived a = archive_of({record("Cup", "2026.03.01", "=HYPERLINK(\\\"http://x\\\")", kQuoted, "Austria"),
                                   record("Cup", "2026.03.02", kScript, "-1 Bea", "Italy")});
    const testing_util::Run r = run_ironlog({"archive", "--db", a.db, "report", "--event", "Cup", "--format", "csv"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto rows = python_csv(r.out);
    ASSERT_EQ(rows.size(), 5u) << r.out;
    EXPECT_EQ(rows[0], (std::vector<std::string>{"place", "player", "played", "won", "drawn", "lost", "unfinished", "points", "head_to_head", "margin",
                                                 "placed_by"}));
    std::vector<std::string> names;
    for (std::size_t i = 1; i < rows.size(); ++i) names.push_back(rows[i][1]);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"'-1 Bea", "'=HYPERLINK(\"http://x\")", kScript, "Marco \"the Hand\" Rossi"}));
    EXPECT_NE(r.out.find("\r\n"), std::string::npos);  // RFC 4180's line ends
    // -o FILE: the same text in the file
    const std::string file = (a.dir / "standings.csv").string();
    EXPECT_EQ(run_ironlog({"archive", "--db", a.db, "report", "--event", "Cup", "--format", "csv", "-o", file}).status, 0);
    EXPECT_EQ(read_file(file), r.out);
}

TEST(EventPage, FindingsByPlayerRulesBrokenAndTheDice) {
    // two games in one file: the second's findings are at its lines of the file, not of its record;
    // the second names an option its ruleset does not have, a header's finding
    std::string second = record("Spring Cup", "2026.03.02", "Cid", "Dan", "Italy", kPlay);
    second.insert(second.find("\n\n"), "\n[Options \"nosuch=1\"]");
    const Archived a = archive_of({record("Spring Cup", "2026.03.01", "Ann", "Bea", "Austria", kPlay) + "\n" + second});
    const Page p = report(a, "Spring Cup");
    ASSERT_EQ(p.run.status, 0) << p.run.err;
    // the save (FM, Austria's) is Ann's and Cid's; the gunfire (RdI, Italy's) Bea's and Dan's
    const auto findings = p.rows("findings");
    auto row_of = [&](const std::string& player) {
        for (const auto& r : findings)
            if (!r.empty() && r[0] == player) return r;
        return std::vector<std::string>{};
    };
    // and each side's ship without a Data Card (the record gives none) is its side's player's
    ASSERT_EQ(row_of("Ann").size(), 3u) << p.html;
    EXPECT_EQ(row_of("Ann")[1], "inconsistent 1, wrong-result 1");
    EXPECT_EQ(row_of("Ann")[2], "ironclads Appendix A Data Cards 1, ironclads Firing/Armour saves 1");
    EXPECT_NE(row_of("Ann")[2].find("ironclads Firing/Armour saves 1"), std::string::npos) << row_of("Ann")[2];
    ASSERT_EQ(row_of("Bea").size(), 3u);
    EXPECT_NE(row_of("Bea")[2].find("ironclads Firing/Resolving gunfire 1"), std::string::npos) << row_of("Bea")[2];
    ASSERT_EQ(row_of("Cid").size(), 3u) << p.html;
    EXPECT_NE(row_of("Cid")[2].find("ironclads Firing/Armour saves 1"), std::string::npos) << row_of("Cid")[2];
    ASSERT_EQ(row_of("Dan").size(), 3u);
    EXPECT_NE(row_of("Dan")[2].find("ironclads Firing/Resolving gunfire 1"), std::string::npos) << row_of("Dan")[2];
    EXPECT_EQ(row_of("(no side's line)"), (std::vector<std::string>{"(no side's line)", "inconsistent 1", "ngn 3.5 Optional rules and options 1"}));
    const auto chart = p.rows("chart");
    ASSERT_GE(chart.size(), 3u);
    EXPECT_NE(p.html.find("class=\"bar\""), std::string::npos);
    // the dice as `archive dice --event` counts them, with the caution
    const auto dice = p.rows("dice");
    ASSERT_GE(dice.size(), 2u);
    EXPECT_EQ(dice[1][0], "d6");
    EXPECT_EQ(dice[1][1], "all");
    EXPECT_EQ(dice[1][2], "20");
    EXPECT_EQ(dice[1][3], "2 4 4 2 2 6");
    EXPECT_TRUE(p.has_text("How to read this: a p-value")) << p.html;
    const testing_util::Run text = run_ironlog({"archive", "--db", a.db, "dice", "--event", "Spring Cup"});
    EXPECT_NE(text.out.find("2 4 4 2 2 6"), std::string::npos) << text.out;
}

TEST(EventPage, ExitCodes) {
    const Archived a = archive_of({record("Spring Cup", "2026.03.01", "Ann", "Bea", "*"), record("Autumn League", "2026.10.01", "Ann", "Bea", "draw")});
    // an event no game has: 2, saying so and naming the one meant
    Page p = report(a, "spring cup");
    EXPECT_EQ(p.run.status, 2);
    EXPECT_NE(p.run.err.find("no game of"), std::string::npos) << p.run.err;
    EXPECT_NE(p.run.err.find("did you mean: \"Spring Cup\""), std::string::npos) << p.run.err;
    EXPECT_TRUE(p.html.empty());
    // an event with no finished game: its page, every player unplaced by points
    p = report(a, "Spring Cup");
    EXPECT_EQ(p.run.status, 0) << p.run.err;
    ASSERT_FALSE(p.read.is_null());
    EXPECT_EQ(p.rows("standings")[1], (std::vector<std::string>{"1", "Ann", "0", "0", "0", "0", "1", "0", "0", "0", "tied"}));
    // no -o for the page, --points not three numbers: 2
    testing_util::Run r = run_ironlog({"archive", "--db", a.db, "report", "--event", "Spring Cup"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("-o FILE"), std::string::npos) << r.err;
    r = run_ironlog({"archive", "--db", a.db, "report", "--event", "Spring Cup", "-f", "csv", "--points", "2,1"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--points"), std::string::npos) << r.err;
    // a record changed outside ironlog: the page is written, the game's dice left out and said so: 1
    {
        sqlite::Database d(a.db, SQLITE_OPEN_READWRITE);
        d.exec("UPDATE game_record SET record = CAST(replace(CAST(record AS TEXT), 'Ann', 'Anna') AS BLOB) WHERE game_id = 1");
    }
    write_file(a.dir / "site" / "event-games" / "notes.txt", "the organiser's own file");
    p = report(a, "Spring Cup");
    EXPECT_EQ(p.run.status, 1);
    EXPECT_NE(p.run.err.find("game #1"), std::string::npos) << p.run.err;
    EXPECT_TRUE(p.has_text("game #1 left out: its record is not the one the chain holds")) << p.html;
    EXPECT_EQ(p.rows("games")[1][8].rfind("no page: its record is not the one the chain holds", 0), 0u) << p.rows("games")[1][8];
    EXPECT_TRUE(p.rows("findings").empty()) << p.html;  // its findings (two data cards) left out of the players' too
    EXPECT_FALSE(fs::exists(a.dir / "site" / "event-games" / "game-1.html"));  // the earlier run's page of it removed
    EXPECT_TRUE(fs::exists(a.dir / "site" / "event-games" / "notes.txt"));     // not a game's page: left alone
}
