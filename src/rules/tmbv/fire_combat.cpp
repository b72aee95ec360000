// Fire combat (7.8): broadside arcs, one target a ship, range within visibility, a clear line of
// sight, the Fired Upon marker; the roll modified by the combat factor and the Player Aid
// Charts' modifiers, the hits read from the Fire Combat Results table, crossed off the hull.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <cmath>

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kClaims = ngn_rule("5.6", "Claims");

// What a claim says of hits: "2 hits", "1 hit", "miss", "no hits", each with "sunk" after it.
struct HitsClaim {
    std::optional<int> hits;
    bool sunk = false;
    bool understood = true;
};

HitsClaim read_hits_claim(const ngn::Event& e) {
    HitsClaim c;
    if (!e.claim) return c;
    const auto items = elements(*e.claim);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ngn::Item& it = *items[i];
        if (const auto* n = it.as<ngn::Number>(); n && n->is_integer && n->value >= 0 && !c.hits && i + 1 < items.size() &&
                                                   (is_word(*items[i + 1], "hit") || is_word(*items[i + 1], "hits")))
            c.hits = n->as_int(), ++i;
        else if ((is_word(it, "miss") || is_word(it, "no")) && !c.hits)
            c.hits = 0, i += is_word(it, "no") && i + 1 < items.size() && is_word(*items[i + 1], "hits") ? 1 : 0;
        else if (is_word(it, "sunk") && !c.sunk)
            c.sunk = true;
        else
            c.understood = false;
    }
    return c;
}
}  // namespace

// 13.0: Austrian crews are A, Italian B, unless the manifest says otherwise.
char TmbvEngine::crew_of(const Ship& s) const {
    if (s.bridge || (s.not_ready && s.hits.played() > 0)) return 'C';  // 14.1.2, 14.2
    if (s.manifest && s.manifest->crew) return s.manifest->crew;
    return s.side == italy_ ? 'B' : 'A';
}

// 14.3: with the optional rule, Ferdinand Max and Habsburg fire as rifled.
bool TmbvEngine::rifled(const Ship& s) const {
    if (s.manifest && s.manifest->rifled) return true;
    if (!rifled_rule_) return false;
    const std::string n = lower(s.entity->name);
    return n.find("ferdinand max") != std::string::npos || n.find("habsburg") != std::string::npos ||
           n.find("hapsburg") != std::string::npos || n.find("habsberg") != std::string::npos;
}

int TmbvEngine::combat_factor(const Ship& s, bool by_rules) const {
    if (!s.manifest) return 0;
    return s.manifest->cf + (tables_ ? tables_->damage(by_rules ? s.hits.rules() : s.hits.played()).cf : 0) - (s.bridge ? 2 : 0);  // 14.1.2
}

// 7.8.2: the two hex sides along each side of a ship: the arc whose middle is the corner between
// them, 60 degrees either way, its edges included.
const char* broadside_of(double bearing, double bow) {
    for (const auto& [name, beam] : {std::pair{"starboard", bow + 90.0}, std::pair{"port", bow - 90.0}}) {
        double off = std::fmod(std::fabs(bearing - beam), 360.0);
        if (off > 180.0) off = 360.0 - off;
        if (off <= kBroadsideHalf + 1e-6) return name;
    }
    return nullptr;
}

bool TmbvEngine::in_broadside(const Ship& s, const Ship& t, std::string& arc) const {
    const auto a = grid_hex(s.at), b = grid_hex(t.at);
    if (!a || !b || *a == *b || boards_unknown(s.at, t.at)) return false;
    const char* side = broadside_of(grid_.bearing(*a, *b), 60.0 * s.facing);
    if (side) arc = side;
    return side != nullptr;
}

bool TmbvEngine::roll_read(const ngn::Event& e, const RuleRef& rule, GameContext& ctx, const ngn::Dice*& dice, std::size_t most) {
    judged(ctx, "2.0");
    for (const auto& it : e.args)
        if (const auto* d = it.as<ngn::Dice>()) dice = d;
    if (!dice || dice->faces.empty()) {
        ctx.findings.error(Kind::Inconsistent, rule, e.subject.pos, "write the die roll: d10: 7");
        return false;
    }
    one_die(*dice, rule, ctx, most);
    return true;
}

