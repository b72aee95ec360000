#include "archive/archive.hpp"

#include "archive/ledger.hpp"
#include "archive/sha256.hpp"
#include "notation/format.hpp"
#include "notation/labels.hpp"
#include "notation/parser.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

namespace archive {

namespace fs = std::filesystem;

namespace {

constexpr int kApplicationId = 0x49524C47;  // "IRLG": an ironlog archive

// "2026.11.14", "2026-11-??" -> "2026-11-14", "2026-11-00"; anything else -> nullopt.
std::optional<std::string> sortable_date(const std::string& d) {
    if (d.size() != 10 || (d[4] != '.' && d[4] != '-') || d[7] != d[4]) return std::nullopt;
    std::string out = d;
    out[4] = out[7] = '-';
    for (char& c : out)
        if (c == '?') c = '0';
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

// Prepared once, reused for every record (bulk imports bind and step, never re-prepare).
struct Archive::Statements {
    sqlite::Statement find_identity, insert_game, insert_file, insert_side, insert_player, insert_finding, delete_findings, last_note_id, index_notes,
        update_counts;
    // A game's rows of these, many to a statement (up to 32 rows: as fast as 64 or 128)
    sqlite::RowsInsert insert_tags, insert_entities, insert_lines, insert_notes;
    explicit Statements(const sqlite::Database& db)
        : find_identity(db, "SELECT id FROM game WHERE identity = ?1"),
          insert_game(db,
                      "INSERT INTO game (id, record, sha256, source, source_index, first_line, event, site, date, date_sort, round, ruleset,"
                      " variant, rules, options, result, imported_at, ironlog_version, checked_with, errors, warnings, notes, identity)"
                      " VALUES (coalesce(?22, (SELECT id + 1 FROM game_id_high)),"  // never an id given before (migration 5)
                      " ?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?17,?18,?19,?20,?21)"),
          insert_file(db, "INSERT OR IGNORE INTO game_file (game_id, tag, name, path, sha256) VALUES (?1,?2,?3,?4,?5)"),
          insert_side(db, "INSERT INTO side (game_id, number, name, alias, outcome) VALUES (?1,?2,?3,?4,?5)"),
          insert_player(db, "INSERT INTO player (game_id, side_number, name) VALUES (?1,?2,?3)"),
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
          insert_notes(db, "note (game_id, line, kind, text)", 4, 32) {}
};

const std::vector<const char*>& migrations();  // generated: schema/*.sql in order

Archive::Archive(const std::string& path, Mode mode) : path_(path) {
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    std::uintmax_t size = exists ? fs::file_size(path, ec) : 0;
    if (exists && fs::is_directory(path, ec)) throw OpenError(path + " is a directory, not an archive");
    if (exists && !fs::is_regular_file(path, ec))  // a FIFO or a device would be waited on for ever
        throw OpenError(path + " is not a regular file (a FIFO, a device or a socket), not an archive: ironlog will not touch it");
    if (!exists && mode != Mode::Create)
        throw OpenError("there is no archive at " + path + ": 'ironlog archive init' makes one (or name another with --db)");
    int version = 0;
    if (exists && size > 0) {
        // Vet the file read-only first: nothing is written to a file that is not an ironlog archive.
        char header[16] = {};
        std::ifstream in(path, std::ios::binary);
        in.read(header, sizeof header);
        if (in.gcount() < 16 || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16))
            throw OpenError(path + " is not an SQLite database: ironlog will not touch it");
        try {
            sqlite::Database ro(path, SQLITE_OPEN_READONLY);
            // Another process may be opening or writing the archive this moment (the first to open
            // a WAL archive recovers its index under a lock): wait for it, as every connection does.
            ro.exec("PRAGMA busy_timeout = 15000;");
            sqlite::Statement q(ro, "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),"
                                    " (SELECT count(*) FROM sqlite_schema)");
            q.step();
            const auto app = q.integer(0);
            version = static_cast<int>(q.integer(1));
            const auto tables = q.integer(2);
            if (app != kApplicationId && (app != 0 || tables > 0))
                throw OpenError(path + " is an SQLite database but not an ironlog archive: ironlog will not touch it");
            // before a write, its pages beyond the first read through once: a damaged archive is not
            // written to (a read goes on, and says so where it meets a damaged page)
            sqlite::Statement check(ro, mode == Mode::Read ? "SELECT 'ok'" : "PRAGMA quick_check(1)");
            if (check.step() && check.text(0) != "ok")
                throw OpenError(path + " is damaged (SQLite's quick_check: " + check.text(0) + "): ironlog will not touch it");
        } catch (const sqlite::Error& e) {
            throw OpenError(path + " is damaged and cannot be read as an archive (" + e.what() + "): ironlog will not touch it");
        }
        if (version > kSchemaVersion)
            throw OpenError(path + " has archive schema version " + std::to_string(version) + ", newer than this ironlog knows (" +
                            std::to_string(kSchemaVersion) + "): use a newer ironlog; nothing was written");
    } else if (!exists) {
        fs::path parent = fs::path(path).parent_path();
        if (!parent.empty()) fs::create_directories(parent, ec);
    }
    const bool read_only = mode == Mode::Read && exists && size > 0 && version == kSchemaVersion;
    try {
        db_ = sqlite::Database(path, read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        db_.exec("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 15000;");
        if (!read_only) {
            db_.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
            migrate();
            // A fault to inject for tests of a full disk: the archive may grow this many pages more.
            if (const char* pages = std::getenv("IRONLOG_TEST_ROOM_PAGES")) {
                sqlite::Statement count(db_, "PRAGMA page_count");
                count.step();
                db_.exec("PRAGMA max_page_count = " + std::to_string(count.integer(0) + std::atoll(pages)));
            }
        }
    } catch (const sqlite::Error& e) {
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
    batch_notes_after_ = last_note_id();
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

// Notes get new ids above every id in the table, so a batch's notes are those above the
// highest id when it began.
std::int64_t Archive::last_note_id() {
    auto& q = st_->last_note_id;
    q.step();
    const std::int64_t id = q.integer(0);
    q.reset();
    return id;
}

// The full-text index of the notes, brought up to date in one statement (migration 4).
void Archive::index_notes_after(std::int64_t id) { st_->index_notes.bind(1, id).run(); }

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

// Each migration and its version bump in one transaction: an archive is at one version or
// the next, never between.
void Archive::migrate() {
    for (int v = schema_version(); v < kSchemaVersion; ++v) {
        sqlite::Transaction t(db_);
        if (schema_version() != v) {  // another process migrated it meanwhile
            t.commit();
            continue;
        }
        db_.exec(migrations()[static_cast<std::size_t>(v)]);
        if (v + 1 == 6) adopt_stored_games();
        db_.exec("PRAGMA application_id = " + std::to_string(kApplicationId) + "; PRAGMA user_version = " + std::to_string(v + 1) + ";");
        t.commit();
    }
}

// Migration 6: the games stored before it get their identity and their place in the chain,
// in the order they were added. Two of them the same game but for layout (stored twice before
// ironlog knew a game by its content) keep the first's identity; verify names the other.
void Archive::adopt_stored_games() {
    Ledger ledger(db_);
    sqlite::Statement games(db_, "SELECT id, record FROM game ORDER BY id");
    sqlite::Statement taken(db_, "SELECT 1 FROM game WHERE identity = ?1");
    sqlite::Statement set(db_, "UPDATE game SET identity = ?2 WHERE id = ?1");
    while (games.step()) {
        const std::int64_t id = games.integer(0);
        auto parsed = ngn::parse_text(games.text(1));
        if (parsed.games.size() == 1) {
            const std::string identity = sha256_hex(ngn::identity_text(parsed.games.front()));
            taken.bind(1, identity);
            const bool twin = taken.step();
            taken.reset();
            if (!twin) set.bind(1, id).bind(2, identity).run();
        }
        ledger.append("adopt", id, ledger.content_of(id));
    }
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

namespace {

struct SideRow {
    int number = 0;
    std::string name, alias;
    std::vector<std::string> players;
    std::optional<std::string> outcome;
};

// The sides of a game, from its [SideN] tags and its side lines, with each one's outcome
// read from [Result]: the winner (a side, perhaps with a word for the size of its victory),
// draw, both-lost, or * (unfinished).
std::vector<SideRow> sides_of(const ngn::Game& game) {
    std::vector<SideRow> sides;
    std::map<int, std::vector<std::string>> players;
    for (const ngn::Tag* t : game.tags()) {
        if (int n = ngn::numbered_tag(t->name, "Side")) sides.push_back(SideRow{n, std::string(t->value), "", {}, std::nullopt});
        if (int n = ngn::numbered_tag(t->name, "Player")) players[n] = ngn::split_list(t->value, false);
    }
    for (const auto& l : game.lines) {
        const auto* d = l.as<ngn::Declaration>();
        if (!d || d->kind != ngn::EntityKind::Side) continue;
        std::string name = ngn::reference_text(d->full_name ? *d->full_name : d->name);
        std::string alias = d->full_name ? ngn::reference_text(d->name) : "";
        auto it = std::find_if(sides.begin(), sides.end(), [&](const SideRow& s) { return s.name == name || (!alias.empty() && s.name == alias); });
        if (it == sides.end()) sides.push_back(SideRow{static_cast<int>(sides.size()) + 1, name, alias, {}, std::nullopt});
        else if (it->alias.empty()) it->alias = alias;
    }
    for (auto& s : sides)
        if (auto p = players.find(s.number); p != players.end()) s.players = p->second;
    const ngn::Tag* result = game.tag("Result");
    if (!result || result->value == "*" || result->value.empty()) return sides;
    const std::string r(result->value);
    if (ngn::same_label(r, "draw")) {
        for (auto& s : sides) s.outcome = "draw";
        return sides;
    }
    if (ngn::same_label(r, "both-lost")) {
        for (auto& s : sides) s.outcome = "loss";
        return sides;
    }
    auto names = [&](const std::string& text) {
        for (const auto& s : sides)
            if (s.name == text || s.alias == text || std::to_string(s.number) == text) return s.number;
        return 0;
    };
    int winner = names(r);
    if (!winner && r.rfind(' ') != std::string::npos) winner = names(r.substr(0, r.rfind(' ')));
    if (winner)
        for (auto& s : sides) s.outcome = s.number == winner ? "win" : "loss";
    return sides;
}

}  // namespace

Archive::AddResult Archive::add(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                const std::string& source, std::size_t source_index, const std::vector<UsedFile>& files) {
    if (!batch_open_) {
        sqlite::Transaction t(db_);
        const std::int64_t notes_after = last_note_id();
        AddResult r = write_game(game, record, report, source, source_index, std::nullopt, files);
        index_notes_after(notes_after);
        t.commit();
        return r;
    }
    try {
        return write_game(game, record, report, source, source_index, std::nullopt, files);
    } catch (...) {
        abandon_batch();  // part of a game may be written: the batch goes, so nothing of it is stored
        throw;
    }
}

std::optional<std::int64_t> Archive::stored_as(const std::string& identity) {
    auto& q = st_->find_identity;
    q.bind(1, identity);
    std::optional<std::int64_t> id;
    if (q.step()) id = q.integer(0);
    q.reset();
    return id;
}

Archive::AddResult Archive::write_game(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                       const std::string& source, std::size_t source_index, std::optional<std::int64_t> as_id,
                                       const std::vector<UsedFile>& files) {
    auto& st = *st_;
    const std::string identity = sha256_hex(ngn::identity_text(game));
    if (!as_id)
        if (auto id = stored_as(identity)) return AddResult{Added::Duplicate, *id};
    const std::string hash = sha256_hex(record);

    auto tag = [&](const char* name) -> std::optional<std::string> {
        if (const ngn::Tag* t = game.tag(name)) return std::string(t->value);
        return std::nullopt;
    };
    std::optional<std::string> date = tag("Date");
    st.insert_game.bind_blob(1, record)
        .bind(2, hash)
        .bind(3, source)
        .bind(4, source_index)
        .bind(5, game.first_line)
        .bind(6, tag("Event"))
        .bind(7, tag("Site"))
        .bind(8, date)
        .bind(9, date ? sortable_date(*date) : std::nullopt)
        .bind(10, tag("Round"))
        .bind(11, tag("Ruleset"))
        .bind(12, tag("Variant"))
        .bind(13, tag("Rules"))
        .bind(14, tag("Options"))
        .bind(15, tag("Result"))
        .bind(16, now_utc())
        .bind(17, IRONLOG_VERSION)
        .bind(18, report.count(ironlog::Severity::Error))
        .bind(19, report.count(ironlog::Severity::Warning))
        .bind(20, report.count(ironlog::Severity::Note))
        .bind(21, identity)
        .bind(22, as_id);
    st.insert_game.run();
    const std::int64_t id = db_.last_insert_id();

    // A fault to inject for tests of crash safety: hold the transaction open this many ms
    // (from the Nth game this process stores, IRONLOG_TEST_HOLD_ADD_FROM, the first by default).
    if (const char* hold = std::getenv("IRONLOG_TEST_HOLD_ADD_MS")) {
        static int stored = 0;
        const char* from = std::getenv("IRONLOG_TEST_HOLD_ADD_FROM");
        if (++stored >= (from ? std::atoi(from) : 1)) std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(hold)));
    }

    // Text is bound in place below (bind_static): everything bound lives until its rows are written.
    const std::vector<const ngn::Tag*> tags = game.tags();
    st.insert_tags.write(tags.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const ngn::Tag& t = *tags[i];
        q.bind(base + 1, id).bind(base + 2, i + 1).bind_static(base + 3, t.name).bind_static(base + 4, t.value).bind(base + 5, t.pos.line);
    });
    const auto sides = sides_of(game);
    for (const auto& s : sides) {
        st.insert_side.bind(1, id).bind(2, s.number).bind(3, s.name).bind(4, s.alias.empty() ? std::nullopt : std::optional(s.alias)).bind(5, s.outcome).run();
        for (const auto& p : s.players) st.insert_player.bind(1, id).bind(2, s.number).bind(3, p).run();
    }

    // The lines of play, each with where it stood in the sequence of play; the ships and
    // units declared; the notes, comments and rulings.
    std::string_view open[5];  // turn, phase, segment, impulse, step: labels in the game's headings
    int side_number = 0;
    std::map<std::string, int> side_numbers;
    for (const auto& s : sides) {
        side_numbers[s.name] = s.number;
        if (!s.alias.empty()) side_numbers[s.alias] = s.number;
    }
    struct LineRow {
        std::uint32_t line;
        std::string_view kind;
        std::string_view open[5];
        std::string actor, verb;
        std::size_t text_at, text_size;  // in texts
    };
    struct EntityRow {
        std::uint32_t line;
        std::string_view kind;
        std::string alias, name;
        int side_number;
    };
    struct NoteRow {
        std::uint32_t line;
        std::string_view kind, text;
    };
    std::vector<LineRow> rows;
    std::vector<EntityRow> entities;
    std::vector<NoteRow> notes;
    rows.reserve(game.lines.size());
    std::string texts;  // every line's canonical text, one after another
    texts.reserve(record.size() + record.size() / 4);
    auto add_notes = [&](std::uint32_t line, ngn::Notes ns) {
        for (const auto& n : ns) notes.push_back(NoteRow{line, "note", n.text});
    };
    for (const auto& l : game.lines) {
        const std::uint32_t line = l.pos.line;
        if (l.comment) notes.push_back(NoteRow{line, "comment", l.comment->text});
        if (l.is<ngn::Blank>() || l.is<ngn::Tag>()) continue;
        LineRow row{line, "", {}, {}, {}, 0, 0};
        if (const auto* h = l.as<ngn::Heading>()) {
            const int k = static_cast<int>(h->kind);
            open[k] = h->label;
            for (int below = k + 1; below < 5; ++below) open[below] = {};
            row.kind = "heading";
        } else if (const auto* d = l.as<ngn::Declaration>()) {
            row.kind = "declaration";
            std::string name = ngn::reference_text(d->full_name ? *d->full_name : d->name);
            std::string alias = d->full_name ? ngn::reference_text(d->name) : "";
            if (d->kind == ngn::EntityKind::Side)
                side_number = side_numbers.count(name) ? side_numbers[name] : 0;
            else
                entities.push_back(EntityRow{line, ngn::entity_keyword(d->kind), std::move(alias), std::move(name), side_number});
            add_notes(line, d->notes);
        } else if (const auto* s = l.as<ngn::Setup>()) {
            row.kind = "setup";
            row.actor = ngn::reference_text(s->subject);
            add_notes(line, s->notes);
        } else if (const auto* t = l.as<ngn::Terrain>()) {
            row.kind = "terrain";
            add_notes(line, t->notes);
        } else if (const auto* e = l.as<ngn::Event>()) {
            row.kind = "event";
            row.actor = ngn::reference_text(e->subject);
            row.verb = e->verb();
            add_notes(line, e->notes);
        } else if (const auto* r = l.as<ngn::Ruling>()) {
            row.kind = "ruling";
            notes.push_back(NoteRow{line, "ruling", r->text});
        }
        for (int k = 0; k < 5; ++k) row.open[k] = open[k];
        row.text_at = texts.size();
        ngn::append_content(texts, l);
        row.text_size = texts.size() - row.text_at;
        rows.push_back(std::move(row));
    }
    auto text_or_null = [](sqlite::Statement& q, int i, std::string_view v) {
        if (v.empty()) q.bind_null(i);
        else q.bind_static(i, v);
    };
    st.insert_entities.write(entities.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const EntityRow& e = entities[i];
        q.bind(base + 1, id).bind(base + 2, e.line).bind_static(base + 3, e.kind);
        text_or_null(q, base + 4, e.alias);
        q.bind_static(base + 5, e.name);
        if (e.side_number) q.bind(base + 6, e.side_number);
        else q.bind_null(base + 6);
    });
    st.insert_lines.write(rows.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const LineRow& r = rows[i];
        q.bind(base + 1, id).bind(base + 2, r.line).bind_static(base + 3, r.kind);
        for (int k = 0; k < 5; ++k) text_or_null(q, base + 4 + k, r.open[k]);
        text_or_null(q, base + 9, r.actor);
        text_or_null(q, base + 10, r.verb);
        q.bind_static(base + 11, std::string_view(texts).substr(r.text_at, r.text_size));
    });
    st.insert_notes.write(notes.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const NoteRow& n = notes[i];
        q.bind(base + 1, id).bind(base + 2, n.line).bind_static(base + 3, n.kind).bind_static(base + 4, n.text);
    });
    write_findings(id, report);
    write_files(id, files);
    ledger_->append(as_id ? "replace" : "add", id, ledger_->content_of(id, hash));
    return AddResult{as_id ? Added::Replaced : Added::New, id};
}

