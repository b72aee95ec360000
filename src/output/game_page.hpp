// A game's report as one self-contained HTML page (`ironlog report`, docs/report.md): the board
// at every line of the game with a stepper (buttons, a slider, arrow keys, #line-N), the record's
// text beside it with the current line marked, every finding at its line and on the board at its
// piece, each piece's state, and the dice. The pictures are the SVG writer's (svg.hpp); the page
// is filled a step at a time as the game is replayed, so no step's scene is kept. Every text of
// the record is escaped; the page loads nothing from outside itself.
#pragma once

#include "check/finding.hpp"
#include "check/scene.hpp"
#include "output/event_page.hpp"
#include "output/svg.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace ironlog::output {

// Where a step stands in the record: the line replayed last, and how many turn and phase
// headings came before it (the stepper's turn and phase jumps).
struct StepPlace {
    std::uint32_t line = 0;
    std::size_t turn = 0, phase = 0;
    std::string actor;  // the piece the line's subject names ("" none): a finding's marker is drawn at it
};

// A line of the record that has dice: who rolled them, the kind of roll, the dice as written
// and what the line says they decided (its claim).
struct DiceLine {
    std::uint32_t line = 0;
    std::string who, kind, dice, decided;
};

struct GamePageText {
    std::string title;                                        // the game's Event, or the file's name
    std::string file;                                         // the record's name as given
    std::vector<std::pair<std::string, std::string>> tags;    // the header
    std::uint32_t first_line = 1;                             // of `lines`
    std::vector<std::string> lines;                           // the game's text, one per line
    std::vector<DiceLine> dice;
    std::optional<DiceSection> dice_statistics;               // the game's dice tested, as the event page shows them
    std::vector<std::string> notes;                           // what the report could not show
};

class GamePage {
public:
    // `pictures` fitted to every scene of the game; `findings` the game's, in line order.
    GamePage(Pictures pictures, std::vector<Finding> findings);
    void add_step(const StepPlace& place, const Scene& scene);
    void write(std::ostream& os, const GamePageText& text) const;
    std::size_t steps() const { return steps_.size(); }

private:
    struct Step {
        StepPlace place;
        std::size_t at = 0, board = 0, acts = 0, marker = 0;
        std::vector<long> changes;  // slot, picture, roster row, x, y: the pieces that changed
    };
    std::size_t intern(std::string text);
    std::size_t slot(const std::string& piece_id);
    std::string marker(const Scene& scene, const std::vector<DrawnPiece>& drawn, const StepPlace& place) const;
    void write_stepper(std::ostream& os) const;
    void write_board(std::ostream& os, const GamePageText& text) const;
    void write_steps(std::ostream& os) const;
    void write_record(std::ostream& os, const GamePageText& text) const;
    void write_findings(std::ostream& os) const;

    Pictures pictures_;
    std::vector<Finding> findings_;
    std::map<std::uint32_t, std::vector<std::size_t>> findings_at_;  // line -> findings_ indexes
    std::vector<std::string> fragments_{std::string()};              // 0 is the empty text
    std::unordered_map<std::string, std::size_t> interned_;
    std::map<std::string, std::size_t> slots_;
    std::vector<std::pair<std::size_t, std::size_t>> current_;       // each slot's picture and row
    std::vector<SceneArea> areas_;
    std::size_t board_ = 0;
    std::vector<std::string> sides_, notes_;
    std::vector<std::string> colours_;  // each slot's side colour, for its track
    std::vector<Step> steps_;
};

}  // namespace ironlog::output
