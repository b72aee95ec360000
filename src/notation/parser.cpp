// The one translation unit that instantiates PEGTL. It turns each line into a Line of the
// record (actions below), turns grammar failures into messages a player can act on
// (control below), and groups lines into games (read_games).
#include "notation/parser.hpp"

#include "notation/errors.hpp"
#include "notation/grammar.hpp"

#include <tao/pegtl/contrib/analyze.hpp>

#include <algorithm>
#include <bit>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace ngn {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// ---- the state of one line being read ------------------------------------------------------

// The arrays a line's items are gathered in while it is read, reused from line to line: once
// the line is read, they are copied into the game's store in one piece each.
struct LineScratch {
    std::vector<Item> args, claim;
    std::vector<Face> faces;          // of the throw being read
    std::vector<Modifier> modifiers;  // of the throw being read
    std::vector<Note> notes;
    std::vector<std::string_view> citation;  // of a ruling
    void clear() {
        args.clear();
        claim.clear();
        faces.clear();
        modifiers.clear();
        notes.clear();
        citation.clear();
    }
};

// The actions write straight into the Line being read: the grammar commits (if_must, must) as
// soon as an action has run, so nothing they build is ever undone by backtracking, and a line
// costs no intermediate copies. The views below point into the line's text, alive while it is read;
// the text of its items, tags, labels, notes, comments and rulings points into the copy of the
// line in the store, made at the first piece that needs it.
struct LineState {
    const char* begin = nullptr;  // first byte of the line
    std::uint32_t line_no = 0;
    Line& line;
    std::string_view text;       // the line as read
    RecordStore& store;          // where the items and the line's text are held
    LineScratch& scratch;
    const char* kept = nullptr;  // the line's copy in the store (null until an item needs it)

    std::vector<Item>* items;            // where the next item goes: the arguments, then the claim
    Items* args_out = nullptr;           // where the arguments go once the line is read
    Notes* notes_out = nullptr;          // where notes go once the line is read (declarations, setups, terrain, events)
    Event* event = nullptr;
    Declaration* declaration = nullptr;
    bool in_claim = false;
    int pending_commas = 0;

    Dice* dice = nullptr;  // the dice being read: the last item of *items
    std::string_view dice_text;
    std::string_view tag_name;
    std::string_view keyword;  // declaration keyword as written
    SourcePos string_open;
    SourcePos note_open;

    LineState(std::string_view t, std::uint32_t n, Line& l, RecordStore& s, LineScratch& sc)
        : begin(t.data()), line_no(n), line(l), text(t), store(s), scratch(sc), items(&sc.args) {}

    // A piece of the line as the same bytes of its copy in the store.
    std::string_view keep(std::string_view piece) {
        if (piece.empty()) return {};
        if (!kept) kept = store.keep(text).data();
        return {kept + (piece.data() - begin), piece.size()};
    }
    // Text in double quotes, with \" and \\ unescaped: the bytes within the quotes when there is
    // no escape, else the unescaped text written into the store.
    std::string_view keep_unquoted(std::string_view quoted) {
        if (quoted.size() >= 2 && quoted.front() == '"') quoted = quoted.substr(1, quoted.size() - 2);
        if (quoted.find('\\') == std::string_view::npos) return keep(quoted);
        char* out = static_cast<char*>(store.room(quoted.size()));  // unescaped, it is never longer
        std::size_t n = 0;
        for (std::size_t i = 0; i < quoted.size(); ++i) {
            if (quoted[i] == '\\' && i + 1 < quoted.size()) ++i;
            out[n++] = quoted[i];
        }
        return {out, n};
    }

    SourcePos pos(const char* p) const {
        return SourcePos{line_no, static_cast<std::uint32_t>(p - begin + 1)};
    }
    std::vector<Item>& target() { return *items; }  // where the next item goes
    void items_and_notes(Items& args, Notes& n) {
        args_out = &args;
        notes_out = &n;
    }
    // The line read: its arguments, claim and notes into the store.
    void seal() {
        if (args_out) *args_out = store.keep(Items(scratch.args));
        if (event && event->claim) *event->claim = store.keep(Items(scratch.claim));
        if (notes_out) *notes_out = store.keep(Notes(scratch.notes));
    }
};

// The value of the run of decimal digits that text begins with, and how many digits that is (0:
// none); none when it has more than 18 significant digits, more than a long long surely holds.
// Summed in place: the library's conversions cost several times more, and dice faces and whole
// numbers are most of what a record's lines hold.
struct LeadingDigits {
    long long value = 0;
    std::size_t length = 0;
};
std::optional<LeadingDigits> leading_digits(std::string_view text) {
    std::size_t length = 0;
    std::uint64_t value = 0;  // unsigned: past 19 digits it wraps, and is then not used
    for (; length < text.size() && static_cast<unsigned char>(text[length] - '0') < 10; ++length)
        value = value * 10 + static_cast<std::uint64_t>(text[length] - '0');
    if (length > 18) {
        std::size_t zeros = 0;  // leading zeros say nothing
        while (zeros < length && text[zeros] == '0') ++zeros;
        if (length - zeros > 18) return std::nullopt;
    }
    return LeadingDigits{static_cast<long long>(value), length};
}

// A whole number from its leading digits (what follows them is not read); values too large to
// matter read as INT_MAX (then out of range), as does no digit at all.
int to_int(std::string_view digits) {
    const auto d = leading_digits(digits);
    if (!d || d->length == 0 || d->value > INT_MAX) return INT_MAX;
    return static_cast<int>(d->value);
}

double to_double(std::string_view text) {
    double v = 0;
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || !std::isfinite(v)) return HUGE_VAL;
    return v;
}

// The same for a whole number, its digits summed in place (leading_digits); one of more than 18
// significant digits, which might overflow, is read as a double.
double whole_to_double(std::string_view number) {
    std::string_view digits = number;
    const bool minus = !digits.empty() && digits.front() == '-';
    if (!digits.empty() && (digits.front() == '+' || minus)) digits.remove_prefix(1);
    const auto d = leading_digits(digits);
    if (!d || d->length == 0 || d->length != digits.size()) return to_double(number);
    const auto v = static_cast<double>(d->value);
    return minus ? -v : v;  // -0 as the double conversion reads it
}

// A word, or a quoted name unquoted, as the value of an item (a fresh item holds an empty Word).
void set_word_value(Item& it, std::string_view text, LineState& st) {
    if (!text.empty() && text.front() == '"')
        it.value.emplace<Text>().text = st.keep_unquoted(text);
    else
        it.value.emplace<Word>().text = st.keep(text);
}

Item word_item(std::string_view text, SourcePos pos, LineState& st) {
    Item it;
    it.pos = pos;
    set_word_value(it, text, st);
    return it;
}

// The same, built in place at the end of a list of items (no moves of the item).
void add_word_item(std::vector<Item>& items, std::string_view text, SourcePos pos, LineState& st) {
    Item& it = items.emplace_back();
    it.pos = pos;
    set_word_value(it, text, st);
}

