#include "check/game_stream.hpp"

#include <sched.h>

#include <algorithm>

namespace ironlog {

// The cores this process may run on (a container or taskset may allow fewer than the machine has).
unsigned all_cores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
    return std::max(1u, std::thread::hardware_concurrency());
}

namespace detail {

// Errors outside games lie before the first game's tags: among the comments that introduce it,
// or before them. Its lines are let go once it is read, so they are kept when it is handed over:
// the lines up to its first tag that hold something and are not its own.
void keep_before_game(const ngn::LineWindow& window, const ngn::Game& first_game, ngn::SourceExcerpts& into) {
    std::vector<std::uint32_t> own;
    std::uint32_t tags = first_game.last_line;
    for (const auto& l : first_game.lines) {
        if (!l.is<ngn::Blank>()) {
            tags = l.pos.line;
            break;
        }
        own.push_back(l.pos.line);
    }
    ngn::keep_content_lines(window, window.first(), first_game.first_line - 1, into);
    for (std::uint32_t n = first_game.first_line; n < tags; ++n)
        if (std::find(own.begin(), own.end(), n) == own.end()) ngn::keep_content_lines(window, n, n, into);
}

// With no game, no line was let go: the lines of the errors outside games, and line 1 (for "no
// game in this file"), are in the window.
void keep_outside(StreamRead& read, const ngn::LineWindow& window, const ngn::FileErrors& errors, bool starts_file) {
    if (!starts_file || read.games != 0) return;
    for (const auto& e : errors.errors)
        if (!read.outside.has(e.pos.line)) read.outside.keep(e.pos.line, window.line(e.pos.line));
    read.outside.keep(1, window.line(1));
}

// A chunk is handed over open once it has found no place to cut for longer than a game may be
// (or, with no limit on games, than four chunks): a game too long is let go line by line as it is
// read, which only the reader of the whole stream can do, and memory must not hold more.
std::size_t max_chunk_bytes(const ngn::ParseOptions& options, const Threads& threads) {
    if (options.max_game_bytes == 0) return 4 * threads.chunk_bytes;
    return threads.chunk_bytes + 2 * options.max_game_bytes;
}

}  // namespace detail
}  // namespace ironlog
