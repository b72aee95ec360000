#include "cli/cli_errors.hpp"
#include "cli/commands.hpp"
#include "cli/progress.hpp"

#include "check/file_report.hpp"
#include "check/generate.hpp"
#include "check/header.hpp"
#include "check/replay.hpp"
#include "notation/format.hpp"
#include "notation/labels.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"
#include "output/svg.hpp"
#include "rules/registry.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ironlog::cli {

namespace fs = std::filesystem;

AtomicWrite::AtomicWrite(const std::string& path) {
    std::error_code ec;
    const bool link = fs::is_symlink(path, ec);
    ec.clear();  // no file there yet: a new one is written
    target_ = link ? fs::canonical(path, ec) : fs::path(path);
    if (ec) {
        error_ = "cannot follow the link " + path + ": " + ec.message();
        return;
    }
    tmp_ = target_;
    tmp_ += ".ironlog-tmp";
    const auto status = fs::status(target_, ec);
    mode_ = static_cast<mode_t>(status.permissions() & fs::perms::mask);
    if (!fs::exists(status)) {  // a new file: as the umask makes one
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode_ = 0666 & ~mask;
    }
    fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd_ < 0) fail("cannot write " + tmp_.string());
}

AtomicWrite::~AtomicWrite() {
    if (fd_ >= 0) ::close(fd_);
    if (!done_ && !tmp_.empty()) {
        std::error_code ec;
        fs::remove(tmp_, ec);
    }
}

bool AtomicWrite::fail(const std::string& what) {
    if (error_.empty()) error_ = what + ": " + std::strerror(errno);
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    return false;
}

bool AtomicWrite::write(std::string_view text) {
    if (fd_ < 0) return false;
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail("cannot write " + tmp_.string());
        done += static_cast<std::size_t>(n);
    }
    return true;
}

bool AtomicWrite::commit() {
    if (fd_ < 0) return false;
    if (::fchmod(fd_, mode_) != 0 || ::fsync(fd_) != 0) return fail("cannot write " + tmp_.string());
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) return fail("cannot write " + tmp_.string());
    if (::rename(tmp_.c_str(), target_.c_str()) != 0) return fail("cannot replace " + target_.string());
    done_ = true;
    const fs::path folder = target_.has_parent_path() ? target_.parent_path() : fs::path(".");
    if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) ::fsync(dir), ::close(dir);
    return true;
}

bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
    AtomicWrite out(path);
    if (out.write(text) && out.commit()) return true;
    error = out.error();
    return false;
}

void add_game_size_option(CLI::App* command, std::size_t& bytes) {
    command->add_option("--max-game-size", bytes, "a game (with the comments before it) longer than this is not read: 512K, 2M ... (0: no limit)")
        ->transform(CLI::AsSizeValue(false))
        ->capture_default_str();
}

void add_jobs_option(CLI::App* command, unsigned& jobs) {
    command->add_option("-j,--jobs", jobs, "threads reading and checking games (0: one a core); the output is the same whatever the number")
        ->check(CLI::Range(0u, 1024u))
        ->capture_default_str();
}

bool regular_file(const std::string& path) {
    struct stat st {};
    if (path == "-") return fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode);
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

Threads threads_for(unsigned jobs, const std::string& path) {
    Threads t;
    t.jobs = jobs == 0 ? all_cores() : jobs;
    // From a pipe or a terminal the next game may be a long time coming: each is checked as it
    // comes, not held back until a chunk is full.
    if (!path.empty() && !regular_file(path)) t.jobs = 1;
    return t;
}

CheckOptions options_for(const std::string& path) {
    CheckOptions o(ironlog::all_rulesets());
    if (path != "-") o.base_dir = fs::path(path).parent_path();
    if (o.base_dir.empty()) o.base_dir = ".";
    return o;
}

