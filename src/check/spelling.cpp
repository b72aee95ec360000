#include "check/spelling.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace ironlog {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    auto same = [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    };
    std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
            if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        before = prev;
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
    if (word.size() > kLongestMistyped) return {};
    const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
    std::string best;
    std::size_t best_d = limit + 1;
    for (const auto& c : candidates) {
        if (c.size() > word.size() + best_d || word.size() > c.size() + best_d) continue;  // as far apart as their lengths at least
        std::size_t d = edit_distance(word, c);
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    return best;
}

}  // namespace ironlog
