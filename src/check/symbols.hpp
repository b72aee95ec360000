// Sides and the things a record declares (ships, units, fleets, leaders, squadrons,
// formations), each declared once and found again by alias or by name.
#pragma once

#include "check/finding.hpp"
#include "check/spelling.hpp"
#include "notation/labels.hpp"
#include "notation/record.hpp"

#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace ironlog {

struct Entity {
    ngn::EntityKind kind = ngn::EntityKind::Ship;
    std::string alias;  // "" when declared by name only
    std::string name;   // the full name (the alias when no full name is given)
    int side = -1;      // index into Symbols::sides(); -1 for a side itself or none
    int index = -1;     // for sides: their own index
    ngn::SourcePos pos;
    const ngn::Declaration* declaration = nullptr;  // null for sides known only from tags
    std::vector<const ngn::Setup*> setups;

    std::string label() const { return alias.empty() ? name : alias; }
};

class Symbols {
public:
    // A side from a [SideN "..."] tag.
    Entity& add_side_from_tag(std::string name, ngn::SourcePos pos);
    // Adds an entity; returns null (and says why in `problem`) when a name or alias is taken.
    Entity* add(Entity e, std::string& problem);

    // A side known from its tag, given the alias its side line declares.
    void give_alias(Entity& side, const std::string& alias);

    const Entity* find(std::string_view text) const;
    Entity* find(std::string_view text);
    const Entity* find_side(std::string_view text) const;
    // The declared name closest to an unknown one, for "did you mean".
    std::string suggest(std::string_view text) const;

    std::vector<const Entity*> sides() const;
    std::size_t side_count() const { return static_cast<std::size_t>(side_count_); }  // sides().size(), without building it
    std::vector<const Entity*> members(int side) const;
    const std::deque<Entity>& all() const { return entities_; }
    const Entity* side(int index) const;

private:
    std::deque<Entity> entities_;  // stable addresses
    int side_count_ = 0;
    // Aliases and names to their entity (index into entities_), for records with many: a few are
    // found faster by looking through them all.
    std::unordered_map<std::string, std::size_t> by_key_;
    NameIndex names_;  // aliases and names in the order declared, for suggest
};

// The text of an item naming an entity: a word or a quoted name.
using ngn::reference_text;
// The same without a copy where the item holds the text (a word or a quoted name, nearly
// always); any other item's text is written into storage.
std::string_view reference_view(const ngn::Item& item, std::string& storage);

}  // namespace ironlog
