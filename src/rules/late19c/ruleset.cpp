// Wargame Rules for the Late 19th Century. Rulebook 001_323034a4ce0d6627.txt.
// The book has no numbers: rules are cited by part (Land, Naval) and heading.
#include "rules/late19c/ruleset.hpp"

namespace ironlog::rules::late19c {

namespace {
RuleRef cite(const char* section) { return RuleRef{"late19c", section, ""}; }

RulesetInfo declare() {
    RulesetInfo r;
    r.id = "late19c";
    r.title = "Wargame Rules for the Late 19th Century (land and naval combat on hexes)";
    r.book = "001_323034a4ce0d6627.txt";
    r.dice = {DieSpec{6, 1, 6, 0, "D6"}};
    r.dice_rule = cite("Land/Artillery Fire Phase");

    Sequence land;
    land.variant = "land";
    land.description = "a land battle: card tiles, artillery fire, activation in card order, exhaustion check";
    land.rule = cite("Land/Turn Sequence");
    land.turn = {
        phase("tiles", cite("Land/Turn Sequence"), {"cards"}),
        phase("artillery", cite("Land/Artillery Fire Phase")),
        phase("activation", cite("Land/Turn Sequence")),
        phase("exhaustion", cite("Land/Special Rules/Exhaustion Point")),
    };

    Sequence naval;
    naval.variant = "naval";
    naval.description = "a naval battle: guns, torpedoes, a D6 each for who moves first, movement";
    naval.rule = cite("Naval/Turn Sequence (Naval Combat only)");
    naval.turn = {
        phase("guns", cite("Naval/Firing Guns")),
        phase("torpedoes", cite("Naval/Firing Torpedoes")),
        phase("move-order", cite("Naval/Turn Sequence (Naval Combat only)")),
        phase("movement", cite("Naval/Movement")),
    };

    Sequence combined = land;
    combined.variant = "combined";
    combined.description = "land and sea together: the land sequence, with naval combat beside the artillery fire";
    combined.rule = cite("Naval/Turn Sequence (Ground and Naval Combat)");
    combined.turn[1].rule = cite("Naval/Turn Sequence (Ground and Naval Combat)");

    r.sequences = {land, naval, combined};
    r.entity_kinds = {ngn::EntityKind::Unit, ngn::EntityKind::Ship};
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), nullptr};
    return r;
}

}  // namespace ironlog::rules::late19c
