// The admiral engine's core: the card libraries a record names, the verb table, the headings
// of the turn, and what `ironlog state` shows.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kVocabulary = ngn_rule("5.3", "Events");
const RuleRef kCardRule{"admiral", "War Technology/Unit Card", ""};
const RuleRef kDices = cite("Game Elements/Dices");
const RuleRef kTheTurn = cite("Playing Admiral/The Turn");
const RuleRef kTurnPhases = cite("Playing Admiral/Turn Phases");
const RuleRef kGameSetup = cite("Playing Admiral/Game Setup");
const RuleRef kOperationalPhase = cite("Playing Admiral/Operational Phase");
}  // namespace

RuleRef cite(const char* section) { return RuleRef{"admiral", section, ""}; }

std::unique_ptr<Engine> make_engine() { return std::make_unique<AdmiralEngine>(); }

// A copy of the replay's state at a boundary (check/engine.hpp): every member copied by value,
// the card libraries shared (never changed after begin()); the units' entities and the record's
// lines are pointed to as they are.
std::unique_ptr<Engine> AdmiralEngine::clone() const {
    std::unique_ptr<AdmiralEngine> copy(new AdmiralEngine(*this));
    copy->repoint_units(*this);
    return copy;
}

// The members that point to units still point to the original's: each is pointed at the copy's
// unit at the same place in units_.
void AdmiralEngine::repoint_units(const AdmiralEngine& original) {
    std::map<const Unit*, Unit*> to_copy;
    for (std::size_t i = 0; i < units_.size(); ++i) to_copy[&original.units_[i]] = &units_[i];
    auto own = [&](const Unit* u) { return u ? to_copy.at(u) : nullptr; };
    for (auto& entry : numbers_) entry.second = own(entry.second);  // a unit by its activation card
    for (auto& entry : names_) entry.second = own(entry.second);    // a unit by its name
    for (auto& entry : unit_by_) entry.second = own(entry.second);  // a line's unit by its entity
    active_ = own(active_);                                         // the hand under way
    for (auto& slowest : formation_slowest_) {                      // the formations found (keyed by unit)
        std::map<const Unit*, int> repointed;
        for (const auto& [u, knots] : slowest) repointed.emplace(own(u), knots);
        slowest = std::move(repointed);
    }
    for (Unit& u : units_) {
        u.attacker = own(u.attacker);  // who damaged it last
        for (auto& t : u.last_targets) t = own(t);  // its targets, last hand and this one
        for (auto& t : u.targets_now) t = own(t);
        u.duds_due.target = own(u.duds_due.target);  // the target of its torpedo hits owed a malfunction roll
    }
}

const Verb<AdmiralEngine> kVerbs[] = {
    {"speed", AdmiralEngine::on_move},          {"move", AdmiralEngine::on_move},
    {"turn", AdmiralEngine::on_move},           {"fire", AdmiralEngine::on_fire},
    {"torpedo", AdmiralEngine::on_torpedo},     {"malfunction", AdmiralEngine::on_malfunction},
    {"critical", AdmiralEngine::on_critical},   {"order", AdmiralEngine::on_order},
    {"collide", AdmiralEngine::on_collide},     {"repair", AdmiralEngine::on_repair},
    {"command", AdmiralEngine::on_command},     {"placement", AdmiralEngine::on_placement},
    {"initiative", AdmiralEngine::on_initiative}, {"pass", AdmiralEngine::on_pass},
};

std::string Roll::rules_text() const {
    std::string out = std::to_string(face);
    for (const auto& [name, v] : mods) out += (v < 0 ? " " : " +") + std::to_string(v) + "(" + name + ")";
    return out + " = " + std::to_string(rules);
}

void AdmiralEngine::begin(GameContext& ctx) {
    tolerance_ = ctx.header.tolerance_cm;
    scale_ = scale_of(ctx.header.option("scale"));
    if (ctx.header.option("table") == "120x180") table_w_ = 180, table_h_ = 120;
    tie_hits_ = ctx.header.option("attack-tie") == "hit";
    end_rotation_always_ = ctx.header.option("end-rotation") == "always";
    sides_.assign(ctx.symbols.side_count(), SideState{});
    for (const auto& path : ctx.header.libraries) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) continue;  // the header said so already
        libraries_.push_back(std::make_shared<const CardLibrary>(CardLibrary::load(path, path.lexically_normal().string(), ctx.findings)));
    }
}

