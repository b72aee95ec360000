// What the archive commands share: a stored game and its parts as JSON, a JSON array written an
// element at a time (archive_commands.cpp).
#pragma once

#include "archive/archive.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace ironlog::cli {

nlohmann::ordered_json summary_json(const archive::GameSummary& g);
nlohmann::ordered_json finding_json(const archive::StoredFinding& f);
// A game as `show -f json` and `export -f json` write it (without its record).
nlohmann::ordered_json stored_game_json(const archive::StoredGame& g);
// One element of a JSON array as nlohmann's dump(2) of the whole array would write it ("[\n" before
// the first): each game written as it is read, so that memory holds one game, not the archive.
std::string array_element(const nlohmann::ordered_json& j, bool first);

}  // namespace ironlog::cli
