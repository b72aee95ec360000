// Checking a whole file: every game in it, and the syntax errors that stand outside games.
#pragma once

#include "check/replay.hpp"
#include "notation/parser.hpp"
#include "notation/source.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ironlog {

struct FileReport {
    ngn::SourceText source;                 // path as given, and the text (for excerpts)
    std::vector<GameReport> games;
    std::vector<Finding> findings;          // outside any game
    std::optional<std::string> read_error;  // the file could not be read

    std::size_t count(Severity s) const;
};

FileReport check_text(std::string path, std::string text, const CheckOptions& options,
                      const ngn::ParseOptions& parse_options = {});

}  // namespace ironlog
