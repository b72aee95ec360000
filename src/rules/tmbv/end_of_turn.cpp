// The campaign's End of Turn Phase (11.0): the Weather Damage Segment (11.1) and the Repair
// Segment's ship repairs (11.2, 11.2.2, 11.2.3) for the ships the battles damaged; the Low Fuel
// markers' end is 11.2.6 (return_to_port.cpp). A ship's lines:
//   DJ weather-damage d10: 7 +3(foul) = 10 => 8 hits sunk     (=> none, => 2 hits)
//   DJ repair => 2
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

namespace {
bool stormy(const std::optional<std::string>& weather) { return weather && (*weather == "rough" || *weather == "foul"); }
}  // namespace

// "=> 3 hits [sunk]" or "=> none": the hits claimed, and whether it sank; none without a claim.
std::optional<std::pair<int, bool>> claimed_damage(const ngn::Event& e) {
    if (!e.claim || e.claim->empty()) return std::nullopt;
    const auto& c = *e.claim;
    if (is_word(c.front(), "none")) return c.size() == 1 ? std::optional(std::pair{0, false}) : std::nullopt;
    const auto* n = c.front().as<ngn::Number>();
    if (!n || !n->is_integer || n->as_int() < 0) return std::nullopt;
    if (!n->unit.empty() && !same_lower(n->unit, "hit") && !same_lower(n->unit, "hits")) return std::nullopt;
    // after the count only "hits" and "sunk": a claim that also says "miss" or "none" is not read
    const bool words_ok = std::all_of(c.begin() + 1, c.end(), [](const ngn::Item& i) { return is_word(i, "hit") || is_word(i, "hits") || is_word(i, "sunk"); });
    if (!words_ok) return std::nullopt;
    return std::pair{n->as_int(), std::any_of(c.begin(), c.end(), [](const ngn::Item& i) { return is_word(i, "sunk"); })};
}

// The segment's end: in rough or foul weather every damaged ship afloat has rolled (11.1).
void TmbvEngine::end_of_turn_heading(const ngn::Heading& h, GameContext& ctx) {
    Operations& o = operations_;
    if (std::exchange(o.in_weather_damage, false) && stormy(turn_start_.weather))
        for (auto& [ship, state] : o.ship_state)
            if (state.damaged_by_both() && state.damage_known && !state.sunk && state.weather_rolled != turn_start_.turn) {
                if (!o.rolled_for_another.empty()) {  // an undamaged ship's roll (said) was this one's, its name said wrong
                    ctx.findings.excuse(o.rolled_for_another.back(), o.weather_damage_at, ship->label() + "'s roll, written for another ship");
                    o.rolled_for_another.pop_back();
                    continue;
                }
                ctx.findings.error(Kind::Illegal, cite("11.1"), o.weather_damage_at,
                                   ship->label() + " is damaged (" + counted(state.hits.played(), "hit") + "): in " + *turn_start_.weather +
                                       " weather it rolls for weather damage (" + ship->label() + " weather-damage d10: ...)");
                fate_unknown(*ship, state);
            }
    close_reinforcement(ctx);
    judge_arrived_make_up(ctx);
    const SequenceNode* phase = ctx.cursor.phase();
    if (h.kind == ngn::HeadingKind::Segment && phase && phase->name == "end-of-turn" && lower(h.label) == "weather-damage")
        o.in_weather_damage = true, o.weather_damage_at = h.label_pos, o.rolled_for_another.clear();
    if (h.kind == ngn::HeadingKind::Segment && phase && phase->name == "end-of-turn" && lower(h.label) == "reinforcement") o.reinforcement_at = h.label_pos;
}

void TmbvEngine::end_of_turn_event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const std::string segment = ctx.cursor.open(ngn::HeadingKind::Segment);
    const std::string verb = lower(e.verb());
    if (segment != "weather-damage" && segment != "repair") return;  // the Reinforcement Segment: not read yet
    const bool ship = actor.kind == ngn::EntityKind::Ship;
    if (segment == "weather-damage" && ship && verb == "weather-damage") return weather_damage(e, actor, ctx);
    if (segment == "repair" && ship && verb == "repair") return repair(e, actor, ctx);
    if (segment == "repair" && actor.kind == ngn::EntityKind::Side && verb == "repair") return port_repair(e, actor, ctx);
    ctx.findings.error(Kind::Inconsistent, cite(segment == "repair" ? "11.2" : "11.1"), e.subject.pos,
                       segment == "repair" ? "a line of the Repair Segment is a ship's repair: DJ repair => 2"
                                           : "a line of the Weather Damage Segment is a ship's roll: DJ weather-damage d10: 7 +3(foul) = 10 => 8 hits");
}

