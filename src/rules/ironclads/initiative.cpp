// Ironclads: the sea state (rolled before the game) and the initiative (each game turn).
#include "rules/ironclads/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

void IroncladsEngine::sea_state_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    ctx.judged(kSeaState);
    if (!sea_pos_.valid()) sea_pos_ = e.subject.pos;
    const ngn::Dice* d = ctx.dice_ok ? one_d6(e, kSeaState, ctx) : nullptr;
    if (sea_rolls_.count(actor.index))
        ctx.findings.error(Kind::Illegal, kSeaState, e.subject.pos, actor.name + " has already rolled for the sea state");
    sea_rolls_[actor.index] = d ? d->faces[0].value : 0;  // 0: rolled, but the die cannot be read
    std::string claim = lower(claim_word(e));
    if (claim.empty()) return;
    if (claim != "rough" && claim != "calm") {
        ctx.findings.error(Kind::Inconsistent, kSeaState, e.claim_pos, "the sea state is rough or calm", "rough or calm", claim);
        return;
    }
    const bool readable = std::none_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 0; });
    std::optional<Cause> wrong_claim;
    if (sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) && !readable) {
        // a die that cannot be read was reported: the claim stands, as played
    } else if (sea_rolls_.size() == static_cast<std::size_t>(sides(ctx))) {
        bool all_ones = std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
        std::string expected = all_ones ? "rough" : "calm";
        if (expected != claim)
            wrong_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kSeaState, e.claim_pos,
                                                                "the sea is rough only when every side rolls a 1", expected, claim));
    } else {
        // a roll is missing: this is its one finding, and the claim stands
        sea_claimed_early_ = Findings::cause_of(
            ctx.findings.error(Kind::Inconsistent, kSeaState, e.claim_pos, "the sea state is claimed before every side has rolled"));
    }
    const bool dice_rough = sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) &&
                            std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
    sea_rough_ = AsPlayed<bool>(claim == "rough");  // as played, the dice's sea beside it after a wrong claim
    if (wrong_claim) sea_rough_->part(dice_rough, claim == "rough", *wrong_claim);
}

void IroncladsEngine::initiative_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    ctx.judged(kInitiative);
    if (!initiative_pos_.valid()) initiative_pos_ = e.subject.pos;
    const ngn::Dice* d = ctx.dice_ok ? one_d6(e, kInitiative, ctx) : nullptr;
    if (initiative_ && initiative_rolls_.empty()) {
        ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos, "the initiative has already been decided this turn");
        return;
    }
    if (initiative_rolls_.thrown(actor.index))
        ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos,
                           actor.name + " has already rolled in this round; the other side rolls before any re-roll");
    initiative_rolls_.add(actor.index, d ? std::optional(d->faces[0].value) : std::nullopt);  // none: rolled, but not read
    std::string claim = claim_word(e);
    if (!initiative_rolls_.complete(static_cast<std::size_t>(sides(ctx)))) {
        if (!claim.empty()) {
            // a roll is missing: this is its one finding, and the claim stands, as played
            ctx.findings.error(Kind::Inconsistent, kInitiative, e.claim_pos, "the initiative is claimed before every side has rolled");
            if (const Entity* side = ctx.symbols.find_side(claim)) initiative_ = AsPlayed<int>(side->index);
            initiative_rolls_.clear();  // the round is over, as played (a re-roll starts the next)
        }
        return;
    }
    if (!initiative_rolls_.readable()) {
        // a die that cannot be read was reported: the claim stands, as played
        initiative_rolls_.clear();
        if (const Entity* side = claim.empty() ? nullptr : ctx.symbols.find_side(claim)) initiative_ = AsPlayed<int>(side->index);
        return;
    }
    // every side has rolled: the lowest has the initiative; a tie is rolled again
    const std::vector<int> lowest = initiative_rolls_.lowest();
    std::string expected = lowest.size() > 1 ? "reroll" : ctx.symbols.side(lowest[0])->label();
    const Entity* claimed_side = claim.empty() ? nullptr : ctx.symbols.find_side(claim);
    std::string claimed = claim.empty() ? std::string() : (claimed_side ? claimed_side->label() : lower(claim) == "tie" ? "reroll" : lower(claim));
    std::optional<Cause> wrong_claim;
    if (!claim.empty() && claimed != expected)
        wrong_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kInitiative, e.claim_pos,
                                                            lowest.size() > 1 ? "a tie is rolled again" : "the side rolling lowest has the initiative",
                                                            expected, claimed));
    initiative_rolls_.clear();
    if (claimed_side) {
        initiative_ = AsPlayed<int>(claimed_side->index);  // as played, the dice's side beside it
        if (lowest.size() == 1 && wrong_claim) initiative_->part(lowest[0], claimed_side->index, *wrong_claim);
    } else if (claimed != "reroll" && lowest.size() == 1) {
        initiative_ = AsPlayed<int>(lowest[0]);  // no claim, or one that names no side: the dice say
    }
}

}  // namespace ironlog::rules::ironclads
