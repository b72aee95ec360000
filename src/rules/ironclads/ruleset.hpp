// The ironclads ruleset: its declaration (dice, sequence of play, options) and rule engine.
#pragma once

#include "check/ruleset.hpp"

namespace ironlog::rules::ironclads {

const Ruleset& ruleset();

}  // namespace ironlog::rules::ironclads
