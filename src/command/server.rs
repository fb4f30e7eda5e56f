//! The server's settings and a member's own: `settings`, `notify`, `labels`.

use std::fmt;

use super::options::Given;
use super::{
    Arg, ArgKind, ArgValue, Choices, Command, CommandError, Syntax, Words, arg, between, error,
    keyed, line,
};
use gipf::Color;

use super::notify::NotifyChange;
use crate::model::{ChannelId, GuildSettings, Labels, TimeControl, WebPages};

/// A look at or a change of settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerCommand {
    /// `settings [days=N|none] [abandon=N] [threads=on|off] [side=white|black]
    /// [puzzles=#channel|off] [puzzle_hour=H]`: show (nothing changed) or change the
    /// server's settings.
    Settings(SettingsChange),
    /// `notify [dm on|off] [digest on|off] [at HH:MM] [quiet HH:MM-HH:MM|off] [tz Zone]`:
    /// direct messages, a daily digest and quiet hours (alone: what is set).
    Notify(NotifyChange),
    /// `labels on|off|default`: spot labels on the boards shown or sent to you (without a
    /// choice: say which it is).
    Labels(Option<Labels>),
    /// `vacation [days|off]`: stop your clocks in all your games for some days, end that
    /// early, or (alone) say what is left and what a vacation does.
    Vacation(VacationAsk),
}

/// What `vacation` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationAsk {
    /// `vacation`: the days left, and what a vacation does.
    Look,
    /// `vacation N`: a vacation of N days from now.
    Start(u16),
    /// `vacation off`: back now.
    Off,
}

/// The most days `vacation` reads (more than any budget holds: the budget refuses them).
const MOST_VACATION_DAYS: u16 = 999;

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
    /// Whether every spot is named on the board pictures.
    pub labels: Option<bool>,
    /// Whether the server's games and events have pages on the web, listed or not.
    pub web: Option<WebPages>,
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
        if let Some(labels) = self.labels {
            settings.labels = labels;
        }
        if let Some(web) = self.web {
            settings.web = web;
        }
    }
}

impl ServerCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            ServerCommand::Settings(_) => "settings",
            ServerCommand::Notify(_) => "notify",
            ServerCommand::Labels(_) => "labels",
            ServerCommand::Vacation(_) => "vacation",
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
                labels,
                web,
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
                    labels.map(|on| format!("labels={}", on_off(on))),
                    web.map(|web| format!("web={web}")),
                ],
            ),
            ServerCommand::Notify(change) => change.fmt(f),
            ServerCommand::Labels(None) => f.write_str("labels"),
            ServerCommand::Labels(Some(labels)) => write!(f, "labels {labels}"),
            ServerCommand::Vacation(VacationAsk::Look) => f.write_str("vacation"),
            ServerCommand::Vacation(VacationAsk::Start(days)) => write!(f, "vacation {days}"),
            ServerCommand::Vacation(VacationAsk::Off) => f.write_str("vacation off"),
        }
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The longest a server lets an idle game wait before it ends as abandoned, in days.
const MAX_ABANDON_DAYS: u16 = 3650;

/// The hours of a day, for the daily puzzle's.
const HOURS: u8 = 24;

