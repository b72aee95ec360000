// Ironclads: the order of battle: ships, their Data Cards from the library or the record, and a
// record set up mid-game (Appendix A, and the set-up lines docs/rules/ironclads.md gives).
#include "rules/ironclads/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

void IroncladsEngine::declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    if (d.kind == ngn::EntityKind::Squadron) declare_squadron(d, e, ctx);
    if (d.kind != ngn::EntityKind::Ship) return;
    auto s = std::make_unique<Ship>();
    s->entity = &e;
    s->name = e.label();
    std::vector<DataProblem> problems;
    ShipData data = read_ship_data(d.args, problems);
    for (const auto& p : problems) ctx.findings.error(Kind::Inconsistent, kCards, p.pos, p.message);

    // The specifications: given on the line, or the library entry for this ship (or its class).
    const ShipSpec* spec = nullptr;
    ShipSpec inline_spec = data.spec;
    if (data.has_spec) {
        inline_spec.name = e.name;
        spec = &inline_spec;
    } else {
        std::string key = data.class_name.value_or(e.name);
        for (const auto& lib : libraries_)
            if ((spec = lib->find(key))) break;
        if (!spec && data.class_name)
            ctx.findings.error(Kind::Inconsistent, kCards, d.name.pos,
                               "no ship library entry '" + *data.class_name + "' (the libraries are named in [Library])");
        s->spec = spec;
    }
    std::optional<DerivedCard> derived;
    if (spec) derived = derive_card(*spec);
    Card card;
    if (data.card.any() || (derived && !derived->unknown.empty())) {
        card = card_given(d, *s, data, derived, spec, ctx);
    } else if (derived) {
        card = derived->card;
        s->has_card = true;
    } else if (!library_missing_) {
        ctx.findings.error(Kind::Inconsistent, kCards, d.name.pos,
                           "no Data Card for " + s->name +
                               ": give its stats (port 13 stbd 13 armour 7 prop 13 hull 6 ...), its specifications, "
                               "or a ship library entry in [Library]");
    }
    for (int t = 0; t < 3; ++t)
        if (data.turret_arcs[t]) card.turret_arcs[t] = data.turret_arcs[t];
    s->initial = card;
    s->card = card;
    if (data.speed) {
        s->speed = *data.speed;
        s->astern = data.astern;
        s->speed_known = true;
        s->speeds.push_back(*data.speed);
    }
    s->pos = data.at;
    s->base_length = data.base_length;
    s->base_width = data.base_width;
    if (s->has_card) ctx.judged(kCards);
    if (s->has_card && card.hull == 0) s->hull_lost_line = d.name.pos.line;
    by_entity_[&e] = s.get();
    ships_.push_back(std::move(s));
}

// A squadron (Appendix D): one to four declared ships of its side, each in one squadron.
void IroncladsEngine::declare_squadron(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    ctx.judged(kFormations);
    std::vector<Ship*> members;
    for (const ngn::Item* n : elements(d.args)) {
        Ship* s = ship_named(*n, ctx);
        if (!s) {
            ctx.findings.error(Kind::Inconsistent, kFormations, n->pos, "'" + reference_text(*n) + "' is not a declared ship");
            continue;
        }
        if (s->squadron >= 0) {
            ctx.findings.error(Kind::Inconsistent, kFormations, n->pos, s->name + " is already in another squadron");
            continue;
        }
        if (s->side() != e.side)
            ctx.findings.error(Kind::Illegal, kFormations, n->pos, s->name + " belongs to another side than the squadron");
        members.push_back(s);
    }
    if (members.empty() || members.size() > 4)
        ctx.findings.error(Kind::Illegal, kFormations, d.name.pos,
                           "a squadron has one to four ships; " + e.label() + " has " + std::to_string(members.size()),
                           "1 to 4 ships", std::to_string(members.size()));
    for (Ship* s : members) s->squadron = static_cast<int>(squadrons_.size());
    squadrons_.push_back(members);
}

