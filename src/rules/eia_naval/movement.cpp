// 6.2, the naval movement step: moving stacks across the map (costs, ports and blockade boxes,
// the Dardanelles, the ice line), picking up and dropping off fleets, transporting corps,
// interceptions; and 6.2.6, a fleet whose port falls to the enemy.
#include "check/dice.hpp"
#include "check/items.hpp"
#include "rules/eia_naval/engine.hpp"

#include <algorithm>

namespace ironlog::rules::eia_naval {

namespace {
const RuleRef kMovement = cite("6.2.1");
const RuleRef kSeaAreas = cite("6.2.1.1");
const RuleRef kPorts = cite("6.2.1.2");
const RuleRef kDardanelles = cite("6.2.1.3");
const RuleRef kIce = cite("6.2.1.4");
const RuleRef kStackEnds = cite("6.2.2.4");
const RuleRef kAddFleets = cite("6.2.2.2");
const RuleRef kCombinedMove = cite("6.1.2");
const RuleRef kInterceptOrder = cite("6.2.3.1.1");
const RuleRef kWhoIntercepts = cite("6.2.3.1.2");
const RuleRef kTransport = cite("6.2.5");
const RuleRef kTransportPort = cite("6.2.5.1");
const RuleRef kBlockade = cite("6.2.7");
const RuleRef kEnemyPort = cite("6.2.6");
const RuleRef kVocabulary = ngn_rule("5.3", "Events");

// What an interception's claim says: intercepted (true) or failed (false), if it says.
std::optional<bool> said_intercepted(const ngn::Event& e) {
    std::optional<bool> said;
    if (e.claim)
        for (const ngn::Item* c : elements(*e.claim)) {
            const std::string w = word_text(*c) ? lower(*word_text(*c)) : "";
            if (w == "intercepted" || w == "success" || w == "succeeds" || w == "hit") said = true;
            else if (w == "fails" || w == "failed" || w == "missed" || w == "miss") said = false;
        }
    return said;
}

}  // namespace

// What it costs to go from one place to the next in a move, or why it cannot be done.
int EiaEngine::step_cost(const Where& from, const Where& to, std::string& problem, RuleRef* rule) const {
    const geometry::Place* a = map_->find(from.place);
    const geometry::Place* b = map_->find(to.place);
    if (!a || !b) return 0;
    // sea areas cost by 6.2.1.1; ports and blockade boxes by 6.2.1.2
    if (rule) *rule = a->port || b->port ? kPorts : kSeaAreas;
    if (from == to) {
        problem = "the move stays where it is";
        return 0;
    }
    if (a->port && b->port) {
        if (a == b) return 0;  // between a port and its blockade box: free
        problem = "no sea area lies between " + where_text(from) + " and " + where_text(to) + " in this step";
        return 0;
    }
    if (!a->port && !b->port) {
        if (map_->adjacent(a->name, b->name)) return 1;
        problem = a->name + " and " + b->name + " are not adjacent";
        return 0;
    }
    const geometry::Place* port = a->port ? a : b;
    const geometry::Place* sea = a->port ? b : a;
    if (port->touches.count(sea->name)) return 1;  // into or out of a blockade box (and its port, through it)
    problem = port->name + "'s blockade box does not touch " + sea->name;
    return 0;
}

void EiaEngine::move(const ngn::Event& written, const Entity& actor, GameContext& ctx) {
    if (!map_) return;
    close_combat(ctx, written.subject.pos);  // a move after a combat: the combat is over
    const ngn::Event& e = reread_move(written, ctx);
    std::size_t i = 1;
    StackMove m;
    m.stack = fleet_list(e, i, ctx, kMovement);
    for (std::size_t k = 1; k < i; ++k)
        for (const ngn::Item* x : elements(e.args[k]))
            if (const Entity* ent = ctx.symbols.find(reference_text(*x)); ent && leader_by_.count(ent)) m.leaders.push_back(leader_by_[ent]);
    if (m.stack.empty()) {
        if (Fleet* f = fleet(actor)) m.stack.push_back(f);
    }
    if (m.stack.empty()) {
        if (!named_gone_)  // (a fleet removed from the map is said once, by itself)
            ctx.findings.error(Kind::Inconsistent, kMovement, e.subject.pos, "say which fleets move: GB move GB1,GB2 @\"English Channel\"");
        return;
    }
    m.power = m.stack.front()->power;
    m.mover = &pw(m.power);
    judged(ctx, "6.2.2.1");  // a stack picked up and moved
    for (const auto& f : fleets_)
        if (f->power == m.power && f->done) judged(ctx, "6.2.2.5");  // another stack moved after one has ended its move
    for (const auto& o : fleets_)
        if (!o->gone && o->at == m.stack.front()->at && m.stack.front()->at.box && at_war(o->power, m.power))
            judged(ctx, "6.2.3.2.1.2");  // moving on from a box with enemy fleets: not intercepted, or the combat won
    if (!in_its_sequence(e, m.stack, ctx)) return;
    m.start = m.at = m.stack.front()->at;
    const geometry::Place* start_place = map_->find(m.start.place);
    m.ice_start = start_place && start_place->ice && winter();
    for (Fleet* f : m.stack)
        if (!m.start_doubt) m.start_doubt = f->doubt ? f->doubt : f->box_stay;
    settle_start(e, i, m, ctx);
    std::string moved_twice;
    for (Fleet* f : m.stack) {
        judged(ctx, "6.2.2.4");
        if (f->may_continue) judged(ctx, "6.2.3.4.2");  // goes on after a won interception combat
        if (f->done && !f->may_continue) moved_twice += (moved_twice.empty() ? "" : ", ") + f->name;
    }
    if (!moved_twice.empty())  // said once for the stack (an interception of it may be left out of the record)
        ctx.findings.error(Kind::Illegal, kStackEnds, e.subject.pos, moved_twice + " ended its move this sequence: no fleet moves twice");
    for (; i < e.args.size(); ++i) {
        const ngn::Item& it = e.args[i];
        const std::string w = word_text(it) ? lower(*word_text(it)) : "";
        if ((w == "pick" || w == "drop" || w == "carrying") && i + 1 < e.args.size()) {
            ++i;
            change_stack(w, e.args[i], m, ctx);
            continue;
        }
        if (w == "invite") {
            m.invite = true;  // 6.2.3.1.2.1: entering a port, the player asks to be intercepted in the box
            continue;
        }
        const std::size_t before = ctx.findings.all().size();
        auto next = where_of(it, ctx, kMovement);
        if (ctx.findings.all().size() > before && !m.reported_path) {
            // a place not read, or read as the one meant: what the path costs is not asked, and
            // where the stack ends is in doubt to its next move
            m.reported_path = true;
            m.path_cause = Findings::cause_of(ctx.findings.all().back());
        }
        if (!next) {
            if (!it.is<ngn::AreaPos>() && !it.is<ngn::Dice>())
                ctx.findings.error(Kind::Inconsistent, kMovement, it.pos,
                                   "a move lists the places entered (@area, @port/blockade, @port/port); not '" + it.to_ngn() + "'");
            continue;
        }
        move_step(it, *next, m, ctx);
    }
    spend_movement_points(e, m, ctx);
    if (m.carried.size() > m.stack.size())
        ctx.findings.error(Kind::Illegal, kTransport, e.subject.pos, "one corps per fleet: " + std::to_string(m.stack.size()) + " fleets carry " +
                                                                         std::to_string(m.carried.size()) + " corps");
    stack_moved(m);
}

// Where the stack starts (6.2.2.2, 6.2.1.1, 6.2.1.2): its fleets together, and its first place
// one step away. When they are not, a move of the stack is most often left out of the record (or
// this line written wrong): one finding, and the stack moves as played from where its first step
// can be made (or from where it is, that step then not judged, nor its cost); the fleets that were
// with it follow from that finding to their next move.
void EiaEngine::settle_start(const ngn::Event& e, std::size_t i, StackMove& m, GameContext& ctx) {
    std::optional<Where> first;
    for (std::size_t k = i; k < e.args.size() && !first; ++k)
        if (const auto* a = e.args[k].as<ngn::AreaPos>(); a && map_->find(std::string(a->area))) {
            const geometry::Place* p = map_->find(std::string(a->area));
            first = Where{p->name, p->port && (lower(a->box) == "blockade" || lower(a->box) == "box")};
        }
    auto works = [&](const Where& from) {
        std::string problem;
        if (first) step_cost(from, *first, problem);
        return problem.empty();
    };
    std::vector<Fleet*> apart;
    for (Fleet* f : m.stack)
        if (!(f->at == m.start)) apart.push_back(f);
    if (apart.empty() && works(m.start)) return;
    Where start = m.start;
    for (Fleet* f : m.stack)
        if (!works(start) && works(f->at)) start = f->at;
    std::string why;
    RuleRef rule = kAddFleets;
    if (!apart.empty()) {
        for (Fleet* f : apart) why += (why.empty() ? "" : ", ") + f->name + " is at " + where_text(f->at);
        why += ", not with the stack at " + where_text(m.start) + ": pick it up on the way, or a move of it is left out of the record";
    } else {
        std::string problem;
        step_cost(m.start, *first, problem, &rule);
        why = "from " + where_text(m.start) + " to " + where_text(*first) + ": " + problem +
              " (a move of the stack is left out of the record, or this place is written wrong)";
    }
    const Cause cause = m.start_doubt ? *m.start_doubt : Findings::cause_of(ctx.findings.error(Kind::Illegal, rule, e.subject.pos, why));
    if (m.start_doubt) ctx.findings.excuse(cause, e.subject.pos, why);
    doubt_stack_of(m.stack, cause);
    m.reported_path = true;  // its first step and its cost follow from it
    m.path_cause = cause;
    m.start = m.at = start;
    for (Fleet* f : m.stack) f->at = start;
}

// The combat an interception reported (`cause`) began, as played: its figures the record's, the
// ships of both powers too.
void EiaEngine::begun_in_doubt(const std::vector<Fleet*>& stack, const Cause& cause, GameContext& ctx, const ngn::Event& e) {
    Combat* c = open_combat(ctx, e);
    c->doubt = cause;
    c->attacker = stack.front()->power;
    c->defender = phasing_;
    c->att = stack;
    c->at = stack.front()->at;
    c->interception = true;
    for (auto& f : fleets_)
        if (!f->gone && (f->power == c->attacker || f->power == c->defender)) f->ships_doubt = cause;
}

// A line that shows a move of the phasing side left out of the record (reported, `cause`): the
// fleets of that side that have not moved this sequence may be anywhere to their next move.
void EiaEngine::move_left_out(const Cause& cause) {
    std::vector<Fleet*> idle;
    for (auto& f : fleets_)
        if (!f->gone && moves_now(f->power) && !f->done) idle.push_back(f.get());
    doubt_stack_of(idle, cause);
}

// The fleets that were with these (their power's, in the same places) follow from `cause` too, to
// their next move: a move left out of the record moved them all.
void EiaEngine::doubt_stack_of(const std::vector<Fleet*>& fleets, const Cause& cause) {
    for (const Fleet* f : fleets) {
        for (auto& o : fleets_)
            if (!o->gone && o->power == f->power && o->at == f->at && !o->doubt) o->doubt = cause;
        for (const auto& l : leaders_)  // NELSON may have gone with them
            if (!l->captured && l->power == f->power && l->at == f->at && lower(l->name) == "nelson" && !nelson_doubt_) nelson_doubt_ = cause;
    }
}

// Fleets picked up or dropped on the way (6.2.2.2), or corps carried (6.2.5): `w` says which, for
// each named in `list`.
void EiaEngine::change_stack(const std::string& w, const ngn::Item& list, StackMove& m, GameContext& ctx) {
    for (const ngn::Item* x : elements(list)) {
        const Entity* ent = ctx.symbols.find(reference_text(*x));
        if (w == "carrying") {
            carry_corps(*x, ent, m, ctx);
            continue;
        }
        Fleet* f = ent ? fleet(*ent) : nullptr;
        if (!f) {
            if (ent && leader_by_.count(ent) && w == "pick") m.leaders.push_back(leader_by_[ent]);
            continue;
        }
        judged(ctx, w == "pick" ? "6.2.2.2" : "6.2.2.3");
        if (w == "pick") {
            if ((!(f->at == m.at) || f->power != m.power) && f->doubt)  // where it is is in doubt (reported)
                ctx.findings.excuse(*f->doubt, x->pos, f->name + " is not at " + where_text(m.at) + " to be picked up");
            else if (!(f->at == m.at) || f->power != m.power)
                doubt_stack_of({f}, Findings::cause_of(ctx.findings.error(Kind::Illegal, kAddFleets, x->pos,
                                                                          f->name + " is not at " + where_text(m.at) + " to be picked up")));
            else if (f->done && !f->may_continue)
                ctx.findings.error(Kind::Illegal, kStackEnds, x->pos, f->name + " has ended its move this sequence");
            m.joined[f] = m.cost;  // it spends what the stack spends from here
            m.stack.push_back(f);
        } else {
            auto found = std::find(m.stack.begin(), m.stack.end(), f);
            if (found == m.stack.end()) continue;
            f->mp += m.cost - m.joined[f];  // what it spent while with the stack
            f->at = m.at;
            f->done = true;
            m.stack.erase(found);
        }
    }
}

// A corps the stack carries (6.2.5, 6.2.5.1): one that goes by sea, embarking where its fleet
// begins, in a friendly port, and another power's only with combined movement.
void EiaEngine::carry_corps(const ngn::Item& x, const Entity* ent, StackMove& m, GameContext& ctx) {
    Corps* c = ent && corps_by_.count(ent) ? corps_by_[ent] : nullptr;
    if (!c) {
        ctx.findings.error(Kind::Inconsistent, kTransport, x.pos, "'" + reference_text(x) + "' is not a declared corps");
        return;
    }
    const Where& start = m.start;
    judged(ctx, "6.2.5");
    judged(ctx, "6.2.5.1");
    if (!c->transportable)
        ctx.findings.error(Kind::Illegal, kTransport, x.pos,
                           "guerillas, cossacks, freikorps, insurrection corps and garrisons do not go by sea");
    else if (!(c->at == start) || c->on)
        ctx.findings.error(Kind::Illegal, kTransportPort, x.pos,
                           c->name + " must begin in the same port as its fleet (" + where_text(start) + ")");
    else if (map_->find(start.place) && (!map_->find(start.place)->port || start.box))
        ctx.findings.error(Kind::Illegal, kTransportPort, x.pos, "a corps embarks in a port");
    else if (!friendly_port(m.power, start.place, ctx) && controller_side(start.place, ctx) != c->power)
        ctx.findings.error(Kind::Illegal, kTransportPort, x.pos, "a corps embarks in a friendly controlled port");
    if (c->power != m.power && !allied_combined(c->power, m.power))
        ctx.findings.error(Kind::Illegal, kTransport, x.pos,
                           "a fleet carries another power's corps only with combined movement declared");
    m.carried.push_back(c);
}

// One place entered (6.2.1-6.2.1.4): what the step costs, and whether the ice, the Dardanelles
// and a port let the stack in. A broken path and the ice are each said once a move.
void EiaEngine::move_step(const ngn::Item& it, const Where& next, StackMove& m, GameContext& ctx) {
    std::string problem;
    RuleRef rule;
    const int step = step_cost(m.at, next, problem, &rule);
    ctx.judged(rule);
    if (winter()) judged(ctx, "6.2.1.4");  // no fleet in or out of the ice in winter
    if (rule == kPorts) m.cost_rule = kPorts;
    if (!problem.empty() && !m.reported_path) {
        m.reported_path = true;
        const std::string broken = "from " + where_text(m.at) + " to " + where_text(next) + ": " + problem;
        if (m.at == m.start && m.start_doubt)  // the fleet is not where the replay has it, for a reason reported
            ctx.findings.excuse(*m.start_doubt, it.pos, broken), m.path_cause = m.start_doubt;
        else
            m.path_cause = Findings::cause_of(ctx.findings.error(Kind::Illegal, rule, it.pos, broken));
    }
    const geometry::Place* np = map_->find(next.place);
    for (const Where* box : {static_cast<const Where*>(&m.at), &next})
        if (box->box && std::any_of(fleets_.begin(), fleets_.end(), [&](const auto& o) {
                return !o->gone && o->at == *box && o->power != m.power && !at_war(o->power, m.power);
            }))
            judged(ctx, "6.2.7.2");  // into or out of a box held by fleets it is not at war with: no interception
    if (np && np->ice && winter() && !m.reported_ice) {
        m.reported_ice = true;
        ctx.findings.error(Kind::Illegal, kIce, it.pos, np->name + " is north of the ice line: no fleet enters it in winter");
    }
    if (m.ice_start && !m.reported_ice && !(np && np->ice && next.place == m.start.place)) {
        m.reported_ice = true;
        ctx.findings.error(Kind::Illegal, kIce, it.pos, m.start.place + " is north of the ice line: a fleet there stays until winter ends");
    }
    if (np && np->dardanelles) judged(ctx, "6.2.1.3");
    if (np && np->dardanelles && !m.mover->dardanelles)
        ctx.findings.error(Kind::Illegal, kDardanelles, it.pos,
                           m.mover->name() + " may not enter the Dardanelles: it neither holds nor besieges Constantinople, nor has access "
                           "(write dardanelles on its side line when it does)");
    if (np && np->port) enter_port(it, next, *np, m, ctx);
    m.cost += step;
    m.at = next;
}

// Into a port or its blockade box (6.2.1.2, 6.2.7): a box only at war with the port's holder or
// to reach an enemy fleet there; another power's port only to attack a fleet there or with access.
void EiaEngine::enter_port(const ngn::Item& it, const Where& next, const geometry::Place& np, const StackMove& m, GameContext& ctx) {
    const int power = m.power;
    const int owner = controller_side(np.name, ctx);
    bool enemy_there = false, enemy_in_box = false;
    for (auto& o : fleets_) {
        if (o->gone || !at_war(o->power, power)) continue;
        if (o->at == Where{np.name, false}) enemy_there = true;
        if (o->at == Where{np.name, true}) enemy_in_box = true;
    }
    const bool holder_at_war = owner >= 0 && at_war(power, owner);
    if (next.box) judged(ctx, "6.2.7");
    if (!next.box && owner != power) judged(ctx, "6.2.1.2");  // another power's port
    const bool permitted = owner >= 0 ? m.mover->access.count(owner) > 0 : m.mover->access_names.count(lower(controller(np.name))) > 0;
    // who holds the port is in doubt (a change of hands left out, reported): its box and port as played
    const auto doubt = port_doubt_.find(np.name);
    auto say = [&](const RuleRef& rule, const std::string& why) {
        if (doubt != port_doubt_.end()) ctx.findings.excuse(doubt->second, it.pos, why);
        else ctx.findings.error(Kind::Illegal, rule, it.pos, why);
    };
    // a stack passes through the box of a port it may enter, on its way in (6.2.1.2): that is no blockade
    if (next.box && owner != power && !permitted && !holder_at_war && !enemy_there && !enemy_in_box && !(m.at == Where{np.name, false}))
        say(kBlockade, "a stack enters a blockade box only at war with the port's holder, or to reach an enemy fleet there");
    if (!next.box && owner != power && !permitted && !enemy_there)
        say(kPorts, np.name + " is held by " + controller(np.name) +
                        ": a fleet enters another power's port only to attack a fleet there or with permission (access)");
}

// What the move spent: each fleet's movement points (7 at most, 6.2.1), and the cost the claim
// gives (=> 3 mp).
void EiaEngine::spend_movement_points(const ngn::Event& e, StackMove& m, GameContext& ctx) {
    judged(ctx, "6.2");
    judged(ctx, "6.2.1");
    for (Fleet* f : m.stack) {
        f->mp += m.cost - m.joined[f];
        if (f->mp > 7)
            ctx.findings.error(Kind::Illegal, kMovement, e.subject.pos,
                               f->name + " has spent " + std::to_string(f->mp) + " movement points: a fleet has 7", std::string("at most 7"),
                               std::to_string(f->mp));
    }
    if (e.claim)
        for (const ngn::Item* c : elements(*e.claim))
            if (const std::string_view* w = word_text(*c); w && lower(*w) != "mp")
                ctx.findings.error(Kind::Inconsistent, kVocabulary, c->pos, "a move's claim is what it costs: => 3 mp; not '" + std::string(*w) + "'");
    // (a path already found broken is the one finding: what an impossible step costs is not asked)
    if (e.claim && !m.reported_path)
        for (const ngn::Item* c : elements(*e.claim))
            if (const auto* n = c->as<ngn::Number>(); n && n->is_integer && n->as_int() != m.cost) {
                const std::string costs = "this move costs " + counted(m.cost, "movement point", "movement points");
                // where the stack started is in doubt (a move of it left out, reported): its cost follows from that
                if (m.start_doubt) {
                    ctx.findings.excuse(*m.start_doubt, c->pos, costs);
                    continue;
                }
                const Cause cause = Findings::cause_of(
                    ctx.findings.error(Kind::WrongResult, m.cost_rule, c->pos, costs, std::to_string(m.cost) + " mp", c->to_ngn()));
                // a move left out may have taken the fleets it was with too: their next move follows from this
                for (auto& o : fleets_)
                    if (!o->gone && o->power == m.power && o->at == m.start && !o->done && !o->doubt) o->doubt = cause;
            }
}

// The move as played: the stack, its leaders and the corps it carries are where it ended, and it
// is the stack that may now be intercepted there.
void EiaEngine::stack_moved(const StackMove& m) {
    const std::vector<Fleet*>& stack = m.stack;
    const Where& at = m.at;
    bool enemy_there = false;
    for (const auto& o : fleets_)
        if (!o->gone && o->at == at && at_war(o->power, m.power)) enemy_there = true;
    for (Fleet* f : stack) {
        f->at = at;
        f->done = true;
        f->ended_by_enemy = enemy_there;
        f->may_continue = false;
        f->doubt = m.path_cause;
        f->box_stay.reset();
    }
    for (Leader* l : m.leaders) l->at = at;
    moving_leaders_ = m.leaders;
    for (std::size_t k = 0; k < m.carried.size(); ++k) {
        m.carried[k]->on = k < stack.size() ? stack[k] : stack.back();
        m.carried[k]->on->carrying = m.carried[k];
    }
    for (auto& c : corps_)
        if (c->on && std::find(stack.begin(), stack.end(), c->on) != stack.end()) c->at = at;
    moving_ = stack;
    moving_at_ = at;
    const geometry::Place* start_place = map_->find(m.start.place);
    moving_start_port_ = start_place && start_place->port && !m.start.box ? start_place->name : std::string();
    const geometry::Place* end_place = map_->find(at.place);
    moving_into_port_ = end_place && end_place->port && !at.box && !m.invite;
    tried_.clear();
    intercepted_here_ = false;
}

// Whose sequence it is (6.1, 6.1.1, 6.1.2): each fleet moves in its power's own, or with combined
// movement in the sequence of the ally who moves last. False when a fleet may not move now.
bool EiaEngine::in_its_sequence(const ngn::Event& e, const std::vector<Fleet*>& stack, GameContext& ctx) {
    for (Fleet* f : stack) {
        if (phasing_ < 0) continue;
        judged(ctx, "6.1");
        if (!f->minor.empty()) judged(ctx, "6.1.1");
        if (f->power == phasing_) continue;
        judged(ctx, "6.1.2");
        if (!allied_combined(f->power, phasing_)) {
            ctx.findings.error(Kind::Illegal, cite(f->minor.empty() ? "6.1" : "6.1.1"), e.subject.pos,
                               f->name + " moves in " + pw(f->power).name() + "'s own sequence, not in " +
                                   pw(phasing_).name() + "'s");
            return false;
        }
        const Major ally = pw(f->power).major;
        if (std::find(order_.begin(), order_.end() - 1, ally) == order_.end() - 1 && ally != Major::None)
            ctx.findings.error(Kind::Illegal, kCombinedMove, e.subject.pos,
                               "combined movement is made in the sequence of the ally who moves last: " +
                                   pw(f->power).name() + " has yet to move this phase");
        break;
    }
    return true;
}

// ---- a move line whose words stand out of order ------------------------------------------------------
// Two words swapped can leave a move that reads plainly as another: a place's quoted name holding
// a fleet, another place or a word of its own that stands outside the quotes; the fleets after
// the places; two places out of order. Such a line is read as it plainly reads, and said once.

namespace {
bool is_keyword(const ngn::Item& it) {
    const std::string_view* w = word_text(it);
    return w && (same_lower(*w, "pick") || same_lower(*w, "drop") || same_lower(*w, "carrying") || same_lower(*w, "invite"));
}

std::vector<std::string> words_of(std::string_view s) {
    std::vector<std::string> out;
    std::string w;
    for (char c : s) {
        if (c == ' ') {
            if (!w.empty()) out.push_back(w), w.clear();
        } else {
            w += c;
        }
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

std::string joined(const std::vector<std::string>& words, std::size_t skip = static_cast<std::size_t>(-1)) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        if (i != skip) out += (out.empty() ? "" : " ") + words[i];
    return out;
}
}  // namespace

// A view that lives as long as the engine (the items a line is read again into point at it).
std::string_view EiaEngine::keep(std::string text) { return reread_text_.emplace_back(std::move(text)); }

ngn::Item EiaEngine::place_item(const ngn::Item& like, std::string_view area, std::string_view box, bool quoted) {
    ngn::Item it = like;
    it.value = ngn::AreaPos{keep(std::string(area)), keep(std::string(box)), quoted};
    return it;
}

// A quoted place not on the map that holds another place (@"Irish @Dublin/blockade Sea"), a
// fleet (@"Bay SP1 of Biscay"), or lacks a word that stands next to it (@"Bay Biscay" of): the
// place, and what was in it, read apart. Says what it did in `what`; returns the text of the
// first of two places found run together (their order is then the path's to say), or null.
const char* EiaEngine::read_places_apart(std::vector<ngn::Item>& items, std::vector<std::string>& what, GameContext& ctx) {
    const char* run_together = nullptr;
    for (std::size_t k = 1; k < items.size(); ++k) {
        const auto* a = items[k].as<ngn::AreaPos>();
        if (!a || map_->find(std::string(a->area))) continue;
        const std::vector<std::string> words = words_of(a->area);
        const std::string shown = "@" + ngn::quote(a->area);
        bool done = false;
        for (std::size_t j = 0; j < words.size() && !done; ++j) {
            const std::string rest = joined(words, j);
            if (!map_->find(rest)) continue;
            if (words[j].size() > 1 && words[j][0] == '@') {
                const std::string inner = words[j].substr(1);
                const std::string name = inner.substr(0, inner.find('/'));
                const std::string box = inner.find('/') == std::string::npos ? "" : inner.substr(inner.find('/') + 1);
                if (!map_->find(name)) continue;
                const ngn::Item outer = place_item(items[k], rest, a->box, true);
                items[k] = place_item(items[k], name, box, false);
                run_together = items[k].as<ngn::AreaPos>()->area.data();
                items.insert(items.begin() + static_cast<std::ptrdiff_t>(k) + 1, outer);
                what.push_back(shown + " is two places run together, " + items[k].to_ngn() + " and " + outer.to_ngn());
                done = true;
            } else if (const Entity* ent = ctx.symbols.find(words[j].substr(0, words[j].find(','))); ent && (fleet(*ent) || leader_by_.count(ent))) {
                items[k] = place_item(items[k], rest, a->box, true);
                std::vector<ngn::Item> names;  // each fleet of the list its own word
                std::string part;
                for (char ch : words[j] + ",")
                    if (ch == ',') {
                        ngn::Item name = items[k];
                        name.value = ngn::Word{keep(part)};
                        if (!part.empty()) names.push_back(name);
                        part.clear();
                    } else {
                        part += ch;
                    }
                items.insert(items.begin() + 1, names.begin(), names.end());
                k += names.size() - 1;
                what.push_back(words[j] + " stands inside the quotes of " + items[k + 1].to_ngn());
                ++k;
                done = true;
            }
        }
        for (std::size_t side : {k - 1, k + 1}) {
            if (done || side < 1 || side >= items.size() || !items[side].is<ngn::Word>() || is_keyword(items[side]) ||
                ctx.symbols.find(*word_text(items[side])))
                continue;
            const std::string word(*word_text(items[side]));
            for (std::size_t gap = 0; gap <= words.size() && !done; ++gap) {
                std::vector<std::string> with = words;
                with.insert(with.begin() + static_cast<std::ptrdiff_t>(gap), word);
                if (!map_->find(joined(with))) continue;
                items[k] = place_item(items[k], joined(with), a->box, true);
                what.push_back("'" + word + "' belongs inside the quotes of " + items[k].to_ngn());
                items.erase(items.begin() + static_cast<std::ptrdiff_t>(side));
                done = true;
            }
        }
    }
    return run_together;
}

// The fleets that move come first: a fleet named after the places is read as one of them. A
// pick or drop comes before the fleets it names, carrying after them.
void EiaEngine::fleets_first(std::vector<ngn::Item>& items, std::vector<std::string>& what, GameContext& ctx) {
    auto names_fleet = [&](const ngn::Item& it) {
        if (!it.is<ngn::Word>() && !it.is<ngn::Text>() && !it.is<ngn::List>()) return false;
        for (const ngn::Item* x : elements(it))
            if (const Entity* ent = ctx.symbols.find(reference_text(*x)); ent && (fleet(*ent) || leader_by_.count(ent) || corps_by_.count(ent)))
                return true;
        return false;
    };
    auto keyword = [&](std::size_t k, const char* w) { return k < items.size() && is_word(items[k], w); };
    if (keyword(1, "carrying") && items.size() > 3 && names_fleet(items[2]) && names_fleet(items[3])) {
        std::swap(items[1], items[2]);  // move carrying GB1 C1: the fleets first
        what.push_back("the fleets come before what they carry");
        return;
    }
    for (std::size_t k = 2; k + 1 < items.size(); ++k) {
        const bool pick_drop = keyword(k, "pick") || keyword(k, "drop");
        if (pick_drop && items[k + 1].is<ngn::AreaPos>() && k + 2 < items.size() && names_fleet(items[k + 2])) {
            std::swap(items[k], items[k + 1]);  // pick @place FLEET: the place, then pick FLEET
            what.push_back(items[k + 1].to_ngn() + " names the fleets after it");
            return;
        }
        if ((keyword(k + 1, "pick") || keyword(k + 1, "drop")) && names_fleet(items[k]) && !keyword(k - 1, "pick") &&
            !keyword(k - 1, "drop") && !keyword(k - 1, "carrying") && (k + 2 >= items.size() || !names_fleet(items[k + 2]))) {
            std::swap(items[k], items[k + 1]);  // FLEET drop: drop FLEET
            what.push_back(items[k].to_ngn() + " comes before the fleets it names");
            return;
        }
    }
    if (items.size() < 2 || names_fleet(items[1])) return;
    for (std::size_t j = 2; j < items.size(); ++j)
        if (names_fleet(items[j]) && !is_keyword(items[j - 1])) {
            const ngn::Item moved = items[j];
            items.erase(items.begin() + static_cast<std::ptrdiff_t>(j));
            items.insert(items.begin() + 1, moved);
            what.push_back("the fleets that move come before the places");
            return;
        }
}

// What a path of places costs from `start` (6.2.1.1, 6.2.1.2), step by step; none when a step
// cannot be made, and then `first_broken` says whether it was the first.
std::optional<int> EiaEngine::path_cost(Where start, const std::vector<Where>& places, bool* first_broken) const {
    int cost = 0;
    for (std::size_t i = 0; i < places.size(); ++i) {
        std::string problem;
        cost += step_cost(start, places[i], problem);
        if (!problem.empty()) {
            if (first_broken) *first_broken = i == 0;
            return std::nullopt;
        }
        start = places[i];
    }
    return cost;
}

// Whether a stack of `power` has cause to stay in this blockade box (6.2.7, 6.2.7.1): at war
// with the port's holder, or with a fleet or corps in the port or the box.
bool EiaEngine::cause_to_blockade(const Where& box, int power, GameContext& ctx) const {
    if (at_war(power, controller_side(box.place, ctx))) return true;
    for (const auto& o : fleets_)
        if (!o->gone && o->at.place == box.place && at_war(o->power, power)) return true;
    for (const auto& c : corps_)
        if (!c->gone && c->at.place == box.place && at_war(c->power, power)) return true;
    return false;
}

// Two places out of order: when the path breaks between two places written, or costs other than
// its claim, and the two places of one step read the other way round make it whole at the cost
// claimed, they are read so. A path broken only at its first step is not: the fleet is then more
// likely not where the replay has it (a move left out). `pair` is a step two places read apart
// stand at, tried first.
void EiaEngine::places_in_order(std::vector<ngn::Item>& items, std::vector<std::string>& what, const ngn::Event& e,
                                const char* run_together, GameContext& ctx) {
    std::optional<std::size_t> pair;
    std::optional<Where> start;
    std::optional<int> start_power;
    std::vector<std::size_t> at;
    std::vector<Where> path;
    for (std::size_t k = 1; k < items.size(); ++k) {
        if (!start && !items[k].is<ngn::AreaPos>())
            for (const ngn::Item* x : elements(items[k]))
                if (const Entity* ent = ctx.symbols.find(reference_text(*x)); ent && fleet(*ent) && !start) start = fleet(*ent)->at, start_power = fleet(*ent)->power;
        const auto* a = items[k].as<ngn::AreaPos>();
        if (!a) continue;
        const geometry::Place* p = map_->find(std::string(a->area));
        if (!p) return;  // a place not read: the path is not judged for its order
        const std::string box = lower(a->box);
        if (run_together && a->area.data() == run_together) pair = path.size();
        path.push_back(Where{p->name, p->port && (box == "blockade" || box == "box")});
        at.push_back(k);
    }
    if (!start) return;
    std::optional<int> claim;
    if (e.claim)
        for (const ngn::Item* c : elements(*e.claim))
            if (const auto* n = c->as<ngn::Number>(); n && n->is_integer) claim = n->as_int();
    auto fits = [&](const std::vector<Where>& p) {
        const auto cost = path_cost(*start, p);
        return cost && (!claim || *cost == *claim);
    };
    bool first_broken = false;
    const bool whole = path_cost(*start, path, &first_broken).has_value();
    // a move that ends in a port and straight out into its box (P/port P/blockade, written last)
    // reads as one into the port: the two places the other way round
    const std::size_t n = path.size();
    if (!pair && whole && n >= 2 && at[n - 1] == at[n - 2] + 1 && path[n - 2] == Where{path[n - 1].place, false} && path[n - 1].box &&
        start_power && (controller_side(path[n - 1].place, ctx) == *start_power || pw(*start_power).access.count(controller_side(path[n - 1].place, ctx)))) {
        std::swap(items[at[n - 2]], items[at[n - 1]]);
        what.push_back(items[at[n - 2]].to_ngn() + " comes before " + items[at[n - 1]].to_ngn() + " on the way");
        return;
    }
    if (fits(path) || (!pair && !whole && first_broken)) return;
    // a whole path at another cost is a cost written wrong, unless it ends in a blockade box the
    // stack has no cause to stay in (6.2.7.1): then two places read the other way round are tried
    if (!pair && whole && !(path.back().box && !cause_to_blockade(path.back(), *start_power, ctx))) return;
    std::vector<std::size_t> steps;
    if (pair && *pair + 1 < path.size()) steps.push_back(*pair);
    for (std::size_t i = 0; i + 1 < path.size(); ++i) steps.push_back(i);
    for (std::size_t i : steps) {
        std::vector<Where> swapped = path;
        std::swap(swapped[i], swapped[i + 1]);
        if (!fits(swapped)) continue;
        std::swap(items[at[i]], items[at[i + 1]]);
        if (!pair || *pair != i) what.push_back(items[at[i]].to_ngn() + " comes before " + items[at[i + 1]].to_ngn() + " on the way");
        return;
    }
}

// The move line as it plainly reads: itself, or read again with its words in order (one finding).
const ngn::Event& EiaEngine::reread_move(const ngn::Event& e, GameContext& ctx) {
    std::vector<ngn::Item> items(e.args.begin(), e.args.end());
    std::vector<std::string> what;
    const char* run_together = read_places_apart(items, what, ctx);
    fleets_first(items, what, ctx);
    places_in_order(items, what, e, run_together, ctx);
    if (what.empty()) return e;
    std::string line = e.subject.to_ngn();
    for (const auto& it : items) line += " " + it.to_ngn();
    std::string why;
    for (const auto& w : what) why += (why.empty() ? "" : "; ") + w;
    ctx.findings.error(Kind::Inconsistent, kVocabulary, e.args.size() > 1 ? e.args[1].pos : e.subject.pos,
                       "this reads as '" + line + "': " + why);
    const auto& kept = reread_items_.emplace_back(std::move(items));
    ngn::Event& again = reread_events_.emplace_back(e);
    again.args = ngn::Items(kept.data(), kept.size());
    return again;
}

// ---- interception ----------------------------------------------------------------------------------

void EiaEngine::intercept(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (!map_) return;
    close_combat(ctx, e.subject.pos);
    std::size_t i = 1;
    std::vector<Fleet*> stack = fleet_list(e, i, ctx, kWhoIntercepts);
    if (stack.empty())
        if (Fleet* f = fleet(actor)) stack.push_back(f);
    if (!stack.empty() && moving_.empty() && moving_retreated_) {
        const Cause cause = Findings::cause_of(
            ctx.findings.error(Kind::Illegal, cite("6.2.3"), e.subject.pos, "retreating and pursuing stacks may not be intercepted"));
        move_left_out(cause);  // (or the move it intercepts is left out of the record)
        if (said_intercepted(e).value_or(false) || !dice_of(e)) begun_in_doubt(stack, cause, ctx, e);
        return;
    }
    if (stack.empty() && named_gone_) return;
    if (stack.empty() || moving_.empty()) {
        const Cause cause = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, cite("6.2.3.1"), e.subject.pos,
                                                                  stack.empty() ? "say which fleets try to intercept: FR intercept FR1,FR2 d6: 1"
                                                                                : "no stack has moved to be intercepted"));
        if (!stack.empty()) move_left_out(cause);
        if (!stack.empty() && (said_intercepted(e).value_or(false) || !dice_of(e))) begun_in_doubt(stack, cause, ctx, e);
        return;
    }
    const int power = stack.front()->power;
    const int mover = moving_.front()->power;
    const Where target = moving_at_;
    for (const char* c : {"6.2.3", "6.2.3.1", "6.2.3.1.1", "6.2.3.1.2.5", "6.2.2"}) judged(ctx, c);
    const Where from = stack.front()->at;
    const geometry::Place* tp = map_->find(target.place);
    const geometry::Place* fp = map_->find(from.place);
    if (!tp || !fp) return;
    InterceptionTry attempt = who_may_intercept(power, mover, target, from, ctx);
    interceptors_in_order(stack, power, from, target, attempt);
    const std::string& why = attempt.why;
    const bool adjacent = attempt.adjacent;
    std::optional<Cause> doubted;  // an interceptor not where the record last had it (reported): its try as played
    for (Fleet* f : stack)
        if (f->doubt && !doubted) doubted = f->doubt;
    std::optional<Cause> barred;  // the try the rules do not allow (reported): its combat's figures are the record's
    if (!why.empty() && doubted) ctx.findings.excuse(*doubted, e.subject.pos, why), barred = doubted;
    else if (!why.empty()) barred = Findings::cause_of(ctx.findings.error(Kind::Illegal, attempt.rule, e.subject.pos, why));
    if (barred && !doubted) {
        move_left_out(*barred);  // the stack it meant may be one whose move is left out
        std::vector<Fleet*> with;  // and the interceptors' own fleets may have sailed (a move of theirs left out)
        for (auto& o : fleets_)
            if (!o->gone && o->at == from && allied_combined(o->power, power)) with.push_back(o.get());
        doubt_stack_of(with, *barred);
    }
    tried_.insert({where_text(target), bloc(power)});

