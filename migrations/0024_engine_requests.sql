-- The engine's work as rows any process may claim: a game where the engine is to move (its
-- `turn`), or a finished game's `analysis`, with the channels that asked for it. A request
-- is written in the transaction of the change that makes it (the turn before the engine's,
-- the `analyse` asked) and deleted in the one that answers it (the engine's turn saved, the
-- analysis stored). Its `holder` is the process searching it now, NULL while none is; a
-- holder whose process lease (`leases`, named `process <holder>`) lapsed is dead, and its
-- requests are anyone's again. A failed search is tried again from `not_before` on.
CREATE TABLE engine_requests (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    kind        TEXT NOT NULL CHECK (kind IN ('turn', 'analysis')),
    engine_user INTEGER,
    channels    TEXT NOT NULL DEFAULT '',
    asked_at    INTEGER NOT NULL,
    holder      TEXT,
    not_before  INTEGER NOT NULL DEFAULT 0,
    failures    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, kind)
) STRICT;
CREATE INDEX engine_requests_waiting ON engine_requests (asked_at) WHERE holder IS NULL;
-- The process that posts an outbox row: the one that wrote it, NULL where that process
-- posts nothing (an engine worker); a row whose holder is NULL or dead is posted by the
-- next process that looks.
ALTER TABLE outbox ADD COLUMN holder TEXT;
