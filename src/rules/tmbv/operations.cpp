// The campaign's Operations Phase (6.0): impulses that alternate from the initiative player, the
// passes that end it (6.2.4), the mobilization of fleets in port (6.1.2-6.1.5) and the activations
// each attempt allows (6.2), with the VP paid for further attempts; the fleets as declared (6.3).
// A fleet's move is followed to the box it ends in; the map's connections are not (6.4).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <ostream>

namespace ironlog::rules::tmbv {

namespace {
constexpr int kMostAttempts = 3;  // 6.1.2

// 6.2.1: the activations a fleet may perform, by the attempt that mobilized it.
int activations_for(int attempt) { return kMostAttempts + 1 - attempt; }

}  // namespace

int TmbvEngine::fleet_index(const Entity& e) const {
    for (std::size_t i = 0; i < operations_.fleets.size(); ++i)
        if (operations_.fleets[i].entity == &e) return static_cast<int>(i);
    return -1;
}

// A new turn: every fleet's marker is unflipped, and a fleet not in port starts at sea (6.1.4),
// but for the Italian Main Fleet on turn 1, which 13.1.1 mobilizes at its first attempt wherever
// its die set it up (Readings: main-fleet-turn-one).
void TmbvEngine::new_operations_turn(const GameContext& ctx) {
    const bool first_attempt = ctx.header.option("main-fleet-turn-one") != "at-sea";
    for (CampaignFleet& f : operations_.fleets) {
        CampaignFleet fresh = f;
        fresh.began_at_sea = f.placed || f.port_unwritten ? std::optional<bool>(f.box != "port") : std::nullopt;
        if (first_attempt && italian_main_on_turn_one(f)) fresh.began_at_sea = false;
        fresh.attempts = fresh.mobilized_on = fresh.allowed = fresh.activations = fresh.activated_in = 0;
        fresh.flipped = 0, fresh.flipped_why.clear(), fresh.with = -1, fresh.with_refused = false, fresh.disputed_in = 0, fresh.last_cost = 0, fresh.mission = false;
        fresh.mp_spent = fresh.mp_impulse = 0;
        // what an impulse number keys belongs to its turn: last turn's stop (6.4.9, 6.4.10) and pass
        // through the Mediterranean (6.7.2) are not this turn's same impulse's
        fresh.stop_impulse = fresh.med_impulse = 0, fresh.stop_case = nullptr;
        f = fresh;
    }
}

void TmbvEngine::operations_heading(const ngn::Heading& h, GameContext& ctx) {
    Operations& o = operations_;
    if (h.kind == ngn::HeadingKind::Turn) o.turn_line = h.label_pos.line;
    if (h.kind == ngn::HeadingKind::Segment && ctx.cursor.phase() && ctx.cursor.phase()->name == "end-of-turn" && lower(h.label) == "repair")
        return refuel_in_port(ctx);  // 11.2.6
    if (in_operations_ && h.kind != ngn::HeadingKind::Step) settle_interception(ctx);
    if (in_operations_ && (h.kind == ngn::HeadingKind::Impulse || h.kind == ngn::HeadingKind::Phase || h.kind == ngn::HeadingKind::Turn)) {
        for (const Interruption& i : o.interruptions) judge_compulsory(i, h.label_pos, ctx);
        o.interruptions.clear();
    }
    if (h.kind == ngn::HeadingKind::Phase || h.kind == ngn::HeadingKind::Turn) {
        if (in_operations_) judge_transfers(ctx), close_impulse(ctx), note_contested();
        close_return_to_port(h.label_pos, ctx);
        close_bombardment(ctx);
        const SequenceNode* phase = h.kind == ngn::HeadingKind::Phase ? ctx.cursor.phase() : nullptr;
        in_operations_ = phase && phase->name == "operations";
        if (phase && phase->name == "tactical-combat") open_tactical_combat(ctx);
        else close_tactical_combat(h.label_pos, ctx);
        play_left_out(h, ctx);
        if (phase && phase->name == "return-to-port") open_return_to_port(h.label_pos);
        if (in_operations_) o.impulse = 0, o.acted = -1, o.passes_in_row = 0, o.ended_at = 0, o.first_side = turn_start_.initiative,
                             o.first_other = turn_start_.initiative_other, o.first_other_at = 0;
        if (phase && phase->name == "bombardment") note_bombardment(), open_bombardment();
        if (phase && phase->name == "blockade" && ctx.header.option("blockade-vp") != "victory-phase") score_blockades(ctx);
        if (phase && phase->name == "victory") tally_turn(ctx);
        return;
    }
    if (!in_operations_ || h.kind != ngn::HeadingKind::Impulse) return;
    judge_transfers(ctx);
    close_impulse(ctx);
    ++o.impulse;
    o.acted = -1, o.passed = false, o.lines = 0, o.taken_leader = -1;
}

// The Operations Phase's end (7.0): the sea areas where both sides' fleets stand, each due a battle
// (fleets in port only with unmobilized-fight=yes, may_fight_from).
void TmbvEngine::note_contested() {
    Operations& o = operations_;
    o.contested.clear(), o.may_fight.clear();
    for (const CampaignFleet& f : o.fleets) {
        if (!may_fight_from(f)) continue;
        const bool met = std::any_of(o.fleets.begin(), o.fleets.end(), [&](const CampaignFleet& g) {
            return may_fight_from(g) && g.entity->side != f.entity->side && same_label(g.area, f.area);
        });
        std::vector<std::string>& due = in_mediterranean(f.area) ? o.may_fight : o.contested;
        if (met && std::none_of(due.begin(), due.end(), [&](const std::string& a) { return same_label(a, f.area); })) due.push_back(f.area);
    }
}

// An impulse's end: one without a line is a pass (6.2.4); two passes in a row end the phase.
void TmbvEngine::close_impulse(GameContext& ctx) {
    Operations& o = operations_;
    settle_retry(-1);
    for (CampaignFleet& f : o.fleets) settle_left_in_port(f, nullptr, ctx);
    if (o.impulse == 0) return;
    const bool passed = o.passed || o.lines == 0;
    o.passes_in_row = passed ? o.passes_in_row + 1 : 0;
    if (o.passes_in_row >= 2 && !o.ended_at) o.ended_at = o.impulse;
}

void TmbvEngine::operations_event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    Operations& o = operations_;
    const std::string verb = lower(e.verb());
    const int fleet = actor.kind == ngn::EntityKind::Fleet ? fleet_index(actor) : -1;
    settle_retry(verb == "mobilize" ? fleet : -1);
    ++o.lines;
    if (actor.kind == ngn::EntityKind::Side && verb == "pass") return pass(actor, e, ctx);
    if (actor.kind == ngn::EntityKind::Side && verb == "transfer") return allocate_lone_ships(actor, e, ctx);  // 6.3.6
    if (actor.kind == ngn::EntityKind::Side || actor.kind == ngn::EntityKind::Ship)
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.0"), e.subject.pos,
                                       actor.kind == ngn::EntityKind::Side
                                           ? "a side's line of the Operations Phase is a pass (" + actor.label() + " pass), or its ships outside a fleet "
                                             "joining one before impulse 1 (" + actor.label() + " transfer MES to IS)"
                                           : "a ship acts in the Operations Phase with its fleet: the fleet's line names it (e.g. AS drop " + actor.label() + ")"));
    if (fleet < 0) return;  // a leader's line: not an operation the engine reads
    static const std::set<std::string> kOperations{"mobilize", "activate", "move",   "intercept", "evade", "drop",
                                                   "take",     "transfer", "reform", "tow",       "cut",   "scuttle"};
    if (!kOperations.count(verb)) {
        ctx.findings.error(Kind::Inconsistent, cite("6.0"), e.subject.pos,
                           "'" + std::string(e.verb()) + "' is not a fleet's operation: mobilize, activate, move, intercept, evade, drop, take, transfer, "
                           "reform, tow, cut or scuttle");
        return;
    }
    if (verb == "tow" || verb == "cut" || verb == "scuttle") return tow_event(fleet, e, ctx);  // 6.6, 8.1.6: at any time
    if (verb == "reform") return reform_fleet(fleet, e, ctx);  // 6.3.5, before impulse 1 as 6.3.6
    if (verb == "transfer") return transfer_ships(fleet, e, ctx);  // before impulse 1 (6.3.6)
    sunk_fleet_operates(o.fleets[static_cast<std::size_t>(fleet)], e, ctx);
    if (o.impulse == 0) {
        ctx.findings.error(Kind::Inconsistent, cite("6.0"), e.subject.pos, "a fleet operates in an impulse: write 'impulse 1' above it");
        return;
    }
    if (verb == "intercept") return intercept(fleet, e, ctx);  // in the moving player's impulse (6.5)
    if (verb == "evade") return evade(fleet, e, ctx);
    if (verb == "drop") return drop_ships(fleet, e, ctx);
    if (verb == "take") return take_ship(fleet, e, ctx);
    settle_interception(ctx);
    if (verb == "mobilize" || verb == "activate") {
        const std::size_t before = ctx.findings.all().size();
        verb == "mobilize" ? mobilize(fleet, e, ctx) : activate(fleet, e, ctx);
        CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
        if (ctx.findings.all().size() > before) f.activation_said = Findings::cause_of(ctx.findings.all().back()), f.activation_said_in = o.impulse;
        return;
    }
    move_fleet(fleet, e, ctx);
}

