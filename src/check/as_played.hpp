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

}  // namespace ironlog
