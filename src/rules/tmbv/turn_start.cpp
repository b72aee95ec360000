// The campaign's Turn Start Phase (5.0): the weather (5.1), the random events (5.2) and the
// initiative (5.3), with the Fleet Mobilization Levels the initiative roll adds (6.1.1, 13.1).
// The Operations Phase is operations.cpp's; the rest of a turn is checked for its sequence of
// play only (docs/rules/tmbv.md).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <ostream>
#include <utility>

namespace ironlog::rules::tmbv {

namespace {
constexpr int kItalyFml = 2, kAustriaFml = 5;  // 13.1.1, 13.1.2

}  // namespace

const ngn::Dice* first_dice(const ngn::Event& e) {
    for (const ngn::Item& it : e.args)
        if (const auto* d = it.as<ngn::Dice>()) return d;
    return nullptr;
}

// "=> rough": "rough"; none without a claim.
std::optional<std::string> claimed_word(const ngn::Event& e) {
    if (!e.claim || e.claim->empty() || !word_text(e.claim->front())) return std::nullopt;
    return lower(*word_text(e.claim->front()));
}

void TmbvEngine::begin_campaign(GameContext& ctx) {
    TurnStart& t = turn_start_;
    const std::size_t sides = ctx.symbols.side_count();
    t.fml.assign(sides, std::nullopt);
    t.fml_why.assign(sides, "");
    t.fml_other.assign(sides, std::nullopt);
    t.drew.assign(sides, 0), t.draw_stood_for = -1;
    t.totals.assign(sides, std::nullopt), t.rules_totals.assign(sides, std::nullopt);
    t.rolled.assign(sides, 0);
    operations_.vp_paid.assign(sides, 0);
    operations_.vp_won.assign(sides, 0);
    operations_.vp_gained.assign(sides, 0);
    operations_.vp_other.assign(sides, std::nullopt);
    operations_.gained_at_tally.assign(sides, 0);
    operations_.gain_other.assign(sides, 0);
    operations_.vp_drift.assign(sides, {0, 0});
    operations_.admiral_unknown.assign(sides, false);
    operations_.gain_offset.assign(sides, 0);
    operations_.fml_before_tally.assign(sides, std::nullopt);
    operations_.other_before_tally.assign(sides, std::nullopt);
    operations_.vp.assign(sides, ctx.header.setup ? std::nullopt : std::optional<int>(0));  // 13.1.1, 13.1.2: none at the start
}

// A new turn: the turn track moves the FMLs (6.1.1), last turn's initiative is kept for the
// weather roll (5.1.2), which alone says the weather from turn 2. A record that starts after
// turn 1 leaves the FMLs unknown.
void TmbvEngine::new_campaign_turn(int number) {
    TurnStart& t = turn_start_;
    if (t.turn == 0 && number == 1) {
        if (italy_ >= 0) t.fml[static_cast<std::size_t>(italy_)] = kItalyFml, t.fml_why[static_cast<std::size_t>(italy_)] = "2 at set-up, 13.1.1";
        if (austria_ >= 0) t.fml[static_cast<std::size_t>(austria_)] = kAustriaFml, t.fml_why[static_cast<std::size_t>(austria_)] = "5 at set-up, 13.1.2";
    }
    if (number != 1) t.weather.reset();
    t.weather_other.reset();
    if (number > t.turn && t.turn > 0) {  // Reading: the track's steps count from the turn's start
        auto step = [&](int side, int by, const char* when) {
            if (side < 0 || !t.fml[static_cast<std::size_t>(side)]) return;
            shift_fml(static_cast<std::size_t>(side), by);
            t.fml_why[static_cast<std::size_t>(side)] += "; " + signed_text(by) + " in turn " + std::to_string(number) + ", " + when;
        };
        if (number % 2 == 0) step(italy_, +1, "even turns (6.1.1)");
        if (number % 3 == 0) step(austria_, -1, "every third turn (6.1.1)");
    }
    if (number != t.turn) std::fill(operations_.gain_offset.begin(), operations_.gain_offset.end(), 0);
    t.turn = number;
    t.initiative_before = t.initiative;
    t.initiative = -1;
}

void TmbvEngine::campaign_heading(const ngn::Heading& h, GameContext& ctx) {
    end_of_turn_heading(h, ctx);
    if (h.kind == ngn::HeadingKind::Turn || h.kind == ngn::HeadingKind::Phase) close_turn_start(ctx);
    else close_segment(ctx);
    operations_heading(h, ctx);
    if (h.kind == ngn::HeadingKind::Turn && !std::exchange(operations_.make_up_judged, true)) {
        judge_fleet_make_up(ctx);
        if (ctx.cursor.turn_number == 1) judge_set_up(ctx);
    }
    if (h.kind == ngn::HeadingKind::Turn) return new_campaign_turn(ctx.cursor.turn_number), new_operations_turn(ctx);
    if (h.kind != ngn::HeadingKind::Segment) return;
    const SequenceNode* phase = ctx.cursor.phase();
    if (phase && phase->name == "tactical-combat" && lower(h.label) == "battle") return inline_battle(h, ctx);
    if (!phase || phase->name != "turn-start") return;
    TurnStart& t = turn_start_;
    t.segment = ctx.cursor.open(ngn::HeadingKind::Segment);
    t.segment_pos = h.label_pos;
    t.weather_rolls = 0;
    std::fill(t.drew.begin(), t.drew.end(), 0);
    std::fill(t.rolled.begin(), t.rolled.end(), 0);
    std::fill(t.totals.begin(), t.totals.end(), std::nullopt), std::fill(t.rules_totals.begin(), t.rules_totals.end(), std::nullopt);
    t.decided = false;
    t.claimed_on_tie = t.initiative_other = -1;
    t.tie.clear();
}

// The end of the turn-start phase: what its segments left out, if it holds any line.
void TmbvEngine::close_turn_start(GameContext& ctx) {
    close_segment(ctx);
    TurnStart& t = turn_start_;
    if (t.phase_lines > 0)
        for (const TurnStart::Missing& m : t.missing) ctx.findings.error(Kind::Illegal, cite(m.section), m.at, m.message);
    t.missing.clear();
    t.phase_lines = 0;
}

// The end of a turn-start segment: what it left out, kept for the phase's end.
void TmbvEngine::close_segment(GameContext& ctx) {
    TurnStart& t = turn_start_;
    const std::string segment = std::exchange(t.segment, "");
    const ngn::SourcePos at = t.segment_pos;
    if (segment == "weather" && t.turn >= 2 && t.weather_rolls == 0) {
        t.weather.reset();
        t.missing.push_back({at, "5.1.2",
                           "no weather roll in turn " + std::to_string(t.turn) + ": " +
                               (t.initiative_before >= 0 ? side_name(t.initiative_before, ctx) + ", who had the initiative last turn,"
                                                         : "the player who had the initiative last turn") +
                               " rolls one die on the Weather Table"});
    }
    if (segment == "random-event")
        for (std::size_t s = 0; s < t.drew.size(); ++s)
            if (!t.drew[s]) {
                t.missing.push_back({at, "5.2.1",
                                     side_name(static_cast<int>(s), ctx) + " drew no marker: each player draws one a turn (" +
                                         side_name(static_cast<int>(s), ctx) + " draw no-event, or draw event ...)"});
                draw_left_out();
            }
    if (segment == "initiative" && !t.decided && t.claimed_on_tie >= 0) t.initiative = t.claimed_on_tie, t.decided = true;  // said at the claim
    if (segment == "initiative" && !t.decided) {
        std::string missing;
        for (std::size_t s = 0; s < t.rolled.size(); ++s)
            if (!t.rolled[s]) missing += (missing.empty() ? "" : ", ") + side_name(static_cast<int>(s), ctx);
        if (missing.empty()) return;  // every player's line is there, one not read (reported): the winner is not known
        const std::string why = t.tie.empty() ? "each player rolls one die" : "after a tie (" + t.tie + ") the players roll again";
        t.missing.push_back({at, "5.3", "the initiative is not decided: " + why + (missing.empty() ? std::string() : "; not rolled: " + missing)});
    }
}

void TmbvEngine::campaign_event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const std::string verb = lower(e.verb());
    const bool a_side = actor.kind == ngn::EntityKind::Side && actor.index >= 0 && static_cast<std::size_t>(actor.index) < turn_start_.fml.size();
    if (verb == "fml" && a_side) return set_fml(e, actor, ctx);
    if (verb == "vp" && a_side) return vp_line(e, actor, ctx);
    if (verb == "roma" && a_side) return roma_joins(e, actor, ctx);  // 14.5: on any turn
    if (in_operations_) return operations_event(e, actor, ctx);
    if (operations_.in_combat) return combat_event(e, actor, ctx);
    if (operations_.bombardment.open) return bombardment_event(e, actor, ctx);
    if (const SequenceNode* phase = ctx.cursor.phase(); phase && phase->name == "end-of-turn") {
        if (ctx.cursor.open(ngn::HeadingKind::Segment) == "reinforcement" && a_side && verb == "reinforce") return reinforcement_roll(e, actor, ctx);
        return end_of_turn_event(e, actor, ctx);
    }
    if (operations_.in_return) return return_event(e, actor, ctx);
    const std::string& segment = turn_start_.segment;
    if (segment.empty()) return;  // the rest of the turn: its sequence of play only
    ++turn_start_.phase_lines;
    const char* section = segment == "weather" ? "5.1.2" : segment == "random-event" ? "5.2.1" : "5.3";
    const char* form = segment == "weather"        ? "Austria roll d10: 6 => rough"
                       : segment == "random-event" ? "Austria draw no-event, or Italy draw event <marker>"
                                                   : "Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11";
    const char* wanted = segment == "random-event" ? "draw" : "roll";
    if (!a_side || verb != wanted) {
        ctx.findings.error(Kind::Inconsistent, cite(section), e.subject.pos,
                           "a line of segment " + segment + " is a player's " + wanted + ", written as: " + form);
        if (a_side) stood_for(actor, e.subject.pos.line);
        return;
    }
    if (segment == "weather") weather_roll(e, actor, ctx);
    else if (segment == "random-event") draw_marker(e, actor, ctx);
    else initiative_roll(e, actor, ctx);
}

