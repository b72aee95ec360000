// TBB movement (7.3): hex by hex into the bow hex, turning one hex side a hex (free for small
// ships, 1 MP for the rest), never backwards, stacking and passing through, entering an enemy's
// hex only to ram, and Dead in the Water (7.3.1, 7.3.10).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::tmbv {

namespace {
const char* kMoveShape = "a move lists each hex the ship enters, with its facing where it turns: move #E:0708 #E:0607/NW";

// Where a move stands, step by step.
struct Walk {
    Spot at;
    int facing = 0;
    int mp = 0;
    bool turned_here = false;  // turned in the hex it is in
    bool started = false;      // has left its first hex or turned in it
    bool wrong = false;        // one mistake reported: the rest of the move is read as played
    bool ended = false;        // entered an enemy's hex (7.3.9)
};
}  // namespace

int TmbvEngine::allowance(const Ship& s, GameContext&) const {
    auto own = [&](const Ship& x) {
        if (!x.manifest) return -1;
        const int ma = x.manifest->ma + (tables_ ? tables_->damage(x.hits.played()).ma : 0);
        return std::max(0, ma);
    };
    int mp = own(s);
    if (mp < 0 || step_ != "formation" || !in_formation(s)) return mp;
    for (const Ship& o : ships_)  // 3.0 MP: a fleet moves at its slowest ship's MA
        if (o.formation == s.formation && afloat(o) && !o.out_of_command && own(o) >= 0) mp = std::min(mp, own(o));
    return mp;
}

// One hex side, at the MP its size costs (7.3.3); not twice in a hex, nor first thing after a
// move that ended turning (7.3.4).
static void turn(Walk& w, int to, bool small, bool marked_turned, const ngn::Item& it, const std::string& who, GameContext& ctx) {
    const int steps = geometry::hex::facing_steps(w.facing, to);
    auto wrong = [&](const char* rule, std::string message) {
        if (!w.wrong) ctx.findings.error(Kind::Illegal, cite(rule), it.pos, who + " " + message);
        w.wrong = true;
    };
    if (steps == 3) wrong("7.3.5", "would move backwards");
    else if (steps == 2 || (steps == 1 && w.turned_here)) wrong("7.3.3", "turns more than one hex side in one hex");
    else if (steps == 1 && !w.started && marked_turned) wrong("7.3.4", "ended its last move turning (Turned marker): it moves one hex before it turns again");
    w.mp += small ? 0 : 1;
    w.facing = to;
    w.turned_here = true;
}