Archive::AddResult Archive::replace(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                    const std::string& source, std::size_t source_index, const std::vector<UsedFile>& files) {
    sqlite::Transaction t(db_);
    if (auto other = stored_as(sha256_hex(ngn::identity_text(game))); other && *other != id) return AddResult{Added::Duplicate, *other};
    sqlite::Statement old(db_, "SELECT record, sha256, source, imported_at FROM game WHERE id = ?1");
    old.bind(1, id);
    if (!old.step()) return AddResult{Added::Missing, id};
    if (old.text(1) == sha256_hex(record)) return AddResult{Added::Unchanged, id};
    // The version replaced goes to the history with what the chain holds of it.
    std::string rows;
    const std::string content = ledger_->content_of(id, &rows);
    sqlite::Statement keep(db_,
                           "INSERT INTO game_history (game_id, version, record, rows_digest, content, source, imported_at, replaced_at)"
                           " VALUES (?1, (SELECT coalesce(max(version), 0) + 1 FROM game_history WHERE game_id = ?1), ?2, ?3, ?4, ?5, ?6, ?7)");
    keep.bind(1, id).bind_blob(2, old.text(0)).bind(3, rows).bind(4, content).bind(5, old.optional_text(2)).bind(6, old.text(3)).bind(7, now_utc()).run();
    sqlite::Statement gone(db_, "DELETE FROM game WHERE id = ?1");
    gone.bind(1, id).run();
    const std::int64_t notes_after = last_note_id();
    AddResult r = write_game(game, record, report, source, source_index, id, files);
    index_notes_after(notes_after);
    t.commit();
    return r;
}

