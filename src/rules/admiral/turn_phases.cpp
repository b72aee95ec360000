// Playing Admiral/The Turn: the tactical phase's initiative and Admiral Points, the operational
// phase's alternating hands (one unit's activation each, Pass cards in an unequal clash), the
// chronometric phase, and the victory conditions.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <map>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kTactical = cite("Playing Admiral/Tactical Phase");
const RuleRef kOperational = cite("Playing Admiral/Operational Phase");
const RuleRef kChronometric = cite("Playing Admiral/Chronometric Phase");
const RuleRef kUnequal = cite("Playing Admiral/Unequal Clash");
const RuleRef kVictory = cite("Playing Admiral/Victory Conditions");
const RuleRef kDamageControl = cite("Damage/Damage Control");
const RuleRef kDiceRolls = cite("General Principles/Dice Rolls");
const RuleRef kAutomatic = cite("Damage/Automatic Actions");

}  // namespace

void AdmiralEngine::start_turn(GameContext& ctx) {
    turn_ = std::max(turn_ + 1, ctx.cursor.turn_number);
    phase_.clear();
    last_hand_side_ = -1;
    hands_parted_.reset();
    initiative_winner_.reset();
    for (SideState& s : sides_) s.points.reset(), s.spent = 0, s.passes = 0, s.initiative.reset();
    for (std::size_t s = 0; s < sides_.size(); ++s) sides_[s].pass_cards = pass_cards_allowed(static_cast<int>(s));  // the turn's deck
    for (Unit& u : units_) {
        u.stopped = u.ram_through = false;
        u.fired = {};
        u.reduced = {};
        u.orders.clear();
        u.repaired = false;
        if (turn_ == 1 && !u.speed_known && !starting_speeds(u).empty()) u.speed = *starting_speeds(u).begin(), u.speed_known = true;
    }
}

std::optional<int> AdmiralEngine::highest_command(int side) const {
    std::optional<int> best;
    for (const Unit& u : units_)
        if (u.side == side && u.flagship && u.command && !u.sunk && !u.removed) best = std::max(best.value_or(*u.command), *u.command);
    return best;
}

// KM initiative d6: 3 +1(command) = 4: 1D6 + the highest command value; the first roll of the turn
// is the side's Admiral Points; the higher total chooses the first hand, a tie rolls again.
bool AdmiralEngine::on_initiative(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    if (who.kind != ngn::EntityKind::Side || who.index < 0 || static_cast<std::size_t>(who.index) >= a.sides_.size()) return false;
    if (!a.in_phase("tactical", e, kTactical, ctx)) return true;
    ctx.judged(kTactical), ctx.judged(kDiceRolls);
    SideState& s = a.sides_[static_cast<std::size_t>(who.index)];
    if (s.flagships_at_start > 0 && !s.command_rolled && !ctx.header.setup) {
        s.command_rolled = true;  // said once
        ctx.findings.error(Kind::Illegal, cite("Playing Admiral/Choosing Flagships"), where(e),
                           who.label() + " has flagships, and rolled no D10s for their command values in the set-up");
    }
    const ngn::Dice* dice = last_dice(e.args);
    if (!dice || dice->faces.empty()) {
        ctx.findings.error(Kind::Inconsistent, kTactical, where(e), "an initiative line gives its 1D6: " + who.label() + " initiative d6: 4 +1(command) = 5");
        return true;
    }
    if (dice->sides != 6 || dice->faces.size() > 1) ctx.findings.error(Kind::Illegal, kTactical, where(e), "the initiative is rolled on 1D6", "d6", dice->spec());
    const auto command = a.highest_command(who.index);
    if (!command) {
        bool flagship_afloat = false;
        for (const Unit& u : a.units_) flagship_afloat = flagship_afloat || (u.side == who.index && u.flagship && !u.sunk && !u.removed);
        a.unverified(who.label() + (flagship_afloat ? "'s command value (no command line gave it one)" : "'s initiative with no flagship afloat (the demo does not say)"),
                     kTactical, where(e), ctx);
    }
    Roll r = a.read_roll(*dice, command ? std::vector<std::pair<std::string, int>>{{"command", *command}} : std::vector<std::pair<std::string, int>>{});
    if (command) a.judge_roll(r, "the initiative (1D6 + the highest command value)", kTactical, where(e), ctx);
    const int total = command ? r.played() : r.recorded.value_or(r.face);
    if (!s.points) s.points = total;  // a re-roll leaves the Admiral Points of the first
    s.initiative = total;
    s.initiative_rules = command ? r.rules : total;
    bool all = true;
    for (const SideState& o : a.sides_) all = all && o.initiative;
    if (!all) return true;
    // the winner by the totals as written, and by the rules' totals (a total miswritten is the kit's finding)
    auto winner_of = [&](bool by_rules) {
        int best = -1000, winner = -1, count = 0;
        for (std::size_t i = 0; i < a.sides_.size(); ++i) {
            const int v = by_rules ? a.sides_[i].initiative_rules : *a.sides_[i].initiative;
            if (v > best) best = v, winner = static_cast<int>(i), count = 1;
            else if (v == best) ++count;
        }
        return count > 1 ? -1 : winner;  // -1: a tie
    };
    const int played = winner_of(false), rules = winner_of(true);
    std::string claimed;
    if (e.claim && !e.claim->empty()) claimed = reference_text(e.claim->front());
    const Entity* named = claimed.empty() ? nullptr : ctx.symbols.find_side(claimed);
    const int said = lower(claimed) == "reroll" ? -1 : named ? named->index : -2;
    if (!claimed.empty() && said != played && said != rules)
        ctx.findings.error(Kind::WrongResult, kTactical, e.claim_pos, played < 0 ? "a tie is rolled again" : "the higher total chooses the first hand",
                           played < 0 ? "reroll" : a.side_name(played, ctx), claimed);
    for (SideState& o : a.sides_) o.initiative.reset();
    const int outcome = claimed.empty() ? played : said == -2 ? played : said;
    if (outcome >= 0) a.initiative_winner_ = outcome;
    return true;
}

