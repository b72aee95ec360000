// Every NGN example in the docs and the README reads without a syntax error, and every
// whole game among them checks without an error, so the docs cannot drift from ironlog.
#include "notation/format.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace testing_util;

namespace {

struct Example {
    std::string file;
    int line = 0;
    std::string text;
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
        while (std::getline(in, line)) {
            ++n;
            if (!inside && line == "```ngn") {
                inside = true;
                ex = Example{p.lexically_relative(kSource).string(), n + 1, ""};
            } else if (inside && line == "```") {
                inside = false;
                out.push_back(ex);
            } else if (inside) {
                ex.text += line + "\n";
            }
        }
    }
    return out;
}

}  // namespace

TEST(Docs, EveryExampleReads) {
    auto examples = ngn_examples();
    EXPECT_GE(examples.size(), 17u);
    for (const auto& ex : examples) {
        std::string where = ex.file + ":" + std::to_string(ex.line);
        bool whole = ex.text.find("[Ruleset") != std::string::npos;
        if (whole || ex.text.find_first_not_of(" \n;") != std::string::npos && ex.text[ex.text.find_first_not_of(" \n")] == '[') {
            auto parsed = ngn::parse_text(ex.text);
            EXPECT_EQ(parsed.error_count(), 0u) << where;
            if (whole) {
                auto report = check(ex.text, where);
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
