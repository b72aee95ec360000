// Reading the archive: listings, a game, its history and files, the organiser's questions and
// the full-text search. Listings hand each game on as it is read, so memory does not grow with
// the archive.
#include "archive/archive.hpp"
#include "archive/statements.hpp"

namespace archive {

std::vector<GameVersion> Archive::history(std::int64_t id) {
    sqlite::Statement q(db_,
                        "SELECT version, record, coalesce(source, ''), imported_at, replaced_at, verified, coalesce(problem, '')"
                        " FROM game_history WHERE game_id = ?1 ORDER BY version");
    q.bind(1, id);
    std::vector<GameVersion> out;
    while (q.step())
        out.push_back(GameVersion{static_cast<int>(q.integer(0)), q.text(1), q.text(2), q.text(3), q.text(4), q.integer(5) != 0, q.text(6)});
    return out;
}

std::vector<UsedFile> Archive::files(std::int64_t id) {
    sqlite::Statement q(db_, "SELECT tag, name, path, coalesce(sha256, '') FROM game_file WHERE game_id = ?1 ORDER BY tag, name");
    q.bind(1, id);
    std::vector<UsedFile> out;
    while (q.step()) out.push_back(UsedFile{q.text(0), q.text(1), q.text(2), q.text(3)});
    return out;
}

// A game's summary from its row (the columns kSummaryColumns names, in order), its sides and players.
GameSummary Archive::summary_from(const sqlite::Statement& q) {
    GameSummary g;
    g.id = q.integer(0);
    g.event = q.text(1), g.round = q.text(2), g.date = q.text(3), g.ruleset = q.text(4), g.result = q.text(5), g.source = q.text(6);
    g.errors = static_cast<int>(q.integer(7)), g.warnings = static_cast<int>(q.integer(8)), g.notes = static_cast<int>(q.integer(9));
    g.imported_at = q.text(10), g.checked_with = q.text(11);
    auto& s = st_->summary_sides;
    s.bind(1, g.id);
    while (s.step()) g.sides.push_back(GameSummary::Side{static_cast<int>(s.integer(0)), s.text(1), s.text(2), s.text(3), {}});
    s.reset();
    auto& p = st_->summary_players;
    p.bind(1, g.id);
    while (p.step())
        for (auto& side : g.sides)
            if (side.number == p.integer(0)) side.players.push_back(p.text(1));
    p.reset();
    return g;
}

GameSummary Archive::summary_of(std::int64_t id) {
    auto& q = st_->summary_game;
    q.bind(1, id);
    GameSummary g = q.step() ? summary_from(q) : GameSummary{};
    q.reset();
    return g;
}

void Archive::list(const Filter& f, const std::function<void(const GameSummary&)>& each) {
    std::string sql = std::string("SELECT ") + kSummaryColumns + " FROM game g WHERE 1";
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
    // a ruleset and a result are shared by many games: their index must not lead when a
    // narrower filter can (a unary + keeps SQLite from using it); at 1,000,000 games a player's
    // months through the ruleset's index took 0.19 s, through the player's 0.06 s
    const bool narrower = f.event || f.player || f.side || f.from || f.to || f.has_kind;
    add(f.ruleset, narrower ? "+g.ruleset = ?" : "g.ruleset = ?");
    add(f.result, narrower ? "+g.result = ?" : "g.result = ?");
    add(f.from, "g.date_sort >= ?");
    add(f.to, "g.date_sort <= ?");
    // written as IN lists, so that an index on the player, side or finding can lead the search
    // a player's games within the dates, found in one range of the player's index
    if (f.player && (f.from || f.to)) {
        const auto from = f.from.value_or(""), to = f.to.value_or("9999");
        args.push_back(*f.player), args.push_back(from), args.push_back(to);
        const auto n = std::to_string(args.size());
        sql += " AND g.id IN (SELECT p.game_id FROM player p WHERE p.name = ?" + std::to_string(args.size() - 2) + " AND p.date_sort >= ?" +
               std::to_string(args.size() - 1) + " AND p.date_sort <= ?" + n + ")";
    } else {
        add(f.player, "g.id IN (SELECT p.game_id FROM player p WHERE p.name = ?)");
    }
    add(f.side, "g.id IN (SELECT s.game_id FROM side s WHERE s.name = ? OR s.alias = ?)");
    add(f.has_kind, "g.id IN (SELECT x.game_id FROM finding x WHERE x.kind = ? AND x.severity <> 'note')");
    sql += " ORDER BY g.date_sort, g.id";
    Snapshot snapshot(db_);  // the games found and their summaries from one state of the archive
    sqlite::Statement q(db_, sql);
    for (std::size_t i = 0; i < args.size(); ++i) q.bind(static_cast<int>(i) + 1, args[i]);
    while (q.step()) each(summary_from(q));
}

std::vector<GameSummary> Archive::list(const Filter& f) {
    std::vector<GameSummary> out;
    list(f, [&](const GameSummary& g) { out.push_back(g); });
    return out;
}

std::optional<StoredGame> Archive::get(std::int64_t id) {
    sqlite::Statement q(db_, "SELECT coalesce(r.record, X''), g.first_line FROM game g LEFT JOIN game_record r ON r.game_id = g.id WHERE g.id = ?1");
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

void Archive::for_each_id(const std::function<void(std::int64_t)>& each) {
    sqlite::Statement q(db_, "SELECT id FROM game ORDER BY id");
    while (q.step()) each(q.integer(0));
}

std::vector<std::int64_t> Archive::ids() {
    sqlite::Statement q(db_, "SELECT id FROM game ORDER BY id");
    std::vector<std::int64_t> out;
    while (q.step()) out.push_back(q.integer(0));
    return out;
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

namespace {

// The rows of a query of a text and a count.
std::vector<std::pair<std::string, int>> text_counts(sqlite::Statement& q) {
    std::vector<std::pair<std::string, int>> out;
    while (q.step()) out.emplace_back(q.text(0), static_cast<int>(q.integer(1)));
    return out;
}

}  // namespace

std::vector<std::pair<std::string, int>> Archive::rules_broken_in(const std::string& event) {
    sqlite::Statement q(db_,
                        "SELECT coalesce(f.rule, ''), count(*) FROM game g JOIN finding f ON f.game_id = g.id"
                        " WHERE g.event = ?1 AND f.severity <> 'note' GROUP BY 1 ORDER BY 2 DESC, 1");
    q.bind(1, event);
    return text_counts(q);
}

std::vector<std::string> Archive::events_like(const std::string& event, int limit) {
    sqlite::Statement q(db_,
                        "SELECT DISTINCT event FROM game WHERE event IS NOT NULL AND event <> ?1"
                        " AND (event = ?1 COLLATE NOCASE OR instr(lower(event), lower(?1)) > 0) ORDER BY event LIMIT ?2");
    q.bind(1, event);
    q.bind(2, static_cast<std::int64_t>(limit));
    std::vector<std::string> out;
    while (q.step()) out.push_back(q.text(0));
    return out;
}

std::vector<std::pair<std::string, int>> Archive::games_per_ruleset() {
    sqlite::Statement q(db_, "SELECT coalesce(ruleset, '(none)'), count(*) FROM game GROUP BY 1 ORDER BY 2 DESC, 1");
    return text_counts(q);
}

std::vector<std::pair<std::string, int>> Archive::most_cited_rules(int limit) {
    sqlite::Statement q(db_,
                        "SELECT rule, count(*) FROM finding WHERE rule IS NOT NULL AND severity <> 'note' GROUP BY rule"
                        " ORDER BY 2 DESC, 1 LIMIT ?1");
    q.bind(1, limit);
    return text_counts(q);
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
