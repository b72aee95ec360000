// Near misses in names a player typed: "FMX" for "FM", "Evnet" for "Event".
#pragma once

#include <string_view>

namespace ironlog {

// Edit distance (insertions, deletions, substitutions, and two neighbouring letters swapped,
// each one edit), ignoring case.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace ironlog
