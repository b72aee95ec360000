// The campaign's Random Event Segment (5.2): each player draws one marker a turn (5.2.1); one's
// own event is carried out at once (5.2.2); the opponent's is shown and carried out or put back
// (5.2.3); No Event goes back too (5.2.4). What an event does is the Random Events chart's, on the
// Player Aid Charts the text lacks: the table pack's `random-event` rows. An FML or VP change
// there is followed; any other effect is shown as the chart's words.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <ostream>
#include <utility>

namespace ironlog::rules::tmbv {

namespace {
const char* kDrawForm = "'Italy draw no-event', 'Italy draw event 3' (one's own marker) or 'Italy draw event Austria 3 implemented|declined'";
}  // namespace

// The chart's name of a side ("austria", "italy"), "" for another.
std::string TmbvEngine::chart_side(int side) const { return side == austria_ ? "austria" : side == italy_ ? "italy" : ""; }

int TmbvEngine::side_of_chart(const std::string& name) const { return name == "austria" ? austria_ : name == "italy" ? italy_ : -1; }

// 5.2.1: each player draws one marker a turn.
void TmbvEngine::draw_marker(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    TurnStart& t = turn_start_;
    judged(ctx, "5.2.1");
    const auto& a = e.args;
    std::uint32_t& drew = t.drew[static_cast<std::size_t>(side.index)];
    if (std::exchange(t.draw_stood_for, -1) == side.index) drew = 0;  // its own draw after all: the double draw was the mistake
    if (drew) {
        // the other player's draw with the name said wrong, when he has not drawn: his draw is not missing too
        const int other = side_names_.size() == 2 ? 1 - side.index : -1;
        std::uint32_t* others = other >= 0 && !t.drew[static_cast<std::size_t>(other)] ? &t.drew[static_cast<std::size_t>(other)] : nullptr;
        ctx.findings.error(Kind::Illegal, cite("5.2.1"), e.subject.pos,
                           side.label() + " has drawn already this turn (" + line_text(drew) + "): each player draws one marker" +
                               (others ? "; " + side_name(other, ctx) + " has not drawn: it may be " + side_name(other, ctx) + "'s, its name said wrong" : ""));
        if (others) *others = e.subject.pos.line, t.draw_stood_for = other;
        return;
    }
    drew = e.subject.pos.line;  // a draw not read is still the player's draw: one finding, not two
    if (a.size() == 2 && is_word(a[1], "no-event")) return judged(ctx, "5.2.4");  // back in the cup, nothing happens
    std::optional<Draw> d = a.size() >= 3 && is_word(a[1], "event") ? read_draw(e, side) : std::nullopt;
    if (!d) {
        ctx.findings.error(Kind::Inconsistent, cite("5.2.1"), e.subject.pos, std::string("a draw is written ") + kDrawForm);
        return;
    }
    judge_draw(*d, e, ctx);
}

// A draw left out (said): what its marker did is not known. Each FML and VP track that the
// chart's markers change is then the players' next value (5.2.2): one finding, not one a total.
void TmbvEngine::draw_left_out() {
    if (!tables_) return;
    for (const RandomEvent& r : tables_->random_events()) {
        const int side = side_of_chart(r.side);
        if (side < 0) continue;
        const auto s = static_cast<std::size_t>(side);
        if (r.effect == RandomEvent::Effect::Fml && s < turn_start_.fml.size()) turn_start_.fml[s].reset(), turn_start_.fml_other[s].reset();
        if (r.effect == RandomEvent::Effect::Vp && s < operations_.vp.size()) operations_.vp[s].reset(), operations_.gains_unknown = true;
    }
}

// event [<owner>] <marker> [implemented|declined] ["name"]: the owner is the drawer unless named.
std::optional<TmbvEngine::Draw> TmbvEngine::read_draw(const ngn::Event& e, const Entity& side) const {
    const auto& a = e.args;
    Draw d;
    d.drawer = d.owner = side.index;
    std::size_t i = 2;
    if (const auto* w = word_text(a[i]); w && i + 1 < a.size() && side_of_chart(lower(*w)) >= 0) d.owner = side_of_chart(lower(*w)), ++i;
    d.marker = marker_name(a[i]);
    d.marker_pos = a[i].pos;
    if (d.marker.empty()) return std::nullopt;
    for (++i; i < a.size(); ++i) {
        if (is_word(a[i], "implemented")) d.decision = true, d.decision_pos = a[i].pos;
        else if (is_word(a[i], "declined")) d.decision = false, d.decision_pos = a[i].pos;
    }
    return d;
}

// 5.2.2-5.2.3: one's own event is carried out; the opponent's as announced. A carried-out marker
// leaves the cup (5.2.3 puts back only one not carried out): drawn again, it is one finding.
void TmbvEngine::judge_draw(const Draw& d, const ngn::Event& e, GameContext& ctx) {
    TurnStart& t = turn_start_;
    const bool own = d.owner == d.drawer;
    const std::string whose = side_name(d.owner, ctx) + "'s marker " + d.marker;
    const bool carried_out = own || d.decision.value_or(false);  // one's own even when written declined: no choice
    if (own) {
        judged(ctx, "5.2.2");
        if (d.decision == false)
            ctx.findings.error(Kind::Illegal, cite("5.2.2"), d.decision_pos, "a player who draws his own event marker carries it out at once: " + whose,
                               "implemented", "declined");
    } else {
        judged(ctx, "5.2.3");
        if (!d.decision)
            ctx.findings.error(Kind::Inconsistent, cite("5.2.3"), d.marker_pos,
                               "the opponent's marker is shown and announced as carried out or not: write '... event " + side_name(d.owner, ctx) +
                                   " " + d.marker + " implemented' or '... declined' (taken as declined)");
    }
    const auto key = std::pair{d.owner, d.marker};
    // a marker out of the cup or not on the chart: most likely another said wrong, so what was drawn
    // is not known, as for a draw left out (one finding, not one more at each track it changed)
    if (auto out = t.events_out.find(key); out != t.events_out.end()) {
        ctx.findings.error(Kind::Illegal, cite("5.2.3"), d.marker_pos,
                           whose + " was carried out on " + line_text(out->second) + " and left the cup: it cannot be drawn again");
        return draw_left_out();
    }
    if (!known_marker(d, ctx)) return draw_left_out();
    if (!carried_out) return;
    if (own && d.decision == false) return carried_out_as_declined(d, e, ctx);
    t.events_out[key] = e.subject.pos.line;
    carry_out_event(d, e, ctx);
}

// One's own marker written declined (said): the rules carry it out, the players may have put it
// back. Both readings go on: the tracks it changes keep the players' value beside the rules'
// (the next FML or VP total written may follow either), and it stays in the cup.
void TmbvEngine::carried_out_as_declined(const Draw& d, const ngn::Event& e, GameContext& ctx) {
    TurnStart& t = turn_start_;
    Operations& o = operations_;
    const auto fml_before = t.fml;
    const auto vp_before = o.vp;
    carry_out_event(d, e, ctx);
    for (std::size_t s = 0; s < t.fml.size(); ++s)
        if (fml_before[s] != t.fml[s] && !t.fml_other[s]) t.fml_other[s] = fml_before[s];
    for (std::size_t s = 0; s < o.vp.size() && s < vp_before.size(); ++s)
        if (vp_before[s] != o.vp[s] && !o.vp_other[s]) o.vp_other[s] = vp_before[s];
}

// The marker against the pack's Random Events chart; without the chart, said once.
bool TmbvEngine::known_marker(const Draw& d, GameContext& ctx) {
    TurnStart& t = turn_start_;
    if (!tables_ || !tables_->has_random_events()) {
        if (!std::exchange(t.said_events, true))
            ctx.findings.note(Kind::Unverifiable, cite("5.2.2"), d.marker_pos,
                              "no Random Events chart in a table pack (random-event rows, docs/rules/tmbv.md): what an event does is not "
                              "followed; write an FML it changes as '" + side_name(d.drawer, ctx) + " fml <N>'");
        return true;
    }
    if (!tables_->random_event(chart_side(d.owner), d.marker).empty()) return true;
    ctx.findings.error(Kind::Inconsistent, cite("5.2.2"), d.marker_pos,
                       "the Random Events chart (" + tables_->file() + ") has no marker " + d.marker + " of " + side_name(d.owner, ctx) +
                           "'s: its markers are " + tables_->markers_of(chart_side(d.owner)));
    return false;
}

// 5.2.2: the chart's results, at once: an FML or VP change is followed; other words are shown.
void TmbvEngine::carry_out_event(const Draw& d, const ngn::Event& e, GameContext& ctx) {
    TurnStart& t = turn_start_;
    const std::string name = side_name(d.owner, ctx) + "'s event " + d.marker;
    std::string did;
    if (!tables_ || !tables_->has_random_events()) did = "not known (no chart)";
    else
        for (const RandomEvent* r : tables_->random_event(chart_side(d.owner), d.marker)) {
            const int side = side_of_chart(r->side);
            const std::string why = signed_text(r->value) + " by " + name + " (line " + std::to_string(e.subject.pos.line) + ", 5.2.2)";
            if (r->effect == RandomEvent::Effect::Fml && side >= 0 && t.fml[static_cast<std::size_t>(side)]) {
                shift_fml(static_cast<std::size_t>(side), r->value);
                t.fml_why[static_cast<std::size_t>(side)] += "; " + why;
            } else if (r->effect == RandomEvent::Effect::Vp && side >= 0) {
                event_vp(side, r->value);
            }
            did += (did.empty() ? "" : "; ") + effect_text(*r, ctx);
        }
    t.events_done.push_back("turn " + std::to_string(t.turn) + ", " + name + " (line " + std::to_string(e.subject.pos.line) + "): " + did);
}

// VP an event gives (into the turn's gains, 6.1.1) or takes (never below zero, 12.2's notes).
void TmbvEngine::event_vp(int side, int vp) {
    if (vp >= 0) return gain_vp(side, vp);
    std::optional<int>& total = operations_.vp[static_cast<std::size_t>(side)];
    if (total) total = std::max(0, *total + vp);
}

std::string TmbvEngine::effect_text(const RandomEvent& r, const GameContext& ctx) const {
    if (r.effect == RandomEvent::Effect::Words) return "\"" + r.words + "\" (not followed)";
    return side_name(side_of_chart(r.side), ctx) + (r.effect == RandomEvent::Effect::Fml ? " FML " : " VP ") + signed_text(r.value);
}

void TmbvEngine::describe_events(std::ostream& os) const {
    const TurnStart& t = turn_start_;
    if (t.events_done.empty()) return;
    os << "Random events carried out (out of the cup, 5.2.3):\n";
    for (const std::string& line : t.events_done) os << "  " << line << "\n";
}

}  // namespace ironlog::rules::tmbv
