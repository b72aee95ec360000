// Ironclads: Movement: the order ships move in, speeds, moving and turning, moving backwards,
// positions on the table; and breaking off from a squadron (Appendix D).
#include "rules/ironclads/engine.hpp"

#include "geometry/table.hpp"
#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

void IroncladsEngine::report_out_of_turn(GameContext& ctx, const std::set<int>& sides_unmoved) {
    for (const auto& o : out_of_turn_)
        if (!sides_unmoved.count(o.due_side)) ctx.findings.error(Kind::Illegal, kMovementOrder, o.pos, o.why, o.expected, o.recorded);
    out_of_turn_.clear();
}

int IroncladsEngine::max_speed(const Ship& s, const Card& card, bool rough_sea) const {
    int m = s.has_card ? card.prop : 1000;  // a ship without a card was reported once; no cascade
    if (rough_sea) m = std::min(m, 6);
    if (s.smokestack) m = std::min(m, 6);
    return m;
}

// What makes a ship's maximum speed what it is, for messages: "6 in a rough sea".
std::string IroncladsEngine::max_speed_reason(const Ship& s) const {
    const int cap = max_speed(s);
    if (s.has_card && cap == s.card.prop) return std::to_string(cap) + ", the propulsion stats remaining";
    if (rough()) return "6 in a rough sea";
    return "6 with the smokestacks wrecked";
}

void IroncladsEngine::movement(const ngn::Event& e, Ship& s, GameContext& ctx) {
    if (moving_ != &s && !take_turn_to_move(e, s, ctx)) return;
    MoveLine line = read_move_line(e, s, ctx);
    if (line.unread) {  // not read whole (its finding made): taken as played, not judged
        move_as_played(s, line, e, ctx);
        return;
    }
    // Struck in a collision earlier this phase: stopped until a later game turn.
    if (s.collided_turn == turn_ && ((line.speed && *line.speed > 0) || (line.moved && *line.moved > tolerance_)) && line.collisions.empty()) {
        ctx.findings.error(Kind::Illegal, kCollisions, e.subject.pos,
                           s.name + " was stopped by a collision this game turn: it may move again in a later one", "speed 0",
                           line.speed ? std::to_string(*line.speed) : decimal_text(*line.moved) + "cm");
        return;
    }
    // A ship whose starting speed no line gives: its first move shows the speed it was set to.
    if (!line.speed && !s.speed_known && line.moved && line.collisions.empty())
        line.speed = static_cast<int>(std::lround(std::clamp(*line.moved, -1e8, 1e8)));
    const bool speed_slip = set_speed(e, s, line, ctx);
    // Moving: exactly the current speed in cm; one turn on the Turn Device.
    if (line.moved && line.collisions.empty() && std::fabs(*line.moved - s.speed) > tolerance_ && !speed_slip) {
        OutOfTurn wrong{e.subject.pos, s.name + " must move exactly its current speed in cm", decimal_text(s.speed) + "cm",
                        decimal_text(*line.moved) + "cm", -1};
        // stopped, with no speed written: struck, perhaps, by a ship whose line is left out or not
        // read; said when the phase ends, unless such a line explains it
        if (*line.moved <= tolerance_ && !line.speed) stopped_unexplained_.push_back({&s, wrong});
        else ctx.findings.error(Kind::Illegal, kMoving, wrong.pos, wrong.why, wrong.expected, wrong.recorded);
    }
    check_turn(s, line, ctx);
    check_positions(e, s, line, ctx);
    for (auto& [other, pos] : line.collisions) collide(e, s, *other, pos, ctx);
    if (line.leaves) {
        s.left = true;
        s.gone.leave("left the table in turn " + std::to_string(turn_), e.subject.pos.line);
    }
}