namespace {

// As git and grep tell a binary file: a NUL byte in its first block.
constexpr std::size_t kFirstBlock = 8000;
bool has_nul(const char* bytes, std::size_t n) { return std::memchr(bytes, 0, std::min(n, kFirstBlock)) != nullptr; }

// Standard input from a pipe or a terminal, read straight from its descriptor: the first block
// is read at once (to tell a binary file), then each read gives what has come.
class StdinBuf : public std::streambuf {
public:
    StdinBuf() { underflow(); }
    bool binary() const { return egptr() > eback() && has_nul(eback(), static_cast<std::size_t>(egptr() - eback())); }

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        ssize_t n;
        do n = ::read(STDIN_FILENO, block_.data(), block_.size());
        while (n < 0 && errno == EINTR);
        if (n < 0) throw std::ios_base::failure("cannot read standard input");  // the stream's badbit
        if (n == 0) return traits_type::eof();
        setg(block_.data(), block_.data(), block_.data() + n);
        return traits_type::to_int_type(*gptr());
    }

private:
    std::vector<char> block_ = std::vector<char>(1 << 16);
};

struct StdinStream : std::istream {
    StdinStream() : std::istream(nullptr) { rdbuf(&buf); }
    StdinBuf buf;
};

// Standard input, "not a text file" when it is binary.
std::unique_ptr<std::istream> open_stdin(std::string& error) {
    if (isatty(STDIN_FILENO))  // someone at a terminal may not know ironlog waits for them
        std::cerr << "ironlog: reading a record from standard input (end it with Ctrl-D)\n";
    if (regular_file("-")) {  // a file redirected: its first block is looked at where it stands
        std::array<char, kFirstBlock> block{};
        const ssize_t n = ::pread(STDIN_FILENO, block.data(), block.size(), ::lseek(STDIN_FILENO, 0, SEEK_CUR));
        if (n > 0 && has_nul(block.data(), static_cast<std::size_t>(n))) return error = std::string(kNotText), nullptr;
        return std::make_unique<std::istream>(std::cin.rdbuf());
    }
    auto in = std::make_unique<StdinStream>();
    if (in->buf.binary()) return error = std::string(kNotText), nullptr;
    return in;
}

}  // namespace

std::unique_ptr<std::istream> open_record(const std::string& path, std::string& error) {
    if (path == "-") return open_stdin(error);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        error = "is a directory, not a record";
        return nullptr;
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) && !fs::equivalent(path, "/dev/stdin", ec)) {
        // /dev/zero or a disk would be read for ever: a record is a file, a pipe or standard input
        error = "is a device, not a record";
        return nullptr;
    }
    auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*in) {
        error = "cannot open: " + std::string(std::strerror(errno));
        return nullptr;
    }
    if (regular_file(path)) {  // a pipe (a named one) is not read ahead: it cannot go back
        std::array<char, kFirstBlock> block{};
        in->read(block.data(), block.size());
        if (has_nul(block.data(), static_cast<std::size_t>(in->gcount()))) return error = std::string(kNotText), nullptr;
        in->clear();
        in->seekg(0);
    }
    return in;
}

void report_not_text(const std::string& path) {
    output::write_finding_text(std::cerr, ngn::SourceExcerpts(path), make_finding(Severity::Error, Kind::Syntax, RuleRef{}, ngn::SourcePos{1, 1}, std::string(kNotText)),
                               false);
}

namespace {
// --color auto: not when NO_COLOR is set and not empty (https://no-color.org), nor on a terminal
// that says it has none (TERM=dumb, as Emacs' shell and some editors' consoles set).
bool colour_allowed() {
    const char* no_color = std::getenv("NO_COLOR");
    return !(no_color && *no_color) && !dumb_terminal();
}

// `check --excused`: each line excused by the "as played" kit becomes a note naming its cause.
void show_excused(GameReport& game) {
    for (const Excused& x : game.excused)
        game.findings.push_back(make_finding(Severity::Note, Kind::Inconsistent, x.cause.rule, x.pos,
                                             "excused by finding at line " + std::to_string(x.cause.line) + ": " + x.what));
    sort_by_position(game.findings);
}
}  // namespace

