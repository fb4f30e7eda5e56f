-- Per server: a default time per move for challenges that set none, and how many days
-- without a move end a game as abandoned (NULL: the bot's own setting).
CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    move_days     INTEGER CHECK (move_days BETWEEN 1 AND 14),
    abandon_days  INTEGER CHECK (abandon_days BETWEEN 1 AND 3650)
) STRICT;
