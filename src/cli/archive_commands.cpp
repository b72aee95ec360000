#include "cli/archive_commands.hpp"

#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "check/file_report.hpp"
#include "cli/commands.hpp"
#include "cli/progress.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"
#include "rules/registry.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <tuple>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace ironlog::cli {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

std::string db_path(const ArchiveArgs& a) { return a.db.empty() ? archive::default_path() : a.db; }

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

std::string sides_text(const archive::GameSummary& g) {
    std::string s;
    for (const auto& side : g.sides) {
        if (!s.empty()) s += " v ";
        s += side.name;
        if (!side.players.empty()) {
            s += " (";
            for (std::size_t i = 0; i < side.players.size(); ++i) s += (i ? ", " : "") + side.players[i];
            s += ")";
        }
    }
    return s;
}

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

// Games are stored a batch at a time (Archive::begin_batch): a game's line is printed once
// its batch is committed, so what `add` says is stored is stored, even if the process is
// killed the next moment; a batch not committed is not stored at all, and adding the file
// again picks up where it stopped (what is there already is recognised by its text).
class BatchedOutput {
public:
    enum class Said { Stored, Duplicate, Refused };
    BatchedOutput(archive::Archive& ar, Progress& progress) : ar_(ar), progress_(progress) {}
    // Before storing a game: a batch is open.
    void before_store(std::string where) {
        if (!ar_.in_batch()) ar_.begin_batch();
        storing_ = std::move(where);
    }
    // A file, not a pipe: its next game is there to read at once. From a pipe or a terminal
    // the next game may be a long time coming, so each game is committed as it is read (a
    // batch would hold the archive's write lock, and the game unreported, while waiting).
    void reading(bool a_file) { batched_ = a_file; }
    // What to print about a game once its batch is committed (refusals too, to keep the order).
    void say(std::string line, Said said) {
        pending_.emplace_back(std::move(line), said);
        storing_.clear();
        if (!batched_ || ar_.batch_due()) commit();
    }
    void commit() {
        if (ar_.in_batch()) ar_.commit_batch();
        progress_.clear();
        for (const auto& [line, said] : pending_) std::cout << line;
        std::cout << std::flush;
        pending_.clear();
    }
    // After a failure the batch is rolled back: the refusals still hold, the rest is withdrawn.
    void failed() {
        progress_.clear();
        std::size_t before = 0;  // games of the batch stored before the failure
        for (const auto& [line, said] : pending_) {
            if (said == Said::Refused) std::cout << line;
            else if (said == Said::Stored) ++before;
        }
        std::cout << std::flush;
        if (before == 0 && storing_.empty()) return;
        const std::string games = std::to_string(before) + (before == 1 ? " game" : " games");
        const std::string what = storing_.empty() ? "the " + games + " read since the last commit"
                                 : before == 0    ? storing_
                                                  : storing_ + " and the " + games + " read before it";
        const bool one = before + (storing_.empty() ? 0 : 1) == 1;
        std::cerr << "ironlog: " << what << (one ? " is not in the archive (nothing of it is stored)" : " are not in the archive (nothing of them is stored)")
                  << "; adding the files again stores them\n";
    }

private:
    archive::Archive& ar_;
    Progress& progress_;
    std::vector<std::pair<std::string, Said>> pending_;
    std::string storing_;  // the game being stored
    bool batched_ = true;
};

// The files a record names ([Tables], [Map], [Library]), looked for beside it as check looks for
// them, each with the sha256 of its content: stored with the game, so that a recheck can say which
// have changed. A file is hashed once a run (again if its size or time changes).
class UsedFiles {
public:
    std::vector<archive::UsedFile> of(const ngn::Game& game, const fs::path& base_dir) {
        std::vector<archive::UsedFile> out;
        for (const char* tag : {"Tables", "Map", "Library"}) {
            const ngn::Tag* t = game.tag(tag);
            if (!t) continue;
            for (const auto& name : ngn::split_list(t->value)) {
                const fs::path p = (base_dir / name).lexically_normal();
                out.push_back(archive::UsedFile{tag, name, p.string(), hash(p)});
            }
        }
        return out;
    }

private:
    std::string hash(const fs::path& p) {
        std::error_code ec;
        if (!fs::is_regular_file(p, ec)) return "";
        const auto size = fs::file_size(p, ec);
        const auto time = fs::last_write_time(p, ec);
        auto& k = known_[p.string()];
        if (k.sha.empty() || k.size != size || k.time != time) {
            std::ifstream in(p, std::ios::binary);
            archive::Sha256 h;
            std::vector<char> block(1 << 16);
            while (in) {
                in.read(block.data(), static_cast<std::streamsize>(block.size()));
                h.update(std::string_view(block.data(), static_cast<std::size_t>(in.gcount())));
            }
            k = Known{size, time, in.bad() ? "" : h.hex()};
        }
        return k.sha;
    }
    struct Known {
        std::uintmax_t size = 0;
        fs::file_time_type time{};
        std::string sha;
    };
    std::map<std::string, Known> known_;
};

