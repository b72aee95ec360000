// The game archive: one SQLite file holding every game's record byte for byte, its header,
// sides, players, ships, lines and notes, and its findings, to be searched later. It stores
// what the notation and checking layers produce; it checks nothing itself.
#pragma once

#include "archive/ledger.hpp"
#include "archive/sqlite.hpp"
#include "check/report.hpp"
#include "notation/record.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace archive {

// An archive that cannot be opened as asked: missing, not an ironlog archive, damaged, or of
// a newer schema. Its message says which and what to do; nothing was written.
class OpenError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Where the archive is when no --db is given: $IRONLOG_DB, else
// $XDG_DATA_HOME/ironlog/archive.db, else ~/.local/share/ironlog/archive.db.
std::string default_path();

enum class Mode {
    Read,     // the archive must exist, at this ironlog's schema
    Write,    // the same, for commands that change it
    Create,   // made when missing
    Upgrade,  // an archive of an older schema is brought up to date (archive upgrade)
};

// A game that cannot be stored (a constraint of the archive it breaks): refused alone, with the
// reason; the batch it was in goes on.
class RecordRefused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What `archive upgrade` did: the schema versions, and the games it could not verify and so
// adopted as they stood, each with why.
struct UpgradeReport {
    int from = 0, to = 0;
    std::int64_t games = 0;
    std::vector<Problem> adopted_unverified;
    std::vector<Problem> notes;
};

struct GameSummary {
    std::int64_t id = 0;
    std::string event, round, date, ruleset, result, source;
    struct Side {
        int number = 0;
        std::string name, alias, outcome;
        std::vector<std::string> players;
    };
    std::vector<Side> sides;
    int errors = 0, warnings = 0, notes = 0;
    std::string imported_at, checked_with;
};

struct StoredFinding {
    std::string severity, kind, message;
    std::optional<std::string> rule, file, expected, recorded, ruling_text;
    std::uint32_t line = 0, column = 0;
    std::optional<std::int64_t> ruling_line;
};

struct StoredGame {
    GameSummary summary;
    std::string record;            // exactly as it was read
    std::uint32_t first_line = 1;  // where the record began in its file
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<StoredFinding> findings;
};

// A file a game's record names ([Tables], [Map], [Library]) as it was when the game was stored:
// where it was found, and the sha256 of its content ("" when it was not found).
struct UsedFile {
    std::string tag, name, path, sha256;
};

// An earlier version of a game, kept when a corrected record replaced it.
struct GameVersion {
    int version = 0;
    std::string record, source, imported_at, replaced_at;
    bool verified = true;  // false: it had been changed outside ironlog, and was kept as found
    std::string problem;
};

// A game's chained state: what restore rebuilds it from.
struct ChainedGame {
    std::int64_t seq = 0;
    std::string action;
    std::optional<std::string> record_sha256;  // none before schema 7's first entry for the game
    std::optional<std::string> history;        // the digest of its earlier versions, then
    std::optional<std::string> content;        // its content hash, then (none: removed)
    std::optional<GameMeta> meta;
    bool removed = false;
};

// A game of a manifest against the archive: as the manifest lists it, or not.
enum class ManifestMatch {
    Same,          // its content now is the one listed
    ChangedSince,  // ironlog changed it after the manifest's head (a later entry): listed content was its own
    Different,     // the chain never gave it the listed content up to the head
    Missing,       // not in the archive
};

struct Filter {
    std::optional<std::string> event, round, player, side, ruleset, from, to, result, has_kind;
};

struct Standing {
    std::string player;
    int games = 0, wins = 0, losses = 0, draws = 0;
};

struct SearchHit {
    std::int64_t game_id = 0;
    std::uint32_t line = 0;
    std::string kind, text, event;
};

class Archive {
public:
    static constexpr int kSchemaVersion = 7;

    Archive(const std::string& path, Mode mode);
    ~Archive();
    Archive(const Archive&) = delete;
    Archive& operator=(const Archive&) = delete;
    const std::string& path() const { return path_; }
    int schema_version();
    // What `archive upgrade` did (Mode::Upgrade); from == to when there was nothing to do.
    const UpgradeReport& upgrade_report() const { return upgrade_; }
    // How the schema differs from the one ironlog made (read commands go on, and warn).
    const std::vector<std::string>& schema_problems() const { return schema_problems_; }