    const bool nelson = nelson_with(stack);
    const auto [success, as_written] = interception_roll(e, nelson, attempt, ctx);
    const std::optional<bool> said = said_intercepted(e);
    if (said && success && *said != *success && *said != *as_written)
        ctx.findings.error(Kind::WrongResult, cite(adjacent ? "6.2.3.2.2.1" : "6.2.3.2.2.2"), e.claim_pos,
                           std::string("an interception ") + (adjacent ? "from the next area needs 0 or 1" : "in the same area needs 0 to 3") +
                               (nelson ? " (NELSON takes one from the roll)" : ""),
                           std::string(*success ? "intercepted" : "fails"), std::string(*said ? "intercepted" : "fails"));
    const bool intercepted = said.value_or(success.value_or(false));
    // a combat opened against the rules or the dice stands only if the record goes on to fight it
    const bool disputed = !why.empty() || (said && success && *said != *success);
    if (!intercepted) {
        for (Fleet* f : moving_) f->may_continue = true;  // a failed interception does not stop the stack
        return;
    }
    // a stack that asked to be intercepted entering a port (invite) is intercepted in its box, before
    // it enters (6.2.3.2.1.3): its move stops there, and the combat is fought there
    Where at = target;
    if (why.empty() && fp->port && from.box && target == Where{fp->name, false}) {
        at = from;
        for (Fleet* f : moving_) f->at = from;
        for (Leader* l : moving_leaders_) l->at = from;
    }
    interceptors_engage(e, stack, power, mover, from, at, disputed, ctx);
    if (barred && combat_) combat_->doubt = barred;
}

