-- The potentials a challenge proposes and its game is played with: NULL for none,
-- 'ultimate' for Ultimate GIPF (its variant is 'tournament'), else the record header's
-- Potentials value, 'W:<list> B:<list>'.
ALTER TABLE challenges ADD COLUMN potentials TEXT;
ALTER TABLE games ADD COLUMN potentials TEXT;
-- Games with potentials have ratings of their own ('potentials').
ALTER TABLE ratings DROP CONSTRAINT ratings_kind_check;
ALTER TABLE ratings ADD CONSTRAINT ratings_kind_check
    CHECK (kind IN ('all', 'basic', 'standard', 'tournament', 'potentials'));
