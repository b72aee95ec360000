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
    Read,    // the archive must exist; it is migrated if older
    Write,   // the same, for commands that change it
    Create,  // made when missing
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
    static constexpr int kSchemaVersion = 6;

    Archive(const std::string& path, Mode mode);
    ~Archive();
    Archive(const Archive&) = delete;
    Archive& operator=(const Archive&) = delete;
    const std::string& path() const { return path_; }
    int schema_version();

    enum class Added {
        New,        // stored under a new id
        Duplicate,  // the same game (ngn::identity_text) is stored already, as id
        Replaced,   // replace: stored in place of game id, the old version kept in its history
        Unchanged,  // replace: the record is byte for byte the one stored
        Missing,    // replace: there is no game id
    };
    struct AddResult {
        Added status = Added::New;
        std::int64_t id = 0;
    };
    // Stores one game with its findings; `record` is the game's text exactly as read, and the
    // same game (its tags and lines of play, whatever the layout, comments and notes) is
    // stored once. Outside a batch the game is its own transaction; inside one it
    // is stored when the batch is committed. Either way a failure leaves no trace of the game:
    // inside a batch, add rolls the whole batch back before it throws.
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
    // version it replaces is kept (history). Refused as a Duplicate when the record is another
    // stored game.
    AddResult replace(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                      const std::string& source, std::size_t source_index, const std::vector<UsedFile>& files = {});
    std::vector<GameVersion> history(std::int64_t id);
    std::vector<UsedFile> files(std::int64_t id);

    // Tamper evidence (ledger.hpp): everything recomputed, and whether one game is as the
    // chain last recorded it.
    Verification verify(bool full);
    bool verified(std::int64_t id);
    std::optional<std::string> chain_hash(std::int64_t seq);  // the hash of chain entry seq

    // Replaces a stored game's findings (after an upgrade of ironlog); false if there is no such game.
    // The files the findings were made with are stored with them (UsedFile).
    bool replace_findings(std::int64_t id, const ironlog::GameReport& report, const std::vector<UsedFile>& files = {});

    std::vector<GameSummary> list(const Filter& filter);
    std::optional<StoredGame> get(std::int64_t id);
    std::vector<std::int64_t> ids();
    bool remove(std::int64_t id);

    std::vector<Standing> standings(const std::string& event);
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
    void migrate();
    AddResult write_game(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report, const std::string& source,
                         std::size_t source_index, std::optional<std::int64_t> as_id, const std::vector<UsedFile>& files);
    std::optional<std::int64_t> stored_as(const std::string& identity);
    void adopt_stored_games();
    void write_findings(std::int64_t id, const ironlog::GameReport& report);
    void write_files(std::int64_t id, const std::vector<UsedFile>& files);
    std::int64_t last_note_id();
    void index_notes_after(std::int64_t id);
    void abandon_batch() noexcept;
    GameSummary summary_of(std::int64_t id);

    std::string path_;
    sqlite::Database db_;
    struct Statements;
    std::shared_ptr<Statements> st_;
    std::shared_ptr<Ledger> ledger_;
    bool batch_open_ = false;
    std::int64_t batch_notes_after_ = 0;  // the notes the batch wrote have higher ids
    std::chrono::steady_clock::time_point batch_started_;
};

// The migrations of schema/, in order (generated from the .sql files at build time).
const std::vector<const char*>& migrations();

}  // namespace archive
