// The tmbv campaign's Bombardment Phase (9.0-9.3), its ports' End of Game VP (12.1) and port
// repair (11.2.5): docs/rules/tmbv.md "The Bombardment Phase". The records start at turn
// 2 (fleets placed anywhere), Austria with the initiative; the made-up test data: Ancona's battery
// fire 3, defense 3 (an ironclad's), 4 boxes; Lissa's fire 3, defense 3, 4 boxes; the Bombardment
// Table's DRMs -1 against an ironclad, -1 a point of the target's defense, +1 for crew A; its
// Results Table 0-4 none, 5-7 one hit, 8-10 two, 11-13 three. Ferdinand Max and Habsburg: CF 3,
// defense 3 (ironclads), crew A.
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace testing_util;
using ironlog::Finding;
using ironlog::Kind;

namespace {

const std::string kAustria = "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Ancona/bombard\n"
                             "ship FM \"Erzherzog Ferdinand Max\" AM\nship HB \"Habsburg\" AM\nship SAL \"Salamander\" AM\nship KM \"Kaiser Max\" AM\n";
const std::string kItaly = "side Italy\nfleet IM \"Italian Main Fleet\" main admiral @Bari/port\n"
                           "ship RDI \"Re d'Italia\" IM\nship RDP \"Re di Portogallo\" IM\nship CAR \"Principe di Carignano\" IM\n"
                           "ship CAS \"Castelfidardo\" IM\nship AFF \"Affondatore\" IM\n";

// Turn 2, Austria with the initiative (or Italy), then the Bombardment Phase's lines and `after`.
std::string bombardment(const std::string& lines, const std::string& after = "", const std::string& italy = kItaly, bool italy_first = false) {
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
           "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Map \"../maps/tmbv-test-map.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n\n" +
           kAustria + italy +
           "turn 2\n  phase turn-start\n    segment random-event\n      Austria draw no-event\n      Italy draw no-event\n"
           "    segment initiative\n" +
           (italy_first ? "      Austria roll d10: 1 +5(FML) +2(Tegetthoff) = 8\n      Italy roll d10: 9 +2(FML) +0(Persano) = 11 => Italy\n"
                        : "      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n      Italy roll d10: 0 +2(FML) +0(Persano) = 2 => Austria\n") +
           "  phase operations\n    impulse 1\n  phase bombardment\n" + lines + after;
}
std::string line(const std::string& text) { return "    " + text + "\n"; }

const std::string kFmBombards = line("FM bombard d10: 7 +3(cf) -1(ironclad) -3(defence) +1(crew) = 7 => 1 hits");
const std::string kBatteryAtFm = line("FM battery d10: 6 +3(cf) -1(ironclad) -3(defence) = 5 => 1 hits");

void clean(const std::string& text) { expect_clean(text, "games"); }
Finding one(const std::string& text, const std::string& rule, Kind kind) { return expect_one(text, rule, kind, "games"); }
void one(const std::string& text, const std::string& rule, Kind kind, const std::string& expected, const std::string& recorded) {
    expect_one(text, rule, kind, expected, recorded, "games");
}

}  // namespace

TEST(TmbvBombardment, AShipsShotAndTheBatterysAnswer) {
    clean(bombardment(kFmBombards + kBatteryAtFm));
    // 9.2.3: the Bombardment Table's modifiers, the firer's factor first
    one(bombardment(line("FM bombard d10: 7 +3(cf) -3(defence) +1(crew) = 8 => 2 hits") + kBatteryAtFm), "tmbv 9.2.3", Kind::WrongResult,
        "7 +3(cf) -1(ironclad) -3(defence) +1(crew) = 7", "8");
    // 9.2.4: the Results Table
    one(bombardment(line("FM bombard d10: 7 +3(cf) -1(ironclad) -3(defence) +1(crew) = 7 => 2 hits") + kBatteryAtFm), "tmbv 9.2.4",
        Kind::WrongResult, "1 hit", "2 hits");
    // 9.2.6: a battery has no crew modifier
    one(bombardment(kFmBombards + line("FM battery d10: 6 +3(cf) -1(ironclad) -3(defence) +1(crew) = 6 => 1 hits")), "tmbv 9.2.3",
        Kind::WrongResult, "6 +3(cf) -1(ironclad) -3(defence) = 5", "6");
}

