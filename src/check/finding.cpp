#include "check/finding.hpp"

#include <algorithm>

namespace ironlog {

const char* to_string(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "?";
}

const char* to_string(Kind k) {
    switch (k) {
        case Kind::Syntax: return "syntax";
        case Kind::Illegal: return "illegal";
        case Kind::WrongResult: return "wrong-result";
        case Kind::Inconsistent: return "inconsistent";
        case Kind::Unverifiable: return "unverifiable";
    }
    return "?";
}

std::string RuleRef::text() const {
    std::string s = ruleset;
    if (!section.empty()) s += " " + section;
    if (!title.empty()) s += " " + title;
    return s;
}

std::string RuleRef::id() const {
    return section.empty() ? ruleset : ruleset + "/" + section;
}

Finding make_finding(Severity severity, Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message) {
    Finding f;
    f.severity = severity;
    f.kind = kind;
    f.rule = std::move(rule);
    f.pos = pos;
    f.message = std::move(message);
    return f;
}

Finding& Findings::add(Severity severity, Kind kind, RuleRef rule, ngn::SourcePos pos, std::string message,
                       std::optional<std::string> expected, std::optional<std::string> recorded) {
    items_.push_back(make_finding(severity, kind, std::move(rule), pos, std::move(message)));
    items_.back().expected = std::move(expected);
    items_.back().recorded = std::move(recorded);
    return items_.back();
}

std::size_t Findings::count(Severity s) const {
    return static_cast<std::size_t>(std::count_if(items_.begin(), items_.end(), [s](const Finding& f) { return f.severity == s; }));
}

void sort_by_position(std::vector<Finding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) { return a.pos < b.pos; });
}

RuleRef ngn_rule(const char* section, const char* title) { return RuleRef{"ngn", section, title}; }

}  // namespace ironlog
