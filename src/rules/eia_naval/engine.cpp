// The eia-naval engine's core: the map and table pack a record names, the major powers and
// what they are to each other, fleets, NELSON and corps, the monthly turn and the sequence of
// the major powers (6.1), and what `ironlog state` shows.
#include "rules/eia_naval/engine.hpp"

#include "check/items.hpp"
#include "check/spelling.hpp"
#include "check/verbs.hpp"

#include <algorithm>

namespace ironlog::rules::eia_naval {

namespace {

const RuleRef kSequence = cite("6.1");
const RuleRef kMinor = cite("6.1.1");
const RuleRef kCombined = cite("6.1.2");
const RuleRef kSteps = cite("6.1.3");
const RuleRef kStacks = cite("6.2.2");
const RuleRef kTransport = cite("6.2.5");
const RuleRef kVocabulary = ngn_rule("5.3", "Events");
const RuleRef kFiles = ngn_rule("3.6", "Files a record uses");

const std::pair<const char*, Major> kMajors[] = {
    {"great britain", Major::GreatBritain}, {"britain", Major::GreatBritain}, {"england", Major::GreatBritain},
    {"russia", Major::Russia},   {"turkey", Major::Turkey},   {"ottoman empire", Major::Turkey},
    {"austria", Major::Austria}, {"prussia", Major::Prussia}, {"france", Major::France},
    {"spain", Major::Spain},
};

}  // namespace

Major major_named(const std::string& name) {
    std::string n = lower(name);
    for (char& c : n)
        if (c == '-' || c == '_') c = ' ';
    for (const auto& [text, m] : kMajors)
        if (n == text) return m;
    return Major::None;
}

const char* segment_name(Major m) {
    static const char* names[] = {"great-britain", "russia", "turkey", "austria", "prussia", "france", "spain", ""};
    return names[static_cast<std::size_t>(m)];
}

int Combat::ships(int power) const {
    int n = 0;
    for (const Fleet* f : power == attacker ? att : def)
        if (!f->gone) n += f->ships;
    return n;
}

int Combat::side_of(int power) const {
    if (power == attacker || power == defender) return power;
    for (const Fleet* f : att)
        if (f->power == power) return attacker;
    for (const Fleet* f : def)
        if (f->power == power) return defender;
    return -1;
}

std::unique_ptr<Engine> make_engine() { return std::make_unique<EiaEngine>(); }

template <class T>
static std::map<const T*, T*> copies_of(const Owned<T>& original, const Owned<T>& copy) {
    std::map<const T*, T*> to{{nullptr, nullptr}};
    for (std::size_t i = 0; i < copy.size(); ++i) to[original[i].get()] = copy[i].get();
    return to;
}

// The copy constructor (defaulted) copies every member: values as they are (powers, ports, the
// map and tables loaded at begin), pointers to entities unchanged, fleets_, leaders_, corps_
// and combats_ one by one (Owned). Every Fleet*, Leader*, Corps*, Combat* points into those:
// each is pointed here at the copy's own.
void EiaEngine::point_at_own(const EiaEngine& original) {
    const auto fleet_of = copies_of(original.fleets_, fleets_);
    const auto leader_of = copies_of(original.leaders_, leaders_);
    const auto corps_copy = copies_of(original.corps_, corps_);
    const auto combat_of = copies_of(original.combats_, combats_);
    auto fleets = [&](std::vector<Fleet*>& list) {
        for (Fleet*& f : list) f = fleet_of.at(f);
    };
    for (auto& f : fleets_) f->carrying = corps_copy.at(f->carrying);  // the corps a fleet carries
    for (auto& c : corps_) c->on = fleet_of.at(c->on);                // the fleet carrying a corps
    for (auto& c : combats_) fleets(c->att), fleets(c->def), fleets(c->early_pursuers);  // the fleets in each combat
    for (auto& [entity, f] : fleet_by_) f = fleet_of.at(f);          // entity -> its fleet ...
    for (auto& [entity, l] : leader_by_) l = leader_of.at(l);
    for (auto& [entity, c] : corps_by_) c = corps_copy.at(c);
    fleets(moving_);                                                  // the last stack to move
    for (Leader*& l : moving_leaders_) l = leader_of.at(l);
    combat_ = combat_of.at(combat_);                                  // the combat being fought
    assigned_.clear();                                                // losses given each fleet in it
    for (const auto& [f, n] : original.assigned_) assigned_[fleet_of.at(f)] = n;
    // The lines read again are scratch of the event being replayed (nothing keeps them after
    // it), and their words point into the original's text: the copy starts without them.
    reread_events_.clear();
    reread_items_.clear();
    reread_text_.clear();
}

std::unique_ptr<Engine> EiaEngine::clone() const {
    std::unique_ptr<EiaEngine> copy(new EiaEngine(*this));
    copy->point_at_own(*this);
    return copy;
}

// ---- the map and the table pack -----------------------------------------------------------------

void EiaEngine::begin(GameContext& ctx) {
    for (const auto& path : ctx.header.maps) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) {
            map_missing_ = true;  // reported with the header
            continue;
        }
        map_ = geometry::AreaMap::load(path, path.lexically_normal().string(), ctx.findings);
        break;
    }
    for (const auto& path : ctx.header.tables) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) continue;
        tables_ = TablePack::load(path, path.lexically_normal().string(), ctx.findings);
        if (!tables_->complete()) tables_.reset();
        break;
    }
    powers_.resize(ctx.symbols.side_count());
    for (const Entity* s : ctx.symbols.sides()) {
        pw(s->index).side = s;
        pw(s->index).major = major_named(s->name);
    }
}

