// The archive: what it stores and finds, and how it fails: a writer killed mid-record, two
// writers at once, a full disk, a place it cannot write, files that are not ironlog archives,
// a newer schema, and migrations from every earlier version.
#include "rules/registry.hpp"
#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <poll.h>
#include <pty.h>
#include <sys/stat.h>
#include <regex>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace testing_util;
namespace fs = std::filesystem;

namespace {

std::string fixture(const std::string& name) { return (kSource / "fixtures" / name).string(); }
const std::string kSample = fixture("games/ironclads-lissa-sample.ngn");

std::int64_t scalar(archive::Archive& ar, const std::string& sql) {
    sqlite::Statement q(ar.database(), sql);
    q.step();
    return q.integer(0);
}

std::int64_t scalar(const std::string& db, const std::string& sql) {
    sqlite::Database d(db, SQLITE_OPEN_READONLY);
    sqlite::Statement q(d, sql);
    q.step();
    return q.integer(0);
}

// Starts ironlog with these arguments and extra environment; returns its pid. Its standard
// output and error go to `out` and `err` when named.
pid_t spawn_ironlog(const std::vector<std::string>& args, const std::vector<std::pair<std::string, std::string>>& env,
                    const std::string& out = "/dev/null", const std::string& err = "/dev/null") {
    pid_t pid = fork();
    if (pid == 0) {
        for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(kBinary.c_str()));
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        freopen(out.c_str(), "w", stdout);
        freopen(err.c_str(), "w", stderr);
        execv(kBinary.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

int wait_for(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

// Adds the Lissa sample when the disk has room for one page more: SQLite reports it full.
void add_onto_a_full_disk(archive::Archive& ar, const ngn::Game& sample, const ironlog::GameReport& report) {
    const auto pages = scalar(ar, "PRAGMA page_count");
    ar.database().exec("PRAGMA max_page_count = " + std::to_string(pages + 1));
    try {
        ar.add(sample, read_file(kSample), report, kSample, 1);
        FAIL() << "the add should have run out of room";
    } catch (const sqlite::Error& e) {
        EXPECT_EQ(e.code(), SQLITE_FULL);
    }
}

// After a failed add: the archive (args[2]) holds the two games stored before, nothing of
// the games after them; the same command run again stores the rest and says `summary`.
void expect_two_games_then_all(const std::vector<std::string>& args, const std::string& summary) {
    const std::string& db = args.at(2);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 2);
    for (const char* table : {"line", "tag", "note", "entity"})
        EXPECT_EQ(scalar(db, std::string("SELECT count(*) FROM ") + table + " WHERE game_id > 2"), 0) << table;
    auto again = run_ironlog(args);
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find(summary), std::string::npos) << again.out;
}

// A small game with a note, a comment and a ruling, and names full of quotes and SQL.
std::string tricky_game(const std::string& event, const std::string& result = "*") {
    return "[NGN \"1\"]\n[Event \"" + event + "\"]\n[Round \"1\"]\n[Date \"2026.03.04\"]\n[Ruleset \"admiral\"]\n"
           "[Side1 \"O'Brien's \\\"Navy\\\"\"]\n[Player1 \"Robert'); DROP TABLE game;--\"]\n[Side2 \"Red\"]\n[Player2 \"Ann, Bo\"]\n"
           "[Result \"" + result + "\"]\n\nside \"O'Brien's \\\"Navy\\\"\"\nship Alpha\nside Red\nship Beta\n\n"
           "turn 1\n  phase operational\n    Alpha move 12cm {steaming through fog; visibility low} ; the umpire's comment\n"
           "    Beta fire primary Alpha d10: 7 +2 = 9\n";
}

}  // namespace

TEST(Archive, InitMakesAVersionedArchive) {
    auto dir = temp_dir();
    const std::string db = (dir / "sub" / "club.db").string();
    auto r = run_ironlog({"archive", "--db", db, "init"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("schema version " + std::to_string(archive::Archive::kSchemaVersion)), std::string::npos) << r.out;
    EXPECT_EQ(scalar(db, "PRAGMA user_version"), archive::Archive::kSchemaVersion);
    EXPECT_EQ(scalar(db, "PRAGMA application_id"), 0x49524C47);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM pragma_journal_mode WHERE journal_mode = 'wal'"), 1);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "init"}).status, 0);  // again: nothing to do
    // the environment variable names the archive when --db does not
    EXPECT_EQ(wait_for(spawn_ironlog({"archive", "list"}, {{"IRONLOG_DB", db}})), 0);
    EXPECT_EQ(wait_for(spawn_ironlog({"archive", "list"}, {{"IRONLOG_DB", db + ".missing"}})), 2);
    fs::remove_all(dir);
}

TEST(Archive, AddStoresOnceRefusesBrokenRecordsKeepsFindings) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    auto first = run_ironlog({"archive", "--db", db, "add", kSample, fixture("errors/play-mistakes.ngn"), fixture("errors/syntax-mistakes.ngn")});
    EXPECT_EQ(first.status, 1) << first.out << first.err;  // one file refused
    EXPECT_NE(first.out.find("2 archived, 0 already there, 1 refused"), std::string::npos) << first.out;
    EXPECT_NE(first.err.find("expected a die face 0-9 after 'd10:', found 'x'"), std::string::npos);
    auto again = run_ironlog({"archive", "--db", db, "add", kSample});
    EXPECT_EQ(again.status, 0);
    EXPECT_NE(again.out.find("already stored as game 1"), std::string::npos) << again.out;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 2);
    // findings with their citations, and the record byte for byte
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM finding WHERE game_id = 2 AND rule = 'ironclads Sea state' AND expected = 'calm'"), 1);
    EXPECT_EQ(scalar(db, "SELECT errors FROM game WHERE id = 2"), 12);
    auto text = run_ironlog({"archive", "--db", db, "show", "1", "--text"});
    EXPECT_EQ(text.out, read_file(kSample));
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game WHERE sha256 = '" + archive::sha256_hex(read_file(kSample)) + "'"), 1);
    // turns, phases and events with their lines
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM line WHERE game_id = 1 AND kind = 'event' AND turn = '3' AND phase = 'firing' AND segment = 'damage'"), 7);
    EXPECT_EQ(scalar(db, "SELECT line FROM line WHERE game_id = 1 AND verb = 'problems' AND actor = 'FM' AND turn = '3'"), 84);
    // every line of play, once (they are written many rows to a statement)
    auto parsed = ngn::parse_text(read_file(kSample));
    std::int64_t of_play = 0;
    for (const auto& l : parsed.games[0].lines) of_play += !l.is<ngn::Blank>() && !l.is<ngn::Tag>();
    EXPECT_GT(of_play, 64);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM line WHERE game_id = 1"), of_play);
    EXPECT_EQ(scalar(db, "SELECT count(DISTINCT line) FROM line WHERE game_id = 1"), of_play);
    EXPECT_EQ(scalar(db, "SELECT max(line) FROM line WHERE game_id = 1"), static_cast<std::int64_t>(parsed.games[0].last_line));
    fs::remove_all(dir);
}

