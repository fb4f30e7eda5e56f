-- A seek is a challenge open to anyone in its channel: no one is challenged yet (NULL).
-- SQLite drops a NOT NULL only by rebuilding the table; the AUTOINCREMENT sequence stays,
-- so a withdrawn challenge's id is still never given again.
CREATE TABLE challenges_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL UNIQUE,
    challenger  INTEGER NOT NULL REFERENCES users(id),
    -- NULL for a seek.
    challenged  INTEGER REFERENCES users(id),
    variant     TEXT NOT NULL,
    -- The challenger's colour: white, black or random.
    color       TEXT NOT NULL CHECK (color IN ('white', 'black', 'random')),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    move_days   INTEGER CHECK (move_days BETWEEN 1 AND 14),
    autoforfeit INTEGER NOT NULL DEFAULT 0 CHECK (autoforfeit IN (0, 1)),
    thread      INTEGER NOT NULL DEFAULT 0 CHECK (thread IN (0, 1)),
    hints       INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1)),
    potentials  TEXT
) STRICT;
INSERT INTO challenges_new
    (id, guild_id, channel_id, challenger, challenged, variant, color, created_at, expires_at,
     move_days, autoforfeit, thread, hints, potentials)
    SELECT id, guild_id, channel_id, challenger, challenged, variant, color, created_at,
           expires_at, move_days, autoforfeit, thread, hints, potentials
    FROM challenges;
-- The old table's sequence goes with the new one (the copy above set a sequence of its own
-- from the ids it kept, which may be lower).
DELETE FROM sqlite_sequence WHERE name = 'challenges_new';
UPDATE sqlite_sequence SET name = 'challenges_new' WHERE name = 'challenges';
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