// ---- the order of battle ----------------------------------------------------------------------------

Fleet* EiaEngine::fleet(const Entity& e) {
    auto it = fleet_by_.find(&e);
    return it == fleet_by_.end() ? nullptr : it->second;
}

Power& EiaEngine::pw(int side) {
    // a unit of no power: a blank one, written to and forgotten (one a thread: -j checks games at once)
    static thread_local Power blank;
    if (side < 0) return blank = Power{};
    if (static_cast<std::size_t>(side) >= powers_.size()) powers_.resize(static_cast<std::size_t>(side) + 1);
    return powers_[static_cast<std::size_t>(side)];
}

const Power& EiaEngine::pw(int side) const {
    static const Power blank;
    if (side < 0 || static_cast<std::size_t>(side) >= powers_.size()) return blank;
    return powers_[static_cast<std::size_t>(side)];
}

Power* EiaEngine::power_of(const Entity& e) {
    const int i = e.kind == ngn::EntityKind::Side ? e.index : e.side;
    if (i < 0) return nullptr;
    if (static_cast<std::size_t>(i) >= powers_.size()) powers_.resize(static_cast<std::size_t>(i) + 1);
    Power& p = pw(i);
    if (!p.side) p.side = e.kind == ngn::EntityKind::Side ? &e : nullptr;
    return &p;
}

std::optional<Where> EiaEngine::where_of(const ngn::Item& item, GameContext& ctx, const RuleRef& rule) {
    const auto* a = item.as<ngn::AreaPos>();
    if (!a) return std::nullopt;
    Where w{std::string(a->area), false};
    const std::string box = lower(a->box);
    if (!box.empty() && box != "port" && box != "blockade" && box != "box") {
        ctx.findings.error(Kind::Inconsistent, rule, item.pos,
                           "a port's places are @" + std::string(a->area) + "/port and @" + std::string(a->area) + "/blockade; not /" + std::string(a->box));
        return std::nullopt;
    }
    w.box = box == "blockade" || box == "box";
    if (!map_) return w;
    const geometry::Place* p = map_->find(std::string(a->area));
    if (!p) {
        std::string hint = map_->suggest(std::string(a->area));
        ctx.findings.error(Kind::Inconsistent, rule, item.pos,
                           "'" + std::string(a->area) + "' is not on the map (" + map_->file() + ")" + (hint.empty() ? "" : "; did you mean '" + hint + "'?"));
        if (hint.empty()) return std::nullopt;
        p = map_->find(hint);  // a name misspelt is the one finding: the place meant is read on
        if (!p) return std::nullopt;
    }
    w.place = p->name;
    if (!p->port && !box.empty()) {
        ctx.findings.error(Kind::Inconsistent, rule, item.pos, p->name + " is a sea area: it has no port or blockade box");
        w.box = false;
    }
    return w;
}

std::string where_text(const Where& w, const geometry::AreaMap* map) {
    const bool port = map && map->find(w.place) && map->find(w.place)->port;
    return "@" + (w.place.find(' ') != std::string::npos ? ngn::quote(w.place) : w.place) + (port ? (w.box ? "/blockade" : "/port") : "");
}

