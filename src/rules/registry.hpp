// The one list of rulesets ironlog knows. Everything that enumerates them (the check, `ironlog
// rules`, the help text, the tests that every ruleset has its coverage page) asks here.
#pragma once

#include "check/ruleset.hpp"

#include <string_view>

namespace ironlog {

// All rulesets, in the order of the rulebooks' README.
const RulesetList& all_rulesets();
const Ruleset* find_ruleset(std::string_view id);

}  // namespace ironlog
