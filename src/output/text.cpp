#include "output/report.hpp"
#include "output/writers.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

namespace ironlog::output {

namespace {

// One character of a line: its bytes and its code point (-1 for a byte that begins no valid
// UTF-8 character), decoded by utf8proc.
struct Char {
    std::size_t bytes = 1;
    std::int32_t code = -1;
};

Char char_at(std::string_view s, std::size_t at) {
    utf8proc_int32_t code = -1;
    const auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + at), static_cast<utf8proc_ssize_t>(s.size() - at), &code);
    if (n <= 0) return Char{1, -1};
    return Char{static_cast<std::size_t>(n), code};
}


// The columns a character takes on a terminal (utf8proc's East Asian width: 2 for CJK and most
// emoji, 0 for a combining mark); a tab, a hidden character or a bad byte is shown as one.
std::size_t columns(std::string_view s, std::size_t at, const Char& c) {
    if (c.code < 0 || s[at] == '\t' || hidden(c.code)) return 1;
    return static_cast<std::size_t>(std::max(0, utf8proc_charwidth(c.code)));
}

// Where a position falls on a terminal: 1 + the columns of the line before it (as compilers
// count a column); past the line's end, its byte column.
std::size_t terminal_column(std::string_view line, ngn::SourcePos pos) {
    if (!pos.valid()) return 0;
    const std::size_t bytes = pos.column > 0 ? pos.column - 1 : 0;
    if (bytes > line.size()) return pos.column;
    std::size_t col = 1;
    for (std::size_t i = 0; i < bytes;) {
        const Char c = char_at(line, i);
        col += columns(line, i, c);
        i += c.bytes;
    }
    return col;
}

// The line with tabs shown as single spaces and hidden characters as '?' (so the caret lines up
// under wide and combining characters too), cut to a window of about 100 columns around the
// position when it is long.
void write_excerpt(std::ostream& os, const ngn::SourceExcerpts& source, const Finding& f, bool colour) {
    if (f.pos.line == 0 || !source.has(f.pos.line)) return;
    std::string_view line = source.line(f.pos.line);
    struct Cell {
        std::string_view bytes;
        std::size_t width, at;  // at: its first column
    };
    std::vector<Cell> cells;
    std::size_t total = 0;
    for (std::size_t i = 0; i < line.size();) {
        const Char c = char_at(line, i);
        const std::size_t n = std::min(c.bytes, line.size() - i);
        cells.push_back(Cell{line.substr(i, n), columns(line, i, c), total});
        total += cells.back().width;
        i += n;
    }
    const std::size_t col = terminal_column(line, f.pos) - 1;  // 0-based
    const std::size_t width = 100;
    std::size_t from = 0, shift = 0;  // the first cell shown, and the columns left out before it
    if (total > width && col > width / 2) {
        const std::size_t start = std::min(col - width / 2, total - width);
        while (from < cells.size() && cells[from].at < start) ++from;
        shift = from < cells.size() ? cells[from].at : total;
    }
    std::string gutter = std::to_string(f.pos.line);
    os << " " << gutter << " | ";
    if (from > 0) os << "...";
    std::size_t to = from;
    for (; to < cells.size() && cells[to].at + cells[to].width <= shift + width; ++to) {
        const Cell& c = cells[to];
        if (c.bytes == "\t") os << ' ';
        else if (c.width == 1 && (char_at(c.bytes, 0).code < 0 || hidden(char_at(c.bytes, 0).code))) os << '?';
        else os << c.bytes;
    }
    if (to < cells.size()) os << "...";
    os << "\n " << std::string(gutter.size(), ' ') << " | " << (from > 0 ? "   " : "");
    const std::size_t caret = col > shift ? col - shift : 0;
    os << std::string(std::min(caret, width + 1), ' ') << (colour ? "\033[1;32m^\033[0m\n" : "^\n");
}

}  // namespace

// A character that must not reach a terminal raw: a control (C0, C1, DEL), a line or paragraph
// separator, or a bidirectional control (the embeddings, overrides and isolates, and the marks
// U+200E, U+200F, U+061C), which would let a file or a record rewrite what the umpire sees.
bool hidden(std::int32_t code) {
    if (code < 0) return false;
    const utf8proc_property_t* p = utf8proc_get_property(code);
    if (p->category == UTF8PROC_CATEGORY_CC || p->category == UTF8PROC_CATEGORY_ZL || p->category == UTF8PROC_CATEGORY_ZP) return true;
    if (p->category != UTF8PROC_CATEGORY_CF) return false;
    switch (p->bidi_class) {
        case UTF8PROC_BIDI_CLASS_LRE: case UTF8PROC_BIDI_CLASS_LRO: case UTF8PROC_BIDI_CLASS_RLE: case UTF8PROC_BIDI_CLASS_RLO:
        case UTF8PROC_BIDI_CLASS_PDF: case UTF8PROC_BIDI_CLASS_LRI: case UTF8PROC_BIDI_CLASS_RLI: case UTF8PROC_BIDI_CLASS_FSI:
        case UTF8PROC_BIDI_CLASS_PDI: return true;
        default: return code == 0x200E || code == 0x200F || code == 0x061C;
    }
}