    enum class Added {
        New,        // stored under a new id
        Duplicate,  // the same game (ngn::identity_text) is stored already, as id
        Replaced,   // replace: stored in place of game id, the old version kept in its history
        Unchanged,  // replace: the record is byte for byte the one stored, and verifies
        Missing,    // replace: there is no game id
        Completed,  // add: the same place of the same file held a shorter record (cut short), kept as a version
        Rebuilt,    // replace: the same record as stored, whose rows were damaged: rebuilt from it
    };
    struct AddResult {
        Added status = Added::New;
        std::int64_t id = 0;
        int version = 0;  // Replaced, Completed: the version the record replaced is kept as
    };
    // Stores one game with its findings; `record` is the game's text exactly as read, and the
    // same game (its tags and lines of play, whatever the layout, comments and notes) is
    // stored once. Outside a batch the game is its own transaction; inside one it
    // is stored when the batch is committed. A game that breaks a constraint of the archive is
    // not stored, and nothing of it: RecordRefused, and the batch goes on. Any other failure
    // (a full disk) rolls the whole batch back before it throws.
    AddResult add(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report, const std::string& source,
                  std::size_t source_index, const std::vector<UsedFile>& files = {});
    // Games written together, in one transaction: a bulk add commits about once a second
    // (batch_due) instead of once per game, which would rewrite the last page of every table
    // and index for each game. A batch not committed (the process killed, an error, the archive
    // closed) is not stored at all.
    void begin_batch();
    bool in_batch() const { return batch_open_; }
    bool batch_due() const;  // open for kBatchTime or longer
    void commit_batch();
    void rollback_batch();
    static constexpr std::chrono::milliseconds kBatchTime{1000};

    // Stores a corrected record in place of game id, under the same id, in one transaction; the
    // version it replaces is kept (history), marked as found when it had been changed outside
    // ironlog. Refused as a Duplicate when the record is another stored game. The same record as
    // stored, over damaged rows, rebuilds them (Rebuilt); a game deleted outside ironlog that the
    // chain still holds is stored again under its number.
    AddResult replace(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                      const std::string& source, std::size_t source_index, const std::vector<UsedFile>& files = {});
    std::vector<GameVersion> history(std::int64_t id);
    std::vector<UsedFile> files(std::int64_t id);

    // What the chain last holds of a game (none: the chain never held it).
    std::optional<ChainedGame> chained(std::int64_t id);
    // Rebuilds game id's rows from its record (the caller parsed and checked it, and found its
    // sha256 the chained one) with the chained meta: restore, and a recheck of a game that fails
    // verification. The chain's entry records the action and what was found different. False when
    // the record is not the chained one.
    enum class Rebuild {
        Done,
        NotChained,       // the chain holds no record hash of the game (or removed it)
        OtherRecord,      // the record is not the one the chain holds
        HistoryChanged,   // its earlier versions are not those the chain holds (as_found keeps them, marked)
    };
    Rebuild rebuild(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                    const std::vector<UsedFile>& files, const std::string& action, bool history_as_found = false,
                    std::string* differences = nullptr);
    // Rebuilds the full-text index of the notes from the notes (FTS5's own rebuild).
    void rebuild_search_index();

    // Tamper evidence (ledger.hpp): everything recomputed in one snapshot, and whether one game
    // is as the chain last recorded it. A game's stored content hash, as verify computes it.
    Verification verify(bool full, const VerifyProgress& progress = nullptr);
    bool verified(std::int64_t id);
    std::optional<std::string> chain_hash(std::int64_t seq);  // the hash of chain entry seq
    std::optional<std::string> content_now(std::int64_t id);  // none: no such game
    // A game of a manifest whose head is chain entry `entries`, listed with this content hash.
    ManifestMatch manifest_match(std::int64_t id, const std::string& hash, std::int64_t entries, std::int64_t* since = nullptr);
    std::int64_t chain_length();
    // Reads in one snapshot until the returned object goes (a read transaction).
    class Snapshot {
    public:
        explicit Snapshot(sqlite::Database& db);
        ~Snapshot();
        Snapshot(const Snapshot&) = delete;
        Snapshot& operator=(const Snapshot&) = delete;

