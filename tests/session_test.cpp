// The session (check/session.hpp): what it reports of a text being written is exactly what a
// full check of the same text reports, after any edit, and it replays only the games that
// changed.
#include "check/session.hpp"
#include "output/report.hpp"
#include "rules/registry.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using namespace testing_util;

// Everything a report says: its findings as JSON, the lines excused, and the lines kept to show
// the findings at.
std::string everything(const ironlog::FileReport& report) {
    std::ostringstream os;
    ironlog::output::write_json(os, {report});
    for (const auto& [line, text] : report.source.lines()) os << "\nsource " << line << ": " << text;
    for (const auto& g : report.games) {
        os << "\ngame " << g.index << " " << g.first_line << "-" << g.last_line << " events " << g.events;
        for (const auto& e : g.excused) os << "\nexcused " << e.pos.line << ":" << e.pos.column << " " << e.what << " <- " << e.cause.line;
    }
    return os.str();
}

std::string full_check(const std::string& text, const fs::path& folder) {
    ironlog::CheckOptions options(ironlog::all_rulesets(), folder);
    return everything(ironlog::check_text("record.ngn", text, options));
}

// A random edit of the kind a person makes while writing: a line changed (a digit or a word),
// removed, written twice, cut short, or a new line typed in the middle; or, as at the table, a
// line added at the end (any line of the text, a tag line too) or the last line taken back.
void random_edit(ironlog::Session& s, std::mt19937& rng) {
    const std::uint32_t lines = s.line_count();
    if (lines == 0) return s.append_line("[Ruleset \"ironclads\"]");
    const std::uint32_t at = std::uniform_int_distribution<std::uint32_t>(1, lines)(rng);
    std::string line(s.line(at));
    switch (std::uniform_int_distribution<int>(0, 6)(rng)) {
    case 5:
        return s.append_line(line);
    case 6:
        return s.replace_lines(lines, 1, "");
    case 0:  // a digit changed
        for (char& c : line)
            if (c >= '0' && c <= '9' && rng() % 3 == 0) {
                c = static_cast<char>('0' + rng() % 10);
                break;
            }
        return s.replace_lines(at, 1, line + "\n");
    case 1:
        return s.replace_lines(at, 1, "");
    case 2:
        return s.replace_lines(at, 0, line + "\n");
    case 3:
        return s.replace_lines(at, 1, line.substr(0, line.size() / 2) + "\n");
    default:
        return s.replace_lines(at, 0, "  FM speed 4\n");
    }
}

TEST(Session, ReportsEveryFixtureAsCheckDoes) {
    std::size_t files = 0;
    for (const fs::path& folder : {kSource / "fixtures", kSource / "tests" / "hostile"})
        for (const auto& f : ngn_files(folder)) {
            const std::string text = read_file(f);
            ironlog::Session session(ironlog::CheckOptions(ironlog::all_rulesets(), f.parent_path()), "record.ngn");
            session.set_text(text);
            EXPECT_EQ(everything(session.report()), full_check(text, f.parent_path())) << f;
            ++files;
        }
    EXPECT_GE(files, 50u);
}

