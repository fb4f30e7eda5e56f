-- Takebacks: a player may ask to undo his last turn (and the reply to it). A request
-- belongs to the position it was asked in: it stands while the game's version is the one it
-- was asked at, so any move (which bumps the version) lets it lapse without a write.
-- The colour that asked.
ALTER TABLE games ADD COLUMN takeback_by TEXT CHECK (takeback_by IN ('white', 'black'));
-- The game's version when it was asked.
ALTER TABLE games ADD COLUMN takeback_version INTEGER;
-- The opponent declined it: no second request until a move is made.
ALTER TABLE games ADD COLUMN takeback_declined INTEGER NOT NULL DEFAULT 0
    CHECK (takeback_declined IN (0, 1));
