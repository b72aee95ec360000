// Ship formations (7.4) and who activates when (7.5): formations one at a time, the initiative
// player's first and the players alternating; then the ships out of formation one by one.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

std::string shape_rule(const std::string& shape) {
    if (shape == "line-ahead") return "each ship in the hex astern of the ship ahead (or ahead of the one behind, the flagship in the middle)";
    if (shape == "line-abreast") return "each ship 1 or 2 hexes from the next, within the flagship's broadside arcs";
    return "each ship 1 or 2 hexes astern of the flagship or of the next ship to it, a V behind the flagship";
}

// Who sees whom can be worked out: the visibility is known and the boards are placed.
bool TmbvEngine::chain_known() const { return visibility_.has_value() && tables_ && tables_->has_boards(); }

bool TmbvEngine::in_formation(const Ship& s) const {
    return s.formation && !s.out_of_command && !s.formation->played_apart && s.formation->flagship && afloat(*s.formation->flagship);
}

// 7.4.2: linked to the flagship by sight, directly or through a chain of the formation's ships.
// Ships next to one already linked are linked first: they need no line of sight worked out.
std::vector<const Ship*> TmbvEngine::linked(const Formation& f, bool with_relays) const {
    std::vector<const Ship*> found;
    if (!f.flagship || !afloat(*f.flagship)) return found;
    found.push_back(f.flagship);
    const std::vector<const Ship*> relays = with_relays ? relays_for(f) : std::vector<const Ship*>{};
    found.insert(found.end(), relays.begin(), relays.end());
    // each ship still out, with how many of `found` it has been tested against: each pair is
    // worked out once
    struct Rest {
        const Ship* ship;
        std::size_t tested[2];  // how many of `found` it was tested against: for sight, for being next to one
    };
    std::vector<Rest> rest;
    for (const Ship& s : ships_)
        if (s.formation == &f && &s != f.flagship && afloat(s) && !s.out_of_command) rest.push_back(Rest{&s, {0, 0}});
    auto next_to = [&](const Ship& a, const Ship& b) {
        const auto d = distance(a.at, b.at);
        return d && *d <= 1 && (!visibility_ || *d <= *visibility_);
    };
    // 7.4.4: a line-ahead is an unbroken line: its ships are linked hex to hex (a gap of hexes puts
    // the ships beyond it out of formation, 7.4.3); a dispatch ship still links by sight (14.4),
    // its own fleet's too: in sight of the flagship it joins it, and links the ships it sees
    const bool line = f.shape == "line-ahead";
    auto own_relay = [&](const Ship& d) { return dispatch_rule_ && is_dispatch(d) && sees(*f.flagship, d); };
    auto in_sight = [&](const Ship& x, const Ship& s) {
        const bool by_sight = !line || x.formation != &f || (&x == f.flagship && own_relay(s)) || (&x != f.flagship && own_relay(x));
        return by_sight && sees(x, s);
    };
    for (bool grew = true; grew && !rest.empty();) {
        grew = false;
        for (bool adjacent : {true, false}) {
            for (auto it = rest.begin(); it != rest.end();) {
                const Ship& s = *it->ship;
                std::size_t& tested = it->tested[adjacent];
                const auto from = found.begin() + static_cast<std::ptrdiff_t>(tested);
                const bool joins = std::any_of(from, found.end(), [&](const Ship* x) { return adjacent ? next_to(*x, s) : in_sight(*x, s); });
                tested = found.size();
                if (joins) found.push_back(&s), it = rest.erase(it), grew = true;
                else ++it;
            }
            if (grew) break;  // the cheap links again before any line of sight
        }
    }
    // the relays stay in the chain only if they are the formation's own ships
    std::erase_if(found, [&](const Ship* x) { return x->formation != &f && x != f.flagship; });
    return found;
}

// 14.4: a dispatch ship (type D) afloat, in sight of the flagship, not serving another this impulse.
std::vector<const Ship*> TmbvEngine::relays_for(const Formation& f) const {
    std::vector<const Ship*> relays;
    if (!dispatch_rule_) return relays;
    for (const Ship& d : ships_)
        if (is_dispatch(d) && afloat(d) && d.side == f.side && d.formation != &f && (!d.relayed_for || d.relayed_for == &f) && sees(*f.flagship, d))
            relays.push_back(&d);
    return relays;
}

