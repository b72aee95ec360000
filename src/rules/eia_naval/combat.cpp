// 6.3, the naval combat step (and the combats of interceptions): who may fight, evasion, the
// wind gauge, the combat rolls read on the table pack, harbour defences, victory and political
// points, retreat and pursuit, and the consolidation of losses.
#include "check/dice.hpp"
#include "check/items.hpp"
#include "rules/eia_naval/engine.hpp"

#include <algorithm>
#include <queue>

namespace ironlog::rules::eia_naval {

namespace {
const RuleRef kWhoFights = cite("6.3.1");
const RuleRef kEnemy = cite("6.3.1.2");
const RuleRef kPortCombat = cite("6.3.1.3");
const RuleRef kEvasion = cite("6.3.2");
const RuleRef kWindGauge = cite("6.3.3.1");
const RuleRef kResolution = cite("6.3.3.2");
const RuleRef kHarbour = cite("6.3.3.3");
const RuleRef kVictory = cite("6.3.4.1");
const RuleRef kPoints = cite("6.3.4.2");
const RuleRef kRetreat = cite("6.3.5");
const RuleRef kSeaRetreat = cite("6.3.5.1");
const RuleRef kPortRetreat = cite("6.3.5.2");
const RuleRef kBoxRetreat = cite("6.3.5.3");
const RuleRef kInitiation = cite("6.2.4");
const RuleRef kVocabulary = ngn_rule("5.3", "Events");

bool has_major(const std::vector<Fleet*>& fleets, const std::deque<Power>& powers, std::initializer_list<Major> majors) {
    for (const Fleet* f : fleets)
        if (!f->gone && f->minor.empty())
            for (Major m : majors)
                if (f->power >= 0 && static_cast<std::size_t>(f->power) < powers.size() &&
                    powers[static_cast<std::size_t>(f->power)].major == m)
                    return true;
    return false;
}

std::string sign(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

// What a combat roll's claim says: the percentage (25%) and the ships lost (a whole number).
std::pair<std::optional<int>, std::optional<int>> claimed_percent_and_losses(const ngn::Event& e) {
    std::optional<int> said_percent, said_losses;
    if (e.claim)
        for (const ngn::Item* it : elements(*e.claim)) {
            const auto* n = it->as<ngn::Number>();
            if (!n) continue;
            if (n->unit == "%") said_percent = n->as_int();
            else if (n->is_integer) said_losses = n->as_int();
        }
    return {said_percent, said_losses};
}
}  // namespace

// A roll whose modifiers differ from the rules' by NELSON's alone (+1 or -1 `value`): NELSON is not
// where the record has him (a move of his left out): said once, and from there on the record's
// NELSON is followed. False when the difference is another.
bool EiaEngine::nelson_slip(const ngn::Dice& d, bool nelson_here, int value, ngn::SourcePos pos, const std::string& what, GameContext& ctx) {
    int written = 0;
    bool named = false;
    for (const auto& m : d.modifiers) {
        written = saturating_add(written, m.value);
        named = named || lower(m.label) == "nelson";
    }
    if (named == nelson_here) return false;
    if (combat_ && combat_->doubt)
        ctx.findings.excuse(*combat_->doubt, pos, what);
    else if (!nelson_doubt_)
        nelson_doubt_ = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite(value > 0 ? "6.3.3.1" : "6.2.3.2.3"), pos,
                                                              what + (named ? ": NELSON is not with this stack" : ": NELSON is with this stack")));
    else
        ctx.findings.excuse(*nelson_doubt_, pos, what);
    return true;
}

bool EiaEngine::side_ships_doubted(const std::vector<Fleet*>& fleets) const {
    return std::any_of(fleets.begin(), fleets.end(), [](const Fleet* f) { return f->ships_doubt.has_value(); });
}

// A combat line with no combat open: the interception or attack that began it is left out of the
// record. Said once; a combat in doubt is opened, as played, between the line's power and the
// stack that moved last (or none), its fleets at the place of that move.
bool EiaEngine::combat_left_out(const ngn::Event& e, int own, GameContext& ctx) {
    if (combat_ || own < 0) return false;
    const Cause cause = Findings::cause_of(ctx.findings.error(
        Kind::Inconsistent, cite("6.3"), e.subject.pos, "no naval combat is being fought: the interception or attack that began it is left out of the record"));
    Combat* c = open_combat(ctx, e);
    c->doubt = cause;
    c->attacker = own;
    c->defender = moving_.empty() ? -1 : moving_.front()->power;
    c->at = moving_.empty() ? Where{} : moving_at_;
    c->def = moving_;
    c->interception = !moving_.empty();
    for (auto& f : fleets_) {
        if (!f->gone && (f->power == own || f->power == c->defender)) f->ships_doubt = cause;  // what each lost is not known
        if (!f->gone && f->power == own) {
            if (f->at == c->at) c->att.push_back(f.get());
            if (!f->doubt) f->doubt = cause;  // which of its fleets fought is not known
        }
    }
    return true;
}

// A finding of the combat being fought; excused (and null) when the combat is in doubt: a line of
// it left out of the record, or the interception that began it reported, leaves its figures to the
// record (one finding said so).
const Finding* EiaEngine::combat_error(GameContext& ctx, Kind kind, const RuleRef& rule, ngn::SourcePos pos, const std::string& message,
                                       std::optional<std::string> expected, std::optional<std::string> recorded) {
    if (combat_ && combat_->doubt) {
        ctx.findings.excuse(*combat_->doubt, pos, message);
        return nullptr;
    }
    return &ctx.findings.error(kind, rule, pos, message, std::move(expected), std::move(recorded));
}

// A combat some of whose lines the record leaves out: said once, and its figures are the
// record's from there on (the fleets of both sides follow from it to their next move).
void EiaEngine::combat_in_doubt(GameContext& ctx, ngn::SourcePos pos, const std::string& what) {
    Combat& c = *combat_;
    if (c.doubt) return;
    c.doubt = c.order_cause ? *c.order_cause : Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kResolution, pos, what));
    if (c.order_cause) ctx.findings.excuse(*c.doubt, pos, what);
}

// A combat of fleets whose places or ships are in doubt (a line left out before, reported): its
// figures are the record's.
void EiaEngine::doubt_from_fleets(Combat& c) {
    for (const std::vector<Fleet*>* side : {&c.att, &c.def})
        for (const Fleet* f : *side)
            if (!c.doubt && (f->doubt || f->ships_doubt)) c.doubt = f->doubt ? f->doubt : f->ships_doubt;
}

Combat* EiaEngine::open_combat(GameContext& ctx, const ngn::Event& e) {
    close_combat(ctx, e.subject.pos);
    combats_.push_back(std::make_unique<Combat>());
    combat_ = combats_.back().get();
    combat_->pos = e.subject.pos;
    return combat_;
}

