// Ironclads: Firing: arcs, ranges and the Zone of Fire, resolving gunfire, armour saves.
#include "rules/ironclads/engine.hpp"

#include "check/dice.hpp"
#include "geometry/table.hpp"
#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

int IroncladsEngine::fire_dice(const Ship& firer, const Ship& target, int base, bool rough_sea, std::string* working) const {
    return salvo_dice(SalvoReading{base, target.card.armour, rough_sea, firer.on_fire(turn_)}, working);
}

int salvo_dice(const SalvoReading& salvo, std::string* working) {
    // working, when asked for, explains the count for a finding; most salvos need none.
    int n = salvo.base;
    if (working) *working = counted(salvo.base, "stat", "stats");
    if (salvo.target_armour >= 3) {
        n = (n + 1) / 2;
        if (working) *working += ", halved for the target's " + std::to_string(salvo.target_armour) + " armour: " + std::to_string(n);
    }
    if (salvo.rough_sea) {
        n = (n + 1) / 2;
        if (working) *working += ", halved again for the rough sea: " + std::to_string(n);
    }
    if (salvo.firer_on_fire) {
        n = (n + 1) / 2;
        if (working) *working += ", halved for the fire aboard: " + std::to_string(n);
    }
    return n;
}

namespace {
enum class Band { Long, Medium, Short, None };
Band band_for(double range) { return range > 50 ? Band::Long : range >= 25 ? Band::Medium : Band::Short; }
// The score an armour save die needs at a range (Firing/Armour saves), and how many a throw makes.
int save_need(double range) { return range > 50 ? 3 : range >= 25 ? 5 : 6; }
int saves_at(const ngn::Dice& dice, double range) {
    int n = 0;
    for (const auto& f : dice.faces)
        if (f.value >= save_need(range)) ++n;
    return n;
}
// The ranges of a band, in cm (to the 100 cm of the longest gun range).
std::pair<double, double> band_ranges(Band b) {
    return b == Band::Long ? std::make_pair(50.0, 100.0) : b == Band::Medium ? std::make_pair(25.0, 50.0) : std::make_pair(0.0, 25.0);
}
// Criticals and hits of a salvo's dice at a band (Firing/Resolving gunfire).
std::pair<int, int> score(const ngn::Dice& dice, Band b) {
    int c = 0, h = 0;
    for (const auto& f : dice.faces) {
        if (f.value >= 5) ++h;
        else if (b == Band::Medium && f.value == 4) ++c;
        else if (b == Band::Short && (f.value == 3 || f.value == 4)) ++c;
    }
    return {c, h};
}
const char* band_text(Band b) {
    return b == Band::Long ? "over 50 cm" : b == Band::Medium ? "25 to 50 cm" : b == Band::Short ? "under 25 cm" : "no band";
}

// "1C 1H", "1C,1H", "2H", "miss", "0": counts of criticals and hits; nullopt when unreadable.
std::optional<std::pair<int, int>> read_hits(ngn::Items claim) {
    int c = 0, h = 0;
    bool any = false;
    for (const auto* it : elements(claim)) {
        if (const auto* n = it->as<ngn::Number>()) {
            const std::string_view u = n->unit;  // compared in lower case
            int v = n->as_int();
            if (same_lower(u, "c")) c += v, any = true;
            else if (same_lower(u, "h")) h += v, any = true;
            else if (u.empty() && v == 0) any = true;
            else return std::nullopt;
        } else if (const auto* w = it->as<ngn::Word>()) {
            const std::string_view t = w->text;  // compared in lower case
            if (same_lower(t, "miss") || same_lower(t, "misses") || same_lower(t, "none")) any = true;
            else if (same_lower(t, "c")) ++c, any = true;
            else if (same_lower(t, "h")) ++h, any = true;
            else return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    if (!any) return std::nullopt;
    return std::make_pair(c, h);
}
}  // namespace

void IroncladsEngine::fire(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kSalvo);
    const std::size_t findings_before = ctx.findings.all().size();
    SalvoLine line = read_salvo_line(e, ctx);
    if (line.mounts.empty() || !line.target) {
        if (ctx.findings.all().size() == findings_before)  // (else the word that stood for them is the finding)
            ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "a salvo names the guns that fire and the target");
        // the salvo cannot be read: its save and damage are taken as played
        unread_gunfire_ = Findings::cause_of(ctx.findings.all()[findings_before]);
        return;
    }
    Ship* target = line.target;
    if (!may_fire(e, s, line, ctx)) return;
    int base = 0;
    for (int m : line.mounts) base += s.card.guns[m];
    if (base == 0)  // no stats left by a wrong claim, which the rules leave: the claim was a slip
        for (int m : line.mounts)
            if (s.rules_stat[m].value_or(0) > 0 && s.follows(m, *s.rules_stat[m], ctx.findings, e.subject.pos)) base += s.card.guns[m];
    for (int m : line.mounts) s.fired.insert(m);
    if (base == 0 && s.has_card) {
        const bool never = std::all_of(line.mounts.begin(), line.mounts.end(), [&](int m) { return s.initial.guns[m] == 0; });
        ctx.findings.error(Kind::Illegal, kSalvo, e.subject.pos,
                           never ? s.name + " has no guns in " + mount_name(line.mounts.front())
                                 : "no gun stats remain in " + std::string(mount_name(line.mounts.front())));
        return;
    }
    const std::optional<std::pair<double, double>> range_doubt = judge_range(e, s, *target, line, ctx);
    // The range the salvo is read at: the recorded one, or when that was flagged, the nearest
    // the players could have fired at.
    std::optional<double> played_range = line.range;
    if (line.range && range_doubt) played_range = std::clamp(*line.range, range_doubt->first, range_doubt->second);
    std::optional<std::pair<int, int>> scored;
    if (!line.dice) {
        if (!line.unread_word)  // (else the word not read may have been them)
            ctx.findings.error(Kind::Inconsistent, kSalvo, e.subject.pos, "the salvo's dice are not recorded",
                               std::to_string(fire_dice(s, *target, base)) + "d6", "none");
    } else {
        check_salvo_dice(s, line, base, ctx);
        if (ctx.dice_ok && played_range) scored = score(*line.dice, band_for(*played_range));
    }
    Salvo salvo;
    salvo.line = e.subject.pos.line;
    salvo.range = played_range;
    salvo.on = line.on;
    if (scored) salvo.computed = SalvoScore{scored->first, scored->second, 0, std::nullopt};
    salvo.claimed = salvo.computed.value_or(SalvoScore{});
    if (e.claim) claim_hits(e, line, scored, range_doubt, salvo, ctx);
    // no hits, or no armour to save with: nothing to roll
    if (salvo.hits_most() == 0 || (target->has_card && target->card.armour == 0 && target->rules_stat[kArmour].value_or(0) == 0))
        salvo.save_done = true;
    target->salvos.push_back(salvo);
}

