#include "rules/admiral/unit_card.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"
#include "rules/admiral/tables.hpp"

#include <fstream>
#include <sstream>

namespace ironlog::rules::admiral {

const char* const kCardShape =
    "a card is: type <BB|PB|BC|CA|CV|CL|CVL|CVE|DD|SS|ES|AK|PT> [nation <word>] [class \"...\"] [points N] [speed N] [sp N] "
    "[dc N] [aa N] [as N] [aircraft N] [length Ncm] [armour N] [defence bow N side N stern N] "
    "[primary|secondary|tertiary bow L/S side L/S stern L/S die N range Ncm] [torpedoes [centre] N [die N] [range Ncm]] [rules a,b]";

namespace {
const RuleRef kCard{"admiral", "War Technology/Unit Card", ""};

std::optional<int> small_whole(const ngn::Item& it) {
    const auto* n = it.as<ngn::Number>();
    if (!n || !n->is_integer || n->has_sign || !n->unit.empty() || n->value > 999) return std::nullopt;
    return n->as_int();
}

std::optional<double> centimetres(const ngn::Item& it) {
    const auto* n = it.as<ngn::Number>();
    if (!n || n->has_sign || n->value > 1000 || (!n->unit.empty() && lower(n->unit) != "cm")) return std::nullopt;
    return n->value;
}

// "4/5": a long-range and a short-range coefficient.
std::optional<Coefficient> coefficient(const ngn::Item& it) {
    const std::string_view* w = word_text(it);
    if (!w) {
        if (auto n = small_whole(it)) return Coefficient{*n, *n};  // a single value serves both
        return std::nullopt;
    }
    const auto slash = w->find('/');
    if (slash == std::string::npos) return std::nullopt;
    try {
        std::size_t a = 0, b = 0;
        const int l = std::stoi(std::string(w->substr(0, slash)), &a), s = std::stoi(std::string(w->substr(slash + 1)), &b);
        if (a != slash || b != w->size() - slash - 1 || l < 0 || s < 0 || l > 99 || s > 99) return std::nullopt;
        return Coefficient{l, s};
    } catch (...) {
        return std::nullopt;
    }
}

// "die 10": the sides of a die (a bare d10 would be a roll).
std::optional<int> die_at(ngn::Items a, std::size_t i) {
    if (i + 1 >= a.size() || !is_word(a[i], "die")) return std::nullopt;
    const auto n = small_whole(a[i + 1]);
    if (!n || (*n != 6 && *n != 8 && *n != 10 && *n != 12)) return std::nullopt;
    return n;
}

std::optional<Section> section_word(const ngn::Item& it) {
    if (is_word(it, "bow")) return Section::Bow;
    if (is_word(it, "side")) return Section::Side;
    if (is_word(it, "stern")) return Section::Stern;
    return std::nullopt;
}

// defence bow N side N stern N
std::size_t read_defence(ngn::Items a, std::size_t i, Card& card) {
    while (i + 1 < a.size()) {
        auto s = section_word(a[i]);
        auto v = small_whole(a[i + 1]);
        if (!s || !v) break;
        card.defence[static_cast<std::size_t>(*s)] = *v;
        i += 2;
    }
    return i;
}

// primary bow L/S side L/S stern L/S dN range Ncm
std::size_t read_battery(ngn::Items a, std::size_t i, BatteryCard& b) {
    for (;;) {
        if (i + 1 < a.size() && section_word(a[i]) && coefficient(a[i + 1])) {
            b.by_section[static_cast<std::size_t>(*section_word(a[i]))] = coefficient(a[i + 1]);
            i += 2;
        } else if (auto die = die_at(a, i)) {
            b.die = *die, i += 2;
        } else if (i + 1 < a.size() && is_word(a[i], "range") && centimetres(a[i + 1])) {
            b.range_cm = centimetres(a[i + 1]);
            i += 2;
        } else {
            return i;
        }
    }
}

std::size_t read_torpedoes(ngn::Items a, std::size_t i, Card& card) {
    if (i < a.size() && is_word(a[i], "centre")) card.centre_torpedoes = true, ++i;
    if (i >= a.size() || !small_whole(a[i])) return i;
    card.torpedoes = small_whole(a[i++]);
    if (auto die = die_at(a, i)) card.torpedo_die = *die, i += 2;
    if (i + 1 < a.size() && is_word(a[i], "range") && centimetres(a[i + 1])) card.torpedo_range_cm = centimetres(a[i + 1]), i += 2;
    return i;
}

// A field with one whole number: which member of the card it fills.
std::optional<int>* whole_field(Card& c, const std::string& w) {
    if (w == "points") return &c.points;
    if (w == "speed") return &c.speed;
    if (w == "sp") return &c.sp;
    if (w == "dc") return &c.dc;
    if (w == "aa") return &c.aa;
    if (w == "as") return &c.as;
    if (w == "aircraft") return &c.aircraft;
    if (w == "armour" || w == "armor") return &c.armour;
    return nullptr;
}
}  // namespace

std::size_t read_card_fields(ngn::Items a, std::size_t i, Card& card, const Problem& problem) {
    while (i < a.size()) {
        const std::string_view* wp = word_text(a[i]);
        if (!wp) return i;
        const std::string w = lower(*wp);
        const bool next = i + 1 < a.size();
        if (w == "type" && next && word_text(a[i + 1])) {
            std::string t(*word_text(a[i + 1]));
            for (char& ch : t) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
            if (!known_type(t)) problem(a[i + 1].pos, "'" + t + "' is not a type of Unit Features/Type (BB, PB, BC, CA, CV, CL, CVL, CVE, DD, SS, ES, AK, PT)");
            card.type = t;
            i += 2;
        } else if ((w == "nation" || w == "class") && next && (word_text(a[i + 1]) || a[i + 1].is<ngn::Text>())) {
            (w == "nation" ? card.nation : card.class_name) = lower(reference_text(a[i + 1]));
            i += 2;
        } else if (auto* f = whole_field(card, w); f && next && small_whole(a[i + 1])) {
            *f = small_whole(a[i + 1]);
            i += 2;
        } else if (w == "length" && next && centimetres(a[i + 1])) {
            card.length_cm = centimetres(a[i + 1]);
            i += 2;
        } else if (w == "defence" || w == "defense") {
            i = read_defence(a, i + 1, card);
        } else if (w == "primary" || w == "secondary" || w == "tertiary") {
            i = read_battery(a, i + 1, card.batteries[w == "primary" ? 0 : w == "secondary" ? 1 : 2]);
        } else if (w == "torpedoes") {
            i = read_torpedoes(a, i + 1, card);
        } else if (w == "rules" && next) {
            card.rules.clear();  // a ship line's rules replace the library's
            for (const ngn::Item* r : elements(a[i + 1]))
                if (const std::string_view* rw = word_text(*r)) card.rules.insert(lower(*rw));
            i += 2;
        } else {
            return i;
        }
    }
    return i;
}

CardLibrary CardLibrary::load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings) {
    CardLibrary lib;
    const std::string text = ironlog::read_named_file(path).value_or("");  // the header said why, if not read
    auto problem = [&](ngn::SourcePos pos, std::string message) {
        findings.error(Kind::Inconsistent, kCard, pos, std::move(message)).file = shown_name;
    };
    ngn::for_each_line(text, [&](ngn::LineResult&& r) {
        if (r.error) return problem(r.error->pos, r.error->message);
        if (!r.line) return;
        const auto* d = r.line->as<ngn::Declaration>();
        if (!d || d->kind != ngn::EntityKind::Ship) return;  // tags, sides and comments: nothing to read
        Card c;
        c.name = reference_text(d->full_name ? *d->full_name : d->name);
        const std::size_t end = read_card_fields(d->args, 0, c, problem);
        if (end < d->args.size()) return problem(d->args[end].pos, std::string(kCardShape) + "; not '" + d->args[end].to_ngn() + "'");
        if (c.type.empty()) return problem(d->name.pos, "a card needs its type: type BB, CA, DD ...");
        const std::string key = lower(c.name);
        if (lib.cards_.count(key)) return problem(d->name.pos, "'" + c.name + "' is in the card library twice");
        lib.cards_.emplace(key, std::move(c));
    });
    return lib;
}

const Card* CardLibrary::find(const std::string& name) const {
    auto it = cards_.find(lower(name));
    return it == cards_.end() ? nullptr : &it->second;
}

}  // namespace ironlog::rules::admiral
