// The state of an Ironclads game as the replay keeps it: each ship's Data Card, speeds, damage
// and the salvos it took, with the rules' values kept beside the players' after a mistake.
// Data only: the rules that change it are in the rule-area files (docs/architecture.md).
#pragma once

#include "check/as_played.hpp"
#include "check/items.hpp"
#include "check/symbols.hpp"
#include "notation/record.hpp"
#include "rules/ironclads/cards.hpp"
#include "rules/ironclads/ship_data.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace ironlog::rules::ironclads {

// A number in cm or degrees as a message writes it: to one decimal, trailing zeros dropped.
inline std::string decimal_text(double v) {
    std::ostringstream s;
    s << std::round(v * 10) / 10;
    return s.str();
}

// The stat types a hit may cross off: the seven gun rows, armour, propulsion, hull.
enum Stat { kArmour = kMounts, kProp, kHull, kStats };
inline std::optional<int> parse_stat(std::string_view w) {
    if (same_lower(w, "armour") || same_lower(w, "armor")) return kArmour;
    if (same_lower(w, "prop") || same_lower(w, "propulsion")) return kProp;
    if (same_lower(w, "hull")) return kHull;
    return parse_mount(w);
}
inline const char* stat_name(int s) {
    if (s == kArmour) return "armour";
    if (s == kProp) return "prop";
    if (s == kHull) return "hull";
    return mount_name(s);
}
inline const int& stat_of(const Card& c, int s) {
    if (s == kArmour) return c.armour;
    if (s == kProp) return c.prop;
    if (s == kHull) return c.hull;
    return c.guns[s];
}
inline int& stat_of(Card& c, int s) { return const_cast<int&>(stat_of(std::as_const(c), s)); }

// The hits one salvo scored on a target, until they are resolved (Phase 3B). A salvo keeps
// two readings: what the dice and the rules give, and what the players claimed. When a claim
// was wrong, the damage lines that follow may agree with either: the replay accepts both, as
// played, so one mistake is one finding.
struct SalvoScore {
    int c = 0, h = 0;             // hits scored
    int saved = 0;                // hits saved
    std::optional<int> saved_c;   // criticals among them, when the claim says
};
struct Salvo {
    std::uint32_t line = 0;
    std::optional<double> range;
    std::optional<double> claim_range;  // a wrong hits claim that another band gives: a range in that band
    ArcSet on = 0;  // the target's arc fired upon; 0 unknown
    bool save_done = false;
    // Fired by a ship out of play (its line excused by the finding that said so): the target's
    // save and damage follow from that finding, and are taken as played.
    std::optional<Cause> out_of_play;
    bool save_missing = false;  // hits that needed a save roll the record does not give
    SalvoScore claimed;
    std::optional<SalvoScore> computed;  // none when the dice could not be read

    // A salvo the record leaves out, that its save or damage lines show was fired (a finding
    // already): its hits are whatever those lines resolve.
    bool unrecorded = false;
    static constexpr int kAny = 1000;

    int hits_most() const { return std::max(claimed.c + claimed.h, computed ? computed->c + computed->h : 0); }
    // The unsaved hits left to resolve, and the criticals among them, as ranges over both readings.
    int unsaved_fewest() const {
        if (unrecorded) return 0;
        return save_missing ? 0 : std::min(unsaved(claimed), computed ? unsaved(*computed) : unsaved(claimed));
    }
    int unsaved_most() const {
        if (unrecorded) return kAny;
        if (save_missing) return hits_most();
        return std::max(unsaved(claimed), computed ? unsaved(*computed) : unsaved(claimed));
    }
    int criticals_fewest() const { return save_missing || unrecorded ? 0 : std::min(c_min(claimed), computed ? c_min(*computed) : c_min(claimed)); }
    int criticals_most() const {
        if (unrecorded) return kAny;
        int most = std::max(c_max(claimed), computed ? c_max(*computed) : c_max(claimed));
        if (save_missing) most = std::max(claimed.c, computed ? computed->c : 0);
        return most;
    }

private:
    static int unsaved(const SalvoScore& r) { return std::max(0, r.c + r.h - r.saved); }
    static int c_min(const SalvoScore& r) { return r.saved_c ? r.c - *r.saved_c : std::max(0, r.c - r.saved); }
    static int c_max(const SalvoScore& r) { return r.saved_c ? r.c - *r.saved_c : r.c - std::max(0, r.saved - r.h); }
};