// A Data Card given on the ship line: its stats as written; rows it leaves out come from the
// derivation when there is one, else are empty (gun rows) or missing (armour, prop, hull). It is
// compared with the card its specifications give, and held to Appendix A's caps.
Card IroncladsEngine::card_given(const ngn::Declaration& d, Ship& s_ref, const ShipData& data, const std::optional<DerivedCard>& derived,
                                 const ShipSpec* spec, GameContext& ctx) {
    Ship* s = &s_ref;
    auto known = [&](const char* stat) {
        return derived && std::find(derived->unknown.begin(), derived->unknown.end(), stat) == derived->unknown.end();
    };
    Card card;
    // derivation when there is one, else are empty (gun rows) or missing (armour, prop, hull).
    const Card* base = derived ? &derived->card : nullptr;
    for (int m = 0; m < kMounts; ++m) card.guns[m] = data.card.guns[m].value_or(base ? base->guns[m] : 0);
    card.armour = data.card.armour.value_or(base ? base->armour : 0);
    card.prop = data.card.prop.value_or(base ? base->prop : 0);
    card.hull = data.card.hull.value_or(base ? base->hull : 0);
    std::string lacking;
    if (!data.card.armour && !known("armour")) lacking += "armour";
    if (!data.card.prop && !known("prop")) lacking += std::string(lacking.empty() ? "" : ", ") + "prop";
    if (!data.card.hull && !known("hull")) lacking += std::string(lacking.empty() ? "" : ", ") + "hull";
    if (!lacking.empty())
        ctx.findings.error(Kind::Inconsistent, kCards, d.name.pos,
                           s->name + "'s Data Card has no " + lacking + " stats" +
                               (derived ? " (its specifications lack " + derived->missing_text() + "): give them on the ship line" : ""));
    if (derived) {
        std::string expected, recorded;
        for (int st = 0; st < kStats; ++st) {
            if (st >= kMounts && !known(stat_name(st))) continue;
            int want = stat_of(derived->card, st);
            int got = stat_of(card, st);
            if (want != got) {
                expected += (expected.empty() ? "" : ", ") + std::string(stat_name(st)) + " " + std::to_string(want);
                recorded += (recorded.empty() ? "" : ", ") + std::string(stat_name(st)) + " " + std::to_string(got);
            }
        }
        if (!expected.empty())
            ctx.findings.error(Kind::WrongResult, kCards, d.name.pos,
                               s->name + "'s Data Card disagrees with the card derived from its specifications" +
                                   (spec->file.empty() ? std::string() : " (" + spec->file + ":" + std::to_string(spec->pos.line) + ")"),
                               expected, recorded);
    }
    // caps of Appendix A
    for (int st = 0; st < kStats; ++st) {
        int cap = st < kMounts ? mount_cap(st) : st == kArmour ? 7 : st == kProp ? 20 : 12;
        if (stat_of(card, st) > cap)
            ctx.findings.error(Kind::Illegal, kCards, d.name.pos,
                               std::string(stat_name(st)) + " has at most " + std::to_string(cap) + " stats on a Data Card",
                               "at most " + std::to_string(cap), std::to_string(stat_of(card, st)));
    }
    s->has_card = lacking.empty();
    return card;
}

