-- A member's daily digest and quiet hours (issue 43), in his time zone (an IANA name; UTC
-- when none). The digest's minute of the day, and the instant of its next send: the process
-- that keeps the watch claims a send by moving that instant on, so a day's digest goes once.
-- The minutes his quiet hours start and end.
ALTER TABLE notices ADD COLUMN digest_minute INTEGER CHECK (digest_minute BETWEEN 0 AND 1439);
ALTER TABLE notices ADD COLUMN digest_next INTEGER;
ALTER TABLE notices ADD COLUMN quiet_from INTEGER CHECK (quiet_from BETWEEN 0 AND 1439);
ALTER TABLE notices ADD COLUMN quiet_to INTEGER CHECK (quiet_to BETWEEN 0 AND 1439);
ALTER TABLE notices ADD COLUMN zone TEXT;
CREATE INDEX notices_digest ON notices (digest_next) WHERE digest_next IS NOT NULL;
-- The direct-message pings held through a member's quiet hours (what each said, as the
-- text codec writes it), sent folded into one message at their end and deleted as they go.
CREATE TABLE held_notices (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    said       TEXT NOT NULL,
    held_at    INTEGER NOT NULL,
    release_at INTEGER NOT NULL
) STRICT;
CREATE INDEX held_notices_release ON held_notices (release_at);
CREATE INDEX held_notices_user ON held_notices (user_id);
