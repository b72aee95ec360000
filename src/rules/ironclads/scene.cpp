// What `ironlog state --svg` draws of an Ironclads game: the ships on the table in cm, with
// their heading, their base to scale where the ship data gives one, speed and what is left of
// their card. The book sets no table size and the record gives none, so the picture fits the ships.
// Its turret arcs (the base's diagonals extended) out to the longest gun range, and a salvo's
// range measured between base centres, as the gunfire's range check measures it.
#include "rules/ironclads/engine.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

namespace {

std::string stat_left(const Ship& s, int stat) {
    return std::string(stat_name(stat)) + " " + std::to_string(stat_of(s.card, stat)) + " of " + std::to_string(stat_of(s.initial, stat));
}

std::vector<std::string> ship_state(const Ship& s, int turn) {
    std::vector<std::string> words;
    if (s.speed_known) words.push_back("speed " + std::to_string(s.speed) + (s.astern ? " astern" : ""));
    if (s.has_card)
        for (int stat : {int(kHull), int(kArmour), int(kProp)}) words.push_back(stat_left(s, stat));
    if (s.on_fire(turn)) words.push_back("on fire");
    if (s.sunk) words.push_back("sunk");
    if (s.left) words.push_back("left the table");
    if (s.broke_off) words.push_back("broke off");
    return words;
}

// Firing/Arcs: the four turret arcs of a base, as in_turret_arc reads them (bearings -180 to 180:
// the rear arc is drawn from 180 - alpha round to 180 + alpha).
std::vector<SceneArc> turret_arcs(const Ship& s) {
    if (!s.pos || !s.base_length || !s.base_width) return {};
    const double alpha = bow_half_arc(*s.base_length, *s.base_width);
    return {SceneArc{"fwd", -alpha, alpha, kLongestGunRange}, SceneArc{"stbd", alpha, 180 - alpha, kLongestGunRange},
            SceneArc{"rear", 180 - alpha, 180 + alpha, kLongestGunRange}, SceneArc{"port", -180 + alpha, -alpha, kLongestGunRange}};
}

ScenePiece ship_piece(const Ship& s, int turn) {
    ScenePiece p;
    p.id = s.entity->label();
    p.name = s.entity->name;
    p.kind = "ship";
    p.side = s.side();
    if (s.pos) {
        p.at = ScenePoint{s.pos->x, s.pos->y};
        p.heading = s.pos->heading;
    }
    p.length = s.base_length;
    p.width = s.base_width;
    if (s.on_table() && !s.broke_off) p.arcs = turret_arcs(s);  // sunk, or off the table: it fires no more
    p.sunk = s.sunk;
    p.gone = s.left || s.broke_off;
    p.state = ship_state(s, turn);
    return p;
}

std::string names(const std::vector<std::string>& list) {
    std::string s;
    for (const auto& n : list) s += (s.empty() ? "" : ", ") + n;
    return s;
}

}  // namespace

std::optional<Scene> IroncladsEngine::scene(const GameContext&) const {
    Scene scene;
    scene.geometry = SceneGeometry::Table;
    std::vector<std::string> unsized, unplaced;
    for (const auto& s : ships_) {
        scene.pieces.push_back(ship_piece(*s, turn_));
        if (!s->base_length || !s->base_width) unsized.push_back(s->entity->label());
        if (!s->pos) unplaced.push_back(s->entity->label());
    }
    scene.notes.push_back("the table's size is not recorded: the picture shows the part the ships are on");
    if (!unsized.empty())
        scene.notes.push_back("drawn as markers, not to scale: no base size (base LxW) is given for " + names(unsized));
    if (!unplaced.empty()) scene.notes.push_back("no position recorded for " + names(unplaced));
    const bool any_arcs = std::any_of(scene.pieces.begin(), scene.pieces.end(), [](const ScenePiece& p) { return !p.arcs.empty(); });
    if (any_arcs)
        scene.notes.push_back("arcs are the turret arcs (the base's diagonals extended), out to the 100 cm gun range; the fixed guns' "
                          "arcs come from the Arc Device, whose diagram the text lacks");
    return scene;
}

// Firing/Range: the range is checked against the distance between the base centres.
std::optional<SceneMeasure> IroncladsEngine::measure(const GameContext&, const Entity& from, const Entity& to) const {
    const auto a = by_entity_.find(&from), b = by_entity_.find(&to);
    if (a == by_entity_.end() || b == by_entity_.end() || !a->second->pos || !b->second->pos) return std::nullopt;
    const auto &pa = *a->second->pos, &pb = *b->second->pos;
    return SceneMeasure{std::hypot(pa.x - pb.x, pa.y - pb.y), "base centres"};
}

}  // namespace ironlog::rules::ironclads
