// `ironlog archive dice`: are the dice fair? The dice of the games a filter selects, read from
// each game's record as the chain holds it, counted per die type, per player, per event and per
// kind of roll, and each group tested against a fair die (src/stats), with Holm's correction
// over all the groups tested at once (docs/archive.md, "Dice statistics").
#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "cli/archive_commands.hpp"
#include "notation/labels.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"
#include "rules/registry.hpp"
#include "stats/fair_die.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <numeric>
#include <sstream>

namespace ironlog::cli {

namespace {

using json = nlohmann::ordered_json;

// The groups the dice are counted in, in the order shown: every die of a type, then by player,
// by event and by kind of roll.
constexpr std::array<const char*, 4> kBreakdowns{"all", "player", "event", "kind"};
constexpr double kLevel = 0.05;      // a group is called uneven when its Holm p is under this
constexpr int kMostFaces = 100;      // a die of more faces is not counted (no game rolls one)
const std::string kUnknownSide = "(unknown side)";

// A kind of die as its game's ruleset reads it: `sides` faces read from `low` up (tmbv's d10
// reads 0-9; admiral's 1-10, a face written 0 reading 10). A die its ruleset does not know reads
// from 1 (the check reports it).
struct DieType {
    int sides = 6, low = 1;
    auto operator<=>(const DieType&) const = default;
    std::string name() const {
        return "d" + std::to_string(sides) + (low == 1 ? "" : " read " + std::to_string(low) + "-" + std::to_string(low + sides - 1));
    }
};

// One die of a record: its type, and where each face it may show falls among the type's faces.
struct DieReading {
    DieType type;
    const DieSpec* spec = nullptr;

    explicit DieReading(const ngn::Dice& d, const Ruleset* ruleset) : type{d.sides, 1}, spec(ruleset ? ruleset->info.die(d.sides) : nullptr) {
        if (spec && spec->zero_reads_as == 0 && spec->max_face - spec->min_face + 1 == d.sides) type.low = spec->min_face;
    }
    // The face's place from 0, or none when the die has no such face.
    std::optional<std::size_t> index(int face) const {
        if (spec && !spec->accepts(face)) return std::nullopt;
        const int value = spec ? spec->read(face) : face;
        if (value < type.low || value >= type.low + type.sides) return std::nullopt;
        return static_cast<std::size_t>(value - type.low);
    }
};

// Who rolled a line's dice: the side its subject names (by the side's name or alias) or belongs
// to (a ship, unit, fleet, leader, squadron or formation declared under a `side` line), numbered
// as the archive's side rows number them. A name given to two sides tells none.
class Rollers {
public:
    Rollers(const archive::GameSummary& g, const ngn::Game& game) {
        for (const auto& s : g.sides) {
            name(sides_, s.name, s.number);
            if (!s.alias.empty()) name(sides_, s.alias, s.number);
        }
        int side = 0;
        for (const auto& l : game.lines) {
            const auto* d = l.as<ngn::Declaration>();
            if (!d) continue;
            if (d->kind == ngn::EntityKind::Side) {
                side = find(sides_, ngn::reference_text(d->full_name ? *d->full_name : d->name));
                continue;
            }
            name(entities_, ngn::reference_text(d->name), side);
            if (d->full_name) name(entities_, ngn::reference_text(*d->full_name), side);
        }
    }
    int side_of(const std::string& subject) const {
        const int side = find(sides_, subject);
        return side ? side : find(entities_, subject);
    }

private:
    static void name(std::map<std::string, int>& names, const std::string& n, int side) {
        auto [it, added] = names.emplace(n, side);
        if (!added && it->second != side) it->second = 0;
    }
    // The number a name has, written as declared or with another case; 0 when none.
    static int find(const std::map<std::string, int>& names, const std::string& n) {
        if (auto it = names.find(n); it != names.end()) return it->second;
        for (const auto& [known, side] : names)
            if (ngn::same_label(known, n)) return side;
        return 0;
    }

