// 6.7 Mediterranean Sea Area: ships there need no fleet (6.7.1); a fleet moving into or through it
// may drop ships off (6.7.2), and no fleet picks them up (6.7.3); lone ships a battle there compels
// to leave are removed and scored as sunk (6.7.6); in each Return to Port Phase they return to a
// port of their own side (8.1.7). Lines:
//   AM drop SAL KM                 (in AM's impulse, after a move into or through the area)
//   SAL return @Taranto/port       (Return to Port Phase)
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

void TmbvEngine::note_lone_ship(const Entity& ship, const ngn::AreaPos& at) {
    const geometry::Place* p = map_ ? map_->find(std::string(at.area)) : nullptr;
    operations_.lone.push_back(LoneShip{&ship, p ? p->name : std::string(at.area), 0, {}});
}

LoneShip* TmbvEngine::lone_ship(const Entity& ship) {
    for (LoneShip& l : operations_.lone)
        if (l.ship == &ship) return &l;
    return nullptr;
}

// AM drop SAL KM: the fleet's ships named leave it, lone in the Mediterranean (6.7.2), in the
// impulse of a move that took the fleet into or through it.
void TmbvEngine::drop_ships(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.7.1"), judged(ctx, "6.7.2");
    const bool there = f.placed && in_mediterranean(f.area);
    if (f.med_impulse != o.impulse && !there)
        return void(ctx.findings.error(Kind::Illegal, cite("6.7.2"), e.subject.pos,
                                       "ships are dropped off in the \"To the Mediterranean\" area, as the fleet moves into or through it: " + f.label() +
                                           " has not in this impulse"));
    const std::string area = f.med_impulse == o.impulse ? f.med_area : f.area;  // where it passed, or stands
    bool named = false;
    for (const ngn::Item& it : e.args.subspan(e.args.empty() ? 0 : 1))
        for (const ngn::Item* x : elements(it)) {
            const Entity* ship = ctx.symbols.find(reference_text(*x));
            named = true;
            if (!ship || ship->kind != ngn::EntityKind::Ship || std::find(f.ships.begin(), f.ships.end(), ship) == f.ships.end()) {
                ctx.findings.error(Kind::Inconsistent, cite("6.7.2"), x->pos, "'" + reference_text(*x) + "' is not a ship of " + f.label());
                continue;
            }
            std::erase(f.ships, ship);
            o.lone.push_back(LoneShip{ship, area, 0, {}});
        }
    if (!named) ctx.findings.error(Kind::Inconsistent, cite("6.7.2"), e.subject.pos, "a drop names the ships it leaves: " + f.label() + " drop SAL KM");
}

// AM take SAL: no fleet picks up a ship in the Mediterranean (6.7.3).
void TmbvEngine::take_ship(int fleet, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "6.7.3");
    const CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(fleet)];
    ctx.findings.error(Kind::Illegal, cite("6.7.3"), e.subject.pos,
                       "ships in the \"To the Mediterranean\" area are not picked up by a fleet: " + f.label() + " takes no ship there");
}

// A ship of a fleet in the Mediterranean returns alone: its drop was left out (6.7.2). One finding
// for the fleet's ships that turn; the ship is taken as dropped there, as played.
LoneShip* TmbvEngine::dropped_unwritten(const Entity& ship, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet* f = nullptr;
    for (CampaignFleet& c : o.fleets)
        if (std::find(c.ships.begin(), c.ships.end(), &ship) != c.ships.end()) f = &c;
    if (!f || !f->placed || (!in_mediterranean(f->area) && !f->med_impulse)) return nullptr;  // there, or there this turn
    if (f->drop_left_out && f->drop_left_out_turn == turn_start_.turn)
        ctx.findings.excuse(*f->drop_left_out, e.subject.pos, ship.label() + " was dropped off, its drop left out");
    else
        f->drop_left_out = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("6.7.2"), e.subject.pos,
                                                                 ship.label() + " is in " + f->label() + ": a ship leaves its fleet in the Mediterranean by a drop (" +
                                                                     f->label() + " drop " + ship.label() + ") before it returns alone")),
        f->drop_left_out_turn = turn_start_.turn;
    std::erase(f->ships, &ship);
    o.lone.push_back(LoneShip{&ship, f->med_impulse ? f->med_area : f->area, 0, {}});
    return &o.lone.back();
}

