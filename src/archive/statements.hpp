// Inside the archive library: the statements a bulk add prepares once and reuses for every game
// (binding and stepping, never preparing again), shared by its source files.
#pragma once

#include "archive/archive.hpp"
#include "archive/sqlite.hpp"

namespace archive {

struct Archive::Statements {
    sqlite::Statement find_identity, find_source, insert_game, insert_record, insert_file, insert_side, insert_player, insert_finding, delete_findings,
        last_note_id, index_notes, update_counts;
    // A game's rows of these, many to a statement (up to 32 rows: as fast as 64 or 128)
    sqlite::RowsInsert insert_tags, insert_entities, insert_lines, insert_notes;
    explicit Statements(const sqlite::Database& db);
};

}  // namespace archive
