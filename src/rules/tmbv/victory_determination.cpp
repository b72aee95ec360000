// The campaign's VP track (12.1) as played: VP paid for operations (6.1.2, 6.2.5), never more
// than a side has (12.2's notes: no deficit spending), VP won in battles (7.9.3, 12.1), and the
// Victory Determination Phase (12.0): the blockades' VP (10.0, 12.1 per turn), the FML a level up
// per 10 VP gained in the turn (6.1.1), and the totals the players write, `Austria vp 14`.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

void TmbvEngine::gain_vp(int side, int vp) {
    Operations& o = operations_;
    if (side < 0 || static_cast<std::size_t>(side) >= o.vp.size()) return;
    const auto s = static_cast<std::size_t>(side);
    if (o.vp[s]) *o.vp[s] += vp;
    if (o.vp_other[s]) *o.vp_other[s] += vp;
    o.vp_gained[s] += vp;
}

// 12.2's notes: a side never spends more VP than it has.
void TmbvEngine::judge_deficit(int side, int vp, ngn::SourcePos at, GameContext& ctx) {
    const std::optional<int>& total = operations_.vp[static_cast<std::size_t>(side)];
    if (!total) return;
    judged(ctx, "12.2 (notes)");
    if (vp > *total)
        ctx.findings.error(Kind::Illegal, cite("12.2 (notes)"), at,
                           side_name(side, ctx) + " has " + counted(*total, "VP", "VP") + ": VP are never spent beyond a side's total (no deficit spending)",
                           "at most vp " + std::to_string(*total), "vp " + std::to_string(vp));
}

// A number said wrong that moves the track (a cost paid, below 0, or a battle's +5): the track goes
// on as the players wrote it, and the rules' count is kept beside it till the players' next total
// says which they kept (one mistake, one finding).
void TmbvEngine::dispute_vp(int side, int as_written, int by_rules) {
    Operations& o = operations_;
    if (side < 0 || static_cast<std::size_t>(side) >= o.vp.size()) return;
    const auto s = static_cast<std::size_t>(side);
    const auto gain = [](int v) { return std::max(0, v); };
    o.vp_gained[s] += gain(as_written);
    o.gain_other[s] += gain(by_rules) - gain(as_written);
    o.vp_paid[s] += gain(-as_written);
    if (!o.vp[s]) return;
    const int other = o.vp_other[s].value_or(*o.vp[s]);
    o.vp[s] = std::max(0, *o.vp[s] + as_written);
    o.vp_other[s] = std::max(0, other + by_rules);
}

// VP spent on a mobilization or activation: a side spends only VP it has (12.2's notes).
void TmbvEngine::pay_vp(int side, int vp, ngn::SourcePos at, GameContext& ctx, bool judge) {
    Operations& o = operations_;
    if (side < 0 || static_cast<std::size_t>(side) >= o.vp.size()) return;
    const auto s = static_cast<std::size_t>(side);
    o.vp_paid[s] += vp;
    std::optional<int>& total = o.vp[s];
    if (!total) return;
    if (judge) judge_deficit(side, vp, at, ctx);
    *total = std::max(0, *total - vp);  // never below zero
    if (o.vp_other[s]) o.vp_other[s] = std::max(0, *o.vp_other[s] - vp);
}

// The Victory Phase's heading: each fleet on blockade at an enemy's port gains its side 2 VP
// (10.0, 12.1); then each 10 VP a side gained this turn raise its FML a level (6.1.1).
void TmbvEngine::tally_turn(GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "12.0");
    if (o.blockades_scored != turn_start_.turn) score_blockades(ctx);  // no Blockade Phase written, or blockade-vp=victory-phase
    if (turn_start_.turn == 12) end_of_game_vp(ctx);  // the last turn (13.1)
    TurnStart& t = turn_start_;
    const bool unknown = std::exchange(o.gains_unknown, false);
    for (std::size_t s = 0; s < o.vp_gained.size() && s < t.fml.size(); ++s) {
        o.gained_at_tally[s] = std::exchange(o.vp_gained[s], 0);
        o.fml_before_tally[s] = t.fml[s], o.other_before_tally[s] = t.fml_other[s];
        if (unknown) {  // a battle's VP not known: the FML is the players' next (said once where first used)
            t.fml[s].reset(), t.fml_other[s].reset();
            continue;
        }
        raise_fml_for_vp(s, ctx);
    }
    o.tallied_turn = t.turn;
}