// ---- starting a combat ----------------------------------------------------------------------------------

void EiaEngine::attack(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (!map_) return;
    const int attacker = actor.kind == ngn::EntityKind::Side ? actor.index : actor.side;
    std::size_t i = 1;
    std::vector<Fleet*> named = fleet_list(e, i, ctx, kWhoFights);
    if (named.empty() && named_gone_) return;
    int defender = -1;
    if (named.empty() && i < e.args.size())
        if (const Entity* s = ctx.symbols.find_side(reference_text(e.args[i]))) defender = s->index, ++i;
    std::optional<Where> at;
    for (; i < e.args.size(); ++i) {
        if (defender < 0 && named.empty() && !e.args[i].is<ngn::AreaPos>())
            if (const Entity* s = ctx.symbols.find_side(reference_text(e.args[i]))) {
                // the power attacked named after the place: it reads so (ngn 5.3)
                ctx.findings.error(Kind::Inconsistent, kVocabulary, e.args[i].pos,
                                   "this reads as '" + e.subject.to_ngn() + " attack " + e.args[i].to_ngn() + " ...': the power attacked comes before the place");
                defender = s->index;
                continue;
            }
        if (auto w = where_of(e.args[i], ctx, kInitiation)) at = w;
    }
    if (!named.empty()) {
        defender = named.front()->power;
        for (const Fleet* f : named)
            if (f->power != defender && !allied_combined(f->power, defender))
                ctx.findings.error(Kind::Illegal, kWhoFights, e.subject.pos, "only one major power's stack may be attacked in one combat");
        if (!at) at = named.front()->at;
    }
    if (defender < 0 || !at) {
        ctx.findings.error(Kind::Inconsistent, kInitiation, e.subject.pos, "say whom the stack attacks and where: GB attack FR @\"Bay of Biscay\"");
        return;
    }
    for (const char* c : {"6.2.4", "6.3", "6.3.1", "6.3.1.1", "6.3.1.2"}) judged(ctx, c);
    if (!phasing(attacker))
        ctx.findings.error(Kind::Illegal, kInitiation, e.subject.pos, "the phasing major power initiates naval combat in its combat step");
    if (!at_war(attacker, defender)) {
        bool corps_enemy = false;
        for (const auto& f : fleets_)
            if (!f->gone && f->power == defender && f->at == *at && f->carrying && at_war(attacker, f->carrying->power)) corps_enemy = true;
        if (!corps_enemy)
            ctx.findings.error(Kind::Illegal, kEnemy, e.subject.pos,
                               pw(attacker).name() + " is not at war with " +
                                   pw(defender).name());
    }
    if (attacked_places_.count("evaded " + where_text(*at)))
        ctx.findings.error(Kind::Illegal, kEvasion, e.subject.pos, "after a successful evasion the phasing player attacks no other stack in the area");
    const geometry::Place* place = map_->find(at->place);
    if (place && place->ice && winter())
        ctx.findings.error(Kind::Illegal, cite("6.2.1.4"), e.subject.pos, "no naval combat is fought north of the ice line in winter");
    Combat* c = open_combat(ctx, e);
    c->at = *at;
    c->attacker = attacker;
    c->defender = defender;
    for (auto& f : fleets_)
        if (!f->gone && f->at == *at) {
            if (f->power == attacker || (phasing(f->power) && allied_combined(f->power, attacker))) c->att.push_back(f.get());
            else if (f->power == defender || (allied_combined(f->power, defender) && at_war(attacker, f->power))) c->def.push_back(f.get());
        }
    sides_there(*c, ctx, e);
    doubt_from_fleets(*c);
    c->port = place && place->port && !at->box;
    if (c->port) {
        // 6.3.3.3 and 6.3.1.3: the harbour defences fire when the port's garrison is at war with the attacker,
        // or denies it access, or holds the fleets attacked
        const int holder = controller_side(place->name, ctx);
        if (holder >= 0 && holder != attacker && !at_war(holder, attacker)) {  // a neutral's port (6.3.1.3)
            judged(ctx, "6.3.1.3");
            judged(ctx, holder == defender ? "6.3.1.3.3" : pw(attacker).access.count(holder) ? "6.3.1.3.1" : "6.3.1.3.2");
        }
        c->harbour_needed = place->harbour && holder >= 0 && holder != attacker &&
                            (at_war(holder, attacker) || !pw(attacker).access.count(holder) || holder == defender);
    }
    attacked_places_.insert(where_text(*at));
}

// A side with no fleet where the attack is made: the move that brought it (or took the other
// away) is most likely left out of the record; the combat is fought as played, its figures the
// record's, and the fleets of both powers follow from that finding to their next move.
void EiaEngine::sides_there(Combat& c, GameContext& ctx, const ngn::Event& e) {
    for (const auto& [side, empty] : {std::pair{c.attacker, c.att.empty()}, std::pair{c.defender, c.def.empty()}})
        for (const auto& f : fleets_)  // a fleet of that side whose place is in doubt (reported) may be there
            if (empty && !c.doubt && !f->gone && f->power == side && f->doubt) {
                ctx.findings.excuse(*f->doubt, e.subject.pos, "no fleet of " + pw(side).name() + " is at " + where_text(c.at));
                c.doubt = f->doubt;
            }
    if (c.doubt) return;
    if (c.att.empty())
        c.doubt = Findings::cause_of(ctx.findings.error(Kind::Illegal, kInitiation, e.subject.pos, "no fleet of the attacker is at " + where_text(c.at)));
    else if (c.def.empty())
        c.doubt = Findings::cause_of(ctx.findings.error(Kind::Illegal, kWhoFights, e.subject.pos, "no fleet of the defender is at " + where_text(c.at)));
    if (!c.doubt) return;
    move_left_out(*c.doubt);
    for (auto& f : fleets_)
        if (!f->gone && (f->power == c.attacker || f->power == c.defender) && !f->doubt) f->doubt = c.doubt;
}