TEST(Archive, CrlfAndOtherBytesComeBackExactly) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    std::string text = std::regex_replace(read_file(fixture("games/two-games.ngn")), std::regex("\n"), "\r\n");
    write_file(dir / "crlf.ngn", "\xEF\xBB\xBF" + text);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "add", (dir / "crlf.ngn").string()}).status, 0);
    auto one = run_ironlog({"archive", "--db", db, "show", "1", "--text"});
    auto two = run_ironlog({"archive", "--db", db, "show", "2", "--text"});
    EXPECT_EQ(one.out + two.out, text);  // the two records, as read (the byte-order mark belongs to no game)
    auto exported = run_ironlog({"archive", "--db", db, "export"});
    auto parsed = ngn::parse_text(exported.out);
    EXPECT_EQ(parsed.games.size(), 2u);
    EXPECT_EQ(parsed.error_count(), 0u);
    fs::remove_all(dir);
}

TEST(Archive, NamesWithQuotesAndSqlAreStoredAndFoundVerbatim) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const std::string event = "Bobby's \\\"Cup\\\" 1'; DELETE FROM game;--";
    write_file(dir / "t.ngn", tricky_game(event, "O'Brien's \\\"Navy\\\""));
    auto r = run_ironlog({"archive", "--db", db, "add", (dir / "t.ngn").string()});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    const std::string plain_event = "Bobby's \"Cup\" 1'; DELETE FROM game;--";
    auto list = run_ironlog({"archive", "--db", db, "list", "--event", plain_event, "--player", "Robert'); DROP TABLE game;--",
                             "--side", "O'Brien's \"Navy\"", "--format", "json"});
    auto games = nlohmann::json::parse(list.out);
    ASSERT_EQ(games.size(), 1u) << list.out;
    EXPECT_EQ(games[0]["event"], plain_event);
    EXPECT_EQ(games[0]["sides"][0]["name"], "O'Brien's \"Navy\"");
    EXPECT_EQ(games[0]["sides"][0]["outcome"], "win");
    EXPECT_EQ(games[0]["sides"][1]["players"], nlohmann::json::array({"Ann", "Bo"}));
    auto standings = run_ironlog({"archive", "--db", db, "query", "standings", "--event", plain_event, "--format", "json"});
    auto rows = nlohmann::json::parse(standings.out);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0]["player"], "Robert'); DROP TABLE game;--");
    EXPECT_EQ(rows[0]["wins"], 1);
    fs::remove_all(dir);
}

TEST(Archive, ListFiltersQueriesAndSearch) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    write_file(dir / "g1.ngn", tricky_game("Spring Cup", "Red"));
    write_file(dir / "g2.ngn", std::regex_replace(tricky_game("Spring Cup", "draw"), std::regex("Round \"1\""), "Round \"2\""));
    write_file(dir / "g3.ngn", std::regex_replace(tricky_game("Autumn Cup", "Red"), std::regex("2026.03.04"), "2026.10.01"));
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", (dir / "g1.ngn").string(), (dir / "g2.ngn").string(), (dir / "g3.ngn").string(),
                           kSample, fixture("errors/play-mistakes.ngn")})
                  .status,
              0);
    auto count = [&](std::vector<std::string> args) {
        std::vector<std::string> all = {"archive", "--db", db, "list", "--format", "json"};
        all.insert(all.end(), args.begin(), args.end());
        auto r = run_ironlog(all);
        EXPECT_EQ(r.status, 0) << r.err;
        return nlohmann::json::parse(r.out).size();
    };
    EXPECT_EQ(count({}), 5u);
    EXPECT_EQ(count({"--event", "Spring Cup"}), 2u);
    EXPECT_EQ(count({"--event", "Spring Cup", "--round", "2"}), 1u);
    EXPECT_EQ(count({"--ruleset", "ironclads"}), 2u);
    EXPECT_EQ(count({"--player", "Anna Weber"}), 2u);
    EXPECT_EQ(count({"--side", "ITA"}), 2u);
    EXPECT_EQ(count({"--from", "2026-03-01", "--to", "2026-09-30"}), 2u);
    EXPECT_EQ(count({"--from", "2026.03.01", "--to", "2026.09.30"}), 2u);  // written as in [Date]
    EXPECT_EQ(count({"--from", "2026-03", "--to", "2026-09"}), 2u);        // whole months
    // a whole year: the five games, the one dated 2026.14.01 (a mistake its check reports) included
    EXPECT_EQ(count({"--from", "2026", "--to", "2026"}), 5u);
    EXPECT_EQ(count({"--from", "2026-01-01", "--to", "2026-12-31"}), 4u);
    for (const char* bad : {"01/03/2026", "2026-3-1", "march", "", "2026-13-45", "2026-02-30", "2026-00", "2026.13"}) {
        auto r = run_ironlog({"archive", "--db", db, "list", "--from", bad});
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_NE(r.err.find("expected a date such as 2026-03-01"), std::string::npos) << r.err;
    }
    EXPECT_EQ(count({"--result", "draw"}), 2u);
    EXPECT_EQ(count({"--has", "wrong-result"}), 1u);
    EXPECT_EQ(count({"--has", "unverifiable"}), 0u);  // the admiral games' "no engine" are notes
    // a record with syntax errors is refused by archive add: asking for them is an error, not an empty list
    auto syntax = run_ironlog({"archive", "--db", db, "list", "--has", "syntax"});
    EXPECT_EQ(syntax.status, 2);
    EXPECT_NE(syntax.err.find("--has syntax"), std::string::npos) << syntax.err;
    auto missing = run_ironlog({"archive", "--db", db, "show", "999", "--format", "json"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("no game #999"), std::string::npos) << missing.err;
    auto standings = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "standings", "--event", "Spring Cup", "--format", "json"}).out);
    ASSERT_EQ(standings.size(), 3u);
    EXPECT_EQ(standings[0]["player"], "Ann");  // a win and a draw
    EXPECT_EQ(standings[0]["wins"], 1);
    EXPECT_EQ(standings[0]["draws"], 1);
    EXPECT_EQ(standings[2]["losses"], 1);
    auto rulesets = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "rulesets", "--format", "json"}).out);
    EXPECT_EQ(rulesets[0]["ruleset"], "admiral");
    EXPECT_EQ(rulesets[0]["games"], 3);
    auto rules = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "rules", "--limit", "2", "--format", "json"}).out);
    EXPECT_EQ(rules.size(), 2u);
    auto hits = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "search", "fog visib*", "--format", "json"}).out);
    EXPECT_EQ(hits.size(), 3u);
    EXPECT_EQ(hits[0]["kind"], "note");
    // newest games first; --limit cuts the list and the text says how many there are in all
    EXPECT_GE(hits[0]["game"].get<int>(), hits[2]["game"].get<int>());
    auto two = run_ironlog({"archive", "--db", db, "query", "search", "fog visib*", "--limit", "2"});
    EXPECT_NE(two.out.find("the newest 2 of 3 matches"), std::string::npos) << two.out;
    EXPECT_EQ(nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "search", "fog visib*", "--limit", "1", "--format", "json"}).out).size(), 1u);
    EXPECT_NE(run_ironlog({"archive", "--db", db, "query", "search", "fog visib*", "--limit", "0"}).out.find("3 matches"), std::string::npos);
    auto comment = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "search", "umpire's", "--format", "json"}).out);
    EXPECT_EQ(comment.size(), 3u);
    auto ruling = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "query", "search", "miscounted", "--format", "json"}).out);
    EXPECT_EQ(ruling.size(), 1u);
    for (const char* odd : {"\"", "AND OR NOT", "(((", "*", "a\"b"})
        EXPECT_EQ(run_ironlog({"archive", "--db", db, "query", "search", odd}).status, 0) << odd;
    fs::remove_all(dir);
}

