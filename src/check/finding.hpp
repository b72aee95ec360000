// A finding: what the validator says about one place in a record.
#pragma once

#include "notation/source.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ironlog {

enum class Severity { Error, Warning, Note };
enum class Kind { Syntax, Illegal, WrongResult, Inconsistent, Unverifiable };

const char* to_string(Severity s);
const char* to_string(Kind k);  // syntax, illegal, wrong-result, inconsistent, unverifiable

// The rule a finding cites: ruleset id, section or case number, short title.
// e.g. {tmbv, 7.3.3, ""}, {ironclads, Firing/Armour saves, ""}, {ngn, 5.4, Dice}.
struct RuleRef {
    std::string ruleset;
    std::string section;
    std::string title;

    bool empty() const { return ruleset.empty(); }
    std::string text() const;  // "tmbv 7.3.3", "ngn 5.4 Dice"
    std::string id() const;    // a stable identifier: "tmbv/7.3.3"
    friend bool operator==(const RuleRef&, const RuleRef&) = default;
};

// A ruling or agreement of the record that turned a finding into a note.
struct AppliedRuling {
    ngn::SourcePos pos;
    std::string text;
};

struct Finding {
    Severity severity = Severity::Error;
    Kind kind = Kind::Illegal;
    RuleRef rule;
    ngn::SourcePos pos;
    std::string file;  // "" = the record itself; else another file it uses (a ship library)
    std::string message;
    std::optional<std::string> expected;
    std::optional<std::string> recorded;
    std::optional<AppliedRuling> ruling;
};

// The finding a later line follows from: where it was reported and the rule it cites.
struct Cause {
    std::uint32_t line = 0;
    RuleRef rule;
    friend bool operator==(const Cause&, const Cause&) = default;
};

// A line not reported because it follows from a mistake already reported (one mistake, one
// finding): what would have been said, and the finding it follows from.
struct Excused {
    ngn::SourcePos pos;
    std::string what;
    Cause cause;
};

// A finding with no expected/recorded values (a syntax error, a note).
Finding make_finding(Severity severity, Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message);

// Where findings are collected while a game is replayed.
class Findings {
public:
    Finding& add(Severity severity, Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message,
                 std::optional<std::string> expected = std::nullopt,
                 std::optional<std::string> recorded = std::nullopt);
    Finding& error(Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message,
                   std::optional<std::string> expected = std::nullopt,
                   std::optional<std::string> recorded = std::nullopt) {
        return add(Severity::Error, kind, std::move(rule), pos, std::move(message), std::move(expected), std::move(recorded));
    }
    Finding& warning(Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message) {
        return add(Severity::Warning, kind, std::move(rule), pos, std::move(message));
    }
    Finding& note(Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message) {
        return add(Severity::Note, kind, std::move(rule), pos, std::move(message));
    }

    std::vector<Finding>& all() { return items_; }
    const std::vector<Finding>& all() const { return items_; }
    std::size_t count(Severity s) const;

    // The cause a later line may follow from: this finding.
    static Cause cause_of(const Finding& f) { return Cause{f.pos.line, f.rule}; }
    // A line at `pos` that would say `what` follows from `cause`, already reported: kept aside,
    // not reported (`ironlog check --excused` shows them).
    void excuse(const Cause& cause, ngn::SourcePos pos, std::string what) {
        excused_.push_back(Excused{pos, std::move(what), cause});
    }
    const std::vector<Excused>& excused() const { return excused_; }

private:
    std::vector<Finding> items_;
    std::vector<Excused> excused_;
};

// Sorts findings by position (line, column), keeping the order of equal positions.
void sort_by_position(std::vector<Finding>& findings);

// A rule of the notation itself, cited as "ngn <section> <title>" (sections of docs/notation.md).
RuleRef ngn_rule(const char* section, const char* title);

}  // namespace ironlog
