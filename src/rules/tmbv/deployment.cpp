// TBB deployment (7.2) and the Battle of Lissa's set-up (13.2.1-13.2.3): formations and ships
// declared, placed on their hexes, stacked (7.2.7) and arrayed in valid formations (7.4.4-7.4.6).
#include "rules/tmbv/engine.hpp"

#include "check/items.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kVocabulary = ngn_rule("4.1", "Declarations");
const RuleRef kManifestRule{"tmbv", "2.0", "Game Components"};

std::string shape_of(const std::string& w) {
    if (w == "line-ahead" || w == "line-abreast" || w == "flying-wedge") return w;
    if (w == "wedge") return "flying-wedge";
    return {};
}
}  // namespace

void TmbvEngine::declare_formation(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    Formation& f = formations_.emplace_back();
    f.entity = &e;
    f.side = e.side;
    formation_by_[&e] = &f;
    for (const auto& it : d.args) {
        const std::string shape = word_text(it) ? shape_of(lower(*word_text(it))) : "";
        if (!shape.empty() && f.shape.empty()) f.shape = shape;
        else
            ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                               "a tmbv formation is declared with its shape: line-ahead, line-abreast or flying-wedge (7.4.4-7.4.6); not '" +
                                   it.to_ngn() + "'");
    }
    if (f.shape.empty())
        ctx.findings.error(Kind::Inconsistent, kVocabulary, d.name.pos,
                           "say the formation's shape: line-ahead, line-abreast or flying-wedge (7.4.4-7.4.6)");
    if (f.shape == "flying-wedge" && italy_ >= 0 && f.side == italy_)
        ctx.findings.error(Kind::Illegal, cite("7.4.6"), d.name.pos, "only the Austrian player may use the flying wedge formation");
}

void TmbvEngine::declare_ship(const ngn::Declaration& d, const Entity& e, GameContext& ctx) {
    Ship& s = ships_.emplace_back();
    s.index = ships_.size() - 1;
    hexes_.emplace_back(), grids_.emplace_back();
    s.entity = &e;
    s.side = e.side;
    ship_by_[&e] = &s;
    say_no_manifest(ctx, d.name.pos);
    if (manifest_) {
        s.manifest = manifest_->find(e.name);
        if (!s.manifest && !e.alias.empty()) s.manifest = manifest_->find(e.alias);
        if (!s.manifest)
            ctx.findings.error(Kind::Inconsistent, kManifestRule, d.name.pos,
                               "'" + e.name + "' is not in the ship manifest " + manifest_->file() + ": its values are not verified");
    }
    for (std::size_t i = 0; i < d.args.size(); ++i) {
        const ngn::Item& it = d.args[i];
        const Entity* named = it.is<ngn::Word>() || it.is<ngn::Text>() ? ctx.symbols.find(reference_text(it)) : nullptr;
        const auto* n = i + 1 < d.args.size() ? d.args[i + 1].as<ngn::Number>() : nullptr;
        if (battle_ && is_word(it, "hits") && n && n->is_integer && n->as_int() >= 0) {  // damage from an earlier battle or the weather
            s.hits.agree(n->as_int()), s.start_hits = n->as_int(), ++hits_changed_, ++i;
            continue;
        }
        if (it.is<ngn::HexPos>()) place(s, it, ctx);
        else if (is_word(it, "flagship")) s.flagship = true;
        else if (is_word(it, "independent")) s.independent = s.out_of_command = true;
        else if (named && named->kind == ngn::EntityKind::Formation && formation_by_.count(named)) s.formation = formation_by_[named];
        else
            ctx.findings.error(Kind::Inconsistent, kVocabulary, it.pos,
                               "a tmbv ship is declared with its formation (a formation declared above), flagship or independent, "
                               "its hex and facing (#E:0808/N), and in a campaign's battle its earlier damage (hits 3); not '" + it.to_ngn() + "'");
    }
    if (s.formation && s.formation->side != s.side)
        ctx.findings.error(Kind::Inconsistent, cite("7.4.1"), d.name.pos, s.label() + " is in a formation of the other side");
    if (s.flagship && s.formation) {
        if (s.formation->flagship)
            ctx.findings.error(Kind::Inconsistent, cite("7.4.2"), d.name.pos,
                               s.formation->entity->label() + " has a flagship already: " + s.formation->flagship->label());
        else
            s.formation->flagship = &s;
    }
    if (s.flagship && s.out_of_command)
        ctx.findings.error(Kind::Illegal, cite("7.4.3"), d.name.pos, "a flagship cannot be declared independent (7.4.3)");
    if (lissa_) check_late_entry(s, d.name.pos, ctx);
}

