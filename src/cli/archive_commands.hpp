// `ironlog archive init|upgrade|add|restore|list|show|query|export|verify|rm|vacuum|keygen`: the
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
};

// Declares the subcommands on `app`; returns the `archive` command.
CLI::App* add_archive_commands(CLI::App& app, ArchiveArgs& args);
int run_archive(const ArchiveArgs& args);

// The commands, each given its archive open (archive_store.cpp, archive_trust.cpp).
int archive_add(const ArchiveArgs& a, archive::Archive& ar);
int archive_recheck(const ArchiveArgs& a, archive::Archive& ar);
int archive_replace(const ArchiveArgs& a, archive::Archive& ar);
int archive_restore(const ArchiveArgs& a, archive::Archive& ar);
int archive_verify(const ArchiveArgs& a, archive::Archive& ar);
int archive_export(const ArchiveArgs& a, archive::Archive& ar);
int archive_keygen(const ArchiveArgs& a);

}  // namespace ironlog::cli
