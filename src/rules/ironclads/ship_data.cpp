#include "rules/ironclads/ship_data.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <span>
#include <sstream>

namespace ironlog::rules::ironclads {

namespace {

const RuleRef kCards{"ironclads", "Appendix A Data Cards", ""};

bool same_name(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

std::optional<std::string> word_of(const ngn::Item& it) {
    if (const auto* w = it.as<ngn::Word>()) return std::string(w->text);
    if (const auto* t = it.as<ngn::Text>()) return std::string(t->text);
    return std::nullopt;
}

// A length: 4.5in, 4.5, 123mm -> inches.
std::optional<double> inches(const ngn::Item& it) {
    const auto* n = it.as<ngn::Number>();
    if (!n || n->value <= 0) return std::nullopt;
    if (n->unit.empty() || same_lower(n->unit, "in")) return n->value;
    if (same_lower(n->unit, "mm")) return n->value / 25.4;
    if (same_lower(n->unit, "cm")) return n->value / 2.54;
    return std::nullopt;
}

}  // namespace

bool CardGiven::any() const {
    for (const auto& g : guns)
        if (g) return true;
    return armour || prop || hull;
}

namespace {
// Reads a ship line's data, name by name: each name takes the item after it (the cursor moves
// past what it takes), and each value that cannot be read is one problem at its place.
class ShipDataReader {
public:
    ShipDataReader(ngn::Items items, std::vector<DataProblem>& problems) : items_(items), problems_(problems) {}

