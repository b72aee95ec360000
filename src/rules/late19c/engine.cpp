// The late19c engine's core: the order of battle, set-up, the map, the turn and its phases,
// playing-card tiles and the order of activation, resolving hits, and the Exhaustion Point.
#include "rules/late19c/engine.hpp"

#include "check/dice.hpp"
#include "check/items.hpp"
#include "check/spelling.hpp"
#include "check/verbs.hpp"

#include <algorithm>
#include <sstream>

namespace ironlog::rules::late19c {

using geometry::hex::Grid;
using geometry::hex::hex_name;

namespace {

const RuleRef kStrength = land("Unit Strength Points");
const RuleRef kTurnSequence = land("Turn Sequence");
const RuleRef kHitsOnUnits = land("Resolving hits on Units");
const RuleRef kRetreat = land("Definitions/Retreat");
const RuleRef kExhaustion = land("Special Rules/Exhaustion Point");
const RuleRef kTransport = land("Special Rules/Transport");
const RuleRef kWire = land("Special Rules/Barbed wire");
const RuleRef kFlotation = naval("Ship Flotation Values");
const RuleRef kSunk = naval("Ship Flotation Values c");        // at 0 FP a ship sinks
const RuleRef kBreakOffRule = naval("Ship Flotation Values b");  // at the Critical Point a ship breaks off
const RuleRef kShipHits = naval("Resolving hits on Ships");
const RuleRef kNavalTurn = naval("Turn Sequence (Naval Combat only)");
const RuleRef kCombined = naval("Turn Sequence (Ground and Naval Combat)");
const RuleRef kTerrainLines = ngn_rule("4.5", "Terrain");
const RuleRef kVocabulary = ngn_rule("5.3", "Events");
const RuleRef kSetupRule = ngn_rule("4.4", "Set-up");
const RuleRef kMinefields = naval("Special Rules/Minefields");

std::optional<int> whole(const ngn::Item& it) {
    const auto* n = it.as<ngn::Number>();
    if (!n || !n->is_integer || !n->unit.empty()) return std::nullopt;
    return n->as_int();
}

}  // namespace

std::string hex_text(Hex h) { return hex_name(h); }

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

void add_working(std::string& working, int value, const std::string& why) {
    working += (working.empty() ? "" : ", ") + signed_text(value) + " " + why;
}

std::optional<int> claimed_hits(const ngn::Event& e, const RuleRef& rule, Findings& findings) {
    std::optional<int> said;
    if (!e.claim) return said;
    for (const ngn::Item* it : elements(*e.claim)) {
        const std::string w = word_text(*it) ? lower(*word_text(*it)) : "";
        if (w == "hit") said = 1;
        else if (w == "miss" || w == "none") said = 0;
        else if (auto n = it->as<ngn::Number>(); n && n->is_integer && n->value >= 0) said = n->as_int();
        else if (w != "hits")
            findings.error(Kind::Inconsistent, rule, it->pos, "this ends in hit, miss or the number of hits; not '" + it->to_ngn() + "'");
    }
    return said;
}

std::optional<int> landing_word(const std::string& w) {
    if (w == "on" || w == "target" || w == "on-target" || w == "hit") return 0;
    if (w == "front" || w == "short" || w == "in-front") return 1;
    if (w == "behind" || w == "over" || w == "long") return 2;
    if (w == "none" || w == "ineffective" || w == "miss") return -1;
    return std::nullopt;
}

std::optional<PlayingCard> read_card(const ngn::Item& item) {
    std::string text;
    if (const auto* w = item.as<ngn::Word>()) text = w->text;
    else if (const auto* n = item.as<ngn::Number>()) text = n->text;
    else return std::nullopt;
    if (text.size() < 2) return std::nullopt;
    PlayingCard c;
    c.text = text;
    const char suit = static_cast<char>(std::toupper(static_cast<unsigned char>(text.back())));
    const std::string rank = lower(text.substr(0, text.size() - 1));
    static const std::string suits = "HCDS";
    auto s = suits.find(suit);
    if (s == std::string::npos) return std::nullopt;
    c.suit = static_cast<int>(s);
    if (rank == "a") c.rank = 1;
    else if (rank == "j") c.rank = 11;
    else if (rank == "q") c.rank = 12;
    else if (rank == "k") c.rank = 13;
    else if (rank.size() <= 2 && std::all_of(rank.begin(), rank.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
        c.rank = std::stoi(rank);
        if (c.rank < 2 || c.rank > 10) return std::nullopt;
    } else {
        return std::nullopt;
    }
    return c;
}

int Piece::move_allowance() const {
    if (ship) return ship_stats(ship_type).move - traded_move;
    return unit_stats(type).move;
}

std::string Piece::what() const {
    if (ship) return ship_stats(ship_type).name;
    if (type == UnitType::Artillery) return artillery_name(artillery);
    return unit_stats(type).name;
}

std::unique_ptr<Engine> make_engine() { return std::make_unique<Late19cEngine>(); }

// The copy constructor (defaulted) copies every member: values as they are, pointers into the
// record (lines, entities) unchanged, pieces_ piece by piece (PieceList).
// Every Piece* points into pieces_: each is pointed here at the copy's own piece.
void Late19cEngine::point_at_own(const Late19cEngine& original) {
    std::map<const Piece*, Piece*> copy_of{{nullptr, nullptr}};
    for (std::size_t i = 0; i < pieces_.size(); ++i) copy_of[original.pieces_[i].get()] = pieces_[i].get();
    auto mine = [&](Piece* p) { return copy_of.at(p); };
    for (auto& p : pieces_) p->towing = mine(p->towing), p->towed_by = mine(p->towed_by);  // tows between pieces
    if (combat_) combat_->attacker = mine(combat_->attacker), combat_->defender = mine(combat_->defender);  // the open close combat
    for (Piece*& p : fired_at_) p = mine(p);                      // this turn's targets
    for (auto& [entity, p] : by_entity_) p = mine(p);             // entity -> its piece
    for (auto& [card, p] : cards_drawn_) p = mine(p);             // this turn's tiles
    for (auto& [p, pos] : order_) p = mine(p);                    // the activation order
    no_tile_reported_.clear();                                    // said once a turn
    for (Piece* p : original.no_tile_reported_) no_tile_reported_.insert(mine(p));
    active_ = mine(active_);                                      // the unit acting
    activated_.clear();                                           // units activated this turn
    for (Piece* p : original.activated_) activated_.insert(mine(p));
    // the lines ahead point into the original's game, whose lines after the boundary the copy
    // does not see: built again from the copy's game when next needed (lazily, as at first)
    moves_ahead_.reset();
    places_ahead_.reset();
    // a reread line's words are in reread_items_ (paired one to one): the copy's, not the original's
    for (std::size_t i = 0; i < reread_events_.size(); ++i)
        reread_events_[i].args = ngn::Items(reread_items_[i].data(), reread_items_[i].size());
}

std::unique_ptr<Engine> Late19cEngine::clone() const {
    std::unique_ptr<Late19cEngine> copy(new Late19cEngine(*this));
    copy->point_at_own(*this);
    return copy;
}

// ---- begin: the readings chosen and the map ----------------------------------------------------

void Late19cEngine::begin(GameContext& ctx) {
    variant_ = ctx.header.sequence ? ctx.header.sequence->variant : "land";
    readings_.front_narrow = ctx.header.option("frontage") == "narrow";
    readings_.failed_hit_loses_one = ctx.header.option("failed-hit") == "lose-1";
    readings_.uphill_twice = ctx.header.option("uphill") == "twice";
    readings_.mg_any = ctx.header.option("mg-dice") == "any";
    readings_.torpedo_any = ctx.header.option("torpedo-dice") == "any";
    readings_.ship_still_last_turn = ctx.header.option("ship-still") == "last-turn";
    Grid grid(ctx.header.option("hex-columns") == "odd-low" ? geometry::hex::Columns::OddLow : geometry::hex::Columns::EvenLow);
    field_.emplace(grid, ctx.header.option("los-edge") == "either");
}

void Late19cEngine::terrain(const ngn::Terrain& t, GameContext& ctx) { field_->add(t, ctx.findings, kTerrainLines); }

// ---- the order of battle -------------------------------------------------------------------------

Piece* Late19cEngine::piece(const Entity& e) {
    auto it = by_entity_.find(&e);
    return it == by_entity_.end() ? nullptr : it->second;
}

Piece* Late19cEngine::piece_named(const ngn::Item& item, GameContext& ctx) {
    const Entity* e = ctx.symbols.find(reference_text(item));
    return e ? piece(*e) : nullptr;
}

std::optional<HexRef> Late19cEngine::hex_arg(const ngn::Item& item, GameContext& ctx, const RuleRef& rule) {
    const auto* hp = item.as<ngn::HexPos>();
    if (!hp) return std::nullopt;
    std::string problem;
    auto ref = read_hex(*hp, problem);
    if (!problem.empty()) ctx.findings.error(Kind::Inconsistent, rule, item.pos, problem);
    return ref;
}

void Late19cEngine::declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    if (d.kind != ngn::EntityKind::Unit && d.kind != ngn::EntityKind::Ship) return;
    auto p = std::make_unique<Piece>();
    p->entity = &e;
    p->name = e.label();
    p->ship = d.kind == ngn::EntityKind::Ship;
    if (p->ship && variant_ == "land")
        ctx.findings.error(Kind::Inconsistent, kCombined, d.name.pos,
                           "a land battle has no ships: play [Variant \"naval\"] or [Variant \"combined\"]");
    if (!p->ship && variant_ == "naval")
        ctx.findings.error(Kind::Inconsistent, kNavalTurn, d.name.pos,
                           "a naval battle has no land units: play [Variant \"combined\"] for land and sea together");
    std::optional<int> sp;
    const RuleRef rule = p->ship ? kFlotation : kStrength;
    const bool typed = read_piece_words(d, *p, sp, ctx);
    if (!typed)
        ctx.findings.error(Kind::Inconsistent, rule, d.name.pos,
                           p->ship ? "say what type of ship " + p->name + " is (battleship, ironclad, armoured-cruiser, ...)"
                                   : "say what type of unit " + p->name + " is (infantry, cavalry mounted, artillery field, ...)");
    if (!p->ship && !p->quality)
        ctx.findings.error(Kind::Inconsistent, kHitsOnUnits, d.name.pos,
                           "say whether " + p->name + " is elite, average or poor (it decides how the unit takes hits)");
    if (p->ship) {
        p->initial = ship_stats(p->ship_type).flotation;
        if (p->main_guns == 0 && typed)
            ctx.findings.error(Kind::Inconsistent, naval("Firing Guns"), d.name.pos,
                               "say how many guns " + p->name + "'s main armament has: main N");
        if (p->secondary_guns > 0 && !ship_stats(p->ship_type).secondary)
            ctx.findings.error(Kind::Inconsistent, naval("Definitions"), d.name.pos,
                               with_article(ship_stats(p->ship_type).name) + " has no secondary armament");
        if (p->trainable && p->ship_type != ShipType::TorpedoBoat)
            ctx.findings.error(Kind::Inconsistent, naval("Firing Torpedoes"), d.name.pos,
                               "only torpedo boats have trainable torpedo tubes");
    } else {
        p->initial = sp.value_or(unit_stats(p->type).sp);
        if (p->initial <= 0) ctx.findings.error(Kind::Inconsistent, kStrength, d.name.pos, "a unit begins with at least 1 SP");
    }
    p->strength = p->initial;
    if (p->hex && field_->at(*p->hex).trench) p->trench_holder = true;
    by_entity_[&e] = p.get();
    pieces_.push_back(std::move(p));
}

namespace {

// A whole number after a word of a piece's line (main 4, sp 6): read, and `i` moves on to it.
std::optional<int> number_after(ngn::Items args, std::size_t& i, const char* what, const RuleRef& rule,
                                Findings& findings) {
    if (i + 1 < args.size())
        if (auto n = whole(args[i + 1]); n && *n >= 0) {
            ++i;
            return n;
        }
    findings.error(Kind::Inconsistent, rule, args[i].pos, std::string("expected a whole number after '") + what + "'");
    return std::nullopt;
}

// One word of a ship's line, args[i] (Ship Flotation Values): its type (the first), main N,
// secondary N, torpedoes, trainable.
void read_ship_word(const std::string& word, ngn::Items args, std::size_t& i, Piece& p, bool& typed,
                    Findings& findings) {
    const ngn::Item& it = args[i];
    if (auto t = parse_ship_type(word); t && !typed) {
        p.ship_type = *t;
        typed = true;
    } else if (word == "main") {
        p.main_guns = number_after(args, i, "main", kFlotation, findings).value_or(0);
    } else if (word == "secondary") {
        p.secondary_guns = number_after(args, i, "secondary", kFlotation, findings).value_or(0);
    } else if (word == "torpedoes") {
        p.tubes = true;
    } else if (word == "trainable") {
        p.tubes = p.trainable = true;
    } else {
        findings.error(Kind::Inconsistent, kFlotation, it.pos,
                       "a ship is declared with its type (battleship, ironclad, armoured-cruiser, protected-cruiser, "
                       "torpedo-boat, gunboat), main N, secondary N, torpedoes, trainable and a position; not '" +
                           it.to_ngn() + "'");
    }
}

// One word of a unit's line, args[i] (Unit Strength Points): its type (the first: cavalry mounted
// or dismounted, artillery with its class), its quality, sp N, towing <unit>.
void read_unit_word(const std::string& word, ngn::Items args, std::size_t& i, Piece& p, bool& typed,
                    std::optional<int>& sp, Findings& findings) {
    const ngn::Item& it = args[i];
    if (auto t = parse_unit_type(word); t && !typed) {
        p.type = *t;
        typed = true;
        if (word == "cavalry") {
            const std::string next = i + 1 < args.size() && word_text(args[i + 1]) ? lower(*word_text(args[i + 1])) : "";
            if (next == "mounted" || next == "dismounted") {
                p.type = next == "mounted" ? UnitType::MountedCavalry : UnitType::DismountedCavalry;
                ++i;
            } else {
                findings.error(Kind::Inconsistent, kStrength, it.pos, "say whether the cavalry is mounted or dismounted",
                               std::string("cavalry mounted or cavalry dismounted"), std::string("cavalry"));
            }
        } else if (p.type == UnitType::Artillery) {
            if (i + 1 < args.size() && word_text(args[i + 1]))
                if (auto c = parse_artillery_class(*word_text(args[i + 1]))) {
                    p.artillery = *c;
                    ++i;
                }
            if (p.artillery == ArtilleryClass::None)
                findings.error(Kind::Inconsistent, land("Artillery Fire Phase"), it.pos,
                               "say which artillery: heavy, medium, field or mountain (its range depends on it)");
        }
    } else if (auto q = parse_quality(word)) {
        p.quality = *q;
    } else if (word == "sp") {
        sp = number_after(args, i, "sp", kStrength, findings);
    } else if (word == "towing") {
        if (i + 1 < args.size()) {
            p.pending_tow = reference_text(args[i + 1]);
            p.pending_tow_pos = args[i + 1].pos;
            ++i;
        }
    } else {
        findings.error(Kind::Inconsistent, kStrength, it.pos,
                       "a unit is declared with its type (infantry, cavalry mounted|dismounted, machine-gun, artillery "
                       "heavy|medium|field|mountain, transport, commander), its quality (elite, average, poor), sp N and a "
                       "position; not '" + it.to_ngn() + "'");
    }
}

}  // namespace

// The words of a unit or ship line: its type, quality, strength, guns, place and the rest.
// Returns whether a type was given; the strength written, if any, in `sp`.
bool Late19cEngine::read_piece_words(const ngn::Declaration& d, Piece& p, std::optional<int>& sp, GameContext& ctx) {
    bool typed = false;
    const RuleRef rule = p.ship ? kFlotation : kStrength;
    const auto& args = d.args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const ngn::Item& it = args[i];
        if (it.is<ngn::HexPos>()) {
            if (auto ref = hex_arg(it, ctx, rule)) {
                p.hex = ref->hex;
                p.facing = ref->facing.value_or(0);
                if (!ref->facing && std::get<ngn::HexPos>(it.value).facing.empty())
                    ctx.findings.error(Kind::Inconsistent, rule, it.pos, p.name + "'s position needs a facing: #0405/N");
            }
            continue;
        }
        const std::string_view* w = word_text(it);
        const std::string word = w ? lower(*w) : "";
        if (p.ship) read_ship_word(word, args, i, p, typed, ctx.findings);
        else read_unit_word(word, args, i, p, typed, sp, ctx.findings);
    }
    return typed;
}

