#include "cli/lsp_features.hpp"

#include "cli/coverage.hpp"
#include "notation/format.hpp"
#include "notation/parser.hpp"
#include "rules/registry.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <tuple>

namespace ironlog::lsp {

namespace {

// The length in bytes of the UTF-8 sequence a lead byte begins (1 for a byte that begins none).
std::size_t sequence_length(unsigned char lead) {
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    return 1;
}

}  // namespace

std::uint32_t utf16_length(std::string_view text) {
    std::uint32_t units = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = std::min(sequence_length(static_cast<unsigned char>(text[i])), text.size() - i);
        units += n == 4 ? 2 : 1;
        i += n;
    }
    return units;
}

std::size_t byte_offset(std::string_view line, std::uint32_t utf16) {
    std::size_t i = 0;
    std::uint32_t units = 0;
    while (i < line.size() && units < utf16) {
        const std::size_t n = std::min(sequence_length(static_cast<unsigned char>(line[i])), line.size() - i);
        units += n == 4 ? 2 : 1;
        i += n;
    }
    return i;
}

std::size_t text_offset(std::string_view text, const json& position) {
    const auto line = position.at("line").get<std::uint64_t>();
    const auto character = position.at("character").get<std::uint64_t>();
    std::size_t start = 0;
    for (std::uint64_t l = 0; l < line; ++l) {
        const std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) return text.size();
        start = nl + 1;
    }
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start && text[end - 1] == '\r') --end;
    return start + byte_offset(text.substr(start, end - start), static_cast<std::uint32_t>(std::min<std::uint64_t>(character, UINT32_MAX)));
}

namespace {

// ---- positions ------------------------------------------------------------------------

// An LSP position of a byte column (0-based) on a session line (from 1).
json position(Session& s, std::uint32_t line, std::size_t byte) {
    const std::string_view text = s.line(line);
    return {{"line", line == 0 ? 0 : line - 1}, {"character", utf16_length(text.substr(0, std::min(byte, text.size())))}};
}

json range(Session& s, std::uint32_t line, std::size_t from, std::size_t to) {
    return {{"start", position(s, line, from)}, {"end", position(s, line, to)}};
}

// Where a token that begins at a byte ends: a quoted text at its closing quote, a table
// position at its ')', anything else at the next blank.
std::size_t token_end(std::string_view line, std::size_t from) {
    if (from >= line.size()) return line.size();
    if (line[from] == '"') {
        for (std::size_t i = from + 1; i < line.size(); ++i) {
            if (line[i] == '\\') ++i;
            else if (line[i] == '"') return i + 1;
        }
        return line.size();
    }
    if (line[from] == '(') {
        const std::size_t close = line.find(')', from);
        return close == std::string_view::npos ? line.size() : close + 1;
    }
    std::size_t i = from;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    return i;
}

// The session line of an LSP position's line, and the byte of its character on it.
struct At {
    std::uint32_t line = 0;
    std::size_t byte = 0;
};
At at_position(Session& s, const json& position) {
    const auto line = position.at("line").get<std::uint64_t>();
    At at;
    at.line = static_cast<std::uint32_t>(std::min<std::uint64_t>(line + 1, UINT32_MAX));
    at.byte = byte_offset(s.line(at.line), static_cast<std::uint32_t>(std::min<std::uint64_t>(position.at("character").get<std::uint64_t>(), UINT32_MAX)));
    return at;
}

// The word under a byte of a line (letters, digits and the marks names are written with).
std::string_view word_at(std::string_view line, std::size_t byte) {
    auto part = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '\'' || (c & 0x80); };
    std::size_t from = std::min(byte, line.size()), to = from;
    while (from > 0 && part(line[from - 1])) --from;
    while (to < line.size() && part(line[to])) ++to;
    return line.substr(from, to - from);
}

std::string trim(std::string_view s) {
    const auto from = s.find_first_not_of(" \t");
    if (from == std::string_view::npos) return {};
    const auto to = s.find_last_not_of(" \t");
    return std::string(s.substr(from, to - from + 1));
}

const ngn::Line* line_of(Session& s, std::uint32_t number) {
    const ngn::Game* game = s.game_at(number);
    if (!game) return nullptr;
    for (const ngn::Line& l : game->lines)
        if (l.pos.line == number) return &l;
    return nullptr;
}

// ---- diagnostics ----------------------------------------------------------------------

int severity_code(Severity severity) {
    switch (severity) {
        case Severity::Error: return 1;
        case Severity::Warning: return 2;
        case Severity::Note: return 3;
    }
    return 1;
}

// Where the content of a line ends: before its notes and comment, blanks left out.
std::size_t content_end(std::string_view text, const ngn::Line* line) {
    std::size_t end = text.size();
    if (line && line->comment && line->comment->pos.column > 0) end = std::min<std::size_t>(end, line->comment->pos.column - 1);
    if (const auto* e = line ? line->as<ngn::Event>() : nullptr; e && !e->notes.empty()) end = std::min<std::size_t>(end, e->notes.front().pos.column - 1);
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
    return end;
}