std::string EiaEngine::where_text(const Where& w) const { return eia_naval::where_text(w, map_ ? &*map_ : nullptr); }

// A record that places fleets or plays the phase needs its map; said once, where first needed.
bool EiaEngine::need_map(ngn::SourcePos at, GameContext& ctx) {
    if (map_) return true;
    if (!map_missing_ && !map_reported_) {
        map_reported_ = true;
        ctx.findings.error(Kind::Inconsistent, kFiles, at,
                           "an eia-naval record names the map it was played on: [Map \"maps/europe.ngn\"] (docs/maps.md)");
    }
    return false;
}

void EiaEngine::declaration(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    if (d.kind == ngn::EntityKind::Side) {
        declare_power(d, e, ctx);
        return;
    }
    need_map(d.name.pos, ctx);
    Where at;
    bool placed = false;
    int ships = -1;
    std::string minor, unit_kind = "corps";
    for (std::size_t i = 0; i < d.args.size(); ++i) {
        const ngn::Item& it = d.args[i];
        if (it.is<ngn::AreaPos>()) {
            if (auto w = where_of(it, ctx, kStacks)) at = *w, placed = true;
            continue;
        }
        const std::string w = word_text(it) ? lower(*word_text(it)) : "";
        if (w == "ships" && i + 1 < d.args.size() && d.args[i + 1].is<ngn::Number>() && d.kind == ngn::EntityKind::Fleet) {
            ships = d.args[++i].as<ngn::Number>()->as_int();
        } else if (w == "minor" && i + 1 < d.args.size() && d.kind == ngn::EntityKind::Fleet) {
            minor = reference_text(d.args[++i]);
        } else if (d.kind == ngn::EntityKind::Unit &&
                   (w == "corps" || w == "guerilla" || w == "cossack" || w == "freikorps" || w == "insurrection" || w == "garrison")) {
            unit_kind = w;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                               d.kind == ngn::EntityKind::Fleet ? "a fleet is declared with ships N, where it is (@area, @port/port, "
                                                                  "@port/blockade) and minor <state>; not '" + it.to_ngn() + "'"
                                                                : "say where it is (@area, @port/port); not '" + it.to_ngn() + "'");
        }
    }
    if (!placed && map_)
        ctx.findings.error(Kind::Inconsistent, kStacks, d.name.pos, "say where " + e.label() + " is: @\"Bay of Biscay\", @Brest/port ...");
    if (d.kind == ngn::EntityKind::Fleet) {
        auto f = std::make_unique<Fleet>();
        f->entity = &e;
        f->name = e.label();
        f->power = e.side;
        f->minor = minor;
        f->ships = ships;
        f->at = at;
        if (ships < 0) {
            ctx.findings.error(Kind::Inconsistent, cite("6.3.3.2"), d.name.pos, "say how many ships " + f->name + " has: ships N");
            f->ships = 0;
        }
        fleet_by_[&e] = f.get();
        fleets_.push_back(std::move(f));
    } else if (d.kind == ngn::EntityKind::Leader) {
        auto l = std::make_unique<Leader>();
        l->entity = &e;
        l->name = e.label();
        l->power = e.side;
        l->at = at;
        leader_by_[&e] = l.get();
        leaders_.push_back(std::move(l));
    } else if (d.kind == ngn::EntityKind::Unit) {
        auto c = std::make_unique<Corps>();
        c->entity = &e;
        c->name = e.label();
        c->power = e.side;
        c->at = at;
        c->transportable = unit_kind == "corps";
        corps_by_[&e] = c.get();
        corps_.push_back(std::move(c));
    }
}

