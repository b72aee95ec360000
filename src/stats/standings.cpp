#include "stats/standings.hpp"

#include <algorithm>
#include <set>
#include <tuple>

namespace stats {

namespace {

// Each player of a game once, with the side they played on (the first, should a record name a
// player on two sides) and that side's outcome.
struct Seat {
    std::string player;
    std::size_t side = 0;
    std::optional<Outcome> outcome;
};

std::vector<Seat> seats(const EventGame& g) {
    std::vector<Seat> out;
    for (std::size_t s = 0; s < g.sides.size(); ++s)
        for (const auto& p : g.sides[s].players)
            if (std::none_of(out.begin(), out.end(), [&](const Seat& seat) { return seat.player == p; }))
                out.push_back(Seat{p, s, g.sides[s].outcome});
    return out;
}

// The points each of `tied` scored in the games where another of them played on another side.
std::map<std::string, int> head_to_head(const std::vector<EventGame>& games, const std::set<std::string>& tied, const Points& points) {
    std::map<std::string, int> out;
    for (const auto& g : games) {
        const auto all = seats(g);
        for (const auto& me : all) {
            if (!me.outcome || !tied.count(me.player)) continue;
            const bool met = std::any_of(all.begin(), all.end(), [&](const Seat& o) { return o.side != me.side && tied.count(o.player); });
            if (met) out[me.player] += points.of(*me.outcome);
        }
    }
    return out;
}

// Orders players level on points: head to head, then margin, then name; ranks them from `first`.
void break_ties(std::vector<StandingRow>& level, const std::vector<EventGame>& games, const Points& points, int first) {
    if (level.size() == 1) {
        level.front().rank = first;
        return;
    }
    std::set<std::string> tied;
    for (const auto& r : level) tied.insert(r.player);
    const auto h2h = head_to_head(games, tied, points);
    for (auto& r : level) r.head_to_head = h2h.count(r.player) ? h2h.at(r.player) : 0;
    auto key = [](const StandingRow& r) { return std::tuple<int, int, const std::string&>(-*r.head_to_head, -r.margin(), r.player); };
    std::stable_sort(level.begin(), level.end(), [&](const StandingRow& a, const StandingRow& b) { return key(a) < key(b); });
    // what separated each player from the one above: head to head, margin, or nothing
    std::vector<std::string> apart(level.size());
    for (std::size_t i = 1; i < level.size(); ++i) {
        const StandingRow &r = level[i], &above = level[i - 1];
        apart[i] = *r.head_to_head != *above.head_to_head ? "head to head" : r.margin() != above.margin() ? "margin" : "tied";
    }
    for (std::size_t i = 0; i < level.size(); ++i) {
        StandingRow& r = level[i];
        r.rank = i > 0 && apart[i] == "tied" ? level[i - 1].rank : first + static_cast<int>(i);
        const bool tied = apart[i] == "tied" || (i + 1 < level.size() && apart[i + 1] == "tied");
        r.decided_by = tied ? "tied" : i > 0 ? apart[i] : apart[1];
    }
}

}  // namespace

std::vector<StandingRow> standings(const std::vector<EventGame>& games, const Points& points) {
    std::map<std::string, StandingRow> by_player;
    for (const auto& g : games)
        for (const auto& seat : seats(g)) {
            StandingRow& r = by_player[seat.player];
            r.player = seat.player;
            if (!seat.outcome) {
                ++r.unfinished;
                continue;
            }
            ++r.played;
            r.wins += *seat.outcome == Outcome::Win, r.draws += *seat.outcome == Outcome::Draw, r.losses += *seat.outcome == Outcome::Loss;
            r.points += points.of(*seat.outcome);
        }
    std::vector<StandingRow> rows;
    for (auto& [name, r] : by_player) rows.push_back(std::move(r));
    std::stable_sort(rows.begin(), rows.end(), [](const StandingRow& a, const StandingRow& b) { return a.points > b.points; });
    std::vector<StandingRow> out;
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t end = i;
        while (end < rows.size() && rows[end].points == rows[i].points) ++end;
        std::vector<StandingRow> level(rows.begin() + static_cast<std::ptrdiff_t>(i), rows.begin() + static_cast<std::ptrdiff_t>(end));
        break_ties(level, games, points, static_cast<int>(i) + 1);
        out.insert(out.end(), level.begin(), level.end());
        i = end;
    }
    return out;
}

CrossTable cross_table(const std::vector<EventGame>& games) {
    CrossTable out;
    for (const auto& g : games) {
        const auto all = seats(g);
        for (const auto& me : all)
            for (const auto& other : all)
                if (other.side != me.side) out[{me.player, other.player}].push_back(Meeting{g.id, me.outcome});
    }
    return out;
}

}  // namespace stats
