// The late19c engine on land: movement (allowances, stacking, stopping next to the enemy,
// terrain), artillery fire, small-arms fire, close combat, limbering and barbed wire.
#include "check/dice.hpp"
#include "check/items.hpp"
#include "rules/late19c/engine.hpp"

#include <algorithm>

namespace ironlog::rules::late19c {

using geometry::hex::Grid;

namespace {

RuleRef movement(const char* letter) { return land((std::string("Movement ") + letter).c_str()); }
RuleRef fire_rule(const char* letter) { return land((std::string("Fire Phase ") + letter).c_str()); }
RuleRef close_rule(const char* letter) { return land((std::string("Close Combat ") + letter).c_str()); }
const RuleRef kArtillery = land("Artillery Fire Phase");
const RuleRef kRoads = land("Special Rules/Roads");
const RuleRef kHills = land("Special Rules/Hills");
const RuleRef kRivers = land("Special Rules/Rivers");
const RuleRef kWoods = land("Special Rules/Woods");
const RuleRef kWire = land("Special Rules/Barbed wire");
const RuleRef kTrenches = land("Special Rules/Trenches");
const RuleRef kTransport = land("Special Rules/Transport");
const RuleRef kExhaustion = land("Special Rules/Exhaustion Point");
const RuleRef kVocabulary = ngn_rule("5.3", "Events");

// Transport and commanders may share a hex with friendly units; no two others may.
bool stacks_freely(const Piece& p) { return !p.ship && (p.type == UnitType::Transport || p.type == UnitType::Commander); }

}  // namespace

// ---- aiming and where a shot lands ----------------------------------------------------------------

std::optional<Late19cEngine::Aim> Late19cEngine::aim(const ngn::Event& e, std::size_t from, GameContext& ctx, const RuleRef& rule) {
    if (from >= e.args.size() || e.args[from].is<ngn::Dice>()) {
        ctx.findings.error(Kind::Inconsistent, rule, e.subject.pos, "say what is fired at: a hex (#0405), a unit or a ship");
        return std::nullopt;
    }
    const ngn::Item& it = e.args[from];
    Aim a;
    a.pos = it.pos;
    if (it.is<ngn::HexPos>()) {
        auto ref = hex_arg(it, ctx, rule);
        if (!ref) return std::nullopt;
        a.hex = ref->hex;
        a.key = hex_text(a.hex);
        return a;
    }
    Piece* t = piece_named(it, ctx);
    if (!t) {
        ctx.findings.error(Kind::Inconsistent, rule, it.pos, "'" + it.to_ngn() + "' is neither a hex nor a declared unit or ship");
        return std::nullopt;
    }
    if (!t->on_map() && !(t->afloat_by_rules(ctx.findings, it.pos) && t->on_map())) {
        if (t->gone) gone_piece_used(*t, it.pos, ctx);  // fired at after it sank or was destroyed
        else ctx.findings.error(Kind::Illegal, rule, it.pos, t->name + " is no longer on the map");
        return std::nullopt;
    }
    a.piece = t;
    a.hex = *t->hex;
    a.key = t->name;
    return a;
}

int Late19cEngine::landing(int score) {
    if (score >= 5) return 0;
    if (score == 2 || score == 4) return 1;
    if (score == 1 || score == 3) return 2;
    return -1;
}

namespace {
const char* landing_name(int where) {
    return where == 0 ? "on the target hex" : where == 1 ? "in front of the target" : where == 2 ? "behind the target" : "ineffective";
}
}  // namespace

// Reads one landing from a claim: a word (on, front, behind, none), optionally followed by the
// hex it fell in, or a hex alone. Returns the landing, the hex if given, and how many items it took.
struct LandingClaim {
    std::optional<int> where;  // none: only a hex was given
    std::optional<Hex> hex;
    ngn::SourcePos pos;
};
static std::vector<LandingClaim> read_landings(const std::vector<const ngn::Item*>& items, Findings& findings, const RuleRef& rule) {
    std::vector<LandingClaim> out;
    for (const ngn::Item* it : items) {
        if (const auto* hp = it->as<ngn::HexPos>()) {
            std::string problem;
            auto ref = read_hex(*hp, problem);
            if (!problem.empty()) findings.error(Kind::Inconsistent, rule, it->pos, problem);
            if (!ref) continue;
            if (!out.empty() && !out.back().hex && out.back().where && *out.back().where > 0)
                out.back().hex = ref->hex;
            else
                out.push_back(LandingClaim{std::nullopt, ref->hex, it->pos});
            continue;
        }
        const std::string w = word_text(*it) ? lower(*word_text(*it)) : "";
        if (auto where = landing_word(w)) {
            out.push_back(LandingClaim{where, std::nullopt, it->pos});
            continue;
        }
        if (w == "lands" || w == "in" || w == "of") continue;
        findings.error(Kind::Inconsistent, rule, it->pos,
                       "a shot lands on (the target hex), front, behind or none, or in a hex (#0405); not '" + it->to_ngn() + "'");
    }
    return out;
}

// Where one shot lands and what it hits, as played: each unit or ship in that hex takes a hit.
void Late19cEngine::land_shot(int where, const Aim& target, Hex from, std::optional<Hex> claimed_hex, const PendingHit& hit,
                              bool other_reading, const ngn::Item& at, GameContext& ctx) {
    if (where < 0) return;
    const Grid& g = field_->grid();
    std::vector<Hex> options = where == 0 ? std::vector<Hex>{target.hex}
                               : where == 1 ? g.in_front(target.hex, from)
                                            : g.behind(target.hex, from);
    if (other_reading) {
        // where the dice put it, when the claim put it elsewhere: hits the record may resolve, not must
        PendingHit h = hit;
        h.disputed = true;
        for (Hex x : options)
            for (Piece* t : all_at(x))
                if (!t->towed_by) add_hits(*t, 1, h);
        return;
    }
    std::optional<Hex> lands;
    if (claimed_hex) {
        if (!hit.unplaced && std::find(options.begin(), options.end(), *claimed_hex) == options.end()) {
            std::string list;
            for (Hex h : options) list += (list.empty() ? "" : " or ") + hex_text(h);
            const Cause why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kArtillery, at.pos,
                                                                    std::string("a shot that lands ") + landing_name(where) + " falls in " + list,
                                                                    list, hex_text(*claimed_hex)));
            if (target.piece) doubt_place(*target.piece, why);  // a move of the target left out may be why
        }
        lands = *claimed_hex;  // as played
    } else if (options.size() == 1) {
        lands = options.front();
    } else if (hit.unplaced) {  // (where the shot fell is not known: the hit rolls say whom it hit)
        for (Hex x : options) land_shot(where, Aim{x, nullptr, "", at.pos}, from, x, hit, false, at, ctx);
        return;
    } else {
        std::string list;
        for (Hex h : options) list += (list.empty() ? "" : " or ") + hex_text(h);
        if (corner_said_ != std::pair{at.pos.line, at.pos.column})  // once for the shots the claim names there
            ctx.findings.warning(Kind::Inconsistent, kArtillery, at.pos,
                                 std::string("the line of fire meets the target at a corner: say which hex the shot fell in (") + list + ")");
        corner_said_ = {at.pos.line, at.pos.column};
        return;
    }
    // each piece there once: a towed gun by its team's hit (the team is in the hex with it); one
    // whose place is in doubt, or any when the firer's or target's is, may be hit or not
    for (Piece* t : all_at(*lands)) {
        PendingHit h = hit;
        h.disputed = h.disputed || hit.unplaced || !placed(*t);
        if (!t->towed_by) add_hits(*t, 1, h);
    }
}