// A side: a major power, with the powers it is at war with, its allies in combined movement,
// the ports it has access to, permission for the Dardanelles, and the ports it controls.
void EiaEngine::declare_power(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    Power* p = power_of(e);
    if (!p) return;
    p->side = &e;
    p->major = major_named(e.name);
    auto sides_in = [&](const ngn::Item& it) {
        std::vector<int> out;
        for (const ngn::Item* x : elements(it)) {
            const Entity* s = ctx.symbols.find_side(reference_text(*x));
            if (!s) {
                ctx.findings.error(Kind::Inconsistent, kVocabulary, x->pos, "'" + reference_text(*x) + "' is not a side of this record");
                continue;
            }
            out.push_back(s->index);
        }
        return out;
    };
    for (std::size_t i = 0; i < d.args.size(); ++i) {
        const std::string w = word_text(d.args[i]) ? lower(*word_text(d.args[i])) : "";
        const bool next = i + 1 < d.args.size();
        if (w == "access" && next) {
            // access may be to a minor country's ports, which is no side of the record
            for (const ngn::Item* x : elements(d.args[++i])) {
                if (const Entity* s = ctx.symbols.find_side(reference_text(*x))) p->access.insert(s->index);
                p->access_names.insert(lower(reference_text(*x)));
            }
        } else if ((w == "war" || w == "combined") && next) {
            for (int s : sides_in(d.args[++i])) (w == "war" ? p->war : p->combined).insert(s);
        } else if (w == "dardanelles") {
            p->dardanelles = true;
        } else if (w == "controls" && next) {
            for (const ngn::Item* x : elements(d.args[++i])) port_controller_[reference_text(*x)] = e.name;
        } else {
            ctx.findings.error(Kind::Inconsistent, kVocabulary, d.args[i].pos,
                               "a major power is declared with war <sides>, combined <allies>, access <powers>, dardanelles and "
                               "controls <ports>; not '" + d.args[i].to_ngn() + "'");
        }
    }
}

// ---- what the powers are to each other, and the ports ---------------------------------------------

bool EiaEngine::at_war(int a, int b) const {
    if (a < 0 || b < 0 || a == b) return false;
    const auto& pa = pw(a);
    const auto& pb = pw(b);
    return pa.war.count(b) || pb.war.count(a);
}

bool EiaEngine::allied_combined(int a, int b) const {
    if (a == b) return true;
    if (a < 0 || b < 0) return false;
    return pw(a).combined.count(b) || pw(b).combined.count(a);
}

int EiaEngine::bloc(int power) const {
    int b = power;
    for (std::size_t i = 0; i < powers_.size(); ++i)
        if (static_cast<int>(i) < b && allied_combined(power, static_cast<int>(i))) b = static_cast<int>(i);
    return b;
}

int EiaEngine::bloc_place(int b) const {
    int place = -1;
    for (std::size_t i = 0; i < powers_.size(); ++i) {
        if (bloc(static_cast<int>(i)) != b) continue;
        const Major m = powers_[i].major;
        if (m == Major::GreatBritain || m == Major::None) return 100;
        place = std::max(place, static_cast<int>(m));
    }
    return place;
}

std::string EiaEngine::controller(const std::string& port) const {
    auto it = port_controller_.find(port);
    if (it != port_controller_.end()) return it->second;
    const geometry::Place* p = map_ ? map_->find(port) : nullptr;
    return p ? p->controller : std::string();
}

int EiaEngine::controller_side(const std::string& port, GameContext& ctx) const {
    const std::string c = controller(port);
    if (c.empty()) return -1;
    const Entity* s = ctx.symbols.find_side(c);
    if (!s)
        for (const Entity* side : ctx.symbols.sides())
            if (lower(side->name) == lower(c) || lower(side->alias) == lower(c)) s = side;
    return s ? s->index : -1;
}

// A port of the power, or of an ally it has access to (6.3.5.1).
bool EiaEngine::friendly_port(int power, const std::string& port, GameContext& ctx) const {
    const int c = controller_side(port, ctx);
    if (c == power) return true;
    if (c >= 0) return pw(power).access.count(c) && !at_war(power, c);
    return pw(power).access_names.count(lower(controller(port))) > 0;
}

// An enemy fleet of `owner` in the port's blockade box.
bool EiaEngine::blockaded(const std::string& port, int owner, GameContext&) const {
    for (const auto& f : fleets_)
        if (!f->gone && f->at == Where{port, true} && at_war(f->power, owner)) return true;
    return false;
}

bool EiaEngine::winter() const {
    return map_ && map_->winter_known() && map_->winter_months().count(month_) > 0;
}

std::vector<Fleet*> EiaEngine::fleets_at(const Where& w, int power) {
    std::vector<Fleet*> out;
    for (auto& f : fleets_)
        if (!f->gone && f->at == w && (power < 0 || f->power == power)) out.push_back(f.get());
    return out;
}

bool EiaEngine::nelson_with(const std::vector<Fleet*>& fleets) const {
    for (const auto& l : leaders_) {
        if (l->captured || lower(l->name) != "nelson") continue;
        for (const Fleet* f : fleets)
            if (!f->gone && f->at == l->at && f->power == l->power) return true;
    }
    return false;
}