// A position's word as a range; a claim's "=>" with what the claim says.
json location(Session& s, const std::string& uri, ngn::SourcePos pos) {
    const std::string_view text = s.line(pos.line);
    const std::size_t from = std::min<std::size_t>(pos.column ? pos.column - 1 : 0, text.size());
    std::size_t to = token_end(text, from);
    if (text.substr(from, 2) == "=>") to = std::max(to, content_end(text, line_of(s, pos.line)));
    return {{"uri", uri}, {"range", range(s, pos.line, from, std::max(from, to))}};
}

std::string finding_message(const Finding& f) {
    std::string text = f.message;
    if (!f.file.empty()) text = f.file + ":" + std::to_string(f.pos.line) + ": " + text;
    if (f.expected) text += "\nexpected: " + *f.expected;
    if (f.recorded) text += "\nrecorded: " + *f.recorded;
    if (f.ruling) text += "\nruled at line " + std::to_string(f.ruling->pos.line) + ": \"" + f.ruling->text + "\"";
    return text;
}

// A game's excused lines by the line of the finding they follow from.
using ExcusedByCause = std::multimap<std::uint32_t, const Excused*>;
ExcusedByCause by_cause(const std::vector<Excused>& excused) {
    ExcusedByCause all;
    for (const Excused& e : excused) all.emplace(e.cause.line, &e);
    return all;
}

json finding_diagnostic(Session& s, const std::string& uri, const Finding& f, const ExcusedByCause& excused, std::uint32_t fallback_line) {
    // a finding in another file (a ship library) is shown on the game's first line
    const ngn::SourcePos pos = f.file.empty() ? f.pos : ngn::SourcePos{fallback_line, 1};
    json d = location(s, uri, pos.valid() ? pos : ngn::SourcePos{1, 1});
    d.erase("uri");
    d["severity"] = severity_code(f.severity);
    d["source"] = "ironlog";
    d["message"] = finding_message(f);
    if (!f.rule.empty()) d["code"] = f.rule.text();
    json related = json::array();
    if (f.ruling && f.ruling->pos.valid())
        related.push_back({{"location", location(s, uri, f.ruling->pos)}, {"message", "the ruling that stands for this line"}});
    // the lines the message names ("declared ... line 13")
    static const std::regex named_line(R"(\bline (\d{1,9})\b)");
    for (std::sregex_iterator it(f.message.begin(), f.message.end(), named_line), end; it != end && f.file.empty(); ++it) {
        const auto n = static_cast<std::uint32_t>(std::stoul((*it)[1].str()));
        if (n >= 1 && n <= s.line_count() && n != f.pos.line)
            related.push_back({{"location", location(s, uri, ngn::SourcePos{n, 1})}, {"message", "line " + std::to_string(n)}});
    }
    // the later lines not reported because they follow from this mistake
    const auto [first, last] = excused.equal_range(f.pos.line);
    for (auto it = first; it != last && f.file.empty() && related.size() < 20; ++it)
        if (it->second->cause.rule == f.rule)
            related.push_back({{"location", location(s, uri, it->second->pos)}, {"message", "follows from this mistake: " + it->second->what}});
    if (!related.empty()) d["relatedInformation"] = std::move(related);
    return d;
}

// A line excused as following from a mistake already reported, as a hint pointing at it.
json excused_diagnostic(Session& s, const std::string& uri, const Excused& e) {
    json d = location(s, uri, e.pos);
    d.erase("uri");
    d["severity"] = 4;
    d["source"] = "ironlog";
    d["message"] = e.what + "\n(follows from the mistake at line " + std::to_string(e.cause.line) + ", already reported)";
    if (!e.cause.rule.empty()) d["code"] = e.cause.rule.text();
    d["relatedInformation"] = json::array({{{"location", location(s, uri, ngn::SourcePos{e.cause.line, 1})}, {"message", "the mistake this follows from"}}});
    return d;
}

}  // namespace

json diagnostics(Session& s, const std::string& uri, bool show_excused) {
    const FileReport& report = s.report();
    json all = json::array();
    for (const Finding& f : report.findings) all.push_back(finding_diagnostic(s, uri, f, {}, 1));
    for (const GameReport& g : report.games) {
        const ExcusedByCause excused = by_cause(g.excused);
        for (const Finding& f : g.findings) all.push_back(finding_diagnostic(s, uri, f, excused, g.first_line));
        if (show_excused)
            for (const Excused& e : g.excused) all.push_back(excused_diagnostic(s, uri, e));
    }
    return all;
}

// ---- completion -----------------------------------------------------------------------

