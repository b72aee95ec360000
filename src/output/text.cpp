#include "output/report.hpp"
#include "output/writers.hpp"

#include <cstdio>
#include <string>
#include <string_view>

namespace ironlog::output {

namespace {

// The length of a character that must not reach a terminal raw at `at`: a C0 or C1 control, DEL,
// or a Unicode bidirectional control (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069),
// which would let a file or a record rewrite what the umpire sees. 0 for any other.
std::size_t hidden_char(std::string_view s, std::size_t at) {
    const auto b = [&](std::size_t i) { return at + i < s.size() ? static_cast<unsigned char>(s[at + i]) : 0u; };
    if (b(0) < 0x20 || b(0) == 0x7F) return 1;
    if (b(0) == 0xC2 && b(1) >= 0x80 && b(1) <= 0x9F) return 2;
    if (b(0) == 0xD8 && b(1) == 0x9C) return 2;
    if (b(0) == 0xE2 && b(1) == 0x80 && (b(2) == 0x8E || b(2) == 0x8F || (b(2) >= 0xAA && b(2) <= 0xAE))) return 3;
    if (b(0) == 0xE2 && b(1) == 0x81 && b(2) >= 0xA6 && b(2) <= 0xA9) return 3;
    return 0;
}

// The line with tabs shown as single spaces (so the caret lines up), cut to a window of
// about 100 characters around the column when it is long.
void write_excerpt(std::ostream& os, const ngn::SourceExcerpts& source, const Finding& f, bool colour) {
    if (f.pos.line == 0 || !source.has(f.pos.line)) return;
    std::string_view line = source.line(f.pos.line);
    std::size_t col = source.display_column(f.pos);  // 1-based, in characters
    // Split the line into characters.
    std::vector<std::string_view> chars;
    for (std::size_t i = 0; i < line.size();) {
        auto c = static_cast<unsigned char>(line[i]);
        std::size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        if (i + len > line.size()) len = line.size() - i;
        chars.push_back(line.substr(i, len));
        i += len;
    }
    const std::size_t width = 100;
    std::size_t from = 0;
    if (chars.size() > width && col > width / 2) from = std::min(col - width / 2, chars.size() - width);
    std::size_t to = std::min(chars.size(), from + width);
    std::string gutter = std::to_string(f.pos.line);
    os << " " << gutter << " | ";
    if (from > 0) os << "...";
    for (std::size_t i = from; i < to; ++i) {
        unsigned char c = static_cast<unsigned char>(chars[i].front());
        if (chars[i] == "\t") os << ' ';
        else if (c < 0x20 || c == 0x7F || hidden_char(chars[i], 0)) os << '?';  // one character for one: the caret stays in line
        else os << chars[i];
    }
    if (to < chars.size()) os << "...";
    os << "\n " << std::string(gutter.size(), ' ') << " | " << (from > 0 ? "   " : "");
    std::size_t caret = col > from ? col - 1 - from : 0;
    os << std::string(std::min(caret, width + 1), ' ') << (colour ? "\033[1;32m^\033[0m\n" : "^\n");
}

}  // namespace

std::string visible(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = hidden_char(text, i);
        if (n == 0) {
            out += text[i++];
            continue;
        }
        char buf[16];
        if (n == 1) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[i]));
        else if (n == 2) std::snprintf(buf, sizeof buf, "\\u%04x", ((static_cast<unsigned char>(text[i]) & 0x1Fu) << 6) | (static_cast<unsigned char>(text[i + 1]) & 0x3Fu));
        else
            std::snprintf(buf, sizeof buf, "\\u%04x",
                          ((static_cast<unsigned char>(text[i]) & 0x0Fu) << 12) | ((static_cast<unsigned char>(text[i + 1]) & 0x3Fu) << 6) |
                              (static_cast<unsigned char>(text[i + 2]) & 0x3Fu));
        out += buf;
        i += n;
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
        os << visible(source.path()) << ":" << f.pos.line << ":" << source.display_column(f.pos);
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