std::vector<GameVersion> Archive::history(std::int64_t id) {
    sqlite::Statement q(db_, "SELECT version, record, coalesce(source, ''), imported_at, replaced_at FROM game_history WHERE game_id = ?1 ORDER BY version");
    q.bind(1, id);
    std::vector<GameVersion> out;
    while (q.step()) out.push_back(GameVersion{static_cast<int>(q.integer(0)), q.text(1), q.text(2), q.text(3), q.text(4)});
    return out;
}

std::optional<std::string> Archive::chain_hash(std::int64_t seq) {
    sqlite::Statement q(db_, "SELECT hash FROM chain WHERE seq = ?1");
    q.bind(1, seq);
    if (!q.step()) return std::nullopt;
    return q.text(0);
}

Verification Archive::verify(bool full) { return ledger_->verify(full); }

std::vector<UsedFile> Archive::files(std::int64_t id) {
    sqlite::Statement q(db_, "SELECT tag, name, path, coalesce(sha256, '') FROM game_file WHERE game_id = ?1 ORDER BY tag, name");
    q.bind(1, id);
    std::vector<UsedFile> out;
    while (q.step()) out.push_back(UsedFile{q.text(0), q.text(1), q.text(2), q.text(3)});
    return out;
}

bool Archive::verified(std::int64_t id) {
    auto chained = ledger_->chained(id);
    return chained && *chained == ledger_->content_of(id);
}