// Each file is read a block at a time and each game's findings are written as soon as it is
// checked: a season of games is checked in the memory of one game.
int run_check(const CheckArgs& args) {
    const output::Format format = args.format == "json"    ? output::Format::Json
                                  : args.format == "sarif" ? output::Format::Sarif
                                                           : output::Format::Text;
    const bool colour = args.color == "always" || (args.color == "auto" && isatty(STDOUT_FILENO) && colour_allowed());
    auto writer = output::make_writer(format, std::cout, args.excerpts, args.summary, colour);
    bool io_failure = false;
    ngn::ParseOptions parse_options;
    parse_options.max_errors = args.max_errors;
    parse_options.max_game_bytes = args.max_game_bytes;
    Progress progress("checking", args.files.size());
    std::size_t done = 0;
    for (const auto& path : args.files) {
        progress.show(++done, path);
        std::string error;
        auto in = open_record(path, error);
        if (!in && error == kNotText) {  // one error at 1:1, not a syntax error a line
            progress.clear();
            writer->begin_file(path, std::nullopt);
            FileReport r;
            r.source = ngn::SourceExcerpts(path);
            r.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, ngn::SourcePos{1, 1}, error));
            writer->end_file(r);
            continue;
        }
        if (!in) {
            progress.clear();
            spdlog::error("{}: {}", output::visible(path), error);
            writer->begin_file(path, error);
            FileReport r;
            r.source = ngn::SourceExcerpts(path);
            r.read_error = error;
            writer->end_file(r);
            io_failure = true;
            continue;
        }
        spdlog::debug("checking {}", path);
        writer->begin_file(path, std::nullopt);
        // how far into the file, for the progress line: the reader's place in it against its size
        std::error_code ec;
        const auto size = path == "-" ? 0 : std::filesystem::file_size(path, ec);
        const std::function<int()> percent = [&]() -> int {
            if (ec || size == 0) return -1;
            const auto at = in->tellg();
            return at < 0 ? -1 : static_cast<int>(100 * static_cast<std::uintmax_t>(at) / size);
        };
        std::size_t games = 0;
        FileReport rest = check_stream(path, *in, options_for(path), parse_options,
                                       [&](GameReport&& g, const ngn::SourceExcerpts& source) {
                                           if (args.excused) show_excused(g);
                                           if (!g.findings.empty()) {
                                               progress.clear();
                                               writer->game(g, source);
                                               if (progress.on()) std::cout << std::flush;  // before the line is drawn again
                                           } else {
                                               writer->game(g, source);
                                           }
                                           progress.show(done, path, ++games, percent);
                                       },
                                       threads_for(args.jobs, path));
        progress.clear();
        if (rest.read_failed) {
            spdlog::error("{}: reading stopped: {}", output::visible(path), std::strerror(errno));
            io_failure = true;
        }
        writer->end_file(rest);
    }
    const int status = io_failure ? 2 : writer->summary().errors > 0 ? 1 : 0;
    writer->invocation(args.command_line, status);
    writer->finish();
    return status;
}

