-- Users we have seen, so lists can show names without asking Discord.
CREATE TABLE users (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL
) STRICT;

-- At most one open challenge per channel.
CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL UNIQUE,
    challenger  INTEGER NOT NULL REFERENCES users(id),
    challenged  INTEGER NOT NULL REFERENCES users(id),
    variant     TEXT NOT NULL,
    -- The challenger's colour: white, black or random.
    color       TEXT NOT NULL CHECK (color IN ('white', 'black', 'random')),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    variant     TEXT NOT NULL,
    white       INTEGER NOT NULL REFERENCES users(id),
    black       INTEGER NOT NULL REFERENCES users(id),
    status      TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'white_won', 'black_won')),
    -- Set when a player resigned: the colour that resigned.
    resigned    TEXT CHECK (resigned IN ('white', 'black')),
    -- Bumped by every change: a writer that read an older version lost a race.
    version     INTEGER NOT NULL DEFAULT 0,
    -- The decisions of the turn in progress (JSON), replayed after the stored turns.
    partial     TEXT NOT NULL DEFAULT '[]',
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) STRICT;

-- One active game per channel, enforced by the database.
CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE status = 'active';
CREATE INDEX games_by_guild ON games(guild_id, status);

-- Completed turns in the official notation; the game is rebuilt from them.
CREATE TABLE turns (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    notation   TEXT NOT NULL,
    player     INTEGER NOT NULL REFERENCES users(id),
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT;
