// The mistakes the mutation tool makes, one at a time, in a generated game's lines; the tests of
// tests/generate_test.cpp make the same ones. Each returns the lines with one mistake on line i,
// or nothing when line i has no place for that kind of mistake.
#pragma once

#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace ironlog::mutate {

using Lines = std::vector<std::string>;

// A number on an event line: a die face, a total, a count, a range, a speed, a distance.
inline const std::regex kNumber(R"((^|[ :=])(\d+)(cm|C|H)?(?= |$))");

inline std::optional<Lines> wrong_number(const Lines& lines, std::size_t i, std::mt19937& rng) {
    std::vector<std::smatch> found;
    for (auto it = std::sregex_iterator(lines[i].begin(), lines[i].end(), kNumber); it != std::sregex_iterator(); ++it) found.push_back(*it);
    if (found.empty()) return std::nullopt;
    const std::smatch& m = found[rng() % found.size()];
    static const int deltas[] = {-2, -1, 1, 2, 3};  // the number changed by one of these
    const int old_value = std::stoi(m[2]);
    int value = old_value + deltas[rng() % 5];
    if (value < 0) value = old_value + 1;
    Lines v = lines;
    v[i] = lines[i].substr(0, static_cast<std::size_t>(m.position(2))) + std::to_string(value) +
           lines[i].substr(static_cast<std::size_t>(m.position(2) + m.length(2)));
    return v;
}

inline std::optional<Lines> missing_line(const Lines& lines, std::size_t i, std::mt19937&) {
    Lines v = lines;
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    return v;
}

// Two neighbouring words after the actor swapped ("fire port RdI" -> "fire RdI port"); a line
// whose words are all the same, or that has fewer than two after the actor, has no place for it.
inline std::optional<Lines> swapped_words(const Lines& lines, std::size_t i, std::mt19937& rng) {
    const std::string& line = lines[i];
    const auto indent = line.find_first_not_of(' ');
    std::vector<std::string> words;
    std::istringstream in(line.substr(indent));
    for (std::string w; in >> w;) {
        if (w == "=>" || w.front() == '{' || w.front() == ';') break;  // the claim and notes stay
        words.push_back(w);
    }
    if (words.size() < 3) return std::nullopt;
    const std::size_t at = 1 + rng() % (words.size() - 2);
    if (words[at] == words[at + 1]) return std::nullopt;
    std::string rest = line.substr(indent);
    std::size_t pos = 0;
    for (std::size_t k = 0; k < at; ++k) pos = rest.find(words[k], pos) + words[k].size();
    const std::size_t a = rest.find(words[at], pos), b = rest.find(words[at + 1], a + words[at].size());
    rest = rest.substr(0, a) + words[at + 1] + rest.substr(a + words[at].size(), b - a - words[at].size()) + words[at] +
           rest.substr(b + words[at + 1].size());
    Lines v = lines;
    v[i] = line.substr(0, indent) + rest;
    return v;
}

}  // namespace ironlog::mutate
