// 6.5 Interception: a fleet's move stops where it enters an area held by enemy fleets, and the
// enemy may try to intercept it there: his fleets in the At Sea box first (6.5.2), all his fleets
// on one roll when his admiral is there (6.5.3), each try a die a side with the Interception
// Table's DRMs, the higher winning (6.5.4). In the moving player's impulse:
//   AM move @"Central Adriatic" @Lissa        (its move stops at Lissa: IB is there)
//   IB intercept AM d10: 7 +1(at-sea) = 8
//   AM evade d10: 4 = 4 => Italy
// What the winner then does is the Interception Results Table's, which the book leaves out: the
// lines that follow are taken as played.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

namespace {
bool in_area(const CampaignFleet& f, const std::string& area) { return f.placed && ngn::same_label(f.area, area); }
const char* kInterceptShape = "IB intercept AM d10: 7 +1(at-sea) = 8, then AM evade d10: 4 = 4 => Italy";
}  // namespace

// The areas a move enters, in order, from where the fleet stands: the first held by an enemy
// fleet stops the move (6.5). A step after it on the same line is kept, said if the enemy intercepts.
void TmbvEngine::note_interruption(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    const CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    std::string area = f.placed ? f.area : std::string();
    Interruption* stop = nullptr;
    for (const ngn::Item& it : e.args) {
        const auto* to = it.as<ngn::AreaPos>();
        if (!to) continue;
        if (stop) {
            if (!stop->went_on.line) stop->went_on = it.pos;
            continue;
        }
        const std::string name(to->area);
        if (ngn::same_label(name, area)) continue;
        area = name;
        const bool held = std::any_of(o.fleets.begin(), o.fleets.end(),
                                      [&](const CampaignFleet& g) { return g.entity->side != f.entity->side && in_area(g, name); });
        if (!held) continue;
        for (const Interruption& i : o.interruptions)
            if (i.mover == fleet) judge_compulsory(i, e.subject.pos, ctx);
        std::erase_if(o.interruptions, [&](const Interruption& i) { return i.mover == fleet; });
        o.interruptions.push_back(Interruption{});
        stop = &o.interruptions.back();
        const geometry::Place* p = map_ ? map_->find(name) : nullptr;
        stop->mover = fleet, stop->area = p ? p->name : name;
        stop->box = to->box.empty() ? (p && !p->boxes ? "" : "at-sea") : box_name(to->box);
    }
}

// Option at-sea-intercept=compulsory (Readings): the enemy's fleets in the At Sea box where the move
// stopped must all have tried, once the move goes on or the impulse ends.
void TmbvEngine::judge_compulsory(const Interruption& stop, ngn::SourcePos at, GameContext& ctx) {
    if (ctx.header.option("at-sea-intercept") != "compulsory") return;
    const CampaignFleet& m = operations_.fleets[static_cast<std::size_t>(stop.mover)];
    for (std::size_t i = 0; i < operations_.fleets.size(); ++i) {
        const CampaignFleet& g = operations_.fleets[i];
        if (g.entity->side == m.entity->side || !in_area(g, stop.area) || !in_at_sea_box(g) || stop.all_or_nothing ||
            std::find(stop.tried.begin(), stop.tried.end(), static_cast<int>(i)) != stop.tried.end())
            continue;
        ctx.findings.error(Kind::Illegal, cite("6.5.2"), at,
                           g.label() + " is in " + stop.area + "'s At Sea box: it must try to intercept " + m.label() + " (Readings: at-sea-intercept)");
    }
}

Interruption* TmbvEngine::interruption_of(int mover) {
    for (Interruption& i : operations_.interruptions)
        if (i.mover == mover) return &i;
    return nullptr;
}

// An interception roll the moving fleet did not answer (6.5.4): said once, and forgotten.
void TmbvEngine::settle_interception(GameContext& ctx) {
    for (Interruption& i : operations_.interruptions) {
        if (i.waiting < 0) continue;
        const CampaignFleet& m = operations_.fleets[static_cast<std::size_t>(i.mover)];
        ctx.findings.error(Kind::Inconsistent, cite("6.5.4"), i.waiting_at,
                           "each player rolls a die for the interception: " + m.label() + "'s roll follows (" + m.label() +
                               " evade d10: ... => <the winner>)");
        i.waiting = -1;
    }
}