// ---- artillery fire ---------------------------------------------------------------------------------

void Late19cEngine::artillery_fire(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(kArtillery);
    if (p.fired) ctx.findings.error(Kind::Illegal, kArtillery, e.subject.pos, p.name + " has already fired this turn: artillery fires once a turn");
    if (hits_begun_)
        ctx.findings.error(Kind::Illegal, kArtillery, e.subject.pos,
                           "artillery fire is simultaneous: every gun fires before the effects are resolved");
    auto target = aim(e, 1, ctx, kArtillery);
    p.fired = true;
    p.tile_removed = p.tile.has_value() || p.tile_removed;
    p.tile.reset();  // an artillery unit that fires loses its tile, and may not move this turn
    if (!target) return;
    p.targets_now.insert(target->key);
    if (!place_doubt(p, target->piece)) check_artillery_reach(p, *target, ctx);
    const std::optional<Cause> unplaced = place_doubt(p, target->piece);
    if (unplaced) unread_fire_.mark(turn_, *unplaced);  // whom the shot hit is the record's hit rolls' word
    std::string working;
    int expected = artillery_modifiers(p, *target, working);

    // The dice judged, when they can be read; else the claim stands, as played.
    const ngn::Dice* d = dice_of(e);
    if (!d)
        ctx.findings.error(Kind::Inconsistent, kArtillery, e.subject.pos, "an artillery unit that fires rolls a D6: write it (d6: 4)");
    else if (ctx.dice_ok && d->faces.size() != 1)
        ctx.findings.error(Kind::Inconsistent, kArtillery, d->faces.back().pos, "an artillery unit rolls one D6 when it fires",
                           std::string("1 die"), counted(static_cast<long long>(d->faces.size()), "die", "dice"));
    const bool judge = d && ctx.dice_ok && d->faces.size() == 1;
    int written = 0, die = 0;
    if (judge) {
        expected = judge_modifiers(e, *d, p, *target, expected, working, kArtillery, ctx);
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        die = d->faces[0].value;
    }
    int right = judge ? landing(die + expected) : -1, as_written = judge ? landing(die + written) : -1;
    int where = as_written;
    std::optional<Hex> claimed_hex;
    if (e.claim) {
        auto claims = read_landings(elements(*e.claim), ctx.findings, kArtillery);
        if (!claims.empty()) {
            const auto& c = claims.front();
            claimed_hex = c.hex;
            std::optional<int> said = c.where;
            if (!said && c.hex) said = where_hex_lies(*c.hex, target->hex, *p.hex);  // a hex alone: where it lies
            if (!said) {
                ctx.findings.error(Kind::WrongResult, kArtillery, c.pos,
                                   hex_text(*c.hex) + " is neither the target hex nor in front of or behind it",
                                   std::string(landing_name(right)), hex_text(*c.hex));
                return;
            }
            if (!judge) right = as_written = *said;
            if (*said != right && *said != as_written)
                ctx.findings.error(Kind::WrongResult, kArtillery, c.pos,
                                   "a score of " + std::to_string(die + expected) + " lands " + landing_name(right) +
                                       " (5 or more on the target, 2 or 4 in front, 1 or 3 behind, under 1 ineffective)",
                                   std::string(landing_name(right)), std::string(landing_name(*said)));
            where = *said;
        }
    }
    PendingHit h;
    h.line = e.subject.pos.line;
    h.disputed = where != right;
    h.unplaced = unplaced.has_value();
    h.land_fire = true;
    // Land artillery against a ship: heavy and medium artillery read the rows of the same name.
    if (p.artillery == ArtilleryClass::Heavy) h.row = Weapon::Heavy;
    else if (p.artillery == ArtilleryClass::Medium) h.row = Weapon::Medium;
    const ngn::Item& at = e.claim ? e.claim->front() : e.subject;
    land_shot(where, *target, *p.hex, claimed_hex, h, false, at, ctx);
    if (where != right) land_shot(right, *target, *p.hex, std::nullopt, h, true, at, ctx);
}

// Whether an artillery unit reaches its target (Artillery Fire Phase): its range, its arc of fire
// (30 degrees either side of its facing), and firing out of woods, a built-up area or
// fortifications only from the edge.
void Late19cEngine::check_artillery_reach(Piece& p, const Aim& target, GameContext& ctx) {
    const Grid& g = field_->grid();
    const int range = g.distance(*p.hex, target.hex);
    std::optional<Cause> wrong;
    if (range > artillery_range(p.artillery))
        wrong = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, kArtillery, target.pos,
            std::string(artillery_name(p.artillery)) + " ranges " + counted(artillery_range(p.artillery), "hex", "hexes") +
                "; the target is " + std::to_string(range) + " away",
            "at most " + std::to_string(artillery_range(p.artillery)), std::to_string(range)));
    else if (!g.in_arc(*p.hex, p.facing, target.hex, 30))
        wrong = Findings::cause_of(ctx.findings.error(Kind::Illegal, kArtillery, target.pos,
                                                      hex_text(target.hex) + " is outside " + p.name +
                                                          "'s arc of fire (30 degrees either side of its facing, " +
                                                          geometry::hex::facing_name(p.facing) + ")"));
    else if (range >= 2 && field_->dense(*p.hex)) {
        auto first = field_->first_crossed(*p.hex, target.hex);
        if (std::any_of(first.begin(), first.end(), [&](Hex h) { return field_->dense(h); }))
            wrong = Findings::cause_of(ctx.findings.error(Kind::Illegal, kArtillery, target.pos,
                                                          p.name + " fires out of woods, a built-up area or fortifications only from its "
                                                          "edge: the next hex that way is " + hex_text(first.front())));
    }
    // a move or a turn of either left out may be why: their places (and the gun's facing) are in
    // doubt, and the fire's modifiers and landing are the record's, till they next move
    if (wrong) doubt_place(p, *wrong);
    if (wrong && target.piece) doubt_place(*target.piece, *wrong);
}

// The modifiers of artillery fire (Artillery Fire Phase), with the working that shows them.
int Late19cEngine::artillery_modifiers(const Piece& p, const Aim& target, std::string& working) const {
    const bool direct = !field_->sight_blocked(*p.hex, target.hex);
    int expected = 0;
    if (field_->covered(target.hex)) expected -= 1, add_working(working, -1, "target in cover or fortifications");
    if (direct) expected += 2, add_working(working, 2, "direct line of sight");
    if (p.targets_before.count(target.key)) expected += 1, add_working(working, 1, "same target as last turn");
    if (commander_near(p)) expected += 1, add_working(working, 1, "commander with or next to the gun");
    return expected;
}

// Where a hex named alone in a claim lies from a shot at `target` fired from `from`: 0 the target
// hex, 1 in front of it, 2 behind it; nothing when it is none of them.
std::optional<int> Late19cEngine::where_hex_lies(Hex hex, Hex target, Hex from) const {
    const Grid& g = field_->grid();
    if (hex == target) return 0;
    if (auto f = g.in_front(target, from); std::find(f.begin(), f.end(), hex) != f.end()) return 1;
    if (auto b = g.behind(target, from); std::find(b.begin(), b.end(), hex) != b.end()) return 2;
    return std::nullopt;
}

// ---- small-arms fire ------------------------------------------------------------------------------------

