-- The instant the player to move is reminded of his deadline, kept beside the deadline (both
-- set by one rule, `MoveClock` in `src/move_clock.rs`): the watch compares instants only.
-- Earlier games get the instant that rule gave them: a quarter of the time per move before
-- the deadline, at most a day.
ALTER TABLE games ADD COLUMN remind_at INTEGER;
UPDATE games SET remind_at = deadline - CASE WHEN move_days * 86400 / 4 < 86400
                                             THEN move_days * 86400 / 4 ELSE 86400 END
    WHERE deadline IS NOT NULL;
CREATE INDEX games_by_reminder ON games(remind_at) WHERE status = 'active';
