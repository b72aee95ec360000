-- ironlog archive, migration 2: full-text search over notes, comments and rulings, and the
-- indexes the listing and query commands use.

CREATE VIRTUAL TABLE note_search USING fts5(text, content='note', content_rowid='id');
INSERT INTO note_search(note_search) VALUES ('rebuild');  -- the notes already archived

CREATE TRIGGER note_search_insert AFTER INSERT ON note BEGIN
    INSERT INTO note_search(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER note_search_delete AFTER DELETE ON note BEGIN
    INSERT INTO note_search(note_search, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE INDEX game_ruleset ON game(ruleset);
CREATE INDEX game_date ON game(date_sort);
CREATE INDEX player_name ON player(name);
CREATE INDEX side_name ON side(name);
CREATE INDEX finding_kind ON finding(kind, game_id);
CREATE INDEX finding_rule ON finding(rule);