// ---- actions ---------------------------------------------------------------------------------

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<g::string_open> {
    template <typename In> static void apply(const In& in, LineState& st) { st.string_open = st.pos(in.begin()); }
};
template <>
struct action<g::note_open> {
    template <typename In> static void apply(const In& in, LineState& st) { st.note_open = st.pos(in.begin()); }
};
template <>
struct action<g::note> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view();
        if (st.notes_out) st.scratch.notes.push_back(Note{st.keep(s.substr(1, s.size() - 2)), st.pos(in.begin())});
    }
};
template <>
struct action<g::comment> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view().substr(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
        st.line.comment = Comment{st.keep(s), st.pos(in.begin())};
    }
};

// tags
template <>
struct action<g::tag_name> {
    template <typename In> static void apply(const In& in, LineState& st) { st.tag_name = in.string_view(); }
};
template <>
struct action<g::tag_value> {
    template <typename In> static void apply(const In& in, LineState& st) {
        st.line.content = Tag{st.keep(st.tag_name), st.keep_unquoted(in.string_view()), st.line.pos, st.pos(in.begin())};
    }
};

// items
template <>
struct action<g::word> {
    template <typename In> static void apply(const In& in, LineState& st) {
        add_word_item(st.target(), in.string_view(), st.pos(in.begin()), st);
    }
};
template <>
struct action<g::string_item> {
    template <typename In> static void apply(const In& in, LineState& st) {
        add_word_item(st.target(), in.string_view(), st.pos(in.begin()), st);
    }
};
template <>
struct action<g::number> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view();
        Item& it = st.target().emplace_back();  // built in place: no moves
        it.pos = st.pos(in.begin());
        Number& n = it.value.emplace<Number>();
        n.text = st.keep(s);
        n.has_sign = s.front() == '+' || s.front() == '-';
        std::size_t i = n.has_sign ? 1 : 0;
        while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) {
            if (s[i] == '.') n.is_integer = false;
            ++i;
        }
        n.value = n.is_integer ? whole_to_double(s.substr(0, i)) : to_double(s.substr(0, i));
        n.unit = n.text.substr(i);
    }
};
template <>
struct action<g::table_position> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view();
        TablePos p;
        p.text = st.keep(s);
        std::vector<double> v;
        std::size_t i = 1;
        while (i < s.size()) {
            while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) ++i;
            std::size_t j = i;
            while (j < s.size() && s[j] != ',' && s[j] != ')' && s[j] != ' ' && s[j] != '\t') ++j;
            if (j > i) v.push_back(to_double(s.substr(i, j - i)));
            i = j;
            if (i < s.size() && s[i] == ')') break;
        }
        p.x = v.size() > 0 ? v[0] : 0;
        p.y = v.size() > 1 ? v[1] : 0;
        if (v.size() > 2) p.heading = v[2];
        Item& it = st.target().emplace_back();
        it.pos = st.pos(in.begin());
        it.value = std::move(p);
    }
};
template <>
struct action<g::hex_position> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view().substr(1);
        HexPos h;
        auto slash = s.find('/');
        if (slash != std::string_view::npos) {
            h.facing = st.keep(s.substr(slash + 1));
            s = s.substr(0, slash);
        }
        auto colon = s.find(':');
        if (colon != std::string_view::npos) {
            h.board = st.keep(s.substr(0, colon));
            s = s.substr(colon + 1);
        }
        h.hex = st.keep(s);
        Item& it = st.target().emplace_back();
        it.pos = st.pos(in.begin());
        it.value = std::move(h);
    }
};
template <>
struct action<g::area_position> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view().substr(1);
        AreaPos a;
        if (!s.empty() && s.front() == '"') {
            // The closing quote is the last one not escaped; the box follows it.
            std::size_t i = 1;
            while (i < s.size() && s[i] != '"') i += (s[i] == '\\') ? 2 : 1;
            a.area = st.keep_unquoted(s.substr(0, i + 1));
            a.quoted = true;
            s = i + 1 < s.size() ? s.substr(i + 1) : std::string_view{};
        } else {
            auto slash = s.find('/');
            a.area = st.keep(s.substr(0, slash));
            s = slash == std::string_view::npos ? std::string_view{} : s.substr(slash);
        }
        if (!s.empty() && s.front() == '/') a.box = st.keep(s.substr(1));
        Item& it = st.target().emplace_back();
        it.pos = st.pos(in.begin());
        it.value = std::move(a);
    }
};

// dice
template <>
struct action<g::dice_spec> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view();
        auto d = s.find_first_of("dD");
        Item& it = st.target().emplace_back();  // the item is complete when the rule dice ends
        it.pos = st.pos(in.begin());
        Dice& dice = it.value.emplace<Dice>();
        if (d > 0) dice.count = to_int(s.substr(0, d));
        dice.sides = to_int(s.substr(d + 1));
        st.dice = &dice;  // its faces and modifiers are gathered in the scratch arrays
        st.dice_text = s;
    }
};
struct face_action {
    template <typename In> static void apply(const In& in, LineState& st) {
        st.scratch.faces.push_back(Face{to_int(in.string_view()), st.pos(in.begin())});
    }
};
template <> struct action<g::die_face> : face_action {};
template <> struct action<g::first_face> : face_action {};
template <>
struct action<g::modifier> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view();
        Modifier m;
        m.pos = st.pos(in.begin());
        std::size_t i = 1;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
        m.value = to_int(s.substr(1, i - 1));
        if (s.front() == '-') m.value = -m.value;
        if (i < s.size() && s[i] == '(') m.label = st.keep(s.substr(i + 1, s.size() - i - 2));
        st.scratch.modifiers.push_back(m);
    }
};
template <>
struct action<g::total_value> {
    template <typename In> static void apply(const In& in, LineState& st) {
        std::string_view s = in.string_view();
        bool neg = !s.empty() && s.front() == '-';
        int v = to_int(neg ? s.substr(1) : s);
        st.dice->total = neg ? -v : v;
        st.dice->total_pos = st.pos(in.begin());
    }
};
template <>
struct action<g::dice> {  // the throw read: its faces and modifiers into the store
    template <typename In> static void apply(const In&, LineState& st) {
        st.dice->faces = st.store.keep(std::span<const Face>(st.scratch.faces));
        st.dice->modifiers = st.store.keep(std::span<const Modifier>(st.scratch.modifiers));
        st.scratch.faces.clear();
        st.scratch.modifiers.clear();
        st.dice = nullptr;
    }
};

// lists: FM,KM,PE -- the elements are pushed one by one, then wrapped
template <>
struct action<g::list_comma> {
    template <typename In> static void apply(const In&, LineState& st) { ++st.pending_commas; }
};
struct group_list {
    template <typename In> static void apply(const In&, LineState& st) {
        if (st.pending_commas == 0) return;
        auto& v = st.target();
        const std::size_t n = static_cast<std::size_t>(st.pending_commas) + 1;
        const Items elements = st.store.keep(Items(v).last(n));  // complete: into the store
        v.resize(v.size() - n);
        Item& it = v.emplace_back();
        it.pos = elements.front().pos;
        it.value = List{elements};
        st.pending_commas = 0;
    }
};
template <> struct action<g::item> : group_list {};
template <> struct action<g::claim_item> : group_list {};
template <> struct action<g::claim_first> : group_list {};

