#include "check/spelling.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace ironlog {

namespace {

unsigned char fold(char c) { return static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(c))); }

std::string folded(std::string_view s) {
    std::string out(s.size(), '\0');
    std::transform(s.begin(), s.end(), out.begin(), [](char c) { return static_cast<char>(fold(c)); });
    return out;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) { return edit_distance_within(a, b, a.size() + b.size()); }

std::size_t edit_distance_within(std::string_view a, std::string_view b, std::size_t bound) {
    auto same = [](char x, char y) { return fold(x) == fold(y); };
    static thread_local std::vector<std::size_t> before, prev, cur;  // rows, kept from call to call
    before.assign(b.size() + 1, 0), prev.assign(b.size() + 1, 0), cur.assign(b.size() + 1, 0);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        std::size_t row_least = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
            if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
                cur[j] = std::min(cur[j], before[j - 2] + 1);
            row_least = std::min(row_least, cur[j]);
        }
        // no later row goes below this one's least by more than one (a swap reaches back a row)
        if (row_least > bound + 1) return bound + 1;
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return std::min(prev[b.size()], bound + 1);
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

namespace {

NameIndex::Letters letters_of(std::string_view s) {
    NameIndex::Letters l{};
    for (char c : s) {
        const unsigned char f = fold(c);
        const std::size_t k = f >= 'a' && f <= 'z' ? f - 'a' : f >= '0' && f <= '9' ? 26 + (f - '0') % 5 : 31;
        if (l[k] < 255) ++l[k];
    }
    return l;
}

// Half the letters two words do not share, rounded up: no fewer edits turn one into the other.
std::size_t fewest_edits(const NameIndex::Letters& a, const NameIndex::Letters& b) {
    std::size_t apart = 0;
    for (std::size_t k = 0; k < a.size(); ++k) apart += static_cast<std::size_t>(a[k] > b[k] ? a[k] - b[k] : b[k] - a[k]);
    return (apart + 1) / 2;
}

}  // namespace

namespace {

// A string's hash in the top 40 bits, for a list of names' strings: a name's number goes below.
std::uint64_t key_of(std::string_view s) { return std::hash<std::string_view>{}(s) & ~std::uint64_t{0xFFFFFF}; }

// Each string made from s by leaving out at most `most` letters (some more than once: no matter).
template <class Out>
void letters_out(const std::string& s, std::size_t most, Out&& out) {
    out(s);
    std::string less;
    for (std::size_t i = 0; i < s.size() && most >= 1; ++i) {
        less.assign(s).erase(i, 1);
        out(less);
        for (std::size_t j = i; j < less.size() && most >= 2; ++j) {
            std::string two = less;
            two.erase(j, 1);
            out(two);
        }
    }
}

}  // namespace

void NameIndex::add(std::string_view name) {
    const auto id = static_cast<std::uint32_t>(names_.size());
    names_.emplace_back(name);
    letters_.push_back(letters_of(name));
    if (name.size() > kLongestMistyped) return;  // never suggested: no word is compared with it
    if (by_length_.size() <= name.size()) by_length_.resize(name.size() + 1);
    by_length_[name.size()].push_back(id);
    if (id >= kIndexed) unindexed_ = true;
}

// The names added since the last lookup get their strings now: a record that misspells nothing
// never pays for them.
void NameIndex::sort_keys() const {
    for (; listed_ < names_.size() && listed_ < kIndexed; ++listed_) {
        const std::string& name = names_[listed_];
        if (name.size() > kLongestMistyped) continue;
        const auto id = static_cast<std::uint32_t>(listed_);
        letters_out(folded(name), name.size() <= kTwoOut ? 2 : 1, [&](const std::string& k) { newest_.push_back(key_of(k) | id); });
    }
    if (newest_.empty()) return;
    std::sort(newest_.begin(), newest_.end());
    const auto middle = recent_.insert(recent_.end(), newest_.begin(), newest_.end());
    std::inplace_merge(recent_.begin(), middle, recent_.end());
    newest_.clear();
    if (recent_.size() > 65536 + keys_.size() / 4) {  // merged into the large list now and then: each key a bounded number of times
        const auto at = keys_.insert(keys_.end(), recent_.begin(), recent_.end());
        std::inplace_merge(keys_.begin(), at, keys_.end());
        recent_.clear();
    }
}

std::string NameIndex::nearest(std::string_view word, std::size_t limit) const {
    if (word.size() > kLongestMistyped) return {};
    sort_keys();
    std::size_t best_d = limit + 1;
    std::uint32_t best = 0;
    auto consider = [&](std::uint32_t id, std::size_t d) {
        if (d < best_d || (d == best_d && id < best)) best_d = d, best = id;
    };
    // Two edits or fewer: every such name shares one of the word's strings with letters left out.
    const std::size_t out = std::min<std::size_t>(2, limit);
    letters_out(folded(word), word.size() <= kTwoOut + 2 ? out : std::min<std::size_t>(out, 1), [&](const std::string& k) {
        const Key from = key_of(k), to = from | (kIndexed - 1);
        for (const auto* list : {&keys_, &recent_})
            for (auto it = std::lower_bound(list->begin(), list->end(), from); it != list->end() && *it <= to; ++it) {
                const auto id = static_cast<std::uint32_t>(*it & (kIndexed - 1));
                const std::size_t bound = std::min(best_d, limit);
                if (const std::size_t d = edit_distance_within(word, names_[id], bound); d <= bound) consider(id, d);
            }
    });
    // The names the lists cannot vouch for: those within two edits if they are longer than kTwoOut
    // (only one letter out is kept of them), and any name farther than two.
    const bool two_found = best_d <= 2 && !unindexed_;
    if (best_d <= 1 && !unindexed_) return names_[best];
    const Letters mine = letters_of(word);
    const std::size_t shortest = word.size() > limit ? word.size() - limit : 0;
    for (std::size_t len = shortest; len <= word.size() + limit && len < by_length_.size(); ++len) {
        if (two_found && len <= kTwoOut) continue;  // every short name within two was found above
        const std::size_t gap = len > word.size() ? len - word.size() : word.size() - len;
        if (gap > std::min(best_d, limit)) continue;
        for (auto id : by_length_[len]) {
            const std::size_t bound = std::min(best_d, limit);  // a tie with the best may still come earlier
            if (fewest_edits(mine, letters_[id]) > bound) continue;
            const std::size_t d = edit_distance_within(word, names_[id], bound);
            if (d <= bound) consider(id, d);
        }
    }
    return best_d <= limit ? names_[best] : std::string();
}

}  // namespace ironlog
