// The late19c engine at sea: naval gunfire, torpedoes, the roll for who moves first, ship
// movement with its 60-degree turns, minefields, and trading Flotation Points for speed or guns.
#include "check/dice.hpp"
#include "check/items.hpp"
#include "rules/late19c/engine.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::late19c {

using geometry::hex::Grid;

namespace {

RuleRef guns_rule(const char* letter) { return naval((std::string("Firing Guns ") + letter).c_str()); }
RuleRef ship_move(const char* letter) { return naval((std::string("Movement ") + letter).c_str()); }
const RuleRef kTorpedoes = naval("Firing Torpedoes");
const RuleRef kShipHits = naval("Resolving hits on Ships");
const RuleRef kBreakOff = naval("Ship Flotation Values b");
const RuleRef kNavalTurn = naval("Turn Sequence (Naval Combat only)");

const char* landing_text(int where) {
    return where == 0 ? "on" : where == 1 ? "front" : where == 2 ? "behind" : "none";
}


}  // namespace

// ---- gunfire -------------------------------------------------------------------------------------------

// Where each die's shot landed, as the claim says, in the order of the dice: on, front, behind
// or none, each with the hex named after it if any. A word not read is that die's landing read
// from the die.
std::vector<std::pair<int, std::optional<Hex>>> Late19cEngine::claimed_landings(const ngn::Event& e, const ngn::Dice* dice,
                                                                              GameContext& ctx) {
    std::vector<std::pair<int, std::optional<Hex>>> said;
    if (!e.claim) return said;
    for (const ngn::Item* it : elements(*e.claim)) {
        if (const auto* hp = it->as<ngn::HexPos>()) {
            std::string problem;
            auto ref = read_hex(*hp, problem);
            if (!problem.empty()) ctx.findings.error(Kind::Inconsistent, guns_rule("f"), it->pos, problem);
            if (!ref) continue;
            if (!said.empty() && !said.back().second) said.back().second = ref->hex;
            continue;
        }
        const std::string w = word_text(*it) ? lower(*word_text(*it)) : "";
        if (auto where = landing_word(w)) {
            said.emplace_back(*where, std::nullopt);
        } else {
            ctx.findings.error(Kind::Inconsistent, guns_rule("f"), it->pos,
                               "each die's shot lands on (the target hex), front, behind or none; not '" + it->to_ngn() + "'");
            said.emplace_back(kUnreadLanding, std::nullopt);  // that die's shot is then read from the die
        }
    }
    if (dice && !said.empty() && said.size() != dice->faces.size())
        ctx.findings.error(Kind::Inconsistent, guns_rule("f"), e.claim_pos,
                           "say where each die's shot landed, one word per die (" + std::to_string(dice->faces.size()) + ")",
                           counted(static_cast<long long>(dice->faces.size()), "landing", "landings"), std::to_string(said.size()));
    return said;
}

