// Attack and Defense's bookkeeping of a battery's arcs in a turn, shared by the engine and the
// generator: the coefficient left after the reductions, an arc that may no longer fire, and the
// reductions a shot makes.
#pragma once

#include "rules/admiral/state.hpp"

#include <optional>

namespace ironlog::rules::admiral {

Section section_of(Arc a);
// The battery's coefficients in an arc now: printed, less this turn's reductions; none: it cannot fire there.
std::optional<Coefficient> coefficient_now(const Unit& u, int battery, Arc arc);
// Reduced to 1 or 0 (primary) or to 0 (secondary, tertiary), an arc fires no more this turn.
bool arc_blocked(const Unit& u, int battery, Arc arc);
// Whether the battery may fire in the arc: a coefficient there, not fired there this turn, not
// blocked, and for the primary not the second side in one turn.
bool arc_open(const Unit& u, int battery, Arc arc);
// A shot in an arc: the arcs beside it lose the printed long coefficient (primary) or half of it
// rounded up (secondary, tertiary) for the rest of the turn.
void use_arc(Unit& u, int battery, Arc arc);

}  // namespace ironlog::rules::admiral
