// Ram attacks (7.9): made by moving into an enemy's hex, only by ships with a ram bow indicator,
// the roll modified by the Ram Attack Table's modifiers and read on the Ram Attack Results Table
// (both in the table pack); hits to the target and to the rammer.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kClaims = ngn_rule("5.6", "Claims");

// "=> fail", "=> 2 hits", "=> 3 hits sunk rammer 1": hits to the target, then to the rammer.
struct RamClaim {
    bool fail = false;
    std::optional<int> target, rammer;
    bool sunk = false, rammer_sunk = false, understood = true;
};

RamClaim read_ram_claim(const ngn::Event& e) {
    RamClaim c;
    if (!e.claim) return c;
    const auto items = elements(*e.claim);
    bool after_rammer = false;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ngn::Item& it = *items[i];
        const auto* n = it.as<ngn::Number>();
        if (is_word(it, "fail") && !c.target) c.fail = true;
        else if (is_word(it, "rammer") && !after_rammer) after_rammer = true;
        else if (is_word(it, "sunk")) (after_rammer ? c.rammer_sunk : c.sunk) = true;
        else if (n && n->is_integer && n->value >= 0 && !(after_rammer ? c.rammer : c.target)) {
            (after_rammer ? c.rammer : c.target) = n->as_int();
            if (i + 1 < items.size() && (is_word(*items[i + 1], "hit") || is_word(*items[i + 1], "hits"))) ++i;
        } else c.understood = false;
    }
    return c;
}
}  // namespace

std::vector<std::pair<std::string, int>> TmbvEngine::ram_modifiers(const Ship& s, const Ship& t) const {
    std::vector<std::pair<std::string, int>> out;
    const int kind = s.manifest ? s.manifest->ram : 0;
    for (const ChartModifier& m : tables_->ram_modifiers()) {
        const bool applies = (m.what == "ram" && ((m.which == "single" && kind == 1) || (m.which == "double" && kind == 2))) ||
                             (m.what == "small" && t.manifest && t.manifest->small) || (m.what == "ironclad" && t.manifest && t.manifest->ironclad) ||
                             (m.what == "crew" && m.which.size() == 1 && std::toupper(static_cast<unsigned char>(m.which[0])) == crew_of(s)) ||
                             (m.what == "weather" && m.which == weather_) || (m.what == "diw" && t.diw);
        if (applies) out.emplace_back(m.what == "ram" ? m.which + " ram" : m.what, m.value);
    }
    return out;
}

// A ram by a ship that has not moved, next to its target: no move into the target's hex, or one
// left out. Said once; the ship is then in the target's hex, as played.
void TmbvEngine::ram_move_left_out(Ship& s, const Ship& target, const ngn::Event& e, GameContext& ctx) {
    ctx.findings.error(Kind::Illegal, cite("7.9"), e.subject.pos,
                       s.label() + " rams " + target.label() + " from the next hex without moving into its hex; if its move was left out, write it (" +
                           s.label() + " move " + spot_text(target.at) + " => 1 mp)");
    const auto from = grid_hex(s.at), to = grid_hex(target.at);
    if (const auto dir = from && to ? grid_.direction(*from, *to) : std::nullopt) s.facing = *dir;
    set_place(s, target.at);
    s.mp_spent = 1;
    s.moved = true;
    s.diw = false;
}

