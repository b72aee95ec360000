#include "archive/archive.hpp"

#include "archive/ledger.hpp"
#include "archive/schema.hpp"
#include "archive/statements.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace archive {

namespace fs = std::filesystem;

namespace {

constexpr int kApplicationId = 0x49524C47;  // "IRLG": an ironlog archive

std::string list_of(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : "; ") + i;
    return out;
}

}  // namespace

std::string default_path() {
    if (const char* env = std::getenv("IRONLOG_DB"); env && *env) return env;
    fs::path base;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home) base = fs::path(home) / ".local" / "share";
    else base = ".";
    return (base / "ironlog" / "archive.db").string();
}

Archive::Statements::Statements(const sqlite::Database& db)
    : summary_game(db, std::string("SELECT ") + kSummaryColumns + " FROM game g WHERE g.id = ?1"),
      summary_sides(db, "SELECT number, name, coalesce(alias,''), coalesce(outcome,'') FROM side WHERE game_id = ?1 ORDER BY number"),
      summary_players(db, "SELECT side_number, name FROM player WHERE game_id = ?1 ORDER BY rowid"),
      find_identity(db, "SELECT id FROM game WHERE identity = ?1"),
      find_source(db, "SELECT g.id, r.record FROM game g JOIN game_record r ON r.game_id = g.id WHERE g.source = ?1 AND g.source_index = ?2"),
      insert_game(db,
                  "INSERT INTO game (id, sha256, source, source_index, first_line, event, site, date, date_sort, round, ruleset,"
                  " variant, rules, options, result, imported_at, ironlog_version, checked_with, errors, warnings, notes, identity)"
                  " VALUES (?22, ?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?23,?18,?19,?20,?21)"),
      insert_record(db, "INSERT INTO game_record (game_id, record) VALUES (?1, ?2)"),
      insert_file(db, "INSERT OR IGNORE INTO game_file (game_id, tag, name, path, sha256) VALUES (?1,?2,?3,?4,?5)"),
      insert_side(db, "INSERT INTO side (game_id, number, name, alias, outcome) VALUES (?1,?2,?3,?4,?5)"),
      insert_player(db, "INSERT INTO player (game_id, side_number, name, date_sort) VALUES (?1,?2,?3,?4)"),
      insert_finding(db,
                     "INSERT INTO finding (game_id, position, severity, kind, rule, ruleset, section, file, line, column, message,"
                     " expected, recorded, ruling_line, ruling_text) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15)"),
      delete_findings(db, "DELETE FROM finding WHERE game_id = ?1"),
      last_note_id(db, "SELECT coalesce(max(id), 0) FROM note"),
      index_notes(db, "INSERT INTO note_search(rowid, text) SELECT id, text FROM note WHERE id > ?1 ORDER BY id"),
      update_counts(db, "UPDATE game SET errors = ?2, warnings = ?3, notes = ?4, checked_with = ?5 WHERE id = ?1"),
      insert_tags(db, "tag (game_id, position, name, value, line)", 5, 32),
      insert_entities(db, "entity (game_id, line, kind, alias, name, side_number)", 6, 32),
      insert_lines(db, "line (game_id, line, kind, turn, phase, segment, impulse, step, actor, verb, text)", 11, 32),
      insert_notes(db, "note (id, game_id, line, kind, text)", 5, 32) {}

