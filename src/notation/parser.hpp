// Reading NGN: a file is read one line at a time (every construct of the notation lies on
// one line), so an error spoils only its own line and one run reports every syntax error.
#pragma once

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

// The lines of a stream one at a time, read a block at a time. Of a line longer than an NGN line
// may be, only the start is kept; its length says how long it was.
class LineReader {
public:
    explicit LineReader(std::istream& in) : in_(in), block_(std::size_t{1} << 16) {}
    struct Raw {
        std::string_view text;  // as read, its line ending included (of an overlong line, the start)
        std::size_t length;     // the line's bytes up to its line ending ("\n" or "\r\n")
    };
    // The next line, valid until the next call; none at the end of the stream or once it fails.
    std::optional<Raw> next();
    // Goes on from bytes already taken from the stream (past its start), then from the stream.
    void resume(std::string_view taken);

private:
    void keep(std::string_view piece);
    std::istream& in_;
    std::vector<char> block_;
    std::string_view rest_;      // what the block holds beyond the lines handed out
    bool first_block_ = true;
    std::string partial_;        // a line that runs past the block
    std::size_t partial_length_ = 0;
    char partial_last_ = 0;
    bool partial_handed_ = false;  // partial_ was the last line handed out: clear it
};

// A run of whole games cut from a file, for one thread to read and check while others take the
// next ones. It is cut where a game's first tag follows the body of the game before, with nothing
// but blank lines and comment lines between, so that its games read exactly as in the whole file.
struct GameChunk {
    explicit GameChunk(std::uint32_t first = 1) : first_line(first), lines(first, false) {}
    // The number of its first line (its window's first moves on as a game too long is let go).
    std::uint32_t first_line;
    // Its lines as read from the stream, whole, until the thread that reads the chunk finds where
    // each begins (index_lines): the cutting thread looks at few of them.
    std::string text;
    LineWindow lines;  // numbered as in the file; lines released stay, so that it can be read again
    std::vector<std::pair<std::uint32_t, std::size_t>> overlong;  // lines held in part, with their length
    std::size_t bytes = 0;  // the size of its text as cut (before index_lines moves it into lines)
    // Its first lines, also the last of the chunk before: the comment lines (and blank lines among
    // them) between the game before and its first game's first tag, which introduce that game
    // unless the game before was too long to read (GameReader::finish_game).
    std::uint32_t lead_lines = 0;
    bool cut_after = false;  // a game's first tag follows its last line (the next chunk's)
    // No game began within the limit of a chunk: the rest of the stream is read with it, in order
    // (a game too long to read, say), by one thread.
    bool open = false;
    bool starts_file = true;
};

// Moves a chunk's text into its lines, each line held as LineReader hands it over (of an overlong
// line, the start). read_games(GameChunk&, ...) does it first; done once.
void index_lines(GameChunk& chunk);

// Cuts a stream into chunks. It reads the stream a block at a time into the chunk being made, and
// looks at lines only from where the chunk has its size to the next place it may be cut: the
// thread that reads a chunk finds its lines, so that one cutting thread keeps many busy.
class ChunkReader {
public:
    // chunk_bytes: the size a chunk reaches before it is cut at the next game; max_chunk_bytes:
    // the size at which a chunk that found no place to cut is handed over open (0: no limit).
    ChunkReader(std::istream& in, std::size_t chunk_bytes, std::size_t max_chunk_bytes);
    // The next chunk; none at the end of the stream. The first is handed over even when empty.
    std::optional<GameChunk> next();
    LineReader& rest() { return lines_; }  // the stream after an open chunk

private:
    bool read_block(std::string& text);
    std::optional<std::size_t> find_cut(const std::string& text, std::size_t& lead_from);
    std::optional<std::size_t> lead_before(const std::string& text, std::size_t tag_at);
    bool tag_before(const std::string& text, std::size_t at);
    void hand_on(GameChunk& chunk, std::size_t tag_at, std::size_t lead_from);
    GameChunk hand_over_open(GameChunk& chunk);

    std::istream& in_;
    LineReader lines_;
    std::size_t chunk_bytes_, max_chunk_bytes_, block_bytes_;
    std::optional<GameChunk> following_;  // begun with the lines from the last cut on
    std::size_t scan_ = 0;                // the next line of the chunk being made to look at for a cut
    std::size_t searched_ = 0;            // no line ending before this, from scan_ on
    bool positioned_ = false;             // scan_ is past the line that holds byte chunk_bytes_ - 1
    bool first_ = true, done_ = false, ended_ = false, at_start_ = true;
    // Of the first chunk (after a cut a game has begun): whether a tag line begins before some
    // place, found by looking at its lines from its start once, up to the first tag line.
    bool tag_seen_ = false;
    std::size_t tags_searched_ = 0;       // the first line of the first chunk not yet looked at
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