// headings
template <HeadingKind K>
struct heading_label_action {
    template <typename In> static void apply(const In& in, LineState& st) {
        Heading& h = st.line.content.emplace<Heading>();
        h.kind = K;
        std::string_view s = in.string_view();
        h.label_quoted = !s.empty() && s.front() == '"';
        h.label = h.label_quoted ? st.keep_unquoted(s) : st.keep(s);
        h.label_pos = st.pos(in.begin());
        st.args_out = &h.args;
    }
};
template <> struct action<g::turn_label> : heading_label_action<HeadingKind::Turn> {};
template <> struct action<g::phase_label> : heading_label_action<HeadingKind::Phase> {};
template <> struct action<g::segment_label> : heading_label_action<HeadingKind::Segment> {};
template <> struct action<g::impulse_label> : heading_label_action<HeadingKind::Impulse> {};
template <> struct action<g::step_label> : heading_label_action<HeadingKind::Step> {};

// rulings
Ruling& the_ruling(Line& line) {
    auto* r = std::get_if<Ruling>(&line.content);
    return r ? *r : line.content.emplace<Ruling>();
}
template <>
struct action<g::ruling_cite> {
    template <typename In> static void apply(const In& in, LineState& st) {
        the_ruling(st.line);
        st.scratch.citation.push_back(st.keep(in.string_view()));
    }
};
template <>
struct action<g::ruling_text> {
    template <typename In> static void apply(const In& in, LineState& st) {
        Ruling& r = the_ruling(st.line);
        r.citation = st.store.keep(std::span<const std::string_view>(st.scratch.citation));
        r.text = st.keep_unquoted(in.string_view());
        r.text_pos = st.pos(in.begin());
    }
};

// declarations and setup
template <>
struct action<g::declaration_keyword> {
    template <typename In> static void apply(const In& in, LineState& st) {
        static const std::pair<const char*, EntityKind> kinds[] = {
            {"side", EntityKind::Side},         {"ship", EntityKind::Ship},
            {"unit", EntityKind::Unit},         {"fleet", EntityKind::Fleet},
            {"leader", EntityKind::Leader},     {"squadron", EntityKind::Squadron},
            {"formation", EntityKind::Formation}};
        st.keyword = in.string_view();
        Declaration& d = st.line.content.emplace<Declaration>();
        for (const auto& [name, kind] : kinds)
            if (st.keyword == name) d.kind = kind;
        st.declaration = &d;
        st.items_and_notes(d.args, d.notes);
    }
};
template <>
struct action<g::declaration_name> {
    template <typename In> static void apply(const In& in, LineState& st) {
        st.declaration->name = word_item(in.string_view(), st.pos(in.begin()), st);
    }
};
template <>
struct action<g::full_name> {
    template <typename In> static void apply(const In& in, LineState& st) {
        st.declaration->full_name = word_item(in.string_view(), st.pos(in.begin()), st);
    }
};
template <>
struct action<g::setup_subject> {
    template <typename In> static void apply(const In& in, LineState& st) {
        Setup& s = st.line.content.emplace<Setup>();
        s.subject = word_item(in.string_view(), st.pos(in.begin()), st);
        st.items_and_notes(s.args, s.notes);
    }
};

// terrain lines
template <>
struct action<g::terrain_kind> {
    template <typename In> static void apply(const In& in, LineState& st) {
        Terrain& t = st.line.content.emplace<Terrain>();
        t.kind = word_item(in.string_view(), st.pos(in.begin()), st);
        st.items_and_notes(t.args, t.notes);
    }
};

// events
template <>
struct action<g::subject> {
    template <typename In> static void apply(const In& in, LineState& st) {
        Event& e = st.line.content.emplace<Event>();
        e.subject.pos = st.pos(in.begin());
        set_word_value(e.subject, in.string_view(), st);
        st.event = &e;
        st.items_and_notes(e.args, e.notes);
    }
};
template <>
struct action<g::claim_arrow> {
    template <typename In> static void apply(const In& in, LineState& st) {
        st.in_claim = true;
        st.event->claim_pos = st.pos(in.begin());
        st.event->claim.emplace();
        st.items = &st.scratch.claim;
    }
};

// ---- errors --------------------------------------------------------------------------------

struct LineError {
    SourcePos pos;
    std::string message;
};

std::string describe_found(const char* p, const char* end) {
    if (p >= end) return "end of line";
    if (*p == ' ') return "a space";
    if (*p == '\t') return "a tab";
    std::string out = "'";
    std::size_t n = 0;
    const char* q = p;
    while (q < end && *q != ' ' && *q != '\t' && n < 20) {
        auto c = static_cast<unsigned char>(*q);
        if (c < 0x20 || c == 0x7F) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++q;
            ++n;
            continue;
        }
        // copy a whole UTF-8 sequence
        int len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        for (int k = 0; k < len && q < end; ++k) out += *q++;
        ++n;
    }
    if (q < end && *q != ' ' && *q != '\t') out += "...";
    return out + "'";
}

std::string face_range(int sides) {
    if (sides == 10) return "0-9";
    return "1-" + std::to_string(sides);
}

void replace_all(std::string& s, std::string_view from, const std::string& to) {
    for (auto i = s.find(from); i != std::string::npos; i = s.find(from, i + to.size())) s.replace(i, from.size(), to);
}

template <typename Rule>
struct control : pegtl::normal<Rule> {
    template <typename In, typename... States>
    [[noreturn]] static void raise(const In& in, LineState& st, States&&...) {
        std::string message = g::error_message<Rule> ? g::error_message<Rule> : "this line does not read as NGN";
        if (st.dice) {
            replace_all(message, "{dice}", std::string(st.dice_text));
            replace_all(message, "{faces}", face_range(st.dice->sides));
        }
        replace_all(message, "{keyword}", std::string(st.keyword));
        replace_all(message, "{tag}", std::string(st.tag_name));
        SourcePos where = st.pos(in.current());
        if constexpr (g::points_at_opening<Rule>) {
            where = std::is_same_v<Rule, g::note_close> ? st.note_open : st.string_open;
        } else {
            message += ", found " + describe_found(in.current(), in.end());
        }
        throw LineError{where, std::move(message)};
    }
};

// ---- one line -------------------------------------------------------------------------------

