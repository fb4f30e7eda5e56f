//! How each command is written: its row in [`SYNTAX`](super::SYNTAX) (word, `!help` line,
//! arguments, its chat parser and its slash filler), and the kinds of its arguments, with
//! their bounds and choices read from the enums they name. The table of every row is
//! `families.rs`'s.

use gipf::potentials::Potential;
use gipf::{ByColor, Color, Variant};
use gipf_ai::Level;

use super::options::Given;
use super::{Command, CommandError, FormatKind, TakebackAnswer, Words, potential_word};
use crate::model::{BoardSide, ColorChoice, GameKind, GameScope, Labels, WebPages};

/// How a command is written: its parser, its line in `!help`, its arguments, and what the
/// adapter must look up before the service runs it.
pub struct Syntax {
    /// The command word.
    pub word: &'static str,
    /// What it does, in a few words (the slash command's description).
    pub summary: &'static str,
    /// Its line in `!help`; `{p}` stands for the prefix.
    pub help: &'static str,
    /// Its arguments, required ones first (the slash command's options).
    pub args: &'static [Arg],
    /// Whether it is also a slash command (`gipf` is `/push` with `gipf:true`).
    pub slash: bool,
    /// Its place in the lists of commands (`!help`, `/help`, the slash commands), which
    /// mix the families: the rows are listed by it.
    pub place: u16,
    /// Whether a moderator or an admin may give it beyond what a player may (end anyone's
    /// game or challenge, change the settings): only then are the author's rights worth
    /// asking Discord for.
    pub moderated: bool,
    /// Whether it may start a game (an accepted challenge, or one to the bot itself): only
    /// then is where it was written worth asking Discord for, for the game's record.
    pub starts_game: bool,
    /// Whether its answer informs only the asker (a list, a player's record, the settings):
    /// a slash command's answer is then shown to him alone.
    pub asker_only: bool,
    /// Whether it makes sense in a direct conversation with the bot (the archive, help and
    /// rules, notices); games and challenges live in a server's channels.
    pub in_direct_messages: bool,
    /// Reads the words after the command word in chat.
    pub(super) parse: fn(&Words) -> Result<Command, CommandError>,
    /// Reads the slash command's options, its required ones given.
    pub(super) fill: fn(&Given) -> Result<Command, CommandError>,
    /// Its slash subcommands (`/tournament join`), each with its own options and filler;
    /// a command with subcommands has no options of its own.
    pub subcommands: &'static [Subcommand],
}

/// A slash command's subcommand: the word after the command's (`/tournament create`), its
/// options and how they fill the command.
pub struct Subcommand {
    /// The subcommand word.
    pub word: &'static str,
    /// What it does, in a few words (its description).
    pub summary: &'static str,
    /// Its arguments, required ones first (its options).
    pub args: &'static [Arg],
    /// Reads its options, its required ones given.
    pub(super) fill: fn(&Given) -> Result<Command, CommandError>,
}

/// One argument of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// Its name (a slash command's option name).
    pub name: &'static str,
    /// What to fill in.
    pub description: &'static str,
    /// What kind of value it takes.
    pub kind: ArgKind,
    /// Whether it must be given.
    pub required: bool,
    /// What the game in the channel can suggest for it.
    pub completion: Option<Completion>,
    /// The key it is written with in a chat line (`days=3`), if any.
    pub key: Option<&'static str>,
}

/// The kind of value an argument takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// Words, written into the line as given.
    Text,
    /// One of these words.
    Choice(Choices),
    /// Yes or no; yes writes this word right after the command word.
    Flag(&'static str),
    /// A whole number, at least `min` and at most `max`.
    Number {
        /// The smallest number allowed.
        min: u64,
        /// The largest number allowed, if there is one.
        max: Option<u64>,
    },
    /// A user, written as a mention.
    User,
    /// A server's text channel, written as a mention.
    Channel,
}

/// The words a choice offers, each list read from the enum it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choices {
    /// The game of a challenge: the three of the rules ([`Variant`]), or Ultimate GIPF.
    Games,
    /// A challenger's colour: [`ColorChoice::ALL`].
    Colors,
    /// The engine's strength: [`Level::ALL`].
    Levels,
    /// The piece of a push with potentials: one of [`Potential::ALL`], or a basic piece.
    Pieces,
    /// A topic of the rules: the potentials, or one of [`Potential::ALL`].
    Topics,
    /// The side a board is shown from: [`BoardSide::ALL`].
    BoardSides,
    /// The colour at the bottom of a server's pictures: [`Color::ALL`].
    Bottoms,
    /// An answer to a takeback request: [`TakebackAnswer::ANSWERS`].
    TakebackAnswers,
    /// On or off.
    OnOff,
    /// A member's spot labels: [`Labels::ALL`].
    Labels,
    /// A server's web pages: [`WebPages::ALL`].
    Web,
    /// Which games `games` lists: [`GameScope::ALL`].
    Scopes,
    /// The games the ratings keep apart: [`GameKind::ALL`].
    GameKinds,
    /// How a tournament pairs: [`FormatKind::ALL`].
    Formats,
}

