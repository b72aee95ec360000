// Admiral 2.0 demo (LuxLu, 2018). Rulebook 002_1020d00baf95cf9b.txt. Cited by chapter.
#include "rules/admiral/ruleset.hpp"

namespace ironlog::rules::admiral {

namespace {
RuleRef cite(const char* section) { return RuleRef{"admiral", section, ""}; }

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
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), nullptr, nullptr, nullptr};
    return r;
}

}  // namespace ironlog::rules::admiral
