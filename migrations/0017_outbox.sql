-- The outbox: each announcement the bot owes, written in the transaction of the change it
-- announces (a completed turn: the game and the number of turns stored then), and marked
-- sent once it is posted. After a restart the unsent ones are posted first, in order per
-- channel, drawn again from the stored game. Earlier databases owe nothing.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    created_at INTEGER NOT NULL,
    sent_at    INTEGER
) STRICT;
CREATE INDEX outbox_unsent ON outbox (channel_id, id) WHERE sent_at IS NULL;