namespace {

constexpr int kKindKeyword = 14, kKindVariable = 6, kKindFunction = 3, kKindProperty = 10, kKindEnum = 20, kKindValue = 12;

json item(const std::string& label, int kind, const std::string& detail, const std::string& insert = "") {
    json i = {{"label", label}, {"kind", kind}};
    if (!detail.empty()) i["detail"] = detail;
    if (!insert.empty()) i["insertText"] = insert;
    return i;
}

// The tags of a header (docs/notation.md, 3.1), in their canonical order.
const char* const kTags[] = {"NGN",    "Event",   "Site",  "Date",   "Round", "Ruleset", "Variant", "Side1",     "Player1", "Side2", "Player2",
                             "Umpire", "Annotator", "Rules", "Options", "Tables", "Map",    "Library", "Battles", "Tolerance", "SetUp",   "Result"};

// Whether a line stands in a header: no line of play between the game's first line (or the
// text's start) and it.
bool in_header(Session& s, std::uint32_t line) {
    for (std::uint32_t l = line; l-- > 1;) {
        const std::string t = trim(s.line(l));
        if (t.empty() || t[0] == ';') continue;
        return t[0] == '[';
    }
    return true;
}

}  // namespace

json completion(Session& s, const json& params) {
    const At at = at_position(s, params.at("position"));
    const std::string_view text = s.line(at.line);
    const std::string before(text.substr(0, at.byte));
    std::vector<std::string> words;
    for (std::size_t i = 0; i < before.size();) {
        const std::size_t from = before.find_first_not_of(" \t", i);
        if (from == std::string::npos) break;
        const std::size_t to = std::min(before.find_first_of(" \t", from), before.size());
        words.push_back(before.substr(from, to - from));
        i = to;
    }
    const bool typing = !before.empty() && before.back() != ' ' && before.back() != '\t';
    const std::size_t done = words.size() - (typing ? 1 : 0);  // the words written whole
    json items = json::array();
    const std::string first = words.empty() ? "" : words.front();
    if (done == 0 && (first.empty() || first[0] == '[') && in_header(s, at.line)) {
        for (const char* tag : kTags) items.push_back(item(std::string("[") + tag + " \"\"]", kKindProperty, "tag", ""));
        if (first.rfind("[Ruleset", 0) == 0 || first.empty())
            for (const Ruleset* r : all_rulesets().all) items.push_back(item("[Ruleset \"" + r->info.id + "\"]", kKindEnum, r->info.title));
        if (!first.empty()) return items;
    }
    // what may come after the line before (the line being written may not read yet)
    NextSteps next = s.next_after(at.line > 1 ? at.line - 1 : at.line);
    if (next.ruleset.empty() && next.pieces.empty()) next = s.next_after(at.line);
    if (done == 0) {
        for (const std::string& h : next.headings) items.push_back(item(h, kKindKeyword, next.at.empty() ? "heading" : "after " + next.at));
        for (const auto& p : next.pieces)
            if (!p.sunk) items.push_back(item(p.alias, kKindVariable, p.kind + (p.side.empty() ? "" : ", " + p.side) + (p.name != p.alias ? ": " + p.name : "")));
        return items;
    }
    const bool after_actor = done == 1 && std::any_of(next.pieces.begin(), next.pieces.end(), [&](const auto& p) { return p.alias == words[0]; });
    if (after_actor) {
        for (const std::string& v : next.verbs) items.push_back(item(v, kKindFunction, next.ruleset + " action"));
        return items;
    }
    // after the arguments: the roll, where the rules fix its dice
    const std::string partial = typing ? words.back() : "";
    const bool may_be_dice = partial.empty() || std::isdigit(static_cast<unsigned char>(partial[0])) || partial[0] == 'd' || partial[0] == 'D';
    if (done >= 2 && may_be_dice && before.find_first_of(":{;") == std::string::npos && before.find("=>") == std::string::npos)
        if (const auto dice = s.dice_needed(at.line, before.substr(0, before.size() - partial.size())))
            items.push_back(item(dice->dice + ": ", kKindValue, dice->rule.text() + ": " + dice->why));
    for (const auto& p : next.pieces)
        if (!p.sunk && p.kind != "side") items.push_back(item(p.alias, kKindVariable, p.kind + (p.side.empty() ? "" : ", " + p.side)));
    return items;
}

// ---- hover ----------------------------------------------------------------------------

