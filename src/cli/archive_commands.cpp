#include "cli/archive_commands.hpp"
#include "cli/cli_errors.hpp"

#include "archive/archive.hpp"
#include "cli/archive_shared.hpp"
#include "cli/commands.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"

#include <nlohmann/json.hpp>

#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <tuple>

namespace ironlog::cli {

using json = nlohmann::ordered_json;

json summary_json(const archive::GameSummary& g) {
    json sides = json::array();
    for (const auto& s : g.sides)
        sides.push_back(json{{"number", s.number},
                             {"name", s.name},
                             {"alias", s.alias.empty() ? json(nullptr) : json(s.alias)},
                             {"outcome", s.outcome.empty() ? json(nullptr) : json(s.outcome)},
                             {"players", s.players}});
    return json{{"id", g.id},         {"event", g.event},   {"round", g.round},       {"date", g.date},
                {"ruleset", g.ruleset}, {"result", g.result}, {"source", g.source},   {"sides", sides},
                {"errors", g.errors}, {"warnings", g.warnings}, {"notes", g.notes},   {"imported_at", g.imported_at},
                {"checked_with", g.checked_with}};
}

json finding_json(const archive::StoredFinding& f) {
    auto opt = [](const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); };
    json j{{"severity", f.severity}, {"kind", f.kind},   {"rule", opt(f.rule)},   {"file", opt(f.file)},
           {"line", f.line},         {"column", f.column}, {"message", f.message}, {"expected", opt(f.expected)},
           {"recorded", opt(f.recorded)}, {"ruling", nullptr}};
    if (f.ruling_text) j["ruling"] = json{{"line", f.ruling_line.value_or(0)}, {"text", *f.ruling_text}};
    return j;
}

json stored_game_json(const archive::StoredGame& g) {
    json tags = json::object();
    for (const auto& [n, v] : g.tags)
        if (!tags.contains(n)) tags[n] = v;
    json findings = json::array();
    for (const auto& f : g.findings) findings.push_back(finding_json(f));
    json j = summary_json(g.summary);
    j["tags"] = tags;
    j["first_line"] = g.first_line;
    j["findings"] = findings;
    return j;
}

namespace {

namespace fs = std::filesystem;

std::string db_path(const ArchiveArgs& a) { return a.db.empty() ? archive::default_path() : a.db; }

// Writes text line by line, each line put through `show`, the line endings kept as they are.
template <class Show>
void write_lines(std::string_view text, Show&& show) {
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::cout << show(text.substr(at, end - at)) << (nl == std::string_view::npos ? "" : "\n");
        at = end + 1;
    }
}

// A record exactly as stored: byte for byte into a pipe or a file; on a terminal each line with its
// control and bidirectional characters escaped, so that what is shown is what is stored.
void print_record(const std::string& record) {
    if (!isatty(STDOUT_FILENO)) std::cout << record;
    else write_lines(record, [](std::string_view line) { return output::visible(line); });
}

}  // namespace

std::string array_element(const json& j, bool first) {
    std::string out = first ? "[\n" : ",\n";
    const std::string text = j.dump(2, ' ', false, json::error_handler_t::replace);
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string::npos ? text.size() : nl;
        out += "  " + text.substr(at, end - at) + (nl == std::string::npos ? "" : "\n");
        at = end + 1;
    }
    return out;
}

