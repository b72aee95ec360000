// The Ironclads engine, rule by rule: a legal case that checks clean and a faulty one flagged
// with its citation; the Data Card derivation; and copies of the sample game with one seeded
// mistake each, which must give exactly one finding.
#include "rules/ironclads/cards.hpp"
#include "rules/ironclads/engine.hpp"
#include "rules/ironclads/generator.hpp"
#include "rules/registry.hpp"
#include "rules/ironclads/ship_data.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <random>
#include <sstream>

using namespace testing_util;
using namespace ironlog::rules::ironclads;
using ironlog::Finding;
using ironlog::Kind;
using ironlog::Severity;

namespace {

// Two ships with their cards on the line, set up mid-game: FM has 4 per broadside and armour
// 6, RdI 14 per broadside and armour 6. Austria has the initiative of the first turn.
std::string game(const std::string& body, const std::string& tags = "", const std::string& more = "") {
    return "[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n[SetUp \"1\"]\n" + tags +
           "\nside AUT \"Austria\"\n"
           "ship FM \"Erzherzog Ferdinand Max\" port 4 stbd 4 armour 6 prop 13 hull 6 speed 8\n"
           "side ITA \"Italy\"\n"
           "ship RdI \"Re d'Italia\" port 14 stbd 14 armour 6 prop 12 hull 6 speed 8\n" +
           more + "setup AUT initiative\n\n" + body;
}

std::vector<Finding> problems(const std::string& text) { return problems_in(text, "games"); }
void clean(const std::string& text) { expect_clean(text, "games"); }
Finding one(const std::string& text, const std::string& rule, Kind kind) { return expect_one(text, rule, kind, "games"); }

const char* kMove = "turn 1\n  phase movement\n";  // Austria has the initiative: Italy moves first

ShipSpec spec_of(const std::string& line) {
    std::vector<DataProblem> problems;
    auto parsed = ngn::parse_line("ship X " + line, 1);
    EXPECT_TRUE(parsed.line) << line;
    ShipData d = read_ship_data(parsed.line->as<ngn::Declaration>()->args, problems);
    EXPECT_TRUE(problems.empty()) << problems.front().message;
    return d.spec;
}

}  // namespace

// ---- Appendix A ---------------------------------------------------------------------------

TEST(IroncladsCards, GunClasses) {
    std::string e;
    auto cls = [&](const char* g) { return gun_class(*parse_gun(g, e)); };
    EXPECT_EQ(cls("1x12lb"), GunClass::VeryLight);
    EXPECT_EQ(cls("1x12.5lb"), GunClass::Light);
    EXPECT_EQ(cls("1x64lb"), GunClass::Light);
    EXPECT_EQ(cls("1x65lb"), GunClass::Medium);
    EXPECT_EQ(cls("1x221lb"), GunClass::Monster);
    EXPECT_EQ(cls("1x5in"), GunClass::VeryLight);       // smoothbore column (rifling unknown)
    EXPECT_EQ(cls("1x5in-r"), GunClass::Light);         // rifled column
    EXPECT_EQ(cls("1x6.4in-r"), GunClass::Medium);      // Gloire's 6.4" RML
    EXPECT_EQ(cls("1x10.8in-sb"), GunClass::Heavy);     // Colbert's
    EXPECT_EQ(cls("1x12in-r"), GunClass::Monster);      // Monarch's
    EXPECT_EQ(cls("1x228mm/300lb-r"), GunClass::Monster);  // heavier of Heavy (calibre) and Monster (shot)
    EXPECT_FALSE(parse_gun("18x6.4", e));
    EXPECT_FALSE(parse_gun("x6.4in", e));
    EXPECT_FALSE(parse_gun("2x6in-q", e));
}

TEST(IroncladsCards, TheBooksWorkedExamples) {
    struct Case {
        const char* spec;
        Card card;
    };
    auto card = [](std::vector<int> guns, int a, int p, int h) {
        Card c;
        for (std::size_t i = 0; i < guns.size(); ++i) c.guns[i] = guns[i];
        c.armour = a, c.prop = p, c.hull = h;
        return c;
    };
    const Case cases[] = {
        {"broadside 18x6.4in-r belt 4.75in backing 26in knots 13 tons 5630", card({0, 13, 13, 0}, 7, 13, 6)},  // Gloire
        {"broadside 5x110lb-r,2x70lb-sb,13x68lb-sb belt 4.5in backing 18in knots 14 tons 9137", card({0, 17, 17, 0}, 7, 14, 10)},  // Warrior
        {"fwd-turret 2x8.2in-sb PS rear-turret 2x8.2in-sb PS belt 4.5in knots 11.2 tons 1887", card({0, 0, 0, 0, 2, 0, 2}, 5, 12, 2)},  // Arminius
        {"rear 1x9.4in-sb broadside 4x10.8in-sb belt 8.7in knots 14 tons 8750", card({0, 5, 5, 1}, 7, 14, 9)},  // Colbert
        {"fwd 2x7in-r rear 1x7in-r fwd-turret 2x12in-r rear-turret 2x12in-r belt 7in knots 14.9 tons 8322", card({3, 0, 0, 2, 7, 0, 7}, 7, 15, 9)},  // Monarch
        {"fwd-turret 1x15in-sb,1x150lb-r centre-turret 1x15in-sb,1x11in-sb rear-turret 1x11in-sb,1x150lb-sb belt 4.5in knots 6 tons 6300 monitor",
         card({0, 0, 0, 0, 4, 4, 3}, 5, 6, 12)},  // Roanoke (the book prints a centre turret of 3)
    };
    for (const auto& c : cases) {
        DerivedCard d = derive_card(spec_of(c.spec));
        EXPECT_TRUE(d.unknown.empty()) << c.spec;
        for (int m = 0; m < kMounts; ++m) EXPECT_EQ(d.card.guns[m], c.card.guns[m]) << c.spec << " " << mount_name(m);
        EXPECT_EQ(d.card.armour, c.card.armour) << c.spec;
        EXPECT_EQ(d.card.prop, c.card.prop) << c.spec;
        EXPECT_EQ(d.card.hull, c.card.hull) << c.spec;
    }
}

TEST(IroncladsCards, CapsBackingAndMissingFigures) {
    EXPECT_EQ(derive_card(spec_of("broadside 40x110lb belt none knots 30 tons 15000")).card.guns[Port], 25);
    EXPECT_EQ(derive_card(spec_of("fwd 10x12in-r belt none knots 30 tons 15000")).card.guns[Fwd], 10);
    EXPECT_EQ(derive_card(spec_of("belt none knots 30 tons 15000")).card.prop, 20);
    // a count of guns written absurdly large (found by fuzz_check) is capped, not overflowed
    EXPECT_EQ(derive_card(spec_of("rear 2147483647x540mm rear 2147483647x540mm belt none knots 10 tons 1000")).card.guns[Rear], 10);
    EXPECT_EQ(derive_card(spec_of("belt none knots 10 tons 15000")).card.hull, 12);
    EXPECT_EQ(derive_card(spec_of("belt 3in backing yes knots 10 tons 1000")).card.armour, 4);  // 3 + 6/10, rounded up
    EXPECT_EQ(derive_card(spec_of("belt 3in knots 10 tons 1000")).card.armour, 3);
    EXPECT_EQ(derive_card(spec_of("belt none knots 10 tons 1000")).card.armour, 0);
    EXPECT_STREQ(ship_class(0), "wooden screw");
    EXPECT_STREQ(ship_class(2), "tinclad");
    EXPECT_STREQ(ship_class(3), "ironclad");
    DerivedCard partial = derive_card(spec_of("broadside 2x200mm knots 11 tons 2559"));
    EXPECT_EQ(partial.unknown, std::vector<std::string>{"armour"});
    EXPECT_EQ(partial.card.guns[Port], 2);
}

TEST(IroncladsCards, CardsInARecord) {
    // derived from the library, from specifications on the line, or given: all clean
    clean(game("", "[Library \"../ships/lissa-1866.ngn\"]\n",
               "ship HB \"Habsburg\"\nship KM \"Kaiser Max\" port 7 stbd 7 armour 5 prop 12 hull 4\n"
               "ship X \"Experimental\" broadside 4x8in-r belt 2in knots 9 tons 900\n"));
    // a card that disagrees with the library's derivation: one finding with every stat that differs
    auto f = one(game("", "[Library \"../ships/lissa-1866.ngn\"]\n", "ship KM \"Kaiser Max\" port 8 stbd 8 armour 5 prop 12 hull 4\n"),
                 "ironclads Appendix A Data Cards", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "port 7, stbd 7");
    EXPECT_EQ(*f.recorded, "port 8, stbd 8");
    f = one(game("", "", "ship Big \"Big\" port 30 armour 3 prop 10 hull 5\n"), "ironclads Appendix A Data Cards", Kind::Illegal);
    EXPECT_EQ(f.message, "port has at most 25 stats on a Data Card");
    f = one(game("", "", "ship Nobody\n"), "ironclads Appendix A Data Cards", Kind::Inconsistent);
    EXPECT_NE(f.message.find("no Data Card for Nobody"), std::string::npos);
    // Palestro: the library lacks her armour; the record gives it
    clean(game("", "[Library \"../ships/lissa-1866.ngn\"]\n", "ship PAL \"Palestro\" armour 4\n"));
    f = one(game("", "[Library \"../ships/lissa-1866.ngn\"]\n", "ship PAL \"Palestro\"\n"), "ironclads Appendix A Data Cards",
            Kind::Inconsistent);
    EXPECT_NE(f.message.find("has no armour stats"), std::string::npos);
    one(game("", "", "ship Y \"Y\" port 2 armour 1 prop 9 hull 2 guns 3\n"), "ironclads Appendix A Data Cards", Kind::Inconsistent);
}

// ---- sea state and initiative -------------------------------------------------------------