namespace {

std::string number_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string piece_text(const ScenePiece& p, const Scene& scene) {
    std::string text = "**" + p.id + "**" + (p.name != p.id ? " " + p.name : "") + " (" + p.kind;
    if (p.side >= 0 && static_cast<std::size_t>(p.side) < scene.sides.size()) text += ", " + scene.sides[static_cast<std::size_t>(p.side)];
    text += ")";
    std::vector<std::string> facts;
    if (!p.hex.empty()) facts.push_back("at hex " + p.hex);
    else if (!p.area.empty()) facts.push_back("at " + p.area + (p.box.empty() ? "" : "/" + p.box));
    else if (p.at) facts.push_back("at (" + number_text(p.at->x) + ", " + number_text(p.at->y) + ")");
    if (p.heading) facts.push_back("heading " + number_text(*p.heading));
    for (const auto& w : p.state) facts.push_back(w);
    if (p.sunk) facts.push_back("sunk");
    if (p.gone) facts.push_back("gone from play");
    for (const auto& f : facts) text += "\n- " + f;
    if (!scene.at.empty()) text += "\n\n" + scene.at;
    return text;
}

// The lines of a state description that name a piece, for an engine that draws no scene.
std::string state_lines(const std::string& state, const std::string& alias) {
    static const std::regex word_chars("[A-Za-z0-9_'.-]");
    std::string out;
    std::size_t from = 0;
    while (from < state.size()) {
        std::size_t to = state.find('\n', from);
        if (to == std::string::npos) to = state.size();
        const std::string line = state.substr(from, to - from);
        const std::size_t at = line.find(alias);
        const bool whole = at != std::string::npos && (at == 0 || !std::regex_match(line.substr(at - 1, 1), word_chars)) &&
                           (at + alias.size() >= line.size() || !std::regex_match(line.substr(at + alias.size(), 1), word_chars));
        if (whole) out += line + "\n";
        from = to + 1;
    }
    return out;
}

json markdown(const std::string& text) { return {{"contents", {{"kind", "markdown"}, {"value", text}}}}; }

}  // namespace

namespace {

// The findings of a line, and those a ruling on it stands for: the rule each cites, with its values.
std::string findings_text(Session& s, std::uint32_t line) {
    std::string text;
    auto add = [&](const Finding& f, const char* how) {
        text += std::string(text.empty() ? "" : "\n\n") + how + "**" + f.rule.text() + "** " + f.message;
        if (f.expected) text += "\n- expected: " + *f.expected;
        if (f.recorded) text += "\n- recorded: " + *f.recorded;
        if (all_rulesets().find(f.rule.ruleset))  // the case cited, as its coverage table words it
            for (const CoverageCase* c : cases_cited(f.rule.ruleset, f.rule.section))
                text += "\n- the case: " + c->rule + (c->in_short.empty() ? "" : ": " + c->in_short) + " (" + c->status + ")";
    };
    const FileReport& report = s.report();
    for (const GameReport& g : report.games)
        for (const Finding& f : g.findings) {
            if (!f.file.empty()) continue;
            if (f.pos.line == line) add(f, "");
            else if (f.ruling && f.ruling->pos.line == line) add(f, ("ruled for line " + std::to_string(f.pos.line) + ": ").c_str());
        }
    return text;
}

// A ruling's citation ("tmbv 7.3.3", "admiral Units-Movement/Rotation", or a section alone for
// the game's ruleset): the cited case's rows of the ruleset's coverage table, or that it has none.
std::string citation_text(const ngn::Ruling& r, const ngn::Game& game) {
    std::string ruleset;
    std::size_t first = 0;
    if (all_rulesets().find(r.citation[0]) || r.citation[0] == "ngn") {
        ruleset = std::string(r.citation[0]);
        first = 1;
    } else if (const ngn::Tag* tag = game.tag("Ruleset")) {
        ruleset = std::string(tag->value);
    }
    std::string section;
    for (std::size_t i = first; i < r.citation.size(); ++i) section += (section.empty() ? "" : " ") + std::string(r.citation[i]);
    // the notation's sections (ngn) have no coverage table, nor has a ruleset ironlog lacks
    if (!all_rulesets().find(ruleset) || section.empty()) return {};
    std::string text = "**" + ruleset + " " + section + "**";
    const std::vector<const CoverageCase*> cases = cases_cited(ruleset, section);
    if (cases.empty()) return text + ": no such case in the coverage table of " + ruleset + " (docs/rules/" + ruleset + ".md)";
    for (const CoverageCase* c : cases) text += "\n- " + c->rule + (c->in_short.empty() ? "" : ": " + c->in_short) + "\n  - " + c->status;
    return text;
}

}  // namespace

