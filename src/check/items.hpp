// Small readers of a record's items that every rule engine needs: the word an item is,
// lists opened into their elements, case-insensitive comparison.
#pragma once

#include "notation/record.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ironlog {

// ASCII only: names are compared as written.
inline char lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lower(std::string_view s);

// Whether text, in lower case, is `lowered` (already lower case): lower(text) == lowered,
// without building a string. Stricter than same_label (check/ruleset.hpp), which also takes
// '_' and ' ' for '-': rule words are matched as the engines always matched them.
// Inline, as word_text and is_word: engines call them for every word of every line (the verb
// table alone a dozen times an event), and most calls end at the sizes.
inline bool same_lower(std::string_view text, std::string_view lowered) {
    if (text.size() != lowered.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (lower_ascii(text[i]) != lowered[i]) return false;
    return true;
}

// The noun with its indefinite article, for messages: "an elite unit", "a ship", "an ironclad".
std::string with_article(std::string_view noun);

// a + b held within +-100,000,000: totals of numbers a record writes (modifiers, losses,
// trade-offs) must not overflow, however many or however large they are written.
int saturating_add(int a, int b);

// The text of a word item; null for anything else.
inline const std::string_view* word_text(const ngn::Item& it) {
    const auto* w = it.as<ngn::Word>();
    return w ? &w->text : nullptr;
}

// Whether an item is this word (compared in lower case).
inline bool is_word(const ngn::Item& it, std::string_view w) {
    const std::string_view* t = word_text(it);
    return t && same_lower(*t, w);
}

// The elements of a list item (FM,HB,KM), or the item itself.
std::vector<const ngn::Item*> elements(const ngn::Item& it);

// The elements of every item of a claim or argument list, lists opened.
std::vector<const ngn::Item*> elements(ngn::Items items);

}  // namespace ironlog
