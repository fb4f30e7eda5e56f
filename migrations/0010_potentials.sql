-- The potentials a challenge proposes and its game is played with: NULL for none,
-- 'ultimate' for Ultimate GIPF (its variant is 'tournament'), else the record header's
-- Potentials value, 'W:<list> B:<list>'.
ALTER TABLE challenges ADD COLUMN potentials TEXT;
ALTER TABLE games ADD COLUMN potentials TEXT;

-- Games with potentials have ratings of their own ('potentials'): SQLite changes a CHECK
-- only by rebuilding the table.
CREATE TABLE ratings_new (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL
                CHECK (kind IN ('all', 'basic', 'standard', 'tournament', 'potentials')),
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) STRICT;
INSERT INTO ratings_new SELECT * FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_new RENAME TO ratings;
CREATE INDEX ratings_by_rating ON ratings(guild_id, kind, rating DESC);