void TmbvEngine::move(Ship& s, const ngn::Event& e, GameContext& ctx) {
    if (s.diw && !s.started)
        ctx.findings.error(Kind::Illegal, cite("7.3.10"), e.subject.pos,
                           s.label() + " is Dead in the Water: it rolls to start (" + s.label() + " start d10: N) before it moves");
    if (s.moved)
        ctx.findings.error(Kind::Illegal, cite("7.5.1"), e.subject.pos, s.label() + " has moved already this impulse");
    Walk w{s.at, s.facing};
    const bool small = s.manifest && s.manifest->small;
    std::vector<const ngn::Item*> steps;  // the items after the verb, lists opened
    for (std::size_t i = 1; i < e.args.size(); ++i)
        for (const ngn::Item* it : elements(e.args[i])) steps.push_back(it);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const ngn::Item& it = *steps[i];
        const auto* h = it.as<ngn::HexPos>();
        const auto hex = h ? geometry::hex::parse_hex(h->hex) : std::nullopt;
        const auto read_facing = h && !h->facing.empty() ? geometry::hex::parse_facing(h->facing) : std::nullopt;
        if (!hex || (h && !h->facing.empty() && !read_facing)) {
            ctx.findings.error(Kind::Inconsistent, ngn_rule("5.2", "Positions"), it.pos, kMoveShape);
            return;
        }
        if (w.ended && !w.wrong) {
            ctx.findings.error(Kind::Illegal, cite("7.3.9"), it.pos, s.label() + " entered an enemy ship's hex: its movement ends there");
            w.wrong = true;
        }
        const int facing = read_facing.value_or(-1);  // -1: not written
        const Spot to{h->board.empty() ? w.at.board : h->board, *hex};
        if (to == w.at) {  // a turn in its first hex (7.3.4)
            if (facing >= 0) turn(w, facing, small, s.turned, it, s.label(), ctx);
            w.started = true;
            continue;
        }
        if (boards_unknown(w.at, to)) say_boards_unknown(ctx, it.pos);
        else if (const auto dir = grid_.direction(*grid_hex(w.at), *grid_hex(to)); !dir) {
            if (!w.wrong) ctx.findings.error(Kind::Illegal, cite("7.3.2"), it.pos, s.label() + " moves hex by hex: " + spot_text(to) + " is not next to " + spot_text(w.at));
            w.wrong = true;
        } else if (*dir != w.facing) {
            turn(w, *dir, small, s.turned, it, s.label(), ctx);  // the bow hex only (7.3.2): it turned before leaving
        }
        w.mp += 1;
        w.at = to;
        w.turned_here = false;
        w.started = true;
        w.ended = !may_enter(s, to, it, i + 1 == steps.size(), ctx);
        if (facing >= 0 && facing != w.facing) turn(w, facing, small, false, it, s.label(), ctx);
    }
    const int mp = allowance(s, ctx);
    if (mp >= 0 && w.mp > mp && !w.wrong)
        ctx.findings.error(Kind::Illegal, cite("7.3"), e.subject.pos,
                           s.label() + " spends more MP than its allowance" + (step_ == "formation" && in_formation(s) ? " (its formation's slowest ship's MA, 3.0)" : ""),
                           "at most " + std::to_string(mp) + " MP", std::to_string(w.mp) + " MP");
    if (e.claim && !e.claim->empty()) {
        const auto* n = e.claim->front().as<ngn::Number>();
        if (!n || e.claim->size() > 2 || (e.claim->size() == 2 && !is_word((*e.claim)[1], "mp")))
            ctx.findings.error(Kind::Inconsistent, ngn_rule("5.6", "Claims"), e.claim_pos, "a move's claim is the MP it spent: => 3 mp");
        else if (n->as_int() != w.mp && !w.wrong)
            ctx.findings.error(Kind::WrongResult, cite("7.3.3"), e.claim->front().pos,
                               "MP spent: 1 a hex entered, " + std::string(small ? "0 (a small ship)" : "1") + " a hex side turned",
                               std::to_string(w.mp), std::to_string(n->as_int()));
    }
    s.at = w.at;
    s.facing = w.facing;
    s.turned = w.turned_here && !w.ended;
    s.mp_spent += w.mp;
    s.moved = true;
    if (w.mp > 0) s.diw = false;
}

// 7.3.6-7.3.9: through a hex of one ship, not of two; ending beside a friend only in a
// formation; into an enemy's hex only to ram, which ends the move. False when the move ends here.
bool TmbvEngine::may_enter(Ship& s, const Spot& to, const ngn::Item& it, bool last, GameContext& ctx) {
    std::vector<Ship*> there;
    for (Ship& o : ships_)
        if (&o != &s && afloat(o) && o.at == to) there.push_back(&o);
    for (Ship* o : there)
        if (o->side != s.side) {
            s.ram_pending = to;
            s.ram_move_pos = it.pos;
            return false;
        }
    if (there.size() >= 2)
        ctx.findings.error(Kind::Illegal, cite("7.3.7"), it.pos, s.label() + " cannot enter or pass through a hex of two ships (" + spot_text(to) + ")");
    else if (there.size() == 1 && last && !(in_formation(*there[0]) && in_formation(s) && there[0]->formation == s.formation))
        ctx.findings.error(Kind::Illegal, cite("7.3.8"), it.pos,
                           s.label() + " ends its move in " + there[0]->label() + "'s hex: only ships of one formation may share a hex");
    return true;
}

// 7.3.10: a ship that begins the impulse Dead in the Water rolls to start; the DIW Startup Table
// is in the table pack.
void TmbvEngine::start_up(Ship& s, const ngn::Event& e, GameContext& ctx) {
    const RuleRef rule = cite("7.3.10");
    if (!s.diw) ctx.findings.error(Kind::Illegal, rule, e.subject.pos, s.label() + " is not Dead in the Water: it has no start-up roll to make");
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
            ctx.findings.error(Kind::WrongResult, rule, dice->faces.front().pos, "the start-up roll's modifiers", roll.rules_text, std::to_string(*roll.recorded));
        else if (rules && claimed && *rules != *claimed)
            ctx.findings.error(Kind::WrongResult, rule, e.claim->front().pos, "the DIW Startup Table gives", *rules ? "moves" : "diw", *claimed ? "moves" : "diw");
    }
    s.started = claimed.value_or(rules.value_or(true));
}

}  // namespace ironlog::rules::tmbv
