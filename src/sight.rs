//! Who may see a game. A game lives in a channel, and Discord promises the members of a
//! private channel that nobody else reads it: the bot shows a game, listed or by number, only
//! to someone who can view its channel (its players always can), and posts it in a channel
//! only where everyone who reads that channel can view the game's too. The adapter answers
//! for each channel, as Discord works out its permissions; the service asks.

use std::fmt;
use std::sync::Arc;

use gipf::{ByColor, Color};

use crate::model::{ChannelId, GuildId, UserId};

/// What the adapter knows of who can view which channel, for the author of one message.
pub trait ChannelSight: Send + Sync {
    /// Whether the message's author may view `channel` (a thread: its parent channel and,
    /// if private, the thread itself).
    fn author_sees(&self, channel: ChannelId) -> bool;

    /// Whether everyone who can read the channel the message came from may view `channel`
    /// too, so that a public answer there may show what is in it.
    fn readers_here_see(&self, channel: ChannelId) -> bool;

    /// Whether every member of the server may read `channel`: then its games may have pages
    /// on the web (issue 42). No, unless the adapter says so.
    fn open_to_all(&self, _channel: ChannelId) -> bool {
        false
    }
}

/// The sight of someone outside any server (a direct conversation): no channel, only the
/// games he plays.
pub struct PlayersOnly;

impl ChannelSight for PlayersOnly {
    fn author_sees(&self, _: ChannelId) -> bool {
        false
    }

    fn readers_here_see(&self, _: ChannelId) -> bool {
        false
    }
}

/// Whose eyes an answer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The asker's alone (a private answer, a direct message).
    Asker,
    /// Everyone who reads the channel the command came from.
    Channel,
}

/// Who may see what, for the author of one message.
#[derive(Clone)]
pub enum Sight {
    /// One table for everyone: the console and the command line.
    Everything,
    /// A member of a chat server, as its adapter sees his rights.
    Member(Arc<dyn ChannelSight>),
}

impl fmt::Debug for Sight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sight::Everything => f.write_str("Everything"),
            Sight::Member(_) => f.write_str("Member"),
        }
    }
}

/// Where a game is and who plays it: what decides who may see it.
#[derive(Clone, Copy, Debug)]
pub struct Seat {
    /// Its server (none for a game in a direct conversation).
    pub guild: Option<GuildId>,
    /// Its channel or thread.
    pub channel: ChannelId,
    /// Its players.
    pub players: ByColor<UserId>,
}

impl Sight {
    /// Whether an answer for `audience` may show what is in `channel`: the asker views it,
    /// and so does every reader of a public answer.
    pub fn shows_channel(&self, channel: ChannelId, audience: Audience) -> bool {
        let Sight::Member(sight) = self else {
            return true;
        };
        sight.author_sees(channel) && readers_see(sight.as_ref(), channel, audience)
    }

    /// Whether `asker` may be shown the game at `seat` in an answer for `audience`: he must
    /// be able to view its channel (its players always can; a game outside a server is its
    /// players' only), and so must every reader of a public answer.
    pub fn shows(&self, seat: &Seat, asker: UserId, audience: Audience) -> bool {
        let Sight::Member(sight) = self else {
            return true;
        };
        let plays = [Color::White, Color::Black]
            .into_iter()
            .any(|color| seat.players[color] == asker);
        if seat.guild.is_none() {
            return plays;
        }
        let asker_sees = plays || sight.author_sees(seat.channel);
        asker_sees && readers_see(sight.as_ref(), seat.channel, audience)
    }
}

/// Whether every reader of an answer for `audience` views `channel`: a private answer has
/// no reader but its asker.
fn readers_see(sight: &dyn ChannelSight, channel: ChannelId, audience: Audience) -> bool {
    audience == Audience::Asker || sight.readers_here_see(channel)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Channel 1 is open to all, channel 2 private and seen by the author only, channel 3
    /// seen by nobody asking.
    struct Fixed;

    impl ChannelSight for Fixed {
        fn author_sees(&self, channel: ChannelId) -> bool {
            channel.0 <= 2
        }
        fn readers_here_see(&self, channel: ChannelId) -> bool {
            channel.0 == 1
        }
    }

    fn seat(guild: Option<u64>, channel: u64) -> Seat {
        Seat {
            guild: guild.map(GuildId),
            channel: ChannelId(channel),
            players: ByColor::new(UserId(10), UserId(11)),
        }
    }

    #[test]
    fn a_game_shows_where_asker_and_readers_can_view_its_channel() {
        let sight = Sight::Member(Arc::new(Fixed));
        let (asker, player) = (UserId(99), UserId(11));
        assert!(sight.shows(&seat(Some(5), 1), asker, Audience::Channel));
        // Private: to the asker alone, never to a channel whose readers cannot view it.
        assert!(sight.shows(&seat(Some(5), 2), asker, Audience::Asker));
        assert!(!sight.shows(&seat(Some(5), 2), asker, Audience::Channel));
        assert!(!sight.shows(&seat(Some(5), 3), asker, Audience::Asker));
        // Its players always see it, but readers of a public answer must too.
        assert!(sight.shows(&seat(Some(5), 3), player, Audience::Asker));
        assert!(!sight.shows(&seat(Some(5), 3), player, Audience::Channel));
        // Outside a server, a game is its players' only.
        assert!(!sight.shows(&seat(None, 1), asker, Audience::Asker));
        assert!(sight.shows(&seat(None, 1), player, Audience::Channel));
        assert!(Sight::Everything.shows(&seat(Some(5), 3), asker, Audience::Channel));
    }
}