namespace {
bool enters_later(const std::string& name) {
    const std::string n = lower(name);
    return n.find("kerka") != std::string::npos || n.find("narenta") != std::string::npos;
}
}  // namespace

// 13.2.2: Kerka and Narenta start off the map and enter along an edge of board A, Out of Command;
// every other ship is set up before the battle.
void TmbvEngine::check_late_entry(const Ship& s, ngn::SourcePos at, GameContext& ctx) {
    const RuleRef rule = cite("13.2.2");
    const bool late = enters_later(s.entity->name);
    judged(ctx, in_play_ ? "13.2" : "13.2.2");
    if (!in_play_) {
        if (late)
            ctx.findings.error(Kind::Illegal, rule, at, s.label() + " starts off the map: declare it where it enters, under the impulse it enters in");
        return;
    }
    if (!late) {
        ctx.findings.error(Kind::Illegal, cite("13.2"), at, s.label() + " is set up before the battle: only Kerka and Narenta enter later (13.2.2)");
        return;
    }
    if (s.formation && !s.out_of_command)
        ctx.findings.error(Kind::Illegal, rule, at, s.label() + " enters Out of Command: declare it independent, in no formation");
    if (!s.placed) return;
    if (s.at.board != 'A')
        ctx.findings.error(Kind::Illegal, rule, at, s.label() + " enters along an edge of board A, not on board " + std::string(1, s.at.board ? s.at.board : '?'));
    else if (const auto size = board_size('A'); size && s.at.hex.col != 1 && s.at.hex.row != 1 && s.at.hex.col != size->col && s.at.hex.row != size->row)
        ctx.findings.error(Kind::Illegal, rule, at,
                           s.label() + " enters along an edge of board A: its first hex is in column 01 or " + std::to_string(size->col) + ", or row 01 or " +
                               std::to_string(size->row));
}

// A board's columns and rows, from where the pack places the boards next to it; none when no
// board lies beyond it both ways.
std::optional<Hex> TmbvEngine::board_size(char board) const {
    const auto at = tables_ ? tables_->board_offset(board) : std::nullopt;
    if (!at) return std::nullopt;
    std::optional<int> cols, rows;
    for (char b = 'A'; b <= 'F'; ++b) {
        const auto other = tables_->board_offset(b);
        if (!other || b == board) continue;
        if (other->row == at->row && other->col > at->col) cols = std::min(cols.value_or(other->col - at->col), other->col - at->col);
        if (other->col == at->col && other->row > at->row) rows = std::min(rows.value_or(other->row - at->row), other->row - at->row);
    }
    if (!cols || !rows) return std::nullopt;
    return Hex{*cols, *rows};
}

