// `ironlog archive report --event NAME -o event.html`: an event's page for its organiser, from
// the archive: standings under the event's scoring (--points), a cross-table, the games, the
// rules most often broken, the findings by player and the event's dice; `--format csv` gives the
// standings alone. docs/archive.md, "Standings and scoring"; docs/report.md, "The event page".
#include "archive/archive.hpp"
#include "check/in_order.hpp"
#include "cli/archive_commands.hpp"
#include "cli/cli_errors.hpp"
#include "cli/commands.hpp"
#include "cli/dice_tally.hpp"
#include "cli/game_page.hpp"
#include "output/event_page.hpp"
#include "output/report.hpp"
#include "stats/standings.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
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

    // A stored game's findings, its record read as `game` (its lines numbered from 1, the
    // findings' as in the file it was added from).
    void count(const archive::StoredGame& stored, const DiceGame& g, const ngn::Game& game) {
        std::map<std::uint32_t, std::string> subjects;  // a line of the file -> its subject
        const Rollers rollers(g, game);
        for (const auto& l : game.lines)
            if (auto s = subject_of(l)) subjects[l.pos.line + stored.first_line - 1] = *s;
        for (const auto& f : stored.findings) {
            if (f.severity == "note") continue;
            const auto subject = f.file ? subjects.end() : subjects.find(f.line);
            const int side = subject != subjects.end() ? rollers.side_of(subject->second) : 0;
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
    std::string prefix;  // relative to the page, for links (percent-encoded)
};

// A relative link's path: every byte but letters, digits, - . _ ~ and / percent-encoded, so that
// a folder named with a space, a # or a ? still links.
std::string url_path(const std::string& path) {
    static const char* const kHex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || std::string_view("-._~/").find(static_cast<char>(c)) != std::string_view::npos) out += static_cast<char>(c);
        else out += std::string("%") + kHex[c >> 4] + kHex[c & 15];
    }
    return out;
}

// A game whose page is to be written: its record as the chain holds it, and the file it was
// added from (the files its header names are looked for beside it, as `add --recheck` finds them).
struct PageTask {
    std::size_t row = 0;  // in EventPage::games
    std::int64_t id = 0;
    std::string record, source;
};
struct PageDone {
    std::size_t row = 0;
    std::string link, error;
};

// A game's own page (cli/game_page.hpp), written plainly, not synced: the pages are made again
// with the event's page. Runs on the -j threads.
PageDone write_game(PageTask&& t, const GamePages& pages) {
    const std::string name = "game-" + std::to_string(t.id) + ".html";
    std::ostringstream html;
    std::string error;
    if (!write_game_page(html, t.record, t.source.empty() ? "-" : t.source, error)) return PageDone{t.row, "", error};
    std::ofstream out(pages.folder / name, std::ios::binary | std::ios::trunc);
    out << html.str();
    if (!out.flush()) return PageDone{t.row, "", (pages.folder / name).string() + " could not be written"};
    return PageDone{t.row, pages.prefix + name, ""};
}

// One game's part of the page read from the archive: its dice and its findings by player; the
// task of writing its page, when its record is the one the chain holds.
std::optional<PageTask> read_game(archive::Archive& ar, const archive::GameSummary& g, Tally& dice, PlayerFindings& findings,
                                  output::EventGameRow& row) {
    ++dice.games;
    const auto stored = ar.get(g.id);
    if (!stored) return std::nullopt;
    std::string why;
    const auto game = chained_game(ar, g.id, stored->record, why);
    if (!game) {
        dice.left_out.emplace_back(g.id, why);
        row.note = "no page: " + why;
        return std::nullopt;
    }
    const DiceGame dg = dice_game(g);
    findings.count(*stored, dg, *game);
    dice.count_game(dg, *game);
    return PageTask{0, g.id, stored->record, g.source};
}

// Removes the game pages of an earlier run that this one did not write (a game since removed, or
// whose record is not the chain's now): the folder holds the pages the event page links, no others.
void remove_stale_pages(const GamePages& pages, const output::EventPage& page) {
    std::set<std::string> written;
    for (const auto& row : page.games)
        if (!row.link.empty()) written.insert("game-" + std::to_string(row.id) + ".html");
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(pages.folder, ec)) {
        const std::string name = entry.path().filename().string();
        const bool a_page = name.rfind("game-", 0) == 0 && name.size() > 10 && name.ends_with(".html") &&
                            std::all_of(name.begin() + 5, name.end() - 5, [](unsigned char c) { return std::isdigit(c); });
        if (a_page && !written.count(name)) fs::remove(entry.path(), ec);
    }
}