void Late19cEngine::gunfire(const ngn::Event& e, Piece& p, GameContext& ctx) {
    const std::string which = e.args.size() > 1 && word_text(e.args[1]) ? lower(*word_text(e.args[1])) : "";
    if (which != "main" && which != "secondary") {
        ctx.findings.error(Kind::Inconsistent, guns_rule("b"), e.args.size() > 1 ? e.args[1].pos : e.subject.pos,
                           "say which armament fires: fire main <target> or fire secondary <target>");
        return;
    }
    const bool main = which == "main";
    const ShipStats& stats = ship_stats(p.ship_type);
    if (!main && !stats.secondary) {
        ctx.findings.error(Kind::Illegal, naval("Definitions"), e.args[1].pos, with_article(stats.name) + " has no secondary armament");
        return;
    }
    const Weapon weapon = main ? stats.main : *stats.secondary;
    if (p.broke_off && p.broke_off_turn < turn_ && !p.whole_by_rules(stats.critical, ctx.findings, e.subject.pos))
        ctx.findings.error(Kind::Illegal, kBreakOff, e.subject.pos, p.name + " is breaking off from battle (at its Critical Point): it fires no more");
    if ((main ? p.fired_main : p.fired_secondary))
        ctx.findings.error(Kind::Illegal, guns_rule(main ? "b" : "c"), e.args[1].pos,
                           p.name + " has already fired its " + which + " armament this turn: at one target a turn");
    if (hits_begun_)
        ctx.findings.error(Kind::Illegal, guns_rule("f"), e.subject.pos, "gunfire is simultaneous: every ship fires before hits are resolved");
    (main ? p.fired_main : p.fired_secondary) = true;
    p.fired = true;
    for (const char* letter : {"a", "f"}) ctx.judged(guns_rule(letter));
    ctx.judged(guns_rule(main ? "b" : "c"));
    if (variant_ == "naval") ctx.judged(kNavalTurn);
    if (p.broke_off) ctx.judged(kBreakOff);
    auto target = aim(e, 2, ctx, guns_rule("a"));
    if (!target) return;
    p.targets_now.insert(target->key);
    if (target->piece) fired_at_.push_back(target->piece);
    const GunSight sight = gun_sight(p, *target, weapon, ctx);
    // while a ship is not where the replay has it, whom a shot hits is the record's hit rolls' word
    const auto unplaced = std::find_if(pieces_.begin(), pieces_.end(), [](const auto& q) {
        return (q->whereabouts_unknown || q->position_doubted) && !q->gone;
    });
    const bool all_placed = unplaced == pieces_.end();
    if (!all_placed) unread_fire_.mark(turn_, (*unplaced)->whereabouts_unknown ? *(*unplaced)->whereabouts_unknown : *(*unplaced)->position_doubted);

    std::string working;
    int expected = gunfire_modifiers(p, *target, sight.direct, working);

    // The dice judged, when they can be read; else the claimed landings stand, as played.
    const ngn::Dice* d = dice_of(e);
    if (!d) ctx.findings.error(Kind::Inconsistent, guns_rule("f"), e.subject.pos, "roll a D6 for each gun firing (at most 4): 3d6: ...");
    const bool judge = d && ctx.dice_ok;
    int written = 0;
    if (judge) {
        const int guns = std::max(0, p.guns(main));
        const int most = std::min(guns, kMaxGunDice);
        if (static_cast<int>(d->faces.size()) > most)
            ctx.findings.error(Kind::Illegal, guns_rule("f"), d->faces.back().pos,
                               p.name + "'s " + which + " armament has " + counted(guns, "gun", "guns") + "; a D6 per gun firing, at most 4",
                               "at most " + counted(most, "die", "dice"), std::to_string(d->faces.size()));
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        if (sight.placed && !sight.doubt) expected = judge_modifiers(e, *d, p, *target, expected, working, guns_rule("f"), ctx);
        else expected = written;
    }
    land_gunfire(e, p, *target, weapon, judge ? d : nullptr, expected, written, all_placed, ctx);
}

// The range and the line of sight of a ship's gunfire (Firing Guns, Firing Guns d).
// A ship whose move the record left out (a finding) is somewhere unknown: the range, the line
// of sight and the modifiers they give are not judged when it fires or is fired at, and where
// the shots land, whom they hit, is taken from the record's hit rolls.
// A range found too long may be a move of either ship left out of the record, with no later
// move to show it: till both move again, their positions are doubted (the kit's cause kept)
// and a range judged by them is excused.
Late19cEngine::GunSight Late19cEngine::gun_sight(Piece& p, const Aim& target, Weapon weapon, GameContext& ctx) {
    const Grid& g = field_->grid();
    const int range = g.distance(*p.hex, target.hex);
    GunSight sight;
    sight.direct = !field_->sight_blocked(*p.hex, target.hex);
    sight.placed = !p.whereabouts_unknown && !(target.piece && target.piece->whereabouts_unknown);
    sight.doubt = p.position_doubted ? p.position_doubted
                  : target.piece     ? target.piece->position_doubted
                                     : std::nullopt;
    const std::string too_far = std::string(weapon_name(weapon)) + " range " + counted(gun_range(weapon), "hex", "hexes") +
                                "; the target is " + std::to_string(range) + " away";
    if (!sight.placed) {
    } else if (range > gun_range(weapon) && sight.doubt) {
        ctx.findings.excuse(*sight.doubt, target.pos, too_far);
    } else if (range > gun_range(weapon)) {
        const Cause cause = Findings::cause_of(ctx.findings.error(Kind::Illegal, naval("Firing Guns"), target.pos, too_far,
                                                                  "at most " + std::to_string(gun_range(weapon)), std::to_string(range)));
        p.position_doubted = cause;
        if (target.piece && target.piece->ship) target.piece->position_doubted = cause;
        if (target.piece && !target.piece->ship) {  // a unit on land (a combined battle), and the gun or team with it
            doubt_place(*target.piece, cause);
            if (target.piece->towing) doubt_place(*target.piece->towing, cause);
            if (target.piece->towed_by) doubt_place(*target.piece->towed_by, cause);
        }
        sight.doubt = cause;  // this fire's modifiers follow from where the ships are: not judged
    }
    if (target.piece && target.piece->ship) ctx.judged(guns_rule("d"));
    if (!sight.placed || range > gun_range(weapon)) {
    } else if (target.piece && target.piece->ship && !sight.direct)
        ctx.findings.error(Kind::Illegal, guns_rule("d"), target.pos, "a ship fires at a ship only in direct line of sight");
    return sight;
}

