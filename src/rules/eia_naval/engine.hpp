// The Empires in Arms naval phase engine (6.0): movement on the area map, interception,
// evasion, the wind gauge, combat from the table pack, victory and political points, retreat
// and pursuit, transport of corps, ports changing hands. docs/rules/eia-naval.md lists each
// case with how it is checked.
#pragma once

#include "check/engine.hpp"
#include "rules/eia_naval/state.hpp"

#include <memory>

namespace ironlog::rules::eia_naval {

std::unique_ptr<Engine> make_engine();

// An interception tried: why it may not be (with the case), or how the die is read.
struct InterceptionTry {
    std::string why;  // "" when it may be tried
    RuleRef rule;
    bool adjacent = false;   // from the next area: 0 or 1 (6.2.3.2.2.1); else 0 to 3 (6.2.3.2.2.2)
    bool automatic = false;  // in a blockade box: no die
};

// A stack's move as it is read, place by place (6.2.2): who moves, what it carries, where it has
// got to and what it has spent, and which of the path's problems it has said already.
struct StackMove {
    std::vector<Fleet*> stack;
    std::vector<Leader*> leaders;
    std::vector<Corps*> carried;
    std::map<Fleet*, int> joined;  // where fleets joined the stack (MP spent so far)
    int power = -1;
    const Power* mover = nullptr;  // pw(power)
    Where start, at;
    int cost = 0;
    bool invite = false;  // asks to be intercepted in the box of the port it enters (6.2.3.1.2.1)
    bool reported_path = false, reported_ice = false;
    bool ice_start = false;  // it starts north of the ice line in winter (found once, at the start)
    std::optional<Cause> start_doubt;  // a finding that leaves where the stack starts in doubt
    std::optional<Cause> path_cause;   // the finding on this move's path, if any
    RuleRef cost_rule = cite("6.2.1.1");  // what its cost is read by: 6.2.1.2 once a port or box is on the way
};

class EiaEngine final : public Engine {
public:
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;
    std::vector<std::string_view> verbs() const override;
    std::optional<Scene> scene(const GameContext& ctx) const override;  // scene.cpp
    void scene_pieces(Scene& scene) const;                               // scene.cpp
    bool describes_positions() const override { return true; }
    std::unique_ptr<Engine> clone() const override;

    EiaEngine() = default;

private:
    // clone(): every member copied, then the copy's pointers pointed at its own fleets, leaders ...
    EiaEngine(const EiaEngine& other) = default;
    EiaEngine& operator=(const EiaEngine&) = delete;
    void point_at_own(const EiaEngine& original);

