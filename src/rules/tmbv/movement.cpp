// TBB movement (7.3): hex by hex into the bow hex, turning one hex side a hex (free for small
// ships, 1 MP for the rest), never backwards, stacking and passing through, entering an enemy's
// hex only to ram, and Dead in the Water (7.3.1, 7.3.10).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::tmbv {

namespace {
const char* kMoveShape = "a move lists each hex the ship enters, with its facing where it turns: move #E:0708 #E:0607/NW";
}  // namespace

// Where a move stands, step by step, and the one mistake it has shown (the rest of the move is
// then read as played: one mistake, one finding).
struct Walk {
    Spot at;
    int facing = 0;
    int mp = 0;
    int turns = 0;
    bool turned_here = false;  // turned in the hex it is in
    bool started = false;      // has left its first hex or turned in it
    bool ended = false;        // entered an enemy's hex (7.3.9)
    bool lost = false;         // a hex could not be read: where the ship is, is the next hex read
    std::optional<Cause> unsure;   // the ship's place and facing were in doubt when the move began
    bool facing_free = false;      // the next step's way is taken as the ship's facing (it was in doubt)
    std::optional<Cause> mistake;  // the one finding this move gave
    bool misplaced = false;        // ... and it was about where the ship went (not the MP it spent)
    bool record_path = false;      // a line-ahead's ship: its path is judged after (7.4.4)
    std::vector<Spot> entered;     // each hex entered, in order (only then)

    void wrong(GameContext& ctx, const RuleRef& rule, ngn::SourcePos pos, std::string message, std::optional<std::string> expected = {},
               std::optional<std::string> recorded = {}) {
        if (mistake) return;
        misplaced = rule.section != "7.3" && rule.section != "7.3.10";
        mistake = Findings::cause_of(ctx.findings.error(rule.section == "5.2" ? Kind::Inconsistent : Kind::Illegal, rule, pos,
                                                        std::move(message), std::move(expected), std::move(recorded)));
    }
};

// 3.0: a ship's MA after its hits, as played or as the rules count them; -1 without the manifest.
int TmbvEngine::own_ma(const Ship& x, bool by_rules) const {
    if (!x.manifest) return -1;
    if (!by_rules && x.ma_kept_at == hits_changed_) return x.ma_kept;
    const int hits = by_rules ? x.hits.rules() : x.hits.played();
    const int ma = std::max(0, x.manifest->ma + (tables_ ? tables_->damage(hits).ma : 0));
    if (!by_rules) x.ma_kept = ma, x.ma_kept_at = hits_changed_;
    return ma;
}

// 3.0 MP: a ship's own MA; a fleet's ship moves at the MP the fleet began its activation with.
int TmbvEngine::allowance(const Ship& s, bool by_rules) const {
    const int own = own_ma(s, by_rules);
    const std::optional<int>& fleet = by_rules ? fleet_mp_by_rules_ : fleet_mp_;
    if (own < 0 || !fleet || !moves_with_fleet(s)) return own;
    return std::min(own, *fleet);
}

// One hex side, at the MP its size costs (7.3.3); not twice in a hex, nor first thing after a
// move that ended turning (7.3.4).
static void turn(Walk& w, int to, bool small, bool marked_turned, const ngn::Item& it, const std::string& who, GameContext& ctx) {
    const int steps = geometry::hex::facing_steps(w.facing, to);
    judged(ctx, "7.3.3"), judged(ctx, "7.3.5");
    if (!w.started) judged(ctx, "7.3.4");
    if (w.facing_free && w.unsure) {  // the facing it turns from was in doubt: the turn is taken as played
        ctx.findings.excuse(*w.unsure, it.pos, who + "'s turn from a facing in doubt");
        w.facing_free = false;
    } else if (steps == 3) w.wrong(ctx, cite("7.3.5"), it.pos, who + " would move backwards");
    else if (steps == 2 || (steps == 1 && w.turned_here)) w.wrong(ctx, cite("7.3.3"), it.pos, who + " turns more than one hex side in one hex");
    else if (steps == 1 && !w.started && marked_turned)
        w.wrong(ctx, cite("7.3.4"), it.pos, who + " ended its last move turning (Turned marker): it moves one hex before it turns again");
    w.mp += small ? 0 : 1;
    w.turns += 1;
    w.facing = to;
    w.turned_here = true;
}