// A salvo fired by a ship out of play (the finding is its, made): not judged; the hits it claims
// on a target in play are left to the target's save and damage lines, taken as played.
void IroncladsEngine::fire_out_of_play(const ngn::Event& e, const Cause& why, GameContext& ctx) {
    Findings unjudged;  // what reading the line would say is not reported
    GameContext quiet{ctx.game, ctx.ruleset, ctx.header, ctx.symbols, unjudged, ctx.cursor, ctx.dice_ok, nullptr};
    const SalvoLine line = read_salvo_line(e, quiet);
    if (!e.claim || !line.target || !line.target->on_table()) return;
    const auto [crits, hits] = read_hits(*e.claim).value_or(std::pair{0, 0});
    if (crits + hits == 0) return;
    Salvo salvo;
    salvo.line = e.subject.pos.line;
    salvo.range = line.range;
    salvo.on = line.on;
    salvo.unrecorded = true;  // its hits are whatever the target's lines resolve
    salvo.out_of_play = why;
    salvo.claimed = SalvoScore{crits, hits, 0, std::nullopt};
    salvo.save_done = line.target->card.armour == 0;
    line.target->salvos.push_back(salvo);
}

// fire <mount[,mount...]> [<arc>] <target> <range> [on <arc>] <dice> => hits
SalvoLine IroncladsEngine::read_salvo_line(const ngn::Event& e, GameContext& ctx) {
    SalvoLine line;
    const auto& a = e.args;
    // One word not read is the line's one finding (two words swapped are one mistake; dice that
    // cannot be read are the line's finding already).
    auto not_read = [&](ngn::SourcePos pos, const RuleRef& rule, const std::string& why) {
        if (!line.unread_word && ctx.dice_ok) ctx.findings.error(Kind::Inconsistent, rule, pos, why);
        line.unread_word = true;
    };
    for (std::size_t i = 1; i < a.size(); ++i) {
        const ngn::Item& it = a[i];
        if (const auto* d = it.as<ngn::Dice>()) {
            line.dice = d;
            line.dice_pos = it.pos;
        } else if (const auto* n = it.as<ngn::Number>(); n && !line.range) {
            line.range = same_lower(n->unit, "mm") ? n->value / 10 : n->value;
            line.range_pos = it.pos;
        } else if (is_word(it, "on")) {
            auto m = i + 1 < a.size() && word_text(a[i + 1]) ? parse_mount(*word_text(a[i + 1])) : std::nullopt;
            if (m && !is_turret(*m)) {
                line.on = mount_arc(*m);
                ++i;
            } else {
                not_read(it.pos, kHits, "'on' names the target's arc fired upon: on fwd, on port, on stbd or on rear");
            }
        } else if (const auto* l = it.as<ngn::List>(); l && line.mounts.empty()) {
            for (const auto& x : l->items) {
                auto m = word_text(x) ? parse_mount(*word_text(x)) : std::nullopt;
                if (m) line.mounts.push_back(*m);
                else not_read(x.pos, kSalvo, "'" + x.to_ngn() + "' is not a gun arc or turret");
            }
        } else if (auto m = word_text(it) ? parse_mount(*word_text(it)) : std::nullopt; m && !line.target) {
            if (!line.mounts.empty() && std::all_of(line.mounts.begin(), line.mounts.end(), is_turret) && !is_turret(*m) && !line.into)
                line.into = mount_arc(*m);  // the arc a turret fires into
            else
                line.mounts.push_back(*m);
        } else if (Ship* t = ship_named(it, ctx); t && !line.target) {
            line.target = t;
        } else {
            not_read(it.pos, kVocabulary,
                     "a salvo is written: fire <arc or turrets> [<arc>] <target> <range> [on <target's arc>] <dice> => <hits>; found " + it.to_ngn());
        }
    }
    return line;
}

