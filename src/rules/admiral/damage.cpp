// Damage: light and severe damage, sinking at the unit's structure points, the automatic action
// due at the unit's next activation, and critical damage (the light table; the severe table is
// the official version's).
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kDamage = cite("Damage/Light and Severe Damage");
const RuleRef kCritical = cite("Damage/Critical Damage");
const RuleRef kTypes = cite("Unit Features/Type");
const RuleRef kResistance = cite("Unit Features/Resistance");
const RuleRef kDiceRolls = cite("General Principles/Dice Rolls");
}  // namespace

// Unit Features/Resistance: the card's SP, or the type's.
int AdmiralEngine::structure_points(const Unit& u) const {
    if (u.card.sp) return *u.card.sp;
    return type_sp(u.card.type).value_or(1);
}

void AdmiralEngine::damage(Unit& target, const Unit& attacker, const Blow& b, const ngn::Event& e, GameContext& ctx) {
    ctx.judged(kDamage), ctx.judged(kResistance);  // the sinking claim, at the unit's structure points
    if (b.kind == Automatic::Severe || target.automatic == Automatic::None) target.automatic = b.kind;  // severe prevails
    target.attacker = &attacker;
    if (b.why) target.automatic_parted = b.why;
    target.criticals_due.push_back({b.kind, e.subject.pos.line, !b.critical_roll || b.why.has_value(), b.why.has_value()});
    if (target.card.type == "PT" && !target.card.sp) unverified("the structure points of a PT (not in the table of Unit Features/Type)", kTypes, e.subject.pos, ctx);
    target.severe += b.structure;
    target.severe_rules += b.rules_structure;
    if (target.severe != target.severe_rules && b.why) target.damage_parted = b.why;
    const int sp = structure_points(target);
    const bool sunk = target.severe >= sp, rules_sunk = target.severe_rules >= sp;
    const bool fits = b.claims_sunk == sunk || (target.damage_parted && b.claims_sunk == rules_sunk);
    if (!fits && !b.why)
        ctx.findings.error(Kind::WrongResult, kDamage, e.claim_pos,
                           target.label() + " has taken " + std::to_string(target.severe) + " severe damage of its " + count_of(sp, "structure point") +
                               ": " + (sunk ? "it sinks" : "it is afloat"),
                           sunk ? "sunk" : "afloat", b.claims_sunk ? "sunk" : "afloat");
    else if (b.claims_sunk != sunk)
        ctx.findings.excuse(b.why ? *b.why : *target.damage_parted, e.claim_pos, "the sinking follows from the damage as played");
    if (sunk && !b.claims_sunk)  // afloat as played; if the record names it no more, that follows from here
        target.sunk_left_out = b.why ? *b.why : Cause{e.claim_pos.line, kDamage};
    if (b.claims_sunk && !target.sunk) sink(target, e.subject.pos.line);  // as played
}

// PoW critical d6: 4 => communication; PoW critical 2d10: 7 12 => "boiler".
bool AdmiralEngine::on_critical(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    Unit* u = a.unit(who);
    if (!u) return false;
    a.critical(*u, e, ctx);
    return true;
}