// Reads every game of the event in order and writes their pages on the -j threads; the number of
// games whose page could not be made.
int read_games(const ArchiveArgs& a, archive::Archive& ar, const std::vector<archive::GameSummary>& games, const GamePages& pages,
               output::EventPage& page, Tally& dice, PlayerFindings& findings) {
    std::size_t next = 0;
    int failed = 0;
    page.games.reserve(games.size());
    run_in_order<PageTask, PageDone>(
        threads_for(a.jobs).jobs,
        [&]() -> std::optional<PageTask> {
            while (next < games.size()) {
                const auto& g = games[next++];
                auto& row = page.games.emplace_back(
                    output::EventGameRow{g.id, g.round, g.date, g.ruleset, sides_text(g), g.result, g.errors, g.warnings, "", ""});
                if (auto task = read_game(ar, g, dice, findings, row)) {
                    task->row = page.games.size() - 1;
                    return task;
                }
            }
            return std::nullopt;
        },
        [&](PageTask&& t) { return a.no_game_pages ? PageDone{t.row, "", ""} : write_game(std::move(t), pages); },
        [&](PageDone&& done) {
            auto& row = page.games[done.row];
            row.link = done.link;
            if (a.no_game_pages) row.note = "no page (--no-game-pages)";
            if (done.error.empty()) return;
            row.note = "no page: " + done.error;
            error_out() << "game #" << row.id << ": no page: " << output::visible(done.error) << "\n";
            ++failed;
        });
    return failed;
}

void unknown_event(archive::Archive& ar, const std::string& event) {
    error_out() << "no game of " << output::visible(ar.path()) << " has [Event \"" << output::visible(event) << "\"]";
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
        error_out() << output::visible(a.output) << ": " << output::visible(error) << "\n";
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
    const GamePages pages{out.parent_path() / (out.stem().string() + "-games"), url_path(out.stem().string() + "-games/")};
    std::error_code ec;
    if (!a.no_game_pages) fs::create_directories(pages.folder, ec);
    if (ec) {
        error_out() << output::visible(pages.folder.string()) << ": cannot make the folder of the games' pages: " << ec.message() << "\n";
        return 2;
    }
    output::EventPage page;
    page.event = *a.event;
    page.scoring = scoring_text(points);
    page.standings = standing_rows(standings);
    page.generator = std::string("ironlog ") + IRONLOG_VERSION;
    Tally dice;
    PlayerFindings findings;
    const int no_page = read_games(a, ar, games, pages, page, dice, findings);
    if (!a.no_game_pages) remove_stale_pages(pages, page);
    std::map<std::int64_t, std::string> links;
    for (const auto& row : page.games)
        if (!row.link.empty()) links[row.id] = row.link;
    fill_cross(page, games, links);
    for (auto& [rule, n] : ar.rules_broken_in(*a.event)) {
        if (rule.empty()) page.findings_without_rule = n;
        else page.rules_broken.emplace_back(rule, n);
    }
    page.findings = findings.rows();
    page.dice = dice_section(dice, stats::FitOptions{});
    for (const auto& [id, why] : dice.left_out) {
        page.notes.push_back("game #" + std::to_string(id) + ": its dice, findings by player and page are left out: " + why);
        std::cerr << "ironlog: warning: game #" << id << ": left out of the dice, the findings by player and the game pages: " << why << "\n";
    }
    std::ostringstream html;
    output::write_event_page(html, page);
    const int status = put(a, html.str());
    if (status == 0) std::cerr << "event page written to " << output::visible(a.output) << ": " << games.size() << " games\n";
    return status ? status : dice.left_out.empty() && no_page == 0 ? 0 : 1;
}

}  // namespace

void add_report_command(CLI::App* archive, ArchiveArgs& a) {
    a.report = archive->add_subcommand("report", "an event's page: standings under its scoring, cross-table, games, rules broken, findings "
                                                 "by player, dice (HTML); or its standings as CSV");
    a.report->add_option("--event", a.event, "the event ([Event] of its games)")->required();
    a.report->add_option("--points", a.points, "the points for a win, a draw and a loss: W,D,L")->capture_default_str();
    a.report->add_option("-f,--format", a.format, "html (needs -o) or csv")->check(one_of({"html", "csv"}));
    a.report->add_option("-o,--output", a.output, "write to FILE (html: and each game's page in FILE's stem + -games/ beside it)")
        ->type_name("FILE");
    a.report->add_flag("--no-game-pages", a.no_game_pages, "the event's page alone: its games listed without a page each (quicker)");
    add_jobs_option(a.report, a.jobs);
}

int archive_report(const ArchiveArgs& a, archive::Archive& ar) {
    const auto points = parse_points(a.points);
    if (!points) {
        error_out() << "--points " << output::visible(a.points) << ": expected three whole numbers W,D,L (the points for a win, a draw, a loss), "
                  << "such as 2,1,0 or 3,1,0\n";
        return 2;
    }
    const bool csv = a.format == "csv";
    if (!csv && a.output.empty()) {
        error_out() << "'archive report' writes an HTML page and a folder of game pages beside it: give -o FILE (or --format csv)\n";
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
