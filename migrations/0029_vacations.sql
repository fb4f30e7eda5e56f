-- Vacations (issue 43). Each member's budget of time away, in seconds, as of month `accrued`
-- (months since January 1970, UTC: each 1st adds two days, up to thirty), and the vacation
-- that runs, from `started_at` until `back_at`. While it runs, his clocks stand still in the
-- games it pauses: every active game but a round of an event made with `vacation=off`.
CREATE TABLE vacations (
    user_id    INTEGER NOT NULL PRIMARY KEY,
    budget     INTEGER NOT NULL,
    accrued    INTEGER NOT NULL,
    started_at INTEGER,
    back_at    INTEGER
) STRICT;
CREATE INDEX vacations_running ON vacations (back_at) WHERE back_at IS NOT NULL;
-- An event may keep its games' clocks through vacations, and forbid more time given.
ALTER TABLE tournaments ADD COLUMN vacation INTEGER NOT NULL DEFAULT 1 CHECK (vacation IN (0, 1));
ALTER TABLE tournaments ADD COLUMN givetime INTEGER NOT NULL DEFAULT 1 CHECK (givetime IN (0, 1));