// A player's line of a turn-start segment that could not be read (reported) stands for its act
// there: the roll or draw it may have been is not said missing.
void TmbvEngine::stood_for(const Entity& side, std::uint32_t line) {
    TurnStart& t = turn_start_;
    const std::size_t me = static_cast<std::size_t>(side.index);
    if (t.segment == "weather") ++t.weather_rolls;
    else if (t.segment == "random-event" && !t.drew[me]) t.drew[me] = line;
    else if (t.segment == "initiative" && !t.rolled[me] && !t.decided) t.rolled[me] = line;  // its total not known
}

// 5.1.1: no roll on turn 1; 5.1.2: last turn's initiative holder rolls one die on the Weather Table.
void TmbvEngine::weather_roll(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    TurnStart& t = turn_start_;
    const ngn::SourcePos at = e.subject.pos;
    const std::optional<std::string> claimed = claimed_word(e);
    if (t.turn <= 1) {
        judged(ctx, "5.1.1");
        ctx.findings.error(Kind::Illegal, cite("5.1.1"), at, "no weather roll on turn 1: the campaign starts in clear weather", "no roll",
                           "a roll");
        if (claimed) t.weather = claimed;  // play goes on with the weather the players took
        return;
    }
    judged(ctx, "5.1.2");
    if (++t.weather_rolls > 1) {
        ctx.findings.error(Kind::Illegal, cite("5.1.2"), at, "the weather is rolled once a turn, by one player: this is a second roll");
        return;
    }
    if (t.initiative_before >= 0 && side.index != t.initiative_before)
        ctx.findings.error(Kind::Illegal, cite("5.1.2"), at,
                           side_name(t.initiative_before, ctx) + " had the initiative last turn, and so rolls for the weather",
                           side_name(t.initiative_before, ctx), side.label());
    const ngn::Dice* dice = first_dice(e);
    if (dice) one_die(*dice, cite("5.1.2"), ctx);
    std::optional<std::string> by_table;
    if (dice && !dice->faces.empty() && ctx.dice_ok && tables_) by_table = tables_->weather_for(dice->faces.front().value);
    if (!by_table) {
        if (!tables_ || !tables_->has_weather_table()) say_no_weather_table(ctx, at);
        t.weather = claimed;
        return;
    }
    if (claimed && *claimed != *by_table)
        ctx.findings.error(Kind::WrongResult, cite("5.1.2"), e.claim_pos,
                           "the Weather Table gives " + *by_table + " for a roll of " + std::to_string(dice->faces.front().value), *by_table,
                           *claimed);
    t.weather = claimed ? claimed : by_table;
    if (claimed && *claimed != *by_table) t.weather_other = by_table;  // said above; the players' lines may follow the table
}

