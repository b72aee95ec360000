// The state of a battle on the Tactical Battle Board (7.0), data only: the ships with their
// counters and markers, the formations, and where the impulse sequence stands.
#pragma once

#include "check/as_played.hpp"
#include "check/symbols.hpp"
#include "geometry/hex.hpp"
#include "rules/tmbv/manifest.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ironlog::rules::tmbv {

using geometry::hex::Hex;

// A hex of the TBB as a record writes it: its board (A to F, or 0 for one board) and the hex; and
// where it stands in the one grid of all six boards, when the table pack places its board.
struct Spot {
    char board = 0;
    Hex hex;
    Hex grid;             // hex plus its board's offset (7.2.2)
    bool on_grid = true;  // false: a board the pack does not place
    friend bool operator==(const Spot& a, const Spot& b) { return a.board == b.board && a.hex == b.hex; }
};

struct Formation {
    const Entity* entity = nullptr;
    std::string shape;  // line-ahead, line-abreast, flying-wedge
    int side = -1;
    struct Ship* flagship = nullptr;
    bool activated = false;  // this impulse (7.5.1-7.5.4)
    // its ships were played alone while the rules keep it a formation (reported): so they are from then on
    std::optional<Cause> played_apart;
    // its flagship sunk, its ships were still played as a formation (reported): so they are from then on
    std::optional<Cause> played_flagless;
};

struct Ship {
    const Entity* entity = nullptr;
    std::size_t index = 0;  // in the engine's list of ships (and of their hexes)
    mutable int ma_kept = 0;                // its MA after its hits as played, worked out ...
    mutable std::uint64_t ma_kept_at = 0;   // ... when the engine's count of hits changes stood at this
    int side = -1;
    const ManifestShip* manifest = nullptr;  // null: the manifest lacks it (or none was named)
    Formation* formation = nullptr;          // null: out of command (7.4.3)
    bool flagship = false;
    bool independent = false;     // declared out of command by its player (7.4.3, 13.2.1), for the battle
    bool out_of_command = false;  // this impulse: independent, or out of sight of its flagship when its formation activated (7.4.3)
    bool placed = false;
    std::optional<Cause> unplaced;  // its place could not be read, or was not given (reported): its lines are excused
    Spot at;
    int facing = 0;
    AsPlayed<int> hits;  // hull boxes crossed off (7.8.7)
    int start_hits = 0;  // a campaign's battle: crossed off before it (declared `hits N`)
    // Sunk (7.8.7), as played: its first act, or fire or ram at it, after is one finding, the later
    // ones follow from it (check/as_played.hpp). `if (s.sunk)`: it has sunk.
    Gone sunk;
    std::optional<Cause> sunk_by_claim;  // sunk only by a claim the rules did not give (reported)
    std::optional<Cause> afloat_by_claim;  // its hits sank it, the claim left the sinking out (reported): played on, excused
    bool taken_as_sunk = false;          // the record names it no more: played as sunk (reported)
    bool diw = false;     // Dead in the Water (7.3.1)
    bool turned = false;  // ended its last move with a turn (7.3.4)
    // the optional rules' state (14.1, 14.2)
    bool on_fire = false, bridge = false, rudder = false, not_ready = false;
    int fire_rolled = 0, rudder_rolled = 0;         // the impulse of the last end-of-impulse roll
    std::optional<ngn::SourcePos> critical_due;     // an attack damaged it: its critical-hit roll comes next
    std::optional<Cause> critical_unsure;           // ... or did by one count of its hits only (parted, reported): the roll may be left out
    std::optional<Cause> critical_claim;            // its critical hit is one claimed against the die (reported)
    std::optional<Cause> critical_missing;          // its critical-hit roll was left out (reported): what it gave shows later
    std::optional<Cause> hits_missing;              // an attack on it was left out or not read (reported): hits it took may show later
    const Formation* relayed_for = nullptr;         // a dispatch ship's flagship this impulse (14.4)
    // in a line-ahead's activation (7.4.4): where it stood, the hexes it entered, its move line, and
    // whether that move showed a mistake of its own
    Spot line_start;
    int line_facing = 0;
    std::vector<Spot> entered_now;
    ngn::SourcePos move_pos;
    bool move_faulted = false;
    std::optional<Cause> left_line;  // it left its line's path (reported): out of it as the players kept it
    bool place_unknown = false;  // its last move's last hex could not be read: nowhere till it moves again
    std::optional<Cause> doubt;  // its last move showed a mistake: its place is the record's, in doubt till a move reads clean
    // this impulse
    bool activated = false;
    bool order_said = false;  // a finding on its place in the order of activation (said once an impulse)
    bool in_chain = false;    // linked to its flagship when its formation activated: it activated with it (7.4.2)
    bool fired = false;
    bool fired_upon = false;  // by an earlier activation phase of this impulse (7.8.5)
    bool targeted = false;    // by the activation under way
    bool moved = false;
    int mp_spent = 0;
    bool started = false;     // rolled its DIW start-up this impulse (7.3.10)
    std::optional<Spot> ram_pending;  // entered an enemy's hex: a ram must follow (7.3.9)
    std::optional<ngn::SourcePos> ram_move_pos;

