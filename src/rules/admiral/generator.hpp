// Random legal Admiral battles (ironlog generate --ruleset admiral --library CARDS): a Denmark
// Strait action of four turns, played with the players' card library.
#pragma once

#include "check/generate.hpp"

#include <cstdint>
#include <string>

namespace ironlog::rules::admiral {

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options = {});

}  // namespace ironlog::rules::admiral
