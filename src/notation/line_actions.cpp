// The one translation unit that instantiates PEGTL (keep it so: PEGTL's templates are what
// the build spends its time on, and CMakeLists.txt builds this file with more inlining). It turns
// a line into a Line of the record (actions below), turns grammar failures into messages a
// player can act on (control below), and holds the grammar's probes the benchmark times
// (count_item_spans, matches_file_rule). The bytes are checked before (line_bytes.hpp); lines
// are grouped into games by game_reader.cpp.
#include "notation/line_actions.hpp"

#include "notation/errors.hpp"
#include "notation/grammar.hpp"
#include "notation/line_bytes.hpp"

#include <tao/pegtl/contrib/analyze.hpp>

#include <charconv>
#include <climits>
#include <cmath>

namespace ngn {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// ---- the state of one line being read ------------------------------------------------------

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


}  // namespace

// ---- one line -------------------------------------------------------------------------------

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