void TmbvEngine::place(Ship& s, const ngn::Item& it, GameContext& ctx) {
    const auto* h = it.as<ngn::HexPos>();
    const auto hex = geometry::hex::parse_hex(h->hex);
    const auto facing = geometry::hex::parse_facing(h->facing);
    std::string problem;
    if (!hex) problem = "a hex is its column and row, two digits each: #E:0808";
    else if (!facing) problem = "a ship's place gives its facing, the hex side its bow points at: N, NE, SE, S, SW or NW (docs/hexes.md)";
    else if (h->board.size() > 1 || (h->board.size() == 1 && (h->board[0] < 'A' || h->board[0] > 'F')))
        problem = "the TBB's six boards are A to F (7.2.2); not '" + std::string(h->board) + "'";
    if (!problem.empty()) {
        s.unplaced = Findings::cause_of(ctx.findings.error(Kind::Inconsistent, ngn_rule("5.2", "Positions"), it.pos, problem));
        return;
    }
    set_place(s, make_spot(h->board.empty() ? 0 : h->board[0], *hex));
    s.facing = *facing;
    s.placed = true;
}

// Before the first impulse: every ship placed, stacking (7.2.7), formations (7.4.1, 7.4.4-7.4.6)
// and the Lissa set-up's own rules (13.2.1, 13.2.2).
void TmbvEngine::check_deployment(GameContext& ctx, ngn::SourcePos at) {
    if (!ships_.empty() && italy_ < 0 && lissa_)
        ctx.findings.warning(Kind::Inconsistent, cite("13.2.3"), at,
                             "no side is named Italy: the side with the initiative (13.2.3) and the winner of a tie (13.2.4) are not known");
    if (!ships_.empty()) say_no_tables(ctx, at);
    for (Ship& s : ships_)
        if (judged(ctx, "7.2.3"); !s.placed && !s.unplaced)
            s.unplaced = Findings::cause_of(
                ctx.findings.error(Kind::Inconsistent, cite("7.2.3"), s.entity->pos, "say where " + s.label() + " is set up: its hex and facing, #E:0808/N"));
    for (std::size_t i = 0; i < ships_.size(); ++i)
        for (std::size_t j = i + 1; j < ships_.size(); ++j) {
            const Ship &a = ships_[i], &b = ships_[j];
            if (!a.placed || !b.placed || !(a.at == b.at)) continue;
            judged(ctx, "7.2.7");
            const bool ok = a.formation && a.formation == b.formation && a.facing == b.facing &&
                            (!a.manifest || !b.manifest || a.manifest->ma == b.manifest->ma);
            if (!ok)
                ctx.findings.error(Kind::Illegal, cite("7.2.7"), b.entity->pos,
                                   b.label() + " is set up in " + a.label() + "'s hex: two ships share a hex only in one formation, facing "
                                   "the same way at the same speed");
        }
    for (const Formation& f : formations_) check_formation_shape(f, ctx, at);
    if (!lissa_) return;  // a campaign's battle is set up as its fleets met (7.2)
    check_italian_setup(ctx);
    check_austrian_setup(ctx);
}

// 7.4.1, 7.4.4-7.4.6: at set-up, a formation has a flagship and at least two ships, all facing
// the flagship's way, arrayed in the shape it declares.
void TmbvEngine::check_formation_shape(const Formation& f, GameContext& ctx, ngn::SourcePos) {
    std::vector<const Ship*> members;
    for (const Ship& s : ships_)
        if (s.formation == &f && s.placed && !s.out_of_command && !is_affondatore(s)) members.push_back(&s);  // 13.2.1: it is never in one
    const ngn::SourcePos pos = f.entity->pos;
    judged(ctx, "7.4.1");
    if (members.size() < 2) {
        ctx.findings.error(Kind::Illegal, cite("7.4.1"), pos, f.entity->label() + " has fewer than 2 ships: a formation needs at least 2");
        return;
    }
    if (!f.flagship) {
        ctx.findings.error(Kind::Inconsistent, cite("7.4.2"), pos, f.entity->label() + " has no flagship: mark one of its ships flagship");
        return;
    }
    const char* rule = f.shape == "line-ahead" ? "7.4.4" : f.shape == "line-abreast" ? "7.4.5" : "7.4.6";
    judged(ctx, rule);
    for (const Ship* s : members)
        if (s->facing != f.flagship->facing)
            ctx.findings.error(Kind::Illegal, cite(rule), s->entity->pos,
                               s->label() + " faces " + geometry::hex::facing_name(s->facing) + ", not the flagship's way (" +
                                   geometry::hex::facing_name(f.flagship->facing) + ")");
    const auto in_shape = linked_in_shape(f, members);
    for (const Ship* s : members)
        if (!in_shape.count(s))
            ctx.findings.error(Kind::Illegal, cite(rule), s->entity->pos,
                               s->label() + " is not in " + f.entity->label() + "'s " + f.shape + " formation: " + shape_rule(f.shape));
    if (f.shape == "line-ahead" && flagship_at_the_rear(f, members))
        ctx.findings.error(Kind::Illegal, cite("7.4.4"), f.flagship->entity->pos,
                           f.flagship->label() + " is at the rear of the line: a line-ahead's flagship leads it or stands in its middle");
}

