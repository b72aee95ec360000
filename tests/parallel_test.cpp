// -j: games read and checked on several threads give exactly what one thread gives, in the same
// order, whatever the chunks, the errors, max_errors and the size limits.
#include "archive/sqlite.hpp"
#include "check/file_report.hpp"
#include "check/game_stream.hpp"
#include "check/in_order.hpp"
#include "output/report.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace {

namespace fs = std::filesystem;
using namespace testing_util;
using ironlog::Threads;

// What `ironlog check` prints for a text, checked with the given threads and limits.
std::string check_output(const std::string& text, const fs::path& folder, Threads threads, ngn::ParseOptions po = {}) {
    std::ostringstream out;
    auto writer = ironlog::output::make_writer(ironlog::output::Format::Text, out, true, true);
    writer->begin_file("record.ngn", std::nullopt);
    std::istringstream in(text);
    ironlog::CheckOptions options(test_rulesets(), folder);
    ironlog::FileReport rest = ironlog::check_stream(
        "record.ngn", in, options, po, [&](ironlog::GameReport&& g, const ngn::SourceExcerpts& s) { writer->game(g, s); }, threads);
    writer->end_file(rest);
    writer->finish();
    return out.str();
}

// The games of many fixtures in one file, as a season's log would hold them; without the
// comments that introduce each file, a blank line between games (where a chunk may be cut).
std::string season(const std::string& folder, bool introductions = false) {
    std::string all;
    for (const auto& f : ngn_files(kSource / "fixtures" / folder)) {
        std::string text = read_file(f);
        while (!introductions && text.starts_with(";")) text.erase(0, text.find('\n') + 1);
        if (!text.empty() && text.back() != '\n') text += '\n';
        all += text + "\n";
    }
    return all;
}

// Each game's place, lines and errors, and what was read beside them: what a game's report does
// not show (the comments that introduce it).
std::string games_read(const std::string& text, Threads threads, ngn::ParseOptions po) {
    std::istringstream in(text);
    std::string out;
    const ironlog::StreamRead read = ironlog::for_each_game<std::string>(
        in, "record.ngn", po, threads,
        [](ngn::Game&& g, const ngn::LineWindow& window) {
            std::string d = std::to_string(g.first_line) + "-" + std::to_string(g.last_line) + " " +
                            std::to_string(g.lines.size()) + " lines, " + std::to_string(g.errors.size()) + " errors";
            if (g.errors.empty()) d += ": " + std::string(window.raw_lines(g.first_line, g.last_line));
            return d;
        },
        [&](std::string&& d) { out += d + "\n"; });
    return out + "stopped at " + std::to_string(read.last_line) + (read.errors.truncated ? " (truncated)" : "");
}

void expect_same_on_threads(const std::string& text, const fs::path& folder, ngn::ParseOptions po = {}) {
    const std::string one = check_output(text, folder, Threads{1}, po);
    const std::string games = games_read(text, Threads{1}, po);
    for (unsigned jobs : {2u, 3u})
        for (std::size_t chunk : {std::size_t{1}, std::size_t{700}, std::size_t{64} << 10}) {
            SCOPED_TRACE("jobs " + std::to_string(jobs) + ", chunk " + std::to_string(chunk) + " bytes");
            EXPECT_EQ(check_output(text, folder, Threads{jobs, chunk}, po), one);
            EXPECT_EQ(games_read(text, Threads{jobs, chunk}, po), games);
        }
}

TEST(Parallel, EachFixtureFileChecksTheSameOnSeveralThreads) {
    for (const char* folder : {"games", "errors", "audit"})
        for (const auto& f : ngn_files(kSource / "fixtures" / folder)) {
            SCOPED_TRACE(f.string());
            expect_same_on_threads(read_file(f), f.parent_path());
        }
}

TEST(Parallel, ASeasonOfGamesChecksTheSameOnSeveralThreads) {
    for (bool introductions : {false, true}) {
        const std::string text = season("errors", introductions);
        const std::string one = check_output(text, kSource / "fixtures" / "errors", Threads{1});
        EXPECT_NE(one.find("error"), std::string::npos);  // findings to keep in order
        expect_same_on_threads(text, kSource / "fixtures" / "errors");
    }
}

