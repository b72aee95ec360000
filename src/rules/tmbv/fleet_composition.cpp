// The campaign's fleets (6.3): declared with their type, the admiral, their place, and the ships
// declared in them; their make-up judged at set-up by the manifest's types and sizes (6.3.1-6.3.4,
// the note of 6.3.2); every ship outside the Mediterranean in a fleet (6.4.5); a fleet's speed
// (6.4.2).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>

namespace ironlog::rules::tmbv {

namespace {
// The case of 6.3 that sets a fleet type's make-up.
const char* make_up_case(const std::string& type) {
    return type == "main" ? "6.3.1" : type == "battle" ? "6.3.2" : type == "support" ? "6.3.3" : "6.3.4";
}
constexpr int kMostFleets = 4;      // 6.3
constexpr int kFewestShips = 4;     // 6.3.1-6.3.4
constexpr int kSupportIronclads = 2;  // 6.3.3

const char* const kFleetTypes[] = {"main", "battle", "support", "reserve"};  // 6.3.1-6.3.4
const char* const kBoxes[] = {"port", "at-sea", "blockade", "bombard"};    // 6.4.6
}  // namespace

// "At Sea", "at_sea", "on-station-blockade": the box as the engine names it; "" when not a box.
std::string box_name(std::string_view written) {
    std::string b;
    for (char c : written) b += c == ' ' || c == '_' ? '-' : lower_ascii(c);
    if (b == "sea" || b == "atsea") b = "at-sea";
    if (b.rfind("on-station-", 0) == 0) b = b.substr(11);
    return std::find(std::begin(kBoxes), std::end(kBoxes), b) != std::end(kBoxes) ? b : "";
}

std::string place_text(const CampaignFleet& f) {
    if (!f.placed) return f.port_unwritten ? "a friendly port not written" : "place not known";
    const bool quoted = f.area.find_first_of(" \"") != std::string::npos;
    return "@" + (quoted ? "\"" + f.area + "\"" : f.area) + (f.box.empty() ? "" : "/" + f.box);
}

// fleet Main "Main Fleet" main admiral @Pola/port: its type (6.3.1-6.3.4), whether the side's
// admiral sails with it, where it is at set-up (13.1).
void TmbvEngine::declare_fleet(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    CampaignFleet f;
    f.entity = &e;
    const char* form = "a fleet is declared as: fleet <alias> \"<name>\" main|battle|support|reserve [admiral] @<area>/<box>";
    for (const ngn::Item& it : d.args) {
        const std::string_view* w = word_text(it);
        const auto* at = it.as<ngn::AreaPos>();
        const std::string word = w ? lower(*w) : "";
        if (w && std::find(std::begin(kFleetTypes), std::end(kFleetTypes), word) != std::end(kFleetTypes) && f.type.empty()) f.type = word;
        else if (w && word == "admiral") f.admiral = true;
        else if (at && !f.placed) {
            f.area = std::string(at->area), f.box = box_name(at->box), f.placed = true;
            if (!at->box.empty() && f.box.empty())
                ctx.findings.error(Kind::Inconsistent, cite("6.4.6"), it.pos, "a sea area's boxes are port, at-sea, blockade and bombard",
                                   "port, at-sea, blockade or bombard", std::string(at->box));
            else if (const geometry::Place* p = map_place(*at, it.pos, ctx))
                f.area = p->name, f.box = p->boxes && f.box.empty() ? "at-sea" : f.box;
        } else {
            ctx.findings.error(Kind::Inconsistent, cite("6.3"), it.pos, form);
            break;
        }
    }
    judge_fleet(f, ctx);
    if (turn_start_.turn > 0) arrives_now(f, ctx), operations_.arrived.push_back(static_cast<int>(operations_.fleets.size()));  // a reinforcement (11.2)
    operations_.fleets.push_back(f);
}

// 6.3: up to four fleets a side, one of each type; the admiral in one, not a support or reserve
// fleet (6.3.3, 6.3.4). One finding a declaration.
void TmbvEngine::judge_fleet(const CampaignFleet& f, GameContext& ctx) {
    judged(ctx, "6.3");
    if (f.type == "support" || f.type == "reserve") judged(ctx, f.type == "support" ? "6.3.3" : "6.3.4");
    const Entity& e = *f.entity;
    std::string why;
    const char* section = "6.3";
    int same_side = 0;
    for (const CampaignFleet& o : operations_.fleets) {
        if (o.entity->side != e.side) continue;
        ++same_side;
        if (!f.type.empty() && o.type == f.type && why.empty()) why = "a side has one " + f.type + " fleet: " + o.label() + " is " + side_name(e.side, ctx) + "'s already";
        if (f.admiral && o.admiral && why.empty()) why = side_name(e.side, ctx) + "'s admiral sails with " + o.label() + " already";
    }
    if (same_side >= kMostFleets) why = "a side forms up to four fleets: this is " + side_name(e.side, ctx) + "'s " + std::to_string(same_side + 1) + "th";
    if (f.admiral && (f.type == "support" || f.type == "reserve"))
        section = f.type == "support" ? "6.3.3" : "6.3.4", why = "the admiral's flagship may not be part of the " + f.type + " fleet";
    if (!why.empty()) ctx.findings.error(Kind::Illegal, cite(section), e.pos, why);
}

// ship FM "Erzherzog Ferdinand Max" AM: a ship of the campaign in a fleet; or, outside any fleet,
// in the "To the Mediterranean" area (6.4.5, 6.7.1): ship X "..." @Mediterranean.
void TmbvEngine::declare_campaign_ship(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    const char* form = "a ship of the campaign is declared in its fleet, ship <alias> \"<name>\" <fleet>, or in the Mediterranean, "
                       "ship <alias> \"<name>\" @Mediterranean";
    if (manifest_ && !manifest_->find(e.name) && (e.alias.empty() || !manifest_->find(e.alias)))
        ctx.findings.error(Kind::Inconsistent, cite("6.3"), d.name.pos,
                           "'" + e.name + "' is not in the ship manifest " + manifest_->file() + ": its type and size are not verified");
    if (d.args.size() != 1) {
        ctx.findings.error(Kind::Inconsistent, cite("6.3"), d.name.pos, form);
        return;
    }
    const ngn::Item& it = d.args.front();
    if (const auto* at = it.as<ngn::AreaPos>()) {
        judged(ctx, "6.4.5");
        if (lower(at->area).find("mediterranean") == std::string::npos)
            ctx.findings.error(Kind::Illegal, cite("6.4.5"), it.pos,
                               "every ship outside the \"To the Mediterranean\" area is part of a fleet: name its fleet, ship " + e.label() + " <fleet>");
        else
            note_lone_ship(e, *at);
        return;
    }
    const Entity* named = ctx.symbols.find(reference_text(it));
    const int fleet = named ? fleet_index(*named) : -1;
    if (fleet < 0) {  // its `fleet` line left out: one finding for all the ships that name it
        if (operations_.unknown_fleets.insert(lower(reference_text(it))).second)
            ctx.findings.error(Kind::Inconsistent, cite("6.3"), it.pos, "not a fleet declared above: " + std::string(form));
        return;
    }
    CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(fleet)];
    if (f.entity->side != e.side)
        ctx.findings.error(Kind::Illegal, cite("6.3"), it.pos, f.label() + " is " + side_name(f.entity->side, ctx) + "'s fleet");
    f.ships.push_back(&e);
    if (is_roma(e)) roma_declared(e, &f, d.name.pos, ctx);  // 14.5
    else if (names_roma(e) && !operations_.roma_refused)
        ctx.findings.error(Kind::Illegal, cite("14.5"), d.name.pos, "the Roma is in the campaign only with optional rule 14.5: [Rules \"ironclad-roma\"]");
}

