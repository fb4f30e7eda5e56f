//! A message addressed to the service, as an adapter hands it over: its author, where it
//! was written, how it reached the bot and what its author may do.

use crate::model::{ChannelId, GuildId, Rights, UserId};
use crate::reply::Stamp;
use crate::sight::Sight;

/// A chat user as the adapter knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Their id.
    pub id: UserId,
    /// Their display name (any text: adapters show it as written, unable to ping).
    pub name: String,
}

/// A chat message addressed to the service.
#[derive(Clone, Debug)]
pub struct Message {
    /// The server, if any (the console and direct messages have none).
    pub guild: Option<GuildId>,
    /// The channel: one game at a time lives here.
    pub channel: ChannelId,
    /// Who wrote it.
    pub author: User,
    /// The text, mentions written as `<@id>`.
    pub text: String,
    /// The users mentioned in the text, with their names.
    pub mentions: Vec<User>,
    /// The channels mentioned in the text that are text channels of its server, as the
    /// adapter vouches for them: a command may name only those. The adapter looks them up
    /// only for the commands that take a channel.
    pub channels: Vec<ChannelId>,
    /// The button this command comes from, if it comes from one.
    pub stamp: Option<Stamp>,
    /// How it reached the bot.
    pub via: Via,
    /// What its author may do beyond playing, as Discord vouches for it.
    pub rights: Rights,
    /// Which games its author, and the readers of its channel, may be shown.
    pub sight: Sight,
    /// Where it was written, as a game record names the place: `<server> #<channel>`. The
    /// adapter looks it up only for the commands that start a game.
    pub site: Option<String>,
    /// Where its asker waits for the answer in a way that outlives the bot: the handle the
    /// adapter can still answer him by after a restart (a slash command's or a button's
    /// interaction token, answered through [`Sink::answer_late`](super::Sink::answer_late)
    /// for 15 minutes). The service remembers it before the command runs, and forgets it
    /// once answered.
    pub answer_token: Option<String>,
}

/// How a message reached the bot: it decides whether an unknown word is answered and in
/// which words hints are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// Typed after the prefix, which other bots may share.
    Prefix,
    /// Typed after a mention of the bot.
    Mention,
    /// A slash command.
    Slash,
    /// A button.
    Button,
    /// A line of the console.
    Console,
}

impl Via {
    /// Whether it was for this bot for sure: only then does a word that is no command of
    /// ours get an answer.
    pub fn addressed(self) -> bool {
        self != Via::Prefix
    }
}
