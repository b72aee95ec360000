// Every NGN example in the docs and the README reads without a syntax error, and every
// whole game among them checks without an error, so the docs cannot drift from ironlog.
#include "rules/registry.hpp"
#include "notation/format.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace testing_util;

namespace {

struct Example {
    std::string file;
    int line = 0;
    std::string text;
    std::string before;  // the line of prose just above the block
};

std::vector<Example> ngn_examples() {
    std::vector<std::filesystem::path> docs = {kSource / "README.md"};
    for (const auto& e : std::filesystem::recursive_directory_iterator(kSource / "docs"))
        if (e.path().extension() == ".md") docs.push_back(e.path());
    std::vector<Example> out;
    for (const auto& p : docs) {
        std::istringstream in(read_file(p));
        std::string line;
        int n = 0;
        bool inside = false;
        Example ex;
        std::string prose;
        while (std::getline(in, line)) {
            ++n;
            if (!inside && line == "```ngn") {
                inside = true;
                ex = Example{p.lexically_relative(kSource).string(), n + 1, "", prose};
            } else if (inside && line == "```") {
                inside = false;
                out.push_back(ex);
            } else if (inside) {
                ex.text += line + "\n";
            } else if (!line.empty()) {
                prose = line;
            }
        }
    }
    return out;
}

// Checks a docs example as if it were a record in fixtures/<folder> (so [Library] paths resolve).
ironlog::FileReport check_in(const std::string& text, const std::string& folder) {
    ironlog::CheckOptions o(ironlog::all_rulesets());
    o.base_dir = kSource / "fixtures" / folder;
    return ironlog::check_text("example.ngn", text, o);
}

}  // namespace

TEST(Docs, EveryExampleReads) {
    auto examples = ngn_examples();
    EXPECT_GE(examples.size(), 25u);
    for (const auto& ex : examples) {
        std::string where = ex.file + ":" + std::to_string(ex.line);
        bool whole = ex.text.find("[Ruleset") != std::string::npos;
        const auto first = ex.text.find_first_not_of(" \n");
        const bool starts_with_tag = first != std::string::npos && ex.text[first] == '[';
        if (whole || starts_with_tag) {
            auto parsed = ngn::parse_text(ex.text);
            EXPECT_EQ(parsed.error_count(), 0u) << where;
            if (whole) {
                auto report = check_in(ex.text, "games");
                EXPECT_EQ(report.count(ironlog::Severity::Error), 0u) << where << "\n";
                for (const auto& g : report.games) EXPECT_EQ(g.count(ironlog::Severity::Error), 0u) << where << "\n" << describe(g.findings);
            }
        } else {
            std::istringstream in(ex.text);
            std::string line;
            int n = ex.line;
            while (std::getline(in, line)) {
                auto r = ngn::parse_line(line, static_cast<std::uint32_t>(n));
                EXPECT_FALSE(r.error) << ex.file << ":" << n << ": " << (r.error ? r.error->message : "");
                ++n;
            }
        }
    }
}

// The README's set-up commands are what CI runs: the same packages, the same test command.
TEST(Docs, ReadmeCommandsMatchCi) {
    std::string readme = read_file(kSource / "README.md");
    std::string ci = read_file(kSource / ".ci/run");
    std::vector<std::string> blocks;
    for (std::size_t at = readme.find("```sh\n"); at != std::string::npos; at = readme.find("```sh\n", at + 1)) {
        std::size_t end = readme.find("\n```", at + 6);
        blocks.push_back(readme.substr(at + 6, end - at - 6));
    }
    ASSERT_GE(blocks.size(), 3u);
    auto packages = [](const std::string& s) {
        auto from = s.find("--no-install-recommends ");
        auto to = s.find_first_of("&\n", from);
        std::string list = s.substr(from, to - from);
        while (!list.empty() && list.back() == ' ') list.pop_back();
        return list;
    };
    EXPECT_EQ(packages(blocks[0]), packages(ci)) << "README's first command and .ci/run install different packages";
    EXPECT_NE(ci.find("\n" + blocks[1] + "\n"), std::string::npos) << "CI must run the README's second command: " << blocks[1];
    EXPECT_NE(blocks[0].find("./build/ironlog check fixtures/"), std::string::npos);
}

// Where the docs show a record and then "the canonical form, which `ironlog fmt` writes", fmt
// must write exactly that.
TEST(Docs, CanonicalFormExamplesAreWhatFmtWrites) {
    auto examples = ngn_examples();
    int pairs = 0;
    for (std::size_t i = 1; i < examples.size(); ++i) {
        if (examples[i].before.find("`ironlog fmt` writes") == std::string::npos) continue;
        ++pairs;
        auto parsed = ngn::parse_text(examples[i - 1].text);
        ASSERT_EQ(parsed.games.size(), 1u) << examples[i - 1].file << ":" << examples[i - 1].line;
        EXPECT_EQ(ngn::format_game(parsed.games[0]), examples[i].text) << examples[i].file << ":" << examples[i].line;
    }
    EXPECT_GE(pairs, 1);
}

// Every ruleset of the registry (the one list) has its coverage page, with a coverage table, and
// is named in the README and in docs/architecture.md's table of rulesets.
TEST(Docs, EveryRulesetHasItsCoveragePage) {
    const std::string readme = read_file(kSource / "README.md");
    const std::string architecture = read_file(kSource / "docs/architecture.md");
    ASSERT_FALSE(ironlog::all_rulesets().all.empty());
    for (const ironlog::Ruleset* r : ironlog::all_rulesets().all) {
        const std::string& id = r->info.id;
        const auto page = kSource / "docs/rules" / (id + ".md");
        ASSERT_TRUE(std::filesystem::exists(page)) << id << " has no docs/rules/" << id << ".md";
        const std::string text = read_file(page);
        const auto coverage = text.find("\n## Coverage\n");
        ASSERT_NE(coverage, std::string::npos) << page << " has no Coverage section";
        EXPECT_NE(text.find(" status |\n|---", coverage), std::string::npos) << page << " has no coverage table";
        EXPECT_NE(readme.find("(`" + id + "`)"), std::string::npos) << "the README does not name " << id;
        EXPECT_NE(architecture.find("| `" + id + "` |"), std::string::npos) << "docs/architecture.md's table does not list " << id;
    }
}