// A movement line not read whole: its speed, collisions and leaving as the players wrote them.
void IroncladsEngine::move_as_played(Ship& s, const MoveLine& line, const ngn::Event& e, GameContext& ctx) {
    if (line.speed) {
        s.speed = std::max(0, *line.speed);
        s.astern = line.astern;
        s.speed_known = true;
        s.speed_lost = false;
        s.speed_set_turn = turn_;
        s.speeds.push_back(s.speed);
    } else {
        s.speed_known = false;  // the speed it made is not known: the next is not held to it
        s.speed_lost = true;
    }
    for (auto& [other, pos] : line.collisions) collide(e, s, *other, pos, ctx);
    if (line.leaves) {
        s.left = true;
        s.gone.leave("left the table in turn " + std::to_string(turn_), e.subject.pos.line);
    }
}

// The end of a movement phase: ships that stopped with their speed above 0 are explained by a
// ship's move left out or not read (`lost`: its finding), which may have been a collision with
// them: then they stopped as played, and may show a collision's losses unrecorded.
void IroncladsEngine::report_stopped_moves(const std::optional<Cause>& lost, GameContext& ctx) {
    for (auto& [s, wrong] : stopped_unexplained_) {
        if (!lost) {
            ctx.findings.error(Kind::Illegal, kMoving, wrong.pos, wrong.why, wrong.expected, wrong.recorded);
            continue;
        }
        ctx.findings.excuse(*lost, wrong.pos, s->name + " stopped, as a collision in the move left out may have stopped it");
        s->speed = 0;
        s->may_have_collided(*lost);
    }
    stopped_unexplained_.clear();
}

// Who moves: the side without the initiative first, then ship by ship in turn. False when the
// ship has already moved (that line is then the one mistake).
bool IroncladsEngine::take_turn_to_move(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kMovementOrder);
    if (!initiative_ && !movement_started_ && initiative_unknown_)
        ctx.findings.excuse(*initiative_unknown_, e.subject.pos, "who moves first is not known");
    else if (!initiative_ && !movement_started_)
        ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos,
                           "no side has the initiative in turn " + std::to_string(turn_) + ": it is decided before movement");
    movement_started_ = true;
    if (s.moved_turn == turn_) {
        ctx.findings.error(Kind::Illegal, kMovementOrder, e.subject.pos, s.name + " has already moved in this movement phase");
        return false;  // that line is the one mistake
    } else if (initiative_ && sides(ctx) == 2) {
        auto unmoved = [&](int side) {
            for (Ship* o : ships_of(side))
                if (o->on_table() && o->moved_turn != turn_ && o != &s) return true;
            return false;
        };
        // A wrong initiative claim: the first ship to move shows which side the players gave it.
        if (initiative_->parted() && moves_by_side_.empty()) {
            const int by_dice = initiative_->rules();
            initiative_->agree(s.side() == 1 - by_dice ? by_dice : initiative_->played());  // moved as the dice said, or as claimed
        }
        // The side without the initiative moves first, then the sides alternate: after each
        // ship, that side is level with the other or one ahead, until a side has moved all.
        const int holder = initiative_->played(), non = 1 - holder;
        ++moves_by_side_[s.side()];
        int lead = moves_by_side_[non] - moves_by_side_[holder];
        int slip = lead < 0 ? -lead : lead - 1;
        if (slip > order_slip_reported_ && unmoved(1 - s.side())) {
            order_slip_reported_ = slip;
            bool first = moves_by_side_[non] + moves_by_side_[holder] == 1;
            out_of_turn_.push_back(OutOfTurn{e.subject.pos,
                                             first ? "the side without the initiative moves the first ship" : "the sides move one ship each in turn",
                                             ctx.symbols.side(1 - s.side())->label() + " moves next", ctx.symbols.side(s.side())->label(),
                                             1 - s.side()});
        }
    }
    moving_ = &s;
    s.moved_turn = turn_;
    moving_ = &s;
    s.moved_turn = turn_;
    return true;
}

