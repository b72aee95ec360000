// Cutting a stream into chunks of whole games for -j (ChunkReader), and finding a chunk's lines
// (index_lines) in the thread that reads it (chunks.hpp).
#include "notation/chunks.hpp"

#include "notation/line_bytes.hpp"

#include <algorithm>
#include <cstring>

namespace ngn {

namespace {

// A line's text without its line ending, as the reader is given it.
std::string_view text_of(const LineReader::Raw& raw) {
    std::string_view text = raw.text;
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    return text;
}

// What a line is to the cutting of chunks, from its first character alone: a tag (or what tried
// to be one), a line of blanks, a comment line, or a line of a game's body (or one that did not read).
enum class LineKind { Tag, Spaces, Comment, Body };
LineKind kind_of(const LineReader::Raw& raw) {
    const std::string_view text = text_of(raw);
    const std::size_t first = indent_of(text);
    if (first == text.size()) return raw.length > kMaxLineBytes ? LineKind::Body : LineKind::Spaces;
    return text[first] == '[' ? LineKind::Tag : text[first] == ';' ? LineKind::Comment : LineKind::Body;
}

// A comment line, or a line of blanks, that reads (no character NGN does not allow): one that
// does not is an error, which the game before keeps, so no chunk is cut after it.
bool reads_as_blank(const LineReader::Raw& raw) {
    return raw.length <= kMaxLineBytes && (printable_ascii(text_of(raw)) || !check_other_bytes(text_of(raw), 0));
}

// A whole line of a chunk's text (its line ending included, if it has one) as LineReader hands
// it over: of an overlong line, only the start.
LineReader::Raw raw_line(std::string_view piece) {
    std::size_t length = piece.size();
    if (length > 0 && piece[length - 1] == '\n') --length;
    if (length > 0 && piece[length - 1] == '\r') --length;
    return LineReader::Raw{length > kMaxLineBytes ? piece.substr(0, kKeptOfOverlongLine) : piece, length};
}

// The end of the line that begins at `at` (past its '\n'; the text's end for a last line without one).
std::size_t line_end(std::string_view text, std::size_t at) {
    const void* nl = std::memchr(text.data() + at, '\n', text.size() - at);
    return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1 : text.size();
}

// The line endings in text. Counted into a byte 255 bytes at a time, which -O3 does many bytes an
// instruction: eight times std::count's speed (which counts into a size_t a byte at a time).
std::uint32_t count_lines(std::string_view text) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t stop = std::min(text.size(), i + 255);
        unsigned char in_run = 0;
        for (; i < stop; ++i) in_run += text[i] == '\n';
        n += in_run;
    }
    return static_cast<std::uint32_t>(n);
}

}  // namespace

void index_lines(GameChunk& chunk) {
    if (chunk.text.empty()) return;
    std::string text = std::move(chunk.text);
    chunk.text.clear();
    const std::string_view all(text);
    std::vector<std::size_t> starts;
    starts.reserve(text.size() / 24);
    std::uint32_t n = chunk.first_line;
    for (std::size_t at = 0; at < text.size(); ++n) {
        const std::size_t end = line_end(all, at);
        const std::size_t length = raw_line(all.substr(at, end - at)).length;
        if (length > kMaxLineBytes) chunk.overlong.emplace_back(n, length);
        starts.push_back(at);
        at = end;
    }
    if (chunk.overlong.empty()) return chunk.lines.adopt(std::move(text), std::move(starts));
    for (std::size_t i = 0; i < starts.size(); ++i) {  // of an overlong line the start, as from a stream
        const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
        chunk.lines.push(raw_line(all.substr(starts[i], end - starts[i])).text);
    }
}

// Blocks the size of a chunk, up to 64 KiB: a chunk of the usual size takes a few. The small
// chunks of the tests and the fuzzer are cut from blocks as small, so that each does not copy a
// large rest and lines and games cross blocks.
ChunkReader::ChunkReader(std::istream& in, std::size_t chunk_bytes, std::size_t max_chunk_bytes)
    : in_(in), lines_(in), chunk_bytes_(chunk_bytes), max_chunk_bytes_(max_chunk_bytes),
      block_bytes_(std::clamp<std::size_t>(chunk_bytes, 1, std::size_t{64} << 10)) {}

// Appends the stream's next block to text; false at the stream's end or once it fails.
bool ChunkReader::read_block(std::string& text) {
    if (ended_ || !in_) return false;
    const std::size_t had = text.size();
    text.resize(had + block_bytes_);
    in_.read(text.data() + had, static_cast<std::streamsize>(block_bytes_));
    text.resize(had + static_cast<std::size_t>(in_.gcount()));
    ended_ = !in_;
    if (at_start_ && (text.size() >= kByteOrderMark.size() || ended_)) {  // blocks may be smaller
        if (text.starts_with(kByteOrderMark)) text.erase(0, kByteOrderMark.size());  // line 1 starts after it
        at_start_ = false;
    }
    return text.size() > had || !ended_;  // not ended: a whole block was read
}

