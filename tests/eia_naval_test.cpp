// The eia-naval engine, case by case: a legal record that checks clean and a faulty one flagged
// with the exact case number; the map and table pack files; and the two sample records with one
// seeded mistake each, which must give exactly one finding.
#include "geometry/area_map.hpp"
#include "rules/registry.hpp"
#include "rules/eia_naval/generator.hpp"
#include "rules/eia_naval/tables.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

using namespace testing_util;
using ironlog::Finding;
using ironlog::Kind;

namespace {

// Great Britain and France at war on the sample map, in July (no ice); records are read as if
// they stood in fixtures/games.
std::string record(const std::string& body, const std::string& forces = "", const std::string& tags = "",
                   const std::string& month = "1805-07") {
    std::string f = forces.empty() ? "side GB \"Great Britain\" war France\n"
                                     "fleet GB1 ships 10 @Portsmouth/port\n"
                                     "fleet GB2 ships 10 @\"Western Approaches\"\n"
                                     "side FR \"France\" war \"Great Britain\"\n"
                                     "fleet FR1 ships 10 @Brest/port\n"
                                     "fleet FR2 ships 10 @\"Bay of Biscay\"\n"
                                   : forces;
    return "[NGN \"1\"]\n[Ruleset \"eia-naval\"]\n[Side1 \"Great Britain\"]\n[Side2 \"France\"]\n" + tags +
           "[Map \"../maps/eia-sample-map.ngn\"]\n[Tables \"../tables/eia-naval-tables.ngn\"]\n\n" + f + "\nturn " + month +
           "\n  phase naval\n" + body;
}
std::string gb_moves(const std::string& lines, const std::string& combat = "") {
    return "    segment great-britain\n      step movement\n" + lines + "      step combat\n" + combat;
}
std::string fr_moves(const std::string& lines, const std::string& combat = "") {
    return "    segment france\n      step movement\n" + lines + "      step combat\n" + combat;
}
void clean(const std::string& text) { expect_clean(text, "games"); }
Finding one(const std::string& text, const std::string& rule, Kind kind) { return expect_one(text, rule, kind, "games"); }

}  // namespace

// ---- the map and the table pack ------------------------------------------------------------------

TEST(EiaMap, TheSampleMapAndItsFormat) {
    ironlog::Findings findings;
    auto map = geometry::AreaMap::load(kSource / "fixtures/maps/eia-sample-map.ngn", "sample", findings);
    EXPECT_TRUE(findings.all().empty()) << describe(findings.all());
    EXPECT_TRUE(map.adjacent("English Channel", "Bay of Biscay"));
    EXPECT_TRUE(map.adjacent("Bay of Biscay", "English Channel"));  // written once, read both ways
    EXPECT_FALSE(map.adjacent("Irish Sea", "Bay of Biscay"));
    ASSERT_TRUE(map.find("Brest"));
    EXPECT_TRUE(map.find("Brest")->port);
    EXPECT_EQ(map.find("Brest")->harbour, 2);
    EXPECT_EQ(map.find("brest")->controller, "France");
    EXPECT_TRUE(map.find("Gulf of Finland")->ice);
    EXPECT_TRUE(map.find("Dardanelles")->dardanelles);
    EXPECT_EQ(map.winter_months(), (std::set<int>{12, 1, 2}));

    auto dir = temp_dir();
    write_file(dir / "bad.ngn", "\"North Sea\" sea adjacent \"Nort Sea\"\nBrest port land Brittany\nAtlantis ocean\n\"North Sea\" sea\n");
    ironlog::Findings bad;
    geometry::AreaMap::load(dir / "bad.ngn", "bad.ngn", bad);
    ASSERT_EQ(bad.all().size(), 4u) << describe(bad.all());
    EXPECT_EQ(bad.all()[0].file, "bad.ngn");
    EXPECT_EQ(bad.all()[0].pos.line, 3u);  // Atlantis: neither sea nor port
    std::filesystem::remove_all(dir);
}

TEST(EiaTables, ThePackReadsTheBooksExample) {
    ironlog::Findings findings;
    auto pack = ironlog::rules::eia_naval::TablePack::load(kSource / "fixtures/tables/eia-naval-tables.ngn", "pack", findings);
    EXPECT_TRUE(findings.all().empty()) << describe(findings.all());
    EXPECT_EQ(pack.percentage(5), 20);
    EXPECT_EQ(pack.percentage(0), 5);   // below the table: its first row
    EXPECT_EQ(pack.percentage(8), 25);  // above: its last
    EXPECT_EQ(pack.casualties(20, 31), 6);  // 6.3.3.4: 4 for 20 factors and 2 for 11
    EXPECT_EQ(pack.casualties(15, 54), 8);  // 3 + 3 + 2
}

TEST(EiaTables, WithoutAPackResultsAreUnverifiedNotGuessed) {
    std::string text = record(gb_moves("        GB move GB2 @\"Bay of Biscay\"\n",
                                       "        GB attack FR @\"Bay of Biscay\"\n        GB windgauge d6: 6 +1(British) = 7\n"
                                       "        FR windgauge d6: 1 => GB\n        GB combat d6: 6 +1(British) = 7 => 25% 3\n"
                                       "        FR combat d6: 1 => 5% 1\n        GB result => win 1\n        FR result => lose 1\n"
                                       "        FR retreat @Brest/port\n"));
    const std::string tag = "[Tables \"../tables/eia-naval-tables.ngn\"]\n";
    clean(text);
    text.erase(text.find(tag), tag.size());
    auto all = ironlog::check_text("t.ngn", text, ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures/games"));
    clean(text);
    std::size_t notes = 0;
    for (const auto& f : all.games[0].findings)
        if (f.kind == Kind::Unverifiable) ++notes;
    EXPECT_EQ(notes, 1u);
}

TEST(EiaTables, ARecordNeedsItsMap) {
    std::string text = record("");
    text.erase(text.find("[Map"), text.find("\n", text.find("[Map")) + 1 - text.find("[Map"));
    one(text, "ngn 3.6 Files a record uses", Kind::Inconsistent);
}

// ---- 6.1: the sequence ---------------------------------------------------------------------------

TEST(EiaSequence, EachPowerInItsOwnSequenceAndStep) {
    clean(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" => 1 mp\n")));
    one(record(gb_moves("        FR move FR2 @\"English Channel\"\n")), "eia-naval 6.1", Kind::Illegal);
    one(record("    segment great-britain\n      step combat\n        GB move GB1 @\"English Channel\"\n"), "eia-naval 6.1.3", Kind::Illegal);
    // the powers' order is 6.1's (not 6.0, the phase's heading)
    one(record("    segment france\n      step movement\n    segment russia\n      step movement\n"), "eia-naval 6.1 Naval Phase Sequence", Kind::Illegal);
    // a minor free state's fleet moves with its controller
    const std::string minor = "side GB \"Great Britain\" war France\nfleet PO1 ships 5 @Lisbon/port minor Portugal\n"
                              "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    clean(record(gb_moves("        GB move PO1 @Lisbon/blockade @\"Portuguese Coast\"\n"), minor));
    one(record(fr_moves("        GB move PO1 @Lisbon/blockade @\"Portuguese Coast\"\n"), minor), "eia-naval 6.1.1", Kind::Illegal);
}

