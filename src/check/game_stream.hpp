// The games of a stream, each handed to a function as it is read: on one thread, or on several a
// chunk of games at a time (-j), with the results handed back in file order either way.
#pragma once

#include "check/in_order.hpp"
#include "notation/parser.hpp"
#include "notation/source.hpp"

#include <functional>
#include <istream>
#include <optional>
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

// Reads games one at a time from feed_games, counting them in read, each handed to per_game with
// the window holding its lines and its result to done; each game's lines let go once it is done.
template <class Result, class Feed>
ngn::FileErrors one_at_a_time(StreamRead& read, ngn::LineWindow& window, const Feed& feed_games,
                              const std::function<Result(ngn::Game&&, const ngn::LineWindow&)>& per_game,
                              const std::function<void(Result&&)>& done) {
    bool first = read.games == 0;
    return feed_games([&](ngn::Game&& game) {
        if (first) keep_before_game(window, game, read.outside);
        first = false;
        ++read.games;
        const std::uint32_t last = game.last_line;
        done(per_game(std::move(game), window));
        window.release_through(last);
    });
}

// What a thread made of a chunk: its games' results, for the merge to hand on in order.
template <class Result>
struct ChunkResult {
    ngn::GameChunk chunk;
    ngn::FileErrors errors;
    std::vector<Result> games;
    ngn::SourceExcerpts outside;
};

// Merges the chunks' results in file order, on the calling thread, so that the games, their errors
// and where reading stops (max_errors) are exactly those of reading the stream on one thread.
template <class Result>
class ChunkMerge {
public:
    using PerGame = std::function<Result(ngn::Game&&, const ngn::LineWindow&)>;
    using Done = std::function<void(Result&&)>;
    ChunkMerge(StreamRead& read, ngn::ChunkReader& chunks, const ngn::ParseOptions& options, const PerGame& per_game,
               const Done& done)
        : read_(read), chunks_(chunks), options_(options), per_game_(per_game), done_(done) {}

    bool stopped() const { return stopped_; }

    // A chunk as a thread reads it: its games handled there. It reads only what does not change
    // while the threads run (the options, per_game), so any thread may call it.
    ChunkResult<Result> read_on_thread(ngn::GameChunk&& chunk, const std::string& path) const {
        ChunkResult<Result> r{std::move(chunk), {}, {}, ngn::SourceExcerpts(path)};
        bool first = true;
        r.errors = ngn::read_games(
            r.chunk,
            [&](ngn::Game&& game) {
                if (first && r.chunk.starts_file) keep_before_game(r.chunk.lines, game, r.outside);
                first = false;
                r.games.push_back(per_game_(std::move(game), r.chunk.lines));
            },
            options_);
        return r;
    }

    // The next chunk's result, in file order.
    void take(ChunkResult<Result>&& r) {
        if (stopped_) return;
        if (stops_before_next()) return stop_before(r.chunk);
        // Read again here when where reading stops lies in it, or when the chunk before did not
        // hand on the comments the thread took as its first game's (that game was too long).
        if ((options_.max_errors != 0 && counted_ + r.errors.error_count >= options_.max_errors) ||
            r.errors.lead_seeded != handed_on_) {
            merge(read_here(r.chunk), r.chunk.starts_file);
            return;
        }
        for (const auto& [line, text] : r.outside.lines()) read_.outside.keep(line, text);
        for (auto& game : r.games) {
            ++read_.games;
            done_(std::move(game));
        }
        keep_outside(read_, r.chunk.lines, r.errors, r.chunk.starts_file);
        merge(std::move(r.errors), r.chunk.starts_file);
    }

