// The tmbv engine's core: the files a record names, the impulse sequence (7.5), the verb table,
// and what `ironlog state` shows.
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"
#include "check/lookahead.hpp"

#include <algorithm>
#include <map>
#include <mutex>

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kVocabulary = ngn_rule("5.3", "Events");
const RuleRef kCharts{"tmbv", "7.8.6", "Fire Combat Resolution"};
const RuleRef kManifests{"tmbv", "2.0", "Game Components"};
}  // namespace

RuleRef cite(const char* section, const char* title) { return RuleRef{"tmbv", section, title}; }

std::unique_ptr<Engine> make_engine() { return std::make_unique<TmbvEngine>(); }

const Verb<TmbvEngine> kVerbs[] = {
    {"fire", TmbvEngine::on_fire},
    {"move", TmbvEngine::on_move},
    {"ram", TmbvEngine::on_ram},
    {"start", TmbvEngine::on_start},
    {"independent", TmbvEngine::on_independent},
    {"critical", TmbvEngine::on_critical},
    {"on-fire", [](TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& c) { return TmbvEngine::on_end_roll(t, e, a, c, true); }},
    {"rudder", [](TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& c) { return TmbvEngine::on_end_roll(t, e, a, c, false); }},
    {"not-ready", TmbvEngine::on_not_ready},
};

bool is_action(const ngn::Event& e) { return find_verb(kVerbs, e) != nullptr; }

// ---- the files and the scenario ---------------------------------------------------------------------

// The first of the files a record names that is there, read once a run: a file of many games is
// checked against the same pack or manifest game after game. A file changed since (size or time)
// is read again; its problems are reported with every game that uses it.
template <class T>
std::optional<T> load_first(const std::vector<std::filesystem::path>& paths, GameContext& ctx) {
    struct Read {
        std::uintmax_t size = 0;
        std::filesystem::file_time_type time;
        T value;
        std::vector<Finding> problems;
    };
    static std::mutex lock;
    static std::map<std::string, Read> read;
    for (const auto& path : paths) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) continue;
        const std::string name = path.lexically_normal().string();
        const auto size = std::filesystem::file_size(path, ec);
        const auto time = std::filesystem::last_write_time(path, ec);
        std::lock_guard<std::mutex> guard(lock);
        auto it = read.find(name);
        if (it == read.end() || it->second.size != size || it->second.time != time) {
            Findings problems;
            T value = T::load(path, name, problems);
            if (read.size() > 64) read.clear();  // a run over many different files keeps few
            it = read.insert_or_assign(name, Read{size, time, std::move(value), problems.all()}).first;
        }
        for (const Finding& f : it->second.problems) ctx.findings.all().push_back(f);
        return it->second.value;
    }
    return std::nullopt;
}

