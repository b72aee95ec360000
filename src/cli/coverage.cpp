#include "cli/coverage.hpp"

#include <algorithm>

namespace ironlog {

namespace {

// Lower case, hyphens and underscores as blanks, blanks single: how rulings cite (as replay.cpp
// matches a ruling to a finding).
std::string normalized(std::string_view text) {
    std::string out;
    for (char c : text) {
        const char d = (c == '-' || c == '_') ? ' ' : (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        if (d == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += d;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// A table's rule names its cases first: "7.3.3 one hex side ...", "6.2, 6.2.1 ...",
// "Movement/Speed", "Land/Movement a-h". Whether `section` is the whole rule, or one of the cases
// of that list at its start.
bool names_case(const std::string& rule, const std::string& section) {
    if (rule == section) return true;
    for (std::size_t at = 0; at < rule.size();) {
        const std::size_t end = std::min(rule.find_first_of(" ,", at), rule.size());
        if (rule.compare(at, end - at, section) == 0 && end - at == section.size()) return true;
        // a section written with blanks ("units movement/rotation") is the start of the rule
        if (section.find(' ') != std::string::npos && rule.compare(at, section.size(), section) == 0 &&
            (at + section.size() == rule.size() || rule[at + section.size()] == ' ' || rule[at + section.size()] == ','))
            return true;
        if (rule.compare(end, 2, ", ") != 0) break;
        at = end + 2;
    }
    return false;
}

}  // namespace

std::vector<const CoverageCase*> cases_cited(std::string_view ruleset, std::string_view section) {
    std::vector<const CoverageCase*> found;
    const std::string wanted = normalized(section);
    if (wanted.empty()) return found;
    for (const CoverageCase& c : coverage_cases())
        if (c.ruleset == ruleset && names_case(normalized(c.rule), wanted)) found.push_back(&c);
    return found;
}

}  // namespace ironlog