// The interceptors as one stack, in their turn (6.2.2, 6.2.3.1.1, 6.2.3.1.2.5): no power tries
// after a later one, and the fleets in one place intercept together. Adds to the try's why not.
void EiaEngine::interceptors_in_order(const std::vector<Fleet*>& stack, int power, const Where& from, const Where& target,
                                      InterceptionTry& attempt) {
    std::string& why = attempt.why;
    RuleRef& rule = attempt.rule;
    // the order of the major powers (6.2.3.1.1): no power tries after a later one
    if (why.empty())
        for (const auto& [place, other] : tried_)
            if (place == where_text(target) && bloc_place(other) > bloc_place(bloc(power)) && bloc_place(other) < 100 && bloc_place(bloc(power)) < 100) {
                why = pw(other).name() + " tried first: interceptions are tried in the order of 6.1";
                rule = kInterceptOrder;
            }
    for (auto& o : fleets_)
        if (!o->gone && o->at == from && allied_combined(o->power, power) && std::find(stack.begin(), stack.end(), o.get()) == stack.end() &&
            !o->doubt && !o->ships_doubt)  // (a fleet whose place or ships are in doubt may not be there)
            why = o->name + " is in the same place: the fleets there are one stack, and intercept together", rule = cite("6.2.2");
    for (Fleet* f : stack) {
        if (!(f->at == from)) why = f->name + " is not with the intercepting stack", rule = cite("6.2.3.1.2.5");
        if (!allied_combined(f->power, power)) why = f->name + " belongs to another power without combined movement", rule = cite("6.2.3.1.1");
    }
}

