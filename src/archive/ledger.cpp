#include "archive/ledger.hpp"

#include "archive/sha256.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <memory>

namespace archive {

namespace {

// Every column a game's hash covers, table by table, in an order that VACUUM cannot change
// (rowids of tables without an INTEGER PRIMARY KEY may be renumbered, so none is relied on).
// The record itself is covered by its own hash, game.sha256, checked against it. The last query
// is the game's earlier versions: format 2 hashes them apart (Content::history).
const char* const kRowQueries[] = {
    "SELECT id, sha256, identity, source, source_index, first_line, event, site, date, date_sort, round, ruleset, variant, rules,"
    " options, result, imported_at, ironlog_version, checked_with, errors, warnings, notes FROM game WHERE id = ?1",
    "SELECT position, name, value, line FROM tag WHERE game_id = ?1 ORDER BY position",
    "SELECT number, name, alias, outcome FROM side WHERE game_id = ?1 ORDER BY number",
    "SELECT side_number, name, date_sort FROM player WHERE game_id = ?1 ORDER BY side_number, name",
    "SELECT line, kind, alias, name, side_number FROM entity WHERE game_id = ?1 ORDER BY line, kind, name, alias, side_number",
    "SELECT line, kind, turn, phase, segment, impulse, step, actor, verb, text FROM line WHERE game_id = ?1 ORDER BY line",
    "SELECT line, kind, text FROM note WHERE game_id = ?1 ORDER BY line, kind, text",
    "SELECT position, severity, kind, rule, ruleset, section, file, line, column, message, expected, recorded, ruling_line,"
    " ruling_text FROM finding WHERE game_id = ?1 ORDER BY position",
    "SELECT tag, name, path, sha256 FROM game_file WHERE game_id = ?1 ORDER BY tag, name",
    "SELECT version, record, rows_digest, content, source, imported_at, replaced_at, verified, problem FROM game_history"
    " WHERE game_id = ?1 ORDER BY version",
};
constexpr std::size_t kFormat1Tables = 9;
constexpr std::size_t kPlayerTable = 3;

// The columns of table t a content hash of this format covers: format 1 (schema 6) knew no
// player.date_sort, the last column of the player queries.
int hashed_columns(sqlite3_stmt* st, std::size_t t, int format) { return sqlite3_column_count(st) - (format == 1 && t == kPlayerTable ? 1 : 0); }

// The same rows for every game at once, in game order (the game's id first, then the columns the
// per-game query gives): verify reads each table once, a game's rows as they come, instead of ten
// queries a game. The game row's own query is read by check_games itself.
const char* const kScanQueries[] = {
    nullptr,
    "SELECT game_id, position, name, value, line FROM tag ORDER BY game_id, position",
    "SELECT game_id, number, name, alias, outcome FROM side ORDER BY game_id, number",
    "SELECT game_id, side_number, name, date_sort FROM player ORDER BY game_id, side_number, name",
    "SELECT game_id, line, kind, alias, name, side_number FROM entity ORDER BY game_id, line, kind, name, alias, side_number",
    "SELECT game_id, line, kind, turn, phase, segment, impulse, step, actor, verb, text FROM line ORDER BY game_id, line",
    "SELECT game_id, line, kind, text FROM note ORDER BY game_id, line, kind, text",
    "SELECT game_id, position, severity, kind, rule, ruleset, section, file, line, column, message, expected, recorded, ruling_line,"
    " ruling_text FROM finding ORDER BY game_id, position",
    "SELECT game_id, tag, name, path, sha256 FROM game_file ORDER BY game_id, tag, name",
    "SELECT game_id, version, record, rows_digest, content, source, imported_at, replaced_at, verified, problem FROM game_history"
    " ORDER BY game_id, version",
};
const char* const kTableNames[] = {"game", "tag", "side", "player", "entity", "line", "note", "finding", "game_file", "game_history"};

// A value as a person reads it: text as it is, a blob by its size.
std::string value_text(sqlite3_stmt* st, int col) {
    switch (sqlite3_column_type(st, col)) {
        case SQLITE_NULL: return "NULL";
        case SQLITE_INTEGER: return std::to_string(sqlite3_column_int64(st, col));
        case SQLITE_BLOB: return "(" + std::to_string(sqlite3_column_bytes(st, col)) + " bytes)";
        default: {
            const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
            return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, col))) : std::string();
        }
    }
}

