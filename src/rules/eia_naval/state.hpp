// The eia-naval engine's state and its parts, shared by engine.cpp (the powers, fleets, the
// turn and its sequences), movement.cpp (6.2: movement, interception, transport, blockade,
// ports changing hands) and combat.cpp (6.3: combat, victory, retreat and pursuit). Internal to
// src/rules/eia_naval.
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
#include <vector>

namespace ironlog::rules::eia_naval {

inline RuleRef cite(const char* section) { return RuleRef{"eia-naval", section, ""}; }

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

struct Fleet {
    const Entity* entity = nullptr;
    std::string name;
    int power = -1;  // the side that moves it (a minor's fleet moves with its controller)
    std::string minor;
    int ships = 0;
    Where at;
    bool gone = false;
    // this major power sequence
    int mp = 0;               // movement points spent
    bool done = false;        // its stack has ended its move
    bool may_continue = false;  // interrupted by an interception its side won
    bool retreated = false;
    Where began;  // where it was when the sequence began (6.2.7.1)
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
    // power; none after a tie or before the rolls. The rules' winner beside the one the players
    // named, when their claim named another (reported): the order of fire may follow either.
    AsPlayed<std::optional<int>> wind_winner;
    bool wind_decided = false;
    std::optional<Cause> wind_roll_not_due;  // a roll where the rules give the wind gauge (reported)
    std::map<int, int> losses;        // power -> ships lost (as played)
    std::set<int> rolled;             // powers that made their combat roll
    bool evaded = false;
    bool order_reported = false;  // the harbour defences fired out of turn (said once)
    std::optional<int> winner;        // power; none: a draw, or not decided yet
    bool decided = false;
    bool retreat_done = false;
    std::vector<Fleet*> early_pursuers;  // pursued before the loser retreated (reported)
    ngn::SourcePos pos;

