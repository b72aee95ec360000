// The Late 19th Century rule engine: land battles on hexes with playing-card activation, naval
// battles on hexes, and both together. It replays a record turn by turn and reports every move
// the rules forbid and every claimed result the dice and the rules do not give.
// docs/rules/late19c.md lists each rule with how it is checked.
#pragma once

#include "check/engine.hpp"

#include <memory>

namespace ironlog::rules::late19c {

std::unique_ptr<Engine> make_engine();

}  // namespace ironlog::rules::late19c
