// Follows a record's turn, phase, segment, impulse and step headings against the ruleset's
// sequence of play, reporting headings that are unknown, misplaced or out of order. The
// replay always moves on to the heading the record gives (as played), so one mistake is one
// finding.
#pragma once

#include "check/finding.hpp"
#include "check/ruleset.hpp"
#include "notation/record.hpp"

#include <deque>
#include <string>
#include <vector>

namespace ironlog {

// Where the replay stands.
struct Cursor {
    struct Level {
        const SequenceNode* node = nullptr;
        std::string label;  // as written
        int number = 0;     // numbered levels (impulses)
        std::vector<const SequenceNode*> seen;  // children met so far under this level
        int last_fixed = -1;                    // index of the last non-floating child met
    };
    bool started = false;  // a turn heading has been met
    std::string turn_label;
    int turn_number = 0;   // turn 3 -> 3; turn 1805-10 -> months since year 0
    std::vector<Level> path;  // open headings below the turn (or before play)

    std::string text() const;  // "turn 3, phase firing, segment gunfire"
    const SequenceNode* phase() const { return path.empty() ? nullptr : path.front().node; }
    // The name of the open heading of the given kind, or "".
    std::string open(ngn::HeadingKind kind) const;
};

class SequenceTracker {
public:
    SequenceTracker(const Sequence& sequence, bool setup, Findings& findings);
    // A copy that reports into other findings (a replay's copy: Replay::copy).
    SequenceTracker(const SequenceTracker& from, Findings& findings);

    void heading(const ngn::Heading& heading, ngn::SourcePos pos);
    // Says (once per stretch) when an event does not stand inside a phase.
    void event_place(ngn::SourcePos pos);

    const Cursor& cursor() const { return cursor_; }
    // The headings the sequence of play allows next, as a record writes them ("segment gunfire",
    // "phase end", "turn 4"): the open heading's children first, then its siblings still to
    // come, up to the next turn.
    std::vector<std::string> next_headings() const;

private:
    void turn(const ngn::Heading& heading, ngn::SourcePos pos);
    const std::vector<SequenceNode>& children_at(std::size_t depth) const;
    bool check_numbered(const SequenceNode& node, const Cursor::Level* previous, const ngn::Heading& h, ngn::SourcePos pos,
                        int& number);
    void misplaced(const ngn::Heading& h, ngn::SourcePos pos);

    const Sequence& sequence_;
    bool setup_;
    Findings& findings_;
    Cursor cursor_;
    std::deque<SequenceNode> unknown_;  // placeholders (no name) for unknown or misplaced headings
    std::vector<const SequenceNode*> root_seen_;
    int root_last_fixed_ = -1;
    bool any_heading_ = false;
    bool numbered_seen_ = false;
    bool event_reported_ = false;
};

}  // namespace ironlog
