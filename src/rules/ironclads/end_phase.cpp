// Ironclads: the End phase: ships sunk, and the end of the game.
#include "rules/ironclads/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

void IroncladsEngine::end_of_turn(GameContext& ctx, ngn::SourcePos at) {
    ctx.judged(kSunk);
    ctx.judged(kEnding);
    // Phase 4A: a ship with no hull left sinks, whether or not the record says so.
    for (auto& s : ships_) {
        if (s->rules_stat[kHull].value_or(0) > 0 && s->card.hull == 0)
            s->follows(kHull, *s->rules_stat[kHull], ctx.findings, at);  // not sunk: as the rules say
        if (s->on_table() && s->has_card && s->card.hull == 0) {
            s->sunk = true;
            s->gone.leave("sank at the end of turn " + std::to_string(turn_), s->hull_lost_line);
            if (s->unread_end.excuses(turn_, ctx.findings, at, s->name + " sank, as the line not read may have said")) continue;
            s->unsaid_sinking = at;  // said at the end of the record, unless a later line of it is the finding
        }
    }
    // Phase 4B: the game ends when a side has no ships on the table.
    if (game_over_turn_ < 0) {
        for (const Entity* side : ctx.symbols.sides()) {
            auto own = ships_of(side->index);
            if (!own.empty() && std::none_of(own.begin(), own.end(), [](Ship* s) { return s->on_table() || s->unsaid_sinking || s->gone.cause(); }))
                game_over_turn_ = turn_;
        }
    }
}

void IroncladsEngine::sinks(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kSunk);
    std::optional<Cause> wrong;
    if (s.card.hull > 0 && s.has_card && !s.shows_unrecorded(kHull, 0, ctx.findings, e.subject.pos) &&
        !s.follows(kHull, 0, ctx.findings, e.subject.pos))
        wrong = Findings::cause_of(ctx.findings.error(Kind::Illegal, kSunk, e.subject.pos, "a ship sinks when it has no hull stats left",
                                                      "hull 0", "hull " + std::to_string(s.card.hull)));
    s.sunk = true;
    // a sinking the rules do not give: a later line of the ship shows it was a slip, no second finding
    s.gone.leave("sank in turn " + std::to_string(turn_), e.subject.pos.line, wrong);
}

}  // namespace ironlog::rules::ironclads