const std::string kGenesis(64, '0');  // what the first entry's hash covers as the one before it

// Each value with its type and length, so that no two different rows hash alike; written to a
// buffer, hashed a row at a time.
void append_value(std::string& out, sqlite3_stmt* st, int col) {
    const int type = sqlite3_column_type(st, col);
    if (type == SQLITE_NULL) {
        out += "n;";
        return;
    }
    if (type == SQLITE_INTEGER) {
        out += 'i';
        out += std::to_string(sqlite3_column_int64(st, col));
        out += ';';
        return;
    }
    const auto* p = static_cast<const char*>(sqlite3_column_blob(st, col));
    const auto n = static_cast<std::size_t>(sqlite3_column_bytes(st, col));
    out += type == SQLITE_BLOB ? 'b' : type == SQLITE_FLOAT ? 'f' : 't';
    out += std::to_string(n);
    out += ':';
    if (p) out.append(p, n);
    out += ';';
}

// An entry as the chain stores it.
struct Entry {
    std::int64_t seq = 0, game_id = 0;
    int format = 1;
    std::string action, at, hash;
    std::optional<std::string> content, record, rows, history, source, imported_at, ironlog_version, detail;
    std::optional<std::int64_t> source_index, first_line;
};

constexpr const char* kEntryColumns =
    "seq, action, game_id, content, at, hash, format, record, rows, source, source_index, first_line, imported_at, ironlog_version, detail,"
    " history";

Entry read_entry(const sqlite::Statement& q) {
    Entry e;
    e.seq = q.integer(0), e.action = q.text(1), e.game_id = q.integer(2), e.content = q.optional_text(3);
    e.at = q.text(4), e.hash = q.text(5), e.format = static_cast<int>(q.integer(6));
    e.record = q.optional_text(7), e.rows = q.optional_text(8), e.source = q.optional_text(9);
    if (!q.is_null(10)) e.source_index = q.integer(10);
    if (!q.is_null(11)) e.first_line = q.integer(11);
    e.imported_at = q.optional_text(12), e.ironlog_version = q.optional_text(13), e.detail = q.optional_text(14);
    e.history = q.optional_text(15);
    return e;
}

// The hash of an entry, from the one before it. Format 1 (schema 6) covered the action, the game
// and its content; format 2 covers every field, free text with its length.
std::string entry_hash(std::string_view previous, const Entry& e) {
    Sha256 h;
    auto field = [&](const std::optional<std::string>& v) {
        if (v) h.update(std::to_string(v->size())).update(":").update(*v);
        else h.update("-");
        h.update("\n");
    };
    auto number = [&](const std::optional<std::int64_t>& v) { h.update(v ? std::to_string(*v) : std::string("-")).update("\n"); };
    if (e.format == 1) {
        h.update("ironlog chain 1\n").update(previous).update("\n").update(std::to_string(e.seq)).update("\n").update(e.action).update("\n");
        h.update(std::to_string(e.game_id)).update("\n").update(e.content ? std::string_view(*e.content) : std::string_view("-")).update("\n");
        return h.update(e.at).hex();
    }
    h.update("ironlog chain 2\n").update(previous).update("\n");
    number(e.seq);
    field(e.action);
    number(e.game_id);
    for (const auto* v : {&e.content, &e.record, &e.rows, &e.history, &e.source}) field(*v);
    number(e.source_index);
    number(e.first_line);
    for (const auto* v : {&e.imported_at, &e.ironlog_version, &e.detail}) field(*v);
    return h.update(e.at).hex();
}

std::string game_name(std::int64_t id) { return "game #" + std::to_string(id); }

// The game row as verify reads it: the columns the per-game query hashes, then the record.
const char* const kGameScan =
    "SELECT id, sha256, identity, source, source_index, first_line, event, site, date, date_sort, round, ruleset, variant, rules,"
    " options, result, imported_at, ironlog_version, checked_with, errors, warnings, notes,"
    " (SELECT record FROM game_record WHERE game_id = game.id) FROM game ORDER BY id";
constexpr int kGameHashedColumns = 22;

