// What `ironlog state --svg` draws of an Admiral game: the table in cm (240 x 180, or the
// 120x180 option's), each unit at its place and heading, its hull length to scale from its unit
// card (the cards give no beam), its speed and severe damage, sunk or lost.
#include "rules/admiral/engine.hpp"

namespace ironlog::rules::admiral {

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

}  // namespace ironlog::rules::admiral
