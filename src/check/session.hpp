// A record being written: its text, checked again as it changes. The language server, the
// recorder and `ironlog check` of a single text go through it. What it reports is exactly what
// `ironlog check` reports of the same text (check_text). A change inside the body of the last
// game (a line appended, the last lines typed or removed), the recorder's and an editor's usual
// change at the table, is read alone: only its lines are read and added to the game as held.
// Any other change has the whole text read again (the reader is the cheap part). Either way only
// the games whose lines changed are replayed: each from the last turn or phase boundary before
// the change where its engine can copy its state (Engine::clone), else from its start.
#pragma once

#include "check/file_report.hpp"
#include "check/replay.hpp"
#include "check/report.hpp"
#include "check/scene.hpp"
#include "notation/record.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog {

// What may be written after a line: for completion in an editor and the recorder's prompt.
struct NextSteps {
    std::string at;                      // where play stands: "turn 3, phase firing"
    std::vector<std::string> headings;   // "segment gunfire", "phase end", "turn 4"
    std::vector<std::string> verbs;      // the ruleset's actions: "move", "fire" ...
    struct Piece {
        std::string alias;  // as lines write it
        std::string name;   // its full name
        std::string kind;   // ship, unit, side ...
        std::string side;   // its side's name ("" for a side)
        bool sunk = false;  // sunk, destroyed or gone from play at that point
    };
    std::vector<Piece> pieces;           // declared so far, sides included
    std::string ruleset;                 // "" before the header names one
};

// The dice the rules fix for a line being written: what the checker would accept there.
struct DiceNeeded {
    std::string dice;  // "3d6", "d10"
    RuleRef rule;      // the case that fixes the count
    std::string why;   // the check's own words: "the salvo rolls 3 guns at long range"
};

// A declared thing of a game: where its declaration stands (go to definition, outline).
struct Declared {
    std::string alias, name, kind, side;
    ngn::SourcePos pos;
};

class Session {
public:
    explicit Session(CheckOptions options, std::string path = "<session>", ngn::ParseOptions parse = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // The whole text, replaced.
    void set_text(std::string text);
    // Lines first .. first + count - 1 (from 1) replaced by the lines of `text` ("" removes them;
    // first = line_count() + 1 adds at the end). A text without a final line ending joins the
    // line after it, as an editor's edit does.
    void replace_lines(std::uint32_t first, std::uint32_t count, std::string_view text);
    // One line added at the end (the recorder's line); its line ending is added.
    void append_line(std::string_view line);

    const std::string& text() const { return text_; }
    std::uint32_t line_count() const;
    std::string_view line(std::uint32_t number) const;  // without its line ending; "" past the end

    // The findings of the text as `ironlog check` reports them.
    const FileReport& report();

    // The games as read, in file order (nothing for a text that holds none), and the one a line
    // belongs to (from the game's first tag to its last line; null between games).
    std::vector<const ngn::Game*> games();
    const ngn::Game* game_at(std::uint32_t line);
    std::size_t game_index(const ngn::Game* game);  // from 1

    // The game's state after a line, as `ironlog state --at 'line N'` describes it, its picture,
    // and what may be written next.
    std::string state_after(std::uint32_t line);
    std::optional<Scene> scene_after(std::uint32_t line);
    NextSteps next_after(std::uint32_t line);
    // The dice a line being written needs (`typed`: its actor, verb and arguments, no dice yet),
    // where the rules fix them at that point of the game; none where they do not, or the line
    // does not read as an event.
    std::optional<DiceNeeded> dice_needed(std::uint32_t line, std::string_view typed);
    // The things declared in the game that holds a line.
    std::vector<Declared> declared(std::uint32_t line);

    // The files a record names (a ship library) may have changed: replay every game again.
    void forget_checks();

    // How much the last report() did (the benchmark and tests read it).
    struct Work {
        std::size_t games_read = 0;      // games in the text
        std::size_t games_replayed = 0;  // of those, replayed again
        std::size_t lines_replayed = 0;  // lines of the games replayed
        std::size_t lines_read = 0;      // lines read by the reader: the text's, or a change's alone
    };
    const Work& last_work() const { return work_; }

private:
    struct Checked;
    void changed(std::size_t from);
    void read_all();
    bool read_tail();
    bool may_read_tail(std::uint32_t& from_line);
    void replay_again(Checked& c);
    std::unique_ptr<Checked> replay_whole(ngn::Game&& game);
    std::unique_ptr<Checked> go_on(std::unique_ptr<Checked> old, ngn::Game&& game, const std::string& key);
    void replay_from(Checked& c, std::unique_ptr<Replay> replay, std::size_t from);
    const Checked* checked_at(std::uint32_t line);
    template <class F>
    auto replay_to(std::uint32_t line, F&& with);
    std::unique_ptr<Replay> replay_before(const Checked& c, std::uint32_t line);
    std::optional<Finding> dice_finding(const Checked& c, std::uint32_t line, std::string_view typed, int count, const DieSpec& die);

    CheckOptions options_;
    std::string path_;
    ngn::ParseOptions parse_;
    std::string text_;
    std::vector<std::size_t> line_starts_;  // byte offset of each line (from line 1)
    bool dirty_ = true;
    std::size_t changed_from_ = 0;  // bytes before it are as the last report read them
    std::size_t reported_size_ = std::string::npos;  // the text's size at the last report
    FileReport report_;
    std::vector<std::unique_ptr<Checked>> games_;  // the last report's, in file order
    Work work_;
};

}  // namespace ironlog