const ngn::Dice* EiaEngine::dice_of(const ngn::Event& e) const {
    for (const auto& it : e.args)
        if (const auto* d = it.as<ngn::Dice>()) return d;
    return nullptr;
}

const ngn::Dice* EiaEngine::one_die(const ngn::Event& e, const RuleRef& rule, GameContext& ctx) const {
    const ngn::Dice* d = dice_of(e);
    if (d && ctx.dice_ok && d->faces.size() > 1)
        ctx.findings.error(Kind::Illegal, rule, d->faces[1].pos, "the roll is one die", "d6", d->spec());
    return d;
}

// The fleets named from args[i] on (one item, a list or several names; leaders are skipped),
// moving i past them.
std::vector<Fleet*> EiaEngine::fleet_list(const ngn::Event& e, std::size_t& i, GameContext& ctx, const RuleRef& rule) {
    std::vector<Fleet*> out;
    named_gone_ = false;
    for (; i < e.args.size(); ++i) {
        const ngn::Item& it = e.args[i];
        if (!it.is<ngn::List>() && !it.is<ngn::Word>() && !it.is<ngn::Text>()) break;
        bool any = false;
        for (const ngn::Item* x : elements(it)) {
            const Entity* ent = ctx.symbols.find(reference_text(*x));
            if (!ent) {
                if (it.is<ngn::List>())
                    ctx.findings.error(Kind::Inconsistent, rule, x->pos, "'" + reference_text(*x) + "' is not a declared fleet");
                continue;
            }
            if (Fleet* f = fleet(*ent); f && f->gone) gone_fleet_used(*f, x->pos, ctx), any = true;
            else if (f) out.push_back(f), any = true;
            else if (leader_by_.count(ent)) any = true;
        }
        if (!any) break;
    }
    return out;
}

// A power whose fleets move in this sequence: the phasing power, and an ally that moves with it
// in combined movement, which is made in the later ally's sequence (6.1.2).
bool EiaEngine::moves_now(int power) const {
    if (power == phasing_) {
        // a power with combined movement may leave its moves to its ally's later sequence
        for (std::size_t q = 0; q < powers_.size(); ++q)
            if (static_cast<int>(q) != power && allied_combined(power, static_cast<int>(q)) && powers_[q].major != Major::None &&
                std::find(order_.begin(), order_.end(), powers_[q].major) == order_.end())
                return false;
        return true;
    }
    if (!phasing(power) || order_.empty()) return false;
    return std::find(order_.begin(), order_.end() - 1, pw(power).major) != order_.end() - 1;
}

bool EiaEngine::phasing(int power) const {
    return power == phasing_ || (phasing_ >= 0 && allied_combined(power, phasing_));
}

// ---- the turn and the sequences of the major powers --------------------------------------------------

void EiaEngine::heading(const ngn::Heading& h, GameContext& ctx) {
    const ngn::SourcePos at = h.label_pos;
    if (h.kind == ngn::HeadingKind::Turn) {
        end_sequence(ctx, at);
        land_phase_over();
        month_ = ctx.cursor.turn_number % 12 + 1;
        order_.clear();
        phase_.clear();
        return;
    }
    if (h.kind == ngn::HeadingKind::Phase) {
        end_sequence(ctx, at);
        if (phase_ == "land") land_phase_over();
        phase_ = ctx.cursor.phase() ? ctx.cursor.phase()->name : std::string();
        return;
    }
    if (h.kind == ngn::HeadingKind::Segment) {
        end_sequence(ctx, at);
        const auto* node = ctx.cursor.path.size() > 1 ? ctx.cursor.path[1].node : nullptr;
        start_sequence(node ? major_named(node->name) : Major::None, ctx, at);
        return;
    }
    if (h.kind == ngn::HeadingKind::Step) {
        const std::string step = ctx.cursor.open(ngn::HeadingKind::Step);
        if (step == "combat" && step_ == "movement") {
            close_combat(ctx, at);
            // 6.2.4: a stack that ends its move in a port or blockade box with an enemy fleet must attack
            moving_.clear();
        }
        step_ = step;
    }
}

