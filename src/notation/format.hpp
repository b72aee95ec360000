// The canonical form of NGN, as `ironlog fmt` writes it. It keeps every comment and note,
// and reading its output gives back the same record: format(parse(format(x))) == format(x).
#pragma once

#include "notation/record.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ngn {

// One line's content (no indentation, no line ending).
std::string format_content(const Line& line);
void append_content(std::string& out, const Line& line);  // the same, added to the end of out

// One game in canonical form, ending with a newline.
std::string format_game(const Game& game);

// What makes a game the same game, for the archive: its tags in canonical order, then every
// line of play in canonical form, one to a line. Layout, blank lines, comments and notes are
// left out (as pgn-extract compares moves, not comments); rulings are in. The files a record
// names ([Library], [Map], [Tables]) count by their names, not by the folders the paths go
// through: a record exported to another folder, its paths rewritten, is the same game.
std::string identity_text(const Game& game);

// The text with the value of the tag pair on line `line` (1 for the text's first) written anew,
// everything else byte for byte; nullopt when that line holds no tag pair.
std::optional<std::string> with_tag_value(std::string_view text, std::uint32_t line, std::string_view value);

// Whether a tag names files, relative to the record: [Library], [Map], [Tables].
bool names_files(std::string_view tag);

// The tags in canonical order: the seven roster tags first, then the rest as written.
int tag_rank(std::string_view name);

}  // namespace ngn