NamesAround names_around(const ngn::Event& e, std::string_view word) {
    NamesAround out;
    bool after = false;
    for (const ngn::Item& it : e.args.subspan(e.args.empty() ? 0 : 1)) {  // after the verb
        if (is_word(it, word)) after = true;
        else
            for (const ngn::Item* x : elements(it)) (after ? out.after : out.before).push_back(x);
    }
    return out;
}

// AM transfer SAL KM to AB (6.3.6): at the very start of the Operations Phase, before impulse 1,
// ships go from one fleet to another in the same port, never at sea (6.3.7); the fleets are held
// to 6.3's make-up when the transfers are done (impulse 1), not between two of them.
void TmbvEngine::transfer_ships(int fleet, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    CampaignFleet& from = o.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.3.6"), judged(ctx, "6.3.7");
    std::vector<const Entity*> ships;
    CampaignFleet* to = nullptr;
    const NamesAround names = names_around(e, "to");
    for (const bool after_to : {false, true})
        for (const ngn::Item* x : after_to ? names.after : names.before) {
            const Entity* named = ctx.symbols.find(reference_text(*x));
            const int j = named ? fleet_index(*named) : -1;
            if (after_to && j >= 0) to = &o.fleets[static_cast<std::size_t>(j)];
            else if (!after_to && named && named->kind == ngn::EntityKind::Ship && std::find(from.ships.begin(), from.ships.end(), named) != from.ships.end())
                ships.push_back(named);
            else
                return void(ctx.findings.error(Kind::Inconsistent, cite("6.3.6"), x->pos,
                                               "'" + reference_text(*x) + "' is " + (after_to ? "not a fleet" : "not a ship of " + from.label()) +
                                                   ": a transfer names ships of the fleet, then the fleet they join (" + from.label() +
                                                   " transfer <ships> to <fleet>)"));
        }
    if (!to || ships.empty() || to == &from || to->entity->side != from.entity->side)
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.3.6"), e.subject.pos,
                                       "a transfer names ships of the fleet, then another fleet of its side: " + from.label() + " transfer <ships> to <fleet>"));
    std::string refused;
    const char* section = "6.3.6";
    if (to->emptied) {  // its marker has not come back: taken as come back where the ships are
        ctx.findings.error(Kind::Illegal, cite("6.3.5"), e.subject.pos,
                           "every ship of " + to->label() + " was sunk: its marker comes back first (" + to->label() + " reform @<port>/port)");
        to->emptied = 0, to->said_sunk = false, to->area = from.area, to->box = from.box, to->placed = from.placed;
    }
    if (o.impulse > 0) refused = "ships change fleets at the very start of the Operations Phase, before impulse 1";
    else if (from.placed && to->placed && (from.box != "port" || to->box != "port"))
        section = "6.3.7", refused = "no transfer at sea: " + from.label() + " is at " + place_text(from) + ", " + to->label() + " at " + place_text(*to);
    else if (from.placed && to->placed && !ngn::same_label(from.area, to->area))
        refused = "the fleets are in different ports: " + place_text(from) + " and " + place_text(*to);
    if (!refused.empty()) ctx.findings.error(Kind::Illegal, cite(section), e.subject.pos, refused);
    for (const Entity* ship : ships) std::erase(from.ships, ship), to->ships.push_back(ship);  // as played
    if (!refused.empty()) return;
    for (const int i : {fleet, static_cast<int>(to - o.fleets.data())}) {
        std::erase_if(o.transferred, [&](const auto& t) { return t.first == i; });
        o.transferred.emplace_back(i, e.subject.pos);
    }
}