// IB intercept AM [all-or-nothing] d10: 7 +1(at-sea) = 8
void TmbvEngine::intercept(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    const CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.5"), judged(ctx, "6.4.4");
    settle_interception(ctx);
    const Entity* target = e.args.size() > 1 ? ctx.symbols.find(reference_text(e.args[1])) : nullptr;
    const int mover = target ? fleet_index(*target) : -1;
    if (mover < 0 || o.fleets[static_cast<std::size_t>(mover)].entity->side == f.entity->side)
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.5.1"), e.subject.pos,
                                       "an interception names the enemy fleet it tries to stop: " + std::string(kInterceptShape)));
    Interruption* stop = interruption_of(mover);
    const CampaignFleet& m = o.fleets[static_cast<std::size_t>(mover)];
    Interruption* meant = nullptr;  // another fleet of that side stopped where this one stands: the name said wrong
    for (Interruption& i : o.interruptions)
        if (!stop && i.mover != mover && o.fleets[static_cast<std::size_t>(i.mover)].entity->side == m.entity->side && in_area(f, i.area)) meant = &i;
    if (!stop && meant) {
        ctx.findings.error(Kind::Illegal, cite("6.5"), e.subject.pos,
                           m.label() + " has not entered an area held by " + side_name(f.entity->side, ctx) + "'s fleets in this impulse; " +
                               o.fleets[static_cast<std::size_t>(meant->mover)].label() + " has: its interception, the fleet's name said wrong? (taken so)");
        stop = meant;
    } else if (!stop) {
        ctx.findings.error(Kind::Illegal, cite("6.5"), e.subject.pos,
                           m.label() + " has not entered an area held by " + side_name(f.entity->side, ctx) +
                               "'s fleets in this impulse: a fleet is intercepted where its move enters one");
        o.interruptions.push_back(Interruption{});
        stop = &o.interruptions.back();
        if (m.mp_impulse == o.impulse && m.placed && !in_area(f, m.area)) {
            // the moving fleet's move is written: the intercepting fleet stood where it ended (its own
            // move there left out, say), and it is there from then on
            CampaignFleet& g = o.fleets[static_cast<std::size_t>(fleet)];
            const geometry::Place* p = map_ ? map_->find(m.area) : nullptr;
            g.area = m.area, g.box = p && p->boxes ? "at-sea" : "", g.placed = true, g.mission = false;
        }
        stop->mover = mover, stop->area = f.placed ? f.area : m.area, stop->box = m.box;  // as played: where the intercepting fleet stands
    }
    if (stop->went_on.line) {
        ctx.findings.error(Kind::Illegal, cite("6.5"), stop->went_on,
                           m.label() + "'s move stops at " + stop->area + " while " + side_name(f.entity->side, ctx) +
                               " decides to intercept: write the move to " + stop->area + ", the interception, then the rest of the move");
        stop->went_on = {};
    }
    may_intercept(fleet, *stop, e, ctx);
    stop->waiting = fleet, stop->waiting_at = e.subject.pos;
    const auto roll = interception_roll(f, e, ctx);
    stop->waiting_total = roll ? std::optional<int>(roll->played) : std::nullopt;
    stop->waiting_rules = roll ? roll->rules : 0;
}

// Who may roll (6.5.1-6.5.3): a fleet in the area, once; At Sea fleets first; all or nothing only
// with the admiral there. What it breaks is said once, and its roll counts as played.
void TmbvEngine::may_intercept(int fleet, Interruption& stop, const ngn::Event& e, GameContext& ctx) {
    const Operations& o = operations_;
    const CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    const int side = f.entity->side;
    const bool all = std::any_of(e.args.begin(), e.args.end(), [](const ngn::Item& i) { return is_word(i, "all-or-nothing"); });
    std::vector<int> there;
    for (std::size_t i = 0; i < o.fleets.size(); ++i)
        if (o.fleets[i].entity->side == side && in_area(o.fleets[i], stop.area)) there.push_back(static_cast<int>(i));
    const auto tried = [&](int g) { return std::find(stop.tried.begin(), stop.tried.end(), g) != stop.tried.end(); };
    judged(ctx, "6.5.1"), judged(ctx, "6.5.2"), judged(ctx, "6.5.3"), judged(ctx, "6.7.5");
    std::string why;
    const char* section = "6.5.1";
    if (in_mediterranean(stop.area)) {
        section = "6.7.5", why = "no interception in the Mediterranean: the fleets fight there if either player wants to";
    } else if (f.placed && !in_area(f, stop.area)) {
        why = f.label() + " is at " + place_text(f) + ": the fleets that may intercept are those in " + stop.area;
    } else if (stop.all_or_nothing || tried(fleet)) {
        section = "6.5.3", why = f.label() + " has tried to intercept already (one roll a fleet, or one for all when all or nothing)";
    } else if (all && std::none_of(there.begin(), there.end(), [&](int g) { return o.fleets[static_cast<std::size_t>(g)].admiral; })) {
        section = "6.5.3", why = "all or nothing is for a side whose admiral is in the area: " + side_name(side, ctx) + "'s is not in " + stop.area;
    } else if (!all && !in_at_sea_box(f)) {
        for (int g : there)
            if (in_at_sea_box(o.fleets[static_cast<std::size_t>(g)]) && !tried(g))
                section = "6.5.2", why = o.fleets[static_cast<std::size_t>(g)].label() + " is in " + stop.area + "'s At Sea box: it tries first";
    }
    if (!why.empty()) ctx.findings.error(Kind::Illegal, cite(section), e.subject.pos, why);
    stop.tried.push_back(fleet);
    if (all) stop.all_or_nothing = true, stop.tried.insert(stop.tried.end(), there.begin(), there.end());
}