// Formats one file in two passes, each a game at a time, so that memory holds one game whatever
// the file: the first reads it through for syntax errors (nothing is written unless it all
// reads), the second formats each game and writes it out, or compares it with the file
// (--check; -i leaves a canonical file untouched).
int fmt_file(const FmtArgs& args, const std::string& path, std::istream& first, const std::function<std::unique_ptr<std::istream>()>& again) {
    ngn::ParseOptions po;
    po.max_game_bytes = args.max_game_bytes;
    ngn::SourceExcerpts errors_at(path);
    std::vector<ngn::SyntaxError> errors;
    std::size_t games = 0;
    {
        ngn::LineWindow window;
        auto keep = [&](const ngn::SyntaxError& e) {
            errors_at.keep(e.pos.line, window.line(e.pos.line));
            errors.push_back(e);
        };
        ngn::FileErrors outside = ngn::read_games(
            first, window,
            [&](ngn::Game&& g) {
                ++games;
                for (const auto& e : g.errors) keep(e);
                window.release_through(g.last_line);
            },
            po);
        for (const auto& e : outside.errors) keep(e);
        if (first.bad()) {
            spdlog::error("{}: cannot read: {}", output::visible(path), std::strerror(errno));
            return 2;
        }
        if (outside.truncated) std::cerr << output::visible(path) << ": too many syntax errors: stopped reading\n";
    }
    if (!errors.empty() || games == 0) {
        // Never rewrite what could not be read whole.
        for (const auto& e : errors)
            output::write_finding_text(std::cerr, errors_at, make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message), true);
        if (games == 0 && errors.empty()) std::cerr << output::visible(path) << ": error: no game in this file; nothing to format\n";
        std::cerr << output::visible(path) << ": not formatted: correct the errors first\n";
        return 1;
    }
    auto in = again();
    auto original = again();  // what each formatted game is compared with (--check, -i)
    if (!in || !original) {
        spdlog::error("{}: cannot read it again", output::visible(path));
        return 2;
    }
    std::optional<AtomicWrite> out;
    if (args.in_place && path != "-") out.emplace(path);
    bool same = true;
    std::string expected;
    auto emit = [&](std::string_view text) {
        if (same) {
            expected.resize(text.size());
            original->read(expected.data(), static_cast<std::streamsize>(text.size()));
            same = static_cast<std::size_t>(original->gcount()) == text.size() && expected == text;
        }
        if (out) out->write(text);
        else if (!args.check) std::cout << text;
    };
    ngn::LineWindow window;
    std::size_t index = 0;
    ngn::read_games(
        *in, window,
        [&](ngn::Game&& g) {
            if (index++ > 0) emit("\n");
            emit(ngn::format_game(g));
            window.release_through(g.last_line);
        },
        po);
    same = same && original->peek() == std::char_traits<char>::eof();
    if (args.check && !same) {
        std::cout << output::visible(path) << ": not in canonical form\n";
        return 1;
    }
    if (out && !same) {
        if (!out->commit()) {
            spdlog::error("{}", out->error());
            return 2;
        }
        spdlog::info("{}: formatted", path);
    }
    return 0;
}

int run_fmt(const FmtArgs& args) {
    int status = 0;
    for (const auto& path : args.files) {
        std::string error;
        auto in = open_record(path, error);
        if (!in && error == kNotText) {
            report_not_text(path);
            status = std::max(status, 1);
            continue;
        }
        if (!in) {
            spdlog::error("{}: {}", output::visible(path), error);
            status = 2;
            continue;
        }
        if (path != "-") {
            status = std::max(status, fmt_file(args, path, *in, [&] { return open_record(path, error); }));
            continue;
        }
        // Standard input is read once: it is kept in a temporary file for the second pass.
        std::unique_ptr<std::FILE, int (*)(std::FILE*)> spool(std::tmpfile(), &std::fclose);
        std::vector<char> block(1 << 16);
        while (spool && *in) {
            in->read(block.data(), static_cast<std::streamsize>(block.size()));
            if (std::fwrite(block.data(), 1, static_cast<std::size_t>(in->gcount()), spool.get()) != static_cast<std::size_t>(in->gcount())) spool.reset();
        }
        if (!spool || std::fflush(spool.get()) != 0) {
            spdlog::error("-: cannot keep standard input in a temporary file: {}", std::strerror(errno));
            status = 2;
            continue;
        }
        const std::string kept = "/proc/self/fd/" + std::to_string(::fileno(spool.get()));
        auto first = std::make_unique<std::ifstream>(kept, std::ios::binary);
        status = std::max(status, fmt_file(args, path, *first, [&] { return std::make_unique<std::ifstream>(kept, std::ios::binary); }));
    }
    return status;
}