void Late19cEngine::setup(const ngn::Setup& s, const Entity& e, GameContext& ctx) {
    Piece* p = piece(e);
    if (!p) {
        ctx.findings.error(Kind::Inconsistent, kSetupRule, s.subject.pos, "late19c sets up units and ships, not " + e.label());
        return;
    }
    const auto& args = s.args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const ngn::Item& it = args[i];
        if (it.is<ngn::HexPos>()) {
            if (auto ref = hex_arg(it, ctx, kSetupRule)) {
                p->hex = ref->hex;
                if (ref->facing) p->facing = *ref->facing;
            }
            continue;
        }
        const std::string word = word_text(it) ? lower(*word_text(it)) : "";
        const int n = i + 1 < args.size() ? whole(args[i + 1]).value_or(-1) : -1;
        if ((word == "sp" || word == "fp" || word == "lost" || word == "torpedoes-fired") && n >= 0) {
            ++i;
            if (word == "lost") p->strength = p->initial - n;
            else if (word == "torpedoes-fired") p->torpedoes_fired = n;
            else p->strength = n;
            if (p->strength <= 0 || p->strength > p->initial) {
                ctx.findings.error(Kind::Inconsistent, kSetupRule, it.pos,
                                   p->name + " has " + std::to_string(p->initial) + (p->ship ? " FP" : " SP") +
                                       " in all: set it between 1 and that");
                p->strength = std::clamp(p->strength, 1, p->initial);
            }
            if (p->ship && p->strength <= ship_stats(p->ship_type).critical) p->broke_off = true;
        } else if (word == "towing" && i + 1 < args.size()) {
            p->pending_tow = reference_text(args[i + 1]);
            p->pending_tow_pos = args[i + 1].pos;
            ++i;
        } else if (word == "crossing") {
            p->stopped_in = 0;  // entered a river or trench in the turn before the record begins
            p->trench_holder = false;
        } else if (word == "last-target" && i + 1 < args.size()) {
            const ngn::Item& t = args[++i];
            if (const auto* hp = t.as<ngn::HexPos>()) p->targets_now.insert("#" + std::string(hp->hex));
            else p->targets_now.insert(reference_text(t));
        } else {
            ctx.findings.error(Kind::Inconsistent, kSetupRule, it.pos,
                               "a late19c setup gives a position, sp N / fp N, lost N, torpedoes-fired N, towing X, crossing "
                               "or last-target T; not '" + it.to_ngn() + "'");
        }
    }
    if (p->hex) p->trench_holder = field_->at(*p->hex).trench && p->stopped_in < 0;
}

// Play begins: positions and tows are settled, and each side's Exhaustion Point is fixed.
void Late19cEngine::start_play(GameContext& ctx) {
    started_ = true;
    for (auto& p : pieces_) {
        if (!p->hex)
            ctx.findings.error(Kind::Inconsistent, p->ship ? kFlotation : kStrength, p->entity->pos,
                               p->name + " has no position on the map: give its hex and facing (#0405/N)");
        if (!p->pending_tow.empty()) {
            const Entity* e = ctx.symbols.find(p->pending_tow);
            Piece* towed = e ? piece(*e) : nullptr;
            if (p->ship || p->type != UnitType::Transport)
                ctx.findings.error(Kind::Illegal, kTransport, p->pending_tow_pos, "only a horse-drawn transport unit tows artillery");
            else if (!towed || towed->ship || towed->type != UnitType::Artillery)
                ctx.findings.error(Kind::Illegal, kTransport, p->pending_tow_pos, "'" + p->pending_tow + "' is not an artillery unit");
            else if (towed->hex != p->hex)
                ctx.findings.error(Kind::Illegal, kTransport, p->pending_tow_pos, p->name + " and " + towed->name + " are not in the same hex");
            else {
                p->towing = towed;
                towed->towed_by = p.get();
            }
        }
        initial_by_side_[p->side()] += p->initial;
    }
    for (auto& p : pieces_)
        if (exhausted(p->side())) exhausted_sides_.insert(p->side());
}

// ---- where things are -------------------------------------------------------------------------------