// Every roll is one die (a DR, 2.0): more are one finding, and the first is read, so the line
// goes on as played.
void TmbvEngine::one_die(const ngn::Dice& dice, const RuleRef& rule, GameContext& ctx, std::size_t most) {
    if (dice.faces.size() > most && ctx.dice_ok)
        ctx.findings.error(Kind::Illegal, rule, dice.faces[most].pos, most == 1 ? "the roll is one die" : "at most a second die, after a 0",
                           most == 1 ? "d10" : "at most 2d10", dice.spec());
}

std::string ModifiedRoll::rules_text() const {
    std::string out = std::to_string(face);
    for (const auto& [label, v] : mods) out += " " + signed_text(v) + "(" + label + ")";
    if (!mods.empty()) out += " = " + std::to_string(rules);
    return out;
}

ModifiedRoll TmbvEngine::modified(const ngn::Dice& dice, const std::vector<std::pair<std::string, int>>& mods) const {
    ModifiedRoll r;
    r.face = dice.faces.front().value;
    r.rules = r.face;
    for (const auto& [label, v] : mods) r.rules = saturating_add(r.rules, v);
    r.mods = mods;
    if (dice.total) r.recorded = *dice.total;
    else if (!dice.modifiers.empty()) {
        int t = r.face;
        for (const auto& m : dice.modifiers) t = saturating_add(t, m.value);
        r.recorded = t;
    }
    return r;
}

std::vector<std::pair<std::string, int>> TmbvEngine::fire_modifiers(const Ship& s, const Ship& t, bool by_rules, std::optional<int> range) const {
    std::vector<std::pair<std::string, int>> out{{"cf", combat_factor(s, by_rules)}};  // 7.8.7: the CF is a DRM
    const auto d = range ? range : distance(s.at, t.at);
    const char crew = crew_of(s);
    for (const ChartModifier& m : tables_->fire_modifiers()) {
        bool applies = false;
        switch (m.kind) {
            case ModifierKind::Range: applies = d && m.band.holds(*d); break;
            case ModifierKind::Visibility: applies = visibility_ && m.band.holds(*visibility_); break;
            case ModifierKind::Small: applies = t.manifest && t.manifest->small; break;
            case ModifierKind::Ironclad: applies = t.manifest && t.manifest->ironclad; break;
            case ModifierKind::Crew: applies = m.which.size() == 1 && std::toupper(static_cast<unsigned char>(m.which[0])) == crew; break;
            case ModifierKind::Rifled: applies = rifled(s); break;
            case ModifierKind::Weather: applies = m.which == weather_; break;
            case ModifierKind::Defence:
                if (t.manifest && t.manifest->defence) out.emplace_back("defence", m.value * t.manifest->defence);
                break;
            default: break;  // not a fire modifier (the pack reader refuses it)
        }
        if (applies) out.emplace_back(m.what, m.value);
    }
    return out;
}