// The die of an interception (6.2.3.2.2, 6.2.3.2.3): adjacent 0-1, same area 0-3, NELSON -1;
// automatic in a blockade box. Whether it succeeds with the right modifier and as written; neither
// for a try the rules do not allow, or a die not read.
std::pair<std::optional<bool>, std::optional<bool>> EiaEngine::interception_roll(const ngn::Event& e, bool nelson,
                                                                                const InterceptionTry& attempt, GameContext& ctx) {
    std::optional<bool> success, as_written;
    const ngn::Dice* d = one_die(e, cite("6.2.3.2.2"), ctx);
    if (!attempt.why.empty()) {
        // an attempt the rules do not allow is not judged further
    } else if (attempt.automatic) {
        judged(ctx, "6.2.3.2.1");
        success = as_written = true;
    } else if (!d) {
        ctx.findings.error(Kind::Inconsistent, cite("6.2.3.2.2"), e.subject.pos, "an interception at sea rolls a die: d6: 2");
    } else if (ctx.dice_ok && d->faces.size() == 1) {
        judged(ctx, "6.2.3.2.2");
        judged(ctx, attempt.adjacent ? "6.2.3.2.2.1" : "6.2.3.2.2.2");
        if (nelson) judged(ctx, "6.2.3.2.3");
        int written = 0;
        for (const auto& m : d->modifiers) written = saturating_add(written, m.value);
        const int expected = nelson ? -1 : 0;
        const ngn::SourcePos at = d->modifiers.empty() ? e.subject.pos : d->modifiers.front().pos;
        const std::string why = nelson ? "NELSON with the interceptors takes one from the roll" : "no modifier applies to this roll";
        if (written != expected && !nelson_slip(*d, nelson, -1, at, why, ctx))
            ctx.findings.error(Kind::WrongResult, cite("6.2.3.2.3"), at, why, std::to_string(expected), std::to_string(written));
        const int need = attempt.adjacent ? 1 : 3;
        success = d->faces[0].value + expected <= need;
        as_written = d->faces[0].value + written <= need;
        if (d->total && *d->total != d->faces[0].value + written) as_written = *d->total <= need;  // the die the total shows
    }
    return {success, as_written};
}

