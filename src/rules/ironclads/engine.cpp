#include "rules/ironclads/engine.hpp"

#include "check/as_played.hpp"
#include "check/dice.hpp"
#include "check/items.hpp"
#include "geometry/table.hpp"
#include "rules/ironclads/cards.hpp"
#include "rules/ironclads/ship_data.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <utility>

namespace ironlog::rules::ironclads {

int read_d3(int d6) { return (d6 + 1) / 2; }

namespace {

// ---- citations ----------------------------------------------------------------------------------
RuleRef cite(const char* section) { return RuleRef{"ironclads", section, ""}; }
const RuleRef kBasics = cite("Basics");
const RuleRef kSeaState = cite("Sea state");
const RuleRef kInitiative = cite("Initiative");
const RuleRef kMovementOrder = cite("Movement");
const RuleRef kSpeed = cite("Movement/Speed");
const RuleRef kMoving = cite("Movement/Moving a ship");
const RuleRef kBackwards = cite("Movement/Moving backwards");
const RuleRef kCollisions = cite("Movement/Collisions");
const RuleRef kFiring = cite("Firing");
const RuleRef kArcs = cite("Firing/Arcs");
const RuleRef kSalvo = cite("Firing/Resolving gunfire");
const RuleRef kZone = cite("Firing/Zone of Fire");
const RuleRef kSaves = cite("Firing/Armour saves");
const RuleRef kDamage = cite("Damage resolution");
const RuleRef kCritical = cite("Damage resolution/Critical hits");
const RuleRef kHits = cite("Damage resolution/Hits");
const RuleRef kProblems = cite("Damage resolution/Problems");
const RuleRef kSunk = cite("End phase/Ships sunk");
const RuleRef kEnding = cite("End phase/Ending the game");
const RuleRef kCards = cite("Appendix A Data Cards");
const RuleRef kFormations = cite("Appendix D Formations");
const RuleRef kVocabulary = ngn_rule("5.3", "Events");

std::string num(double v) {
    std::ostringstream s;
    s << std::round(v * 10) / 10;
    return s.str();
}

// The stat types a hit may cross off: the seven gun rows, armour, propulsion, hull.
enum Stat { kArmour = kMounts, kProp, kHull, kStats };
std::optional<int> parse_stat(std::string_view w) {
    std::string s = lower(w);
    if (s == "armour" || s == "armor") return kArmour;
    if (s == "prop" || s == "propulsion") return kProp;
    if (s == "hull") return kHull;
    if (auto m = parse_mount(s)) return *m;
    return std::nullopt;
}
const char* stat_name(int s) {
    if (s == kArmour) return "armour";
    if (s == kProp) return "prop";
    if (s == kHull) return "hull";
    return mount_name(s);
}
const int& stat_of(const Card& c, int s) {
    if (s == kArmour) return c.armour;
    if (s == kProp) return c.prop;
    if (s == kHull) return c.hull;
    return c.guns[s];
}
int& stat_of(Card& c, int s) { return const_cast<int&>(stat_of(std::as_const(c), s)); }

// The hits one salvo scored on a target, until they are resolved (Phase 3B). A salvo keeps
// two readings: what the dice and the rules give, and what the players claimed. When a claim
// was wrong, the damage lines that follow may agree with either: the replay accepts both, as
// played, so one mistake is one finding.
struct Reading {
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
    bool save_missing = false;  // hits that needed a save roll the record does not give
    Reading claimed;
    std::optional<Reading> computed;  // none when the dice could not be read

    // A salvo the record leaves out, that its save or damage lines show was fired (a finding
    // already): its hits are whatever those lines resolve.
    bool unrecorded = false;
    static constexpr int kAny = 1000;

    int hits_most() const { return std::max(claimed.c + claimed.h, computed ? computed->c + computed->h : 0); }
    // The unsaved hits left to resolve, and the criticals among them, as ranges over both readings.
    int lo() const {
        if (unrecorded) return 0;
        return save_missing ? 0 : std::min(unsaved(claimed), computed ? unsaved(*computed) : unsaved(claimed));
    }
    int hi() const {
        if (unrecorded) return kAny;
        if (save_missing) return hits_most();
        return std::max(unsaved(claimed), computed ? unsaved(*computed) : unsaved(claimed));
    }
    int c_lo() const { return save_missing || unrecorded ? 0 : std::min(c_min(claimed), computed ? c_min(*computed) : c_min(claimed)); }
    int c_hi() const {
        if (unrecorded) return kAny;
        int most = std::max(c_max(claimed), computed ? c_max(*computed) : c_max(claimed));
        if (save_missing) most = std::max(claimed.c, computed ? computed->c : 0);
        return most;
    }

private:
    static int unsaved(const Reading& r) { return std::max(0, r.c + r.h - r.saved); }
    static int c_min(const Reading& r) { return r.saved_c ? r.c - *r.saved_c : std::max(0, r.c - r.saved); }
    static int c_max(const Reading& r) { return r.saved_c ? r.c - *r.saved_c : r.c - std::max(0, r.saved - r.h); }
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
    int start_speed = 0;  // at the start of this game turn
    // When a move did not match the speed written beside it: the speed the move shows, kept for
    // the next game turn, whose speed change may follow it instead (the written one was a slip).
    std::optional<int> moved_speed, start_moved_speed;
    // Sunk by the rules at the end of a turn and not removed by the record (reported): the players
    // kept it in play, and its later lines follow from that one mistake.
    std::optional<Cause> kept_afloat;
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
    bool order_reported = false;  // criticals after hits: said once
    bool early_problems = false;  // problems rolled with hits unresolved (a finding): not said again at the phase's end
    // A hit claim showing d more stats crossed off than one hit (a finding) may be d hit lines
    // left out: they are counted as resolved while hits remain, and given back if later lines
    // resolve more hits than the salvos leave.
    int assumed_hits = 0;
    // Hits left unresolved at the end of a damage phase (a finding): the players may have crossed
    // them off unrecorded, so later lines may show up to this many stats fewer than the replay.
    int unrecorded_hits = 0;
    // A damage phase whose problems roll the record leaves out (a finding): a fire may have broken
    // out, which later salvos show by being halved (for up to 1D3 game turns after).
    int problems_unknown_turn = -1;
    // A line of this ship's damage, or of its end phase, that could not be read (a finding): its
    // damage counts and its sinking are then taken as played.
    int unread_damage_turn = -1, unread_end_turn = -1;
    // After a wrong damage claim the card follows the claim (as played), and here is what the
    // rules gave for that stat: a later claim that follows the rules' value instead shows the
    // wrong one was a slip of the pen, and is no second finding.
    std::array<std::optional<int>, kStats> rules_stat{};

    // Crosses n stats off, on the card and on the rules' value where one is kept.
    void cross_off(int stat, int n) {
        stat_of(card, stat) = std::max(0, stat_of(card, stat) - n);
        if (rules_stat[stat]) rules_stat[stat] = std::max(0, *rules_stat[stat] - n);
    }
    // Whether n is the stat's value, on the card or by the rules; the rules' value, once a later
    // line shows the players had it, is the card's.
    bool follows(int stat, int n) {
        if (stat_of(card, stat) == n) return true;
        if (rules_stat[stat] != n) return false;
        stat_of(card, stat) = n;
        rules_stat[stat].reset();
        return true;
    }
    bool none_left(int stat) const { return stat_of(card, stat) == 0 || rules_stat[stat] == 0; }
    // Whether a stat shown lower than the card, by no more than the hits left unresolved earlier,
    // is explained by them: if so it is the card's, and they are used up.
    bool shows_unrecorded(int stat, int shown) {
        const int gap = stat_of(card, stat) - shown;
        if (gap <= 0 || gap > unrecorded_hits) return false;
        unrecorded_hits -= gap;
        stat_of(card, stat) = shown;
        return true;
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
    // Whether the line fits (ok()) when read with the card the rules give: if so, that is the card
    // the players had, and it is kept.
    template <class Fits>
    bool fits_by_rules(Fits&& ok) {
        if (!card_disputed()) return false;
        const Card played_card = card;
        card = by_rules();
        if (ok()) {
            rules_stat = {};
            return true;
        }
        card = played_card;
        return false;
    }
    // The players' value for a stat, the rules' one differing (kept for later claims).
    // The stat by the rules: the value kept beside the card after a wrong claim, else the card's.
    int rules_value(int stat) const { return rules_stat[stat].value_or(stat_of(card, stat)); }
    void played(int stat, int shown, int by_rules) {
        stat_of(card, stat) = shown;
        if (shown == by_rules) rules_stat[stat].reset();
        else rules_stat[stat] = by_rules;
    }

    bool on_table() const { return !sunk && !left; }
    int side() const { return entity->side; }
    int sum(int (Salvo::*f)() const) const {
        int n = 0;
        for (const auto& v : salvos) n += (v.*f)();
        return n;
    }
    int unsaved_lo() const { return sum(&Salvo::lo); }
    int unsaved_hi() const { return sum(&Salvo::hi); }
    int crits_lo() const { return sum(&Salvo::c_lo); }
    int crits_hi() const { return sum(&Salvo::c_hi); }
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

// Readings where the book's text and its Quick Reference disagree (docs/rules/ironclads.md).
struct Readings {
    bool smokestack_3_or_4 = false;   // smokestack=quick-reference: a 3 or a 4
    bool save_bands_qr = false;       // save-bands=quick-reference: 25 and 50 cm fall in no band
    bool bridge_either = false;       // bridge=quick-reference: no speed change OR no turn
};

class IroncladsEngine final : public Engine {
public:
    void begin(GameContext& ctx) override;
    void declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) override;
    void setup(const ngn::Setup& s, const Entity& e, GameContext& ctx) override;
    void heading(const ngn::Heading& h, GameContext& ctx) override;
    void event(const ngn::Event& e, const Entity& actor, GameContext& ctx) override;
    void finish(GameContext& ctx) override;
    void describe(std::ostream& os, const GameContext& ctx) const override;

private:
    // where the replay stands
    std::string phase_, segment_;
    int turn_ = 0;
    bool in_turn_ = false;

    Ship* ship(const Entity& e);
    Ship* ship_named(const ngn::Item& item, GameContext& ctx);
    std::vector<Ship*> ships_of(int side);
    int sides(GameContext& ctx) const;

    void leave_phase(GameContext& ctx, ngn::SourcePos at);
    void close_gunfire(GameContext& ctx);
    void report_out_of_turn(GameContext& ctx, const std::set<int>& sides_unmoved);
    void unread_line(const Entity& actor, Ship* s, GameContext& ctx);
    void end_of_turn(GameContext& ctx, ngn::SourcePos at);

    void sea_state_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void initiative_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx);
    void movement(const ngn::Event& e, Ship& s, GameContext& ctx);
    void fire(const ngn::Event& e, Ship& s, GameContext& ctx);
    void check_geometry(const ngn::Event& e, const Ship& firer, const Ship& target, std::optional<ArcSet> turret_arc, GameContext& ctx);
    void save(const ngn::Event& e, Ship& s, GameContext& ctx);
    void crit(const ngn::Event& e, Ship& s, GameContext& ctx);
    void hit(const ngn::Event& e, Ship& s, GameContext& ctx);
    void problems(const ngn::Event& e, Ship& s, GameContext& ctx);
    void sinks(const ngn::Event& e, Ship& s, GameContext& ctx);
    void card_shown(const ngn::Event& e, Ship& s, GameContext& ctx);
    void breaks_off(const ngn::Event& e, Ship& s, GameContext& ctx);

    int max_speed(const Ship& s) const;
    std::string max_speed_reason(const Ship& s) const;
    int fire_dice(const Ship& firer, const Ship& target, int base, std::string* working = nullptr) const;

