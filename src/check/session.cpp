#include "check/session.hpp"

#include "check/engine.hpp"
#include "check/sequence.hpp"
#include "notation/parser.hpp"
#include "notation/record.hpp"

#include <algorithm>
#include <regex>
#include <sstream>
#include <unordered_map>

namespace ironlog {

// A game as last checked: its text (with the number of its first line, which its findings'
// positions depend on) is what says whether a new reading of the text changed it.
// The replay's copies at boundaries (checkpoints) point into the game's lines, so the game stays
// in one place, and a new reading that changes its lines from some line on has those lines moved
// into it, the ones before left where they are.
struct Session::Checked {
    std::string key;
    std::unique_ptr<ngn::Game> game;
    GameReport report;
    struct Checkpoint {
        std::size_t index;  // the replay as it stood before game->lines[index], a heading
        std::unique_ptr<Replay> replay;
    };
    std::vector<Checkpoint> checkpoints;
    std::size_t fresh_bytes = 0;  // the game's store as first read: it grows as lines are moved in
};

namespace {

// The number of the first line at which two keys (of games that begin at the same line) differ.
std::uint32_t first_difference(std::uint32_t first_line, std::string_view a, std::string_view b) {
    std::size_t same = 0;
    while (same < a.size() && same < b.size() && a[same] == b[same]) ++same;
    const std::size_t header = a.find('\n');  // the key's first line is the game's first line's number
    std::uint32_t line = first_line;
    for (std::size_t i = header + 1; i < same; ++i)
        if (a[i] == '\n') ++line;
    return line;
}

bool declares(const ngn::Line& l) { return l.is<ngn::Declaration>() || l.is<ngn::Setup>() || l.is<ngn::Terrain>(); }

std::string key_of(const ngn::Game& game, const ngn::LineWindow& window) {
    std::string key = std::to_string(game.first_line) + "\n";
    key += window.raw_lines(game.first_line, game.last_line);
    return key;
}

// The game's lines up to `line`, the lines that could not be read left out: what the players
// have written so far, replayed even while the line being written is still a syntax error.
ngn::Game lines_so_far(const ngn::Game& game, std::uint32_t line) {
    ngn::Game part;
    part.first_line = game.first_line;
    for (const ngn::Line& l : game.lines)
        if (l.pos.line <= line) part.lines.push_back(l);  // their items stay in game.store
    part.last_line = std::min(line, game.last_line);
    return part;
}

}  // namespace

Session::Session(CheckOptions options, std::string path, ngn::ParseOptions parse)
    : options_(std::move(options)), path_(std::move(path)), parse_(parse) {
    line_starts_.push_back(0);
}

Session::~Session() = default;

void Session::changed(std::size_t from) {
    dirty_ = true;
    changed_from_ = std::min(changed_from_, from);
    line_starts_.assign(1, 0);
    for (std::size_t at = text_.find('\n'); at != std::string::npos; at = text_.find('\n', at + 1))
        line_starts_.push_back(at + 1);
}

void Session::set_text(std::string text) {
    const auto same = std::mismatch(text_.begin(), text_.end(), text.begin(), text.end()).first - text_.begin();
    text_ = std::move(text);
    changed(static_cast<std::size_t>(same));
}

std::uint32_t Session::line_count() const {
    // a final line ending ends the last line; it does not begin another
    const std::size_t n = line_starts_.size();
    if (text_.empty()) return 0;
    return static_cast<std::uint32_t>(!text_.empty() && line_starts_.back() == text_.size() ? n - 1 : n);
}

std::string_view Session::line(std::uint32_t number) const {
    if (number == 0 || number > line_starts_.size()) return {};
    const std::size_t from = line_starts_[number - 1];
    std::size_t to = number < line_starts_.size() ? line_starts_[number] - 1 : text_.size();
    if (to > from && text_[to - 1] == '\r') --to;
    return std::string_view(text_).substr(from, to - from);
}

void Session::replace_lines(std::uint32_t first, std::uint32_t count, std::string_view text) {
    first = std::clamp<std::uint32_t>(first, 1, line_count() + 1);
    const std::size_t from = first - 1 < line_starts_.size() ? line_starts_[first - 1] : text_.size();
    const std::size_t last = std::size_t{first} - 1 + count;  // index of the line after the replaced ones
    const std::size_t to = last < line_starts_.size() ? line_starts_[last] : text_.size();
    std::string_view add = text;
    std::string joined;
    if (from == text_.size() && from > 0 && text_.back() != '\n' && !add.empty()) {
        joined = "\n" + std::string(add);  // added after a last line with no line ending
        add = joined;
    }
    text_.replace(from, to - from, add);
    changed(from);
}

void Session::append_line(std::string_view line) {
    const std::size_t from = text_.size();
    if (!text_.empty() && text_.back() != '\n') text_ += '\n';
    text_.append(line);
    text_ += '\n';
    changed(from);
}

const FileReport& Session::report() {
    if (!dirty_) return report_;
    work_ = {};
    if (changed_from_ >= reported_size_ && text_.size() == reported_size_) {  // the same text again
        work_.games_read = games_.size();
    } else if (!read_tail()) {
        read_all();
    }
    dirty_ = false;
    changed_from_ = std::string::npos;
    reported_size_ = text_.size();
    return report_;
}

// The whole text read again: the games whose text did not change keep their reports, the others
// are replayed (go_on, else replay_whole).
void Session::read_all() {
    work_.lines_read = line_count();
    std::vector<std::unique_ptr<Checked>> before = std::move(games_);
    games_.clear();
    std::unordered_map<std::string_view, std::size_t> by_key;
    std::unordered_map<std::uint32_t, std::size_t> by_first_line;
    for (std::size_t i = 0; i < before.size(); ++i) {
        by_key.emplace(before[i]->key, i);
        by_first_line.emplace(before[i]->game->first_line, i);
    }
    const GameChecker checker = [&](ngn::Game&& game, const ngn::LineWindow& window) {
        ++work_.games_read;
        std::string key = key_of(game, window);
        if (auto it = by_key.find(key); it != by_key.end() && before[it->second]) {
            games_.push_back(std::move(before[it->second]));
            return games_.back()->report;
        }
        std::unique_ptr<Checked> c;
        if (auto it = by_first_line.find(game.first_line); it != by_first_line.end() && before[it->second])
            c = go_on(std::move(before[it->second]), std::move(game), key);
        if (!c) c = replay_whole(std::move(game));
        c->key = std::move(key);
        games_.push_back(std::move(c));
        return games_.back()->report;
    };
    std::istringstream in(text_);
    report_ = check_stream(path_, in, options_, parse_, {}, {}, checker);
    for (std::size_t i = 0; i < games_.size(); ++i) games_[i]->report.index = i + 1;
}

// Whether the change since the last report can be read alone: it lies after the first tag of the
// last game, which therefore takes every line it holds, and nothing else changes in the reading.
// That needs no syntax error anywhere (max_errors counts them) and the game under
// max_game_bytes. from: the first line to read again, which takes in the blank lines the reader
// cut from the end of the game.
constexpr std::uint32_t kTailLines = 64;

bool Session::may_read_tail(std::uint32_t& from) {
    if (games_.empty() || report_.games.size() != games_.size() || !report_.findings.empty()) return false;
    for (const auto& c : games_)
        if (!c->game->errors.empty()) return false;
    const ngn::Game& held = *games_.back()->game;
    const auto tag = std::find_if(held.lines.begin(), held.lines.end(), [](const ngn::Line& l) { return l.is<ngn::Tag>(); });
    if (tag == held.lines.end()) return false;
    const auto changed_line = std::upper_bound(line_starts_.begin(), line_starts_.end(), changed_from_) - line_starts_.begin();
    from = std::min(static_cast<std::uint32_t>(changed_line), held.lines.back().pos.line + 1);
    if (from <= tag->pos.line) return false;
    // a line read alone costs more than one read with the text: alone only near the end
    if (line_count() - std::min(line_count(), from) > kTailLines) return false;
    const std::size_t game_bytes = text_.size() - line_starts_[held.first_line - 1];
    return parse_.max_game_bytes == 0 || game_bytes <= parse_.max_game_bytes;
}

// The lines from the change on, read alone into the last game, which is replayed from its last
// checkpoint before them. False when that would not read as the whole text reads (then nothing
// has changed): a tag line (a new game), a line that does not read, more lines than the held
// game has room for.
bool Session::read_tail() {
    std::uint32_t from = 0;
    if (!may_read_tail(from)) return false;
    Checked& c = *games_.back();
    ngn::Game& held = *c.game;
    const std::uint32_t last = line_count();
    std::vector<ngn::LineResult> fresh;
    for (std::uint32_t n = from; n <= last; ++n) {
        const std::string_view raw = line(n);
        const std::size_t first = raw.find_first_not_of(" \t");
        if (first != std::string_view::npos && raw[first] == '[') return false;
        fresh.push_back(ngn::parse_line(raw, n));
        if (!fresh.back().line) return false;
    }
    const std::size_t keep = std::partition_point(held.lines.begin(), held.lines.end(), [&](const ngn::Line& l) {
        return l.pos.line < from;
    }) - held.lines.begin();  // the held lines before `from`, as they were
    if (keep + fresh.size() > held.lines.capacity() || held.store.bytes_held() > 3 * c.fresh_bytes) return false;

    while (!c.checkpoints.empty() && c.checkpoints.back().index >= keep) c.checkpoints.pop_back();
    held.lines.resize(keep);
    bool declares_any = false;
    for (const ngn::LineResult& r : fresh) {
        declares_any = declares_any || declares(*r.line);
        held.lines.push_back(ngn::copy_line(*r.line, held.store));
    }
    while (!held.lines.empty() && held.lines.back().is<ngn::Blank>() && !held.lines.back().comment) held.lines.pop_back();
    held.last_line = last;
    std::unique_ptr<Replay> replay;
    if (!declares_any && !c.checkpoints.empty()) replay = c.checkpoints.back().replay->copy();
    if (replay)
        replay_from(c, std::move(replay), c.checkpoints.back().index);
    else
        replay_again(c);

    c.key = std::to_string(held.first_line) + "\n";
    c.key.append(text_, line_starts_[held.first_line - 1]);
    c.report.index = games_.size();
    report_.games.back() = c.report;
    report_.source.forget_from(held.first_line);  // the lines from there on are the last game's
    for (const Finding& f : c.report.findings)
        if (f.file.empty()) report_.source.keep(f.pos.line, line(f.pos.line));
    work_.games_read = games_.size();
    work_.lines_read = fresh.size();
    return true;
}

// A game read for the first time, or changed where no checkpoint helps: replayed from its start.
std::unique_ptr<Session::Checked> Session::replay_whole(ngn::Game&& game) {
    auto c = std::make_unique<Checked>();
    c->game = std::make_unique<ngn::Game>(std::move(game));
    c->game->lines.reserve(2 * c->game->lines.size() + 64);  // room to change it in place
    c->fresh_bytes = c->game->store.bytes_held();
    replay_again(*c);
    return c;
}

// The game replayed from its start.
void Session::replay_again(Checked& c) {
    c.checkpoints.clear();
    auto replay = std::make_unique<Replay>(*c.game, 0, options_);
    if (!replay->start()) {  // not replayed: the report says why
        c.report = replay->report();
        ++work_.games_replayed;
        return;
    }
    replay_from(c, std::move(replay), 0);
}

// A game that changed from some line on: its lines from the last checkpoint before the change are
// replaced by the new reading's and the replay goes on from a copy of that checkpoint. None
// when that cannot be done exactly (then the game is replayed whole).
std::unique_ptr<Session::Checked> Session::go_on(std::unique_ptr<Checked> old, ngn::Game&& game, const std::string& key) {
    ngn::Game& held = *old->game;
    if (!game.errors.empty() || !held.errors.empty() || held.store.bytes_held() > 3 * old->fresh_bytes) return nullptr;
    const std::uint32_t changed = first_difference(game.first_line, old->key, key);
    while (!old->checkpoints.empty() && held.lines[old->checkpoints.back().index].pos.line >= changed) old->checkpoints.pop_back();
    if (old->checkpoints.empty()) return nullptr;
    const std::size_t from = old->checkpoints.back().index;
    // the lines before the checkpoint are the same in both readings; a copy shares the declared
    // entities, so nothing after it may declare one; and the held lines must not move
    if (game.lines.size() <= from || held.lines.capacity() < game.lines.size()) return nullptr;
    for (std::size_t i = from; i < game.lines.size(); ++i)
        if (declares(game.lines[i])) return nullptr;
    std::unique_ptr<Replay> replay = old->checkpoints.back().replay->copy();
    if (!replay) return nullptr;
    held.lines.resize(from);
    for (std::size_t i = from; i < game.lines.size(); ++i) held.lines.push_back(ngn::copy_line(game.lines[i], held.store));
    held.last_line = game.last_line;
    replay_from(*old, std::move(replay), from);
    return old;
}

// Replays the game's lines from `from` on with `replay` (started, or a checkpoint's copy), keeping
// copies at headings as it goes: so many that a change anywhere replays a few dozen lines at most.
void Session::replay_from(Checked& c, std::unique_ptr<Replay> replay, std::size_t from) {
    const auto& lines = c.game->lines;
    std::size_t after_declarations = 0;
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (declares(lines[i])) after_declarations = i + 1;
    const std::size_t spacing = std::max<std::size_t>(32, lines.size() / 32);
    std::size_t last = c.checkpoints.empty() ? 0 : c.checkpoints.back().index;
    for (std::size_t i = from; i < lines.size(); ++i) {
        if (lines[i].is<ngn::Heading>() && i >= after_declarations && i > from && i - last >= spacing) {
            if (auto copy = replay->copy()) c.checkpoints.push_back({i, std::move(copy)});
            last = i;
        }
        replay->line(lines[i]);
    }
    replay->end();
    c.report = replay->report();
    ++work_.games_replayed;
    work_.lines_replayed += lines.size() - from;
}

void Session::forget_checks() {
    games_.clear();
    dirty_ = true;
    changed_from_ = 0;
}

std::vector<const ngn::Game*> Session::games() {
    report();
    std::vector<const ngn::Game*> all;
    for (const auto& c : games_) all.push_back(c->game.get());
    return all;
}

const Session::Checked* Session::checked_at(std::uint32_t line) {
    report();
    for (const auto& c : games_)
        if (line >= c->game->first_line && line <= c->game->last_line) return c.get();
    return nullptr;
}

const ngn::Game* Session::game_at(std::uint32_t line) {
    const Checked* c = checked_at(line);
    return c ? c->game.get() : nullptr;
}

std::size_t Session::game_index(const ngn::Game* game) {
    report();
    for (std::size_t i = 0; i < games_.size(); ++i)
        if (games_[i]->game.get() == game) return i + 1;
    return 0;
}

// Replays the game that holds `line` up to it (the lines read so far) and hands the replay to
// `with`; with null when the line belongs to no game.
template <class F>
auto Session::replay_to(std::uint32_t line, F&& with) {
    const Checked* c = checked_at(line);
    if (!c) return with(static_cast<const Replay*>(nullptr));
    const ngn::Game part = lines_so_far(*c->game, line);
    Replay replay(part, game_index(c->game.get()), options_);
    StopAt stop;
    stop.after_line = line;
    replay.run(&stop);
    return with(static_cast<const Replay*>(&replay));
}

std::string Session::state_after(std::uint32_t line) {
    return replay_to(line, [](const Replay* r) { return r ? r->describe_state() : std::string(); });
}

std::optional<Scene> Session::scene_after(std::uint32_t line) {
    return replay_to(line, [](const Replay* r) { return r ? r->scene() : std::nullopt; });
}

NextSteps Session::next_after(std::uint32_t line) {
    return replay_to(line, [](const Replay* r) {
        NextSteps next;
        if (!r) return next;
        if (r->header().ruleset) next.ruleset = r->header().ruleset->info.id;
        if (const SequenceTracker* seq = r->sequence()) {
            next.at = seq->cursor().text();
            next.headings = seq->next_headings();
        }
        if (const Engine* engine = r->engine())
            for (std::string_view v : engine->verbs()) next.verbs.emplace_back(v);
        const std::optional<Scene> scene = r->scene();
        for (const Entity& e : r->symbols().all()) {
            NextSteps::Piece p{e.label(), e.name, ngn::entity_keyword(e.kind), "", false};
            if (const Entity* side = r->symbols().side(e.side)) p.side = side->name;
            if (scene)
                for (const ScenePiece& sp : scene->pieces)
                    if (sp.id == p.alias) p.sunk = sp.sunk || sp.gone;
            next.pieces.push_back(std::move(p));
        }
        return next;
    });
}

// The game's replay as it stands before `line`: a copy of the last checkpoint before it, taken on
// to the line before; where the engine cannot copy, the game replayed from its start. Null when
// the game is not replayed.
std::unique_ptr<Replay> Session::replay_before(const Checked& c, std::uint32_t line) {
    const auto& lines = c.game->lines;
    std::unique_ptr<Replay> replay;
    std::size_t from = 0;
    for (auto it = c.checkpoints.rbegin(); it != c.checkpoints.rend() && !replay; ++it)
        if (lines[it->index].pos.line < line) replay = it->replay->copy(), from = it->index;
    if (!replay) {
        replay = std::make_unique<Replay>(*c.game, game_index(c.game.get()), options_);
        if (!replay->start()) return nullptr;
        from = 0;
    }
    for (std::size_t i = from; i < lines.size() && lines[i].pos.line < line; ++i) replay->line(lines[i]);
    return replay;
}

namespace {

// "3d6" or "d10" (one die), and "3 dice" or "1 die" of the ruleset's die `sides`: the dice a
// finding expects, as the engines write them; none for anything else ("at most 3 dice").
std::optional<std::pair<int, int>> dice_expected(const std::string& text, int sides) {
    static const std::regex spec("([0-9]{0,2})[dD]([0-9]{1,3})"), counted("([0-9]{1,2}) dic?e");
    std::smatch m;
    if (std::regex_match(text, m, spec)) return std::pair{m[1].length() ? std::stoi(m[1]) : 1, std::stoi(m[2])};
    if (std::regex_match(text, m, counted)) return std::pair{std::stoi(m[1]), sides};
    return std::nullopt;
}

}  // namespace

// The first finding the engine's check of the dice draws on the line when it is written with
// `count` dice of `die` (each showing its lowest face), with the dice it expected; none when
// the dice draw none.
std::optional<Finding> Session::dice_finding(const Checked& c, std::uint32_t line, std::string_view typed, int count,
                                             const DieSpec& die) {
    std::string text(typed);
    text += " " + std::to_string(count) + "d" + std::to_string(die.sides) + ":";
    for (int i = 0; i < count; ++i) text += " " + std::to_string(die.min_face);
    const ngn::LineResult trial = ngn::parse_line(text, line);
    if (!trial.line || !trial.line->is<ngn::Event>()) return std::nullopt;
    std::unique_ptr<Replay> replay = replay_before(c, line);
    if (!replay) return std::nullopt;
    const std::size_t before = replay->findings_so_far().size();
    replay->line(*trial.line);
    const auto& found = replay->findings_so_far();
    for (std::size_t i = before; i < found.size(); ++i)
        if (found[i].pos.line == line && found[i].expected && dice_expected(*found[i].expected, die.sides)) return found[i];
    return std::nullopt;
}

// Found by trial: the line written with one die, then with seven, of each die the ruleset uses;
// where the engine's own check expects other dice, those dice are tried in turn and kept when
// it accepts them. So what is offered is exactly what the checker will accept.
std::optional<DiceNeeded> Session::dice_needed(std::uint32_t line, std::string_view typed) {
    const Checked* c = checked_at(line);
    if (!c && line > 1) c = checked_at(line - 1);
    if (!c || !ngn::parse_line(typed, line).line) return std::nullopt;
    const Ruleset* known = c->report.replayed ? options_.rulesets->find(c->report.ruleset) : nullptr;
    if (!known) return std::nullopt;
    const RulesetInfo& ruleset = known->info;
    for (const DieSpec& die : ruleset.dice)
        for (const int count : {1, 7}) {
            const std::optional<Finding> f = dice_finding(*c, line, typed, count, die);
            if (!f) continue;
            const auto [want_count, want_sides] = *dice_expected(*f->expected, die.sides);
            const DieSpec* want_die = ruleset.die(want_sides);
            if (!want_die || want_count < 1 || (want_count == count && want_sides == die.sides)) continue;
            if (dice_finding(*c, line, typed, want_count, *want_die)) continue;  // not accepted either
            // one die written as the notation's examples write it: d6
            return DiceNeeded{(want_count == 1 ? "" : std::to_string(want_count)) + "d" + std::to_string(want_sides), f->rule, f->message};
        }
    return std::nullopt;
}

std::vector<Declared> Session::declared(std::uint32_t line) {
    const Checked* c = checked_at(line);
    if (!c) return {};
    return replay_to(c->game->last_line, [](const Replay* r) {
        std::vector<Declared> all;
        if (!r) return all;
        for (const Entity& e : r->symbols().all()) {
            Declared d{e.alias, e.name, ngn::entity_keyword(e.kind), "", e.pos};
            if (const Entity* side = r->symbols().side(e.side)) d.side = side->name;
            all.push_back(std::move(d));
        }
        return all;
    });
}

}  // namespace ironlog
