// Issue 38's faults, each with the test that would have caught it: nothing an outside edit puts in
// the archive is ever blessed by an ironlog command; the schema, the history, the ids and the
// search index are all inside what verify checks; a manifest says what it covers, and can be signed.
#include "archive/archive.hpp"
#include "archive_util.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <fstream>
#include <map>

#include <atomic>
#include <thread>

using namespace testing_util;
using namespace archive_testing;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// The case: an outcome edited with the sqlite3 shell, then `add --recheck --unverified`.
// The game is rebuilt from its chained record: the edit is gone, the chain says what differed.
TEST(ArchiveTamper, RecheckUnverifiedRebuildsFromTheChainedRecord) {
    auto [dir, db] = three_games();
    exec(db, "UPDATE side SET outcome = 'win' WHERE game_id = 1 AND number = 1");  // a drawn game shown as won
    auto plain = on(db, {"add", "--recheck"});
    EXPECT_EQ(plain.status, 1);
    EXPECT_TRUE(contains(plain.err, "game #1 fails verification")) << plain.err;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM side WHERE game_id = 1 AND outcome = 'win'"), 1);  // refused: nothing changed
    auto r = on(db, {"add", "--recheck", "--unverified"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "game #1 failed verification: rebuilt from its chained record and rechecked; what differed: stored side: 1 | Austria"))
        << r.err;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM side WHERE game_id = 1 AND outcome = 'win'"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM side WHERE game_id = 1 AND outcome = 'draw'"), 2);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM chain WHERE game_id = 1 AND action = 'recheck-unverified' AND detail LIKE '%| win%'"), 1);
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    auto standings = on(db, {"query", "standings", "--event", "Adriatic League, club evening"});
    EXPECT_TRUE(contains(standings.out, "Anna Weber  0 won, 1 drawn, 0 lost of 1")) << standings.out;
    fs::remove_all(dir);
}

// restore rebuilds a game whose rows were changed; a record whose text was changed cannot be
// rebuilt (the chain holds its hash only): restore refuses and says how, and a replace from the
// original file mends it.
TEST(ArchiveTamper, RestoreRebuildsRowsAndRefusesAChangedRecord) {
    auto [dir, db] = three_games();
    ASSERT_EQ(on(db, {"add", (kSource / "fixtures/errors/play-mistakes.ngn").string()}).status, 0);  // game 4, with findings
    exec(db, "DELETE FROM finding WHERE game_id = 4 AND severity = 'error'; UPDATE game SET errors = 0 WHERE id = 4");
    auto r = on(db, {"restore", "4"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "game #4 restored from its chained record and rechecked; what differed: stored game: 4 |")) << r.out;
    EXPECT_TRUE(contains(r.out, "rebuilt finding: 10 | error")) << r.out;
    EXPECT_EQ(scalar(db, "SELECT errors FROM game WHERE id = 4"), scalar(db, "SELECT count(*) FROM finding WHERE game_id = 4 AND severity = 'error'"));
    EXPECT_GT(scalar(db, "SELECT errors FROM game WHERE id = 4"), 0);
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    EXPECT_TRUE(contains(on(db, {"restore", "4"}).out, "game #4 verifies: nothing to restore"));

    exec(db, "UPDATE game_record SET record = CAST(replace(CAST(record AS TEXT), 'AUT roll d6: 4', 'AUT roll d6: 6') AS BLOB) WHERE game_id = 1");
    auto refused = on(db, {"restore", "1"});
    EXPECT_EQ(refused.status, 1);
    EXPECT_TRUE(contains(refused.err, "its record was changed outside ironlog")) << refused.err;
    EXPECT_TRUE(contains(refused.err, "'archive add --replace 1 FILE'")) << refused.err;
    auto still = on(db, {"add", "--recheck", "--unverified"});
    EXPECT_EQ(still.status, 1);
    EXPECT_TRUE(contains(still.err, "game #1 fails verification and was not rechecked")) << still.err;
    EXPECT_EQ(on(db, {"verify"}).status, 1);
    // the original record, replaced in: the changed text goes to the history, marked, never trusted
    auto mended = on(db, {"add", "--replace", "1", (dir / "sample.ngn").string()});
    EXPECT_EQ(mended.status, 0) << mended.err;
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    EXPECT_TRUE(contains(on(db, {"show", "1"}).out, "NOT VOUCHED FOR")) << on(db, {"show", "1"}).out;
    EXPECT_EQ(on(db, {"show", "1", "--text"}).out, sample());
    fs::remove_all(dir);
}

