// Admiral 2.0 demo (LuxLu, 2018). Rulebook 002_1020d00baf95cf9b.txt. Cited by chapter.
#include "rules/admiral/ruleset.hpp"

#include "rules/admiral/engine.hpp"
#include "rules/admiral/generator.hpp"

namespace ironlog::rules::admiral {

namespace {

RulesetInfo declare() {
    RulesetInfo r;
    r.id = "admiral";
    r.title = "Admiral 2.0, demo version (LuxLu, 2018)";
    r.book = "002_1020d00baf95cf9b.txt";
    r.dice = {
        DieSpec{6, 1, 6, 0, "D6"},
        DieSpec{8, 1, 8, 0, "D8 (defence rolls)"},
        DieSpec{10, 1, 10, 10, "D10 reading 1 to 10; a face written 0 reads 10"},
        DieSpec{12, 1, 12, 0, "D12"},
    };
    r.dice_rule = cite("Game Elements/Dices");

    Sequence s;
    s.description = "set-up, then turns of a tactical, an operational and a chronometric phase";
    s.rule = cite("Playing Admiral/The Turn");
    s.before_play = {phase("setup", cite("Playing Admiral/Game Setup"), {"set-up"})};
    s.turn = {
        phase("tactical", cite("Playing Admiral/Tactical Phase")),
        phase("operational", cite("Playing Admiral/Operational Phase"), {"operative"}),
        phase("chronometric", cite("Playing Admiral/Chronometric Phase"), {"chronometry"}),
    };
    r.sequences = {s};
    r.entity_kinds = {ngn::EntityKind::Ship, ngn::EntityKind::Squadron, ngn::EntityKind::Formation};
    r.default_tolerance_cm = 0.5;
    r.engine_scope = "a battle of the demo's rules, turn by turn: set-up, Admiral Points and initiative, hands, movement, ramming, "
                     "line of sight, gunnery, torpedoes, damage and light criticals, Admiral Orders, the chronometric phase and the "
                     "victory, with the players' card library; what the demo leaves to the official version is taken as recorded";
    // Readings where the demo is silent or reads two ways; the first value is the default.
    r.options = {
        RuleOption{"scale", {"1850", "2400", "3000"}, cite("Game Rules/Matter of Scale"),
                   "the models' scale: 1 knot is 1 cm, 8 mm or 6 mm; ranges are divided by 1, 1.3 or 1.6"},
        RuleOption{"table", {"180x240", "120x180"}, cite("Playing Admiral/Battlefield"),
                   "the table: x runs along its long side, y along its short side, in cm"},
        RuleOption{"attack-tie", {"miss", "hit"}, cite("Attack and Defence of Naval Units/Attack and Defense"),
                   "an attack equal to the defence: the demo says only that greater hits and lower misses"},
        RuleOption{"end-rotation", {"too-short", "always"}, cite("Units Movement/Rotation"),
                   "the rotation at the end of a move: only for a move too short for any rotation, or after every move"},
        RuleOption{"victory", {"flagships", "mission"}, cite("Playing Admiral/Victory Conditions"),
                   "the winner: the side that sank more than half of the enemy's flagships, or the mission's conditions (not checked)"},
    };
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), make_engine, generate_game, nullptr};
    return r;
}

}  // namespace ironlog::rules::admiral
