-- ironlog archive, migration 7: what the chain holds is enough to rebuild a game, and nothing an
-- archive keeps is outside it (docs/archive.md, "Tamper evidence"). Applied only by
-- `ironlog archive upgrade`, which then verifies every game as schema 6 knew it and gives each its
-- first entry of the new form (src/archive/archive.cpp, upgrade_to_7), saying which it adopts
-- unverified.

-- An entry of the chain, from this migration on (format 2), holds besides the game's content hash
-- the parts it is made of: the sha256 of the record's text, the digest of its rows and that of its
-- earlier versions, and what of the
-- game cannot be read again from its record (where it came from, when, by which ironlog), so that
-- `archive restore` can rebuild a game's rows from its record and the chain alone; and what the
-- action found or kept (detail). Its hash covers them all.
ALTER TABLE chain ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
ALTER TABLE chain ADD COLUMN record TEXT;
ALTER TABLE chain ADD COLUMN rows TEXT;
ALTER TABLE chain ADD COLUMN history TEXT;
ALTER TABLE chain ADD COLUMN source TEXT;
ALTER TABLE chain ADD COLUMN source_index INTEGER;
ALTER TABLE chain ADD COLUMN first_line INTEGER;
ALTER TABLE chain ADD COLUMN imported_at TEXT;
ALTER TABLE chain ADD COLUMN ironlog_version TEXT;
ALTER TABLE chain ADD COLUMN detail TEXT;

-- An earlier version kept by a replace of a game that had been changed outside ironlog is kept as
-- it was found, marked so: it is shown, never trusted. A game's earlier versions are part of its
-- content hash from this migration on, so that one deleted or edited shows.
ALTER TABLE game_history ADD COLUMN verified INTEGER NOT NULL DEFAULT 1;
ALTER TABLE game_history ADD COLUMN problem TEXT;

-- A record stored from the same place of the same file as a shorter one (the file was read while
-- it was being written) is found by where it came from.
CREATE INDEX game_source ON game(source, source_index);

-- A game's record in a table of its own: the game's row, read by every listing and query, is a
-- few hundred bytes instead of the record's kilobytes, which SQLite reads through to reach the
-- columns after them (a list of a player's games in 1,000,000 took 0.7 s; docs/performance.md).
CREATE TABLE game_record (
    game_id INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
    record  BLOB    NOT NULL                   -- the game's lines as they stood in the file
) STRICT;
INSERT INTO game_record (game_id, record) SELECT id, record FROM game;
ALTER TABLE game DROP COLUMN record;

-- A player's games within dates found in one range of an index (a list of a player's month at
-- 1,000,000 games read each of the player's 50,000 games' rows): each player's row holds the
-- game's date as the archive sorts it.
ALTER TABLE player ADD COLUMN date_sort TEXT;
UPDATE player SET date_sort = (SELECT date_sort FROM game WHERE game.id = player.game_id);
DROP INDEX player_name;
CREATE INDEX player_name ON player(name, date_sort, game_id);

-- A game's summary (every listing) reads its sides and players from indexes alone: a listing of
-- 5,914 games of 1,000,000 spent 29 and 48 ms looking up those rows through their rowids, 16
-- and 11 ms through these.
DROP INDEX player_game;
CREATE INDEX player_game ON player(game_id, side_number, name);
CREATE INDEX side_summary ON side(game_id, number, name, alias, outcome);