void EiaEngine::start_sequence(Major m, GameContext& ctx, ngn::SourcePos at) {
    segment_ = m;
    order_.push_back(m);
    phasing_ = -1;
    for (const auto& p : powers_)
        if (p.side && p.major == m && m != Major::None) phasing_ = p.side->index;
    step_.clear();
    moving_.clear();
    tried_.clear();
    barred_.clear();
    attacked_places_.clear();
    moving_retreated_ = false;
    for (auto& f : fleets_) {
        f->mp = 0;
        f->done = f->may_continue = f->retreated = f->ended_by_enemy = false;
        f->began = f->at;
        // 6.2.7.1 reads the war as it stands when the sequence begins
        f->no_cause_to_stay = !f->gone && f->at.box && !cause_to_blockade(f->at, f->power, ctx);
    }
    (void)at;
}

void EiaEngine::end_sequence(GameContext& ctx, ngn::SourcePos at) {
    close_combat(ctx, at);
    if (phasing_ >= 0 && map_) {
        // 6.2.4: a phasing stack in a port or blockade box with an enemy fleet has to attack it
        std::set<std::string> reported;
        for (auto& f : fleets_) {
            // retreats and pursuits end no move; an enemy that came in after the move (a retreat) asks no attack
            if (f->gone || !phasing(f->power) || !f->done || f->retreated || !f->ended_by_enemy || f->doubt) continue;
            const geometry::Place* p = map_->find(f->at.place);
            if (p && p->port) judged(ctx, "6.2.4");  // a stack ending in a port or box with an enemy must attack
            if (!p || !p->port || attacked_places_.count(where_text(f->at)) || reported.count(where_text(f->at))) continue;
            for (auto& o : fleets_)
                if (!o->gone && o->at == f->at && at_war(o->power, f->power) && !o->doubt && !o->ships_doubt) {  // (an enemy in doubt may not be there)
                    reported.insert(where_text(f->at));
                    ctx.findings.error(Kind::Illegal, cite("6.2.4"), at,
                                       f->name + " ended its move at " + where_text(f->at) + " with " + o->name +
                                           ": in a port or blockade box an attack must be made");
                    break;
                }
        }
    }
    if (phasing_ >= 0 && map_) {
        // 6.2.7.1: a stack that began in a blockade box with no war to keep it there must leave it
        for (auto& f : fleets_) {
            if (f->gone || !moves_now(f->power) || !f->began.box) continue;
            judged(ctx, "6.2.7.1");
            if (f->done || !(f->at == f->began)) continue;  // it left (a pursuit may bring it back)
            const std::string stays = f->name + " began the sequence in " + where_text(f->at) +
                                      " at war with no one there: it must leave the blockade box";
            if (!f->no_cause_to_stay) continue;
            if (f->box_stay || f->doubt) ctx.findings.excuse(f->box_stay ? *f->box_stay : *f->doubt, at, stays);  // said once while it stays; or it is not there
            else f->box_stay = Findings::cause_of(ctx.findings.error(Kind::Illegal, cite("6.2.7.1"), at, stays));
        }
    }
    phasing_ = -1;
    segment_ = Major::None;
    step_.clear();
}

void EiaEngine::finish(GameContext& ctx) {
    end_sequence(ctx, ngn::SourcePos{ctx.game.last_line, 1});
    if (phase_ == "land") land_phase_over();
}

// 6.2.5.2: a corps still at sea when the land phase is over is destroyed.
void EiaEngine::land_phase_over() {
    if (phase_ != "land") return;
    for (auto& c : corps_)
        if (c->on && !c->gone) {
            c->on->carrying = nullptr;
            c->on = nullptr;
            c->gone = true;
        }
    phase_.clear();
}

// ---- events ---------------------------------------------------------------------------------------------

using V = Verb<EiaEngine>;
// The actions of the naval phase, in the order the docs list them.
const V EiaEngine::kVerbs[] = {
    {"move", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.in_step("movement", e, c), x.move(e, a, c), true; }},
    {"intercept", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.in_step("movement", e, c), x.intercept(e, a, c), true; }},
    {"attack", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.in_step("combat", e, c), x.attack(e, a, c), true; }},
    {"evade", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.evade(e, a, c), true; }},
    {"windgauge", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.wind_gauge(e, a, c), true; }},
    {"wind-gauge", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.wind_gauge(e, a, c), true; }},
    {"combat", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.combat_roll(e, a, c, false), true; }},
    {"harbour", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.combat_roll(e, a, c, true), true; }},
    {"harbor", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.combat_roll(e, a, c, true), true; }},
    {"lose", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.fleet(a) && (x.lose(e, *x.fleet(a), c), true); }},
    {"result", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.result(e, a, c), true; }},
    {"retreat", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.retreat(e, a, c, false), true; }},
    {"pursue", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.retreat(e, a, c, true), true; }},
    {"controls", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.port_control(e, a, c), true; }},
    {"leave", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.fleet(a) && (x.leave_port(e, *x.fleet(a), c), true); }},
    {"scuttle", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.fleet(a) && (x.scuttle(e, *x.fleet(a), c), true); }},
    {"disembark", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.corps_of(a) && (x.disembark(e, *x.corps_of(a), c), true); }},
    {"lost", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.corps_of(a) && (x.disembark(e, *x.corps_of(a), c), true); }},
    {"announce", [](EiaEngine& x, const ngn::Event& e, const Entity& a, GameContext& c) { return x.announce(e, a, c), true; }},
};

