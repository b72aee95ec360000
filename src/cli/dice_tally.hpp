// The dice of games counted and tested against a fair die: what `archive dice` prints and the
// event page (`archive report`) shows. A game is given as its ruleset, event and sides (DiceGame),
// so that one game's dice can be counted as well as an archive's (docs/archive.md, "Dice
// statistics"): Tally t; t.count_game(dice_game, game); dice_section(t, {}) for a page.
#pragma once

#include "notation/record.hpp"
#include "output/event_page.hpp"
#include "stats/fair_die.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace archive {
class Archive;
struct GameSummary;
}

namespace ironlog::cli {

// The groups the dice are counted in, in the order shown: every die of a type, then by player,
// by event and by kind of roll.
constexpr std::array<const char*, 4> kBreakdowns{"all", "player", "event", "kind"};
constexpr double kDiceLevel = 0.05;  // a group is called uneven when its Holm p is under this
constexpr int kMostFaces = 100;      // a die of more faces is not counted (no game rolls one)
inline const std::string kUnknownSide = "(unknown side)";

// What the dice need of a game: its ruleset, its event and its sides with their players.
struct DiceGame {
    std::string ruleset, event;
    struct Side {
        int number = 0;
        std::string name, alias;
        std::vector<std::string> players;
    };
    std::vector<Side> sides;
};
DiceGame dice_game(const archive::GameSummary& g);

// Who a line is about: the side its subject names (by the side's name or alias) or belongs to (a
// ship, unit, fleet, leader, squadron or formation declared under a `side` line), numbered as the
// game's sides. A name given to two sides tells none (0).
class Rollers {
public:
    Rollers(const DiceGame& g, const ngn::Game& game);
    int side_of(const std::string& subject) const;

private:
    std::map<std::string, int> sides_, entities_;
};

// The player a side's dice (or findings) are counted under: its one player, its players together,
// or the side when the record names none.
std::string player_of(const DiceGame& g, int side);
// Who a line is about, when it is about someone: an event's or a set-up line's subject, the
// ship, unit, side ... a declaration declares.
std::optional<std::string> subject_of(const ngn::Line& l);

// What a line is, as far as its dice are concerned: who rolled them (its subject, when it has
// one), the kind of roll (an event's verb, in lower case: fire, ram, initiative, roll ...; else
// the line's keyword), and the items its dice may be among.
struct LineDice {
    std::optional<std::string> subject;
    std::string kind;
    std::vector<ngn::Items> items;
};
LineDice line_dice(const ngn::Line& l);

// Each dice item among items, lists searched: each(item), item.as<ngn::Dice>() not null.
template <class Each>
void each_dice(ngn::Items items, Each&& each) {
    for (const auto& item : items) {
        if (item.is<ngn::Dice>()) each(item);
        else if (const auto* list = item.as<ngn::List>()) each_dice(list->items, each);
    }
}

// A kind of die as its game's ruleset reads it: `sides` faces read from `low` up (tmbv's d10
// reads 0-9; admiral's 1-10, a face written 0 reading 10).
struct DieType {
    int sides = 6, low = 1;
    auto operator<=>(const DieType&) const = default;
    std::string name() const;
};

using GroupKey = std::tuple<DieType, std::size_t, std::string>;  // die, breakdown, name

// The dice counted so far, and what could not be counted.
struct Tally {
    std::array<bool, kBreakdowns.size()> shown{true, true, true, true};
    std::map<GroupKey, std::vector<std::int64_t>> groups;
    std::int64_t games = 0, games_with_dice = 0, dice = 0, unknown_side = 0, not_counted = 0;
    std::vector<std::pair<std::int64_t, std::string>> left_out;  // game, why

    void count_game(const DiceGame& g, const ngn::Game& game);
};

// A stored game's record as the chain holds it, read: none, with why, when it was changed outside
// ironlog or no longer reads as one game without syntax errors.
std::optional<ngn::Game> chained_game(archive::Archive& ar, std::int64_t id, const std::string& record, std::string& why);

// A group with its test, and its p-value after Holm's correction over every group tested. A
// group too small ever to be called uneven is shown untested, and left out of the family.
struct DiceRow {
    DieType die;
    std::size_t breakdown = 0;
    std::string name;
    std::vector<std::int64_t> counts;
    stats::Fit fit;
    double holm_p = 1;
    bool tested() const { return fit.test != stats::Test::None; }
};
std::vector<DiceRow> test_groups(const Tally& t, const stats::FitOptions& options);
std::size_t tested(const std::vector<DiceRow>& rows);

// The texts both outputs show: a p-value, a row's group and flags, its counts, how the tests
// were made and how to read them.
std::string p_text(double p);
std::string breakdown_name(const DiceRow& r);
std::string flags(const DiceRow& r);
std::string counts_text(const std::vector<std::int64_t>& counts);
std::string tests_text(const stats::FitOptions& o, std::size_t tested);
std::string caution(std::size_t tested);
// "Dice of N games (M with dice, K left out): D dice counted." and the notes under it.
std::string tally_summary(const Tally& t);
std::vector<std::string> tally_notes(const Tally& t);
// The groups tested, with the summary, notes, tests and caution, as a page shows them
// (output::write_dice_section): every text as `archive dice` prints it.
output::DiceSection dice_section(const Tally& t, const stats::FitOptions& options);

}  // namespace ironlog::cli
