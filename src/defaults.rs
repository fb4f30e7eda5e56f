//! The bot's settings when nobody sets them: how long a challenge stays open and after how
//! long an idle game ends as abandoned, each defined here once, with the units they count in.

use std::time::Duration;

/// Seconds in an hour.
pub const HOUR_SECONDS: u64 = 3600;
/// Seconds in a day.
pub const DAY_SECONDS: u64 = 24 * HOUR_SECONDS;
/// A day, as the clock's timestamps count it (seconds, signed).
pub const DAY: i64 = DAY_SECONDS as i64;

/// How many hours a challenge stays open.
pub const CHALLENGE_HOURS: u64 = 24;
/// After how many days without a move a game ends as abandoned.
pub const ABANDON_DAYS: u64 = 30;

/// How long a challenge stays open.
pub const CHALLENGE_TTL: Duration = Duration::from_secs(CHALLENGE_HOURS * HOUR_SECONDS);
/// How long a game may wait for a move before it ends as abandoned.
pub const ABANDON_AFTER: Duration = Duration::from_secs(ABANDON_DAYS * DAY_SECONDS);

/// What starts a command in chat.
pub const PREFIX: &str = "!";
