// Units Movement: the speed set at each activation (Modifying the Speed, Reversing the Course),
// straight runs along the course (Speed and Moving), rotations of at most 22.5 degrees after a run
// of the ship's length (Rotation, Slow Speed), and a tower off the table.
#include "rules/admiral/engine.hpp"

#include "check/items.hpp"
#include "rules/admiral/line_of_sight.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kSpeed = cite("Units Movement/Speed and Moving");
const RuleRef kModify = cite("Units Movement/Modifying the Speed");
const RuleRef kReverse = cite("Units Movement/Reversing the Course");
const RuleRef kRotation = cite("Units Movement/Rotation");
const RuleRef kSlow = cite("Units Movement/Slow Speed");
const RuleRef kAutomatic = cite("Damage/Automatic Actions");
const RuleRef kCritical = cite("Damage/Critical Damage");
const RuleRef kRamming = cite("Units Movement/Ramming");
const RuleRef kInitial = cite("Playing Admiral/Initial Condition of Units");
const RuleRef kRuler = cite("Game Elements/Ruler");
const RuleRef kBattlefield = cite("Playing Admiral/Battlefield");
const RuleRef kScale = cite("Game Rules/Matter of Scale");
const RuleRef kSpeedFeature = cite("Unit Features/Speed");

std::string cm_text(double v) {
    std::ostringstream os;
    os << std::round(v * 10) / 10 << " cm";
    return os.str();
}
std::string place_text(geometry::Point p, double h) {
    std::ostringstream os;
    os << "(" << std::round(p.x * 10) / 10 << ", " << std::round(p.y * 10) / 10 << ", " << std::round(h * 10) / 10 << ")";
    return os.str();
}
std::string speed_text(int v) { return std::to_string(std::abs(v)) + (v < 0 ? " astern" : ""); }
std::string knots_text(int v) { return std::to_string(std::abs(v)) + (std::abs(v) == 1 ? " knot" : " knots") + (v < 0 ? " astern" : ""); }
double normal(double h) { return std::fmod(std::fmod(h, 360.0) + 360.0, 360.0); }
}  // namespace

bool AdmiralEngine::on_move(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    Unit* u = a.unit(who);
    if (!u) return false;
    if (!a.take_hand(*u, e, ctx)) return true;
    if (u->stopped) {
        ctx.findings.error(Kind::Illegal, kRamming, where(e), u->label() + " was stopped by a ram this turn: it moves no more");
        return true;
    }
    const auto& args = e.args;
    for (std::size_t i = 0; i < args.size() && !a.line_unread_; ++i) {
        if (is_word(args[i], "speed")) a.set_speed(*u, e, i, ctx);
        else if (is_word(args[i], "move") && i + 1 < args.size()) a.run(*u, args[++i], ctx);
        else if (is_word(args[i], "turn") && i + 1 < args.size()) a.rotate(*u, args[i + 1], e, i + 1, ctx), ++i;
        else if (is_word(args[i], "astern")) continue;
        else
            a.not_read(*u, args[i].pos, "a move is written speed N [astern], move Ncm and turn D (degrees, + to starboard): not '" + args[i].to_ngn() + "'", ctx);
    }
    a.line_unread_ = false;
    a.judge_place(*u, u->at, u->heading, e, ctx);
    return true;
}

// A part of a move that cannot be read: said once; the move is then as the record's claim places it.
void AdmiralEngine::not_read(Unit& u, ngn::SourcePos at, const std::string& what, GameContext& ctx) {
    const Cause why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, ngn_rule("5.3", "Events"), at, what));
    u.move_parted = u.place_doubt = u.unread = why;
    u.move_looked_for = true;  // its move line is there, not read
    line_unread_ = true;
}

// Modifying the Speed: at most a third of the maximum (at least 1 knot) a activation; Reversing
// the Course: astern only through 0, at most a third of the maximum, changed by a third of that.
bool AdmiralEngine::speed_change_legal(const Unit& u, int from, int to, std::string& why) const {
    const int m = *u.card.speed, c = std::max(1, m / 3), back_max = m / 3, back_change = std::max(1, back_max / 3);
    if (to > m) return why = "above the maximum speed of " + knots_text(m), false;
    if (-to > back_max) return why = "astern at most a third of the maximum: " + knots_text(back_max), false;
    if (from >= 0 && to >= 0 && std::abs(to - from) > c) return why = "a change of at most " + knots_text(c) + " (a third of " + std::to_string(m) + ")", false;
    if (from >= 0 && to < 0 && (from > c || -to > std::min(c - from, back_change)))
        return why = "astern only after reaching 0 within the change of " + knots_text(c) + ", and then at most " + knots_text(back_change) + " astern", false;
    // slowing astern down to 0 is an astern change, like any other
    if (from < 0 && to <= 0 && std::abs(to - from) > back_change)
        return why = "a change astern of at most " + knots_text(back_change) + " (a third of the astern maximum, " + std::to_string(back_max) + ")", false;
    if (from < 0 && to > 0 && (-from > back_change || to > c))
        return why = "ahead again only after reaching 0 within the change of " + knots_text(back_change) + " astern", false;
    return true;
}

