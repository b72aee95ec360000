// Writing games: add, replace, rebuild (restore), recheck's new findings, remove. Every change to a
// game ends with its entry in the chain (ledger.hpp), in the same transaction.
#include "archive/archive.hpp"
#include "archive/ledger.hpp"
#include "archive/sha256.hpp"
#include "archive/statements.hpp"
#include "notation/format.hpp"
#include "notation/labels.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <thread>

namespace archive {

namespace {

// "2026.11.14", "2026-11-??" -> "2026-11-14", "2026-11-00"; anything else -> nullopt.
std::optional<std::string> sortable_date(const std::string& d) {
    if (d.size() != 10 || (d[4] != '.' && d[4] != '-') || d[7] != d[4]) return std::nullopt;
    std::string out = d;
    out[4] = out[7] = '-';
    for (char& c : out)
        if (c == '?') c = '0';
    return out;
}

struct SideRow {
    int number = 0;
    std::string name, alias;
    std::vector<std::string> players;
    std::optional<std::string> outcome;
};

// The sides of a game, from its [SideN] tags and its side lines, with each one's outcome
// read from [Result]: the winner (a side, perhaps with a word for the size of its victory),
// draw, both-lost, or * (unfinished). A tag given twice counts once, the first (the check
// reports the second).
std::vector<SideRow> sides_of(const ngn::Game& game) {
    std::vector<SideRow> sides;
    std::map<int, std::vector<std::string>> players;
    auto numbered = [&](int n) { return std::any_of(sides.begin(), sides.end(), [&](const SideRow& s) { return s.number == n; }); };
    for (const ngn::Tag* t : game.tags()) {
        if (int n = ngn::numbered_tag(t->name, "Side"); n && !numbered(n)) sides.push_back(SideRow{n, std::string(t->value), "", {}, std::nullopt});
        if (int n = ngn::numbered_tag(t->name, "Player"); n && !players.count(n)) players[n] = ngn::split_list(t->value, false);
    }
    for (const auto& l : game.lines) {
        const auto* d = l.as<ngn::Declaration>();
        if (!d || d->kind != ngn::EntityKind::Side) continue;
        std::string name = ngn::reference_text(d->full_name ? *d->full_name : d->name);
        std::string alias = d->full_name ? ngn::reference_text(d->name) : "";
        auto it = std::find_if(sides.begin(), sides.end(), [&](const SideRow& s) { return s.name == name || (!alias.empty() && s.name == alias); });
        if (it != sides.end()) {
            if (it->alias.empty()) it->alias = alias;
            continue;
        }
        int number = static_cast<int>(sides.size()) + 1;
        while (numbered(number)) ++number;
        sides.push_back(SideRow{number, name, alias, {}, std::nullopt});
    }
    for (auto& s : sides)
        if (auto p = players.find(s.number); p != players.end()) s.players = p->second;
    const ngn::Tag* result = game.tag("Result");
    if (!result || result->value == "*" || result->value.empty()) return sides;
    const std::string r(result->value);
    if (ngn::same_label(r, "draw") || ngn::same_label(r, "both-lost")) {
        for (auto& s : sides) s.outcome = ngn::same_label(r, "draw") ? "draw" : "loss";
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

// A constraint of the archive the game itself breaks (not a full disk, not a lock): the game is
// refused alone.
bool refusable(const sqlite::Error& e) {
    return e.code() == SQLITE_CONSTRAINT || e.code() == SQLITE_TOOBIG || e.code() == SQLITE_MISMATCH || e.code() == SQLITE_RANGE;
}

// What a rebuild changed: the rows only before it ("stored") and only after it ("rebuilt"), the
// first few of each, then how many more.
std::string differences(std::vector<std::string> before, std::vector<std::string> after) {
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    std::vector<std::string> gone, made;
    std::set_difference(before.begin(), before.end(), after.begin(), after.end(), std::back_inserter(gone));
    std::set_difference(after.begin(), after.end(), before.begin(), before.end(), std::back_inserter(made));
    if (gone.empty() && made.empty()) return "nothing differed";
    constexpr std::size_t kShown = 8;
    std::string out;
    auto list = [&](const char* what, const std::vector<std::string>& rows) {
        for (std::size_t i = 0; i < rows.size() && i < kShown; ++i) out += std::string(out.empty() ? "" : "; ") + what + " " + rows[i];
        if (rows.size() > kShown) out += "; and " + std::to_string(rows.size() - kShown) + " more " + what + " rows";
    };
    list("stored", gone);
    list("rebuilt", made);
    return out;
}

std::string game_name(std::int64_t id) { return "game #" + std::to_string(id); }

GameMeta fresh_meta(const std::string& source, std::size_t source_index, std::uint32_t first_line) {
    return GameMeta{source, static_cast<std::int64_t>(source_index), first_line, now_utc(), IRONLOG_VERSION};
}

}  // namespace

void Archive::chain(std::string_view action, std::int64_t id, const std::optional<std::string>& detail) {
    ledger_->append(action, id, ledger_->content_of(id), ledger_->meta_of(id), detail);
}

Archive::AddResult Archive::add(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                const std::string& source, std::size_t source_index, const std::vector<UsedFile>& files) {
    const GameMeta meta = fresh_meta(source, source_index, game.first_line);
    if (!batch_open_) {
        sqlite::Transaction t(db_);
        const std::int64_t notes_after = notes_from_here();
        AddResult r = add_in_savepoint(game, record, report, meta, files);
        index_notes_after(notes_after);
        t.commit();
        return r;
    }
    try {
        return add_in_savepoint(game, record, report, meta, files);
    } catch (const RecordRefused&) {
        throw;  // nothing of the game is left; the batch goes on
    } catch (...) {
        abandon_batch();  // part of a game may be written: the batch goes, so nothing of it is stored
        throw;
    }
}

// One game in a savepoint of its own: a game that breaks a constraint is undone alone.
Archive::AddResult Archive::add_in_savepoint(const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                             const GameMeta& meta, const std::vector<UsedFile>& files) {
    const std::string identity = sha256_hex(ngn::identity_text(game));
    if (auto id = stored_as(identity)) return AddResult{Added::Duplicate, *id, 0};
    db_.exec("SAVEPOINT one_game");
    try {
        AddResult r;
        if (auto shorter = shorter_record_from(meta, record)) {
            const std::int64_t id = shorter->first;
            r = AddResult{Added::Completed, id, keep_version(id, false, "")};
            delete_rows(id);
            write_game(game, record, identity, report, meta, id, files);
            chain("add", id, "the record stored from the same place of the same file was this one cut short: kept as version " + std::to_string(r.version));
        } else {
            r = AddResult{Added::New, write_game(game, record, identity, report, meta, std::nullopt, files), 0};
            chain("add", r.id);
        }
        db_.exec("RELEASE one_game");
        return r;
    } catch (const sqlite::Error& e) {
        if (!refusable(e)) throw;
        db_.exec("ROLLBACK TO one_game; RELEASE one_game");
        throw RecordRefused(std::string("it cannot be stored (") + e.what() + "); nothing of it is in the archive");
    }
}

// A stored game read from the same place of the same file whose record this one continues: the
// file was read while it was still being written (or copied), and this is the whole of it.
std::optional<std::pair<std::int64_t, std::string>> Archive::shorter_record_from(const GameMeta& meta, std::string_view record) {
    if (!meta.source || *meta.source == "-" || !meta.source_index) return std::nullopt;
    auto& q = st_->find_source;
    q.bind(1, *meta.source).bind(2, *meta.source_index);
    std::optional<std::pair<std::int64_t, std::string>> out;
    while (!out && q.step()) {
        std::string stored = q.text(1);
        if (stored.size() < record.size() && record.substr(0, stored.size()) == stored) out.emplace(q.integer(0), std::move(stored));
    }
    q.reset();
    return out;
}

std::optional<std::int64_t> Archive::stored_as(const std::string& identity) {
    auto& q = st_->find_identity;
    q.bind(1, identity);
    std::optional<std::int64_t> id;
    if (q.step()) id = q.integer(0);
    q.reset();
    return id;
}

// The game's row, then everything else under its id. A new game's id is above every id the
// archive ever gave (by the chain and game_id_high: Ledger::highest_id_given).
std::int64_t Archive::write_game(const ngn::Game& game, std::string_view record, const std::string& identity, const ironlog::GameReport& report,
                                 const GameMeta& meta, std::optional<std::int64_t> as_id, const std::vector<UsedFile>& files) {
    auto& st = *st_;
    auto tag = [&](const char* name) -> std::optional<std::string> {
        if (const ngn::Tag* t = game.tag(name)) return std::string(t->value);
        return std::nullopt;
    };
    std::optional<std::string> date = tag("Date");
    const std::int64_t id = as_id ? *as_id : ledger_->highest_id_given() + 1;
    st.insert_game.bind(2, sha256_hex(record))
        .bind(3, meta.source)
        .bind(4, meta.source_index)
        .bind(5, meta.first_line)
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
        .bind(16, meta.imported_at)
        .bind(17, meta.ironlog_version)
        .bind(18, report.count(ironlog::Severity::Error))
        .bind(19, report.count(ironlog::Severity::Warning))
        .bind(20, report.count(ironlog::Severity::Note))
        .bind(21, identity)
        .bind(22, id)
        .bind(23, IRONLOG_VERSION);
    st.insert_game.run();
    st.insert_record.bind(1, id).bind_blob(2, record).run();

    // A fault to inject for tests of crash safety: hold the transaction open this many ms
    // (from the Nth game this process stores, IRONLOG_TEST_HOLD_ADD_FROM, the first by default).
    if (const char* hold = std::getenv("IRONLOG_TEST_HOLD_ADD_MS")) {
        static int stored = 0;
        const char* from = std::getenv("IRONLOG_TEST_HOLD_ADD_FROM");
        if (++stored >= (from ? std::atoi(from) : 1)) std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(hold)));
    }
    // A fault to inject for tests of a record refused alone: the Nth game this process writes
    // breaks a constraint (its first tag written twice) after its row is in.
    if (const char* at = std::getenv("IRONLOG_TEST_CONSTRAINT_AT")) {
        static int written = 0;
        if (++written == std::atoi(at)) db_.exec("INSERT INTO tag (game_id, position, name, value, line) VALUES (" + std::to_string(id) +
                                                 ", 1, 'x', 'x', 1), (" + std::to_string(id) + ", 1, 'x', 'x', 1)");
    }
    write_rows(id, game, record, date ? sortable_date(*date) : std::nullopt);
    write_findings(id, report);
    write_files(id, files);
    return id;
}

// Tags, sides and players, the lines of play with where each stood in the sequence of play, the
// ships and units declared, the notes, comments and rulings. Text is bound in place
// (bind_static): everything bound lives until its rows are written.
void Archive::write_rows(std::int64_t id, const ngn::Game& game, std::string_view record, const std::optional<std::string>& date_sort) {
    auto& st = *st_;
    const std::vector<const ngn::Tag*> tags = game.tags();
    st.insert_tags.write(tags.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const ngn::Tag& t = *tags[i];
        q.bind(base + 1, id).bind(base + 2, i + 1).bind_static(base + 3, t.name).bind_static(base + 4, t.value).bind(base + 5, t.pos.line);
    });
    const auto sides = sides_of(game);
    for (const auto& s : sides) {
        st.insert_side.bind(1, id).bind(2, s.number).bind(3, s.name).bind(4, s.alias.empty() ? std::nullopt : std::optional(s.alias)).bind(5, s.outcome).run();
        for (const auto& p : s.players) st.insert_player.bind(1, id).bind(2, s.number).bind(3, p).bind(4, date_sort).run();
    }
    std::map<std::string, int> side_numbers;
    for (const auto& s : sides) {
        side_numbers[s.name] = s.number;
        if (!s.alias.empty()) side_numbers[s.alias] = s.number;
    }
    write_lines(id, game, record, side_numbers);
}