// 11.1: a damaged ship rolls, with the Weather Damage Table's DRMs; what exceeds its defense
// rating is hits; it may sink.
void TmbvEngine::weather_damage(const ngn::Event& e, const Entity& ship, GameContext& ctx) {
    judged(ctx, "11.1");
    CampaignShip& state = operations_.ship_state[&ship];
    TurnStart& t = turn_start_;
    if (t.weather_other && (!stormy(t.weather) || weather_written(e) == t.weather_other))
        t.weather = std::exchange(t.weather_other, std::nullopt);  // the Weather Table's weather, as played (its claim said wrong)
    if (!t.weather) t.weather = weather_written(e);  // its roll left out (said there): the weather its modifiers name
    std::string refused;
    if (state.sunk) refused = ship.label() + " was sunk (" + line_text(state.sunk) + ")";
    else if (t.weather && !stormy(t.weather)) refused = "weather damage is rolled in rough and foul weather; this turn's is " + *t.weather;
    else if (state.weather_rolled == t.turn) refused = ship.label() + " has rolled for weather damage already this turn";
    if (!refused.empty()) return void(ctx.findings.error(Kind::Illegal, cite("11.1"), e.subject.pos, refused));
    if (!state.damaged_by_either() && state.damage_known) damaged_as_played(ship, state, true, e, ctx);
    state.weather_rolled = t.turn;
    if (state.hits.played() == 0) state.hits.agree(state.hits.rules());  // it rolls: play follows the rules' count
    const ngn::Dice* dice = first_dice(e);
    if (!dice || dice->faces.empty()) {
        ctx.findings.error(Kind::Inconsistent, cite("11.1"), e.subject.pos, "a weather damage roll is written: " + ship.label() + " weather-damage d10: 7 +3(foul) = 10 => 8 hits");
        return;
    }
    one_die(*dice, cite("11.1"), ctx);
    const bool table = tables_ && tables_->has_weather_damage();
    if (!table && !std::exchange(operations_.said_no_weather_damage, true))
        ctx.findings.note(Kind::Unverifiable, cite("11.1"), e.subject.pos,
                          "the pack has no Weather Damage Table (weather-damage-modifier rows): weather damage rolls are taken as written");
    if (e.claim && !claimed_damage(e))  // not read: the rules' result is played
        ctx.findings.error(Kind::Inconsistent, cite("11.1"), e.claim_pos, "a weather damage claim is the hits, and sunk when they sink it: => 2 hits, => 5 hits sunk, or => none");
    const ModifiedRoll roll = modified(*dice, table ? weather_damage_modifiers(ship) : std::vector<std::pair<std::string, int>>{});
    if (table && ctx.dice_ok && adds_up(*dice) && roll.recorded && *roll.recorded != roll.rules)
        ctx.findings.error(Kind::WrongResult, cite("11.1"), dice->faces.front().pos, "the roll with the Weather Damage Table's modifiers", roll.rules_text(),
                           std::to_string(*roll.recorded));
    const int total = table ? roll.played() : roll.recorded.value_or(roll.face);
    const ManifestShip* m = manifest_ship(ship);
    const auto claim = claimed_damage(e);
    bool sunk_left_out = false;  // the rules' hits, which sink it, claimed without `sunk` (said below)
    std::optional<Cause> wrong;   // the claim said wrong (said below): the rules' hits are kept beside the players'
    int rules_hits = 0;
    if (m && ctx.dice_ok) {
        const int hits = rules_hits = std::max(0, total - m->defence);
        const bool sinks = m->hull > 0 && state.hits.played() + hits >= m->hull;
        // by the rules' count of its hits, where a count said wrong before parted it from the players'
        const bool sinks_other = state.hits.parted() && m->hull > 0 && state.hits.rules() + hits >= m->hull;
        const bool by_other_count = claim && state.hits.parted() && claim->first == hits && claim->second == sinks_other;
        const int by_rules = std::max(0, roll.rules - m->defence);  // a modifier said wrong (said above): the claim may follow the rules' total
        const bool either = claim && ((!adds_up(*dice) && claim->first == std::max(0, written_sum(*dice) - m->defence)) ||  // either reading
                                      (table && roll.rules != total && claim->first == by_rules &&
                                       (!state.damage_known || claim->second == (m->hull > 0 && state.hits.played() + by_rules >= m->hull))) ||
                                      by_other_count);
        sunk_left_out = state.damage_known && sinks && (!state.hits.parted() || sinks_other) && claim && claim->first == hits && !claim->second;
        if (by_other_count) state.hits.agree(state.hits.rules());  // the players went by the rules' count
        if (claim && !either && (claim->first != hits || (state.damage_known && claim->second != sinks)))
            wrong = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("11.1"), e.claim_pos,
                                                          std::to_string(total) + " against " + ship.label() + "'s defense rating of " + std::to_string(m->defence),
                                                          hits == 0 ? "none" : counted(hits, "hit") + (sinks ? " sunk" : ""),
                                                          claim->first == 0 ? "none" : counted(claim->first, "hit") + (claim->second ? " sunk" : "")));
        if (!claim) {  // the rules' result, as nothing else was written
            state.add_hits(hits);
            if (sinks) sink_campaign_ship(ship, e.subject.pos.line);
            return;
        }
    } else {
        say_no_manifest(ctx, e.subject.pos);
    }
    if (!claim) return;
    if (wrong) state.set_hits(state.hits.played() + claim->first, state.hits.rules() + rules_hits, wrong);  // as played, the rules' beside
    else state.add_hits(claim->first);  // as played
    if (claim->second) sink_campaign_ship(ship, e.subject.pos.line);
    else if (sunk_left_out) fate_unknown(ship, state);  // sunk by the rules, afloat by the claim (said): the players' next lines say which
}

