// The parsed record: what a file of NGN says, with the source position of every part.
// This layer knows the notation only; what the words mean is the rule engines' business.
#pragma once

#include "notation/source.hpp"
#include "notation/record_store.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ngn {

// ---- items: the values an event, declaration or heading carries -------------------------
// An item's text, a line's items, a list's elements and a throw's faces are views of the memory
// the Game (or LineResult) holds in its RecordStore: they live as long as the record they were
// read into, and an item is a plain value, copied and let go at no cost.
//
// Built member by member: the bigger records (an item, a throw, a line and most of what a line holds)
// have an empty constructor of their own, so that making one sets each member from its
// initializer. Without it, `Line line;` or `items.emplace_back()` zero-fills the whole value
// first (a `rep stos` of up to 256 bytes), which cost a tenth of the reader's time.

struct Word {
    std::string_view text;  // e.g. port, FM, sea-state, D.J.de, 7.3.3
};

struct Text {
    std::string_view text;  // a quoted string, unescaped
};

struct Number {
    std::string_view text;  // as written: 33cm, +1, -2, 12.5kn, 1C
    double value = 0;   // the numeric part, with its sign
    bool is_integer = true;
    bool has_sign = false;  // written with an explicit + or -
    std::string_view unit;  // cm, kn, C, % ... ("" when none)

    // The value as an int, truncated toward zero and held within +-100,000,000: what the rules
    // count and compare. No game needs more, and a number written bigger must not overflow.
    int as_int() const;
};

struct TablePos {  // (x, y) or (x, y, heading): centimetres and degrees
    double x = 0;
    double y = 0;
    std::optional<double> heading;
    std::string_view text;  // as written, for messages
};

struct HexPos {  // #0304, #B:0304, #0304/NE
    std::string_view board;   // "" when not given
    std::string_view hex;
    std::string_view facing;  // "" when not given
};

struct AreaPos {  // @Adriatic, @"North Sea"/blockade
    std::string_view area;
    std::string_view box;  // "" when not given
    bool quoted = false;
};

struct Modifier {
    int value = 0;
    std::string_view label;  // +1(NELSON) -> "NELSON"
    SourcePos pos;
};

struct Face {
    int value = 0;
    SourcePos pos;
};

struct Dice {
    Dice() {}  // member by member (see above)
    std::optional<int> count;  // 6d6 -> 6; d10 -> none (one die)
    int sides = 0;
    std::span<const Face> faces;
    std::span<const Modifier> modifiers;
    std::optional<int> total;  // "= 7"
    SourcePos total_pos;

    int declared_count() const { return count.value_or(1); }
    std::string spec() const;  // "6d6", "d10"
};

struct Item;
using Items = std::span<const Item>;  // items held by a game's RecordStore

struct List {
    Items items;  // FM,KM,PE
};

struct Item {
    Item() {}  // member by member (see above)
    SourcePos pos;
    std::variant<Word, Text, Number, TablePos, HexPos, AreaPos, Dice, List> value;

    template <class T> const T* as() const { return std::get_if<T>(&value); }
    template <class T> bool is() const { return std::holds_alternative<T>(value); }
    // The item as canonical NGN text.
    std::string to_ngn() const;
    void append_ngn(std::string& out) const;  // the same, added to the end of out
};
// Held in a RecordStore, which copies its values and never destroys them.
static_assert(std::is_trivially_copyable_v<Item> && std::is_trivially_destructible_v<Item>);

// ---- lines ----------------------------------------------------------------------------

// A line's text (a tag's name and value, a label, a note, a comment, a ruling) is a view of the
// memory its Game (or LineResult) holds, like an item's.
struct Comment {
    std::string_view text;  // after the ';', without the line ending
    SourcePos pos;
};

struct Note {
    std::string_view text;  // inside the braces
    SourcePos pos;
};
using Notes = std::span<const Note>;  // notes held by a game's RecordStore

