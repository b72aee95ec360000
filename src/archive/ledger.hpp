// The archive's tamper evidence. Every stored game has a content hash: the SHA-256 of its
// record's hash and of the digest of every row stored for it (header, sides, players, ships,
// lines, notes, findings, the files it named, and its earlier versions). Every change to the
// games (add, replace, recheck, restore, remove, upgrade) is an entry of a chain whose hashes
// each cover the entry before, so a row edited, removed or inserted with any SQLite tool shows:
// verify recomputes everything and reports each game and entry that no longer matches. An entry
// of format 2 (schema 7) also holds the parts of the game's hash and what of the game cannot be
// read again from its record, so that a game's rows can be rebuilt from its record and the chain
// alone (restore). Anyone who can write the file can also rebuild the whole chain, which is why a
// published archive comes with a manifest (its head, kept elsewhere, perhaps signed).
#pragma once

#include "archive/sqlite.hpp"

#include <cstdint>
#include <functional>
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
};

// verify's progress: games done of all.
// How far verify is: SQLite's check of every page first (`pages`: no count is known, so `done`
// is the seconds it has taken so far and `total` 0), then the games (`games`: done of total).
enum class VerifyStage { Pages, Games };
using VerifyProgress = std::function<void(VerifyStage stage, std::int64_t done, std::int64_t total)>;

// What of a game cannot be read again from its record: where it came from, when, by which ironlog.
struct GameMeta {
    std::optional<std::string> source;
    std::optional<std::int64_t> source_index;
    std::int64_t first_line = 1;
    std::string imported_at, ironlog_version;
};

// A game's content hash and the parts it is made of.
struct Content {
    std::string hash;     // content_hash(record, rows, history)
    std::string record;   // sha256 of the record's text
    std::string rows;     // digest of its rows
    std::string history;  // digest of its earlier versions (format 2; empty in format 1)
};

// The chain's last entry for a game.
struct Chained {
    std::int64_t seq = 0;
    std::string action;
    int format = 1;
    std::optional<std::string> content;  // nullopt: removed
    std::optional<std::string> record;   // format 2: the record's sha256
    std::optional<std::string> history;  // format 2: the digest of its earlier versions
    std::optional<GameMeta> meta;        // format 2
};

// A game's content hash from its parts. Format 1 (schema 6) hashed its record and rows; format 2
// its earlier versions too.
std::string content_hash(std::string_view record_sha256, std::string_view rows_digest, int format = 2, std::string_view history = "");

class Ledger {
public:
    explicit Ledger(const sqlite::Database& db);

    // The game's content hash recomputed from what is stored now, in the given format.
    Content content_of(std::int64_t id, int format = 2);
    // The game's row values that are not read from its record (what a format-2 entry keeps).
    GameMeta meta_of(std::int64_t id);
    std::optional<Chained> chained(std::int64_t id);
    // Appends an entry of format 2: the game's content (none for a removal), what of it cannot be
    // rebuilt from its record, and what the action found or kept.
    void append(std::string_view action, std::int64_t game_id, const std::optional<Content>& content,
                const std::optional<GameMeta>& meta = std::nullopt, const std::optional<std::string>& detail = std::nullopt);
    // The game's rows as a person reads them, one line a row ("side: 2 | Italy | NULL | win"): what
    // restore compares before and after it rebuilds a game.
    std::vector<std::string> rows_as_text(std::int64_t id);
    // The highest game id the archive ever gave, by the chain and by game_id_high: the next id is
    // above both, so that neither alone, edited, can make an id be given twice.
    std::int64_t highest_id_given();

    // Everything recomputed (call inside a read transaction: one snapshot): the chain, every game,
    // every earlier version, game_id_high; with full, SQLite's integrity_check of every page and
    // FTS5's own check of the full-text index against the notes.
    Verification verify(bool full, const VerifyProgress& progress = nullptr);

private:
    std::string rows_digest(std::int64_t id, std::size_t first_table, std::size_t tables, int format);
    std::string record_hash(std::int64_t id);
    void walk_chain(Verification& v);
    void check_pages(Verification& v, const VerifyProgress& progress);
    std::vector<Problem> check_games(Verification& v, const VerifyProgress& progress);  // returns the rows of no stored game
    void check_missing_and_orphans(Verification& v);
    void check_id_high(Verification& v);

    const sqlite::Database* db_;
    std::vector<sqlite::Statement> rows_;  // one query per table, a game's rows in a fixed order
    sqlite::Statement record_hash_, last_entry_, chained_, insert_entry_, meta_, highest_;
    std::string buffer_;  // rows as they are hashed, reused
};

// Now, in UTC, ISO 8601: when an entry or a game was written.
std::string now_utc();

}  // namespace archive
