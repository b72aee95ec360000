// Attack and Defence of Naval Units: the target (Opening Fire with Batteries), each battery once an
// arc a turn with the reductions of the arcs beside it (Attack and Defense), the attack and defence
// rolls with their bonuses and maluses (Maluses to Attack Value), and the hit.
#include "rules/admiral/gunnery.hpp"

#include "rules/admiral/engine.hpp"
#include "rules/admiral/line_of_sight.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::admiral {

namespace {
const RuleRef kOpening = cite("Attack and Defence of Naval Units/Opening Fire with Batteries");
const RuleRef kAttack = cite("Attack and Defence of Naval Units/Attack and Defense");
const RuleRef kMaluses = cite("Attack and Defence of Naval Units/Maluses to Attack Value");
const RuleRef kCourse = cite("General Principles/Units' Course");
const RuleRef kSight = cite("General Principles/Line of Sight");
const RuleRef kAutomatic = cite("Damage/Automatic Actions");
const RuleRef kCritical = cite("Damage/Critical Damage");
const RuleRef kRamming = cite("Units Movement/Ramming");
const RuleRef kDamage = cite("Damage/Light and Severe Damage");
const RuleRef kSlow = cite("Units Movement/Slow Speed");
const RuleRef kBatteryFeature = cite("Unit Features/Batteries");
const RuleRef kDefenceFeature = cite("Unit Features/Defence");
const RuleRef kResistance = cite("Unit Features/Resistance");
const RuleRef kArcOfSight = cite("General Principles/Arc of Sight");
const RuleRef kDiceRolls = cite("General Principles/Dice Rolls");
const RuleRef kScale = cite("Game Rules/Matter of Scale");
const RuleRef kSpecial = cite("War Technology/Special Rules");

// Each modifier of an attack, with the section of the book that states it and the words a record's
// label for it may hold. The coefficient (the first) is Attack and Defense's, or the range's.
struct ModifierKind {
    const char* name;  // as attack_modifiers names it
    const RuleRef* rule;
    std::array<const char*, 4> words;
};
const ModifierKind kModifierKinds[] = {
    {"target speed", &kMaluses, {"speed", "knot", "", ""}},  // a label with "slow" is the next one
    {"slow speed", &kSlow, {"slow", "", "", ""}},
    {"light damage", &kAutomatic, {"light", "damage", "dmg", ""}},
    {"ram", &kRamming, {"", "", "", ""}},  // a label that begins with "ram" (see kind_of_label)
    {"communication tower", &kCritical, {"radio", "comm", "tower", "radar"}},
    {"smoke", &kSpecial, {"smoke", "", "", ""}},
};
constexpr std::size_t kNoKind = std::size(kModifierKinds);

// The kind a record's modifier label names; kNoKind for the coefficient or a label not known.
std::size_t kind_of_label(const std::string& label) {
    const std::string l = lower(label);
    if (l.find("slow") != std::string::npos) return 1;
    if (l.rfind("ram", 0) == 0) return 3;
    for (std::size_t k = 0; k < kNoKind; ++k)
        for (const char* w : kModifierKinds[k].words)
            if (*w && l.find(w) != std::string::npos) return k;
    return kNoKind;
}
// What a fire line claims: `=> miss`, `=> hit light`, `=> hit severe sunk`.
struct FireClaim {
    bool hit = false, sunk = false;
    std::optional<Automatic> kind;
};
FireClaim fire_claim(const ngn::Event& e) {
    FireClaim c;
    if (e.claim)
        for (const auto& it : *e.claim) {
            c.hit = c.hit || is_word(it, "hit");
            c.sunk = c.sunk || is_word(it, "sunk");
            if (is_word(it, "light")) c.kind = Automatic::Light;
            if (is_word(it, "severe")) c.kind = Automatic::Severe;
        }
    c.hit = c.hit || c.kind.has_value();
    return c;
}

std::size_t kind_of_name(const std::string& name) {
    for (std::size_t k = 0; k < kNoKind; ++k)
        if (name == kModifierKinds[k].name) return k;
    return kNoKind;
}

constexpr const char* kBatteryNames[] = {"primary", "secondary", "tertiary"};
constexpr const char* kArcNames[] = {"bow", "starboard", "stern", "port"};

std::optional<Arc> arc_word(const ngn::Item& it) {
    for (int k = 0; k < 4; ++k)
        if (is_word(it, kArcNames[k])) return static_cast<Arc>(k);
    return std::nullopt;
}
std::array<Arc, 2> beside(Arc a) {
    return a == Arc::Bow || a == Arc::Stern ? std::array<Arc, 2>{Arc::Port, Arc::Starboard} : std::array<Arc, 2>{Arc::Bow, Arc::Stern};
}
std::size_t ix(Arc a) { return static_cast<std::size_t>(a); }
}  // namespace

