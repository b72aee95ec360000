// Attack and Defence of Naval Units: Launching Torpedoes (side arcs, 20 cm, every tube of a side,
// one D10 a tube) and the Torpedo Launch Bonuses and Maluses; War Technology/Special Rules:
// malfunctioning torpedoes and magnetic heads.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kLaunch = cite("Attack and Defence of Naval Units/Launching Torpedoes");
const RuleRef kBonuses = cite("Attack and Defence of Naval Units/Torpedo Launch Bonuses and Maluses");
const RuleRef kSpecial = cite("War Technology/Special Rules");
const RuleRef kAutomatic = cite("Damage/Automatic Actions");
const RuleRef kRamming = cite("Units Movement/Ramming");
const RuleRef kTorpedoDamage = cite("Damage/Torpedo Damage");
const RuleRef kTorpedoFeature = cite("Unit Features/Torpedoes");
const RuleRef kCourse = cite("General Principles/Units' Course");
const RuleRef kDiceRolls = cite("General Principles/Dice Rolls");
const RuleRef kScale = cite("Game Rules/Matter of Scale");
const RuleRef kCritical = cite("Damage/Critical Damage");
}  // namespace

bool AdmiralEngine::on_torpedo(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    return a.in_hand(e, who, ctx, &AdmiralEngine::torpedo, true);
}

// The success numbers the bonuses give: one, or two where a measure lies on a boundary.
std::vector<int> AdmiralEngine::torpedo_success(const Unit& u, const Unit& target, double d) const {
    std::vector<int> out;
    for (int knots : speeds_as_played(target))
        for (int n : torpedo_success(u, target, knots, d)) out.push_back(n);
    return out;
}

std::vector<int> AdmiralEngine::torpedo_success(const Unit& u, const Unit& target, int knots, double d) const {
    int base = 1 + torpedo_size_bonus(target.card.type) - std::abs(knots) / 10 - u.torpedo_tubes_hit - (u.critical_unknown ? 1 : 0);
    if (knots == 0) ++base;  // standing
    const double near = 10 / scale_.range_divisor;
    std::vector<int> near_bonus;
    if (d <= near + tolerance_) near_bonus.push_back(1);  // d < 0: not known, either
    if (d < 0 || d > near - tolerance_) near_bonus.push_back(0);
    const auto shown = sections_shown(target, u);
    std::vector<int> side_bonus;
    if (std::find(shown.begin(), shown.end(), Section::Side) != shown.end()) side_bonus.push_back(1);
    if (shown.size() > 1 || side_bonus.empty()) side_bonus.push_back(0);
    std::vector<int> out;
    for (int n : near_bonus)
        for (int s : side_bonus)
            for (int tubes = 0; tubes <= (u.critical_unknown ? 1 : 0); ++tubes) out.push_back(base + n + s + tubes);  // a critical 2 not known
    return out;
}

