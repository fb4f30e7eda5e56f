-- A member's puzzles: the one he was given and has not answered yet (its number in the
-- bot's set, NULL when none), how many he was given, solved, and his streaks of right
-- answers (the current one and his best).
CREATE TABLE puzzle_progress (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    current INTEGER CHECK (current >= 0),
    given   INTEGER NOT NULL DEFAULT 0 CHECK (given >= 0),
    solved  INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    streak  INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    best    INTEGER NOT NULL DEFAULT 0 CHECK (best >= 0)
) STRICT;
-- A member's lessons: the one he has open (NULL when none), the next he has not done, and
-- the lessons done (bit n for lesson n + 1).
CREATE TABLE lesson_progress (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    open    INTEGER CHECK (open >= 0),
    next    INTEGER NOT NULL DEFAULT 0 CHECK (next >= 0),
    done    INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0)
) STRICT;
