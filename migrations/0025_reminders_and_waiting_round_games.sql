-- The instant the player to move is reminded of his deadline, kept beside the deadline (both
-- set by one rule, `MoveClock` in `src/move_clock.rs`): the watch compares instants only.
-- Earlier games get the instant that rule gave them: a quarter of the time per move before
-- the deadline, at most a day.
ALTER TABLE games ADD COLUMN remind_at INTEGER;
UPDATE games SET remind_at = deadline - CASE WHEN move_days * 86400 / 4 < 86400
                                             THEN move_days * 86400 / 4 ELSE 86400 END
    WHERE deadline IS NOT NULL;
CREATE INDEX games_by_reminder ON games(remind_at) WHERE status = 'active';
-- A tournament's round game waiting for its thread (Discord may refuse one; the watch asks
-- again) says so, and is in its event's channel meanwhile, where it was announced. Until now
-- it waited in a channel of its own, a negative id (which two games could share). The one
-- active game a channel holds is the one played there: waiting games are not counted.
ALTER TABLE games ADD COLUMN waits_for_thread INTEGER NOT NULL DEFAULT 0
    CHECK (waits_for_thread IN (0, 1));
DROP INDEX games_one_active_per_channel;
UPDATE games SET waits_for_thread = 1,
                 channel_id = COALESCE((SELECT e.channel_id FROM tournament_games t
                                        JOIN tournaments e ON e.id = t.tournament_id
                                        WHERE t.game_id = games.id), channel_id)
    WHERE channel_id < 0;
CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id)
    WHERE status = 'active' AND waits_for_thread = 0;
