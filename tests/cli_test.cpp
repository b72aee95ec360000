// The command line: exit codes, the text, JSON and SARIF outputs, fmt, rules and state.
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

using namespace testing_util;

namespace {
std::string fixture(const std::string& name) { return (kSource / "fixtures" / name).string(); }
const std::string kSample = "games/ironclads-lissa-sample.ngn";
}  // namespace

TEST(Cli, HelpAndUsage) {
    auto r = run_ironlog({"--help"});
    EXPECT_EQ(r.status, 0);
    for (const char* cmd : {"check", "fmt", "rules", "state"}) EXPECT_NE(r.out.find(cmd), std::string::npos) << cmd;
    for (const char* cmd : {"check", "fmt", "rules", "state"}) {
        auto h = run_ironlog({cmd, "--help"});
        EXPECT_EQ(h.status, 0) << cmd;
        EXPECT_NE(h.out.find("Options"), std::string::npos) << cmd;
    }
    EXPECT_EQ(run_ironlog({}).status, 2);
    EXPECT_EQ(run_ironlog({"frobnicate"}).status, 2);
    EXPECT_EQ(run_ironlog({"check"}).status, 2);
    EXPECT_EQ(run_ironlog({"check", "--format", "xml", fixture(kSample)}).status, 2);
    auto v = run_ironlog({"--version"});
    EXPECT_EQ(v.status, 0);
    EXPECT_NE(v.out.find("ironlog 0."), std::string::npos);
    // a command written wrong: the nearest one is suggested, at any level
    auto typo = run_ironlog({"chek", "x.ngn"});
    EXPECT_EQ(typo.status, 2);
    EXPECT_NE(typo.err.find("unknown command 'chek'; did you mean 'check'?"), std::string::npos) << typo.err;
    auto nested = run_ironlog({"archive", "--db", "/nonexistent/a.db", "lst"});
    EXPECT_EQ(nested.status, 2);
    EXPECT_NE(nested.err.find("unknown command 'lst'; did you mean 'list'?"), std::string::npos) << nested.err;
    EXPECT_EQ(run_ironlog({"zzzzzz"}).err.find("did you mean"), std::string::npos);
}

TEST(Cli, CheckExitStatus) {
    auto clean = run_ironlog({"check", fixture(kSample)});
    EXPECT_EQ(clean.status, 0) << clean.out;
    EXPECT_NE(clean.out.find("0 errors, 0 warnings, 0 notes in 1 game (1 file)"), std::string::npos) << clean.out;
    EXPECT_EQ(run_ironlog({"check", fixture("errors/play-mistakes.ngn")}).status, 1);
    EXPECT_EQ(run_ironlog({"check", fixture("errors/syntax-mistakes.ngn")}).status, 1);
    auto missing = run_ironlog({"check", fixture(kSample), fixture("games/no-such-file.ngn")});
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("no-such-file.ngn: cannot open"), std::string::npos) << missing.err;
    EXPECT_EQ(run_ironlog({"check", fixture("games")}).status, 2);
    auto stdin_run = run_ironlog({"check", "-"}, read_file(fixture("games/late19c-river-sample.ngn")));
    EXPECT_EQ(stdin_run.status, 0) << stdin_run.out;
    // from standard input, the files a record names are looked for in the current folder
    auto elsewhere = run_ironlog({"check", "-"}, read_file(fixture(kSample)));
    EXPECT_EQ(elsewhere.status, 1);
    EXPECT_NE(elsewhere.out.find("[Library] names '../ships/lissa-1866.ngn', which is not a file"), std::string::npos) << elsewhere.out;
    EXPECT_NE(elsewhere.out.find("1 error,"), std::string::npos) << elsewhere.out;  // and its ships are not reported again
    EXPECT_EQ(run_ironlog({"check", "-"}, "").status, 1);  // an empty record holds no game
    // an option value out of range is an error naming the option, not a run
    auto negative = run_ironlog({"check", "--max-errors", "-1", fixture(kSample)});
    EXPECT_EQ(negative.status, 2);
    EXPECT_NE(negative.err.find("--max-errors"), std::string::npos) << negative.err;
}

TEST(Cli, GlobalFlagsAfterTheSubcommand) {
    EXPECT_EQ(run_ironlog({"check", "-q", fixture(kSample)}).status, 0);
    EXPECT_EQ(run_ironlog({"check", fixture(kSample), "-v"}).status, 0);
    auto verbose = run_ironlog({"-vv", "check", fixture(kSample)});
    EXPECT_NE(verbose.err.find("checking"), std::string::npos) << verbose.err;
}

