//! The server's settings and a member's own: `settings`, `notify`.

use std::fmt;

use super::{ArgKind, Command, CommandError, Syntax, Words, arg, error, keyed, line, required};
use gipf::Color;

use crate::model::{ChannelId, GuildSettings, TimeControl};

/// A look at or a change of settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerCommand {
    /// `settings [days=N|none] [abandon=N] [threads=on|off] [side=white|black]
    /// [puzzles=#channel|off] [puzzle_hour=H]`: show (nothing changed) or change the
    /// server's settings.
    Settings(SettingsChange),
    /// `notify dm on|off`: direct messages when it is your turn or you are challenged.
    Notify {
        /// Whether to send them.
        dm: bool,
    },
}

/// What a `settings` command changes; `None` leaves a setting as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// A new default time per move: `Some(None)` for none.
    pub days: Option<Option<u8>>,
    /// A new number of days before an idle game is abandoned.
    pub abandon: Option<u16>,
    /// Whether every game gets a thread of its own.
    pub threads: Option<bool>,
    /// The colour at the bottom of every board picture.
    pub side: Option<Color>,
    /// The channel of the daily puzzle: `Some(None)` for no daily puzzle.
    pub puzzles: Option<Option<ChannelId>>,
    /// The hour (UTC) of the daily puzzle.
    pub puzzle_hour: Option<u8>,
}

impl SettingsChange {
    /// Whether it changes nothing (a look at the settings).
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// `settings` with the change made.
    pub fn apply(&self, settings: &mut GuildSettings) {
        if let Some(days) = self.days {
            settings.move_days = days;
        }
        if let Some(abandon) = self.abandon {
            settings.abandon_days = Some(abandon);
        }
        if let Some(threads) = self.threads {
            settings.threads = threads;
        }
        if let Some(side) = self.side {
            settings.board_side = side;
        }
        if let Some(channel) = self.puzzles {
            settings.puzzle_channel = channel;
        }
        if let Some(hour) = self.puzzle_hour {
            settings.puzzle_hour = hour;
        }
    }
}

impl From<ServerCommand> for Command {
    fn from(command: ServerCommand) -> Command {
        Command::Server(command)
    }
}

impl fmt::Display for ServerCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerCommand::Settings(SettingsChange {
                days,
                abandon,
                threads,
                side,
                puzzles,
                puzzle_hour,
            }) => line(
                f,
                "settings",
                [
                    days.map(|days| match days {
                        Some(days) => format!("days={days}"),
                        None => "days=none".into(),
                    }),
                    abandon.map(|abandon| format!("abandon={abandon}")),
                    threads.map(|on| format!("threads={}", on_off(on))),
                    side.map(|side| format!("side={side}")),
                    puzzles.map(|channel| match channel {
                        Some(channel) => format!("puzzles=<#{}>", channel.0),
                        None => "puzzles=off".into(),
                    }),
                    puzzle_hour.map(|hour| format!("puzzle_hour={hour}")),
                ],
            ),
            ServerCommand::Notify { dm } => write!(f, "notify dm {}", on_off(*dm)),
        }
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "settings",
        summary: "The server's settings; members with Manage Server change them",
        help: "`{p}settings`: the server's settings (`{p}settings days=3 abandon=30 threads=on side=white puzzles=#puzzles puzzle_hour=18` changes them, with Manage Server)",
        args: &[
            keyed(
                arg(
                    "days",
                    "Default days per move for challenges that set none (0: none)",
                    ArgKind::Number { min: 0 },
                ),
                "days",
            ),
            keyed(
                arg(
                    "threads",
                    "Play every accepted challenge in a thread of its own",
                    ArgKind::Choice(&["on", "off"]),
                ),
                "threads",
            ),
            keyed(
                arg(
                    "abandon",
                    "Days without a move before a game ends as abandoned",
                    ArgKind::Number { min: 1 },
                ),
                "abandon",
            ),
            keyed(
                arg(
                    "side",
                    "The colour at the bottom of every board picture here",
                    ArgKind::Choice(&["white", "black"]),
                ),
                "side",
            ),
            keyed(
                arg(
                    "puzzles",
                    "Post a puzzle every day in this channel",
                    ArgKind::Channel,
                ),
                "puzzles",
            ),
            keyed(
                arg(
                    "puzzle_hour",
                    "The hour (UTC, 0 to 23) of the daily puzzle",
                    ArgKind::Number { min: 0 },
                ),
                "puzzle_hour",
            ),
            arg(
                "no_puzzles",
                "Stop the daily puzzle",
                ArgKind::Flag("puzzles=off"),
            ),
        ],
        slash: true,
        place: 260,
        // Members with Manage Server change them.
        moderated: true,
        asker_only: true,
        parse: parse_settings,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "notify",
        summary: "A direct message when it is your turn or you are challenged",
        help: "`{p}notify dm on` (or `off`): also a direct message, with the board, when it is your turn or you are challenged",
        args: &[required(arg(
            "dm",
            "Direct messages: on or off",
            ArgKind::Choice(&["on", "off"]),
        ))],
        slash: true,
        place: 270,
        in_direct_messages: true,
        parse: parse_notify,
        ..Syntax::DEFAULT
    },
];