// The pieces in a hex, and the enemies of a piece, whose places are known: a piece whose place is
// in doubt (a line of it left out, reported) is judged by no one's move, fire or retreat.
std::vector<Piece*> Late19cEngine::pieces_at(Hex h) {
    std::vector<Piece*> out;
    for (auto& p : pieces_)
        if (placed(*p) && *p->hex == h) out.push_back(p.get());
    return out;
}

// Every piece the record has in a hex, its place in doubt or not (whom a shot there may hit).
std::vector<Piece*> Late19cEngine::all_at(Hex h) {
    std::vector<Piece*> out;
    for (auto& p : pieces_)
        if (p->on_map() && p->hex && *p->hex == h) out.push_back(p.get());
    return out;
}

std::vector<Piece*> Late19cEngine::enemies_of(const Piece& me) {
    std::vector<Piece*> out;
    for (auto& p : pieces_)
        if (placed(*p) && p->side() != me.side()) out.push_back(p.get());
    return out;
}

// A piece's place is in doubt from `why` on, till a line of it says where it is (its move).
void Late19cEngine::doubt_place(Piece& p, const Cause& why) {
    if (p.whereabouts_unknown || !p.on_map()) return;
    p.whereabouts_unknown = why;
    // a gun and a horse-drawn team in one hex or next to it: the line left out may have been the
    // team's, towing the gun (its move, its limbering, a retreat that took both)
    const bool gun = !p.ship && p.type == UnitType::Artillery, team = !p.ship && p.type == UnitType::Transport;
    if (gun || team)
        for (auto& q : pieces_)
            if (q->on_map() && q->side() == p.side() && !q->ship && (gun ? q->type == UnitType::Transport : q->type == UnitType::Artillery) &&
                field_->grid().distance(*q->hex, *p.hex) <= 1)
                doubt_place(*q, why);
}

// The doubt on where either of two pieces is, if any.
std::optional<Cause> Late19cEngine::place_doubt(const Piece& a, const Piece* b) const {
    if (a.whereabouts_unknown) return a.whereabouts_unknown;
    if (b && b->whereabouts_unknown) return b->whereabouts_unknown;
    return std::nullopt;
}

bool Late19cEngine::commander_near(const Piece& me) const {
    if (!me.on_map()) return false;
    for (const auto& p : pieces_)
        if (p.get() != &me && p->on_map() && !p->ship && p->type == UnitType::Commander && p->side() == me.side() &&
            field_->grid().distance(*p->hex, *me.hex) <= 1)
            return true;
    return false;
}

// Whether a hex adjacent to a unit lies across its front: the facing edge, and (frontage=wide)
// the two edges beside it.
bool Late19cEngine::is_front(const Piece& defender, Hex from) const {
    auto dir = field_->grid().direction(*defender.hex, from);
    if (!dir) return false;
    int steps = geometry::hex::facing_steps(*dir, defender.facing);
    return readings_.front_narrow ? steps == 0 : steps <= 1;
}

const ngn::Dice* Late19cEngine::dice_of(const ngn::Event& e) const {
    for (const auto& it : e.args)
        if (const auto* d = it.as<ngn::Dice>()) return d;
    return nullptr;
}

// ---- the turn and its phases ---------------------------------------------------------------------

void Late19cEngine::heading(const ngn::Heading& h, GameContext& ctx) {
    const ngn::SourcePos at = h.label_pos;
    if (h.kind == ngn::HeadingKind::Turn) {
        leave_phase(ctx, at);
        if (!started_) start_play(ctx);
        else end_turn(ctx, at);
        if (ended_ && !end_reported_) {
            end_reported_ = true;
            ctx.findings.error(Kind::Illegal, kExhaustion, at,
                               "the battle ended in turn " + std::to_string(ended_turn_) +
                                   ": both sides had reached their Exhaustion Point");
        }
        turn_ = ctx.cursor.turn_number;
        start_turn(ctx);
        return;
    }
    if (h.kind != ngn::HeadingKind::Phase) return;
    if (!started_) start_play(ctx);
    leave_phase(ctx, at);
    phase_ = ctx.cursor.phase() ? ctx.cursor.phase()->name : std::string();
    phase_pos_ = at;
    hits_begun_ = false;
    if (phase_ == "activation") {
        order_.clear();
        active_ = nullptr;
        activated_.clear();
    }
    if (phase_ == "movement") {
        sides_moved_.clear();
        last_mover_side_ = -1;
    }
}

void Late19cEngine::start_turn(GameContext&) {
    for (auto& p : pieces_) {
        p->targets_before = std::move(p->targets_now);
        p->targets_now.clear();
        p->tile.reset();
        p->tile_removed = false;
        p->moved_before = p->moved;
        p->moved = false;
        p->hexes_moved = 0;
        p->fired = p->fired_main = p->fired_secondary = p->fired_torpedo = false;
        p->stays = false;
        p->tile_doubted = false;
        p->close_combats = 0;
        p->close_combats_allowed = 1;
        p->can_advance = false;
        p->vacated.reset();
        p->vacated_doubt.reset();
        p->last_loss = 0;
    }
    cards_drawn_.clear();
    fired_at_.clear();
    no_tile_reported_.clear();
    order_rolls_.clear();
    first_mover_.reset();
    wire_laid_.clear();
    wire_removed_.clear();
    phase_.clear();
}

void Late19cEngine::end_turn(GameContext&, ngn::SourcePos) {
    // wire laid or removed by a unit that stayed in its hex the whole turn
    for (Hex h : wire_laid_) field_->set_wire(h, true);
    for (Hex h : wire_removed_) field_->set_wire(h, false);
    remove_sunk();
}

void Late19cEngine::remove_sunk() {
    for (auto& p : pieces_)
        if (p->sinking) {
            p->sinking = false;
            p->gone.leave("sank at the end of the firing of turn " + std::to_string(turn_), p->last_point_line);
        }
}

void Late19cEngine::leave_phase(GameContext& ctx, ngn::SourcePos at) {
    if (phase_.empty()) return;
    if (phase_ == "tiles") {
        std::vector<std::string> without;
        for (auto& p : pieces_)
            if (p->on_map() && !p->tile && taken_as_lost(*p, at, ctx)) {
            } else if (p->on_map() && !p->tile) {
                without.push_back(p->name);
                no_tile_reported_.insert(p.get());
            }
        if (!without.empty()) {
            std::string names;
            for (std::size_t i = 0; i < without.size(); ++i)
                names += (i == 0 ? "" : i + 1 == without.size() ? " and " : ", ") + without[i];
            ctx.findings.error(Kind::Illegal, kTurnSequence, phase_pos_,
                               names + (without.size() == 1 ? " drew" : " drew") +
                                   " no playing-card tile this turn: every unit on the table gets one");
        }
    }
    if (phase_ == "guns" && variant_ == "naval") {
        phase_.clear();  // gunfire and torpedoes are simultaneous: hits may be resolved in either
        return;
    }
    if (phase_ == "movement" && variant_ == "naval") find_moves_left_out(ctx, at);
    if (phase_ == "activation")
        for (auto& q : pieces_) look_for_move_left_out(*q, at.line, ctx);
    check_unresolved(ctx, at);
    if (phase_ == "torpedoes" || (phase_ == "artillery" && variant_ == "combined")) remove_sunk();
    phase_.clear();
}

// A piece that draws no tile, whose hits were left unresolved (reported): they destroyed it (or
// sank it), as played; its SP (FP) are lost. True if so.
bool Late19cEngine::taken_as_lost(Piece& p, ngn::SourcePos at, GameContext& ctx) {
    const bool sunk_unseen = p.ship && p.fate_unknown && p.unrecorded_loss >= p.strength;
    const bool sunk_by_rules = p.ship && p.rules_strength == 0 && p.strength_parted;  // a claim kept it afloat (reported)
    if ((!p.fate_unknown || p.ship) && !sunk_unseen && !sunk_by_rules) return false;
    if (sunk_by_rules) ctx.findings.excuse(*p.strength_parted, at, p.name + " draws no tile: the rules had it sunk");
    else ctx.findings.excuse(*p.fate_unknown, at, p.name + " draws no tile: the hits left unresolved destroyed it");
    lose(p, p.strength, ctx, at);
    const std::string how = p.ship ? "sank in turn " : "was destroyed in turn ";
    if (!p.gone) p.gone.leave(how + std::to_string(turn_) + " by hits left unresolved", p.last_point_line);
    p.sinking = false;
    return true;
}

void Late19cEngine::check_unresolved(GameContext& ctx, ngn::SourcePos at) {
    for (auto& p : pieces_) {
        int missing = 0;
        for (const auto& h : p->hits)
            if (!h.disputed) ++missing;
        // Hits left unresolved earlier (a finding then) may have sunk it since, as played; a hit
        // roll of it that could not be read may have resolved these.
        if (missing > 0 && p->unrecorded_loss > 0 && p->strength <= p->unrecorded_loss) {
            if (!p->ship && p->fate_unknown)
                ctx.findings.excuse(*p->fate_unknown, at, p->name + "'s hits may find it destroyed by the hits left unresolved");
            missing = 0;
        }
        if (missing > 0 && p->unread_hit.excuses(turn_, ctx.findings, at, p->name + "'s hits may be resolved by the roll not read")) missing = 0;
        // (a ship sunk by the rules, where a wrong claim kept it afloat: the record may leave it be)
        if (missing > 0 && !p->gone && p->rules_strength == 0 && p->strength_parted)
            ctx.findings.excuse(*p->strength_parted, at, p->name + "'s hits are left unresolved: the rules have it sunk");
        // (a ship's hit costs at most 2 FP; a unit's that acts on, 1 SP)
        if (missing > 0 && !p->gone && p->rules_strength != 0) p->unrecorded_loss += p->ship ? 2 * missing : missing;
        // a minefield's hit is the Minefields rule's (a ship moving through is hit automatically)
        const bool mines = std::all_of(p->hits.begin(), p->hits.end(), [](const PendingHit& h) { return h.mine; });
        if (missing > 0 && !p->gone && p->rules_strength != 0) unresolved_hits(*p, missing, at, mines, ctx);
        p->hits.clear();
    }
    close_combat_open(ctx, at);
}

