// The Ironclads 1850-1890 rule engine: replays a record phase by phase and reports every
// move the rules forbid and every claimed result the dice and the rules do not give.
// docs/rules/ironclads.md lists each rule with how it is checked. The engine's sequence of play
// and dispatch are in engine.cpp; each rule area of the book in its own file.
#pragma once

#include "check/engine.hpp"
#include "check/roll_off.hpp"
#include "check/verbs.hpp"
#include "rules/ironclads/state.hpp"

#include <map>
#include <memory>
#include <set>

namespace ironlog::rules::ironclads {

std::unique_ptr<Engine> make_engine();

// Firing/Arcs: the turret arcs are the base's diagonals extended; the bow (and stern) arc reaches
// this many degrees either side of the heading.
double bow_half_arc(double base_length, double base_width);
// Whether a bearing relative to the heading (-180 to 180, clockwise) lies in one turret arc
// (kArcF, kArcP, kArcS or kArcR) of a base whose bow arc is +-alpha, within `slack` degrees.
bool in_turret_arc(ArcSet arc, double bearing, double alpha, double slack);
// The longest effective gun range (Firing/Range), in cm.
inline constexpr double kLongestGunRange = 100;

// 1D3 read from a d6: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3 (Basics).
int read_d3(int d6);

// ---- citations ----------------------------------------------------------------------------------
inline RuleRef cite(const char* section) { return RuleRef{"ironclads", section, ""}; }
inline const RuleRef kBasics = cite("Basics");
inline const RuleRef kSeaState = cite("Sea state");
inline const RuleRef kSequence = cite("Sequence of play");
inline const RuleRef kInitiative = cite("Initiative");
inline const RuleRef kMovementOrder = cite("Movement");
inline const RuleRef kSpeed = cite("Movement/Speed");
inline const RuleRef kMoving = cite("Movement/Moving a ship");
inline const RuleRef kBackwards = cite("Movement/Moving backwards");
inline const RuleRef kCollisions = cite("Movement/Collisions");
inline const RuleRef kFiring = cite("Firing");
inline const RuleRef kArcs = cite("Firing/Arcs");
inline const RuleRef kSalvo = cite("Firing/Resolving gunfire");
inline const RuleRef kRange = kSalvo;  // the 100 cm and measuring range are rules of Phase 3A
inline const RuleRef kZone = cite("Firing/Zone of Fire");
inline const RuleRef kSaves = cite("Firing/Armour saves");
inline const RuleRef kDamage = cite("Damage resolution");
inline const RuleRef kCritical = cite("Damage resolution/Critical hits");
inline const RuleRef kHits = cite("Damage resolution/Hits");
inline const RuleRef kProblems = cite("Damage resolution/Problems");
inline const RuleRef kSunk = cite("End phase/Ships sunk");
inline const RuleRef kEnding = cite("End phase/Ending the game");
inline const RuleRef kCards = cite("Appendix A Data Cards");
inline const RuleRef kFormations = cite("Appendix D Formations");
inline const RuleRef kVocabulary = ngn_rule("5.3", "Events");

// The one d6 an event rolls (a sea state, an initiative); null, reported, when it is not one d6.
const ngn::Dice* one_d6(const ngn::Event& e, const RuleRef& rule, GameContext& ctx);
// The first word of an event's claim ("" when none).
std::string claim_word(const ngn::Event& e);

// A movement line read: its speed, distance (the legs' sum), turns, collisions.
struct MoveLine {
    std::optional<int> speed;
    bool astern = false;
    ngn::SourcePos speed_pos;
    std::optional<double> moved;
    std::vector<std::pair<double, ngn::SourcePos>> turns;
    std::vector<std::pair<Ship*, ngn::SourcePos>> collisions;
    bool leaves = false;
    bool unread = false;  // a word not read (its one finding made): the line is taken as played
};

// What a salvo's number of dice is read from (Firing/Gunfire): the gun stats firing, halved for
// the target's armour (3 or more), for a rough sea, and for a fire aboard the firer.
struct SalvoReading {
    int base = 0;
    int target_armour = 0;
    bool rough_sea = false;
    bool firer_on_fire = false;
};
// The dice a salvo rolls; `working`, when given, says how the count was reached.
int salvo_dice(const SalvoReading& salvo, std::string* working = nullptr);

// A salvo line read: the guns, the arc turrets fire into, the target, range, arc fired on, dice.
struct SalvoLine {
    std::vector<int> mounts;
    std::optional<ArcSet> into;
    Ship* target = nullptr;
    std::optional<double> range;
    ngn::SourcePos range_pos;
    ArcSet on = 0;
    const ngn::Dice* dice = nullptr;
    ngn::SourcePos dice_pos;
    bool unread_word = false;  // a word not read (its finding made)
};

// An armour save's dice judged: the saves they make, and what that gives against the salvo's
// hits by the dice and as the players claimed them (a wrong claim is already a finding).
struct SaveRoll {
    const ngn::Dice* dice = nullptr;
    std::optional<int> successes, expected, as_played;
};

// A save's claim: how many were saved, and which (C or H) when the player says.
struct SaveClaim {
    std::optional<int> count;
    int said_c = 0, said_h = 0;
    bool said_which = false;
};

// A ship out of play (sunk, or off the table): the rule its later lines break, and what it says.
inline const RuleRef& out_of_play_rule(const Ship& s) { return s.sunk ? kSunk : kMoving; }
inline const char* out_of_play_says(const Ship& s) {
    return s.sunk ? "a sunk ship takes no further part" : "a ship that has left the table takes no further part";
}

// A speed rule broken: the rule, why, and what it allows.
struct SpeedProblem {
    RuleRef rule;
    std::string why, expected;
};

class IroncladsEngine final : public Engine {
public:
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void setup(const ngn::Setup& s, const Entity& e, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;
    std::vector<std::string_view> verbs() const override;
    std::optional<Scene> scene(const GameContext& ctx) const override;  // scene.cpp
    std::optional<SceneMeasure> measure(const GameContext& ctx, const Entity& from, const Entity& to) const override;  // scene.cpp
    std::unique_ptr<Engine> clone() const override;

    IroncladsEngine() = default;

private:
    // Copies every member (the ships one by one, OwnedShips); clone() then points the copy's
    // pointers to ships at its own ships (repoint_ships).
    IroncladsEngine(const IroncladsEngine&) = default;
    IroncladsEngine& operator=(const IroncladsEngine&) = delete;
    void repoint_ships(const IroncladsEngine& original);

    // where the replay stands
    std::string phase_, segment_;
    int turn_ = 0;
    bool in_turn_ = false;

    Ship* ship(const Entity& e);
    Ship* ship_named(const ngn::Item& item, GameContext& ctx);
    std::vector<Ship*> ships_of(int side);
    int sides(GameContext& ctx) const;

    void leave_phase(GameContext& ctx, ngn::SourcePos at);
    void close_gunfire(GameContext& ctx);
    void report_out_of_turn(GameContext& ctx, const std::set<int>& sides_unmoved);
    void unread_line(const Entity& actor, Ship* s, const Cause& why, GameContext& ctx);
    void out_of_play_acts(const ngn::Event& e, Ship& s, GameContext& ctx);
    void fire_out_of_play(const ngn::Event& e, const Cause& why, GameContext& ctx);
    void note_hull_lost(std::uint32_t line);
    void move_as_played(Ship& s, const MoveLine& line, const ngn::Event& e, GameContext& ctx);
    void report_stopped_moves(const std::optional<Cause>& lost, GameContext& ctx);
    void end_of_turn(GameContext& ctx, ngn::SourcePos at);

    // the actions (engine.cpp's verb table)
    static const Verb<IroncladsEngine> kVerbs[];
    bool in_phase(const ngn::Event& e, const Entity& actor, const char* phase, const RuleRef& rule, GameContext& ctx);
    Ship* ship_acting(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void side_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void side_decides(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void movement_action(const ngn::Event& e, const Entity& actor, Ship& s, GameContext& ctx);
    void gunfire_action(const ngn::Event& e, const Entity& actor, Ship& s, GameContext& ctx);
    void damage_action(const ngn::Event& e, const Entity& actor, Ship& s, GameContext& ctx);
    void formation(const ngn::Event& e, Ship& s, GameContext& ctx);

    void declare_squadron(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void setup_side(const ngn::Setup& st, const Entity& e, GameContext& ctx);
    Salvo hits_noted(const ngn::Setup& st, const ngn::Item& list, GameContext& ctx);
    Card card_given(const ngn::Declaration& d, Ship& s, const ShipData& data, const std::optional<DerivedCard>& derived,
                    const ShipSpec* spec, GameContext& ctx);

    void sea_state_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void initiative_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void movement(const ngn::Event& e, Ship& s, GameContext& ctx);
    bool take_turn_to_move(const ngn::Event& e, Ship& s, GameContext& ctx);
    MoveLine read_move_line(const ngn::Event& e, const Ship& s, GameContext& ctx);
    std::optional<SpeedProblem> speed_problem(const Ship& s, int speed, bool back, int prev) const {
        return speed_problem(s, s.card, speed, back, prev);
    }
    // (`sea`: the sea to judge in, rough or not; the sea as played when not given)
    std::optional<SpeedProblem> speed_problem(const Ship& s, const Card& card, int speed, bool back, int prev,
                                              std::optional<bool> sea = std::nullopt) const;
    bool set_speed(const ngn::Event& e, Ship& s, const MoveLine& line, GameContext& ctx);
    bool change_speed(Ship& s, const MoveLine& line, int v, GameContext& ctx);
    void check_turn(Ship& s, const MoveLine& line, GameContext& ctx);
    void check_positions(const ngn::Event& e, Ship& s, const MoveLine& line, GameContext& ctx);
    void collide(const ngn::Event& e, Ship& s, Ship& other, ngn::SourcePos pos, GameContext& ctx);
    void fire(const ngn::Event& e, Ship& s, GameContext& ctx);
    SalvoLine read_salvo_line(const ngn::Event& e, GameContext& ctx);
    bool may_fire(const ngn::Event& e, Ship& s, const SalvoLine& line, GameContext& ctx);
    std::optional<std::pair<double, double>> judge_range(const ngn::Event& e, const Ship& s, const Ship& target, const SalvoLine& line,
                                                         GameContext& ctx);
    void check_salvo_dice(Ship& s, const SalvoLine& line, int base, GameContext& ctx);
    void claim_hits(const ngn::Event& e, const SalvoLine& line, std::optional<std::pair<int, int>>& scored,
                    const std::optional<std::pair<double, double>>& range_doubt, Salvo& salvo, GameContext& ctx);
    void check_geometry(const ngn::Event& e, const Ship& firer, const Ship& target, std::optional<ArcSet> turret_arc, GameContext& ctx);
    void save(const ngn::Event& e, Ship& s, GameContext& ctx);
    Salvo* salvo_to_save(const ngn::Event& e, Ship& s, GameContext& ctx);
    SaveRoll judge_save_dice(const ngn::Event& e, Ship& s, Salvo& salvo, GameContext& ctx);
    SaveClaim read_save_claim(const ngn::Event& e, GameContext& ctx);
    void crit(const ngn::Event& e, Ship& s, GameContext& ctx);
    void hit(const ngn::Event& e, Ship& s, GameContext& ctx);
    bool count_hit(const ngn::Event& e, Ship& s, const std::optional<Cause>& word_error, GameContext& ctx);
    // The line not read this phase that a ship's damage may follow from: its salvo's, or its own.
    std::optional<Cause> unread_damage_cause(const Ship& s) const;
    // Whether a damage-order finding at pos follows from one already reported this turn (excused).
    bool excused_in_damage(const Ship& s, ngn::SourcePos pos, const std::string& what, GameContext& ctx) const;
    void hits_left_unresolved(Ship& s, int done, ngn::SourcePos at, GameContext& ctx);
    void gun_stats_arc_first(const ngn::Event& e, Ship& s, int stat, GameContext& ctx);
    void settle_arc_first(Ship& s, const std::optional<Cause>& explained, GameContext& ctx);
    bool crit_left_out_shown(Ship& s, ngn::SourcePos pos, GameContext& ctx);
    void claim_stats_left(const ngn::Event& e, Ship& s, int stat, int before, GameContext& ctx);
    void problems(const ngn::Event& e, Ship& s, GameContext& ctx);
    void fire_aboard(const ngn::Event& e, Ship& s, const ngn::Dice* d3, const std::string& result, const std::string& expected,
                     const std::optional<Cause>& wrong_claim, GameContext& ctx);
    void sinks(const ngn::Event& e, Ship& s, GameContext& ctx);
    void card_shown(const ngn::Event& e, Ship& s, GameContext& ctx);
    void breaks_off(const ngn::Event& e, Ship& s, GameContext& ctx);

    int max_speed(const Ship& s) const { return max_speed(s, s.card, rough()); }
    int max_speed(const Ship& s, bool rough_sea) const { return max_speed(s, s.card, rough_sea); }
    int max_speed(const Ship& s, const Card& card, bool rough_sea) const;
    std::string max_speed_reason(const Ship& s) const;
    int fire_dice(const Ship& firer, const Ship& target, int base, std::string* working = nullptr) const {
        return fire_dice(firer, target, base, rough(), working);
    }
    int fire_dice(const Ship& firer, const Ship& target, int base, bool rough_sea, std::string* working) const;
    bool shows_unrecorded_stats(Ship& s, const SalvoLine& line, int base, int rolled, GameContext& ctx);

    // Loaded in begin() and only read after: a copy shares them (the ships' specs point into them).
    std::vector<std::shared_ptr<const ShipLibrary>> libraries_;
    bool library_missing_ = false;
    OwnedShips ships_;
    std::map<const Entity*, Ship*> by_entity_;
    std::vector<std::vector<Ship*>> squadrons_;
    ChosenOptions options_;
    double tolerance_ = 0.5;

    // sea state; after a wrong claim, the other reading until play shows which was used
    // The sea state once rolled or set up: as played, and the dice's beside it after a wrong claim
    // (reported), until a speed or a salvo shows which sea the players sailed.
    std::optional<AsPlayed<bool>> sea_rough_;
    bool rough() const { return sea_rough_ && sea_rough_->played(); }
    std::map<int, int> sea_rolls_;  // side -> die
    ngn::SourcePos sea_pos_;

    // initiative, this turn; after a wrong claim, the other reading until the first ship moves
    // The side with the initiative (its index), as played; the dice's beside it after a wrong
    // claim (reported), until the first ship to move shows which the players went by.
    std::optional<AsPlayed<int>> initiative_;
    std::map<int, int> moves_by_side_;  // ships moved so far this movement phase
    int order_slip_reported_ = 0;
    // A ship moved out of turn is reported when the phase ends: a ship of the side that should
    // have moved that was never moved explains it, and is then the one finding.
    struct OutOfTurn {
        ngn::SourcePos pos;
        std::string why, expected, recorded;
        int due_side = -1;
    };
    std::vector<OutOfTurn> out_of_turn_;
    // A ship stopped with its speed above 0 (the move's finding held back): a ship's move left
    // out or not read this phase may have been a collision with it (report_stopped_moves).
    std::vector<std::pair<Ship*, OutOfTurn>> stopped_unexplained_;
    std::optional<Cause> move_not_read_;  // a movement line of this phase not read (reported)
    std::optional<Cause> initiative_unknown_;  // this turn's initiative was not decided (reported)
    // A line of this firing phase that could not be read (a finding): it may have been the salvo
    // or save that later lines need, which are then taken as played.
    std::optional<Cause> unread_gunfire_;  // a gunfire line of this phase not read (reported)
    std::optional<Cause> sea_claimed_early_;   // the sea state was claimed before every side rolled (reported)
    RollOff initiative_rolls_;  // this round of the initiative roll-off
    ngn::SourcePos initiative_pos_;
    std::optional<int> setup_initiative_;

    // movement, this turn
    Ship* moving_ = nullptr;                 // the ship whose activation is under way
    bool movement_started_ = false;
    bool damage_started_ = false;

    // the end
    int game_over_turn_ = -1;
    // The finding that the game went on after it ended: the lines of the ships out of play that
    // went on with it follow from it.
    std::optional<Cause> game_over_reported_;
};

}  // namespace ironlog::rules::ironclads
