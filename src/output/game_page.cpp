// The game's HTML report. Each step keeps only what changed: the pictures and roster rows of the
// pieces that changed, as indexes into one list of texts each kept once, so a long game's page
// stays small (docs/performance.md); the page's script rebuilds a step from the first.
#include "output/game_page.hpp"

#include "output/page_script.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <sstream>

namespace ironlog::output {

namespace {

std::string number_text(double v) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, std::round(v * 10) / 10, std::chars_format::general);
    return ec == std::errc() ? std::string(buf, end) : "0";
}

std::string place_of(const ScenePiece& p) {
    if (!p.hex.empty()) return "hex " + p.hex;
    if (!p.area.empty()) return p.area + (p.box.empty() ? "" : " (" + p.box + ")");
    if (p.at) return "(" + number_text(p.at->x) + ", " + number_text(p.at->y) + ")";
    return "not on the board";
}

std::string roster_row(const ScenePiece& p) {
    std::string state;
    for (const auto& w : p.state) state += (state.empty() ? "" : ", ") + w;
    std::string place = place_of(p);
    if (p.heading) place += ", heading " + number_text(*p.heading);
    return "<tr class=\"piece-row" + std::string(p.sunk ? " sunk" : "") + (p.gone ? " gone" : "") + "\" data-id=\"" + xml_text(p.id) +
           "\"><td><span class=\"swatch\" style=\"background:" + side_colour(p.side) + "\"></span>" + xml_text(p.id) + "</td><td>" +
           xml_text(p.name) + "</td><td>" + xml_text(place) + "</td><td>" + xml_text(state) + "</td></tr>";
}