    std::map<std::string, int> sides_, entities_;
};

// The player a side's dice are counted under: its one player, its players together, or the side
// when the record names none.
std::string player_of(const archive::GameSummary& g, int side) {
    for (const auto& s : g.sides) {
        if (s.number != side) continue;
        if (s.players.empty()) return "(no player named: side " + s.name + ")";
        std::string players;
        for (const auto& p : s.players) players += (players.empty() ? "" : " & ") + p;
        return players;
    }
    return kUnknownSide;
}

// What a line is, as far as its dice are concerned: who rolled them (its subject, when it has
// one), the kind of roll (an event's verb, in lower case: fire, ram, initiative, roll ...; else
// the line's keyword), and the items its dice may be among.
struct LineDice {
    std::optional<std::string> subject;
    std::string kind;
    std::vector<ngn::Items> items;
};

LineDice line_dice(const ngn::Line& l) {
    LineDice out;
    if (const auto* e = l.as<ngn::Event>()) {
        out.subject = ngn::reference_text(e->subject);
        out.kind = e->verb();
        std::transform(out.kind.begin(), out.kind.end(), out.kind.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (out.kind.empty()) out.kind = "(no verb)";
        out.items = {e->args};
        if (e->claim) out.items.push_back(*e->claim);
    } else if (const auto* s = l.as<ngn::Setup>()) {
        out = LineDice{ngn::reference_text(s->subject), "setup", {s->args}};
    } else if (const auto* d = l.as<ngn::Declaration>()) {
        out = LineDice{std::nullopt, ngn::entity_keyword(d->kind), {d->args}};
    } else if (const auto* h = l.as<ngn::Heading>()) {
        out = LineDice{std::nullopt, ngn::heading_keyword(h->kind), {h->args}};
    } else if (const auto* t = l.as<ngn::Terrain>()) {
        out = LineDice{std::nullopt, "terrain", {t->args}};
    }
    return out;
}

template <class Each>
void each_dice(ngn::Items items, Each&& each) {
    for (const auto& item : items) {
        if (const auto* d = item.as<ngn::Dice>()) each(*d);
        else if (const auto* list = item.as<ngn::List>()) each_dice(list->items, each);
    }
}

using GroupKey = std::tuple<DieType, std::size_t, std::string>;  // die, breakdown, name

// The dice counted so far, and what could not be counted.
struct Tally {
    std::array<bool, kBreakdowns.size()> shown{true, true, true, true};
    std::map<GroupKey, std::vector<std::int64_t>> groups;
    std::int64_t games = 0, games_with_dice = 0, dice = 0, unknown_side = 0, not_counted = 0;
    std::vector<std::pair<std::int64_t, std::string>> left_out;  // game, why

    void count_game(const archive::GameSummary& g, const ngn::Game& game);

private:
    void count_face(const DieReading& die, int face, const std::array<std::string, kBreakdowns.size()>& names, bool unknown);
};

void Tally::count_face(const DieReading& die, int face, const std::array<std::string, kBreakdowns.size()>& names, bool unknown) {
    const auto at = die.index(face);
    if (!at || die.type.sides > kMostFaces) {
        ++not_counted;
        return;
    }
    ++dice;
    unknown_side += unknown;
    for (std::size_t b = 0; b < kBreakdowns.size(); ++b) {
        if (!shown[b]) continue;
        auto& counts = groups[GroupKey{die.type, b, names[b]}];
        counts.resize(static_cast<std::size_t>(die.type.sides), 0);
        ++counts[*at];
    }
}

void Tally::count_game(const archive::GameSummary& g, const ngn::Game& game) {
    const Rollers rollers(g, game);
    const Ruleset* ruleset = find_ruleset(g.ruleset);
    const std::int64_t before = dice + not_counted;
    for (const auto& l : game.lines) {
        const LineDice line = line_dice(l);
        const int side = line.subject ? rollers.side_of(*line.subject) : 0;
        const std::array<std::string, kBreakdowns.size()> names{"all", side ? player_of(g, side) : kUnknownSide,
                                                                g.event.empty() ? "(no event)" : g.event, line.kind};
        for (const auto& items : line.items)
            each_dice(items, [&](const ngn::Dice& d) {
                const DieReading die(d, ruleset);
                for (const auto& f : d.faces) count_face(die, f.value, names, side == 0);
            });
    }
    games_with_dice += dice + not_counted > before;
}

// A stored game's dice, from its record as the chain holds it: a record changed outside ironlog,
// or one that no longer reads as one game, is left out and said so.
void read_game(archive::Archive& ar, const archive::GameSummary& g, Tally& t) {
    ++t.games;
    const auto stored = ar.get(g.id);
    const auto chained = ar.chained(g.id);
    if (!stored || !chained || !chained->record_sha256 || *chained->record_sha256 != archive::sha256_hex(stored->record)) {
        t.left_out.emplace_back(g.id, "its record is not the one the chain holds (changed outside ironlog): 'archive verify' says more, "
                                      "'archive add --replace' mends it");
        return;
    }
    const auto parsed = ngn::parse_text(stored->record);
    if (parsed.games.size() != 1 || !parsed.games.front().errors.empty() || !parsed.file_errors.errors.empty()) {
        t.left_out.emplace_back(g.id, "its record does not read as one game without syntax errors ('archive show " + std::to_string(g.id) +
                                          " --text' shows it)");
        return;
    }
    t.count_game(g, parsed.games.front());
}

// A group with its test, and its p-value after Holm's correction over every group tested. A
// group too small ever to be called uneven (its smallest possible p above the level: one die,
// two of a d6) is shown untested, and left out of the family (stats::smallest_p).
struct Row {
    DieType die;
    std::size_t breakdown = 0;
    std::string name;
    std::vector<std::int64_t> counts;
    stats::Fit fit;
    double holm_p = 1;
    bool tested() const { return fit.test != stats::Test::None; }
};

std::vector<Row> test_groups(const Tally& t, const stats::FitOptions& options) {
    std::vector<Row> rows;
    std::vector<double> p;
    for (const auto& [key, counts] : t.groups) {
        const auto& [die, breakdown, name] = key;
        Row r{die, breakdown, name, counts, {}, 1};
        r.fit.dice = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
        r.fit.faces = die.sides;
        if (stats::smallest_p(r.fit.dice, die.sides) <= kLevel) {
            r.fit = stats::test_fair_die(counts, options);
            p.push_back(r.fit.p);
        }
        rows.push_back(std::move(r));
    }
    const std::vector<double> adjusted = stats::holm(p);
    std::size_t next = 0;
    for (Row& r : rows)
        if (r.tested()) r.holm_p = adjusted[next++];
    return rows;
}

std::size_t tested(const std::vector<Row>& rows) {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const Row& r) { return r.tested(); }));
}