void TmbvEngine::say_no_weather_table(GameContext& ctx, ngn::SourcePos at) {
    if (std::exchange(turn_start_.said_no_weather_table, true)) return;
    ctx.findings.note(Kind::Unverifiable, cite("5.1.2"), at,
                      "no Weather Table in a table pack (weather-roll <lowest> <highest> <weather>, docs/rules/tmbv.md): the weather "
                      "rolled is taken as claimed, not verified");
}

// Whose roll it is: the side written, unless its modifiers name the other side's admiral and that
// side has not rolled: then the other's, its name said wrong (one finding, and judged as his).
const Entity& TmbvEngine::roller(const ngn::Event& e, const Entity& written, GameContext& ctx) {
    const ngn::Dice* dice = first_dice(e);
    const Entity* other = side_names_.size() == 2 ? ctx.symbols.side(1 - written.index) : nullptr;
    if (!dice || !other || !manifest_ || turn_start_.rolled[static_cast<std::size_t>(other->index)]) return written;
    const ManifestAdmiral* theirs = manifest_->admiral_of(other->name);
    if (!theirs && !other->alias.empty()) theirs = manifest_->admiral_of(other->alias);
    const bool names_theirs = theirs && std::any_of(dice->modifiers.begin(), dice->modifiers.end(),
                                                   [&](const ngn::Modifier& m) { return same_lower(m.label, lower(theirs->name)); });
    if (!names_theirs) return written;
    ctx.findings.error(Kind::Illegal, cite("5.3"), e.subject.pos,
                       written.label() + "'s roll adds " + theirs->name + ", " + other->label() + "'s admiral: " + other->label() +
                           "'s roll, its side said wrong? (taken so)",
                       other->label(), written.label());
    return *other;
}

