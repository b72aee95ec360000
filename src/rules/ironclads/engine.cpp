// Ironclads: the sequence of play and the dispatch of each line to its rule area.
#include "rules/ironclads/engine.hpp"

#include "check/dice.hpp"
#include "check/verbs.hpp"
#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

int read_d3(int d6) { return (d6 + 1) / 2; }

void IroncladsEngine::begin(GameContext& ctx) {
    tolerance_ = ctx.header.tolerance_cm;
    options_.smokestack_3_or_4 = ctx.header.option("smokestack") == "quick-reference";
    options_.save_bands_qr = ctx.header.option("save-bands") == "quick-reference";
    options_.bridge_either = ctx.header.option("bridge") == "quick-reference";
    for (const auto& path : ctx.header.libraries) {
        auto lib = std::make_unique<ShipLibrary>();
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) {
            library_missing_ = true;  // the header check has said so; its ships are not reported again
            continue;
        }
        lib->load(path, path.lexically_normal().string(), ctx.findings);
        libraries_.push_back(std::move(lib));
    }
}

Ship* IroncladsEngine::ship(const Entity& e) {
    auto it = by_entity_.find(&e);
    return it == by_entity_.end() ? nullptr : it->second;
}

Ship* IroncladsEngine::ship_named(const ngn::Item& item, GameContext& ctx) {
    std::string storage;
    const Entity* e = ctx.symbols.find(reference_view(item, storage));
    return e ? ship(*e) : nullptr;
}

std::vector<Ship*> IroncladsEngine::ships_of(int side) {
    std::vector<Ship*> out;
    for (auto& s : ships_)
        if (s->side() == side) out.push_back(s.get());
    return out;
}

int IroncladsEngine::sides(GameContext& ctx) const { return static_cast<int>(ctx.symbols.side_count()); }

// ---- headings: the end of phases and turns ---------------------------------------------------

void IroncladsEngine::heading(const ngn::Heading& h, GameContext& ctx) {
    ctx.judged(kSequence);
    const ngn::SourcePos at = h.label_pos;
    const std::string phase = ctx.cursor.phase() ? ctx.cursor.phase()->name : std::string();
    const std::string segment = ctx.cursor.open(ngn::HeadingKind::Segment);
    if (h.kind == ngn::HeadingKind::Turn) {
        leave_phase(ctx, at);
        if (in_turn_) end_of_turn(ctx, at);
        if (!in_turn_ && !sea_rough_ && sea_rolls_.empty() && !ctx.header.setup)
            ctx.findings.error(Kind::Illegal, kSeaState, at, "no sea state was rolled before the game began");
        if (game_over_turn_ >= 0 && !game_over_reported_) {
            game_over_reported_ = Findings::cause_of(ctx.findings.error(
                Kind::Illegal, kEnding, at, "the game ended with turn " + std::to_string(game_over_turn_) + ": a side had no ships left on the table"));
        }
        const bool first = !in_turn_;
        in_turn_ = true;
        turn_ = ctx.cursor.turn_number;
        if (first) {
            for (auto& s : ships_) {
                if (s->setup_bridge) s->bridge_turn = turn_;
                if (s->setup_fire_turns > 0) s->fire_turns.agree({turn_, turn_ + s->setup_fire_turns - 1});
            }
        }
        for (auto& s : ships_) {
            s->start_speed = s->speed;
            s->start_astern = s->astern;
            s->start_moved_speed = s->moved_speed;
            s->moved_speed.reset();
            s->turns_made = 0;
            s->fired.clear();
            if (!first) s->salvos.clear();
            s->crits_done = s->hits_done = 0;
            s->problems_done = false;
            s->criticals_late.reset();
            s->crit_short.reset();
            s->problems_early.reset();
            s->assumed_hits.clear();
        }
        initiative_.reset();
        initiative_unknown_.reset();
        if (first && setup_initiative_) initiative_ = AsPlayed<int>(*setup_initiative_);
        initiative_rolls_.clear();
        phase_.clear();
        segment_.clear();
        return;
    }
    if (phase != phase_) {
        leave_phase(ctx, at);
        phase_ = phase;
        segment_.clear();
        moving_ = nullptr;
        moves_by_side_.clear();
        move_not_read_.reset();
        order_slip_reported_ = 0;
        movement_started_ = false;
        damage_started_ = false;
        unread_gunfire_.reset();
    }
    if (segment != segment_) {
        if (segment == "damage") {
            damage_started_ = true;
            close_gunfire(ctx);
        }
        segment_ = segment;
    }
}

