-- The side board pictures are drawn from. A server's: the colour at the bottom of every
-- picture in its channels (White, as before this migration, unless its moderators say
-- otherwise). A member's own, for the pictures sent to him (`!board`, direct messages):
-- 'white', 'black', 'mine' (his colour in the games he plays), NULL as the server shows them.
ALTER TABLE guild_settings ADD COLUMN board_side TEXT NOT NULL DEFAULT 'white'
    CHECK (board_side IN ('white', 'black'));
ALTER TABLE users ADD COLUMN board_side TEXT CHECK (board_side IN ('white', 'black', 'mine'));
