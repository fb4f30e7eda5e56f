-- A challenge may ask for its game to be played in a thread of its own; a server may ask it
-- for all of its challenges.
ALTER TABLE challenges ADD COLUMN thread INTEGER NOT NULL DEFAULT 0 CHECK (thread IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0 CHECK (threads IN (0, 1));