json hover(Session& s, const json& params) {
    const At at = at_position(s, params.at("position"));
    const std::string word(word_at(s.line(at.line), at.byte));
    const ngn::Line* line = line_of(s, at.line);
    if (!line) return nullptr;
    if (const auto* r = line->as<ngn::Ruling>(); r && !r->citation.empty() && r->text_pos.valid() && at.byte + 1 < r->text_pos.column &&
                                                  at.byte + 1 >= line->pos.column + 6) {
        // on the citation, between the word `ruling` and the quoted text
        std::string text = citation_text(*r, *s.game_at(at.line));
        const std::string findings = findings_text(s, at.line);
        if (!findings.empty()) text += (text.empty() ? "" : "\n\n") + findings;
        return text.empty() ? json(nullptr) : markdown(text);
    }
    if (line->is<ngn::Ruling>() || word.empty()) {
        const std::string findings = findings_text(s, at.line);
        return findings.empty() ? json(nullptr) : markdown(findings);
    }
    if (const auto* h = line->as<ngn::Heading>()) {
        const NextSteps next = s.next_after(at.line);
        std::string text = "**" + std::string(ngn::heading_keyword(h->kind)) + " " + std::string(h->label) + "**";
        if (!next.at.empty()) text += "\n\nplay stands at: " + next.at;
        if (!next.headings.empty()) {
            text += "\n\nmay come next:";
            for (const auto& n : next.headings) text += "\n- " + n;
        }
        return markdown(text);
    }
    for (const Declared& d : s.declared(at.line)) {
        const std::string alias = d.alias.empty() ? d.name : d.alias;
        if (alias != word) continue;
        if (const auto scene = s.scene_after(at.line))
            for (const ScenePiece& p : scene->pieces)
                if (p.id == alias) return markdown(piece_text(p, *scene));
        std::string text = "**" + alias + "** " + d.name + " (" + d.kind + (d.side.empty() ? "" : ", " + d.side) + ")";
        const std::string state = state_lines(s.state_after(at.line), alias);
        if (!state.empty()) text += "\n\n```\n" + state + "```";
        return markdown(text);
    }
    // elsewhere on a line with findings: what they cite
    const std::string findings = findings_text(s, at.line);
    return findings.empty() ? json(nullptr) : markdown(findings);
}

// ---- code actions ---------------------------------------------------------------------

namespace {

json edit_action(const std::string& title, const std::string& uri, json edit_range, const std::string& new_text, const json& diagnostic, bool preferred) {
    json changes = json::object();
    changes[uri] = json::array({{{"range", std::move(edit_range)}, {"newText", new_text}}});
    json a = {{"title", title}, {"kind", "quickfix"}, {"edit", {{"changes", changes}}}};
    if (!diagnostic.is_null()) a["diagnostics"] = json::array({diagnostic});
    if (preferred) a["isPreferred"] = true;
    return a;
}

// An expected value that can stand in a record as written: not a description ("a face 1-6").
bool writable(const std::string& expected) {
    static const std::regex description(R"(^(a|an|no|at most|at least|one of|some|none|any)\b|faces?\b|\bor\b)");
    return !expected.empty() && !std::regex_search(expected, description);
}

bool is_heading_text(const std::string& text) {
    static const std::regex heading(R"(^(turn|phase|segment|impulse|step) \S+$)");
    return std::regex_match(text, heading);
}

// The actions for one finding on its line.
void actions_for(Session& s, const std::string& uri, const Finding& f, const json& diagnostic, json& out) {
    const std::string_view text = s.line(f.pos.line);
    const std::string indent(text.substr(0, text.find_first_not_of(" \t") == std::string_view::npos ? 0 : text.find_first_not_of(" \t")));
    const ngn::Line* line = line_of(s, f.pos.line);
    const bool on_heading = line && line->is<ngn::Heading>();
    if (f.expected && on_heading && is_heading_text(*f.expected)) {
        out.push_back(edit_action("Insert '" + *f.expected + "' before this line", uri, range(s, f.pos.line, 0, 0), indent + *f.expected + "\n", diagnostic, true));
        return;
    }
    if (f.expected && f.recorded && *f.expected == "sunk" && *f.recorded == "afloat" && line) {
        const std::size_t end = content_end(text, line);
        out.push_back(edit_action("Add the missing 'sunk'", uri, range(s, f.pos.line, end, end), " sunk", diagnostic, true));
        return;
    }
    if (f.expected && f.recorded && *f.expected == "afloat" && *f.recorded == "sunk") {
        // the claim's word "sunk" goes, with the blank before it
        for (std::size_t at = text.find("sunk", f.pos.column ? f.pos.column - 1 : 0); at != std::string_view::npos; at = text.find("sunk", at + 1))
            if (word_at(text, at) == "sunk") {
                const std::size_t from = at > 0 && text[at - 1] == ' ' ? at - 1 : at;
                out.push_back(edit_action("Remove 'sunk': the ship is afloat", uri, range(s, f.pos.line, from, at + 4), "", diagnostic, true));
                break;
            }
        return;
    }
    if (f.expected && f.recorded && !f.recorded->empty()) {
        const std::size_t from = f.pos.column ? f.pos.column - 1 : 0;
        std::size_t at = text.find(*f.recorded, std::min(from, text.size()));
        if (at == std::string_view::npos) at = text.find(*f.recorded);
        if (at != std::string_view::npos) {
            std::vector<std::string> options;
            static const std::string one_of = "one of ";
            if (f.expected->rfind(one_of, 0) == 0) {
                std::string rest = f.expected->substr(one_of.size());
                for (std::size_t i = 0; i <= rest.size() && options.size() < 8;) {
                    const std::size_t comma = std::min(rest.find(", ", i), rest.size());
                    options.push_back(rest.substr(i, comma - i));
                    i = comma + 2;
                }
            } else if (writable(*f.expected)) {
                options.push_back(*f.expected);
            }
            for (const auto& o : options)
                out.push_back(edit_action("Replace '" + *f.recorded + "' with '" + o + "'", uri, range(s, f.pos.line, at, at + f.recorded->size()), o,
                                          diagnostic, options.size() == 1));
        }
    }
    // a heading out of place: the headings the sequence allows there
    if (on_heading && f.kind == Kind::Illegal && f.pos.line > 1) {
        const NextSteps next = s.next_after(f.pos.line - 1);
        for (std::size_t i = 0; i < next.headings.size() && i < 3; ++i)
            out.push_back(edit_action("Insert '" + next.headings[i] + "' before this line", uri, range(s, f.pos.line, 0, 0), indent + next.headings[i] + "\n",
                                      diagnostic, false));
    }
}

}  // namespace

