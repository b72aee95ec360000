// The late19c engine's game state and its parts, shared by engine.cpp (the order of battle,
// the turn, tiles, hits, exhaustion), land.cpp (movement, fire, close combat) and naval.cpp
// (guns, torpedoes, ship movement). Internal to src/rules/late19c.
#pragma once

#include "check/as_played.hpp"
#include "check/engine.hpp"
#include "check/verbs.hpp"
#include "check/lookahead.hpp"
#include "check/roll_off.hpp"
#include "rules/late19c/battlefield.hpp"
#include "rules/late19c/tables.hpp"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog::rules::late19c {

// ---- citations: the book has no numbers; rules are cited by part, heading and letter -------------
inline RuleRef cite(std::string section) { return RuleRef{"late19c", std::move(section), ""}; }
inline RuleRef land(const char* heading) { return cite(std::string("Land/") + heading); }
inline RuleRef naval(const char* heading) { return cite(std::string("Naval/") + heading); }

// A playing-card tile: Ace to King, then Hearts, Clubs, Diamonds, Spades.
struct PlayingCard {
    int rank = 0;  // 1 (Ace) .. 13 (King)
    int suit = 0;  // 0 Hearts, 1 Clubs, 2 Diamonds, 3 Spades
    std::string text;
    int order() const { return rank * 4 + suit; }
};
std::optional<PlayingCard> read_card(const ngn::Item& item);

// A hit waiting for its resolution roll.
struct PendingHit {
    std::optional<Weapon> row;  // against a ship: the row of the table; none when the book gives none
    bool land_fire = false;     // fire of land units or small arms (against a unit: the quality table)
    bool disputed = false;      // from fire whose claim disagreed with the dice (already reported)
    bool mine = false;          // from a minefield the ship moved through
    bool unplaced = false;      // the firer's or the target's place is in doubt: where the shot fell is the record's word
    std::uint32_t line = 0;
};

struct Piece {
    const Entity* entity = nullptr;
    std::string name;
    bool ship = false;
    // a land unit
    UnitType type = UnitType::Infantry;
    ArtilleryClass artillery = ArtilleryClass::None;
    std::optional<Quality> quality;
    // a ship
    ShipType ship_type = ShipType::Gunboat;
    int main_guns = 0, secondary_guns = 0;
    bool tubes = false, trainable = false;

    int initial = 0;   // SP (units) or FP (ships) when the battle began
    int strength = 0;  // now
    std::optional<Hex> hex;
    int facing = 0;
    // Destroyed or sunk: no further part; its first act after is one finding, its later acts and
    // fire at it follow from that one (check/as_played.hpp).
    Gone gone;
    std::uint32_t last_point_line = 0;  // the line that took its last SP or FP (it sinks after the firing)
    bool sinking = false;   // FP 0: it still fires this turn, then sinks
    // After a wrong claim of FP lost, the FP the rules leave (the ship plays on as claimed): a
    // ship sunk by the claim that the record goes on to use shows the claim was a slip.
    std::optional<int> rules_strength;
    std::optional<Cause> strength_parted;  // the wrong claim that parted them (reported)
    MistakeIn unrecorded_fire;  // a hit roll showed a fire the record leaves out (reported), this turn
    int unrecorded_loss = 0;  // the most FP (SP) hits left unresolved (a finding) may have cost: it may have sunk (been destroyed)
    // A line of this piece that could not be read (a finding): a move (where it is, then, is not
    // known until it next moves) or a hit roll (its hits may be resolved by it).
    // Where it is is not known (a ship's move not read; a land unit's move left out, its hits
    // left unresolved, its place found wrong): nothing is judged by its place till it next moves.
    std::optional<Cause> whereabouts_unknown;
    std::optional<Cause> position_doubted;  // a range by it found too long (reported): a move may be left out
    MistakeIn unread_hit;  // a hit roll of it not read, this turn
    bool broke_off = false; // at the Critical Point: it leaves the battle
    int broke_off_turn = 0;

    std::optional<Cause> fate_unknown;  // a unit's hits left unresolved (reported): it may have lost SP or been destroyed
    int loss_settled = 0;               // of its SP (FP), those an exhaustion claim showed lost by them (as played)
    bool tile_doubted = false;          // its tile and another's were the same card (reported): its place in the order is not judged
    int looked_ahead = -1;              // the turn a move of it left out was looked for
    bool trench_holder = false;  // set up in a trench (holding it, not crossing it)
    int stopped_in = -1;         // the turn it entered a river or trench: its next move is 1 hex out
    int torpedoes_fired = 0;
    int traded_move = 0, traded_main = 0, traded_secondary = 0;
    Piece* towing = nullptr;
    Piece* towed_by = nullptr;
    std::string pending_tow;  // a towing argument waiting for its unit to be declared
    ngn::SourcePos pending_tow_pos;