// 6.1.1: a level per 10 VP gained in the turn. Where the players' totals differ from the track's,
// their gains may too: the FML they reach that way is kept as its other reading.
void TmbvEngine::raise_fml_for_vp(std::size_t s, GameContext& ctx) {
    Operations& o = operations_;
    TurnStart& t = turn_start_;
    const std::optional<int> before = o.fml_before_tally[s];
    if (!before) return;
    const int steps = o.gained_at_tally[s] / 10, players = std::max(0, o.gained_at_tally[s] + o.gain_offset[s]) / 10;
    if (steps) judged(ctx, "6.1.1");
    t.fml[s] = std::clamp(*before + steps, kLowestFml, kHighestFml);
    const std::optional<int> other = o.other_before_tally[s];
    if (players != steps) t.fml_other[s] = std::clamp(*before + players, kLowestFml, kHighestFml);
    else t.fml_other[s] = other ? std::optional<int>(std::clamp(*other + steps, kLowestFml, kHighestFml)) : std::nullopt;
    if (steps) t.fml_why[s] += "; " + signed_text(steps) + " for the VP gained in turn " + std::to_string(t.turn) + " (6.1.1)";
}

// 10.0: each fleet on blockade at an enemy's port gains its side 2 VP (12.1 Per Turn), at the
// Blockade Phase's heading (Readings: blockade-vp), once a turn.
void TmbvEngine::score_blockades(GameContext& ctx) {
    Operations& o = operations_;
    if (std::exchange(o.blockades_scored, turn_start_.turn) == turn_start_.turn) return;
    judged(ctx, "10.0");
    for (const CampaignFleet& f : o.fleets) {
        if (!f.placed || f.box != "blockade" || !map_) continue;
        const geometry::Place* p = map_->find(f.area);
        if (p && !p->controller.empty() && !holds(*p, f.entity->side, ctx)) gain_vp(f.entity->side, 2);
    }
}

// Austria vp 14: the side's total as the players keep it; play goes on from it.
void TmbvEngine::vp_line(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    const auto* n = e.args.size() == 2 ? e.args[1].as<ngn::Number>() : nullptr;
    if (!n || !n->is_integer || !n->unit.empty() || n->as_int() < 0) {
        ctx.findings.error(Kind::Inconsistent, cite("12.1"), e.subject.pos, "a side's VP total is written as '" + side.label() + " vp <N>', N from 0");
        return;
    }
    Operations& o = operations_;
    const auto s = static_cast<std::size_t>(side.index);
    std::optional<int>& total = o.vp[s];
    judged(ctx, "12.1");
    const int written = n->as_int();
    if (total && *total != written) {
        // the other reading (the rules' count beside a number said wrong) may be the players'
        const bool other = o.vp_other[s] == written;
        auto& [drift, drift_turn] = o.vp_drift[s];
        const bool carried_on = drift_turn && drift_turn + 1 == turn_start_.turn && written - *total == drift;
        if (!other && !carried_on)
            ctx.findings.error(Kind::WrongResult, cite("12.1"), e.args[1].pos,
                               side_name(side.index, ctx) + "'s VP total is not the track's (" + vp_text(ctx) + ")", std::to_string(*total),
                               std::to_string(written));
        if (!other) drift = written - *total, drift_turn = turn_start_.turn;
        const int shift = other ? o.gain_other[s] : written - *total;
        players_gains(s, shift, ctx);
        o.vp_other[s] = other ? std::nullopt : total;  // a slip of this line's, or the track the players keep: the next total says which
        o.gain_other[s] = other ? 0 : -shift;
    } else {
        o.vp_other[s].reset(), o.gain_other[s] = 0;
    }
    total = written;  // play goes on from the players' total
}

// The players' gains this turn differ from the track's by `by` (a total that differs, 12.1): the
// FML's rise for VP (6.1.1) is read both ways till a written FML says which.
void TmbvEngine::players_gains(std::size_t s, int by, GameContext& ctx) {
    Operations& o = operations_;
    o.gain_offset[s] += by;
    if (o.tallied_turn == turn_start_.turn) raise_fml_for_vp(s, ctx);
}

// "VP: Austria 12, Italy 0" (a side's "?" while not known).
std::string TmbvEngine::vp_text(const GameContext& ctx) const {
    std::string out = "VP:";
    const auto& vp = operations_.vp;
    for (std::size_t s = 0; s < vp.size(); ++s)
        out += (s ? ", " : " ") + side_name(static_cast<int>(s), ctx) + " " + (vp[s] ? std::to_string(*vp[s]) : "?");
    return out;
}

}  // namespace ironlog::rules::tmbv
