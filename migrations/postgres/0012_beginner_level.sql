-- The engine gains a level below easy, `beginner`.
ALTER TABLE games DROP CONSTRAINT games_engine_level_check;
ALTER TABLE games ADD CONSTRAINT games_engine_level_check
    CHECK (engine_level IN ('beginner', 'easy', 'medium', 'hard'));
