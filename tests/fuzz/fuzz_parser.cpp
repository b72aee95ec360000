// libFuzzer target: any bytes read as NGN. Reading never crashes or hangs; reading the bytes as a
// stream, a block at a time, finds the same games and errors as reading them whole; reading them
// cut into chunks as for two threads (-j) finds the same as one thread, under small limits too; and a
// game that reads without errors is written by fmt as canonical NGN that reads again, to the same
// text.
#include "check/game_stream.hpp"
#include "notation/format.hpp"
#include "notation/parser.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <sstream>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ngn::ParsedFile parsed = ngn::parse_text(text);
    {
        std::istringstream in{std::string(text)};
        ngn::LineWindow window;
        std::size_t games = 0, errors = 0;
        const ngn::FileErrors outside = ngn::read_games(in, window, [&](ngn::Game&& g) {
            if (games < parsed.games.size()) {
                const ngn::Game& whole = parsed.games[games];
                if (g.first_line != whole.first_line || g.last_line != whole.last_line || g.lines.size() != whole.lines.size())
                    std::abort();  // the stream grouped the lines otherwise
            }
            ++games;
            errors += g.errors.size();
            window.release_through(g.last_line);
        });
        if (games != parsed.games.size() || errors + outside.errors.size() != parsed.error_count()) std::abort();
    }
    {
        // small limits, so that max_errors and a game too long are met within a chunk and at its edge
        ngn::ParseOptions small;
        small.max_errors = 1 + size % 4;
        small.max_game_bytes = 64 + size % 512;
        auto games_of = [&](unsigned jobs) {
            std::istringstream in{std::string(text)};
            std::string seen;
            ironlog::Threads threads;
            threads.jobs = jobs;
            threads.chunk_bytes = 1;  // cut wherever a cut may be made
            threads.on_calling_thread = true;  // the chunks' logic; the threads are the tests' and TSan's
            const ironlog::StreamRead read = ironlog::for_each_game<std::string>(
                in, "fuzz.ngn", small, threads,
                [](ngn::Game&& g, const ngn::LineWindow& window) {
                    std::string d = std::to_string(g.first_line) + "-" + std::to_string(g.last_line) + ":" +
                                    std::to_string(g.lines.size()) + ":";
                    for (const auto& e : g.errors) d += std::to_string(e.pos.line) + "." + e.message + ";";
                    if (g.errors.empty()) d += std::to_string(window.raw_lines(g.first_line, g.last_line).size());
                    return d;
                },
                [&](std::string&& d) { seen += d + "\n"; });
            seen += "outside " + std::to_string(read.errors.errors.size()) + " truncated " + std::to_string(read.errors.truncated) +
                    " at " + std::to_string(read.last_line) + " games " + std::to_string(read.games);
            for (const auto& [line, excerpt] : read.outside.lines()) seen += "|" + std::to_string(line) + excerpt;
            return seen;
        };
        if (games_of(1) != games_of(2)) std::abort();  // the threads read otherwise than one
    }
    for (const auto& game : parsed.games) {
        if (!game.errors.empty()) continue;
        const std::string canonical = ngn::format_game(game);
        ngn::ParsedFile again = ngn::parse_text(canonical);
        if (again.error_count() != 0) std::abort();  // fmt wrote something that does not read
        if (again.games.size() == 1 && ngn::format_game(again.games.front()) != canonical) std::abort();  // not a fixed point
    }
    return 0;
}
