// Playing Admiral/Game Setup: the fleets and their cards, the same-name rule, flagships and their
// command values, numbering, placement and the units' initial condition.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"
#include "rules/admiral/line_of_sight.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kFleets = cite("Playing Admiral/Fleets");
const RuleRef kType = cite("Unit Features/Type");
const RuleRef kFlagshipFeature = cite("Unit Features/Flagships");
const RuleRef kBattlefield = cite("Playing Admiral/Battlefield");
const RuleRef kDiceRolls = cite("General Principles/Dice Rolls");
const RuleRef kCardRule = cite("War Technology/Unit Card");
const RuleRef kFlagships = cite("Playing Admiral/Choosing Flagships");
const RuleRef kNumbers = cite("Playing Admiral/Number the Units");
const RuleRef kPlacement = cite("Playing Admiral/Initial Placement of the Units");
}  // namespace

// ship BIS "Bismarck" [card "..."] [number N] [flagship] [start-speed N] at (x, y, h) [card fields]
void AdmiralEngine::declare_ship(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    Unit& u = units_.emplace_back();
    u.entity = &e;
    u.side = e.side;
    unit_by_[&e] = &u;
    std::string card_name = e.name;
    const auto& a = d.args;
    for (std::size_t i = 0; i + 1 < a.size(); ++i)
        if (is_word(a[i], "card")) card_name = reference_text(a[i + 1]);
    for (const auto& lib : libraries_)
        if (const Card* c = lib->find(card_name)) {
            u.card = *c;
            break;
        }
    auto problem = [&](ngn::SourcePos pos, std::string message) { ctx.findings.error(Kind::Inconsistent, kCardRule, pos, std::move(message)); };
    for (std::size_t i = 0; i < a.size();) {
        const std::size_t next = read_card_fields(a, i, u.card, problem);
        if (next != i) {
            i = next;
            continue;
        }
        const auto* n = i + 1 < a.size() ? a[i + 1].as<ngn::Number>() : nullptr;
        if (is_word(a[i], "card") && i + 1 < a.size()) i += 2;
        else if (is_word(a[i], "flagship")) u.flagship = true, ++i;
        else if (is_word(a[i], "number") && n && n->is_integer) u.number = n->as_int(), i += 2;
        else if (is_word(a[i], "start-speed") && n && n->is_integer && !n->has_sign) u.start_speed = n->as_int(), i += 2;
        else if (is_word(a[i], "at") && i + 1 < a.size() && a[i + 1].as<ngn::TablePos>()) {
            const auto* p = a[i + 1].as<ngn::TablePos>();
            u.placed = true, u.at = {p->x, p->y}, u.heading = p->heading.value_or(0);
            ctx.judged(kPlacement), ctx.judged(kBattlefield);
            if (!on_table(u.at))
                ctx.findings.error(Kind::Illegal, kPlacement, a[i + 1].pos, u.label() + " is placed off the table (" + std::to_string(int(table_w_)) + " x " + std::to_string(int(table_h_)) + " cm)");
            i += 2;
        } else {
            problem(a[i].pos, "'" + a[i].to_ngn() + "' is not part of an admiral ship line: ship ALIAS \"Name\" [card \"...\"] [number N] [flagship] "
                                  "[start-speed N] at (x, y, heading), then card fields (" + std::string(kCardShape) + ")");
            break;
        }
    }
    if (u.card.name.empty()) u.card.name = card_name;
    if (u.card.type.empty() && libraries_.empty() && said_.insert("no-library").second)
        ctx.findings.note(Kind::Unverifiable, kCardRule, d.name.pos,
                          "no card library ([Library \"...\"], docs/rules/admiral.md) and no card on the ship lines: the rules that need a card's "
                          "values are not verified");
    else if (u.card.type.empty() && !libraries_.empty())
        ctx.findings.error(Kind::Inconsistent, kCardRule, d.name.pos, "no card '" + card_name + "' in the card library, and the ship line gives no type");
    if (!u.card.type.empty()) ctx.judged(kCardRule), ctx.judged(kType);  // a card found, its type one of the table's
    if (u.flagship && u.side >= 0 && static_cast<std::size_t>(u.side) < sides_.size()) ++sides_[static_cast<std::size_t>(u.side)].flagships_at_start;
    check_same_names(u, d.name.pos, ctx);
}

