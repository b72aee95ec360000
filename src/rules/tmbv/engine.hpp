// The tmbv engine: a battle on the Tactical Battle Board (7.0) played impulse by impulse (7.5):
// deployment, movement, formations, visibility and line of sight, fire combat, ram attacks and
// the battle's victory, from the manifest and table pack the record names.
// docs/rules/tmbv.md lists each case with how it is checked.
#pragma once

#include "check/engine.hpp"
#include "check/verbs.hpp"
#include "geometry/area_map.hpp"
#include "rules/tmbv/manifest.hpp"
#include "rules/tmbv/state.hpp"
#include "rules/tmbv/tables.hpp"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace ironlog::rules::tmbv {

std::unique_ptr<Engine> make_engine();

struct Walk;  // a move as it is read, step by step (movement.cpp)

RuleRef cite(const char* section, const char* title = "");
// A count and its noun, singular for one: "1 hit", "2 hits"; "1 hex", "3 hexes".
inline std::string counted(int n, const std::string& one, const std::string& many) { return std::to_string(n) + " " + (n == 1 ? one : many); }
inline std::string counted(int n, const std::string& one) { return counted(n, one, one + "s"); }
// A modifier as the notation writes it: "+2", "-1", "+0"; with its label, "+2(Tegetthoff)".
inline std::string signed_text(int v) { return (v < 0 ? "" : "+") + std::to_string(v); }
inline std::string modifier_text(int v, const std::string& label) { return signed_text(v) + "(" + label + ")"; }
inline std::string line_text(std::uint32_t line) { return "line " + std::to_string(line); }
const ngn::Dice* first_dice(const ngn::Event& e);
std::optional<std::string> claimed_word(const ngn::Event& e);  // the claim's first word, lower case
std::optional<std::pair<int, bool>> claimed_damage(const ngn::Event& e);  // "=> 3 hits [sunk]", "=> none" (end_of_turn.cpp)
// A line's names after its verb, each list's elements one by one, those before a word ("to",
// "with") and those after it: "AM transfer SAL KM to AB", "AB tow DJ with PE".
struct NamesAround {
    std::vector<const ngn::Item*> before, after;
};
NamesAround names_around(const ngn::Event& e, std::string_view word);  // fleet_composition.cpp
std::string box_name(std::string_view written);  // a campaign area's box as written: "port", "at-sea", ...; "" when not one (6.4.6)
std::string place_text(const CampaignFleet& f);  // "@Pola/port"
bool in_port(const CampaignFleet& f);  // in a Port box, known or not written (return_to_port.cpp)
// Counts a line judged under a case (GameContext::judged), building the reference only when counting.
inline void judged(const GameContext& ctx, const char* section) {
    if (ctx.cases) ctx.judged(cite(section));
}
bool is_action(const ngn::Event& e);  // a line written with one of a tmbv ship's actions
// What a formation's shape asks, in a few words (7.4.4-7.4.6).
std::string shape_rule(const std::string& shape);
// 7.8.2: a broadside arc reaches this many degrees either side of its beam.
inline constexpr double kBroadsideHalf = 60;
inline constexpr int kLowestFml = 1, kHighestFml = 10;  // 6.1.1
// The broadside ("starboard" or "port") a bearing (degrees clockwise from up the map) lies in
// from a ship whose bow points `bow` degrees, edges included; null in neither.
const char* broadside_of(double bearing, double bow);

// A modified roll as the rules give it and as the record wrote it.
struct ModifiedRoll {
    int face = 0;
    int rules = 0;                   // face + the modifiers the rules give
    std::optional<int> recorded;     // face + the record's modifiers, or its "= total"; none when it wrote neither
    std::vector<std::pair<std::string, int>> mods;  // the rules' modifiers, named
    std::string rules_text() const;  // "7 +4(cf) -1(range) = 10", made only for a finding
    int played() const { return recorded.value_or(rules); }
};

// The die and the modifiers as written, added up; and whether the written total says the same.
// When it does not (the kit said so), which of the two the players went by is not known.
inline int written_sum(const ngn::Dice& dice) {
    int t = dice.faces.empty() ? 0 : dice.faces.front().value;
    for (const ngn::Modifier& m : dice.modifiers) t += m.value;
    return t;
}
inline bool adds_up(const ngn::Dice& dice) { return !dice.total || *dice.total == written_sum(dice); }

class TmbvEngine final : public Engine {
public:
    TmbvEngine() = default;
    // A copy sharing nothing it changes with this engine (Engine::clone): see the copy constructor.
    std::unique_ptr<Engine> clone() const override;
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;
    std::vector<std::string_view> verbs() const override;
    std::optional<Scene> scene(const GameContext& ctx) const override;  // scene.cpp
    std::optional<SceneMeasure> measure(const GameContext& ctx, const Entity& from, const Entity& to) const override;  // scene.cpp
    bool describes_positions() const override { return true; }

