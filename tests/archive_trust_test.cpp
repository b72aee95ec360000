// The archive's promises of identity and tamper evidence (docs/archive.md, "Promises"): a game
// is stored once whatever its layout; a corrected record replaces a game and the old version
// is kept; every change made outside ironlog shows in `archive verify`; a manifest pins a
// published archive.
#include "archive/archive.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <regex>

using namespace testing_util;
namespace fs = std::filesystem;

namespace {

// The Ironclads sample, its library named by full path so that a copy anywhere checks alike.
std::string sample() {
    std::string text = read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    const std::string rel = "../ships/", abs = (kSource / "fixtures/ships").string() + "/";
    text.replace(text.find(rel), rel.size(), abs);
    return text;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) s.replace(at, from.size(), to);
    return s;
}

std::int64_t scalar(const std::string& db, const std::string& sql) {
    sqlite::Database d(db, SQLITE_OPEN_READONLY);
    sqlite::Statement q(d, sql);
    q.step();
    return q.integer(0);
}

void exec(const std::string& db, const std::string& sql) {
    sqlite::Database d(db, SQLITE_OPEN_READWRITE);
    d.exec(sql);
}

struct Archived {
    fs::path dir;
    std::string db;
};

// An archive holding the sample (game 1) and the two-games fixture (games 2 and 3).
Archived three_games() {
    Archived a{temp_dir(), ""};
    a.db = (a.dir / "a.db").string();
    write_file(a.dir / "sample.ngn", sample());
    EXPECT_EQ(run_ironlog({"archive", "--db", a.db, "add", (a.dir / "sample.ngn").string()}).status, 0);
    EXPECT_EQ(run_ironlog({"archive", "--db", a.db, "add", (kSource / "fixtures/games/two-games.ngn").string()}).status, 0);
    return a;
}

}  // namespace

// The same game in another layout is the same game: line endings, a byte-order mark, blank
// space, blank lines, comments; exported and added back too. A changed die is another game.
TEST(ArchiveIdentity, TheSameGameIsStoredOnce) {
    auto [dir, db] = three_games();
    const std::string text = sample();
    const std::vector<std::pair<std::string, std::string>> layouts = {
        {"crlf", replace_all(text, "\n", "\r\n")},
        {"bom", "\xEF\xBB\xBF" + text},
        {"trailing blank lines", text + "\n\n\n"},
        {"blank space", replace_all(replace_all(text, "\n  ", "\n      "), "\nturn", "\n\n\nturn")},
        {"a comment before the game", "; typed up again from the score sheet\n" + text},
        {"comments changed", replace_all(text, "; Persano's flagship at the start", "; the flagship")},
    };
    for (const auto& [what, variant] : layouts) {
        write_file(dir / "variant.ngn", variant);
        auto r = run_ironlog({"archive", "--db", db, "add", (dir / "variant.ngn").string()});
        EXPECT_EQ(r.status, 0) << what << r.err;
        EXPECT_NE(r.out.find("already stored as game 1"), std::string::npos) << what << ": " << r.out;
    }
    auto exported = run_ironlog({"archive", "--db", db, "export"});
    write_file(dir / "exported.ngn", exported.out);
    auto again = run_ironlog({"archive", "--db", db, "add", (dir / "exported.ngn").string()});
    EXPECT_NE(again.out.find("0 archived, 3 already there"), std::string::npos) << again.out;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 3);

    write_file(dir / "other.ngn", replace_all(text, "AUT roll d6: 4", "AUT roll d6: 5"));
    auto other = run_ironlog({"archive", "--db", db, "add", (dir / "other.ngn").string()});
    EXPECT_NE(other.out.find("archived as #4"), std::string::npos) << other.out;
    fs::remove_all(dir);
}

// A corrected record takes the game's place under the same id; the version it replaced stays
// in the history, shown and verified.
TEST(ArchiveIdentity, ReplaceKeepsTheOldVersion) {
    auto [dir, db] = three_games();
    const std::string old = sample();
    const std::string corrected = replace_all(old, "[Round \"2\"]", "[Round \"3\"]");
    write_file(dir / "corrected.ngn", corrected);
    auto r = run_ironlog({"archive", "--db", db, "add", "--replace", "1", (dir / "corrected.ngn").string()});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("replaced game #1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("version 1 of its history"), std::string::npos) << r.out;
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "show", "1", "--text"}).out, corrected);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "show", "1", "--text", "--version", "1"}).out, old);
    EXPECT_NE(run_ironlog({"archive", "--db", db, "show", "1"}).out.find("Earlier version 1: imported"), std::string::npos);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 3);
    EXPECT_EQ(scalar(db, "SELECT round FROM game WHERE id = 1"), 3);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM note_search WHERE note_search MATCH 'Persano'"), 1);  // the old notes gone from the index
    auto v = run_ironlog({"archive", "--db", db, "verify"});
    EXPECT_EQ(v.status, 0) << v.out;
    EXPECT_NE(v.out.find("verified: 3 games, 1 earlier version,"), std::string::npos) << v.out;

    // refused: the same bytes again, a game that is not there, another stored game, a file of two games
    EXPECT_NE(run_ironlog({"archive", "--db", db, "add", "--replace", "1", (dir / "corrected.ngn").string()}).out.find("nothing to replace"),
              std::string::npos);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "add", "--replace", "99", (dir / "corrected.ngn").string()}).status, 1);
    auto twin = run_ironlog({"archive", "--db", db, "add", "--replace", "2", (dir / "corrected.ngn").string()});
    EXPECT_EQ(twin.status, 1);
    EXPECT_NE(twin.err.find("is game #1, stored already"), std::string::npos) << twin.err;
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "add", "--replace", "2", (kSource / "fixtures/games/two-games.ngn").string()}).status, 2);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game_history"), 1);
    fs::remove_all(dir);
}