// 14.4: a dispatch ship serves one flagship an impulse: the one whose ships it linked first.
// Whether one did.
bool TmbvEngine::claim_relays(const Formation& f, const std::vector<const Ship*>& chain) {
    if (!dispatch_rule_) return false;
    const auto plain = linked(f, false);
    if (chain.size() == plain.size()) return false;
    for (Ship& d : ships_) {
        const auto relays = relays_for(f);
        if (std::find(relays.begin(), relays.end(), &d) == relays.end()) continue;
        for (const Ship* m : chain)
            if (std::find(plain.begin(), plain.end(), m) == plain.end() && sees(d, *m)) d.relayed_for = &f;
    }
    return true;
}

// Without the manifest a ship's type is unknown: any ship may be a dispatch ship.
bool TmbvEngine::is_dispatch(const Ship& s) const { return !s.manifest || s.manifest->type == 'D'; }

// 14.4: a dispatch ship may activate with any friendly formation whose flagship it sees (when the
// formation activates), whatever its place.
bool TmbvEngine::accompanies(Ship& s, const Formation& f, const ngn::Event& e, GameContext& ctx) {
    if (!dispatch_rule_ || !is_dispatch(s) || s.formation == &f || s.side != f.side) return false;
    judged(ctx, "14.4");
    if (s.relayed_for && s.relayed_for != &f)
        ctx.findings.error(Kind::Illegal, cite("14.4"), e.subject.pos,
                           s.label() + " serves " + s.relayed_for->entity->label() + " this impulse: a dispatch ship serves one flagship an impulse");
    else if (chain_known() && !chain_doubt_ && std::find(dispatch_seen_.begin(), dispatch_seen_.end(), &s) == dispatch_seen_.end())
        ctx.findings.error(Kind::Illegal, cite("14.4"), e.subject.pos,
                           s.label() + " does not see " + f.flagship->label() + " (line of sight within visibility): it cannot activate with its formation");
    s.relayed_for = &f;
    s.activated = s.order_said = true;
    return true;
}

// Ships of a formation the record names no more, taken as sunk (its links are then worked out
// again without them). Whether any was.
bool TmbvEngine::links_gone(const Formation& f, ngn::SourcePos at, GameContext& ctx) {
    bool any = false;
    for (Ship& m : ships_)
        if (m.formation == &f) any = take_as_sunk(m, at, ctx) || m.taken_as_sunk || any;
    return any;
}

// A ship whose place is in doubt after a reported mistake: who is linked to a flagship is then in
// doubt too.
std::optional<Cause> TmbvEngine::doubt_in(const Formation&) const {
    for (const Ship& m : ships_)  // any ship: one whose place is in doubt may stand in a line of sight
        if (afloat(m) && m.doubt) return m.doubt;
    return visibility_parted_;  // a visibility played apart from the rules: who sees whom is in doubt too
}

bool TmbvEngine::formations_left(int side) const {
    for (const Formation& f : formations_)
        if (f.side == side && !f.activated && f.flagship && afloat(*f.flagship)) return true;
    return false;
}

// A ship linked to its flagship when its formation activated activated with it, even with no line
// and its flagship sunk since (7.5.5): it is no single ship left to activate.
bool TmbvEngine::singles_left(int side) const {
    for (const Ship& s : ships_)
        if (s.side == side && afloat(s) && !s.activated && !s.in_chain && !in_formation(s)) return true;
    return false;
}

// Whose turn it is to activate: the initiative player first, then the players alternate; a
// player with nothing left to activate lets the other go on (7.5.1-7.5.5).
static int next_side(int last, int initiative, int other, bool initiative_left, bool other_left) {
    if (last < 0) return initiative_left ? initiative : other;
    const int turn = last == initiative ? other : initiative;
    const bool turn_left = turn == initiative ? initiative_left : other_left;
    return turn_left ? turn : last;
}

// Whether a ship is afloat; one sunk only by a claim the rules did not give, or one whose sinking
// the claim left out, which the record goes on using, plays on (the claim was the mistake, reported).
bool TmbvEngine::still_afloat(Ship& s, ngn::SourcePos at, GameContext& ctx) {
    const std::optional<Cause> why = s.sunk_by_claim ? s.sunk_by_claim : s.afloat_by_claim;
    if (s.sunk && why) {
        ctx.findings.excuse(*why, at, s.label() + " has sunk");
        s.sunk.clear();
        s.sunk_by_claim.reset();
    }
    return afloat(s);
}

