//! What the bot says back: a [`Text`], an optional board picture (with its words for screen
//! readers) and file, and buttons.
//! Only the [`Span::Mention`](crate::text::Span::Mention)s of its text may ping anyone.

use std::sync::Arc;

use crate::command::Command;
use crate::model::{ChallengeId, ChannelId, GameId, OutboxId, UserId};
use crate::service::live::LiveGame;
use crate::text::Text;

/// What a button was made for, so that a click on an old button is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stamp {
    /// A question in a game: the game, and its stored version when the question was asked
    /// (every change of the game bumps it, decisions within a turn too).
    Game {
        /// The game.
        id: GameId,
        /// The game's version.
        version: i64,
    },
    /// An open challenge.
    Challenge {
        /// The challenge.
        id: ChallengeId,
    },
}

/// A button under a reply (Discord shows them; the console lists their commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// The command a click gives, as if its user had typed it.
    pub command: Command,
    /// What it was made for.
    pub stamp: Stamp,
}

/// One message from the bot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// What it says.
    pub text: Text,
    /// The board's picture.
    pub board: Option<Picture>,
    /// A file to attach: (file name, bytes).
    pub file: Option<(String, Vec<u8>)>,
    /// Buttons for the likely answers.
    pub buttons: Vec<Button>,
    /// Shown only to the user who asked, where the adapter can (Discord interactions).
    pub private: bool,
    /// Sent to this user directly (a direct message) instead of to the channel.
    pub direct: Option<UserId>,
    /// For a direct reply: what the channel hears once it went out, or if Discord refused
    /// it (instead of turning the user's direct messages off).
    pub direct_note: Option<DirectNote>,
    /// Posted in a new public thread of the channel, where the game it starts is then played
    /// (where the adapter can open one; else it stays in the channel).
    pub thread: Option<NewThread>,
    /// The answer to a click that replaces the message clicked (a board stepping through a
    /// game) instead of adding one: an edit, which notifies nobody.
    pub replaces: bool,
    /// Work to do once this reply is out, whose answer comes later:
    /// [`Service::serve`](crate::service::Service::serve) does it beside the next messages
    /// and delivers its answers through the same sink.
    pub then: Option<FollowUp>,
    /// The announcements in the outbox this reply makes (its channel's turns stored by the
    /// command): the adapter posts it with a nonce made of the first, and the service marks
    /// them sent once it is delivered.
    pub owed: Vec<OutboxId>,
    /// The rows of [`Reply::owed`] are marked sent by a later reply, not this one: its direct
    /// copies follow, each with the same rows (posted with their own nonces).
    pub owed_continues: bool,
}

/// What a picture shows: it names its file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Drawn {
    /// A game's board (a lesson's, a puzzle's).
    #[default]
    Board,
    /// An event's crosstable.
    Crosstable,
}

impl Drawn {
    /// Every kind of picture.
    pub const ALL: [Drawn; 2] = [Drawn::Board, Drawn::Crosstable];

    /// The name of its file where it is sent (`board.png`).
    pub fn file_name(self) -> &'static str {
        match self {
            Drawn::Board => "board.png",
            Drawn::Crosstable => "crosstable.png",
        }
    }
}

/// A board picture, and the position in words for those who cannot see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// The PNG.
    pub png: Vec<u8>,
    /// What it shows.
    pub drawn: Drawn,
    /// Its alt text: whose turn, the reserves, the GIPF-pieces and what changed, at most
    /// [`Picture::MAX_ALT`] characters (Discord's limit for an attachment's description).
    pub alt: String,
}

impl Picture {
    /// The longest alt text Discord keeps.
    pub const MAX_ALT: usize = 1024;
}

/// What the channel hears about a direct message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectNote {
    /// It went out.
    pub sent: Text,
    /// Discord refused it (the user's privacy settings).
    pub refused: Text,
}

/// A game whose reply waits for the engine's answer, carried with the reply: the answer
/// reads the stored game only to check that nothing changed since, and replays nothing.
#[derive(Clone)]
pub struct HeldGame {
    /// The game.
    pub id: GameId,
    /// The game as the turn before the answer left it (none when it was not at hand, as
    /// after a restart: then it is read again).
    pub(crate) live: Option<Arc<LiveGame>>,
    /// What the answer opens with, before its own words (a tournament round's heading).
    pub(crate) lead: Text,
}

impl HeldGame {
    /// `game`, held as it is.
    pub(crate) fn of(game: &LiveGame) -> HeldGame {
        HeldGame {
            id: game.stored.id,
            live: Some(Arc::new(game.clone())),
            lead: Text::new(),
        }
    }

    /// `game`, held as it is, its answer opening with `lead`.
    pub(crate) fn led(game: &LiveGame, lead: Text) -> HeldGame {
        HeldGame {
            lead,
            ..HeldGame::of(game)
        }
    }
}

impl PartialEq for HeldGame {
    fn eq(&self, other: &HeldGame) -> bool {
        self.id == other.id
    }
}

impl Eq for HeldGame {}

impl std::fmt::Debug for HeldGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HeldGame({})", self.id)
    }
}

/// Work that follows a reply and answers later, off the command's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowUp {
    /// The engine answers the turn this reply announces (or moves first in the game it
    /// starts): the reply is held, and [`Service::serve`](crate::service::Service::serve)
    /// puts the engine's reply, which tells both turns (or the start) and asks the player, in its place (one
    /// message and one picture per exchange). The held reply is posted only when no answer
    /// comes (the search failed, or the game ended meanwhile), so nothing goes unannounced.
    EngineAnswer(HeldGame),
    /// The analysis of a finished game, asked for in a channel (where it is posted).
    Analysis {
        /// The game.
        game: GameId,
        /// Where it was asked for.
        channel: ChannelId,
        /// Whether it is stored already and only shown again; else it is searched by the
        /// process that claims it (any process's engine pool), which posts it.
        again: bool,
    },
}

/// A thread to open for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewThread {
    /// Its name: the players'.
    pub name: String,
    /// The game to move into it.
    pub game: GameId,
    /// What becomes of the game if Discord refuses the thread.
    pub if_refused: IfRefused,
}

/// What becomes of a game whose thread Discord refused (the bot may not open threads in
/// the channel, or Discord failed just then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IfRefused {
    /// It is played in the channel it started in (a challenge's game).
    PlayHere,
    /// It has no channel until its thread opens (a tournament's round game): it waits, the
    /// watch asks for its thread again, and the channel hears `say` (`None`: it was told).
    Wait {
        /// What the channel hears.
        say: Option<Text>,
    },
}

impl Reply {
    /// A reply for everyone in the channel.
    pub fn public(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A reply meant for the asker only: an error or a refusal.
    pub fn private(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// The only users this reply may ping. Never @everyone, @here or a role.
    pub fn mentions(&self) -> Vec<UserId> {
        self.text.mentions()
    }
}
