// The subcommands of ironlog. Each returns the process exit status:
// 0 clean, 1 the records have errors (or are not canonical, for fmt --check), 2 usage or I/O.
#pragma once

#include "check/game_stream.hpp"
#include "check/replay.hpp"
#include "notation/parser.hpp"

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace ironlog::cli {

// How a record at this path is checked: the files it names are looked for beside it (in the
// current folder for standard input).
CheckOptions options_for(const std::string& path);

// Opens a record for reading a block at a time ("-" is standard input); null with a message
// when it cannot be opened, kNotText when it is binary (a NUL byte in its first block).
inline constexpr std::string_view kNotText = "not a text file";
std::unique_ptr<std::istream> open_record(const std::string& path, std::string& error);
// A binary file: its one error, "FILE:1:1: error: not a text file", on standard error.
void report_not_text(const std::string& path);

// Replaces a file, all or nothing: the text goes to a sibling, which commit syncs and renames over
// the file, so a power cut leaves the old file or the new one; never committed, the sibling is
// removed. A link is written through (the file it points at is replaced, the link stays), the
// file keeps its mode, and its folder is synced after the rename.
class AtomicWrite {
public:
    explicit AtomicWrite(const std::string& path);
    ~AtomicWrite();
    AtomicWrite(const AtomicWrite&) = delete;
    AtomicWrite& operator=(const AtomicWrite&) = delete;
    bool write(std::string_view text);  // false, with error(), once anything failed
    bool commit();
    const std::string& error() const { return error_; }

private:
    bool fail(const std::string& what);
    std::filesystem::path target_, tmp_;
    mode_t mode_ = 0644;
    int fd_ = -1;
    bool done_ = false;
    std::string error_;
};
bool write_atomically(const std::string& path, const std::string& text, std::string& error);

// --max-game-size on a command that reads records (ngn::ParseOptions::max_game_bytes).
void add_game_size_option(CLI::App* command, std::size_t& bytes);
// -j N: the threads reading and checking games (check, archive add, archive add --recheck).
void add_jobs_option(CLI::App* command, unsigned& jobs);
// The threads for -j N (0: one a core) when reading path (\"\": not a file): one for a pipe or a terminal.
Threads threads_for(unsigned jobs, const std::string& path = "");
// Whether the records come from a regular file (named, or redirected to standard input).
bool regular_file(const std::string& path);

// Game `number` (from 1) of a record, read a game at a time so that only it is kept, with the
// text of its lines. Without the game: `open_error` when the file cannot be opened, else
// `missing`, the message to give ("x.ngn holds 2 games; there is no game 3").
struct ChosenGame {
    std::optional<ngn::Game> game;
    std::vector<std::string> lines;  // its lines' text, first_line to last_line
    std::string open_error, missing;
    std::string_view line(std::uint32_t n) const {
        return game && n >= game->first_line && n - game->first_line < lines.size() ? std::string_view(lines[n - game->first_line]) : std::string_view();
    }
};
ChosenGame read_game_number(const std::string& path, std::size_t number, std::size_t max_game_bytes);

struct CheckArgs {
    std::vector<std::string> files;
    std::string format = "text";  // text, json, sarif
    std::size_t max_errors = 100;
    bool excerpts = true;
    bool summary = true;
    bool excused = false;  // show the lines excused as following from a mistake already reported
    std::string color = "auto";  // auto (a terminal, unless NO_COLOR is set or TERM=dumb), always, never
    std::size_t max_game_bytes = ngn::ParseOptions::kDefaultMaxGameBytes;
    unsigned jobs = 0;  // 0: one a core
    std::string command_line;  // as given, for SARIF's invocations
};
int run_check(const CheckArgs& args);

struct FmtArgs {
    std::vector<std::string> files;
    bool in_place = false;
    bool check = false;
    std::size_t max_game_bytes = ngn::ParseOptions::kDefaultMaxGameBytes;
};
int run_fmt(const FmtArgs& args);

struct RulesArgs {
    std::string id;  // "" = all
    std::string format = "text";
};
int run_rules(const RulesArgs& args);

struct StateArgs {
    std::string file;
    std::string at = "end";
    std::size_t game = 1;
    std::size_t max_game_bytes = ngn::ParseOptions::kDefaultMaxGameBytes;
    bool svg = false;  // the board as an SVG picture instead of the text
    bool arcs = false;  // with svg: the pieces' firing arcs drawn
    std::string format = "text";  // text or json
};
int run_state(const StateArgs& args);

struct GenerateArgs {
    std::string ruleset = "ironclads";
    int games = 1;
    std::uint64_t seed = 1;
    std::string output;  // "" = standard output
    std::string map;     // an area map, for the rulesets played on one (eia-naval)
    std::string tables;  // a table pack (tmbv)
    std::string library; // a ship manifest (tmbv)
    std::string variant; // tmbv: "campaign" (13.1, on --map) or "" / "lissa"
};
int run_generate(const GenerateArgs& args);

struct CardArgs {
    std::string library;
    std::vector<std::string> names;  // empty: every ship of the library
    bool derivation = false;
};
int run_card(const CardArgs& args);

}  // namespace ironlog::cli