TEST(Archive, ShowExportAndRemove) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", kSample, fixture("errors/play-mistakes.ngn")}).status, 0);
    auto show = run_ironlog({"archive", "--db", db, "show", "2"});
    EXPECT_NE(show.out.find("#2:22:18: error: the sea is rough only when every side rolls a 1 [ironclads Sea state] (wrong-result)"),
              std::string::npos)
        << show.out;
    auto json = nlohmann::json::parse(run_ironlog({"archive", "--db", db, "show", "2", "--format", "json"}).out);
    EXPECT_EQ(json["tags"]["Event"], "Club night");
    EXPECT_EQ(json["findings"].size(), 14u);
    // exported, a record names its files from where it is written; shown, it is as it was read
    const std::string out = (dir / "out.json").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "export", "--format", "json", "-o", out}).status, 0);
    auto exported = nlohmann::json::parse(read_file(out));
    ASSERT_EQ(exported.size(), 2u);
    std::string moved = read_file(kSample);
    const std::string library = "[Library \"../ships/lissa-1866.ngn\"]";
    moved.replace(moved.find(library), library.size(),
                  "[Library \"" + (kSource / "fixtures/ships/lissa-1866.ngn").lexically_normal().lexically_relative(dir).string() + "\"]");
    EXPECT_EQ(exported[0]["record"], moved);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "show", "1", "--text"}).out, read_file(kSample));
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "show", "9"}).status, 1);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "rm", "2"}).status, 0);
    for (const char* table : {"game", "tag", "side", "player", "entity", "line", "note", "finding"})
        EXPECT_EQ(scalar(db, std::string("SELECT count(*) FROM ") + table + (std::string(table) == "game" ? " WHERE id = 2" : " WHERE game_id = 2")), 0)
            << table;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM note_search WHERE note_search MATCH 'miscounted'"), 0);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "rm", "2"}).status, 1);
    // ids are never given again: the game added after removing the highest is game 3, not 2
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", fixture("games/tmbv-lissa-sample.ngn")}).status, 0);
    EXPECT_EQ(scalar(db, "SELECT max(id) FROM game"), 3);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "show", "2"}).status, 1);
    fs::remove_all(dir);
}

// A hostile record cannot fill the archive with findings: at most --max-findings a game, then a
// note of how many more.
TEST(Archive, FindingsStoredPerGameAreBounded) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", "--max-findings", "3", fixture("errors/play-mistakes.ngn")}).status, 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM finding"), 4);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM finding WHERE position = 4 AND severity = 'note' AND message LIKE '11 more findings from here are not stored%'"), 1);
    const std::string all = (dir / "all.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", all, "add", fixture("errors/play-mistakes.ngn")}).status, 0);
    EXPECT_EQ(scalar(all, "SELECT count(*) FROM finding"), 14);  // the default, 1000, keeps them all
    fs::remove_all(dir);
}

