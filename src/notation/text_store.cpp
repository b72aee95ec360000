#include "notation/text_store.hpp"

#include <algorithm>
#include <cstring>

namespace ngn {

namespace {
// Blocks start small, as most games are short, and double up to a size at which allocating
// costs nothing beside the lines that fill it.
constexpr std::size_t kFirstBlock = std::size_t{4} << 10;
constexpr std::size_t kLargestBlock = std::size_t{64} << 10;
}  // namespace

char* TextStore::room(std::size_t n) {
    if (n > left_) {
        const std::size_t usual = blocks_.empty() ? kFirstBlock : std::min(kLargestBlock, 2 * held_);
        const std::size_t size = std::max(usual, n);
        blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
        next_ = blocks_.back().get();
        left_ = size;
        held_ += size;
    }
    char* at = next_;
    next_ += n;
    left_ -= n;
    return at;
}

std::string_view TextStore::keep(std::string_view bytes) {
    if (bytes.empty()) return {};
    char* at = room(bytes.size());
    std::memcpy(at, bytes.data(), bytes.size());
    return {at, bytes.size()};
}

}  // namespace ngn