// Syntax errors spread over the games, cut off by max_errors at every count: where reading stops
// and what is reported before it do not depend on the chunks.
TEST(Parallel, MaxErrorsStopsAtTheSamePlace) {
    std::string text = season("games");
    std::string broken;
    std::istringstream lines(text);
    std::string line;
    int n = 0;
    while (std::getline(lines, line)) {
        if (++n % 37 == 0) broken += "FM ~~~ not ngn\n";
        if (n % 91 == 0) broken += "; a comment before a line that does not read\n[Broken tag\n";
        broken += line + "\n";
    }
    for (std::size_t most : {1, 2, 3, 5, 8, 13}) {
        SCOPED_TRACE("max_errors " + std::to_string(most));
        ngn::ParseOptions po;
        po.max_errors = most;
        expect_same_on_threads(broken, kSource / "fixtures" / "games", po);
    }
}

// A game longer than the size limit cannot be cut into a chunk: the rest of the file is read on
// the calling thread, and still the same.
TEST(Parallel, AGameTooLongIsReadTheSame) {
  for (bool introductions : {false, true}) {  // a game too long keeps the comments after it
    const std::string games = season("games", introductions);
    // far too long (no chunk holds it), and a little too long (a chunk holds it, and is cut after it)
    for (int lines : {3000, 130}) {
      std::string longest = "[Ruleset \"ironclads\"]\n[Event \"long\"]\n\nturn 1\n";
      for (int i = 0; i < lines; ++i) longest += "; a long game's comment, line " + std::to_string(i) + "\n";
      longest += "FM move 3\n\n";
      for (std::size_t limit : {std::size_t{4096}, std::size_t{20000}, std::size_t{0}}) {
        SCOPED_TRACE("max_game_bytes " + std::to_string(limit) + ", " + std::to_string(lines) + " lines");
        ngn::ParseOptions po;
        po.max_game_bytes = limit;
        expect_same_on_threads(games + longest + games, kSource / "fixtures" / "games", po);
      }
    }
  }
}

// max_errors reached in one chunk, and the next holds a game too long (but not too long for a
// chunk): reading stops at the next chunk's first line, though its thread let that line go.
TEST(Parallel, MaxErrorsBeforeAGameTooLongStopsAtTheSamePlace) {
    std::string too_long = "[Ruleset \"ironclads\"]\n[Event \"long\"]\n\nturn 1\n";
    for (int i = 0; i < 8; ++i) too_long += "; a comment of a game too long, line " + std::to_string(i) + "\n";
    const std::string b = "[Ruleset \"ironclads\"]\n[Event \"B\"]\n\nturn 1\nKM move 2\n";
    const std::string text = "FM ~~~\n[Ruleset \"ironclads\"]\nFM ~~~\n" + too_long + b;
    ngn::ParseOptions po;
    po.max_errors = 2;
    po.max_game_bytes = 200;
    EXPECT_EQ(games_read(text, Threads{1}, po).substr(games_read(text, Threads{1}, po).rfind('\n') + 1),
              "stopped at 4 (truncated)");
    expect_same_on_threads(text, kSource / "fixtures" / "games", po);
}

// The places a chunk must not be cut, and text that is not quite a file.
TEST(Parallel, EdgesOfTheTextReadTheSame) {
    const std::string a = "[Ruleset \"ironclads\"]\n[Event \"A\"]\n\nturn 1\nFM move 3\n";
    const std::string b = "[Ruleset \"ironclads\"]\n[Event \"B\"]\n\nturn 1\nKM move 2\n";
    const fs::path here = kSource / "fixtures" / "games";
    for (const std::string& text : std::vector<std::string>{
             a + "; introduces B\n" + b,                       // a comment goes with the game after it
             a + "; introduces B?\nFM ~~~\n" + b,             // not across a line that does not read
             a + "FM ~~~\n; introduces B\n\n" + b,
             a + "FM ~~~\n" + b + "FM ~~~\n" + a,              // a tag after a line that does not read
             "\xEF\xBB\xBF" + a + b,                            // a byte order mark
             a + b.substr(0, b.size() - 1),                    // no newline at the end
             "FM move 3\nnot a game\n" + a + b,                // lines before the first game
             std::string("; only a comment\n"),
             std::string(),
             a + "FM \x01 control\n" + b,
             a + "FM " + std::string(300 * 1024, 'x') + "\n" + b,  // a line longer than a line may be
         }) {
        SCOPED_TRACE(text.substr(0, 80));
        std::string crlf;
        for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        for (const std::string& t : {text, crlf}) {
            expect_same_on_threads(t, here);
            ngn::ParseOptions po;
            po.max_errors = 1;
            expect_same_on_threads(t, here, po);
        }
    }
}