    std::string label() const { return entity->label(); }
};

// The campaign's Turn Start Phase (5.0) and what it leaves for the turn: the weather (5.1), the
// FMLs (6.1.1, 13.1) and who has the initiative (5.3), as played.
struct TurnStart {
    int turn = 0;
    std::optional<std::string> weather = std::string("clear");  // 5.1.1; none when not known
    std::optional<std::string> weather_other;  // the Weather Table's, after a weather claimed against it: a later line may follow it
    std::vector<std::optional<int>> fml;  // by side; none when not known
    // by side: the other reading after one FML said wrong (the players' or the rules'), moved with
    // it by the track, till a written FML says which the players kept
    std::vector<std::optional<int>> fml_other;
    std::vector<std::string> fml_why;     // by side: where its FML comes from, for a finding ("2 at set-up (13.1.1); +1 in turn 2 ...")
    int initiative = -1;                  // this turn's holder (-1: not known, or not yet decided)
    int initiative_before = -1;           // last turn's (5.1.2: it rolls for the weather)
    // the open segment of the turn-start phase: "weather", "random-event", "initiative", or ""
    std::string segment;
    ngn::SourcePos segment_pos;
    int weather_rolls = 0;
    std::vector<std::uint32_t> drew;                 // by side: the line of its draw this segment, 0 none
    int draw_stood_for = -1;  // a side whose draw a double draw of the other's was taken as (reported), till its own comes
    std::vector<std::optional<int>> totals;          // by side: this round's initiative total
    std::vector<std::optional<int>> rules_totals;    // by side: the same with the rules' modifiers, where one was said wrong
    std::vector<std::uint32_t> rolled;               // by side: the line of its roll this round
    bool decided = false;                            // this segment's initiative is decided
    int claimed_on_tie = -1;                         // a winner claimed on a tie (one finding): the players' if they roll no more
    int initiative_other = -1;                       // the winner by the totals, where the claim named the other: impulse 1 says which was played
    std::string tie;                                 // the totals of the last tie, rolled again ("Austria 7, Italy 7")
    // what the phase's segments left out, said at the phase's end if it holds any line (bare
    // headings are an outline of the sequence, not a turn start played)
    struct Missing {
        ngn::SourcePos at;
        const char* section;
        std::string message;
    };
    std::vector<Missing> missing;
    int phase_lines = 0;
    // 5.2.3: the event markers carried out, out of the cup: (owner side, marker) -> the line
    std::map<std::pair<int, std::string>, std::uint32_t> events_out;
    std::vector<std::string> events_done;  // what each did, for `ironlog state`
    bool said_no_weather_table = false, said_no_rating = false, said_no_fml = false, said_events = false;
};

