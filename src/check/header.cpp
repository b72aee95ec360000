#include "check/header.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/spelling.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>

namespace ironlog {

namespace {

const RuleRef kTagPairs = ngn_rule("3.1", "Tag pairs");
const RuleRef kTags = ngn_rule("3.2", "Tags");
const RuleRef kSides = ngn_rule("3.3", "Sides and players");
const RuleRef kOptions = ngn_rule("3.5", "Optional rules and options");
const RuleRef kFiles = ngn_rule("3.6", "Files a record uses");
const RuleRef kTolerance = ngn_rule("3.7", "Tolerance");

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
}

bool valid_date(std::string_view d) {
    // YYYY.MM.DD (as in PGN) or YYYY-MM-DD; '?' stands for an unknown digit.
    if (d.size() != 10 || d[4] != d[7] || (d[4] != '.' && d[4] != '-')) return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!std::isdigit(static_cast<unsigned char>(d[i])) && d[i] != '?') return false;
    auto num = [&](std::size_t at) -> int {
        if (d[at] == '?' || d[at + 1] == '?') return -1;
        return (d[at] - '0') * 10 + (d[at + 1] - '0');
    };
    int m = num(5), day = num(8);
    if (m != -1 && (m < 1 || m > 12)) return false;
    if (day != -1 && (day < 1 || day > 31)) return false;
    return true;
}

std::optional<double> parse_tolerance(std::string text) {
    text = lower(trim(text));
    double scale = 1;
    if (text.size() > 2 && text.substr(text.size() - 2) == "cm") text.resize(text.size() - 2);
    else if (text.size() > 2 && text.substr(text.size() - 2) == "mm") { text.resize(text.size() - 2); scale = 0.1; }
    text = trim(text);
    double v = 0;
    auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size() || v < 0 || !std::isfinite(v)) return std::nullopt;
    return v * scale;
}

}  // namespace

const std::vector<TagSpec>& known_tags() {
    static const std::vector<TagSpec> tags = {
        {"NGN", "version of the notation the record is written in: \"1\""},
        {"Event", "tournament, league or club evening"},
        {"Site", "where the game was played"},
        {"Date", "when: YYYY.MM.DD or YYYY-MM-DD, ? for unknown digits"},
        {"Round", "round of the event"},
        {"Ruleset", "the rules played: tmbv, late19c, admiral, eia-naval or ironclads (required)"},
        {"Variant", "the ruleset's scenario or variant, where it has several"},
        {"SideN", "side number N (Side1, Side2, ...): its name"},
        {"PlayerN", "the player or players of side N, separated by commas"},
        {"Umpire", "the umpire"},
        {"Annotator", "who wrote the record"},
        {"Rules", "optional rules in force, separated by commas"},
        {"Options", "named options: name=value, separated by commas or semicolons"},
        {"Tables", "table pack file(s) agreed for the game, relative to the record"},
        {"Map", "map file, relative to the record"},
        {"Library", "ship library file(s), relative to the record"},
        {"Battles", "a campaign's battle records, relative to the record (tmbv)"},
        {"Tolerance", "how far a measured distance may stray: 0.5cm or 5mm"},
        {"SetUp", "\"1\" when the record starts mid-game, from setup lines"},
        {"Result", "winning side, draw, both-lost, or * when unfinished"},
    };
    return tags;
}

bool HeaderInfo::rule_in_force(std::string_view name) const {
    return std::any_of(rules_in_force.begin(), rules_in_force.end(), [&](const std::string& r) { return same_label(r, name); });
}

std::string HeaderInfo::option(std::string_view name) const {
    auto it = options.find(std::string(name));
    return it == options.end() ? std::string() : it->second;
}