// A damaged ship's weather damage roll left out (said): whether it sank is not known, nor then the
// other side's VP (12.1): the next total the players write is taken, and the FMLs' rise for the
// turn's VP (6.1.1) when the ship's VP could change it.
void TmbvEngine::fate_unknown(const Entity& ship, CampaignShip& state) {
    Operations& o = operations_;
    state.damage_known = false;
    if (ship.side < 0 || static_cast<std::size_t>(1 - ship.side) >= o.vp.size()) return;
    const auto other = static_cast<std::size_t>(1 - ship.side);
    o.vp[other].reset();
    const ManifestShip* m = manifest_ship(ship);
    const int could_gain = m ? m->defence + (m->ironclad ? 5 : 0) : 10;
    if ((o.vp_gained[other] + could_gain) / 10 != o.vp_gained[other] / 10) o.gains_unknown = true;
}

// The weather a roll's modifier names (+1(rough)), as the pack's Weather Damage Table names them.
std::optional<std::string> TmbvEngine::weather_written(const ngn::Event& e) const {
    const ngn::Dice* dice = first_dice(e);
    if (!dice || !tables_) return std::nullopt;
    for (const ngn::Modifier& m : dice->modifiers)
        for (const ChartModifier& c : tables_->weather_damage_modifiers())
            if (c.kind == ModifierKind::Weather && same_lower(m.label, c.which)) return c.which;
    return std::nullopt;
}

std::vector<std::pair<std::string, int>> TmbvEngine::weather_damage_modifiers(const Entity& ship) const {
    std::vector<std::pair<std::string, int>> out;
    const ManifestShip* m = manifest_ship(ship);
    const char crew = campaign_crew(ship);
    for (const ChartModifier& c : tables_->weather_damage_modifiers()) {
        bool applies = false;
        switch (c.kind) {
            case ModifierKind::Weather: applies = turn_start_.weather && c.which == *turn_start_.weather; break;
            case ModifierKind::Small: applies = m && m->small; break;
            case ModifierKind::Ironclad: applies = m && m->ironclad; break;
            case ModifierKind::Crew: applies = c.which.size() == 1 && std::toupper(static_cast<unsigned char>(c.which[0])) == crew; break;
            default: break;  // not a weather damage modifier (the pack reader refuses it)
        }
        if (applies) out.emplace_back(c.kind == ModifierKind::Weather ? c.which : c.what, c.value);
    }
    return out;
}

// A ship sunk by the weather leaves its fleet; its VP go to the other side (12.1).
void TmbvEngine::sink_campaign_ship(const Entity& ship, std::uint32_t line) {
    Operations& o = operations_;
    o.ship_state[&ship].sunk = line;
    for (CampaignFleet& f : o.fleets) sink_from_fleet(f, &ship, line);
    const ManifestShip* m = manifest_ship(ship);
    const std::string owner = ship.side >= 0 && static_cast<std::size_t>(ship.side) < side_names_.size() ? side_names_[static_cast<std::size_t>(ship.side)] : "";
    if (m && side_names_.size() == 2 && owner != "turkey" && owner != "france") gain_vp(1 - ship.side, m->defence + (m->ironclad ? 5 : 0));
}