TEST(Archive, RecheckRefreshesFindings) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", fixture("errors/play-mistakes.ngn")}).status, 0);
    {
        sqlite::Database d(db, SQLITE_OPEN_READWRITE);
        d.exec("DELETE FROM finding; UPDATE game SET errors = 0, checked_with = '0.0.1'");
    }
    // the findings were changed outside ironlog: a recheck refuses the game until told
    auto refused = run_ironlog({"archive", "--db", db, "add", "--recheck"});
    EXPECT_EQ(refused.status, 1);
    EXPECT_NE(refused.err.find("game #1 fails verification"), std::string::npos) << refused.err;
    EXPECT_EQ(scalar(db, "SELECT errors FROM game WHERE id = 1"), 0);
    auto r = run_ironlog({"archive", "--db", db, "add", "--recheck", "--unverified"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(scalar(db, "SELECT errors FROM game WHERE id = 1"), 12);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game WHERE checked_with = '0.0.1'"), 0);
    // the findings keep the lines of the file the record came from
    EXPECT_EQ(scalar(db, "SELECT line FROM finding WHERE rule = 'ironclads Sea state'"), 22);
    fs::remove_all(dir);
}

TEST(Archive, RecheckFindsTheFilesARecordNamesFromAnyFolder) {
    // a record added by a path relative to where ironlog ran names its pack and manifest relative to
    // itself; a recheck run from elsewhere still finds them
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const auto here = fs::current_path();
    fs::current_path(kSource / "fixtures/games");
    auto added = run_ironlog({"archive", "--db", db, "add", "tmbv-lissa-sample.ngn"});
    fs::current_path(dir);
    auto r = run_ironlog({"archive", "--db", db, "add", "--recheck"});
    fs::current_path(here);
    ASSERT_EQ(added.status, 0) << added.err;
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(scalar(db, "SELECT errors + warnings + notes FROM game WHERE id = 1"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM finding"), 0);
    fs::remove_all(dir);
}

// Runs ironlog on a pseudo-terminal (as a user at a terminal would) and returns all it wrote.
std::string run_on_terminal(const std::vector<std::string>& args, const std::string& typed = "") {
    int master = -1;
    pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
    if (pid == 0) {
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(kBinary.c_str()));
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(kBinary.c_str(), argv.data());
        _exit(127);
    }
    if (!typed.empty()) {  // typed at the terminal, then Ctrl-D on a line of its own
        const std::string keys = typed + "\x04";
        if (write(master, keys.data(), keys.size()) != static_cast<ssize_t>(keys.size())) ADD_FAILURE() << "could not type";
    }
    std::string out;
    char buf[4096];
    for (;;) {
        pollfd p{master, POLLIN, 0};
        if (poll(&p, 1, 30000) <= 0) break;
        ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0) break;  // EIO once the child has gone
        out.append(buf, static_cast<std::size_t>(n));
    }
    close(master);
    wait_for(pid);
    return out;
}

TEST(Archive, AddShowsProgressOnATerminalOnly) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const std::vector<std::string> args = {"archive", "--db", db, "add", kSample, fixture("games/two-games.ngn")};
    std::string seen = run_on_terminal(args);
    EXPECT_NE(seen.find("adding 1/2 " + kSample), std::string::npos) << seen;
    EXPECT_NE(seen.find("adding 2/2 "), std::string::npos) << seen;
    EXPECT_NE(seen.find("\r\033[K"), std::string::npos) << "the progress line is wiped";
    EXPECT_NE(seen.find("3 archived"), std::string::npos) << seen;
    // one file alone shows it too (a large one would otherwise look stuck)
    const std::string one_db = (dir / "one.db").string();
    std::string alone = run_on_terminal({"archive", "--db", one_db, "add", fixture("games/two-games.ngn")});
    EXPECT_NE(alone.find("adding 1/1 " + fixture("games/two-games.ngn")), std::string::npos) << alone;
    EXPECT_NE(alone.find("2 archived"), std::string::npos) << alone;
    // into files (a script, a log), no progress at all
    fs::remove(db);
    auto r = run_ironlog(args);
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err.find("adding"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("3 archived"), std::string::npos) << r.out;
    fs::remove_all(dir);
}

// show --text: byte for byte into a pipe, its hidden characters escaped on a terminal.
TEST(Cli, ShowTextEscapesOnATerminalOnly) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string(), rlo = "\xe2\x80\xae";
    std::string record = read_file(kSample);
    record.insert(record.find("[Event \"") + 8, rlo);  // a control character would not read: it is never stored
    write_file(dir / "g.ngn", record);
    ASSERT_NE(run_ironlog({"archive", "--db", db, "add", (dir / "g.ngn").string()}).out.find("archived as #1"), std::string::npos);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "show", "1", "--text"}).out, record);
    const std::string seen = run_on_terminal({"archive", "--db", db, "show", "1", "--text"});
    EXPECT_EQ(seen.find(rlo), std::string::npos) << seen;
    EXPECT_NE(seen.find("[Event \"\\u202eAdriatic League"), std::string::npos) << seen;
    fs::remove_all(dir);
}

TEST(Cli, CheckShowsProgressOnATerminalOnly) {
    const std::string file = fixture("games/two-games.ngn");
    const std::string seen = run_on_terminal({"check", file});
    EXPECT_NE(seen.find("checking 1/1 " + file), std::string::npos) << seen;
    EXPECT_NE(seen.find("\r\033[K"), std::string::npos) << "the progress line is wiped";
    EXPECT_NE(seen.find("0 errors, 0 warnings, 0 notes in 2 games"), std::string::npos) << seen;
    auto piped = run_ironlog({"check", file});
    EXPECT_EQ(piped.err.find("checking"), std::string::npos) << piped.err;
    EXPECT_EQ(piped.out.find('\r'), std::string::npos) << piped.out;
}

TEST(Cli, ColourOnATerminalOnlyOrWhenAsked) {
    const std::string mistakes = fixture("errors/tmbv-mistakes.ngn");
    EXPECT_NE(run_on_terminal({"check", mistakes}).find("\033[1;31merror:\033[0m"), std::string::npos);     // auto, a terminal
    EXPECT_EQ(run_on_terminal({"check", "--color=never", mistakes}).find("\033[1;31m"), std::string::npos);  // never
    EXPECT_EQ(run_ironlog({"check", mistakes}).out.find('\033'), std::string::npos);                          // auto, a pipe
    EXPECT_NE(run_ironlog({"check", "--color=always", mistakes}).out.find("\033[1;31merror:"), std::string::npos);
    EXPECT_EQ(run_ironlog({"check", "--color=sometimes", mistakes}).status, 2);
    ::setenv("NO_COLOR", "1", 1);  // https://no-color.org: no colour by default, even on a terminal
    const std::string plain = run_on_terminal({"check", mistakes});
    ::unsetenv("NO_COLOR");
    EXPECT_EQ(plain.find("\033[1;31m"), std::string::npos);
    EXPECT_NE(plain.find("error:"), std::string::npos);
}

TEST(Cli, StandardInputOnATerminalSaysItWaits) {
    auto seen = run_on_terminal({"check", "-"}, "[NGN \"1\"]\n[Ruleset \"ironclads\"]\n");
    EXPECT_NE(seen.find("reading a record from standard input (end it with Ctrl-D)"), std::string::npos) << seen;
    // from a pipe or a file, nothing is said
    auto piped = run_ironlog({"check", "-"}, read_file(fixture("games/late19c-river-sample.ngn")));
    EXPECT_EQ(piped.err.find("reading a record"), std::string::npos) << piped.err;
}

