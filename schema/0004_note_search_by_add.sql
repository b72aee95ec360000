-- ironlog archive, migration 4: `add` keeps the full-text index of the notes itself, with one
-- statement for each batch of games it commits (src/archive/archive.cpp, index_notes_after),
-- instead of a trigger on every note. FTS5 writes out the terms it holds pending at every
-- statement, so the trigger made each note a segment of its own, then merged: a third of the
-- time of a bulk add. Deleting a note still goes through its trigger.

DROP TRIGGER note_search_insert;