TEST(EiaSequence, CombinedMovementInTheLaterAllysSequence) {
    const std::string allies = "side GB \"Great Britain\" war France,Spain\nfleet GB1 ships 10 @Portsmouth/port\n"
                               "side FR \"France\" war \"Great Britain\" combined Spain\nfleet FR1 ships 10 @Brest/port\n"
                               "side SP \"Spain\" war \"Great Britain\"\nfleet SP1 ships 10 @Ferrol/port\n";
    const std::string tags = "[Side3 \"Spain\"]\n";
    clean(record(fr_moves("") + "    segment spain\n      step movement\n        SP move FR1 @Brest/blockade @\"Bay of Biscay\"\n",
                 allies, tags));
    one(record(fr_moves("        SP move SP1 @Ferrol/blockade @\"Bay of Biscay\"\n"), allies, tags), "eia-naval 6.1.2", Kind::Illegal);
}

// ---- 6.2: movement ----------------------------------------------------------------------------------

TEST(EiaMovement, PointsAndCosts) {
    // port to box free, box to sea 1, each sea area 1: seven at most
    // what a step costs: sea areas by 6.2.1.1, ports and their boxes by 6.2.1.2
    auto f = one(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" => 2 mp\n")), "eia-naval 6.2.1.2",
                 Kind::WrongResult);
    EXPECT_EQ(*f.expected, "1 mp");
    one(record(gb_moves("        GB move GB2 @\"English Channel\" @\"Bay of Biscay\" => 1 mp\n")), "eia-naval 6.2.1.1", Kind::WrongResult);
    one(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"Irish Sea\"\n")), "eia-naval 6.2.1.2", Kind::Illegal);
    one(record(gb_moves("        GB move GB2 @\"Irish Sea\" @\"Bay of Biscay\"\n")), "eia-naval 6.2.1.1", Kind::Illegal);
    const std::string far = "        GB move GB2 @\"Bay of Biscay\" @\"Cape Finisterre\" @\"Portuguese Coast\" @\"Atlantic Ocean\" @\"Western Approaches\" "
                            "@\"Irish Sea\" @\"Western Approaches\" @\"Bay of Biscay\"\n";
    one(record(gb_moves(far)), "eia-naval 6.2.1", Kind::Illegal);
    // into a port from a sea area its box touches: 1
    clean(record(gb_moves("        GB move GB2 @Plymouth/port => 1 mp\n")));
}

TEST(EiaMovement, PortsTheDardanellesAndTheIce) {
    // another power's port: only to attack a fleet there, or with access
    one(record(gb_moves("        GB move GB2 @\"Bay of Biscay\" @\"Cape Finisterre\" @\"Portuguese Coast\" @Lisbon/port\n")), "eia-naval 6.2.1.2",
        Kind::Illegal);
    const std::string access = "side GB \"Great Britain\" war France access Portugal\nfleet GB2 ships 10 @\"Western Approaches\"\n"
                               "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    clean(record(gb_moves("        GB move GB2 @\"Bay of Biscay\" @\"Cape Finisterre\" @\"Portuguese Coast\" @Lisbon/port\n"), access));
    // the Dardanelles
    const std::string east = "side GB \"Great Britain\" war France\nfleet GB1 ships 10 @\"Aegean Sea\"\n"
                             "side FR \"France\" war \"Great Britain\" dardanelles\nfleet FR1 ships 10 @\"Aegean Sea\"\n";
    one(record(gb_moves("        GB move GB1 @Dardanelles\n"), east), "eia-naval 6.2.1.3", Kind::Illegal);
    clean(record(fr_moves("        FR move FR1 @Dardanelles\n"), east));
    // the ice line in winter
    const std::string north = "side GB \"Great Britain\" war France\nfleet GB1 ships 10 @Skagerrak\n"
                              "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    clean(record(gb_moves("        GB move GB1 @\"Baltic Sea\"\n"), north));
    one(record(gb_moves("        GB move GB1 @\"Baltic Sea\"\n"), north, "", "1806-01"), "eia-naval 6.2.1.4", Kind::Illegal);
}

TEST(EiaMovement, StacksMoveOnce) {
    one(record(gb_moves("        GB move GB2 @\"Bay of Biscay\"\n        GB move GB2 @\"Cape Finisterre\"\n")), "eia-naval 6.2.2.4", Kind::Illegal);
    // picking up and dropping off
    clean(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" @\"Western Approaches\" pick GB2 @\"Irish Sea\" drop GB2 @Dublin/port\n")));
    one(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" pick GB2 @\"Western Approaches\"\n")), "eia-naval 6.2.2.2",
        Kind::Illegal);
    one(record(gb_moves("        GB move GB1,GB2 @\"English Channel\"\n")), "eia-naval 6.2.2.2", Kind::Illegal);
}

TEST(EiaMovement, BlockadeBoxes) {
    // a box is entered at war with the port's holder
    clean(record(gb_moves("        GB move GB2 @\"Bay of Biscay\" @Rochefort/blockade\n")));
    const std::string friends = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @\"Cape Finisterre\"\n"
                                "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    one(record(gb_moves("        GB move GB2 @Ferrol/blockade\n"), friends), "eia-naval 6.2.7", Kind::Illegal);
    // and left when no war keeps the stack there
    const std::string idle = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @Ferrol/blockade\n"
                             "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    one(record(gb_moves(""), idle), "eia-naval 6.2.7.1", Kind::Illegal);
}

// ---- 6.2.3: interceptions ----------------------------------------------------------------------------

TEST(EiaInterception, WhoMayTryAndTheDie) {
    const std::string into_bay = "        GB move GB2 @\"Bay of Biscay\"\n";
    // FR2 in the same area (0-3); FR1 in Brest, whose box touches the Bay (0-1)
    clean(record(gb_moves(into_bay + "        FR intercept FR2 d6: 4 => fails\n")));
    auto f = one(record(gb_moves(into_bay + "        FR intercept FR2 d6: 4 => intercepted\n")), "eia-naval 6.2.3.2.2.2", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "fails");
    one(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\"\n        FR intercept FR1 d6: 2 => intercepted\n")),
        "eia-naval 6.2.3.2.2.1", Kind::WrongResult);
    // a fleet in port into a sea area next to it: 0 or 1 by default, 0 to 3 with port-interception=same-area
    const std::string from_brest = into_bay + "        FR intercept FR1 d6: 3 => fails\n";
    clean(record(gb_moves(from_brest)));
    f = one(record(gb_moves(from_brest), "", "[Options \"port-interception=same-area\"]\n"), "eia-naval 6.2.3.2.2.2", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "intercepted");
    // not next to the moving stack
    one(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" @\"North Sea\"\n        FR intercept FR2 d6: 1 => fails\n")),
        "eia-naval 6.2.3.1", Kind::Illegal);
    // a stack entering a port is intercepted only if it asks
    const std::string box = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @\"English Channel\"\n"
                            "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Portsmouth/blockade\n";
    one(record(gb_moves("        GB move GB2 @Portsmouth/port\n        FR intercept FR1 => intercepted\n"), box), "eia-naval 6.2.3.1.2.1",
        Kind::Illegal);
    // a blockade box: automatic, no die
    clean(record(gb_moves("        GB move GB2 @Portsmouth/blockade\n        FR intercept FR1 => intercepted\n"
                          "        FR windgauge d6: 3\n        GB windgauge d6: 3 +1(British) = 4 => GB\n"
                          "        GB combat d6: 1 +1(British) = 2 => 10% 1\n        FR combat d6: 1 => 5% 1\n"
                          "        FR result => lose 1\n        GB result => win 1\n        FR retreat @Brest/port\n"),
                 box));
}