// ---- failure paths --------------------------------------------------------------------------------

TEST(ArchiveFailures, AWriterKilledMidRecordLeavesNoTrace) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", fixture("games/two-games.ngn")}).status, 0);
    pid_t pid = spawn_ironlog({"archive", "--db", db, "add", kSample}, {{"IRONLOG_TEST_HOLD_ADD_MS", "20000"}});
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // well inside the held transaction
    kill(pid, SIGKILL);
    EXPECT_EQ(wait_for(pid), -SIGKILL);
    {
        sqlite::Database d(db, SQLITE_OPEN_READWRITE);
        sqlite::Statement q(d, "PRAGMA integrity_check");
        q.step();
        EXPECT_EQ(q.text(0), "ok");
    }
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 2);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game WHERE sha256 = '" + archive::sha256_hex(read_file(kSample)) + "'"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM line WHERE game_id > 2"), 0);
    // and the archive takes the record afterwards
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "add", kSample}).status, 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 3);
    fs::remove_all(dir);
}

// Games are committed a batch at a time, and each file's at its end: what add printed as
// archived is there after a kill, and nothing of the batch it was writing.
TEST(ArchiveFailures, AKilledAddKeepsWhatItReportedAndNothingElse) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const fs::path three = dir / "three.ngn";
    write_file(three, tricky_game("First") + "\n" + tricky_game("Second") + "\n" + tricky_game("Third"));
    const std::string out = (dir / "out.txt").string();
    // the fifth game stored (the third of three.ngn) is held: the process is killed there
    pid_t pid = spawn_ironlog({"archive", "--db", db, "add", fixture("games/two-games.ngn"), three.string()},
                              {{"IRONLOG_TEST_HOLD_ADD_MS", "20000"}, {"IRONLOG_TEST_HOLD_ADD_FROM", "5"}}, out);
    for (int waited = 0; waited < 200 && read_file(out).find("two-games.ngn: game 2 archived") == std::string::npos; ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // into the held game
    kill(pid, SIGKILL);
    EXPECT_EQ(wait_for(pid), -SIGKILL);
    const std::string said = read_file(out);
    EXPECT_NE(said.find("two-games.ngn: game 1 archived as #1"), std::string::npos) << said;
    EXPECT_NE(said.find("two-games.ngn: game 2 archived as #2"), std::string::npos) << said;
    EXPECT_EQ(said.find("three.ngn"), std::string::npos) << "nothing of the uncommitted batch is reported: " << said;
    // adding the files again stores the rest, and knows the first two
    expect_two_games_then_all({"archive", "--db", db, "add", fixture("games/two-games.ngn"), three.string()},
                              "3 archived, 2 already there, 0 refused");
    fs::remove_all(dir);
}

// From a pipe the next game may be long in coming: what has been read is committed and
// reported game by game, not held in a batch (with the archive's write lock) until more
// arrives. The reader takes 64 KiB at a time, so the writer sends more than that, then stalls.
TEST(ArchiveFailures, FromAPipeEachGameIsStoredAsItArrives) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const std::string out = (dir / "out.txt").string();
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[0], STDIN_FILENO);
        close(fds[0]);
        close(fds[1]);
        freopen(out.c_str(), "w", stdout);
        freopen("/dev/null", "w", stderr);
        execl(kBinary.c_str(), kBinary.c_str(), "archive", "--db", db.c_str(), "add", "-", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[0]);
    std::string games;
    int sent = 0;
    while (games.size() < 80000) games += tricky_game("Piped " + std::to_string(++sent)) + "\n";
    ASSERT_EQ(write(fds[1], games.data(), games.size()), static_cast<ssize_t>(games.size()));
    // wait until add has stored what it has read and waits for more: its output stops growing
    std::string so_far;
    for (int waited = 0, still = 0; waited < 400 && still < 10; ++waited) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const std::string now = read_file(out);
        still = now == so_far && !now.empty() ? still + 1 : 0;
        so_far = now;
    }
    EXPECT_NE(so_far.find("-: game 2 archived as #2"), std::string::npos) << so_far;
    // what it reported is committed, and the archive is free for another writer meanwhile
    const std::int64_t stored = scalar(db, "SELECT count(*) FROM game");
    EXPECT_GE(stored, 2);
    EXPECT_LT(stored, sent) << "the writer has not sent all yet";
    EXPECT_EQ(std::count(so_far.begin(), so_far.end(), '\n'), stored) << "every game stored is reported, and no other";
    {
        sqlite::Database other(db, SQLITE_OPEN_READWRITE);
        other.exec("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; ROLLBACK;");  // throws if the lock is held
    }
    close(fds[1]);
    EXPECT_EQ(wait_for(pid), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), sent);
    fs::remove_all(dir);
}

// The disk fills up in the middle of a batch: add says which games are not stored (all of
// the batch, the one being written and those read before it, none of them reported), and the
// games of earlier commands stay.
TEST(ArchiveFailures, AFullDiskMidBatchSaysWhichGamesAreNotStored) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", fixture("games/two-games.ngn")}).status, 0);
    const fs::path file = dir / "three.ngn";
    write_file(file, tricky_game("First") + "\n" + tricky_game("Second") + "\n" + read_file(kSample));
    // two pages more: room for the two small games, not for the Lissa sample after them
    pid_t pid = spawn_ironlog({"archive", "--db", db, "add", file.string()}, {{"IRONLOG_TEST_ROOM_PAGES", "2"}},
                              (dir / "out.txt").string(), (dir / "err.txt").string());
    EXPECT_EQ(wait_for(pid), 2);
    const std::string out = read_file(dir / "out.txt"), err = read_file(dir / "err.txt");
    EXPECT_EQ(out.find("archived"), std::string::npos) << out;
    EXPECT_NE(err.find(file.string() + ": game 3 and the 2 games read before it are not in the archive (nothing of them is stored)"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("the disk is full"), std::string::npos) << err;
    // a batch of one game
    const fs::path one = dir / "one.ngn";
    write_file(one, read_file(kSample));
    pid = spawn_ironlog({"archive", "--db", db, "add", one.string()}, {{"IRONLOG_TEST_ROOM_PAGES", "1"}}, "/dev/null",
                        (dir / "err1.txt").string());
    EXPECT_EQ(wait_for(pid), 2);
    const std::string err1 = read_file(dir / "err1.txt");
    EXPECT_NE(err1.find(one.string() + ": game 1 is not in the archive (nothing of it is stored)"), std::string::npos) << err1;
    // with room again, the same command stores them
    expect_two_games_then_all({"archive", "--db", db, "add", file.string()}, "3 archived, 0 already there, 0 refused");
    fs::remove_all(dir);
}