// 6.0: impulses alternate from the initiative player; after two passes in a row the phase is over.
bool TmbvEngine::in_turn(int side, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "6.0");
    if (o.ended_at) {
        ctx.findings.error(Kind::Illegal, cite("6.2.4"), e.subject.pos,
                           "the Operations Phase ended after impulse " + std::to_string(o.ended_at) + ": both players passed in turn");
        o.ended_at = 0, o.passes_in_row = 0;  // play goes on as the players had it: one finding
        return false;
    }
    if (o.first_side < 0) o.first_side = o.impulse % 2 == 1 ? side : 1 - side;  // the initiative not known: the first to act says it
    const auto owner_from = [&](int first) { return o.impulse % 2 == 1 ? first : 1 - first; };
    if (o.first_other >= 0 && o.impulse > o.first_other_at) {
        const int other = std::exchange(o.first_other, -1);
        // the winner, or an impulse's side, was said wrong (said there), and the players went by the rules' alternation
        if (side != owner_from(o.first_side) && side == owner_from(other)) o.first_side = turn_start_.initiative = other;
    }
    const int owner = owner_from(o.first_side);
    if (side == owner || ctx.symbols.side_count() != 2) return true;
    ctx.findings.error(Kind::Illegal, cite("6.0"), e.subject.pos,
                       "impulse " + std::to_string(o.impulse) + " is " + side_name(owner, ctx) + "'s: the impulses alternate from the initiative player (" +
                           side_name(o.first_side, ctx) + ")",
                       side_name(owner, ctx), side_name(side, ctx));
    // the players' alternation from here on, or the rules' if the next impulse shows a side written wrong
    o.first_other = std::exchange(o.first_side, owner_from(side)), o.first_other_at = o.impulse;
    return false;
}

// Reading (docs/rules/tmbv.md): an impulse is one fleet's mobilization or activation, with the
// fleets that sail with the admiral's (6.1.5), unless the option impulse-fleets=any.
bool TmbvEngine::one_fleet_an_impulse(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    const int group = o.fleets[static_cast<std::size_t>(fleet)].with >= 0 ? o.fleets[static_cast<std::size_t>(fleet)].with : fleet;
    if (o.acted < 0 || o.acted == group || ctx.header.option("impulse-fleets") == "any") {
        o.acted = group;
        return true;
    }
    ctx.findings.error(Kind::Illegal, cite("6.0"), e.subject.pos,
                       o.fleets[static_cast<std::size_t>(o.acted)].label() +
                           " has operated in this impulse: an impulse is one fleet's (docs/rules/tmbv.md, Readings: impulse-fleets)",
                       o.fleets[static_cast<std::size_t>(o.acted)].label(), o.fleets[static_cast<std::size_t>(fleet)].label());
    o.acted = group;
    return false;
}

// 6.1.2: a failed attempt not tried again at once flips the fleet (and those that tried with it).
void TmbvEngine::settle_retry(int fleet) {
    Operations& o = operations_;
    if (o.retry < 0 || o.retry == fleet) return;
    flip(std::exchange(o.retry, -1), o.retry_line, "its mobilization failed and was not tried again at once");
}