// Hits no roll resolves: one finding. A unit may then have retreated, lost SP or been destroyed:
// its place and its fate are in doubt (it is taken as destroyed if it draws no tile again).
void Late19cEngine::unresolved_hits(Piece& p, int missing, ngn::SourcePos at, bool mines, GameContext& ctx) {
    if (p.whereabouts_unknown && !p.ship) {
        // its place was in doubt (a line of it left out, reported): the record's lines of it stand
        ctx.findings.excuse(*p.whereabouts_unknown, at, p.name + "'s hits may be resolved where the line left out put it");
        p.hits.clear();
        p.fate_unknown = p.whereabouts_unknown;
        return;
    }
    const Cause why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, mines ? kMinefields : p.ship ? kShipHits : kHitsOnUnits, at,
                                                            p.name + " was hit " + counted(missing, "time", "times") + " and no roll resolves " +
                                                                (missing == 1 ? "it" : "them") + " (line " + std::to_string(p.hits.front().line) +
                                                                ")",
                                                            std::string("a hit roll for each hit"), std::string("none")));
    p.hits.clear();
    p.fate_unknown = why;
    if (p.ship && p.hex) {
        // two ships in one hex, a shot at one hitting both: a move of either left out may be why
        const auto there = pieces_at(*p.hex);
        if (std::any_of(there.begin(), there.end(), [&](const Piece* q) { return q != &p && q->ship; }))
            for (Piece* q : there)
                if (q->ship && !q->position_doubted) q->position_doubted = why;
    }
    if (p.ship) return;
    doubt_place(p, why);
    if (p.towing) doubt_place(*p.towing, why);
    if (p.towed_by) doubt_place(*p.towed_by, why);
}

void Late19cEngine::finish(GameContext& ctx) {
    const ngn::SourcePos end{ctx.game.last_line, 1};
    leave_phase(ctx, end);
    check_unresolved(ctx, end);  // hits of gunfire may wait for the torpedoes phase, but not past the record
}

// ---- events --------------------------------------------------------------------------------------

// ---- events: the actions, a table from verb to handler -----------------------------------------------

using V = Verb<Late19cEngine>;
// Each handler takes the line's actor; the checks common to a piece's actions come first.
#define PIECE_ACTION(body)                                                                              \
    [](Late19cEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) {                        \
        if (Piece* p = x.piece_acting(e, a, c)) body;                                                   \
        return true;                                                                                    \
    }
const V Late19cEngine::kVerbs[] = {
    {"tile", PIECE_ACTION(x.tile_action(e, *p, c))},
    {"fire", PIECE_ACTION(x.fire_action(e, a, *p, c))},
    {"torpedo", PIECE_ACTION(x.torpedo_action(e, a, *p, c))},
    {"hit", PIECE_ACTION(x.hit(e, *p, c))},
    {"trade", PIECE_ACTION(x.trade(e, *p, c))},
    {"move", PIECE_ACTION(x.move_action(e, a, *p, c))},
    {"face", PIECE_ACTION(x.move_action(e, a, *p, c))},
    {"assault", PIECE_ACTION(x.land_action(e, *p, c))},
    {"defend", PIECE_ACTION(x.land_action(e, *p, c))},
    {"advance", PIECE_ACTION(x.land_action(e, *p, c))},
    {"limber", PIECE_ACTION(x.land_action(e, *p, c))},
    {"unlimber", PIECE_ACTION(x.land_action(e, *p, c))},
    {"lay-wire", PIECE_ACTION(x.land_action(e, *p, c))},
    {"remove-wire", PIECE_ACTION(x.land_action(e, *p, c))},
    {"roll", [](Late19cEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.side_action(e, a, c); }},
    {"exhaustion", [](Late19cEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.side_action(e, a, c); }},
};
#undef PIECE_ACTION

bool Late19cEngine::is_action(std::string_view verb) { return find_verb(kVerbs, verb) != nullptr; }

// A line whose words stand out of order but plainly read as an action written in order: the
// action after another word ("B1 main fire R1"), a ship's armament after its target ("fire R1
// main"), a hit's row before the action ("R1 torpedo hit"). Said once (ngn 5.3) and played as it reads; the line itself when it needs no reading.
const ngn::Event& Late19cEngine::reread(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    std::vector<ngn::Item> items(e.args.begin(), e.args.end());
    auto word = [&](std::size_t i) { return i < items.size() && word_text(items[i]) ? lower(*word_text(items[i])) : std::string(); };
    std::string why;
    if (!find_verb(kVerbs, e) && is_action(word(1))) {
        std::swap(items[0], items[1]);
        why = "the action comes first, '" + items[1].to_ngn() + "' is not one";
    }
    if (word(0) == "torpedo" && word(1) == "hit") {  // "torpedo hit d6: 5": a hit read on the torpedo row
        std::swap(items[0], items[1]);
        why = "a hit read on the torpedo row; 'hit' is neither a hex nor a declared ship";
    }
    const Piece* p = piece(actor);
    const auto armament = [](const std::string& w) { return w == "main" || w == "secondary"; };
    if (p && p->ship && word(0) == "fire" && !armament(word(1)) && armament(word(2))) {
        std::swap(items[1], items[2]);
        why += (why.empty() ? "" : "; ") + std::string("the armament comes before the target");
    }
    if (why.empty()) return e;
    std::string line = e.subject.to_ngn();
    for (const auto& it : items) line += " " + it.to_ngn();
    ctx.findings.error(Kind::Inconsistent, kVocabulary, action_pos(e), "this reads as '" + line + "': " + why);
    const auto& kept = reread_items_.emplace_back(std::move(items));
    ngn::Event& again = reread_events_.emplace_back(e);
    again.args = ngn::Items(kept.data(), kept.size());
    return again;
}

void Late19cEngine::event(const ngn::Event& written, const Entity& actor, GameContext& ctx) {
    if (!started_) start_play(ctx);
    const ngn::Event& e = reread(written, actor, ctx);
    if (const V* v = find_verb(kVerbs, e)) {
        v->handle(*this, e, actor, ctx);
        return;
    }
    // said once for each word: a later line using it is excused by the first
    std::optional<Cause> why = unknown_verbs_.said_before(lower(e.verb()));
    if (why) {
        ctx.findings.excuse(*why, action_pos(e), "'" + e.verb() + "' is not an action of late19c");
    } else {
        why = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, kVocabulary, action_pos(e),
                                                    "'" + e.verb() + "' is not an action of late19c; " + did_you_mean(kVerbs, e.verb()) + "the actions are " + verb_list(kVerbs) +
                                                        " (roll and exhaustion by a side: docs/rules/late19c.md)"));
        unknown_verbs_.said(lower(e.verb()), *why);
    }
    unread_line(actor, piece(actor), *why, ctx);
}

ngn::SourcePos Late19cEngine::action_pos(const ngn::Event& e) { return e.args.empty() ? e.subject.pos : e.args.front().pos; }

void Late19cEngine::wrong_phase(const ngn::Event& e, const std::string& where, GameContext& ctx) {
    ctx.findings.error(Kind::Illegal, variant_ == "naval" ? kNavalTurn : kTurnSequence, action_pos(e),
                       "'" + lower(e.verb()) + "' belongs in " + where + (phase_.empty() ? std::string() : ", not in phase " + phase_));
}

// In the naval battle an action out of its phase is the line's one finding: it stands for
// whatever its place in the turn was (the land rules read it on, as they always have).
bool Late19cEngine::out_of_phase_naval(const ngn::Event& e, const Entity& actor, const std::string& where, GameContext& ctx) {
    if (variant_ != "naval") return false;
    wrong_phase(e, where, ctx);
    unread_line(actor, piece(actor), Findings::cause_of(ctx.findings.all().back()), ctx);
    return true;
}

// The piece that does a piece's action; null (said) when the actor is none, or may not act.
Piece* Late19cEngine::piece_acting(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    Piece* p = piece(actor);
    if (!p) {
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos,
                           "'" + lower(e.verb()) + "' is done by a unit or a ship, not by " + actor.label());
        unread_line(actor, p, Findings::cause_of(ctx.findings.all().back()), ctx);
        return nullptr;
    }
    const bool hit = is_word(e.args.front(), "hit");
    if (p->gone && !hit && !p->afloat_by_rules(ctx.findings, e.subject.pos)) {
        unread_line(actor, p, gone_piece_used(*p, e.subject.pos, ctx), ctx);
        return nullptr;
    }
    if (!p->hex && !hit && !is_word(e.args.front(), "tile")) return nullptr;  // no position: reported when play began
    return p;
}

// A piece sunk or destroyed that the record uses again (it acts, is fired at, is hit): one
// finding, at the first such line, naming the line that took its last point; the later ones
// follow from it and are excused (check/as_played.hpp, Gone). Returns that finding's cause.
Cause Late19cEngine::gone_piece_used(Piece& p, ngn::SourcePos at, GameContext& ctx) {
    return p.gone.takes_part(ctx.findings, p.ship ? kSunk : kStrength, at, p.name,
                             p.ship ? "a sunk ship takes no further part" : "a destroyed unit is removed and takes no further part",
                             p.name + " is out of play: the line is taken as played");
}

// roll (who moves first, naval) and exhaustion: a side's actions.
bool Late19cEngine::side_action(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    const std::string verb = lower(e.verb());
    if (actor.kind != ngn::EntityKind::Side) {
        ctx.findings.error(Kind::Inconsistent, kVocabulary, e.subject.pos, "'" + verb + "' is done by a side, not by " + actor.label());
        unread_line(actor, piece(actor), Findings::cause_of(ctx.findings.all().back()), ctx);
        return true;
    }
    if (verb == "exhaustion") {
        if (phase_ != "exhaustion") wrong_phase(e, "phase exhaustion", ctx);
        exhaustion(e, actor, ctx);
        return true;
    }
    if (phase_ != "move-order" && out_of_phase_naval(e, actor, "phase move-order", ctx)) return true;
    if (phase_ != "move-order") wrong_phase(e, "phase move-order", ctx);
    move_order_roll(e, actor, ctx);
    return true;
}

void Late19cEngine::tile_action(const ngn::Event& e, Piece& p, GameContext& ctx) {
    if (phase_ != "tiles") wrong_phase(e, "phase tiles", ctx);
    tile(e, p, ctx);
}

void Late19cEngine::torpedo_action(const ngn::Event& e, const Entity& actor, Piece& p, GameContext& ctx) {
    if (!(phase_ == "torpedoes" || (variant_ == "combined" && phase_ == "artillery"))) {
        if (out_of_phase_naval(e, actor, "phase torpedoes", ctx)) return;
        wrong_phase(e, variant_ == "combined" ? "phase artillery (the naval combat)" : "phase torpedoes", ctx);
    }
    torpedo(e, p, ctx);
}

