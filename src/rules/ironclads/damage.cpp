// Ironclads: Damage resolution: critical hits, hits, problems; and the card as the players show it.
#include "rules/ironclads/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>

namespace ironlog::rules::ironclads {

std::optional<Cause> IroncladsEngine::unread_damage_cause(const Ship& s) const {
    return unread_gunfire_ ? unread_gunfire_ : s.unread_damage.cause_in(turn_);
}

bool IroncladsEngine::excused_in_damage(const Ship& s, ngn::SourcePos pos, const std::string& what, GameContext& ctx) const {
    const std::optional<Cause> earlier = s.criticals_late ? s.criticals_late : s.unread_damage.cause_in(turn_);
    if (earlier) ctx.findings.excuse(*earlier, pos, what);
    return earlier.has_value();
}

// Hits left unresolved at the end of the damage resolution: one finding, unless one already
// reported this turn explains them. The players may have crossed them off unrecorded (a
// critical hit: up to 3 stats), which later lines may show.
void IroncladsEngine::hits_left_unresolved(Ship& s, int done, ngn::SourcePos at, GameContext& ctx) {
    const std::string what = s.name + " has unsaved hits left unresolved in the damage resolution of turn " + std::to_string(turn_);
    std::optional<Cause> why = s.problems_early;
    if (why) ctx.findings.excuse(*why, at, what);
    else if (!excused_in_damage(s, at, what, ctx))
        why = Findings::cause_of(ctx.findings.error(Kind::Illegal, kDamage, at, what, std::to_string(s.unsaved_fewest()) + " resolved",
                                                    std::to_string(done)));
    else why = s.criticals_late ? s.criticals_late : s.unread_damage.cause_in(turn_);
    s.unrecorded_hits.clear();
    s.unrecorded_hits.add(std::max(0, s.unsaved_fewest() - done) + 2 * std::max(0, s.criticals_fewest() - s.crits_done), *why);
    settle_arc_first(s, why, ctx);
}

void IroncladsEngine::crit(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kCritical);
    ctx.judged(kBasics);  // its 1D3, read from a d6
    // crit <stat> d6: N => crossed
    std::optional<int> stat;
    const ngn::Dice* dice = nullptr;
    ngn::SourcePos dice_pos;
    std::optional<Cause> word_error;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
        const auto& it = e.args[i];
        if (const auto* d = it.as<ngn::Dice>()) dice = d, dice_pos = it.pos;
        else if (const std::string_view* w = word_text(it); w && parse_stat(*w)) stat = parse_stat(*w);
        else
            word_error = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                                                               "a critical hit is written: crit <stat> d6: N => <stats crossed off>"));
    }
    if (s.crits_done >= s.criticals_most() && s.resolved() >= s.unsaved_most() &&
        s.assumed_hits.take(1, ctx.findings, e.subject.pos, s.name + " resolves a hit an earlier claim was counted for"))
        --s.hits_done;  // an earlier claim was a wrong count, not a hit left out
    if (s.crits_done >= s.criticals_most() && unread_damage_cause(s)) {
        // its salvo, or an earlier damage line, could not be read
        ctx.findings.excuse(*unread_damage_cause(s), e.subject.pos, s.name + " resolves a critical hit of a salvo not read");
        s.salvo_not_recorded(e.subject.pos.line);
    } else if (s.crits_done >= s.criticals_most()) {
        ctx.findings.error(Kind::Illegal, kCritical, e.subject.pos, s.name + " has no unsaved critical hit left to resolve",
                           counted(s.criticals_most(), "critical hit", "critical hits"), std::to_string(s.crits_done + 1));
        s.salvo_not_recorded(e.subject.pos.line);
    } else if (s.hits_done > 0 && !excused_in_damage(s, e.subject.pos, s.name + " resolves a critical hit after hits", ctx)) {
        ctx.findings.error(Kind::Illegal, kDamage, e.subject.pos, "unsaved critical hits are resolved before the other hits");
    }
    ++s.crits_done;
    if (!stat) {
        if (!word_error)
            word_error = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kCritical, e.subject.pos,
                                                               "name the stat type the critical hit crosses off (prop, hull, armour, port ...)"));
        s.unrecorded_hits.add(3, *word_error);  // which stats it crossed off is not known: later lines may show them
        return;
    }
    std::optional<int> expected, d3;
    if (!dice || dice->sides != 6 || dice->faces.size() != 1)
        ctx.findings.error(Kind::Inconsistent, kCritical, e.subject.pos, "a critical hit rolls 1D3: one d6 read by halves (d6: 5 is 3)");
    else if (ctx.dice_ok)
        d3 = read_d3(dice->faces[0].value);
    if (d3) expected = s.has_card ? std::min(*d3, stat_of(s.card, *stat)) : *d3;
    std::optional<int> claimed;
    if (e.claim && !e.claim->empty()) {
        if (const auto* n = e.claim->front().as<ngn::Number>()) claimed = n->as_int();
        else if (is_word(e.claim->front(), "miss")) claimed = 0;
        else ctx.findings.error(Kind::Inconsistent, kCritical, e.claim_pos, "claim the number of stats crossed off: => 3");
    }
    const std::optional<int> by_rules = s.rules_stat[*stat];
    if (claimed && expected && *claimed < *expected && s.has_card && s.unrecorded_left(*stat) > 0)
        for (int j = 1; j <= s.unrecorded_left(*stat) && j <= stat_of(s.card, *stat); ++j)
            if (*claimed == std::min(*d3, stat_of(s.card, *stat) - j) &&  // stats crossed off unrecorded (a finding then)
                s.take_unrecorded(*stat, j, ctx.findings, e.claim_pos, s.name + "'s critical hit finds " + counted(j, "stat", "stats") + " crossed off unrecorded")) {
                stat_of(s.card, *stat) -= j;
                expected = claimed;
                break;
            }
    if (claimed && expected && *claimed != *expected && by_rules && *claimed == std::min(*d3, *by_rules)) {
        // the card the rules give, not the one an earlier wrong claim left: that claim was a slip
        if (s.card_parted) ctx.findings.excuse(*s.card_parted, e.claim_pos, s.name + "'s critical hit follows the card the rules give");
        stat_of(s.card, *stat) = *by_rules;
        s.rules_stat[*stat].reset();
        expected = claimed;
    }
    const int left = stat_of(s.card, *stat);
    if (claimed && expected && *claimed != *expected) {
        const Cause why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kCritical, e.claim_pos,
                                                                "1D3 of a " + std::to_string(dice->faces[0].value) + " is " + std::to_string(*d3) +
                                                                    "; " + stat_name(*stat) + " has " + counted(left, "stat", "stats") +
                                                                    " left, and what cannot be crossed off is a miss",
                                                                std::to_string(*expected), std::to_string(*claimed)));
        s.played(*stat, std::max(0, left - *claimed), std::max(0, left - *expected), why);  // as played
        if (*claimed < *expected) s.crit_short = why, s.crit_short_stat = *stat;  // (a critical hit left out may have taken the rest)
    } else
        s.cross_off(*stat, claimed.value_or(expected.value_or(0)));
}

