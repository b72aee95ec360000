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

void keep_outside(StreamRead& read, const ngn::LineWindow& window, const ngn::FileErrors& errors, bool starts_file) {
    if (!starts_file) return;
    // Errors outside games lie before the first game, in lines no game released.
    for (const auto& e : errors.errors)
        if (!read.outside.has(e.pos.line)) read.outside.keep(e.pos.line, window.line(e.pos.line));
    if (read.games == 0) read.outside.keep(1, window.line(1));
}

// A chunk is handed over open once it holds a game too long to be read, and more: such a game
// is let go line by line as it is read, which only the reader of the whole stream can do.
std::size_t max_chunk_bytes(const ngn::ParseOptions& options, const Threads& threads) {
    if (options.max_game_bytes == 0) return 0;  // no game is too long: a chunk holds its longest game
    return threads.chunk_bytes + 2 * options.max_game_bytes;
}

}  // namespace detail
}  // namespace ironlog