// The modifiers of a ship's gunfire (Firing Guns f), with the working that shows them.
int Late19cEngine::gunfire_modifiers(const Piece& p, const Aim& target, bool direct, std::string& working) const {
    int expected = 0;
    if (field_->covered(target.hex)) expected -= 1, add_working(working, -1, "target in cover or fortifications");
    if (direct) expected += 2, add_working(working, 2, "direct line of sight");
    if (p.targets_before.count(target.key)) expected += 1, add_working(working, 1, "same target as last turn");
    const bool still = readings_.ship_still_last_turn ? !p.moved_before : !p.moved;
    if (still) expected += 1, add_working(working, 1, readings_.ship_still_last_turn ? "did not move last turn" : "has not moved this turn");
    return expected;
}

// Where each shot landed, as the claim says in the order of the dice, and what it hits (Firing
// Guns f): judged by the dice `d` (null when they are not read: the claim stands), and where the
// claim differs the dice's landing too, which may be resolved or not.
void Late19cEngine::land_gunfire(const ngn::Event& e, const Piece& p, const Aim& target, Weapon weapon, const ngn::Dice* d, int expected,
                                 int written, bool all_placed, GameContext& ctx) {
    const bool judge = d != nullptr;
    const std::vector<std::pair<int, std::optional<Hex>>> said = claimed_landings(e, d, ctx);
    std::string right_text, said_text;
    bool wrong = false;
    PendingHit h;
    h.line = e.subject.pos.line;
    h.row = weapon;
    h.unplaced = place_doubt(p, target.piece).has_value();
    const std::size_t shots = judge ? d->faces.size() : said.size();
    for (std::size_t i = 0; i < shots; ++i) {
        const int right = judge ? landing(d->faces[i].value + expected) : said[i].first;
        const int as_written = judge ? landing(d->faces[i].value + written) : said[i].first;
        int where = as_written;
        std::optional<Hex> hex;
        if (i < said.size() && said[i].first == kUnreadLanding) {
            where = right;
        } else if (i < said.size()) {
            where = said[i].first;
            hex = said[i].second;
            if (where != right && where != as_written) wrong = true;
        }
        right_text += std::string(right_text.empty() ? "" : " ") + landing_text(right);
        said_text += std::string(said_text.empty() ? "" : " ") + landing_text(where);
        h.disputed = where != right || !all_placed;
        const ngn::Item& at = e.claim ? e.claim->front() : e.subject;
        land_shot(where, target, *p.hex, hex, h, false, at, ctx);
        if (where != right) land_shot(right, target, *p.hex, std::nullopt, h, true, at, ctx);
    }
    if (wrong)
        ctx.findings.error(Kind::WrongResult, guns_rule("f"), e.claim_pos,
                           "each die, modified by " + signed_text(expected) +
                               ", lands on the target on 5 or more, in front on 2 or 4, behind on 1 or 3, and is ineffective under 1",
                           right_text, said_text);
}

// ---- torpedoes ------------------------------------------------------------------------------------------