namespace {

// The largest archive read through with quick_check before a write (about 40,000 games).
constexpr std::uintmax_t kReadThroughLimit = std::uintmax_t{1} << 30;

// What an existing file is, read-only, before anything is written to it.
struct Vetted {
    int version = 0;
    std::vector<std::string> schema_problems;
};

Vetted vet(const std::string& path, Mode mode) {
    char header[16] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(header, sizeof header);
    if (in.gcount() < 16 || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16))
        throw OpenError(path + " is not an SQLite database: ironlog will not touch it");
    Vetted v;
    try {
        sqlite::Database ro(path, SQLITE_OPEN_READONLY);
        // Another process may be opening or writing the archive this moment (the first to open
        // a WAL archive recovers its index under a lock): wait for it, as every connection does.
        ro.exec("PRAGMA busy_timeout = 15000;");
        sqlite::Statement q(ro, "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),"
                                " (SELECT count(*) FROM sqlite_schema)");
        q.step();
        const auto app = q.integer(0);
        v.version = static_cast<int>(q.integer(1));
        const auto tables = q.integer(2);
        if (app != kApplicationId && (app != 0 || tables > 0))
            throw OpenError(path + " is an SQLite database but not an ironlog archive: ironlog will not touch it");
        // before a write, its pages beyond the first read through once: a damaged archive is not
        // written to (a read goes on, and says so where it meets a damaged page). Not past 1 GiB:
        // an archive of 1,000,000 games (26 GB) took minutes to read through before every add;
        // SQLite still checks each page a write reads, and `verify` reads them all.
        const bool read_through = mode != Mode::Read && fs::file_size(path) <= kReadThroughLimit;
        sqlite::Statement check(ro, read_through ? "PRAGMA quick_check(1)" : "SELECT 'ok'");
        if (check.step() && check.text(0) != "ok")
            throw OpenError(path + " is damaged (SQLite's quick_check: " + check.text(0) + "): ironlog will not touch it");
        if (v.version > 0 && v.version <= Archive::kSchemaVersion) v.schema_problems = schema_differences(ro, v.version);
    } catch (const sqlite::Error& e) {
        if (e.code() == SQLITE_FULL || e.code() == SQLITE_IOERR || e.code() == SQLITE_CANTOPEN) throw;  // said as it is, by the caller
        throw OpenError(path + " is damaged and cannot be read as an archive (" + e.what() + "): ironlog will not touch it");
    }
    if (v.version > Archive::kSchemaVersion)
        throw OpenError(path + " has archive schema version " + std::to_string(v.version) + ", newer than this ironlog knows (" +
                        std::to_string(Archive::kSchemaVersion) + "): use a newer ironlog; nothing was written");
    if (!v.schema_problems.empty() && mode != Mode::Read)
        throw OpenError(path + "'s schema is not the one ironlog made (" + list_of(v.schema_problems) +
                        "): ironlog will not write to it, since what was put there could change what is stored; 'archive verify' says what differs");
    if (v.version > 0 && v.version < Archive::kSchemaVersion && mode != Mode::Upgrade)
        throw OpenError(path + " has archive schema version " + std::to_string(v.version) + ", older than this ironlog's (" +
                        std::to_string(Archive::kSchemaVersion) + "): 'ironlog archive upgrade' brings it up to date, and says which games it "
                        "adopts unverified; nothing was written");
    return v;
}

}  // namespace

