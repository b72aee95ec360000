// libFuzzer target: any bytes read as NGN. Reading never crashes or hangs; reading the bytes as a
// stream, a block at a time, finds the same games and errors as reading them whole; and a game
// that reads without errors is written by fmt as canonical NGN that reads again, to the same text.
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
    for (const auto& game : parsed.games) {
        if (!game.errors.empty()) continue;
        const std::string canonical = ngn::format_game(game);
        ngn::ParsedFile again = ngn::parse_text(canonical);
        if (again.error_count() != 0) std::abort();  // fmt wrote something that does not read
        if (again.games.size() == 1 && ngn::format_game(again.games.front()) != canonical) std::abort();  // not a fixed point
    }
    return 0;
}
