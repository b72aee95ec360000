// War Technology/Unit Card: a unit's card as a `ship` line writes it, in the players' card library
// ([Library]) or on the record's own ship line (docs/rules/admiral.md, "Unit cards").
#pragma once

#include "check/finding.hpp"
#include "notation/record.hpp"
#include "rules/admiral/state.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ironlog::rules::admiral {

using Problem = std::function<void(ngn::SourcePos, std::string)>;

// Reads the card fields of a ship line into `card`, from items[from]. A word that is not a card
// field is left to the caller: returns the index of the first item not read.
std::size_t read_card_fields(ngn::Items items, std::size_t from, Card& card, const Problem& problem);

// What a card line looks like, for messages.
extern const char* const kCardShape;

// The players' card library: an NGN file of ship lines, one a unit.
class CardLibrary {
public:
    static CardLibrary load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings);
    const Card* find(const std::string& name) const;

private:
    std::map<std::string, Card> cards_;  // by lower-case name
};

}  // namespace ironlog::rules::admiral
