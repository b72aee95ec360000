// Cutting a stream into chunks of whole games, for -j: each chunk read by a thread of its own
// (read_games(GameChunk&, ...), parser.hpp).
#pragma once

#include "notation/line_reader.hpp"
#include "notation/source.hpp"

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ngn {

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

}  // namespace ngn