// Whether every byte is ' ' to '~' or a tab: sixteen bytes at a time, the last sixteen (or
// eight) of the text overlapping those before, with no branch per byte and no loop over a short
// tail. Vectors as GCC and Clang write them (SSE2 on x86-64, plain words elsewhere). A block with
// any other byte (a tab among them, say) is tested byte by byte.
using Bytes16 = unsigned char __attribute__((vector_size(16)));
bool printable_byte(unsigned char c) { return (c >= 0x20 && c < 0x7F) || c == '\t'; }
bool printable_bytes(const char* from, const char* to) {
    return std::all_of(from, to, [](char c) { return printable_byte(static_cast<unsigned char>(c)); });
}
bool printable_16(const char* p) {
    Bytes16 x;
    std::memcpy(&x, p, 16);
    const auto bad = ((x < 0x20) & (x != '\t')) | (x >= 0x7F);  // each byte: all ones when not printable
    std::uint64_t halves[2];
    std::memcpy(halves, &bad, 16);
    return (halves[0] | halves[1]) == 0;
}
bool printable_8(const char* p) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    auto below = [&](std::uint64_t x, std::uint64_t n) { return (x - ones * n) & ~x & highs; };  // some byte < n
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    if (!((x & highs) | below(x, 0x20) | below(x ^ (ones * 0x7F), 1))) return true;
    return printable_bytes(p, p + 8);
}
bool printable_ascii(std::string_view text) {
    const char* p = text.data();
    const std::size_t n = text.size();
    if (n < 8) return printable_bytes(p, p + n);
    if (n < 16) return printable_8(p) && printable_8(p + n - 8);
    for (std::size_t i = 0; i + 16 <= n; i += 16)
        if (!printable_16(p + i) && !printable_bytes(p + i, p + i + 16)) return false;
    return printable_16(p + n - 16) || printable_bytes(p + n - 16, p + n);
}

// Control characters other than tab are never part of NGN; invalid UTF-8 neither. Most lines are
// printable ASCII, which the caller finds first (printable_ascii, small enough to inline).
std::optional<SyntaxError> check_other_bytes(std::string_view text, std::uint32_t line_no) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
            static const char* hex = "0123456789abcdef";
            std::string m = "unexpected control character \\x";
            m += hex[c >> 4];
            m += hex[c & 15];
            return SyntaxError{SourcePos{line_no, static_cast<std::uint32_t>(i + 1)}, m};
        }
    }
    auto bad = find_invalid_utf8(text);
    if (bad != std::string_view::npos) {
        static const char* hex = "0123456789abcdef";
        auto c = static_cast<unsigned char>(text[bad]);
        std::string m = "invalid UTF-8: byte \\x";
        m += hex[c >> 4];
        m += hex[c & 15];
        m += " does not begin a valid character (save the file as UTF-8)";
        return SyntaxError{SourcePos{line_no, static_cast<std::uint32_t>(bad + 1)}, m};
    }
    return std::nullopt;
}

// Far above any line written by hand; bounds the memory one line can take.
constexpr std::size_t kMaxLineBytes = 256 * 1024;
// Of a longer line, what a reader keeps: its start, two bytes more, so that a line ending among
// them is still seen as one (LineReader, and a chunk's lines found whole, keep the same).
constexpr std::size_t kKeptOfOverlongLine = kMaxLineBytes + 2;

// The number of blanks a line begins with: eight bytes at a time where the machine puts a word's
// first byte lowest (most lines are indented; a loop over bytes cost 50 instructions a line).
std::size_t indent_of(std::string_view text) {
    std::size_t first = 0;
    if constexpr (std::endian::native == std::endian::little) {
        constexpr std::uint64_t ones = 0x0101010101010101ULL, low7 = ones * 0x7F, highs = ones * 0x80;
        auto zero_bytes = [](std::uint64_t x) { return ~(((x & low7) + low7) | x | low7); };  // 0x80 in each zero byte
        for (; first + 8 <= text.size(); first += 8) {
            std::uint64_t x;
            std::memcpy(&x, text.data() + first, 8);
            const std::uint64_t other = ~(zero_bytes(x ^ (ones * ' ')) | zero_bytes(x ^ (ones * '\t'))) & highs;
            if (other) return first + static_cast<std::size_t>(std::countr_zero(other)) / 8;
        }
    }
    while (first < text.size() && (text[first] == ' ' || text[first] == '\t')) ++first;
    return first;
}

// Reads one line into line (a fresh Line) or, when it does not read, into error; its items' text
// is held in store. length: the line's real length, which is more than text holds when a stream
// reader kept only the start of an overlong line. indent: indent_of(text), which the caller knows.
void parse_one(std::string_view text, std::uint32_t line_no, std::size_t length, std::size_t indent, Line& line,
               std::optional<SyntaxError>& error, RecordStore& store, LineScratch& scratch) {
    if (length > kMaxLineBytes) {
        error = SyntaxError{SourcePos{line_no, 1}, "this line is " + std::to_string(length) +
                                                       " bytes long; an NGN line holds at most " +
                                                       std::to_string(kMaxLineBytes) + " bytes"};
        return;
    }
    if (auto bad = printable_ascii(text) ? std::nullopt : check_other_bytes(text, line_no)) {
        error = std::move(bad);
        return;
    }
    line.pos = SourcePos{line_no, static_cast<std::uint32_t>(indent + 1)};
    scratch.clear();
    LineState st(text, line_no, line, store, scratch);
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(text.data(), text.data() + text.size(), "");
    try {
        pegtl::parse<g::line, action, control>(in, st);
        st.seal();
        if (line.is<Blank>()) line.pos.column = 1;
    } catch (const LineError& e) {
        error = SyntaxError{e.pos, e.message};
    }
}

LineResult parse_one(std::string_view text, std::uint32_t line_no, std::size_t length) {
    LineResult result;
    Line line;
    LineScratch scratch;
    parse_one(text, line_no, length, indent_of(text), line, result.error, result.store, scratch);
    if (!result.error) result.line = std::move(line);
    return result;
}

// Groups lines into games, as a PGN reader does: a tag line after a game's body begins the next
// game, and comment lines just before it belong to it. Fed one line at a time, so the text can
// come from a string or a stream alike.
class GameReader {
public:
    // first_line: the number of the first line fed (a chunk of a file starts past line 1).
    // A chunk's reader: errors_before, those counted before its first line; errors_pending, those
    // the game before it counts only once that line is read (a game too long, see finish_game).
    GameReader(const std::function<void(Game&&)>& on_game, const ParseOptions& options, std::uint32_t first_line = 1,
               std::size_t errors_before = 0, std::size_t errors_pending = 0)
        : on_game_(on_game), options_(options), error_count_(errors_before), errors_before_(errors_before),
          errors_pending_(errors_pending), line_no_(first_line - 1) {}

