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

bool plain_area_name(std::string_view s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (!(std::isalnum(c) || c >= 0x80 || c == '_' || c == '-' || c == '.' || c == '\'')) return false;
    return true;
}

}  // namespace

void append_quoted(std::string& out, std::string_view s) {
    out += '"';
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += '"';
}

std::string quote(std::string_view s) {
    std::string out;
    append_quoted(out, s);
    return out;
}

namespace {

void append_int(std::string& out, long long v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

}  // namespace

std::string Dice::spec() const {
    std::string s;
    if (count) append_int(s, *count);
    s += 'd';
    append_int(s, sides);
    return s;
}

std::string Item::to_ngn() const {
    std::string s;
    append_ngn(s);
    return s;
}

// Written straight into one string: a record's canonical text is made line by line for the
// archive and for `fmt`, and building a string per item cost more than the writing.
void Item::append_ngn(std::string& out) const {
    struct Visitor {
        std::string& out;
        void operator()(const Word& w) const { out += w.text; }
        void operator()(const Text& t) const { append_quoted(out, t.text); }
        void operator()(const Number& n) const { out += n.text; }
        void operator()(const TablePos& p) const {
            // a coordinate too large for a double is kept as it was written
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || (p.heading && !std::isfinite(*p.heading))) {
                out += p.text;
                return;
            }
            out += '(';
            out += number_text(p.x);
            out += ", ";
            out += number_text(p.y);
            if (p.heading) {
                out += ", ";
                out += number_text(*p.heading);
            }
            out += ')';
        }
        void operator()(const HexPos& h) const {
            out += '#';
            if (!h.board.empty()) {
                out += h.board;
                out += ':';
            }
            out += h.hex;
            if (!h.facing.empty()) {
                out += '/';
                out += h.facing;
            }
        }
        void operator()(const AreaPos& a) const {
            out += '@';
            if (a.quoted || !plain_area_name(a.area)) append_quoted(out, a.area);
            else out += a.area;
            if (!a.box.empty()) {
                out += '/';
                out += a.box;
            }
        }
        void operator()(const Dice& d) const {
            out += d.spec();
            out += ':';
            for (const auto& f : d.faces) {
                out += ' ';
                append_int(out, f.value);
            }
            for (const auto& m : d.modifiers) {
                out += m.value < 0 ? " -" : " +";
                append_int(out, std::abs(static_cast<long long>(m.value)));
                if (!m.label.empty()) {
                    out += '(';
                    out += m.label;
                    out += ')';
                }
            }
            if (d.total) {
                out += " = ";
                append_int(out, *d.total);
            }
        }
        void operator()(const List& l) const {
            for (std::size_t i = 0; i < l.items.size(); ++i) {
                if (i) out += ',';
                l.items[i].append_ngn(out);
            }
        }
    };
    std::visit(Visitor{out}, value);
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
        if (const auto* w = args.front().as<Word>()) return std::string(w->text);
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