namespace {
std::string fresh(const std::string& body) {
    return "[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n\nside AUT \"Austria\"\n"
           "ship FM \"Erzherzog Ferdinand Max\" port 4 stbd 4 armour 6 prop 13 hull 6\nside ITA \"Italy\"\n"
           "ship RdI \"Re d'Italia\" port 14 stbd 14 armour 6 prop 12 hull 6\n\n" + body;
}
const char* kCalm = "phase sea-state\n  AUT roll d6: 3\n  ITA roll d6: 1 => calm\n";
const char* kRough = "phase sea-state\n  AUT roll d6: 1\n  ITA roll d6: 1 => rough\n";
}  // namespace

TEST(IroncladsSeaState, RoughOnlyOnADoubleOne) {
    clean(fresh(kCalm));
    clean(fresh(kRough));
    auto f = one(fresh("phase sea-state\n  AUT roll d6: 1\n  ITA roll d6: 1 => calm\n"), "ironclads Sea state", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "rough");
    f = one(fresh("phase sea-state\n  AUT roll d6: 3\nturn 1\n"), "ironclads Sea state", Kind::Illegal);
    EXPECT_EQ(f.message, "Italy did not roll for the sea state (one die for each side)");
    one(fresh("phase sea-state\n  AUT roll d6: 3\n  AUT roll d6: 4\n  ITA roll d6: 2\n"), "ironclads Sea state", Kind::Illegal);
    f = one(fresh("turn 1\n"), "ironclads Sea state", Kind::Illegal);
    EXPECT_EQ(f.message, "no sea state was rolled before the game began");
}

TEST(IroncladsSeaState, RoughLimitsSpeedAndHalvesFire) {
    const std::string turn = "turn 1\n  phase initiative\n    AUT roll d6: 2\n    ITA roll d6: 4 => AUT\n  phase movement\n";
    clean(fresh(std::string(kRough) + turn + "    RdI speed 6 move 6cm\n    FM speed 6 move 6cm\n"));
    auto f = one(fresh(std::string(kRough) + turn + "    RdI speed 7 move 7cm\n    FM speed 6 move 6cm\n"), "ironclads Movement/Speed",
                 Kind::Illegal);
    EXPECT_EQ(f.message, "the current speed lies between 0 and the maximum (6 in a rough sea)");
    // 14 stats at armour 6: 7 dice, halved again for the rough sea: 4
    const std::string fire = turn + std::string("    RdI move 0\n    FM move 0\n  phase firing\n    RdI fire port FM 60cm ");
    clean(fresh(std::string(kRough) + fire + "4d6: 1 2 3 4 => miss\n"));
    f = one(fresh(std::string(kRough) + fire + "7d6: 1 2 3 4 1 2 3 => miss\n"), "ironclads Firing/Resolving gunfire", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "4d6");
}

TEST(IroncladsInitiative, LowestWinsTiesAreRolledAgain) {
    const std::string base = std::string(kCalm) + "turn 1\n  phase initiative\n";
    clean(fresh(base + "    AUT roll d6: 2\n    ITA roll d6: 5 => AUT\n"));
    clean(fresh(base + "    AUT roll d6: 4\n    ITA roll d6: 4 => reroll\n    AUT roll d6: 6\n    ITA roll d6: 1 => ITA\n"));
    auto f = one(fresh(base + "    AUT roll d6: 2\n    ITA roll d6: 5 => ITA\n"), "ironclads Initiative", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "AUT");
    f = one(fresh(base + "    AUT roll d6: 4\n    ITA roll d6: 4 => AUT\n"), "ironclads Initiative", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "reroll");
    f = one(fresh(std::string(kCalm) + "turn 1\n  phase movement\n    FM move 8cm\n    RdI move 8cm\n"), "ironclads Initiative", Kind::Illegal);
    EXPECT_EQ(f.message, "no side has the initiative in turn 1: it is decided before movement");
}

// ---- movement -------------------------------------------------------------------------------

TEST(IroncladsMovement, TheSideWithoutTheInitiativeMovesFirstThenInTurn) {
    clean(game(std::string(kMove) + "    RdI move 8cm\n    FM move 8cm\n"));
    auto f = one(game(std::string(kMove) + "    FM move 8cm\n    RdI move 8cm\n"), "ironclads Movement", Kind::Illegal);
    EXPECT_EQ(f.message, "the side without the initiative moves the first ship");
    // a side with ships left moves them all once the other has none
    clean(game(std::string(kMove) + "    RdI move 8cm\n    FM move 8cm\n    RdP move 8cm\n    RdS move 8cm\n", "",
               "ship RdP \"Re di Portogallo\" port 14 stbd 14 armour 6 prop 12 hull 6 speed 8\n"
               "ship RdS \"San Martino\" port 10 stbd 10 armour 6 prop 13 hull 5 speed 8\n"));
    one(game(std::string(kMove) + "    RdI move 8cm\n    RdP move 8cm\n    FM move 8cm\n", "",
             "ship RdP \"Re di Portogallo\" port 14 stbd 14 armour 6 prop 12 hull 6 speed 8\n"),
        "ironclads Movement", Kind::Illegal);
    f = one(game(std::string(kMove) + "    RdI move 8cm\n    FM move 8cm\n    RdI move 0\n"), "ironclads Movement", Kind::Illegal);
    EXPECT_EQ(f.message, "RdI has already moved in this movement phase");
    f = one(game(std::string(kMove) + "    RdI move 8cm\n  phase firing\n"), "ironclads Movement", Kind::Illegal);
    EXPECT_NE(f.message.find("FM was not moved"), std::string::npos);
}

TEST(IroncladsMovement, SpeedChanges) {
    auto with = [&](const std::string& rdi) { return game(std::string(kMove) + "    RdI " + rdi + "\n    FM move 8cm\n"); };
    for (const char* ok : {"speed 9 move 9cm", "speed 8 move 8cm", "speed 7 move 7cm", "speed 6 move 6cm", "speed +1 move 9cm",
                           "speed -2 move 6cm", "move 8cm"})
        clean(with(ok));
    for (const char* bad : {"speed 10 move 10cm", "speed 5 move 5cm", "speed -3 move 5cm"}) {
        auto f = one(with(bad), "ironclads Movement/Speed", Kind::Illegal);
        EXPECT_EQ(f.message, "the current speed changes by +1, 0, -1 or -2 each game turn") << bad;
        EXPECT_EQ(*f.expected, "6 to 9") << bad;
    }
    one(with("speed 8.5 move 8.5cm"), "ironclads Movement/Speed", Kind::Illegal);
    // at most the propulsion stats remaining; above it, down by two each game turn
    auto low = [&](const std::string& rdi) {
        return game(std::string(kMove) + "    RdI " + rdi + "\n    FM move 8cm\n", "", "setup RdI prop 7\n");
    };
    clean(low("speed 6 move 6cm"));
    auto f = one(low("speed 7 move 7cm"), "ironclads Movement/Speed", Kind::Illegal);
    EXPECT_EQ(*f.expected, "6");
    one(low("move 8cm"), "ironclads Movement/Speed", Kind::Illegal);
    clean(game(std::string(kMove) + "    RdI speed 9 move 9cm\n    FM move 8cm\n", "", "setup RdI prop 9\n"));
    one(game(std::string(kMove) + "    RdI speed 10 move 10cm\n    FM move 8cm\n", "", "setup RdI prop 9\n"), "ironclads Movement/Speed",
        Kind::Illegal);
}

TEST(IroncladsMovement, GoingAstern) {
    const std::string stopped = "setup RdI speed 0\n";
    auto with = [&](const std::string& rdi, const std::string& setup) {
        return game(std::string(kMove) + "    RdI " + rdi + "\n    FM move 8cm\n", "", setup);
    };
    clean(with("speed 1 astern move 1cm", stopped));
    auto f = one(with("speed 2 astern move 2cm", stopped), "ironclads Movement/Moving backwards", Kind::Illegal);
    EXPECT_EQ(f.message, "a ship goes astern at a current speed of 1 at most");
    one(with("speed 1 astern move 1cm", "setup RdI speed 1\n"), "ironclads Movement/Moving backwards", Kind::Illegal);
    clean(with("speed 0 move 0", "setup RdI speed 1 astern\n"));
    one(with("speed 1 move 1cm", "setup RdI speed 1 astern\n"), "ironclads Movement/Moving backwards", Kind::Illegal);
}

TEST(IroncladsMovement, DistancesTurnsAndPositions) {
    auto with = [&](const std::string& rdi, const std::string& more = "") {
        return game(std::string(kMove) + "    RdI " + rdi + "\n    FM move 8cm\n", "", more);
    };
    auto f = one(with("move 9cm"), "ironclads Movement/Moving a ship", Kind::Illegal);
    EXPECT_EQ(f.message, "RdI must move exactly its current speed in cm");
    clean(with("move 8.3cm"));  // within the default tolerance of 0.5 cm
    clean(with("move 8cm turn 3cm"));
    f = one(with("move 8cm turn 2cm turn 1cm"), "ironclads Movement/Moving a ship", Kind::Illegal);
    EXPECT_EQ(f.message, "a ship makes one turn on the Turn Device each game turn");
    // a stopped ship is defined with the current speed (Phase 2): it does not move or turn
    one(with("move 0 turn 2cm", "setup RdI speed 0\n"), "ironclads Movement/Speed", Kind::Illegal);
    // with positions: the distance, and the heading change against the turn recorded
    const std::string at = "setup RdI at (100, 50, 270)\n";
    clean(with("move 8cm => (92, 50, 270)", at));
    one(with("move 8cm => (90, 50, 270)", at), "ironclads Movement/Moving a ship", Kind::Illegal);
    f = one(with("move 8cm => (92, 50, 250)", at), "ironclads Movement/Moving a ship", Kind::Illegal);
    EXPECT_EQ(f.message, "RdI changed heading by 20 degrees with no turn recorded");
    clean(with("move 8cm turn 2cm => (92.1, 50.5, 252)", at));    // 2 cm on the device: up to 19.1 degrees
    one(with("move 8cm turn 1cm => (92.1, 50.5, 252)", at), "ironclads Movement/Moving a ship", Kind::Illegal);
}

