// `ironlog report`: the game's HTML page as the writer makes it, read back here (its steps, its
// record lines, its findings, its escaping); tests/browser/report_in_chromium.py drives the same
// pages in a real browser.
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <regex>
#include <string>

using namespace testing_util;
namespace fs = std::filesystem;

namespace {

// The steps the page's script reads, from its JSON element.
nlohmann::json steps_of(const std::string& page) {
    const std::string open = "<script type=\"application/json\" id=\"steps-data\">";
    const auto at = page.find(open);
    if (at == std::string::npos) return nullptr;
    const auto end = page.find("</script>", at);
    return nlohmann::json::parse(page.substr(at + open.size(), end - at - open.size()));
}

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Text as the page writes it: & < > " ' escaped.
std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

// The lines a record's game is stepped through: not blank, not a comment alone, not a tag.
std::vector<int> body_lines(const std::string& record) {
    std::vector<int> out;
    std::istringstream in(record);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == ';' || line[first] == '[') continue;
        out.push_back(n);
    }
    return out;
}

}  // namespace

TEST(Report, EachSampleHasAStepForEveryLineOfItsBody) {
    for (const char* sample : {"admiral-sample", "ironclads-lissa-sample", "late19c-coast-sample", "tmbv-lissa-sample", "eia-naval-sample"}) {
        const fs::path record = kSource / "fixtures/games" / (std::string(sample) + ".ngn");
        const testing_util::Run r = run_ironlog({"report", record.string()});
        ASSERT_EQ(r.status, 0) << sample << ": " << r.err;
        const auto steps = steps_of(r.out);
        ASSERT_TRUE(steps.is_object()) << sample;
        std::vector<int> lines;
        for (const auto& s : steps["s"]) lines.push_back(s[0].get<int>());
        EXPECT_EQ(lines, body_lines(read_file(record))) << sample;
        // every line of the record is in the page, numbered, once
        const std::string text = read_file(record);
        const int total = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
        EXPECT_EQ(count_of(r.out, "<div id=\"L"), total) << sample;
        EXPECT_EQ(count_of(r.out, "<script"), 2) << sample;  // the steps and the stepper; nothing loaded from outside
        EXPECT_EQ(count_of(r.out, "src="), 0) << sample;
        EXPECT_EQ(count_of(r.out, "http://"), 1) << sample;  // the SVG namespace only
    }
}

