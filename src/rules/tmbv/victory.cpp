// The battle's end (the second 7.9, Combat End Game), victory points (12.1), the level of a win
// (12.2) and the Battle of Lissa's winner (13.2.4).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <iterator>

namespace ironlog::rules::tmbv {

// 12.1 Per Occurrence: each sunk enemy ship's defense rating, and 5 more for an ironclad (none for
// Turkish or French ships). Counted at the end from the ships sunk, so that a sinking played back
// (a claim that was the mistake) counts for nothing.
std::vector<int> TmbvEngine::victory_points() const {
    std::vector<int> vp(vp_.size(), 0);
    if (vp.size() != 2) return vp;
    for (const Ship& s : ships_) {
        if (!s.sunk || !s.manifest || s.side < 0) continue;
        const std::string owner = side_names_[static_cast<std::size_t>(s.side)];
        if (owner == "turkey" || owner == "france" || owner == "turkish" || owner == "french") continue;
        vp[static_cast<std::size_t>(1 - s.side)] += s.manifest->defence + (s.manifest->ironclad ? 5 : 0);
    }
    return vp;
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
    if (!r || r->value == "*" || vp_.size() != 2 || !tbb_) return;
    if (impulse_ < 12) return;  // a battle broken off: the players may agree its end
    bool unknown = false;
    for (const Ship& s : ships_) unknown = unknown || (s.sunk && !s.manifest);
    if (unknown) {
        ctx.findings.note(Kind::Unverifiable, cite(lissa_ ? "13.2.4" : "7.9.1 (second)"), r->value_pos, "a ship sunk is not in the manifest: the winner is not verified");
        return;
    }
    const auto vp = victory_points();
    const int a = vp[0], b = vp[1];
    const char* tie_rule = lissa_ ? "13.2.4" : "7.9.4 (second)";
    for (const char* section : {"7.9 (second)", "7.9.1 (second)", "12.1", a == b ? tie_rule : "12.2"}) judged(ctx, section);
    if (a == b) judged(ctx, "7.9.4 (second)");
    // 13.2.4: Lissa's tie goes to Italy; a campaign battle's to the initiative player (7.9.4)
    const int winner = a == b ? (lissa_ ? italy_ : initiative_) : (a > b ? 0 : 1);
    if (winner < 0) return;
    const std::string lvl = a == b ? "" : level(std::max(a, b), std::min(a, b), ctx.header.option("three-times") == "decisive");
    const std::string expected = side_name(winner, ctx) + (lvl.empty() ? "" : " " + lvl);
    const std::string recorded(r->value);
    const auto space = recorded.rfind(' ');
    const Entity* named = ctx.symbols.find_side(recorded);
    std::string word;
    if (!named && space != std::string::npos) named = ctx.symbols.find_side(recorded.substr(0, space)), word = lower(recorded.substr(space + 1));
    const bool ok = named && named->index == winner && (word.empty() || lvl.empty() || word == lvl);
    if (!ok)
        ctx.findings.error(Kind::WrongResult, cite(a == b ? tie_rule : "12.2"), r->value_pos,
                           "victory points: " + side_name(0, ctx) + " " + std::to_string(a) + ", " + side_name(1, ctx) + " " + std::to_string(b) +
                               (a == b ? (lissa_ ? " (a tie: the Italian player wins)" : " (a tie: the player with the initiative wins)") : ""),
                           expected, recorded);
}

// 12.2: after turn 12's Victory Phase the track's totals give the winner and the level of the win
// (a tie, which 12.2 does not give, is a draw).
void TmbvEngine::judge_campaign_result(GameContext& ctx) {
    const auto* r = ctx.header.result;
    const SequenceNode* phase = ctx.cursor.phase();
    if (!r || r->value == "*" || turn_start_.turn != 12 || !phase || phase->name != "victory" || operations_.vp.size() != 2) return;
    const auto& vp = operations_.vp;
    if (!vp[0] || !vp[1]) {
        ctx.findings.note(Kind::Unverifiable, cite("12.2"), r->value_pos, "a side's VP total is not known: the winner is not verified");
        return;
    }
    const int a = *vp[0], b = *vp[1];
    judged(ctx, "12.2");
    const int winner = a == b ? -1 : (a > b ? 0 : 1);
    const std::string lvl = a == b ? "" : level(std::max(a, b), std::min(a, b), ctx.header.option("three-times") == "decisive");
    const std::string expected = winner < 0 ? "draw" : side_name(winner, ctx) + (lvl.empty() ? "" : " " + lvl);
    const std::string recorded(r->value);
    bool ok = winner < 0 && lower(recorded) == "draw";
    if (winner >= 0) {
        const auto space = recorded.rfind(' ');
        const Entity* named = ctx.symbols.find_side(recorded);
        std::string word;
        if (!named && space != std::string::npos) named = ctx.symbols.find_side(recorded.substr(0, space)), word = lower(recorded.substr(space + 1));
        ok = named && named->index == winner && (word.empty() || word == lvl);
    }
    if (!ok)
        ctx.findings.error(Kind::WrongResult, cite("12.2"), r->value_pos,
                           "the VP after turn 12: " + side_name(0, ctx) + " " + std::to_string(a) + ", " + side_name(1, ctx) + " " + std::to_string(b),
                           expected, recorded);
}

// Whether the record names `x` in no event after `line`, though it did name it in one before: the
// players played on as if it were gone (a sinking left out, most likely).
bool TmbvEngine::gone(const Ship& x, std::uint32_t line, GameContext& ctx) {
    if (!afloat(x)) return false;
    index_acts(ctx);
    if (const auto own = acts_.find(x.entity); own != acts_.end() && own->second.back().first > line) return false;  // it acts again
    index_names(ctx);
    const auto it = last_named_->find(x.entity);
    if (it == last_named_->end() || it->second >= line) return false;
    // and the record plays a whole impulse more without it: silence at the record's end says nothing
    // (and in a record still being written, the impulse after it is whole only once another begins)
    const auto next = std::upper_bound(impulse_lines_.begin(), impulse_lines_.end(), line);
    if (ctx.in_progress && (next == impulse_lines_.end() || next + 1 == impulse_lines_.end())) return false;
    return next != impulse_lines_.end() && last_event_line_ > *next;
}

// Said once for the ship; from here it is sunk, as the players played it (its VP count).
bool TmbvEngine::take_as_sunk(Ship& x, ngn::SourcePos at, GameContext& ctx) {
    if (!gone(x, at.line, ctx)) return false;
    const std::string what = x.label() + " is afloat, but the record names it no more after line " + std::to_string((*last_named_)[x.entity]) +
                             " and plays on as if it were gone: the line that sank it is missing (taken as sunk from here)";
    std::optional<Cause> why = x.afloat_by_claim ? x.afloat_by_claim : x.hits_missing;  // its sinking shown before
    if (why) ctx.findings.excuse(*why, at, what);
    else why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, cite("7.8.7"), at, what));
    sinks(x, "was taken as sunk", 0, why);
    x.taken_as_sunk = true;
    return true;
}

}  // namespace ironlog::rules::tmbv