void Late19cEngine::torpedo(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(kTorpedoes);
    const Grid& g = field_->grid();
    if (!p.ship) {
        ctx.findings.error(Kind::Illegal, kTorpedoes, e.subject.pos, "only ships fire torpedoes");
        return;
    }
    if (!p.tubes) {
        ctx.findings.error(Kind::Illegal, kTorpedoes, e.subject.pos, p.name + " is not equipped to fire torpedoes (declare it with torpedoes)");
        return;
    }
    if (p.broke_off && p.broke_off_turn < turn_ && !p.whole_by_rules(ship_stats(p.ship_type).critical, ctx.findings, e.subject.pos))
        ctx.findings.error(Kind::Illegal, kBreakOff, e.subject.pos, p.name + " is breaking off from battle: it fires no more");
    if (p.fired_torpedo) ctx.findings.error(Kind::Illegal, kTorpedoes, e.subject.pos, p.name + " has fired its torpedo this turn: one a turn");
    else if (p.torpedoes_fired >= kTorpedoesPerBattle)
        ctx.findings.error(Kind::Illegal, kTorpedoes, e.subject.pos, p.name + " has fired its 4 torpedoes: four a battle",
                           std::string("at most 4"), std::to_string(p.torpedoes_fired + 1));
    p.fired_torpedo = true;
    p.torpedoes_fired++;
    auto target = aim(e, 1, ctx, kTorpedoes);
    if (!target) return;
    const int range = g.distance(*p.hex, target->hex);
    // where the firer or the target is may be in doubt (a move left out): the run is then not
    // judged, and whom it hit is the record's hit rolls' word
    std::optional<Cause> doubt = place_doubt(p, target->piece);
    if (!doubt) doubt = p.position_doubted ? p.position_doubted : target->piece ? target->piece->position_doubted : std::nullopt;
    const std::string too_far = "a torpedo runs 3 hexes; " + hex_text(target->hex) + " is " + std::to_string(range) + " away";
    if (range > kTorpedoRange && doubt) {
        ctx.findings.excuse(*doubt, target->pos, too_far);
    } else if (range > kTorpedoRange) {  // a move of either left out may be why: their places are in doubt
        doubt = Findings::cause_of(ctx.findings.error(Kind::Illegal, kTorpedoes, target->pos, too_far, std::string("at most 3"), std::to_string(range)));
        p.position_doubted = doubt;
        if (target->piece && target->piece->ship) target->piece->position_doubted = doubt;
    }
    if (doubt) unread_fire_.mark(turn_, *doubt);
    if (!doubt) check_torpedo_bearing(p, *target, range, ctx);
    Piece* first = doubt ? nullptr : first_ship_in_run(p, target->hex);
    Piece* hit_ship = target->piece && target->piece->ship ? target->piece : first;
    if (first && hit_ship != first)
        ctx.findings.error(Kind::Illegal, kTorpedoes, target->pos,
                           "the torpedo meets " + first->name + " at " + hex_text(*first->hex) + " first, and runs no further",
                           first->name, hit_ship ? hit_ship->name : hex_text(target->hex));
    const std::optional<int> right = torpedo_hits_rolled(e, first != nullptr || doubt, ctx);
    int hits = right.value_or(0);
    {
        const std::optional<int> said = claimed_hits(e, kTorpedoes, ctx.findings);
        if (said) {
            if (right && *said != *right)
                ctx.findings.error(Kind::WrongResult, kTorpedoes, e.claim_pos,
                                   first ? std::string("each die of 4, 5 or 6 is a hit") + (readings_.torpedo_any ? " (one at most)" : "")
                                         : std::string("no ship lies in the torpedo's path"),
                                   counted(*right, "hit", "hits"), counted(*said, "hit", "hits"));
            hits = *said;
        }
    }
    PendingHit h;
    h.line = e.subject.pos.line;
    h.row = Weapon::Torpedo;
    h.disputed = (right && hits != *right) || doubt;
    if (hit_ship && hits > 0) add_hits(*hit_ship, hits, h);
    if (hit_ship && right && *right > hits) add_hits(*hit_ship, *right - hits, h);  // the dice's reading
}