TEST(EiaInterception, NelsonOrderAndOneStack) {
    const std::string nelson = "side GB \"Great Britain\" war France\nleader NELSON @\"Western Approaches\"\nfleet GB2 ships 10 @\"Western Approaches\"\n"
                               "side FR \"France\" war \"Great Britain\"\nfleet FR2 ships 10 @Rochefort/port\n";
    const std::string out = "        FR move FR2 @Rochefort/blockade @\"Bay of Biscay\"\n";
    clean(record(fr_moves(out + "        GB intercept GB2,NELSON d6: 2 -1(NELSON) = 1 => intercepted\n"
                                "        GB windgauge d6: 3 +1(British) +1(NELSON) = 5\n        FR windgauge d6: 5 => none\n"
                                "        GB combat d6: 1 +1(British) = 2 => 10% 1\n        FR combat d6: 1 => 5% 1\n"
                                "        GB result => lose -2\n        FR result => win 1\n        GB retreat @Plymouth/port\n"),
                 nelson));
    one(record(fr_moves(out + "        GB intercept GB2,NELSON d6: 2 => fails\n"), nelson), "eia-naval 6.2.3.2.3", Kind::WrongResult);
    // one attempt per power, with the whole stack
    one(record(fr_moves(out + "        GB intercept GB2,NELSON d6: 4 -1(NELSON) = 3 => fails\n        GB intercept GB2,NELSON d6: 1 -1 = 0 => fails\n"),
               nelson),
        "eia-naval 6.2.3.1.2.5", Kind::Illegal);
    const std::string two = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @\"Western Approaches\"\nfleet GB3 ships 4 @\"Western Approaches\"\n"
                            "side FR \"France\" war \"Great Britain\"\nfleet FR2 ships 10 @Rochefort/port\n";
    one(record(fr_moves(out + "        GB intercept GB2 d6: 4 => fails\n"), two), "eia-naval 6.2.2", Kind::Illegal);
}

TEST(EiaInterception, AfterTheCombat) {
    // the interceptors lose: they retreat, try no more this sequence; the phasing stack goes on
    const std::string won = "        GB move GB2 @\"Bay of Biscay\"\n        FR intercept FR2 d6: 1 => intercepted\n"
                            "        FR windgauge d6: 1\n        GB windgauge d6: 6 +1(British) = 7 => GB\n"
                            "        GB combat d6: 6 +1(British) = 7 => 25% 3\n        FR combat d6: 1 => 5% 1\n"
                            "        GB result => win 1\n        FR result => lose 1\n        FR retreat @Rochefort/port\n";
    clean(record(gb_moves(won + "        GB move GB2 @\"Cape Finisterre\"\n")));
    one(record(gb_moves(won + "        GB move GB2 @\"English Channel\"\n        FR intercept FR1 d6: 1 => intercepted\n")), "eia-naval 6.2.3.4.2",
        Kind::Illegal);
    // the interceptors win: the phasing stack retreats and stops, and a retreating stack is not intercepted
    const std::string lost = "        GB move GB2 @\"Bay of Biscay\"\n        FR intercept FR2 d6: 1 => intercepted\n"
                             "        FR windgauge d6: 6\n        GB windgauge d6: 1 +1(British) = 2 => FR\n"
                             "        FR combat d6: 6 => 25% 3\n        GB combat d6: 1 +1(British) = 2 => 10% 1\n"
                             "        FR result => win 1\n        GB result => lose 1\n        GB retreat @Plymouth/port\n";
    clean(record(gb_moves(lost)));
    one(record(gb_moves(lost + "        GB move GB2 @\"English Channel\"\n")), "eia-naval 6.2.2.4", Kind::Illegal);
    one(record(gb_moves(lost + "        FR intercept FR1 d6: 1 => intercepted\n")), "eia-naval 6.2.3", Kind::Illegal);
    // the retreat is due
    one(record(gb_moves("        GB move GB2 @\"Bay of Biscay\"\n        FR intercept FR2 d6: 1 => intercepted\n"
                        "        FR windgauge d6: 1\n        GB windgauge d6: 6 +1(British) = 7 => GB\n"
                        "        GB combat d6: 6 +1(British) = 7 => 25% 3\n        FR combat d6: 1 => 5% 1\n")),
        "eia-naval 6.3.5", Kind::Inconsistent);
}

// ---- 6.2.4, 6.3: combat ----------------------------------------------------------------------------------

namespace {
const std::string kMeet = "        GB move GB2 @\"Bay of Biscay\"\n";
std::string fight(const std::string& lines) { return record(gb_moves(kMeet, "        GB attack FR @\"Bay of Biscay\"\n" + lines)); }
const std::string kGbWins = "        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n"
                            "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR combat d6: 2 => 10% 1\n"
                            "        GB result => win 1\n        FR result => lose 1\n";
}  // namespace

TEST(EiaCombat, WindGaugeRollsAndLosses) {
    clean(fight(kGbWins + "        FR retreat @Rochefort/port\n        GB pursue @Rochefort/blockade\n"));
    auto f = one(fight("        GB windgauge d6: 4 = 4\n        FR windgauge d6: 2 => GB\n        GB combat d6: 4 +1 = 5 => 20% 2\n"
                       "        FR combat d6: 2 => 10% 1\n        FR retreat @Rochefort/port\n"),
                 "eia-naval 6.3.3.1", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "+1");
    one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => FR\n        FR combat d6: 2 => 10% 1\n"
              "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR retreat @Rochefort/port\n"),
        "eia-naval 6.3.3.1", Kind::WrongResult);
    // the wind-gauge winner fires first
    one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n        FR combat d6: 2 => 10% 1\n"
              "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR retreat @Rochefort/port\n"),
        "eia-naval 6.3.3.1", Kind::Illegal);
    // the table: percentage, then losses
    f = one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n        GB combat d6: 4 +1(British) = 5 => 25% 2\n"
                  "        FR combat d6: 2 => 10% 1\n        FR retreat @Rochefort/port\n"),
            "eia-naval 6.3.3.2", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "20%");
    f = one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n        GB combat d6: 4 +1(British) = 5 => 20% 3\n"
                  "        FR combat d6: 2 => 10% 1\n        FR retreat @Rochefort/port\n"),
            "eia-naval 6.3.3.2", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "2");
    // a Prussian or Austrian fleet: -1
    std::string prussia = record(gb_moves(kMeet, "        GB attack PR @\"Bay of Biscay\"\n        GB windgauge d6: 4 +1(British) = 5\n"
                                                 "        PR windgauge d6: 2 => GB\n        GB combat d6: 4 +1(British) = 5 => 20% 2\n"
                                                 "        PR combat d6: 3 => 15% 1\n        PR retreat @\"Cape Finisterre\"\n"),
                                 "side GB \"Great Britain\" war Prussia\nfleet GB2 ships 10 @\"Western Approaches\"\n"
                                 "side PR \"Prussia\" war \"Great Britain\"\nfleet PR1 ships 10 @\"Bay of Biscay\"\n");
    const std::string france = "[Side2 \"France\"]";
    prussia.replace(prussia.find(france), france.size(), "[Side2 \"Prussia\"]");
    f = one(prussia, "eia-naval 6.3.3.2", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "-1");
}

