// The common checks every ruleset gets: header tags, declarations, events, dice, the
// sequence of play, rulings; each a legal case that passes and a faulty one that is flagged
// with its citation, and one mistake giving one finding.
#include "rules/registry.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace testing_util;
using ironlog::Finding;
using ironlog::Kind;
using ironlog::Severity;

namespace {

// The common checks are shown on admiral's declaration without its rule engine (kit_rulesets,
// test_util.hpp), so that only they speak; each engine has its own tests.
const char* kBase =
    "[NGN \"1\"]\n"
    "[Ruleset \"admiral\"]\n"
    "[Side1 \"Austria\"]\n"
    "[Side2 \"Italy\"]\n"
    "\n"
    "side AUT \"Austria\"\n"
    "ship FM \"Erzherzog Ferdinand Max\"\n"
    "side ITA \"Italy\"\n"
    "ship RdI \"Re d'Italia\"\n"
    "\n";

std::string base(const std::string& body) { return kBase + body; }

std::string with_ruleset(const std::string& id, const std::string& extra_tags, const std::string& body) {
    return "[NGN \"1\"]\n[Ruleset \"" + id + "\"]\n" + extra_tags + "[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n\n" + body;
}

// The tests of this file check with kit_rulesets(): admiral's declaration without its engine.
struct KitRulesets : testing::EmptyTestEventListener {
    void OnTestStart(const testing::TestInfo& t) override {
        if (std::string_view(t.file()).ends_with("check_test.cpp")) use_rulesets(kit_rulesets());
    }
    void OnTestEnd(const testing::TestInfo&) override { use_rulesets(ironlog::all_rulesets()); }
};
const bool kKitRulesets = (testing::UnitTest::GetInstance()->listeners().Append(new KitRulesets), true);

Finding one_problem(const std::string& text, const std::string& rule, Kind kind) { return expect_one(text, rule, kind); }
void clean(const std::string& text) { expect_clean(text); }

}  // namespace

// ---- header --------------------------------------------------------------------------------------

TEST(Header, CleanRecordHasOnlyTheNoEngineNote) {
    auto all = findings_of(base("turn 1\n  phase tactical\n    AUT roll d6: 3\n"));
    ASSERT_EQ(all.size(), 1u) << describe(all);
    EXPECT_EQ(all[0].severity, Severity::Note);
    EXPECT_EQ(all[0].kind, Kind::Unverifiable);
    EXPECT_EQ(all[0].rule.text(), "admiral");
}

TEST(Header, RulesetIsRequiredAndKnown) {
    auto f = one_problem("[NGN \"1\"]\n[Event \"x\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(f.message, "no [Ruleset] tag: say which rules were played (tmbv, late19c, admiral, eia-naval, ironclads)");
    f = one_problem("[NGN \"1\"]\n[Ruleset \"iron-clads\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(f.message, "unknown ruleset 'iron-clads'");
    EXPECT_EQ(*f.expected, "one of tmbv, late19c, admiral, eia-naval, ironclads");
}

TEST(Header, NgnVersion) {
    auto f = one_problem("[Ruleset \"ironclads\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(f.severity, Severity::Warning);
    f = one_problem("[NGN \"2\"]\n[Ruleset \"ironclads\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.message, "this ironlog reads NGN version 1; the record is written in version 2");
}

TEST(Header, DuplicateTag) {
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Event \"a\"]\n[Event \"b\"]\n", "ngn 3.1 Tag pairs",
                         Kind::Inconsistent);
    EXPECT_EQ(f.pos.line, 4u);
}

TEST(Header, Dates) {
    for (const char* good : {"2026.11.14", "2026-11-14", "1866.07.??", "????.??.??"})
        clean(std::string("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Date \"") + good + "\"]\n");
    for (const char* bad : {"14/11/2026", "2026.13.01", "2026.11.32", "2026-11.14"}) {
        auto f = one_problem(std::string("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Date \"") + bad + "\"]\n", "ngn 3.2 Tags",
                             Kind::Inconsistent);
        EXPECT_EQ(f.severity, Severity::Warning) << bad;
    }
}

TEST(Header, Variants) {
    clean("[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"lissa\"]\n");
    clean("[NGN \"1\"]\n[Ruleset \"late19c\"]\n[Variant \"naval\"]\n");
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"custoza\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(*f.expected, "one of campaign, lissa, battle");
    f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Variant \"x\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(f.message, "ironclads has no variants");
}

TEST(Header, SidesAndPlayers) {
    clean("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Side1 \"A\"]\n[Player1 \"Ann, Bo\"]\n[Side2 \"B\"]\n[Player2 \"Cy\"]\n");
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Side1 \"A\"]\n[Player2 \"Cy\"]\n", "ngn 3.3 Sides and players",
                         Kind::Inconsistent);
    EXPECT_EQ(f.message, "[Player2] names the players of side 2, but there is no [Side2] tag");
    f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Side1 \"A\"]\n[Side3 \"B\"]\n", "ngn 3.3 Sides and players",
                    Kind::Inconsistent);
    EXPECT_EQ(f.severity, Severity::Warning);
    f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Side1 \"A\"]\n[Side2 \"A\"]\n", "ngn 3.3 Sides and players",
                    Kind::Inconsistent);
    EXPECT_EQ(f.message, "two sides are called 'A' (Side1)");
}