// Fleets: no two ships of one name on the table, unless of another nation or type.
void AdmiralEngine::check_same_names(const Unit& u, ngn::SourcePos at, GameContext& ctx) {
    if (u.number) {
        ctx.judged(kNumbers);
        const auto [it, fresh] = numbers_.emplace(std::pair<int, int>{u.side, *u.number}, &u);
        if (!fresh) ctx.findings.error(Kind::Illegal, kNumbers, at, u.label() + " has activation card " + std::to_string(*u.number) + ", as " + it->second->label() + " has");
    }
    ctx.judged(kFleets);
    const auto [it, fresh] = names_.emplace(lower(u.card.name) + "\n" + u.card.type + "\n" + u.card.nation, &u);
    if (!fresh)
        ctx.findings.error(Kind::Illegal, kFleets, at,
                           "two ships named '" + u.card.name + "' of one type and nation may not be on the table, even on opposite sides (" +
                               it->second->label() + " is one)");
}

// The gap between two hulls, each taken as its length along its course through its tower.
double AdmiralEngine::hull_gap(const Unit& a, const Unit& b) const {
    auto ends = [](const Unit& u) {
        const double half = u.card.length_cm.value_or(0) / 2;
        return std::pair<geometry::Point, geometry::Point>{ahead(u.at, u.heading, half), ahead(u.at, u.heading, -half)};
    };
    auto point_segment = [](geometry::Point p, geometry::Point s, geometry::Point t) {
        const double dx = t.x - s.x, dy = t.y - s.y, len = dx * dx + dy * dy;
        const double k = len == 0 ? 0 : std::clamp(((p.x - s.x) * dx + (p.y - s.y) * dy) / len, 0.0, 1.0);
        return geometry::distance(p, {s.x + k * dx, s.y + k * dy});
    };
    const auto [a1, a2] = ends(a);
    const auto [b1, b2] = ends(b);
    return std::min({point_segment(a1, b1, b2), point_segment(a2, b1, b2), point_segment(b1, a1, a2), point_segment(b2, a1, a2)});
}

// Whether two hulls may be within `within` of each other: their towers no farther apart than that
// and their half lengths.
bool AdmiralEngine::near_enough(const Unit& a, const Unit& b, double within) const {
    return geometry::distance(a.at, b.at) <= within + (a.card.length_cm.value_or(0) + b.card.length_cm.value_or(0)) / 2;
}

// Initial Placement: ships of a side 5 cm or less apart, hull to hull, start in formation.
std::vector<const Unit*> AdmiralEngine::formation_of(const Unit& u, double within) const {
    std::vector<const Unit*> group{&u};
    std::set<const Unit*> in{&u};
    for (std::size_t k = 0; k < group.size(); ++k)
        for (const Unit& o : units_)
            if (o.placed && o.side == u.side && !in.count(&o) && near_enough(*group[k], o, within) && hull_gap(*group[k], o) <= within)
                group.push_back(&o), in.insert(&o);
    return group;
}

// Initial Condition of Units: two thirds of the maximum, rounded down; a formation's slowest
// ship's; a gap within the ruler's tolerance of 5 cm may be read either way.
std::set<int> AdmiralEngine::starting_speeds(const Unit& u) const {
    if (u.start_speed) return {*u.start_speed};
    std::set<int> out;
    if (!u.card.speed) return out;
    out.insert(*u.card.speed * 2 / 3);
    if (!u.placed) return out;
    if (formation_slowest_.empty()) find_formations();
    for (const auto& slowest : formation_slowest_)
        if (auto it = slowest.find(&u); it != slowest.end()) out.insert(it->second * 2 / 3);
    return out;
}