// A weather claimed against the Weather Table (5 is rough on the test table) is one finding; the
// shots that take the table's weather's modifier (-1 in rough weather) follow it, with no second.
TEST(TmbvBombardment, AShotInTheTablesWeatherAfterAWeatherSaidWrong) {
    const std::string rough_shots = line("FM bombard d10: 7 +3(cf) -1(ironclad) -3(defence) +1(crew) -1(rough) = 6 => 1 hits") +
                                    line("FM battery d10: 6 +3(cf) -1(ironclad) -3(defence) -1(rough) = 4 => none");
    auto with_weather = [](std::string text, const std::string& roll) {
        return text.insert(text.find("    segment random-event"), "    segment weather\n      Austria roll d10: " + roll + "\n");
    };
    clean(with_weather(bombardment(rough_shots), "5 => rough"));
    one(with_weather(bombardment(rough_shots), "5 => clear"), "tmbv 5.1.2", Kind::WrongResult);
    one(with_weather(bombardment(kFmBombards + kBatteryAtFm), "5 => clear"), "tmbv 5.1.2", Kind::WrongResult);  // or the players' weather
    // the battery's none claimed a hit: one finding; FM is damaged by the players' count only, so
    // its weather damage roll may be left out (the rules' count)
    const std::string claimed_hit = line("FM bombard d10: 7 +3(cf) -1(ironclad) -3(defence) +1(crew) -1(rough) = 6 => 1 hits") +
                                    line("FM battery d10: 6 +3(cf) -1(ironclad) -3(defence) -1(rough) = 4 => 1 hits");
    one(with_weather(bombardment(claimed_hit, "  phase end-of-turn\n    segment weather-damage\n    segment repair\n"), "5 => rough"), "tmbv 9.2.4",
        Kind::WrongResult);
}

// A shot's claim that says two things (a count and "miss") is not read: one finding.
TEST(TmbvBombardment, AShotsClaimIsReadWhole) {
    one(bombardment(line("FM bombard d10: 7 +3(cf) -1(ironclad) -3(defence) +1(crew) = 7 => 1 miss") + kBatteryAtFm), "tmbv 9.2.4", Kind::Inconsistent);
}

TEST(TmbvBombardment, OnlyFromAnEnemyPortsBombardBox) {
    std::string text = bombardment(kFmBombards + kBatteryAtFm);
    text.replace(text.find("@Ancona/bombard"), 15, "@Ancona/blockade");
    const Finding f = one(text, "tmbv 9.0", Kind::Illegal);
    EXPECT_EQ(f.message, "FM's fleet AM is at @Ancona/blockade: ships bombard from an enemy port's Bombard box");
    text = bombardment(kFmBombards + kBatteryAtFm);
    one(text.replace(text.find("@Ancona/bombard"), 15, "@Lissa/bombard"), "tmbv 9.0", Kind::Illegal);  // Austria's own port
    // the mission refused (its move there left out, say): the battery's hit on FM is as played, and
    // Ancona's battery hits are the players', so its repair is no second finding
    text = bombardment(kFmBombards + kBatteryAtFm, "  phase end-of-turn\n    segment repair\n      Italy repair @Ancona => 1\n");
    one(text.replace(text.find("@Ancona/bombard"), 15, "@Ancona/blockade"), "tmbv 9.0", Kind::Illegal);
}

TEST(TmbvBombardment, TheInitiativePlayerFiresFirst) {
    one(bombardment(kBatteryAtFm + kFmBombards), "tmbv 9.2.1", Kind::Illegal, "bombard first", "battery first");
    clean(bombardment(kBatteryAtFm + kFmBombards, "", kItaly, true));  // Italy has it: its battery first
    one(bombardment(kFmBombards + kBatteryAtFm, "", kItaly, true), "tmbv 9.2.1", Kind::Illegal, "battery first", "bombard first");
}

