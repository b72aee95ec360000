// 9.0 Bombardment Phase: fleets in an enemy port's Bombard box fire one round at its coastal
// battery, missions alternating from the initiative player (9.1.2), each ship's shot answered by
// the battery's, the initiative player's first (9.2.1, 9.2.5), both like gunfire with the
// Bombardment Table's DRMs and Results Table (the pack's bombardment-modifier and -result rows,
// 9.2.3, 9.2.4) and the port's factors (the manifest's port line, 9.2.2); the battery fires until
// its boxes are all off (9.2.7); the fleet then has Low Fuel and Ammo (9.2.8); the Italian Army
// lands where the battery is silenced (9.3). A ship's lines:
//   FM bombard d10: 6 +3(cf) -4(defence) = 5 => 1 hits
//   FM battery d10: 7 +3(cf) -3(defence) = 7 => 2 hits        (the port's battery at FM)
//   Italy land @Lissa
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

namespace {
const char* kShotShape = "FM bombard d10: 6 +3(cf) -4(defence) = 5 => 1 hits, then FM battery d10: 7 +3(cf) -3(defence) = 7 => none";
}  // namespace

void TmbvEngine::open_bombardment() {
    operations_.bombardment = Bombardment{};
    operations_.bombardment.open = true;
}

void TmbvEngine::close_bombardment(GameContext& ctx) {
    if (!operations_.bombardment.open) return;
    end_mission(ctx);
    operations_.bombardment.open = false;
}

void TmbvEngine::bombardment_event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const std::string verb = lower(e.verb());
    if (actor.kind == ngn::EntityKind::Ship && (verb == "bombard" || verb == "battery")) return shot(e, actor, verb == "battery", ctx);
    if (actor.kind == ngn::EntityKind::Side && verb == "land") return land_army(e, actor, ctx);
    ctx.findings.error(Kind::Inconsistent, cite("9.0"), e.subject.pos,
                       std::string("a line of the Bombardment Phase is a ship's shot or the battery's at it (") + kShotShape + "), or Italy land @<port>");
}

// A fleet on a bombardment mission: in the Bombard box of a port the map gives the other side.
bool TmbvEngine::on_mission(const CampaignFleet& f, const GameContext& ctx) const {
    if (!f.placed || f.box != "bombard") return false;
    const geometry::Place* p = map_ ? map_->find(f.area) : nullptr;
    return !p || p->controller.empty() || !holds(*p, f.entity->side, ctx);
}

// A shot of a fleet the record does not have on a mission (said once: its move there left out,
// say). The players fired it at a port the record does not name: the battery's hits on the ship
// are as played, and the batteries' hits of the ports it may have been at are the players' from then on.
void TmbvEngine::shot_from_unknown_port(const Entity& ship, bool battery, const ngn::Event& e) {
    Operations& o = operations_;
    const CampaignFleet& f = *fleet_of(ship);
    const int reach = fleet_speed(f) > 0 ? fleet_speed(f) : 4;  // a move's MP from where the record has it (6.4.2)
    if (map_)
        for (const auto& [name, mp] : map_->steps_from(f.area))
            if (const geometry::Place* p = map_->find(name); mp <= reach && p && p->boxes) o.ports[lower(name)].hits_known = false;  // the areas with a port
    const auto claim = claimed_damage(e);
    if (battery && claim) o.ship_state[&ship].add_hits(claim->first);
}

