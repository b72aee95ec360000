// What `ironlog state --svg` draws of a TMBV battle: the Tactical Battle Board's boards where the
// table pack places them (7.2.2), else the hexes around the ships; each ship at its hex and facing
// with its hits against its manifest's hull boxes and its markers; sunk ships shown as sunk; the broadside arcs (7.8.2) of a ship not small.
#include "rules/tmbv/engine.hpp"

#include <set>

namespace ironlog::rules::tmbv {

namespace {

std::string board_hex(char board, Hex h) { return (board ? std::string(1, board) + ":" : std::string()) + hex_name(h).substr(1); }

std::vector<std::string> ship_state(const Ship& s) {
    std::vector<std::string> words;
    words.push_back("hits " + std::to_string(s.hits.played()) + (s.manifest ? " of " + std::to_string(s.manifest->hull) : std::string()));
    if (s.formation) words.push_back(s.formation->entity->label() + (s.flagship ? " flagship" : ""));
    const std::pair<bool, const char*> markers[] = {{s.diw, "DIW"},        {s.turned, "Turned"},        {s.on_fire, "On Fire"},
                                                    {s.bridge, "Bridge Hit"}, {s.rudder, "Rudder Hit"}, {s.fired_upon, "Fired Upon"}};
    for (const auto& [on, word] : markers)
        if (on) words.push_back(word);
    if (s.sunk) words.push_back(s.sunk.reason());
    return words;
}

}  // namespace

ScenePiece TmbvEngine::ship_piece(const Ship& s, bool one_board) const {
    ScenePiece p;
    p.id = s.entity->label();
    p.name = s.entity->name;
    p.kind = "ship";
    p.side = s.side;
    if (s.placed && (s.at.on_grid || one_board)) {
        const auto c = grid_.centre(s.at.grid);
        p.at = ScenePoint{c.x, c.y};
        p.hex = board_hex(s.at.board, s.at.hex);
        p.heading = s.facing * 60.0;
        // 7.8.2: a ship not small fires through its broadsides only (the manifest says which is small)
        if (s.manifest && !s.manifest->small && !s.sunk)
            p.arcs = {SceneArc{"starboard", 90 - kBroadsideHalf, 90 + kBroadsideHalf, std::nullopt},
                      SceneArc{"port", -90 - kBroadsideHalf, -90 + kBroadsideHalf, std::nullopt}};
    }
    p.sunk = static_cast<bool>(s.sunk);
    p.state = ship_state(s);
    return p;
}

// The hexes of every board the table pack places and sizes (the boards drawn whole).
std::set<char> TmbvEngine::board_hexes(Scene& scene) const {
    std::set<char> drawn;
    for (char b = 'A'; b <= 'F'; ++b) {
        const auto off = tables_ ? tables_->board_offset(b) : std::nullopt;
        const auto size = board_size(b);
        if (!off || !size) continue;
        drawn.insert(b);
        for (int col = 1; col <= size->col; ++col)
            for (int row = 1; row <= size->row; ++row) {
                const auto c = grid_.centre(Hex{col + off->col, row + off->row});
                scene.hexes.push_back(SceneHex{board_hex(b, Hex{col, row}), ScenePoint{c.x, c.y}, {}});
            }
    }
    return drawn;
}

// The ships on boards not drawn whole: each one's hex and its neighbours, on its board's numbers.
void TmbvEngine::hexes_around_ships(Scene& scene, const std::set<char>& drawn) const {
    std::set<Hex> seen;
    for (std::size_t i = 0; i < ships_.size(); ++i) {
        const Ship& s = ships_[i];
        if (!scene.pieces[i].at || drawn.count(s.at.board)) continue;
        const Hex off{s.at.grid.col - s.at.hex.col, s.at.grid.row - s.at.hex.row};
        std::vector<Hex> around = {s.at.grid};
        for (int k = 0; k < geometry::hex::kFacings; ++k) around.push_back(grid_.neighbour(s.at.grid, k));
        for (const Hex h : around) {
            if (!seen.insert(h).second) continue;
            const auto c = grid_.centre(h);
            scene.hexes.push_back(SceneHex{board_hex(s.at.board, Hex{h.col - off.col, h.row - off.row}), ScenePoint{c.x, c.y}, {}});
        }
    }
}

std::optional<Scene> TmbvEngine::scene(const GameContext&) const {
    Scene scene;
    scene.geometry = SceneGeometry::Hexes;
    std::set<char> boards;
    for (const Ship& s : ships_)
        if (s.placed) boards.insert(s.at.board);
    std::string off_grid;
    for (const Ship& s : ships_) {
        scene.pieces.push_back(ship_piece(s, boards.size() <= 1));
        if (s.placed && !scene.pieces.back().at) off_grid += (off_grid.empty() ? "" : ", ") + s.entity->label();
    }
    const std::set<char> drawn = board_hexes(scene);
    hexes_around_ships(scene, drawn);
    std::string partly;
    for (char b : boards)
        if (!drawn.count(b)) partly += std::string(partly.empty() ? "" : ", ") + (b ? std::string(1, b) : std::string("the board"));
    if (!partly.empty())
        scene.notes.push_back("only the hexes around the ships of " + partly +
                              ": the table pack places and sizes a board only beside another (7.2.2)");
    if (!off_grid.empty()) scene.notes.push_back("not drawn on the board: the table pack does not place the boards of " + off_grid);
    bool unsized = false;
    for (const Ship& s : ships_) unsized = unsized || !s.manifest;
    if (unsized) scene.notes.push_back("hits without hull boxes: the ship manifest lacks some ships (or none was named)");
    return scene;
}

// A range in hexes, counted as fire combat counts it (none across boards not placed together).
std::optional<SceneMeasure> TmbvEngine::measure(const GameContext&, const Entity& from, const Entity& to) const {
    const auto a = ship_by_.find(&from), b = ship_by_.find(&to);
    if (a == ship_by_.end() || b == ship_by_.end() || !a->second->placed || !b->second->placed) return std::nullopt;
    const auto d = distance(a->second->at, b->second->at);
    if (!d) return std::nullopt;
    return SceneMeasure{static_cast<double>(*d), ""};
}

}  // namespace ironlog::rules::tmbv
