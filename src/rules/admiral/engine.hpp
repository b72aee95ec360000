// The admiral engine: a battle of the Admiral 2.0 demo, turn by turn (Playing Admiral/The Turn):
// the set-up, the tactical phase's Admiral Points and initiative, the operational phase's hands
// (movement, ramming, gunnery, torpedoes, damage, Admiral Orders) and the chronometric phase.
// docs/rules/admiral.md lists each rule with how it is checked.
#pragma once

#include "check/as_played.hpp"
#include "check/engine.hpp"
#include "check/verbs.hpp"
#include "rules/admiral/state.hpp"
#include "rules/admiral/tables.hpp"
#include "rules/admiral/unit_card.hpp"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace ironlog::rules::admiral {

std::unique_ptr<Engine> make_engine();
RuleRef cite(const char* section);
// Where an event's action stands: its first word after the actor, or the actor when it has none.
inline ngn::SourcePos where(const ngn::Event& e) { return e.args.empty() ? e.subject.pos : e.args.front().pos; }
// "1 hit", "2 hits": a count with its noun in the number it needs.
inline std::string count_of(int n, const std::string& noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }
// The last roll an event writes; null when it writes none.
inline const ngn::Dice* last_dice(ngn::Items items) {
    const ngn::Dice* dice = nullptr;
    for (const auto& it : items) dice = it.as<ngn::Dice>() ? it.as<ngn::Dice>() : dice;
    return dice;
}

// A roll with its modifiers as the rules give them and as the record wrote them.
struct Roll {
    int face = 0;
    int rules = 0;                  // face + the rules' modifiers
    std::optional<int> recorded;    // face + the record's modifiers, or its total; none when it wrote neither
    std::optional<int> total;       // the total as written ("= 7"): the players played on with it
    std::vector<std::pair<std::string, int>> mods;  // the rules' modifiers, named
    std::string rules_text() const;                 // "4 +3(bow, long) -2(target speed) = 5"
    int played() const { return total.value_or(recorded.value_or(rules)); }
    // A total that does not add up its own faces and modifiers: the kit's finding (ngn 5.4).
    bool total_off() const { return total && recorded && *total != *recorded; }
};

class AdmiralEngine final : public Engine {
public:
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;
    std::vector<std::string_view> verbs() const override;
    bool describes_positions() const override { return true; }
    std::optional<Scene> scene(const GameContext& ctx) const override;  // scene.cpp
    std::optional<SceneMeasure> measure(const GameContext& ctx, const Entity& from, const Entity& to) const override;  // scene.cpp
    std::unique_ptr<Engine> clone() const override;

    AdmiralEngine() = default;

    // A unit's own line: it takes (or goes on with) its hand, then acts; with `moves_later`, a hand
    // that has not moved yet must move later in it (look_for_move).
    using Act = void (AdmiralEngine::*)(Unit&, const ngn::Event&, GameContext&);
    bool in_hand(const ngn::Event& e, const Entity& who, GameContext& ctx, Act act, bool moves_later);

