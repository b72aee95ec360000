// The campaign's Tactical Combat Phase (7.0): where a battle must be fought (7.0, 7.1), the battle
// itself replayed from its own record by this engine on the TBB, and what comes back into the
// campaign: the ships' damage and sinkings, the VP (12.1), the winner and his choice (the second
// 7.9), and the Low Fuel and Ammo markers (7.9.6). A campaign's line:
//   Austria wins @Lissa "lissa-turn-3.ngn" => stays      (or => leaves)
#include "rules/tmbv/engine.hpp"

#include "check/named_file.hpp"
#include "check/replay.hpp"
#include "notation/parser.hpp"
#include "rules/tmbv/ruleset.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

namespace {
const char* const kBattleForm = "<winner> wins @<area> \"<battle record>\" => stays | leaves";
}

// What a battle record left: read from its replay, by name, so nothing points into it.
struct TmbvEngine::BattleOutcome {
    std::string weather, initiative;  // its header's, lower case ("" when not written)
    struct Ship {
        std::string name, alias, side;  // side: lower case
        int start_hits = 0, hits = 0;
        bool sunk = false, diw = false;  // diw: its DIW marker on as the battle ended (7.3.1)
        int rules_hits = 0;             // the rules' count, where a hit claim said wrong parted it from `hits`
        std::optional<RuleRef> parted;  // the rule of that finding
    };
    std::vector<Ship> ships;
    std::map<std::string, int> vp;  // by side name, lower case (12.1 per occurrence)
    bool vp_known = true;           // every ship sunk is in the manifest
};

// A battle record's header gives the turn's weather and initiative (5.1, 5.3): its replay
// stands alone, and the campaign compares them with its own.
void TmbvEngine::begin_battle_record(GameContext& ctx) {
    const ngn::Tag* weather = ctx.game.tag("Weather");
    const ngn::Tag* initiative = ctx.game.tag("Initiative");
    weather_ = weather ? lower(weather->value) : "";
    initiative_ = -1;
    if (initiative) {
        const Entity* side = ctx.symbols.find_side(std::string(initiative->value));
        if (side) initiative_ = side->index;
        else
            ctx.findings.error(Kind::Inconsistent, cite("7.0"), initiative->value_pos,
                               "[Initiative] names a side of the battle: '" + std::string(initiative->value) + "' is none");
    }
    if (!weather || !initiative)
        ctx.findings.error(Kind::Inconsistent, cite("7.0"), ngn::SourcePos{ctx.game.first_line, 1},
                           "a battle of the campaign says the turn's weather and initiative in its header: [Weather \"rough\"] [Initiative \"Austria\"]");
}

// A fleet that a battle in its area is about: one at sea (any box but port), or with
// unmobilized-fight=yes one in its Port box too (Readings: 6.1 against 7.0 and 7.1.1).
bool TmbvEngine::may_fight_from(const CampaignFleet& f) const { return f.placed && (f.box != "port" || port_fleets_fight_); }

// The fleets of an area that a battle there is about.
std::vector<int> TmbvEngine::fleets_in_area(const std::string& area) const {
    std::vector<int> out;
    const auto& fleets = operations_.fleets;
    for (std::size_t i = 0; i < fleets.size(); ++i)
        if (may_fight_from(fleets[i]) && same_label(fleets[i].area, area)) out.push_back(static_cast<int>(i));
    return out;
}

// 7.0: combat occurs where both sides' fleets share a sea area as the Operations Phase ends.
void TmbvEngine::open_tactical_combat(GameContext& ctx) {
    Operations& o = operations_;
    o.in_combat = true;
    o.fought.clear();
    judged(ctx, "7.0");
}

// The phase's end (or a phase after the Operations Phase without it): an area where the fleets
// met and no battle was recorded.
void TmbvEngine::close_tactical_combat(ngn::SourcePos at, GameContext& ctx) {
    Operations& o = operations_;
    o.in_combat = false;
    o.may_fight.clear();  // 6.7.5: a battle there only if a player wants one
    for (const std::string& area : std::exchange(o.contested, {})) {
        ctx.findings.error(Kind::Illegal, cite("7.0"), at,
                           "both sides' fleets are at " + area + " as the Operations Phase ends: they fight a battle there (" + kBattleForm + ")");
        may_have_fought(area);
    }
}