TEST(TmbvBombardment, TheBatteryAnswersEachBombardingShipOnce) {
    const Finding f = one(bombardment(kFmBombards), "tmbv 9.2.5", Kind::Illegal);
    EXPECT_EQ(f.message, "the battery fires at each bombarding ship in turn: FM battery d10: ... => <hits>");
    one(bombardment(kBatteryAtFm), "tmbv 9.2.5", Kind::Illegal);  // at a ship that did not bombard
    // one mistake, one finding: a second bombard where the battery's shot was meant
    one(bombardment(kFmBombards + line("FM bombard d10: 6 +3(cf) -1(ironclad) -3(defence) = 5 => 1 hits")), "tmbv 9.2.5", Kind::Illegal);
    one(bombardment(kFmBombards + kBatteryAtFm + kFmBombards + kBatteryAtFm), "tmbv 9.0", Kind::Illegal);  // one round
    // the battery's shot left out: what it did to FM is not known, and its weather damage roll is
    // taken as the players had FM damaged (against the test pack's defense 3: 6 is 3 hits)
    const std::string rough = "  phase end-of-turn\n    segment weather-damage\n      FM weather-damage d10: 5 +1(rough) = 6 => 3 hits\n";
    one(bombardment(kFmBombards, rough), "tmbv 9.2.5", Kind::Illegal);
    EXPECT_EQ(problems_in(bombardment("", rough), "games").size(), 1u);  // undamaged FM: its roll is the one finding
}

TEST(TmbvBombardment, ASilencedBatteryFiresNoMore) {
    // FM's 2 hits and HB's 2 take all 4 of Ancona's boxes off: HB's bombard is not answered
    const std::string two = line("FM bombard d10: 9 +3(cf) -1(ironclad) -3(defence) +1(crew) = 9 => 2 hits") +
                            line("FM battery d10: 1 +3(cf) -1(ironclad) -3(defence) = 0 => none") +
                            line("HB bombard d10: 9 +3(cf) -1(ironclad) -3(defence) +1(crew) = 9 => 2 hits");
    clean(bombardment(two));
    one(bombardment(two + line("HB battery d10: 9 +3(cf) -1(ironclad) -3(defence) = 8 => 2 hits")), "tmbv 9.2.7", Kind::Illegal);
}

TEST(TmbvBombardment, MissionsAlternateFromTheInitiativePlayer) {
    const std::string italy = kItaly + "fleet IB \"Italian Battle Fleet\" battle @Lissa/bombard\nship ANC \"Ancona\" IB\n"
                                       "ship PAL \"Palestro\" IB\nship SM \"San Martino\" IB\nship RMP \"Regina Maria Pia\" IB\n";
    // Ancona (crew B) at Lissa: 6 +3 -1 -3 = 5, one hit; Lissa's battery at it: 4 +3 -1 -3 = 3, none
    // (Austria has the initiative: Lissa's battery fires first)
    const std::string italian = line("ANC battery d10: 4 +3(cf) -1(ironclad) -3(defence) = 3 => none") +
                                line("ANC bombard d10: 6 +3(cf) -1(ironclad) -3(defence) = 5 => 1 hits");
    clean(bombardment(kFmBombards + kBatteryAtFm + italian, "", italy));
    one(bombardment(italian + kFmBombards + kBatteryAtFm, "", italy), "tmbv 9.1.2", Kind::Illegal, "Austria", "Italy");
    const std::string hb = line("HB bombard d10: 2 +3(cf) -1(ironclad) -3(defence) +1(crew) = 2 => none") +
                           line("HB battery d10: 2 +3(cf) -1(ironclad) -3(defence) = 1 => none");
    const Finding f = one(bombardment(kFmBombards + kBatteryAtFm + italian + hb, "", italy), "tmbv 9.1.3", Kind::Illegal);
    EXPECT_EQ(f.message, "AM's bombardment is over: a fleet's ships bombard in its one mission");
}