void TmbvEngine::begin(GameContext& ctx) {
    // The Battle of Lissa is replayed; of a campaign, its Turn Start Phase (turn_start.cpp): its
    // battles and other phases are checked for their sequence only (docs/rules/tmbv.md).
    lissa_ = ctx.header.sequence && ctx.header.sequence->variant == "lissa";
    campaign_ = ctx.header.sequence && ctx.header.sequence->variant == "campaign";
    battle_ = ctx.header.sequence && ctx.header.sequence->variant == "battle";
    tbb_ = lissa_ || battle_;
    if (!tbb_ && !campaign_) return;
    manifest_ = load_first<Manifest>(ctx.header.libraries, ctx);
    tables_ = load_first<TablePack>(ctx.header.tables, ctx);
    side_names_.assign(ctx.symbols.side_count(), "");
    for (const Entity* s : ctx.symbols.sides()) {
        const std::string n = lower(s->name);
        if (s->index >= 0 && static_cast<std::size_t>(s->index) < side_names_.size()) side_names_[static_cast<std::size_t>(s->index)] = n;
        if (n == "italy" || n == "italian" || n == "italians" || lower(s->alias) == "ita") italy_ = s->index;
        if (n == "austria" || n == "austrian" || n == "austrians" || lower(s->alias) == "aut") austria_ = s->index;
    }
    if (campaign_) map_ = load_first<geometry::AreaMap>(ctx.header.maps, ctx);
    coastal_at_sea_ = ctx.header.option("coastal-at-sea") != "none";
    port_fleets_fight_ = ctx.header.option("unmobilized-fight") == "yes";
    roma_rule_ = ctx.header.rule_in_force("ironclad-roma");
    roma_at_set_up_ = ctx.header.option("roma-joins") == "at-set-up";
    diw_marker_rule_ = ctx.header.option("campaign-diw") == "marker";
    if (campaign_) return begin_campaign(ctx);
    grid_ = geometry::hex::Grid(ctx.header.option("hex-columns") == "odd-low" ? geometry::hex::Columns::OddLow
                                                                               : geometry::hex::Columns::EvenLow);
    los_edge_either_ = ctx.header.option("los-edge") == "either";
    rifled_rule_ = ctx.header.rule_in_force("austrian-rifled-guns");
    critical_rule_ = ctx.header.rule_in_force("critical-hits");
    not_ready_rule_ = ctx.header.rule_in_force("affondatore-not-ready");
    dispatch_rule_ = ctx.header.rule_in_force("dispatch-ships");
    count_targets_ = ctx.header.option("visibility-count") == "firers-and-targets";
    vp_.assign(ctx.symbols.side_count(), 0);
    if (battle_) return begin_battle_record(ctx);  // tactical_combat.cpp
    initiative_ = italy_;  // 13.2.3: the Italian player has the initiative
}

// Said once, where first needed: what the record cannot be checked for without the players' files.
void TmbvEngine::say_no_manifest(GameContext& ctx, ngn::SourcePos at) {
    if (manifest_ || said_no_manifest_) return;
    said_no_manifest_ = true;
    ctx.findings.note(Kind::Unverifiable, kManifests, at,
                      "no ship manifest ([Library \"...\"], docs/rules/tmbv.md): movement allowances, combat factors, hull boxes, "
                      "rams and the victory points of ships sunk are not verified");
}

void TmbvEngine::say_no_tables(GameContext& ctx, ngn::SourcePos at) {
    if (tables_ || said_no_tables_) return;
    said_no_tables_ = true;
    ctx.findings.note(Kind::Unverifiable, kCharts, at,
                      "no table pack of the Player Aid Charts ([Tables \"...\"], docs/rules/tmbv.md): fire combat, ram and DIW "
                      "start-up results, damage effects, the weather's visibility limit and moves across boards are not verified");
}

void TmbvEngine::declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    if (campaign_ && d.kind == ngn::EntityKind::Fleet) return declare_fleet(d, e, ctx);
    if (campaign_ && d.kind == ngn::EntityKind::Ship) return declare_campaign_ship(d, e, ctx);
    if (!tbb_) return;
    if (d.kind == ngn::EntityKind::Formation) declare_formation(d, e, ctx);
    else if (d.kind == ngn::EntityKind::Ship) declare_ship(d, e, ctx);
}

Ship* TmbvEngine::ship(const Entity& e) {
    auto it = ship_by_.find(&e);
    return it == ship_by_.end() ? nullptr : it->second;
}

std::vector<Ship*> TmbvEngine::ships_of(int side) {
    std::vector<Ship*> out;
    for (Ship& s : ships_)
        if (s.side == side) out.push_back(&s);
    return out;
}

std::string TmbvEngine::side_name(int side, const GameContext& ctx) const {
    const Entity* s = ctx.symbols.side(side);
    return s ? s->label() : "side " + std::to_string(side + 1);
}

// ---- the record read ahead: what the players did next ----------------------------------------------

