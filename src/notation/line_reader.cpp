// The lines of a stream, read a block at a time (LineReader, line_reader.hpp).
#include "notation/line_reader.hpp"

#include "notation/line_bytes.hpp"

#include <algorithm>

namespace ngn {

void LineReader::keep(std::string_view piece) {
    partial_.append(piece.substr(0, kKeptOfOverlongLine - std::min(partial_.size(), kKeptOfOverlongLine)));
    partial_length_ += piece.size();
    if (!piece.empty()) partial_last_ = piece.back();
}

std::optional<LineReader::Raw> LineReader::next() {
    if (partial_handed_) {
        partial_.clear();
        partial_length_ = 0;
        partial_handed_ = false;
    }
    for (;;) {
        if (rest_.empty()) {
            if (!in_) break;
            in_.read(block_.data(), static_cast<std::streamsize>(block_.size()));
            rest_ = std::string_view(block_.data(), static_cast<std::size_t>(in_.gcount()));
            if (first_block_ && rest_.substr(0, 3) == kByteOrderMark) rest_.remove_prefix(3);  // line 1 starts after it
            first_block_ = false;
            continue;
        }
        const std::size_t nl = rest_.find('\n');
        if (nl == std::string_view::npos) {  // the line goes on in the next block
            keep(rest_);
            rest_ = {};
            continue;
        }
        const std::string_view piece = rest_.substr(0, nl + 1);
        rest_.remove_prefix(nl + 1);
        if (partial_length_ == 0) return Raw{piece, nl > 0 && piece[nl - 1] == '\r' ? nl - 1 : nl};
        const char before = nl > 0 ? piece[nl - 1] : partial_last_;
        keep(piece);
        partial_handed_ = true;
        return Raw{partial_, partial_length_ - 1 - (before == '\r' ? 1 : 0)};
    }
    if (partial_length_ == 0) return std::nullopt;
    partial_handed_ = true;  // a last line without a newline
    return Raw{partial_, partial_length_ - (partial_last_ == '\r' ? 1 : 0)};
}

void LineReader::resume(std::string_view taken) {
    if (block_.size() < taken.size()) block_.resize(taken.size());
    std::copy(taken.begin(), taken.end(), block_.begin());
    rest_ = std::string_view(block_.data(), taken.size());
    first_block_ = false;
}

}  // namespace ngn
