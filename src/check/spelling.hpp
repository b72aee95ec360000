// Near misses in names a player typed: "FMX" for "FM", "Evnet" for "Event".
#pragma once

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

// The candidate nearest a word a player mistyped (one edit in short words, a third of the
// letters in long ones), or "" when none is near enough.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace ironlog