// The step an action belongs in (6.1.3): said when it is played in another.
void EiaEngine::in_step(const char* step, const ngn::Event& e, GameContext& ctx) {
    judged(ctx, "6.1.3");
    if (phase_ == "naval" && step_ == step) return;
    const ngn::SourcePos at = e.args.empty() ? e.subject.pos : e.args.front().pos;
    ctx.findings.error(Kind::Illegal, kSteps, at,
                       "'" + lower(e.verb()) + "' belongs in the naval phase, step " + step + (step_.empty() ? "" : ", not step " + step_));
}

// 6.1: Great Britain announces when in the sequence it moves; no other power does.
void EiaEngine::announce(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    judged(ctx, "6.1");
    if (actor.kind != ngn::EntityKind::Side || major_named(actor.name) != Major::GreatBritain)
        ctx.findings.error(Kind::Illegal, kSequence, e.subject.pos, "only Great Britain announces when it moves");
}

Corps* EiaEngine::corps_of(const Entity& e) {
    auto it = corps_by_.find(&e);
    return it == corps_by_.end() ? nullptr : it->second;
}

// A fleet removed from the map (its last ships lost, or scuttled) that the record uses again:
// one finding, at the first line that uses it, naming how it left; the later ones follow from it
// (check/as_played.hpp, Gone).
void EiaEngine::gone_fleet_used(Fleet& f, ngn::SourcePos at, GameContext& ctx) {
    named_gone_ = true;
    f.gone.takes_part(ctx.findings, cite(f.scuttled ? "6.2.6.1" : "6.3.6"), at, f.name,
                      std::string(f.scuttled ? "a scuttled fleet" : "a fleet without ships") + " is removed from the map and takes no further part",
                      f.name + " is out of play: the line is taken as played");
}

void EiaEngine::event(const ngn::Event& e, const Entity& actor, GameContext& ctx) {
    if (!need_map(e.subject.pos, ctx)) return;  // without the map nothing of the phase can be judged
    if (Fleet* f = fleet(actor); f && f->gone) {
        gone_fleet_used(*f, e.subject.pos, ctx);
        return;
    }
    if (const V* v = find_verb(kVerbs, e); v && v->handle(*this, e, actor, ctx)) return;
    if (const ngn::Event* again = action_first(e, ctx))
        if (const V* v = find_verb(kVerbs, *again); v && v->handle(*this, *again, actor, ctx)) return;
    const ngn::SourcePos at = e.args.empty() ? e.subject.pos : e.args.front().pos;
    // said once for each word: a later line using it is excused by the first
    if (const auto first = unknown_verbs_.said_before(lower(e.verb())))
        ctx.findings.excuse(*first, at, "'" + e.verb() + "' is not an action of eia-naval here");
    else
        unknown_verbs_.said(lower(e.verb()),
                            Findings::cause_of(ctx.findings.error(
                                Kind::Inconsistent, kVocabulary, at,
                                "'" + e.verb() + "' is not an action of eia-naval here; " + did_you_mean(kVerbs, e.verb()) + "the actions are " + verb_list(kVerbs) +
                                    " (lose, leave and scuttle by a fleet, disembark and lost by a corps: docs/rules/eia-naval.md)")));
    line_not_read(e, ctx);
}