// The interception as played: the interceptors move in, and the combat is fought at once.
void EiaEngine::interceptors_engage(const ngn::Event& e, const std::vector<Fleet*>& stack, int power, int mover, const Where& from,
                                    const Where& target, bool disputed, GameContext& ctx) {
    intercepted_here_ = true;
    judged(ctx, "6.2.3.2.4");  // the interceptors move in
    judged(ctx, "6.2.3.3");    // and the combat is fought at once
    for (Fleet* f : stack) f->at = target;
    for (auto& l : leaders_)
        if (l->power == power && l->at == from) l->at = target;
    Combat* c = open_combat(ctx, e);
    c->at = target;
    c->attacker = power;
    c->defender = mover;
    c->att = stack;
    c->def = moving_;
    c->interception = true;
    c->disputed = disputed;
    c->interceptors_from = from;
    doubt_from_fleets(*c);
    const geometry::Place* place = map_->find(target.place);
    if (place && place->port && target.box) {
        // 6.3.5.3: a stack beaten in a blockade box goes back to the port it came out of
        c->defender_from_port = moving_start_port_ == place->name;
        c->exit_blockade = c->defender_from_port;
    }
}

// Who may try to intercept the moving stack where it is (6.2.3.1-6.2.3.1.2.5, 6.2.3.4.2, ice):
// why not, with the case, when it may not; and whether the try is from the next area (0-1), in
// the same (0-3), or automatic (a blockade box).
InterceptionTry EiaEngine::who_may_intercept(int power, int mover, const Where& target, const Where& from, GameContext& ctx) {
    const geometry::Place* tp = map_->find(target.place);
    const geometry::Place* fp = map_->find(from.place);
    bool enemy = at_war(power, mover);
    for (const Fleet* f : moving_)
        if (f->carrying && at_war(power, f->carrying->power)) enemy = true;
    InterceptionTry t;
    t.rule = kWhoIntercepts;
    std::string& why = t.why;
    RuleRef& rule = t.rule;
    bool& adjacent = t.adjacent;
    bool& automatic = t.automatic;
    if (!enemy) {
        why = pw(power).name() + " is not at war with the moving stack";
        // a stack passing blockaders it is not at war with goes by unintercepted (6.2.7.2)
        rule = fp->port && from.box ? cite("6.2.7.2") : cite("6.2.3.1");
    } else if (barred_.count(bloc(power))) {
        why = "its interceptors lost to the phasing stack: no more interceptions in this sequence";
        rule = cite("6.2.3.4.2");
    } else if (intercepted_here_) {
        why = "the stack has already been intercepted there";
        rule = kInterceptOrder;
    } else if (tried_.count({where_text(target), bloc(power)})) {
        why = "one stack only may try each interception for a major power";
        rule = cite("6.2.3.1.2.5");
    } else if (fp->port && from.box) {
        judged(ctx, "6.2.3.1.2.3");
        judged(ctx, "6.2.7.3");  // blockaders at war with the stack entering or leaving intercept it
        if (target == Where{fp->name, false}) judged(ctx, "6.2.3.1.2.1"), judged(ctx, "6.2.3.2.1.3");
        int enemies = 0;
        for (const auto& o : fleets_)
            if (!o->gone && o->at == from && o->power != power && at_war(o->power, mover) && bloc(o->power) != bloc(power)) ++enemies;
        if (enemies > 0) judged(ctx, "6.2.3.2.1.1");  // more than one enemy power in the box: the higher intercepts
        if (target == Where{fp->name, false} && moving_into_port_)
            why = "a fleet entering a port is intercepted in its blockade box only if it asks to be (invite)", rule = cite("6.2.3.1.2.1");
        else if (!(from == target) && !(target == Where{fp->name, false}))
            why = "a fleet in a blockade box intercepts only fleets entering that box", rule = cite("6.2.3.1.2.3");
        automatic = true;
    } else if (tp->port) {
        why = target.box ? "only the fleets in a blockade box intercept in it" : "a fleet entering a port is intercepted only if it asks to be";
        rule = target.box ? cite("6.2.3.1.2.3") : cite("6.2.3.1.2.1");
    } else if (fp->port) {
        judged(ctx, "6.2.3.1.2.2");
        if (!fp->touches.count(tp->name)) why = "a fleet in port intercepts only in the sea areas next to its port", rule = cite("6.2.3.1.2.2");
        else if (blockaded(fp->name, power, ctx)) why = fp->name + " is blockaded", rule = cite("6.2.3.1.2.2");
        // the book calls the port's sea areas adjacent (6.2.3.1.2.2) and does not say which roll a
        // fleet in port needs there: a named reading, option port-interception (docs/rules/eia-naval.md)
        adjacent = ctx.header.option("port-interception") != "same-area";
    } else if (fp->name == tp->name) {
        adjacent = false;
    } else if (map_->adjacent(fp->name, tp->name)) {
        adjacent = true;
    } else {
        why = "the interceptors are neither in " + tp->name + " nor next to it";
        rule = cite("6.2.3.1");
    }
    if (tp->dardanelles) judged(ctx, "6.2.3.1.2.4");
    if (why.empty() && tp->dardanelles && !pw(power).dardanelles)
        why = "it may not enter the Dardanelles itself", rule = cite("6.2.3.1.2.4");
    if (why.empty() && winter() && (tp->ice || fp->ice)) why = "no fleet moves in or out of the ice in winter", rule = kIce;
    return t;
}

