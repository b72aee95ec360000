// 8.0 Return to Port Phase: the non-initiative player first, then the other, sends fleets from
// At Sea boxes to the nearest un-blockaded friendly port (8.1-8.1.2); fleets with Low Fuel must
// go (8.1.3); the rest are marked Low Fuel (8.1.4). The markers bar another activation (6.2.4)
// and a mission (6.4.7) and go in port in the Repair Segment (11.2.6).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <limits>
#include <map>

namespace ironlog::rules::tmbv {

// 8.1.4: a fleet out of port gets Low Fuel; on station too, unless low-fuel-on-station=exempt (Readings).
bool TmbvEngine::marked_low_fuel(const CampaignFleet& f, const GameContext& ctx) const {
    if (f.box == "port") return false;
    return !((f.box == "blockade" || f.box == "bombard") && ctx.header.option("low-fuel-on-station") == "exempt");
}

// fought-fleets-return=next-turn (Readings): a marker from this turn's battle sends the fleet home
// in the next turn's Return to Port Phase, not this one's.
bool TmbvEngine::marked_this_turn(const CampaignFleet& f, const GameContext& ctx) const {
    return f.fought_on == turn_start_.turn && ctx.header.option("fought-fleets-return") == "next-turn";
}

void TmbvEngine::open_return_to_port(ngn::SourcePos at) {
    Operations& o = operations_;
    o.in_return = true, o.return_lines = 0, o.return_side = -1, o.return_at = at;
    for (CampaignFleet& f : o.fleets) f.returned = 0;
}

// The phase's end: a fleet not in port that did not return is marked Low Fuel (8.1.4); one that
// had a marker already (8.1.3), or that a battle compelled to leave (7.9.5), should have returned:
// said whether the phase holds lines, none, or was left out, and then taken as gone home.
void TmbvEngine::close_return_to_port(ngn::SourcePos at, GameContext& ctx) {
    Operations& o = operations_;
    if (!o.in_return) return;
    o.in_return = false;
    judged(ctx, "8.1.4"), judged(ctx, "8.1.5");
    lone_ships_home(ctx);
    for (CampaignFleet& f : o.fleets) {
        f.flipped = 0;  // 8.1.5
        const std::uint32_t compelled = std::exchange(f.compelled, 0);
        if (f.returned || !f.placed || f.box == "port") continue;
        if (compelled)
            home_unwritten(f, ctx.findings.error(Kind::Illegal, cite("7.9.5 (second)"), at,
                                                 f.label() + " is compelled to leave " + f.area + " by the battle of " + line_text(compelled) +
                                                     ": it returns to a friendly port (" + f.label() + " return @<area>/port)"));
        else if (!f.marker.empty() && !marked_this_turn(f, ctx))
            home_unwritten(f, ctx.findings.error(Kind::Illegal, cite("8.1.3"), at,
                                                 f.label() + " has a " + f.marker + " marker: it must return to a friendly port (" + f.label() +
                                                     " return @<area>/port)"));
        if (f.marker.empty() && marked_low_fuel(f, ctx)) f.marker = "Low Fuel";
    }
    for (CampaignFleet& f : o.fleets) {
        if (!in_port(f)) continue;
        f.tows.clear();  // home: a tow is for the way there (6.6, 8.1.6)
        for (const Entity* s : f.ships)  // and a battle's DIW marker goes (campaign-diw=marker, Readings)
            if (auto st = o.ship_state.find(s); st != o.ship_state.end()) st->second.diw_marker = false;
    }
}

// AM return @Pola/port, or AM stay.
void TmbvEngine::return_event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    Operations& o = operations_;
    const int fleet = actor.kind == ngn::EntityKind::Fleet ? fleet_index(actor) : -1;
    if (actor.kind == ngn::EntityKind::Ship && lower(e.verb()) == "return") return return_lone_ship(actor, e, ctx);
    if (fleet < 0) return;  // not a fleet's line
    judged(ctx, "8.0");
    ++o.return_lines;
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(fleet)];
    const std::string verb = lower(e.verb());
    if (verb == "tow" || verb == "cut" || verb == "scuttle") {  // 8.1.6: not the fleet's return
        --o.return_lines;
        return tow_event(fleet, e, ctx);
    }
    if (verb != "return" && verb != "stay") {
        ctx.findings.error(Kind::Inconsistent, cite("8.1"), e.subject.pos,
                           "a fleet's line of the Return to Port Phase is '" + f.label() + " return @<area>/port' or '" + f.label() + " stay'");
        return;
    }
    return_order(f, e, ctx);
    if (f.returned) {
        ctx.findings.error(Kind::Illegal, cite("8.1"), e.subject.pos, f.label() + " has been declared already (" + line_text(f.returned) + ")");
        return;
    }
    f.returned = e.subject.pos.line;
    if (verb == "stay") {
        judged(ctx, "8.1.3");
        // a fleet that must go home and is written to stay: one finding, then taken as gone to a
        // port the record does not name (its later lines say which), as when its line is left out
        if (f.compelled)
            return home_unwritten(f, ctx.findings.error(Kind::Illegal, cite("7.9.5 (second)"), e.subject.pos,
                                                        f.label() + " is compelled to leave " + f.area + " by the battle of " + line_text(f.compelled) +
                                                            ": it returns to a friendly port"));
        if (!f.marker.empty() && !marked_this_turn(f, ctx))
            return home_unwritten(f, ctx.findings.error(Kind::Illegal, cite("8.1.3"), e.subject.pos,
                                                        f.label() + " has a " + f.marker + " marker: it must return to a friendly port"));
        if (f.marker.empty() && marked_low_fuel(f, ctx)) f.marker = "Low Fuel";  // 8.1.4
        return;
    }
    send_home(f, e, ctx);
}

