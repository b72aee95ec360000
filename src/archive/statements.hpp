// Inside the archive library: the statements a bulk add prepares once and reuses for every game
// (binding and stepping, never preparing again), shared by its source files.
#pragma once

#include "archive/archive.hpp"
#include "archive/sqlite.hpp"

namespace archive {

// The columns of a game's summary (Archive::summary_from), of the game table as `g`.
constexpr const char* kSummaryColumns =
    "g.id, coalesce(g.event,''), coalesce(g.round,''), coalesce(g.date,''), coalesce(g.ruleset,''), coalesce(g.result,''),"
    " coalesce(g.source,''), g.errors, g.warnings, g.notes, g.imported_at, g.checked_with";

struct Archive::Statements {
    sqlite::Statement summary_game, summary_sides, summary_players;
    sqlite::Statement find_identity, find_source, insert_game, insert_record, insert_file, insert_side, insert_player, insert_finding, delete_findings,
        last_note_id, index_notes, update_counts;
    // A game's rows of these, many to a statement (up to 32 rows: as fast as 64 or 128)
    sqlite::RowsInsert insert_tags, insert_entities, insert_lines, insert_notes;
    explicit Statements(const sqlite::Database& db);
};

}  // namespace archive
