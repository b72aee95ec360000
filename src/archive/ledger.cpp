#include "archive/ledger.hpp"

#include "archive/sha256.hpp"

#include <chrono>
#include <set>

namespace archive {

namespace {

// Every column a game's hash covers, table by table, in an order that VACUUM cannot change
// (rowids of tables without an INTEGER PRIMARY KEY may be renumbered, so none is relied on).
// The record itself is covered by its own hash, game.sha256, checked against it.
const char* const kRowQueries[] = {
    "SELECT id, sha256, identity, source, source_index, first_line, event, site, date, date_sort, round, ruleset, variant, rules,"
    " options, result, imported_at, ironlog_version, checked_with, errors, warnings, notes FROM game WHERE id = ?1",
    "SELECT position, name, value, line FROM tag WHERE game_id = ?1 ORDER BY position",
    "SELECT number, name, alias, outcome FROM side WHERE game_id = ?1 ORDER BY number",
    "SELECT side_number, name FROM player WHERE game_id = ?1 ORDER BY side_number, name",
    "SELECT line, kind, alias, name, side_number FROM entity WHERE game_id = ?1 ORDER BY line, kind, name, alias, side_number",
    "SELECT line, kind, turn, phase, segment, impulse, step, actor, verb, text FROM line WHERE game_id = ?1 ORDER BY line",
    "SELECT line, kind, text FROM note WHERE game_id = ?1 ORDER BY line, kind, text",
    "SELECT position, severity, kind, rule, ruleset, section, file, line, column, message, expected, recorded, ruling_line,"
    " ruling_text FROM finding WHERE game_id = ?1 ORDER BY position",
    "SELECT tag, name, path, sha256 FROM game_file WHERE game_id = ?1 ORDER BY tag, name",
};

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

std::string entry_hash(std::string_view previous, std::int64_t seq, std::string_view action, std::int64_t game_id,
                       const std::optional<std::string>& content, std::string_view at) {
    Sha256 h;
    h.update("ironlog chain 1\n").update(previous).update("\n").update(std::to_string(seq)).update("\n").update(action).update("\n");
    h.update(std::to_string(game_id)).update("\n").update(content ? std::string_view(*content) : std::string_view("-")).update("\n").update(at);
    return h.hex();
}

std::string game_name(std::int64_t id) { return "game #" + std::to_string(id); }

}  // namespace

std::string now_utc() {
    auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string content_hash(std::string_view record_sha256, std::string_view rows_digest) {
    return Sha256().update("ironlog game 1\n").update(record_sha256).update("\n").update(rows_digest).hex();
}

Ledger::Ledger(const sqlite::Database& db)
    : db_(&db),
      record_hash_(db, "SELECT record FROM game WHERE id = ?1"),
      last_entry_(db, "SELECT seq, hash FROM chain ORDER BY seq DESC LIMIT 1"),
      chained_(db, "SELECT content FROM chain WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1"),
      insert_entry_(db, "INSERT INTO chain (seq, action, game_id, content, at, hash) VALUES (?1,?2,?3,?4,?5,?6)") {
    for (const char* q : kRowQueries) rows_.emplace_back(db, q);
}

std::string Ledger::rows_digest(std::int64_t id) {
    Sha256 h;
    std::string& rows = buffer_;
    for (auto& q : rows_) {
        q.bind(1, id);
        rows = "table;";
        while (q.step()) {
            const int columns = sqlite3_column_count(q.handle());
            for (int c = 0; c < columns; ++c) append_value(rows, q.handle(), c);
            rows += '\n';
            if (rows.size() > 60000) h.update(rows), rows.clear();
        }
        h.update(rows);
        q.reset();
    }
    return h.hex();
}

std::string Ledger::content_of(std::int64_t id, std::string* rows_digest_out) {
    const std::string record_sha = record_hash(id);
    std::string digest = rows_digest(id);
    if (rows_digest_out) *rows_digest_out = digest;
    return content_hash(record_sha, digest);
}

std::optional<std::string> Ledger::chained(std::int64_t id) {
    chained_.bind(1, id);
    std::optional<std::string> out;
    if (chained_.step()) out = chained_.optional_text(0);
    chained_.reset();
    return out;
}

void Ledger::append(std::string_view action, std::int64_t game_id, const std::optional<std::string>& content) {
    std::int64_t seq = 1;
    std::string previous = kGenesis;
    if (last_entry_.step()) {
        seq = last_entry_.integer(0) + 1;
        previous = last_entry_.text(1);
    }
    last_entry_.reset();
    const std::string at = now_utc();
    insert_entry_.bind(1, seq).bind(2, action).bind(3, game_id).bind(4, content).bind(5, at);
    insert_entry_.bind(6, entry_hash(previous, seq, action, game_id, content, at)).run();
}

// What the chain last said of each game, and everything it ever gave it.
struct Ledger::Chained {
    std::optional<std::string> content;  // nullopt: removed
    std::int64_t seq = 0;
    std::set<std::string> ever;
};

Verification Ledger::verify(bool full) {
    Verification v;
    if (full) {
        sqlite::Statement check(*db_, "PRAGMA integrity_check");
        while (check.step())
            if (check.text(0) != "ok") v.problems.push_back(Problem{0, "SQLite's integrity_check: " + check.text(0)});
    }
    const auto chained = walk_chain(v);
    check_games(chained, v);
    check_history(chained, v);
    // Two games the same but for layout, stored before ironlog knew a game by its content.
    sqlite::Statement twins(*db_, "SELECT id FROM game WHERE identity IS NULL ORDER BY id");
    while (twins.step())
        v.notes.push_back(Problem{twins.integer(0), game_name(twins.integer(0)) +
                                                        " has no identity: it is the same game as another stored before ironlog recognised a game by its content; remove one"});
    return v;
}

// The chain, entry by entry: each hash recomputed from the one stored before it, so one edited
// entry is reported once and the entries after it are still checked.
std::map<std::int64_t, Ledger::Chained> Ledger::walk_chain(Verification& v) {
    std::map<std::int64_t, Chained> games;
    std::string previous = kGenesis;
    std::int64_t expected_seq = 1;
    sqlite::Statement entries(*db_, "SELECT seq, action, game_id, content, at, hash FROM chain ORDER BY seq");
    while (entries.step()) {
        const std::int64_t seq = entries.integer(0), id = entries.integer(2);
        const std::string action = entries.text(1), at = entries.text(4), stored = entries.text(5);
        const std::optional<std::string> content = entries.optional_text(3);
        if (seq != expected_seq)
            v.problems.push_back(Problem{0, "chain entries " + std::to_string(expected_seq) + (seq - 1 > expected_seq ? " to " + std::to_string(seq - 1) : "") +
                                                " are missing: removed outside ironlog"});
        if (entry_hash(previous, seq, action, id, content, at) != stored)
            v.problems.push_back(Problem{id, "chain entry " + std::to_string(seq) + " (" + action + " " + game_name(id) +
                                                 ") does not match its hash: it, or the entry before it, was changed outside ironlog"});
        previous = stored;
        expected_seq = seq + 1;
        ++v.entries;
        Chained& g = games[id];
        g.content = action == "remove" ? std::nullopt : content;
        g.seq = seq;
        if (content) g.ever.insert(*content);
    }
    v.head = v.entries ? previous : kGenesis;
    return games;
}

// Every game as stored now against the chain's last word on it, and every game the chain holds
// against the games stored.
void Ledger::check_games(const std::map<std::int64_t, Chained>& chained, Verification& v) {
    std::map<std::int64_t, std::string> record_column;  // each game's game.sha256
    sqlite::Statement all(*db_, "SELECT id, sha256 FROM game ORDER BY id");
    while (all.step()) record_column[all.integer(0)] = all.text(1);
    for (const auto& [id, column] : record_column) {
        ++v.games;
        const std::string content = content_of(id);
        v.content[id] = content;
        auto it = chained.find(id);
        if (it == chained.end())
            v.problems.push_back(Problem{id, game_name(id) + " is in no chain entry: it was put in the archive outside ironlog"});
        else if (!it->second.content)
            v.problems.push_back(Problem{id, game_name(id) + " was removed (chain entry " + std::to_string(it->second.seq) +
                                                 ") yet is in the archive: put back outside ironlog"});
        else if (*it->second.content != content)
            v.problems.push_back(Problem{id, game_name(id) + (record_hash(id) != column ? "'s record" : "'s stored rows (header, sides, lines, notes, findings or files)") +
                                                 " no longer match what chain entry " + std::to_string(it->second.seq) + " holds: changed outside ironlog"});
    }
    for (const auto& [id, g] : chained)
        if (g.content && !v.content.count(id))
            v.problems.push_back(Problem{id, game_name(id) + " is missing (chain entry " + std::to_string(g.seq) + " holds it): deleted outside ironlog"});
}

// Earlier versions kept by replace: each must be a content the chain once gave its game.
void Ledger::check_history(const std::map<std::int64_t, Chained>& chained, Verification& v) {
    sqlite::Statement history(*db_, "SELECT game_id, version, record, rows_digest FROM game_history ORDER BY game_id, version");
    while (history.step()) {
        ++v.versions;
        const std::int64_t id = history.integer(0);
        const std::string content = content_hash(sha256_hex(history.text(2)), history.text(3));
        auto it = chained.find(id);
        if (it == chained.end() || !it->second.ever.count(content))
            v.problems.push_back(Problem{id, "version " + std::to_string(history.integer(1)) + " of " + game_name(id) +
                                                 " in the history no longer matches the chain: changed outside ironlog"});
    }
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
