-- ironlog archive, migration 1: games, what they hold, and their findings.
-- Applied in one transaction with PRAGMA user_version = 1 (src/archive/archive.cpp).

-- One game: its text exactly as read (byte for byte), its header, and when and by which
-- ironlog it was imported and checked.
CREATE TABLE game (
    id              INTEGER PRIMARY KEY,
    record          BLOB    NOT NULL,          -- the game's lines as they stood in the file
    sha256          TEXT    NOT NULL UNIQUE,   -- of record: the same text is stored once
    source          TEXT,                      -- the file it came from, as given to `add`
    source_index    INTEGER,                   -- which game of that file, from 1
    first_line      INTEGER NOT NULL,          -- where the record began in that file
    event           TEXT,
    site            TEXT,
    date            TEXT,                      -- as written
    date_sort       TEXT,                      -- YYYY-MM-DD, unknown parts as 00, for ranges
    round           TEXT,
    ruleset         TEXT,
    variant         TEXT,
    rules           TEXT,
    options         TEXT,
    result          TEXT,
    imported_at     TEXT    NOT NULL,          -- UTC, ISO 8601
    ironlog_version TEXT    NOT NULL,          -- that imported it
    checked_with    TEXT    NOT NULL,          -- that made its findings (recheck updates it)
    errors          INTEGER NOT NULL,
    warnings        INTEGER NOT NULL,
    notes           INTEGER NOT NULL
) STRICT;

-- Every tag pair, in file order.
CREATE TABLE tag (
    game_id  INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    line     INTEGER NOT NULL,
    PRIMARY KEY (game_id, position)
) STRICT;

CREATE TABLE side (
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    number  INTEGER NOT NULL,                  -- Side1 -> 1
    name    TEXT    NOT NULL,
    alias   TEXT,
    outcome TEXT,                              -- win, loss, draw, or NULL when unfinished
    PRIMARY KEY (game_id, number)
) STRICT;

CREATE TABLE player (
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    side_number INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    FOREIGN KEY (game_id, side_number) REFERENCES side(game_id, number) ON DELETE CASCADE
) STRICT;

-- Ships, units, fleets, leaders ... as declared.
CREATE TABLE entity (
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    line        INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    alias       TEXT,
    name        TEXT    NOT NULL,
    side_number INTEGER
) STRICT;

-- Every heading, declaration, setup line, event and ruling, with where it stood in the
-- sequence of play: the turn, phase, segment, impulse and step open at that line.
CREATE TABLE line (
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    line    INTEGER NOT NULL,
    kind    TEXT    NOT NULL,                  -- heading, declaration, setup, terrain, event, ruling
    turn    TEXT,
    phase   TEXT,
    segment TEXT,
    impulse TEXT,
    step    TEXT,
    actor   TEXT,
    verb    TEXT,
    text    TEXT    NOT NULL,                  -- the line in canonical form
    PRIMARY KEY (game_id, line)
) STRICT;

-- Free text a player or umpire wrote: notes on lines, comments, rulings.
CREATE TABLE note (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    line    INTEGER NOT NULL,
    kind    TEXT    NOT NULL,                  -- note, comment, ruling
    text    TEXT    NOT NULL
) STRICT;

CREATE TABLE finding (
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,              -- in file order
    severity    TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    rule        TEXT,                          -- "tmbv 7.3.3": ruleset, section and title
    ruleset     TEXT,
    section     TEXT,
    file        TEXT,                          -- another file the record uses, or NULL
    line        INTEGER NOT NULL,
    column      INTEGER NOT NULL,
    message     TEXT    NOT NULL,
    expected    TEXT,
    recorded    TEXT,
    ruling_line INTEGER,
    ruling_text TEXT,
    PRIMARY KEY (game_id, position)
) STRICT;

CREATE INDEX game_event ON game(event, round);
CREATE INDEX tag_game ON tag(game_id);
CREATE INDEX entity_game ON entity(game_id);
CREATE INDEX note_game ON note(game_id);
