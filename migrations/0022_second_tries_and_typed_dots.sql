-- The daily puzzle's second try: a member's first wrong answer is kept unsettled (0) and
-- counted in the tally as wrong until his last try settles it (1). The answers of
-- migration 16 were each a member's only one: settled.
ALTER TABLE daily_answers ADD COLUMN settled INTEGER NOT NULL DEFAULT 1 CHECK (settled IN (0, 1));
-- The dot a turn's push came in from, as its player named it, where the notation leaves it
-- out (a push onto an empty spot is written as the spot alone, the same from every dot that
-- reaches it): the turn is drawn and said again from that dot. NULL where the notation says
-- it all, and for the turns of earlier releases, which the replay enters from a dot of its
-- own choosing.
ALTER TABLE turns ADD COLUMN dot TEXT;
