-- Work that one process of several must do alone (the watch: deadlines, idle games, rounds,
-- engine turns left by a restart, the daily puzzle) is leased by name: the holder renews it
-- each time it works, and a process that dies lets it lapse, so another takes over.
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  INTEGER NOT NULL
) STRICT;
