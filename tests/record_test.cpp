// `ironlog record FILE` driven through a pipe (docs/record.md): lines kept and saved, a wrong
// claim shown with its rule and expected value and kept only when accepted, undo, resuming, a
// syntax error not kept, a file that cannot be written. tests/terminal/record_in_tmux.py drives
// it at a terminal.
#include "cli/record_input.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace testing_util;

// The start of an Ironclads game (tests/data/ironclads-opening.ngn, shared with the session's
// and the terminal's tests) up to its first movement phase; its ship library beside the record.
const std::string kOpening = read_file(kSource / "tests/data/ironclads-opening.ngn") + "  phase movement\n";
const std::string kRightMove = "    FM speed 10 move 10cm => (30, 20, 90)\n";
const std::string kWrongMove = "    FM speed 10 move 10cm => (35, 20, 90)\n";

struct Table {
    fs::path dir = temp_dir();
    fs::path record = dir / "game.ngn";
    Table() { fs::copy_file(kSource / "fixtures/ships/lissa-1866.ngn", dir / "lissa-1866.ngn"); }
    ~Table() { fs::remove_all(dir); }
    testing_util::Run record_with(const std::string& input) const { return run_ironlog({"record", record.string()}, input); }
    testing_util::Run check() const { return run_ironlog({"check", record.string()}); }
};

