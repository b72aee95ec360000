// The command line speaks one way (issue 42): every error as `ironlog: error: ...`, "did you
// mean" for every word taken from a list, plurals, a binary file as one error, no colour on a
// dumb terminal, JSON from state and archive verify, `ironlog help CMD`, SARIF's helpUri and
// invocations. docs/cli.md, "Errors and suggestions".
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

using namespace testing_util;

namespace {

std::string fixture(const std::string& name) { return (kSource / "fixtures" / name).string(); }
const std::string kSample = "games/ironclads-lissa-sample.ngn";
const std::string kClean = "games/late19c-river-sample.ngn";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// Every line of standard error is an `ironlog: error:` line.
void expect_errors_only(const Run& r, const std::string& what) {
    EXPECT_EQ(r.status, 2) << what << "\n" << r.err;
    ASSERT_FALSE(r.err.empty()) << what;
    std::istringstream lines(r.err);
    for (std::string line; std::getline(lines, line);) EXPECT_EQ(line.rfind("ironlog: error: ", 0), 0u) << what << ": " << line;
}

// A file of bytes that is not text: a NUL in its first block, then lines that would each be a
// syntax error.
std::filesystem::path binary_file(const std::filesystem::path& dir) {
    const auto path = dir / "photo.ngn";
    std::string bytes("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\n", 17);
    for (int i = 0; i < 20; ++i) bytes += "\x01\x02 garbage ] [ => \n";
    write_file(path, bytes);
    return path;
}

}  // namespace

TEST(CliSpeaksOneWay, EveryErrorIsIronlogError) {
    expect_errors_only(run_ironlog({"check", "--bogus", fixture(kSample)}), "unknown option");
    expect_errors_only(run_ironlog({"check", "--format"}), "missing argument");
    expect_errors_only(run_ironlog({"check"}), "missing file");
    expect_errors_only(run_ironlog({"check", "--max-errors", "-1", fixture(kSample)}), "failed validator");
    EXPECT_TRUE(contains(run_ironlog({"check", "--max-errors", "-1", fixture(kSample)}).err,
                         "ironlog: error: --max-errors: '-1' is not a whole number of 0 or more (see 'ironlog check --help')"));
    expect_errors_only(run_ironlog({"chek", "x.ngn"}), "unknown command");
    expect_errors_only(run_ironlog({"state", fixture("games/no-such.ngn")}), "a file that is not there");
    expect_errors_only(run_ironlog({"state", "--game", "9", fixture(kClean)}), "no such game");
    expect_errors_only(run_ironlog({"archive", "--db", (temp_dir() / "a.db").string(), "show", "7"}), "no such game in an archive");
    // --help and --version are not errors
    auto help = run_ironlog({"check", "--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_TRUE(help.err.empty()) << help.err;
    EXPECT_TRUE(contains(help.out, "Usage:"));
    auto version = run_ironlog({"--version"});
    EXPECT_EQ(version.status, 0);
    EXPECT_TRUE(contains(version.out, "ironlog 0."));
}

TEST(CliSpeaksOneWay, EveryListedWordGetsDidYouMean) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"check", "--format", "jsn", fixture(kSample)}, "'jsn' is not an output format: text, json, sarif; did you mean 'json'?"},
        {{"check", "--color", "alwyas", fixture(kSample)}, "did you mean 'always'?"},
        {{"rules", "tmvb"}, "'tmvb' is not a ruleset: tmbv, late19c, admiral, eia-naval, ironclads; did you mean 'tmbv'?"},
        {{"rules", "--format", "jsno"}, "did you mean 'json'?"},
        {{"state", "--format", "josn", fixture(kSample)}, "did you mean 'json'?"},
        {{"generate", "--ruleset", "ironclad"}, "did you mean 'ironclads'?"},
        {{"archive", "--db", "/nonexistent/a.db", "query", "standigns"}, "did you mean 'standings'?"},
        {{"archive", "--db", "/nonexistent/a.db", "dice", "--by", "playr"}, "did you mean 'player'?"},
        {{"archive", "--db", "/nonexistent/a.db", "list", "--has", "ilegal"}, "did you mean 'illegal'?"},
        {{"archive", "--db", "/nonexistent/a.db", "verify", "--format", "jsn"}, "did you mean 'json'?"},
        {{"archive", "--db", "/nonexistent/a.db", "lst"}, "unknown command 'lst'; did you mean 'list'?"},
    };
    for (const auto& [args, hint] : cases) {
        auto r = run_ironlog(args);
        EXPECT_EQ(r.status, 2) << hint;
        EXPECT_TRUE(contains(r.err, "ironlog: error: ")) << r.err;
        EXPECT_TRUE(contains(r.err, hint)) << r.err;
    }
    // a word far from every one: the list, no guess
    auto far = run_ironlog({"check", "--format", "zzzzzz", fixture(kSample)});
    EXPECT_TRUE(contains(far.err, "text, json, sarif")) << far.err;
    EXPECT_FALSE(contains(far.err, "did you mean")) << far.err;
}