// A ship sinks (as played), `how` ("sank in impulse 2") at `line`; `reported`: the finding that
// said the sinking is not the rules'. Said once: a ship sunk already stays as it sank.
void TmbvEngine::sinks(Ship& s, const std::string& how, std::uint32_t line, std::optional<Cause> reported) {
    if (!s.sunk) s.sunk.leave(how + " in impulse " + std::to_string(impulse_), line, std::move(reported));
}

// 7.8.7: a line a sunk ship takes part in (`who`: "Hum", or "RdI fires at Hum, which"): the
// first is one finding, naming the line that sank it; the later ones are excused by it.
void TmbvEngine::sunk_takes_part(Ship& s, ngn::SourcePos at, const std::string& who, GameContext& ctx) {
    s.sunk.takes_part(ctx.findings, cite("7.8.7"), at, who, "a sunk ship takes no further part", s.label() + " is out of play: the line is taken as played");
}

// The target of a fire or a ram (`acts`: "fires at") is afloat and on the board; if not, said.
bool TmbvEngine::target_afloat(const Ship& s, const std::string& acts, Ship& target, const ngn::Event& e, GameContext& ctx) {
    if (still_afloat(target, e.subject.pos, ctx)) return true;
    if (target.sunk) sunk_takes_part(target, e.subject.pos, s.label() + " " + acts + " " + target.label() + ", which", ctx);
    else if (target.unplaced) ctx.findings.excuse(*target.unplaced, e.subject.pos, target.label() + " is not on the board");
    else ctx.findings.error(Kind::Illegal, cite("7.2.3"), e.subject.pos, target.label() + " is not on the board");
    return false;
}

bool TmbvEngine::activate(Ship& s, const ngn::Event& e, GameContext& ctx) {
    if (!still_afloat(s, e.subject.pos, ctx)) {
        if (!s.sunk && s.unplaced) ctx.findings.excuse(*s.unplaced, e.subject.pos, s.label() + " is not on the board");
        else if (s.sunk) sunk_takes_part(s, e.subject.pos, s.label(), ctx);
        else ctx.findings.error(Kind::Inconsistent, cite("7.2.3"), e.subject.pos, s.label() + " is not on the board: say where it is set up");
        return false;
    }
    not_ready_missing(s, e.subject.pos, ctx);
    end_roll_too_early(e.subject.pos, ctx);
    if (step_ == "formation") return activate_formation(s, e, ctx);
    if (step_ == "non-formation") return activate_single(s, e, ctx);
    return true;  // a record without steps: the order of activation is not judged
}

// The case of the formation phase that is `side`'s now: the initiative player's first (7.5.1) or
// a later one (7.5.3), the other player's first (7.5.2) or a later one (7.5.4, and the note).
const char* TmbvEngine::formation_phase(int side) const {
    const bool first = std::none_of(formations_.begin(), formations_.end(), [&](const Formation& g) { return g.side == side && g.activated; });
    if (side == initiative_) return first ? "7.5.1" : "7.5.3";
    return first ? "7.5.2" : "7.5.4";
}