namespace {

// A game's lines, ships and notes as rows, read once from the record.
struct GameRows {
    struct Line {
        std::uint32_t line;
        std::string_view kind;
        std::string_view open[5];  // turn, phase, segment, impulse, step: labels in the game's headings
        std::string actor, verb;
        std::size_t text_at, text_size;  // in texts
    };
    struct Entity {
        std::uint32_t line;
        std::string_view kind;
        std::string alias, name;
        int side_number;
    };
    struct Note {
        std::uint32_t line;
        std::string_view kind, text;
    };
    std::vector<Line> lines;
    std::vector<Entity> entities;
    std::vector<Note> notes;
    std::string texts;  // every line's canonical text, one after another
};

// What kind of line it is, and its actor, verb, ship or notes.
void read_line(const ngn::Line& l, GameRows& out, GameRows::Line& row, int& side_number, const std::map<std::string, int>& side_numbers) {
    const std::uint32_t line = l.pos.line;
    auto add_notes = [&](ngn::Notes ns) {
        for (const auto& n : ns) out.notes.push_back(GameRows::Note{line, "note", n.text});
    };
    if (const auto* d = l.as<ngn::Declaration>()) {
        row.kind = "declaration";
        std::string name = ngn::reference_text(d->full_name ? *d->full_name : d->name);
        std::string alias = d->full_name ? ngn::reference_text(d->name) : "";
        if (d->kind == ngn::EntityKind::Side) {
            auto it = side_numbers.find(name);
            side_number = it == side_numbers.end() ? 0 : it->second;
        } else {
            out.entities.push_back(GameRows::Entity{line, ngn::entity_keyword(d->kind), std::move(alias), std::move(name), side_number});
        }
        add_notes(d->notes);
    } else if (const auto* s = l.as<ngn::Setup>()) {
        row.kind = "setup";
        row.actor = ngn::reference_text(s->subject);
        add_notes(s->notes);
    } else if (const auto* t = l.as<ngn::Terrain>()) {
        row.kind = "terrain";
        add_notes(t->notes);
    } else if (const auto* e = l.as<ngn::Event>()) {
        row.kind = "event";
        row.actor = ngn::reference_text(e->subject);
        row.verb = e->verb();
        add_notes(e->notes);
    } else if (const auto* r = l.as<ngn::Ruling>()) {
        row.kind = "ruling";
        out.notes.push_back(GameRows::Note{line, "ruling", r->text});
    }
}

GameRows rows_of(const ngn::Game& game, std::string_view record, const std::map<std::string, int>& side_numbers) {
    GameRows out;
    out.lines.reserve(game.lines.size());
    out.texts.reserve(record.size() + record.size() / 4);
    std::string_view open[5];
    int side_number = 0;
    for (const auto& l : game.lines) {
        if (l.comment) out.notes.push_back(GameRows::Note{l.pos.line, "comment", l.comment->text});
        if (l.is<ngn::Blank>() || l.is<ngn::Tag>()) continue;
        GameRows::Line row{l.pos.line, "", {}, {}, {}, 0, 0};
        if (const auto* h = l.as<ngn::Heading>()) {
            const int k = static_cast<int>(h->kind);
            open[k] = h->label;
            for (int below = k + 1; below < 5; ++below) open[below] = {};
            row.kind = "heading";
        } else {
            read_line(l, out, row, side_number, side_numbers);
        }
        for (int k = 0; k < 5; ++k) row.open[k] = open[k];
        row.text_at = out.texts.size();
        ngn::append_content(out.texts, l);
        row.text_size = out.texts.size() - row.text_at;
        out.lines.push_back(std::move(row));
    }
    return out;
}

void text_or_null(sqlite::Statement& q, int i, std::string_view v) {
    if (v.empty()) q.bind_null(i);
    else q.bind_static(i, v);
}

}  // namespace