// SAL return @Taranto/port: a lone ship goes to a port of its own side that no enemy blockades (8.1.7).
void TmbvEngine::return_lone_ship(const Entity& ship, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "8.1.7");
    LoneShip* l = lone_ship(ship);
    if (const auto gone = operations_.ship_state.find(&ship); !l && gone != operations_.ship_state.end() && gone->second.sunk)
        return void(ctx.findings.error(Kind::Illegal, cite("6.7.6"), e.subject.pos, ship.label() + " is out of the game since " + line_text(gone->second.sunk)));
    if (!l) l = dropped_unwritten(ship, e, ctx);
    if (!l) return void(ctx.findings.error(Kind::Inconsistent, cite("8.1"), e.subject.pos, ship.label() + " is in a fleet: its fleet returns, not the ship"));
    ++operations_.return_lines;
    if (l->returned) return void(ctx.findings.error(Kind::Illegal, cite("8.1.7"), e.subject.pos, ship.label() + " has been declared already (" + line_text(l->returned) + ")"));
    l->returned = e.subject.pos.line;
    const ngn::AreaPos* to = nullptr;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) to = a;
    const geometry::Place* p = to && map_ ? map_->find(std::string(to->area)) : nullptr;
    if (!to || box_name(to->box) != "port")
        return void(ctx.findings.error(Kind::Inconsistent, cite("8.1.7"), e.subject.pos, "a lone ship returns to a Port box: " + ship.label() + " return @Taranto/port"));
    if (p && (!friendly_port(*p, ship.side, ctx) || enemy_at(p->name, "blockade", ship.side) || ngn::same_label(p->name, "Spalato")))
        ctx.findings.error(Kind::Illegal, cite("8.1.7"), e.subject.pos,
                           p->name + " is not an open port of " + side_name(ship.side, ctx) + "'s: a lone ship returns to an un-blockaded friendly port");
    l->area = p ? p->name : std::string(to->area), l->port_unwritten.reset();
}

// The Return to Port Phase's end: lone ships still in the Mediterranean should have returned
// (8.1.7). Those left out are one finding, at the phase's heading, and are taken as gone to a port
// the record does not name; those that returned stand in their port, outside any fleet.
void TmbvEngine::lone_ships_home(GameContext& ctx) {
    Operations& o = operations_;
    std::vector<LoneShip*> left;
    for (LoneShip& l : o.lone)
        if (!std::exchange(l.returned, 0) && in_mediterranean(l.area)) left.push_back(&l);
    if (left.empty()) return;
    std::string returns;
    for (const LoneShip* l : left) returns += (returns.empty() ? "" : ", ") + l->ship->label() + " return @<port>/port";
    const Finding& said = ctx.findings.error(Kind::Illegal, cite("8.1.7"), o.return_at, "lone ships in the Mediterranean return to port: " + returns);
    for (LoneShip* l : left) l->area.clear(), l->port_unwritten = Findings::cause_of(said);
}

// 6.7.6: the side's lone ships in the area a battle compels it to leave are removed, scored as sunk.
void TmbvEngine::remove_lone_ships(int side, const std::string& area, std::uint32_t line) {
    std::vector<const Entity*> gone;
    for (const LoneShip& l : operations_.lone)
        if (l.ship->side == side && ngn::same_label(l.area, area) && in_mediterranean(area)) gone.push_back(l.ship);
    for (const Entity* ship : gone) {
        std::erase_if(operations_.lone, [&](const LoneShip& l) { return l.ship == ship; });
        sink_campaign_ship(*ship, line);
    }
}

}  // namespace ironlog::rules::tmbv
