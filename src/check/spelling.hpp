// Near misses in names a player typed: "FMX" for "FM", "Evnet" for "Event".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ironlog {

// Longer than this, a word is not taken as a name mistyped (no suggestion is looked for): a name
// of a hundred thousand letters in a hostile record would otherwise cost seconds a comparison.
inline constexpr std::size_t kLongestMistyped = 64;

// Edit distance (insertions, deletions, substitutions, and two neighbouring letters swapped,
// each one edit), ignoring case.
std::size_t edit_distance(std::string_view a, std::string_view b);
// The same when it is at most bound; bound + 1 (found sooner) when it is more.
std::size_t edit_distance_within(std::string_view a, std::string_view b, std::size_t bound);

// The candidate nearest a word a player mistyped (one edit in short words, a third of the
// letters in long ones), or "" when none is near enough. For a few candidates; NameIndex for many.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

// Many names, for "did you mean". A word one edit or none from a name (nearly every misspelling)
// finds it through the names' one-letter deletions: a hash lookup per letter of the word,
// whatever the number of names. A word farther from all of them is compared only with the names
// whose length and letters could be near enough: names are kept by length, each with the count of
// each letter, and an edit changes those counts by two at most, so most names are passed over
// without computing a distance. The answer is the one a comparison with every name would give:
// the smallest distance, then the name added first.
class NameIndex {
public:
    void add(std::string_view name);
    std::string nearest(std::string_view word, std::size_t limit) const;
    std::size_t size() const { return names_.size(); }

    using Letters = std::array<std::uint8_t, 32>;  // counts by letter class (a-z folded, digits, others)

private:
    std::vector<std::string> names_;
    std::vector<Letters> letters_;
    std::vector<std::vector<std::uint32_t>> by_length_;  // [length]: names of that length, in order
    std::unordered_map<std::string, std::vector<std::uint32_t>> one_letter_out_;  // folded keys
};

}  // namespace ironlog