void Archive::write_lines(std::int64_t id, const ngn::Game& game, std::string_view record, const std::map<std::string, int>& side_numbers) {
    auto& st = *st_;
    const GameRows rows = rows_of(game, record, side_numbers);
    st.insert_entities.write(rows.entities.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const auto& e = rows.entities[i];
        q.bind(base + 1, id).bind(base + 2, e.line).bind_static(base + 3, e.kind);
        text_or_null(q, base + 4, e.alias);
        q.bind_static(base + 5, e.name);
        if (e.side_number) q.bind(base + 6, e.side_number);
        else q.bind_null(base + 6);
    });
    st.insert_lines.write(rows.lines.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const auto& r = rows.lines[i];
        q.bind(base + 1, id).bind(base + 2, r.line).bind_static(base + 3, r.kind);
        for (int k = 0; k < 5; ++k) text_or_null(q, base + 4 + k, r.open[k]);
        text_or_null(q, base + 9, r.actor);
        text_or_null(q, base + 10, r.verb);
        q.bind_static(base + 11, std::string_view(rows.texts).substr(r.text_at, r.text_size));
    });
    st.insert_notes.write(rows.notes.size(), [&](sqlite::Statement& q, int base, std::size_t i) {
        const auto& n = rows.notes[i];
        q.bind(base + 1, next_note_id_++).bind(base + 2, id).bind(base + 3, n.line).bind_static(base + 4, n.kind).bind_static(base + 5, n.text);
    });
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

