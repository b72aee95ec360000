// The archive's tamper evidence (schema migration 6). Every stored game has a content hash:
// the SHA-256 of its record's hash and of every row stored for it (header, sides, players,
// ships, lines, notes, findings). Every change to the games (add, replace, recheck, remove) is
// an entry of a chain whose hashes each cover the entry before, so a row edited, removed or
// inserted with any SQLite tool shows: verify recomputes everything and reports each game and
// entry that no longer matches. Anyone who can write the file can also rebuild the whole chain,
// which is why a published archive comes with a manifest (its head, kept elsewhere).
#pragma once

#include "archive/sqlite.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace archive {

// One thing verify found wrong, about a game (game_id) or the archive as a whole (0).
struct Problem {
    std::int64_t game_id = 0;
    std::string what;
};

struct Verification {
    std::vector<Problem> problems;  // each a change made outside ironlog, or damage
    std::vector<Problem> notes;     // worth knowing, not a failure
    std::int64_t games = 0, entries = 0, versions = 0;
    std::string head;  // the last entry's hash: what a manifest records
    std::map<std::int64_t, std::string> content;  // each game's content hash, recomputed
};

// A game's content hash from its two parts: its record's sha256 and the digest of its rows.
std::string content_hash(std::string_view record_sha256, std::string_view rows_digest);

class Ledger {
public:
    explicit Ledger(const sqlite::Database& db);

    // The game's content hash recomputed from what is stored now; rows_digest, when asked,
    // receives the hash of its rows alone (what game_history keeps of a replaced version).
    std::string content_of(std::int64_t id, std::string* rows_digest = nullptr);
    // The game's content hash as the chain last recorded it; nullopt when the chain has no
    // entry for it or its last entry removed it.
    std::optional<std::string> chained(std::int64_t id);
    // The same, for a game just written whose record's hash the caller has.
    std::string content_of(std::int64_t id, std::string_view record_sha256) { return content_hash(record_sha256, rows_digest(id)); }
    void append(std::string_view action, std::int64_t game_id, const std::optional<std::string>& content);

    // Everything recomputed: the chain, every game, every earlier version; with full, SQLite's
    // integrity_check of every page first.
    Verification verify(bool full);

private:
    struct Chained;
    std::string rows_digest(std::int64_t id);
    std::string record_hash(std::int64_t id);
    std::map<std::int64_t, Chained> walk_chain(Verification& v);
    void check_games(const std::map<std::int64_t, Chained>& chained, Verification& v);
    void check_history(const std::map<std::int64_t, Chained>& chained, Verification& v);

    const sqlite::Database* db_;
    std::vector<sqlite::Statement> rows_;  // one query per table, a game's rows in a fixed order
    sqlite::Statement record_hash_, last_entry_, chained_, insert_entry_;
    std::string buffer_;  // rows as they are hashed, reused
};

// Now, in UTC, ISO 8601: when an entry or a game was written.
std::string now_utc();

}  // namespace archive