namespace {

// What a failure of SQLite means to the person at the keyboard.
std::string explain(const sqlite::Error& e) {
    switch (e.code()) {
        case SQLITE_FULL: return "the disk is full (or the archive reached its size limit); nothing of the write that failed was stored";
        case SQLITE_READONLY: return "the archive cannot be written (a read-only file or location); nothing was stored";
        case SQLITE_BUSY: return "the archive is held by another process for too long; try again";
        case SQLITE_CORRUPT:
        case SQLITE_NOTADB: return std::string("the archive is damaged: ") + e.what();
        case SQLITE_CANTOPEN: return std::string("the archive cannot be opened: ") + e.what();
        case SQLITE_IOERR: return std::string("a disk error: ") + e.what();
        default: return e.what();
    }
}


// A disk with no room left is said as such, whatever SQLite made of it (a full disk can fail the
// opening of the archive's journal, which SQLite reports as an I/O or open error).
bool disk_full(const std::string& path) {
    struct statvfs st {};
    const fs::path folder = fs::absolute(path).parent_path();
    return ::statvfs(folder.c_str(), &st) == 0 && static_cast<unsigned long long>(st.f_bavail) * st.f_frsize < (1u << 20);
}

std::string sides_text(const archive::GameSummary& g) {
    std::string s;
    for (const auto& side : g.sides) {
        if (!s.empty()) s += " v ";
        s += output::visible(side.name);
        if (!side.players.empty()) {
            s += " (";
            for (std::size_t i = 0; i < side.players.size(); ++i) s += (i ? ", " : "") + output::visible(side.players[i]);
            s += ")";
        }
    }
    return s;
}

// A date bound of --from/--to as the archive sorts dates (YYYY-MM-DD): written with '-' or, as
// in NGN's [Date], with '.'; a year or a year and month stands for all of it. Empty when the
// text is no such date.
std::optional<std::string> date_bound(const std::string& text, bool upper) {
    std::string d = text;
    std::replace(d.begin(), d.end(), '.', '-');
    auto digits = [&](std::size_t at, std::size_t n) {
        return d.size() >= at + n && std::all_of(d.begin() + static_cast<std::ptrdiff_t>(at), d.begin() + static_cast<std::ptrdiff_t>(at + n),
                                                 [](char c) { return c >= '0' && c <= '9'; });
    };
    const std::string rest = upper ? "99" : "00";
    // a month and a day the calendar has (std::chrono), not only digits
    auto number = [&](std::size_t at, std::size_t n) { return static_cast<unsigned>(std::stoi(d.substr(at, n))); };
    const auto month_ok = [&] { return std::chrono::month{number(5, 2)}.ok(); };
    if (d.size() == 4 && digits(0, 4)) return d + "-" + rest + "-" + rest;
    if (d.size() == 7 && digits(0, 4) && d[4] == '-' && digits(5, 2) && month_ok()) return d + "-" + rest;
    if (d.size() == 10 && digits(0, 4) && d[4] == '-' && digits(5, 2) && d[7] == '-' && digits(8, 2) &&
        std::chrono::year_month_day{std::chrono::year{static_cast<int>(number(0, 4))}, std::chrono::month{number(5, 2)}, std::chrono::day{number(8, 2)}}
            .ok())
        return d;
    return std::nullopt;
}

}  // namespace

std::optional<archive::Filter> archive_filter(const ArchiveArgs& a) {
    if (a.has && *a.has == "syntax") {  // archive add refuses such records: none is ever stored
        error_out() << "--has syntax: a record with syntax errors is not stored (archive add refuses it), so no game has them; "
                     "check the file itself (ironlog check)\n";
        return std::nullopt;
    }
    archive::Filter f{a.event, a.round, a.player, a.side, a.ruleset, a.from, a.to, a.result, a.has};
    for (auto [bound, upper, name] : {std::tuple{&f.from, false, "--from"}, std::tuple{&f.to, true, "--to"}}) {
        if (!*bound) continue;
        auto d = date_bound(**bound, upper);
        if (!d) {
            error_out() << name << " " << output::visible(**bound) << ": expected a date such as 2026-03-01 or 2026.03.01 (or 2026-03, 2026)\n";
            return std::nullopt;
        }
        *bound = *d;
    }
    return f;
}