// A game's row and the rows stored under it (its earlier versions stay), each table by name: a
// batch writes with the foreign keys off, so nothing cascades there.
void Archive::delete_rows(std::int64_t id) {
    for (const char* table : {"tag", "side", "player", "entity", "line", "note", "finding", "game_file", "game_record"}) {
        sqlite::Statement q(db_, std::string("DELETE FROM ") + table + " WHERE game_id = ?1");
        q.bind(1, id).run();
    }
    sqlite::Statement q(db_, "DELETE FROM game WHERE id = ?1");
    q.bind(1, id).run();
}

// The version of game id stored now goes to its history: as verified by the chain, or, when it
// had been changed outside ironlog, as it was found, marked so (shown, never trusted).
int Archive::keep_version(std::int64_t id, bool as_found, const std::string& problem) {
    const Content now = ledger_->content_of(id);
    sqlite::Statement keep(db_,
                           "INSERT INTO game_history (game_id, version, record, rows_digest, content, source, imported_at, replaced_at, verified, problem)"
                           " SELECT g.id, (SELECT coalesce(max(version), 0) + 1 FROM game_history WHERE game_id = ?1), coalesce(r.record, X''), ?2,"
                           " ?3, g.source, g.imported_at, ?4, ?5, ?6 FROM game g LEFT JOIN game_record r ON r.game_id = g.id WHERE g.id = ?1");
    keep.bind(1, id).bind(2, now.rows).bind(3, now.hash).bind(4, now_utc()).bind(5, as_found ? 0 : 1);
    if (as_found) keep.bind(6, problem);
    keep.run();
    sqlite::Statement version(db_, "SELECT max(version) FROM game_history WHERE game_id = ?1");
    version.bind(1, id);
    version.step();
    return static_cast<int>(version.integer(0));
}

