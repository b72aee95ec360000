// What a check reports: each game's findings and facts, and a file's games and the findings
// outside them. The outputs and the archive know a check only by these.
#pragma once

#include "check/finding.hpp"
#include "notation/source.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ironlog {

struct GameReport {
    std::size_t index = 0;  // 1-based within the file
    std::uint32_t first_line = 0;
    std::uint32_t last_line = 0;
    std::vector<std::pair<std::string, std::string>> tags;
    std::string ruleset;
    bool replayed = false;
    bool has_engine = false;
    std::vector<Finding> findings;
    std::vector<Excused> excused;  // lines that followed from a mistake already reported
    std::size_t events = 0;
    // Each case (RuleRef::id) the engine judged lines under, and how many: only when asked
    // (CheckOptions::count_cases).
    std::map<std::string, std::size_t> cases;

    std::size_t count(Severity s) const;
};

struct FileReport {
    ngn::SourceExcerpts source;             // path as given, and the lines findings point at
    std::vector<GameReport> games;          // empty when the games went to a GameSink instead
    std::vector<Finding> findings;          // outside any game
    std::optional<std::string> read_error;  // the file could not be opened
    bool read_failed = false;               // reading stopped part way (the finding says why)

    std::size_t count(Severity s) const;
};

}  // namespace ironlog