    // One line without its line ending, and its real length. False once max_errors is reached:
    // read no further.
    bool feed(std::string_view raw, std::size_t length) {
        if (options_.max_errors != 0 && error_count_ >= options_.max_errors) {
            file_.truncated = true;
            return false;
        }
        error_count_ += errors_pending_;  // the chunk before's, counted by it
        errors_before_ += errors_pending_;
        errors_pending_ = 0;
        ++line_no_;
        // Which construct the line is (or tries to be) decides how games are grouped: a line whose
        // first character is '[' is a tag line, read or not (no other line begins so), and a tag
        // line after a game's body begins the next game.
        const std::size_t first = indent_of(raw);
        const bool is_tag = first < raw.size() && raw[first] == '[';
        const bool begins_game = is_tag && (!game_ || has_body_);
        std::optional<SyntaxError> error;
        // The line's text and items are held by the game being read. A line that begins a game
        // is read into the store that game will take (the game before is handed over only once
        // the line is read: handing it over may release the line's bytes). A line that is let go
        // (before any game, or in a game too long to read) holds them only while it is read; a
        // comment line before any game is kept in lead_store_ (hold_lead). The other lines, most,
        // are read in place at the end of their game's lines rather than copied there.
        const bool in_place = game_ && !begins_game && !too_long_;
        Line apart;
        Line& line = in_place ? game_->lines.emplace_back() : apart;
        RecordStore own;
        parse_one(raw, line_no_, length, first, line, error, in_place ? game_->store : own, scratch_);
        if (in_place && error) game_->lines.pop_back();  // `line` is gone: below, only error is read
        if (begins_game) begin_game(std::move(own));
        const bool is_blank = !error && line.is<Blank>();

        if (error) {
            if (game_ && !is_tag) has_body_ = true;
            if (game_) game_->last_line = line_no_;
            if (too_long_) {  // the game is not read: nor are its errors
                dropped_through_ = line_no_;
                return true;
            }
            add_error(std::move(*error));
            if (game_) hold_bytes(std::min(length, kMaxLineBytes));  // of an overlong line only the start is held
            return true;
        }
        if (!game_) {
            if (is_blank) {
                if (line.comment) hold_lead(line, length);
                return true;
            }
            add_error(SyntaxError{line.pos, "expected a tag pair such as [Ruleset \"ironclads\"] to begin a game"});
            return true;
        }
        if (!is_tag && !is_blank) has_body_ = true;
        game_->last_line = line_no_;
        if (in_place)
            hold_bytes(length);  // the line is already the game's
        else
            hold(line, length);
        return true;
    }

    // The lines before n are not this reader's (a chunk's lead, read or not).
    void skip_to(std::uint32_t n) { line_no_ = n - 1; }

    // A comment line that the chunk before handed on (finish): it introduces the first game here,
    // as the comments moved from the end of a game to the next one do (not counted in its size).
    void seed_lead(std::string_view raw) {
        ++line_no_;
        std::optional<SyntaxError> error;
        Line line;
        RecordStore passing;
        parse_one(raw, line_no_, raw.size(), indent_of(raw), line, error, passing, scratch_);
        if (!error && line.is<Blank>() && line.comment) {
            lead_.push_back(with_comment_in(lead_store_, line));
            ++file_.lead_seeded;
        }
    }

    // The last line let go because a game or the comments before one passed max_game_bytes: the
    // stream reader releases the lines up to it from its window. 0 when none.
    std::uint32_t dropped_through() const { return dropped_through_; }

    // next_game_follows: the text goes on with a game's first tag (a chunk cut before it), so the
    // last game ends as it would at that tag, its closing comments handed on to that game.
    FileErrors finish(bool next_game_follows = false) {
        const std::size_t before_finish = error_count_;
        if (next_game_follows && !file_.truncated) {
            ++line_no_;  // as at the tag
            finish_game(true);
            --line_no_;
            file_.lead_handed_on = lead_.size();
            lead_.clear();
            lead_store_ = RecordStore();
        } else {
            finish_game(false);
        }
        file_.errors_at_end = error_count_ - before_finish;
        if (!lead_.empty()) {  // comments with no game: fmt keeps them
            file_.orphan_comments = std::move(lead_);
            file_.orphan_store = std::move(lead_store_);
        }
        file_.error_count = error_count_ - errors_before_;  // this reader's own
        file_.last_line = line_no_;
        return std::move(file_);
    }

private:
    bool over_limit(std::size_t bytes) const { return options_.max_game_bytes != 0 && bytes > options_.max_game_bytes; }

    // A line of the game being read: kept, unless the game is now too long to read (its tags
    // are kept even so, as long as they are the game's first lines).
    void hold(const Line& line, std::size_t length) {
        if (too_long_) {
            dropped_through_ = line_no_;
            return;
        }
        game_->lines.push_back(line);
        hold_bytes(length);
    }
    void hold_bytes(std::size_t length) {
        game_bytes_ += length + 1;
        if (!over_limit(game_bytes_)) return;
        too_long_ = true;  // from here on the game's lines are let go as they come; its tags stay, for its header
        std::vector<Line> tags;
        RecordStore tags_store;  // what the tags hold, and no more
        for (Line l : game_->lines) {
            auto* tag = std::get_if<Tag>(&l.content);
            if (!tag) continue;
            tag->name = tags_store.keep(tag->name);
            tag->value = tags_store.keep(tag->value);
            if (l.comment) l.comment->text = tags_store.keep(l.comment->text);
            tags.push_back(l);
        }
        game_->lines.swap(tags);
        game_->store = std::move(tags_store);
        std::vector<SyntaxError>().swap(game_->errors);
        dropped_through_ = line_no_;
    }
    // A comment line before any game: kept for the next game, unless they have grown too long.
    void hold_lead(const Line& line, std::size_t length) {
        if (lead_dropped_) {
            dropped_through_ = line_no_;
            return;
        }
        lead_bytes_ += length + 1;
        if (!over_limit(lead_bytes_)) {
            lead_.push_back(with_comment_in(lead_store_, line));
            return;
        }
        add_error(SyntaxError{lead_.empty() ? line.pos : lead_.front().pos,
                              "the comment lines from here are more than " + std::to_string(options_.max_game_bytes) +
                                  " bytes long, the limit of a game (--max-game-size): they are not kept"});
        std::vector<Line>().swap(lead_);
        lead_store_ = RecordStore();
        lead_bytes_ = 0;
        lead_dropped_ = true;
        dropped_through_ = line_no_;
    }

    // A comment line (all that a line before a game holds), its text copied into store: a line
    // moved from the game it was read into to the next game.
    static Line with_comment_in(RecordStore& store, Line line) {
        line.comment->text = store.keep(line.comment->text);
        return line;
    }

    // A tag line after the body of a game (or the first), read into store: the game before ends,
    // and the comment lines before this one begin the new game, which takes store.
    void begin_game(RecordStore&& store) {
        finish_game(true);
        game_.emplace();
        game_->store = std::move(store);
        game_->lines.reserve(256);  // most games fit: no regrowth, which moves every line
        game_->first_line = line_no_;
        has_body_ = false;
        for (const Line& l : lead_) game_->lines.push_back(with_comment_in(game_->store, l));
        if (!lead_.empty()) game_->first_line = lead_.front().pos.line;
        lead_.clear();
        lead_store_ = RecordStore();
        game_bytes_ = lead_bytes_;
        lead_bytes_ = 0;
        lead_dropped_ = false;
    }