// The clauses of a movement line: speed N | speed +N | astern, move D, turn D, collide SHIP, leaves.
MoveLine IroncladsEngine::read_move_line(const ngn::Event& e, const Ship& s, GameContext& ctx) {
    MoveLine line;
    line.astern = s.astern;
    line.speed_pos = e.subject.pos;
    const auto& a = e.args;
    // one word not read is the line's one finding (two words swapped are one mistake)
    auto not_read = [&](ngn::SourcePos pos, const RuleRef& rule, const std::string& why) {
        if (!line.unread) ctx.findings.error(Kind::Inconsistent, rule, pos, why);
        line.unread = true;
    };
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string_view* w = word_text(a[i]);
        const ngn::Item* next = i + 1 < a.size() ? &a[i + 1] : nullptr;
        const std::string_view key = w ? std::string_view(*w) : std::string_view();  // compared in lower case
        if (same_lower(key, "speed") && next && next->as<ngn::Number>()) {
            const auto& n = *next->as<ngn::Number>();
            line.speed_pos = next->pos;
            if (!n.is_integer || !n.unit.empty()) {
                ctx.findings.error(Kind::Illegal, kSpeed, next->pos, "a current speed is a whole number", "a whole number", std::string(n.text));
            }
            int v = static_cast<int>(std::lround(std::clamp(n.value, -1e8, 1e8)));
            line.speed = n.has_sign ? s.start_speed + v : v;
            if (n.has_sign && s.start_astern) line.speed = s.start_speed + v;
            ++i;
            if (i + 1 < a.size() && is_word(a[i + 1], "astern")) {
                line.astern = true;
                ++i;
            } else if (!n.has_sign) {
                line.astern = false;
            }
        } else if (same_lower(key, "astern")) {
            line.astern = true;
        } else if ((same_lower(key, "move") || same_lower(key, "turn")) && next && next->as<ngn::Number>()) {
            const auto& n = *next->as<ngn::Number>();
            const bool mm = same_lower(n.unit, "mm");
            double v = mm ? n.value / 10 : n.value;
            if (!n.unit.empty() && !same_lower(n.unit, "cm") && !mm)
                ctx.findings.error(Kind::Inconsistent, kMoving, next->pos, "distances on the table are in cm");
            if (same_lower(key, "move")) line.moved = line.moved.value_or(0) + v;  // a move in legs: the legs' sum, turns between
            else line.turns.emplace_back(v, next->pos);
            ++i;
        } else if (same_lower(key, "collide") && next) {
            Ship* other = ship_named(*next, ctx);
            if (!other || other == &s)
                not_read(next->pos, kCollisions, "'" + reference_text(*next) + "' is not another ship");
            else
                line.collisions.emplace_back(other, next->pos);
            ++i;
        } else if (same_lower(key, "leaves")) {
            line.leaves = true;
        } else if (same_lower(key, "speed") || same_lower(key, "move") || same_lower(key, "turn") || same_lower(key, "collide")) {
            not_read(a[i].pos, kVocabulary, "'" + lower(key) + "' needs a value");
        } else {
            not_read(a[i].pos, kVocabulary,
                     "a movement line holds speed N (or +N, -N, astern), move D, turn D, collide SHIP or leaves; found " + a[i].to_ngn());
            if (w && next && next->as<ngn::Number>()) ++i;  // the word's value goes with it: one finding
        }
    }
    return line;
}

