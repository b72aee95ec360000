#include "check/items.hpp"

#include <algorithm>

#include <cctype>

namespace ironlog {

int saturating_add(int a, int b) {
    const long long sum = static_cast<long long>(a) + b;
    return static_cast<int>(std::clamp<long long>(sum, -100000000LL, 100000000LL));
}

namespace {
// ASCII only: names are compared as written.
char lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

void add_elements(std::vector<const ngn::Item*>& out, const ngn::Item& it) {
    if (const auto* l = it.as<ngn::List>())
        for (const auto& x : l->items) out.push_back(&x);
    else
        out.push_back(&it);
}
}  // namespace

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lower_ascii(c);
    return out;
}

std::string with_article(std::string_view noun) {
    const bool vowel = !noun.empty() && std::string_view("aeiouAEIOU").find(noun.front()) != std::string_view::npos;
    return (vowel ? "an " : "a ") + std::string(noun);
}

const std::string* word_text(const ngn::Item& it) {
    if (const auto* w = it.as<ngn::Word>()) return &w->text;
    return nullptr;
}

bool is_word(const ngn::Item& it, std::string_view w) {
    const std::string* t = word_text(it);
    return t && same_lower(*t, w);
}

bool same_lower(std::string_view text, std::string_view lowered) {
    if (text.size() != lowered.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (lower_ascii(text[i]) != lowered[i]) return false;
    return true;
}

std::vector<const ngn::Item*> elements(const ngn::Item& it) {
    std::vector<const ngn::Item*> out;
    add_elements(out, it);
    return out;
}

std::vector<const ngn::Item*> elements(const std::vector<ngn::Item>& items) {
    std::vector<const ngn::Item*> out;
    out.reserve(items.size());
    for (const auto& it : items) add_elements(out, it);
    return out;
}

}  // namespace ironlog
