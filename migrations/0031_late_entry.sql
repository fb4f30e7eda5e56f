-- A Swiss event may let members enter after its start (issue 45): until this round is
-- paired (`late=2`); NULL when entries close at the start.
ALTER TABLE tournaments ADD COLUMN late INTEGER CHECK (late >= 2);