// A replace of a game whose rows were damaged, with the record it holds: rebuilt (it used to say
// "nothing to replace"); of a game deleted outside ironlog: stored again under its number.
TEST(ArchiveTamper, ReplaceMendsADamagedOrDeletedGame) {
    auto [dir, db] = three_games();
    exec(db, "UPDATE player SET name = 'Someone Else' WHERE game_id = 1");
    auto same = on(db, {"add", "--replace", "1", (dir / "sample.ngn").string()});
    EXPECT_EQ(same.status, 0) << same.err;
    EXPECT_TRUE(contains(same.out, "whose stored rows had been changed outside ironlog: rebuilt from it")) << same.out;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM player WHERE name = 'Someone Else'"), 0);
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    exec(db, "DELETE FROM game WHERE id = 1");
    EXPECT_EQ(on(db, {"verify"}).status, 1);
    auto back = on(db, {"add", "--replace", "1", (dir / "sample.ngn").string()});
    EXPECT_EQ(back.status, 0) << back.err;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game WHERE id = 1"), 1);
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    fs::remove_all(dir);
}

// A trigger planted with the sqlite3 shell: ironlog will not write to the archive, verify names
// it, a read command warns.
TEST(ArchiveTamper, APlantedTriggerIsRefusedAndReported) {
    auto [dir, db] = three_games();
    exec(db, "CREATE TRIGGER side_wins AFTER INSERT ON side BEGIN UPDATE side SET outcome = 'win' WHERE rowid = new.rowid AND new.number = 1; END");
    const std::string before = read_file(db);
    auto add = on(db, {"add", (kSource / "fixtures/games/tmbv-lissa-sample.ngn").string()});
    EXPECT_EQ(add.status, 2);
    EXPECT_TRUE(contains(add.err, "a trigger 'side_wins' that ironlog did not create")) << add.err;
    EXPECT_TRUE(contains(add.err, "ironlog will not write to it")) << add.err;
    EXPECT_EQ(read_file(db), before);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"rm", "1"}, {"add", "--recheck"}, {"restore", "1"}, {"upgrade"}, {"vacuum"}})
        EXPECT_EQ(on(db, args).status, 2) << args.front();
    auto v = on(db, {"verify"});
    EXPECT_EQ(v.status, 1);
    EXPECT_TRUE(contains(v.out, "verify: the schema: a trigger 'side_wins' that ironlog did not create: changed outside ironlog")) << v.out;
    auto list = on(db, {"list"});
    EXPECT_EQ(list.status, 0);
    EXPECT_TRUE(contains(list.err, "schema is not the one ironlog made")) << list.err;
    // an index dropped, a view added: the same
    exec(db, "DROP TRIGGER side_wins; DROP INDEX game_date; CREATE VIEW won AS SELECT * FROM side");
    auto changed = on(db, {"verify"});
    EXPECT_TRUE(contains(changed.out, "the index 'game_date' that ironlog created is gone")) << changed.out;
    EXPECT_TRUE(contains(changed.out, "a view 'won' that ironlog did not create")) << changed.out;
    fs::remove_all(dir);
}

// A schema version lowered (and what was added since dropped, to pass for an old archive): no
// plain command upgrades it silently; `upgrade` sees the schema is not that version's and refuses.
TEST(ArchiveTamper, AVersionLoweredIsNotUpgradedSilently) {
    auto [dir, db] = three_games();
    exec(db, "UPDATE side SET outcome = 'win' WHERE game_id = 1 AND number = 1; PRAGMA user_version = 6");
    auto list = on(db, {"list"});
    EXPECT_EQ(list.status, 2);
    EXPECT_TRUE(contains(list.err, "'ironlog archive upgrade' brings it up to date")) << list.err;
    auto up = on(db, {"upgrade"});
    EXPECT_EQ(up.status, 2);
    EXPECT_TRUE(contains(up.err, "schema is not the one ironlog made")) << up.err;
    fs::remove_all(dir);
}

