// `ironlog archive init|add|list|show|query|export|rm|verify`: the SQLite game archive.
#pragma once

#include "notation/parser.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

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
    // export, verify
    std::string manifest;
    // list
    std::optional<std::string> event, round, player, side, ruleset, from, to, result, has;
    // show, rm, export
    std::vector<std::int64_t> ids;
    bool text = false;
    int version = 0;  // show --text --version K: an earlier version
    // query
    std::string query;  // standings, rulesets, rules, search
    std::string query_arg;
    int limit = -1;  // -1: the query's default

    CLI::App* init = nullptr;
    CLI::App* add = nullptr;
    CLI::App* list = nullptr;
    CLI::App* show = nullptr;
    CLI::App* query_cmd = nullptr;
    CLI::App* exp = nullptr;
    CLI::App* rm = nullptr;
    CLI::App* verify = nullptr;
};

// Declares the subcommands on `app`; returns the `archive` command.
CLI::App* add_archive_commands(CLI::App& app, ArchiveArgs& args);
int run_archive(const ArchiveArgs& args);

}  // namespace ironlog::cli
