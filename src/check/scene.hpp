// What to draw of a game at a point of its replay: the playing area, the pieces on it and the
// line of the last act between two of them. Ruleset-neutral and data only: an engine fills it
// from its own game model (Engine::scene), a writer in the output layer (src/output/svg.hpp)
// draws it. It says WHAT is there, never how it looks; what an engine cannot say (a hull's
// length without its data file) is left out and named in the notes, never made up.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ironlog {

enum class SceneGeometry {
    Table,  // a table measured in cm (x to the right, y up the table; headings clockwise from +y)
    Hexes,  // a hex board: places are hex centres, hexes of circumradius 1, y up the map
    Areas,  // an area map: places are the map's areas, which touch which
};

struct ScenePoint {
    double x = 0, y = 0;
    friend bool operator==(const ScenePoint&, const ScenePoint&) = default;
};

// A hex of the board, with what the record's map says it holds (woods, river ...).
struct SceneHex {
    std::string id;  // as the record writes it: "0405", or "A:1009" with a board
    ScenePoint centre;
    std::vector<std::string> terrain;
    friend bool operator==(const SceneHex&, const SceneHex&) = default;
};

// An area of an area map, and the areas it touches.
struct SceneArea {
    std::string name;
    bool port = false;
    std::vector<std::string> touches;
    std::vector<std::string> words;  // "ice", "harbour 2" ...
    friend bool operator==(const SceneArea&, const SceneArea&) = default;
};

// A firing arc of a piece, as its ruleset's gunnery classifies bearings: from `from` to `to`
// degrees clockwise relative to the heading (from < to, from may be negative: -45 to 45 is dead
// ahead), out to `range` in the area's units where the rules fix a piece's longest reach.
struct SceneArc {
    std::string name;  // as the ruleset names it: "bow", "port", "fwd" ...
    double from = 0, to = 0;
    std::optional<double> range;
    friend bool operator==(const SceneArc&, const SceneArc&) = default;
};

struct ScenePiece {
    std::string id;    // the record's alias (or name), as its lines write it
    std::string name;  // its full name
    std::string kind;  // "ship", "unit", "fleet", "leader" ...
    int side = -1;     // index into Scene::sides; -1 without a side
    // Where it is: a point on a table or a hex centre (`hex` then names the hex); on an area
    // map, `area` (and `box`, a port's blockade box) name the place. Unplaced pieces have none.
    std::optional<ScenePoint> at;
    std::string hex;
    std::string area, box;
    std::optional<double> heading;  // degrees clockwise from up the table or map
    // Its size to scale in the area's units (a base's length along the heading, its width),
    // where the engine knows it.
    std::optional<double> length, width;
    bool sunk = false;               // sunk, destroyed or scuttled
    bool gone = false;               // off the playing area (left the table, broke off ...)
    std::vector<std::string> state;  // words a player reads: "speed 8", "hull 2 of 4", "on fire"
    std::vector<SceneArc> arcs;      // its firing arcs (drawn on demand); none where unknown
};

// A distance between two pieces measured the way the ruleset measures it (Engine::measure):
// in cm on a table, in hexes on a hex board.
struct SceneMeasure {
    double value = 0;
    std::string between;  // what it is measured between: "conning towers", "base centres"
};

// A line between two pieces: the fire or ram of the last act.
struct SceneLine {
    std::string from, to;  // piece ids
    std::string kind;      // the verb: "fire", "ram", "torpedo", "attack"
    std::uint32_t line = 0;  // the record's line
    std::optional<SceneMeasure> measured;  // by the engine, from the pieces' places
    std::optional<double> recorded;        // the distance the line writes (a number in cm), if any
};

struct Scene {
    SceneGeometry geometry = SceneGeometry::Table;
    std::string title;               // the game's Event
    std::string at;                  // where the replay stands: "turn 3, phase firing"
    std::uint32_t after_line = 0;    // the event line replayed last there (0: none since a heading)
    std::vector<std::string> sides;  // names, in the record's order
    // Table: its size in cm when known (else the picture fits the pieces).
    std::optional<double> width, height;
    std::vector<SceneHex> hexes;     // Hexes: the hexes to draw (the board's, or those in use)
    std::vector<SceneArea> areas;    // Areas: the map's areas
    std::vector<ScenePiece> pieces;
    std::vector<SceneLine> lines;
    std::vector<std::string> notes;  // what could not be drawn, and why
};

}  // namespace ironlog