// 5.3: each player rolls one die, adds the FML and the admiral's command rating; the higher total
// wins. A tie is not in the book: see docs/rules/tmbv.md, Readings (option initiative-tie).
void TmbvEngine::initiative_roll(const ngn::Event& e, const Entity& written, GameContext& ctx) {
    TurnStart& t = turn_start_;
    judged(ctx, "5.3");
    const Entity& side = roller(e, written, ctx);
    const std::size_t me = static_cast<std::size_t>(side.index);
    if (t.decided || t.rolled[me]) {
        const std::uint32_t before = t.rolled[me];
        ctx.findings.error(Kind::Illegal, cite("5.3"), e.subject.pos,
                           t.decided ? "the initiative is decided already: no more rolls this turn"
                                     : side.label() + " has rolled already (" + line_text(before) + "): each player rolls one die");
        return;
    }
    const ngn::Dice* dice = first_dice(e);
    if (dice) one_die(*dice, cite("5.3"), ctx);
    t.rolled[me] = e.subject.pos.line;  // a roll not read is still the player's roll: its total is not known
    if (!dice || dice->faces.empty()) {
        ctx.findings.error(Kind::Inconsistent, cite("5.3"), e.subject.pos,
                           "an initiative roll is written with its die and modifiers: Austria roll d10: 4 +5(FML) +2(Tegetthoff) = 11");
    } else if (ctx.dice_ok) {  // dice the kit could not read were reported there
        const int off = judge_initiative_modifiers(*dice, side, ctx);
        int total = dice->faces.front().value;
        for (const ngn::Modifier& m : dice->modifiers) total += m.value;
        if (!dice->total || *dice->total == total) t.totals[me] = total;  // else which the player went by is not known (the kit said so)
        t.rules_totals[me] = t.totals[me] ? std::optional<int>(*t.totals[me] + off) : std::nullopt;
    }
    if (std::any_of(t.rolled.begin(), t.rolled.end(), [](std::uint32_t l) { return l == 0; })) {
        if (!e.claim) return;
        std::string missing;
        for (std::size_t s = 0; s < t.rolled.size(); ++s)
            if (!t.rolled[s]) missing += (missing.empty() ? "" : ", ") + side_name(static_cast<int>(s), ctx);
        ctx.findings.error(Kind::Inconsistent, cite("5.3"), e.claim_pos,
                           "the initiative is claimed before every player has rolled (not rolled: " + missing + "): write the winner after the last roll");
        const Entity* named = e.claim->empty() ? nullptr : ctx.symbols.find(reference_text(e.claim->front()));
        t.decided = true;  // the players' winner: one finding, not a second for the roll left out
        t.initiative = named && named->kind == ngn::EntityKind::Side ? named->index : -1;
        return;
    }
    decide_initiative(e, ctx);
}

