//! A member's hours (the `notices` table's digest, quiet hours and time zone) and the
//! direct-message pings held through his quiet hours (`held_notices`).

use super::Store;
use super::sql::{self, Row, params};
use crate::model::{ChannelId, UserId};
use crate::text::Text;

/// The most pings held for one member: later ones reach him only in their channels.
pub const MOST_HELD: i64 = 50;

/// What a member set of his hours (minutes after midnight, in his zone).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoticeHours {
    /// Whether he wants direct messages at all (`notify dm on`).
    pub dm: bool,
    /// The minute of the day his digest comes, if he asked for one.
    pub digest: Option<u16>,
    /// When his next digest goes out.
    pub digest_next: Option<i64>,
    /// His quiet hours: (from, to).
    pub quiet: Option<(u16, u16)>,
    /// His time zone's IANA name, if he named one.
    pub zone: Option<String>,
}

/// Pings held for a member, released together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// Whom they are for.
    pub user: UserId,
    /// Each ping: its channel, when it was held, and what it said.
    pub said: Vec<(ChannelId, i64, Text)>,
}

/// The columns [`hours_row`] reads.
const HOURS_COLUMNS: &str = "dm, digest_minute, digest_next, quiet_from, quiet_to, zone";

/// A member's hours from [`HOURS_COLUMNS`], read from column `at` on.
fn hours_row(r: &Row, at: usize) -> sql::Result<NoticeHours> {
    let (from, to): (Option<u16>, Option<u16>) = (r.get(at + 3)?, r.get(at + 4)?);
    Ok(NoticeHours {
        dm: r.get(at)?,
        digest: r.get(at + 1)?,
        digest_next: r.get(at + 2)?,
        quiet: from.zip(to),
        zone: r.get(at + 5)?,
    })
}

impl Store {
    /// What `user` set of his hours (nothing, for a member who set nothing).
    pub fn notice_hours(&self, user: UserId) -> anyhow::Result<NoticeHours> {
        self.with(|c| {
            let row = c.query_opt(
                &format!("SELECT {HOURS_COLUMNS} FROM notices WHERE user_id = ?1"),
                params![user],
                |r| hours_row(r, 0),
            )?;
            Ok(row.unwrap_or_default())
        })
    }

    /// Sets `user`'s digest, quiet hours and zone as `hours` says (his `dm` stays).
    pub fn set_notice_hours(&self, user: UserId, hours: &NoticeHours) -> anyhow::Result<()> {
        let (from, to) = hours.quiet.unzip();
        self.with(|c| {
            c.execute(
                "INSERT INTO notices (user_id, dm, digest_minute, digest_next, quiet_from,
                                      quiet_to, zone)
                 VALUES (?1, 0, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT(user_id) DO UPDATE SET digest_minute = excluded.digest_minute,
                    digest_next = excluded.digest_next, quiet_from = excluded.quiet_from,
                    quiet_to = excluded.quiet_to, zone = excluded.zone",
                params![user, hours.digest, hours.digest_next, from, to, hours.zone],
            )?;
            Ok(())
        })
    }

    /// The members whose digest is due, each with his hours.
    pub fn digests_due(&self) -> anyhow::Result<Vec<(UserId, NoticeHours)>> {
        let now = self.clock.now();
        self.with(|c| {
            Ok(c.query_map(
                &format!(
                    "SELECT user_id, {HOURS_COLUMNS} FROM notices
                     WHERE digest_next <= ?1 ORDER BY digest_next"
                ),
                params![now],
                |r| Ok((r.get(0)?, hours_row(r, 1)?)),
            )?)
        })
    }

    /// Claims `user`'s digest due at `due`, moving his next one to `next`: false if another
    /// process claimed it first (or he changed it meanwhile), which then sends it.
    pub fn claim_digest(&self, user: UserId, due: i64, next: i64) -> anyhow::Result<bool> {
        self.with(|c| {
            let claimed = c.execute(
                "UPDATE notices SET digest_next = ?3 WHERE user_id = ?1 AND digest_next = ?2",
                params![user, due, next],
            )?;
            Ok(claimed == 1)
        })
    }

    /// Holds a ping for `user` from `channel` until `release` (his quiet hours' end): false
    /// if he has [`MOST_HELD`] held already.
    pub fn hold_notice(
        &self,
        user: UserId,
        channel: ChannelId,
        said: &Text,
        release: i64,
    ) -> anyhow::Result<bool> {
        let said = serde_json::to_string(said)?;
        let now = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let held: i64 = tx.query_row(
                    "SELECT COUNT(*) FROM held_notices WHERE user_id = ?1",
                    params![user],
                    |r| r.get(0),
                )?;
                if held >= MOST_HELD {
                    return Ok(false);
                }
                tx.execute(
                    "INSERT INTO held_notices (user_id, channel_id, said, held_at, release_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![user, channel, said, now, release],
                )?;
                Ok(true)
            })
        })
    }

    /// Takes the held pings whose quiet hours are over, each member's together, oldest
    /// first: deleted as they are read, so that they go out once.
    pub fn release_held(&self) -> anyhow::Result<Vec<Held>> {
        let now = self.clock.now();
        let rows: Vec<(UserId, ChannelId, i64, String)> = self.with(|c| {
            Ok(c.query_map(
                "DELETE FROM held_notices WHERE user_id IN
                   (SELECT user_id FROM held_notices WHERE release_at <= ?1)
                 RETURNING user_id, channel_id, held_at, said",
                params![now],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )?)
        })?;
        let mut released: Vec<Held> = Vec::new();
        let mut rows = rows;
        rows.sort_by_key(|(user, _, at, _)| (*user, *at));
        for (user, channel, at, said) in rows {
            let Ok(said) = serde_json::from_str::<Text>(&said) else {
                tracing::warn!(user = user.0, "a held ping does not read: dropped");
                continue;
            };
            match released.last_mut() {
                Some(held) if held.user == user => held.said.push((channel, at, said)),
                _ => released.push(Held {
                    user,
                    said: vec![(channel, at, said)],
                }),
            }
        }
        Ok(released)
    }
}