void IroncladsEngine::leave_phase(GameContext& ctx, ngn::SourcePos at) {
    if (phase_ == "sea-state") {
        const ngn::SourcePos where = sea_pos_.valid() ? sea_pos_ : at;
        std::optional<Cause> missing;
        for (const Entity* side : ctx.symbols.sides()) {
            if (sea_rolls_.count(side->index)) continue;
            const std::string what = side->name + " did not roll for the sea state (one die for each side)";
            if (sea_claimed_early_) ctx.findings.excuse(*sea_claimed_early_, where, what);
            else missing = Findings::cause_of(ctx.findings.error(Kind::Illegal, kSeaState, where, what));
        }
        // A roll left out, and no claim: when every die rolled is a 1 the sea may have been either;
        // the first speed or salvo that fits only one shows which (one finding, the roll's).
        const bool ones = std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
        if (missing && !sea_rough_ && ones) {
            sea_rough_ = AsPlayed<bool>(false);
            sea_rough_->part(false, true, *missing);
        }
        if (!sea_rough_ && sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) && sides(ctx) > 0) {  // unclaimed: the dice say
            bool all_ones = std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
            sea_rough_ = AsPlayed<bool>(all_ones);
        }
    } else if (phase_ == "initiative") {
        if (!initiative_ && !initiative_rolls_.empty()) {
            // who moves first is then not checked
            initiative_unknown_ = Findings::cause_of(
                ctx.findings.error(Kind::Illegal, kInitiative, initiative_pos_.valid() ? initiative_pos_ : at,
                                   "the initiative was not decided: every side rolls one die, and ties are rolled again"));
        }
    } else if (phase_ == "movement") {
        std::set<int> sides_unmoved;
        std::optional<Cause> lost = move_not_read_;
        for (auto& s : ships_)
            if (s->on_table() && s->moved_turn != turn_) {
                sides_unmoved.insert(s->side());
                s->speed_known = false;  // its move is missing: the next speed is not held to this turn's
                s->speed_lost = true;
                const Cause why = Findings::cause_of(ctx.findings.error(
                    Kind::Illegal, kMovementOrder, at,
                    s->name + " was not moved in the movement phase of turn " + std::to_string(turn_) +
                        " (every ship on the table moves, a stopped one too: '" + s->name + " move 0')"));
                s->may_have_collided(why);  // the move left out may have been a collision
                if (!lost) lost = why;
            }
        if (lost)  // a ship that moved may have been struck by it: stopped, and its losses unrecorded
            for (auto& s : ships_)
                if (s->on_table() && s->moved_turn == turn_ && s->collided_turn != turn_) {
                    s->may_have_collided(*lost);
                    if (!s->moved_speed) s->moved_speed = 0;  // the next speed may follow a stop
                }
        report_stopped_moves(lost, ctx);
        report_out_of_turn(ctx, sides_unmoved);
    } else if (phase_ == "firing") {
        close_gunfire(ctx);
        for (auto& s : ships_) {
            if (s->salvos.empty()) continue;
            const int done = s->resolved();
            const bool unresolved = (done < s->unsaved_fewest() || s->crits_done < s->criticals_fewest()) && s->stats_left() > 0;
            if (unresolved) hits_left_unresolved(*s, done, at, ctx);
            else if (done > 0 && !s->problems_done && s->on_table() &&
                     !s->unread_damage.excuses(turn_, ctx.findings, at, s->name + " rolled no problems, as the line not read may have"))
                s->problems_unknown.mark(turn_, Findings::cause_of(ctx.findings.error(
                                                    Kind::Illegal, kProblems, at,
                                                    s->name + " took damage but rolled no 2D6 for problems in turn " + std::to_string(turn_))));
            settle_arc_first(*s, std::nullopt, ctx);  // nothing later explained it
        }
    }
}