TEST(Record, ANewFileGetsEachLineAppended) {
    Table t;
    const testing_util::Run r = t.record_with(kOpening + kRightMove + "quit\n");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(read_file(t.record), kOpening + kRightMove);
    EXPECT_NE(r.out.find("recording"), std::string::npos) << r.out;
    // before the move, the prompt said where play stood and what may come next
    EXPECT_NE(r.out.find("-- turn 1, phase movement"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("phase firing"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pieces: FM RdI"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 23> "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("keep it anyway"), std::string::npos) << r.out;
    EXPECT_EQ(t.check().status, 0);
}

TEST(Record, AWrongClaimIsShownWithItsRuleAndExpectedValueAndKeptOnlyWhenAccepted) {
    Table t;
    const testing_util::Run no = t.record_with(kOpening + kWrongMove + "n\n" + kRightMove);
    EXPECT_EQ(no.status, 0) << no.out << no.err;
    EXPECT_NE(no.out.find(t.record.string() + ":23:"), std::string::npos) << no.out;
    EXPECT_NE(no.out.find("[ironclads Movement/Moving a ship]"), std::string::npos) << no.out;
    EXPECT_NE(no.out.find("expected: 10cm"), std::string::npos) << no.out;
    EXPECT_NE(no.out.find("recorded: 15cm"), std::string::npos) << no.out;
    EXPECT_NE(no.out.find("keep it anyway? [y/N] "), std::string::npos) << no.out;
    EXPECT_NE(no.out.find("not kept"), std::string::npos) << no.out;
    EXPECT_EQ(read_file(t.record), kOpening + kRightMove);  // the line typed again, right

    fs::remove(t.record);
    const testing_util::Run yes = t.record_with(kOpening + kWrongMove + "y\n");
    EXPECT_EQ(yes.status, 0) << yes.out << yes.err;
    EXPECT_NE(yes.out.find("kept as played"), std::string::npos) << yes.out;
    EXPECT_EQ(read_file(t.record), kOpening + kWrongMove);
    // the file checks exactly as the same lines written at once: the line kept stays marked
    const testing_util::Run recorded = t.check();
    const fs::path same = t.dir / "same.ngn";
    write_file(same, kOpening + kWrongMove);
    const testing_util::Run written = run_ironlog({"check", same.string()});
    EXPECT_EQ(recorded.status, 1);
    EXPECT_NE(recorded.out.find(":23:"), std::string::npos) << recorded.out;
    EXPECT_EQ(recorded.out, [&] {
        std::string out = written.out;
        for (std::size_t at; (at = out.find(same.string())) != std::string::npos;) out.replace(at, same.string().size(), t.record.string());
        return out;
    }());
}

TEST(Record, UndoRemovesTheLastLine) {
    Table t;
    const testing_util::Run r = t.record_with(kOpening + kRightMove + "undo\n");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("undone: line 23:"), std::string::npos) << r.out;
    EXPECT_EQ(read_file(t.record), kOpening);
    // the next lines are appended to the file undo rewrote
    const testing_util::Run again = t.record_with("undo\n  phase movement\n" + kRightMove);
    EXPECT_EQ(again.status, 0) << again.out << again.err;
    EXPECT_NE(again.out.find("undone: line 22:   phase movement"), std::string::npos) << again.out;
    EXPECT_EQ(read_file(t.record), kOpening + kRightMove);
    // nothing left to undo in an empty record
    fs::remove(t.record);
    EXPECT_NE(t.record_with("undo\n").out.find("nothing to undo"), std::string::npos);
}

TEST(Record, AnExistingFileResumesWhereItStopped) {
    Table t;
    write_file(t.record, kOpening);
    const testing_util::Run r = t.record_with(kRightMove + "state\ncard FM\ncard Fm\n");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("resuming " + t.record.string() + " after line 22"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("-- turn 1, phase movement"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 23> "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 24> "), std::string::npos) << r.out;
    EXPECT_EQ(read_file(t.record), kOpening + kRightMove);
    // state and card after the move: FM has moved to (30, 20)
    EXPECT_NE(r.out.find("FM: Erzherzog Ferdinand Max (ship, Austria)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("at: (30, 20), heading 90"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no piece 'Fm' in play; did you mean 'FM'?"), std::string::npos) << r.out;

    // a file whose last line has no line ending: the next line still begins a line of its own
    write_file(t.record, std::string(kOpening) + "; the end");
    EXPECT_EQ(t.record_with(kRightMove).status, 0);
    EXPECT_EQ(read_file(t.record), std::string(kOpening) + "; the end\n" + kRightMove);
}

TEST(Record, ASyntaxErrorIsShownWhereItIsAndNotKept) {
    Table t;
    const testing_util::Run r = t.record_with(std::string(kOpening) + "    FM speed 10 move 10cm => (30, 20\n" + kRightMove);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find(t.record.string() + ":23:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("error: expected ')' to close the position"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not kept: line 23 does not read"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("keep it anyway"), std::string::npos) << r.out;
    EXPECT_EQ(read_file(t.record), kOpening + kRightMove);
}

TEST(Record, AFileThatCannotBeWrittenExits2) {
    Table t;
    const testing_util::Run missing_folder = run_ironlog({"record", (t.dir / "no-such-folder" / "x.ngn").string()}, "quit\n");
    EXPECT_EQ(missing_folder.status, 2);
    EXPECT_EQ(missing_folder.err.rfind("ironlog: error: ", 0), 0u) << missing_folder.err;
    EXPECT_NE(missing_folder.err.find("cannot open"), std::string::npos) << missing_folder.err;
    const testing_util::Run folder = run_ironlog({"record", t.dir.string()}, "quit\n");
    EXPECT_EQ(folder.status, 2);
    EXPECT_EQ(folder.err.rfind("ironlog: error: ", 0), 0u) << folder.err;
}

// A step still to come in the phase being played is not asked about: the sea-state roll of one
// side is not "the other side did not roll" while the phase goes on. The heading that ends the
// phase brings it, and is kept only when the players accept it.
TEST(Record, AStepMissingInAPhaseIsAskedWhenThePhaseEnds) {
    Table t;
    const std::string opening(kOpening);
    const std::string to_sea_state = opening.substr(0, opening.find("  ITA roll d6: 2 => calm"));
    const testing_util::Run r = t.record_with(to_sea_state + "turn 1\nn\n  ITA roll d6: 2 => calm\n\nturn 1\n");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    // asked once, at "turn 1", of the line the finding is at (the sea-state roll, line 15)
    const std::size_t asked = r.out.find("keep it anyway?");
    ASSERT_NE(asked, std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("keep it anyway?", asked + 1), std::string::npos) << r.out;
    const std::size_t finding = r.out.find(t.record.string() + ":15:3: error: Italy did not roll for the sea state");
    EXPECT_NE(finding, std::string::npos) << r.out;
    EXPECT_LT(r.out.find("line 16> turn 1"), finding) << r.out;
    EXPECT_LT(finding, asked);
    EXPECT_EQ(read_file(t.record), to_sea_state + "  ITA roll d6: 2 => calm\n\nturn 1\n");
    EXPECT_EQ(t.check().status, 0) << t.check().out;
}

// A line that cannot be written is reported, not lost silently, and the recorder stops with 2:
// here the file is already past the size the process may write (ulimit -f; SIGXFSZ ignored, so
// write fails with EFBIG).
TEST(Record, AWriteThatFailsIsReportedAndExits2) {
    Table t;
    const std::string long_comment = "; " + std::string(3000, 'x') + "\n";
    write_file(t.record, kOpening + long_comment);
    write_file(t.dir / "input", kRightMove);
    const std::string command = "trap '' XFSZ; ulimit -f 1; '" + kBinary + "' record '" + t.record.string() + "' < '" +
                                (t.dir / "input").string() + "' > '" + (t.dir / "out").string() + "' 2> '" + (t.dir / "err").string() + "'";
    const int raw = std::system(("sh -c \"" + command + "\"").c_str());
    ASSERT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 2) << read_file(t.dir / "out") << read_file(t.dir / "err");
    const std::string err = read_file(t.dir / "err");
    EXPECT_EQ(err.rfind("ironlog: error: " + t.record.string() + ": cannot write: ", 0), 0u) << err;
    EXPECT_NE(err.find("line 24 was not saved"), std::string::npos) << err;
    EXPECT_EQ(read_file(t.record), kOpening + long_comment);
    // a device is no record: refused, not read for ever
    EXPECT_EQ(run_ironlog({"record", "/dev/zero"}, "quit\n").status, 2);
}

