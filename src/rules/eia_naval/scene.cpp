// What `ironlog state --svg` draws of an Empires in Arms naval phase: the areas and ports of the
// record's map file with the connections between them, and in each the fleets (with their ships),
// leaders and corps there; a port's fleets in port or in its blockade box. Without the map file
// no area can be drawn: the pieces are listed, and a note says so.
#include "rules/eia_naval/engine.hpp"

namespace ironlog::rules::eia_naval {

namespace {

ScenePiece piece_at(const Entity* e, const std::string& name, const char* kind, const Where& w, const geometry::AreaMap* map) {
    ScenePiece p;
    p.id = e ? e->label() : name;
    p.name = e ? e->name : name;
    p.kind = kind;
    p.side = e ? e->side : -1;
    p.area = w.place;
    const geometry::Place* place = map ? map->find(w.place) : nullptr;
    if (place) p.area = place->name;
    if (w.box) p.box = "blockade";
    else if (place && place->port) p.box = "port";
    return p;
}

SceneArea area_of(const geometry::Place& place, const std::string& controller) {
    SceneArea a;
    a.name = place.name;
    a.port = place.port;
    a.touches.assign(place.touches.begin(), place.touches.end());
    if (place.ice) a.words.push_back("ice");
    if (place.dardanelles) a.words.push_back("Dardanelles");
    if (place.harbour) a.words.push_back("harbour " + std::to_string(*place.harbour));
    if (!controller.empty()) a.words.push_back(controller);
    return a;
}

}  // namespace

void EiaEngine::scene_pieces(Scene& scene) const {
    const geometry::AreaMap* map = map_ ? &*map_ : nullptr;
    for (const auto& f : fleets_) {
        ScenePiece p = piece_at(f->entity, f->name, "fleet", f->at, map);
        p.sunk = static_cast<bool>(f->gone);
        p.state.push_back(f->gone ? (f->scuttled ? "scuttled" : "removed") : std::to_string(f->ships) + " ships");
        if (!f->minor.empty()) p.state.push_back(f->minor);
        if (f->carrying) p.state.push_back("carrying " + f->carrying->name);
        scene.pieces.push_back(std::move(p));
    }
    for (const auto& l : leaders_) {
        ScenePiece p = piece_at(l->entity, l->name, "leader", l->at, map);
        p.gone = l->captured;
        if (l->captured) p.state.push_back("captured");
        scene.pieces.push_back(std::move(p));
    }
    for (const auto& c : corps_) {
        ScenePiece p = piece_at(c->entity, c->name, "corps", c->at, map);
        p.sunk = c->gone;
        p.state.push_back(c->gone ? "lost" : c->on ? "aboard " + c->on->name : "ashore");
        scene.pieces.push_back(std::move(p));
    }
}

std::optional<Scene> EiaEngine::scene(const GameContext&) const {
    Scene scene;
    scene.geometry = SceneGeometry::Areas;
    scene_pieces(scene);
    if (!map_) {
        scene.notes.push_back("no map file ([Map \"...\"]): the areas and their connections cannot be drawn, the pieces are listed");
        for (auto& p : scene.pieces) p.area.clear();
        return scene;
    }
    for (const auto& [name, place] : map_->places()) {
        auto changed = port_controller_.find(name);
        scene.areas.push_back(area_of(place, changed != port_controller_.end() ? changed->second : place.controller));
    }
    return scene;
}

}  // namespace ironlog::rules::eia_naval