// Each change made with an SQLite tool instead of ironlog is reported, once, by what it touched.
TEST(ArchiveVerify, ReportsEveryChangeMadeOutsideIronlog) {
    auto [dir, db] = three_games();
    auto clean = run_ironlog({"archive", "--db", db, "verify"});
    ASSERT_EQ(clean.status, 0) << clean.out << clean.err;
    EXPECT_NE(clean.out.find("verified: 3 games, 0 earlier versions, a chain of 3 entries"), std::string::npos) << clean.out;
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", (kSource / "fixtures/errors/play-mistakes.ngn").string()}).status, 0);  // game 4, with findings
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "rm", "3"}).status, 0);  // ironlog's own changes verify
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "verify"}).status, 0);

    const std::string pristine = read_file(db);
    struct Edit {
        const char* what;
        const char* sql;
        const char* reported;
    };
    const Edit edits[] = {
        {"a die in the record", "UPDATE game_record SET record = CAST(replace(CAST(record AS TEXT), 'AUT roll d6: 4', 'AUT roll d6: 6') AS BLOB) WHERE game_id = 1",
         "game #1's record no longer match"},
        {"a finding's text", "UPDATE finding SET message = 'fine' WHERE game_id = 4 AND position = 3", "game #4's stored rows"},
        {"a finding removed", "DELETE FROM finding WHERE game_id = 4 AND position = 1", "game #4's stored rows"},
        {"a finding put in", "INSERT INTO finding (game_id, position, severity, kind, line, column, message) VALUES (2, 1, 'error', 'illegal', 1, 1, 'x')",
         "game #2's stored rows"},
        {"the error count", "UPDATE game SET errors = 0 WHERE id = 4", "game #4's stored rows"},
        {"a file's hash", "UPDATE game_file SET sha256 = 'feed' WHERE game_id = 1", "game #1's stored rows"},
        {"a player's name", "UPDATE player SET name = 'Someone Else' WHERE game_id = 1", "game #1's stored rows"},
        {"the result", "UPDATE side SET outcome = 'win' WHERE game_id = 1 AND number = 1", "game #1's stored rows"},
        {"a game deleted", "DELETE FROM game WHERE id = 2", "game #2 is missing"},
        {"a game put in", "INSERT INTO game (id, sha256, first_line, imported_at, ironlog_version, checked_with, errors, warnings, notes)"
                          " VALUES (7, 'h', 1, 'then', '0', '0', 0, 0, 0)", "game #7 is in no chain entry"},
        {"a removed game put back", "INSERT INTO game (id, sha256, first_line, imported_at, ironlog_version, checked_with, errors, warnings, notes)"
                                    " VALUES (3, 'h', 1, 'then', '0', '0', 0, 0, 0)", "game #3 was removed"},
        {"a chain entry edited", "UPDATE chain SET at = '2020-01-01T00:00:00Z' WHERE seq = 2", "chain entry 2 (add game #2) does not match"},
        {"a chain entry removed", "DELETE FROM chain WHERE seq = 3", "chain entries 3 are missing"},
    };
    for (const auto& e : edits) {
        write_file(db, pristine);
        exec(db, e.sql);
        auto r = run_ironlog({"archive", "--db", db, "verify"});
        EXPECT_EQ(r.status, 1) << e.what << "\n" << r.out;
        EXPECT_NE(r.out.find(e.reported), std::string::npos) << e.what << "\n" << r.out;
        EXPECT_NE(r.out.find("NOT verified"), std::string::npos) << e.what;
    }
    // a table of the archive dropped: not verified, said so, not a crash
    write_file(db, pristine);
    exec(db, "DROP TABLE chain");
    auto dropped = run_ironlog({"archive", "--db", db, "verify"});
    EXPECT_EQ(dropped.status, 1);
    EXPECT_NE(dropped.out.find("the archive's tables were changed outside ironlog (preparing a statement: no such table: chain)"), std::string::npos)
        << dropped.out << dropped.err;
    // one edit, one problem
    write_file(db, pristine);
    exec(db, edits[0].sql);
    auto r = run_ironlog({"archive", "--db", db, "verify"});
    EXPECT_NE(r.out.find("; 1 problem\n"), std::string::npos) << r.out;
    fs::remove_all(dir);
}