// Once a game, when first asked: each ship's own lines, and where the impulses begin.
void TmbvEngine::index_acts(GameContext& ctx) {
    if (acts_indexed_) return;
    acts_indexed_ = true;
    for (const ngn::Line& l : ctx.game.lines) {
        if (const auto* h = l.as<ngn::Heading>(); h && h->kind == ngn::HeadingKind::Impulse) impulse_lines_.push_back(l.pos.line);
        const ngn::Event* e = l.as<ngn::Event>();
        if (!e) continue;
        last_event_line_ = l.pos.line;
        if (const Entity* a = ctx.symbols.find(reference_text(e->subject))) acts_[a].emplace_back(l.pos.line, e);
    }
}

// Once a game, when first asked (a finding is near): the last line naming each ship, as actor or target.
void TmbvEngine::index_names(GameContext& ctx) {
    if (last_named_) return;
    index_acts(ctx);
    last_named_.emplace();
    for (const auto& [actor, lines] : acts_) (*last_named_)[actor] = lines.back().first;
    for (const ngn::Line& l : ctx.game.lines)
        if (const ngn::Event* e = l.as<ngn::Event>())
            for (std::size_t i = 0; i < e->args.size(); ++i)  // the action's place too: a line not read may name a ship there
                if (e->args[i].is<ngn::Word>() || e->args[i].is<ngn::Text>())
                    if (const Entity* n = ctx.symbols.find(reference_text(e->args[i]))) (*last_named_)[n] = std::max((*last_named_)[n], l.pos.line);
}

// The ship's next move after `line` that writes a hex (a ship that stays put, => 0 mp, is still
// where its move left it); none at a line of its that cannot be read, which may be a move written wrong.
const ngn::Event* TmbvEngine::next_placed_move(const Ship& s, std::uint32_t line, GameContext& ctx) {
    index_acts(ctx);
    const auto it = acts_.find(s.entity);
    if (it == acts_.end()) return nullptr;
    const auto& lines = it->second;
    for (auto p = std::upper_bound(lines.begin(), lines.end(), line, [](std::uint32_t l, const auto& x) { return l < x.first; }); p != lines.end(); ++p) {
        const ngn::Event& e = *p->second;
        if (!is_action(e)) return nullptr;
        if (!same_lower(e.verb(), "move")) continue;
        for (const ngn::Item* item : elements(e.args))
            if (item->is<ngn::HexPos>()) return &e;
    }
    return nullptr;
}

// Whether the record has a line of `x`'s own after `line` in the same impulse by which it activates
// (a roll for a hit or at the impulse's end is none).
bool TmbvEngine::acts_later(const Ship& x, std::uint32_t line, GameContext& ctx) {
    index_acts(ctx);
    const auto it = acts_.find(x.entity);
    if (it == acts_.end()) return false;
    const auto& lines = it->second;
    const auto heading = std::upper_bound(impulse_lines_.begin(), impulse_lines_.end(), line);
    for (auto next = std::upper_bound(lines.begin(), lines.end(), line, [](std::uint32_t l, const auto& y) { return l < y.first; });
         next != lines.end() && (heading == impulse_lines_.end() || next->first < *heading); ++next) {
        const std::string verb = lower(next->second->verb());
        if (verb != "critical" && verb != "on-fire" && verb != "rudder" && verb != "not-ready") return true;
    }
    return ctx.in_progress && heading == impulse_lines_.end();  // the impulse being written: it may act yet
}

// ---- the impulse sequence (7.5) ---------------------------------------------------------------------