// FM bombard ... / FM battery ...: one of the ship's two shots (9.2.3-9.2.5).
void TmbvEngine::shot(const ngn::Event& e, const Entity& ship, bool battery, GameContext& ctx) {
    judged(ctx, "9.0"), judged(ctx, "9.1.1"), judged(ctx, "9.2");
    const CampaignFleet* f = fleet_of(ship);
    std::string refused;
    if (!f) refused = ship.label() + " is in no fleet: ships bombard from their fleet's Bombard box";
    else if (!on_mission(*f, ctx)) refused = ship.label() + "'s fleet " + f->label() + " is at " + place_text(*f) + ": ships bombard from an enemy port's Bombard box";
    if (!refused.empty()) {
        if (!f || operations_.bombardment.refused.insert(fleet_index(*f->entity)).second)
            ctx.findings.error(Kind::Illegal, cite("9.0"), e.subject.pos, refused);
        if (f) shot_from_unknown_port(ship, battery, e);
        return;
    }
    if (!begin_shot(*f, ship, battery, e, ctx)) return;
    const ManifestPort* port = manifest_ ? manifest_->port(f->area) : nullptr;
    if (!port && !std::exchange(operations_.said_no_port, true))
        ctx.findings.note(Kind::Unverifiable, cite("9.2.2"), e.subject.pos,
                          "no port line for " + f->area + " in the manifest (port <name> fire <N> def <N>ic boxes <N>): its battery's factors and boxes are not verified");
    PortState& ps = operations_.ports[lower(f->area)];
    judged(ctx, "9.2.7");
    if (battery && port && ps.hits >= port->boxes)
        return void(ctx.findings.error(Kind::Illegal, cite("9.2.7"), e.subject.pos,
                                       f->area + "'s battery has all its " + std::to_string(port->boxes) + " boxes off: it fires no more"));
    operations_.bombardment.said_wrong.reset();
    const std::optional<int> hits = shot_hits(e, ship, port, battery, ctx);
    if (!hits) return;
    if (!battery) {
        ps.hits = port ? std::min(port->boxes, ps.hits + *hits) : ps.hits + *hits;  // applied at once (9.2.4)
        return;
    }
    CampaignShip& state = operations_.ship_state[&ship];
    if (const auto& wrong = operations_.bombardment.said_wrong)  // the table's count kept beside the players' (said): later lines may follow either
        state.set_hits(state.hits.played() + *hits, state.hits.rules() + wrong->first, wrong->second);
    else
        state.add_hits(*hits);
    const auto claim = claimed_damage(e);
    const ManifestShip* m = manifest_ship(ship);
    if ((claim && claim->second) || (!claim && m && state.damage_known && state.hits.played() >= m->hull)) sink_campaign_ship(ship, e.subject.pos.line);
}

// Who fires, and in which order: a ship's pair of shots, the initiative player's first (9.2.1);
// missions fleet by fleet (9.1.2, 9.1.3), each ship once (9.0). False when the shot is not played.
bool TmbvEngine::begin_shot(const CampaignFleet& f, const Entity& ship, bool battery, const ngn::Event& e, GameContext& ctx) {
    Bombardment& b = operations_.bombardment;
    const int fleet = fleet_index(*f.entity);
    if (b.ship == &ship && !(b.bombard_at.line && b.battery_at.line)) {  // the pair's second shot
        if ((battery ? b.battery_at : b.bombard_at).line) {
            ctx.findings.error(Kind::Illegal, cite("9.2.5"), e.subject.pos,
                               std::string("one round: ") + (battery ? "the battery has fired at " + ship.label() : ship.label() + " has bombarded") + " already");
            (battery ? b.bombard_at : b.battery_at) = e.subject.pos;  // the other shot, its word mistaken: one finding
            return false;
        }
        judged(ctx, "9.2.1");
        const int first = turn_start_.initiative;  // fires first, bombarding or defending
        if (first >= 0 && (ship.side == first) != battery)  // this second shot is the one that should have come first
            ctx.findings.error(Kind::Illegal, cite("9.2.1"), (battery ? b.bombard_at : b.battery_at),
                               side_name(first, ctx) + " has the initiative and fires first: " +
                                   (battery ? "the battery's shot at " + ship.label() + " comes first" : ship.label() + "'s bombard comes before the battery's shot"),
                               battery ? "battery first" : "bombard first", battery ? "bombard first" : "battery first");
    } else {
        settle_pair(ctx);
        if (b.fleet != fleet) end_mission(ctx), start_mission(fleet, e, ctx);
        if (b.fired.count(&ship))
            ctx.findings.error(Kind::Illegal, cite("9.0"), e.subject.pos, ship.label() + " has bombarded already this phase: one round of attacks");
        b.ship = &ship, b.bombard_at = b.battery_at = ngn::SourcePos{};
    }
    (battery ? b.battery_at : b.bombard_at) = e.subject.pos;
    b.fired.insert(&ship);
    return true;
}