void Archive::write_findings(std::int64_t id, const ironlog::GameReport& report) {
    auto& st = *st_;
    int position = 0;
    for (const auto& f : report.findings) {
        st.insert_finding.bind(1, id)
            .bind(2, ++position)
            .bind(3, ironlog::to_string(f.severity))
            .bind(4, ironlog::to_string(f.kind))
            .bind(5, f.rule.empty() ? std::nullopt : std::optional(f.rule.text()))
            .bind(6, f.rule.empty() ? std::nullopt : std::optional(f.rule.ruleset))
            .bind(7, f.rule.empty() ? std::nullopt : std::optional(f.rule.section))
            .bind(8, f.file.empty() ? std::nullopt : std::optional(f.file))
            .bind(9, f.pos.line)
            .bind(10, f.pos.column)
            .bind(11, f.message)
            .bind(12, f.expected)
            .bind(13, f.recorded);
        if (f.ruling) st.insert_finding.bind(14, f.ruling->pos.line).bind(15, f.ruling->text);
        st.insert_finding.run();
    }
}

void Archive::write_files(std::int64_t id, const std::vector<UsedFile>& files) {
    for (const auto& f : files)
        st_->insert_file.bind(1, id).bind(2, f.tag).bind(3, f.name).bind(4, f.path).bind(5, f.sha256.empty() ? std::nullopt : std::optional(f.sha256)).run();
}