// 7.4.4: ships ahead of the flagship in its line and none astern of it.
bool TmbvEngine::flagship_at_the_rear(const Formation& f, const std::vector<const Ship*>& members) const {
    auto next = [&](const Ship& from, int facing) -> const Ship* {
        const auto h = grid_hex(from.at);
        for (const Ship* m : members)
            if (m != &from && h && !boards_unknown(from.at, m->at) && grid_hex(m->at) == grid_.neighbour(*h, facing)) return m;
        return nullptr;
    };
    const Ship& flag = *f.flagship;
    return next(flag, flag.facing) && !next(flag, geometry::hex::turn_facing(flag.facing, 3));
}

// The ship of a side whose name holds `key` (names as the manifest or the book spell them).
const Ship* TmbvEngine::named(const char* key, int side) const {
    for (const Ship& s : ships_)
        if (s.side == side && s.placed && lower(s.entity->name).find(key) != std::string::npos) return &s;
    return nullptr;
}

namespace {
// 13.2.1's order of the Italian line, bow to stern, by a part of each name.
const char* const kItalianOrder[] = {"carignano", "castelfidardo", "ancona", "italia", "palestro", "martino", "portogallo", "maria pia", "messagero"};

int order_of(const std::string& name) {
    const std::string n = lower(name);
    for (int i = 0; i < static_cast<int>(std::size(kItalianOrder)); ++i)
        if (n.find(kItalianOrder[i]) != std::string::npos) return i;
    return -1;
}
}  // namespace