    ShipData read() {
        for (i_ = 0; i_ < items_.size(); ++i_) {
            const ngn::Item& key_item = items_[i_];
            const auto* key_word = key_item.as<ngn::Word>();
            if (!key_word && key_item.is<ngn::TablePos>()) {  // a bare position: where the ship starts
                d_.at = *key_item.as<ngn::TablePos>();
                d_.at_pos = key_item.pos;
            } else if (!key_word) {
                problem(key_item, "expected a ship data name (e.g. broadside, armour, knots, at), found " + key_item.to_ngn());
            } else {
                key_item_ = &key_item;
                key_ = lower(key_word->text);
                if (!history() && !build() && !card_stat() && !placement() && !mount()) unknown(std::string(key_word->text));
            }
        }
        return std::move(d_);
    }

private:
    void problem(const ngn::Item& at, std::string message) { problems_.push_back(DataProblem{at.pos, std::move(message)}); }
    // Compared as a view: lengths first, so most names are told apart without comparing bytes.
    bool key_is(std::string_view name) const { return std::string_view(key_) == name; }
    const ngn::Item* next() const { return i_ + 1 < items_.size() ? &items_[i_ + 1] : nullptr; }
    // The name's value, taken; null (a problem) when the line ends.
    const ngn::Item* need(const char* what) {
        const ngn::Item* value = next();
        if (!value) problem(*key_item_, "'" + key_ + "' needs " + what);
        else ++i_;
        return value;
    }
    std::optional<int> whole(const char* what) {
        const ngn::Item* v = need(what);
        if (!v) return std::nullopt;
        const auto* n = v->as<ngn::Number>();
        if (!n || !n->is_integer || n->value < 0 || n->has_sign || !n->unit.empty()) {
            problem(*v, "'" + key_ + "' takes " + what + ", found " + v->to_ngn());
            return std::nullopt;
        }
        return n->as_int();
    }
    // nation, years, sisters, class: who the ship is
    bool history() {
        if (key_is("nation")) {
            if (const auto* v = need("a nation")) d_.spec.nation = word_of(*v).value_or(v->to_ngn());
        } else if (key_is("years")) {
            if (const auto* v = need("years such as 1859-1879")) d_.spec.years = word_of(*v).value_or(v->to_ngn());
        } else if (key_is("sisters")) {
            if (const auto* v = need("the names of its sister ships")) {
                if (const auto* l = v->as<ngn::List>())
                    for (const auto& e : l->items) d_.spec.sisters.push_back(reference_text(e));
                else
                    d_.spec.sisters.push_back(reference_text(*v));
            }
        } else if (key_is("class")) {
            if (const auto* v = need("the library entry the ship is built to")) d_.class_name = reference_text(*v);
        } else {
            return false;
        }
        return true;
    }
    // knots, tons, belt, backing, monitor: what Appendix A builds its card from
    bool build() {
        if (key_is("knots")) {
            if (const auto* v = need("its speed in knots")) {
                const auto* n = v->as<ngn::Number>();
                if (n && n->value > 0 && (n->unit.empty() || same_lower(n->unit, "kn"))) d_.spec.knots = n->value, d_.has_spec = true;
                else problem(*v, "knots takes a speed such as 12.5 or 12.5kn, found " + v->to_ngn());
            }
        } else if (key_is("tons") || key_is("displacement")) {
            if (const auto* v = need("its displacement in tons")) {
                const auto* n = v->as<ngn::Number>();
                if (n && n->value > 0 && (n->unit.empty() || same_lower(n->unit, "t"))) d_.spec.tons = n->value, d_.has_spec = true;
                else problem(*v, key_ + " takes a displacement such as 5630 or 5630t, found " + v->to_ngn());
            }
        } else if (key_is("belt")) {
            if (const auto* v = need("the thickness of its iron belt, or none")) {
                auto w = word_of(*v);
                if (auto in = inches(*v)) d_.spec.belt_in = *in, d_.has_spec = true;
                else if (w && same_lower(*w, "none")) d_.spec.no_belt = true, d_.has_spec = true;
                else problem(*v, "belt takes a thickness such as 4.5in or 114mm, or none; found " + v->to_ngn());
            }
        } else if (key_is("backing")) {
            if (const auto* v = need("the wood backing: a thickness, or yes when its thickness is unknown")) backing(*v);
        } else if (key_is("monitor")) {
            d_.spec.monitor = true;
        } else {
            return false;
        }
        return true;
    }
    void backing(const ngn::Item& v) {
        auto w = word_of(v);
        if (auto in = inches(v)) {
            d_.spec.backing = ShipSpec::Backing::Given;
            d_.spec.backing_in = *in;
        } else if (w && (same_lower(*w, "yes") || same_lower(*w, "unknown"))) {
            d_.spec.backing = ShipSpec::Backing::Unknown;
        } else if (w && (same_lower(*w, "no") || same_lower(*w, "none"))) {
            d_.spec.backing = ShipSpec::Backing::None;
        } else {
            problem(v, "backing takes a thickness such as 18in, or yes (thickness unknown), or no; found " + v.to_ngn());
        }
    }
    // armour, prop, hull: the card's stats
    bool card_stat() {
        if (key_is("armour") || key_is("armor")) d_.card.armour = whole("a number of stats");
        else if (key_is("prop") || key_is("propulsion")) d_.card.prop = whole("a number of stats");
        else if (key_is("hull")) d_.card.hull = whole("a number of stats");
        else return false;
        return true;
    }
    // speed, at, base: where and how the ship starts
    bool placement() {
        if (key_is("speed")) {
            d_.speed = whole("the current speed, a whole number");
            if (next() && next()->as<ngn::Word>() && same_lower(next()->as<ngn::Word>()->text, "astern")) {
                d_.astern = true;
                ++i_;
            }
        } else if (key_is("at")) {
            if (const auto* v = need("a position (x, y, heading)")) {
                if (const auto* p = v->as<ngn::TablePos>()) d_.at = *p, d_.at_pos = v->pos;
                else problem(*v, "at takes a table position such as (30, 20, 90), found " + v->to_ngn());
            }
        } else if (key_is("base")) {
            if (const auto* v = need("the base size, length x width in cm, e.g. 6x1.5")) base(*v);
        } else {
            return false;
        }
        return true;
    }
    void base(const ngn::Item& v) {
        std::string t = lower(word_of(v).value_or(v.to_ngn()));
        if (t.size() > 2 && t.substr(t.size() - 2) == "cm") t.resize(t.size() - 2);
        auto x = t.find('x');
        double l = 0, w = 0;
        bool ok = x != std::string::npos;
        if (ok) {
            auto r1 = std::from_chars(t.data(), t.data() + x, l);
            auto r2 = std::from_chars(t.data() + x + 1, t.data() + t.size(), w);
            ok = r1.ec == std::errc() && r2.ec == std::errc() && r1.ptr == t.data() + x && r2.ptr == t.data() + t.size() && l > 0 && w > 0;
        }
        if (ok) d_.base_length = l, d_.base_width = w;
        else problem(v, "base takes length x width in cm, e.g. 6x1.5, found " + v.to_ngn());
    }
    // fwd, port, ..., broadside: a number of gun stats, or the guns themselves
    bool mount() {
        const auto mount = parse_mount(key_);
        if (!mount && !key_is("broadside")) return false;
        const ngn::Item* v = need("a number of stats, or guns such as 18x6.4in-r");
        if (!v) return true;
        static constexpr int kBroadside[] = {Port, Stbd};
        const std::span<const int> mounts = mount ? std::span<const int>(&*mount, 1) : std::span<const int>(kBroadside);
        if (const auto* n = v->as<ngn::Number>(); n && n->unit.empty()) {
            if (!n->is_integer || n->value < 0 || n->has_sign) problem(*v, key_ + " takes a whole number of stats, found " + v->to_ngn());
            else
                for (int m : mounts) d_.card.guns[m] = n->as_int();
        } else {
            guns(*v, mounts);
        }
        // a turret may be followed by the arcs it fires into: PS, FPSR ...
        if (mount && is_turret(*mount) && next())
            if (const auto* w = next()->as<ngn::Word>())
                if (auto arcs = parse_arcs(w->text)) {
                    d_.turret_arcs[*mount - FwdTurret] = *arcs;
                    d_.spec.turret_arcs[*mount - FwdTurret] = *arcs;
                    ++i_;
                }
        return true;
    }
    void guns(const ngn::Item& v, std::span<const int> mounts) {
        std::vector<const ngn::Item*> listed;
        if (const auto* l = v.as<ngn::List>())
            for (const auto& e : l->items) listed.push_back(&e);
        else
            listed.push_back(&v);
        for (const ngn::Item* g : listed) {
            std::string error;
            auto text = word_of(*g).value_or(g->to_ngn());
            if (auto gun = parse_gun(text, error)) {
                for (int m : mounts) d_.spec.guns[m].push_back(*gun);
                d_.has_spec = true;
            } else {
                problem(*g, error);
            }
        }
    }
    void unknown(const std::string& word) {
        if (next() && !next()->as<ngn::Word>()) ++i_;  // its value goes with it: one finding
        problem(*key_item_, "unknown ship data '" + word +
                                "': expected guns (fwd, port, stbd, rear, broadside, fwd-turret, centre-turret, rear-turret), "
                                "armour, prop, hull, knots, tons, belt, backing, monitor, nation, years, sisters, class, speed, at or base");
    }