    // ---- the verb table's handlers ----
    static bool on_command(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_placement(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_initiative(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_pass(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_move(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_fire(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_torpedo(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_malfunction(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_critical(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_order(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_collide(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);
    static bool on_repair(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx);

private:
    Unit* unit(const Entity& e);
    Unit* named_unit(const ngn::Item& it, GameContext& ctx);
    bool in_phase(const char* phase, const ngn::Event& e, const RuleRef& rule, GameContext& ctx);
    void unverified(const std::string& what, const RuleRef& rule, ngn::SourcePos at, GameContext& ctx);
    bool needs(const Unit& u, bool has, const char* field, const RuleRef& rule, ngn::SourcePos at, GameContext& ctx);
    std::string side_name(int side, const GameContext& ctx) const;

    // ---- turn_phases.cpp: Playing Admiral/The Turn, Tactical, Operational, Chronometric Phase ----
    void start_turn(GameContext& ctx);
    bool take_hand(Unit& u, const ngn::Event& e, GameContext& ctx);  // the unit's activation, from its first line
    bool hand_of_side(int side, ngn::SourcePos at, GameContext& ctx);
    void end_hand(GameContext& ctx, ngn::SourcePos at);
    void sink(Unit& u, std::uint32_t line, std::optional<Cause> reported = std::nullopt);
    void gone(Unit& u, const RuleRef& rule, ngn::SourcePos at, const std::string& who, GameContext& ctx);
    bool side_has_units_left(int side) const;
    void chronometric(GameContext& ctx, ngn::SourcePos at);
    std::optional<int> highest_command(int side) const;
    void judge_result(GameContext& ctx);
    int pass_cards_allowed(int side) const;

    // ---- game_setup.cpp: Playing Admiral/Game Setup ... Initial Condition of Units ----
    void declare_ship(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void check_same_names(const Unit& u, ngn::SourcePos at, GameContext& ctx);
    std::set<int> starting_speeds(const Unit& u) const;  // 2/3 of the maximum, or the formation's
    std::vector<const Unit*> formation_of(const Unit& u, double within) const;
    void find_formations() const;
    bool near_enough(const Unit& a, const Unit& b, double within) const;
    mutable std::vector<std::map<const Unit*, int>> formation_slowest_;  // by reading of the 5 cm; found once a game
    double hull_gap(const Unit& a, const Unit& b) const;

    // ---- movement.cpp: Units Movement ----
    void set_speed(Unit& u, const ngn::Event& e, std::size_t& i, GameContext& ctx);
    void not_read(Unit& u, ngn::SourcePos at, const std::string& what, GameContext& ctx);
    bool line_unread_ = false;  // the move line being read has a part that could not be read
    bool moves_later_in_hand(const Unit& u, std::uint32_t line, GameContext& ctx) const;
    bool hand_later_this_turn(const Unit& u, std::uint32_t line, GameContext& ctx) const;
    bool hand_left_out(Unit& u, ngn::SourcePos at, GameContext& ctx);
    void look_for_move(Unit& u, const ngn::Event& e, GameContext& ctx);
    std::vector<int> speeds_as_played(const Unit& u) const;
    // A fire or launch that could not be read: its hits, if any, are unknown; a critical roll of
    // this turn with no damage behind it follows from it.
    void unread_attack(const Finding& f) { unread_attack_.mark(turn_, Findings::cause_of(f)); }
    MistakeIn unread_attack_;
    bool named_later(const Unit& u, std::uint32_t line, GameContext& ctx) const;
    bool speed_change_legal(const Unit& u, int from, int to, std::string& why) const;
    std::optional<int> judge_speed_change(Unit& u, int to, bool first, ngn::SourcePos at, GameContext& ctx);
    void run(Unit& u, const ngn::Item& it, GameContext& ctx);
    void rotate(Unit& u, const ngn::Item& it, const ngn::Event& e, std::size_t i, GameContext& ctx);
    double rotation_distance(const Unit& u) const;
    bool slow(const Unit& u) const;  // at either speed it may be going, as played
    bool slow(const Unit& u, int knots) const;
    void judge_place(Unit& u, geometry::Point at, double heading, const ngn::Event& e, GameContext& ctx);
    void end_activation(Unit& u, GameContext& ctx, ngn::SourcePos at);
    bool on_table(geometry::Point p) const;
    double cm_of(int knots) const { return std::abs(knots) * scale_.cm_per_knot; }

    // ---- line_of_sight.cpp: General Principles/Line of Sight, Units' Course ----
    std::vector<Arc> arcs_of(const Unit& from, const Unit& to) const;  // one, or two on a boundary
    std::vector<Section> sections_shown(const Unit& target, const Unit& from) const;
    std::optional<const Unit*> covered_by(const Unit& from, const Unit& to) const;
    int size_of(const Unit& u) const;
    double distance(const Unit& a, const Unit& b) const { return geometry::distance(a.at, b.at); }
    bool judge_distance(const Unit& a, const Unit& b, const ngn::Item* written, const RuleRef& rule, GameContext& ctx, double& d);

    // ---- gunnery.cpp: Attack and Defence of Naval Units ----
    void fire(Unit& u, const ngn::Event& e, GameContext& ctx);
    bool may_fire(Unit& u, int b, Arc arc, Unit& target, const ngn::Event& e, GameContext& ctx);
    double range_of(const Unit& u, int b) const;
    const Unit* nearer_target(const Unit& u, int b, const Unit& target, double d) const;
    void resolve_fire(Unit& u, int b, Arc arc, Unit& target, double d, const ngn::Dice& attack, const ngn::Dice& defence, const ngn::Event& e,
                      GameContext& ctx);
    std::vector<std::pair<std::string, int>> attack_modifiers(const Unit& u, int own_knots, int target_knots, bool long_range, bool light_damage,
                                                              bool radio, const ngn::Event& e) const;
    Roll read_roll(const ngn::Dice& dice, std::vector<std::pair<std::string, int>> mods) const;
    RuleRef attack_rule_of(const Roll& r, const ngn::Dice& dice, const Unit& u, int b, Arc arc) const;
    Automatic rules_kind_of(int face, const Unit& target) const;
    void hit_damage(Unit& u, Unit& target, int face, bool rules_hit, std::optional<Automatic> claimed_kind, bool claimed_sunk,
                    std::optional<Cause> why, const ngn::Event& e, GameContext& ctx, std::optional<int> implied_face = std::nullopt);
    bool judge_roll(const Roll& r, const char* what, const RuleRef& rule, ngn::SourcePos at, GameContext& ctx);

    // ---- torpedoes.cpp: Launching Torpedoes, Torpedo Launch Bonuses and Maluses ----
    void torpedo(Unit& u, const ngn::Event& e, GameContext& ctx);
    std::vector<int> torpedo_success(const Unit& u, const Unit& target, double d) const;  // at the target's speed(s) as played
    std::vector<int> torpedo_success(const Unit& u, const Unit& target, int knots, double d) const;
    void judge_torpedo_hits(Unit& u, Unit& target, double d, const ngn::Dice& dice, bool magnetic, const ngn::Event& e, GameContext& ctx);

    // ---- damage.cpp: Damage ----
    // One damage (Damage/Light and Severe Damage): structure points lost, the automatic action due,
    // the critical roll owed (gunnery's; a torpedo's critical table is the official version's).
    struct Blow {  // one attack's damage to a unit, as claimed and as the rules give it
        Automatic kind = Automatic::Light;  // as claimed
        int structure = 0;                  // severe damage as claimed
        int rules_structure = 0;            // and as the rules give it
        bool claims_sunk = false;
        std::optional<Cause> why;   // the finding that parted the claim from the rules
        bool critical_roll = true;  // gunnery's; a torpedo's and a ram's critical tables are the official version's
    };
    void damage(Unit& target, const Unit& attacker, const Blow& blow, const ngn::Event& e, GameContext& ctx);
    void critical(Unit& u, const ngn::Event& e, GameContext& ctx);
    void criticals_owed(Unit& u, GameContext& ctx, ngn::SourcePos at);
    int structure_points(const Unit& u) const;
    ScenePiece unit_piece(const Unit& u) const;  // scene.cpp
    std::vector<SceneArc> unit_arcs(const Unit& u) const;

    // ---- ramming.cpp: Units Movement/Ramming ----
    void collide(Unit& u, const ngn::Event& e, GameContext& ctx);

    // ---- admiral_orders.cpp: Admiral Orders, War Technology/Special Rules ----
    void order(Unit& u, const ngn::Event& e, GameContext& ctx);

    // Copies every member (the units by value); clone() then points the copy's pointers to
    // units at its own units (repoint_units).
    AdmiralEngine(const AdmiralEngine&) = default;
    AdmiralEngine& operator=(const AdmiralEngine&) = delete;
    void repoint_units(const AdmiralEngine& original);

    // Loaded in begin() and only read after: a copy shares them.
    std::vector<std::shared_ptr<const CardLibrary>> libraries_;
    std::deque<Unit> units_;
    std::map<std::pair<int, int>, const Unit*> numbers_;  // by side and activation card
    std::map<std::string, const Unit*> names_;            // by name, type and nation
    std::map<const Entity*, Unit*> unit_by_;
    std::vector<SideState> sides_;
    Scale scale_;
    double table_w_ = 240, table_h_ = 180;
    double tolerance_ = 0.5;
    static constexpr double kAngleTolerance = 2.0;  // degrees, as a protractor is read
    // Lines of sight and the nearest target look at every unit: past this many (no battle of the
    // book's comes near), they are said once as not verified, so a record stays quick to check.
    static constexpr std::size_t kMostUnitsJudged = 200;
    bool tie_hits_ = false;            // option attack-tie=hit
    bool end_rotation_always_ = false; // option end-rotation=always
    int turn_ = 0;
    std::string phase_;
    Unit* active_ = nullptr;           // the unit whose hand it is
    int last_hand_side_ = -1;          // the side of the last hand this turn
    std::optional<Cause> hands_parted_;  // hands out of turn this turn (reported): a hand left out, most likely
    std::optional<int> initiative_winner_;
    std::set<std::string> said_;       // what is said once a game
    UnknownVerbs unknown_verbs_;
    friend struct Verbs;
};

}  // namespace ironlog::rules::admiral