// A battle due and not written (said): whether it was fought, and what it did, is not known. The
// area's ships' hits and the VP are the players' next values, and its fleets may go home as the
// loser would, or stay (one finding, not one for each line that follows from it).
void TmbvEngine::may_have_fought(const std::string& area) {
    Operations& o = operations_;
    for (int i : fleets_in_area(area)) {
        CampaignFleet& f = o.fleets[static_cast<std::size_t>(i)];
        f.battle_unwritten = turn_start_.turn;
        for (const Entity* s : f.ships) o.ship_state[s].damage_known = false;
    }
    std::fill(o.vp.begin(), o.vp.end(), std::nullopt);
    o.gains_unknown = true;
}

// A battle written inline (segment battle @<area>, its impulses under it) keeps its place in the
// sequence of play; its lines are not replayed, said once at its heading.
void TmbvEngine::inline_battle(const ngn::Heading& h, GameContext& ctx) {
    Operations& o = operations_;
    for (const ngn::Item& it : h.args)
        if (const auto* a = it.as<ngn::AreaPos>()) {  // its area's fleets are taken as having fought there (7.9.6)
            const geometry::Place* p = map_ ? map_->find(std::string(a->area)) : nullptr;
            const std::string where = p ? p->name : std::string(a->area);
            std::erase_if(o.contested, [&](const std::string& x) { return same_label(x, where); });
            o.fought.push_back(where);
            fought_unseen(where);
        }
    ctx.findings.note(Kind::Unverifiable, cite("7.0"), h.label_pos,
                      std::string("a battle written inline is checked for its sequence of play only: to have it replayed and its damage, "
                                  "sinkings and VP carried on, write it as a record of its own ([Variant \"battle\"]) and name it here: ") +
                          kBattleForm);
}

void TmbvEngine::combat_event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    Operations& o = operations_;
    if (ctx.cursor.open(ngn::HeadingKind::Segment) == "battle") return;  // inline_battle
    const ngn::AreaPos* area = nullptr;
    const ngn::Item* file = nullptr;
    for (const ngn::Item& it : e.args) {
        if (const auto* a = it.as<ngn::AreaPos>()) area = a;
        else if (it.is<ngn::Text>()) file = &it;
    }
    if (actor.kind != ngn::EntityKind::Side || lower(e.verb()) != "wins" || !area || !file) {
        ctx.findings.error(Kind::Inconsistent, cite("7.0"), e.subject.pos, std::string("a battle of the Tactical Combat Phase is written: ") + kBattleForm);
        return;
    }
    judged(ctx, "7.0");
    const geometry::Place* p = map_ ? map_->find(std::string(area->area)) : nullptr;
    const std::string where = p ? p->name : std::string(area->area);
    if (std::any_of(o.fought.begin(), o.fought.end(), [&](const std::string& a) { return same_label(a, where); })) {
        ctx.findings.error(Kind::Illegal, cite("7.0"), e.subject.pos, "the battle at " + where + " is recorded already this turn");
        return;
    }
    o.fought.push_back(where);
    const auto here = [&](const std::string& a) { return same_label(a, where); };
    const bool was_contested = std::erase_if(o.contested, here) + std::erase_if(o.may_fight, here) > 0;
    const bool undue = !was_contested && std::all_of(o.fleets.begin(), o.fleets.end(), [](const CampaignFleet& f) { return f.placed; });
    if (undue)
        ctx.findings.error(Kind::Illegal, cite("7.0"), e.subject.pos,
                           "no battle at " + where + ": a battle is fought where both sides' fleets stand in one sea area as the Operations Phase ends" +
                               (port_fleets_fight_ ? "" : ", outside a Port box"));
    const auto battle = replay_battle(std::string(file->as<ngn::Text>()->text), file->pos, ctx);
    int by_vp = -1;  // the winner by the battle's VP, where the line names the other
    if (battle) {
        judge_battle_header(*battle, file->pos, ctx);
        carry_back(*battle, where, undue, e.subject.pos, ctx);
        by_vp = judge_winner(*battle, actor, e, ctx);
    } else {
        fought_unseen(where);
    }
    const auto choice = claimed_word(e);
    judged(ctx, "7.9.2 (second)");
    const bool said = choice == "stays" || choice == "leaves";
    if (!said)  // taken as staying, the usual choice: its 5 VP count for the FML (6.1.1); the total is the players' next
        ctx.findings.error(Kind::Inconsistent, cite("7.9.2 (second)"), e.subject.pos,
                           "the winner stays in the area, compelling his opponent to leave, or leaves it himself: " + std::string(kBattleForm));
    const int winner = actor.index;
    const bool tie = battle && battle->vp_known && battle->vp.size() == 2 &&
                     battle->vp.begin()->second == std::next(battle->vp.begin())->second;
    const bool stays = choice != "leaves";
    if (stays && !tie && winner >= 0 && static_cast<std::size_t>(winner) < o.vp_won.size()) {
        judged(ctx, "7.9.3 (second)");
        o.vp_won[static_cast<std::size_t>(winner)] += 5;  // 7.9.3; none in a tie (7.9.4)
        if (by_vp >= 0)  // the winner said wrong: the +5 as written, and the VP's winner's beside (one finding)
            dispute_vp(winner, 5, 0), dispute_vp(by_vp, 0, 5);
        else
            gain_vp(winner, 5);
        if (!said) o.vp[static_cast<std::size_t>(winner)].reset();
    }
    compel(stays ? 1 - winner : winner, where, e.subject.pos.line);
}