TEST(EiaCombat, VictoryAndPoliticalPoints) {
    auto f = one(fight(std::string(kGbWins).replace(kGbWins.find("GB result => win 1"), 18, "GB result => lose 1") +
                       "        FR retreat @Rochefort/port\n"),
                 "eia-naval 6.3.4.1", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "win");
    f = one(fight(std::string(kGbWins).replace(kGbWins.find("GB result => win 1"), 18, "GB result => win 2") + "        FR retreat @Rochefort/port\n"),
            "eia-naval 6.3.4.2", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "+1");
    // equal losses: the attacker loses
    clean(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n        GB combat d6: 1 +1(British) = 2 => 10% 1\n"
                "        FR combat d6: 3 => 15% 1\n        GB result => lose -1\n        FR result => win 1\n        GB retreat @Plymouth/port\n"));
}

TEST(EiaCombat, WhoFightsAndEvasion) {
    const std::string neutral = "side GB \"Great Britain\"\nfleet GB2 ships 10 @\"Western Approaches\"\n"
                                "side FR \"France\"\nfleet FR2 ships 10 @\"Bay of Biscay\"\n";
    one(record(gb_moves(kMeet, "        GB attack FR @\"Bay of Biscay\"\n        FR evade d6: 1 => evaded\n        FR retreat @Rochefort/port\n"), neutral),
        "eia-naval 6.3.1.2", Kind::Illegal);
    clean(fight("        FR evade d6: 2 => evaded\n        FR retreat @Rochefort/port\n"));
    one(fight("        FR evade d6: 3 => evaded\n        FR retreat @Rochefort/port\n"), "eia-naval 6.3.2.1", Kind::WrongResult);
    one(fight("        FR evade d6: 1 => evaded\n        FR retreat @Rochefort/port\n        FR result => lose 1\n"), "eia-naval 6.3.2.2", Kind::Illegal);
    // a stack ending in a port or blockade box with an enemy fleet must attack
    const std::string blockade = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @\"Bay of Biscay\"\n"
                                 "side FR \"France\" war \"Great Britain\"\nfleet FR2 ships 10 @Rochefort/blockade\n";
    one(record(gb_moves("        GB move GB2 @Rochefort/blockade\n"), blockade), "eia-naval 6.2.4", Kind::Illegal);
}

TEST(EiaCombat, RetreatAndPursuit) {
    // nearest friendly port: Rochefort or Brest, 1 MP from the Bay; or an adjacent sea area, and then no pursuit
    clean(fight(kGbWins + "        FR retreat @Brest/port\n"));
    clean(fight(kGbWins + "        FR retreat @\"Cape Finisterre\"\n"));
    auto f = one(fight(kGbWins + "        FR retreat @Amsterdam/port\n"), "eia-naval 6.3.5.1", Kind::Illegal);
    EXPECT_EQ(*f.expected, "Brest or Rochefort");
    one(fight(kGbWins + "        FR retreat @\"Cape Finisterre\"\n        GB pursue @\"Cape Finisterre\"\n"), "eia-naval 6.3.5.1.1", Kind::Illegal);
    one(fight(kGbWins + "        FR retreat @Rochefort/port\n        GB pursue @Brest/blockade\n"), "eia-naval 6.3.5.1", Kind::Illegal);
    one(fight(kGbWins + "        GB retreat @Plymouth/port\n        FR retreat @Rochefort/port\n"), "eia-naval 6.3.5", Kind::Illegal);
}

TEST(EiaCombat, BlockadeBoxRetreats) {
    // a blockaded fleet beaten in the box it sailed into goes back into its port
    const std::string out = "side GB \"Great Britain\" war France\nfleet GB3 ships 10 @Brest/blockade\n"
                            "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    const std::string sortie = "        FR move FR1 @Brest/blockade\n        GB intercept GB3 => intercepted\n"
                               "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR combat d6: 1 => 5% 1\n"
                               "        GB result => win 1\n        FR result => lose 1\n";
    clean(record(fr_moves(sortie + "        FR retreat @Brest/port\n"), out));
    one(record(fr_moves(sortie + "        FR retreat @\"Bay of Biscay\"\n"), out), "eia-naval 6.3.5.3", Kind::Illegal);
    // no wind-gauge roll: the blockaders have it
    one(record(fr_moves("        FR move FR1 @Brest/blockade\n        GB intercept GB3 => intercepted\n        GB windgauge d6: 3 +1(British) = 4\n"
                        "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR combat d6: 1 => 5% 1\n        FR retreat @Brest/port\n"),
               out),
        "eia-naval 6.3.3.1", Kind::Illegal);
}

TEST(EiaCombat, PortCombatsAndHarbourDefences) {
    const std::string at_brest = "side GB \"Great Britain\" war France\nfleet GB3 ships 10 @Brest/blockade\n"
                                 "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    const std::string move_in = "        GB move GB3 @Brest/port\n";
    const std::string port_fight = "        GB attack FR @Brest/port\n        FR harbour d6: 6 => 25% 1\n        GB combat d6: 3 +1(British) = 4 => 15% 1\n"
                                   "        FR combat d6: 6 => 25% 2\n        FR result => win 1\n        GB result => lose 1\n";
    clean(record(gb_moves(move_in, port_fight + "        GB retreat @Brest/blockade\n"), at_brest));
    one(record(gb_moves(move_in, port_fight + "        GB retreat @\"Bay of Biscay\"\n"), at_brest), "eia-naval 6.3.5.2", Kind::Illegal);
    one(record(gb_moves(move_in, port_fight + "        GB retreat @Brest/blockade\n        GB pursue @Brest/port\n"), at_brest), "eia-naval 6.3.5",
        Kind::Illegal);
    // the harbour defences fire first; no wind gauge rolls in a port
    one(record(gb_moves(move_in, "        GB attack FR @Brest/port\n        GB combat d6: 3 +1(British) = 4 => 15% 2\n        FR harbour d6: 6 => 25% 1\n"
                                 "        FR combat d6: 6 => 25% 2\n        GB retreat @Brest/blockade\n"),
               at_brest),
        "eia-naval 6.3.3.3", Kind::Illegal);
    one(record(gb_moves(move_in, "        GB attack FR @Brest/port\n        GB windgauge d6: 3 +1(British) = 4\n        FR harbour d6: 6 => 25% 1\n"
                                 "        GB combat d6: 3 +1(British) = 4 => 15% 1\n        FR combat d6: 6 => 25% 2\n        GB retreat @Brest/blockade\n"),
               at_brest),
        "eia-naval 6.3.3.1", Kind::Illegal);
}