void TmbvEngine::flip(int fleet, std::uint32_t line, const std::string& why) {
    for (std::size_t i = 0; i < operations_.fleets.size(); ++i) {
        CampaignFleet& f = operations_.fleets[i];
        if (static_cast<int>(i) != fleet && f.with != fleet) continue;
        if (!f.flipped) f.flipped = std::max<std::uint32_t>(line, 1), f.flipped_why = why;
    }
}

void TmbvEngine::pass(const Entity& side, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    if (o.impulse == 0 || o.ended_at) return;  // a pass after the phase's end changes nothing
    judged(ctx, "6.2.4");
    if (!in_turn(side.index, e, ctx)) return;
    if (o.acted >= 0)
        ctx.findings.error(Kind::Illegal, cite("6.2.4"), e.subject.pos,
                           side.label() + " has operated in this impulse (" + o.fleets[static_cast<std::size_t>(o.acted)].label() + "): a pass is an impulse without one");
    o.passed = true;
}


// ---- 6.1 mobilization ----------------------------------------------------------------------------

// Main mobilize [with Battle ...] [vp N] d10: 3 -2(Tegetthoff) = 1 => mobilized|failed
void TmbvEngine::mobilize(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.1.2");
    on_its_own(f);
    went_by_the_roll(fleet, false);
    const bool retry = std::exchange(o.retry, -1) == fleet;
    const bool in_turn_ok = retry || in_turn(f.entity->side, e, ctx);
    if (in_turn_ok && !retry) one_fleet_an_impulse(fleet, e, ctx);
    const std::vector<int> joined = retry ? std::vector<int>{} : joined_fleets(fleet, e, ctx);
    if (!retry) may_attempt(f, e, ctx);
    if (retry) {
        attempt_cost(f, e, ctx);
    } else if (const std::optional<int> vp = vp_argument(e, "6.1.2", ctx)) {
        ctx.findings.error(Kind::Illegal, cite("6.1.2"), e.subject.pos, "VP are paid for a second or third attempt, right after a failed one",
                           "no vp", "vp");
        pay_vp(f.entity->side, *vp, e.subject.pos, ctx);  // the players' later attempt: its failed one left out
        f.attempts = std::max(f.attempts, 1);
    }
    ++f.attempts;
    for (int j : joined) o.fleets[static_cast<std::size_t>(j)].attempts = f.attempts, o.fleets[static_cast<std::size_t>(j)].with = fleet;
    for (CampaignFleet& g : o.fleets)
        if (g.with == fleet) g.attempts = f.attempts;
    if (italian_main_on_turn_one(f) && f.attempts == 1) return first_italian_mobilization(fleet, e, ctx);
    const Check check = fml_check(f, e, "6.1.2", ctx);
    const std::optional<std::string> claimed = claimed_word(e);
    bool mobilized = check.passed || !check.known;  // not known: as claimed, or taken as mobilized
    if (claimed && *claimed != "mobilized" && *claimed != "failed") {
        ctx.findings.error(Kind::Inconsistent, cite("6.1.2"), e.claim_pos, "a mobilization claims mobilized or failed",
                           !check.known ? "mobilized or failed" : mobilized ? "mobilized" : "failed", *claimed);
    } else if (claimed) {
        const bool said = *claimed == "mobilized";
        if (check.known && mobilized != said && !check.could_be(said)) {
            ctx.findings.error(Kind::WrongResult, cite("6.1.2"), e.claim_pos,
                               "the fleet mobilizes when the modified roll is at most the FML: " + std::to_string(check.total) + " against " +
                                   side_name(f.entity->side, ctx) + "'s FML " + std::to_string(check.fml),
                               mobilized ? "mobilized" : "failed", *claimed);
            f.disputed_in = o.impulse, f.disputed_passed = mobilized;
        }
        mobilized = said;  // play goes on as the players had it
    }
    f.last_cost = check.known && !(f.disputed_in == o.impulse && f.disputed_passed) ? check.cost() : -1;  // -1: not known (or the claim's fail)
    f.last_cost_written = check.known ? check.cost_as_written() : -1;
    f.last_cost_other = check.known ? check.cost_by_other_fml() : -1;
    if (!mobilized) {
        if (f.attempts < kMostAttempts) o.retry = fleet, o.retry_line = e.subject.pos.line;
        else flip(fleet, e.subject.pos.line, "its third mobilization attempt failed");
        return;
    }
    judged(ctx, "6.1.3"), judged(ctx, "6.2.2");
    for (CampaignFleet& g : o.fleets) {
        if (&g != &f && g.with != fleet) continue;
        g.mobilized_on = f.attempts, g.allowed = activations_for(f.attempts);
        g.activations = 1, g.activated_in = o.impulse;  // 6.1.3, 6.2.2: its first activation at once
    }
}

// A check's result claimed against its roll (said there), then the fleet's next line in the same
// impulse: a move after `failed` for a pass, or a second attempt after `mobilized` for a failure,
// shows the players went by the roll: play goes on from the roll's result, with no new finding.
void TmbvEngine::went_by_the_roll(int fleet, bool moving) {
    Operations& o = operations_;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    if (std::exchange(f.disputed_in, 0) != o.impulse) return;
    const bool by_roll = f.disputed_passed;
    if (moving && by_roll && (!f.activations || f.activated_in != o.impulse)) {  // `failed` was said: it passed and moves
        if (o.retry == fleet) o.retry = -1;
        for (std::size_t i = 0; i < o.fleets.size(); ++i) {
            CampaignFleet& g = o.fleets[i];
            if (static_cast<int>(i) != fleet && g.with != fleet) continue;
            g.flipped = 0, g.flipped_why.clear();
            if (!g.mobilized_on && !g.began_at_sea.value_or(false)) g.mobilized_on = g.attempts, g.allowed = activations_for(std::max(1, g.attempts));
            ++g.activations, g.activated_in = o.impulse;
        }
    } else if (!moving && !by_roll && f.mobilized_on) {  // `mobilized` was said: it failed and tries again
        for (std::size_t i = 0; i < o.fleets.size(); ++i) {
            CampaignFleet& g = o.fleets[i];
            if (static_cast<int>(i) == fleet || g.with == fleet) g.mobilized_on = g.allowed = g.activations = g.activated_in = 0;
        }
        o.retry = fleet;
    }
}