TEST(Header, OptionalRulesAndOptions) {
    clean("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Rules \"formations\"]\n");
    clean("[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Rules \"critical-hits, Dispatch_Ships\"]\n");
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Rules \"formations, torpedoes\"]\n",
                         "ngn 3.5 Optional rules and options", Kind::Inconsistent);
    EXPECT_EQ(f.message, "unknown optional rule 'torpedoes' for ironclads");
    EXPECT_EQ(*f.expected, "one of formations");
    f = one_problem("[NGN \"1\"]\n[Ruleset \"late19c\"]\n[Options \"hills=uphill\"]\n", "ngn 3.5 Optional rules and options",
                    Kind::Inconsistent);
    EXPECT_EQ(f.message, "unknown option 'hills' for late19c");
}

TEST(Header, FilesAreLookedForBesideTheRecord) {
    auto dir = temp_dir();
    std::filesystem::create_directories(dir / "maps");
    write_file(dir / "maps" / "corner.map", "; a map\n");
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = dir;
    auto present = ironlog::check_text("x.ngn", "[NGN \"1\"]\n[Ruleset \"eia-naval\"]\n[Map \"maps/corner.map\"]\n", o);
    EXPECT_EQ(present.count(Severity::Error), 0u) << describe(present.games[0].findings);
    auto missing = ironlog::check_text("x.ngn", "[NGN \"1\"]\n[Ruleset \"eia-naval\"]\n[Map \"maps/nowhere.map\"]\n", o);
    ASSERT_EQ(missing.count(Severity::Error), 1u);
    const auto& findings = missing.games[0].findings;
    const auto& f = *std::find_if(findings.begin(), findings.end(), [](const Finding& x) { return x.severity == Severity::Error; });
    EXPECT_EQ(f.rule.text(), "ngn 3.6 Files a record uses");
    EXPECT_NE(f.message.find("[Map] names 'maps/nowhere.map', which is not a file"), std::string::npos) << f.message;
    std::filesystem::remove_all(dir);
}

TEST(Header, Tolerance) {
    for (const char* good : {"1cm", "5mm", "0.5", " 2 cm "})
        clean(std::string("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Tolerance \"") + good + "\"]\n");
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Tolerance \"a bit\"]\n", "ngn 3.7 Tolerance", Kind::Inconsistent);
    EXPECT_EQ(*f.recorded, "a bit");
    one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Tolerance \"-1cm\"]\n", "ngn 3.7 Tolerance", Kind::Inconsistent);
}

TEST(Header, Result) {
    for (const char* good : {"Austria", "AUT", "2", "draw", "Draw", "both-lost", "*", "Austria major", "Italy marginal"}) {
        clean(base("").insert(std::string(kBase).find("[Side1"), std::string("[Result \"") + good + "\"]\n"));
    }
    std::string bad = base("");
    bad.insert(bad.find("[Side1"), "[Result \"Prussia\"]\n");
    auto f = one_problem(bad, "ngn 3.4 Result", Kind::Inconsistent);
    EXPECT_EQ(*f.expected, "one of AUT, ITA, draw, both-lost, *");
}

TEST(Header, NearMissTagName) {
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Evnet \"x\"]\n", "ngn 3.2 Tags", Kind::Inconsistent);
    EXPECT_EQ(f.message, "unknown tag [Evnet]: did you mean [Event]?");
    clean("[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Weather \"calm\"]\n");  // other tags are welcome
}

// ---- declarations ----------------------------------------------------------------------------------