void Late19cEngine::small_arms_fire(const ngn::Event& e, Piece& p, GameContext& ctx) {
    for (const char* letter : {"a", "b", "c", "d", "g"}) ctx.judged(fire_rule(letter));
    const bool mg = p.type == UnitType::MachineGun;
    if (p.type == UnitType::Transport || p.type == UnitType::Commander) {
        ctx.findings.error(Kind::Illegal, fire_rule("g"), e.subject.pos,
                           with_article(p.what()) + " has no rifles, carbines or machine guns to fire");
        return;
    }
    check_unit_may_fire(e, p, ctx);
    auto target = aim(e, 1, ctx, fire_rule("a"));
    p.fired = true;
    if (!target) return;
    p.targets_now.insert(target->key);
    if (!place_doubt(p, target->piece)) check_small_arms_reach(p, *target, ctx);
    const std::optional<Cause> unplaced = place_doubt(p, target->piece);
    if (unplaced) unread_fire_.mark(turn_, *unplaced);  // whom the fire hit is the record's hit rolls' word
    std::string working;
    int expected = small_arms_modifiers(p, *target, working);

    // The dice judged, when they can be read; else the claim stands, as played.
    const ngn::Dice* d = dice_of(e);
    const std::size_t dice_count = mg ? 3 : 1;
    if (!d)
        ctx.findings.error(Kind::Inconsistent, fire_rule("g"), e.subject.pos,
                           std::string("a unit that fires rolls ") + (mg ? "three D6 (machine guns)" : "one D6"));
    else if (ctx.dice_ok && d->faces.size() != dice_count)
        ctx.findings.error(Kind::Inconsistent, fire_rule("g"), d->faces.back().pos,
                           std::string(mg ? "machine guns roll three D6" : "a unit rolls one D6 when it fires (three for machine guns)"),
                           std::to_string(dice_count) + (dice_count == 1 ? " die" : " dice"), std::to_string(d->faces.size()));
    const bool judge = d && ctx.dice_ok && d->faces.size() == dice_count;
    int right = 0, as_written = 0;
    if (judge) {
        expected = judge_modifiers(e, *d, p, *target, expected, working, fire_rule("g"), ctx);
        int written = 0;
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        for (const auto& f : d->faces) {
            if (f.value + expected >= 5) ++right;
            if (f.value + written >= 5) ++as_written;
        }
    }
    if (readings_.mg_any) right = std::min(right, 1), as_written = std::min(as_written, 1);
    int hits = as_written;
    {
        const std::optional<int> said = claimed_hits(e, fire_rule("g"), ctx.findings);
        if (said && !judge) right = as_written = *said;
        if (said) {
            if (*said != right && *said != as_written) {
                auto text = [&](int n) { return dice_count == 1 ? std::string(n ? "hit" : "miss") : counted(n, "hit", "hits"); };
                ctx.findings.error(Kind::WrongResult, fire_rule("g"), e.claim_pos,
                                   std::string("a modified score of 5 or more hits") + (mg && !readings_.mg_any ? " (each die)" : ""),
                                   text(right), text(*said));
            }
            hits = *said;
        }
    }
    PendingHit h;
    h.line = e.subject.pos.line;
    h.land_fire = true;
    h.disputed = hits != right || unplaced;
    for (Piece* t : all_at(target->hex))
        if (t->side() != p.side() && !t->towed_by) {  // a towed gun takes its team's hits
            PendingHit mine = h;
            mine.disputed = h.disputed || !placed(*t);
            add_hits(*t, hits, mine);
            if (right > hits) add_hits(*t, right - hits, mine);  // the dice's reading: may be resolved
        }
}

// Whether a unit may fire now (Fire Phase b, Movement c, Rivers, Trenches): once a turn, not in a
// river nor crossing a trench, and having moved 1 hex less than it may.
void Late19cEngine::check_unit_may_fire(const ngn::Event& e, Piece& p, GameContext& ctx) {
    if (p.fired) ctx.findings.error(Kind::Illegal, fire_rule("b"), e.subject.pos, p.name + " has already fired this turn");
    const HexTerrain here = placed(p) ? field_->at(*p.hex) : HexTerrain{};  // (in doubt: where it fires from is the record's)
    if (here.river) ctx.judged(kRivers);
    if (here.trench) ctx.judged(kTrenches);
    // (a move of it left out may be why: its place is in doubt from then on)
    if (here.river)
        doubt_place(p, Findings::cause_of(ctx.findings.error(Kind::Illegal, kRivers, e.subject.pos,
                                                             p.name + " is in the river: units in rivers may not fire")));
    else if (here.trench && !p.trench_holder)
        doubt_place(p, Findings::cause_of(ctx.findings.error(Kind::Illegal, kTrenches, e.subject.pos,
                                                             p.name + " is crossing a trench: it may not fire")));
    if (p.moved) {
        int allowance = p.move_allowance() - 1 + (p.move_on_road ? 1 : 0);
        if (p.hexes_moved > allowance)
            ctx.findings.error(Kind::Illegal, movement("c"), e.subject.pos,
                               p.name + " moved " + counted(p.hexes_moved, "hex", "hexes") + ": a unit that fires this turn moves 1 hex less",
                               "at most " + std::to_string(allowance), std::to_string(p.hexes_moved));
    }
}

// Whether small-arms fire reaches its target (Fire Phase a, c-f, Woods): its range (1 hex within
// a wood), its arc (60 degrees either side of its facing), firing out of dense terrain only from
// its edge, and the line of sight.
void Late19cEngine::check_small_arms_reach(Piece& p, const Aim& target, GameContext& ctx) {
    const Grid& g = field_->grid();
    const bool mg = p.type == UnitType::MachineGun;
    const HexTerrain here = field_->at(*p.hex);
    const int range = g.distance(*p.hex, target.hex);
    const bool in_woods = here.woods && field_->at(target.hex).woods;
    const int max_range = in_woods ? 1 : kSmallArmsRange;
    if (in_woods) ctx.judged(kWoods);
    if (field_->dense(target.hex)) ctx.judged(fire_rule("e"));  // 1 hex into woods, built-up areas, fortifications
    if (field_->dense(*p.hex)) ctx.judged(fire_rule("f"));      // out of them only from their edge
    const auto first = field_->first_crossed(*p.hex, target.hex);
    const auto block = field_->sight_blocked(*p.hex, target.hex);
    Finding* wrong = nullptr;
    if (range > max_range)
        wrong = &ctx.findings.error(Kind::Illegal, in_woods ? kWoods : fire_rule("a"), target.pos,
                                    in_woods ? "fire within a wood reaches 1 hex; the target is " + std::to_string(range) + " away"
                                             : std::string(mg ? "machine guns" : "rifles and carbines") + " reach 3 hexes; the target is " +
                                                   std::to_string(range) + " away",
                                    "at most " + std::to_string(max_range), std::to_string(range));
    else if (!g.in_arc(*p.hex, p.facing, target.hex, 60))
        wrong = &ctx.findings.error(Kind::Illegal, fire_rule("c"), target.pos,
                                    hex_text(target.hex) + " is outside " + p.name + "'s arc of fire (60 degrees either side of its facing, " +
                                        geometry::hex::facing_name(p.facing) + ")");
    else if (range >= 2 && field_->dense(*p.hex) && std::any_of(first.begin(), first.end(), [&](Hex h) { return field_->dense(h); }))
        wrong = &ctx.findings.error(Kind::Illegal, fire_rule("f"), target.pos,
                                    p.name + " fires out of woods, a built-up area or fortifications only from its edge");
    else if (block) {
        const bool one_deep = field_->dense(target.hex) && field_->dense(block->hex) && g.adjacent(block->hex, target.hex);
        wrong = &ctx.findings.error(Kind::Illegal, one_deep ? fire_rule("e") : fire_rule("d"), target.pos,
                                    one_deep ? "fire reaches only 1 hex into woods, built-up areas and fortifications: " +
                                                   hex_text(block->hex) + " is in the way"
                                             : "units fire only at what they see directly: " + block->why + " at " +
                                                   hex_text(block->hex) + " blocks the line of sight");
    }
    // a move or a turn of either left out may be why: their places are in doubt till they next move
    if (!wrong) return;
    const Cause why = Findings::cause_of(*wrong);
    doubt_place(p, why);
    if (target.piece) doubt_place(*target.piece, why);
}

