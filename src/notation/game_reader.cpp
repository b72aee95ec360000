// Groups the lines of a text, a stream or a chunk into games (GameReader), each line read by
// parse_one (line_actions.cpp); the entry points of the reader (parser.hpp).
#include "notation/parser.hpp"

#include "notation/line_actions.hpp"
#include "notation/line_bytes.hpp"

#include <algorithm>

namespace ngn {
namespace {

// Groups lines into games, as a PGN reader does: a tag line after a game's body begins the next
// game, and comment lines just before it belong to it. Fed one line at a time, so the text can
// come from a string or a stream alike.
class GameReader {
public:
    // first_line: the number of the first line fed (a chunk of a file starts past line 1).
    // A chunk's reader: errors_before, those counted before its first line; errors_pending, those
    // the game before it counts only once that line is read (a game too long, see finish_game).
    GameReader(const std::function<void(Game&&)>& on_game, const ParseOptions& options, std::uint32_t first_line = 1,
               std::size_t errors_before = 0, std::size_t errors_pending = 0)
        : on_game_(on_game), options_(options), error_count_(errors_before), errors_before_(errors_before),
          errors_pending_(errors_pending), line_no_(first_line - 1) {}

    // One line without its line ending, and its real length. False once max_errors is reached:
    // read no further.
    bool feed(std::string_view raw, std::size_t length) {
        if (options_.max_errors != 0 && error_count_ >= options_.max_errors) {
            file_.truncated = true;
            return false;
        }
        error_count_ += errors_pending_;  // the chunk before's, counted by it
        errors_before_ += errors_pending_;
        errors_pending_ = 0;
        ++line_no_;
        // Which construct the line is (or tries to be) decides how games are grouped: a line whose
        // first character is '[' is a tag line, read or not (no other line begins so), and a tag
        // line after a game's body begins the next game.
        const std::size_t first = indent_of(raw);
        const bool is_tag = first < raw.size() && raw[first] == '[';
        const bool begins_game = is_tag && (!game_ || has_body_);
        std::optional<SyntaxError> error;
        // The line's text and items are held by the game being read. A line that begins a game
        // is read into the store that game will take (the game before is handed over only once
        // the line is read: handing it over may release the line's bytes). A line that is let go
        // (before any game, or in a game too long to read) holds them only while it is read; a
        // comment line before any game is kept in lead_store_ (hold_lead). The other lines, most,
        // are read in place at the end of their game's lines rather than copied there.
        const bool in_place = game_ && !begins_game && !too_long_;
        Line apart;
        Line& line = in_place ? game_->lines.emplace_back() : apart;
        RecordStore own;
        parse_one(raw, line_no_, length, first, line, error, in_place ? game_->store : own, scratch_);
        if (in_place && error) game_->lines.pop_back();  // `line` is gone: below, only error is read
        if (begins_game) begin_game(std::move(own));
        const bool is_blank = !error && line.is<Blank>();

        if (error) {
            if (game_ && !is_tag) has_body_ = true;
            if (game_) game_->last_line = line_no_;
            if (too_long_) {  // the game is not read: nor are its errors
                dropped_through_ = line_no_;
                return true;
            }
            add_error(std::move(*error));
            if (game_) hold_bytes(std::min(length, kMaxLineBytes));  // of an overlong line only the start is held
            return true;
        }
        if (!game_) {
            if (is_blank) {
                if (line.comment) hold_lead(line, length);
                return true;
            }
            add_error(SyntaxError{line.pos, "expected a tag pair such as [Ruleset \"ironclads\"] to begin a game"});
            return true;
        }
        if (!is_tag && !is_blank) has_body_ = true;
        game_->last_line = line_no_;
        if (in_place)
            hold_bytes(length);  // the line is already the game's
        else
            hold(line, length);
        return true;
    }

    // The lines before n are not this reader's (a chunk's lead, read or not).
    void skip_to(std::uint32_t n) { line_no_ = n - 1; }

    // A comment line that the chunk before handed on (finish): it introduces the first game here,
    // as the comments moved from the end of a game to the next one do (not counted in its size).
    void seed_lead(std::string_view raw) {
        ++line_no_;
        std::optional<SyntaxError> error;
        Line line;
        RecordStore passing;
        parse_one(raw, line_no_, raw.size(), indent_of(raw), line, error, passing, scratch_);
        if (!error && line.is<Blank>() && line.comment) {
            lead_.push_back(with_comment_in(lead_store_, line));
            ++file_.lead_seeded;
        }
    }

    // The last line let go because a game or the comments before one passed max_game_bytes: the
    // stream reader releases the lines up to it from its window. 0 when none.
    std::uint32_t dropped_through() const { return dropped_through_; }