TEST(Declarations, SideBlocks) {
    auto f = one_problem("[NGN \"1\"]\n[Ruleset \"admiral\"]\n[Side1 \"Austria\"]\n\nship FM\n", "ngn 4.2 Sides",
                         Kind::Inconsistent);
    EXPECT_EQ(f.message, "ship FM has no side: put it below the 'side' line of the side it belongs to");
    f = one_problem("[NGN \"1\"]\n[Ruleset \"admiral\"]\n[Side1 \"Austria\"]\n\nside Prussia\n", "ngn 4.2 Sides", Kind::Inconsistent);
    EXPECT_EQ(*f.expected, "one of Austria");
    // without side tags, the body declares the sides
    clean("[NGN \"1\"]\n[Ruleset \"admiral\"]\n\nside A \"Austria\"\nship FM\nside I \"Italy\"\nship RdI\nside A\nship HB\n");
}

TEST(Declarations, KindsOfTheRuleset) {
    auto f = one_problem(base("unit I1 infantry\n"), "ngn 4.1 Declarations", Kind::Inconsistent);
    EXPECT_EQ(f.message, "admiral records declare ship, squadron, formation; not 'unit'");
    clean(with_ruleset("late19c", "[Variant \"combined\"]\n",
                       "side Austria\nunit I1 infantry average #0101/N\nship SMS1 gunboat main 2 #0505/N\n"));
    clean(with_ruleset("eia-naval", "[Map \"maps/eia-sample-map.ngn\"]\n", "side Austria\nfleet F1 ships 3 @\"Black Sea\"\nleader Charles @\"Black Sea\"\n"));
}

