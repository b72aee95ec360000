// What `ironlog state --svg` draws of an Admiral game: the table in cm (240 x 180, or the
// 120x180 option's), each unit at its place and heading, its hull length to scale from its unit
// card (the cards give no beam), its speed and severe damage, sunk or lost; its four views as
// the gunnery reads them (out to its longest battery's range there), and a fire's range measured
// between conning towers as the Ruler rule measures it.
#include "rules/admiral/engine.hpp"
#include "rules/admiral/gunnery.hpp"
#include "rules/admiral/line_of_sight.hpp"

namespace ironlog::rules::admiral {

// The four views (General Principles/Units' Course), each out to the longest range of the
// batteries with a coefficient there (the card's, scaled); none when one of them gives no range.
std::vector<SceneArc> AdmiralEngine::unit_arcs(const Unit& u) const {
    std::vector<SceneArc> arcs;
    for (const ArcBounds& a : kArcBounds) {
        SceneArc arc{a.name, a.from, a.to, std::nullopt};
        bool unknown = false;
        for (int b = 0; b < kBatteries; ++b) {
            const auto& bat = u.card.batteries[static_cast<std::size_t>(b)];
            if (!bat.by_section[static_cast<std::size_t>(section_of(a.arc))]) continue;
            if (!bat.range_cm) unknown = true;
            else arc.range = std::max(arc.range.value_or(0), range_of(u, b));
        }
        if (unknown) arc.range.reset();
        arcs.push_back(arc);
    }
    return arcs;
}

ScenePiece AdmiralEngine::unit_piece(const Unit& u) const {
    ScenePiece p;
    p.id = u.label();
    p.name = u.entity->name;
    p.kind = "ship";
    p.side = u.side;
    if (u.placed && !u.lost) {
        p.at = ScenePoint{u.at.x, u.at.y};
        p.heading = u.heading;
        p.length = u.card.length_cm;
        if (!u.sunk) p.arcs = unit_arcs(u);  // a sunk unit fires no more
    }
    p.sunk = u.sunk;
    p.gone = u.removed || u.lost;
    if (u.speed_known) p.state.push_back("speed " + std::to_string(std::abs(u.speed)) + (u.speed < 0 ? " astern" : ""));
    p.state.push_back("severe damage " + std::to_string(u.severe) + " of " + std::to_string(structure_points(u)) + " SP");
    if (u.sunk) p.state.push_back(u.removed ? "sunk, removed" : "sunk");
    if (u.lost) p.state.push_back("lost off the table");
    if (u.conning_due) p.state.push_back("conning tower hit");
    return p;
}

std::optional<Scene> AdmiralEngine::scene(const GameContext&) const {
    Scene scene;
    scene.geometry = SceneGeometry::Table;
    scene.width = table_w_;
    scene.height = table_h_;
    std::string unmeasured;
    for (const Unit& u : units_) {
        scene.pieces.push_back(unit_piece(u));
        if (!u.card.length_cm) unmeasured += (unmeasured.empty() ? "" : ", ") + u.label();
    }
    scene.notes.push_back("hull lengths to scale from the unit cards; the cards give no beam, so hulls are drawn narrow");
    if (!unmeasured.empty()) scene.notes.push_back("drawn as markers: no length on the unit card of " + unmeasured);
    return scene;
}

// Game Elements/Ruler: a range is taken from conning tower to conning tower (a unit's place).
std::optional<SceneMeasure> AdmiralEngine::measure(const GameContext&, const Entity& from, const Entity& to) const {
    const auto a = unit_by_.find(&from), b = unit_by_.find(&to);
    if (a == unit_by_.end() || b == unit_by_.end() || !a->second->placed || !b->second->placed) return std::nullopt;
    return SceneMeasure{distance(*a->second, *b->second), "conning towers"};
}

}  // namespace ironlog::rules::admiral