// Phase 3A is over: a salvo whose hits needed an armour save and got none is reported once;
// its hits are then taken as anything from all saved to none saved (the damage lines say which).
void IroncladsEngine::close_gunfire(GameContext& ctx) {
    for (auto& s : ships_)
        for (auto& v : s->salvos)
            if (!v.save_done) {
                v.save_done = true;
                v.save_missing = true;
                // No save was due as played, the reason already a finding: hits the players did not
                // claim, no armour left by the rules or by hits left unresolved, or a line of this
                // gunfire that could not be read (it may have been the save).
                if (v.claimed.c + v.claimed.h == 0 || s->none_left(kArmour) || s->card.armour <= s->unrecorded_hits.left() || v.out_of_play)
                    continue;
                if (unread_gunfire_) {
                    ctx.findings.excuse(*unread_gunfire_, ngn::SourcePos{v.line, 1}, "the save on " + s->name + " may be the line not read");
                    continue;
                }
                ctx.findings.error(Kind::Inconsistent, kSaves, ngn::SourcePos{v.line, 1},
                                   "no armour save is recorded for this salvo on " + s->name + " (one save roll for each salvo with hits)");
            }
}

// ---- events ------------------------------------------------------------------------------------------

// ---- the actions: a table from verb to handler ------------------------------------------------

using V = Verb<IroncladsEngine>;
#define SHIP_ACTION(call)                                                                       \
    [](IroncladsEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) {              \
        if (Ship* s = x.ship_acting(e, a, c)) call;                                             \
        return true;                                                                            \
    }
#define SIDE_ACTION(call) [](IroncladsEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.call(e, a, c), true; }
const V IroncladsEngine::kVerbs[] = {
    {"roll", SIDE_ACTION(side_roll)},
    {"speed", SHIP_ACTION(x.movement_action(e, a, *s, c))},
    {"move", SHIP_ACTION(x.movement_action(e, a, *s, c))},
    {"turn", SHIP_ACTION(x.movement_action(e, a, *s, c))},
    {"collide", SHIP_ACTION(x.movement_action(e, a, *s, c))},
    {"leaves", SHIP_ACTION(x.movement_action(e, a, *s, c))},
    {"breaks-off", SHIP_ACTION(x.breaks_off(e, *s, c))},
    {"fire", SHIP_ACTION(x.gunfire_action(e, a, *s, c))},
    {"save", SHIP_ACTION(x.gunfire_action(e, a, *s, c))},
    {"crit", SHIP_ACTION(x.damage_action(e, a, *s, c))},
    {"hit", SHIP_ACTION(x.damage_action(e, a, *s, c))},
    {"problems", SHIP_ACTION(x.damage_action(e, a, *s, c))},
    {"sinks", SHIP_ACTION((void)(x.in_phase(e, a, "end", kSunk, c) && (x.sinks(e, *s, c), true)))},
    {"card", SHIP_ACTION(x.card_shown(e, *s, c))},
    {"in-formation", SHIP_ACTION(x.formation(e, *s, c))},
    {"out-of-formation", SHIP_ACTION(x.formation(e, *s, c))},
    {"continue", SIDE_ACTION(side_decides)},
    {"ends", SIDE_ACTION(side_decides)},
    {"end", SIDE_ACTION(side_decides)},
};
#undef SHIP_ACTION
#undef SIDE_ACTION