// AM evade d10: 4 = 4 => Italy: the moving fleet's die against the waiting roll; the higher wins.
void TmbvEngine::evade(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    const CampaignFleet& m = o.fleets[static_cast<std::size_t>(fleet)];
    Interruption* stop = interruption_of(fleet);
    if (!stop || stop->waiting < 0)
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.5.4"), e.subject.pos,
                                       "the moving fleet's die answers an interception roll against it: " + std::string(kInterceptShape)));
    judged(ctx, "6.5.4");
    const CampaignFleet& i = o.fleets[static_cast<std::size_t>(std::exchange(stop->waiting, -1))];
    CampaignFleet stopped = m;  // it rolls as it stood where its move stopped
    stopped.area = stop->area, stopped.box = stop->box;
    const std::optional<Totals> mine = interception_roll(stopped, e, ctx);
    const Entity* named = e.claim && !e.claim->empty() ? ctx.symbols.find(reference_text(e.claim->front())) : nullptr;
    if (!named || named->kind != ngn::EntityKind::Side)
        ctx.findings.error(Kind::Inconsistent, cite("6.5.4"), e.claim ? e.claim_pos : e.subject.pos,
                           "the moving fleet's roll claims the side that wins: => " + side_name(i.entity->side, ctx) + " or => " +
                               side_name(m.entity->side, ctx));
    else if (mine && stop->waiting_total && ctx.dice_ok) {
        const bool tie_to_interceptor = ctx.header.option("interception-tie") == "intercepting";
        const auto winner_of = [&](int waiting, int moving) {
            return waiting > moving || (waiting == moving && tie_to_interceptor) ? i.entity->side : m.entity->side;
        };
        const int winner = winner_of(*stop->waiting_total, mine->played);
        // a modifier said wrong is its own finding: a winner by the rules' totals is not a second
        if (named->index != winner && named->index != winner_of(stop->waiting_rules, mine->rules))
            ctx.findings.error(Kind::WrongResult, cite("6.5.4"), e.claim_pos,
                               "the higher roll wins: " + i.label() + " " + std::to_string(*stop->waiting_total) + " against " + m.label() + " " +
                                   std::to_string(mine->played) + (*stop->waiting_total == mine->played ? " (a tie: Readings, interception-tie)" : ""),
                               side_name(winner, ctx), side_name(named->index, ctx));
    }
    if (!std::exchange(o.said_interception_results, true))
        ctx.findings.note(Kind::Unverifiable, cite("6.5.4"), e.subject.pos,
                          "the Interception Results Table is the PAC's, not the book's: what the winner does is taken as the lines that follow");
}

// One die with the Interception Table's DRMs for this fleet (the pack's interception-modifier
// rows); the total as played, none when the die cannot be read.
std::optional<TmbvEngine::Totals> TmbvEngine::interception_roll(const CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    const ngn::Dice* dice = first_dice(e);
    if (!dice || dice->faces.empty()) {
        ctx.findings.error(Kind::Inconsistent, cite("6.5.4"), e.subject.pos, "each player rolls a die for the fleet: " + std::string(kInterceptShape));
        return std::nullopt;
    }
    one_die(*dice, cite("6.5.4"), ctx);
    if (!ctx.dice_ok) return std::nullopt;
    const bool table = tables_ && tables_->has_interception();
    if (!table && !std::exchange(operations_.said_no_interception, true))
        ctx.findings.note(Kind::Unverifiable, cite("6.5.4"), e.subject.pos,
                          "the pack has no Interception Table (interception-modifier rows): the interception rolls' modifiers are taken as written");
    const ModifiedRoll roll = modified(*dice, table ? interception_modifiers(f) : std::vector<std::pair<std::string, int>>{});
    if (table && adds_up(*dice) && roll.recorded && *roll.recorded != roll.rules)
        ctx.findings.error(Kind::WrongResult, cite("6.5.4"), dice->faces.front().pos, "the roll with the Interception Table's modifiers",
                           roll.rules_text(), std::to_string(*roll.recorded));
    if (!adds_up(*dice)) return std::nullopt;  // which total the players went by is not known (the kit said so)
    return Totals{roll.played(), roll.rules};
}

std::vector<std::pair<std::string, int>> TmbvEngine::interception_modifiers(const CampaignFleet& f) const {
    std::vector<std::pair<std::string, int>> out;
    for (const ChartModifier& c : tables_->interception_modifiers()) {
        bool applies = false;
        switch (c.kind) {
            case ModifierKind::Weather: applies = turn_start_.weather && c.which == *turn_start_.weather; break;
            case ModifierKind::Admiral: applies = f.admiral; break;
            case ModifierKind::AtSea: applies = in_at_sea_box(f); break;
            case ModifierKind::LowFuel: applies = !f.marker.empty(); break;
            default: break;  // not an interception modifier (the pack reader refuses it)
        }
        if (applies) out.emplace_back(c.kind == ModifierKind::Weather ? c.which : c.what, c.value);
    }
    return out;
}

}  // namespace ironlog::rules::tmbv
