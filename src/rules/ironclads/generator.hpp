// Random legal Ironclads games (ironlog generate --ruleset ironclads).
#pragma once

#include "check/generate.hpp"

#include <cstdint>
#include <string>

namespace ironlog::rules::ironclads {

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options = {});

}  // namespace ironlog::rules::ironclads
