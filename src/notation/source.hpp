// Source text and positions. Positions are kept as (line, byte column); the column a
// person sees (counted in characters) is computed only when a finding is shown.
#pragma once

#include <cstdint>
#include <map>
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

// The raw lines of a stream, from the oldest one still wanted to the last one read: a game being
// read, for excerpts and for the archive's copy of its record, without holding the whole file.
class LineWindow {
public:
    // compact: let the bytes of released lines go (else they are kept, and rewind() holds them again)
    explicit LineWindow(std::uint32_t first_line = 1, bool compact = true)
        : first_(first_line), first_pushed_(first_line), compact_(compact) {}
    void push(std::string_view raw);  // the next line, its line ending included
    void reserve(std::size_t bytes, std::size_t lines);  // room for what is to come, not regrown
    // Holds bytes as its lines, each beginning at one of starts (the first at 0), in place of
    // what it held: a chunk's lines found at once rather than pushed one by one.
    void adopt(std::string&& bytes, std::vector<std::size_t>&& starts);
    std::uint32_t last() const { return first_ + static_cast<std::uint32_t>(starts_.size() - head_) - 1; }
    // The line's bytes without its line ending; empty when the line is not held.
    std::string_view line(std::uint32_t line) const;
    // Lines first..last exactly as read, line endings included; empty when not all are held.
    std::string_view raw_lines(std::uint32_t first, std::uint32_t last) const;
    // Lines up to n are no longer wanted.
    void release_through(std::uint32_t n);
    // Every line pushed is held again (a window that does not compact: a chunk read twice).
    void rewind();
    // From now on the bytes of released lines go (a chunk that reads on into the stream).
    void compact() { compact_ = true; }
    std::size_t bytes_held() const { return bytes_.size(); }
    std::uint32_t first() const { return first_; }  // the oldest line held (last() + 1 when none)

private:
    std::string bytes_;
    std::vector<std::size_t> starts_;  // offset of each held line in bytes_, from index head_
    std::size_t head_ = 0;
    std::uint32_t first_ = 1;  // number of the line at starts_[head_]
    std::uint32_t first_pushed_ = 1;
    bool compact_ = true;
};

// The lines that findings point at, with the file's path: what output needs of a file once
// its text is gone.
class SourceExcerpts {
public:
    SourceExcerpts() = default;
    explicit SourceExcerpts(std::string path) : path_(std::move(path)) {}

    const std::string& path() const { return path_; }
    void keep(std::uint32_t line, std::string_view text) { lines_.try_emplace(line, text); }
    // The lines from `line` on are no longer kept (their text changed).
    void forget_from(std::uint32_t line) { lines_.erase(lines_.lower_bound(line), lines_.end()); }
    bool has(std::uint32_t line) const { return lines_.count(line) != 0; }
    std::string_view line(std::uint32_t line) const;  // empty when not kept
    // The column in Unicode code points (1-based) of a byte column on a kept line.
    std::uint32_t display_column(SourcePos pos) const;
    const std::map<std::uint32_t, std::string>& lines() const { return lines_; }

private:
    std::string path_;
    std::map<std::uint32_t, std::string> lines_;
};

// Keeps the lines first..last of the window that hold something other than blanks: before a
// file's first game, the lines the errors outside games point at are among them (a comment line
// too, when it holds a character NGN does not allow).
void keep_content_lines(const LineWindow& window, std::uint32_t first, std::uint32_t last, SourceExcerpts& into);

// The column in code points (1-based) of a byte column on a line's text.
std::uint32_t display_column(std::string_view line, SourcePos pos);

// Index of the first byte that is not valid UTF-8, or npos when the text is valid.
std::size_t find_invalid_utf8(std::string_view text);

// Number of code points in valid UTF-8 text.
std::size_t count_code_points(std::string_view text);

}  // namespace ngn