// Each table read once, in game order, for verify: a game's rows digested as they come, as the
// per-game queries give them (Ledger::rows_digest); rows of a game that is not stored are
// passed over, and counted by table and game.
class AllRows {
public:
    explicit AllRows(const sqlite::Database& db) {
        scans_.resize(std::size(kScanQueries));
        live_.resize(scans_.size());
        for (std::size_t t = 1; t < scans_.size(); ++t) {
            scans_[t] = sqlite::Statement(db, kScanQueries[t]);
            live_[t] = scans_[t].step();
        }
    }
    // Tables first .. end-1 of game id into h (the game row, table 0, is the caller's).
    void digest(std::int64_t id, std::size_t first, std::size_t end, Sha256& h, std::string& rows, int format = 2) {
        for (std::size_t t = first; t < end; ++t) {
            auto& q = scans_[t];
            rows = "table;";
            pass_over(t, id);
            while (live_[t] && q.integer(0) == id) {
                const int columns = hashed_columns(q.handle(), t, format);
                for (int c = 1; c < columns; ++c) append_value(rows, q.handle(), c);
                rows += '\n';
                if (rows.size() > 60000) h.update(rows), rows.clear();
                live_[t] = q.step();
            }
            h.update(rows);
        }
    }
    // The rows left of games not stored: "game #N: 3 rows in finding".
    std::vector<Problem> left_over() {
        for (std::size_t t = 1; t < scans_.size(); ++t) pass_over(t, std::numeric_limits<std::int64_t>::max());
        std::vector<Problem> out;
        for (const auto& [key, n] : orphans_)
            out.push_back(Problem{key.first, std::to_string(n) + " rows of " + kTableNames[key.second] + " belong to " + game_name(key.first) +
                                                 ", which is not in the archive: put in or left outside ironlog"});
        return out;
    }

private:
    void pass_over(std::size_t t, std::int64_t below) {
        for (auto& q = scans_[t]; live_[t] && q.integer(0) < below; live_[t] = q.step()) ++orphans_[{q.integer(0), t}];
    }
    std::vector<sqlite::Statement> scans_;
    std::vector<bool> live_;
    std::map<std::pair<std::int64_t, std::size_t>, std::int64_t> orphans_;
};

// One game, its row at `games`, against its chain's last entry.
std::optional<Problem> judge_game(const sqlite::Statement& games, AllRows& rows, const Entry& chained, std::string& text) {
    const std::int64_t id = games.integer(0);
    Sha256 row_hash, history_hash;
    text = "table;";
    for (int c = 0; c < kGameHashedColumns; ++c) append_value(text, games.handle(), c);
    text += '\n';
    row_hash.update(text);
    rows.digest(id, 1, kFormat1Tables, row_hash, text, chained.format);
    rows.digest(id, kFormat1Tables, kFormat1Tables + 1, history_hash, text);
    if (chained.action == "remove")
        return Problem{id, game_name(id) + " was removed (chain entry " + std::to_string(chained.seq) + ") yet is in the archive: put back outside ironlog"};
    const auto* p = static_cast<const char*>(sqlite3_column_blob(games.handle(), kGameHashedColumns));
    const std::string record = sha256_hex(std::string_view(p ? p : "", static_cast<std::size_t>(sqlite3_column_bytes(games.handle(), kGameHashedColumns))));
    const std::string digest = row_hash.hex(), history = chained.format == 1 ? "" : history_hash.hex();
    if (chained.content && content_hash(record, digest, chained.format, history) == *chained.content) return std::nullopt;
    std::string what = "'s stored rows (header, sides, lines, notes, findings or files)";
    if (chained.record ? record != *chained.record : record != games.text(1)) what = "'s record";
    else if (chained.history && history != *chained.history) what = "'s earlier versions";
    return Problem{id, game_name(id) + what + " no longer match what chain entry " + std::to_string(chained.seq) + " holds: changed outside ironlog"};
}

}  // namespace