// ---- transport, ports changing hands ------------------------------------------------------------------

TEST(EiaTransport, CorpsByFleet) {
    const std::string army = "side GB \"Great Britain\" war France\nfleet GB1 ships 10 @Portsmouth/port\nunit C1 corps @Portsmouth/port\n"
                             "unit C2 corps @Portsmouth/port\nunit G1 guerilla @Portsmouth/port\n"
                             "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    clean(record(gb_moves("        GB move GB1 carrying C1 @Portsmouth/blockade @\"English Channel\"\n") + "  phase land\n    C1 disembark\n", army));
    one(record(gb_moves("        GB move GB1 carrying C1,C2 @Portsmouth/blockade @\"English Channel\"\n"), army), "eia-naval 6.2.5", Kind::Illegal);
    one(record(gb_moves("        GB move GB1 carrying G1 @Portsmouth/blockade @\"English Channel\"\n"), army), "eia-naval 6.2.5", Kind::Illegal);
    const std::string apart = "side GB \"Great Britain\" war France\nfleet GB1 ships 10 @Portsmouth/port\nunit C1 corps @Plymouth/port\n"
                              "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    one(record(gb_moves("        GB move GB1 carrying C1 @Portsmouth/blockade @\"English Channel\"\n"), apart), "eia-naval 6.2.5.1", Kind::Illegal);
}

namespace {
// GB1 in Lisbon's port, France about to take the port; FR1 off the coast, or blockading it.
const std::string kLisbon = "side GB \"Great Britain\" war France access Portugal\nfleet GB1 ships 6 @Lisbon/port\n"
                            "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @\"Portuguese Coast\"\n";
const std::string kLisbonBlockaded = "side GB \"Great Britain\" war France access Portugal\nfleet GB1 ships 6 @Lisbon/port\n"
                                     "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Lisbon/blockade\n";
const std::string kLisbonTaken = "  phase reinforcement\n    FR controls Lisbon\n";
std::string lisbon_falls(const std::string& forces, const std::string& lines) {
    return "[NGN \"1\"]\n[Ruleset \"eia-naval\"]\n[Side1 \"Great Britain\"]\n[Side2 \"France\"]\n[Map \"../maps/eia-sample-map.ngn\"]\n\n" +
           forces + "\nturn 1805-07\n" + kLisbonTaken + lines;
}
}  // namespace

TEST(EiaPorts, AFleetWhosePortFalls) {
    const std::string& lisbon = kLisbon;
    const std::string& taken = kLisbonTaken;
    clean(record(taken + "    GB1 leave @\"Portuguese Coast\"\n", lisbon).replace(0, 0, "") == "" ? "" : record("", lisbon));
    const std::string& blockaded = kLisbonBlockaded;
    const auto text = lisbon_falls;
    clean(text(lisbon, "    GB1 leave @\"Portuguese Coast\"\n"));
    one(text(blockaded, "    GB1 leave @\"Portuguese Coast\"\n"), "eia-naval 6.2.6.1", Kind::Illegal);
    clean(text(blockaded, "    GB1 scuttle => -1\n"));
    one(text(lisbon, "    GB1 scuttle => -1\n"), "eia-naval 6.2.6.1", Kind::Illegal);
    one(text(blockaded, "    GB1 scuttle => -2\n"), "eia-naval 6.2.6.4", Kind::WrongResult);
}

// ---- the sample records ------------------------------------------------------------------------------------

TEST(EiaSamples, EachSeededMistakeGivesOneFinding) {
    const std::string example = read_file(kSource / "fixtures/games/eia-naval-sample.ngn");
    clean(example);
    expect_each_mistake_once(example, {
        {"=> 2 mp", "=> 3 mp", "eia-naval 6.2.1.2", Kind::WrongResult},
        {"FR windgauge d6: 5 => FR", "FR windgauge d6: 5 => GB", "eia-naval 6.3.3.1", Kind::WrongResult},
        {"GB windgauge d6: 2 +1(British) +1(NELSON) = 4", "GB windgauge d6: 2 +1(British) = 3", "eia-naval 6.3.3.1", Kind::WrongResult},
        {"FR combat d6: 5 => 20% 6", "FR combat d6: 5 => 20% 7", "eia-naval 6.3.3.2", Kind::WrongResult},
        {"FR combat d6: 5 => 20% 6", "FR combat 2d6: 5 1 => 20% 6", "eia-naval 6.3.3.2", Kind::Illegal},
        {"FR windgauge d6: 5 => FR", "FR windgauge 2d6: 5 3 => FR", "eia-naval 6.3.3.1", Kind::Illegal},
        {"GB combat d6: 2 +1(British) = 3 => 15% 8", "GB combat d6: 2 +1(British) = 3 => 20% 8", "eia-naval 6.3.3.2", Kind::WrongResult},
        {"GB result => win 4", "GB result => win 3", "eia-naval 6.3.4.2", Kind::WrongResult},
        {"FR result => lose 3", "FR result => win 3", "eia-naval 6.3.4.1", Kind::WrongResult},
        {"FR retreat @Brest/port", "FR retreat @Amsterdam/port", "eia-naval 6.3.5.1", Kind::Illegal},
        {"GB pursue @Brest/blockade", "GB pursue @Rochefort/blockade", "eia-naval 6.3.5.1", Kind::Illegal},
    }, "games");
    const std::string month = read_file(kSource / "fixtures/games/eia-naval-campaign-sample.ngn");
    clean(month);
    expect_each_mistake_once(month, {
        {"GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => fails", "GB intercept GB2,NELSON d6: 3 -1(NELSON) = 2 => intercepted",
         "eia-naval 6.2.3.2.2.1", Kind::WrongResult},
        {"FR move FR2 @\"Cape Finisterre\" => 1 mp", "FR move FR2 @\"Cape Finisterre\" => 2 mp", "eia-naval 6.2.1.1", Kind::WrongResult},
        {"GB combat d6: 4 +1(British) = 5 => 20% 2 {the blockaders", "GB combat d6: 4 +1(British) = 5 => 15% 2 {the blockaders",
         "eia-naval 6.3.3.2", Kind::WrongResult},
        {"FR combat d6: 1 => 5% 1", "FR combat d6: 1 +1(fleet) = 2 => 10% 1", "eia-naval 6.3.3.2", Kind::WrongResult},
        {"SP intercept SP1,SP2,FR2 d6: 6 => fails", "FR intercept FR2 d6: 6 => fails", "eia-naval 6.2.2", Kind::Illegal},
        {"GB windgauge d6: 3 +1(British) +1(NELSON) = 5 => none", "GB windgauge d6: 3 +1(British) +1(NELSON) = 5 => GB", "eia-naval 6.3.3.1",
         Kind::WrongResult},
        {"SP combat d6: 4 => 15% 4", "SP combat d6: 4 => 15% 3", "eia-naval 6.3.3.2", Kind::WrongResult},
        {"SP result => lose 2", "SP result => lose 3", "eia-naval 6.3.4.2", Kind::WrongResult},
        {"        GB pursue GB2,NELSON @Ferrol/blockade\n", "        GB pursue GB2,NELSON @Ferrol/port\n", "eia-naval 6.3.5.1", Kind::Illegal},
        {"FR harbour d6: 6 => 25% 1", "FR harbour d6: 6 => 25% 2", "eia-naval 6.3.3.2", Kind::WrongResult},
        {"GB retreat @Brest/blockade {attackers", "GB retreat @\"Bay of Biscay\" {attackers", "eia-naval 6.3.5.2", Kind::Illegal},
        {"in January RU1 stays\n", "in January RU1 stays\n        RU move RU1 @Kronstadt/blockade @\"Gulf of Finland\"\n",
         "eia-naval 6.2.1.4", Kind::Illegal},
        // dice rolled where the rules give the wind gauge without a roll: the first roll is the
        // one finding; the second roll and a claim that follows the dice follow from it
        {"        GB intercept GB3 => intercepted\n",
         "        GB intercept GB3 => intercepted\n        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 6 => FR\n",
         "eia-naval 6.3.3.1", Kind::Illegal},
        // a pursuit before the retreat: the retreat after it is judged in the rules' order
        {"        SP retreat SP1,SP2,FR2 @Ferrol/port {the nearest friendly port, 1 MP away}\n        GB pursue GB2,NELSON @Ferrol/blockade\n",
         "        GB pursue GB2,NELSON @Ferrol/blockade\n        SP retreat SP1,SP2,FR2 @Ferrol/port {the nearest friendly port, 1 MP away}\n",
         "eia-naval 6.3.5", Kind::Illegal},
    }, "games");
}

