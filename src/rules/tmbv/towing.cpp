// 6.6 Towing, and 8.1.6, in the campaign: a ship whose hits leave it no MA (DIW by 6.6's own
// definition; Readings: campaign-diw) moves with its fleet only in tow of a ship of that fleet
// that can move, the fleet then at speed 1 (6.6.2), never in foul weather (6.6.5); it returns to
// port only in tow, or is scuttled (8.1.6). A fleet's lines, in the Operations or the Return to
// Port Phase:
//   AB tow DJ with PE        AB cut DJ        AB scuttle DJ
// A ship's MA after its hits needs the manifest and the pack's damage rows; without them nothing
// here is judged. Towing on the TBB (6.6.1, 6.6.3, 6.6.4's ram) is the battle's, not read.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

// A ship's MA after its hits (3.0, the pack's damage rows); -1 when not known.
int TmbvEngine::campaign_ma(const Entity& ship) const {
    const ManifestShip* m = manifest_ship(ship);
    const auto st = operations_.ship_state.find(&ship);
    const bool known = st == operations_.ship_state.end() || st->second.damage_known;
    if (!m || !tables_ || !tables_->has_damage() || !known) return -1;
    const int hits = st == operations_.ship_state.end() ? 0 : st->second.hits.played();
    return std::max(0, m->ma + tables_->damage(hits).ma);
}

bool TmbvEngine::in_tow(const CampaignFleet& f, const Entity& ship) const {
    return std::any_of(f.tows.begin(), f.tows.end(), [&](const auto& t) { return t.first == &ship; });
}

// campaign-diw=marker (Readings): a ship whose TBB DIW marker was on as its battle ended is DIW
// in the campaign too, till it is home (close_return_to_port).
bool TmbvEngine::diw_by_marker(const Entity& ship) const {
    const auto st = operations_.ship_state.find(&ship);
    return diw_marker_rule_ && st != operations_.ship_state.end() && st->second.diw_marker;
}

// The fleet's DIW ships not in tow: they hold it still (6.6) and do not return to port (8.1.6).
std::vector<const Entity*> TmbvEngine::untowed_diw(const CampaignFleet& f) const {
    std::vector<const Entity*> out;
    for (const Entity* s : f.ships)
        if ((campaign_ma(*s) == 0 || diw_by_marker(*s)) && !in_tow(f, *s)) out.push_back(s);
    return out;
}

// A move or a return of a fleet holding a DIW ship not in tow: said once a turn for the fleet.
void TmbvEngine::judge_diw_left(CampaignFleet& f, const char* section, ngn::SourcePos at, GameContext& ctx) {
    judged(ctx, section);
    const std::vector<const Entity*> diw = untowed_diw(f);
    if (diw.empty() || f.said_diw == turn_start_.turn) return;
    f.said_diw = turn_start_.turn;
    const std::string ship = diw.front()->label();
    const bool marker = campaign_ma(*diw.front()) != 0;  // DIW by its battle's marker only
    const std::string why = marker ? " is DIW since its battle (its DIW marker, 7.3.1; Readings: campaign-diw=marker): " : " has no MA after its hits (DIW): ";
    ctx.findings.error(Kind::Illegal, cite(section), at,
                       ship + why + f.label() + (std::string(section) == "8.1.6" ? " returns with it" : " moves with it") +
                           " only in tow (" + f.label() + " tow " + ship + " with <ship>), or scuttles it (" + f.label() + " scuttle " + ship + ")");
}