// Chunks hold whole games: each begins with a game's first tag (but the first), and together
// they hold every line once, numbered as in the file.
TEST(Parallel, ChunksAreCutOnlyWhereAGameBegins) {
  for (bool introductions : {false, true}) {
    const std::string text = season("games", introductions);
    std::istringstream in(text);
    ngn::ChunkReader chunks(in, 1, 0);
    std::string joined;
    std::uint32_t next_line = 1;
    int count = 0;
    while (auto c = chunks.next()) {
        ++count;
        ngn::index_lines(*c);
        ASSERT_EQ(c->lines.first() + c->lead_lines, next_line);
        ASSERT_FALSE(c->open);
        if (count > 1) {
            EXPECT_EQ(c->lines.line(c->lines.first() + c->lead_lines).substr(0, 1), "[");
        }
        // the comments before a cut are in both chunks
        joined += c->lines.raw_lines(c->lines.first() + c->lead_lines, c->lines.last());
        next_line = c->lines.last() + 1;
    }
    EXPECT_EQ(joined, text);
    EXPECT_GE(count, 9);  // ten games, each cut from the one before, comments between or not
  }
}

// A chunk that found no place to cut reads on into the stream and lets its lines go as one
// thread would: memory holds what a game may, not the rest of the file.
TEST(Parallel, AnOpenChunkLetsItsLinesGo) {
    std::string text = "[Ruleset \"ironclads\"]\n\nturn 1\n";
    while (text.size() < (std::size_t{3} << 20)) text += "; a comment in a game far too long to be read\n";
    std::istringstream in(text);
    ngn::ParseOptions po;
    po.max_game_bytes = 4096;
    ngn::ChunkReader chunks(in, 1024, 1024 + 2 * po.max_game_bytes);
    auto chunk = chunks.next();
    ASSERT_TRUE(chunk && chunk->open);
    EXPECT_LT(chunk->bytes, std::size_t{16} << 10);
    std::size_t games = 0;
    const ngn::FileErrors errors = ngn::read_games(*chunk, [&](ngn::Game&&) { ++games; }, po, &chunks.rest());
    EXPECT_EQ(games, 1u);
    EXPECT_EQ(errors.error_count, 1u);  // the game too long
    EXPECT_LT(chunk->lines.bytes_held(), std::size_t{64} << 10);
    EXPECT_FALSE(chunks.next());
}

// ---- run_in_order --------------------------------------------------------------------------------

TEST(RunInOrder, ResultsComeBackInTheOrderOfTheTasks) {
    for (unsigned jobs : {1u, 2u, 5u}) {
        int given = 0;
        std::vector<int> seen;
        std::mt19937 rng(jobs);
        ironlog::run_in_order<int, int>(
            jobs, [&]() -> std::optional<int> { return given < 200 ? std::optional<int>(given++) : std::nullopt; },
            [&](int&& n) {
                std::this_thread::sleep_for(std::chrono::microseconds((n * 7919) % 300));
                return n * n;
            },
            [&](int&& r) { seen.push_back(r); });
        ASSERT_EQ(seen.size(), 200u);
        for (int i = 0; i < 200; ++i) EXPECT_EQ(seen[static_cast<std::size_t>(i)], i * i);
    }
}

