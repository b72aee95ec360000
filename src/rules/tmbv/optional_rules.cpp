// The optional rules (14.0) that act on a battle, each only when the record's [Rules] names it:
// critical hits (14.1: on fire, bridge, rudder), Affondatore not ready (14.2) and dispatch ships
// (14.4, in formations.cpp's links). 14.3 (rifled guns) is a fire modifier (fire_combat.cpp);
// 14.5 (the Roma) is a campaign matter.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kClaims = ngn_rule("5.6", "Claims");

std::string claim_word(const ngn::Event& e) {
    if (!e.claim || e.claim->empty()) return {};
    const std::string_view* w = word_text(e.claim->front());
    return w ? lower(*w) : "?";
}

const char* critical_case(const std::string& critical) {
    return critical == "fire" ? "14.1.1" : critical == "bridge" ? "14.1.2" : critical == "rudder" ? "14.1.3" : "14.1";
}

// 14.1.1, 14.1.3: the crew's modifier to a fire or rudder roll.
int crew_modifier(char crew) { return crew == 'A' ? 1 : crew == 'C' ? -1 : 0; }
}  // namespace

bool TmbvEngine::rule_off(const char* rule, const char* name, const ngn::Event& e, GameContext& ctx) {
    if (ctx.header.rule_in_force(name)) return false;
    ctx.findings.error(Kind::Inconsistent, cite(rule), e.subject.pos,
                       std::string("optional rule ") + rule + " is not in force: add \"" + name + "\" to [Rules] if it was played");
    return true;
}

// 14.1: an attack that damaged a ship is followed by its critical-hit roll. Where the hits played
// part from the rules' (reported) and only one count damaged it, the roll may follow or not.
void TmbvEngine::note_damage(Ship& t, int played_hits, int rules_hits, const ngn::Event& e, std::optional<Cause> why) {
    if (!critical_rule_ || !afloat(t) || (played_hits <= 0 && (rules_hits <= 0 || !why))) return;
    t.critical_due = e.subject.pos;
    t.critical_unsure = (played_hits > 0) != (rules_hits > 0) ? why : std::nullopt;
}

// A ship whose critical-hit roll is due and whose line this is not: said once.
void TmbvEngine::criticals_due(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (!critical_rule_) return;
    for (Ship& s : ships_) {
        if (!s.critical_due || (s.entity == &actor && same_lower(e.verb(), "critical"))) continue;
        const std::string what = s.label() + " was damaged at line " + std::to_string(s.critical_due->line) + ": its critical-hit roll comes next (" +
                                 s.label() + " critical d10: N)";
        if (s.critical_unsure) ctx.findings.excuse(*s.critical_unsure, e.subject.pos, what);
        else s.critical_missing = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, cite("14.1"), e.subject.pos, what));
        s.critical_due.reset();
    }
}

// 14.1: a 0 is a critical hit; a second die says which: 0-3 on fire, 4-7 bridge, 8-9 rudder.
bool TmbvEngine::on_critical(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) {
    Ship* s = t.ship(a);
    if (!s) return false;
    if (t.rule_off("14.1", "critical-hits", e, ctx)) return true;
    judged(ctx, "14.1");
    if (!s->critical_due && s->sunk && s->afloat_by_claim)  // the attack sank it, the players played it afloat (reported)
        t.still_afloat(*s, e.subject.pos, ctx);
    else if (!s->critical_due) {  // an attack left out before it, most often: the hits it gave may show later
        const std::string what = s->label() + " has not just been damaged by an attack: no critical-hit roll (an attack left out?)";
        const bool after_unread = t.unread_ && t.unread_->first + 1 >= e.subject.pos.line && t.unread_->first < e.subject.pos.line;
        if (after_unread) ctx.findings.excuse(t.unread_->second, e.subject.pos, what);  // the line before, not read, may have been it
        s->hits_missing = after_unread ? t.unread_->second : Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("14.1"), e.subject.pos, what));
    }
    s->critical_due.reset();
    const ngn::Dice* dice = nullptr;
    if (!t.roll_read(e, cite("14.1"), ctx, dice, 2)) return true;
    const auto& f = dice->faces;
    std::string rules = "none";
    if (f.front().value == 0 && f.size() < 2)
        ctx.findings.error(Kind::Inconsistent, cite("14.1"), e.subject.pos, "a 0 is a critical hit: roll again for which: critical 2d10: 0 N");
    else if (f.front().value == 0)
        rules = f[1].value <= 3 ? "fire" : f[1].value <= 7 ? "bridge" : "rudder";
    else if (f.size() > 1)
        ctx.findings.error(Kind::Illegal, cite("14.1"), f[1].pos, "only a 0 calls for the second die");
    std::string claimed = claim_word(e);
    if (claimed == "on-fire") claimed = "fire";
    if (!claimed.empty() && claimed != "none" && claimed != "fire" && claimed != "bridge" && claimed != "rudder")
        ctx.findings.error(Kind::Inconsistent, kClaims, e.claim_pos, "a critical-hit roll's claim is none, fire, bridge or rudder");
    else if (!claimed.empty() && claimed != rules && ctx.dice_ok)  // played as claimed: what follows from it is not said again
        s->critical_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite(critical_case(claimed == "none" ? "none" : rules)), e.claim->front().pos,
                                                                  "a first die of 0 is a critical hit; the second: 0-3 on fire, 4-7 bridge, 8-9 rudder",
                                                                  rules, claimed));
    const std::string played = claimed.empty() || claimed == "?" ? rules : claimed;
    if (played == "fire") s->on_fire = true;
    if (played == "bridge") s->bridge = true;                 // 14.1.2: crew C, CF -2
    if (played == "rudder") s->rudder = s->diw = true;        // 14.1.3: DIW till repaired
    return true;
}