TEST(EiaRobustness, RandomEditsOfTheSamples) {
    for (const char* name : {"eia-naval-sample.ngn", "eia-naval-campaign-sample.ngn"})
        expect_random_edits_never_throw(read_file(kSource / "fixtures/games" / name), 300, 806, "games");
}

// ---- the wording of findings ------------------------------------------------------------------------------

// A count of one reads in the singular: "1 movement point", "1 ship" (issue 39).
TEST(EiaMessages, ACountOfOneReadsInTheSingular) {
    auto f = one(record(gb_moves("        GB move GB2 @Plymouth/port => 2 mp\n")), "eia-naval 6.2.1.2", Kind::WrongResult);
    EXPECT_EQ(f.message, "this move costs 1 movement point") << f.message;
    f = one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n"
                  "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR combat d6: 2 => 10% 1\n"
                  "        GB2 lose 1\n        GB2 lose 1\n        GB result => win 1\n        FR result => lose 1\n"
                  "        FR retreat @Rochefort/port\n"),
            "eia-naval 6.3.3.2", Kind::Inconsistent);
    EXPECT_NE(f.message.find("lose 2 ships, more"), std::string::npos) << f.message;
    f = one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n"
                  "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR combat d6: 2 => 10% 1\n"
                  "        GB result => lose -1\n        FR result => lose 1\n        FR retreat @Rochefort/port\n"),
            "eia-naval 6.3.4.1", Kind::WrongResult);
    EXPECT_NE(f.message.find("one side lost 1 ship and the other 2 ships"), std::string::npos) << f.message;
}

// ---- one mistake, one finding: a line that reads as another ---------------------------------------------

// Two words swapped in a move leave a line that plainly reads as a move written in order: one
// finding says so (ngn 5.3), and the fleet is where that move takes it, so its next move checks
// clean (issue 39).
TEST(EiaOneMistake, AMoveWhoseWordsStandOutOfOrderIsOneFinding) {
    const std::string then = "turn 1805-08\n  phase naval\n" + gb_moves("        GB move GB1 @\"Western Approaches\" => 1 mp\n");
    clean(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" => 1 mp\n") + then));
    const std::vector<std::string> swapped = {
        "        GB GB1 move @Portsmouth/blockade @\"English Channel\" => 1 mp\n",    // the action after the fleet
        "        GB move @Portsmouth/blockade GB1 @\"English Channel\" => 1 mp\n",    // the fleet after a place
        "        GB move GB1 @\"English @Portsmouth/blockade Channel\" => 1 mp\n",    // a place inside another's quotes
        "        GB move GB1 @\"English Channel\" @Portsmouth/blockade => 1 mp\n",    // (a whole path, at sea, read as written:)
    };
    for (std::size_t i = 0; i + 1 < swapped.size(); ++i) {
        auto f = one(record(gb_moves(swapped[i]) + then), "ngn 5.3 Events", Kind::Inconsistent);
        EXPECT_NE(f.message.find("this reads as 'GB move GB1 @Portsmouth/blockade @\"English Channel\"'"), std::string::npos) << f.message;
    }
    // a fleet's name inside a place's quotes, a word of a name outside them
    one(record(gb_moves("        GB move @\"English GB1 Channel\" @\"Western Approaches\" => 2 mp\n"), ""),
        "ngn 5.3 Events", Kind::Inconsistent);
    auto f = one(record(fr_moves("        FR move FR2 @\"Cape Finisterre\" @\"Bay Biscay\" of => 2 mp\n")), "ngn 5.3 Events",
                 Kind::Inconsistent);
    EXPECT_NE(f.message.find("'of' belongs inside the quotes of @\"Bay of Biscay\""), std::string::npos) << f.message;
    // two places out of order, the path broken between them: read the other way round
    f = one(record(gb_moves("        GB move GB2 @\"Bay of Biscay\" @\"Portuguese Coast\" @\"Cape Finisterre\" => 3 mp\n") +
                   "turn 1805-08\n  phase naval\n" + gb_moves("        GB move GB2 @\"Atlantic Ocean\" => 1 mp\n")),
            "ngn 5.3 Events", Kind::Inconsistent);
    EXPECT_NE(f.message.find("@\"Cape Finisterre\" comes before @\"Portuguese Coast\""), std::string::npos) << f.message;
}

// A fleet that stays in a blockade box it must leave (6.2.7.1) is said once while it stays, and
// its next move written as from its port follows from it.
TEST(EiaOneMistake, AStackLeftInABlockadeBoxIsSaidOnce) {
    const std::string forces = "side GB \"Great Britain\"\nfleet GB1 ships 10 @Portsmouth/port\nside FR \"France\"\nfleet FR1 ships 10 @Brest/port\n";
    const std::string month = "    segment great-britain\n      step movement\n      step combat\n"
                              "    segment france\n      step movement\n      step combat\n";
    auto f = one(record(gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" @Portsmouth/blockade => 2 mp\n") +
                            "    segment france\n      step movement\n      step combat\n" + "turn 1805-08\n  phase naval\n" + month +
                            "turn 1805-09\n  phase naval\n" + month + "turn 1805-10\n  phase naval\n" +
                            gb_moves("        GB move GB1 @Portsmouth/blockade @\"English Channel\" => 1 mp\n"),
                        forces),
                 "eia-naval 6.2.7.1", Kind::Illegal);
    EXPECT_NE(f.message.find("GB1 began the sequence in @Portsmouth/blockade"), std::string::npos) << f.message;
}

