-- The potentials a challenge proposes and its game is played with: NULL for none,
-- 'ultimate' for Ultimate GIPF (its variant is 'tournament'), else the record header's
-- Potentials value, 'W:<list> B:<list>'.
ALTER TABLE challenges ADD COLUMN potentials TEXT;
ALTER TABLE games ADD COLUMN potentials TEXT;
