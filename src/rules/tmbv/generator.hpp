// Random legal Battles of Lissa (13.2) on the Tactical Battle Board, played with a table pack and
// a ship manifest (ironlog generate --ruleset tmbv --tables PACK --library MANIFEST).
#pragma once

#include "check/generate.hpp"

#include <cstdint>
#include <string>

namespace ironlog::rules::tmbv {

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options = {});

}  // namespace ironlog::rules::tmbv