// A fleet named in a `with` it could not join (said there) that then acts on its own: the players
// never took it along.
void TmbvEngine::on_its_own(CampaignFleet& f) {
    if (std::exchange(f.with_refused, false)) f.with = -1, f.attempts = f.mobilized_on = f.allowed = f.activations = f.activated_in = 0;
}

bool TmbvEngine::italian_main_on_turn_one(const CampaignFleet& f) const {
    return turn_start_.turn == 1 && f.entity->side == italy_ && f.type == "main";
}

// 13.1.1: on turn 1 the Italian main fleet mobilizes without a roll (a roll written changes nothing).
void TmbvEngine::first_italian_mobilization(int fleet, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "13.1.1");
    const std::optional<std::string> claimed = claimed_word(e);
    if (claimed && *claimed != "mobilized")
        ctx.findings.error(Kind::WrongResult, cite("13.1.1"), e.claim_pos, "on turn 1 the Italian main fleet mobilizes without a roll", "mobilized",
                           *claimed);
    Operations& o = operations_;
    for (CampaignFleet& g : o.fleets) {
        if (&g != &o.fleets[static_cast<std::size_t>(fleet)] && g.with != fleet) continue;
        g.mobilized_on = 1, g.allowed = activations_for(1), g.activations = 1, g.activated_in = o.impulse;
    }
}

// 6.1: a fleet in port mobilizes once a turn; one that began at sea does not roll (6.1.4); three
// attempts at most (6.1.2). Each said once; play goes on with the attempt.
bool TmbvEngine::may_attempt(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "6.1");
    if (f.began_at_sea) judged(ctx, "6.1.4");
    std::string why;
    const char* section = "6.1";
    if (f.began_at_sea.value_or(false)) {
        section = "6.1.4";
        why = f.label() + " began the turn at sea (" + place_text(f) + "): it is mobilized, and activates by an FML check: " + f.label() +
              " activate d10: ...";
    } else if (f.mobilized_on) {
        why = f.label() + " is mobilized already this turn";
    } else if (f.attempts >= kMostAttempts) {
        section = "6.1.2";
        why = "a fleet attempts mobilization three times a turn at most";
    } else if (reserve_held(f)) {
        section = "11.2.2 a)";
        why = "the Italian Reserve Fleet is not mobilized before it is released in a Reinforcement Segment (Italy reinforce ...), or Taranto is bombarded";
    } else if (f.flipped) {
        section = "6.1.2";
        why = f.label() + " was flipped to its activated side (" + line_text(f.flipped) + ": " + f.flipped_why + "): no more attempts this turn";
    }
    if (why.empty()) return true;
    const Finding& said = ctx.findings.error(Kind::Illegal, cite(section), e.subject.pos, why);
    // the players have it in port (its return left out, say), refuelled there (11.2.6): the port its next move names
    if (f.began_at_sea.value_or(false)) home_unwritten(f, said), f.marker.clear();
    f.began_at_sea = false, f.mobilized_on = 0, f.flipped = 0, f.attempts = std::min(f.attempts, kMostAttempts - 1);
    return false;
}

// 6.1.5: with the admiral's fleet, other fleets in its port mobilize and activate together.
std::vector<int> TmbvEngine::joined_fleets(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    const CampaignFleet& leader = o.fleets[static_cast<std::size_t>(fleet)];
    std::vector<int> out;
    bool after_with = false;
    for (const ngn::Item& it : e.args) {
        if (it.as<ngn::Dice>()) break;
        if (is_word(it, "with")) {
            after_with = true;
            continue;
        }
        if (!after_with || is_word(it, "vp") || it.as<ngn::Number>()) continue;
        for (const ngn::Item* x : elements(it)) {
            const Entity* named = ctx.symbols.find(reference_text(*x));
            const int j = named ? fleet_index(*named) : -1;
            if (j < 0 || j == fleet) {
                ctx.findings.error(Kind::Inconsistent, cite("6.1.5"), x->pos, "'with' names the other fleets of the port: with Battle Support");
                continue;
            }
            judged(ctx, "6.1.5");
            const CampaignFleet& g = o.fleets[static_cast<std::size_t>(j)];
            std::string why;
            if (!leader.admiral && !o.admiral_unknown[static_cast<std::size_t>(leader.entity->side)])
                why = "only the admiral's fleet takes other fleets with it";
            else if (g.entity->side != leader.entity->side) why = g.label() + " is not " + side_name(leader.entity->side, ctx) + "'s";
            else if (g.placed && leader.placed && (g.area != leader.area || g.box != "port" || leader.box != "port"))
                why = g.label() + " (" + place_text(g) + ") is not in " + leader.label() + "'s port (" + place_text(leader) + ")";
            else if (g.attempts || g.flipped || g.began_at_sea.value_or(false)) why = g.label() + " has attempted, or began at sea, this turn";
            if (!why.empty()) ctx.findings.error(Kind::Illegal, cite("6.1.5"), x->pos, why);
            o.fleets[static_cast<std::size_t>(j)].with_refused = !why.empty();
            out.push_back(j);  // as the players had it
        }
    }
    return out;
}