// Italy transfer MES to IS (6.3.6): ships outside any fleet (back from the Mediterranean, 8.1.7)
// join a fleet of their side in their port, before impulse 1.
void TmbvEngine::allocate_lone_ships(const Entity& side, const ngn::Event& e, GameContext& ctx) {
    Operations& o = operations_;
    judged(ctx, "6.3.6");
    const std::string form = "ships outside a fleet join one in their port: " + side.label() + " transfer <ships> to <fleet>";
    std::vector<LoneShip*> ships;
    int to = -1;
    const NamesAround names = names_around(e, "to");
    for (const bool after_to : {false, true})
        for (const ngn::Item* x : after_to ? names.after : names.before) {
            const Entity* named = ctx.symbols.find(reference_text(*x));
            LoneShip* l = named && !after_to ? lone_ship(*named) : nullptr;
            if (after_to && named && fleet_index(*named) >= 0) to = fleet_index(*named);
            else if (l && l->ship->side == side.index) ships.push_back(l);
            else
                return void(ctx.findings.error(Kind::Inconsistent, cite("6.3.6"), x->pos,
                                               "'" + reference_text(*x) + "' is " + (after_to ? "not a fleet" : "not a ship of " + side.label() + " outside a fleet") +
                                                   ": " + form));
        }
    if (to < 0 || ships.empty() || o.fleets[static_cast<std::size_t>(to)].entity->side != side.index)
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.3.6"), e.subject.pos, form));
    CampaignFleet& f = o.fleets[static_cast<std::size_t>(to)];
    std::string refused;
    if (o.impulse > 0) refused = "ships change fleets at the very start of the Operations Phase, before impulse 1";
    for (const LoneShip* l : ships)
        if (refused.empty() && f.placed && !l->port_unwritten && (f.box != "port" || !ngn::same_label(f.area, l->area)))
            refused = l->ship->label() + " is at " + l->area + ", " + f.label() + " at " + place_text(f) + ": a ship joins a fleet in its port";
    if (!refused.empty()) ctx.findings.error(Kind::Illegal, cite("6.3.6"), e.subject.pos, refused);
    for (const LoneShip* l : ships) f.ships.push_back(l->ship);  // as played
    std::erase_if(o.lone, [&](const LoneShip& l) { return std::find(ships.begin(), ships.end(), &l) != ships.end(); });
    if (refused.empty()) o.transferred.emplace_back(to, e.subject.pos);
}

