// The memory a game's record is held in: its items and the text they point into. A line that
// holds an item is copied here once (a quoted name with escapes is unescaped here), and the
// line's items, a list's elements and a throw's faces and modifiers are copied here once the
// line is read: reading a line makes no string and no array of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ngn {

// Blocks that never move or shrink: what is held stays valid as long as the store lives, and
// moving the store (with the Game or LineResult that holds it) moves no byte. Not copyable, so a
// record cannot be copied away from the memory its items point into. What it holds is trivially
// copyable and needs no destructor: letting a game go frees a few blocks, whatever it held.
class RecordStore {
public:
    RecordStore() = default;
    // Moved from, a store is empty, and its blocks are the new owner's: a reader hands the store
    // the comments before a game are kept in to that game, and reuses the one it moved from.
    RecordStore(RecordStore&& from) noexcept
        : blocks_(std::move(from.blocks_)), next_(std::exchange(from.next_, nullptr)),
          left_(std::exchange(from.left_, 0)), held_(std::exchange(from.held_, 0)) {
        from.blocks_.clear();
    }
    RecordStore& operator=(RecordStore&& from) noexcept {
        if (this != &from) {
            blocks_ = std::move(from.blocks_);
            from.blocks_.clear();
            next_ = std::exchange(from.next_, nullptr);
            left_ = std::exchange(from.left_, 0);
            held_ = std::exchange(from.held_, 0);
        }
        return *this;
    }
    RecordStore(const RecordStore&) = delete;
    RecordStore& operator=(const RecordStore&) = delete;

    // A copy of bytes, held as long as the store.
    std::string_view keep(std::string_view bytes) {
        if (bytes.empty()) return {};
        char* at = static_cast<char*>(room(bytes.size()));
        std::memcpy(at, bytes.data(), bytes.size());
        return {at, bytes.size()};
    }
    // A copy of values that need no destructor, held as long as the store.
    template <class T>
    std::span<const T> keep(std::span<const T> values) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
        if (values.empty()) return {};
        T* at = static_cast<T*>(room(values.size_bytes(), alignof(T)));
        std::memcpy(static_cast<void*>(at), values.data(), values.size_bytes());
        return {at, values.size()};
    }
    // Room for n bytes aligned to align (a power of two), held as long as the store: for text
    // written in place (unescaped, say). Inline: it is called for every line and item read.
    void* room(std::size_t n, std::size_t align = 1) {
        const std::size_t skip = (0 - reinterpret_cast<std::uintptr_t>(next_)) & (align - 1);
        if (n + skip > left_) return room_in_new_block(n);
        char* at = next_ + skip;
        next_ = at + n;
        left_ -= skip + n;
        return at;
    }
    std::size_t bytes_held() const { return held_; }

private:
    void* room_in_new_block(std::size_t n);  // a new block starts aligned for any value
    std::vector<std::unique_ptr<char[]>> blocks_;
    char* next_ = nullptr;  // the free bytes at the end of the last block
    std::size_t left_ = 0;
    std::size_t held_ = 0;  // bytes allocated in all blocks
};

}  // namespace ngn
