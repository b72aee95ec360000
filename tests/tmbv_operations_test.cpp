// The tmbv campaign's Operations Phase (6.0-6.3, docs/rules/tmbv.md "The Operations Phase"): the
// impulses and passes, mobilization and its VP-paid attempts, activations, the fleets declared:
// for each case a legal record that checks clean and a faulty one flagged with its case and
// values. The records start at turn 2, so that their fleets may stand anywhere (13.1 places them
// on turn 1: TmbvSetUp below); the FMLs are those the initiative rolls write, Austria 5 and Italy
// 2, and Austria has the initiative; the made-up test manifest rates Tegetthoff 2 (lowering
// Austria's rolls, 6.1.2) and Persano 0.
#include "rules/registry.hpp"
#include "rules/tmbv/generator.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

using namespace testing_util;
using ironlog::Finding;
using ironlog::Kind;

namespace {

// Each side's fleets, and a line more for one side.
std::string fleets(const std::string& austria_more = "", const std::string& italy_more = "") {
    return "side Austria\n"
           "fleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
           "fleet AB \"Austrian Battle Fleet\" battle @Pola/port\n"
           "fleet AR \"Austrian Reserve Fleet\" reserve @Venice/at-sea\n" +
           austria_more +
           "side Italy\n"
           "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port\n"
           "fleet IB \"Italian Battle Fleet\" battle @Taranto/at-sea\n" +
           italy_more;
}
const std::string kFleets = fleets();

const std::string kTurnStart =  // turn 2, the FMLs taken as the rolls write them (said once, a note)
    "turn 2\n  phase turn-start\n    segment random-event\n      Austria draw no-event\n      Italy draw no-event\n"
    "    segment initiative\n      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n"
    "      Italy roll d10: 0 +2(FML) +0(Persano) = 2 => Austria\n";

// A campaign's turn 2: its operations phase's impulses, each a list of lines (an empty one is a pass).
std::string operations(const std::vector<std::string>& impulses, const std::string& fleets = kFleets) {
    std::string s = "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
                    "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n\n" +
                    fleets + kTurnStart + "  phase operations\n";
    for (std::size_t i = 0; i < impulses.size(); ++i) s += "    impulse " + std::to_string(i + 1) + "\n" + impulses[i];
    return s + "  phase victory\n";
}

std::string line(const std::string& text) { return "      " + text + "\n"; }

void clean(const std::string& text) { expect_clean(text, "games"); }
Finding one(const std::string& text, const std::string& rule, Kind kind) { return expect_one(text, rule, kind, "games"); }
void one(const std::string& text, const std::string& rule, Kind kind, const std::string& expected, const std::string& recorded) {
    expect_one(text, rule, kind, expected, recorded, "games");
}

const std::string kAustriaMobilizes = line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/at-sea @Lissa/at-sea");
const std::string kItalyPasses = line("Italy pass");

}  // namespace

// ---- 6.0 impulses ----------------------------------------------------------------------------------

TEST(TmbvOperations, ImpulsesAlternateFromTheInitiativePlayer) {
    clean(operations({kAustriaMobilizes, kItalyPasses, line("Austria pass"), kItalyPasses}));
    one(operations({line("IM mobilize d10: 1 +0(Persano) = 1 => mobilized")}), "tmbv 6.0", Kind::Illegal, "Austria", "Italy");
    // one mistake, one finding: the alternation goes on from the players' order
    one(operations({kItalyPasses, kAustriaMobilizes, kItalyPasses}), "tmbv 6.0", Kind::Illegal, "Austria", "Italy");
    // ... or from the rules' order, when the side alone was written wrong (Austria's pass as Italy's)
    one(operations({kAustriaMobilizes, line("IM mobilize d10: 1 +0(Persano) = 1 => mobilized"), kItalyPasses, kItalyPasses}), "tmbv 6.0", Kind::Illegal,
        "Austria", "Italy");
}

// A move after a failed attempt: the paid attempt that mobilized it was left out (6.1.2). One
// finding; what it cost is not known, so Austria's next total is the players'.
TEST(TmbvOperations, APaidAttemptLeftOutIsOneFinding) {
    std::string text = operations({line("AM mobilize d10: 8 -2(Tegetthoff) = 6 => failed") + line("AM move @Pola/at-sea @Lissa/at-sea")});
    text.insert(text.find("  phase operations\n"), "      Austria vp 10\n      Italy vp 0\n");
    one(text + "    Austria vp 9\n", "tmbv 6.2.1", Kind::Illegal);
}

