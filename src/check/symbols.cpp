#include "check/symbols.hpp"

#include <algorithm>

namespace ironlog {

namespace {

constexpr std::size_t kLookedThrough = 16;  // up to this many entities, find looks through them all

}  // namespace

std::string_view reference_view(const ngn::Item& item, std::string& storage) {
    if (const auto* w = item.as<ngn::Word>()) return w->text;
    if (const auto* t = item.as<ngn::Text>()) return t->text;
    storage = item.to_ngn();
    return storage;
}

Entity& Symbols::add_side_from_tag(std::string name, ngn::SourcePos pos) {
    Entity e;
    e.kind = ngn::EntityKind::Side;
    e.name = std::move(name);
    e.pos = pos;
    e.index = side_count_++;
    by_key_.emplace(e.name, entities_.size());
    names_.add(e.name);
    entities_.push_back(std::move(e));
    return entities_.back();
}

Entity* Symbols::add(Entity e, std::string& problem) {
    for (const std::string* key : {&e.alias, &e.name}) {
        if (key->empty()) continue;
        if (const Entity* other = find(*key)) {
            problem = "'" + *key + "' is already declared (" + std::string(ngn::entity_keyword(other->kind)) + " " +
                      other->label() + ", line " + std::to_string(other->pos.line) + ")";
            return nullptr;
        }
    }
    if (e.kind == ngn::EntityKind::Side) e.index = side_count_++;
    for (const std::string* key : {&e.alias, &e.name})
        if (!key->empty()) by_key_.emplace(*key, entities_.size()), names_.add(*key);
    entities_.push_back(std::move(e));
    return &entities_.back();
}

void Symbols::give_alias(Entity& side, const std::string& alias) {
    side.alias = alias;
    for (std::size_t i = 0; i < entities_.size(); ++i)  // a few sides, once each
        if (&entities_[i] == &side) by_key_.emplace(alias, i);
    names_.add(alias);
}

const Entity* Symbols::find(std::string_view text) const {
    if (entities_.size() > kLookedThrough) {
        auto it = by_key_.find(std::string(text));
        return it == by_key_.end() ? nullptr : &entities_[it->second];
    }
    // Names are short and differ early: compared byte by byte in place, not by a call to memcmp.
    auto same = [&](const std::string& s) {
        if (s.size() != text.size() || s.empty()) return false;
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] != text[i]) return false;
        return true;
    };
    for (const auto& e : entities_)
        if (same(e.alias) || same(e.name)) return &e;
    return nullptr;
}

Entity* Symbols::find(std::string_view text) {
    return const_cast<Entity*>(static_cast<const Symbols*>(this)->find(text));
}

const Entity* Symbols::find_side(std::string_view text) const {
    const Entity* e = find(text);
    return e && e->kind == ngn::EntityKind::Side ? e : nullptr;
}

std::string Symbols::suggest(std::string_view text) const { return names_.nearest(text, std::max<std::size_t>(2, text.size() / 3)); }

std::vector<const Entity*> Symbols::sides() const {
    std::vector<const Entity*> out;
    for (const auto& e : entities_)
        if (e.kind == ngn::EntityKind::Side) out.push_back(&e);
    return out;
}

const Entity* Symbols::side(int index) const {
    for (const auto& e : entities_)
        if (e.kind == ngn::EntityKind::Side && e.index == index) return &e;
    return nullptr;
}

std::vector<const Entity*> Symbols::members(int side) const {
    std::vector<const Entity*> out;
    for (const auto& e : entities_)
        if (e.kind != ngn::EntityKind::Side && e.side == side) out.push_back(&e);
    return out;
}

}  // namespace ironlog
