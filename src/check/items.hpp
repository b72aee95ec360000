// Small readers of a record's items that every rule engine needs: the word an item is,
// lists opened into their elements, case-insensitive comparison.
#pragma once

#include "notation/record.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ironlog {

std::string lower(std::string_view s);

// Whether text, in lower case, is `lowered` (already lower case): lower(text) == lowered,
// without building a string. Stricter than same_label (check/ruleset.hpp), which also takes
// '_' and ' ' for '-': rule words are matched as the engines always matched them.
bool same_lower(std::string_view text, std::string_view lowered);

// The noun with its indefinite article, for messages: "an elite unit", "a ship", "an ironclad".
std::string with_article(std::string_view noun);

// a + b held within +-100,000,000: totals of numbers a record writes (modifiers, losses,
// trade-offs) must not overflow, however many or however large they are written.
int saturating_add(int a, int b);

// The text of a word item; null for anything else.
const std::string* word_text(const ngn::Item& it);

// Whether an item is this word (compared in lower case).
bool is_word(const ngn::Item& it, std::string_view w);

// The elements of a list item (FM,HB,KM), or the item itself.
std::vector<const ngn::Item*> elements(const ngn::Item& it);

// The elements of every item of a claim or argument list, lists opened.
std::vector<const ngn::Item*> elements(const std::vector<ngn::Item>& items);

}  // namespace ironlog
