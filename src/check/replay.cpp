#include "check/replay.hpp"

#include "check/dice.hpp"
#include "check/spelling.hpp"

#include <algorithm>
#include <charconv>

namespace ironlog {

namespace {

const RuleRef kDeclarations = ngn_rule("4.1", "Declarations");
const RuleRef kSideBlocks = ngn_rule("4.2", "Sides");
const RuleRef kNames = ngn_rule("4.3", "Names and aliases");
const RuleRef kSetup = ngn_rule("4.4", "Set-up");
const RuleRef kTerrain = ngn_rule("4.5", "Terrain");
const RuleRef kResult = ngn_rule("3.4", "Result");
const RuleRef kRulings = ngn_rule("6", "Rulings and agreements");

bool reserved(std::string_view w) {
    static const char* words[] = {"turn", "phase", "segment", "impulse", "step", "ruling", "setup", "terrain",
                                  "side", "ship", "unit", "fleet", "leader", "squadron", "formation"};
    return std::any_of(std::begin(words), std::end(words), [&](const char* r) { return w == r; });
}

std::string normalize(std::string_view s) {
    std::string out;
    for (char c : s) {
        char d = (c == '-' || c == '_') ? ' ' : (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        if (d == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += d;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// Whether a ruling's citation covers the rule a finding cites. "tmbv 7.3" covers tmbv 7.3.3;
// "Firing" covers ironclads Firing/Armour saves; titles match whole.
bool covers(std::span<const std::string_view> citation, const RuleRef& rule, const RulesetList& rulesets) {
    std::size_t i = 0;
    if (!citation.empty() && (rulesets.find(citation[0]) || citation[0] == "ngn")) {
        if (citation[0] != rule.ruleset) return false;
        i = 1;
    }
    std::string rest;
    for (; i < citation.size(); ++i) {
        if (!rest.empty()) rest += ' ';
        rest += citation[i];
    }
    rest = normalize(rest);
    if (rest.empty()) return true;
    const std::string section = normalize(rule.section);
    if (section.compare(0, rest.size(), rest) == 0 &&
        (section.size() == rest.size() || section[rest.size()] == '.' || section[rest.size()] == '/' || section[rest.size()] == ' '))
        return true;
    return !rule.title.empty() && normalize(rule.title) == rest;
}

template <class T>
void remember(std::vector<std::pair<const Entity*, T>>& list, const Entity* who, T what) {
    auto it = std::find_if(list.begin(), list.end(), [&](const auto& p) { return p.first == who; });
    if (it == list.end())
        list.emplace_back(who, what);
    else
        it->second = what;
}

}  // namespace


std::optional<StopAt> StopAt::parse(std::string_view text, std::string& error) {
    StopAt stop;
    std::vector<std::string> words;
    std::string cur;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == ',') {
            if (!cur.empty()) words.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) words.push_back(cur);
    auto number = [](const std::string& s) -> std::optional<std::uint32_t> {
        std::uint32_t v = 0;
        if (s.empty()) return std::nullopt;
        auto r = std::from_chars(s.data(), s.data() + s.size(), v);
        if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
        return v;
    };
    if (words.empty() || (words.size() == 1 && words[0] == "end")) return stop;
    if (words.size() == 1 && words[0].rfind("line:", 0) == 0) words = {"line", words[0].substr(5)};
    if (words.size() == 1 && number(words[0])) words.insert(words.begin(), "line");
    if (words[0] == "line") {
        auto n = words.size() == 2 ? number(words[1]) : std::nullopt;
        if (!n) {
            error = "expected a line number after 'line'";
            return std::nullopt;
        }
        stop.after_line = *n;
        return stop;
    }
    static const std::pair<const char*, ngn::HeadingKind> kinds[] = {
        {"turn", ngn::HeadingKind::Turn},       {"phase", ngn::HeadingKind::Phase}, {"segment", ngn::HeadingKind::Segment},
        {"impulse", ngn::HeadingKind::Impulse}, {"step", ngn::HeadingKind::Step}};
    for (std::size_t i = 0; i < words.size(); i += 2) {
        auto k = std::find_if(std::begin(kinds), std::end(kinds), [&](const auto& p) { return words[i] == p.first; });
        if (k == std::end(kinds) || i + 1 >= words.size()) {
            error = "expected a location such as 'turn 3 phase firing', 'line 42' or 'end', found '" + std::string(text) + "'";
            return std::nullopt;
        }
        stop.headings.emplace_back(k->second, words[i + 1]);
    }
    return stop;
}

Replay::Replay(const ngn::Game& game, std::size_t index, CheckOptions options)
    : game_(game), index_(index), options_(std::move(options)), symbols_(std::make_shared<Symbols>()) {}

Replay::~Replay() = default;

bool Replay::start() {
    header_ = read_header(game_, *options_.rulesets, options_.base_dir, findings_);
    if (!game_.errors.empty()) {
        findings_.note(Kind::Syntax, RuleRef{}, ngn::SourcePos{game_.first_line, 1},
                       "this game was not replayed: correct its syntax errors first");
        return false;
    }
    if (!header_.ruleset || !header_.sequence) return false;
    for (const auto& s : header_.sides) symbols_->add_side_from_tag(s.name, s.pos);

    tracker_ = std::make_unique<SequenceTracker>(*header_.sequence, header_.setup, findings_);
    bind_context();
    if (header_.ruleset->make_engine) engine_ = header_.ruleset->make_engine();
    if (engine_) engine_->begin(*context_);
    replayed_ = true;
    return true;
}

void Replay::bind_context() {
    context_ = std::make_unique<GameContext>(
        GameContext{game_, header_.ruleset->info, header_, *symbols_, findings_, tracker_->cursor()});
    if (options_.count_cases) context_->cases = &cases_;
    context_->in_progress = options_.in_progress;
}

void Replay::line(const ngn::Line& line) {
    if (const auto* d = line.as<ngn::Declaration>()) {
        declaration(line, *d);
    } else if (const auto* s = line.as<ngn::Setup>()) {
        setup(line, *s);
    } else if (const auto* t = line.as<ngn::Terrain>()) {
        terrain(line, *t);
    } else if (const auto* h = line.as<ngn::Heading>()) {
        last_event_ = nullptr;
        heading_seen_ = true;
        tracker_->heading(*h, line.pos);
        if (engine_) engine_->heading(*h, *context_);
    } else if (const auto* e = line.as<ngn::Event>()) {
        event(line, *e);
    } else if (const auto* r = line.as<ngn::Ruling>()) {
        ruling(line, *r);
    }
}

void Replay::end(bool to_the_end) {
    if (to_the_end) result();
    if (options_.in_progress) return apply_rulings();  // the game goes on: its end says nothing yet
    if (engine_) engine_->finish(*context_);
    if (!engine_ && to_the_end)
        findings_.note(Kind::Unverifiable, RuleRef{header_.ruleset->info.id, "", ""}, ngn::SourcePos{game_.first_line, 1},
                       "ironlog has no rule engine for " + header_.ruleset->info.id +
                           " yet: the header, declarations, dice and sequence of play were checked; moves and results were not");
    apply_rulings();
}

bool Replay::stops_at_heading(const StopAt* stop) const {
    if (!stop || stop->headings.empty()) return false;
    const Cursor& c = tracker_->cursor();
    for (const auto& [kind, label] : stop->headings) {
        if (kind == ngn::HeadingKind::Turn) {
            if (!c.started || c.turn_label != label) return false;
        } else if (!same_label(c.open(kind), label)) {
            bool alias = false;
            for (const auto& l : c.path)
                if (l.node->kind == kind && (l.node->matches(label) && (!l.node->numbered || l.label == label))) alias = true;
            if (!alias) return false;
        }
    }
    return true;
}

void Replay::run(StopAt* stop) {
    if (!start()) return;
    for (const ngn::Line& l : game_.lines) {
        if (stop && stop->after_line && l.pos.line > *stop->after_line) {
            stop->reached = true;
            break;
        }
        line(l);
        if (l.is<ngn::Heading>() && stops_at_heading(stop)) {
            stop->reached = true;
            break;
        }
        if (after_line_) after_line_(l);
    }
    if (stop && stop->after_line && *stop->after_line <= game_.last_line) stop->reached = true;
    end(!stop || (stop->headings.empty() && !stop->after_line));
}

std::unique_ptr<Replay> Replay::copy() const {
    if (!replayed_ || !engine_) return nullptr;
    std::unique_ptr<Engine> engine = engine_->clone();
    if (!engine) return nullptr;
    auto c = std::make_unique<Replay>(game_, index_, options_);
    c->findings_ = findings_;
    c->cases_ = cases_;
    c->header_ = header_;
    c->symbols_ = symbols_;  // shared: see copy()'s comment
    c->tracker_ = std::make_unique<SequenceTracker>(*tracker_, c->findings_);
    c->bind_context();
    c->engine_ = std::move(engine);
    c->current_side_ = current_side_;
    c->replayed_ = replayed_;
    c->heading_seen_ = heading_seen_;
    c->events_ = events_;
    c->last_event_ = last_event_;
    c->rulings_ = rulings_;
    c->last_seen_ = last_seen_;
    c->last_position_ = last_position_;
    return c;
}

void Replay::declaration(const ngn::Line& line, const ngn::Declaration& d) {
    last_event_ = nullptr;
    const RulesetInfo& info = header_.ruleset->info;
    Entity e;
    e.kind = d.kind;
    e.pos = line.pos;
    e.declaration = &d;
    if (d.full_name) {
        e.alias = reference_text(d.name);
        e.name = reference_text(*d.full_name);
    } else {
        e.name = reference_text(d.name);
    }
    if (!e.alias.empty() && reserved(e.alias))
        findings_.error(Kind::Inconsistent, kNames, d.name.pos,
                        "'" + e.alias + "' is a keyword of NGN and cannot be an alias", std::string("another alias"), e.alias);
    else if (e.alias.empty() && reserved(e.name))
        findings_.error(Kind::Inconsistent, kNames, d.name.pos,
                        "'" + e.name + "' is a keyword of NGN: give the " + ngn::entity_keyword(d.kind) + " an alias",
                        std::string("an alias"), e.name);

    if (d.kind == ngn::EntityKind::Side) {
        if (!header_.sides.empty()) {
            // The header's [SideN] tags name the sides; a side line picks one and may give it an alias.
            Entity* side = nullptr;
            for (const std::string* key : {&e.name, &e.alias})
                if (!key->empty())
                    if (Entity* s = symbols_->find(*key); s && s->kind == ngn::EntityKind::Side) side = s;
            if (!side) {
                std::string names;
                for (const auto& s : header_.sides) names += (names.empty() ? "" : ", ") + s.name;
                findings_.error(Kind::Inconsistent, kSideBlocks, d.name.pos,
                                "side '" + e.name + "' is not one of the sides of the header", "one of " + names, e.name);
                current_side_ = -1;
                return;
            }
            if (!e.alias.empty() && side->alias.empty() && side->name == e.name) {
                if (const Entity* other = symbols_->find(e.alias); other && other != side)
                    findings_.error(Kind::Inconsistent, kNames, d.name.pos, "'" + e.alias + "' is already declared (line " +
                                                                                 std::to_string(other->pos.line) + ")");
                else
                    symbols_->give_alias(*side, e.alias);
            }
            if (!side->declaration) side->declaration = &d;
            current_side_ = side->index;
            if (engine_) engine_->declaration(d, *side, *context_);
            return;
        }
        if (const Entity* existing = symbols_->find_side(e.name); existing && e.alias.empty()) {
            current_side_ = existing->index;  // reopening a side's block
            return;
        }
    } else {
        if (!info.declares(d.kind)) {
            std::string kinds;
            for (auto k : info.entity_kinds) kinds += (kinds.empty() ? "" : ", ") + std::string(ngn::entity_keyword(k));
            findings_.error(Kind::Inconsistent, kDeclarations, line.pos,
                            info.id + " records declare " + kinds + "; not '" + ngn::entity_keyword(d.kind) + "'",
                            "one of " + kinds, ngn::entity_keyword(d.kind));
        }
        if (current_side_ < 0)
            findings_.error(Kind::Inconsistent, kSideBlocks, line.pos,
                            std::string(ngn::entity_keyword(d.kind)) + " " + e.label() +
                                " has no side: put it below the 'side' line of the side it belongs to");
        e.side = current_side_;
    }
    std::string problem;
    Entity* added = symbols_->add(std::move(e), problem);
    if (!added) {
        findings_.error(Kind::Inconsistent, kNames, d.name.pos, problem);
        return;
    }
    if (added->kind == ngn::EntityKind::Side) current_side_ = added->index;
    if (engine_) engine_->declaration(d, *added, *context_);
}

void Replay::terrain(const ngn::Line& line, const ngn::Terrain& t) {
    last_event_ = nullptr;
    const RulesetInfo& info = header_.ruleset->info;
    const std::string kind = reference_text(t.kind);
    if (info.terrain_kinds.empty()) {
        findings_.error(Kind::Inconsistent, kTerrain, line.pos, info.id + " is not played on a hex map: it has no terrain lines");
        return;
    }
    if (heading_seen_) {
        findings_.error(Kind::Inconsistent, kTerrain, line.pos, "terrain lines come before the first heading of play");
        return;
    }
    if (std::find(info.terrain_kinds.begin(), info.terrain_kinds.end(), kind) == info.terrain_kinds.end()) {
        std::string kinds;
        for (const auto& k : info.terrain_kinds) kinds += (kinds.empty() ? "" : ", ") + k;
        std::string hint = nearest(kind, info.terrain_kinds);
        findings_.error(Kind::Inconsistent, kTerrain, t.kind.pos,
                        "unknown terrain '" + kind + "'" + (hint.empty() ? "" : " (did you mean '" + hint + "'?)"),
                        "one of " + kinds, kind);
        return;
    }
    if (engine_) engine_->terrain(t, *context_);
}

void Replay::setup(const ngn::Line& line, const ngn::Setup& s) {
    last_event_ = nullptr;
    if (heading_seen_)
        findings_.error(Kind::Inconsistent, kSetup, line.pos, "setup lines come before the first heading of play");
    else if (!header_.setup)
        findings_.error(Kind::Inconsistent, kSetup, line.pos,
                        "a setup line needs [SetUp \"1\"] in the header (the record starts mid-game)");
    const std::string who = reference_text(s.subject);
    Entity* e = symbols_->find(who);
    if (!e) {
        std::string hint = symbols_->suggest(who);
        findings_.error(Kind::Inconsistent, kNames, s.subject.pos,
                        "'" + who + "' is not declared" + (hint.empty() ? std::string() : "; did you mean '" + hint + "'?"));
        return;
    }
    e->setups.push_back(&s);
    if (engine_) engine_->setup(s, *e, *context_);
}

void Replay::event(const ngn::Line& line, const ngn::Event& e) {
    ++events_;
    last_event_ = &line;
    tracker_->event_place(line.pos);
    bool dice_ok = true;
    for (const auto& item : e.args)
        if (const auto* d = item.as<ngn::Dice>()) dice_ok = check_dice(*d, item.pos, header_.ruleset->info, findings_) && dice_ok;
    std::string storage;
    const std::string_view who = reference_view(e.subject, storage);
    const Entity* actor = symbols_->find(who);
    if (!actor) {
        std::string hint = symbols_->suggest(who);
        findings_.error(Kind::Inconsistent, kNames, e.subject.pos,
                        "'" + std::string(who) + "' is not a declared side, ship or unit" +
                            (hint.empty() ? std::string() : "; did you mean '" + hint + "'?"));
        return;
    }
    remember(last_seen_, actor, &line);
    // Where the actor ended up: a position in the claim, else the last one among the arguments.
    for (const auto* items : {&e.args, e.claim ? &*e.claim : nullptr})
        if (items)
            for (const auto& item : *items)
                if (item.is<ngn::TablePos>() || item.is<ngn::HexPos>() || item.is<ngn::AreaPos>())
                    remember(last_position_, actor, &item);
    if (engine_) {
        context_->dice_ok = dice_ok;
        engine_->event(e, *actor, *context_);
        context_->dice_ok = true;
    }
}

void Replay::ruling(const ngn::Line& line, const ngn::Ruling& r) {
    if (!heading_seen_) {
        if (r.citation.empty()) {
            findings_.error(Kind::Inconsistent, kRulings, line.pos,
                            "a ruling for the whole game must cite the rule it covers, e.g. ruling ironclads Firing \"...\"");
            return;
        }
        rulings_.push_back(PendingRuling{&line, &r, std::nullopt, false});
        return;
    }
    if (!last_event_) {
        findings_.error(Kind::Inconsistent, kRulings, line.pos,
                        "a ruling follows the event it rules on (or stands before play, for the whole game)");
        return;
    }
    rulings_.push_back(PendingRuling{&line, &r, last_event_->pos.line, false});
}

void Replay::result() {
    const ngn::Tag* t = header_.result;
    if (!t) return;
    const std::string v(t->value);
    if (v == "*" || same_label(v, "draw") || same_label(v, "both-lost")) return;
    auto is_side = [&](const std::string& s) {
        if (symbols_->find_side(s)) return true;
        int n = 0;
        auto r = std::from_chars(s.data(), s.data() + s.size(), n);
        return r.ec == std::errc() && r.ptr == s.data() + s.size() && symbols_->side(n - 1) != nullptr;
    };
    if (is_side(v)) return;
    auto space = v.rfind(' ');  // a side and a qualifier: "Austria major"
    if (space != std::string::npos && is_side(v.substr(0, space))) return;
    std::string names;
    for (const Entity* s : symbols_->sides()) names += (names.empty() ? "" : ", ") + s->label();
    findings_.error(Kind::Inconsistent, kResult, t->value_pos,
                    "the result '" + v + "' is not a side, 'draw', 'both-lost' or '*'",
                    names.empty() ? std::string("a side") : "one of " + names + ", draw, both-lost, *", v);
}

void Replay::apply_rulings() {
    for (auto& f : findings_.all()) {
        if (f.severity == Severity::Note || f.kind == Kind::Syntax) continue;
        for (auto& r : rulings_) {
            if (r.event_line && f.pos.line != *r.event_line) continue;
            if (!covers(r.ruling->citation, f.rule, *options_.rulesets)) continue;
            f.severity = Severity::Note;
            f.ruling = AppliedRuling{r.line->pos, std::string(r.ruling->text)};
            r.used = true;
            break;
        }
    }
    for (const auto& r : rulings_)
        if (!r.used)
            findings_.warning(Kind::Inconsistent, kRulings, r.line->pos,
                              r.event_line ? "this ruling matches no finding on the event above it"
                                           : "this ruling matches no finding in the game");
}

GameReport Replay::report() const {
    GameReport r;
    r.index = index_;
    r.first_line = game_.first_line;
    r.last_line = game_.last_line;
    for (const ngn::Tag* t : game_.tags()) r.tags.emplace_back(t->name, t->value);
    if (header_.ruleset) r.ruleset = header_.ruleset->info.id;
    else if (const ngn::Tag* t = game_.tag("Ruleset")) r.ruleset = t->value;
    r.replayed = replayed_;
    r.has_engine = engine_ != nullptr;
    r.events = events_;
    for (const auto& e : game_.errors)
        r.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message));
    r.findings.insert(r.findings.end(), findings_.all().begin(), findings_.all().end());
    sort_by_position(r.findings);
    r.excused = findings_.excused();
    r.cases = cases_;
    return r;
}

GameReport check_game(const ngn::Game& game, std::size_t index, const CheckOptions& options) {
    Replay replay(game, index, options);
    replay.run();
    return replay.report();
}

}  // namespace ironlog