    // The chunk with no place to cut, read with the rest of the stream, and the totals.
    void finish(std::optional<ngn::GameChunk>& open) {
        if (open && !stopped_) {
            if (stops_before_next()) stop_before(*open);
            else merge(read_here(*open), open->starts_file);
        }
        if (read_.errors.truncated) ++read_.last_line;  // the line at which reading stopped
        read_.errors.error_count = counted_;
        read_.errors.last_line = read_.last_line;
    }

private:
    // Reading the whole file counts the errors at a chunk's end only once the next line is read:
    // whether reading stops at the next chunk's first line is decided without them.
    bool stops_before_next() const { return options_.max_errors != 0 && counted_ - pending_ >= options_.max_errors; }

    // A chunk read again on this thread, its games handed over as they are read, counting from the
    // errors before it: when max_errors is reached within it, or when it is open.
    ngn::FileErrors read_here(ngn::GameChunk& chunk) {
        chunk.lines.rewind();  // as the thread that read it first had it
        ngn::FileErrors errors = one_at_a_time<Result>(
            read_, chunk.lines,
            [&](const auto& on_game) {
                return ngn::read_games(chunk, on_game, options_, &chunks_.rest(), counted_ - pending_, pending_,
                                       handed_on_ != 0);
            },
            per_game_, done_);
        keep_outside(read_, chunk.lines, errors, chunk.starts_file);
        return errors;
    }

    void merge(ngn::FileErrors&& errors, bool starts_file) {
        counted_ += errors.error_count;
        pending_ = errors.errors_at_end;
        handed_on_ = errors.lead_handed_on;
        read_.last_line = errors.last_line;
        if (starts_file) {
            read_.errors.errors = std::move(errors.errors);
            read_.errors.orphan_comments = std::move(errors.orphan_comments);
            read_.errors.orphan_store = std::move(errors.orphan_store);
        }
        read_.errors.truncated = errors.truncated;
        stopped_ = errors.truncated;
    }

    // The chunk after one that used up max_errors is not read: reading stopped at its first line.
    void stop_before(const ngn::GameChunk& chunk) {
        read_.errors.truncated = true;
        read_.last_line = chunk.first_line + chunk.lead_lines - 1;  // its lead was the chunk before's
        stopped_ = true;
    }

    StreamRead& read_;
    ngn::ChunkReader& chunks_;
    const ngn::ParseOptions& options_;
    const PerGame& per_game_;
    const Done& done_;
    bool stopped_ = false;      // max_errors reached: nothing more is read
    std::size_t counted_ = 0;   // errors counted against max_errors so far
    std::size_t pending_ = 0;   // of those, the ones counted at the end of the last chunk
    std::size_t handed_on_ = 0; // the comments the last chunk handed on to the next game
};

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
    if (threads.jobs <= 1) {
        ngn::LineWindow window;
        read.errors = detail::one_at_a_time<Result>(
            read, window, [&](const auto& on_game) { return ngn::read_games(in, window, on_game, options); }, per_game,
            done);
        detail::keep_outside(read, window, read.errors, true);
        read.last_line = read.errors.last_line + (read.errors.truncated ? 1 : 0);  // where reading stopped
        return read;
    }
    ngn::ChunkReader chunks(in, threads.chunk_bytes, detail::max_chunk_bytes(options, threads));
    detail::ChunkMerge<Result> merge(read, chunks, options, per_game, done);
    std::optional<ngn::GameChunk> open;  // read last, with the rest of the stream
    run_in_order<ngn::GameChunk, detail::ChunkResult<Result>>(
        threads.on_calling_thread ? 1 : threads.jobs,
        [&]() -> std::optional<ngn::GameChunk> {
            if (merge.stopped()) return std::nullopt;
            auto chunk = chunks.next();
            if (chunk && chunk->open) {
                open = std::move(chunk);
                return std::nullopt;
            }
            return chunk;
        },
        [&](ngn::GameChunk&& chunk) { return merge.read_on_thread(std::move(chunk), path); },
        [&](detail::ChunkResult<Result>&& r) { merge.take(std::move(r)); });
    merge.finish(open);
    return read;
}

}  // namespace ironlog