    std::vector<std::unique_ptr<ShipLibrary>> libraries_;
    bool library_missing_ = false;
    std::vector<std::unique_ptr<Ship>> ships_;
    std::map<const Entity*, Ship*> by_entity_;
    std::vector<std::vector<Ship*>> squadrons_;
    Readings readings_;
    double tolerance_ = 0.5;

    // sea state; after a wrong claim, the other reading until play shows which was used
    std::optional<bool> rough_;
    std::optional<bool> rough_other_;
    std::map<int, int> sea_rolls_;  // side -> die
    ngn::SourcePos sea_pos_;

    // initiative, this turn; after a wrong claim, the other reading until the first ship moves
    std::optional<int> initiative_;  // side index
    std::optional<int> initiative_other_;
    std::map<int, int> moves_by_side_;  // ships moved so far this movement phase
    int order_slip_reported_ = 0;
    // A ship moved out of turn is reported when the phase ends: a ship of the side that should
    // have moved that was never moved explains it, and is then the one finding.
    struct OutOfTurn {
        ngn::SourcePos pos;
        std::string why, expected, recorded;
        int due_side = -1;
    };
    std::vector<OutOfTurn> out_of_turn_;
    bool initiative_unknown_ = false;  // this turn's initiative was not decided (a finding already)
    // A line of this firing phase that could not be read (a finding): it may have been the salvo
    // or save that later lines need, which are then taken as played.
    bool unread_gunfire_ = false;
    bool sea_claimed_early_ = false;   // the sea state was claimed before every side rolled (a finding already)
    std::map<int, int> initiative_rolls_;
    ngn::SourcePos initiative_pos_;
    std::optional<int> setup_initiative_;

    // movement, this turn
    Ship* moving_ = nullptr;                 // the ship whose activation is under way
    bool movement_started_ = false;
    bool damage_started_ = false;

    // the end
    int game_over_turn_ = -1;
    bool game_over_reported_ = false;
    std::set<std::string> verbs_reported_;
};

// ---- begin: readings and libraries ---------------------------------------------------------------

void IroncladsEngine::begin(GameContext& ctx) {
    tolerance_ = ctx.header.tolerance_cm;
    readings_.smokestack_3_or_4 = ctx.header.option("smokestack") == "quick-reference";
    readings_.save_bands_qr = ctx.header.option("save-bands") == "quick-reference";
    readings_.bridge_either = ctx.header.option("bridge") == "quick-reference";
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

int IroncladsEngine::sides(GameContext& ctx) const { return static_cast<int>(ctx.symbols.sides().size()); }

// ---- the order of battle ---------------------------------------------------------------------------

void IroncladsEngine::declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    if (d.kind == ngn::EntityKind::Squadron) {
        std::vector<Ship*> members;
        for (const ngn::Item* n : elements(d.args)) {
            Ship* s = ship_named(*n, ctx);
            if (!s) {
                ctx.findings.error(Kind::Inconsistent, kFormations, n->pos, "'" + reference_text(*n) + "' is not a declared ship");
                continue;
            }
            if (s->squadron >= 0) {
                ctx.findings.error(Kind::Inconsistent, kFormations, n->pos, s->name + " is already in another squadron");
                continue;
            }
            if (s->side() != e.side)
                ctx.findings.error(Kind::Illegal, kFormations, n->pos, s->name + " belongs to another side than the squadron");
            members.push_back(s);
        }
        if (members.empty() || members.size() > 4)
            ctx.findings.error(Kind::Illegal, kFormations, d.name.pos,
                               "a squadron has one to four ships; " + e.label() + " has " + std::to_string(members.size()),
                               "1 to 4 ships", std::to_string(members.size()));
        for (Ship* s : members) s->squadron = static_cast<int>(squadrons_.size());
        squadrons_.push_back(members);
        return;
    }
    if (d.kind != ngn::EntityKind::Ship) return;
    auto s = std::make_unique<Ship>();
    s->entity = &e;
    s->name = e.label();
    std::vector<DataProblem> problems;
    ShipData data = read_ship_data(d.args, problems);
    for (const auto& p : problems) ctx.findings.error(Kind::Inconsistent, kCards, p.pos, p.message);

    // The specifications: given on the line, or the library entry for this ship (or its class).
    const ShipSpec* spec = nullptr;
    ShipSpec inline_spec = data.spec;
    if (data.has_spec) {
        inline_spec.name = e.name;
        spec = &inline_spec;
    } else {
        std::string key = data.class_name.value_or(e.name);
        for (const auto& lib : libraries_)
            if ((spec = lib->find(key))) break;
        if (!spec && data.class_name)
            ctx.findings.error(Kind::Inconsistent, kCards, d.name.pos,
                               "no ship library entry '" + *data.class_name + "' (the libraries are named in [Library])");
        s->spec = spec;
    }
    std::optional<DerivedCard> derived;
    if (spec) derived = derive_card(*spec);
    auto known = [&](const char* stat) {
        return derived && std::find(derived->unknown.begin(), derived->unknown.end(), stat) == derived->unknown.end();
    };

    Card card;
    if (data.card.any() || (derived && !derived->unknown.empty())) {
        // A card given directly: its stats as written; rows it leaves out come from the
        // derivation when there is one, else are empty (gun rows) or missing (armour, prop, hull).
        const Card* base = derived ? &derived->card : nullptr;
        for (int m = 0; m < kMounts; ++m) card.guns[m] = data.card.guns[m].value_or(base ? base->guns[m] : 0);
        card.armour = data.card.armour.value_or(base ? base->armour : 0);
        card.prop = data.card.prop.value_or(base ? base->prop : 0);
        card.hull = data.card.hull.value_or(base ? base->hull : 0);
        std::string lacking;
        if (!data.card.armour && !known("armour")) lacking += "armour";
        if (!data.card.prop && !known("prop")) lacking += std::string(lacking.empty() ? "" : ", ") + "prop";
        if (!data.card.hull && !known("hull")) lacking += std::string(lacking.empty() ? "" : ", ") + "hull";
        if (!lacking.empty())
            ctx.findings.error(Kind::Inconsistent, kCards, d.name.pos,
                               s->name + "'s Data Card has no " + lacking + " stats" +
                                   (derived ? " (its specifications lack " + derived->missing_text() + "): give them on the ship line" : ""));
        if (derived) {
            std::string expected, recorded;
            for (int st = 0; st < kStats; ++st) {
                if (st >= kMounts && !known(stat_name(st))) continue;
                int want = stat_of(derived->card, st);
                int got = stat_of(card, st);
                if (want != got) {
                    expected += (expected.empty() ? "" : ", ") + std::string(stat_name(st)) + " " + std::to_string(want);
                    recorded += (recorded.empty() ? "" : ", ") + std::string(stat_name(st)) + " " + std::to_string(got);
                }
            }
            if (!expected.empty())
                ctx.findings.error(Kind::WrongResult, kCards, d.name.pos,
                                   s->name + "'s Data Card disagrees with the card derived from its specifications" +
                                       (spec->file.empty() ? std::string() : " (" + spec->file + ":" + std::to_string(spec->pos.line) + ")"),
                                   expected, recorded);
        }
        // caps of Appendix A
        for (int st = 0; st < kStats; ++st) {
            int cap = st < kMounts ? mount_cap(st) : st == kArmour ? 7 : st == kProp ? 20 : 12;
            if (stat_of(card, st) > cap)
                ctx.findings.error(Kind::Illegal, kCards, d.name.pos,
                                   std::string(stat_name(st)) + " has at most " + std::to_string(cap) + " stats on a Data Card",
                                   "at most " + std::to_string(cap), std::to_string(stat_of(card, st)));
        }
        s->has_card = lacking.empty();
    } else if (derived) {
        card = derived->card;
        s->has_card = true;
    } else if (!library_missing_) {
        ctx.findings.error(Kind::Inconsistent, kCards, d.name.pos,
                           "no Data Card for " + s->name +
                               ": give its stats (port 13 stbd 13 armour 7 prop 13 hull 6 ...), its specifications, "
                               "or a ship library entry in [Library]");
    }
    for (int t = 0; t < 3; ++t)
        if (data.turret_arcs[t]) card.turret_arcs[t] = data.turret_arcs[t];
    s->initial = card;
    s->card = card;
    if (data.speed) {
        s->speed = *data.speed;
        s->astern = data.astern;
        s->speed_known = true;
        s->speeds.push_back(*data.speed);
    }
    s->pos = data.at;
    s->base_length = data.base_length;
    s->base_width = data.base_width;
    by_entity_[&e] = s.get();
    ships_.push_back(std::move(s));
}

void IroncladsEngine::setup(const ngn::Setup& st, const Entity& e, GameContext& ctx) {
    const auto& items = st.args;
    if (e.kind == ngn::EntityKind::Side) {
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (is_word(items[i], "sea") && i + 1 < items.size()) {
                std::string v = lower(reference_text(items[++i]));
                if (v == "rough" || v == "calm") rough_ = v == "rough";
                else ctx.findings.error(Kind::Inconsistent, kSeaState, items[i].pos, "the sea is rough or calm");
            } else if (is_word(items[i], "initiative")) {
                setup_initiative_ = e.index;
            } else {
                ctx.findings.error(Kind::Inconsistent, kVocabulary, items[i].pos,
                                   "a side's setup line gives 'sea rough|calm' or 'initiative'");
            }
        }
        return;
    }
    Ship* s = ship(e);
    if (!s) return;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ngn::Item& it = items[i];
        const ngn::Item* next = i + 1 < items.size() ? &items[i + 1] : nullptr;
        auto whole = [&](const ngn::Item* v) -> std::optional<int> {
            if (!v) return std::nullopt;
            const auto* n = v->as<ngn::Number>();
            if (!n || !n->is_integer || n->value < 0 || n->has_sign) return std::nullopt;
            return n->as_int();
        };
        if (const auto* p = it.as<ngn::TablePos>()) {
            s->pos = *p;
        } else if (is_word(it, "at") && next && next->as<ngn::TablePos>()) {
            s->pos = *next->as<ngn::TablePos>();
            ++i;
        } else if (is_word(it, "speed") && whole(next)) {
            s->speed = *whole(next);
            s->speed_known = true;
            ++i;
            s->astern = i + 1 < items.size() && is_word(items[i + 1], "astern");
            if (s->astern) ++i;
            s->speeds.push_back(s->speed);
        } else if (is_word(it, "speeds") && next) {
            s->speeds.clear();
            for (const auto* v : elements(*next))
                if (auto n = whole(v)) s->speeds.push_back(*n);
            if (!s->speeds.empty()) s->speed = s->speeds.back(), s->speed_known = true;
            ++i;
        } else if (is_word(it, "lost") && next && word_text(*next) && parse_stat(*word_text(*next)) && i + 2 < items.size() &&
                   whole(&items[i + 2])) {
            int stat = *parse_stat(*word_text(*next));
            stat_of(s->card, stat) = std::max(0, stat_of(s->card, stat) - *whole(&items[i + 2]));
            i += 2;
        } else if (word_text(it) && parse_stat(*word_text(it)) && whole(next)) {
            int stat = *parse_stat(*word_text(it));
            stat_of(s->card, stat) = *whole(next);
            ++i;
        } else if (is_word(it, "steering") && whole(next)) {
            s->steering = *whole(next);
            ++i;
        } else if (is_word(it, "smokestack")) {
            s->smokestack = true;
        } else if (is_word(it, "fire") && whole(next)) {
            s->setup_fire_turns = *whole(next);
            ++i;
        } else if (is_word(it, "bridge")) {
            s->setup_bridge = true;
        } else if (is_word(it, "hits") && next) {
            Salvo salvo;
            for (const auto* v : elements(*next)) {
                std::string t = lower(reference_text(*v));
                int count = 1;
                if (const auto* n = v->as<ngn::Number>()) count = n->as_int(), t = lower(n->unit);
                if (t == "c") salvo.claimed.c += count;
                else if (t == "h") salvo.claimed.h += count;
                else ctx.findings.error(Kind::Inconsistent, kDamage, v->pos, "hits are written C (critical) or H");
            }
            salvo.save_done = true;
            salvo.line = st.subject.pos.line;
            s->salvos.push_back(salvo);
            ++i;
        } else if (is_word(it, "base") && next) {
            std::vector<DataProblem> problems;
            ShipData d = read_ship_data({it, *next}, problems);
            s->base_length = d.base_length;
            s->base_width = d.base_width;
            for (const auto& p : problems) ctx.findings.error(Kind::Inconsistent, kCards, p.pos, p.message);
            ++i;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                               "a ship's setup line gives speed N [astern], speeds a,b,c, lost <stat> N, <stat> N, at (x, y, heading), "
                               "base LxW, steering N, smokestack, fire N, bridge or hits C,H; found " + it.to_ngn());
        }
    }
}

