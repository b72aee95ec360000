// The campaign's Reinforcement Segment (printed 11.2, after the Repair Segment): the Austrian
// Support Fleet's arrival by a mobilization roll from turn 2 (11.2.1 a) and the Italian Reserve
// Fleet's release (11.2.2 a). A side's line, in `segment reinforcement`:
//   Austria reinforce d10: 3 => arrives        (or => fails)
//   Italy reinforce d10: 4 => arrives          (or => fails, or => arrives vp 11)
// The fleet that arrives is declared after it (fleet AS "..." support @Pola/port, its ships).
// And the optional Roma (14.5), on any turn, for its price, with a die for its hits:
//   Italy roma vp 5 d10: 6 => 4 hits
// the ship declared after it in the Reserve Fleet (ship ROM "Roma" IR); with roma-joins=at-set-up
// the ship is declared at set-up and the line is written before that fleet first leaves port.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

namespace {
constexpr int kReserveFml = 6;  // 11.2.2 a): the Italian FML from which the Reserve Fleet may be released
}

// A roll that takes no modifier (11.2.1 a, 11.2.2 a, 14.5): a modifier written is one finding.
// False when one was written.
bool TmbvEngine::no_modifiers(const ngn::Dice& dice, const char* section, const std::string& roll, GameContext& ctx) {
    if (dice.modifiers.empty()) return true;
    if (ctx.dice_ok)
        ctx.findings.error(Kind::Illegal, cite(section), dice.modifiers.front().pos, roll + " has no modifiers", "no modifier",
                           modifier_text(dice.modifiers.front().value, std::string(dice.modifiers.front().label)));
    return false;
}

void TmbvEngine::reinforcement_roll(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    Operations& o = operations_;
    const TurnStart& t = turn_start_;
    const bool austria = side.index == austria_;
    const char* section = austria ? "11.2.1 a)" : "11.2.2 a)";
    judged(ctx, section);
    const auto s = static_cast<std::size_t>(side.index == austria_ ? 0 : 1);
    const std::optional<int> fml = t.fml[static_cast<std::size_t>(side.index)];
    std::string refused;
    if (side.index != austria_ && side.index != italy_) refused = "only Austria (its Support Fleet) and Italy (its Reserve Fleet) roll for reinforcements";
    else if (austria && t.turn < 2) refused = "the Austrian Support Fleet's roll is made from turn 2";
    else if (austria ? o.support_arrived : o.reserve_released)
        refused = std::string(austria ? "the Austrian Support Fleet arrived" : "the Italian Reserve Fleet was released") + " in turn " +
                  std::to_string(austria ? o.support_arrived : o.reserve_released);
    else if (!austria && fml && *fml < kReserveFml)
        refused = "the Italian Reserve Fleet is rolled for at an FML of 6 or more (Italy's is " + std::to_string(*fml) + "), or released when Taranto is bombarded";
    else if (o.reinforce_rolled[s] == t.turn) refused = side.label() + " has rolled for its reinforcement already this turn";
    if (!refused.empty()) return void(ctx.findings.error(Kind::Illegal, cite(section), e.subject.pos, refused));
    o.reinforce_rolled[s] = t.turn;
    const ngn::Dice* dice = first_dice(e);
    const auto claim = claimed_word(e);
    if (!dice || dice->faces.empty() || (claim != "arrives" && claim != "fails")) {
        ctx.findings.error(Kind::Inconsistent, cite(section), e.subject.pos,
                           "a reinforcement roll is written: " + side.label() + " reinforce d10: 3 => arrives | fails" + (austria ? "" : " | arrives vp N"));
        return;
    }
    one_die(*dice, cite(section), ctx);
    const int face = dice->faces.front().value;
    no_modifiers(*dice, section, "the reinforcement roll", ctx);
    std::optional<int> paid = vp_argument(e, section, ctx);
    if (e.claim)  // => arrives vp N, as docs/rules/tmbv.md writes it
        for (std::size_t i = 0; i + 1 < e.claim->size() && !paid; ++i)
            if (const auto* n = (*e.claim)[i + 1].as<ngn::Number>(); is_word((*e.claim)[i], "vp") && n && n->is_integer && n->as_int() >= 0) paid = n->as_int();
    const bool arrives = claim == "arrives";
    // Readings (docs/rules/tmbv.md): reserve-release-roll, reserve-release-cost
    const bool at_most = austria || ctx.header.option("reserve-release-roll") == "at-most";
    const bool from_italy = ctx.header.option("reserve-release-cost") == "difference-from-italy";
    if (fml && ctx.dice_ok) {
        const bool passes = at_most ? face <= *fml : face < *fml;  // at most the FML (11.2.1 a); below it (11.2.2 a)
        const int price = from_italy ? std::max(0, face - *fml) : face + *fml;
        if (passes != arrives && !(!passes && arrives && paid && !austria)) {
            ctx.findings.error(Kind::WrongResult, cite(section), e.claim_pos,
                               std::to_string(face) + (austria ? " against the Austrian FML of " : " against the Italian FML of ") + std::to_string(*fml),
                               passes ? "arrives" : austria ? "fails" : "fails, or arrives vp " + std::to_string(price), *claim);
            if (passes) (austria ? o.support_by_roll : o.reserve_by_roll) = t.turn;
        } else if (!passes && arrives && paid && *paid != price)
            ctx.findings.error(Kind::WrongResult, cite(section), e.claim_pos,
                               from_italy ? "after a failed roll Italy pays the roll's difference from the FML for the Reserve Fleet"
                                          : "after a failed roll the Reserve Fleet comes for the roll plus the FML, in VP to Austria",
                               "vp " + std::to_string(price), "vp " + std::to_string(*paid));
    }
    if (!arrives) return;
    (austria ? o.support_arrived : o.reserve_released) = t.turn;
    if (paid && from_italy && !austria) pay_vp(italy_, *paid, e.subject.pos, ctx);
    else if (paid && austria_ >= 0) gain_vp(austria_, *paid);  // awarded to the Austrian player (11.2.2 a)
}

