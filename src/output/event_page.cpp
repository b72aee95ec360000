#include "output/event_page.hpp"

#include "output/svg.hpp"

#include <algorithm>

namespace ironlog::output {

namespace {

// The page's look: plain, printable, readable on a phone; no fonts fetched.
const char* const kStyle = R"css(
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 80em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
table.cross td { text-align: center; min-width: 2em; } table.cross td:nth-child(2) { text-align: left; }
table.cross td.self { background: #ddd; }
.W { color: #176117; font-weight: bold; } .L { color: #a11; } .D { color: #555; } .U { color: #888; }
.bar { display: inline-block; height: 0.9em; background: #b44; vertical-align: middle; margin-right: 0.4em; }
.uneven { color: #a11; font-weight: bold; }
p.note, p.caution { max-width: 60em; }
.small { color: #666; font-size: 0.9em; }
)css";

std::string num(std::int64_t n) { return std::to_string(n); }

// A cell of text (escaped), a number cell, a header cell.
std::string td(std::string_view text) { return "<td>" + xml_text(text) + "</td>"; }
std::string td_num(std::int64_t n) { return "<td class=\"n\">" + num(n) + "</td>"; }
std::string th(std::string_view text) { return "<th>" + xml_text(text) + "</th>"; }
std::string link(std::string_view href, std::string_view text) { return "<a href=\"" + xml_text(href) + "\">" + xml_text(text) + "</a>"; }

// A section's heading; when it has nothing to show, a line saying so instead, and false.
bool section(std::ostream& out, const char* id, const char* title, bool empty, const char* nothing) {
    out << "<h2 id=\"" << id << "\">" << title << "</h2>\n";
    if (empty) out << "<p>" << nothing << "</p>\n";
    return !empty;
}

void standings_table(std::ostream& out, const EventPage& p) {
    if (!section(out, "standings", "Standings", p.standings.empty(), "No player of this event has a game stored.")) return;
    out << "<p>Scoring: " << xml_text(p.scoring) << ". Players level on points are ordered by head to head (the points they scored in "
        << "the games between them only), then by margin (games won minus games lost), then share a place and are listed by name.</p>\n"
        << "<table class=\"standings\">\n<tr>" << th("Place") << th("Player") << th("Played") << th("Won") << th("Drawn") << th("Lost")
        << th("Unfinished") << th("Points") << th("Head to head") << th("Margin") << th("Placed by") << "</tr>\n";
    for (const auto& s : p.standings)
        out << "<tr>" << td_num(s.rank) << td(s.player) << td_num(s.played) << td_num(s.wins) << td_num(s.draws) << td_num(s.losses)
            << td_num(s.unfinished) << td_num(s.points) << (s.head_to_head ? td_num(*s.head_to_head) : td("")) << td_num(s.margin)
            << td(s.decided_by) << "</tr>\n";
    out << "</table>\n";
}

void cross_table(std::ostream& out, const EventPage& p) {
    if (!section(out, "cross-table", "Cross-table", p.players.empty(), "No players.")) return;
    out << "<p>Each row is a player's results against the player of the column (numbered as the rows): W won, D drawn, L lost, "
        << "* unfinished; each links to its game.</p>\n<table class=\"cross\">\n<tr>" << th("") << th("Player");
    for (std::size_t c = 0; c < p.players.size(); ++c) out << "<th title=\"" << xml_text(p.players[c]) << "\">" << c + 1 << "</th>";
    out << "</tr>\n";
    for (std::size_t r = 0; r < p.players.size(); ++r) {
        out << "<tr>" << td_num(static_cast<std::int64_t>(r + 1)) << td(p.players[r]);
        for (std::size_t c = 0; c < p.players.size(); ++c) {
            if (r == c) {
                out << "<td class=\"self\"></td>";
                continue;
            }
            out << "<td>";
            const auto& cell = r < p.cross.size() && c < p.cross[r].size() ? p.cross[r][c] : std::vector<CrossResult>{};
            for (std::size_t k = 0; k < cell.size(); ++k) {
                const CrossResult& m = cell[k];
                const std::string cls = m.mark == "*" ? "U" : m.mark;
                out << (k ? " " : "") << "<a class=\"" << xml_text(cls) << "\" href=\"" << xml_text(m.link) << "\" title=\"" << xml_text(m.title)
                    << "\">" << xml_text(m.mark) << "</a>";
            }
            out << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</table>\n";
}

void games_table(std::ostream& out, const EventPage& p) {
    if (!section(out, "games", "Games", p.games.empty(), "No games.")) return;
    out << "<table class=\"games\">\n<tr>" << th("Game") << th("Round") << th("Date") << th("Ruleset") << th("Sides") << th("Result")
        << th("Errors") << th("Warnings") << th("Report") << "</tr>\n";
    for (const auto& g : p.games) {
        out << "<tr id=\"game-" << g.id << "\">" << td("#" + num(g.id)) << td(g.round) << td(g.date) << td(g.ruleset) << td(g.sides)
            << td(g.result.empty() ? "*" : g.result) << td_num(g.errors) << td_num(g.warnings) << "<td>"
            << (g.link.empty() ? "<span class=\"small\">" + xml_text(g.note) + "</span>" : link(g.link, "game #" + num(g.id))) << "</td></tr>\n";
    }
    out << "</table>\n";
}

// The rules most often broken, as bars scaled to the most cited.
void rules_chart(std::ostream& out, const EventPage& p) {
    if (!section(out, "rules", "Rules most often broken", p.rules_broken.empty() && p.findings_without_rule == 0,
                 "No errors or warnings in this event's games."))
        return;
    int most = 1;
    for (const auto& [rule, n] : p.rules_broken) most = std::max(most, n);
    out << "<p>Errors and warnings by the rule they cite (notes left out).</p>\n<table class=\"chart\">\n<tr>" << th("Rule") << th("Findings")
        << "</tr>\n";
    for (const auto& [rule, n] : p.rules_broken)
        out << "<tr>" << td(rule) << "<td><span class=\"bar\" style=\"width:" << std::max(1, n * 300 / most) << "px\"></span>" << n << "</td></tr>\n";
    out << "</table>\n";
    if (p.findings_without_rule)
        out << "<p>" << p.findings_without_rule << " finding" << (p.findings_without_rule == 1 ? " cites" : "s cite")
            << " no rule (a record's own inconsistency, a file it names, its syntax).</p>\n";
}

std::string pairs_text(const std::vector<std::pair<std::string, int>>& pairs) {
    std::string s;
    for (const auto& [what, n] : pairs) s += (s.empty() ? "" : ", ") + what + " " + num(n);
    return s;
}

void findings_table(std::ostream& out, const EventPage& p) {
    if (!section(out, "findings", "Findings by player", p.findings.empty(), "No errors or warnings in this event's games.")) return;
    out << "<p>Errors and warnings counted under the player of the side whose ship, unit or side the line is about; a line no side owns "
        << "(a header, a heading, a roll-off) under \"(no side's line)\".</p>\n<table class=\"findings\">\n<tr>" << th("Player") << th("By kind")
        << th("Rules cited") << "</tr>\n";
    for (const auto& f : p.findings) out << "<tr>" << td(f.player) << td(pairs_text(f.kinds)) << td(pairs_text(f.rules)) << "</tr>\n";
    out << "</table>\n";
}

}  // namespace

void write_dice_section(std::ostream& out, const DiceSection& d) {
    out << "<p>" << xml_text(d.summary) << "</p>\n";
    for (const auto& n : d.notes) out << "<p class=\"note\">" << xml_text(n) << "</p>\n";
    if (!d.rows.empty()) {
        out << "<table class=\"dice\">\n<tr>" << th("Die") << th("Group") << th("Dice") << th("Counts") << th("chi2") << th("df") << th("Test")
            << th("p") << th("Holm p") << th("") << "</tr>\n";
        for (const auto& r : d.rows)
            out << "<tr>" << td(r.die) << td(r.group) << td_num(r.dice) << td(r.counts) << td(r.chi_square) << td(r.df) << td(r.test) << td(r.p)
                << td(r.holm_p) << "<td" << (r.flags.find("UNEVEN") != std::string::npos ? " class=\"uneven\"" : "") << ">" << xml_text(r.flags)
                << "</td></tr>\n";
        out << "</table>\n";
    }
    if (!d.tests.empty()) out << "<p class=\"note\">" << xml_text(d.tests) << "</p>\n";
    if (!d.caution.empty()) out << "<p class=\"caution\">" << xml_text(d.caution) << "</p>\n";
}

// XHTML that reads as HTML too: no XML declaration (HTML has none), every element closed, only
// the five escapes xml_text writes (no named entities an XML parser would not know).
void write_event_page(std::ostream& out, const EventPage& p) {
    const std::string title = "Event: " + p.event;
    out << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" xml:lang=\"en\">\n"
        << "<head>\n<meta charset=\"UTF-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>" << xml_text(title)
        << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<h1>" << xml_text(title) << "</h1>\n";
    out << "<p class=\"small\">" << p.games.size() << " game" << (p.games.size() == 1 ? "" : "s") << ", " << p.standings.size() << " player"
        << (p.standings.size() == 1 ? "" : "s") << ". " << link("#standings", "Standings") << " - " << link("#cross-table", "Cross-table") << " - "
        << link("#games", "Games") << " - " << link("#rules", "Rules broken") << " - " << link("#findings", "Findings by player") << " - "
        << link("#dice", "Dice") << "</p>\n";
    for (const auto& n : p.notes) out << "<p class=\"note\">" << xml_text(n) << "</p>\n";
    standings_table(out, p);
    cross_table(out, p);
    games_table(out, p);
    rules_chart(out, p);
    findings_table(out, p);
    out << "<h2 id=\"dice\">Dice</h2>\n";
    write_dice_section(out, p.dice);
    out << "<p class=\"small\">Made by " << xml_text(p.generator) << ".</p>\n</body>\n</html>\n";
}

std::string csv_field(std::string_view text) {
    std::string value(text);
    if (!value.empty() && std::string_view("=+-@\t\r").find(value.front()) != std::string_view::npos) value.insert(0, 1, '\'');
    if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
    std::string quoted = "\"";
    for (char c : value) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

void write_standings_csv(std::ostream& out, const std::vector<EventStanding>& standings) {
    out << "place,player,played,won,drawn,lost,unfinished,points,head_to_head,margin,placed_by\r\n";
    for (const auto& s : standings)
        out << s.rank << "," << csv_field(s.player) << "," << s.played << "," << s.wins << "," << s.draws << "," << s.losses << "," << s.unfinished << ","
            << s.points << "," << (s.head_to_head ? num(*s.head_to_head) : "") << "," << s.margin << "," << csv_field(s.decided_by) << "\r\n";
}

}  // namespace ironlog::output