void TmbvEngine::tow_event(int fleet, const ngn::Event& e, GameContext& ctx) {
    CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(fleet)];
    const std::string verb = lower(e.verb());
    std::vector<const Entity*> named;
    const Entity* tower = nullptr;
    bool unknown_tower = false;
    const NamesAround names = names_around(e, "with");
    for (const bool after_with : {false, true})
        for (const ngn::Item* x : after_with ? names.after : names.before) {
            const Entity* s = ctx.symbols.find(reference_text(*x));
            if (!s || std::find(f.ships.begin(), f.ships.end(), s) == f.ships.end()) {
                ctx.findings.error(Kind::Inconsistent, cite("6.6"), x->pos,
                                   "'" + reference_text(*x) + "' is not a ship of " + f.label() + ": " + f.label() + " tow <ship> with <ship>, cut <ship>, or scuttle <ships>");
                if (!after_with) return;
                unknown_tower = true;  // the tow stands as played, its tower not known
                continue;
            }
            (after_with ? tower : named.emplace_back()) = s;
        }
    const bool tow = verb == "tow";
    if (tow && named.size() == 1 && unknown_tower) return void(f.tows.emplace_back(named.front(), nullptr));
    if (named.empty() || (tow && (named.size() != 1 || !tower)) || (!tow && !names.after.empty()))
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.6"), e.subject.pos,
                                       f.label() + " tow <ship> with <ship>, " + f.label() + " cut <ship>, or " + f.label() + " scuttle <ships>"));
    if (verb == "scuttle") return scuttle(f, named, e, ctx);
    if (verb == "cut") {
        judged(ctx, "6.6.4");
        if (!in_tow(f, *named.front())) ctx.findings.error(Kind::Inconsistent, cite("6.6.4"), e.subject.pos, named.front()->label() + " is not in tow");
        std::erase_if(f.tows, [&](const auto& t) { return t.first == named.front(); });
        return;
    }
    take_in_tow(f, *named.front(), *tower, e, ctx);
}

// 6.6, 6.6.2, 6.6.5: a DIW ship in tow of one that can move, one tow a ship, not in foul weather.
void TmbvEngine::take_in_tow(CampaignFleet& f, const Entity& towed, const Entity& tower, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "6.6"), judged(ctx, "6.6.5");
    const int towed_ma = diw_by_marker(towed) ? 0 : campaign_ma(towed), tower_ma = diw_by_marker(tower) ? 0 : campaign_ma(tower);
    const auto busy = std::find_if(f.tows.begin(), f.tows.end(), [&](const auto& t) {
        return t.first == &towed || t.second == &towed || t.first == &tower || t.second == &tower;
    });
    const char* section = "6.6";
    std::string refused;
    if (turn_start_.weather == "foul")
        section = "6.6.5", refused = "no towing in foul weather: a ship that cannot move is scuttled to return (" + f.label() + " scuttle " + towed.label() + ")";
    else if (towed_ma > 0)
        refused = towed.label() + " can move (MA " + std::to_string(towed_ma) + " after its hits): only a ship with no MA (DIW) is towed";
    else if (tower_ma == 0)
        refused = tower.label() + (diw_by_marker(tower) ? " is DIW since its battle" : " has no MA after its hits") + ": a ship that can move tows";
    else if (busy != f.tows.end())
        refused = (busy->second ? busy->second->label() : std::string("a ship")) + " tows " + busy->first->label() + " already: one ship tows one";
    if (!refused.empty()) ctx.findings.error(Kind::Illegal, cite(section), e.subject.pos, refused);
    if (towed_ma > 0) return;  // a ship that can move needs no tow: nothing changes
    std::erase_if(f.tows, [&](const auto& t) { return t.first == &towed; });
    f.tows.emplace_back(&towed, &tower);  // as played
}

// 6.6: only a ship with no MA is towed; one repaired to MA above 0 (11.2) moves on its own again.
void TmbvEngine::end_tows_of_ships_that_move() {
    for (CampaignFleet& f : operations_.fleets)
        std::erase_if(f.tows, [&](const auto& t) { return campaign_ma(*t.first) > 0 && !diw_by_marker(*t.first); });
}

// 8.1.6: a ship that cannot return with its fleet is eliminated. Out of the game, without VP
// (12.1 scores ships sunk by the enemy; Readings).
void TmbvEngine::scuttle(CampaignFleet& f, const std::vector<const Entity*>& ships, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "8.1.6");
    for (const Entity* s : ships) {
        std::erase_if(f.tows, [&](const auto& t) { return t.first == s || t.second == s; });
        operations_.ship_state[s].sunk = e.subject.pos.line, operations_.ship_state[s].scuttled = true;
        sink_from_fleet(f, s, e.subject.pos.line);
    }
}

}  // namespace ironlog::rules::tmbv