// ---- headings: the end of phases and turns ------------------------------------------------------

void IroncladsEngine::heading(const ngn::Heading& h, GameContext& ctx) {
    const ngn::SourcePos at = h.label_pos;
    const std::string phase = ctx.cursor.phase() ? ctx.cursor.phase()->name : std::string();
    const std::string segment = ctx.cursor.open(ngn::HeadingKind::Segment);
    if (h.kind == ngn::HeadingKind::Turn) {
        leave_phase(ctx, at);
        if (in_turn_) end_of_turn(ctx, at);
        if (!in_turn_ && !rough_ && sea_rolls_.empty() && !ctx.header.setup)
            ctx.findings.error(Kind::Illegal, kSeaState, at, "no sea state was rolled before the game began");
        if (game_over_turn_ >= 0 && !game_over_reported_) {
            game_over_reported_ = true;
            ctx.findings.error(Kind::Illegal, kEnding, at,
                               "the game ended with turn " + std::to_string(game_over_turn_) + ": a side had no ships left on the table");
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
            s->order_reported = false;
            s->early_problems = false;
            s->assumed_hits = 0;
        }
        initiative_.reset();
        initiative_other_.reset();
        initiative_unknown_ = false;
        if (first && setup_initiative_) initiative_ = setup_initiative_;
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
        order_slip_reported_ = 0;
        movement_started_ = false;
        damage_started_ = false;
        unread_gunfire_ = false;
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
        for (const Entity* side : ctx.symbols.sides())
            if (!sea_rolls_.count(side->index) && !sea_claimed_early_)
                ctx.findings.error(Kind::Illegal, kSeaState, sea_pos_.valid() ? sea_pos_ : at,
                                   side->name + " did not roll for the sea state (one die for each side)");
        if (!rough_ && sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) && sides(ctx) > 0) {  // unclaimed: the dice say
            bool all_ones = std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
            rough_ = all_ones;
        }
    } else if (phase_ == "initiative") {
        if (!initiative_ && !initiative_rolls_.empty()) {
            ctx.findings.error(Kind::Illegal, kInitiative, initiative_pos_.valid() ? initiative_pos_ : at,
                               "the initiative was not decided: every side rolls one die, and ties are rolled again");
            initiative_unknown_ = true;  // who moves first is then not checked
        }
    } else if (phase_ == "movement") {
        std::set<int> sides_unmoved;
        for (auto& s : ships_)
            if (s->on_table() && s->moved_turn != turn_) {
                sides_unmoved.insert(s->side());
                s->speed_known = false;  // its move is missing: the next speed is not held to this turn's
                ctx.findings.error(Kind::Illegal, kMovementOrder, at,
                                   s->name + " was not moved in the movement phase of turn " + std::to_string(turn_) +
                                       " (every ship on the table moves, a stopped one too: '" + s->name + " move 0')");
            }
        report_out_of_turn(ctx, sides_unmoved);
    } else if (phase_ == "firing") {
        close_gunfire(ctx);
        for (auto& s : ships_) {
            if (s->salvos.empty()) continue;
            const int done = s->resolved();
            const bool unresolved = (done < s->unsaved_lo() || s->crits_done < s->crits_lo()) && s->stats_left() > 0;
            // what the players may have crossed off unrecorded (a critical hit: up to 3 stats)
            if (unresolved) s->unrecorded_hits = std::max(0, s->unsaved_lo() - done) + 2 * std::max(0, s->crits_lo() - s->crits_done);
            // (problems rolled early, criticals out of order, or a damage line not read: said already)
            if (unresolved && !s->early_problems && !s->order_reported && s->unread_damage_turn != turn_)
                ctx.findings.error(Kind::Illegal, kDamage, at,
                                   s->name + " has unsaved hits left unresolved in the damage resolution of turn " + std::to_string(turn_),
                                   std::to_string(s->unsaved_lo()) + " resolved", std::to_string(done));
            else if (done > 0 && !s->problems_done && s->on_table() && s->unread_damage_turn != turn_) {
                ctx.findings.error(Kind::Illegal, kProblems, at,
                                   s->name + " took damage but rolled no 2D6 for problems in turn " + std::to_string(turn_));
                s->problems_unknown_turn = turn_;
            }
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
                if (v.claimed.c + v.claimed.h == 0 || s->none_left(kArmour) || s->card.armour <= s->unrecorded_hits || unread_gunfire_)
                    continue;
                ctx.findings.error(Kind::Inconsistent, kSaves, ngn::SourcePos{v.line, 1},
                                   "no armour save is recorded for this salvo on " + s->name + " (one save roll for each salvo with hits)");
            }
}

void IroncladsEngine::end_of_turn(GameContext& ctx, ngn::SourcePos at) {
    // Phase 4A: a ship with no hull left sinks, whether or not the record says so.
    for (auto& s : ships_) {
        if (s->rules_stat[kHull].value_or(0) > 0 && s->card.hull == 0) s->follows(kHull, *s->rules_stat[kHull]);  // not sunk: as the rules say
        if (s->on_table() && s->has_card && s->card.hull == 0) {
            s->sunk = true;
            if (s->unread_end_turn == turn_ || s->kept_afloat) continue;  // the line not read may have said so; or said already
            s->kept_afloat = Findings::cause_of(ctx.findings.warning(Kind::Inconsistent, kSunk, at,
                                 s->name + " has no hull stats left and sank at the end of turn " + std::to_string(turn_) +
                                     "; the record does not say so"));
        }
    }
    // Phase 4B: the game ends when a side has no ships on the table.
    if (game_over_turn_ < 0) {
        for (const Entity* side : ctx.symbols.sides()) {
            auto own = ships_of(side->index);
            if (!own.empty() && std::none_of(own.begin(), own.end(), [](Ship* s) { return s->on_table() || s->kept_afloat; }))
                game_over_turn_ = turn_;
        }
    }
}

// ---- events ------------------------------------------------------------------------------------------

namespace {
// The actions of Ironclads, matched once per event rather than compared as strings in turn.
enum class Verb { Roll, Speed, Move, Turn, Collide, Leaves, BreaksOff, Fire, Save, Crit, Hit, Problems, Sinks, Card,
                  Continue, Ends, End, InFormation, OutOfFormation, Unknown };

Verb verb_of(std::string_view word) {
    static constexpr std::pair<std::string_view, Verb> verbs[] = {
        {"roll", Verb::Roll},       {"speed", Verb::Speed},         {"move", Verb::Move},
        {"turn", Verb::Turn},       {"collide", Verb::Collide},     {"leaves", Verb::Leaves},
        {"breaks-off", Verb::BreaksOff}, {"fire", Verb::Fire},      {"save", Verb::Save},
        {"crit", Verb::Crit},       {"hit", Verb::Hit},             {"problems", Verb::Problems},
        {"sinks", Verb::Sinks},     {"card", Verb::Card},           {"continue", Verb::Continue},
        {"ends", Verb::Ends},       {"end", Verb::End},             {"in-formation", Verb::InFormation},
        {"out-of-formation", Verb::OutOfFormation}};
    for (const auto& [name, v] : verbs)
        if (same_lower(word, name)) return v;
    return Verb::Unknown;
}
}  // namespace

void IroncladsEngine::event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const std::string* verb_word = e.args.empty() ? nullptr : word_text(e.args.front());
    const Verb v = verb_word ? verb_of(*verb_word) : Verb::Unknown;
    auto verb = [&] { return verb_word ? lower(*verb_word) : std::string(); };  // for messages only
    Ship* s = ship(actor);
    const bool side_actor = actor.kind == ngn::EntityKind::Side;
    auto in_phase = [&](const char* phase, const RuleRef& rule) {
        if (phase_ == phase) return true;
        ctx.findings.error(Kind::Illegal, rule, e.subject.pos,
                           "'" + verb() + "' belongs in phase " + phase + (phase_.empty() ? std::string() : ", not in phase " + phase_));
        unread_line(actor, s, ctx);
        return false;
    };
    auto need_ship = [&]() {
        if (s && s->sunk && s->kept_afloat && v != Verb::Card && v != Verb::Sinks) {
            // sunk by the rules, kept in play by the players (reported): it plays on, as played
            ctx.findings.excuse(*s->kept_afloat, e.subject.pos, s->name + " has sunk and plays no further part");
            s->sunk = false;
        }
        if (s) {
            if (!s->on_table() && v != Verb::Card)
                ctx.findings.error(Kind::Illegal, s->sunk ? kSunk : kMoving, e.subject.pos,
                                   s->name + (s->sunk ? " has sunk" : " has left the table") + " and plays no further part");
            return s->on_table() || v == Verb::Card;
        }
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "'" + verb() + "' is done by a ship, not by " + actor.label());
        unread_line(actor, s, ctx);
        return false;
    };
    switch (v) {
    case Verb::Roll:
        if (!side_actor) {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "a side rolls for the sea state and the initiative, not a ship");
            unread_line(actor, s, ctx);
            return;
        }
        if (phase_ == "sea-state") sea_state_roll(e, actor, ctx);
        else if (phase_ == "initiative") initiative_roll(e, actor, ctx);
        else ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos, "sides roll in phase sea-state or phase initiative");
        return;
    case Verb::BreaksOff:
        if (need_ship()) breaks_off(e, *s, ctx);
        return;
    case Verb::Speed:
    case Verb::Move:
    case Verb::Turn:
    case Verb::Collide:
    case Verb::Leaves:
        if (need_ship() && in_phase("movement", kMovementOrder)) movement(e, *s, ctx);
        return;
    case Verb::Fire:
    case Verb::Save:
        if (!need_ship() || !in_phase("firing", kFiring)) return;
        if (segment_ == "damage" || damage_started_) {
            ctx.findings.error(Kind::Illegal, kFiring, e.subject.pos,
                               "gunfire (Phase 3A) is over once damage is being resolved (Phase 3B)");
        }
        v == Verb::Fire ? fire(e, *s, ctx) : save(e, *s, ctx);
        return;
    case Verb::Crit:
    case Verb::Hit:
    case Verb::Problems:
        if (!need_ship() || !in_phase("firing", kDamage)) return;
        if (segment_ == "gunfire")
            ctx.findings.error(Kind::Illegal, kDamage, e.subject.pos, "damage is resolved in segment damage (Phase 3B), after all gunfire");
        if (!damage_started_) close_gunfire(ctx);
        damage_started_ = true;
        if (v == Verb::Crit) crit(e, *s, ctx);
        else if (v == Verb::Hit) hit(e, *s, ctx);
        else problems(e, *s, ctx);
        return;
    case Verb::Sinks:
        if (!need_ship() || !in_phase("end", kSunk)) return;
        sinks(e, *s, ctx);
        return;
    case Verb::Card:
        if (need_ship()) card_shown(e, *s, ctx);
        return;
    case Verb::Continue:
    case Verb::Ends:
    case Verb::End:
        if (!side_actor) {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "the sides decide whether to go on");
            unread_line(actor, s, ctx);
        }
        else in_phase("end", kEnding);
        return;
    case Verb::InFormation:
    case Verb::OutOfFormation:
        if (need_ship() && s->squadron < 0)
            ctx.findings.error(Kind::Inconsistent, kFormations, e.subject.pos, s->name + " is in no squadron");
        return;
    case Verb::Unknown:
        break;
    }
    ctx.findings.error(Kind::Inconsistent, kVocabulary, e.args.empty() ? e.subject.pos : e.args.front().pos,
                       "'" + e.verb() + "' is not an action of ironclads; the actions are roll, speed, move, turn, collide, leaves, "
                       "breaks-off, fire, save, crit, hit, problems, sinks, card, in-formation, out-of-formation, continue, ends");
    unread_line(actor, s, ctx);
}