    void finish_game(bool next_game_follows) {
        if (!game_) return;
        if (too_long_) {
            game_->errors.push_back(SyntaxError{SourcePos{game_->first_line, 1},
                                                "this game is more than " + std::to_string(options_.max_game_bytes) +
                                                    " bytes long, the limit (--max-game-size): it is not read"});
            ++error_count_;
            too_long_ = false;
            if (next_game_follows) game_->last_line = line_no_ - 1;
            on_game_(std::move(*game_));
            game_.reset();
            return;
        }
        // Comment lines after the last content introduce the next game, if there is one and they
        // run unbroken up to its first tag (a line that does not read, after them, is the game's).
        std::uint32_t above = line_no_;  // the next game's first tag
        while (next_game_follows && !game_->lines.empty() && game_->lines.back().is<Blank>() &&
               game_->lines.back().pos.line + 1 == above) {
            above = game_->lines.back().pos.line;
            if (game_->lines.back().comment) lead_.insert(lead_.begin(), with_comment_in(lead_store_, game_->lines.back()));
            game_->lines.pop_back();
        }
        while (!game_->lines.empty() && game_->lines.back().is<Blank>() && !game_->lines.back().comment)
            game_->lines.pop_back();
        // The game's text runs up to where the next game's (its introducing comments included) begins.
        if (next_game_follows) game_->last_line = (lead_.empty() ? line_no_ : lead_.front().pos.line) - 1;
        on_game_(std::move(*game_));
        game_.reset();
    }

    void add_error(SyntaxError e) {
        ++error_count_;
        if (game_)
            game_->errors.push_back(std::move(e));
        else
            file_.errors.push_back(std::move(e));
    }

    const std::function<void(Game&&)>& on_game_;
    ParseOptions options_;
    FileErrors file_;
    std::optional<Game> game_;
    LineScratch scratch_;  // reused from line to line
    bool has_body_ = false;
    std::vector<Line> lead_;  // comment lines waiting for the next game
    RecordStore lead_store_;  // their text, until that game begins
    std::size_t lead_bytes_ = 0, game_bytes_ = 0;  // the text of those, and of the game being read
    bool too_long_ = false;       // the game being read passed max_game_bytes
    bool lead_dropped_ = false;   // the comments before the next game did
    std::uint32_t dropped_through_ = 0;
    std::size_t error_count_ = 0;
    std::size_t errors_before_ = 0, errors_pending_ = 0;
    std::uint32_t line_no_ = 0;  // the line being read
};

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

}  // namespace

LineResult parse_line(std::string_view line_text, std::uint32_t line_number) {
    return parse_one(line_text, line_number, line_text.size());
}

void for_each_line(std::string_view text, const std::function<void(LineResult&&)>& on_line) {
    std::uint32_t line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        on_line(parse_one(raw, line_no, raw.size()));
    }
}

// ---- games ------------------------------------------------------------------------------------

FileErrors read_games(std::string_view text, const std::function<void(Game&&)>& on_game,
                      const ParseOptions& options) {
    GameReader reader(on_game, options);
    std::size_t pos = 0;
    if (text.substr(0, 3) == kByteOrderMark) pos = 3;  // columns on line 1 start after it
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        if (!reader.feed(raw, raw.size())) break;
    }
    return reader.finish();
}

void LineReader::keep(std::string_view piece) {
    partial_.append(piece.substr(0, kKeptOfOverlongLine - std::min(partial_.size(), kKeptOfOverlongLine)));
    partial_length_ += piece.size();
    if (!piece.empty()) partial_last_ = piece.back();
}

std::optional<LineReader::Raw> LineReader::next() {
    if (partial_handed_) {
        partial_.clear();
        partial_length_ = 0;
        partial_handed_ = false;
    }
    for (;;) {
        if (rest_.empty()) {
            if (!in_) break;
            in_.read(block_.data(), static_cast<std::streamsize>(block_.size()));
            rest_ = std::string_view(block_.data(), static_cast<std::size_t>(in_.gcount()));
            if (first_block_ && rest_.substr(0, 3) == kByteOrderMark) rest_.remove_prefix(3);  // line 1 starts after it
            first_block_ = false;
            continue;
        }
        const std::size_t nl = rest_.find('\n');
        if (nl == std::string_view::npos) {  // the line goes on in the next block
            keep(rest_);
            rest_ = {};
            continue;
        }
        const std::string_view piece = rest_.substr(0, nl + 1);
        rest_.remove_prefix(nl + 1);
        if (partial_length_ == 0) return Raw{piece, nl > 0 && piece[nl - 1] == '\r' ? nl - 1 : nl};
        const char before = nl > 0 ? piece[nl - 1] : partial_last_;
        keep(piece);
        partial_handed_ = true;
        return Raw{partial_, partial_length_ - 1 - (before == '\r' ? 1 : 0)};
    }
    if (partial_length_ == 0) return std::nullopt;
    partial_handed_ = true;  // a last line without a newline
    return Raw{partial_, partial_length_ - (partial_last_ == '\r' ? 1 : 0)};
}

namespace {

// How a chunk is read: what crosses the cut before it and after it.
struct ChunkReading {
    std::size_t errors_before = 0, errors_pending = 0;  // as read_games (GameChunk&) says
    std::uint32_t lead_lines = 0;  // its first lines, the chunk before's last: comments and blanks
    bool with_lead = true;         // whether those comments introduce its first game
    bool cut_after = false;        // a game's first tag follows its last line
};

// The lines the window holds from first on (each of its real length), then those of rest,
// pushed to the window as they are read: one game reader over both.
FileErrors read_window(LineWindow& window, std::uint32_t first, const std::vector<std::pair<std::uint32_t, std::size_t>>& overlong,
                       LineReader* rest, const std::function<void(Game&&)>& on_game, const ParseOptions& options,
                       const ChunkReading& how = {}) {
    GameReader reader(on_game, options, first, how.errors_before, how.errors_pending);
    if (how.lead_lines != 0) {  // the comments the chunk before hands on, or not
        if (how.with_lead)
            for (std::uint32_t n = first; n < first + how.lead_lines; ++n) reader.seed_lead(window.line(n));
        reader.skip_to(first + how.lead_lines);
        first += how.lead_lines;
    }
    auto release_dropped = [&] {
        if (reader.dropped_through() != 0) window.release_through(reader.dropped_through());  // a game too long is let go
    };
    auto next_long = overlong.begin();
    const std::uint32_t held = window.last();
    for (std::uint32_t n = first; n <= held; ++n) {
        const std::string_view text = window.line(n);
        std::size_t length = text.size();
        if (next_long != overlong.end() && next_long->first == n) length = (next_long++)->second;
        if (!reader.feed(text, length)) return reader.finish();
        release_dropped();
    }
    if (rest) {
        while (auto raw = rest->next()) {
            window.push(raw->text);
            if (!reader.feed(window.line(window.last()), raw->length)) break;
            release_dropped();
        }
    }
    return reader.finish(how.cut_after);
}

}  // namespace

FileErrors read_games(std::istream& in, LineWindow& window, const std::function<void(Game&&)>& on_game,
                      const ParseOptions& options) {
    LineReader lines(in);
    return read_window(window, window.last() + 1, {}, &lines, on_game, options);
}

