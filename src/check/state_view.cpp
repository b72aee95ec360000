// The replayed state as a player reads it: where the game stands, the sides and what each
// has, with what was declared, set up and last recorded for every ship or unit. A rule
// engine adds its own view (data cards, fleets, positions) below.
#include "check/replay.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace ironlog {

namespace {

std::string join_items(ngn::Items items) {
    std::string s;
    for (const auto& it : items) s += (s.empty() ? "" : " ") + it.to_ngn();
    return s;
}

const ngn::Item* last_position(ngn::Items items) {
    const ngn::Item* found = nullptr;
    for (const auto& it : items)
        if (it.is<ngn::TablePos>() || it.is<ngn::HexPos>() || it.is<ngn::AreaPos>()) found = &it;
    return found;
}

}  // namespace

StateSummary Replay::state_summary() const {
    StateSummary st;
    st.game = index_;
    if (const ngn::Tag* event = game_.tag("Event")) st.event = std::string(event->value);
    st.first_line = game_.first_line, st.last_line = game_.last_line;
    if (!header_.ruleset) return st;
    st.ruleset = header_.ruleset->info.id;
    if (header_.sequence) st.variant = header_.sequence->variant;
    if (tracker_) st.at = tracker_->cursor().text();
    for (const Entity* side : symbols_->sides()) {
        StateSummary::Side& out = st.sides.emplace_back();
        out.number = side->index + 1, out.name = side->name, out.alias = side->alias;
        for (const auto& s : header_.sides)
            if (s.name == side->name) out.players = s.players;
        for (const Entity* e : symbols_->members(side->index)) out.pieces.push_back(piece_summary(*e));
    }
    for (const auto& e : symbols_->all())
        if (e.kind != ngn::EntityKind::Side && e.side < 0)
            st.without_side.push_back(StateSummary::Piece{std::string(ngn::entity_keyword(e.kind)), std::string(e.label()), "", "", {}, {}, {}});
    if (engine_ && context_) {
        std::ostringstream os;
        engine_->describe(os, *context_);
        st.engine_view = os.str();
    }
    return st;
}

StateSummary::Piece Replay::piece_summary(const Entity& e) const {
    StateSummary::Piece p{std::string(ngn::entity_keyword(e.kind)), std::string(e.label()), e.alias.empty() ? std::string() : std::string(e.name), "", {}, {}, {}};
    if (e.declaration) p.declared = join_items(e.declaration->args);
    const ngn::Item* pos = e.declaration ? last_position(e.declaration->args) : nullptr;
    for (const ngn::Setup* s : e.setups) {
        p.setups.push_back(join_items(s->args));
        if (const ngn::Item* at = last_position(s->args)) pos = at;
    }
    for (const auto& [who, line] : last_seen_) {
        if (who != &e) continue;
        const auto& ev = *line->as<ngn::Event>();
        p.last.push_back({line->pos.line, join_items(ev.args), ev.claim ? std::optional<std::string>(join_items(*ev.claim)) : std::nullopt});
    }
    for (const auto& [who, item] : last_position_)
        if (who == &e) pos = item;
    if (pos && !(engine_ && engine_->describes_positions())) p.position = pos->to_ngn();
    return p;
}

std::string Replay::describe_state() const {
    const StateSummary st = state_summary();
    std::ostringstream os;
    os << "Game " << st.game << (st.event ? ": " + *st.event : std::string()) << " (lines " << st.first_line << "-" << st.last_line << ")\n";
    if (!st.ruleset) {
        os << "No known ruleset: nothing was replayed.\n";
        return os.str();
    }
    os << "Ruleset: " << *st.ruleset << (st.variant.empty() ? "" : " (" + st.variant + ")") << "\n";
    if (st.at) os << "At: " << *st.at << "\n";
    for (const auto& side : st.sides) {
        os << "\nSide " << side.number << ": " << side.name << (side.alias.empty() ? "" : " (" + side.alias + ")");
        for (std::size_t i = 0; i < side.players.size(); ++i) os << (i ? ", " : " - ") << side.players[i];
        os << "\n";
        for (const auto& p : side.pieces) {
            os << "  " << p.kind << " " << p.label << (p.name.empty() ? "" : " \"" + p.name + "\"") << (p.declared.empty() ? "" : ": " + p.declared) << "\n";
            for (const auto& s : p.setups) os << "    set up: " << s << "\n";
            for (const auto& l : p.last) os << "    last: line " << l.line << ": " << l.act << (l.claim ? " => " + *l.claim : "") << "\n";
            if (p.position) os << "    position: " << *p.position << "\n";
        }
    }
    if (!st.without_side.empty()) {
        os << "\nWithout a side:\n";
        for (const auto& p : st.without_side) os << "  " << p.kind << " " << p.label << "\n";
    }
    if (engine_ && context_) os << "\n" << st.engine_view;
    return os.str();
}

}  // namespace ironlog

namespace ironlog {

namespace {

// The verbs of an act against another piece, whose line a picture draws.
bool act_against_piece(std::string_view verb) { return verb == "fire" || verb == "ram" || verb == "torpedo" || verb == "attack"; }

bool in_scene(const Scene& scene, const std::string& id) {
    for (const auto& p : scene.pieces)
        if (p.id == id) return true;
    return false;
}

// The distance an act writes after its target: the first number in cm (fire ... MAO 69cm d12 ...).
std::optional<double> recorded_distance(ngn::Items after_target) {
    for (const auto& item : after_target)
        if (const auto* n = item.as<ngn::Number>(); n && n->unit == "cm") return n->value;
    return std::nullopt;
}

}  // namespace

std::optional<Scene> Replay::scene() const {
    if (!engine_ || !context_) return std::nullopt;
    std::optional<Scene> scene = engine_->scene(*context_);
    if (!scene) return scene;
    if (const ngn::Tag* event = game_.tag("Event")) scene->title = std::string(event->value);
    if (tracker_) scene->at = tracker_->cursor().text();
    for (const Entity* side : symbols_->sides()) scene->sides.push_back(side->name);
    const ngn::Event* last = last_event_ ? last_event_->as<ngn::Event>() : nullptr;
    if (!last) return scene;
    scene->after_line = last_event_->pos.line;
    std::string verb = last->verb();
    std::transform(verb.begin(), verb.end(), verb.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!act_against_piece(verb)) return scene;
    const Entity* actor = symbols_->find(reference_text(last->subject));
    const ngn::Items rest = last->args.subspan(1);
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (!rest[i].is<ngn::Word>() && !rest[i].is<ngn::Text>()) continue;
        const Entity* target = symbols_->find(reference_text(rest[i]));
        if (!actor || !target || target == actor || !in_scene(*scene, target->label())) continue;
        SceneLine line{actor->label(), target->label(), verb, last_event_->pos.line, engine_->measure(*context_, *actor, *target),
                       recorded_distance(rest.subspan(i + 1))};
        scene->lines.push_back(std::move(line));
        break;
    }
    return scene;
}

}  // namespace ironlog