// Fire: a ship's guns, artillery, or small arms in the unit's activation.
void Late19cEngine::fire_action(const ngn::Event& e, const Entity& actor, Piece& p, GameContext& ctx) {
    if (p.ship && variant_ == "combined") ctx.judged(kCombined);
    if (p.ship) {
        if (!(phase_ == "guns" || (variant_ == "combined" && phase_ == "artillery"))) {
            if (out_of_phase_naval(e, actor, "phase guns", ctx)) return;
            wrong_phase(e, variant_ == "combined" ? "phase artillery (the naval combat)" : "phase guns", ctx);
        }
        gunfire(e, p, ctx);
    } else if (p.type == UnitType::Artillery) {
        if (phase_ != "artillery") wrong_phase(e, "phase artillery", ctx);
        artillery_fire(e, p, ctx);
    } else {
        if (phase_ != "activation") wrong_phase(e, "phase activation", ctx);
        else if (!activate(e, p, ctx)) return;
        small_arms_fire(e, p, ctx);
    }
}

// move and face: a ship in the naval movement phase, else a piece in its activation.
void Late19cEngine::move_action(const ngn::Event& e, const Entity& actor, Piece& p, GameContext& ctx) {
    if (p.ship && variant_ == "naval") {
        if (phase_ != "movement" && out_of_phase_naval(e, actor, "phase movement", ctx)) return;
    } else if (phase_ != "activation") {
        wrong_phase(e, "phase activation", ctx);
    } else if (!activate(e, p, ctx)) {
        return;
    }
    if (is_word(e.args.front(), "face")) face(e, p, ctx);
    else if (p.ship) move_ship(e, p, ctx);
    else move_unit(e, p, ctx);
}

// The land units' actions in their activation: close combat, advance, limbers, wire.
void Late19cEngine::land_action(const ngn::Event& e, Piece& p, GameContext& ctx) {
    const std::string verb = lower(e.verb());
    if (verb == "defend") {
        if (phase_ != "activation") wrong_phase(e, "phase activation", ctx);
        assault(e, p, ctx, true);
        return;
    }
    if (phase_ != "activation") wrong_phase(e, "phase activation", ctx);
    else if (verb != "advance" && !activate(e, p, ctx)) return;
    if (p.ship) {
        ctx.findings.error(Kind::Inconsistent, kVocabulary, action_pos(e), "'" + verb + "' is done by land units, not by ships");
        return;
    }
    if (verb == "assault") assault(e, p, ctx, false);
    else if (verb == "advance") advance(e, p, ctx);
    else if (verb == "limber" || verb == "unlimber") limber(e, p, ctx, verb == "limber");
    else wire_work(e, p, ctx, verb == "lay-wire");
}

// ---- tiles and the order of activation -------------------------------------------------------------

void Late19cEngine::tile(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(kTurnSequence);
    if (variant_ == "naval") {
        ctx.findings.error(Kind::Illegal, kNavalTurn, e.subject.pos, "a naval battle draws no tiles: who moves first is rolled");
        return;
    }
    const ngn::Item* card_item = e.args.size() > 1 ? &e.args[1] : nullptr;
    auto card = card_item ? read_card(*card_item) : std::nullopt;
    if (!card) {
        ctx.findings.error(Kind::Inconsistent, kTurnSequence, card_item ? card_item->pos : e.subject.pos,
                           "expected a playing card after 'tile': A, 2-10, J, Q or K, then H, C, D or S (7H, 10D, QS)",
                           std::string("a card such as 7H"), card_item ? card_item->to_ngn() : std::string("nothing"));
        if (!p.tile) p.tile = PlayingCard{0, 0, card_item ? card_item->to_ngn() : std::string("?")};  // drawn, but unreadable
        return;
    }
    if (p.tile) {
        ctx.findings.error(Kind::Illegal, kTurnSequence, e.subject.pos, p.name + " already has a tile this turn (" + p.tile->text + ")");
        return;
    }
    if (auto [drawn, fresh] = cards_drawn_.emplace(card->order(), &p); !fresh) {
        // either card may be the one written wrong: neither unit's place in the order is judged
        ctx.findings.error(Kind::Illegal, kTurnSequence, card_item->pos,
                           card->text + " is already by another unit: each tile comes out of the bag once");
        p.tile_doubted = drawn->second->tile_doubted = true;
    }
    p.tile = card;
}

// An action of a unit in the activation phase: units act one after another in the order of
// their tiles, and each acts once. Returns false when the unit may not act at all.
bool Late19cEngine::activate(const ngn::Event& e, Piece& p, GameContext& ctx) {
    ctx.judged(kTurnSequence);  // card order
    if (variant_ == "naval") return true;
    if (active_ == &p) return true;
    // a move left out shows in where the next move of a unit whose turn has come starts
    if (!is_word(e.args.front(), "move")) look_for_move_left_out(p, e.subject.pos.line, ctx);
    if (p.tile && p.tile->rank > 0 && !p.tile_doubted)
        for (auto& q : pieces_)
            if (q.get() != &p && q->tile && q->tile->rank > 0 && q->tile->order() < p.tile->order() && !activated_.count(q.get()))
                look_for_move_left_out(*q, e.subject.pos.line, ctx);
    if (active_) {
        activated_.insert(active_);
        close_combat_open(ctx, e.subject.pos);
    }
    active_ = &p;
    if (p.tile_doubted) return true;  // (two units had its card, reported: its place in the order is not judged)
    if (!p.tile || p.tile->rank == 0) {
        // no tile, or one that could not be read (both reported once): as played, it acts, out of any order
        if (p.tile_removed)
            ctx.findings.error(Kind::Illegal, kTurnSequence, e.subject.pos,
                               p.name + " fired in the artillery fire phase: its tile was removed, and it may not move");
        else if (!p.tile && no_tile_reported_.insert(&p).second)
            ctx.findings.error(Kind::Illegal, kTurnSequence, e.subject.pos, p.name + " has no tile this turn, so it is not activated");
        return true;
    }
    if (activated_.count(&p)) {
        ctx.findings.error(Kind::Illegal, kTurnSequence, e.subject.pos,
                           p.name + " has already been activated this turn (tile " + p.tile->text + "); another unit has acted since");
        return true;
    }
    const int card = p.tile->order();
    auto text = [](const Piece* q) { return q->name + " (tile " + q->tile->text + ")"; };
    if (order_.empty() || card > order_.back().first->tile->order()) {
        order_.emplace_back(&p, e.subject.pos);
    } else if (order_.size() >= 2 && card > order_[order_.size() - 2].first->tile->order()) {
        // the unit before acted too early: it is the one out of order, and the order goes on from here
        auto [early, at] = order_.back();
        ctx.findings.error(Kind::Illegal, kTurnSequence, at,
                           text(early) + " acts before " + text(&p) + ": units activate in ascending card order, Hearts, Clubs, "
                           "Diamonds, Spades",
                           "after " + p.tile->text, early->tile->text);
        order_.back() = {&p, e.subject.pos};
    } else {
        const Piece* last = order_.back().first;
        ctx.findings.error(Kind::Illegal, kTurnSequence, e.subject.pos,
                           text(&p) + " acts after " + text(last) + ": units activate in ascending card order, Hearts, Clubs, "
                           "Diamonds, Spades",
                           "before " + last->tile->text, p.tile->text);
        // when the unit before was the first to act, either may be the one out of order: the
        // order goes on from here (the units after it are not held to the first one's card)
        if (order_.size() == 1) order_.back() = {&p, e.subject.pos};
    }
    return true;
}

// ---- hits --------------------------------------------------------------------------------------------

// A line of the naval battle that could not be read, or that stands out of its phase, is one
// finding; what it stood for by its place in the turn is taken as done, so that the lines after
// it are not held to its absence. On land, a unit's line not read in its activation may have
// been its move: its place is in doubt till it next moves.
void Late19cEngine::unread_line(const Entity& actor, Piece* p, const Cause& why, GameContext& ctx) {
    if (variant_ != "naval") {
        if (p && phase_ == "activation" && !p->moved) doubt_place(*p, why);  // (it may have been its move)
        return;
    }
    if (actor.kind == ngn::EntityKind::Side) {
        if (phase_ == "move-order" && !order_rolls_.thrown(actor.index)) {
            order_rolls_.add(actor.index, std::nullopt);
            if (order_rolls_.complete(ctx.symbols.side_count())) order_rolls_.clear();  // who moves first is not known
        }
        return;
    }
    if (!p) return;
    if (phase_ == "movement") {
        p->whereabouts_unknown = why;
        p->moved = true;
    } else if (phase_ == "guns" || phase_ == "torpedoes") {
        if (hits_begun_) p->unread_hit.mark(turn_, why);
        else unread_fire_.mark(turn_, why);
    }
}

void Late19cEngine::add_hits(Piece& target, int count, PendingHit hit) {
    for (int i = 0; i < count; ++i) {
        target.hits.push_back(hit);
        // A hit on a transport is also a hit on the artillery it tows (once per hit).
        if (target.towing && !target.towing->gone) target.towing->hits.push_back(hit);
    }
}