// A move written in legs, with a turn between them: the distance is the legs' sum.
TEST(IroncladsMovement, AMoveInLegs) {
    clean(game(std::string(kMove) + "    RdI move 8cm\n    FM move 4cm turn 2cm move 4cm\n"));
    auto f = one(game(std::string(kMove) + "    RdI move 8cm\n    FM move 4cm turn 2cm move 3cm\n"), "ironclads Movement/Moving a ship",
                 Kind::Illegal);
    EXPECT_EQ(*f.recorded, "7cm");
}

TEST(IroncladsMovement, Collisions) {
    auto with = [&](int speed, const std::string& claim) {
        return game(std::string(kMove) + "    RdI move 8cm\n    FM speed " + std::to_string(speed) + " move 2cm collide RdI" + claim + "\n", "",
                    "setup FM speed " + std::to_string(speed) + "\n");
    };
    clean(with(3, " => prop 2 hull 1"));
    clean(with(6, " => prop 3 hull 1"));
    clean(with(9, " => prop 5 hull 2"));
    clean(with(9, ""));
    auto f = one(with(6, " => prop 2 hull 1"), "ironclads Movement/Collisions", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "prop 3 hull 1");
    // both stop, neither fires in the firing phase that follows
    std::string after = game(std::string(kMove) + "    RdI move 8cm\n    FM move 2cm collide RdI\n    FM card prop 10 hull 5 speeds 8,0\n"
                                                  "    RdI card prop 9 hull 5\n  phase firing\n    RdI fire port FM 30cm 7d6: 1 1 1 1 1 1 1 => miss\n");
    f = one(after, "ironclads Movement/Collisions", Kind::Illegal);
    EXPECT_EQ(f.message, "RdI collided this game turn and cannot fire in its firing phase");
    // struck before it moved: it stays stopped this game turn
    clean(game(std::string(kMove) + "    RdI move 2cm collide FM\n    FM move 0\n"));
    f = one(game(std::string(kMove) + "    RdI move 2cm collide FM\n    FM speed 1 move 1cm\n"), "ironclads Movement/Collisions",
            Kind::Illegal);
    EXPECT_EQ(f.message, "FM was stopped by a collision this game turn: it may move again in a later one");
    // a stopped ship cannot collide: what a stopped ship is, is a rule of the current speed
    f = one(game(std::string(kMove) + "    RdI speed 0 move 0 collide FM\n    FM move 8cm\n", "", "setup RdI speed 1\n"), "ironclads Movement/Speed",
            Kind::Illegal);
    EXPECT_EQ(f.message, "a stopped ship does not move, so it cannot collide");
}

// ---- firing, saves, damage -----------------------------------------------------------------

namespace {
const char* kFire = "turn 1\n  phase firing\n    segment gunfire\n";
}