// A move written for the wrong fleet (AB for AM, both in Pola, AM mobilized in this impulse) is
// one finding: the move is AM's, so AM is at Lissa after it and a move of AM in the next Austrian
// impulse starts from there.
TEST(TmbvOperations, AMoveUnderTheWrongFleetsNameIsTheActivatedFleets) {
    const std::string mobilized = line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized");
    const Finding f = one(operations({mobilized + line("AB move @Pola/at-sea @Lissa/at-sea"), kItalyPasses,
                                      line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") + line("AM move @Lissa/at-sea")}),
                          "tmbv 6.2.1", Kind::Illegal);
    EXPECT_EQ(f.message, "AB is not activated in this impulse; AM is, and stands where this move starts: its move, the fleet's name said wrong? (taken so)");
    // the mobilization written for the wrong fleet instead (AM's, without Tegetthoff's rating: its
    // one finding), then AB's move: the mobilization was AB's, no second finding
    one(operations({line("AM mobilize d10: 3 = 3 => mobilized") + line("AB move @Pola/at-sea @Lissa/at-sea")}), "tmbv 6.1.2", Kind::WrongResult);
}

TEST(TmbvOperations, AnImpulseIsOneFleets) {
    const std::string two = kAustriaMobilizes + line("AB mobilize d10: 2 = 2 => mobilized");
    one(operations({two}), "tmbv 6.0", Kind::Illegal, "AM", "AB");
    clean(operations({two}).insert(0, "[Options \"impulse-fleets=any\"]\n"));
}

TEST(TmbvOperations, TwoPassesInARowEndThePhase) {
    clean(operations({kAustriaMobilizes, "", "", ""}));
    const Finding f = one(operations({line("Austria pass"), kItalyPasses, line("AR activate d10: 3 = 3 => activated")}), "tmbv 6.2.4",
                          Kind::Illegal);
    EXPECT_EQ(f.message, "the Operations Phase ended after impulse 2: both players passed in turn");
}

TEST(TmbvOperations, AFleetsOperationIsOneOfItsWords) {
    const Finding f = one(operations({line("AM sail @Lissa")}), "tmbv 6.0", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'sail' is not a fleet's operation: mobilize, activate, move, intercept, evade, drop, take, transfer, reform, tow, cut or scuttle");
}

// ---- 6.1 mobilization ------------------------------------------------------------------------------

TEST(TmbvOperations, MobilizationIsAtMostTheFml) {
    // Austria's FML is 5: 6 -2 = 4 passes, 9 -2 = 7 fails
    one(operations({line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => failed")}), "tmbv 6.1.2", Kind::WrongResult, "mobilized", "failed");
    one(operations({line("AM mobilize d10: 9 -2(Tegetthoff) = 7 => mobilized")}), "tmbv 6.1.2", Kind::WrongResult, "failed", "mobilized");
    clean(operations({line("AM mobilize d10: 9 -2(Tegetthoff) = 7 => failed")}));
}

TEST(TmbvOperations, TheAdmiralsRatingLowersAustriasRollAndRaisesItalys) {
    one(operations({line("AM mobilize d10: 6 +2(Tegetthoff) = 8 => failed")}), "tmbv 6.1.2", Kind::WrongResult, "-2(Tegetthoff)",
        "+2(Tegetthoff)");
    one(operations({line("AB mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized")}), "tmbv 6.1.2", Kind::WrongResult, "no modifier",
        "-2(Tegetthoff)");
    clean(operations({line("AB mobilize d10: 5 = 5 => mobilized")}));
}

TEST(TmbvOperations, SecondAndThirdAttemptsCostVp) {
    // Italy's FML is 2: 5 fails by 3 (the second attempt costs 3 VP), 4 fails by 2 (the third 4)
    const std::string first = line("IM mobilize d10: 5 +0(Persano) = 5 => failed");
    clean(operations({line("Austria pass"), first + line("IM mobilize vp 3 d10: 4 +0(Persano) = 4 => failed") +
                                                line("IM mobilize vp 4 d10: 1 +0(Persano) = 1 => mobilized") + line("IM move @Ancona/at-sea")}));
    one(operations({line("Austria pass"), first + line("IM mobilize vp 2 d10: 1 +0(Persano) = 1 => mobilized")}), "tmbv 6.1.2",
        Kind::WrongResult, "vp 3", "vp 2");
    one(operations({line("Austria pass"), first + line("IM mobilize vp 3 d10: 4 +0(Persano) = 4 => failed") +
                                              line("IM mobilize vp 2 d10: 1 +0(Persano) = 1 => mobilized")}),
        "tmbv 6.1.2", Kind::WrongResult, "vp 4", "vp 2");
    const Finding f = one(operations({line("Austria pass"), first + line("IM mobilize d10: 4 = 4 => failed") + line("IM mobilize d10: 4 = 4 => failed") +
                                                                line("IM mobilize d10: 1 = 1 => mobilized")}),
                          "tmbv 6.1.2", Kind::Illegal);
    EXPECT_EQ(f.message, "a fleet attempts mobilization three times a turn at most");
}

TEST(TmbvOperations, AThirdAttemptCostsTwiceUnlessTheOptionSays) {
    // the second attempt's 4 fails by 2: the third costs 4, or 2 with third-attempt-cost=difference
    const std::string attempts = line("IM mobilize d10: 5 +0(Persano) = 5 => failed") + line("IM mobilize vp 3 d10: 4 +0(Persano) = 4 => failed") +
                                 line("IM mobilize vp 2 d10: 1 +0(Persano) = 1 => mobilized") + line("IM move @Ancona/at-sea");
    one(operations({line("Austria pass"), attempts}), "tmbv 6.1.2", Kind::WrongResult, "vp 4", "vp 2");
    clean(with_options(operations({line("Austria pass"), attempts}), "third-attempt-cost=difference"));
}

TEST(TmbvOperations, AFailedAttemptNotTriedAtOnceFlipsTheFleet) {
    const Finding f = one(operations({line("Austria pass"), line("IM mobilize d10: 5 = 5 => failed"), line("Austria pass"),
                                      line("IM mobilize d10: 1 = 1 => mobilized")}),
                          "tmbv 6.1.2", Kind::Illegal);
    EXPECT_NE(f.message.find("was flipped to its activated side"), std::string::npos) << f.message;
}

TEST(TmbvOperations, AFleetAtSeaDoesNotRollToMobilize) {
    const Finding f = one(operations({line("AR mobilize d10: 3 = 3 => mobilized")}), "tmbv 6.1.4", Kind::Illegal);
    EXPECT_NE(f.message.find("began the turn at sea (@Venice/at-sea)"), std::string::npos) << f.message;
    clean(operations({line("AR activate d10: 3 = 3 => activated") + line("AR move @Lissa/at-sea")}));
}

TEST(TmbvOperations, AFleetInPortMobilizesBeforeItActivates) {
    one(operations({line("AB activate d10: 3 = 3 => activated")}), "tmbv 6.1", Kind::Illegal);
    one(operations({kAustriaMobilizes, kItalyPasses, line("AM mobilize d10: 1 -2(Tegetthoff) = -1 => mobilized")}), "tmbv 6.1", Kind::Illegal);
}

TEST(TmbvOperations, OtherFleetsInTheAdmiralsPortMobilizeWithHim) {
    const std::string together = line("AM mobilize with AB d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/at-sea") +
                                 line("AB move @Pola/at-sea");
    clean(operations({together, kItalyPasses, line("AM activate d10: 3 -2(Tegetthoff) = 1 => activated") + line("AM move @Lissa/at-sea") +
                                                  line("AB move @Lissa/at-sea")}));
    one(operations({together, kItalyPasses, line("AB activate d10: 3 = 3 => activated")}), "tmbv 6.1.5", Kind::Illegal);
    one(operations({line("AB mobilize with AM d10: 2 = 2 => mobilized")}), "tmbv 6.1.5", Kind::Illegal);
    one(operations({line("AM mobilize with AR d10: 6 -2(Tegetthoff) = 4 => mobilized")}), "tmbv 6.1.5", Kind::Illegal);
    // the note: the VP are paid once, for the admiral's fleet; the others count as having tried
    const Finding f = one(operations({line("AM mobilize with AB d10: 9 -2(Tegetthoff) = 7 => failed"), kItalyPasses,
                                      line("AB mobilize d10: 2 = 2 => mobilized")}),
                          "tmbv 6.1.2", Kind::Illegal);
    EXPECT_NE(f.message.find("AB was flipped"), std::string::npos) << f.message;
}

// ---- 6.2 activation --------------------------------------------------------------------------------

TEST(TmbvOperations, AFleetMovesInAnActivation) {
    one(operations({line("AM move @Lissa/at-sea")}), "tmbv 6.2.1", Kind::Illegal);
    one(operations({kAustriaMobilizes, kItalyPasses, line("AM move @Ancona/at-sea")}), "tmbv 6.2.1", Kind::Illegal);
}

TEST(TmbvOperations, ActivationsByTheAttemptThatMobilized) {
    // mobilized on the first attempt: three activations; a fourth is refused
    const std::string again = line("AM activate d10: 3 -2(Tegetthoff) = 1 => activated") + line("AM move @Lissa/at-sea");
    clean(operations({kAustriaMobilizes, kItalyPasses, again, kItalyPasses, again}));
    const Finding f = one(operations({kAustriaMobilizes, kItalyPasses, again, kItalyPasses, again, kItalyPasses, again}), "tmbv 6.2.1", Kind::Illegal);
    EXPECT_EQ(f.message, "AM mobilized on attempt 1: 3 activations a turn");
    // mobilized on the third attempt: one
    one(operations({line("AB mobilize d10: 7 = 7 => failed") + line("AB mobilize vp 2 d10: 6 = 6 => failed") +
                        line("AB mobilize vp 2 d10: 1 = 1 => mobilized") + line("AB move @Pola/at-sea"),
                    kItalyPasses, line("AB activate d10: 1 = 1 => activated")}),
        "tmbv 6.2.1", Kind::Illegal);
}

TEST(TmbvOperations, AFleetThatBeganAtSeaActivatesOnceByAnFmlCheck) {
    one(operations({line("AR activate d10: 7 = 7 => activated")}), "tmbv 6.2.1", Kind::WrongResult, "failed", "activated");
    const Finding f = one(operations({line("AR activate d10: 3 = 3 => activated") + line("AR move @Lissa/at-sea"), kItalyPasses,
                                      line("AR activate d10: 3 = 3 => activated")}),
                          "tmbv 6.2.3", Kind::Illegal);
    EXPECT_EQ(f.message, "AR began the turn at sea: one activation a turn");
}

TEST(TmbvOperations, ASecondActivationFailedGoesOnForItsVp) {
    const std::string failed_second = line("AM activate d10: 9 -2(Tegetthoff) = 7 => activated vp 2") + line("AM move @Lissa/at-sea");
    clean(operations({kAustriaMobilizes, kItalyPasses, failed_second}));
    one(operations({kAustriaMobilizes, kItalyPasses, line("AM activate d10: 9 -2(Tegetthoff) = 7 => activated vp 1")}), "tmbv 6.2.5",
        Kind::WrongResult, "vp 2", "vp 1");
    // a failed check not paid for flips the fleet: no more activations
    one(operations({kAustriaMobilizes, kItalyPasses, line("AM activate d10: 9 -2(Tegetthoff) = 7 => failed"), kItalyPasses,
                    line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated")}),
        "tmbv 6.2.4", Kind::Illegal);
    // VP buy only a second activation
    one(operations({line("AR activate d10: 9 = 9 => activated vp 4")}), "tmbv 6.2.5", Kind::Illegal);
}

TEST(TmbvOperations, AnotherActivationComesFromAnAtSeaBoxInALaterImpulse) {
    one(operations({kAustriaMobilizes + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated")}), "tmbv 6.2.4", Kind::Illegal);
    one(operations({line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/port"), kItalyPasses,
                    line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated")}),
        "tmbv 6.2.4", Kind::Illegal);
    const Finding f = one(operations({line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Lissa/blockade"), kItalyPasses,
                                      line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated")}),
                          "tmbv 6.4.6", Kind::Illegal);
    EXPECT_EQ(f.message, "AM is on station (@Lissa/blockade): its mission for the turn, no further activation");
}

TEST(TmbvOperations, TheFleetsOfAnotherTurnStartAgain) {
    // AR was at sea; AM ends turn 2 in port: in turn 3 AM mobilizes again
    std::string text = operations({line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/port")});
    text += "turn 3\n  phase operations\n    impulse 1\n" + line("AM mobilize d10: 4 -2(Tegetthoff) = 2 => mobilized") + line("AM move @Lissa/at-sea");
    clean(text);
}

// ---- 6.3 fleets ------------------------------------------------------------------------------------

TEST(TmbvOperations, FleetsAsDeclared) {
    clean(operations({}));
    one(operations({}, fleets("fleet AS \"Austrian Support Fleet\" support admiral @Pola/port\n")), "tmbv 6.3.3", Kind::Illegal);
    one(operations({}, fleets("", "fleet IR \"Italian Reserve Fleet\" reserve admiral @Taranto/port\n")), "tmbv 6.3.4", Kind::Illegal);
    one(operations({}, fleets("", "fleet IX \"Italian Second Battle Fleet\" battle @Taranto/port\n")), "tmbv 6.3", Kind::Illegal);
    one(operations({}, fleets("", "fleet IS \"Italian Support Fleet\" support @Taranto/pier\n")), "tmbv 6.4.6", Kind::Inconsistent);
    one(operations({}, fleets("fleet AS \"Austrian Support Fleet\" support @Pola/port\nfleet AX \"Austrian Fleet X\" @Pola/port\n")), "tmbv 6.3",
        Kind::Illegal);
}

// The sample campaign (fixtures/games/tmbv-campaign-sample.ngn) after its first Return to Port Phase.
TEST(TmbvOperations, StateShowsTheFleetsAndTheVpPaid) {
    const testing_util::Run r = run_ironlog({"state", (kSource / "fixtures/games/tmbv-campaign-sample.ngn").string(), "--at", "phase victory"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("VP paid for operations: Austria 0, Italy 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Austrian Battle Fleet (Austria, battle): @Lissa/blockade, 4 ships, speed 3, mobilized on attempt 1, activations 2 of 3, "
                         "with AM, on station, Low Fuel"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Italian Battle Fleet (Italy, battle): @Ancona/port, 4 ships, speed 3, 1 attempt to mobilize"), std::string::npos) << r.out;
}

// ---- 6.3 the fleets' make-up, by the made-up test manifest's types ----------------------------------

namespace {
const std::string kAustrianMain = "fleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
                                  "ship FM \"Erzherzog Ferdinand Max\" AM\nship HB \"Habsburg\" AM\nship SAL \"Salamander\" AM\nship KM \"Kaiser Max\" AM\n";
const std::string kItaly = "side Italy\nfleet IM \"Italian Main Fleet\" main admiral @Ancona/port\n"
                           "ship RDI \"Re d'Italia\" IM\nship RDP \"Re di Portogallo\" IM\nship CAR \"Principe di Carignano\" IM\n"
                           "ship CAS \"Castelfidardo\" IM\nship AFF \"Affondatore\" IM\n";
// Austria's main fleet as above, and its other fleets as given.
std::string austria(const std::string& others) { return "side Austria\n" + kAustrianMain + others + kItaly; }
}  // namespace

TEST(TmbvFleets, AMainFleetHoldsFourWarshipsOneSmall) {
    // Italy's main fleet holds the Affondatore, small but not counted small here (6.3.1's exception)
    clean(operations({}, austria("")));
    one(operations({}, "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Pola/port\nship FM \"Erzherzog Ferdinand Max\" AM\n"
                       "ship HB \"Habsburg\" AM\nship SAL \"Salamander\" AM\n" + kItaly),
        "tmbv 6.3.1", Kind::Illegal);
    const Finding f = one(operations({}, austria("ship GR \"Greif\" AM\nship HUM \"Hum\" AM\n")), "tmbv 6.3.1", Kind::Illegal);
    EXPECT_EQ(f.message, "a main fleet holds one small ship at most (the Affondatore not counted): AM holds 2");
}

TEST(TmbvFleets, ABattleFleetHoldsAnIroncladWhenOneIsAvailable) {
    const std::string wooden = "fleet AB \"Austrian Battle Fleet\" battle @Pola/port\n"
                               "ship KA \"Kaiser\" AB\nship FR \"Friedrich\" AB\nship AD \"Adria\" AB\nship NO \"Novara\" AB\n";
    const std::string gunboats = "fleet AS \"Austrian Support Fleet\" support @Pola/port\n"
                                 "ship HUM \"Hum\" AS\nship SEE \"Seehund\" AS\nship DAL \"Dalmat\" AS\nship REK \"Reka\" AS\n";
    clean(operations({}, austria(wooden + gunboats)));
    const Finding f = one(operations({}, austria(wooden + gunboats + "ship DRA \"Drache\" AS\n")), "tmbv 6.3.2", Kind::Illegal);
    EXPECT_EQ(f.message, "a battle fleet holds an ironclad when any is available: AB holds none");
}

TEST(TmbvFleets, TheAdmiralSailsInTheFleetWithTheMostIronclads) {
    const std::string ironclads = "fleet AB \"Austrian Battle Fleet\" battle @Pola/port\n"
                                  "ship DJ \"Don Juan de Austria\" AB\nship DRA \"Drache\" AB\nship PE \"Prinz Eugen\" AB\nship KA \"Kaiser\" AB\n";
    clean(operations({}, austria(ironclads)));  // 4 ironclads with the admiral, 3 in the battle fleet
    // 2 with the admiral (two wooden frigates beside them), 4 in the battle fleet
    const std::string main = "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
                             "ship FM \"Erzherzog Ferdinand Max\" AM\nship HB \"Habsburg\" AM\nship KA \"Kaiser\" AM\nship FR \"Friedrich\" AM\n"
                             "fleet AB \"Austrian Battle Fleet\" battle @Pola/port\n"
                             "ship DJ \"Don Juan de Austria\" AB\nship DRA \"Drache\" AB\nship SAL \"Salamander\" AB\nship KM \"Kaiser Max\" AB\n";
    one(operations({}, main + kItaly), "tmbv 6.3.2", Kind::Illegal, "AB", "AM");
}

TEST(TmbvFleets, ASupportFleetIsSmallShipsAndTwoIroncladsAtMost) {
    const std::string support = "fleet AS \"Austrian Support Fleet\" support @Pola/port\n"
                                "ship HUM \"Hum\" AS\nship SEE \"Seehund\" AS\nship DAL \"Dalmat\" AS\nship REK \"Reka\" AS\n";
    clean(operations({}, austria(support + "ship DRA \"Drache\" AS\nship PE \"Prinz Eugen\" AS\n")));
    one(operations({}, austria(support + "ship RAD \"Radetzky\" AS\n")), "tmbv 6.3.3", Kind::Illegal);
    const Finding f = one(operations({}, austria(support + "ship DRA \"Drache\" AS\nship PE \"Prinz Eugen\" AS\nship DJ \"Don Juan de Austria\" AS\n")),
                          "tmbv 6.3.3", Kind::Illegal);
    EXPECT_EQ(f.message, "a support fleet holds 2 ironclads at most: AS holds 3");
}

TEST(TmbvFleets, AReserveFleetHoldsFourShips) {
    clean(operations({}, austria("fleet AR \"Austrian Reserve Fleet\" reserve @Venice/port\n"
                                 "ship AD \"Adria\" AR\nship NO \"Novara\" AR\nship RAD \"Radetzky\" AR\nship DON \"Donau\" AR\n")));
    one(operations({}, austria("fleet AR \"Austrian Reserve Fleet\" reserve @Venice/port\nship AD \"Adria\" AR\n")), "tmbv 6.3.4", Kind::Illegal);
}

TEST(TmbvFleets, EveryShipOutsideTheMediterraneanIsInAFleet) {
    // (the record stops in the Operations Phase: a lone ship there returns in the Return to Port Phase, 8.1.7)
    std::string lone = operations({}, austria("ship AD \"Adria\" @\"To the Mediterranean\"\n"));
    clean(lone.erase(lone.rfind("  phase victory\n")));
    one(operations({}, austria("ship AD \"Adria\" @Lissa/at-sea\n")), "tmbv 6.4.5", Kind::Illegal);
    const Finding f = one(operations({}, austria("") + "ship MES \"Messagero\" AM\n"), "tmbv 6.3", Kind::Illegal);
    EXPECT_EQ(f.message, "AM is Austria's fleet");
}

TEST(TmbvFleets, StateShowsAFleetsShipsAndSpeed) {
    const auto dir = temp_dir();
    std::filesystem::create_directories(dir / "games");
    std::filesystem::copy(kSource / "fixtures/tables", dir / "tables");
    write_file(dir / "games/c.ngn", operations({}, austria("")));
    const testing_util::Run r = run_ironlog({"state", (dir / "games/c.ngn").string()});
    EXPECT_NE(r.out.find("Austrian Main Fleet (Austria, main, admiral): @Pola/port, 4 ships, speed 3"), std::string::npos) << r.out << r.err;
}

// ---- 6.4 movement on the made-up test map (fixtures/maps/tmbv-test-map.ngn) -----------------------

namespace {
// The campaign's turn 2 on the test map: Austria's main fleet of four ironclads (MA 3) at
// Pola, its battle fleet with the Kaiser (MA 2); Italy's main fleet at Ancona, battle fleet at Bari.
std::string on_map(const std::vector<std::string>& impulses, const std::string& more = "") {
    const std::string fleets = "side Austria\n" + kAustrianMain +
                               "fleet AB \"Austrian Battle Fleet\" battle @Pola/port\nship DJ \"Don Juan de Austria\" AB\nship DRA \"Drache\" AB\n"
                               "ship PE \"Prinz Eugen\" AB\nship KA \"Kaiser\" AB\n" + more +
                               "side Italy\nfleet IM \"Italian Main Fleet\" main admiral @Ancona/port\nfleet IB \"Italian Battle Fleet\" battle @Bari/at-sea\n";
    std::string text = operations(impulses, fleets);
    text.insert(text.find("[Library"), "[Map \"../maps/tmbv-test-map.ngn\"]\n");
    return text;
}
const std::string kAmMobilizes = line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => mobilized");
const std::string kAbMobilizes = line("AB mobilize d10: 2 = 2 => mobilized");
}  // namespace

TEST(TmbvMovement, AMoveOutOfPortLeftOutIsOneFinding) {
    const std::string again = line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated");
    // the move out of Pola left out: the next move starts two areas away
    const Finding f = one(on_map({kAmMobilizes, kItalyPasses, again + line("AM move @\"Central Adriatic\" @Lissa/blockade")}), "tmbv 6.4", Kind::Illegal);
    EXPECT_EQ(f.message, "AM stood at Pola after its last move written, which does not touch Central Adriatic on the map: a move left out?");
    // activated again from the Port box and moving from there: the activation is the mistake
    const Finding g = one(on_map({kAmMobilizes, kItalyPasses, again + line("AM move @Pola/at-sea @\"Upper Adriatic\"")}), "tmbv 6.2.4", Kind::Illegal);
    EXPECT_EQ(g.message, "AM is in the port box of Pola: another activation only from an At Sea box");
    EXPECT_EQ(g.pos.line, line_of(on_map({kAmMobilizes, kItalyPasses, again}), "AM activate"));
    // and with no move after it, said at the impulse's end
    one(on_map({kAmMobilizes, kItalyPasses, again}), "tmbv 6.2.4", Kind::Illegal);
}

TEST(TmbvMap, AFleetMovesAlongTheMapsConnections) {
    clean(on_map({kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @\"Central Adriatic\"")}));
    const Finding f = one(on_map({kAmMobilizes + line("AM move @Pola/at-sea @\"Central Adriatic\"")}), "tmbv 6.4", Kind::Illegal);
    EXPECT_EQ(f.message, "Pola does not touch Central Adriatic on the map");
    const Finding g = one(on_map({kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatc\"")}), "tmbv 6.4", Kind::Inconsistent);
    EXPECT_NE(g.message.find("did you mean 'Upper Adriatic'?"), std::string::npos) << g.message;
}

TEST(TmbvMap, LeavingPortCostsAnMpAndAFleetMovesAtItsSlowestShipsMa) {
    // AB's Kaiser has an MA of 2: out of port (1) and one area (2); a second area is its third MP
    clean(on_map({kAbMobilizes + line("AB move @Pola/at-sea @\"Upper Adriatic\"")}));
    one(on_map({kAbMobilizes + line("AB move @Pola/at-sea @\"Upper Adriatic\" @\"Central Adriatic\"")}), "tmbv 6.4.2", Kind::Illegal,
        "at most 2 MP", "3 MP");
    // one mistake, one finding: the MP of a later move line in the same activation count on
    one(on_map({kAbMobilizes + line("AB move @Pola/at-sea @\"Upper Adriatic\"") + line("AB move @\"Central Adriatic\"")}), "tmbv 6.4.2",
        Kind::Illegal, "at most 2 MP", "3 MP");
}

TEST(TmbvMap, OnlyFriendlyShipsEnterAPortBox) {
    clean(on_map({kAmMobilizes + line("AM move @Pola/at-sea @Pola/port")}));
    one(on_map({kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @Ancona/port")}), "tmbv 6.4.3", Kind::Illegal, "Austria's port",
        "Italy's");
}

TEST(TmbvMap, AMoveEndsInPortUnlessTheOptionBarsIt) {
    const std::string home = kAmMobilizes + line("AM move @Pola/at-sea @Pola/port");
    clean(on_map({home}));
    one(with_options(on_map({home}), "end-in-port=barred"), "tmbv 6.4.3", Kind::Illegal);
}

TEST(TmbvMap, NoShipEntersThePortOfSpalato) {
    const std::string fleet = "fleet AS \"Austrian Support Fleet\" support @Spalato/at-sea\n";
    clean(on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @Spalato/blockade")}, fleet));
    one(on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @Spalato/port")}, fleet), "tmbv 6.4.8", Kind::Illegal);
}

TEST(TmbvMap, AustriaNeverBlockadesTaranto) {
    const std::string fleet = "fleet AS \"Austrian Support Fleet\" support @\"To the Mediterranean\"\n";
    clean(on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @Taranto/bombard")}, fleet));
    one(on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @Taranto/blockade")}, fleet), "tmbv 6.4.6", Kind::Illegal);
}

TEST(TmbvMap, AnEnemyFleetsSubAreaEndsTheMove) {
    // Italy's battle fleet is at sea at Bari; Austria's support fleet comes from the Lower Adriatic.
    // The records stop in the Operations Phase: the fleets that meet fight next (7.0, tmbv_combat_test.cpp)
    const std::string fleet = "fleet AS \"Austrian Support Fleet\" support @\"Lower Adriatic\"\n";
    auto meeting = [&](const std::string& move) {
        std::string text = on_map({line("AS activate d10: 1 = 1 => activated") + line(move)}, fleet);
        return text.erase(text.rfind("  phase victory\n"));
    };
    clean(meeting("AS move @Bari/at-sea"));
    clean(meeting("AS move @Bari/blockade"));  // another sub-area
    const Finding f = one(meeting("AS move @Bari/at-sea @Bari/blockade"), "tmbv 6.4.9", Kind::Illegal);
    EXPECT_EQ(f.message, "AS entered IB's sub-area (@Bari/at-sea): its move ends there");
    // on the next line of the same activation too (an interception between them changes nothing)
    std::string two_lines = meeting("AS move @Bari/at-sea");
    one(two_lines.insert(two_lines.size(), line("AS move @Bari/blockade")), "tmbv 6.4.9", Kind::Illegal);
}

// A move that ended in an enemy's sub-area stops the fleet in that impulse of that turn only: in
// the next turn's same impulse it moves on (newuser2's "ghost fleet").
TEST(TmbvMap, AStopEndsWithItsTurn) {
    const std::string fleet = "fleet AS \"Austrian Support Fleet\" support @\"Lower Adriatic\"\n";
    const std::string turn2 = on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @Bari/at-sea"),
                                      line("IB activate d10: 1 = 1 => activated") + line("IB move @Bari/port")},
                                     fleet);
    const std::string turn3 = "turn 3\n  phase operations\n    impulse 1\n" + line("AS activate d10: 1 = 1 => activated");
    clean(turn2 + turn3 + line("AS move @\"Lower Adriatic\" @\"Central Adriatic\""));
    // its Low Fuel (8.1.4, turn 2 left it at sea) is one finding, and no stop of turn 2's adds one
    one(turn2 + turn3 + line("AS move @Bari/blockade"), "tmbv 6.4.7", Kind::Illegal);
}

TEST(TmbvMap, EnemyFleetsInTheMediterraneanStopAFleet) {
    const std::string fleet = "fleet AS \"Austrian Support Fleet\" support @\"Lower Adriatic\"\n";
    std::string text = on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @\"To the Mediterranean\" @Taranto/bombard")}, fleet);
    clean(text);
    text.replace(text.find("@Bari/at-sea\n"), 13, "@\"To the Mediterranean\"\n");
    one(text, "tmbv 6.4.10", Kind::Illegal);
}

TEST(TmbvMap, PlacesAreTheMapsAreasAndBoxes) {
    one(on_map({}, "fleet AS \"Austrian Support Fleet\" support @\"Upper Adriatic\"/port\n"), "tmbv 6.4.6", Kind::Inconsistent);
    one(on_map({}, "fleet AS \"Austrian Support Fleet\" support @Sebenico/port\n"), "tmbv 6.4", Kind::Inconsistent);
}

// ---- 6.3.6, 6.3.7 ships changing fleets ----------------------------------------------------------------

TEST(TmbvFleets, ShipsChangeFleetsInPortBeforeTheFirstImpulse) {
    // AM: four ironclads and Kaiserin Elisabeth (a small ship); AB: four ironclads, both in Pola
    const std::string battle = "ship KE \"Kaiserin Elisabeth\" AM\nfleet AB \"Austrian Battle Fleet\" battle @Pola/port\nship DJ \"Don Juan de Austria\" AB\n"
                               "ship DRA \"Drache\" AB\nship PE \"Prinz Eugen\" AB\nship FR \"Friedrich\" AB\n";
    const auto before_impulse_one = [&](const std::string& fleets, const std::string& lines, const std::string& impulse = "") {
        std::string text = operations({impulse}, austria(fleets));
        return text.insert(text.find("    impulse 1\n"), lines);
    };
    clean(before_impulse_one(battle, "    AM transfer KE to AB\n"));
    one(operations({line("AM transfer KE to AB")}, austria(battle)), "tmbv 6.3.6", Kind::Illegal);  // in impulse 1
    std::string at_sea = battle;
    at_sea.replace(at_sea.find("battle @Pola/port"), 17, "battle @Pola/at-sea");
    one(before_impulse_one(at_sea, "    AM transfer KE to AB\n"), "tmbv 6.3.7", Kind::Illegal);
    // AM left with three ships: 6.3.1 holds when ships change fleets
    one(before_impulse_one(battle, "    AM transfer SAL KE to AB\n"), "tmbv 6.3.1", Kind::Illegal);
    one(before_impulse_one(battle, "    AM transfer DJ to AB\n"), "tmbv 6.3.6", Kind::Inconsistent);  // not AM's
    // the make-up is judged when the transfers are done: AM is down to three, then gets Don Juan
    clean(before_impulse_one(battle, "    AM transfer SAL KE to AB\n    AB transfer DJ to AM\n"));
}

TEST(TmbvFleets, ALoneShipBackInPortJoinsAFleetAndASidesOtherWordsAreReported) {
    // Hum stands alone in Pola's port (back from the Mediterranean, 8.1.7)
    const std::string lone = "fleet AS \"Austrian Support Fleet\" support @Pola/port\nship SEE \"Seehund\" AS\nship DAL \"Dalmat\" AS\n"
                             "ship REK \"Reka\" AS\nship VEL \"Velebit\" AS\nship HUM \"Hum\" @\"To the Mediterranean\"\n";
    auto before_impulse_one = [&](const std::string& lines, const std::string& return_line = "    HUM return @Pola/port\n") {
        std::string text = operations({""}, austria(lone));
        return text.replace(text.find("  phase victory\n"), 16,
                            "  phase return-to-port\n" + return_line + "turn 3\n  phase operations\n" + lines + "    impulse 1\n  phase victory\n");
    };
    clean(before_impulse_one("    Austria transfer HUM to AS\n"));
    const Finding f = one(before_impulse_one("    Austria transfer HUM to AS\n", "    HUM return @Trieste/port\n"), "tmbv 6.3.6", Kind::Illegal);
    EXPECT_EQ(f.message, "HUM is at Trieste, AS at @Pola/port: a ship joins a fleet in its port");
    one(before_impulse_one("    Austria allocate HUM to AS\n"), "tmbv 6.0", Kind::Inconsistent);
    one(before_impulse_one("    HUM join AS\n"), "tmbv 6.0", Kind::Inconsistent);
}

// ---- one mistake, one finding: a number said wrong, and the lines after it -------------------------

TEST(TmbvOperations, AWrongAdmiralsModifierIsTheOnlyFinding) {
    // Tegetthoff lowers by 2: 7 -2 = 5, at most the FML 5, mobilized; the players wrote -1
    one(operations({line("AM mobilize d10: 7 -1(Tegetthoff) = 6 => mobilized") + line("AM move @Pola/at-sea")}), "tmbv 6.1.2", Kind::WrongResult,
        "-2(Tegetthoff)", "-1(Tegetthoff)");
    // the result their own total gives is no second finding either
    const std::string failed = line("AM mobilize d10: 7 -1(Tegetthoff) = 6 => failed");
    one(operations({failed}), "tmbv 6.1.2", Kind::WrongResult, "-2(Tegetthoff)", "-1(Tegetthoff)");
    // the retry's cost by their total (6 - 5 = 1) or by the rules' (5 - 5 = 0): the one finding
    for (const char* vp : {"vp 1", "vp 0"})
        one(operations({failed + line(std::string("AM mobilize ") + vp + " d10: 2 -2(Tegetthoff) = 0 => mobilized") + line("AM move @Pola/at-sea")}),
            "tmbv 6.1.2", Kind::WrongResult, "-2(Tegetthoff)", "-1(Tegetthoff)");
    // the modifier wrong and the total the rules' (6 -2 = 4): the kit's finding alone (ngn 5.4)
    one(operations({line("AM mobilize d10: 6 -1(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/at-sea")}), "ngn 5.4 Dice", Kind::WrongResult);
    // `failed` said for a pass (7 -2 = 5 at FML 5), then a paid second attempt: its cost is the players'
    one(operations({line("AM mobilize d10: 7 -2(Tegetthoff) = 5 => failed") + line("AM mobilize vp 1 d10: 2 -2(Tegetthoff) = 0 => mobilized") +
                    line("AM move @Pola/at-sea")}),
        "tmbv 6.1.2", Kind::WrongResult, "mobilized", "failed");
    // a cost neither gives is its own finding
    const auto both = problems_in(operations({failed + line("AM mobilize vp 3 d10: 2 -2(Tegetthoff) = 0 => mobilized")}), "games");
    EXPECT_EQ(both.size(), 2u) << describe(both);
}

TEST(TmbvOperations, AResultClaimedAgainstTheRollThenPlayedByTheRollIsOneFinding) {
    // 9 -2 = 7 fails against FML 5; `mobilized` is said, and the players then try again, paying 2
    one(operations({line("AM mobilize d10: 9 -2(Tegetthoff) = 7 => mobilized") + line("AM mobilize vp 2 d10: 3 -2(Tegetthoff) = 1 => mobilized") +
                    line("AM move @Pola/at-sea")}),
        "tmbv 6.1.2", Kind::WrongResult, "failed", "mobilized");
    // 6 -2 = 4 passes; `failed` is said, and the fleet moves
    one(operations({line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => failed") + line("AM move @Pola/at-sea")}), "tmbv 6.1.2", Kind::WrongResult,
        "mobilized", "failed");
    // an activation's 3 passes at FML 5; `failed` is said, and the fleet moves
    one(operations({kAustriaMobilizes, kItalyPasses, line("AR activate d10: 3 = 3 => failed") + line("AR move @Venice/at-sea")}), "tmbv 6.2.1",
        Kind::WrongResult, "activated", "failed");
    // played as claimed: no second finding either
    one(operations({line("AM mobilize d10: 6 -2(Tegetthoff) = 4 => failed"), kItalyPasses, line("Austria pass")}), "tmbv 6.1.2", Kind::WrongResult,
        "mobilized", "failed");
}

TEST(TmbvOperations, AWrongCostIsOneFindingAndTheTotalAfterItFollowsEitherReading) {
    // Austria 4 VP; 8 -2 = 6 fails by 1 against FML 5: the retry costs 1; the players wrote 2
    const std::string text = operations({line("Austria vp 4") + line("AM mobilize d10: 8 -2(Tegetthoff) = 6 => failed") +
                                         line("AM mobilize vp 2 d10: 2 -2(Tegetthoff) = 0 => mobilized") + line("AM move @Pola/at-sea")});
    for (const char* total : {"Austria vp 3\n", "Austria vp 2\n"}) {  // the rules' count, or the players' as written
        std::string t = text;
        one(t.insert(t.rfind("  phase victory\n") + 16, std::string("    ") + total), "tmbv 6.1.2", Kind::WrongResult, "vp 1", "vp 2");
    }
    std::string wrong = text;
    const auto all = problems_in(wrong.insert(wrong.rfind("  phase victory\n") + 16, "    Austria vp 4\n"), "games");
    EXPECT_EQ(all.size(), 2u) << describe(all);  // neither reading: the total is its own finding
}

TEST(TmbvOperations, AFleetNamedInAWithItCouldNotJoinThenActingAloneIsOneFinding) {
    // AR began the turn at sea: AM may not take it along (6.1.5); it then activates on its own
    const std::string text = operations({line("AM mobilize with AR d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/at-sea"),
                                         kItalyPasses, line("AR activate d10: 3 = 3 => activated") + line("AR move @Venice/at-sea")});
    const Finding f = one(text, "tmbv 6.1.5", Kind::Illegal);
    EXPECT_EQ(f.message, "AR (@Venice/at-sea) is not in AM's port (@Pola/port)");
}

// ---- 6.5 interception ----------------------------------------------------------------------------

namespace {
// Austria's support fleet, in the Lower Adriatic, moves into Bari, where Italy's battle fleet is
// at sea (on_map); the made-up test pack gives +1 to a fleet rolling from the At Sea box and +1
// to the admiral's fleet. `italy` replaces Italy's fleets; the record stops after the impulse.
std::string intercepted(const std::string& lines, const std::string& italy = "", const std::string& from = "@\"Lower Adriatic\"") {
    std::string text = on_map({line("AS activate d10: 1 = 1 => activated") + lines}, "fleet AS \"Austrian Support Fleet\" support " + from + "\n");
    if (!italy.empty()) text.replace(text.find("side Italy\n"), text.find("turn 2\n") - text.find("side Italy\n"), "side Italy\n" + italy);
    return text.erase(text.rfind("  phase victory\n"));
}
const std::string kToBari = line("AS move @Bari/blockade");
const std::string kIbIntercepts = line("IB intercept AS d10: 6 +1(at-sea) = 7");
}  // namespace

// The intercepting fleet not where the moving fleet's move ended (its own move there left out):
// one finding; it is taken as there, in the At Sea box, for its roll's modifiers and after.
TEST(TmbvInterception, AnInterceptionWhereTheFleetIsNotIsOneFinding) {
    const std::string italy = "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port\nfleet IB \"Italian Battle Fleet\" battle @Taranto/at-sea\n";
    one(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 3 = 3 => Italy"), italy), "tmbv 6.5", Kind::Illegal);
    // the moving fleet's name said wrong (AB for AS): one finding, and AS's die answers it
    one(intercepted(kToBari + line("IB intercept AB d10: 6 +1(at-sea) = 7") + line("AS evade d10: 3 = 3 => Italy")), "tmbv 6.5", Kind::Illegal);
}

TEST(TmbvInterception, EachSideRollsAndTheHigherWins) {
    clean(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 3 = 3 => Italy")));
    clean(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 9 = 9 => Austria")));
    one(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 3 = 3 => Austria")), "tmbv 6.5.4", Kind::WrongResult, "Italy", "Austria");
    // the moving fleet's roll names the winner
    one(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 3 = 3")), "tmbv 6.5.4", Kind::Inconsistent);
}

TEST(TmbvInterception, TheRollsTakeTheInterceptionTablesModifiers) {
    one(intercepted(kToBari + line("IB intercept AS d10: 6 = 6") + line("AS evade d10: 3 = 3 => Italy")), "tmbv 6.5.4", Kind::WrongResult,
        "6 +1(at-sea) = 7", "6");
    // one mistake, one finding: the winner is judged on the players' total
    one(intercepted(kToBari + line("IB intercept AS d10: 6 = 6") + line("AS evade d10: 7 = 7 => Austria")), "tmbv 6.5.4", Kind::WrongResult,
        "6 +1(at-sea) = 7", "6");
}

TEST(TmbvInterception, AWinnerByTheRulesTotalsAfterAModifierLeftOutIsNoSecondFinding) {
    // IB's +1 left out: 6 against AS's 6 is Austria's (a tie, the moving fleet's); by the rules 7 against 6, Italy's
    one(intercepted(kToBari + line("IB intercept AS d10: 6 = 6") + line("AS evade d10: 6 = 6 => Italy")), "tmbv 6.5.4", Kind::WrongResult,
        "6 +1(at-sea) = 7", "6");
}

TEST(TmbvInterception, ATieGoesToTheMovingFleetUnlessTheOptionSays) {
    const std::string tie = kToBari + kIbIntercepts + "      AS evade d10: 7 = 7 => ";
    clean(intercepted(tie + "Austria\n"));
    one(intercepted(tie + "Italy\n"), "tmbv 6.5.4", Kind::WrongResult, "Austria", "Italy");
    std::string text = intercepted(tie + "Italy\n");
    clean(text.insert(text.find("[Side1"), "[Options \"interception-tie=intercepting\"]\n"));
}

TEST(TmbvInterception, AFleetIsInterceptedWhereItsMoveEntersAnAreaHeldByTheEnemy) {
    // (a coastal area is one At Sea box, Readings: coastal-at-sea: +1 for AS there too)
    const Finding f = one(intercepted(line("AS move @\"Central Adriatic\"") + kIbIntercepts + line("AS evade d10: 3 +1(at-sea) = 4 => Italy")),
                          "tmbv 6.5", Kind::Illegal);
    EXPECT_EQ(f.message, "AS has not entered an area held by Italy's fleets in this impulse: a fleet is intercepted where its move enters one");
}

TEST(TmbvInterception, TheMoveStopsWhereTheEnemyMayIntercept) {
    // IB on blockade at Lissa: AS passes through, and goes on after the interception fails
    const std::string italy = "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port\nfleet IB \"Italian Battle Fleet\" battle @Lissa/blockade\n";
    const std::string rolls = line("IB intercept AS d10: 2 = 2") + line("AS evade d10: 3 +1(at-sea) = 4 => Austria");
    clean(intercepted(line("AS move @Lissa") + rolls + line("AS move @\"Lower Adriatic\""), italy, "@\"Central Adriatic\""));
    clean(intercepted(line("AS move @Lissa @\"Lower Adriatic\""), italy, "@\"Central Adriatic\""));  // no interception: it went on
    const Finding f = one(intercepted(line("AS move @Lissa @\"Lower Adriatic\"") + rolls, italy, "@\"Central Adriatic\""), "tmbv 6.5", Kind::Illegal);
    EXPECT_EQ(f.message, "AS's move stops at Lissa while Italy decides to intercept: write the move to Lissa, the interception, then the rest of the move");
}

TEST(TmbvInterception, OnlyTheEnemyFleetsInTheAreaIntercept) {
    const Finding f = one(intercepted(kToBari + line("IM intercept AS d10: 6 +1(admiral) = 7") + line("AS evade d10: 3 = 3 => Italy")), "tmbv 6.5.1", Kind::Illegal);
    EXPECT_EQ(f.message, "IM is at @Ancona/port: the fleets that may intercept are those in Bari");
    one(intercepted(kToBari + line("IB intercept IB d10: 6 = 6")), "tmbv 6.5.1", Kind::Inconsistent);
}

TEST(TmbvInterception, FleetsAtSeaTryFirst) {
    const std::string italy = "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port\nfleet IB \"Italian Battle Fleet\" battle @Bari/at-sea\n"
                              "fleet IR \"Italian Reserve Fleet\" reserve @Bari/port\n";
    const std::string ib = kIbIntercepts + line("AS evade d10: 9 = 9 => Austria");
    const std::string ir = line("IR intercept AS d10: 5 = 5") + line("AS evade d10: 3 = 3 => Italy");
    clean(intercepted(kToBari + ib + ir, italy));
    const Finding f = one(intercepted(kToBari + ir + ib, italy), "tmbv 6.5.2", Kind::Illegal);
    EXPECT_EQ(f.message, "IB is in Bari's At Sea box: it tries first");
}

TEST(TmbvInterception, EachFleetRollsOnceOrAllAtOnceWithTheAdmiral) {
    one(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 9 = 9 => Austria") + kIbIntercepts + line("AS evade d10: 9 = 9 => Austria")),
        "tmbv 6.5.3", Kind::Illegal);
    // all or nothing: the admiral's fleet (IM, +1) is at Bari; one roll for both fleets
    const std::string italy = "fleet IM \"Italian Main Fleet\" main admiral @Bari/port\nfleet IB \"Italian Battle Fleet\" battle @Bari/at-sea\n";
    const std::string all = line("IB intercept AS all-or-nothing d10: 6 +1(at-sea) = 7") + line("AS evade d10: 9 = 9 => Austria");
    clean(intercepted(kToBari + all, italy));
    one(intercepted(kToBari + all + line("IM intercept AS d10: 6 +1(admiral) = 7") + line("AS evade d10: 3 = 3 => Italy"), italy), "tmbv 6.5.3",
        Kind::Illegal);
    const Finding f = one(intercepted(kToBari + all), "tmbv 6.5.3", Kind::Illegal);  // the admiral is at Ancona
    EXPECT_EQ(f.message, "all or nothing is for a side whose admiral is in the area: Italy's is not in Bari");
}

TEST(TmbvInterception, NoneInTheMediterraneanWhereABattleIsTheirChoice) {
    const std::string italy = "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port\nfleet IB \"Italian Battle Fleet\" battle @\"To the Mediterranean\"\n";
    const std::string into = line("AS move @\"To the Mediterranean\"");
    const Finding f = one(intercepted(into + line("IB intercept AS d10: 6 +1(at-sea) = 7") + line("AS evade d10: 3 +1(at-sea) = 4 => Italy"), italy),
                          "tmbv 6.7.5",
                          Kind::Illegal);
    EXPECT_EQ(f.message, "no interception in the Mediterranean: the fleets fight there if either player wants to");
    // the fleets there as the Operations Phase ends need not fight (6.7.5); elsewhere they must (7.0)
    clean(intercepted(into, italy) + "  phase victory\n");
    one(intercepted(kToBari, "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port\nfleet IB \"Italian Battle Fleet\" battle @Bari/at-sea\n") +
            "  phase victory\n",
        "tmbv 7.0", Kind::Illegal);
}

TEST(TmbvInterception, AtSeaFleetsMustTryWhenTheOptionSays) {
    clean(intercepted(kToBari) + "    impulse 2\n");  // Italy declines
    const Finding f = one(with_options(intercepted(kToBari) + "    impulse 2\n", "at-sea-intercept=compulsory"), "tmbv 6.5.2", Kind::Illegal);
    EXPECT_EQ(f.message, "IB is in Bari's At Sea box: it must try to intercept AS (Readings: at-sea-intercept)");
    clean(with_options(intercepted(kToBari + kIbIntercepts + line("AS evade d10: 9 = 9 => Austria")) + "    impulse 2\n", "at-sea-intercept=compulsory"));
    one(with_options(intercepted(kToBari), "at-sea-intercept=compulsory"), "tmbv 6.5.2", Kind::Illegal);  // the record's end
}

TEST(TmbvInterception, AnActivatedFleetMayStillIntercept) {
    // 6.2's Game Play Note: IB's activation fails in impulse 2 (Italy's FML is 2); it still intercepts in impulse 3
    const std::string support = "fleet AS \"Austrian Support Fleet\" support @\"Lower Adriatic\"\n";
    std::string text = on_map({line("Austria pass"), line("IB activate d10: 9 = 9 => failed"),
                               line("AS activate d10: 1 = 1 => activated") + kToBari + kIbIntercepts + line("AS evade d10: 3 = 3 => Italy")},
                              support);
    clean(text.erase(text.rfind("  phase victory\n")));
}

TEST(TmbvInterception, BothDiceAreRolled) {
    one(intercepted(kToBari + kIbIntercepts), "tmbv 6.5.4", Kind::Inconsistent);  // the moving fleet's die never came
    one(intercepted(kToBari + line("AS evade d10: 3 = 3 => Austria")), "tmbv 6.5.4", Kind::Inconsistent);
}

// ---- 6.7 the Mediterranean: lone ships ---------------------------------------------------------------

namespace {
// Austria's support fleet of four gunboats, in the Lower Adriatic, goes to the Mediterranean.
const std::string kSupport = "fleet AS \"Austrian Support Fleet\" support @\"Lower Adriatic\"\nship HUM \"Hum\" AS\nship SEE \"Seehund\" AS\n"
                             "ship DAL \"Dalmat\" AS\nship REK \"Reka\" AS\n";
const std::string kToTheMed = line("AS activate d10: 1 = 1 => activated") + line("AS move @\"To the Mediterranean\"");
std::string then_return(std::string text, const std::string& returns) {
    return text.insert(text.rfind("  phase victory\n"), "  phase return-to-port\n" + returns);
}
}  // namespace

TEST(TmbvMediterranean, AFleetDropsShipsOffThere) {
    // the records stop in the Operations Phase: lone ships return in the Return to Port Phase (8.1.7)
    auto in_operations = [](std::string text) { return text.erase(text.rfind("  phase victory\n")); };
    clean(in_operations(on_map({kToTheMed + line("AS drop HUM SEE")}, kSupport)));
    const Finding f = one(on_map({line("AS activate d10: 1 = 1 => activated") + line("AS move @\"Central Adriatic\"") + line("AS drop HUM")}, kSupport),
                          "tmbv 6.7.2", Kind::Illegal);
    EXPECT_EQ(f.message, "ships are dropped off in the \"To the Mediterranean\" area, as the fleet moves into or through it: AS has not in this impulse");
    one(on_map({kToTheMed + line("AS drop FM")}, kSupport), "tmbv 6.7.2", Kind::Inconsistent);  // not AS's
    one(in_operations(on_map({kToTheMed + line("AS drop HUM SEE") + line("AS take HUM")}, kSupport)), "tmbv 6.7.3", Kind::Illegal);
}

TEST(TmbvMediterranean, LoneShipsReturnToPortEachTurn) {
    const std::string dropped = on_map({kToTheMed + line("AS drop HUM")}, kSupport);
    clean(then_return(dropped, "    HUM return @Lissa/port\n"));
    one(then_return(dropped, "    HUM return @Taranto/port\n"), "tmbv 8.1.7", Kind::Illegal);  // Italy's
    const Finding f = one(then_return(dropped, "    AS stay\n"), "tmbv 8.1.7", Kind::Illegal);
    EXPECT_EQ(f.message, "lone ships in the Mediterranean return to port: HUM return @<port>/port");    // two ships left out: one finding, at the phase's heading, naming both; they are then taken as
    // gone to a port not written, and the next turn asks nothing more of them
    const std::string two = on_map({kToTheMed + line("AS drop HUM SEE")}, kSupport);
    const std::string next = "turn 3\n  phase return-to-port\n" + line("IB return @Bari/port") + line("AS return @Lissa/port");
    const std::string text = then_return(two, "    AS stay\n") + next;
    const Finding g = one(text, "tmbv 8.1.7", Kind::Illegal);
    EXPECT_EQ(g.message, "lone ships in the Mediterranean return to port: HUM return @<port>/port, SEE return @<port>/port");
    EXPECT_EQ(g.pos.line, 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find("  phase return-to-port")), '\n'));
}

// A drop left out: the ships that return alone from the Mediterranean are one finding together,
// and are taken as dropped there (their fleet returns without them).
TEST(TmbvMediterranean, ADropLeftOutIsOneFindingForItsShips) {
    const std::string went = on_map({kToTheMed}, kSupport);
    const Finding f = one(then_return(went, "    AS stay\n    HUM return @Lissa/port\n    SEE return @Lissa/port\n"), "tmbv 6.7.2", Kind::Illegal);
    EXPECT_EQ(f.message, "HUM is in AS: a ship leaves its fleet in the Mediterranean by a drop (AS drop HUM) before it returns alone");
    // a ship of a fleet that never went there is the other finding
    one(then_return(on_map({line("Austria pass")}, kSupport), "    HUM return @Lissa/port\n"), "tmbv 8.1", Kind::Inconsistent);
}

// ---- 8.0 return to port, and the Low Fuel marker --------------------------------------------------

namespace {
// Turn 2 on the test map, Austria (the initiative) with AM at Pola, the Italians declared in
// on_map (IM in Ancona's port, IB at sea at Bari); then the return-to-port phase's lines.
std::string returning(const std::string& operations_lines, const std::string& returns, const std::string& more = "") {
    std::string text = on_map({operations_lines}, more);
    text.insert(text.find("  phase victory\n"), "  phase return-to-port\n" + returns);
    return text;
}
const std::string kAmToSea = kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\"");
}  // namespace

TEST(TmbvReturnToPort, AFleetOnStationGetsLowFuelUnlessTheOptionExemptsIt) {
    // turn 2: AM blockades Ancona and stays out; turn 3 its Low Fuel marker sends it home (8.1.3)
    const std::string text = returning(kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @Ancona/blockade"), line("IB return @Bari/port")) +
                             "turn 3\n  phase return-to-port\n" + line("AM stay");
    one(text, "tmbv 8.1.3", Kind::Illegal);
    clean(with_options(text, "low-fuel-on-station=exempt"));
}

TEST(TmbvReturnToPort, AFleetAtSeaReturnsToTheNearestFriendlyPort) {
    clean(returning(kAmToSea, line("IB stay") + line("AM return @Pola/port")));
    // Venezia and Trieste are two areas away from the Upper Adriatic, Pola one
    one(returning(kAmToSea, line("AM return @Venezia/port")), "tmbv 8.1.2", Kind::Illegal, "Pola", "Venezia");
    one(returning(kAmToSea, line("AM return @Ancona/port")), "tmbv 8.1", Kind::Illegal);
}

// A return written with another box than port is one finding: the fleet is in that area's port,
// so its next turn's mobilization there is no second one.
TEST(TmbvReturnToPort, AReturnWithTheBoxSaidWrongIsToThatPort) {
    const std::string next = "turn 3\n  phase operations\n    impulse 1\n" + line("AM mobilize d10: 1 -2(Tegetthoff) = -1 => mobilized") +
                             line("AM move @Pola/at-sea");
    clean(returning(kAmToSea, line("IB stay") + line("AM return @Pola/port")) + next);
    one(returning(kAmToSea, line("IB stay") + line("AM return @Pola/at-sea")) + next, "tmbv 8.1", Kind::Inconsistent);
}

TEST(TmbvReturnToPort, ABlockadedPortIsNotAPortToReturnTo) {
    // Italy's main fleet blockades Pola: the nearest open port is then Venezia or Trieste (two areas)
    auto blockaded = [](const std::string& returns) {
        std::string text = returning(kAmToSea, returns);
        const std::string at_ancona = "fleet IM \"Italian Main Fleet\" main admiral @Ancona/port";
        return text.replace(text.find(at_ancona), at_ancona.size(), "fleet IM \"Italian Main Fleet\" main admiral @Pola/blockade");
    };
    clean(blockaded(line("AM return @Trieste/port")));
    one(blockaded(line("AM return @Pola/port")), "tmbv 8.1", Kind::Illegal);
}

TEST(TmbvReturnToPort, TheNonInitiativePlayerDeclaresFirst) {
    clean(returning(kAmToSea, line("IB stay") + line("AM return @Pola/port")));
    one(returning(kAmToSea, line("AM return @Pola/port") + line("IB stay")), "tmbv 8.1", Kind::Illegal);
}

TEST(TmbvReturnToPort, OnlyFleetsInAtSeaBoxesReturn) {
    const std::string on_station = kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @Ancona/blockade");
    const Finding f = one(returning(on_station, line("AM return @Pola/port")), "tmbv 8.1.1", Kind::Illegal);
    EXPECT_EQ(f.message, "fleets in At Sea boxes return to port: AM is at @Ancona/blockade, on its mission");
    // the fleet stays where the rules keep it; its next move may start there, or from the port written
    const std::string turn3 = "turn 3\n  phase operations\n    impulse 1\n" + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated");
    one(returning(on_station, line("AM return @Pola/port")) + turn3 + line("AM move @Ancona/at-sea"), "tmbv 8.1.1", Kind::Illegal);
    one(returning(on_station, line("AM return @Pola/port")) + turn3 + line("AM move @Pola/at-sea"), "tmbv 8.1.1", Kind::Illegal);
}

TEST(TmbvReturnToPort, AFleetThatStaysOutHasLowFuelAndMustReturnNextTime) {
    // turn 2: AM stays at sea (Low Fuel); turn 3 it may not activate twice, nor take a mission, and must return
    std::string text = returning(kAmToSea, line("IB return @Bari/port") + line("AM stay"));
    const std::string turn2 = "turn 3\n  phase operations\n    impulse 1\n" + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") +
                              line("AM move @Pola/at-sea");
    clean(text + turn2 + "  phase return-to-port\n" + line("AM return @Pola/port"));
    one(text + turn2 + "  phase return-to-port\n" + line("AM stay"), "tmbv 8.1.3", Kind::Illegal);
    one(text + "turn 3\n  phase operations\n    impulse 1\n" + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") +
            line("AM move @Pola/blockade"),
        "tmbv 6.4.7", Kind::Illegal);
}

TEST(TmbvReturnToPort, TheMarkerGoesInPortInTheRepairSegment) {
    std::string text = returning(kAmToSea, line("IB return @Bari/port") + line("AM stay"));
    const std::string turn2 = "turn 3\n  phase operations\n    impulse 1\n" + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") +
                              line("AM move @Pola/port") + "  phase end-of-turn\n    segment repair\n";
    // in port by the Repair Segment: no marker in turn 4, so AM may stay out
    clean(text + turn2 + "turn 4\n  phase return-to-port\n" + line("AM stay"));
}

TEST(TmbvReturnToPort, TheMarkerGoesInPortWhenTheRepairSegmentIsLeftOut) {
    // turn 2: AM stays out (Low Fuel); turn 3 it comes home, and the turn's Repair Segment, in which
    // nothing happened, is left out (docs/notation.md 5.2): the marker goes all the same (11.2.6),
    // so in turn 4 AM activates twice
    const std::string stayed = returning(kAmToSea, line("IB return @Bari/port") + line("AM stay"));
    const std::string home = "turn 3\n  phase operations\n    impulse 1\n" + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") +
                             line("AM move @Pola/port");
    const std::string twice = "turn 4\n  phase operations\n    impulse 1\n" + kAmMobilizes + line("AM move @Pola/at-sea") + "    impulse 2\n    impulse 3\n" +
                              line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated");
    clean(stayed + home + "  phase victory\n" + twice);
    clean(stayed + home + "  phase end-of-turn\n    segment weather-damage\n  phase victory\n" + twice);
    clean(stayed + home + twice);  // the turn's last phases all left out
}

TEST(TmbvReturnToPort, APhaseLeftOutIsPlayedWithNoLines) {
    // turn 2 has no Return to Port Phase, as nothing was written in it (docs/notation.md 5.2): AM,
    // left at sea, gets Low Fuel all the same (8.1.4)
    std::string at_sea = on_map({kAmToSea});
    const std::string at_bari = "battle @Bari/at-sea";  // Italy's fleets in port: nothing to return
    at_sea.replace(at_sea.find(at_bari), at_bari.size(), "battle @Bari/port");
    clean(at_sea + "turn 3\n  phase return-to-port\n" + line("AM return @Pola/port"));
    one(at_sea + "turn 3\n  phase return-to-port\n" + line("AM stay"), "tmbv 8.1.3", Kind::Illegal);
    one(at_sea + "turn 3\n  phase operations\n    impulse 1\n" + line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") + line("AM move @Ancona/blockade"),
        "tmbv 6.4.7", Kind::Illegal);
    // a fleet that had to return, and the phase left out: one finding, at the heading after it; the
    // fleet is then in a port not written, and its next move starts from the one it names
    const std::string passes = "turn 3\n  phase operations\n    impulse 1\n" + line("Austria pass") + "    impulse 2\n" + line("Italy pass") + "  phase victory\n";
    const std::string turn4 = "turn 4\n  phase operations\n    impulse 1\n" + kAmMobilizes + line("AM move @Pola/at-sea");
    const Finding f = one(at_sea + passes + turn4, "tmbv 8.1.3", Kind::Illegal);
    EXPECT_EQ(f.message, "AM has a Low Fuel marker: it must return to a friendly port (AM return @<area>/port)");
}

TEST(TmbvReturnToPort, AFleetThatMustReturnIsOneFindingInAPhaseWithNoLines) {
    // turn 2: AM blockades Ancona and gets Low Fuel; turn 3's phase holds no line: AM should have
    // returned (8.1.3), and is taken as gone home, with no blockade VP (6.4.7, 10.0): 2 VP stand
    const std::string blockade = returning(kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @Ancona/blockade"), line("IB return @Bari/port")) +
                                 line("Austria vp 2") + "turn 3\n  phase return-to-port\n";
    const std::string rest = "  phase blockade\n  phase victory\n" + line("Austria vp 2");
    clean(blockade + line("AM return @Pola/port") + rest);
    const Finding f = one(blockade + rest, "tmbv 8.1.3", Kind::Illegal);
    EXPECT_EQ(f.message, "AM has a Low Fuel marker: it must return to a friendly port (AM return @<area>/port)");
}

TEST(TmbvReturnToPort, AVictoryPhaseLeftOutStillScoresTheBlockade) {
    // turn 2: AM blockades Ancona; no Blockade or Victory Phase written (nothing happened in them,
    // docs/notation.md 5.2): the blockade's 2 VP are counted at turn 3's heading (10.0, 12.1)
    std::string text = returning(line("Austria vp 0") + kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @Ancona/blockade"),
                                 line("IB return @Bari/port") + line("AM stay"));
    text.erase(text.find("  phase victory\n"));
    const std::string turn3 = "turn 3\n  phase operations\n    impulse 1\n";
    clean(text + turn3 + line("Austria vp 2"));
    one(text + turn3 + line("Austria vp 0"), "tmbv 12.1", Kind::WrongResult, "2", "0");
}

TEST(TmbvReturnToPort, AStayForAFleetThatMustReturnIsOneFinding) {
    // AM blockades Ancona with Low Fuel and is written to stay: one finding; it is taken as gone
    // home (no blockade VP: 2 VP stand), and its next move from Pola's port is taken
    const std::string blockade = returning(kAmMobilizes + line("AM move @Pola/at-sea @\"Upper Adriatic\" @Ancona/blockade"), line("IB return @Bari/port")) +
                                 line("Austria vp 2") + "turn 3\n  phase return-to-port\n";
    const std::string turn4 = "turn 4\n  phase operations\n    impulse 1\n" + kAmMobilizes + line("AM move @Pola/at-sea");
    const Finding f = one(blockade + line("AM stay") + "  phase blockade\n  phase victory\n" + line("Austria vp 2") + turn4, "tmbv 8.1.3", Kind::Illegal);
    EXPECT_EQ(f.message, "AM has a Low Fuel marker: it must return to a friendly port");
}

// ---- 13.1 the campaign's set-up, on turn 1 ---------------------------------------------------------

namespace {
// Turn 1 with the fleets declared as given.
std::string turn_one(const std::string& fleets, const std::string& impulse = "") {
    std::string text = operations({impulse}, fleets);
    text.replace(text.find("turn 2\n"), 7, "turn 1\n");
    return text.replace(text.find("[SetUp \"1\"]\n"), 12, "");
}
const std::string kLegalSetUp = "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
                                "fleet AB \"Austrian Battle Fleet\" battle @Pola/port\nfleet AR \"Austrian Reserve Fleet\" reserve @Pola/at-sea\n"
                                "side Italy\nfleet IM \"Italian Main Fleet\" main admiral @Bari/port\nfleet IB \"Italian Battle Fleet\" battle @Ancona/port\n"
                                "fleet IS \"Italian Support Fleet\" support @Taranto/port\nfleet IR \"Italian Reserve Fleet\" reserve @Taranto/port\n";
}  // namespace

TEST(TmbvSetUp, EachFleetBeginsWhere13Point1PutsIt) {
    clean(turn_one(kLegalSetUp));
    std::string text = kLegalSetUp;
    one(turn_one(text.replace(text.find("battle @Pola/port"), 17, "battle @Venezia/port")), "tmbv 13.1.2", Kind::Illegal);
    text = kLegalSetUp;
    one(turn_one(text.replace(text.find("battle @Ancona/port"), 19, "battle @Bari/port")), "tmbv 13.1.1", Kind::Illegal);
    text = kLegalSetUp;
    const Finding f = one(turn_one(text.replace(text.find("main admiral @Bari/port"), 23, "main admiral @Ancona/port")), "tmbv 13.1.1", Kind::Illegal);
    EXPECT_EQ(f.message, "the Italian main fleet begins at Taranto, in the Mediterranean or at Bari, as its die says");
    one(turn_one(kLegalSetUp + "side Austria\nfleet AS \"Austrian Support Fleet\" support @Pola/port\n"), "tmbv 13.1.2", Kind::Illegal);
}

TEST(TmbvSetUp, TheAdmiralsSailWithTheirFleets) {
    std::string text = kLegalSetUp;
    text.replace(text.find("main admiral @Pola"), 12, "main").replace(text.find("reserve @Pola/at-sea"), 7, "reserve admiral");
    // the reserve fleet may not carry him (6.3.4); one finding, not a second for 13.1.2
    const auto p = problems_in(turn_one(text), "games");
    ASSERT_FALSE(p.empty());
    EXPECT_EQ(p[0].rule.text(), "tmbv 6.3.4");
}

TEST(TmbvSetUp, EachSideStartsWithItsAdmiralInOneFleet) {
    // no Austrian fleet written with `admiral`: one finding; Tegetthoff's modifier and `with` then taken as written
    std::string none = kLegalSetUp;
    none.replace(none.find("main admiral @Pola"), 18, "main @Pola");
    const std::string mobilizes = line("AM mobilize with AB d10: 6 -2(Tegetthoff) = 4 => mobilized") + line("AM move @Pola/at-sea");
    const Finding f = one(turn_one(none, mobilizes), "tmbv 13.1.2", Kind::Illegal);
    EXPECT_EQ(f.message, "Tegetthoff sails with the battle or the main fleet: no fleet of Austria's is written with `admiral`");
    clean(turn_one(kLegalSetUp, mobilizes));
}

TEST(TmbvSetUp, TheRomaOnlyWithItsOptionalRule) {
    // (the Reserve Fleet of one ship breaks its make-up too: 6.3's findings, not counted here)
    std::vector<std::string> roma;
    for (const auto& f : problems_in(turn_one(kLegalSetUp + "ship ROM \"Roma\" IR\n"), "games"))
        if (f.rule.text() == "tmbv 14.5") roma.push_back(f.message);
    EXPECT_EQ(roma, std::vector<std::string>{"the Roma is in the campaign only with optional rule 14.5: [Rules \"ironclad-roma\"]"});
}

TEST(TmbvSetUp, TheItalianMainFleetMobilizesWithoutARollOnTurnOne) {
    std::string text = turn_one(kLegalSetUp, line("Austria pass"));
    text.insert(text.find("  phase victory"), "    impulse 2\n" + line("IM mobilize => mobilized") + line("IM move @Bari/at-sea"));
    clean(text);
    text = turn_one(kLegalSetUp, line("Austria pass"));
    text.insert(text.find("  phase victory"), "    impulse 2\n" + line("IM mobilize => failed"));
    one(text, "tmbv 13.1.1", Kind::WrongResult, "mobilized", "failed");
    // not the battle fleet: it rolls (Italy's FML is 2)
    text = turn_one(kLegalSetUp, line("Austria pass"));
    text.insert(text.find("  phase victory"), "    impulse 2\n" + line("IB mobilize => mobilized"));
    one(text, "tmbv 6.1.2", Kind::Inconsistent);
}

// ---- generated campaigns (campaign_generator.cpp) ----------------------------------------------------

TEST(TmbvCampaignGenerated, TwoHundredCampaignsCheckCleanAndJudgeTheCampaignsCases) {
    ironlog::GenerateOptions files;
    files.tables = (kSource / "fixtures/tables/tmbv-test-pack.ngn").string();
    files.library = (kSource / "fixtures/tables/tmbv-lissa-test-manifest.ngn").string();
    files.map = (kSource / "fixtures/maps/tmbv-test-map.ngn").string();
    files.variant = "campaign";
    ironlog::CheckOptions options(ironlog::all_rulesets(), kSource / "fixtures/games");
    options.count_cases = true;
    std::map<std::string, std::size_t> cases;
    std::size_t findings = 0;
    for (int i = 0; i < 200; ++i) {
        const auto report = ironlog::check_text("generated.ngn", ironlog::rules::tmbv::generate_game(20261129, i, files), options);
        for (const auto& g : report.games) {
            for (const auto& [id, n] : g.cases) cases[id] += n;
            for (const auto& f : g.findings)
                if (f.severity != ironlog::Severity::Note && ++findings <= 3) ADD_FAILURE() << "campaign " << i << ": " << f.message;
        }
    }
    EXPECT_EQ(findings, 0u);
    for (const char* id : {"5.1.2", "5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.3", "6.0", "6.1", "6.1.2", "6.1.3", "6.1.5", "6.2.1", "6.2.2", "6.2.4", "6.2.5", "6.2.6", "6.3",
                           "6.3.1", "6.3.2", "6.4", "6.4.2", "6.4.3", "6.4.6", "6.4.9", "6.4.10", "8.0", "8.1", "8.1.1", "8.1.2", "8.1.3", "8.1.4",
                           "8.1.5", "9.0", "9.1.1", "9.1.2", "9.1.3", "9.2", "9.2.1", "9.2.2", "9.2.3", "9.2.4", "9.2.5", "9.2.6", "9.2.7",
                           "9.2.8", "10.0", "11.2.6", "12.0", "12.1", "12.2 (notes)", "13.1.1", "13.1.2"})
        EXPECT_GT(cases[std::string("tmbv/") + id], 0u) << id << " is judged in none of 200 generated campaigns";
}

TEST(TmbvSetUp, AnItalianMainFleetSetUpAtSeaMobilizesOnTurnOneUnlessTheOptionSays) {
    // 13.1.1's die set the Main Fleet up at sea off Bari: by default it still mobilizes without a roll
    std::string at_sea = kLegalSetUp;
    at_sea.replace(at_sea.find("main admiral @Bari/port"), 23, "main admiral @Bari/at-sea");
    auto with = [&](const std::string& impulse) {
        std::string text = turn_one(at_sea, line("Austria pass"));
        return text.insert(text.find("  phase victory"), "    impulse 2\n" + impulse);
    };
    const std::string mobilizes = line("IM mobilize => mobilized") + line("IM move @Ancona/at-sea");
    const std::string activates = line("IM activate d10: 1 +0(Persano) = 1 => activated") + line("IM move @Ancona/at-sea");
    clean(with(mobilizes));
    const Finding f = one(with(activates), "tmbv 13.1.1", Kind::Illegal);
    EXPECT_EQ(f.message, "on turn 1 the Italian Main Fleet mobilizes without a roll wherever it was set up (IM mobilize => mobilized; Readings: main-fleet-turn-one)");
    // main-fleet-turn-one=at-sea: a fleet that began the turn at sea, activated by an FML check (6.1.4, 6.2.3)
    clean(with_options(with(activates), "main-fleet-turn-one=at-sea"));
    one(with_options(with(mobilizes), "main-fleet-turn-one=at-sea"), "tmbv 6.1.4", Kind::Illegal);
}

TEST(TmbvReturnToPort, ACoastalAreaIsOneAtSeaBoxUnlessTheOptionSaysNone) {
    // AM ends its move in the Upper Adriatic, a coastal area without boxes (3.0, 6.4.6)
    const std::string home = returning(kAmToSea, line("IB stay") + line("AM return @Pola/port"));
    clean(home);
    const Finding f = one(with_options(home, "coastal-at-sea=none"), "tmbv 8.1.1", Kind::Illegal);
    EXPECT_EQ(f.message, "fleets in At Sea boxes return to port: AM is at @\"Upper Adriatic\", an area without an At Sea box (Readings: coastal-at-sea=none)");
    // another activation (6.2.4) needs an At Sea box too
    const std::string again = on_map({kAmToSea, kItalyPasses, line("AM activate d10: 1 -2(Tegetthoff) = -1 => activated") + line("AM move @Pola/at-sea")});
    clean(again);
    const Finding g = one(with_options(again, "coastal-at-sea=none"), "tmbv 6.2.4", Kind::Illegal);
    EXPECT_EQ(g.message, "AM is in Upper Adriatic, which has no At Sea box (Readings: coastal-at-sea=none): another activation only from an At Sea box");
}

TEST(TmbvSetUp, TheItalianSupportFleetIs13Point1Point1sListUnlessTheOptionSays) {
    // made-up manifest letters: Hum, Seehund, Dalmat are G; Adria, Novara, Radetzky F
    const std::string ships = "ship HUM \"Hum\" IS\nship SEE \"Seehund\" IS\nship DAL \"Dalmat\" IS\n"
                              "ship ADR \"Adria\" IS\nship NOV \"Novara\" IS\nship RAD \"Radetzky\" IS\n";
    clean(turn_one(kLegalSetUp + ships));
    // italian-support-set-up=composition: 6.3.3 at set-up too, which takes no F ship
    one(with_options(turn_one(kLegalSetUp + ships), "italian-support-set-up=composition"), "tmbv 6.3.3", Kind::Illegal);
    std::string two_g = ships;
    two_g.erase(two_g.find("ship DAL"), std::string("ship DAL \"Dalmat\" IS\n").size());
    const Finding f = one(turn_one(kLegalSetUp + two_g), "tmbv 13.1.1", Kind::Illegal);
    EXPECT_EQ(f.message, "the Italian Support Fleet begins as 3 G ships and 3 F or C ships, with up to 2 B or I ships: IS holds 2 G, 3 F or C, 0 B or I "
                         "(Readings: italian-support-set-up)");
    // in a later turn (a record from its middle) the fleet is held to 6.3.3 as any
    one(operations({""}, kLegalSetUp + ships), "tmbv 6.3.3", Kind::Illegal);
}

// ---- 14.5 the ironclad Roma -------------------------------------------------------------------------

namespace {
// Turn 2 (Italy's FML 2, as its initiative roll writes it) with the Reserve Fleet in Taranto, and
// the Roma's lines under the Operations Phase's heading.
std::string roma(const std::string& lines, bool rule = true) {
    std::string text = operations({""}, fleets("", "fleet IR \"Italian Reserve Fleet\" reserve @Taranto/port\n"));
    text.insert(text.find("    impulse 1\n"), lines);
    return rule ? text.insert(text.find("[Side1"), "[Rules \"ironclad-roma\"]\n") : text;
}
const std::string kRomaJoins = "    Italy roma vp 4 d10: 6 => 4 hits\nship ROM \"Roma\" IR\n";
}  // namespace

TEST(TmbvRoma, TheRomaJoinsTheReserveFleetForTwoVpPlusTheFmlWithHalfADiePlusOneHits) {
    clean(roma(kRomaJoins));
    one(roma("    Italy roma vp 3 d10: 6 => 4 hits\nship ROM \"Roma\" IR\n"), "tmbv 14.5", Kind::WrongResult, "vp 4", "vp 3");
    one(roma("    Italy roma vp 4 d10: 6 => 3 hits\nship ROM \"Roma\" IR\n"), "tmbv 14.5", Kind::WrongResult, "4 hits", "3 hits");
    one(roma("    Italy roma vp 4 d10: 1 => 1 hits\nship ROM \"Roma\" IR\n    Italy roma vp 4 d10: 1 => 1 hits\n"), "tmbv 14.5", Kind::Illegal);  // once
    one(roma("    Italy roma vp 4 d10: 6 => 4 hits\n"), "tmbv 14.5", Kind::Inconsistent);  // the ship never declared
    const Finding f = one(roma(kRomaJoins, false), "tmbv 14.5", Kind::Illegal);
    EXPECT_EQ(f.message, "the Roma is optional rule 14.5: [Rules \"ironclad-roma\"]");
    // declared before its price is paid (Readings: roma-joins), or in another fleet
    one(roma("ship ROM \"Roma\" IR\n    Italy roma vp 4 d10: 6 => 4 hits\n"), "tmbv 14.5", Kind::Illegal);
    one(roma("    Italy roma vp 4 d10: 6 => 4 hits\nship ROM \"Roma\" IB\n"), "tmbv 14.5", Kind::Illegal);
}

namespace {
// roma-joins=at-set-up (Readings): the Roma set up in the Reserve Fleet in Taranto (13.1.1), its
// price and hits paid before that fleet first sails (14.5). Turn 2 releases the fleet (Italy's FML
// 6, 11.2.2 a); turn 3 pays for the Roma, mobilizes the fleet and sails it.
std::string roma_at_set_up(const std::string& roma_ship, const std::string& sailing) {
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[SetUp \"1\"]\n[Rules \"ironclad-roma\"]\n"
           "[Options \"roma-joins=at-set-up\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
           "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Map \"../maps/tmbv-test-map.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n\n"
           "side Austria\nfleet AM \"Austrian Main Fleet\" main admiral @Pola/port\n"
           "side Italy\nfleet IM \"Italian Main Fleet\" main admiral @Ancona/port\n"
           "ship RDI \"Re d'Italia\" IM\nship SM \"San Martino\" IM\nship RDP \"Re di Portogallo\" IM\n"
           "ship RMP \"Regina Maria Pia\" IM\nship ANC \"Ancona\" IM\nship PAL \"Palestro\" IM\n"
           "fleet IR \"Italian Reserve Fleet\" reserve @Taranto/port\n" + roma_ship +
           "ship MES \"Messagero\" IR\nship CAR \"Principe di Carignano\" IR\nship CAS \"Castelfidardo\" IR\nship DON \"Donau\" IR\n"
           "turn 2\n  phase turn-start\n    segment random-event\n      Austria draw no-event\n      Italy draw no-event\n"
           "    segment initiative\n      Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11\n      Italy roll d10: 0 +6(FML) +0(Persano) = 6 => Austria\n"
           "  phase operations\n    impulse 1\n      Austria pass\n    impulse 2\n      Italy pass\n"
           "  phase end-of-turn\n    segment reinforcement\n      Italy reinforce d10: 3 => arrives\n"
           "turn 3\n  phase turn-start\n    segment weather\n      Austria roll d10: 2 => clear\n"
           "    segment random-event\n      Austria draw no-event\n      Italy draw no-event\n"
           "    segment initiative\n      Austria roll d10: 4 +4(FML) +2(Tegetthoff) = 10\n      Italy roll d10: 0 +6(FML) +0(Persano) = 6 => Austria\n"
           "  phase operations\n    impulse 1\n      Austria pass\n    impulse 2\n" + sailing +
           "    impulse 3\n      Austria pass\n    impulse 4\n      Italy pass\n";
}
const std::string kRomaAtSetUp = "ship ROM \"Roma\" IR\n";
const std::string kPaysAndSails = line("Italy roma vp 8 d10: 6 => 4 hits") + line("IR mobilize d10: 3 = 3 => mobilized") + line("IR move @Taranto/at-sea");
const std::string kSailsTwice = line("IR mobilize d10: 3 = 3 => mobilized") + line("IR move @Taranto/at-sea") +
                                line("IR move @\"To the Mediterranean\"");
}  // namespace

TEST(TmbvRoma, TheRomaJoinsWhenPaidOrIsSetUpAndPaidForWhenItFirstSailsByTheOption) {
    // the default (when-paid): a Roma set up before its price is paid is one finding
    const std::string set_up = roma_at_set_up(kRomaAtSetUp, kPaysAndSails);
    std::string when_paid = set_up;
    when_paid.erase(when_paid.find("[Options"), std::string("[Options \"roma-joins=at-set-up\"]\n").size());
    const Finding f = one(when_paid, "tmbv 14.5", Kind::Illegal);
    EXPECT_NE(f.message.find("declared after that line"), std::string::npos) << f.message;
    // at-set-up: the same record is clean, and the line's hits go onto the ship
    clean(set_up);
    // the line left out: one finding at the fleet's first move out of port, none for the next
    const Finding g = one(roma_at_set_up(kRomaAtSetUp, kSailsTwice), "tmbv 14.5", Kind::Illegal);
    EXPECT_EQ(g.pos.line, line_of(roma_at_set_up(kRomaAtSetUp, kSailsTwice), "IR move @Taranto/at-sea"));
    // written after the move: that move is the one finding
    one(roma_at_set_up(kRomaAtSetUp, kSailsTwice + line("Italy roma vp 8 d10: 6 => 4 hits")), "tmbv 14.5", Kind::Illegal);
    // the Roma declared after set-up: one finding
    const Finding h = one(roma_at_set_up("", line("Italy roma vp 8 d10: 6 => 4 hits") + "side Italy\n" + kRomaAtSetUp), "tmbv 14.5", Kind::Illegal);
    EXPECT_NE(h.message.find("before the first turn"), std::string::npos) << h.message;
}

namespace {
// `ironlog state` of a record written to a file, its pack and map named where the fixtures are.
testing_util::Run state_of(std::string text) {
    const auto dir = temp_dir();
    for (const std::string folder : {"tables", "maps"})
        for (std::size_t at; (at = text.find("\"../" + folder + "/")) != std::string::npos;)
            text.replace(at + 1, 3 + folder.size() + 1, (kSource / "fixtures" / folder).string() + "/");
    write_file(dir / "r.ngn", text);
    return run_ironlog({"state", (dir / "r.ngn").string()});
}
}  // namespace

TEST(TmbvRoma, AtSetUpTheRomasLinePutsItsHitsOnTheShip) {
    const testing_util::Run r = state_of(roma_at_set_up(kRomaAtSetUp, kPaysAndSails));
    EXPECT_NE(r.out.find("Roma: 4 hits, crew C till repaired (14.5)"), std::string::npos) << r.out << r.err;
}

TEST(TmbvRoma, TheRomaIsCrewCTillItsHitsAreRepaired) {
    const testing_util::Run r = state_of(roma(kRomaJoins));
    EXPECT_NE(r.out.find("Roma: 4 hits, crew C till repaired (14.5)"), std::string::npos) << r.out << r.err;
}
