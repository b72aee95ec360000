// The two tables of the Game Card that 6.3.3.2 uses and the rulebook text leaves out: the
// Naval Combat Table (modified roll -> percentage) and the Casualty Percentage Table
// (percentage x factors -> losses). A record names the pack it played with in [Tables]; the
// format is in docs/rules/eia-naval.md and fixtures/tables/eia-naval-tables.ngn.
#pragma once

#include "check/finding.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ironlog::rules::eia_naval {

class TablePack {
public:
    static TablePack load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings);

    bool complete() const { return !combat_.empty() && !casualty_.empty(); }
    std::string source() const { return source_; }
    // The percentage a modified roll gives (rolls past either end read as the end row).
    std::optional<int> percentage(int modified_roll) const;
    // Losses for a percentage of a number of ships: blocks of 20 factors and the rest, added.
    std::optional<int> casualties(int percent, int ships) const;

private:
    std::map<int, int> combat_;                 // roll -> percent
    std::map<int, std::vector<int>> casualty_;  // percent -> losses for 1..20 factors
    std::string source_;
};

}  // namespace ironlog::rules::eia_naval