// Each unit's formation at the start (within 5 cm less, and more, the ruler's tolerance): the
// slowest maximum speed in it. Found once a game, a group at a time.
void AdmiralEngine::find_formations() const {
    for (double within : {5.0 - tolerance_, 5.0 + tolerance_}) {
        std::map<const Unit*, int> slowest;
        for (const Unit& u : units_) {
            if (!u.placed || slowest.count(&u)) continue;
            const auto group = formation_of(u, within);
            int least = 1000;
            for (const Unit* o : group) least = std::min(least, o->card.speed.value_or(1000));
            for (const Unit* o : group) slowest[o] = least;
        }
        formation_slowest_.push_back(std::move(slowest));
    }
}

// KM command 2d10: 3 9 => BIS +1 TIR -1: one D10 a flagship, then each flagship its value.
bool AdmiralEngine::on_command(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    if (who.kind != ngn::EntityKind::Side) return false;
    if (!a.in_phase("setup", e, kFlagships, ctx)) return true;
    ctx.judged(kFlagships), ctx.judged(kDiceRolls);
    const int side = who.index;
    int flagships = 0;
    for (const Unit& u : a.units_) flagships += u.side == side && u.flagship;
    const ngn::Dice* dice = nullptr;
    for (const auto& it : e.args)
        if (it.as<ngn::Dice>()) dice = it.as<ngn::Dice>();
    if (dice && ctx.dice_ok && (dice->sides != 10 || static_cast<int>(dice->faces.size()) != flagships))
        ctx.findings.error(Kind::Illegal, kFlagships, where(e),
                           "a side rolls one D10 for each of its flagships: " + std::to_string(flagships) + "d10", std::to_string(flagships) + "d10",
                           dice->spec());
    if (!e.claim) return true;
    std::set<const Unit*> given;
    bool said = false;  // one finding a line
    const auto& c = *e.claim;
    for (std::size_t i = 0; i < c.size(); ++i) {
        Unit* u = a.named_unit(c[i], ctx);
        std::optional<int> value;
        if (i + 1 < c.size()) {
            const auto* n = c[i + 1].as<ngn::Number>();
            if (n && n->is_integer) value = n->as_int();
            if (is_word(c[i + 1], "good")) value = 1;  // the levels the initiative example prints
            if (is_word(c[i + 1], "poor")) value = -1;
        }
        if (value) ++i;  // the name's value
        if (!u || u->side != side || !u->flagship) {
            if (!said) ctx.findings.error(Kind::Illegal, kFlagships, c[i - (value ? 1 : 0)].pos, "'" + c[i - (value ? 1 : 0)].to_ngn() + "' is not a flagship of " + who.label());
            said = true;
            continue;
        }
        if (!value) continue;
        ctx.judged(kFlagshipFeature);
        u->command = value;
        given.insert(u);
    }
    if (static_cast<int>(given.size()) != flagships && !said)
        ctx.findings.error(Kind::Illegal, kFlagships, e.claim_pos, "each flagship of " + who.label() + " is given a command value: " +
                                                                       count_of(flagships, "flagship") + ", " + std::to_string(given.size()) + " given");
    if (side >= 0 && static_cast<std::size_t>(side) < a.sides_.size()) a.sides_[static_cast<std::size_t>(side)].command_rolled = true;
    a.unverified("the command values read from the Command values table (not printed in the demo)", kFlagships, where(e), ctx);
    return true;
}

// KM placement d6: 5: the roll-off for who places first (no check beyond its die).
bool AdmiralEngine::on_placement(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    if (who.kind != ngn::EntityKind::Side) return false;
    if (!a.in_phase("setup", e, kPlacement, ctx)) return true;
    ctx.judged(kPlacement), ctx.judged(kDiceRolls);
    for (const auto& it : e.args)
        if (const auto* d = it.as<ngn::Dice>(); d && d->sides != 6)
            ctx.findings.error(Kind::Illegal, kPlacement, it.pos, "the placement roll-off is 1D6", "d6", d->spec());
    return true;
}

}  // namespace ironlog::rules::admiral
