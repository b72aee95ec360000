#include "check/generate.hpp"

#include <cstdio>

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

std::string generated_header(const std::string& event, int index) {
    char date[16];
    std::snprintf(date, sizeof date, "2026.%02d.%02d", 1 + index % 12, 1 + index % 28);
    return "[NGN \"1\"]\n[Event \"" + event + " " + std::to_string(1 + (index - 1) / 1000) + "\"]\n[Date \"" + date + "\"]\n[Round \"" +
           std::to_string(index) + "\"]\n";
}

const char* player_name(int i) {
    static const char* const kNames[kPlayerNames] = {"Anna", "Ben",  "Carla", "Dario", "Elena", "Felix", "Greta", "Hugo", "Ines", "Jonas",
                                                     "Klara", "Luca", "Mara", "Nico", "Olga", "Paul", "Quinn", "Rosa", "Sven", "Tina",
                                                     "Ugo",  "Vera", "Willem", "Xenia", "Yann", "Zora", "Aldo", "Bea", "Cyril", "Dora",
                                                     "Emil", "Fenna", "Gino", "Hanna", "Ivo", "Jana", "Kurt", "Lena", "Milo", "Nora"};
    return kNames[((i % kPlayerNames) + kPlayerNames) % kPlayerNames];
}

}  // namespace ironlog