fn parse_settings(words: &Words) -> Result<Command, CommandError> {
    let mut change = SettingsChange::default();
    for &arg in &words.args {
        if let Some(channel) = arg.strip_prefix("puzzles=") {
            change.puzzles = Some(match channel {
                "off" | "none" => None,
                channel => Some(ChannelId::from_mention(channel).ok_or_else(|| {
                    error(format!(
                        "{}: name the daily puzzle's channel as {}, or stop it with {}",
                        words.given(arg),
                        words.cmd("settings puzzles=#channel"),
                        words.cmd("settings puzzles=off")
                    ))
                })?),
            });
        } else if let Some(hour) = arg.strip_prefix("puzzle_hour=") {
            change.puzzle_hour =
                Some(hour.parse::<u8>().ok().filter(|h| *h < 24).ok_or_else(|| {
                    error(format!(
                        "{}: the daily puzzle's hour is 0 to 23, in UTC ({} for noon)",
                        words.given(arg),
                        words.options("settings puzzle_hour=12")
                    ))
                })?);
        } else if let Some(color) = arg.strip_prefix("side=") {
            change.side = Some(match color {
                "white" => Color::White,
                "black" => Color::Black,
                _ => {
                    let given = words.given(arg);
                    return Err(error(format!(
                        "{given}: the colour at the bottom of the pictures is `white` or `black`"
                    )));
                }
            });
        } else if let Some(on) = arg.strip_prefix("threads=") {
            change.threads = Some(match on {
                "on" => true,
                "off" => false,
                _ => {
                    let given = words.given(arg);
                    return Err(error(format!("{given}: threads are `on` or `off`")));
                }
            });
        } else if let Some(n) = arg.strip_prefix("days=") {
            change.days = Some(match n {
                "none" | "0" => None,
                n => Some(default_days(n).ok_or_else(|| {
                    // A slash command's `days` is a number: 0 for none.
                    let none = if words.say.slash { "0" } else { "none" };
                    error(format!(
                        "{}: a default time per move is 1 to {} days, or {}",
                        words.given(arg),
                        TimeControl::MAX_DAYS,
                        words.options(&format!("settings days={none}"))
                    ))
                })?),
            });
        } else if let Some(n) = arg.strip_prefix("abandon=") {
            change.abandon = Some(
                n.parse::<u16>()
                    .ok()
                    .filter(|n| (1..=3650).contains(n))
                    .ok_or_else(|| {
                        let given = words.given(arg);
                        error(format!("{given}: games are abandoned after 1 to 3650 days"))
                    })?,
            );
        } else {
            return Err(error(format!(
                "I did not understand {}: change settings like {}",
                words.given(arg),
                words.cmd("settings days=3 abandon=30 threads=on side=white")
            )));
        }
    }
    Ok(ServerCommand::Settings(change).into())
}

/// A server's default days per move, if `n` is one.
fn default_days(n: &str) -> Option<u8> {
    n.parse::<u8>()
        .ok()
        .filter(|n| (1..=TimeControl::MAX_DAYS).contains(n))
}

fn parse_notify(words: &Words) -> Result<Command, CommandError> {
    let dm = match words.args.as_slice() {
        ["dm", "on"] | ["on"] => true,
        ["dm", "off"] | ["off"] => false,
        _ => {
            return Err(error(format!(
                "turn direct messages on or off: {} or {}",
                words.cmd("notify dm on"),
                words.cmd("notify dm off")
            )));
        }
    };
    Ok(ServerCommand::Notify { dm }.into())
}
