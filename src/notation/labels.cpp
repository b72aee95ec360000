#include "notation/labels.hpp"

#include <charconv>

namespace ngn {

namespace {
char fold(char c) {
    if (c == '_' || c == ' ') return '-';
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
}
}  // namespace

bool same_label(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (fold(a[i]) != fold(b[i])) return false;
    return true;
}

int numbered_tag(std::string_view name, std::string_view prefix) {
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return 0;
    auto digits = name.substr(prefix.size());
    if (digits.front() == '0') return 0;
    int n = 0;
    auto r = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (r.ec != std::errc() || r.ptr != digits.data() + digits.size() || n < 1) return 0;
    return n;
}

std::vector<std::string> split_list(std::string_view text, bool semicolons) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == ',' || (semicolons && c == ';')) {
            if (auto t = trim(cur); !t.empty()) out.push_back(t);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (auto t = trim(cur); !t.empty()) out.push_back(t);
    return out;
}

std::string reference_text(const Item& item) {
    if (const auto* w = item.as<Word>()) return std::string(w->text);
    if (const auto* t = item.as<Text>()) return std::string(t->text);
    return item.to_ngn();
}

}  // namespace ngn
