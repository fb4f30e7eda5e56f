//! The `users` and `notices` tables: the names the bot has seen, the side each member sees
//! the board from and whether its spots are named, and who wants direct messages.

use super::sql::params;

use super::Store;
use crate::model::{BoardSide, Labels, UserId};

impl Store {
    /// Remembers a user's display name.
    pub fn remember_user(&self, id: UserId, name: &str) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute("INSERT INTO users (id, name) VALUES (?1, ?2) ON CONFLICT(id) DO UPDATE SET name = excluded.name", params![id, name])?;
            Ok(())
        })
    }

    /// A user's last known display name.
    pub fn user_name(&self, id: UserId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(
                c.query_opt("SELECT name FROM users WHERE id = ?1", params![id], |r| {
                    r.get(0)
                })?,
            )
        })
    }

    /// Turns `user`'s direct messages on or off (a known user: see [`Store::remember_user`]).
    pub fn set_dm(&self, user: UserId, dm: bool) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute("INSERT INTO notices (user_id, dm) VALUES (?1, ?2) ON CONFLICT(user_id) DO UPDATE SET dm = excluded.dm", params![user, dm])?;
            Ok(())
        })
    }

    /// The side `user` asked to see boards from (`None`: as the server shows them).
    pub fn board_side(&self, user: UserId) -> anyhow::Result<Option<BoardSide>> {
        self.with(|c| {
            let side: Option<Option<String>> = c.query_opt(
                "SELECT board_side FROM users WHERE id = ?1",
                params![user],
                |r| r.get(0),
            )?;
            Ok(side.flatten().as_deref().and_then(BoardSide::of_name))
        })
    }

    /// Sets the side a known user (see [`Store::remember_user`]) sees boards from;
    /// [`BoardSide::Default`] forgets it.
    pub fn set_board_side(&self, user: UserId, side: BoardSide) -> anyhow::Result<()> {
        let stored = (side != BoardSide::Default).then(|| side.name());
        self.with(|c| {
            c.execute(
                "UPDATE users SET board_side = ?2 WHERE id = ?1",
                params![user, stored],
            )?;
            Ok(())
        })
    }

    /// Whether `user` asked for spot labels on the boards shown or sent to him.
    pub fn labels(&self, user: UserId) -> anyhow::Result<Labels> {
        self.with(|c| {
            let labels: Option<Option<bool>> = c.query_opt(
                "SELECT labels FROM users WHERE id = ?1",
                params![user],
                |r| r.get(0),
            )?;
            Ok(match labels.flatten() {
                Some(true) => Labels::On,
                Some(false) => Labels::Off,
                None => Labels::Default,
            })
        })
    }

    /// Sets a known user's (see [`Store::remember_user`]) spot labels; [`Labels::Default`]
    /// forgets them.
    pub fn set_labels(&self, user: UserId, labels: Labels) -> anyhow::Result<()> {
        let stored = match labels {
            Labels::On => Some(true),
            Labels::Off => Some(false),
            Labels::Default => None,
        };
        self.with(|c| {
            c.execute(
                "UPDATE users SET labels = ?2 WHERE id = ?1",
                params![user, stored],
            )?;
            Ok(())
        })
    }
}