// Whether the chunk may be cut before the tag line at tag_at: looking back from it, only blank
// lines and comment lines that read stand between it and a line of a game's body (as
// GameReader::feed begins a game there). Where the comment lines among them begin: the lead
// that introduces the game, in both chunks.
std::optional<std::size_t> ChunkReader::lead_before(const std::string& text, std::size_t tag_at) {
    std::size_t lead = tag_at;
    for (std::size_t end = tag_at; end > 0;) {
        const std::size_t nl = end >= 2 ? text.rfind('\n', end - 2) : std::string::npos;
        const std::size_t start = nl == std::string::npos ? 0 : nl + 1;
        const LineReader::Raw raw = raw_line(std::string_view(text).substr(start, end - start));
        switch (kind_of(raw)) {
        case LineKind::Tag: return std::nullopt;  // a tag after tags: the same game
        case LineKind::Body: return tag_before(text, start) ? std::optional(lead) : std::nullopt;
        case LineKind::Comment: lead = start; [[fallthrough]];
        case LineKind::Spaces:
            if (!reads_as_blank(raw)) return std::nullopt;
        }
        end = start;
    }
    return std::nullopt;  // nothing but blanks and comments since the file's start
}

// Whether a game has begun before `at`: always after a cut; in the first chunk, once a tag line
// is found before it (looking from the start once, up to the first tag line).
bool ChunkReader::tag_before(const std::string& text, std::size_t at) {
    while (!tag_seen_ && tags_searched_ < at) {
        const std::size_t end = line_end(text, tags_searched_);
        tag_seen_ = kind_of(raw_line(std::string_view(text).substr(tags_searched_, end - tags_searched_))) == LineKind::Tag;
        tags_searched_ = end;
    }
    return tag_seen_;
}

// The first tag line at or past chunk_bytes_ before which the chunk may be cut, and where its lead
// begins; none among the whole lines read so far (scan_ is then the first not looked at).
std::optional<std::size_t> ChunkReader::find_cut(const std::string& text, std::size_t& lead_from) {
    for (;;) {
        const std::size_t from = std::max(scan_, searched_);
        if (from >= text.size()) return std::nullopt;
        const void* nl = std::memchr(text.data() + from, '\n', text.size() - from);
        if (!nl) {
            searched_ = text.size();
            return std::nullopt;
        }
        const std::size_t at = scan_;
        scan_ = searched_ = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
        if (!positioned_) {  // the line that holds byte chunk_bytes_ - 1 ends here: look from the next
            positioned_ = true;
            continue;
        }
        if (kind_of(raw_line(std::string_view(text).substr(at, scan_ - at))) != LineKind::Tag) continue;
        if (auto lead = lead_before(text, at)) {
            lead_from = *lead;
            return at;
        }
    }
}

// Cuts the chunk before the tag line at tag_at: the next chunk begins with the comments from
// lead_from on (in both chunks) and holds what was read past the cut.
void ChunkReader::hand_on(GameChunk& chunk, std::size_t tag_at, std::size_t lead_from) {
    const std::string_view text(chunk.text);
    GameChunk next(chunk.first_line + count_lines(text.substr(0, lead_from)));
    next.starts_file = false;
    next.lead_lines = count_lines(text.substr(lead_from, tag_at - lead_from));
    next.text.reserve(chunk_bytes_ + 2 * block_bytes_);
    next.text.append(text.substr(lead_from));
    chunk.text.resize(tag_at);
    chunk.cut_after = true;
    following_ = std::move(next);
    tag_seen_ = true;
}

// A chunk that found no place to cut within max_chunk_bytes: it ends with its last whole line,
// and the stream is read on from there a line at a time.
GameChunk ChunkReader::hand_over_open(GameChunk& chunk) {
    const std::size_t nl = chunk.text.rfind('\n');
    const std::size_t end = nl == std::string::npos ? 0 : nl + 1;
    lines_.resume(std::string_view(chunk.text).substr(end));
    chunk.text.resize(end);
    chunk.open = true;
    done_ = true;
    chunk.bytes = chunk.text.size();
    return std::move(chunk);
}

std::optional<GameChunk> ChunkReader::next() {
    if (done_) return std::nullopt;
    GameChunk chunk = following_ ? std::move(*following_) : GameChunk(1);
    following_.reset();
    if (first_) chunk.text.reserve(chunk_bytes_ + 2 * block_bytes_);
    chunk.starts_file = first_;
    first_ = false;
    scan_ = searched_ = chunk_bytes_ == 0 ? 0 : chunk_bytes_ - 1;
    positioned_ = chunk_bytes_ == 0;
    while (at_start_ && read_block(chunk.text)) {}  // a byte order mark goes before any line is looked at
    for (;;) {
        std::size_t lead_from = 0;
        if (auto tag_at = find_cut(chunk.text, lead_from)) {
            hand_on(chunk, *tag_at, lead_from);
            chunk.bytes = chunk.text.size();
            return chunk;
        }
        if (max_chunk_bytes_ != 0 && chunk.text.size() > max_chunk_bytes_) return hand_over_open(chunk);
        if (!read_block(chunk.text)) break;
    }
    done_ = true;
    chunk.bytes = chunk.text.size();
    if (chunk.text.empty() && !chunk.starts_file) return std::nullopt;
    return chunk;
}

}  // namespace ngn
