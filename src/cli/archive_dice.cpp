// `ironlog archive dice`: are the dice fair? The dice of the games a filter selects, read from
// each game's record as the chain holds it, counted per die type, per player, per event and per
// kind of roll, and each group tested against a fair die (src/stats), with Holm's correction
// over all the groups tested at once (docs/archive.md, "Dice statistics").
// The counting and the tests are in dice_tally.cpp, which the event page shares.
#include "archive/archive.hpp"
#include "cli/archive_commands.hpp"
#include "cli/cli_errors.hpp"
#include "cli/dice_tally.hpp"
#include "stats/fair_die.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace ironlog::cli {

namespace {

using json = nlohmann::ordered_json;

// A stored game's dice, from its record as the chain holds it: a record changed outside ironlog,
// or one that no longer reads as one game, is left out and said so.
void read_game(archive::Archive& ar, const archive::GameSummary& g, Tally& t) {
    ++t.games;
    const auto stored = ar.get(g.id);
    std::string why = "its record is not the one the chain holds (changed outside ironlog): 'archive verify' says more, "
                      "'archive add --replace' mends it";
    const auto game = stored ? chained_game(ar, g.id, stored->record, why) : std::nullopt;
    if (!game) {
        t.left_out.emplace_back(g.id, why);
        return;
    }
    t.count_game(dice_game(g), *game);
}

// One die type's rows, under a heading naming its faces, in aligned columns.
void print_die(const std::vector<const DiceRow*>& rows) {
    const DieType& die = rows.front()->die;
    std::size_t name_width = 5, counts_width = 6;
    for (const DiceRow* r : rows) {
        name_width = std::max(name_width, breakdown_name(*r).size());
        counts_width = std::max(counts_width, counts_text(r->counts).size());
    }
    std::cout << "\n" << die.name() << ": the count of each face, " << die.low << " to " << die.low + die.sides - 1 << "\n";
    std::cout << "  " << std::left << std::setw(static_cast<int>(name_width)) << "group" << std::right << std::setw(8) << "dice" << "  " << std::left
              << std::setw(static_cast<int>(counts_width)) << "counts" << std::right << std::setw(9) << "chi2" << std::setw(4) << "df" << "  "
              << std::left << std::setw(12) << "test" << std::right << std::setw(8) << "p" << std::setw(9) << "Holm p" << "\n";
    for (const DiceRow* r : rows) {
        std::ostringstream chi2;
        chi2 << std::fixed << std::setprecision(2) << r->fit.chi_square;
        const std::string f = flags(*r);
        const bool t = r->tested();
        std::cout << "  " << std::left << std::setw(static_cast<int>(name_width)) << breakdown_name(*r) << std::right << std::setw(8) << r->fit.dice << "  "
                  << std::left << std::setw(static_cast<int>(counts_width)) << counts_text(r->counts) << std::right << std::setw(9)
                  << (t ? chi2.str() : "-") << std::setw(4) << (t ? std::to_string(r->fit.df) : "-") << "  " << std::left << std::setw(12)
                  << stats::test_name(r->fit.test) << std::right << std::setw(8) << (t ? p_text(r->fit.p) : "-") << std::setw(9)
                  << (t ? p_text(r->holm_p) : "-") << (f.empty() ? "" : "  " + f) << "\n";
    }
}

// A paragraph broken into lines of at most `width` characters, at spaces.
std::string wrapped(const std::string& text, std::size_t width = 100) {
    std::string out, line;
    std::istringstream words(text);
    for (std::string w; words >> w;) {
        if (!line.empty() && line.size() + 1 + w.size() > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + w;
    }
    return out + line;
}

void print_text(const Tally& t, const std::vector<DiceRow>& rows, const stats::FitOptions& o) {
    if (t.games == 0) {
        std::cout << "No game of the archive matches the filters: no dice to count.\n";
        return;
    }
    std::cout << tally_summary(t) << "\n";
    for (const auto& note : tally_notes(t)) std::cout << note << "\n";
    if (rows.empty()) {
        std::cout << "No dice to count.\n";
        return;
    }
    for (std::size_t i = 0; i < rows.size();) {
        std::vector<const DiceRow*> die;
        for (const DieType type = rows[i].die; i < rows.size() && rows[i].die == type; ++i) die.push_back(&rows[i]);
        print_die(die);
    }
    std::cout << "\n" << wrapped(tests_text(o, tested(rows))) << "\n\n" << wrapped(caution(tested(rows))) << "\n";
}

json row_json(const DiceRow& r) {
    json faces = json::array();
    for (int f = 0; f < r.die.sides; ++f) faces.push_back(r.die.low + f);
    json j{{"die", r.die.name()}, {"sides", r.die.sides}, {"faces", faces}, {"by", kBreakdowns[r.breakdown]}, {"name", r.name},
           {"dice", r.fit.dice}, {"counts", r.counts}, {"tested", r.tested()}, {"test", stats::test_name(r.fit.test)}};
    if (!r.tested()) return j;
    j.update(json{{"expected", r.fit.expected}, {"chi_square", r.fit.chi_square}, {"df", r.fit.df}, {"chi_square_p", r.fit.chi_square_p},
                  {"p", r.fit.p}, {"holm_p", r.holm_p}, {"uneven", r.holm_p < kDiceLevel}, {"small_sample", r.fit.small()}});
    return j;
}

void print_json(const Tally& t, const std::vector<DiceRow>& rows, const stats::FitOptions& o) {
    json left_out = json::array();
    for (const auto& [id, why] : t.left_out) left_out.push_back(json{{"game", id}, {"why", why}});
    json groups = json::array();
    for (const DiceRow& r : rows) groups.push_back(row_json(r));
    const json out{{"games", t.games}, {"games_with_dice", t.games_with_dice}, {"dice", t.dice}, {"unknown_side_dice", t.unknown_side},
                   {"faces_not_counted", t.not_counted}, {"left_out", left_out},
                   {"tests", json{{"min_expected", o.min_expected}, {"max_outcomes", o.max_outcomes},
                                  {"monte_carlo", json{{"seed", o.monte_carlo.seed}, {"draws", o.monte_carlo.draws}}}}},
                   {"correction", json{{"method", "holm"}, {"groups", tested(rows)}, {"level", kDiceLevel}}},
                   {"groups", groups}, {"caution", caution(tested(rows))}};
    std::cout << out.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace

void add_dice_command(CLI::App* archive, ArchiveArgs& a) {
    const stats::MonteCarlo defaults;
    a.dice = archive->add_subcommand("dice", "are the dice fair? the games' dice per die type, player, event and kind of roll, tested against a fair die");
    add_filter_options(a.dice, a);
    a.dice->add_option("--by", a.by, "the groups beside all the dice of a type: player, event, kind (default: all three)")
        ->delimiter(',')
        ->check(one_of({"player", "event", "kind"}));
    a.dice->add_option("--seed", a.seed, "the seed of the Monte-Carlo tests (default " + std::to_string(defaults.seed) + ")");
    a.dice->add_option("--draws", a.draws, "the draws of each Monte-Carlo test (default " + std::to_string(defaults.draws) + ")")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}));
}

int archive_dice(const ArchiveArgs& a, archive::Archive& ar) {
    const auto filter = archive_filter(a);
    if (!filter) return 2;
    Tally t;
    for (std::size_t b = 1; b < kBreakdowns.size(); ++b)
        t.shown[b] = a.by.empty() || std::find(a.by.begin(), a.by.end(), kBreakdowns[b]) != a.by.end();
    ar.list(*filter, [&](const archive::GameSummary& g) { read_game(ar, g, t); });
    stats::FitOptions options;
    if (a.seed) options.monte_carlo.seed = *a.seed;
    if (a.draws) options.monte_carlo.draws = *a.draws;
    const std::vector<DiceRow> rows = test_groups(t, options);
    if (a.format == "json") print_json(t, rows, options);
    else print_text(t, rows, options);
    return t.left_out.empty() ? 0 : 1;
}

}  // namespace ironlog::cli