    // targets fired at this turn and the previous one (for "the same target")
    std::set<std::string> targets_now, targets_before;

    // this turn
    std::optional<PlayingCard> tile;
    bool tile_removed = false;
    bool moved = false;
    bool moved_before = false;  // moved in the previous turn (option ship-still=last-turn)
    int hexes_moved = 0;
    bool move_on_road = false;
    bool fired = false;
    bool fired_main = false, fired_secondary = false, fired_torpedo = false;
    bool stays = false;  // limbering, unlimbering or working wire: it may not move this turn
    int close_combats = 0, close_combats_allowed = 1;
    bool can_advance = false;
    std::optional<Hex> vacated;  // the hex of the enemy it beat, to advance into
    std::optional<Cause> vacated_doubt;  // that enemy's place was in doubt (a line left out, reported)
    std::vector<PendingHit> hits;
    int last_loss = 0;  // FP lost by its last hit, which it may trade off

    bool on_map() const { return !gone && hex.has_value(); }
    // A ship breaking off only because of a wrong claim, that the record goes on to fire with: the
    // claim was a slip, and the ship has the FP the rules give.
    bool whole_by_rules(int critical, Findings& findings, ngn::SourcePos pos) {
        if (!broke_off || rules_strength.value_or(0) <= critical) return false;
        if (strength_parted) findings.excuse(*strength_parted, pos, name + " plays on with the FP the rules give, above its Critical Point");
        strength = *rules_strength;
        rules_strength.reset();
        broke_off = false;
        return true;
    }
    // A ship sunk only by a wrong claim, used again by the record: back, with the FP the rules give.
    bool afloat_by_rules(Findings& findings, ngn::SourcePos pos) {
        if (!ship || !(gone || sinking) || rules_strength.value_or(0) <= 0) return false;
        if (strength_parted) findings.excuse(*strength_parted, pos, name + " is afloat with the FP the rules give");
        strength = *rules_strength;
        rules_strength.reset();
        gone.clear();
        sinking = false;
        return true;
    }
    int side() const { return entity->side; }
    int move_allowance() const;
    int guns(bool main) const { return main ? main_guns - traded_main : secondary_guns - traded_secondary; }
    std::string what() const;  // "infantry", "armoured cruiser"
};

// The readings a record chooses where the book is silent (docs/rules/late19c.md, "Options").
struct Readings {
    bool front_narrow = false;      // frontage=narrow: only the facing edge is the front
    bool failed_hit_loses_one = false;  // failed-hit=lose-1
    bool uphill_twice = false;      // uphill=twice
    bool mg_any = false;            // mg-dice=any
    bool torpedo_any = false;       // torpedo-dice=any
    bool ship_still_last_turn = false;  // ship-still=last-turn
};


// The engine's own pieces, each at a fixed address (the engine keeps Piece* to them). Copying
// the list copies every piece (Late19cEngine::clone then points the copy's Piece* at the copies).
struct PieceList : std::vector<std::unique_ptr<Piece>> {
    PieceList() = default;
    PieceList(const PieceList& other) : std::vector<std::unique_ptr<Piece>>() {
        reserve(other.size());
        for (const auto& p : other) push_back(std::make_unique<Piece>(*p));
    }
    PieceList& operator=(const PieceList&) = delete;
};

// "1 hit", "2 hits": a count and its noun, for messages.
inline std::string counted(long long n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// "#0405" for messages.
std::string hex_text(Hex h);

// Small helpers of the engine's messages and claims.
std::string signed_text(int v);                                           // +2, -1, +0
void add_working(std::string& working, int value, const std::string& why);  // "+2 direct line of sight, -1 ..."
// The hits a claim gives: "hit" (1), "miss" or "none" (0), or a number ("2 hits"); none when
// the claim says none of these. Other words are reported against `rule`.
std::optional<int> claimed_hits(const ngn::Event& e, const RuleRef& rule, Findings& findings);
// A landing written in a claim: on (the target hex), front, behind, none. -1 is none.
std::optional<int> landing_word(const std::string& lower_word);

}  // namespace ironlog::rules::late19c
