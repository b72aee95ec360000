// Random legal games, for benchmarks, demonstrations and property tests: a ruleset that can
// play itself writes complete games in canonical NGN, every choice random but legal and every
// die random, the same games for the same seed.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace ironlog {

// What a generator may need beyond the seed: the files a ruleset's records name (a map).
struct GenerateOptions {
    std::string map;      // an area map file, written into [Map] as given (eia-naval)
    std::string tables;   // a table pack, written into [Tables] as given (tmbv)
    std::string library;  // a ship manifest or library, written into [Library] as given (tmbv)
    std::string variant;  // tmbv: "campaign" for campaigns (13.1) on the map; else Battles of Lissa
};

// A small deterministic random source (SplitMix64): the same numbers on every platform.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    // The source for game `index` of a seed: each game its own stream, so any game of a seed
    // can be made alone.
    static Random for_game(std::uint64_t seed, int index);
    std::uint64_t next();
    int below(int n);               // 0 .. n-1
    int between(int lo, int hi);    // lo .. hi
    int d6() { return between(1, 6); }
    bool chance(int percent) { return below(100) < percent; }

private:
    std::uint64_t state_;
};

// What every generated game's header shares: [NGN], then [Event] (`event` and the number of its
// league of 1,000 games), [Date] and [Round] of game `index`.
std::string generated_header(const std::string& event, int index);
// One of 40 player names, for the [PlayerN] tags.
const char* player_name(int i);
constexpr int kPlayerNames = 40;

}  // namespace ironlog