// Earlier versions are inside each game's hash: one edited or deleted shows, and a replace does
// not bless it.
TEST(ArchiveTamper, EarlierVersionsAreChained) {
    auto [dir, db] = three_games();
    write_file(dir / "corrected.ngn", replace_all(sample(), "[Round \"2\"]", "[Round \"3\"]"));
    ASSERT_EQ(on(db, {"add", "--replace", "1", (dir / "corrected.ngn").string()}).status, 0);
    ASSERT_EQ(on(db, {"verify"}).status, 0);
    const std::string pristine = read_file(db);
    for (const char* edit : {"UPDATE game_history SET imported_at = '2020-01-01T00:00:00Z'", "DELETE FROM game_history",
                             "UPDATE game_history SET record = CAST('x' AS BLOB)"}) {
        write_file(db, pristine);
        exec(db, edit);
        auto v = on(db, {"verify"});
        EXPECT_EQ(v.status, 1) << edit;
        EXPECT_TRUE(contains(v.out, "game #1's earlier versions no longer match what chain entry")) << edit << "\n" << v.out;
        write_file(dir / "again.ngn", replace_all(sample(), "[Round \"2\"]", "[Round \"4\"]"));
        on(db, {"add", "--replace", "1", (dir / "again.ngn").string()});
        EXPECT_EQ(on(db, {"verify"}).status, 0) << edit;  // the version as found is kept, marked so
        EXPECT_TRUE(contains(on(db, {"show", "1"}).out, "NOT VOUCHED FOR")) << edit;
    }
    // restore will not bless an edited history without being told to keep it as found, marked
    write_file(db, pristine);
    exec(db, "UPDATE game_history SET imported_at = '2020-01-01T00:00:00Z'");
    auto refused = on(db, {"restore", "1"});
    EXPECT_EQ(refused.status, 1);
    EXPECT_TRUE(contains(refused.err, "its earlier versions were changed outside ironlog")) << refused.err;
    EXPECT_EQ(on(db, {"restore", "1", "--history-as-found"}).status, 0);
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    EXPECT_EQ(scalar(db, "SELECT verified FROM game_history WHERE game_id = 1"), 0);
    fs::remove_all(dir);
}

// game_id_high deleted or lowered: no number is given twice (ids follow the chain too), no add
// fails, and verify reports it.
TEST(ArchiveTamper, GameNumbersFollowTheChain) {
    auto [dir, db] = three_games();
    ASSERT_EQ(on(db, {"rm", "3"}).status, 0);
    exec(db, "DELETE FROM game_id_high");
    auto v = on(db, {"verify"});
    EXPECT_EQ(v.status, 1);
    EXPECT_TRUE(contains(v.out, "game_id_high, the highest game number given, was changed outside ironlog (0 rows, not 1")) << v.out;
    auto added = on(db, {"add", (kSource / "fixtures/games/tmbv-lissa-sample.ngn").string()});
    EXPECT_TRUE(contains(added.out, "archived as #4")) << added.out;
    exec(db, "INSERT INTO game_id_high VALUES (1)");
    write_file(dir / "other.ngn", replace_all(sample(), "AUT roll d6: 4", "AUT roll d6: 5"));
    auto again = on(db, {"add", (dir / "other.ngn").string()});
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_TRUE(contains(again.out, "archived as #5")) << again.out;
    fs::remove_all(dir);
}

// Terms put into or taken out of the full-text index fake or hide search hits: FTS5's own
// check finds both; restore --search-index mends the index.
TEST(ArchiveTamper, TheSearchIndexIsChecked) {
    auto [dir, db] = three_games();
    const std::string pristine = read_file(db);
    for (const char* edit : {"INSERT INTO note_search(rowid, text) VALUES (999, 'bribed umpire')",
                             "INSERT INTO note_search(note_search, rowid, text) SELECT 'delete', id, text FROM note WHERE text LIKE '%Persano%'"}) {
        write_file(db, pristine);
        exec(db, edit);
        auto v = on(db, {"verify"});
        EXPECT_EQ(v.status, 1) << edit;
        EXPECT_TRUE(contains(v.out, "the full-text index of the notes does not match the notes")) << v.out;
        EXPECT_EQ(on(db, {"restore", "--search-index"}).status, 0);
        EXPECT_EQ(on(db, {"verify"}).status, 0) << edit;
        EXPECT_TRUE(contains(on(db, {"query", "search", "Persano"}).out, "1 match")) << edit;
    }
    fs::remove_all(dir);
}

// verify reads one snapshot: games removed by ironlog meanwhile are not "changed outside ironlog"
// (it used to walk the chain first, then read the games, and report as deleted outside ironlog a
// game removed between the two).
TEST(ArchiveTamper, VerifyIsASnapshot) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"generate", "--ruleset", "ironclads", "--games", "400", "-o", (dir / "many.ngn").string()}).status, 0);
    ASSERT_EQ(on(db, {"add", (dir / "many.ngn").string()}).status, 0);
    for (int round = 0; round < 3; ++round) {
        std::atomic<bool> done{false};
        std::thread remover([&] {
            std::vector<std::string> args{"rm"};
            for (int id = 1 + round * 120; id <= 120 + round * 120; ++id) args.push_back(std::to_string(id));
            on(db, args);
            done = true;
        });
        for (int i = 0; i < 20 && !done; ++i) {
            auto v = on(db, {"verify"});
            EXPECT_EQ(v.status, 0) << v.out << v.err;
        }
        remover.join();
    }
    fs::remove_all(dir);
}