// Whether the guns may fire: the target on the table, no collision, one salvo for each arc or
// turret group, turrets into their agreed arcs, and the geometry where positions are recorded.
bool IroncladsEngine::may_fire(const ngn::Event& e, Ship& s, const SalvoLine& line, GameContext& ctx) {
    Ship* target = line.target;
    const auto& mounts = line.mounts;
    const auto& into = line.into;
    if (!target->on_table()) {
        if (target->gone.gone())  // the first line it takes part in after leaving play is the finding
            target->gone.takes_part(ctx.findings, out_of_play_rule(*target), e.subject.pos, s.name + " fires at " + target->name + ", which",
                                    out_of_play_says(*target), s.name + " fires at " + target->name + ", out of play");
        else
            ctx.findings.error(Kind::Illegal, kFiring, e.subject.pos, target->name + " is no longer on the table");
        return false;
    }
    if (s.collided_turn == turn_)
        ctx.findings.error(Kind::Illegal, kCollisions, e.subject.pos, s.name + " collided this game turn and cannot fire in its firing phase");
    // one salvo per arc or turret group
    bool turrets = is_turret(mounts.front());
    for (int m : mounts) {
        if (is_turret(m) != turrets)
            ctx.findings.error(Kind::Illegal, kSalvo, e.subject.pos, "a salvo is one gun arc, or turrets firing together, not both");
        if (s.fired.count(m))
            ctx.findings.error(Kind::Illegal, kSalvo, e.subject.pos,
                               std::string(mount_name(m)) + " has already fired this game turn (one salvo for each arc or turret)");
    }
    if (!turrets && mounts.size() > 1)
        ctx.findings.error(Kind::Illegal, kSalvo, e.subject.pos, "each gun arc fires its own salvo");
    if (turrets && into) {
        ctx.judged(kArcs);
        for (int m : mounts) {
            const auto& arcs = s.card.turret_arcs[m - FwdTurret];
            if (!arcs)
                ctx.findings.warning(Kind::Unverifiable, kArcs, e.subject.pos,
                                     std::string("the arcs of ") + s.name + "'s " + mount_name(m) + " were not agreed before the game");
            else if (!(*arcs & *into))
                ctx.findings.error(Kind::Illegal, kArcs, e.subject.pos,
                                   std::string(mount_name(m)) + " cannot fire into that arc (agreed: " + arcs_text(*arcs) + ")");
        }
    }
    check_geometry(e, s, *target, turrets ? into : std::nullopt, ctx);
    return true;
}