// ---- a port changing hands (6.2.6) ------------------------------------------------------------------

void EiaEngine::port_control(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (actor.kind != ngn::EntityKind::Side || e.args.size() < 2) {
        ctx.findings.error(Kind::Inconsistent, kEnemyPort, e.subject.pos, "a major power takes a port: FR controls Lisbon");
        return;
    }
    judged(ctx, "6.2.6");
    const std::string port = reference_text(e.args[1]);
    const geometry::Place* p = map_ ? map_->find(port) : nullptr;
    if (map_ && (!p || !p->port)) {
        ctx.findings.error(Kind::Inconsistent, kEnemyPort, e.args[1].pos, "'" + port + "' is not a port of the map");
        return;
    }
    port_controller_[p ? p->name : port] = actor.name;
}

void EiaEngine::leave_port(const ngn::Event& e, Fleet& f, GameContext& ctx) {
    const geometry::Place* p = map_ ? map_->find(f.at.place) : nullptr;
    if (!p || !p->port || f.at.box) {
        ctx.findings.error(Kind::Illegal, kEnemyPort, e.subject.pos, f.name + " is not in a port");
        return;
    }
    const int owner = controller_side(p->name, ctx);
    judged(ctx, "6.2.6");
    judged(ctx, "6.2.6.1");  // a blockaded port's fleet does not sail out
    if (!at_war(owner, f.power) && !port_doubt_.count(p->name))  // the line that gave the port to an enemy may be left out
        port_doubt_[p->name] = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, kEnemyPort, e.subject.pos, p->name + " is not held by an enemy: nothing makes " + f.name + " leave it"));
    else if (blockaded(p->name, f.power, ctx))
        ctx.findings.error(Kind::Illegal, cite("6.2.6.1"), e.subject.pos,
                           p->name + " is blockaded: its fleet is scuttled (or fights the blockaders), it does not sail out");
    std::optional<Where> to = e.args.size() > 1 ? where_of(e.args[1], ctx, kEnemyPort) : std::nullopt;
    if (!to) {
        ctx.findings.error(Kind::Inconsistent, kEnemyPort, e.subject.pos, "say where it goes: the port's blockade box or a sea area next to it");
        return;
    }
    if (!(to->place == p->name && to->box) && !p->touches.count(to->place))
        ctx.findings.error(Kind::Illegal, kEnemyPort, e.args[1].pos, "a fleet leaving its port goes into an adjacent sea area or the port's blockade box");
    const Where was = f.at;
    f.at = *to;
    // its leaders go with the last of its power's fleets to leave (NELSON is captured only if scuttled, 6.2.6.2)
    if (fleets_at(was, f.power).empty())
        for (auto& l : leaders_)
            if (!l->captured && l->power == f.power && l->at == was) l->at = *to;
}