/// The keyed arguments of `settings`, and `no_puzzles` (`puzzles=off` in chat).
const SETTINGS: &[Arg] = &[
    keyed(
        arg(
            "days",
            "Default days per move for challenges that set none (0: none)",
            between(0, TimeControl::MAX_DAYS as u64),
        ),
        "days",
    ),
    keyed(
        arg(
            "threads",
            "Play every accepted challenge in a thread of its own",
            ArgKind::Choice(Choices::OnOff),
        ),
        "threads",
    ),
    keyed(
        arg(
            "abandon",
            "Days without a move before a game ends as abandoned",
            between(1, MAX_ABANDON_DAYS as u64),
        ),
        "abandon",
    ),
    keyed(
        arg(
            "side",
            "The colour at the bottom of every board picture here",
            ArgKind::Choice(Choices::Bottoms),
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
            between(0, HOURS as u64 - 1),
        ),
        "puzzle_hour",
    ),
    keyed(
        arg(
            "labels",
            "Name every spot on the board pictures here",
            ArgKind::Choice(Choices::OnOff),
        ),
        "labels",
    ),
    keyed(
        arg(
            "web",
            "Pages on the web for the games here: on, off, or listed on an index page",
            ArgKind::Choice(Choices::Web),
        ),
        "web",
    ),
    arg(
        "no_puzzles",
        "Stop the daily puzzle",
        ArgKind::Flag("puzzles=off"),
    ),
];

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "settings",
        summary: "The server's settings; members with Manage Server change them",
        help: "`{p}settings`: the server's settings (`{p}settings days=3 abandon=30 threads=on side=white puzzles=#puzzles puzzle_hour=18 labels=on web=listed` changes them, with Manage Server)",
        args: SETTINGS,
        slash: true,
        place: 260,
        // Members with Manage Server change them.
        moderated: true,
        asker_only: true,
        parse: parse_settings,
        fill: fill_settings,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "notify",
        summary: "Direct messages on your turn, a daily digest, quiet hours",
        help: "`{p}notify dm on` (or `off`): also a direct message, with the board, when it is your turn or you are challenged; `{p}notify digest on at 08:00 tz Europe/Brussels`: one direct message a day listing the games where it is your move, most urgent first (none on a day with nothing to do); `{p}notify quiet 23:00-07:00`: direct-message pings in those hours wait for their end and come as one message (channel pings stay, deadlines never move); `{p}notify`: what you set",
        args: super::notify::ARGS,
        slash: true,
        place: 270,
        in_direct_messages: true,
        parse: super::notify::parse,
        fill: super::notify::fill,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "labels",
        summary: "Spot labels on the boards shown or sent to you",
        help: "`{p}labels on` (`off`, `default`: as the server shows them): every spot named on the boards shown or sent to you; `{p}labels`: which you chose",
        args: &[arg(
            "labels",
            "Spot labels: on, off or default (as the server shows them)",
            ArgKind::Choice(Choices::Labels),
        )],
        slash: true,
        place: 275,
        // A member's own setting, made anywhere.
        in_direct_messages: true,
        parse: parse_labels,
        fill: |given| given.read("labels", parse_labels),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "vacation",
        summary: "Stop your clocks in all your games for some days (or end that: off)",
        help: "`{p}vacation 5`: your clocks stand still in all your games for 5 days (no reminder, no claim or loss on time against you), until your first turn or `{p}vacation off`; `{p}vacation`: the days you have left (7 to start, 2 more each month, at most 30; each vacation spends at least a day)",
        args: &[
            arg(
                "days",
                "How many days to be away (your budget says how many you have)",
                between(1, crate::vacation::Budget::MOST_DAYS as u64),
            ),
            arg("off", "End your vacation now", ArgKind::Flag("off")),
        ],
        slash: true,
        place: 277,
        asker_only: true,
        in_direct_messages: true,
        parse: parse_vacation,
        fill: fill_vacation,
        ..Syntax::DEFAULT
    },
];

/// `vacation`, `vacation N`, `vacation off`.
fn parse_vacation(words: &Words) -> Result<Command, CommandError> {
    let ask = match words.args.as_slice() {
        [] => VacationAsk::Look,
        ["off"] => VacationAsk::Off,
        [days] => match days.parse::<u16>() {
            Ok(days) if (1..=MOST_VACATION_DAYS).contains(&days) => VacationAsk::Start(days),
            _ => return Err(vacation_refusal(&words.given(days), words)),
        },
        _ => return Err(vacation_refusal(&words.given(&words.args.join(" ")), words)),
    };
    Ok(ServerCommand::Vacation(ask).into())
}

/// `/vacation [days] [off]`.
fn fill_vacation(given: &Given) -> Result<Command, CommandError> {
    let ask = match (given.value("days"), given.flag("off")) {
        (None, false) => VacationAsk::Look,
        (None, true) => VacationAsk::Off,
        (Some(ArgValue::Number(days)), false) => match u16::try_from(days) {
            Ok(days) if (1..=MOST_VACATION_DAYS).contains(&days) => VacationAsk::Start(days),
            _ => return Err(vacation_refusal(&format!("`days:{days}`"), &given.words())),
        },
        _ => {
            return Err(error(format!(
                "give a vacation's length ({}) or end one ({}), not both",
                given.words().cmd("vacation 7"),
                given.words().cmd("vacation off")
            )));
        }
    };
    Ok(ServerCommand::Vacation(ask).into())
}

fn vacation_refusal(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given} is not a vacation: give its length in whole days, at least 1, as {}; {} ends \
         one, and {} says how many days you have",
        words.cmd("vacation 7"),
        words.cmd("vacation off"),
        words.cmd("vacation")
    ))
}

/// `settings key=value ...`: each word the keyed argument of one of [`SETTINGS`].
fn parse_settings(words: &Words) -> Result<Command, CommandError> {
    let mut change = SettingsChange::default();
    for &word in &words.args {
        let keyed = word.split_once('=').and_then(|(key, value)| {
            let arg = SETTINGS.iter().find(|arg| arg.key == Some(key))?;
            Some((key, chat_value(arg.kind, value)))
        });
        let Some((key, value)) = keyed else {
            return Err(not_a_setting(&words.given(word), words));
        };
        change
            .set(key, &value)
            .ok_or_else(|| refusal(key, &words.given(word), words))?;
    }
    Ok(ServerCommand::Settings(change).into())
}

/// `/settings [days] [threads] [abandon] [side] [puzzles] [puzzle_hour] [no_puzzles]`: the
/// same settings, typed, in the same order as the chat's words would give them.
fn fill_settings(given: &Given) -> Result<Command, CommandError> {
    let mut change = SettingsChange::default();
    if given.flag("no_puzzles") {
        change.puzzles = Some(None);
    }
    for key in SETTINGS.iter().filter_map(|arg| arg.key) {
        let Some(value) = given.value(key) else {
            continue;
        };
        change
            .set(key, &value)
            .ok_or_else(|| refusal(key, &given.quote(key, &value), &given.words()))?;
    }
    Ok(ServerCommand::Settings(change).into())
}