// 6.3.1-6.3.4: the fleets the transfers changed, as they stand at impulse 1 (or the phase's end).
void TmbvEngine::judge_transfers(GameContext& ctx) {
    for (const auto& [i, at] : std::exchange(operations_.transferred, {})) {
        const CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(i)];
        if (f.type.empty() || f.ships.empty()) continue;  // an emptied marker (6.3.5) is no fleet yet
        const char* rule = make_up_case(f.type);
        if (const std::string why = make_up_fault(f); !why.empty()) ctx.findings.error(Kind::Illegal, cite(rule), at, why);
    }
}

// A sunk ship leaves its fleet; the fleet whose last ship it was is an empty marker (6.3.5).
void TmbvEngine::sink_from_fleet(CampaignFleet& f, const Entity* ship, std::uint32_t line) {
    std::erase_if(f.tows, [&](const auto& t) { return t.first == ship || t.second == ship; });  // 6.6.4: a tow ends with either ship
    if (std::erase(f.ships, ship) && f.ships.empty()) f.emptied = line, f.placed = false;  // off the map till it comes back
}

// An operation of a fleet whose ships all sank (6.3.5): said once, then taken as played.
void TmbvEngine::sunk_fleet_operates(CampaignFleet& f, const ngn::Event& e, GameContext& ctx) {
    if (!f.emptied || std::exchange(f.said_sunk, true)) return;
    judged(ctx, "6.3.5");
    ctx.findings.error(Kind::Illegal, cite("6.3.5"), e.subject.pos,
                       "every ship of " + f.label() + " was sunk: its marker comes back in a later turn, in a port of its side (" + f.label() +
                           " reform @<port>/port, before impulse 1), with ships transferred to it (6.3.6)");
}