// A line that could not be read is one finding; what it stood for, by its place in the
// sequence, is taken as done, so that the lines after it are not held to its absence.
void IroncladsEngine::unread_line(const Entity& actor, Ship* s, GameContext& ctx) {
    if (actor.kind == ngn::EntityKind::Side) {
        if (phase_ == "sea-state") sea_rolls_.try_emplace(actor.index, 0);  // 0: rolled, the die unknown
        else if (phase_ == "initiative") {
            initiative_rolls_.try_emplace(actor.index, 0);
            if (initiative_rolls_.size() == static_cast<std::size_t>(sides(ctx))) {  // who has it is not known
                initiative_rolls_.clear();
                initiative_unknown_ = true;
            }
        }
        return;
    }
    if (!s) return;
    if (phase_ == "movement" && s->moved_turn != turn_) {
        s->moved_turn = turn_;  // moved, in its turn (the order is not held to a line not read)
        s->speed_known = false;  // its speed is not known
        ++moves_by_side_[s->side()];
        movement_started_ = true;
        moving_ = s;
    } else if (phase_ == "firing") {
        if (segment_ == "damage" || damage_started_) {
            s->unread_damage_turn = turn_;
            s->unrecorded_hits += 3;  // a critical hit's worth of stats, as later lines may show
        } else {
            unread_gunfire_ = true;
        }
    } else if (phase_ == "end") {
        s->unread_end_turn = turn_;
    }
}

// ---- sea state and initiative ---------------------------------------------------------------------------

namespace {
// The one d6 of a side's roll, or null (and a finding) when the event has not exactly one.
const ngn::Dice* one_d6(const ngn::Event& e, const RuleRef& rule, GameContext& ctx) {
    const ngn::Dice* found = nullptr;
    int count = 0;
    for (const auto& a : e.args)
        if (const auto* d = a.as<ngn::Dice>()) found = d, ++count;
    if (count != 1 || found->faces.size() != 1) {
        ctx.findings.error(Kind::Inconsistent, rule, e.subject.pos, "this roll is one D6: write it d6: N");
        return nullptr;
    }
    return found;
}

std::string claim_word(const ngn::Event& e) {
    if (!e.claim || e.claim->empty()) return {};
    return reference_text(e.claim->front());
}
}  // namespace

void IroncladsEngine::report_out_of_turn(GameContext& ctx, const std::set<int>& sides_unmoved) {
    for (const auto& o : out_of_turn_)
        if (!sides_unmoved.count(o.due_side)) ctx.findings.error(Kind::Illegal, kMovementOrder, o.pos, o.why, o.expected, o.recorded);
    out_of_turn_.clear();
}

void IroncladsEngine::sea_state_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (!sea_pos_.valid()) sea_pos_ = e.subject.pos;
    const ngn::Dice* d = ctx.dice_ok ? one_d6(e, kSeaState, ctx) : nullptr;
    if (sea_rolls_.count(actor.index))
        ctx.findings.error(Kind::Illegal, kSeaState, e.subject.pos, actor.name + " has already rolled for the sea state");
    sea_rolls_[actor.index] = d ? d->faces[0].value : 0;  // 0: rolled, but the die cannot be read
    std::string claim = lower(claim_word(e));
    if (claim.empty()) return;
    if (claim != "rough" && claim != "calm") {
        ctx.findings.error(Kind::Inconsistent, kSeaState, e.claim_pos, "the sea state is rough or calm", "rough or calm", claim);
        return;
    }
    const bool readable = std::none_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 0; });
    if (sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) && !readable) {
        // a die that cannot be read was reported: the claim stands, as played
    } else if (sea_rolls_.size() == static_cast<std::size_t>(sides(ctx))) {
        bool all_ones = std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
        std::string expected = all_ones ? "rough" : "calm";
        if (expected != claim)
            ctx.findings.error(Kind::WrongResult, kSeaState, e.claim_pos,
                               "the sea is rough only when every side rolls a 1", expected, claim);
    } else {
        ctx.findings.error(Kind::Inconsistent, kSeaState, e.claim_pos, "the sea state is claimed before every side has rolled");
        sea_claimed_early_ = true;  // a roll is missing: this is its one finding, and the claim stands
    }
    const bool dice_rough = sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) &&
                            std::all_of(sea_rolls_.begin(), sea_rolls_.end(), [](const auto& p) { return p.second == 1; });
    rough_ = claim == "rough";  // as played
    if (sea_rolls_.size() == static_cast<std::size_t>(sides(ctx)) && readable && dice_rough != *rough_) rough_other_ = dice_rough;
}

void IroncladsEngine::initiative_roll(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (!initiative_pos_.valid()) initiative_pos_ = e.subject.pos;
    const ngn::Dice* d = ctx.dice_ok ? one_d6(e, kInitiative, ctx) : nullptr;
    if (initiative_ && initiative_rolls_.empty()) {
        ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos, "the initiative has already been decided this turn");
        return;
    }
    if (initiative_rolls_.count(actor.index))
        ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos,
                           actor.name + " has already rolled in this round; the other side rolls before any re-roll");
    initiative_rolls_[actor.index] = d ? d->faces[0].value : 0;  // 0: rolled, but the die cannot be read
    std::string claim = claim_word(e);
    if (initiative_rolls_.size() < static_cast<std::size_t>(sides(ctx))) {
        if (!claim.empty()) {
            // a roll is missing: this is its one finding, and the claim stands, as played
            ctx.findings.error(Kind::Inconsistent, kInitiative, e.claim_pos, "the initiative is claimed before every side has rolled");
            if (const Entity* side = ctx.symbols.find_side(claim)) initiative_ = side->index;
            initiative_rolls_.clear();  // the round is over, as played (a re-roll starts the next)
        }
        return;
    }
    if (std::any_of(initiative_rolls_.begin(), initiative_rolls_.end(), [](const auto& p) { return p.second == 0; })) {
        // a die that cannot be read was reported: the claim stands, as played
        initiative_rolls_.clear();
        if (const Entity* side = claim.empty() ? nullptr : ctx.symbols.find_side(claim)) initiative_ = side->index;
        return;
    }
    // every side has rolled: the lowest has the initiative; a tie is rolled again
    int low = 7;
    for (const auto& [side, die] : initiative_rolls_) low = std::min(low, die);
    std::vector<int> lowest;
    for (const auto& [side, die] : initiative_rolls_)
        if (die == low) lowest.push_back(side);
    std::string expected = lowest.size() > 1 ? "reroll" : ctx.symbols.side(lowest[0])->label();
    const Entity* claimed_side = claim.empty() ? nullptr : ctx.symbols.find_side(claim);
    std::string claimed = claim.empty() ? std::string() : (claimed_side ? claimed_side->label() : lower(claim) == "tie" ? "reroll" : lower(claim));
    if (!claim.empty() && claimed != expected)
        ctx.findings.error(Kind::WrongResult, kInitiative, e.claim_pos,
                           lowest.size() > 1 ? "a tie is rolled again" : "the side rolling lowest has the initiative", expected, claimed);
    initiative_rolls_.clear();
    initiative_other_.reset();
    if (!claim.empty()) {
        if (claimed_side) initiative_ = claimed_side->index;  // as played
        else if (claimed != "reroll" && lowest.size() == 1) initiative_ = lowest[0];  // a claim that names no side: the dice say
        if (claimed_side && lowest.size() == 1 && lowest[0] != claimed_side->index) initiative_other_ = lowest[0];
    } else if (lowest.size() == 1) {
        initiative_ = lowest[0];
    }
}

// ---- movement ---------------------------------------------------------------------------------------

int IroncladsEngine::max_speed(const Ship& s) const {
    int m = s.has_card ? s.card.prop : 1000;  // a ship without a card was reported once; no cascade
    if (rough_.value_or(false)) m = std::min(m, 6);
    if (s.smokestack) m = std::min(m, 6);
    return m;
}

// What makes a ship's maximum speed what it is, for messages: "6 in a rough sea".
std::string IroncladsEngine::max_speed_reason(const Ship& s) const {
    const int cap = max_speed(s);
    if (s.has_card && cap == s.card.prop) return std::to_string(cap) + ", the propulsion stats remaining";
    if (rough_.value_or(false)) return "6 in a rough sea";
    return "6 with the smokestacks wrecked";
}