    // next_game_follows: the text goes on with a game's first tag (a chunk cut before it), so the
    // last game ends as it would at that tag, its closing comments handed on to that game.
    FileErrors finish(bool next_game_follows = false) {
        const std::size_t before_finish = error_count_;
        if (next_game_follows && !file_.truncated) {
            ++line_no_;  // as at the tag
            finish_game(true);
            --line_no_;
            file_.lead_handed_on = lead_.size();
            lead_.clear();
            lead_store_ = RecordStore();
        } else {
            finish_game(false);
        }
        file_.errors_at_end = error_count_ - before_finish;
        if (!lead_.empty()) {  // comments with no game: fmt keeps them
            file_.orphan_comments = std::move(lead_);
            file_.orphan_store = std::move(lead_store_);
        }
        file_.error_count = error_count_ - errors_before_;  // this reader's own
        file_.last_line = line_no_;
        return std::move(file_);
    }

private:
    bool over_limit(std::size_t bytes) const { return options_.max_game_bytes != 0 && bytes > options_.max_game_bytes; }

    // A line of the game being read: kept, unless the game is now too long to read (its tags
    // are kept even so, as long as they are the game's first lines).
    void hold(const Line& line, std::size_t length) {
        if (too_long_) {
            dropped_through_ = line_no_;
            return;
        }
        game_->lines.push_back(line);
        hold_bytes(length);
    }
    void hold_bytes(std::size_t length) {
        game_bytes_ += length + 1;
        if (!over_limit(game_bytes_)) return;
        too_long_ = true;  // from here on the game's lines are let go as they come; its tags stay, for its header
        std::vector<Line> tags;
        RecordStore tags_store;  // what the tags hold, and no more
        for (Line l : game_->lines) {
            auto* tag = std::get_if<Tag>(&l.content);
            if (!tag) continue;
            tag->name = tags_store.keep(tag->name);
            tag->value = tags_store.keep(tag->value);
            if (l.comment) l.comment->text = tags_store.keep(l.comment->text);
            tags.push_back(l);
        }
        game_->lines.swap(tags);
        game_->store = std::move(tags_store);
        std::vector<SyntaxError>().swap(game_->errors);
        dropped_through_ = line_no_;
    }
    // A comment line before any game: kept for the next game, unless they have grown too long.
    void hold_lead(const Line& line, std::size_t length) {
        if (lead_dropped_) {
            dropped_through_ = line_no_;
            return;
        }
        lead_bytes_ += length + 1;
        if (!over_limit(lead_bytes_)) {
            lead_.push_back(with_comment_in(lead_store_, line));
            return;
        }
        add_error(SyntaxError{lead_.empty() ? line.pos : lead_.front().pos,
                              "the comment lines from here are more than " + std::to_string(options_.max_game_bytes) +
                                  " bytes long, the limit of a game (--max-game-size): they are not kept"});
        std::vector<Line>().swap(lead_);
        lead_store_ = RecordStore();
        lead_bytes_ = 0;
        lead_dropped_ = true;
        dropped_through_ = line_no_;
    }

    // A comment line (all that a line before a game holds), its text copied into store: a line
    // moved from the game it was read into to the next game.
    static Line with_comment_in(RecordStore& store, Line line) {
        line.comment->text = store.keep(line.comment->text);
        return line;
    }

    // A tag line after the body of a game (or the first), read into store: the game before ends,
    // and the comment lines before this one begin the new game, which takes store.
    void begin_game(RecordStore&& store) {
        finish_game(true);
        game_.emplace();
        game_->store = std::move(store);
        game_->lines.reserve(256);  // most games fit: no regrowth, which moves every line
        game_->first_line = line_no_;
        has_body_ = false;
        for (const Line& l : lead_) game_->lines.push_back(with_comment_in(game_->store, l));
        if (!lead_.empty()) game_->first_line = lead_.front().pos.line;
        lead_.clear();
        lead_store_ = RecordStore();
        game_bytes_ = lead_bytes_;
        lead_bytes_ = 0;
        lead_dropped_ = false;
    }

    void finish_game(bool next_game_follows) {
        if (!game_) return;
        if (too_long_) {
            game_->errors.push_back(SyntaxError{SourcePos{game_->first_line, 1},
                                                "this game is more than " + std::to_string(options_.max_game_bytes) +
                                                    " bytes long, the limit (--max-game-size): it is not read"});
            ++error_count_;
            too_long_ = false;
            if (next_game_follows) game_->last_line = line_no_ - 1;
            on_game_(std::move(*game_));
            game_.reset();
            return;
        }
        // Comment lines after the last content introduce the next game, if there is one and they
        // run unbroken up to its first tag (a line that does not read, after them, is the game's).
        std::uint32_t above = line_no_;  // the next game's first tag
        while (next_game_follows && !game_->lines.empty() && game_->lines.back().is<Blank>() &&
               game_->lines.back().pos.line + 1 == above) {
            above = game_->lines.back().pos.line;
            if (game_->lines.back().comment) lead_.insert(lead_.begin(), with_comment_in(lead_store_, game_->lines.back()));
            game_->lines.pop_back();
        }
        while (!game_->lines.empty() && game_->lines.back().is<Blank>() && !game_->lines.back().comment)
            game_->lines.pop_back();
        // The game's text runs up to where the next game's (its introducing comments included) begins.
        if (next_game_follows) game_->last_line = (lead_.empty() ? line_no_ : lead_.front().pos.line) - 1;
        on_game_(std::move(*game_));
        game_.reset();
    }