// 14.1.1 and 14.1.3: the rolls at the end of each battle impulse for a ship on fire or with its
// rudder hit, modified for the crew (+1 A, -1 C).
bool TmbvEngine::on_end_roll(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx, bool fire) {
    Ship* s = t.ship(a);
    if (!s) return false;
    const RuleRef rule = cite(fire ? "14.1.1" : "14.1.3");
    if (t.rule_off("14.1", "critical-hits", e, ctx)) return true;
    judged(ctx, fire ? "14.1.1" : "14.1.3");
    int& rolled = fire ? s->fire_rolled : s->rudder_rolled;
    const std::string none = s->label() + (fire ? " is not on fire" : "'s rudder is not damaged") + ": no roll";
    if (!(fire ? s->on_fire : s->rudder) && s->critical_missing) {  // the critical hit its left-out roll gave
        ctx.findings.excuse(*s->critical_missing, e.subject.pos, none);
        (fire ? s->on_fire : s->rudder) = true;
    } else if (!(fire ? s->on_fire : s->rudder))
        ctx.findings.error(Kind::Illegal, rule, e.subject.pos, none);
    else if (rolled == t.impulse_)
        ctx.findings.error(Kind::Illegal, rule, e.subject.pos, s->label() + " has rolled for it already this impulse");
    rolled = t.impulse_;
    if (!t.end_roll_at_) t.end_roll_at_ = std::pair{e.subject.pos, rule};
    const ngn::Dice* dice = nullptr;
    if (!t.roll_read(e, rule, ctx, dice)) return true;
    const ModifiedRoll roll = t.modified(*dice, {{"crew", crew_modifier(t.crew_of(*s))}});
    const int v = roll.played();
    const std::string rules = fire ? (v >= 8 ? "out" : v >= 3 ? "burns" : "explodes") : (v >= 7 ? "repaired" : "diw");
    const std::string claimed = claim_word(e);
    if (roll.recorded && *roll.recorded != roll.rules)
        ctx.findings.error(Kind::WrongResult, rule, dice->faces.front().pos, "the roll modified for the crew", roll.rules_text(), std::to_string(*roll.recorded));
    else if (!claimed.empty() && claimed != rules && ctx.dice_ok)
        ctx.findings.error(Kind::WrongResult, rule, e.claim->front().pos,
                           fire ? "8 or more puts the fire out, 3-7 burns a hull box, 0-2 explodes" : "7 or more repairs the rudder", rules, claimed);
    t.end_roll_result(*s, claimed.empty() || claimed == "?" ? rules : claimed, e, ctx);
    return true;
}

void TmbvEngine::end_roll_result(Ship& s, const std::string& result, const ngn::Event& e, GameContext& ctx) {
    if (result == "out") s.on_fire = false;
    if (result == "repaired") s.rudder = s.diw = false;
    if (!s.on_fire && !s.rudder) s.critical_claim.reset();
    if (result == "burns") judge_hits(s, 1, 1, e, std::nullopt, std::nullopt, ctx);  // `burns` or `burns sunk`
    if (result == "explodes") sinks(s, "exploded", e.subject.pos.line);
}

