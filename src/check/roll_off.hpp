// A roll-off: every side throws one die, the lowest throw wins, and a tie is thrown again
// (Ironclads' initiative, late19c's who moves first). One round at a time; a throw whose die
// cannot be read (already reported) still counts as the side's throw.
#pragma once

#include <map>
#include <optional>
#include <vector>

namespace ironlog {

class RollOff {
public:
    // The side's throw; none when its die cannot be read. False when the side has already thrown
    // this round (the later throw counts).
    bool add(int side, std::optional<int> face) {
        const bool first = !throws_.count(side);
        throws_[side] = face;
        return first;
    }
    bool thrown(int side) const { return throws_.count(side) > 0; }
    bool empty() const { return throws_.empty(); }
    bool complete(std::size_t sides) const { return throws_.size() >= sides; }
    // Every throw of the round could be read.
    bool readable() const {
        for (const auto& [side, face] : throws_)
            if (!face) return false;
        return true;
    }
    // The sides that threw lowest: one wins; more tie, and throw again. Of a complete, readable round.
    std::vector<int> lowest() const {
        std::vector<int> out;
        std::optional<int> low;
        for (const auto& [side, face] : throws_) {
            if (!face) continue;
            if (!low || *face < *low) low = face, out.clear();
            if (*face == *low) out.push_back(side);
        }
        return out;
    }
    void clear() { throws_.clear(); }

private:
    std::map<int, std::optional<int>> throws_;  // side -> its die, in the order of the sides
};

}  // namespace ironlog