// A generated game of a ruleset, written beside the record with the data files it names.
std::string generated_game(const Table& t, const std::string& ruleset, int seed) {
    std::vector<std::string> args = {"generate", "--ruleset", ruleset, "-n", "1", "--seed", std::to_string(seed)};
    auto beside = [&](const char* fixture) {
        const fs::path to = t.dir / fs::path(fixture).filename();
        if (!fs::exists(to)) fs::copy_file(kSource / fixture, to);
        return to.string();
    };
    if (ruleset == "eia-naval") args.insert(args.end(), {"--map", beside("fixtures/maps/eia-sample-map.ngn")});
    if (ruleset == "admiral") args.insert(args.end(), {"--library", beside("fixtures/ships/admiral-test-cards.ngn")});
    if (ruleset == "tmbv")
        args.insert(args.end(), {"--tables", beside("fixtures/tables/tmbv-test-pack.ngn"), "--library",
                                 beside("fixtures/tables/tmbv-lissa-test-manifest.ngn")});
    args.insert(args.end(), {"-o", (t.dir / "generated.ngn").string()});
    const testing_util::Run g = run_ironlog(args);
    EXPECT_EQ(g.status, 0) << ruleset << g.err;
    return read_file(t.dir / "generated.ngn");
}

// Legal games, typed a line at a time, are kept whole without a question: a phase being played,
// tags being typed, the set-up before play and a heading just begun are not judged before their
// time, and a rule that asks for a later line (Admiral's critical roll after severe damage, a
// hand's move; tmbv's ship that a step leaves out, named again in the next impulse) waits for it:
// the record is checked as a game still being played (CheckOptions::in_progress).
TEST(Record, LegalGeneratedGamesAreKeptWithoutAQuestion) {
    for (const std::string ruleset : {"ironclads", "late19c", "eia-naval", "admiral", "tmbv"})
        for (const int seed : {3, 4}) {
            Table t;
            const std::string game = generated_game(t, ruleset, seed);
            const testing_util::Run r = t.record_with(game);
            EXPECT_EQ(r.status, 0) << ruleset << r.err;
            EXPECT_EQ(r.out.find("keep it anyway"), std::string::npos) << ruleset << " seed " << seed << "\n" << r.out;
            EXPECT_EQ(read_file(t.record), game) << ruleset << " seed " << seed;
        }
}

