// The battle's end (the second 7.9, Combat End Game), victory points (12.1), the level of a win
// (12.2) and the Battle of Lissa's winner (13.2.4).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::tmbv {

// 12.1 Per Occurrence: a sunk enemy ship's defense rating, and 5 more for an ironclad (none for
// Turkish or French ships).
void TmbvEngine::score_sinking(const Ship& s) {
    if (vp_.size() != 2) return;
    if (!s.manifest) {
        vp_unknown_ = true;
        return;
    }
    const std::string owner = s.entity && s.side >= 0 ? side_names_[static_cast<std::size_t>(s.side)] : "";
    if (owner == "turkey" || owner == "france" || owner == "turkish" || owner == "french") return;
    vp_[static_cast<std::size_t>(1 - s.side)] += s.manifest->defence + (s.manifest->ironclad ? 5 : 0);
}

// 12.2: minor (more, not twice as many), major (twice, less than three times), decisive (more
// than three times). Exactly three times is neither: the option three-times chooses.
static std::string level(int winner, int loser, bool three_is_decisive) {
    if (loser == 0) return winner > 0 ? "decisive" : "";
    if (winner > 3 * loser || (winner == 3 * loser && three_is_decisive)) return "decisive";
    if (winner >= 2 * loser) return "major";
    return winner > loser ? "minor" : "";
}

void TmbvEngine::judge_result(GameContext& ctx) {
    const auto* r = ctx.header.result;
    if (!r || r->value == "*" || vp_.size() != 2 || !ctx.header.sequence || ctx.header.sequence->variant != "lissa") return;
    if (impulse_ < 12) return;  // a battle broken off: the players may agree its end
    if (vp_unknown_) {
        ctx.findings.note(Kind::Unverifiable, cite("13.2.4"), r->value_pos, "a ship sunk is not in the manifest: the winner is not verified");
        return;
    }
    const int a = vp_[0], b = vp_[1];
    const int winner = a == b ? italy_ : (a > b ? 0 : 1);  // 13.2.4: a tie goes to Italy
    if (winner < 0) return;
    const std::string lvl = a == b ? "" : level(std::max(a, b), std::min(a, b), ctx.header.option("three-times") == "decisive");
    const std::string expected = side_name(winner, ctx) + (lvl.empty() ? "" : " " + lvl);
    const std::string recorded = r->value;
    const auto space = recorded.rfind(' ');
    const Entity* named = ctx.symbols.find_side(recorded);
    std::string word;
    if (!named && space != std::string::npos) named = ctx.symbols.find_side(recorded.substr(0, space)), word = lower(recorded.substr(space + 1));
    const bool ok = named && named->index == winner && (word.empty() || lvl.empty() || word == lvl);
    if (!ok)
        ctx.findings.error(Kind::WrongResult, cite(a == b ? "13.2.4" : "12.2"), r->value_pos,
                           "victory points: " + side_name(0, ctx) + " " + std::to_string(a) + ", " + side_name(1, ctx) + " " + std::to_string(b) +
                               (a == b ? " (a tie: the Italian player wins)" : ""),
                           expected, recorded);
}

}  // namespace ironlog::rules::tmbv