TEST(Declarations, NamesAndAliasesOnce) {
    auto f = one_problem(base("ship FM \"Another Max\"\n"), "ngn 4.3 Names and aliases", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'FM' is already declared (ship FM, line 7)");
    f = one_problem(base("ship EFM \"Erzherzog Ferdinand Max\"\n"), "ngn 4.3 Names and aliases", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'Erzherzog Ferdinand Max' is already declared (ship FM, line 7)");
    f = one_problem(base("ship phase \"Phase\"\n"), "ngn 4.3 Names and aliases", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'phase' is a keyword of NGN and cannot be an alias");
}

TEST(Declarations, ReinforcementsJoinLater) {
    clean(base("turn 1\n  phase operational\n    FM move 8\nside AUT\nship KM \"Kaiser Max\"\nturn 2\n  phase operational\n    KM move 6\n"));
}

// ---- events ------------------------------------------------------------------------------------

TEST(Events, ActorsAreDeclared) {
    clean(base("turn 1\n  phase operational\n    \"Re d'Italia\" move 8\n    ITA roll d6: 3\n    Austria roll d6: 2\n"));
    auto f = one_problem(base("turn 1\n  phase operational\n    FMX move 8\n"), "ngn 4.3 Names and aliases", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'FMX' is not a declared side, ship or unit; did you mean 'FM'?");
    EXPECT_EQ(f.pos, (ngn::SourcePos{13, 5}));
}

TEST(Events, StandUnderAPhase) {
    auto f = one_problem(base("FM move 8\nFM move 8\n"), "ngn 5.3 Events", Kind::Inconsistent);
    EXPECT_EQ(f.message, "an event before any heading: the play starts with 'phase setup or turn 1'");
    f = one_problem(base("turn 1\nFM move 8\nFM move 8\n  phase operational\nFM move 8\n"), "ngn 5.3 Events", Kind::Inconsistent);
    EXPECT_EQ(f.message, "an event directly under 'turn 1': expected a phase heading first (tactical, operational, chronometric)");
}

// ---- dice --------------------------------------------------------------------------------------

TEST(Dice, WellFormedRollsPass) {
    clean(base("turn 1\n  phase operational\n    FM fire 6d6: 1 2 3 4 5 6\n    FM problems 2d6: 6 6 = 12\n    AUT roll d6: 1 +2(x) -1 = 2\n"));
    clean(with_ruleset("tmbv", "", "turn 1\n  phase turn-start\n    Austria roll d10: 0\n    Italy roll d10: 9 +3 = 12\n"));
    clean(with_ruleset("admiral", "", "turn 1\n  phase tactical\n    Austria roll d10: 10 +1 = 11\n    Italy roll d10: 0 = 10\n"
                                      "    Italy roll d8: 8\n    Italy roll d12: 12\n    Italy roll d6: 6\n"));
}

TEST(Dice, DieNotUsedByTheRuleset) {
    auto f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase turn-start\n    Austria roll d6: 3\n"), "tmbv 2.0 Game Components",
                         Kind::Inconsistent);
    EXPECT_EQ(f.message, "tmbv is played with d10; the record rolls d6");
    one_problem(base("turn 1\n  phase chronometric\n    FM roll d3: 2\n"), "admiral Game Elements/Dices", Kind::Inconsistent);
}

TEST(Dice, CountAndFaces) {
    auto f = one_problem(base("turn 1\n  phase operational\n    FM fire 6d6: 1 2 3 4 5\n"), "ngn 5.4 Dice", Kind::Inconsistent);
    EXPECT_EQ(f.message, "6d6 is 6 dice but 5 faces are written");
    EXPECT_EQ(*f.expected, "6 faces");
    EXPECT_EQ(*f.recorded, "1 2 3 4 5");
    f = one_problem(base("turn 1\n  phase operational\n    FM fire 3d6: 1 7 3\n"), "ngn 5.4 Dice", Kind::Inconsistent);
    EXPECT_EQ(f.message, "a d6 in admiral has no face 7");
    EXPECT_EQ(f.pos, (ngn::SourcePos{13, 20}));
    f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase turn-start\n    Austria roll d10: 10\n"), "ngn 5.4 Dice",
                    Kind::Inconsistent);
    EXPECT_EQ(*f.expected, "a face 0-9");
    f = one_problem(base("turn 1\n  phase operational\n    FM fire 0d6: 1\n"), "ngn 5.4 Dice", Kind::Inconsistent);
    EXPECT_EQ(f.message, "a roll of no dice: 0d6");
}

TEST(Dice, Totals) {
    auto f = one_problem(base("turn 1\n  phase chronometric\n    FM problems 2d6: 3 4 = 8\n"), "ngn 5.4 Dice", Kind::WrongResult);
    EXPECT_EQ(f.message, "the total does not add up: 3 + 4 = 7");
    EXPECT_EQ(*f.expected, "7");
    EXPECT_EQ(*f.recorded, "8");
    f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase turn-start\n    Austria roll d10: 2 +1(British) +1(NELSON) = 5\n"),
                    "ngn 5.4 Dice", Kind::WrongResult);
    EXPECT_EQ(f.message, "the total does not add up: 2 + 1(British) + 1(NELSON) = 4");
    f = one_problem(with_ruleset("admiral", "", "turn 1\n  phase tactical\n    Austria roll d10: 0 -2 = -2\n"), "ngn 5.4 Dice",
                    Kind::WrongResult);
    EXPECT_EQ(*f.expected, "8");  // admiral reads a 0 on the d10 as 10
}

// ---- the sequence of play -------------------------------------------------------------------------

TEST(Sequence, InOrder) {
    clean(base("phase setup\n  AUT roll d10: 3\n"
               "turn 1\n  phase tactical\n  phase operational\n  phase chronometric\n"
               "turn 2\n  phase tactical\n  phase operational\n  phase chronometric\n"));
    clean(with_ruleset("tmbv", "",
                       "turn 1\n  phase 5.0\n    segment 5.1\n    segment 5.2\n    segment 5.3\n  phase operations\n  phase 7.0\n"));
}

TEST(Sequence, PhaseOutOfOrder) {
    auto f = one_problem(base("turn 1\n  phase tactical\n  phase chronometric\n  phase operational\n"),
                         "admiral Playing Admiral/The Turn", Kind::Illegal);
    EXPECT_EQ(f.message, "phase operational comes before phase chronometric in the sequence of play");
    EXPECT_EQ(f.pos, (ngn::SourcePos{14, 9}));
}

TEST(Sequence, PhasePlayedTwice) {
    auto f = one_problem(base("turn 1\n  phase operational\n  phase operational\n"), "admiral Playing Admiral/The Turn", Kind::Illegal);
    EXPECT_EQ(f.message, "phase operational was already played in turn 1");
}

TEST(Sequence, UnknownAndMisplacedHeadings) {
    auto f = one_problem(base("turn 1\n  phase operationnal\n"), "admiral Playing Admiral/The Turn", Kind::Inconsistent);
    EXPECT_EQ(f.message, "unknown phase 'operationnal'; did you mean 'operational'? expected one of: tactical, operational, chronometric");
    f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase weather\n"), "tmbv 4.0 Sequence of Play", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'weather' is a segment of the sequence of play, not a phase: write 'segment weather'");
    f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase operations\n    segment weather\n"), "tmbv 5.1 Weather Determination Segment",
                    Kind::Illegal);
    EXPECT_EQ(f.message, "segment weather is out of place here: it belongs in phase turn-start (tmbv 5.0 Turn Start Phase)");
    f = one_problem(base("turn 1\n  phase setup\n"), "admiral Playing Admiral/Game Setup", Kind::Illegal);
    EXPECT_EQ(f.message, "phase setup is out of place here: it is played once, before turn 1");
    f = one_problem(base("phase tactical\n"), "admiral Playing Admiral/Tactical Phase", Kind::Illegal);
    EXPECT_EQ(f.message, "phase tactical is out of place here: it is played within a turn: write the turn heading first");
}

