// The Empires in Arms naval phase engine (6.0): movement on the area map, interception,
// evasion, the wind gauge, combat from the table pack, victory and political points, retreat
// and pursuit, transport of corps, ports changing hands. docs/rules/eia-naval.md lists each
// case with how it is checked.
#pragma once

#include "check/engine.hpp"

#include <memory>

namespace ironlog::rules::eia_naval {

std::unique_ptr<Engine> make_engine();

}  // namespace ironlog::rules::eia_naval