// AB reform @Trieste/port (6.3.5): the marker of a fleet whose ships all sank, from the next turn
// on, in any port of its side, blockaded or not; written where ships change fleets, before
// impulse 1 (6.3.6), so that ships can then be transferred to it.
void TmbvEngine::reform_fleet(int fleet, const ngn::Event& e, GameContext& ctx) {
    CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(fleet)];
    judged(ctx, "6.3.5");
    const ngn::AreaPos* at = nullptr;
    ngn::SourcePos at_pos = e.subject.pos;
    for (const ngn::Item& it : e.args)
        if (const auto* a = it.as<ngn::AreaPos>()) at = a, at_pos = it.pos;
    if (!at || box_name(at->box) != "port")
        return void(ctx.findings.error(Kind::Inconsistent, cite("6.3.5"), e.subject.pos,
                                       "a fleet's marker comes back in a port: " + f.label() + " reform @<port>/port"));
    const geometry::Place* p = map_ ? map_place(*at, at_pos, ctx) : nullptr;
    std::string refused;
    if (!f.emptied)
        refused = f.label() + (f.ships.empty() ? " has lost no ship in this record" : " has ships afloat") +
                  ": its marker is reused only when every ship in it is sunk";
    else if (f.emptied > operations_.turn_line) refused = f.label() + "'s last ship sank this turn: its marker comes back on the next turn";
    else if (operations_.impulse > 0 || !in_operations_) refused = "a marker comes back at the very start of the Operations Phase, before impulse 1 (6.3.6)";
    else if (p && !friendly_port(*p, f.entity->side, ctx)) refused = not_friendly_why(*p, f.entity->side, ctx);
    if (!refused.empty()) ctx.findings.error(Kind::Illegal, cite("6.3.5"), e.subject.pos, refused);
    f.emptied = 0, f.said_sunk = false, f.marker.clear(), f.mission = false;  // as played: an empty marker in port
    f.area = p ? p->name : std::string(at->area), f.box = "port", f.placed = true, f.began_at_sea = false;
}

// 6.3.1-6.3.4 and the note of 6.3.2, once the set-up is declared: each fleet with ships declared
// in it. Without a manifest only the number of ships is judged.
// At the campaign's set-up the Italian Support Fleet is 13.1.1's list, not 6.3.3's make-up, unless
// italian-support-set-up=composition (Readings).
void TmbvEngine::judge_fleet_make_up(GameContext& ctx) {
    const bool scenario_support = ctx.cursor.turn_number == 1 && ctx.header.option("italian-support-set-up") != "composition";
    for (const CampaignFleet& f : operations_.fleets) {
        if (f.ships.empty() || f.type.empty()) continue;
        if (scenario_support && f.type == "support" && f.entity->side == italy_) {
            judged(ctx, "13.1.1");
            if (const std::string why = italian_support_fault(f); !why.empty()) ctx.findings.error(Kind::Illegal, cite("13.1.1"), f.entity->pos, why);
            continue;
        }
        const char* section = make_up_case(f.type);
        judged(ctx, section);
        const std::string why = make_up_fault(f);
        if (!why.empty()) ctx.findings.error(Kind::Illegal, cite(section), f.entity->pos, why);
    }
    if (!manifest_) {
        for (const CampaignFleet& f : operations_.fleets)
            if (!f.ships.empty())
                return void(ctx.findings.note(Kind::Unverifiable, cite("6.3"), f.entity->pos,
                                              "no ship manifest ([Library \"...\"], docs/rules/tmbv.md): the fleets' ship types and sizes "
                                              "(6.3.1-6.3.3) and speeds (6.4.2) are not verified"));
        return;
    }
    for (const CampaignFleet& f : operations_.fleets) {
        if (!f.admiral) continue;
        judged(ctx, "6.3.2");
        for (const CampaignFleet& o : operations_.fleets)
            if (o.entity->side == f.entity->side && ironclads_in(o) > ironclads_in(f))
                ctx.findings.error(Kind::Illegal, cite("6.3.2"), f.entity->pos,
                                   "the admiral sails in the fleet with the most ironclads: " + o.label() + " has " + std::to_string(ironclads_in(o)) +
                                       ", " + f.label() + " " + std::to_string(ironclads_in(f)),
                                   o.label(), f.label());
    }
}

