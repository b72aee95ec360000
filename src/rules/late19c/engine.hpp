// The Late 19th Century rule engine: land battles on hexes with playing-card activation, naval
// battles on hexes, and both together. It replays a record turn by turn and reports every move
// the rules forbid and every claimed result the dice and the rules do not give.
// docs/rules/late19c.md lists each rule with how it is checked.
#pragma once

#include "check/engine.hpp"
#include "rules/late19c/state.hpp"

#include <deque>
#include <memory>

namespace ironlog::rules::late19c {

std::unique_ptr<Engine> make_engine();

// What the steps of a unit's move showed: whether it kept to a road all along, and which of the
// step rules it broke already (each said once a move).
struct UnitSteps {
    bool on_road = false;
    bool reported_step = false, reported_stop = false, reported_withdrawal = false;
    std::optional<Cause> off_path;  // a step not to an adjacent hex (reported): where the move ends is in doubt
};

class Late19cEngine final : public Engine {
public:
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void setup(const ngn::Setup& s, const Entity& e, GameContext& ctx) override;
    void terrain(const ngn::Terrain& t, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;
    std::vector<std::string_view> verbs() const override;
    std::optional<Scene> scene(const GameContext& ctx) const override;  // scene.cpp
    std::optional<SceneMeasure> measure(const GameContext& ctx, const Entity& from, const Entity& to) const override;  // scene.cpp
    bool describes_positions() const override { return true; }
    std::unique_ptr<Engine> clone() const override;

    Late19cEngine() = default;

private:
    // clone(): every member copied, then the copy's Piece* pointed at its own pieces.
    Late19cEngine(const Late19cEngine& other) = default;
    void point_at_own(const Late19cEngine& original);
    Late19cEngine& operator=(const Late19cEngine&) = delete;

    // ---- engine.cpp: the order of battle, the turn, tiles, hits, exhaustion ----
    Piece* piece(const Entity& e);
    Piece* piece_named(const ngn::Item& item, GameContext& ctx);
    std::vector<Piece*> pieces_at(Hex h);
    std::vector<Piece*> all_at(Hex h);
    bool placed(const Piece& p) const { return p.on_map() && p.hex && !p.whereabouts_unknown; }
    void doubt_place(Piece& p, const Cause& why);
    std::optional<Cause> place_doubt(const Piece& a, const Piece* b) const;
    void look_for_move_left_out(Piece& p, std::uint32_t line, GameContext& ctx);
    std::string retreat_barred(const Piece& p, Hex to, Piece** in_the_way = nullptr);
    void retreat(Piece& p, Hex to, ngn::SourcePos at, GameContext& ctx);
    void find_moves_left_out(GameContext& ctx, ngn::SourcePos at);
    std::string retreat_choices(const Piece& p);
    std::vector<Piece*> enemies_of(const Piece& p);
    bool commander_near(const Piece& p) const;
    bool is_front(const Piece& defender, Hex from) const;
    std::optional<HexRef> hex_arg(const ngn::Item& item, GameContext& ctx, const RuleRef& rule);
    const ngn::Dice* dice_of(const ngn::Event& e) const;
    void start_play(GameContext& ctx);
    void start_turn(GameContext& ctx);
    void end_turn(GameContext& ctx, ngn::SourcePos at);
    void leave_phase(GameContext& ctx, ngn::SourcePos at);
    void check_unresolved(GameContext& ctx, ngn::SourcePos at);
    void unresolved_hits(Piece& p, int missing, ngn::SourcePos at, bool mines, GameContext& ctx);
    bool taken_as_lost(Piece& p, ngn::SourcePos at, GameContext& ctx);
    void unread_line(const Entity& actor, Piece* p, const Cause& why, GameContext& ctx);
    // the actions (engine.cpp's verb table)
    static ngn::SourcePos action_pos(const ngn::Event& e);
    const ngn::Event& reread(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    static bool is_action(std::string_view verb);
    void wrong_phase(const ngn::Event& e, const std::string& where, GameContext& ctx);
    bool out_of_phase_naval(const ngn::Event& e, const Entity& actor, const std::string& where, GameContext& ctx);
    Piece* piece_acting(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    Cause gone_piece_used(Piece& p, ngn::SourcePos at, GameContext& ctx);
    bool side_action(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void tile_action(const ngn::Event& e, Piece& p, GameContext& ctx);
    void torpedo_action(const ngn::Event& e, const Entity& actor, Piece& p, GameContext& ctx);
    void fire_action(const ngn::Event& e, const Entity& actor, Piece& p, GameContext& ctx);
    void move_action(const ngn::Event& e, const Entity& actor, Piece& p, GameContext& ctx);
    void land_action(const ngn::Event& e, Piece& p, GameContext& ctx);
    void check_side_moving(const ngn::Event& e, const Piece& p, GameContext& ctx);
    bool read_piece_words(const ngn::Declaration& d, Piece& p, std::optional<int>& sp, GameContext& ctx);
    std::vector<std::pair<int, std::optional<Hex>>> claimed_landings(const ngn::Event& e, const ngn::Dice* dice, GameContext& ctx);
    std::vector<std::pair<HexRef, ngn::SourcePos>> move_path(const ngn::Event& e, const RuleRef& hex_rule, const RuleRef& facing_rule,
                                                             GameContext& ctx);
    bool swapped_path(Hex start, const ngn::Event& move) const;
    bool hex_to_hex(Hex start, const std::vector<Hex>& hexes) const;
    std::optional<Cause> hexes_in_order(const ngn::Event& e, Hex start, std::vector<std::pair<HexRef, ngn::SourcePos>>& path,
                                        GameContext& ctx);
    UnitSteps unit_steps(const Piece& p, const std::vector<std::pair<HexRef, ngn::SourcePos>>& path, const std::set<Piece*>& facing_me,
                         GameContext& ctx);
    void remove_sunk();
    void tile(const ngn::Event& e, Piece& p, GameContext& ctx);
    bool activate(const ngn::Event& e, Piece& p, GameContext& ctx);
    void add_hits(Piece& target, int count, PendingHit hit);
    void hit(const ngn::Event& e, Piece& p, GameContext& ctx);
    void hit_on_unit(const ngn::Event& e, Piece& p, const PendingHit& h, GameContext& ctx);
    std::optional<int> unit_hit_die(const ngn::Event& e, GameContext& ctx);
    std::string claimed_hit_outcome(const ngn::Event& e, std::optional<HexRef>& to, ngn::SourcePos& to_pos, GameContext& ctx);
    void judge_hit_outcome(const ngn::Event& e, const Piece& p, int die, bool survives, const std::string& outcome, GameContext& ctx);
    void hit_on_ship(const ngn::Event& e, Piece& p, const PendingHit& h, std::optional<Weapon> named, GameContext& ctx);
    void lose(Piece& p, int amount, GameContext& ctx, ngn::SourcePos at);
    void exhaustion(const ngn::Event& e, const Entity& side, GameContext& ctx);
    int side_initial(int side) const;
    int side_lost(int side) const;
    struct LossDoubt {
        int more = 0;                     // SP the hits left unresolved may have cost, not counted
        std::optional<Cause> cause;       // of those hits
        std::optional<int> by_rules;      // the losses with the ships' FP as the rules have them
        std::optional<Cause> rules_cause; // the wrong claim that parted them
    };
    LossDoubt loss_doubt(int side) const;
    int unsettled_loss(const Piece& p) const;
    void settle_losses(int side, int n);
    void note_exhaustion(int side);
    bool exhausted(int side) const;
    void check_modifiers(const ngn::Event& e, const ngn::Dice& dice, int expected, const std::string& working,
                         const RuleRef& rule, GameContext& ctx);
    std::optional<Cause> commander_doubt(const Piece& p) const;
    void doubt_commander(const Piece& p, int more, const Cause& why);

    // ---- land.cpp ----
    void move_unit(const ngn::Event& e, Piece& p, GameContext& ctx);
    bool excused_exhaustion(int side, ngn::SourcePos at, GameContext& ctx) const;
    bool won_close_combat(const Piece& p);
    UnitSteps judge_unit_move(const ngn::Event& e, Piece& p, const std::vector<std::pair<HexRef, ngn::SourcePos>>& path, bool known_start,
                              bool known_end, GameContext& ctx);
    void check_unit_allowance(const ngn::Event& e, const Piece& p, Hex start, int steps, bool on_road, GameContext& ctx);
    void check_facing_enemy(Piece& p, Hex end, ngn::SourcePos at, GameContext& ctx);
    void face(const ngn::Event& e, Piece& p, GameContext& ctx);
    void artillery_fire(const ngn::Event& e, Piece& p, GameContext& ctx);
    void small_arms_fire(const ngn::Event& e, Piece& p, GameContext& ctx);
    void assault(const ngn::Event& e, Piece& p, GameContext& ctx, bool defending);
    void advance(const ngn::Event& e, Piece& p, GameContext& ctx);
    void shown_gone_from(Hex h, int side, ngn::SourcePos at, GameContext& ctx);
    void limber(const ngn::Event& e, Piece& p, GameContext& ctx, bool on);
    void wire_work(const ngn::Event& e, Piece& p, GameContext& ctx, bool lay);
    // A close combat waiting for the defender's roll, reported when play moves on without it.
    void close_combat_open(GameContext& ctx, ngn::SourcePos at);
    struct CloseCombat {
        Piece* attacker = nullptr;
        Piece* defender = nullptr;
        ngn::SourcePos pos;
        bool defended = false;
    };
    std::optional<CloseCombat> combat_;
    // The hex aimed at: a hex written as such, or the hex of the unit or ship named.
    struct Aim {
        Hex hex;
        Piece* piece = nullptr;
        std::string key;  // the target, for "the same target as last turn"
        ngn::SourcePos pos;
    };
    std::optional<Aim> aim(const ngn::Event& e, std::size_t from, GameContext& ctx, const RuleRef& rule);
    int judge_modifiers(const ngn::Event& e, const ngn::Dice& dice, Piece& p, const Aim& target, int expected, const std::string& working,
                        const RuleRef& rule, GameContext& ctx);
    // Where a shot landed: 0 on the target, 1 in front, 2 behind, -1 ineffective.
    static int landing(int score);
    std::optional<std::pair<int, std::optional<Hex>>> read_landing(const ngn::Item& item, const ngn::Item* next);
    void check_artillery_reach(Piece& p, const Aim& target, GameContext& ctx);
    int artillery_modifiers(const Piece& p, const Aim& target, std::string& working) const;
    std::optional<int> where_hex_lies(Hex hex, Hex target, Hex from) const;
    void check_unit_may_fire(const ngn::Event& e, Piece& p, GameContext& ctx);
    void check_small_arms_reach(Piece& p, const Aim& target, GameContext& ctx);
    int small_arms_modifiers(const Piece& p, const Aim& target, std::string& working) const;
    bool close_combat_in_order(const ngn::Event& e, Piece& p, Piece& enemy, bool defending, GameContext& ctx);
    int close_combat_modifiers(const Piece& p, const Piece& enemy, bool defending, bool adjacent, std::string& working) const;

    // ---- naval.cpp ----
    void gunfire(const ngn::Event& e, Piece& p, GameContext& ctx);
    // What a ship's gunfire knows of where it and its target are: whether it sees the target
    // directly, whether both are where the replay has them, and a doubt on their positions.
    struct GunSight {
        bool direct = false;
        bool placed = true;
        std::optional<Cause> doubt;
    };
    GunSight gun_sight(Piece& p, const Aim& target, Weapon weapon, GameContext& ctx);
    int gunfire_modifiers(const Piece& p, const Aim& target, bool direct, std::string& working) const;
    void land_gunfire(const ngn::Event& e, const Piece& p, const Aim& target, Weapon weapon, const ngn::Dice* d, int expected, int written,
                      bool all_placed, GameContext& ctx);
    void torpedo(const ngn::Event& e, Piece& p, GameContext& ctx);
    void check_torpedo_bearing(const Piece& p, const Aim& target, int range, GameContext& ctx);
    Piece* first_ship_in_run(const Piece& p, Hex to);
    std::optional<int> torpedo_hits_rolled(const ngn::Event& e, bool reaches_ship, GameContext& ctx);
    void move_ship(const ngn::Event& e, Piece& p, GameContext& ctx);
    void enter_minefield(const ngn::Event& e, Piece& p, Hex hex, GameContext& ctx);
    void trade(const ngn::Event& e, Piece& p, GameContext& ctx);
    void move_order_roll(const ngn::Event& e, const Entity& side, GameContext& ctx);
    // Lands one shot of artillery or gunfire and hits what is in the hex it lands in.
    // With other_reading, the landing the dice give where the claim differs: its hits may be
    // resolved (the players may have followed the dice) but need not be.
    void land_shot(int where, const Aim& target, Hex from, std::optional<Hex> claimed_hex, const PendingHit& hit,
                   bool other_reading, const ngn::Item& at, GameContext& ctx);

    // where the replay stands
    std::string variant_;
    std::vector<Piece*> fired_at_;  // the pieces fired at this turn
    std::optional<EventsAhead> moves_ahead_;  // each ship's moves, to see one left out
    std::optional<EventsAhead> places_ahead_;  // each land unit's lines that say where it is (move, advance, retreat)
    std::string phase_;
    ngn::SourcePos phase_pos_;  // of the open phase's heading
    int turn_ = 0;
    bool started_ = false;
    bool ended_ = false;  // both sides reached their Exhaustion Point
    int ended_turn_ = 0;
    bool end_reported_ = false;

    Readings readings_;
    std::optional<Battlefield> field_;  // copied: wire laid in play changes it
    PieceList pieces_;
    std::map<const Entity*, Piece*> by_entity_;
    std::map<int, int> initial_by_side_;  // fixed when play begins
    std::set<int> exhausted_sides_;
    std::set<int> exhaustion_noted_;

    // this turn
    std::map<int, Piece*> cards_drawn_;  // this turn's tiles: card -> the unit that drew it
    std::vector<std::pair<Piece*, ngn::SourcePos>> order_;  // units activated in card order, where each began
    std::set<Piece*> no_tile_reported_;
    Piece* active_ = nullptr;
    std::set<Piece*> activated_;
    bool hits_begun_ = false;  // the effects of simultaneous fire are being resolved
    RollOff order_rolls_;  // naval: who moves first
    static constexpr int kUnreadLanding = -100;  // a landing word not read (a finding): the die says where
    std::optional<int> first_mover_;  // naval: the side that moves first this turn
    std::set<int> sides_moved_;
    int last_mover_side_ = -1;
    std::set<Hex> wire_laid_, wire_removed_;
    UnknownVerbs unknown_verbs_;
    // lines read again with their words in order (reread), kept as long as the game is checked
    std::deque<std::vector<ngn::Item>> reread_items_;
    std::deque<ngn::Event> reread_events_;
    static const Verb<Late19cEngine> kVerbs[];  // engine.cpp: verb -> handler
    std::pair<std::uint32_t, std::uint32_t> corner_said_{0, 0};  // where a shot's corner was last said (line, column)
    MistakeIn unread_fire_;  // a line of this turn's fire not read, or a ship not where the replay has it: hits with none to resolve stand
};

}  // namespace ironlog::rules::late19c
