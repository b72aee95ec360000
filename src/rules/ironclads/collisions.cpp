// Ironclads: Movement/Collisions: the losses by the moving ship's speed, to both ships; both
// stop, and neither fires in the firing phase that follows.
#include "rules/ironclads/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

void IroncladsEngine::collide(const ngn::Event& e, Ship& s, Ship& other, ngn::SourcePos pos, GameContext& ctx) {
    ctx.judged(kCollisions);
    int v = s.speed;
    int prop = v >= 9 ? 5 : v >= 5 ? 3 : 2;
    int hull = v >= 9 ? 2 : 1;
    // (a stopped ship is defined with the current speed: it does not move)
    if (v == 0) {  // no collision by the rules: the other ship is not held to one
        ctx.findings.error(Kind::Illegal, kSpeed, pos, "a stopped ship does not move, so it cannot collide");
        return;
    }
    // a claim of the losses: prop N hull N
    std::optional<int> cl_prop, cl_hull;
    if (e.claim)
        for (std::size_t i = 0; i + 1 < e.claim->size(); ++i) {
            const auto* n = (*e.claim)[i + 1].as<ngn::Number>();
            if (!n) continue;
            if (is_word((*e.claim)[i], "prop")) cl_prop = std::abs(n->as_int());
            if (is_word((*e.claim)[i], "hull")) cl_hull = std::abs(n->as_int());
        }
    std::optional<Cause> wrong_claim;
    if ((cl_prop && *cl_prop != prop) || (cl_hull && *cl_hull != hull))
        wrong_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kCollisions, e.claim_pos,
                           "a collision at speed " + std::to_string(v) + " costs both ships " + std::to_string(prop) +
                               " propulsion and " + std::to_string(hull) + " hull",
                           "prop " + std::to_string(prop) + " hull " + std::to_string(hull),
                           "prop " + std::to_string(cl_prop.value_or(prop)) + " hull " + std::to_string(cl_hull.value_or(hull))));
    // as played: the card follows the claim, the rules' value kept beside it, so that a later
    // line showing the rules' losses is no second finding
    const int played_prop = cl_prop.value_or(prop), played_hull = cl_hull.value_or(hull);
    for (Ship* x : {&s, &other}) {
        x->played(kProp, std::max(0, x->card.prop - played_prop), std::max(0, x->rules_value(kProp) - prop), wrong_claim);
        x->played(kHull, std::max(0, x->card.hull - played_hull), std::max(0, x->rules_value(kHull) - hull), wrong_claim);
        x->speed = 0;
        x->astern = false;
        x->collided_turn = turn_;
        x->speeds.push_back(0);
    }
}

}  // namespace ironlog::rules::ironclads