Archive::Archive(const std::string& path, Mode mode) : path_(path) {
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    std::uintmax_t size = exists ? fs::file_size(path, ec) : 0;
    if (exists && fs::is_directory(path, ec)) throw OpenError(path + " is a directory, not an archive");
    if (exists && !fs::is_regular_file(path, ec))  // a FIFO or a device would be waited on for ever
        throw OpenError(path + " is not a regular file (a FIFO, a device or a socket), not an archive: ironlog will not touch it");
    if (!exists && mode != Mode::Create && mode != Mode::Upgrade)
        throw OpenError("there is no archive at " + path + ": 'ironlog archive init' makes one (or name another with --db)");
    if (!exists && mode == Mode::Upgrade) throw OpenError("there is no archive at " + path + " to upgrade");
    int version = 0;
    if (exists && size > 0) {
        Vetted v = vet(path, mode);
        version = v.version;
        schema_problems_ = std::move(v.schema_problems);
    } else if (!exists) {
        fs::path parent = fs::path(path).parent_path();
        if (!parent.empty()) fs::create_directories(parent, ec);
    }
    upgrade_.from = upgrade_.to = version;
    const bool read_only = mode == Mode::Read && exists && size > 0 && version == kSchemaVersion;
    try {
        db_ = sqlite::Database(path, read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        db_.exec("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 15000;");
        if (!read_only) {
            db_.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
            if (version < kSchemaVersion) upgrade(version);
            // A fault to inject for tests of a full disk: the archive may grow this many pages more.
            if (const char* pages = std::getenv("IRONLOG_TEST_ROOM_PAGES")) {
                sqlite::Statement count(db_, "PRAGMA page_count");
                count.step();
                db_.exec("PRAGMA max_page_count = " + std::to_string(count.integer(0) + std::atoll(pages)));
            }
        }
    } catch (const sqlite::Error& e) {
        if (e.code() == SQLITE_FULL) throw;  // the CLI says the disk is full
        throw OpenError("cannot open the archive " + path + ": " + e.what());
    }
    st_ = std::make_shared<Statements>(db_);
    ledger_ = std::make_shared<Ledger>(db_);
}

// A batch not committed is not stored: whatever was written of it is rolled back.
Archive::~Archive() {
    if (batch_open_) abandon_batch();
}

void Archive::begin_batch() {
    // Each game's row is written first and everything else under the id it just got, in the
    // same transaction: the foreign keys hold by construction, so add does not look each
    // parent up again (a lookup per line). Deletes still cascade: the pragma is back on at commit.
    db_.exec("PRAGMA foreign_keys = OFF");
    try {
        db_.exec("BEGIN IMMEDIATE");
    } catch (...) {
        db_.exec("PRAGMA foreign_keys = ON");  // no batch: everything else keeps its checks
        throw;
    }
    batch_open_ = true;
    batch_notes_after_ = notes_from_here();
    batch_started_ = std::chrono::steady_clock::now();
}

bool Archive::batch_due() const {
    return batch_open_ && std::chrono::steady_clock::now() - batch_started_ >= kBatchTime;
}

void Archive::commit_batch() {
    index_notes_after(batch_notes_after_);
    db_.exec("COMMIT");
    batch_open_ = false;
    db_.exec("PRAGMA foreign_keys = ON");
}

// The notes written from here on get ids above every id in the table then, one after another
// (given by add, not by SQLite, which would give a note deleted in the same transaction's id
// again): a batch's notes are those above the highest id when it began.
std::int64_t Archive::notes_from_here() {
    auto& q = st_->last_note_id;
    q.step();
    const std::int64_t id = q.integer(0);
    q.reset();
    next_note_id_ = std::max(next_note_id_, id + 1);
    return id;
}

// The full-text index of the notes, brought up to date in one statement (migration 4).
void Archive::index_notes_after(std::int64_t id) { st_->index_notes.bind(1, id).run(); }

void Archive::rebuild_search_index() {
    sqlite::Transaction t(db_);
    db_.exec("INSERT INTO note_search(note_search) VALUES ('rebuild')");
    t.commit();
}

void Archive::rollback_batch() {
    batch_open_ = false;
    if (!sqlite3_get_autocommit(db_.handle())) db_.exec("ROLLBACK");
    db_.exec("PRAGMA foreign_keys = ON");
}

// After a failure: the rollback may fail in turn when SQLite has already rolled the
// transaction back itself (after SQLITE_FULL, say); then nothing is left to undo.
void Archive::abandon_batch() noexcept {
    try {
        rollback_batch();
    } catch (...) {
    }
}

int Archive::schema_version() {
    sqlite::Statement q(db_, "PRAGMA user_version");
    q.step();
    return static_cast<int>(q.integer(0));
}

void Archive::create_at_version(const std::string& path, int version) {
    sqlite::Database db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    for (int v = 0; v < version; ++v) {
        db.exec("BEGIN");
        db.exec(migrations()[static_cast<std::size_t>(v)]);
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId) + "; PRAGMA user_version = " + std::to_string(v + 1) + ";");
        db.exec("COMMIT");
    }
}

// Every migration from `from`, and what the upgrade checks and chains, in one transaction: an
// archive is at its old version or the new one, never between.
void Archive::upgrade(int from) {
    sqlite::Transaction t(db_);
    const int now = schema_version();
    if (now >= kSchemaVersion) {  // another process upgraded it meanwhile
        t.commit();
        return;
    }
    bool fresh = false;
    {  // done with before the migrations run (a statement still open on the schema would lock their DDL)
        sqlite::Statement tables(db_, "SELECT count(*) FROM sqlite_schema");
        tables.step();
        fresh = now == 0 && tables.integer(0) == 0;
    }
    for (int v = now; v < kSchemaVersion; ++v) db_.exec(migrations()[static_cast<std::size_t>(v)]);
    if (!fresh) upgrade_games(now);
    db_.exec("PRAGMA application_id = " + std::to_string(kApplicationId) + "; PRAGMA user_version = " + std::to_string(kSchemaVersion) + ";");
    t.commit();
    upgrade_.from = from;
    upgrade_.to = kSchemaVersion;
}