// A fleet of the campaign (6.3): where it is and what it has done this turn (6.1, 6.2).
struct CampaignFleet {
    const Entity* entity = nullptr;
    std::string type;         // "main", "battle", "support", "reserve"; "" when not written
    bool admiral = false;     // the side's admiral sails with it (6.1.2, 6.3)
    std::string area, box;    // its place (box: "port", "at-sea", "blockade", "bombard", "" for an area without boxes)
    bool placed = false;      // its place is known
    std::vector<const Entity*> ships;  // the ships declared in it (6.3)
    // this turn
    std::optional<bool> began_at_sea;  // 6.1.4; none when its place is not known
    int attempts = 0;          // mobilization attempts (6.1.2)
    int mobilized_on = 0;      // the attempt that mobilized it (1-3); 0 not mobilized
    int allowed = 0;           // activations it may perform (6.2.1)
    int activations = 0;
    int activated_in = 0;      // the impulse of its last activation
    std::uint32_t flipped = 0; // the line that flipped it to its activated side, 0 not flipped
    std::string flipped_why;
    int with = -1;             // the admiral's fleet it mobilized with (6.1.5), by index
    bool with_refused = false;  // named in a `with` it could not join (said there): its own mobilization or activation undoes it
    // a check's result claimed against its roll (said there): the impulse and the rules' result; the
    // fleet's next line may show that the players went by the roll
    int disputed_in = 0;
    bool disputed_passed = false;
    int last_cost = 0;         // the VP difference of its last failed attempt; -1 when its roll was not read
    int last_cost_written = 0; // the same by its modifiers as written (a wrong one is its own finding)
    int last_cost_other = -1;  // the same by the FML's other reading; -1 none
    bool mission = false;      // placed On Station (6.4.6)
    // a finding on its mobilize or activate line, and the impulse: a move of another fleet of its
    // area next may show that line's name was the slip
    std::optional<Cause> activation_said;
    int activation_said_in = 0;
    int mp_spent = 0, mp_impulse = 0;  // the MP spent in its activation of that impulse (6.4.2)
    std::vector<std::pair<const Entity*, const Entity*>> tows;  // a DIW ship and the ship that tows it (6.6)
    int said_diw = 0;                  // the turn a DIW ship not in tow was said for it (6.6, 8.1.6)
    // an activation from a Port box, said when the fleet's next move shows whether a move was left out (6.2.4)
    struct LeftIn {
        ngn::SourcePos pos;
        std::string why;
    } left_in;
    int stop_impulse = 0;              // the impulse whose move an enemy fleet ended (6.4.9, 6.4.10), 0 none
    const char* stop_case = nullptr;
    std::string stop_why;
    std::string marker;        // "Low Fuel" or "Low Fuel and Ammo" (8.1.3, 8.1.4); "" none
    int fought_on = 0;         // the turn of its last battle, whose marker it got (7.9.6)
    int battle_unwritten = 0;  // the turn its area's battle was due and not written (reported): it may have fought
    std::uint32_t returned = 0;  // its line in this Return to Port Phase, 0 none
    std::uint32_t compelled = 0; // the battle line that compels it to leave its area this turn (7.9.2, 7.9.5), 0 not
    // it had to return and the record has no line for it (reported): it is in a friendly port that
    // the record's next line placing it names (home_unwritten)
    std::optional<Cause> port_unwritten;
    // its return named a port the rules did not allow (reported): the rules' nearest port, which its
    // next move may start from instead
    std::string port_other;
    std::optional<Cause> port_other_why;
    int med_impulse = 0;         // the impulse whose move took it into or through the Mediterranean (6.7.2)
    std::string med_area;        // that area's name
    // a ship of it returned alone from the Mediterranean, its drop left out (reported), in this turn
    std::optional<Cause> drop_left_out;
    int drop_left_out_turn = 0;
    std::uint32_t emptied = 0;   // the line that sank its last ship (6.3.5), 0 while it has one
    bool said_sunk = false;      // an operation of a fleet whose ships all sank was reported (6.3.5)

    std::string label() const { return entity->label(); }
};

// A ship of the campaign as its battles left it, as played (7.9, 12.1): hull boxes crossed off, sunk.
struct CampaignShip {
    // hull boxes crossed off: a count said wrong (a battle's hits, a repair; reported) leaves the
    // rules' count beside the players', and a later line may follow either (Readings, "A number
    // said wrong"); `hits.played()` is the count play goes on from
    AsPlayed<int> hits;
    std::uint32_t sunk = 0;  // the line that sank it (its battle's, its weather damage roll, a battery's shot...), 0 afloat
    bool sunk_in_battle = false, scuttled = false;
    int weather_rolled = 0;  // the turn of its last weather damage roll (11.1)
    int repaired = 0;        // the turn of its last repair (11.2)
    bool damage_known = true;  // false after a battle not replayed: its hits are the players' from then on
    bool diw_marker = false;   // its TBB DIW marker (7.3.1) was on as its last battle ended, till it is home (campaign-diw=marker)

    // `n` hits more (or fewer) on both readings
    void add_hits(int n) { set_hits(hits.played() + n, hits.rules() + n, hits.cause()); }
    // the two readings as they now stand; `why` the finding that parted them, if they differ
    void set_hits(int played, int rules, std::optional<Cause> why) {
        if (std::max(0, played) == std::max(0, rules) || !why) hits.agree(std::max(0, played));
        else hits.part(std::max(0, rules), std::max(0, played), *why);
    }
    // whether it is damaged by either reading, or by both
    bool damaged_by_either() const { return hits.played() > 0 || hits.rules() > 0; }
    bool damaged_by_both() const { return hits.played() > 0 && hits.rules() > 0; }
};