// A battle the engine did not replay: its area's fleets are taken as having fought (7.9.6), and
// what it did is the players' from here on: their ships' damage, the VP totals and the FMLs'
// rise for VP (each taken as next written).
void TmbvEngine::fought_unseen(const std::string& area) {
    Operations& o = operations_;
    for (int i : fleets_in_area(area)) {
        CampaignFleet& f = o.fleets[static_cast<std::size_t>(i)];
        f.marker = "Low Fuel and Ammo", f.fought_on = turn_start_.turn;
        for (const Entity* s : f.ships) o.ship_state[s].damage_known = false;
    }
    std::fill(o.vp.begin(), o.vp.end(), std::nullopt);
    o.gains_unknown = true;
}

// The battle record, replayed on its own as `ironlog check` would: its findings are its own, at
// its own lines, named by its file. None when it cannot be read or is not a campaign's battle.
std::optional<TmbvEngine::BattleOutcome> TmbvEngine::replay_battle(const std::string& name, ngn::SourcePos at, GameContext& ctx) {
    // named in the header's [Battles] too, so that the archive keeps and moves it with the record;
    // matched by its file name there (an exported record's tag names it from elsewhere)
    const std::filesystem::path named = (ctx.header.base_dir / name).lexically_normal();
    auto listed = std::find_if(ctx.header.battles.begin(), ctx.header.battles.end(),
                               [&](const std::filesystem::path& p) { return p.lexically_normal() == named; });
    if (listed == ctx.header.battles.end())
        listed = std::find_if(ctx.header.battles.begin(), ctx.header.battles.end(),
                              [&](const std::filesystem::path& p) { return p.filename() == named.filename(); });
    const std::filesystem::path path = listed != ctx.header.battles.end() ? *listed : ctx.header.base_dir / name;
    std::error_code exists_ec;
    if (listed == ctx.header.battles.end() && std::filesystem::exists(path, exists_ec))  // one not there is said below
        ctx.findings.error(Kind::Inconsistent, cite("7.0"), at,
                           "name the battle record in the header too, [Battles \"" + name + "\"], so that the archive keeps it with the campaign");
    const std::string shown = path.lexically_normal().string();
    if (const auto read = battles_read_.find(shown); read != battles_read_.end()) {
        if (read->second) return *read->second;
        return std::nullopt;
    }
    auto outcome = read_battle(name, path, at, ctx);
    battles_read_[shown] = outcome ? std::make_shared<const BattleOutcome>(*outcome) : nullptr;
    return outcome;
}

