-- Who wants a direct message, with the board, when it is their turn or they are challenged.
CREATE TABLE notices (
    user_id  INTEGER PRIMARY KEY REFERENCES users(id),
    dm       INTEGER NOT NULL CHECK (dm IN (0, 1))
) STRICT;