Lines lines_of(const json& range) {
    auto line = [](const json& position) {
        return static_cast<std::uint32_t>(std::min<std::uint64_t>(position.at("line").get<std::uint64_t>(), UINT32_MAX - 1) + 1);
    };
    return {line(range.at("start")), line(range.at("end"))};
}

json code_actions(Session& s, const std::string& uri, const json& params) {
    const auto [first, last] = lines_of(params.at("range"));
    const FileReport& report = s.report();
    json out = json::array();
    auto consider = [&](const Finding& f, const ExcusedByCause& excused, std::uint32_t game_line) {
        if (!f.file.empty() || f.pos.line < first || f.pos.line > last) return;
        actions_for(s, uri, f, finding_diagnostic(s, uri, f, excused, game_line), out);
    };
    for (const Finding& f : report.findings) consider(f, {}, 1);
    for (const GameReport& g : report.games) {
        const ExcusedByCause excused = by_cause(g.excused);
        for (const Finding& f : g.findings) consider(f, excused, g.first_line);
    }
    return out;
}

// ---- definition, outline, formatting --------------------------------------------------

json definition(Session& s, const std::string& uri, const json& params) {
    const At at = at_position(s, params.at("position"));
    const std::string word(word_at(s.line(at.line), at.byte));
    if (word.empty()) return nullptr;
    for (const Declared& d : s.declared(at.line))
        if ((d.alias.empty() ? d.name : d.alias) == word && d.pos.valid()) {
            // the name itself on the declaring line, when it is written there
            const std::string_view text = s.line(d.pos.line);
            std::size_t at = d.pos.column ? d.pos.column - 1 : 0;
            for (std::size_t i = text.find(word, at); i != std::string_view::npos; i = text.find(word, i + 1))
                if (word_at(text, i) == word) {
                    at = i;
                    break;
                }
            return {{"uri", uri}, {"range", range(s, d.pos.line, at, std::min(text.size(), at + word.size()))}};
        }
    return nullptr;
}

namespace {

int heading_rank(ngn::HeadingKind kind) { return static_cast<int>(kind); }

json symbol(Session& s, const std::string& name, int kind, std::uint32_t line, std::uint32_t last, const std::string& detail) {
    const std::uint32_t end_line = std::max(line, last);
    json sym = {{"name", name.empty() ? "(game)" : name}, {"kind", kind}, {"range", {{"start", position(s, line, 0)}, {"end", position(s, end_line, s.line(end_line).size())}}},
                {"selectionRange", range(s, line, 0, s.line(line).size())}, {"children", json::array()}};
    if (!detail.empty()) sym["detail"] = detail;
    return sym;
}

// The headings of a game as a tree: each holds the headings of lower rank after it.
json game_outline(Session& s, const ngn::Game& game) {
    const ngn::Tag* event = game.tag("Event");
    const ngn::Tag* ruleset = game.tag("Ruleset");
    json root = symbol(s, event ? std::string(event->value) : "game", 2, game.first_line, game.last_line, ruleset ? std::string(ruleset->value) : "");
    struct Open {
        json sym;
        int rank;
    };
    std::vector<Open> open;
    auto close = [&](std::uint32_t before) {
        Open o = std::move(open.back());
        open.pop_back();
        o.sym["range"]["end"] = position(s, std::max<std::uint32_t>(before, o.sym["range"]["start"]["line"].get<std::uint32_t>() + 1), s.line(before).size());
        (open.empty() ? root : open.back().sym)["children"].push_back(std::move(o.sym));
    };
    static const int kinds[] = {3, 5, 6, 24, 24};  // turn: namespace, phase: class, segment: method, impulse, step: event
    for (const ngn::Line& l : game.lines) {
        const auto* h = l.as<ngn::Heading>();
        if (!h) continue;
        const int rank = heading_rank(h->kind);
        while (!open.empty() && open.back().rank >= rank) close(l.pos.line - 1);
        const std::string name = std::string(ngn::heading_keyword(h->kind)) + " " + std::string(h->label);
        open.push_back({symbol(s, name, kinds[rank], l.pos.line, l.pos.line, ""), rank});
    }
    while (!open.empty()) close(game.last_line);
    return root;
}

}  // namespace