// The modifiers of small-arms fire (Fire Phase g), with the working that shows them.
int Late19cEngine::small_arms_modifiers(const Piece& p, const Aim& target, std::string& working) const {
    int expected = 0;
    if (field_->covered(target.hex)) expected -= 1, add_working(working, -1, "target in cover or fortifications");
    if (!p.moved) expected += 1, add_working(working, 1, "has not moved this turn");
    if (commander_near(p)) expected += 1, add_working(working, 1, "commander with or next to the unit");
    return expected;
}

// ---- movement ------------------------------------------------------------------------------------------

void Late19cEngine::face(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(movement("d"));
    std::optional<int> f;
    if (e.args.size() > 1)
        if (const std::string_view* w = word_text(e.args[1])) f = geometry::hex::parse_facing(*w);
    if (!f) {
        ctx.findings.error(Kind::Inconsistent, movement("d"), e.args.size() > 1 ? e.args[1].pos : e.subject.pos,
                           "a unit faces a hex edge: N, NE, SE, S, SW or NW");
        return;
    }
    if (p.ship) {
        ctx.findings.error(Kind::Illegal, naval("Movement c"), e.subject.pos, "a ship turns 60 degrees only after moving forward one hex");
        return;
    }
    p.facing = *f;
}

void Late19cEngine::move_unit(const ngn::Event& e, Piece& p, GameContext& ctx) {
    std::vector<std::pair<HexRef, ngn::SourcePos>> path = move_path(e, movement("a"), movement("d"), ctx);
    const std::optional<Cause> unknown = p.whereabouts_unknown;
    // a path read with two hexes the other way round (reported) may be a move left out before
    // it: where it starts and where it ends are then in doubt (what they decide is not judged)
    const std::optional<Cause> reread = unknown ? std::nullopt : hexes_in_order(e, *p.hex, path, ctx);
    if (!path.empty() && path.front().first.hex == *p.hex && path.size() > 1) path.erase(path.begin());
    if (path.empty()) return;
    if (path.size() == 1 && path.front().first.hex == *p.hex) {  // a turn in its own hex
        if (path.front().first.facing) p.facing = *path.front().first.facing;
        return;
    }
    if (p.moved) ctx.findings.error(Kind::Illegal, movement("b"), e.subject.pos, p.name + " has already moved this turn");
    if (p.stays)
        ctx.findings.error(Kind::Illegal, p.type == UnitType::Transport || p.towed_by ? kTransport : kWire, e.subject.pos,
                           p.name + " must stay in its hex this turn (limbering, unlimbering or working on wire)");
    if (p.towed_by)
        ctx.findings.error(Kind::Illegal, kTransport, e.subject.pos, p.name + " is towed by " + p.towed_by->name + ": it moves with it");
    const auto last = path.back();
    const int steps = static_cast<int>(path.size());
    const Hex start = *p.hex;
    if (unknown) {
        // after a line of it left out (reported) it may be anywhere: it moves on from its first hex
        if (!field_->grid().adjacent(start, path.front().first.hex))
            ctx.findings.excuse(*unknown, path.front().second, p.name + " moves on from where the line left out put it");
        p.hex = path.front().first.hex;
        path.erase(path.begin());
    }
    const UnitSteps taken = path.empty() ? UnitSteps{} : judge_unit_move(e, p, path, !unknown && !reread, !reread, ctx);
    // as played
    const Hex end = last.first.hex;
    p.hex = end;
    if (last.first.facing) p.facing = *last.first.facing;
    p.moved = true;
    p.hexes_moved = steps;
    p.move_on_road = taken.on_road;
    if (p.towing) p.towing->hex = end, p.towing->facing = p.facing;
    const HexTerrain from = field_->at(start), t = field_->at(end);
    if ((t.river && !from.river) || (t.trench && !from.trench)) p.stopped_in = turn_;
    if (end != start) p.trench_holder = false;
    p.whereabouts_unknown.reset();
    if (taken.off_path) doubt_place(p, *taken.off_path);  // where it ended is in doubt: a hex written wrong
    if (reread) doubt_place(p, *reread);
    // it must face an adjacent enemy at once (Movement g)
    if (!path.empty() && !taken.reported_stop && !taken.reported_step) check_facing_enemy(p, end, last.second, ctx);
}

// The rules of a unit's move from where it stands along `path` (Movement a-h; the terrain's
// stops; the Exhaustion Point). `known_start`: whether where it started is known (else what
// its start decides, the allowance, a withdrawal, the approach when exhausted, is not judged);
// `known_end`, whether where it ends is (else a friend there is not reported).
// An enemy or a friend named in a finding may be where a line left out put it: its place is in
// doubt from then on.
UnitSteps Late19cEngine::judge_unit_move(const ngn::Event& e, Piece& p, const std::vector<std::pair<HexRef, ngn::SourcePos>>& path,
                                         bool known_start, bool known_end, GameContext& ctx) {
    const Grid& g = field_->grid();
    const Hex start = *p.hex;
    for (const auto& step : path) shown_gone_from(step.first.hex, p.side(), step.second, ctx);
    auto nearest_enemy = [&](Hex h) {
        int best = 1 << 20;
        for (Piece* en : enemies_of(p)) best = std::min(best, g.distance(h, *en->hex));
        return best;
    };
    const int enemy_before = nearest_enemy(start);
    // enemies facing the unit at the start: from them it may withdraw (Movement h)
    std::set<Piece*> facing_me;
    for (Piece* en : enemies_of(p))
        if (known_start && g.adjacent(*en->hex, start) && is_front(*en, start)) facing_me.insert(en);
    const UnitSteps taken = unit_steps(p, path, facing_me, ctx);
    if (known_start) check_unit_allowance(e, p, start, static_cast<int>(path.size()), taken.on_road, ctx);
    const Hex end = path.back().first.hex;
    if (!stacks_freely(p) && known_end)
        for (Piece* other : pieces_at(end))
            if (other != &p && other != p.towing && other->side() == p.side() && !stacks_freely(*other)) {
                doubt_place(*other, Findings::cause_of(ctx.findings.error(
                                        Kind::Illegal, movement("e"), path.back().second,
                                        p.name + " ends its move in the hex of " + other->name +
                                            ": only transport and commanders share a hex with friendly units")));
                break;
            }
    // a unit faced by an adjacent enemy moves only to withdraw from it (Movement h)
    if (!taken.reported_withdrawal)
        for (Piece* en : facing_me)
            if (g.adjacent(*en->hex, end)) {
                doubt_place(*en, Findings::cause_of(ctx.findings.error(Kind::Illegal, movement("h"), path.back().second,
                                                                       p.name + " is faced by " + en->name +
                                                                           ": it may move only to withdraw, and ends next to it still")));
                break;
            }
    std::optional<Cause> enemy_unplaced;  // an enemy where a line left out put it: how near it is, is not known
    for (const auto& en : pieces_)
        if (!enemy_unplaced && en->on_map() && en->side() != p.side() && en->whereabouts_unknown) enemy_unplaced = en->whereabouts_unknown;
    if (known_start && exhausted_sides_.count(p.side()) && nearest_enemy(end) < enemy_before && enemy_unplaced) {
        ctx.findings.excuse(*enemy_unplaced, e.subject.pos, p.name + " may come no closer to an enemy whose place is in doubt");
    } else if (known_start && exhausted_sides_.count(p.side()) && nearest_enemy(end) < enemy_before &&
               !excused_exhaustion(p.side(), e.subject.pos, ctx)) {
        const Cause why = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, kExhaustion, e.subject.pos,
            ctx.symbols.side(p.side())->label() + " has reached its Exhaustion Point: its units move no closer to the enemy"));
        for (Piece* en : enemies_of(p))  // a move of the enemy it comes nearer left out may be why
            if (g.distance(end, *en->hex) == nearest_enemy(end)) doubt_place(*en, why);
    }
    return taken;
}