void AdmiralEngine::set_speed(Unit& u, const ngn::Event& e, std::size_t& i, GameContext& ctx) {
    const auto& args = e.args;
    const auto* n = i + 1 < args.size() ? args[i + 1].as<ngn::Number>() : nullptr;
    if (!n || !n->is_integer) {
        return not_read(u, args[i].pos, "a speed is a whole number of knots: speed 18, speed +2, speed 4 astern", ctx);
    }
    ++i;
    const bool astern = i + 1 < args.size() && is_word(args[i + 1], "astern");
    const ngn::SourcePos at = args[i].pos;
    const bool first = !u.speed_known;
    int to = n->has_sign ? u.speed + n->as_int() : (astern ? -std::abs(n->as_int()) : n->as_int());
    ctx.judged(kModify);
    if (u.speed_written) ctx.findings.error(Kind::Illegal, kModify, at, "the speed is chosen once, at the start of the activation");
    u.speed_written = true;
    const bool kept = (u.automatic_now != Automatic::None || u.conning_now) && !u.speed_unknown;
    std::optional<int> rules_to;  // the speed the rules allowed, where the record's is reported
    if (kept && to != u.speed && to != u.speed_runs && u.automatic_now_parted && !u.conning_now) {
        ctx.findings.excuse(*u.automatic_now_parted, at, "a speed changed after a damage claimed against the rules");
    } else if (kept && to != u.speed && to != u.speed_runs) {
        u.move_parted = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, u.conning_now ? kCritical : kAutomatic, at,
            u.label() + (u.conning_now ? "'s conning tower was hit: it keeps its speed this activation" : " is under an automatic action: it keeps its speed"),
            speed_text(u.speed), speed_text(to)));
        rules_to = u.speed;
    } else if (!kept && u.card.speed && !u.orders.count("engine-power") && !u.speed_unknown) {
        rules_to = judge_speed_change(u, to, first, at, ctx);
    } else if (!u.card.speed) {
        needs(u, false, "speed", kModify, at, ctx);
    }
    u.speed_rules = rules_to;
    if (rules_to) u.speed_parted = u.move_parted;
    u.speed = to;
    u.speed_runs.reset();
    u.speed_unknown = false;
    u.speed_known = true;
    u.speed_set_turn = turn_;
}

// Modifying the Speed, Reversing the Course: the change from the speed as played (or its runs', or
// the starting speeds); a change the rules allow only from the speed an earlier reported mistake
// should have left follows from that mistake. Returns the nearest speed the rules allowed when the
// change is reported.
std::optional<int> AdmiralEngine::judge_speed_change(Unit& u, int to, bool first, ngn::SourcePos at, GameContext& ctx) {
    std::set<int> from = turn_ == 1 && u.speed_set_turn == 0 ? starting_speeds(u) : std::set<int>{u.speed};
    if (first || from.empty()) from.insert(u.speed);
    if (u.speed_runs) from.insert(*u.speed_runs);
    ctx.judged(kSpeedFeature);
    if (turn_ == 1 && u.speed_set_turn == 0) ctx.judged(kInitial);
    if (to < 0 || *from.begin() < 0) ctx.judged(kReverse);
    std::string why, unused;
    bool ok = false;
    for (int f : from) {
        std::string w;
        ok = ok || speed_change_legal(u, f, to, w);
        if (why.empty()) why = w;
    }
    if (ok) return std::nullopt;
    if (u.speed_rules && u.speed_parted && speed_change_legal(u, *u.speed_rules, to, unused)) {
        ctx.findings.excuse(*u.speed_parted, at, "a speed change the rules allow from the speed they gave");
        return std::nullopt;
    }
    const bool initial = turn_ == 1 && u.speed_set_turn == 0 && !u.start_speed;
    const bool reversing = to < 0 || *from.begin() < 0;
    u.move_parted = Findings::cause_of(ctx.findings.error(Kind::Illegal, initial ? kInitial : reversing ? kReverse : kModify, at,
                                                          u.label() + " at " + knots_text(*from.begin()) + " may not go to " + knots_text(to) + ": " + why,
                                                          std::nullopt, speed_text(to)));
    std::optional<int> nearest;  // the legal speed nearest the one written (looked for near it: a card may give any speed)
    const long long lo = std::max<long long>(-static_cast<long long>(*u.card.speed), to - 100LL);
    const long long hi = std::min<long long>(*u.card.speed, to + 100LL);
    for (long long k = lo; k <= hi; ++k)
        for (int f : from)
            if ((!nearest || std::llabs(k - to) < std::llabs(*nearest - to)) && speed_change_legal(u, f, static_cast<int>(k), unused)) nearest = static_cast<int>(k);
    return nearest;
}