// RN pass: a Pass card, the smaller side's in an unequal clash.
bool AdmiralEngine::on_pass(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    if (who.kind != ngn::EntityKind::Side || who.index < 0 || static_cast<std::size_t>(who.index) >= a.sides_.size()) return false;
    if (!a.in_phase("operational", e, kOperational, ctx)) return true;
    ctx.judged(kUnequal);
    if (a.active_) a.end_hand(ctx, where(e));
    a.hand_of_side(who.index, where(e), ctx);
    SideState& s = a.sides_[static_cast<std::size_t>(who.index)];
    const int allowed = s.pass_cards;
    if (++s.passes > allowed)
        ctx.findings.error(Kind::Illegal, kUnequal, where(e),
                           "a side may add one Pass card for every two units it has fewer than its opponent when the turn begins, at most 10: " +
                               who.label() + " has " + std::to_string(allowed),
                           count_of(allowed, "Pass card"), std::to_string(s.passes));
    return true;
}

int AdmiralEngine::pass_cards_allowed(int side) const {
    std::vector<int> count(sides_.size(), 0);
    for (const Unit& u : units_)
        if (u.afloat() && u.side >= 0 && static_cast<std::size_t>(u.side) < count.size()) ++count[static_cast<std::size_t>(u.side)];
    if (side < 0 || static_cast<std::size_t>(side) >= count.size()) return 0;
    const int most = *std::max_element(count.begin(), count.end());
    return std::min(10, (most - count[static_cast<std::size_t>(side)]) / 2);
}

bool AdmiralEngine::side_has_units_left(int side) const {
    for (const Unit& u : units_)  // a unit rammed before its hand has none this turn
        if (u.side == side && u.afloat() && u.activated_turn != turn_ && !u.stopped) return true;
    return false;
}

// Hands alternate, unless the other side has no unit left to activate.
bool AdmiralEngine::hand_of_side(int side, ngn::SourcePos at, GameContext& ctx) {
    if (side < 0) return true;  // a unit of no side: the kit said so
    bool ok = true;
    if (last_hand_side_ == side) {
        bool others_left = false;
        for (std::size_t s = 0; s < sides_.size(); ++s) others_left = others_left || (static_cast<int>(s) != side && side_has_units_left(static_cast<int>(s)));
        std::optional<Cause> doubt;  // the others' units left may all have been stopped or sunk in a collision left out
        bool all_in_doubt = true;
        for (const Unit& u : units_)
            if (u.side != side && u.afloat() && u.activated_turn != turn_ && !u.stopped) {
                if (!u.ram_doubt) all_in_doubt = false;
                else if (!doubt) doubt = u.ram_doubt;
            }
        if (!all_in_doubt) doubt.reset();
        if (others_left && hands_parted_) {
            ctx.findings.excuse(*hands_parted_, at, "the hands follow the order as played");
        } else if (others_left && doubt) {
            ctx.findings.excuse(*doubt, at, "the other side's units left may have been stopped or sunk in the collision left out");
        } else if (others_left) {
            hands_parted_ = Findings::cause_of(ctx.findings.error(Kind::Illegal, kOperational, at, "the hands alternate: " + side_name(side, ctx) + " had the last hand"));
            ok = false;
            for (Unit& u : units_)  // a hand left out, most likely: which of theirs moved, and where, is in doubt
                if (u.side != side && u.afloat() && u.activated_turn != turn_) u.place_doubt = hands_parted_;
        }
    }
    last_hand_side_ = side;
    return ok;
}

