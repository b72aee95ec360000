// ironlog: records, checks and archives face-to-face naval wargames written in NGN.
#include "cli/archive_commands.hpp"
#include "cli/cli_errors.hpp"
#include "cli/commands.hpp"
#include "cli/game_page.hpp"
#include "cli/record.hpp"
#include "cli/lsp.hpp"
#include "output/report.hpp"
#include "rules/registry.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <csignal>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {
std::vector<std::string> ruleset_ids() {
    std::vector<std::string> ids;
    for (const auto* r : ironlog::all_rulesets().all) ids.push_back(r->info.id);
    return ids;
}
}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"ironlog: record, check and archive naval wargames played face to face, written in NGN "
                 "(Naval Game Notation). See docs/notation.md and docs/cli.md."};
    app.set_version_flag("--version", std::string("ironlog ") + IRONLOG_VERSION);
    app.require_subcommand(1);
    int verbose = 0;
    bool quiet = false;
    app.add_flag("-v,--verbose", verbose, "more diagnostics on stderr (-v debug, -vv trace)");
    app.add_flag("-q,--quiet", quiet, "only errors among the diagnostics on stderr");

    using namespace ironlog::cli;

    CheckArgs check;
    check.command_line = command_line_of(argc, argv);
    auto* c = app.add_subcommand("check", "check records against their rulesets and report every finding");
    c->fallthrough();
    c->add_option("files", check.files, "NGN files to check ('-' reads standard input)")->required()->type_name("FILE");
    c->add_option("-f,--format", check.format, "output: text (gcc-style), json (docs/output.md) or sarif (SARIF 2.1.0)")
        ->check(one_of({"text", "json", "sarif"}, "an output format"))
        ->capture_default_str();
    c->add_option("--max-errors", check.max_errors, "stop reading a file after this many syntax errors (0: no limit)")
        ->check(at_least(0))
        ->capture_default_str();
    c->add_flag("--no-excerpt{false}", check.excerpts, "text output: do not show the source line under each finding");
    c->add_option("--color", check.color, "text output in colour: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never")
        ->check(one_of({"auto", "always", "never"}))
        ->capture_default_str();
    c->add_flag("--no-summary{false}", check.summary, "text output: do not print the closing count of findings");
    add_game_size_option(c, check.max_game_bytes);
    add_jobs_option(c, check.jobs);
    c->add_flag("--excused", check.excused,
                "also show, as notes, the lines not reported because they follow from a mistake already reported");

    FmtArgs fmt;
    auto* f = app.add_subcommand("fmt", "write records in canonical NGN (to stdout unless --in-place or --check)");
    f->fallthrough();
    f->add_option("files", fmt.files, "NGN files to format ('-' reads standard input)")->required()->type_name("FILE");
    auto* in_place = f->add_flag("-i,--in-place", fmt.in_place, "rewrite each file that is not canonical");
    f->add_flag("--check", fmt.check, "write nothing; exit 1 when a file is not canonical")->excludes(in_place);
    add_game_size_option(f, fmt.max_game_bytes);

    RulesArgs rules;
    auto* r = app.add_subcommand("rules", "list the rulesets known, with their dice, sequence of play and options");
    r->fallthrough();
    r->add_option("ruleset", rules.id, "only this ruleset (" + ironlog::all_rulesets().ids() + ")")->check(one_of(ruleset_ids(), "a ruleset"));
    r->add_option("-f,--format", rules.format, "output: text or json")->check(one_of({"text", "json"}, "an output format"))->capture_default_str();

    StateArgs state;
    auto* s = app.add_subcommand("state", "show the replayed state of a game at a point of its record");
    s->fallthrough();
    s->add_option("file", state.file, "NGN file ('-' reads standard input)")->required()->type_name("FILE");
    s->add_option("--at", state.at,
                  "where: 'turn 3', 'turn 3 phase firing' (as that heading begins), 'line 42' (after that line) or 'end'")
        ->capture_default_str();
    s->add_option("--game", state.game, "which game of the file (from 1)")->capture_default_str();
    auto* svg = s->add_flag("--svg", state.svg, "print the board there as one standalone SVG picture (docs/report.md)");
    s->add_flag("--arcs", state.arcs, "with --svg: draw each ship's firing arcs (admiral, ironclads, tmbv)")->needs(svg);
    s->add_option("-f,--format", state.format, "output: text or json (docs/output.md)")
        ->check(one_of({"text", "json"}, "an output format"))
        ->excludes(svg)
        ->capture_default_str();
    add_game_size_option(s, state.max_game_bytes);

    ReportArgs report;
    auto* rp = app.add_subcommand("report", "write a game's report as one self-contained HTML page: the board at every line, the findings, the dice");
    rp->fallthrough();
    rp->add_option("file", report.file, "NGN file ('-' reads standard input)")->required()->type_name("FILE");
    rp->add_option("-o,--output", report.output, "write the page to this file (replaced all or nothing) instead of standard output")->type_name("FILE");
    rp->add_option("--game", report.game, "which game of the file (from 1)")->capture_default_str();
    add_game_size_option(rp, report.max_game_bytes);

    CardArgs card;
    auto* k = app.add_subcommand("card", "print Ironclads Data Cards derived from a ship library (Appendix A), in the book's layout");
    k->fallthrough();
    k->add_option("library", card.library, "ship library file (NGN ship lines with specifications)")->required()->type_name("FILE");
    k->add_option("ships", card.names, "ships to print, by name or a sister's name (default: all)");
    k->add_flag("-d,--derivation", card.derivation, "show how each stat was worked out");

    GenerateArgs generate;
    auto* g = app.add_subcommand("generate", "write random legal games in canonical NGN (benchmark input, demos, property tests)");
    g->fallthrough();
    g->add_option("--ruleset", generate.ruleset, "the ruleset (one with a generator: ironlog rules says which)")
        ->check(one_of(ruleset_ids(), "a ruleset"))
        ->capture_default_str();
    g->add_option("-n,--games", generate.games, "how many games")->check(CLI::Range(1, 100000000))->capture_default_str();
    g->add_option("--seed", generate.seed, "the seed: the same seed gives the same games")->capture_default_str();
    g->add_option("-o,--output", generate.output, "write to this file instead of standard output")->type_name("FILE");
    g->add_option("--variant", generate.variant, "tmbv: lissa (the Battle of Lissa, the default) or campaign (13.1, on the map --map gives)")
        ->type_name("VARIANT");
    g->add_option("--map", generate.map, "eia-naval, and tmbv's campaign: the area map to play on; [Map] names it from where the games are written (-o FILE's folder, or the current one)")
        ->type_name("FILE");
    g->add_option("--tables", generate.tables, "tmbv: the table pack of the Player Aid Charts; [Tables] names it from where the games are written")->type_name("FILE");
    g->add_option("--library", generate.library, "tmbv: the ship manifest; admiral: the unit cards; [Library] names it from where the games are written")->type_name("FILE");

    RecordArgs record;
    auto* rec = add_record_command(app, record);
    auto* lsp = app.add_subcommand("lsp", "serve the Language Server Protocol on standard input and output, for editors (docs/lsp.md)");
    lsp->fallthrough();

    ArchiveArgs archive_args;
    auto* a = add_archive_commands(app, archive_args);

    add_help_command(app);
    if (const auto status = parse_command_line(app, argc, argv)) return *status;

    auto logger = spdlog::stderr_color_st("ironlog");
    logger->set_pattern("ironlog: %l: %v");
    spdlog::set_default_logger(logger);
    spdlog::set_level(quiet ? spdlog::level::err
                            : verbose >= 2 ? spdlog::level::trace
                            : verbose == 1 ? spdlog::level::debug
                                           : spdlog::level::warn);

    try {
        if (*c) return run_check(check);
        if (*f) return run_fmt(fmt);
        if (*r) return run_rules(rules);
        if (*s) return run_state(state);
        if (*rp) return run_report(report);
        if (*k) return run_card(card);
        if (*g) return run_generate(generate);
        if (*a) return run_archive(archive_args);
        if (*rec) return run_record(record);
        if (*lsp) {
            std::ios::sync_with_stdio(false);
            std::signal(SIGPIPE, SIG_IGN);  // an editor gone away: a failed write, not a killed server
            return ironlog::lsp::serve(std::cin, std::cout);
        }
    } catch (const std::bad_alloc&) {
        // what ran out, and the limit that bounds it, rather than std::bad_alloc
        std::vector<std::string> inputs = *c ? check.files : *f ? fmt.files : *s ? std::vector<std::string>{state.file} : *rp ? std::vector<std::string>{report.file} : archive_args.files;
        std::string names;
        for (const auto& i : inputs) names += (names.empty() ? "" : ", ") + ironlog::output::visible(i);
        const std::size_t limit = *c ? check.max_game_bytes : *f ? fmt.max_game_bytes : *s ? state.max_game_bytes : *rp ? report.max_game_bytes : archive_args.max_game_bytes;
        error_out() << "ran out of memory" << (names.empty() ? "" : " reading " + names)
                  << ": a game read takes some 50 times its text, and --max-game-size is "
                  << (limit == 0 ? std::string("off") : std::to_string(limit) + " bytes")
                  << "; lower it (the default is 512K) or give ironlog more memory\n";
        return 2;
    } catch (const std::exception& e) {
        spdlog::error("{}", e.what());
        return 2;
    }
    return 2;
}