TEST(Sequence, TurnNumbers) {
    auto f = one_problem(base("turn 2\n"), "ngn 5.1 Turns and headings", Kind::Inconsistent);
    EXPECT_EQ(f.message, "the record starts at turn 2 but has no [SetUp \"1\"] tag; a record without one starts at turn 1");
    f = one_problem(base("turn 1\nturn 3\nturn 4\n"), "ngn 5.1 Turns and headings", Kind::Inconsistent);
    EXPECT_EQ(f.message, "turn 3 follows turn 1: turn 2 is missing");
    f = one_problem(base("turn 1\nturn 1\nturn 2\n"), "ngn 5.1 Turns and headings", Kind::Inconsistent);
    EXPECT_EQ(f.message, "turn 1 is written twice");
    one_problem(base("turn one\n"), "ngn 5.1 Turns and headings", Kind::Inconsistent);
    std::string twelve;
    for (int t = 1; t <= 13; ++t) twelve += "turn " + std::to_string(t) + "\n";
    f = one_problem(with_ruleset("tmbv", "", twelve), "tmbv 4.0 Sequence of Play", Kind::Illegal);
    EXPECT_EQ(f.message, "the game has 12 turns; this is turn 13");
}

TEST(Sequence, SetUpStartsAnywhere) {
    std::string text = base("setup FM speed 8\nturn 4\n  phase operational\n    FM fire 2d6: 5 6\nturn 5\n");
    text.insert(text.find("[Side1"), "[SetUp \"1\"]\n");
    clean(text);
    auto f = one_problem(base("setup FM speed 8\nturn 1\n"), "ngn 4.4 Set-up", Kind::Inconsistent);
    EXPECT_EQ(f.message, "a setup line needs [SetUp \"1\"] in the header (the record starts mid-game)");
    std::string late = base("turn 1\nsetup FM speed 8\n");
    late.insert(late.find("[Side1"), "[SetUp \"1\"]\n");
    f = one_problem(late, "ngn 4.4 Set-up", Kind::Inconsistent);
    EXPECT_EQ(f.message, "setup lines come before the first heading of play");
}

TEST(Sequence, TmbvCaseNumbersImpulsesAndVariants) {
    clean(with_ruleset("tmbv", "",
                       "turn 1\n  phase 5.0\n    segment 5.1\n    segment 5.2\n    segment 5.3\n  phase 6.0\n    impulse 1\n    impulse 2\n"
                       "  phase tactical-combat\n    segment battle @Lissa\n      impulse 1\n        step formation\n        step formation\n"
                       "        step non-formation\n      impulse 2\n    segment battle @Ancona\n      impulse 1\n"
                       "  phase 8.0\n  phase 9.0\n  phase 10.0\n  phase 11.0\n    segment weather-damage\n    segment repair\n"
                       "    segment reinforcement\n  phase 12.0\n"));
    auto f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase operations\n    impulse 1\n    impulse 3\n"),
                         "ngn 5.1 Turns and headings", Kind::Inconsistent);
    EXPECT_EQ(f.message, "impulse 3 follows impulse 1: impulse 2 is missing");
    std::string impulses;
    for (int i = 1; i <= 13; ++i) impulses += "      impulse " + std::to_string(i) + "\n";
    f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase tactical-combat\n    segment battle\n" + impulses),
                    "tmbv 7.5 Combat Impulse Sequence of Play", Kind::Illegal);
    EXPECT_EQ(f.message, "there are 12 impulses; this is impulse 13");
    f = one_problem(with_ruleset("tmbv", "", "turn 1\n  phase tactical-combat\n    segment battle\n      impulse 1\n"
                                             "        step non-formation\n        step formation\n"),
                    "tmbv 7.5 Combat Impulse Sequence of Play", Kind::Illegal);
    clean(with_ruleset("tmbv", "[Variant \"lissa\"]\n", "turn 1\n  phase tactical-combat\n    impulse 1\n    impulse 2\n"));
    f = one_problem(with_ruleset("tmbv", "[Variant \"lissa\"]\n", "turn 1\n  phase operations\n"), "tmbv 13.2 Battle of Lissa",
                    Kind::Inconsistent);
}