bool AdmiralEngine::on_fire(AdmiralEngine& a, const ngn::Event& e, const Entity& who, GameContext& ctx) {
    return a.in_hand(e, who, ctx, &AdmiralEngine::fire, true);
}

Section section_of(Arc a) { return a == Arc::Bow ? Section::Bow : a == Arc::Stern ? Section::Stern : Section::Side; }

std::optional<Coefficient> coefficient_now(const Unit& u, int b, Arc arc) {
    auto c = u.card.batteries[static_cast<std::size_t>(b)].by_section[static_cast<std::size_t>(section_of(arc))];
    if (!c) return c;
    const int r = u.reduced[static_cast<std::size_t>(b)][ix(arc)];
    return Coefficient{c->long_range - r, c->short_range - r};
}

bool arc_blocked(const Unit& u, int b, Arc arc) {
    if (u.reduced[static_cast<std::size_t>(b)][ix(arc)] == 0) return false;
    const auto c = coefficient_now(u, b, arc);
    const int floor = b == 0 ? 1 : 0;
    return c && (c->long_range <= floor || c->short_range <= floor);
}

bool arc_open(const Unit& u, int b, Arc arc) {
    const Arc other = arc == Arc::Port ? Arc::Starboard : Arc::Port;
    const bool second_side = b == 0 && section_of(arc) == Section::Side && u.fired[0][ix(other)];
    return coefficient_now(u, b, arc) && !u.fired[static_cast<std::size_t>(b)][ix(arc)] && !arc_blocked(u, b, arc) && !second_side;
}

void use_arc(Unit& u, int b, Arc arc) {
    const auto& bat = u.card.batteries[static_cast<std::size_t>(b)];
    u.fired[static_cast<std::size_t>(b)][ix(arc)] = true;
    const auto printed = bat.by_section[static_cast<std::size_t>(section_of(arc))];
    if (!printed) return;
    const int cut = b == 0 ? printed->long_range : (printed->long_range + 1) / 2;
    for (Arc n : beside(arc)) u.reduced[static_cast<std::size_t>(b)][ix(n)] += cut;
}

double AdmiralEngine::range_of(const Unit& u, int b) const {
    const auto& r = u.card.batteries[static_cast<std::size_t>(b)].range_cm;
    return r ? *r / scale_.range_divisor : 1e9;
}

// Whether battery b may fire at the target in this arc; each refusal said.
bool AdmiralEngine::may_fire(Unit& u, int b, Arc arc, Unit& target, const ngn::Event& e, GameContext& ctx) {
    const ngn::SourcePos at = where(e);
    const std::string bat = kBatteryNames[b], arcn = kArcNames[ix(arc)];
    if (!coefficient_now(u, b, arc)) return ctx.findings.error(Kind::Illegal, kAttack, at, u.label() + "'s " + bat + " battery has no coefficient in its " + arcn + " arc: it cannot fire there"), false;
    // the limits of a turn: in a second hand (reported) its fire follows from that mistake
    auto refuse = [&](const std::string& why) {
        if (u.extra_hand) return ctx.findings.excuse(*u.extra_hand, at, why), true;
        return ctx.findings.error(Kind::Illegal, kAttack, at, why), false;
    };
    if (u.fired[static_cast<std::size_t>(b)][ix(arc)]) return refuse(u.label() + "'s " + bat + " battery has fired in its " + arcn + " arc this turn: once an arc a turn");
    if (arc_blocked(u, b, arc))
        return refuse(u.label() + "'s " + bat + " " + arcn + " coefficients are reduced to " + (b == 0 ? "1 or less" : "0 or less") + " by the arcs beside it: it fires no more this turn");
    const Arc other = arc == Arc::Port ? Arc::Starboard : Arc::Port;
    if (b == 0 && section_of(arc) == Section::Side && u.fired[0][ix(other)]) return refuse("the primary battery never fires both sides in one turn");
    (void)target;
    return true;
}

