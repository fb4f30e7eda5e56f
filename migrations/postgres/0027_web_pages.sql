-- A game's page (issue 42) lives at an address nobody can guess: 128 random bits (of two
-- version 4 UUIDs' 244), in hex, given to every game, old ones too.
ALTER TABLE games ADD COLUMN web_key TEXT;
UPDATE games SET web_key = left(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 40);
CREATE UNIQUE INDEX games_by_web_key ON games (web_key);
-- The channels every member of their server may read, as the bot last saw them: only their
-- games have pages.
CREATE TABLE open_channels (
    channel_id BIGINT PRIMARY KEY,
    open BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);