    private:
        sqlite::Database& db_;
        bool open_ = false;
    };

    // Replaces a stored game's findings (after an upgrade of ironlog); false if there is no such game.
    // The files the findings were made with are stored with them (UsedFile).
    bool replace_findings(std::int64_t id, const ironlog::GameReport& report, const std::vector<UsedFile>& files = {});

    // The games the filter selects, by date, each handed on as it is read (memory holds one).
    void list(const Filter& filter, const std::function<void(const GameSummary&)>& each);
    std::vector<GameSummary> list(const Filter& filter);
    std::optional<StoredGame> get(std::int64_t id);
    std::vector<std::int64_t> ids();
    void for_each_id(const std::function<void(std::int64_t)>& each);
    bool remove(std::int64_t id);
    void vacuum();

    std::vector<Standing> standings(const std::string& event);
    // The rules the errors and warnings of an event's games cite, most cited first ("" for those
    // citing none), each with its count; through the event's index, then each game's findings.
    std::vector<std::pair<std::string, int>> rules_broken_in(const std::string& event);
    // Events named as this one but for case, or holding it, at most `limit` (an unknown event's
    // message suggests them); reads every event's name.
    std::vector<std::string> events_like(const std::string& event, int limit = 5);
    std::vector<std::pair<std::string, int>> games_per_ruleset();
    std::vector<std::pair<std::string, int>> most_cited_rules(int limit);
    // Notes, comments and rulings holding every word of the query, newest games first, at most
    // limit of them (0: all); total counts them all.
    struct SearchResult {
        std::vector<SearchHit> hits;
        std::int64_t total = 0;
    };
    SearchResult search(const std::string& query, int limit = 200);

    sqlite::Database& database() { return db_; }
    // For tests of the migrations: a new archive at the given schema version.
    static void create_at_version(const std::string& path, int version);

private:
    void upgrade(int from);
    void upgrade_games(int from);
    void recompute_identities();
    std::int64_t write_game(const ngn::Game& game, std::string_view record, const std::string& identity, const ironlog::GameReport& report,
                            const GameMeta& meta, std::optional<std::int64_t> as_id, const std::vector<UsedFile>& files);
    AddResult add_in_savepoint(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report, const GameMeta& meta,
                               const std::vector<UsedFile>& files);
    std::string rewrite_rows(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                             const GameMeta& meta, const std::vector<UsedFile>& files);
    std::optional<std::pair<std::int64_t, std::string>> shorter_record_from(const GameMeta& meta, std::string_view record);
    int keep_version(std::int64_t id, bool as_found, const std::string& problem);
    std::string mark_history_as_found(std::int64_t id);
    std::optional<std::int64_t> stored_as(const std::string& identity);
    void delete_rows(std::int64_t id);
    void write_rows(std::int64_t id, const ngn::Game& game, std::string_view record, const std::optional<std::string>& date_sort);
    void write_lines(std::int64_t id, const ngn::Game& game, std::string_view record, const std::map<std::string, int>& side_numbers);
    void write_findings(std::int64_t id, const ironlog::GameReport& report);
    void write_files(std::int64_t id, const std::vector<UsedFile>& files);
    std::int64_t notes_from_here();
    void index_notes_after(std::int64_t id);
    void abandon_batch() noexcept;
    void chain(std::string_view action, std::int64_t id, const std::optional<std::string>& detail = std::nullopt);
    GameSummary summary_of(std::int64_t id);
    GameSummary summary_from(const sqlite::Statement& game_row);

    std::string path_;
    sqlite::Database db_;
    struct Statements;
    std::shared_ptr<Statements> st_;
    std::shared_ptr<Ledger> ledger_;
    UpgradeReport upgrade_;
    std::vector<std::string> schema_problems_;
    bool batch_open_ = false;
    std::int64_t batch_notes_after_ = 0;  // the notes the batch wrote have higher ids
    std::int64_t next_note_id_ = 1;       // the id of the next note written
    std::chrono::steady_clock::time_point batch_started_;
};

// The migrations of schema/, in order (generated from the .sql files at build time).
const std::vector<const char*>& migrations();

}  // namespace archive