TEST(CliSpeaksOneWay, RecordWordsGetDidYouMeanAndASegmentTheSegmentsOfItsPhase) {
    // in segment gunfire of phase firing, a misspelt segment: the firing phase's segments, not the phases
    std::string record = read_file(fixture(kSample));
    const std::string firing = "  phase firing\n";
    const auto at = record.find(firing, record.find("turn 1"));
    ASSERT_NE(at, std::string::npos);
    record.insert(at + firing.size(), "    segment gunfire\n    segment damgae\n");
    auto r = run_ironlog({"check", "-"}, record);
    EXPECT_TRUE(contains(r.out, "unknown segment 'damgae'; did you mean 'damage'? expected one of: gunfire, damage")) << r.out;
    EXPECT_FALSE(contains(r.out, "expected one of: initiative")) << r.out;
    // a misspelt option of the ruleset in the header
    std::string options = read_file(fixture(kSample));
    options.insert(options.find('\n', options.find("[Ruleset")) + 1, "[Options \"smokstack=text\"]\n");
    auto option = run_ironlog({"check", "-"}, options);
    EXPECT_TRUE(contains(option.out, "unknown option 'smokstack' for ironclads; did you mean 'smokestack'?")) << option.out;
    // a misspelt phase: did you mean, and the phases
    auto phase = run_ironlog({"check", fixture("errors/play-mistakes.ngn")});
    EXPECT_TRUE(contains(phase.out, "unknown phase 'fireing'; did you mean 'firing'? expected one of: initiative, movement, firing, end"))
        << phase.out;
}

TEST(CliSpeaksOneWay, CountsReadInTheSingular) {
    auto one = run_ironlog({"check", "-"}, read_file(fixture(kSample)));  // its library is not found from here: 1 error
    EXPECT_TRUE(contains(one.out, "1 error, 0 warnings, 0 notes in 1 game (1 file)")) << one.out;
    const Archived a = archive_of({read_file(fixture(kClean))});
    auto verify = run_ironlog({"archive", "--db", a.db, "verify"});
    EXPECT_TRUE(contains(verify.out, "verified: 1 game, 0 earlier versions, a chain of 1 entry,")) << verify.out;
    auto recheck = run_ironlog({"archive", "--db", a.db, "add", "--recheck"});
    EXPECT_EQ(recheck.status, 0) << recheck.err;
    EXPECT_TRUE(contains(recheck.out, "1 game rechecked")) << recheck.out;
    auto list = run_ironlog({"archive", "--db", a.db, "list"});
    EXPECT_TRUE(contains(list.out, "(0 errors, 0 warnings)")) << list.out;
    for (const auto* r : {&one, &recheck, &verify, &list}) {
        EXPECT_FALSE(contains(r->out, " 1 games")) << r->out;
        EXPECT_FALSE(contains(r->out, " 1 errors")) << r->out;
        EXPECT_FALSE(contains(r->out, " 1 entries")) << r->out;
    }
}