// 9.1.2: missions alternate, the initiative player's first, while both have one; 9.1.3: a fleet's
// ships bombard in its one mission.
void TmbvEngine::start_mission(int fleet, const ngn::Event& e, GameContext& ctx) {
    Bombardment& b = operations_.bombardment;
    const CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "9.1.2"), judged(ctx, "9.1.3");
    const auto waiting = [&](int side) {
        for (std::size_t i = 0; i < operations_.fleets.size(); ++i) {
            const CampaignFleet& g = operations_.fleets[i];
            if (g.entity->side == side && on_mission(g, ctx) && std::find(b.done.begin(), b.done.end(), static_cast<int>(i)) == b.done.end())
                return &g;
        }
        return static_cast<const CampaignFleet*>(nullptr);
    };
    const int side = f.entity->side;
    const int due = b.last_side < 0 ? turn_start_.initiative : 1 - b.last_side;
    if (std::find(b.done.begin(), b.done.end(), fleet) != b.done.end())
        ctx.findings.error(Kind::Illegal, cite("9.1.3"), e.subject.pos, f.label() + "'s bombardment is over: a fleet's ships bombard in its one mission");
    else if (due >= 0 && due != side && waiting(due))
        ctx.findings.error(Kind::Illegal, cite("9.1.2"), e.subject.pos,
                           "missions alternate, the initiative player's first: " + side_name(due, ctx) + "'s " + waiting(due)->label() + " (" +
                               place_text(*waiting(due)) + ") bombards now",
                           side_name(due, ctx), side_name(side, ctx));
    b.fleet = fleet;
}

// A mission's end: its last pair settled, and the fleet's Low Fuel and Ammo marker (9.2.8).
void TmbvEngine::end_mission(GameContext& ctx) {
    Bombardment& b = operations_.bombardment;
    settle_pair(ctx);
    if (b.fleet < 0) return;
    judged(ctx, "9.2.8");
    CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(b.fleet)];
    f.marker = "Low Fuel and Ammo";
    b.done.push_back(b.fleet), b.last_side = f.entity->side, b.fleet = -1;
}

// A ship's pair of shots, once the next ship fires or the mission ends: the battery answers each
// bombarding ship while it has a box left (9.2.5, 9.2.7); it fires only at bombarding ships.
void TmbvEngine::settle_pair(GameContext& ctx) {
    Bombardment& b = operations_.bombardment;
    const Entity* ship = std::exchange(b.ship, nullptr);
    if (!ship || (b.bombard_at.line && b.battery_at.line)) return;
    judged(ctx, "9.2.5");
    const CampaignFleet* f = b.fleet >= 0 ? &operations_.fleets[static_cast<std::size_t>(b.fleet)] : nullptr;
    const ManifestPort* port = f && manifest_ ? manifest_->port(f->area) : nullptr;
    if (b.bombard_at.line && port && operations_.ports[lower(f->area)].hits >= port->boxes) return;  // silenced (9.2.7)
    if (b.bombard_at.line) {
        ctx.findings.error(Kind::Illegal, cite("9.2.5"), b.bombard_at,
                           "the battery fires at each bombarding ship in turn: " + ship->label() + " battery d10: ... => <hits>");
        operations_.ship_state[ship].damage_known = false;  // what the shot did is not known: its hits are the players' from then on
    } else {
        ctx.findings.error(Kind::Illegal, cite("9.2.5"), b.battery_at,
                           "the battery fires at the ships that bombard: " + ship->label() + " bombard d10: ... is missing");
        if (f) operations_.ports[lower(f->area)].hits_known = false;  // what the shot did to it is not known
    }
}