void IroncladsEngine::event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (const V* v = find_verb(kVerbs, e)) {
        v->handle(*this, e, actor, ctx);
        note_hull_lost(e.subject.pos.line);
        return;
    }
    // a line whose action comes second (two words swapped) reads as that action out of order: say so
    const std::string_view* second = e.args.size() > 1 ? word_text(e.args[1]) : nullptr;
    const std::string why = second && find_verb(kVerbs, *second)
                                ? "the action comes first: '" + std::string(*second) + " " + e.args.front().to_ngn() + "', not '" +
                                      e.args.front().to_ngn() + " " + std::string(*second) + "'"
                                : did_you_mean(kVerbs, e.verb()) + "the actions are " + verb_list(kVerbs);
    ctx.findings.error(Kind::Inconsistent, kVocabulary, e.args.empty() ? e.subject.pos : e.args.front().pos,
                       "'" + (e.args.empty() ? e.verb() : e.args.front().to_ngn()) + "' is not an action of ironclads; " + why);
    unread_line(actor, ship(actor), Findings::cause_of(ctx.findings.all().back()), ctx);
}

// Whether the line is in its phase; if not, one finding, and the line stands for what its place was.
bool IroncladsEngine::in_phase(const ngn::Event& e, const Entity& actor, const char* phase, const RuleRef& rule, GameContext& ctx) {
    if (phase_ == phase) return true;
    ctx.findings.error(Kind::Illegal, rule, e.subject.pos,
                       "'" + lower(e.verb()) + "' belongs in phase " + phase + (phase_.empty() ? std::string() : ", not in phase " + phase_));
    unread_line(actor, ship(actor), Findings::cause_of(ctx.findings.all().back()), ctx);
    return false;
}

// The ship that does a ship's action; null (said) when the actor is none, or is off the table.
Ship* IroncladsEngine::ship_acting(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    Ship* s = ship(actor);
    if (!s) {
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos,
                           "'" + lower(e.verb()) + "' is done by a ship, not by " + actor.label());
        unread_line(actor, s, Findings::cause_of(ctx.findings.all().back()), ctx);
        return nullptr;
    }
    if (s->on_table() || is_word(e.args.front(), "card")) return s;
    // a sinking the rules gave and the record left out, said late: no part taken since
    if (is_word(e.args.front(), "sinks") && s->unsaid_sinking && !s->gone.cause()) return nullptr;
    out_of_play_acts(e, *s, ctx);
    return nullptr;
}

// A line of a ship out of play (sunk, or off the table): the first is one finding, which says
// when and why it left; the later ones are excused by it (check/as_played.hpp, Gone). The line is
// not judged: what it stood for by its place is taken as done, and a salvo it fires leaves the
// target's save and damage as played.
void IroncladsEngine::out_of_play_acts(const ngn::Event& e, Ship& s, GameContext& ctx) {
    const std::string what = s.name + " is out of play: its line is taken as played";
    Cause why;
    if (game_over_reported_ && !s.gone.cause()) {  // the game went on after it ended: that is the finding
        why = *game_over_reported_;
        ctx.findings.excuse(why, e.subject.pos, what);
    } else {
        why = s.gone.takes_part(ctx.findings, out_of_play_rule(s), e.subject.pos, s.name, out_of_play_says(s), what);
    }
    if (phase_ == "movement" && s.moved_turn != turn_) {
        s.moved_turn = turn_;  // moved as the players played it: the other side's turns follow it
        ++moves_by_side_[s.side()];
        movement_started_ = true;
        moving_ = &s;
    } else if (phase_ == "firing" && is_word(e.args.front(), "fire")) {
        fire_out_of_play(e, why, ctx);
    }
}

// The line that took a ship's last hull stat, for the finding that says when it sank.
void IroncladsEngine::note_hull_lost(std::uint32_t line) {
    for (auto& s : ships_) {
        if (s->card.hull > 0) s->hull_lost_line = 0;
        else if (s->hull_lost_line == 0) s->hull_lost_line = line;
    }
}

