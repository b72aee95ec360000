// The tmbv campaign's Tactical Combat Phase (7.0, 7.1, the second 7.9; docs/rules/tmbv.md "The
// Tactical Combat Phase"): a battle is a record of its own that the campaign's record names; it is
// replayed by the same engine as when checked alone, its findings are its own, and its damage,
// sinkings and VP come back into the campaign. The cases run on fixtures/games/tmbv-campaign-sample.ngn,
// whose turn 2 holds a battle at Lissa (fixtures/games/tmbv-campaign-sample-battle.ngn), each with
// one thing changed.
#include "check/file_report.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace testing_util;
using ironlog::Finding;
using ironlog::Kind;

namespace {

const std::string kCampaign = read_file(kSource / "fixtures/games/tmbv-campaign-sample.ngn");
const std::string kBattle = read_file(kSource / "fixtures/games/tmbv-campaign-sample-battle.ngn");
const std::string kBattleName = "tmbv-campaign-sample-battle.ngn";

std::string edit(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// The files the fixtures name by "../tables/..." and "../maps/...", named wherever the record stands.
std::string files_absolute(std::string text) {
    for (const std::string folder : {"tables", "maps"})
        for (std::size_t at; (at = text.find("\"../" + folder + "/")) != std::string::npos;)
            text.replace(at + 1, 3 + folder.size() + 1, (kSource / "fixtures" / folder).string() + "/");
    return text;
}

std::vector<Finding> problems_at(const std::filesystem::path& dir, const std::string& text) {
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = dir;
    std::vector<Finding> out;
    for (const auto& g : ironlog::check_text((dir / "record.ngn").string(), text, o).games)
        for (const auto& f : g.findings)
            if (f.severity != ironlog::Severity::Note) out.push_back(f);
    return out;
}

// The campaign checked with this battle record beside it.
std::vector<Finding> campaign_problems(const std::string& campaign, const std::string& battle = kBattle) {
    const auto dir = temp_dir();
    write_file(dir / "battle.ngn", files_absolute(battle));
    std::string text = files_absolute(campaign);
    for (std::size_t at; (at = text.find(kBattleName)) != std::string::npos;) text.replace(at, kBattleName.size(), "battle.ngn");
    return problems_at(dir, text);
}

std::vector<Finding> battle_alone(const std::string& battle) { return problems_at(temp_dir(), files_absolute(battle)); }

Finding only(const std::vector<Finding>& found, const std::string& rule, Kind kind) {
    EXPECT_EQ(found.size(), 1u) << describe(found);
    if (found.empty()) return {};
    EXPECT_EQ(found[0].rule.text(), rule) << describe(found);
    EXPECT_EQ(found[0].kind, kind) << describe(found);
    return found[0];
}

// The sample without its VP totals, for a battle changed so that they change too.
// (Turns 1 and 2 only: the VP decide turn 3's FML, 6.1.1.)
const std::string kCampaignNoTotals = [] {
    std::string text = kCampaign.substr(0, kCampaign.find("\nturn 3"));
    const std::string totals = "    Austria vp 12\n    Italy vp 0\n";
    const auto at = text.find(totals);
    return at == std::string::npos ? text : text.erase(at, totals.size());
}();
const std::string kWins = "Austria wins @Lissa \"" + kBattleName + "\" => stays";
const std::string kLastShot = "DRA fire PAL d10: 9 +2(cf) +1(range) +1(crew) -1(ironclad) = 12 => 3 hits sunk";
const std::string kLastMiss = "DRA fire PAL d10: 1 +2(cf) +1(range) +1(crew) -1(ironclad) = 4 => miss";

TEST(TmbvCombat, TheSampleChecksCleanWithItsBattle) {
    EXPECT_TRUE(campaign_problems(kCampaign).empty()) << describe(campaign_problems(kCampaign));
    EXPECT_TRUE(battle_alone(kBattle).empty()) << describe(battle_alone(kBattle));
}

// What the battle did is what the campaign carries on (ironlog state): damage, the sinking, the VP
// (Palestro: 2 + 5 for an ironclad, 12.1; 5 for staying, 7.9.3).
TEST(TmbvCombat, TheBattlesDamageSinkingsAndVpComeBack) {
    const testing_util::Run r = run_ironlog({"state", (kSource / "fixtures/games/tmbv-campaign-sample.ngn").string(), "--at", "turn 3"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("VP won in battles: Austria 12, Italy 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("VP: Austria 12, Italy 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("FML: Austria 5, Italy 3"), std::string::npos) << r.out;  // 12 VP gained in turn 2: a level up; turn 3: one down (6.1.1)
    EXPECT_NE(r.out.find("Don Juan de Austria: 3 hits"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Ancona: 2 hits"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Palestro: 5 hits, sunk in the battle of line"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Italian Battle Fleet (Italy, battle): @Ancona/port, 3 ships"), std::string::npos) << r.out;
}

// A mistake in the battle is the battle's own finding, the same checked alone or through the campaign.
TEST(TmbvCombat, ABattlesFindingsAreTheSameAloneAndInTheCampaign) {
    const std::string battle = edit(kBattle, "+1(crew) -1(ironclad) = 8 => 1 hits", "+1(crew) -1(ironclad) = 8 => 2 hits");
    const auto alone = battle_alone(battle);
    const auto inside = campaign_problems(kCampaign, battle);
    ASSERT_EQ(alone.size(), 1u) << describe(alone);
    ASSERT_EQ(inside.size(), 1u) << describe(inside);
    EXPECT_EQ(alone[0].rule.text(), "tmbv 7.8.6");
    EXPECT_EQ(alone[0].kind, Kind::WrongResult);
    EXPECT_EQ(inside[0].rule, alone[0].rule);
    EXPECT_EQ(inside[0].pos.line, alone[0].pos.line);
    EXPECT_EQ(inside[0].pos.column, alone[0].pos.column);
    EXPECT_EQ(inside[0].message, alone[0].message);
    EXPECT_EQ(inside[0].expected, alone[0].expected);
    EXPECT_EQ(inside[0].recorded, alone[0].recorded);
    EXPECT_NE(inside[0].file.find("battle.ngn"), std::string::npos) << inside[0].file;
}

// A ship damaged before a battle begins it with its hits (hits N); Drache had none.
TEST(TmbvCombat, AShipBeginsABattleWithItsCampaignDamage) {
    const std::string battle = edit(kBattle, "ship DRA \"Drache\" independent #A:0507/N", "ship DRA \"Drache\" independent #A:0507/N hits 1");
    EXPECT_TRUE(battle_alone(battle).empty()) << describe(battle_alone(battle));
    const auto f = only(campaign_problems(kCampaign, battle), "tmbv 7.2", Kind::Inconsistent);
    EXPECT_EQ(f.expected.value_or(""), "0 hits");
    EXPECT_EQ(f.recorded.value_or(""), "1 hit");
}

// A battle where one side's fleet does not stand (its move there left out, with the interception
// it met): the battle said undue (7.0) is the one finding. The players had the fleet there, so
// its ships fought, their damage comes back, and its return home and repairs are no more findings.
TEST(TmbvCombat, ABattleWhereAFleetsMoveWasLeftOutIsOneFinding) {
    std::string text = edit(kCampaign, "      IB move @Ancona/at-sea @\"Central Adriatic\" @Lissa/at-sea\n", "");
    text = edit(edit(text, "      AB intercept IB d10: 6 -1(low-fuel) = 5\n", ""), "      IB evade d10: 3 +1(at-sea) = 4 => Austria\n", "");
    const auto f = only(campaign_problems(text), "tmbv 7.0", Kind::Illegal);
    EXPECT_NE(f.message.find("no battle at Lissa"), std::string::npos) << f.message;
}

TEST(TmbvCombat, TheWinnerHasTheMostVp) {
    const auto f = only(campaign_problems(edit(kCampaignNoTotals, kWins, "Italy wins @Lissa \"" + kBattleName + "\" => stays")), "tmbv 7.9.1 (second)",
                        Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "Austria");
    EXPECT_EQ(f.recorded.value_or(""), "Italy");
}

// No ship sunk: a tie, won by the initiative player (Austria), and no VP for staying.
TEST(TmbvCombat, ATieGoesToTheInitiativePlayer) {
    const std::string battle = edit(kBattle, kLastShot, kLastMiss);
    EXPECT_TRUE(campaign_problems(kCampaignNoTotals, battle).empty()) << describe(campaign_problems(kCampaignNoTotals, battle));
    const auto f = only(campaign_problems(edit(kCampaignNoTotals, kWins, "Italy wins @Lissa \"" + kBattleName + "\" => stays"), battle),
                        "tmbv 7.9.4 (second)", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "Austria");
}

TEST(TmbvCombat, EveryShipOfAFleetThereFights) {
    const std::string battle = edit(kBattle, "ship RMP \"Regina Maria Pia\" independent #A:1007/N\n", "");
    const auto f = only(campaign_problems(kCampaign, battle), "tmbv 7.1.1", Kind::Illegal);
    EXPECT_NE(f.message.find("RMP"), std::string::npos) << f.message;
}

TEST(TmbvCombat, OnlyTheFleetsInTheAreaFight) {
    const std::string battle = edit(kBattle, "ship SM \"San Martino\"", "ship RDI \"Re d'Italia\" independent #A:1205/N\nship SM \"San Martino\"");
    const auto f = only(campaign_problems(kCampaign, battle), "tmbv 7.1", Kind::Illegal);
    EXPECT_NE(f.message.find("Re d'Italia"), std::string::npos) << f.message;
}

// The Austrian fleets at Lissa are both on blockade: one of them leaves its station to fight.
TEST(TmbvCombat, ASideAllOnMissionsFightsWithOneFleet) {
    std::string battle = kBattle.substr(0, kBattle.find("turn 1"));
    for (const std::string ship : {"DJ \"Don Juan de Austria\"", "DRA \"Drache\"", "PE \"Prinz Eugen\"", "FR \"Friedrich\""}) {
        const auto at = battle.find("ship " + ship);
        battle.erase(at, battle.find('\n', at) + 1 - at);
    }
    battle = edit(battle, "side Austria\n", "");
    const auto f = only(campaign_problems(kCampaignNoTotals, battle), "tmbv 7.1.2", Kind::Illegal);
    EXPECT_NE(f.message.find("Austria"), std::string::npos) << f.message;
}

// The fleets met at Lissa: without a battle line, one finding where the phase ends.
TEST(TmbvCombat, FleetsThatMeetFight) {
    only(campaign_problems(edit(kCampaignNoTotals, "    " + kWins + "\n", "")), "tmbv 7.0", Kind::Illegal);
    // the whole campaign: what the battle left out did is the players' (their returns, damage
    // rolls, repairs and VP totals follow it): one finding
    only(campaign_problems(edit(kCampaign, "    " + kWins + "\n", "")), "tmbv 7.0", Kind::Illegal);
}

TEST(TmbvCombat, TheLoserCompelledGoesHome) {
    // (turns 1 and 2: the fleet left at sea cannot repair in turn 3)
    only(campaign_problems(edit(kCampaignNoTotals, "IB return @Ancona/port\n    ; after the battle", "IB stay\n    ; after the battle")), "tmbv 7.9.5 (second)",
         Kind::Illegal);
}

// The loser's return left out: one finding, and the fleet is taken as gone to a friendly port the
// record does not name; its ships' repairs there are taken, and its next move starts from the port
// it names.
TEST(TmbvCombat, TheLoserLeftUndeclaredIsTakenAsGoneHome) {
    const std::string undeclared = edit(kCampaign, "    IB return @Ancona/port\n", "");
    const auto f = only(campaign_problems(undeclared), "tmbv 7.9.5 (second)", Kind::Illegal);
    EXPECT_EQ(f.message, "IB is compelled to leave Lissa by the battle of line 126: it returns to a friendly port (IB return @<area>/port)");
    const std::string moved = edit(undeclared, "    impulse 2\n      Italy pass\n  phase end-of-turn",
                                   "    impulse 2\n      IB mobilize d10: 1 = 1 => mobilized\n      IB move @Ancona/at-sea @Ancona/port\n  phase end-of-turn");
    only(campaign_problems(moved), "tmbv 7.9.5 (second)", Kind::Illegal);
}

TEST(TmbvCombat, TheWinnerSaysWhetherHeStays) {
    only(campaign_problems(edit(kCampaign, kWins, "Austria wins @Lissa \"" + kBattleName + "\"")), "tmbv 7.9.2 (second)", Kind::Inconsistent);
}

TEST(TmbvCombat, TheBattleIsFoughtInTheTurnsWeather) {
    const auto f = only(campaign_problems(edit(kCampaign, "Austria roll d10: 2 => clear", "Austria roll d10: 6 => rough")), "tmbv 5.1",
                        Kind::Inconsistent);
    EXPECT_EQ(f.expected.value_or(""), "rough");
    EXPECT_EQ(f.recorded.value_or(""), "clear");
}

// A battle record that is not there, or is no battle of the campaign: one finding, and the fleets
// in the area are taken as having fought (their markers send them home, as the players did).
TEST(TmbvCombat, ABattleRecordNotReadIsOneFinding) {
    only(campaign_problems(edit(kCampaign, kWins, "Austria wins @Lissa \"no-such-battle.ngn\" => stays")), "tmbv 7.0", Kind::Inconsistent);
    only(campaign_problems(kCampaign, edit(kBattle, "[Variant \"battle\"]", "[Variant \"lissa\"]")), "tmbv 7.0", Kind::Inconsistent);
    only(campaign_problems(kCampaign, edit(kBattle, "[Variant \"battle\"]", "[Variant \"campaign\"]")), "tmbv 7.0", Kind::Inconsistent);
}

TEST(TmbvCombat, ABattleRecordSaysTheTurnsWeatherAndInitiative) {
    only(battle_alone(edit(kBattle, "[Weather \"clear\"]\n", "")), "tmbv 7.0", Kind::Inconsistent);
    only(battle_alone(edit(kBattle, "[Initiative \"Austria\"]", "[Initiative \"Prussia\"]")), "tmbv 7.0", Kind::Inconsistent);
}

// A campaign battle's [Result] ties go to the initiative player (7.9.4), not to Italy as at Lissa (13.2.4).
TEST(TmbvCombat, ABattleRecordsTieGoesToItsInitiativePlayer) {
    // twelve impulses are needed for the result to be judged: the rest are written empty
    std::string battle = edit(kBattle, kLastShot, kLastMiss);
    for (int i = 4; i <= 12; ++i) battle += "    impulse " + std::to_string(i) + "\n";
    EXPECT_TRUE(battle_alone(edit(battle, "[Result \"*\"]", "[Result \"Austria\"]")).empty());
    const auto f = only(battle_alone(edit(battle, "[Result \"*\"]", "[Result \"Italy\"]")), "tmbv 7.9.4 (second)", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "Austria");
}

// A battle written inline keeps its place in the sequence; its lines are not replayed (one note).
TEST(TmbvCombat, ABattleWrittenInlineIsNotReplayed) {
    const std::string inline_battle = "    segment battle @Lissa\n      impulse 1\n        step non-formation\n          DJ move #A:0504 => 1 mp\n";
    const std::string campaign = edit(kCampaign, "    " + kWins + "\n", inline_battle);
    EXPECT_TRUE(campaign_problems(campaign).empty()) << describe(campaign_problems(campaign));
    const auto dir = temp_dir();
    ironlog::CheckOptions o(test_rulesets());
    o.base_dir = dir;
    int notes = 0;
    for (const auto& g : ironlog::check_text("c.ngn", files_absolute(campaign), o).games)
        for (const auto& f : g.findings) notes += f.rule.text() == "tmbv 7.0" && f.severity == ironlog::Severity::Note;
    EXPECT_EQ(notes, 1);
}

// ---- the VP track (12.1, 12.2's notes, 10.0) ----------------------------------------------------------

TEST(TmbvVictory, NoSideSpendsVpItDoesNotHave) {
    const std::string failed = "      IB mobilize d10: 5 = 5 => failed\n";
    const auto f = only(campaign_problems(edit(kCampaign, failed, failed + "      IB mobilize vp 3 d10: 1 = 1 => mobilized\n")), "tmbv 12.2 (notes)",
                        Kind::Illegal);
    EXPECT_EQ(f.expected.value_or(""), "at most vp 0");
    EXPECT_EQ(f.recorded.value_or(""), "vp 3");
}

TEST(TmbvVictory, AWrittenTotalIsTheTracks) {
    const auto f = only(campaign_problems(edit(kCampaign, "    Austria vp 12\n", "    Austria vp 10\n")), "tmbv 12.1", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "12");
    EXPECT_EQ(f.recorded.value_or(""), "10");
}

// A total 2 VP over the track in turn 2, and 2 over again in turn 3 (a gain each turn that the
// track lacks: a blockade whose move was left out, say), is one mistake carried on: one finding.
// A different difference the next turn is a finding of its own.
TEST(TmbvVictory, TheSameDifferenceTurnAfterTurnIsOneFinding) {
    std::string text = kCampaign;
    text.replace(text.rfind("    Austria vp 14\n"), 18, "    Austria vp 18\n");  // turn 4
    text.replace(text.rfind("    Austria vp 12\n"), 18, "    Austria vp 16\n");  // turn 3
    text.replace(text.rfind("    Austria vp 12\n"), 18, "    Austria vp 14\n");  // turn 2
    const auto f = only(campaign_problems(text), "tmbv 12.1", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "12");
    EXPECT_EQ(f.recorded.value_or(""), "14");
    const std::string other = edit(edit(text, "    Austria vp 16\n", "    Austria vp 17\n"), "    Austria vp 18\n", "    Austria vp 19\n");
    EXPECT_EQ(campaign_problems(other).size(), 2u) << describe(campaign_problems(other));
}

// Turn 2 from the middle of a game: the totals written at its start; the Austrian Battle Fleet on
// blockade at Ancona, an Italian port, gains 2 VP in the Victory Phase (10.0, 12.1); the Main
// Fleet on station at its own Lissa gains none.
std::string blockading(const std::string& austrian_total) {
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
           "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Map \"../maps/tmbv-test-map.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n\n"
           "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Lissa/blockade\n"
           "fleet AB \"Austrian Battle Fleet\" battle @Ancona/blockade\nside Italy\nfleet IM \"Italian Main Fleet\" main admiral @Bari/port\n"
           "turn 2\n  phase turn-start\n    segment random-event\n      Austria vp 3\n      Italy vp 0\n"
           "      Austria draw no-event\n      Italy draw no-event\n    segment initiative\n"
           "      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n      Italy roll d10: 0 +3(FML) +0(Persano) = 3 => Austria\n"
           "  phase operations\n    impulse 1\n      Austria pass\n    impulse 2\n      Italy pass\n"
           "  phase victory\n    Austria vp " + austrian_total + "\n";
}

TEST(TmbvVictory, AFleetBlockadingAnEnemyPortGainsTwoVp) {
    EXPECT_TRUE(problems_in(blockading("5"), "games").empty()) << describe(problems_in(blockading("5"), "games"));
    const auto p = problems_in(blockading("3"), "games");
    const auto f = only(p, "tmbv 12.1", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "5");
}

TEST(TmbvVictory, TheBlockadesVpAreScoredAtTheBlockadePhaseUnlessTheOptionSays) {
    // AB blockades Ancona: +2 at the Blockade Phase's heading; AM at Lissa is at its own port
    std::string text = blockading("5");
    text = edit(text, "  phase victory\n", "  phase blockade\n    Austria vp 5\n  phase victory\n");
    EXPECT_TRUE(problems_in(text, "games").empty()) << describe(problems_in(text, "games"));
    only(problems_in(with_options(text, "blockade-vp=victory-phase"), "games"), "tmbv 12.1", Kind::WrongResult);  // 3 at the Blockade Phase
    EXPECT_TRUE(problems_in(with_options(blockading("5"), "blockade-vp=victory-phase"), "games").empty());
}

TEST(TmbvCombat, FleetsThatFoughtReturnThisTurnUnlessTheOptionSays) {
    // the Austrian Battle Fleet fought at Lissa in turn 2 (7.9.6): it stays out
    const std::string stays = edit(kCampaignNoTotals, "    AB return @Lissa/port\n", "    AB stay\n");
    only(campaign_problems(stays), "tmbv 8.1.3", Kind::Illegal);
    EXPECT_TRUE(campaign_problems(with_options(stays, "fought-fleets-return=next-turn")).empty())
        << describe(campaign_problems(with_options(stays, "fought-fleets-return=next-turn")));
}

// Turn 4 of the sample: the Austrians blockade and bombard Ancona while the Italian Battle Fleet
// stays in its Port box there. 6.1 keeps a fleet in port out of combat; 7.0 and 7.1.1 have every
// fleet in the area fight (Readings: unmobilized-fight). A battle there, broken off after one
// impulse: Austria wins the tie (initiative), and the Battle Fleet that fought goes home (8.1.3),
// so no blockade VP.
const std::string kAnconaBattle =
    "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"battle\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
    "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n"
    "[Weather \"clear\"]\n[Initiative \"Austria\"]\n\n"
    "side Austria\nship DJ \"Don Juan de Austria\" independent #A:0505/N hits 1\nship DRA \"Drache\" independent #A:0507/N\n"
    "ship PE \"Prinz Eugen\" independent #A:0305/N\nship FR \"Friedrich\" independent #A:0307/N\n"
    "side Italy\nship ANC \"Ancona\" independent #A:0705/N hits 2\nship SM \"San Martino\" independent #A:1005/N\n"
    "ship RMP \"Regina Maria Pia\" independent #A:1007/N\n\n"
    "turn 1\n  phase tactical-combat\n    impulse 1\n      step non-formation\n"
    "        DJ move #A:0504 => 1 mp\n        ANC move #A:0704 => 1 mp\n";

std::string fought_at_ancona(const std::string& campaign) {
    std::string text = edit(campaign, "      Austria pass\n  phase return-to-port\n",
                            "      Austria pass\n  phase tactical-combat\n    Austria wins @Ancona \"ancona.ngn\" => stays\n  phase return-to-port\n");
    text = edit(text, "    AB stay\n    AM stay\n", "    AB return @Lissa/port\n    AM stay\n");
    text = edit(text, "[Battles \"" + kBattleName + "\"]", "[Battles \"" + kBattleName + ", ancona.ngn\"]");
    return edit(text, "    Austria vp 14\n", "    Austria vp 12\n");
}

std::vector<Finding> with_ancona_battle(const std::string& campaign, const std::string& battle = kAnconaBattle) {
    const auto dir = temp_dir();
    write_file(dir / "ancona.ngn", files_absolute(battle));
    write_file(dir / "battle.ngn", files_absolute(kBattle));
    std::string text = files_absolute(campaign);
    for (std::size_t at; (at = text.find(kBattleName)) != std::string::npos;) text.replace(at, kBattleName.size(), "battle.ngn");
    return problems_at(dir, text);
}

TEST(TmbvCombat, FleetsInPortFightOnlyWhenTheOptionSays) {
    // default no: the fleet in port brings on no battle (the sample is clean); a battle written there is one finding
    // (not a second for the ships in port that fought in it)
    EXPECT_TRUE(campaign_problems(kCampaign).empty()) << describe(campaign_problems(kCampaign));
    const auto undue = only(with_ancona_battle(fought_at_ancona(kCampaign)), "tmbv 7.0", Kind::Illegal);
    EXPECT_NE(undue.message.find("no battle at Ancona"), std::string::npos) << undue.message;
    // yes: the battle is due, and one left out is one finding where the phase ends
    const std::string yes = with_options(kCampaign, "unmobilized-fight=yes");
    EXPECT_TRUE(with_ancona_battle(fought_at_ancona(yes)).empty()) << describe(with_ancona_battle(fought_at_ancona(yes)));
    const auto due = only(campaign_problems(yes), "tmbv 7.0", Kind::Illegal);
    EXPECT_NE(due.message.find("at Ancona"), std::string::npos) << due.message;
    // and every ship of the fleet in port fights (7.1.1)
    const std::string short_of_one = edit(kAnconaBattle, "ship RMP \"Regina Maria Pia\" independent #A:1007/N\n", "");
    const auto absent = only(with_ancona_battle(fought_at_ancona(yes), short_of_one), "tmbv 7.1.1", Kind::Illegal);
    EXPECT_NE(absent.message.find("RMP"), std::string::npos) << absent.message;
}

// 6.6 calls a ship DIW when it has no MA; on the TBB a ship that spends no MP in an impulse gets a
// DIW marker (7.3.1). Readings: campaign-diw. In the sample's battle San Martino, Regina Maria
// Pia, Prinz Eugen and Friedrich never move: their markers are on as it ends.
TEST(TmbvCombat, ABattlesDiwMarkersCountInTheCampaignOnlyWhenTheOptionSays) {
    const std::string home = "  phase return-to-port\n    IB return @Ancona/port\n";
    // default no-movement: the sample is clean, and San Martino can move, so towing it is one finding
    EXPECT_TRUE(campaign_problems(kCampaignNoTotals).empty()) << describe(campaign_problems(kCampaignNoTotals));
    const auto f = only(campaign_problems(edit(kCampaignNoTotals, home, "  phase return-to-port\n    IB tow SM with ANC\n    IB return @Ancona/port\n")),
                        "tmbv 6.6", Kind::Illegal);
    EXPECT_NE(f.message.find("SM can move"), std::string::npos) << f.message;
    // marker: each fleet returns with DIW ships not in tow, one finding a fleet (8.1.6)
    const std::string marker = with_options(kCampaignNoTotals, "campaign-diw=marker");
    const auto p = campaign_problems(marker);
    ASSERT_EQ(p.size(), 2u) << describe(p);
    for (const Finding& g : p) {
        EXPECT_EQ(g.rule.text(), "tmbv 8.1.6");
        EXPECT_NE(g.message.find("DIW since its battle"), std::string::npos) << g.message;
    }
    // in tow, or scuttled (one tow a ship), they go home: clean
    const std::string towed = edit(marker, home,
                                   "  phase return-to-port\n    IB tow SM with ANC\n    IB scuttle RMP\n    IB return @Ancona/port\n"
                                   "    AB tow PE with DJ\n    AB tow FR with DRA\n");
    EXPECT_TRUE(campaign_problems(towed).empty()) << describe(campaign_problems(towed));
}

// 12.2 after turn 12: the totals decide the winner and the level of the win.
std::string last_turn(const std::string& result) {
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
           "[Result \"" + result + "\"]\n\nturn 12\n  phase victory\n    Austria vp 20\n    Italy vp 9\n";
}

TEST(TmbvVictory, TheTotalsAfterTurnTwelveDecideTheResult) {
    EXPECT_TRUE(problems_in(last_turn("Austria major"), "games").empty()) << describe(problems_in(last_turn("Austria major"), "games"));
    const auto f = only(problems_in(last_turn("Austria minor"), "games"), "tmbv 12.2", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "Austria major");
    only(problems_in(last_turn("Italy"), "games"), "tmbv 12.2", Kind::WrongResult);
}

// 6.7.6: the sample's battle fought in the Mediterranean, where Italy also has a lone ship,
// Messagero (made-up defense 1): staying, Austria compels Italy to leave; Messagero is removed and
// scored as sunk (Austria 12 VP from the battle, 1 for it).
TEST(TmbvCombat, LoneShipsCompelledToLeaveTheMediterraneanAreRemoved) {
    const std::string med = "@\"To the Mediterranean\"";
    const std::string campaign =
        "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
        "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Map \"../maps/tmbv-test-map.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n"
        "[Battles \"" + kBattleName + "\"]\n\n"
        "side Austria\nfleet AB \"Austrian Battle Fleet\" battle " + med + "\nship DJ \"Don Juan de Austria\" AB\nship DRA \"Drache\" AB\n"
        "ship PE \"Prinz Eugen\" AB\nship FR \"Friedrich\" AB\n"
        "side Italy\nfleet IB \"Italian Battle Fleet\" battle " + med + "\nship ANC \"Ancona\" IB\nship PAL \"Palestro\" IB\n"
        "ship SM \"San Martino\" IB\nship RMP \"Regina Maria Pia\" IB\nship MES \"Messagero\" " + med + "\n\n"
        "turn 2\n  phase turn-start\n    Austria vp 0\n    Italy vp 0\n    segment initiative\n      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n"
        "      Italy roll d10: 0 +2(FML) +0(Persano) = 2 => Austria\n  phase operations\n    impulse 1\n"
        "  phase tactical-combat\n    Austria wins " + med + " \"" + kBattleName + "\" => stays\n"
        "  phase return-to-port\n    IB return @Taranto/port\n    AB return @Lissa/port\n  phase victory\n    Austria vp 13\n";
    EXPECT_TRUE(campaign_problems(campaign).empty()) << describe(campaign_problems(campaign));
    only(campaign_problems(edit(campaign, "Austria vp 13", "Austria vp 12")), "tmbv 12.1", Kind::WrongResult);  // Messagero's VP
    only(campaign_problems(edit(campaign, "    IB return @Taranto/port\n", "    IB return @Taranto/port\n    MES return @Taranto/port\n")), "tmbv 6.7.6",
         Kind::Illegal);
}

// 6.3.5: the sample's battle fought in the Mediterranean, Palestro alone in a squadron of its own
// (no type: not held to 6.3's make-up). Its sinking empties the squadron, whose marker comes back
// from the next turn on, in any Italian port, before impulse 1; ships may then join it (6.3.6).
std::string squadron_sunk(const std::string& turn_three) {
    const std::string med = "@\"To the Mediterranean\"";
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
           "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Map \"../maps/tmbv-test-map.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n"
           "[Battles \"" + kBattleName + "\"]\n\n"
           "side Austria\nfleet AB \"Austrian Battle Fleet\" battle " + med + "\nship DJ \"Don Juan de Austria\" AB\nship DRA \"Drache\" AB\n"
           "ship PE \"Prinz Eugen\" AB\nship FR \"Friedrich\" AB\n"
           "side Italy\nfleet IB \"Italian Battle Fleet\" " + med + "\nship ANC \"Ancona\" IB\nship SM \"San Martino\" IB\n"
           "ship RMP \"Regina Maria Pia\" IB\nfleet IX \"Italian Detached Squadron\" " + med + "\nship PAL \"Palestro\" IX\n\n"
           "turn 2\n  phase turn-start\n    Austria vp 0\n    Italy vp 0\n    segment initiative\n      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n"
           "      Italy roll d10: 0 +2(FML) +0(Persano) = 2 => Austria\n  phase operations\n    impulse 1\n"
           "  phase tactical-combat\n    Austria wins " + med + " \"" + kBattleName + "\" => stays\n"
           "  phase return-to-port\n    IB return @Taranto/port\n    AB return @Lissa/port\n  phase victory\n    Austria vp 12\n"
           "turn 3\n  phase operations\n" + turn_three;
}

TEST(TmbvFleets, AFleetWhoseShipsAllSankComesBackNextTurnInAPortOfItsSide) {
    const std::string back = "    IX reform @Taranto/port\n    IB transfer SM to IX\n";
    EXPECT_TRUE(campaign_problems(squadron_sunk(back)).empty()) << describe(campaign_problems(squadron_sunk(back)));
    const auto f = only(campaign_problems(squadron_sunk("    IX reform @Pola/port\n")), "tmbv 6.3.5", Kind::Illegal);
    EXPECT_EQ(f.message, "Pola is not Italy's port");
    const auto g = only(campaign_problems(squadron_sunk("    IB reform @Taranto/port\n")), "tmbv 6.3.5", Kind::Illegal);
    EXPECT_EQ(g.message, "IB has ships afloat: its marker is reused only when every ship in it is sunk");
    const auto h = only(campaign_problems(squadron_sunk("    impulse 1\n      IX activate d10: 1 = 1 => activated\n")), "tmbv 6.3.5", Kind::Illegal);
    EXPECT_NE(h.message.find("every ship of IX was sunk"), std::string::npos) << h.message;
    only(campaign_problems(squadron_sunk("    impulse 1\n      IX reform @Taranto/port\n")), "tmbv 6.3.5", Kind::Illegal);
    // ships transferred to it before its marker came back: one finding, then it is taken as back
    only(campaign_problems(squadron_sunk("    IB transfer SM to IX\n    impulse 1\n      IX activate d10: 1 = 1 => activated\n")), "tmbv 6.3.5",
         Kind::Illegal);
    // ironlog state says so
    const auto dir = temp_dir();
    write_file(dir / "battle.ngn", files_absolute(kBattle));
    std::string text = files_absolute(squadron_sunk(""));
    for (std::size_t at; (at = text.find(kBattleName)) != std::string::npos;) text.replace(at, kBattleName.size(), "battle.ngn");
    write_file(dir / "c.ngn", text);
    const testing_util::Run r = run_ironlog({"state", (dir / "c.ngn").string(), "--at", "turn 3"});
    EXPECT_NE(r.out.find("every ship sunk: the marker comes back next turn (6.3.5)"), std::string::npos) << r.out << r.err;
}

// ---- the End of Turn Phase: weather damage (11.1) and repair (11.2) of the sample's turn 3 ---------------

TEST(TmbvEndOfTurn, WeatherDamageIsTheExcessOverTheDefenseRating) {
    const std::string roll = "DJ weather-damage d10: 2 +1(rough) = 3 => ";
    const auto f = only(campaign_problems(edit(kCampaign, roll + "1 hits", roll + "2 hits")), "tmbv 11.1", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "1 hit");
    EXPECT_EQ(f.recorded.value_or(""), "2 hits");
    const auto g = only(campaign_problems(edit(kCampaign, "DRA weather-damage d10: 0 +1(rough) = 1", "DRA weather-damage d10: 0 = 0")), "tmbv 11.1",
                        Kind::WrongResult);
    EXPECT_EQ(g.expected.value_or(""), "0 +1(rough) = 1");
}

// A claim that says two things (a count and "miss" or "none") is not read: one finding.
TEST(TmbvEndOfTurn, AWeatherDamageClaimIsReadWhole) {
    only(campaign_problems(edit(kCampaign, "DJ weather-damage d10: 2 +1(rough) = 3 => 1 hits", "DJ weather-damage d10: 2 +1(rough) = 3 => 1 miss")),
         "tmbv 11.1", Kind::Inconsistent);
}

TEST(TmbvEndOfTurn, EveryDamagedShipRollsInRoughWeather) {
    const auto f = only(campaign_problems(edit(kCampaign, "      DRA weather-damage d10: 0 +1(rough) = 1 => none\n", "")), "tmbv 11.1", Kind::Illegal);
    EXPECT_NE(f.message.find("DRA is damaged (1 hit)"), std::string::npos) << f.message;
}

// A ship that takes as many hits as its hull boxes sinks (11.1): its line leaving `sunk` out is one
// finding, and whether the players sank it is theirs: Italy's next total may count its 7 VP (12.1:
// Drache, defense 2, +5 an ironclad), or not, and its later lines may follow either.
TEST(TmbvEndOfTurn, WeatherDamageThatFillsTheHullSinksTheShip) {
    auto sinking = [](const std::string& claim) {
        std::string text = edit(kCampaign, "DRA weather-damage d10: 0 +1(rough) = 1 => none", "DRA weather-damage d10: 5 +1(rough) = 6 => " + claim);
        text = edit(text, "      DRA repair => 1\n", "");
        for (auto at = text.find("Italy vp 0", text.find("\nturn 3")); at != std::string::npos; at = text.find("Italy vp 0", at)) text.replace(at, 10, "Italy vp 7");
        return text;
    };
    EXPECT_TRUE(campaign_problems(sinking("4 hits sunk")).empty()) << describe(campaign_problems(sinking("4 hits sunk")));
    const auto f = only(campaign_problems(sinking("4 hits")), "tmbv 11.1", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "4 hits sunk");
    // or the players kept it afloat (its repair, no VP for Italy): whether it sank is theirs
    only(campaign_problems(edit(kCampaign, "DRA weather-damage d10: 0 +1(rough) = 1 => none", "DRA weather-damage d10: 5 +1(rough) = 6 => 4 hits")),
         "tmbv 11.1", Kind::WrongResult);
}

// A damaged ship's roll left out: one finding; whether it sank is not known, so Italy's next total
// is taken, with Drache's VP or without.
TEST(TmbvEndOfTurn, AWeatherDamageRollLeftOutLeavesTheShipsFateToTheTotals) {
    std::string text = edit(edit(kCampaign, "      DRA weather-damage d10: 0 +1(rough) = 1 => none\n", ""), "      DRA repair => 1\n", "");
    for (auto at = text.find("Italy vp 0", text.find("\nturn 3")); at != std::string::npos; at = text.find("Italy vp 0", at)) text.replace(at, 10, "Italy vp 7");
    const auto f = only(campaign_problems(text), "tmbv 11.1", Kind::Illegal);
    EXPECT_NE(f.message.find("DRA is damaged (1 hit)"), std::string::npos) << f.message;
}

// Drache's roll written for Prinz Eugen (undamaged): one finding, not a second for Drache's roll missing.
TEST(TmbvEndOfTurn, ARollWrittenForTheWrongShipIsOneFinding) {
    const auto f = only(campaign_problems(edit(kCampaign, "DRA weather-damage d10: 0 +1(rough) = 1 => none", "PE weather-damage d10: 0 +1(rough) = 1 => none")),
                        "tmbv 11.1", Kind::Illegal);
    EXPECT_NE(f.message.find("PE is not damaged"), std::string::npos) << f.message;
}

TEST(TmbvEndOfTurn, OnlyDamagedShipsRollAndOnlyInRoughOrFoulWeather) {
    only(campaign_problems(edit(kCampaign, "      DRA weather-damage", "      PE weather-damage d10: 5 +1(rough) = 6 => 4 hits\n      DRA weather-damage")),
         "tmbv 11.1", Kind::Illegal);
    // turn 2's weather is clear
    only(campaign_problems(edit(kCampaign, "    segment repair\n  phase victory\n    ; the track",
                                "    segment weather-damage\n      DJ weather-damage d10: 2 = 2 => none\n    segment repair\n  phase victory\n    ; the track")),
         "tmbv 11.1", Kind::Illegal);
}

// Turn 1 has no End of Turn Phase: its Repair Segment, left out, takes the markers off fleets in
// port only (11.2.6); the Battle Fleet, on blockade at Lissa, keeps its Low Fuel into turn 2.
TEST(TmbvEndOfTurn, ARepairSegmentLeftOutRefuelsOnlyTheFleetsInPort) {
    EXPECT_TRUE(campaign_problems(kCampaign).empty()) << describe(campaign_problems(kCampaign));
    only(campaign_problems(edit(kCampaign, "AB intercept IB d10: 6 -1(low-fuel) = 5", "AB intercept IB d10: 6 = 6")), "tmbv 6.5.4", Kind::WrongResult);
}

TEST(TmbvEndOfTurn, ARepairGetsBackBoxesByCrew) {
    const auto f = only(campaign_problems(edit(kCampaign, "DJ repair => 3", "DJ repair => 2")), "tmbv 11.2.2", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "3");
    EXPECT_EQ(f.recorded.value_or(""), "2");
    only(campaign_problems(edit(kCampaign, "DRA repair => 1", "DRA repair => 3")), "tmbv 11.2.2", Kind::WrongResult);  // at most its hits
}

// A hit claim said wrong in the battle (Palestro's 1 hit on Drache written a miss) is the battle's
// one finding: the campaign keeps both counts, and its later lines may follow either, Drache's
// weather damage roll and repair by the rules' hit, or no roll and no repair by the players' miss
// (Readings, "A number said wrong").
TEST(TmbvEndOfTurn, ABattlesHitCountSaidWrongIsFollowedEitherWay) {
    const std::string battle = edit(kBattle, "= 6 => 1 hits", "= 6 => miss");
    const auto f = only(campaign_problems(kCampaign, battle), "tmbv 7.8.6", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "1 hit");
    const std::string by_play = edit(edit(kCampaign, "      DRA weather-damage d10: 0 +1(rough) = 1 => none\n", ""), "      DRA repair => 1\n", "");
    only(campaign_problems(by_play, battle), "tmbv 7.8.6", Kind::WrongResult);
    // a ship undamaged by both counts still may not roll
    EXPECT_EQ(campaign_problems(edit(kCampaign, "      DRA weather-damage", "      PE weather-damage d10: 5 +1(rough) = 6 => 4 hits\n      DRA weather-damage"), battle).size(), 2u);
}

// A hit left out of the battle (Palestro's shot at Drache, which a ship need not fire: the battle
// is legal) shows at the campaign's first line that has Drache damaged, its weather damage roll;
// its repair after it is no second finding: its count is the players' from then on.
TEST(TmbvEndOfTurn, AHitLeftOutOfABattleIsOneFindingInTheCampaign) {
    const std::string battle = edit(kBattle, "        PAL fire DRA d10: 4 +2(cf) +1(range) -1(ironclad) = 6 => 1 hits\n", "");
    EXPECT_TRUE(battle_alone(battle).empty()) << describe(battle_alone(battle));
    const auto f = only(campaign_problems(kCampaign, battle), "tmbv 11.1", Kind::Illegal);
    EXPECT_NE(f.message.find("DRA is not damaged"), std::string::npos) << f.message;
    const std::string no_roll = edit(kCampaign, "      DRA weather-damage d10: 0 +1(rough) = 1 => none\n", "");
    only(campaign_problems(no_roll, battle), "tmbv 11.2", Kind::Illegal);
}

// Weather damage by either count of a ship's hits: Drache's 1 hit from the battle written 3, then
// a weather damage of 3 hits that sinks it by the players' count (6 of its 5 boxes) and not by the
// rules' (4): the claim without `sunk`, and the repair after it by the rules' count, are no second
// finding. A weather damage claim said wrong keeps both counts too (11.1, 11.2.2).
TEST(TmbvEndOfTurn, WeatherDamageByEitherCountOfAShipsHits) {
    const std::string battle = edit(kBattle, "= 6 => 1 hits", "= 6 => 3 hits");
    std::string text = edit(kCampaign, "DRA weather-damage d10: 0 +1(rough) = 1 => none", "DRA weather-damage d10: 4 +1(rough) = 5 => 3 hits");
    text = edit(text, "      DRA repair => 1\n", "      DRA repair => 3\n");
    only(campaign_problems(text, battle), "tmbv 7.8.6", Kind::WrongResult);
    // with the battle as it was: 1 + 3 hits; the claim written 2 is one finding, and the repair of
    // 3 boxes (crew A) fits either count
    const auto f = only(campaign_problems(edit(text, "= 5 => 3 hits", "= 5 => 2 hits")), "tmbv 11.1", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "3 hits");
}

// A repair count said wrong (Ancona's 2 boxes written 4) is one finding; a later repair by the
// rules' count of its hits is no second one, nor one by the players' (none left to repair).
TEST(TmbvEndOfTurn, ARepairSaidWrongIsFollowedEitherWay) {
    const std::string wrong = edit(kCampaign, "      ANC repair => 2\n", "      ANC repair => 4\n");
    const auto f = only(campaign_problems(wrong), "tmbv 11.2.2", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "2");
    EXPECT_EQ(f.recorded.value_or(""), "4");
    const std::string later = edit(wrong, "      Italy repair @Ancona => 2\n", "      Italy repair @Ancona => 2\n      ANC repair => 2\n");
    only(campaign_problems(later), "tmbv 11.2.2", Kind::WrongResult);
    // without the slip, Ancona has 2 hits left for turn 4's repair
    const auto legal = campaign_problems(edit(kCampaign, "      Italy repair @Ancona => 2\n", "      Italy repair @Ancona => 2\n      ANC repair => 2\n"));
    EXPECT_TRUE(legal.empty()) << describe(legal);
    // by neither count: one finding more
    const std::string neither = edit(wrong, "      Italy repair @Ancona => 2\n", "      Italy repair @Ancona => 2\n      ANC repair => 1\n");
    EXPECT_EQ(campaign_problems(neither).size(), 2u) << describe(campaign_problems(neither));
}

TEST(TmbvEndOfTurn, ShipsAreRepairedInAFriendlyPort) {
    // (turns 1 to 3: in turn 4 the fleet left at sea would meet the Austrian blockade)
    const std::string campaign = edit(kCampaign.substr(0, kCampaign.find("\nturn 4")), "    impulse 2\n      Italy pass\n  phase end-of-turn",
                                      "    impulse 2\n      IB mobilize d10: 1 = 1 => mobilized\n      IB move @Ancona/at-sea\n  phase end-of-turn");
    const auto f = only(campaign_problems(campaign), "tmbv 11.2", Kind::Illegal);
    EXPECT_NE(f.message.find("@Ancona/at-sea"), std::string::npos) << f.message;
    // the fleet has no line in the Return to Port Phase: its return left out, it is taken as in port
    // (refuelled), so its other ships' repairs are no more findings
    EXPECT_NE(f.message.find("(its return left out?)"), std::string::npos) << f.message;
}

TEST(TmbvEndOfTurn, APortRepairsAsManyShipsAsItsDefenseFactor) {
    // the sample's turn 3 repairs DJ and DRA at Lissa: with Lissa's defense factor 1, DRA is one too many
    const auto dir = temp_dir();
    std::string manifest = read_file(kSource / "fixtures/tables/tmbv-lissa-test-manifest.ngn");
    manifest = edit(manifest, "port Lissa fire 3 def 3ic boxes 4", "port Lissa fire 3 def 1ic boxes 4");
    write_file(dir / "manifest.ngn", manifest);
    const std::string campaign = edit(kCampaign, "[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]", "[Library \"" + (dir / "manifest.ngn").string() + "\"]");
    const auto f = only(campaign_problems(campaign), "tmbv 11.2.1", Kind::Illegal);
    EXPECT_EQ(f.expected.value_or(""), "at most 1 ship");
    EXPECT_EQ(f.recorded.value_or(""), "2 ships");
    EXPECT_NE(f.message.find("DRA"), std::string::npos) << f.message;
}

// ---- the Reinforcement Segment (11.2 as printed): the sample's turn 3 brings the Austrian Support Fleet ----

TEST(TmbvReinforcement, TheAustrianSupportFleetArrivesOnARollAtMostTheFml) {
    const auto f = only(campaign_problems(edit(kCampaign, "Austria reinforce d10: 3 => arrives", "Austria reinforce d10: 7 => arrives")),
                        "tmbv 11.2.1 a)", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "fails");
    only(campaign_problems(edit(kCampaign, "Austria reinforce d10: 3 => arrives", "Austria reinforce d10: 3 +2(Tegetthoff) = 5 => arrives")),
         "tmbv 11.2.1 a)", Kind::Illegal);
    // a pass claimed a failure, and the fleet declared all the same: the players went by the roll
    const auto g = only(campaign_problems(edit(kCampaign, "Austria reinforce d10: 3 => arrives", "Austria reinforce d10: 3 => fails")), "tmbv 11.2.1 a)",
                        Kind::WrongResult);
    EXPECT_EQ(g.expected.value_or(""), "arrives");
}

TEST(TmbvReinforcement, TheSupportFleetIsDeclaredOnlyWhenItArrivesInPola) {
    only(campaign_problems(edit(kCampaign, "      Austria reinforce d10: 3 => arrives\n", "")), "tmbv 11.2.1 a)", Kind::Illegal);
    const auto f = only(campaign_problems(edit(kCampaign, "support @Pola/port", "support @Lissa/port")), "tmbv 11.2.1 a)", Kind::Illegal);
    EXPECT_EQ(f.expected.value_or(""), "@Pola/port");
}

TEST(TmbvReinforcement, TheArrivingFleetIsAustriasAndMadeUpAsAnyOther) {
    // its `side Austria` line left out: the fleet would be Italy's, one finding
    const auto f = only(campaign_problems(edit(kCampaign, "      side Austria\n      fleet AS", "      fleet AS")), "tmbv 11.2.1 a)", Kind::Illegal);
    EXPECT_EQ(f.message,
              "a fleet declared during play is a reinforcement, and only the Austrian Support Fleet arrives so: AS is Italy's support fleet (a fleet and "
              "its ships follow the `side` line of their side)");
    // three ships: a support fleet holds at least 4 (6.3.3), judged once its ships are declared
    only(campaign_problems(edit(kCampaign, "      ship REK \"Reka\" AS\n", "")), "tmbv 6.3.3", Kind::Illegal);
}

TEST(TmbvReinforcement, AFleetLineLeftOutIsOneFindingForAllItsShips) {
    const auto f = only(campaign_problems(edit(kCampaign, "      fleet AS \"Austrian Support Fleet\" support @Pola/port\n", "")), "tmbv 6.3", Kind::Inconsistent);
    EXPECT_EQ(f.pos.line, line_of(kCampaign, "ship HUM \"Hum\" AS") - 1);
}

TEST(TmbvReinforcement, AustriaRollsEachTurnFromTurnTwoTillItsFleetArrives) {
    // turn 3's Reinforcement Segment without its roll (and so without the fleet)
    std::string text = kCampaign;
    const auto from = text.find("      Austria reinforce d10: 3 => arrives\n"), to = text.find("  phase victory\n", from);
    text.erase(from, to - from);
    const auto f = only(campaign_problems(text), "tmbv 11.2.1 a)", Kind::Illegal);
    EXPECT_EQ(f.message, "from turn 2 Austria rolls for its Support Fleet at the start of each Reinforcement Segment until it arrives (Austria reinforce d10: ...)");
    EXPECT_TRUE(campaign_problems(kCampaign).empty());
}

// Italy's Reserve Fleet in Taranto, turn 2 of a game from the middle (Italy's FML 3).
std::string reserve(const std::string& impulse2, const std::string& end_of_turn = "") {
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
           "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Map \"../maps/tmbv-test-map.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n\n"
           "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
           "side Italy\nfleet IM \"Italian Main Fleet\" main admiral @Bari/port\nfleet IR \"Italian Reserve Fleet\" reserve @Taranto/port\n"
           "turn 2\n  phase turn-start\n    segment random-event\n      Austria draw no-event\n      Italy draw no-event\n    segment initiative\n"
           "      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n      Italy roll d10: 0 +3(FML) +0(Persano) = 3 => Austria\n"
           "  phase operations\n    impulse 1\n      Austria pass\n    impulse 2\n" + impulse2 +
           "  phase end-of-turn\n    segment reinforcement\n" + end_of_turn;
}

TEST(TmbvReinforcement, TheReserveFleetsReleaseRollAndPriceByTheOptions) {
    // Italy's FML 6: a 6 is not below it (11.2.2 a), but at most it (reserve-release-roll=at-most)
    const auto at_six = [](const std::string& roll) {
        return edit(edit(reserve("      Italy pass\n", "      " + roll + "\n"), "+3(FML) +0(Persano) = 3", "+6(FML) +0(Persano) = 6"), "", "");
    };
    only(problems_in(at_six("Italy reinforce d10: 6 => arrives"), "games"), "tmbv 11.2.2 a)", Kind::WrongResult);
    EXPECT_TRUE(problems_in(with_options(at_six("Italy reinforce d10: 6 => arrives"), "reserve-release-roll=at-most"), "games").empty());
    // after a failed roll: the roll plus the FML to Austria, or Italy pays the difference
    EXPECT_TRUE(problems_in(at_six("Italy reinforce d10: 8 => arrives vp 14"), "games").empty());
    const auto f = only(problems_in(with_options(at_six("Italy reinforce d10: 8 => arrives vp 14"), "reserve-release-cost=difference-from-italy"), "games"),
                        "tmbv 11.2.2 a)", Kind::WrongResult);
    EXPECT_EQ(f.expected.value_or(""), "vp 2");
}

TEST(TmbvReinforcement, TheItalianReserveFleetWaitsForItsRelease) {
    EXPECT_TRUE(problems_in(reserve("      Italy pass\n"), "games").empty()) << describe(problems_in(reserve("      Italy pass\n"), "games"));
    only(problems_in(reserve("      IR mobilize d10: 1 = 1 => mobilized\n"), "games"), "tmbv 11.2.2 a)", Kind::Illegal);
    // its roll comes at an FML of 6 or more
    only(problems_in(reserve("      Italy pass\n", "      Italy reinforce d10: 1 => arrives\n"), "games"), "tmbv 11.2.2 a)", Kind::Illegal);
}

}  // namespace