bool Archive::replace_findings(std::int64_t id, const ironlog::GameReport& report, const std::vector<UsedFile>& files) {
    auto& st = *st_;
    sqlite::Transaction t(db_);
    st.update_counts.bind(1, id)
        .bind(2, report.count(ironlog::Severity::Error))
        .bind(3, report.count(ironlog::Severity::Warning))
        .bind(4, report.count(ironlog::Severity::Note))
        .bind(5, IRONLOG_VERSION)
        .run();
    if (db_.changes() == 0) return false;
    st.delete_findings.bind(1, id).run();
    write_findings(id, report);
    sqlite::Statement forget(db_, "DELETE FROM game_file WHERE game_id = ?1");
    forget.bind(1, id).run();
    write_files(id, files);
    ledger_->append("recheck", id, ledger_->content_of(id));
    t.commit();
    return true;
}

GameSummary Archive::summary_of(std::int64_t id) {
    GameSummary g;
    sqlite::Statement q(db_,
                        "SELECT id, coalesce(event,''), coalesce(round,''), coalesce(date,''), coalesce(ruleset,''), coalesce(result,''),"
                        " coalesce(source,''), errors, warnings, notes, imported_at, checked_with FROM game WHERE id = ?1");
    q.bind(1, id);
    if (!q.step()) return g;
    g.id = q.integer(0);
    g.event = q.text(1), g.round = q.text(2), g.date = q.text(3), g.ruleset = q.text(4), g.result = q.text(5), g.source = q.text(6);
    g.errors = static_cast<int>(q.integer(7)), g.warnings = static_cast<int>(q.integer(8)), g.notes = static_cast<int>(q.integer(9));
    g.imported_at = q.text(10), g.checked_with = q.text(11);
    sqlite::Statement s(db_, "SELECT number, name, coalesce(alias,''), coalesce(outcome,'') FROM side WHERE game_id = ?1 ORDER BY number");
    s.bind(1, id);
    while (s.step()) g.sides.push_back(GameSummary::Side{static_cast<int>(s.integer(0)), s.text(1), s.text(2), s.text(3), {}});
    sqlite::Statement p(db_, "SELECT side_number, name FROM player WHERE game_id = ?1 ORDER BY rowid");
    p.bind(1, id);
    while (p.step())
        for (auto& side : g.sides)
            if (side.number == p.integer(0)) side.players.push_back(p.text(1));
    return g;
}