    ngn::Items items_;
    std::vector<DataProblem>& problems_;
    std::size_t i_ = 0;
    const ngn::Item* key_item_ = nullptr;
    std::string key_;
    ShipData d_;
};
}  // namespace

ShipData read_ship_data(ngn::Items items, std::vector<DataProblem>& problems) {
    return ShipDataReader(items, problems).read();
}

bool ShipLibrary::load(const std::filesystem::path& path, const std::string& shown_as, Findings& findings) {
    const std::optional<std::string> text = read_named_file(path);
    if (!text) return false;
    auto add = [&](ngn::SourcePos pos, std::string message, Kind kind) {
        Finding& f = findings.error(kind, kCards, pos, std::move(message));
        f.file = shown_as;
    };
    ngn::ParsedFile parsed = ngn::parse_text(*text);
    for (const auto& e : parsed.file_errors.errors) add(e.pos, e.message, Kind::Syntax);
    for (const auto& game : parsed.games) {
        for (const auto& e : game.errors) add(e.pos, e.message, Kind::Syntax);
        for (const auto& line : game.lines) {
            const auto* decl = line.as<ngn::Declaration>();
            if (!decl) {
                if (line.is<ngn::Event>() || line.is<ngn::Heading>() || line.is<ngn::Setup>())
                    add(line.pos, "a ship library holds only ship lines", Kind::Inconsistent);
                continue;
            }
            if (decl->kind != ngn::EntityKind::Ship) {
                if (decl->kind != ngn::EntityKind::Side) add(line.pos, "a ship library holds only ship lines", Kind::Inconsistent);
                continue;
            }
            std::vector<DataProblem> problems;
            ShipData data = read_ship_data(decl->args, problems);
            for (const auto& p : problems) add(p.pos, p.message, Kind::Inconsistent);
            data.spec.name = reference_text(decl->full_name ? *decl->full_name : decl->name);
            data.spec.file = shown_as;
            data.spec.pos = line.pos;
            if (find(data.spec.name)) {
                add(line.pos, "'" + data.spec.name + "' is already in this library", Kind::Inconsistent);
                continue;
            }
            ships_.push_back(std::move(data.spec));
        }
    }
    return true;
}

const ShipSpec* ShipLibrary::find(std::string_view name) const {
    for (const auto& s : ships_)
        if (same_name(s.name, name)) return &s;
    for (const auto& s : ships_)
        for (const auto& sister : s.sisters)
            if (same_name(sister, name)) return &s;
    return nullptr;
}

}  // namespace ironlog::rules::ironclads