// 6.3.3: a fleet that arrives during play is made up as any other, once its ships are declared
// (at the next heading, or the record's end).
void TmbvEngine::judge_arrived_make_up(GameContext& ctx) {
    for (const int i : std::exchange(operations_.arrived, {})) {
        const CampaignFleet& f = operations_.fleets[static_cast<std::size_t>(i)];
        if (f.type.empty()) continue;
        const char* section = make_up_case(f.type);
        judged(ctx, section);
        if (const std::string why = make_up_fault(f); !why.empty()) ctx.findings.error(Kind::Illegal, cite(section), f.entity->pos, why);
    }
}

// 13.1.1, 13.1.2: where the campaign's fleets start, and where the admirals sail, in a record
// that starts at turn 1.
void TmbvEngine::judge_set_up(GameContext& ctx) {
    for (const CampaignFleet& f : operations_.fleets) {
        const bool italian = f.entity->side == italy_, austrian = f.entity->side == austria_;
        if ((!italian && !austrian) || f.type.empty()) continue;
        const char* section = italian ? "13.1.1" : "13.1.2";
        judged(ctx, section);
        std::string where;  // where the fleet starts, when it is not there
        const std::string area = lower(f.area);
        if (austrian && f.type == "support")
            where = "the Austrian support fleet is set aside and arrives as a reinforcement (11.2.1 a)";
        else if (austrian && area != "pola")
            where = "the Austrian " + f.type + " fleet begins in Pola";
        else if (italian && f.type == "battle" && area != "ancona")
            where = "the Italian battle fleet begins in Ancona";
        else if (italian && (f.type == "support" || f.type == "reserve") && area != "taranto")
            where = "the Italian " + f.type + " fleet begins in Taranto";
        else if (italian && f.type == "main" && area != "taranto" && area != "bari" && area.find("mediterranean") == std::string::npos)
            where = "the Italian main fleet begins at Taranto, in the Mediterranean or at Bari, as its die says";
        else if (f.admiral && austrian && f.type != "battle" && f.type != "main")
            where = "Tegetthoff sails with the battle or the main fleet";
        else if (f.admiral && italian && f.type != "main")
            where = "Persano sails with the main fleet";
        if (!f.placed && where.find("begins") != std::string::npos) continue;  // its place not written
        if (!where.empty()) ctx.findings.error(Kind::Illegal, cite(section), f.entity->pos, where);
    }
    for (const int side : {italy_, austria_}) judge_admiral_placed(side, ctx);
}

// 13.1.1, 13.1.2: one fleet of each side starts with its admiral (a second is 6.3's finding).
// Without one, where he sails is not known: his modifiers and the fleets he takes along are then
// taken as written.
void TmbvEngine::judge_admiral_placed(int side, GameContext& ctx) {
    const CampaignFleet* first = nullptr;
    for (const CampaignFleet& f : operations_.fleets) {
        if (f.entity->side != side || side < 0) continue;
        if (f.admiral) return;
        if (!first) first = &f;
    }
    if (!first) return;
    const bool italian = side == italy_;
    ctx.findings.error(Kind::Illegal, cite(italian ? "13.1.1" : "13.1.2"), first->entity->pos,
                       std::string(italian ? "Persano sails with the main fleet" : "Tegetthoff sails with the battle or the main fleet") +
                           ": no fleet of " + side_name(side, ctx) + "'s is written with `admiral`");
    operations_.admiral_unknown[static_cast<std::size_t>(side)] = true;
}