    // ---- the handlers of the verb table (engine.cpp) ----
    static bool on_move(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);
    static bool on_fire(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);
    static bool on_ram(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);
    static bool on_start(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);
    static bool on_independent(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);
    // ---- optional_rules.cpp: 14.1, 14.2 ----
    static bool on_critical(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);
    static bool on_end_roll(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx, bool fire);
    static bool on_not_ready(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx);

private:
    TmbvEngine(const TmbvEngine& other);  // for clone(): copies, then remaps pointers into own state
    TmbvEngine& operator=(const TmbvEngine&) = delete;
    bool activated_line(const ngn::Event& e, const Entity& a, GameContext& ctx, void (TmbvEngine::*act)(Ship&, const ngn::Event&, GameContext&));
    Ship* named_ship(const ngn::Event& e, GameContext& ctx);
    // ---- engine.cpp: the impulse sequence (7.5) ----
    Ship* ship(const Entity& e);
    void begin_impulse(const ngn::Heading& h, GameContext& ctx);
    void end_impulse(GameContext& ctx, ngn::SourcePos at);
    void end_activation(GameContext& ctx, ngn::SourcePos at);
    void line_not_read(Ship& s, const ngn::Event& e, const Cause& why, GameContext& ctx);
    bool afloat(const Ship& s) const { return s.placed && !s.sunk; }
    std::vector<Ship*> ships_of(int side);
    std::string side_name(int side, const GameContext& ctx) const;
    void say_no_manifest(GameContext& ctx, ngn::SourcePos at);
    void say_no_tables(GameContext& ctx, ngn::SourcePos at);