TEST(IroncladsFiring, DiceAndRangeBands) {
    // 4 stats at armour 6: 2 dice; at 60 cm only 5s and 6s hit
    clean(game(std::string(kFire) + "      FM fire port RdI 60cm 2d6: 4 5 => 1H\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n"));
    auto f = one(game(std::string(kFire) + "      FM fire port RdI 60cm 2d6: 4 5 => 1C 1H\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n"),
                 "ironclads Firing/Resolving gunfire", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "1H");
    // at 25 to 50 cm a 4 is a critical hit; under 25 cm a 3 or 4
    clean(game(std::string(kFire) + "      FM fire port RdI 25cm 2d6: 4 3 => 1C\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n"));
    clean(game(std::string(kFire) + "      FM fire port RdI 24cm 2d6: 4 3 => 2C\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n"));
    f = one(game(std::string(kFire) + "      FM fire port RdI 40cm 3d6: 1 2 3 => miss\n"), "ironclads Firing/Resolving gunfire", Kind::WrongResult);
    EXPECT_EQ(f.message, "the salvo rolls 4 stats, halved for the target's 6 armour: 2");
    // a target with less than 3 armour stats: no halving
    clean(game(std::string(kFire) + "      FM fire port RdI 40cm 4d6: 1 2 3 1 => miss\n", "", "setup RdI armour 2\n"));
    f = one(game(std::string(kFire) + "      FM fire port RdI 101cm 2d6: 1 2 => miss\n"), "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "the maximum effective gun range is 100 cm");
    one(game(std::string(kFire) + "      FM fire port RdI 2d6: 1 2 => miss\n"), "ironclads Firing/Resolving gunfire", Kind::Inconsistent);
}

TEST(IroncladsFiring, OneSalvoPerArcOrTurret) {
    const std::string turrets = "ship M \"Monarch\" fwd 3 rear 2 fwd-turret 7 FPSR rear-turret 7 PSR armour 7 prop 15 hull 9\n";
    auto f = one(game(std::string(kFire) + "      FM fire port RdI 60cm 2d6: 1 2 => miss\n      FM fire port RdI 60cm 2d6: 1 2 => miss\n"),
                 "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "port has already fired this game turn (one salvo for each arc or turret)");
    // turrets together: one salvo of their stats added (14 at armour 6: 7 dice)
    clean(game(std::string(kFire) + "      M fire fwd-turret,rear-turret stbd RdI 60cm 7d6: 1 2 3 4 1 2 3 => miss\n", "",
               "side AUT\n" + turrets));
    one(game(std::string(kFire) + "      M fire fwd,rear RdI 60cm 3d6: 1 2 3 => miss\n", "", "side AUT\n" + turrets),
        "ironclads Firing/Resolving gunfire", Kind::Illegal);
    f = one(game(std::string(kFire) + "      M fire rear-turret fwd RdI 60cm 4d6: 1 2 3 4 => miss\n", "", "side AUT\n" + turrets),
            "ironclads Firing/Arcs", Kind::Illegal);
    EXPECT_EQ(f.message, "rear-turret cannot fire into that arc (agreed: PSR)");
    one(game(std::string(kFire) + "      FM fire fwd RdI 60cm 1d6: 1 => miss\n"), "ironclads Firing/Resolving gunfire", Kind::Illegal);
}

TEST(IroncladsFiring, ArmourSaves) {
    auto salvo = [&](const std::string& range, const std::string& save, const std::string& tags = "") {
        return game(std::string(kFire) + "      RdI fire port FM " + range + " 7d6: 5 6 1 1 1 1 1 => 2H\n      FM save " + save + "\n", tags);
    };
    clean(salvo("60cm", "6d6: 3 1 1 1 1 1 => 1"));   // over 50 cm: 3 to 6 saves
    clean(salvo("40cm", "6d6: 4 5 1 1 1 1 => 1"));   // 25 to 50 cm: 5 or 6
    clean(salvo("20cm", "6d6: 5 6 1 1 1 1 => 1"));   // under 25 cm: 6
    clean(salvo("60cm", "6d6: 3 4 5 6 1 1 => 2"));   // no more saved than the hits taken
    auto f = one(salvo("40cm", "6d6: 4 5 1 1 1 1 => 2"), "ironclads Firing/Armour saves", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "1");
    f = one(salvo("40cm", "5d6: 4 5 1 1 1 => 1"), "ironclads Firing/Armour saves", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "6d6");
    // the Quick Reference reading: no band at exactly 50 cm
    auto qr = problems(salvo("50cm", "6d6: 5 1 1 1 1 1 => 1", "[Options \"save-bands=quick-reference\"]\n"));
    EXPECT_TRUE(qr.empty()) << describe(qr);
    // no save recorded for a salvo that hit
    f = one(game(std::string(kFire) + "      RdI fire port FM 60cm 7d6: 5 6 1 1 1 1 1 => 2H\n    segment damage\n      FM hit hull\n"
                                      "      FM hit hull\n      FM problems 2d6: 3 3 = 6 => none\n"),
            "ironclads Firing/Armour saves", Kind::Inconsistent);
    EXPECT_NE(f.message.find("no armour save is recorded"), std::string::npos);
    one(game(std::string(kFire) + "      FM save 6d6: 1 1 1 1 1 1 => 0\n"), "ironclads Firing/Armour saves", Kind::Illegal);
}

// The words of a movement line, a salvo, its hits and a save are read in any case, as the
// lower-case ones are; a wrong claim in capitals is still wrong.
TEST(IroncladsWords, MovementAndFiringWordsInAnyCase) {
    clean(game(std::string(kMove) + "    RdI SPEED 9 Move 90MM\n    FM MOVE 8Cm Turn 2cm\n", "", "setup RdI prop 9\n"));
    clean(game(std::string(kFire) + "      FM fire port RdI 60CM 2d6: 4 5 => 1h\n      RdI save 6d6: 1 1 1 1 1 2 => NONE\n"));
    clean(game(std::string(kFire) + "      FM fire port RdI 24cm 2d6: 4 3 => 2c\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n"));
    clean(game(std::string(kFire) + "      FM fire port RdI 40cm 2d6: 1 2 => MISS\n"));
    clean(game(std::string(kFire) + "      RdI fire port FM 40cm on port 7d6: 4 5 6 1 1 1 1 => 1C,2h\n"
               "      FM save 6d6: 5 1 1 1 1 1 => 1 SAVED h\n"));
    auto f = one(game(std::string(kFire) + "      FM fire port RdI 60CM 2d6: 4 5 => 1C 1h\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n"),
                 "ironclads Firing/Resolving gunfire", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "1H");
}

namespace {
// RdI's salvo scores 1C 2H on FM at 40 cm; FM saves one hit (an H).
std::string damage(const std::string& lines, const std::string& tags = "", const std::string& more = "") {
    return game(std::string(kFire) +
                    "      RdI fire port FM 40cm on port 7d6: 4 5 6 1 1 1 1 => 1C 2H\n      FM save 6d6: 5 1 1 1 1 1 => 1 saved H\n"
                    "    segment damage\n" +
                    lines,
                tags, more);
}
}  // namespace

TEST(IroncladsDamage, CriticalsFirstThenHitsThenProblems) {
    clean(damage("      FM crit prop d6: 3 => 2\n      FM hit port\n      FM problems 2d6: 3 4 = 7 => none\n"));
    auto f = one(damage("      FM hit port\n      FM crit prop d6: 3 => 2\n      FM problems 2d6: 3 4 = 7 => none\n"),
                 "ironclads Damage resolution", Kind::Illegal);
    EXPECT_EQ(f.message, "unsaved critical hits are resolved first: 1 remains");
    f = one(damage("      FM crit prop d6: 3 => 3\n      FM hit port\n      FM problems 2d6: 3 4 = 7 => none\n"),
            "ironclads Damage resolution/Critical hits", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "2");
    // what cannot be crossed off is a miss
    clean(damage("      FM crit fwd d6: 6 => 0\n      FM hit port\n      FM problems 2d6: 3 4 = 7 => none\n"));
    f = one(damage("      FM crit prop d6: 3 => 2\n  phase end\n"), "ironclads Damage resolution", Kind::Illegal);
    EXPECT_NE(f.message.find("unsaved hits left unresolved"), std::string::npos);
    f = one(damage("      FM crit prop d6: 3 => 2\n      FM hit port\n  phase end\n"), "ironclads Damage resolution/Problems", Kind::Illegal);
    f = one(damage("      FM crit prop d6: 3 => 2\n      FM problems 2d6: 3 4 = 7 => none\n      FM hit port\n"),
            "ironclads Damage resolution/Problems", Kind::Illegal);
    EXPECT_EQ(f.message, "problems are rolled when all of the ship's hits are resolved");
    one(damage("      FM crit prop d6: 3 => 2\n      FM hit port\n      FM problems 2d6: 3 4 = 7 => none\n      RdI problems 2d6: 1 1 = 2 => steering\n"),
        "ironclads Damage resolution/Problems", Kind::Illegal);
}

TEST(IroncladsDamage, GunStatsFromTheArcFiredUponFirst) {
    const std::string head = "      FM crit prop d6: 3 => 2\n";
    clean(damage(head + "      FM hit port\n      FM problems 2d6: 3 4 = 7 => none\n"));
    clean(damage(head + "      FM hit hull\n      FM problems 2d6: 3 4 = 7 => none\n"));
    auto f = one(damage(head + "      FM hit stbd\n      FM problems 2d6: 3 4 = 7 => none\n"), "ironclads Damage resolution/Hits",
                 Kind::Illegal);
    EXPECT_EQ(*f.expected, "port");
    // once the arc fired upon is empty, any other
    clean(damage(head + "      FM hit stbd\n      FM problems 2d6: 3 4 = 7 => none\n", "", "setup FM port 0\n"));
    one(damage(head + "      FM hit fwd\n      FM problems 2d6: 3 4 = 7 => none\n"), "ironclads Damage resolution/Hits", Kind::Illegal);
}

TEST(IroncladsDamage, TheProblemsTable) {
    auto roll = [&](const std::string& dice, const std::string& claim, const std::string& tags = "", const std::string& more = "") {
        return damage("      FM crit prop d6: 3 => 2\n      FM hit hull\n      FM problems " + dice + " => " + claim + "\n", tags, more);
    };
    clean(roll("2d6: 1 1", "steering"));
    clean(roll("2d6: 1 2", "smokestack"));
    clean(roll("2d6: 2 2", "none"));
    auto f = one(roll("2d6: 2 2", "smokestack"), "ironclads Damage resolution/Problems", Kind::WrongResult);
    EXPECT_NE(f.message.find("smokestack=quick-reference"), std::string::npos);
    clean(roll("2d6: 2 2", "smokestack", "[Options \"smokestack=quick-reference\"]\n"));
    clean(roll("2d6: 5 4", "none"));  // armour 6: no fire
    one(roll("2d6: 5 4 d6: 3", "fire 2"), "ironclads Damage resolution/Problems", Kind::WrongResult);
    // with less than 3 armour stats left a 9 or 10 starts a fire for 1D3 game turns
    auto tinclad = [&](const std::string& claim) {
        return game(std::string(kFire) + "      RdI fire port FM 40cm on port 14d6: 5 1 1 1 1 1 1 1 1 1 1 1 1 1 => 1H\n"
                                         "      FM save 2d6: 1 1 => 0\n    segment damage\n      FM hit hull\n"
                                         "      FM problems 2d6: 5 4 d6: 3 => " + claim + "\n",
                    "", "setup FM armour 2\n");
    };
    clean(tinclad("fire 2"));
    f = one(tinclad("fire 3"), "ironclads Damage resolution/Problems", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "2");
    one(tinclad("none"), "ironclads Damage resolution/Problems", Kind::WrongResult);
    clean(roll("2d6: 6 5", "bridge"));
    one(roll("2d6: 6 6", "none"), "ironclads Damage resolution/Problems", Kind::WrongResult);
}

TEST(IroncladsDamage, TheProblemsLast) {
    // steering: 4 cm at most; twice: no turn
    auto next = [&](const std::string& setup, const std::string& rdi) {
        return game(std::string(kMove) + "    RdI " + rdi + "\n    FM move 8cm\n", "", setup);
    };
    clean(next("setup RdI steering 1\n", "move 8cm turn 4cm"));
    auto f = one(next("setup RdI steering 1\n", "move 8cm turn 5cm"), "ironclads Damage resolution/Problems", Kind::Illegal);
    EXPECT_EQ(*f.expected, "at most 4cm");
    one(next("setup RdI steering 2\n", "move 8cm turn 1cm"), "ironclads Damage resolution/Problems", Kind::Illegal);
    // smokestack: 6 at most, coming down by two
    clean(next("setup RdI smokestack\n", "speed 6 move 6cm"));
    // at 6, up to 7: the cap the smokestacks set is a rule of the Problems
    one(next("setup RdI smokestack speed 6\n", "speed 7 move 7cm"), "ironclads Damage resolution/Problems", Kind::Illegal);
    one(next("setup RdI smokestack\n", "speed 7 move 7cm"), "ironclads Movement/Speed", Kind::Illegal);
    // bridge: no speed change and no turn in the next game turn
    clean(next("setup RdI bridge\n", "move 8cm"));
    one(next("setup RdI bridge\n", "speed 7 move 7cm"), "ironclads Damage resolution/Problems", Kind::Illegal);
    one(next("setup RdI bridge\n", "move 8cm turn 1cm"), "ironclads Damage resolution/Problems", Kind::Illegal);
    clean(game(std::string(kMove) + "    RdI speed 7 move 7cm\n    FM move 8cm\n", "[Options \"bridge=quick-reference\"]\n", "setup RdI bridge\n"));
    one(game(std::string(kMove) + "    RdI speed 7 move 7cm turn 1cm\n    FM move 8cm\n", "[Options \"bridge=quick-reference\"]\n",
             "setup RdI bridge\n"),
        "ironclads Damage resolution/Problems", Kind::Illegal);
    // fire: salvos halved (14 stats at armour 6: 7 dice, halved for the fire: 4)
    clean(game(std::string(kFire) + "      RdI fire port FM 60cm 4d6: 1 1 1 1 => miss\n", "", "setup RdI fire 1\n"));
    // (the halving is a rule of the Problems: a salvo that leaves out only it cites them)
    one(game(std::string(kFire) + "      RdI fire port FM 60cm 7d6: 1 1 1 1 1 1 1 => miss\n", "", "setup RdI fire 1\n"),
        "ironclads Damage resolution/Problems", Kind::WrongResult);
    one(game(std::string(kFire) + "      RdI fire port FM 60cm 5d6: 1 1 1 1 1 => miss\n", "", "setup RdI fire 1\n"),
        "ironclads Firing/Resolving gunfire", Kind::WrongResult);
}

// ---- the end phase -------------------------------------------------------------------------

TEST(IroncladsEnd, SinkingAndTheEndOfTheGame) {
    auto end = [&](const std::string& lines, const std::string& setup, const std::string& result = "*") {
        return game("turn 1\n  phase end\n" + lines, "[Result \"" + result + "\"]\n", setup);
    };
    clean(end("    RdI sinks\n", "setup RdI hull 0\n", "AUT"));
    auto f = one(end("    RdI sinks\n", ""), "ironclads End phase/Ships sunk", Kind::Illegal);
    EXPECT_EQ(*f.expected, "hull 0");
    f = one(end("    AUT continue\n", "setup RdI hull 0\n", "AUT"), "ironclads End phase/Ships sunk", Kind::Inconsistent);
    EXPECT_EQ(f.severity, Severity::Warning);
    f = one(end("    RdI sinks\n", "setup RdI hull 0\n", "ITA"), "ironclads End phase/Ending the game", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "AUT");
    clean(end("    RdI sinks\n    FM sinks\n", "setup RdI hull 0\nsetup FM hull 0\n", "both-lost"));
    f = one(game("turn 1\n  phase end\n    RdI sinks\nturn 2\n", "", "setup RdI hull 0\n"), "ironclads End phase/Ending the game", Kind::Illegal);
    EXPECT_EQ(f.message, "the game ended with turn 1: a side had no ships left on the table");
    one(game("turn 1\n  phase end\n    RdI sinks\n  phase end\n", "", "setup RdI hull 0\n"), "ironclads Sequence of play", Kind::Illegal);
}

TEST(IroncladsFormations, Squadrons) {
    const std::string ships =
        "side AUT\nship A1 \"A1\" broadside 2 armour 3 prop 10 hull 2\nship A2 \"A2\" broadside 2 armour 3 prop 10 hull 2\n"
        "ship A3 \"A3\" broadside 2 armour 3 prop 10 hull 2\nship A4 \"A4\" broadside 2 armour 3 prop 10 hull 2\n";
    clean(game("", "[Rules \"formations\"]\n", ships + "squadron S1 FM,A1,A2,A3\n"));
    auto f = one(game("", "[Rules \"formations\"]\n", ships + "squadron S1 FM,A1,A2,A3,A4\n"), "ironclads Appendix D Formations",
                 Kind::Illegal);
    EXPECT_EQ(*f.expected, "1 to 4 ships");
    one(game("", "[Rules \"formations\"]\n", ships + "squadron S1 FM,RdI\n"), "ironclads Appendix D Formations", Kind::Illegal);
    clean(game(std::string(kMove) + "    RdI move 8cm\n    FM breaks-off\n    FM move 8cm\n", "[Rules \"formations\"]\n",
               ships + "squadron S1 FM,A1\n"));
    one(game(std::string(kMove) + "    RdI move 8cm\n    FM move 8cm\n    FM breaks-off\n", "[Rules \"formations\"]\n",
             ships + "squadron S1 FM,A1\n"),
        "ironclads Appendix D Formations", Kind::Illegal);
    one(game(std::string(kMove) + "    RdI move 8cm\n    FM breaks-off\n    FM move 8cm\n", "", ships + "squadron S1 FM,A1\n"),
        "ironclads Appendix D Formations", Kind::Illegal);
}

TEST(IroncladsVocabulary, UnknownActionsAndMisplacedOnes) {
    auto f = one(game(std::string(kMove) + "    RdI sail 8cm\n"), "ngn 5.3 Events", Kind::Inconsistent);
    EXPECT_NE(f.message.find("'sail' is not an action of ironclads"), std::string::npos);
    f = one(game("turn 1\n  phase end\n    FM fire port RdI 60cm 2d6: 1 1 => miss\n"), "ironclads Firing", Kind::Illegal);
    EXPECT_EQ(f.message, "'fire' belongs in phase firing, not in phase end");
    one(game("turn 1\n  phase firing\n    segment damage\n      FM fire port RdI 60cm 2d6: 1 1 => miss\n"), "ironclads Firing", Kind::Illegal);
}

// ---- the sample game, and copies of it with one mistake each ---------------------------------

TEST(IroncladsSample, EachSeededMistakeGivesOneFinding) {
    const std::string sample = read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    clean(sample);
    expect_each_mistake_once(sample, {
        {"ITA roll d6: 2 => calm", "ITA roll d6: 2 => rough", "ironclads Sea state", Kind::WrongResult},
        {"ITA roll d6: 2 => calm", "ITA roll 2d6: 2 1 => calm", "ironclads Sea state", Kind::Inconsistent},
        {"ITA roll d6: 2 => ITA ;", "ITA roll d6: 2 => AUT ;", "ironclads Initiative", Kind::WrongResult},
        {"    FM speed 10 move 10cm => (30, 20, 90)\n    RdI speed 11 move 11cm => (109, 60, 270)\n",
         "    RdI speed 11 move 11cm => (109, 60, 270)\n    FM speed 10 move 10cm => (30, 20, 90)\n", "ironclads Movement", Kind::Illegal},
        {"RdP move 12cm => (88, 60, 270)", "RdP speed 14 move 14cm => (86, 60, 270)", "ironclads Movement/Speed", Kind::Illegal},
        {"RdP speed 12 move 12cm => (112, 60, 270)", "RdP speed 12 move 13cm => (112, 60, 270)", "ironclads Movement/Moving a ship", Kind::Illegal},
        {"FM fire port RdI 48cm on port 2d6: 4 6 => 1C 1H", "FM fire port RdI 48cm on port 3d6: 4 6 1 => 1C 1H",
         "ironclads Firing/Resolving gunfire", Kind::WrongResult},
        {"HB fire port RdP 70cm on port 2d6: 3 5 => 1H", "HB fire port RdP 70cm on port 2d6: 3 5 => miss", "ironclads Firing/Resolving gunfire",
         Kind::WrongResult},
        {"HB save 6d6: 3 1 1 2 1 2 => 1", "HB save 6d6: 3 1 1 2 1 2 => 0", "ironclads Firing/Armour saves", Kind::WrongResult},
        {"      RdP save 6d6: 1 2 1 2 4 1 => 1\n", "", "ironclads Firing/Armour saves", Kind::Inconsistent},
        {"FM crit port d6: 3 => 2", "FM crit port d6: 5 => 2", "ironclads Damage resolution/Critical hits", Kind::WrongResult},
        {"FM hit port => port 1", "FM hit stbd => stbd 3", "ironclads Damage resolution/Hits", Kind::Illegal},
        {"HB problems 2d6: 1 2 = 3 => smokestack", "HB problems 2d6: 1 2 = 3 => none", "ironclads Damage resolution/Problems", Kind::WrongResult},
        {"RdI speed 10 move 10cm => (75, 60, 270)", "RdI speed 11 move 11cm => (74, 60, 270)", "ironclads Movement/Speed", Kind::Illegal},
        {"FM move 12cm => (65, 20, 90) ;", "FM move 12cm turn 2cm => (65, 20, 90) ;", "ironclads Damage resolution/Problems", Kind::Illegal},
        {"      AUT ends\n", "      RdP sinks\n      AUT ends\n", "ironclads End phase/Ships sunk", Kind::Illegal},
        {"HB fire port RdP 54cm on port 2d6: 2 2 => miss", "HB fire port RdP 54cm on port 2d6: 2 7 => miss", "ngn 5.4 Dice", Kind::Inconsistent},
        {"      HB problems 2d6: 3 3 = 6 => none\n", "      HB problems 2d6: 3 3 = 6 => none\n      RdI problems 2d6: 3 3 = 6 => none\n",
         "ironclads Damage resolution/Problems", Kind::Illegal},
        {"  phase firing\n  phase end\n    AUT continue\n    ITA continue\n\nturn 2",
         "  phase end\n    AUT continue\n    ITA continue\n  phase firing\n\nturn 2", "ironclads Sequence of play", Kind::Illegal},
        {"FM problems 2d6: 6 5 = 11 => bridge", "FM problems 2d6: 6 5 = 10 => bridge", "ngn 5.4 Dice", Kind::WrongResult},
    }, "games");
}

// Random edits of the sample game: whatever the record says, checking it never crashes, throws
// or hangs (run under the sanitizers in the sanitizer build).
TEST(IroncladsRobustness, RandomEditsOfTheSample) {
    expect_random_edits_never_throw(read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn"), 600, 20261121, "games");
}

// A recorded range that the rules or the positions refuse is one finding; the salvo's hits and
// its save are then read at a range the players could have fired at, not at the wrong one.
TEST(IroncladsFiring, AWrongRangeIsOneFinding) {
    // centres 30 cm apart, bases 6 x 1.5 cm: a range of 23.8 to 30 cm fits
    const std::string placed = "setup FM at (40, 30, 90) base 6x1.5\nsetup RdI at (40, 60, 270) base 6x1.5\n";
    auto salvo = [](const std::string& range, const std::string& hits, const std::string& save) {
        return std::string(kFire) + "      FM fire port RdI " + range + " 2d6: 4 5 => " + hits + "\n      RdI save 6d6: 4 4 3 3 1 1 => " +
               save + "\n";
    };
    // at 28 cm a 4 is a critical hit and the save needs a 5: none saved
    clean(game(salvo("28cm", "1C 1H", "0"), "", placed));
    // 60 cm written, played at 25 to 50 cm (the claimed hits and the save say so): the range alone
    auto f = one(game(salvo("60cm", "1C 1H", "0"), "", placed), "ironclads Firing/Resolving gunfire", Kind::Inconsistent);
    EXPECT_EQ(f.message, "the recorded range does not fit the positions: the ships' centres are 30 cm apart");
    EXPECT_EQ(*f.expected, "23.8 to 30cm");
    EXPECT_EQ(*f.recorded, "60cm");
    // past 100 cm but 30 cm by the positions: a slip of the pen, not a salvo out of range
    f = one(game(salvo("300cm", "1C 1H", "0"), "", placed), "ironclads Firing/Resolving gunfire", Kind::Inconsistent);
    EXPECT_EQ(*f.recorded, "300cm");
    // with no positions, past 100 cm: out of range, and hits any band gives are not counted again
    f = one(game(salvo("300cm", "1C 1H", "0")), "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "the maximum effective gun range is 100 cm");
    // hits that no band gives are a mistake of their own, read at the nearest range (100 cm)
    auto all = problems(game(salvo("300cm", "2H", "2")));
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].rule.text(), "ironclads Firing/Resolving gunfire");
    EXPECT_EQ(all[1].rule.text(), "ironclads Firing/Resolving gunfire");
    EXPECT_EQ(*all[1].expected, "1H");
    // ships 150 cm apart: the salvo is out of range whatever was written
    const std::string far = "setup FM at (40, 30, 90)\nsetup RdI at (40, 180, 270)\n";
    f = one(game(salvo("150cm", "1H", "1"), "", far), "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "the maximum effective gun range is 100 cm");
    f = one(game(salvo("300cm", "1H", "1"), "", far), "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "the maximum effective gun range is 100 cm");
    // a wrong save is still found after a wrong range: played at 25 to 50 cm, a 4 saves nothing
    auto wrong_save = problems(game(salvo("60cm", "1C 1H", "2"), "", placed));
    ASSERT_EQ(wrong_save.size(), 2u);
    EXPECT_EQ(wrong_save[1].rule.text(), "ironclads Firing/Armour saves");
}

// Hits claimed wrong, then saved as the players had them: the claim is the one finding.
TEST(IroncladsFiring, ASaveOfTheHitsAsClaimedIsNoSecondFinding) {
    auto salvo = [](const std::string& hits, const std::string& save) {
        return std::string(kFire) + "      FM fire port RdI 60cm 2d6: 5 6 => " + hits + "\n      RdI save 6d6: 4 4 3 3 1 1 => " + save + "\n";
    };
    clean(game(salvo("2H", "2")));
    auto f = one(game(salvo("1H", "1")), "ironclads Firing/Resolving gunfire", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "2H");
    // a save that fits neither the dice's hits (2) nor the claimed ones (1) is still wrong
    auto all = problems(game(salvo("1H", "0")));
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[1].rule.text(), "ironclads Firing/Armour saves");
    EXPECT_EQ(*all[1].expected, "2");
}

TEST(IroncladsFiring, ZoneOfFireAndTurretArcsFromPositions) {
    // FM and RdI face each other across 30 cm, broadside on; bases 6 x 1.5 cm
    const std::string placed = "setup FM at (40, 30, 90) base 6x1.5\nsetup RdI at (40, 60, 270) base 6x1.5\n";
    const std::string salvo = std::string(kFire) + "      FM fire port RdI 28cm 2d6: 1 1 => miss\n";
    const std::string third = "side AUT\nship KM \"Kaiser Max\" port 7 stbd 7 armour 5 prop 12 hull 4\n";
    clean(game(salvo, "", placed));
    clean(game(salvo, "", third + placed + "setup KM at (80, 45, 90)\n"));  // well clear of the zone
    auto f = one(game(salvo, "", third + placed + "setup KM at (41, 45, 0)\n"), "ironclads Firing/Zone of Fire", Kind::Illegal);
    EXPECT_EQ(f.message, "the Zone of Fire is not clear: KM lies between FM and RdI");
    clean(game(salvo, "", third + placed + "setup KM at (41, 45, 0)\nsetup KM at (200, 45, 0)\n"));
    // turret arcs: the base's diagonals extended; a broadside arc takes a target wholly in it
    const std::string monarch = "side AUT\nship M \"Monarch\" fwd 3 rear 2 fwd-turret 7 FPSR rear-turret 7 PSR armour 7 prop 15 hull 9\n";
    const std::string m_at = "setup M at (40, 30, 90) base 8x2\nsetup RdI at (40, 60, 270) base 6x1.5\n";
    clean(game(std::string(kFire) + "      M fire fwd-turret port RdI 28cm 4d6: 1 1 1 1 => miss\n", "", monarch + m_at));
    f = one(game(std::string(kFire) + "      M fire fwd-turret stbd RdI 28cm 4d6: 1 1 1 1 => miss\n", "", monarch + m_at),
            "ironclads Firing/Arcs", Kind::Illegal);
    EXPECT_NE(f.message.find("RdI is not in M's turret arc S"), std::string::npos);
    one(game(std::string(kFire) + "      M fire fwd-turret fwd RdI 28cm 4d6: 1 1 1 1 => miss\n", "", monarch + m_at), "ironclads Firing/Arcs",
        Kind::Illegal);
    // dead ahead, partly in the bow arc: allowed
    clean(game(std::string(kFire) + "      M fire fwd-turret fwd RdI 28cm 4d6: 1 1 1 1 => miss\n", "",
               monarch + "setup M at (40, 30, 90) base 8x2\nsetup RdI at (75, 31, 0) base 6x1.5\n"));
}

// ---- one mistake, one finding ------------------------------------------------------------------

// A salvo of 4 hits on FM, no save, four hits on the hull and the problems roll: each single
// mistake below (a wrong count, a line left out, a line that cannot be read) is one finding,
// with its citation, and the lines after it are not flagged.
TEST(IroncladsOneMistake, EachIsOneFinding) {
    const std::string salvo = "      RdI fire port FM 60cm 7d6: 5 6 5 6 1 1 1 => 4H\n";
    const std::string save = "      FM save 6d6: 1 1 1 1 1 2 => 0\n";
    const std::string hits = "      FM hit hull => hull 5\n      FM hit hull => hull 4\n      FM hit hull => hull 3\n      FM hit hull => hull 2\n";
    const std::string problems = "      FM problems 2d6: 3 5 = 8 => none\n";
    auto record = [&](const std::string& a, const std::string& b, const std::string& c, const std::string& d) {
        return game(std::string(kFire) + a + b + "    segment damage\n" + c + d + "  phase end\n");
    };
    clean(record(salvo, save, hits, problems));
    auto replace = [](std::string s, const std::string& from, const std::string& to) { return s.replace(s.find(from), from.size(), to); };
    // a wrong count, then the rules' count again: the slip is the one finding
    auto f = one(record(salvo, save, replace(hits, "hull 4", "hull 3"), problems), "ironclads Damage resolution/Hits", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "4");
    // a hit left out: where the card first shows it
    f = one(record(salvo, save, replace(hits, "      FM hit hull => hull 5\n", ""), problems), "ironclads Damage resolution/Hits",
            Kind::WrongResult);
    EXPECT_EQ(*f.expected, "5");
    EXPECT_EQ(*f.recorded, "4");
    // the salvo left out: its save is the one finding, and its hits stand as played
    one(record("", save, hits, problems), "ironclads Firing/Armour saves", Kind::Illegal);
    // the save left out
    one(record(salvo, "", hits, problems), "ironclads Firing/Armour saves", Kind::Inconsistent);
    // the problems roll left out
    one(record(salvo, save, hits, ""), "ironclads Damage resolution/Problems", Kind::Illegal);
    // lines that cannot be read: an unknown action, a salvo's verb misspelt, a stat misspelt
    one(record(salvo, save, replace(hits, "FM hit hull => hull 4", "FM hti hull => hull 4"), problems), "ngn 5.3 Events", Kind::Inconsistent);
    one(record(replace(salvo, "fire", "fier"), save, hits, problems), "ngn 5.3 Events", Kind::Inconsistent);
    one(record(salvo, save, replace(hits, "FM hit hull => hull 4", "FM hit hul => hull 4"), problems), "ngn 5.3 Events", Kind::Inconsistent);
    // a hit's claim naming another stat than the hit is read as nothing: it is flagged
    one(record(salvo, save, replace(hits, "FM hit hull => hull 4", "FM hit hull => prop 4"), problems), "ngn 5.3 Events", Kind::Inconsistent);
}

// A speed written beside a move of another distance: the illegal one of the two is the finding.
TEST(IroncladsOneMistake, ASpeedAndItsMove) {
    // FM at 8: up by two is illegal, and its 9 cm move shows the legal 9 it sailed
    auto f = one(game(std::string(kMove) + "    RdI speed 8 move 8cm\n    FM speed 10 move 9cm\n"), "ironclads Movement/Speed", Kind::Illegal);
    EXPECT_EQ(*f.recorded, "10");
    // a legal speed and a move of another distance: the move is the finding
    one(game(std::string(kMove) + "    RdI speed 8 move 8cm\n    FM speed 9 move 7cm\n"), "ironclads Movement/Moving a ship", Kind::Illegal);
    // and the next turn's change may follow the speed the move showed (7, then 6)
    one(game(std::string(kMove) + "    RdI speed 8 move 8cm\n    FM speed 9 move 7cm\n"
             "turn 2\n  phase initiative\n    AUT roll d6: 1\n    ITA roll d6: 2 => AUT\n  phase movement\n"
             "    RdI speed 8 move 8cm\n    FM speed 6 move 6cm\n"),
        "ironclads Movement/Moving a ship", Kind::Illegal);
}

// Three mistakes that once gave a cascade (issue 17): each is one finding, the lines after it
// read as played, the rules' value kept beside (the "as played" kit).
TEST(IroncladsOneMistake, AFireACollisionAndASinkingClaimedWrong) {
    // a fire claimed where the problems roll gives none: the later salvo at full dice, as the
    // rules have it, is no second finding; nor one halved, as the players had it
    const std::string sample = read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    auto replace = [](std::string s, const std::string& from, const std::string& to) { return s.replace(s.find(from), from.size(), to); };
    const std::string fire = replace(sample, "RdI problems 2d6: 4 3 = 7 => none", "RdI problems 2d6: 4 3 = 7 d6: 3 => fire 2");
    auto f = one(fire, "ironclads Damage resolution/Problems", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "none");
    one(replace(fire, "RdI fire port FM 38cm on port 7d6: 6 6 5 4 1 2 3 => 1C 3H", "RdI fire port FM 38cm on port 4d6: 6 6 5 4 => 1C 3H"),
        "ironclads Damage resolution/Problems", Kind::WrongResult);
    // a collision's losses claimed wrong: cards showing the rules' losses are no second finding
    const std::string collision = std::string(kMove) + "    RdI move 8cm\n    FM speed 6 move 2cm collide RdI => prop 2 hull 1\n";
    f = one(game(collision + "    FM card prop 10 hull 5\n    RdI card prop 9 hull 5\n", "", "setup FM speed 6\n"),
            "ironclads Movement/Collisions", Kind::WrongResult);
    EXPECT_EQ(*f.expected, "prop 3 hull 1");
    one(game(collision + "    FM card prop 11 hull 5\n    RdI card prop 10 hull 5\n", "", "setup FM speed 6\n"), "ironclads Movement/Collisions",
        Kind::WrongResult);
    // a ship at 0 hull the record does not remove, which then moves: the one finding is that it
    // sank, at its move; the order of moves it takes part in follows from it
    f = one(game("turn 1\n  phase end\n    AUT continue\n    ITA continue\nturn 2\n  phase initiative\n    AUT roll d6: 2\n"
                 "    ITA roll d6: 5 => AUT\n  phase movement\n    RdI move 8cm\n    FM move 8cm\n",
                 "", "setup RdI hull 0\n"),
            "ironclads End phase/Ships sunk", Kind::Illegal);
    EXPECT_EQ(f.severity, ironlog::Severity::Error);
}

namespace {

// RdI loses its last hull stat in turn 1; the record never removes it, and it moves and fires
// in turn 2 (FM saves against it) and again in turn 3.
std::string sunk_ship_plays_on(const std::string& more_turns = "") {
    return game("turn 1\n  phase movement\n    RdI move 8cm\n    FM move 8cm\n  phase firing\n    segment gunfire\n"
                "      FM fire port RdI 60cm 2d6: 5 1 => 1H\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n    segment damage\n"
                "      RdI hit hull => hull 0\n      RdI problems 2d6: 3 5 = 8 => none\n  phase end\n    AUT continue\n    ITA continue\n"
                "turn 2\n  phase initiative\n    AUT roll d6: 2\n    ITA roll d6: 5 => AUT\n  phase movement\n    RdI move 8cm\n"
                "    FM move 8cm\n  phase firing\n    segment gunfire\n      RdI fire port FM 60cm 7d6: 5 6 1 1 1 1 1 => 2H\n"
                "      FM save 6d6: 1 1 1 1 1 1 => 0\n    segment damage\n      FM hit hull => hull 5\n      FM hit hull => hull 4\n"
                "      FM problems 2d6: 3 5 = 8 => none\n  phase end\n    AUT continue\n    ITA continue\n" + more_turns,
                "", "setup RdI hull 1\n");
}

}  // namespace

// Issue 39: a sunk ship the record keeps playing is one finding, at its first line after it sank,
// saying when and why; its later lines, and the target's save against its salvo, are excused.
TEST(IroncladsOneMistake, ASunkShipThatKeepsPlayingIsOneFinding) {
    const std::string text = sunk_ship_plays_on(
        "turn 3\n  phase initiative\n    AUT roll d6: 1\n    ITA roll d6: 4 => AUT\n  phase movement\n    RdI move 8cm\n"
        "    FM move 8cm\n  phase firing\n    segment gunfire\n      RdI fire stbd FM 60cm 7d6: 1 1 1 1 1 1 6 => 1H\n"
        "      FM save 6d6: 2 2 2 2 2 2 => 0\n    segment damage\n      FM hit hull => hull 3\n"
        "      FM problems 2d6: 3 5 = 8 => none\n");
    auto report = check(text);
    ASSERT_EQ(report.games.size(), 1u);
    const auto& g = report.games.front();
    ASSERT_EQ(g.findings.size(), 1u) << describe(g.findings);
    const Finding& f = g.findings.front();
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.rule.text(), "ironclads End phase/Ships sunk");
    EXPECT_EQ(f.pos.line, line_of(text, "RdI move 8cm\n    FM move 8cm\n  phase firing\n    segment gunfire\n      RdI fire"));
    EXPECT_EQ(f.message, "RdI sank at the end of turn 1 (line " + std::to_string(line_of(text, "RdI hit hull => hull 0")) +
                             "): a sunk ship takes no further part");
    // its fire, FM's saves against it, and its turn 3 are excused by that finding
    ASSERT_GE(g.excused.size(), 5u);
    for (const auto& x : g.excused) EXPECT_EQ(x.cause.line, f.pos.line) << x.what;
    EXPECT_TRUE(std::any_of(g.excused.begin(), g.excused.end(), [](const auto& x) {
        return x.what == "FM saves against the salvo of a ship out of play";
    }));
}

// The same when no line of the sunk ship follows: the record only leaves the sinking out (a
// warning at the turn after); and when another ship fires at it first, that salvo is the finding.
TEST(IroncladsOneMistake, ASunkShipLeftOnTheTable) {
    const std::string quiet = game("turn 1\n  phase end\n    AUT continue\n    ITA continue\nturn 2\n  phase initiative\n"
                                   "    AUT roll d6: 2\n    ITA roll d6: 5 => AUT\n  phase movement\n    FM move 8cm\n",
                                   "", "setup RdI hull 0\n");
    auto f = one(quiet, "ironclads End phase/Ships sunk", Kind::Inconsistent);
    EXPECT_EQ(f.severity, Severity::Warning);
    EXPECT_EQ(f.message, "RdI has no hull stats left and sank at the end of turn 1 (line " + std::to_string(line_of(quiet, "setup RdI hull 0")) +
                             "); the record does not say so");
    const std::string fired_at = game("turn 1\n  phase end\n    AUT continue\n    ITA continue\nturn 2\n  phase initiative\n"
                                      "    AUT roll d6: 2\n    ITA roll d6: 5 => AUT\n  phase movement\n    FM move 8cm\n"
                                      "  phase firing\n    segment gunfire\n      FM fire port RdI 60cm 2d6: 5 1 => 1H\n"
                                      "      RdI save 6d6: 1 1 1 1 1 2 => 0\n",
                                      "", "setup RdI hull 0\n");
    f = one(fired_at, "ironclads End phase/Ships sunk", Kind::Illegal);
    EXPECT_EQ(f.pos.line, line_of(fired_at, "FM fire port RdI"));
    EXPECT_EQ(f.message.rfind("FM fires at RdI, which sank at the end of turn 1 (line ", 0), 0u) << f.message;
}

// A ship the record removed (sunk, or off the table) that still acts: one finding at its first
// line, the later ones excused; a sinking the rules do not give, then more play: the sinking.
TEST(IroncladsOneMistake, AShipOutOfPlayThatActsIsOneFinding) {
    const std::string turn2 = "turn 2\n  phase initiative\n    AUT roll d6: 2\n    ITA roll d6: 5 => AUT\n  phase movement\n";
    const std::string turn3 = "turn 3\n  phase initiative\n    AUT roll d6: 2\n    ITA roll d6: 5 => AUT\n  phase movement\n";
    const std::string ends = "  phase end\n    AUT continue\n    ITA continue\n";
    const std::string moves = "    RdI move 8cm\n    FM move 8cm\n    RdP move 8cm\n";
    const std::string rdp = "ship RdP \"Re di Portogallo\" broadside 10 armour 5 prop 12 hull 5 speed 8\n";  // Italy plays on
    // sunk, and said so
    auto f = one(game("turn 1\n  phase end\n    RdI sinks\n    AUT continue\n    ITA continue\n" + turn2 + moves + ends + turn3 + moves, "",
                      rdp + "setup RdI hull 0\n"),
                 "ironclads End phase/Ships sunk", Kind::Illegal);
    EXPECT_NE(f.message.find("RdI sank in turn 1 (line "), std::string::npos) << f.message;
    // off the table
    f = one(game(std::string(kMove) + "    RdI move 8cm leaves\n    FM move 8cm\n    RdP move 8cm\n" + ends + turn2 + moves + ends + turn3 + moves,
                 "", rdp),
            "ironclads Movement/Moving a ship", Kind::Illegal);
    EXPECT_NE(f.message.find("RdI left the table in turn 1 (line "), std::string::npos) << f.message;
    EXPECT_NE(f.message.find(": a ship that has left the table takes no further part"), std::string::npos) << f.message;
    // Italy's last ship off the table: the game went on after it ended, the one finding
    one(game(std::string(kMove) + "    RdI move 8cm leaves\n    FM move 8cm\n" + ends + turn2 + "    RdI move 8cm\n    FM move 8cm\n"),
        "ironclads End phase/Ending the game", Kind::Illegal);
    // a sinking claimed with hull left, and the ship plays on: the claim was the slip
    f = one(game("turn 1\n  phase end\n    RdI sinks\n    AUT continue\n    ITA continue\n" + turn2 + "    RdI move 8cm\n    FM move 8cm\n"),
            "ironclads End phase/Ships sunk", Kind::Illegal);
    EXPECT_EQ(*f.expected, "hull 0");
}

// A salvo from guns the ship never had says so, not that none remain.
TEST(IroncladsFiring, AnArcWithNoGunsSaysSo) {
    auto f = one(game(std::string(kFire) + "      FM fire fwd RdI 60cm 2d6: 1 1 => miss\n"), "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "FM has no guns in fwd");
    f = one(game(std::string(kFire) + "      FM fire port RdI 60cm 2d6: 1 1 => miss\n", "", "setup FM port 0\n"),
            "ironclads Firing/Resolving gunfire", Kind::Illegal);
    EXPECT_EQ(f.message, "no gun stats remain in port");
}

// The lines the "as played" kit lets pass are kept aside, each with the finding it follows from
// (`ironlog check --excused` shows them): a slip of the pen in a hit's claim, then the rules' value.
TEST(IroncladsOneMistake, LaterLinesAreExcusedByTheirCause) {
    const std::string body = std::string(kFire) + "      RdI fire port FM 60cm 7d6: 5 6 5 6 1 1 1 => 4H\n      FM save 6d6: 1 1 1 1 1 2 => 0\n" +
                             "    segment damage\n      FM hit hull => hull 5\n      FM hit hull => hull 3\n      FM hit hull => hull 3\n" +
                             "      FM hit hull => hull 2\n      FM problems 2d6: 3 5 = 8 => none\n  phase end\n";
    const std::string text = game(body);
    auto report = check(text);
    ASSERT_EQ(report.games.size(), 1u);
    const auto& g = report.games.front();
    ASSERT_EQ(g.findings.size(), 1u) << describe(g.findings);
    const std::uint32_t slip = g.findings.front().pos.line;
    // the next line shows the rules' 3, and the last hit is the one the slip was counted for
    ASSERT_EQ(g.excused.size(), 2u);
    EXPECT_EQ(g.excused.front().cause.line, slip);
    EXPECT_EQ(g.excused.back().cause.line, slip);
    EXPECT_EQ(g.excused.back().what, "FM resolves a hit an earlier claim was counted for");
    EXPECT_EQ(g.excused.front().pos.line, slip + 1);
    EXPECT_EQ(g.excused.front().cause.rule.text(), "ironclads Damage resolution/Hits");
    EXPECT_NE(g.excused.front().what.find("shows the rules' 3"), std::string::npos) << g.excused.front().what;
    // a damage line that cannot be read: the hits after it are its, excused by it
    std::string unread = body;
    unread.replace(unread.find("hull 3"), 6, "hull 4");  // no slip
    unread.replace(unread.find("FM hit hull => hull 5"), 21, "FM hti hull => hull 5");
    auto r2 = check(game(unread));
    ASSERT_EQ(r2.games.front().findings.size(), 1u) << describe(r2.games.front().findings);
    const std::uint32_t not_read = r2.games.front().findings.front().pos.line;
    ASSERT_FALSE(r2.games.front().excused.empty());
    for (const auto& x : r2.games.front().excused) EXPECT_EQ(x.cause.line, not_read) << x.what;
}

// ---- generated play (issue 39) --------------------------------------------------------------

namespace {

// Checks generated games first .. first + count - 1 of a seed; the cases their lines were judged
// under are added to `cases` (when given); returns the games that gave any finding at all.
std::vector<std::string> generated_findings(std::uint64_t seed, int first, int count, std::map<std::string, std::size_t>* cases) {
    ironlog::CheckOptions options(ironlog::all_rulesets());
    options.base_dir = kSource / "fixtures";
    options.count_cases = cases != nullptr;
    std::vector<std::string> dirty;
    for (int i = first; i < first + count; ++i) {
        const std::string text = generate_game(seed, i);
        const auto report = ironlog::check_text("generated.ngn", text, options);
        for (const auto& g : report.games) {
            if (cases)
                for (const auto& [id, n] : g.cases) (*cases)[id] += n;
            if (!g.findings.empty() && dirty.size() < 3) dirty.push_back(describe(g.findings) + "\n" + text);
        }
        if (!report.findings.empty() && dirty.size() < 3) dirty.push_back(describe(report.findings));
    }
    return dirty;
}

// The coverage table's rows that a generator of legal games cannot reach, by their rule: the
// row itself says why ("not reached by generated play: ...").
bool unreachable_by_legal_play(const CoverageRow& row) { return row.status.find("not reached by generated play") != std::string::npos; }

}  // namespace

// Every case docs/rules/ironclads.md marks enforced is judged in 1,000 generated games (every
// option on each of its values, formations on and off), unless its row says generated play
// cannot reach it and why.
TEST(IroncladsGenerated, EveryEnforcedCaseIsReached) {
    std::map<std::string, std::size_t> cases;
    const auto dirty = generated_findings(20261201, 1, 1000, &cases);
    EXPECT_TRUE(dirty.empty()) << dirty.front();
    std::set<std::string> checked;
    for (const auto& row : coverage_rows("ironclads")) {
        if (!row.enforced() || unreachable_by_legal_play(row)) continue;
        const std::string id = ironlog::RuleRef{"ironclads", row.rule, ""}.id();
        if (!checked.insert(id).second) continue;
        EXPECT_GT(cases[id], 0u) << id << " (" << row.status << ") is never judged in 1,000 generated games";
    }
    EXPECT_GE(checked.size(), 20u);  // the table was read
}

// 10,000 generated legal games, over every option combination, give no finding at all (a
// tenth of them under the sanitizers: docs/testing.md).
TEST(IroncladsGenerated, TenThousandLegalGamesGiveNoFinding) {
    constexpr int games = scaled_for_sanitizers(10000, 1000);
    const auto dirty = generated_findings(7, 1, games, nullptr);
    EXPECT_TRUE(dirty.empty()) << dirty.size() << " games with findings, the first:\n" << dirty.front();
}

// Issue 39 (mutation counts): two words swapped in a line are one finding, saying what the line
// does not read as; a collision line left out is one finding, the struck ship's stop, its next
// speed and its card following from it; a critical hit left out is one finding.
TEST(IroncladsOneMistake, SwappedWordsAndLinesLeftOut) {
    // a movement line: the words out of order are its one finding
    auto f = one(game(std::string(kMove) + "    RdI speed 8 8cm move\n    FM move 8cm\n"), "ngn 5.3 Events", Kind::Inconsistent);
    EXPECT_NE(f.message.find("found 8cm"), std::string::npos) << f.message;
    one(game(std::string(kMove) + "    RdI speed move 8 8cm\n    FM move 8cm\n"), "ngn 5.3 Events", Kind::Inconsistent);
    // a salvo: 'on' before the range, or after its arc
    const std::string save = "      RdI save 6d6: 1 1 1 1 1 2 => 0\n";
    f = one(game(std::string(kFire) + "      FM fire port RdI on 60cm port 2d6: 5 1 => 1H\n" + save), "ironclads Damage resolution/Hits",
            Kind::Inconsistent);
    EXPECT_EQ(f.message, "'on' names the target's arc fired upon: on fwd, on port, on stbd or on rear");
    one(game(std::string(kFire) + "      FM fire port RdI 60cm port on 2d6: 5 1 => 1H\n" + save), "ngn 5.3 Events", Kind::Inconsistent);
    // a line whose action comes second reads as that action, out of order: said so
    f = one(game(std::string(kFire) + "      FM fire port RdI 60cm 2d6: 5 1 => 1H\n" + save + "    segment damage\n      RdI hull hit => hull 5\n"
                 "      RdI problems 2d6: 3 5 = 8 => none\n"),
            "ngn 5.3 Events", Kind::Inconsistent);
    EXPECT_EQ(f.message, "'hull' is not an action of ironclads; the action comes first: 'hit hull', not 'hull hit'");
    // a collision left out: RdI, struck after it moved, stops and loses 3 prop and 1 hull
    const std::string collision = "    FM speed 6 move 2cm collide RdI => prop 3 hull 1\n";
    const std::string turn2 = "turn 2\n  phase initiative\n    AUT roll d6: 1\n    ITA roll d6: 4 => AUT\n  phase movement\n"
                              "    RdI speed 1 move 1cm\n    FM speed 1 move 1cm\n    RdI card prop 9 hull 5\n";
    const std::string played = std::string(kMove) + "    RdI move 8cm\n" + collision + turn2;
    clean(game(played, "", "setup FM speed 6\n"));
    f = one(game(std::string(kMove) + "    RdI move 8cm\n" + turn2, "", "setup FM speed 6\n"), "ironclads Movement", Kind::Illegal);
    EXPECT_NE(f.message.find("FM was not moved"), std::string::npos) << f.message;
    // struck before it moved: its 'move 0' follows from the line left out
    const std::string first = std::string(kMove) + "    RdI speed 6 move 2cm collide FM => prop 3 hull 1\n    FM move 0cm\n  phase firing\n";
    clean(game(first, "", "setup RdI speed 6\n"));
    f = one(game(std::string(kMove) + "    FM move 0cm\n  phase firing\n", "", "setup RdI speed 6\n"), "ironclads Movement", Kind::Illegal);
    EXPECT_NE(f.message.find("RdI was not moved"), std::string::npos) << f.message;
    // a critical hit left out: the next one, which found fewer stats, is the one finding
    const std::string damage = std::string(kFire) + "      FM fire port RdI 30cm 2d6: 4 4 => 2C\n      RdI save 6d6: 1 1 1 1 1 1 => 0\n"
                               "    segment damage\n";
    const std::string crit1 = "      RdI crit hull d6: 3 => 2\n", crit2 = "      RdI crit hull d6: 3 => 1\n";
    const std::string after = "      RdI problems 2d6: 3 5 = 8 => none\n  phase end\n    RdI sinks\n";
    clean(game(damage + crit1 + crit2 + after, "", "setup RdI hull 3\nside ITA\nship RdP \"Re di Portogallo\" broadside 10 armour 5 prop 12 hull 5\n"));
    one(game(damage + crit2 + after, "", "setup RdI hull 3\nside ITA\nship RdP \"Re di Portogallo\" broadside 10 armour 5 prop 12 hull 5\n"),
        "ironclads Damage resolution/Critical hits", Kind::WrongResult);
}

// Issue 39: counts in messages agree with their nouns ("1 hit", not "1 hits").
TEST(IroncladsWords, CountsAgreeWithTheirNouns) {
    const std::string salvo = std::string(kFire) + "      FM fire port RdI 60cm 2d6: 5 1 => 1H\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n    segment damage\n";
    auto f = one(game(salvo + "      RdI problems 2d6: 3 5 = 8 => none\n      RdI hit hull => hull 5\n"), "ironclads Damage resolution/Problems",
                 Kind::Illegal);
    EXPECT_EQ(*f.expected, "1 hit resolved");
    const std::string tinclad = std::string(kFire) + "      FM fire port RdI 60cm 4d6: 5 1 1 1 => 1H\n      RdI save 2d6: 1 2 => 0\n    segment damage\n";
    f = one(game(tinclad + "      RdI hit hull => hull 5\n      RdI problems 2d6: 5 4 = 9 d6: 1 => fire 2\n", "", "setup RdI armour 2\n"),
            "ironclads Damage resolution/Problems", Kind::WrongResult);
    EXPECT_NE(f.message.find("is 1 game turn"), std::string::npos) << f.message;
    f = one(game(std::string(kFire) + "      FM fire port RdI 20cm 2d6: 4 1 => 1C\n      RdI save 6d6: 1 1 1 1 1 2 => 0\n    segment damage\n"
                 "      RdI crit hull d6: 6 => 3\n",
                 "", "setup RdI hull 1\n"),
            "ironclads Damage resolution/Critical hits", Kind::WrongResult);
    EXPECT_NE(f.message.find("hull has 1 stat left"), std::string::npos) << f.message;
    EXPECT_EQ(salvo_dice(SalvoReading{1, 0, false, false}, nullptr), 1);
    std::string working;
    salvo_dice(SalvoReading{1, 0, false, false}, &working);
    EXPECT_EQ(working, "1 stat");
}
