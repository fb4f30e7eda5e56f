//! The daily puzzle: a server whose moderators name a channel (`settings puzzles=#channel`)
//! gets one puzzle of the set there every day at its hour, the same puzzle in every server
//! that day. Members answer it with `solve` in that channel (privately, like any puzzle);
//! a first wrong answer gets one more try, the last, and the next post says how many found
//! it, each member counted once with his final answer. The watch of the clock
//! (`service/watch.rs`) posts them; a post is recorded before it goes, so a restart never
//! posts one twice, and a post Discord refused is shown in the server's settings.

use crate::command::Phrasing;
use crate::defaults::{DAY, HOUR_SECONDS};
use crate::model::{Clock, GuildId, GuildSettings};
use crate::reply::Reply;
use crate::service::learn::puzzle_set::{Puzzle, puzzle_count, verdict};
use crate::service::names::remember_users;
use crate::service::server::notify::privately;
use crate::service::voice::Voice;
use crate::service::{Handled, Message, refuse};
use crate::store::{DailyAnswered, DailyPost, DailyTally, Store};
use crate::text;
use crate::text::{Span, Text};

/// The server's puzzle day at `now`: days since 1970, each starting at `hour` UTC.
fn puzzle_day(now: i64, hour: u8) -> i64 {
    (now - hour_start(hour)).div_euclid(DAY)
}

/// When the puzzle of `day` is due, for a server posting at `hour`.
fn due_at(day: i64, hour: u8) -> i64 {
    day * DAY + hour_start(hour)
}

/// Seconds from midnight to `hour` o'clock.
fn hour_start(hour: u8) -> i64 {
    i64::from(hour) * HOUR_SECONDS as i64
}

/// The puzzle of `day` among `count`: the same in every server. A step prime to the count
/// goes through the whole set before a puzzle comes again, mixing its kinds of game.
fn puzzle_of_day(day: i64, count: usize) -> u32 {
    let count = count.max(1) as i64;
    let step = (37..).find(|step| gcd(*step, count) == 1).unwrap_or(1);
    (day.rem_euclid(count) * step).rem_euclid(count) as u32
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// `3 of the 5 members who answered found it`.
fn tally_words(tally: DailyTally) -> String {
    match (tally.answered, tally.right) {
        (1, 1) => "the one member who answered found it".into(),
        (1, _) => "the one member who answered did not find it".into(),
        (answered, right) => format!("{right} of the {answered} members who answered found it"),
    }
}

/// What the daily puzzle touches: the store (the posts, the answers), the bot's voice and
/// the clock.
pub(in crate::service) struct Daily<'a> {
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub clock: &'a Clock,
}