// Opening Fire: the valid target nearest the firer (in sight, in an arc the battery may fire, in range).
const Unit* AdmiralEngine::nearer_target(const Unit& u, int b, const Unit& target, double d) const {
    for (const Unit& o : units_) {
        if (&o == &target || o.side == u.side || !o.afloat() || o.place_doubt || distance(u, o) >= d - tolerance_ || distance(u, o) > range_of(u, b)) continue;
        if (covered_by(u, o)) continue;
        for (Arc arc : arcs_of(u, o))
            if (arc_open(u, b, arc)) return &o;
    }
    return nullptr;
}

// The modifiers at the firer's and the target's speeds (either may be one of two, as played).
std::vector<std::pair<std::string, int>> AdmiralEngine::attack_modifiers(const Unit& u, int own_knots, int target_knots, bool long_range,
                                                                         bool light_damage, bool radio, const ngn::Event& e) const {
    std::vector<std::pair<std::string, int>> m;
    if (const int knots = std::abs(target_knots) / 10) m.push_back({"target speed", -knots});
    if (slow(u, own_knots) && u.card.speed) m.push_back({"slow speed", +1});
    if (light_damage) m.push_back({"light damage", -2});
    if (u.ram_malus_turn == turn_) m.push_back({"ram", -2});
    if (long_range && radio) m.push_back({"communication tower", -1});
    // smoke screens crossed: -1 each, the players' count (where screens lie is not recorded)
    for (const auto& it : e.args)
        if (const auto* d = it.as<ngn::Dice>()) {
            for (const auto& mod : d->modifiers)
                if (lower(mod.label) == "smoke" && mod.value < 0) m.push_back({"smoke", mod.value});
            break;  // the attack die's modifiers only
        }
    return m;
}

// Damage/Light and Severe Damage: the raw attack die below the armour is light, else severe.
Automatic AdmiralEngine::rules_kind_of(int face, const Unit& target) const {
    return target.card.armour && face >= *target.card.armour ? Automatic::Severe : Automatic::Light;
}