void IroncladsEngine::hit(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kHits);
    std::optional<int> stat;
    std::optional<Cause> word_error;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
        const auto& it = e.args[i];
        if (const std::string_view* w = word_text(it); w && parse_stat(*w) && !stat) stat = parse_stat(*w);
        else word_error = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos, "a hit is written: hit <stat>"));
    }
    // a stat written wrong (the finding above) that the claim names: as played
    if (!stat && word_error && e.claim && !e.claim->empty())
        if (const std::string_view* w = word_text(e.claim->front()); w && parse_stat(*w)) stat = parse_stat(*w);
    const bool line_flagged = count_hit(e, s, word_error, ctx);
    ++s.hits_done;
    if (!stat) {
        if (!word_error)
            word_error = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kHits, e.subject.pos,
                                                               "name the stat type the hit crosses off (prop, hull, armour, port ...)"));
        s.unrecorded_hits.add(1, *word_error);  // which stat it crossed off is not known: a later line may show it
        return;
    }
    if (stat_of(s.card, *stat) == 0 && s.has_card) {
        if (s.rules_stat[*stat].value_or(0) > 0) {
            // the earlier claim of none left was a slip
            if (s.card_parted) ctx.findings.excuse(*s.card_parted, e.subject.pos, s.name + " has " + stat_name(*stat) + " stats left by the rules");
            stat_of(s.card, *stat) = *s.rules_stat[*stat];
            s.rules_stat[*stat].reset();
        } else {
            ctx.findings.error(Kind::Illegal, kHits, e.subject.pos, std::string("no ") + stat_name(*stat) + " stats are left to cross off");
            return;
        }
    }
    if (*stat < kMounts && !line_flagged) gun_stats_arc_first(e, s, *stat, ctx);
    const int before = stat_of(s.card, *stat);
    s.cross_off(*stat, 1);
    claim_stats_left(e, s, *stat, before, ctx);
}

