-- The daily puzzle's second try: a member's first wrong answer is kept unsettled (0) and
-- counted in the tally as wrong until his last try settles it (1). The answers of
-- migration 16 were each a member's only one: settled.
ALTER TABLE daily_answers ADD COLUMN settled INTEGER NOT NULL DEFAULT 1 CHECK (settled IN (0, 1));