// A torpedo's direction (Firing Torpedoes): ahead, astern or abeam; anywhere abeam for a torpedo
// boat's trainable tubes.
void Late19cEngine::check_torpedo_bearing(const Piece& p, const Aim& target, int range, GameContext& ctx) {
    const Grid& g = field_->grid();
    const double off = range > 0 ? g.off_facing(*p.hex, p.facing, target.hex) : 0;
    auto near = [&](double a) { return std::fabs(off - a) < 1e-6; };
    if (range > 0) {
        if (p.trainable && (near(0) || near(180)))
            ctx.findings.error(Kind::Illegal, kTorpedoes, target.pos, "trainable tubes fire abeam, not dead ahead or astern");
        else if (!p.trainable && !near(0) && !near(90) && !near(180))
            ctx.findings.error(Kind::Illegal, kTorpedoes, target.pos,
                               p.name + " fires torpedoes only directly ahead, astern or abeam; " + hex_text(target.hex) + " lies " +
                                   std::to_string(std::lround(off)) + " degrees off its bow");
    }
}

// The first ship in a hex a torpedo from `p` to `to` passes through: the one it hits.
Piece* Late19cEngine::first_ship_in_run(const Piece& p, Hex to) {
    const Grid& g = field_->grid();
    Piece* first = nullptr;
    std::vector<Hex> path;
    for (const auto& c : g.line(*p.hex, to)) {
        path.push_back(c.hex);
        if (c.other) path.push_back(*c.other);
    }
    path.push_back(to);
    for (Hex h : path) {
        for (Piece* q : pieces_at(h))
            if (q->ship && q != &p) {
                first = q;
                break;
            }
        if (first) break;
    }
    return first;
}

// The hits a torpedo's dice give (Firing Torpedoes): each die of 4, 5 or 6 of the three, one at
// most with torpedo-dice=any; none when it reaches no ship. Nothing when the dice are not read.
std::optional<int> Late19cEngine::torpedo_hits_rolled(const ngn::Event& e, bool reaches_ship, GameContext& ctx) {
    const ngn::Dice* d = dice_of(e);
    std::optional<int> right;
    if (reaches_ship && !d) {
        ctx.findings.error(Kind::Inconsistent, kTorpedoes, e.subject.pos, "a torpedo that reaches a ship rolls 3 D6: 3d6: ...");
    } else if (d && ctx.dice_ok) {
        if (d->faces.size() != 3) {
            ctx.findings.error(Kind::Inconsistent, kTorpedoes, d->faces.back().pos, "a torpedo rolls 3 D6", std::string("3 dice"),
                               std::to_string(d->faces.size()));
        } else {
            int n = 0;
            for (const auto& f : d->faces)
                if (f.value >= 4) ++n;
            if (readings_.torpedo_any) n = std::min(n, 1);
            right = n;
        }
    }
    if (!reaches_ship) right = 0;
    return right;
}

// ---- who moves first, and ship movement ----------------------------------------------------------------------