TEST(TmbvBombardment, TheArmyLandsWhereTheBatteryIsSilenced) {
    const std::string italy = kItaly + "fleet IB \"Italian Battle Fleet\" battle @Lissa/bombard\nship ANC \"Ancona\" IB\n"
                                       "ship PAL \"Palestro\" IB\nship SM \"San Martino\" IB\nship RMP \"Regina Maria Pia\" IB\n";
    // three ships take Lissa's 4 boxes off, each after the battery's shot (Austria has the
    // initiative); Austria has no mission: the Italians bombard alone
    const std::string silenced = line("ANC battery d10: 4 +3(cf) -1(ironclad) -3(defence) = 3 => none") +
                                 line("ANC bombard d10: 9 +3(cf) -1(ironclad) -3(defence) = 8 => 2 hits") +
                                 line("PAL battery d10: 0 +3(cf) -1(ironclad) -2(defence) = 0 => none") +
                                 line("PAL bombard d10: 9 +2(cf) -1(ironclad) -3(defence) = 7 => 1 hits") +
                                 line("SM battery d10: 1 +3(cf) -1(ironclad) -3(defence) = 0 => none") +
                                 line("SM bombard d10: 9 +3(cf) -1(ironclad) -3(defence) = 8 => 2 hits");
    auto at_pola = [&](const std::string& lines) {
        std::string text = bombardment(lines, "", italy);
        return text.replace(text.find("@Ancona/bombard"), 15, "@Pola/port");
    };
    clean(at_pola(silenced + line("Italy land @Lissa")));
    const Finding f = one(at_pola(line("ANC battery d10: 4 +3(cf) -1(ironclad) -3(defence) = 3 => none") +
                                  line("ANC bombard d10: 6 +3(cf) -1(ironclad) -3(defence) = 5 => 1 hits") + line("Italy land @Lissa")),
                          "tmbv 9.3", Kind::Illegal);
    EXPECT_EQ(f.message, "Lissa's battery has 1 of its 4 boxes off: the army lands when all are");
    one(at_pola(silenced + line("Austria land @Lissa")), "tmbv 9.3", Kind::Illegal);
}

// A port the Italian army took (9.3) is no side's to base ships in (11.2.2 b): the Austrian fleet
// that returns from the Central Adriatic goes to Pola, 2 MP away, not to Lissa, 1 MP away
// (8.1.2); returning to Lissa is one finding, which names the landing.
const std::string kLissaTaken =
    "[NGN \"1\"]\n"
    "[Ruleset \"tmbv\"]\n"
    "[Variant \"campaign\"]\n"
    "[Side1 \"Austria\"]\n"
    "[Side2 \"Italy\"]\n"
    "[Tables \"../tables/tmbv-test-pack.ngn\"]\n"
    "[Map \"../maps/tmbv-test-map.ngn\"]\n"
    "[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "side Austria\n"
    "fleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
    "ship FM \"Erzherzog Ferdinand Max\" AM\n"
    "ship HB \"Habsburg\" AM\n"
    "ship SAL \"Salamander\" AM\n"
    "ship KM \"Kaiser Max\" AM\n"
    "side Italy\n"
    "fleet IM \"Italian Main Fleet\" main admiral @Bari/port\n"
    "ship RDI \"Re d'Italia\" IM\n"
    "ship RDP \"Re di Portogallo\" IM\n"
    "ship CAR \"Principe di Carignano\" IM\n"
    "ship CAS \"Castelfidardo\" IM\n"
    "\n"
    "turn 1\n"
    "  phase turn-start\n"
    "    segment initiative\n"
    "      Austria roll d10: 3 +5(FML) +2(Tegetthoff) = 10\n"
    "      Italy roll d10: 9 +2(FML) +0(Persano) = 11 => Italy\n"
    "  phase operations\n"
    "    impulse 1\n"
    "      IM mobilize => mobilized\n"
    "      IM move @Bari/at-sea @\"Lower Adriatic\" @Lissa/bombard\n"
    "    impulse 2\n"
    "      AM mobilize d10: 5 -2(Tegetthoff) = 3 => mobilized\n"
    "      AM move @Pola/at-sea @\"Upper Adriatic\"\n"
    "    impulse 3\n"
    "      Italy pass\n"
    "    impulse 4\n"
    "      Austria pass\n"
    "  phase return-to-port\n"
    "    AM return @Pola/port\n"
    "    IM stay\n"
    "  phase bombardment\n"
    "    RDI bombard d10: 8 +4(cf) -1(ironclad) -3(defence) = 8 => 2 hits\n"
    "    RDI battery d10: 5 +3(cf) -1(ironclad) -4(defence) = 3 => none\n"
    "    RDP bombard d10: 9 +4(cf) -1(ironclad) -3(defence) = 9 => 2 hits\n"
    "    Italy land @Lissa\n"
    "  phase victory\n"
    "\n"
    "turn 2\n"
    "  phase turn-start\n"
    "    segment weather\n"
    "      Italy roll d10: 3 => clear\n"
    "    segment initiative\n"
    "      Austria roll d10: 9 +5(FML) +2(Tegetthoff) = 16\n"
    "      Italy roll d10: 1 +3(FML) +0(Persano) = 4 => Austria\n"
    "  phase operations\n"
    "    impulse 1\n"
    "      AM mobilize d10: 2 -2(Tegetthoff) = 0 => mobilized\n"
    "      AM move @Pola/at-sea @\"Upper Adriatic\" @\"Central Adriatic\"\n"
    "    impulse 2\n"
    "      Italy pass\n"
    "    impulse 3\n"
    "      Austria pass\n"
    "  phase return-to-port\n"
    "    IM return @Bari/port\n"
    "    AM return @Pola/port\n";