void EiaEngine::evade(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const int power = combat_ ? combat_->side_of(actor.kind == ngn::EntityKind::Side ? actor.index : actor.side) : -1;
    if (!combat_ || combat_->defender != power || combat_->decided) {
        ctx.findings.error(Kind::Inconsistent, kEvasion, e.subject.pos, "only the stack an attack is declared on tries to evade");
        return;
    }
    const geometry::Place* place = map_ ? map_->find(combat_->at.place) : nullptr;
    judged(ctx, "6.3.2");
    judged(ctx, "6.3.2.1");
    if (combat_->interception)
        ctx.findings.error(Kind::Illegal, cite("6.2.3.3"), e.subject.pos, "there is no evasion from an interception");
    else if (place && place->port)
        ctx.findings.error(Kind::Illegal, kEvasion, e.subject.pos, "there is no evasion in a port or blockade box");
    combat_->evasion_barred = combat_->interception || (place && place->port);
    const ngn::Dice* d = one_die(e, cite("6.3.2.1"), ctx);
    std::optional<bool> success;
    if (!d) ctx.findings.error(Kind::Inconsistent, cite("6.3.2.1"), e.subject.pos, "an evasion rolls a die: d6: 2");
    else if (ctx.dice_ok && d->faces.size() == 1) success = d->faces[0].value <= 2;
    std::optional<bool> said;
    if (e.claim)
        for (const ngn::Item* c : elements(*e.claim)) {
            const std::string w = word_text(*c) ? lower(*word_text(*c)) : "";
            if (w == "evaded" || w == "evades" || w == "success") said = true;
            else if (w == "fails" || w == "failed") said = false;
        }
    if (said && success && *said != *success)
        ctx.findings.error(Kind::WrongResult, cite("6.3.2.1"), e.claim_pos, "a stack evades on a 1 or a 2",
                           std::string(*success ? "evaded" : "fails"), std::string(*said ? "evaded" : "fails"));
    if (said.value_or(success.value_or(false))) {
        judged(ctx, "6.3.2.2");  // evaded: no political points
        combat_->evaded = true;
        combat_->decided = true;
        combat_->winner = combat_->attacker;  // the evader retreats as a loser would, with no political points
        attacked_places_.insert("evaded " + where_text(combat_->at));
    }
}

// ---- the wind gauge and the combat rolls ----------------------------------------------------------------

// An evasion the rules bar (reported) that the record goes on to fight: the combat is fought, as
// played, and the evasion's outcome undone.
void EiaEngine::fight_on_after_barred_evasion() {
    if (!combat_ || !combat_->evaded || !combat_->evasion_barred) return;
    combat_->evaded = combat_->decided = false;
    combat_->winner.reset();
}

void EiaEngine::wind_gauge(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    fight_on_after_barred_evasion();
    combat_left_out(e, actor.kind == ngn::EntityKind::Side ? actor.index : actor.side, ctx);
    const int power = combat_ ? combat_->side_of(actor.kind == ngn::EntityKind::Side ? actor.index : actor.side) : -1;
    if (!combat_ || combat_->decided || power < 0) {
        combat_error(ctx, Kind::Inconsistent, kWindGauge, e.subject.pos, "the sides of a naval combat roll for the wind gauge");
        return;
    }
    Combat& c = *combat_;
    judged(ctx, "6.3.3.1");
    const bool automatic = c.port || c.exit_blockade;
    const ngn::Dice* d = one_die(e, kWindGauge, ctx);
    if (automatic && d) {
        const std::string no_roll = c.port ? "the stack attacking in a port has the wind gauge: no roll"
                                           : "blockaders fighting fleets leaving the port have the wind gauge: no roll";
        if (c.wind_roll_not_due)  // the other side's roll follows from the same mistake
            ctx.findings.excuse(*c.wind_roll_not_due, e.subject.pos, no_roll);
        else
            if (const Finding* f = combat_error(ctx, Kind::Illegal, kWindGauge, e.subject.pos, no_roll)) c.wind_roll_not_due = Findings::cause_of(*f);
    }
    if (!automatic && d && ctx.dice_ok && d->faces.size() == 1) {
        const auto& side = c.of(power);
        int expected = 0;
        std::string working;
        if (has_major(side, powers_, {Major::GreatBritain})) expected += 1, working = "+1 British";
        if (nelson_with(side)) expected += 1, working += std::string(working.empty() ? "" : ", ") + "+1 NELSON";
        int written = 0;
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        const std::string why = "the wind gauge roll's modifiers come to " + sign(expected) + (working.empty() ? "" : " (" + working + ")");
        const ngn::SourcePos at = d->modifiers.empty() ? e.subject.pos : d->modifiers.front().pos;
        const bool slip = written != expected && nelson_slip(*d, nelson_with(side), 1, at, why, ctx);
        if (written != expected && !slip) combat_error(ctx, Kind::WrongResult, kWindGauge, at, why, sign(expected), sign(written));
        c.wind[power] = std::min(6, d->faces[0].value + (slip ? written : expected));  // NELSON where the record has him
        if (d->total && *d->total != d->faces[0].value + written)  // (reported by the dice check) the die the total shows
            c.wind_of_total[power] = std::min(6, *d->total - written + (slip ? written : expected));
        else
            c.wind_of_total[power] = c.wind[power];
    } else if (!automatic && !d) {
        combat_error(ctx, Kind::Inconsistent, kWindGauge, e.subject.pos, "each side rolls a die for the wind gauge: d6: 4");
    }
    // the winner: on the second roll, or named in a claim
    std::optional<int> computed;
    bool known = false;
    if (automatic) {
        computed = c.attacker, known = true;
    } else if (c.wind.size() == 2) {
        known = true;
        const int a = c.wind[c.attacker], b = c.wind[c.defender];
        if (a != b) computed = a > b ? c.attacker : c.defender;
    }
    std::optional<int> said;
    bool said_none = false;
    if (e.claim)
        for (const ngn::Item* it : elements(*e.claim)) {
            const std::string w = word_text(*it) ? lower(*word_text(*it)) : "";
            if (w == "none" || w == "tie" || w == "simultaneous") said_none = true;
            else if (const Entity* s = ctx.symbols.find_side(reference_text(*it))) said = s->index;
        }
    std::optional<int> of_total;  // the winner the written totals give (a die written against its total, reported)
    if (known && !automatic && c.wind_of_total.size() == 2 && c.wind_of_total[c.attacker] != c.wind_of_total[c.defender])
        of_total = c.wind_of_total[c.attacker] > c.wind_of_total[c.defender] ? c.attacker : c.defender;
    if (said || said_none) {
        if (known && said != computed && (c.wind_of_total.size() < 2 || said != of_total))
            c.wind_winner.part(computed, said, wind_claim_mistake(e, automatic, computed, said, ctx));
        else
            c.wind_winner.agree(said);
        c.wind_decided = true;
    } else if (known) {
        c.wind_winner.agree(computed);
        c.wind_decided = true;
    }
}

// A wind gauge claim naming another winner than the rules': one finding, unless the claim follows
// a roll the rules did not call for (already reported), which is then the claim's cause.
Cause EiaEngine::wind_claim_mistake(const ngn::Event& e, bool automatic, std::optional<int> computed, std::optional<int> said,
                                    GameContext& ctx) {
    auto name = [&](std::optional<int> p) { return p ? pw(*p).name() : std::string("none"); };
    const std::string why = automatic ? "the wind gauge goes to the attacker here without a roll"
                                      : "the higher modified roll (at most 6) has the wind gauge; equal rolls, none";
    if (automatic && combat_->wind_roll_not_due) {
        ctx.findings.excuse(*combat_->wind_roll_not_due, e.claim_pos, why + ": expected " + name(computed) + ", recorded " + name(said));
        return *combat_->wind_roll_not_due;
    }
    if (combat_->doubt) {
        ctx.findings.excuse(*combat_->doubt, e.claim_pos, why);
        return *combat_->doubt;
    }
    return Findings::cause_of(ctx.findings.error(Kind::WrongResult, kWindGauge, e.claim_pos, why, name(computed), name(said)));
}