namespace {

int list(const ArchiveArgs& a, archive::Archive& ar) {
    const auto f = archive_filter(a);
    if (!f) return 2;
    std::size_t games = 0;
    // each game written as it is read: memory holds one, whatever the archive's size
    ar.list(*f, [&](const archive::GameSummary& g) {
        if (a.format == "json") {
            std::cout << array_element(summary_json(g), games == 0);
        } else {
            std::cout << "#" << g.id << "  " << (g.date.empty() ? "????.??.??" : output::visible(g.date)) << "  " << output::visible(g.ruleset) << "  "
                      << output::visible(g.event) << (g.round.empty() ? "" : ", round " + output::visible(g.round)) << "  " << sides_text(g) << "  "
                      << (g.result.empty() ? "*" : output::visible(g.result)) << "  (" << count_of(g.errors, "error") << ", " << count_of(g.warnings, "warning") << ")\n";
        }
        ++games;
    });
    if (a.format == "json") std::cout << (games ? "\n]\n" : "[]\n");
    else std::cout << games << " game" << (games == 1 ? "" : "s") << "\n";
    return 0;
}

int show(const ArchiveArgs& a, archive::Archive& ar) {
    int status = 0;
    for (auto id : a.ids) {
        auto g = ar.get(id);
        if (!g) {
            error_out() << "no game #" << id << " in " << ar.path() << "\n";
            status = 1;
            continue;
        }
        const auto versions = ar.history(id);
        if (a.text && a.version > 0) {
            if (a.version > static_cast<int>(versions.size())) {
                error_out() << "game #" << id << " has " << count_of(versions.size(), "earlier version") << ", no version " << a.version << "\n";
                status = 1;
                continue;
            }
            print_record(versions[static_cast<std::size_t>(a.version) - 1].record);
            continue;
        }
        if (a.text) {
            print_record(g->record);  // exactly as it was read
            continue;
        }
        if (a.format == "json") {
            std::cout << stored_game_json(*g).dump(2) << "\n";
            continue;
        }
        std::cout << "Game #" << id << " (from " << output::visible(g->summary.source) << ", imported " << g->summary.imported_at << ", checked with ironlog "
                  << g->summary.checked_with << ")\n";
        for (const auto& [n, v] : g->tags) std::cout << "[" << output::visible(n) << " " << output::visible(ngn::quote(v)) << "]\n";
        std::cout << "Result: " << (g->summary.result.empty() ? "*" : g->summary.result) << "\n";
        for (const auto& s : g->summary.sides) {
            std::cout << "Side " << s.number << ": " << output::visible(s.name) << (s.alias.empty() ? "" : " (" + output::visible(s.alias) + ")");
            for (std::size_t i = 0; i < s.players.size(); ++i) std::cout << (i ? ", " : " - ") << output::visible(s.players[i]);
            std::cout << (s.outcome.empty() ? "" : ": " + s.outcome) << "\n";
        }
        for (const auto& v : versions)
            std::cout << "Earlier version " << v.version << ": imported " << v.imported_at << " from " << output::visible(v.source) << ", replaced "
                      << v.replaced_at << (v.verified ? "" : " (NOT VOUCHED FOR: " + output::visible(v.problem) + ")") << " (archive show " << id
                      << " --text --version " << v.version << ")\n";
        for (const auto& f : ar.files(id))
            std::cout << "File [" << f.tag << "] " << output::visible(f.name) << ": " << output::visible(f.path) << ", "
                      << (f.sha256.empty() ? "not found when stored" : "sha256 " + f.sha256) << "\n";
        std::cout << "Findings: " << count_of(g->summary.errors, "error") << ", " << count_of(g->summary.warnings, "warning") << ", "
                  << count_of(g->summary.notes, "note") << "\n";
        for (const auto& f : g->findings) {
            std::cout << "#" << id << ":" << f.line << ":" << f.column << ": " << f.severity << ": " << output::visible(f.message);
            if (f.rule) std::cout << " [" << *f.rule << "]";
            if (f.kind != "syntax") std::cout << " (" << f.kind << ")";
            std::cout << "\n";
            if (f.expected) std::cout << "  expected: " << output::visible(*f.expected) << "\n";
            if (f.recorded) std::cout << "  recorded: " << output::visible(*f.recorded) << "\n";
            if (f.ruling_text) std::cout << "  ruled at line " << f.ruling_line.value_or(0) << ": \"" << output::visible(*f.ruling_text) << "\"\n";
        }
    }
    return status;
}

int remove(const ArchiveArgs& a, archive::Archive& ar) {
    int status = 0;
    for (auto id : a.ids) {
        if (ar.remove(id)) std::cout << "game #" << id << " removed\n";
        else {
            error_out() << "no game #" << id << " in " << ar.path() << "\n";
            status = 1;
        }
    }
    return status;
}

int query(const ArchiveArgs& a, archive::Archive& ar) {
    const bool as_json = a.format == "json";
    if (a.query == "standings") {
        if (a.query_arg.empty()) {
            error_out() << "'archive query standings' needs the event: --event \"...\"\n";
            return 2;
        }
        auto rows = ar.standings(a.query_arg);
        if (as_json) {
            json out = json::array();
            for (const auto& r : rows)
                out.push_back(json{{"player", r.player}, {"games", r.games}, {"wins", r.wins}, {"losses", r.losses}, {"draws", r.draws}});
            std::cout << out.dump(2) << "\n";
        } else {
            std::cout << "Standings, " << output::visible(a.query_arg) << " (won, drawn, lost of games):\n";
            for (const auto& r : rows)
                std::cout << "  " << output::visible(r.player) << "  " << r.wins << " won, " << r.draws << " drawn, " << r.losses << " lost of " << r.games << "\n";
        }
    } else if (a.query == "rulesets" || a.query == "rules") {
        auto rows = a.query == "rulesets" ? ar.games_per_ruleset() : ar.most_cited_rules(a.limit < 0 ? 20 : a.limit);
        if (as_json) {
            json out = json::array();
            for (const auto& [k, n] : rows) out.push_back(json{{a.query == "rulesets" ? "ruleset" : "rule", k}, {a.query == "rulesets" ? "games" : "findings", n}});
            std::cout << out.dump(2) << "\n";
        } else {
            for (const auto& [k, n] : rows) std::cout << "  " << n << "  " << output::visible(k) << "\n";
        }
    } else if (a.query == "search") {
        const auto result = ar.search(a.query_arg, a.limit < 0 ? 200 : a.limit);
        const auto& hits = result.hits;
        if (as_json) {
            json out = json::array();
            for (const auto& h : hits)
                out.push_back(json{{"game", h.game_id}, {"line", h.line}, {"kind", h.kind}, {"text", h.text}, {"event", h.event}});
            std::cout << out.dump(2) << "\n";
        } else {
            for (const auto& h : hits) std::cout << "#" << h.game_id << ":" << h.line << ": " << h.kind << ": " << output::visible(h.text) << "\n";
            if (static_cast<std::int64_t>(hits.size()) < result.total)
                std::cout << "the newest " << hits.size() << " of " << result.total << " matches (--limit N shows more, 0 all)\n";
            else
                std::cout << hits.size() << " match" << (hits.size() == 1 ? "" : "es") << "\n";
        }
    } else {
        error_out() << "unknown query '" << a.query << "': standings, rulesets, rules or search\n";
        return 2;
    }
    return 0;
}

int upgrade(archive::Archive& ar) {
    const auto& r = ar.upgrade_report();
    if (r.from == r.to) {
        std::cout << "the archive is at schema version " << r.to << " already: nothing to upgrade\n";
        return 0;
    }
    for (const auto& n : r.notes) std::cout << "note: " << output::visible(n.what) << "\n";
    for (const auto& p : r.adopted_unverified) std::cout << "adopted unverified: " << output::visible(p.what) << "\n";
    std::cout << "upgraded from schema version " << r.from << " to " << r.to << ": " << count_of(r.games, "game") << " chained again, "
              << (r.games - static_cast<std::int64_t>(std::count_if(r.adopted_unverified.begin(), r.adopted_unverified.end(),
                                                                     [](const archive::Problem& p) { return p.game_id != 0; })))
              << " of them verified first; " << r.adopted_unverified.size() << " adopted unverified\n";
    return r.adopted_unverified.empty() ? 0 : 1;
}

}  // namespace

