// The state of an Admiral game, data only: each unit's card (War Technology/Unit Card), where it
// is, its speed, its damage and what this turn has used of it; each side's Admiral Points.
#pragma once

#include "check/as_played.hpp"
#include "check/finding.hpp"
#include "check/symbols.hpp"
#include "geometry/table.hpp"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ironlog::rules::admiral {

// The four views of a ship (General Principles/Units' Course), clockwise from the bow.
enum class Arc { Bow, Starboard, Stern, Port };
// The three sections a card gives defence and coefficients for: a side serves port and starboard.
enum class Section { Bow, Side, Stern };
enum class Battery { Primary, Secondary, Tertiary };
constexpr int kBatteries = 3;

struct Coefficient {
    int long_range = 0;
    int short_range = 0;
};

struct BatteryCard {
    std::array<std::optional<Coefficient>, 3> by_section;  // by Section; none: cannot fire there
    int die = 0;                                            // sides of the calibre die; 0 not given
    std::optional<double> range_cm;
    bool present() const { return by_section[0] || by_section[1] || by_section[2]; }
};

// A unit card: what the players' library (or the record's ship line) gives. Every value is
// optional: a rule that needs one the card lacks is said once as not verified.
struct Card {
    std::string name;
    std::string type;  // BB PB BC CA CV CL CVL CVE DD SS ES AK PT
    std::string nation, class_name;
    std::optional<int> points, speed, sp, dc, aa, as, aircraft, armour;
    std::optional<double> length_cm;
    std::array<std::optional<int>, 3> defence;  // by Section
    std::array<BatteryCard, kBatteries> batteries;
    std::optional<int> torpedoes;  // tubes a side
    bool centre_torpedoes = false; // the bracketed value: centre-line tubes, one side or the other
    int torpedo_die = 10;
    std::optional<double> torpedo_range_cm;
    std::set<std::string> rules;  // special rules: smoke, malfunctioning, magnetic, ...
};

enum class Automatic { None, Light, Severe };  // Damage/Automatic Actions

struct Unit {
    const Entity* entity = nullptr;
    int side = -1;
    Card card;
    bool flagship = false;
    std::optional<int> command;  // the command value given at set-up
    std::optional<int> number;   // the activation card's number
    std::optional<int> start_speed;  // set by the mission (start-speed)

    bool placed = false;
    geometry::Point at;
    double heading = 0;
    std::optional<Cause> place_doubt;  // a move whose end parted from its runs: where it is is as claimed

    int speed = 0;             // knots; negative when going astern
    // The speed its runs showed, where they parted from the speed written (reported): a later line
    // may follow either (as played).
    std::optional<int> speed_runs;
    bool speed_unknown = false;  // its move was left out (reported): its speed shows at its next hand
    bool speed_known = false;  // set at its first activation, or from the start
    int speed_set_turn = 0;    // the turn of the activation that set it
    // A speed set against the rules (reported): the nearest the rules allowed; the next change may
    // be measured from it as well as from the speed played.
    std::optional<int> speed_rules;
    std::optional<Cause> speed_parted;

    // this turn
    int activated_turn = 0;
    bool stopped = false;        // rammed or ramming: no more move or fire this turn
    int ram_malus_turn = 0;      // a ram's survivor fires at -2 (Units Movement/Ramming)
    bool ram_through = false;    // a rammer that sank its victim goes on for half its run left: its run is not judged
    std::array<std::array<bool, 4>, kBatteries> fired{};      // by battery, by Arc
    std::array<std::array<int, 4>, kBatteries> reduced{};     // coefficient reductions, by battery, by Arc
    std::set<std::string> orders;  // Admiral Orders received this turn
    bool repaired = false;         // a damage-control attempt this turn

