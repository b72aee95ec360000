// Replays one game: the common checks every ruleset gets, then the ruleset's engine, then
// the record's rulings. The result is the game's findings (and, on request, its state).
#pragma once

#include "check/engine.hpp"
#include "check/finding.hpp"
#include "check/report.hpp"
#include "check/ruleset.hpp"
#include "notation/record.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ironlog {

// Where `ironlog state --at` stops: after a line, or where a heading begins.
struct StopAt {
    std::optional<std::uint32_t> after_line;
    // "turn 3 phase firing": stop when this heading is reached, before its events.
    std::vector<std::pair<ngn::HeadingKind, std::string>> headings;
    bool reached = false;

    static std::optional<StopAt> parse(std::string_view text, std::string& error);
};

struct CheckOptions {
    explicit CheckOptions(const RulesetList& known, std::filesystem::path base = ".") : rulesets(&known), base_dir(std::move(base)) {}

    const RulesetList* rulesets;           // the rulesets a record may name (src/rules/registry.hpp)
    std::filesystem::path base_dir = ".";  // where the files a record names are looked for
    bool count_cases = false;              // GameReport::cases: which cases lines were judged under
    // The record is being written (the recorder): where it stops, the game goes on. Nothing is
    // concluded from its end (a step, a roll or a line still to come, the result), and a look
    // ahead that finds no later line takes it as not written yet (GameContext::in_progress).
    bool in_progress = false;
};

// The state at a point of a game as data (`ironlog state --format json`, docs/output.md); the
// text of describe_state is written from it.
struct StateSummary {
    struct Last {
        std::uint32_t line = 0;
        std::string act;
        std::optional<std::string> claim;
    };
    struct Piece {
        std::string kind, label, name;  // name: the full name when the label is an alias, else ""
        std::string declared;            // the declaration's arguments, as written
        std::vector<std::string> setups;
        std::vector<Last> last;
        std::optional<std::string> position;  // when the engine's view does not give it
    };
    struct Side {
        std::size_t number = 0;
        std::string name, alias;
        std::vector<std::string> players;
        std::vector<Piece> pieces;
    };
    std::size_t game = 0;
    std::optional<std::string> event;
    std::uint32_t first_line = 0, last_line = 0;
    std::optional<std::string> ruleset;  // none: no known ruleset, nothing replayed
    std::string variant;
    std::optional<std::string> at;
    std::vector<Side> sides;
    std::vector<Piece> without_side;  // kind and label only
    std::string engine_view;          // the ruleset engine's own view, as text
};

class Replay {
public:
    Replay(const ngn::Game& game, std::size_t index, CheckOptions options);
    ~Replay();

    // Replays the game (to the end, or to `stop`).
    void run(StopAt* stop = nullptr);
    // The same a line at a time (run() does all three): the header read and the engine made
    // (false when the game is not replayed: then no line and no end), each line in order, then
    // the end (to_the_end: the record's [Result] is judged).
    bool start();
    void line(const ngn::Line& line);
    void end(bool to_the_end = true);
    // A copy of the replay as it stands, to go on from here with the same game (a session's game,
    // whose lines from here on may since have been replaced); none when it was not replayed or
    // its ruleset's engine cannot copy its state (Engine::clone). The copy shares the declared
    // entities with this replay (the engine's state points at them): neither may replay a
    // declaration, set-up or terrain line afterwards.
    std::unique_ptr<Replay> copy() const;
    // Called after each line is replayed, before the next (a report's stepper takes a scene
    // there); set before run.
    void after_each_line(std::function<void(const ngn::Line&)> call) { after_line_ = std::move(call); }
    GameReport report() const;
    // The findings so far, in the order they were found (report() sorts them by position).
    const std::vector<Finding>& findings_so_far() const { return findings_.all(); }
    // The state at the point the replay stopped.
    std::string describe_state() const;
    StateSummary state_summary() const;
    // What to draw at that point (check/scene.hpp); none when the ruleset's engine cannot draw.
    std::optional<Scene> scene() const;
    // Where the replay stands in the sequence of play, and what may be written next (an
    // editor's completion, the recorder's prompt); none before play or when not replayed.
    const SequenceTracker* sequence() const { return tracker_.get(); }
    const Engine* engine() const { return engine_.get(); }
    const Symbols& symbols() const { return *symbols_; }
    const HeaderInfo& header() const { return header_; }

private:
    StateSummary::Piece piece_summary(const Entity& e) const;
    void declaration(const ngn::Line& line, const ngn::Declaration& d);
    void setup(const ngn::Line& line, const ngn::Setup& s);
    void terrain(const ngn::Line& line, const ngn::Terrain& t);
    void event(const ngn::Line& line, const ngn::Event& e);
    void ruling(const ngn::Line& line, const ngn::Ruling& r);
    void result();
    void apply_rulings();
    void bind_context();
    bool stops_at_heading(const StopAt* stop) const;

    const ngn::Game& game_;
    std::size_t index_;
    CheckOptions options_;
    Findings findings_;
    std::map<std::string, std::size_t> cases_;  // when options_.count_cases
    HeaderInfo header_;
    std::shared_ptr<Symbols> symbols_;  // shared with copies (copy())
    std::unique_ptr<SequenceTracker> tracker_;
    Cursor empty_cursor_;
    std::unique_ptr<Engine> engine_;
    std::unique_ptr<GameContext> context_;
    int current_side_ = -1;
    bool replayed_ = false;
    bool heading_seen_ = false;
    std::size_t events_ = 0;
    const ngn::Line* last_event_ = nullptr;
    std::function<void(const ngn::Line&)> after_line_;
    struct PendingRuling {
        const ngn::Line* line;
        const ngn::Ruling* ruling;
        std::optional<std::uint32_t> event_line;  // none = the whole game
        bool used = false;
    };
    std::vector<PendingRuling> rulings_;
    std::vector<std::pair<const Entity*, const ngn::Line*>> last_seen_;  // last event of each actor
    std::vector<std::pair<const Entity*, const ngn::Item*>> last_position_;  // last position recorded for each
};

// Checks a game from start to end.
GameReport check_game(const ngn::Game& game, std::size_t index, const CheckOptions& options);

}  // namespace ironlog