void Late19cEngine::hit(const ngn::Event& e, Piece& p, GameContext& ctx) {
    std::optional<Weapon> named;
    for (std::size_t i = 1; i < e.args.size(); ++i)
        if (const std::string_view* w = word_text(e.args[i])) {
            named = parse_weapon(*w);
            if (!named)  // a word that names no weapon was passed over without a word
                ctx.findings.error(Kind::Inconsistent, kVocabulary, e.args[i].pos,
                                   "a hit names the weapon it came from (super-heavy, heavy, medium, light, very-light, torpedo) or none; not '" +
                                       std::string(*w) + "'");
        }
    // A hit roll with no hit behind it: a ship a wrong claim had sunk, which the fire could not
    // hit (the record shows it afloat, as the rules have it), or hits from a fire the record
    // leaves out or that could not be read (one finding, at the first of them). The roll stands
    // as played, read on the row it names.
    if (p.gone && p.hits.empty() && !p.afloat_by_rules(ctx.findings, e.subject.pos)) {
        gone_piece_used(p, e.subject.pos, ctx);  // hit after it sank or was destroyed
        return;
    }
    // the attacker's hit roll before the defender has rolled: the defender's roll is left out
    if (p.hits.empty() && combat_ && !combat_->defended && combat_->attacker == &p) close_combat_open(ctx, e.subject.pos);
    const std::optional<Cause> unseen_fire = p.unrecorded_fire.in(turn_) ? p.unrecorded_fire.cause() : unread_fire_.cause_in(turn_);
    const bool nothing_hit_it = p.hits.empty() && !p.afloat_by_rules(ctx.findings, e.subject.pos);
    const bool mine = std::any_of(e.args.begin(), e.args.end(), [](const ngn::Item& it) { return is_word(it, "mine"); });
    if (nothing_hit_it && unseen_fire) {
        ctx.findings.excuse(*unseen_fire, e.subject.pos, p.name + "'s hit may be from the fire not read or left out");
    } else if (nothing_hit_it && mine && p.ship && p.whereabouts_unknown) {
        // where it is is not known (a move of it left out, reported): that move may have crossed a minefield
        ctx.findings.excuse(*p.whereabouts_unknown, e.subject.pos, p.name + "'s mine hit may be from the move left out");
    } else if (nothing_hit_it) {
        const Cause cause = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, p.ship ? kShipHits : kHitsOnUnits, e.subject.pos,
                                                                  p.name + " has no hit to resolve: nothing that hit it is recorded"));
        p.unrecorded_fire.mark(turn_, cause);
        unread_fire_.mark(turn_, cause);  // a fire left out may have hit other ships too
        // a mine's hit with none to resolve: the ship's move through the minefield is left out
        if (mine && p.ship && (phase_ == "movement" || phase_ == "activation") && !p.whereabouts_unknown) p.whereabouts_unknown = cause;
        // or a move left out put a ship fired at this turn elsewhere, and the shots landed by it
        for (Piece* q : fired_at_)
            if (q->ship && !q->position_doubted) q->position_doubted = cause;
    }
    if (p.hits.empty()) {
        PendingHit as_played;
        as_played.line = e.subject.pos.line;
        as_played.row = named;
        as_played.disputed = true;
        hits_begun_ = true;
        if (p.ship) hit_on_ship(e, p, as_played, named, ctx);
        else hit_on_unit(e, p, as_played, ctx);
        return;
    }
    // the hit this roll resolves: one of the weapon named, if any; one the record must resolve
    // before one it may (a reading of disputed dice)
    std::size_t which = 0;
    int best = -1;
    for (std::size_t i = 0; i < p.hits.size(); ++i) {
        const int score = (named && p.hits[i].row == named ? 2 : 0) + (p.hits[i].disputed ? 0 : 1);
        if (score > best) best = score, which = i;
    }
    if (named && p.hits[which].row != named && unseen_fire) {
        // a roll on another row than any hit on it: a hit of the fire left out (reported), as played
        ctx.findings.excuse(*unseen_fire, e.subject.pos, p.name + "'s hit on this row may be from the fire not read or left out");
        PendingHit as_played{.row = named, .disputed = true, .line = e.subject.pos.line};
        hits_begun_ = true;
        if (p.ship) hit_on_ship(e, p, as_played, named, ctx);
        else hit_on_unit(e, p, as_played, ctx);
        return;
    }
    PendingHit h = p.hits[which];
    p.hits.erase(p.hits.begin() + static_cast<std::ptrdiff_t>(which));
    hits_begun_ = true;
    if (p.ship) hit_on_ship(e, p, h, named, ctx);
    else hit_on_unit(e, p, h, ctx);
}

// Why a unit may not retreat into `to`: not adjacent, not empty, water, or next to an enemy
// unit; "" when it may. `in_the_way`: the piece there, or the enemy next to it, if that is why.
std::string Late19cEngine::retreat_barred(const Piece& p, Hex to, Piece** in_the_way) {
    const Grid& g = field_->grid();
    if (!g.adjacent(*p.hex, to)) return hex_text(to) + " is not adjacent to " + hex_text(*p.hex);
    if (auto there = pieces_at(to); !there.empty()) {
        if (in_the_way) *in_the_way = there.front();
        return hex_text(to) + " is not empty";
    }
    if (!field_->land_may_enter(to)) return "a unit cannot retreat into " + hex_text(to) + " (water)";
    for (Piece* en : enemies_of(p))
        if (en->hex && g.distance(*en->hex, to) <= 1) {
            if (in_the_way) *in_the_way = en;
            return hex_text(to) + " is adjacent to " + en->name;
        }
    return "";
}

// The retreats open to a unit that survives a hit, for the expected value: "retreat #0405, retreat
// #0506 or " (each hex it may retreat into), or "" when there is none.
std::string Late19cEngine::retreat_choices(const Piece& p) {
    std::string out;
    if (!p.hex) return out;
    for (Hex h : field_->grid().within(*p.hex, 1))
        if (h != *p.hex && retreat_barred(p, h).empty()) out += "retreat " + hex_text(h) + ", ";
    if (out.size() >= 2) out.replace(out.size() - 2, 2, " or ");
    return out;
}

void Late19cEngine::hit_on_unit(const ngn::Event& e, Piece& p, const PendingHit&, GameContext& ctx) {
    ctx.judged(kHitsOnUnits);
    const std::optional<int> die = unit_hit_die(e, ctx);
    const Quality q = p.quality.value_or(Quality::Average);
    // what the record says happened
    std::optional<HexRef> to;
    ngn::SourcePos to_pos = e.claim_pos;
    std::string outcome = claimed_hit_outcome(e, to, to_pos, ctx);
    const bool survives = die && *die >= hit_survival(q);
    if (die) judge_hit_outcome(e, p, *die, survives, outcome, ctx);
    if (outcome.empty()) outcome = die && !survives ? (readings_.failed_hit_loses_one ? "lose" : "destroyed") : "lose";
    // as played
    if (outcome == "destroyed") {
        lose(p, p.strength, ctx, e.claim_pos);
    } else if (outcome == "lose") {
        lose(p, 1, ctx, e.claim_pos);
    } else if (outcome == "retreat") {
        ctx.judged(kRetreat);
        if (!to) {
            ctx.findings.error(Kind::Inconsistent, kRetreat, e.claim_pos, "say which hex " + p.name + " retreats into: retreat #0405");
            return;
        }
        retreat(p, to->hex, to_pos, ctx);
        if (to->hex != *p.hex) p.trench_holder = false;  // one that moves into a trench is crossing it
        p.hex = to->hex;
        if (to->facing) p.facing = *to->facing;
        if (p.towing) p.towing->hex = p.hex;
        if (p.towed_by) p.towed_by->hex = p.hex;  // a limbered gun and its team go together
    }
}

// Where a unit that survives a hit retreats (Definitions/Retreat), judged unless its place is in
// doubt (a line of it left out: the retreat says where it is). A retreat barred by a piece there
// or an enemy next to it may be that piece's line left out: its place is in doubt from then on;
// a retreat not to an adjacent hex, the unit's own.
void Late19cEngine::retreat(Piece& p, Hex to, ngn::SourcePos at, GameContext& ctx) {
    if (p.whereabouts_unknown) {
        if (!field_->grid().adjacent(*p.hex, to))
            ctx.findings.excuse(*p.whereabouts_unknown, at, p.name + " retreats from where the line left out put it");
        p.whereabouts_unknown.reset();
        return;
    }
    Piece* in_the_way = nullptr;
    const std::string why = retreat_barred(p, to, &in_the_way);
    if (why.empty()) return;
    const Cause cause = Findings::cause_of(ctx.findings.error(
        Kind::Illegal, kRetreat, at, "a unit retreats into an adjacent empty hex that is not adjacent to an enemy unit (else it loses 1 SP): " + why));
    if (in_the_way) doubt_place(*in_the_way, cause);
    else if (!field_->grid().adjacent(*p.hex, to)) doubt_place(p, cause);
}

// The die of a unit that is hit (Resolving hits on Units): one D6; nothing when it is not read.
std::optional<int> Late19cEngine::unit_hit_die(const ngn::Event& e, GameContext& ctx) {
    const ngn::Dice* d = dice_of(e);
    std::optional<int> die;
    if (!d) {
        ctx.findings.error(Kind::Inconsistent, kHitsOnUnits, e.subject.pos, "a unit that is hit rolls a D6: write it (d6: 4)");
    } else if (ctx.dice_ok) {
        if (d->faces.size() != 1)
            ctx.findings.error(Kind::Inconsistent, kHitsOnUnits, d->faces.empty() ? e.subject.pos : d->faces[1 % d->faces.size()].pos,
                               "a unit that is hit rolls one D6", std::string("1 die"), counted(static_cast<long long>(d->faces.size()), "die", "dice"));
        else
            die = d->faces[0].value;
    }
    return die;
}

// What the record says a hit on a unit did: retreat (into `to`, written at `to_pos`), lose (1 SP)
// or destroyed; "" when it does not say.
std::string Late19cEngine::claimed_hit_outcome(const ngn::Event& e, std::optional<HexRef>& to, ngn::SourcePos& to_pos, GameContext& ctx) {
    std::string outcome;
    if (e.claim) {
        auto items = elements(*e.claim);
        for (std::size_t i = 0; i < items.size(); ++i) {
            const ngn::Item& it = *items[i];
            const std::string w = word_text(it) ? lower(*word_text(it)) : "";
            if (w == "retreat" || w == "retreats") outcome = "retreat";
            else if (w == "lose" || w == "loses") outcome = outcome.empty() ? "lose" : outcome;
            else if (w == "destroyed") outcome = "destroyed";
            else if (it.is<ngn::HexPos>()) {
                to = hex_arg(it, ctx, kRetreat);
                to_pos = it.pos;
                if (outcome.empty()) outcome = "retreat";
            } else if (it.is<ngn::Number>() && outcome == "lose") {
                if (whole(it) != 1)
                    ctx.findings.error(Kind::WrongResult, kHitsOnUnits, it.pos, "a hit costs a unit 1 SP", std::string("1"), it.to_ngn());
            } else if (w == "sp" || w == "survives" || w == "survive") {
            } else {
                ctx.findings.error(Kind::Inconsistent, kHitsOnUnits, it.pos,
                                   "a hit on a unit ends in: retreat #hex, lose 1, or destroyed; not '" + it.to_ngn() + "'");
            }
        }
    }
    return outcome;
}

