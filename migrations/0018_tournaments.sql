-- Tournaments: an event in a server's channel, its entries in the order they came, and the
-- games and byes of its rounds. A round's games live in the games table like any other;
-- the event keeps which of them are its own and in which round. Earlier databases hold none.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    name        TEXT NOT NULL,
    format      TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin')),
    -- Swiss: its rounds; round robin: its cycles (1, or 2 with colours swapped).
    rounds      INTEGER NOT NULL CHECK (rounds >= 1),
    variant     TEXT NOT NULL,
    potentials  TEXT,
    move_days   INTEGER,
    rated       INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    starts_at   INTEGER,
    status      TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    created_by  INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
) STRICT;
-- One event open or running per channel.
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel_id)
    WHERE status IN ('open', 'running');
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    -- The entry order: players are numbered by it.
    seat          INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    -- The bot's engine, entered at this level.
    engine_level  TEXT,
    withdrawn     INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, seat),
    UNIQUE (tournament_id, user_id)
) STRICT;

CREATE TABLE tournament_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games(id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL CHECK (round >= 1)
) STRICT;
CREATE INDEX tournament_games_by_event ON tournament_games (tournament_id, round);

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round)
) STRICT;