json document_symbols(Session& s) {
    json all = json::array();
    for (const ngn::Game* g : s.games()) all.push_back(game_outline(s, *g));
    return all;
}

bool formatting(Session& s, json& edits, std::string& error) {
    const ngn::ParsedFile parsed = ngn::parse_text(s.text());
    if (parsed.error_count() > 0) {
        error = "the record has syntax errors: not formatted (correct them first)";
        return false;
    }
    if (parsed.games.empty()) {
        error = "no game in this document: nothing to format";
        return false;
    }
    std::string formatted;
    for (std::size_t i = 0; i < parsed.games.size(); ++i) formatted += (i ? "\n" : "") + ngn::format_game(parsed.games[i]);
    edits = json::array();
    if (formatted == s.text()) return true;
    std::uint32_t lines = 0;
    std::size_t last_start = 0;
    for (std::size_t i = 0; i < s.text().size(); ++i)
        if (s.text()[i] == '\n') ++lines, last_start = i + 1;
    const json end = {{"line", lines}, {"character", utf16_length(std::string_view(s.text()).substr(last_start))}};
    edits.push_back({{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", end}}}, {"newText", formatted}});
    return true;
}

// ---- semantic tokens ------------------------------------------------------------------

namespace {

enum Token { kTag, kString, kKeyword, kActor, kVerb, kNumber, kDice, kClaim, kComment, kNote, kRuling, kTokenTypes };
const char* const kTokenNames[] = {"property", "string", "keyword", "variable", "function", "number", "operator", "enumMember", "comment", "comment", "macro"};

struct Span {
    std::uint32_t line;
    std::size_t from, to;
    int type;
    friend bool operator<(const Span& a, const Span& b) { return std::tie(a.line, a.from) < std::tie(b.line, b.from); }
};

class Tokens {
public:
    explicit Tokens(Session& s) : s_(s) {}
    std::set<std::string, std::less<>> aliases;  // the pieces' names: actors wherever they stand
    void add(ngn::SourcePos pos, int type, std::size_t length = 0) {
        if (!pos.valid() || pos.column == 0) return;
        const std::string_view text = s_.line(pos.line);
        const std::size_t from = pos.column - 1;
        if (from >= text.size()) return;
        const std::size_t to = length ? std::min(text.size(), from + length) : token_end(text, from);
        if (to > from) spans_.push_back({pos.line, from, to, type});
    }
    void items(ngn::Items items, int number_type) {
        for (const ngn::Item& i : items) item(i, number_type);
    }
    void item(const ngn::Item& i, int number_type) {
        if (const auto* d = i.as<ngn::Dice>()) {
            add(i.pos, kDice, d->spec().size() + 1);
            for (const auto& f : d->faces) add(f.pos, kNumber);
            for (const auto& m : d->modifiers) add(m.pos, kNumber);
            if (d->total_pos.valid()) add(d->total_pos, kNumber);
        } else if (i.is<ngn::Text>()) {
            add(i.pos, kString);
        } else if (const auto* w = i.as<ngn::Word>()) {
            if (aliases.count(w->text)) add(i.pos, kActor, w->text.size());
            else if (number_type == kClaim) add(i.pos, kClaim, w->text.size());
        } else if (const auto* l = i.as<ngn::List>()) {
            for (const auto& e : l->items) item(e, number_type);
        } else {
            add(i.pos, number_type);
        }
    }
    void notes(ngn::Notes notes) {
        for (const auto& n : notes) {
            const std::string_view text = s_.line(n.pos.line);
            const std::size_t close = text.find('}', n.pos.column - 1);
            add(n.pos, kNote, close == std::string_view::npos ? text.size() : close + 2 - n.pos.column);
        }
    }
    void line(const ngn::Line& l);
    json encode(Lines lines);

private:
    Session& s_;
    std::vector<Span> spans_;
};

void Tokens::line(const ngn::Line& l) {
    if (const auto* t = l.as<ngn::Tag>()) {
        add(t->pos, kTag, t->value_pos.valid() && t->value_pos.column > t->pos.column ? t->value_pos.column - t->pos.column : 0);
        add(t->value_pos, kString);
    } else if (const auto* h = l.as<ngn::Heading>()) {
        add(l.pos, kKeyword, std::string_view(ngn::heading_keyword(h->kind)).size());
        add(h->label_pos, kKeyword);
        items(h->args, kNumber);
    } else if (const auto* d = l.as<ngn::Declaration>()) {
        add(l.pos, kKeyword, std::string_view(ngn::entity_keyword(d->kind)).size());
        item(d->name, kNumber);
        if (d->full_name) item(*d->full_name, kNumber);
        items(d->args, kNumber);
        notes(d->notes);
    } else if (const auto* su = l.as<ngn::Setup>()) {
        add(l.pos, kKeyword, 5);
        item(su->subject, kNumber);
        items(su->args, kNumber);
        notes(su->notes);
    } else if (const auto* te = l.as<ngn::Terrain>()) {
        add(l.pos, kKeyword, 7);
        items(te->args, kNumber);
        notes(te->notes);
    } else if (const auto* e = l.as<ngn::Event>()) {
        add(e->subject.pos, e->subject.is<ngn::Text>() ? kString : kActor);
        for (std::size_t i = 0; i < e->args.size(); ++i) {
            if (i == 0 && e->args[0].is<ngn::Word>()) add(e->args[0].pos, kVerb, e->args[0].as<ngn::Word>()->text.size());
            else item(e->args[i], kNumber);
        }
        if (e->claim) {
            add(e->claim_pos, kDice, 2);
            for (const auto& c : *e->claim) item(c, kClaim);
        }
        notes(e->notes);
    } else if (const auto* r = l.as<ngn::Ruling>()) {
        const std::string_view text = s_.line(l.pos.line);
        const std::size_t upto = r->text_pos.valid() && r->text_pos.column > l.pos.column ? r->text_pos.column - l.pos.column : 6;
        add(l.pos, kRuling, std::string_view(text).substr(l.pos.column - 1, upto).find_last_not_of(' ') + 1);
        add(r->text_pos, kString);
    }
    if (l.comment) add(l.comment->pos, kComment, s_.line(l.pos.line).size() + 1 - l.comment->pos.column);
}

json Tokens::encode(Lines lines) {
    std::sort(spans_.begin(), spans_.end());
    std::erase_if(spans_, [&](const Span& sp) { return sp.line < lines.first || sp.line > lines.last; });
    json data = json::array();
    std::uint32_t last_line = 1, last_char = 0;
    std::size_t covered_to = 0;
    std::uint32_t covered_line = 0;
    for (const Span& sp : spans_) {
        if (sp.line == covered_line && sp.from < covered_to) continue;  // overlaps the one before
        const std::string_view text = s_.line(sp.line);
        const std::uint32_t start = utf16_length(text.substr(0, sp.from));
        const std::uint32_t length = utf16_length(text.substr(sp.from, sp.to - sp.from));
        const std::uint32_t delta_line = sp.line - last_line;
        data.push_back(delta_line);
        data.push_back(delta_line == 0 ? start - last_char : start);
        data.push_back(length);
        data.push_back(sp.type);
        data.push_back(sp.type == kNote ? 1 : 0);  // the documentation modifier marks notes
        last_line = sp.line, last_char = start;
        covered_line = sp.line, covered_to = sp.to;
    }
    return {{"data", data}};
}

}  // namespace

json semantic_legend() {
    json types = json::array();
    for (int i = 0; i < kTokenTypes; ++i) types.push_back(kTokenNames[i]);
    // notes and comments share a type; the modifier tells a note
    types[kNote] = "comment";
    return {{"tokenTypes", types}, {"tokenModifiers", json::array({"documentation"})}};
}

json semantic_tokens(Session& s, Lines lines) {
    Tokens tokens(s);
    const std::vector<const ngn::Game*> games = s.games();
    std::vector<bool> in_game(s.line_count() + 2, false);
    for (const ngn::Game* g : games) {
        if (g->last_line < lines.first || g->first_line > lines.last) continue;
        // the names its declarations give (read from the lines: no replay for highlighting)
        tokens.aliases.clear();
        for (const ngn::Line& l : g->lines)
            if (const auto* d = l.as<ngn::Declaration>()) {
                if (const auto* w = d->name.as<ngn::Word>()) tokens.aliases.insert(std::string(w->text));
                if (const auto* t = d->name.as<ngn::Text>()) tokens.aliases.insert(std::string(t->text));
            }
        for (const ngn::Line& l : g->lines) {
            tokens.line(l);
            if (l.pos.line < in_game.size()) in_game[l.pos.line] = true;
        }
    }
    // comment lines outside games (before the first)
    for (std::uint32_t n = std::max<std::uint32_t>(lines.first, 1); n <= std::min(s.line_count(), lines.last); ++n) {
        if (in_game[n]) continue;
        const std::string_view text = s.line(n);
        const std::size_t at = text.find_first_not_of(" \t");
        if (at != std::string_view::npos && text[at] == ';') tokens.add(ngn::SourcePos{n, static_cast<std::uint32_t>(at + 1)}, kComment, text.size() - at);
    }
    return tokens.encode(lines);
}

}  // namespace ironlog::lsp
