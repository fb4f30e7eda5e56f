//! The `challenges` table: at most one open challenge per channel.

use super::sql::params;
use std::time::Duration;

use super::outbox::{Kind, owe};
use super::{Store, potentials_text, spec, time_control};
use crate::model::{
    ChallengeId, ChannelId, ColorChoice, GameSpec, GuildId, OutboxId, TimeControl, UserId,
};

/// What a challenge proposes: who plays whom, where, which game and which colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeTerms {
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// The channel the game will be played in.
    pub channel: ChannelId,
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged; `None` for a seek, open to anyone in the channel.
    pub challenged: Option<UserId>,
    /// What game it is.
    pub spec: GameSpec,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The time per move, if any.
    pub time: Option<TimeControl>,
    /// The game is to be played in a thread of its own.
    pub thread: bool,
    /// Both players may ask the engine for hints.
    pub hints: bool,
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: ChallengeId,
    /// What it proposes.
    pub terms: ChallengeTerms,
}

impl Store {
    /// The open challenge in a channel; an expired one is deleted and not returned.
    pub fn challenge(&self, channel: ChannelId) -> anyhow::Result<Option<Challenge>> {
        self.with(|c| {
            c.execute(
                "DELETE FROM challenges WHERE channel_id = ?1 AND expires_at <= ?2",
                params![channel, self.clock.now()],
            )?;
            Ok(c.query_opt(
                "SELECT id, guild_id, channel_id, challenger, challenged, variant, color,
                        move_days, autoforfeit, thread, hints, potentials
                 FROM challenges WHERE channel_id = ?1",
                params![channel],
                |r| {
                    Ok(Challenge {
                        id: r.get(0)?,
                        terms: ChallengeTerms {
                            guild: r.get(1)?,
                            channel: r.get(2)?,
                            challenger: r.get(3)?,
                            challenged: r.get(4)?,
                            color: r.get(6)?,
                            time: time_control(r, 7)?,
                            thread: r.get(9)?,
                            hints: r.get(10)?,
                            spec: spec(r, 5, 11)?,
                        },
                    })
                },
            )?)
        })
    }

    /// Whether `user` made, or was sent, a challenge still open anywhere.
    pub fn in_open_challenge(&self, user: UserId) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT EXISTS(SELECT 1 FROM challenges \
                 WHERE (challenger = ?1 OR challenged = ?1) AND expires_at > ?2)",
                params![user, self.clock.now()],
                |r| r.get(0),
            )?)
        })
    }

    /// Records a challenge open for `ttl`, with its notice owed: the challenge and the
    /// notice's row; `None` if the channel has one already.
    pub fn create_challenge(
        &self,
        new: &ChallengeTerms,
        ttl: Duration,
    ) -> anyhow::Result<Option<(ChallengeId, OutboxId)>> {
        self.with(|c| {
            let created = self.clock.now();
            let ttl = i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX);
            c.transaction(|tx| {
                let inserted: Option<i64> = tx.query_opt(
                    "INSERT INTO challenges (guild_id, channel_id, challenger, challenged, variant,
                                             color, created_at, expires_at, move_days, autoforfeit,
                                             thread, hints, potentials)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                     ON CONFLICT(channel_id) DO NOTHING
                     RETURNING id",
                    params![
                        new.guild,
                        new.channel,
                        new.challenger,
                        new.challenged,
                        new.spec.variant().to_string(),
                        new.color,
                        created,
                        created.saturating_add(ttl),
                        new.time.map(|t| t.days),
                        new.time.is_some_and(|t| t.autoforfeit),
                        new.thread,
                        new.hints,
                        potentials_text(new.spec)
                    ],
                    |r| r.get(0),
                )?;
                let Some(id) = inserted else {
                    return Ok(None);
                };
                // Its notice is owed, in the same transaction.
                let owed = owe(
                    tx,
                    self.poster(),
                    new.channel,
                    Kind::Challenge,
                    id,
                    0,
                    created,
                )?;
                Ok(Some((ChallengeId(id), owed)))
            })
        })
    }

    /// Whether challenge `id` is still open (not answered, withdrawn or lapsed).
    pub fn challenge_open(&self, id: ChallengeId) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT 1 FROM challenges WHERE id = ?1 AND expires_at > ?2",
                params![id, self.clock.now()],
                |_| Ok(()),
            )?
            .is_some())
        })
    }

    /// Deletes a challenge; false if it was already gone.
    pub fn delete_challenge(&self, id: ChallengeId) -> anyhow::Result<bool> {
        self.with(|c| Ok(c.execute("DELETE FROM challenges WHERE id = ?1", params![id])? == 1))
    }
}