// roll: a side's die for the sea state or the initiative.
void IroncladsEngine::side_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (actor.kind != ngn::EntityKind::Side) {
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "a side rolls for the sea state and the initiative, not a ship");
        unread_line(actor, ship(actor), Findings::cause_of(ctx.findings.all().back()), ctx);
        return;
    }
    if (phase_ == "sea-state") sea_state_roll(e, actor, ctx);
    else if (phase_ == "initiative") initiative_roll(e, actor, ctx);
    else ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos, "sides roll in phase sea-state or phase initiative");
}

// continue, ends: the sides decide in the end phase whether to go on.
void IroncladsEngine::side_decides(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    ctx.judged(kEnding);
    if (actor.kind != ngn::EntityKind::Side) {
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "the sides decide whether to go on");
        unread_line(actor, ship(actor), Findings::cause_of(ctx.findings.all().back()), ctx);
        return;
    }
    in_phase(e, actor, "end", kEnding, ctx);
}

void IroncladsEngine::movement_action(const ngn::Event& e, const Entity& actor, Ship& s, GameContext& ctx) {
    if (in_phase(e, actor, "movement", kMovementOrder, ctx)) movement(e, s, ctx);
}

// fire and save: Phase 3A, before any damage is resolved.
void IroncladsEngine::gunfire_action(const ngn::Event& e, const Entity& actor, Ship& s, GameContext& ctx) {
    if (!in_phase(e, actor, "firing", kFiring, ctx)) return;
    if (segment_ == "damage" || damage_started_)
        ctx.findings.error(Kind::Illegal, kFiring, e.subject.pos, "gunfire (Phase 3A) is over once damage is being resolved (Phase 3B)");
    if (is_word(e.args.front(), "fire")) fire(e, s, ctx);
    else save(e, s, ctx);
}

// crit, hit and problems: Phase 3B, after all gunfire.
void IroncladsEngine::damage_action(const ngn::Event& e, const Entity& actor, Ship& s, GameContext& ctx) {
    ctx.judged(kDamage);
    if (!in_phase(e, actor, "firing", kDamage, ctx)) return;
    if (segment_ == "gunfire")
        ctx.findings.error(Kind::Illegal, kDamage, e.subject.pos, "damage is resolved in segment damage (Phase 3B), after all gunfire");
    if (!damage_started_) close_gunfire(ctx);
    damage_started_ = true;
    if (is_word(e.args.front(), "crit")) crit(e, s, ctx);
    else if (is_word(e.args.front(), "hit")) hit(e, s, ctx);
    else problems(e, s, ctx);
}

// in-formation, out-of-formation (Appendix D): a ship of a squadron.
void IroncladsEngine::formation(const ngn::Event& e, Ship& s, GameContext& ctx) {
    if (s.squadron < 0) ctx.findings.error(Kind::Inconsistent, kFormations, e.subject.pos, s.name + " is in no squadron");
}

// A line that could not be read is one finding (why, just made); what it stood for, by its place
// in the sequence, is taken as done, so that the lines after it are not held to its absence.
void IroncladsEngine::unread_line(const Entity& actor, Ship* s, const Cause& why, GameContext& ctx) {
    if (actor.kind == ngn::EntityKind::Side) {
        if (phase_ == "sea-state") sea_rolls_.try_emplace(actor.index, 0);  // 0: rolled, the die unknown
        else if (phase_ == "initiative") {
            if (!initiative_rolls_.thrown(actor.index)) initiative_rolls_.add(actor.index, std::nullopt);
            if (initiative_rolls_.complete(static_cast<std::size_t>(sides(ctx)))) {  // who has it is not known
                initiative_rolls_.clear();
                initiative_unknown_ = why;
            }
        }
        return;
    }
    if (!s) return;
    if (phase_ == "movement" && s->moved_turn != turn_) {
        s->moved_turn = turn_;  // moved, in its turn (the order is not held to a line not read)
        s->speed_known = false;  // its speed is not known
        s->speed_lost = true;
        s->may_have_collided(why);  // it may have been a collision
        move_not_read_ = why;
        ++moves_by_side_[s->side()];
        movement_started_ = true;
        moving_ = s;
    } else if (phase_ == "firing") {
        if (segment_ == "damage" || damage_started_) {
            s->unread_damage.mark(turn_, why);
            s->unrecorded_hits.add(3, why);  // a critical hit's worth of stats, as later lines may show
        } else {
            unread_gunfire_ = why;
        }
    } else if (phase_ == "end") {
        s->unread_end.mark(turn_, why);
    }
}

