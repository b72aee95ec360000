#include "check/ruleset.hpp"


#include <algorithm>
#include <cctype>

namespace ironlog {

std::string DieSpec::faces_text() const {
    std::string s = std::to_string(min_face) + "-" + std::to_string(max_face);
    if (zero_reads_as != 0) s += " (0 reads " + std::to_string(zero_reads_as) + ")";
    return s;
}

bool SequenceNode::matches(std::string_view label) const {
    if (numbered) return !label.empty() && std::all_of(label.begin(), label.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (same_label(name, label)) return true;
    return std::any_of(aliases.begin(), aliases.end(), [&](const std::string& a) { return same_label(a, label); });
}

namespace {
SequenceNode make_node(ngn::HeadingKind kind, std::string name, RuleRef rule, std::vector<std::string> aliases,
                       std::vector<SequenceNode> children) {
    SequenceNode n;
    n.kind = kind;
    n.name = std::move(name);
    n.rule = std::move(rule);
    n.aliases = std::move(aliases);
    n.children = std::move(children);
    return n;
}
}  // namespace

SequenceNode phase(std::string name, RuleRef rule, std::vector<std::string> aliases, std::vector<SequenceNode> children) {
    return make_node(ngn::HeadingKind::Phase, std::move(name), std::move(rule), std::move(aliases), std::move(children));
}
SequenceNode segment(std::string name, RuleRef rule, std::vector<std::string> aliases, std::vector<SequenceNode> children) {
    return make_node(ngn::HeadingKind::Segment, std::move(name), std::move(rule), std::move(aliases), std::move(children));
}
SequenceNode step(std::string name, RuleRef rule, std::vector<std::string> aliases) {
    return make_node(ngn::HeadingKind::Step, std::move(name), std::move(rule), std::move(aliases), {});
}
SequenceNode impulses(RuleRef rule, int max_count, std::vector<SequenceNode> children) {
    SequenceNode n = make_node(ngn::HeadingKind::Impulse, "impulse", std::move(rule), {}, std::move(children));
    n.numbered = true;
    n.repeatable = true;
    n.max_count = max_count;
    return n;
}

const DieSpec* RulesetInfo::die(int sides) const {
    for (const auto& d : dice)
        if (d.sides == sides) return &d;
    return nullptr;
}

const Sequence* RulesetInfo::sequence(std::string_view variant) const {
    if (variant.empty()) return sequences.empty() ? nullptr : &sequences.front();
    for (const auto& s : sequences)
        if (same_label(s.variant, variant)) return &s;
    return nullptr;
}

const RuleOption* RulesetInfo::option(std::string_view name) const {
    for (const auto& o : options)
        if (same_label(o.name, name)) return &o;
    return nullptr;
}

const OptionalRule* RulesetInfo::optional_rule(std::string_view name) const {
    for (const auto& r : optional_rules)
        if (same_label(r.name, name)) return &r;
    return nullptr;
}

bool RulesetInfo::declares(ngn::EntityKind kind) const {
    return kind == ngn::EntityKind::Side || std::find(entity_kinds.begin(), entity_kinds.end(), kind) != entity_kinds.end();
}

const Ruleset* RulesetList::find(std::string_view id) const {
    for (const Ruleset* r : all)
        if (r->info.id == id) return r;
    return nullptr;
}

std::string RulesetList::ids() const {
    std::string s;
    for (const Ruleset* r : all) s += (s.empty() ? "" : ", ") + r->info.id;
    return s;
}

}  // namespace ironlog
