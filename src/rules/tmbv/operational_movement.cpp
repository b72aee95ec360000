// 6.4 Operational Map Movement: a fleet's move step by step on the players' operational map
// ([Map], docs/maps.md): connected areas (6.4), the MP each step costs (6.4.3) within the fleet's
// speed (6.4.2), Port boxes of its own side only (6.4.3), never Spalato's (6.4.8), Taranto never
// blockaded by Austria (6.4.6), a move ended by an enemy fleet's sub-area (6.4.9) or by enemy
// fleets in the Mediterranean (6.4.10).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

namespace ironlog::rules::tmbv {

void TmbvEngine::say_no_map(GameContext& ctx, ngn::SourcePos at) {
    if (map_ || std::exchange(said_no_map_, true)) return;
    ctx.findings.note(Kind::Unverifiable, cite("6.4"), at,
                      "no operational map ([Map \"...\"], docs/rules/tmbv.md): where fleets move, and what it costs, is not verified");
}

// An area of the map as a record writes it, with its box; null (reported) when the map lacks it.
const geometry::Place* TmbvEngine::map_place(const ngn::AreaPos& at, ngn::SourcePos pos, GameContext& ctx) {
    if (!map_) return nullptr;
    const geometry::Place* p = map_->find(std::string(at.area));
    if (!p || p->port) {
        const std::string hint = map_->suggest(std::string(at.area));
        ctx.findings.error(Kind::Inconsistent, cite("6.4"), pos,
                           "'" + std::string(at.area) + "' is not a sea area of the map " + map_->file() +
                               (hint.empty() ? std::string() : " (did you mean '" + hint + "'?)"));
        return nullptr;
    }
    if (!at.box.empty() && !p->boxes) {
        ctx.findings.error(Kind::Inconsistent, cite("6.4.6"), pos, p->name + " has no boxes (a coastal area, or the Mediterranean): write @" +
                                                                      (at.quoted ? "\"" + p->name + "\"" : p->name));
        return nullptr;
    }
    return p;
}

// The "To the Mediterranean" area (6.7): the map's, or by its name without a map.
bool TmbvEngine::in_mediterranean(const std::string& area) const {
    const geometry::Place* p = map_ ? map_->find(area) : nullptr;
    return p ? p->mediterranean : lower(area).find("mediterranean") != std::string::npos;
}

// A fleet in an At Sea box (6.2.4, 6.5.2, 8.1.1): in an area without boxes (a coastal area, the
// Mediterranean, 3.0) only when coastal-at-sea=whole-area, the default (Readings).
bool TmbvEngine::in_at_sea_box(const CampaignFleet& f) const {
    return f.placed && (f.box == "at-sea" || (f.box.empty() && coastal_at_sea_));
}

bool TmbvEngine::holds(const geometry::Place& p, int side, const GameContext& ctx) const {
    const Entity* s = ctx.symbols.side(side);
    return s && (ngn::same_label(p.controller, s->name) || (!s->alias.empty() && ngn::same_label(p.controller, s->alias)));
}

// A port where the side's ships may be based: its own by the map, unless the Italian army took it
// (9.3 captures it; 11.2.2 b bars Italy from basing ships there).
bool TmbvEngine::friendly_port(const geometry::Place& p, int side, const GameContext& ctx) const {
    const auto taken = operations_.ports.find(lower(p.name));
    return holds(p, side, ctx) && (taken == operations_.ports.end() || taken->second.captured_by < 0);
}

// Why a port is not the side's to enter: its owner on the map, or the army's landing.
std::string TmbvEngine::not_friendly_why(const geometry::Place& p, int side, const GameContext& ctx) const {
    const auto taken = operations_.ports.find(lower(p.name));
    if (taken != operations_.ports.end() && taken->second.captured_by >= 0)
        return p.name + " was taken by " + side_name(taken->second.captured_by, ctx) + "'s army (9.3): no side bases ships there (11.2.2 b)";
    return p.name + " is not " + side_name(side, ctx) + "'s port";
}

// An enemy fleet of `side` in the area (and box, when one is given).
const CampaignFleet* TmbvEngine::enemy_at(const std::string& area, const std::string& box, int side) const {
    for (const CampaignFleet& o : operations_.fleets)
        if (o.entity->side != side && o.placed && ngn::same_label(o.area, area) && (box.empty() || o.box == box)) return &o;
    return nullptr;
}

// The move's places in order, from where the fleet stands; what it breaks is said at the step,
// once, and the fleet ends where the players put it (move_fleet).
void TmbvEngine::walk_fleet(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    if (!map_) return say_no_map(ctx, e.subject.pos);
    if (f.port_unwritten) take_unwritten_port(f, e, ctx);
    if (!f.port_other.empty()) take_other_port(f, e, ctx);
    if (!f.placed) return;  // where it started is not known
    judged(ctx, "6.4");
    Operations& o = operations_;
    if (f.mp_impulse != o.impulse) f.mp_impulse = o.impulse, f.mp_spent = 0;
    const int side = f.entity->side;
    const int speed = fleet_speed(f);
    if (speed) judged(ctx, "6.4.2");
    std::string area = f.area, box = f.box;
    const char* stopped = nullptr;  // the case that ended its move (on an earlier line of this activation too)
    std::string stopped_why;
    if (f.stop_impulse == o.impulse && f.stop_case) stopped = f.stop_case, stopped_why = f.stop_why, f.stop_case = nullptr;  // said once
    for (const ngn::Item& it : e.args) {
        const auto* to = it.as<ngn::AreaPos>();
        if (!to) continue;
        const geometry::Place* p = map_place(*to, it.pos, ctx);
        if (!p) return;
        std::string to_box = box_name(to->box);
        if (p->boxes && to_box.empty()) to_box = "at-sea";  // entering an area, a fleet is at sea in it
        if (stopped) return void(ctx.findings.error(Kind::Illegal, cite(stopped), it.pos, stopped_why));
        const bool new_area = !ngn::same_label(p->name, area);
        if (new_area && !map_->adjacent(area, p->name))
            return void(ctx.findings.error(Kind::Illegal, cite("6.4"), it.pos, area + " does not touch " + p->name + " on the map"));
        if (!step_allowed(*p, to_box, new_area || box != to_box, side, it.pos, ctx)) return;
        f.mp_spent += (new_area ? 1 : 0) + (box == "port" && (new_area || to_box != "port") ? 1 : 0);  // 6.4.3
        if (speed && f.mp_spent > speed)
            return void(ctx.findings.error(Kind::Illegal, cite(f.tows.empty() ? "6.4.2" : "6.6.2"), it.pos,
                                           f.label() + (f.tows.empty() ? " moves at its slowest ship's MA, " : " has a ship in tow and moves at ") +
                                               std::to_string(speed) + ": this step brings it to " +
                                               std::to_string(f.mp_spent) + " MP in the activation",
                                           "at most " + std::to_string(speed) + " MP", std::to_string(f.mp_spent) + " MP"));
        area = p->name, box = to_box;
        judged(ctx, p->mediterranean ? "6.4.10" : "6.4.9");
        if (const CampaignFleet* there = p->mediterranean ? enemy_at(area, "", side) : nullptr)
            stopped = "6.4.10", stopped_why = there->label() + " is in the Mediterranean: a fleet moving there stops";
        else if (const CampaignFleet* enemy = enemy_at(area, p->boxes ? box : "", side))
            stopped = "6.4.9", stopped_why = f.label() + " entered " + enemy->label() + "'s sub-area (" + place_text(*enemy) + "): its move ends there";
    }
    if (stopped) f.stop_impulse = o.impulse, f.stop_case = stopped, f.stop_why = stopped_why;  // a later line of the move goes no further
}

// Into a Port box only a side's own, never Spalato's (6.4.3, 6.4.8); Taranto is never blockaded
// by Austria (6.4.6).
bool TmbvEngine::step_allowed(const geometry::Place& p, const std::string& box, bool entering, int side, ngn::SourcePos at, GameContext& ctx) {
    if (!entering) return true;
    if (box == "port") {
        judged(ctx, "6.4.3"), judged(ctx, "6.4.8");
        if (ngn::same_label(p.name, "Spalato")) {
            ctx.findings.error(Kind::Illegal, cite("6.4.8"), at, "no ship ever enters the port of Spalato");
            return false;
        }
        if (!p.controller.empty() && !friendly_port(p, side, ctx)) {
            ctx.findings.error(Kind::Illegal, cite("6.4.3"), at, "only friendly ships enter a Port box: " + not_friendly_why(p, side, ctx),
                               side_name(side, ctx) + "'s port", holds(p, side, ctx) ? "taken" : p.controller + "'s");
            return false;
        }
    }
    if (box == "blockade" && ngn::same_label(p.name, "Taranto") && side == austria_) {
        judged(ctx, "6.4.6");
        ctx.findings.error(Kind::Illegal, cite("6.4.6"), at, "Austria never blockades the port of Taranto");
        return false;
    }
    return true;
}

}  // namespace ironlog::rules::tmbv