void TmbvEngine::heading(const ngn::Heading& h, GameContext& ctx) {
    if (campaign_) return campaign_heading(h, ctx);
    if (!tbb_) return;
    judged(ctx, "4.0");  // the kit judges its place in the sequence of play
    if (h.kind == ngn::HeadingKind::Impulse) {
        if (!in_play_) check_deployment(ctx, h.label_pos);
        in_play_ = true;
        end_activation(ctx, h.label_pos);
        if (impulse_ > 0) end_impulse(ctx, h.label_pos);
        begin_impulse(h, ctx);
    } else if (h.kind == ngn::HeadingKind::Step) {
        end_activation(ctx, h.label_pos);
        if (lower(h.label) != step_) last_side_ = -1;  // the ships out of formation alternate afresh (7.5.5)
        step_ = lower(h.label);
    } else if (h.kind == ngn::HeadingKind::Phase || h.kind == ngn::HeadingKind::Turn) {
        end_activation(ctx, h.label_pos);
        step_.clear();
    }
}

void TmbvEngine::begin_impulse(const ngn::Heading& h, GameContext& ctx) {
    ++impulse_;
    judged(ctx, "7.0");
    step_.clear();
    last_side_ = -1;
    engaged_last_ = impulse_ == 1 ? 0 : static_cast<int>(engaged_now_.size());
    engaged_now_.clear();
    for (Ship& s : ships_) {
        s.activated = s.fired = s.fired_upon = s.targeted = s.moved = s.started = s.order_said = s.in_chain = false;
        s.mp_spent = 0;
        s.out_of_command = s.independent;
        s.relayed_for = nullptr;
    }
    end_roll_at_.reset();
    for (Formation& f : formations_) f.activated = false;
    adjust_visibility(h, ctx);
}

// The end of an activation: its targets are marked Fired Upon (7.8.5); a ship that entered an
// enemy's hex and made no ram broke 7.3.9.
void TmbvEngine::end_activation(GameContext& ctx, ngn::SourcePos at) {
    if (active_formation_)  // a ship of the formation with no move may have had its move left out
        for (Ship& s : ships_)
            if (std::find(linked_now_.begin(), linked_now_.end(), &s) != linked_now_.end()) missed_move(s, at, ctx);
    if (active_formation_ && active_formation_->shape == "line-ahead") check_line_path(*active_formation_, ctx, at);
    if (active_ship_) missed_move(*active_ship_, at, ctx);
    for (Ship& s : ships_) {
        if (s.targeted) s.fired_upon = true, s.targeted = false;
        if (s.ram_pending) {
            ctx.findings.error(Kind::Illegal, cite("7.3.9"), *s.ram_move_pos,
                               s.label() + " entered an enemy ship's hex (" + spot_text(*s.ram_pending) +
                                   "), which a ship may do only to ram: a ram line follows its move");
            s.ram_pending.reset();
        }
    }
    active_formation_ = nullptr;
    active_ship_ = nullptr;
    formation_moved_ = false;
}

// A ship afloat whose DIW marker is on as the battle record ends: the last impulse's end (7.3.1)
// is not played by the replay, so a ship that spent no MP in it counts as well.
bool TmbvEngine::diw_at_end(const Ship& s) const {
    return afloat(s) && (s.diw || (impulse_ > 0 && s.mp_spent == 0 && !repaired_now(s)));
}

// A ship afloat that spent no MP this impulse is Dead in the Water (7.3.1).
void TmbvEngine::end_impulse(GameContext& ctx, ngn::SourcePos at) {
    end_rolls_missing(ctx, at);
    for (Ship& s : ships_)
        if (!in_formation(s) || s.formation->activated) missed_move(s, at, ctx);
    for (Ship& s : ships_) {
        if (afloat(s)) judged(ctx, "7.3.1");
        if (afloat(s) && s.mp_spent == 0 && !s.diw && !repaired_now(s)) s.diw = true, s.turned = false;
    }
}