void AdmiralEngine::fire(Unit& u, const ngn::Event& e, GameContext& ctx) {
    const auto& a = e.args;
    const ngn::SourcePos at = a.front().pos;
    std::size_t i = 1;
    int b = -1;
    for (int k = 0; k < kBatteries && i < a.size(); ++k) b = is_word(a[i], kBatteryNames[k]) ? k : b;
    if (b < 0) return unread_attack(ctx.findings.error(Kind::Inconsistent, kAttack, at, "fire names its battery: fire primary [bow|stern|port|starboard] TARGET 50cm d10: ... d8: ... => hit light"));
    const std::optional<Arc> written_arc = ++i < a.size() ? arc_word(a[i]) : std::nullopt;
    if (written_arc) ++i;
    Unit* target = i < a.size() ? named_unit(a[i], ctx) : nullptr;
    if (!target || target->side == u.side) return unread_attack(ctx.findings.error(Kind::Inconsistent, kOpening, i < a.size() ? a[i].pos : at, "fire names an enemy unit as its target after the battery (and arc)"));
    const ngn::Item* dist_item = ++i < a.size() && a[i].as<ngn::Number>() ? &a[i] : nullptr;
    std::vector<const ngn::Dice*> dice;
    for (const auto& it : a)
        if (it.as<ngn::Dice>()) dice.push_back(it.as<ngn::Dice>());
    if (!target->afloat()) return gone(*target, kOpening, at, u.label() + " fires at " + target->label() + ", which", ctx);
    if (u.automatic_now == Automatic::Severe && u.automatic_now_parted) ctx.findings.excuse(*u.automatic_now_parted, at, "a fire after a damage claimed against the rules");
    else if (u.automatic_now == Automatic::Severe) return (void)ctx.findings.error(Kind::Illegal, kAutomatic, at, u.label() + " is under a severe damage's automatic action: it may not fire this activation");
    if (u.stopped && u.ram_malus_turn != turn_) return (void)ctx.findings.error(Kind::Illegal, kRamming, at, u.label() + " was stopped by a ram: it does not fire for the rest of the turn");
    const bool specific = u.orders.count("specific-target") > 0;
    if (u.conning_now && std::find(u.last_targets.begin(), u.last_targets.end(), target) == u.last_targets.end()) {
        if (u.conning_said) ctx.findings.excuse(*u.conning_said, at, "another target after a hit conning tower");
        else u.conning_said = Findings::cause_of(ctx.findings.error(Kind::Illegal, kCritical, at, u.label() + "'s conning tower was hit: it may fire only at its last target this activation"));
    }
    if (u.card.type.empty()) return unverified("gunnery of units without a card", kAttack, at, ctx);
    if (!u.card.batteries[static_cast<std::size_t>(b)].present())
        return (void)ctx.findings.error(Kind::Illegal, kAttack, at, u.label() + "'s card has no " + kBatteryNames[b] + " battery");
    ctx.judged(kBatteryFeature), ctx.judged(kOpening), ctx.judged(kCourse), ctx.judged(kScale);
    double d = 0;
    judge_distance(u, *target, dist_item, kOpening, ctx, d);
    const auto arcs = arcs_of(u, *target);
    Arc arc = arcs.front();
    if (written_arc && arcs.size() < 4 && std::find(arcs.begin(), arcs.end(), *written_arc) == arcs.end())
        ctx.findings.error(Kind::Illegal, kCourse, a[2].pos, target->label() + " lies in " + u.label() + "'s " + kArcNames[ix(arcs.front())] + " arc", kArcNames[ix(arcs.front())], kArcNames[ix(*written_arc)]);
    if (written_arc) arc = *written_arc;
    else
        for (Arc c : arcs)
            if (arc_open(u, b, c)) {
                arc = c;
                break;
            }
    if (!may_fire(u, b, arc, *target, e, ctx)) return;
    const double range = range_of(u, b);
    needs(u, u.card.batteries[static_cast<std::size_t>(b)].range_cm.has_value(), "range", kOpening, at, ctx);
    if (d >= 0 && d > range + tolerance_) return (void)ctx.findings.error(Kind::Illegal, kOpening, at, target->label() + " is beyond the " + kBatteryNames[b] + " battery's range", std::to_string(int(range)) + "cm", dist_item ? dist_item->to_ngn() : "");
    if (u.placed && target->placed && units_.size() <= kMostUnitsJudged) ctx.judged(kSight), ctx.judged(kArcOfSight), ctx.judged(kResistance);
    if (auto cover = covered_by(u, *target); cover && units_.size() <= kMostUnitsJudged && !hand_left_out(const_cast<Unit&>(**cover), at, ctx))
        return (void)ctx.findings.error(Kind::Illegal, kSight, at, (*cover)->label() + " covers " + target->label() + " from " + u.label() + ": it is at least the target's size (SP) and stands across the line of sight");
    const Unit* doubtful = nullptr;  // a unit whose place is in doubt may stand across a line of sight or be nearer
    for (const Unit& o : units_) doubtful = o.place_doubt && o.afloat() ? &o : doubtful;
    if (doubtful) ctx.findings.excuse(*doubtful->place_doubt, at, "the nearest target, with a place in doubt");
    else if (units_.size() > kMostUnitsJudged) unverified("the nearest target among more than " + std::to_string(kMostUnitsJudged) + " units", kOpening, at, ctx);
    else if (!u.placed || !target->placed) unverified("arcs, ranges, lines of sight and the nearest target of units whose places are not recorded", kOpening, at, ctx);
    else if (const Unit* near = nearer_target(u, b, *target, d); near && !specific && !u.conning_now && !hand_left_out(const_cast<Unit&>(*near), at, ctx))
        ctx.findings.error(Kind::Illegal, kOpening, at, "a ship fires at the nearest valid target: " + near->label() + " is nearer", near->label(), target->label());
    use_arc(u, b, arc);
    u.targets_now.push_back(target);
    if (dice.size() < 2) return unread_attack(ctx.findings.error(Kind::Inconsistent, kAttack, at, "a fire gives the attack die and the target's defence d8: d10: 4 +3(bow) -2(speed) = 5 d8: 1 +3(side) = 4 => hit light"));
    resolve_fire(u, b, arc, *target, d, *dice[0], *dice[1], e, ctx);
}

