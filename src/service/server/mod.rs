//! `settings`: a server's default time per move, days before an idle game is abandoned,
//! threads, the side and spot labels of its board pictures, its daily puzzle and its web
//! pages, shown to anyone, changed by members with Manage Server; `notify`
//! (`notify_settings.rs`): a member's direct messages, digest and quiet hours; `labels`: a member's own spot labels; `vacation` (`vacation.rs`): his clocks
//! stopped for some days.

pub(super) mod notify;
pub(super) mod notify_settings;
pub(super) mod vacation;

use gipf::Color;

use super::words::colour_word;
use super::{Handled, Message, Run, refuse};
use crate::command::{Phrasing, ServerCommand, SettingsChange};
use crate::model::{BoardSide, Clock, GuildId, GuildSettings, Labels, WebPages};
use crate::reply::Reply;
use crate::service::games::Games;
use crate::service::learn::daily::Daily;
use crate::service::names::remember_users;
use crate::service::voice::Voice;
use crate::store::Store;
use crate::text;
use crate::text::{Span, Text};

/// What the settings touch: the games (how long an idle one lives), the store, the bot's
/// voice and the clock (the daily puzzle's next post).
pub(in crate::service) struct Hands<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub clock: &'a Clock,
    /// The address the web pages' links are written with, if the bot serves pages.
    pub web_base_url: Option<&'a str>,
}

impl Run for ServerCommand {
    type Hands<'a> = Hands<'a>;

    fn run(self, hands: &Hands<'_>, message: &Message) -> Handled {
        match self {
            ServerCommand::Settings(change) => hands.settings(message, change),
            ServerCommand::Notify(change) => hands.notify(message, change),
            ServerCommand::Labels(labels) => hands.choose_labels(message, labels),
            ServerCommand::Vacation(ask) => hands.vacation(message, ask),
        }
    }
}

impl Hands<'_> {
    /// Shows the settings, or changes them.
    fn settings(&self, message: &Message, change: SettingsChange) -> Handled {
        let Some(guild) = message.guild else {
            return refuse("Settings belong to a server: ask in one of its channels.");
        };
        let mut settings = self.store.guild_settings(guild)?;
        let say = self.voice.phrasing(message);
        if change.is_empty() {
            return Ok(Reply::public(
                self.describe_settings(settings, guild, &say)?,
            ));
        }
        if !message.rights.manage_server {
            return refuse("Changing the settings takes the Manage Server permission.");
        }
        if let Some(Some(channel)) = change.puzzles
            && !message.channels.contains(&channel)
        {
            return refuse(text![
                Span::Channel(channel),
                format!(
                    " is not one of this server's text channels that I can see: name one with {}.",
                    say.cmd("settings puzzles=#channel")
                )
            ]);
        }
        change.apply(&mut settings);
        self.store.set_guild_settings(guild, settings)?;
        let mut text = Text::from("Settings changed. ");
        text.append(self.describe_settings(settings, guild, &say)?);
        Ok(Reply::public(text))
    }

    /// `labels [...]`: sets whether the boards shown or sent to the author name every spot,
    /// or says which he chose.
    fn choose_labels(&self, message: &Message, labels: Option<Labels>) -> Handled {
        let server = match message.guild {
            Some(guild) => self.store.guild_settings(guild)?.labels,
            None => false,
        };
        let say = self.voice.phrasing(message);
        let Some(labels) = labels else {
            let chosen = self.store.labels(message.author.id)?;
            return Ok(Reply::private(format!(
                "The boards shown or sent to you {}. {} (or {}, {}) changes that.",
                labels_words(chosen, server),
                say.cmd("labels on"),
                say.options("labels off"),
                say.options("labels default")
            )));
        };
        remember_users(self.store, message)?;
        self.store.set_labels(message.author.id, labels)?;
        Ok(Reply::private(format!(
            "From now on the boards shown or sent to you {}: your {} and the boards of your \
             direct messages. Pictures posted for everyone keep the server's choice.",
            labels_words(labels, server),
            say.cmd("board")
        )))
    }

    fn describe_settings(
        &self,
        settings: GuildSettings,
        guild: GuildId,
        say: &Phrasing,
    ) -> anyhow::Result<Text> {
        let time = match settings.move_days {
            Some(days) => super::game::time::per_move(days),
            None => "no time limit".to_string(),
        };
        let place = if settings.threads {
            "each in a thread of its own"
        } else {
            "in their channel"
        };
        let mut text = Text::from(format!(
            "This server's challenges that set no time per move get {time}; games are played \
             {place}; a game nobody moves in for {} days ends as abandoned; board pictures \
             show {} at the bottom{}.",
            self.games.abandon_days(Some(settings)),
            colour_word(settings.board_side),
            if settings.labels {
                " and name every spot"
            } else {
                ""
            }
        ));
        let daily = Daily {
            store: self.store,
            voice: self.voice,
            clock: self.clock,
        };
        text.append(daily.describe_daily(settings, guild, say)?);
        if let Some(base) = self.web_base_url {
            text.push(self.web_words(settings.web, guild, base, say)?);
        }
        Ok(text)
    }

    /// What `settings web=…` chose, with the index page's address where it lists them.
    fn web_words(
        &self,
        web: WebPages,
        guild: GuildId,
        base: &str,
        say: &Phrasing,
    ) -> anyhow::Result<String> {
        let pages = "every game and event played in a channel all members may read has a page \
                     on the web, at an address only its links give";
        Ok(match web {
            WebPages::Off => format!(
                " The games here have no pages on the web ({} gives them pages).",
                say.cmd("settings web=on")
            ),
            WebPages::On => format!(
                " Here {pages} ({} lists them on an index page; {} turns them off).",
                say.cmd("settings web=listed"),
                say.options("settings web=off")
            ),
            WebPages::Listed => match self.store.server_page_of(guild)? {
                Some(key) => format!(
                    " Here {pages}, and the index <{}/server/{key}> lists them.",
                    base.trim_end_matches('/')
                ),
                None => format!(" Here {pages}."),
            },
        })
    }
}