// A finding held back until later lines show whether an earlier mistake explains it.
struct HeldFinding {
    ngn::SourcePos pos;
    std::string why, expected, recorded;
};

struct Ship {
    const Entity* entity = nullptr;
    std::string name;
    bool has_card = false;
    const ShipSpec* spec = nullptr;
    Card initial, card;  // at the start, and remaining now
    int speed = 0;
    bool astern = false;
    bool speed_known = false;
    // Its speed lost track of after a reported mistake (its move left out or not read): the next
    // speed is held to nothing (it may have stopped, gone astern, or come down by two).
    bool speed_lost = false;
    int start_speed = 0;  // at the start of this game turn
    // When a move did not match the speed written beside it: the speed the move shows, kept for
    // the next game turn, whose speed change may follow it instead (the written one was a slip).
    std::optional<int> moved_speed, start_moved_speed;
    // Out of play (sunk, or off the table): its first line after is one finding, its later lines
    // and the lines that follow from them are excused by it (check/as_played.hpp, Gone).
    Gone gone;
    // Sunk by the rules at the end of a turn, and not removed by the record: where the record
    // should have said so. A warning at the end of the record, unless a later line of the ship
    // (then the one finding) shows the players kept it in play.
    std::optional<ngn::SourcePos> unsaid_sinking;
    std::uint32_t hull_lost_line = 0;  // the line that took its last hull stat (0: none)
    bool start_astern = false;
    std::vector<int> speeds;
    int steering = 0;
    bool smokestack = false;
    // The game turns (first, last) whose salvos are halved for a fire aboard: as played, and by
    // the rules beside it after a wrong problems claim (reported), a later salvo fitting either.
    AsPlayed<std::pair<int, int>> fire_turns{std::pair{0, -1}};
    bool on_fire(int turn) const { return turn >= fire_turns.played().first && turn <= fire_turns.played().second; }
    int bridge_turn = -1;             // the game turn with no speed change and no turn
    int setup_fire_turns = 0;         // from a setup line: fire for the record's first turns
    bool setup_bridge = false;        // from a setup line: bridge hit for the record's first turn
    int collided_turn = -1;
    bool sunk = false, left = false, broke_off = false;
    std::optional<ngn::TablePos> pos;
    std::optional<double> base_length, base_width;
    int squadron = -1;
    // this game turn
    int moved_turn = -1;
    int speed_set_turn = -1;
    int turns_made = 0;
    std::set<int> fired;  // mounts fired this turn
    std::vector<Salvo> salvos;
    int crits_done = 0, hits_done = 0;
    bool problems_done = false;
    // This game turn's damage mistakes (reported), which later lines of the turn follow from:
    // criticals resolved after hits; problems rolled with hits unresolved.
    std::optional<Cause> criticals_late, problems_early;
    // A hit's gun stat from another arc than the one fired upon, which still had stats: hits or a
    // salvo left out (found later this phase) may explain it; said at the end of the phase if not.
    std::optional<HeldFinding> arc_first_held;
    // A critical hit claimed as fewer stats than its dice give (reported): a critical hit left
    // out this turn may have taken the rest.
    std::optional<Cause> crit_short;
    int crit_short_stat = -1;  // the stat it was on: all of it was gone, if so
    // A hit claim showing d more stats crossed off than one hit (reported) may be d hit lines
    // left out: they are counted as resolved while hits remain, and given back if later lines
    // resolve more hits than the salvos leave.
    Allowance assumed_hits;
    // Hits left unresolved (reported), or a damage line not read: the players may have crossed
    // them off unrecorded, so later lines may show up to this many stats fewer than the replay.
    Allowance unrecorded_hits;
    // A damage phase whose problems roll the record leaves out (reported): a fire may have broken
    // out, which later salvos show by being halved (for up to 1D3 game turns after).
    MistakeIn problems_unknown;
    // A line of this ship's damage, or of its end phase, that could not be read (reported): its
    // damage counts and its sinking are then taken as played.
    MistakeIn unread_damage, unread_end;
    // After a wrong damage claim the card follows the claim (as played), and here is what the
    // rules gave for that stat, and the finding that parted them: a later line that follows the
    // rules' value instead shows the wrong one was a slip of the pen, and is no second finding.
    std::array<std::optional<int>, kStats> rules_stat{};
    std::optional<Cause> card_parted;