void AdmiralEngine::critical(Unit& u, const ngn::Event& e, GameContext& ctx) {
    const ngn::SourcePos at = where(e);
    const ngn::Dice* dice = last_dice(e.args);
    if (!dice || dice->faces.empty()) return (void)ctx.findings.error(Kind::Inconsistent, kCritical, at, "a critical roll gives its dice: d6 after a light damage, 2d10 after a severe one");
    const Automatic kind = dice->sides == 6 ? Automatic::Light : Automatic::Severe;
    ctx.judged(kCritical), ctx.judged(kDiceRolls);
    auto due = std::find_if(u.criticals_due.begin(), u.criticals_due.end(), [&](const auto& d) { return d.kind == kind || d.any_kind; });
    if (due == u.criticals_due.end() && u.criticals_due.empty() && unread_attack_.excuses(turn_, ctx.findings, at, "a critical roll after a fire not read")) {
        if (kind == Automatic::Severe && !u.sunk) ++u.severe, ++u.severe_rules;  // as played: the fire not read did the damage
        if (kind == Automatic::Severe || u.automatic == Automatic::None) u.automatic = kind;
        if (kind == Automatic::Severe) return;
    } else if (due == u.criticals_due.end()) {
        const bool other = !u.criticals_due.empty();
        const Finding& f = ctx.findings.error(
            Kind::Illegal, kCritical, at,
            other ? "the critical roll after a " + std::string(kind == Automatic::Light ? "severe" : "light") + " damage is " + (kind == Automatic::Light ? "2d10" : "1d6")
                  : u.label() + " has no damage that calls for a critical roll",
            other ? std::optional<std::string>(kind == Automatic::Light ? "2d10" : "d6") : std::nullopt, dice->spec());
        if (other) {
            u.criticals_due.erase(u.criticals_due.begin());
            return;
        }
        // as played: a damage the record left out (its hit line, most likely) stands behind the roll
        if (kind == Automatic::Severe && !u.sunk) ++u.severe, ++u.severe_rules;
        if (kind == Automatic::Severe || u.automatic == Automatic::None) u.automatic = kind;
        (void)f;
        if (kind == Automatic::Severe) return;
    } else {
        u.criticals_due.erase(due);
    }
    if (kind == Automatic::Severe) {
        if (ctx.dice_ok && (dice->sides != 10 || dice->faces.size() != 2)) ctx.findings.error(Kind::Illegal, kCritical, at, "a severe damage's critical is rolled on 2D10", "2d10", dice->spec());
        return unverified("the severe critical damage table (2D10, official version only)", kCritical, at, ctx);
    }
    int face = dice->faces.front().value;
    if (!ctx.dice_ok) {  // the die could not be read (reported): the claim stands as played
        std::string claimed = e.claim && !e.claim->empty() ? lower(reference_text(e.claim->front())) : "none";
        face = light_critical_face(claimed).value_or(1);
    }
    const bool repeated = u.criticals.count(face) && !cumulative_critical(face);
    const bool cannot = face == 3 && u.card.type != "" && !u.card.aircraft.value_or(0);  // no aircraft on deck to hit
    const std::string expected = repeated || cannot || face == 1 ? "none" : light_critical(face);
    std::string claimed;
    if (e.claim && !e.claim->empty()) claimed = lower(reference_text(e.claim->front()));
    if (!claimed.empty() && claimed != expected && ctx.dice_ok)
        ctx.findings.error(Kind::WrongResult, kCritical, e.claim_pos,
                           std::string("a ") + std::to_string(face) + " on the light critical table is " + light_critical(face) +
                               (repeated ? ", already taken and not cumulative: no effect" : cannot ? ", which this unit cannot take: no effect" : ""),
                           expected, claimed);
    if (auto said = light_critical_face(claimed); said && claimed != expected) {  // as played: the effect the players applied
        face = *said;
        if (face == 1) return;
    } else if (expected == "none") {
        return;
    }
    u.criticals.insert(face);
    if (face == 2) ++u.torpedo_tubes_hit;
    if (face == 4) u.radio_hit = true;
    if (face == 5) u.conning_due = true;
    if (face == 6) ++u.aa_hit;
}

// A damage whose critical roll the record left out: said at the end of the hand.
void AdmiralEngine::criticals_owed(Unit& u, GameContext& ctx, ngn::SourcePos) {
    if (u.criticals_due.empty()) return;
    if (!u.sunk)
        for (const auto& [kind, line, optional, any_kind] : u.criticals_due) {
            if (optional) continue;
            const Cause why = Findings::cause_of(ctx.findings.error(
                Kind::Illegal, kCritical, ngn::SourcePos{line, 1},
                u.label() + "'s " + (kind == Automatic::Light ? "light" : "severe") + " damage calls for a critical roll (" +
                    (kind == Automatic::Light ? "1D6" : "2D10") + "), and none follows",
                kind == Automatic::Light ? "d6" : "2d10", "none"));
            if (kind == Automatic::Light) u.critical_unknown = why;  // its effect is not known: later lines may follow any
        }
    u.criticals_due.clear();
}

}  // namespace ironlog::rules::admiral