// 7.8.1-7.8.5, 7.6.2, 7.7: whether the ship may fire at the target now; the first reason it may
// not is the one finding (the fire is then replayed as played).
bool TmbvEngine::may_fire_at(Ship& s, Ship& t, const ngn::Event& e, GameContext& ctx) {
    // where either ship is, is in doubt after a mistake in its move: what depends on it is excused
    const std::optional<Cause> doubt = s.doubt ? s.doubt : t.doubt;
    auto refuse = [&](const char* rule, std::string message) {
        ctx.findings.error(Kind::Illegal, cite(rule), e.subject.pos, std::move(message));
        return false;
    };
    placed_refusal_.reset();
    for (const char* section : {"7.8", "7.8.1", "7.8.3", "7.8.4", "7.8.5", "7.6.1", "7.6.2", "7.8.2", "7.7"}) judged(ctx, section);
    auto refuse_placed = [&](const char* rule, std::string message) {
        if (!doubt) {  // the places it follows from are suspect now: the roll's range is not judged again
            placed_refusal_ = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite(rule), e.subject.pos, std::move(message)));
            s.doubt = t.doubt = placed_refusal_;  // as the players fired, one of them is not where the record has it (a move left out?)
            return false;
        }
        ctx.findings.excuse(*doubt, e.subject.pos, std::move(message));
        return false;
    };
    if (t.side == s.side) return refuse("7.8.1", s.label() + " fires at " + t.label() + ", a ship of its own side");
    if (s.moved) return refuse("7.8", s.label() + " has moved: an activated ship fires before it moves");
    if (active_formation_ && formation_moved_)
        return refuse("7.5.1", "a ship of " + active_formation_->entity->label() + " has moved: all its ships fire before any of them moves");
    if (s.fired) return refuse("7.8.3", s.label() + " has fired already: one target a turn, from one broadside");
    if (t.fired_upon) return refuse("7.8.5", t.label() + " was fired upon in an earlier activation phase of this impulse (Fired Upon marker)");
    const auto d = distance(s.at, t.at);
    if (!d) say_boards_unknown(ctx, e.subject.pos);
    if (d && visibility_ && *d > *visibility_ && visibility_parted_ && visibility_by_rules_ && *d <= *visibility_by_rules_)
        ctx.findings.excuse(*visibility_parted_, e.subject.pos, "a range within the visibility the rules count");
    else if (d && visibility_ && *d > *visibility_)
        return refuse_placed("7.6.2", t.label() + " is " + counted(*d, "hex", "hexes") + " away, beyond the visibility of " + std::to_string(*visibility_));
    std::string arc;
    const bool small = s.manifest && s.manifest->small;
    std::string written;
    for (const auto& it : e.args)
        if (is_word(it, "port") || is_word(it, "starboard")) written = lower(*word_text(it));
    if (d && s.manifest && !small && !in_broadside(s, t, arc))
        return refuse_placed("7.8.2", t.label() + " is not in " + s.label() + "'s broadside arcs: a ship that is not small fires only through its broadside hex sides");
    if (d && s.manifest && !small && !written.empty() && written != arc)
        return refuse_placed("7.8.2", t.label() + " is in " + s.label() + "'s " + arc + " arc, not its " + written + " arc");
    auto b = blocker(s, t);
    while (b && take_as_sunk(const_cast<Ship&>(**b), e.subject.pos, ctx)) b = blocker(s, t);  // a ship the record no longer names
    if (b && (*b)->doubt && !doubt) {  // the ship between is where the record has it, in doubt after a reported mistake
        ctx.findings.excuse(*(*b)->doubt, e.subject.pos, (*b)->label() + " is between " + s.label() + " and " + t.label());
        return false;
    }
    if (b) return refuse_placed("7.7", (*b)->label() + " is between " + s.label() + " and " + t.label() + ": the line of sight is blocked");
    return true;
}

