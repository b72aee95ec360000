// Reading NGN: a file is read one line at a time (every construct of the notation lies on
// one line), so an error spoils only its own line and one run reports every syntax error.
#pragma once

#include "notation/chunks.hpp"
#include "notation/line_reader.hpp"
#include "notation/record.hpp"
#include "notation/source.hpp"

#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <string_view>

namespace ngn {

struct ParseOptions {
    std::size_t max_errors = 100;  // per file; 0 = no limit
    // A game's text (its lines and the comments before it) longer than this is not read: it is
    // handed over with no lines and one error saying so, and its lines are let go as they come,
    // so that memory stays bounded whatever the input (a game read takes some 50 times its text).
    // The comments before a game are let go the same way, with one error. 0 = no limit.
    std::size_t max_game_bytes = kDefaultMaxGameBytes;
    static constexpr std::size_t kDefaultMaxGameBytes = std::size_t{512} << 10;  // 512 KiB: some 15,000 lines
};

struct FileErrors {
    std::vector<SyntaxError> errors;  // errors outside any game (before the first tag)
    bool truncated = false;           // max_errors was reached
    std::vector<Line> orphan_comments;  // comment lines of a file that holds no game
    RecordStore orphan_store;           // their text
    std::size_t error_count = 0;        // the syntax errors counted against max_errors, in games and out
    std::size_t errors_at_end = 0;      // of those, the ones counted at the end of the text (a last game too long)
    std::size_t lead_handed_on = 0;     // a chunk cut before a game: its comments that introduce that game
    std::size_t lead_seeded = 0;        // a chunk after such a cut: the comments it took as its first game's
    std::uint32_t last_line = 0;        // the last line read
};

// Reads the games of a chunk, as read_games reads them in the whole file; an open chunk goes on
// into rest, its lines pushed to the chunk's window. max_errors counts from errors_before, to which
// errors_pending (the chunk before's errors_at_end) is added once the chunk's first line is read,
// as reading the whole file counts them.
// with_lead: the chunk before handed on its closing comments (lead_handed_on); else its lead lines
// are not read.
FileErrors read_games(GameChunk& chunk, const std::function<void(Game&&)>& on_game, const ParseOptions& options,
                      LineReader* rest = nullptr, std::size_t errors_before = 0, std::size_t errors_pending = 0,
                      bool with_lead = true);

// Reads the games of a text one after another, as a PGN reader does. Each game is handed to
// on_game as soon as it is complete, so memory does not grow with the number of games.
FileErrors read_games(std::string_view text, const std::function<void(Game&&)>& on_game,
                      const ParseOptions& options = {});

// The same from a stream (a file, standard input), read a block at a time, so that not even the
// text is held whole: each line is pushed to window before it is read, and the caller releases
// the lines it no longer wants (say, a game's once it is checked). A stream that fails to read
// simply ends; the caller asks it whether it went bad.
FileErrors read_games(std::istream& in, LineWindow& window, const std::function<void(Game&&)>& on_game,
                      const ParseOptions& options = {});

// All games of a text at once (tests, fmt).
struct ParsedFile {
    std::vector<Game> games;
    FileErrors file_errors;
    std::size_t error_count() const;
};
ParsedFile parse_text(std::string_view text, const ParseOptions& options = {});

// One line, on its own (the line number is used for positions only).
struct LineResult {
    std::optional<Line> line;
    std::optional<SyntaxError> error;
    RecordStore store;  // the memory its items are held in: keep the result while using them
};
LineResult parse_line(std::string_view line_text, std::uint32_t line_number);

// Every line of a text on its own (LF or CRLF), numbered from 1: for the files written in NGN's
// line syntax that are not game records (maps, table packs).
void for_each_line(std::string_view text, const std::function<void(LineResult&&)>& on_line);

// Self-check of the PEGTL grammar (number of problems found by tao::pegtl::analyze).
std::size_t analyze_grammar();

// Whether the whole text matches the grammar's top rule `file` in one pass. Builds nothing: the
// benchmark times it as the cost of the notation's own grammar.
bool matches_file_rule(std::string_view text);

// The floor under any reader built on this grammar: the text cut into lines and each line
// matched by `line`, as the reader does, with actions that only note where each item, name,
// note and comment is (a span kept in storage reused from line to line). Builds no record. The
// benchmark times it beside the grammar alone and the reader. Returns the spans noted (0 for a
// text with none); none when a line does not match.
std::optional<std::size_t> count_item_spans(std::string_view text);

}  // namespace ngn