// Whether the ship has a hit to resolve (a hit, not a critical hit, now): one finding when not,
// or when its criticals are not resolved first. True when this line has its finding already.
bool IroncladsEngine::count_hit(const ngn::Event& e, Ship& s, const std::optional<Cause>& word_error, GameContext& ctx) {
    const bool none_left = s.resolved() >= s.unsaved_most();
    const std::optional<Cause> not_read = word_error ? word_error : unread_damage_cause(s);
    if (none_left && s.assumed_hits.take(1, ctx.findings, e.subject.pos, s.name + " resolves a hit an earlier claim was counted for")) {
        --s.hits_done;  // an earlier claim was a wrong count, not a hit left out
    } else if (none_left && not_read) {
        // its salvo, or an earlier damage line, could not be read
        ctx.findings.excuse(*not_read, e.subject.pos, s.name + " resolves a hit of a salvo not read");
        s.salvo_not_recorded(e.subject.pos.line);
    } else if (none_left) {
        const Cause why = Findings::cause_of(ctx.findings.error(Kind::Illegal, kHits, e.subject.pos, s.name + " has no unsaved hit left to resolve"));
        s.salvo_not_recorded(e.subject.pos.line);
        settle_arc_first(s, why, ctx);  // a salvo left out: its hits came from another arc
    } else if (crit_left_out_shown(s, e.subject.pos, ctx)) {
        // (the critical hits are all resolved, as played)
    } else if (s.crits_done < s.criticals_fewest() && !excused_in_damage(s, e.subject.pos, s.name + " resolves a hit before its critical hits", ctx)) {
        const Cause why = Findings::cause_of(ctx.findings.error(
            Kind::Illegal, kDamage, e.subject.pos,
            "unsaved critical hits are resolved first: " + std::to_string(s.criticals_fewest() - s.crits_done) +
                (s.criticals_fewest() - s.crits_done == 1 ? " remains" : " remain")));
        s.criticals_late = why;
        // (or their lines are left out: the stats they crossed off may show in later lines)
        s.unrecorded_hits.at_least(3 * (s.criticals_fewest() - s.crits_done), why);
        return true;
    }
    return false;
}

