// A game's state as one standalone SVG picture (`ironlog state --at WHERE --svg`): the playing
// area of a Scene (check/scene.hpp), its pieces, the line of the last act, a legend naming the
// sides, a roster of each piece's state and the scene's notes. Every text is escaped; the
// picture refers to nothing outside itself (no scripts, fonts, images or links). docs/report.md.
#pragma once

#include "check/scene.hpp"

#include <ostream>
#include <string>
#include <string_view>

namespace ironlog::output {

void write_svg(std::ostream& os, const Scene& scene);

// Text made safe for XML content and attribute values: & < > " ' escaped, characters XML
// forbids and malformed UTF-8 replaced by U+FFFD, and the invisible bidirectional controls
// (a right-to-left override ...) shown as [U+202E] so a name cannot disguise the text after it.
std::string xml_text(std::string_view text);

}  // namespace ironlog::output