void Late19cEngine::move_order_roll(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    ctx.judged(kNavalTurn);
    const ngn::Dice* d = dice_of(e);
    if (!d) {
        ctx.findings.error(Kind::Inconsistent, kNavalTurn, e.subject.pos, "each side throws a D6 for who moves first: d6: 3");
        return;
    }
    if (first_mover_ && order_rolls_.empty()) {
        ctx.findings.error(Kind::Illegal, kNavalTurn, e.subject.pos, "who moves first has been decided this turn");
        return;
    }
    // A throw whose die cannot be read (already a finding) still counts as the side's throw.
    order_rolls_.add(side.index, ctx.dice_ok && d->faces.size() == 1 ? std::optional(d->faces[0].value) : std::nullopt);
    std::string claim;
    if (e.claim && !e.claim->empty()) claim = reference_text(*elements(*e.claim).front());  // "=> Blue (moves first)"
    if (!order_rolls_.complete(ctx.symbols.side_count())) {
        if (!claim.empty()) {
            // a throw is missing: this is its one finding; the round ends here and the claim stands
            ctx.findings.error(Kind::Inconsistent, kNavalTurn, e.claim_pos, "who moves first is claimed before every side has thrown");
            order_rolls_.clear();
            if (const Entity* said = ctx.symbols.find_side(claim)) first_mover_ = said->index;
        }
        return;
    }
    if (!order_rolls_.readable()) {  // who threw lowest is not known: the claim stands, as played
        order_rolls_.clear();
        if (const Entity* said = claim.empty() ? nullptr : ctx.symbols.find_side(claim)) first_mover_ = said->index;
        return;
    }
    const std::vector<int> lowest = order_rolls_.lowest();
    order_rolls_.clear();
    const std::string expected = lowest.size() > 1 ? std::string("reroll") : ctx.symbols.side(lowest.front())->label();
    const Entity* said = claim.empty() ? nullptr : ctx.symbols.find_side(claim);
    if (!claim.empty() && lower(claim) != "reroll" && !said) {
        ctx.findings.error(Kind::Inconsistent, kNavalTurn, e.claim_pos, "'" + claim + "' is not a side");
        return;
    }
    const bool reroll_said = lower(claim) == "reroll";
    const bool ok = claim.empty() || (lowest.size() > 1 ? reroll_said : said && said->index == lowest.front());
    if (!ok)
        ctx.findings.error(Kind::WrongResult, kNavalTurn, e.claim_pos,
                           lowest.size() > 1 ? "the throws tie: throw again" : "the side with the lowest score moves first", expected,
                           claim);
    if (said) first_mover_ = said->index;  // as played
    else if (lowest.size() == 1 && !reroll_said) first_mover_ = lowest.front();
}

// Whether a move's hexes, two neighbours read the other way round, go hex to hex from `start`:
// the move then reads so when it comes (hexes_in_order), and shows no move left out.
bool Late19cEngine::swapped_path(Hex start, const ngn::Event& move) const {
    std::vector<Hex> hexes;
    for (std::size_t i = 1; i < move.args.size(); ++i)
        if (const auto* h = move.args[i].as<ngn::HexPos>()) {
            std::string problem;
            auto ref = read_hex(*h, problem);
            if (!ref) return false;
            hexes.push_back(ref->hex);
        }
    for (std::size_t i = 0; i + 1 < hexes.size(); ++i) {
        auto swapped = hexes;
        std::swap(swapped[i], swapped[i + 1]);
        if (hex_to_hex(start, swapped)) return true;
    }
    return false;
}

// A ship that did not move this turn, whose next move starts away from where it is: a move of
// it was left out of the record (or that next move's first hex is written wrong). One finding,
// at that next move; till then where the ship is is not known, and nothing is judged by it.
void Late19cEngine::find_moves_left_out(GameContext& ctx, ngn::SourcePos at) {
    // each ship's moves, and its lines not read (one of which may have been the move)
    if (!moves_ahead_)
        moves_ahead_.emplace(ctx.game, ctx.symbols, [](const ngn::Event& e) {
            const std::string verb = lower(e.verb());
            return verb == "move" || !is_action(verb);
        });
    const Grid& g = field_->grid();
    for (auto& p : pieces_) {
        if (!p->ship || p->gone || p->moved || p->whereabouts_unknown || !p->hex) continue;
        const ngn::Event* next = moves_ahead_->next(p->entity, at.line);
        const ngn::Item* first = nullptr;
        if (next && !is_word(next->args.front(), "move")) continue;  // a line not read: its own finding
        for (std::size_t i = 1; next && i < next->args.size() && !first; ++i)
            if (next->args[i].is<ngn::HexPos>()) first = &next->args[i];
        if (!first) continue;
        std::string problem;
        auto ref = read_hex(*first->as<ngn::HexPos>(), problem);
        if (!ref || ref->hex == *p->hex || g.adjacent(*p->hex, ref->hex) || swapped_path(*p->hex, *next)) continue;
        p->whereabouts_unknown = Findings::cause_of(
            ctx.findings.error(Kind::Illegal, ship_move("a"), first->pos,
                               hex_text(ref->hex) + " is not adjacent to " + hex_text(*p->hex) + ", where " + p->name +
                                   " was last recorded: a move of it is left out of the record, or this hex is written wrong"));
    }
}

