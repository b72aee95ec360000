-- ironlog archive, migration 3: indexes for the queries of large archives measured by
-- ironlog_bench (docs/performance.md): a game's players (standings, the list's player
-- column) and sides found by alias.

CREATE INDEX player_game ON player(game_id, side_number);
CREATE INDEX side_alias ON side(alias);