// A formation activates (7.5.1-7.5.4): whose turn it is; who is linked to its flagship, and so in
// formation for the impulse (7.4.2, 7.4.3); what the activation fixes as it begins: the fleet's MP
// (3.0) and the dispatch ships in its flagship's sight (14.4).
void TmbvEngine::open_formation(Formation& f, const ngn::Event& e, GameContext& ctx) {
    int expected = f.side;
    if (initiative_ >= 0) {
        int opponent = -1;
        for (const Formation& g : formations_)
            if (g.side != initiative_) opponent = g.side;
        expected = next_side(last_side_, initiative_, opponent, formations_left(initiative_), opponent >= 0 && formations_left(opponent));
        if (expected >= 0 && expected != f.side) {  // a formation whose flagship the record names no more
            for (Formation& g : formations_)
                if (g.side == expected && !g.activated && g.flagship) take_as_sunk(*g.flagship, e.subject.pos, ctx);
            expected = next_side(last_side_, initiative_, opponent, formations_left(initiative_), opponent >= 0 && formations_left(opponent));
        }
    }
    std::optional<Cause> again;  // a second activation: who is linked was judged at the first
    for (const char* section : {formation_phase(expected >= 0 ? expected : f.side), "7.4.2", "7.6.3", "13.2.3"}) judged(ctx, section);
    if (f.activated)
        again = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("7.5.3"), e.subject.pos, f.entity->label() + " has activated already this impulse"));
    else if (expected >= 0 && expected != f.side)
        ctx.findings.error(Kind::Illegal, cite(formation_phase(expected)), e.subject.pos,
                           "it is " + side_name(expected, ctx) + "'s turn to activate a formation", side_name(expected, ctx), side_name(f.side, ctx));
    active_formation_ = &f;
    f.activated = true;
    last_side_ = f.side;
    line_gap_.reset();
    const auto chain = linked(f);
    if (claim_relays(f, chain)) judged(ctx, "14.4");  // a dispatch ship linked ships out of the flagship's sight
    linked_now_.assign(chain.begin(), chain.end());
    chain_doubt_ = again ? again : doubt_in(f);  // a place in doubt now leaves who is linked in doubt for the whole step
    for (Ship& m : ships_)  // 7.4.3: out of sight of the flagship, out of formation for this impulse
        if (m.formation == &f) {
            m.line_start = m.at, m.line_facing = m.facing, m.entered_now.clear(), m.move_faulted = false;
            m.in_chain = chain_known() && !doubt_in(f) && std::find(chain.begin(), chain.end(), &m) != chain.end();
            if (m.in_chain) m.left_line.reset();
            m.out_of_command = m.out_of_command || !m.in_chain;
        }
    fix_fleet_values(f);
}

// 3.0: the fleet moves with its slowest ship's MA as the activation begins, a ram during it
// notwithstanding; 14.4: the dispatch ships that may join it are those its flagship sees then.
void TmbvEngine::fix_fleet_values(const Formation& f) {
    fleet_now_.clear();
    fleet_mp_.reset(), fleet_mp_by_rules_.reset();
    for (const Ship& m : ships_) {
        if (m.formation != &f || !afloat(m) || m.out_of_command || !in_formation(m)) continue;
        fleet_now_.push_back(&m);
        if (m.doubt || own_ma(m, false) < 0) continue;  // a ship whose place is in doubt may not be in it
        fleet_mp_ = std::min(fleet_mp_.value_or(own_ma(m, false)), own_ma(m, false));
        fleet_mp_by_rules_ = std::min(fleet_mp_by_rules_.value_or(own_ma(m, true)), own_ma(m, true));
    }
    dispatch_seen_.clear();
    if (!dispatch_rule_ || !f.flagship) return;
    for (const Ship& d : ships_)
        if (is_dispatch(d) && afloat(d) && d.side == f.side && d.formation != &f && sees(*f.flagship, d)) dispatch_seen_.push_back(&d);
}

// The active formation's ship that moves at the fleet's MP: in formation when it activated (3.0).
bool TmbvEngine::moves_with_fleet(const Ship& s) const {
    return step_ == "formation" && active_formation_ && s.formation == active_formation_ &&
           std::find(fleet_now_.begin(), fleet_now_.end(), &s) != fleet_now_.end();
}

// The formation a step's first line opens: its ship's. With 14.4 a dispatch ship's line may come
// first in another fleet's step (its fire before the fleet's moves): the step is then the fleet of
// its first ship that is not a dispatch ship.
Formation* TmbvEngine::step_formation(const Ship& s, const ngn::Event& e, GameContext& ctx) {
    Formation* own = in_formation(s) ? s.formation : nullptr;
    if (!dispatch_rule_ || !is_dispatch(s)) return own;
    const auto& lines = ctx.game.lines;
    auto it = std::upper_bound(lines.begin(), lines.end(), e.subject.pos.line, [](std::uint32_t l, const ngn::Line& x) { return l < x.pos.line; });
    for (; it != lines.end() && !it->is<ngn::Heading>(); ++it) {
        const ngn::Event* next = it->as<ngn::Event>();
        const Entity* actor = next ? ctx.symbols.find(reference_text(next->subject)) : nullptr;
        const Ship* o = actor ? ship(*actor) : nullptr;
        const std::string verb = next ? lower(next->verb()) : "";
        const bool activates = verb == "move" || verb == "fire" || verb == "ram" || verb == "start";  // not a roll for a hit
        if (!o || o == &s || o->side != s.side || !activates || is_dispatch(*o)) continue;
        const bool joins = in_formation(*o) && o->formation != own && !o->formation->activated;
        return joins ? o->formation : own;
    }
    return own;
}

