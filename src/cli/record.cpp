#include "cli/record.hpp"

#include "check/header.hpp"
#include "check/session.hpp"
#include "check/spelling.hpp"
#include "cli/commands.hpp"
#include "cli/record_input.hpp"
#include "output/report.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ironlog::cli {

namespace {

// The record on disk: each line kept is appended and synced before the recorder goes on, so a
// crash or a pulled plug loses at most the line being typed. `undo` replaces the file whole
// (AtomicWrite: a sibling synced and renamed over it), and the appending descriptor is opened
// again on the new file.
class DurableFile {
public:
    explicit DurableFile(std::string path) : path_(std::move(path)) {}
    ~DurableFile() { close(); }
    DurableFile(const DurableFile&) = delete;
    DurableFile& operator=(const DurableFile&) = delete;

    bool open() {
        close();
        fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
        return fd_ >= 0 || fail("cannot open for writing");
    }
    // Every byte written, then synced; false (with error()) when any step failed.
    bool append(std::string_view text) {
        while (!text.empty()) {
            const ssize_t n = ::write(fd_, text.data(), text.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return fail("cannot write");
            text.remove_prefix(static_cast<std::size_t>(n));
        }
        return ::fsync(fd_) == 0 || fail("cannot sync to disk");
    }
    bool replace(const std::string& text) {
        std::string why;
        if (!write_atomically(path_, text, why)) {
            error_ = output::visible(path_) + ": " + why;
            return false;
        }
        return open();
    }
    const std::string& error() const { return error_; }

private:
    bool fail(const char* what) {
        error_ = output::visible(path_) + ": " + what + ": " + std::strerror(errno);
        return false;
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    std::string path_;
    int fd_ = -1;
    std::string error_;
};

std::string trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) return "";
    const auto last = s.find_last_not_of(" \t");
    return std::string(s.substr(first, last - first + 1));
}

std::string joined(const std::vector<std::string>& words, std::size_t most, const char* between = ", ") {
    std::string out;
    for (std::size_t i = 0; i < words.size() && i < most; ++i) out += (i ? between : "") + words[i];
    if (words.size() > most) out += std::string(between) + "...";
    return out;
}

// A finding as the set of findings of a report is compared: what it says and where.
using FindingKey = std::tuple<std::string, std::uint32_t, std::uint32_t, std::string, std::string>;
FindingKey key_of(const Finding& f) { return {f.file, f.pos.line, f.pos.column, f.rule.id(), f.message}; }

std::vector<Finding> all_findings(const FileReport& report) {
    std::vector<Finding> all = report.findings;
    for (const auto& g : report.games) all.insert(all.end(), g.findings.begin(), g.findings.end());
    return all;
}

const char* kHelp =
    "Type the record a line at a time, as NGN (docs/notation.md); each line is checked at once.\n"
    "A line the rules find fault with is kept only if you answer y to \"keep it anyway?\";\n"
    "a line that does not read is not kept: type it again. Tab completes pieces, verbs,\n"
    "headings and tags; the up arrow brings back earlier lines.\n"
    "  undo        remove the last line of the record\n"
    "  state       the game's state after the last line\n"
    "  card SHIP   one piece: its place, heading and state\n"
    "  help        this text\n"
    "  quit        stop (Ctrl-D too); every line kept is already saved\n";

// The check of a game still being played: nothing is concluded from where the record stops.
CheckOptions in_progress(CheckOptions options) {
    options.in_progress = true;
    return options;
}

class Recorder {
public:
    Recorder(const std::string& path, LineInput& input)
        : path_(path), file_(path), input_(input), session_(in_progress(options_for(path)), path),
          colour_(input.echoes() && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && std::getenv("TERM") &&
                  std::string(std::getenv("TERM")) != "dumb") {}

    int run();

private:
    bool load();
    bool handle(const std::string& line);  // false: stop (quit, or the file could not be written)
    bool judge(const std::string& line);
    bool keep(const std::string& line);
    bool undo();
    void show_where();
    void show_card(const std::string& name);
    std::optional<std::string> read(const std::string& prompt, bool remember);
    std::uint32_t last_written_line();
    bool is_tag(std::uint32_t line) const;
    std::vector<Finding> judged_findings();
    bool is_heading(std::uint32_t line) const;
    bool play_begun(std::uint32_t line) const;
    // The record's lines (an empty text has none; Session counts it as one empty line).
    std::uint32_t lines() const { return session_.text().empty() ? 0 : session_.line_count(); }