TEST(TmbvBombardment, APortTakenByTheArmyIsNoSidesToReturnTo) {
    clean(kLissaTaken);
    std::string to_lissa = kLissaTaken;
    to_lissa.replace(to_lissa.rfind("AM return @Pola/port"), 20, "AM return @Lissa/port");
    const Finding f = one(to_lissa, "tmbv 8.1", Kind::Illegal);
    EXPECT_NE(f.message.find("Lissa was taken by Italy's army (9.3)"), std::string::npos) << f.message;
    // the fleet's next move starts from Pola, the rules' port: no second finding
    const std::string turn3 = "\nturn 3\n  phase turn-start\n    segment weather\n      Austria roll d10: 3 => clear\n    segment initiative\n"
                              "      Austria roll d10: 9 +4(FML) +2(Tegetthoff) = 15\n      Italy roll d10: 1 +3(FML) +0(Persano) = 4 => Austria\n"
                              "  phase operations\n    impulse 1\n      AM mobilize d10: 2 -2(Tegetthoff) = 0 => mobilized\n"
                              "      AM move @Pola/at-sea @\"Upper Adriatic\"\n";
    clean(kLissaTaken + turn3);
    one(to_lissa + turn3, "tmbv 8.1", Kind::Illegal);
}

TEST(TmbvBombardment, APortRepairsItsBattery) {
    const std::string repair = "  phase end-of-turn\n    segment repair\n";
    // Ancona's battery has 1 hit: Italy mends it (11.2.5), up to 2 a turn, once
    clean(bombardment(kFmBombards + kBatteryAtFm, repair + "      Italy repair @Ancona => 1\n"));
    one(bombardment(kFmBombards + kBatteryAtFm, repair + "      Italy repair @Ancona => 2\n"), "tmbv 11.2.5", Kind::WrongResult, "at most 1", "2");
    one(bombardment(kFmBombards + kBatteryAtFm, repair + "      Austria repair @Ancona => 1\n"), "tmbv 11.2.5", Kind::Illegal);
    // a ship's shot at the port left out: the battery's hits are the players', and so is its repair
    one(bombardment(kBatteryAtFm, repair + "      Italy repair @Ancona => 1\n"), "tmbv 9.2.5", Kind::Illegal);
    // the same side's later repairs there follow from that one finding (a landing left out, say)
    one(bombardment(kFmBombards + kBatteryAtFm, repair + "      Austria repair @Ancona => 1\nturn 3\n" + repair + "      Austria repair @Ancona => 0\n"),
        "tmbv 11.2.5", Kind::Illegal);
    // 11.2.1, a port's number of ships repaired, runs on the sample: tmbv_combat_test.cpp
}

// ---- 6.6 towing and 8.1.6 in the campaign --------------------------------------------------------

