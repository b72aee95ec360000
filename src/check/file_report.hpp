// Checking a whole file: every game in it, and the syntax errors that stand outside games.
#pragma once

#include "check/game_stream.hpp"
#include "check/replay.hpp"
#include "check/report.hpp"
#include "notation/parser.hpp"
#include "notation/source.hpp"

#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace ironlog {

// Receives each game's report as soon as it is checked, with the lines its findings point at.
using GameSink = std::function<void(GameReport&&, const ngn::SourceExcerpts&)>;

// Checks one game of a stream, its lines in the window: check_game unless the caller has its own
// (the session's, which keeps the games it checked and their reports).
using GameChecker = std::function<GameReport(ngn::Game&&, const ngn::LineWindow&)>;

// Checks the games of a stream as they are read. With a sink, each game's report goes to it and
// is not kept, so memory holds one game at a time whatever the number of games; without one,
// the reports are kept in the FileReport. With threads.jobs > 1 the games are checked on that
// many threads (for_each_game); the sink sees the same reports in the same order.
FileReport check_stream(std::string path, std::istream& in, const CheckOptions& options,
                        const ngn::ParseOptions& parse_options = {}, const GameSink& on_game = {},
                        const Threads& threads = {}, const GameChecker& checker = {});

// The same for a text held in memory (tests, small inputs); the reports are kept.
FileReport check_text(std::string path, std::string text, const CheckOptions& options,
                      const ngn::ParseOptions& parse_options = {});

}  // namespace ironlog
