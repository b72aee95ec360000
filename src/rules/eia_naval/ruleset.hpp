// The eia-naval ruleset: its declaration (dice, sequence of play, options) and rule engine.
#pragma once

#include "check/ruleset.hpp"

namespace ironlog::rules::eia_naval {

const Ruleset& ruleset();

}  // namespace ironlog::rules::eia_naval
