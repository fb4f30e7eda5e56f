-- A game may end without a winner: aborted by a player early on, or abandoned when nobody
-- moved for too long. SQLite cannot change a CHECK constraint, so the table is rebuilt (the
-- store runs migrations with foreign keys off, so dropping the old table keeps the turns).
CREATE TABLE games_new (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    variant     TEXT NOT NULL,
    white       INTEGER NOT NULL REFERENCES users(id),
    black       INTEGER NOT NULL REFERENCES users(id),
    status      TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'white_won', 'black_won', 'aborted', 'abandoned')),
    -- Set when a player resigned: the colour that resigned.
    resigned    TEXT CHECK (resigned IN ('white', 'black')),
    -- Who ended the game without a result (an abort), if someone did.
    ended_by    INTEGER REFERENCES users(id),
    -- Bumped by every change: a writer that read an older version lost a race.
    version     INTEGER NOT NULL DEFAULT 0,
    -- The decisions of the turn in progress (JSON), replayed after the stored turns.
    partial     TEXT NOT NULL DEFAULT '[]',
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) STRICT;
INSERT INTO games_new (id, guild_id, channel_id, variant, white, black, status, resigned,
                       version, partial, created_at, updated_at)
    SELECT id, guild_id, channel_id, variant, white, black, status, resigned,
           version, partial, created_at, updated_at
    FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;

-- One active game per channel, enforced by the database.
CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE status = 'active';
CREATE INDEX games_by_guild ON games(guild_id, status);