    std::string path_;
    DurableFile file_;
    LineInput& input_;
    Session session_;
    bool colour_;
    int status_ = 0;
    std::set<FindingKey> accepted_;  // findings the players have seen and played on (or the file held)
};

std::optional<std::string> Recorder::read(const std::string& prompt, bool remember) {
    auto line = input_.read(prompt, remember);
    if (line && !input_.echoes()) std::cout << *line << "\n";  // a pipe: the transcript shows it
    return line;
}

// The file as it stands is loaded into the session: recording resumes after its last line.
bool Recorder::load() {
    std::error_code ec;
    if (std::filesystem::is_directory(path_, ec)) {
        std::cerr << "ironlog: error: " << output::visible(path_) << ": is a directory, not a record\n";
        return false;
    }
    if (std::filesystem::exists(path_, ec) && !std::filesystem::is_regular_file(path_, ec)) {  // /dev/zero would be read for ever
        std::cerr << "ironlog: error: " << output::visible(path_) << ": is not a regular file, so not a record to write to\n";
        return false;
    }
    if (!file_.open()) {
        std::cerr << "ironlog: error: " << file_.error() << "\n";
        return false;
    }
    std::ifstream in(path_, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.is_open() || in.bad()) {  // what it holds must be known before anything is added to it
        std::cerr << "ironlog: error: " << output::visible(path_) << ": cannot read: " << std::strerror(errno) << "\n";
        return false;
    }
    if (!text.empty() && text.back() != '\n' && !file_.append("\n")) {  // the next line begins a line of its own
        std::cerr << "ironlog: error: " << file_.error() << "\n";
        return false;
    }
    if (!text.empty() && text.back() != '\n') text += '\n';
    session_.set_text(std::move(text));
    for (const Finding& f : judged_findings()) accepted_.insert(key_of(f));  // played on already
    if (lines() > 0)
        std::cout << "resuming " << output::visible(path_) << " after line " << lines() << "\n";
    else
        std::cout << "recording " << output::visible(path_) << " (a new record: begin with its tags; type help for the commands)\n";
    return true;
}

int Recorder::run() {
    if (!load()) return 2;
    while (true) {
        show_where();
        const auto line = read("line " + std::to_string(lines() + 1) + "> ", true);
        if (!line || !handle(*line)) break;
    }
    return status_;
}

bool Recorder::handle(const std::string& line) {
    const std::string command = trimmed(line);
    if (command == "quit" || command == "exit") return false;
    if (command == "help") return std::cout << kHelp, true;
    if (command == "undo") return undo();
    if (command == "state") {
        const std::uint32_t at = last_written_line();
        std::cout << (at == 0 ? std::string("no game yet\n") : session_.state_after(at));
        return true;
    }
    if (command == "card") return std::cout << "card SHIP: name a piece (Tab completes it)\n", true;
    if (command.rfind("card ", 0) == 0) return show_card(trimmed(command.substr(5))), true;
    return judge(line);
}

// The last line that holds something: play stands where it left it (a blank line or a comment
// moves play nowhere).
std::uint32_t Recorder::last_written_line() {
    for (std::uint32_t n = lines(); n > 0; --n)
        if (const std::string t = trimmed(session_.line(n)); !t.empty() && t[0] != ';') return n;
    return 0;
}


bool Recorder::is_tag(std::uint32_t line) const {
    const std::string t = trimmed(session_.line(line));
    return !t.empty() && t[0] == '[';
}

// The findings of the record as it stands, checked as a game still being played
// (CheckOptions::in_progress): a step, a roll or a line still to come is not yet missing.
std::vector<Finding> Recorder::judged_findings() { return all_findings(session_.report()); }

bool Recorder::is_heading(std::uint32_t line) const {
    const std::string t = trimmed(session_.line(line));
    const std::string word = t.substr(0, t.find(' '));
    return word == "turn" || word == "phase" || word == "segment" || word == "impulse" || word == "step";
}

// Whether a heading stands before the line in its game (after the game's tags).
bool Recorder::play_begun(std::uint32_t line) const {
    for (std::uint32_t n = line; n-- > 1;) {
        if (is_tag(n)) return false;
        if (is_heading(n)) return true;
    }
    return false;
}

// The line is given to the session after the others, and what it brings is shown: the findings
// the players have not yet seen and accepted. A line that does not read is taken back at once;
// one the rules find fault with is kept if the players say so. Within a phase still being
// played, a step reported missing (the other side's roll not yet written) waits while the
// record was already found wanting under that rule before the line: the line that ends the
// phase (a heading) brings every finding of the lines before it not yet accepted.
bool Recorder::judge(const std::string& line) {
    std::set<std::string> pending;  // the rules the record was found wanting under before this line
    for (const Finding& f : judged_findings()) pending.insert(f.rule.id());
    session_.append_line(line);
    const std::uint32_t at = lines();
    const bool tag = is_tag(at), heading = is_heading(at);
    // the set-up before play (sides, ships, formations) is judged when play begins: a formation
    // is declared before the ships that fill it
    const bool setup = !tag && !heading && !play_begun(at);
    std::vector<Finding> shown;
    for (const Finding& f : judged_findings()) {
        if (accepted_.count(key_of(f)) || ((tag || setup) && f.kind != Kind::Syntax)) continue;  // judged once they end
        // a heading's own findings wait until its phase ends (every step of it is missing yet), as
        // do those still wanting under a rule the record already fell short of (the units yet to
        // draw, fewer now), unless a heading ends the phase they stand in
        if (f.kind != Kind::Syntax && f.file.empty() && heading && f.pos.line == at) continue;
        if (!heading && f.kind != Kind::Syntax && pending.count(f.rule.id())) continue;
        shown.push_back(f);
    }
    const ngn::SourceText source(path_, session_.text());
    bool syntax = false, faults = false, tags = false;
    for (const Finding& f : shown) {
        output::write_finding_text(std::cout, source, f, f.file.empty(), colour_);
        syntax = syntax || f.kind == Kind::Syntax;
        const bool of_tags = f.file.empty() && is_tag(f.pos.line) && !tag && !setup;
        (of_tags ? tags : faults) |= f.severity != Severity::Note;
        if (of_tags) accepted_.insert(key_of(f));
    }
    if (tags) std::cout << "the game's tags have the findings above: undo back to them to correct them, or play on\n";
    if (syntax) {
        session_.replace_lines(at, 1, "");
        std::cout << "not kept: line " << at << " does not read; type it again\n";
        return true;
    }
    if (faults) {
        const auto answer = read("keep it anyway? [y/N] ", false);
        const std::string a = answer ? trimmed(*answer) : "";
        if (a != "y" && a != "Y" && a != "yes") {
            session_.replace_lines(at, 1, "");
            std::cout << "not kept\n";
            return bool(answer);
        }
        std::cout << "kept as played: the check will mark it, unless a later line settles it\n";
    }
    for (const Finding& f : shown) accepted_.insert(key_of(f));
    return keep(line);
}

bool Recorder::keep(const std::string& line) {
    if (file_.append(line + "\n")) return true;
    std::cerr << "ironlog: error: " << file_.error() << "; line " << lines()
              << " was not saved (the file may end part way through it)\n";
    status_ = 2;
    return false;
}

bool Recorder::undo() {
    const std::uint32_t last = lines();
    if (last == 0) return std::cout << "nothing to undo\n", true;
    const std::string gone(session_.line(last));
    session_.replace_lines(last, 1, "");
    if (!file_.replace(session_.text())) {
        std::cerr << "ironlog: error: " << file_.error() << "; the file still holds line " << last << "\n";
        status_ = 2;
        return false;
    }
    std::cout << "undone: line " << last << ": " << output::visible(gone) << "\n";
    return true;
}

// Where play stands after the last line and what may come next; the words Tab completes.
void Recorder::show_where() {
    std::vector<std::string> words = {"undo", "state", "card ", "help", "quit"};
    const std::uint32_t last = last_written_line();
    const NextSteps next = last == 0 ? NextSteps{} : session_.next_after(last);
    if (last > 0 && is_tag(last)) {
        std::cout << "-- the game's tags (checked together when the first line after them is written)\n";
    } else if (next.ruleset.empty()) {
        std::cout << "-- no game yet: its tags first, e.g. [NGN \"1\"] [Ruleset \"ironclads\"] [Side1 \"...\"]\n";
    } else {
        std::cout << "-- " << (next.at.empty() ? "before play" : next.at) << " (" << next.ruleset << ")";
        if (!next.headings.empty()) std::cout << "; next: " << joined(next.headings, 6);
        std::cout << "\n";
        std::vector<std::string> in_play;
        for (const auto& p : next.pieces)
            if (!p.sunk && p.kind != "side") in_play.push_back(p.alias);
        if (!next.verbs.empty()) std::cout << "   verbs: " << joined(next.verbs, 8);
        if (!in_play.empty()) std::cout << (next.verbs.empty() ? "   " : "; ") << "pieces: " << joined(in_play, 10, " ");
        if (!next.verbs.empty() || !in_play.empty()) std::cout << "\n";
    }
    for (const auto& h : next.headings) words.push_back(h);
    for (const auto& v : next.verbs) words.push_back(v);
    for (const auto& p : next.pieces)
        if (!p.sunk) words.push_back(p.alias);
    for (const auto& t : known_tags()) words.push_back("[" + std::string(t.name) + " \"");
    input_.set_words(std::move(words));
    input_.set_dice([this](std::string_view before) -> std::optional<std::string> {
        const std::optional<DiceNeeded> dice = session_.dice_needed(lines() + 1, before);
        return dice ? std::optional<std::string>(dice->dice + ": ") : std::nullopt;
    });
}

void Recorder::show_card(const std::string& name) {
    const std::uint32_t last = last_written_line();
    const std::optional<Scene> scene = last == 0 ? std::nullopt : session_.scene_after(last);
    if (!scene) return void(std::cout << "no game in play yet\n");
    std::vector<std::string> ids;
    for (const ScenePiece& p : scene->pieces) {
        ids.push_back(p.id);
        if (p.id != name && p.name != name) continue;
        std::cout << p.id << ": " << p.name << " (" << p.kind;
        if (p.side >= 0 && static_cast<std::size_t>(p.side) < scene->sides.size()) std::cout << ", " << scene->sides[static_cast<std::size_t>(p.side)];
        std::cout << ")\n";
        std::ostringstream place;
        if (p.at && p.hex.empty()) place << "(" << p.at->x << ", " << p.at->y << ")";
        if (!p.hex.empty()) place << "hex " << p.hex;
        if (!p.area.empty()) place << "area " << p.area << (p.box.empty() ? "" : " box " + p.box);
        std::cout << "  at: " << (place.str().empty() ? "not placed" : place.str());
        if (p.heading) std::cout << ", heading " << *p.heading;
        std::cout << (p.sunk ? ", sunk" : "") << (p.gone ? ", gone from play" : "") << "\n";
        if (!p.state.empty()) std::cout << "  " << joined(p.state, p.state.size()) << "\n";
        return;
    }
    const std::string near = nearest(name, ids);
    std::cout << "no piece '" << output::visible(name) << "' in play" << (near.empty() ? "" : "; did you mean '" + near + "'?")
              << (ids.empty() ? "" : " (pieces: " + joined(ids, ids.size(), " ") + ")") << "\n";
}

}  // namespace

CLI::App* add_record_command(CLI::App& app, RecordArgs& args) {
    auto* r = app.add_subcommand("record", "record a game at the table: each line checked as it is typed, kept when it is right or the players accept it, saved at once (docs/record.md)");
    r->fallthrough();
    r->add_option("file", args.file, "the record: created when missing, resumed after its last line when it exists")->required()->type_name("FILE");
    return r;
}

int run_record(const RecordArgs& args) {
    const bool terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    const std::unique_ptr<LineInput> input = terminal ? terminal_input() : pipe_input();
    return Recorder(args.file, *input).run();
}

}  // namespace ironlog::cli