// The FML modifier against the FML kept (6.1.1), the rest against the admiral's rating (manifest).
// Returns what the rules' total differs from the written one by (a modifier said wrong, said here).
int TmbvEngine::judge_initiative_modifiers(const ngn::Dice& dice, const Entity& side, GameContext& ctx) {
    TurnStart& t = turn_start_;
    const ngn::SourcePos at = dice.faces.front().pos;
    std::optional<int>& fml = t.fml[static_cast<std::size_t>(side.index)];
    const ngn::Modifier* fml_mod = nullptr;
    int others = 0;
    std::string others_text;  // as written: "+1(Persano)"
    for (const ngn::Modifier& m : dice.modifiers)
        if (same_lower(m.label, "fml") && !fml_mod) fml_mod = &m;
        else others += m.value, others_text += (others_text.empty() ? "" : " ") + (m.label.empty() ? signed_text(m.value) : modifier_text(m.value, std::string(m.label)));
    if (!fml_mod) {
        ctx.findings.error(Kind::Inconsistent, cite("5.3"), at, side.label() + "'s initiative roll adds its FML: write it as a modifier, +N(FML)",
                           fml ? std::optional<std::string>(modifier_text(*fml, "FML")) : std::nullopt, std::nullopt);
        return 0;  // its other modifiers may hold the FML unlabelled: not judged
    }
    std::optional<int>& other = t.fml_other[static_cast<std::size_t>(side.index)];
    if (said_by_the_total(dice, side, fml)) return 0;
    int off = 0;
    if (fml && fml_mod->value == *fml) {
        other.reset();  // the FML the players went by is this one: one reading again
    } else if (fml && other == fml_mod->value) {  // the other reading was the players': no new mistake
        other.reset();
        fml = fml_mod->value;
        t.fml_why[static_cast<std::size_t>(side.index)] = std::to_string(*fml) + " as played at line " + std::to_string(fml_mod->pos.line);
    } else if (fml) {
        ctx.findings.error(Kind::WrongResult, cite("6.1.1"), fml_mod->pos,
                           side.label() + "'s FML is " + std::to_string(*fml) + " (" + t.fml_why[static_cast<std::size_t>(side.index)] + ")",
                           modifier_text(*fml, "FML"), modifier_text(fml_mod->value, "FML"));
        other = *fml;          // the rules' FML is kept beside: the slip may be this line's alone
        off = *fml - fml_mod->value;
        fml = fml_mod->value;  // play goes on from the players' FML
        t.fml_why[static_cast<std::size_t>(side.index)] = std::to_string(*fml) + " as played at line " + std::to_string(fml_mod->pos.line);
    } else {
        if (!std::exchange(t.said_no_fml, true))
            ctx.findings.note(Kind::Unverifiable, cite("6.1.1"), fml_mod->pos,
                              "the FMLs are not known here (a record that starts after turn 1, a battle whose VP are not known, a random event draw left out, or a side not named Austria or Italy): "
                              "the FML modifiers are taken as written");
        fml = fml_mod->value;
        t.fml_why[static_cast<std::size_t>(side.index)] = std::to_string(*fml) + " as written at line " + std::to_string(fml_mod->pos.line);
    }
    const ManifestAdmiral* admiral = manifest_ ? manifest_->admiral_of(side.name) : nullptr;
    if (!admiral && manifest_ && !side.alias.empty()) admiral = manifest_->admiral_of(side.alias);
    if (!admiral) {
        if (!std::exchange(t.said_no_rating, true))
            ctx.findings.note(Kind::Unverifiable, cite("5.3"), at,
                              "no admiral's command rating in a manifest (admiral <side> \"<name>\" rating <N>, docs/rules/tmbv.md): the "
                              "admirals' modifiers of the initiative rolls are taken as written");
        return off;
    }
    if (others == admiral->rating) return off;
    ctx.findings.error(Kind::WrongResult, cite("5.3"), at,
                       side.label() + "'s admiral " + admiral->name + " has a command rating of " + signed_text(admiral->rating) + " (manifest)",
                       modifier_text(admiral->rating, admiral->name), others_text.empty() ? "no modifier" : others_text);
    return off + admiral->rating - others;
}