TEST(Cli, TextOutputIsTheGoldenOutput) {
    auto files = ngn_files("fixtures/errors");
    for (const auto& f : ngn_files("fixtures/audit")) files.push_back(f);
    ASSERT_GE(files.size(), 7u);
    for (const auto& f : files) {
        std::string rel = f.lexically_relative(kSource).string();
        auto dir = std::filesystem::current_path();
        std::filesystem::current_path(kSource);
        auto r = run_ironlog({"check", rel});
        std::filesystem::current_path(dir);
        std::string expected_path = f.string().substr(0, f.string().size() - 4) + ".expected";
        std::string expected = read_file(expected_path);
        EXPECT_EQ(r.out, expected) << rel;
        EXPECT_EQ(r.status, expected.find(": error:") != std::string::npos ? 1 : 0) << rel;
    }
}

TEST(Cli, JsonOutput) {
    auto r = run_ironlog({"check", "--format", "json", fixture("errors/play-mistakes.ngn"), fixture(kSample)});
    EXPECT_EQ(r.status, 1);
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["format"], 1);
    ASSERT_EQ(doc["files"].size(), 2u);
    const auto& game = doc["files"][0]["games"][0];
    EXPECT_EQ(game["ruleset"], "ironclads");
    EXPECT_EQ(game["replayed"], true);
    EXPECT_EQ(game["engine"], true);
    EXPECT_EQ(game["tags"]["Event"], "Club night");
    EXPECT_EQ(game["errors"], 12);
    const auto& findings = game["findings"];
    auto it = std::find_if(findings.begin(), findings.end(), [](const auto& f) { return f["kind"] == "wrong-result"; });
    ASSERT_NE(it, findings.end());
    EXPECT_EQ((*it)["severity"], "note");
    EXPECT_EQ((*it)["rule"]["text"], "ngn 5.4 Dice");
    EXPECT_EQ((*it)["rule"]["section"], "5.4");
    EXPECT_EQ((*it)["line"], 20);
    EXPECT_EQ((*it)["column"], 20);
    EXPECT_EQ((*it)["expected"], "3");
    EXPECT_EQ((*it)["recorded"], "4");
    EXPECT_EQ((*it)["ruling"]["line"], 21);
    EXPECT_EQ(doc["summary"]["errors"], 12);
    EXPECT_EQ(doc["summary"]["games"], 2);
    EXPECT_EQ(doc["files"][1]["games"][0]["errors"], 0);
}

TEST(Cli, JsonIsWrittenAGameAtATimeYetReadsAsOneDocument) {
    // The writer streams pieces; the result must be exactly the whole document dumped with an
    // indent of 2, whatever the mix of files, games, file-level findings and unreadable files.
    const std::vector<std::vector<std::string>> runs = {
        {fixture("errors/play-mistakes.ngn"), fixture(kSample), fixture("games/two-games.ngn")},
        {fixture("errors/syntax-mistakes.ngn"), "/nonexistent/x.ngn"},
        {fixture("games/two-games.ngn")},
    };
    for (const auto& files : runs) {
        std::vector<std::string> args = {"check", "--format", "json"};
        args.insert(args.end(), files.begin(), files.end());
        auto r = run_ironlog(args);
        auto doc = nlohmann::ordered_json::parse(r.out);
        EXPECT_EQ(doc.dump(2) + "\n", r.out) << files[0];
        EXPECT_EQ(doc["files"].size(), files.size());
    }
    auto empty = run_ironlog({"check", "--format", "json", "-"}, "");
    auto doc = nlohmann::ordered_json::parse(empty.out);
    EXPECT_EQ(doc.dump(2) + "\n", empty.out);
}

TEST(Cli, SarifOutputShape) {
    auto r = run_ironlog({"check", "--format", "sarif", fixture("errors/play-mistakes.ngn"), fixture("errors/syntax-mistakes.ngn")});
    EXPECT_EQ(r.status, 1);
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["version"], "2.1.0");
    const auto& run = doc["runs"][0];
    EXPECT_EQ(run["tool"]["driver"]["name"], "ironlog");
    EXPECT_EQ(run["columnKind"], "unicodeCodePoints");
    std::size_t results = run["results"].size();
    EXPECT_EQ(results, 14u + 12u);  // 13 findings and a ruled note; 11 syntax errors and the not-replayed note
    for (const auto& res : run["results"]) {
        std::size_t index = res["ruleIndex"];
        ASSERT_LT(index, run["tool"]["driver"]["rules"].size());
        EXPECT_EQ(run["tool"]["driver"]["rules"][index]["id"], res["ruleId"]);
        EXPECT_GE(res["locations"][0]["physicalLocation"]["region"]["startLine"].get<int>(), 1);
    }
}

