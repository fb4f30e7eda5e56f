//! The outbox: every message the bot owes (a turn's announcement, a game's start, a
//! challenge, a reminder, a loss on time, an analysis, a round's pairings...), written in
//! the transaction of the change it announces and marked sent once posted, so that a restart
//! posts what a crash left unsaid.
//!
//! A row is a [`Kind`] and the subject it is drawn again from (a game, a challenge or a
//! tournament), never the text: adding a kind is a variant of [`Kind`] with its word in
//! [`Kind::ALL`], the transaction that owes it calling [`owe`], and its drawing in the
//! service's outbox room.

use std::fmt;
use std::str::FromStr;

use super::Store;
use super::leases::gone;
use super::sql::{self, Conn, FromValue, ToValue, Unreadable, Value, params};
use crate::model::{ChallengeId, ChannelId, GameId, OutboxId};

/// What an outbox row announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game's turns up to the row's `ply`, and the question to the player to move.
    Turn,
    /// A game's start (`Game on`), pinging the player to move.
    GameOn,
    /// A challenge or a seek (its subject is the challenge).
    Challenge,
    /// A reminder that the player to move has a quarter of his time left.
    Reminder,
    /// The news that the player to move is out of time (he may be claimed against).
    TimeUp,
    /// The end of a game on time.
    Forfeit,
    /// The end of a game nobody moved in for too long.
    Abandoned,
    /// A message of a game's analysis, as stored: its `ply` says which (0 its heading, `n`
    /// its `n`-th costly turn).
    Analysis,
    /// A tournament round's pairings (its subject is the tournament, its `ply` the round).
    Round,
    /// A tournament's end, with its final standings (its subject is the tournament).
    EventEnd,
    /// A player's vacation started: his clock stands still (its `ply` is his colour).
    Away,
    /// A player is back from vacation: his clock runs again (its `ply` is his colour).
    Back,
}

impl Kind {
    /// Every kind, with its word in the database.
    pub const ALL: [(Kind, &'static str); 12] = [
        (Kind::Turn, "turn"),
        (Kind::GameOn, "game_on"),
        (Kind::Challenge, "challenge"),
        (Kind::Reminder, "reminder"),
        (Kind::TimeUp, "time_up"),
        (Kind::Forfeit, "forfeit"),
        (Kind::Abandoned, "abandoned"),
        (Kind::Analysis, "analysis"),
        (Kind::Round, "round"),
        (Kind::EventEnd, "event_end"),
        (Kind::Away, "away"),
        (Kind::Back, "back"),
    ];

    fn word(self) -> &'static str {
        Kind::ALL
            .iter()
            .find(|(kind, _)| *kind == self)
            .map_or("turn", |(_, word)| word)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A kind of outbox row this release does not know (written by a later one).
#[derive(Debug)]
pub struct UnknownKind(String);

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown kind of outbox row `{}`", self.0)
    }
}

impl std::error::Error for UnknownKind {}

impl FromStr for Kind {
    type Err = UnknownKind;

    fn from_str(word: &str) -> Result<Kind, UnknownKind> {
        Kind::ALL
            .iter()
            .find(|(_, known)| *known == word)
            .map(|(kind, _)| *kind)
            .ok_or_else(|| UnknownKind(word.to_string()))
    }
}

impl ToValue for Kind {
    fn to_value(&self) -> Value {
        Value::Text(self.word().into())
    }
}

impl FromValue for Kind {
    fn from_value(value: Value) -> Result<Kind, Unreadable> {
        Ok(String::from_value(value)?.parse()?)
    }
}

/// A message owed: its kind, about `subject`, in `channel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    /// The row.
    pub id: OutboxId,
    /// Where it is posted.
    pub channel: ChannelId,
    /// What it announces.
    pub kind: Kind,
    /// What it is drawn from: a game, for [`Kind::Challenge`] a challenge, for
    /// [`Kind::Round`] and [`Kind::EventEnd`] a tournament.
    pub subject: i64,
    /// How many turns the game had stored when it was written.
    pub ply: i64,
    /// The message that announced it, if it was posted and a crash came before its marking
    /// (its direct copies may still be owed).
    pub posted: Option<i64>,
}

impl Owed {
    /// The game it announces (its subject, for the kinds about a game).
    pub fn game(&self) -> GameId {
        GameId(self.subject)
    }

    /// The challenge it announces (its subject, for [`Kind::Challenge`]).
    pub fn challenge(&self) -> ChallengeId {
        ChallengeId(self.subject)
    }
}

/// Writes that a message of `kind` about `subject` is owed to `channel`, the game having
/// `ply` turns stored: called inside the transaction that makes the change it announces.
/// `poster` is the process that posts it (the one writing it), none where that one posts
/// nothing (an engine worker): then the next process that looks posts it. The row.
pub(super) fn owe(
    tx: &mut Conn,
    poster: Option<&str>,
    channel: ChannelId,
    kind: Kind,
    subject: i64,
    ply: usize,
    at: i64,
) -> sql::Result<OutboxId> {
    tx.query_row(
        "INSERT INTO outbox (channel_id, kind, subject, ply, created_at, holder)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
        params![channel, kind, subject, ply as i64, at, poster],
        |row| row.get(0),
    )
}