namespace {

void print_node(std::ostream& os, const SequenceNode& n, int depth) {
    std::string label = std::string(ngn::heading_keyword(n.kind)) + " " + (n.numbered ? std::string("1..") + (n.max_count ? std::to_string(n.max_count) : "N") : n.name);
    os << std::string(static_cast<std::size_t>(depth) * 2, ' ') << label;
    std::size_t width = 34;
    std::size_t used = static_cast<std::size_t>(depth) * 2 + label.size();
    os << std::string(used < width ? width - used : 1, ' ') << n.rule.text();
    std::vector<std::string> notes;
    if (!n.aliases.empty()) {
        std::string a;
        for (const auto& x : n.aliases) a += (a.empty() ? "" : ", ") + x;
        notes.push_back("also: " + a);
    }
    if (n.repeatable && !n.numbered) notes.push_back("may repeat");
    if (n.floating) notes.push_back("anywhere in the order, once");
    if (!notes.empty()) {
        os << "  (";
        for (std::size_t i = 0; i < notes.size(); ++i) os << (i ? "; " : "") << notes[i];
        os << ")";
    }
    os << "\n";
    for (const auto& c : n.children) print_node(os, c, depth + 1);
}

nlohmann::ordered_json node_json(const SequenceNode& n) {
    nlohmann::ordered_json j{{"kind", ngn::heading_keyword(n.kind)}, {"name", n.name}, {"aliases", n.aliases},
                             {"rule", n.rule.text()},          {"numbered", n.numbered}, {"max_count", n.max_count},
                             {"repeatable", n.repeatable},     {"floating", n.floating}};
    auto children = nlohmann::ordered_json::array();
    for (const auto& c : n.children) children.push_back(node_json(c));
    j["children"] = children;
    return j;
}

}  // namespace

