// Random legal months of the EiA naval phase on a given map (ironlog generate --ruleset eia-naval --map FILE).
#pragma once

#include "check/generate.hpp"

#include <cstdint>
#include <string>

namespace ironlog::rules::eia_naval {

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options = {});

}  // namespace ironlog::rules::eia_naval