namespace {
// The test pack with a harsher damage row (every ship of MA 3 or less has no MA from its first
// hit), so that the battery's hit on Ferdinand Max leaves it DIW; then turn 3's Return to Port
// Phase with these lines.
std::string diw_then(const std::string& returns) {
    std::string pack = read_file(kSource / "fixtures/tables/tmbv-test-pack.ngn");
    pack.replace(pack.find("damage 3 ma -1 cf -1"), 20, "damage 1 ma -3 cf -1");
    const auto dir = temp_dir();
    write_file(dir / "pack.ngn", pack);
    std::string text = bombardment(kFmBombards + kBatteryAtFm, "turn 3\n  phase return-to-port\n" + returns);
    return text.replace(text.find("../tables/tmbv-test-pack.ngn"), 28, (dir / "pack.ngn").string());
}
}  // namespace

TEST(TmbvTowing, ADiwShipReturnsOnlyInTowOrIsScuttled) {
    clean(diw_then(line("AM tow FM with HB") + line("AM return @Pola/port")));
    clean(diw_then(line("AM scuttle FM") + line("AM return @Pola/port")));
    const Finding f = one(diw_then(line("AM return @Pola/port")), "tmbv 8.1.6", Kind::Illegal);
    EXPECT_EQ(f.message, "FM has no MA after its hits (DIW): AM returns with it only in tow (AM tow FM with <ship>), or scuttles it (AM scuttle FM)");
    // only a ship with no MA is towed, by one that can move
    const Finding g = one(diw_then(line("AM tow HB with SAL") + line("AM tow FM with HB") + line("AM return @Pola/port")), "tmbv 6.6", Kind::Illegal);
    EXPECT_EQ(g.message, "HB can move (MA 3 after its hits): only a ship with no MA (DIW) is towed");
    one(diw_then(line("AM tow FM with DJ") + line("AM return @Pola/port")), "tmbv 6.6", Kind::Inconsistent);  // not AM's
    one(diw_then(line("AM tow FM with HB") + line("AM cut HB") + line("AM return @Pola/port")), "tmbv 6.6.4", Kind::Inconsistent);  // not in tow
    one(diw_then(line("AM tow FM with HB") + line("AM cut FM") + line("AM return @Pola/port")), "tmbv 8.1.6", Kind::Illegal);
}

TEST(TmbvTowing, NoTowingInFoulWeather) {
    std::string text = diw_then(line("AM tow FM with HB") + line("AM return @Pola/port"));
    // Austria had the initiative in turn 2 and rolls; 9 is foul on the made-up Weather Table
    text.insert(text.find("  phase return-to-port\n"), "  phase turn-start\n    segment weather\n      Austria roll d10: 9 => foul\n");
    const Finding f = one(text, "tmbv 6.6.5", Kind::Illegal);
    EXPECT_EQ(f.message, "no towing in foul weather: a ship that cannot move is scuttled to return (AM scuttle FM)");
    std::string scuttled = diw_then(line("AM scuttle FM") + line("AM return @Pola/port"));
    clean(scuttled.insert(scuttled.find("  phase return-to-port\n"), "  phase turn-start\n    segment weather\n      Austria roll d10: 9 => foul\n"));
}

// FM, towed home in turn 3, is in port at the phase's end: the tow is over (6.6 tows a ship on its
// way, 8.1.6); to sail again with FM still DIW, the fleet writes a tow again (speed 1, 6.6.2).
TEST(TmbvTowing, ATowEndsInPort) {
    const std::string home = diw_then(line("AM tow FM with HB") + line("AM return @Pola/port"));
    const std::string sails = "turn 4\n  phase operations\n    impulse 1\n" + line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized");
    clean(home + sails + line("AM tow FM with HB") + line("AM move @Pola/at-sea"));
    one(home + sails + line("AM move @Pola/at-sea"), "tmbv 6.6", Kind::Illegal);
    // ironlog state no longer shows it
    const auto dir = temp_dir();
    std::filesystem::create_directories(dir / "games");
    std::filesystem::copy(kSource / "fixtures/tables", dir / "tables");
    std::filesystem::copy(kSource / "fixtures/maps", dir / "maps");
    write_file(dir / "games/c.ngn", home + "turn 4\n");
    const testing_util::Run r = run_ironlog({"state", (dir / "games/c.ngn").string()});
    EXPECT_EQ(r.out.find("(a ship in tow"), std::string::npos) << r.out << r.err;
    EXPECT_NE(r.out.find("FM DIW, not in tow"), std::string::npos) << r.out << r.err;
}