std::string now_utc() {
    auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string content_hash(std::string_view record_sha256, std::string_view rows_digest, int format, std::string_view history) {
    if (format == 1) return Sha256().update("ironlog game 1\n").update(record_sha256).update("\n").update(rows_digest).hex();
    return Sha256().update("ironlog game 2\n").update(record_sha256).update("\n").update(rows_digest).update("\n").update(history).hex();
}

Ledger::Ledger(const sqlite::Database& db)
    : db_(&db),
      record_hash_(db, "SELECT record FROM game_record WHERE game_id = ?1"),
      last_entry_(db, "SELECT seq, hash FROM chain ORDER BY seq DESC LIMIT 1"),
      chained_(db, std::string("SELECT ") + kEntryColumns + " FROM chain WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1"),
      insert_entry_(db, std::string("INSERT INTO chain (") + kEntryColumns + ") VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16)"),
      meta_(db, "SELECT source, source_index, first_line, imported_at, ironlog_version FROM game WHERE id = ?1"),
      highest_(db, "SELECT max(coalesce((SELECT max(game_id) FROM chain), 0), coalesce((SELECT max(id) FROM game_id_high), 0))") {
    for (const char* q : kRowQueries) rows_.emplace_back(db, q);
}

std::string Ledger::rows_digest(std::int64_t id, std::size_t first_table, std::size_t tables, int format) {
    Sha256 h;
    std::string& rows = buffer_;
    for (std::size_t t = first_table; t < first_table + tables; ++t) {
        auto& q = rows_[t];
        q.bind(1, id);
        rows = "table;";
        while (q.step()) {
            const int columns = hashed_columns(q.handle(), t, format);
            for (int c = 0; c < columns; ++c) append_value(rows, q.handle(), c);
            rows += '\n';
            if (rows.size() > 60000) h.update(rows), rows.clear();
        }
        h.update(rows);
        q.reset();
    }
    return h.hex();
}

std::vector<std::string> Ledger::rows_as_text(std::int64_t id) {
    std::vector<std::string> out;
    for (std::size_t t = 0; t < rows_.size(); ++t) {
        auto& q = rows_[t];
        q.bind(1, id);
        while (q.step()) {
            std::string row = std::string(kTableNames[t]) + ":";
            const int columns = sqlite3_column_count(q.handle());
            for (int c = 0; c < columns; ++c) row += (c ? " | " : " ") + value_text(q.handle(), c);
            out.push_back(std::move(row));
        }
        q.reset();
    }
    return out;
}

Content Ledger::content_of(std::int64_t id, int format) {
    Content c;
    c.record = record_hash(id);
    c.rows = rows_digest(id, 0, kFormat1Tables, format);
    if (format != 1) c.history = rows_digest(id, kFormat1Tables, 1, format);
    c.hash = content_hash(c.record, c.rows, format, c.history);
    return c;
}

GameMeta Ledger::meta_of(std::int64_t id) {
    GameMeta m;
    meta_.bind(1, id);
    if (meta_.step()) {
        m.source = meta_.optional_text(0);
        if (!meta_.is_null(1)) m.source_index = meta_.integer(1);
        m.first_line = meta_.integer(2);
        m.imported_at = meta_.text(3);
        m.ironlog_version = meta_.text(4);
    }
    meta_.reset();
    return m;
}

std::optional<Chained> Ledger::chained(std::int64_t id) {
    chained_.bind(1, id);
    std::optional<Chained> out;
    if (chained_.step()) {
        const Entry e = read_entry(chained_);
        Chained c{e.seq, e.action, e.format, e.action == "remove" ? std::nullopt : e.content, e.record, e.history, std::nullopt};
        if (e.format == 2 && e.imported_at && e.ironlog_version)
            c.meta = GameMeta{e.source, e.source_index, e.first_line.value_or(1), *e.imported_at, *e.ironlog_version};
        out = std::move(c);
    }
    chained_.reset();
    return out;
}

void Ledger::append(std::string_view action, std::int64_t game_id, const std::optional<Content>& content, const std::optional<GameMeta>& meta,
                    const std::optional<std::string>& detail) {
    Entry e;
    e.seq = 1;
    std::string previous = kGenesis;
    if (last_entry_.step()) {
        e.seq = last_entry_.integer(0) + 1;
        previous = last_entry_.text(1);
    }
    last_entry_.reset();
    e.format = 2;
    e.action = std::string(action);
    e.game_id = game_id;
    e.at = now_utc();
    if (content) e.content = content->hash, e.record = content->record, e.rows = content->rows, e.history = content->history;
    if (meta) {
        e.source = meta->source, e.source_index = meta->source_index, e.first_line = meta->first_line;
        e.imported_at = meta->imported_at, e.ironlog_version = meta->ironlog_version;
    }
    e.detail = detail;
    auto& q = insert_entry_;
    q.bind(1, e.seq).bind(2, e.action).bind(3, e.game_id).bind(4, e.content).bind(5, e.at).bind(6, entry_hash(previous, e)).bind(7, e.format);
    q.bind(8, e.record).bind(9, e.rows).bind(10, e.source).bind(11, e.source_index).bind(12, e.first_line).bind(13, e.imported_at);
    q.bind(14, e.ironlog_version).bind(15, e.detail).bind(16, e.history).run();
}

std::int64_t Ledger::highest_id_given() {
    highest_.step();
    const std::int64_t id = highest_.integer(0);
    highest_.reset();
    return id;
}

Verification Ledger::verify(bool full, const VerifyProgress& progress) {
    Verification v;
    if (full) check_pages(v, progress);
    walk_chain(v);
    const std::vector<Problem> rows_left = check_games(v, progress);
    check_missing_and_orphans(v);
    // the rows a game deleted outside ironlog left (with the foreign keys off) are that one change
    for (const auto& p : rows_left)
        if (std::none_of(v.problems.begin(), v.problems.end(), [&](const Problem& q) { return q.game_id == p.game_id; })) v.problems.push_back(p);
    check_id_high(v);
    // Two games the same but for layout, stored before ironlog knew a game by its content.
    sqlite::Statement twins(*db_, "SELECT id FROM game WHERE identity IS NULL ORDER BY id");
    while (twins.step())
        v.notes.push_back(Problem{twins.integer(0), game_name(twins.integer(0)) +
                                                        " has no identity: it is the same game as another stored before ironlog recognised a game by its content; remove one"});
    return v;
}

// SQLite's own check of every page. It gives no count of its own, and takes most of verify's time
// on a large archive (at 1,000,000 games, 26 GB, longer than all the rest): while it runs, the
// seconds it has taken are reported every second, from SQLite's progress handler.
void Ledger::check_pages(Verification& v, const VerifyProgress& progress) {
    struct Clock {
        const VerifyProgress& progress;
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        std::int64_t shown = -1;
    } clock{progress};
    // the handler is taken off however the check ends (an error throws): it points at `clock`
    struct Handler {
        sqlite3* db;
        ~Handler() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
    } handler{db_->handle()};
    if (progress) {
        progress(VerifyStage::Pages, 0, 0);
        sqlite3_progress_handler(handler.db, 100000, [](void* p) {
            auto& c = *static_cast<Clock*>(p);
            const auto s = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - c.start).count();
            if (s != c.shown) c.progress(VerifyStage::Pages, s, 0), c.shown = s;
            return 0;  // go on
        }, &clock);
    }
    sqlite::Statement check(*db_, "PRAGMA integrity_check");
    while (check.step())
        if (check.text(0) != "ok") v.problems.push_back(Problem{0, "SQLite's integrity_check: " + check.text(0)});
}

