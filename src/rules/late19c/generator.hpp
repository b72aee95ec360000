// Random legal battles of the Late 19th Century rules, naval, land and combined (ironlog generate
// --ruleset late19c).
#pragma once

#include "check/generate.hpp"

#include <cstdint>
#include <string>

namespace ironlog::rules::late19c {

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options = {});

}  // namespace ironlog::rules::late19c
