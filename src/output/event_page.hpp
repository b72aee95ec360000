// An event's page for its organiser (`ironlog archive report --event NAME`): standings under
// the event's scoring, a cross-table, the games (each linked to its own page when it has one),
// the rules most often broken as a chart, the findings by player and the event's dice. One
// self-contained XHTML file (inline CSS, no script, nothing fetched), every text escaped through
// xml_text. Also the standings as CSV. It writes plain data given to it: no archive, no CLI.
// docs/archive.md, "Standings and scoring", and docs/report.md, "The event page".
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog::output {

struct EventStanding {
    int rank = 0;
    std::string player;
    int played = 0, wins = 0, draws = 0, losses = 0, unfinished = 0, points = 0, margin = 0;
    std::optional<int> head_to_head;  // when the player was level on points with another
    std::string decided_by;           // "", "head to head", "margin", "tied"
};

struct EventGameRow {
    std::int64_t id = 0;
    std::string round, date, ruleset, sides, result;
    int errors = 0, warnings = 0;
    std::string link;  // the game's own page, relative to the event page ("": none)
    std::string note;  // why it has none
};

// One cell of the cross-table: the row player's results against the column player, each a
// letter (W, D, L, or * unfinished) linked to its game's page when it has one.
struct CrossResult {
    std::string mark, link, title;
};

struct FindingsByPlayer {
    std::string player;
    std::vector<std::pair<std::string, int>> kinds;  // kind of finding, count
    std::vector<std::pair<std::string, int>> rules;  // rule cited, count
};

// The dice statistics as `archive dice` prints them: one row per group.
struct DiceTableRow {
    std::string die, group, counts, chi_square, df, test, p, holm_p, flags;
    std::int64_t dice = 0;
};
struct DiceSection {
    std::string summary;            // how many games and dice, what was left out
    std::vector<std::string> notes; // each game left out, dice of unknown side ...
    std::vector<DiceTableRow> rows;
    std::string tests, caution;
};

struct EventPage {
    std::string event;
    std::string scoring;  // "win 2, draw 1, loss 0"
    std::vector<EventStanding> standings;
    std::vector<std::string> players;                    // the cross-table's order (the standings')
    std::vector<std::vector<std::vector<CrossResult>>> cross;  // [row][column]: the meetings
    std::vector<EventGameRow> games;
    std::vector<std::pair<std::string, int>> rules_broken;  // rule, findings citing it; most first
    int findings_without_rule = 0;
    std::vector<FindingsByPlayer> findings;
    DiceSection dice;
    std::vector<std::string> notes;  // what the page could not do (a game left out ...)
    std::string generator;           // "ironlog 0.1.0"
};

void write_event_page(std::ostream& out, const EventPage& page);

// The dice part of a page (the event's, or one game's): the summary, the notes, the table (its
// class "dice"; a row called uneven has its flags' cell of class "uneven"), the tests and the
// caution, every text escaped. No heading: the page gives its own.
void write_dice_section(std::ostream& out, const DiceSection& dice);

// The standings as CSV (RFC 4180): a header line, then a line per player, CRLF line ends.
void write_standings_csv(std::ostream& out, const std::vector<EventStanding>& standings);

// A CSV field: quoted when it holds a comma, a quote, a CR or an LF (quotes doubled); a text a
// spreadsheet would read as a formula (starting with = + - @, a tab or a CR) is prefixed with '.
std::string csv_field(std::string_view text);

}  // namespace ironlog::output