// At most `most` findings of a game are stored (0: all); a note in their place says how many more
// there were, so that a hostile record cannot fill the archive with findings.
void keep_first_findings(GameReport& report, std::size_t most) {
    if (most == 0 || report.findings.size() <= most) return;
    const std::size_t more = report.findings.size() - most;
    const ngn::SourcePos at = report.findings[most].pos;
    report.findings.resize(most);
    report.findings.push_back(make_finding(Severity::Note, Kind::Inconsistent, RuleRef{}, at,
                                           std::to_string(more) + " more findings from here are not stored (archive add --max-findings " +
                                               std::to_string(most) + "); 'ironlog check' shows them all"));
}

int add(const ArchiveArgs& a, archive::Archive& ar) {
    int status = 0;
    UsedFiles used;
    std::size_t added = 0, duplicates = 0, refused = 0, done = 0;
    Progress progress("adding", a.files.size());
    BatchedOutput out(ar, progress);
    try {
        for (const auto& path : a.files) {
            ++done;
            progress.show(done, path);
            // Read a block at a time: the window holds the game being read, not the file.
            std::string error;
            auto in = open_record(path, error);
            if (!in) {
                out.commit();
                spdlog::error("{}: {}", path, error);
                status = 2;
                continue;
            }
            out.reading(regular_file(path));
            auto show_error = [&](const ngn::SyntaxError& e, const ngn::SourceExcerpts& lines) {
                ngn::SourceExcerpts excerpt(path);
                excerpt.keep(e.pos.line, lines.line(e.pos.line));
                output::write_finding_text(std::cerr, excerpt, make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message),
                                           true);
            };
            const CheckOptions options = options_for(path);
            // Read and checked on the threads; stored here, in file order, in batches.
            struct Read {
                ngn::Game game;
                std::string record;              // the game's text as it stands in the file
                std::optional<GameReport> report;  // none when it does not read
                ngn::SourceExcerpts error_lines;
            };
            auto read_game = [&](ngn::Game&& game, const ngn::LineWindow& window) {
                Read r{std::move(game), {}, std::nullopt, ngn::SourceExcerpts(path)};
                if (!r.game.errors.empty()) {
                    for (const auto& e : r.game.errors) r.error_lines.keep(e.pos.line, window.line(e.pos.line));
                    return r;
                }
                r.record = window.raw_lines(r.game.first_line, r.game.last_line);
                r.report = check_game(r.game, 0, options);
                keep_first_findings(*r.report, a.max_findings);
                return r;
            };
            std::size_t index = 0;
            auto add_game = [&](Read&& r) {
                const ngn::Game& game = r.game;
                ++index;  // in file order: a thread does not know how many games came before
                if (r.report) r.report->index = index;
                const std::string where = output::visible(path) + ": game " + std::to_string(index);
                if (!game.errors.empty()) {
                    // A record that does not read is refused, with its errors: nothing is stored.
                    progress.clear();
                    for (const auto& e : game.errors) show_error(e, r.error_lines);
                    out.say(where + " (line " + std::to_string(game.first_line) + ") refused: it has syntax errors\n",
                            BatchedOutput::Said::Refused);
                    ++refused;
                    status = std::max(status, 1);
                    return;
                }
                const GameReport& report = *r.report;
                out.before_store(where);
                // stored with its full path: a recheck from any folder finds the files it names
                auto stored = ar.add(game, r.record, report, path == "-" ? path : fs::absolute(path).lexically_normal().string(), index,
                                     used.of(game, fs::absolute(options.base_dir)));
                if (stored.status == archive::Archive::Added::Duplicate) {
                    ++duplicates;
                    out.say(where + " already stored as game " + std::to_string(stored.id) + " (the same game; 'archive add --replace " +
                                std::to_string(stored.id) + "' stores this version in its place)\n",
                            BatchedOutput::Said::Duplicate);
                } else {
                    ++added;
                    out.say(where + " archived as #" + std::to_string(stored.id) + " (" + std::to_string(report.count(Severity::Error)) +
                                " errors, " + std::to_string(report.count(Severity::Warning)) + " warnings)\n",
                            BatchedOutput::Said::Stored);
                }
                progress.show(done, path, index);
            };
            ngn::ParseOptions parse_options{0};
            parse_options.max_game_bytes = a.max_game_bytes;
            // A game waiting to be stored is held read (some 50 times its text): smaller chunks than
            // check's keep what waits within a few MiB a thread.
            Threads threads = threads_for(a.jobs, path);
            threads.chunk_bytes = std::size_t{32} << 10;
            const StreamRead read = for_each_game<Read>(*in, path, parse_options, threads, read_game, add_game);
            const ngn::FileErrors& outside_errors = read.errors;
            out.commit();  // each file's games are stored when its last game is read
            if (!outside_errors.errors.empty()) {
                for (const auto& e : outside_errors.errors) show_error(e, read.outside);
                status = std::max(status, 1);
            }
            if (in->bad()) {
                spdlog::error("{}: could not read the file after line {}: {}", path, read.last_line, std::strerror(errno));
                status = 2;
            }
            if (index == 0 && outside_errors.errors.empty()) {
                std::cout << output::visible(path) << ": no game in this file\n";
                status = std::max(status, 1);
            }
        }
    } catch (const sqlite::Error&) {
        // The batch is rolled back (by add, or by the archive when it closes): say which games went with it.
        out.failed();
        throw;
    }
    progress.clear();
    std::cout << added << " archived, " << duplicates << " already there, " << refused << " refused\n";
    return status;
}