std::string p_text(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, p >= 0.001 || p == 0 ? "%.3f" : "%.1e", p);
    return buf;
}

std::string caution(std::size_t tested) {
    std::ostringstream s;
    s << "How to read this: a p-value is the chance that fair dice, rolled as often, would fall at least this far from even. "
      << "A small one (under " << kLevel << ") says the counts would be surprising from a fair die; it is not proof of a loaded die, "
      << "and a large one is no proof of a fair die: with few dice only a grossly uneven die shows. Groups marked \"small sample\" "
      << "(under 5 dice expected per face) can say little either way. ";
    if (tested == 0)
        s << "No group had dice enough to be tested. ";
    else
        s << tested << " group" << (tested == 1 ? " was" : "s were") << " tested at once: with fair dice about " << std::setprecision(2)
          << static_cast<double>(tested) * kLevel << " of them would fall under " << kLevel << " by chance alone, so read \"Holm p\", "
          << "which allows for that, against " << kLevel << ". ";
    s << "Groups overlap (each die is in its type's \"all\" row as well), and dice are counted as the records have them: a reroll "
         "not written down, or a die written wrong, is counted as written.";
    return s.str();
}

std::string breakdown_name(const Row& r) { return r.breakdown == 0 ? "all" : std::string(kBreakdowns[r.breakdown]) + " " + output::visible(r.name); }

std::string flags(const Row& r) {
    if (!r.tested()) return "too few dice to test";
    std::string out = r.holm_p < kLevel ? "UNEVEN" : "";
    if (r.fit.small()) out += (out.empty() ? "" : ", ") + std::string("small sample");
    return out;
}

std::string counts_text(const std::vector<std::int64_t>& counts) {
    std::string out;
    for (auto c : counts) out += (out.empty() ? "" : " ") + std::to_string(c);
    return out;
}