TEST(Cli, FmtWritesCanonicalForm) {
    auto dir = temp_dir();
    auto file = dir / "game.ngn";
    std::string messy = "[Ruleset \"ironclads\"]\n[NGN \"1\"]\nside A\n   turn 1\nphase movement\n";
    write_file(file, messy);
    ::chmod(file.c_str(), 0640);
    auto out = run_ironlog({"fmt", file.string()});
    EXPECT_EQ(out.status, 0);
    EXPECT_EQ(out.out, "[NGN \"1\"]\n[Ruleset \"ironclads\"]\n\nside A\n\nturn 1\n  phase movement\n");
    EXPECT_EQ(read_file(file), messy);  // without --in-place the file is left alone
    EXPECT_EQ(run_ironlog({"fmt", "--check", file.string()}).status, 1);
    EXPECT_EQ(run_ironlog({"fmt", "--in-place", file.string()}).status, 0);
    EXPECT_EQ(read_file(file), out.out);
    struct stat st {};
    ::stat(file.c_str(), &st);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
    EXPECT_EQ(run_ironlog({"fmt", "--check", file.string()}).status, 0);
    EXPECT_FALSE(std::filesystem::exists(dir / "game.ngn.ironlog-tmp"));
    EXPECT_EQ(run_ironlog({"fmt", "--check", "--in-place", file.string()}).status, 2);
    // through a link: the file it points at is rewritten (its mode kept), the link stays a link
    write_file(file, messy);
    ::chmod(file.c_str(), 0604);
    const auto link = dir / "link.ngn";
    std::filesystem::create_symlink("game.ngn", link);
    EXPECT_EQ(run_ironlog({"fmt", "--in-place", link.string()}).status, 0);
    EXPECT_TRUE(std::filesystem::is_symlink(link));
    EXPECT_EQ(read_file(file), out.out);
    ::stat(file.c_str(), &st);
    EXPECT_EQ(st.st_mode & 0777, 0604u);
    EXPECT_FALSE(std::filesystem::exists(dir / "game.ngn.ironlog-tmp"));
    std::filesystem::remove_all(dir);
}

