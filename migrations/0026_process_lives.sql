-- What `gipf-bot status` shows of each lease, and how a process tells a living one under its
-- name from one that died: when the holder took the lease, when it last renewed it, and how
-- many times (a process that died renews nothing).
ALTER TABLE leases ADD COLUMN since INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leases ADD COLUMN renewed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leases ADD COLUMN beats INTEGER NOT NULL DEFAULT 0;