// DAR torpedo port PoW 15cm 2d10: 2 7 => 1 hit
void AdmiralEngine::torpedo(Unit& u, const ngn::Event& e, GameContext& ctx) {
    const auto& a = e.args;
    const ngn::SourcePos at = a.front().pos;
    std::size_t i = 1;
    const bool port = i < a.size() && is_word(a[i], "port"), starboard = i < a.size() && is_word(a[i], "starboard");
    if (!port && !starboard) return unread_attack(ctx.findings.error(Kind::Inconsistent, kLaunch, at, "a launch names its side: torpedo port|starboard [magnetic] TARGET 15cm 2d10: 2 7 => 1 hit"));
    const bool magnetic = ++i < a.size() && is_word(a[i], "magnetic");
    if (magnetic) ++i;
    Unit* target = i < a.size() ? named_unit(a[i], ctx) : nullptr;
    if (!target || target->side == u.side) return unread_attack(ctx.findings.error(Kind::Inconsistent, kLaunch, at, "a launch names an enemy unit as its target after the side"));
    const ngn::Item* dist_item = ++i < a.size() && a[i].as<ngn::Number>() ? &a[i] : nullptr;
    const ngn::Dice* dice = last_dice(a);
    if (!target->afloat()) return gone(*target, kLaunch, at, u.label() + " launches at " + target->label() + ", which", ctx);
    if (u.automatic_now == Automatic::Severe && u.automatic_now_parted) ctx.findings.excuse(*u.automatic_now_parted, at, "a launch after a damage claimed against the rules");
    else if (u.automatic_now == Automatic::Severe) return (void)ctx.findings.error(Kind::Illegal, kAutomatic, at, u.label() + " is under a severe damage's automatic action: it may not fire this activation");
    if (u.stopped && u.ram_malus_turn != turn_) return (void)ctx.findings.error(Kind::Illegal, kRamming, at, u.label() + " was stopped by a ram: it does not fire for the rest of the turn");
    if (u.card.type.empty()) return unverified("torpedoes of units without a card", kLaunch, at, ctx);
    ctx.judged(kLaunch), ctx.judged(kTorpedoFeature), ctx.judged(kCourse), ctx.judged(kScale), ctx.judged(kDiceRolls);
    if (u.torpedo_tubes_hit) ctx.judged(kCritical);
    if (!u.card.torpedoes || *u.card.torpedoes == 0) return (void)ctx.findings.error(Kind::Illegal, kLaunch, at, u.label() + "'s card has no torpedo tubes");
    if (magnetic) ctx.judged(kSpecial);
    if (magnetic && !u.card.rules.count("magnetic")) ctx.findings.error(Kind::Illegal, kSpecial, at, u.label() + "'s card has no magnetic heads");
    const std::size_t side = port ? 0 : 1;
    const bool empty = u.tubes_used[side] > 0 || (u.card.centre_torpedoes && (u.tubes_used[0] + u.tubes_used[1]) > 0);
    if (empty) return (void)ctx.findings.error(Kind::Illegal, kLaunch, at, u.label() + "'s " + (port ? "port" : "starboard") + " tubes were launched before: empty for the rest of the game");
    double d = 0;
    judge_distance(u, *target, dist_item, kLaunch, ctx, d);
    const auto arcs = arcs_of(u, *target);
    if (std::find(arcs.begin(), arcs.end(), port ? Arc::Port : Arc::Starboard) == arcs.end())
        ctx.findings.error(Kind::Illegal, kLaunch, at, target->label() + " is not in " + u.label() + "'s " + (port ? "port" : "starboard") + " 90-degree arc: torpedoes go to the sides only");
    const double range = u.card.torpedo_range_cm.value_or(20) / scale_.range_divisor;
    if (d >= 0 && d > range + tolerance_) ctx.findings.error(Kind::Illegal, kLaunch, at, target->label() + " is beyond torpedo range", std::to_string(int(range)) + "cm", dist_item ? dist_item->to_ngn() : "");
    u.tubes_used[side] = *u.card.torpedoes;
    if (!dice) return unread_attack(ctx.findings.error(Kind::Inconsistent, kLaunch, at, "a launch gives one D10 a tube: 2d10: 2 7"));
    if (dice->sides != u.card.torpedo_die || static_cast<int>(dice->faces.size()) != *u.card.torpedoes)
        ctx.findings.error(Kind::Illegal, kLaunch, at, "a launch uses every tube of the side, one D" + std::to_string(u.card.torpedo_die) + " each",
                           std::to_string(*u.card.torpedoes) + "d" + std::to_string(u.card.torpedo_die), dice->spec());
    judge_torpedo_hits(u, *target, d, *dice, magnetic, e, ctx);
}

