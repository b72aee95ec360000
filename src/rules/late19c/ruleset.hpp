// The late19c ruleset: its declaration (dice, sequence of play, options) and rule engine.
#pragma once

#include "check/ruleset.hpp"

namespace ironlog::rules::late19c {

const Ruleset& ruleset();

}  // namespace ironlog::rules::late19c
