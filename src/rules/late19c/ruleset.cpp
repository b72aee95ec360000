// Wargame Rules for the Late 19th Century. Rulebook 001_323034a4ce0d6627.txt.
// The book has no numbers: rules are cited by part (Land, Naval) and heading.
#include "rules/late19c/ruleset.hpp"

#include "rules/late19c/battlefield.hpp"
#include "rules/late19c/engine.hpp"
#include "rules/late19c/generator.hpp"

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
    r.terrain_kinds = terrain_kinds();
    // Named readings where the book is silent (or says a thing twice); the first value is the default.
    r.options = {
        RuleOption{"hex-columns", {"even-low", "odd-low"}, cite("Land/Movement a"),
                   "which columns of the map sit half a hex lower: the even ones or the odd ones (docs/hexes.md)"},
        RuleOption{"los-edge", {"both", "either"}, cite("Land/Definitions/Direct line of sight"),
                   "a line of sight running exactly along a hex edge is blocked when the hexes on both sides block it, or "
                   "either side"},
        RuleOption{"frontage", {"wide", "narrow"}, cite("Land/Close Combat b"),
                   "a unit's front is its facing edge and the two beside it (wide), or the facing edge alone (narrow); the "
                   "rest is flank and rear"},
        RuleOption{"failed-hit", {"destroyed", "lose-1"}, cite("Land/Resolving hits on Units"),
                   "a unit hit that fails its survival roll is destroyed (it does not survive), or loses 1 SP with no choice "
                   "to retreat; the book says only what a unit that survives does"},
        RuleOption{"uphill", {"once", "twice"}, cite("Land/Special Rules/Hills"),
                   "attacking uphill costs the attacker 1 (the Hills rule and the close-combat modifier are one rule), or 2 "
                   "(they add up)"},
        RuleOption{"mg-dice", {"each", "any"}, cite("Land/Fire Phase g"),
                   "each of a machine gun's three dice that scores 5 or more is a hit, or any such die gives one hit"},
        RuleOption{"torpedo-dice", {"each", "any"}, cite("Naval/Firing Torpedoes"),
                   "each of a torpedo's three dice that shows 4, 5 or 6 is a hit, or any such die gives one hit"},
        RuleOption{"ship-still", {"this-turn", "last-turn"}, cite("Naval/Firing Guns f"),
                   "the +1 for a ship that has not moved counts this turn's movement (guns fire before ships move, so it "
                   "always applies), or the movement of the turn before"},
    };
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), make_engine, generate_game, nullptr};
    return r;
}

}  // namespace ironlog::rules::late19c