std::vector<GameSummary> Archive::list(const Filter& f) {
    std::string sql = "SELECT g.id FROM game g WHERE 1";
    std::vector<std::string> args;
    auto add = [&](const std::optional<std::string>& v, const std::string& clause) {
        if (!v) return;
        args.push_back(*v);
        // each ? of the clause becomes ?N, N the number of this argument
        std::string c;
        for (char ch : clause) c += ch == '?' ? "?" + std::to_string(args.size()) : std::string(1, ch);
        sql += " AND " + c;
    };
    add(f.event, "g.event = ?");
    add(f.round, "g.round = ?");
    add(f.ruleset, "g.ruleset = ?");
    add(f.result, "g.result = ?");
    add(f.from, "g.date_sort >= ?");
    add(f.to, "g.date_sort <= ?");
    // written as IN lists, so that an index on the player, side or finding can lead the search
    add(f.player, "g.id IN (SELECT p.game_id FROM player p WHERE p.name = ?)");
    add(f.side, "g.id IN (SELECT s.game_id FROM side s WHERE s.name = ? OR s.alias = ?)");
    add(f.has_kind, "g.id IN (SELECT x.game_id FROM finding x WHERE x.kind = ? AND x.severity <> 'note')");
    sql += " ORDER BY g.date_sort, g.id";
    sqlite::Statement q(db_, sql);
    for (std::size_t i = 0; i < args.size(); ++i) q.bind(static_cast<int>(i) + 1, args[i]);
    std::vector<std::int64_t> ids;
    while (q.step()) ids.push_back(q.integer(0));
    std::vector<GameSummary> out;
    for (auto id : ids) out.push_back(summary_of(id));
    return out;
}