// One side moves all its ships, then the other. A side may keep every ship where it is, which a
// record does not show: only a ship of the first side moving after the other side's is out of turn.
void Late19cEngine::check_side_moving(const ngn::Event& e, const Piece& p, GameContext& ctx) {
    if (first_mover_ && p.side() == *first_mover_ && !sides_moved_.empty() && !sides_moved_.count(p.side()))
        ctx.findings.error(Kind::Illegal, kNavalTurn, e.subject.pos,
                           ctx.symbols.side(*first_mover_)->label() + " moves first this turn (lowest throw): its ships move before " +
                               ctx.symbols.side(last_mover_side_)->label() + "'s",
                           ctx.symbols.side(*first_mover_)->label() + " first", ctx.symbols.side(last_mover_side_)->label() + " first");
    else if (last_mover_side_ >= 0 && p.side() != last_mover_side_ && sides_moved_.count(p.side()))
        ctx.findings.error(Kind::Illegal, kNavalTurn, e.subject.pos,
                           "one side moves its ships, then the other: " + ctx.symbols.side(p.side())->label() + " has moved already");
    sides_moved_.insert(p.side());
    last_mover_side_ = p.side();
}

// A ship entering a minefield hex is hit, read on the torpedo row (Special Rules/Minefields),
// wherever it came from.
void Late19cEngine::enter_minefield(const ngn::Event& e, Piece& p, Hex hex, GameContext& ctx) {
    if (!field_->at(hex).minefield) return;
    ctx.judged(naval("Special Rules/Minefields"));
    PendingHit h;
    h.line = e.subject.pos.line;
    h.row = Weapon::Torpedo;
    h.mine = true;
    add_hits(p, 1, h);
}

void Late19cEngine::move_ship(const ngn::Event& e, Piece& p, GameContext& ctx) {
    for (const char* letter : {"a", "b"}) ctx.judged(ship_move(letter));
    if (variant_ == "naval") ctx.judged(kNavalTurn);
    if (p.broke_off) ctx.judged(kBreakOff);
    const Grid& g = field_->grid();
    if (variant_ == "naval") check_side_moving(e, p, ctx);
    if (p.moved) ctx.findings.error(Kind::Illegal, ship_move("a"), e.subject.pos, p.name + " has already moved this turn");
    std::vector<std::pair<HexRef, ngn::SourcePos>> path = move_path(e, ship_move("a"), ship_move("a"), ctx);
    if (!p.whereabouts_unknown) hexes_in_order(e, *p.hex, path, ctx);
    if (!path.empty() && path.front().first.hex == *p.hex) {
        if (path.size() == 1 && path.front().first.facing && *path.front().first.facing != p.facing)
            ctx.findings.error(Kind::Illegal, ship_move("c"), path.front().second,
                               "a ship turns 60 degrees only after moving forward one hex");
        path.erase(path.begin());
    }
    if (path.empty()) return void(p.moved = true);
    auto nearest_enemy_ship = [&](Hex h) {
        int best = 1 << 20;
        for (Piece* en : enemies_of(p))
            if (en->ship) best = std::min(best, g.distance(h, *en->hex));
        return best;
    };
    const int enemy_before = nearest_enemy_ship(*p.hex);
    int dir = p.facing, cost = 0;
    bool may_turn = false, reported = false;
    Hex prev = *p.hex;
    for (const auto& [ref, at] : path) {
        auto d = g.direction(prev, ref.hex);
        enter_minefield(e, p, ref.hex, ctx);
        if (!d) {
            // (after a move not read, the ship may be anywhere)
            if (!reported && p.whereabouts_unknown)
                ctx.findings.excuse(*p.whereabouts_unknown, at, p.name + " moves on from where the move not read left it");
            else if (!reported)
                ctx.findings.error(Kind::Illegal, ship_move("a"), at, hex_text(ref.hex) + " is not adjacent to " + hex_text(prev));
            reported = true;
            prev = ref.hex;
            cost += 1;
            continue;
        }
        const int steps = geometry::hex::facing_steps(*d, dir);
        if (steps != 0) ctx.judged(ship_move("c"));
        if (steps == 1 && may_turn) {
            cost += 1;  // the 60-degree turn costs a hex of movement
        } else if (steps != 0 && !reported) {
            reported = true;
            ctx.findings.error(Kind::Illegal, ship_move("c"), at,
                               steps > 1 ? "a ship turns 60 degrees at a time, after moving forward one hex"
                                         : "a ship turns 60 degrees only after moving forward one hex");
        }
        dir = *d;
        cost += 1;
        may_turn = true;
        if (!field_->ship_may_enter(ref.hex))
            ctx.findings.error(Kind::Illegal, ship_move("a"), at, hex_text(ref.hex) + " is land: ships keep to sea and coast hexes");
        prev = ref.hex;
    }
    if (auto f = path.back().first.facing; f && *f != dir) {
        ctx.judged(ship_move("c"));
        if (geometry::hex::facing_steps(*f, dir) == 1 && may_turn) cost += 1;
        else if (!reported)
            ctx.findings.error(Kind::Illegal, ship_move("c"), path.back().second, "a ship ends its move after at most a 60-degree turn");
        dir = *f;
    }
    const int allowance = p.move_allowance();
    if (cost > allowance)
        ctx.findings.error(Kind::Illegal, naval("Movement"), e.subject.pos,
                           with_article(p.what()) + " moves " + counted(allowance, "hex", "hexes") +
                               " (each 60-degree turn costing one); this move takes " + std::to_string(cost),
                           "at most " + std::to_string(allowance), std::to_string(cost));
    const Hex end = path.back().first.hex;
    if (p.broke_off && p.broke_off_turn < turn_ && nearest_enemy_ship(end) < enemy_before && !p.whole_by_rules(ship_stats(p.ship_type).critical, ctx.findings, e.subject.pos))
        ctx.findings.error(Kind::Illegal, kBreakOff, e.subject.pos, p.name + " is breaking off from battle: it does not close the enemy");
    p.hex = end;
    p.whereabouts_unknown.reset();
    p.position_doubted.reset();
    p.facing = dir;
    p.moved = true;
}

