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
    o.vp_gained[s] += vp;
}

// VP spent on a mobilization or activation: a side spends only VP it has (12.2's notes).
void TmbvEngine::pay_vp(int side, int vp, ngn::SourcePos at, GameContext& ctx, bool judge) {
    Operations& o = operations_;
    if (side < 0 || static_cast<std::size_t>(side) >= o.vp.size()) return;
    const auto s = static_cast<std::size_t>(side);
    o.vp_paid[s] += vp;
    std::optional<int>& total = o.vp[s];
    if (!total) return;
    if (judge) judged(ctx, "12.2 (notes)");
    if (judge && vp > *total)
        ctx.findings.error(Kind::Illegal, cite("12.2 (notes)"), at,
                           side_name(side, ctx) + " has " + counted(*total, "VP", "VP") + ": VP are never spent beyond a side's total (no deficit spending)",
                           "at most vp " + std::to_string(*total), "vp " + std::to_string(vp));
    *total = std::max(0, *total - vp);  // never below zero
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
        const int steps = std::exchange(o.vp_gained[s], 0) / 10;
        if (unknown) {  // a battle's VP not known: the FML is the players' next (said once where first used)
            t.fml[s].reset();
            continue;
        }
        if (steps == 0 || !t.fml[s]) continue;
        judged(ctx, "6.1.1");
        t.fml[s] = std::clamp(*t.fml[s] + steps, kLowestFml, kHighestFml);
        t.fml_why[s] += "; " + signed_text(steps) + " for the VP gained in turn " + std::to_string(t.turn) + " (6.1.1)";
    }
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
    std::optional<int>& total = operations_.vp[static_cast<std::size_t>(side.index)];
    judged(ctx, "12.1");
    if (total && *total != n->as_int()) {
        ctx.findings.error(Kind::WrongResult, cite("12.1"), e.args[1].pos, side_name(side.index, ctx) + "'s VP total is not the track's (" + vp_text(ctx) + ")",
                           std::to_string(*total), std::to_string(n->as_int()));
        total.reset();  // a slip of the pen, or a track the players kept so: the next total written says which
        return;
    }
    total = n->as_int();
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
