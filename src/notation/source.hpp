// Source text and positions. Positions are kept as (line, byte column); the column a
// person sees (counted in characters) is computed only when a finding is shown.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ngn {

struct SourcePos {
    std::uint32_t line = 0;    // 1-based; 0 = no position
    std::uint32_t column = 0;  // 1-based byte column within the line

    bool valid() const { return line != 0; }
    friend bool operator==(const SourcePos&, const SourcePos&) = default;
    friend auto operator<=>(const SourcePos&, const SourcePos&) = default;
};

// A whole file's text with an index of its lines.
class SourceText {
public:
    SourceText() = default;
    SourceText(std::string path, std::string text);

    const std::string& path() const { return path_; }
    const std::string& text() const { return text_; }
    std::size_t line_count() const { return line_starts_.size(); }

    // The line's bytes without its line ending ("\n" or "\r\n"). line is 1-based.
    std::string_view line(std::uint32_t line) const;

    // Lines first..last (1-based) exactly as they are in the text, line endings included.
    std::string_view raw_lines(std::uint32_t first, std::uint32_t last) const;

    // The column in Unicode code points (1-based) of a byte column on a line.
    std::uint32_t display_column(SourcePos pos) const;

private:
    std::string path_;
    std::string text_;
    std::vector<std::size_t> line_starts_;
};

// Index of the first byte that is not valid UTF-8, or npos when the text is valid.
std::size_t find_invalid_utf8(std::string_view text);

// Number of code points in valid UTF-8 text.
std::size_t count_code_points(std::string_view text);

}  // namespace ngn
