// The "as played" kit: how every engine keeps "one mistake, one finding".
//
// Where a record parts from the rules, the engine reports the mistake once and the replay goes on
// from what the players played. A later line may then follow the players' value or the rules';
// neither is a new mistake. An `AsPlayed<T>` keeps both values and the finding that parted them;
// a later line that follows from that finding is excused (`Findings::excuse`), not reported
// again. docs/architecture.md has a worked example.
#pragma once

#include "check/finding.hpp"

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

}  // namespace ironlog