// The one d6 of a side's roll, or null (and a finding) when the event has not exactly one.
const ngn::Dice* one_d6(const ngn::Event& e, const RuleRef& rule, GameContext& ctx) {
    const ngn::Dice* found = nullptr;
    int count = 0;
    for (const auto& a : e.args)
        if (const auto* d = a.as<ngn::Dice>()) found = d, ++count;
    if (count != 1 || found->faces.size() != 1) {
        ctx.findings.error(Kind::Inconsistent, rule, e.subject.pos, "this roll is one D6: write it d6: N", "d6",
                           count == 0 ? "none" : count > 1 ? std::to_string(count) + " rolls" : found->spec());
        return nullptr;
    }
    return found;
}

std::string claim_word(const ngn::Event& e) {
    if (!e.claim || e.claim->empty()) return {};
    return reference_text(e.claim->front());
}


void IroncladsEngine::finish(GameContext& ctx) {
    // The record may stop in the middle of a phase (a worked example, a dispute, a game broken
    // off): what it leaves undone there is not a finding. Before play, the sea state still counts.
    if (!in_turn_) {
        leave_phase(ctx, ngn::SourcePos{ctx.game.last_line, 1});
        return;
    }
    report_stopped_moves(move_not_read_, ctx);
    for (auto& s : ships_) settle_arc_first(*s, std::nullopt, ctx);
    report_out_of_turn(ctx, {});  // a record that stops mid-movement: no ship is known to be missing
    if (phase_ == "end") end_of_turn(ctx, ngn::SourcePos{ctx.game.last_line, 1});
    // A sinking the record leaves out, with no later line of the ship (that would be the finding).
    for (auto& s : ships_)
        if (s->unsaid_sinking && !s->gone.cause())
            ctx.findings.warning(Kind::Inconsistent, kSunk, *s->unsaid_sinking,
                                 s->name + " has no hull stats left and " + s->gone.reason() + "; the record does not say so");
    if (!ctx.header.result || ctx.header.result->value == "*") return;
    // Phase 4B: a side with no ships on the table loses; both at once is a loss for both.
    std::vector<const Entity*> with_ships, without;
    for (const Entity* side : ctx.symbols.sides()) {
        auto own = ships_of(side->index);
        if (own.empty()) continue;
        (std::any_of(own.begin(), own.end(), [](Ship* s) { return s->on_table(); }) ? with_ships : without).push_back(side);
    }
    if (without.empty()) return;  // the players may end it as they agree
    std::string expected = with_ships.empty() ? "both-lost" : with_ships.size() == 1 ? with_ships[0]->label() : std::string();
    if (expected.empty()) return;
    std::string recorded(ctx.header.result->value);
    auto space = recorded.rfind(' ');
    std::string side_part = space == std::string::npos ? recorded : recorded.substr(0, space);
    const Entity* named = ctx.symbols.find_side(recorded);
    if (!named) named = ctx.symbols.find_side(side_part);
    bool ok = named ? named->label() == expected : same_label(recorded, expected);
    if (!ok)
        ctx.findings.error(Kind::WrongResult, kEnding, ctx.header.result->value_pos,
                           with_ships.empty() ? "both sides have no ships left on the table: a loss for both"
                                              : "the side with ships still on the table is the victor",
                           expected, recorded);
}