TEST(Sequence, EiaMonthsAndPowers) {
    clean(with_ruleset("eia-naval", "",
                       "turn 1805-10\n  phase naval\n    segment russia\n      step movement\n      step combat\n"
                       "    segment GB\n      step movement\n    segment france\n      step movement\n      step combat\n"
                       "turn 1805-11\n  phase naval\n    segment turkey\n    segment spain\n    segment \"Great Britain\"\n"));
    auto f = one_problem(with_ruleset("eia-naval", "", "turn 1805-10\n  phase naval\n    segment france\n    segment russia\n"),
                         "eia-naval 6.1 Naval Phase Sequence", Kind::Illegal);
    EXPECT_EQ(f.message, "segment russia comes before segment france in the sequence of play");
    f = one_problem(with_ruleset("eia-naval", "", "turn 1805-10\n  phase naval\n    segment GB\n    segment russia\n    segment GB\n"),
                    "eia-naval 6.1 Naval Phase Sequence", Kind::Illegal);
    EXPECT_EQ(f.message, "segment great-britain was already played");
    f = one_problem(with_ruleset("eia-naval", "", "turn 1805-10\n  phase naval\n    segment spain\n      step combat\n      step movement\n"),
                    "eia-naval 6.1 Naval Phase Sequence", Kind::Illegal);
    f = one_problem(with_ruleset("eia-naval", "", "turn 1805-10\nturn 1806-01\n"), "ngn 5.1 Turns and headings", Kind::Inconsistent);
    EXPECT_EQ(f.message, "turn 1806-01 follows turn 1805-10: turn 1805-11 is missing");
    clean(with_ruleset("eia-naval", "", "turn 1805-12\nturn 1806-01\n"));
    one_problem(with_ruleset("eia-naval", "", "turn 12\n"), "ngn 5.1 Turns and headings", Kind::Inconsistent);
}

TEST(Sequence, Late19cVariants) {
    clean(with_ruleset("late19c", "", "side Austria\nunit I1 infantry poor #0101/S\nturn 1\n  phase tiles\n    I1 tile 2H\n"
                                      "  phase artillery\n  phase activation\n    I1 move #0102\n  phase exhaustion\n"));
    clean(with_ruleset("late19c", "[Variant \"naval\"]\n", "turn 1\n  phase guns\n  phase torpedoes\n  phase move-order\n  phase movement\n"));
    one_problem(with_ruleset("late19c", "[Variant \"naval\"]\n", "turn 1\n  phase movement\n  phase guns\n"),
                "late19c Naval/Turn Sequence (Naval Combat only)", Kind::Illegal);
    one_problem(with_ruleset("late19c", "", "turn 1\n  phase guns\n"), "late19c Land/Turn Sequence", Kind::Inconsistent);
}

TEST(Sequence, AdmiralBeforePlay) {
    clean(with_ruleset("admiral", "", "phase setup\n  Austria roll d10: 7\nturn 1\n  phase tactical\n  phase operational\n  phase chronometric\n"));
    one_problem(with_ruleset("admiral", "", "turn 1\n  phase operational\n  phase tactical\n"), "admiral Playing Admiral/The Turn",
                Kind::Illegal);
}

TEST(Sequence, OneMistakeOneFinding) {
    // a phase out of order, then the game goes on normally: nothing else is reported
    auto problems = problems_of(base(
        "turn 1\n  phase operational\n  phase tactical\n    AUT roll d6: 3\n  phase chronometric\n"
        "turn 2\n  phase tactical\n  phase operational\n"));
    ASSERT_EQ(problems.size(), 1u) << describe(problems);
    // a missing turn: the replay follows the record's numbering from there
    problems = problems_of(base("turn 1\nturn 3\nturn 4\nturn 5\n"));
    EXPECT_EQ(problems.size(), 1u) << describe(problems);
    // an unknown phase does not make the events under it misplaced
    problems = problems_of(base("turn 1\n  phase operationnal\n    FM fire 2d6: 1 2\n    RdI fire 2d6: 3 4\n"));
    EXPECT_EQ(problems.size(), 1u) << describe(problems);
}

// ---- rulings -------------------------------------------------------------------------------------

