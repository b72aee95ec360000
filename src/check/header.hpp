// The header of a game: its tag pairs read, checked and made ready for the replay.
#pragma once

#include "check/finding.hpp"
#include "check/ruleset.hpp"
#include "notation/labels.hpp"
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
    std::vector<std::filesystem::path> tables, maps, libraries, battles;
    std::filesystem::path base_dir = ".";  // where the files the record names are looked for (a campaign's battle records too)
    std::string date;  // as written
    const ngn::Tag* result = nullptr;

    bool rule_in_force(std::string_view name) const;
    std::string option(std::string_view name) const;
};

// Reads and checks the tags against the rulesets known. base_dir is where the files the record
// names are looked for.
HeaderInfo read_header(const ngn::Game& game, const RulesetList& rulesets, const std::filesystem::path& base_dir,
                       Findings& findings);

// The tags NGN defines, in canonical order, with what each holds (for docs and messages).
struct TagSpec {
    const char* name;
    const char* meaning;
};
const std::vector<TagSpec>& known_tags();

using ngn::numbered_tag;
using ngn::split_list;

}  // namespace ironlog