HeaderInfo read_header(const ngn::Game& game, const RulesetList& rulesets, const std::filesystem::path& base_dir,
                       Findings& findings) {
    HeaderInfo h;
    h.base_dir = base_dir;
    std::set<std::string> seen;
    std::vector<const ngn::Tag*> tags = game.tags();
    std::map<int, const ngn::Tag*> players;

    for (const ngn::Tag* t : tags) {
        if (!seen.emplace(t->name).second) {
            findings.error(Kind::Inconsistent, kTagPairs, t->pos, "tag [" + std::string(t->name) + "] is given twice");
            continue;
        }
    }
    const ngn::Tag* ruleset_tag = game.tag("Ruleset");
    const ngn::SourcePos first = tags.empty() ? ngn::SourcePos{game.first_line, 1} : tags.front()->pos;

    // NGN version
    if (const ngn::Tag* v = game.tag("NGN")) {
        if (v->value != "1")
            findings.error(Kind::Inconsistent, kTags, v->value_pos,
                           "this ironlog reads NGN version 1; the record is written in version " + std::string(v->value), "1", std::string(v->value));
    } else {
        findings.warning(Kind::Inconsistent, kTags, first, "no [NGN \"1\"] tag: the record is read as NGN version 1");
    }

    // Ruleset and variant
    if (!ruleset_tag) {
        findings.error(Kind::Inconsistent, kTags, first,
                       "no [Ruleset] tag: say which rules were played (" + rulesets.ids() + ")");
    } else if (!(h.ruleset = rulesets.find(ruleset_tag->value))) {
        findings.error(Kind::Inconsistent, kTags, ruleset_tag->value_pos, "unknown ruleset '" + std::string(ruleset_tag->value) + "'",
                       "one of " + rulesets.ids(), std::string(ruleset_tag->value));
    }
    if (h.ruleset) {
        const RulesetInfo& info = h.ruleset->info;
        h.tolerance_cm = info.default_tolerance_cm;
        h.sequence = info.sequence("");
        if (const ngn::Tag* v = game.tag("Variant")) {
            if (const Sequence* s = info.sequence(v->value); s && !s->variant.empty()) {
                h.sequence = s;
            } else {
                std::string variants;
                for (const auto& s : info.sequences)
                    if (!s.variant.empty()) variants += (variants.empty() ? "" : ", ") + s.variant;
                findings.error(Kind::Inconsistent, kTags, v->value_pos,
                               variants.empty() ? info.id + " has no variants"
                                                : "unknown variant '" + std::string(v->value) + "' of " + info.id,
                               variants.empty() ? std::string("no [Variant] tag") : "one of " + variants, std::string(v->value));
            }
        }
        for (const auto& o : info.options) h.options[o.name] = o.values.empty() ? std::string() : o.values.front();
    }

    // Date
    if (const ngn::Tag* d = game.tag("Date")) {
        h.date = d->value;
        if (!valid_date(d->value))
            findings.warning(Kind::Inconsistent, kTags, d->value_pos,
                             "date '" + std::string(d->value) + "' is not of the form YYYY.MM.DD (or YYYY-MM-DD, ? for unknown digits)");
    }

    // Sides and players
    for (const ngn::Tag* t : tags) {
        if (int n = numbered_tag(t->name, "Side")) {
            if (t->value.empty()) findings.error(Kind::Inconsistent, kSides, t->value_pos, "side " + std::to_string(n) + " has no name");
            for (const auto& other : h.sides)
                if (other.name == t->value)
                    findings.error(Kind::Inconsistent, kSides, t->value_pos,
                                   "two sides are called '" + std::string(t->value) + "' (Side" + std::to_string(other.number) + ")");
            h.sides.push_back(SideTag{n, std::string(t->value), {}, t->pos});
        } else if (int p = numbered_tag(t->name, "Player")) {
            players[p] = t;
        }
    }
    std::sort(h.sides.begin(), h.sides.end(), [](const SideTag& a, const SideTag& b) { return a.number < b.number; });
    for (std::size_t i = 0; i < h.sides.size(); ++i)
        if (h.sides[i].number != static_cast<int>(i) + 1)
            findings.warning(Kind::Inconsistent, kSides, h.sides[i].pos,
                             "sides are numbered from 1 without gaps: expected Side" + std::to_string(i + 1));
    for (const auto& [n, t] : players) {
        auto it = std::find_if(h.sides.begin(), h.sides.end(), [n = n](const SideTag& s) { return s.number == n; });
        if (it == h.sides.end())
            findings.error(Kind::Inconsistent, kSides, t->pos,
                           "[" + std::string(t->name) + "] names the players of side " + std::to_string(n) + ", but there is no [Side" +
                               std::to_string(n) + "] tag");
        else
            it->players = split_list(t->value, false);
    }

    // Optional rules and options
    if (const ngn::Tag* r = game.tag("Rules")) {
        for (const auto& name : split_list(r->value)) {
            if (h.ruleset && !h.ruleset->info.optional_rule(name)) {
                std::string known;
                for (const auto& o : h.ruleset->info.optional_rules) known += (known.empty() ? "" : ", ") + o.name;
                std::vector<std::string> names;
                for (const auto& o : h.ruleset->info.optional_rules) names.push_back(o.name);
                const std::string near = nearest(name, names);
                findings.error(Kind::Inconsistent, kOptions, r->value_pos,
                               "unknown optional rule '" + name + "' for " + h.ruleset->info.id + (near.empty() ? "" : "; did you mean '" + near + "'?"),
                               known.empty() ? std::string("none: ") + h.ruleset->info.id + " has no optional rules" : "one of " + known,
                               name);
            } else {
                h.rules_in_force.push_back(name);
            }
        }
    }
    if (const ngn::Tag* o = game.tag("Options")) {
        for (const auto& part : split_list(o->value)) {
            auto eq = part.find('=');
            std::string name = trim(part.substr(0, eq));
            std::string value = eq == std::string::npos ? std::string() : trim(part.substr(eq + 1));
            const RuleOption* spec = h.ruleset ? h.ruleset->info.option(name) : nullptr;
            if (h.ruleset && !spec) {
                std::string known;
                for (const auto& x : h.ruleset->info.options) known += (known.empty() ? "" : ", ") + x.name;
                std::vector<std::string> names;
                for (const auto& x : h.ruleset->info.options) names.push_back(x.name);
                const std::string near = nearest(name, names);
                findings.error(Kind::Inconsistent, kOptions, o->value_pos,
                               "unknown option '" + name + "' for " + h.ruleset->info.id + (near.empty() ? "" : "; did you mean '" + near + "'?"),
                               known.empty() ? std::string("none: ") + h.ruleset->info.id + " has no options" : "one of " + known,
                               name);
                continue;
            }
            if (!spec) continue;
            if (eq == std::string::npos ||
                std::none_of(spec->values.begin(), spec->values.end(), [&](const std::string& v) { return same_label(v, value); })) {
                std::string values;
                for (const auto& v : spec->values) values += (values.empty() ? "" : ", ") + v;
                findings.error(Kind::Inconsistent, kOptions, o->value_pos,
                               "option '" + spec->name + "' takes one of: " + values, "one of " + values, value);
                continue;
            }
            h.options[spec->name] = lower(value);
        }
    }

    // Files the record uses
    auto files = [&](const char* tag, std::vector<std::filesystem::path>& out) {
        const ngn::Tag* t = game.tag(tag);
        if (!t) return;
        for (const auto& name : split_list(t->value)) {
            std::filesystem::path p = base_dir / name;
            std::error_code ec;
            if (!std::filesystem::exists(p, ec)) {
                findings.error(Kind::Inconsistent, kFiles, t->value_pos,
                               std::string("[") + tag + "] names '" + name + "', which is not a file (looked for " + p.string() + ")");
            } else if (std::string why = named_file_problem(p); !why.empty()) {
                // not handed to the engine: it is not read at all
                findings.error(Kind::Inconsistent, kFiles, t->value_pos,
                               std::string("[") + tag + "] names '" + name + "' (" + p.string() + "), which ironlog will not read: " + why);
                continue;
            }
            out.push_back(p);
        }
    };
    files("Tables", h.tables);
    files("Map", h.maps);
    files("Library", h.libraries);
    files("Battles", h.battles);

    // Tolerance
    if (const ngn::Tag* t = game.tag("Tolerance")) {
        if (auto v = parse_tolerance(std::string(t->value)))
            h.tolerance_cm = *v;
        else
            findings.error(Kind::Inconsistent, kTolerance, t->value_pos,
                           "tolerance '" + std::string(t->value) + "' is not a distance such as 0.5cm or 5mm", "0.5cm", std::string(t->value));
    }

    // Set-up
    if (const ngn::Tag* s = game.tag("SetUp")) {
        if (s->value == "1")
            h.setup = true;
        else if (s->value != "0")
            findings.error(Kind::Inconsistent, kTags, s->value_pos, "[SetUp] is \"1\" (the record starts mid-game) or \"0\"",
                           "1 or 0", std::string(s->value));
    }

    h.result = game.tag("Result");

    // Unknown tags are kept; a near miss of a known one is worth a word.
    for (const ngn::Tag* t : tags) {
        if (numbered_tag(t->name, "Side") || numbered_tag(t->name, "Player")) continue;
        const auto& all = known_tags();
        if (std::any_of(all.begin(), all.end(), [&](const TagSpec& k) { return t->name == k.name; })) continue;
        std::string near;
        for (const auto& k : all) {
            std::string_view kn = k.name;
            if (kn != "SideN" && kn != "PlayerN" && (lower(kn) == lower(t->name) || edit_distance(kn, t->name) <= 1)) near = k.name;
        }
        if (!near.empty())
            findings.warning(Kind::Inconsistent, kTags, t->pos, "unknown tag [" + std::string(t->name) + "]: did you mean [" + near + "]?");
    }
    return h;
}

}  // namespace ironlog