TEST(Report, FindingsAreAtTheirLinesWithTheRuleAndTheValues) {
    const fs::path record = kSource / "fixtures/errors/admiral-mistakes.ngn";
    const testing_util::Run checked = run_ironlog({"check", "--format", "json", record.string()});
    const auto findings = nlohmann::json::parse(checked.out)["files"][0]["games"][0]["findings"];
    const testing_util::Run r = run_ironlog({"report", record.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("<h2>Findings (" + std::to_string(findings.size()) + ")</h2>"), std::string::npos);
    for (const auto& f : findings) {
        const int line = f["line"].get<int>();
        EXPECT_NE(r.out.find("<div id=\"L" + std::to_string(line) + "\" class=\"has-finding\">"), std::string::npos) << line;
        if (!f["rule"].is_null()) {
            EXPECT_NE(r.out.find(escaped(f["rule"]["text"].get<std::string>())), std::string::npos) << line;
        }
    }
    // the first error's expected and recorded values, as check gives them
    EXPECT_NE(r.out.find("a side rolls one D10 for each of its flagships: 1d10 (expected 1d10, recorded 2d10)"), std::string::npos);
    const auto steps = steps_of(r.out);
    int markers = 0;
    for (const auto& s : steps["s"]) markers += s[6].get<int>() != 0;
    EXPECT_GT(markers, 0) << "no finding drawn on the board";
}

TEST(Report, HostileNamesAreTextAndTheDataCannotEndItsElement) {
    const testing_util::Run r = run_ironlog({"report", (kSource / "tests/browser/hostile-names.ngn").string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.find("<script>alert"), std::string::npos);
    EXPECT_EQ(r.out.find("<img"), std::string::npos);
    EXPECT_EQ(r.out.find("<b>bold"), std::string::npos);
    EXPECT_NE(r.out.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(r.out.find("[U+202E]"), std::string::npos);  // the right-to-left override shown, not applied
    EXPECT_EQ(count_of(r.out, "</script>"), 2);            // the JSON's `<` written as \u003c
    EXPECT_TRUE(steps_of(r.out).is_object());
}

TEST(Report, GameSyntaxErrorsAndOutput) {
    const std::string two = (kSource / "fixtures/games/two-games.ngn").string();
    const testing_util::Run second = run_ironlog({"report", two, "--game", "2"});
    ASSERT_EQ(second.status, 0) << second.err;
    const auto lines = steps_of(second.out)["s"];
    ASSERT_FALSE(lines.empty());
    EXPECT_GT(lines[0][0].get<int>(), body_lines(read_file(two)).front());  // the second game's lines
    const testing_util::Run none = run_ironlog({"report", two, "--game", "3"});
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.err.find("holds 2 games; there is no game 3"), std::string::npos) << none.err;
    const testing_util::Run syntax = run_ironlog({"report", (kSource / "fixtures/errors/syntax-mistakes.ngn").string()});
    EXPECT_EQ(syntax.status, 1);
    EXPECT_NE(syntax.err.find("syntax errors"), std::string::npos) << syntax.err;
    const fs::path dir = temp_dir();
    const testing_util::Run to_file = run_ironlog({"report", two, "-o", (dir / "game.html").string()});
    EXPECT_EQ(to_file.status, 0) << to_file.err;
    EXPECT_TRUE(steps_of(read_file(dir / "game.html")).is_object());
    const testing_util::Run nowhere = run_ironlog({"report", two, "-o", (dir / "no-such-folder" / "game.html").string()});
    EXPECT_EQ(nowhere.status, 2);
}

TEST(Report, AFindingInALibraryIsListedWithItsFileNotPutAtARecordLine) {
    const fs::path dir = temp_dir();
    std::string library = read_file(kSource / "fixtures/ships/lissa-1866.ngn");
    const std::string habsburg = "ship \"Erzherzog Ferdinand Max\"";
    const auto at = library.find(habsburg);
    ASSERT_NE(at, std::string::npos);
    const auto end = library.find('\n', at);
    library.replace(at, end - at, "ship HabsburgX speed banana");  // an error in the library's line
    const int library_line = static_cast<int>(std::count(library.begin(), library.begin() + static_cast<long>(at), '\n')) + 1;
    write_file(dir / "lib.ngn", library);
    std::string record = read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    record.replace(record.find("../ships/lissa-1866.ngn"), std::string("../ships/lissa-1866.ngn").size(), "lib.ngn");
    write_file(dir / "game.ngn", record);
    const testing_util::Run r = run_ironlog({"report", (dir / "game.ngn").string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("lib.ngn:" + std::to_string(library_line) + ":"), std::string::npos);
    EXPECT_EQ(r.out.find("<div id=\"L" + std::to_string(library_line) + "\" class=\"has-finding\">"), std::string::npos);
    EXPECT_NE(r.out.find("<div id=\"L20\" class=\"has-finding\">"), std::string::npos);  // the record's own finding stays at its line
}

TEST(Report, TheGamesDiceAreCountedByThePlayersItsHeaderNames) {
    const testing_util::Run r = run_ironlog({"report", (kSource / "fixtures/games/ironclads-lissa-sample.ngn").string()});
    ASSERT_EQ(r.status, 0) << r.err;
    // [Player1 "Anna Weber"] plays Austria (AUT), [Player2 "Marco Rossi"] Italy (ITA): 46 and 54 of the 100 d6
    EXPECT_NE(r.out.find("<h3>Are the dice fair?</h3>"), std::string::npos);
    EXPECT_NE(r.out.find("<tr><td>d6</td><td>all</td><td class=\"n\">100</td>"), std::string::npos);
    EXPECT_NE(r.out.find("<tr><td>d6</td><td>player Anna Weber</td><td class=\"n\">46</td>"), std::string::npos);
    EXPECT_NE(r.out.find("<tr><td>d6</td><td>player Marco Rossi</td><td class=\"n\">54</td>"), std::string::npos);
    EXPECT_EQ(r.out.find("(unknown side)"), std::string::npos);
    EXPECT_EQ(r.out.find("<td>event "), std::string::npos);  // one game: no breakdown by event
}