// A fleet declared during play: the Austrian Support Fleet arrives only by its roll, in Pola, or in
// another un-blockaded Austrian port while Pola is blockaded (11.2.1 a). True when its place is so.
bool TmbvEngine::arrives_now(const CampaignFleet& f, GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "11.2.1 a)");
    if (f.entity->side != austria_ || f.type != "support") {  // every other fleet is set up at the start (13.1)
        ctx.findings.error(Kind::Illegal, cite("11.2.1 a)"), f.entity->pos,
                           "a fleet declared during play is a reinforcement, and only the Austrian Support Fleet arrives so: " + f.label() + " is " +
                               side_name(f.entity->side, ctx) + "'s" + (f.type.empty() ? "" : " " + f.type + " fleet") +
                               " (a fleet and its ships follow the `side` line of their side)");
        return false;
    }
    if (o.support_arrived != turn_start_.turn && o.support_by_roll == turn_start_.turn) o.support_arrived = turn_start_.turn;  // by the roll
    if (o.support_arrived != turn_start_.turn) {
        o.reinforce_rolled[0] = turn_start_.turn;  // its roll left out: this finding says so, not a second
        ctx.findings.error(Kind::Illegal, cite("11.2.1 a)"), f.entity->pos,
                           "the Austrian Support Fleet arrives by its roll in the Reinforcement Segment (Austria reinforce d10: ... => arrives)");
        return false;
    }
    const bool pola_blockaded = enemy_at("Pola", "blockade", austria_) != nullptr;
    const geometry::Place* p = map_ && f.placed ? map_->find(f.area) : nullptr;
    const bool in_pola = lower(f.area) == "pola";
    const bool other_open = pola_blockaded && (!p || friendly_port(*p, austria_, ctx)) && !enemy_at(f.area, "blockade", austria_);
    const bool ok = !f.placed || (f.box == "port" && (in_pola ? !pola_blockaded : other_open));
    if (!ok)
        ctx.findings.error(Kind::Illegal, cite("11.2.1 a)"), f.entity->pos,
                           "the Austrian Support Fleet is placed in Pola's port, or in another un-blockaded Austrian port while Pola is blockaded",
                           pola_blockaded ? "an un-blockaded Austrian port" : "@Pola/port", place_text(f));
    return ok;
}

