// The bytes a record's items point into. A line that holds an item is copied here once, and a
// quoted name with escapes is unescaped here; an item's text is a view of these bytes, so reading
// a line makes no string per item.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace ngn {

// Blocks that never move or shrink: a view stays valid as long as the store lives, and moving
// the store (with the Game or LineResult that holds it) moves no byte. Not copyable, so a record
// cannot be copied away from the bytes its items point into.
class TextStore {
public:
    TextStore() = default;
    TextStore(TextStore&&) noexcept = default;
    TextStore& operator=(TextStore&&) noexcept = default;
    TextStore(const TextStore&) = delete;
    TextStore& operator=(const TextStore&) = delete;

    // A copy of bytes, held as long as the store.
    std::string_view keep(std::string_view bytes);
    // Room for n bytes, held as long as the store: for text written in place (unescaped, say).
    char* room(std::size_t n);
    std::size_t bytes_held() const { return held_; }

private:
    std::vector<std::unique_ptr<char[]>> blocks_;
    char* next_ = nullptr;     // the free bytes at the end of the last block
    std::size_t left_ = 0;
    std::size_t held_ = 0;     // bytes allocated in all blocks
};

}  // namespace ngn