const CampaignFleet* TmbvEngine::fleet_of(const Entity& ship) const {
    for (const CampaignFleet& f : operations_.fleets)
        if (std::find(f.ships.begin(), f.ships.end(), &ship) != f.ships.end()) return &f;
    return nullptr;
}

char TmbvEngine::campaign_crew(const Entity& ship) const {
    if (is_roma(ship)) {  // 14.5: C till its hits are repaired, then B
        const auto st = operations_.ship_state.find(&ship);
        return st != operations_.ship_state.end() && st->second.hits.played() > 0 ? 'C' : 'B';
    }
    const ManifestShip* m = manifest_ship(ship);
    if (m && m->crew) return m->crew;
    return ship.side == italy_ ? 'B' : 'A';  // 13.0
}

// A ship the campaign has undamaged rolls for weather damage or is repaired: one finding (a hit
// left out of a battle, say). The players hold it damaged: its count is theirs from then on, so
// its other lines of the turn are not flagged again.
void TmbvEngine::damaged_as_played(const Entity& ship, CampaignShip& state, bool weather_roll, const ngn::Event& e, GameContext& ctx) {
    const Finding& said = ctx.findings.error(Kind::Illegal, cite(weather_roll ? "11.1" : "11.2"), e.subject.pos,
                                             ship.label() + " is not damaged" + (weather_roll ? ": only damaged ships roll for weather damage" : ""));
    if (weather_roll) operations_.rolled_for_another.push_back(Findings::cause_of(said));
    state.damage_known = false;
}

// 11.2, 11.2.2: a ship in a friendly port gets back 3, 2 or 1 hull boxes for crew A, B or C, once
// a turn (11.2.3: its own repair only).
void TmbvEngine::repair(const ngn::Event& e, const Entity& ship, GameContext& ctx) {
    judged(ctx, "11.2"), judged(ctx, "11.2.3");
    CampaignShip& state = operations_.ship_state[&ship];
    const CampaignFleet* f = fleet_of(ship);
    const geometry::Place* p = f && map_ ? map_->find(f->area) : nullptr;
    const bool out_of_port = f && f->placed && (f->box != "port" || (p && !friendly_port(*p, ship.side, ctx)));
    std::string refused;
    if (state.sunk) refused = ship.label() + " was sunk (" + line_text(state.sunk) + ")";
    else if (out_of_port)
        refused = "ships are repaired in a friendly port: " + ship.label() + "'s fleet " + f->label() + " is at " + place_text(*f);
    else if (state.repaired == turn_start_.turn) refused = ship.label() + " has been repaired already this turn";
    // a fleet left at sea with no line in this turn's Return to Port Phase: its return left out, say
    const bool unreturned = out_of_port && !state.sunk && in_at_sea_box(*f) && !f->returned;
    if (!refused.empty() && !unreturned) return void(ctx.findings.error(Kind::Illegal, cite("11.2"), e.subject.pos, refused));
    if (unreturned) {  // one finding: it is in the friendly port its next move names, refuelled there (11.2.6)
        CampaignFleet& home = operations_.fleets[static_cast<std::size_t>(f - operations_.fleets.data())];
        home_unwritten(home, ctx.findings.error(Kind::Illegal, cite("11.2"), e.subject.pos, refused + " (its return left out?)"));
        home.marker.clear();
    }
    if (!state.damaged_by_either() && state.damage_known) damaged_as_played(ship, state, false, e, ctx);
    state.repaired = turn_start_.turn;
    if (f && f->placed) port_capacity(*f, ship, e, ctx);
    const auto* n = e.claim && !e.claim->empty() ? e.claim->front().as<ngn::Number>() : nullptr;
    if (!n || !n->is_integer || n->as_int() < 0) {
        ctx.findings.error(Kind::Inconsistent, cite("11.2.2"), e.subject.pos, "a repair claims the hull boxes recovered: " + ship.label() + " repair => 2");
        return;
    }
    judged(ctx, "11.2.2");
    judge_repaired_boxes(ship, state, n->as_int(), e, ctx);
    end_tows_of_ships_that_move();
}