void EiaEngine::combat_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx, bool harbour) {
    fight_on_after_barred_evasion();
    combat_left_out(e, actor.kind == ngn::EntityKind::Side ? actor.index : actor.side, ctx);
    const int own = actor.kind == ngn::EntityKind::Side ? actor.index : actor.side;
    const int power = combat_ && !harbour ? combat_->side_of(own) : own;
    if (!combat_ || combat_->decided) {
        combat_error(ctx, Kind::Inconsistent, kResolution, e.subject.pos, "no naval combat is being fought");
        return;
    }
    Combat& c = *combat_;
    judged(ctx, harbour || c.port ? "6.3.3.3" : "6.3.3.2");
    if (!harbour) judged(ctx, "6.3.3.2");
    if (!roll_in_order(e, actor, power, harbour, ctx)) return;
    const auto [modified, modified_as_written] = modified_combat_roll(e, c, power, harbour, ctx);
    // what it inflicts: a percentage of the roller's ships (the harbour value for harbour defences)
    const int target = harbour ? c.attacker : c.other(power);
    // ships that fire: after the losses of fire that came first (harbour defences, the wind gauge,
    // the attacker in port); all of them when the fire is simultaneous
    const bool in_turn = c.port || c.exit_blockade || c.wind_winner.played().has_value();
    const geometry::Place* here = map_->find(c.at.place);  // (none for a combat whose place the record leaves out)
    const int strength = harbour ? (here ? here->harbour.value_or(0) : 0) : c.ships(power) - (in_turn ? c.losses[power] : 0);
    std::optional<int> percent, losses;
    if (modified && tables_) {
        percent = tables_->percentage(*modified);
        if (percent) losses = tables_->casualties(*percent, std::max(0, strength));
    }
    const auto [said_percent, said_losses] = claimed_percent_and_losses(e);
    if (!tables_ && (said_percent || said_losses) && modified) {
        if (std::none_of(ctx.findings.all().begin(), ctx.findings.all().end(), [](const Finding& f) { return f.rule == kResolution && f.kind == Kind::Unverifiable; }))
            ctx.findings.note(Kind::Unverifiable, kResolution, e.claim_pos,
                              "no table pack is named ([Tables]): the Naval Combat Table and the Casualty Percentage Table are not in the "
                              "rulebook text, so combat results are not verified");
    }
    // the percentage is judged against the roll with the right modifiers and as the players modified
    // it (a wrong modifier, already reported, is not a second mistake)
    const std::optional<int> percent_as_written =
        modified_as_written && tables_ ? tables_->percentage(*modified_as_written) : std::nullopt;
    // (a total written against its die, reported by the dice check, may be the die the players read)
    const ngn::Dice* dice = dice_of(e);
    const std::optional<int> percent_of_total = dice && dice->total && tables_ ? tables_->percentage(*dice->total) : std::nullopt;
    if (said_percent && percent && *said_percent != *percent && said_percent != percent_as_written && said_percent != percent_of_total) {
        if (const Finding* f = combat_error(ctx, Kind::WrongResult, kResolution, e.claim_pos,
                                            "a modified roll of " + std::to_string(*modified) + " gives " + std::to_string(*percent) +
                                                "% on the Naval Combat Table",
                                            std::to_string(*percent) + "%", std::to_string(*said_percent) + "%"))
            c.doubt = Findings::cause_of(*f);  // what the combat gives from here is the record's
    }
    else if (said_losses && losses && (c.order_cause || side_ships_doubted(c.of(power)))) {
        // a roll before it left out (reported), or ships lost in a combat in doubt: what it fires with is the record's
    } else if (said_losses && losses) {
        // with the percentage the players read, the losses it gives (so a wrong percentage is one finding)
        const int read_percent = said_percent.value_or(*percent);
        auto read_losses = tables_->casualties(read_percent, std::max(0, strength));
        // when the wind gauge was claimed against the dice (reported), the fire may have gone either way
        std::optional<int> other_losses;
        if (!harbour && c.wind_winner.parted()) {
            const int other_strength = c.ships(power) - (in_turn ? 0 : c.losses[power]);
            other_losses = tables_->casualties(read_percent, std::max(0, other_strength));
        }
        if (read_losses && *said_losses != *read_losses && said_losses != other_losses) {
            if (const Finding* f = combat_error(
                    ctx, Kind::WrongResult, cite("6.3.3.2"), e.claim_pos,
                    std::to_string(read_percent) + "% of " +
                        (harbour ? std::to_string(strength) + " (the harbour defence value)" : counted(strength, "ship", "ships")) + " is " +
                        std::to_string(*read_losses) + " on the Casualty Percentage Table",
                    std::to_string(*read_losses), std::to_string(*said_losses)))
                c.doubt = Findings::cause_of(*f);  // the losses as played part from the rules': the outcome is the record's
        }
    }
    const int inflicted = std::min(said_losses.value_or(losses.value_or(0)), std::max(0, c.ships(target) - c.losses[target]));
    // as played: losses are taken off now when they come before the reply (wind gauge, harbour
    // defences, the attacker in port), and all together when the fire is simultaneous
    c.losses[target] += inflicted;
    if (harbour) c.harbour_roll = modified.value_or(0);
    else c.rolled.insert(power);
}

// The combat roll and its modifiers (6.3.3.2, 6.3.3.3): +1 British, -1 Prussian or Austrian;
// none for the harbour defences. The roll modified rightly and as written; neither when the die
// is not read.
std::pair<std::optional<int>, std::optional<int>> EiaEngine::modified_combat_roll(const ngn::Event& e, Combat& c, int power,
                                                                                 bool harbour, GameContext& ctx) {
    const ngn::Dice* d = one_die(e, kResolution, ctx);
    std::optional<int> modified, modified_as_written;
    if (!d) {
        combat_error(ctx, Kind::Inconsistent, kResolution, e.subject.pos, "a combat roll is one die: d6: 4");
    } else if (ctx.dice_ok && d->faces.size() == 1) {
        int expected = 0;
        std::string working;
        if (!harbour) {
            const auto& side = c.of(power);
            const bool british = has_major(side, powers_, {Major::GreatBritain});
            const bool prus_aus = has_major(side, powers_, {Major::Prussia, Major::Austria});
            if (british) expected += 1, working = "+1 British";
            if (prus_aus) expected -= 1, working += std::string(working.empty() ? "" : ", ") + "-1 Prussian or Austrian";
        }
        int written = 0;
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        if (written != expected)
            combat_error(ctx, Kind::WrongResult, harbour ? kHarbour : kResolution,
                               d->modifiers.empty() ? e.subject.pos : d->modifiers.front().pos,
                               harbour ? std::string("the harbour defences roll unmodified")
                                       : "the combat roll's modifiers come to " + sign(expected) + (working.empty() ? "" : " (" + working + ")"),
                               sign(expected), sign(written));
        modified = d->faces[0].value + expected;
        modified_as_written = d->faces[0].value + written;
    }
    return {modified, modified_as_written};
}

