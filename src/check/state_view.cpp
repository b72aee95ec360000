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

std::string Replay::describe_state() const {
    std::ostringstream os;
    const ngn::Tag* event = game_.tag("Event");
    os << "Game " << index_ << (event ? ": " + std::string(event->value) : std::string()) << " (lines " << game_.first_line << "-"
       << game_.last_line << ")\n";
    if (!header_.ruleset) {
        os << "No known ruleset: nothing was replayed.\n";
        return os.str();
    }
    os << "Ruleset: " << header_.ruleset->info.id;
    if (header_.sequence && !header_.sequence->variant.empty()) os << " (" << header_.sequence->variant << ")";
    os << "\n";
    if (tracker_) os << "At: " << tracker_->cursor().text() << "\n";
    for (const Entity* side : symbols_->sides()) {
        os << "\nSide " << side->index + 1 << ": " << side->name;
        if (!side->alias.empty()) os << " (" << side->alias << ")";
        for (const auto& s : header_.sides)
            if (s.name == side->name && !s.players.empty()) {
                os << " - ";
                for (std::size_t i = 0; i < s.players.size(); ++i) os << (i ? ", " : "") << s.players[i];
            }
        os << "\n";
        for (const Entity* e : symbols_->members(side->index)) {
            os << "  " << ngn::entity_keyword(e->kind) << " " << e->label();
            if (!e->alias.empty()) os << " \"" << e->name << "\"";
            if (e->declaration && !e->declaration->args.empty()) os << ": " << join_items(e->declaration->args);
            os << "\n";
            const ngn::Item* pos = e->declaration ? last_position(e->declaration->args) : nullptr;
            for (const ngn::Setup* s : e->setups) {
                os << "    set up: " << join_items(s->args) << "\n";
                if (const ngn::Item* p = last_position(s->args)) pos = p;
            }
            for (const auto& [who, line] : last_seen_) {
                if (who != e) continue;
                const auto& ev = *line->as<ngn::Event>();
                os << "    last: line " << line->pos.line << ": " << join_items(ev.args);
                if (ev.claim) os << " => " << join_items(*ev.claim);
                os << "\n";
            }
            for (const auto& [who, item] : last_position_)
                if (who == e) pos = item;
            if (pos && !(engine_ && engine_->describes_positions())) os << "    position: " << pos->to_ngn() << "\n";
        }
    }
    std::vector<const Entity*> loose;
    for (const auto& e : symbols_->all())
        if (e.kind != ngn::EntityKind::Side && e.side < 0) loose.push_back(&e);
    if (!loose.empty()) {
        os << "\nWithout a side:\n";
        for (const Entity* e : loose) os << "  " << ngn::entity_keyword(e->kind) << " " << e->label() << "\n";
    }
    if (engine_ && context_) {
        os << "\n";
        engine_->describe(os, *context_);
    }
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