void AdmiralEngine::declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    if (sides_.size() < ctx.symbols.side_count()) sides_.resize(ctx.symbols.side_count());
    if (d.kind == ngn::EntityKind::Ship) declare_ship(d, e, ctx);
}

void AdmiralEngine::heading(const ngn::Heading& h, GameContext& ctx) {
    const ngn::SourcePos at = h.label_pos;
    if (h.kind == ngn::HeadingKind::Turn) {
        ctx.judged(kTheTurn);
        if (active_) end_hand(ctx, at);
        start_turn(ctx);
        return;
    }
    if (h.kind != ngn::HeadingKind::Phase) return;
    const SequenceNode* node = ctx.cursor.phase();
    const std::string name = node ? node->name : lower(h.label);
    ctx.judged(name == "setup" ? kGameSetup : kTurnPhases);
    if (phase_ == "operational" && name != "operational") end_hand(ctx, at);
    if (phase_ == "operational" && name != "operational") {
        // Playing Admiral/Operational Phase: the phase goes on until every unit has been activated.
        ctx.judged(kOperationalPhase);
        std::string missing;
        std::vector<Unit*> vanished;
        for (Unit& u : units_) {
            if (!u.afloat() || u.activated_turn == turn_ || u.stopped) continue;  // a unit rammed before its hand does not act
            if (u.ram_doubt && (u.ram_doubt_turn == turn_ || !named_later(u, at.line, ctx))) {  // stopped, or sunk, in a collision left out
                ctx.findings.excuse(*u.ram_doubt, at, u.label() + " has no hand: stopped or sunk in the collision left out");
                if (!named_later(u, at.line, ctx)) sink(u, at.line, u.ram_doubt);
                continue;
            }
            if (!named_later(u, at.line, ctx) && (u.sunk_left_out || hands_parted_)) {
                ctx.findings.excuse(u.sunk_left_out ? *u.sunk_left_out : *hands_parted_, at, u.label() + " is named no more: sunk, or its hand left out");
                sink(u, at.line, u.sunk_left_out ? u.sunk_left_out : hands_parted_);
                continue;
            }
            missing += (missing.empty() ? "" : ", ") + u.label();
            if (!named_later(u, at.line, ctx)) {  // the players played on as if it were gone: its hand, or its sinking, left out
                missing += " (named no more: taken as gone from here)";
                vanished.push_back(&u);
            }
        }
        std::optional<Cause> why = hands_parted_;
        if (!missing.empty() && why)
            ctx.findings.excuse(*why, at, "the hand left out broke the alternation");
        else if (!missing.empty())
            why = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("Playing Admiral/Operational Phase"), at,
                                                        "every unit on the table is activated once a turn; not activated in turn " +
                                                            std::to_string(turn_) + ": " + missing));
        for (Unit* u : vanished) sink(*u, at.line, why), u->vanished = why;
        for (Unit& u : units_)  // a hand left out: where the unit is and its speed show at its next move
            // a unit rammed before its hand has none, and its automatic action waits; with a hand left out, it may have had it
            if (u.afloat() && u.activated_turn != turn_ && (!u.stopped || why)) {
                u.place_doubt = why;
                u.speed_unknown = true;
                u.conning_due = false;
                if (u.automatic != Automatic::None && why) u.automatic_parted = why;  // performed in the hand left out, or due at the next
            }
    }
    phase_ = name;
    if (name == "chronometric") chronometric(ctx, at);
}