// The game's rows written again from its record, its history kept: what differed, for the chain.
std::string Archive::rewrite_rows(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                  const GameMeta& meta, const std::vector<UsedFile>& files) {
    const std::vector<std::string> before = ledger_->rows_as_text(id);
    delete_rows(id);
    const std::int64_t notes_after = notes_from_here();
    write_game(game, record, sha256_hex(ngn::identity_text(game)), report, meta, id, files);
    index_notes_after(notes_after);
    return differences(before, ledger_->rows_as_text(id));
}

Archive::AddResult Archive::replace(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                    const std::string& source, std::size_t source_index, const std::vector<UsedFile>& files) {
    sqlite::Transaction t(db_);
    const std::string identity = sha256_hex(ngn::identity_text(game));
    if (auto other = stored_as(identity); other && *other != id) return AddResult{Added::Duplicate, *other, 0};
    const auto chained = ledger_->chained(id);
    GameMeta meta = fresh_meta(source, source_index, game.first_line);
    sqlite::Statement old(db_, "SELECT coalesce(r.record, X'') FROM game g LEFT JOIN game_record r ON r.game_id = g.id WHERE g.id = ?1");
    old.bind(1, id);
    if (!old.step()) {
        if (!chained || !chained->content) return AddResult{Added::Missing, id, 0};
        // deleted outside ironlog, and still in the chain: stored again under its number (what
        // was left of its rows goes first)
        delete_rows(id);
        const std::int64_t notes_after = notes_from_here();
        write_game(game, record, identity, report, meta, id, files);
        index_notes_after(notes_after);
        chain("replace", id, game_name(id) + " was not in the archive (deleted outside ironlog; chain entry " + std::to_string(chained->seq) +
                                 " held it): stored again from a record");
        t.commit();
        return AddResult{Added::Replaced, id, 0};
    }
    const Content now = ledger_->content_of(id, chained ? chained->format : 2);
    const bool intact = chained && chained->content && *chained->content == now.hash;
    // earlier versions changed outside ironlog cannot be told apart: all are kept as found, marked
    const std::string marked = chained && chained->history && now.history != *chained->history ? mark_history_as_found(id) : "";
    const bool version_intact = intact || (!marked.empty() && chained->record && now.record == *chained->record &&
                                           ledger_->content_of(id).hash == content_hash(now.record, now.rows, 2, *chained->history));
    if (old.text(0) == record) {
        if (intact) return AddResult{Added::Unchanged, id, 0};
        // the same record over damaged rows: they are rebuilt from it, as it first came
        const std::string diff = rewrite_rows(id, game, record, report, chained && chained->meta ? *chained->meta : meta, files);
        chain("replace", id, marked + "the same record over rows changed outside ironlog: rebuilt; " + diff);
        t.commit();
        return AddResult{Added::Rebuilt, id, 0};
    }
    const int version = keep_version(id, !version_intact, "changed outside ironlog before it was replaced: kept as found, not vouched for");
    delete_rows(id);
    const std::int64_t notes_after = notes_from_here();
    write_game(game, record, identity, report, meta, id, files);
    index_notes_after(notes_after);
    chain("replace", id, marked + (version_intact ? "the version replaced kept as version " + std::to_string(version)
                                                  : "the version replaced had been changed outside ironlog: kept as found, marked so, as version " +
                                                        std::to_string(version)));
    t.commit();
    return AddResult{Added::Replaced, id, version};
}

