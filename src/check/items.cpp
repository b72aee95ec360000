#include "check/items.hpp"

#include <algorithm>

#include <cctype>

namespace ironlog {

int saturating_add(int a, int b) {
    const long long sum = static_cast<long long>(a) + b;
    return static_cast<int>(std::clamp<long long>(sum, -100000000LL, 100000000LL));
}

namespace {
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

std::vector<const ngn::Item*> elements(const ngn::Item& it) {
    std::vector<const ngn::Item*> out;
    add_elements(out, it);
    return out;
}

std::vector<const ngn::Item*> elements(ngn::Items items) {
    std::vector<const ngn::Item*> out;
    out.reserve(items.size());
    for (const auto& it : items) add_elements(out, it);
    return out;
}

}  // namespace ironlog