// The first hex of a move far from where the ship is: a move left out, or a hex written wrong
// before. Said once, unless an earlier mistake already left the ship's place in doubt; the ship is
// then where the record has it (as played).
void TmbvEngine::jump(Ship& s, Walk& w, const Spot& to, const ngn::Item& it, GameContext& ctx) {
    const std::string what = s.label() + " moves hex by hex: " + spot_text(to) + " is not next to " + spot_text(w.at) +
                             ", where the record left it (a move left out, or a hex written wrong)";
    if (w.unsure) ctx.findings.excuse(*w.unsure, it.pos, what);
    else w.wrong(ctx, cite("7.3.2"), it.pos, what);
    w.at = to;
    w.lost = false;
    w.turned_here = false;
    w.facing_free = true;
}

void TmbvEngine::step(Ship& s, Walk& w, const ngn::Item& it, int facing, const Spot& to, bool last, bool small, GameContext& ctx) {
    judged(ctx, "7.3.2");
    const auto dir = boards_unknown(w.at, to) ? std::nullopt : grid_.direction(*grid_hex(w.at), *grid_hex(to));
    const int d = dir.value_or(-1);  // the way from the hex it is in to the next, when they are next to each other
    if (boards_unknown(w.at, to)) say_boards_unknown(ctx, it.pos);
    else if (w.lost || (!w.started && (!dir || w.unsure))) {  // from a place in doubt the first hex may be where it truly was
        jump(s, w, to, it, ctx);
        if (w.record_path) w.entered.push_back(to);
        w.mp += 1;
        w.started = true;
        if (facing >= 0) w.facing = facing, w.facing_free = false;  // the facing it came to is the record's
        w.ended = !may_enter(s, to, it, last, ctx, w.mistake ? w.mistake : w.unsure);
        return;
    }
    else if (!dir) w.wrong(ctx, cite("7.3.2"), it.pos, s.label() + " moves hex by hex: " + spot_text(to) + " is not next to " + spot_text(w.at));
    else if (d != w.facing && w.facing_free) ctx.findings.excuse(*w.unsure, it.pos, s.label() + "'s facing was in doubt");
    else if (d != w.facing) turn(w, d, small, s.turned, it, s.label(), ctx);  // the bow hex only (7.3.2): it turned before leaving
    if (dir) w.facing = d;
    w.facing_free = false;
    w.mp += 1;
    w.at = to;
    if (w.record_path) w.entered.push_back(to);
    w.turned_here = false;
    w.started = true;
    w.ended = !may_enter(s, to, it, last, ctx, w.mistake ? w.mistake : w.unsure);
    if (facing >= 0 && facing != w.facing) turn(w, facing, small, false, it, s.label(), ctx);
}

