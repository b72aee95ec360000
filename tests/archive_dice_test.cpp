// `ironlog archive dice` (issue 40): small records with known dice archived, and their faces
// counted per die type, player, event and kind of roll, in text and JSON; the archive's filters;
// a roller the record does not tell; dice of a ruleset's own reading (tmbv's d10 0-9, admiral's 0
// read as 10); a record changed outside ironlog, a game without dice, a filter matching nothing.
#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "test_util.hpp"

#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using namespace testing_util;
using json = nlohmann::json;
using Counts = std::vector<std::int64_t>;

// A record of one game: its header (event, date, ruleset, two sides of one player each), then
// its body.
std::string record(const std::string& event, const std::string& date, const std::string& ruleset, const std::string& side1,
                   const std::string& player1, const std::string& side2, const std::string& player2, const std::string& body) {
    return "[NGN \"1\"]\n[Event \"" + event + "\"]\n[Date \"" + date + "\"]\n[Ruleset \"" + ruleset + "\"]\n[Side1 \"" + side1 +
           "\"]\n[Player1 \"" + player1 + "\"]\n[Side2 \"" + side2 + "\"]\n[Player2 \"" + player2 + "\"]\n[Result \"*\"]\n\n" + body;
}

const char* kAustriaAndItaly = R"(side AUT "Austria"
ship FM "Erzherzog Ferdinand Max" at (20, 20, 90)
side ITA "Italy"
ship RdI "Re d'Italia" at (120, 60, 270)
)";

// Anna Weber (Austria) against Marco Rossi (Italy): Anna rolls 4, 5 and saves 1-6; Marco 2, 6
// and fires 6 6.
const std::string kSpringCup = record("Spring Cup", "2026.03.01", "ironclads", "Austria", "Anna Weber", "Italy", "Marco Rossi",
                                      std::string(kAustriaAndItaly) + R"(
phase sea-state
  AUT roll d6: 4
  ITA roll d6: 2 => calm
turn 1
  phase initiative
    AUT roll d6: 5
    ITA roll d6: 6 => AUT
  phase firing
    segment gunfire
      RdI fire port FM 48cm on port 2d6: 6 6 => 2C
      FM save 6d6: 1 2 3 4 5 6 => 0
)");

// Marco Rossi (Italy, side 1 here) against Paul K. (Austria): Marco 6 and 6 (his side written in
// lower case), Paul 1 and 2 (his ship HB), and a die no side rolled: 3.
const std::string kAutumnLeague = record("Autumn League", "2026.10.01", "ironclads", "Italy", "Marco Rossi", "Austria", "Paul K.", R"(
side ITA "Italy"
ship RdP "Re di Portogallo" at (135, 60, 270)
side AUT "Austria"
ship HB "Habsburg" at (5, 20, 90)

phase sea-state
  ITA roll d6: 6
  AUT roll d6: 1 => calm
  Weather roll d6: 3
turn 1
  phase initiative
    ita roll d6: 6
    HB roll d6: 2
)");

const std::string kNoDice = record("Spring Cup", "2026.03.02", "ironclads", "Austria", "Anna Weber", "Italy", "Paul K.", kAustriaAndItaly);

// A d10 read 0-9 (tmbv) and one read 1-10 with 0 as 10 (admiral); twelve d20 all showing 20; a
// face no die has (a tmbv d10's 10, a d6's 7), which the check reports and the count leaves out.
const std::string kTenSided = record("Winter Open", "2026.12.01", "tmbv", "Austria", "Paul K.", "Italy", "Marco Rossi", R"(side Austria
side Italy

  Austria initiative d10: 0
  Italy initiative d10: 9
  Italy initiative d10: 0
  Italy initiative d10: 10
)");

const std::string kAdmiral = record("Winter Open", "2026.12.02", "admiral", "Germany", "Jo", "Britain", "Kim", R"(side Germany
side Britain

  Germany command d10: 0
  Britain command 2d10: 3 10
  Britain roll 12d20: 20 20 20 20 20 20 20 20 20 20 20 20
  Germany roll d6: 7
)");