// A fleet removed from the map (its last ships lost, 6.3.6) that the record goes on using: one
// finding at the first line that uses it, naming the combat that took its last ships; its later
// lines follow from it (issue 39).
TEST(EiaOneMistake, AFleetRemovedThatKeepsActingIsOneFinding) {
    const std::string forces = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @\"Western Approaches\"\n"
                               "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\nfleet FR2 ships 2 @\"Bay of Biscay\"\n";
    const std::string wiped = gb_moves(kMeet, "        GB attack FR2\n        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n"
                                              "        GB combat d6: 4 +1(British) = 5 => 20% 2\n        FR combat d6: 2 => 0\n"
                                              "        GB result => win 1\n        FR result => lose 1\n");
    clean(record(wiped, forces));
    const std::string after = fr_moves("        FR move FR2 @Rochefort/blockade @Rochefort/port => 1 mp\n"
                                       "        FR move FR1,FR2 @Brest/blockade => 0 mp\n");
    ironlog::CheckOptions options(ironlog::all_rulesets());
    options.base_dir = kSource / "fixtures/games";
    const auto report = ironlog::check_text("t.ngn", record(wiped + after, forces), options);
    ASSERT_EQ(report.games.size(), 1u);
    const auto& g = report.games.front();
    std::vector<Finding> p;
    for (const auto& f : g.findings)
        if (f.severity != ironlog::Severity::Note) p.push_back(f);
    ASSERT_EQ(p.size(), 1u) << describe(p);
    EXPECT_EQ(p.front().rule.text(), "eia-naval 6.3.6");
    EXPECT_NE(p.front().message.find("FR2 lost its last ships in combat (line "), std::string::npos) << p.front().message;
    EXPECT_EQ(g.excused.size(), 1u);
}

// A fleet scuttled (6.2.6.1) that the record goes on using: one finding at its first line after,
// naming the line that scuttled it; its later lines are excused by that one.
TEST(EiaOneMistake, AScuttledFleetThatActsIsOneFinding) {
    const std::string scuttled = "    GB1 scuttle => -1\n";
    clean(lisbon_falls(kLisbonBlockaded, scuttled));
    const std::string leave = "    GB1 leave @\"Portuguese Coast\"\n";
    const std::string text = lisbon_falls(kLisbonBlockaded, scuttled + leave + leave);
    const Finding f = one(text, "eia-naval 6.2.6.1", Kind::Illegal);
    EXPECT_EQ(f.message, "GB1 was scuttled (line " + std::to_string(line_of(text, "GB1 scuttle")) +
                             "): a scuttled fleet is removed from the map and takes no further part");
    EXPECT_EQ(f.pos.line, line_of(text, "GB1 leave"));
    const auto excused = excused_in(text, "games");
    ASSERT_EQ(excused.size(), 1u);
    EXPECT_EQ(excused.front().cause.line, f.pos.line);
    EXPECT_EQ(excused.front().pos.line, f.pos.line + 1);
}

// ---- the case that governs, where two touch ---------------------------------------------------------------

TEST(EiaCitations, TheCaseThatGovernsWhereTwoTouch) {
    // blockaders not at war with a stack entering their box: it goes by (6.2.7.2), not 6.2.3.1 in general
    const std::string peace = "side GB \"Great Britain\"\nfleet GB2 ships 10 @\"English Channel\"\n"
                              "side FR \"France\"\nfleet FR1 ships 10 @Portsmouth/blockade\n";
    one(record(gb_moves("        GB move GB2 @Portsmouth/blockade\n        FR intercept FR1 => intercepted\n"), peace), "eia-naval 6.2.7.2",
        Kind::Illegal);
    // no evasion from an interception: 6.2.3.3 says it of interceptions (6.3.2 of ports and boxes)
    one(record(gb_moves("        GB move GB2 @\"Bay of Biscay\"\n        FR intercept FR2 d6: 1 => intercepted\n        GB evade d6: 1 => evaded\n"
                        "        FR windgauge d6: 1\n        GB windgauge d6: 6 +1(British) = 7 => GB\n"
                        "        GB combat d6: 6 +1(British) = 7 => 25% 3\n        FR combat d6: 1 => 5% 1\n"
                        "        GB result => win 1\n        FR result => lose 1\n        FR retreat @Rochefort/port\n")),
        "eia-naval 6.2.3.3", Kind::Illegal);
    // harbour defences of a port the attacker has access to are not used (6.3.1.3.1)
    const std::string ferrol = "side GB \"Great Britain\" war France access Spain\nfleet GB2 ships 10 @\"Cape Finisterre\"\n"
                               "side FR \"France\" war \"Great Britain\" access Spain\nfleet FR1 ships 10 @Ferrol/port\n"
                               "side SP \"Spain\"\n";
    one(record(gb_moves("        GB move GB2 @Ferrol/port\n", "        GB attack FR @Ferrol/port\n        SP harbour d6: 3\n"
                                                                "        GB combat d6: 3 +1(British) = 4\n        FR combat d6: 1\n"
                                                                "        GB retreat @Ferrol/blockade\n"),
               ferrol, "[Side3 \"Spain\"]\n"),
        "eia-naval 6.3.1.3.1", Kind::Illegal);
    // a retreat into the Dardanelles without permission: 6.3.5.1.2, not the nearest port of 6.3.5.1
    const std::string aegean = "side GB \"Great Britain\" war France\nfleet GB2 ships 10 @\"Aegean Sea\"\n"
                               "side FR \"France\" war \"Great Britain\"\nfleet FR2 ships 10 @\"Aegean Sea\"\n";
    one(record(fr_moves("", "        FR attack GB @\"Aegean Sea\"\n        FR windgauge d6: 5\n        GB windgauge d6: 2 +1(British) = 3 => FR\n"
                            "        FR combat d6: 6\n        GB combat d6: 1 +1(British) = 2\n        GB retreat @Dardanelles\n"),
               aegean),
        "eia-naval 6.3.5.1.2", Kind::Illegal);
}

// A fleet entering a port it has access to passes through the port's blockade box (6.2.1.2): that
// is no blockade, and 6.2.7 does not bar it (issue 39: a rule read too narrowly).
TEST(EiaMovement, IntoAPortWithAccessThroughItsBox) {
    const std::string lisbon = "side GB \"Great Britain\" war France access Portugal\nfleet PO1 ships 6 @\"Portuguese Coast\" minor Portugal\n"
                               "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    clean(record(gb_moves("        GB move PO1 @Lisbon/blockade @Lisbon/port => 1 mp\n"), lisbon));
    const std::string no_access = "side GB \"Great Britain\" war France\nfleet GB1 ships 6 @\"Portuguese Coast\"\n"
                                  "side FR \"France\" war \"Great Britain\"\nfleet FR1 ships 10 @Brest/port\n";
    one(record(gb_moves("        GB move GB1 @Lisbon/blockade => 1 mp\n"), no_access), "eia-naval 6.2.7", Kind::Illegal);
}

// ---- generated play (issue 39): every enforced case reached, no finding on legal games -------------