// The stored games are read here, checked on the threads (-j) and their findings replaced here,
// in the order of their numbers.
int recheck(const ArchiveArgs& a, archive::Archive& ar) {
    std::size_t done = 0, refused = 0;
    UsedFiles used;
    struct Stored {
        std::int64_t id = 0;
        std::optional<archive::StoredGame> game;  // none: not rechecked (refused, or gone)
        bool refused = false;
    };
    struct Rechecked {
        Stored stored;
        std::optional<ngn::Game> game;
        GameReport report;
        CheckOptions options{ironlog::all_rulesets()};
    };
    const std::vector<std::int64_t> ids = ar.ids();
    std::size_t next = 0;
    auto take = [&]() -> std::optional<Stored> {
        if (next == ids.size()) return std::nullopt;
        Stored s{ids[next++], std::nullopt, false};
        // a game changed outside ironlog is not judged again: its new findings would launder the edit
        if (!a.unverified && !ar.verified(s.id)) s.refused = true;
        else s.game = ar.get(s.id);
        return s;
    };
    auto check = [](Stored&& s) {
        Rechecked r{std::move(s), std::nullopt, GameReport{}};
        if (!r.stored.game) return r;
        const archive::StoredGame& g = *r.stored.game;
        // The stored record is read again and checked as it stands in its own text; the
        // findings keep the line numbers of the file it came from.
        auto parsed = ngn::parse_text(g.record);
        if (parsed.games.size() != 1) return r;
        r.game = std::move(parsed.games.front());
        r.options.base_dir = fs::path(g.summary.source).parent_path();
        if (r.options.base_dir.empty()) r.options.base_dir = ".";
        r.report = check_game(*r.game, 1, r.options);
        auto shift = [&](ngn::SourcePos& p) {
            if (p.line) p.line += g.first_line - 1;
        };
        for (auto& f : r.report.findings) {
            if (f.file.empty()) shift(f.pos);
            if (f.ruling) shift(f.ruling->pos);
        }
        return r;
    };
    auto replace = [&](Rechecked&& r) {
        const std::int64_t id = r.stored.id;
        if (r.stored.refused) {
            std::cerr << "ironlog: game #" << id << " fails verification (changed outside ironlog; 'archive verify' says how): not rechecked "
                      << "(--unverified rechecks it anyway)\n";
            ++refused;
            return;
        }
        if (!r.game) return;
        // the files the record names, against what they were when the game was stored
        const auto now = used.of(*r.game, r.options.base_dir);
        for (const auto& then : ar.files(id))
            for (const auto& f : now)
                if (f.tag == then.tag && f.name == then.name && f.sha256 != then.sha256)
                    std::cerr << "ironlog: game #" << id << ": [" << f.tag << "] " << output::visible(f.name)
                              << (f.sha256.empty() ? " is no longer at " + output::visible(f.path) + ": rechecked without it"
                                                   : " has changed since the game was stored: rechecked with it as it is now")
                              << "\n";
        ar.replace_findings(id, r.report, now);
        ++done;
    };
    run_in_order<Stored, Rechecked>(threads_for(a.jobs).jobs, take, check, replace);
    std::cout << done << " games rechecked with ironlog " << IRONLOG_VERSION << (refused ? ", " + std::to_string(refused) + " refused" : "") << "\n";
    return refused ? 1 : 0;
}