// 6.1.2: the second attempt costs the difference of the failed result and the FML; the third
// twice the second's. Written as vp N on the attempt's line, or left for the engine to count.
void TmbvEngine::attempt_cost(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    const bool doubled = ctx.header.option("third-attempt-cost") != "difference";  // Readings: third-attempt-cost
    // a failed roll's difference priced for this attempt; -1 (not known) stays -1
    const auto price = [&](int difference) { return difference < 0 || f.attempts == 1 || !doubled ? difference : 2 * difference; };
    const int cost = price(f.last_cost), cost_written = price(f.last_cost_written), cost_other = price(f.last_cost_other);
    const std::optional<int> written = vp_argument(e, "6.1.2", ctx);
    if (f.last_cost < 0) {  // the failed roll was not read: its cost is the players'
        pay_vp(f.entity->side, written.value_or(0), e.subject.pos, ctx);
        return;
    }
    ngn::SourcePos at = e.subject.pos;
    for (const ngn::Item& it : e.args)
        if (is_word(it, "vp")) at = it.pos;
    if (written && *written != cost && (*written == cost_written || *written == cost_other)) {  // a number said wrong before: not again
        judge_deficit(f.entity->side, *written, at, ctx);
        return dispute_vp(f.entity->side, -*written, -cost);
    }
    if (written && *written != cost)
        ctx.findings.error(Kind::WrongResult, cite("6.1.2"), at,
                           "attempt " + std::to_string(f.attempts + 1) + " costs " +
                               (f.attempts == 1 || !doubled ? "the failed roll's difference from the FML" : "twice the second attempt's difference from the FML") +
                               ": " + std::to_string(cost) + " VP",
                           "vp " + std::to_string(cost), "vp " + std::to_string(*written));
    if (!written || *written == cost) pay_vp(f.entity->side, written.value_or(cost), at, ctx);
    else dispute_vp(f.entity->side, -*written, -cost);  // said wrong: the track goes on as written, the rules' count beside
}

// vp N among a line's arguments; none when not written.
std::optional<int> TmbvEngine::vp_argument(const ngn::Event& e, const char* section, GameContext& ctx) {
    for (std::size_t i = 0; i < e.args.size(); ++i) {
        if (!is_word(e.args[i], "vp")) continue;
        const auto* n = i + 1 < e.args.size() ? e.args[i + 1].as<ngn::Number>() : nullptr;
        if (n && n->is_integer && n->as_int() >= 0) return n->as_int();
        ctx.findings.error(Kind::Inconsistent, cite(section), e.args[i].pos, "VP paid are written vp <N>, N a whole number");
        return std::nullopt;
    }
    return std::nullopt;
}

// ---- 6.2 activation --------------------------------------------------------------------------------

// Main activate d10: 4 -2(Tegetthoff) = 2 => activated | failed | activated vp N (6.2.5: paid)
void TmbvEngine::activate(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.2.1");
    on_its_own(f);
    went_by_the_roll(fleet, false);
    if (in_turn(f.entity->side, e, ctx)) one_fleet_an_impulse(fleet, e, ctx);
    may_activate(f, e, ctx);
    const Check check = fml_check(f, e, f.activations == 0 ? "6.2.1" : f.activations == 1 ? "6.2.5" : "6.2.6", ctx);
    const std::optional<std::string> claimed = claimed_word(e);
    const bool second = f.activations == 1 && !f.began_at_sea.value_or(false);
    std::optional<int> paid;
    if (e.claim && e.claim->size() == 3 && is_word((*e.claim)[1], "vp"))
        if (const auto* n = (*e.claim)[2].as<ngn::Number>(); n && n->is_integer) paid = n->as_int();
    const bool understood = claimed && (*claimed == "failed" ? e.claim->size() == 1 : *claimed == "activated" && (e.claim->size() == 1 || paid));
    if (claimed && !understood) {
        ctx.findings.error(Kind::Inconsistent, cite("6.2.1"), e.claim_pos, "an activation claims activated, failed, or (6.2.5) activated vp <N>");
        return;
    }
    std::optional<bool> activated = check.known ? std::optional<bool>(check.passed) : std::nullopt;
    if (claimed && check.known && check.passed != (*claimed == "activated" && !paid) && !check.could_be(*claimed == "activated" && !paid))
        if (!(paid && !check.passed)) {
            ctx.findings.error(Kind::WrongResult, cite(f.activations == 0 ? "6.2.1" : second ? "6.2.5" : "6.2.6"), e.claim_pos,
                               "the check passes when the modified roll is at most the FML: " + std::to_string(check.total) + " against " +
                                   side_name(f.entity->side, ctx) + "'s FML " + std::to_string(check.fml),
                               check.passed ? "activated" : "failed", *claimed + (paid ? " vp " + std::to_string(*paid) : ""));
            if (!paid && check.passed) f.disputed_in = o.impulse, f.disputed_passed = true;  // `failed` said for a pass
        }
    if (claimed) activated = *claimed == "activated";  // play goes on as the players had it
    if (paid) pay_activation(f, check.known && !check.passed ? (*paid == check.cost_as_written() ? *paid : check.cost()) : *paid, *paid, e, ctx);
    if (!activated.value_or(true)) return flip(fleet, e.subject.pos.line, "its activation check failed");
    if (f.began_at_sea.value_or(false) && f.allowed == 0) f.allowed = 1;  // 6.2.3
    for (CampaignFleet& g : o.fleets)
        if (&g == &f || g.with == fleet) ++g.activations, g.activated_in = o.impulse;  // 6.1.5: together
}

// 6.2.1-6.2.6: who may try to activate. Each said once; play goes on with the activation.
bool TmbvEngine::may_activate(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "6.2.4");
    judged(ctx, f.began_at_sea.value_or(false) ? "6.2.3" : f.activations <= 1 ? "6.2.5" : "6.2.6");
    std::string why;
    const char* section = "6.2.4";
    if (f.with >= 0) {
        section = "6.1.5";
        why = f.label() + " mobilized with " + operations_.fleets[static_cast<std::size_t>(f.with)].label() + ", the admiral's fleet, and activates with it";
    } else if (f.flipped) {
        why = f.label() + " was flipped to its activated side (" + line_text(f.flipped) + ": " + f.flipped_why + "): not activated again this turn";
    } else if (!f.mobilized_on && !f.began_at_sea.value_or(true) && italian_main_on_turn_one(f) && f.placed && f.box != "port") {
        section = "13.1.1";
        why = "on turn 1 the Italian Main Fleet mobilizes without a roll wherever it was set up (" + f.label() +
              " mobilize => mobilized; Readings: main-fleet-turn-one)";
    } else if (!f.mobilized_on && !f.began_at_sea.value_or(true)) {
        section = "6.1";
        why = f.label() + " was in port at the turn's start: it mobilizes before it activates (" + f.label() + " mobilize d10: ...)";
    } else if (f.began_at_sea.value_or(false) && f.activations >= 1) {
        section = "6.2.3";
        why = f.label() + " began the turn at sea: one activation a turn";
    } else if (f.mobilized_on && f.activations >= f.allowed) {
        section = "6.2.1";
        why = f.label() + " mobilized on attempt " + std::to_string(f.mobilized_on) + ": " + counted(f.allowed, "activation") + " a turn";
    } else if (f.activations && f.activated_in == operations_.impulse) {
        why = f.label() + " activated in this impulse: another activation comes in a later impulse";
    } else if (f.mission) {
        section = "6.4.6";
        why = f.label() + " is on station (" + place_text(f) + "): its mission for the turn, no further activation";
    } else if (f.activations && !f.marker.empty()) {
        why = f.label() + " has a " + f.marker + " marker: no further activation";
    } else if (f.activations && f.placed && !in_at_sea_box(f)) {
        // its move out may be the line left out: its next move says (settle_left_in_port)
        f.left_in = {e.subject.pos, f.label() + (f.box.empty() ? " is in " + f.area + ", which has no At Sea box (Readings: coastal-at-sea=none)"
                                                              : " is in the " + f.box + " box of " + f.area) +
                                       ": another activation only from an At Sea box"};
        f.box = "at-sea";  // the players have it at sea
    }
    if (why.empty()) return true;
    ctx.findings.error(Kind::Illegal, cite(section), e.subject.pos, why);
    f.with = -1, f.flipped = 0, f.mission = false;
    if (!f.mobilized_on && !f.began_at_sea) f.began_at_sea = true;
    f.allowed = std::max(f.allowed, f.activations + 1);
    return false;
}