// Range: at most 100 cm; bounded by the positions where they are known. A recorded range that
// is flagged is one finding: the salvo's hits are then read at whatever range the players
// could have fired at (from .. to, in cm, returned), not counted against the wrong one.
std::optional<std::pair<double, double>> IroncladsEngine::judge_range(const ngn::Event& e, const Ship& s, const Ship& target_ship,
                                                                      const SalvoLine& line, GameContext& ctx) {
    const Ship* target = &target_ship;
    const auto& range = line.range;
    const auto& range_pos = line.range_pos;
    std::optional<std::pair<double, double>> range_doubt;
    if (!range) {
        if (!line.unread_word)  // (else the word not read may have been it)
            ctx.findings.error(Kind::Inconsistent, kRange, e.subject.pos, "the range of the salvo is not recorded (e.g. 33cm)");
    } else {
        const bool too_far = *range > 100 + tolerance_;
        bool misfits = false;
        double centres = 0, spread = 0;
        if (s.pos && target->pos) {
            centres = std::hypot(s.pos->x - target->pos->x, s.pos->y - target->pos->y);
            if (s.base_length && target->base_length)
                spread = (std::hypot(*s.base_length, *s.base_width) + std::hypot(*target->base_length, *target->base_width)) / 2;
            misfits = *range > centres + tolerance_ || (spread > 0 && *range < centres - spread - tolerance_);
        }
        const double nearest = std::max(0.0, centres - spread);
        // Out of range by the positions too (or with none): the range rule is what was broken.
        // Otherwise a range past 100 cm that the positions contradict is a slip of the pen.
        if (too_far && (!misfits || nearest > 100 + tolerance_)) {
            ctx.findings.error(Kind::Illegal, kRange, range_pos, "the maximum effective gun range is 100 cm", "at most 100cm",
                               decimal_text(*range) + "cm");
            range_doubt = std::make_pair(0.0, 100.0);
        } else if (misfits) {
            ctx.findings.error(Kind::Inconsistent, kRange, range_pos,
                               "the recorded range does not fit the positions: the ships' centres are " + decimal_text(centres) + " cm apart",
                               spread > 0 ? decimal_text(nearest) + " to " + decimal_text(centres) + "cm" : "at most " + decimal_text(centres) + "cm",
                               decimal_text(*range) + "cm");
            range_doubt = std::make_pair(std::min(nearest, 100.0), std::min(centres, 100.0));
        }
    }
    return range_doubt;
}

// The number of dice a salvo rolls: one finding when it is wrong. Where an earlier mistake left
// the cards or the fire aboard in doubt, dice that fit the rules' reading settle it.
void IroncladsEngine::check_salvo_dice(Ship& s, const SalvoLine& line, int base, GameContext& ctx) {
    Ship* target = line.target;
    const bool cards_known = s.has_card && target->has_card;
    const int rolled = line.dice->declared_count();
    const ngn::SourcePos at = line.dice_pos;
    // the salvo read from the game as it stands: the sea, the target's armour, a fire aboard
    auto as_it_stands = [&] { return SalvoReading{base, target->card.armour, rough(), s.on_fire(turn_)}; };
    int expected_dice = salvo_dice(as_it_stands());
    if (sea_rough_ && sea_rough_->parted()) {
        // a wrong sea-state claim: the number of dice shows which sea the players fired in
        SalvoReading by_rules = as_it_stands();
        by_rules.rough_sea = sea_rough_->rules();
        if (salvo_dice(by_rules) != expected_dice) {
            const bool dice_follow_rules = rolled == salvo_dice(by_rules);
            if (dice_follow_rules) {
                ctx.findings.excuse(*sea_rough_->cause(), at, "the salvo is fired in the sea the rules give");
                expected_dice = salvo_dice(by_rules);
            }
            sea_rough_->agree(dice_follow_rules ? sea_rough_->rules() : sea_rough_->played());
        }
    }
    if (rolled != expected_dice && cards_known && &s != target && (s.card_disputed() || target->card_disputed())) {
        // a wrong damage claim earlier: the dice may show the players fired by the rules' cards
        const Card firer_card = s.by_rules();
        int base_by_rules = 0;
        for (int m : line.mounts) base_by_rules += firer_card.guns[m];
        SalvoReading by_rules = as_it_stands();
        by_rules.base = base_by_rules;
        by_rules.target_armour = target->by_rules().armour;
        if (salvo_dice(by_rules) == rolled) {
            const Cause why = s.card_parted ? *s.card_parted : *target->card_parted;
            ctx.findings.excuse(why, at, "the salvo is fired by the cards the rules give");
            s.settle_by_rules();
            target->settle_by_rules();
            expected_dice = rolled;
        }
    }
    const int unknown_from = s.problems_unknown.turn();
    if (rolled < expected_dice && cards_known && unknown_from >= 0 && turn_ > unknown_from && turn_ <= unknown_from + 3 && !s.on_fire(turn_)) {
        // the problems roll left out may have been a fire: the dice show it
        SalvoReading on_fire = as_it_stands();
        on_fire.firer_on_fire = true;
        if (salvo_dice(on_fire) == rolled) {
            ctx.findings.excuse(*s.problems_unknown.cause(), at, s.name + " fires halved by a fire the problems roll left out may have started");
            s.fire_turns.agree({turn_, turn_});
            expected_dice = rolled;
        }
    }
    if (rolled != expected_dice && s.fire_turns.parted()) {
        // a wrong fire claim (reported): the dice may show the players fired by the rules
        SalvoReading by_rules = as_it_stands();
        by_rules.firer_on_fire = turn_ >= s.fire_turns.rules().first && turn_ <= s.fire_turns.rules().second;
        if (salvo_dice(by_rules) == rolled) {
            ctx.findings.excuse(*s.fire_turns.cause(), at, s.name + " fires as the rules' fire aboard gives");
            s.fire_turns.agree(s.fire_turns.rules());
            expected_dice = rolled;
        }
    }
    if (rolled < expected_dice && cards_known && &s != target && (s.unrecorded_hits || target->unrecorded_hits))
        if (shows_unrecorded_stats(s, line, base, rolled, ctx)) expected_dice = rolled;
    if (rolled != expected_dice && cards_known) {
        std::string working;
        salvo_dice(as_it_stands(), &working);
        // the halving for a fire aboard is a rule of the Problems: when the fire alone makes the
        // difference, that is the rule the salvo broke
        SalvoReading other_fire = as_it_stands(), other_sea = as_it_stands();
        other_fire.firer_on_fire = !other_fire.firer_on_fire;
        other_sea.rough_sea = !other_sea.rough_sea;
        const RuleRef& rule = salvo_dice(other_fire) == rolled && salvo_dice(other_sea) != rolled ? kProblems : kSalvo;
        ctx.findings.error(Kind::WrongResult, rule, at, "the salvo rolls " + working, std::to_string(expected_dice) + "d6",
                           std::to_string(rolled) + "d6");
    }
}