// A failure inside a batch takes the whole batch back, games already written included, and
// the archive goes on working; committed batches keep their foreign keys whole.
TEST(ArchiveFailures, AFailureInABatchRollsAllOfItBack) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    archive::Archive ar(db, archive::Mode::Create);
    const std::string small_text = tricky_game("Small");
    auto small = ngn::parse_text(small_text);
    auto big = ngn::parse_text(read_file(kSample));
    auto small_report = ironlog::check_game(small.games[0], 1, ironlog::CheckOptions(ironlog::all_rulesets()));
    auto big_report = ironlog::check_game(big.games[0], 1, ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures/games"));
    ar.begin_batch();
    EXPECT_TRUE(ar.in_batch());
    EXPECT_EQ(ar.add(small.games[0], small_text, small_report, "small.ngn", 1).status, archive::Archive::Added::New);
    add_onto_a_full_disk(ar, big.games[0], big_report);
    EXPECT_FALSE(ar.in_batch());
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM game"), 0) << "the game written before the failure went with its batch";
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM line"), 0);
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM note"), 0);
    ar.database().exec("PRAGMA max_page_count = 1073741823");
    ar.begin_batch();
    EXPECT_EQ(ar.add(small.games[0], small_text, small_report, "small.ngn", 1).status, archive::Archive::Added::New);
    EXPECT_EQ(ar.add(small.games[0], small_text, small_report, "small.ngn", 1).status, archive::Archive::Added::Duplicate);
    EXPECT_EQ(ar.add(big.games[0], read_file(kSample), big_report, kSample, 1).status, archive::Archive::Added::New);
    ar.commit_batch();
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM game"), 2);
    EXPECT_EQ(scalar(ar, "PRAGMA foreign_keys"), 1);
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    // the batch's notes are in the full-text index, and only those it committed
    auto fts_whole = [&] {
        try {
            ar.database().exec("INSERT INTO note_search(note_search) VALUES ('integrity-check')");
            return true;
        } catch (const sqlite::Error&) {
            return false;
        }
    };
    EXPECT_TRUE(fts_whole());
    EXPECT_EQ(ar.search("visibility").total, 1);
    EXPECT_EQ(ar.search("visibility").hits.at(0).game_id, 1);
    // deleting still cascades, the index too
    EXPECT_TRUE(ar.remove(1));
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM line WHERE game_id = 1"), 0);
    EXPECT_EQ(ar.search("visibility").total, 0);
    EXPECT_TRUE(fts_whole());
    // an archive closed with a batch open stores none of it
    {
        archive::Archive closing(db, archive::Mode::Write);
        closing.begin_batch();
        const std::string unsaved = tricky_game("Unsaved");
        EXPECT_EQ(closing.add(ngn::parse_text(unsaved).games[0], unsaved, small_report, "small.ngn", 1).status, archive::Archive::Added::New);
        EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 1) << "another connection does not see an open batch";
    }
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 1);
    // a batch that cannot begin (another writer holds the archive) leaves the foreign keys on
    {
        sqlite::Database holder(db, SQLITE_OPEN_READWRITE);
        holder.exec("BEGIN IMMEDIATE");
        ar.database().exec("PRAGMA busy_timeout = 0");
        EXPECT_THROW(ar.begin_batch(), sqlite::Error);
        EXPECT_FALSE(ar.in_batch());
        EXPECT_EQ(scalar(ar, "PRAGMA foreign_keys"), 1);
        holder.exec("ROLLBACK");
    }
    fs::remove_all(dir);
}

TEST(ArchiveFailures, TwoWritersAtOnceBothSucceed) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "init"}).status, 0);
    pid_t a = spawn_ironlog({"archive", "--db", db, "add", kSample}, {{"IRONLOG_TEST_HOLD_ADD_MS", "800"}});
    pid_t b = spawn_ironlog({"archive", "--db", db, "add", fixture("games/midgame-setup.ngn"), fixture("games/two-games.ngn")},
                            {{"IRONLOG_TEST_HOLD_ADD_MS", "300"}});
    EXPECT_EQ(wait_for(a), 0);
    EXPECT_EQ(wait_for(b), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 4);
    fs::remove_all(dir);
}

TEST(ArchiveFailures, AFullDiskIsAClearErrorAndStoresNothing) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    archive::Archive ar(db, archive::Mode::Create);
    auto parsed = ngn::parse_text(read_file(kSample));
    auto report = ironlog::check_game(parsed.games[0], 1, ironlog::CheckOptions(ironlog::all_rulesets(), kSource / "fixtures/games"));
    add_onto_a_full_disk(ar, parsed.games[0], report);
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM game"), 0);
    EXPECT_EQ(scalar(ar, "SELECT count(*) FROM line"), 0);
    ar.database().exec("PRAGMA max_page_count = 1073741823");
    EXPECT_EQ(ar.add(parsed.games[0], read_file(kSample), report, kSample, 1).status, archive::Archive::Added::New);
    fs::remove_all(dir);
}

TEST(ArchiveFailures, APlaceThatCannotBeWritten) {
    auto r = run_ironlog({"archive", "--db", "/proc/ironlog-test/archive.db", "init"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("cannot open the archive /proc/ironlog-test/archive.db"), std::string::npos) << r.err;
    auto missing = run_ironlog({"archive", "--db", "/nonexistent/archive.db", "list"});
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("there is no archive at /nonexistent/archive.db"), std::string::npos) << missing.err;
}

TEST(ArchiveFailures, AFifoADeviceOrADirectoryIsNotAnArchive) {
    auto dir = temp_dir();
    const std::string fifo = (dir / "pipe.db").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    for (const std::string& place : {fifo, std::string("/dev/null"), dir.string()}) {
        auto r = run_ironlog({"archive", "--db", place, "list"});  // refused at once: nothing waits on it
        EXPECT_EQ(r.status, 2) << place;
        EXPECT_NE(r.err.find(place), std::string::npos) << r.err;
        EXPECT_TRUE(r.err.find("not a regular file") != std::string::npos || r.err.find("is a directory") != std::string::npos) << r.err;
    }
    fs::remove_all(dir);
}