void IroncladsEngine::movement(const ngn::Event& e, Ship& s, GameContext& ctx) {
    // Who moves: the side without the initiative first, then ship by ship in turn.
    if (moving_ != &s) {
        if (!initiative_ && !movement_started_ && !initiative_unknown_)
            ctx.findings.error(Kind::Illegal, kInitiative, e.subject.pos,
                               "no side has the initiative in turn " + std::to_string(turn_) + ": it is decided before movement");
        movement_started_ = true;
        if (s.moved_turn == turn_) {
            ctx.findings.error(Kind::Illegal, kMovementOrder, e.subject.pos, s.name + " has already moved in this movement phase");
            return;  // that line is the one mistake
        } else if (initiative_ && sides(ctx) == 2) {
            auto unmoved = [&](int side) {
                for (Ship* o : ships_of(side))
                    if (o->on_table() && o->moved_turn != turn_ && o != &s) return true;
                return false;
            };
            // A wrong initiative claim: the first ship to move shows which side the players gave it.
            if (initiative_other_ && moves_by_side_.empty()) {
                if (s.side() == 1 - *initiative_other_) initiative_ = initiative_other_;  // moved as the dice said
                initiative_other_.reset();
            }
            // The side without the initiative moves first, then the sides alternate: after each
            // ship, that side is level with the other or one ahead, until a side has moved all.
            const int non = 1 - *initiative_;
            ++moves_by_side_[s.side()];
            int lead = moves_by_side_[non] - moves_by_side_[*initiative_];
            int slip = lead < 0 ? -lead : lead - 1;
            if (slip > order_slip_reported_ && unmoved(1 - s.side())) {
                order_slip_reported_ = slip;
                bool first = moves_by_side_[non] + moves_by_side_[*initiative_] == 1;
                out_of_turn_.push_back(OutOfTurn{e.subject.pos,
                                                 first ? "the side without the initiative moves the first ship" : "the sides move one ship each in turn",
                                                 ctx.symbols.side(1 - s.side())->label() + " moves next", ctx.symbols.side(s.side())->label(),
                                                 1 - s.side()});
            }
        }
        moving_ = &s;
        s.moved_turn = turn_;
    }

    // The clauses: speed N | speed +N | astern, move D, turn D, collide SHIP, leaves.
    std::optional<int> new_speed;
    bool astern = s.astern;
    std::optional<double> moved;
    std::vector<std::pair<double, ngn::SourcePos>> turns;
    std::vector<std::pair<Ship*, ngn::SourcePos>> collisions;
    bool leaves = false;
    ngn::SourcePos speed_pos = e.subject.pos;
    const auto& a = e.args;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string* w = word_text(a[i]);
        const ngn::Item* next = i + 1 < a.size() ? &a[i + 1] : nullptr;
        std::string key = w ? lower(*w) : std::string();
        if (key == "speed" && next && next->as<ngn::Number>()) {
            const auto& n = *next->as<ngn::Number>();
            speed_pos = next->pos;
            if (!n.is_integer || !n.unit.empty()) {
                ctx.findings.error(Kind::Illegal, kSpeed, next->pos, "a current speed is a whole number", "a whole number", n.text);
            }
            int v = static_cast<int>(std::lround(std::clamp(n.value, -1e8, 1e8)));
            new_speed = n.has_sign ? s.start_speed + v : v;
            if (n.has_sign && s.start_astern) new_speed = s.start_speed + v;
            ++i;
            if (i + 1 < a.size() && is_word(a[i + 1], "astern")) {
                astern = true;
                ++i;
            } else if (!n.has_sign) {
                astern = false;
            }
        } else if (key == "astern") {
            astern = true;
        } else if ((key == "move" || key == "turn") && next && next->as<ngn::Number>()) {
            const auto& n = *next->as<ngn::Number>();
            std::string unit = lower(n.unit);
            double v = unit == "mm" ? n.value / 10 : n.value;
            if (!unit.empty() && unit != "cm" && unit != "mm")
                ctx.findings.error(Kind::Inconsistent, kMoving, next->pos, "distances on the table are in cm");
            if (key == "move") moved = moved.value_or(0) + v;  // a move in legs: the legs' sum, turns between
            else turns.emplace_back(v, next->pos);
            ++i;
        } else if (key == "collide" && next) {
            Ship* other = ship_named(*next, ctx);
            if (!other || other == &s)
                ctx.findings.error(Kind::Inconsistent, kCollisions, next->pos, "'" + reference_text(*next) + "' is not another ship");
            else
                collisions.emplace_back(other, next->pos);
            ++i;
        } else if (key == "leaves") {
            leaves = true;
        } else if (key == "speed" || key == "move" || key == "turn" || key == "collide") {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, a[i].pos, "'" + key + "' needs a value");
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, a[i].pos,
                               "a movement line holds speed N (or +N, -N, astern), move D, turn D, collide SHIP or leaves; found " +
                                   a[i].to_ngn());
            if (w && next && next->as<ngn::Number>()) ++i;  // the word's value goes with it: one finding
        }
    }

    // Struck in a collision earlier this phase: stopped until a later game turn.
    if (s.collided_turn == turn_ && ((new_speed && *new_speed > 0) || (moved && *moved > tolerance_)) && collisions.empty()) {
        ctx.findings.error(Kind::Illegal, kCollisions, e.subject.pos,
                           s.name + " was stopped by a collision this game turn: it may move again in a later one", "speed 0",
                           new_speed ? std::to_string(*new_speed) : num(*moved) + "cm");
        return;
    }
    // A ship whose starting speed no line gives: its first move shows the speed it was set to.
    if (!new_speed && !s.speed_known && moved && collisions.empty()) new_speed = static_cast<int>(std::lround(std::clamp(*moved, -1e8, 1e8)));
    // Speed (Phase 2: changing a ship's current speed), once a game turn.
    if (new_speed && rough_other_) {
        // a wrong sea-state claim: a speed above 6 shows the players sailed a calm sea
        const bool fits_played = *new_speed <= max_speed(s);
        std::swap(*rough_, *rough_other_);
        const bool fits_other = *new_speed <= max_speed(s);
        std::swap(*rough_, *rough_other_);
        if (!fits_played && fits_other) rough_ = rough_other_;
        if (fits_played != fits_other) rough_other_.reset();
    }
    bool speed_slip = false;  // the speed written was illegal and the move showed a legal one
    if (new_speed) {
        int v = *new_speed;
        struct Problem {
            RuleRef rule;
            std::string why, expected;
        };
        // The first speed rule that a speed (astern or not) breaks, coming from prev.
        auto problem = [&](int speed, bool back, int prev) -> std::optional<Problem> {
            const int cap = max_speed(s);  // from the card as it stands (it may be read by the rules' values)
            auto illegal = [](const RuleRef& rule, const std::string& why, const std::string& expected) {
                return std::optional<Problem>(Problem{rule, why, expected});
            };
            if (s.speed_set_turn == turn_)
                return illegal(kSpeed, "the current speed is set once each game turn", std::to_string(s.speed));
            if (speed < 0) return illegal(kSpeed, "a current speed is not below zero", "0 or more");
            if (!s.speed_known) {
                // the first speed of the game: anywhere from 0 to the maximum, ahead (Moving a ship)
                if (back) return illegal(kBackwards, "a ship goes astern only after a full stop in an earlier game turn", "ahead");
                if (speed > cap)
                    return illegal(kSpeed, "the current speed lies between 0 and the maximum (" + max_speed_reason(s) + ")",
                                   "0 to " + std::to_string(cap));
                return std::nullopt;
            }
            if (s.bridge_turn == turn_ && !readings_.bridge_either && (speed != prev || back != s.start_astern) &&
                !(prev > cap && !s.start_astern))
                // (a ship above its maximum still comes down by two: that is no order, and not the player's option)
                return illegal(kProblems, s.name + "'s bridge was hit: no change of speed this game turn", std::to_string(prev));
            if (back != s.start_astern && prev != 0 && speed != 0)
                return illegal(kBackwards,
                               std::string("a ship comes to a full stop in one game turn before it goes ") + (back ? "astern" : "ahead again"),
                               "speed 0");
            if (back && speed > 1) return illegal(kBackwards, "a ship goes astern at a current speed of 1 at most", "at most 1 astern");
            if (prev > cap && !s.start_astern) {
                // above what it can make now: down by two each game turn until within
                if (speed != std::max(0, prev - 2))
                    return illegal(kSpeed,
                                   s.name + "'s current speed (" + std::to_string(prev) + ") is above its maximum (" +
                                       max_speed_reason(s) + "): it must come down by two each game turn",
                                   std::to_string(std::max(0, prev - 2)));
                return std::nullopt;
            }
            if (speed - prev > 1 || speed - prev < -2)
                return illegal(kSpeed, "the current speed changes by +1, 0, -1 or -2 each game turn",
                               std::to_string(std::max(0, prev - 2)) + " to " + std::to_string(std::min(cap, prev + 1)));
            if (speed > cap)
                return illegal(kSpeed, "the current speed is at most " + max_speed_reason(s), "at most " + std::to_string(cap));
            return std::nullopt;
        };
        auto found = problem(v, astern, s.start_speed);
        // Last turn's move showed another speed than the one written: this change may follow it.
        if (found && s.start_moved_speed && !problem(v, astern, *s.start_moved_speed)) {
            s.start_speed = *s.start_moved_speed;
            found.reset();
        }
        // A move that does not match the speed written shows the speed the ship made.
        std::optional<int> shown_by_move;
        if (moved && collisions.empty() && std::fabs(*moved - v) > tolerance_ && *moved >= 0 &&
            std::fabs(*moved - std::round(*moved)) <= 1e-9 && *moved <= 1e8)
            shown_by_move = static_cast<int>(std::lround(*moved));
        // A card that a wrong damage claim left short (prop): the speed may follow the rules' card.
        if (found && s.fits_by_rules([&] { return !problem(v, astern, s.start_speed); })) found.reset();
        if (found)
            ctx.findings.error(Kind::Illegal, found->rule, speed_pos, found->why, found->expected, std::to_string(v) + (astern ? " astern" : ""));
        if (found && shown_by_move && !problem(*shown_by_move, astern, s.start_speed)) {
            // the speed written breaks a rule and the move shows a legal one: the speed is the one
            // mistake, and the ship goes on at the speed it moved
            speed_slip = true;
            v = *shown_by_move;
        } else {
            s.moved_speed = shown_by_move;
        }
        s.speed = std::max(0, v);  // as played
        s.astern = astern;
        s.speed_known = true;
        s.speed_set_turn = turn_;
        s.speeds.push_back(s.speed);
    }
    s.speed_known = true;
    if (!new_speed && s.speed_set_turn != turn_ && (moved || !turns.empty()) && s.speed > max_speed(s) && !s.astern &&
        s.start_speed == s.speed) {
        ctx.findings.error(Kind::Illegal, kSpeed, e.subject.pos,
                           s.name + "'s current speed (" + std::to_string(s.speed) + ") is above its maximum (" +
                               max_speed_reason(s) + "): it must come down by two this game turn",
                           std::to_string(std::max(0, s.speed - 2)), std::to_string(s.speed));
        s.speed_set_turn = turn_;  // once
    }

    // Moving: exactly the current speed in cm; one turn on the Turn Device.
    if (moved && collisions.empty() && std::fabs(*moved - s.speed) > tolerance_ && !speed_slip) {
        ctx.findings.error(Kind::Illegal, kMoving, e.subject.pos,
                           s.name + " must move exactly its current speed in cm", num(s.speed) + "cm", num(*moved) + "cm");
    }
    if (!turns.empty()) {
        const ngn::SourcePos tpos = turns.front().second;
        s.turns_made += static_cast<int>(turns.size());
        double amount = turns.front().first;
        if (s.speed == 0)
            ctx.findings.error(Kind::Illegal, kMoving, tpos, "a stopped ship does not move or turn");
        else if (s.turns_made > 1)
            ctx.findings.error(Kind::Illegal, kMoving, tpos, "a ship makes one turn on the Turn Device each game turn", "1 turn",
                               std::to_string(s.turns_made) + " turns");
        else if (s.bridge_turn == turn_ && !readings_.bridge_either)
            ctx.findings.error(Kind::Illegal, kProblems, tpos, s.name + "'s bridge was hit: no turn this game turn");
        else if (s.bridge_turn == turn_ && readings_.bridge_either && s.speed != s.start_speed)
            ctx.findings.error(Kind::Illegal, kProblems, tpos,
                               s.name + "'s bridge was hit: no change of speed or no turn this game turn, not both (bridge=quick-reference)");
        else if (s.steering >= 2)
            ctx.findings.error(Kind::Illegal, kProblems, tpos, s.name + " has major steering problems and cannot turn");
        else if (s.steering == 1 && amount > 4 + tolerance_)
            ctx.findings.error(Kind::Illegal, kProblems, tpos,
                               s.name + " has steering problems: it turns up to 4 cm around the Turn Device", "at most 4cm",
                               num(amount) + "cm");
    }

    // Positions, where recorded: the distance and the turn agree with the move.
    std::optional<ngn::TablePos> end_pos;
    if (e.claim)
        for (const auto& c : *e.claim)
            if (const auto* p = c.as<ngn::TablePos>()) end_pos = *p;
    if (end_pos && s.pos && collisions.empty()) {
        double dx = end_pos->x - s.pos->x, dy = end_pos->y - s.pos->y;
        double d = std::hypot(dx, dy);
        double h0 = s.pos->heading.value_or(0), h1 = end_pos->heading.value_or(h0);
        double dh = std::fabs(std::remainder(h1 - h0, 360.0));
        // the Turn Device is 120 mm across: 1 cm around it turns the ship 360 / (12 pi) degrees
        const double per_cm = 360.0 / (12.0 * M_PI);
        const double angle_tol = std::atan(tolerance_ / 6.0) * 180.0 / M_PI;
        double turned = turns.empty() ? 0 : turns.front().first;
        if (turns.empty() && std::fabs(d - s.speed) > tolerance_)
            ctx.findings.error(Kind::Illegal, kMoving, e.claim_pos,
                               "the positions show a move of " + num(d) + " cm; " + s.name + " moves exactly its speed",
                               num(s.speed) + "cm", num(d) + "cm");
        else if (!turns.empty() && d > s.speed + tolerance_)
            ctx.findings.error(Kind::Illegal, kMoving, e.claim_pos,
                               "the positions show a move of " + num(d) + " cm, more than " + s.name + "'s speed",
                               "at most " + num(s.speed) + "cm", num(d) + "cm");
        else if (dh > turned * per_cm + angle_tol)
            ctx.findings.error(Kind::Illegal, kMoving, e.claim_pos,
                               turns.empty() ? s.name + " changed heading by " + num(dh) + " degrees with no turn recorded"
                                             : "a turn of " + num(turned) + " cm on the Turn Device changes the heading by at most " +
                                                   num(turned * per_cm) + " degrees",
                               "at most " + num(turned * per_cm) + " degrees", num(dh) + " degrees");
    }
    if (end_pos) s.pos = end_pos;

    // Collisions: losses by the moving ship's speed, to both ships; both stop; neither fires.
    for (auto& [other, pos] : collisions) {
        int v = s.speed;
        int prop = v >= 9 ? 5 : v >= 5 ? 3 : 2;
        int hull = v >= 9 ? 2 : 1;
        if (v == 0) ctx.findings.error(Kind::Illegal, kCollisions, pos, "a stopped ship does not move, so it cannot collide");
        // a claim of the losses: prop N hull N
        std::optional<int> cl_prop, cl_hull;
        if (e.claim)
            for (std::size_t i = 0; i + 1 < e.claim->size(); ++i) {
                const auto* n = (*e.claim)[i + 1].as<ngn::Number>();
                if (!n) continue;
                if (is_word((*e.claim)[i], "prop")) cl_prop = std::abs(n->as_int());
                if (is_word((*e.claim)[i], "hull")) cl_hull = std::abs(n->as_int());
            }
        if ((cl_prop && *cl_prop != prop) || (cl_hull && *cl_hull != hull))
            ctx.findings.error(Kind::WrongResult, kCollisions, e.claim_pos,
                               "a collision at speed " + std::to_string(v) + " costs both ships " + std::to_string(prop) +
                                   " propulsion and " + std::to_string(hull) + " hull",
                               "prop " + std::to_string(prop) + " hull " + std::to_string(hull),
                               "prop " + std::to_string(cl_prop.value_or(prop)) + " hull " + std::to_string(cl_hull.value_or(hull)));
        // as played: the card follows the claim, the rules' value kept beside it, so that a later
        // line showing the rules' losses is no second finding
        const int played_prop = cl_prop.value_or(prop), played_hull = cl_hull.value_or(hull);
        for (Ship* x : {&s, other}) {
            x->played(kProp, std::max(0, x->card.prop - played_prop), std::max(0, x->rules_value(kProp) - prop));
            x->played(kHull, std::max(0, x->card.hull - played_hull), std::max(0, x->rules_value(kHull) - hull));
            x->speed = 0;
            x->astern = false;
            x->collided_turn = turn_;
            x->speeds.push_back(0);
        }
    }
    if (leaves) s.left = true;
}

