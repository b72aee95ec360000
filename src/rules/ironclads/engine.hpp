// The Ironclads 1850-1890 rule engine: replays a record phase by phase and reports every
// move the rules forbid and every claimed result the dice and the rules do not give.
// docs/rules/ironclads.md lists each rule with how it is checked.
#pragma once

#include "check/engine.hpp"

#include <memory>

namespace ironlog::rules::ironclads {

std::unique_ptr<Engine> make_engine();

// 1D3 read from a d6: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3 (Basics).
int read_d3(int d6);

}  // namespace ironlog::rules::ironclads