bool AdmiralEngine::slow(const Unit& u, int knots) const {
    return knots < 0 || (u.card.speed && 2 * knots < *u.card.speed);
}
bool AdmiralEngine::slow(const Unit& u) const { return slow(u, u.speed) || (u.speed_runs && slow(u, *u.speed_runs)) || u.speed_unknown; }

// The speeds a unit may be going, as played: as written, as its runs showed, and for the unit in its
// hand the speed its runs so far show; any, when its move was left out.
std::vector<int> AdmiralEngine::speeds_as_played(const Unit& x) const {
    std::vector<int> v{x.speed};
    if (x.speed_runs) v.push_back(*x.speed_runs);
    if (&x == active_ && x.moved_any) v.push_back(static_cast<int>(std::lround(x.moved / scale_.cm_per_knot)) * (x.speed < 0 ? -1 : 1));
    if (x.ram_doubt && x.ram_doubt_turn == turn_) v.push_back(0);  // rammed, and standing, in a collision left out
    if (x.speed_unknown) {  // each ten knots (the malus) and each side of half the maximum (slow speed)
        const int most = std::min(x.card.speed.value_or(40), 99);
        for (int k = 0; k <= most; k += 10) v.push_back(k);
        v.push_back(most);
        v.push_back(std::max(0, (most - 1) / 2));
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

// Rotation: the ship's length; Slow Speed: half of it, rounded down.
double AdmiralEngine::rotation_distance(const Unit& u) const {
    const double length = u.card.length_cm.value_or(0);
    return slow(u) ? std::floor(length / 2) : length;
}

void AdmiralEngine::run(Unit& u, const ngn::Item& it, GameContext& ctx) {
    const auto* n = it.as<ngn::Number>();
    if (!n || n->value < 0 || n->value > 10000 || (!n->unit.empty() && lower(n->unit) != "cm")) {
        return not_read(u, it.pos, "a run is a distance in cm: move 12cm", ctx);
    }
    u.at = ahead(u.at, u.heading, n->value * (u.speed < 0 ? -1 : 1));
    u.run += n->value;
    u.moved += n->value;
    u.moved_any = true;
}

void AdmiralEngine::rotate(Unit& u, const ngn::Item& it, const ngn::Event& e, std::size_t i, GameContext& ctx) {
    const auto* n = it.as<ngn::Number>();
    if (!n || std::abs(n->value) > 360) {
        return not_read(u, it.pos, "a rotation is in degrees, + to starboard, - to port: turn 22.5, turn -15", ctx);
    }
    const double angle = n->value;
    ctx.judged(kRotation);
    if (slow(u)) ctx.judged(kSlow);
    if (u.planned_veer && u.rotations == 0) ctx.judged(kInitial);  // the Planned Veer of turn 1
    if (u.conning_now) {
        u.move_parted = Findings::cause_of(ctx.findings.error(Kind::Illegal, kCritical, it.pos, u.label() + "'s conning tower was hit: no rotation this activation"));
    } else if (std::abs(angle) > 22.5 + 1e-9) {
        u.move_parted = Findings::cause_of(ctx.findings.error(Kind::Illegal, kRotation, it.pos, "at most 22.5 degrees a rotation", "22.5", it.to_ngn()));
    } else if (needs(u, u.card.length_cm.has_value(), "length", kRotation, it.pos, ctx) && u.run + tolerance_ < rotation_distance(u)) {
        // at the end of the move: no run follows it (a second rotation after it is that one's mistake)
        bool last_item = true;
        for (std::size_t k = i + 1; k < e.args.size(); ++k) last_item = last_item && !is_word(e.args[k], "move");
        const double full = cm_of(u.speed);
        const bool move_done = u.moved + tolerance_ >= full;
        const bool too_short = full < rotation_distance(u) + tolerance_ || end_rotation_always_;
        if (u.planned_veer && u.rotations == 0) {
            // the Admiral Order lets it rotate at once, as if the run had been made (turn 1)
        } else if (last_item && move_done && too_short && !u.end_rotation && (u.rotations == 0 || end_rotation_always_)) {
            u.end_rotation = true;
        } else if (u.unread) {
            ctx.findings.excuse(*u.unread, it.pos, "a rotation after a line not read");
        } else if (u.move_parted) {  // the runs or the speed of this move were reported: its rotations follow from them
            ctx.findings.excuse(*u.move_parted, it.pos, "a rotation in a move already reported");
        } else {
            u.move_parted = Findings::cause_of(ctx.findings.error(
                Kind::Illegal, slow(u) && u.run > tolerance_ ? kSlow : kRotation, it.pos,  // a run short of the half Slow Speed sets
                u.label() + " rotates after a run of " + cm_text(u.run) + " since its last rotation: it needs " + cm_text(rotation_distance(u)) +
                    (slow(u) ? " (half its length: slow speed)" : " (its length)"),
                cm_text(rotation_distance(u)), cm_text(u.run)));
        }
    }
    u.heading = normal(u.heading + angle);
    u.run = 0;
    ++u.rotations;
}

bool AdmiralEngine::on_table(geometry::Point p) const {
    return p.x >= -tolerance_ && p.y >= -tolerance_ && p.x <= table_w_ + tolerance_ && p.y <= table_h_ + tolerance_;
}

// The place a move's runs and rotations give, against the one the record claims; the replay goes
// on from the claimed place (as played).
void AdmiralEngine::judge_place(Unit& u, geometry::Point at, double heading, const ngn::Event& e, GameContext& ctx) {
    const ngn::TablePos* claimed = nullptr;
    if (e.claim)
        for (const auto& it : *e.claim) claimed = it.as<ngn::TablePos>() ? it.as<ngn::TablePos>() : claimed;
    if (claimed) {
        ctx.judged(kSpeed), ctx.judged(kRuler);
        const geometry::Point c{claimed->x, claimed->y};
        const double ch = claimed->heading ? normal(*claimed->heading) : heading;
        const double turn_off = std::abs(std::remainder(ch - heading, 360.0));
        const bool elsewhere = u.placed && (geometry::distance(c, at) > tolerance_ || turn_off > kAngleTolerance);
        if (elsewhere && (u.move_parted || u.place_doubt)) {
            ctx.findings.excuse(u.move_parted ? *u.move_parted : *u.place_doubt, e.claim_pos, "the place follows the move as played");
        } else if (elsewhere) {
            u.move_parted = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kSpeed, e.claim_pos,
                                                                  u.label() + "'s runs and rotations from where it stood end elsewhere (ruler " +
                                                                      cm_text(tolerance_) + ", 2 degrees)",
                                                                  place_text(at, heading), std::string(claimed->text)));
        }
        u.at = c;  // the claim gives its place as played
        u.heading = ch;
        u.placed = true;
        u.place_doubt.reset();
    }
    if (u.placed) ctx.judged(kBattlefield);
    if (u.placed && !on_table(u.at) && !u.lost) {
        u.lost = u.removed = true;
        u.gone.leave("was lost off the table in turn " + std::to_string(turn_), e.subject.pos.line);
        ctx.findings.note(Kind::Illegal, kReverse, e.subject.pos, u.label() + "'s conning tower ends its move off the table: it is lost");
    }
}