// Every earlier version of game id marked as found, not vouched for: what the chain holds of them
// (one digest) cannot say which was changed.
std::string Archive::mark_history_as_found(std::int64_t id) {
    sqlite::Statement mark(db_, "UPDATE game_history SET verified = 0, problem = ?2 WHERE game_id = ?1");
    mark.bind(1, id).bind(2, "changed outside ironlog (one of the earlier versions): kept as found, not vouched for").run();
    return "its earlier versions had been changed outside ironlog: kept as found, marked so; ";
}

Archive::Rebuild Archive::rebuild(std::int64_t id, const ngn::Game& game, std::string_view record, const ironlog::GameReport& report,
                                  const std::vector<UsedFile>& files, const std::string& action, bool history_as_found, std::string* out) {
    sqlite::Transaction t(db_);
    const auto chained = ledger_->chained(id);
    if (!chained || !chained->content || !chained->record || !chained->meta) return Rebuild::NotChained;
    if (sha256_hex(record) != *chained->record) return Rebuild::OtherRecord;
    std::string marked;
    if (chained->history && ledger_->content_of(id).history != *chained->history) {
        if (!history_as_found) return Rebuild::HistoryChanged;
        marked = mark_history_as_found(id);
    }
    const std::string diff = marked + rewrite_rows(id, game, record, report, *chained->meta, files);
    chain(action, id, diff);
    t.commit();
    if (out) *out = diff;
    return Rebuild::Done;
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
    chain("recheck", id);
    t.commit();
    return true;
}

// A game and all that is stored with it, its earlier versions too.
bool Archive::remove(std::int64_t id) {
    sqlite::Transaction t(db_);
    sqlite::Statement q(db_, "DELETE FROM game WHERE id = ?1");
    q.bind(1, id).run();
    const bool removed = db_.changes() > 0;
    if (removed) {
        sqlite::Statement history(db_, "DELETE FROM game_history WHERE game_id = ?1");
        history.bind(1, id).run();
        ledger_->append("remove", id, std::nullopt);
    }
    t.commit();
    return removed;
}

}  // namespace archive