void TmbvEngine::move(Ship& s, const ngn::Event& e, GameContext& ctx) {
    if (s.moved) ctx.findings.error(Kind::Illegal, cite("7.5.1"), e.subject.pos, s.label() + " has moved already this impulse");
    Walk w;
    w.at = s.at;
    w.facing = s.facing;
    w.unsure = s.doubt;
    w.facing_free = s.doubt.has_value();
    w.lost = s.place_unknown;
    w.record_path = active_formation_ && s.formation == active_formation_ && active_formation_->shape == "line-ahead";
    const bool small = s.manifest && s.manifest->small;
    std::vector<const ngn::Item*> steps = elements(e.args);  // the items after the verb, lists opened
    if (!steps.empty()) steps.erase(steps.begin());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const ngn::Item& it = *steps[i];
        const auto* h = it.as<ngn::HexPos>();
        const auto hex = h ? geometry::hex::parse_hex(h->hex) : std::nullopt;
        const auto read_facing = h && !h->facing.empty() ? geometry::hex::parse_facing(h->facing) : std::nullopt;
        const bool bad_board = h && (h->board.size() > 1 || (h->board.size() == 1 && (h->board[0] < 'A' || h->board[0] > 'F')));
        if (!hex || bad_board || (h && !h->facing.empty() && !read_facing)) {  // read on: the next hex says where the ship is
            w.wrong(ctx, ngn_rule("5.2", "Positions"), it.pos, kMoveShape);
            w.mp += 1, w.lost = w.started = true;
            continue;
        }
        if (w.ended) w.wrong(ctx, cite("7.3.9"), it.pos, s.label() + " entered an enemy ship's hex: its movement ends there");
        const int facing = read_facing.value_or(-1);  // -1: not written
        const Spot to = make_spot(h->board.empty() ? w.at.board : h->board[0], *hex);
        if (to == w.at && (!w.started || facing >= 0)) {  // a turn in the hex it is in (in its first hex: 7.3.4)
            if (facing >= 0 && w.facing_free) w.facing = facing, w.facing_free = false;  // from a facing in doubt: the record's
            else if (facing >= 0) turn(w, facing, small, s.turned, it, s.label(), ctx);
            w.started = true;
            continue;
        }
        step(s, w, it, facing, to, i + 1 == steps.size(), small, ctx);
    }
    if (s.rudder) judged(ctx, "14.1.3");
    if (s.diw) judged(ctx, "7.3.10");
    if (s.rudder && w.mp > 0 && s.critical_claim)  // 14.1.3: no move till the rudder is repaired
        ctx.findings.excuse(*s.critical_claim, e.subject.pos, s.label() + "'s rudder is hit");
    else if (s.rudder && w.mp > 0)
        w.wrong(ctx, cite("14.1.3"), e.subject.pos, s.label() + "'s rudder is hit: it is Dead in the Water till a roll of 7 or more repairs it");
    else if (s.diw && !s.started && w.mp > 0) {  // 7.3.10; a jump already said explains a missing start-up too
        const std::string what = s.label() + " is Dead in the Water: it rolls to start (" + s.label() + " start d10: N) before it moves";
        if (w.mistake && w.mistake->rule.section == "7.3.2") ctx.findings.excuse(*w.mistake, e.subject.pos, what);
        else if (w.unsure) ctx.findings.excuse(*w.unsure, e.subject.pos, what);
        else w.wrong(ctx, cite("7.3.10"), e.subject.pos, what);
    }
    judge_mp(s, w, e, small, ctx);
    if (w.record_path) {  // for the line's path (7.4.4), judged when the formation is done
        s.entered_now.insert(s.entered_now.end(), w.entered.begin(), w.entered.end());
        s.move_pos = e.subject.pos;
        s.move_faulted = s.move_faulted || w.mistake || w.unsure || w.lost;
    }
    set_place(s, w.at);
    s.facing = w.facing;
    s.turned = w.turned_here && !w.ended;
    s.mp_spent += w.mp;
    s.moved = true;
    if (active_formation_) formation_moved_ = true;
    if (w.mp > 0) s.diw = false;
    s.place_unknown = w.lost;
    // a move read cleanly settles where the ship is; one that entered no hex settles nothing
    // nor one that never showed which way the ship faces (its facing was in doubt and still is)
    s.doubt = w.mistake ? w.mistake : (w.lost || !w.started || w.facing_free) ? w.unsure : std::nullopt;
}

// 7.3: no more MP than the allowance; the claim is the MP spent.
void TmbvEngine::judge_mp(Ship& s, Walk& w, const ngn::Event& e, bool small, GameContext& ctx) {
    const int mp = allowance(s, false);
    judged(ctx, "7.3");
    if (moves_with_fleet(s) || small) judged(ctx, "3.0");  // a fleet's MP; a small ship's free turns
    // a hit count the players played apart from the rules (reported) may be what slowed the ship
    std::optional<Cause> hits_apart;
    for (const Ship& o : ships_)
        if (hits_parted_ && (&o == &s || (o.formation && o.formation == s.formation)) && o.hits.cause()) hits_apart = o.hits.cause();
    if (mp >= 0 && w.mp > mp && !w.mistake && w.unsure)
        ctx.findings.excuse(*w.unsure, e.subject.pos, "the MP spent from a place in doubt");
    else if (mp >= 0 && w.mp > mp && !w.mistake && hits_apart && w.mp <= allowance(s, true))
        ctx.findings.excuse(*hits_apart, e.subject.pos, "the MP allowed by the hits the rules give");
    else if (mp >= 0 && w.mp > mp && !w.mistake)
        w.wrong(ctx, cite("7.3"), e.subject.pos,
                s.label() + " spends more MP than its allowance" + (moves_with_fleet(s) ? " (its formation's slowest ship's MA as it activated, 3.0)" : ""),
                "at most " + std::to_string(mp) + " MP", std::to_string(w.mp) + " MP");
    if (!e.claim || e.claim->empty()) return;
    const auto* n = e.claim->front().as<ngn::Number>();
    if (!n || e.claim->size() > 2 || (e.claim->size() == 2 && !is_word((*e.claim)[1], "mp")))
        ctx.findings.error(Kind::Inconsistent, ngn_rule("5.6", "Claims"), e.claim_pos, "a move's claim is the MP it spent: => 3 mp");
    else if (!s.manifest && n->as_int() < w.mp && n->as_int() >= w.mp - w.turns)
        return;  // without the manifest, whether a turn was free (a small ship) is not known
    else if (n->as_int() != w.mp && !w.mistake && w.unsure)
        ctx.findings.excuse(*w.unsure, e.claim->front().pos, "the MP spent from a place in doubt");
    else if (n->as_int() != w.mp && !w.mistake)
        w.mistake = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("7.3.3"), e.claim->front().pos,
                                                          "MP spent: 1 a hex entered, " + std::string(small ? "0 (a small ship)" : "1") + " a hex side turned",
                                                          std::to_string(w.mp), std::to_string(n->as_int())));
}