/// Writes that the `messages` of the analysis of `game` (its heading and each costly turn)
/// are owed to each of `channels`, which asked for it: called inside the transaction that
/// stores the analysis. Each channel's rows, in the messages' order.
pub(super) fn owe_analysis(
    tx: &mut Conn,
    poster: Option<&str>,
    channels: &[ChannelId],
    game: GameId,
    messages: usize,
    at: i64,
) -> sql::Result<Vec<Vec<OutboxId>>> {
    let mut owed = Vec::with_capacity(channels.len());
    for &channel in channels {
        let rows = (0..messages)
            .map(|message| owe(tx, poster, channel, Kind::Analysis, game.0, message, at))
            .collect::<sql::Result<Vec<OutboxId>>>()?;
        owed.push(rows);
    }
    Ok(owed)
}

impl Store {
    /// Claims for this process every unsent row nobody living posts (written by a process
    /// that posts nothing, or one that died), and with `own` those it wrote itself (after a
    /// restart under its name): in the order they were written, so in order per channel.
    pub fn claim_unsent(&self, own: bool) -> anyhow::Result<Vec<Owed>> {
        let now = self.clock.now();
        // Never its own while it runs, even if its life lease lapsed: it may be posting them.
        let whose = match own {
            true => format!("(outbox.holder = ?1 OR {})", gone("outbox.holder", 2)),
            false => format!(
                "({} AND (outbox.holder IS NULL OR outbox.holder <> ?1))",
                gone("outbox.holder", 2)
            ),
        };
        self.with(|c| {
            // Looked at first, as most looks find nothing: a read takes no write lock.
            let any = c.query_opt(
                &format!("SELECT 1 FROM outbox WHERE sent_at IS NULL AND {whose} LIMIT 1"),
                params![self.holder, now],
                |_| Ok(()),
            )?;
            if any.is_none() {
                return Ok(Vec::new());
            }
            let mut owed = c.query_map(
                &format!(
                    "UPDATE outbox SET holder = ?1 WHERE sent_at IS NULL AND {whose}
                     RETURNING id, channel_id, kind, subject, ply, message_id"
                ),
                params![self.holder, now],
                |row| {
                    Ok(Owed {
                        id: row.get(0)?,
                        channel: row.get(1)?,
                        kind: row.get(2)?,
                        subject: row.get(3)?,
                        ply: row.get(4)?,
                        posted: row.get(5)?,
                    })
                },
            )?;
            owed.sort_by_key(|owed| owed.id.0);
            Ok(owed)
        })
    }

    /// The message that announced the turns of `game` up to `ply`, if it was posted and
    /// its id kept: (its channel, the message).
    pub fn turn_message(
        &self,
        game: GameId,
        ply: usize,
    ) -> anyhow::Result<Option<(ChannelId, i64)>> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT channel_id, message_id FROM outbox
                 WHERE kind = ?1 AND subject = ?2 AND ply = ?3 AND message_id IS NOT NULL
                 ORDER BY id DESC LIMIT 1",
                params![Kind::Turn, game, ply as i64],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )?)
        })
    }

    /// Keeps `message` as the post that announced `ids`, before they are marked sent.
    pub fn note_posted(&self, ids: &[OutboxId], message: i64) -> anyhow::Result<()> {
        self.with(|c| {
            for id in ids {
                c.execute(
                    "UPDATE outbox SET message_id = ?2 WHERE id = ?1 AND message_id IS NULL",
                    params![id, message],
                )?;
            }
            Ok(())
        })
    }

    /// Lets go of `ids`, posted by nobody now (a post failed, and may work later): the next
    /// look of a living process at what nobody posts claims them and posts them again.
    pub fn let_go(&self, ids: &[OutboxId]) -> anyhow::Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.with(|c| {
            c.transaction(|tx| {
                for id in ids {
                    tx.execute(
                        "UPDATE outbox SET holder = NULL WHERE id = ?1 AND sent_at IS NULL",
                        params![id],
                    )?;
                }
                Ok(())
            })
        })
    }

    /// Marks `ids` sent: they are posted, the first message of their post being `message`
    /// if the adapter knows it.
    pub fn mark_sent(&self, ids: &[OutboxId], message: Option<i64>) -> anyhow::Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let at = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                for id in ids {
                    tx.execute(
                        "UPDATE outbox SET sent_at = ?1, message_id = COALESCE(CAST(?3 AS BIGINT), message_id)
                         WHERE id = ?2 AND sent_at IS NULL",
                        params![at, id, message],
                    )?;
                }
                Ok(())
            })
        })
    }
}