void IroncladsEngine::breaks_off(const ngn::Event& e, Ship& s, GameContext& ctx) {
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

// ---- firing ------------------------------------------------------------------------------------------

int IroncladsEngine::fire_dice(const Ship& firer, const Ship& target, int base, std::string* working) const {
    // working, when asked for, explains the count for a finding; most salvos need none.
    int n = base;
    if (working) *working = std::to_string(base) + " stats";
    if (target.card.armour >= 3) {
        n = (n + 1) / 2;
        if (working) *working += ", halved for the target's " + std::to_string(target.card.armour) + " armour: " + std::to_string(n);
    }
    if (rough_.value_or(false)) {
        n = (n + 1) / 2;
        if (working) *working += ", halved again for the rough sea: " + std::to_string(n);
    }
    if (firer.on_fire(turn_)) {
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
std::optional<std::pair<int, int>> read_hits(const std::vector<ngn::Item>& claim) {
    int c = 0, h = 0;
    bool any = false;
    for (const auto* it : elements(claim)) {
        if (const auto* n = it->as<ngn::Number>()) {
            std::string u = lower(n->unit);
            int v = n->as_int();
            if (u == "c") c += v, any = true;
            else if (u == "h") h += v, any = true;
            else if (u.empty() && v == 0) any = true;
            else return std::nullopt;
        } else if (const auto* w = it->as<ngn::Word>()) {
            std::string t = lower(w->text);
            if (t == "miss" || t == "misses" || t == "none") any = true;
            else if (t == "c") ++c, any = true;
            else if (t == "h") ++h, any = true;
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
    const std::size_t findings_before = ctx.findings.all().size();
    bool unread_word = false;
    // fire <mount[,mount...]> [<arc>] <target> <range> [on <arc>] <dice> => hits
    std::vector<int> mounts;
    std::optional<ArcSet> into;
    Ship* target = nullptr;
    std::optional<double> range;
    ngn::SourcePos range_pos;
    ArcSet on = 0;
    const ngn::Dice* dice = nullptr;
    ngn::SourcePos dice_pos;
    const auto& a = e.args;
    for (std::size_t i = 1; i < a.size(); ++i) {
        const ngn::Item& it = a[i];
        if (const auto* d = it.as<ngn::Dice>()) {
            dice = d;
            dice_pos = it.pos;
        } else if (const auto* n = it.as<ngn::Number>()) {
            std::string u = lower(n->unit);
            range = u == "mm" ? n->value / 10 : n->value;
            range_pos = it.pos;
        } else if (is_word(it, "on") && i + 1 < a.size()) {
            auto m = word_text(a[i + 1]) ? parse_mount(*word_text(a[i + 1])) : std::nullopt;
            if (m && !is_turret(*m)) on = mount_arc(*m);
            else ctx.findings.error(Kind::Inconsistent, kHits, a[i + 1].pos, "'on' names the target's arc fired upon: fwd, port, stbd or rear");
            ++i;
        } else if (const auto* l = it.as<ngn::List>(); l && mounts.empty()) {
            for (const auto& x : l->items) {
                auto m = word_text(x) ? parse_mount(*word_text(x)) : std::nullopt;
                if (m) mounts.push_back(*m);
                else ctx.findings.error(Kind::Inconsistent, kSalvo, x.pos, "'" + x.to_ngn() + "' is not a gun arc or turret");
            }
        } else if (auto m = word_text(it) ? parse_mount(*word_text(it)) : std::nullopt; m && !target) {
            if (!mounts.empty() && std::all_of(mounts.begin(), mounts.end(), is_turret) && !is_turret(*m) && !into)
                into = mount_arc(*m);  // the arc a turret fires into
            else
                mounts.push_back(*m);
        } else if (Ship* t = ship_named(it, ctx); t && !target) {
            target = t;
        } else {
            if (!unread_word)  // one word not read is the line's finding
                ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                                   "a salvo is written: fire <arc or turrets> [<arc>] <target> <range> [on <target's arc>] <dice> => <hits>; found " +
                                       it.to_ngn());
            unread_word = true;
        }
    }
    if (mounts.empty() || !target) {
        if (ctx.findings.all().size() == findings_before)  // (else the word that stood for them is the finding)
            ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "a salvo names the guns that fire and the target");
        unread_gunfire_ = true;  // the salvo cannot be read: its save and damage are taken as played
        return;
    }
    if (!target->on_table()) {
        ctx.findings.error(Kind::Illegal, kFiring, e.subject.pos, target->name + " is no longer on the table");
        return;
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
    int base = 0;
    for (int m : mounts) base += s.card.guns[m];
    if (base == 0)  // no stats left by a wrong claim, which the rules leave: the claim was a slip
        for (int m : mounts)
            if (s.rules_stat[m].value_or(0) > 0 && s.follows(m, *s.rules_stat[m])) base += s.card.guns[m];
    for (int m : mounts) s.fired.insert(m);
    const bool cards_known = s.has_card && target->has_card;
    if (base == 0 && s.has_card) {
        ctx.findings.error(Kind::Illegal, kSalvo, e.subject.pos, "no gun stats remain in " + std::string(mount_name(mounts.front())));
        return;
    }
    // range: at most 100 cm; bounded by the positions where they are known. A recorded range that
    // is flagged is one finding: the salvo's hits are then read at whatever range the players
    // could have fired at (range_doubt: from .. to, in cm), not counted against the wrong one.
    std::optional<std::pair<double, double>> range_doubt;
    if (!range) {
        ctx.findings.error(Kind::Inconsistent, kFiring, e.subject.pos, "the range of the salvo is not recorded (e.g. 33cm)");
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
            ctx.findings.error(Kind::Illegal, kFiring, range_pos, "the maximum effective gun range is 100 cm", "at most 100cm",
                               num(*range) + "cm");
            range_doubt = std::make_pair(0.0, 100.0);
        } else if (misfits) {
            ctx.findings.error(Kind::Inconsistent, kFiring, range_pos,
                               "the recorded range does not fit the positions: the ships' centres are " + num(centres) + " cm apart",
                               spread > 0 ? num(nearest) + " to " + num(centres) + "cm" : "at most " + num(centres) + "cm",
                               num(*range) + "cm");
            range_doubt = std::make_pair(std::min(nearest, 100.0), std::min(centres, 100.0));
        }
    }
    // The range the salvo is read at: the recorded one, or when that was flagged, the nearest
    // the players could have fired at.
    std::optional<double> played_range = range;
    if (range && range_doubt) played_range = std::clamp(*range, range_doubt->first, range_doubt->second);
    int expected_dice = fire_dice(s, *target, base);
    if (rough_other_ && dice) {
        // a wrong sea-state claim: the number of dice shows which sea the players fired in
        std::swap(*rough_, *rough_other_);
        int other = fire_dice(s, *target, base);
        std::swap(*rough_, *rough_other_);
        if (other != expected_dice) {
            if (dice->declared_count() == other) {
                rough_ = rough_other_;
                expected_dice = other;
            }
            rough_other_.reset();
        }
    }
    std::optional<std::pair<int, int>> scored;
    if (!dice) {
        ctx.findings.error(Kind::Inconsistent, kSalvo, e.subject.pos, "the salvo's dice are not recorded", std::to_string(expected_dice) + "d6", "none");
    } else {
        int rolled = dice->declared_count();
        if (rolled != expected_dice && cards_known && &s != target && (s.card_disputed() || target->card_disputed())) {
            // a wrong damage claim earlier: the dice may show the players fired by the rules' cards
            const Card played_s = s.card, played_t = target->card;
            s.card = s.by_rules();
            target->card = target->by_rules();
            int base_by_rules = 0;
            for (int m : mounts) base_by_rules += s.card.guns[m];
            if (fire_dice(s, *target, base_by_rules) == rolled) {
                s.rules_stat = {};
                target->rules_stat = {};
                expected_dice = rolled;
            } else {
                s.card = played_s;
                target->card = played_t;
            }
        }
        if (rolled < expected_dice && cards_known && s.problems_unknown_turn >= 0 && turn_ > s.problems_unknown_turn &&
            turn_ <= s.problems_unknown_turn + 3 && !s.on_fire(turn_)) {
            // the problems roll left out may have been a fire: the dice show it
            const auto fire = s.fire_turns;
            s.fire_turns.agree({turn_, turn_});
            if (fire_dice(s, *target, base) == rolled) expected_dice = rolled;
            else s.fire_turns = fire;
        }
        if (rolled != expected_dice && s.fire_turns.parted()) {
            // a wrong fire claim (reported): the dice may show the players fired by the rules
            const auto fire = s.fire_turns;
            s.fire_turns.agree(fire.rules());
            if (fire_dice(s, *target, base) == rolled) expected_dice = rolled;
            else s.fire_turns = fire;
        }
        if (rolled < expected_dice && cards_known && &s != target && (s.unrecorded_hits > 0 || target->unrecorded_hits > 0)) {
            // gun or armour stats crossed off unrecorded in an earlier turn (a finding then)
            for (int j = 1; j <= s.unrecorded_hits && base - j >= 0; ++j)
                if (fire_dice(s, *target, base - j) == rolled) {
                    for (int k = 0, m = 0; k < j && m < static_cast<int>(mounts.size()); ++k) {
                        while (m < static_cast<int>(mounts.size()) && s.card.guns[mounts[m]] == 0) ++m;
                        if (m < static_cast<int>(mounts.size())) --s.card.guns[mounts[m]];
                    }
                    s.unrecorded_hits -= j;
                    expected_dice = rolled;
                    break;
                }
            for (int j = 1; expected_dice != rolled && j <= target->unrecorded_hits && target->card.armour - j >= 0; ++j) {
                target->card.armour -= j;
                if (fire_dice(s, *target, base) == rolled) {
                    target->unrecorded_hits -= j;
                    expected_dice = rolled;
                } else {
                    target->card.armour += j;
                }
            }
        }
        if (rolled != expected_dice && cards_known) {
            std::string working;
            fire_dice(s, *target, base, &working);
            ctx.findings.error(Kind::WrongResult, kSalvo, dice_pos, "the salvo rolls " + working, std::to_string(expected_dice) + "d6",
                               std::to_string(rolled) + "d6");
        }
        if (ctx.dice_ok && played_range) scored = score(*dice, band_for(*played_range));
    }
    Salvo salvo;
    salvo.line = e.subject.pos.line;
    salvo.range = played_range;
    salvo.on = on;
    if (scored) salvo.computed = Reading{scored->first, scored->second, 0, std::nullopt};
    salvo.claimed = salvo.computed.value_or(Reading{});
    if (e.claim) {
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
                salvo.computed = Reading{claimed->first, claimed->second, 0, std::nullopt};
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
            salvo.claimed = Reading{claimed->first, claimed->second, 0, std::nullopt};
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
    // no hits, or no armour to save with: nothing to roll
    if (salvo.hits_most() == 0 || (target->has_card && target->card.armour == 0 && target->rules_stat[kArmour].value_or(0) == 0))
        salvo.save_done = true;
    target->salvos.push_back(salvo);
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
    const double alpha = std::atan2(fb->width, fb->length) * 180.0 / M_PI;  // half the bow arc
    auto in_sector = [&](double bearing, double slack) {
        switch (*turret_arc) {
            case kArcF: return std::fabs(bearing) <= alpha + slack;
            case kArcR: return std::fabs(bearing) >= 180 - alpha - slack;
            case kArcP: return bearing <= -alpha + slack && bearing >= -180 + alpha - slack;
            default: return bearing >= alpha - slack && bearing <= 180 - alpha + slack;
        }
    };
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
    Salvo* salvo = nullptr;
    for (auto it = s.salvos.rbegin(); it != s.salvos.rend(); ++it)
        if (!it->save_done) {
            salvo = &*it;
            break;
        }
    if (salvo) salvo->save_missing = false;
    if (!salvo && unread_gunfire_ && s.card.armour > 0) {
        s.salvo_not_recorded(e.subject.pos.line);  // its salvo is the line that could not be read
        return;
    }
    if (!salvo) {
        ctx.findings.error(Kind::Illegal, kSaves, e.subject.pos,
                           s.card.armour == 0 ? s.name + " has no armour stats: it has no save"
                                              : "there is no salvo with hits on " + s.name + " waiting for its armour save");
        if (s.card.armour > 0) s.salvo_not_recorded(e.subject.pos.line);
        return;
    }
    salvo->save_done = true;
    const ngn::Dice* dice = nullptr;
    ngn::SourcePos dice_pos;
    for (const auto& a : e.args)
        if (const auto* d = a.as<ngn::Dice>()) dice = d, dice_pos = a.pos;
    std::optional<int> expected;
    std::optional<int> as_played;  // the same, up to the hits the players claimed (a wrong claim is already a finding)
    std::optional<int> successes;
    if (dice && ctx.dice_ok) successes = 0;
    if (!dice) {
        ctx.findings.error(Kind::Inconsistent, kSaves, e.subject.pos, "the armour save's dice are not recorded",
                           std::to_string(s.card.armour) + "d6", "none");
    } else {
        if (s.has_card && !s.shows_unrecorded(kArmour, dice->declared_count()) && !s.follows(kArmour, dice->declared_count()))
            ctx.findings.error(Kind::WrongResult, kSaves, dice_pos,
                               "the armour save rolls one die for each armour stat remaining (" + std::to_string(s.card.armour) + ")",
                               std::to_string(s.card.armour) + "d6", std::to_string(dice->declared_count()) + "d6");
        if (ctx.dice_ok && salvo->range) {
            double r = *salvo->range;
            bool unverifiable = readings_.save_bands_qr && (std::fabs(r - 25) < 1e-9 || std::fabs(r - 50) < 1e-9);
            if (unverifiable) {
                ctx.findings.note(Kind::Unverifiable, kSaves, dice_pos,
                                  "at exactly " + num(r) + " cm the Quick Reference gives no save band (save-bands=quick-reference)");
            } else {
                successes = saves_at(*dice, r);
                const Reading& hits = salvo->computed ? *salvo->computed : salvo->claimed;
                expected = std::min(*successes, hits.c + hits.h);
                as_played = std::min(*successes, salvo->claimed.c + salvo->claimed.h);
            }
        }
    }
    // the claim: how many were saved, and which (C or H) when the target's player says
    std::optional<int> count;
    int said_c = 0, said_h = 0;
    bool said_which = false, said_odd = false;
    if (e.claim) {
        for (const auto* p : elements(*e.claim)) {
            if (const auto* n = p->as<ngn::Number>()) {
                std::string u = lower(n->unit);
                if (u.empty() && !count) count = n->as_int();
                else if (u == "c") said_c = saturating_add(said_c, n->as_int()), said_which = true;
                else if (u == "h") said_h = saturating_add(said_h, n->as_int()), said_which = true;
            } else if (const auto* w = p->as<ngn::Word>()) {
                std::string t = lower(w->text);
                if (t == "c") ++said_c, said_which = true;
                else if (t == "h") ++said_h, said_which = true;
                else if (t == "none") count = 0;
                else if (t != "saved" && t != "save" && t != "saves" && !said_odd) {
                    said_odd = true;
                    ctx.findings.error(Kind::Inconsistent, kVocabulary, p->pos,
                                       "a save claims the hits saved: => 1 saved C, => 2 saved C,H, => 0; found " + w->text);
                }
            }
        }
        if (!count && said_which) count = said_c + said_h;
    }
    // A wrong hits claim that another range band gives: the players may have saved at that band.
    if (count && expected && *count != *expected && count != as_played && salvo->claim_range && dice && ctx.dice_ok) {
        if (*count == std::min(saves_at(*dice, *salvo->claim_range), salvo->claimed.c + salvo->claimed.h)) as_played = count;
    }
    int saved = count.value_or(expected.value_or(0));
    const bool count_wrong =
        count && expected && *count != *expected && count != as_played && !(salvo->computed && salvo->computed->c + salvo->computed->h == 0);
    if (count_wrong)
        ctx.findings.error(Kind::WrongResult, kSaves, e.claim_pos,
                           std::string("at ") + band_text(band_for(*salvo->range)) + " each " +
                               (*salvo->range > 50 ? "3, 4, 5 or 6" : *salvo->range >= 25 ? "5 or 6" : "6") +
                               " saves one hit, up to the hits taken",
                           std::to_string(*expected), std::to_string(*count));
    const Reading& hits = salvo->claimed;
    const Reading& right = salvo->computed ? *salvo->computed : salvo->claimed;
    auto fits = [&](const Reading& r) { return said_c <= r.c && said_h <= r.h; };
    // (a count already found wrong is the one finding: the hits named are then held only to the salvo's)
    if (said_which && ((said_c + said_h != saved && !count_wrong) || (!fits(hits) && !fits(right))))
        ctx.findings.error(Kind::Inconsistent, kSaves, e.claim_pos,
                           "the hits saved must be hits the salvo scored (" + std::to_string(right.c) + "C " + std::to_string(right.h) + "H)");
    // the claimed reading saves what was claimed; the dice's reading what the dice give
    salvo->claimed.saved = std::min(saved, hits.c + hits.h);
    if (said_which) salvo->claimed.saved_c = std::min(said_c, hits.c);
    if (salvo->computed) {
        salvo->computed->saved = std::min(successes.value_or(saved), salvo->computed->c + salvo->computed->h);
        if (said_which && said_c <= salvo->computed->c && said_c + said_h == salvo->computed->saved) salvo->computed->saved_c = said_c;
    }
}

// ---- damage resolution ------------------------------------------------------------------------------------

void IroncladsEngine::crit(const ngn::Event& e, Ship& s, GameContext& ctx) {
    // crit <stat> d6: N => crossed
    std::optional<int> stat;
    const ngn::Dice* dice = nullptr;
    ngn::SourcePos dice_pos;
    bool word_error = false;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
        const auto& it = e.args[i];
        if (const auto* d = it.as<ngn::Dice>()) dice = d, dice_pos = it.pos;
        else if (const std::string* w = word_text(it); w && parse_stat(*w)) stat = parse_stat(*w);
        else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos, "a critical hit is written: crit <stat> d6: N => <stats crossed off>");
            word_error = true;
        }
    }
    if (s.crits_done >= s.crits_hi() && s.resolved() >= s.unsaved_hi() && s.assumed_hits > 0) {
        --s.assumed_hits;  // an earlier claim was a wrong count, not a hit left out
        --s.hits_done;
    }
    if (s.crits_done >= s.crits_hi() && (unread_gunfire_ || s.unread_damage_turn == turn_)) {
        s.salvo_not_recorded(e.subject.pos.line);  // its salvo, or an earlier damage line, could not be read
    } else if (s.crits_done >= s.crits_hi()) {
        ctx.findings.error(Kind::Illegal, kCritical, e.subject.pos, s.name + " has no unsaved critical hit left to resolve",
                           std::to_string(s.crits_hi()) + " critical hit(s)", std::to_string(s.crits_done + 1));
        s.salvo_not_recorded(e.subject.pos.line);
    } else if (s.hits_done > 0 && !s.order_reported && s.unread_damage_turn != turn_) {
        ctx.findings.error(Kind::Illegal, kDamage, e.subject.pos, "unsaved critical hits are resolved before the other hits");
    }
    ++s.crits_done;
    if (!stat) {
        if (!word_error)
            ctx.findings.error(Kind::Inconsistent, kCritical, e.subject.pos, "name the stat type the critical hit crosses off (prop, hull, armour, port ...)");
        s.unrecorded_hits += 3;  // which stats it crossed off is not known: later lines may show them
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
    if (claimed && expected && *claimed < *expected && s.has_card && s.unrecorded_hits > 0)
        for (int j = 1; j <= s.unrecorded_hits && j <= stat_of(s.card, *stat); ++j)
            if (*claimed == std::min(*d3, stat_of(s.card, *stat) - j)) {  // stats crossed off unrecorded (a finding then)
                stat_of(s.card, *stat) -= j;
                s.unrecorded_hits -= j;
                expected = claimed;
                break;
            }
    if (claimed && expected && *claimed != *expected && by_rules && *claimed == std::min(*d3, *by_rules)) {
        // the card the rules give, not the one an earlier wrong claim left: that claim was a slip
        stat_of(s.card, *stat) = *by_rules;
        s.rules_stat[*stat].reset();
        expected = claimed;
    }
    if (claimed && expected && *claimed != *expected)
        ctx.findings.error(Kind::WrongResult, kCritical, e.claim_pos,
                           "1D3 of a " + std::to_string(dice->faces[0].value) + " is " + std::to_string(*d3) +
                               "; " + stat_name(*stat) + " has " + std::to_string(stat_of(s.card, *stat)) +
                               " stats left, and what cannot be crossed off is a miss",
                           std::to_string(*expected), std::to_string(*claimed));
    const int left = stat_of(s.card, *stat);
    if (claimed && expected && *claimed != *expected)
        s.played(*stat, std::max(0, left - *claimed), std::max(0, left - *expected));  // as played
    else
        s.cross_off(*stat, claimed.value_or(expected.value_or(0)));
}

void IroncladsEngine::hit(const ngn::Event& e, Ship& s, GameContext& ctx) {
    std::optional<int> stat;
    bool word_error = false;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
        const auto& it = e.args[i];
        if (const std::string* w = word_text(it); w && parse_stat(*w) && !stat) stat = parse_stat(*w);
        else ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos, "a hit is written: hit <stat>"), word_error = true;
    }
    // a stat written wrong (the finding above) that the claim names: as played
    if (!stat && word_error && e.claim && !e.claim->empty())
        if (const std::string* w = word_text(e.claim->front()); w && parse_stat(*w)) stat = parse_stat(*w);
    bool line_flagged = false;  // a finding on this line already: the arc-first check is not added to it
    if (s.resolved() >= s.unsaved_hi() && s.assumed_hits > 0) {
        --s.assumed_hits;  // an earlier claim was a wrong count, not a hit left out
        --s.hits_done;
    } else if (s.resolved() >= s.unsaved_hi() && (unread_gunfire_ || s.unread_damage_turn == turn_ || word_error)) {
        s.salvo_not_recorded(e.subject.pos.line);  // its salvo, or an earlier damage line, could not be read
    } else if (s.resolved() >= s.unsaved_hi()) {
        ctx.findings.error(Kind::Illegal, kHits, e.subject.pos, s.name + " has no unsaved hit left to resolve");
        s.salvo_not_recorded(e.subject.pos.line);
    } else if (s.crits_done < s.crits_lo() && !s.order_reported && s.unread_damage_turn != turn_) {
        s.order_reported = true;
        line_flagged = true;
        ctx.findings.error(Kind::Illegal, kDamage, e.subject.pos,
                           "unsaved critical hits are resolved first: " + std::to_string(s.crits_lo() - s.crits_done) + " remain");
        // (or their lines are left out: the stats they crossed off may show in later lines)
        s.unrecorded_hits = std::max(s.unrecorded_hits, 3 * (s.crits_lo() - s.crits_done));
    }
    ++s.hits_done;
    if (!stat) {
        if (!word_error)
            ctx.findings.error(Kind::Inconsistent, kHits, e.subject.pos, "name the stat type the hit crosses off (prop, hull, armour, port ...)");
        s.unrecorded_hits += 1;  // which stat it crossed off is not known: a later line may show it
        return;
    }
    if (stat_of(s.card, *stat) == 0 && s.has_card) {
        if (s.rules_stat[*stat].value_or(0) > 0) {
            stat_of(s.card, *stat) = *s.rules_stat[*stat];  // the earlier claim of none left was a slip
            s.rules_stat[*stat].reset();
        } else {
            ctx.findings.error(Kind::Illegal, kHits, e.subject.pos, std::string("no ") + stat_name(*stat) + " stats are left to cross off");
            return;
        }
    }
    // Gun stats come first from the arc fired upon (or the turrets bearing on it).
    if (*stat < kMounts && !line_flagged) {
        bool allowed = false;
        std::string first;
        for (const auto& v : s.salvos) {
            if (v.hi() == 0) continue;
            if (v.on == 0) {
                allowed = true;
                break;
            }
            int arc_mount = v.on == kArcF ? Fwd : v.on == kArcP ? Port : v.on == kArcS ? Stbd : Rear;
            if (!is_turret(*stat)) {
                if (*stat == arc_mount || s.none_left(arc_mount)) allowed = true;
                else first = mount_name(arc_mount);
            } else {
                bool bears = s.card.turret_arcs[*stat - FwdTurret] && (*s.card.turret_arcs[*stat - FwdTurret] & v.on);
                bool any_bearing_left = false;
                for (int t = FwdTurret; t <= RearTurret; ++t)
                    if (!s.none_left(t) && s.card.turret_arcs[t - FwdTurret] && (*s.card.turret_arcs[t - FwdTurret] & v.on))
                        any_bearing_left = true;
                if (bears || !any_bearing_left) allowed = true;
                else first = "a turret that bears on " + std::string(mount_name(arc_mount));
            }
            if (allowed) break;
        }
        if (!allowed && !first.empty())
            ctx.findings.error(Kind::Illegal, kHits, e.subject.pos,
                               "gun stats lost to a hit come first from the arc fired upon", first, stat_name(*stat));
    }
    const int before = stat_of(s.card, *stat);
    s.cross_off(*stat, 1);
    // "=> prop 11": the stats the players left on the card
    if (e.claim && !(e.claim->size() == 2 && (*e.claim)[1].is<ngn::Number>() && is_word((*e.claim)[0], stat_name(*stat))))
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.claim_pos,
                           std::string("a hit's claim is its stat and the stats of it left: => ") + stat_name(*stat) + " " +
                               std::to_string(std::max(0, before - 1)));
    if (e.claim && e.claim->size() >= 2)
        if (const auto* n = (*e.claim)[1].as<ngn::Number>(); n && is_word((*e.claim)[0], stat_name(*stat))) {
            const int shown = n->as_int();
            if (shown == before - 1 || !s.has_card) {
                stat_of(s.card, *stat) = shown;
            } else if (s.follows(*stat, shown) || s.shows_unrecorded(*stat, shown)) {
                // the card the rules give (an earlier wrong claim was a slip), or hits crossed off
                // unrecorded in an earlier turn (a finding then)
            } else {
                ctx.findings.error(Kind::WrongResult, kHits, e.claim_pos, "a hit crosses off one stat", std::to_string(before - 1),
                                   std::to_string(shown));
                s.played(*stat, shown, before - 1);  // as played
                if (shown < before - 1) {
                    const int add = std::clamp(before - 1 - shown, 0, std::max(0, s.unsaved_hi() - s.resolved()));
                    s.hits_done += add;
                    s.assumed_hits += add;
                }
            }
        }
}

