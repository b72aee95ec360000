// The canonical form: its layout, idempotence, and that it reads back as the same record,
// for every fixture and every example in the docs.
#include "rules/registry.hpp"
#include "notation/format.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <regex>

using namespace testing_util;

namespace {

std::string fmt(const std::string& text) {
    auto parsed = ngn::parse_text(text);
    EXPECT_EQ(parsed.error_count(), 0u);
    std::string out;
    for (std::size_t i = 0; i < parsed.games.size(); ++i) out += (i ? "\n" : "") + ngn::format_game(parsed.games[i]);
    return out;
}

std::string dump_all(const std::string& text) {
    std::string out;
    for (const auto& g : ngn::parse_text(text).games) out += dump(g) + "----\n";
    return out;
}

void expect_round_trip(const std::string& text, const std::string& what) {
    std::string once = fmt(text);
    EXPECT_EQ(fmt(once), once) << what << ": fmt is not idempotent";
    EXPECT_EQ(dump_all(once), dump_all(text)) << what << ": fmt changed the record";
}

}  // namespace

TEST(Format, CanonicalLayout) {
    std::string messy =
        "; opening comment\n"
        "[Result \"*\"]\n"
        "[Ruleset   \"ironclads\"]\n"
        "\n"
        "; about the event\n"
        "[Event \"x\"]\n"
        "[Player2 \"B\"]\n[Side2 \"Italy\"]\n[Side1 \"Austria\"]\n[Custom \"kept\"]\n[NGN \"1\"]\n"
        "side Austria\n"
        "   ship   FM   \"Erzherzog Ferdinand Max\"   at (20.50,10,90.0) {flag}\n"
        "phase sea-state\n"
        "Austria roll D6:3   +1(x)=4;c\n"
        "turn 1\n"
        "phase firing\n"
        "\n\n\n"
        "segment gunfire\n"
        "FM fire port RdI 6d6: 1 2 3 4 5 6 =>   1C,1H {n1}{n2}\n"
        "ruling ngn 5.4    \"ok\"\n"
        "; before turn 2\n"
        "turn 2\n"
        "phase movement\n"
        "FM move @\"North Sea\"/blockade #B:0304/NE 8cm\n";
    std::string expected =
        "; opening comment\n"
        "[NGN \"1\"]\n"
        "; about the event\n"
        "[Event \"x\"]\n"
        "[Ruleset \"ironclads\"]\n"
        "[Side1 \"Austria\"]\n"
        "[Side2 \"Italy\"]\n"
        "[Player2 \"B\"]\n"
        "[Result \"*\"]\n"
        "[Custom \"kept\"]\n"
        "\n"
        "side Austria\n"
        "ship FM \"Erzherzog Ferdinand Max\" at (20.5, 10, 90) {flag}\n"
        "phase sea-state\n"
        "  Austria roll d6: 3 +1(x) = 4 ;c\n"
        "\n"
        "turn 1\n"
        "  phase firing\n"
        "\n"
        "    segment gunfire\n"
        "      FM fire port RdI 6d6: 1 2 3 4 5 6 => 1C,1H {n1} {n2}\n"
        "      ruling ngn 5.4 \"ok\"\n"
        "\n"
        "; before turn 2\n"
        "turn 2\n"
        "  phase movement\n"
        "    FM move @\"North Sea\"/blockade #B:0304/NE 8cm\n";
    EXPECT_EQ(fmt(messy), expected);
    expect_round_trip(messy, "messy");
}

TEST(Format, KeepsEveryComment) {
    std::string text = read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    auto count = [](const std::string& s) { return std::count(s.begin(), s.end(), ';'); };
    EXPECT_EQ(count(fmt(text)), count(text));
}

TEST(Format, GamesAreSeparatedByABlankLine) {
    std::string text = "[Ruleset \"ironclads\"]\nside A\n[Ruleset \"tmbv\"]\nside B\n";
    EXPECT_EQ(fmt(text), "[Ruleset \"ironclads\"]\n\nside A\n\n[Ruleset \"tmbv\"]\n\nside B\n");
}

TEST(Format, QuotesWhatNeedsQuoting) {
    EXPECT_EQ(fmt("[Event \"a \\\"b\\\" \\\\ c\"]\nside \"Great Britain\"\n"),
              "[Event \"a \\\"b\\\" \\\\ c\"]\n\nside \"Great Britain\"\n");
}

TEST(Format, EveryFixtureRoundTrips) {
    auto files = ngn_files("fixtures/games");
    for (const auto& f : ngn_files("fixtures/audit")) files.push_back(f);
    for (const auto& f : ngn_files("fixtures/ships")) files.push_back(f);
    ASSERT_GE(files.size(), 14u);
    for (const auto& f : files) {
        std::string text = read_file(f);
        expect_round_trip(text, f.string());
        EXPECT_EQ(fmt(text), text) << f << " is not in canonical form (run ironlog fmt -i on it)";
    }
}

TEST(Format, CrlfBecomesLf) {
    std::string text = "[Ruleset \"ironclads\"]\r\n\r\nside A\r\n";
    EXPECT_EQ(fmt(text), "[Ruleset \"ironclads\"]\n\nside A\n");
}

// The sample games are records of games played by the rules: each checks without an error.
TEST(Fixtures, SampleGamesCheckClean) {
    for (const auto& f : ngn_files("fixtures/games")) {
        ironlog::CheckOptions o(ironlog::all_rulesets());
        o.base_dir = f.parent_path();
        auto report = ironlog::check_text(f.string(), read_file(f), o);
        EXPECT_EQ(report.count(ironlog::Severity::Error) + report.count(ironlog::Severity::Warning), 0u) << f;
        for (const auto& g : report.games) EXPECT_TRUE(g.replayed) << f;
    }
}
