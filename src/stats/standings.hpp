// An event's standings under its own scoring, and its cross-table: who played whom and how it
// ended. Knows games only as sides, players and outcomes: no archive, no notation, no CLI.
// The rules (points, tie-breaks, margin) are written in docs/archive.md, "Standings and scoring".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace stats {

enum class Outcome { Win, Draw, Loss };

// The points a player scores for a game won, drawn or lost (the event's scoring).
struct Points {
    int win = 2, draw = 1, loss = 0;
    int of(Outcome o) const { return o == Outcome::Win ? win : o == Outcome::Draw ? draw : loss; }
};

// One game as the standings see it: each side's players and the side's outcome (none: the game
// is unfinished, or its result names no side). Players of one side are partners, never opponents.
struct EventGame {
    std::int64_t id = 0;
    struct Side {
        std::vector<std::string> players;
        std::optional<Outcome> outcome;
    };
    std::vector<Side> sides;
};

struct StandingRow {
    std::string player;
    int rank = 0;                     // from 1; players still tied after every tie-break share one
    int played = 0, wins = 0, draws = 0, losses = 0;
    int unfinished = 0;               // games without an outcome: no points
    int points = 0;
    std::optional<int> head_to_head;  // set when the player was tied on points: points in games between the tied
    int margin() const { return wins - losses; }
    // How a player level on points with others was placed among them: "head to head" or "margin"
    // (what separated the player from the one above, or for the first from the one below), or
    // "tied" (nothing did: the same rank, listed by name); "" when no one had as many points.
    std::string decided_by;
};

// The standings: most points first; players level on points are ordered by head to head (the
// points each scored in the event's games between those players only), then by margin (games won
// minus games lost, over all the event's games), then share a rank and are listed by name.
std::vector<StandingRow> standings(const std::vector<EventGame>& games, const Points& points);

// One player's games against another: each game's id and how it ended for the player (none:
// unfinished).
struct Meeting {
    std::int64_t game = 0;
    std::optional<Outcome> outcome;
};
// The cross-table: for each pair of players who met on opposite sides, the player's meetings
// with the opponent, in the games' order.
using CrossTable = std::map<std::pair<std::string, std::string>, std::vector<Meeting>>;
CrossTable cross_table(const std::vector<EventGame>& games);

}  // namespace stats