impl Choices {
    /// The words offered, in the order of their enum.
    ///
    /// ```
    /// use gipf_bot::command::Choices;
    /// assert_eq!(Choices::Levels.words(), ["beginner", "easy", "medium", "hard"]);
    /// assert_eq!(Choices::Games.words(), ["basic", "standard", "tournament", "ultimate"]);
    /// ```
    pub fn words(self) -> Vec<&'static str> {
        let potentials = Potential::ALL.map(potential_word);
        match self {
            Choices::Games => [
                Variant::Basic {
                    extra: ByColor::splat(0),
                },
                Variant::Standard,
                Variant::Tournament,
            ]
            .map(Variant::name)
            .into_iter()
            .chain(["ultimate"])
            .collect(),
            Choices::Colors => ColorChoice::ALL.map(ColorChoice::name).to_vec(),
            Choices::Levels => Level::ALL.map(Level::name).to_vec(),
            Choices::Pieces => potentials.into_iter().chain(["basic"]).collect(),
            Choices::Topics => std::iter::once("potentials").chain(potentials).collect(),
            Choices::BoardSides => BoardSide::ALL.map(BoardSide::name).to_vec(),
            Choices::Bottoms => Color::ALL.map(Color::name).to_vec(),
            Choices::TakebackAnswers => TakebackAnswer::ANSWERS.map(TakebackAnswer::word).to_vec(),
            Choices::OnOff => vec!["on", "off"],
            Choices::Labels => Labels::ALL.map(Labels::name).to_vec(),
            Choices::Web => WebPages::ALL.map(WebPages::name).to_vec(),
            Choices::Scopes => GameScope::ALL.map(GameScope::word).to_vec(),
            Choices::GameKinds => GameKind::ALL.map(GameKind::name).to_vec(),
            Choices::Formats => FormatKind::ALL.map(FormatKind::word).to_vec(),
        }
    }
}

/// What a game can suggest for an argument while it is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// The legal entries of the push.
    Entry,
    /// The numbers of the rows to choose from.
    Row,
    /// The GIPF-pieces of the row being removed.
    GipfSpots,
    /// The player's loaded pieces that can use this command's potential.
    PotentialFrom,
    /// Where the loaded piece named in `from` can send its potential.
    PotentialTo,
}

pub(super) const fn arg(name: &'static str, description: &'static str, kind: ArgKind) -> Arg {
    Arg {
        name,
        description,
        kind,
        required: false,
        completion: None,
        key: None,
    }
}

/// A number of at least `min`, without a bound above.
pub(super) const fn at_least(min: u64) -> ArgKind {
    ArgKind::Number { min, max: None }
}

/// A number from `min` to `max`.
pub(super) const fn between(min: u64, max: u64) -> ArgKind {
    ArgKind::Number {
        min,
        max: Some(max),
    }
}

/// `arg`, written `key=value` in a chat line.
pub(super) const fn keyed(arg: Arg, key: &'static str) -> Arg {
    Arg {
        key: Some(key),
        ..arg
    }
}

pub(super) const fn required(arg: Arg) -> Arg {
    Arg {
        required: true,
        ..arg
    }
}

pub(super) const fn completed(arg: Arg, completion: Completion) -> Arg {
    Arg {
        completion: Some(completion),
        ..arg
    }
}

impl Syntax {
    /// What a row says when it says nothing more: a player's command that needs no rights,
    /// starts no game, answers everyone and belongs in a server's channel. Rows give their
    /// own word, help, arguments, place, parser and filler, and only the flags that differ.
    pub(super) const DEFAULT: Syntax = Syntax {
        word: "",
        summary: "",
        help: "",
        args: &[],
        slash: false,
        place: 0,
        moderated: false,
        starts_game: false,
        asker_only: false,
        in_direct_messages: false,
        parse: |_| {
            Err(CommandError::Unknown {
                word: String::new(),
                closest: None,
            })
        },
        fill: |_| {
            Err(CommandError::Unknown {
                word: String::new(),
                closest: None,
            })
        },
        subcommands: &[],
    };

    /// Its subcommand `word`, if it has one of that name.
    pub fn subcommand(&self, word: &str) -> Option<&'static Subcommand> {
        self.subcommands.iter().find(|sub| sub.word == word)
    }
}