// A manifest says what it covers: entries after its head are not; a game changed after it is not
// the manifest's; an empty archive's manifest verifies.
TEST(ArchiveTamper, AManifestSaysWhatItCovers) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string(), manifest = (dir / "m.json").string();
    ASSERT_EQ(on(db, {"init"}).status, 0);
    ASSERT_EQ(on(db, {"export", "--manifest", manifest}).status, 0);
    auto empty = on(db, {"verify", "--manifest", manifest});
    EXPECT_EQ(empty.status, 0) << empty.out;
    write_file(dir / "sample.ngn", sample());
    ASSERT_EQ(on(db, {"add", (dir / "sample.ngn").string()}).status, 0);
    ASSERT_EQ(on(db, {"export", "--manifest", manifest}).status, 0);
    ASSERT_EQ(on(db, {"add", (kSource / "fixtures/games/two-games.ngn").string()}).status, 0);
    auto grown = on(db, {"verify", "--manifest", manifest});
    EXPECT_EQ(grown.status, 0) << grown.out;
    EXPECT_TRUE(contains(grown.out, "note: chain entries 2 to 3 were added after the manifest was made: it does not cover them")) << grown.out;
    write_file(dir / "corrected.ngn", replace_all(sample(), "[Round \"2\"]", "[Round \"3\"]"));
    ASSERT_EQ(on(db, {"add", "--replace", "1", (dir / "corrected.ngn").string()}).status, 0);
    auto changed = on(db, {"verify", "--manifest", manifest});
    EXPECT_EQ(changed.status, 1);
    EXPECT_TRUE(contains(changed.out, "game #1 is not the game the manifest lists: it was changed after the manifest (chain entry 4)")) << changed.out;
    fs::remove_all(dir);
}

// A signed manifest: it verifies with the organiser's public key; altered, or checked with another
// key, it does not.
TEST(ArchiveTamper, ASignedManifest) {
    auto [dir, db] = three_games();
    const std::string key = (dir / "league.key").string(), manifest = (dir / "m.json").string();
    auto gen = run_ironlog({"archive", "keygen", key});
    ASSERT_EQ(gen.status, 0) << gen.err;
    struct stat st {};
    ASSERT_EQ(::stat(key.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    EXPECT_EQ(run_ironlog({"archive", "keygen", key}).status, 2);  // never overwritten
    ASSERT_EQ(on(db, {"export", "--manifest", manifest, "--sign", key}).status, 0);
    auto good = on(db, {"verify", "--manifest", manifest, "--key", key + ".pub"});
    EXPECT_EQ(good.status, 0) << good.out;
    EXPECT_TRUE(contains(good.out, "the manifest's signature holds")) << good.out;
    EXPECT_TRUE(contains(on(db, {"verify", "--manifest", manifest}).out, "--key PUBLIC-KEY-FILE checks the signature"));
    // a game's hash in the manifest changed to match a changed archive: the signature breaks
    std::string m = read_file(manifest);
    const auto at = m.find("\"hash\": \"") + 9;
    m[at] = m[at] == 'a' ? 'b' : 'a';
    write_file(dir / "altered.json", m);
    auto altered = on(db, {"verify", "--manifest", (dir / "altered.json").string(), "--key", key + ".pub"});
    EXPECT_EQ(altered.status, 1);
    EXPECT_TRUE(contains(altered.out, "the manifest's signature does not hold")) << altered.out;
    ASSERT_EQ(run_ironlog({"archive", "keygen", (dir / "other.key").string()}).status, 0);
    auto other = on(db, {"verify", "--manifest", manifest, "--key", (dir / "other.key.pub").string()});
    EXPECT_EQ(other.status, 1);
    EXPECT_TRUE(contains(other.out, "signed with another key")) << other.out;
    fs::remove_all(dir);
}

// A record with [Side1] twice (the check reports it) is stored with the first; a record that
// cannot be stored is refused alone and the games after it are stored.
TEST(ArchiveTamper, ARecordThatCannotBeStoredIsRefusedAlone) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    std::string twice = replace_all(sample(), "[Side2 \"Italy\"]", "[Side2 \"Italy\"]\n[Side1 \"Austria-Hungary\"]");
    write_file(dir / "batch.ngn", read_file(kSource / "fixtures/games/two-games.ngn") + "\n" + twice + "\n" +
                                      read_file(kSource / "fixtures/games/tmbv-lissa-sample.ngn"));
    auto r = on(db, {"add", (dir / "batch.ngn").string()});
    EXPECT_TRUE(contains(r.out, "4 archived, 0 already there, 0 refused")) << r.out << r.err;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM side WHERE game_id = 3"), 2);
    // a constraint broken while storing (a fault injected for the test): that game alone is refused
    ASSERT_EQ(run_ironlog({"generate", "--ruleset", "ironclads", "--games", "3", "--seed", "5", "-o", (dir / "more.ngn").string()}).status, 0);
    const std::string cmd = "IRONLOG_TEST_CONSTRAINT_AT=2 " + kBinary + " archive --db " + db + " add " + (dir / "more.ngn").string() + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[512];
    while (fgets(buf, sizeof buf, p)) out += buf;
    const int status = pclose(p);
    EXPECT_EQ(WEXITSTATUS(status), 1) << out;
    EXPECT_TRUE(contains(out, "game 2 refused: it cannot be stored (")) << out;
    EXPECT_TRUE(contains(out, "2 archived, 0 already there, 1 refused")) << out;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 6);
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    fs::remove_all(dir);
}

