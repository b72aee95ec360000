// The archive commands that store games: add, add --recheck, add --replace, restore.
#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "check/file_report.hpp"
#include "check/named_file.hpp"
#include "cli/cli_errors.hpp"
#include "cli/archive_commands.hpp"
#include "cli/commands.hpp"
#include "cli/progress.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"
#include "rules/registry.hpp"

#include <spdlog/spdlog.h>

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>

namespace ironlog::cli {

namespace {

namespace fs = std::filesystem;

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
        error_out() << what << (one ? " is not in the archive (nothing of it is stored)" : " are not in the archive (nothing of them is stored)")
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
// have changed. A file is hashed once a run (again if its size or time changes), on the thread that
// checks the game, before the archive is held; one ironlog will not read (not a regular file,
// larger than check reads) is stored without a hash.
class UsedFiles {
public:
    std::vector<archive::UsedFile> of(const ngn::Game& game, const fs::path& base_dir) {
        std::vector<archive::UsedFile> out;
        for (const char* tag : {"Tables", "Map", "Library", "Battles"}) {
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
        if (!named_file_problem(p).empty()) return "";
        const auto size = fs::file_size(p, ec);
        const auto time = fs::last_write_time(p, ec);
        std::lock_guard<std::mutex> guard(lock_);
        auto& k = known_[p.string()];
        if (k.sha.empty() || k.size != size || k.time != time) {
            const auto text = read_named_file(p);
            k = Known{size, time, text ? archive::sha256_hex(*text) : ""};
        }
        return k.sha;
    }
    struct Known {
        std::uintmax_t size = 0;
        fs::file_time_type time{};
        std::string sha;
    };
    std::mutex lock_;
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

// A file's size and time, to tell one that changed while it was read.
struct Stamp {
    off_t size = -1;
    timespec time{};
    bool operator==(const Stamp& o) const { return size == o.size && time.tv_sec == o.time.tv_sec && time.tv_nsec == o.time.tv_nsec; }
};
Stamp stamp_of(const std::string& path) {
    struct stat st {};
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return Stamp{};
    return Stamp{st.st_size, st.st_mtim};
}

// A game read and checked on a thread, waiting to be stored in file order.
struct Read {
    ngn::Game game;
    std::string record;                // the game's text as it stands in the file
    std::optional<GameReport> report;  // none when it does not read
    std::vector<archive::UsedFile> files;
    ngn::SourceExcerpts error_lines;
};

// The games of one file, stored as they come, in file order; the last one held back until the
// file has been read to its end: a file that changed meanwhile (still being written or copied)
// may have given a game cut short, which is not stored.
class FileAdder {
public:
    // hold_last: a regular file (from a pipe each game is stored as it comes)
    FileAdder(archive::Archive& ar, BatchedOutput& out, Progress& progress, const std::string& path, std::size_t done, bool hold_last)
        : ar_(ar), out_(out), progress_(progress), path_(path), done_(done), hold_last_(hold_last) {}
    void take(Read&& r) {
        ++index_;  // in file order: a thread does not know how many games came before
        if (r.report) r.report->index = index_;
        if (!hold_last_) return store(std::move(r), index_);
        if (held_) store(std::move(*held_), index_ - 1);
        held_.emplace(std::move(r));
    }
    // The end of the file: the game held back is stored, unless the file changed while it was read.
    void finish(bool file_changed) {
        if (!held_) return;
        if (file_changed) {
            out_.say(where(index_) + " refused: the file changed while it was read (is it still being written?), so this last game may be cut short;"
                                     " add the file again once it is complete\n",
                     BatchedOutput::Said::Refused);
            ++refused;
        } else {
            store(std::move(*held_), index_);
        }
        held_.reset();
    }
    std::size_t games() const { return index_; }
    std::size_t added = 0, duplicates = 0, refused = 0;
    int status = 0;

private:
    std::string where(std::size_t index) const { return output::visible(path_) + ": game " + std::to_string(index); }
    void refuse_syntax(const Read& r, std::size_t index);
    void store(Read&& r, std::size_t index);

    archive::Archive& ar_;
    BatchedOutput& out_;
    Progress& progress_;
    const std::string& path_;
    std::size_t done_, index_ = 0;
    bool hold_last_;
    std::optional<Read> held_;
};

void FileAdder::refuse_syntax(const Read& r, std::size_t index) {
    progress_.clear();
    for (const auto& e : r.game.errors) {
        ngn::SourceExcerpts excerpt(path_);
        excerpt.keep(e.pos.line, r.error_lines.line(e.pos.line));
        output::write_finding_text(std::cerr, excerpt, make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message), true);
    }
    out_.say(where(index) + " (line " + std::to_string(r.game.first_line) + ") refused: it has syntax errors\n", BatchedOutput::Said::Refused);
    ++refused;
    status = std::max(status, 1);
}

void FileAdder::store(Read&& r, std::size_t index) {
    if (!r.game.errors.empty()) return refuse_syntax(r, index);
    const GameReport& report = *r.report;
    out_.before_store(where(index));
    using archive::Archive;
    Archive::AddResult stored;
    try {
        // stored with its full path: a recheck from any folder finds the files it names
        stored = ar_.add(r.game, r.record, report, path_ == "-" ? path_ : fs::absolute(path_).lexically_normal().string(), index, r.files);
    } catch (const archive::RecordRefused& e) {
        out_.say(where(index) + " refused: " + output::visible(e.what()) + "\n", BatchedOutput::Said::Refused);
        ++refused;
        status = std::max(status, 1);
        return;
    }
    const std::string counts =
        " (" + count_of(report.count(Severity::Error), "error") + ", " + count_of(report.count(Severity::Warning), "warning") + ")";
    const std::string id = std::to_string(stored.id);
    if (stored.status == Archive::Added::Duplicate) {
        ++duplicates;
        out_.say(where(index) + " already stored as game " + id + " (the same game; 'archive add --replace " + id + "' stores this version in its place)\n",
                 BatchedOutput::Said::Duplicate);
    } else if (stored.status == Archive::Added::Completed) {
        ++added;
        out_.say(where(index) + " archived as #" + id + counts + ", in place of the shorter record stored from the same place of this file (cut short;"
                     " kept as version " + std::to_string(stored.version) + " of its history)\n",
                 BatchedOutput::Said::Stored);
    } else {
        ++added;
        out_.say(where(index) + " archived as #" + id + counts + "\n", BatchedOutput::Said::Stored);
    }
    progress_.show(done_, path_, index);
}

}  // namespace

namespace {

// What adding the files came to.
struct AddTotals {
    std::size_t added = 0, duplicates = 0, refused = 0;
    int status = 0;
};

// One file's games, read and checked on the threads, stored here in file order, in batches.
void add_file(const ArchiveArgs& a, archive::Archive& ar, BatchedOutput& out, Progress& progress, UsedFiles& used, const std::string& path,
              std::size_t done, AddTotals& totals) {
    const Stamp before = stamp_of(path);
    // Read a block at a time: the window holds the game being read, not the file.
    std::string error;
    auto in = open_record(path, error);
    if (!in) {
        out.commit();
        spdlog::error("{}: {}", path, error);
        totals.status = 2;
        return;
    }
    const bool a_file = regular_file(path);
    out.reading(a_file);
    const CheckOptions options = options_for(path);
    const fs::path base = fs::absolute(options.base_dir);
    auto read_game = [&](ngn::Game&& game, const ngn::LineWindow& window) {
        Read r{std::move(game), {}, std::nullopt, {}, ngn::SourceExcerpts(path)};
        if (!r.game.errors.empty()) {
            for (const auto& e : r.game.errors) r.error_lines.keep(e.pos.line, window.line(e.pos.line));
            return r;
        }
        r.record = window.raw_lines(r.game.first_line, r.game.last_line);
        r.report = check_game(r.game, 0, options);
        keep_first_findings(*r.report, a.max_findings);
        r.files = used.of(r.game, base);  // read and hashed here, before the archive is held
        return r;
    };
    FileAdder adder(ar, out, progress, path, done, a_file);
    ngn::ParseOptions parse_options{0};
    parse_options.max_game_bytes = a.max_game_bytes;
    // A game waiting to be stored is held read (some 50 times its text): smaller chunks than
    // check's keep what waits within a few MiB a thread.
    Threads threads = threads_for(a.jobs, path);
    threads.chunk_bytes = std::size_t{32} << 10;
    const StreamRead read = for_each_game<Read>(*in, path, parse_options, threads, read_game, [&](Read&& r) { adder.take(std::move(r)); });
    adder.finish(before.size >= 0 && !(stamp_of(path) == before));
    out.commit();  // each file's games are stored when its last game is read
    totals.added += adder.added, totals.duplicates += adder.duplicates, totals.refused += adder.refused;
    totals.status = std::max({totals.status, adder.status, adder.refused ? 1 : 0});
    for (const auto& e : read.errors.errors) {
        ngn::SourceExcerpts excerpt(path);
        excerpt.keep(e.pos.line, read.outside.line(e.pos.line));
        output::write_finding_text(std::cerr, excerpt, make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message), true);
        totals.status = std::max(totals.status, 1);
    }
    if (in->bad()) {
        spdlog::error("{}: could not read the file after line {}: {}", path, read.last_line, std::strerror(errno));
        totals.status = 2;
    }
    if (adder.games() == 0 && read.errors.errors.empty()) {
        std::cout << output::visible(path) << ": no game in this file\n";
        totals.status = std::max(totals.status, 1);
    }
}

}  // namespace

int archive_add(const ArchiveArgs& a, archive::Archive& ar) {
    UsedFiles used;
    AddTotals totals;
    Progress progress("adding", a.files.size());
    BatchedOutput out(ar, progress);
    try {
        std::size_t done = 0;
        for (const auto& path : a.files) {
            progress.show(++done, path);
            add_file(a, ar, out, progress, used, path, done, totals);
        }
    } catch (const sqlite::Error&) {
        // The batch is rolled back (by add, or by the archive when it closes): say which games went with it.
        out.failed();
        throw;
    }
    progress.clear();
    std::cout << totals.added << " archived, " << totals.duplicates << " already there, " << totals.refused << " refused\n";
    return totals.status;
}

namespace {

// A stored record read again and checked as it stands in its own text; the findings keep the
// line numbers of the file it came from, whose folder the files it names are looked for in.
struct Checked {
    std::optional<ngn::Game> game;
    GameReport report;
    CheckOptions options{ironlog::all_rulesets()};
};

Checked check_stored(const std::string& record, const std::string& source, std::int64_t first_line) {
    Checked r;
    auto parsed = ngn::parse_text(record);
    if (parsed.games.size() != 1) return r;
    r.game = std::move(parsed.games.front());
    r.options.base_dir = fs::path(source).parent_path();
    if (r.options.base_dir.empty()) r.options.base_dir = ".";
    r.report = check_game(*r.game, 1, r.options);
    auto shift = [&](ngn::SourcePos& p) {
        if (p.line) p.line += static_cast<std::uint32_t>(first_line - 1);
    };
    for (auto& f : r.report.findings) {
        if (f.file.empty()) shift(f.pos);
        if (f.ruling) shift(f.ruling->pos);
    }
    return r;
}

// What a rebuild that could not be done means, and the way back.
std::string why_not_rebuilt(archive::Archive::Rebuild r, std::int64_t id) {
    const std::string n = std::to_string(id);
    switch (r) {
        case archive::Archive::Rebuild::OtherRecord:
            return "its record was changed outside ironlog, and the chain holds only the hash of the one stored: replace it from the original record "
                   "('archive add --replace " + n + " FILE')";
        case archive::Archive::Rebuild::HistoryChanged:
            return "its earlier versions were changed outside ironlog, and the chain holds only their hash: 'archive restore " + n +
                   " --history-as-found' rebuilds the game and keeps them as found, marked as not vouched for";
        case archive::Archive::Rebuild::NotChained: return "the chain holds no record of it to rebuild it from";
        default: return "";
    }
}

}  // namespace

// The stored games are read here, checked on the threads (-j) and their findings replaced here,
// in the order of their numbers. A game that fails verification is not judged again as it stands
// (its new findings would launder the change): refused, or with --unverified rebuilt from its
// chained record and rechecked, the chain saying what was found different.
int archive_recheck(const ArchiveArgs& a, archive::Archive& ar) {
    std::size_t done = 0, refused = 0, rebuilt = 0;
    UsedFiles used;
    struct Stored {
        std::int64_t id = 0;
        std::optional<archive::StoredGame> game;
        std::optional<archive::ChainedGame> chained;
        bool verified = true;
    };
    struct Rechecked {
        Stored stored;
        Checked checked;
    };
    const std::vector<std::int64_t> ids = ar.ids();
    std::size_t next = 0;
    auto take = [&]() -> std::optional<Stored> {
        if (next == ids.size()) return std::nullopt;
        Stored s{ids[next++], std::nullopt, std::nullopt, true};
        s.verified = ar.verified(s.id);
        if (s.verified || a.unverified) s.game = ar.get(s.id), s.chained = ar.chained(s.id);
        return s;
    };
    auto check = [](Stored&& s) {
        Rechecked r{std::move(s), Checked{}};
        if (!r.stored.game) return r;
        // an unverified game's source and first line are taken from the chain, not its rows
        const bool trusted = r.stored.verified || !r.stored.chained || !r.stored.chained->meta;
        const std::string source = trusted ? r.stored.game->summary.source : r.stored.chained->meta->source.value_or("-");
        const std::int64_t first_line = trusted ? r.stored.game->first_line : r.stored.chained->meta->first_line;
        r.checked = check_stored(r.stored.game->record, source, first_line);
        return r;
    };
    auto replace = [&](Rechecked&& r) {
        const std::int64_t id = r.stored.id;
        if (!r.stored.game && !r.stored.verified) {
            error_out() << "game #" << id << " fails verification (changed outside ironlog; 'archive verify' says how): not rechecked "
                      << "(--unverified rebuilds it from its chained record and rechecks it)\n";
            ++refused;
            return;
        }
        if (!r.checked.game) return;
        const auto now = used.of(*r.checked.game, r.checked.options.base_dir);
        if (!r.stored.verified) {
            std::string diff;
            const auto result = ar.rebuild(id, *r.checked.game, r.stored.game->record, r.checked.report, now, "recheck-unverified", false, &diff);
            if (result != archive::Archive::Rebuild::Done) {
                error_out() << "game #" << id << " fails verification and was not rechecked: " << why_not_rebuilt(result, id) << "\n";
                ++refused;
                return;
            }
            std::cerr << "ironlog: warning: game #" << id << " failed verification: rebuilt from its chained record and rechecked; what differed: "
                      << output::visible(diff) << "\n";
            ++rebuilt, ++done;
            return;
        }
        // the files the record names, against what they were when the game was stored
        for (const auto& then : ar.files(id))
            for (const auto& f : now)
                if (f.tag == then.tag && f.name == then.name && f.sha256 != then.sha256)
                    std::cerr << "ironlog: warning: game #" << id << ": [" << f.tag << "] " << output::visible(f.name)
                              << (f.sha256.empty() ? " is no longer at " + output::visible(f.path) + ": rechecked without it"
                                                   : " has changed since the game was stored: rechecked with it as it is now")
                              << "\n";
        ar.replace_findings(id, r.checked.report, now);
        ++done;
    };
    run_in_order<Stored, Rechecked>(threads_for(a.jobs).jobs, take, check, replace);
    std::cout << count_of(done, "game") << " rechecked with ironlog " << IRONLOG_VERSION << (rebuilt ? " (" + std::to_string(rebuilt) + " rebuilt from the chain)" : "")
              << (refused ? ", " + std::to_string(refused) + " refused" : "") << "\n";
    return refused ? 1 : 0;
}

// The one game of a file, read whole: what --replace stores in place of a game.
int archive_replace(const ArchiveArgs& a, archive::Archive& ar) {
    if (a.files.size() != 1) {
        error_out() << "--replace " << *a.replace << " needs one file, holding the corrected record of that game\n";
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
        error_out() << output::visible(path) << ": --replace needs exactly one game in the file; it holds " << games << "\n";
        return 2;
    }
    ngn::Game& game = *first;
    if (errors > 0 || !outside.errors.empty()) {
        error_out() << output::visible(path) << ": the record has syntax errors ('ironlog check' shows them): nothing replaced\n";
        return 1;
    }
    const CheckOptions options = options_for(path);
    GameReport report = check_game(game, 1, options);
    auto r = ar.replace(*a.replace, game, record, report, path == "-" ? path : fs::absolute(path).lexically_normal().string(), 1,
                        UsedFiles().of(game, fs::absolute(options.base_dir)));
    using archive::Archive;
    const std::string shown = output::visible(path), id = std::to_string(r.id);
    const std::string counts = count_of(report.count(Severity::Error), "error") + ", " + count_of(report.count(Severity::Warning), "warning");
    switch (r.status) {
        case Archive::Added::Missing: error_out() << "no game #" << id << " in " << output::visible(ar.path()) << ": nothing replaced\n"; return 1;
        case Archive::Added::Duplicate: error_out() << shown << " is game #" << id << ", stored already: nothing replaced\n"; return 1;
        case Archive::Added::Unchanged: std::cout << shown << " is game #" << id << " byte for byte, and it verifies: nothing to replace\n"; return 0;
        case Archive::Added::Rebuilt:
            std::cout << shown << " is game #" << id << " byte for byte, whose stored rows had been changed outside ironlog: rebuilt from it (" << counts
                      << ")\n";
            return 0;
        default: break;
    }
    std::cout << shown << " replaced game #" << id << " (" << counts << ")";
    if (r.version) std::cout << "; the version it replaced is kept as version " << r.version << " of its history";
    std::cout << "\n";
    return 0;
}

// Rebuilds games from their chained records (and the full-text index from the notes).
int archive_restore(const ArchiveArgs& a, archive::Archive& ar) {
    if (a.search_index) {
        ar.rebuild_search_index();
        std::cout << "the full-text index of the notes rebuilt from the notes\n";
        if (a.ids.empty()) return 0;
    }
    if (a.ids.empty()) {
        error_out() << "'archive restore' needs game numbers, or --search-index\n";
        return 2;
    }
    int status = 0;
    UsedFiles used;
    for (const std::int64_t id : a.ids) {
        const std::string n = std::to_string(id);
        const auto chained = ar.chained(id);
        const auto g = ar.get(id);
        auto fail = [&](const std::string& why) {
            error_out() << "game #" << n << " not restored: " << why << "\n";
            status = std::max(status, 1);
        };
        if (!chained || chained->removed) {
            fail(chained ? "it was removed (chain entry " + std::to_string(chained->seq) + ")" : "the chain never held it");
            continue;
        }
        if (!g) {
            fail("it is not in the archive (deleted outside ironlog), and the chain holds only its hash: store it again from its record ('archive add "
                 "--replace " + n + " FILE')");
            continue;
        }
        if (ar.verified(id)) {
            std::cout << "game #" << n << " verifies: nothing to restore\n";
            continue;
        }
        if (!chained->meta) {
            fail(why_not_rebuilt(archive::Archive::Rebuild::NotChained, id));
            continue;
        }
        Checked c = check_stored(g->record, chained->meta->source.value_or("-"), chained->meta->first_line);
        std::string diff;
        const auto r = c.game ? ar.rebuild(id, *c.game, g->record, c.report, used.of(*c.game, c.options.base_dir), "restore", a.history_as_found, &diff)
                              : archive::Archive::Rebuild::OtherRecord;
        if (r != archive::Archive::Rebuild::Done) {
            fail(why_not_rebuilt(r, id));
            continue;
        }
        std::cout << "game #" << n << " restored from its chained record and rechecked; what differed: " << output::visible(diff) << "\n";
    }
    return status;
}

}  // namespace ironlog::cli
