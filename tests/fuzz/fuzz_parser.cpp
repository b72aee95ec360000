// libFuzzer target: any bytes read as NGN. Reading never crashes or hangs, and a game that reads
// without errors is written by fmt as canonical NGN that reads again, to the same text.
#include "notation/format.hpp"
#include "notation/parser.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ngn::ParsedFile parsed = ngn::parse_text(text);
    for (const auto& game : parsed.games) {
        if (!game.errors.empty()) continue;
        const std::string canonical = ngn::format_game(game);
        ngn::ParsedFile again = ngn::parse_text(canonical);
        if (again.error_count() != 0) std::abort();  // fmt wrote something that does not read
        if (again.games.size() == 1 && ngn::format_game(again.games.front()) != canonical) std::abort();  // not a fixed point
    }
    return 0;
}