// A file read while it was still being written gave a game cut short: the whole file, added again,
// completes that game in place (its number kept, the short one kept as a version), not a game more.
TEST(ArchiveTamper, AGameCutShortIsCompletedInPlace) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const std::string whole = read_file(kSource / "fixtures/games/two-games.ngn");
    const std::string cut = whole.substr(0, whole.rfind("  Italy roll d6: 3"));
    write_file(dir / "season.ngn", cut);
    ASSERT_TRUE(contains(on(db, {"add", (dir / "season.ngn").string()}).out, "2 archived"));
    write_file(dir / "season.ngn", whole);
    auto r = on(db, {"add", (dir / "season.ngn").string()});
    EXPECT_TRUE(contains(r.out, "game 2 archived as #2 (")) << r.out;
    EXPECT_TRUE(contains(r.out, "in place of the shorter record stored from the same place of this file")) << r.out;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 2);
    EXPECT_EQ(on(db, {"show", "2", "--text"}).out + "", whole.substr(whole.find("; the return match")));
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    fs::remove_all(dir);
}

// Control and bidirectional characters in names and notes are shown escaped in every listing.
TEST(ArchiveTamper, ListingsShowNamesEscaped) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const std::string rlo = "\u202e";
    std::string text = replace_all(sample(), "Anna Weber", "Anna " + rlo + "Weber");
    text = replace_all(text, "{both admirals call it a draw}", "{" + rlo + "both admirals}");
    write_file(dir / "g.ngn", text);
    ASSERT_EQ(on(db, {"add", (dir / "g.ngn").string()}).status, 0);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"list"},
                                                 {"query", "standings", "--event", "Adriatic League, club evening"},
                                                 {"query", "search", "admirals"}}) {
        auto r = on(db, args);
        EXPECT_FALSE(contains(r.out, rlo)) << args.front() << ": " << r.out;
        EXPECT_TRUE(contains(r.out, "\\u202e")) << args.front() << ": " << r.out;
    }
    fs::remove_all(dir);
}

// A file a record names is read only if it is a regular file of at most 16 MiB: a huge file or
// one of /proc's endless ones is reported, not read (it used to take hundreds of MiB, or minutes).
TEST(ArchiveTamper, NamedFilesAreReadWithinLimits) {
    auto dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    {
        std::ofstream big(dir / "big.ngn", std::ios::binary);
        big.seekp((std::streamoff{17} << 20) - 1);
        big.put('\n');
    }
    for (const std::string& name : {(dir / "big.ngn").string(), std::string("/proc/self/pagemap"), std::string("/dev/zero")}) {
        write_file(dir / "g.ngn", replace_all(sample(), (kSource / "fixtures/ships/lissa-1866.ngn").string(), name));
        auto c = run_ironlog({"check", (dir / "g.ngn").string()});
        EXPECT_TRUE(contains(c.out, "which ironlog will not read")) << name << "\n" << c.out;
        auto a = on(db, {"add", (dir / "g.ngn").string()});
        EXPECT_EQ(a.status, 0) << name << a.err;
    }
    fs::remove_all(dir);
}

