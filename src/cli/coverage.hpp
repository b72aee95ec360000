// The rulesets' coverage tables (docs/rules/<id>.md, "## Coverage") as the binary knows them:
// compiled in from the docs at build time (tools/coverage_table), so that the language server
// can say what a cited case is and whether it is checked.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ironlog {

// One row of a coverage table.
struct CoverageCase {
    std::string ruleset;   // "tmbv", from the page's name
    std::string rule;      // the first column: "7.3.3 one hex side a hex; ...", "Movement/Speed"
    std::string in_short;  // the middle column of a three-column table (ironclads), else ""
    std::string status;    // the last column: "enforced ...", "not checked: ..."
};

// Every row of every page, page by page in the order of the files given to the build step.
const std::vector<CoverageCase>& coverage_cases();

// The rows of a ruleset's table for a cited section (as a ruling writes it: hyphens for spaces,
// any case): those whose rule is the section, or begins with it followed by a blank or a comma
// ("7.3.3 one hex side ...", "6.2, 6.2.1").
std::vector<const CoverageCase*> cases_cited(std::string_view ruleset, std::string_view section);

}  // namespace ironlog