// A unit's first line in a hand begins its activation; its later lines go on with it.
bool AdmiralEngine::take_hand(Unit& u, const ngn::Event& e, GameContext& ctx) {
    if (active_ == &u) return u.last_pos = e.subject.pos, true;
    const ngn::SourcePos at = where(e);
    if (phase_ != "operational") {
        ctx.findings.error(Kind::Illegal, kOperational, at, "a unit acts in its hand of the operational phase, not " + (phase_.empty() ? "before play" : "in phase " + phase_));
        return false;
    }
    if (active_) end_hand(ctx, at);
    ctx.judged(kOperational);
    if (!u.afloat()) {
        last_hand_side_ = u.side;  // as played: the players gave it a hand
        gone(u, kOperational, at, u.label(), ctx);
        return false;
    }
    u.extra_hand.reset();
    if (u.activated_turn == turn_)
        u.extra_hand = Findings::cause_of(
            ctx.findings.error(Kind::Illegal, kOperational, at, u.label() + " has had its hand this turn: each unit is activated once a turn"));
    else hand_of_side(u.side, at, ctx);
    active_ = &u;
    u.last_pos = e.subject.pos;
    u.activated_turn = turn_;
    u.run = u.moved = 0;
    u.rotations = 0;
    u.moved_any = u.speed_written = u.end_rotation = u.planned_veer = false;
    u.move_parted.reset();
    u.unread.reset();
    u.move_looked_for = false;
    u.automatic_now = u.automatic, u.automatic = Automatic::None;
    if (u.automatic_now != Automatic::None) ctx.judged(kAutomatic);  // the hand is judged under it
    u.automatic_now_parted = u.automatic_parted, u.automatic_parted.reset();
    u.conning_now = u.conning_due, u.conning_due = false;
    u.targets_now.clear();
    u.conning_said.reset();
    return true;
}

// A unit sinks (as played) at `line`; `reported`: the finding that said the sinking was not the
// rules' (a later line of it then follows from that one).
void AdmiralEngine::sink(Unit& u, std::uint32_t line, std::optional<Cause> reported) {
    u.sunk = true;
    u.sunk_turn = turn_;
    u.gone.leave("sank in turn " + std::to_string(turn_), line, std::move(reported));
}

// A unit sunk or lost that acts, or is aimed at (`who`: "DAR", or "BIS fires at DAR, which"): said
// once, at the first such line, naming the line that sank it; the later ones follow from the same
// slip (the players played on as if it were there), excused (check/as_played.hpp, Gone).
void AdmiralEngine::gone(Unit& u, const RuleRef& rule, ngn::SourcePos at, const std::string& who, GameContext& ctx) {
    u.gone.takes_part(ctx.findings, rule, at, who, u.lost ? "a unit lost off the table takes no further part" : "a sunk unit takes no further part",
                      u.label() + " is out of play: the line is taken as played");
}

void AdmiralEngine::end_hand(GameContext& ctx, ngn::SourcePos at) {
    if (!active_) return;
    Unit& u = *active_;
    active_ = nullptr;
    end_activation(u, ctx, at);
    if (!u.targets_now.empty()) u.last_targets = u.targets_now;
    if (u.duds_due.hits > 0)
        ctx.findings.error(Kind::Illegal, cite("War Technology/Special Rules"), ngn::SourcePos{u.duds_due.line, 1},
                           u.label() + "'s torpedoes " + (u.duds_due.magnetic ? "have magnetic heads" : "may malfunction") + ": each hit calls for a 1D6 (" +
                               std::to_string(u.duds_due.hits) + " not rolled)",
                           count_of(u.duds_due.hits, "malfunction roll"), "none");
    u.duds_due = {};
    u.automatic_now = Automatic::None;
    u.conning_now = false;
    for (Unit& o : units_) criticals_owed(o, ctx, at);
}