// A total that does not add up (the kit said so) but is the die with the FML and the rating the
// rules give: the modifiers written are the slip, said there, not a second time here.
bool TmbvEngine::said_by_the_total(const ngn::Dice& dice, const Entity& side, const std::optional<int>& fml) const {
    if (adds_up(dice) || !fml) return false;
    const ManifestAdmiral* admiral = manifest_ ? manifest_->admiral_of(side.name) : nullptr;
    if (!admiral && manifest_ && !side.alias.empty()) admiral = manifest_->admiral_of(side.alias);
    return admiral && dice.total == dice.faces.front().value + *fml + admiral->rating;
}

namespace {
// The side with the highest total, -1 on a tie or a total not known.
int sole_winner(const std::vector<std::optional<int>>& totals) {
    int winner = -1, best = 0;
    bool tie = false;
    for (std::size_t s = 0; s < totals.size(); ++s) {
        if (!totals[s]) return -1;
        if (winner < 0 || *totals[s] > best) winner = static_cast<int>(s), best = *totals[s], tie = false;
        else if (*totals[s] == best) tie = true;
    }
    return tie ? -1 : winner;
}
}  // namespace

// Every player has rolled: the higher total wins; a tie by the option initiative-tie.
void TmbvEngine::decide_initiative(const ngn::Event& e, GameContext& ctx) {
    TurnStart& t = turn_start_;
    int best = -1, winners = 0, winner = -1;
    std::string totals;
    for (std::size_t s = 0; s < t.totals.size(); ++s) {
        const int total = t.totals[s].value_or(0);
        totals += (totals.empty() ? "" : ", ") + side_name(static_cast<int>(s), ctx) + " " + std::to_string(total);
        if (total > best || winner < 0) best = total, winners = 1, winner = static_cast<int>(s);
        else if (total == best) ++winners;
    }
    int claimed = -1;
    const bool all_read = std::all_of(t.totals.begin(), t.totals.end(), [](const std::optional<int>& v) { return v.has_value(); });
    if (e.claim) {
        const Entity* named = e.claim->empty() ? nullptr : ctx.symbols.find(reference_text(e.claim->front()));
        if (!named || named->kind != ngn::EntityKind::Side) {
            ctx.findings.error(Kind::Inconsistent, cite("5.3"), e.claim_pos, "the claim names the side that wins the initiative: => Austria");
        } else {
            claimed = named->index;
        }
    }
    if (!all_read && !e.claim) {  // a roll not read (reported) and no winner: the players roll on
        std::fill(t.rolled.begin(), t.rolled.end(), 0);
        std::fill(t.totals.begin(), t.totals.end(), std::nullopt), std::fill(t.rules_totals.begin(), t.rules_totals.end(), std::nullopt);
        return;
    }
    if (!all_read) {  // a roll not read (reported): the players' winner, not judged
        t.decided = true;
        t.initiative = claimed;
        return;
    }
    if (claimed >= 0 && claimed == sole_winner(t.rules_totals) && (winners > 1 || claimed != winner)) {
        t.decided = true, t.initiative = claimed;  // the winner by the rules' totals (a modifier said wrong, said at its roll)
        return;
    }
    if (winners > 1) {
        const bool holder_keeps = ctx.header.option("initiative-tie") == "last-holder" && t.initiative_before >= 0;
        if (!holder_keeps) {  // both roll again
            if (claimed >= 0)  // the claim is the players' unless they roll again (then the new rolls decide)
                ctx.findings.error(Kind::Illegal, cite("5.3"), e.claim_pos,
                                   "a tie (" + totals + "): the players roll again (docs/rules/tmbv.md, Readings: initiative-tie)",
                                   "a roll again", side_name(claimed, ctx));
            t.claimed_on_tie = claimed;
            std::fill(t.rolled.begin(), t.rolled.end(), 0);
            std::fill(t.totals.begin(), t.totals.end(), std::nullopt), std::fill(t.rules_totals.begin(), t.rules_totals.end(), std::nullopt);
            t.tie = totals;
            return;
        }
        winner = t.initiative_before;
    }
    t.decided = true;
    t.initiative = claimed >= 0 ? claimed : winner;
    if (claimed >= 0 && claimed != winner) t.initiative_other = winner;  // the claim a slip, or the players' choice: impulse 1 shows which
    if (claimed >= 0 && claimed != winner)
        ctx.findings.error(Kind::WrongResult, cite("5.3"), e.claim_pos,
                           (winners > 1 ? "a tie (" + totals + "): " + side_name(winner, ctx) + " had the initiative last turn and keeps it"
                                        : "the higher total wins the initiative: " + totals),
                           side_name(winner, ctx), side_name(claimed, ctx));
}