void add_filter_options(CLI::App* c, ArchiveArgs& a) {
    c->add_option("--event", a.event, "games of this event");
    c->add_option("--round", a.round, "games of this round");
    c->add_option("--player", a.player, "games this player played in");
    c->add_option("--side", a.side, "games with this side (name or alias)");
    c->add_option("--ruleset", a.ruleset, "games of this ruleset");
    c->add_option("--from", a.from, "games played on or after this date: YYYY-MM-DD or YYYY.MM.DD; YYYY-MM or YYYY for all of it");
    c->add_option("--to", a.to, "games played on or before this date: YYYY-MM-DD or YYYY.MM.DD; YYYY-MM or YYYY for all of it");
    c->add_option("--result", a.result, "games with this [Result]");
    c->add_option("--has", a.has, "games with an error or warning of this kind: illegal, wrong-result, inconsistent, unverifiable")
        ->check(one_of({"illegal", "wrong-result", "inconsistent", "unverifiable", "syntax"}));
}

CLI::App* add_archive_commands(CLI::App& app, ArchiveArgs& a) {
    auto* ar = app.add_subcommand("archive", "keep games and their findings in an SQLite archive, and search it");
    ar->fallthrough();
    ar->require_subcommand(1);
    ar->add_option("--db", a.db, "the archive file (default: $IRONLOG_DB, else $XDG_DATA_HOME/ironlog/archive.db or ~/.local/share/ironlog/archive.db)")
        ->type_name("PATH");

    a.init = ar->add_subcommand("init", "make an archive");
    a.upgrade = ar->add_subcommand("upgrade", "bring an archive of an older ironlog up to date, saying which games it adopts unverified");
    a.add = ar->add_subcommand("add", "check records and store them with their findings; the same text is stored once");
    a.add->add_option("files", a.files, "NGN files")->type_name("FILE");
    a.add->add_flag("--recheck", a.recheck, "check every stored game again with this ironlog and replace its findings");
    a.add->add_flag("--unverified", a.unverified,
                    "with --recheck: games that fail 'archive verify' are rebuilt from their chained records and rechecked (not refused)");
    a.add->add_option("--max-findings", a.max_findings, "store at most this many findings of a game, and a note of how many more (0: all)")
        ->capture_default_str();
    add_game_size_option(a.add, a.max_game_bytes);
    add_jobs_option(a.add, a.jobs);
    a.add->add_option("--replace", a.replace, "store the one game of FILE in place of game N (a corrected record); the old version is kept")
        ->type_name("N")
        ->check(at_least(1));

    a.restore = ar->add_subcommand("restore", "rebuild games changed outside ironlog from their chained records (and the search index from the notes)");
    a.restore->add_option("ids", a.ids, "game numbers")->type_name("ID");
    a.restore->add_flag("--search-index", a.search_index, "rebuild the full-text index of the notes from the notes");
    a.restore->add_flag("--history-as-found", a.history_as_found,
                        "keep earlier versions changed outside ironlog as they were found, marked as not vouched for");

    auto format = [](CLI::App* c, std::string& f, std::vector<std::string> allowed) {
        c->add_option("-f,--format", f, "output format")->check(one_of(std::move(allowed)))->capture_default_str();
    };
    a.list = ar->add_subcommand("list", "list games, with filters");
    add_filter_options(a.list, a);
    format(a.list, a.format, {"text", "json"});
    add_dice_command(ar, a);
    format(a.dice, a.format, {"text", "json"});
    add_report_command(ar, a);

    a.show = ar->add_subcommand("show", "show a game: header, result and findings, or its record as it was read");
    a.show->add_option("ids", a.ids, "game numbers")->required()->type_name("ID");
    a.show->add_flag("--text", a.text, "print the original record exactly, byte for byte");
    a.show->add_option("--version", a.version, "with --text: an earlier version of the game, replaced by 'add --replace'")
        ->type_name("K")
        ->check(at_least(1));
    format(a.show, a.format, {"text", "json"});

    a.query_cmd = ar->add_subcommand("query", "answer an organiser's question: standings, rulesets, rules, search");
    a.query_cmd->add_option("question", a.query, "standings (needs --event), rulesets, rules (most cited in findings) or search TEXT")
        ->required()
        ->check(one_of({"standings", "rulesets", "rules", "search"}));
    a.query_cmd->add_option("text", a.query_arg, "for search: the words to find in notes, comments and rulings");
    a.query_cmd->add_option("--event", a.query_arg, "for standings: the event");
    a.query_cmd->add_option("--limit", a.limit, "how many: rules (default 20), search (default 200; 0: all)");
    format(a.query_cmd, a.format, {"text", "json"});

    a.exp = ar->add_subcommand("export", "write games out as NGN (their records as read) or JSON");
    a.exp->add_option("ids", a.ids, "game numbers (default: all)")->type_name("ID");
    a.exp->add_option("-f,--format", a.format, "ngn or json")->check(one_of({"ngn", "json"}));
    a.exp->add_option("-o,--output", a.output, "write to FILE (the files the records name are then found from FILE's folder)")->type_name("FILE");
    a.exp->add_flag("--bundle", a.bundle, "with -o: copy the files the records name beside FILE, and name them there");
    a.exp->add_option("--manifest", a.manifest, "also write a manifest (the chain's head, each game's hash) for 'archive verify --manifest'")
        ->type_name("FILE");
    a.exp->add_option("--sign", a.sign_key, "with --manifest: sign it with this private key ('archive keygen')")->type_name("KEY");

    a.verify = ar->add_subcommand("verify", "recompute every hash: report each game or chain entry changed outside ironlog, and damage");
    a.verify->add_option("--manifest", a.manifest, "also check the archive against a manifest written by 'archive export --manifest'")
        ->type_name("FILE");
    a.verify->add_option("--key", a.public_key, "with --manifest: the organiser's public key; the manifest's signature must hold")->type_name("PUB");
    format(a.verify, a.format, {"text", "json"});

    a.rm = ar->add_subcommand("rm", "delete games and everything stored with them");
    a.rm->add_option("ids", a.ids, "game numbers")->required()->type_name("ID");

    a.vacuum = ar->add_subcommand("vacuum", "give the space of removed games back to the disk (SQLite's VACUUM); what is stored is unchanged");
    a.keygen = ar->add_subcommand("keygen", "make a key pair to sign manifests with: FILE (private) and FILE.pub");
    a.keygen->add_option("file", a.key_file, "where the private key goes")->required()->type_name("FILE");
    return ar;
}

