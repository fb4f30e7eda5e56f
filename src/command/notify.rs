//! `notify`: a member's direct messages, daily digest, quiet hours and time zone, one typed
//! parameter list for the chat line (`notify digest on at 08:00 tz Europe/Brussels`) and the
//! slash command's options.

use std::fmt;

use super::options::Given;
use super::{Arg, ArgKind, Choices, Command, CommandError, ServerCommand, Words, arg, error};
use crate::hours::{DayTime, Quiet, Zone};

/// What a `notify` command changes; `None` leaves it as it is, and nothing at all asks what
/// is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotifyChange {
    /// `dm on|off`: a direct message, with the board, when it is his turn or he is
    /// challenged.
    pub dm: Option<bool>,
    /// `digest on|off`: one direct message a day with the games where it is his move.
    pub digest: Option<bool>,
    /// `at 08:00`: the digest's time of day (and the digest on).
    pub at: Option<DayTime>,
    /// `quiet 23:00-07:00` or `quiet off`: hours in which his direct-message pings wait.
    pub quiet: Option<Option<Quiet>>,
    /// `tz Europe/Brussels`: his time zone, for the digest and the quiet hours.
    pub zone: Option<Zone>,
}

impl NotifyChange {
    /// Whether it changes nothing: a look at what is set.
    pub fn is_look(&self) -> bool {
        *self == NotifyChange::default()
    }
}

impl fmt::Display for NotifyChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on_off = |on: bool| if on { "on" } else { "off" };
        f.write_str("notify")?;
        if let Some(dm) = self.dm {
            write!(f, " dm {}", on_off(dm))?;
        }
        if let Some(digest) = self.digest {
            write!(f, " digest {}", on_off(digest))?;
        }
        if let Some(at) = self.at {
            write!(f, " at {at}")?;
        }
        match self.quiet {
            Some(Some(quiet)) => write!(f, " quiet {quiet}")?,
            Some(None) => f.write_str(" quiet off")?,
            None => {}
        }
        if let Some(zone) = self.zone {
            write!(f, " tz {}", zone.name())?;
        }
        Ok(())
    }
}

/// The options of `/notify`, each named as the chat line names it.
pub(super) const ARGS: &[Arg] = &[
    arg(
        "dm",
        "Direct messages when it is your turn or you are challenged: on or off",
        ArgKind::Choice(Choices::OnOff),
    ),
    arg(
        "digest",
        "One direct message a day with the games where it is your move: on or off",
        ArgKind::Choice(Choices::OnOff),
    ),
    arg("at", "The digest's time of day, like 08:00", ArgKind::Text),
    arg(
        "quiet",
        "Hours when direct-message pings wait, like 23:00-07:00, or off",
        ArgKind::Text,
    ),
    arg(
        "tz",
        "Your time zone, like Europe/Brussels (UTC unless set)",
        ArgKind::Text,
    ),
];

/// `/notify`: its options read as the chat line's words.
pub(super) fn fill(given: &Given) -> Result<Command, CommandError> {
    let names: Vec<&str> = ARGS.iter().map(|arg| arg.name).collect();
    given.read_named(&names, parse)
}

/// `notify [dm on|off] [digest on|off] [at HH:MM] [quiet HH:MM-HH:MM|off] [tz Zone]`, and
/// `notify on|off` for the direct messages.
pub(super) fn parse(words: &Words) -> Result<Command, CommandError> {
    let mut change = NotifyChange::default();
    if let [dm @ ("on" | "off")] = words.args.as_slice() {
        change.dm = Some(*dm == "on");
        return Ok(ServerCommand::Notify(change).into());
    }
    let mut args = words.args.iter().copied();
    while let Some(key) = args.next() {
        let Some(value) = args.next() else {
            return Err(usage(words));
        };
        match key {
            "dm" => change.dm = Some(on_off(value).ok_or_else(|| usage(words))?),
            "digest" => change.digest = Some(on_off(value).ok_or_else(|| usage(words))?),
            "at" => change.at = Some(DayTime::parse(value).ok_or_else(|| bad_time(value, words))?),
            "quiet" if value == "off" => change.quiet = Some(None),
            "quiet" => {
                let quiet = Quiet::parse(value).ok_or_else(|| bad_quiet(value, words))?;
                change.quiet = Some(Some(quiet));
            }
            "tz" => change.zone = Some(Zone::named(value).map_err(|near| bad_zone(value, &near))?),
            _ => return Err(usage(words)),
        }
    }
    if change.at.is_some() && change.digest == Some(false) {
        return Err(error(format!(
            "`at` is the time your digest comes, and `digest off` stops it: {} or {}",
            words.cmd("notify digest on at 08:00"),
            words.cmd("notify digest off")
        )));
    }
    Ok(ServerCommand::Notify(change).into())
}

fn on_off(word: &str) -> Option<bool> {
    match word {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// What `notify` takes.
fn usage(words: &Words) -> CommandError {
    error(format!(
        "{} turns direct messages on, {} sends you one a day with the games where it is your \
         move, {} holds direct-message pings at night, and {} alone says what you set",
        words.cmd("notify dm on"),
        words.cmd("notify digest on at 08:00 tz Europe/Brussels"),
        words.cmd("notify quiet 23:00-07:00"),
        words.cmd("notify")
    ))
}

fn bad_time(given: &str, words: &Words) -> CommandError {
    error(format!(
        "`{given}` is not a time of day: write it as hours (0 to 23) and minutes, as in {}",
        words.cmd("notify digest on at 08:00")
    ))
}

fn bad_quiet(given: &str, words: &Words) -> CommandError {
    error(format!(
        "`{given}` are not quiet hours: write when they start and when they end, two \
         different times of day (hours 0 to 23), as in {} ({} ends them)",
        words.cmd("notify quiet 23:00-07:00"),
        words.cmd("notify quiet off")
    ))
}

fn bad_zone(given: &str, near: &[&str]) -> CommandError {
    let near: Vec<String> = near.iter().map(|name| format!("`{name}`")).collect();
    error(format!(
        "`{given}` is not a time zone I know (they are named as `Europe/Brussels`, \
         `America/New_York` or `UTC`); the nearest: {}",
        near.join(", ")
    ))
}