int run_rules(const RulesArgs& args) {
    std::vector<const Ruleset*> list;
    for (const Ruleset* r : all_rulesets().all)
        if (args.id.empty() || r->info.id == args.id) list.push_back(r);
    if (list.empty()) {
        std::string ids;
        for (const Ruleset* r : all_rulesets().all) ids += (ids.empty() ? "" : ", ") + r->info.id;
        error_out() << "unknown ruleset '" << args.id << "'; the rulesets are: " << ids << "\n";
        return 2;
    }
    if (args.format == "json") {
        auto doc = nlohmann::ordered_json::array();
        for (const Ruleset* r : list) {
            const RulesetInfo& i = r->info;
            nlohmann::ordered_json j{{"id", i.id}, {"title", i.title}, {"book", i.book}, {"engine", static_cast<bool>(r->make_engine)}, {"engine_scope", i.engine_scope}};
            auto dice = nlohmann::ordered_json::array();
            for (const auto& d : i.dice) dice.push_back({{"sides", d.sides}, {"faces", d.faces_text()}, {"reading", d.reading}});
            j["dice"] = dice;
            auto seqs = nlohmann::ordered_json::array();
            for (const auto& s : i.sequences) {
                nlohmann::ordered_json js{{"variant", s.variant}, {"description", s.description}, {"rule", s.rule.text()},
                                          {"turn_label", s.turn_label == TurnLabel::Month ? "month" : "number"},
                                          {"max_turns", s.max_turns}};
                auto bp = nlohmann::ordered_json::array();
                for (const auto& n : s.before_play) bp.push_back(node_json(n));
                auto tp = nlohmann::ordered_json::array();
                for (const auto& n : s.turn) tp.push_back(node_json(n));
                js["before_play"] = bp;
                js["turn"] = tp;
                seqs.push_back(js);
            }
            j["sequences"] = seqs;
            auto kinds = nlohmann::ordered_json::array();
            for (auto k : i.entity_kinds) kinds.push_back(ngn::entity_keyword(k));
            j["declares"] = kinds;
            j["terrain"] = i.terrain_kinds;
            auto opt_rules = nlohmann::ordered_json::array();
            for (const auto& o : i.optional_rules) opt_rules.push_back({{"name", o.name}, {"rule", o.rule.text()}, {"description", o.description}});
            j["optional_rules"] = opt_rules;
            auto opts = nlohmann::ordered_json::array();
            for (const auto& o : i.options)
                opts.push_back({{"name", o.name}, {"values", o.values}, {"rule", o.rule.text()}, {"description", o.description}});
            j["options"] = opts;
            j["default_tolerance_cm"] = i.default_tolerance_cm;
            doc.push_back(j);
        }
        std::cout << doc.dump(2) << "\n";
        return 0;
    }
    for (std::size_t k = 0; k < list.size(); ++k) {
        const RulesetInfo& i = list[k]->info;
        if (k) std::cout << "\n";
        std::cout << i.id << "  " << i.title << "\n";
        std::cout << "  rulebook: " << i.book << "\n";
        std::cout << "  rule engine: "
                  << (!list[k]->make_engine ? "not yet (header, declarations, dice and sequence of play are checked)"
                      : list[k]->info.engine_scope.empty() ? "yes" : "yes: " + list[k]->info.engine_scope)
                  << "\n";
        std::cout << "  dice:";
        for (const auto& d : i.dice) std::cout << " d" << d.sides << " (faces " << d.faces_text() << ")";
        std::cout << "\n";
        for (const auto& d : i.dice)
            if (!d.reading.empty()) std::cout << "    d" << d.sides << ": " << d.reading << "\n";
        std::cout << "  declares: side";
        for (auto kind : i.entity_kinds) std::cout << ", " << ngn::entity_keyword(kind);
        std::cout << "\n";
        if (!i.terrain_kinds.empty()) {
            std::cout << "  terrain lines:";
            for (const auto& k : i.terrain_kinds) std::cout << " " << k;
            std::cout << "\n";
        }
        for (const auto& s : i.sequences) {
            std::cout << "  sequence of play" << (s.variant.empty() ? "" : " [Variant \"" + s.variant + "\"]")
                      << (&s == &i.sequences.front() && i.sequences.size() > 1 ? " (default)" : "") << ": " << s.description
                      << " [" << s.rule.text() << "]\n";
            if (!s.before_play.empty()) {
                std::cout << "    before play:\n";
                for (const auto& n : s.before_play) print_node(std::cout, n, 3);
            }
            std::cout << "    each turn (" << (s.turn_label == TurnLabel::Month ? "turn YYYY-MM" : "turn 1, 2, 3 ...")
                      << (s.max_turns ? ", " + std::to_string(s.max_turns) + " at most" : std::string()) << "):\n";
            for (const auto& n : s.turn) print_node(std::cout, n, 3);
        }
        if (!i.optional_rules.empty()) {
            std::cout << "  optional rules [Rules \"...\"]:\n";
            for (const auto& o : i.optional_rules) std::cout << "    " << o.name << "  " << o.description << " [" << o.rule.text() << "]\n";
        }
        if (!i.options.empty()) {
            std::cout << "  options [Options \"name=value\"]:\n";
            for (const auto& o : i.options) {
                std::cout << "    " << o.name << " =";
                for (std::size_t v = 0; v < o.values.size(); ++v) std::cout << (v ? " | " : " ") << o.values[v] << (v == 0 ? " (default)" : "");
                std::cout << "  " << o.description << " [" << o.rule.text() << "]\n";
            }
        }
    }
    return 0;
}

