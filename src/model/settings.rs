//! The settings of a server and of a member: a server's defaults, the side its board
//! pictures are seen from, its web pages, and a member's spot labels.

use std::fmt;

use gipf::Color;

use super::ChannelId;

/// What a server's moderators set for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GuildSettings {
    /// Days per move for challenges that set none.
    pub move_days: Option<u8>,
    /// Days without a move before a game ends as abandoned (`None`: the bot's own setting).
    pub abandon_days: Option<u16>,
    /// Every accepted challenge is played in a thread of its own.
    pub threads: bool,
    /// The colour at the bottom of every board picture in the server's channels.
    pub board_side: Color,
    /// The channel the daily puzzle is posted in, if any.
    pub puzzle_channel: Option<ChannelId>,
    /// The hour (UTC) the daily puzzle is posted at.
    pub puzzle_hour: u8,
    /// Every spot named on the board pictures of its games (members may choose otherwise
    /// for the pictures shown or sent to them).
    pub labels: bool,
    /// Whether its games and events have pages on the web.
    pub web: WebPages,
}

impl GuildSettings {
    /// The hour of the daily puzzle unless a server chooses another.
    pub const NOON: u8 = 12;
}

impl Default for GuildSettings {
    /// Nothing set: White at the bottom of the pictures, no daily puzzle (at noon when
    /// there is one).
    fn default() -> GuildSettings {
        GuildSettings {
            move_days: None,
            abandon_days: None,
            threads: false,
            board_side: Color::White,
            puzzle_channel: None,
            puzzle_hour: GuildSettings::NOON,
            labels: false,
            web: WebPages::On,
        }
    }
}

/// The side a board picture is drawn from, as a member asks for it: for one picture
/// (`board black`) or for every picture sent to him (`board side black`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSide {
    /// White at the bottom.
    White,
    /// Black at the bottom.
    Black,
    /// His own colour at the bottom, in the games he plays (elsewhere: as the server shows
    /// them).
    Mine,
    /// As the server shows its pictures.
    Default,
}

impl BoardSide {
    /// Every side, in the order the commands list them.
    pub const ALL: [BoardSide; 4] = [
        BoardSide::White,
        BoardSide::Black,
        BoardSide::Mine,
        BoardSide::Default,
    ];

    /// `white`, `black`, `mine` or `default`: the word of the commands and of the store.
    pub fn name(self) -> &'static str {
        match self {
            BoardSide::White => "white",
            BoardSide::Black => "black",
            BoardSide::Mine => "mine",
            BoardSide::Default => "default",
        }
    }

    /// The side of its word, if it is one.
    pub fn of_name(name: &str) -> Option<BoardSide> {
        BoardSide::ALL.into_iter().find(|side| side.name() == name)
    }

    /// The colour at the bottom: this side's own, else `mine` (the viewer's colour in the
    /// game, if he plays it), else `default`.
    pub fn bottom(self, mine: Option<Color>, default: Color) -> Color {
        match self {
            BoardSide::White => Color::White,
            BoardSide::Black => Color::Black,
            BoardSide::Mine => mine.unwrap_or(default),
            BoardSide::Default => default,
        }
    }
}

impl fmt::Display for BoardSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a server's games and events have pages on the web (`settings web=…`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WebPages {
    /// Each open channel's game and event has a page, at an address nobody can guess.
    #[default]
    On,
    /// None has (old links answer 404).
    Off,
    /// As `On`, and an index page lists them all.
    Listed,
}

impl WebPages {
    /// Every choice, in the order the commands list them.
    pub const ALL: [WebPages; 3] = [WebPages::On, WebPages::Off, WebPages::Listed];

    /// `on`, `off` or `listed`: the word of the commands and of the `web` column.
    pub fn name(self) -> &'static str {
        match self {
            WebPages::On => "on",
            WebPages::Off => "off",
            WebPages::Listed => "listed",
        }
    }

    /// The choice of its word, if it is one.
    pub fn of_name(name: &str) -> Option<WebPages> {
        WebPages::ALL.into_iter().find(|web| web.name() == name)
    }
}

impl fmt::Display for WebPages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A member's choice of spot labels on the board pictures shown or sent to him.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Labels {
    /// Every spot named.
    On,
    /// No spot named.
    Off,
    /// As the server shows its pictures.
    Default,
}

impl Labels {
    /// Every choice, in the order the commands list them.
    pub const ALL: [Labels; 3] = [Labels::On, Labels::Off, Labels::Default];

    /// `on`, `off` or `default`: the word of the commands.
    pub fn name(self) -> &'static str {
        match self {
            Labels::On => "on",
            Labels::Off => "off",
            Labels::Default => "default",
        }
    }

    /// The choice of its word, if it is one.
    pub fn of_name(name: &str) -> Option<Labels> {
        Labels::ALL.into_iter().find(|labels| labels.name() == name)
    }

    /// Whether spots are named: this choice's own, else the server's (`server`).
    pub fn shown(self, server: bool) -> bool {
        match self {
            Labels::On => true,
            Labels::Off => false,
            Labels::Default => server,
        }
    }
}

impl fmt::Display for Labels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