// Gun stats lost to hits come first from the arc fired upon (or the turrets bearing on it).
void IroncladsEngine::gun_stats_arc_first(const ngn::Event& e, Ship& s, int stat, GameContext& ctx) {
    bool allowed = false;
    std::string first;
    std::vector<int> first_mounts;  // the arc (or the turrets bearing on it) that comes first
    for (const auto& v : s.salvos) {
        if (v.unsaved_most() == 0) continue;
        if (v.on == 0) {
            allowed = true;
            break;
        }
        int arc_mount = v.on == kArcF ? Fwd : v.on == kArcP ? Port : v.on == kArcS ? Stbd : Rear;
        first_mounts.clear();
        if (!is_turret(stat)) {
            if (stat == arc_mount || s.none_left(arc_mount)) allowed = true;
            else first = mount_name(arc_mount), first_mounts = {arc_mount};
        } else {
            bool bears = s.card.turret_arcs[stat - FwdTurret] && (*s.card.turret_arcs[stat - FwdTurret] & v.on);
            for (int t = FwdTurret; t <= RearTurret; ++t)
                if (!s.none_left(t) && s.card.turret_arcs[t - FwdTurret] && (*s.card.turret_arcs[t - FwdTurret] & v.on))
                    first_mounts.push_back(t);
            if (bears || first_mounts.empty()) allowed = true;
            else first = "a turret that bears on " + std::string(mount_name(arc_mount));
        }
        if (allowed) break;
    }
    if (allowed || first.empty()) return;
    // stats crossed off unrecorded (an earlier line not read, hits left out) may have emptied it
    int left = 0;
    for (int m : first_mounts) left += s.card.guns[m];
    if (s.unrecorded_hits.take(left, ctx.findings, e.subject.pos, s.name + "'s " + first + " may have lost its stats unrecorded")) {
        for (int m : first_mounts) s.card.guns[m] = 0;
        return;
    }
    if (!s.arc_first_held)
        s.arc_first_held = HeldFinding{e.subject.pos, "gun stats lost to a hit come first from the arc fired upon", first, stat_name(stat)};
}

// A held arc-first finding: excused when a later finding of the phase (hits left out, a salvo
// left out) explains it, else said.
void IroncladsEngine::settle_arc_first(Ship& s, const std::optional<Cause>& explained, GameContext& ctx) {
    if (!s.arc_first_held) return;
    const HeldFinding& h = *s.arc_first_held;
    if (explained) ctx.findings.excuse(*explained, h.pos, s.name + "'s hit took a gun stat another arc than the one fired upon had first");
    else ctx.findings.error(Kind::Illegal, kHits, h.pos, h.why, h.expected, h.recorded);
    s.arc_first_held.reset();
}

// "=> prop 11": the stats the players left on the card, compared with the replay's.
void IroncladsEngine::claim_stats_left(const ngn::Event& e, Ship& s, int stat, int before, GameContext& ctx) {
    if (e.claim && !(e.claim->size() == 2 && (*e.claim)[1].is<ngn::Number>() && is_word((*e.claim)[0], stat_name(stat))))
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.claim_pos,
                           std::string("a hit's claim is its stat and the stats of it left: => ") + stat_name(stat) + " " +
                               std::to_string(std::max(0, before - 1)));
    if (e.claim && e.claim->size() >= 2)
        if (const auto* n = (*e.claim)[1].as<ngn::Number>(); n && is_word((*e.claim)[0], stat_name(stat))) {
            const int shown = n->as_int();
            if (shown == before - 1 || !s.has_card) {
                stat_of(s.card, stat) = shown;
            } else if (s.follows(stat, shown, ctx.findings, e.claim_pos) || s.shows_unrecorded(stat, shown, ctx.findings, e.claim_pos)) {
                // the card the rules give (an earlier wrong claim was a slip), or hits crossed off
                // unrecorded in an earlier turn (a finding then)
            } else {
                const Cause why = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kHits, e.claim_pos, "a hit crosses off one stat",
                                                                        std::to_string(before - 1), std::to_string(shown)));
                s.played(stat, shown, before - 1, why);  // as played
                if (shown < before - 1) {
                    const int add = std::clamp(before - 1 - shown, 0, std::max(0, s.unsaved_most() - s.resolved()));
                    s.hits_done += add;
                    s.assumed_hits.add(add, why);
                }
            }
        }
}

// A critical hit not resolved, when an earlier one was claimed short of its dice (reported): the
// critical hit left out took the stats that claim found gone. True (excused) if so.
bool IroncladsEngine::crit_left_out_shown(Ship& s, ngn::SourcePos pos, GameContext& ctx) {
    if (s.crits_done >= s.criticals_fewest() || !s.crit_short) return false;
    ctx.findings.excuse(*s.crit_short, pos, s.name + "'s critical hit left out is the one an earlier claim showed");
    s.crits_done = s.criticals_fewest();
    stat_of(s.card, s.crit_short_stat) = 0;  // that claim crossed off all it found left
    s.rules_stat[s.crit_short_stat].reset();
    return true;
}

