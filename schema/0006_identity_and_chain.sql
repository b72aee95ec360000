-- ironlog archive, migration 6: a game is stored once whatever its layout, a corrected record
-- can replace a stored game while the old one is kept, and the archive is tamper-evident.
-- The hashes are computed by ironlog (src/archive/ledger.cpp); games stored before this
-- migration are given theirs, and chained, as it runs (docs/archive.md, "Promises").

-- sha256 of the game's canonical form (ngn::identity_text): its tags and lines of play, without
-- layout, comments or notes. Two records with the same identity are the same game.
ALTER TABLE game ADD COLUMN identity TEXT;
CREATE UNIQUE INDEX game_identity ON game(identity);

-- The files a game's record names ([Tables], [Map], [Library]) as they were when it was stored:
-- where they were found and the sha256 of their content (NULL when not found), so that a recheck
-- years later can say which have changed since.
CREATE TABLE game_file (
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    tag     TEXT    NOT NULL,                  -- Tables, Map, Library
    name    TEXT    NOT NULL,                  -- as the tag gives it
    path    TEXT    NOT NULL,                  -- where it was looked for
    sha256  TEXT,
    PRIMARY KEY (game_id, tag, name)
) STRICT;

-- Earlier versions of games replaced by `archive add --replace N`: the record as it was read
-- and the hash the chain holds for it (content), so that the history can be verified too.
CREATE TABLE game_history (
    game_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL,              -- 1 for the first version stored
    record      BLOB    NOT NULL,
    rows_digest TEXT    NOT NULL,              -- of the version's rows, as the chain hashed them
    content     TEXT    NOT NULL,              -- the game's hash in the chain when it was replaced
    source      TEXT,
    imported_at TEXT    NOT NULL,
    replaced_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
) STRICT;

-- Every change to the games, in order: each entry's hash covers the entry before it, so an
-- entry edited, removed or inserted outside ironlog breaks the chain from there on.
CREATE TABLE chain (
    seq     INTEGER PRIMARY KEY,               -- 1, 2, 3 ... with no gap
    action  TEXT    NOT NULL,                  -- add, replace, recheck, remove, adopt (stored before migration 6)
    game_id INTEGER NOT NULL,
    content TEXT,                              -- the game's hash after the action; NULL for remove
    at      TEXT    NOT NULL,                  -- UTC, ISO 8601
    hash    TEXT    NOT NULL                   -- sha256 of the previous hash and this entry's fields
) STRICT;
CREATE INDEX chain_game ON chain(game_id, seq);