// ---- trading Flotation Points for movement or guns ----------------------------------------------------------

void Late19cEngine::trade(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(kShipHits);
    if (!p.ship) {
        ctx.findings.error(Kind::Inconsistent, kShipHits, e.subject.pos, "only ships trade off Flotation Points");
        return;
    }
    int move = 0, main = 0, secondary = 0;
    for (std::size_t i = 1; i + 1 < e.args.size(); i += 2) {
        const std::string w = word_text(e.args[i]) ? lower(*word_text(e.args[i])) : "";
        const auto* n = e.args[i + 1].as<ngn::Number>();
        if (!n || !n->is_integer || n->value < 1 || (w != "move" && w != "main" && w != "secondary")) {
            ctx.findings.error(Kind::Inconsistent, kShipHits, e.args[i].pos,
                               "a trade-off names what is given up: move N, main N or secondary N (guns)");
            return;
        }
        {
            int& total = w == "move" ? move : w == "main" ? main : secondary;
            total = saturating_add(total, n->as_int());
        }
    }
    if (secondary % 2 != 0)
        ctx.findings.error(Kind::Illegal, kShipHits, e.subject.pos, "secondary guns are traded two for 1 FP", std::string("an even number"),
                           std::to_string(secondary));
    const int fp = move + main + secondary / 2;
    if (fp > p.last_loss)
        ctx.findings.error(Kind::Illegal, kShipHits, e.subject.pos,
                           "a ship trades off FP as it loses them: its last hit cost " + std::to_string(p.last_loss) + " FP",
                           "at most " + std::to_string(p.last_loss) + " FP", std::to_string(fp) + " FP");
    if (p.traded_move + move > ship_stats(p.ship_type).move || p.traded_main + main > p.main_guns ||
        p.traded_secondary + secondary > p.secondary_guns)
        ctx.findings.error(Kind::Illegal, kShipHits, e.subject.pos, p.name + " has not that much movement or those guns left to give up");
    // as played: the trade stands for the rest of the battle
    p.traded_move += move;
    p.traded_main += main;
    p.traded_secondary += secondary;
    const int back = std::min(fp, p.last_loss);
    p.strength += back;
    p.last_loss -= back;
    if (p.strength > 0) p.sinking = false;
    if (p.strength > ship_stats(p.ship_type).critical && p.broke_off_turn == turn_) p.broke_off = false;
}

}  // namespace ironlog::rules::late19c
