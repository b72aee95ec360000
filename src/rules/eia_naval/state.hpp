// The state of an eia-naval game: the powers, fleets, leaders, corps and the combat under way.
// Data only: engine.hpp declares the engine, whose rules are in engine.cpp (the sequence of
// play), movement.cpp (6.2) and combat.cpp (6.3). Internal to src/rules/eia_naval.
#pragma once

#include "check/as_played.hpp"
#include "check/engine.hpp"
#include "check/verbs.hpp"
#include "geometry/area_map.hpp"
#include "rules/eia_naval/tables.hpp"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog::rules::eia_naval {

inline RuleRef cite(const char* section) { return RuleRef{"eia-naval", section, ""}; }

// A line judged under this case (counted for the generated-play coverage test, GameContext::judged).
inline void judged(const GameContext& ctx, const char* section) { ctx.judged(cite(section)); }

// "1 ship", "3 ships": a count and its noun, for messages.
inline std::string counted(long long n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// The seven major powers; the order of 6.1 (Great Britain announces its own place).
enum class Major { GreatBritain, Russia, Turkey, Austria, Prussia, France, Spain, None };
Major major_named(const std::string& name);
const char* segment_name(Major m);  // "great-britain", "russia" ...

// Where a fleet is: a sea area, a port, or a port's blockade box.
struct Where {
    std::string place;
    bool box = false;
    friend bool operator==(const Where&, const Where&) = default;
};
// As a record writes it: @"Bay of Biscay", @Brest/port, @Brest/blockade (a port when the map says so).
std::string where_text(const Where& w, const geometry::AreaMap* map);

struct Power {
    const Entity* side = nullptr;
    Major major = Major::None;
    std::set<int> war, combined, access;  // side indices
    std::set<std::string> access_names;   // every power it has access to, sides or not (lower case)
    bool dardanelles = false;             // may enter the Dardanelles (6.2.1.3)
    int pp = 0;                           // political points won and lost in the record
    std::string name() const { return side ? side->label() : std::string("a power with no side"); }
};

struct Corps;

// The engine's own fleets, leaders, corps, combats: each at a fixed address (the engine keeps
// pointers to them). Copying the list copies every one (EiaEngine::clone then points the
// copy's pointers at the copies).
template <class T>
struct Owned : std::vector<std::unique_ptr<T>> {
    Owned() = default;
    Owned(const Owned& other) : std::vector<std::unique_ptr<T>>() {
        this->reserve(other.size());
        for (const auto& x : other) this->push_back(std::make_unique<T>(*x));
    }
    Owned& operator=(const Owned&) = delete;
};

struct Fleet {
    const Entity* entity = nullptr;
    std::string name;
    int power = -1;  // the side that moves it (a minor's fleet moves with its controller)
    std::string minor;
    int ships = 0;
    Where at;
    // Removed from the map (its last ships lost, or scuttled): its first line after is one
    // finding, the later ones follow from it (check/as_played.hpp).
    Gone gone;
    bool scuttled = false;  // removed by 6.2.6.1, not by 6.3.6
    // this major power sequence
    int mp = 0;               // movement points spent
    bool done = false;        // its stack has ended its move
    bool ended_by_enemy = false;  // its move ended in a port or box with an enemy fleet there (6.2.4)
    bool may_continue = false;  // interrupted by an interception its side won
    bool retreated = false;
    Where began;  // where it was when the sequence began (6.2.7.1)
    bool no_cause_to_stay = false;  // it began the sequence in a box with no war to keep it there (6.2.7.1)
    // A sequence begun in a blockade box it had to leave (reported): said once while it stays,
    // and a move out of it written as from its port follows from it.
    std::optional<Cause> box_stay;
    // Its last move's path was reported (a place not read, a broken step): where it is stays in
    // doubt, and its next move's first step follows from that finding.
    std::optional<Cause> doubt;
    // It fought a combat in doubt (reported): how many ships it has is the record's to say.
    std::optional<Cause> ships_doubt;
    Corps* carrying = nullptr;
};

struct Leader {
    const Entity* entity = nullptr;
    std::string name;
    int power = -1;
    Where at;
    bool captured = false;
};

struct Corps {
    const Entity* entity = nullptr;
    std::string name;
    int power = -1;
    Where at;            // the port it stands in, or where its fleet is
    Fleet* on = nullptr;  // the fleet transporting it
    bool gone = false;
    bool landed = false;
    bool transportable = true;  // a corps; not guerillas, cossacks, freikorps ... (6.2.5)
};

// A naval combat, from its start (an attack or a successful interception) to its retreat.
struct Combat {
    Where at;
    int attacker = -1, defender = -1;  // powers (side indices)
    std::vector<Fleet*> att, def;
    bool interception = false;
    bool disputed = false;    // opened against the rules or the dice: dropped if nothing of it is played
    Where interceptors_from;  // where the interceptors came from
    bool port = false;  // in a port: harbour defences, the attacker always has the wind gauge
    bool exit_blockade = false;  // blockaded fleets leaving their port: the blockaders have the wind gauge
    bool defender_from_port = false, attacker_from_port = false;  // for 6.3.5.3
    std::optional<int> harbour_roll;  // harbour defences fired (6.3.3.3)
    bool harbour_needed = false;
    std::map<int, int> wind;          // power -> modified roll
    std::map<int, int> wind_of_total; // the same from the total written (a die written against it, reported)
    // power; none after a tie or before the rolls. The rules' winner beside the one the players
    // named, when their claim named another (reported): the order of fire may follow either.
    AsPlayed<std::optional<int>> wind_winner;
    bool wind_decided = false;
    std::optional<Cause> wind_roll_not_due;  // a roll where the rules give the wind gauge (reported)
    std::map<int, int> losses;        // power -> ships lost (as played)
    std::set<int> rolled;             // powers that made their combat roll
    bool evaded = false;
    bool evasion_barred = false;  // an evasion tried where the rules bar it (reported)
    bool order_reported = false;  // the harbour defences fired out of turn (said once)
    std::optional<int> winner;        // power; none: a draw, or not decided yet
    bool decided = false;
    bool retreat_done = false;
    std::vector<Fleet*> early_pursuers;  // pursued before the loser retreated (reported)
    std::optional<Cause> early_cause;    // that finding: a retreat never written follows from it
    std::optional<Cause> order_cause;    // a roll out of the wind gauge's order (reported): the first roll may be left out
    // A line of this combat left out of the record, or the interception that began it against the
    // rules (reported): its figures are the record's from there on.
    std::optional<Cause> doubt;
    ngn::SourcePos pos;

    int ships(int power) const;
    // The side (attacker or defender) a power fights on: its fleets' side, combined allies
    // included; -1 when it has no part in the combat.
    int side_of(int power) const;
    std::vector<Fleet*>& of(int power) { return power == attacker ? att : def; }
    int other(int power) const { return power == attacker ? defender : attacker; }
};


}  // namespace ironlog::rules::eia_naval