TEST(CliSpeaksOneWay, ABinaryFileIsOneError) {
    const auto dir = temp_dir();
    const std::string bin = binary_file(dir).string();
    auto check = run_ironlog({"check", bin});
    EXPECT_EQ(check.status, 1) << check.err;
    EXPECT_EQ(occurrences(check.out, "error:"), 1u) << check.out;
    EXPECT_TRUE(contains(check.out, bin + ":1:1: error: not a text file")) << check.out;
    EXPECT_TRUE(contains(check.out, "1 error, 0 warnings, 0 notes in 0 games (1 file)")) << check.out;
    // from standard input, a pipe as a redirected file
    auto piped = run_ironlog({"check", "-"}, read_file(bin));
    EXPECT_EQ(piped.status, 1);
    EXPECT_TRUE(contains(piped.out, "-:1:1: error: not a text file")) << piped.out;
    auto json = nlohmann::json::parse(run_ironlog({"check", "--format", "json", bin}).out);
    EXPECT_EQ(json["summary"]["errors"], 1);
    for (const char* command : {"fmt", "state", "report"}) {
        auto r = run_ironlog({command, bin});
        EXPECT_EQ(r.status, 1) << command << r.err;
        EXPECT_EQ(occurrences(r.err, "error:"), 1u) << command << "\n" << r.err;
        EXPECT_TRUE(contains(r.err, bin + ":1:1: error: not a text file")) << command << "\n" << r.err;
    }
    // a text file is read as before
    EXPECT_EQ(run_ironlog({"check", fixture(kClean)}).status, 0);
    std::filesystem::remove_all(dir);
}