// One die, the firer's factor (the ship's CF as damaged, or the port's fire factor) and the
// Bombardment Table's DRMs; the hits from its Results Table against the claim. The hits as
// played; none when neither the table nor the claim says.
std::optional<int> TmbvEngine::shot_hits(const ngn::Event& e, const Entity& ship, const ManifestPort* port, bool battery, GameContext& ctx) {
    const ngn::Dice* dice = first_dice(e);
    const auto claim = claimed_damage(e);
    if (!dice || dice->faces.empty() || !e.claim) {
        ctx.findings.error(Kind::Inconsistent, cite("9.2.3"), e.subject.pos, std::string("a shot is one die and its hits: ") + kShotShape);
        return claim ? std::optional<int>(claim->first) : std::nullopt;
    }
    one_die(*dice, cite("9.2.3"), ctx);
    if (!ctx.dice_ok) return claim ? std::optional<int>(claim->first) : std::nullopt;
    judged(ctx, "9.2.2"), judged(ctx, "9.2.3"), judged(ctx, "9.2.6");
    const bool table = tables_ && tables_->has_bombardment_modifiers() && port && manifest_ship(ship);
    if (!table && !std::exchange(operations_.said_no_bombardment_table, true))
        ctx.findings.note(Kind::Unverifiable, cite("9.2.3"), e.subject.pos,
                          "no Bombardment Table (the pack's bombardment-modifier rows), port line or ship in the manifest: bombardment rolls' modifiers are taken as written");
    ModifiedRoll roll = modified(*dice, table ? bombardment_modifiers(ship, *port, battery, turn_start_.weather.value_or("")) : std::vector<std::pair<std::string, int>>{});
    if (table && adds_up(*dice) && roll.recorded && *roll.recorded != roll.rules) weather_by_the_shot(*dice, ship, *port, battery, roll);
    if (table && adds_up(*dice) && roll.recorded && *roll.recorded != roll.rules)
        ctx.findings.error(Kind::WrongResult, cite("9.2.3"), dice->faces.front().pos, "the roll with the Bombardment Table's modifiers", roll.rules_text(),
                           std::to_string(*roll.recorded));
    const int total = table ? roll.played() : roll.recorded.value_or(roll.face);
    const std::optional<int> hits = tables_ ? tables_->bombardment_hits(total) : std::nullopt;
    judged(ctx, "9.2.4");
    if (!hits && !std::exchange(operations_.said_no_bombardment_results, true))
        ctx.findings.note(Kind::Unverifiable, cite("9.2.4"), e.subject.pos,
                          "no Bombardment Results Table (the pack's bombardment-result rows): bombardment hits are taken as claimed");
    if (!claim) {
        ctx.findings.error(Kind::Inconsistent, cite("9.2.4"), e.claim_pos, "a shot claims its hits: => 2 hits, or => none");
        return hits;
    }
    const std::optional<int> by_sum = tables_ && !adds_up(*dice) ? tables_->bombardment_hits(written_sum(*dice)) : std::nullopt;
    if (hits && *hits != claim->first && by_sum != claim->first)  // (a total that does not add up: either reading)
        operations_.bombardment.said_wrong = std::pair{*hits, Findings::cause_of(ctx.findings.error(
                                                                    Kind::WrongResult, cite("9.2.4"), e.claim_pos, std::to_string(total) + " on the Bombardment Results Table",
                                                                    *hits ? counted(*hits, "hit") : "none", claim->first ? counted(claim->first, "hit") : "none"))};
    return claim->first;  // as played
}

// A weather claimed against the Weather Table (said there), or not known (its roll left out): a
// shot whose modifiers are the table's weather's, or a weather's, goes by it, and so does play.
void TmbvEngine::weather_by_the_shot(const ngn::Dice& dice, const Entity& ship, const ManifestPort& port, bool battery, ModifiedRoll& roll) {
    TurnStart& t = turn_start_;
    std::vector<std::string> others;
    if (t.weather_other) others.push_back(*t.weather_other);
    if (!t.weather) others = {"clear", "rough", "foul"};
    for (const std::string& w : others) {
        ModifiedRoll alt = modified(dice, bombardment_modifiers(ship, port, battery, w));
        if (!alt.recorded || *alt.recorded != alt.rules) continue;
        t.weather = w, t.weather_other.reset(), roll = std::move(alt);
        return;
    }
}