TEST(ArchiveFailures, FilesThatAreNotIroncladArchivesAreLeftUntouched) {
    auto dir = temp_dir();
    auto untouched = [&](const fs::path& p, const std::string& expect) {
        const std::string before = read_file(p);
        for (std::vector<std::string> cmd : {std::vector<std::string>{"list"}, {"init"}, {"add", kSample}, {"rm", "1"}}) {
            std::vector<std::string> args = {"archive", "--db", p.string()};
            args.insert(args.end(), cmd.begin(), cmd.end());
            auto r = run_ironlog(args);
            EXPECT_EQ(r.status, 2) << p << " " << cmd[0];
            EXPECT_NE(r.err.find(expect), std::string::npos) << r.err;
        }
        EXPECT_EQ(read_file(p), before) << p;
        EXPECT_FALSE(fs::exists(p.string() + "-wal")) << p;
    };
    // random bytes
    std::string junk(8192, '\0');
    for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 2654435761u) >> 13);
    write_file(dir / "junk.db", junk);
    untouched(dir / "junk.db", "is not an SQLite database");
    write_file(dir / "notes.txt", "my notes\n");
    untouched(dir / "notes.txt", "is not an SQLite database");
    // another program's SQLite database
    {
        sqlite::Database other((dir / "other.db").string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        other.exec("CREATE TABLE accounts (id INTEGER, balance REAL); INSERT INTO accounts VALUES (1, 2.5);");
    }
    untouched(dir / "other.db", "not an ironlog archive");
    // an archive whose first page is damaged
    const std::string good = (dir / "good.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", good, "add", kSample}).status, 0);
    {
        sqlite::Database d(good, SQLITE_OPEN_READWRITE);
        d.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
    }
    std::string bytes = read_file(good);
    for (std::size_t i = 100; i < 400 && i < bytes.size(); ++i) bytes[i] = static_cast<char>(0xA5);
    write_file(dir / "damaged.db", bytes);
    untouched(dir / "damaged.db", "is damaged");
    // an archive damaged past its first page: its header reads, its pages do not
    std::string deep = read_file(good);
    ASSERT_GT(deep.size(), 8u * 4096u);
    const std::size_t page = deep.size() / 4096 - 2;  // a page of rows near the end, not the schema's
    for (std::size_t i = page * 4096 + 8; i < (page + 1) * 4096; ++i) deep[i] = static_cast<char>(0x5A);
    write_file(dir / "damaged-deep.db", deep);
    for (std::vector<std::string> cmd : {std::vector<std::string>{"init"}, {"add", kSample}, {"rm", "1"}}) {  // a command that writes
        std::vector<std::string> args = {"archive", "--db", (dir / "damaged-deep.db").string()};
        args.insert(args.end(), cmd.begin(), cmd.end());
        auto r = run_ironlog(args);
        EXPECT_EQ(r.status, 2) << cmd[0];
        EXPECT_NE(r.err.find("is damaged"), std::string::npos) << r.err;
    }
    run_ironlog({"archive", "--db", (dir / "damaged-deep.db").string(), "list"});  // a read may go as far as it can
    EXPECT_EQ(read_file(dir / "damaged-deep.db"), deep);
    EXPECT_FALSE(fs::exists(dir / "damaged-deep.db-wal"));
    // an archive of a newer ironlog
    {
        sqlite::Database d(good, SQLITE_OPEN_READWRITE);
        d.exec("PRAGMA user_version = 99; PRAGMA journal_mode = DELETE;");
    }
    fs::copy_file(good, dir / "newer.db");
    untouched(dir / "newer.db", "newer than this ironlog knows");
    fs::remove_all(dir);
}

