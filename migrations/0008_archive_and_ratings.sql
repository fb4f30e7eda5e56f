-- Where a game was played, as its record names it (`<server> #<channel>`, the names when it
-- started); NULL where the bot did not learn them.
ALTER TABLE games ADD COLUMN site TEXT;
-- Set in the transaction that rated the game's result: a result is rated once only.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
CREATE INDEX games_by_guild_newest ON games(guild_id, id);
CREATE INDEX games_by_white ON games(white, id);
CREATE INDEX games_by_black ON games(black, id);

-- Glicko-2 ratings per server (0 outside one), player and game ('all': every game together).
-- A player without a row has the starting rating.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL CHECK (kind IN ('all', 'basic', 'standard', 'tournament')),
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) STRICT;
CREATE INDEX ratings_by_rating ON ratings(guild_id, kind, rating DESC);
