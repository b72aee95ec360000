// What `ironlog state --svg` draws of a late19c battle: the hexes from the record's terrain lines
// and the pieces' places (the record gives no map size: the picture spans the hexes it names),
// each with its terrain words, and the ships and units at their hex and facing with their FP or SP.
#include "rules/late19c/engine.hpp"

#include <algorithm>

namespace ironlog::rules::late19c {

namespace {

std::vector<std::string> terrain_words(const HexTerrain& t, bool road) {
    std::vector<std::string> words;
    const std::pair<bool, const char*> kinds[] = {{t.sea, "sea"},     {t.coast, "coast"},         {t.river, "river"},   {t.ford, "ford"},
                                                  {t.woods, "woods"}, {t.built_up, "built-up"},   {t.cover, "cover"},   {t.trench, "trench"},
                                                  {t.wire, "wire"},   {t.minefield, "minefield"}, {t.fortification, "fortification"}};
    for (const auto& [present, word] : kinds)
        if (present) words.push_back(word);
    if (t.height > 0) words.push_back("hill " + std::to_string(t.height));
    if (road) words.push_back("road");
    return words;
}

ScenePiece piece_of(const Piece& p, const geometry::hex::Grid& grid) {
    ScenePiece s;
    s.id = p.entity->label();
    s.name = p.entity->name;
    s.kind = p.ship ? "ship" : "unit";
    s.side = p.side();
    if (p.hex) {
        const auto c = grid.centre(*p.hex);
        s.at = ScenePoint{c.x, c.y};
        s.hex = hex_name(*p.hex).substr(1);
        s.heading = p.facing * 60.0;
    }
    s.sunk = static_cast<bool>(p.gone);
    s.state.push_back(p.what());
    s.state.push_back(std::to_string(p.strength) + "/" + std::to_string(p.initial) + (p.ship ? " FP" : " SP"));
    if (p.gone) s.state.push_back(p.gone.reason());
    if (p.broke_off) s.state.push_back("breaking off");
    if (p.sinking) s.state.push_back("sinking");
    return s;
}

}  // namespace

std::optional<Scene> Late19cEngine::scene(const GameContext&) const {
    if (!field_) return std::nullopt;
    Scene scene;
    scene.geometry = SceneGeometry::Hexes;
    std::vector<Hex> named = field_->named_hexes();
    for (const auto& p : pieces_) {
        scene.pieces.push_back(piece_of(*p, field_->grid()));
        if (p->hex) named.push_back(*p->hex);
    }
    if (named.empty()) return scene;
    const auto [lo_col, hi_col] = std::minmax_element(named.begin(), named.end(), [](Hex a, Hex b) { return a.col < b.col; });
    const auto [lo_row, hi_row] = std::minmax_element(named.begin(), named.end(), [](Hex a, Hex b) { return a.row < b.row; });
    for (int col = lo_col->col; col <= hi_col->col; ++col)
        for (int row = lo_row->row; row <= hi_row->row; ++row) {
            const Hex h{col, row};
            const auto c = field_->grid().centre(h);
            scene.hexes.push_back(SceneHex{hex_name(h).substr(1), ScenePoint{c.x, c.y}, terrain_words(field_->at(h), field_->road_at(h))});
        }
    scene.notes.push_back("the record gives no map size: the picture spans the hexes its lines name");
    return scene;
}

// A range in hexes, counted as the fire rules count it (through hex edges).
std::optional<SceneMeasure> Late19cEngine::measure(const GameContext&, const Entity& from, const Entity& to) const {
    const auto a = by_entity_.find(&from), b = by_entity_.find(&to);
    if (!field_ || a == by_entity_.end() || b == by_entity_.end() || !a->second->hex || !b->second->hex) return std::nullopt;
    return SceneMeasure{static_cast<double>(field_->grid().distance(*a->second->hex, *b->second->hex)), ""};
}

}  // namespace ironlog::rules::late19c