void EiaEngine::scuttle(const ngn::Event& e, Fleet& f, GameContext& ctx) {
    const geometry::Place* p = map_ ? map_->find(f.at.place) : nullptr;
    judged(ctx, "6.2.6.1");
    judged(ctx, "6.2.6.4");
    if (!f.minor.empty()) judged(ctx, "6.2.6.3");  // a minor country's fleet is scuttled too
    for (const auto& l : leaders_)
        if (l->power == f.power && l->at == f.at && !l->captured) judged(ctx, "6.2.6.2");
    if (p && (!p->port || f.at.box || !at_war(controller_side(p->name, ctx), f.power) || !blockaded(p->name, f.power, ctx)))
        ctx.findings.error(Kind::Illegal, cite("6.2.6.1"), e.subject.pos,
                           "a fleet is scuttled when its port falls to the enemy while an enemy fleet blockades it");
    if (e.claim)
        for (const ngn::Item* c : elements(*e.claim))
            if (const auto* n = c->as<ngn::Number>(); n && n->as_int() != -1)
                ctx.findings.error(Kind::WrongResult, cite("6.2.6.4"), c->pos, "each fleet scuttled costs one political point", std::string("-1"),
                                   c->to_ngn());
    f.gone.leave("was scuttled", e.subject.pos.line);
    f.scuttled = true;
    pw(f.power).pp -= 1;
    for (auto& l : leaders_)
        if (l->power == f.power && l->at == f.at && fleets_at(f.at, f.power).empty()) l->captured = true;  // 6.2.6.2
}