TEST(Rulings, OnAnEvent) {
    auto all = findings_of(base("turn 1\n  phase chronometric\n    FM problems 2d6: 3 4 = 8\n    ; the umpire speaks\n"
                                     "    ruling \"the umpire let the total stand\"\n"));
    auto problems = problems_of(base("turn 1\n  phase chronometric\n    FM problems 2d6: 3 4 = 8\n    ruling \"x\"\n"));
    EXPECT_TRUE(problems.empty()) << describe(problems);
    auto ruled = std::find_if(all.begin(), all.end(), [](const Finding& f) { return f.ruling.has_value(); });
    ASSERT_NE(ruled, all.end()) << describe(all);
    EXPECT_EQ(ruled->severity, Severity::Note);
    EXPECT_EQ(ruled->rule.text(), "ngn 5.4 Dice");
    EXPECT_EQ(ruled->ruling->text, "the umpire let the total stand");
    EXPECT_EQ(ruled->ruling->pos.line, 15u);
}

TEST(Rulings, CitationMustMatch) {
    // a ruling on another rule leaves the finding as it was, and is itself flagged as matching nothing
    auto problems = problems_of(base("turn 1\n  phase chronometric\n    FM problems 2d6: 3 4 = 8\n    ruling tmbv 7.3 \"x\"\n"));
    ASSERT_EQ(problems.size(), 2u) << describe(problems);
    EXPECT_EQ(problems[0].rule.text(), "ngn 5.4 Dice");
    EXPECT_EQ(problems[1].message, "this ruling matches no finding on the event above it");
    EXPECT_EQ(problems[1].severity, Severity::Warning);
    clean(base("turn 1\n  phase chronometric\n    FM problems 2d6: 3 4 = 8\n    ruling ngn 5.4 \"x\"\n"));
    clean(base("turn 1\n  phase chronometric\n    FM problems 2d6: 3 4 = 8\n    ruling ngn Dice \"x\"\n"));
}

TEST(Rulings, ForTheWholeGame) {
    std::string text = base("turn 1\n  phase operational\n  phase tactical\nturn 2\n  phase chronometric\n  phase tactical\n");
    text.insert(text.find("side AUT"), "ruling admiral Playing-Admiral/The-Turn \"phases were played in any order this evening\"\n");
    clean(text);
    auto f = one_problem(base("ruling \"anything goes\"\n"), "ngn 6 Rulings and agreements", Kind::Inconsistent);
    EXPECT_EQ(f.message, "a ruling for the whole game must cite the rule it covers, e.g. ruling ironclads Firing \"...\"");
}

TEST(Rulings, MustFollowAnEvent) {
    auto f = one_problem(base("turn 1\n  phase chronometric\n    ruling \"x\"\n"), "ngn 6 Rulings and agreements", Kind::Inconsistent);
    EXPECT_EQ(f.message, "a ruling follows the event it rules on (or stands before play, for the whole game)");
}

// ---- syntax errors stop the replay of their game ----------------------------------------------------

TEST(Replay, GamesWithSyntaxErrorsAreNotReplayed) {
    auto report = check(base("turn 1\n  phase operational\n    FM fire 2d6 1 2\n  phase tactical\n") +
                        "\n[NGN \"1\"]\n[Ruleset \"ironclads\"]\n");
    ASSERT_EQ(report.games.size(), 2u);
    const auto& first = report.games[0];
    EXPECT_FALSE(first.replayed);
    ASSERT_EQ(first.count(Severity::Error), 1u) << describe(first.findings);
    EXPECT_EQ(first.findings[0].kind, Kind::Syntax);
    EXPECT_TRUE(report.games[1].replayed);
}

TEST(Streaming, AGameAtATimeGivesTheSameFindingsAndExcerpts) {
    // Three copies of a faulty record, with a line outside any game: reported as they are read,
    // each game's findings come with the lines they point at, and no report is kept.
    const std::string one = read_file(kSource / "fixtures/errors/play-mistakes.ngn");
    const std::string text = "A stray line\n" + one + "\n" + one + "\n" + one;
    const ironlog::CheckOptions options(test_rulesets());
    auto whole = ironlog::check_text("x.ngn", text, options);
    ASSERT_EQ(whole.games.size(), 3u);
    std::istringstream in(text);
    std::size_t games = 0;
    auto rest = ironlog::check_stream("x.ngn", in, options, {}, [&](ironlog::GameReport&& g, const ngn::SourceExcerpts& lines) {
        const auto& expected = whole.games[games++];
        ASSERT_EQ(describe(g.findings), describe(expected.findings));
        for (const auto& f : g.findings) {
            if (!f.file.empty()) continue;
            EXPECT_TRUE(lines.has(f.pos.line)) << f.pos.line;
            EXPECT_EQ(lines.line(f.pos.line), whole.source.line(f.pos.line));
            EXPECT_EQ(lines.display_column(f.pos), whole.source.display_column(f.pos));
        }
    });
    EXPECT_EQ(games, 3u);
    EXPECT_TRUE(rest.games.empty());
    EXPECT_EQ(describe(rest.findings), describe(whole.findings));
    ASSERT_EQ(rest.findings.size(), 1u);  // the stray line
    EXPECT_EQ(rest.source.line(1), "A stray line");
}