void AdmiralEngine::event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    for (const auto& it : e.args)  // the kit has read its dice against the book's (Game Elements/Dices)
        if (it.as<ngn::Dice>()) ctx.judged(kDices);
    if (const auto* v = find_verb(kVerbs, e); v && v->handle(*this, e, actor, ctx)) return;
    const ngn::SourcePos at = e.args.empty() ? e.subject.pos : where(e);
    const std::string verb = e.verb();
    const std::string what = verb.empty() ? "a line begins with its action, after the unit or side: " + actor.label() + " move 12cm"
                                          : "'" + verb + "' is not an action of " + with_article(entity_keyword(actor.kind)) + " in admiral";
    std::optional<Cause> why = unknown_verbs_.said_before(lower(verb));
    if (why && !verb.empty()) ctx.findings.excuse(*why, at, what);
    else
        unknown_verbs_.said(lower(verb), *(why = Findings::cause_of(ctx.findings.error(
                                               Kind::Inconsistent, kVocabulary, at, what + "; " + did_you_mean(kVerbs, verb) + "the actions are " + verb_list(kVerbs) + " (docs/rules/admiral.md)"))));
    if (phase_ == "operational") unread_attack_.mark(turn_, *why);  // it may have been a fire: a critical roll may follow it
    // a unit's line not read stands for its hand: its move is then as its next claim places it
    Unit* u = unit(actor);
    if (!u || phase_ != "operational" || !u->afloat()) return;
    if (active_ != u && u->activated_turn != turn_) take_hand(*u, e, ctx);
    if (active_ == u) u->move_parted = u->place_doubt = u->unread = *why, u->move_looked_for = true, u->speed_unknown = !u->speed_written;
}

void AdmiralEngine::finish(GameContext& ctx) {
    const ngn::SourcePos at{ctx.game.last_line, 1};
    if (active_) end_hand(ctx, at);
    judge_result(ctx);
}

// ---- helpers ----------------------------------------------------------------------------------

bool AdmiralEngine::in_hand(const ngn::Event& e, const Entity& who, GameContext& ctx, Act act, bool moves_later) {
    Unit* u = unit(who);
    if (!u) return false;
    if (!take_hand(*u, e, ctx)) return true;
    if (moves_later) look_for_move(*u, e, ctx);
    (this->*act)(*u, e, ctx);
    return true;
}

Unit* AdmiralEngine::unit(const Entity& e) {
    auto it = unit_by_.find(&e);
    return it == unit_by_.end() ? nullptr : it->second;
}

Unit* AdmiralEngine::named_unit(const ngn::Item& it, GameContext& ctx) {
    if (!word_text(it) && !it.is<ngn::Text>()) return nullptr;
    const Entity* e = ctx.symbols.find(reference_text(it));
    return e ? unit(*e) : nullptr;
}

bool AdmiralEngine::in_phase(const char* phase, const ngn::Event& e, const RuleRef& rule, GameContext& ctx) {
    if (phase_ == phase) return true;
    ctx.findings.error(Kind::Illegal, rule, where(e),
                       "'" + e.verb() + "' belongs to phase " + phase + ", not " + (phase_.empty() ? "before play" : "phase " + phase_));
    return false;
}

// Said once a game: a result the demo leaves to a table or a chapter it does not print.
void AdmiralEngine::unverified(const std::string& what, const RuleRef& rule, ngn::SourcePos at, GameContext& ctx) {
    if (!said_.insert(what).second) return;
    ctx.findings.note(Kind::Unverifiable, rule, at, what + ": taken as recorded, not verified");
}

// Whether a card gives what a rule needs; if not, said once a unit and field.
bool AdmiralEngine::needs(const Unit& u, bool has, const char* field, const RuleRef& rule, ngn::SourcePos at, GameContext& ctx) {
    if (has) return true;
    if (said_.insert(u.label() + "/" + field).second)
        ctx.findings.note(Kind::Unverifiable, kCardRule, at,
                          u.label() + "'s card gives no " + field + " ([Library], docs/rules/admiral.md): " + rule.text() + " not verified for it");
    return false;
}

std::string AdmiralEngine::side_name(int side, const GameContext& ctx) const {
    const auto& s = ctx.symbols.sides();
    return side >= 0 && static_cast<std::size_t>(side) < s.size() ? s[static_cast<std::size_t>(side)]->label() : "?";
}

