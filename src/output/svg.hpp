// A game's state as one standalone SVG picture (`ironlog state --at WHERE --svg`): the playing
// area of a Scene (check/scene.hpp), its pieces, the line of the last act, a legend naming the
// sides, a roster of each piece's state and the scene's notes. Every text is escaped; the
// picture refers to nothing outside itself (no scripts, fonts, images or links). docs/report.md.
#pragma once

#include "check/scene.hpp"

#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ironlog::output {

// With `arcs`, each piece's firing arcs are drawn (visible); without, they are left out.
void write_svg(std::ostream& os, const Scene& scene, bool arcs = false);

// How a picture draws the pieces' firing arcs (ScenePiece::arcs): not at all, or as elements of
// class "arc" shown, or hidden (display="none", which a page's CSS rule such as
// `.show-arcs .arc{display:inline}` overrides).
enum class ArcDrawing { None, Hidden, Shown };

// A piece as a picture draws it: SVG elements (empty when it is not on the board) and the point
// of the picture it is drawn at.
struct DrawnPiece {
    std::string svg;
    std::optional<std::pair<double, double>> centre;
};

struct BoardLayout;

// The pictures of a game's scenes on one frame, fitted to every scene of the game, so that a
// stepper's pictures line up (the HTML report, game_page.hpp). Each part is SVG elements for
// an <svg> of width() x height(), every text escaped.
class Pictures {
public:
    Pictures();  // arcs hidden, for a page to show on demand
    explicit Pictures(ArcDrawing arcs);
    void fit(const Scene& s);  // the frame grows to hold s: call it for every scene, then draw
    double width() const;
    double height() const;
    // The table, the hexes of every scene fitted, or the areas of this one (their words change:
    // a port's controller), without pieces.
    std::string board(const Scene& s) const;
    bool board_follows_scene() const;  // whether board() changes with the scene (an area map)
    std::string act_lines(const Scene& s) const;  // the line of the last act
    std::vector<DrawnPiece> pieces(const Scene& s) const;  // one for each of s.pieces

private:
    std::shared_ptr<BoardLayout> layout_;
};

// Where a scene stands, as its caption says: "turn 3, phase firing, after line 86".
std::string scene_place(const Scene& s);
// A piece's alias, full name and state words in one line, as a roster lists it.
std::string roster_line(const ScenePiece& piece);
// The colour of a side (an index into Scene::sides; -1 none) in every picture.
std::string side_colour(int side);

// Text made safe for XML content and attribute values: & < > " ' escaped, characters XML
// forbids and malformed UTF-8 replaced by U+FFFD, and the invisible bidirectional controls
// (a right-to-left override ...) shown as [U+202E] so a name cannot disguise the text after it.
std::string xml_text(std::string_view text);

}  // namespace ironlog::output