namespace {

// One outside edit of one kind of row: the SQL, what verify says of it, and a query that is 1
// while the edited value (or the deletion, unrecorded) is still there.
struct Tamper {
    const char* kind;
    const char* how;  // edit, delete, swap
    std::int64_t game;
    const char* sql;
    const char* verify_says;
    const char* kept;
};

// The temporary table a swap goes through lives in the connection's own temp schema, not the archive.
const Tamper kTampering[] = {
    {"record text", "edit", 1,
     "UPDATE game_record SET record = CAST(replace(CAST(record AS TEXT), 'Anna Weber', 'Anna Webber') AS BLOB) WHERE game_id = 1",
     "game #1's record no longer match", "SELECT count(*) FROM game_record WHERE game_id = 1 AND CAST(record AS TEXT) LIKE '%Anna Webber%'"},
    {"record text", "delete", 3, "DELETE FROM game WHERE id = 3", "game #3 is missing", "SELECT count(*) = 0 FROM game WHERE id = 3"},
    {"record text", "swap", 2,
     "CREATE TEMP TABLE t AS SELECT game_id, record FROM game_record WHERE game_id IN (2, 3);"
     " UPDATE game_record SET record = (SELECT record FROM t WHERE t.game_id = 5 - game_record.game_id) WHERE game_id IN (2, 3)",
     "game #2's record no longer match", "SELECT count(*) FROM game_record WHERE game_id = 2 AND CAST(record AS TEXT) LIKE '%[Round \"2\"]%'"},
    {"header", "edit", 1, "UPDATE tag SET value = 'Elsewhere' WHERE game_id = 1 AND name = 'Site'", "game #1's stored rows",
     "SELECT count(*) FROM tag WHERE value = 'Elsewhere'"},
    {"header", "delete", 1, "DELETE FROM tag WHERE game_id = 1 AND name = 'Umpire'", "game #1's stored rows",
     "SELECT count(*) = 0 FROM tag WHERE game_id = 1 AND name = 'Umpire'"},
    {"header", "swap", 2,
     "CREATE TEMP TABLE t AS SELECT game_id, value FROM tag WHERE name = 'Round' AND game_id IN (2, 3);"
     " UPDATE tag SET value = (SELECT value FROM t WHERE t.game_id = 5 - tag.game_id) WHERE name = 'Round' AND game_id IN (2, 3)",
     "game #2's stored rows", "SELECT count(*) FROM tag WHERE game_id = 2 AND name = 'Round' AND value = '2'"},
    {"game row", "edit", 1, "UPDATE game SET result = 'Austria', errors = 3 WHERE id = 1", "game #1's stored rows",
     "SELECT count(*) FROM game WHERE id = 1 AND result = 'Austria'"},
    {"game row", "swap", 1,
     "CREATE TEMP TABLE t AS SELECT id, event FROM game WHERE id IN (1, 4);"
     " UPDATE game SET event = (SELECT event FROM t WHERE t.id = 5 - game.id) WHERE id IN (1, 4)",
     "game #1's stored rows", "SELECT count(*) FROM game WHERE id = 1 AND event = 'Club night'"},
    {"sides", "edit", 1, "UPDATE side SET outcome = 'win' WHERE game_id = 1 AND number = 1", "game #1's stored rows",
     "SELECT count(*) FROM side WHERE game_id = 1 AND outcome = 'win'"},
    {"sides", "delete", 1, "DELETE FROM side WHERE game_id = 1 AND number = 2", "game #1's stored rows",
     "SELECT count(*) = 0 FROM side WHERE game_id = 1 AND number = 2"},
    {"sides", "swap", 2,
     "CREATE TEMP TABLE t AS SELECT game_id, name FROM side WHERE number = 1 AND game_id IN (2, 3);"
     " UPDATE side SET name = (SELECT name FROM t WHERE t.game_id = 5 - side.game_id) WHERE number = 1 AND game_id IN (2, 3)",
     "game #2's stored rows", "SELECT count(*) FROM side WHERE game_id = 2 AND number = 1 AND name = 'Italy'"},
    {"players", "edit", 1, "UPDATE player SET name = 'Someone Else' WHERE game_id = 1 AND side_number = 1", "game #1's stored rows",
     "SELECT count(*) FROM player WHERE name = 'Someone Else'"},
    {"players", "delete", 1, "DELETE FROM player WHERE game_id = 1 AND side_number = 2", "game #1's stored rows",
     "SELECT count(*) = 0 FROM player WHERE game_id = 1 AND side_number = 2"},
    {"players", "swap", 1, "UPDATE player SET name = CASE side_number WHEN 1 THEN 'Marco Rossi' ELSE 'Anna Weber' END WHERE game_id = 1",
     "game #1's stored rows", "SELECT count(*) FROM player WHERE game_id = 1 AND side_number = 1 AND name = 'Marco Rossi'"},
    {"ships", "edit", 1, "UPDATE entity SET name = 'Kaiser' WHERE game_id = 1 AND alias = 'FM'", "game #1's stored rows",
     "SELECT count(*) FROM entity WHERE name = 'Kaiser'"},
    {"ships", "delete", 1, "DELETE FROM entity WHERE game_id = 1 AND alias = 'HB'", "game #1's stored rows",
     "SELECT count(*) = 0 FROM entity WHERE game_id = 1 AND alias = 'HB'"},
    {"ships", "swap", 2, "UPDATE entity SET game_id = 5 - game_id WHERE game_id IN (2, 3)", "game #2's stored rows",
     "SELECT count(*) FROM entity WHERE game_id = 2 AND line > 20"},
    {"lines", "edit", 1, "UPDATE line SET text = 'AUT roll d6: 1' WHERE game_id = 1 AND text = 'AUT roll d6: 4'", "game #1's stored rows",
     "SELECT count(*) FROM line WHERE game_id = 1 AND text = 'AUT roll d6: 1'"},
    {"lines", "delete", 1, "DELETE FROM line WHERE game_id = 1 AND text LIKE 'FM fire port RdI 48cm%'", "game #1's stored rows",
     "SELECT count(*) = 0 FROM line WHERE game_id = 1 AND text LIKE 'FM fire port RdI 48cm%'"},
    {"lines", "swap", 2, "UPDATE line SET game_id = 5 - game_id WHERE game_id IN (2, 3)", "game #2's stored rows",
     "SELECT count(*) FROM line WHERE game_id = 2 AND line > 20"},
    {"notes", "edit", 1, "UPDATE note SET text = 'the umpire was bribed' WHERE game_id = 1 AND text LIKE '%lowest roll%'", "game #1's stored rows",
     "SELECT count(*) FROM note WHERE text LIKE '%bribed%'"},
    {"notes", "delete", 1, "DELETE FROM note WHERE game_id = 1 AND text LIKE '%Persano%'", "game #1's stored rows",
     "SELECT count(*) = 0 FROM note WHERE game_id = 1 AND text LIKE '%Persano%'"},
    {"notes", "swap", 2, "UPDATE note SET game_id = 5 - game_id WHERE game_id IN (2, 3)", "game #2's stored rows",
     "SELECT count(*) FROM note WHERE game_id = 2 AND text LIKE '%return match%'"},
    {"findings", "edit", 4, "UPDATE finding SET message = 'fine' WHERE game_id = 4 AND position = 3", "game #4's stored rows",
     "SELECT count(*) FROM finding WHERE message = 'fine'"},
    {"findings", "delete", 4, "DELETE FROM finding WHERE game_id = 4 AND severity = 'error'", "game #4's stored rows",
     "SELECT count(*) = 0 FROM finding WHERE game_id = 4 AND severity = 'error'"},
    {"findings", "swap", 1, "UPDATE finding SET game_id = 1 WHERE game_id = 4 AND position = 1", "game #1's stored rows",
     "SELECT count(*) FROM finding WHERE game_id = 1"},
    {"named files", "edit", 1, "UPDATE game_file SET sha256 = 'feed' WHERE game_id = 1", "game #1's stored rows",
     "SELECT count(*) FROM game_file WHERE sha256 = 'feed'"},
    {"named files", "delete", 2, "DELETE FROM game_file WHERE game_id = 2", "game #2's stored rows",
     "SELECT count(*) = 0 FROM game_file WHERE game_id = 2"},
    {"named files", "swap", 1, "UPDATE game_file SET game_id = 4 WHERE game_id = 1", "game #1's stored rows",
     "SELECT count(*) FROM game_file WHERE game_id = 4"},
    {"earlier versions", "edit", 4, "UPDATE game_history SET imported_at = '2020-01-01T00:00:00Z'", "game #4's earlier versions",
     "SELECT count(*) FROM game_history WHERE imported_at = '2020-01-01T00:00:00Z' AND verified = 1"},
    {"earlier versions", "delete", 4, "DELETE FROM game_history", "game #4's earlier versions",
     "SELECT (SELECT count(*) = 0 FROM game_history WHERE version = 1)"
     " AND (SELECT count(*) = 0 FROM chain WHERE detail LIKE '%earlier versions had been changed outside ironlog%')"},
    {"earlier versions", "swap", 1, "UPDATE game_history SET game_id = 1 WHERE game_id = 4", "game #1's earlier versions",
     "SELECT count(*) FROM game_history WHERE game_id = 1 AND verified = 1"},
    {"chain entries", "edit", 2, "UPDATE chain SET at = '2020-01-01T00:00:00Z' WHERE seq = 2", "chain entry 2 (add game #2) does not match", "SELECT 1"},
    {"chain entries", "delete", 3, "DELETE FROM chain WHERE seq = 3", "chain entries 3 are missing", "SELECT 1"},
    {"chain entries", "swap", 2,
     "CREATE TEMP TABLE t AS SELECT seq, content FROM chain WHERE seq IN (2, 3);"
     " UPDATE chain SET content = (SELECT content FROM t WHERE t.seq = 5 - chain.seq) WHERE seq IN (2, 3)",
     "chain entry 2 (add game #2) does not match", "SELECT 1"},
};

}  // namespace

