// Units Movement/Ramming: a collision at 45 degrees or more is a ram: both ships stop, and a
// rammer at 20 knots or more does damage by the armours; below 45 degrees the ships glance off.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kRamming = cite("Units Movement/Ramming");
const RuleRef kAutomatic = cite("Damage/Automatic Actions");

const char* kind_word(Automatic k) { return k == Automatic::Severe ? "severe" : k == Automatic::Light ? "light" : "none"; }
}  // namespace

bool AdmiralEngine::on_collide(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    return a.in_hand(e, who, ctx, &AdmiralEngine::collide, false);
}

// PE collide PoW => ram PE severe | => ram | => glance
void AdmiralEngine::collide(Unit& u, const ngn::Event& e, GameContext& ctx) {
    const ngn::SourcePos at = where(e);
    Unit* other = e.args.size() > 1 ? named_unit(e.args[1], ctx) : nullptr;
    if (!other || !other->afloat()) return (void)ctx.findings.error(Kind::Inconsistent, kRamming, at, "a collision names the unit afloat it meets: PE collide PoW => ram PE severe");
    ctx.judged(kRamming);
    if (u.automatic_now != Automatic::None) ctx.judged(kAutomatic);
    const double theta = std::abs(std::remainder(u.heading - other->heading, 360.0));
    const double angle = std::min(theta, 180 - theta);
    std::vector<std::string> possible;
    if (angle >= 45 - kAngleTolerance) possible.push_back("ram");
    if (angle < 45 + kAngleTolerance) possible.push_back("glance");
    std::string said;
    Unit* damaged = nullptr;
    std::optional<Automatic> said_kind;
    bool said_sunk = false;
    if (e.claim)
        for (const auto& it : *e.claim) {
            if (is_word(it, "ram") || is_word(it, "glance")) said = lower(*word_text(it));
            else if (is_word(it, "light")) said_kind = Automatic::Light;
            else if (is_word(it, "severe")) said_kind = Automatic::Severe;
            else if (is_word(it, "sunk")) said_sunk = true;
            else if (Unit* v = named_unit(it, ctx)) damaged = v;
        }
    if (said.empty()) said = possible.front();
    const std::optional<Cause> doubt = u.place_doubt ? u.place_doubt : other->place_doubt;  // a course in doubt after a mistake
    if (std::find(possible.begin(), possible.end(), said) == possible.end() && doubt)
        ctx.findings.excuse(*doubt, e.claim_pos, "the courses as played");
    else if (std::find(possible.begin(), possible.end(), said) == possible.end())
        ctx.findings.error(Kind::WrongResult, kRamming, e.claim_pos, "the courses meet at " + std::to_string(int(std::lround(angle))) + " degrees: a ram from 45", possible.front(), said);
    if (said == "glance") return;  // no stop, no damage; the smaller ship's forced rotation is its next turn of course
    if (u.automatic_now != Automatic::None) ctx.findings.error(Kind::Illegal, kAutomatic, at, u.label() + " is under an automatic action: it may not ram anyone");
    u.stopped = other->stopped = true;
    const bool fast = std::abs(u.speed) >= 20;
    std::optional<Automatic> rules_kind;
    Unit* weaker = nullptr;
    bool weaker_sinks = false;
    if (fast && needs(u, u.card.armour.has_value(), "armour", kRamming, at, ctx) && needs(*other, other->card.armour.has_value(), "armour", kRamming, at, ctx)) {
        const int ha = std::max(*u.card.armour, *other->card.armour), wa = std::min(*u.card.armour, *other->card.armour);
        weaker = *u.card.armour <= *other->card.armour ? &u : other;
        if (ha >= 3 * wa) weaker_sinks = true;  // the text is cut at a page break: read as the weaker ship sinking
        else rules_kind = ha >= 2 * wa ? Automatic::Severe : Automatic::Light;
    }
    const std::string expected = !fast ? "no damage (the rammer under 20 knots)" : weaker_sinks ? weaker->label() + " sunk" : weaker ? weaker->label() + " " + kind_word(*rules_kind) : "?";
    const std::string said_damage = said_kind ? std::string(kind_word(*said_kind)) + (said_sunk ? " sunk" : "") : said_sunk ? "sunk" : "none";
    const std::string recorded = damaged ? damaged->label() + " " + said_damage : "no damage";
    const bool armour_known = !fast || weaker;
    const bool equal_armour = weaker && u.card.armour == other->card.armour;
    // a severe damage that takes the last structure point is written `severe sunk` (its sinking is
    // judged with the damage); `sunk` alone is the ram at three times the armour
    const bool ok = !armour_known || (!fast ? !damaged : (damaged == weaker || (equal_armour && damaged)) &&
                                                            (weaker_sinks ? said_sunk && !said_kind : said_kind == rules_kind));
    std::optional<Cause> why;
    if (!ok) why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kRamming, e.claim_pos, "a ram's damage: the higher armour against twice and three times the lower", expected, recorded));
    if (!damaged) return;
    Unit& survivor = damaged == &u ? *other : u;
    if (said_sunk && !said_kind) {
        damaged->severe = damaged->severe_rules = std::max(damaged->severe, structure_points(*damaged));
        sink(*damaged, e.subject.pos.line);
        survivor.ram_malus_turn = turn_;
        if (&survivor == &u) u.stopped = false, u.ram_through = true;  // it goes on through the rammed unit, half its run left
        else survivor.speed = 0;
    } else if (said_kind) {
        const int severe = *said_kind == Automatic::Severe;
        damage(*damaged, survivor, Blow{*said_kind, severe, rules_kind ? *rules_kind == Automatic::Severe : severe, said_sunk, why, false}, e, ctx);
    }
}

}  // namespace ironlog::rules::admiral
