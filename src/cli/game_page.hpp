// `ironlog report GAME.ngn -o game.html`: a game's report as one self-contained HTML page
// (docs/report.md). The game is replayed twice: once to fit the board's frame to every step,
// once to draw each step on it (output/game_page.hpp); no step's scene is kept.
#pragma once

#include "notation/parser.hpp"

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

namespace ironlog::cli {

// The HTML report of the game `game` (from 1) of the record `text`, read as if it were the file
// `path` (the files its header names are looked for beside it). False with `error` when it
// cannot be made (no such game, syntax errors).
bool write_game_page(std::ostream& out, std::string_view text, const std::string& path, std::string& error, std::size_t game = 1);

struct ReportArgs {
    std::string file;
    std::string output;  // "" = standard output
    std::size_t game = 1;
    std::size_t max_game_bytes = ngn::ParseOptions::kDefaultMaxGameBytes;
};
int run_report(const ReportArgs& args);

}  // namespace ironlog::cli