// The chain, entry by entry, as it is read: each hash recomputed from the one stored before it,
// so one edited entry is reported once and the entries after it are still checked.
void Ledger::walk_chain(Verification& v) {
    std::string previous = kGenesis;
    std::int64_t expected_seq = 1;
    sqlite::Statement entries(*db_, std::string("SELECT ") + kEntryColumns + " FROM chain ORDER BY seq");
    while (entries.step()) {
        const Entry e = read_entry(entries);
        if (e.seq != expected_seq)
            v.problems.push_back(Problem{0, "chain entries " + std::to_string(expected_seq) +
                                                (e.seq - 1 > expected_seq ? " to " + std::to_string(e.seq - 1) : "") + " are missing: removed outside ironlog"});
        if ((e.format != 1 && e.format != 2) || entry_hash(previous, e) != e.hash)
            v.problems.push_back(Problem{e.game_id, "chain entry " + std::to_string(e.seq) + " (" + e.action + " " + game_name(e.game_id) +
                                                        ") does not match its hash: it, or the entry before it, was changed outside ironlog"});
        previous = e.hash;
        expected_seq = e.seq + 1;
        ++v.entries;
    }
    v.head = v.entries ? previous : kGenesis;
}

// Every game as stored now against the chain's last word on it: the games, their rows and each
// game's last chain entry read side by side in game order, each table once.
std::vector<Problem> Ledger::check_games(Verification& v, const VerifyProgress& progress) {
    sqlite::Statement count(*db_, "SELECT count(*) FROM game");
    count.step();
    const std::int64_t total = count.integer(0);
    std::string entry_columns;
    for (std::string_view c : {"seq", "action", "game_id", "content", "at", "hash", "format", "record", "rows", "source", "source_index",
                               "first_line", "imported_at", "ironlog_version", "detail", "history"})
        entry_columns += std::string(entry_columns.empty() ? "" : ", ") + "c." + std::string(c);
    sqlite::Statement last(*db_, "SELECT " + entry_columns + " FROM (SELECT game_id AS g, max(seq) AS m FROM chain GROUP BY game_id) l"
                                 " JOIN chain c ON c.seq = l.m ORDER BY l.g");
    sqlite::Statement games(*db_, kGameScan);
    AllRows rows(*db_);
    bool chain_live = last.step();
    while (games.step()) {
        const std::int64_t id = games.integer(0);
        if (++v.games % 1000 == 0 && progress) progress(VerifyStage::Games, v.games, total);
        while (chain_live && last.integer(2) < id) chain_live = last.step();
        if (!chain_live || last.integer(2) != id) {
            Sha256 ignored;
            rows.digest(id, 1, std::size(kScanQueries), ignored, buffer_);  // its rows passed over
            v.problems.push_back(Problem{id, game_name(id) + " is in no chain entry: it was put in the archive outside ironlog"});
            continue;
        }
        if (auto problem = judge_game(games, rows, read_entry(last), buffer_)) v.problems.push_back(std::move(*problem));
    }
    if (progress) progress(VerifyStage::Games, v.games, total);
    std::vector<Problem> left = rows.left_over();
    sqlite::Statement records(*db_, "SELECT r.game_id FROM game_record r WHERE NOT EXISTS (SELECT 1 FROM game g WHERE g.id = r.game_id)");
    while (records.step())
        left.push_back(Problem{records.integer(0), "the record of " + game_name(records.integer(0)) + " is kept, but the game is not in the archive: "
                                                                                                     "put in or left outside ironlog"});
    return left;
}