namespace {

// The state as a picture; 2 when the game's ruleset cannot draw one.
int print_svg(const Replay& replay, const ngn::Game& game, bool arcs) {
    std::optional<Scene> scene = replay.scene();
    if (!scene) {
        const ngn::Tag* ruleset = game.tag("Ruleset");
        error_out() << "--svg: no picture of this game: "
                  << (ruleset ? "ruleset '" + std::string(ruleset->value) + "' has no engine that draws" : std::string("it names no ruleset")) << "\n";
        return 2;
    }
    output::write_svg(std::cout, *scene, arcs);
    return 0;
}

nlohmann::ordered_json piece_json(const StateSummary::Piece& p) {
    using json = nlohmann::ordered_json;
    auto last = json::array();
    for (const auto& l : p.last) last.push_back(json{{"line", l.line}, {"act", l.act}, {"claim", l.claim ? json(*l.claim) : json(nullptr)}});
    return json{{"kind", p.kind},      {"label", p.label}, {"name", p.name.empty() ? json(nullptr) : json(p.name)},
                {"declared", p.declared}, {"setups", p.setups}, {"last", last},
                {"position", p.position ? json(*p.position) : json(nullptr)}};
}

// `state --format json` (docs/output.md, "state"): the same state as the text, as data.
nlohmann::ordered_json state_json(const StateSummary& st) {
    using json = nlohmann::ordered_json;
    auto sides = json::array();
    for (const auto& side : st.sides) {
        auto pieces = json::array();
        for (const auto& p : side.pieces) pieces.push_back(piece_json(p));
        sides.push_back(json{{"number", side.number}, {"name", side.name}, {"alias", side.alias.empty() ? json(nullptr) : json(side.alias)},
                             {"players", side.players}, {"pieces", pieces}});
    }
    auto loose = json::array();
    for (const auto& p : st.without_side) loose.push_back(piece_json(p));
    auto opt = [](const std::optional<std::string>& v) { return v ? json(*v) : json(nullptr); };
    return json{{"game", st.game},       {"event", opt(st.event)},       {"lines", json::array({st.first_line, st.last_line})},
                {"ruleset", opt(st.ruleset)}, {"variant", st.variant}, {"at", opt(st.at)},
                {"sides", sides},        {"without_side", loose},        {"engine_view", st.engine_view}};
}

}  // namespace

ChosenGame read_game_number(const std::string& path, std::size_t number, std::size_t max_game_bytes) {
    ChosenGame chosen;
    auto in = open_record(path, chosen.open_error);
    if (!in) return chosen;
    ngn::ParseOptions po;
    po.max_game_bytes = max_game_bytes;
    ngn::LineWindow window;
    std::size_t games = 0;
    ngn::read_games(
        *in, window,
        [&](ngn::Game&& g) {
            const std::uint32_t last = g.last_line;
            if (++games == number) {
                for (std::uint32_t n = g.first_line; n <= last; ++n) chosen.lines.emplace_back(window.line(n));
                chosen.game = std::move(g);
            }
            window.release_through(last);
        },
        po);
    if (!chosen.game)
        chosen.missing = path + " holds " + std::to_string(games) + " game" + (games == 1 ? "" : "s") + "; there is no game " + std::to_string(number);
    return chosen;
}

int run_state(const StateArgs& args) {
    std::string stop_error;
    auto stop = StopAt::parse(args.at, stop_error);
    if (!stop) {
        error_out() << "--at: " << stop_error << "\n";
        return 2;
    }
    const ChosenGame chosen = read_game_number(args.file, args.game, args.max_game_bytes);
    if (chosen.open_error == kNotText) return report_not_text(args.file), 1;
    if (!chosen.game) {
        if (!chosen.open_error.empty()) spdlog::error("{}: {}", args.file, chosen.open_error);
        else error_out() << chosen.missing << "\n";
        return 2;
    }
    const ngn::Game& game = *chosen.game;
    if (!game.errors.empty()) {
        ngn::SourceExcerpts errors_at(args.file);
        for (const auto& e : game.errors) errors_at.keep(e.pos.line, chosen.line(e.pos.line));
        for (const auto& e : game.errors)
            output::write_finding_text(std::cerr, errors_at, make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message), true);
        error_out() << "the game has syntax errors; correct them to see its state\n";
        return 1;
    }
    Replay replay(game, args.game, options_for(args.file));
    replay.run(&*stop);
    if ((!stop->headings.empty() || stop->after_line) && !stop->reached) {
        error_out() << "--at '" << args.at << "' is not in game " << args.game << " (lines " << game.first_line << "-"
                  << game.last_line << ")\n";
        return 2;
    }
    if (args.svg) return print_svg(replay, game, args.arcs);
    if (args.format == "json") std::cout << state_json(replay.state_summary()).dump(2) << "\n";
    else std::cout << replay.describe_state();
    return 0;
}