TEST(CliSpeaksOneWay, ADumbTerminalGetsNoColour) {
    if (std::system("command -v script > /dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1) to give ironlog a terminal";
    // script(1) runs ironlog on a terminal: --color auto colours it, unless TERM=dumb or NO_COLOR
    auto on_terminal = [](const std::string& env) {
        const auto dir = temp_dir();
        const std::string out = (dir / "typescript").string();
        const std::string cmd = env + " " + kBinary + " check --color auto " + fixture("errors/play-mistakes.ngn");
        const std::string run = "script -qec '" + cmd + "' " + out + " > /dev/null 2>&1";
        EXPECT_GE(std::system(run.c_str()), 0);
        std::string text = read_file(out);
        std::filesystem::remove_all(dir);
        return text;
    };
    const std::string red = "\x1b[1;31m";  // an error's colour
    const std::string colour = on_terminal("env -u NO_COLOR TERM=xterm-256color");
    ASSERT_TRUE(contains(colour, "error")) << colour;
    EXPECT_TRUE(contains(colour, red)) << "a terminal gets colour";
    const std::string dumb = on_terminal("env -u NO_COLOR TERM=dumb");
    ASSERT_TRUE(contains(dumb, "error")) << dumb;
    EXPECT_FALSE(contains(dumb, "\x1b[")) << "TERM=dumb gets no colour, nor the progress line's cursor movements";
    EXPECT_FALSE(contains(on_terminal("env NO_COLOR=1 TERM=xterm-256color"), red));
}

TEST(CliSpeaksOneWay, StateAndVerifyInJson) {
    auto text = run_ironlog({"state", fixture(kSample)});
    ASSERT_EQ(text.status, 0) << text.err;
    auto r = run_ironlog({"state", "--format", "json", "--at", "turn 2", fixture(kSample)});
    ASSERT_EQ(r.status, 0) << r.err;
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["game"], 1);
    EXPECT_EQ(doc["ruleset"], "ironclads");
    EXPECT_TRUE(contains(doc["at"].get<std::string>(), "turn 2")) << doc["at"];
    ASSERT_EQ(doc["sides"].size(), 2u);
    for (const auto& side : doc["sides"]) {
        EXPECT_FALSE(side["name"].get<std::string>().empty());
        EXPECT_FALSE(side["pieces"].empty());
        for (const auto& p : side["pieces"]) {
            EXPECT_FALSE(p["kind"].get<std::string>().empty());
            EXPECT_FALSE(p["label"].get<std::string>().empty());
            EXPECT_TRUE(p["last"].is_array());
        }
    }
    // the text names what the JSON holds
    auto at_end = nlohmann::json::parse(run_ironlog({"state", "--format", "json", fixture(kSample)}).out);
    for (const auto& side : at_end["sides"]) EXPECT_TRUE(contains(text.out, side["name"].get<std::string>())) << side["name"];
    EXPECT_EQ(at_end["engine_view"].get<std::string>().empty(), false);
    EXPECT_TRUE(contains(text.out, at_end["engine_view"].get<std::string>()));
    EXPECT_EQ(run_ironlog({"state", "--format", "json", "--svg", fixture(kSample)}).status, 2);  // one or the other

    const Archived a = archive_of({read_file(fixture(kClean))});
    auto v = run_ironlog({"archive", "--db", a.db, "verify", "--format", "json"});
    ASSERT_EQ(v.status, 0) << v.err;
    auto verdict = nlohmann::json::parse(v.out);
    EXPECT_EQ(verdict["verified"], true);
    EXPECT_EQ(verdict["games"], 1);
    EXPECT_EQ(verdict["earlier_versions"], 0);
    EXPECT_EQ(verdict["chain"]["entries"], 1);
    EXPECT_EQ(verdict["chain"]["head"].get<std::string>().size(), 64u);
    EXPECT_TRUE(verdict["problems"].empty());
}

TEST(CliSpeaksOneWay, HelpCommand) {
    auto top = run_ironlog({"help"});
    EXPECT_EQ(top.status, 0);
    EXPECT_TRUE(contains(top.out, "Usage: ironlog [OPTIONS] SUBCOMMAND")) << top.out;
    for (const char* cmd : {"check", "fmt", "rules", "state", "report", "archive"}) EXPECT_TRUE(contains(top.out, cmd)) << cmd;
    auto check = run_ironlog({"help", "check"});
    EXPECT_EQ(check.status, 0);
    EXPECT_TRUE(contains(check.out, "Usage: ironlog check")) << check.out;
    EXPECT_TRUE(contains(check.out, "--max-errors")) << check.out;
    auto nested = run_ironlog({"help", "archive", "add"});
    EXPECT_EQ(nested.status, 0);
    EXPECT_TRUE(contains(nested.out, "Usage: ironlog archive add")) << nested.out;
    EXPECT_TRUE(contains(nested.out, "--recheck")) << nested.out;
    auto typo = run_ironlog({"help", "chekc"});
    EXPECT_EQ(typo.status, 2);
    EXPECT_TRUE(contains(typo.err, "ironlog: error: unknown command 'chekc'; did you mean 'check'?")) << typo.err;
    auto nested_typo = run_ironlog({"help", "archive", "verfy"});
    EXPECT_EQ(nested_typo.status, 2);
    EXPECT_TRUE(contains(nested_typo.err, "did you mean 'verify'?")) << nested_typo.err;
}

TEST(CliSpeaksOneWay, SarifHasHelpUriAndInvocations) {
    auto r = run_ironlog({"check", "--format", "sarif", fixture("errors/play-mistakes.ngn")});
    ASSERT_EQ(r.status, 1);
    auto run = nlohmann::json::parse(r.out)["runs"][0];
    const auto& rules = run["tool"]["driver"]["rules"];
    ASSERT_FALSE(rules.empty());
    for (const auto& rule : rules) {
        const std::string id = rule["id"], uri = rule["helpUri"];
        const std::string ruleset = id.substr(0, id.find('/'));
        if (ruleset == "ngn") EXPECT_TRUE(uri.ends_with("/notation.md")) << uri;
        else EXPECT_TRUE(uri.ends_with("/rules/" + ruleset + ".md#coverage")) << uri;
        EXPECT_EQ(uri.find(':') != std::string::npos, true) << "an absolute URI: " << uri;
    }
    ASSERT_EQ(run["invocations"].size(), 1u);
    const auto& inv = run["invocations"][0];
    EXPECT_EQ(inv["exitCode"], 1);
    EXPECT_EQ(inv["executionSuccessful"], true);
    EXPECT_TRUE(contains(inv["commandLine"].get<std::string>(), " check --format sarif ")) << inv["commandLine"];
    // a run that could not read a file: exit 2, not successful
    auto missing = nlohmann::json::parse(run_ironlog({"check", "--format", "sarif", "no-such-file.ngn"}).out);
    EXPECT_EQ(missing["runs"][0]["invocations"][0]["exitCode"], 2);
    EXPECT_EQ(missing["runs"][0]["invocations"][0]["executionSuccessful"], false);
}