void AdmiralEngine::chronometric(GameContext& ctx, ngn::SourcePos) {
    ctx.judged(kChronometric);
    // Units of 2 or 3 SP sunk this turn are removed, those of 4 SP a turn later (1 SP: at once).
    for (Unit& u : units_)
        if (u.sunk && !u.removed && (structure_points(u) < 4 || u.sunk_turn < turn_)) u.removed = true;
}

// PoW repair d10: 7 => repaired: one damage-control attempt a unit a turn, at most its DC in all.
bool AdmiralEngine::on_repair(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    Unit* u = a.unit(who);
    if (!u) return false;
    if (!a.in_phase("chronometric", e, kChronometric, ctx)) return true;
    ctx.judged(kChronometric);
    const ngn::SourcePos at = where(e);
    if (!u->afloat() || u->severe == 0) {
        ctx.findings.error(Kind::Illegal, kChronometric, at, u->label() + " has no severe damage to repair" + (u->afloat() ? "" : ": it is sunk"));
        return true;
    }
    if (u->repaired) ctx.findings.error(Kind::Illegal, kChronometric, at, "one damage-control attempt a unit in a chronometric phase");
    else if (u->card.dc && u->repairs >= *u->card.dc)
        ctx.findings.error(Kind::Illegal, kDamageControl, at, u->label() + "'s card gives " + count_of(*u->card.dc, "damage-control attempt") + ", all used");
    u->repaired = true;
    ++u->repairs;
    a.unverified("damage control's roll (official version only)", kDamageControl, at, ctx);
    if (e.claim && !e.claim->empty() && is_word(e.claim->front(), "repaired")) --u->severe, u->severe_rules = std::max(0, u->severe_rules - 1);
    return true;
}

// Victory Conditions: the enemy's flagships reduced to fewer than half of those it started with.
// A flagship whose sinking a reported claim parted from the rules counts either way: the result
// the rules give then follows from that finding.
void AdmiralEngine::judge_result(GameContext& ctx) {
    const auto* r = ctx.header.result;
    if (!r || r->value == "*" || ctx.header.option("victory") == "mission" || sides_.size() != 2) return;
    const Entity* named = ctx.symbols.find_side(r->value);
    if (!named && lower(r->value) != "draw") return;
    if (sides_[0].flagships_at_start == 0 && sides_[1].flagships_at_start == 0)
        return (void)ctx.findings.note(Kind::Unverifiable, kVictory, r->value_pos, "no flagship is declared: the winner is not verified");
    std::optional<Cause> parted;  // a flagship sunk by one reading and afloat by the other
    auto afloat = [&](const Unit& u, bool by_rules) {
        const bool played = !u.sunk && !u.removed;
        bool rules = played;
        if (u.vanished) rules = true;
        else if (u.sunk_left_out) rules = false;
        else if (u.damage_parted && !u.lost) rules = u.severe_rules < structure_points(u);
        if (rules != played && !parted) parted = u.vanished ? u.vanished : u.sunk_left_out ? u.sunk_left_out : u.damage_parted;
        return by_rules ? rules : played;
    };
    auto outcome = [&](bool by_rules) {  // "draw", or the winning side's name
        std::array<bool, 2> beaten{};
        for (int side = 0; side < 2; ++side) {
            int alive = 0;
            for (const Unit& u : units_) alive += u.side == side && u.flagship && afloat(u, by_rules);
            const int start = sides_[static_cast<std::size_t>(side)].flagships_at_start;
            beaten[static_cast<std::size_t>(side)] = start > 0 && 2 * alive < start;
        }
        return beaten[0] == beaten[1] ? -1 : beaten[1] ? 0 : 1;  // side 0 wins when side 1 is beaten
    };
    ctx.judged(kVictory);
    const int played = outcome(false), rules = outcome(true);
    const int said = named ? named->index : -1;
    if (said == played) return;
    if (said == rules && parted) return ctx.findings.excuse(*parted, r->value_pos, "the result the rules give, with the sinking they give");
    ctx.findings.error(Kind::WrongResult, kVictory, r->value_pos,
                       "a side wins by sinking more than half of the enemy's flagships ([Options \"victory=mission\"] for a mission's conditions)",
                       played < 0 ? "draw" : side_name(played, ctx), std::string(r->value));
}

}  // namespace ironlog::rules::admiral