// A manifest written on export pins the archive: the same archive verifies against it, an
// altered or another one does not, and a damaged manifest is refused.
TEST(ArchiveVerify, AManifestPinsAPublishedArchive) {
    auto [dir, db] = three_games();
    const std::string manifest = (dir / "manifest.json").string();
    auto e = run_ironlog({"archive", "--db", db, "export", "--manifest", manifest});
    ASSERT_EQ(e.status, 0) << e.err;
    EXPECT_NE(read_file(manifest).find("\"head\""), std::string::npos);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify", "--manifest", manifest}).status, 0);
    // the archive grows: it still holds the manifest's chain and games
    write_file(dir / "other.ngn", replace_all(sample(), "AUT roll d6: 4", "AUT roll d6: 5"));
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", (dir / "other.ngn").string()}).status, 0);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify", "--manifest", manifest}).status, 0);
    // the manifest's game 2 is not the archive's
    std::string m = read_file(manifest);
    const std::regex game2("(\"id\": 2,\\s*\"hash\": \")[0-9a-f]");
    write_file(dir / "altered.json", std::regex_replace(m, game2, "$1z", std::regex_constants::format_first_only));
    auto altered = run_ironlog({"archive", "--db", db, "verify", "--manifest", (dir / "altered.json").string()});
    EXPECT_EQ(altered.status, 1);
    EXPECT_NE(altered.out.find("game #2 is not the game the manifest lists"), std::string::npos) << altered.out;
    // another archive of the same games: its chain is not the published one
    const std::string other = (dir / "b.db").string();
    run_ironlog({"archive", "--db", other, "add", (kSource / "fixtures/games/two-games.ngn").string()});
    auto foreign = run_ironlog({"archive", "--db", other, "verify", "--manifest", manifest});
    EXPECT_EQ(foreign.status, 1);
    EXPECT_NE(foreign.out.find("not the manifest's head"), std::string::npos) << foreign.out;
    for (const char* bad : {"", "{", "[1,2]", "{\"chain\": {\"entries\": \"x\", \"head\": 1}, \"games\": []}",
                            "{\"chain\": {\"entries\": 1, \"head\": \"a\"}, \"games\": [{\"id\": \"x\"}]}"}) {
        write_file(dir / "bad.json", bad);
        EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify", "--manifest", (dir / "bad.json").string()}).status, 2) << bad;
    }
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify", "--manifest", (dir / "none.json").string()}).status, 2);
    fs::remove_all(dir);
}

// The files a record names are stored with their hashes: a recheck says which have changed since,
// or gone, and goes on with them as they now are.
TEST(ArchiveRecheck, SaysWhichFilesChangedSinceAGameWasStored) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    std::filesystem::create_directories(dir / "games");
    std::filesystem::create_directories(dir / "ships");
    std::filesystem::copy_file(kSource / "fixtures/ships/lissa-1866.ngn", dir / "ships/lissa-1866.ngn");
    write_file(dir / "games/g.ngn", read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn"));
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", (dir / "games/g.ngn").string()}).status, 0);
    auto shown = run_ironlog({"archive", "--db", db, "show", "1"});
    EXPECT_NE(shown.out.find("File [Library] ../ships/lissa-1866.ngn: " + (dir / "ships/lissa-1866.ngn").string() + ", sha256 "), std::string::npos)
        << shown.out;
    auto same = run_ironlog({"archive", "--db", db, "add", "--recheck"});
    EXPECT_EQ(same.status, 0) << same.err;
    EXPECT_EQ(same.err.find("changed"), std::string::npos) << same.err;
    write_file(dir / "ships/lissa-1866.ngn", read_file(dir / "ships/lissa-1866.ngn") + "; an errata\n");
    auto changed = run_ironlog({"archive", "--db", db, "add", "--recheck"});
    EXPECT_NE(changed.err.find("game #1: [Library] ../ships/lissa-1866.ngn has changed since the game was stored"), std::string::npos)
        << changed.err;
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "add", "--recheck"}).err.find("changed"), std::string::npos);  // stored with the recheck
    std::filesystem::remove(dir / "ships/lissa-1866.ngn");
    auto gone = run_ironlog({"archive", "--db", db, "add", "--recheck"});
    EXPECT_NE(gone.err.find("[Library] ../ships/lissa-1866.ngn is no longer at"), std::string::npos) << gone.err;
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify"}).status, 0);
    std::filesystem::remove_all(dir);
}