// A line whose first word is no action but whose second is ("GB GB1 move ..."): it reads as the
// action written first, said once (ngn 5.3), and is played so. Null when it does not.
const ngn::Event* EiaEngine::action_first(const ngn::Event& e, GameContext& ctx) {
    std::vector<ngn::Item> items(e.args.begin(), e.args.end());
    const auto* place = items.empty() ? nullptr : items[0].as<ngn::AreaPos>();
    if (place && place->quoted) {
        // the action inside a place's quotes: SP @"Cape retreat Finisterre"
        std::vector<std::string> words;
        std::string w;
        for (char ch : std::string(place->area) + " ")
            if (ch == ' ') {
                if (!w.empty()) words.push_back(w), w.clear();
            } else {
                w += ch;
            }
        for (std::size_t j = 0; j < words.size(); ++j) {
            if (!find_verb(kVerbs, lower(words[j]))) continue;
            std::string rest;
            for (std::size_t k = 0; k < words.size(); ++k)
                if (k != j) rest += (rest.empty() ? "" : " ") + words[k];
            if (!map_ || !map_->find(rest)) continue;
            ngn::Item verb = items[0];
            verb.value = ngn::Word{keep(words[j])};
            items[0] = place_item(items[0], rest, place->box, true);
            items.insert(items.begin(), verb);
            break;
        }
        if (!word_text(items[0])) return nullptr;
    } else if (e.args.size() < 2 || !word_text(e.args[1]) || !find_verb(kVerbs, lower(*word_text(e.args[1])))) {
        return nullptr;
    } else {
        std::swap(items[0], items[1]);
    }
    std::string line = e.subject.to_ngn();
    for (const auto& it : items) line += " " + it.to_ngn();
    ctx.findings.error(Kind::Inconsistent, kVocabulary, e.args[0].pos,
                       "this reads as '" + line + "': the action comes first, '" + items[0].to_ngn() + "' is not one");
    const auto& kept = reread_items_.emplace_back(std::move(items));
    ngn::Event& again = reread_events_.emplace_back(e);
    again.args = ngn::Items(kept.data(), kept.size());
    return &again;
}

// A line not read that names fleets and places: it stands for their move, as played, so that
// their next move starts where it ended.
void EiaEngine::line_not_read(const ngn::Event& e, GameContext& ctx) {
    std::vector<Fleet*> named;
    std::optional<Where> last;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
        for (const ngn::Item* x : elements(e.args[i]))
            if (const Entity* ent = ctx.symbols.find(reference_text(*x)))
                if (Fleet* f = fleet(*ent)) named.push_back(f);
        if (e.args[i].is<ngn::AreaPos>())
            if (const auto* a = e.args[i].as<ngn::AreaPos>(); a && map_ && map_->find(std::string(a->area))) {
                const std::string box = lower(a->box);
                last = Where{map_->find(std::string(a->area))->name, box == "blockade" || box == "box"};
            }
    }
    if (last)
        for (Fleet* f : named) {
            f->at = *last;
            f->done = true;
        }
}

// ---- the state, for `ironlog state` ----------------------------------------------------------------------

void EiaEngine::describe(std::ostream& os, const GameContext& ctx) const {
    os << "eia-naval";
    if (month_ > 0) os << ", month " << month_ << (winter() ? " (winter)" : "");
    if (segment_ != Major::None) os << ", " << segment_name(segment_) << "'s sequence";
    if (!step_.empty()) os << ", step " << step_;
    os << "\n";
    if (!tables_) os << "no table pack: combat results cannot be verified\n";
    for (const Entity* side : ctx.symbols.sides()) {
        const Power& p = pw(side->index);
        os << side->label() << ": " << (p.pp >= 0 ? "+" : "") << p.pp << " political points in this record\n";
        for (const auto& f : fleets_) {
            if (f->power != side->index) continue;
            os << "  " << f->name << ": ";
            if (f->gone) {
                os << "removed\n";
                continue;
            }
            os << f->ships << " ships " << where_text(f->at);
            if (!f->minor.empty()) os << " (" << f->minor << ")";
            if (f->carrying) os << ", carrying " << f->carrying->name;
            if (f->mp > 0) os << ", " << f->mp << " MP spent";
            os << "\n";
        }
        for (const auto& l : leaders_)
            if (l->power == side->index) os << "  " << l->name << ": " << (l->captured ? "captured" : where_text(l->at)) << "\n";
        for (const auto& c : corps_)
            if (c->power == side->index) os << "  " << c->name << ": " << (c->gone ? "lost" : where_text(c->at)) << "\n";
    }
}

std::vector<std::string_view> EiaEngine::verbs() const { return verb_words(kVerbs); }

}  // namespace ironlog::rules::eia_naval