std::optional<StoredGame> Archive::get(std::int64_t id) {
    sqlite::Statement q(db_, "SELECT record, first_line FROM game WHERE id = ?1");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    StoredGame g;
    g.record = q.text(0);
    g.first_line = static_cast<std::uint32_t>(q.integer(1));
    g.summary = summary_of(id);
    sqlite::Statement t(db_, "SELECT name, value FROM tag WHERE game_id = ?1 ORDER BY position");
    t.bind(1, id);
    while (t.step()) g.tags.emplace_back(t.text(0), t.text(1));
    sqlite::Statement f(db_,
                        "SELECT severity, kind, message, rule, file, expected, recorded, ruling_text, line, column, ruling_line"
                        " FROM finding WHERE game_id = ?1 ORDER BY position");
    f.bind(1, id);
    while (f.step()) {
        StoredFinding s;
        s.severity = f.text(0), s.kind = f.text(1), s.message = f.text(2);
        s.rule = f.optional_text(3), s.file = f.optional_text(4), s.expected = f.optional_text(5), s.recorded = f.optional_text(6);
        s.ruling_text = f.optional_text(7);
        s.line = static_cast<std::uint32_t>(f.integer(8)), s.column = static_cast<std::uint32_t>(f.integer(9));
        if (!f.is_null(10)) s.ruling_line = f.integer(10);
        g.findings.push_back(std::move(s));
    }
    return g;
}

std::vector<std::int64_t> Archive::ids() {
    sqlite::Statement q(db_, "SELECT id FROM game ORDER BY id");
    std::vector<std::int64_t> out;
    while (q.step()) out.push_back(q.integer(0));
    return out;
}

