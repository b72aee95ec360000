// The hostile corpus (tests/hostile/README.md): records made to break a checker. Each is checked
// in every output format and formatted: no crash or hang, exit 0, 1 or 2, JSON that parses, and
// nothing raw in the text that could drive a terminal.
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace testing_util;

namespace {
std::vector<std::filesystem::path> hostile_files() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(kSource / "tests/hostile"))
        if (e.path().extension() == ".ngn") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

bool raw_control(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7F) return true;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 && static_cast<unsigned char>(text[i + 1]) <= 0x9F)
            return true;
        if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
            static_cast<unsigned char>(text[i + 2]) >= 0xAA && static_cast<unsigned char>(text[i + 2]) <= 0xAE)
            return true;
    }
    return false;
}
}  // namespace

TEST(Hostile, EveryFileIsCheckedInEveryFormatAndFormatted) {
    const auto files = hostile_files();
    ASSERT_GE(files.size(), 7u);
    for (const auto& f : files) {
        const std::string path = f.string();
        auto text = run_ironlog({"check", path});
        EXPECT_TRUE(text.status == 0 || text.status == 1 || text.status == 2) << path << ": " << text.status;
        EXPECT_FALSE(raw_control(text.out)) << path << "\n" << text.out;
        EXPECT_FALSE(raw_control(text.err)) << path << "\n" << text.err;
        auto json = run_ironlog({"check", "--format", "json", path});
        EXPECT_TRUE(json.status == 0 || json.status == 1) << path;
        EXPECT_TRUE(nlohmann::json::accept(json.out)) << path;
        auto sarif = run_ironlog({"check", "--format", "sarif", path});
        EXPECT_TRUE(nlohmann::json::accept(sarif.out)) << path;
        auto fmt = run_ironlog({"fmt", "--check", path});
        EXPECT_TRUE(fmt.status == 0 || fmt.status == 1 || fmt.status == 2) << path << ": " << fmt.status;
        EXPECT_FALSE(raw_control(fmt.err)) << path << "\n" << fmt.err;
    }
}

// Wide characters take two columns on a terminal and a combining mark none: the text output's
// column and caret count terminal columns (as compilers do), JSON's column counts characters.
TEST(Hostile, TheCaretStandsUnderWideAndCombiningCharacters) {
    const std::string path = (kSource / "tests/hostile/wide-and-combining.ngn").string();
    auto text = run_ironlog({"check", path});
    EXPECT_NE(text.out.find("wide-and-combining.ngn:9:18: error: expected an area name after '@'"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find(" 9 | ship Y \"\xE5\xA4\xA7\xE5\x92\x8C e\xCC\x81\" @@\n   | " + std::string(17, ' ') + "^\n"), std::string::npos) << text.out;
    auto json = run_ironlog({"check", "--format", "json", path});
    EXPECT_NE(json.out.find("\"column\": 17"), std::string::npos) << json.out;
}