    // Crosses n stats off, on the card and on the rules' value where one is kept.
    void cross_off(int stat, int n) {
        stat_of(card, stat) = std::max(0, stat_of(card, stat) - n);
        if (rules_stat[stat]) rules_stat[stat] = std::max(0, *rules_stat[stat] - n);
    }
    // Whether n is the stat's value, on the card or by the rules; the rules' value, once a later
    // line shows the players had it, is the card's.
    bool follows(int stat, int n, Findings& findings, ngn::SourcePos pos) {
        if (stat_of(card, stat) == n) return true;
        if (rules_stat[stat] != n) return false;
        if (card_parted)
            findings.excuse(*card_parted, pos, name + "'s " + stat_name(stat) + " shows the rules' " + std::to_string(n) + ", not the card's " +
                                                   std::to_string(stat_of(card, stat)));
        stat_of(card, stat) = n;
        rules_stat[stat].reset();
        return true;
    }
    bool none_left(int stat) const { return stat_of(card, stat) == 0 || rules_stat[stat] == 0; }
    // Whether a stat shown lower than the card, by no more than the hits left unresolved earlier,
    // is explained by them: if so it is the card's, and they are used up.
    bool shows_unrecorded(int stat, int shown, Findings& findings, ngn::SourcePos pos) {
        const int gap = stat_of(card, stat) - shown;
        if (gap <= 0 || gap > unrecorded_left(stat)) return false;  // (before the message is made)
        if (!take_unrecorded(stat, gap, findings, pos, name + "'s " + stat_name(stat) + " shows " + counted(gap, "stat", "stats") + " crossed off unrecorded"))
            return false;
        stat_of(card, stat) = shown;
        return true;
    }
    // A move left out or not read (its finding) may have been a collision with this ship: up to
    // a collision's propulsion and hull losses, which later lines may show.
    Allowance struck_prop, struck_hull;
    void may_have_collided(const Cause& why) {
        struck_prop.at_least(5, why);
        struck_hull.at_least(2, why);
    }
    // The stats of a type that may have been crossed off unrecorded, and taking n of them for a
    // line that shows them (excused by the finding that left them unrecorded).
    int unrecorded_left(int stat) const {
        return unrecorded_hits.left() + (stat == kProp ? struck_prop.left() : stat == kHull ? struck_hull.left() : 0);
    }
    bool take_unrecorded(int stat, int n, Findings& findings, ngn::SourcePos pos, const std::string& what) {
        if (unrecorded_hits.take(n, findings, pos, what)) return true;
        Allowance* struck = stat == kProp ? &struck_prop : stat == kHull ? &struck_hull : nullptr;
        return struck && struck->take(n, findings, pos, what);
    }
    // The card the rules give, where a wrong claim made the players' card differ.
    Card by_rules() const {
        Card c = card;
        for (int st = 0; st < kStats; ++st)
            if (rules_stat[st]) stat_of(c, st) = *rules_stat[st];
        return c;
    }
    bool card_disputed() const {
        return std::any_of(rules_stat.begin(), rules_stat.end(), [](const auto& v) { return v.has_value(); });
    }
    // Whether the line fits (ok(card)) read with the card the rules give: if so, that is the card
    // the players had, and it is kept (the wrong claim was a slip).
    template <class Fits>
    bool fits_by_rules(Fits&& ok, Findings& findings, ngn::SourcePos pos) {
        if (!card_disputed()) return false;
        const Card rules_card = by_rules();
        if (!ok(rules_card)) return false;
        if (card_parted) findings.excuse(*card_parted, pos, name + "'s line follows the card the rules give");
        settle_by_rules();
        return true;
    }
    void settle_by_rules() {
        card = by_rules();
        rules_stat = {};
        card_parted.reset();
    }
    // The players' value for a stat, the rules' one differing (kept for later claims).
    // The stat by the rules: the value kept beside the card after a wrong claim, else the card's.
    int rules_value(int stat) const { return rules_stat[stat].value_or(stat_of(card, stat)); }
    // `why`: the finding of the wrong claim (none: the two were parted by an earlier one).
    void played(int stat, int shown, int by_rules, const std::optional<Cause>& why) {
        stat_of(card, stat) = shown;
        if (shown == by_rules) {
            rules_stat[stat].reset();
        } else {
            rules_stat[stat] = by_rules;
            if (why) card_parted = why;
        }
    }

