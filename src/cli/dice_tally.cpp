#include "cli/dice_tally.hpp"
#include "cli/cli_errors.hpp"

#include "archive/archive.hpp"
#include "archive/sha256.hpp"
#include "notation/labels.hpp"
#include "notation/parser.hpp"
#include "output/report.hpp"
#include "rules/registry.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iomanip>
#include <numeric>
#include <sstream>

namespace ironlog::cli {

DiceGame dice_game(const archive::GameSummary& g) {
    DiceGame out{g.ruleset, g.event, {}};
    for (const auto& s : g.sides) out.sides.push_back(DiceGame::Side{s.number, s.name, s.alias, s.players});
    return out;
}

std::string DieType::name() const {
    return "d" + std::to_string(sides) + (low == 1 ? "" : " read " + std::to_string(low) + "-" + std::to_string(low + sides - 1));
}

namespace {

// One die of a record: its type, and where each face it may show falls among the type's faces.
// A die its ruleset does not know reads from 1 (the check reports it).
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

void name(std::map<std::string, int>& names, const std::string& n, int side) {
    auto [it, added] = names.emplace(n, side);
    if (!added && it->second != side) it->second = 0;
}

// The number a name has, written as declared or with another case; 0 when none.
int find(const std::map<std::string, int>& names, const std::string& n) {
    if (auto it = names.find(n); it != names.end()) return it->second;
    for (const auto& [known, side] : names)
        if (ngn::same_label(known, n)) return side;
    return 0;
}

}  // namespace

Rollers::Rollers(const DiceGame& g, const ngn::Game& game) {
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

int Rollers::side_of(const std::string& subject) const {
    const int side = find(sides_, subject);
    return side ? side : find(entities_, subject);
}

std::string player_of(const DiceGame& g, int side) {
    for (const auto& s : g.sides) {
        if (s.number != side) continue;
        if (s.players.empty()) return "(no player named: side " + s.name + ")";
        std::string players;
        for (const auto& p : s.players) players += (players.empty() ? "" : " & ") + p;
        return players;
    }
    return kUnknownSide;
}

std::optional<std::string> subject_of(const ngn::Line& l) {
    if (const auto* e = l.as<ngn::Event>()) return ngn::reference_text(e->subject);
    if (const auto* s = l.as<ngn::Setup>()) return ngn::reference_text(s->subject);
    if (const auto* d = l.as<ngn::Declaration>()) return ngn::reference_text(d->name);
    return std::nullopt;
}

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

namespace {

void count_face(Tally& t, const DieReading& die, int face, const std::array<std::string, kBreakdowns.size()>& names, bool unknown) {
    const auto at = die.index(face);
    if (!at || die.type.sides > kMostFaces) {
        ++t.not_counted;
        return;
    }
    ++t.dice;
    t.unknown_side += unknown;
    for (std::size_t b = 0; b < kBreakdowns.size(); ++b) {
        if (!t.shown[b]) continue;
        auto& counts = t.groups[GroupKey{die.type, b, names[b]}];
        counts.resize(static_cast<std::size_t>(die.type.sides), 0);
        ++counts[*at];
    }
}

}  // namespace

void Tally::count_game(const DiceGame& g, const ngn::Game& game) {
    const Rollers rollers(g, game);
    const Ruleset* ruleset = find_ruleset(g.ruleset);
    const std::int64_t before = dice + not_counted;
    for (const auto& l : game.lines) {
        const LineDice line = line_dice(l);
        const int side = line.subject ? rollers.side_of(*line.subject) : 0;
        const std::array<std::string, kBreakdowns.size()> names{"all", side ? player_of(g, side) : kUnknownSide,
                                                                g.event.empty() ? "(no event)" : g.event, line.kind};
        for (const auto& items : line.items)
            each_dice(items, [&](const ngn::Item& item) {
                const ngn::Dice& d = *item.as<ngn::Dice>();
                const DieReading die(d, ruleset);
                for (const auto& f : d.faces) count_face(*this, die, f.value, names, side == 0);
            });
    }
    games_with_dice += dice + not_counted > before;
}

std::optional<ngn::Game> chained_game(archive::Archive& ar, std::int64_t id, const std::string& record, std::string& why) {
    const auto chained = ar.chained(id);
    if (!chained || !chained->record_sha256 || *chained->record_sha256 != archive::sha256_hex(record)) {
        why = "its record is not the one the chain holds (changed outside ironlog): 'archive verify' says more, 'archive add --replace' mends it";
        return std::nullopt;
    }
    auto parsed = ngn::parse_text(record);
    if (parsed.games.size() != 1 || !parsed.games.front().errors.empty() || !parsed.file_errors.errors.empty()) {
        why = "its record does not read as one game without syntax errors ('archive show " + std::to_string(id) + " --text' shows it)";
        return std::nullopt;
    }
    return std::move(parsed.games.front());
}

std::vector<DiceRow> test_groups(const Tally& t, const stats::FitOptions& options) {
    std::vector<DiceRow> rows;
    std::vector<double> p;
    for (const auto& [key, counts] : t.groups) {
        const auto& [die, breakdown, name] = key;
        DiceRow r{die, breakdown, name, counts, {}, 1};
        r.fit.dice = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
        r.fit.faces = die.sides;
        if (stats::smallest_p(r.fit.dice, die.sides) <= kDiceLevel) {
            r.fit = stats::test_fair_die(counts, options);
            p.push_back(r.fit.p);
        }
        rows.push_back(std::move(r));
    }
    const std::vector<double> adjusted = stats::holm(p);
    std::size_t next = 0;
    for (DiceRow& r : rows)
        if (r.tested()) r.holm_p = adjusted[next++];
    return rows;
}

std::size_t tested(const std::vector<DiceRow>& rows) {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const DiceRow& r) { return r.tested(); }));
}