    // ---- deployment.cpp: 7.2, 13.2.1-13.2.3 ----
    void declare_formation(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void declare_ship(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void place(Ship& s, const ngn::Item& it, GameContext& ctx);
    void check_deployment(GameContext& ctx, ngn::SourcePos at);
    void check_formation_shape(const Formation& f, GameContext& ctx, ngn::SourcePos at);
    bool flagship_at_the_rear(const Formation& f, const std::vector<const Ship*>& members) const;
    void check_late_entry(const Ship& s, ngn::SourcePos at, GameContext& ctx);
    std::optional<Hex> board_size(char board) const;
    // the picture (scene.cpp)
    ScenePiece ship_piece(const Ship& s, bool one_board) const;
    std::set<char> board_hexes(Scene& scene) const;
    void hexes_around_ships(Scene& scene, const std::set<char>& drawn) const;
    // 13.2.1, 13.2.2: the Lissa set-up's places relative to one another
    void check_italian_setup(GameContext& ctx);
    void check_austrian_setup(GameContext& ctx);
    const Ship* named(const char* key, int side) const;
    bool astern_within(const Ship& lead, const Ship& s, int hexes) const;

    // ---- formations.cpp: 7.4 and the activation order 7.5 ----
    bool activate(Ship& s, const ngn::Event& e, GameContext& ctx);
    bool still_afloat(Ship& s, ngn::SourcePos at, GameContext& ctx);
    void sinks(Ship& s, const std::string& how, std::uint32_t line, std::optional<Cause> reported = std::nullopt);
    void sunk_takes_part(Ship& s, ngn::SourcePos at, const std::string& who, GameContext& ctx);
    bool target_afloat(const Ship& s, const std::string& acts, Ship& target, const ngn::Event& e, GameContext& ctx);
    bool activate_formation(Ship& s, const ngn::Event& e, GameContext& ctx);
    bool alone_in_formation_step(Ship& s, const ngn::Event& e, GameContext& ctx);
    Formation* step_formation(const Ship& s, const ngn::Event& e, GameContext& ctx);
    void open_formation(Formation& f, const ngn::Event& e, GameContext& ctx);
    const char* formation_phase(int side) const;
    void fix_fleet_values(const Formation& f);
    bool moves_with_fleet(const Ship& s) const;
    bool activate_single(Ship& s, const ngn::Event& e, GameContext& ctx);
    bool in_formation(const Ship& s) const;
    bool chain_known() const;
    // Ships of a formation linked to its flagship by sight (7.4.2), the flagship included.
    // With 14.4 a dispatch ship in sight of the flagship links the ships it sees.
    std::vector<const Ship*> linked(const Formation& f, bool with_relays = true) const;
    std::vector<const Ship*> relays_for(const Formation& f) const;  // 14.4: dispatch ships that may serve it
    bool claim_relays(const Formation& f, const std::vector<const Ship*>& chain);
    bool is_dispatch(const Ship& s) const;
    bool links_gone(const Formation& f, ngn::SourcePos at, GameContext& ctx);
    void check_line_path(const Formation& f, GameContext& ctx, ngn::SourcePos at);
    bool one_line(const std::vector<Ship*>& line, const Ship& head) const;
    bool accompanies(Ship& s, const Formation& f, const ngn::Event& e, GameContext& ctx);
    bool formations_left(int side) const;
    std::optional<Cause> doubt_in(const Formation& f) const;
    // Members of a formation arrayed in its shape at set-up (7.4.4-7.4.6), the flagship included.
    std::set<const Ship*> linked_in_shape(const Formation& f, const std::vector<const Ship*>& members) const;
    bool singles_left(int side) const;

    // ---- visibility.cpp: the TBB's hexes (7.2.2), visibility (7.6) and line of sight (7.7) ----
    Spot make_spot(char board, Hex hex) const;
    std::optional<Hex> grid_hex(const Spot& s) const;
    std::optional<int> distance(const Spot& a, const Spot& b) const;
    bool sees(const Ship& a, const Ship& b) const;  // within visibility and a clear line of sight
    std::optional<const Ship*> blocker(const Ship& from, const Ship& to) const;
    bool boards_unknown(const Spot& a, const Spot& b) const;
    void say_boards_unknown(GameContext& ctx, ngn::SourcePos at);
    void adjust_visibility(const ngn::Heading& h, GameContext& ctx);
    std::optional<int> next_visibility(std::optional<int> from, std::optional<int> written) const;
    std::string spot_text(const Spot& s, std::optional<int> facing = std::nullopt) const;

    // ---- movement.cpp: 7.3 ----
    void move(Ship& s, const ngn::Event& e, GameContext& ctx);
    void step(Ship& s, Walk& w, const ngn::Item& it, int facing, const Spot& to, bool last, bool small, GameContext& ctx);
    void jump(Ship& s, Walk& w, const Spot& to, const ngn::Item& it, GameContext& ctx);
    void judge_mp(Ship& s, Walk& w, const ngn::Event& e, bool small, GameContext& ctx);
    // MP of a ship this impulse, from the hits played or the hits the rules give (they may part).
    int allowance(const Ship& s, bool by_rules) const;
    int own_ma(const Ship& s, bool by_rules) const;
    bool may_enter(Ship& s, const Spot& to, const ngn::Item& it, bool last, GameContext& ctx, std::optional<Cause> move_doubt = std::nullopt);
    bool written_wrong(const Ship& s, const ngn::Event& next) const;
    std::optional<Cause> formation_in_doubt(const Ship& s, const Ship& o) const;
    void start_up(Ship& s, const ngn::Event& e, GameContext& ctx);
    bool missed_move(Ship& s, ngn::SourcePos at, GameContext& ctx);
    std::optional<Cause> place_in_question(Ship& o, ngn::SourcePos at, GameContext& ctx);

    // ---- fire_combat.cpp: 7.8 ----
    void fire(Ship& s, const ngn::Event& e, GameContext& ctx);
    bool may_fire_at(Ship& s, Ship& target, const ngn::Event& e, GameContext& ctx);
    bool in_broadside(const Ship& s, const Ship& target, std::string& arc) const;
    ModifiedRoll modified(const ngn::Dice& dice, const std::vector<std::pair<std::string, int>>& mods) const;
    std::vector<std::pair<std::string, int>> fire_modifiers(const Ship& s, const Ship& target, bool by_rules = false,
                                                            std::optional<int> range = std::nullopt) const;
    bool fits_another_range(const Ship& s, const Ship& t, const ngn::Dice& dice, std::optional<int> claimed) const;
    void judge_hits(Ship& target, int rules_hits, std::optional<int> played_hits, const ngn::Event& e, std::optional<bool> claimed_sunk,
                    std::optional<Cause> why, GameContext& ctx);
    void judge_sinking(Ship& target, const ngn::Event& e, std::optional<bool> claimed_sunk, GameContext& ctx);
    // What a claim says of sinking: with a count written, whether it adds `sunk`; without, only a `sunk`.
    static std::optional<bool> said_sunk(bool count_written, bool sunk) { return count_written || sunk ? std::optional<bool>(sunk) : std::nullopt; }
    int unrecorded_hits(const Ship& s, const Ship& target, const ngn::Dice& dice, std::optional<int> claimed) const;
    bool bridge_left_out(Ship& s, const Ship& target, const ngn::Dice& dice, std::optional<int> claimed);
    char crew_of(const Ship& s) const;
    bool rifled(const Ship& s) const;
    int combat_factor(const Ship& s, bool by_rules = false) const;
    // The line's roll; `most` dice in it (a critical hit's 0 calls for a second, 14.1).
    bool roll_read(const ngn::Event& e, const RuleRef& rule, GameContext& ctx, const ngn::Dice*& dice, std::size_t most = 1);
    static void one_die(const ngn::Dice& dice, const RuleRef& rule, GameContext& ctx, std::size_t most = 1);

    // ---- ram_attacks.cpp: 7.9 ----
    void ram(Ship& s, const ngn::Event& e, GameContext& ctx);
    void ram_move_left_out(Ship& s, const Ship& target, const ngn::Event& e, GameContext& ctx);
    std::vector<std::pair<std::string, int>> ram_modifiers(const Ship& s, const Ship& target) const;

    // ---- victory.cpp: a ship the record no longer names ----
    bool gone(const Ship& x, std::uint32_t line, GameContext& ctx);
    bool take_as_sunk(Ship& x, ngn::SourcePos at, GameContext& ctx);

    // ---- engine.cpp: the record read ahead ----
    void index_acts(GameContext& ctx);
    void index_names(GameContext& ctx);
    const ngn::Event* next_placed_move(const Ship& s, std::uint32_t line, GameContext& ctx);
    bool acts_later(const Ship& x, std::uint32_t line, GameContext& ctx);

    // ---- optional_rules.cpp ----
    bool rule_off(const char* rule, const char* name, const ngn::Event& e, GameContext& ctx);
    void note_damage(Ship& t, int played_hits, int rules_hits, const ngn::Event& e, std::optional<Cause> why);
    void criticals_due(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void end_roll_result(Ship& s, const std::string& result, const ngn::Event& e, GameContext& ctx);
    void end_rolls_missing(GameContext& ctx, ngn::SourcePos at);
    void end_roll_too_early(ngn::SourcePos at, GameContext& ctx);
    std::optional<std::pair<ngn::SourcePos, RuleRef>> end_roll_at_;  // this impulse's first end roll (14.1.1, 14.1.3)
    bool is_affondatore(const Ship& s) const;
    // 14.1.3: its rudder repaired at this impulse's end: the DIW marker goes, whatever its MP
    bool repaired_now(const Ship& s) const { return s.rudder_rolled == impulse_ && !s.rudder; }
    bool diw_at_end(const Ship& s) const;  // its DIW marker on as the record ends (7.3.1), the last impulse's end included
    void not_ready_missing(Ship& s, ngn::SourcePos at, GameContext& ctx);

    // ---- turn_start.cpp: the campaign's Turn Start Phase (5.0), the FMLs (6.1.1, 13.1) ----
    void begin_campaign(GameContext& ctx);
    void new_campaign_turn(int number);
    void campaign_heading(const ngn::Heading& h, GameContext& ctx);
    void close_segment(GameContext& ctx);
    void close_turn_start(GameContext& ctx);
    void campaign_event(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void stood_for(const Entity& side, std::uint32_t line);
    void weather_roll(const ngn::Event& e, const Entity& side, GameContext& ctx);
    void say_no_weather_table(GameContext& ctx, ngn::SourcePos at);
    void initiative_roll(const ngn::Event& e, const Entity& side, GameContext& ctx);
    bool said_by_the_total(const ngn::Dice& dice, const Entity& side, const std::optional<int>& fml) const;
    int judge_initiative_modifiers(const ngn::Dice& dice, const Entity& side, GameContext& ctx);
    const Entity& roller(const ngn::Event& e, const Entity& written, GameContext& ctx);
    void decide_initiative(const ngn::Event& e, GameContext& ctx);
    void set_fml(const ngn::Event& e, const Entity& side, GameContext& ctx);
    void shift_fml(std::size_t side, int by);
    void describe_campaign(std::ostream& os, const GameContext& ctx) const;

    // ---- random_events.cpp: the Random Event Segment (5.2) and the pack's chart ----
    struct Draw {
        int drawer = -1, owner = -1;      // sides: who drew, whose marker
        std::string marker;               // as written, lower case
        ngn::SourcePos marker_pos;
        std::optional<bool> decision;     // implemented / declined, as written
        ngn::SourcePos decision_pos;
    };
    void draw_marker(const ngn::Event& e, const Entity& side, GameContext& ctx);
    std::optional<Draw> read_draw(const ngn::Event& e, const Entity& side) const;
    void judge_draw(const Draw& d, const ngn::Event& e, GameContext& ctx);
    bool known_marker(const Draw& d, GameContext& ctx);
    void carry_out_event(const Draw& d, const ngn::Event& e, GameContext& ctx);
    void event_vp(int side, int vp);
    std::string effect_text(const RandomEvent& r, const GameContext& ctx) const;
    std::string chart_side(int side) const;
    void draw_left_out();
    void carried_out_as_declined(const Draw& d, const ngn::Event& e, GameContext& ctx);
    int side_of_chart(const std::string& name) const;
    void describe_events(std::ostream& os) const;

    // ---- fleet_composition.cpp: the campaign's fleets (6.3), their ships (6.4.5) and speed (6.4.2) ----
    void declare_fleet(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void judge_fleet(const CampaignFleet& f, GameContext& ctx);
    void declare_campaign_ship(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void judge_fleet_make_up(GameContext& ctx);
    void judge_arrived_make_up(GameContext& ctx);
    void close_reinforcement(GameContext& ctx);
    void judge_set_up(GameContext& ctx);
    void judge_admiral_placed(int side, GameContext& ctx);
    std::string make_up_fault(const CampaignFleet& f) const;
    std::string italian_support_fault(const CampaignFleet& f) const;  // 13.1.1
    const ManifestShip* manifest_ship(const Entity& s) const;
    int ironclads_in(const CampaignFleet& f) const;
    bool ironclad_free(const CampaignFleet& battle) const;
    std::string fleet_make_up(const CampaignFleet& f) const;

    int fleet_speed(const CampaignFleet& f) const;  // 6.4.2: its slowest ship's MA; 0 when not known
    void transfer_ships(int fleet, const ngn::Event& e, GameContext& ctx);  // 6.3.6, 6.3.7
    void judge_transfers(GameContext& ctx);  // 6.3's make-up once the transfers are done

    // ---- towing.cpp: 6.6, 8.1.6 in the campaign ----
    int campaign_ma(const Entity& ship) const;  // after its hits; -1 not known
    bool in_tow(const CampaignFleet& f, const Entity& ship) const;
    std::vector<const Entity*> untowed_diw(const CampaignFleet& f) const;
    bool diw_by_marker(const Entity& ship) const;  // campaign-diw=marker: its battle left its DIW marker on
    void judge_diw_left(CampaignFleet& f, const char* section, ngn::SourcePos at, GameContext& ctx);
    void tow_event(int fleet, const ngn::Event& e, GameContext& ctx);
    void take_in_tow(CampaignFleet& f, const Entity& towed, const Entity& tower, const ngn::Event& e, GameContext& ctx);
    void end_tows_of_ships_that_move();
    void scuttle(CampaignFleet& f, const std::vector<const Entity*>& ships, const ngn::Event& e, GameContext& ctx);
    void allocate_lone_ships(const Entity& side, const ngn::Event& e, GameContext& ctx);  // 6.3.6
    void sink_from_fleet(CampaignFleet& f, const Entity* ship, std::uint32_t line);  // 6.3.5
    void reform_fleet(int fleet, const ngn::Event& e, GameContext& ctx);  // 6.3.5
    void sunk_fleet_operates(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);  // 6.3.5

    // ---- operational_movement.cpp: 6.4 on the players' operational map ----
    void say_no_map(GameContext& ctx, ngn::SourcePos at);
    const geometry::Place* map_place(const ngn::AreaPos& at, ngn::SourcePos pos, GameContext& ctx);
    bool holds(const geometry::Place& p, int side, const GameContext& ctx) const;
    bool friendly_port(const geometry::Place& p, int side, const GameContext& ctx) const;
    std::string not_friendly_why(const geometry::Place& p, int side, const GameContext& ctx) const;
    bool in_mediterranean(const std::string& area) const;
    bool in_at_sea_box(const CampaignFleet& f) const;  // Readings: coastal-at-sea
    const CampaignFleet* enemy_at(const std::string& area, const std::string& box, int side) const;
    void walk_fleet(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    bool step_allowed(const geometry::Place& p, const std::string& box, bool entering, int side, ngn::SourcePos at, GameContext& ctx);
    std::optional<geometry::AreaMap> map_;  // the campaign's operational map ([Map])
    bool said_no_map_ = false;

    // ---- interception.cpp: 6.5 ----
    void note_interruption(int fleet, const ngn::Event& e, GameContext& ctx);  // a move's stop for the enemy's decision (before its place changes)
    void judge_compulsory(const Interruption& stop, ngn::SourcePos at, GameContext& ctx);
    Interruption* interruption_of(int mover);
    void settle_interception(GameContext& ctx);
    void intercept(int fleet, const ngn::Event& e, GameContext& ctx);
    void may_intercept(int fleet, Interruption& stop, const ngn::Event& e, GameContext& ctx);
    void evade(int fleet, const ngn::Event& e, GameContext& ctx);
    // A roll's total as played and by the rules' modifiers (they differ after a modifier said wrong).
    struct Totals {
        int played = 0, rules = 0;
    };
    std::optional<Totals> interception_roll(const CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    std::vector<std::pair<std::string, int>> interception_modifiers(const CampaignFleet& f) const;

    // ---- bombardment.cpp: the Bombardment Phase (9.0-9.3), the ports' End of Game VP (12.1) ----
    void open_bombardment();
    void close_bombardment(GameContext& ctx);
    void bombardment_event(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void shot(const ngn::Event& e, const Entity& ship, bool battery, GameContext& ctx);
    bool begin_shot(const CampaignFleet& f, const Entity& ship, bool battery, const ngn::Event& e, GameContext& ctx);
    void start_mission(int fleet, const ngn::Event& e, GameContext& ctx);
    void end_mission(GameContext& ctx);
    void settle_pair(GameContext& ctx);
    bool on_mission(const CampaignFleet& f, const GameContext& ctx) const;
    std::optional<int> shot_hits(const ngn::Event& e, const Entity& ship, const ManifestPort* port, bool battery, GameContext& ctx);
    std::vector<std::pair<std::string, int>> bombardment_modifiers(const Entity& ship, const ManifestPort& port, bool battery,
                                                                   const std::string& weather) const;
    void shot_from_unknown_port(const Entity& ship, bool battery, const ngn::Event& e);
    void weather_by_the_shot(const ngn::Dice& dice, const Entity& ship, const ManifestPort& port, bool battery, ModifiedRoll& roll);
    void land_army(const ngn::Event& e, const Entity& side, GameContext& ctx);
    void end_of_game_vp(GameContext& ctx);
    void port_repair(const ngn::Event& e, const Entity& side, GameContext& ctx);  // end_of_turn.cpp
    void port_capacity(const CampaignFleet& f, const Entity& ship, const ngn::Event& e, GameContext& ctx);

    // ---- mediterranean.cpp: 6.7 the Mediterranean Sea Area's lone ships, and their return (8.1.7) ----
    void note_lone_ship(const Entity& ship, const ngn::AreaPos& at);
    void drop_ships(int fleet, const ngn::Event& e, GameContext& ctx);
    void take_ship(int fleet, const ngn::Event& e, GameContext& ctx);
    void return_lone_ship(const Entity& ship, const ngn::Event& e, GameContext& ctx);
    LoneShip* dropped_unwritten(const Entity& ship, const ngn::Event& e, GameContext& ctx);
    void lone_ships_home(GameContext& ctx);
    void remove_lone_ships(int side, const std::string& area, std::uint32_t line);
    LoneShip* lone_ship(const Entity& ship);

    // ---- return_to_port.cpp: 8.0, the Low Fuel markers (8.1.3, 8.1.4, 11.2.6) ----
    void open_return_to_port(ngn::SourcePos at);
    void close_return_to_port(ngn::SourcePos at, GameContext& ctx);
    void return_event(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void return_order(const CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    void send_home(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    void judge_nearest_port(CampaignFleet& f, const ngn::AreaPos& to, ngn::SourcePos at, GameContext& ctx);
    std::string nearest_open_port(const CampaignFleet& f, const GameContext& ctx) const;
    bool open_port(const geometry::Place& q, int side, const GameContext& ctx) const;
    void take_other_port(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    void refuel_in_port(GameContext& ctx);
    void play_left_out(const ngn::Heading& h, GameContext& ctx);  // docs/notation.md 5.2
    void return_to_port_left_out(ngn::SourcePos at, GameContext& ctx);
    void home_unwritten(CampaignFleet& f, const Finding& said);  // 7.9.5, 8.1.3
    void take_unwritten_port(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);

    // ---- operations.cpp: the campaign's Operations Phase: impulses, mobilization, activation (6.0-6.2) ----
    void new_operations_turn(const GameContext& ctx);
    void operations_heading(const ngn::Heading& h, GameContext& ctx);
    void close_impulse(GameContext& ctx);
    void settle_left_in_port(CampaignFleet& f, const ngn::Event* move, GameContext& ctx);
    void operations_event(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    bool in_turn(int side, const ngn::Event& e, GameContext& ctx);
    bool one_fleet_an_impulse(int fleet, const ngn::Event& e, GameContext& ctx);
    void settle_retry(int fleet);
    void flip(int fleet, std::uint32_t line, const std::string& why);
    void mobilize(int fleet, const ngn::Event& e, GameContext& ctx);
    bool may_attempt(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    void first_italian_mobilization(int fleet, const ngn::Event& e, GameContext& ctx);
    std::vector<int> joined_fleets(int fleet, const ngn::Event& e, GameContext& ctx);
    void attempt_cost(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    void activate(int fleet, const ngn::Event& e, GameContext& ctx);
    bool may_activate(CampaignFleet& f, const ngn::Event& e, GameContext& ctx);
    void pay_activation(CampaignFleet& f, int cost, int written, const ngn::Event& e, GameContext& ctx);
    void taken_as_activated(CampaignFleet& f);
    bool joins_taken_leader(CampaignFleet& f, int fleet);
    void move_fleet(int fleet, const ngn::Event& e, GameContext& ctx);
    int activated_unmoved_from(int side, const ngn::Event& move) const;
    int unactivated_move(int fleet, const ngn::Event& e, GameContext& ctx);
    static void swap_activation(CampaignFleet& a, CampaignFleet& b);
    void pass(const Entity& side, const ngn::Event& e, GameContext& ctx);
    struct Check {
        int total = 0;    // the roll and the modifier the rules give (the players' where not known)
        int written = 0;  // the roll and its modifiers as the players added them
        bool passed = false;
        bool known = false;  // the FML is known and the roll read
        int fml = 0;
        std::optional<int> fml_other;  // the FML's other reading after one said wrong (6.1.1)
        // Whether a claimed result follows from the roll by a reading of a number said wrong (the
        // modifier as written, the FML's other reading): that number's finding is the only one.
        bool could_be(bool pass) const {
            for (const std::optional<int> level : {std::optional<int>(fml), fml_other})
                if (level && (pass == (total <= *level) || pass == (written <= *level))) return true;
            return false;
        }
        // The VP a failed roll's difference costs (6.1.2, 6.2.5), by the rules and as written.
        int cost() const { return std::max(0, total - fml); }
        int cost_as_written() const { return std::max(0, written - fml); }
        // by the FML's other reading (after a wrong FML said at the initiative); -1 without one
        int cost_by_other_fml() const { return fml_other ? std::max(0, total - *fml_other) : -1; }
    };
    Check fml_check(const CampaignFleet& f, const ngn::Event& e, const char* section, GameContext& ctx);
    std::optional<int> judge_admiral_modifier(const CampaignFleet& f, const ngn::Dice& dice, const char* section, GameContext& ctx);
    std::optional<int> vp_argument(const ngn::Event& e, const char* section, GameContext& ctx);
    void describe_operations(std::ostream& os, const GameContext& ctx) const;
    int fleet_index(const Entity& e) const;

    // ---- tactical_combat.cpp: the campaign's Tactical Combat Phase (7.0, 7.1, the second 7.9) ----
    void begin_battle_record(GameContext& ctx);
    void note_contested();
    void open_tactical_combat(GameContext& ctx);
    void close_tactical_combat(ngn::SourcePos at, GameContext& ctx);
    void combat_event(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void inline_battle(const ngn::Heading& h, GameContext& ctx);
    struct BattleOutcome;
    std::optional<BattleOutcome> replay_battle(const std::string& name, ngn::SourcePos at, GameContext& ctx);
    std::optional<BattleOutcome> read_battle(const std::string& name, const std::filesystem::path& path, ngn::SourcePos at, GameContext& ctx);
    void judge_battle_header(const BattleOutcome& b, ngn::SourcePos at, GameContext& ctx);
    void carry_back(const BattleOutcome& b, const std::string& area, bool undue, ngn::SourcePos at, GameContext& ctx);
    void carry_back_hits(const BattleOutcome& b, std::size_t ship, CampaignShip& state, ngn::SourcePos at);
    void fought_there_as_played(CampaignFleet& f, const std::string& area);
    void judge_engaged_fleets(const std::vector<const Entity*>& fought, const std::string& area, ngn::SourcePos at, GameContext& ctx);
    int judge_winner(const BattleOutcome& b, const Entity& written, const ngn::Event& e, GameContext& ctx);
    void compel(int side, const std::string& area, std::uint32_t line);
    void fought_unseen(const std::string& area);
    void may_have_fought(const std::string& area);
    std::vector<int> fleets_in_area(const std::string& area) const;
    bool may_fight_from(const CampaignFleet& f) const;
    const Entity* campaign_ship_named(const std::string& name) const;
    // the battle records replayed, by file: each is replayed and reported once a game (a record
    // naming one file again and again does not replay it again); null: not read
    std::map<std::string, std::shared_ptr<const BattleOutcome>> battles_read_;
    bool battle_ = false;    // a battle of the campaign, as a record of its own (7.0)
    bool tbb_ = false;       // a battle on the TBB: Lissa's or the campaign's

    // ---- end_of_turn.cpp: the campaign's End of Turn Phase: weather damage (11.1), repair (11.2) ----
    void end_of_turn_heading(const ngn::Heading& h, GameContext& ctx);
    void end_of_turn_event(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void weather_damage(const ngn::Event& e, const Entity& ship, GameContext& ctx);
    std::optional<std::string> weather_written(const ngn::Event& e) const;
    std::vector<std::pair<std::string, int>> weather_damage_modifiers(const Entity& ship) const;
    void repair(const ngn::Event& e, const Entity& ship, GameContext& ctx);
    void damaged_as_played(const Entity& ship, CampaignShip& state, bool weather_roll, const ngn::Event& e, GameContext& ctx);
    void judge_repaired_boxes(const Entity& ship, CampaignShip& state, int claimed, const ngn::Event& e, GameContext& ctx);
    void sink_campaign_ship(const Entity& ship, std::uint32_t line);
    void fate_unknown(const Entity& ship, CampaignShip& state);  // 11.1, its roll left out
    const CampaignFleet* fleet_of(const Entity& ship) const;
    char campaign_crew(const Entity& ship) const;

    // ---- reinforcement.cpp: the Reinforcement Segment (11.2 as printed: 11.2.1 a, 11.2.2 a) ----
    void reinforcement_roll(const ngn::Event& e, const Entity& side, GameContext& ctx);
    void roma_joins(const ngn::Event& e, const Entity& side, GameContext& ctx);  // 14.5
    void roma_declared(const Entity& ship, const CampaignFleet* fleet, ngn::SourcePos at, GameContext& ctx);  // 14.5
    bool is_roma(const Entity& ship) const;
    bool names_roma(const Entity& ship) const;
    void went_by_the_roll(int fleet, bool moving);
    void on_its_own(CampaignFleet& f);
    bool italian_main_on_turn_one(const CampaignFleet& f) const;  // 13.1.1's first mobilization
    static bool no_modifiers(const ngn::Dice& dice, const char* section, const std::string& roll, GameContext& ctx);
    void judge_roma_declared(GameContext& ctx);
    void judge_roma_sails(const CampaignFleet& f, const ngn::Event& move, GameContext& ctx);
    void put_roma_hits(int hits);
    bool arrives_now(const CampaignFleet& f, GameContext& ctx);
    bool reserve_held(const CampaignFleet& f) const;
    void note_bombardment();

    // ---- victory_determination.cpp: the campaign's VP track (12.1, 12.2's notes), the Blockade Phase (10.0), the FML by VP (6.1.1) ----
    void gain_vp(int side, int vp);
    void pay_vp(int side, int vp, ngn::SourcePos at, GameContext& ctx, bool judge = true);
    void tally_turn(GameContext& ctx);
    void dispute_vp(int side, int as_written, int by_rules);
    void judge_deficit(int side, int vp, ngn::SourcePos at, GameContext& ctx);
    void raise_fml_for_vp(std::size_t side, GameContext& ctx);
    void players_gains(std::size_t side, int by, GameContext& ctx);
    void vp_line(const ngn::Event& e, const Entity& side, GameContext& ctx);
    std::string vp_text(const GameContext& ctx) const;

    // ---- victory.cpp: 7.9 Combat End Game (the second 7.9), 12.1, 12.2, 13.2.4 ----
    std::vector<int> victory_points() const;
    void judge_result(GameContext& ctx);
    void judge_campaign_result(GameContext& ctx);
    void score_blockades(GameContext& ctx);
    bool marked_low_fuel(const CampaignFleet& f, const GameContext& ctx) const;
    bool marked_this_turn(const CampaignFleet& f, const GameContext& ctx) const;

    std::optional<Manifest> manifest_;
    std::optional<TablePack> tables_;
    std::deque<Ship> ships_;
    // each ship's hex on its board and on the one grid, by its index: looked through at every hex a
    // move enters and every hex a line of sight crosses
    std::vector<Hex> hexes_, grids_;
    void set_place(Ship& s, const Spot& at) { s.at = at, hexes_[s.index] = at.hex, grids_[s.index] = at.grid; }
    bool hits_parted_ = false;  // some ship's hits were played apart from the rules' (reported)
    std::uint64_t hits_changed_ = 1;  // counts changes of hits: a ship's MA kept from before is good while it stands
    std::deque<Formation> formations_;
    std::map<const Entity*, Ship*> ship_by_;
    std::map<const Entity*, Formation*> formation_by_;
    geometry::hex::Grid grid_;
    bool lissa_ = false;  // the Battle of Lissa (13.2): the one battle the engine replays
    bool campaign_ = false;  // the campaign (13.1): its Turn Start Phase is read, the rest is sequence only
    TurnStart turn_start_;
    Operations operations_;
    bool in_operations_ = false;  // the Operations Phase is open
    bool los_edge_either_ = false;
    bool roma_rule_ = false;      // 14.5 in force
    bool diw_marker_rule_ = false;  // a battle's DIW marker makes a ship DIW in the campaign (campaign-diw=marker)
    bool roma_at_set_up_ = false; // the Roma is set up in Taranto, paid for when it first sails (roma-joins=at-set-up)
    bool coastal_at_sea_ = true;  // a coastal area or the Mediterranean is one At Sea box (Readings: coastal-at-sea)
    bool port_fleets_fight_ = false;  // a fleet in its Port box fights opposing fleets in its area (unmobilized-fight=yes)
    bool rifled_rule_ = false;    // 14.3 in force
    bool critical_rule_ = false;  // 14.1 in force
    bool not_ready_rule_ = false; // 14.2 in force
    bool dispatch_rule_ = false;  // 14.4 in force
    std::string weather_ = "rough";  // 13.2.3
    int initiative_ = -1;            // the side with the initiative (13.2.3: Italy)
    int italy_ = -1, austria_ = -1;
    // where the battle stands
    int impulse_ = 0;
    std::optional<int> visibility_;  // hexes; none until known
    std::optional<int> visibility_by_rules_;   // the rules' count, while a written value parts from it
    std::optional<Cause> visibility_parted_;
    int engaged_last_ = 0;  // ships that engaged in fire combat in the impulse before (7.6.4)
    bool in_play_ = false;
    std::string step_;
    Formation* active_formation_ = nullptr;
    Ship* active_ship_ = nullptr;
    bool formation_moved_ = false;  // a ship of the active formation has moved: no more fire (7.5.1)
    std::vector<const Ship*> linked_now_;
    // what the active formation's activation fixed as it began: its ships in formation, their MP
    // (the slowest MA, 3.0, as played and by the rules) and the dispatch ships its flagship saw (14.4)
    std::vector<const Ship*> fleet_now_;
    std::optional<int> fleet_mp_, fleet_mp_by_rules_;
    std::vector<const Ship*> dispatch_seen_;
    std::optional<Cause> chain_doubt_;  // why who is linked in the active formation is in doubt, if it is  // the active formation's ships linked to its flagship (7.4.2)
    std::set<const Ship*> engaged_now_;    // ships that engaged in fire combat this impulse (7.6.4)
    bool count_targets_ = false;           // option visibility-count=firers-and-targets
    int last_side_ = -1;        // the side of the last activation this impulse
    std::vector<int> vp_;       // by side (12.1)
    std::vector<std::string> side_names_;  // by side, lower case
    bool said_no_manifest_ = false, said_no_tables_ = false, said_boards_ = false;
    std::optional<std::map<const Entity*, std::uint32_t>> last_named_;  // the last event line naming each ship
    std::vector<std::uint32_t> impulse_lines_;                           // where each impulse heading stands
    std::uint32_t last_event_line_ = 0;
    std::optional<Cause> placed_refusal_;  // the fire being judged was refused for where the ships are
    std::optional<std::pair<std::uint32_t, Cause>> unread_;  // the last line that could not be read, and why
    std::optional<Cause> line_gap_;  // this step's line-ahead was said broken (7.4.3): its ships beyond the gap follow
    bool acts_indexed_ = false;
    std::map<const Entity*, std::vector<std::pair<std::uint32_t, const ngn::Event*>>> acts_;  // each ship's own lines, in order
    UnknownVerbs unknown_verbs_;
    friend struct Verbs;
};

}  // namespace ironlog::rules::tmbv