// A ship with no move where the record's next move for it starts two hexes or more away: its move
// was left out here. Said once; till that move the ship is where it may be (as played).
bool TmbvEngine::missed_move(Ship& s, ngn::SourcePos at, GameContext& ctx) {
    if (!afloat(s) || s.mp_spent > 0 || s.place_unknown || s.doubt || (s.diw && !s.started)) return false;
    const ngn::Event* next = next_placed_move(s, at.line, ctx);
    const ngn::HexPos* first = nullptr;
    for (std::size_t i = 1; next && i < next->args.size() && !first; ++i) first = next->args[i].as<ngn::HexPos>();
    const auto hex = first ? geometry::hex::parse_hex(first->hex) : std::nullopt;
    if (!hex) return false;
    const Spot to = make_spot(first->board.empty() ? s.at.board : first->board[0], *hex);
    const auto d = distance(s.at, to);
    if (!d || *d < 2 || written_wrong(s, *next)) return false;
    s.doubt = Findings::cause_of(ctx.findings.error(
        Kind::Inconsistent, cite("7.3"), at,
        s.label() + " does not move here, and its next move (line " + std::to_string(next->subject.pos.line) + ") starts at " +
            spot_text(to) + ", " + std::to_string(*d) + " hexes from " + spot_text(s.at) + ": its move was left out"));
    s.place_unknown = true;
    s.activated = true;
    s.mp_spent = 1;  // it moved: not Dead in the Water
    return true;
}

// A move that passes next to where the ship is, though it does not start there: its hexes were
// written in the wrong order or one wrong (the move itself says so), not a move left out before it.
bool TmbvEngine::written_wrong(const Ship& s, const ngn::Event& next) const {
    const ngn::HexPos* last = nullptr;
    for (const ngn::Item* item : elements(next.args)) {
        const auto* h = item->as<ngn::HexPos>();
        const auto hex = h ? geometry::hex::parse_hex(h->hex) : std::nullopt;
        if (!hex) continue;
        const Spot at = make_spot(h->board.empty() ? (last && !last->board.empty() ? last->board[0] : s.at.board) : h->board[0], *hex);
        if (const auto d = distance(s.at, at); d && *d <= 1 && last) return true;
        last = h;
    }
    return false;
}

// Whether another ship's place is in question: a mistake left it in doubt, or its next move starts
// too far from where the record left it (its move was left out: said now, once).
std::optional<Cause> TmbvEngine::place_in_question(Ship& o, ngn::SourcePos at, GameContext& ctx) {
    if (!o.doubt) missed_move(o, at, ctx);
    return o.doubt;
}

