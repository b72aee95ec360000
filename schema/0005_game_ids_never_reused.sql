-- ironlog archive, migration 5: a game's id is never given again, not even after the game with
-- the highest id is removed, so that a ruling citing "game 412" always means the same game.
-- game_id_high holds the highest id ever given; add takes the next one from it.

CREATE TABLE game_id_high (id INTEGER NOT NULL);
INSERT INTO game_id_high (id) SELECT COALESCE(MAX(id), 0) FROM game;
CREATE TRIGGER game_id_high_insert AFTER INSERT ON game BEGIN
    UPDATE game_id_high SET id = MAX(id, NEW.id);
END;