impl Daily<'_> {
    /// The daily puzzles due now, each recorded before it goes, with its message. Nothing
    /// is lost to an error: it is logged, and the next watch tries again.
    pub(in crate::service) fn daily_puzzles(&self) -> Vec<(DailyPost, Reply)> {
        self.daily_puzzles_due().unwrap_or_else(|e| {
            crate::service::failed::log_failed("cannot post the daily puzzles", &e);
            Vec::new()
        })
    }

    fn daily_puzzles_due(&self) -> anyhow::Result<Vec<(DailyPost, Reply)>> {
        let count = puzzle_count();
        if count == 0 {
            return Ok(Vec::new());
        }
        let now = self.clock.now();
        let mut due = Vec::new();
        for server in self.store.daily_puzzle_servers()? {
            let day = puzzle_day(now, server.hour);
            // A later day than today's is one posted before the hour was moved later.
            if server.latest.is_some_and(|latest| latest >= day) {
                continue;
            }
            let post = DailyPost {
                guild: server.guild,
                day,
                puzzle: puzzle_of_day(day, count),
                channel: server.channel,
                refused: None,
            };
            // Read before the claim, which would make this post the latest.
            let previous = self.store.latest_daily_puzzle(server.guild)?;
            if !self.store.claim_daily_puzzle(&post)? {
                continue;
            }
            let reply = self.daily_post(&post, previous.as_ref(), server.hour)?;
            tracing::info!(
                guild = server.guild.0,
                day,
                puzzle = post.puzzle,
                "daily puzzle"
            );
            due.push((post, reply));
        }
        Ok(due)
    }

    /// The post of a daily puzzle: the question, how to answer, when the next comes, and
    /// how the server did with the one before.
    fn daily_post(
        &self,
        post: &DailyPost,
        previous: Option<&DailyPost>,
        hour: u8,
    ) -> anyhow::Result<Reply> {
        let puzzle =
            Puzzle::get(post.puzzle).ok_or_else(|| anyhow::anyhow!("no puzzle {}", post.puzzle))?;
        let answer = Phrasing::slash(self.voice.prefix()).cmd("solve <turn>");
        let mut text = text![format!(
            "The daily puzzle (number {}): {} Answer with {answer} in this channel: only you \
             see your answer and whether it is right. A wrong answer gets one more try; the next \
             puzzle comes ",
            post.puzzle + 1,
            puzzle.question(),
        )];
        text.push(Span::Time(due_at(post.day + 1, hour))).push(".");
        if let Some(previous) = previous.filter(|p| p.refused.is_none()) {
            let solution = Puzzle::get(previous.puzzle).map_or("?", |p| p.solution.as_str());
            let tally = self.store.daily_tally(previous.guild, previous.day)?;
            let when = if previous.day + 1 == post.day {
                "Yesterday's puzzle"
            } else {
                "The last puzzle"
            };
            text.push(if tally.answered == 0 {
                format!("\n{when}: nobody answered; the turn was `{solution}`.")
            } else {
                format!(
                    "\n{when}: {}; the turn was `{solution}`.",
                    tally_words(tally)
                )
            });
        }
        Ok(Reply {
            board: Some(puzzle.picture(&format!("Daily puzzle {}", post.puzzle + 1))),
            ..Reply::public(text)
        })
    }

    /// Records why Discord refused the post of a daily puzzle, for the settings to say.
    pub(in crate::service) fn refused(&self, post: &DailyPost, why: &str) {
        tracing::warn!(
            guild = post.guild.0,
            channel = post.channel.0,
            why,
            "daily puzzle refused"
        );
        if let Err(e) = self.store.refuse_daily_puzzle(post.guild, post.day, why) {
            tracing::error!(error = %format!("{e:#}"), "cannot record a refused daily puzzle");
        }
    }

    /// The server's daily puzzle, if `message` was written in its channel on its day.
    pub(in crate::service) fn daily_here(
        &self,
        message: &Message,
    ) -> anyhow::Result<Option<DailyPost>> {
        let Some(guild) = message.guild else {
            return Ok(None);
        };
        let Some(post) = self.store.latest_daily_puzzle(guild)? else {
            return Ok(None);
        };
        let hour = self.store.guild_settings(guild)?.puzzle_hour;
        let today = puzzle_day(self.clock.now(), hour);
        let open = post.channel == message.channel && post.refused.is_none() && post.day == today;
        Ok(open.then_some(post))
    }

    /// [`Service::daily_here`], if its author's answer to it is not final yet, and whether
    /// he answered it wrongly once (his next try is his last).
    pub(in crate::service) fn unanswered_daily(
        &self,
        message: &Message,
    ) -> anyhow::Result<Option<(DailyPost, bool)>> {
        let Some(post) = self.daily_here(message)? else {
            return Ok(None);
        };
        Ok(match self.store.daily_answer(&post, message.author.id)? {
            None => Some((post, false)),
            Some(answer) if !answer.settled => Some((post, true)),
            Some(_) => None,
        })
    }

    /// When the puzzle after `post` comes.
    pub(in crate::service) fn next_daily_time(&self, post: &DailyPost) -> anyhow::Result<i64> {
        let hour = self.store.guild_settings(post.guild)?.puzzle_hour;
        Ok(due_at(post.day + 1, hour))
    }

    /// `puzzle` in the daily puzzle's channel: that puzzle again, to the asker (`last_try`:
    /// he answered it wrongly once).
    pub(in crate::service) fn show_daily(
        &self,
        message: &Message,
        post: &DailyPost,
        last_try: bool,
    ) -> Handled {
        let Some(puzzle) = Puzzle::get(post.puzzle) else {
            return refuse("I have no puzzles at the moment.");
        };
        let say = self.voice.phrasing(message);
        let answer = if last_try {
            "You have one try left, your last: answer with"
        } else {
            "Answer with"
        };
        let text = format!(
            "Here the puzzle is the daily one (number {}): {} {answer} {}; once you have, {} \
             gives you puzzles of your own.",
            post.puzzle + 1,
            puzzle.question(),
            say.cmd("solve <turn>"),
            say.cmd("puzzle")
        );
        Ok(Reply {
            board: Some(puzzle.picture(&format!("Daily puzzle {}", post.puzzle + 1))),
            ..Reply::private(text)
        })
    }

    /// `solve` in the daily puzzle's channel by a member whose answer is not final: his
    /// answer, said to him alone; a first wrong one leaves him one more try, the final one
    /// counts in his streaks.
    pub(in crate::service) fn solve_daily(
        &self,
        message: &Message,
        post: &DailyPost,
        turn: &str,
    ) -> Handled {
        let Some(puzzle) = Puzzle::get(post.puzzle) else {
            return refuse("I have no puzzles at the moment.");
        };
        let say = self.voice.phrasing(message);
        let right = match puzzle.solved_by(turn) {
            Ok(right) => right,
            Err(e) => {
                return refuse(format!(
                    "`{turn}` is not a turn in the daily puzzle: {e}. Nothing was changed; \
                     answer with {}.",
                    say.cmd("solve <turn>")
                ));
            }
        };
        remember_users(self.store, message)?;
        let answered = self
            .store
            .answer_daily_puzzle(post, message.author.id, right)?;
        let after = match answered {
            Some(DailyAnswered::Settled(after)) => after,
            Some(DailyAnswered::OneMoreTry) => {
                let text = format!(
                    "Not this one: `{turn}` is a turn there, but not the one that {}. One more \
                     try, your last: answer again with {} (a second wrong answer shows the \
                     solution).",
                    puzzle.task(),
                    say.cmd("solve <turn>")
                );
                let reply = Reply::private(text);
                return Ok(privately(
                    self.voice.prefix(),
                    message,
                    reply,
                    "the verdict on the daily puzzle",
                    "solve",
                ));
            }
            None => return refuse("You have answered today's daily puzzle already."),
        };
        let tally = self.store.daily_tally(post.guild, post.day)?;
        let mut text = Text::from(format!(
            "{} So far today, {}. The next daily puzzle comes ",
            verdict(puzzle, turn, right, &after),
            tally_words(tally)
        ));
        text.push(Span::Time(self.next_daily_time(post)?))
            .push(format!(
                "; {} gives you one of your own meanwhile.",
                say.cmd("puzzle")
            ));
        let reply = Reply::private(text);
        Ok(privately(
            self.voice.prefix(),
            message,
            reply,
            "the verdict on the daily puzzle",
            "solve",
        ))
    }

    /// The daily puzzle in the server's settings: where and when, or how to start it, and a
    /// post Discord refused.
    pub(in crate::service) fn describe_daily(
        &self,
        settings: GuildSettings,
        guild: GuildId,
        say: &Phrasing,
    ) -> anyhow::Result<Text> {
        let hour = settings.puzzle_hour;
        let Some(channel) = settings.puzzle_channel else {
            return Ok(Text::from(format!(
                " There is no daily puzzle; {} posts one every day at {hour:02}:00 UTC.",
                say.cmd("settings puzzles=#channel")
            )));
        };
        let now = self.clock.now();
        let latest = self.store.latest_daily_puzzle(guild)?;
        let today = puzzle_day(now, hour);
        let next = match &latest {
            Some(post) if post.day >= today => due_at(post.day + 1, hour),
            // Not posted yet today: the watch posts it at its next look.
            _ => now,
        };
        let mut text = text![" A puzzle is posted in ", Span::Channel(channel)];
        text.push(format!(" every day at {hour:02}:00 UTC; the next "));
        if next <= now {
            text.push("within a minute.");
        } else {
            text.push("comes ").push(Span::Time(next)).push(".");
        }
        if let Some(DailyPost {
            refused: Some(why),
            day,
            ..
        }) = latest
        {
            text.push(" The last one, due ")
                .push(Span::Time(due_at(day, hour)))
                .push(format!(", was not posted: {why}."));
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_starts_at_the_server_s_hour() {
        // 2026-11-26 11:59:59 and 12:00:00 UTC.
        let noon = 1_795_694_400;
        assert_eq!(noon % DAY, 12 * 3600);
        assert_eq!(puzzle_day(noon - 1, 12) + 1, puzzle_day(noon, 12));
        assert_eq!(due_at(puzzle_day(noon, 12), 12), noon);
        assert_eq!(due_at(puzzle_day(noon + DAY - 1, 12), 12), noon);
        // At hour 0 a day is the calendar's.
        assert_eq!(puzzle_day(noon, 0), noon / DAY);
    }

    #[test]
    fn the_daily_puzzles_go_through_the_whole_set_before_one_comes_again() {
        for count in [1, 2, 37, 50, 70, 74] {
            let mut seen: Vec<u32> = (0..count as i64).map(|d| puzzle_of_day(d, count)).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), count, "{count}");
        }
        // Next days differ, and the set's two kinds (50 standard, then ultimate) mix.
        assert_ne!(puzzle_of_day(20_000, 70), puzzle_of_day(20_001, 70));
        let kinds: Vec<bool> = (0..10).map(|d| puzzle_of_day(d, 70) >= 50).collect();
        assert!(kinds.contains(&true) && kinds.contains(&false), "{kinds:?}");
    }
}