// The Operations Phase (6.0) as played: whose impulse it is, the passes, the fleets, the VP paid.
// 6.5: a move that entered an area held by enemy fleets, stopped there while the enemy decides,
// and the interception rolls made against it.
struct Interruption {
    int mover = -1;                // the moving fleet
    std::string area, box;         // where its move stopped, and in which box
    ngn::SourcePos went_on;        // a step after it on the same line (line 0: none)
    std::vector<int> tried;        // the fleets that have rolled to intercept it (6.5.3: once each)
    bool all_or_nothing = false;   // one roll stood for all of them (6.5.3)
    int waiting = -1;              // the intercepting fleet whose roll awaits the moving fleet's die
    std::optional<int> waiting_total;  // its modified roll, as played; none when not read
    int waiting_rules = 0;             // the same with the rules' modifiers
    ngn::SourcePos waiting_at;
};

// A port's coastal battery as play left it (9.2.4, 9.3, 11.2.5).
struct PortState {
    int hits = 0;
    int captured_by = -1;  // the side whose army landed there (9.3), -1 none
    bool hits_known = true;  // false after a shot at it left out (reported): its repairs are the players'
    int held_as_played = -1;  // a side that repaired it though not its port (reported): its later repairs follow from that
    int repaired_on = 0;   // the turn of its battery's last repair (11.2.5)
    int ships_turn = 0, ships_repaired = 0;  // the ships it repaired in that turn (11.2.1)
};

// The Bombardment Phase under way (9.0-9.2): the fleet whose mission it is, and the ship whose
// two shots (its own at the port, the battery's at it) are being written.
struct Bombardment {
    bool open = false;
    int fleet = -1;
    int last_side = -1;           // the side of the last mission (9.1.2)
    std::vector<int> done;        // fleets whose missions are over
    const Entity* ship = nullptr;
    ngn::SourcePos bombard_at, battery_at;  // its two shots' lines (line 0: not yet)
    std::set<const Entity*> fired;  // ships that bombarded this phase (one round, 9.0)
    std::set<int> refused;          // fleets said to have no mission here (9.0): once each
    std::optional<std::pair<int, Cause>> said_wrong;  // the last shot's hits by the table, where its claim was said wrong
};

// A ship outside any fleet, in the "To the Mediterranean" area (6.4.5, 6.7.1).
struct LoneShip {
    const Entity* ship = nullptr;
    std::string area;
    std::uint32_t returned = 0;  // its line in this Return to Port Phase (8.1.7), 0 none
    std::optional<Cause> port_unwritten;  // its return was left out (reported): in a port the record does not name
};

