// The tmbv ruleset: its declaration (dice, sequence of play, options) and rule engine.
#pragma once

#include "check/ruleset.hpp"

namespace ironlog::rules::tmbv {

const Ruleset& ruleset();

}  // namespace ironlog::rules::tmbv