// Gun stats of the firer or armour of the target crossed off unrecorded in an earlier turn (a
// finding then): whether the dice rolled show them; if so they are crossed off now.
bool IroncladsEngine::shows_unrecorded_stats(Ship& s, const SalvoLine& line, int base, int rolled, GameContext& ctx) {
    Ship* target = line.target;
    const auto& mounts = line.mounts;
    const SalvoReading now{base, target->card.armour, rough(), s.on_fire(turn_)};
    for (int j = 1; j <= s.unrecorded_hits.left() && base - j >= 0; ++j) {
        SalvoReading fewer_guns = now;
        fewer_guns.base = base - j;
        if (salvo_dice(fewer_guns) != rolled) continue;
        s.unrecorded_hits.take(j, ctx.findings, line.dice_pos, s.name + " fires with " + counted(j, "gun stat", "gun stats") + " crossed off unrecorded");
        for (int k = 0, m = 0; k < j && m < static_cast<int>(mounts.size()); ++k) {
            while (m < static_cast<int>(mounts.size()) && s.card.guns[mounts[m]] == 0) ++m;
            if (m < static_cast<int>(mounts.size())) --s.card.guns[mounts[m]];
        }
        return true;
    }
    for (int j = 1; j <= target->unrecorded_hits.left() && target->card.armour - j >= 0; ++j) {
        SalvoReading less_armour = now;
        less_armour.target_armour = target->card.armour - j;
        if (salvo_dice(less_armour) != rolled) continue;
        target->unrecorded_hits.take(j, ctx.findings, line.dice_pos,
                                     target->name + " is fired on with " + counted(j, "armour stat", "armour stats") + " crossed off unrecorded");
        target->card.armour -= j;
        return true;
    }
    return false;
}