// Speed and Moving: the runs of an activation add up to the speed, unless a ram stopped the ship.
void AdmiralEngine::end_activation(Unit& u, GameContext& ctx, ngn::SourcePos) {
    const ngn::SourcePos at = u.last_pos;
    if (u.stopped || u.ram_through || u.lost || u.sunk || !u.speed_known || u.extra_hand) return;
    ctx.judged(kSpeed), ctx.judged(kScale);
    const double full = cm_of(u.speed);
    if (std::abs(u.moved - full) <= tolerance_) return;
    if (u.moved_any) u.speed_runs = static_cast<int>(std::lround(u.moved / scale_.cm_per_knot)) * (u.speed < 0 ? -1 : 1);
    else u.speed_unknown = true;  // a move left out: its speed and place show at its next move
    if (u.move_parted) return ctx.findings.excuse(*u.move_parted, at, "the runs follow the speed or the place as played");
    // a run left out (a line of the hand, most likely): where it ended shows at its next move; a
    // hull it stopped against: a collision left out, most likely
    Unit* met = nullptr;
    for (Unit& o : units_)
        if (&o != &u && o.afloat() && o.placed && u.placed && near_enough(u, o, tolerance_ + 1) && hull_gap(u, o) <= tolerance_ + 1) met = &o;
    u.place_doubt = Findings::cause_of(ctx.findings.error(Kind::Illegal, kSpeed, at,
                                                          u.label() + " at " + knots_text(u.speed) + " runs " + cm_text(full) + " in its activation" +
                                                              (scale_.cm_per_knot != 1 ? " at this scale" : "") + ", not " + cm_text(u.moved) +
                                                              (met ? " (its hull meets " + met->label() + "'s: a collision left out?)" : ""),
                                                          cm_text(full), cm_text(u.moved)));
    if (met) u.ram_doubt = met->ram_doubt = u.place_doubt, u.ram_doubt_turn = met->ram_doubt_turn = turn_;
}

}  // namespace ironlog::rules::admiral
