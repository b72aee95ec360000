// What a ruleset declares to the common machinery: its dice, its sequence of play, the
// kinds of things a record declares, its optional rules and options, and (once written)
// its rule engine. Each ruleset lives in src/rules/<id>/ and is listed in src/rules/registry.cpp.
#pragma once

#include "check/generate.hpp"

#include "check/finding.hpp"
#include "notation/labels.hpp"
#include "notation/record.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ironlog {

class Engine;

// One kind of die as the ruleset reads it.
struct DieSpec {
    int sides = 6;
    int min_face = 1;       // faces a record may write
    int max_face = 6;
    int zero_reads_as = 0;  // a face 0 reads as this value (admiral's d10: 10); 0 = reads 0
    std::string reading;    // how the book reads it, for `ironlog rules`

    int read(int face) const { return face == 0 && zero_reads_as != 0 ? zero_reads_as : face; }
    bool accepts(int face) const { return (face >= min_face && face <= max_face) || (face == 0 && zero_reads_as != 0); }
    std::string faces_text() const;  // "1-6", "0-9", "1-10 (0 reads 10)"
};

// A phase, segment, impulse or step of the sequence of play.
struct SequenceNode {
    ngn::HeadingKind kind = ngn::HeadingKind::Phase;
    std::string name;                  // canonical name written after the keyword
    std::vector<std::string> aliases;  // other accepted labels: numbers, case numbers
    RuleRef rule;                      // where the book describes it
    RuleRef order_rule;                // where the book gives its children's order, if not in `rule`
    bool numbered = false;             // labelled 1, 2, 3 ... in order (impulses)
    int max_count = 0;                 // numbered: the highest number (0 = no limit)
    bool repeatable = false;           // may occur again, one after another
    bool floating = false;             // may come at any point among its siblings (once)
    std::vector<SequenceNode> children;

    bool matches(std::string_view label) const;
};

enum class TurnLabel { Number, Month };  // turn 3 / turn 1805-10

struct Sequence {
    std::string variant;       // "" for the only one; else chosen with [Variant "..."]
    std::string description;
    RuleRef rule;              // the book's sequence of play
    std::vector<SequenceNode> before_play;  // phases played once before turn 1
    std::vector<SequenceNode> turn;         // the phases of every turn
    TurnLabel turn_label = TurnLabel::Number;
    int max_turns = 0;         // 0 = no limit
};

struct OptionalRule {
    std::string name;  // as written in [Rules "..."]
    RuleRef rule;
    std::string description;
};

// A named option, chosen with [Options "name=value"]: a reading where the book is
// ambiguous or contradicts itself, or a setting of play.
struct RuleOption {
    std::string name;
    std::vector<std::string> values;  // the first is the default
    RuleRef rule;
    std::string description;
};

struct RulesetInfo {
    std::string id;
    std::string title;
    std::string book;  // file in ../shared/rulebooks
    std::vector<DieSpec> dice;
    RuleRef dice_rule;
    std::vector<Sequence> sequences;  // the first is the default
    std::vector<ngn::EntityKind> entity_kinds;
    std::vector<std::string> terrain_kinds;  // what `terrain` lines may declare; empty = no hex map
    std::vector<OptionalRule> optional_rules;
    std::vector<RuleOption> options;
    double default_tolerance_cm = 0.5;  // for tables measured with a ruler
    std::string engine_scope;            // what the rule engine replays, where it is not the whole book ("" = all of it)

    const DieSpec* die(int sides) const;
    const Sequence* sequence(std::string_view variant) const;  // "" = the default
    const RuleOption* option(std::string_view name) const;
    const OptionalRule* optional_rule(std::string_view name) const;
    bool declares(ngn::EntityKind kind) const;
};

// `ironlog card`: a ship library's ships printed as the ruleset's data cards.
struct CardRequest {
    std::filesystem::path library;
    std::vector<std::string> names;  // empty = every ship
    bool derivation = false;         // show how each value was worked out
};
struct CardListing {
    bool opened = false;                 // the library could be read
    std::vector<Finding> problems;       // in the library
    std::vector<std::string> not_found;  // names asked for that the library lacks
    std::string text;                    // the cards, in the book's layout
};

struct Ruleset {
    RulesetInfo info;
    // Makes the ruleset's rule engine for one game; empty while the ruleset has none.
    std::function<std::unique_ptr<Engine>()> make_engine;
    // One random legal game (src/check/generate.hpp): game `index` of the games of a seed, as NGN;
    // empty while the ruleset has no generator. Throws std::invalid_argument, with a message for
    // the user, when the options do not let it play (a map it needs and has not got).
    std::function<std::string(std::uint64_t seed, int index, const GenerateOptions& options)> generate;
    // `ironlog card`; empty when the ruleset has no data cards to derive.
    std::function<CardListing(const CardRequest&)> cards;
};

// Builders that keep the declarations in src/rules/*/ruleset.cpp short.
SequenceNode phase(std::string name, RuleRef rule, std::vector<std::string> aliases = {},
                   std::vector<SequenceNode> children = {});
SequenceNode segment(std::string name, RuleRef rule, std::vector<std::string> aliases = {},
                     std::vector<SequenceNode> children = {});
SequenceNode step(std::string name, RuleRef rule, std::vector<std::string> aliases = {});
SequenceNode impulses(RuleRef rule, int max_count, std::vector<SequenceNode> children = {});

// The rulesets a check may meet. The kit knows no ruleset of its own: the one list is made by
// src/rules/registry.cpp and handed to the check in its CheckOptions.
struct RulesetList {
    std::vector<const Ruleset*> all;  // in the order of the rulebooks' README

    const Ruleset* find(std::string_view id) const;
    std::string ids() const;  // "tmbv, late19c, ..." for messages
};

using ngn::same_label;

}  // namespace ironlog