std::optional<TmbvEngine::BattleOutcome> TmbvEngine::read_battle(const std::string& name, const std::filesystem::path& path, ngn::SourcePos at,
                                                                GameContext& ctx) {
    const std::string shown = path.lexically_normal().string();
    std::error_code ec;
    const std::string problem = std::filesystem::exists(path, ec) ? named_file_problem(path) : "there is no such file";
    const std::optional<std::string> text = problem.empty() ? read_named_file(path) : std::nullopt;
    if (!text) {
        ctx.findings.error(Kind::Inconsistent, cite("7.0"), at,
                           "the battle record '" + name + "' (" + shown + ") is not read: " + (problem.empty() ? "it cannot be read" : problem));
        return std::nullopt;
    }
    ngn::ParsedFile parsed = ngn::parse_text(*text);
    for (const ngn::SyntaxError& s : parsed.file_errors.errors) {
        Finding f = make_finding(Severity::Error, Kind::Syntax, RuleRef{}, s.pos, s.message);
        f.file = shown;
        ctx.findings.all().push_back(std::move(f));
    }
    const ngn::Tag* variant = parsed.games.empty() ? nullptr : parsed.games.front().tag("Variant");
    if (parsed.games.size() != 1 || !variant || lower(variant->value) != "battle") {
        ctx.findings.error(Kind::Inconsistent, cite("7.0"), at,
                           "the battle record '" + name + "' holds one battle of the campaign: a game with [Ruleset \"tmbv\"] and [Variant \"battle\"]" +
                               (parsed.games.size() > 1 ? " (it holds " + std::to_string(parsed.games.size()) + " games)" : ""));
        return std::nullopt;  // never a campaign: a record naming itself is not replayed again
    }
    static const RulesetList known{{&ruleset()}};
    Replay replay(parsed.games.front(), 0, CheckOptions(known, path.parent_path()));
    replay.run();
    for (Finding f : replay.report().findings) {
        if (f.file.empty()) f.file = shown;
        ctx.findings.all().push_back(std::move(f));
    }
    const auto* t = dynamic_cast<const TmbvEngine*>(replay.engine());
    if (!t || !t->battle_) {
        ctx.findings.note(Kind::Unverifiable, cite("7.0"), at,
                          "the battle record '" + name + "' was not replayed (see its findings): its damage, sinkings and VP are not carried into the campaign");
        return std::nullopt;
    }
    BattleOutcome b;
    b.weather = t->weather_;
    if (t->initiative_ >= 0 && static_cast<std::size_t>(t->initiative_) < t->side_names_.size())
        b.initiative = t->side_names_[static_cast<std::size_t>(t->initiative_)];
    for (const Ship& s : t->ships_) {
        const std::string side = s.side >= 0 && static_cast<std::size_t>(s.side) < t->side_names_.size() ? t->side_names_[static_cast<std::size_t>(s.side)] : "";
        b.ships.push_back({s.entity->name, s.entity->alias, side, s.start_hits, s.hits.played(), static_cast<bool>(s.sunk), t->diw_at_end(s), s.hits.rules(),
                           s.hits.cause() ? std::optional<RuleRef>(s.hits.cause()->rule) : std::nullopt});
        if (s.sunk && !s.manifest) b.vp_known = false;
    }
    const std::vector<int> vp = t->victory_points();
    for (std::size_t s = 0; s < vp.size() && s < t->side_names_.size(); ++s) b.vp[t->side_names_[s]] = vp[s];
    return b;
}

// 5.1, 5.3: the battle is fought in the turn's weather, with the turn's initiative.
void TmbvEngine::judge_battle_header(const BattleOutcome& b, ngn::SourcePos at, GameContext& ctx) {
    const TurnStart& t = turn_start_;
    if (t.weather && !b.weather.empty() && !same_label(*t.weather, b.weather))
        ctx.findings.error(Kind::Inconsistent, cite("5.1"), at, "the battle record is fought in other weather than the turn's", *t.weather, b.weather);
    if (t.initiative >= 0 && !b.initiative.empty() && side_names_[static_cast<std::size_t>(t.initiative)] != b.initiative)
        ctx.findings.error(Kind::Inconsistent, cite("5.3"), at, "the battle record gives the initiative to another side than the turn's",
                           side_names_[static_cast<std::size_t>(t.initiative)], b.initiative);
}

// A campaign ship by the name (or alias) a battle record gives it.
const Entity* TmbvEngine::campaign_ship_named(const std::string& name) const {
    for (const CampaignFleet& f : operations_.fleets)
        for (const Entity* s : f.ships)
            if (same_label(s->name, name) || (!s->alias.empty() && same_label(s->alias, name))) return s;
    return nullptr;
}

