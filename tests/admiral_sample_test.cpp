// The admiral sample battle: it checks clean, and each mistake seeded in it, one a rule area, is
// one finding citing its rule (fixtures/errors/admiral-mistakes.ngn holds them all at once).
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace testing_util;
using ironlog::Kind;

namespace {
std::string sample() { return read_file(kSource / "fixtures/games/admiral-sample.ngn"); }
}  // namespace

TEST(AdmiralSample, TheSampleBattleChecksClean) { expect_clean(sample(), "games"); }

TEST(AdmiralSample, EachSeededMistakeIsOneFinding) {
    const std::vector<SeededMistake> mistakes = {
        // two D10 for one flagship
        {"Germany command d10: 1 => BIS -1", "Germany command 2d10: 1 5 => BIS -1", "admiral Playing Admiral/Choosing Flagships", Kind::Illegal},
        // the lower total claims the first hand
        {"Germany initiative d6: 4 -1(command) = 3\n    Britain initiative d6: 1 +1(command) = 2 => Germany", "Germany initiative d6: 4 -1(command) = 3\n    Britain initiative d6: 1 +1(command) = 2 => Britain", "admiral Playing Admiral/Tactical Phase", Kind::WrongResult},
        // two dice for the initiative
        {"Germany initiative d6: 3 -1(command) = 2", "Germany initiative 2d6: 3 1 -1(command) = 3", "admiral Playing Admiral/Tactical Phase", Kind::Illegal},
        // the command value left out
        {"Germany initiative d6: 3 -1(command) = 2", "Germany initiative d6: 3 +0(command) = 3", "admiral Playing Admiral/Tactical Phase", Kind::WrongResult},
        // a rotation of 25 degrees
        {"PE speed 21 move 11cm turn -22.5 move 10cm => (69.9, 129.8, 98.5)", "PE speed 21 move 11cm turn -25 move 10cm => (69.9, 129.8, 98.5)", "admiral Units Movement/Rotation", Kind::Illegal},
        // a rotation after 12 cm, Bismarck is 14 cm long
        {"BIS speed 22 move 14cm turn 22.5 move 8cm => (88.8, 110.4, 143.5)", "BIS speed 22 move 12cm turn 22.5 move 10cm => (88.8, 110.4, 143.5)", "admiral Units Movement/Rotation", Kind::Illegal},
        // a change of 12 knots, 10 allowed
        {"SCH speed 17 move 13cm turn 7.5 move 4cm", "SCH speed 8 move 13cm turn 7.5 move 4cm", "admiral Units Movement/Modifying the Speed", Kind::Illegal},
        // runs of 21 cm claimed to end 24 cm on
        {"MAO speed 24 move 7cm turn -3 move 17cm => (188.2, 60.1, 327)", "MAO speed 24 move 7cm turn -3 move 14cm => (188.2, 60.1, 327)", "admiral Units Movement/Speed and Moving", Kind::WrongResult},
        // a distance mismeasured
        {"HOOD fire primary bow BIS 81.4cm", "HOOD fire primary bow BIS 85cm", "admiral Game Elements/Ruler", Kind::WrongResult},
        // the wrong arc
        {"SCH fire primary port HOOD 95.6cm", "SCH fire primary starboard HOOD 95.6cm", "admiral General Principles/Units' Course", Kind::Illegal},
        // PoW's 22 knots give -2
        {"PE fire primary bow PoW 41cm d8: 5 +3(bow long) -2(target speed) = 6", "PE fire primary bow PoW 41cm d8: 5 +3(bow long) -1(target speed) = 7", "admiral Attack and Defence of Naval Units/Maluses to Attack Value", Kind::WrongResult},
        // a hit claimed, 7 against 8
        {"NOR fire primary bow BIS 68.3cm d8: 6 +3(bow long) -2(target speed) = 7 d8: 5 +3(side) = 8 => miss", "NOR fire primary bow BIS 68.3cm d8: 6 +3(bow long) -2(target speed) = 7 d8: 5 +3(side) = 8 => hit light", "admiral Attack and Defence of Naval Units/Attack and Defense", Kind::WrongResult},
        // a raw 10 against armour 4 claimed light
        {"BIS fire primary bow HOOD 60.3cm d12: 10 +4(bow long) -1(target speed) = 13 d8: 4 +4(bow) = 8 => hit severe", "BIS fire primary bow HOOD 60.3cm d12: 10 +4(bow long) -1(target speed) = 13 d8: 4 +4(bow) = 8 => hit light", "admiral Damage/Light and Severe Damage", Kind::WrongResult},
        // a 4 read as the AA batteries
        {"HOOD critical d6: 4 => communication", "HOOD critical d6: 4 => aa", "admiral Damage/Critical Damage", Kind::WrongResult},
        // a 1 on the D10 claimed a miss
        {"NOR torpedo starboard PE 17.8cm d10: 1 => 1 hit", "NOR torpedo starboard PE 17.8cm d10: 1 => miss", "admiral Attack and Defence of Naval Units/Torpedo Launch Bonuses and Maluses", Kind::WrongResult},
        // an order the book does not have
        {"MAO order planned-veer", "MAO order planned-turn", "admiral Admiral Orders", Kind::Inconsistent},
        // two damage-control attempts in one phase
        {"NOR repair d10: 5 => failed", "NOR repair d10: 5 => failed\n    NOR repair d10: 8 => repaired", "admiral Playing Admiral/Chronometric Phase", Kind::Illegal},
        // a severe damage's critical roll left out
        {"    PoW critical 2d10: 6 6\n", "", "admiral Damage/Critical Damage", Kind::Illegal},
    };
    expect_each_mistake_once(sample(), mistakes, "games");
}

TEST(AdmiralSample, RandomEditsNeverThrow) { expect_random_edits_never_throw(sample(), 300, 19, "games"); }