void IroncladsEngine::problems(const ngn::Event& e, Ship& s, GameContext& ctx) {
    ctx.judged(kProblems);
    if (s.unsaved_most() == 0) {
        ctx.findings.error(Kind::Illegal, kProblems, e.subject.pos, s.name + " took no unsaved hits this turn: it rolls for no problems");
        return;
    }
    if (s.problems_done) {
        ctx.findings.error(Kind::Illegal, kProblems, e.subject.pos, "the 2D6 for problems is rolled once only");
        return;
    }
    s.problems_done = true;
    if (s.resolved() < s.unsaved_fewest()) crit_left_out_shown(s, e.subject.pos, ctx);
    const bool early = s.resolved() < s.unsaved_fewest() && s.stats_left() > 0;
    if (early && !excused_in_damage(s, e.subject.pos, s.name + " rolls for problems with hits unresolved", ctx)) {
        s.problems_early = Findings::cause_of(ctx.findings.error(Kind::Illegal, kProblems, e.subject.pos,
                                                                 "problems are rolled when all of the ship's hits are resolved",
                                                                 counted(s.unsaved_fewest(), "hit", "hits") + " resolved", std::to_string(s.resolved())));
        settle_arc_first(s, s.problems_early, ctx);  // a hit left out may have taken that arc's last stat
    }
    const ngn::Dice* two = nullptr;
    const ngn::Dice* d3 = nullptr;
    for (const auto& a : e.args)
        if (const auto* d = a.as<ngn::Dice>()) (two ? d3 : two) = d;
    auto result_with = [&](int total, const Card& card) -> std::string {
        if (total == 2) return "steering";
        if (total == 3 || (total == 4 && options_.smokestack_3_or_4)) return "smokestack";
        if (total == 9 || total == 10) return !s.has_card ? "" : card.armour < 3 ? "fire" : "none";  // "" : unknown armour
        if (total >= 11) return "bridge";
        return "none";
    };
    auto result_of = [&](int total) { return result_with(total, s.card); };
    std::string expected;
    std::string by_total_written;  // when the total written is not the faces' (already a finding): what it gives
    int total = 0;
    if (!two || two->declared_count() != 2 || two->sides != 6) {
        ctx.findings.error(Kind::Inconsistent, kProblems, e.subject.pos, "problems are rolled on 2D6: write 2d6: a b");
    } else if (ctx.dice_ok) {
        total = two->faces[0].value + two->faces[1].value;
        expected = result_of(total);
        if (two->total && *two->total != total) by_total_written = result_of(*two->total);
    }
    std::string claim = lower(claim_word(e));
    if (claim == "no" || claim == "nothing") claim = "none";
    static const std::set<std::string> results = {"none", "steering", "smokestack", "fire", "bridge"};
    if (!claim.empty() && !results.count(claim)) {
        ctx.findings.error(Kind::Inconsistent, kProblems, e.claim_pos, "the problem is none, steering, smokestack, fire or bridge");
        claim.clear();
    }
    if (!claim.empty() && !expected.empty() && claim != expected && claim != by_total_written &&
        s.fits_by_rules([&](const Card& card) { return result_with(total, card) == claim; }, ctx.findings, e.claim_pos))
        expected = claim;
    std::optional<Cause> wrong_claim;
    if (!claim.empty() && !expected.empty() && claim != expected && claim != by_total_written) {
        std::string why = total == 4 && !options_.smokestack_3_or_4 && claim == "smokestack"
                              ? "a 4 is no problem: the smokestacks are hit on a 3 (the Quick Reference says 3 or 4: smokestack=quick-reference)"
                          : (total == 9 || total == 10) && s.card.armour >= 3 ? "a fire breaks out on a 9 or 10 only with less than 3 armour stats"
                                                                              : "2D6 of " + std::to_string(total) + " gives " + expected;
        wrong_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kProblems, e.claim_pos, why, expected, claim));
    }
    std::string result = claim.empty() ? expected : claim;  // as played
    if (result == "steering") ++s.steering;
    else if (result == "smokestack") s.smokestack = true;
    else if (result == "bridge") s.bridge_turn = turn_ + 1;
    if (result == "fire" || expected == "fire") fire_aboard(e, s, d3, result, expected, wrong_claim, ctx);
}