    bool on_table() const { return !sunk && !left; }
    int side() const { return entity->side; }
    int sum(int (Salvo::*f)() const) const {
        int n = 0;
        for (const auto& v : salvos) n += (v.*f)();
        return n;
    }
    int unsaved_fewest() const { return sum(&Salvo::unsaved_fewest); }
    int unsaved_most() const { return sum(&Salvo::unsaved_most); }
    int criticals_fewest() const { return sum(&Salvo::criticals_fewest); }
    int criticals_most() const { return sum(&Salvo::criticals_most); }
    int resolved() const { return crits_done + hits_done; }
    // Damage with no salvo behind it (one finding): a salvo the record left out is assumed, so
    // that the rest of this ship's damage is read as played.
    void salvo_not_recorded(std::uint32_t line) {
        Salvo v;
        v.line = line;
        v.unrecorded = true;
        v.save_done = true;
        salvos.push_back(v);
    }
    // Stats left on the card: when none are, further hits have nothing to cross off and are misses.
    // (The fewer of the card's and the rules' card's, where a wrong claim made them differ.)
    int stats_left() const {
        auto left = [](const Card& c) {
            int n = c.armour + c.prop + c.hull;
            for (int g : c.guns) n += g;
            return n;
        };
        return card_disputed() ? std::min(left(card), left(by_rules())) : left(card);
    }
};

// The engine's ships, each owned (the engine's maps and lists point to them); a copy copies
// each ship, and the engine copied then points its maps and lists at the new ones.
struct OwnedShips : std::vector<std::unique_ptr<Ship>> {
    OwnedShips() = default;
    OwnedShips(const OwnedShips& other) : std::vector<std::unique_ptr<Ship>>() {
        reserve(other.size());
        for (const auto& s : other) push_back(std::make_unique<Ship>(*s));
    }
    OwnedShips& operator=(const OwnedShips&) = delete;
};

// The options chosen where the book's text and its Quick Reference disagree (docs/rules/ironclads.md).
struct ChosenOptions {
    bool smokestack_3_or_4 = false;   // smokestack=quick-reference: a 3 or a 4
    bool save_bands_qr = false;       // save-bands=quick-reference: 25 and 50 cm fall in no band
    bool bridge_either = false;       // bridge=quick-reference: no speed change OR no turn
};

}  // namespace ironlog::rules::ironclads