void TmbvEngine::ram(Ship& s, const ngn::Event& e, GameContext& ctx) {
    const RuleRef rule = cite("7.9.3");
    Ship* target = named_ship(e, ctx);
    if (!target) {
        ctx.findings.error(Kind::Inconsistent, rule, e.subject.pos, "name the ship rammed: Affondatore ram RdI d10: 6 => 2 hits");
        return;
    }
    if (!target_afloat(s, "rams", *target, e, ctx)) return s.ram_pending.reset();
    const std::string not_in = s.label() + " rams by moving into " + target->label() + "'s hex; its move just before ends there";
    const std::optional<Cause> doubt = s.doubt ? s.doubt : target->doubt;
    judged(ctx, "7.9"), judged(ctx, "7.9.1");
    if ((!s.ram_pending || !(target->at == *s.ram_pending)) && doubt)
        ctx.findings.excuse(*doubt, e.subject.pos, not_in);  // where one of them is, is in doubt
    else if (!s.ram_pending && !s.moved && distance(s.at, target->at) == 1)
        ram_move_left_out(s, *target, e, ctx);
    else if (!s.ram_pending || !(target->at == *s.ram_pending))
        ctx.findings.error(Kind::Illegal, cite("7.9"), e.subject.pos, not_in);
    else if (s.manifest && s.manifest->ram == 0)
        ctx.findings.error(Kind::Illegal, cite("7.9.1"), e.subject.pos, s.label() + " has no ram bow indicator: it cannot ram");
    s.ram_pending.reset();
    const ngn::Dice* dice = nullptr;
    if (!roll_read(e, rule, ctx, dice)) return;
    const RamClaim claim = read_ram_claim(e);
    if (!claim.understood) ctx.findings.error(Kind::Inconsistent, kClaims, e.claim_pos, "a ram's claim is fail, or the target's hits and the rammer's: => 2 hits rammer 1");
    say_no_tables(ctx, e.subject.pos);
    if (!tables_ || !tables_->has_ram() || !s.manifest || !target->manifest || !ctx.dice_ok) {
        judge_hits(*target, claim.target.value_or(0), claim.target, e, said_sunk(claim.target.has_value(), claim.sunk), std::nullopt, ctx);
        note_damage(*target, claim.target.value_or(0), claim.target.value_or(0), e, std::nullopt);
        judge_hits(s, claim.rammer.value_or(0), claim.rammer, e, said_sunk(claim.rammer.has_value(), claim.rammer_sunk), std::nullopt, ctx);
        return;
    }
    const ModifiedRoll roll = modified(*dice, ram_modifiers(s, *target));
    judged(ctx, "7.9.3"), judged(ctx, "7.8.4");
    std::optional<Cause> why;
    if (roll.recorded && *roll.recorded != roll.rules)
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, rule, dice->faces.front().pos, "the modified roll: the Ram Attack Table's modifiers",
                                                    roll.rules_text(), std::to_string(*roll.recorded)));
    const RamRow& by_rules = *tables_->ram(roll.rules);
    const RamRow& as_played = *tables_->ram(roll.played());
    auto text = [](const RamRow& r) { return r.fails ? std::string("fail") : counted(r.target_hits, "hit") + " rammer " + std::to_string(r.rammer_hits); };
    auto fits = [&](const RamRow& r) {
        if (r.fails) return claim.fail || (claim.target.value_or(0) == 0 && claim.rammer.value_or(0) == 0 && !claim.target);
        return !claim.fail && claim.target.value_or(r.target_hits) == r.target_hits && claim.rammer.value_or(r.rammer_hits) == r.rammer_hits;
    };
    if (!why && !fits(by_rules) && !fits(as_played))
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("7.8.4"), e.claim_pos,
                                                    "the Ram Attack Results Table gives for " + roll.rules_text(), text(by_rules),
                                                    claim.fail ? "fail" : counted(claim.target.value_or(0), "hit") + " rammer " + std::to_string(claim.rammer.value_or(0))));
    const RamRow& played = fits(as_played) ? as_played : by_rules;
    if (played.fails) judged(ctx, "7.8.5 (ram)");  // a failed ram: the rammer's move ended; it is not DIW
    judge_hits(*target, by_rules.target_hits, claim.fail ? 0 : claim.target.value_or(played.target_hits), e,
               said_sunk(claim.fail || claim.target.has_value(), claim.sunk), why, ctx);
    note_damage(*target, claim.fail ? 0 : claim.target.value_or(played.target_hits), by_rules.target_hits, e, why);
    judge_hits(s, by_rules.rammer_hits, claim.fail ? 0 : claim.rammer.value_or(played.rammer_hits), e,
               said_sunk(claim.fail || claim.rammer.has_value(), claim.rammer_sunk), why, ctx);
}

}  // namespace ironlog::rules::tmbv