// Generated games of every ruleset, edited at random places, one edit after another: after
// each, the session reports what a full check of its text reports.
TEST(Session, RandomEditsOfGeneratedGamesReportAsCheckDoes) {
    const int rounds = scaled_for_sanitizers(40, 8);
    for (const char* ruleset : {"ironclads", "late19c", "eia-naval", "admiral", "tmbv"}) {
        const ironlog::Ruleset* r = ironlog::all_rulesets().find(ruleset);
        ASSERT_TRUE(r && r->generate) << ruleset;
        const std::string text = generated_games(ruleset, 3, 20261128);
        ironlog::Session session(ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures" / "games"), "record.ngn");
        session.set_text(text);
        std::mt19937 rng(7);
        for (int i = 0; i < rounds; ++i) {
            random_edit(session, rng);
            ASSERT_EQ(everything(session.report()), full_check(session.text(), kSource / "fixtures" / "games"))
                << ruleset << " after edit " << i << ":\n" << session.text();
        }
    }
}

TEST(Session, ReplaysOnlyTheGamesThatChanged) {
    ironlog::Session session(ironlog::CheckOptions(ironlog::all_rulesets(), "."), "record.ngn");
    session.set_text(generated_games("ironclads", 4, 5));
    session.report();
    EXPECT_EQ(session.last_work().games_read, 4u);
    EXPECT_EQ(session.last_work().games_replayed, 4u);
    // a claim changed in the third game: that game alone is replayed
    const ngn::Game* third = session.games()[2];
    std::uint32_t at = 0;
    for (const ngn::Line& l : third->lines)
        if (l.is<ngn::Event>()) at = l.pos.line;
    ASSERT_GT(at, 0u);
    std::string line(session.line(at));
    session.replace_lines(at, 1, line + " {a note}\n");
    session.report();
    EXPECT_EQ(session.last_work().games_read, 4u);
    EXPECT_EQ(session.last_work().games_replayed, 1u);
    // a line added to the first game moves every game after it: they are replayed too, since
    // their findings' lines moved
    session.replace_lines(3, 0, "; a comment\n");
    session.report();
    EXPECT_EQ(session.last_work().games_replayed, 4u);
    // nothing changed: nothing replayed
    session.set_text(std::string(session.text()));
    session.report();
    EXPECT_EQ(session.last_work().games_replayed, 0u);
}

TEST(Session, LinesReplacedAddedAndAppended) {
    ironlog::Session s(ironlog::CheckOptions(ironlog::all_rulesets(), "."));
    EXPECT_EQ(s.line_count(), 0u);
    s.set_text("a\nb\nc");
    EXPECT_EQ(s.line_count(), 3u);
    EXPECT_EQ(s.line(2), "b");
    s.replace_lines(2, 1, "B\nBB\n");
    EXPECT_EQ(s.text(), "a\nB\nBB\nc");
    s.replace_lines(1, 2, "");
    EXPECT_EQ(s.text(), "BB\nc");
    s.append_line("d");
    EXPECT_EQ(s.text(), "BB\nc\nd\n");
    EXPECT_EQ(s.line_count(), 3u);
    s.replace_lines(4, 0, "e\n");
    EXPECT_EQ(s.text(), "BB\nc\nd\ne\n");
    s.set_text("x\r\ny\r\n");
    EXPECT_EQ(s.line(1), "x");
    EXPECT_EQ(s.line_count(), 2u);
    EXPECT_EQ(s.line(9), "");
}

// An Ironclads game up to the initiative of turn 1 (shared with the recorder's tests).
const std::string kIronclads = read_file(kSource / "tests/data/ironclads-opening.ngn");

// Lines added at the end of the last game one at a time (the recorder), the last line typed
// again and taken back: each change is read alone, and the report is a full check's.
TEST(Session, AChangeAtTheEndIsReadAlone) {
    for (const char* ruleset : {"ironclads", "late19c", "eia-naval", "admiral", "tmbv"}) {
        const std::string text = generated_games(ruleset, 2, 20261128);
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        ASSERT_GT(lines.size(), 60u) << ruleset;
        const std::size_t cut = lines.size() - 40;  // inside the last game's body
        std::string start;
        for (std::size_t i = 0; i < cut; ++i) start += lines[i] + "\n";
        ironlog::Session s(ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures" / "games"), "record.ngn");
        s.set_text(start);
        s.report();
        for (std::size_t i = cut; i < lines.size(); ++i) {
            s.append_line(lines[i]);
            ASSERT_EQ(everything(s.report()), full_check(s.text(), kSource / "fixtures" / "games")) << ruleset << " line " << i + 1;
            std::size_t blanks_before = 0;  // the reader cut them from the game's end: read with it
            while (lines[i - 1 - blanks_before].find_first_not_of(' ') == std::string::npos) ++blanks_before;
            EXPECT_LE(s.last_work().lines_read, 1u + blanks_before)
                << ruleset << " line " << i + 1 << ": " << lines[i];
            EXPECT_EQ(s.last_work().games_replayed, 1u);
        }
        // the last line with a number: a wrong digit, put right, then the line taken back
        std::uint32_t at = s.line_count();
        while (at > 1 && s.line(at).find_first_of("0123456789") == std::string_view::npos) --at;
        const std::string right(s.line(at));
        std::string wrong = right;
        const auto digit = wrong.find_last_of("0123456789");
        ASSERT_NE(digit, std::string::npos) << ruleset;
        wrong[digit] = wrong[digit] == '9' ? '8' : static_cast<char>(wrong[digit] + 1);
        for (const std::string& again : {wrong, right, std::string()}) {
            s.replace_lines(at, 1, again.empty() ? "" : again + "\n");
            ASSERT_EQ(everything(s.report()), full_check(s.text(), kSource / "fixtures" / "games")) << ruleset << ": " << again;
            EXPECT_LE(s.last_work().lines_read, s.line_count() + 1 - at) << ruleset << ": " << again;
            EXPECT_LT(s.last_work().lines_read, 10u) << ruleset << ": " << again;
        }
    }
}

// A tag line added at the end begins a game: the whole text is read again.
TEST(Session, ATagAtTheEndIsReadWithTheWholeText) {
    ironlog::Session s(ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures" / "games"), "record.ngn");
    s.set_text(generated_games("ironclads", 1, 3));
    s.report();
    s.append_line("[Ruleset \"ironclads\"]");
    EXPECT_EQ(everything(s.report()), full_check(s.text(), kSource / "fixtures" / "games"));
    EXPECT_EQ(s.last_work().lines_read, s.line_count());
    EXPECT_EQ(s.last_work().games_read, 2u);
}

// A game still being played (CheckOptions::in_progress, the recorder's check): where the record
// stops says nothing yet, so a phase with a step still to come is not found wanting until a
// heading ends it; the same text checked as a finished game is.
TEST(Session, AGameInProgressConcludesNothingFromWhereItStops) {
    const std::string opening = kIronclads.substr(0, kIronclads.find("  ITA roll d6: 2 => calm"));
    auto errors = [](const ironlog::FileReport& r) {
        std::string all;
        for (const auto& g : r.games)
            for (const auto& f : g.findings) all += f.message + "\n";
        return all;
    };
    ironlog::CheckOptions finished(ironlog::all_rulesets(), kSource / "fixtures" / "ships");
    ironlog::CheckOptions playing = finished;
    playing.in_progress = true;
    ironlog::Session done(finished, "record.ngn"), going(playing, "record.ngn");
    done.set_text(opening);
    going.set_text(opening);
    EXPECT_NE(errors(done.report()).find("Italy did not roll for the sea state"), std::string::npos) << errors(done.report());
    EXPECT_EQ(errors(going.report()), "");
    going.append_line("turn 1");
    EXPECT_NE(errors(going.report()).find("Italy did not roll for the sea state"), std::string::npos) << errors(going.report());
}

// What may come next: the sequence's next headings, the ruleset's verbs, the pieces in play;
// answered even while the line being written is still a syntax error.
TEST(Session, NextStepsAfterALine) {
    // its [Library] is read from beside it: the ships' folder
    ironlog::Session s(ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures" / "ships"));
    s.set_text(kIronclads + "  phase movement\n    FM speed 10 move 10cm => (30, 20, \n");
    const std::uint32_t last = s.line_count();
    const ironlog::NextSteps next = s.next_after(last);
    EXPECT_EQ(next.ruleset, "ironclads");
    EXPECT_NE(next.at.find("phase movement"), std::string::npos) << next.at;
    auto has = [](const std::vector<std::string>& v, const std::string& w) { return std::find(v.begin(), v.end(), w) != v.end(); };
    EXPECT_TRUE(has(next.headings, "phase firing")) << ::testing::PrintToString(next.headings);
    EXPECT_TRUE(has(next.headings, "turn 2"));
    EXPECT_FALSE(has(next.headings, "phase initiative"));
    EXPECT_TRUE(has(next.verbs, "move") || has(next.verbs, "speed")) << ::testing::PrintToString(next.verbs);
    bool fm = false;
    for (const auto& p : next.pieces)
        if (p.alias == "FM") fm = p.kind == "ship" && p.side == "Austria" && p.name == "Erzherzog Ferdinand Max";
    EXPECT_TRUE(fm);
    // the state there, and where FM is declared
    EXPECT_NE(s.state_after(last).find("FM"), std::string::npos);
    bool declared = false;
    for (const auto& d : s.declared(last))
        if (d.alias == "FM") declared = d.pos.line == 10;
    EXPECT_TRUE(declared);
    // between games, or with no game: nothing
    EXPECT_TRUE(s.next_after(999).headings.empty());
}

// A tmbv campaign's lines act with the campaign's words, not the battle board's.
TEST(Session, NextStepsInATmbvCampaign) {
    ironlog::Session s(ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures" / "games"));
    s.set_text(read_file(kSource / "fixtures/games/tmbv-campaign-sample.ngn"));
    const ironlog::NextSteps next = s.next_after(s.line_count());
    auto has = [&](const std::string& w) { return std::find(next.verbs.begin(), next.verbs.end(), w) != next.verbs.end(); };
    EXPECT_TRUE(has("mobilize") && has("wins") && has("weather-damage") && has("vp")) << ::testing::PrintToString(next.verbs);
    EXPECT_TRUE(has("intercept") && has("evade") && has("bombard") && has("battery")) << ::testing::PrintToString(next.verbs);
    EXPECT_FALSE(has("ram"));
}

// The dice a line being written needs, where the rules fix them: the count the engine's own check
// accepts, for each ruleset's sample; none where the line takes no fixed roll (the cases:
// tests/data/dice-needed.txt).
TEST(Session, TheDiceALineNeedsAreWhatTheCheckerAccepts) {
    std::istringstream cases(read_file(kSource / "tests/data/dice-needed.txt"));
    std::size_t tried = 0;
    for (std::string row; std::getline(cases, row);) {
        if (row.empty() || row[0] == '#') continue;
        const std::size_t bar = row.find(" | "), last = row.rfind(" | ");
        const std::string sample = row.substr(0, bar), written = row.substr(bar + 3, last - bar - 3), want = row.substr(last + 3);
        const std::string text = read_file(kSource / "fixtures/games" / sample);
        ironlog::Session s(ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures" / "games"));
        s.set_text(text);
        auto begins_so = [&](std::uint32_t n) {
            const std::string_view l = s.line(n);
            const std::size_t from = l.find_first_not_of(' ');
            return from != std::string_view::npos && l.substr(from).starts_with(written + " ");
        };
        std::uint32_t line = 1;
        while (line <= s.line_count() && !begins_so(line)) ++line;
        ASSERT_LE(line, s.line_count()) << sample << ": no line begins " << written;
        const std::string before(s.line(line).substr(0, s.line(line).find(written) + written.size()));
        const std::optional<ironlog::DiceNeeded> dice = s.dice_needed(line, before);
        EXPECT_EQ(dice ? dice->dice : "-", want) << sample << ": " << before;
        if (dice) {
            EXPECT_FALSE(dice->rule.empty()) << before;
        }
        ++tried;
    }
    EXPECT_EQ(tried, 12u);
}

}  // namespace