/// `board side [...]`: sets the side of every board shown or sent to the author, or
/// says which it is.
pub(in crate::service) fn choose_board_side(
    store: &Store,
    voice: &Voice,
    message: &Message,
    side: Option<BoardSide>,
) -> Handled {
    // Outside a server (the console, a direct message) pictures have White at the bottom.
    let server_side = match message.guild {
        Some(guild) => store.guild_settings(guild)?.board_side,
        None => Color::White,
    };
    let server = format!(" (here {} at the bottom)", colour_word(server_side));
    let say = voice.phrasing(message);
    let Some(side) = side else {
        let chosen = store.board_side(message.author.id)?;
        let now = chosen.map_or_else(
            || format!("as the server shows them{server}"),
            |side| seen(side, &server),
        );
        return Ok(Reply::private(format!(
            "I show you boards {now}. {} (or {}, {}, {}) changes that for your {} and \
             the boards of your direct messages.",
            say.cmd("board side mine"),
            say.options("board side white"),
            say.options("board side black"),
            say.options("board side default"),
            say.cmd("board")
        )));
    };
    remember_users(store, message)?;
    store.set_board_side(message.author.id, side)?;
    Ok(Reply::private(format!(
        "From now on I show you boards {}: your {} and the boards of your direct messages \
         ({}). Pictures posted for everyone keep the server's side.",
        seen(side, &server),
        say.cmd("board"),
        say.cmd("notify dm on")
    )))
}

/// Whether spots are named by `labels`, the server naming them if `server`: `name every
/// spot (as the server's do)`.
fn labels_words(labels: Labels, server: bool) -> String {
    let named = |on: bool| {
        if on {
            "name every spot"
        } else {
            "name no spot"
        }
    };
    match labels {
        Labels::Default => format!("{} (as the server's pictures do)", named(server)),
        chosen => named(chosen.shown(server)).to_string(),
    }
}

/// How boards are shown from `side`; `server` says the server's side.
fn seen(side: BoardSide, server: &str) -> String {
    match side {
        BoardSide::White => "with White at the bottom".to_string(),
        BoardSide::Black => "with Black at the bottom".to_string(),
        BoardSide::Mine => format!(
            "with your own colour at the bottom in the games you play, and as the server shows \
             them in the others{server}"
        ),
        BoardSide::Default => format!("as the server shows them{server}"),
    }
}
