// Near misses in names a player typed: "FMX" for "FM", "Evnet" for "Event".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
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

// Many names, for "did you mean". A word two edits or fewer from a name (nearly every
// misspelling) finds it through deletions, as SymSpell does: every edit of the two (a letter
// changed, added, left out, or two swapped) is undone by leaving out at most one letter of each,
// so such a word and name share a string made by leaving out at most two letters of each. Each
// name's strings are kept as 64-bit hashes in sorted lists (a name longer than kTwoOut letters
// keeps those with one letter out only), and a word looks its own up: a few hundred binary
// searches, whatever the number of names. A word farther from every name, or near a long one,
// is compared with the names of near length whose letter counts could be near enough: an edit
// changes those counts by two at most, so most names are passed over without a distance. The
// answer is the one a comparison with every name would give: the smallest distance, then the
// name added first.
class NameIndex {
public:
    void add(std::string_view name);
    std::string nearest(std::string_view word, std::size_t limit) const;
    std::size_t size() const { return names_.size(); }

    using Letters = std::array<std::uint8_t, 32>;  // counts by letter class (a-z folded, digits, others)
    static constexpr std::size_t kTwoOut = 12;     // names this long or shorter keep two letters out

private:
    // A string's hash (its top 40 bits) and a name (the low 24): 8 bytes a string, so that 10,000
    // names of 12 letters take some 6 MB. Names past the 16 millionth are not indexed (found by the
    // pass over the names instead).
    using Key = std::uint64_t;
    static constexpr std::uint32_t kIndexed = 1u << 24;
    void sort_keys() const;

    std::vector<std::string> names_;
    std::vector<Letters> letters_;
    std::vector<std::vector<std::uint32_t>> by_length_;  // [length]: names of that length, in order
    // The names' strings with letters left out, made at the first lookup after a name is added: a
    // large sorted list, a smaller sorted one of the names added since it was last merged, and
    // the newest, unsorted, until the next lookup. A
    // record may declare a name between two lookups: each costs a sort of the newest and a merge
    // into the smaller list, never of the whole.
    mutable std::vector<Key> keys_, recent_, newest_;
    mutable std::size_t listed_ = 0;  // the names whose strings are in the lists
    bool unindexed_ = false;  // some names are not in the lists
};

}  // namespace ironlog