void IroncladsEngine::describe(std::ostream& os, const GameContext& ctx) const {
    os << "Sea state: " << (sea_rough_ ? (sea_rough_->played() ? "rough" : "calm") : "not yet rolled") << "\n";
    if (initiative_) os << "Initiative: " << ctx.symbols.side(initiative_->played())->label() << "\n";
    for (const auto& s : ships_) {
        os << "\n";
        CardView v;
        v.name = s->entity->name;
        // a sister ship's card lists its class-mates, not itself
        ShipSpec own;
        if (s->spec) {
            own = *s->spec;
            own.sisters.clear();
            if (!same_label(s->spec->name, v.name)) own.sisters.push_back(s->spec->name);
            for (const auto& n : s->spec->sisters)
                if (!same_label(n, v.name)) own.sisters.push_back(n);
            v.spec = &own;
        }
        v.initial = s->initial;
        v.remaining = s->card;
        v.speeds = s->speeds;
        int c = std::max(0, s->criticals_fewest() - s->crits_done);
        int h = std::max(0, s->unsaved_fewest() - s->resolved() - c);
        v.hits = std::string(static_cast<std::size_t>(c), 'C') + std::string(static_cast<std::size_t>(h), 'H');
        if (s->astern) v.notes.push_back("going astern");
        if (s->steering) v.notes.push_back(s->steering >= 2 ? "major steering problems: no turning" : "steering problems: turns up to 4 cm");
        if (s->smokestack) v.notes.push_back("smokestacks wrecked: speed 6 at most");
        if (const auto [from, to] = s->fire_turns.played(); to >= turn_ && from <= to)
            v.notes.push_back("fire: salvos halved to turn " + std::to_string(to));
        if (s->bridge_turn > turn_ || s->bridge_turn == turn_) v.notes.push_back("bridge hit: no speed change, no turn in turn " + std::to_string(s->bridge_turn));
        if (s->collided_turn == turn_) v.notes.push_back("collided this turn: no firing");
        if (s->sunk) v.notes.push_back("sunk");
        if (s->left) v.notes.push_back("left the table");
        if (s->pos) v.notes.push_back("at (" + decimal_text(s->pos->x) + ", " + decimal_text(s->pos->y) + (s->pos->heading ? ", " + decimal_text(*s->pos->heading) : "") + ")");
        os << render_card(v);
    }
}

std::unique_ptr<Engine> make_engine() { return std::make_unique<IroncladsEngine>(); }

std::vector<std::string_view> IroncladsEngine::verbs() const { return verb_words(kVerbs); }

// A copy of the replay's state at a boundary (check/engine.hpp): every member copied by value,
// each ship copied (OwnedShips), the libraries shared (never changed after begin()); the ships'
// entities and specs and the record's lines are pointed to as they are.
std::unique_ptr<Engine> IroncladsEngine::clone() const {
    std::unique_ptr<IroncladsEngine> copy(new IroncladsEngine(*this));
    copy->repoint_ships(*this);
    return copy;
}

// The members that point to ships still point to the original's: each is pointed at the copy's
// ship at the same place in ships_.
void IroncladsEngine::repoint_ships(const IroncladsEngine& original) {
    std::map<const Ship*, Ship*> to_copy;
    for (std::size_t i = 0; i < ships_.size(); ++i) to_copy[original.ships_[i].get()] = ships_[i].get();
    auto own = [&](Ship* s) { return s ? to_copy.at(s) : nullptr; };
    for (auto& entry : by_entity_) entry.second = own(entry.second);  // a line's ship by its entity
    for (auto& squadron : squadrons_)                                  // Appendix D formations
        for (auto& s : squadron) s = own(s);
    for (auto& held : stopped_unexplained_) held.first = own(held.first);  // findings held back
    moving_ = own(moving_);  // the activation under way
}

}  // namespace ironlog::rules::ironclads