// One die type's rows, under a heading naming its faces, in aligned columns.
void print_die(const std::vector<const Row*>& rows) {
    const DieType& die = rows.front()->die;
    std::size_t name_width = 5, counts_width = 6;
    for (const Row* r : rows) {
        name_width = std::max(name_width, breakdown_name(*r).size());
        counts_width = std::max(counts_width, counts_text(r->counts).size());
    }
    std::cout << "\n" << die.name() << ": the count of each face, " << die.low << " to " << die.low + die.sides - 1 << "\n";
    std::cout << "  " << std::left << std::setw(static_cast<int>(name_width)) << "group" << std::right << std::setw(8) << "dice" << "  " << std::left
              << std::setw(static_cast<int>(counts_width)) << "counts" << std::right << std::setw(9) << "chi2" << std::setw(4) << "df" << "  "
              << std::left << std::setw(12) << "test" << std::right << std::setw(8) << "p" << std::setw(9) << "Holm p" << "\n";
    for (const Row* r : rows) {
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

std::string tests_text(const stats::FitOptions& o, std::size_t tested) {
    std::ostringstream s;
    s << "Tests: chi-square where every face expects at least " << o.min_expected << " dice; else exact (every outcome enumerated) where "
      << "there are at most " << o.max_outcomes << " outcomes, else monte-carlo (" << o.monte_carlo.draws << " draws, seed " << o.monte_carlo.seed
      << "). Holm's correction over the " << tested << " group" << (tested == 1 ? "" : "s")
      << " tested: it keeps the chance of calling any fair group uneven at " << kLevel << " or under, whatever the overlap between groups. "
      << "A group of too few dice ever to be called uneven (its most uneven count would still have a p above " << kLevel
      << ") is shown but not tested, and left out of the correction.";
    return s.str();
}

void print_text(const Tally& t, const std::vector<Row>& rows, const stats::FitOptions& o) {
    if (t.games == 0) {
        std::cout << "No game of the archive matches the filters: no dice to count.\n";
        return;
    }
    std::cout << "Dice of " << t.games << " game" << (t.games == 1 ? "" : "s") << " (" << t.games_with_dice << " with dice, " << t.left_out.size()
              << " left out): " << t.dice << " dice counted.\n";
    for (const auto& [id, why] : t.left_out) std::cout << "game #" << id << " left out: " << why << "\n";
    if (t.unknown_side)
        std::cout << t.unknown_side << (t.unknown_side == 1 ? " die whose roller the record does not tell is" : " dice whose roller the record does not tell are")
                  << " counted under \"" << kUnknownSide << "\".\n";
    if (t.not_counted)
        std::cout << t.not_counted << " faces not counted: not a face of their die as the game's ruleset reads it ('ironlog check' reports each), "
                  << "or a die of more than " << kMostFaces << " faces.\n";
    if (rows.empty()) {
        std::cout << "No dice to count.\n";
        return;
    }
    for (std::size_t i = 0; i < rows.size();) {
        std::vector<const Row*> die;
        for (const DieType type = rows[i].die; i < rows.size() && rows[i].die == type; ++i) die.push_back(&rows[i]);
        print_die(die);
    }
    std::cout << "\n" << wrapped(tests_text(o, tested(rows))) << "\n\n" << wrapped(caution(tested(rows))) << "\n";
}

json row_json(const Row& r) {
    json faces = json::array();
    for (int f = 0; f < r.die.sides; ++f) faces.push_back(r.die.low + f);
    json j{{"die", r.die.name()}, {"sides", r.die.sides}, {"faces", faces}, {"by", kBreakdowns[r.breakdown]}, {"name", r.name},
           {"dice", r.fit.dice}, {"counts", r.counts}, {"tested", r.tested()}, {"test", stats::test_name(r.fit.test)}};
    if (!r.tested()) return j;
    j.update(json{{"expected", r.fit.expected}, {"chi_square", r.fit.chi_square}, {"df", r.fit.df}, {"chi_square_p", r.fit.chi_square_p},
                  {"p", r.fit.p}, {"holm_p", r.holm_p}, {"uneven", r.holm_p < kLevel}, {"small_sample", r.fit.small()}});
    return j;
}

void print_json(const Tally& t, const std::vector<Row>& rows, const stats::FitOptions& o) {
    json left_out = json::array();
    for (const auto& [id, why] : t.left_out) left_out.push_back(json{{"game", id}, {"why", why}});
    json groups = json::array();
    for (const Row& r : rows) groups.push_back(row_json(r));
    const json out{{"games", t.games}, {"games_with_dice", t.games_with_dice}, {"dice", t.dice}, {"unknown_side_dice", t.unknown_side},
                   {"faces_not_counted", t.not_counted}, {"left_out", left_out},
                   {"tests", json{{"min_expected", o.min_expected}, {"max_outcomes", o.max_outcomes},
                                  {"monte_carlo", json{{"seed", o.monte_carlo.seed}, {"draws", o.monte_carlo.draws}}}}},
                   {"correction", json{{"method", "holm"}, {"groups", tested(rows)}, {"level", kLevel}}},
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
        ->check(CLI::IsMember({"player", "event", "kind"}));
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
    const std::vector<Row> rows = test_groups(t, options);
    if (a.format == "json") print_json(t, rows, options);
    else print_text(t, rows, options);
    return t.left_out.empty() ? 0 : 1;
}

}  // namespace ironlog::cli
