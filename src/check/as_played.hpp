// The "as played" kit: how every engine keeps "one mistake, one finding".
//
// Where a record parts from the rules, the engine reports the mistake once and the replay goes on
// from what the players played. A later line may then follow the players' value or the rules';
// neither is a new mistake. An `AsPlayed<T>` keeps both values and the finding that parted them;
// a later line that follows from that finding is excused (`Findings::excuse`), not reported
// again. docs/architecture.md has a worked example.
#pragma once

#include "check/finding.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace ironlog {

template <class T>
class AsPlayed {
public:
    AsPlayed() = default;
    AsPlayed(T value) : rules_(value), played_(std::move(value)) {}  // NOLINT: a value both agree on

    const T& rules() const { return rules_; }
    const T& played() const { return played_; }
    // The finding that parted the two; none while they agree.
    const std::optional<Cause>& cause() const { return cause_; }
    bool parted() const { return cause_.has_value(); }

    // The rules and the play agree on `value` (a new value, or a slip settled).
    void agree(T value) {
        rules_ = value;
        played_ = std::move(value);
        cause_.reset();
    }
    // The players played `played` where the rules give `rules`; `why` reported it.
    void part(T rules, T played, Cause why) {
        rules_ = std::move(rules);
        played_ = std::move(played);
        if (rules_ == played_) cause_.reset();
        else cause_ = std::move(why);
    }
    // Whether a later line's value follows from the game as played: the players' value, or the
    // rules' while the two are parted (the reported mistake was a slip of the pen).
    bool fits(const T& value) const { return value == played_ || (parted() && value == rules_); }

private:
    T rules_{};
    T played_{};
    std::optional<Cause> cause_;
};

// A mistake reported in one game turn: the lines of that turn that follow from it are excused by
// it. e.g. a damage line that could not be read: the turn's damage counts are taken as played.
class MistakeIn {
public:
    void mark(int turn, Cause why) {
        turn_ = turn;
        cause_ = std::move(why);
    }
    void clear() { cause_.reset(); }
    bool in(int turn) const { return cause_ && turn_ == turn; }
    std::optional<Cause> cause_in(int turn) const { return in(turn) ? cause_ : std::nullopt; }
    int turn() const { return cause_ ? turn_ : -1; }  // -1: none
    const std::optional<Cause>& cause() const { return cause_; }
    // When the mistake was in `turn`: what a line at `pos` would have said is excused. True if so.
    bool excuses(int turn, Findings& findings, ngn::SourcePos pos, std::string what) const {
        if (!in(turn)) return false;
        findings.excuse(*cause_, pos, std::move(what));
        return true;
    }

private:
    int turn_ = -1;
    std::optional<Cause> cause_;
};

// Up to a number of things a reported mistake may have left unrecorded (stats crossed off with no
// line, say), which later lines may show: each one shown is taken as played, excused by it.
class Allowance {
public:
    int left() const { return left_; }
    explicit operator bool() const { return left_ > 0; }
    void add(int n, Cause why) {
        left_ += n;
        cause_ = std::move(why);
    }
    // At least n, for one mistake that may have left up to n unrecorded.
    void at_least(int n, Cause why) {
        if (n <= left_) return;
        left_ = n;
        cause_ = std::move(why);
    }
    void clear() {
        left_ = 0;
        cause_.reset();
    }
    // Takes n of them for a line at `pos` that shows them (excused by the mistake); false when
    // fewer than n are left.
    bool take(int n, Findings& findings, ngn::SourcePos pos, std::string what) {
        if (n <= 0 || n > left_ || !cause_) return false;
        left_ -= n;
        findings.excuse(*cause_, pos, std::move(what));
        return true;
    }

private:
    int left_ = 0;
    std::optional<Cause> cause_;
};

// A piece (a ship, a unit) that has left play by the rules (sunk, struck, off the table) and that
// the record plays on with: its first act after leaving is one finding, which says why it left
// ("RdI sank at the end of turn 1 (line 23): a sunk ship takes no further part"); every later
// act of it, and every line of another piece that follows from one (a save against its salvo),
// is excused by that finding. The engine keeps one for each piece, and takes the acts of a piece
// that is gone as done by their place in the sequence, without judging them.
class Gone {
public:
    // The piece left play: how and when ("sank at the end of turn 1"), and the line that shows
    // why (its last hull stat crossed off, its `sinks` line; 0 when no line does). `reported`:
    // the finding that said the leaving was wrong (a sinking the rules do not give), when it
    // was: a later act then shows that was a slip, excused by it, and no second finding.
    void leave(std::string how, std::uint32_t line, std::optional<Cause> reported = std::nullopt) {
        how_ = std::move(how);
        line_ = line;
        cause_ = std::move(reported);
    }
    // Back in play after all (a later line showed the rules keep it: a slip settled).
    void clear() {
        how_.reset();
        cause_.reset();
    }
    bool gone() const { return how_.has_value(); }
    explicit operator bool() const { return gone(); }  // `if (p.gone)`, as a flag that it is gone
    // Why it is gone, as a finding says it: "sank at the end of turn 1 (line 23)".
    std::string reason() const {
        if (!how_) return {};
        return line_ ? *how_ + " (line " + std::to_string(line_) + ")" : *how_;
    }
    // A line at `pos` in which the gone piece still takes part. The first gives one error citing
    // `rule`: `who` + " " + reason() + ": " + `says` (who: "RdI", or "FM fires at RdI, which");
    // each later one is excused by it, as `what`. Returns that finding's cause, for the lines
    // of other pieces that follow from this one.
    Cause takes_part(Findings& findings, const RuleRef& rule, ngn::SourcePos pos, const std::string& who, const std::string& says,
                     std::string what) {
        if (cause_) {
            findings.excuse(*cause_, pos, std::move(what));
            return *cause_;
        }
        cause_ = Findings::cause_of(findings.error(Kind::Illegal, rule, pos, who + " " + reason() + ": " + says));
        return *cause_;
    }
    // The finding of its first act after leaving; none while it has taken no part since.
    const std::optional<Cause>& cause() const { return cause_; }

private:
    std::optional<std::string> how_;
    std::uint32_t line_ = 0;
    std::optional<Cause> cause_;
};

}  // namespace ironlog
