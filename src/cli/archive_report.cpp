// `ironlog archive report --event NAME -o event.html`: an event's page for its organiser, from
// the archive: standings under the event's scoring (--points), a cross-table, the games, the
// rules most often broken, the findings by player and the event's dice; `--format csv` gives the
// standings alone. docs/archive.md, "Standings and scoring"; docs/report.md, "The event page".
#include "archive/archive.hpp"
#include "cli/archive_commands.hpp"
#include "cli/commands.hpp"
#include "cli/dice_tally.hpp"
#include "output/event_page.hpp"
#include "output/report.hpp"
#include "stats/standings.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace ironlog::cli {

namespace {

namespace fs = std::filesystem;

const std::string kNoSideLine = "(no side's line)";

// --points W,D,L: three whole numbers.
std::optional<stats::Points> parse_points(const std::string& text) {
    std::istringstream in(text);
    stats::Points p;
    char c1 = 0, c2 = 0;
    if (!(in >> p.win >> c1 >> p.draw >> c2 >> p.loss) || c1 != ',' || c2 != ',' || !(in >> std::ws).eof()) return std::nullopt;
    return p;
}

std::optional<stats::Outcome> outcome_of(const std::string& text) {
    if (text == "win") return stats::Outcome::Win;
    if (text == "draw") return stats::Outcome::Draw;
    if (text == "loss") return stats::Outcome::Loss;
    return std::nullopt;
}

stats::EventGame event_game(const archive::GameSummary& g) {
    stats::EventGame out{g.id, {}};
    for (const auto& s : g.sides) out.sides.push_back(stats::EventGame::Side{s.players, outcome_of(s.outcome)});
    return out;
}

std::vector<output::EventStanding> standing_rows(const std::vector<stats::StandingRow>& rows) {
    std::vector<output::EventStanding> out;
    for (const auto& r : rows)
        out.push_back(output::EventStanding{r.rank, r.player, r.played, r.wins, r.draws, r.losses, r.unfinished, r.points, r.margin(),
                                            r.head_to_head, r.decided_by});
    return out;
}

std::string sides_text(const archive::GameSummary& g) {
    std::string s;
    for (const auto& side : g.sides) {
        s += (s.empty() ? "" : " v ") + side.name;
        std::string players;
        for (const auto& p : side.players) players += (players.empty() ? "" : ", ") + p;
        if (!players.empty()) s += " (" + players + ")";
    }
    return s;
}

// The findings of the event's games counted by the player of the side each finding's line is about.
struct PlayerFindings {
    std::map<std::string, std::map<std::string, int>> kinds, rules;

    void count(const archive::StoredGame& stored, const DiceGame& g, const ngn::Game* game) {
        std::map<std::uint32_t, std::string> subjects;  // a line of the file -> its subject
        std::optional<Rollers> rollers;
        if (game) {
            rollers.emplace(g, *game);
            for (const auto& l : game->lines)
                if (auto s = subject_of(l)) subjects[l.pos.line + stored.first_line - 1] = *s;
        }
        for (const auto& f : stored.findings) {
            if (f.severity == "note") continue;
            const auto subject = f.file ? subjects.end() : subjects.find(f.line);
            const int side = rollers && subject != subjects.end() ? rollers->side_of(subject->second) : 0;
            const std::string player = side ? player_of(g, side) : kNoSideLine;
            ++kinds[player][f.kind];
            if (f.rule) ++rules[player][*f.rule];
        }
    }