// Austria fml 4: the FML as the players have it from here on (a random event's, or the VP of
// the Victory Phase, 6.1.1, which the engine does not follow). From 1 to 10.
void TmbvEngine::set_fml(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    judged(ctx, "6.1.1");
    const auto* n = e.args.size() == 2 ? e.args[1].as<ngn::Number>() : nullptr;
    if (!n || !n->is_integer || !n->unit.empty()) {
        ctx.findings.error(Kind::Inconsistent, cite("6.1.1"), e.subject.pos, "an FML is written as '" + side.label() + " fml <N>', N from 1 to 10");
        return;
    }
    if (n->as_int() < kLowestFml || n->as_int() > kHighestFml)
        ctx.findings.error(Kind::Illegal, cite("6.1.1"), e.args[1].pos, "an FML runs from 1 to 10", "1 to 10", std::to_string(n->as_int()));
    turn_start_.fml[static_cast<std::size_t>(side.index)] = n->as_int();
    turn_start_.fml_other[static_cast<std::size_t>(side.index)].reset();
    turn_start_.fml_why[static_cast<std::size_t>(side.index)] = std::to_string(n->as_int()) + " by the fml line at line " + std::to_string(e.subject.pos.line);
}

// The turn track, an event or VP move a side's FML within 1-10, and its other reading with it.
void TmbvEngine::shift_fml(std::size_t side, int by) {
    TurnStart& t = turn_start_;
    for (std::optional<int>* fml : {&t.fml[side], &t.fml_other[side]})
        if (*fml) **fml = std::clamp(**fml + by, kLowestFml, kHighestFml);
}

void TmbvEngine::describe_campaign(std::ostream& os, const GameContext& ctx) const {
    const TurnStart& t = turn_start_;
    os << "Turn: " << t.turn << "\n";
    os << "Weather: " << t.weather.value_or("not known") << "\n";
    os << "FML:";
    for (std::size_t s = 0; s < t.fml.size(); ++s)
        os << (s ? ", " : " ") << side_name(static_cast<int>(s), ctx) << " " << (t.fml[s] ? std::to_string(*t.fml[s]) : "not known");
    os << "\n";
    os << "Initiative: " << (t.initiative >= 0 ? side_name(t.initiative, ctx) : "not decided");
    if (t.initiative < 0 && t.initiative_before >= 0) os << " (last turn: " << side_name(t.initiative_before, ctx) << ")";
    os << "\n";
    describe_events(os);
    describe_operations(os, ctx);
}

}  // namespace ironlog::rules::tmbv