void TmbvEngine::fire(Ship& s, const ngn::Event& e, GameContext& ctx) {
    const RuleRef rule = cite("7.8.6");
    Ship* target = named_ship(e, ctx);
    if (!target) {
        ctx.findings.error(Kind::Inconsistent, rule, e.subject.pos, "name the ship fired at: RdI fire EFM d10: 7 => 1 hit");
        return;
    }
    if (!target_afloat(s, "fires at", *target, e, ctx)) return;  // 7.8.7: a ship whose boxes are all crossed off has sunk
    may_fire_at(s, *target, e, ctx);
    s.fired = true;
    target->targeted = true;
    engaged_now_.insert(&s);
    if (count_targets_) engaged_now_.insert(target);
    const ngn::Dice* dice = nullptr;
    if (!roll_read(e, rule, ctx, dice)) return;
    HitsClaim claim = read_hits_claim(e);
    if (!claim.understood) {  // not read: the table's hits are played (one finding, not a second for the count)
        ctx.findings.error(Kind::Inconsistent, kClaims, e.claim_pos, "a fire's claim is the hits: => 2 hits, => 1 hit, => miss; sunk after them");
        claim.hits.reset();
    }
    say_no_tables(ctx, e.subject.pos);
    if (!tables_ || !tables_->has_fire() || !s.manifest || !target->manifest || !ctx.dice_ok) {
        judge_hits(*target, claim.hits.value_or(0), claim.hits, e, said_sunk(claim.hits.has_value(), claim.sunk), std::nullopt, ctx);
        note_damage(*target, claim.hits.value_or(0), claim.hits.value_or(0), e, std::nullopt);
        return;
    }
    std::optional<Cause> doubt = s.doubt ? s.doubt : target->doubt ? target->doubt : placed_refusal_;  // the range is in doubt
    const int unrecorded = doubt ? 0 : unrecorded_hits(s, *target, *dice, claim.hits);
    if (unrecorded && s.hits_missing) doubt = s.hits_missing;  // hits an attack left out gave it: its CF is lower
    if (!doubt && s.critical_missing && bridge_left_out(s, *target, *dice, claim.hits)) doubt = s.critical_missing;
    const ModifiedRoll roll = modified(*dice, fire_modifiers(s, *target));
    judged(ctx, "7.8.6"), judged(ctx, "13.0");  // the crews and the weather of 13.0 among the modifiers
    if (rifled_rule_ && rifled(s) && !(s.manifest && s.manifest->rifled)) judged(ctx, "14.3");
    if (s.bridge) judged(ctx, "14.1.2");
    std::optional<Cause> why;
    // the firer's CF after hits the players counted apart from the rules (reported)
    if (!doubt && s.hits.cause() && roll.recorded && *roll.recorded == modified(*dice, fire_modifiers(s, *target, true)).rules) doubt = s.hits.cause();
    // a total that does not add up (the kit said so) where the sum or the total is the rules': that is the one mistake
    const bool kit_said = !adds_up(*dice) && (written_sum(*dice) == roll.rules || dice->total == roll.rules);
    const bool off = !kit_said && roll.recorded && *roll.recorded != roll.rules;
    if (off && doubt)
        ctx.findings.excuse(*doubt, dice->faces.front().pos, "the modified roll, from places or hits in doubt"), why = doubt;
    else if (off)
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, rule, dice->faces.front().pos,
                                                    "the modified roll: the CF and the Fire Combat Modifiers", roll.rules_text(),
                                                    std::to_string(*roll.recorded)));
    const int rules_hits = *tables_->fire_hits(roll.rules);
    int played_hits = *tables_->fire_hits(roll.played());
    if (s.hits.cause() && claim.hits && *claim.hits != played_hits && !why) {  // the CF the rules' hit count leaves
        const int by_rules = *tables_->fire_hits(modified(*dice, fire_modifiers(s, *target, true)).played());
        if (*claim.hits == by_rules) why = s.hits.cause(), played_hits = by_rules, ctx.findings.excuse(*why, e.claim->front().pos, "hits at the CF the rules' hit count leaves");
    }
    if (claim.hits && *claim.hits != played_hits && *claim.hits != rules_hits && !why && doubt)
        ctx.findings.excuse(*doubt, e.claim->front().pos, "the hits, from places or hits in doubt"), why = doubt;
    else if (claim.hits && *claim.hits != played_hits && *claim.hits != rules_hits && !why)
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("7.8.6"), e.claim->front().pos,
                                                    "the Fire Combat Results table gives for " + roll.rules_text(), counted(rules_hits, "hit"),
                                                    counted(*claim.hits, "hit")));
    judge_hits(*target, rules_hits, claim.hits.value_or(played_hits), e, said_sunk(claim.hits.has_value(), claim.sunk), why, ctx);
    note_damage(*target, claim.hits.value_or(played_hits), rules_hits, e, why);
    // the roll fits a firer with hits the record left out: its later rolls may follow that CF
    if (unrecorded && why) s.hits.part(s.hits.rules(), s.hits.played() + unrecorded, *why), hits_parted_ = true, ++hits_changed_;
    // or a range a hex longer or shorter: one of the ships is not where the record has it (a move left out)
    if (why && !doubt && !unrecorded && fits_another_range(s, *target, *dice, claim.hits)) s.doubt = target->doubt = why;
}

// Whether the roll as written, or the hits claimed, fit the range one hex longer or shorter.
bool TmbvEngine::fits_another_range(const Ship& s, const Ship& t, const ngn::Dice& dice, std::optional<int> claimed) const {
    const auto d = distance(s.at, t.at);
    if (!d) return false;
    for (const int range : {*d - 1, *d + 1}) {
        const ModifiedRoll r = modified(dice, fire_modifiers(s, t, false, range));
        if (range >= 1 && (r.recorded ? *r.recorded == r.rules : claimed && *claimed == *tables_->fire_hits(r.rules))) return true;
    }
    return false;
}

// 14.1.2: a firer whose critical-hit roll was left out (reported) fires as with its bridge hit when
// its roll or claim fits that and not the CF it has: the players played the hit. Whether it does.
bool TmbvEngine::bridge_left_out(Ship& s, const Ship& t, const ngn::Dice& dice, std::optional<int> claimed) {
    if (s.bridge || !s.manifest) return false;
    const ModifiedRoll now = modified(dice, fire_modifiers(s, t));
    if (now.recorded ? *now.recorded == now.rules : (!claimed || *claimed == *tables_->fire_hits(now.rules))) return false;
    s.bridge = true;
    const ModifiedRoll hit = modified(dice, fire_modifiers(s, t));
    s.bridge = hit.recorded ? *hit.recorded == hit.rules : claimed && *claimed == *tables_->fire_hits(hit.rules);
    return s.bridge;
}