bool Archive::remove(std::int64_t id) {
    sqlite::Transaction t(db_);
    sqlite::Statement q(db_, "DELETE FROM game WHERE id = ?1");
    q.bind(1, id).run();
    bool removed = db_.changes() > 0;
    if (removed) ledger_->append("remove", id, std::nullopt);
    t.commit();
    return removed;
}

std::vector<Standing> Archive::standings(const std::string& event) {
    sqlite::Statement q(db_,
                        "SELECT p.name, count(*), sum(s.outcome = 'win'), sum(s.outcome = 'loss'), sum(s.outcome = 'draw')"
                        " FROM game g JOIN side s ON s.game_id = g.id JOIN player p ON p.game_id = g.id AND p.side_number = s.number"
                        " WHERE g.event = ?1 AND s.outcome IS NOT NULL GROUP BY p.name"
                        " ORDER BY sum(s.outcome = 'win') * 2 + sum(s.outcome = 'draw') DESC, p.name");
    q.bind(1, event);
    std::vector<Standing> out;
    while (q.step())
        out.push_back(Standing{q.text(0), static_cast<int>(q.integer(1)), static_cast<int>(q.integer(2)), static_cast<int>(q.integer(3)),
                               static_cast<int>(q.integer(4))});
    return out;
}

std::vector<std::pair<std::string, int>> Archive::games_per_ruleset() {
    sqlite::Statement q(db_, "SELECT coalesce(ruleset, '(none)'), count(*) FROM game GROUP BY 1 ORDER BY 2 DESC, 1");
    std::vector<std::pair<std::string, int>> out;
    while (q.step()) out.emplace_back(q.text(0), static_cast<int>(q.integer(1)));
    return out;
}

std::vector<std::pair<std::string, int>> Archive::most_cited_rules(int limit) {
    sqlite::Statement q(db_,
                        "SELECT rule, count(*) FROM finding WHERE rule IS NOT NULL AND severity <> 'note' GROUP BY rule"
                        " ORDER BY 2 DESC, 1 LIMIT ?1");
    q.bind(1, limit);
    std::vector<std::pair<std::string, int>> out;
    while (q.step()) out.emplace_back(q.text(0), static_cast<int>(q.integer(1)));
    return out;
}

Archive::SearchResult Archive::search(const std::string& query, int limit) {
    // Each word of the query is matched as a quoted term (prefixes with a trailing *), so the
    // text a person types is never read as FTS5 syntax.
    std::string fts;
    std::string word;
    auto flush = [&] {
        if (word.empty()) return;
        bool prefix = word.back() == '*';
        if (prefix) word.pop_back();
        std::string q = "\"";
        for (char c : word) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        fts += (fts.empty() ? "" : " ") + q + "\"" + (prefix ? "*" : "");
        word.clear();
    };
    for (char c : query) {
        if (c == ' ' || c == '\t') flush();
        else word += c;
    }
    flush();
    SearchResult out;
    if (fts.empty()) return out;
    // Newest first, taken straight from the index in rowid order: ranking every match (ORDER BY
    // rank) costs as much as there are matches, and a common word matches tens of thousands.
    sqlite::Statement count(db_, "SELECT count(*) FROM note_search WHERE note_search MATCH ?1");
    count.bind(1, fts);
    if (count.step()) out.total = count.integer(0);
    sqlite::Statement q(db_,
                        "SELECT n.game_id, n.line, n.kind, n.text, coalesce(g.event, '')"
                        " FROM (SELECT rowid FROM note_search WHERE note_search MATCH ?1 ORDER BY rowid DESC LIMIT ?2) s"
                        " JOIN note n ON n.id = s.rowid JOIN game g ON g.id = n.game_id"
                        " ORDER BY n.game_id DESC, n.line");
    q.bind(1, fts);
    q.bind(2, static_cast<std::int64_t>(limit > 0 ? limit : -1));
    while (q.step())
        out.hits.push_back(SearchHit{q.integer(0), static_cast<std::uint32_t>(q.integer(1)), q.text(2), q.text(3), q.text(4)});
    return out;
}

}  // namespace archive
