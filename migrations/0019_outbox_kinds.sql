-- Every message the bot owes goes through the outbox, not only a turn's announcement: each
-- row has a kind (what it announces) and the subject it is drawn again from (a game, or a
-- challenge), with the number of turns the game had stored when it was written (so that a
-- reminder the game moved past is not posted, and a turn overtaken says so). A direct copy of
-- an announcement is part of its row. Once posted, the row keeps the message it made
-- (`message_id`), which a turn sent again links to. The rows of migration 17 are turns.
CREATE TABLE outbox_owed (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    subject    INTEGER NOT NULL,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    created_at INTEGER NOT NULL,
    sent_at    INTEGER,
    message_id INTEGER
) STRICT;
INSERT INTO outbox_owed (id, channel_id, kind, subject, ply, created_at, sent_at)
    SELECT id, channel_id, 'turn', game_id, ply, created_at, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_owed RENAME TO outbox;
CREATE INDEX outbox_unsent ON outbox (channel_id, id) WHERE sent_at IS NULL;
CREATE INDEX outbox_of_subject ON outbox (kind, subject, ply);
-- A slash command or a click the bot took and has not answered yet: remembered before it is
-- deferred, forgotten once answered. After a crash, the messages its command left owed in its
-- channel (the outbox's rows after `outbox_mark`) answer it through its token while the token
-- lives (15 minutes), else they are posted in the channel.
CREATE TABLE interactions_unanswered (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    token       TEXT NOT NULL,
    channel_id  INTEGER NOT NULL,
    outbox_mark INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
) STRICT;