    int ships(int power) const;
    // The side (attacker or defender) a power fights on: its fleets' side, combined allies
    // included; -1 when it has no part in the combat.
    int side_of(int power) const;
    std::vector<Fleet*>& of(int power) { return power == attacker ? att : def; }
    int other(int power) const { return power == attacker ? defender : attacker; }
};

class EiaEngine final : public Engine {
public:
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;
    bool describes_positions() const override { return true; }

private:
    // ---- engine.cpp ----
    Fleet* fleet(const Entity& e);
    Corps* corps_of(const Entity& e);
    void in_step(const char* step, const ngn::Event& e, GameContext& ctx);
    void announce(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void line_not_read(const ngn::Event& e, GameContext& ctx);
    Power* power_of(const Entity& e);
    std::optional<Where> where_of(const ngn::Item& item, GameContext& ctx, const RuleRef& rule);
    std::string where_text(const Where& w) const;
    bool at_war(int a, int b) const;
    bool allied_combined(int a, int b) const;
    // Powers that declared combined movement count as one for interceptions (6.2.3.1.1).
    int bloc(int power) const;
    // Where a bloc stands in 6.1's order: its latest member's place; 100 when Great Britain is in it
    // (its place is its own announcement).
    int bloc_place(int bloc_id) const;
    std::string controller(const std::string& port) const;
    int controller_side(const std::string& port, GameContext& ctx) const;
    bool friendly_port(int power, const std::string& port, GameContext& ctx) const;
    bool blockaded(const std::string& port, int owner, GameContext& ctx) const;
    bool winter() const;
    std::vector<Fleet*> fleets_at(const Where& w, int power);
    bool nelson_with(const std::vector<Fleet*>& fleets) const;
    const ngn::Dice* dice_of(const ngn::Event& e) const;
    std::vector<Fleet*> fleet_list(const ngn::Event& e, std::size_t& i, GameContext& ctx, const RuleRef& rule);
    void start_sequence(Major m, GameContext& ctx, ngn::SourcePos at);
    void land_phase_over();
    void end_sequence(GameContext& ctx, ngn::SourcePos at);
    int phasing_side() const { return phasing_; }
    bool phasing(int power) const;

    // ---- movement.cpp ----
    int step_cost(const Where& from, const Where& to, std::string& problem) const;
    void move(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void intercept(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void port_control(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void leave_port(const ngn::Event& e, Fleet& f, GameContext& ctx);
    void scuttle(const ngn::Event& e, Fleet& f, GameContext& ctx);
    void disembark(const ngn::Event& e, Corps& c, GameContext& ctx);

    // ---- combat.cpp ----
    void attack(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void evade(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void wind_gauge(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void combat_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx, bool harbour);
    void lose(const ngn::Event& e, Fleet& f, GameContext& ctx);
    void result(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void retreat(const ngn::Event& e, const Entity& actor, GameContext& ctx, bool pursuit);
    Cause wind_claim_mistake(const ngn::Event& e, bool automatic, std::optional<int> computed, std::optional<int> said,
                             GameContext& ctx);
    void decide(GameContext& ctx, ngn::SourcePos at);
    void close_combat(GameContext& ctx, ngn::SourcePos at);
    // The nearest ports a beaten stack may retreat to (6.3.5.1), and their distance in MP.
    std::pair<std::vector<std::string>, int> retreat_ports(const Where& from, int power, GameContext& ctx) const;
    void take_losses(std::vector<Fleet*>& fleets, int losses);
    void consolidate(GameContext& ctx);
    Combat* open_combat(GameContext& ctx, const ngn::Event& e);

    std::optional<geometry::AreaMap> map_;
    std::optional<TablePack> tables_;
    bool map_missing_ = false;  // named, but not a file (reported with the header)
    bool map_reported_ = false;
    bool need_map(ngn::SourcePos at, GameContext& ctx);
    std::deque<Power> powers_;  // by side index (a deque: sides declared later keep earlier ones in place)
    // The power of a side index; a blank one (no side) for anything else.
    Power& pw(int side);
    const Power& pw(int side) const;
    std::vector<std::unique_ptr<Fleet>> fleets_;
    std::vector<std::unique_ptr<Leader>> leaders_;
    std::vector<std::unique_ptr<Corps>> corps_;
    std::map<const Entity*, Fleet*> fleet_by_;
    std::map<const Entity*, Leader*> leader_by_;
    std::map<const Entity*, Corps*> corps_by_;
    std::map<std::string, std::string> port_controller_;  // changes of control in the record (port -> side name)

    // where the replay stands
    int month_ = 0;  // 1..12
    std::string phase_, step_;
    Major segment_ = Major::None;
    int phasing_ = -1;   // the side whose sequence it is
    std::vector<Major> order_;  // the sequences played this turn, in order
    // the last move, for interceptions: its stack and where it went
    std::vector<Fleet*> moving_;
    bool moving_retreated_ = false;  // the last stack to move has since retreated or pursued
    Where moving_at_;
    std::string moving_start_port_;  // the port the moving stack sailed from, if it did
    bool moving_into_port_ = false;      // entering a port (no box interception unless asked)
    std::set<std::pair<std::string, int>> tried_;  // (place, power) interceptions tried against the moving stack
    bool intercepted_here_ = false;
    std::set<int> barred_;  // powers whose interceptors lost to the phasing side this sequence (6.2.3.4.2)
    std::vector<std::unique_ptr<Combat>> combats_;
    Combat* combat_ = nullptr;  // the combat being fought
    std::map<Fleet*, int> assigned_;        // ships the record gives each fleet to lose in this combat
    std::set<int> resulted_;                // powers that gave the combat's result
    std::string retreated_to_port_;         // where the loser of this combat went, for the pursuit
    bool retreat_reported_ = false;         // the loser's retreat broke the rules (said once)
    std::set<std::string> attacked_places_;  // evasion success: no other attack in the area
    UnknownVerbs unknown_verbs_;
    static const Verb<EiaEngine> kVerbs[];  // engine.cpp: verb -> handler
};

}  // namespace ironlog::rules::eia_naval
