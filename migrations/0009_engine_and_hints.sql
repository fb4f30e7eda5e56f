-- A challenge may let both players ask the engine for hints; its game keeps that.
ALTER TABLE challenges ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1));
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1));
-- A game against the bot's engine: its level (the engine's user is one of the players).
ALTER TABLE games ADD COLUMN engine_level TEXT CHECK (engine_level IN ('easy', 'medium', 'hard'));
