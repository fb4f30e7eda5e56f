-- A challenge may set a time per move; its game keeps it, with the deadline of the player to
-- move and how far the warnings about it went.
ALTER TABLE challenges ADD COLUMN move_days INTEGER CHECK (move_days BETWEEN 1 AND 14);
ALTER TABLE challenges ADD COLUMN autoforfeit INTEGER NOT NULL DEFAULT 0 CHECK (autoforfeit IN (0, 1));
ALTER TABLE games ADD COLUMN move_days INTEGER CHECK (move_days BETWEEN 1 AND 14);
ALTER TABLE games ADD COLUMN autoforfeit INTEGER NOT NULL DEFAULT 0 CHECK (autoforfeit IN (0, 1));
-- When the player to move runs out of time (Unix seconds); NULL without a time limit.
ALTER TABLE games ADD COLUMN deadline INTEGER;
-- 0: nothing said yet about this deadline, 1: reminded, 2: told that time is up.
ALTER TABLE games ADD COLUMN warned INTEGER NOT NULL DEFAULT 0 CHECK (warned IN (0, 1, 2));
-- Set when a player lost on time: the colour that did.
ALTER TABLE games ADD COLUMN forfeited TEXT CHECK (forfeited IN ('white', 'black'));
CREATE INDEX games_by_deadline ON games(deadline) WHERE status = 'active';