// Whether a combat roll comes in its order (6.3.3): harbour defences first, then the attacker,
// then the defender in a port; the wind gauge's winner first at sea; once each. False when the
// roller is no side of the combat.
bool EiaEngine::roll_in_order(const ngn::Event& e, const Entity& actor, int power, bool harbour, GameContext& ctx) {
    Combat& c = *combat_;
    if (harbour) {
        const int holder = c.port ? controller_side(c.at.place, ctx) : -1;
        const bool access = holder >= 0 && pw(c.attacker).access.count(holder) && !at_war(holder, c.attacker) && holder != c.defender;
        if (!c.port || !c.harbour_needed)
            combat_error(ctx, Kind::Illegal, access ? cite("6.3.1.3.1") : kHarbour, e.subject.pos,
                               !c.port  ? "harbour defences fire only in a port combat"
                               : access ? "the attacker has access to the port: its harbour defences are not used"
                                        : "the harbour defences fire only for a garrison at war with the attacker or denying it access");
        if (!c.rolled.empty() && !c.order_reported)
            combat_error(ctx, Kind::Illegal, kHarbour, e.subject.pos, "the harbour defences fire first, before the attacker's roll");
    } else {
        if (power < 0) {
            combat_error(ctx, Kind::Inconsistent, kResolution, e.subject.pos, actor.label() + " is not a side of this combat");
            return false;
        }
        if (c.rolled.count(power)) combat_error(ctx, Kind::Illegal, kResolution, e.subject.pos, actor.label() + " has already rolled");
        if (c.port && c.harbour_needed && !c.harbour_roll && power == c.attacker) {
            // the harbour defences' roll left out (or after): what the attacker fires with is the record's
            if (const Finding* f = combat_error(ctx, Kind::Illegal, kHarbour, e.subject.pos, "in a port combat the harbour defences fire first"))
                c.doubt = Findings::cause_of(*f);
            c.order_reported = true;
        }
        if (c.port && power == c.defender && !c.rolled.count(c.attacker))
            if (const Finding* f = combat_error(ctx, Kind::Illegal, kHarbour, e.subject.pos, "in a port combat the attacker rolls before the defender"))
                c.order_cause = Findings::cause_of(*f);
        // the winner fires first; while a claim and the dice disagree (reported), either order
        // follows, and a tie by the rules lets either side fire first
        const std::optional<int> first = c.wind_winner.played();
        if (!c.port && first && !c.rolled.count(*first) && !c.wind_winner.fits(power) &&
            !(c.wind_winner.parted() && !c.wind_winner.rules()))
            if (const Finding* f = combat_error(ctx, Kind::Illegal, kWindGauge, e.subject.pos, pw(*first).name() + " has the wind gauge and attacks first"))
                c.order_cause = Findings::cause_of(*f);
        if (!c.port && !c.wind_decided && !c.exit_blockade) {
            // the rolls (or the claim) that decide it are left out: the first to fire had it, as played
            if (const Finding* f = combat_error(ctx, Kind::Inconsistent, kWindGauge, e.subject.pos, "the wind gauge is determined before the combat rolls"))
                c.doubt = Findings::cause_of(*f);
            c.wind_winner.agree(power);
            c.wind_decided = true;
        }
    }
    return true;
}

void EiaEngine::lose(const ngn::Event& e, Fleet& f, GameContext& ctx) {
    if (!combat_ || (std::find(combat_->att.begin(), combat_->att.end(), &f) == combat_->att.end() &&
                     std::find(combat_->def.begin(), combat_->def.end(), &f) == combat_->def.end())) {
        combat_error(ctx, Kind::Inconsistent, kResolution, e.subject.pos, f.name + " is not in the naval combat being fought");
        return;
    }
    const auto* n = e.args.size() > 1 ? e.args[1].as<ngn::Number>() : nullptr;
    if (!n || !n->is_integer || n->value < 0) {
        combat_error(ctx, Kind::Inconsistent, kResolution, e.subject.pos, "say how many ships the fleet loses: FR1 lose 3");
        return;
    }
    int& assigned = assigned_[&f];
    assigned = saturating_add(assigned, n->as_int());
    if (assigned > f.ships)
        combat_error(ctx, Kind::Illegal, kResolution, e.args[1].pos, f.name + " has " + counted(f.ships, "ship", "ships"), "at most " + std::to_string(f.ships),
                           std::to_string(assigned));
    const int side = combat_->side_of(f.power);
    int side_assigned = 0;
    for (const auto& [fl, k] : assigned_)
        if (combat_->side_of(fl->power) == side) side_assigned += k;
    if (side_assigned > combat_->losses[side])
        combat_error(ctx, Kind::Inconsistent, kResolution, e.subject.pos,
                           "the fleets of that side lose " + counted(side_assigned, "ship", "ships") + ", more than the combat inflicted",
                           std::to_string(combat_->losses[side]), std::to_string(side_assigned));
}

// ---- victory, political points ---------------------------------------------------------------------------

void EiaEngine::decide(GameContext&, ngn::SourcePos) {
    Combat& c = *combat_;
    if (c.decided) return;
    c.decided = true;
    const int la = c.losses[c.attacker], ld = c.losses[c.defender];
    const bool a_all = la >= c.ships(c.attacker), d_all = ld >= c.ships(c.defender);
    // 6.3.4.1
    if (!a_all && la < ld) c.winner = c.attacker;
    else if (!d_all && ld < la) c.winner = c.defender;
    else if (!a_all && !d_all && la == ld) c.winner = c.defender;  // equal losses: the attacker loses
    else c.winner.reset();                                          // a draw
}