// 7.3.6-7.3.9: through a hex of one ship, not of two; ending beside a friend only in a
// formation; into an enemy's hex only to ram, which ends the move. False when the move ends here.
bool TmbvEngine::may_enter(Ship& s, const Spot& to, const ngn::Item& it, bool last, GameContext& ctx, std::optional<Cause> move_doubt) {
    std::vector<Ship*> there;
    for (std::size_t i = 0; i < hexes_.size(); ++i) {  // a ship whose place is in question is where it may be
        if (!(hexes_[i] == to.hex)) continue;
        Ship& o = ships_[i];
        if (&o != &s && o.at == to && afloat(o) && !o.place_unknown && !place_in_question(o, it.pos, ctx)) there.push_back(&o);
    }
    // a ship the record names no more is gone as the players played it (asked only where it matters)
    auto drop_gone = [&] { std::erase_if(there, [&](Ship* o) { return take_as_sunk(*o, it.pos, ctx); }); };
    if (!there.empty()) judged(ctx, "7.3.7");  // a hex with a ship in it
    for (Ship* o : there)
        if (o->side != s.side && !take_as_sunk(*o, it.pos, ctx)) {
            judged(ctx, "7.3.9");
            s.ram_pending = to;
            s.ram_move_pos = it.pos;
            return false;
        }
    std::erase_if(there, [&](const Ship* o) { return !afloat(*o); });  // an enemy taken as sunk just now
    if (!there.empty()) judged(ctx, last ? "7.3.8" : "7.3.6");  // a friend's hex, passed through or ended in
    const auto shares = [&] { return there.size() == 1 && in_formation(*there[0]) && in_formation(s) && there[0]->formation == s.formation; };
    if (there.size() >= 2) drop_gone();
    const std::string two = s.label() + " cannot enter or pass through a hex of two ships (" + spot_text(to) + ")";
    if (there.size() >= 2 && move_doubt) ctx.findings.excuse(*move_doubt, it.pos, two);  // the move went wrong before: its hexes are the record's
    else if (there.size() >= 2)
        ctx.findings.error(Kind::Illegal, cite("7.3.7"), it.pos, two);
    else if (there.size() == 1 && last && !shares()) drop_gone();
    if (there.size() == 1 && last && !shares()) {
        const std::string what = s.label() + " ends its move in " + there[0]->label() + "'s hex: only ships of one formation may share a hex";
        if (const auto why = move_doubt ? move_doubt : formation_in_doubt(s, *there[0])) ctx.findings.excuse(*why, it.pos, what);
        else ctx.findings.error(Kind::Illegal, cite("7.3.8"), it.pos, what);
    }
    return true;
}

// Two ships of one formation: why whether both are in it is in doubt after a reported mistake
// (who is linked to the flagship, a place, a ship the players kept in), if it is.
std::optional<Cause> TmbvEngine::formation_in_doubt(const Ship& s, const Ship& o) const {
    if (!s.formation || s.formation != o.formation) return std::nullopt;
    if (s.formation == active_formation_ && chain_doubt_) return chain_doubt_;
    for (const Ship* x : {&s, &o}) {
        if (x->doubt) return x->doubt;
        if (x->left_line) return x->left_line;
    }
    return s.formation->played_apart ? s.formation->played_apart : s.formation->played_flagless;
}

// 7.3.10: a ship that begins the impulse Dead in the Water rolls to start; the DIW Startup Table
// is in the table pack.
void TmbvEngine::start_up(Ship& s, const ngn::Event& e, GameContext& ctx) {
    const RuleRef rule = cite("7.3.10");
    judged(ctx, "7.3.10");
    if (!s.diw && s.doubt) ctx.findings.excuse(*s.doubt, e.subject.pos, s.label() + " is not Dead in the Water");  // its moves were in doubt
    else if (!s.diw) ctx.findings.error(Kind::Illegal, rule, e.subject.pos, s.label() + " is not Dead in the Water: it has no start-up roll to make");
    const ngn::Dice* dice = nullptr;
    if (!roll_read(e, rule, ctx, dice)) return;
    std::optional<bool> claimed;
    if (e.claim && !e.claim->empty()) {
        if (is_word(e.claim->front(), "moves")) claimed = true;
        else if (is_word(e.claim->front(), "diw")) claimed = false;
        else ctx.findings.error(Kind::Inconsistent, ngn_rule("5.6", "Claims"), e.claim_pos, "a start-up roll's claim is moves or diw");
    }
    std::optional<bool> rules;
    say_no_tables(ctx, e.subject.pos);
    if (tables_ && tables_->has_start() && dice && ctx.dice_ok) {
        std::vector<std::pair<std::string, int>> mods;
        const char crew = s.manifest && s.manifest->crew ? s.manifest->crew : crew_of(s);
        for (const ChartModifier& m : tables_->start_modifiers())
            if (m.what == "crew" && m.which.size() == 1 && std::toupper(static_cast<unsigned char>(m.which[0])) == crew) mods.emplace_back("crew", m.value);
        const ModifiedRoll roll = modified(*dice, mods);
        rules = tables_->starts(roll.played());
        if (roll.recorded && *roll.recorded != roll.rules)
            ctx.findings.error(Kind::WrongResult, rule, dice->faces.front().pos, "the start-up roll's modifiers", roll.rules_text(), std::to_string(*roll.recorded));
        else if (rules && claimed && *rules != *claimed)
            ctx.findings.error(Kind::WrongResult, rule, e.claim->front().pos, "the DIW Startup Table gives", *rules ? "moves" : "diw", *claimed ? "moves" : "diw");
    }
    s.started = claimed.value_or(rules.value_or(true));
}

}  // namespace ironlog::rules::tmbv