TEST(RunInOrder, AFailedTaskIsThrownInItsTurnAndTheThreadsStop) {
    std::vector<int> seen;
    int given = 0;
    auto run_3 = [&] {
        ironlog::run_in_order<int, int>(
                     3, [&]() -> std::optional<int> { return given < 100 ? std::optional<int>(given++) : std::nullopt; },
                     [&](int&& n) {
                         if (n == 10) throw std::runtime_error("task 10");
                         return n;
                     },
                     [&](int&& r) { seen.push_back(r); });
    };
    EXPECT_THROW(run_3(), std::runtime_error);
    ASSERT_EQ(seen.size(), 10u);  // the ten before it, and no more
    EXPECT_EQ(seen.back(), 9);
    // a failure where the results are handed over stops it too
    given = 0;
    auto run_2 = [&] {
        ironlog::run_in_order<int, int>(
                     2, [&]() -> std::optional<int> { return given < 100 ? std::optional<int>(given++) : std::nullopt; },
                     [](int&& n) { return n; },
                     [](int&& r) {
                         if (r == 5) throw std::runtime_error("done 5");
                     });
    };
    EXPECT_THROW(run_2(), std::runtime_error);
    EXPECT_LT(given, 100);  // it stopped taking tasks
}

TEST(RunInOrder, NoMoreThanTwiceTheThreadsAreTakenAhead) {
    int given = 0, handed = 0, most_ahead = 0;
    ironlog::run_in_order<int, int>(
        2,
        [&]() -> std::optional<int> {
            most_ahead = std::max(most_ahead, given - handed);
            return given < 50 ? std::optional<int>(given++) : std::nullopt;
        },
        [](int&& n) { return n; }, [&](int&&) { ++handed; });
    EXPECT_LE(most_ahead, 4);
    EXPECT_EQ(handed, 50);
}

}  // namespace

// ---- the commands ---------------------------------------------------------------------------------


namespace {

// Every row a query gives, as text: what an archive holds, to compare two of them.
std::string rows(const std::string& db, const std::string& sql) {
    sqlite::Database d(db, SQLITE_OPEN_READONLY);
    sqlite::Statement q(d, sql);
    std::string out;
    while (q.step()) {
        for (int i = 0; i < 5; ++i) out += q.text(i) + "|";
        out += "\n";
    }
    return out;
}

TEST(Parallel, CheckAndArchiveAddSayAndStoreTheSameWhateverTheJobs) {
    const fs::path dir = temp_dir();
    const std::string file = (dir / "season.ngn").string();
    // some chunks of 256 KiB (the stored texts: games again are "already stored")
    std::string text;
    while (text.size() < (std::size_t{1} << 20)) text += season("errors") + season("games");
    write_file(file, text);
    const auto one = run_ironlog({"check", "-j", "1", file});
    const auto three = run_ironlog({"check", "-j", "3", file});
    EXPECT_EQ(one.status, 1);
    EXPECT_EQ(three.status, one.status);
    EXPECT_EQ(three.out, one.out);
    EXPECT_EQ(run_ironlog({"check", "-j", "0", "-f", "json", file}).out, run_ironlog({"check", "-j", "1", "-f", "json", file}).out);

    const std::string db1 = (dir / "one.db").string(), db3 = (dir / "three.db").string();
    const auto add1 = run_ironlog({"archive", "--db", db1, "add", "-j", "1", file});
    const auto add3 = run_ironlog({"archive", "--db", db3, "add", "-j", "3", file});
    EXPECT_EQ(add3.status, add1.status);
    EXPECT_EQ(add3.out, add1.out);
    EXPECT_EQ(add3.err, add1.err);
    const std::string games = "SELECT g.id, g.first_line, r.record, g.event, g.result FROM game g JOIN game_record r ON r.game_id = g.id ORDER BY g.id";
    const std::string findings = "SELECT game_id, position, line, rule, message FROM finding ORDER BY game_id, position";
    EXPECT_GT(rows(db1, games).size(), 1000u);
    EXPECT_EQ(rows(db3, games), rows(db1, games));
    EXPECT_EQ(rows(db3, findings), rows(db1, findings));
    // a recheck on three threads replaces the findings in the order of the games, as one does
    const auto re1 = run_ironlog({"archive", "--db", db1, "add", "--recheck", "-j", "1"});
    const auto re3 = run_ironlog({"archive", "--db", db3, "add", "--recheck", "-j", "3"});
    EXPECT_EQ(re3.out, re1.out);
    EXPECT_EQ(re3.err, re1.err);
    EXPECT_EQ(rows(db3, findings), rows(db1, findings));
    fs::remove_all(dir);
}

}  // namespace