// What a battle did to a ship, on the count the campaign had (a start written wrong is that one
// slip); a ship whose damage was not known takes the battle's count. A hit claim said wrong in the
// battle (reported there) leaves the rules' count beside the players', as in the battle.
void TmbvEngine::carry_back_hits(const BattleOutcome& b, std::size_t ship, CampaignShip& state, ngn::SourcePos at) {
    const BattleOutcome::Ship& s = b.ships[ship];
    const int before = state.damage_known ? state.hits.played() : s.start_hits;
    const int rules_before = state.damage_known ? state.hits.rules() : s.start_hits;
    std::optional<Cause> why = state.hits.cause();
    if (s.parted) why = Cause{at.line, *s.parted};
    state.set_hits(before + s.hits - s.start_hits, rules_before + s.rules_hits - s.start_hits, why);
    state.damage_known = true;
}

// A fleet whose ships fought a battle said undue (7.0, reported) stood elsewhere: the players had
// it in the battle's area (its move there left out, say), so it is there from then on.
void TmbvEngine::fought_there_as_played(CampaignFleet& f, const std::string& area) {
    const geometry::Place* p = map_ ? map_->find(area) : nullptr;
    f.area = p ? p->name : area, f.box = p && p->boxes ? "at-sea" : "", f.placed = true, f.mission = false;
}

// What the battle did to the campaign's ships and fleets: damage and sinkings as played, the VP
// of 12.1, and a Low Fuel and Ammo marker on every fleet that fought (7.9.6).
// A battle said to be undue (7.0) does not also list the ships of the area's fleets in port: one mistake.
void TmbvEngine::carry_back(const BattleOutcome& b, const std::string& area, bool undue, ngn::SourcePos at, GameContext& ctx) {
    Operations& o = operations_;
    std::vector<int> engaged;
    std::vector<const Entity*> fought;
    std::string strangers;
    for (const BattleOutcome::Ship& s : b.ships) {
        const Entity* c = campaign_ship_named(s.name);
        if (!c && !s.alias.empty()) c = campaign_ship_named(s.alias);
        int fleet = -1;
        for (std::size_t i = 0; c && i < o.fleets.size() && fleet < 0; ++i)
            if (std::find(o.fleets[i].ships.begin(), o.fleets[i].ships.end(), c) != o.fleets[i].ships.end()) fleet = static_cast<int>(i);
        const auto here = fleets_in_area(area);
        judged(ctx, "7.1");
        if (fleet < 0 || std::find(here.begin(), here.end(), fleet) == here.end()) {
            CampaignFleet* home = fleet >= 0 ? &o.fleets[static_cast<std::size_t>(fleet)] : nullptr;
            const bool in_port_here = home && home->placed && home->box == "port" && same_label(home->area, area);
            if (undue && home && !in_port_here) {
                fought_there_as_played(*home, area);  // the battle said undue (7.0) is the one finding: a move there left out, say
            } else {
                if (!(undue && in_port_here)) strangers += (strangers.empty() ? "" : ", ") + s.name;
                continue;
            }
        }
        if (std::find(engaged.begin(), engaged.end(), fleet) == engaged.end()) engaged.push_back(fleet);
        fought.push_back(c);
        CampaignShip& state = o.ship_state[c];
        judged(ctx, "7.2");
        if (state.damage_known && !state.hits.fits(s.start_hits))
            ctx.findings.error(Kind::Inconsistent, cite("7.2"), at,
                               s.name + " begins the battle with the hits the campaign has on it (declared in the battle record: hits N)",
                               counted(state.hits.played(), "hit"), counted(s.start_hits, "hit"));
        carry_back_hits(b, static_cast<std::size_t>(&s - b.ships.data()), state, at);
        state.diw_marker = s.diw;  // counts in the campaign only with campaign-diw=marker (diw_by_marker)
        if (!s.sunk) continue;
        state.sunk = at.line, state.sunk_in_battle = true;
        sink_from_fleet(o.fleets[static_cast<std::size_t>(fleet)], c, at.line);
    }
    if (!strangers.empty())
        ctx.findings.error(Kind::Illegal, cite("7.1"), at, "the battle at " + area + " is fought by the fleets there; in no fleet at " + area + ": " + strangers);
    judge_engaged_fleets(fought, area, at, ctx);
    for (int f : engaged) o.fleets[static_cast<std::size_t>(f)].marker = "Low Fuel and Ammo", o.fleets[static_cast<std::size_t>(f)].fought_on = turn_start_.turn;  // 7.9.6
    judged(ctx, "7.9.6 (second)");
    if (!b.vp_known) {  // a ship sunk not in the manifest: its VP are not known
        std::fill(o.vp.begin(), o.vp.end(), std::nullopt);
        o.gains_unknown = true;
        return;
    }
    for (std::size_t s = 0; s < o.vp_won.size() && s < side_names_.size(); ++s)
        if (const auto v = b.vp.find(side_names_[s]); v != b.vp.end()) o.vp_won[s] += v->second, gain_vp(static_cast<int>(s), v->second);
}