// A unit (or, in a combined battle, a ship) that has not moved this turn, whose next line that
// says where it is (a move, an advance, a retreat) puts it away from where it is: a move of it
// was left out of the record (or that hex is written wrong). One finding, at that line; till
// then its place is in doubt, and nothing is judged by it. Guns and their teams are passed over
// (a gun's place follows its team's moves while limbered, and its team's its retreats).
void Late19cEngine::look_for_move_left_out(Piece& p, std::uint32_t line, GameContext& ctx) {
    if (variant_ == "naval" || !placed(p) || p.moved || p.looked_ahead == turn_ ||
        (!p.ship && (p.type == UnitType::Artillery || p.type == UnitType::Transport)))
        return;
    if (std::any_of(p.hits.begin(), p.hits.end(), [](const PendingHit& h) { return !h.disputed; })) return;  // its roll may move it
    p.looked_ahead = turn_;
    // its moves and advances (also written with a word out of order), its hit rolls, and its
    // lines not read (one of which may be the move: then its own finding says so)
    auto moves = [](const ngn::Event& e) {
        return std::any_of(e.args.begin(), e.args.end(), [](const ngn::Item& it) { return is_word(it, "move") || is_word(it, "advance"); });
    };
    if (!places_ahead_)
        places_ahead_.emplace(ctx.game, ctx.symbols, [moves](const ngn::Event& e) {
            return moves(e) || (is_word(e.args.front(), "hit") && e.claim) || !is_action(lower(e.verb()));
        });
    for (const ngn::Event* next = places_ahead_->next(p.entity, line); next; next = places_ahead_->next(p.entity, next->subject.pos.line)) {
        const bool hit = !moves(*next) && is_word(next->args.front(), "hit");
        if (!hit && !moves(*next)) return;  // a line not read
        const ngn::Item* first = nullptr;
        const auto items = hit ? elements(*next->claim) : std::vector<const ngn::Item*>{};
        for (const ngn::Item* it : items)
            if (!first && it->is<ngn::HexPos>()) first = it;
        for (std::size_t i = 0; !hit && i < next->args.size() && !first; ++i)
            if (next->args[i].is<ngn::HexPos>()) first = &next->args[i];
        if (hit && !first) continue;  // a hit roll that does not move it
        std::string problem;
        auto ref = first ? read_hex(*first->as<ngn::HexPos>(), problem) : std::nullopt;
        const Grid& g = field_->grid();
        if (!ref || ref->hex == *p.hex || g.adjacent(*p.hex, ref->hex) || (!hit && swapped_path(*p.hex, *next))) return;
        p.whereabouts_unknown = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, p.ship ? naval("Movement a") : movement("a"), first->pos,
            hex_text(ref->hex) + " is not adjacent to " + hex_text(*p.hex) + ", where " + p.name +
                " was last recorded: a move of it is left out of the record, or this hex is written wrong"));
        return;
    }
}

// How far a unit moves (Movement a, c; Roads, Woods, Rivers, Trenches): its allowance, 1 less
// having fired, 1 more all along a road, 1 hex out of a wood, a river or a trench.
void Late19cEngine::check_unit_allowance(const ngn::Event& e, const Piece& p, Hex start, int steps, bool on_road, GameContext& ctx) {
    ctx.judged(movement("a"));
    if (p.fired) ctx.judged(movement("c"));
    if (on_road) ctx.judged(kRoads);
    int allowance = p.move_allowance();
    std::string why = with_article(p.what()) + " moves " + counted(allowance, "hex", "hexes");
    RuleRef rule = movement("a");
    if (p.fired) allowance -= 1, why += ", 1 less having fired", rule = movement("c");
    if (on_road && steps > 0) allowance += 1, why += ", 1 more all along a road", rule = kRoads;
    const HexTerrain from = field_->at(start);
    if (from.woods) allowance = std::min(allowance, 1), why = "moving through a wood, a unit moves 1 hex a turn", rule = kWoods;
    if (from.river) allowance = std::min(allowance, 1), why = "a unit in the river moves 1 hex out of it", rule = kRivers;
    if (from.trench && !from.river) allowance = std::min(allowance, 1), why = "a unit in a trench moves 1 hex out of it", rule = kTrenches;
    if (steps > allowance)
        ctx.findings.error(Kind::Illegal, rule, e.subject.pos, why + "; " + p.name + " moved " + std::to_string(steps),
                           "at most " + std::to_string(allowance), std::to_string(steps));
}

// A unit that stops next to an enemy must face it at once (Movement g): `end` is where it
// stopped, `at` the hex written last.
void Late19cEngine::check_facing_enemy(Piece& p, Hex end, ngn::SourcePos at, GameContext& ctx) {
    const Grid& g = field_->grid();
    std::vector<Piece*> adjacent_enemies;
    for (Piece* en : enemies_of(p))
        if (g.adjacent(*en->hex, end)) adjacent_enemies.push_back(en);
    const bool faces_none = !adjacent_enemies.empty() &&
                            std::none_of(adjacent_enemies.begin(), adjacent_enemies.end(), [&](Piece* en) { return is_front(p, *en->hex); });
    // an enemy whose place is in doubt (a move of it left out) may be the one it faces
    for (const auto& en : pieces_)
        if (faces_none && en->on_map() && en->side() != p.side() && en->whereabouts_unknown) {
            ctx.findings.excuse(*en->whereabouts_unknown, at, p.name + " may face " + en->name + ", whose place is in doubt");
            return;
        }
    if (!faces_none) return;
    const Cause why = Findings::cause_of(ctx.findings.error(
        Kind::Illegal, movement("g"), at,
        p.name + " stops next to " + adjacent_enemies.front()->name + " and must turn to face it: end the move with " + "a facing towards it (" +
            hex_text(end) + "/" + geometry::hex::facing_name(*g.direction(end, *adjacent_enemies.front()->hex)) + ")"));
    // a move left out of that enemy, or of one it faces that the replay has elsewhere, may be why
    doubt_place(*adjacent_enemies.front(), why);
    doubt_place(p, why);
}

// The hexes a move lists, in order: each read by `hex_rule`, a facing that is not an edge by
// `facing_rule` (a unit's Movement a and d; a ship's Movement a).
std::vector<std::pair<HexRef, ngn::SourcePos>> Late19cEngine::move_path(const ngn::Event& e, const RuleRef& hex_rule,
                                                                       const RuleRef& facing_rule, GameContext& ctx) {
    std::vector<std::pair<HexRef, ngn::SourcePos>> path;
    for (std::size_t i = 1; i < e.args.size(); ++i)
        for (const ngn::Item* it : elements(e.args[i])) {
            if (!it->is<ngn::HexPos>()) {
                ctx.findings.error(Kind::Inconsistent, hex_rule, it->pos,
                                   "a move lists the hexes entered, in order (#0405 #0505/NE); not '" + it->to_ngn() + "'");
                continue;
            }
            const bool bad_facing = !it->as<ngn::HexPos>()->facing.empty() &&
                                    !geometry::hex::parse_facing(it->as<ngn::HexPos>()->facing);
            if (auto ref = hex_arg(*it, ctx, bad_facing ? facing_rule : hex_rule)) path.emplace_back(*ref, it->pos);
        }
    return path;
}

