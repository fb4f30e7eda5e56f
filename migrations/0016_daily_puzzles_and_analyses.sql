-- The daily puzzle: the channel a server posts it in (NULL: none) and the hour, UTC, it is
-- posted at (noon unless its moderators say otherwise).
ALTER TABLE guild_settings ADD COLUMN puzzle_channel INTEGER;
ALTER TABLE guild_settings ADD COLUMN puzzle_hour INTEGER NOT NULL DEFAULT 12
    CHECK (puzzle_hour BETWEEN 0 AND 23);
-- Each daily puzzle a server was given: its day (days since 1970, counted from the server's
-- hour), the puzzle's number in the bot's set, the channel, and why Discord refused the
-- post (NULL: posted). A row is written before the post goes, so a restart never posts twice.
CREATE TABLE daily_puzzles (
    guild_id   INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    puzzle     INTEGER NOT NULL CHECK (puzzle >= 0),
    channel_id INTEGER NOT NULL,
    refused    TEXT,
    PRIMARY KEY (guild_id, day)
) STRICT;
-- Each member's one answer to a server's daily puzzle, and whether it was right.
CREATE TABLE daily_answers (
    guild_id INTEGER NOT NULL,
    day      INTEGER NOT NULL,
    user_id  INTEGER NOT NULL REFERENCES users(id),
    right    INTEGER NOT NULL CHECK (right IN (0, 1)),
    PRIMARY KEY (guild_id, day, user_id),
    FOREIGN KEY (guild_id, day) REFERENCES daily_puzzles (guild_id, day)
) STRICT;
-- What `!analyse` said of a game's costly turns (turn numbered from 1), for `!browse`.
CREATE TABLE analysis_comments (
    game_id INTEGER NOT NULL REFERENCES games(id),
    turn    INTEGER NOT NULL CHECK (turn >= 1),
    comment TEXT NOT NULL,
    PRIMARY KEY (game_id, turn)
) STRICT;