// The hits claimed: judged against the dice at the range the salvo is read at (or, after a
// range already flagged, at any band the players could have fired at).
void IroncladsEngine::claim_hits(const ngn::Event& e, const SalvoLine& line, std::optional<std::pair<int, int>>& scored,
                                 const std::optional<std::pair<double, double>>& range_doubt, Salvo& salvo, GameContext& ctx) {
    const ngn::Dice* dice = line.dice;
    const auto& range = line.range;
    auto claimed = read_hits(*e.claim);
    if (claimed && scored && *claimed != *scored && range_doubt) {
        // The range was already flagged: the claim is right if some band the players could
        // have fired at gives it; that band's range is used for the save that follows.
        for (Band b : {Band::Short, Band::Medium, Band::Long}) {
            const double from = std::max(band_ranges(b).first, range_doubt->first);
            const double to = std::min(band_ranges(b).second, range_doubt->second);
            const double middle = (from + to) / 2;
            if (from > to || band_for(middle) != b || score(*dice, b) != *claimed) continue;
            scored = claimed;
            salvo.computed = SalvoScore{claimed->first, claimed->second, 0, std::nullopt};
            salvo.range = middle;
            break;
        }
    }
    if (!claimed) {
        ctx.findings.error(Kind::Inconsistent, kSalvo, e.claim_pos, "hits are claimed as 1C 1H, 2H, miss ...");
    } else {
        if (scored && *claimed != *scored) {
            auto text = [](std::pair<int, int> p) {
                if (p.first + p.second == 0) return std::string("miss");
                std::string t;
                if (p.first) t += std::to_string(p.first) + "C";
                if (p.second) t += (t.empty() ? "" : " ") + std::to_string(p.second) + "H";
                return t;
            };
            const Band b = band_for(*salvo.range);
            ctx.findings.error(Kind::WrongResult, kSalvo, e.claim_pos,
                               std::string("at ") + band_text(b) +
                                   (b == Band::Long     ? " a 5 or 6 hits"
                                    : b == Band::Medium ? " a 4 is a critical hit and a 5 or 6 a hit"
                                                        : " a 3 or 4 is a critical hit and a 5 or 6 a hit"),
                               text(*scored), text(*claimed));
        }
        salvo.claimed = SalvoScore{claimed->first, claimed->second, 0, std::nullopt};
        if (scored && *claimed != *scored && !range_doubt) {
            // A band that gives the hits claimed may be the one the players fired at: the save
            // that follows may be read at it too (the nearest such band to the range written).
            std::optional<double> nearest;
            for (Band b : {Band::Short, Band::Medium, Band::Long}) {
                if (score(*dice, b) != *claimed) continue;
                const double r = b == Band::Short ? std::min(*range, 24.5)
                               : b == Band::Medium ? (*range < 25 ? 25.5 : *range > 50 ? 49.5 : *range)
                                                   : std::max(*range, 50.5);
                if (!nearest || std::fabs(r - *range) < std::fabs(*nearest - *range)) nearest = r;
            }
            salvo.claim_range = nearest;
        }
    }
}

double bow_half_arc(double length, double width) { return std::atan2(width, length) * 180.0 / M_PI; }

bool in_turret_arc(ArcSet arc, double bearing, double alpha, double slack) {
    switch (arc) {
        case kArcF: return std::fabs(bearing) <= alpha + slack;
        case kArcR: return std::fabs(bearing) >= 180 - alpha - slack;
        case kArcP: return bearing <= -alpha + slack && bearing >= -180 + alpha - slack;
        default: return bearing >= alpha - slack && bearing <= 180 - alpha + slack;
    }
}

namespace {
std::optional<geometry::Base> base_of(const Ship& s) {
    if (!s.pos || !s.base_length || !s.base_width) return std::nullopt;
    return geometry::Base{{s.pos->x, s.pos->y}, s.pos->heading.value_or(0), *s.base_length, *s.base_width};
}
}  // namespace

// What the positions and bases can prove, and nothing more: a ship whose base centre lies in
// the Zone of Fire has its casting in it; a target whose base centre lies outside a turret's
// broadside arc is not wholly in it, and one whose whole base lies outside a bow or stern arc
// is not even partly in it. The turret arcs are the base's diagonals extended (Firing/Arcs).
void IroncladsEngine::check_geometry(const ngn::Event& e, const Ship& firer, const Ship& target, std::optional<ArcSet> turret_arc,
                                     GameContext& ctx) {
    auto fb = base_of(firer), tb = base_of(target);
    if (fb && tb) {
        std::vector<geometry::Point> corners;
        for (const auto& b : {*fb, *tb})
            for (const auto& c : b.corners()) corners.push_back(c);
        auto zone = geometry::convex_hull(corners);
        for (const auto& other : ships_) {
            if (other.get() == &firer || other.get() == &target || !other->on_table() || !other->pos) continue;
            if (geometry::inside_convex(zone, {other->pos->x, other->pos->y}, tolerance_)) {
                ctx.findings.error(Kind::Illegal, kZone, e.subject.pos,
                                   "the Zone of Fire is not clear: " + other->name + " lies between " + firer.name + " and " + target.name);
                break;
            }
        }
    }
    if (!turret_arc || !fb || !target.pos) return;
    const double alpha = bow_half_arc(fb->length, fb->width);
    auto in_sector = [&](double bearing, double slack) { return in_turret_arc(*turret_arc, bearing, alpha, slack); };
    const geometry::Point centre{target.pos->x, target.pos->y};
    const double d = std::max(geometry::distance(fb->centre, centre), 1e-6);
    const double slack = std::atan(tolerance_ / d) * 180.0 / M_PI;
    bool outside = false;
    if (*turret_arc == kArcP || *turret_arc == kArcS) {
        outside = !in_sector(geometry::relative_bearing(fb->centre, fb->heading, centre), slack);
    } else if (tb) {
        outside = true;
        for (const auto& c : tb->corners())
            if (in_sector(geometry::relative_bearing(fb->centre, fb->heading, c), slack)) outside = false;
        if (in_sector(geometry::relative_bearing(fb->centre, fb->heading, centre), slack)) outside = false;
    }
    if (outside)
        ctx.findings.error(Kind::Illegal, kArcs, e.subject.pos,
                           target.name + " is not in " + firer.name + "'s turret arc " + arcs_text(*turret_arc) +
                               (*turret_arc == kArcP || *turret_arc == kArcS ? " (a turret's broadside arc takes a target wholly in it)" : ""));
}