void TmbvEngine::event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (campaign_) return campaign_event(e, actor, ctx);
    if (!tbb_) return;
    criticals_due(e, actor, ctx);
    if (const auto* v = find_verb(kVerbs, e); v && v->handle(*this, e, actor, ctx)) return;
    const ngn::SourcePos at = e.args.empty() ? e.subject.pos : e.args.front().pos;
    const std::string verb = e.verb();
    const std::string what = verb.empty() ? "a ship's line begins with its action, after its name: " + actor.label() + " move #E:0708"
                                          : "'" + verb + "' is not an action of a tmbv ship here";
    std::optional<Cause> why = unknown_verbs_.said_before(lower(verb));
    if (why && !verb.empty())
        ctx.findings.excuse(*why, at, what);
    else
        unknown_verbs_.said(lower(verb), *(why = Findings::cause_of(ctx.findings.error(
                                               Kind::Inconsistent, kVocabulary, at,
                                               what + "; " + did_you_mean(kVerbs, verb) + "a ship's actions are " + verb_list(kVerbs) + " (docs/rules/tmbv.md)"))));
    if (Ship* s = ship(actor)) line_not_read(*s, e, *why, ctx);
}

// A ship's line that could not be read stands for what it may have been: the ship's activation,
// a move to where its next move starts (as played).
void TmbvEngine::line_not_read(Ship& s, const ngn::Event& e, const Cause& why, GameContext& ctx) {
    unread_ = std::pair{e.subject.pos.line, why};
    for (const ngn::Item& it : e.args)  // an attack it may have been: the ships it names may have taken hits
        if (it.is<ngn::Word>() || it.is<ngn::Text>())
            if (const Entity* named = ctx.symbols.find(reference_text(it)); named && ship(*named)) ship(*named)->hits_missing = why;
    if (!afloat(s)) return;
    s.ram_pending.reset();  // it may have been the ram its move into an enemy's hex called for
    if (step_ == "non-formation" && active_ship_ != &s) {
        end_activation(ctx, e.subject.pos);
        active_ship_ = &s;
        last_side_ = s.side;
    }
    s.activated = true;
    s.place_unknown = true;
    s.doubt = why;
    s.mp_spent = std::max(s.mp_spent, 1);
}

// A ship's own line (a ram's too: its move may be missing): the ship activates, then acts.
bool TmbvEngine::activated_line(const ngn::Event& e, const Entity& a, GameContext& ctx, void (TmbvEngine::*act)(Ship&, const ngn::Event&, GameContext&)) {
    Ship* s = ship(a);
    if (!s) return false;
    if (activate(*s, e, ctx)) (this->*act)(*s, e, ctx);
    return true;
}

bool TmbvEngine::on_move(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) { return t.activated_line(e, a, ctx, &TmbvEngine::move); }
bool TmbvEngine::on_fire(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) { return t.activated_line(e, a, ctx, &TmbvEngine::fire); }
bool TmbvEngine::on_ram(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) { return t.activated_line(e, a, ctx, &TmbvEngine::ram); }
bool TmbvEngine::on_start(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) { return t.activated_line(e, a, ctx, &TmbvEngine::start_up); }

// The ship a line names after its action (a fire's or a ram's target); none when it names none.
Ship* TmbvEngine::named_ship(const ngn::Event& e, GameContext& ctx) {
    for (std::size_t i = 1; i < e.args.size(); ++i)
        if (e.args[i].is<ngn::Word>() || e.args[i].is<ngn::Text>())
            if (const Entity* named = ctx.symbols.find(reference_text(e.args[i])); named && ship(*named)) return ship(*named);
    return nullptr;
}

// 7.4.3: a player may declare any ship but a flagship to operate on its own.
bool TmbvEngine::on_independent(TmbvEngine& t, const ngn::Event& e, const Entity& a, GameContext& ctx) {
    Ship* s = t.ship(a);
    if (!s) return false;
    judged(ctx, "7.4.3");
    if (s->flagship)
        ctx.findings.error(Kind::Illegal, cite("7.4.3"), e.subject.pos,
                           s->label() + " is a flagship: only ships that are not flagships may be declared independent");
    else
        s->independent = s->out_of_command = true;
    return true;
}