FileErrors read_games(GameChunk& chunk, const std::function<void(Game&&)>& on_game, const ParseOptions& options,
                      LineReader* rest, std::size_t errors_before, std::size_t errors_pending, bool with_lead) {
    index_lines(chunk);
    if (chunk.open && rest) chunk.lines.compact();  // it reads on: memory holds a game, as for the whole stream
    ChunkReading how{errors_before, errors_pending, chunk.lead_lines, with_lead, chunk.cut_after};
    return read_window(chunk.lines, chunk.first_line, chunk.overlong, chunk.open ? rest : nullptr, on_game, options, how);
}

namespace {

// A line's text without its line ending, as the reader is given it.
std::string_view text_of(const LineReader::Raw& raw) {
    std::string_view text = raw.text;
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    return text;
}

// What a line is to the cutting of chunks, from its first character alone: a tag (or what tried
// to be one), a line of blanks, a comment line, or a line of a game's body (or one that did not read).
enum class LineKind { Tag, Spaces, Comment, Body };
LineKind kind_of(const LineReader::Raw& raw) {
    const std::string_view text = text_of(raw);
    const std::size_t first = indent_of(text);
    if (first == text.size()) return raw.length > kMaxLineBytes ? LineKind::Body : LineKind::Spaces;
    return text[first] == '[' ? LineKind::Tag : text[first] == ';' ? LineKind::Comment : LineKind::Body;
}

// A comment line, or a line of blanks, that reads (no character NGN does not allow): one that
// does not is an error, which the game before keeps, so no chunk is cut after it.
bool reads_as_blank(const LineReader::Raw& raw) {
    return raw.length <= kMaxLineBytes && (printable_ascii(text_of(raw)) || !check_other_bytes(text_of(raw), 0));
}

// A whole line of a chunk's text (its line ending included, if it has one) as LineReader hands
// it over: of an overlong line, only the start.
LineReader::Raw raw_line(std::string_view piece) {
    std::size_t length = piece.size();
    if (length > 0 && piece[length - 1] == '\n') --length;
    if (length > 0 && piece[length - 1] == '\r') --length;
    return LineReader::Raw{length > kMaxLineBytes ? piece.substr(0, kKeptOfOverlongLine) : piece, length};
}

// The end of the line that begins at `at` (past its '\n'; the text's end for a last line without one).
std::size_t line_end(std::string_view text, std::size_t at) {
    const void* nl = std::memchr(text.data() + at, '\n', text.size() - at);
    return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1 : text.size();
}

// The line endings in text. Counted into a byte 255 bytes at a time, which -O3 does many bytes an
// instruction: eight times std::count's speed (which counts into a size_t a byte at a time).
std::uint32_t count_lines(std::string_view text) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t stop = std::min(text.size(), i + 255);
        unsigned char in_run = 0;
        for (; i < stop; ++i) in_run += text[i] == '\n';
        n += in_run;
    }
    return static_cast<std::uint32_t>(n);
}

}  // namespace

void index_lines(GameChunk& chunk) {
    if (chunk.text.empty()) return;
    std::string text = std::move(chunk.text);
    chunk.text.clear();
    const std::string_view all(text);
    std::vector<std::size_t> starts;
    starts.reserve(text.size() / 24);
    std::uint32_t n = chunk.first_line;
    for (std::size_t at = 0; at < text.size(); ++n) {
        const std::size_t end = line_end(all, at);
        const std::size_t length = raw_line(all.substr(at, end - at)).length;
        if (length > kMaxLineBytes) chunk.overlong.emplace_back(n, length);
        starts.push_back(at);
        at = end;
    }
    if (chunk.overlong.empty()) return chunk.lines.adopt(std::move(text), std::move(starts));
    for (std::size_t i = 0; i < starts.size(); ++i) {  // of an overlong line the start, as from a stream
        const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
        chunk.lines.push(raw_line(all.substr(starts[i], end - starts[i])).text);
    }
}

void LineReader::resume(std::string_view taken) {
    if (block_.size() < taken.size()) block_.resize(taken.size());
    std::copy(taken.begin(), taken.end(), block_.begin());
    rest_ = std::string_view(block_.data(), taken.size());
    first_block_ = false;
}

// Blocks the size of a chunk, up to 64 KiB: a chunk of the usual size takes a few. The small
// chunks of the tests and the fuzzer are cut from blocks as small, so that each does not copy a
// large rest and lines and games cross blocks.
ChunkReader::ChunkReader(std::istream& in, std::size_t chunk_bytes, std::size_t max_chunk_bytes)
    : in_(in), lines_(in), chunk_bytes_(chunk_bytes), max_chunk_bytes_(max_chunk_bytes),
      block_bytes_(std::clamp<std::size_t>(chunk_bytes, 1, std::size_t{64} << 10)) {}

// Appends the stream's next block to text; false at the stream's end or once it fails.
bool ChunkReader::read_block(std::string& text) {
    if (ended_ || !in_) return false;
    const std::size_t had = text.size();
    text.resize(had + block_bytes_);
    in_.read(text.data() + had, static_cast<std::streamsize>(block_bytes_));
    text.resize(had + static_cast<std::size_t>(in_.gcount()));
    ended_ = !in_;
    if (at_start_ && (text.size() >= kByteOrderMark.size() || ended_)) {  // blocks may be smaller
        if (text.starts_with(kByteOrderMark)) text.erase(0, kByteOrderMark.size());  // line 1 starts after it
        at_start_ = false;
    }
    return text.size() > had || !ended_;  // not ended: a whole block was read
}

// Whether the chunk may be cut before the tag line at tag_at: looking back from it, only blank
// lines and comment lines that read stand between it and a line of a game's body (as
// GameReader::feed begins a game there). Where the comment lines among them begin: the lead
// that introduces the game, in both chunks.
std::optional<std::size_t> ChunkReader::lead_before(const std::string& text, std::size_t tag_at) {
    std::size_t lead = tag_at;
    for (std::size_t end = tag_at; end > 0;) {
        const std::size_t nl = end >= 2 ? text.rfind('\n', end - 2) : std::string::npos;
        const std::size_t start = nl == std::string::npos ? 0 : nl + 1;
        const LineReader::Raw raw = raw_line(std::string_view(text).substr(start, end - start));
        switch (kind_of(raw)) {
        case LineKind::Tag: return std::nullopt;  // a tag after tags: the same game
        case LineKind::Body: return tag_before(text, start) ? std::optional(lead) : std::nullopt;
        case LineKind::Comment: lead = start; [[fallthrough]];
        case LineKind::Spaces:
            if (!reads_as_blank(raw)) return std::nullopt;
        }
        end = start;
    }
    return std::nullopt;  // nothing but blanks and comments since the file's start
}

// Whether a game has begun before `at`: always after a cut; in the first chunk, once a tag line
// is found before it (looking from the start once, up to the first tag line).
bool ChunkReader::tag_before(const std::string& text, std::size_t at) {
    while (!tag_seen_ && tags_searched_ < at) {
        const std::size_t end = line_end(text, tags_searched_);
        tag_seen_ = kind_of(raw_line(std::string_view(text).substr(tags_searched_, end - tags_searched_))) == LineKind::Tag;
        tags_searched_ = end;
    }
    return tag_seen_;
}

