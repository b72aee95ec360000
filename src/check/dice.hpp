// The dice of a record, checked as written: a die the ruleset uses, as many faces as the
// count says, each face one the die has, and a total that adds up.
#pragma once

#include "check/finding.hpp"
#include "check/ruleset.hpp"
#include "notation/record.hpp"

namespace ironlog {

// Checks one roll; returns false when it is too broken for a rule engine to read.
bool check_dice(const ngn::Dice& dice, ngn::SourcePos pos, const RulesetInfo& ruleset, Findings& findings);

// The faces as the ruleset reads them (admiral's d10 reads 0 as 10).
std::vector<int> read_faces(const ngn::Dice& dice, const RulesetInfo& ruleset);

// Faces read plus modifiers.
int dice_total(const ngn::Dice& dice, const RulesetInfo& ruleset);

}  // namespace ironlog