    // ---- engine.cpp ----
    Fleet* fleet(const Entity& e);
    Corps* corps_of(const Entity& e);
    void in_step(const char* step, const ngn::Event& e, GameContext& ctx);
    void announce(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    bool roll_in_order(const ngn::Event& e, const Entity& actor, int power, bool harbour, GameContext& ctx);
    bool in_its_sequence(const ngn::Event& e, const std::vector<Fleet*>& stack, GameContext& ctx);
    InterceptionTry who_may_intercept(int power, int mover, const Where& target, const Where& from, GameContext& ctx);
    void declare_power(const ngn::Declaration& d, const Entity& e, GameContext& ctx);
    void line_not_read(const ngn::Event& e, GameContext& ctx);
    const ngn::Event* action_first(const ngn::Event& e, GameContext& ctx);
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
    bool cause_to_blockade(const Where& box, int power, GameContext& ctx) const;
    bool winter() const;
    std::vector<Fleet*> fleets_at(const Where& w, int power);
    bool nelson_with(const std::vector<Fleet*>& fleets) const;
    const ngn::Dice* dice_of(const ngn::Event& e) const;
    // The roll of a line whose rule rolls one die: more are a finding (the roll is then not judged).
    const ngn::Dice* one_die(const ngn::Event& e, const RuleRef& rule, GameContext& ctx) const;
    std::vector<Fleet*> fleet_list(const ngn::Event& e, std::size_t& i, GameContext& ctx, const RuleRef& rule);
    void start_sequence(Major m, GameContext& ctx, ngn::SourcePos at);
    void land_phase_over();
    void end_sequence(GameContext& ctx, ngn::SourcePos at);
    int phasing_side() const { return phasing_; }
    bool phasing(int power) const;
    bool moves_now(int power) const;
    bool may_retreat(const Where& from, int power, GameContext& ctx) const;

    // ---- movement.cpp ----
    int step_cost(const Where& from, const Where& to, std::string& problem, RuleRef* rule = nullptr) const;
    void move(const ngn::Event& written, const Entity& actor, GameContext& ctx);
    const ngn::Event& reread_move(const ngn::Event& e, GameContext& ctx);
    const char* read_places_apart(std::vector<ngn::Item>& items, std::vector<std::string>& what, GameContext& ctx);
    void fleets_first(std::vector<ngn::Item>& items, std::vector<std::string>& what, GameContext& ctx);
    void places_in_order(std::vector<ngn::Item>& items, std::vector<std::string>& what, const ngn::Event& e, const char* run_together,
                         GameContext& ctx);
    std::optional<int> path_cost(Where start, const std::vector<Where>& places, bool* first_broken = nullptr) const;
    std::string_view keep(std::string text);
    ngn::Item place_item(const ngn::Item& like, std::string_view area, std::string_view box, bool quoted);
    void change_stack(const std::string& w, const ngn::Item& list, StackMove& m, GameContext& ctx);
    void settle_start(const ngn::Event& e, std::size_t i, StackMove& m, GameContext& ctx);
    void doubt_stack_of(const std::vector<Fleet*>& fleets, const Cause& cause);
    void move_left_out(const Cause& cause);
    void begun_in_doubt(const std::vector<Fleet*>& stack, const Cause& cause, GameContext& ctx, const ngn::Event& e);
    void carry_corps(const ngn::Item& x, const Entity* ent, StackMove& m, GameContext& ctx);
    void move_step(const ngn::Item& it, const Where& next, StackMove& m, GameContext& ctx);
    void enter_port(const ngn::Item& it, const Where& next, const geometry::Place& np, const StackMove& m, GameContext& ctx);
    void spend_movement_points(const ngn::Event& e, StackMove& m, GameContext& ctx);
    void stack_moved(const StackMove& m);
    void intercept(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void interceptors_in_order(const std::vector<Fleet*>& stack, int power, const Where& from, const Where& target,
                               InterceptionTry& attempt);
    std::pair<std::optional<bool>, std::optional<bool>> interception_roll(const ngn::Event& e, bool nelson, const InterceptionTry& attempt,
                                                                          GameContext& ctx);
    void interceptors_engage(const ngn::Event& e, const std::vector<Fleet*>& stack, int power, int mover, const Where& from,
                             const Where& target, bool disputed, GameContext& ctx);
    void port_control(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void leave_port(const ngn::Event& e, Fleet& f, GameContext& ctx);
    void scuttle(const ngn::Event& e, Fleet& f, GameContext& ctx);
    void disembark(const ngn::Event& e, Corps& c, GameContext& ctx);

    // ---- combat.cpp ----
    void attack(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void evade(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void sides_there(Combat& c, GameContext& ctx, const ngn::Event& e);
    void doubt_from_fleets(Combat& c);
    void wind_gauge(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void fight_on_after_barred_evasion();
    void combat_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx, bool harbour);
    std::pair<std::optional<int>, std::optional<int>> modified_combat_roll(const ngn::Event& e, Combat& c, int power, bool harbour,
                                                                           GameContext& ctx);
    void lose(const ngn::Event& e, Fleet& f, GameContext& ctx);
    void result(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void retreat(const ngn::Event& e, const Entity& actor, GameContext& ctx, bool pursuit);
    void judge_retreat(const ngn::Event& e, int power, int own, const Where& to, GameContext& ctx);
    void judge_pursuit(const ngn::Event& e, int power, int own, const Where& to, const std::vector<Fleet*>& fleets, GameContext& ctx);
    Cause wind_claim_mistake(const ngn::Event& e, bool automatic, std::optional<int> computed, std::optional<int> said,
                             GameContext& ctx);
    void decide(GameContext& ctx, ngn::SourcePos at);
    void close_combat(GameContext& ctx, ngn::SourcePos at);
    // The nearest ports a beaten stack may retreat to (6.3.5.1), and their distance in MP.
    std::pair<std::vector<std::string>, int> retreat_ports(const Where& from, int power, GameContext& ctx) const;
    void take_losses(std::vector<Fleet*>& fleets, int losses);
    void consolidate(std::uint32_t combat_line);
    void gone_fleet_used(Fleet& f, ngn::SourcePos at, GameContext& ctx);
    Combat* open_combat(GameContext& ctx, const ngn::Event& e);
    const Finding* combat_error(GameContext& ctx, Kind kind, const RuleRef& rule, ngn::SourcePos pos, const std::string& message,
                                std::optional<std::string> expected = std::nullopt, std::optional<std::string> recorded = std::nullopt);
    void combat_in_doubt(GameContext& ctx, ngn::SourcePos pos, const std::string& what);
    bool combat_left_out(const ngn::Event& e, int own, GameContext& ctx);
    bool side_ships_doubted(const std::vector<Fleet*>& fleets) const;
    bool nelson_slip(const ngn::Dice& d, bool nelson_here, int value, ngn::SourcePos pos, const std::string& what, GameContext& ctx);

    std::optional<geometry::AreaMap> map_;
    std::optional<TablePack> tables_;
    bool map_missing_ = false;  // named, but not a file (reported with the header)
    bool map_reported_ = false;
    bool need_map(ngn::SourcePos at, GameContext& ctx);
    std::deque<Power> powers_;  // by side index (a deque: sides declared later keep earlier ones in place)
    // The power of a side index; a blank one (no side) for anything else.
    Power& pw(int side);
    const Power& pw(int side) const;
    Owned<Fleet> fleets_;
    Owned<Leader> leaders_;
    Owned<Corps> corps_;
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
    std::vector<Leader*> moving_leaders_;  // the leaders that moved with it
    std::string moving_start_port_;  // the port the moving stack sailed from, if it did
    bool moving_into_port_ = false;      // entering a port (no box interception unless asked)
    std::set<std::pair<std::string, int>> tried_;  // (place, power) interceptions tried against the moving stack
    bool intercepted_here_ = false;
    std::set<int> barred_;  // powers whose interceptors lost to the phasing side this sequence (6.2.3.4.2)
    Owned<Combat> combats_;
    Combat* combat_ = nullptr;  // the combat being fought
    std::map<Fleet*, int> assigned_;        // ships the record gives each fleet to lose in this combat
    std::set<int> resulted_;                // powers that gave the combat's result
    std::string retreated_to_port_;         // where the loser of this combat went, for the pursuit
    bool retreat_reported_ = false;         // the loser's retreat broke the rules (said once)
    std::set<std::string> attacked_places_;  // evasion success: no other attack in the area
    UnknownVerbs unknown_verbs_;
    bool named_gone_ = false;
    std::optional<Cause> nelson_doubt_;
    std::map<std::string, Cause> port_doubt_;  // ports whose change of hands may be left out (reported): who holds them as played  // NELSON not where the record has him (reported): the record's NELSON followed  // the last fleet_list named a fleet removed from the map (said by gone_fleet_used)
    // lines read again with their words in order (reread_move, event): their items and texts,
    // kept as long as the game is checked
    std::deque<std::string> reread_text_;
    std::deque<std::vector<ngn::Item>> reread_items_;
    std::deque<ngn::Event> reread_events_;
    static const Verb<EiaEngine> kVerbs[];  // engine.cpp: verb -> handler
};

}  // namespace ironlog::rules::eia_naval
