// The mutation tool: how well "one mistake, one finding" holds on generated games. For every
// ruleset with a generator it makes one mistake at a time in legal games (one wrong number, one
// event line left out, two words swapped) and counts the mistakes that give 0, 1 and 2+
// findings. docs/testing.md has the command and the counts over time.
//
//   ironlog_mutate [--seed N] [--games N] [--trials N] [--ruleset ID] [--show-cascades N]
#include "check/file_report.hpp"
#include "rules/registry.hpp"
#include "mistakes.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace ironlog::mutate;

struct Settings {
    std::uint64_t seed = 20261125;
    int games = 40;
    int trials = 6;  // mistakes of each kind in each game
    std::string ruleset;
    int show_cascades = 0;
};


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

// One mistake that gave 2+ findings: the line as generated and as changed, then the findings (their
// lines are the changed record's: after a missing line, one less than the generated game's).
void show_cascade(const std::string& where, const std::string& was, const std::string& now,
                  const std::vector<ironlog::Finding>& found) {
    std::cout << where << "\n  was: " << was << "\n  now: " << now << "\n";
    for (const auto& f : found) std::cout << "  " << f.pos.line << ":" << f.pos.column << " [" << f.rule.text() << "] " << f.message << "\n";
}

Counts count(const ironlog::Ruleset& r, const Kind& kind, const Settings& settings, int& to_show) {
    ironlog::CheckOptions options(ironlog::all_rulesets(), std::string(IRONLOG_SOURCE_DIR) + "/fixtures/games");
    ironlog::GenerateOptions generate;
    generate.map = std::string(IRONLOG_SOURCE_DIR) + "/fixtures/maps/eia-sample-map.ngn";
    generate.tables = std::string(IRONLOG_SOURCE_DIR) + (r.info.id == "eia-naval" ? "/fixtures/tables/eia-naval-tables.ngn" : "/fixtures/tables/tmbv-test-pack.ngn");
    generate.library = std::string(IRONLOG_SOURCE_DIR) +
                       (r.info.id == "admiral" ? "/fixtures/ships/admiral-test-cards.ngn" : "/fixtures/tables/tmbv-lissa-test-manifest.ngn");
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
                const bool left_out = mutated->size() < lines.size();
                show_cascade(r.info.id + ", " + kind.name + ", game " + std::to_string(g) + ", line " + std::to_string(i + 1), lines[i],
                             left_out ? "(left out)" : (*mutated)[i], found);
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