void EiaEngine::result(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const int own = actor.kind == ngn::EntityKind::Side ? actor.index : actor.side;
    combat_left_out(e, own, ctx);
    const int power = combat_ ? combat_->side_of(own) : -1;
    if (!combat_ || power < 0) {
        combat_error(ctx, Kind::Inconsistent, kVictory, e.subject.pos, "no naval combat of " + actor.label() + " to give a result for");
        return;
    }
    Combat& c = *combat_;
    if (!c.evaded && (!c.rolled.count(c.attacker) || !c.rolled.count(c.defender)))
        combat_in_doubt(ctx, e.subject.pos, "both sides make their combat roll (6.3.3.2): a roll is missing");
    if (!c.decided) decide(ctx, e.subject.pos);
    std::string said;
    std::optional<int> said_pp;
    if (e.claim)
        for (const ngn::Item* it : elements(*e.claim)) {
            const std::string w = word_text(*it) ? lower(*word_text(*it)) : "";
            if (w == "win" || w == "wins" || w == "won") said = "win";
            else if (w == "lose" || w == "loses" || w == "lost") said = "lose";
            else if (w == "draw") said = "draw";
            else if (const auto* n = it->as<ngn::Number>()) said_pp = n->as_int();
        }
    const std::string outcome = c.evaded ? "evaded" : !c.winner ? "draw" : *c.winner == power ? "win" : "lose";
    judged(ctx, c.evaded ? "6.3.2.2" : "6.3.4.1");
    if (!c.evaded) judged(ctx, "6.3.4.2");
    if (!c.evaded && c.winner && nelson_with(c.of(power))) judged(ctx, *c.winner == power ? "6.3.4.2.1" : "6.3.4.2.2");
    if (c.evaded) {
        combat_error(ctx, Kind::Illegal, cite("6.3.2.2"), e.subject.pos, "a successful evasion is no combat: no result and no political points");
        return;
    }
    if (!said.empty() && said != outcome)
        combat_error(ctx, Kind::WrongResult, kVictory, e.claim_pos,
                           "one side lost " + counted(c.losses[power], "ship", "ships") + " and the other " +
                               counted(c.losses[c.other(power)], "ship", "ships") +
                               ": the side that loses fewer ships without losing all wins; equal losses, the attacker loses",
                           outcome, said);
    // 6.3.4.2: the victor gains a point for each fleet of the defeated power(s) in the combat, the
    // loser loses one for each of its own, at most 3; NELSON one more either way
    int pp = 0;
    if (c.winner) {
        const int loser = c.other(*c.winner);
        const bool nelson = nelson_with(c.of(power));
        int fleets = 0;
        for (const Fleet* f : c.of(loser)) fleets += power == *c.winner || f->power == own ? 1 : 0;
        fleets = std::min(3, fleets);
        pp = power == *c.winner ? fleets + (nelson ? 1 : 0) : -(fleets + (nelson ? 1 : 0));
    }
    if (said_pp) {
        const int claimed = said == "lose" && *said_pp > 0 ? -*said_pp : *said_pp;
        if (claimed != pp && (said.empty() || said == outcome) && std::abs(claimed - pp) == 1 && nelson_doubt_)
            ctx.findings.excuse(*nelson_doubt_, e.claim_pos, "NELSON's political point follows from where the record has him");
        else if (claimed != pp && (said.empty() || said == outcome))
            combat_error(ctx, Kind::WrongResult, kPoints, e.claim_pos,
                               "one political point for each fleet of the defeated power in the combat, at most 3, and one more for NELSON "
                               "with the victor (one fewer with the loser)",
                               sign(pp), sign(claimed));
        pw(own).pp += claimed;  // as played
    } else {
        pw(own).pp += pp;
    }
    resulted_.insert(own);
}

// ---- retreat and pursuit ----------------------------------------------------------------------------------

// Dijkstra over sea areas, blockade boxes and ports with the costs of 6.2.1, around the ice in
// winter and the Dardanelles without permission.
std::pair<std::vector<std::string>, int> EiaEngine::retreat_ports(const Where& from, int power, GameContext& ctx) const {
    std::map<std::string, int> dist;  // where_text -> MP
    using Item = std::pair<int, Where>;
    auto key = [&](const Where& w) { return where_text(w); };
    auto cmp = [](const Item& a, const Item& b) { return a.first > b.first; };
    std::priority_queue<Item, std::vector<Item>, decltype(cmp)> queue(cmp);
    dist[key(from)] = 0;
    queue.push({0, from});
    const Power& mover = pw(power);
    auto passable = [&](const std::string& place) {
        const geometry::Place* p = map_->find(place);
        if (!p) return false;
        if (p->ice && winter()) return false;
        if (p->dardanelles && !mover.dardanelles) return false;
        return true;
    };
    while (!queue.empty()) {
        auto [d, w] = queue.top();
        queue.pop();
        if (d > dist[key(w)] || d > 7) continue;
        const geometry::Place* p = map_->find(w.place);
        if (!p) continue;
        std::vector<std::pair<Where, int>> next;
        if (p->port) {
            next.push_back({Where{p->name, !w.box}, 0});
            for (const auto& s : p->touches) next.push_back({Where{s, false}, 1});
        } else {
            for (const auto& s : p->touches) next.push_back({Where{s, false}, 1});
            for (const auto& [name, q] : map_->places())
                if (q.port && q.touches.count(p->name)) {
                    next.push_back({Where{name, true}, 1});
                    next.push_back({Where{name, false}, 1});
                }
        }
        for (const auto& [n, cost] : next) {
            if (!passable(n.place)) continue;
            const int nd = d + cost;
            auto it = dist.find(key(n));
            if (it == dist.end() || nd < it->second) {
                dist[key(n)] = nd;
                queue.push({nd, n});
            }
        }
    }
    std::vector<std::string> best;
    int best_d = 8;
    for (const auto& [name, q] : map_->places()) {
        if (!q.port || !friendly_port(power, name, ctx) || blockaded(name, power, ctx)) continue;
        auto it = dist.find(key(Where{name, false}));
        if (it == dist.end() || it->second > 7) continue;
        if (it->second < best_d) best_d = it->second, best.clear();
        if (it->second == best_d) best.push_back(name);
    }
    return {best, best_d};
}

