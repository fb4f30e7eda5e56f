-- The whole of each game's analysis, so that a second `!analyse` shows it again at once:
-- one row a game analysed (even when no turn cost anything), and its costly turns in the
-- order they are reported (rank 1 the worst), each with the scores of the turn played and
-- of the better one (centi-pieces, for the player who moved), the better turn and why.
CREATE TABLE analyses (
    game_id INTEGER PRIMARY KEY REFERENCES games(id)
) STRICT;
CREATE TABLE analysis_turns (
    game_id      INTEGER NOT NULL REFERENCES analyses(game_id),
    rank         INTEGER NOT NULL CHECK (rank >= 1),
    turn_index   INTEGER NOT NULL CHECK (turn_index >= 0),
    color        TEXT NOT NULL CHECK (color IN ('white', 'black')),
    played       TEXT NOT NULL,
    played_score INTEGER NOT NULL,
    better       TEXT NOT NULL,
    better_score INTEGER NOT NULL,
    reason       TEXT NOT NULL,
    PRIMARY KEY (game_id, rank)
) STRICT;