void IroncladsEngine::problems(const ngn::Event& e, Ship& s, GameContext& ctx) {
    if (s.unsaved_hi() == 0) {
        ctx.findings.error(Kind::Illegal, kProblems, e.subject.pos, s.name + " took no unsaved hits this turn: it rolls for no problems");
        return;
    }
    if (s.problems_done) {
        ctx.findings.error(Kind::Illegal, kProblems, e.subject.pos, "the 2D6 for problems is rolled once only");
        return;
    }
    s.problems_done = true;
    if (s.resolved() < s.unsaved_lo() && s.stats_left() > 0 && !s.order_reported && s.unread_damage_turn != turn_) {
        ctx.findings.error(Kind::Illegal, kProblems, e.subject.pos, "problems are rolled when all of the ship's hits are resolved",
                           std::to_string(s.unsaved_lo()) + " hits resolved", std::to_string(s.resolved()));
        s.early_problems = true;
    }
    const ngn::Dice* two = nullptr;
    const ngn::Dice* d3 = nullptr;
    for (const auto& a : e.args)
        if (const auto* d = a.as<ngn::Dice>()) (two ? d3 : two) = d;
    auto result_of = [&](int total) -> std::string {
        if (total == 2) return "steering";
        if (total == 3 || (total == 4 && readings_.smokestack_3_or_4)) return "smokestack";
        if (total == 9 || total == 10) return !s.has_card ? "" : s.card.armour < 3 ? "fire" : "none";  // "" : unknown armour
        if (total >= 11) return "bridge";
        return "none";
    };
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
        s.fits_by_rules([&] { return result_of(total) == claim; }))
        expected = claim;
    std::optional<Cause> wrong_claim;
    if (!claim.empty() && !expected.empty() && claim != expected && claim != by_total_written) {
        std::string why = total == 4 && !readings_.smokestack_3_or_4 && claim == "smokestack"
                              ? "a 4 is no problem: the smokestacks are hit on a 3 (the Quick Reference says 3 or 4: smokestack=quick-reference)"
                          : (total == 9 || total == 10) && s.card.armour >= 3 ? "a fire breaks out on a 9 or 10 only with less than 3 armour stats"
                                                                              : "2D6 of " + std::to_string(total) + " gives " + expected;
        wrong_claim = Findings::cause_of(ctx.findings.error(Kind::WrongResult, kProblems, e.claim_pos, why, expected, claim));
    }
    std::string result = claim.empty() ? expected : claim;  // as played
    if (result == "steering") ++s.steering;
    else if (result == "smokestack") s.smokestack = true;
    else if (result == "bridge") s.bridge_turn = turn_ + 1;
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
                               "1D3 of a " + std::to_string(d3->faces[0].value) + " is " + std::to_string(*turns) + " game turns",
                               std::to_string(*turns), std::to_string(*claimed));
        fire_length = claimed.value_or(turns.value_or(1));
    }
    // the fire as played, and by the rules where the claim was wrong
    const auto now = s.fire_turns.played();
    const std::pair<int, int> played = result == "fire" ? std::pair{turn_ + 1, turn_ + fire_length} : now;
    const std::pair<int, int> by_rules = expected == "fire" ? std::pair{turn_ + 1, turn_ + fire_length} : s.fire_turns.rules();
    if (result != "fire" && expected != "fire") return;
    if (wrong_claim) s.fire_turns.part(by_rules, played, *wrong_claim);
    else s.fire_turns.agree(played);
}