TEST(Streaming, AStreamThatFailsPartWayIsAFinding) {
    // A stream buffer that gives some lines and then an error, as a failing disk would.
    struct FailingBuffer : std::streambuf {
        std::string text = "[Ruleset \"admiral\"]\nturn 1\n; " + std::string(70000, 'a') + "\n";
        bool given = false;
        int_type underflow() override {
            if (given) throw std::ios_base::failure("input/output error");
            given = true;
            setg(text.data(), text.data(), text.data() + text.size());
            return traits_type::to_int_type(text[0]);
        }
    } buffer;
    std::istream in(&buffer);
    auto report = ironlog::check_stream("x.ngn", in, ironlog::CheckOptions(test_rulesets()));
    EXPECT_TRUE(report.read_failed);
    ASSERT_FALSE(report.findings.empty());
    EXPECT_EQ(report.findings.back().severity, Severity::Error);
    // the three lines given were read; the read that asked for more failed
    EXPECT_EQ(report.findings.back().pos.line, 4u);
    EXPECT_NE(report.findings.back().message.find("could not read the file from here on"), std::string::npos);
}

TEST(Robustness, HugeNumbersNeverOverflow) {
    // Found by fuzzing (UBSan: a number far past an int, converted to one). Each record must
    // check without undefined behaviour (the sanitizer build aborts on any), and the rule that
    // reads the number must still speak: the errors cite it ("" where the value is allowed).
    const std::string big = "123333000000000";
    const std::vector<std::pair<std::string, std::string>> cases = {
        // Ironclads: cards and ship specifications with huge stats and gun counts
        {"[Ruleset \"ironclads\"]\nside A\nship S fwd " + big + " port 2 stbd 2 rear 0 armour " + big + " prop 10 hull " + big + "\n",
         "ironclads Appendix A Data Cards"},
        {"[Ruleset \"ironclads\"]\nside A\nship S broadside " + big + " belt 4in knots 12 tons 5000\n", "ironclads Appendix A Data Cards"},
        {"[Ruleset \"ironclads\"]\nside A\nship S fwd 1 port 2 stbd 2 rear 0 armour 3 prop 10 hull 5\nturn 1\n  phase movement\n    S speed " +
             big + " move 8cm\n",
         "ironclads Movement/Speed"},
        {"[Ruleset \"ironclads\"]\nside A\nship S hull 10 belt " + big + "0000000 backing 0\n", "ironclads Appendix A Data Cards"},  // derived
        // the sum of many large modifiers
        {"[Ruleset \"admiral\"]\nside A\nturn 1\n  A roll d6: 3 +" + big + " +" + big + " +" + big + " = 4\n", "ngn 5.4 Dice"},
        // late19c: strength points and hill heights are the scenario's to give
        {"[NGN \"1\"]\n[Ruleset \"late19c\"]\nterrain hill " + big + " #0101\nside A\nunit U infantry average sp " + big + " #0202/N\n", ""},
        // eia-naval: ships in a fleet
        {"[NGN \"1\"]\n[Ruleset \"eia-naval\"]\n[Map \"maps/eia-sample-map.ngn\"]\nside FR \"France\"\nfleet F ships " + big + " @Brest/port\n", ""},
    };
    for (const auto& [record, rule] : cases) {
        auto report = check(record);
        ASSERT_EQ(report.games.size(), 1u) << record;
        std::vector<std::string> cited;
        for (const auto& f : report.games[0].findings)
            if (f.severity == Severity::Error) cited.push_back(f.rule.text());
        if (rule.empty())
            EXPECT_TRUE(cited.empty()) << record << describe(report.games[0].findings);
        else
            EXPECT_NE(std::find(cited.begin(), cited.end(), rule), cited.end()) << record << describe(report.games[0].findings);
    }
}
