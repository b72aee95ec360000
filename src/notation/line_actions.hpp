// Reading one line with the grammar (line_actions.cpp, the one translation unit that
// instantiates PEGTL): what the game reader calls for each line. Inside the reader.
#pragma once

#include "notation/parser.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace ngn {

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

// Reads one line into line (a fresh Line) or, when it does not read, into error; its items' text
// is held in store. length: the line's real length, which is more than text holds when a stream
// reader kept only the start of an overlong line. indent: indent_of(text), which the caller knows.
void parse_one(std::string_view text, std::uint32_t line_no, std::size_t length, std::size_t indent, Line& line,
               std::optional<SyntaxError>& error, RecordStore& store, LineScratch& scratch);

// The same for a line on its own: its result holds its store.
LineResult parse_one(std::string_view text, std::uint32_t line_no, std::size_t length);

}  // namespace ngn
