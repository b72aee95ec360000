// The slow paths of the byte checks (line_bytes.hpp): a line that is not all printable ASCII,
// and the description of what a line holds where it does not read.
#include "notation/line_bytes.hpp"

#include "notation/source.hpp"

namespace ngn {

std::optional<SyntaxError> check_other_bytes(std::string_view text, std::uint32_t line_no) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
            static const char* hex = "0123456789abcdef";
            std::string m = "unexpected control character \\x";
            m += hex[c >> 4];
            m += hex[c & 15];
            return SyntaxError{SourcePos{line_no, static_cast<std::uint32_t>(i + 1)}, m};
        }
    }
    auto bad = find_invalid_utf8(text);
    if (bad != std::string_view::npos) {
        static const char* hex = "0123456789abcdef";
        auto c = static_cast<unsigned char>(text[bad]);
        std::string m = "invalid UTF-8: byte \\x";
        m += hex[c >> 4];
        m += hex[c & 15];
        m += " does not begin a valid character (save the file as UTF-8)";
        return SyntaxError{SourcePos{line_no, static_cast<std::uint32_t>(bad + 1)}, m};
    }
    return std::nullopt;
}

std::string describe_found(const char* p, const char* end) {
    if (p >= end) return "end of line";
    if (*p == ' ') return "a space";
    if (*p == '\t') return "a tab";
    std::string out = "'";
    std::size_t n = 0;
    const char* q = p;
    while (q < end && *q != ' ' && *q != '\t' && n < 20) {
        auto c = static_cast<unsigned char>(*q);
        if (c < 0x20 || c == 0x7F) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++q;
            ++n;
            continue;
        }
        // copy a whole UTF-8 sequence
        int len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        for (int k = 0; k < len && q < end; ++k) out += *q++;
        ++n;
    }
    if (q < end && *q != ' ' && *q != '\t') out += "...";
    return out + "'";
}

}  // namespace ngn