    // this activation
    ngn::SourcePos last_pos;  // its last line
    std::optional<Cause> extra_hand;  // a second hand in one turn (reported): its move is not judged again, nor its once-a-turn limits
    double run = 0;           // cm run since the last rotation
    double moved = 0;         // cm run in this activation
    int rotations = 0;
    bool moved_any = false;
    bool speed_written = false;
    bool end_rotation = false;  // the rotation a move too short for one allows was made
    bool planned_veer = false;  // Admiral Order: rotate at once in turn 1
    std::optional<Cause> move_parted;  // this activation's speed or place was reported: its runs follow from that
    bool move_looked_for = false;      // whether its move comes later in the hand has been looked at
    std::optional<Cause> unread;       // a line of this hand could not be read (reported)

    // damage
    int severe = 0;        // severe damage as the record's claims have it
    int severe_rules = 0;  // and as the rules give it, where a claim parted from them
    std::optional<Cause> damage_parted;  // the finding that parted the two
    std::optional<Cause> automatic_parted, automatic_now_parted;  // an automatic action due from a damage claimed against the rules
    bool sunk = false;
    int sunk_turn = 0;
    // Sunk or lost off the table: its first act (or first time aimed at) after is one finding, the
    // later ones follow from it (check/as_played.hpp). Set with `sunk` (AdmiralEngine::sink) or `lost`.
    Gone gone;
    bool removed = false;  // taken off the table (sunk and removed, or lost off the edge)
    bool lost = false;     // its tower went off the table
    std::optional<Cause> sunk_left_out;  // sunk by the rules, not by the claim (reported)
    std::optional<Cause> vanished;       // not activated, and named no more (reported): taken as gone, afloat by the rules
    // Runs stopped short against another hull (reported): a collision left out, most likely; this
    // unit or the other may have been stopped (no hand), or sunk (named no more).
    std::optional<Cause> ram_doubt;
    int ram_doubt_turn = 0;
    Automatic automatic = Automatic::None;  // due at its next activation
    Automatic automatic_now = Automatic::None;  // in force during this activation
    const Unit* attacker = nullptr;
    bool conning_due = false, conning_now = false;  // critical 5: its next activation
    std::optional<Cause> conning_said;              // its fire at another target this hand (reported)
    std::optional<Cause> critical_unknown;          // a light critical roll left out (reported): its effect is not known
    std::vector<const Unit*> last_targets, targets_now;
    std::set<int> criticals;  // light criticals taken (1-6)
    int torpedo_tubes_hit = 0;  // critical 2, cumulative
    int aa_hit = 0;             // critical 6, cumulative
    bool radio_hit = false;     // critical 4
    std::array<int, 2> tubes_used{};  // port, starboard: tubes launched
    int repairs = 0;
    // torpedo hits whose malfunction roll is owed (War Technology/Special Rules)
    struct Duds {
        int hits = 0;
        Unit* target = nullptr;
        bool magnetic = false;
        Automatic before = Automatic::None;  // the target's automatic action before the launch: a dud leaves it so
        std::uint32_t line = 0;
    } duds_due;
    // critical rolls owed: a light damage's d6, a severe damage's 2d10, with the line that caused it
    struct CriticalDue {
        Automatic kind;
        std::uint32_t line;
        bool optional;  // a torpedo's (official table), or a damage claimed against the rules: a roll may be written
        bool any_kind;  // a damage whose kind was claimed against the rules: either roll
    };
    std::vector<CriticalDue> criticals_due;

    bool afloat() const { return !sunk && !removed; }
    std::string label() const { return entity->label(); }
};

struct SideState {
    std::optional<int> points;  // Admiral Points of this turn (the first initiative roll)
    int spent = 0;
    std::optional<int> initiative;  // the last initiative total, as written
    int initiative_rules = 0;       // and as the rules give it
    int flagships_at_start = 0;
    bool command_rolled = false;
    int passes = 0;  // Pass cards played this turn
    int pass_cards = 0;  // Pass cards in this turn's deck, by the units afloat when the turn began
};

}  // namespace ironlog::rules::admiral