// The first speed rule that a speed (astern or not) breaks, coming from prev, with the ship's
// card (or the card the rules give it, where a wrong claim made the two differ).
std::optional<SpeedProblem> IroncladsEngine::speed_problem(const Ship& s, const Card& card, int speed, bool back, int prev,
                                                           std::optional<bool> sea) const {
    const bool rough_sea = sea.value_or(rough());
    const int cap = max_speed(s, card, rough_sea);
    // a cap the wrecked smokestacks set is a rule of the Problems; the others are the speed's own
    const RuleRef& cap_rule = s.smokestack && !rough_sea && (!s.has_card || card.prop > 6) ? kProblems : kSpeed;
    if (s.speed_set_turn == turn_)
        return SpeedProblem{kSpeed, "the current speed is set once each game turn", std::to_string(s.speed)};
    if (speed < 0) return SpeedProblem{kSpeed, "a current speed is not below zero", "0 or more"};
    if (!s.speed_known && s.speed_lost) {
        // lost track of after a reported mistake: it may have stopped, gone astern or come down
        if (back && speed > 1) return SpeedProblem{kBackwards, "a ship goes astern at a current speed of 1 at most", "at most 1 astern"};
        return std::nullopt;
    }
    if (!s.speed_known) {
        // the first speed of the game: anywhere from 0 to the maximum, ahead (Moving a ship)
        if (back) return SpeedProblem{kBackwards, "a ship goes astern only after a full stop in an earlier game turn", "ahead"};
        if (speed > cap)
            return SpeedProblem{cap_rule, "the current speed lies between 0 and the maximum (" + max_speed_reason(s) + ")",
                           "0 to " + std::to_string(cap)};
        return std::nullopt;
    }
    if (s.bridge_turn == turn_ && !options_.bridge_either && (speed != prev || back != s.start_astern) &&
        !(prev > cap && !s.start_astern))
        // (a ship above its maximum still comes down by two: that is no order, and not the player's option)
        return SpeedProblem{kProblems, s.name + "'s bridge was hit: no change of speed this game turn", std::to_string(prev)};
    if (back != s.start_astern && prev != 0 && speed != 0)
        return SpeedProblem{kBackwards,
                       std::string("a ship comes to a full stop in one game turn before it goes ") + (back ? "astern" : "ahead again"),
                       "speed 0"};
    if (back && speed > 1) return SpeedProblem{kBackwards, "a ship goes astern at a current speed of 1 at most", "at most 1 astern"};
    if (prev > cap && !s.start_astern) {
        // above what it can make now: down by two each game turn until within
        if (speed != std::max(0, prev - 2))
            return SpeedProblem{kSpeed,
                           s.name + "'s current speed (" + std::to_string(prev) + ") is above its maximum (" +
                               max_speed_reason(s) + "): it must come down by two each game turn",
                           std::to_string(std::max(0, prev - 2))};
        return std::nullopt;
    }
    if (speed - prev > 1 || speed - prev < -2)
        return SpeedProblem{kSpeed, "the current speed changes by +1, 0, -1 or -2 each game turn",
                       std::to_string(std::max(0, prev - 2)) + " to " + std::to_string(std::min(cap, prev + 1))};
    if (speed > cap)
        return SpeedProblem{cap_rule, "the current speed is at most " + max_speed_reason(s), "at most " + std::to_string(cap)};
    return std::nullopt;
}

// A speed written: judged by the speed rules, from the speed at the start of the game turn (or
// the one last turn's move showed). True when it broke a rule and the move shows a legal one.
bool IroncladsEngine::change_speed(Ship& s, const MoveLine& line, int v, GameContext& ctx) {
    ctx.judged(kSpeed);
    if (line.astern || s.start_astern) ctx.judged(kBackwards);
    if (s.smokestack || s.bridge_turn == turn_) ctx.judged(kProblems);
    if (rough()) ctx.judged(kSeaState);
    bool speed_slip = false;
    auto found = speed_problem(s, v, line.astern, s.start_speed);
    // Last turn's move showed another speed than the one written: this change may follow it.
    if (found && s.start_moved_speed && !speed_problem(s, v, line.astern, *s.start_moved_speed)) {
        s.start_speed = *s.start_moved_speed;
        found.reset();
    }
    // A move that does not match the speed written shows the speed the ship made.
    std::optional<int> shown_by_move;
    if (line.moved && line.collisions.empty() && std::fabs(*line.moved - v) > tolerance_ && *line.moved >= 0 &&
        std::fabs(*line.moved - std::round(*line.moved)) <= 1e-9 && *line.moved <= 1e8)
        shown_by_move = static_cast<int>(std::lround(*line.moved));
    // A card that a wrong damage claim left short (prop): the speed may follow the rules' card.
    if (found && s.fits_by_rules([&](const Card& card) { return !speed_problem(s, card, v, line.astern, s.start_speed); }, ctx.findings,
                                 line.speed_pos))
        found.reset();
    if (found)
        ctx.findings.error(Kind::Illegal, found->rule, line.speed_pos, found->why, found->expected, std::to_string(v) + (line.astern ? " astern" : ""));
    if (found && shown_by_move && !speed_problem(s, *shown_by_move, line.astern, s.start_speed)) {
        // the speed written breaks a rule and the move shows a legal one: the speed is the one
        // mistake, and the ship goes on at the speed it moved
        speed_slip = true;
        v = *shown_by_move;
    } else {
        s.moved_speed = shown_by_move;
    }
    s.speed = std::max(0, v);  // as played
    s.astern = line.astern;
    s.speed_known = true;
    s.speed_lost = false;
    s.speed_set_turn = turn_;
    s.speeds.push_back(s.speed);
    return speed_slip;
}

