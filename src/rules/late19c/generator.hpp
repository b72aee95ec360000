// Random legal naval battles of the Late 19th Century rules (ironlog generate --ruleset late19c).
#pragma once

#include <cstdint>
#include <string>

namespace ironlog::rules::late19c {

std::string generate_game(std::uint64_t seed, int index);

}  // namespace ironlog::rules::late19c