// 8.1: the non-initiative player declares first; the initiative player's lines follow his.
void TmbvEngine::return_order(const CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "8.1");
    const int side = f.entity->side, initiative = turn_start_.initiative;
    if (initiative >= 0 && side != initiative && o.return_side == initiative)
        ctx.findings.error(Kind::Illegal, cite("8.1"), e.subject.pos,
                           side_name(initiative, ctx) + " has the initiative and declares after " + side_name(side, ctx) + ": " +
                               side_name(side, ctx) + "'s fleets come first");
    o.return_side = side;
}

// 8.1.1, 8.1.2: from an At Sea box (or with a marker, 8.1.3) to the nearest friendly port that is
// not blockaded, by MP; no MP are spent. The fleet ends where the players put it.
void TmbvEngine::send_home(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    const ngn::AreaPos* to = nullptr;
    ngn::SourcePos to_pos = e.subject.pos;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) to = a, to_pos = it.pos;
    if (!to || box_name(to->box) != "port") {
        ctx.findings.error(Kind::Inconsistent, cite("8.1"), e.subject.pos, "a fleet returns to a port: " + f.label() + " return @<area>/port");
        if (!to) return;  // with an area: its port, the box said wrong (judged as that return, not again)
        const geometry::Place* p = map_ ? map_->find(std::string(to->area)) : nullptr;
        f.area = p ? p->name : std::string(to->area), f.box = "port", f.placed = true, f.mission = false;
        return;
    }
    judged(ctx, "8.1.1");
    judge_diw_left(f, "8.1.6", e.subject.pos, ctx);
    const geometry::Place* p = map_ ? map_->find(std::string(to->area)) : nullptr;
    const bool maybe_lost = f.battle_unwritten == turn_start_.turn;  // its battle left out (said): it may have lost
    if (f.placed && f.box != "port" && !in_at_sea_box(f) && f.marker.empty() && !f.compelled && !maybe_lost) {  // from port it changes nothing
        // it stays where the rules keep it; its next move may start from the port written instead
        f.port_other_why = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, cite("8.1.1"), e.subject.pos,
            "fleets in At Sea boxes return to port: " + f.label() + " is at " + place_text(f) + (f.mission ? ", on its mission" : "") +
                (f.box.empty() ? ", an area without an At Sea box (Readings: coastal-at-sea=none)" : "")));
        f.port_other = p ? p->name : std::string(to->area);
        return;
    }
    if (map_ && f.placed) judge_nearest_port(f, *to, to_pos, ctx);
    f.area = p ? p->name : std::string(to->area), f.box = "port", f.placed = true, f.mission = false;
}

// The nearest friendly port open to the fleet's side from where it stands (8.1.2), "" for none.
std::string TmbvEngine::nearest_open_port(const CampaignFleet& f, const GameContext& ctx) const {
    const int side = f.entity->side;
    const std::map<std::string, int> cost = map_->steps_from(f.area);  // 1 MP for each area entered (6.4.3)
    std::string nearest;
    for (const auto& [name, mp] : cost)
        if (const geometry::Place* q = map_->find(name); q && open_port(*q, side, ctx) && (nearest.empty() || mp < cost.at(nearest))) nearest = name;
    return nearest;
}

bool TmbvEngine::open_port(const geometry::Place& q, int side, const GameContext& ctx) const {
    return q.boxes && friendly_port(q, side, ctx) && !ngn::same_label(q.name, "Spalato") && !enemy_at(q.name, "blockade", side);
}

// A return to a port the rules do not allow is one finding; the rules' nearest port is kept
// beside the players', and the fleet's next move may start from either (one mistake, one finding).
void TmbvEngine::judge_nearest_port(CampaignFleet& f, const ngn::AreaPos& to, ngn::SourcePos at, GameContext& ctx) {
    judged(ctx, "8.1.2");
    const geometry::Place* p = map_place(to, at, ctx);
    if (!p) return;
    const int side = f.entity->side;
    const std::string nearest = nearest_open_port(f, ctx);
    const std::map<std::string, int> cost = map_->steps_from(f.area);
    const auto here = cost.find(p->name);
    std::optional<Cause> why;
    if (!open_port(*p, side, ctx))
        why = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("8.1"), at,
                                                    (friendly_port(*p, side, ctx) ? p->name + " is blockaded, or closed (6.4.8)" : not_friendly_why(*p, side, ctx)) +
                                                        ": a fleet returns to an un-blockaded friendly port"));
    else if (!nearest.empty() && here != cost.end() && here->second > cost.at(nearest))  // not the nearest, nor one as near (8.1.2)
        why = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("8.1.2"), at,
                                                    "the nearest un-blockaded friendly port is " + nearest + " (" + counted(cost.at(nearest), "MP", "MP") +
                                                        " away), not " + p->name + " (" + counted(here->second, "MP", "MP") + ")",
                                                    nearest, p->name));
    if (why && !nearest.empty()) f.port_other = nearest, f.port_other_why = why;
}