// 6.2.4: a fleet activated again from a Port box. Its move: from there, the activation was the
// mistake; from elsewhere, its earlier move out is the line left out (one finding either way).
void TmbvEngine::settle_left_in_port(CampaignFleet& f, const ngn::Event* move, GameContext& ctx) {
    if (!f.left_in.pos.line) return;
    const CampaignFleet::LeftIn left = std::exchange(f.left_in, {});
    const ngn::AreaPos* first = nullptr;
    ngn::SourcePos first_pos;
    if (move)
        for (const ngn::Item& it : move->args)
            if (const auto* a = it.as<ngn::AreaPos>(); a && !first) first = a, first_pos = it.pos;
    const geometry::Place* p = first && map_ ? map_->find(std::string(first->area)) : nullptr;
    if (!p || ngn::same_label(p->name, f.area) || map_->adjacent(f.area, p->name))
        return void(ctx.findings.error(Kind::Illegal, cite("6.2.4"), left.pos, left.why));
    ctx.findings.error(Kind::Illegal, cite("6.4"), first_pos,
                       f.label() + " stood at " + f.area + " after its last move written, which does not touch " + p->name +
                           " on the map: a move left out?");
    f.placed = false;  // where it went is the players': this move places it
}

// A fleet the players moved without a mobilization or activation written: taken as activated in
// this impulse (mobilized, if it was in port), so that its later lines are judged from there.
void TmbvEngine::taken_as_activated(CampaignFleet& f) {
    const int impulse = operations_.impulse;
    f.with = -1, f.flipped = 0, f.flipped_why.clear();
    if (!f.mobilized_on && !f.began_at_sea.value_or(false)) f.mobilized_on = std::min(f.attempts + 1, kMostAttempts), f.allowed = activations_for(f.mobilized_on);
    if (f.began_at_sea.value_or(false)) f.allowed = std::max(f.allowed, 1);
    f.allowed = std::max(f.allowed, f.activations + 1);
    ++f.activations, f.activated_in = impulse;
}

// A fleet of the admiral's port moving right after the admiral's fleet was taken as activated:
// the line left out was the admiral's `mobilize with`, already said.
bool TmbvEngine::joins_taken_leader(CampaignFleet& f, int fleet) {
    Operations& o = operations_;
    if (o.taken_leader < 0 || o.taken_leader == fleet) return false;
    const CampaignFleet& leader = o.fleets[static_cast<std::size_t>(o.taken_leader)];
    if (leader.entity->side != f.entity->side || leader.activated_in != o.impulse || f.attempts || f.mobilized_on || f.box != "port") return false;
    f.with = o.taken_leader, f.mobilized_on = leader.mobilized_on, f.allowed = leader.allowed, f.activations = leader.activations;
    f.activated_in = o.impulse, f.attempts = leader.attempts;
    return true;
}

// 6.2.5: a failed second activation goes on for the VP difference of the roll and the FML.
void TmbvEngine::pay_activation(CampaignFleet& f, int cost, int written, const ngn::Event& e, GameContext& ctx) {
    if (f.activations != 1 || f.began_at_sea.value_or(false))
        ctx.findings.error(Kind::Illegal, cite("6.2.5"), e.claim_pos, "VP buy only a second activation that failed its check");
    else if (written != cost) {
        ctx.findings.error(Kind::WrongResult, cite("6.2.5"), e.claim_pos, "a failed second activation costs the roll's difference from the FML",
                           "vp " + std::to_string(cost), "vp " + std::to_string(written));
        return dispute_vp(f.entity->side, -written, -cost);  // the track goes on as written, the rules' count beside
    }
    pay_vp(f.entity->side, written, e.claim_pos, ctx);
}

// A move of a fleet not activated in this impulse (6.2.1): one finding. Where a fleet of its side
// activated in this impulse, not yet moved, stands where the move starts, one of the two lines
// named the wrong fleet: the activation's, when its line was said wrong already (its finding is
// this one: the activation becomes this fleet's), else the move's (returned: that fleet moves).
// Otherwise the fleet is taken as activated. -1: this fleet moves.
int TmbvEngine::unactivated_move(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    const int meant = activated_unmoved_from(f.entity->side, e);
    CampaignFleet* g = meant >= 0 && meant != fleet ? &o.fleets[static_cast<std::size_t>(meant)] : nullptr;
    if (g && g->activation_said && g->activation_said_in == o.impulse && g->with < 0) {
        ctx.findings.excuse(*g->activation_said, e.subject.pos, f.label() + " moves in the activation written for " + g->label());
        swap_activation(f, *g);
        if (o.acted == meant) o.acted = fleet;
        return -1;
    }
    if (g) {
        ctx.findings.error(Kind::Illegal, cite("6.2.1"), e.subject.pos,
                           f.label() + " is not activated in this impulse; " + g->label() +
                               " is, and stands where this move starts: its move, the fleet's name said wrong? (taken so)");
        return meant;
    }
    ctx.findings.error(Kind::Illegal, cite("6.2.1"), e.subject.pos,
                       f.label() + " is not activated in this impulse: a fleet moves in an activation (mobilize, or activate)");
    // a paid attempt left out after a failure (6.1.2): its VP are not known, the next total is the players'
    if (!f.mobilized_on && f.attempts > 0 && f.attempts < kMostAttempts && static_cast<std::size_t>(f.entity->side) < o.vp.size())
        o.vp[static_cast<std::size_t>(f.entity->side)].reset();
    taken_as_activated(f);  // the players moved it: its mobilization or activation left out, one finding
    if (f.admiral) o.taken_leader = fleet;
    return -1;
}