// The one game of a file, read whole: what --replace stores in place of a game.
int replace(const ArchiveArgs& a, archive::Archive& ar) {
    if (a.files.size() != 1) {
        std::cerr << "ironlog: --replace " << *a.replace << " needs one file, holding the corrected record of that game\n";
        return 2;
    }
    const std::string& path = a.files.front();
    std::string error;
    auto in = open_record(path, error);
    if (!in) {
        spdlog::error("{}: {}", path, error);
        return 2;
    }
    // read a game at a time, as add does: the first is kept with its text, the rest counted
    ngn::ParseOptions po;
    po.max_game_bytes = a.max_game_bytes;
    ngn::LineWindow window;
    std::optional<ngn::Game> first;
    std::string record;
    std::size_t games = 0, errors = 0;
    ngn::FileErrors outside = ngn::read_games(
        *in, window,
        [&](ngn::Game&& g) {
            errors += g.errors.size();
            if (++games == 1) {
                record = std::string(window.raw_lines(g.first_line, g.last_line));
                first = std::move(g);
            }
            window.release_through(window.last());
        },
        po);
    if (games != 1) {
        std::cerr << "ironlog: " << output::visible(path) << ": --replace needs exactly one game in the file; it holds " << games << "\n";
        return 2;
    }
    ngn::Game& game = *first;
    if (errors > 0 || !outside.errors.empty()) {
        std::cerr << "ironlog: " << output::visible(path) << ": the record has syntax errors ('ironlog check' shows them): nothing replaced\n";
        return 1;
    }
    const CheckOptions options = options_for(path);
    GameReport report = check_game(game, 1, options);
    auto r = ar.replace(*a.replace, game, record, report, path == "-" ? path : fs::absolute(path).lexically_normal().string(), 1,
                        UsedFiles().of(game, fs::absolute(options.base_dir)));
    using archive::Archive;
    switch (r.status) {
        case Archive::Added::Missing: std::cerr << "ironlog: no game #" << r.id << " in " << output::visible(ar.path()) << ": nothing replaced\n"; return 1;
        case Archive::Added::Duplicate:
            std::cerr << "ironlog: " << output::visible(path) << " is game #" << r.id << ", stored already: nothing replaced\n";
            return 1;
        case Archive::Added::Unchanged: std::cout << output::visible(path) << " is game #" << r.id << " byte for byte: nothing to replace\n"; return 0;
        default: break;
    }
    const auto versions = ar.history(r.id);
    std::cout << output::visible(path) << " replaced game #" << r.id << " (" << report.count(Severity::Error) << " errors, "
              << report.count(Severity::Warning) << " warnings); the version it replaced is kept as version " << versions.size() << " of its history\n";
    return 0;
}