// Phase 2: the current speed, changed once a game turn. True when the speed written broke a rule
// and the move showed a legal one (the speed is then the one mistake, the move stands).
bool IroncladsEngine::set_speed(const ngn::Event& e, Ship& s, const MoveLine& line, GameContext& ctx) {
    if (line.speed && sea_rough_ && sea_rough_->parted()) {
        // a wrong sea-state claim: a speed above 6 shows the players sailed a calm sea
        auto fits = [&](bool rough_sea) { return !speed_problem(s, s.card, *line.speed, line.astern, s.start_speed, rough_sea); };
        const bool fits_played = fits(sea_rough_->played()), fits_rules = fits(sea_rough_->rules());
        if (fits_played != fits_rules) sea_rough_->agree(fits_rules ? sea_rough_->rules() : sea_rough_->played());
    }
    const bool speed_slip = line.speed && change_speed(s, line, *line.speed, ctx);
    s.speed_known = true;
    if (!line.speed && s.speed_set_turn != turn_ && (line.moved || !line.turns.empty()) && s.speed > max_speed(s) && !s.astern &&
        s.start_speed == s.speed) {
        ctx.findings.error(Kind::Illegal, kSpeed, e.subject.pos,
                           s.name + "'s current speed (" + std::to_string(s.speed) + ") is above its maximum (" +
                               max_speed_reason(s) + "): it must come down by two this game turn",
                           std::to_string(std::max(0, s.speed - 2)), std::to_string(s.speed));
        s.speed_set_turn = turn_;  // once
    }
    return speed_slip;
}

// The one turn on the Turn Device a game turn, and what the bridge and steering allow.
void IroncladsEngine::check_turn(Ship& s, const MoveLine& line, GameContext& ctx) {
    ctx.judged(kMoving);  // one turn a game turn, and the distance moved (movement())
    if (!line.turns.empty() && (s.steering > 0 || s.bridge_turn == turn_)) ctx.judged(kProblems);
    if (!line.turns.empty()) {
        const ngn::SourcePos tpos = line.turns.front().second;
        s.turns_made += static_cast<int>(line.turns.size());
        double amount = line.turns.front().first;
        if (s.speed == 0 && !(line.moved && *line.moved > tolerance_))  // (a move, flagged, shows it was not stopped)
            ctx.findings.error(Kind::Illegal, kSpeed, tpos, "a stopped ship does not move or turn");
        else if (s.turns_made > 1)
            ctx.findings.error(Kind::Illegal, kMoving, tpos, "a ship makes one turn on the Turn Device each game turn", "1 turn",
                               counted(s.turns_made, "turn", "turns"));
        else if (s.bridge_turn == turn_ && !options_.bridge_either)
            ctx.findings.error(Kind::Illegal, kProblems, tpos, s.name + "'s bridge was hit: no turn this game turn");
        else if (s.bridge_turn == turn_ && options_.bridge_either && s.speed != s.start_speed)
            ctx.findings.error(Kind::Illegal, kProblems, tpos,
                               s.name + "'s bridge was hit: no change of speed or no turn this game turn, not both (bridge=quick-reference)");
        else if (s.steering >= 2)
            ctx.findings.error(Kind::Illegal, kProblems, tpos, s.name + " has major steering problems and cannot turn");
        else if (s.steering == 1 && amount > 4 + tolerance_)
            ctx.findings.error(Kind::Illegal, kProblems, tpos,
                               s.name + " has steering problems: it turns up to 4 cm around the Turn Device", "at most 4cm",
                               decimal_text(amount) + "cm");
    }
}

