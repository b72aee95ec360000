#include "rules/tmbv/manifest.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"

#include <fstream>
#include <sstream>

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kManifest{"tmbv", "2.0", "Game Components"};
const char* kShape =
    "a manifest line is: source \"...\", or ship \"<name>\" <type B|F|C|D|G|I> ma <N> cf <N>[r] def <N>[ic] hull <N> "
    "[ram single|double] [small] [crew A|B|C], or admiral <side> \"<name>\" rating <N>, or port <name> fire <N> def <N>ic boxes <N>";

// admiral Austria "Tegetthoff" rating 2: the side's admiral and its command rating (5.3).
std::optional<ManifestAdmiral> admiral_line(const ngn::Event& e) {
    const auto& a = e.args;
    if (a.size() != 4 || !word_text(a[0]) || !a[1].is<ngn::Text>() || !is_word(a[2], "rating")) return std::nullopt;
    const auto* n = a[3].as<ngn::Number>();
    if (!n || !n->is_integer || !n->unit.empty() || n->value < -9 || n->value > 9) return std::nullopt;
    return ManifestAdmiral{reference_text(a[1]), std::string(*word_text(a[0])), n->as_int(), e.subject.pos};
}

// port Ancona fire 3 def 4ic boxes 6: a port's coastal battery (9.2.2).
std::optional<ManifestPort> port_line(const ngn::Event& e) {
    const auto& a = e.args;
    if (a.size() != 7 || !(word_text(a[0]) || a[0].is<ngn::Text>()) || !is_word(a[1], "fire") || !is_word(a[3], "def") || !is_word(a[5], "boxes"))
        return std::nullopt;
    ManifestPort p{reference_text(a[0]), 0, 0, 0, e.subject.pos};
    int* values[] = {&p.fire, &p.defence, &p.boxes};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto* n = a[2 + 2 * i].as<ngn::Number>();
        const std::string unit = n ? lower(n->unit) : "";
        if (!n || !n->is_integer || n->has_sign || n->value > 99 || !(unit.empty() || (i == 1 && unit == "ic"))) return std::nullopt;
        *values[i] = n->as_int();
    }
    if (p.boxes <= 0) return std::nullopt;
    return p;
}

// A whole number written with at most the unit given ("4", "4r", "5ic").
std::optional<int> whole(const ngn::Item& it, std::string_view unit, bool& with_unit) {
    const auto* n = it.as<ngn::Number>();
    if (!n || !n->is_integer || n->has_sign || n->value > 99) return std::nullopt;
    if (!n->unit.empty() && lower(n->unit) != unit) return std::nullopt;
    with_unit = !n->unit.empty();
    return n->as_int();
}

// Reads one ship line's values into s; false (and says why) when a value is not understood.
bool read_values(const ngn::Declaration& d, ManifestShip& s, const std::function<void(ngn::SourcePos, std::string)>& problem) {
    const auto& a = d.args;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string w = word_text(a[i]) ? lower(*word_text(a[i])) : "";
        const bool has_next = i + 1 < a.size();
        bool with_unit = false;
        if (w.size() == 1 && std::string_view("bfcdgi").find(w[0]) != std::string_view::npos && s.type == '?') {
            s.type = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
        } else if ((w == "ma" || w == "hull") && has_next && whole(a[i + 1], "", with_unit)) {
            (w == "ma" ? s.ma : s.hull) = *whole(a[++i], "", with_unit);
        } else if (w == "cf" && has_next && whole(a[i + 1], "r", with_unit)) {
            s.cf = *whole(a[++i], "r", with_unit);
            s.rifled = with_unit;
        } else if (w == "def" && has_next && whole(a[i + 1], "ic", with_unit)) {
            s.defence = *whole(a[++i], "ic", with_unit);
            s.ironclad = with_unit;
        } else if (w == "r" || w == "ic") {
            (w == "r" ? s.rifled : s.ironclad) = true;
        } else if (w == "ram" && has_next && (is_word(a[i + 1], "single") || is_word(a[i + 1], "double"))) {
            s.ram = is_word(a[++i], "single") ? 1 : 2;
        } else if (w == "small") {
            s.small = true;
        } else if (w == "crew" && has_next && word_text(a[i + 1]) && word_text(a[i + 1])->size() == 1 &&
                   std::string_view("ABCabc").find((*word_text(a[i + 1]))[0]) != std::string_view::npos) {
            s.crew = static_cast<char>(std::toupper(static_cast<unsigned char>((*word_text(a[++i]))[0])));
        } else {
            problem(a[i].pos, std::string(kShape) + "; not '" + a[i].to_ngn() + "'");
            return false;
        }
    }
    if (s.type == 'D' || s.type == 'G' || s.type == 'I') s.small = true;  // 3.0 Size Indicator
    if (s.type == '?' || s.hull <= 0) {
        problem(d.name.pos, "a manifest ship needs its type letter and its hull boxes (hull N, at least 1)");
        return false;
    }
    return true;
}
}  // namespace

Manifest Manifest::load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings) {
    Manifest m;
    m.file_ = shown_name;
    const std::string text = ironlog::read_named_file(path).value_or("");  // the header said why, if not read
    auto problem = [&](ngn::SourcePos pos, std::string message) {
        findings.error(Kind::Inconsistent, kManifest, pos, std::move(message)).file = shown_name;
    };
    ngn::for_each_line(text, [&](ngn::LineResult&& r) {
        if (r.error) return problem(r.error->pos, r.error->message);
        if (!r.line) return;
        if (const auto* e = r.line->as<ngn::Event>()) {
            if (is_word(e->subject, "source") && e->args.size() == 1 && e->args[0].is<ngn::Text>())
                m.source_ = reference_text(e->args[0]);
            else if (const auto admiral = is_word(e->subject, "admiral") ? admiral_line(*e) : std::nullopt) {
                if (m.admirals_.count(lower(admiral->side))) return problem(e->subject.pos, admiral->side + "'s admiral is in the manifest twice");
                m.admirals_.emplace(lower(admiral->side), *admiral);
            } else if (const auto port = is_word(e->subject, "port") ? port_line(*e) : std::nullopt) {
                if (m.ports_.count(lower(port->name))) return problem(e->subject.pos, "the port '" + port->name + "' is in the manifest twice");
                m.ports_.emplace(lower(port->name), *port);
            } else
                problem(e->subject.pos, kShape);
            return;
        }
        const auto* d = r.line->as<ngn::Declaration>();
        if (!d) return;
        if (d->kind != ngn::EntityKind::Ship) return problem(r.line->pos, kShape);
        ManifestShip s;
        s.name = reference_text(d->full_name ? *d->full_name : d->name);
        s.pos = d->name.pos;
        if (!read_values(*d, s, problem)) return;
        const std::string key = lower(s.name);
        if (m.ships_.count(key)) return problem(d->name.pos, "'" + s.name + "' is in the manifest twice");
        m.ships_.emplace(key, s);
    });
    if (m.source_.empty()) problem(ngn::SourcePos{1, 1}, "a manifest says where its values come from: source \"...\"");
    return m;
}

const ManifestAdmiral* Manifest::admiral_of(const std::string& side) const {
    auto it = admirals_.find(lower(side));
    return it == admirals_.end() ? nullptr : &it->second;
}

const ManifestPort* Manifest::port(const std::string& name) const {
    auto it = ports_.find(lower(name));
    return it == ports_.end() ? nullptr : &it->second;
}

const ManifestShip* Manifest::find(const std::string& name) const {
    auto it = ships_.find(lower(name));
    return it == ships_.end() ? nullptr : &it->second;
}

}  // namespace ironlog::rules::tmbv