std::string p_text(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, p >= 0.001 || p == 0 ? "%.3f" : "%.1e", p);
    return buf;
}

std::string caution(std::size_t tested) {
    std::ostringstream s;
    s << "How to read this: a p-value is the chance that fair dice, rolled as often, would fall at least this far from even. "
      << "A small one (under " << kDiceLevel << ") says the counts would be surprising from a fair die; it is not proof of a loaded die, "
      << "and a large one is no proof of a fair die: with few dice only a grossly uneven die shows. Groups marked \"small sample\" "
      << "(under 5 dice expected per face) can say little either way. ";
    if (tested == 0)
        s << "No group had dice enough to be tested. ";
    else
        s << tested << " group" << (tested == 1 ? " was" : "s were") << " tested at once: with fair dice about " << std::setprecision(2)
          << static_cast<double>(tested) * kDiceLevel << " of them would fall under " << kDiceLevel << " by chance alone, so read \"Holm p\", "
          << "which allows for that, against " << kDiceLevel << ". ";
    s << "Groups overlap (each die is in its type's \"all\" row as well), and dice are counted as the records have them: a reroll "
         "not written down, or a die written wrong, is counted as written.";
    return s.str();
}

std::string breakdown_name(const DiceRow& r) {
    return r.breakdown == 0 ? "all" : std::string(kBreakdowns[r.breakdown]) + " " + output::visible(r.name);
}

std::string flags(const DiceRow& r) {
    if (!r.tested()) return "too few dice to test";
    std::string out = r.holm_p < kDiceLevel ? "UNEVEN" : "";
    if (r.fit.small()) out += (out.empty() ? "" : ", ") + std::string("small sample");
    return out;
}

std::string counts_text(const std::vector<std::int64_t>& counts) {
    std::string out;
    for (auto c : counts) out += (out.empty() ? "" : " ") + std::to_string(c);
    return out;
}

std::string tests_text(const stats::FitOptions& o, std::size_t tested) {
    std::ostringstream s;
    s << "Tests: chi-square where every face expects at least " << o.min_expected << " dice; else exact (every outcome enumerated) where "
      << "there are at most " << o.max_outcomes << " outcomes, else monte-carlo (" << o.monte_carlo.draws << " draws, seed " << o.monte_carlo.seed
      << "). Holm's correction over the " << tested << " group" << (tested == 1 ? "" : "s")
      << " tested: it keeps the chance of calling any fair group uneven at " << kDiceLevel << " or under, whatever the overlap between groups. "
      << "A group of too few dice ever to be called uneven (its most uneven count would still have a p above " << kDiceLevel
      << ") is shown but not tested, and left out of the correction.";
    return s.str();
}

std::string tally_summary(const Tally& t) {
    return "Dice of " + std::to_string(t.games) + " game" + (t.games == 1 ? "" : "s") + " (" + std::to_string(t.games_with_dice) + " with dice, " +
           std::to_string(t.left_out.size()) + " left out): " + std::to_string(t.dice) + " dice counted.";
}

std::vector<std::string> tally_notes(const Tally& t) {
    std::vector<std::string> out;
    for (const auto& [id, why] : t.left_out) out.push_back("game #" + std::to_string(id) + " left out: " + why);
    if (t.unknown_side)
        out.push_back(std::to_string(t.unknown_side) +
                      (t.unknown_side == 1 ? " die whose roller the record does not tell is" : " dice whose roller the record does not tell are") +
                      " counted under \"" + kUnknownSide + "\".");
    if (t.not_counted)
        out.push_back(count_of(t.not_counted, "face") + " not counted: not a face of their die as the game's ruleset reads it ('ironlog check' "
                      "reports each), or a die of more than " + std::to_string(kMostFaces) + " faces.");
    return out;
}

output::DiceSection dice_section(const Tally& t, const stats::FitOptions& options) {
    const std::vector<DiceRow> rows = test_groups(t, options);
    output::DiceSection d{tally_summary(t), tally_notes(t), {}, tests_text(options, tested(rows)), caution(tested(rows))};
    for (const auto& r : rows) {
        std::ostringstream chi2;
        chi2 << std::fixed << std::setprecision(2) << r.fit.chi_square;
        const bool tested = r.tested();
        auto or_dash = [&](const std::string& text) { return tested ? text : std::string("-"); };
        d.rows.push_back(output::DiceTableRow{r.die.name(), r.breakdown == 0 ? "all" : std::string(kBreakdowns[r.breakdown]) + " " + r.name,
                                              counts_text(r.counts), or_dash(chi2.str()), or_dash(std::to_string(r.fit.df)),
                                              stats::test_name(r.fit.test), or_dash(p_text(r.fit.p)), or_dash(p_text(r.holm_p)), flags(r), r.fit.dice});
    }
    return d;
}

}  // namespace ironlog::cli
