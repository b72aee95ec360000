// The PEGTL grammar of NGN v1. It follows grammar/ngn.peg rule for rule, with the same
// names; read that file for the commented grammar. Only rules, no actions: the actions that
// build the record live in line_actions.cpp, and the error messages in errors.hpp.
#pragma once

#include <tao/pegtl.hpp>

namespace ngn::grammar {

namespace pegtl = tao::pegtl;
using pegtl::at;
using pegtl::eof;
using pegtl::if_must;
using pegtl::must;
using pegtl::not_at;
using pegtl::not_one;
using pegtl::one;
using pegtl::opt;
using pegtl::plus;
using pegtl::seq;
using pegtl::sor;
using pegtl::star;

// ---- characters ------------------------------------------------------------------------
struct blank : one<' ', '\t'> {};
struct sp : plus<blank> {};
struct ws : star<blank> {};
struct line_break_char : one<'\r', '\n'> {};
// The reader hands over one line at a time, without its ending; read as a whole file, a line
// ends at its newline.
struct end_of_line : sor<eof, at<line_break_char>> {};
struct digit : pegtl::ascii::digit {};
struct non_ascii : pegtl::utf8::range<0x80, 0x10FFFF> {};
struct name_start : sor<pegtl::ascii::alnum, non_ascii, one<'_'>> {};
struct name_char : sor<pegtl::ascii::alnum, non_ascii, one<'_', '-', '.', '\'', '+', '/'>> {};
struct delimiter : at<sor<blank, end_of_line, one<',', ')', ';', '{', '='>>> {};

template <char... Cs>
struct keyword : seq<pegtl::string<Cs...>, not_at<name_char>> {};

// ---- strings -----------------------------------------------------------------------------
struct escape_char : one<'"', '\\'> {};
struct escaped : if_must<one<'\\'>, escape_char> {};
struct string_char : sor<escaped, not_one<'"', '\\', '\r', '\n'>> {};
struct string_body : star<string_char> {};
struct string_open : one<'"'> {};
struct string_close : one<'"'> {};
struct quoted : if_must<string_open, string_body, string_close> {};

// ---- comments and notes -----------------------------------------------------------------
struct comment : seq<one<';'>, star<not_one<'\r', '\n'>>> {};
struct note_body : star<not_one<'}', '\r', '\n'>> {};
struct note_open : one<'{'> {};
struct note_close : one<'}'> {};
struct note : if_must<note_open, note_body, note_close> {};

// ---- tags: [Name "value"] ---------------------------------------------------------------
struct tag_name : seq<pegtl::ascii::alpha, star<sor<pegtl::ascii::alnum, one<'_'>>>> {};
struct tag_value : quoted {};
struct tag_close : one<']'> {};
struct tag : if_must<one<'['>, ws, tag_name, ws, tag_value, ws, tag_close> {};

// ---- items -------------------------------------------------------------------------------
struct word : seq<name_start, star<name_char>> {};
struct string_item : quoted {};

struct unit : plus<sor<pegtl::ascii::alpha, one<'%'>, pegtl::utf8::one<0xB0>>> {};  // cm kn % °
struct number : seq<opt<one<'+', '-'>>, plus<digit>, opt<one<'.'>, plus<digit>>, opt<unit>, delimiter> {};

struct coordinate : seq<opt<one<'+', '-'>>, plus<digit>, opt<one<'.'>, plus<digit>>> {};
struct coord_x : coordinate {};
struct coord_comma : one<','> {};
struct coord_y : coordinate {};
struct coord_heading : coordinate {};
struct position_close : one<')'> {};
struct table_position
    : if_must<one<'('>, ws, coord_x, ws, coord_comma, ws, coord_y,
              opt<ws, one<','>, ws, must<coord_heading>>, ws, position_close> {};

struct hex_id : plus<pegtl::ascii::alnum> {};
struct hex_facing : plus<pegtl::ascii::alnum> {};
struct hex_position : if_must<one<'#'>, hex_id, opt<one<':'>, must<hex_id>>, opt<one<'/'>, must<hex_facing>>> {};

struct area_char : sor<pegtl::ascii::alnum, non_ascii, one<'_', '-', '.', '\''>> {};
struct area_name : sor<quoted, plus<area_char>> {};
struct area_box : plus<sor<pegtl::ascii::alnum, one<'_', '-'>>> {};
struct area_position : if_must<one<'@'>, area_name, opt<one<'/'>, must<area_box>>> {};

struct position : sor<table_position, hex_position, area_position> {};

// Dice exactly as they fell: 6d6: 1 4 5 2 3 3   d10: 0   d6: 2 +1(British) +1(NELSON) = 4
struct dice_count : star<digit> {};
struct dice_sides : plus<digit> {};
struct dice_spec : seq<dice_count, one<'d', 'D'>, dice_sides, not_at<name_char>> {};
struct dice_colon : one<':'> {};
struct die_face : seq<plus<digit>, delimiter> {};
struct first_face : die_face {};
struct modifier_label : plus<not_one<')', ';', '\r', '\n'>> {};
struct modifier_close : one<')'> {};
struct modifier : seq<one<'+', '-'>, plus<digit>, opt<one<'('>, must<modifier_label, modifier_close>>, delimiter> {};
struct total_value : seq<opt<one<'-'>>, plus<digit>, delimiter> {};
struct dice_total : if_must<seq<one<'='>, not_at<one<'>'>>>, ws, total_value> {};
struct dice : seq<dice_spec, must<dice_colon>, ws, must<first_face>, star<sp, die_face>, star<sp, modifier>, opt<ws, dice_total>> {};

struct single_item : sor<position, number, string_item, word> {};
struct list_comma : one<','> {};
struct list_element : single_item {};
struct item : sor<dice, seq<single_item, star<ws, list_comma, ws, must<list_element>>>> {};
struct items : star<sp, item> {};
struct notes : star<ws, note> {};

// ---- headings: turn 3 / phase firing / segment weather / impulse 4 / step movement --------
struct heading_label : sor<quoted, plus<name_char>> {};
struct turn_label : heading_label {};
struct phase_label : heading_label {};
struct segment_label : heading_label {};
struct impulse_label : heading_label {};
struct step_label : heading_label {};
struct turn_heading : if_must<keyword<'t', 'u', 'r', 'n'>, ws, turn_label, items> {};
struct phase_heading : if_must<keyword<'p', 'h', 'a', 's', 'e'>, ws, phase_label, items> {};
struct segment_heading : if_must<keyword<'s', 'e', 'g', 'm', 'e', 'n', 't'>, ws, segment_label, items> {};
struct impulse_heading : if_must<keyword<'i', 'm', 'p', 'u', 'l', 's', 'e'>, ws, impulse_label, items> {};
struct step_heading : if_must<keyword<'s', 't', 'e', 'p'>, ws, step_label, items> {};
struct heading : sor<turn_heading, phase_heading, segment_heading, impulse_heading, step_heading> {};

// ---- rulings: ruling tmbv 7.3.3 "text" ----------------------------------------------------
struct ruling_cite : plus<name_char> {};
struct ruling_text : quoted {};
struct ruling_body : seq<star<ruling_cite, sp>, ruling_text> {};
struct ruling : if_must<keyword<'r', 'u', 'l', 'i', 'n', 'g'>, ws, ruling_body> {};

// ---- declarations: side, ship, unit, fleet, leader, squadron, formation ------------------
struct declaration_keyword
    : sor<keyword<'s', 'i', 'd', 'e'>, keyword<'s', 'h', 'i', 'p'>, keyword<'u', 'n', 'i', 't'>,
          keyword<'f', 'l', 'e', 'e', 't'>, keyword<'l', 'e', 'a', 'd', 'e', 'r'>,
          keyword<'s', 'q', 'u', 'a', 'd', 'r', 'o', 'n'>, keyword<'f', 'o', 'r', 'm', 'a', 't', 'i', 'o', 'n'>> {};
struct entity_word : word {};
struct entity_name : sor<quoted, entity_word> {};
struct full_name : quoted {};
struct declaration_name : entity_name {};
struct declaration : if_must<declaration_keyword, ws, declaration_name, opt<sp, full_name>, items, notes> {};

// ---- setup lines: setup FM speed 8 ---------------------------------------------------------
struct setup_subject : entity_name {};
struct setup : if_must<keyword<'s', 'e', 't', 'u', 'p'>, ws, setup_subject, items, notes> {};

// ---- terrain lines: terrain woods #0305 #0306 ---------------------------------------------
struct terrain_kind : word {};
struct terrain : if_must<keyword<'t', 'e', 'r', 'r', 'a', 'i', 'n'>, ws, terrain_kind, items, notes> {};

// ---- events: FM fire port RdI 33cm 6d6: 1 4 5 2 3 3 => 1C 1H {note} ----------------------
struct subject_word : word {};
struct subject : sor<quoted, subject_word> {};
struct claim_item : seq<single_item, star<ws, list_comma, ws, must<list_element>>> {};
struct claim_first : claim_item {};
struct claim_arrow : pegtl::string<'=', '>'> {};
struct claim : if_must<claim_arrow, ws, claim_first, star<sp, claim_item>> {};
struct event : seq<subject, items, opt<ws, claim>, notes> {};

// ---- lines, games, files -------------------------------------------------------------------
// The lines led by a keyword. A keyword's first letter is checked first, so that an event
// (most lines) is not compared with fifteen keywords one by one; the language is unchanged.
struct keyword_start : one<'t', 'p', 's', 'i', 'r', 'u', 'f', 'l'> {};
struct keyword_line : seq<at<keyword_start>, sor<heading, ruling, declaration, setup, terrain>> {};
struct content : sor<tag, keyword_line, event> {};
struct line_end : seq<opt<comment>, end_of_line> {};
struct line : seq<ws, opt<content>, ws, must<line_end>> {};

// Whole-file structure, for the normative grammar and its tests. Every line ends with a
// newline; a last line without one is read as if it had one. The reader applies `line` to
// each line on its own and groups lines into games exactly as `game` does.
struct newline : sor<pegtl::string<'\r', '\n'>, one<'\n'>> {};
struct blank_line : seq<ws, opt<comment>, newline> {};
struct tag_line : seq<ws, tag, ws, opt<comment>, newline> {};
struct body_line : seq<not_at<tag_line>, ws, opt<content>, ws, opt<comment>, newline> {};
struct header : seq<tag_line, star<sor<tag_line, blank_line>>> {};
struct game : seq<header, star<body_line>> {};
struct bom : pegtl::string<'\xEF', '\xBB', '\xBF'> {};
struct file : seq<opt<bom>, star<blank_line>, star<game>, eof> {};

}  // namespace ngn::grammar