struct Operations {
    std::vector<CampaignFleet> fleets;
    std::vector<LoneShip> lone;
    std::map<std::string, PortState> ports;  // by the port's area, lower case
    Bombardment bombardment;
    bool said_no_port = false, said_no_bombardment_table = false, said_no_bombardment_results = false, said_army = false;
    std::vector<Interruption> interruptions;  // this impulse's (6.5)
    bool said_no_interception = false, said_interception_results = false;
    int impulse = 0;            // the impulse open, 0 outside the phase
    int first_side = -1;        // whose impulse 1 is: the initiative's (6.0)
    int first_other = -1;       // the other first side, where the initiative was claimed wrong or an impulse's side was: ...
    int first_other_at = 0;     // ... the first line of a later impulse than this one says which the players went by
    int acted = -1;             // the fleet (or admiral's group) that acted in this impulse, -1 none
    bool passed = false;        // this impulse's player passed
    int lines = 0;              // this impulse's lines
    std::uint32_t turn_line = 0;  // the line of this turn's heading
    std::vector<std::pair<int, ngn::SourcePos>> transferred;  // fleets ships joined or left before impulse 1 (6.3.6), the last line
    int passes_in_row = 0;      // consecutive passes (6.2.4)
    int ended_at = 0;           // the impulse after which both players had passed, 0 not ended
    int retry = -1;             // the fleet whose failed attempt may be tried again on the next line (6.1.2)
    int taken_leader = -1;      // this impulse's admiral's fleet taken as activated without its line
    std::uint32_t retry_line = 0;
    std::vector<int> vp_paid;   // by side: VP paid for attempts and activations this game
    std::vector<int> vp_won;    // by side: VP won in battles (12.1 per occurrence, 7.9.3) this game
    std::vector<std::optional<int>> vp;  // by side: the VP track (12.1) as played; none when not known (a record from mid-game, till a vp line)
    std::vector<int> vp_gained;  // by side: VP gained this turn (6.1.1: the FML rises a level per 10)
    // by side: the other reading of the track after one disputed number (a cost or a winner said
    // wrong): the players' next total may follow either; the one it follows is kept
    std::vector<std::optional<int>> vp_other;
    std::vector<int> gain_other;   // by side: how the VP gained this turn differ in vp_other's reading
    std::vector<int> gain_offset;  // by side: the players' totals' difference from the track's this turn (6.1.1)
    // by side: a total's difference from the track's, and its turn, when reported: the same
    // difference again the next turn is that mistake carried on (a gain each turn the track lacks)
    std::vector<std::pair<int, int>> vp_drift;
    int tallied_turn = 0;          // the turn whose Victory Phase heading raised the FMLs for VP
    std::vector<int> gained_at_tally;                  // by side: the VP gained that turn, counted at the heading
    std::vector<std::optional<int>> fml_before_tally;  // by side: the FML before its rise for VP
    std::vector<std::optional<int>> other_before_tally;  // by side: its other reading then (a wrong FML said before)
    std::map<const Entity*, CampaignShip> ship_state;  // the ships the battles touched
    std::vector<std::string> contested;  // areas where both sides' fleets stood as the Operations Phase ended (7.0)
    std::vector<std::string> may_fight;  // the same in the Mediterranean, where a battle is fought if a player wants one (6.7.5)
    std::vector<std::string> fought;     // areas whose battle was recorded this turn
    bool in_combat = false;       // the Tactical Combat Phase is open (7.0)
    bool in_weather_damage = false;  // the Weather Damage Segment is open (11.1)
    ngn::SourcePos weather_damage_at;
    std::vector<Cause> rolled_for_another;  // this segment: rolls by undamaged ships (said), each perhaps a damaged one's, its name said wrong
    bool said_no_weather_damage = false;
    // the Reinforcement Segment (11.2 as printed)
    int support_arrived = 0;      // the turn the Austrian Support Fleet arrived (11.2.1 a), 0 not yet
    int reserve_released = 0;     // the turn the Italian Reserve Fleet was released (11.2.2 a), 0 not yet
    // the turn a roll that brought the fleet was claimed a failure (reported): the fleet's next line
    // may follow the roll (the Support Fleet declared, the Reserve Fleet mobilized)
    int support_by_roll = 0, reserve_by_roll = 0;
    std::uint32_t roma_paid = 0;  // the line that paid the Roma's price (14.5), 0 not yet
    int roma_hits = 0;            // the hits it joins with, as played (14.5)
    bool roma_declared = false;   // its ship declared after that line
    const Entity* roma_ship = nullptr;  // the Roma as declared, for the hits its line puts on it later (roma-joins=at-set-up)
    bool roma_sailed_unpaid = false;    // its fleet left port before the price was paid (said once, roma-joins=at-set-up)
    bool roma_refused = false;    // a roma line without the optional rule (said there): its ship is not said again
    int reinforce_rolled[2] = {0, 0};  // by side: the turn of its last reinforcement roll
    std::optional<ngn::SourcePos> reinforcement_at;  // an open Reinforcement Segment's heading
    std::set<std::string> unknown_fleets;  // fleet names ships were declared in, not declared (said once each)
    std::vector<int> arrived;          // fleets declared during play whose make-up is judged at the next heading (6.3)
    bool taranto_bombarded = false;  // an Austrian fleet stood in Taranto's Bombard box in a Bombardment Phase (11.2.2 a)
    int blockades_scored = 0;     // the turn whose blockades' VP are on the track (10.0)
    bool gains_unknown = false;   // a battle's VP this turn are not known: the FMLs' rise for VP is not either (6.1.1)
    bool said_no_rating = false, said_no_fml = false;
    std::vector<bool> admiral_unknown;  // by side: the set-up placed its admiral in no fleet (13.1.1, 13.1.2)
    bool make_up_judged = false;  // the fleets' make-up is judged once, at set-up
    bool in_return = false;       // the Return to Port Phase is open (8.0)
    int phase_at = -1;            // this turn's last phase heading, by its place in the turn; -1 none yet
    int refuelled = 0;            // the turn whose Repair Segment took the markers off (11.2.6)
    int return_lines = 0;         // its fleets' lines
    ngn::SourcePos return_at;     // its heading; the heading after it when the record leaves it out
    int return_side = -1;         // the side of its last line (8.1: the non-initiative player first)
};

}  // namespace ironlog::rules::tmbv
