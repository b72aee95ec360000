#include "check/lookahead.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog {

EventsAhead::EventsAhead(const ngn::Game& game, const Symbols& symbols, const std::function<bool(const ngn::Event&)>& wanted) {
    for (const ngn::Line& line : game.lines) {
        const ngn::Event* e = line.as<ngn::Event>();
        if (!e || e->args.empty() || !wanted(*e)) continue;
        if (const Entity* actor = symbols.find(reference_text(e->subject))) by_actor_[actor].emplace_back(line.pos.line, e);
    }
}

const ngn::Event* EventsAhead::next(const Entity* actor, std::uint32_t line) const {
    auto it = by_actor_.find(actor);
    if (it == by_actor_.end()) return nullptr;
    const auto& events = it->second;  // in line order
    auto after = std::upper_bound(events.begin(), events.end(), line, [](std::uint32_t l, const auto& x) { return l < x.first; });
    return after == events.end() ? nullptr : after->second;
}

}  // namespace ironlog