Archive::Snapshot::Snapshot(sqlite::Database& db) : db_(db) {
    if (sqlite3_get_autocommit(db_.handle())) {
        db_.exec("BEGIN");
        open_ = true;
    }
}

Archive::Snapshot::~Snapshot() {
    if (!open_) return;
    try {
        db_.exec("COMMIT");
    } catch (...) {
    }
}

// One snapshot: a game removed by another process meanwhile is not "missing". The full-text
// index is checked against the notes by FTS5 itself, which asks for a connection that may write
// (it writes nothing); an archive that cannot be written is noted, not failed.
Verification Archive::verify(bool full, const VerifyProgress& progress) {
    Verification v;
    {
        Snapshot snapshot(db_);
        for (const auto& p : schema_differences(db_, schema_version())) v.problems.push_back(Problem{0, "the schema: " + p + ": changed outside ironlog"});
        Verification rest = ledger_->verify(full, progress);
        v.problems.insert(v.problems.end(), rest.problems.begin(), rest.problems.end());
        v.notes = std::move(rest.notes);
        v.games = rest.games, v.entries = rest.entries, v.versions = rest.versions, v.head = rest.head;
    }
    if (!full) return v;
    try {
        sqlite::Database rw(path_, SQLITE_OPEN_READWRITE);
        rw.exec("PRAGMA busy_timeout = 15000;");
        rw.exec("INSERT INTO note_search(note_search, rank) VALUES ('integrity-check', 1)");
    } catch (const sqlite::Error& e) {
        if (e.code() == SQLITE_CORRUPT)
            v.problems.push_back(Problem{0, "the full-text index of the notes does not match the notes: changed outside ironlog"
                                            " (searches would find what is not there, or miss what is; 'archive restore --search-index' rebuilds it)"});
        else
            v.notes.push_back(Problem{0, std::string("the full-text index could not be checked: ") + e.what()});
    }
    return v;
}

bool Archive::verified(std::int64_t id) {
    auto chained = ledger_->chained(id);
    return chained && chained->content && *chained->content == ledger_->content_of(id, chained->format).hash;
}

std::optional<std::string> Archive::chain_hash(std::int64_t seq) {
    if (seq == 0) return std::string(64, '0');  // the chain before its first entry
    sqlite::Statement q(db_, "SELECT hash FROM chain WHERE seq = ?1");
    q.bind(1, seq);
    if (!q.step()) return std::nullopt;
    return q.text(0);
}

std::int64_t Archive::chain_length() {
    sqlite::Statement q(db_, "SELECT coalesce(max(seq), 0) FROM chain");
    q.step();
    return q.integer(0);
}

std::optional<std::string> Archive::content_now(std::int64_t id) {
    sqlite::Statement q(db_, "SELECT 1 FROM game WHERE id = ?1");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    auto chained = ledger_->chained(id);
    return ledger_->content_of(id, chained ? chained->format : 2).hash;
}

ManifestMatch Archive::manifest_match(std::int64_t id, const std::string& hash, std::int64_t entries, std::int64_t* since) {
    const auto now = content_now(id);
    if (!now) return ManifestMatch::Missing;
    if (*now == hash) return ManifestMatch::Same;
    // the chain gave the game this content at or before the manifest's head, and changed it after
    sqlite::Statement given(db_, "SELECT 1 FROM chain WHERE game_id = ?1 AND seq <= ?2 AND content = ?3");
    given.bind(1, id).bind(2, entries).bind(3, hash);
    if (!given.step()) return ManifestMatch::Different;
    sqlite::Statement later(db_, "SELECT min(seq) FROM chain WHERE game_id = ?1 AND seq > ?2");
    later.bind(1, id).bind(2, entries);
    if (later.step() && !later.is_null(0)) {
        if (since) *since = later.integer(0);
        return ManifestMatch::ChangedSince;
    }
    return ManifestMatch::Different;
}

std::optional<ChainedGame> Archive::chained(std::int64_t id) {
    auto c = ledger_->chained(id);
    if (!c) return std::nullopt;
    return ChainedGame{c->seq, c->action, c->record, c->history, c->content, c->meta, !c->content};
}

void Archive::vacuum() { db_.exec("VACUUM"); }

}  // namespace archive