// An archive of an older schema is upgraded only when asked (archive upgrade): any other command
// refuses it and leaves it as it was. The upgrade says which games it adopts unverified: a game
// put in with the sqlite3 shell (as here) is in no chain, and the upgrade does not bless it silently.
TEST(ArchiveMigrations, FromEveryEarlierVersion) {
    for (int from = 1; from < archive::Archive::kSchemaVersion; ++from) {
        auto dir = temp_dir();
        const std::string db = (dir / "old.db").string();
        archive::Archive::create_at_version(db, from);
        {
            sqlite::Database d(db, SQLITE_OPEN_READWRITE);
            d.exec("INSERT INTO game (id, record, sha256, first_line, imported_at, ironlog_version, checked_with, errors, warnings, notes, event)"
                   " VALUES (1, X'78', 'h', 1, 'then', '0.0.1', '0.0.1', 0, 0, 0, 'Old Cup');"
                   "INSERT INTO note (game_id, line, kind, text) VALUES (1, 3, 'note', 'a squall from the bora');");
            // from version 4 on, ironlog's add indexes the notes it writes itself (no trigger)
            if (from >= 4) d.exec("INSERT INTO note_search(rowid, text) SELECT id, text FROM note;");
        }
        const std::string before = read_file(db);
        auto refused = run_ironlog({"archive", "--db", db, "list"});
        EXPECT_EQ(refused.status, 2) << from;
        EXPECT_NE(refused.err.find("'ironlog archive upgrade' brings it up to date"), std::string::npos) << refused.err;
        EXPECT_EQ(read_file(db), before) << from;
        auto r = run_ironlog({"archive", "--db", db, "upgrade"});
        EXPECT_EQ(r.status, 1) << r.out << r.err;  // one game adopted unverified
        EXPECT_NE(r.out.find("adopted unverified: game #1"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("upgraded from schema version " + std::to_string(from) + " to 7: 1 game chained again"), std::string::npos) << r.out;
        EXPECT_EQ(scalar(db, "PRAGMA user_version"), archive::Archive::kSchemaVersion) << from;
        EXPECT_EQ(scalar(db, "SELECT id FROM game_id_high"), 1) << from;  // the highest id given (migration 5)
        EXPECT_NE(run_ironlog({"archive", "--db", db, "list"}).out.find("Old Cup"), std::string::npos);
        auto hits = run_ironlog({"archive", "--db", db, "query", "search", "bora"});
        EXPECT_NE(hits.out.find("#1:3: note: a squall from the bora"), std::string::npos) << hits.out;
        EXPECT_EQ(scalar(db, "SELECT count(*) FROM chain WHERE action = 'upgrade' AND game_id = 1 AND detail LIKE '%adopted unverified%'"), 1);
        auto v = run_ironlog({"archive", "--db", db, "verify"});
        EXPECT_EQ(v.status, 0) << v.out;
        EXPECT_NE(run_ironlog({"archive", "--db", db, "upgrade"}).out.find("nothing to upgrade"), std::string::npos);
        fs::remove_all(dir);
    }
}

// An archive made by the ironlog before schema 7 (fixtures/archives/): `upgrade` verifies every
// game as schema 6 knew it, then chains each again; its games, history and removals all verify
// after, and an exported game is still recognised. Edited before the upgrade, a game is adopted
// unverified, said so, and the chain's entry says it: the upgrade blesses nothing silently.
TEST(ArchiveMigrations, AnArchiveOfSchema6IsVerifiedThenChainedAgain) {
    for (const bool edited : {false, true}) {
        auto dir = temp_dir();
        const std::string db = (dir / "old.db").string();
        fs::copy_file(kSource / "fixtures/archives/ironlog-0.1.0-schema-6.db", db);
        if (edited) {
            sqlite::Database d(db, SQLITE_OPEN_READWRITE);
            d.exec("UPDATE side SET outcome = 'win' WHERE game_id = 2 AND number = 1");
        }
        auto r = run_ironlog({"archive", "--db", db, "upgrade"});
        EXPECT_EQ(r.status, edited ? 1 : 0) << r.out << r.err;
        EXPECT_NE(r.out.find(edited ? "4 games chained again, 3 of them verified first; 1 adopted unverified"
                                    : "4 games chained again, 4 of them verified first; 0 adopted unverified"),
                  std::string::npos)
            << r.out;
        if (edited) {
            EXPECT_NE(r.out.find("adopted unverified: game #2's stored rows"), std::string::npos) << r.out;
        }
        EXPECT_EQ(scalar(db, "SELECT count(*) FROM chain WHERE action = 'upgrade' AND detail LIKE '%: verified'"), edited ? 3 : 4);
        auto v = run_ironlog({"archive", "--db", db, "verify"});
        EXPECT_EQ(v.status, 0) << v.out;
        EXPECT_NE(v.out.find("verified: 4 games, 1 earlier version,"), std::string::npos) << v.out;
        EXPECT_NE(run_ironlog({"archive", "--db", db, "show", "1", "--text", "--version", "1"}).out.find("[Round \"2\"]"), std::string::npos);
        // game 3 was removed before the upgrade: its number is still never given again
        auto added = run_ironlog({"archive", "--db", db, "add", kSample});
        EXPECT_NE(added.out.find("archived as #6"), std::string::npos) << added.out;
        fs::remove_all(dir);
    }
}

// Many rows to a statement: every count, below, at and past a statement's rows, comes out
// whole and in order, with NULLs where bound.
TEST(ArchiveSqlite, RowsInsertWritesEveryRowInOrder) {
    sqlite::Database db(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    db.exec("CREATE TABLE t (batch INTEGER, i INTEGER, word TEXT)");
    sqlite::RowsInsert insert(db, "t (batch, i, word)", 3, 8);
    const std::vector<std::size_t> counts = {0, 1, 7, 8, 9, 16, 17, 30};
    for (std::size_t c : counts) {
        std::vector<std::string> words;
        for (std::size_t i = 0; i < c; ++i) words.push_back("w" + std::to_string(i));
        insert.write(c, [&](sqlite::Statement& q, int base, std::size_t i) {
            q.bind(base + 1, c).bind(base + 2, i);
            if (i % 3 == 0) q.bind_null(base + 3);
            else q.bind_static(base + 3, words[i]);
        });
    }
    for (std::size_t c : counts) {
        sqlite::Statement q(db, "SELECT i, word FROM t WHERE batch = ?1 ORDER BY rowid");
        q.bind(1, c);
        std::size_t n = 0;
        while (q.step()) {
            EXPECT_EQ(q.integer(0), static_cast<std::int64_t>(n));
            if (n % 3 == 0) EXPECT_TRUE(q.is_null(1));
            else EXPECT_EQ(q.text(1), "w" + std::to_string(n));
            ++n;
        }
        EXPECT_EQ(n, c);
    }
}

TEST(ArchiveHash, Sha256KnownAnswers) {
    EXPECT_EQ(archive::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(archive::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(archive::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(archive::sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    // the lengths at the edge of a block's padding (55 bytes fit one block, 56 need two)
    EXPECT_EQ(archive::sha256_hex(std::string(55, 'a')), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    EXPECT_EQ(archive::sha256_hex(std::string(56, 'a')), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
}

// The processor's SHA instructions, where used, give what the plain code gives, at every
// length around the block and padding boundaries.

// verify tells how far it is: SQLite's page check first (no count: its seconds so far), then
// the games, one of one at the end; a large archive spends most of its time in the first.
TEST(Archive, VerifyReportsThePageCheckThenTheGames) {
    auto dir = temp_dir();
    archive::Archive ar((dir / "a.db").string(), archive::Mode::Create);
    const std::string text = tricky_game("Small");
    auto game = ngn::parse_text(text);
    auto report = ironlog::check_game(game.games[0], 1, ironlog::CheckOptions(ironlog::all_rulesets()));
    ASSERT_EQ(ar.add(game.games[0], text, report, "small.ngn", 1).status, archive::Archive::Added::New);
    std::vector<std::tuple<archive::VerifyStage, std::int64_t, std::int64_t>> calls;
    const auto v = ar.verify(true, [&](archive::VerifyStage stage, std::int64_t done, std::int64_t total) { calls.emplace_back(stage, done, total); });
    EXPECT_TRUE(v.problems.empty());
    ASSERT_GE(calls.size(), 2u);
    EXPECT_EQ(calls.front(), std::make_tuple(archive::VerifyStage::Pages, std::int64_t{0}, std::int64_t{0}));
    EXPECT_EQ(calls.back(), std::make_tuple(archive::VerifyStage::Games, std::int64_t{1}, std::int64_t{1}));
    for (std::size_t i = 1; i < calls.size(); ++i)  // never back to the pages once the games began
        EXPECT_FALSE(std::get<0>(calls[i - 1]) == archive::VerifyStage::Games && std::get<0>(calls[i]) == archive::VerifyStage::Pages);
    fs::remove_all(dir);
}