// Each problem on a line of its own, then the verdict: exit 1 when anything does not match.
int verify(const ArchiveArgs& a, archive::Archive& ar) {
    archive::Verification v = ar.verify(true);
    if (!a.manifest.empty()) {
        std::ifstream in(a.manifest, std::ios::binary);
        if (!in) {
            std::cerr << "ironlog: cannot read the manifest " << output::visible(a.manifest) << ": " << std::strerror(errno) << "\n";
            return 2;
        }
        json m = json::parse(in, nullptr, false);
        if (m.is_discarded() || !m.is_object() || !m.contains("chain") || !m["chain"].is_object() || !m["chain"].contains("entries") ||
            !m["chain"]["entries"].is_number_integer() || !m["chain"].contains("head") || !m["chain"]["head"].is_string() || !m.contains("games") ||
            !m["games"].is_array()) {
            std::cerr << "ironlog: " << output::visible(a.manifest) << " is not an ironlog manifest (as 'archive export --manifest' writes)\n";
            return 2;
        }
        const auto entries = m["chain"]["entries"].get<std::int64_t>();
        const auto head = m["chain"]["head"].get<std::string>();
        const auto at = ar.chain_hash(entries);
        if (!at || *at != head)
            v.problems.push_back({0, "the chain's entry " + std::to_string(entries) + (at ? " is not" : " is missing, not") +
                                         " the manifest's head: the archive is not the one the manifest was made from, or was rebuilt since"});
        for (const auto& g : m["games"]) {
            if (!g.is_object() || !g.contains("id") || !g["id"].is_number_integer() || !g.contains("hash") || !g["hash"].is_string()) {
                std::cerr << "ironlog: " << output::visible(a.manifest) << ": a game entry without an id and a hash\n";
                return 2;
            }
            const auto id = g["id"].get<std::int64_t>();
            auto it = v.content.find(id);
            if (it == v.content.end()) v.problems.push_back({id, "game #" + std::to_string(id) + " of the manifest is not in the archive"});
            else if (it->second != g["hash"].get<std::string>())
                v.problems.push_back({id, "game #" + std::to_string(id) + " is not the game the manifest lists (its content hash differs)"});
        }
    }
    for (const auto& p : v.problems) std::cout << "verify: " << output::visible(p.what) << "\n";
    for (const auto& n : v.notes) std::cout << "note: " << output::visible(n.what) << "\n";
    std::cout << (v.problems.empty() ? "verified: " : "NOT verified: ") << v.games << " games, " << v.versions << " earlier versions, a chain of "
              << v.entries << " entries, head " << v.head << (v.problems.empty() ? "" : "; " + std::to_string(v.problems.size()) + (v.problems.size() == 1 ? " problem" : " problems")) << "\n";
    return v.problems.empty() ? 0 : 1;
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

int list(const ArchiveArgs& a, archive::Archive& ar) {
    if (a.has && *a.has == "syntax") {  // archive add refuses such records: none is ever stored
        std::cerr << "ironlog: --has syntax: a record with syntax errors is not stored (archive add refuses it), so no game has them; "
                     "check the file itself (ironlog check)\n";
        return 2;
    }
    archive::Filter f{a.event, a.round, a.player, a.side, a.ruleset, a.from, a.to, a.result, a.has};
    for (auto [bound, upper, name] : {std::tuple{&f.from, false, "--from"}, std::tuple{&f.to, true, "--to"}}) {
        if (!*bound) continue;
        auto d = date_bound(**bound, upper);
        if (!d) {
            std::cerr << "ironlog: " << name << " " << **bound << ": expected a date such as 2026-03-01 or 2026.03.01 (or 2026-03, 2026)\n";
            return 2;
        }
        *bound = *d;
    }
    auto games = ar.list(f);
    if (a.format == "json") {
        json out = json::array();
        for (const auto& g : games) out.push_back(summary_json(g));
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    for (const auto& g : games)
        std::cout << "#" << g.id << "  " << (g.date.empty() ? "????.??.??" : g.date) << "  " << g.ruleset << "  " << g.event
                  << (g.round.empty() ? "" : ", round " + g.round) << "  " << sides_text(g) << "  " << (g.result.empty() ? "*" : g.result)
                  << "  (" << g.errors << " errors, " << g.warnings << " warnings)\n";
    std::cout << games.size() << " game" << (games.size() == 1 ? "" : "s") << "\n";
    return 0;
}

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

int show(const ArchiveArgs& a, archive::Archive& ar) {
    int status = 0;
    for (auto id : a.ids) {
        auto g = ar.get(id);
        if (!g) {
            std::cerr << "ironlog: no game #" << id << " in " << ar.path() << "\n";
            status = 1;
            continue;
        }
        const auto versions = ar.history(id);
        if (a.text && a.version > 0) {
            if (a.version > static_cast<int>(versions.size())) {
                std::cerr << "ironlog: game #" << id << " has " << versions.size() << " earlier versions, no version " << a.version << "\n";
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
            json tags = json::object();
            for (const auto& [n, v] : g->tags)
                if (!tags.contains(n)) tags[n] = v;
            json findings = json::array();
            for (const auto& f : g->findings) findings.push_back(finding_json(f));
            json j = summary_json(g->summary);
            j["tags"] = tags;
            j["first_line"] = g->first_line;
            j["findings"] = findings;
            std::cout << j.dump(2) << "\n";
            continue;
        }
        std::cout << "Game #" << id << " (from " << output::visible(g->summary.source) << ", imported " << g->summary.imported_at << ", checked with ironlog "
                  << g->summary.checked_with << ")\n";
        for (const auto& [n, v] : g->tags) std::cout << "[" << output::visible(n) << " " << output::visible(ngn::quote(v)) << "]\n";
        std::cout << "Result: " << (g->summary.result.empty() ? "*" : g->summary.result) << "\n";
        for (const auto& s : g->summary.sides) {
            std::cout << "Side " << s.number << ": " << s.name << (s.alias.empty() ? "" : " (" + s.alias + ")");
            for (std::size_t i = 0; i < s.players.size(); ++i) std::cout << (i ? ", " : " - ") << s.players[i];
            std::cout << (s.outcome.empty() ? "" : ": " + s.outcome) << "\n";
        }
        for (const auto& v : versions)
            std::cout << "Earlier version " << v.version << ": imported " << v.imported_at << " from " << output::visible(v.source) << ", replaced "
                      << v.replaced_at << " (archive show " << id << " --text --version " << v.version << ")\n";
        for (const auto& f : ar.files(id))
            std::cout << "File [" << f.tag << "] " << output::visible(f.name) << ": " << output::visible(f.path) << ", "
                      << (f.sha256.empty() ? "not found when stored" : "sha256 " + f.sha256) << "\n";
        std::cout << "Findings: " << g->summary.errors << " errors, " << g->summary.warnings << " warnings, " << g->summary.notes << " notes\n";
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

// What a published archive is checked against ('archive verify --manifest'): the chain's head
// and the content hash of each game exported. Written only when the archive verifies.
int write_manifest(const std::string& path, archive::Archive& ar, const std::vector<std::int64_t>& ids) {
    archive::Verification v = ar.verify(false);
    if (!v.problems.empty()) {
        for (const auto& p : v.problems) std::cerr << "ironlog: " << output::visible(p.what) << "\n";
        std::cerr << "ironlog: the archive does not verify: no manifest written\n";
        return 1;
    }
    json games = json::array();
    for (auto id : ids)
        if (auto it = v.content.find(id); it != v.content.end()) games.push_back(json{{"id", id}, {"hash", it->second}});
    json m{{"ironlog_manifest", 1}, {"chain", json{{"entries", v.entries}, {"head", v.head}}}, {"games", games}};
    std::string error;
    if (!write_atomically(path, m.dump(2) + "\n", error)) {
        std::cerr << "ironlog: " << output::visible(path) << ": " << error << "\n";
        return 2;
    }
    std::cerr << "manifest written to " << output::visible(path) << ": " << games.size() << " games, chain head " << v.head << "\n";
    return 0;
}

// One element of a JSON array as nlohmann's dump(2) of the whole array would write it: each
// game is written as it is read, so that memory holds one game, not the archive.
void write_array_element(const json& j, bool first) {
    std::cout << (first ? "[\n" : ",\n");
    write_lines(j.dump(2, ' ', false, json::error_handler_t::replace), [](std::string_view line) { return "  " + std::string(line); });
}

int export_games(const ArchiveArgs& a, archive::Archive& ar) {
    std::vector<std::int64_t> ids = a.ids.empty() ? ar.ids() : a.ids;
    int status = 0;
    bool first = true;
    for (auto id : ids) {
        auto g = ar.get(id);
        if (!g) {
            std::cerr << "ironlog: no game #" << id << " in " << ar.path() << "\n";
            status = 1;
            continue;
        }
        if (a.format == "json") {
            json j = summary_json(g->summary);
            json tags = json::object();
            for (const auto& [n, v] : g->tags)
                if (!tags.contains(n)) tags[n] = v;
            j["tags"] = tags;
            j["first_line"] = g->first_line;
            json findings = json::array();
            for (const auto& f : g->findings) findings.push_back(finding_json(f));
            j["findings"] = findings;
            j["record"] = g->record;
            write_array_element(j, first);
            first = false;
        } else {
            // NGN: the records one after another, as they were read, a blank line between games
            if (!first) std::cout << "\n";
            std::cout << g->record;
            if (!g->record.empty() && g->record.back() != '\n') std::cout << "\n";
            first = false;
        }
    }
    if (a.format == "json") std::cout << (first ? "[]\n" : "\n]\n");
    if (!a.manifest.empty()) status = std::max(status, write_manifest(a.manifest, ar, ids));
    return status;
}

int remove(const ArchiveArgs& a, archive::Archive& ar) {
    int status = 0;
    for (auto id : a.ids) {
        if (ar.remove(id)) std::cout << "game #" << id << " removed\n";
        else {
            std::cerr << "ironlog: no game #" << id << " in " << ar.path() << "\n";
            status = 1;
        }
    }
    return status;
}

int query(const ArchiveArgs& a, archive::Archive& ar) {
    const bool as_json = a.format == "json";
    if (a.query == "standings") {
        if (a.query_arg.empty()) {
            std::cerr << "ironlog: 'archive query standings' needs the event: --event \"...\"\n";
            return 2;
        }
        auto rows = ar.standings(a.query_arg);
        if (as_json) {
            json out = json::array();
            for (const auto& r : rows)
                out.push_back(json{{"player", r.player}, {"games", r.games}, {"wins", r.wins}, {"losses", r.losses}, {"draws", r.draws}});
            std::cout << out.dump(2) << "\n";
        } else {
            std::cout << "Standings, " << a.query_arg << " (won, drawn, lost of games):\n";
            for (const auto& r : rows)
                std::cout << "  " << r.player << "  " << r.wins << " won, " << r.draws << " drawn, " << r.losses << " lost of " << r.games << "\n";
        }
    } else if (a.query == "rulesets" || a.query == "rules") {
        auto rows = a.query == "rulesets" ? ar.games_per_ruleset() : ar.most_cited_rules(a.limit < 0 ? 20 : a.limit);
        if (as_json) {
            json out = json::array();
            for (const auto& [k, n] : rows) out.push_back(json{{a.query == "rulesets" ? "ruleset" : "rule", k}, {a.query == "rulesets" ? "games" : "findings", n}});
            std::cout << out.dump(2) << "\n";
        } else {
            for (const auto& [k, n] : rows) std::cout << "  " << n << "  " << k << "\n";
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
            for (const auto& h : hits) std::cout << "#" << h.game_id << ":" << h.line << ": " << h.kind << ": " << h.text << "\n";
            if (static_cast<std::int64_t>(hits.size()) < result.total)
                std::cout << "the newest " << hits.size() << " of " << result.total << " matches (--limit N shows more, 0 all)\n";
            else
                std::cout << hits.size() << " match" << (hits.size() == 1 ? "" : "es") << "\n";
        }
    } else {
        std::cerr << "ironlog: unknown query '" << a.query << "': standings, rulesets, rules or search\n";
        return 2;
    }
    return 0;
}

}  // namespace

CLI::App* add_archive_commands(CLI::App& app, ArchiveArgs& a) {
    auto* ar = app.add_subcommand("archive", "keep games and their findings in an SQLite archive, and search it");
    ar->fallthrough();
    ar->require_subcommand(1);
    ar->add_option("--db", a.db, "the archive file (default: $IRONLOG_DB, else $XDG_DATA_HOME/ironlog/archive.db or ~/.local/share/ironlog/archive.db)")
        ->type_name("PATH");

    a.init = ar->add_subcommand("init", "make an archive (or bring an older one up to date)");
    a.add = ar->add_subcommand("add", "check records and store them with their findings; the same text is stored once");
    a.add->add_option("files", a.files, "NGN files")->type_name("FILE");
    a.add->add_flag("--recheck", a.recheck, "check every stored game again with this ironlog and replace its findings");
    a.add->add_flag("--unverified", a.unverified, "with --recheck: recheck games that fail 'archive verify' too");
    a.add->add_option("--max-findings", a.max_findings, "store at most this many findings of a game, and a note of how many more (0: all)")
        ->capture_default_str();
    add_game_size_option(a.add, a.max_game_bytes);
    add_jobs_option(a.add, a.jobs);
    a.add->add_option("--replace", a.replace, "store the one game of FILE in place of game N (a corrected record); the old version is kept")
        ->type_name("N")
        ->check(CLI::PositiveNumber);

    auto format = [](CLI::App* c, std::string& f, std::vector<std::string> allowed) {
        c->add_option("-f,--format", f, "output format")->check(CLI::IsMember(std::move(allowed)))->capture_default_str();
    };
    a.list = ar->add_subcommand("list", "list games, with filters");
    a.list->add_option("--event", a.event, "games of this event");
    a.list->add_option("--round", a.round, "games of this round");
    a.list->add_option("--player", a.player, "games this player played in");
    a.list->add_option("--side", a.side, "games with this side (name or alias)");
    a.list->add_option("--ruleset", a.ruleset, "games of this ruleset");
    a.list->add_option("--from", a.from, "games played on or after this date: YYYY-MM-DD or YYYY.MM.DD; YYYY-MM or YYYY for all of it");
    a.list->add_option("--to", a.to, "games played on or before this date: YYYY-MM-DD or YYYY.MM.DD; YYYY-MM or YYYY for all of it");
    a.list->add_option("--result", a.result, "games with this [Result]");
    a.list->add_option("--has", a.has, "games with an error or warning of this kind: illegal, wrong-result, inconsistent, unverifiable")
        ->check(CLI::IsMember({"illegal", "wrong-result", "inconsistent", "unverifiable", "syntax"}));
    format(a.list, a.format, {"text", "json"});

    a.show = ar->add_subcommand("show", "show a game: header, result and findings, or its record as it was read");
    a.show->add_option("ids", a.ids, "game numbers")->required()->type_name("ID");
    a.show->add_flag("--text", a.text, "print the original record exactly, byte for byte");
    a.show->add_option("--version", a.version, "with --text: an earlier version of the game, replaced by 'add --replace'")
        ->type_name("K")
        ->check(CLI::PositiveNumber);
    format(a.show, a.format, {"text", "json"});

    a.query_cmd = ar->add_subcommand("query", "answer an organiser's question: standings, rulesets, rules, search");
    a.query_cmd->add_option("question", a.query, "standings (needs --event), rulesets, rules (most cited in findings) or search TEXT")
        ->required()
        ->check(CLI::IsMember({"standings", "rulesets", "rules", "search"}));
    a.query_cmd->add_option("text", a.query_arg, "for search: the words to find in notes, comments and rulings");
    a.query_cmd->add_option("--event", a.query_arg, "for standings: the event");
    a.query_cmd->add_option("--limit", a.limit, "how many: rules (default 20), search (default 200; 0: all)");
    format(a.query_cmd, a.format, {"text", "json"});

    a.exp = ar->add_subcommand("export", "write games out as NGN (their records as read) or JSON");
    a.exp->add_option("ids", a.ids, "game numbers (default: all)")->type_name("ID");
    a.exp->add_option("-f,--format", a.format, "ngn or json")->check(CLI::IsMember({"ngn", "json"}));
    a.exp->add_option("--manifest", a.manifest, "also write a manifest (the chain's head, each game's hash) for 'archive verify --manifest'")
        ->type_name("FILE");

    a.verify = ar->add_subcommand("verify", "recompute every hash: report each game or chain entry changed outside ironlog, and damage");
    a.verify->add_option("--manifest", a.manifest, "also check the archive against a manifest written by 'archive export --manifest'")
        ->type_name("FILE");

    a.rm = ar->add_subcommand("rm", "delete games and everything stored with them");
    a.rm->add_option("ids", a.ids, "game numbers")->required()->type_name("ID");
    return ar;
}

int run_archive(const ArchiveArgs& a) {
    const std::string path = db_path(a);
    try {
        if (*a.init) {
            archive::Archive ar(path, archive::Mode::Create);
            std::cout << "archive ready at " << path << " (schema version " << ar.schema_version() << ")\n";
            return 0;
        }
        if (*a.add) {
            if (a.files.empty() && !a.recheck) {
                std::cerr << "ironlog: 'archive add' needs files, or --recheck\n";
                return 2;
            }
            archive::Archive ar(path, archive::Mode::Create);
            if (a.replace) return replace(a, ar);
            int status = a.files.empty() ? 0 : add(a, ar);
            if (a.recheck) status = std::max(status, recheck(a, ar));
            return status;
        }
        const bool writes = static_cast<bool>(*a.rm);
        archive::Archive ar(path, writes ? archive::Mode::Write : archive::Mode::Read);
        if (*a.list) return list(a, ar);
        if (*a.show) return show(a, ar);
        if (*a.query_cmd) return query(a, ar);
        if (*a.exp) {
            ArchiveArgs copy = a;
            if (copy.format == "text") copy.format = "ngn";
            return export_games(copy, ar);
        }
        if (*a.rm) return remove(a, ar);
        if (*a.verify) return verify(a, ar);
    } catch (const archive::OpenError& e) {
        std::cerr << "ironlog: " << e.what() << "\n";
        return 2;
    } catch (const sqlite::Error& e) {
        if (*a.verify && e.code() == SQLITE_ERROR) {  // a table or column ironlog made is gone: that is the verdict
            std::cout << "verify: the archive's tables were changed outside ironlog (" << output::visible(e.what()) << ")\n"
                      << "NOT verified\n";
            return 1;
        }
        std::cerr << "ironlog: " << output::visible(path) << ": " << explain(e) << "\n";
        return 2;
    }
    return 2;
}

}  // namespace ironlog::cli
