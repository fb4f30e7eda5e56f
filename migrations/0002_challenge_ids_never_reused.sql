-- Challenge ids are stamped on Accept and Decline buttons: with AUTOINCREMENT a withdrawn
-- challenge's id is never given to a later one, so its old buttons can never answer it.
CREATE TABLE challenges_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO challenges_new SELECT * FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
-- Ids given out before this migration may have been deleted since: go on past any of them.
UPDATE sqlite_sequence SET seq = max(seq, 1000000) WHERE name = 'challenges';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'challenges', 1000000
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'challenges');