void TmbvEngine::finish(GameContext& ctx) {
    if (campaign_) {
        close_turn_start(ctx), settle_interception(ctx), close_impulse(ctx), close_return_to_port(ngn::SourcePos{ctx.game.last_line, 1}, ctx);
        for (const Interruption& i : operations_.interruptions) judge_compulsory(i, ngn::SourcePos{ctx.game.last_line, 1}, ctx);
        close_bombardment(ctx);
        close_reinforcement(ctx), judge_arrived_make_up(ctx);
        judge_roma_declared(ctx);
        return judge_campaign_result(ctx);
    }
    if (!tbb_) return;
    const ngn::SourcePos at{ctx.game.last_line, 1};
    if (!in_play_) check_deployment(ctx, at);
    end_activation(ctx, at);
    if (impulse_ > 0) end_rolls_missing(ctx, at);  // the last impulse's end-of-impulse rolls (14.1)
    judge_result(ctx);
}

void TmbvEngine::describe(std::ostream& os, const GameContext& ctx) const {
    if (campaign_) return describe_campaign(os, ctx);
    os << "Impulse: " << impulse_ << "\n";
    os << "Visibility: " << (visibility_ ? counted(*visibility_, "hex", "hexes") : "not known") << "\n";
    const auto vp = victory_points();
    for (std::size_t i = 0; i < vp.size(); ++i) os << side_name(static_cast<int>(i), ctx) << ": " << vp[i] << " VP\n";
    for (const Ship& s : ships_) {
        os << s.entity->name << ": ";
        if (s.sunk) {
            os << "sunk\n";
            continue;
        }
        os << (s.placed ? spot_text(s.at, s.facing) : "not placed") << ", hits " << s.hits.played();
        if (s.manifest) os << " of " << s.manifest->hull;
        if (s.formation) os << ", " << s.formation->entity->label() << (s.flagship ? " flagship" : "");
        if (s.out_of_command || !s.formation) os << ", out of command";
        if (s.diw) os << ", DIW";
        if (s.turned) os << ", Turned";
        if (s.on_fire) os << ", On Fire";
        if (s.bridge) os << ", Bridge Hit";
        if (s.rudder) os << ", Rudder Hit";
        if (s.fired_upon) os << ", Fired Upon";
        os << "\n";
    }
}

// The words a line may act with here (an editor's completion, the recorder's Tab): the campaign's
// phases' own, or the TBB's.
std::vector<std::string_view> TmbvEngine::verbs() const {
    if (campaign_)
        return {"roll",   "draw",   "fml",  "mobilize", "activate",       "move",   "pass",      "intercept", "evade", "drop", "transfer", "reform", "tow", "cut", "scuttle", "wins",
                "return", "stay",   "bombard", "battery", "land", "weather-damage", "repair", "reinforce", "vp"};
    return verb_words(kVerbs);
}

}  // namespace ironlog::rules::tmbv