// A fleet whose return named a port the rules did not allow: a next move that starts from the
// rules' nearest port follows that reading, excused by the return's finding.
void TmbvEngine::take_other_port(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    const std::string other = std::exchange(f.port_other, std::string());
    const std::optional<Cause> why = std::exchange(f.port_other_why, std::nullopt);
    if (!why) return;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) {
            if (!ngn::same_label(std::string(a->area), other) || ngn::same_label(f.area, other)) return;
            f.area = other, f.box = "port";
            ctx.findings.excuse(*why, it.pos, f.label() + " returned to " + other + ", the rules' port");
            return;
        }
}

namespace {
// A phase's place in the turn's sequence of play; -1 for one it does not know (the kit says so).
int phase_place(std::string_view name, const GameContext& ctx) {
    const Sequence* seq = ctx.header.sequence;
    for (std::size_t i = 0; seq && i < seq->turn.size(); ++i)
        if (seq->turn[i].name == name) return static_cast<int>(i);
    return -1;
}
}  // namespace

// A phase heading, or the next turn's: the phases of this turn it passes over were left out, in
// which nothing happened; they still have their automatic effects (docs/notation.md 5.2): the
// Return to Port Phase marks the fleets left at sea Low Fuel (8.1.4) and says those that had to
// return; the Repair Segment takes the markers off fleets in port (11.2.6). Only after a phase of
// the turn was written (a record that starts later, or a bare turn heading, left nothing out),
// never at the record's end (a record may stop anywhere).
void TmbvEngine::play_left_out(const ngn::Heading& h, GameContext& ctx) {
    Operations& o = operations_;
    const bool turn = h.kind == ngn::HeadingKind::Turn;
    const int to = turn ? std::numeric_limits<int>::max() : phase_place(ctx.cursor.phase() ? ctx.cursor.phase()->name : "", ctx);
    if (to < 0) return;
    const int from = std::exchange(o.phase_at, turn ? -1 : to);
    const int return_phase = phase_place("return-to-port", ctx), end_of_turn = phase_place("end-of-turn", ctx);
    if (from < 0 || return_phase < 0 || end_of_turn < 0) return;
    if (from < return_phase && return_phase < to) return_to_port_left_out(h.label_pos, ctx);
    if (from <= end_of_turn && end_of_turn < to && o.refuelled != turn_start_.turn) refuel_in_port(ctx);  // its Repair Segment left out
    // the Victory Phase left out at the turn's end: its blockade VP (10.0) and the FML's rise (6.1.1)
    const int victory = phase_place("victory", ctx);
    if (turn && victory >= 0 && from < victory && o.tallied_turn != turn_start_.turn) tally_turn(ctx);
}

// The Return to Port Phase left out: played with no lines, its end said at the heading after it.
void TmbvEngine::return_to_port_left_out(ngn::SourcePos at, GameContext& ctx) {
    open_return_to_port(at);
    close_return_to_port(at, ctx);
}

bool in_port(const CampaignFleet& f) { return f.box == "port" && (f.placed || f.port_unwritten); }

// 11.2.6: in the Repair Segment the markers of fleets in port go.
void TmbvEngine::refuel_in_port(GameContext& ctx) {
    judged(ctx, "11.2.6");
    operations_.refuelled = turn_start_.turn;
    for (CampaignFleet& f : operations_.fleets)
        if (in_port(f)) f.marker.clear();
}

// A fleet the rules sent home with no line for it (said): it went to a friendly port the record
// does not name. Its next line that places it says which (a move from there); till then the lines
// that need its port (a repair there) are taken as written.
void TmbvEngine::home_unwritten(CampaignFleet& f, const Finding& said) {
    f.port_unwritten = Findings::cause_of(said);
    f.area.clear(), f.box = "port", f.placed = false, f.mission = false;
}

// The first move of a fleet whose port was not written starts in the port of the area it first
// names, when that is a friendly one: the players' port, excused by the finding that sent it home.
void TmbvEngine::take_unwritten_port(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    const Cause sent_home = *std::exchange(f.port_unwritten, std::nullopt);
    for (const ngn::Item& it : e.args) {
        const auto* a = it.as<ngn::AreaPos>();
        if (!a) continue;
        const geometry::Place* p = map_ ? map_->find(std::string(a->area)) : nullptr;
        if (p && p->boxes && holds(*p, f.entity->side, ctx)) f.area = p->name, f.box = "port", f.placed = true;
        ctx.findings.excuse(sent_home, it.pos, f.label() + "'s port was not written: " + (f.placed ? "taken as " + f.area : "not known"));
        return;
    }
}

}  // namespace ironlog::rules::tmbv