int run_card(const CardArgs& args) {
    // Data cards are derived by the Ironclads ruleset (Appendix A), reached through the registry.
    const Ruleset* ironclads = find_ruleset("ironclads");
    CardListing listing = ironclads->cards(CardRequest{args.library, args.names, args.derivation});
    if (!listing.opened) {
        spdlog::error("{}: cannot open: {}", args.library, std::strerror(errno));
        return 2;
    }
    int status = listing.problems.empty() ? 0 : 1;
    ngn::SourceText none;
    for (const auto& f : listing.problems) output::write_finding_text(std::cerr, none, f, false);
    for (const auto& n : listing.not_found) {
        error_out() << args.library << ": no ship '" << n << "' (nor a sister of one) in this library\n";
        status = 1;
    }
    std::cout << listing.text;
    return status;
}

}  // namespace ironlog::cli

namespace ironlog::cli {

// Writes the games one by one, each put through the formatter so that it is canonical NGN.
namespace {

// The record with the files its tags name ([Library], [Map], [Tables], given relative to the
// current folder) named relative to `folder`, where the record is written.
std::string names_from(std::string text, const ngn::Game& game, const fs::path& folder) {
    for (const ngn::Tag* t : game.tags()) {
        if (!ngn::names_files(t->name)) continue;
        std::string value;
        for (const std::string& name : ngn::split_list(t->value)) {
            const fs::path rel = fs::absolute(name).lexically_normal().lexically_relative(folder.lexically_normal());
            value += (value.empty() ? "" : ", ") + (rel.empty() ? fs::absolute(name).string() : rel.generic_string());
        }
        if (auto rewritten = ngn::with_tag_value(text, t->pos.line, value)) text = std::move(*rewritten);
    }
    return text;
}

}  // namespace

int run_generate(const GenerateArgs& args) {
    const Ruleset* r = find_ruleset(args.ruleset);
    if (!r) {
        spdlog::error("unknown ruleset '{}'", args.ruleset);
        return 2;
    }
    if (!r->generate) {
        std::string with;
        for (const Ruleset* x : all_rulesets().all)
            if (x->generate) with += (with.empty() ? "" : ", ") + x->info.id;
        spdlog::error("ironlog has no game generator for {} yet (it has one for: {})", args.ruleset, with);
        return 2;
    }
    std::ofstream file;
    if (!args.output.empty()) {
        file.open(args.output, std::ios::binary | std::ios::trunc);
        if (!file) {
            spdlog::error("{}: cannot write: {}", args.output, std::strerror(errno));
            return 2;
        }
    }
    std::ostream& out = args.output.empty() ? std::cout : file;
    GenerateOptions options;
    options.map = args.map;
    options.tables = args.tables;
    options.library = args.library;
    options.variant = args.variant;
    for (int i = 1; i <= args.games; ++i) {
        std::string text;
        try {
            text = r->generate(args.seed, i, options);
        } catch (const std::invalid_argument& e) {
            spdlog::error("{}", e.what());
            return 2;
        }
        ngn::ParsedFile parsed = ngn::parse_text(text);
        if (parsed.error_count() != 0 || parsed.games.size() != 1) {
            spdlog::error("generated game {} does not read as NGN: a bug in the generator", i);
            return 2;
        }
        if (!args.output.empty()) {  // the files it names, from the folder the record is written to
            text = names_from(text, parsed.games.front(), fs::absolute(args.output).parent_path());
            parsed = ngn::parse_text(text);
        }
        if (i > 1) out << "\n";
        out << ngn::format_game(parsed.games.front());
    }
    out.flush();
    if (!out) {
        spdlog::error("{}: write failed", args.output.empty() ? std::string("standard output") : args.output);
        return 2;
    }
    return 0;
}

}  // namespace ironlog::cli