void AdmiralEngine::judge_torpedo_hits(Unit& u, Unit& target, double d, const ngn::Dice& dice, bool magnetic, const ngn::Event& e, GameContext& ctx) {
    ctx.judged(kBonuses);
    const auto success = torpedo_success(u, target, d);
    std::vector<int> possible;
    for (int s : success) {
        int hits = 0;
        for (const auto& f : dice.faces) hits += (f.value == 0 ? 10 : f.value) <= s;
        possible.push_back(hits);
    }
    std::optional<int> claimed;
    bool claims_sunk = false;
    if (e.claim)
        for (const auto& it : *e.claim) {
            if (const auto* n = it.as<ngn::Number>(); n && n->is_integer) claimed = n->as_int();
            if (is_word(it, "miss")) claimed = 0;
            if (is_word(it, "hit") && !claimed) claimed = 1;
            claims_sunk = claims_sunk || is_word(it, "sunk");
        }
    std::optional<Cause> why;
    if (!claimed) {
        ctx.findings.error(Kind::Inconsistent, kBonuses, where(e), "a launch says its hits: => miss, => 1 hit, => 2 hits");
        claimed = possible.front();
    } else if (std::find(possible.begin(), possible.end(), *claimed) == possible.end()) {
        const std::string mods = "success " + std::to_string(success.front()) + ": 1, +" + std::to_string(torpedo_size_bonus(target.card.type)) + " (" +
                                 (target.card.type.empty() ? "?" : target.card.type) + ")" + (d <= 10 / scale_.range_divisor ? ", +1 (within 10 cm)" : "") +
                                 (std::abs(target.speed) >= 10 ? ", -" + std::to_string(std::abs(target.speed) / 10) + " (target speed)" : "") +
                                 (target.speed == 0 ? ", +1 (standing)" : "") + ", +1 if it shows its side" +
                                 (u.torpedo_tubes_hit ? ", -" + std::to_string(u.torpedo_tubes_hit) + " (tubes hit)" : "");
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kBonuses, e.claim_pos, "each D10 at or under the success number hits (" + mods + ")",
                                                    count_of(possible.front(), "hit"), count_of(*claimed, "hit")));
    }
    const int per_hit = magnetic ? 2 : 1;
    const Automatic before = target.automatic;
    if (*claimed > 0 || possible.front() > 0)
        damage(target, u, Blow{Automatic::Severe, per_hit * *claimed, per_hit * possible.front(), claims_sunk, why, false}, e, ctx);
    if (*claimed == 0) target.automatic = before, target.criticals_due.clear();  // no hit as played
    if (*claimed > 0) ctx.judged(kTorpedoDamage);
    if (*claimed > 0) unverified("the torpedo critical damage table (official version only)", kTorpedoDamage, e.claim_pos, ctx);
    if (*claimed > 0 && (magnetic || u.card.rules.count("malfunctioning"))) u.duds_due = {*claimed, &target, magnetic, before, e.subject.pos.line};
}

// DAR malfunction d6: 6 => dud: after each torpedo hit of a unit with malfunctioning torpedoes
// (a 6: no damage) or a magnetic head (a 5 or 6: no damage).
bool AdmiralEngine::on_malfunction(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    Unit* u = a.unit(who);
    if (!u) return false;
    const ngn::SourcePos at = where(e);
    const ngn::Dice* dice = last_dice(e.args);
    ctx.judged(kSpecial), ctx.judged(kDiceRolls);
    if (u->duds_due.hits <= 0 || !u->duds_due.target) return ctx.findings.error(Kind::Illegal, kSpecial, at, "no torpedo hit of " + u->label() + " calls for a malfunction roll"), true;
    if (!dice || dice->faces.empty() || dice->sides != 6) return ctx.findings.error(Kind::Inconsistent, kSpecial, at, "a malfunction roll is 1D6: malfunction d6: 6 => dud"), true;
    Unit& t = *u->duds_due.target;
    const int face = dice->faces.front().value;
    const bool dud = face >= (u->duds_due.magnetic ? 5 : 6);
    --u->duds_due.hits;
    bool claims_dud = false;
    if (e.claim)
        for (const auto& it : *e.claim) claims_dud = claims_dud || is_word(it, "dud");
    if (claims_dud != dud)
        ctx.findings.error(Kind::WrongResult, kSpecial, e.claim_pos, std::string("a ") + std::to_string(face) + (dud ? " makes" : " does not make") + " the torpedo a dud",
                           dud ? "dud" : "hit", claims_dud ? "dud" : "hit");
    if (claims_dud) {  // as played: the hit did no damage
        t.severe = std::max(0, t.severe - (u->duds_due.magnetic ? 2 : 1));
        t.severe_rules = std::max(0, t.severe_rules - (u->duds_due.magnetic ? 2 : 1));
        if (u->duds_due.hits == 0) t.automatic = u->duds_due.before;
        if (t.sunk && t.severe < a.structure_points(t) && t.sunk_turn == a.turn_) t.sunk = false, t.gone.clear();
    }
    return true;
}

}  // namespace ironlog::rules::admiral
