// Helpers shared by the tests: files, the ironlog binary, and a dump of a parsed record
// that does not depend on the formatter (so the formatter can be tested against it).
#pragma once

#include "check/file_report.hpp"
#include "notation/parser.hpp"
#include "notation/record.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace testing_util {

inline const std::filesystem::path kSource = IRONLOG_SOURCE_DIR;
inline const std::string kBinary = IRONLOG_BINARY;

// The size of a big test (games generated, rounds): `full` in the release build, `sanitized` in
// the ASan and TSan builds, which run many times slower (docs/testing.md says each).
constexpr int scaled_for_sanitizers(int full, int sanitized) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    static_cast<void>(full);
    return sanitized;
#else
    static_cast<void>(sanitized);
    return full;
#endif
}

std::string read_file(const std::filesystem::path& p);
void write_file(const std::filesystem::path& p, const std::string& text);
std::filesystem::path temp_dir();  // a fresh folder for one test

struct Run {
    int status = -1;
    std::string out;
    std::string err;
};
// Runs the ironlog binary with these arguments (shell-quoted here) and optional stdin text.
Run run_ironlog(const std::vector<std::string>& args, const std::string& input = "");

// Records stored with `archive add`, each from a file of its own (game1.ngn, game2.ngn ...) in a
// fresh folder: the folder and the archive's path (the test fails when add does not exit 0).
struct Archived {
    std::filesystem::path dir;
    std::string db;
};
Archived archive_of(const std::vector<std::string>& records);

// Every .ngn file under a folder of the source tree, sorted.
std::vector<std::filesystem::path> ngn_files(const std::filesystem::path& folder);

// The rows of a ruleset's coverage table (docs/rules/<id>.md, the table under "## Coverage", as
// the build compiled it in: src/cli/coverage.hpp): each row's first column (the rule or case) and its last (the status: "enforced ...", "not
// checked ..."). The generated-play coverage tests map the enforced rows to the cases the
// engine counts (GameReport::cases).
struct CoverageRow {
    std::string rule, status;
    bool enforced() const { return status.rfind("enforced", 0) == 0; }
};
std::vector<CoverageRow> coverage_rows(const std::string& ruleset);
// How often each case was judged over all the games of a report (GameReport::cases summed).
std::map<std::string, std::size_t> cases_judged(const ironlog::FileReport& report);

// Random legal games of a ruleset from its generator (`games` of them, from `seed`), with the
// made-up test files in fixtures/ that the generators of admiral, eia-naval and tmbv need.
std::string generated_games(const std::string& ruleset, int games, std::uint64_t seed);

// The record's content, line by line, without positions or layout: "tag Event=..." etc.
std::string dump(const ngn::Game& game);
std::string dump(const ngn::Item& item);

// Checks a text as if it were a file in the fixtures folder.
// Every ruleset, but admiral without its rule engine: the kit's tests (check_test.cpp) show the
// common checks on admiral's declaration, so that only they speak.
const ironlog::RulesetList& kit_rulesets();
// The rulesets the helpers below check with: ironlog::all_rulesets() unless a test file chose
// others for its tests (check_test.cpp chooses kit_rulesets()).
const ironlog::RulesetList& test_rulesets();
void use_rulesets(const ironlog::RulesetList& list);

ironlog::FileReport check(const std::string& text, const std::string& name = "test.ngn");
// The findings of the only game in a text (fails the test if there is not exactly one game).
std::vector<ironlog::Finding> findings_of(const std::string& text);
// Findings that are errors or warnings (notes left out).
std::vector<ironlog::Finding> problems_of(const std::string& text);
std::string describe(const std::vector<ironlog::Finding>& findings);

// A copy of a sample with one mistake seeded: `from` replaced by `to` gives exactly one
// error or warning, citing `rule`, of this kind.
struct SeededMistake {
    const char* from;
    const char* to;
    const char* rule;
    ironlog::Kind kind;
};
void expect_each_mistake_once(const std::string& sample, const std::vector<SeededMistake>& mistakes, const std::string& folder = "");

// Random edits of a sample (lines dropped, repeated, swapped, cut; digits changed; stray
// characters added), checked `rounds` times: checking never throws (nor, under the sanitizer
// build, crashes or leaks).
void expect_random_edits_never_throw(const std::string& sample, int rounds, unsigned seed, const std::string& folder = "");

// The record with an [Options] tag holding `options` (e.g. "blockade-vp=victory-phase"), put
// before its [Side1] tag.
std::string with_options(std::string text, const std::string& options);

// Errors and warnings of a record, the file's own included, checked as if it stood in this
// folder of fixtures/ ("games" for records that use the ship libraries there).
std::vector<ironlog::Finding> problems_in(const std::string& text, const std::string& folder = "");
// The lines of the only game in a record excused by an earlier finding (`ironlog check --excused`
// shows them as notes), checked as if it stood in this folder of fixtures/.
std::vector<ironlog::Excused> excused_in(const std::string& text, const std::string& folder = "");
// The number (from 1) of the first line of `text` that holds `part`.
std::uint32_t line_of(const std::string& text, const std::string& part);
// No error or warning at all.
void expect_clean(const std::string& text, const std::string& folder = "");
// Exactly one error or warning, with this rule and kind; returns it.
ironlog::Finding expect_one(const std::string& text, const std::string& rule, ironlog::Kind kind, const std::string& folder = "");
// The same, and the finding's expected and recorded values ("(none)" for a value not given).
ironlog::Finding expect_one(const std::string& text, const std::string& rule, ironlog::Kind kind, const std::string& expected,
                            const std::string& recorded, const std::string& folder);

}  // namespace testing_util
