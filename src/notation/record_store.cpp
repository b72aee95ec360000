#include "notation/record_store.hpp"

#include <algorithm>

namespace ngn {

namespace {
// Blocks start small, as most games are short, and double up to a size at which allocating
// costs nothing beside the lines that fill it.
constexpr std::size_t kFirstBlock = std::size_t{4} << 10;
constexpr std::size_t kLargestBlock = std::size_t{64} << 10;
}  // namespace

void* RecordStore::room_in_new_block(std::size_t n) {
    const std::size_t usual = blocks_.empty() ? kFirstBlock : std::min(kLargestBlock, 2 * held_);
    const std::size_t size = std::max(usual, n);
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));  // aligned for any value (new[])
    next_ = blocks_.back().get() + n;
    left_ = size - n;
    held_ += size;
    return blocks_.back().get();
}

}  // namespace ngn