// This turn's mobilization and activations of two fleets, exchanged (a line that named one for the other).
void TmbvEngine::swap_activation(CampaignFleet& a, CampaignFleet& b) {
    std::swap(a.attempts, b.attempts), std::swap(a.mobilized_on, b.mobilized_on), std::swap(a.allowed, b.allowed);
    std::swap(a.activations, b.activations), std::swap(a.activated_in, b.activated_in);
    std::swap(a.flipped, b.flipped), std::swap(a.flipped_why, b.flipped_why), std::swap(a.last_cost, b.last_cost);
    a.activation_said.reset(), b.activation_said.reset();
}

// A fleet of the side activated in this impulse that has not moved yet, standing in the area the
// move starts from; -1 for none.
int TmbvEngine::activated_unmoved_from(int side, const ngn::Event& move) const {
    const Operations& o = operations_;
    const ngn::AreaPos* first = nullptr;
    for (const ngn::Item& it : move.args)
        if ((first = it.as<ngn::AreaPos>())) break;
    for (std::size_t i = 0; first && i < o.fleets.size(); ++i) {
        const CampaignFleet& c = o.fleets[i];
        if (c.entity->side == side && c.activated_in == o.impulse && c.activations && c.mp_impulse != o.impulse && c.placed &&
            same_label(c.area, std::string(first->area)))
            return static_cast<int>(i);
    }
    return -1;
}

// Main move @Pola/at-sea @Lissa/blockade: a move in its activation; the last place is where it ends.
void TmbvEngine::move_fleet(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.2.1");
    went_by_the_roll(fleet, true);
    const int group = f.with >= 0 ? f.with : fleet;
    const CampaignFleet& g = o.fleets[static_cast<std::size_t>(group)];
    if ((g.activated_in != o.impulse || !g.activations) && joins_taken_leader(f, fleet)) {
        // it sails with the admiral's fleet, whose mobilization was left out (said at its move)
    } else if (g.activated_in != o.impulse || !g.activations) {
        if (const int other = unactivated_move(fleet, e, ctx); other >= 0) return move_fleet(other, e, ctx);
    }
    const ngn::AreaPos* to = nullptr;
    ngn::SourcePos to_pos = e.subject.pos;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) to = a, to_pos = it.pos;
    if (!to) {
        ctx.findings.error(Kind::Inconsistent, cite("6.4"), e.subject.pos, "a move names the areas entered, the last with its box: " + f.label() +
                                                                               " move @Pola/at-sea @Lissa/blockade");
        return;
    }
    judge_roma_sails(f, e, ctx);  // before the move: whether it leaves port
    settle_left_in_port(f, &e, ctx);
    std::string box = box_name(to->box);
    if (!to->box.empty() && box.empty())
        ctx.findings.error(Kind::Inconsistent, cite("6.4.6"), to_pos, "a sea area's boxes are port, at-sea, blockade and bombard",
                           "port, at-sea, blockade or bombard", std::string(to->box));
    else
        walk_fleet(f, e, ctx);
    judge_diw_left(f, "6.6", e.subject.pos, ctx);
    note_interruption(fleet, e, ctx);
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>(); a && in_mediterranean(std::string(a->area))) {  // 6.7.2
            const geometry::Place* p = map_ ? map_->find(std::string(a->area)) : nullptr;
            f.med_impulse = o.impulse, f.med_area = p ? p->name : std::string(a->area);
        }
    judged(ctx, "6.4.6");
    const geometry::Place* p = map_ ? map_->find(std::string(to->area)) : nullptr;
    if (p && p->boxes && box.empty()) box = "at-sea";  // a fleet in an area with boxes is in one
    if (box == "port" && ctx.header.option("end-in-port") == "barred")
        ctx.findings.error(Kind::Illegal, cite("6.4.3"), to_pos, "a fleet reaches port only in the Return to Port Phase (8.0; Readings: end-in-port)");
    f.area = p ? p->name : std::string(to->area), f.box = box, f.placed = true, f.port_unwritten.reset();
    if ((box == "blockade" || box == "bombard") && !f.marker.empty()) {
        judged(ctx, "6.4.7");
        ctx.findings.error(Kind::Illegal, cite("6.4.7"), to_pos, f.label() + " has a " + f.marker + " marker: no " + box + " mission");
    }
    if (box == "blockade" || box == "bombard") f.mission = true;  // 6.4.6
}

// ---- the checks' rolls -------------------------------------------------------------------------------

// An FML check (6.1.2, 6.2): one die, with the admiral's rating when he sails with the fleet,
// passed at most the FML. The players' modifiers make the total: a wrong one is its own finding.
TmbvEngine::Check TmbvEngine::fml_check(const CampaignFleet& f, const ngn::Event& e, const char* section, GameContext& ctx) {
    Check c;
    const ngn::Dice* dice = first_dice(e);
    if (!dice || dice->faces.empty()) {
        ctx.findings.error(Kind::Inconsistent, cite(section), e.subject.pos,
                           "a mobilization or activation check is written with its die: " + f.label() + " " + std::string(e.verb()) + " d10: 3 -2(Tegetthoff) = 1");
        return c;
    }
    one_die(*dice, cite(section), ctx);
    if (!ctx.dice_ok) return c;
    const std::optional<int> modifier = judge_admiral_modifier(f, *dice, section, ctx);
    c.written = dice->faces.front().value;
    for (const ngn::Modifier& m : dice->modifiers) c.written += m.value;
    c.total = modifier ? dice->faces.front().value + *modifier : c.written;
    if (dice->total && *dice->total != c.written) return c;  // which the players went by is not known (the kit said so)
    const std::optional<int>& fml = turn_start_.fml[static_cast<std::size_t>(f.entity->side)];
    if (!fml) {
        if (!std::exchange(operations_.said_no_fml, true))
            ctx.findings.note(Kind::Unverifiable, cite("6.1.1"), e.subject.pos,
                              "the FMLs are not known here (a record that starts after turn 1, or a side not named Austria or Italy): "
                              "mobilization and activation results are taken as claimed");
        return c;
    }
    c.fml = *fml, c.known = true, c.passed = c.total <= *fml;
    c.fml_other = turn_start_.fml_other[static_cast<std::size_t>(f.entity->side)];
    return c;
}