namespace ironlog::rules::tmbv {

// Copies every member by value, then points what pointed into the original's own state (its
// ships_, formations_ and manifest_) at the copy's. Pointers into the record (events, entities)
// are kept: the replay keeps those lines in place after a copy.
TmbvEngine::TmbvEngine(const TmbvEngine& other) : Engine(other) {
    manifest_ = other.manifest_;
    tables_ = other.tables_;
    ships_ = other.ships_;
    hexes_ = other.hexes_, grids_ = other.grids_;
    hits_parted_ = other.hits_parted_, hits_changed_ = other.hits_changed_;
    formations_ = other.formations_;
    grid_ = other.grid_;
    campaign_ = other.campaign_, turn_start_ = other.turn_start_, operations_ = other.operations_, in_operations_ = other.in_operations_;
    map_ = other.map_, said_no_map_ = other.said_no_map_, battles_read_ = other.battles_read_;
    lissa_ = other.lissa_, battle_ = other.battle_, tbb_ = other.tbb_, los_edge_either_ = other.los_edge_either_, rifled_rule_ = other.rifled_rule_;
    critical_rule_ = other.critical_rule_, not_ready_rule_ = other.not_ready_rule_, dispatch_rule_ = other.dispatch_rule_;
    weather_ = other.weather_, initiative_ = other.initiative_, italy_ = other.italy_, austria_ = other.austria_;
    impulse_ = other.impulse_, visibility_ = other.visibility_, visibility_by_rules_ = other.visibility_by_rules_;
    visibility_parted_ = other.visibility_parted_, engaged_last_ = other.engaged_last_, in_play_ = other.in_play_;
    step_ = other.step_, formation_moved_ = other.formation_moved_;
    fleet_mp_ = other.fleet_mp_, fleet_mp_by_rules_ = other.fleet_mp_by_rules_, chain_doubt_ = other.chain_doubt_;
    count_targets_ = other.count_targets_, last_side_ = other.last_side_, vp_ = other.vp_, side_names_ = other.side_names_;
    said_no_manifest_ = other.said_no_manifest_, said_no_tables_ = other.said_no_tables_, said_boards_ = other.said_boards_;
    placed_refusal_ = other.placed_refusal_, unread_ = other.unread_, line_gap_ = other.line_gap_;
    unknown_verbs_ = other.unknown_verbs_;
    // Not copied: acts_, last_named_, impulse_lines_ and last_event_line_ index the whole record read
    // ahead; clone() copies only before they are made.
    end_roll_at_ = other.end_roll_at_;

    std::map<const Ship*, Ship*> ship_of;
    for (std::size_t i = 0; i < ships_.size(); ++i) ship_of[&other.ships_[i]] = &ships_[i];
    std::map<const Formation*, Formation*> formation_of;
    for (std::size_t i = 0; i < formations_.size(); ++i) formation_of[&other.formations_[i]] = &formations_[i];
    auto new_ship = [&](const Ship* s) { return s ? ship_of.at(s) : nullptr; };
    auto new_formation = [&](const Formation* f) { return f ? formation_of.at(f) : nullptr; };
    auto new_ships = [&](const std::vector<const Ship*>& v) {
        std::vector<const Ship*> out;
        for (const Ship* s : v) out.push_back(new_ship(s));
        return out;
    };
    // a formation's flagship is one of the ships
    for (Formation& f : formations_) f.flagship = new_ship(f.flagship);
    for (Ship& s : ships_) {
        s.formation = new_formation(s.formation);        // its formation
        s.relayed_for = new_formation(s.relayed_for);    // the formation it relays for (14.4)
        // its manifest entry lies in manifest_, which was copied: found again in the copy
        if (s.manifest) {
            s.manifest = manifest_->find(s.entity->name);
            if (!s.manifest && !s.entity->alias.empty()) s.manifest = manifest_->find(s.entity->alias);
        }
    }
    // the lookups by entity, the active formation and ship, and the lists of this activation and impulse
    for (const auto& [e, s] : other.ship_by_) ship_by_[e] = new_ship(s);
    for (const auto& [e, f] : other.formation_by_) formation_by_[e] = new_formation(f);
    active_formation_ = new_formation(other.active_formation_);
    active_ship_ = new_ship(other.active_ship_);
    linked_now_ = new_ships(other.linked_now_);
    fleet_now_ = new_ships(other.fleet_now_);
    dispatch_seen_ = new_ships(other.dispatch_seen_);
    for (const Ship* s : other.engaged_now_) engaged_now_.insert(new_ship(s));  // only its size is read
}

// None once the engine has read the record ahead (index_acts, for a finding near): a finding made
// before the boundary may then name a line after it (a move's next move, the last line naming a
// ship), which an edit after the boundary changes; the replay then goes on from an earlier copy.
std::unique_ptr<Engine> TmbvEngine::clone() const {
    if (acts_indexed_ || last_named_) return nullptr;
    return std::unique_ptr<Engine>(new TmbvEngine(*this));
}

}  // namespace ironlog::rules::tmbv
