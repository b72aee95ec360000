// `ironlog archive init|upgrade|add|restore|list|dice|report|show|query|export|verify|rm|vacuum|keygen`: the
// SQLite game archive. The commands that store games are in archive_store.cpp, those that check
// and publish it (verify, export, manifests, keys) in archive_trust.cpp.
#pragma once

#include "notation/parser.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace archive {
class Archive;
struct Filter;
}

namespace ironlog::cli {

struct ArchiveArgs {
    std::string db;  // --db, else $IRONLOG_DB, else the default location
    std::string format = "text";
    // add
    std::vector<std::string> files;
    bool recheck = false;
    std::optional<std::int64_t> replace;  // add --replace N
    std::size_t max_findings = 1000;      // stored per game
    std::size_t max_game_bytes = ngn::ParseOptions::kDefaultMaxGameBytes;
    bool unverified = false;              // add --recheck --unverified
    unsigned jobs = 0;                    // add -j: threads reading and checking games (0: one a core)
    // restore
    bool search_index = false;       // restore --search-index
    bool history_as_found = false;   // restore --history-as-found
    // export, verify
    std::string manifest;
    std::string output;       // export -o FILE
    bool bundle = false;      // export --bundle: the files the records name copied beside FILE
    std::string sign_key;     // export --manifest F --sign KEY
    std::string public_key;   // verify --manifest F --key PUB
    // list
    std::optional<std::string> event, round, player, side, ruleset, from, to, result, has;
    // show, rm, export, restore
    std::vector<std::int64_t> ids;
    bool text = false;
    int version = 0;  // show --text --version K: an earlier version
    // query
    std::string query;  // standings, rulesets, rules, search
    std::string query_arg;
    int limit = -1;  // -1: the query's default
    // keygen
    std::string key_file;
    // dice (archive_dice.cpp)
    std::vector<std::string> by;               // the breakdowns shown: player, event, kind (default all)
    std::optional<std::uint64_t> seed;         // of the Monte-Carlo tests (default: stats::MonteCarlo's)
    std::optional<std::int64_t> draws;         // their number of draws
    // report (archive_report.cpp)
    std::string points = "2,1,0";              // --points W,D,L
    bool no_game_pages = false;                // --no-game-pages: the event's page alone

    CLI::App* init = nullptr;
    CLI::App* upgrade = nullptr;
    CLI::App* add = nullptr;
    CLI::App* restore = nullptr;
    CLI::App* list = nullptr;
    CLI::App* show = nullptr;
    CLI::App* query_cmd = nullptr;
    CLI::App* exp = nullptr;
    CLI::App* rm = nullptr;
    CLI::App* verify = nullptr;
    CLI::App* vacuum = nullptr;
    CLI::App* keygen = nullptr;
    CLI::App* dice = nullptr;
    CLI::App* report = nullptr;
};

// Declares the subcommands on `app`; returns the `archive` command.
CLI::App* add_archive_commands(CLI::App& app, ArchiveArgs& args);
int run_archive(const ArchiveArgs& args);

// The filters of `list` and `dice`: their options, and the filter they give (none, after saying
// why on standard error, when a date or a kind cannot be taken).
void add_filter_options(CLI::App* command, ArchiveArgs& args);
std::optional<archive::Filter> archive_filter(const ArchiveArgs& args);
// Declares `archive dice` on the `archive` command (archive_dice.cpp).
void add_dice_command(CLI::App* archive, ArchiveArgs& args);
// Declares `archive report` (archive_report.cpp).
void add_report_command(CLI::App* archive, ArchiveArgs& args);

// The commands, each given its archive open (archive_store.cpp, archive_trust.cpp, archive_dice.cpp,
// archive_report.cpp).
int archive_add(const ArchiveArgs& a, archive::Archive& ar);
int archive_recheck(const ArchiveArgs& a, archive::Archive& ar);
int archive_replace(const ArchiveArgs& a, archive::Archive& ar);
int archive_restore(const ArchiveArgs& a, archive::Archive& ar);
int archive_verify(const ArchiveArgs& a, archive::Archive& ar);
int archive_export(const ArchiveArgs& a, archive::Archive& ar);
int archive_keygen(const ArchiveArgs& a);
int archive_dice(const ArchiveArgs& a, archive::Archive& ar);
int archive_report(const ArchiveArgs& a, archive::Archive& ar);

}  // namespace ironlog::cli