// 11.2.2: 3, 2 or 1 hull boxes for crew A, B or C, at most its hits. A count said wrong before
// leaves two readings of its hits: a claim by either is no new mistake, and one by the rules'
// settles them; a claim said wrong here parts them (reported once).
void TmbvEngine::judge_repaired_boxes(const Entity& ship, CampaignShip& state, int claimed, const ngn::Event& e, GameContext& ctx) {
    const char crew = campaign_crew(ship);
    const int most = crew == 'A' ? 3 : crew == 'B' ? 2 : 1;
    const int by_play = std::min(state.damage_known ? state.hits.played() : claimed, most);
    const int by_rules = std::min(state.damage_known ? state.hits.rules() : claimed, most);
    std::optional<Cause> why = state.hits.cause();
    if (claimed != by_play && claimed != by_rules)
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, cite("11.2.2"), e.claim_pos,
                                                    std::string("a crew ") + crew + " ship gets back " + std::to_string(most) + " hull boxes, at most its " +
                                                        counted(state.hits.played(), "hit"),
                                                    std::to_string(by_play), std::to_string(claimed)));
    const int from = claimed == by_play || claimed != by_rules ? state.hits.played() : state.hits.rules();  // the reading it followed
    state.set_hits(from - claimed, state.hits.rules() - by_rules, claimed == by_rules && claimed != by_play ? std::nullopt : why);
}

// 11.2.1: a port repairs as many ships a turn as its current defense factor (Readings: the
// manifest's, less its battery's hits).
void TmbvEngine::port_capacity(const CampaignFleet& f, const Entity& ship, const ngn::Event& e, GameContext& ctx) {
    const ManifestPort* port = manifest_ ? manifest_->port(f.area) : nullptr;
    if (!port) return;
    judged(ctx, "11.2.1");
    PortState& ps = operations_.ports[lower(f.area)];
    if (ps.ships_turn != turn_start_.turn) ps.ships_turn = turn_start_.turn, ps.ships_repaired = 0;
    const int capacity = std::max(0, port->defence - ps.hits);
    if (++ps.ships_repaired > capacity)
        ctx.findings.error(Kind::Illegal, cite("11.2.1"), e.subject.pos,
                           f.area + " repairs " + counted(capacity, "ship") + " a turn, its current defense factor: " + ship.label() + " is one more",
                           "at most " + counted(capacity, "ship"), counted(ps.ships_repaired, "ship"));
}

// Austria repair @Pola => 2 (11.2.5): after the ships, a port's battery gets back up to 2 hits, once a turn.
void TmbvEngine::port_repair(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    judged(ctx, "11.2.5");
    const ngn::AreaPos* at = nullptr;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) at = a;
    const auto* n = e.claim && !e.claim->empty() ? e.claim->front().as<ngn::Number>() : nullptr;
    if (!at || !n || !n->is_integer || n->as_int() < 0)
        return void(ctx.findings.error(Kind::Inconsistent, cite("11.2.5"), e.subject.pos, "a port's repair names it and the hits mended: " + side.label() +
                                                                                            " repair @Pola => 2"));
    const geometry::Place* p = map_ ? map_->find(std::string(at->area)) : nullptr;
    const std::string area = p ? p->name : std::string(at->area);
    PortState& ps = operations_.ports[lower(area)];
    const bool owns = ps.captured_by >= 0 ? ps.captured_by == side.index : !p || p->controller.empty() || holds(*p, side.index, ctx);
    if (ps.repaired_on == turn_start_.turn)
        return void(ctx.findings.error(Kind::Illegal, cite("11.2.5"), e.subject.pos, area + "'s battery has been repaired already this turn"));
    if (!owns && ps.held_as_played != side.index) {  // a landing left out, say: the players hold it as this side's from then on
        ctx.findings.error(Kind::Illegal, cite("11.2.5"), e.subject.pos,
                           area + " is not " + side.label() + "'s port" + (ps.captured_by >= 0 ? " (taken by " + side_name(ps.captured_by, ctx) + "'s army, 9.3)" : ""));
        ps.held_as_played = side.index;
    }
    ps.repaired_on = turn_start_.turn;
    const int mended = std::min(2, ps.hits);
    if (n->as_int() > mended && ps.hits_known)
        ctx.findings.error(Kind::WrongResult, cite("11.2.5"), e.claim_pos, "a port mends up to 2 hits a turn, at most its battery's " + counted(ps.hits, "hit"),
                           "at most " + std::to_string(mended), std::to_string(n->as_int()));
    ps.hits = std::max(0, ps.hits - n->as_int());  // as played
}

}  // namespace ironlog::rules::tmbv