namespace {

// The cases a coverage row names: "6.2.2, 6.2.2.1-6.2.2.5" is 6.2.2 and 6.2.2.1 to 6.2.2.5; ".1"
// after a case is its sub-case, ".1-.3" a range of them.
std::vector<std::string> cases_of(const std::string& rule) {
    std::vector<std::string> out;
    std::string base;
    std::stringstream in(rule);
    for (std::string part; std::getline(in, part, ',');) {
        part.erase(0, part.find_first_not_of(' '));
        part.erase(part.find_last_not_of(' ') + 1);
        const auto dash = part.find('-');
        auto full = [&](const std::string& c) { return c.front() == '.' ? base + c : c; };
        const std::string from = full(part.substr(0, dash));
        if (part.front() != '.') base = from;
        if (dash == std::string::npos) {
            out.push_back(from);
            continue;
        }
        const std::string to = full(part.substr(dash + 1));
        // 6.2.3.2.1-6.2.3.2.1.3: the case and its sub-cases; 6.2.2.1-6.2.2.5: cases side by side
        const bool down = std::count(to.begin(), to.end(), '.') > std::count(from.begin(), from.end(), '.');
        if (down) out.push_back(from);
        const std::string prefix = to.substr(0, to.rfind('.') + 1);
        for (int k = down ? 1 : std::stoi(from.substr(from.rfind('.') + 1)); k <= std::stoi(to.substr(to.rfind('.') + 1)); ++k)
            out.push_back(prefix + std::to_string(k));
    }
    return out;
}

// Cases the coverage table marks enforced that no generated game judges yet, each with its reason
// in the case's row of docs/rules/eia-naval.md.
const std::set<std::string> kNotReachedByGeneratedPlay = {};

std::string generated_eia_games(std::uint64_t seed, int first, int count) {
    ironlog::GenerateOptions options;
    options.map = (kSource / "fixtures/maps/eia-sample-map.ngn").string();
    options.tables = (kSource / "fixtures/tables/eia-naval-tables.ngn").string();
    std::string text;
    for (int i = first; i < first + count; ++i) text += ironlog::rules::eia_naval::generate_game(seed, i, options) + "\n";
    return text;
}

ironlog::FileReport check_generated_eia(const std::string& text, bool count_cases) {
    ironlog::CheckOptions options(ironlog::all_rulesets());
    options.base_dir = kSource / "fixtures/games";
    options.count_cases = count_cases;
    return ironlog::check_text("generated.ngn", text, options);
}

}  // namespace

TEST(EiaGenerated, CoverageRowsNameTheirCases) {
    EXPECT_EQ(cases_of("6.2.2, 6.2.2.1-6.2.2.5"),
              (std::vector<std::string>{"6.2.2", "6.2.2.1", "6.2.2.2", "6.2.2.3", "6.2.2.4", "6.2.2.5"}));
    EXPECT_EQ(cases_of("6.2.3.2.1-6.2.3.2.1.3"), (std::vector<std::string>{"6.2.3.2.1", "6.2.3.2.1.1", "6.2.3.2.1.2", "6.2.3.2.1.3"}));
    EXPECT_EQ(cases_of("6.3.1.3, .1-.3"), (std::vector<std::string>{"6.3.1.3", "6.3.1.3.1", "6.3.1.3.2", "6.3.1.3.3"}));
    EXPECT_EQ(cases_of("6.2.3.2.2, .1, .2, 6.2.3.2.3"),
              (std::vector<std::string>{"6.2.3.2.2", "6.2.3.2.2.1", "6.2.3.2.2.2", "6.2.3.2.3"}));
}

TEST(EiaGenerated, EveryEnforcedCaseIsReached) {
    // 1,000 games on the sample map with the table pack; half of them read port interceptions as
    // in the same area (the docs' one option, both values)
    const std::string text = generated_eia_games(20261125, 0, 1000);
    const auto report = check_generated_eia(text, true);
    ASSERT_EQ(report.games.size(), 1000u);
    auto cases = cases_judged(report);
    std::set<std::string> listed;
    int enforced = 0;
    for (const auto& row : coverage_rows("eia-naval")) {
        for (const auto& c : cases_of(row.rule)) {
            listed.insert("eia-naval/" + c);
            if (!row.enforced() || kNotReachedByGeneratedPlay.count(c)) continue;
            ++enforced;
            EXPECT_GT(cases["eia-naval/" + c], 0u) << c << " (row " << row.rule << "): enforced, and no generated line was judged under it";
        }
    }
    EXPECT_GE(enforced, 70);
    for (const auto& [id, n] : cases) EXPECT_TRUE(listed.count(id)) << id << " is judged, and is in no row of the coverage table";
    for (const char* part : {"port-interception=same-area", " intercept ", " => intercepted", " windgauge ", " harbour ", " evade ", " pursue ",
                             " lose ", " carrying ", " disembark", " pick ", " drop ", " controls ", " leave ", " scuttle ", "NELSON", " invite"})
        EXPECT_NE(text.find(part), std::string::npos) << part;
}

TEST(EiaGenerated, TenThousandLegalGamesGiveNoFinding) {
    // 10,000 games in the release build, both values of the one option; 500 under the sanitizers,
    // which run many times slower (docs/testing.md)
    constexpr int kGames = scaled_for_sanitizers(10000, 500);
    int checked = 0, shown = 0;
    for (int first = 0; first < kGames; first += 1000) {
        const auto report = check_generated_eia(generated_eia_games(7, first, std::min(1000, kGames - first)), false);
        checked += static_cast<int>(report.games.size());
        EXPECT_TRUE(report.findings.empty()) << describe(report.findings);
        for (const auto& g : report.games)
            for (const auto& f : g.findings)
                if (f.severity != ironlog::Severity::Note && shown++ < 5) ADD_FAILURE() << "game " << first + static_cast<int>(g.index) << ": " << describe({f});
    }
    EXPECT_EQ(checked, kGames);
    EXPECT_EQ(shown, 0);
}

// A combat line left out of the record is one finding, and what follows from it is excused: a
// combat roll, the retreat (the loser's next move then starts where the record has it), the
// interception that began a combat (issue 39).
TEST(EiaOneMistake, ACombatLineLeftOutIsOneFinding) {
    const std::string retreat = "        FR retreat @Rochefort/port\n        GB pursue @Rochefort/blockade\n";
    const std::string next_month = "turn 1805-08\n  phase naval\n" + fr_moves("        FR move FR2 @Rochefort/blockade => 0 mp\n");
    // the loser's combat roll left out: one finding; the results stand as written
    one(fight("        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 2 => GB\n        GB combat d6: 4 +1(British) = 5 => 20% 2\n"
              "        GB result => win 1\n        FR result => lose 1\n" + retreat),
        "eia-naval 6.3.3.2", Kind::Inconsistent);
    // the retreat left out: one finding; the loser's next move from its port follows from it
    one(record(gb_moves(kMeet, "        GB attack FR @\"Bay of Biscay\"\n" + kGbWins)) + next_month, "eia-naval 6.3.5", Kind::Inconsistent);
    // the interception that began a combat left out: one finding for all its lines
    one(record(gb_moves("        GB move GB2 @\"Bay of Biscay\"\n        FR windgauge d6: 1\n        GB windgauge d6: 6 +1(British) = 7 => GB\n"
                        "        GB combat d6: 6 +1(British) = 7 => 25% 3\n        FR combat d6: 1 => 5% 1\n"
                        "        GB result => win 1\n        FR result => lose 1\n        FR retreat @Rochefort/port\n")),
        "eia-naval 6.3", Kind::Inconsistent);
}