// 7.1.1: every fleet in the area that is not on a bombardment or blockade mission fights, all its
// ships; 7.1.2: a side whose fleets there are all on missions fights with one of them.
void TmbvEngine::judge_engaged_fleets(const std::vector<const Entity*>& fought, const std::string& area, ngn::SourcePos at, GameContext& ctx) {
    std::map<int, int> fleets_of, engaged_of;  // by side
    for (int i : fleets_in_area(area)) {
        const CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(i)];
        std::string absent;
        int present = 0;
        for (const Entity* s : f.ships) {
            const bool in = std::find(fought.begin(), fought.end(), s) != fought.end();
            present += in;
            if (!in) absent += (absent.empty() ? "" : ", ") + s->label();
        }
        ++fleets_of[f.entity->side];
        engaged_of[f.entity->side] += present > 0;
        judged(ctx, "7.1.1");
        if (f.box == "blockade" || f.box == "bombard") {  // 7.1.3: it may join, by an FML check not read here
            if (present == 0) continue;
        }
        if (absent.empty()) continue;
        ctx.findings.error(Kind::Illegal, cite("7.1.1"), at,
                           f.label() + " is at " + place_text(f) + (present ? ", fighting" : ", on no mission") +
                               ": all its ships fight in the battle there; not in the battle record: " + absent);
    }
    for (const auto& [side, count] : fleets_of) {
        judged(ctx, "7.1.2");
        if (count > 0 && engaged_of[side] == 0 && fleets_of.size() == 2)
            ctx.findings.error(Kind::Illegal, cite("7.1.2"), at,
                               "none of " + side_name(side, ctx) + "'s fleets at " + area +
                                   " fights: with all of them on missions, one ceases its mission and fights (the player's choice)");
    }
}

// The second 7.9.1: the winner has the most VP of the battle; 7.9.4: a tie goes to the initiative
// player. The winner by the VP where the line names another; -1 otherwise.
int TmbvEngine::judge_winner(const BattleOutcome& b, const Entity& written, const ngn::Event& e, GameContext& ctx) {
    if (!b.vp_known || side_names_.size() != 2) {
        ctx.findings.note(Kind::Unverifiable, cite("7.9.1 (second)"), e.subject.pos, "a ship sunk in the battle is not in the manifest: the winner is not verified");
        return -1;
    }
    const auto vp_of = [&](std::size_t s) { const auto v = b.vp.find(side_names_[s]); return v == b.vp.end() ? 0 : v->second; };
    const int a = vp_of(0), c = vp_of(1);
    judged(ctx, "7.9.1 (second)");
    if (a == c) judged(ctx, "7.9.4 (second)");
    const int winner = a == c ? turn_start_.initiative : (a > c ? 0 : 1);
    if (winner < 0 || winner == written.index) return -1;
    ctx.findings.error(Kind::WrongResult, cite(a == c ? "7.9.4 (second)" : "7.9.1 (second)"), e.subject.pos,
                       "the battle's victory points: " + side_name(0, ctx) + " " + std::to_string(a) + ", " + side_name(1, ctx) + " " + std::to_string(c) +
                           (a == c ? " (a tie: the player with the initiative wins)" : ""),
                       side_name(winner, ctx), side_name(written.index, ctx));
    return winner;
}

// 7.9.2, 7.9.5: the side that leaves takes all its fleets in the area home in the Return to Port Phase.
void TmbvEngine::compel(int side, const std::string& area, std::uint32_t line) {
    for (int i : fleets_in_area(area))
        if (CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(i)]; f.entity->side == side) f.compelled = line;
    remove_lone_ships(side, area, line);  // 6.7.6
}

}  // namespace ironlog::rules::tmbv
