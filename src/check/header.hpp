// The header of a game: its tag pairs read, checked and made ready for the replay.
#pragma once

#include "check/finding.hpp"
#include "check/ruleset.hpp"
#include "notation/record.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace ironlog {

struct SideTag {
    int number = 0;  // Side1 -> 1
    std::string name;
    std::vector<std::string> players;
    ngn::SourcePos pos;
};

struct HeaderInfo {
    const Ruleset* ruleset = nullptr;
    const Sequence* sequence = nullptr;
    double tolerance_cm = 0.5;
    bool setup = false;  // [SetUp "1"]: the record starts mid-game
    std::map<std::string, std::string> options;  // every option of the ruleset, defaults filled in
    std::vector<std::string> rules_in_force;      // [Rules "..."]
    std::vector<SideTag> sides;
    std::vector<std::filesystem::path> tables, maps, libraries;
    std::string date;  // as written
    const ngn::Tag* result = nullptr;

    bool rule_in_force(std::string_view name) const;
    std::string option(std::string_view name) const;
};

// Reads and checks the tags. base_dir is where the files the record names are looked for.
HeaderInfo read_header(const ngn::Game& game, const std::filesystem::path& base_dir, Findings& findings);

// The tags NGN defines, in canonical order, with what each holds (for docs and messages).
struct TagSpec {
    const char* name;
    const char* meaning;
};
const std::vector<TagSpec>& known_tags();

// "Side1".."SideN": returns N, or 0 when the name is not of that form.
int numbered_tag(std::string_view name, std::string_view prefix);

// Splits "a, b; c" into trimmed, non-empty parts (commas only, when `semicolons` is false:
// a player's name may hold a semicolon).
std::vector<std::string> split_list(std::string_view text, bool semicolons = true);

}  // namespace ironlog