void IroncladsEngine::save(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kSaves);
    Salvo* salvo = salvo_to_save(e, s, ctx);
    if (!salvo) return;
    salvo->save_done = true;
    if (salvo->out_of_play) {  // against a salvo its firer could not fire: taken as played
        ctx.findings.excuse(*salvo->out_of_play, e.subject.pos, s.name + " saves against the salvo of a ship out of play");
        return;
    }
    SaveRoll roll = judge_save_dice(e, s, *salvo, ctx);
    const SaveClaim claim = read_save_claim(e, ctx);
    // A wrong hits claim that another range band gives: the players may have saved at that band.
    const bool count_differs = claim.count && roll.expected && *claim.count != *roll.expected && claim.count != roll.as_played;
    if (count_differs && salvo->claim_range && roll.dice && ctx.dice_ok &&
        *claim.count == std::min(saves_at(*roll.dice, *salvo->claim_range), salvo->claimed.c + salvo->claimed.h))
        roll.as_played = claim.count;
    int saved = claim.count.value_or(roll.expected.value_or(0));
    const bool count_wrong = claim.count && roll.expected && *claim.count != *roll.expected && claim.count != roll.as_played &&
                             !(salvo->computed && salvo->computed->c + salvo->computed->h == 0);
    if (count_wrong)
        ctx.findings.error(Kind::WrongResult, kSaves, e.claim_pos,
                           std::string("at ") + band_text(band_for(*salvo->range)) + " each " +
                               (*salvo->range > 50 ? "3, 4, 5 or 6" : *salvo->range >= 25 ? "5 or 6" : "6") +
                               " saves one hit, up to the hits taken",
                           std::to_string(*roll.expected), std::to_string(*claim.count));
    const SalvoScore& hits = salvo->claimed;
    const SalvoScore& right = salvo->computed ? *salvo->computed : salvo->claimed;
    auto fits = [&](const SalvoScore& r) { return claim.said_c <= r.c && claim.said_h <= r.h; };
    // (a count already found wrong is the one finding: the hits named are then held only to the salvo's)
    if (claim.said_which && ((claim.said_c + claim.said_h != saved && !count_wrong) || (!fits(hits) && !fits(right))))
        ctx.findings.error(Kind::Inconsistent, kSaves, e.claim_pos,
                           "the hits saved must be hits the salvo scored (" + std::to_string(right.c) + "C " + std::to_string(right.h) + "H)");
    // the claimed reading saves what was claimed; the dice's reading what the dice give
    salvo->claimed.saved = std::min(saved, hits.c + hits.h);
    if (claim.said_which) salvo->claimed.saved_c = std::min(claim.said_c, hits.c);
    if (salvo->computed) {
        salvo->computed->saved = std::min(roll.successes.value_or(saved), salvo->computed->c + salvo->computed->h);
        if (claim.said_which && claim.said_c <= salvo->computed->c && claim.said_c + claim.said_h == salvo->computed->saved)
            salvo->computed->saved_c = claim.said_c;
    }
}