json dice_json(const Archived& a, std::vector<std::string> more = {}) {
    std::vector<std::string> args{"archive", "--db", a.db, "dice", "-f", "json"};
    args.insert(args.end(), more.begin(), more.end());
    const testing_util::Run r = run_ironlog(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return json::parse(r.out);
}

// The group of a die type and breakdown with this name; null when there is none.
json group(const json& out, const std::string& die, const std::string& by, const std::string& name) {
    for (const auto& g : out["groups"])
        if (g["die"] == die && g["by"] == by && g["name"] == name) return g;
    return nullptr;
}

Counts counts(const json& out, const std::string& die, const std::string& by, const std::string& name) {
    const json g = group(out, die, by, name);
    if (g.is_null()) return {};
    return g["counts"].get<Counts>();
}

TEST(ArchiveDice, CountsPerPlayerEventAndKind) {
    const Archived a = archive_of({kSpringCup, kAutumnLeague, kNoDice});
    const json out = dice_json(a);
    EXPECT_EQ(out["games"], 3);
    EXPECT_EQ(out["games_with_dice"], 2);
    EXPECT_EQ(out["dice"], 17);
    EXPECT_EQ(out["unknown_side_dice"], 1);
    EXPECT_EQ(counts(out, "d6", "all", "all"), (Counts{2, 3, 2, 2, 2, 6}));
    EXPECT_EQ(counts(out, "d6", "player", "Anna Weber"), (Counts{1, 1, 1, 2, 2, 1}));
    EXPECT_EQ(counts(out, "d6", "player", "Marco Rossi"), (Counts{0, 1, 0, 0, 0, 5}));  // in both games, on either side
    EXPECT_EQ(counts(out, "d6", "player", "Paul K."), (Counts{1, 1, 0, 0, 0, 0}));
    EXPECT_EQ(counts(out, "d6", "player", "(unknown side)"), (Counts{0, 0, 1, 0, 0, 0}));
    EXPECT_EQ(counts(out, "d6", "event", "Spring Cup"), (Counts{1, 2, 1, 2, 2, 4}));
    EXPECT_EQ(counts(out, "d6", "event", "Autumn League"), (Counts{1, 1, 1, 0, 0, 2}));
    EXPECT_EQ(counts(out, "d6", "kind", "roll"), (Counts{1, 2, 1, 1, 1, 3}));
    EXPECT_EQ(counts(out, "d6", "kind", "fire"), (Counts{0, 0, 0, 0, 0, 2}));
    EXPECT_EQ(counts(out, "d6", "kind", "save"), (Counts{1, 1, 1, 1, 1, 1}));
    // the tests: Marco's six dice by the exact test; the two fire dice too few to test
    const json marco = group(out, "d6", "player", "Marco Rossi");
    EXPECT_EQ(marco["test"], "exact");
    EXPECT_TRUE(marco["small_sample"].get<bool>());
    // five sixes in six dice: of the 6^6 = 46,656 ways six dice fall, 6 show one face six times and
    // 6 x 5 x 6 show one face five times: 186 as far from even or farther
    EXPECT_NEAR(marco["p"].get<double>(), 186.0 / 46656, 1e-12);
    // the smallest p of the 7 groups tested, so Holm multiplies it by 7: uneven even so
    EXPECT_EQ(out["correction"]["groups"], 7);
    EXPECT_NEAR(marco["holm_p"].get<double>(), 7 * 186.0 / 46656, 1e-12);
    EXPECT_TRUE(marco["uneven"].get<bool>());
    EXPECT_EQ(group(out, "d6", "kind", "fire")["tested"], false);
    int tested = 0;
    for (const auto& g : out["groups"]) tested += g["tested"].get<bool>();
    EXPECT_EQ(out["correction"]["groups"], tested);
    EXPECT_EQ(out["correction"]["method"], "holm");
    EXPECT_NE(out["caution"].get<std::string>().find("not proof of a loaded die"), std::string::npos);
}

TEST(ArchiveDice, TextShowsCountsTestsAndTheCaution) {
    const Archived a = archive_of({kSpringCup, kAutumnLeague, kNoDice});
    const testing_util::Run r = run_ironlog({"archive", "--db", a.db, "dice"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("Dice of 3 games (2 with dice, 0 left out): 17 dice counted."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 die whose roller the record does not tell is counted under \"(unknown side)\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("d6: the count of each face, 1 to 6"), std::string::npos) << r.out;
    const auto marco = r.out.find("player Marco Rossi");
    ASSERT_NE(marco, std::string::npos) << r.out;
    const std::string row = r.out.substr(marco, r.out.find('\n', marco) - marco);
    EXPECT_NE(row.find("6  0 1 0 0 0 5"), std::string::npos) << row;
    EXPECT_NE(row.find("exact"), std::string::npos) << row;
    EXPECT_NE(row.find("small sample"), std::string::npos) << row;
    EXPECT_NE(r.out.find("kind fire"), std::string::npos);
    EXPECT_NE(r.out.find("too few dice to test"), std::string::npos);
    // the paragraphs after the tables, broken into lines
    std::string prose = r.out;
    std::replace(prose.begin(), prose.end(), '\n', ' ');
    EXPECT_NE(prose.find("Holm's correction over the 7 groups tested"), std::string::npos) << r.out;
    EXPECT_NE(prose.find("How to read this: a p-value is the chance"), std::string::npos) << r.out;
    EXPECT_NE(prose.find("7 groups were tested at once"), std::string::npos) << r.out;
}

// A name with a right-to-left override is shown escaped, as every listing shows names.
TEST(ArchiveDice, NamesAreShownEscaped) {
    const Archived a = archive_of({record("Cup \u202e", "2026.05.01", "ironclads", "Austria", "Anna \u202e Weber", "Italy", "Marco Rossi",
                                          "side AUT \"Austria\"\nside ITA \"Italy\"\n  AUT roll 3d6: 1 2 3\n")});
    const testing_util::Run r = run_ironlog({"archive", "--db", a.db, "dice"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("player Anna \\u202e Weber"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("event Cup \\u202e"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\u202e"), std::string::npos) << r.out;
    // JSON carries the name as it is (JSON's escaping is the reader's)
    EXPECT_EQ(counts(dice_json(a), "d6", "player", "Anna \u202e Weber"), (Counts{1, 1, 1, 0, 0, 0}));
}

TEST(ArchiveDice, TakesTheFiltersOfList) {
    const Archived a = archive_of({kSpringCup, kAutumnLeague, kNoDice});
    json out = dice_json(a, {"--player", "Paul K."});
    EXPECT_EQ(out["games"], 2);  // the Autumn League and the game without dice
    EXPECT_EQ(counts(out, "d6", "all", "all"), (Counts{1, 1, 1, 0, 0, 2}));
    out = dice_json(a, {"--event", "Spring Cup"});
    EXPECT_EQ(out["games"], 2);
    EXPECT_EQ(counts(out, "d6", "all", "all"), (Counts{1, 2, 1, 2, 2, 4}));
    out = dice_json(a, {"--from", "2026-06"});
    EXPECT_EQ(out["games"], 1);
    EXPECT_EQ(counts(out, "d6", "event", "Autumn League"), (Counts{1, 1, 1, 0, 0, 2}));
    // --by leaves the other groups out, and out of the correction
    out = dice_json(a, {"--by", "player"});
    EXPECT_TRUE(group(out, "d6", "event", "Spring Cup").is_null());
    EXPECT_TRUE(group(out, "d6", "kind", "roll").is_null());
    EXPECT_EQ(counts(out, "d6", "player", "Marco Rossi"), (Counts{0, 1, 0, 0, 0, 5}));
    const testing_util::Run bad = run_ironlog({"archive", "--db", a.db, "dice", "--to", "2026-02-30"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("--to 2026-02-30: expected a date"), std::string::npos) << bad.err;
}

TEST(ArchiveDice, ReadsEachDieAsItsRulesetDoes) {
    const Archived a = archive_of({kTenSided, kAdmiral});
    const json out = dice_json(a, {"--draws", "999", "--seed", "5"});
    // tmbv's d10 reads 0-9: 0, 9, 0
    EXPECT_EQ(counts(out, "d10 read 0-9", "all", "all"), (Counts{2, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
    EXPECT_EQ(counts(out, "d10 read 0-9", "player", "Marco Rossi"), (Counts{1, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
    EXPECT_EQ(counts(out, "d10 read 0-9", "kind", "initiative"), (Counts{2, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
    // admiral's reads 1-10, a 0 as 10: 0 (10), 3, 10
    EXPECT_EQ(counts(out, "d10", "all", "all"), (Counts{0, 0, 1, 0, 0, 0, 0, 0, 0, 2}));
    EXPECT_EQ(counts(out, "d10", "player", "Kim"), (Counts{0, 0, 1, 0, 0, 0, 0, 0, 0, 1}));
    // twelve d20, a die admiral does not use (the check reports it), all 20: too many outcomes to
    // enumerate, so Monte-Carlo, with the draws and seed asked for
    const json d20 = group(out, "d20", "all", "all");
    ASSERT_FALSE(d20.is_null()) << out.dump(1);
    EXPECT_EQ(d20["test"], "monte-carlo");
    EXPECT_DOUBLE_EQ(d20["p"].get<double>(), 1.0 / 1000);
    EXPECT_EQ(out["tests"]["monte_carlo"]["draws"], 999);
    EXPECT_EQ(out["tests"]["monte_carlo"]["seed"], 5);
    EXPECT_EQ(out["faces_not_counted"], 2);
}

TEST(ArchiveDice, AChangedRecordIsLeftOutAndSaidSo) {
    const Archived a = archive_of({kSpringCup, kAutumnLeague});
    {
        sqlite::Database d(a.db, SQLITE_OPEN_READWRITE);
        d.exec("UPDATE game_record SET record = CAST(replace(CAST(record AS TEXT), 'AUT roll d6: 4', 'AUT roll d6: 6') AS BLOB) WHERE game_id = 1");
    }
    testing_util::Run r = run_ironlog({"archive", "--db", a.db, "dice"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("game #1 left out: its record is not the one the chain holds"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Dice of 2 games (1 with dice, 1 left out): 5 dice counted."), std::string::npos) << r.out;
    // a record that no longer reads at all, its hash put in the chain's last entry as well (as a
    // reader of an older ironlog's records might find it): left out, not a crash
    {
        sqlite::Database d(a.db, SQLITE_OPEN_READWRITE);
        const std::string text = "[Event \"x\"]\nthis is { not NGN\n";
        d.exec("UPDATE game_record SET record = CAST('" + text + "' AS BLOB) WHERE game_id = 2");
        d.exec("UPDATE chain SET record = '" + archive::sha256_hex(text) + "' WHERE seq = (SELECT max(seq) FROM chain WHERE game_id = 2)");
    }
    r = run_ironlog({"archive", "--db", a.db, "dice", "-f", "json"});
    EXPECT_EQ(r.status, 1);
    const json out = json::parse(r.out);
    ASSERT_EQ(out["left_out"].size(), 2u) << r.out;
    EXPECT_NE(out["left_out"][1]["why"].get<std::string>().find("does not read as one game"), std::string::npos) << r.out;
    EXPECT_EQ(out["dice"], 0);
    EXPECT_TRUE(out["groups"].empty());
}

TEST(ArchiveDice, NoGamesOrNoDiceSaySo) {
    const Archived a = archive_of({kNoDice});
    testing_util::Run r = run_ironlog({"archive", "--db", a.db, "dice"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("Dice of 1 game (0 with dice, 0 left out): 0 dice counted."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("No dice to count."), std::string::npos) << r.out;
    r = run_ironlog({"archive", "--db", a.db, "dice", "--event", "Nowhere"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("No game of the archive matches the filters: no dice to count."), std::string::npos) << r.out;
    const json out = dice_json(a, {"--player", "Nobody"});
    EXPECT_EQ(out["games"], 0);
    EXPECT_TRUE(out["groups"].empty());
}

}  // namespace