// ---- the end phase ------------------------------------------------------------------------------------

void IroncladsEngine::sinks(const ngn::Event& e, Ship& s, GameContext& ctx) {
    if (s.card.hull > 0 && s.has_card && !s.shows_unrecorded(kHull, 0) && !s.follows(kHull, 0))
        ctx.findings.error(Kind::Illegal, kSunk, e.subject.pos, "a ship sinks when it has no hull stats left",
                           "hull 0", "hull " + std::to_string(s.card.hull));
    s.sunk = true;
}

void IroncladsEngine::card_shown(const ngn::Event& e, Ship& s, GameContext& ctx) {
    // card <stat> N ... speeds a,b,c: the card as the players have it, compared with the replay
    const auto& a = e.args;
    for (std::size_t i = 1; i < a.size(); ++i) {
        const std::string* w = word_text(a[i]);
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
            if (!s.follows(stat, shown)) {
                ctx.findings.error(Kind::Inconsistent, kDamage, next->pos,
                                   s.name + "'s card shows " + stat_name(stat) + " stats the game does not give",
                                   std::to_string(stat_of(s.card, stat)), std::to_string(shown));
                s.played(stat, shown, s.rules_value(stat));  // as played
            }
            ++i;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, a[i].pos, "a card line shows <stat> N ... or speeds a,b,c");
        }
    }
}

void IroncladsEngine::finish(GameContext& ctx) {
    // The record may stop in the middle of a phase (a worked example, a dispute, a game broken
    // off): what it leaves undone there is not a finding. Before play, the sea state still counts.
    if (!in_turn_) {
        leave_phase(ctx, ngn::SourcePos{ctx.game.last_line, 1});
        return;
    }
    report_out_of_turn(ctx, {});  // a record that stops mid-movement: no ship is known to be missing
    if (phase_ == "end") end_of_turn(ctx, ngn::SourcePos{ctx.game.last_line, 1});
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
    std::string recorded = ctx.header.result->value;
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
    os << "Sea state: " << (rough_ ? (*rough_ ? "rough" : "calm") : "not yet rolled") << "\n";
    if (initiative_) os << "Initiative: " << ctx.symbols.side(*initiative_)->label() << "\n";
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
        int c = std::max(0, s->crits_lo() - s->crits_done);
        int h = std::max(0, s->unsaved_lo() - s->resolved() - c);
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
        if (s->pos) v.notes.push_back("at (" + num(s->pos->x) + ", " + num(s->pos->y) + (s->pos->heading ? ", " + num(*s->pos->heading) : "") + ")");
        os << render_card(v);
    }
}

}  // namespace

std::unique_ptr<Engine> make_engine() { return std::make_unique<IroncladsEngine>(); }

}  // namespace ironlog::rules::ironclads