// The salvo a save line saves against: the last whose save is not done. None (one finding, or
// a salvo that could not be read) when there is none.
Salvo* IroncladsEngine::salvo_to_save(const ngn::Event& e, Ship& s, GameContext& ctx) {
    Salvo* salvo = nullptr;
    for (auto it = s.salvos.rbegin(); it != s.salvos.rend(); ++it)
        if (!it->save_done) {
            salvo = &*it;
            break;
        }
    if (salvo) salvo->save_missing = false;
    if (!salvo && unread_gunfire_ && s.card.armour > 0) {
        ctx.findings.excuse(*unread_gunfire_, e.subject.pos, "the save on " + s.name + " is for the salvo not read");
        s.salvo_not_recorded(e.subject.pos.line);  // its salvo is the line that could not be read
        return nullptr;
    }
    if (!salvo) {
        ctx.findings.error(Kind::Illegal, kSaves, e.subject.pos,
                           s.card.armour == 0 ? s.name + " has no armour stats: it has no save"
                                              : "there is no salvo with hits on " + s.name + " waiting for its armour save");
        if (s.card.armour > 0) s.salvo_not_recorded(e.subject.pos.line);
        return nullptr;
    }
    return salvo;
}

// The save's dice: one for each armour stat left; what they save at the salvo's range.
SaveRoll IroncladsEngine::judge_save_dice(const ngn::Event& e, Ship& s, Salvo& salvo_ref, GameContext& ctx) {
    Salvo* salvo = &salvo_ref;
    SaveRoll roll;
    ngn::SourcePos dice_pos;
    const ngn::Dice*& dice = roll.dice;
    for (const auto& a : e.args)
        if (const auto* d = a.as<ngn::Dice>()) dice = d, dice_pos = a.pos;
    if (dice && ctx.dice_ok) roll.successes = 0;
    if (!dice) {
        ctx.findings.error(Kind::Inconsistent, kSaves, e.subject.pos, "the armour save's dice are not recorded",
                           std::to_string(s.card.armour) + "d6", "none");
    } else {
        if (s.has_card && !s.shows_unrecorded(kArmour, dice->declared_count(), ctx.findings, dice_pos) &&
            !s.follows(kArmour, dice->declared_count(), ctx.findings, dice_pos))
            ctx.findings.error(Kind::WrongResult, kSaves, dice_pos,
                               "the armour save rolls one die for each armour stat remaining (" + std::to_string(s.card.armour) + ")",
                               std::to_string(s.card.armour) + "d6", std::to_string(dice->declared_count()) + "d6");
        if (ctx.dice_ok && salvo->range) {
            double r = *salvo->range;
            bool unverifiable = options_.save_bands_qr && (std::fabs(r - 25) < 1e-9 || std::fabs(r - 50) < 1e-9);
            if (unverifiable) {
                ctx.findings.note(Kind::Unverifiable, kSaves, dice_pos,
                                  "at exactly " + decimal_text(r) + " cm the Quick Reference gives no save band (save-bands=quick-reference)");
            } else {
                roll.successes = saves_at(*dice, r);
                const SalvoScore& hits = salvo->computed ? *salvo->computed : salvo->claimed;
                roll.expected = std::min(*roll.successes, hits.c + hits.h);
                roll.as_played = std::min(*roll.successes, salvo->claimed.c + salvo->claimed.h);
            }
        }
    }
    return roll;
}

// The claim: how many were saved, and which (C or H) when the target's player says.
SaveClaim IroncladsEngine::read_save_claim(const ngn::Event& e, GameContext& ctx) {
    SaveClaim claim;
    bool said_odd = false;
    if (e.claim) {
        for (const auto* p : elements(*e.claim)) {
            if (const auto* n = p->as<ngn::Number>()) {
                const std::string_view u = n->unit;  // compared in lower case
                if (u.empty() && !claim.count) claim.count = n->as_int();
                else if (same_lower(u, "c")) claim.said_c = saturating_add(claim.said_c, n->as_int()), claim.said_which = true;
                else if (same_lower(u, "h")) claim.said_h = saturating_add(claim.said_h, n->as_int()), claim.said_which = true;
            } else if (const auto* w = p->as<ngn::Word>()) {
                const std::string_view t = w->text;  // compared in lower case
                if (same_lower(t, "c")) ++claim.said_c, claim.said_which = true;
                else if (same_lower(t, "h")) ++claim.said_h, claim.said_which = true;
                else if (same_lower(t, "none")) claim.count = 0;
                else if (!same_lower(t, "saved") && !same_lower(t, "save") && !same_lower(t, "saves") && !said_odd) {
                    said_odd = true;
                    ctx.findings.error(Kind::Inconsistent, kVocabulary, p->pos,
                                       "a save claims the hits saved: => 1 saved C, => 2 saved C,H, => 0; found " + std::string(w->text));
                }
            }
        }
        if (!claim.count && claim.said_which) claim.count = claim.said_c + claim.said_h;
    }
    return claim;
}

}  // namespace ironlog::rules::ironclads