const char* severity_class(Severity s) { return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note"; }

// A finding as a person reads it: the rule, what is wrong, expected against recorded.
std::string finding_text(const Finding& f) {
    std::string s = std::string(to_string(f.severity)) + " [" + to_string(f.kind) + "]";
    if (!f.rule.empty()) s += " " + f.rule.text();
    s += ": " + f.message;
    if (f.expected || f.recorded) s += " (expected " + f.expected.value_or("-") + ", recorded " + f.recorded.value_or("-") + ")";
    if (f.ruling) s += " - excused by the ruling at line " + std::to_string(f.ruling->pos.line) + ": " + f.ruling->text;
    return s;
}

const char* const kStyle = R"(
body{font-family:sans-serif;margin:12px;color:#222}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:18px 0 6px}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
#stepper{position:sticky;top:0;background:#f5f7fa;padding:6px;border:1px solid #ccd;z-index:2}
#stepper button{font-size:13px;margin-right:2px}#slider{width:40%;vertical-align:middle}#at{font-size:13px;margin-left:8px}
#view{display:flex;gap:12px;align-items:flex-start;margin-top:8px}
#board-pane{flex:0 0 auto;max-width:62%}#board{max-width:100%;height:auto;border:1px solid #ddd}
#record-pane{position:relative;flex:1 1 auto;max-height:80vh;overflow:auto;border:1px solid #ddd;font-family:monospace;font-size:12px}
#record>div{content-visibility:auto;contain-intrinsic-size:auto 15px;white-space:pre-wrap;padding-left:4.5em;text-indent:-4.5em;min-height:1.2em;cursor:pointer}
#record>div>b{display:inline-block;width:4em;margin-right:.5em;text-align:right;color:#999;text-indent:0;font-weight:normal}
#record>div.current{background:#fff2a8}#record>div.has-finding{border-left:4px solid #d33}
#record p.finding{margin:2px 0 2px 4.5em;text-indent:0;white-space:normal;font-family:sans-serif;font-size:12px}
.finding.error{color:#a00}.finding.warning{color:#a60}.finding.note{color:#555}
.swatch{display:inline-block;width:10px;height:10px;margin-right:4px;border:1px solid #000}
tr.sunk td{color:#888;text-decoration:line-through}tr.gone td{color:#888}
.notes li{color:#833}
table.tags tr{display:inline-table;margin:0 6px 4px 0}
.arc{display:none}#board.show-arcs .arc{display:inline}
)";

void write_dice(std::ostream& os, const GamePageText& text) {
    os << "<section id=\"dice\"><h2>Dice (" << text.dice.size() << " lines)</h2>\n";
    if (!text.dice.empty()) {
        os << "<table id=\"dice-lines\"><thead><tr><th>line</th><th>who</th><th>roll</th><th>dice</th><th>decided</th></tr></thead><tbody>\n";
        for (const auto& d : text.dice)
            os << "<tr><td><a href=\"#line-" << d.line << "\">" << d.line << "</a></td><td>" << xml_text(d.who) << "</td><td>" << xml_text(d.kind)
               << "</td><td>" << xml_text(d.dice) << "</td><td>" << xml_text(d.decided) << "</td></tr>\n";
        os << "</tbody></table>\n";
    }
    if (text.dice_statistics) {
        os << "<h3>Are the dice fair?</h3>\n";
        write_dice_section(os, *text.dice_statistics);
    }
    os << "</section>\n";
}

}  // namespace

GamePage::GamePage(Pictures pictures, std::vector<Finding> findings) : pictures_(std::move(pictures)), findings_(std::move(findings)) {
    // A finding in another file the record names (a ship library) is listed, not put at a line.
    for (std::size_t i = 0; i < findings_.size(); ++i)
        if (findings_[i].file.empty()) findings_at_[findings_[i].pos.line].push_back(i);
}

std::size_t GamePage::intern(std::string text) {
    if (text.empty()) return 0;
    auto [it, added] = interned_.emplace(std::move(text), fragments_.size());
    if (added) fragments_.push_back(it->first);
    return it->second;
}

std::size_t GamePage::slot(const std::string& piece_id) {
    auto [it, added] = slots_.emplace(piece_id, current_.size());
    if (added) current_.emplace_back(0, 0);
    return it->second;
}

// A ring round the piece a line's finding is about, with the findings as its tooltip.
std::string GamePage::marker(const Scene& scene, const std::vector<DrawnPiece>& drawn, const StepPlace& place) const {
    auto at = findings_at_.find(place.line);
    if (at == findings_at_.end() || place.actor.empty()) return {};
    for (std::size_t k = 0; k < scene.pieces.size(); ++k) {
        if (scene.pieces[k].id != place.actor || !drawn[k].centre) continue;
        std::string tip;
        for (std::size_t i : at->second) tip += (tip.empty() ? "" : "\n") + finding_text(findings_[i]);
        const auto [x, y] = *drawn[k].centre;
        return "<circle class=\"finding-marker\" cx=\"" + number_text(x) + "\" cy=\"" + number_text(y) +
               "\" r=\"15\" fill=\"none\" stroke=\"#e00\" stroke-width=\"3\"><title>" + xml_text(tip) + "</title></circle>";
    }
    return {};
}

void GamePage::add_step(const StepPlace& place, const Scene& scene) {
    if (steps_.empty()) sides_ = scene.sides, notes_ = scene.notes;
    if (steps_.empty() || (pictures_.board_follows_scene() && scene.areas != areas_)) {
        areas_ = scene.areas;
        board_ = intern(pictures_.board(scene));
    }
    const std::vector<DrawnPiece> drawn = pictures_.pieces(scene);
    Step step{place, intern(xml_text(scene_place(scene))), board_, intern(pictures_.act_lines(scene)), intern(marker(scene, drawn, place)), {}};
    std::vector<bool> seen(current_.size(), false);
    // A change is [slot, picture, roster row, x, y]: x and y in tenths of a pixel, the point the
    // piece is drawn at (its track's next point), or -1 when it is not on the board or when a
    // picture of lists (an area map) has no track.
    auto change = [&](std::size_t s, std::size_t picture, std::size_t row, long x, long y) {
        if (current_[s] == std::pair{picture, row}) return;
        current_[s] = {picture, row};
        step.changes.insert(step.changes.end(), {static_cast<long>(s), static_cast<long>(picture), static_cast<long>(row), x, y});
    };
    for (std::size_t k = 0; k < scene.pieces.size(); ++k) {
        const std::size_t s = slot(scene.pieces[k].id);
        seen.resize(current_.size(), false);
        seen[s] = true;
        if (colours_.size() <= s) colours_.resize(s + 1);
        colours_[s] = side_colour(scene.pieces[k].side);
        const auto& c = drawn[k].centre;
        const bool track = c && !pictures_.board_follows_scene();
        change(s, intern(drawn[k].svg), intern(roster_row(scene.pieces[k])), track ? std::lround(c->first * 10) : -1,
               track ? std::lround(c->second * 10) : -1);
    }
    for (std::size_t s = 0; s < seen.size(); ++s)
        if (!seen[s]) change(s, 0, 0, -1, -1);  // gone from the scene
    steps_.push_back(std::move(step));
}

// The steps as JSON in a script element: `<` written as \u003c, so no text can end the element.
void GamePage::write_steps(std::ostream& os) const {
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& s : steps_) {
        nlohmann::json changes(s.changes);
        steps.push_back({s.place.line, s.place.turn, s.place.phase, s.at, s.board, s.acts, s.marker, std::move(changes)});
    }
    const nlohmann::json data = {{"f", fragments_}, {"s", std::move(steps)}, {"k", colours_}};
    std::string text = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string safe;
    safe.reserve(text.size());
    for (char c : text) {
        if (c == '<') safe += "\\u003c";
        else safe += c;
    }
    os << "<script type=\"application/json\" id=\"steps-data\">" << safe << "</script>\n";
}

void GamePage::write_record(std::ostream& os, const GamePageText& text) const {
    os << "<section id=\"record-pane\"><div id=\"record\">\n";
    for (std::size_t i = 0; i < text.lines.size(); ++i) {
        const std::uint32_t n = text.first_line + static_cast<std::uint32_t>(i);
        auto at = findings_at_.find(n);
        os << "<div id=\"L" << n << "\"" << (at != findings_at_.end() ? " class=\"has-finding\"" : "") << "><b>" << n << "</b>" << xml_text(text.lines[i]);
        if (at != findings_at_.end())
            for (std::size_t f : at->second)
                os << "<p class=\"finding " << severity_class(findings_[f].severity) << "\">" << xml_text(finding_text(findings_[f])) << "</p>";
        os << "</div>\n";
    }
    os << "</div></section>\n";
}

void GamePage::write_findings(std::ostream& os) const {
    os << "<section id=\"findings\"><h2>Findings (" << findings_.size() << ")</h2>\n";
    if (findings_.empty()) os << "<p>None: the record checks clean.</p>\n";
    else os << "<ul>\n";
    for (const auto& f : findings_) {
        os << "<li class=\"finding " << severity_class(f.severity) << "\">";
        if (f.file.empty())
            os << "<a href=\"#line-" << f.pos.line << "\">line " << f.pos.line << ":" << f.pos.column << "</a> ";
        else
            os << xml_text(f.file + ":" + std::to_string(f.pos.line) + ":" + std::to_string(f.pos.column)) << " ";
        os << xml_text(finding_text(f)) << "</li>\n";
    }
    if (!findings_.empty()) os << "</ul>\n";
    os << "</section>\n";
}

void GamePage::write_stepper(std::ostream& os) const {
    os << "<nav id=\"stepper\"><button id=\"first\" title=\"Home\">|&#9664;</button><button id=\"prev-turn\" title=\"Page Up\">&#9664; turn</button>"
          "<button id=\"prev-phase\" title=\"Up\">&#9664; phase</button><button id=\"prev\" title=\"Left\">&#9664; line</button>"
          "<button id=\"next\" title=\"Right\">line &#9654;</button><button id=\"next-phase\" title=\"Down\">phase &#9654;</button>"
          "<button id=\"next-turn\" title=\"Page Down\">turn &#9654;</button><button id=\"last\" title=\"End\">&#9654;|</button> "
          "<label title=\"the firing arcs of each piece, where its ruleset defines them\"><input id=\"arcs\" type=\"checkbox\"> arcs</label> "
          "<input id=\"slider\" type=\"range\" min=\"0\" max=\""
       << (steps_.empty() ? 0 : steps_.size() - 1) << "\" value=\"0\" aria-label=\"step\"><span id=\"at\"></span></nav>\n";
}

// The board (its layers filled by the script), the legend, the pieces' table and the notes.
void GamePage::write_board(std::ostream& os, const GamePageText& text) const {
    const std::string w = number_text(pictures_.width()), h = number_text(pictures_.height());
    os << "<section id=\"board-pane\"><svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h
       << "\" viewBox=\"0 0 " << w << " " << h << "\" font-family=\"sans-serif\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
       << "<g id=\"board-area\"></g><g id=\"tracks\"></g><g id=\"acts\"></g><g id=\"pieces\"></g><g id=\"markers\"></g></svg>\n<p class=\"legend\">";
    for (std::size_t i = 0; i < sides_.size(); ++i)
        os << "<span class=\"swatch\" style=\"background:" << side_colour(static_cast<int>(i)) << "\"></span>" << xml_text(sides_[i]) << " ";
    os << "&#8212; a cross: sunk or destroyed; faded: out of play; a red ring: a finding at this line</p>\n"
       << "<table id=\"roster\"><thead><tr><th>piece</th><th>name</th><th>place</th><th>state</th></tr></thead><tbody id=\"roster-rows\"></tbody></table>\n";
    if (!notes_.empty() || !text.notes.empty()) {
        os << "<ul class=\"notes\">";
        for (const auto& n : notes_) os << "<li>" << xml_text(n) << "</li>";
        for (const auto& n : text.notes) os << "<li>" << xml_text(n) << "</li>";
        os << "</ul>\n";
    }
    os << "</section>\n";
}

void GamePage::write(std::ostream& os, const GamePageText& text) const {
    os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << xml_text(text.title) << "</title><style>" << kStyle
       << "</style></head>\n<body>\n<header><h1>" << xml_text(text.title) << "</h1><p>" << xml_text(text.file) << "</p>\n<table class=\"tags\">";
    for (const auto& [name, value] : text.tags) os << "<tr><th>" << xml_text(name) << "</th><td>" << xml_text(value) << "</td></tr>";
    os << "</table></header>\n";
    write_stepper(os);
    os << "<div id=\"view\">";
    write_board(os, text);
    write_record(os, text);
    os << "</div>\n";
    write_findings(os);
    write_dice(os, text);
    os << "<div id=\"status\" hidden></div>\n";
    write_steps(os);
    os << "<script>" << kGamePageScript << "</script>\n</body></html>\n";
}

}  // namespace ironlog::output