// Positions, where recorded: the distance and the turn agree with the move.
void IroncladsEngine::check_positions(const ngn::Event& e, Ship& s, const MoveLine& line, GameContext& ctx) {
    std::optional<ngn::TablePos> end_pos;
    if (e.claim)
        for (const auto& c : *e.claim)
            if (const auto* p = c.as<ngn::TablePos>()) end_pos = *p;
    if (end_pos && s.pos && line.collisions.empty()) {
        double dx = end_pos->x - s.pos->x, dy = end_pos->y - s.pos->y;
        double d = std::hypot(dx, dy);
        double h0 = s.pos->heading.value_or(0), h1 = end_pos->heading.value_or(h0);
        double dh = std::fabs(std::remainder(h1 - h0, 360.0));
        // the Turn Device is 120 mm across: 1 cm around it turns the ship 360 / (12 pi) degrees
        const double per_cm = 360.0 / (12.0 * M_PI);
        const double angle_tol = std::atan(tolerance_ / 6.0) * 180.0 / M_PI;
        double turned = line.turns.empty() ? 0 : line.turns.front().first;
        if (line.turns.empty() && std::fabs(d - s.speed) > tolerance_)
            ctx.findings.error(Kind::Illegal, kMoving, e.claim_pos,
                               "the positions show a move of " + decimal_text(d) + " cm; " + s.name + " moves exactly its speed",
                               decimal_text(s.speed) + "cm", decimal_text(d) + "cm");
        else if (!line.turns.empty() && d > s.speed + tolerance_)
            ctx.findings.error(Kind::Illegal, kMoving, e.claim_pos,
                               "the positions show a move of " + decimal_text(d) + " cm, more than " + s.name + "'s speed",
                               "at most " + decimal_text(s.speed) + "cm", decimal_text(d) + "cm");
        else if (dh > turned * per_cm + angle_tol)
            ctx.findings.error(Kind::Illegal, kMoving, e.claim_pos,
                               line.turns.empty() ? s.name + " changed heading by " + decimal_text(dh) + " degrees with no turn recorded"
                                             : "a turn of " + decimal_text(turned) + " cm on the Turn Device changes the heading by at most " +
                                                   decimal_text(turned * per_cm) + " degrees",
                               "at most " + decimal_text(turned * per_cm) + " degrees", decimal_text(dh) + " degrees");
    }
    if (end_pos) s.pos = end_pos;
}

void IroncladsEngine::breaks_off(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kFormations);
    if (!ctx.header.rule_in_force("formations"))
        ctx.findings.error(Kind::Illegal, kFormations, e.subject.pos, "breaking off from a squadron is part of the optional formations rule");
    else if (s.squadron < 0)
        ctx.findings.error(Kind::Inconsistent, kFormations, e.subject.pos, s.name + " is in no squadron to break off from");
    else if (phase_ != "movement" || s.moved_turn == turn_)
        ctx.findings.error(Kind::Illegal, kFormations, e.subject.pos, "a ship breaking off is announced just before it moves");
    s.broke_off = true;
    if (s.squadron >= 0) {
        auto& members = squadrons_[static_cast<std::size_t>(s.squadron)];
        members.erase(std::remove(members.begin(), members.end(), &s), members.end());
        s.squadron = -1;
    }
}

}  // namespace ironlog::rules::ironclads