// A fire (Damage resolution/Problems): salvos halved for the next 1D3 game turns. As played, and
// by the rules beside it where the claim was wrong, so a later salvo may fit either.
void IroncladsEngine::fire_aboard(const ngn::Event& e, Ship& s, const ngn::Dice* d3, const std::string& result, const std::string& expected,
                                  const std::optional<Cause>& wrong_claim, GameContext& ctx) {
    int fire_length = 1;
    if (result == "fire") {
        std::optional<int> turns;
        if (!d3 || d3->sides != 6 || d3->faces.size() != 1)
            ctx.findings.error(Kind::Inconsistent, kProblems, e.subject.pos, "a fire lasts 1D3 game turns: add its roll, d6: N");
        else if (ctx.dice_ok)
            turns = read_d3(d3->faces[0].value);
        std::optional<int> claimed;
        if (e.claim && e.claim->size() >= 2)
            if (const auto* n = (*e.claim)[1].as<ngn::Number>()) claimed = n->as_int();
        if (turns && claimed && *turns != *claimed)
            ctx.findings.error(Kind::WrongResult, kProblems, e.claim_pos,
                               "1D3 of a " + std::to_string(d3->faces[0].value) + " is " + counted(*turns, "game turn", "game turns"),
                               std::to_string(*turns), std::to_string(*claimed));
        fire_length = claimed.value_or(turns.value_or(1));
    }
    // the fire as played, and by the rules where the claim was wrong
    const auto now = s.fire_turns.played();
    const std::pair<int, int> played = result == "fire" ? std::pair{turn_ + 1, turn_ + fire_length} : now;
    const std::pair<int, int> by_rules = expected == "fire" ? std::pair{turn_ + 1, turn_ + fire_length} : s.fire_turns.rules();
    if (wrong_claim) s.fire_turns.part(by_rules, played, *wrong_claim);
    else s.fire_turns.agree(played);
}

void IroncladsEngine::card_shown(const ngn::Event& e, Ship& s, GameContext& ctx) {
    // card <stat> N ... speeds a,b,c: the card as the players have it, compared with the replay
    const auto& a = e.args;
    for (std::size_t i = 1; i < a.size(); ++i) {
        const std::string_view* w = word_text(a[i]);
        const ngn::Item* next = i + 1 < a.size() ? &a[i + 1] : nullptr;
        if (w && lower(*w) == "speeds" && next) {
            std::vector<int> shown;
            for (const auto* x : elements(*next))
                if (const auto* n = x->as<ngn::Number>()) shown.push_back(n->as_int());
            if (shown != s.speeds) {
                auto text = [](const std::vector<int>& v) {
                    std::string t;
                    for (int x : v) t += (t.empty() ? "" : " ") + std::to_string(x);
                    return t;
                };
                ctx.findings.error(Kind::Inconsistent, kSpeed, next->pos,
                                   s.name + "'s card shows current speeds the game does not give", text(s.speeds), text(shown));
                s.speeds = shown;
                if (!shown.empty()) s.speed = shown.back();
            }
            ++i;
        } else if (w && parse_stat(*w) && next && next->as<ngn::Number>()) {
            int stat = *parse_stat(*w);
            int shown = next->as<ngn::Number>()->as_int();
            // a card that shows the rules' value after a wrong claim (reported) shows a slip
            if (!s.follows(stat, shown, ctx.findings, next->pos) && !s.shows_unrecorded(stat, shown, ctx.findings, next->pos)) {
                const Cause why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kDamage, next->pos,
                                                                        s.name + "'s card shows " + stat_name(stat) + " stats the game does not give",
                                                                        std::to_string(stat_of(s.card, stat)), std::to_string(shown)));
                s.played(stat, shown, s.rules_value(stat), why);  // as played
            }
            ++i;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, a[i].pos, "a card line shows <stat> N ... or speeds a,b,c");
        }
    }
}

}  // namespace ironlog::rules::ironclads
