// The bytes of a line before the grammar reads it: the characters NGN allows (printable ASCII,
// found first and fast; then control characters and UTF-8), the indent, the longest line read.
// Inside the reader (line_actions.cpp, game_reader.cpp, line_reader.cpp, chunks.cpp); the fast
// checks are here, inline, since every line goes through them.
#pragma once

#include "notation/record.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace ngn {

// Far above any line written by hand; bounds the memory one line can take.
constexpr std::size_t kMaxLineBytes = 256 * 1024;
// Of a longer line, what a reader keeps: its start, two bytes more, so that a line ending among
// them is still seen as one (LineReader, and a chunk's lines found whole, keep the same).
constexpr std::size_t kKeptOfOverlongLine = kMaxLineBytes + 2;

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// Whether every byte is ' ' to '~' or a tab: sixteen bytes at a time, the last sixteen (or
// eight) of the text overlapping those before, with no branch per byte and no loop over a short
// tail. Vectors as GCC and Clang write them (SSE2 on x86-64, plain words elsewhere). A block with
// any other byte (a tab among them, say) is tested byte by byte.
using Bytes16 = unsigned char __attribute__((vector_size(16)));
inline bool printable_byte(unsigned char c) { return (c >= 0x20 && c < 0x7F) || c == '\t'; }
inline bool printable_bytes(const char* from, const char* to) {
    return std::all_of(from, to, [](char c) { return printable_byte(static_cast<unsigned char>(c)); });
}
inline bool printable_16(const char* p) {
    Bytes16 x;
    std::memcpy(&x, p, 16);
    const auto bad = ((x < 0x20) & (x != '\t')) | (x >= 0x7F);  // each byte: all ones when not printable
    std::uint64_t halves[2];
    std::memcpy(halves, &bad, 16);
    return (halves[0] | halves[1]) == 0;
}
inline bool printable_8(const char* p) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    auto below = [&](std::uint64_t x, std::uint64_t n) { return (x - ones * n) & ~x & highs; };  // some byte < n
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    if (!((x & highs) | below(x, 0x20) | below(x ^ (ones * 0x7F), 1))) return true;
    return printable_bytes(p, p + 8);
}
inline bool printable_ascii(std::string_view text) {
    const char* p = text.data();
    const std::size_t n = text.size();
    if (n < 8) return printable_bytes(p, p + n);
    if (n < 16) return printable_8(p) && printable_8(p + n - 8);
    for (std::size_t i = 0; i + 16 <= n; i += 16)
        if (!printable_16(p + i) && !printable_bytes(p + i, p + i + 16)) return false;
    return printable_16(p + n - 16) || printable_bytes(p + n - 16, p + n);
}

// Control characters other than tab are never part of NGN; invalid UTF-8 neither: the first such
// byte of text, as an error on line line_no. Most lines are printable ASCII, which the caller
// finds first (printable_ascii).
std::optional<SyntaxError> check_other_bytes(std::string_view text, std::uint32_t line_no);

// The number of blanks a line begins with: eight bytes at a time where the machine puts a word's
// first byte lowest (most lines are indented; a loop over bytes cost 50 instructions a line).
inline std::size_t indent_of(std::string_view text) {
    std::size_t first = 0;
    if constexpr (std::endian::native == std::endian::little) {
        constexpr std::uint64_t ones = 0x0101010101010101ULL, low7 = ones * 0x7F, highs = ones * 0x80;
        auto zero_bytes = [](std::uint64_t x) { return ~(((x & low7) + low7) | x | low7); };  // 0x80 in each zero byte
        for (; first + 8 <= text.size(); first += 8) {
            std::uint64_t x;
            std::memcpy(&x, text.data() + first, 8);
            const std::uint64_t other = ~(zero_bytes(x ^ (ones * ' ')) | zero_bytes(x ^ (ones * '\t'))) & highs;
            if (other) return first + static_cast<std::size_t>(std::countr_zero(other)) / 8;
        }
    }
    while (first < text.size() && (text[first] == ' ' || text[first] == '\t')) ++first;
    return first;
}

// What a reader finds at p, for a message: "end of line", "a space", "a tab", or the word there
// (up to 20 characters, control characters as \xNN).
std::string describe_found(const char* p, const char* end);

}  // namespace ngn
