// Empires in Arms, 6.0 The Naval Phase. Rulebook 003_280e2e9bf662e37e.txt. Cited by case.
#include "rules/eia_naval/ruleset.hpp"

#include "rules/eia_naval/engine.hpp"
#include "rules/eia_naval/generator.hpp"

namespace ironlog::rules::eia_naval {

namespace {
RuleRef cite(const char* section, const char* title = "") { return RuleRef{"eia-naval", section, title}; }

SequenceNode power(const char* name, std::vector<std::string> aliases) {
    return segment(name, cite("6.1", "Naval Phase Sequence"), std::move(aliases),
                   {step("movement", cite("6.2", "Naval Movement Steps")), step("combat", cite("6.3", "Naval Combat Step"))});
}

RulesetInfo declare() {
    RulesetInfo r;
    r.id = "eia-naval";
    r.title = "Empires in Arms, 6.0 The Naval Phase";
    r.book = "003_280e2e9bf662e37e.txt";
    r.dice = {DieSpec{6, 1, 6, 0, "D6"}};
    r.dice_rule = cite("6.3.3", "Naval Combat Procedure");

    Sequence s;
    s.description = "monthly turns (turn 1805-10); in each, the naval phase of the major powers in sequence";
    s.rule = cite("6.1", "Naval Phase Sequence");
    s.turn_label = TurnLabel::Month;
    SequenceNode britain = power("great-britain", {"GB", "britain", "Great Britain"});
    britain.floating = true;  // 6.1: Great Britain announces where in the sequence it moves
    // The phases around the naval phase hold what happens to fleets outside it: ports taken
    // (6.2.6) before, corps landing (6.2.5.2) after.
    SequenceNode naval = phase("naval", cite("6.0", "The Naval Phase"), {"6.0"},
                               {britain, power("russia", {}), power("turkey", {}), power("austria", {}),
                                power("prussia", {}), power("france", {}), power("spain", {})});
    naval.order_rule = cite("6.1", "Naval Phase Sequence");  // the powers' order is given in 6.1, not 6.0
    s.turn = {phase("reinforcement", cite("5.0", "The Reinforcement Phase"), {"5.0"}), naval,
              phase("land", cite("7.0", "The Land Phase"), {"7.0"})};
    r.sequences = {s};
    r.entity_kinds = {ngn::EntityKind::Fleet, ngn::EntityKind::Leader, ngn::EntityKind::Unit};
    r.options = {
        RuleOption{"port-interception", {"adjacent", "same-area"}, cite("6.2.3.1.2.2"),
                   "a fleet in port intercepting in a sea area next to its port needs 0 or 1, as from an adjacent "
                   "area (adjacent, 6.2.3.2.2.1), or 0 to 3, as in the same area (same-area, 6.2.3.2.2.2)"},
    };
    return r;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), make_engine, generate_game, nullptr};
    return r;
}

}  // namespace ironlog::rules::eia_naval