void EiaEngine::retreat(const ngn::Event& e, const Entity& actor, GameContext& ctx, bool pursuit) {
    const int own = actor.kind == ngn::EntityKind::Side ? actor.index : actor.side;
    combat_left_out(e, own, ctx);
    const int power = combat_ ? combat_->side_of(own) : -1;
    if (!combat_ || power < 0) {
        const std::string why = actor.label() + " fought no naval combat to " + e.verb() + " from";
        if (combat_ && combat_->doubt) {  // a combat in doubt: which fleets fought is the record's
            ctx.findings.excuse(*combat_->doubt, e.subject.pos, why);
            for (auto& f : fleets_)
                if (!f->gone && f->power == own && !f->doubt) f->doubt = combat_->doubt;
        } else {
            ctx.findings.error(Kind::Inconsistent, kRetreat, e.subject.pos, why);
        }
        return;
    }
    Combat& c = *combat_;
    if (!c.decided) decide(ctx, e.subject.pos);
    judged(ctx, "6.3.5");
    std::size_t i = 1;
    std::vector<Fleet*> named = fleet_list(e, i, ctx, kRetreat);
    std::optional<Where> to;
    for (; i < e.args.size(); ++i)
        if (auto w = where_of(e.args[i], ctx, kRetreat)) to = w;
    if (!to) {
        ctx.findings.error(Kind::Inconsistent, kRetreat, e.subject.pos, "say where the fleets go: " + e.verb() + " @Brest/port");
        return;
    }
    const geometry::Place* here = map_->find(c.at.place);
    const geometry::Place* there = map_->find(to->place);
    if (!here || !there) return;
    std::vector<Fleet*> fleets;
    for (Fleet* f : c.of(power))
        if (!f->gone && (named.empty() || std::find(named.begin(), named.end(), f) != named.end())) fleets.push_back(f);
    if (!pursuit) judge_retreat(e, power, own, *to, ctx);
    else judge_pursuit(e, power, own, *to, fleets, ctx);
    // as played
    for (Fleet* f : fleets)
        if (std::find(moving_.begin(), moving_.end(), f) != moving_.end()) moving_.clear(), moving_retreated_ = true;
    for (Fleet* f : fleets) {
        f->at = *to;
        f->retreated = true;
        if (c.interception && power == c.defender && !pursuit) f->done = true, f->may_continue = false;  // 6.2.3.4.1: it stops
    }
    for (auto& l : leaders_) {
        if (l->at != c.at || c.side_of(l->power) != power) continue;
        bool named_here = named.empty();
        for (std::size_t k = 1; k < e.args.size(); ++k)
            for (const ngn::Item* x : elements(e.args[k]))
                if (reference_text(*x) == l->name || reference_text(*x) == l->entity->name) named_here = true;
        if (named_here) l->at = *to;
    }
    for (auto& corps : corps_)
        if (corps->on && std::find(fleets.begin(), fleets.end(), corps->on) != fleets.end()) corps->at = *to;
}

// The loser's retreat (6.3.5.1-6.3.5.3), or the attackers' move to the blockade box after a port
// combat (6.3.5.2): judged, then played.
void EiaEngine::judge_retreat(const ngn::Event& e, int power, int own, const Where& to,
                              GameContext& ctx) {
    Combat& c = *combat_;
    const geometry::Place* here = map_->find(c.at.place);
    const geometry::Place* there = map_->find(to.place);
    const bool loser = c.winner && *c.winner != power;
    if (c.interception && loser) judged(ctx, power == c.defender ? "6.2.3.4.1" : "6.2.3.4.2");
    if (c.port) {
        judged(ctx, "6.3.5.2");
        if (power != c.attacker)
            combat_error(ctx, Kind::Illegal, kPortRetreat, e.subject.pos, "after a port combat the defenders stay in the port");
        else if (!(to == Where{here->name, true}))
            combat_error(ctx, Kind::Illegal, kPortRetreat, e.args.back().pos, "after a port combat the attackers retreat to the port's blockade box",
                               where_text(Where{here->name, true}), where_text(to));
    } else if (!loser) {
        combat_error(ctx, Kind::Illegal, kRetreat, e.subject.pos,
                           c.winner ? pw(power).name() + " won: the loser retreats"
                                    : std::string("a draw: no one retreats"));
    } else if (c.at.box && ((power == c.defender && c.defender_from_port) || (power == c.attacker && c.attacker_from_port))) {
        judged(ctx, "6.3.5.3");
        if (!(to == Where{here->name, false}))
            combat_error(ctx, Kind::Illegal, kBoxRetreat, e.args.back().pos,
                               "beaten in the blockade box it sailed into from its port, the stack retreats into that port",
                               where_text(Where{here->name, false}), where_text(to));
    } else {
        // a pursuit played before this retreat (reported) is undone while the retreat is
        // judged: the rules' order has the loser retreat first
        std::vector<std::pair<Fleet*, Where>> pursuers;
        for (Fleet* f : c.early_pursuers) pursuers.push_back({f, f->at}), f->at = c.at;
        auto [ports, mp] = retreat_ports(c.at, own, ctx);
        for (auto& [f, at] : pursuers) f->at = at;
        const bool to_port = there->port;
        const bool ok_port = (to_port && !to.box && std::find(ports.begin(), ports.end(), there->name) != ports.end()) ||
                             (to_port && port_doubt_.count(there->name));  // who holds it is in doubt (reported)
        judged(ctx, "6.3.5.1");
        if (c.at.box) judged(ctx, "6.3.5.3");  // beaten in a box it did not come out into: as at sea
        if (winter() || here->dardanelles || map_->adjacent(here->name, "Dardanelles")) judged(ctx, "6.3.5.1.2");
        const bool next_sea = !there->port && (here->port ? here->touches.count(there->name) > 0 : map_->adjacent(here->name, there->name));
        if (next_sea) judged(ctx, "6.3.5.1.1");
        const bool barred = (there->ice && winter()) || (there->dardanelles && !pw(own).dardanelles);
        const bool adjacent_sea = next_sea && !barred;
        if (next_sea && barred) {
            retreat_reported_ = true;
            combat_error(ctx, Kind::Illegal, cite("6.3.5.1.2"), e.args.back().pos,
                               there->name + (there->ice ? " is north of the ice line in winter" : " is the Dardanelles, without permission") +
                                   ": no fleet retreats or pursues into it");
        } else if (!ok_port && !adjacent_sea) {
            retreat_reported_ = true;  // where the pursuers go is then not judged again
            std::string list;
            for (const auto& p : ports) list += (list.empty() ? "" : " or ") + p;
            combat_error(ctx, Kind::Illegal, kSeaRetreat, e.args.back().pos,
                               "the loser retreats to the nearest unblockaded friendly port within 7 movement points" +
                                   (list.empty() ? std::string(" (none here)") : " (" + list + ", " + std::to_string(mp) + " MP)") +
                                   ", or to an adjacent sea area of the victor's choice",
                               list.empty() ? std::string("an adjacent sea area") : list, where_text(to));
        }
        retreated_to_port_ = to_port ? there->name : std::string();
    }
    c.retreat_done = true;
    if (c.interception && power == c.attacker) barred_.insert(bloc(power));  // 6.2.3.4.2
}