// The shot's modifiers: the firer's factor, then the table's rows for the firer (crew and rifled
// guns: the ship's only, 9.2.6) and the target (the port counts as an ironclad, 9.2.2).
std::vector<std::pair<std::string, int>> TmbvEngine::bombardment_modifiers(const Entity& ship, const ManifestPort& port, bool battery,
                                                                            const std::string& weather) const {
    const ManifestShip* m = manifest_ship(ship);
    const auto found = operations_.ship_state.find(&ship);
    const int hits = found == operations_.ship_state.end() ? 0 : found->second.hits.played();
    std::vector<std::pair<std::string, int>> out{{"cf", battery ? port.fire : std::max(0, m->cf + tables_->damage(hits).cf)}};
    const char crew = campaign_crew(ship);
    for (const ChartModifier& c : tables_->bombardment_modifiers())
        if (const int value = bombardment_modifier(c, *m, crew, port, battery, weather))
            out.emplace_back(c.kind == ModifierKind::Weather ? c.which : c.what, value);
    return out;
}

// Italy land @Lissa (9.3): at the phase's end, where the battery's boxes are all off and an
// Italian fleet bombards; the port is Italy's from then on (12.1's End of Game VP).
void TmbvEngine::land_army(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    judged(ctx, "9.3");
    end_mission(ctx);
    const ngn::AreaPos* at = nullptr;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) at = a;
    if (!at) return void(ctx.findings.error(Kind::Inconsistent, cite("9.3"), e.subject.pos, "a landing names its port: Italy land @Lissa"));
    const geometry::Place* p = map_ ? map_->find(std::string(at->area)) : nullptr;
    const std::string area = p ? p->name : std::string(at->area);
    const ManifestPort* port = manifest_ ? manifest_->port(area) : nullptr;
    PortState& ps = operations_.ports[lower(area)];
    const bool fleet_there = std::any_of(operations_.fleets.begin(), operations_.fleets.end(), [&](const CampaignFleet& f) {
        return f.entity->side == side.index && ngn::same_label(f.area, area) && on_mission(f, ctx);
    });
    std::string refused;
    if (side.index != italy_) refused = "only the Italian Army lands (9.3)";
    else if (!fleet_there) refused = "the army lands from the Bombard box with an Italian bombarding fleet: none is at " + area;
    else if (port && ps.hits < port->boxes)
        refused = area + "'s battery has " + std::to_string(ps.hits) + " of its " + std::to_string(port->boxes) + " boxes off: the army lands when all are";
    if (!refused.empty()) return void(ctx.findings.error(Kind::Illegal, cite("9.3"), e.subject.pos, refused));
    if (!std::exchange(operations_.said_army, true))
        ctx.findings.note(Kind::Unverifiable, cite("9.3"), e.subject.pos,
                          "the Italian Army unit's place is the random events' (the PAC): that it sails with the fleet is taken as written");
    ps.captured_by = side.index;
}

// 12.1 End of Game, after turn 12: each hit on an enemy port +1 up to its defense rating, +2 a hit
// on Pola or Taranto; the army's landings at Spalato, Venezia, Trieste +10, +10, +20; +15 for
// the side that last controls Lissa.
void TmbvEngine::end_of_game_vp(GameContext& ctx) {
    if (side_names_.size() != 2 || austria_ < 0 || italy_ < 0) return;
    judged(ctx, "12.1 (end of game)");
    bool lissa_taken = false;
    for (const auto& [name, ps] : operations_.ports) {
        const geometry::Place* p = map_ ? map_->find(name) : nullptr;
        const int owner = p && !p->controller.empty() ? (holds(*p, austria_, ctx) ? austria_ : italy_) : -1;
        const bool home = name == "pola" || name == "taranto";
        if (owner < 0 && !home) continue;
        const int enemy = home ? (name == "pola" ? italy_ : austria_) : 1 - owner;
        const ManifestPort* port = manifest_ ? manifest_->port(name) : nullptr;
        if (ps.hits > 0) gain_vp(enemy, home ? 2 * ps.hits : port ? std::min(ps.hits, port->defence) : ps.hits);
        if (ps.captured_by == italy_) gain_vp(italy_, name == "trieste" ? 20 : name == "spalato" || name == "venezia" || name == "venice" ? 10 : 0);
        lissa_taken = lissa_taken || (name == "lissa" && ps.captured_by == italy_);
    }
    gain_vp(lissa_taken ? italy_ : austria_, 15);
}

}  // namespace ironlog::rules::tmbv