// 6.1.2: the admiral's rating raises Italy's roll and lowers Austria's, when he is with the fleet.
// The modifier the rules give; none when not known (no rating in a manifest).
std::optional<int> TmbvEngine::judge_admiral_modifier(const CampaignFleet& f, const ngn::Dice& dice, const char* section, GameContext& ctx) {
    int written = 0;
    std::string written_text;
    for (const ngn::Modifier& m : dice.modifiers)
        written += m.value, written_text += (written_text.empty() ? "" : " ") + (m.label.empty() ? signed_text(m.value) : modifier_text(m.value, std::string(m.label)));
    const int side = f.entity->side;
    if (operations_.admiral_unknown[static_cast<std::size_t>(side)]) return std::nullopt;  // said at the set-up
    if (!f.admiral) {
        if (written != 0)
            ctx.findings.error(Kind::WrongResult, cite(section), dice.faces.front().pos,
                               f.label() + " sails without the admiral: only his rating modifies a mobilization or activation roll", "no modifier", written_text);
        return 0;
    }
    const Entity* side_entity = ctx.symbols.side(side);
    const ManifestAdmiral* admiral = manifest_ && side_entity ? manifest_->admiral_of(side_entity->name) : nullptr;
    if (!admiral && manifest_ && side_entity && !side_entity->alias.empty()) admiral = manifest_->admiral_of(side_entity->alias);
    if (!admiral || (side != italy_ && side != austria_)) {
        if (!std::exchange(operations_.said_no_rating, true))
            ctx.findings.note(Kind::Unverifiable, cite(section), dice.faces.front().pos,
                              "no admiral's command rating in a manifest for " + side_name(side, ctx) +
                                  " (admiral <side> \"<name>\" rating <N>, docs/rules/tmbv.md): the admirals' modifiers are taken as written");
        return std::nullopt;
    }
    const int rating = side == italy_ ? admiral->rating : -admiral->rating;
    if (!adds_up(dice) && dice.total == dice.faces.front().value + rating) return rating;  // the total is the rules': the kit said the sum is off
    if (written != rating)
        ctx.findings.error(Kind::WrongResult, cite("6.1.2"), dice.faces.front().pos,
                           admiral->name + " sails with " + f.label() + ": his rating of " + std::to_string(admiral->rating) +
                               (side == italy_ ? " raises Italy's roll" : " lowers Austria's roll"),
                           modifier_text(rating, admiral->name), written_text.empty() ? "no modifier" : written_text);
    return rating;
}

void TmbvEngine::describe_operations(std::ostream& os, const GameContext& ctx) const {
    const Operations& o = operations_;
    os << vp_text(ctx) << "\n";
    os << "VP paid for operations:";
    for (std::size_t s = 0; s < o.vp_paid.size(); ++s) os << (s ? ", " : " ") << side_name(static_cast<int>(s), ctx) << " " << o.vp_paid[s];
    os << "\nVP won in battles:";
    for (std::size_t s = 0; s < o.vp_won.size(); ++s) os << (s ? ", " : " ") << side_name(static_cast<int>(s), ctx) << " " << o.vp_won[s];
    os << "\n";
    std::vector<std::pair<const Entity*, CampaignShip>> touched(o.ship_state.begin(), o.ship_state.end());
    std::sort(touched.begin(), touched.end(), [](const auto& a, const auto& b) { return a.first->pos.line < b.first->pos.line; });
    for (const auto& [ship, state] : touched)
        os << ship->name << ": " << counted(state.hits.played(), "hit") << (state.sunk ? (state.sunk_in_battle ? ", sunk in the battle of " : state.scuttled ? ", scuttled on " : ", sunk on ") + line_text(state.sunk) : "")
           << (is_roma(*ship) && state.hits.played() > 0 && !state.sunk ? ", crew C till repaired (14.5)" : "") << "\n";
    for (const auto& [name, port] : o.ports) {  // 9.2.4, 9.3, 11.2.5
        if (!port.hits && port.captured_by < 0) continue;
        const geometry::Place* p = map_ ? map_->find(name) : nullptr;
        os << "port " << (p ? p->name : name) << ": battery " << counted(port.hits, "hit")
           << (port.captured_by >= 0 ? ", taken by " + side_name(port.captured_by, ctx) : "") << "\n";
    }
    for (const LoneShip& l : o.lone) os << l.ship->name << ": outside a fleet, " << (l.port_unwritten ? "in a port not written" : "@" + l.area) << "\n";  // 6.7.1
    for (const CampaignFleet& f : o.fleets) {
        os << f.entity->name << " (" << side_name(f.entity->side, ctx) << (f.type.empty() ? "" : ", " + f.type) << (f.admiral ? ", admiral" : "")
           << "): " << place_text(f) << fleet_make_up(f);
        if (f.mobilized_on) os << ", mobilized on attempt " << f.mobilized_on;
        else if (f.began_at_sea.value_or(false)) os << ", began the turn at sea";
        else if (f.attempts) os << ", " << counted(f.attempts, "attempt") << " to mobilize";
        if (f.allowed) os << ", activations " << f.activations << " of " << f.allowed;
        if (f.with >= 0) os << ", with " << o.fleets[static_cast<std::size_t>(f.with)].label();
        if (f.mission) os << ", on station";
        if (f.flipped) os << ", activated side up";
        if (!f.marker.empty()) os << ", " << f.marker;
        if (f.emptied) os << ", every ship sunk: the marker comes back next turn (6.3.5)";
        os << "\n";
    }
}

}  // namespace ironlog::rules::tmbv