// The victor's pursuit (6.3.5.1): after the retreat, to the blockade box of the port the loser
// went to; none after a port combat, or when the loser went to an adjacent sea area.
void EiaEngine::judge_pursuit(const ngn::Event& e, int power, int own, const Where& to, const std::vector<Fleet*>& fleets,
                              GameContext& ctx) {
    Combat& c = *combat_;
    const geometry::Place* here = map_->find(c.at.place);
    const bool winner = c.winner && *c.winner == power;
    judged(ctx, "6.3.5.1");
    if (c.at.box) judged(ctx, "6.3.5.3");
    if (winter()) judged(ctx, "6.3.5.1.2");
    if (!winner) combat_error(ctx, Kind::Illegal, kRetreat, e.subject.pos, "only the victor pursues");
    else if (c.port) combat_error(ctx, Kind::Illegal, kPortRetreat, e.subject.pos, "there is no pursuit after a port combat");
    else if (!c.retreat_done) {
        if (const Finding* f = combat_error(ctx, Kind::Illegal, kRetreat, e.subject.pos, "retreat moves come before pursuit moves"))
            c.early_cause = Findings::cause_of(*f);
        c.early_pursuers.insert(c.early_pursuers.end(), fleets.begin(), fleets.end());
    }
    else if (retreat_reported_) {
    } else if (retreated_to_port_.empty())
        combat_error(ctx, Kind::Illegal, cite("6.3.5.1.1"), e.subject.pos, "the loser went to an adjacent sea area: there is no pursuit");
    else if (!(to == Where{retreated_to_port_, true}) &&
             !(c.at.box && to == Where{here->name, false} && friendly_port(own, here->name, ctx)))
        combat_error(ctx, Kind::Illegal, kSeaRetreat, e.args.back().pos, "pursuers follow the loser and blockade its port",
                           where_text(Where{retreated_to_port_, true}), where_text(to));
}

// Whether a beaten stack has anywhere to retreat to (6.3.5.1, .1.1, .1.2): a friendly port within
// 7 MP, or an adjacent sea area it may enter. The book is silent on a stack with neither: it stays
// (docs/rules/eia-naval.md).
bool EiaEngine::may_retreat(const Where& from, int power, GameContext& ctx) const {
    if (!retreat_ports(from, power, ctx).first.empty()) return true;
    const geometry::Place* here = map_->find(from.place);
    if (!here) return true;
    for (const auto& s : here->touches) {
        const geometry::Place* p = map_->find(s);
        if (p && !p->port && !(p->ice && winter()) && !(p->dardanelles && !pw(power).dardanelles)) return true;
    }
    return false;
}

// ---- the end of a combat: losses taken, empty fleets removed ----------------------------------------------

void EiaEngine::take_losses(std::vector<Fleet*>& fleets, int losses) {
    // losses the record has not given to a fleet come off the fleets in the order they were declared
    for (Fleet* f : fleets) {
        if (losses <= 0) break;
        const int n = std::min(losses, f->ships);
        f->ships -= n;
        losses -= n;
    }
}

void EiaEngine::close_combat(GameContext& ctx, ngn::SourcePos at) {
    if (!combat_) return;
    Combat& c = *combat_;
    if (c.disputed && c.rolled.empty() && !c.harbour_roll && c.wind.empty() && !c.retreat_done && resulted_.empty()) {
        // a combat the record never fought (its interception was reported): none, as played
        for (Fleet* f : c.att) f->at = c.interceptors_from;
        for (auto& l : leaders_)
            if (l->at == c.at && c.side_of(l->power) == c.attacker) l->at = c.interceptors_from;
        for (Fleet* f : c.def) f->may_continue = true;
        combat_ = nullptr;
        return;
    }
    judged(ctx, "6.3.6");  // the losses removed, and fleets left without ships
    if (!c.evaded && (!c.rolled.count(c.attacker) || !c.rolled.count(c.defender)) && !c.att.empty() && !c.def.empty())
        combat_in_doubt(ctx, c.pos, "both sides make their combat roll (6.3.3.2): a roll is missing");
    decide(ctx, at);
    // losses: those given to fleets, then the rest in order
    for (int power : {c.attacker, c.defender}) {
        int given = 0;
        for (Fleet* f : c.of(power)) {
            auto it = assigned_.find(f);
            if (it == assigned_.end()) continue;
            const int n = std::min(it->second, f->ships);
            f->ships -= n;
            given += n;
        }
        take_losses(c.of(power), c.losses[power] - given);
    }
    if (!c.evaded && c.winner && !c.retreat_done && !c.port) {
        const int loser = c.other(*c.winner);
        if (c.ships(loser) > 0 && may_retreat(c.at, loser, ctx)) {
            // the retreat left out: where the loser's fleets went is not known to their next move
            const std::string why = "the survivors of " + pw(loser).name() + " must retreat after losing the combat at " + where_text(c.at);
            const Cause cause = c.doubt         ? *c.doubt
                                : c.early_cause ? *c.early_cause
                                                : Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kRetreat, at, why));
            if (c.doubt || c.early_cause) ctx.findings.excuse(cause, at, why);
            doubt_stack_of(c.of(loser), cause);
        }
    }
    if (c.doubt) {  // what the combat left where, and with how many ships, is the record's
        doubt_stack_of(c.att, *c.doubt);
        doubt_stack_of(c.def, *c.doubt);
        for (Fleet* f : c.att) f->ships_doubt = c.doubt;
        for (Fleet* f : c.def) f->ships_doubt = c.doubt;
    }
    if (c.evaded && !c.retreat_done && may_retreat(c.at, c.defender, ctx))
        combat_error(ctx, Kind::Inconsistent, cite("6.3.2.1"), at, "a stack that evades retreats as a loser would");
    // 6.2.3.4.2: the phasing stack moves on, its interceptors try no more (a combat in doubt: as the record plays it)
    if (c.interception && ((c.winner && *c.winner == c.defender) || c.doubt))
        for (Fleet* f : c.def) f->may_continue = true;
    if (c.interception && c.winner && *c.winner == c.defender && !c.doubt) barred_.insert(bloc(c.attacker));
    if (!c.evaded && c.winner && c.port && !c.retreat_done)
        if (const Finding* f = combat_error(ctx, Kind::Inconsistent, kPortRetreat, at, "after a port combat the attackers retreat to the blockade box"))
            doubt_stack_of(c.att, Findings::cause_of(*f));  // where they went is the record's to their next move
    assigned_.clear();
    resulted_.clear();
    retreated_to_port_.clear();
    retreat_reported_ = false;
    combat_ = nullptr;
    consolidate(c.pos.line);
}

// 6.3.6: fleets without ships are removed; NELSON is taken if his stack is wiped out; corps on
// fleets that are gone are lost beyond the fleets that remain (6.2.5.3).
void EiaEngine::consolidate(std::uint32_t combat_line) {
    for (auto& f : fleets_)
        if (!f->gone && f->ships <= 0) {
            f->gone.leave("lost its last ships in combat", combat_line);
            for (auto& l : leaders_)
                if (!l->captured && l->power == f->power && l->at == f->at && fleets_at(f->at, f->power).empty()) l->captured = true;
            if (f->carrying) {
                Fleet* other = nullptr;
                for (auto& g : fleets_)
                    if (!g->gone && g->power == f->power && g->at == f->at && !g->carrying) other = g.get();
                if (other) {
                    other->carrying = f->carrying;
                    f->carrying->on = other;
                } else {
                    f->carrying->gone = true;
                    f->carrying->on = nullptr;
                }
                f->carrying = nullptr;
            }
        }
}

}  // namespace ironlog::rules::eia_naval
