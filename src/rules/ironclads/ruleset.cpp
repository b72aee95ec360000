// Ironclads: 1850-1890, version 3 (T. Raymond, 2019). Rulebook 004_bc671b74e05514ce.txt.
// The book has no numbered sections: rules are cited by their headings, as a path.
#include "rules/ironclads/ruleset.hpp"

#include "rules/ironclads/engine.hpp"
#include "rules/ironclads/generator.hpp"
#include "rules/ironclads/ship_data.hpp"

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

// `ironlog card`: each ship of a library (or those named) as its Data Card (Appendix A).
CardListing print_cards(const CardRequest& request) {
    CardListing out;
    ShipLibrary library;
    Findings findings;
    out.opened = library.load(request.library, request.library.string(), findings);
    out.problems = findings.all();
    if (!out.opened) return out;
    std::vector<const ShipSpec*> ships;
    if (request.names.empty())
        for (const auto& s : library.ships()) ships.push_back(&s);
    for (const auto& n : request.names) {
        if (const ShipSpec* s = library.find(n))
            ships.push_back(s);
        else
            out.not_found.push_back(n);
    }
    for (std::size_t i = 0; i < ships.size(); ++i) {
        const ShipSpec& spec = *ships[i];
        if (i) out.text += "\n";
        std::vector<std::string> steps;
        DerivedCard derived = derive_card(spec, request.derivation ? &steps : nullptr);
        CardView view;
        view.name = spec.name;
        view.spec = &spec;
        view.initial = derived.card;
        view.remaining = derived.card;
        if (!derived.unknown.empty()) view.notes.push_back("the library lacks " + derived.missing_text() + ": those rows are blank");
        out.text += render_card(view);
        if (request.derivation) {
            out.text += "Derivation [ironclads Appendix A Data Cards]:\n";
            for (const auto& s : steps) out.text += "  " + s + "\n";
        }
    }
    return out;
}
}  // namespace

const Ruleset& ruleset() {
    static const Ruleset r{declare(), make_engine, generate_game, print_cards};
    return r;
}

}  // namespace ironlog::rules::ironclads