// A ship out of command whose line opens a formation step: it activates alone, in the
// non-formation step (7.5.5); said once an impulse. A fleet whose flagship has sunk is out of
// formation (7.4.3): moved on as one, it is said once for the battle, at its first ship's line.
bool TmbvEngine::alone_in_formation_step(Ship& s, const ngn::Event& e, GameContext& ctx) {
    Formation* f = s.formation;
    const bool flagless = f && !s.independent && f->flagship && !afloat(*f->flagship);
    const std::string what = flagless ? s.label() + " is of " + f->entity->label() + ", whose flagship " + f->flagship->label() +
                                            " has sunk: its ships are out of formation and activate alone, in the non-formation step"
                                      : s.label() + " is out of command: it activates alone, in the non-formation step";
    if (flagless && f->played_flagless) ctx.findings.excuse(*f->played_flagless, e.subject.pos, what);
    else if (!flagless && f && !s.independent && f->played_apart) ctx.findings.excuse(*f->played_apart, e.subject.pos, what);  // played alone before
    else if (flagless) f->played_flagless = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("7.4.3"), e.subject.pos, what));
    else if (!s.order_said) ctx.findings.error(Kind::Illegal, cite("7.5.5"), e.subject.pos, what);
    s.activated = s.order_said = true;
    return true;
}

bool TmbvEngine::activate_formation(Ship& s, const ngn::Event& e, GameContext& ctx) {
    if (!active_formation_) {
        if (s.formation && s.formation->flagship) still_afloat(*s.formation->flagship, e.subject.pos, ctx);  // sunk only by a claim
        Formation* f = step_formation(s, e, ctx);
        if (!f) return alone_in_formation_step(s, e, ctx);
        open_formation(*f, e, ctx);
        if (s.formation != f) return accompanies(s, *f, e, ctx);  // a dispatch ship's line first (14.4)
    } else if ((!s.order_said || s.relayed_for != active_formation_) && accompanies(s, *active_formation_, e, ctx)) {
        return true;
    } else if (s.independent) {
        if (!s.order_said)
            ctx.findings.error(Kind::Illegal, cite("7.5.5"), e.subject.pos, s.label() + " is out of command: it activates alone, in the non-formation step");
        s.activated = s.order_said = true;
        return true;
    } else if (s.formation != active_formation_) {
        if (!s.order_said)  // said once an impulse for a ship: its later lines follow from it
            ctx.findings.error(Kind::Illegal, cite("7.5.1"), e.subject.pos,
                               s.label() + " is not in " + active_formation_->entity->label() + ", the formation this step activates");
        s.activated = s.order_said = true;
        return true;
    }
    judged(ctx, "7.4.3"), judged(ctx, "7.5.1");  // in formation (7.4.2, 7.4.3); with it, fire before moving
    if (dispatch_rule_ && is_dispatch(s)) judged(ctx, "14.4");  // a dispatch ship with its own flagship
    if (chain_known() && std::find(linked_now_.begin(), linked_now_.end(), &s) == linked_now_.end() && !s.order_said) {
        const std::string what =
            s.label() + (s.formation->shape == "line-ahead"
                             ? " is out of formation (not in an unbroken line with its flagship: a gap of hexes, 7.4.4)"
                             : " is out of formation (no line of sight within visibility to its flagship, directly or through its formation's ships)") +
            ": it activates alone, in the non-formation step";
        const bool beyond_gap = s.formation->shape == "line-ahead" && line_gap_;  // one gap breaks the line for all astern of it
        if (chain_doubt_ || beyond_gap) ctx.findings.excuse(chain_doubt_ ? *chain_doubt_ : *line_gap_, e.subject.pos, what);  // a place in doubt may link it
        else if (s.left_line) ctx.findings.excuse(*s.left_line, e.subject.pos, what);  // the players keep it in the line it left
        else  // the players keep it in formation: as played from here, its place in question (a move left out?)
            line_gap_ = s.left_line = s.doubt = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("7.4.3"), e.subject.pos, what));
    }
    s.activated = s.order_said = true;
    return true;
}

