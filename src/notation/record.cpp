#include "notation/record.hpp"

#include <algorithm>

#include <charconv>
#include <cmath>

namespace ngn {

namespace {

// A coordinate as NGN writes it: digits and a point, never an exponent (5e+100 is no NGN).
std::string number_text(double v) {
    char buf[512];
    auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return std::string(buf, r.ptr);
}

bool plain_area_name(const std::string& s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (!(std::isalnum(c) || c >= 0x80 || c == '_' || c == '-' || c == '.' || c == '\'')) return false;
    return true;
}

}  // namespace

std::string quote(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string Dice::spec() const {
    return (count ? std::to_string(*count) : std::string()) + "d" + std::to_string(sides);
}

std::string Item::to_ngn() const {
    struct Visitor {
        std::string operator()(const Word& w) const { return w.text; }
        std::string operator()(const Text& t) const { return quote(t.text); }
        std::string operator()(const Number& n) const { return n.text; }
        std::string operator()(const TablePos& p) const {
            // a coordinate too large for a double is kept as it was written
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || (p.heading && !std::isfinite(*p.heading))) return p.text;
            std::string s = "(" + number_text(p.x) + ", " + number_text(p.y);
            if (p.heading) s += ", " + number_text(*p.heading);
            return s + ")";
        }
        std::string operator()(const HexPos& h) const {
            std::string s = "#";
            if (!h.board.empty()) s += h.board + ":";
            s += h.hex;
            if (!h.facing.empty()) s += "/" + h.facing;
            return s;
        }
        std::string operator()(const AreaPos& a) const {
            std::string s = "@" + ((a.quoted || !plain_area_name(a.area)) ? quote(a.area) : a.area);
            if (!a.box.empty()) s += "/" + a.box;
            return s;
        }
        std::string operator()(const Dice& d) const {
            std::string s = d.spec() + ":";
            for (const auto& f : d.faces) s += " " + std::to_string(f.value);
            for (const auto& m : d.modifiers) {
                s += m.value < 0 ? " -" : " +";
                s += std::to_string(std::abs(m.value));
                if (!m.label.empty()) s += "(" + m.label + ")";
            }
            if (d.total) s += " = " + std::to_string(*d.total);
            return s;
        }
        std::string operator()(const List& l) const {
            std::string s;
            for (const auto& it : l.items) {
                if (!s.empty()) s += ",";
                s += it.to_ngn();
            }
            return s;
        }
    };
    return std::visit(Visitor{}, value);
}

const char* heading_keyword(HeadingKind kind) {
    switch (kind) {
        case HeadingKind::Turn: return "turn";
        case HeadingKind::Phase: return "phase";
        case HeadingKind::Segment: return "segment";
        case HeadingKind::Impulse: return "impulse";
        case HeadingKind::Step: return "step";
    }
    return "?";
}

const char* entity_keyword(EntityKind kind) {
    switch (kind) {
        case EntityKind::Side: return "side";
        case EntityKind::Ship: return "ship";
        case EntityKind::Unit: return "unit";
        case EntityKind::Fleet: return "fleet";
        case EntityKind::Leader: return "leader";
        case EntityKind::Squadron: return "squadron";
        case EntityKind::Formation: return "formation";
    }
    return "?";
}

int Number::as_int() const {
    constexpr double kLimit = 1e8;
    if (!(value == value)) return 0;  // not a number: cannot come from the grammar, but stay safe
    return static_cast<int>(std::clamp(value, -kLimit, kLimit));
}

std::string Event::verb() const {
    if (!args.empty())
        if (const auto* w = args.front().as<Word>()) return w->text;
    return {};
}

// Tags stand in the header: the reader begins a new game at a tag after a game's body, so
// the first line that is neither a tag nor blank ends the search.
const Tag* Game::tag(std::string_view name) const {
    for (const auto& l : lines) {
        if (const auto* t = l.as<Tag>(); t && t->name == name) return t;
        if (!l.is<Tag>() && !l.is<Blank>()) break;
    }
    return nullptr;
}

std::vector<const Tag*> Game::tags() const {
    std::vector<const Tag*> out;
    for (const auto& l : lines) {
        if (const auto* t = l.as<Tag>()) out.push_back(t);
        else if (!l.is<Blank>()) break;
    }
    return out;
}

}  // namespace ngn
