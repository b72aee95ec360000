#include "notation/source.hpp"

#include <algorithm>
#include <utility>

namespace ngn {

SourceText::SourceText(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i) {
        if (text_[i] == '\n' && i + 1 < text_.size()) line_starts_.push_back(i + 1);
    }
    if (text_.empty()) line_starts_.clear();
}

std::string_view SourceText::line(std::uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    std::size_t begin = line_starts_[line - 1];
    std::size_t end = text_.find('\n', begin);
    if (end == std::string::npos) end = text_.size();
    if (end > begin && text_[end - 1] == '\r') --end;
    if (line == 1 && std::string_view(text_).substr(0, 3) == "\xEF\xBB\xBF") begin = std::min<std::size_t>(3, end);
    return std::string_view(text_).substr(begin, end - begin);
}

std::string_view SourceText::raw_lines(std::uint32_t first, std::uint32_t last) const {
    if (first == 0 || first > line_starts_.size() || last < first) return {};
    std::size_t begin = line_starts_[first - 1];
    std::size_t end = last < line_starts_.size() ? line_starts_[last] : text_.size();
    if (first == 1 && std::string_view(text_).substr(0, 3) == "\xEF\xBB\xBF") begin = 3;
    return std::string_view(text_).substr(begin, end - begin);
}

std::uint32_t SourceText::display_column(SourcePos pos) const { return ngn::display_column(line(pos.line), pos); }

std::uint32_t display_column(std::string_view l, SourcePos pos) {
    if (!pos.valid()) return 0;
    std::size_t bytes = pos.column > 0 ? pos.column - 1 : 0;
    if (bytes > l.size()) return static_cast<std::uint32_t>(pos.column);
    return static_cast<std::uint32_t>(count_code_points(l.substr(0, bytes)) + 1);
}

void LineWindow::push(std::string_view raw) {
    starts_.push_back(bytes_.size());
    bytes_.append(raw);
}

void LineWindow::reserve(std::size_t bytes, std::size_t lines) {
    bytes_.reserve(bytes);
    starts_.reserve(lines);
}

void LineWindow::adopt(std::string&& bytes, std::vector<std::size_t>&& starts) {
    bytes_ = std::move(bytes);
    starts_ = std::move(starts);
    head_ = 0;
    first_ = first_pushed_;
}

std::string_view LineWindow::line(std::uint32_t n) const {
    if (n < first_ || n > last()) return {};
    const std::size_t i = head_ + (n - first_);
    std::size_t begin = starts_[i];
    std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : bytes_.size();
    if (end > begin && bytes_[end - 1] == '\n') --end;
    if (end > begin && bytes_[end - 1] == '\r') --end;
    return std::string_view(bytes_).substr(begin, end - begin);
}

std::string_view LineWindow::raw_lines(std::uint32_t first, std::uint32_t last_line) const {
    if (first < first_ || last_line > last() || last_line < first) return {};
    const std::size_t begin = starts_[head_ + (first - first_)];
    const std::size_t j = head_ + (last_line - first_) + 1;
    const std::size_t end = j < starts_.size() ? starts_[j] : bytes_.size();
    return std::string_view(bytes_).substr(begin, end - begin);
}

void LineWindow::release_through(std::uint32_t n) {
    if (n < first_) return;
    const std::size_t drop = std::min<std::size_t>(n - first_ + 1, starts_.size() - head_);
    head_ += drop;
    first_ += static_cast<std::uint32_t>(drop);
    // Move the held lines to the front once the released ones are the larger part, so each
    // byte is moved a bounded number of times.
    const std::size_t released = head_ < starts_.size() ? starts_[head_] : bytes_.size();
    if (compact_ && released > 0 && released >= bytes_.size() / 2) {
        bytes_.erase(0, released);
        starts_.erase(starts_.begin(), starts_.begin() + static_cast<std::ptrdiff_t>(head_));
        for (auto& s : starts_) s -= released;
        head_ = 0;
    }
}

void LineWindow::rewind() {
    if (compact_) return;
    head_ = 0;
    first_ = first_pushed_;
}

void keep_content_lines(const LineWindow& window, std::uint32_t first, std::uint32_t last, SourceExcerpts& into) {
    for (std::uint32_t n = first; n <= last; ++n) {
        const std::string_view l = window.line(n);
        if (l.find_first_not_of(" \t") != std::string_view::npos) into.keep(n, l);
    }
}

std::string_view SourceExcerpts::line(std::uint32_t n) const {
    auto it = lines_.find(n);
    return it == lines_.end() ? std::string_view{} : std::string_view(it->second);
}

std::uint32_t SourceExcerpts::display_column(SourcePos pos) const { return ngn::display_column(line(pos.line), pos); }

std::size_t find_invalid_utf8(std::string_view s) {
    std::size_t i = 0;
    const std::size_t n = s.size();
    while (i < n) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) { ++i; continue; }
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
        else return i;
        if (i + len > n) return i;
        for (std::size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return i;
            cp = (cp << 6) | (cc & 0x3F);
        }
        // Reject overlong forms, surrogates and values past U+10FFFF.
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return i;
        i += len;
    }
    return std::string_view::npos;
}

std::size_t count_code_points(std::string_view s) {
    std::size_t n = 0;
    for (char ch : s)
        if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++n;
    return n;
}

}  // namespace ngn