// 14.1.1, 14.1.3: the rolls stand at the impulse's end: a ship activating after one is said once.
void TmbvEngine::end_roll_too_early(ngn::SourcePos at, GameContext& ctx) {
    if (!end_roll_at_) return;
    ctx.findings.error(Kind::Illegal, end_roll_at_->second, end_roll_at_->first,
                       "the rolls for fires and rudders come at the end of the impulse, after every activation: a ship activates after it (line " +
                           std::to_string(at.line) + ")");
    end_roll_at_.reset();
}

// Each impulse's end: a ship on fire or with its rudder hit that did not roll (said once a ship).
void TmbvEngine::end_rolls_missing(GameContext& ctx, ngn::SourcePos at) {
    if (!critical_rule_) return;
    for (Ship& s : ships_) {
        const std::string what = s.critical_due ? s.label() + " was damaged at line " + std::to_string(s.critical_due->line) + ": its critical-hit roll is missing" : "";
        if (s.critical_due && s.critical_unsure) ctx.findings.excuse(*s.critical_unsure, at, what);
        else if (s.critical_due) s.critical_missing = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, cite("14.1"), at, what));
        s.critical_due.reset();
        if (!afloat(s)) continue;
        const auto say = [&](const char* rule, const std::string& what) -> Cause {
            if (s.critical_claim) return ctx.findings.excuse(*s.critical_claim, at, what), *s.critical_claim;  // the players' state came from a claim reported
            return Findings::cause_of(ctx.findings.error(Kind::Inconsistent, cite(rule), at, what));
        };
        if (s.on_fire && s.fire_rolled != impulse_) {  // what the roll left out did (a box burnt, an explosion) shows later
            const std::string what = s.label() + " is on fire: it rolls at the end of impulse " + std::to_string(impulse_);
            if (s.hits_missing) ctx.findings.excuse(*s.hits_missing, at, what);  // said already: it may have sunk then
            else s.hits_missing = say("14.1.1", what);
        }
        if (s.rudder && s.rudder_rolled != impulse_) say("14.1.3", s.label() + "'s rudder is hit: it rolls at the end of impulse " + std::to_string(impulse_));
    }
}

bool TmbvEngine::is_affondatore(const Ship& s) const { return lower(s.entity->name).find("affondatore") != std::string::npos; }

// 14.2: Affondatore acting before its roll (said once).
void TmbvEngine::not_ready_missing(Ship& s, ngn::SourcePos at, GameContext& ctx) {
    if (!not_ready_rule_ || s.not_ready || !is_affondatore(s)) return;
    ctx.findings.error(Kind::Inconsistent, cite("14.2"), at,
                       "with 14.2 Affondatore rolls for its hits at the beginning of the game, before it acts (Aff not-ready d10: N => N hits)");
    s.not_ready = true;
}

// 14.2: at the start, a die halved (fractions dropped) plus 1: hits on Affondatore, crew C till
// they are repaired (not in a battle).
bool TmbvEngine::on_not_ready(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) {
    Ship* s = t.ship(a);
    if (!s) return false;
    const RuleRef rule = cite("14.2");
    if (t.rule_off("14.2", "affondatore-not-ready", e, ctx)) return true;
    judged(ctx, "14.2");
    if (!t.is_affondatore(*s))
        ctx.findings.error(Kind::Illegal, rule, e.subject.pos, "only Affondatore rolls for being not ready");
    else if (s->not_ready || s->activated || t.impulse_ > 1)
        ctx.findings.error(Kind::Illegal, rule, e.subject.pos, "Affondatore rolls once, at the beginning of the game, before it acts");
    s->not_ready = true;
    const ngn::Dice* dice = nullptr;
    if (!t.roll_read(e, rule, ctx, dice)) return true;
    const int hits = dice->faces.front().value / 2 + 1;
    std::optional<int> claimed;
    if (e.claim && !e.claim->empty() && e.claim->front().is<ngn::Number>()) claimed = e.claim->front().as<ngn::Number>()->as_int();
    std::optional<Cause> why;
    if (claimed && *claimed != hits && ctx.dice_ok)
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, rule, e.claim->front().pos, "half the die, fractions dropped, plus 1",
                                                    counted(hits, "hit"), counted(*claimed, "hit")));
    t.judge_hits(*s, hits, claimed.value_or(hits), e, std::nullopt, why, ctx);
    return true;
}

}  // namespace ironlog::rules::tmbv