bool TmbvEngine::activate_single(Ship& s, const ngn::Event& e, GameContext& ctx) {
    if (active_ship_ == &s) return true;
    end_activation(ctx, e.subject.pos);
    for (const char* section : {"7.5.5", "7.4.3", "13.2.3"}) judged(ctx, section);  // out of formation, alone, in turn
    if (in_formation(s) && !s.formation->activated) take_as_sunk(*s.formation->flagship, e.subject.pos, ctx);  // played as gone
    if (s.in_chain && !s.order_said && links_gone(*s.formation, e.subject.pos, ctx)) {
        const auto chain = linked(*s.formation);
        s.in_chain = std::find(chain.begin(), chain.end(), &s) != chain.end();
    }
    if (in_formation(s) && !s.formation->activated) {
        for (Ship& m : ships_)  // a move of its formation left out leaves who is linked in doubt
            if (&m != &s && m.formation == s.formation && afloat(m)) place_in_question(m, e.subject.pos, ctx);
        // said once: the players played the formation's ships alone this impulse (as played)
        const std::string what = s.label() + " is in " + s.formation->entity->label() + ": it activates with its formation, before the ships out of formation";
        if (const auto doubt = doubt_in(*s.formation)) ctx.findings.excuse(*doubt, e.subject.pos, what);
        else s.formation->played_apart = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("7.5.5"), e.subject.pos, what));
        s.formation->activated = true;
        for (Ship& m : ships_)
            if (m.formation == s.formation) m.out_of_command = true;
    } else if (s.activated) {
        ctx.findings.error(Kind::Illegal, cite("7.5.5"), e.subject.pos, s.label() + " has activated already this impulse");
    } else if (s.in_chain && !s.order_said) {
        const std::string what = s.label() + " activated with its formation (in sight of its flagship): it does not activate again alone";
        if (const auto doubt = doubt_in(*s.formation)) ctx.findings.excuse(*doubt, e.subject.pos, what);  // who was in sight is in doubt
        else ctx.findings.error(Kind::Illegal, cite("7.5.5"), e.subject.pos, what);
        s.order_said = true;
    } else if (initiative_ >= 0) {
        int opponent = -1;
        for (const Ship& o : ships_)
            if (o.side != initiative_) opponent = o.side;
        auto expected_side = [&] {
            return next_side(last_side_, initiative_, opponent, singles_left(initiative_), opponent >= 0 && singles_left(opponent));
        };
        int expected = expected_side();
        if (expected >= 0 && expected != s.side) {  // the other side's ship that should be next may have had its move left out
            for (Ship& o : ships_)
                if (&o != &s && o.side == expected && afloat(o) && !o.activated && !in_formation(o) && missed_move(o, e.subject.pos, ctx)) last_side_ = expected;
            expected = expected_side();
        }
        if (expected >= 0 && expected != s.side) {  // or be one the record names no more
            for (Ship& o : ships_)
                if (&o != &s && o.side == expected && afloat(o) && !o.activated && !in_formation(o)) take_as_sunk(o, e.subject.pos, ctx);
            expected = expected_side();
        }
        if (expected >= 0 && expected != s.side) {  // or have no line left this impulse: it did nothing (7.3.1: it is DIW)
            for (Ship& o : ships_)
                if (&o != &s && o.side == expected && afloat(o) && !o.activated && !in_formation(o) && !acts_later(o, e.subject.pos.line, ctx)) o.activated = true;
            expected = expected_side();
        }
        if (expected >= 0 && expected != s.side)
            ctx.findings.error(Kind::Illegal, cite("7.5.5"), e.subject.pos,
                               "it is " + side_name(expected, ctx) + "'s turn to activate a ship out of formation", side_name(expected, ctx),
                               side_name(s.side, ctx));
    }
    active_ship_ = &s;
    last_side_ = s.side;
    s.activated = true;
    return true;
}