// What waits for a later line is asked once that line is written and does not bring it: an
// Admiral critical roll left out after severe damage is asked when the next unit's hand begins.
TEST(Record, ARollLeftOutIsAskedWhenTheNextLineDoesNotBringIt) {
    Table t;
    const std::string game = generated_game(t, "admiral", 3);
    const std::size_t critical = game.find("    BIS critical 2d10:");
    ASSERT_NE(critical, std::string::npos) << game;
    const std::size_t after = game.find('\n', critical) + 1;
    const std::string before = game.substr(0, critical);
    const std::string next_line = game.substr(after, game.find('\n', after) + 1 - after);
    const std::uint32_t fire_line = static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n'));
    const testing_util::Run r = t.record_with(before + next_line + "n\n");
    EXPECT_EQ(r.status, 0) << r.err;
    const std::size_t asked = r.out.find("keep it anyway?");
    ASSERT_NE(asked, std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("keep it anyway?", asked + 1), std::string::npos) << r.out;
    const std::string finding = t.record.string() + ":" + std::to_string(fire_line) + ":1: error: BIS's severe damage calls for a critical roll (2D10), and none follows";
    const std::size_t at = r.out.find(finding);
    EXPECT_NE(at, std::string::npos) << finding << "\n" << r.out;
    EXPECT_LT(r.out.find("line " + std::to_string(fire_line + 1) + "> " + next_line.substr(0, next_line.size() - 1)), at) << r.out;
    EXPECT_EQ(read_file(t.record), before);  // the line that did not bring it is not kept
}

// Tab: a word from the start of the word under the cursor; after a line's verb and an argument or
// more, the dice the hint gives (the session's, where the rules fix them), and only those.
TEST(Record, TabCompletesWordsAndTheDiceTheRulesFix) {
    using ironlog::cli::complete;
    using Matches = std::vector<std::string>;
    const std::vector<std::string> words = {"FM", "RdI", "fire", "phase firing"};
    std::string asked;
    const ironlog::cli::DiceHint salvo = [&](std::string_view before) {
        asked = before;
        return std::optional<std::string>("2d6: ");
    };
    const std::string args = "    FM fire port RdI 48cm on port ";
    auto c = complete(args, words, salvo);
    EXPECT_EQ(c.matches, Matches{"2d6: "});
    EXPECT_EQ(c.replace, 0u);
    EXPECT_EQ(asked, args);
    c = complete(args + "2", words, salvo);  // its count typed: the rest
    EXPECT_EQ(c.matches, Matches{"2d6: "});
    EXPECT_EQ(c.replace, 1u);
    EXPECT_EQ(asked, args);
    EXPECT_TRUE(complete(args + "3", words, salvo).matches.empty());  // not what the rules fix
    EXPECT_EQ(complete("    FM fire port R", words, salvo).matches, Matches{"RdI"});
    asked.clear();
    EXPECT_EQ(complete("    F", words, salvo).matches, Matches{"FM"});  // the first word: no dice
    EXPECT_TRUE(asked.empty());
    EXPECT_TRUE(complete(args + "2d6: 4 ", words, salvo).matches.size() == 3u);  // dice written: the words again
    const ironlog::cli::DiceHint none = [](std::string_view) { return std::optional<std::string>(); };
    EXPECT_EQ(complete("    FM fire ", words, none).matches, (Matches{"FM", "RdI", "fire"}));
    EXPECT_EQ(complete("phase f", words, none).matches, Matches{"phase firing"});
}

}  // namespace
