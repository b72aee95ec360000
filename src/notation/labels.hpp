// Reading the words of a record the same way everywhere: labels compared loosely, numbered
// tags (Side1, Player2), lists in a tag's value, and the text a reference names.
#pragma once

#include "notation/record.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ngn {

// Case-insensitive label comparison in which '-', '_' and ' ' are the same.
bool same_label(std::string_view a, std::string_view b);

// "Side1".."SideN": returns N, or 0 when the name is not of that form.
int numbered_tag(std::string_view name, std::string_view prefix);

// Splits "a, b; c" into trimmed, non-empty parts (commas only, when `semicolons` is false:
// a player's name may hold a semicolon).
std::vector<std::string> split_list(std::string_view text, bool semicolons = true);

// The name an item refers to: a word or a quoted text as written, else the item's NGN.
std::string reference_text(const Item& item);

}  // namespace ngn
