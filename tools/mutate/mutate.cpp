// The mutation tool: how well "one mistake, one finding" holds on generated games. For every
// ruleset with a generator it makes one mistake at a time in legal games (one wrong number, one
// event line left out, two words swapped) and counts the mistakes that give 0, 1 and 2+
// findings. docs/testing.md has the command and the counts over time.
//
//   ironlog_mutate [--seed N] [--games N] [--trials N] [--ruleset ID] [--show-cascades N]
#include "check/file_report.hpp"
#include "rules/registry.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Settings {
    std::uint64_t seed = 20261125;
    int games = 40;
    int trials = 6;  // mistakes of each kind in each game
    std::string ruleset;
    int show_cascades = 0;
};

using Lines = std::vector<std::string>;

Lines lines_of(const std::string& text) {
    Lines v;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) v.push_back(l);
    return v;
}

std::string join(const Lines& v) {
    std::string s;
    for (const auto& l : v) s += l + "\n";
    return s;
}

// An event line: indented, and not a heading.
bool is_event(const std::string& line) {
    const auto first = line.find_first_not_of(' ');
    if (first == 0 || first == std::string::npos) return false;
    const std::string word = line.substr(first, line.find(' ', first) - first);
    return word != "turn" && word != "phase" && word != "segment" && word != "step" && word != "impulse";
}

// The mistakes: each returns the game's lines with one mistake on line i, or nothing when line i
// has no place for that kind of mistake.
const std::regex kNumber(R"((^|[ :=])(\d+)(cm|C|H)?(?= |$))");  // as tests/generate_test.cpp

std::optional<Lines> wrong_number(const Lines& lines, std::size_t i, std::mt19937& rng) {
    std::vector<std::smatch> found;
    for (auto it = std::sregex_iterator(lines[i].begin(), lines[i].end(), kNumber); it != std::sregex_iterator(); ++it) found.push_back(*it);
    if (found.empty()) return std::nullopt;
    const std::smatch& m = found[rng() % found.size()];
    static const int deltas[] = {-2, -1, 1, 2, 3};
    const int old_value = std::stoi(m[2]);
    int value = old_value + deltas[rng() % 5];
    if (value < 0) value = old_value + 1;
    Lines v = lines;
    v[i] = lines[i].substr(0, static_cast<std::size_t>(m.position(2))) + std::to_string(value) +
           lines[i].substr(static_cast<std::size_t>(m.position(2) + m.length(2)));
    return v;
}

std::optional<Lines> missing_line(const Lines& lines, std::size_t i, std::mt19937&) {
    Lines v = lines;
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    return v;
}

// Two neighbouring words after the actor swapped ("fire port RdI" -> "fire RdI port"); a line
// whose words are all the same, or that has fewer than two after the actor, has no place for it.
std::optional<Lines> swapped_words(const Lines& lines, std::size_t i, std::mt19937& rng) {
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

struct Kind {
    const char* name;
    std::optional<Lines> (*make)(const Lines&, std::size_t, std::mt19937&);
};
const Kind kKinds[] = {{"one wrong number", wrong_number}, {"one missing line", missing_line}, {"two words swapped", swapped_words}};

struct Counts {
    int none = 0, one = 0, more = 0;
};

// Problems as the tests count them: errors and warnings, notes left out.
std::vector<ironlog::Finding> problems(const std::string& text, const ironlog::CheckOptions& options) {
    auto report = ironlog::check_text("mutated.ngn", text, options);
    std::vector<ironlog::Finding> out(report.findings.begin(), report.findings.end());
    for (const auto& g : report.games)
        for (const auto& f : g.findings)
            if (f.severity != ironlog::Severity::Note) out.push_back(f);
    return out;
}

Counts count(const ironlog::Ruleset& r, const Kind& kind, const Settings& settings, int& to_show) {
    ironlog::CheckOptions options(ironlog::all_rulesets(), std::string(IRONLOG_SOURCE_DIR) + "/fixtures/games");
    ironlog::GenerateOptions generate;
    generate.map = std::string(IRONLOG_SOURCE_DIR) + "/fixtures/maps/eia-sample-map.ngn";
    std::mt19937 rng(static_cast<std::uint32_t>(settings.seed));
    Counts c;
    for (int g = 1; g <= settings.games; ++g) {
        const Lines lines = lines_of(r.generate(settings.seed, g, generate));
        std::vector<std::size_t> events;
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (is_event(lines[i])) events.push_back(i);
        for (int t = 0, tries = 0; t < settings.trials && !events.empty() && tries < 20 * settings.trials; ++tries) {
            const std::size_t i = events[rng() % events.size()];
            const auto mutated = kind.make(lines, i, rng);
            if (!mutated) continue;
            ++t;
            const auto found = problems(join(*mutated), options);
            if (found.empty()) ++c.none;
            else if (found.size() == 1) ++c.one;
            else ++c.more;
            if (found.size() > 1 && to_show > 0) {
                --to_show;
                std::cout << r.info.id << ", " << kind.name << ", game " << g << ", line " << i + 1 << ": " << lines[i] << "\n";
                for (const auto& f : found) std::cout << "  " << f.pos.line << ":" << f.pos.column << " [" << f.rule.text() << "] " << f.message << "\n";
            }
        }
    }
    return c;
}

bool read_settings(int argc, char** argv, Settings& s) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (!value) return false;
        if (a == "--seed") s.seed = std::strtoull(value, nullptr, 10);
        else if (a == "--games") s.games = std::atoi(value);
        else if (a == "--trials") s.trials = std::atoi(value);
        else if (a == "--ruleset") s.ruleset = value;
        else if (a == "--show-cascades") s.show_cascades = std::atoi(value);
        else return false;
        ++i;
    }
    return s.games > 0 && s.trials > 0;
}

}  // namespace

int main(int argc, char** argv) {
    Settings settings;
    if (!read_settings(argc, argv, settings)) {
        std::cerr << "usage: ironlog_mutate [--seed N] [--games N] [--trials N] [--ruleset ID] [--show-cascades N]\n";
        return 2;
    }
    std::cout << "seed " << settings.seed << ", " << settings.games << " games a ruleset, " << settings.trials
              << " mistakes of each kind a game\n";
    std::printf("%-10s %-18s %8s %8s %8s\n", "ruleset", "mistake", "0", "1", "2+");
    int to_show = settings.show_cascades;
    for (const ironlog::Ruleset* r : ironlog::all_rulesets().all) {
        if (!r->generate || (!settings.ruleset.empty() && settings.ruleset != r->info.id)) continue;
        for (const Kind& kind : kKinds) {
            const Counts c = count(*r, kind, settings, to_show);
            std::printf("%-10s %-18s %8d %8d %8d\n", r->info.id.c_str(), kind.name, c.none, c.one, c.more);
        }
    }
    return 0;
}