Roll AdmiralEngine::read_roll(const ngn::Dice& dice, std::vector<std::pair<std::string, int>> mods) const {
    Roll r;
    r.face = dice.faces.empty() ? 0 : (dice.sides == 10 && dice.faces[0].value == 0 ? 10 : dice.faces[0].value);
    r.rules = r.face;
    for (const auto& m : mods) r.rules = saturating_add(r.rules, m.second);  // a face written huge must not overflow
    r.mods = std::move(mods);
    r.total = dice.total;
    if (!dice.modifiers.empty()) {
        int sum = r.face;
        for (const auto& m : dice.modifiers) sum = saturating_add(sum, m.value);
        r.recorded = sum;
    } else {
        r.recorded = dice.total;
    }
    return r;
}

// Modifiers (or a total) written against the rules' are one finding; false then, and false when
// the kit found the total not adding up (the record's modifiers are judged, not its sum).
bool AdmiralEngine::judge_roll(const Roll& r, const char* what, const RuleRef& rule, ngn::SourcePos at, GameContext& ctx) {
    if (!ctx.dice_ok) return false;
    if (!r.recorded || *r.recorded == r.rules) return !r.total_off();
    ctx.findings.error(Kind::WrongResult, rule, at, std::string(what) + " is " + std::to_string(r.rules) + ", not " + std::to_string(*r.recorded),
                       r.rules_text(), std::to_string(*r.recorded));
    return false;
}

// Whether the unit has a hand (a line of its own that activates it) later in this turn.
bool AdmiralEngine::hand_later_this_turn(const Unit& u, std::uint32_t line, GameContext& ctx) const {
    const auto& lines = ctx.game.lines;
    auto it = std::upper_bound(lines.begin(), lines.end(), line, [](std::uint32_t n, const ngn::Line& l) { return n < l.pos.line; });
    for (; it != lines.end(); ++it) {
        if (const auto* h = it->as<ngn::Heading>(); h && h->kind == ngn::HeadingKind::Turn) return false;
        const auto* e = it->as<ngn::Event>();
        if (!e || ctx.symbols.find(reference_text(e->subject)) != u.entity) continue;
        const std::string verb = lower(e->verb());
        if (verb == "speed" || verb == "move" || verb == "turn" || verb == "fire" || verb == "torpedo" || verb == "order" || verb == "collide") return true;
    }
    return ctx.in_progress;  // the turn being written: its hand may come yet
}

// A unit measured from where it stood, by a line that disagrees, with no hand this turn yet and
// none to come: its hand was left out. Said once; where it is then shows at its next move.
bool AdmiralEngine::hand_left_out(Unit& u, ngn::SourcePos at, GameContext& ctx) {
    if (phase_ != "operational" || u.activated_turn == turn_ || !u.afloat() || hand_later_this_turn(u, at.line, ctx)) return false;
    const Cause why = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("Playing Admiral/Operational Phase"), at,
                                                            u.label() + " is measured from elsewhere than where it stood, and has no hand this turn: "
                                                                        "its hand is left out (every unit is activated once a turn)"));
    u.place_doubt = why;
    u.speed_unknown = true;
    u.conning_due = false;
    if (u.automatic != Automatic::None) u.automatic_parted = why;  // performed in the hand left out, or still due
    u.activated_turn = turn_;  // as played: it had its hand
    return true;
}

// Whether a later event names the unit, as its actor or among its words.
bool AdmiralEngine::named_later(const Unit& u, std::uint32_t line, GameContext& ctx) const {
    const auto& lines = ctx.game.lines;
    auto it = std::upper_bound(lines.begin(), lines.end(), line, [](std::uint32_t n, const ngn::Line& l) { return n < l.pos.line; });
    for (; it != lines.end(); ++it) {
        const auto* e = it->as<ngn::Event>();
        if (!e) continue;
        if (ctx.symbols.find(reference_text(e->subject)) == u.entity) return true;
        for (const auto* items : {&e->args, e->claim ? &*e->claim : nullptr})
            if (items)
                for (const auto& item : *items)
                    if ((word_text(item) || item.is<ngn::Text>()) && ctx.symbols.find(reference_text(item)) == u.entity) return true;
    }
    return ctx.in_progress;  // a record still being written may name it yet
}