namespace {

int run_on_archive(const ArchiveArgs& a, const std::string& path) {
    if (*a.init) {
        archive::Archive ar(path, archive::Mode::Create);
        std::cout << "archive ready at " << output::visible(path) << " (schema version " << ar.schema_version() << ")\n";
        return 0;
    }
    if (*a.upgrade) {
        archive::Archive ar(path, archive::Mode::Upgrade);
        return upgrade(ar);
    }
    if (*a.add) {
        if (a.files.empty() && !a.recheck) {
            error_out() << "'archive add' needs files, or --recheck\n";
            return 2;
        }
        archive::Archive ar(path, archive::Mode::Create);
        if (a.replace) return archive_replace(a, ar);
        int status = a.files.empty() ? 0 : archive_add(a, ar);
        if (a.recheck) status = std::max(status, archive_recheck(a, ar));
        return status;
    }
    const bool writes = *a.rm || *a.restore || *a.vacuum;
    archive::Archive ar(path, writes ? archive::Mode::Write : archive::Mode::Read);
    if (!ar.schema_problems().empty() && !*a.verify)
        std::cerr << "ironlog: warning: " << output::visible(path) << "'s schema is not the one ironlog made: what it shows may not be what was "
                  << "stored ('archive verify' says what differs)\n";
    if (*a.list) return list(a, ar);
    if (*a.dice) return archive_dice(a, ar);
    if (*a.report) return archive_report(a, ar);
    if (*a.show) return show(a, ar);
    if (*a.query_cmd) return query(a, ar);
    if (*a.exp) {
        ArchiveArgs copy = a;
        if (copy.format == "text") copy.format = "ngn";
        return archive_export(copy, ar);
    }
    if (*a.rm) return remove(a, ar);
    if (*a.restore) return archive_restore(a, ar);
    if (*a.verify) return archive_verify(a, ar);
    if (*a.vacuum) {
        ar.vacuum();
        std::cout << "vacuumed " << output::visible(path) << "\n";
        return 0;
    }
    return 2;
}

}  // namespace

int say_disk_full(const std::string& path) {
    error_out() << output::visible(path) << ": the disk is full: nothing of the write that failed was stored; free some space and "
              << "run the command again (the archive itself is intact: 'archive verify' checks it)\n";
    return 2;
}

int run_archive(const ArchiveArgs& a) {
    if (*a.keygen) return archive_keygen(a);
    const std::string path = db_path(a);
    try {
        return run_on_archive(a, path);
    } catch (const archive::OpenError& e) {
        if (disk_full(path)) return say_disk_full(path);
        error_out() << output::visible(e.what()) << "\n";
        return 2;
    } catch (const sqlite::Error& e) {
        if (disk_full(path)) return say_disk_full(path);
        if (*a.verify && e.code() == SQLITE_ERROR) {  // a table or column ironlog made is gone: that is the verdict
            std::cout << "verify: the archive's tables were changed outside ironlog (" << output::visible(e.what()) << ")\n"
                      << "NOT verified\n";
            return 1;
        }
        error_out() << output::visible(path) << ": " << explain(e) << "\n";
        return 2;
    }
}

}  // namespace ironlog::cli