// The Reinforcement Segment's end (the next heading, or the record's): from turn 2 Austria rolls
// for its Support Fleet each turn until it arrives (11.2.1 a); Italy's roll is its choice (11.2.2 a).
void TmbvEngine::close_reinforcement(GameContext& ctx) {
    Operations& o = operations_;
    const std::optional<ngn::SourcePos> at = std::exchange(o.reinforcement_at, std::nullopt);
    if (!at || austria_ < 0 || turn_start_.turn < 2 || o.support_arrived || o.reinforce_rolled[0] == turn_start_.turn) return;
    if (ctx.header.setup) return;  // a record from mid-game: whether the fleet came before it is not known
    judged(ctx, "11.2.1 a)");
    ctx.findings.error(Kind::Illegal, cite("11.2.1 a)"), *at,
                       "from turn 2 Austria rolls for its Support Fleet at the start of each Reinforcement Segment until it arrives (Austria reinforce d10: ...)");
}

// 11.2.2 a): the Italian Reserve Fleet is not mobilized before its release, or a bombardment of Taranto.
bool TmbvEngine::reserve_held(const CampaignFleet& f) const {
    const Operations& o = operations_;
    return f.entity->side == italy_ && f.type == "reserve" && !o.reserve_released && !o.reserve_by_roll && !o.taranto_bombarded;
}

// The Bombardment Phase's heading: an Austrian fleet in Taranto's Bombard box is taken as bombarding it.
void TmbvEngine::note_bombardment() {
    for (const CampaignFleet& f : operations_.fleets)
        if (f.placed && f.entity->side == austria_ && f.box == "bombard" && lower(f.area) == "taranto") operations_.taranto_bombarded = true;
}

// ---- 14.5 the ironclad Roma -------------------------------------------------------------------------

bool TmbvEngine::is_roma(const Entity& ship) const { return roma_rule_ && names_roma(ship); }

bool TmbvEngine::names_roma(const Entity& ship) const {
    return ship.kind == ngn::EntityKind::Ship && (ngn::same_label(ship.name, "Roma") || ngn::same_label(ship.alias, "Roma"));
}

// Italy roma vp 5 d10: 6 => 4 hits: once, with the rule in force, for 2 VP plus Italy's FML; its
// hits are half the die, rounded down, plus 1.
void TmbvEngine::roma_joins(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "14.5");
    std::string refused;
    if (!roma_rule_) refused = "the Roma is optional rule 14.5: [Rules \"ironclad-roma\"]";
    else if (side.index != italy_) refused = "the Roma is Italy's";
    else if (o.roma_paid) refused = "the Roma joined already (" + line_text(o.roma_paid) + ")";
    const std::optional<int> paid = vp_argument(e, "14.5", ctx);
    if (!refused.empty()) {
        ctx.findings.error(Kind::Illegal, cite("14.5"), e.subject.pos, refused);
        o.roma_refused = o.roma_refused || !roma_rule_;
        if (paid) pay_vp(side.index, *paid, e.subject.pos, ctx, false);  // the players paid it: their track goes on from there
        return;
    }
    o.roma_paid = e.subject.pos.line;
    const ngn::Dice* dice = first_dice(e);
    const auto claim = claimed_damage(e);
    const std::optional<int> fml = turn_start_.fml[static_cast<std::size_t>(side.index)];
    const std::optional<int> price = paid ? paid : fml ? std::optional<int>(2 + *fml) : std::nullopt;  // counted always
    if (!dice || dice->faces.empty() || !claim || !paid) {
        ctx.findings.error(Kind::Inconsistent, cite("14.5"), e.subject.pos, "the Roma joins for its price and a die for its hits: Italy roma vp 5 d10: 6 => 4 hits");
        if (price) pay_vp(side.index, *price, e.subject.pos, ctx, false);
        if (claim) put_roma_hits(claim->first);
        return;
    }
    one_die(*dice, cite("14.5"), ctx);
    const std::optional<int> other = turn_start_.fml_other[static_cast<std::size_t>(side.index)];
    if (fml && *paid != 2 + *fml && other && *paid == 2 + *other) {  // the FML said wrong before: its other reading
        dispute_vp(side.index, -*paid, -(2 + *fml));
    } else if (fml && *paid != 2 + *fml) {
        ctx.findings.error(Kind::WrongResult, cite("14.5"), e.subject.pos, "the Roma costs 2 VP plus Italy's FML (" + std::to_string(*fml) + ")",
                           "vp " + std::to_string(2 + *fml), "vp " + std::to_string(*paid));
        dispute_vp(side.index, -*paid, -(2 + *fml));  // the track goes on as written, the rules' count beside
    } else {
        pay_vp(side.index, *paid, e.subject.pos, ctx);
    }
    const int hits = dice->faces.front().value / 2 + 1;
    if (no_modifiers(*dice, "14.5", "the Roma's die", ctx) && ctx.dice_ok && claim->first != hits)
        ctx.findings.error(Kind::WrongResult, cite("14.5"), e.claim_pos, "half the die, rounded down, plus 1", counted(hits, "hit"),
                           counted(claim->first, "hit"));
    put_roma_hits(claim->first);  // as played
}