// Whether the outcome the record gives a hit is what the die allows (Resolving hits on Units): a
// unit that survives retreats 1 hex or loses 1 SP; one that does not is destroyed, or loses 1 SP
// with failed-hit=lose-1.
void Late19cEngine::judge_hit_outcome(const ngn::Event& e, const Piece& p, int die, bool survives, const std::string& outcome,
                                      GameContext& ctx) {
    const Quality q = p.quality.value_or(Quality::Average);
    std::string expected;
    bool ok = true;
    if (survives) {
        ok = outcome == "retreat" || outcome == "lose" || (outcome == "destroyed" && p.strength <= 1);
        expected = retreat_choices(p) + "lose 1";
    } else if (readings_.failed_hit_loses_one) {
        ok = outcome == "lose" || (outcome == "destroyed" && p.strength <= 1);
        expected = "lose 1";
    } else {
        ok = outcome == "destroyed";
        expected = "destroyed";
    }
    if (outcome.empty()) {
        ctx.findings.error(Kind::Inconsistent, kHitsOnUnits, e.subject.pos,
                           "say what the hit did: " + expected, expected, std::string("nothing"));
    } else if (!ok) {
        std::string why = survives ? with_article(quality_name(q)) + " unit survives on " + std::to_string(hit_survival(q)) +
                                         " or more (" + std::to_string(die) + "): it retreats 1 hex or loses 1 SP"
                                   : with_article(quality_name(q)) + " unit needs " + std::to_string(hit_survival(q)) +
                                         " or more to survive (" + std::to_string(die) + ")" +
                                         (readings_.failed_hit_loses_one ? ": it loses 1 SP (failed-hit=lose-1)"
                                                                         : ": it does not survive (failed-hit=destroyed)");
        ctx.findings.error(Kind::WrongResult, kHitsOnUnits, e.claim_pos, why, expected, outcome);
    }
}

void Late19cEngine::hit_on_ship(const ngn::Event& e, Piece& p, const PendingHit& h, std::optional<Weapon> named, GameContext& ctx) {
    ctx.judged(kShipHits);
    ctx.judged(naval("Ship Flotation Values a"));  // hits are cumulative
    std::optional<Weapon> row = h.row;
    if (named && row && *named != *row && h.disputed) {
        row = named;  // a hit the replay cannot be sure of (already reported): the row named, as played
    } else if (named && row && *named != *row) {
        // Said once for the ship this turn; the hit is read on the row named, as played (a fire
        // the record leaves out may be where it came from, and its other hits then stand too).
        if (!p.unrecorded_fire.excuses(turn_, ctx.findings, e.subject.pos, p.name + "'s hit is read on the row named")) {
            const Cause cause = Findings::cause_of(ctx.findings.error(
                Kind::WrongResult, kShipHits, e.subject.pos, std::string("this hit came from ") + weapon_name(*row) + ": it is read on that row of the table",
                std::string(weapon_name(*row)), std::string(weapon_name(*named))));
            p.unrecorded_fire.mark(turn_, cause);
            unread_fire_.mark(turn_, cause);  // that fire may have hit other ships too
        }
        row = named;
    }
    if (!row && named) {
        row = named;
        ctx.findings.note(Kind::Unverifiable, kShipHits, e.subject.pos,
                          std::string("the book gives no row of the hits-on-ships table for this fire; read as ") + weapon_name(*named) +
                              ", as the record says");
    }
    const ngn::Dice* d = dice_of(e);
    std::optional<int> die;
    if (!d)
        ctx.findings.error(Kind::Inconsistent, kShipHits, e.subject.pos, "a ship that is hit rolls a D6: write it (d6: 4)");
    else if (ctx.dice_ok && d->faces.size() == 1)
        die = d->faces[0].value;
    else if (ctx.dice_ok)
        ctx.findings.error(Kind::Inconsistent, kShipHits, d->faces[0].pos, "a ship that is hit rolls one D6", std::string("1 die"),
                           counted(static_cast<long long>(d->faces.size()), "die", "dice"));
    std::optional<int> claimed;
    bool claim_unread = false;
    if (e.claim) {
        for (const ngn::Item* it : elements(*e.claim)) {
            const std::string w = word_text(*it) ? lower(*word_text(*it)) : "";
            if (w == "minor") claimed = 0;
            else if (const auto* n = it->as<ngn::Number>(); n && n->is_integer && (n->unit.empty() || lower(n->unit) == "fp"))
                claimed = n->as_int();
            else if (w == "fp" || w == "lose" || w == "loses" || w == "damage") {
            } else {
                ctx.findings.error(Kind::Inconsistent, kShipHits, it->pos,
                                   "a hit on a ship ends in minor damage or the FP lost: => minor, => 1, => 2; not '" + it->to_ngn() + "'");
                claim_unread = true;
            }
        }
    }
    if (!row && !named && !claimed) {
        ctx.findings.error(Kind::Inconsistent, kShipHits, e.subject.pos,
                           "say which row of the table the hit is read on (heavy, light ...): the book gives none for this fire");
        return;
    }
    std::optional<int> expected = (die && row) ? std::optional<int>(ship_hit_loss(*row, p.ship_type, *die)) : std::nullopt;
    auto text = [](int n) { return n == 0 ? std::string("minor") : std::to_string(n) + " FP"; };
    if (!claimed) {
        if (!claim_unread)  // (else the word not read is the finding, and the die says what the hit did)
            ctx.findings.error(Kind::Inconsistent, kShipHits, e.subject.pos, "say what the hit did: => minor, => 1 or => 2 (FP lost)",
                               expected ? std::optional<std::string>(text(*expected)) : std::nullopt, std::string("nothing"));
        claimed = expected;
    } else if (expected && *expected != *claimed) {
        p.strength_parted = Findings::cause_of(ctx.findings.error(
            Kind::WrongResult, kShipHits, e.claim_pos,
            std::string(weapon_name(*row)) + " on " + with_article(ship_stats(p.ship_type).name) + ", " + std::to_string(*die) + ": " + text(*expected),
            text(*expected), text(*claimed)));
    }
    const std::optional<int> rules_after =
        expected && claimed && *expected != *claimed ? std::optional<int>(std::max(0, p.rules_strength.value_or(p.strength) - *expected))
                                                     : std::nullopt;
    if (claimed && *claimed > 0) {
        lose(p, *claimed, ctx, e.claim_pos);
        p.last_loss = *claimed;
    }
    if (rules_after) p.rules_strength = *rules_after == p.strength ? std::nullopt : rules_after;
}

// A loss of SP or FP, as played; at 0 a unit is destroyed and a ship sinks (after this turn's
// fire, which is simultaneous); a ship at its Critical Point breaks off.
void Late19cEngine::lose(Piece& p, int amount, GameContext& ctx, ngn::SourcePos at) {
    if (!p.ship) ctx.judged(kStrength);
    if (p.ship && p.strength - amount <= ship_stats(p.ship_type).critical) ctx.judged(kBreakOffRule);
    if (p.ship && p.strength > 0 && p.strength - amount <= 0) ctx.judged(kSunk);
    if (p.strength > 0 && p.strength - amount <= 0) p.last_point_line = at.line;
    p.strength = std::max(0, p.strength - amount);
    if (p.rules_strength) p.rules_strength = std::max(0, *p.rules_strength - amount);
    if (p.ship) {
        // at 0 FP a ship sinks: at the end of the firing it still takes part in, else at once (a mine)
        if (p.strength == 0 && (phase_ == "guns" || phase_ == "torpedoes" || phase_ == "artillery")) p.sinking = true;
        else if (p.strength == 0 && !p.gone) p.gone.leave("sank in turn " + std::to_string(turn_), p.last_point_line);
        else if (p.strength <= ship_stats(p.ship_type).critical && !p.broke_off) {
            p.broke_off = true;  // it must break off from battle (shown by `ironlog state`)
            p.broke_off_turn = turn_;
        }
    } else if (p.strength == 0) {
        if (!p.gone) p.gone.leave("was destroyed in turn " + std::to_string(turn_), p.last_point_line);
        if (p.towing) {
            p.towing->towed_by = nullptr;
            p.towing = nullptr;
        }
        if (p.towed_by) {
            p.towed_by->towing = nullptr;
            p.towed_by = nullptr;
        }
    }
    note_exhaustion(p.side());
}

// A side's losses have come to its Exhaustion Point: it attacks no more, and when every side's
// have the battle ends.
void Late19cEngine::note_exhaustion(int side) {
    if (!started_ || !initial_by_side_.count(side) || !exhausted(side) || !exhausted_sides_.insert(side).second || variant_ == "naval") return;
    bool all = true;
    for (const auto& [s, n] : initial_by_side_)
        if (!exhausted_sides_.count(s)) all = false;
    if (all && initial_by_side_.size() >= 2 && !ended_) {
        ended_ = true;
        ended_turn_ = turn_;
    }
}

// ---- the Exhaustion Point ------------------------------------------------------------------------

int Late19cEngine::side_initial(int side) const {
    auto it = initial_by_side_.find(side);
    return it == initial_by_side_.end() ? 0 : it->second;
}

int Late19cEngine::side_lost(int side) const {
    int lost = 0;
    for (const auto& p : pieces_)
        if (p->side() == side) lost += p->initial - p->strength + std::min(p->loss_settled, p->strength);
    return lost;
}

// What a side may have lost that the count above does not know: the SP (FP) of its pieces whose
// hits were left unresolved, and its ships' FP as the rules have them after a wrong claim.
Late19cEngine::LossDoubt Late19cEngine::loss_doubt(int side) const {
    LossDoubt d;
    d.by_rules = side_lost(side);
    for (const auto& p : pieces_) {
        if (p->side() != side) continue;
        if (p->fate_unknown && p->on_map()) d.more += unsettled_loss(*p), d.cause = p->fate_unknown;
        if (p->rules_strength && p->strength_parted) *d.by_rules += p->strength - *p->rules_strength, d.rules_cause = p->strength_parted;
    }
    if (!d.rules_cause) d.by_rules.reset();
    return d;
}

// The SP (FP) a piece's hits left unresolved may have cost that no exhaustion claim has shown yet.
int Late19cEngine::unsettled_loss(const Piece& p) const {
    if (!p.fate_unknown || !p.on_map()) return 0;
    const int most = p.ship ? std::min(p.unrecorded_loss, p.strength) : p.strength;
    return std::max(0, most - std::min(p.loss_settled, p.strength));
}

// An exhaustion claim that counts `n` SP more than the replay: the losses of hits left unresolved,
// as played, on the side's pieces whose fate is in doubt.
void Late19cEngine::settle_losses(int side, int n) {
    for (auto& p : pieces_)
        if (p->side() == side && n > 0) {
            const int take = std::min(n, unsettled_loss(*p));
            p->loss_settled = std::min(p->loss_settled, p->strength) + take;
            n -= take;
        }
    note_exhaustion(side);
}

