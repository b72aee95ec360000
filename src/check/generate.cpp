#include "check/generate.hpp"

namespace ironlog {

std::uint64_t Random::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Random Random::for_game(std::uint64_t seed, int index) {
    Random mix(seed ^ (0xD1B54A32D192ED03ull * static_cast<std::uint64_t>(index + 1)));
    return Random(mix.next());
}

int Random::below(int n) { return n <= 1 ? 0 : static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

int Random::between(int lo, int hi) { return lo + below(hi - lo + 1); }

}  // namespace ironlog