void EiaEngine::disembark(const ngn::Event& e, Corps& c, GameContext& ctx) {
    const std::string verb = lower(e.verb());
    judged(ctx, verb == "disembark" ? "6.2.5.2" : "6.2.5.3");
    if (verb == "disembark") {
        if (!c.on) {
            // the move that carried it may be left out: the fleets of its power in its port follow from this
            const std::string why = c.name + " is not at sea on a fleet";
            for (auto& f : fleets_)
                if (!f->gone && allied_combined(f->power, c.power) && f->at == c.at && f->doubt) {
                    ctx.findings.excuse(*f->doubt, e.subject.pos, why);  // a fleet that could have carried it is in doubt
                    return;
                }
            const Cause cause = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, cite("6.2.5.2"), e.subject.pos, why));
            std::vector<Fleet*> carriers;
            for (auto& f : fleets_)
                if (!f->gone && allied_combined(f->power, c.power) && f->at == c.at) carriers.push_back(f.get());
            doubt_stack_of(carriers, cause);
            return;
        }
        c.on->carrying = nullptr;
        c.on = nullptr;
        c.landed = true;
        return;
    }
    // "lost": a corps lost with its fleets (6.2.5.3) or for failing to disembark (6.2.5.2)
    const bool at_sea = c.on != nullptr;
    const bool carrier_doubted = std::any_of(fleets_.begin(), fleets_.end(), [&](const auto& f) {
        return !f->gone && allied_combined(f->power, c.power) && f->at == c.at && f->doubt;
    });
    if (!at_sea && !c.gone && carrier_doubted)
        for (auto& f : fleets_)
            if (!f->gone && allied_combined(f->power, c.power) && f->at == c.at && f->doubt) {
                ctx.findings.excuse(*f->doubt, e.subject.pos, c.name + " is not on a fleet: nothing makes it lost");
                break;
            }
    if (!at_sea && !c.gone && !carrier_doubted) {
        // the move that carried it may be left out: the fleets of its power in its port follow from this
        const Cause cause = Findings::cause_of(
            ctx.findings.error(Kind::Illegal, cite("6.2.5.3"), e.subject.pos, c.name + " is not on a fleet: nothing makes it lost"));
        std::vector<Fleet*> carriers;
        for (auto& f : fleets_)
            if (!f->gone && allied_combined(f->power, c.power) && f->at == c.at) carriers.push_back(f.get());
        doubt_stack_of(carriers, cause);
    }
    if (c.on) c.on->carrying = nullptr;
    c.on = nullptr;
    c.gone = true;
}

}  // namespace ironlog::rules::eia_naval