// The attack (coefficient, die and modifiers) against the defence (1D8 and the section shown), the
// hit and the damage. At a boundary (short or long range, the section shown) either reading stands.
void AdmiralEngine::resolve_fire(Unit& u, int b, Arc arc, Unit& target, double d, const ngn::Dice& attack, const ngn::Dice& defence,
                                 const ngn::Event& e, GameContext& ctx) {
    const auto& bat = u.card.batteries[static_cast<std::size_t>(b)];
    const ngn::SourcePos at = where(e);
    ctx.judged(kAttack), ctx.judged(kDiceRolls), ctx.judged(kMaluses);
    if (slow(u)) ctx.judged(kSlow);
    if (u.ram_malus_turn == turn_) ctx.judged(kRamming);
    if (u.automatic_now == Automatic::Light) ctx.judged(kAutomatic);
    if (u.radio_hit) ctx.judged(kCritical);
    if (bat.die && attack.sides != bat.die)
        ctx.findings.error(Kind::Illegal, kAttack, at, u.label() + "'s " + kBatteryNames[b] + " battery rolls its card's die", "d" + std::to_string(bat.die), attack.spec());
    if (defence.sides != 8) ctx.findings.error(Kind::Illegal, kAttack, at, "the defence is rolled on 1D8", "d8", defence.spec());
    const double range = range_of(u, b);
    const Coefficient c = *coefficient_now(u, b, arc);
    std::vector<Roll> attacks;
    auto speeds = [&](const Unit& x) { return speeds_as_played(x); };
    for (bool long_range : {false, true}) {
        const bool possible = d < 0 || (long_range ? d >= range / 2 - tolerance_ : d <= range / 2 + tolerance_);
        if (!possible) continue;
        std::vector<bool> light{u.automatic_now == Automatic::Light};
        if (u.automatic_now_parted) light.push_back(!light.front());  // the damage behind it was claimed against the rules
        for (int own : speeds(u))
            for (int theirs : speeds(target))
                for (bool hurt : light)
                    for (bool radio : u.critical_unknown ? std::vector<bool>{u.radio_hit, !u.radio_hit} : std::vector<bool>{u.radio_hit}) {
                        auto mods = attack_modifiers(u, own, theirs, long_range, hurt, radio, e);
                        mods.insert(mods.begin(), {std::string(kArcNames[ix(arc)]) + (long_range ? ", long" : ", short"), long_range ? c.long_range : c.short_range});
                        attacks.push_back(read_roll(attack, mods));
                    }
    }
    std::vector<Roll> defences;
    for (Section s : sections_shown(target, u)) {
        const auto& df = target.card.defence[static_cast<std::size_t>(s)];
        if (!needs(target, df.has_value(), "defence", kAttack, at, ctx)) continue;
        ctx.judged(kDefenceFeature);
        defences.push_back(read_roll(defence, {{s == Section::Bow ? "bow" : s == Section::Side ? "side" : "stern", *df}}));
    }
    auto pick = [](const std::vector<Roll>& rolls) {  // the reading the record follows, if one does
        for (const Roll& r : rolls)
            if (!r.recorded || *r.recorded == r.rules) return r;
        for (const Roll& r : rolls)
            if (r.played() == r.rules) return r;
        return rolls.front();
    };
    const Roll att = attacks.empty() ? read_roll(attack, {}) : pick(attacks);
    const RuleRef attack_rule = attack_rule_of(att, attack, u, b, arc);
    const bool attack_ok = attacks.empty() || judge_roll(att, "the attack", attack_rule, at, ctx);
    const Roll def = defences.empty() ? read_roll(defence, {}) : pick(defences);
    const bool defence_ok = defences.empty() || judge_roll(def, "the defence", kAttack, at, ctx);
    auto hits = [&](int x, int y) { return x > y || (tie_hits_ && x == y); };
    const bool rules_hit = hits(att.rules, def.rules), played_hit = hits(att.played(), def.played());
    auto [claimed_hit, claimed_sunk, claimed_kind] = fire_claim(e);
    std::optional<Cause> why;
    if (!e.claim) {
        ctx.findings.error(Kind::Inconsistent, kAttack, at, "a fire says what it did: => miss, => hit light, => hit severe");
        claimed_hit = played_hit;
    } else if (claimed_hit != rules_hit && (claimed_hit != played_hit || (attack_ok && defence_ok))) {
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kAttack, e.claim_pos,
                                                    "attack " + std::to_string(att.played()) + " against defence " + std::to_string(def.played()) +
                                                        (tie_hits_ ? ": a hit when not less" : ": a hit only when greater"),
                                                    played_hit ? "hit" : "miss", claimed_hit ? "hit" : "miss"));
    } else if (claimed_hit != rules_hit) {
        ctx.findings.excuse(Cause{at.line, attack_rule}, e.claim_pos, "the hit follows from the totals as written");
    } else if (claimed_hit != played_hit) {
        ctx.findings.excuse(Cause{at.line, ngn_rule("5.4", "Dice")}, e.claim_pos, "the hit follows from the rules, the total was a slip");
    }
    if (!claimed_hit && rules_hit && why) target.automatic_parted = why;  // the rules' damage, not played: its automatic action either way
    if (!claimed_hit && rules_hit && why && rules_kind_of(att.face, target) == Automatic::Severe) ++target.severe_rules, target.damage_parted = why;
    // a die the kit could not read, or a total that does not add up (the kit's finding): the damage
    // may follow the die the total implies
    if (!ctx.dice_ok) why = why ? why : std::optional<Cause>(Cause{at.line, ngn_rule("5.4", "Dice")});
    std::optional<int> implied_face;
    if (att.total_off()) implied_face = *att.total - (*att.recorded - att.face);
    if (claimed_hit) hit_damage(u, target, att.face, rules_hit, claimed_kind, claimed_sunk, why, e, ctx, implied_face);
}