// 13.2.1: the Italian line in the book's order, bow first; Affondatore beside Re d'Italia, its bow
// the other way, out of command.
void TmbvEngine::check_italian_setup(GameContext& ctx) {
    if (italy_ < 0) return;
    judged(ctx, "13.2.1");
    const Ship* rdi = named("italia", italy_);
    const Ship* aff = nullptr;
    for (const Ship& s : ships_)
        if (s.side == italy_ && s.placed && is_affondatore(s)) aff = &s;
    if (rdi && aff && !boards_unknown(rdi->at, aff->at)) {
        if (const auto d = distance(rdi->at, aff->at); d && *d != 1)
            ctx.findings.error(Kind::Illegal, cite("13.2.1"), aff->entity->pos, aff->label() + " is set up next to " + rdi->label() + " (in a hex beside it)");
        else if (aff->facing != geometry::hex::turn_facing(rdi->facing, 3))
            ctx.findings.error(Kind::Illegal, cite("13.2.1"), aff->entity->pos, aff->label() + "'s bow faces the other way from " + rdi->label() + "'s",
                               geometry::hex::facing_name(geometry::hex::turn_facing(rdi->facing, 3)), geometry::hex::facing_name(aff->facing));
    }
    if (aff && aff->formation && !aff->out_of_command)
        ctx.findings.error(Kind::Illegal, cite("13.2.1"), aff->entity->pos, aff->label() + " starts Out of Command: declare it independent, in no formation");
    if (!rdi || !rdi->formation || rdi->formation->shape != "line-ahead") return;
    // bow to stern: how far ahead along the line's facing each ship stands
    const int facing = rdi->formation->flagship ? rdi->formation->flagship->facing : rdi->facing;
    const double a = facing * 60.0 * 3.14159265358979 / 180.0;
    std::vector<std::pair<double, const Ship*>> line;
    for (const Ship& s : ships_) {
        const auto h = grid_hex(s.at);
        if (s.formation != rdi->formation || !s.placed || order_of(s.entity->name) < 0) continue;
        if (!h || boards_unknown(s.at, rdi->at)) return;  // where it stands on the line cannot be measured
        const auto c = grid_.centre(*h);
        line.emplace_back(c.x * std::sin(a) + c.y * std::cos(a), &s);
    }
    std::sort(line.begin(), line.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    bool in_order = true;  // a ship further ahead comes earlier in the book's list (two in a hex: either)
    for (std::size_t i = 0; i < line.size(); ++i)
        for (std::size_t j = i + 1; j < line.size(); ++j)
            if (line[i].first > line[j].first + 1e-6 && order_of(line[i].second->entity->name) > order_of(line[j].second->entity->name)) in_order = false;
    if (in_order) return;
    std::vector<const Ship*> book;
    for (const auto& [ahead, s] : line) book.push_back(s);
    std::sort(book.begin(), book.end(), [](const Ship* x, const Ship* y) { return order_of(x->entity->name) < order_of(y->entity->name); });
    std::string expected, recorded;
    for (std::size_t i = 0; i < line.size(); ++i) {
        expected += (i ? ", " : "") + book[i]->label();
        recorded += (i ? ", " : "") + line[i].second->label();
    }
    ctx.findings.error(Kind::Illegal, cite("13.2.1"), rdi->formation->entity->pos, "the Italian line's order, bow to stern", expected, recorded);
}

// Whether `s` stands 1 to `hexes` hexes straight astern of `lead`.
bool TmbvEngine::astern_within(const Ship& lead, const Ship& s, int hexes) const {
    const auto from = grid_hex(lead.at), to = grid_hex(s.at);
    if (!from || !to) return true;
    Hex h = *from;
    for (int i = 0; i < hexes; ++i)
        if ((h = grid_.neighbour(h, geometry::hex::turn_facing(lead.facing, 3))) == *to) return true;
    return false;
}

// 13.2.2: the Main Fleet's flagship (Kaiser) 1 or 2 hexes straight behind the Battle Fleet's
// (Erzherzog Ferdinand Max), the Support Fleet's (Hum) behind the Main Fleet's.
void TmbvEngine::check_austrian_setup(GameContext& ctx) {
    const auto flagship = [&](const char* key) -> const Ship* {
        for (const Formation& f : formations_)
            if (f.flagship && f.flagship->placed && lower(f.flagship->entity->name) == key) return f.flagship;
        return nullptr;
    };
    const Ship* battle = nullptr;
    for (const Formation& f : formations_)
        if (f.flagship && f.flagship->placed && lower(f.flagship->entity->name).find("ferdinand max") != std::string::npos) battle = f.flagship;
    const Ship* main = flagship("kaiser");
    const Ship* support = flagship("hum");
    const auto behind = [&](const Ship* lead, const Ship* s, const char* fleets) {
        if (!lead || !s || boards_unknown(lead->at, s->at) || astern_within(*lead, *s, 2)) return;
        ctx.findings.error(Kind::Illegal, cite("13.2.2"), s->entity->pos,
                           s->label() + " is set up 1 or 2 hexes straight behind " + lead->label() + " (" + fleets + ")");
    };
    judged(ctx, "13.2.2");
    behind(battle, main, "the Main Fleet's flagship behind the Battle Fleet's");
    behind(main, support, "the Support Fleet's flagship behind the Main Fleet's");
}

}  // namespace ironlog::rules::tmbv
