// The canonical form of NGN, as `ironlog fmt` writes it. It keeps every comment and note,
// and reading its output gives back the same record: format(parse(format(x))) == format(x).
#pragma once

#include "notation/record.hpp"

#include <string>

namespace ngn {

// One line's content (no indentation, no line ending).
std::string format_content(const Line& line);
void append_content(std::string& out, const Line& line);  // the same, added to the end of out

// One game in canonical form, ending with a newline.
std::string format_game(const Game& game);

// What makes a game the same game, for the archive: its tags in canonical order, then every
// line of play in canonical form, one to a line. Layout, blank lines, comments and notes are
// left out (as pgn-extract compares moves, not comments); rulings are in.
std::string identity_text(const Game& game);

// The tags in canonical order: the seven roster tags first, then the rest as written.
int tag_rank(std::string_view name);

}  // namespace ngn