void IroncladsEngine::setup(const ngn::Setup& st, const Entity& e, GameContext& ctx) {
    const auto& items = st.args;
    if (e.kind == ngn::EntityKind::Side) {
        setup_side(st, e, ctx);
        return;
    }
    Ship* s = ship(e);
    if (!s) return;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ngn::Item& it = items[i];
        const ngn::Item* next = i + 1 < items.size() ? &items[i + 1] : nullptr;
        auto whole = [&](const ngn::Item* v) -> std::optional<int> {
            if (!v) return std::nullopt;
            const auto* n = v->as<ngn::Number>();
            if (!n || !n->is_integer || n->value < 0 || n->has_sign) return std::nullopt;
            return n->as_int();
        };
        if (const auto* p = it.as<ngn::TablePos>()) {
            s->pos = *p;
        } else if (is_word(it, "at") && next && next->as<ngn::TablePos>()) {
            s->pos = *next->as<ngn::TablePos>();
            ++i;
        } else if (is_word(it, "speed") && whole(next)) {
            s->speed = *whole(next);
            s->speed_known = true;
            ++i;
            s->astern = i + 1 < items.size() && is_word(items[i + 1], "astern");
            if (s->astern) ++i;
            s->speeds.push_back(s->speed);
        } else if (is_word(it, "speeds") && next) {
            s->speeds.clear();
            for (const auto* v : elements(*next))
                if (auto n = whole(v)) s->speeds.push_back(*n);
            if (!s->speeds.empty()) s->speed = s->speeds.back(), s->speed_known = true;
            ++i;
        } else if (is_word(it, "lost") && next && word_text(*next) && parse_stat(*word_text(*next)) && i + 2 < items.size() &&
                   whole(&items[i + 2])) {
            int stat = *parse_stat(*word_text(*next));
            stat_of(s->card, stat) = std::max(0, stat_of(s->card, stat) - *whole(&items[i + 2]));
            i += 2;
        } else if (word_text(it) && parse_stat(*word_text(it)) && whole(next)) {
            int stat = *parse_stat(*word_text(it));
            stat_of(s->card, stat) = *whole(next);
            ++i;
        } else if (is_word(it, "steering") && whole(next)) {
            s->steering = *whole(next);
            ++i;
        } else if (is_word(it, "smokestack")) {
            s->smokestack = true;
        } else if (is_word(it, "fire") && whole(next)) {
            s->setup_fire_turns = *whole(next);
            ++i;
        } else if (is_word(it, "bridge")) {
            s->setup_bridge = true;
        } else if (is_word(it, "hits") && next) {
            s->salvos.push_back(hits_noted(st, *next, ctx));
            ++i;
        } else if (is_word(it, "base") && next) {
            std::vector<DataProblem> problems;
            const ngn::Item base[] = {it, *next};
            ShipData d = read_ship_data(base, problems);
            s->base_length = d.base_length;
            s->base_width = d.base_width;
            for (const auto& p : problems) ctx.findings.error(Kind::Inconsistent, kCards, p.pos, p.message);
            ++i;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                               "a ship's setup line gives speed N [astern], speeds a,b,c, lost <stat> N, <stat> N, at (x, y, heading), "
                               "base LxW, steering N, smokestack, fire N, bridge or hits C,H; found " + it.to_ngn());
        }
    }
    note_hull_lost(st.subject.pos.line);
}

// A side's set-up line: the sea state, and the side with the initiative of the record's first turn.
void IroncladsEngine::setup_side(const ngn::Setup& st, const Entity& e, GameContext& ctx) {
    const auto& items = st.args;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (is_word(items[i], "sea") && i + 1 < items.size()) {
            std::string v = lower(reference_text(items[++i]));
            if (v == "rough" || v == "calm") sea_rough_ = AsPlayed<bool>(v == "rough");
            else ctx.findings.error(Kind::Inconsistent, kSeaState, items[i].pos, "the sea is rough or calm");
        } else if (is_word(items[i], "initiative")) {
            setup_initiative_ = e.index;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, items[i].pos,
                               "a side's setup line gives 'sea rough|calm' or 'initiative'");
        }
    }
}

// "hits C,H": unsaved hits noted on the card, for a record that starts in Phase 3B.
Salvo IroncladsEngine::hits_noted(const ngn::Setup& st, const ngn::Item& list, GameContext& ctx) {
    Salvo salvo;
    for (const auto* v : elements(list)) {
        std::string t = lower(reference_text(*v));
        int count = 1;
        if (const auto* n = v->as<ngn::Number>()) count = n->as_int(), t = lower(n->unit);
        if (t == "c") salvo.claimed.c += count;
        else if (t == "h") salvo.claimed.h += count;
        else ctx.findings.error(Kind::Inconsistent, kDamage, v->pos, "hits are written C (critical) or H");
    }
    salvo.save_done = true;
    salvo.line = st.subject.pos.line;
    return salvo;
}

}  // namespace ironlog::rules::ironclads
