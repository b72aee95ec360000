// The TBB's hexes (7.2.2: six boards, placed by the table pack's board lines), visibility (7.6)
// and line of sight (7.7).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

Spot TmbvEngine::make_spot(char board, Hex hex) const {
    Spot s{board, hex, hex, true};
    if (board == 0) return s;
    const auto off = tables_ ? tables_->board_offset(board) : std::nullopt;
    if (off) s.grid = Hex{hex.col + off->col, hex.row + off->row};
    s.on_grid = off.has_value();
    return s;
}

std::optional<Hex> TmbvEngine::grid_hex(const Spot& s) const { return s.grid; }

// Two hexes on different boards whose places the table pack does not give cannot be measured.
bool TmbvEngine::boards_unknown(const Spot& a, const Spot& b) const { return a.board != b.board && (!a.on_grid || !b.on_grid); }

void TmbvEngine::say_boards_unknown(GameContext& ctx, ngn::SourcePos at) {
    if (said_boards_) return;
    said_boards_ = true;
    ctx.findings.note(Kind::Unverifiable, cite("7.2.2"), at,
                      "the table pack does not place the TBB's boards (board <letter> <column> <row>): ranges, lines of sight "
                      "and moves from one board to another are not verified");
}

std::optional<int> TmbvEngine::distance(const Spot& a, const Spot& b) const {
    if (boards_unknown(a, b)) return std::nullopt;
    return grid_.distance(*grid_hex(a), *grid_hex(b));
}

// 7.7: a ship (of either side) between the two blocks the line; a line along the edge of two
// hexes is blocked when both hold a ship (or either, with los-edge=either).
std::optional<const Ship*> TmbvEngine::blocker(const Ship& from, const Ship& to) const {
    if (boards_unknown(from.at, to.at)) return std::nullopt;
    auto ship_at = [&](Hex h) -> const Ship* {
        for (std::size_t i = 0; i < grids_.size(); ++i) {
            if (!(grids_[i] == h)) continue;
            const Ship& s = ships_[i];
            if (&s != &from && &s != &to && afloat(s) && !s.place_unknown && !boards_unknown(s.at, from.at)) return &s;
        }
        return nullptr;
    };
    for (const auto& c : grid_.line(*grid_hex(from.at), *grid_hex(to.at))) {
        const Ship* a = ship_at(c.hex);
        const Ship* b = c.other ? ship_at(*c.other) : nullptr;
        if (a && (!c.other || b || los_edge_either_)) return a;
        if (b && los_edge_either_) return b;
    }
    return std::nullopt;
}

// 7.6.1, 7.6.3, 7.7: within the visibility's hexes, the line of sight clear.
bool TmbvEngine::sees(const Ship& a, const Ship& b) const {
    const auto d = distance(a.at, b.at);
    if (!d) return true;  // not measurable: given the benefit of the doubt
    if (visibility_ && *d > *visibility_) return false;
    return !blocker(a, b);
}

// 7.6.4, 7.6.5: the track one impulse on from `from`, by the ships that fired in the impulse
// before, never above the weather's limit; none when it cannot be known.
std::optional<int> TmbvEngine::next_visibility(std::optional<int> from, std::optional<int> written) const {
    if (!from) return std::nullopt;
    const std::optional<int> cap = tables_ ? tables_->visibility_cap(weather_) : std::nullopt;
    int v = *from + (engaged_last_ == 0 ? 1 : engaged_last_ <= 10 ? -1 : -2);
    if (cap) v = std::min(v, *cap);
    const auto track = tables_ ? tables_->visibility_track() : std::nullopt;
    if (track) v = std::clamp(v, track->first, track->second);
    // without the track's ends (printed on the TBB) a fall may stop at its lowest space
    if (!track && written && *written == *from && v < *from) return written;
    if (!track && v < *from && !written) return std::nullopt;
    // without the weather's limit (a Player Aid Chart) a rise may stop at it
    if (!cap && written && *written == *from && v > *from) return written;
    if (!cap && v > *from && !written) return std::nullopt;
    return v;
}

// At the start of each impulse (7.6.4). The record may write it: `impulse 3 visibility 5`. A value
// written against the rules is played on; a later one may follow it or the rules' count.
void TmbvEngine::adjust_visibility(const ngn::Heading& h, GameContext& ctx) {
    std::optional<int> written;
    ngn::SourcePos at = h.label_pos;
    for (std::size_t i = 0; i + 1 < h.args.size(); ++i)
        if (is_word(h.args[i], "visibility") && h.args[i + 1].is<ngn::Number>())
            written = h.args[i + 1].as<ngn::Number>()->as_int(), at = h.args[i + 1].pos;
    const std::optional<int> cap = tables_ ? tables_->visibility_cap(weather_) : std::nullopt;
    if (impulse_ == 1) {  // the track starts at the weather's limit unless the record says otherwise
        if (written && cap && *written > *cap)
            ctx.findings.error(Kind::Illegal, cite("7.6.5"), at, "visibility cannot be above the " + weather_ + " weather's limit",
                               "at most " + std::to_string(*cap), std::to_string(*written));
        visibility_ = written ? written : cap;
        visibility_by_rules_ = visibility_;
        return;
    }
    judged(ctx, "7.6.4"), judged(ctx, "7.6.5");
    const std::optional<int> rules = next_visibility(visibility_, written);
    const std::optional<int> by_rules = visibility_parted_ ? next_visibility(visibility_by_rules_, written) : rules;
    if (written && rules && *written != *rules && by_rules && *written == *by_rules) {
        ctx.findings.excuse(*visibility_parted_, at, "visibility as the rules count it");
    } else if (written && rules && *written != *rules) {
        visibility_parted_ = Findings::cause_of(ctx.findings.error(
            Kind::WrongResult, cite(cap && *written > *cap ? "7.6.5" : "7.6.4"), at,
            counted(engaged_last_, "ship") + " engaged in fire combat in impulse " + std::to_string(impulse_ - 1) + ": visibility " +
                std::to_string(*visibility_) + (engaged_last_ == 0 ? " rises one space" : engaged_last_ <= 10 ? " falls one space" : " falls two spaces") +
                (cap ? " (at most " + std::to_string(*cap) + " in " + weather_ + " weather)" : ""),
            std::to_string(*rules), std::to_string(*written)));
        visibility_by_rules_ = rules;
        visibility_ = written;
        return;
    }
    visibility_ = written ? written : rules;
    visibility_by_rules_ = by_rules;
    if (visibility_by_rules_ == visibility_) visibility_parted_.reset();
}

std::string TmbvEngine::spot_text(const Spot& s, std::optional<int> facing) const {
    std::string out = "#" + (s.board == 0 ? std::string() : std::string(1, s.board) + ":") + geometry::hex::hex_name(s.hex).substr(1);
    if (facing) out += std::string("/") + geometry::hex::facing_name(*facing);
    return out;
}

}  // namespace ironlog::rules::tmbv
