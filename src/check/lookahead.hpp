// Looking ahead in the record: what a later line shows of a state the record left out (a ship's
// move left out shows in where its next move starts). The events wanted are indexed once a
// game, by the entity that acts, so that a look ahead is a search, never a scan of the record.
#pragma once

#include "check/symbols.hpp"
#include "notation/record.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

namespace ironlog {

class EventsAhead {
public:
    EventsAhead() = default;
    // Indexes the events of `game` that `wanted` accepts by their actor.
    EventsAhead(const ngn::Game& game, const Symbols& symbols, const std::function<bool(const ngn::Event&)>& wanted);
    // The first such event of `actor` on a line after `line`; null when there is none.
    const ngn::Event* next(const Entity* actor, std::uint32_t line) const;

private:
    std::map<const Entity*, std::vector<std::pair<std::uint32_t, const ngn::Event*>>> by_actor_;
};

}  // namespace ironlog