std::string visible(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Char c = char_at(text, i);
        if (!hidden(c.code)) {
            out.append(text.substr(i, std::min(c.bytes, text.size() - i)));
            i += c.bytes;
            continue;
        }
        char buf[16];
        if (c.code < 0x80) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c.code));
        else std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c.code));
        out += buf;
        i += c.bytes;
    }
    return out;
}

// As compilers colour them: errors red, warnings magenta, notes cyan, all bold.
const char* severity_colour(Severity s) { return s == Severity::Error ? "\033[1;31m" : s == Severity::Warning ? "\033[1;35m" : "\033[1;36m"; }

void write_finding_text(std::ostream& os, const ngn::SourceExcerpts& source, const Finding& f, bool excerpt, bool colour) {
    // A finding in another file the record uses (a ship library) shows that file, without an excerpt.
    // Whatever came from a file or its name is shown with its control characters escaped.
    const bool elsewhere = !f.file.empty();
    if (elsewhere)
        os << visible(f.file) << ":" << f.pos.line << ":" << f.pos.column;
    else
        os << visible(source.path()) << ":" << f.pos.line << ":" << (source.has(f.pos.line) ? terminal_column(source.line(f.pos.line), f.pos) : source.display_column(f.pos));
    if (colour) os << ": " << severity_colour(f.severity) << to_string(f.severity) << ":\033[0m " << visible(f.message);
    else os << ": " << to_string(f.severity) << ": " << visible(f.message);
    if (!f.rule.empty()) os << " [" << visible(f.rule.text()) << "]";
    if (f.kind != Kind::Syntax) os << " (" << to_string(f.kind) << ")";
    os << "\n";
    if (f.expected) os << "  expected: " << visible(*f.expected) << "\n";
    if (f.recorded) os << "  recorded: " << visible(*f.recorded) << "\n";
    if (f.ruling) os << "  ruled at line " << f.ruling->pos.line << ": \"" << visible(f.ruling->text) << "\"\n";
    if (excerpt && !elsewhere) write_excerpt(os, source, f, colour);
}

void write_summary(std::ostream& os, const Summary& s) {
    auto plural = [](std::size_t n, const char* word) {
        return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
    };
    os << plural(s.errors, "error") << ", " << plural(s.warnings, "warning") << ", " << plural(s.notes, "note") << " in "
       << plural(s.games, "game") << " (" << plural(s.files, "file") << ")\n";
}

void write_finding_text(std::ostream& os, const ngn::SourceText& source, const Finding& f, bool excerpt, bool colour) {
    ngn::SourceExcerpts excerpts(source.path());
    if (f.pos.line != 0 && f.pos.line <= source.line_count()) excerpts.keep(f.pos.line, source.line(f.pos.line));
    write_finding_text(os, excerpts, f, excerpt, colour);
}

namespace {

class TextWriter : public ReportWriter {
public:
    TextWriter(std::ostream& os, bool excerpts, bool summary, bool colour) : os_(os), excerpts_(excerpts), summary_(summary), colour_(colour) {}

private:
    void on_begin_file(const std::string&, const std::optional<std::string>&) override {}  // read errors go to stderr
    void on_game(const GameReport& g, const ngn::SourceExcerpts& source) override {
        for (const auto& f : g.findings) write_finding_text(os_, source, f, excerpts_, colour_);
    }
    void on_end_file(const FileReport& file) override {
        if (file.read_error) return;
        for (const auto& f : file.findings) write_finding_text(os_, file.source, f, excerpts_, colour_);
    }
    void on_finish(const Summary& s) override {
        if (summary_) write_summary(os_, s);
        os_.flush();
    }

    std::ostream& os_;
    bool excerpts_, summary_, colour_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& os, bool excerpts, bool summary, bool colour) {
    return std::make_unique<TextWriter>(os, excerpts, summary, colour);
}

}  // namespace ironlog::output
