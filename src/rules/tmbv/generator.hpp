// Random legal Battles of Lissa (13.2) on the Tactical Battle Board, played with a table pack and
// a ship manifest (ironlog generate --ruleset tmbv --tables PACK --library MANIFEST); with
// --variant campaign --map MAP, campaigns (13.1) on the operational map.
#pragma once

#include "check/generate.hpp"

#include <cstdint>
#include <string>

namespace ironlog::rules::tmbv {

std::string generate_game(std::uint64_t seed, int index, const GenerateOptions& options = {});
// A campaign (13.1) on the map options.map names (campaign_generator.cpp); generate_game makes one
// for options.variant "campaign".
std::string generate_campaign(std::uint64_t seed, int index, const GenerateOptions& options);

}  // namespace ironlog::rules::tmbv