// How many more hull boxes than the record has given the firer would give the CF its roll was
// written with (or its claimed hits): a hit left out of the record may be why the roll is off.
// 0 when none would.
int TmbvEngine::unrecorded_hits(const Ship& s, const Ship& t, const ngn::Dice& dice, std::optional<int> claimed) const {
    if (!s.manifest || s.hits.cause()) return 0;
    // a CF written as the rules have it: the roll is off by another modifier, not by hits left out
    for (const ngn::Modifier& m : dice.modifiers)
        if (same_lower(m.label, "cf") && m.value == combat_factor(s, true)) return 0;
    const ModifiedRoll now = modified(dice, fire_modifiers(s, t));
    const int now_hits = *tables_->fire_hits(now.rules);
    if (now.recorded ? *now.recorded == now.rules : (!claimed || *claimed == now_hits)) return 0;
    for (int k = 1; s.hits.played() + k < s.manifest->hull; ++k) {
        Ship more = s;
        more.hits.agree(s.hits.played() + k);
        const ModifiedRoll r = modified(dice, fire_modifiers(more, t));
        const bool fits = now.recorded ? *now.recorded == r.rules : *claimed == *tables_->fire_hits(r.rules);
        if (r.rules != now.rules && fits) return k;
    }
    return 0;
}

// 7.8.7: hits cross off hull boxes; a ship with all its boxes crossed off sinks. The players'
// count is played on. `claimed_sunk`: whether the line's claim says the ship sank; none when it
// writes no count (the table's is taken, and its sinking with it).
void TmbvEngine::judge_hits(Ship& t, int rules_hits, std::optional<int> played_hits, const ngn::Event& e, std::optional<bool> claimed_sunk,
                            std::optional<Cause> why, GameContext& ctx) {
    const int rules = saturating_add(t.hits.rules(), rules_hits);
    const int played = saturating_add(t.hits.played(), played_hits.value_or(rules_hits));
    ++hits_changed_;
    hits_parted_ = hits_parted_ || why || t.hits.cause();
    if (why) t.hits.part(rules, played, *why);
    else if (t.hits.cause()) t.hits.part(rules, played, *t.hits.cause());
    else t.hits.agree(played);
    if (!t.manifest) {
        if (claimed_sunk.value_or(false)) sinks(t, "sank", e.subject.pos.line);
        return;
    }
    judge_sinking(t, e, claimed_sunk, ctx);
}

// 7.8.7: sunk when the claim says so and either count allows it, or when both counts fill the
// hull. A claim of sinking that neither count gives, or one that leaves out the sinking both
// give, is the finding; the lines that follow from it (the ship played on, or played as gone) are
// excused by it.
void TmbvEngine::judge_sinking(Ship& t, const ngn::Event& e, std::optional<bool> claimed_sunk, GameContext& ctx) {
    const int played = t.hits.played(), hull = t.manifest->hull;
    const bool gone = played >= hull, gone_by_rules = t.hits.rules() >= hull;
    const bool claimed = claimed_sunk.value_or(false);
    judged(ctx, "7.8.7");
    const std::string boxes = t.label() + " has " + std::to_string(played) + " of its " + counted(hull, "hull box", "hull boxes") + " crossed off";
    std::optional<Cause> rejected;
    if (claimed && !gone && !gone_by_rules && t.hits_missing)  // hits an attack left out gave it
        ctx.findings.excuse(*t.hits_missing, e.claim_pos, boxes + ": it is afloat");
    else if (claimed && !gone && !gone_by_rules)
        rejected = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("7.8.7"), e.claim_pos, boxes + ": it is afloat", "afloat", "sunk"));
    if (gone && gone_by_rules && claimed_sunk == false) {  // the claim leaves the sinking out
        const std::string what = boxes + ": it sinks (write sunk after the hits that sank it: => 2 hits sunk)";
        if (t.afloat_by_claim) ctx.findings.excuse(*t.afloat_by_claim, e.claim_pos, what);  // played afloat after it sank before
        else t.afloat_by_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("7.8.7"), e.claim_pos, what, "sunk", "afloat"));
    }
    if ((gone && gone_by_rules) || claimed) {  // sunk as the record has it; a line that still uses it is excused
        t.sunk_by_claim = rejected;
        sinks(t, "sank", e.subject.pos.line, rejected);
    }
}

}  // namespace ironlog::rules::tmbv