// A side past its Exhaustion Point as played only by a wrong claim of FP lost (reported): by the
// rules it is not, and what it does as if it were not is excused by that claim. True if so.
bool Late19cEngine::excused_exhaustion(int side, ngn::SourcePos at, GameContext& ctx) const {
    const LossDoubt doubt = loss_doubt(side);
    if (!doubt.by_rules || *doubt.by_rules >= (side_initial(side) + 1) / 2) return false;
    ctx.findings.excuse(*doubt.rules_cause, at, ctx.symbols.side(side)->label() + " is short of its Exhaustion Point by the rules' FP");
    return true;
}

bool Late19cEngine::exhausted(int side) const {
    if (variant_ == "naval") return false;
    const int initial = side_initial(side);
    return initial > 0 && side_lost(side) >= (initial + 1) / 2;
}

void Late19cEngine::exhaustion(const ngn::Event& e, const Entity& side, GameContext& ctx) {
    ctx.judged(kExhaustion);
    if (variant_ == "combined") ctx.judged(naval("Ship Flotation Values d"));  // 1 SP = 1 FP
    const int initial = side_initial(side.index);
    const int point = (initial + 1) / 2;
    int lost = side_lost(side.index);
    const LossDoubt doubt = loss_doubt(side.index);
    std::optional<int> said_lost;
    for (std::size_t i = 1; i + 1 < e.args.size(); ++i)
        if (is_word(e.args[i], "lost"))
            if (auto n = whole(e.args[i + 1]); n && *n != lost) {
                said_lost = n;
                if (doubt.cause && *n > lost && *n <= lost + doubt.more) {
                    // losses of hits left unresolved (reported): the count as played from here on
                    ctx.findings.excuse(*doubt.cause, e.args[i + 1].pos, side.label() + "'s losses count hits left unresolved");
                    settle_losses(side.index, *n - lost);
                    lost = *n;
                } else if (doubt.by_rules && *n == *doubt.by_rules) {
                    ctx.findings.excuse(*doubt.rules_cause, e.args[i + 1].pos, side.label() + "'s losses count its ship's FP as the rules have them");
                    lost = *n;
                } else {
                    ctx.findings.error(Kind::WrongResult, kExhaustion, e.args[i + 1].pos,
                                       side.label() + " has lost " + std::to_string(lost) + " of its " + std::to_string(initial) + " SP",
                                       std::to_string(lost), std::to_string(*n));
                }
            }
    if (!e.claim) return;
    std::string claim;
    for (const ngn::Item* it : elements(*e.claim))
        if (const std::string_view* w = word_text(*it)) claim += (claim.empty() ? "" : " ") + lower(*w);
    bool said_exhausted;
    if (claim == "exhausted") said_exhausted = true;
    else if (claim == "not-exhausted" || claim == "not exhausted" || claim == "fresh") said_exhausted = false;
    else {
        ctx.findings.error(Kind::Inconsistent, kExhaustion, e.claim_pos, "the check ends in exhausted or not-exhausted",
                           std::string("exhausted or not-exhausted"), claim);
        return;
    }
    const bool is = lost >= point;
    if (is == said_exhausted) return;
    if (!said_lost && doubt.cause && said_exhausted && lost + doubt.more >= point)
        ctx.findings.excuse(*doubt.cause, e.claim_pos, side.label() + "'s losses may count hits left unresolved");
    else if (!said_lost && doubt.by_rules && (*doubt.by_rules >= point) == said_exhausted)
        ctx.findings.excuse(*doubt.rules_cause, e.claim_pos, side.label() + "'s losses may count its ship's FP as the rules have them");
    else
        ctx.findings.error(Kind::WrongResult, kExhaustion, e.claim_pos,
                           side.label() + "'s Exhaustion Point is " + std::to_string(point) + " SP (half of " + std::to_string(initial) +
                               ", rounded up); it has lost " + std::to_string(lost),
                           std::string(is ? "exhausted" : "not-exhausted"), claim);
}

// ---- modifiers -------------------------------------------------------------------------------------

// The modifiers written after the dice against those the rules give.
void Late19cEngine::check_modifiers(const ngn::Event& e, const ngn::Dice& dice, int expected, const std::string& working,
                                    const RuleRef& rule, GameContext& ctx) {
    int written = 0;
    for (const auto& m : dice.modifiers) written = saturating_add(written, m.value);
    if (written == expected) return;
    ctx.findings.error(Kind::WrongResult, rule, dice.modifiers.empty() ? e.subject.pos : dice.modifiers.front().pos,
                       "the modifiers come to " + signed_text(expected) + (working.empty() ? std::string(" (none apply)") : " (" + working + ")"),
                       signed_text(expected), signed_text(written));
}

// A commander of the piece's side whose place is in doubt: whether it is with or next to the piece
// (+1 to its fire and close combat) is not known.
std::optional<Cause> Late19cEngine::commander_doubt(const Piece& p) const {
    if (p.ship) return std::nullopt;  // (a ship's guns have no commander's +1)
    for (const auto& q : pieces_)
        if (q->on_map() && !q->ship && q->type == UnitType::Commander && q->side() == p.side() && q->whereabouts_unknown)
            return q->whereabouts_unknown;
    return std::nullopt;
}

// The modifiers of a fire judged (check_modifiers), as played where a reported mistake leaves them
// open: not at all while the firer's or the target's place is in doubt, 1 either way while a
// commander's is. The target hit last turn by a fire the record leaves out (a finding then): it
// may have been this firer's, and "same target" is then its due. A +1 the rules do not give at a
// target not fired at last turn may be "the same target" after a fire left out with no hit to
// show it: reported, the target is then taken as fired at last turn (the firer's other fire at
// it this turn is not reported again). A unit's fire found wrong may be a move left out, of the
// target (its cover, the line of sight to it) or of the firer (the +1 for not having moved):
// their places are in doubt. Returns the modifiers the landing and hits are read with: the
// rules', or the record's where they are not judged.
int Late19cEngine::judge_modifiers(const ngn::Event& e, const ngn::Dice& dice, Piece& p, const Aim& target, int expected,
                                   const std::string& working, const RuleRef& rule, GameContext& ctx) {
    int written = 0;
    for (const auto& m : dice.modifiers) written = saturating_add(written, m.value);
    if (written == expected + 1 && !p.targets_before.count(target.key) && target.piece &&
        (target.piece->unrecorded_fire.turn() == turn_ - 1 || unread_fire_.turn() == turn_ - 1))
        expected += 1;
    if (written == expected) return expected;
    if (place_doubt(p, target.piece)) return written;
    if (auto c = commander_doubt(p); c && (written == expected + 1 || written == expected - 1)) {
        ctx.findings.excuse(*c, dice.modifiers.empty() ? e.subject.pos : dice.modifiers.front().pos,
                            "the modifiers may count the commander whose place is in doubt");
        return written;
    }
    check_modifiers(e, dice, expected, working, rule, ctx);
    const Cause why = Findings::cause_of(ctx.findings.all().back());
    if (written == expected + 1 && !p.targets_before.count(target.key)) p.targets_before.insert(target.key);
    doubt_commander(p, written - expected, why);
    if (target.piece && !target.piece->ship && std::abs(written - expected) <= 3) doubt_place(*target.piece, why);
    if (!p.ship && p.type != UnitType::Artillery && !p.moved && written == expected - 1) doubt_place(p, why);
    // a ship without the +1 for not having moved last turn: a move of it left out, its place in doubt
    if (p.ship && readings_.ship_still_last_turn && !p.moved_before && written == expected - 1 && !p.position_doubted) p.position_doubted = why;
    return expected;
}

// Modifiers written 1 more or less than the rules give, where a commander with or next to the
// unit (+1) may be why: a move of a commander of its side left out. The nearest commander's
// place is then in doubt (the commander's +1 is not judged again till it next moves).
void Late19cEngine::doubt_commander(const Piece& p, int more, const Cause& why) {
    if (p.ship || (more != 1 && more != -1) || (more == 1) == commander_near(p)) return;
    Piece* nearest = nullptr;
    for (auto& q : pieces_)
        if (placed(*q) && !q->ship && q->type == UnitType::Commander && q->side() == p.side() && q.get() != &p &&
            (!nearest || field_->grid().distance(*q->hex, *p.hex) < field_->grid().distance(*nearest->hex, *p.hex)))
            nearest = q.get();
    if (nearest) doubt_place(*nearest, why);
}

// ---- the state, for `ironlog state` -------------------------------------------------------------------

void Late19cEngine::describe(std::ostream& os, const GameContext& ctx) const {
    os << "late19c, " << (variant_.empty() ? "land" : variant_) << " battle";
    if (turn_ > 0) os << ", turn " << turn_;
    if (!phase_.empty()) os << ", phase " << phase_;
    os << "\n";
    for (const Entity* side : ctx.symbols.sides()) {
        os << side->label();
        if (variant_ != "naval" && side_initial(side->index) > 0)
            os << ": " << side_lost(side->index) << " of " << side_initial(side->index) << " SP lost, Exhaustion Point "
               << (side_initial(side->index) + 1) / 2 << (exhausted(side->index) ? " (reached)" : "");
        os << "\n";
        for (const auto& p : pieces_) {
            if (p->side() != side->index) continue;
            os << "  " << p->name << " (" << p->what();
            if (p->quality) os << ", " << quality_name(*p->quality);
            os << "): ";
            if (p->gone) {
                os << (p->ship ? "sunk or gone" : "destroyed") << "\n";
                continue;
            }
            os << p->strength << "/" << p->initial << (p->ship ? " FP" : " SP");
            if (p->hex) os << " at " << hex_text(*p->hex) << "/" << geometry::hex::facing_name(p->facing);
            if (p->tile) os << ", tile " << p->tile->text;
            if (p->towing) os << ", towing " << p->towing->name;
            if (p->ship && p->tubes) os << ", " << p->torpedoes_fired << " of 4 torpedoes fired";
            if (p->broke_off) os << ", breaking off";
            if (p->sinking) os << ", sinking";
            os << "\n";
        }
    }
}

std::vector<std::string_view> Late19cEngine::verbs() const { return verb_words(kVerbs); }

}  // namespace ironlog::rules::late19c