// The tampering table of docs/archive.md ("Promises"): for each kind of row the archive keeps, an
// outside edit, a deletion and a swap between two games is reported by verify, fails a manifest
// made before it, and no ironlog command makes verify pass again while the edited value is kept
// (unmarked, or the deletion unrecorded).
TEST(ArchiveTamper, NoCommandBlessesAnOutsideEdit) {
    const fs::path dir = temp_dir();
    fs::create_directories(dir / "games");
    fs::create_directories(dir / "errors");
    fs::copy(kSource / "fixtures/ships", dir / "ships");
    write_file(dir / "games/sample.ngn", read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn"));
    write_file(dir / "games/two-games.ngn", read_file(kSource / "fixtures/games/two-games.ngn"));
    write_file(dir / "errors/play-mistakes.ngn", read_file(kSource / "fixtures/errors/play-mistakes.ngn"));
    const std::string db = (dir / "pristine.db").string();
    ASSERT_EQ(on(db, {"add", (dir / "games/sample.ngn").string(), (dir / "games/two-games.ngn").string(), (dir / "errors/play-mistakes.ngn").string()})
                  .status, 0);
    write_file(dir / "errors/p2.ngn", replace_all(read_file(dir / "errors/play-mistakes.ngn"), "[Event \"Club night\"]", "[Event \"Club night B\"]"));
    ASSERT_EQ(on(db, {"add", "--replace", "4", (dir / "errors/p2.ngn").string()}).status, 0);  // game 4 has an earlier version
    ASSERT_EQ(on(db, {"export", "--manifest", (dir / "m.json").string()}).status, 0);
    const std::map<std::int64_t, std::string> originals = {{1, "games/sample.ngn"}, {2, "games/g2.ngn"}, {3, "games/g3.ngn"}, {4, "errors/p2.ngn"}};
    for (std::int64_t id : {2, 3}) write_file(dir / originals.at(id), on(db, {"show", std::to_string(id), "--text"}).out);
    const std::string pristine = read_file(db);
    const std::string copy = (dir / "a.db").string();
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    const std::vector<std::vector<std::string>> commands = {{"add", "--recheck", "--unverified"}, {"restore", "GAME"}, {"add", "--replace", "GAME", "FILE"}};
#else
    const std::vector<std::vector<std::string>> commands = {
        {"add", "--recheck"}, {"add", "--recheck", "--unverified"}, {"add", "--replace", "GAME", "FILE"}, {"restore", "GAME"},
        {"restore", "GAME", "--history-as-found"}, {"upgrade"}, {"vacuum"}};
#endif
    for (const Tamper& t : kTampering) {
        SCOPED_TRACE(std::string(t.kind) + ", " + t.how);
        write_file(copy, pristine);
        exec(copy, t.sql);
        auto v = on(copy, {"verify"});
        EXPECT_EQ(v.status, 1) << v.out;
        EXPECT_TRUE(contains(v.out, t.verify_says)) << v.out;
        auto m = on(copy, {"verify", "--manifest", (dir / "m.json").string()});
        EXPECT_EQ(m.status, 1) << m.out;
        for (auto args : commands) {
            write_file(copy, pristine);
            exec(copy, t.sql);
            for (auto& a : args) {
                if (a == "GAME") a = std::to_string(t.game);
                else if (a == "FILE") a = (dir / originals.at(t.game)).string();
            }
            on(copy, args);
            const bool verifies = on(copy, {"verify"}).status == 0;
            EXPECT_FALSE(verifies && scalar(copy, t.kept) == 1) << "after " << args.front() << " " << (args.size() > 1 ? args[1] : "")
                                                                 << ": verify passes with the edit kept";
        }
    }
    fs::remove_all(dir);
}

// Rows put in for a game that is not stored (a finding for game 99 counts in the rules most
// broken) are reported; the rows a game deleted outside ironlog leaves are that one change.
TEST(ArchiveTamper, RowsOfNoStoredGameAreReported) {
    auto [dir, db] = three_games();
    exec(db, "INSERT INTO finding (game_id, position, severity, kind, rule, line, column, message)"
             " VALUES (99, 1, 'error', 'illegal', 'ironclads Sea state', 1, 1, 'x')");
    auto v = on(db, {"verify"});
    EXPECT_EQ(v.status, 1);
    EXPECT_TRUE(contains(v.out, "verify: 1 rows of finding belong to game #99, which is not in the archive")) << v.out;
    exec(db, "DELETE FROM finding WHERE game_id = 99; DELETE FROM game WHERE id = 3");  // its tags, lines ... left
    auto deleted = on(db, {"verify"});
    EXPECT_TRUE(contains(deleted.out, "game #3 is missing")) << deleted.out;
    EXPECT_TRUE(contains(deleted.out, "; 1 problem\n")) << deleted.out;
    fs::remove_all(dir);
}