// The section that states the part of an attack a record wrote otherwise than the rules: each
// modifier the record labels is matched to the rules' by its label, the first unlabelled one is the
// coefficient. One part off: its section (the coefficient's reductions and arcs are Attack and
// Defense's, its short or long range and the target's speed Maluses to Attack Value's, the slow
// speed's +1 Slow Speed's, a light damage's -2 Automatic Actions', a ram's -2 Ramming's, the
// communication tower's -1 Critical Damage's); more than one, or none known, Maluses to Attack Value.
RuleRef AdmiralEngine::attack_rule_of(const Roll& r, const ngn::Dice& dice, const Unit& u, int b, Arc arc) const {
    if (!r.recorded || *r.recorded == r.rules || r.mods.empty()) return kMaluses;
    const Coefficient printed = *u.card.batteries[static_cast<std::size_t>(b)].by_section[static_cast<std::size_t>(section_of(arc))];
    const int reduction = u.reduced[static_cast<std::size_t>(b)][ix(arc)], coefficient = r.mods.front().second;
    const bool long_range = r.mods.front().first.find("long") != std::string::npos;
    auto coefficient_rule = [&](int written) {  // the range's other coefficient: Maluses (Distance of target)
        return written == (long_range ? printed.short_range - reduction : printed.long_range - reduction) ? kMaluses : kAttack;
    };
    std::array<int, kNoKind + 1> rules_sum{}, written_sum{};
    for (std::size_t i = 1; i < r.mods.size(); ++i) rules_sum[kind_of_name(r.mods[i].first)] += r.mods[i].second;
    if (dice.modifiers.empty()) {  // a total only: a reduction left out, or the one modifier of that value
        const int missing = r.rules - *r.recorded;
        if (reduction > 0 && -missing > 0 && -missing <= reduction) return kAttack;
        std::optional<std::size_t> only;
        for (std::size_t k = 0; k < kNoKind; ++k)
            if (rules_sum[k] == missing) only = only ? kNoKind : k;
        return only && *only < kNoKind ? *kModifierKinds[*only].rule : kMaluses;
    }
    std::optional<int> written_coefficient;
    for (const auto& m : dice.modifiers) {
        const std::size_t k = kind_of_label(std::string(m.label));
        if (k == kNoKind && !written_coefficient) written_coefficient = m.value;
        else written_sum[k] += m.value;
    }
    std::vector<RuleRef> off;
    if (written_coefficient.value_or(0) != coefficient) off.push_back(coefficient_rule(written_coefficient.value_or(0)));
    for (std::size_t k = 0; k <= kNoKind; ++k)
        if (rules_sum[k] != written_sum[k]) off.push_back(k < kNoKind ? *kModifierKinds[k].rule : kMaluses);
    return off.size() == 1 ? off.front() : kMaluses;
}