// Whether a path goes hex to hex from `start` (a hex repeated is a turn in place).
bool Late19cEngine::hex_to_hex(Hex start, const std::vector<Hex>& hexes) const {
    const Grid& g = field_->grid();
    for (Hex h : hexes) {
        if (h != start && !g.adjacent(start, h)) return false;
        start = h;
    }
    return true;
}

// Two hexes of a move written the other way round (#0530/N #0531 for #0531 #0530/N): when the
// path breaks and one neighbouring pair read in turn makes every step hex to hex, the move
// reads so. One finding (ngn 5.3) says it, and the move is played as it reads.
std::optional<Cause> Late19cEngine::hexes_in_order(const ngn::Event& e, Hex start, std::vector<std::pair<HexRef, ngn::SourcePos>>& path,
                                                   GameContext& ctx) {
    auto whole = [&](const std::vector<std::pair<HexRef, ngn::SourcePos>>& p) {
        std::vector<Hex> hexes;
        for (const auto& step : p) hexes.push_back(step.first.hex);
        return hex_to_hex(start, hexes);
    };
    if (path.size() < 2 || whole(path)) return std::nullopt;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        auto swapped = path;
        std::swap(swapped[i].first, swapped[i + 1].first);
        if (!whole(swapped)) continue;
        auto text = [](const HexRef& r) {
            return hex_text(r.hex) + (r.facing ? "/" + std::string(geometry::hex::facing_name(*r.facing)) : std::string());
        };
        std::string line = e.subject.to_ngn() + " " + e.args.front().to_ngn();
        for (const auto& [ref, at] : swapped) line += " " + text(ref);
        const Cause why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kVocabulary, path[i].second,
                                                                "this reads as '" + line + "': " + text(path[i + 1].first) + " comes before " +
                                                                    text(path[i].first)));
        path = std::move(swapped);
        return why;
    }
    return std::nullopt;
}

// Each step of a unit's move: hex to hex, no sea, a river only at a ford, no enemy's hex, the
// stops terrain and enemies force, no move next to another enemy's front while withdrawing.
UnitSteps Late19cEngine::unit_steps(const Piece& p, const std::vector<std::pair<HexRef, ngn::SourcePos>>& path,
                                    const std::set<Piece*>& facing_me, GameContext& ctx) {
    const Grid& g = field_->grid();
    const Hex start = *p.hex;
    UnitSteps r;
    r.on_road = field_->road_at(start);
    Hex prev = start;
    const int steps = static_cast<int>(path.size());
    for (const char* letter : {"b", "d", "e", "f"}) ctx.judged(movement(letter));
    if (!facing_me.empty()) ctx.judged(movement("h"));  // it may only withdraw
    for (int i = 0; i < steps; ++i) {
        const Hex cur = path[static_cast<std::size_t>(i)].first.hex;
        const ngn::SourcePos at = path[static_cast<std::size_t>(i)].second;
        const bool last = i == steps - 1;
        if (!g.adjacent(prev, cur) && !r.reported_step) {
            r.reported_step = true;
            r.off_path = Findings::cause_of(ctx.findings.error(Kind::Illegal, movement("a"), at,
                                                               hex_text(cur) + " is not adjacent to " + hex_text(prev) +
                                                                   ": units move hex to hex through the edges"));
        }
        if (!field_->road_between(prev, cur)) r.on_road = false;
        const HexTerrain t = field_->at(cur);
        if (t.sea)
            ctx.findings.error(Kind::Illegal, movement("a"), at, hex_text(cur) + " is sea: land units do not enter it");
        else if (t.river && !t.ford)
            ctx.findings.error(Kind::Illegal, kRivers, at, hex_text(cur) + " is river: units cross a river only at a ford");
        for (Piece* other : pieces_at(cur))
            if (other->side() != p.side() && other != &p) {
                ctx.findings.error(Kind::Illegal, movement("f"), at, hex_text(cur) + " holds " + other->name + ": no unit enters an enemy's hex");
                break;
            }
        // what makes a unit stop as soon as it enters a hex
        std::string stop_rule_why;
        RuleRef stop_rule;
        Piece* stopped_by = nullptr;  // the enemy it comes next to
        const HexTerrain before = field_->at(prev);
        if (t.woods && !before.woods) stop_rule = kWoods, stop_rule_why = "it enters a wood";
        else if (t.river && !before.river) stop_rule = kRivers, stop_rule_why = "it enters the river";
        else if (t.trench && !before.trench) stop_rule = kTrenches, stop_rule_why = "it enters a trench";
        else if (t.wire) stop_rule = kWire, stop_rule_why = "it enters barbed wire";
        else
            for (Piece* en : enemies_of(p))
                if (g.adjacent(*en->hex, cur)) {
                    stop_rule = movement("g"), stop_rule_why = "it enters a hex next to " + en->name;
                    stopped_by = en;
                    break;
                }
        const bool next_is_enemy = !last && [&] {
            for (Piece* other : pieces_at(path[static_cast<std::size_t>(i) + 1].first.hex))
                if (other->side() != p.side()) return true;
            return false;
        }();
        if (!stop_rule_why.empty()) ctx.judged(stop_rule);
        if (!last && !stop_rule_why.empty() && !r.reported_stop && !next_is_enemy) {
            r.reported_stop = true;
            const Cause why =
                Findings::cause_of(ctx.findings.error(Kind::Illegal, stop_rule, at, p.name + " must stop at " + hex_text(cur) + ": " + stop_rule_why));
            if (stopped_by) doubt_place(*stopped_by, why);  // a move of it left out may be why
        }
        if (!facing_me.empty() && !r.reported_withdrawal)
            for (Piece* en : enemies_of(p))
                if (!facing_me.count(en) && g.adjacent(*en->hex, cur) && is_front(*en, cur)) {
                    r.reported_withdrawal = true;
                    doubt_place(*en, Findings::cause_of(ctx.findings.error(Kind::Illegal, movement("h"), at,
                                                                           p.name + " withdraws from " + (*facing_me.begin())->name +
                                                                               ": it may not move next to the front of " + en->name)));
                    break;
                }
        prev = cur;
    }
    return r;
}

// ---- close combat ---------------------------------------------------------------------------------------

void Late19cEngine::close_combat_open(GameContext& ctx, ngn::SourcePos) {
    if (combat_ && !combat_->defended)  // (the hits its roll gave the attacker are the record's to resolve)
        combat_->attacker->unrecorded_fire.mark(
            turn_, Findings::cause_of(ctx.findings.error(Kind::Inconsistent, close_rule("c"), combat_->pos,
                                                         combat_->defender->name + " does not roll in the close combat with " +
                                                             combat_->attacker->name + ": both sides roll a D6 (" + combat_->defender->name +
                                                             " defend " + combat_->attacker->name + " d6: ...)")));
    combat_.reset();
}

