-- The engine gains a level below easy, `beginner`. SQLite cannot change a CHECK constraint,
-- so the table is rebuilt with every column and index it had (the store runs migrations with
-- foreign keys off, so dropping the old table keeps the turns).
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
    updated_at  INTEGER NOT NULL,
    move_days   INTEGER CHECK (move_days BETWEEN 1 AND 14),
    autoforfeit INTEGER NOT NULL DEFAULT 0 CHECK (autoforfeit IN (0, 1)),
    deadline    INTEGER,
    warned      INTEGER NOT NULL DEFAULT 0 CHECK (warned IN (0, 1, 2)),
    forfeited   TEXT CHECK (forfeited IN ('white', 'black')),
    site        TEXT,
    rated       INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    hints       INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1)),
    -- A game against the bot's engine: its level (the engine's user is one of the players).
    engine_level TEXT CHECK (engine_level IN ('beginner', 'easy', 'medium', 'hard')),
    potentials  TEXT
) STRICT;
INSERT INTO games_new (id, guild_id, channel_id, variant, white, black, status, resigned,
                       ended_by, version, partial, created_at, updated_at, move_days,
                       autoforfeit, deadline, warned, forfeited, site, rated, hints,
                       engine_level, potentials)
    SELECT id, guild_id, channel_id, variant, white, black, status, resigned,
           ended_by, version, partial, created_at, updated_at, move_days,
           autoforfeit, deadline, warned, forfeited, site, rated, hints,
           engine_level, potentials
    FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE status = 'active';
CREATE INDEX games_by_guild ON games(guild_id, status);
CREATE INDEX games_by_deadline ON games(deadline) WHERE status = 'active';
CREATE INDEX games_by_guild_newest ON games(guild_id, id);
CREATE INDEX games_by_white ON games(white, id);
CREATE INDEX games_by_black ON games(black, id);