    std::vector<output::FindingsByPlayer> rows() const {
        std::vector<output::FindingsByPlayer> out;
        for (const auto& [player, by_kind] : kinds) {
            output::FindingsByPlayer r{player, {by_kind.begin(), by_kind.end()}, {}};
            if (auto it = rules.find(player); it != rules.end()) r.rules.assign(it->second.begin(), it->second.end());
            std::stable_sort(r.rules.begin(), r.rules.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
            out.push_back(std::move(r));
        }
        std::stable_partition(out.begin(), out.end(), [](const output::FindingsByPlayer& r) { return r.player != kNoSideLine; });
        return out;
    }
};

// Where the event page's games go: `<stem>-games/` beside the page.
struct GamePages {
    fs::path folder;     // on disk
    std::string prefix;  // relative to the page, for links
};

// One game's part of the page: its dice, its findings by player, and its own page.
void read_game(archive::Archive& ar, const archive::GameSummary& g, const GamePages& pages, Tally& dice, PlayerFindings& findings,
               output::EventGameRow& row) {
    ++dice.games;
    const auto stored = ar.get(g.id);
    if (!stored) return;
    std::string why;
    const auto game = chained_game(ar, g.id, stored->record, why);
    const DiceGame dg = dice_game(g);
    findings.count(*stored, dg, game ? &*game : nullptr);
    if (!game) {
        dice.left_out.emplace_back(g.id, why);
        row.note = "no page: " + why;
        return;
    }
    dice.count_game(dg, *game);
    static_cast<void>(pages);
    row.note = "no page: the single-game report is not built yet";
}

void unknown_event(archive::Archive& ar, const std::string& event) {
    std::cerr << "ironlog: no game of " << output::visible(ar.path()) << " has [Event \"" << output::visible(event) << "\"]";
    const auto like = ar.events_like(event);
    for (std::size_t i = 0; i < like.size(); ++i) std::cerr << (i ? ", " : "; did you mean: ") << "\"" << output::visible(like[i]) << "\"";
    std::cerr << " ('archive list' shows the games and their events)\n";
}

// Writes `text` to -o FILE, or to the standard output when there is none.
int put(const ArchiveArgs& a, const std::string& text) {
    if (a.output.empty()) {
        std::cout << text;
        return 0;
    }
    std::string error;
    if (!write_atomically(a.output, text, error)) {
        std::cerr << "ironlog: " << output::visible(a.output) << ": " << output::visible(error) << "\n";
        return 2;
    }
    return 0;
}

std::string scoring_text(const stats::Points& p) {
    return "win " + std::to_string(p.win) + ", draw " + std::to_string(p.draw) + ", loss " + std::to_string(p.loss);
}

// The cross-table in the standings' order: each cell the row player's meetings with the column's.
void fill_cross(output::EventPage& page, const std::vector<archive::GameSummary>& games, const std::map<std::int64_t, std::string>& links) {
    const stats::CrossTable cross = stats::cross_table([&] {
        std::vector<stats::EventGame> all;
        for (const auto& g : games) all.push_back(event_game(g));
        return all;
    }());
    for (const auto& s : page.standings) page.players.push_back(s.player);
    for (const auto& row : page.players) {
        auto& cells = page.cross.emplace_back();
        for (const auto& column : page.players) {
            auto& cell = cells.emplace_back();
            const auto it = cross.find({row, column});
            if (it == cross.end()) continue;
            for (const auto& m : it->second) {
                const char* mark = !m.outcome ? "*" : *m.outcome == stats::Outcome::Win ? "W" : *m.outcome == stats::Outcome::Draw ? "D" : "L";
                const auto link = links.find(m.game);
                cell.push_back(output::CrossResult{mark, link != links.end() ? link->second : "#game-" + std::to_string(m.game),
                                                   "game #" + std::to_string(m.game)});
            }
        }
    }
}

int write_page(const ArchiveArgs& a, archive::Archive& ar, const std::vector<archive::GameSummary>& games,
               const std::vector<stats::StandingRow>& standings, const stats::Points& points) {
    const fs::path out(a.output);
    const GamePages pages{out.parent_path() / (out.stem().string() + "-games"), out.stem().string() + "-games/"};
    output::EventPage page;
    page.event = *a.event;
    page.scoring = scoring_text(points);
    page.standings = standing_rows(standings);
    page.generator = std::string("ironlog ") + IRONLOG_VERSION;
    Tally dice;
    PlayerFindings findings;
    std::map<std::int64_t, std::string> links;
    for (const auto& g : games) {
        output::EventGameRow row{g.id, g.round, g.date, g.ruleset, sides_text(g), g.result, g.errors, g.warnings, "", ""};
        read_game(ar, g, pages, dice, findings, row);
        if (!row.link.empty()) links[g.id] = row.link;
        page.games.push_back(std::move(row));
    }
    fill_cross(page, games, links);
    for (auto& [rule, n] : ar.rules_broken_in(*a.event)) {
        if (rule.empty()) page.findings_without_rule = n;
        else page.rules_broken.emplace_back(rule, n);
    }
    page.findings = findings.rows();
    page.dice = dice_section(dice, stats::FitOptions{});
    for (const auto& [id, why] : dice.left_out) {
        page.notes.push_back("game #" + std::to_string(id) + ": its dice, findings by player and page are left out: " + why);
        std::cerr << "ironlog: game #" << id << ": left out of the dice, the findings by player and the game pages: " << why << "\n";
    }
    std::ostringstream html;
    output::write_event_page(html, page);
    const int status = put(a, html.str());
    if (status == 0) std::cerr << "event page written to " << output::visible(a.output) << ": " << games.size() << " games\n";
    return status ? status : dice.left_out.empty() ? 0 : 1;
}

}  // namespace

void add_report_command(CLI::App* archive, ArchiveArgs& a) {
    a.report = archive->add_subcommand("report", "an event's page: standings under its scoring, cross-table, games, rules broken, findings "
                                                 "by player, dice (HTML); or its standings as CSV");
    a.report->add_option("--event", a.event, "the event ([Event] of its games)")->required();
    a.report->add_option("--points", a.points, "the points for a win, a draw and a loss: W,D,L")->capture_default_str();
    a.report->add_option("-f,--format", a.format, "html (needs -o) or csv")->check(CLI::IsMember({"html", "csv"}));
    a.report->add_option("-o,--output", a.output, "write to FILE (html: and each game's page in FILE's stem + -games/ beside it)")
        ->type_name("FILE");
}

int archive_report(const ArchiveArgs& a, archive::Archive& ar) {
    const auto points = parse_points(a.points);
    if (!points) {
        std::cerr << "ironlog: --points " << output::visible(a.points) << ": expected three whole numbers W,D,L (the points for a win, a draw, a loss), "
                  << "such as 2,1,0 or 3,1,0\n";
        return 2;
    }
    const bool csv = a.format == "csv";
    if (!csv && a.output.empty()) {
        std::cerr << "ironlog: 'archive report' writes an HTML page and a folder of game pages beside it: give -o FILE (or --format csv)\n";
        return 2;
    }
    archive::Archive::Snapshot snapshot(ar.database());  // the page from one state of the archive
    archive::Filter filter;
    filter.event = a.event;
    const std::vector<archive::GameSummary> games = ar.list(filter);
    if (games.empty()) {
        unknown_event(ar, *a.event);
        return 2;
    }
    std::vector<stats::EventGame> scored;
    for (const auto& g : games) scored.push_back(event_game(g));
    const auto standings = stats::standings(scored, *points);
    if (csv) {
        std::ostringstream out;
        output::write_standings_csv(out, standing_rows(standings));
        return put(a, out.str());
    }
    return write_page(a, ar, games, standings, *points);
}

}  // namespace ironlog::cli