// Whether the unit's hand has a move line after `line` (a unit may fire before it moves): the
// lines after it are read until another unit's hand or a heading.
bool AdmiralEngine::moves_later_in_hand(const Unit& u, std::uint32_t line, GameContext& ctx) const {
    const auto& lines = ctx.game.lines;
    auto it = std::upper_bound(lines.begin(), lines.end(), line, [](std::uint32_t n, const ngn::Line& l) { return n < l.pos.line; });
    for (int seen = 0; it != lines.end() && seen < 200; ++it, ++seen) {
        if (it->is<ngn::Heading>()) return false;
        const auto* e = it->as<ngn::Event>();
        if (!e) continue;
        const Entity* who = ctx.symbols.find(reference_text(e->subject));
        const std::string verb = lower(e->verb());
        const bool moving = verb == "speed" || verb == "move" || verb == "turn";
        const bool other_act = verb == "fire" || verb == "torpedo" || verb == "order" || verb == "collide" || verb == "critical" || verb == "malfunction";
        if (who == u.entity && (moving || !other_act)) return true;  // a line that is no other act may be its move, not read
        const bool hand = moving || verb == "fire" || verb == "torpedo" || verb == "order" || verb == "collide" || verb == "pass";
        if (who != u.entity && hand) return false;
    }
    return it == lines.end() && ctx.in_progress;  // the hand being written: its move may come yet
}

// A hand whose unit acts before any move: its move must come later in the hand. If none does, the
// move was left out: said once, and its place and speed are then as its next move shows them.
void AdmiralEngine::look_for_move(Unit& u, const ngn::Event& e, GameContext& ctx) {
    if (u.move_looked_for || u.moved_any || u.speed_written || u.stopped || !u.speed_known || u.move_parted || u.extra_hand || cm_of(u.speed) <= tolerance_) return;
    u.move_looked_for = true;
    if (moves_later_in_hand(u, e.subject.pos.line, ctx)) return;
    const Cause why = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("Units Movement/Speed and Moving"), e.subject.pos,
                                                            u.label() + "'s hand has no move: at " + std::to_string(std::abs(u.speed)) +
                                                                " knots it runs in its activation (a move left out?)"));
    u.move_parted = u.place_doubt = why;
    u.speed_unknown = true;
}

// ---- ironlog state -------------------------------------------------------------------------

void AdmiralEngine::describe(std::ostream& os, const GameContext& ctx) const {
    os << "Turn: " << turn_ << (phase_.empty() ? "" : ", phase " + phase_) << "\n";
    for (std::size_t s = 0; s < sides_.size(); ++s) {
        os << side_name(static_cast<int>(s), ctx) << ": Admiral Points ";
        os << (sides_[s].points ? std::to_string(*sides_[s].points - sides_[s].spent) + " of " + std::to_string(*sides_[s].points) : "not rolled") << "\n";
    }
    for (const Unit& u : units_) {
        os << u.entity->name << ": ";
        if (u.lost) os << "lost off the table";
        else if (u.removed) os << "sunk, removed";
        else {
            std::ostringstream place;
            place << "(" << std::round(u.at.x * 10) / 10 << ", " << std::round(u.at.y * 10) / 10 << ", " << std::round(u.heading * 10) / 10 << ")";
            os << (u.placed ? place.str() : "not placed") << ", speed " << std::abs(u.speed) << (u.speed < 0 ? " astern" : "");
            os << ", severe damage " << u.severe << " of " << structure_points(u) << " SP";
            if (u.sunk) {
                os << ", sunk\n";
                continue;
            }
            if (u.automatic != Automatic::None) os << ", automatic action due (" << (u.automatic == Automatic::Severe ? "severe" : "light") << ")";
            if (u.conning_due) os << ", conning tower hit";
        }
        os << "\n";
    }
}

std::vector<std::string_view> AdmiralEngine::verbs() const { return verb_words(kVerbs); }

}  // namespace ironlog::rules::admiral