// What breaks a fleet's make-up, in a few words; "" when it is right or cannot be judged.
std::string TmbvEngine::make_up_fault(const CampaignFleet& f) const {
    const int n = static_cast<int>(f.ships.size());
    if (n < kFewestShips) return "a " + f.type + " fleet holds at least 4 ships: " + f.label() + " holds " + std::to_string(n);
    if (!manifest_) return "";
    int small = 0, large = 0, ironclads = 0;
    for (const Entity* s : f.ships) {
        const ManifestShip* m = manifest_ship(*s);
        if (!m) continue;
        const bool is_small = m->small || m->type == 'D' || m->type == 'G' || m->type == 'I';
        small += is_small && m->type != 'I';  // 6.3.1: the Affondatore is not small here
        large += !is_small && !m->ironclad;
        ironclads += m->ironclad;
    }
    if (f.type == "main" && small > 1) return "a main fleet holds one small ship at most (the Affondatore not counted): " + f.label() + " holds " + std::to_string(small);
    if (f.type == "battle" && ironclads == 0 && ironclad_free(f)) return "a battle fleet holds an ironclad when any is available: " + f.label() + " holds none";
    if (f.type == "support" && ironclads > kSupportIronclads) return "a support fleet holds 2 ironclads at most: " + f.label() + " holds " + std::to_string(ironclads);
    if (f.type == "support" && large > 0) return "a support fleet holds no large ship but its ironclads: " + f.label() + " holds " + std::to_string(large);
    return "";
}

// 13.1.1: the Italian Support Fleet at set-up is 3 G ships and 3 F or C ships, with up to 2 B or I
// ships, by the manifest's letters (not judged when a ship is not in it).
std::string TmbvEngine::italian_support_fault(const CampaignFleet& f) const {
    if (!manifest_) return "";
    int g = 0, fc = 0, bi = 0, other = 0;
    for (const Entity* s : f.ships) {
        const ManifestShip* m = manifest_ship(*s);
        if (!m) return "";
        g += m->type == 'G', fc += m->type == 'F' || m->type == 'C', bi += m->type == 'B' || m->type == 'I';
        other += m->type != 'G' && m->type != 'F' && m->type != 'C' && m->type != 'B' && m->type != 'I';
    }
    if (g == 3 && fc == 3 && bi <= 2 && other == 0) return "";
    return "the Italian Support Fleet begins as 3 G ships and 3 F or C ships, with up to 2 B or I ships: " + f.label() + " holds " +
           std::to_string(g) + " G, " + std::to_string(fc) + " F or C, " + std::to_string(bi) + " B or I" +
           (other ? ", " + std::to_string(other) + " other" : "") + " (Readings: italian-support-set-up)";
}

const ManifestShip* TmbvEngine::manifest_ship(const Entity& s) const {
    if (!manifest_) return nullptr;
    const ManifestShip* m = manifest_->find(s.name);
    return m || s.alias.empty() ? m : manifest_->find(s.alias);
}

int TmbvEngine::ironclads_in(const CampaignFleet& f) const {
    int n = 0;
    for (const Entity* s : f.ships)
        if (const ManifestShip* m = manifest_ship(*s)) n += m->ironclad;
    return n;
}

// Reading (docs/rules/tmbv.md): an ironclad is available to the battle fleet when its side has one
// in its support or reserve fleet, where it could have been put in the battle fleet instead.
bool TmbvEngine::ironclad_free(const CampaignFleet& battle) const {
    for (const CampaignFleet& o : operations_.fleets)
        if (o.entity->side == battle.entity->side && (o.type == "support" || o.type == "reserve") && ironclads_in(o) > 0) return true;
    return false;
}

int TmbvEngine::fleet_speed(const CampaignFleet& f) const {
    if (!f.tows.empty()) return 1;  // 6.6.2
    int slowest = 0;
    for (const Entity* s : f.ships)
        if (const ManifestShip* m = manifest_ship(*s); m && (slowest == 0 || m->ma < slowest)) slowest = m->ma;
    return slowest;
}

// Its ships and speed (6.4.2), for the state.
std::string TmbvEngine::fleet_make_up(const CampaignFleet& f) const {
    if (f.ships.empty()) return "";
    const int speed = fleet_speed(f);
    const std::vector<const Entity*> diw = untowed_diw(f);
    return ", " + counted(static_cast<int>(f.ships.size()), "ship") + (speed ? ", speed " + std::to_string(speed) : "") +
           (f.tows.empty() ? "" : " (a ship in tow, 6.6.2)") + (diw.empty() ? "" : ", " + diw.front()->label() + " DIW, not in tow (6.6)");
}

}  // namespace ironlog::rules::tmbv