    void add_error(SyntaxError e) {
        ++error_count_;
        if (game_)
            game_->errors.push_back(std::move(e));
        else
            file_.errors.push_back(std::move(e));
    }

    const std::function<void(Game&&)>& on_game_;
    ParseOptions options_;
    FileErrors file_;
    std::optional<Game> game_;
    LineScratch scratch_;  // reused from line to line
    bool has_body_ = false;
    std::vector<Line> lead_;  // comment lines waiting for the next game
    RecordStore lead_store_;  // their text, until that game begins
    std::size_t lead_bytes_ = 0, game_bytes_ = 0;  // the text of those, and of the game being read
    bool too_long_ = false;       // the game being read passed max_game_bytes
    bool lead_dropped_ = false;   // the comments before the next game did
    std::uint32_t dropped_through_ = 0;
    std::size_t error_count_ = 0;
    std::size_t errors_before_ = 0, errors_pending_ = 0;
    std::uint32_t line_no_ = 0;  // the line being read
};

}  // namespace

LineResult parse_line(std::string_view line_text, std::uint32_t line_number) {
    return parse_one(line_text, line_number, line_text.size());
}

void for_each_line(std::string_view text, const std::function<void(LineResult&&)>& on_line) {
    std::uint32_t line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        on_line(parse_one(raw, line_no, raw.size()));
    }
}

// ---- games ------------------------------------------------------------------------------------

FileErrors read_games(std::string_view text, const std::function<void(Game&&)>& on_game,
                      const ParseOptions& options) {
    GameReader reader(on_game, options);
    std::size_t pos = 0;
    if (text.substr(0, 3) == kByteOrderMark) pos = 3;  // columns on line 1 start after it
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        if (!reader.feed(raw, raw.size())) break;
    }
    return reader.finish();
}

namespace {

// How a chunk is read: what crosses the cut before it and after it.
struct ChunkReading {
    std::size_t errors_before = 0, errors_pending = 0;  // as read_games (GameChunk&) says
    std::uint32_t lead_lines = 0;  // its first lines, the chunk before's last: comments and blanks
    bool with_lead = true;         // whether those comments introduce its first game
    bool cut_after = false;        // a game's first tag follows its last line
};

// The lines the window holds from first on (each of its real length), then those of rest,
// pushed to the window as they are read: one game reader over both.
FileErrors read_window(LineWindow& window, std::uint32_t first, const std::vector<std::pair<std::uint32_t, std::size_t>>& overlong,
                       LineReader* rest, const std::function<void(Game&&)>& on_game, const ParseOptions& options,
                       const ChunkReading& how = {}) {
    GameReader reader(on_game, options, first, how.errors_before, how.errors_pending);
    if (how.lead_lines != 0) {  // the comments the chunk before hands on, or not
        if (how.with_lead)
            for (std::uint32_t n = first; n < first + how.lead_lines; ++n) reader.seed_lead(window.line(n));
        reader.skip_to(first + how.lead_lines);
        first += how.lead_lines;
    }
    auto release_dropped = [&] {
        if (reader.dropped_through() != 0) window.release_through(reader.dropped_through());  // a game too long is let go
    };
    auto next_long = overlong.begin();
    const std::uint32_t held = window.last();
    for (std::uint32_t n = first; n <= held; ++n) {
        const std::string_view text = window.line(n);
        std::size_t length = text.size();
        if (next_long != overlong.end() && next_long->first == n) length = (next_long++)->second;
        if (!reader.feed(text, length)) return reader.finish();
        release_dropped();
    }
    if (rest) {
        while (auto raw = rest->next()) {
            window.push(raw->text);
            if (!reader.feed(window.line(window.last()), raw->length)) break;
            release_dropped();
        }
    }
    return reader.finish(how.cut_after);
}

}  // namespace

FileErrors read_games(std::istream& in, LineWindow& window, const std::function<void(Game&&)>& on_game,
                      const ParseOptions& options) {
    LineReader lines(in);
    return read_window(window, window.last() + 1, {}, &lines, on_game, options);
}

FileErrors read_games(GameChunk& chunk, const std::function<void(Game&&)>& on_game, const ParseOptions& options,
                      LineReader* rest, std::size_t errors_before, std::size_t errors_pending, bool with_lead) {
    index_lines(chunk);
    if (chunk.open && rest) chunk.lines.compact();  // it reads on: memory holds a game, as for the whole stream
    ChunkReading how{errors_before, errors_pending, chunk.lead_lines, with_lead, chunk.cut_after};
    return read_window(chunk.lines, chunk.first_line, chunk.overlong, chunk.open ? rest : nullptr, on_game, options, how);
}

ParsedFile parse_text(std::string_view text, const ParseOptions& options) {
    ParsedFile out;
    out.file_errors = read_games(text, [&](Game&& g) { out.games.push_back(std::move(g)); }, options);
    return out;
}

std::size_t ParsedFile::error_count() const {
    std::size_t n = file_errors.errors.size();
    for (const auto& g : games) n += g.errors.size();
    return n;
}

}  // namespace ngn
