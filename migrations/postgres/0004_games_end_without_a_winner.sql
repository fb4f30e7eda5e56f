-- A game may end without a winner: aborted by a player early on, or abandoned when nobody
-- moved for too long.
ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check
    CHECK (status IN ('active', 'white_won', 'black_won', 'aborted', 'abandoned'));
-- Who ended the game without a result (an abort), if someone did.
ALTER TABLE games ADD COLUMN ended_by BIGINT REFERENCES users(id);
