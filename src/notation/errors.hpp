// What a player is told when a line of NGN does not parse. One message per point of no
// return in the grammar. Placeholders are filled from the line being read:
//   {dice} the dice as written (d10), {faces} their faces (0-9), {keyword} the keyword,
//   {tag} the tag name.
#pragma once

#include "notation/grammar.hpp"

namespace ngn::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

// Messages that point at where a construct began and need no "found ...".
template <typename Rule>
inline constexpr bool points_at_opening = false;

#define NGN_ERROR(rule, text) template <> inline constexpr const char* error_message<rule> = text
NGN_ERROR(escape_char, "expected '\"' or '\\' after '\\' in a string");
NGN_ERROR(string_close, "this string is not closed: expected '\"' before the end of the line");
NGN_ERROR(note_close, "this note is not closed: expected '}' before the end of the line");
NGN_ERROR(tag_name, "expected a tag name after '['");
NGN_ERROR(tag_value, "expected the value of tag '{tag}' in double quotes");
NGN_ERROR(tag_close, "expected ']' to close the tag");
NGN_ERROR(coord_x, "expected the x coordinate in cm after '('");
NGN_ERROR(coord_comma, "expected ',' after the x coordinate");
NGN_ERROR(coord_y, "expected the y coordinate in cm after ','");
NGN_ERROR(coord_heading, "expected a heading in degrees after ','");
NGN_ERROR(position_close, "expected ')' to close the position");
NGN_ERROR(hex_id, "expected a hex id (letters and digits) after '#'");
NGN_ERROR(hex_facing, "expected a facing after '/'");
NGN_ERROR(area_name, "expected an area name after '@'");
NGN_ERROR(area_box, "expected a box name after '/'");
NGN_ERROR(dice_colon, "expected ':' after '{dice}'");
NGN_ERROR(first_face, "expected a die face {faces} after '{dice}:'");
NGN_ERROR(modifier_label, "expected a label and ')' after '('");
NGN_ERROR(modifier_close, "expected ')' to close the modifier's label");
NGN_ERROR(total_value, "expected the total (a whole number) after '='");
NGN_ERROR(list_element, "expected a list element after ','");
NGN_ERROR(turn_label, "expected a turn number after 'turn'");
NGN_ERROR(phase_label, "expected a phase name after 'phase'");
NGN_ERROR(segment_label, "expected a segment name after 'segment'");
NGN_ERROR(impulse_label, "expected an impulse number after 'impulse'");
NGN_ERROR(step_label, "expected a step name after 'step'");
NGN_ERROR(ruling_body, "expected the ruling's text in double quotes after 'ruling'");
NGN_ERROR(declaration_name, "expected a name or alias after '{keyword}'");
NGN_ERROR(setup_subject, "expected the name or alias of what is set up after 'setup'");
NGN_ERROR(terrain_kind, "expected the kind of terrain after 'terrain' (woods, river, road ...)");
NGN_ERROR(claim_first, "expected the claimed result after '=>'");
NGN_ERROR(line_end, "expected an argument, '=>', a note, a comment or the end of the line");
#undef NGN_ERROR

template <> inline constexpr bool points_at_opening<string_close> = true;
template <> inline constexpr bool points_at_opening<note_close> = true;

}  // namespace ngn::grammar