void Late19cEngine::assault(const ngn::Event& e, Piece& p, GameContext& ctx, bool defending) {
    ctx.judged(close_rule("a"));
    ctx.judged(close_rule("c"));
    if (Piece* enemy = e.args.size() > 1 ? piece_named(e.args[1], ctx) : nullptr; enemy && enemy->hex && p.hex) {
        // the terrain rules that change the close-combat die (Close Combat b-c, Hills, Rivers, Trenches, Woods)
        const HexTerrain mine = field_->at(*p.hex), theirs = field_->at(*enemy->hex);
        if (field_->grid().adjacent(*p.hex, *enemy->hex) && !is_front(defending ? p : *enemy, defending ? *enemy->hex : *p.hex))
            ctx.judged(close_rule("b"));
        if (theirs.height != mine.height) ctx.judged(kHills);
        if (mine.river) ctx.judged(kRivers);
        if (mine.trench) ctx.judged(kTrenches);
        if (mine.woods) ctx.judged(kWoods);
    }
    const Grid& g = field_->grid();
    Piece* enemy = e.args.size() > 1 ? piece_named(e.args[1], ctx) : nullptr;
    if (!enemy || enemy->ship) {
        ctx.findings.error(Kind::Inconsistent, close_rule("c"), e.args.size() > 1 ? e.args[1].pos : e.subject.pos,
                           std::string(defending ? "say which unit attacks: " : "say which enemy unit is attacked: ") + e.verb() + " <unit> d6: ...");
        return;
    }
    if (!close_combat_in_order(e, p, *enemy, defending, ctx)) return;
    const bool adjacent = enemy->on_map() && g.adjacent(*p.hex, *enemy->hex) && !place_doubt(p, enemy);
    std::string working;
    int expected = close_combat_modifiers(p, *enemy, defending, adjacent, working);

    // The dice judged, when they can be read; else the claim stands, as played.
    const ngn::Dice* d = dice_of(e);
    if (!d)
        ctx.findings.error(Kind::Inconsistent, close_rule("c"), e.subject.pos, "each side rolls a D6 for its unit in a close combat");
    else if (ctx.dice_ok && d->faces.size() != 1)
        ctx.findings.error(Kind::Inconsistent, close_rule("c"), d->faces.back().pos, "each side rolls one D6 for its unit",
                           std::string("1 die"), counted(static_cast<long long>(d->faces.size()), "die", "dice"));
    const bool judge = d && ctx.dice_ok && d->faces.size() == 1 && adjacent;
    const int need = p.ship ? 7 : unit_stats(p.type).close_combat;
    int written = 0;
    if (judge) {
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        if (auto c = commander_doubt(p); c && (written == expected + 1 || written == expected - 1)) {
            ctx.findings.excuse(*c, d->modifiers.empty() ? e.subject.pos : d->modifiers.front().pos,
                                "the modifiers may count the commander whose place is in doubt");
            expected = written;
        } else if (written != expected) {
            check_modifiers(e, *d, expected, working, close_rule("c"), ctx);
            doubt_commander(p, written - expected, Findings::cause_of(ctx.findings.all().back()));
        }
    }
    const int die = judge ? d->faces[0].value : 0;
    bool right = judge && die + expected >= need, as_written = judge && die + written >= need;
    bool hits = as_written;
    {
        std::optional<bool> said;
        if (auto n = claimed_hits(e, close_rule("c"), ctx.findings)) said = *n > 0;
        if (said && !judge) right = as_written = *said;
        if (said) {
            if (*said != right && *said != as_written)
                ctx.findings.error(Kind::WrongResult, close_rule("c"), e.claim_pos,
                                   with_article(p.what()) + " hits in close combat on a modified " + std::to_string(need) +
                                       " or more; it scored " + std::to_string(die + expected),
                                   std::string(right ? "hit" : "miss"), std::string(*said ? "hit" : "miss"));
            hits = *said;
        }
    }
    PendingHit h;
    h.line = e.subject.pos.line;
    h.land_fire = true;
    h.disputed = hits != right;
    if (hits || right) add_hits(*enemy, 1, h);  // when only the dice say hit, the roll may follow or not
}

// Who rolls when in a close combat (Close Combat a, c, d; Exhaustion Point): the attacker opens
// it, against an adjacent enemy, once a turn and not past its side's Exhaustion Point; the
// defender answers that attack. False when a defender's roll answers no attack.
bool Late19cEngine::close_combat_in_order(const ngn::Event& e, Piece& p, Piece& enemy, bool defending, GameContext& ctx) {
    const Grid& g = field_->grid();
    if (!defending) {
        if (combat_) close_combat_open(ctx, e.subject.pos);
        const bool fought = p.close_combats >= p.close_combats_allowed;
        const bool advance_left_out = fought && won_close_combat(p);
        if (advance_left_out)  // where it attacks from is where that advance put it: its place is in doubt
            doubt_place(p, Findings::cause_of(ctx.findings.error(
                               Kind::Illegal, close_rule("d"), e.subject.pos,
                               p.name + " has fought its close combat this turn: another only after advancing into a hex it won; it won " +
                                   hex_text(*p.vacated) + " and no advance into it is recorded")));
        if (enemy.side() == p.side()) {
            ctx.findings.error(Kind::Inconsistent, close_rule("c"), e.args[1].pos, enemy.name + " is on the same side");
        } else if (!place_doubt(p, &enemy) && (!enemy.on_map() || !g.adjacent(*p.hex, *enemy.hex))) {
            // a move of either left out may be why: their places are in doubt from then on
            const Cause why = Findings::cause_of(ctx.findings.error(
                Kind::Illegal, close_rule("a"), e.args[1].pos,
                enemy.name + " is not adjacent to " + p.name + ": close combat is fought between adjacent hexes"));
            doubt_place(p, why);
            if (enemy.on_map()) doubt_place(enemy, why);
        }
        if (fought && !advance_left_out)
            ctx.findings.error(Kind::Illegal, close_rule("d"), e.subject.pos,
                               p.name + " has fought its close combat this turn: another only after advancing into a hex it won");
        if (exhausted_sides_.count(p.side()) && !excused_exhaustion(p.side(), e.subject.pos, ctx))
            ctx.findings.error(Kind::Illegal, kExhaustion, e.subject.pos,
                               ctx.symbols.side(p.side())->label() + " has reached its Exhaustion Point: it attacks no more");
        p.close_combats++;
        combat_ = CloseCombat{&p, &enemy, e.subject.pos, false};
        p.vacated = enemy.hex;
        p.vacated_doubt = enemy.whereabouts_unknown;  // (where the enemy stood is in doubt: the advance says)
        p.can_advance = false;
        return true;
    }
    if (!combat_ || combat_->defender != &p || combat_->attacker != &enemy) {
        const Cause why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, close_rule("c"), e.subject.pos,
                                                                enemy.name + " has not attacked " + p.name +
                                                                    ": the defender rolls after the attacker"));
        if (enemy.side() == p.side() || !enemy.on_map()) return false;
        // the attack may be the line left out: the combat as played, the hits it gave the
        // defender the record's to resolve
        if (combat_) close_combat_open(ctx, e.subject.pos);
        combat_ = CloseCombat{&enemy, &p, e.subject.pos, true};
        enemy.close_combats++;
        enemy.vacated = p.hex;
        enemy.vacated_doubt = p.whereabouts_unknown;
        enemy.can_advance = false;
        p.unrecorded_fire.mark(turn_, why);
        return true;
    }
    combat_->defended = true;
    return true;
}