// The first tag line at or past chunk_bytes_ before which the chunk may be cut, and where its lead
// begins; none among the whole lines read so far (scan_ is then the first not looked at).
std::optional<std::size_t> ChunkReader::find_cut(const std::string& text, std::size_t& lead_from) {
    for (;;) {
        const std::size_t from = std::max(scan_, searched_);
        if (from >= text.size()) return std::nullopt;
        const void* nl = std::memchr(text.data() + from, '\n', text.size() - from);
        if (!nl) {
            searched_ = text.size();
            return std::nullopt;
        }
        const std::size_t at = scan_;
        scan_ = searched_ = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
        if (!positioned_) {  // the line that holds byte chunk_bytes_ - 1 ends here: look from the next
            positioned_ = true;
            continue;
        }
        if (kind_of(raw_line(std::string_view(text).substr(at, scan_ - at))) != LineKind::Tag) continue;
        if (auto lead = lead_before(text, at)) {
            lead_from = *lead;
            return at;
        }
    }
}

// Cuts the chunk before the tag line at tag_at: the next chunk begins with the comments from
// lead_from on (in both chunks) and holds what was read past the cut.
void ChunkReader::hand_on(GameChunk& chunk, std::size_t tag_at, std::size_t lead_from) {
    const std::string_view text(chunk.text);
    GameChunk next(chunk.first_line + count_lines(text.substr(0, lead_from)));
    next.starts_file = false;
    next.lead_lines = count_lines(text.substr(lead_from, tag_at - lead_from));
    next.text.reserve(chunk_bytes_ + 2 * block_bytes_);
    next.text.append(text.substr(lead_from));
    chunk.text.resize(tag_at);
    chunk.cut_after = true;
    following_ = std::move(next);
    tag_seen_ = true;
}

// A chunk that found no place to cut within max_chunk_bytes: it ends with its last whole line,
// and the stream is read on from there a line at a time.
GameChunk ChunkReader::hand_over_open(GameChunk& chunk) {
    const std::size_t nl = chunk.text.rfind('\n');
    const std::size_t end = nl == std::string::npos ? 0 : nl + 1;
    lines_.resume(std::string_view(chunk.text).substr(end));
    chunk.text.resize(end);
    chunk.open = true;
    done_ = true;
    chunk.bytes = chunk.text.size();
    return std::move(chunk);
}

std::optional<GameChunk> ChunkReader::next() {
    if (done_) return std::nullopt;
    GameChunk chunk = following_ ? std::move(*following_) : GameChunk(1);
    following_.reset();
    if (first_) chunk.text.reserve(chunk_bytes_ + 2 * block_bytes_);
    chunk.starts_file = first_;
    first_ = false;
    scan_ = searched_ = chunk_bytes_ == 0 ? 0 : chunk_bytes_ - 1;
    positioned_ = chunk_bytes_ == 0;
    while (at_start_ && read_block(chunk.text)) {}  // a byte order mark goes before any line is looked at
    for (;;) {
        std::size_t lead_from = 0;
        if (auto tag_at = find_cut(chunk.text, lead_from)) {
            hand_on(chunk, *tag_at, lead_from);
            chunk.bytes = chunk.text.size();
            return chunk;
        }
        if (max_chunk_bytes_ != 0 && chunk.text.size() > max_chunk_bytes_) return hand_over_open(chunk);
        if (!read_block(chunk.text)) break;
    }
    done_ = true;
    chunk.bytes = chunk.text.size();
    if (chunk.text.empty() && !chunk.starts_file) return std::nullopt;
    return chunk;
}

ParsedFile parse_text(std::string_view text, const ParseOptions& options) {
    ParsedFile out;
    out.file_errors = read_games(text, [&](Game&& g) { out.games.push_back(std::move(g)); }, options);
    return out;
}

std::size_t ParsedFile::error_count() const {
    std::size_t n = file_errors.errors.size();
    for (const auto& g : games) n += g.errors.size();
    return n;
}

std::size_t analyze_grammar() {
    return pegtl::analyze<g::line>(-1) + pegtl::analyze<g::file>(-1);
}

namespace {
// count_item_spans's actions: each only notes the span its rule matched.
struct Span {
    const char* begin;
    const char* end;
};
template <typename Rule>
struct span_action : pegtl::nothing<Rule> {};
template <typename Rule>
struct note_span {
    template <typename In> static void apply(const In& in, std::vector<Span>& spans) { spans.push_back(Span{in.begin(), in.end()}); }
};
template <> struct span_action<g::word> : note_span<g::word> {};
template <> struct span_action<g::number> : note_span<g::number> {};
template <> struct span_action<g::string_item> : note_span<g::string_item> {};
template <> struct span_action<g::table_position> : note_span<g::table_position> {};
template <> struct span_action<g::hex_position> : note_span<g::hex_position> {};
template <> struct span_action<g::area_position> : note_span<g::area_position> {};
template <> struct span_action<g::dice_spec> : note_span<g::dice_spec> {};
template <> struct span_action<g::die_face> : note_span<g::die_face> {};
template <> struct span_action<g::first_face> : note_span<g::first_face> {};
template <> struct span_action<g::modifier> : note_span<g::modifier> {};
template <> struct span_action<g::total_value> : note_span<g::total_value> {};
template <> struct span_action<g::subject> : note_span<g::subject> {};
template <> struct span_action<g::claim_arrow> : note_span<g::claim_arrow> {};
template <> struct span_action<g::note> : note_span<g::note> {};
template <> struct span_action<g::comment> : note_span<g::comment> {};
template <> struct span_action<g::tag_name> : note_span<g::tag_name> {};
template <> struct span_action<g::tag_value> : note_span<g::tag_value> {};
template <> struct span_action<g::heading_label> : note_span<g::heading_label> {};
template <> struct span_action<g::declaration_keyword> : note_span<g::declaration_keyword> {};
template <> struct span_action<g::declaration_name> : note_span<g::declaration_name> {};
template <> struct span_action<g::full_name> : note_span<g::full_name> {};
template <> struct span_action<g::ruling_cite> : note_span<g::ruling_cite> {};
template <> struct span_action<g::ruling_text> : note_span<g::ruling_text> {};
}  // namespace

std::optional<std::size_t> count_item_spans(std::string_view text) {
    std::vector<Span> spans;  // one line's, reused
    spans.reserve(64);
    std::size_t total = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(text.data(), text.data() + end, "");
        spans.clear();
        try {
            if (!pegtl::parse<g::line, span_action>(in, spans)) return std::nullopt;
        } catch (const pegtl::parse_error&) {
            return std::nullopt;
        }
        total += spans.size();
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return total;
}

bool matches_file_rule(std::string_view text) {
    std::string copy;  // only when the last line lacks its newline, which the rule wants
    if (!text.empty() && text.back() != '\n') {
        copy.reserve(text.size() + 1);
        copy.append(text).push_back('\n');
        text = copy;
    }
    pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(text.data(), text.data() + text.size(), "");
    try {
        return pegtl::parse<g::file>(in);
    } catch (const pegtl::parse_error&) {
        return false;
    }
}

}  // namespace ngn