/// A chat word's value as the argument of `kind` takes it: a number or a channel's
/// mention if it reads as one, else the text.
fn chat_value(kind: ArgKind, text: &str) -> ArgValue {
    let number = || text.parse::<u64>().ok().and_then(|n| i64::try_from(n).ok());
    match kind {
        ArgKind::Number { .. } => number().map_or_else(|| text_value(text), ArgValue::Number),
        ArgKind::Channel => {
            ChannelId::from_mention(text).map_or_else(|| text_value(text), ArgValue::Channel)
        }
        _ => text_value(text),
    }
}

fn text_value(text: &str) -> ArgValue {
    ArgValue::Text(text.to_string())
}

impl SettingsChange {
    /// Sets the setting of `key` to `value`; `None` if it takes no such value.
    fn set(&mut self, key: &str, value: &ArgValue) -> Option<()> {
        let text = match value {
            ArgValue::Text(text) => Some(text.as_str()),
            _ => None,
        };
        let number = match value {
            ArgValue::Number(n) => Some(*n),
            _ => None,
        };
        match key {
            "puzzles" => {
                self.puzzles = Some(match value {
                    ArgValue::Channel(channel) => Some(*channel),
                    _ => (text? == "off" || text? == "none").then_some(None)?,
                });
            }
            "puzzle_hour" => {
                let hour = u8::try_from(number?).ok().filter(|h| *h < HOURS);
                self.puzzle_hour = Some(hour?);
            }
            "side" => self.side = Some(Color::ALL.into_iter().find(|c| Some(c.name()) == text)?),
            "threads" => self.threads = Some(on_off_of(text?)?),
            "labels" => self.labels = Some(on_off_of(text?)?),
            "web" => self.web = Some(WebPages::of_name(text?)?),
            "days" => {
                self.days = Some(match (text, number) {
                    (Some("none"), _) | (_, Some(0)) => None,
                    _ => Some(default_days(number?)?),
                });
            }
            "abandon" => {
                let days = u16::try_from(number?).ok();
                self.abandon = Some(days.filter(|n| (1..=MAX_ABANDON_DAYS).contains(n))?);
            }
            _ => return None,
        }
        Some(())
    }
}

/// `on` or `off`.
fn on_off_of(word: &str) -> Option<bool> {
    match word {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// Why setting `key` takes not the value quoted as `given`.
fn refusal(key: &str, given: &str, words: &Words) -> CommandError {
    error(match key {
        "puzzles" => format!(
            "{given}: name the daily puzzle's channel as {}, or stop it with {}",
            words.cmd("settings puzzles=#channel"),
            words.cmd("settings puzzles=off")
        ),
        "puzzle_hour" => format!(
            "{given}: the daily puzzle's hour is 0 to 23, in UTC ({} for noon)",
            words.options("settings puzzle_hour=12")
        ),
        "side" => {
            format!("{given}: the colour at the bottom of the pictures is `white` or `black`")
        }
        "threads" => format!("{given}: threads are `on` or `off`"),
        "labels" => format!("{given}: spot labels are `on` or `off`"),
        "web" => format!(
            "{given}: the games' pages on the web are `on`, `off` (old links stop working) or `listed` (an index page lists them)"
        ),
        "days" => format!(
            "{given}: a default time per move is 1 to {} days, or {}",
            TimeControl::MAX_DAYS,
            // A slash command's `days` is a number: 0 for none.
            words.options(if words.say.slash {
                "settings days=0"
            } else {
                "settings days=none"
            })
        ),
        "abandon" => format!("{given}: games are abandoned after 1 to {MAX_ABANDON_DAYS} days"),
        _ => return not_a_setting(given, words),
    })
}

/// The refusal of a word that sets nothing, quoted as `given`.
fn not_a_setting(given: &str, words: &Words) -> CommandError {
    error(format!(
        "I did not understand {given}: change settings like {}",
        words.cmd("settings days=3 abandon=30 threads=on side=white")
    ))
}

/// A server's default days per move, if `n` is one.
fn default_days(n: i64) -> Option<u8> {
    u8::try_from(n)
        .ok()
        .filter(|n| (1..=TimeControl::MAX_DAYS).contains(n))
}

/// `labels [on|off|default]`.
fn parse_labels(words: &Words) -> Result<Command, CommandError> {
    match words.args.as_slice() {
        [] => Ok(ServerCommand::Labels(None).into()),
        [word] => labels_of(&words.given(word), word, words),
        _ => Err(labels_refusal(&words.given(&words.args.join(" ")), words)),
    }
}

fn labels_of(given: &str, word: &str, words: &Words) -> Result<Command, CommandError> {
    Labels::of_name(word)
        .map(|labels| ServerCommand::Labels(Some(labels)).into())
        .ok_or_else(|| labels_refusal(given, words))
}

fn labels_refusal(given: &str, words: &Words) -> CommandError {
    error(format!(
        "I did not understand {given}: name every spot on your boards with {}, or not with {} \
         ({} shows them as the server does)",
        words.cmd("labels on"),
        words.options("labels off"),
        words.options("labels default")
    ))
}
