// The lines of a stream, read a block at a time, for the reader (parser.hpp) and the cutting of
// chunks (chunks.hpp).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ngn {

// The lines of a stream one at a time, read a block at a time. Of a line longer than an NGN line
// may be, only the start is kept; its length says how long it was.
class LineReader {
public:
    explicit LineReader(std::istream& in) : in_(in), block_(std::size_t{1} << 16) {}
    struct Raw {
        std::string_view text;  // as read, its line ending included (of an overlong line, the start)
        std::size_t length;     // the line's bytes up to its line ending ("\n" or "\r\n")
    };
    // The next line, valid until the next call; none at the end of the stream or once it fails.
    std::optional<Raw> next();
    // Goes on from bytes already taken from the stream (past its start), then from the stream.
    void resume(std::string_view taken);

private:
    void keep(std::string_view piece);
    std::istream& in_;
    std::vector<char> block_;
    std::string_view rest_;      // what the block holds beyond the lines handed out
    bool first_block_ = true;
    std::string partial_;        // a line that runs past the block
    std::size_t partial_length_ = 0;
    char partial_last_ = 0;
    bool partial_handed_ = false;  // partial_ was the last line handed out: clear it
};

}  // namespace ngn
