// The games of a stream, each handed to a function as it is read: on one thread, or on several a
// chunk of games at a time (-j), with the results handed back in file order either way.
#pragma once

#include "check/in_order.hpp"
#include "notation/parser.hpp"
#include "notation/source.hpp"

#include <istream>
#include <string>
#include <vector>

namespace ironlog {

struct Threads {
    unsigned jobs = 1;  // threads reading and checking games; 1: the calling thread alone
    // The text a thread takes at a time (about 100 games); a chunk is cut only where a game begins.
    std::size_t chunk_bytes = std::size_t{256} << 10;
    // With jobs > 1: cut and merge the chunks as for that many threads, but read them all on the
    // calling thread (the fuzzer, which cannot afford to start threads for every input).
    bool on_calling_thread = false;
};

// What reading a stream found beside its games.
struct StreamRead {
    ngn::FileErrors errors;        // errors outside games, truncated (max_errors), error_count
    ngn::SourceExcerpts outside;   // lines before the first game that hold something, the lines of
                                   // the errors outside games, and line 1 when there is no game
    std::uint32_t last_line = 0;   // the last line read (where reading stopped, when truncated)
    std::size_t games = 0;
};

namespace detail {
// The parts of for_each_game that do not depend on the result's type (game_stream.cpp).
void keep_outside(StreamRead& read, const ngn::LineWindow& window, const ngn::FileErrors& errors, bool starts_file);
void keep_before_game(const ngn::LineWindow& window, const ngn::Game& first_game, ngn::SourceExcerpts& into);
std::size_t max_chunk_bytes(const ngn::ParseOptions& options, const Threads& threads);
}  // namespace detail

// Reads the games of in and hands each, with the window holding its lines, to per_game; each
// result goes to done in file order, on the calling thread. With threads.jobs > 1 the stream is cut
// into chunks of whole games (ngn::ChunkReader) read and handled on that many threads: the games,
// their errors, max_errors and the result are exactly those of one thread. A chunk that finds no
// place to cut (a game longer than the size limit) is read with the rest of the stream on the
// calling thread, in order.
template <class Result>
StreamRead for_each_game(std::istream& in, const std::string& path, const ngn::ParseOptions& options, const Threads& threads,
                         const std::function<Result(ngn::Game&&, const ngn::LineWindow&)>& per_game,
                         const std::function<void(Result&&)>& done) {
    StreamRead read;
    read.outside = ngn::SourceExcerpts(path);
    auto one_at_a_time = [&](ngn::LineWindow& window, const auto& feed_games) {
        bool first = read.games == 0;
        return feed_games([&](ngn::Game&& game) {
            if (first) detail::keep_before_game(window, game, read.outside);
            first = false;
            ++read.games;
            const std::uint32_t last = game.last_line;
            done(per_game(std::move(game), window));
            window.release_through(last);
        });
    };
    if (threads.jobs <= 1) {
        ngn::LineWindow window;
        read.errors = one_at_a_time(window, [&](const auto& on_game) { return ngn::read_games(in, window, on_game, options); });
        detail::keep_outside(read, window, read.errors, true);
        read.last_line = read.errors.last_line + (read.errors.truncated ? 1 : 0);  // where reading stopped
        return read;
    }

    struct ChunkResult {
        ngn::GameChunk chunk;
        ngn::FileErrors errors;
        std::vector<Result> games;
        ngn::SourceExcerpts outside;
    };
    ngn::ChunkReader chunks(in, threads.chunk_bytes, detail::max_chunk_bytes(options, threads));
    std::optional<ngn::GameChunk> open;   // read last, with the rest of the stream
    bool stopped = false;                 // max_errors reached: nothing more is read
    std::size_t counted = 0;              // errors counted against max_errors so far
    std::size_t pending = 0;              // of those, the ones counted at the end of the last chunk
    std::size_t handed_on = 0;            // the comments the last chunk handed on to the next game
    // Reading the whole file counts the errors at a chunk's end only once the next line is read:
    // whether reading stops at the next chunk's first line is decided without them.
    auto stops_before_next = [&] { return options.max_errors != 0 && counted - pending >= options.max_errors; };
    // A chunk read again on this thread, its games handed over as they are read, counting from the
    // errors before it: when max_errors is reached within it, or when it is open.
    auto read_here = [&](ngn::GameChunk& chunk) {
        chunk.lines.rewind();  // as the thread that read it first had it
        ngn::FileErrors errors = one_at_a_time(chunk.lines, [&](const auto& on_game) {
            return ngn::read_games(chunk, on_game, options, &chunks.rest(), counted - pending, pending, handed_on != 0);
        });
        detail::keep_outside(read, chunk.lines, errors, chunk.starts_file);
        return errors;
    };
    auto merge = [&](ngn::FileErrors&& errors, bool starts_file) {
        counted += errors.error_count;
        pending = errors.errors_at_end;
        handed_on = errors.lead_handed_on;
        read.last_line = errors.last_line;
        if (starts_file) {
            read.errors.errors = std::move(errors.errors);
            read.errors.orphan_comments = std::move(errors.orphan_comments);
        }
        read.errors.truncated = errors.truncated;
        stopped = errors.truncated;
    };
    // The chunk after one that used up max_errors is not read: reading stopped at its first line.
    auto stop_before = [&](const ngn::GameChunk& chunk) {
        read.errors.truncated = true;
        read.last_line = chunk.lines.first() + chunk.lead_lines - 1;  // its lead was the chunk before's
        stopped = true;
    };
    run_in_order<ngn::GameChunk, ChunkResult>(
        threads.on_calling_thread ? 1 : threads.jobs,
        [&]() -> std::optional<ngn::GameChunk> {
            if (stopped) return std::nullopt;
            auto chunk = chunks.next();
            if (chunk && chunk->open) {
                open = std::move(chunk);
                return std::nullopt;
            }
            return chunk;
        },
        [&](ngn::GameChunk&& chunk) {
            ChunkResult r{std::move(chunk), {}, {}, ngn::SourceExcerpts(path)};
            bool first = true;
            r.errors = ngn::read_games(
                r.chunk,
                [&](ngn::Game&& game) {
                    if (first && r.chunk.starts_file) detail::keep_before_game(r.chunk.lines, game, r.outside);
                    first = false;
                    r.games.push_back(per_game(std::move(game), r.chunk.lines));
                },
                options);
            return r;
        },
        [&](ChunkResult&& r) {
            if (stopped) return;
            if (stops_before_next()) return stop_before(r.chunk);
            // Read again here when where reading stops lies in it, or when the chunk before did not
            // hand on the comments the thread took as its first game's (that game was too long)
            if ((options.max_errors != 0 && counted + r.errors.error_count >= options.max_errors) ||
                r.errors.lead_seeded != handed_on) {
                merge(read_here(r.chunk), r.chunk.starts_file);
                return;
            }
            for (const auto& [line, text] : r.outside.lines()) read.outside.keep(line, text);
            for (auto& game : r.games) {
                ++read.games;
                done(std::move(game));
            }
            detail::keep_outside(read, r.chunk.lines, r.errors, r.chunk.starts_file);
            merge(std::move(r.errors), r.chunk.starts_file);
        });
    if (open && !stopped) {
        if (stops_before_next()) stop_before(*open);
        else merge(read_here(*open), open->starts_file);
    }
    if (read.errors.truncated) ++read.last_line;  // the line at which reading stopped
    read.errors.error_count = counted;
    read.errors.last_line = read.last_line;
    return read;
}

}  // namespace ironlog