TEST(Cli, FmtNeverRewritesABrokenRecord) {
    auto dir = temp_dir();
    auto file = dir / "broken.ngn";
    std::string text = "[Ruleset \"ironclads\"]\n  side A\nA roll d6: x\n";
    write_file(file, text);
    auto r = run_ironlog({"fmt", "-i", file.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("expected a die face 1-6 after 'd6:', found 'x'"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(file), text);
    EXPECT_EQ(run_ironlog({"fmt", (dir / "none.ngn").string()}).status, 2);
    write_file(file, "; only a comment\n");
    EXPECT_EQ(run_ironlog({"fmt", "-i", file.string()}).status, 1);
    EXPECT_EQ(read_file(file), "; only a comment\n");
    std::filesystem::remove_all(dir);
}

TEST(Cli, Rules) {
    auto all = run_ironlog({"rules"});
    EXPECT_EQ(all.status, 0);
    for (const char* id : {"tmbv", "late19c", "admiral", "eia-naval", "ironclads"})
        EXPECT_NE(all.out.find(std::string(id) + "  "), std::string::npos) << id;
    auto tmbv = run_ironlog({"rules", "tmbv"});
    EXPECT_NE(tmbv.out.find("impulse 1..12"), std::string::npos) << tmbv.out;
    EXPECT_NE(tmbv.out.find("segment weather"), std::string::npos);
    EXPECT_NE(tmbv.out.find("d10 (faces 0-9)"), std::string::npos);
    EXPECT_EQ(run_ironlog({"rules", "chess"}).status, 2);
    auto json = run_ironlog({"rules", "--format", "json"});
    EXPECT_EQ(json.status, 0);
    auto doc = nlohmann::json::parse(json.out);
    ASSERT_EQ(doc.size(), 5u);
    EXPECT_EQ(doc[4]["id"], "ironclads");
    EXPECT_EQ(doc[4]["sequences"][0]["before_play"][0]["name"], "sea-state");
}

TEST(Cli, State) {
    auto end = run_ironlog({"state", fixture(kSample)});
    EXPECT_EQ(end.status, 0) << end.err;
    EXPECT_NE(end.out.find("At: turn 4, phase end, segment ending"), std::string::npos) << end.out;
    EXPECT_NE(end.out.find("Side 1: Austria (AUT) - Anna Weber"), std::string::npos) << end.out;
    EXPECT_NE(end.out.find("position: (65, 20, 90)"), std::string::npos) << end.out;
    // the engine's view: FM's data card as it stands, struck right to left
    EXPECT_NE(end.out.find("Name: ERZHERZOG FERDINAND MAX\n"), std::string::npos) << end.out;
    EXPECT_NE(end.out.find("Port Broadside Arc: 01 ~~02 03"), std::string::npos) << end.out;
    EXPECT_NE(end.out.find("Hull: 01 02 03 04 ~~05"), std::string::npos) << end.out;
    auto mid = run_ironlog({"state", fixture(kSample), "--at", "turn 3 phase firing"});
    EXPECT_EQ(mid.status, 0);
    EXPECT_NE(mid.out.find("At: turn 3, phase firing"), std::string::npos) << mid.out;
    EXPECT_NE(mid.out.find("position: (53, 20, 90)"), std::string::npos) << mid.out;
    EXPECT_NE(mid.out.find("Port Broadside Arc: 01 02 03 04 ~~05"), std::string::npos) << mid.out;
    auto line = run_ironlog({"state", fixture(kSample), "--at", "line 35"});
    EXPECT_EQ(line.status, 0);
    EXPECT_NE(line.out.find("At: turn 1, phase movement"), std::string::npos) << line.out;
    EXPECT_NE(line.out.find("position: (30, 20, 90)"), std::string::npos) << line.out;
    EXPECT_EQ(run_ironlog({"state", fixture(kSample), "--at", "turn 9"}).status, 2);
    EXPECT_EQ(run_ironlog({"state", fixture(kSample), "--at", "somewhere"}).status, 2);
    EXPECT_EQ(run_ironlog({"state", fixture(kSample), "--game", "2"}).status, 2);
    auto second = run_ironlog({"state", fixture("games/two-games.ngn"), "--game", "2"});
    EXPECT_EQ(second.status, 0);
    EXPECT_NE(second.out.find("Side 1: Italy"), std::string::npos) << second.out;
}

TEST(Cli, CardPrintsTheBooksLayout) {
    auto r = run_ironlog({"card", fixture("ships/ironclads-book.ngn"), "Gloire"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out,
              "Name: GLOIRE\n"
              "French, 1859-1879\n"
              "Sister Ships: INVINCIBLE, NORMANDIE\n"
              "Guns:\n"
              "Forward Arc: ~~01 02 03 04 05 06 07 08 09 10~~\n"
              "Port Broadside Arc: 01 02 03 04 05 06 07 08 09 10 11 12 13 ~~14 15 16 17 18 19 20 21 22 23 24 25~~\n"
              "Starb Broadside Arc: 01 02 03 04 05 06 07 08 09 10 11 12 13 ~~14 15 16 17 18 19 20 21 22 23 24 25~~\n"
              "Rear Arc: ~~01 02 03 04 05 06 07 08 09 10~~\n"
              "Forward Turret: ~~01 02 03 04 05 06 07 08 09 10~~ — Fwd/Port/Starboard/Rear\n"
              "Centre Turret: ~~01 02 03 04 05 06 07 08 09 10~~ — Fwd/Port/Starboard/Rear\n"
              "Rear Turret: ~~01 02 03 04 05 06 07 08 09 10~~ — Fwd/Port/Starboard/Rear\n"
              "Armour: 01 02 03 04 05 06 07\n"
              "Propulsion: 01 02 03 04 05 06 07 08 09 10 11 12 13 ~~14 15 16 17 18 19 20~~\n"
              "Hull: 01 02 03 04 05 06 ~~07 08 09 10 11 12~~\n"
              "Current Speed:\n"
              "Hits:\n"
              "Notes: ironclad\n");
    auto sister = run_ironlog({"card", fixture("ships/lissa-1866.ngn"), "Habsburg", "--derivation"});
    EXPECT_EQ(sister.status, 0);
    EXPECT_NE(sister.out.find("Name: ERZHERZOG FERDINAND MAX"), std::string::npos);
    EXPECT_NE(sister.out.find("Armour: 4.84\" iron + 6\" wood / 10 (thickness unknown: 6\") = 5.443\", rounds up to 6 stats"), std::string::npos)
        << sister.out;
    auto arminius = run_ironlog({"card", fixture("ships/ironclads-book.ngn"), "Arminius"});
    EXPECT_NE(arminius.out.find("Forward Turret: 01 02 ~~03 04 05 06 07 08 09 10~~ — ~~Fwd~~/Port/Starboard/~~Rear~~"), std::string::npos)
        << arminius.out;
    auto palestro = run_ironlog({"card", fixture("ships/lissa-1866.ngn"), "Varese"});
    EXPECT_NE(palestro.out.find("the library lacks its iron belt (or belt none)"), std::string::npos) << palestro.out;
    EXPECT_EQ(run_ironlog({"card", fixture("ships/lissa-1866.ngn"), "Bismarck"}).status, 1);
    EXPECT_EQ(run_ironlog({"card", fixture("ships/none.ngn")}).status, 2);
    auto dir = temp_dir();
    write_file(dir / "lib.ngn", "[Ruleset \"ironclads\"]\nship X broadside 3x6.4 knots 10 tons 900 belt none\n");
    auto broken = run_ironlog({"card", (dir / "lib.ngn").string()});
    EXPECT_EQ(broken.status, 1);
    EXPECT_NE(broken.err.find("lib.ngn:2:"), std::string::npos) << broken.err;
    std::filesystem::remove_all(dir);
}

// `check --excused` shows, as notes naming their cause, the lines the "as played" kit did not
// report because they follow from a mistake already reported; without it they are not shown.
TEST(Cli, ExcusedLinesNameTheirCause) {
    const auto dir = temp_dir();
    std::string text = read_file(kSource / "fixtures/games/eia-naval-campaign-sample.ngn");
    const auto games = (kSource / "fixtures/games").string();
    for (const std::string tag : {"[Tables \"", "[Map \""}) text.insert(text.find(tag) + tag.size(), games + "/");
    const std::string intercept = "        GB intercept GB3 => intercepted\n";
    text.insert(text.find(intercept) + intercept.size(), "        GB windgauge d6: 4 +1(British) = 5\n        FR windgauge d6: 6 => FR\n");
    const auto file = dir / "month.ngn";
    write_file(file, text);
    auto plain = run_ironlog({"check", "--no-excerpt", file.string()});
    EXPECT_EQ(plain.status, 1);
    EXPECT_NE(plain.out.find("1 error, 0 warnings, 0 notes"), std::string::npos) << plain.out;
    auto shown = run_ironlog({"check", "--no-excerpt", "--excused", file.string()});
    EXPECT_EQ(shown.status, 1);
    EXPECT_NE(shown.out.find("month.ngn:51:9: note: excused by finding at line 50: blockaders fighting fleets leaving the port "
                             "have the wind gauge: no roll [eia-naval 6.3.3.1]"),
              std::string::npos)
        << shown.out;
    EXPECT_NE(shown.out.find("1 error, 0 warnings, 2 notes"), std::string::npos) << shown.out;
    std::filesystem::remove_all(dir);
}

TEST(Cli, ControlAndBidiCharactersFromAFileAreShownEscaped) {
    // a file handed over by a player: its name clears the screen, its record hides text behind a
    // right-to-left override; neither reaches the terminal raw
    auto dir = temp_dir();
    const std::string esc = "\x1b[2J", rlo = "\xe2\x80\xae";
    const auto file = dir / ("game" + esc + ".ngn");
    write_file(file, "[NGN \"1\"]\n[Ruleset \"ironclads\"]\n[Event \"Cup " + rlo + "puC\"]\nside A\nturn x " + rlo + "\n");
    auto r = run_ironlog({"check", file.string()});
    const std::string all = r.out + r.err;
    EXPECT_EQ(all.find('\x1b'), std::string::npos) << all;
    EXPECT_EQ(all.find(rlo), std::string::npos) << all;
    EXPECT_NE(all.find("game\\x1b[2J.ngn"), std::string::npos) << all;
    // the archive's text output too: the stored file name and a tag
    const std::string db = (dir / "a.db").string();
    std::string sample = read_file(fixture("games/late19c-river-sample.ngn"));
    const auto event = sample.find("[Event \"");
    ASSERT_NE(event, std::string::npos);
    sample.insert(event + 8, rlo);
    const auto stored = dir / ("river" + esc + ".ngn");
    write_file(stored, sample);
    auto added = run_ironlog({"archive", "--db", db, "add", stored.string()});
    EXPECT_EQ((added.out + added.err).find('\x1b'), std::string::npos) << added.out << added.err;
    auto shown = run_ironlog({"archive", "--db", db, "show", "1"});
    EXPECT_EQ(shown.status, 0) << shown.err;
    EXPECT_EQ(shown.out.find('\x1b'), std::string::npos) << shown.out;
    EXPECT_EQ(shown.out.find(rlo), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("\\u202e"), std::string::npos) << shown.out;
    std::filesystem::remove_all(dir);
}

// Memory is bounded whatever the input (issue 20): a game longer than --max-game-size is not read,
// said once, by every command that reads records; a device is refused before it is read for ever.
TEST(Cli, AGameTooLongIsNotReadByAnyCommand) {
    const std::string sample = (kSource / "fixtures/games/ironclads-lissa-sample.ngn").string();
    const std::string said = "more than 2048 bytes long, the limit (--max-game-size): it is not read";
    auto check = run_ironlog({"check", "--max-game-size", "2K", sample});
    EXPECT_EQ(check.status, 1);
    EXPECT_NE(check.out.find(said), std::string::npos) << check.out;
    EXPECT_EQ(run_ironlog({"check", sample}).status, 0);  // the default, 512K, reads it
    auto fmt = run_ironlog({"fmt", "--max-game-size", "2K", sample});
    EXPECT_EQ(fmt.status, 1);
    EXPECT_NE(fmt.err.find(said), std::string::npos) << fmt.err;
    EXPECT_TRUE(fmt.out.empty());
    auto state = run_ironlog({"state", "--max-game-size", "2K", sample});
    EXPECT_EQ(state.status, 1);
    EXPECT_NE(state.err.find(said), std::string::npos) << state.err;
    EXPECT_EQ(run_ironlog({"check", "--max-game-size", "lots", sample}).status, 2);
    for (const char* command : {"check", "fmt", "state"}) {
        auto r = run_ironlog({command, "/dev/zero"});
        EXPECT_EQ(r.status, 2) << command;
        EXPECT_NE(r.err.find("is a device, not a record"), std::string::npos) << r.err;
    }
}

// fmt reads a file twice, a game at a time, rather than whole: the same output from a file, from
// standard input (kept in a temporary file), and in place.
TEST(Cli, FmtAGameAtATimeFromAFileOrStandardInput) {
    auto dir = temp_dir();
    std::string messy;
    for (int i = 0; i < 3; ++i) messy += read_file(kSource / "fixtures/games/two-games.ngn") + "\n\n";
    write_file(dir / "messy.ngn", messy);
    auto from_file = run_ironlog({"fmt", (dir / "messy.ngn").string()});
    ASSERT_EQ(from_file.status, 0) << from_file.err;
    auto from_stdin = run_ironlog({"fmt", "-"}, messy);
    EXPECT_EQ(from_stdin.out, from_file.out);
    EXPECT_EQ(run_ironlog({"fmt", "--check", (dir / "messy.ngn").string()}).status, 1);
    ASSERT_EQ(run_ironlog({"fmt", "-i", (dir / "messy.ngn").string()}).status, 0);
    EXPECT_EQ(read_file(dir / "messy.ngn"), from_file.out);
    EXPECT_EQ(run_ironlog({"fmt", "--check", (dir / "messy.ngn").string()}).status, 0);
    std::filesystem::remove_all(dir);
}

// Out of memory, ironlog says which input and which limit, not std::bad_alloc: here a game read
// whole (no --max-game-size) in an address space too small for it.
TEST(Cli, RunningOutOfMemorySaysWhichInputAndWhichLimit) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    GTEST_SKIP() << "the sanitizers reserve more address space than the limit allows";
#else
    auto dir = temp_dir();
    const std::string sample = read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    const std::string body = sample.substr(sample.find("\nturn 1") + 1);
    std::string big = sample;
    while (big.size() < 8'000'000) big += body;
    write_file(dir / "big.ngn", big);
    const std::string cmd = "ulimit -v 200000; exec '" + kBinary + "' check --max-game-size 0 '" + (dir / "big.ngn").string() + "' 2>&1";
    std::string out;
    FILE* p = popen(("sh -c \"" + cmd + "\"").c_str(), "r");
    ASSERT_NE(p, nullptr);
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int status = pclose(p);
    EXPECT_EQ(WEXITSTATUS(status), 2) << out;
    EXPECT_NE(out.find("ran out of memory reading " + (dir / "big.ngn").string() + ": a game read takes some 50 times its text, and --max-game-size is off"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find("bad_alloc"), std::string::npos) << out;
    std::filesystem::remove_all(dir);
#endif
}