// Games the chain holds that are not stored, and earlier versions of games that are not.
void Ledger::check_missing_and_orphans(Verification& v) {
    sqlite::Statement missing(*db_,
                              "SELECT l.game_id, l.seq FROM (SELECT game_id, max(seq) AS seq FROM chain GROUP BY game_id) l"
                              " JOIN chain c ON c.seq = l.seq WHERE c.action <> 'remove' AND NOT EXISTS (SELECT 1 FROM game g WHERE g.id = l.game_id)"
                              " ORDER BY l.game_id");
    while (missing.step())
        v.problems.push_back(Problem{missing.integer(0), game_name(missing.integer(0)) + " is missing (chain entry " + std::to_string(missing.integer(1)) +
                                                             " holds it): deleted outside ironlog"});
    sqlite::Statement versions(*db_, "SELECT count(*) FROM game_history");
    versions.step();
    v.versions = versions.integer(0);
    sqlite::Statement orphans(*db_,
                              "SELECT h.game_id, count(*) FROM game_history h WHERE NOT EXISTS (SELECT 1 FROM game g WHERE g.id = h.game_id)"
                              " GROUP BY h.game_id ORDER BY h.game_id");
    while (orphans.step())
        v.problems.push_back(Problem{orphans.integer(0), std::to_string(orphans.integer(1)) + " earlier versions of " + game_name(orphans.integer(0)) +
                                                             " are kept, but the game is not in the archive: put in or left outside ironlog"});
}

// game_id_high holds the highest id ever given, one row; the chain has given every id it names.
void Ledger::check_id_high(Verification& v) {
    sqlite::Statement q(*db_, "SELECT (SELECT count(*) FROM game_id_high), (SELECT max(id) FROM game_id_high), (SELECT coalesce(max(game_id), 0) FROM chain)");
    q.step();
    const std::int64_t rows = q.integer(0), chain = q.integer(2);
    if (rows != 1 || q.is_null(1) || q.integer(1) < chain)
        v.problems.push_back(Problem{0, "game_id_high, the highest game number given, was changed outside ironlog (" +
                                            (rows != 1 ? std::to_string(rows) + " rows, not 1" : "it says " + std::to_string(q.integer(1))) +
                                            "; the chain has given numbers up to " + std::to_string(chain) +
                                            "): new games still get numbers above the chain's, never one given before"});
}

// The sha256 of a stored game's record, recomputed.
std::string Ledger::record_hash(std::int64_t id) {
    record_hash_.bind(1, id);
    std::string sha;
    if (record_hash_.step()) {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(record_hash_.handle(), 0));
        sha = sha256_hex(std::string_view(p ? p : "", static_cast<std::size_t>(sqlite3_column_bytes(record_hash_.handle(), 0))));
    }
    record_hash_.reset();
    return sha;
}

}  // namespace archive
