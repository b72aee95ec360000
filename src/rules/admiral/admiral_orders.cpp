// Admiral Orders: one Admiral Point each, from the turn's points; an order once a unit a turn;
// none to a unit whose conning tower was hit; smoke only with smoke projectors (War
// Technology/Special Rules); a Planned Veer's rotation at once in the first turn (Playing
// Admiral/Initial Condition of Units). The other orders' effects are the official version's.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::admiral {

namespace {
const RuleRef kOrders = cite("Admiral Orders");
const RuleRef kPoints = cite("General Principles/Admiral Points");
const RuleRef kCritical = cite("Damage/Critical Damage");
const RuleRef kSpecial = cite("War Technology/Special Rules");
const RuleRef kAutomatic = cite("Damage/Automatic Actions");
}  // namespace

bool AdmiralEngine::on_order(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    return a.in_hand(e, who, ctx, &AdmiralEngine::order, true);
}

void AdmiralEngine::order(Unit& u, const ngn::Event& e, GameContext& ctx) {
    const ngn::SourcePos at = where(e);
    const std::string_view* w = e.args.size() > 1 ? word_text(e.args[1]) : nullptr;
    const std::string name = w ? lower(*w) : "";
    if (!known_order(name)) {  // a line not read: what the order let the unit do is taken as played
        u.unread = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kOrders, at, "the Admiral Orders are " + order_list() + "; not '" + name + "'"));
        return;
    }
    if (u.side < 0 || static_cast<std::size_t>(u.side) >= sides_.size()) return;  // a unit of no side (said by the kit)
    ctx.judged(kOrders);
    if (name == "smoke") ctx.judged(kSpecial);
    SideState& side = sides_[static_cast<std::size_t>(u.side)];
    if (!side.points) unverified(side_name(u.side, ctx) + "'s Admiral Points (no initiative roll this turn)", kPoints, at, ctx);
    else if (side.spent + 1 > *side.points)
        ctx.findings.error(Kind::Illegal, kOrders, at, side_name(u.side, ctx) + " has spent all " + count_of(*side.points, "Admiral Point") + " it had this turn",
                           count_of(*side.points, "point"), std::to_string(side.spent + 1) + " spent");
    ++side.spent;
    if (!u.orders.insert(name).second) {
        const std::string why = u.label() + " has had the order " + name + " this turn: each order once a unit a turn";
        if (u.extra_hand) ctx.findings.excuse(*u.extra_hand, at, why);  // its second hand (reported)
        else ctx.findings.error(Kind::Illegal, kOrders, at, why);
    }
    if (u.conning_now) ctx.findings.error(Kind::Illegal, kCritical, at, u.label() + "'s conning tower was hit: it receives no Admiral Orders this activation");
    if (u.automatic_now != Automatic::None && (name == "landing" || name == "take-off"))
        ctx.findings.error(Kind::Illegal, kAutomatic, at, u.label() + " is under an automatic action: its aircraft neither take off nor land");
    if (u.radio_hit) unverified("orders to units whose radio was hit (within 30 cm and in sight of whom gives them)", kCritical, at, ctx);
    if (name == "smoke" && !u.card.type.empty() && !u.card.rules.count("smoke"))
        ctx.findings.error(Kind::Illegal, kSpecial, at, u.label() + "'s card has no smoke projectors");
    if (name == "planned-veer" && turn_ == 1) u.planned_veer = true;
    else if (name != "smoke") unverified("the effects of the Admiral Orders (official version only)", kOrders, at, ctx);
}

}  // namespace ironlog::rules::admiral
