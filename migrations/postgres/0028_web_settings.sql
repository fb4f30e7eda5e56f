-- The web pages' own settings and addresses (issue 42): a server's pages on, off (old links
-- then answer 404) or listed on an index page at its own unguessable address; an event's
-- page and a player's page in a server, each at 128 random bits (of two version 4 UUIDs'
-- 244) in hex; and each rated game's rating change, for a game's page and a player's plot
-- (earlier games have none).
ALTER TABLE guild_settings ADD COLUMN web TEXT NOT NULL DEFAULT 'on'
    CHECK (web IN ('on', 'off', 'listed'));
ALTER TABLE guild_settings ADD COLUMN web_key TEXT;
CREATE UNIQUE INDEX guild_settings_by_web_key ON guild_settings (web_key);
ALTER TABLE tournaments ADD COLUMN web_key TEXT;
UPDATE tournaments SET web_key = left(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 40);
CREATE UNIQUE INDEX tournaments_by_web_key ON tournaments (web_key);
CREATE TABLE player_pages (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    web_key  TEXT NOT NULL UNIQUE,
    PRIMARY KEY (guild_id, user_id)
);
INSERT INTO player_pages (guild_id, user_id, web_key)
    SELECT guild_id, user_id, left(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 40) FROM (
        SELECT guild_id, white AS user_id FROM games WHERE guild_id IS NOT NULL
        UNION SELECT guild_id, black FROM games WHERE guild_id IS NOT NULL
    ) AS players;
CREATE TABLE rating_changes (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    user_id  BIGINT NOT NULL,
    kind     TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id, kind)
);
CREATE INDEX rating_changes_by_player ON rating_changes (user_id, kind, game_id);