// 7.4.4-7.4.6 at set-up: the ships reached from the flagship through the shape's links.
std::set<const Ship*> TmbvEngine::linked_in_shape(const Formation& f, const std::vector<const Ship*>& members) const {
    std::set<const Ship*> in{f.flagship};
    std::vector<const Ship*> todo{f.flagship};
    const Ship& flag = *f.flagship;
    auto links = [&](const Ship& from, const Ship& to) {
        const auto a = grid_hex(from.at), b = grid_hex(to.at);
        if (!a || !b || boards_unknown(from.at, to.at)) return true;  // not measurable: the benefit of the doubt
        const int d = grid_.distance(*a, *b);
        if (d == 0) return true;  // stacked (7.2.7)
        if (f.shape == "line-ahead") {
            const bool astern = grid_.neighbour(*a, geometry::hex::turn_facing(from.facing, 3)) == *b;
            const bool ahead = grid_.neighbour(*a, from.facing) == *b;
            return astern || ahead;
        }
        if (d > 2) return false;
        std::string arc;
        if (f.shape == "line-abreast") return in_broadside(flag, to, arc);
        return grid_.off_facing(*a, from.facing, *b) > 90.0;  // flying wedge: astern of the ship it forms on
    };
    while (!todo.empty()) {
        const Ship* x = todo.back();
        todo.pop_back();
        for (const Ship* m : members)
            if (!in.count(m) && links(*x, *m)) in.insert(m), todo.push_back(m);
    }
    return in;
}

// Whether the ships of a line-ahead stood hex to hex from its head when it activated: linked in
// parts by a dispatch ship's sight (14.4) they are no one line, and no path is judged.
bool TmbvEngine::one_line(const std::vector<Ship*>& line, const Ship& head) const {
    std::vector<const Ship*> reached{&head};
    for (std::size_t i = 0; i < reached.size(); ++i)
        for (const Ship* m : line)
            if (const auto d = distance(reached[i]->line_start, m->line_start);
                d && *d <= 1 && std::find(reached.begin(), reached.end(), m) == reached.end())
                reached.push_back(m);
    return reached.size() == line.size();
}

// 7.4.4: when a line-ahead has moved, each ship in it but its head entered only hexes the ships of
// the line stood in or moved through: it followed the path of the ship ahead. The head is the end
// of the line whose bow hex none of its ships held; with none or two such ends it is not judged.
void TmbvEngine::check_line_path(const Formation& f, GameContext& ctx, ngn::SourcePos at) {
    std::vector<Ship*> line;
    for (Ship& m : ships_)
        if (m.formation == &f && std::find(linked_now_.begin(), linked_now_.end(), &m) != linked_now_.end()) line.push_back(&m);
    const auto dispatch = [&](const Ship& m) { return dispatch_rule_ && is_dispatch(m); };  // 14.4: free of the path
    std::erase_if(line, [&](const Ship* m) {  // one off the line (linked by sight) is no end of it
        return dispatch(*m) && std::none_of(line.begin(), line.end(), [&](const Ship* o) {
                   const auto d = distance(m->line_start, o->line_start);
                   return o != m && d && *d <= 1;
               });
    });
    if (line.size() < 2 || chain_doubt_ || !chain_known()) return;
    for (Ship* m : line)  // a ship of the line the record names no more: its sinking was left out, the line is another
        if (take_as_sunk(*m, at, ctx)) return;
    for (const Ship* m : line)  // a move of the line left out (said) or in doubt: its path is not known
        if (m->doubt || m->place_unknown) return;
    const Ship* head = nullptr;
    int heads = 0;
    for (const Ship* m : line) {
        const auto h = grid_hex(m->line_start);
        int next = 0;
        bool bow_held = false;
        for (const Ship* o : line) {
            if (o == m) continue;
            const auto d = distance(m->line_start, o->line_start);
            next += d && *d <= 1;
            bow_held = bow_held || (h && grid_hex(o->line_start) == grid_.neighbour(*h, m->line_facing));
        }
        if (next <= 1 && !bow_held) head = m, ++heads;
    }
    if (heads != 1 || !one_line(line, *head)) return;
    judged(ctx, "7.4.4");
    auto on_trail = [&](const Ship& m, const Spot& at) {
        for (const Ship* o : line)
            if (o != &m && (o->line_start == at || std::find(o->entered_now.begin(), o->entered_now.end(), at) != o->entered_now.end())) return true;
        return false;
    };
    for (Ship* m : line) {
        if (m == head || m->move_faulted || dispatch(*m)) continue;
        const auto off = std::find_if(m->entered_now.begin(), m->entered_now.end(), [&](const Spot& at) { return !on_trail(*m, at); });
        if (off == m->entered_now.end()) continue;
        m->left_line = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, cite("7.4.4"), m->move_pos,
            m->label() + " enters " + spot_text(*off) + ", off its line's path: a ship in line-ahead follows the path the ship ahead of it moved through"));
    }
}

}  // namespace ironlog::rules::tmbv