// The hits the Roma joins with: on its ship when it is declared already (roma-joins=at-set-up),
// else when it is (roma_declared).
void TmbvEngine::put_roma_hits(int hits) {
    Operations& o = operations_;
    o.roma_hits = hits;
    if (o.roma_ship) o.ship_state[o.roma_ship].add_hits(hits);
}

// The Roma's declaration, in the Reserve Fleet: after its price is paid, with the hits it joined
// with (roma-joins=when-paid, the default); or at set-up, before the first turn (at-set-up).
void TmbvEngine::roma_declared(const Entity& ship, const CampaignFleet* fleet, ngn::SourcePos at, GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "14.5");
    if (roma_at_set_up_ && ctx.cursor.turn_number > 0)
        ctx.findings.error(Kind::Illegal, cite("14.5"), at,
                           "the Roma is set up with the Reserve Fleet in Taranto: declare it before the first turn (Readings: roma-joins=at-set-up)");
    else if (!roma_at_set_up_ && !o.roma_paid)
        ctx.findings.error(Kind::Illegal, cite("14.5"), at,
                           "the Roma joins the game when Italy pays its price, and is declared after that line: Italy roma vp 5 d10: 6 => 4 hits");
    else if (fleet && fleet->type != "reserve")
        ctx.findings.error(Kind::Illegal, cite("14.5"), at, "the Roma joins the Reserve Fleet: " + fleet->label() + " is not Italy's Reserve Fleet");
    o.ship_state[&ship].hits.agree(o.roma_hits);
    o.roma_declared = true, o.roma_ship = &ship;
}

// roma-joins=at-set-up: the Roma's price and hits are paid when it first sails, so its fleet's
// first move out of port comes after the roma line. One finding, however many moves follow.
void TmbvEngine::judge_roma_sails(const CampaignFleet& f, const ngn::Event& move, GameContext& ctx) {
    Operations& o = operations_;
    if (!roma_at_set_up_ || !o.roma_ship || o.roma_paid || o.roma_sailed_unpaid || !in_port(f)) return;
    if (std::find(f.ships.begin(), f.ships.end(), o.roma_ship) == f.ships.end()) return;
    judged(ctx, "14.5");
    o.roma_sailed_unpaid = true;
    ctx.findings.error(Kind::Illegal, cite("14.5"), move.subject.pos,
                       f.label() + " leaves port with the Roma, whose price is paid when it first sails: Italy roma vp N d10: D => H hits "
                                   "before this move (Readings: roma-joins=at-set-up)");
    // its line left out, say: the price and the hits are the players' (their next total, the ship's lines)
    o.ship_state[o.roma_ship].damage_known = false;
    if (italy_ >= 0 && static_cast<std::size_t>(italy_) < o.vp.size()) o.vp[static_cast<std::size_t>(italy_)].reset();
}

// The record's end: a Roma paid for and never declared (its hits and crew would be followed).
void TmbvEngine::judge_roma_declared(GameContext& ctx) {
    if (!operations_.roma_paid || operations_.roma_declared) return;
    ctx.findings.error(Kind::Inconsistent, cite("14.5"), ngn::SourcePos{operations_.roma_paid, 1},
                       roma_at_set_up_ ? "the Roma paid for here is not declared: write its ship at set-up, in the Reserve Fleet (ship ROM \"Roma\" IR)"
                                       : "the Roma joined here is not declared: write its ship after this line, in the Reserve Fleet (ship ROM \"Roma\" IR)");
}

}  // namespace ironlog::rules::tmbv
