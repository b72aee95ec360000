// Ironclads: 1850-1890, version 3 (T. Raymond, 2019). Rulebook 004_bc671b74e05514ce.txt.
// The book has no numbered sections: rules are cited by their headings, as a path.
#include "rules/ironclads/ruleset.hpp"

#include "rules/ironclads/engine.hpp"
#include "rules/ironclads/generator.hpp"

namespace ironlog::rules::ironclads {

namespace {
RuleRef cite(const char* section) { return RuleRef{"ironclads", section, ""}; }

RulesetInfo declare() {
    RulesetInfo r;
    r.id = "ironclads";
    r.title = "Ironclads: 1850-1890, version 3 (T. Raymond, 2019)";
    r.book = "004_bc671b74e05514ce.txt";
    r.dice = {DieSpec{6, 1, 6, 0, "D6 reading 1 to 6; 1D3 is a D6 read 1-2 as 1, 3-4 as 2, 5-6 as 3"}};
    r.dice_rule = cite("Basics");

    Sequence s;
    s.description = "sea state once, then game turns of four phases";
    s.rule = cite("Sequence of play");
    s.before_play = {phase("sea-state", cite("Sea state"), {"sea"})};
    s.turn = {
        phase("initiative", cite("Initiative"), {"1"}),
        phase("movement", cite("Movement"), {"2"}),
        phase("firing", cite("Firing"), {"3"},
              {segment("gunfire", cite("Firing/Resolving gunfire"), {"3A", "A"}),
               segment("damage", cite("Damage resolution"), {"3B", "B"})}),
        phase("end", cite("End phase"), {"4"},
              {segment("sinking", cite("End phase/Ships sunk"), {"4A", "A"}),
               segment("ending", cite("End phase/Ending the game"), {"4B", "B"})}),
    };
    r.sequences = {s};
    r.entity_kinds = {ngn::EntityKind::Ship, ngn::EntityKind::Squadron};
    r.optional_rules = {OptionalRule{"formations", cite("Appendix D Formations"),
                                     "squadrons of one to four ships must keep formation"}};
    // Where the text and the Quick Reference disagree, the text is the default reading.
    r.options = {
        RuleOption{"smokestack", {"text", "quick-reference"}, cite("Damage resolution/Problems"),
                   "the smokestacks are hit on a 2D6 of 3 (text) or of 3 or 4 (Quick Reference)"},
        RuleOption{"save-bands", {"text", "quick-reference"}, cite("Firing/Armour saves"),
                   "armour saves need 5-6 between 25 and 50 cm inclusive (text), or over 25 and under 50 cm, "
                   "leaving exactly 25 and 50 cm without a band (Quick Reference)"},
        RuleOption{"bridge", {"text", "quick-reference"}, cite("Damage resolution/Problems"),
                   "after a bridge hit: no speed change and no turn (text), or no speed change or no turn (Quick Reference)"},
    };
    r.default_tolerance_cm = 0.5;
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), make_engine, generate_game};
    return r;
}

}  // namespace ironlog::rules::ironclads