// Damage/Light and Severe Damage of a hit: the raw attack die against the target's armour.
void AdmiralEngine::hit_damage(Unit& u, Unit& target, int face, bool rules_hit, std::optional<Automatic> claimed_kind, bool claimed_sunk,
                               std::optional<Cause> why, const ngn::Event& e, GameContext& ctx, std::optional<int> implied_face) {
    const ngn::SourcePos at = where(e);
    std::optional<Automatic> rules_kind;
    ctx.judged(kDamage);
    if (needs(target, target.card.armour.has_value(), "armour", kDamage, at, ctx)) rules_kind = rules_kind_of(face, target);
    const bool implied = implied_face && rules_kind && claimed_kind && *claimed_kind == rules_kind_of(*implied_face, target);
    if (rules_kind && claimed_kind && *claimed_kind != *rules_kind && implied)
        ctx.findings.excuse(Cause{at.line, ngn_rule("5.4", "Dice")}, e.claim_pos, "the damage of the die the total implies");
    else if (rules_kind && claimed_kind && *claimed_kind != *rules_kind && why)
        ctx.findings.excuse(*why, e.claim_pos, "the damage of a hit the rules do not give");
    else if (rules_kind && claimed_kind && *claimed_kind != *rules_kind)
        why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kDamage, e.claim_pos,
                                                    "the attack die " + std::to_string(face) + (*rules_kind == Automatic::Severe ? " is not below " : " is below ") +
                                                        target.label() + "'s armour " + std::to_string(*target.card.armour),
                                                    *rules_kind == Automatic::Severe ? "severe" : "light", *claimed_kind == Automatic::Severe ? "severe" : "light"));
    if (!claimed_kind && rules_kind) ctx.findings.error(Kind::Inconsistent, kDamage, e.claim_pos, "a hit says its damage: light or severe", *rules_kind == Automatic::Severe ? "severe" : "light", "");
    const Automatic kind = claimed_kind.value_or(rules_kind.value_or(Automatic::Light));
    const int rules_structure = !rules_hit ? 0 : rules_kind ? *rules_kind == Automatic::Severe : kind == Automatic::Severe;
    damage(target, u, Blow{kind, kind == Automatic::Severe ? 1 : 0, rules_structure, claimed_sunk, why, true}, e, ctx);
}

}  // namespace ironlog::rules::admiral