struct Tag {
    std::string_view name;
    std::string_view value;  // unescaped
    SourcePos pos;        // of the '['
    SourcePos value_pos;  // of the opening quote
};

enum class HeadingKind { Turn, Phase, Segment, Impulse, Step };
const char* heading_keyword(HeadingKind kind);

struct Heading {
    Heading() {}  // member by member (see above)
    HeadingKind kind = HeadingKind::Turn;
    std::string_view label;  // "3", "firing", "1866-07", "Great Britain" (unescaped)
    bool label_quoted = false;
    SourcePos label_pos;
    Items args;  // anything after the label: segment battle @Lissa
};

enum class EntityKind { Side, Ship, Unit, Fleet, Leader, Squadron, Formation };
const char* entity_keyword(EntityKind kind);

// side AUT "Austria" / ship FM "Erzherzog Ferdinand Max" prop 13 ...
struct Declaration {
    Declaration() {}  // member by member (see above)
    EntityKind kind = EntityKind::Ship;
    Item name;                     // a Word (alias) or a Text (full name)
    std::optional<Item> full_name; // a Text, when an alias comes first
    Items args;
    Notes notes;
};

// setup FM speed 8 at (30, 40, 90)
struct Setup {
    Setup() {}  // member by member (see above)
    Item subject;
    Items args;
    Notes notes;
};

// terrain woods #0305 #0306: what the hexes of a map hold (hex rulesets)
struct Terrain {
    Terrain() {}  // member by member (see above)
    Item kind;  // a Word: woods, river, road ...
    Items args;
    Notes notes;
};

// FM fire port RdI 33cm 6d6: 1 4 5 2 3 3 => 1C 1H {a note}
struct Event {
    Event() {}  // member by member (see above)
    Item subject;  // who acts: a Word or a Text
    Items args;
    std::optional<Items> claim;  // what follows "=>"
    SourcePos claim_pos;                     // of the "=>"
    Notes notes;

    // The verb is the first argument when it is a word ("fire", "roll"), else "".
    std::string verb() const;
};

// ruling tmbv 7.3.3 "Umpire allows the turn: the counter was knocked"
struct Ruling {
    Ruling() {}  // member by member (see above)
    std::span<const std::string_view> citation;  // tokens before the text; may be empty
    std::string_view text;  // unescaped
    SourcePos text_pos;
};

struct Blank {};

struct Line {
    Line() {}  // member by member (see above)
    SourcePos pos;  // first non-blank character (column 1 for blank lines)
    std::variant<Blank, Tag, Heading, Declaration, Setup, Terrain, Event, Ruling> content;
    std::optional<Comment> comment;  // a comment on the line (the whole line when content is Blank)

    template <class T> const T* as() const { return std::get_if<T>(&content); }
    template <class T> bool is() const { return std::holds_alternative<T>(content); }
};
// Held in vectors that grow and games that move: copied and let go at no cost.
static_assert(std::is_trivially_copyable_v<Line> && std::is_trivially_destructible_v<Line>);

struct SyntaxError {
    SourcePos pos;
    std::string message;
};

// One game: its header tags and its body, line by line, in file order.
struct Game {
    std::vector<Line> lines;  // every line of the game, tags included
    std::uint32_t first_line = 0;
    std::uint32_t last_line = 0;
    std::vector<SyntaxError> errors;
    RecordStore store;  // the memory its items and their text are held in

    const Tag* tag(std::string_view name) const;
    std::vector<const Tag*> tags() const;
};

// A copy of a line whose text and items are held in `into` (copy_line.cpp): the session moves
// the lines of a new reading of a game into the game it holds, whose other lines stay put.
Line copy_line(const Line& line, RecordStore& into);

// A string in NGN's double quotes, with " and \\ escaped.
std::string quote(std::string_view s);
void append_quoted(std::string& out, std::string_view s);  // quote(s) added to the end of out

}  // namespace ngn
