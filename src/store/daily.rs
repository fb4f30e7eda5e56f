//! The `daily_puzzles` and `daily_answers` tables: the puzzle each server was given each
//! day, and each member's answer to it (a first wrong one leaves him one more try).

use super::sql::params;

use super::{PuzzleProgress, Store};
use crate::model::{ChannelId, GuildId, UserId};

/// A server's daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPost {
    /// The server.
    pub guild: GuildId,
    /// Its day: days since 1970, each starting at the server's hour.
    pub day: i64,
    /// The puzzle's number in the bot's set.
    pub puzzle: u32,
    /// Where it went.
    pub channel: ChannelId,
    /// Why Discord refused it, if it did.
    pub refused: Option<String>,
}

/// A server with a daily puzzle, as the watch reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyServer {
    /// The server.
    pub guild: GuildId,
    /// The channel its puzzles go to.
    pub channel: ChannelId,
    /// Their hour (UTC).
    pub hour: u8,
    /// The day of its latest puzzle, if it had one.
    pub latest: Option<i64>,
}

/// A member's answer to a daily puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyAnswer {
    /// Whether it was right.
    pub right: bool,
    /// Whether it is final: false after a first wrong answer, which leaves one more try.
    pub settled: bool,
}

/// What became of an answer to a daily puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyAnswered {
    /// A first wrong answer: the member has one more try, his last.
    OneMoreTry,
    /// His final answer, right or not: where he stands with the puzzles after it.
    Settled(PuzzleProgress),
}

/// The answers to a daily puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DailyTally {
    /// How many members answered (each once, whether his answer is final or not).
    pub answered: u32,
    /// How many of them were right (a member with a try left counts as wrong until then).
    pub right: u32,
}

impl Store {
    /// The servers with a daily puzzle: each with its channel, its hour and the day of its
    /// latest puzzle, in one query (the watch asks every minute).
    pub fn daily_puzzle_servers(&self) -> anyhow::Result<Vec<DailyServer>> {
        self.with(|c| {
            let rows = c.query_map(
                "SELECT s.guild_id, s.puzzle_channel, s.puzzle_hour, MAX(d.day)
                 FROM guild_settings s LEFT JOIN daily_puzzles d ON d.guild_id = s.guild_id
                 WHERE s.puzzle_channel IS NOT NULL GROUP BY s.guild_id",
                params![],
                |r| {
                    Ok(DailyServer {
                        guild: r.get(0)?,
                        channel: r.get(1)?,
                        hour: r.get(2)?,
                        latest: r.get(3)?,
                    })
                },
            )?;
            Ok(rows)
        })
    }

    /// Records `post` before it goes: false (writing nothing) if the server has its puzzle
    /// of that day already.
    pub fn claim_daily_puzzle(&self, post: &DailyPost) -> anyhow::Result<bool> {
        self.with(|c| {
            let claimed = c.execute(
                "INSERT INTO daily_puzzles (guild_id, day, puzzle, channel_id)
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                params![post.guild, post.day, post.puzzle, post.channel],
            )?;
            Ok(claimed == 1)
        })
    }

    /// Records that Discord refused the post of `guild`'s puzzle of `day`, and why.
    pub fn refuse_daily_puzzle(&self, guild: GuildId, day: i64, why: &str) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute(
                "UPDATE daily_puzzles SET refused = ?3 WHERE guild_id = ?1 AND day = ?2",
                params![guild, day, why],
            )?;
            Ok(())
        })
    }

    /// The server's latest daily puzzle, if it had one.
    pub fn latest_daily_puzzle(&self, guild: GuildId) -> anyhow::Result<Option<DailyPost>> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT day, puzzle, channel_id, refused FROM daily_puzzles
                 WHERE guild_id = ?1 ORDER BY day DESC LIMIT 1",
                params![guild],
                |r| {
                    Ok(DailyPost {
                        guild,
                        day: r.get(0)?,
                        puzzle: r.get(1)?,
                        channel: r.get(2)?,
                        refused: r.get(3)?,
                    })
                },
            )?)
        })
    }

    /// How the server's members answered its puzzle of `day`.
    pub fn daily_tally(&self, guild: GuildId, day: i64) -> anyhow::Result<DailyTally> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT COUNT(*), CAST(COALESCE(SUM(\"right\"), 0) AS BIGINT) FROM daily_answers
                 WHERE guild_id = ?1 AND day = ?2",
                params![guild, day],
                |r| {
                    Ok(DailyTally {
                        answered: r.get(0)?,
                        right: r.get(1)?,
                    })
                },
            )?)
        })
    }

    /// `user`'s answer to the puzzle of `post`, if he answered it.
    pub fn daily_answer(
        &self,
        post: &DailyPost,
        user: UserId,
    ) -> anyhow::Result<Option<DailyAnswer>> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT \"right\", settled FROM daily_answers
                 WHERE guild_id = ?1 AND day = ?2 AND user_id = ?3",
                params![post.guild, post.day, user],
                |r| {
                    Ok(DailyAnswer {
                        right: r.get(0)?,
                        settled: r.get(1)?,
                    })
                },
            )?)
        })
    }

    /// Records `user`'s answer to the puzzle of `post`, and his streaks with it once it is
    /// final, in one transaction: a first wrong answer leaves him one more try, a right one
    /// or his last try settles it. `None` (writing nothing) if his answer was final already.
    pub fn answer_daily_puzzle(
        &self,
        post: &DailyPost,
        user: UserId,
        right: bool,
    ) -> anyhow::Result<Option<DailyAnswered>> {
        let answered = self.with(|c| {
            c.transaction(|t| {
                let key = params![post.guild, post.day, user, right];
                let first = t.execute(
                    "INSERT INTO daily_answers (guild_id, day, user_id, \"right\", settled)
                     VALUES (?1, ?2, ?3, ?4, ?4) ON CONFLICT DO NOTHING",
                    key,
                )? == 1;
                // After a first wrong answer, the try left settles it, right or not.
                let settled = if first {
                    right
                } else {
                    t.execute(
                        "UPDATE daily_answers SET \"right\" = ?4, settled = 1
                         WHERE guild_id = ?1 AND day = ?2 AND user_id = ?3 AND settled = 0",
                        key,
                    )? == 1
                };
                if settled {
                    // The daily puzzle counts as one more solved, or ends the streak, as any
                    // does; the member's own open puzzle stays open.
                    t.execute(
                        "INSERT INTO puzzle_progress (user_id, solved, streak, best)
                         VALUES (?1, ?2, ?2, ?2)
                         ON CONFLICT(user_id) DO UPDATE SET solved = puzzle_progress.solved + ?2,
                             streak = CASE WHEN ?2 = 1 THEN puzzle_progress.streak + 1 ELSE 0 END,
                             best = CASE WHEN ?2 = 1 AND puzzle_progress.streak + 1 > puzzle_progress.best
                                         THEN puzzle_progress.streak + 1 ELSE puzzle_progress.best END",
                        params![user, right],
                    )?;
                }
                Ok((first, settled))
            })
        })?;
        match answered {
            (_, true) => Ok(Some(DailyAnswered::Settled(self.puzzle_progress(user)?))),
            (true, false) => Ok(Some(DailyAnswered::OneMoreTry)),
            (false, false) => Ok(None),
        }
    }
}
