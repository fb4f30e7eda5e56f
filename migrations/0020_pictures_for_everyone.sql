-- Spot labels on the board pictures: a server's choice for every picture in its channels
-- (off, as before this migration, unless its moderators say otherwise), and a member's own
-- for the pictures shown or sent to him (1 on, 0 off, NULL as the server shows them).
ALTER TABLE guild_settings ADD COLUMN labels INTEGER NOT NULL DEFAULT 0 CHECK (labels IN (0, 1));
ALTER TABLE users ADD COLUMN labels INTEGER CHECK (labels IN (0, 1));
-- The wrong answers a member gave his open puzzle: the first gets one more try before the
-- solution is shown.
ALTER TABLE puzzle_progress ADD COLUMN tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0);
-- The decisions a member made so far in the turn of his open lesson (a push waiting for
-- its take-or-keep answer, as a real game asks it), as the games' `partial` writes them.
ALTER TABLE lesson_progress ADD COLUMN partial TEXT NOT NULL DEFAULT '[]';
