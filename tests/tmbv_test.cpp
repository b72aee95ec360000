// The tmbv engine: the Battle of Lissa on the Tactical Battle Board (docs/rules/tmbv.md), case by
// case: a legal record that checks clean and a faulty one flagged with the exact case number; the
// table pack and manifest readers; the sample battle, clean and with one seeded mistake at a time.
// Records are read as if they stood in fixtures/games and use the made-up test pack and manifest
// (fixtures/tables/tmbv-*.ngn). Hexes: flat tops, even columns half a hex lower; the neighbours of
// #0405 are N #0404, NE #0505, SE #0506, S #0406, SW #0306, NW #0305.
#include "rules/registry.hpp"
#include "rules/tmbv/generator.hpp"
#include "rules/tmbv/manifest.hpp"
#include "rules/tmbv/tables.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <map>
#include <set>

using namespace testing_util;
using ironlog::Finding;
using ironlog::Kind;

namespace {

const std::string kFiles = "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n";

// A Battle of Lissa record: the ships of each side (declaration lines) and the impulses.
std::string record(const std::string& austria, const std::string& italy, const std::string& body, const std::string& tags = "",
                   const std::string& files = kFiles) {
    return "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"lissa\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n" + tags + files +
           "\nside Austria\n" + austria + "side Italy\n" + italy + "\nturn 1\n  phase tactical-combat\n" + body;
}

std::string lines(std::initializer_list<std::string> events) {
    std::string s;
    for (const auto& e : events) s += "        " + e + "\n";
    return s;
}
// A formation step and a non-formation step (7.5.1-7.5.5) with their events.
std::string F(std::initializer_list<std::string> events) { return "      step formation\n" + lines(events); }
std::string N(std::initializer_list<std::string> events) { return "      step non-formation\n" + lines(events); }
std::string impulse(int n, const std::string& steps, int visibility = -1) {
    return "    impulse " + std::to_string(n) + (visibility >= 0 ? " visibility " + std::to_string(visibility) : "") + "\n" + steps;
}

// Re d'Italia (MA 3, CF 4, 4ic, hull 8, double ram, crew B) facing north; Habsburg (MA 3, CF 3,
// 3ic, hull 7, double ram, crew A) four hexes to its starboard (due east).
const std::string kRdI = "ship RdI \"Re d'Italia\" #E:0405/N\n";
const std::string kHab = "ship Hab \"Habsburg\" #E:0805/N\n";

// One battle of a single impulse with the default ships.
std::string one_impulse(const std::string& steps, const std::string& austria = kHab, const std::string& italy = kRdI) {
    return record(austria, italy, impulse(1, steps));
}

void clean(const std::string& text) { expect_clean(text, "games"); }
Finding one(const std::string& text, const std::string& rule, Kind kind) { return expect_one(text, rule, kind, "games"); }
void one(const std::string& text, const std::string& rule, Kind kind, const std::string& expected, const std::string& recorded) {
    expect_one(text, rule, kind, expected, recorded, "games");
}

std::size_t count_kind(const std::string& text, Kind kind) {
    auto all = ironlog::check_text("t.ngn", text, ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures/games"));
    std::size_t n = 0;
    for (const auto& g : all.games)
        for (const auto& f : g.findings)
            if (f.kind == kind) ++n;
    return n;
}

}  // namespace

// ---- the table pack and the ship manifest --------------------------------------------------------

TEST(TmbvFiles, TheTestPackReads) {
    ironlog::Findings findings;
    auto pack = ironlog::rules::tmbv::TablePack::load(kSource / "fixtures/tables/tmbv-test-pack.ngn", "pack", findings);
    EXPECT_TRUE(findings.all().empty()) << describe(findings.all());
    EXPECT_EQ(pack.visibility_cap("rough"), 5);
    EXPECT_EQ(pack.visibility_cap("Clear"), 8);
    EXPECT_EQ(pack.visibility_track(), (std::pair{2, 8}));
    EXPECT_EQ(pack.fire_hits(8), 1);
    EXPECT_EQ(pack.fire_hits(-4), 0);  // below the table: its first row
    EXPECT_EQ(pack.fire_hits(20), 3);  // above: its last
    ASSERT_TRUE(pack.ram(7));
    EXPECT_EQ(pack.ram(7)->target_hits, 2);
    EXPECT_EQ(pack.ram(7)->rammer_hits, 1);
    EXPECT_TRUE(pack.ram(3)->fails);
    EXPECT_EQ(pack.starts(3), false);
    EXPECT_EQ(pack.starts(4), true);
    EXPECT_EQ(pack.damage(2).ma, 0);
    EXPECT_EQ(pack.damage(3).ma, -1);
    EXPECT_EQ(pack.damage(6).cf, -2);
    ASSERT_TRUE(pack.board_offset("E"));
    EXPECT_EQ(pack.board_offset("E")->col, 12);
}

TEST(TmbvFiles, TheTestManifestReads) {
    ironlog::Findings findings;
    auto m = ironlog::rules::tmbv::Manifest::load(kSource / "fixtures/tables/tmbv-lissa-test-manifest.ngn", "manifest", findings);
    EXPECT_TRUE(findings.all().empty()) << describe(findings.all());
    ASSERT_TRUE(m.find("Kaiser"));
    EXPECT_EQ(m.find("Kaiser")->ma, 2);
    ASSERT_TRUE(m.find("re d'italia"));
    EXPECT_TRUE(m.find("Re d'Italia")->ironclad);
    EXPECT_EQ(m.find("Re d'Italia")->ram, 2);
    EXPECT_TRUE(m.find("Messagero")->small);  // a D ship (3.0)
    EXPECT_EQ(m.find("Messagero")->ram, 0);
    EXPECT_TRUE(m.find("Affondatore")->small);  // an I ship
    EXPECT_TRUE(m.find("Hum")->small);          // a G ship
    EXPECT_FALSE(m.find("Habsburg")->small);
    EXPECT_FALSE(m.find("Kerka2"));
}

TEST(TmbvFiles, ADamagedPackGivesFindingsNamingItsFile) {
    auto dir = temp_dir();
    write_file(dir / "bad-pack.ngn",
               "source \"made up\"\nweather rough many\nfire-result 0 5\nfire-result 0 5 0\nfire-result 7 9 1\nbogus 1 2\n"
               "board E 13 16\nfire-modifier range 4 +1\nram-result 0 4 maybe\ndamage 3 ma -1\n\"unterminated\n");
    ironlog::Findings f;
    EXPECT_NO_THROW(ironlog::rules::tmbv::TablePack::load(dir / "bad-pack.ngn", "bad-pack.ngn", f));
    EXPECT_GE(f.all().size(), 9u) << describe(f.all());
    for (const auto& x : f.all()) EXPECT_EQ(x.file, "bad-pack.ngn") << describe(f.all());
    // a record naming it: the pack's findings, with the file named, and never a crash
    const std::string files = "[Tables \"" + (dir / "bad-pack.ngn").string() + "\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n";
    std::vector<Finding> p;
    EXPECT_NO_THROW(p = problems_in(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 => 1 hit"})), "", files), "games"));
    EXPECT_FALSE(p.empty());
    for (const auto& x : p) EXPECT_NE(x.file.find("bad-pack.ngn"), std::string::npos) << describe(p);
    std::filesystem::remove_all(dir);
}

TEST(TmbvFiles, ADamagedManifestGivesFindingsNamingItsFile) {
    auto dir = temp_dir();
    write_file(dir / "bad-manifest.ngn",
               "ship \"Habsburg\" B ma 3 cf 3 def 3ic hull 7 ram double\nship \"Habsburg\" B ma 3 cf 3 def 3ic hull 7\n"
               "ship \"Re d'Italia\" B ma three cf 4 def 4ic hull 8\nship \"Drache\" ma 3 cf 2\nship \"Kaiser\" Z ma 2 hull 0\n"
               "fleet X\nnonsense line here\n");
    ironlog::Findings f;
    EXPECT_NO_THROW(ironlog::rules::tmbv::Manifest::load(dir / "bad-manifest.ngn", "bad-manifest.ngn", f));
    EXPECT_GE(f.all().size(), 6u) << describe(f.all());  // twice, three, no type, Z, fleet, nonsense, no source
    for (const auto& x : f.all()) EXPECT_EQ(x.file, "bad-manifest.ngn") << describe(f.all());
    const std::string files = "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Library \"" + (dir / "bad-manifest.ngn").string() + "\"]\n";
    std::vector<Finding> p;
    EXPECT_NO_THROW(p = problems_in(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 => 1 hit"})), "", files), "games"));
    EXPECT_FALSE(p.empty());
    std::filesystem::remove_all(dir);
}

TEST(TmbvFiles, WithoutAPackOrManifestOneNoteEachAndNoError) {
    const std::string body = impulse(1, N({"RdI fire Hab d10: 7 => 1 hit", "Hab move #E:0804 => 1 mp"}));
    const std::string no_pack = record(kHab, kRdI, body, "", "[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n");
    clean(no_pack);
    EXPECT_EQ(count_kind(no_pack, Kind::Unverifiable), 1u);
    const std::string no_manifest = record(kHab, kRdI, body, "", "[Tables \"../tables/tmbv-test-pack.ngn\"]\n");
    clean(no_manifest);
    EXPECT_EQ(count_kind(no_manifest, Kind::Unverifiable), 1u);
    const std::string neither = record(kHab, kRdI, body, "", "");
    clean(neither);
    EXPECT_EQ(count_kind(neither, Kind::Unverifiable), 2u);
    // the file named is not there: the header says so (not the engine, twice)
    const std::string missing = record(kHab, kRdI, body, "", "[Tables \"../tables/no-such-pack.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n");
    EXPECT_LE(problems_in(missing, "games").size(), 1u) << describe(problems_in(missing, "games"));
}

TEST(TmbvFiles, AShipTheManifestLacks) {
    one(one_impulse(N({"RdI move #E:0404 => 1 mp"}), "ship Hab \"Habsburgg\" #E:0805/N\n"), "tmbv 2.0 Game Components", Kind::Inconsistent);
}

// ---- the sample battle ---------------------------------------------------------------------------

TEST(TmbvSample, TheSampleBattleChecksClean) {
    const std::string sample = read_file(kSource / "fixtures/games/tmbv-lissa-sample.ngn");
    clean(sample);
}

TEST(TmbvSample, EachSeededMistakeIsOneFinding) {
    const std::string sample = read_file(kSource / "fixtures/games/tmbv-lissa-sample.ngn");
    const std::vector<SeededMistake> mistakes = {
            {"Gre start d10: 0 +1(crew) => diw", "Gre start d10: 0 +1(crew) => moves", "tmbv 7.3.10", Kind::WrongResult},
            {"PdC move #D:1102/N #D:1101 => 3 mp", "PdC move #D:1102/N #D:1101 => 2 mp", "tmbv 7.3.3", Kind::WrongResult},
            {"Aff move #E:1202 #E:1201/NW #E:1101 #B:1016 => 4 mp", "Aff move #E:1202 #E:1201/NW #E:1101 #B:1016 => 3 mp", "tmbv 7.3.3",
             Kind::WrongResult},
            {"impulse 2 visibility 5", "impulse 2 visibility 4", "tmbv 7.6.4", Kind::WrongResult},
            {"SMa ram PEu d10: 7 => 2 hits rammer 1", "SMa ram PEu d10: 7 => 3 hits rammer 1", "tmbv 7.8.4", Kind::WrongResult},
            {"[Result \"Italy minor\"]", "[Result \"Austria minor\"]", "tmbv 12.2", Kind::WrongResult},
            {"[Result \"Italy minor\"]", "[Result \"Italy major\"]", "tmbv 12.2", Kind::WrongResult},
            {"Cas fire Dra d10: 6 +3(cf)", "Cas fire Dra d10: 6 +2(cf)", "tmbv 7.8.6", Kind::WrongResult},
            {"Cas fire KEl d10: 2 => miss", "Cas fire KEl d10: 2 => 1 hit", "tmbv 7.8.6", Kind::WrongResult},
            // a roll of two dice: one finding, the first die read
            {"Cas fire KEl d10: 2 => miss", "Cas fire KEl 2d10: 2 5 => miss", "tmbv 7.8.6", Kind::Illegal},
            {"Nov fire PdC d10: 8 => 2 hits", "Nov fire PdC d10: 8 => 2 hits sunk", "tmbv 7.8.7", Kind::WrongResult},
            // a hit too many on Drache: one finding, not a second for its move at the damaged MA after it
            {"Aff fire Dra d10: 9 +2(cf) +1(range) -1(ironclad) -1(weather) => 2 hits",
             "Aff fire Dra d10: 9 +2(cf) +1(range) -1(ironclad) -1(weather) => 3 hits", "tmbv 7.8.6", Kind::WrongResult},
    };
    for (const auto& m : mistakes) expect_each_mistake_once(sample, {m}, "games");  // each on its own: one failing does not hide the rest
}

// ---- 7.2.7 stacking at set-up -----------------------------------------------------------------------

TEST(TmbvDeployment, Stacking) {
    // two ships of one formation, facing one way at one speed (MA 3 both)
    clean(one_impulse(F({"RdI move #E:0403 => 1 mp"}), kHab,
                      "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0404/N\n"
                      "ship Pal \"Palestro\" Italian #E:0404/N\n"));
    // two ships of no formation
    one(one_impulse(N({}), kHab, kRdI + "ship Pal \"Palestro\" #E:0405/N\n"), "tmbv 7.2.7", Kind::Illegal);
    // one formation, two speeds: Kaiser MA 2, Friedrich MA 3
    one(one_impulse(N({}), "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0605/N\n"
                           "ship Fri \"Friedrich\" Main #E:0605/N\nship Adr \"Adria\" Main #E:0506/N\n"),
        "tmbv 7.2.7", Kind::Illegal);
}

// ---- 7.3 movement ---------------------------------------------------------------------------------

TEST(TmbvMovement, Allowance) {
    clean(one_impulse(N({"RdI move #E:0404 #E:0403 #E:0402 => 3 mp"})));
    one(one_impulse(N({"RdI move #E:0404 #E:0403 #E:0402 #E:0401 => 4 mp"})), "tmbv 7.3", Kind::Illegal, "at most 3 MP", "4 MP");
}

TEST(TmbvMovement, DamageLowersTheAllowance) {
    // Habsburg, two hexes off, crosses off 3 of Re d'Italia's boxes: 9 +3(cf) +1(range) -1(ironclad) +1(crew) -1(weather) = 12
    const std::string austria = "ship Hab \"Habsburg\" #E:0605/N\n";
    const std::string first = impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab fire RdI d10: 9 => 3 hits"}));
    clean(record(austria, kRdI, first + impulse(2, N({"RdI move #E:0403 #E:0402 => 2 mp"}))));
    one(record(austria, kRdI, first + impulse(2, N({"RdI move #E:0403 #E:0402 #E:0401 => 3 mp"}))), "tmbv 7.3", Kind::Illegal, "at most 2 MP",
        "3 MP");
}

TEST(TmbvMovement, AFormationMovesAtItsSlowestShipsAllowance) {
    // 3.0: Kaiser has MA 2, Friedrich 3
    const std::string main = "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0605/N\n"
                             "ship Fri \"Friedrich\" Main #E:0506/N\n";
    const std::string italy = "ship RdI \"Re d'Italia\" #E:0205/N\n";
    clean(record(main, italy, impulse(1, F({"Kai move #E:0604 #E:0603 => 2 mp", "Fri move #E:0505 #E:0504 => 2 mp"}))));
    one(record(main, italy, impulse(1, F({"Kai move #E:0604 #E:0603 => 2 mp", "Fri move #E:0505 #E:0504 #E:0503 => 3 mp"}))), "tmbv 7.3",
        Kind::Illegal, "at most 2 MP", "3 MP");
    // out of formation it moves at its own MA
    clean(record(main, italy, impulse(1, F({"Kai move #E:0604 #E:0603 => 2 mp", "Fri move #E:0505 => 1 mp"}) + N({"RdI move #E:0204 => 1 mp"})) +
                                  impulse(2, N({"RdI move #E:0203 => 1 mp", "Fri independent", "Fri move #E:0504 #E:0503 #E:0502 => 3 mp"}))));
}

TEST(TmbvMovement, HexByHexIntoTheBowHex) {
    // entering the NE hex turns first: 1 MP for the turn, 1 for the hex
    clean(one_impulse(N({"RdI move #E:0505 => 2 mp"})));
    one(one_impulse(N({"RdI move #E:0403 => 1 mp"})), "tmbv 7.3.2", Kind::Illegal);
    one(one_impulse(N({"RdI move #E:0404 #E:0402 => 2 mp"})), "tmbv 7.3.2", Kind::Illegal);
}

TEST(TmbvMovement, TurningOneHexSideAHexAndItsCost) {
    clean(one_impulse(N({"RdI move #E:0404/NE #E:0504 => 3 mp"})));
    one(one_impulse(N({"RdI move #E:0404/NE #E:0504 => 2 mp"})), "tmbv 7.3.3", Kind::WrongResult, "3", "2");
    one(one_impulse(N({"RdI move #E:0404/SE => 3 mp"})), "tmbv 7.3.3", Kind::Illegal);  // two hex sides
    one(one_impulse(N({"RdI move #E:0506 => 2 mp"})), "tmbv 7.3.3", Kind::Illegal);      // two hex sides, then a hex
    one(one_impulse(N({"RdI move #E:0404/NE #E:0404/SE #E:0505 => 4 mp"})), "tmbv 7.3.3", Kind::Illegal);
    // small ships (D, G, I types, 3.0) turn free
    const std::string mes = "ship Mes \"Messagero\" #E:0405/N\n";
    clean(one_impulse(N({"Mes move #E:0404/NE #E:0504 => 2 mp"}), kHab, mes));
    one(one_impulse(N({"Mes move #E:0404/NE #E:0504 => 3 mp"}), kHab, mes), "tmbv 7.3.3", Kind::WrongResult, "2", "3");
    clean(one_impulse(N({"Aff move #E:0505 => 1 mp"}), kHab, "ship Aff \"Affondatore\" #E:0405/N\n"));
    clean(one_impulse(F({"Hum move #E:0605/NW #E:0505 => 1 mp"}),
                      "formation Support \"Support Fleet\" flying-wedge\nship Hum \"Hum\" Support flagship #E:0605/N\n"
                      "ship See \"Seehund\" Support #E:0706/N\n",
                      kRdI));
}

TEST(TmbvMovement, TheTurnedMarker) {
    const std::string first = impulse(1, N({"RdI move #E:0404/NE => 2 mp"}));
    clean(record(kHab, kRdI, first + impulse(2, N({"RdI move #E:0504 => 1 mp"}))));
    clean(record(kHab, kRdI, first + impulse(2, N({"RdI move #E:0504/N #E:0503 => 3 mp"}))));  // one hex forward, then a turn
    one(record(kHab, kRdI, first + impulse(2, N({"RdI move #E:0404/N #E:0403 => 2 mp"}))), "tmbv 7.3.4", Kind::Illegal);
    one(record(kHab, kRdI, first + impulse(2, N({"RdI move #E:0403 => 2 mp"}))), "tmbv 7.3.4", Kind::Illegal);  // N of 0404: a turn first
    // a move that ended going forward leaves no marker
    clean(record(kHab, kRdI, impulse(1, N({"RdI move #E:0404 => 1 mp"})) + impulse(2, N({"RdI move #E:0404/NE #E:0504 => 2 mp"}))));
}

TEST(TmbvMovement, NeverBackwards) {
    one(one_impulse(N({"RdI move #E:0406 => 1 mp"})), "tmbv 7.3.5", Kind::Illegal);
    one(one_impulse(N({"RdI move #E:0405/S => 1 mp"})), "tmbv 7.3.5", Kind::Illegal);
}

TEST(TmbvMovement, PassingThroughAndEndingInAFriendsHex) {
    const std::string line = "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0404/N\n"
                             "ship Pal \"Palestro\" Italian #E:0405/N\nship Anc \"Ancona\" #E:0406/N\n";
    const std::string austria = "ship Hab \"Habsburg\" #E:0905/N\n";
    // 7.3.6: through hexes of one ship each
    clean(record(austria, line, impulse(1, N({"Anc move #E:0405 #E:0404 #E:0403 => 3 mp"}))));
    // 7.3.8: a ship of its formation may end in the flagship's hex; one out of formation may not
    clean(record(austria, line, impulse(1, F({"Pal move #E:0404 => 1 mp"}))));
    one(record(austria, line, impulse(1, N({"Anc move #E:0405 #E:0404 => 2 mp"}))), "tmbv 7.3.8", Kind::Illegal);
    // 7.3.7: not through a hex of two ships
    const std::string stacked = "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0404/N\n"
                                "ship Pal \"Palestro\" Italian #E:0404/N\nship Anc \"Ancona\" #E:0405/N\n";
    one(record(austria, stacked, impulse(1, N({"Anc move #E:0404 #E:0403 => 2 mp"}))), "tmbv 7.3.7", Kind::Illegal);
}

TEST(TmbvMovement, IntoAnEnemysHexOnlyToRam) {
    const std::string ahead = "ship Hab \"Habsburg\" #E:0404/N\n";
    // double ram +2, weather -1: 6 + 1 = 7
    clean(one_impulse(N({"RdI move #E:0404 => 1 mp", "RdI ram Hab d10: 6 => 2 hits rammer 1"}), ahead));
    one(one_impulse(N({"RdI move #E:0404 => 1 mp"}), ahead), "tmbv 7.3.9", Kind::Illegal);
    one(one_impulse(N({"RdI move #E:0404 => 1 mp", "Hab move #E:0403 => 1 mp"}), ahead), "tmbv 7.3.9", Kind::Illegal);
    // the move ends in the enemy's hex
    one(one_impulse(N({"RdI move #E:0404 #E:0403 => 2 mp", "RdI ram Hab d10: 6 => 2 hits rammer 1"}), ahead), "tmbv 7.3.9", Kind::Illegal);
}

TEST(TmbvMovement, DeadInTheWater) {
    // Re d'Italia spends no MP in impulse 1: it is DIW in impulse 2 and rolls to start
    const std::string first = impulse(1, N({"RdI move => 0 mp", "Hab move #E:0804 => 1 mp"}));
    clean(record(kHab, kRdI, first + impulse(2, N({"RdI start d10: 5 => moves", "RdI move #E:0404 => 1 mp"}))));
    clean(record(kHab, kRdI, first + impulse(2, N({"RdI start d10: 3 => diw"}))));
    one(record(kHab, kRdI, first + impulse(2, N({"RdI move #E:0404 => 1 mp"}))), "tmbv 7.3.10", Kind::Illegal);
    one(record(kHab, kRdI, first + impulse(2, N({"RdI start d10: 3 => diw", "RdI move #E:0404 => 1 mp"}))), "tmbv 7.3.10", Kind::Illegal);
    one(record(kHab, kRdI, first + impulse(2, N({"RdI start d10: 2 => moves", "RdI move #E:0404 => 1 mp"}))), "tmbv 7.3.10",
        Kind::WrongResult, "diw", "moves");
    // a ship that moved has nothing to start
    one(one_impulse(N({"RdI start d10: 5 => moves", "RdI move #E:0404 => 1 mp"})), "tmbv 7.3.10", Kind::Illegal);
    // a turn in its hex spends MP: not DIW
    clean(record(kHab, kRdI, impulse(1, N({"RdI move #E:0405/NE => 1 mp"})) + impulse(2, N({"RdI move #E:0505 => 1 mp"}))));
    // an Austrian crew (A) adds 1 to the start-up roll (the test pack's start-modifier crew A +1): 3 + 1 = 4 moves
    const std::string idle = impulse(1, N({"RdI move #E:0404 => 1 mp"}));
    clean(record(kHab, kRdI, idle + impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab start d10: 3 +1(crew) => moves", "Hab move #E:0804 => 1 mp"}))));
    clean(record(kHab, kRdI, idle + impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab start d10: 3 => moves", "Hab move #E:0804 => 1 mp"}))));
    one(record(kHab, kRdI, idle + impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab start d10: 3 => diw"}))), "tmbv 7.3.10", Kind::WrongResult,
        "moves", "diw");
    one(record(kHab, kRdI, idle + impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab start d10: 3 +2(crew) => moves", "Hab move #E:0804 => 1 mp"}))),
        "tmbv 7.3.10", Kind::WrongResult, "3 +1(crew) = 4", "5");
}

// ---- 7.4 formations ----------------------------------------------------------------------------------

TEST(TmbvFormations, LineAhead) {
    const std::string austria = "ship Hab \"Habsburg\" #E:0905/N\n";
    auto italy = [](const std::string& ships) { return "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n" + ships; };
    clean(record(austria, italy("ship Pal \"Palestro\" Italian #E:0406/N\nship SMa \"San Martino\" Italian #E:0407/N\n"), impulse(1, N({}))));
    // the flagship in the middle
    clean(record(austria, italy("ship Anc \"Ancona\" Italian #E:0404/N\nship SMa \"San Martino\" Italian #E:0406/N\n"), impulse(1, N({}))));
    one(record(austria, italy("ship Pal \"Palestro\" Italian #E:0506/N\n"), impulse(1, N({}))), "tmbv 7.4.4", Kind::Illegal);
    one(record(austria, italy("ship Pal \"Palestro\" Italian #E:0406/S\n"), impulse(1, N({}))), "tmbv 7.4.4", Kind::Illegal);
    one(record(austria, italy("ship Pal \"Palestro\" Italian #E:0406/N\nship SMa \"San Martino\" Italian #E:0408/N\n"), impulse(1, N({}))),
        "tmbv 7.4.4", Kind::Illegal);
}

TEST(TmbvFormations, LineAheadFollowsThePathOfTheShipAhead) {
    // Re d'Italia leads (#E:0405/N), Palestro and San Martino astern; the head turns NE in place and
    // goes on; each ship behind enters the hex of the ship ahead, turns where it turned, goes on
    const std::string austria = "ship Hab \"Habsburg\" #E:1205/N\n";
    const std::string line = "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n"
                             "ship Pal \"Palestro\" Italian #E:0406/N\nship SMa \"San Martino\" Italian #E:0407/N\n";
    const std::string follow = F({"RdI move #E:0405/NE #E:0505 #E:0604 => 3 mp", "Pal move #E:0405/NE #E:0505 => 3 mp", "SMa move #E:0406 #E:0405/NE => 3 mp"});
    clean(record(austria, line, impulse(1, follow)));
    // the whole line turning at once is not following the path: Palestro and San Martino leave it
    const auto wheel = problems_in(record(austria, line,
                                          impulse(1, F({"RdI move #E:0405/NE #E:0505 #E:0604 => 3 mp", "Pal move #E:0406/NE #E:0506 #E:0605 => 3 mp",
                                                        "SMa move #E:0407/NE #E:0507 #E:0606 => 3 mp"}))),
                                   "games");
    ASSERT_EQ(wheel.size(), 2u) << describe(wheel);
    for (const auto& f : wheel) EXPECT_EQ(f.rule.text(), "tmbv 7.4.4") << describe(wheel);
    // a gap of hexes breaks the line (7.4.3): San Martino stays put in impulse 1; in impulse 2 it is
    // two hexes astern of Palestro and activates alone
    const std::string first = impulse(1, F({"RdI move #E:0404 => 1 mp", "Pal move #E:0405 => 1 mp", "SMa move => 0 mp"}));
    clean(record(austria, line,
                 first + impulse(2, F({"RdI move #E:0403 => 1 mp", "Pal move #E:0404 => 1 mp"}) + N({"SMa start d10: 9 => moves", "SMa move #E:0406 => 1 mp"}))));
    one(record(austria, line, first + impulse(2, F({"RdI move #E:0403 => 1 mp", "Pal move #E:0404 => 1 mp", "SMa start d10: 9 => moves"}))), "tmbv 7.4.3",
        Kind::Illegal);
}

TEST(TmbvFormations, LineAheadFlagshipNotAtTheRear) {
    // 7.4.4: "the flagship in the front or middle of a line of ships": not astern of all its ships
    const std::string austria = "ship Hab \"Habsburg\" #E:0905/N\n";
    one(record(austria,
               "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n"
               "ship Anc \"Ancona\" Italian #E:0404/N\nship Cas \"Castelfidardo\" Italian #E:0403/N\n",
               impulse(1, N({}))),
        "tmbv 7.4.4", Kind::Illegal);
}

TEST(TmbvFormations, LineAbreast) {
    const std::string austria = "ship Hab \"Habsburg\" #E:0909/N\n";
    auto italy = [](const std::string& ships) { return "formation Italian \"Italian Fleet\" line-abreast\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n" + ships; };
    clean(record(austria, italy("ship Pal \"Palestro\" Italian #E:0605/N\nship SMa \"San Martino\" Italian #E:0305/N\n"), impulse(1, N({}))));
    one(record(austria, italy("ship Pal \"Palestro\" Italian #E:0403/N\n"), impulse(1, N({}))), "tmbv 7.4.5", Kind::Illegal);
    one(record(austria, italy("ship Pal \"Palestro\" Italian #E:0705/N\n"), impulse(1, N({}))), "tmbv 7.4.5", Kind::Illegal);  // 3 hexes
}

TEST(TmbvFormations, FlyingWedge) {
    const std::string italy = "ship RdI \"Re d'Italia\" #E:0209/N\n";
    auto main = [](const std::string& ships) { return "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0605/N\n" + ships; };
    clean(record(main("ship Fri \"Friedrich\" Main #E:0506/N\nship Adr \"Adria\" Main #E:0706/N\nship Nov \"Novara\" Main #E:0406/N\n"), italy,
                 impulse(1, N({}))));
    one(record(main("ship Fri \"Friedrich\" Main #E:0506/N\nship Adr \"Adria\" Main #E:0604/N\n"), italy, impulse(1, N({}))), "tmbv 7.4.6",
        Kind::Illegal);
    // only the Austrian player may use it
    one(record(kHab, "formation Italian \"Italian Fleet\" flying-wedge\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n"
                     "ship Pal \"Palestro\" Italian #E:0306/N\n",
               impulse(1, N({}))),
        "tmbv 7.4.6", Kind::Illegal);
}

TEST(TmbvFormations, AtLeastTwoShipsAndOneFlagship) {
    const std::string austria = "ship Hab \"Habsburg\" #E:0905/N\n";
    one(record(austria, "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n", impulse(1, N({}))),
        "tmbv 7.4.1", Kind::Illegal);
    one(record(austria, "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian #E:0405/N\nship Pal \"Palestro\" Italian #E:0406/N\n",
               impulse(1, N({}))),
        "tmbv 7.4.2", Kind::Inconsistent);
    one(record(austria,
               "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n"
               "ship Pal \"Palestro\" Italian flagship #E:0406/N\n",
               impulse(1, N({}))),
        "tmbv 7.4.2", Kind::Inconsistent);
}

TEST(TmbvFormations, OutOfFormationWhenTheFlagshipIsOutOfSight) {
    // Friedrich two hexes astern of Kaiser; Palestro between them blocks the line of sight (7.4.2, 7.6.3)
    const std::string main = "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0605/N\n"
                             "ship Fri \"Friedrich\" Main #E:0607/N\n";
    const std::string italy = "ship Pal \"Palestro\" #E:0606/SE\n";
    clean(record(main, italy,
                 impulse(1, F({"Kai move #E:0604 => 1 mp"}) + N({"Pal move #E:0707 => 1 mp", "Fri move #E:0607/NW #E:0507 => 2 mp"}))));
    one(record(main, italy, impulse(1, F({"Kai move #E:0604 => 1 mp", "Fri move #E:0607/NW #E:0507 => 2 mp"}) + N({"Pal move #E:0707 => 1 mp"}))),
        "tmbv 7.4.3", Kind::Illegal);
    // beyond visibility: at visibility 2, Friedrich 3 hexes from Kaiser after impulse 1 (Re d'Italia's fire keeps it at 2)
    const std::string open = "ship RdI \"Re d'Italia\" #E:0209/N\n";
    const std::string hab = main + "ship Hab \"Habsburg\" #E:0409/N\n";
    const std::string first = impulse(1, F({"Kai move #E:0604 #E:0603 => 2 mp", "Fri move #E:0606 => 1 mp"}) +
                                             N({"RdI fire Hab d10: 5 => 1 hit", "RdI move #E:0208 => 1 mp"}), 2);
    clean(record(hab, open, first + impulse(2, F({"Kai move #E:0602 => 1 mp"}) + N({"RdI move #E:0207 => 1 mp", "Fri move #E:0605 => 1 mp"}), 2)));
    one(record(hab, open, first + impulse(2, F({"Kai move #E:0602 => 1 mp", "Fri move #E:0605 => 1 mp"}) + N({"RdI move #E:0207 => 1 mp"}), 2)),
        "tmbv 7.4.3", Kind::Illegal);
}

TEST(TmbvFormations, Independent) {
    const std::string main = "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0605/N\n"
                             "ship Fri \"Friedrich\" Main #E:0506/N\nship Adr \"Adria\" Main #E:0706/N\n";
    const std::string italy = "ship RdI \"Re d'Italia\" #E:0209/N\n";
    // declared independent for the battle, or from an impulse on: it activates alone
    clean(record(main + "ship Nov \"Novara\" Main independent #E:0406/N\n", italy,
                 impulse(1, F({"Kai move #E:0604 => 1 mp"}) + N({"RdI move #E:0208 => 1 mp", "Nov move #E:0405 #E:0404 #E:0403 => 3 mp"}))));
    clean(record(main, italy,
                 impulse(1, F({"Fri independent", "Kai move #E:0604 => 1 mp", "Adr move #E:0705 => 1 mp"}) +
                                N({"RdI move #E:0208 => 1 mp", "Fri move #E:0505 #E:0504 #E:0503 => 3 mp"}))));
    // a flagship may not be
    one(record(main, italy, impulse(1, F({"Kai independent", "Kai move #E:0604 => 1 mp"}))), "tmbv 7.4.3", Kind::Illegal);
    one(record("formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship independent #E:0605/N\n"
               "ship Fri \"Friedrich\" Main #E:0506/N\nship Adr \"Adria\" Main #E:0706/N\n",
               italy, impulse(1, N({}))),
        "tmbv 7.4.3", Kind::Illegal);
    // an independent ship activates in the non-formation step; the finding is the same whether it
    // comes first in its formation's step or after the flagship
    const std::string nov = main + "ship Nov \"Novara\" Main independent #E:0406/N\n";
    const Finding first = one(record(nov, italy, impulse(1, F({"Nov move #E:0405 => 1 mp", "Kai move #E:0604 => 1 mp"}))), "tmbv 7.5.5", Kind::Illegal);
    const auto after = problems_in(record(nov, italy, impulse(1, F({"Kai move #E:0604 => 1 mp", "Nov move #E:0405 => 1 mp"}))), "games");
    ASSERT_EQ(after.size(), 1u) << describe(after);
    EXPECT_EQ(after[0].rule.text(), first.rule.text()) << describe(after);
}

// ---- 7.5 the impulse's activations ----------------------------------------------------------------

namespace {
const std::string kItalianLine = "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n"
                                 "ship Pal \"Palestro\" Italian #E:0406/N\n";
const std::string kMain = "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0905/N\nship Fri \"Friedrich\" Main #E:0805/N\n";
const std::string kItalyMoves = F({"RdI move #E:0404 => 1 mp", "Pal move #E:0405 => 1 mp"});
const std::string kAustriaMoves = F({"Kai move #E:0904 => 1 mp", "Fri move #E:0804 => 1 mp"});
}  // namespace

TEST(TmbvActivation, FormationsInitiativeFirstThenAlternating) {
    clean(record(kMain, kItalianLine, impulse(1, kItalyMoves + kAustriaMoves)));
    one(record(kMain, kItalianLine, impulse(1, kAustriaMoves + kItalyMoves)), "tmbv 7.5.1", Kind::Illegal, "Italy", "Austria");
    // Italy's second formation waits for Austria's first
    const std::string two = kItalianLine + "formation Second \"Second Squadron\" line-ahead\nship SMa \"San Martino\" Second flagship #E:0205/N\n"
                                           "ship RdP \"Re di Portogallo\" Second #E:0206/N\n";
    const std::string second = F({"SMa move #E:0204 => 1 mp", "RdP move #E:0205 => 1 mp"});
    clean(record(kMain, two, impulse(1, kItalyMoves + kAustriaMoves + second)));
    one(record(kMain, two, impulse(1, kItalyMoves + second + kAustriaMoves)), "tmbv 7.5.2", Kind::Illegal, "Austria", "Italy");
    // Austria with nothing left, Italy goes on
    clean(record(kMain, two, impulse(1, kItalyMoves + kAustriaMoves + second)));
}

TEST(TmbvActivation, EachFormationPhaseIsCitedByItsCase) {
    // Italy three formations, Austria two: I, A, I, A, I (7.5.1-7.5.4 and the note)
    const std::string italy = kItalianLine + "formation Second \"Second Squadron\" line-ahead\nship SMa \"San Martino\" Second flagship #E:0205/N\n"
                                             "ship RdP \"Re di Portogallo\" Second #E:0206/N\n"
                                             "formation Third \"Third Squadron\" line-ahead\nship Cas \"Castelfidardo\" Third flagship #E:0105/N\n"
                                             "ship PdC \"Principe di Carignano\" Third #E:0106/N\n";
    const std::string austria = kMain + "formation Battle \"Battle Fleet\" line-ahead\nship Hab \"Habsburg\" Battle flagship #E:1205/N\n"
                                        "ship Sal \"Salamander\" Battle #E:1206/N\n";
    const std::string i2 = F({"SMa move #E:0204 => 1 mp", "RdP move #E:0205 => 1 mp"});
    const std::string i3 = F({"Cas move #E:0104 => 1 mp", "PdC move #E:0105 => 1 mp"});
    const std::string a2 = F({"Hab move #E:1204 => 1 mp", "Sal move #E:1205 => 1 mp"});
    clean(record(austria, italy, impulse(1, kItalyMoves + kAustriaMoves + i2 + a2 + i3)));
    // the initiative player's second formation is due (7.5.3); the other player's second (7.5.4)
    one(record(austria, italy, impulse(1, kItalyMoves + kAustriaMoves + a2 + i2 + i3)), "tmbv 7.5.3", Kind::Illegal, "Italy", "Austria");
    one(record(austria, italy, impulse(1, kItalyMoves + kAustriaMoves + i2 + i3 + a2)), "tmbv 7.5.4", Kind::Illegal, "Austria", "Italy");
}

TEST(TmbvActivation, OneFormationAStep) {
    one(record(kMain, kItalianLine, impulse(1, F({"RdI move #E:0404 => 1 mp"}) + kAustriaMoves + F({"Pal move #E:0405 => 1 mp"}))), "tmbv 7.5.3",
        Kind::Illegal);
    one(record(kMain, kItalianLine, impulse(1, F({"RdI move #E:0404 => 1 mp", "Kai move #E:0904 => 1 mp"}))), "tmbv 7.5.1", Kind::Illegal);
}

TEST(TmbvActivation, FormationsBeforeSingleShips) {
    const std::string italy = kItalianLine + "ship Aff \"Affondatore\" independent #E:0505/S\n";
    clean(record(kMain, italy, impulse(1, kItalyMoves + kAustriaMoves + N({"Aff move #E:0506 => 1 mp"}))));
    // a ship of a formation not yet activated, in the non-formation step
    one(record(kMain, italy, impulse(1, N({"RdI move #E:0404 => 1 mp"}))), "tmbv 7.5.5", Kind::Illegal);
    // a ship out of command, in a formation step
    one(record(kMain, italy, impulse(1, F({"Aff move #E:0506 => 1 mp"}))), "tmbv 7.5.5", Kind::Illegal);
}

TEST(TmbvActivation, AShipInFormationDoesNotActivateAgainAlone) {
    // Friedrich is in sight of Kaiser: it is in formation and activated with the Main Fleet, even if it
    // did nothing then; it is not out of formation, so it does not activate in the non-formation step (7.5.5)
    one(record(kMain, kItalianLine, impulse(1, kItalyMoves + F({"Kai move #E:0904 => 1 mp"}) + N({"Fri move #E:0804 => 1 mp"}))), "tmbv 7.5.5",
        Kind::Illegal);
}

TEST(TmbvActivation, SingleShipsAlternate) {
    const std::string italy = kRdI + "ship Anc \"Ancona\" #E:0205/N\n";
    clean(record(kHab, italy, impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab move #E:0804 => 1 mp", "Anc move #E:0204 => 1 mp"}))));
    one(record(kHab, italy, impulse(1, N({"RdI move #E:0404 => 1 mp", "Anc move #E:0204 => 1 mp", "Hab move #E:0804 => 1 mp"}))), "tmbv 7.5.5",
        Kind::Illegal, "Austria", "Italy");
    one(record(kHab, italy, impulse(1, N({"Hab move #E:0804 => 1 mp", "RdI move #E:0404 => 1 mp", "Anc move #E:0204 => 1 mp"}))), "tmbv 7.5.5",
        Kind::Illegal, "Italy", "Austria");
}

TEST(TmbvActivation, FireBeforeMoving) {
    clean(one_impulse(N({"RdI fire Hab d10: 7 => 1 hit", "RdI move #E:0404 => 1 mp"})));
    // a ship out of formation: 7.8 (fire before moving); a formation's: 7.5.1 (all its ships fire before any moves)
    one(one_impulse(N({"RdI move #E:0404 => 1 mp", "RdI fire Hab d10: 7 => 1 hit"})), "tmbv 7.8", Kind::Illegal);
    one(record(kHab, kItalianLine, impulse(1, F({"RdI move #E:0404 => 1 mp", "Pal fire Hab d10: 9 => 1 hit", "Pal move #E:0405 => 1 mp"}))), "tmbv 7.5.1",
        Kind::Illegal);
    one(one_impulse(N({"RdI move #E:0404 => 1 mp", "RdI move #E:0403 => 1 mp"})), "tmbv 7.5.1", Kind::Illegal);
}

// ---- 7.6 visibility and 7.7 line of sight ------------------------------------------------------------

TEST(TmbvVisibility, TheTrack) {
    // it starts at the rough weather's limit (5 in the test pack)
    clean(record(kHab, kRdI, impulse(1, N({}), 5)));
    one(record(kHab, kRdI, impulse(1, N({}), 6)), "tmbv 7.6.5", Kind::Illegal, "at most 5", "6");
    // no ship fired: it would rise, but not above the limit
    clean(record(kHab, kRdI, impulse(1, N({})) + impulse(2, N({}), 5)));
    one(record(kHab, kRdI, impulse(1, N({})) + impulse(2, N({}), 6)), "tmbv 7.6.5", Kind::WrongResult, "5", "6");
    clean(record(kHab, kRdI, impulse(1, N({}), 3) + impulse(2, N({}), 4)));
    one(record(kHab, kRdI, impulse(1, N({}), 3) + impulse(2, N({}), 3)), "tmbv 7.6.4", Kind::WrongResult, "4", "3");
    // one ship fired: it falls one space
    const std::string fired = impulse(1, N({"RdI fire Hab d10: 7 => 1 hit"}));
    clean(record(kHab, kRdI, fired + impulse(2, N({}), 4)));
    one(record(kHab, kRdI, fired + impulse(2, N({}), 5)), "tmbv 7.6.4", Kind::WrongResult, "4", "5");
    // never below the track's lowest space (2 in the test pack)
    const std::string near = "ship Hab \"Habsburg\" #E:0605/N\n";
    const std::string low = impulse(1, N({"RdI fire Hab d10: 5 => 1 hit"}), 2);
    clean(record(near, kRdI, low + impulse(2, N({}), 2)));
    one(record(near, kRdI, low + impulse(2, N({}), 1)), "tmbv 7.6.4", Kind::WrongResult, "2", "1");
}

TEST(TmbvVisibility, RangeBeyondVisibility) {
    one(one_impulse(N({"RdI fire Hab d10: 7 => 1 hit"}), "ship Hab \"Habsburg\" #E:1005/N\n"), "tmbv 7.6.2", Kind::Illegal);
    one(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 => 1 hit"}), 3)), "tmbv 7.6.2", Kind::Illegal);
    clean(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 => 1 hit"}), 4)));
}

TEST(TmbvVisibility, LineOfSight) {
    const std::string fire = N({"RdI fire Hab d10: 7 => 1 hit"});
    clean(one_impulse(fire));
    // a ship of either side between them
    one(one_impulse(fire, kHab + "ship Sal \"Salamander\" #E:0605/N\n"), "tmbv 7.7", Kind::Illegal);
    one(one_impulse(fire, kHab, kRdI + "ship Pal \"Palestro\" #E:0605/N\n"), "tmbv 7.7", Kind::Illegal);
    // the line runs along the edge of #0505 and #0506: one ship on one side does not block it, unless los-edge=either
    clean(one_impulse(fire, kHab + "ship Sal \"Salamander\" #E:0505/N\n"));
    one(record(kHab + "ship Sal \"Salamander\" #E:0505/N\n", kRdI, impulse(1, fire), "[Options \"los-edge=either\"]\n"), "tmbv 7.7", Kind::Illegal);
    one(one_impulse(fire, kHab + "ship Sal \"Salamander\" #E:0505/N\nship Dra \"Drache\" #E:0506/N\n"), "tmbv 7.7", Kind::Illegal);
}

// ---- 7.8 fire combat ------------------------------------------------------------------------------

TEST(TmbvFire, OwnSideArcAndOnce) {
    one(one_impulse(N({"RdI fire Pal d10: 4 => 1 hit"}), kHab, kRdI + "ship Pal \"Palestro\" #E:0605/N\n"), "tmbv 7.8.1", Kind::Illegal);
    // straight ahead: not in a broadside arc
    one(one_impulse(N({"RdI fire Hab d10: 5 => 1 hit"}), "ship Hab \"Habsburg\" #E:0403/N\n"), "tmbv 7.8.2", Kind::Illegal);
    one(one_impulse(N({"RdI fire Hab d10: 5 => 1 hit"}), "ship Hab \"Habsburg\" #E:0407/N\n"), "tmbv 7.8.2", Kind::Illegal);  // astern
    // the arc written must be the right one
    clean(one_impulse(N({"RdI fire Hab starboard d10: 7 => 1 hit"})));
    one(one_impulse(N({"RdI fire Hab port d10: 7 => 1 hit"})), "tmbv 7.8.2", Kind::Illegal);
    clean(one_impulse(N({"RdI fire Hab port d10: 5 => 1 hit"}), "ship Hab \"Habsburg\" #E:0205/N\n"));
    // small ships fire all round: Messagero at a ship ahead, 1 +1(range) -1(ironclad) -1(weather)
    clean(one_impulse(N({"Mes fire Hab d10: 7 => 1 hit"}), "ship Hab \"Habsburg\" #E:0403/N\n", "ship Mes \"Messagero\" #E:0405/N\n"));
    one(one_impulse(N({"RdI fire Hab d10: 7 => 1 hit", "RdI fire Hab d10: 7 => 1 hit"})), "tmbv 7.8.3", Kind::Illegal);
}

TEST(TmbvFire, FiredUponMarker) {
    const std::string italy = kItalianLine + "ship Aff \"Affondatore\" independent #E:0505/S\n";
    // one activation, two ships at one target: legal (Palestro: 9 +2(cf) -1(range) -1(ironclad) -1(weather) = 8)
    clean(record(kHab, italy, impulse(1, F({"RdI fire Hab d10: 7 => 1 hit", "Pal fire Hab d10: 9 => 1 hit"}))));
    // a later activation may not (Affondatore: 7 +2(cf) -1(ironclad) -1(weather) = 7)
    clean(record(kHab, italy, impulse(1, F({"RdI move #E:0404 => 1 mp"}) + N({"Aff fire Hab d10: 7 => 1 hit"}))));
    one(record(kHab, italy, impulse(1, F({"RdI fire Hab d10: 7 => 1 hit"}) + N({"Aff fire Hab d10: 7 => 1 hit"}))), "tmbv 7.8.5", Kind::Illegal);
    // the marker goes at the impulse's end
    clean(record(kHab, italy, impulse(1, F({"RdI fire Hab d10: 7 => 1 hit"})) + impulse(2, N({"Aff fire Hab d10: 7 => 1 hit"}), 4)));
}

TEST(TmbvFire, TheModifiedRollAndTheHits) {
    // Re d'Italia at Habsburg, 4 hexes: +4(cf) -1(range) -1(ironclad) -1(weather)
    clean(one_impulse(N({"RdI fire Hab d10: 7 +4(cf) -1(range) -1(ironclad) -1(weather) => 1 hit"})));
    clean(one_impulse(N({"RdI fire Hab d10: 7 => 1 hit"})));
    clean(one_impulse(N({"RdI fire Hab d10: 4 => miss"})));
    clean(one_impulse(N({"RdI fire Hab d10: 9 => 2 hits"})));
    one(one_impulse(N({"RdI fire Hab d10: 7 +3(cf) -1(range) -1(ironclad) -1(weather) => 1 hit"})), "tmbv 7.8.6", Kind::WrongResult,
        "7 +4(cf) -1(range) -1(ironclad) -1(weather) = 8", "7");
    one(one_impulse(N({"RdI fire Hab d10: 7 => 2 hits"})), "tmbv 7.8.6", Kind::WrongResult, "1 hit", "2 hits");
    one(one_impulse(N({"RdI fire Hab d10: 2 => 1 hit"})), "tmbv 7.8.6", Kind::WrongResult, "0 hits", "1 hit");
    // a claim that says two things (a count and a miss) is not read: one finding, the table's hits played
    one(one_impulse(N({"RdI fire Hab d10: 2 => 1 miss"})), "ngn 5.6 Claims", Kind::Inconsistent);
    // an Austrian crew (A) adds 1: 4 +3(cf) -1(range) -1(ironclad) +1(crew) -1(weather) = 5, a miss
    clean(one_impulse(N({"RdI move #E:0404 => 1 mp", "Hab fire RdI d10: 4 +3(cf) -1(range) -1(ironclad) +1(crew) -1(weather) => miss"})));
    one(one_impulse(N({"RdI move #E:0404 => 1 mp", "Hab fire RdI d10: 4 +3(cf) -1(range) -1(ironclad) -1(weather) => miss"})), "tmbv 7.8.6",
        Kind::WrongResult);
    // a small target, 2 hexes: 5 +4(cf) +1(range) -2(small) -1(weather) = 7
    clean(one_impulse(N({"RdI fire KEl d10: 5 => 1 hit"}), "ship KEl \"Kaiserin Elisabeth\" #E:0605/N\n"));
    one(one_impulse(N({"RdI fire KEl d10: 5 +4(cf) +1(range) -1(weather) => 1 hit"}), "ship KEl \"Kaiserin Elisabeth\" #E:0605/N\n"), "tmbv 7.8.6",
        Kind::WrongResult, "5 +4(cf) +1(range) -2(small) -1(weather) = 7", "9");
    // damage lowers the CF: after 3 hits Re d'Italia fires at +3
    const std::string near = "ship Hab \"Habsburg\" #E:0605/N\n";
    const std::string hurt = impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab fire RdI d10: 9 => 3 hits"}));
    clean(record(near, kRdI, hurt + impulse(2, N({"RdI fire Hab d10: 3 +3(cf) +1(range) -1(ironclad) -1(weather) => miss"}))));
    one(record(near, kRdI, hurt + impulse(2, N({"RdI fire Hab d10: 3 +4(cf) +1(range) -1(ironclad) -1(weather) => miss"}))), "tmbv 7.8.6",
        Kind::WrongResult);
}

TEST(TmbvFire, AWrongModifierBesideARightCfIsNoHitOnTheFirer) {
    // the range written -2 (it is -1), the CF right: one finding, and no hull box taken from Re d'Italia
    const std::string text = one_impulse(N({"RdI fire Hab d10: 7 +4(cf) -2(range) -1(ironclad) -1(weather) => 1 hit"}));
    one(text, "tmbv 7.8.6", Kind::WrongResult, "7 +4(cf) -1(range) -1(ironclad) -1(weather) = 8", "7");
    const auto dir = temp_dir();
    const std::string files = "[Tables \"" + (kSource / "fixtures/tables/tmbv-test-pack.ngn").string() + "\"]\n[Library \"" +
                              (kSource / "fixtures/tables/tmbv-lissa-test-manifest.ngn").string() + "\"]\n";
    write_file(dir / "b.ngn", record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 +4(cf) -2(range) -1(ironclad) -1(weather) => 1 hit"})), "", files));
    const auto run = run_ironlog({"state", (dir / "b.ngn").string()});
    EXPECT_NE(run.out.find("Re d'Italia: #E:0405/N, hits 0 of 8"), std::string::npos) << run.out;
    std::filesystem::remove_all(dir);
}

TEST(TmbvFire, ATotalThatDoesNotAddUpIsOneFinding) {
    // the rules' 7 +4(cf) -1(range) -1(ironclad) -1(weather) = 8, the total written 9: the kit's finding alone
    one(one_impulse(N({"RdI fire Hab d10: 7 +4(cf) -1(range) -1(ironclad) -1(weather) = 9 => 1 hit"})), "ngn 5.4 Dice", Kind::WrongResult);
    // a modifier changed and the total left as the rules give it: the same
    one(one_impulse(N({"RdI fire Hab d10: 7 +4(cf) -2(range) -1(ironclad) -1(weather) = 8 => 1 hit"})), "ngn 5.4 Dice", Kind::WrongResult);
}

TEST(TmbvFire, Sinking) {
    const std::string kel = "ship KEl \"Kaiserin Elisabeth\" #E:0605/N\n";  // hull 2
    // 9 +4(cf) +1(range) -2(small) -1(weather) = 11: 2 hits
    clean(one_impulse(N({"RdI fire KEl d10: 9 => 2 hits sunk"}), kel));
    one(one_impulse(N({"RdI fire Hab d10: 7 => 1 hit sunk"})), "tmbv 7.8.7", Kind::WrongResult, "afloat", "sunk");
    one(one_impulse(N({"RdI fire KEl d10: 5 => 1 hit sunk"}), kel), "tmbv 7.8.7", Kind::WrongResult, "afloat", "sunk");
    // a sunk ship does nothing more, nor is it fired at (7.8.7)
    one(record(kel, kRdI, impulse(1, N({"RdI fire KEl d10: 9 => 2 hits sunk", "KEl move #E:0604 => 1 mp"}))), "tmbv 7.8.7", Kind::Illegal);
    const std::string two = kel + "ship Hab \"Habsburg\" #E:0805/N\n";
    one(record(two, kRdI + "ship Pal \"Palestro\" #E:0505/N\n",
               impulse(1, N({"RdI fire KEl d10: 9 => 2 hits sunk", "Hab move #E:0804 => 1 mp", "Pal fire KEl d10: 9 => 1 hit"}))),
        "tmbv 7.8.7", Kind::Illegal);
    // a ship set up without its hex: said once, at its declaration; its lines follow from it
    one(record("ship KEl \"Kaiserin Elisabeth\"\n", kRdI, impulse(1, N({"RdI move #E:0404 => 1 mp", "KEl move #E:0604 => 1 mp"})) +
                                                         impulse(2, N({"RdI fire KEl d10: 9 => 2 hits", "KEl move #E:0603 => 1 mp"}))),
        "tmbv 7.2.3", Kind::Inconsistent);
}

TEST(TmbvFire, AClaimThatLeavesOutSunkIsOneFindingAtTheClaim) {
    const std::string kel = "ship KEl \"Kaiserin Elisabeth\" #E:0605/N\n";  // hull 2
    clean(one_impulse(N({"RdI fire KEl d10: 9"}), kel));  // no claim: the table's, sinking with it
    // 9 +4(cf) +1(range) -2(small) -1(weather) = 11: 2 hits, all its boxes: the claim says sunk (7.8.7)
    one(one_impulse(N({"RdI fire KEl d10: 9 => 2 hits"}), kel), "tmbv 7.8.7", Kind::WrongResult, "sunk", "afloat");
    // what the players did next with the ship they kept afloat follows from it: its critical roll, its move
    one(record(kel, kRdI, impulse(1, N({"RdI fire KEl d10: 9 => 2 hits", "KEl critical d10: 4 => none", "RdI move #E:0404 => 1 mp"})), "[Rules \"critical-hits\"]\n"),
        "tmbv 7.8.7", Kind::WrongResult, "sunk", "afloat");
    one(record(kel, kRdI, impulse(1, N({"RdI fire KEl d10: 9 => 2 hits", "KEl move #E:0604 => 1 mp"})) + impulse(2, N({"KEl move #E:0603 => 1 mp"}))),
        "tmbv 7.8.7", Kind::WrongResult, "sunk", "afloat");
    // a ram's too: 9 +2(double ram) -1(weather) = 10, 5 hits on its 2 boxes
    const std::string ahead = "ship KEl \"Kaiserin Elisabeth\" #E:0404/N\n";
    one(one_impulse(N({"RdI move #E:0404 => 1 mp", "RdI ram KEl d10: 9 => 5 hits rammer 1"}), ahead), "tmbv 7.8.7", Kind::WrongResult, "sunk",
        "afloat");
}

// ---- 7.9 ram attacks --------------------------------------------------------------------------------

TEST(TmbvRam, RamsAndTheirResults) {
    const std::string ahead = "ship Hab \"Habsburg\" #E:0404/N\n";
    auto ram = [&](const std::string& line) { return one_impulse(N({"RdI move #E:0404 => 1 mp", line}), ahead); };
    clean(ram("RdI ram Hab d10: 6 +2(double ram) -1(weather) => 2 hits rammer 1"));
    clean(ram("RdI ram Hab d10: 2 => fail"));
    clean(ram("RdI ram Hab d10: 9 => 5 hits rammer 1"));
    one(ram("RdI ram Hab d10: 6 => 3 hits rammer 1"), "tmbv 7.8.4", Kind::WrongResult, "2 hits rammer 1", "3 hits rammer 1");
    one(ram("RdI ram Hab d10: 2 => 2 hits rammer 1"), "tmbv 7.8.4", Kind::WrongResult, "fail", "2 hits rammer 1");
    one(ram("RdI ram Hab d10: 6 => fail"), "tmbv 7.8.4", Kind::WrongResult);
    one(ram("RdI ram Hab d10: 6 +1(double ram) -1(weather) => 2 hits rammer 1"), "tmbv 7.9.3", Kind::WrongResult, "6 +2(double ram) -1(weather) = 7",
        "6");
    // a ram is made by moving into the target's hex
    one(one_impulse(N({"RdI ram Hab d10: 6 => 2 hits rammer 1"}), ahead), "tmbv 7.9", Kind::Illegal);
    // only by a ship with a ram bow: Messagero has none (5 -1(weather) = 5 would be 2 hits)
    one(one_impulse(N({"Mes move #E:0404 => 1 mp", "Mes ram Hab d10: 6 => 2 hits rammer 1"}), ahead, "ship Mes \"Messagero\" #E:0405/N\n"),
        "tmbv 7.9.1", Kind::Illegal);
    // a target Dead in the Water: +2
    const std::string behind = "ship RdI \"Re d'Italia\" #E:0406/N\n";
    clean(record(ahead, behind,
                 impulse(1, N({"RdI move #E:0405 => 1 mp"})) +
                     impulse(2, N({"RdI move #E:0404 => 1 mp", "RdI ram Hab d10: 4 +2(double ram) -1(weather) +2(diw) => 2 hits rammer 1"}))));
    // a ram that sinks: 9 +2(double ram) -1(weather) = 10, 5 hits on Kaiserin Elisabeth's 2 boxes
    clean(one_impulse(N({"RdI move #E:0404 => 1 mp", "RdI ram KEl d10: 9 => 5 hits sunk rammer 1"}), "ship KEl \"Kaiserin Elisabeth\" #E:0404/N\n"));
}

TEST(TmbvRam, ARamOnAnItalianShip) {
    // the Austrian rammer: Habsburg (double ram, crew A): 6 +2(double ram) +1(crew) -1(weather) = 8, 3 hits rammer 1
    const std::string ahead = "ship Hab \"Habsburg\" #E:0406/N\n";
    clean(record(ahead, kRdI, impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab move #E:0405 #E:0404 => 2 mp", "Hab ram RdI d10: 6 => 3 hits rammer 1"}))));
    one(record(ahead, kRdI, impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab move #E:0405 #E:0404 => 2 mp", "Hab ram RdI d10: 6 => 2 hits rammer 1"}))),
        "tmbv 7.8.4", Kind::WrongResult, "3 hits rammer 1", "2 hits rammer 1");
}

// ---- 12.2, 13.2.4 the battle's winner ---------------------------------------------------------------

namespace {
// Twelve impulses; `firsts` are the first impulses' steps, the rest quiet.
std::string twelve(const std::vector<std::string>& firsts) {
    std::string s;
    for (int i = 1; i <= 12; ++i) s += impulse(i, i <= static_cast<int>(firsts.size()) ? firsts[static_cast<std::size_t>(i - 1)] : N({}));
    return s;
}
// Re d'Italia sinks three small Austrian ships (1 VP each, 12.1), Habsburg sinks Messagero (1 VP):
// Italy 3, Austria 1. Each ship is two hexes off its target, in its starboard arc.
const std::string kAustriaSmall = "ship KEl \"Kaiserin Elisabeth\" #E:0604/N\nship Gre \"Greif\" #E:0605/N\nship AHo \"Andreas Hofer\" #E:0606/N\n"
                                  "ship Hab \"Habsburg\" #E:0203/N\n";
const std::string kItalySmall = kRdI + "ship Mes \"Messagero\" #E:0403/N\n";
std::string three_to_one(const std::string& result, const std::string& tags = "") {
    return record(kAustriaSmall, kItalySmall,
                  twelve({N({"RdI fire KEl d10: 9 => 2 hits sunk", "Hab fire Mes d10: 9 => 2 hits sunk"}), N({"RdI fire Gre d10: 9 => 2 hits sunk"}),
                          N({"RdI fire AHo d10: 9 => 2 hits sunk"})}),
                  "[Result \"" + result + "\"]\n" + tags);
}
}  // namespace

TEST(TmbvVictory, ATieGoesToItaly) {
    clean(record(kHab, kRdI, twelve({}), "[Result \"Italy\"]\n"));
    one(record(kHab, kRdI, twelve({}), "[Result \"Austria\"]\n"), "tmbv 13.2.4", Kind::WrongResult, "Italy", "Austria");
}

TEST(TmbvVictory, TheLevelOfTheWin) {
    // one ship sunk, none lost: more than three times (12.2)
    const std::string kel = "ship KEl \"Kaiserin Elisabeth\" #E:0605/N\n";
    clean(record(kel, kRdI, twelve({N({"RdI fire KEl d10: 9 => 2 hits sunk"})}), "[Result \"Italy decisive\"]\n"));
    one(record(kel, kRdI, twelve({N({"RdI fire KEl d10: 9 => 2 hits sunk"})}), "[Result \"Italy minor\"]\n"), "tmbv 12.2", Kind::WrongResult,
        "Italy decisive", "Italy minor");
    one(record(kel, kRdI, twelve({N({"RdI fire KEl d10: 9 => 2 hits sunk"})}), "[Result \"Austria decisive\"]\n"), "tmbv 12.2", Kind::WrongResult,
        "Italy decisive", "Austria decisive");
    // a battle broken off before its twelfth impulse: the result is the players'
    clean(record(kel, kRdI, impulse(1, N({"RdI fire KEl d10: 9 => 2 hits sunk"})), "[Result \"Austria\"]\n"));
}

TEST(TmbvVictory, ExactlyThreeTimesIsTheOptionsChoice) {
    clean(three_to_one("Italy major"));
    one(three_to_one("Italy decisive"), "tmbv 12.2", Kind::WrongResult, "Italy major", "Italy decisive");
    clean(three_to_one("Italy decisive", "[Options \"three-times=decisive\"]\n"));
    one(three_to_one("Italy major", "[Options \"three-times=decisive\"]\n"), "tmbv 12.2", Kind::WrongResult, "Italy decisive", "Italy major");
}

TEST(TmbvVictory, AnIroncladSunkIsWorthFiveMore) {
    // Palestro (2ic, hull 5) rammed and sunk by Habsburg: Austria 2 + 5 = 7; Italy sinks Kaiserin Elisabeth, 1: a major... 7 > 3 x 1
    const std::string austria = "ship Hab \"Habsburg\" #E:0406/N\nship KEl \"Kaiserin Elisabeth\" #E:0905/N\n";
    const std::string italy = "ship Pal \"Palestro\" #E:0404/N\nship RdI \"Re d'Italia\" #E:0705/N\n";
    // 9 +2(double ram) +1(crew) -1(weather) = 11: 5 hits
    const auto text = [&](const std::string& result) {
        return record(austria, italy,
                      twelve({N({"Pal move #E:0403 => 1 mp", "Hab move #E:0405 #E:0404 #E:0403 => 3 mp", "Hab ram Pal d10: 9 => 5 hits sunk rammer 1",
                                 "RdI fire KEl d10: 9 => 2 hits sunk"})}),
                      "[Result \"" + result + "\"]\n");
    };
    clean(text("Austria decisive"));
    one(text("Austria major"), "tmbv 12.2", Kind::WrongResult, "Austria decisive", "Austria major");
}

// ---- 14.3 Austrian rifled guns (optional) ------------------------------------------------------------

TEST(TmbvOptional, AustrianRifledGuns) {
    // Habsburg at Re d'Italia, 4 hexes: 4 +3(cf) -1(range) -1(ironclad) +1(crew) -1(weather) = 5, a miss; +1(rifled) with 14.3: 6, 1 hit
    const std::string body = impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab fire RdI d10: 4 => 1 hit"}));
    clean(record(kHab, kRdI, body, "[Rules \"austrian-rifled-guns\"]\n"));
    one(record(kHab, kRdI, body), "tmbv 7.8.6", Kind::WrongResult, "0 hits", "1 hit");
    // Salamander has no rifled guns
    one(record("ship Sal \"Salamander\" #E:0805/N\n", kRdI, impulse(1, N({"RdI move #E:0404 => 1 mp", "Sal fire RdI d10: 5 +2(cf) -1(range) -1(ironclad) +1(crew) +1(rifled) -1(weather) => 1 hit"})),
               "[Rules \"austrian-rifled-guns\"]\n"),
        "tmbv 7.8.6", Kind::WrongResult, "5 +2(cf) -1(range) -1(ironclad) +1(crew) -1(weather) = 5", "6");
}

TEST(TmbvVisibility, ElevenShipsEngagedLowerItTwoSpaces) {
    // Nine ships of the Support Fleet (a wedge, two to a hex) fire at Re d'Italia and Andreas Hofer, on
    // its own, at Palestro: ten firers (one space down), or twelve ships engaged with the targets counted
    // (option visibility-count=firers-and-targets: two spaces down)
    const std::string support = "formation Support \"Support Fleet\" flying-wedge\n"
                                "ship Hum \"Hum\" Support flagship #E:0605/N\nship See \"Seehund\" Support #E:0605/N\n"
                                "ship Dal \"Dalmat\" Support #E:0506/N\nship Rek \"Reka\" Support #E:0506/N\n"
                                "ship Vel \"Velebit\" Support #E:0706/N\nship Wal \"Wall\" Support #E:0706/N\n"
                                "ship KEl \"Kaiserin Elisabeth\" Support #E:0406/N\nship Gre \"Greif\" Support #E:0406/N\n"
                                "ship Str \"Streiter\" Support #E:0806/N\nship AHo \"Andreas Hofer\" #E:1005/N\n";
    const std::string italy = "ship RdI \"Re d'Italia\" #E:0603/N\nship Pal \"Palestro\" #E:1003/N\n";
    const std::string fire = impulse(1, F({"Hum fire RdI d10: 0 => miss", "See fire RdI d10: 0 => miss", "Dal fire RdI d10: 0 => miss",
                                           "Rek fire RdI d10: 0 => miss", "Vel fire RdI d10: 0 => miss", "Wal fire RdI d10: 0 => miss",
                                           "Str fire RdI d10: 0 => miss", "Gre fire RdI d10: 0 => miss", "KEl fire RdI d10: 0 => miss"}) +
                                            N({"RdI move #E:0602 => 1 mp", "AHo fire Pal d10: 0 => miss"}));
    const std::string option = "[Options \"visibility-count=firers-and-targets\"]\n";
    clean(record(support, italy, fire + impulse(2, N({}), 4)));
    one(record(support, italy, fire + impulse(2, N({}), 3)), "tmbv 7.6.4", Kind::WrongResult, "4", "3");
    clean(record(support, italy, fire + impulse(2, N({}), 3), option));
    one(record(support, italy, fire + impulse(2, N({}), 4), option), "tmbv 7.6.4", Kind::WrongResult, "3", "4");
}

// ---- 14.1 critical hits, 14.2 Affondatore not ready, 14.4 dispatch ships (optional) -------------------

namespace {
const std::string kCritical = "[Rules \"critical-hits\"]\n";
// Re d'Italia hits Habsburg (7 +4(cf) -1(range) -1(ironclad) -1(weather) = 8: 1 hit), the critical
// lines follow, Re d'Italia moves on (still 4 hexes off), then the later lines; `next` is the impulses after.
std::string after_hit(std::initializer_list<std::string> critical, std::initializer_list<std::string> later = {}, const std::string& next = "",
                      const std::string& tags = kCritical) {
    std::vector<std::string> events{"RdI fire Hab d10: 7 => 1 hit"};
    events.insert(events.end(), critical.begin(), critical.end());
    events.push_back("RdI move #E:0404 => 1 mp");
    events.insert(events.end(), later.begin(), later.end());
    std::string steps = "      step non-formation\n";
    for (const auto& e : events) steps += "        " + e + "\n";
    return record(kHab, kRdI, impulse(1, steps) + next, tags);
}
}  // namespace

TEST(TmbvOptional, ACriticalHitRollFollowsDamage) {
    clean(after_hit({"Hab critical d10: 4 => none"}));
    clean(after_hit({"Hab critical d10: 4"}));
    // off by default: the roll is not part of the game
    one(after_hit({"Hab critical d10: 4 => none"}, {}, "", ""), "tmbv 14.1", Kind::Inconsistent);
    // left out: said once, at the next line or at the impulse's end
    one(after_hit({}), "tmbv 14.1", Kind::Inconsistent);
    one(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 => 1 hit"})), kCritical), "tmbv 14.1", Kind::Inconsistent);
    // only after an attack that damaged the ship: a miss gives none
    one(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 2 => miss", "Hab critical d10: 4 => none"})), kCritical), "tmbv 14.1", Kind::Illegal);
    // a 0 calls for a second die: 0-3 on fire, 4-7 bridge, 8-9 rudder
    clean(after_hit({"Hab critical 2d10: 0 6 => bridge"}));
    one(after_hit({"Hab critical 2d10: 0 6 => fire"}), "tmbv 14.1.2", Kind::WrongResult, "bridge", "fire");
    one(after_hit({"Hab critical 2d10: 0 3 => rudder"}), "tmbv 14.1.1", Kind::WrongResult, "fire", "rudder");
    // a first die that is not 0 is no critical hit at all (14.1), whatever is claimed
    one(after_hit({"Hab critical d10: 5 => rudder"}), "tmbv 14.1", Kind::WrongResult, "none", "rudder");
    one(after_hit({"Hab critical 2d10: 0 9 => none"}), "tmbv 14.1", Kind::WrongResult, "rudder", "none");
    one(after_hit({"Hab critical d10: 0 => none"}), "tmbv 14.1", Kind::Inconsistent);
}

TEST(TmbvOptional, ABridgeHitMakesTheCrewCAndTheCFTwoLess) {
    // Habsburg (CF 3, crew A) at Re d'Italia, 4 hexes: 9 +3(cf) -1(range) -1(ironclad) +1(crew) -1(weather) = 10, 2 hits;
    // with its bridge hit: 9 +1(cf) -1(range) -1(ironclad) -1(crew) -1(weather) = 6, 1 hit
    clean(after_hit({"Hab critical 2d10: 0 5 => bridge"}, {"Hab fire RdI d10: 9 => 1 hit", "RdI critical d10: 3 => none"}));
    one(after_hit({"Hab critical 2d10: 0 5 => bridge"}, {"Hab fire RdI d10: 9 => 2 hits", "RdI critical d10: 3 => none"}), "tmbv 7.8.6",
        Kind::WrongResult, "1 hit", "2 hits");
    clean(after_hit({"Hab critical d10: 5 => none"}, {"Hab fire RdI d10: 9 => 2 hits", "RdI critical d10: 3 => none"}));
}

TEST(TmbvOptional, OnFire) {
    // each impulse's end: the die +1 for Habsburg's crew A: 8 or more out, 3-7 burns a hull box, 0-2 explodes
    const std::string fire = "Hab critical 2d10: 0 2 => fire";
    clean(after_hit({fire}, {"Hab on-fire d10: 7 => out"}));
    clean(after_hit({fire}, {"Hab on-fire d10: 6 => burns"}, impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab on-fire d10: 9 => out"}))));
    clean(after_hit({fire}, {"Hab on-fire d10: 1 => explodes"}));
    one(after_hit({fire}, {"Hab on-fire d10: 6 => out"}), "tmbv 14.1.1", Kind::WrongResult, "burns", "out");
    one(after_hit({fire}, {"Hab on-fire d10: 1 => burns"}), "tmbv 14.1.1", Kind::WrongResult, "explodes", "burns");
    // the roll is due at every impulse's end while it burns; a ship not on fire does not roll
    one(after_hit({fire}), "tmbv 14.1.1", Kind::Inconsistent);
    one(after_hit({fire}, {"Hab on-fire d10: 6 => burns"}, impulse(2, N({"RdI move #E:0403 => 1 mp"}))), "tmbv 14.1.1", Kind::Inconsistent);
    one(after_hit({"Hab critical d10: 4 => none"}, {"Hab on-fire d10: 9 => out"}), "tmbv 14.1.1", Kind::Illegal);
    // exploded: it has sunk
    one(after_hit({fire}, {"Hab on-fire d10: 1 => explodes"}, impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab fire RdI d10: 5 => miss"}))), "tmbv 7.8.7",
        Kind::Illegal);
}

TEST(TmbvOptional, RudderHit) {
    // Dead in the Water till a roll of 7 or more (+1 for crew A) at an impulse's end repairs it
    const std::string hit = "Hab critical 2d10: 0 9 => rudder";
    clean(after_hit({hit}, {"Hab rudder d10: 6 => repaired"}, impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab move #E:0804 => 1 mp"}))));
    clean(after_hit({hit}, {"Hab rudder d10: 5 => diw"}, impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab rudder d10: 8 => repaired"}))));
    one(after_hit({hit}, {"Hab rudder d10: 5 => repaired"}), "tmbv 14.1.3", Kind::WrongResult, "diw", "repaired");
    one(after_hit({hit}, {"Hab rudder d10: 5 => diw"}, impulse(2, N({"RdI move #E:0403 => 1 mp", "Hab move #E:0804 => 1 mp", "Hab rudder d10: 8 => repaired"}))),
        "tmbv 14.1.3", Kind::Illegal);
    one(after_hit({hit}), "tmbv 14.1.3", Kind::Inconsistent);
}

TEST(TmbvOptional, AffondatoreNotReady) {
    const std::string tags = "[Rules \"affondatore-not-ready\"]\n";
    const std::string italy = kRdI + "ship Aff \"Affondatore\" #E:0505/S\n";
    // a die halved, fractions dropped, plus 1: 5 gives 3 hits
    clean(record(kHab, italy, impulse(1, N({"Aff not-ready d10: 5 => 3 hits", "RdI move #E:0404 => 1 mp"})), tags));
    one(record(kHab, italy, impulse(1, N({"Aff not-ready d10: 5 => 2 hits", "RdI move #E:0404 => 1 mp"})), tags), "tmbv 14.2", Kind::WrongResult, "3 hits",
        "2 hits");
    one(record(kHab, italy, impulse(1, N({"Aff not-ready d10: 5 => 3 hits"}))), "tmbv 14.2", Kind::Inconsistent);
    one(record(kHab, italy, impulse(1, N({"Aff move #E:0506 => 1 mp"})), tags), "tmbv 14.2", Kind::Inconsistent);
    one(record(kHab, italy, impulse(1, N({"RdI not-ready d10: 5 => 3 hits"})), tags), "tmbv 14.2", Kind::Illegal);
    // its crew is C while the hits stand: Affondatore (CF 2, one less after 3 hits in the test pack) at
    // Habsburg, 3 hexes: 8 +1(cf) -1(ironclad) -1(crew) -1(weather) = 6
    const auto f = problems_in(record(kHab, italy, impulse(1, N({"Aff not-ready d10: 5 => 3 hits", "Aff fire Hab d10: 8 => 9 hits"})), tags), "games");
    ASSERT_EQ(f.size(), 1u) << describe(f);
    EXPECT_NE(f[0].message.find("8 +1(cf) -1(ironclad) -1(crew) -1(weather) = 6"), std::string::npos) << describe(f);
}

TEST(TmbvOptional, DispatchShips) {
    const std::string tags = "[Rules \"dispatch-ships\"]\n";
    // Greif (a D ship) activates with the Main Fleet, whose flagship it sees
    const std::string main = kMain + "ship Gre \"Greif\" #E:1005/N\n";
    const std::string with = impulse(1, kItalyMoves + F({"Kai move #E:0904 => 1 mp", "Fri move #E:0804 => 1 mp", "Gre move #E:1004 => 1 mp"}));
    clean(record(main, kItalianLine, with, tags));
    one(record(main, kItalianLine, with), "tmbv 7.5.1", Kind::Illegal);
    // not a D ship; a D ship out of the flagship's sight (visibility 5)
    one(record(kMain + "ship Sal \"Salamander\" #E:1005/N\n", kItalianLine,
               impulse(1, kItalyMoves + F({"Kai move #E:0904 => 1 mp", "Fri move #E:0804 => 1 mp", "Sal move #E:1004 => 1 mp"})), tags),
        "tmbv 7.5.1", Kind::Illegal);
    one(record(kMain + "ship Gre \"Greif\" #E:1605/N\n", kItalianLine,
               impulse(1, kItalyMoves + F({"Kai move #E:0904 => 1 mp", "Fri move #E:0804 => 1 mp", "Gre move #E:1604 => 1 mp"})), tags),
        "tmbv 14.4", Kind::Illegal);
}

TEST(TmbvOptional, ADispatchShipLinksShipsOutOfTheFlagshipsSight) {
    // Friedrich two hexes astern of Kaiser, Palestro between them; Greif sees both (3 and 2 hexes)
    const std::string main = "formation Main \"Main Fleet\" flying-wedge\nship Kai \"Kaiser\" Main flagship #E:0605/N\n"
                             "ship Fri \"Friedrich\" Main #E:0607/N\n";
    const std::string italy = "ship Pal \"Palestro\" #E:0606/SE\n";
    const std::string tags = "[Rules \"dispatch-ships\"]\n";
    const std::string play = impulse(1, F({"Kai move #E:0604 => 1 mp", "Fri move #E:0607/NW #E:0507 => 2 mp"}) +
                                            N({"Pal move #E:0707 => 1 mp", "Gre move #E:0806 => 1 mp"}));
    clean(record(main + "ship Gre \"Greif\" #E:0807/N\n", italy, play, tags));
    one(record(main + "ship Gre \"Greif\" #E:0807/N\n", italy, play), "tmbv 7.4.3", Kind::Illegal);
    // too far to see Kaiser: no link
    one(record(main + "ship Gre \"Greif\" #E:1407/N\n", italy,
               impulse(1, F({"Kai move #E:0604 => 1 mp", "Fri move #E:0607/NW #E:0507 => 2 mp"}) + N({"Pal move #E:0707 => 1 mp", "Gre move #E:1406 => 1 mp"})),
               tags),
        "tmbv 7.4.3", Kind::Illegal);
    // it served the Main Fleet this impulse: it does not activate with the Battle Fleet
    const std::string battle = "formation Battle \"Battle Fleet\" line-ahead\nship Hab \"Habsburg\" Battle flagship #E:1005/N\n"
                               "ship Sal \"Salamander\" Battle #E:1006/N\n";
    const std::string both = main + battle + "ship Gre \"Greif\" #E:0807/N\n";
    const std::string kai = "Kai move #E:0604 => 1 mp", fri = "Fri move #E:0607/NW #E:0507 => 2 mp";
    clean(record(both, italy, impulse(1, F({kai, fri, "Gre move #E:0806 => 1 mp"}) + F({"Hab move #E:1004 => 1 mp", "Sal move #E:1005 => 1 mp"}) +
                                            N({"Pal move #E:0707 => 1 mp"})),
                 tags));
    one(record(both, italy, impulse(1, F({kai, fri}) + F({"Hab move #E:1004 => 1 mp", "Sal move #E:1005 => 1 mp", "Gre move #E:0806 => 1 mp"}) +
                                           N({"Pal move #E:0707 => 1 mp"})),
               tags),
        "tmbv 14.4", Kind::Illegal);
}

// ---- 14.4 and 3.0: who activates with whom, and what is fixed when an activation begins -----------------

namespace {
// The Battle Fleet's wedge, and the Main Fleet's with Friedrich its flagship, Kaiser (MA 2) and
// Greif (a D ship, MA 4) four hexes from Ferdinand Max, in its sight; Re d'Italia far off.
const std::string kTwoWedges = "formation Battle \"Battle Fleet\" flying-wedge\nformation Main \"Main Fleet\" flying-wedge\n"
                               "ship EFM \"Erzherzog Ferdinand Max\" Battle flagship #E:0905/N\nship Hab \"Habsburg\" Battle #E:0805/N\n"
                               "ship Sal \"Salamander\" Battle #E:1005/N\nship Fri \"Friedrich\" Main flagship #E:0607/N\n"
                               "ship Kai \"Kaiser\" Main #E:0508/N\nship Gre \"Greif\" Main #E:0708/N\n";
const std::string kFarItaly = "ship RdI \"Re d'Italia\" #E:0215/N\n";
const std::string kDispatch = "[Rules \"dispatch-ships\"]\n";
std::string greif_with_the_battle_fleet(std::initializer_list<std::string> battle_step) {
    return record(kTwoWedges, kFarItaly,
                  impulse(1, F(battle_step) + F({"Fri move #E:0606 => 1 mp", "Kai move #E:0507 => 1 mp"}) + N({"RdI move #E:0214 => 1 mp"})),
                  kDispatch);
}
}  // namespace

TEST(TmbvOptional, ADispatchShipActivatesWithItsOwnFlagshipInSight) {
    // Messagero (D) trails Re d'Italia's line by a gap of one hex, in its sight (two hexes, nothing between)
    const std::string line = "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n"
                             "ship Mes \"Messagero\" Italian #E:0406/N\n";
    const std::string play = impulse(1, F({"RdI move #E:0404 #E:0403 => 2 mp", "Mes move #E:0405 => 1 mp"}) + N({"Hab move #E:0904 => 1 mp"})) +
                             impulse(2, F({"RdI move #E:0402 => 1 mp", "Mes move #E:0405/NE #E:0505 => 1 mp"}) + N({"Hab move #E:0903 => 1 mp"}));
    const std::string austria = "ship Hab \"Habsburg\" #E:0905/N\n";
    // 14.4: any flagship it sees, its own too, wherever it stands: off the line's path as well
    clean(record(austria, line, play, kDispatch));
    // without 14.4 a D ship is one of the line: the gap puts it out of formation (7.4.3, 7.4.4)
    one(record(austria, line, play), "tmbv 7.4.3", Kind::Illegal);
}

TEST(TmbvOptional, ADispatchShipWithAnotherFleetMovesAtItsOwnMA) {
    // Greif (MA 4) moves with the Battle Fleet: not at its own fleet's slowest MA (Kaiser's 2), 3.0
    clean(greif_with_the_battle_fleet({"EFM move #E:0904 => 1 mp", "Hab move #E:0804 => 1 mp", "Sal move #E:1004 => 1 mp",
                                       "Gre move #E:0707 #E:0706 #E:0705 #E:0704 => 4 mp"}));
    one(greif_with_the_battle_fleet({"EFM move #E:0904 => 1 mp", "Hab move #E:0804 => 1 mp", "Sal move #E:1004 => 1 mp",
                                     "Gre move #E:0707 #E:0706 #E:0705 #E:0704 #E:0703 => 5 mp"}),
        "tmbv 7.3", Kind::Illegal, "at most 4 MP", "5 MP");
}

TEST(TmbvOptional, ADispatchShipsSightOfTheFlagshipIsJudgedWhenTheFleetActivates) {
    // Ferdinand Max moves three hexes away before Greif's line: Greif saw it when the fleet activated
    clean(greif_with_the_battle_fleet({"EFM move #E:0904 #E:0903 #E:0902 => 3 mp", "Hab move #E:0804 #E:0803 #E:0802 => 3 mp",
                                       "Sal move #E:1004 #E:1003 #E:1002 => 3 mp", "Gre move #E:0707 #E:0706 #E:0705 #E:0704 => 4 mp"}));
}

TEST(TmbvOptional, ADispatchShipsLineMayOpenAnotherFleetsStep) {
    // Greif's line first: the step is the fleet of its first ship that is not a D ship (the Battle Fleet)
    clean(greif_with_the_battle_fleet({"Gre move #E:0707 #E:0706 #E:0705 #E:0704 => 4 mp", "EFM move #E:0904 => 1 mp",
                                       "Hab move #E:0804 => 1 mp", "Sal move #E:1004 => 1 mp"}));
}

TEST(TmbvOptional, ADispatchShipServesItsOwnSidesFlagshipsOnly) {
    // Messagero (Italian, D) in sight of Ferdinand Max does not activate with the Battle Fleet
    one(record(kTwoWedges, kFarItaly + "ship Mes \"Messagero\" #E:1103/N\n",
               impulse(1, F({"EFM move #E:0904 => 1 mp", "Hab move #E:0804 => 1 mp", "Sal move #E:1004 => 1 mp", "Mes move #E:1102 => 1 mp"}) +
                              F({"Fri move #E:0606 => 1 mp", "Kai move #E:0507 => 1 mp", "Gre move #E:0707 => 1 mp"}) +
                              N({"RdI move #E:0214 => 1 mp"})),
               kDispatch),
        "tmbv 7.5.1", Kind::Illegal);
}

namespace {
// A flying wedge of three facing north: `ships` are "<alias> \"<name>\"", the flagship first (at
// #E:0605), then the ships on its port and starboard quarters (#E:0506, #E:0706).
std::string wedge_of_three(const std::string& formation, const std::string& name, const std::array<std::string, 3>& ships) {
    return "formation " + formation + " \"" + name + "\" flying-wedge\nship " + ships[0] + " " + formation + " flagship #E:0605/N\nship " + ships[1] +
           " " + formation + " #E:0506/N\nship " + ships[2] + " " + formation + " #E:0706/N\n";
}
}  // namespace

TEST(TmbvMovement, AFormationsMPIsFixedWhenItsActivationBegins) {
    // 3.0: the fleet begins its move with its slowest ship's MA. Habsburg (2 hits from impulse 1)
    // rams first and takes a third (MA 3 to 2); Ferdinand Max and Salamander then still move 3
    const std::string battle = wedge_of_three("Battle", "Battle Fleet", {"EFM \"Erzherzog Ferdinand Max\"", "Hab \"Habsburg\"", "Sal \"Salamander\""});
    const std::string italy = "ship RdI \"Re d'Italia\" #E:0503/NE\n";
    // 7 +4(cf) +1(range) -1(ironclad) -1(weather) = 10: 2 hits; the ram 5 +2(double ram) +1(crew) -1(weather) = 7: 2 hits rammer 1
    const std::string first = impulse(1, F({"EFM move #E:0604 => 1 mp", "Hab move #E:0505 => 1 mp", "Sal move #E:0705 => 1 mp"}) +
                                             N({"RdI fire Hab d10: 7 => 2 hits", "RdI move #E:0503/N => 1 mp"}));
    const auto second = [&](const std::string& sal) {
        return record(battle, italy,
                      first + impulse(2, F({"Hab move #E:0504 #E:0503 => 2 mp", "Hab ram RdI d10: 5 => 2 hits rammer 1",
                                            "EFM move #E:0603 #E:0602 #E:0601 => 3 mp", sal}) +
                                             N({"RdI move #E:0502 => 1 mp"})));
    };
    clean(second("Sal move #E:0704 #E:0703 #E:0702 => 3 mp"));
    one(second("Sal move #E:0704 #E:0703 #E:0702 #E:0701 => 4 mp"), "tmbv 7.3", Kind::Illegal, "at most 3 MP", "4 MP");
}

// ---- 13.2.1, 13.2.2 the Lissa set-up ------------------------------------------------------------------

TEST(TmbvDeployment, TheItalianLinesOrderAndAffondatore) {
    const std::string austria = "ship Hab \"Habsburg\" #E:0905/N\n";
    // bow to stern: Ancona, Re d'Italia, Palestro (13.2.1); Affondatore beside Re d'Italia, its bow the other way
    const std::string line = "formation Italian \"Italian Fleet\" line-ahead\nship RdI \"Re d'Italia\" Italian flagship #E:0405/N\n";
    const std::string aff = "ship Aff \"Affondatore\" independent #E:0505/S\n";
    clean(record(austria, line + "ship Anc \"Ancona\" Italian #E:0404/N\nship Pal \"Palestro\" Italian #E:0406/N\n" + aff, impulse(1, N({}))));
    one(record(austria, line + "ship Pal \"Palestro\" Italian #E:0404/N\nship Anc \"Ancona\" Italian #E:0406/N\n" + aff, impulse(1, N({}))),
        "tmbv 13.2.1", Kind::Illegal, "Anc, RdI, Pal", "Pal, RdI, Anc");
    const std::string ships = line + "ship Anc \"Ancona\" Italian #E:0404/N\nship Pal \"Palestro\" Italian #E:0406/N\n";
    one(record(austria, ships + "ship Aff \"Affondatore\" independent #E:0605/S\n", impulse(1, N({}))), "tmbv 13.2.1", Kind::Illegal);
    one(record(austria, ships + "ship Aff \"Affondatore\" independent #E:0505/N\n", impulse(1, N({}))), "tmbv 13.2.1", Kind::Illegal, "S", "N");
    one(record(austria, ships + "ship Aff \"Affondatore\" Italian #E:0505/S\n", impulse(1, N({}))), "tmbv 13.2.1", Kind::Illegal);
}

TEST(TmbvDeployment, TheAustrianFlagshipsOneBehindAnother) {
    // Kaiser 1 or 2 hexes straight behind Ferdinand Max, Hum behind Kaiser (13.2.2); each wedge of two ships
    const auto austria = [](const std::string& kaiser, const std::string& hum) {
        return "formation Battle \"Battle Fleet\" flying-wedge\nformation Main \"Main Fleet\" flying-wedge\n"
               "formation Support \"Support Fleet\" flying-wedge\n"
               "ship EFM \"Erzherzog Ferdinand Max\" Battle flagship #A:1009/S\nship Hab \"Habsburg\" Battle #A:0909/S\n"
               "ship Kai \"Kaiser\" Main flagship #A:" + kaiser + "/S\nship Fri \"Friedrich\" Main #A:0" + std::to_string(std::stoi(kaiser) / 100 - 1) +
               kaiser.substr(2) + "/S\n"
               "ship Hum \"Hum\" Support flagship #A:" + hum + "/S\nship See \"Seehund\" Support #A:0" + std::to_string(std::stoi(hum) / 100 - 1) +
               hum.substr(2) + "/S\n";
    };
    const std::string italy = "ship RdI \"Re d'Italia\" #A:1020/N\n";
    clean(record(austria("1007", "1005"), italy, impulse(1, N({})), "", ""));
    clean(record(austria("1008", "1006"), italy, impulse(1, N({})), "", ""));
    one(record(austria("1006", "1004"), italy, impulse(1, N({})), "", ""), "tmbv 13.2.2", Kind::Illegal);
    one(record(austria("1007", "1004"), italy, impulse(1, N({})), "", ""), "tmbv 13.2.2", Kind::Illegal);
}

TEST(TmbvVisibility, WithoutThePackARiseMayStopAtTheUnknownLimit) {
    // no ship fired: the track rises, unless the weather's limit (on the missing charts) stops it
    clean(record(kHab, kRdI, impulse(1, N({}), 5) + impulse(2, N({}), 5), "", ""));
    clean(record(kHab, kRdI, impulse(1, N({}), 5) + impulse(2, N({}), 6), "", ""));
    one(record(kHab, kRdI, impulse(1, N({}), 5) + impulse(2, N({}), 4), "", ""), "tmbv 7.6.4", Kind::WrongResult, "6", "4");
}

// ---- one mistake, one finding: what a line left out leaves behind ------------------------------------

TEST(TmbvOneMistake, ARamWithoutItsMove) {
    // Re d'Italia rams Habsburg in the next hex without moving into it: one finding; it is then in
    // Habsburg's hex and moves on from there
    const std::string ahead = "ship Hab \"Habsburg\" #E:0404/N\n";
    one(record(ahead, kRdI, impulse(1, N({"RdI ram Hab d10: 6 => 2 hits rammer 1"})) + impulse(2, N({"RdI move #E:0403 => 1 mp"}))), "tmbv 7.9",
        Kind::Illegal);
}

TEST(TmbvOneMistake, AMoveLeftOutIsSeenPastMovesThatStayPut) {
    // Re d'Italia's impulse 1 move (to #E:0403) is left out; it stays put in impulse 2 and starts again from #E:0403
    const auto text = [](const std::string& first) {
        return record(kHab, kRdI,
                      impulse(1, N({first, "Hab move #E:0804 => 1 mp"})) + impulse(2, N({"RdI move => 0 mp", "Hab move #E:0803 => 1 mp"})) +
                          impulse(3, N({"RdI start d10: 9 => moves", "RdI move #E:0402 => 1 mp", "Hab move #E:0802 => 1 mp"})));
    };
    clean(text("RdI move #E:0404 #E:0403 => 2 mp"));
    const std::string left_out = record(kHab, kRdI,
                                        impulse(1, N({"Hab move #E:0804 => 1 mp"})) + impulse(2, N({"RdI move => 0 mp", "Hab move #E:0803 => 1 mp"})) +
                                            impulse(3, N({"RdI start d10: 9 => moves", "RdI move #E:0402 => 1 mp", "Hab move #E:0802 => 1 mp"})));
    one(left_out, "tmbv 7.3", Kind::Inconsistent);
}

TEST(TmbvOneMistake, AShipTheRecordNamesNoMoreIsTakenAsSunk) {
    // Kaiserin Elisabeth (hull 2) is sunk by Re d'Italia in impulse 2; Habsburg then ends its move in its hex
    const std::string austria = kHab + "ship KEl \"Kaiserin Elisabeth\" #E:0803/N\n";
    const auto text = [&](const std::string& fire) {
        std::vector<std::string> second{"RdI move #E:0403 => 1 mp", "Hab move #E:0803 #E:0802 => 2 mp"};
        if (!fire.empty()) second.insert(second.begin(), fire);
        std::string steps = "      step non-formation\n";
        for (const auto& e : second) steps += "        " + e + "\n";
        return record(austria, kRdI,
                      impulse(1, N({"RdI move #E:0404 => 1 mp", "KEl move #E:0802 => 1 mp", "Hab move #E:0804 => 1 mp"})) + impulse(2, steps) +
                          impulse(3, N({"RdI move #E:0402 => 1 mp", "Hab move #E:0801 => 1 mp"})));
    };
    clean(text("RdI fire KEl d10: 9 => 2 hits sunk"));
    // the fire left out: one finding where the record first plays on without it
    one(text(""), "tmbv 7.8.7", Kind::Inconsistent);
}

TEST(TmbvOneMistake, AFleetMovedAsOneAfterItsFlagshipSankIsSaidOnce) {
    // Re d'Italia sinks Hum, the Support Fleet's flagship (9 +4(cf) +1(range) -2(small) -1(weather) = 11: 2 hits);
    // its other ships then activate alone (7.4.3, 7.5.5)
    const std::string support = wedge_of_three("Support", "Support Fleet", {"Hum \"Hum\"", "See \"Seehund\"", "Dal \"Dalmat\""});
    const std::string italy = "ship RdI \"Re d'Italia\" #E:0403/N\n";
    const std::string first = impulse(1, F({"Hum move #E:0604 => 1 mp", "See move #E:0505 => 1 mp", "Dal move #E:0705 => 1 mp"}) +
                                             N({"RdI fire Hum d10: 9 => 2 hits sunk", "RdI move #E:0402 => 1 mp"}));
    clean(record(support, italy,
                 first + impulse(2, N({"RdI move #E:0401 => 1 mp", "See move #E:0504 => 1 mp", "Dal move #E:0704 => 1 mp"})) +
                     impulse(3, N({"RdI move #E:0401/NE => 1 mp", "See move #E:0503 => 1 mp", "Dal move #E:0703 => 1 mp"}))));
    // moved on as a formation for two impulses: one finding, at the first ship's line
    const Finding f = one(record(support, italy,
                                 first + impulse(2, F({"See move #E:0504 => 1 mp", "Dal move #E:0704 => 1 mp"}) + N({"RdI move #E:0401 => 1 mp"})) +
                                     impulse(3, F({"See move #E:0503 => 1 mp", "Dal move #E:0703 => 1 mp"}) + N({"RdI move #E:0401/NE => 1 mp"}))),
                          "tmbv 7.4.3", Kind::Illegal);
    EXPECT_NE(f.message.find("Hum has sunk"), std::string::npos) << f.message;
}

TEST(TmbvOneMistake, ASunkShipThatKeepsActingIsOneFinding) {
    // Re d'Italia sinks Kaiserin Elisabeth (hull 2: 9 +4(cf) +1(range) -2(small) -1(weather) = 11, 2 hits)
    const std::string kel = "ship KEl \"Kaiserin Elisabeth\" #E:0605/N\n";
    const std::string sinks = "RdI fire KEl d10: 9 => 2 hits sunk";
    clean(record(kel, kRdI, impulse(1, N({sinks}))));
    // she moves on in this impulse and the next, and is fired at again: one finding, at her first
    // move, naming the line that sank her (7.8.7); the later lines are excused by it
    const std::string text =
        record(kel, kRdI, impulse(1, N({sinks, "KEl move #E:0604 => 1 mp"})) + impulse(2, N({"KEl move #E:0603 => 1 mp", "RdI fire KEl d10: 9 => 2 hits"})));
    const Finding f = one(text, "tmbv 7.8.7", Kind::Illegal);
    EXPECT_EQ(f.message, "KEl sank in impulse 1 (line " + std::to_string(line_of(text, sinks)) + "): a sunk ship takes no further part");
    EXPECT_EQ(f.pos.line, line_of(text, "KEl move #E:0604"));
    const auto excused = excused_in(text, "games");
    EXPECT_EQ(excused.size(), 2u);
    for (const auto& x : excused) EXPECT_EQ(x.cause.line, f.pos.line) << x.what;
    // fired at, or rammed, first: that line is the finding
    const Finding at = one(record(kel, kRdI + "ship Pal \"Palestro\" #E:0505/N\n", impulse(1, N({sinks, "Pal fire KEl d10: 9 => 1 hit"}))), "tmbv 7.8.7",
                           Kind::Illegal);
    EXPECT_EQ(at.message.rfind("Pal fires at KEl, which sank in impulse 1 (line ", 0), 0u) << at.message;
    const std::string ahead = "ship KEl \"Kaiserin Elisabeth\" #E:0404/N\n";
    const Finding rammed = one(record(ahead, kRdI + "ship Pal \"Palestro\" #E:0304/N\n",
                                      impulse(1, N({"Pal fire KEl d10: 9 => 2 hits sunk", "RdI move #E:0404 => 1 mp", "RdI ram KEl d10: 9 => 5 hits rammer 1"}))),
                               "tmbv 7.8.7", Kind::Illegal);
    EXPECT_EQ(rammed.message.rfind("RdI rams KEl, which sank in impulse 1 (line ", 0), 0u) << rammed.message;
}

TEST(TmbvOneMistake, AFireBeyondVisibilityIsNotJudgedAgainForItsRange) {
    // Habsburg is 4 hexes off at visibility 3: the fire is the finding, not its roll's range too
    one(record(kHab, kRdI, impulse(1, N({"RdI fire Hab d10: 7 => 3 hits"}), 3)), "tmbv 7.6.2", Kind::Illegal);
}

TEST(TmbvDeployment, KerkaAndNarentaEnterLaterOnBoardAsEdge) {
    // 13.2.2: off the map at the start; they enter along an edge of board A (the test pack's board A
    // is columns 01-12, rows 01-16), Out of Command
    const auto entering = [](const std::string& ship) {
        return impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab move #E:0804 => 1 mp"})) + "    impulse 2\nside Austria\n" + ship +
               N({"RdI move #E:0403 => 1 mp", "Hab move #E:0803 => 1 mp"});
    };
    clean(record(kHab, kRdI, entering("ship Ker \"Kerka\" independent #A:1201/S\n")));
    clean(record(kHab, kRdI, entering("ship Nar \"Narenta\" #A:0116/N\n")));
    one(record(kHab, kRdI, entering("ship Nar \"Narenta\" #A:0505/S\n")), "tmbv 13.2.2", Kind::Illegal);
    one(record(kHab, kRdI, entering("ship Ker \"Kerka\" independent #B:0101/S\n")), "tmbv 13.2.2", Kind::Illegal);
    one(record(kHab, kRdI, entering("ship Sal \"Salamander\" #A:1201/S\n")), "tmbv 13.2", Kind::Illegal);
    // set up at the start: they start off the map
    one(record(kHab + "ship Ker \"Kerka\" independent #A:1201/S\n", kRdI, impulse(1, N({}))), "tmbv 13.2.2", Kind::Illegal);
}

TEST(TmbvDeployment, AnEnteringShipStandsOnItsEdgeHexAndPaysForTheHexesAfter) {
    // Kerka enters on #A:1216, the corner board A shares with boards B and D: its first move pays 2 MP for 2 hexes
    const auto entering = [](const std::string& move) {
        return record(kHab, kRdI,
                      impulse(1, N({"RdI move #E:0404 => 1 mp", "Hab move #E:0804 => 1 mp"})) + "    impulse 2\nside Austria\nship Ker \"Kerka\" independent #A:1216/N\n" +
                          N({"RdI move #E:0403 => 1 mp", "Hab move #E:0803 => 1 mp", move}));
    };
    clean(entering("Ker move #A:1215 #A:1214 => 2 mp"));
    one(entering("Ker move #A:1215 #A:1214 => 3 mp"), "tmbv 7.3.3", Kind::WrongResult, "2", "3");
}

TEST(TmbvOptional, TheEndOfImpulseRollsComeLast) {
    // Habsburg's fire roll written before Re d'Italia's move, in the same impulse: one finding
    one(record(kHab, kRdI,
               impulse(1, N({"RdI fire Hab d10: 7 => 1 hit", "Hab critical 2d10: 0 2 => fire", "Hab on-fire d10: 7 => out", "RdI move #E:0404 => 1 mp"})),
               kCritical),
        "tmbv 14.1.1", Kind::Illegal);
}

// ---- generated play: every enforced case reached, and legal games clean over every option ----------

namespace {
ironlog::GenerateOptions generator_files() {
    ironlog::GenerateOptions o;
    o.tables = (kSource / "fixtures/tables/tmbv-test-pack.ngn").string();
    o.library = (kSource / "fixtures/tables/tmbv-lissa-test-manifest.ngn").string();
    return o;
}

// The case a coverage row is about, as the engine counts it (RuleRef::id): its first number, with
// " (second)" for the cases of the second 7.9 (Combat End Game) and " (ram)" for those printed 7.8.x
// under Ram Attacks.
std::string case_id(const std::string& rule) {
    std::string id = "tmbv/" + rule.substr(0, rule.find(' '));
    if (rule.find("(second") != std::string::npos) id += " (second)";
    if (rule.find("under Ram Attacks") != std::string::npos) id += " (ram)";
    if (rule.find("(Game play Notes)") != std::string::npos) id += " (notes)";
    if (rule.find("(End of Game)") != std::string::npos) id += " (end of game)";
    if (const auto letter = rule.find(' '); rule.size() > letter + 2 && rule[letter + 2] == ')') id += rule.substr(letter, 3);  // "11.2.1 a)"
    return id;
}

// Enforced cases no legal Battle of Lissa reaches; their rows in the coverage table say why. The
// campaign's Turn Start Phase is not in a battle: tests/tmbv_turn_start_test.cpp judges its cases.
const std::set<std::string> kNotInLegalLissaGames = {
    "tmbv/7.4.5", "tmbv/7.5.3", "tmbv/5.1.1", "tmbv/5.1.2", "tmbv/5.2.1", "tmbv/5.2.2", "tmbv/5.2.3", "tmbv/5.2.4", "tmbv/5.3",   "tmbv/6.1.1", "tmbv/6.0",
    "tmbv/6.1",   "tmbv/6.1.2", "tmbv/6.1.3", "tmbv/6.1.4", "tmbv/6.1.5", "tmbv/6.2.1", "tmbv/6.2.2", "tmbv/6.2.3",
    "tmbv/6.2.4", "tmbv/6.2.5", "tmbv/6.2.6", "tmbv/6.3",   "tmbv/6.3.3", "tmbv/6.3.4", "tmbv/6.4.6",
    "tmbv/6.3.1", "tmbv/6.3.2", "tmbv/6.4.5", "tmbv/6.4",   "tmbv/6.4.1", "tmbv/6.4.2", "tmbv/6.4.3", "tmbv/6.4.8",
    "tmbv/6.4.9", "tmbv/6.4.10", "tmbv/6.7.4", "tmbv/6.4.7", "tmbv/8.0",   "tmbv/8.1",   "tmbv/8.1.1", "tmbv/8.1.2", "tmbv/8.1.3",
    "tmbv/8.1.4", "tmbv/8.1.5", "tmbv/11.2.6", "tmbv/13.1.1", "tmbv/13.1.2", "tmbv/7.1", "tmbv/7.1.1", "tmbv/7.1.2",
    "tmbv/7.9.2 (second)", "tmbv/7.9.3 (second)", "tmbv/7.9.5 (second)", "tmbv/7.9.6 (second)", "tmbv/10.0", "tmbv/12.0", "tmbv/12.2 (notes)", "tmbv/11.1", "tmbv/11.2", "tmbv/11.2.2", "tmbv/11.2.3", "tmbv/11.2.1 a)", "tmbv/11.2.2 a)", "tmbv/7.2",
    "tmbv/6.5", "tmbv/6.5.1", "tmbv/6.5.2", "tmbv/6.5.3", "tmbv/6.5.4", "tmbv/6.7.5", "tmbv/9.0", "tmbv/9.1.1", "tmbv/9.1.2", "tmbv/9.1.3",
    "tmbv/9.2", "tmbv/9.2.1", "tmbv/9.2.2", "tmbv/9.2.3", "tmbv/9.2.4", "tmbv/9.2.5", "tmbv/9.2.6", "tmbv/9.2.7", "tmbv/9.2.8", "tmbv/9.3",
    "tmbv/11.2.1", "tmbv/11.2.5", "tmbv/12.1 (end of game)", "tmbv/6.7.1", "tmbv/6.7.2", "tmbv/6.7.3", "tmbv/6.7.6", "tmbv/8.1.7", "tmbv/6.4.4", "tmbv/6.3.6", "tmbv/6.3.7", "tmbv/6.3.5", "tmbv/14.5", "tmbv/6.6", "tmbv/6.6.2", "tmbv/6.6.4", "tmbv/6.6.5", "tmbv/8.1.6"};

constexpr int kCleanGames = scaled_for_sanitizers(10000, 512);  // under the sanitizers every option combination once
}  // namespace

TEST(TmbvGenerated, AThousandGamesJudgeEveryEnforcedCase) {
    ironlog::CheckOptions options(ironlog::all_rulesets(), kSource / "fixtures/games");
    options.count_cases = true;
    std::map<std::string, std::size_t> cases;
    for (int i = 0; i < 1000; ++i) {
        const auto report = ironlog::check_text("generated.ngn", ironlog::rules::tmbv::generate_game(20261127, i, generator_files()), options);
        for (const auto& g : report.games)
            for (const auto& [id, n] : g.cases) cases[id] += n;
    }
    std::size_t enforced = 0;
    for (const auto& row : testing_util::coverage_rows("tmbv")) {
        if (!row.enforced()) continue;
        ++enforced;
        const std::string id = case_id(row.rule);
        if (kNotInLegalLissaGames.count(id)) {
            EXPECT_NE(row.status.find("reached by generated play"), std::string::npos) << row.rule << ": say why in its row";
            continue;
        }
        EXPECT_GT(cases[id], 0u) << row.rule << " (" << id << ") is judged in none of 1,000 generated games";
    }
    EXPECT_GT(enforced, 50u);
}

TEST(TmbvGenerated, LegalGamesOverEveryOptionCombinationGiveNoFinding) {
    ironlog::CheckOptions options(ironlog::all_rulesets(), kSource / "fixtures/games");
    std::size_t findings = 0;
    for (int i = 0; i < kCleanGames; ++i) {
        const std::string game = ironlog::rules::tmbv::generate_game(20261128, i, generator_files());
        const auto report = ironlog::check_text("generated.ngn", game, options);
        for (const auto& g : report.games) {
            if (!g.findings.empty() && ++findings <= 3) ADD_FAILURE() << "game " << i << ":\n" << describe(g.findings);
        }
    }
    EXPECT_EQ(findings, 0u);
}