// The roller's modifiers against its enemy in close combat (Close Combat c), with the working
// that shows them.
int Late19cEngine::close_combat_modifiers(const Piece& p, const Piece& enemy, bool defending, bool adjacent, std::string& working) const {
    int expected = 0;
    const bool flank = adjacent && !is_front(defending ? p : enemy, defending ? *enemy.hex : *p.hex);
    if (!defending && flank) expected += 1, add_working(working, 1, "attack on the flank or rear");
    if (defending && flank) expected -= 1, add_working(working, -1, "attacked in the flank or rear");
    if (commander_near(p)) expected += 1, add_working(working, 1, "commander with or next to the unit");
    const HexTerrain mine = field_->at(*p.hex), theirs = field_->at(*enemy.hex);
    const bool uphill = theirs.height > mine.height;
    if (uphill || field_->covered(*enemy.hex))
        expected -= 1, add_working(working, -1, uphill ? "enemy uphill" : "enemy in cover or fortifications");
    if (readings_.uphill_twice && !defending && uphill) expected -= 1, add_working(working, -1, "attacking uphill (uphill=twice)");
    if (mine.river) expected -= 1, add_working(working, -1, "in a river");
    if (mine.trench && !p.trench_holder) expected -= 1, add_working(working, -1, "crossing a trench");
    if (mine.woods) expected += 1, add_working(working, 1, "in a wood");
    return expected;
}

// Whether `p` won the close combat it fought last and may advance: infantry or cavalry, whose
// enemy has left the hex it held.
bool Late19cEngine::won_close_combat(const Piece& p) {
    if (p.type != UnitType::Infantry && p.type != UnitType::DismountedCavalry && p.type != UnitType::MountedCavalry) return false;
    if (!p.vacated || p.vacated_doubt || p.whereabouts_unknown) return false;
    const auto there = pieces_at(*p.vacated);
    return std::none_of(there.begin(), there.end(), [&](const Piece* q) { return q->side() != p.side(); });
}

void Late19cEngine::advance(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(close_rule("d"));
    if (p.type != UnitType::Infantry && p.type != UnitType::DismountedCavalry && p.type != UnitType::MountedCavalry) {
        ctx.findings.error(Kind::Illegal, close_rule("d"), e.subject.pos, "only infantry and cavalry advance after a close combat");
        return;
    }
    std::optional<HexRef> to;
    if (e.args.size() > 1) to = hex_arg(e.args[1], ctx, close_rule("d"));
    if (!to) {
        ctx.findings.error(Kind::Inconsistent, close_rule("d"), e.subject.pos, "say the hex it advances into: advance #0405");
        return;
    }
    bool won = false;
    if (p.vacated && (!combat_ || combat_->attacker == &p)) {
        shown_gone_from(*p.vacated, p.side(), e.subject.pos, ctx);
        const auto there = pieces_at(*p.vacated);
        won = std::none_of(there.begin(), there.end(), [&](const Piece* q) { return q->side() != p.side(); });
    }
    if (p.whereabouts_unknown || p.vacated_doubt) {
        const Cause why = p.whereabouts_unknown ? *p.whereabouts_unknown : *p.vacated_doubt;
        ctx.findings.excuse(why, e.subject.pos, p.name + " advances from, or into, a hex a line left out decides");
        p.whereabouts_unknown.reset();
    } else if (!won)
        ctx.findings.error(Kind::Illegal, close_rule("d"), e.subject.pos,
                           p.name + " has not won a close combat: a unit advances when the enemy it fought is destroyed or has retreated");
    else if (to->hex != *p.vacated)
        ctx.findings.error(Kind::Illegal, close_rule("d"), e.args[1].pos,
                           "the winner advances into the hex the enemy held, " + hex_text(*p.vacated), hex_text(*p.vacated), hex_text(to->hex));
    const HexTerrain before = field_->at(*p.hex), after = field_->at(to->hex);
    if ((after.river && !before.river) || (after.trench && !before.trench)) p.stopped_in = turn_;
    if (to->hex != *p.hex) p.trench_holder = false;  // one that moves into a trench is crossing it
    p.hex = to->hex;
    if (to->facing) p.facing = *to->facing;
    p.vacated.reset();
    p.vacated_doubt.reset();
    p.close_combats_allowed = p.close_combats + 1;  // it may fight again from its new hex
}

// An enemy in a hex the record moves or advances into, with hits no roll has resolved: the roll
// is left out (one finding, its hits' own), and it may have retreated or been destroyed; one whose
// hits were left unresolved before (reported) was destroyed by them, as played.
void Late19cEngine::shown_gone_from(Hex h, int side, ngn::SourcePos at, GameContext& ctx) {
    for (Piece* q : pieces_at(h)) {
        if (q->side() == side || q->ship) continue;
        const int open = static_cast<int>(std::count_if(q->hits.begin(), q->hits.end(), [](const PendingHit& x) { return !x.disputed; }));
        if (open > 0) {
            unresolved_hits(*q, open, at, false, ctx);
        } else if (q->fate_unknown) {
            ctx.findings.excuse(*q->fate_unknown, at, q->name + " was destroyed by the hits left unresolved");
            lose(*q, q->strength, ctx, at);
        }
    }
}

// ---- transport and wire -----------------------------------------------------------------------------------

void Late19cEngine::limber(const ngn::Event& e, Piece& p, GameContext& ctx, bool on) {
    ctx.judged(kTransport);
    Piece* gun = e.args.size() > 1 ? piece_named(e.args[1], ctx) : nullptr;
    if (p.type != UnitType::Transport) {
        ctx.findings.error(Kind::Illegal, kTransport, e.subject.pos, "a horse-drawn transport unit limbers and unlimbers artillery");
        return;
    }
    if (!gun || gun->ship || gun->type != UnitType::Artillery) {
        ctx.findings.error(Kind::Inconsistent, kTransport, e.args.size() > 1 ? e.args[1].pos : e.subject.pos,
                           "say which artillery unit: " + e.verb() + " <artillery unit>");
        return;
    }
    if (p.moved || gun->moved)
        ctx.findings.error(Kind::Illegal, kTransport, e.subject.pos,
                           "limbering and unlimbering take the whole turn, both units in one hex: " + (p.moved ? p.name : gun->name) +
                               " has moved this turn");
    else if (!gun->on_map() || *gun->hex != *p.hex)
        ctx.findings.error(Kind::Illegal, kTransport, e.args[1].pos, p.name + " and " + gun->name + " must be in the same hex");
    if (on && gun->towed_by) ctx.findings.error(Kind::Illegal, kTransport, e.args[1].pos, gun->name + " is already limbered");
    if (!on && gun->towed_by != &p) {
        ctx.findings.error(Kind::Illegal, kTransport, e.args[1].pos, p.name + " is not towing " + gun->name);
        return;
    }
    p.stays = gun->stays = true;
    if (on) {
        p.towing = gun;
        gun->towed_by = &p;
    } else {
        p.towing = nullptr;
        gun->towed_by = nullptr;
    }
}

void Late19cEngine::wire_work(const ngn::Event& e, Piece& p, GameContext& ctx, bool lay) {
    ctx.judged(kWire);
    p.stays = true;
    if (!placed(p)) return;  // (where it works is not known: a line of it left out, reported)
    if (p.moved)
        ctx.findings.error(Kind::Illegal, kWire, e.subject.pos,
                           std::string("a unit ") + (lay ? "lays" : "removes") + " barbed wire by staying in its hex for the turn; " + p.name +
                               " has moved");
    const bool wired = field_->at(*p.hex).wire;
    if (lay && wired) ctx.findings.error(Kind::Inconsistent, kWire, e.subject.pos, hex_text(*p.hex) + " is already wired");
    if (!lay && !wired) ctx.findings.error(Kind::Inconsistent, kWire, e.subject.pos, hex_text(*p.hex) + " has no barbed wire");
    p.stays = true;
    (lay ? wire_laid_ : wire_removed_).insert(*p.hex);
}

}  // namespace ironlog::rules::late19c
