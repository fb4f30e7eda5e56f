//! Which channels a member can view, as Discord works it out, for the service's question
//! "may this game be shown?" (see [`crate::sight`]). The service asks from its blocking
//! pool; the answers are read from Discord on the async runtime, through the rights cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serenity::all::{ChannelId, Http};
use tokio::runtime::Handle;

use super::rights::{Member, RightsCache};
use crate::model;
use crate::sight::ChannelSight;

/// What the author of one message (or interaction) in a server can view.
pub(crate) struct MemberSight {
    pub(crate) http: Arc<Http>,
    pub(crate) rights: Arc<RightsCache>,
    pub(crate) member: Member,
    /// Where the message came from: a public answer is read there.
    pub(crate) here: ChannelId,
    /// The runtime the reads run on (the service waits on its blocking pool).
    pub(crate) runtime: Handle,
    /// The answers given so far, by question and channel: a listing asks of each game, and
    /// many games share a channel.
    pub(crate) answered: Mutex<HashMap<(Question, ChannelId), bool>>,
}

/// What is asked of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Question {
    /// May the author view it?
    AuthorSees,
    /// May everyone who reads the channel the message came from view it?
    ReadersHereSee,
    /// May every member of the server read it?
    OpenToAll,
}

impl MemberSight {
    /// Runs a read of Discord to its end, once per question and channel; a read that fails
    /// hides the game (logged).
    fn read_once(
        &self,
        question: Question,
        channel: ChannelId,
        read: impl Future<Output = serenity::Result<bool>>,
    ) -> bool {
        let key = (question, channel);
        if let Some(seen) = self.answered.lock().ok().and_then(|a| a.get(&key).copied()) {
            return seen;
        }
        let seen = match self.runtime.block_on(read) {
            Ok(seen) => seen,
            Err(e) => {
                tracing::warn!(error = %e, ?question, "cannot read who may see a channel: hidden");
                false
            }
        };
        if let Ok(mut answered) = self.answered.lock() {
            answered.insert(key, seen);
        }
        seen
    }
}

impl ChannelSight for MemberSight {
    fn author_sees(&self, channel: model::ChannelId) -> bool {
        let Some(channel) = discord_channel(channel) else {
            return false;
        };
        self.read_once(Question::AuthorSees, channel, async {
            let permissions = (self.rights)
                .permissions(&self.http, &self.member, channel)
                .await?;
            Ok(permissions.view_channel())
        })
    }

    fn readers_here_see(&self, channel: model::ChannelId) -> bool {
        let Some(channel) = discord_channel(channel) else {
            return false;
        };
        let readers =
            (self.rights).readers_of_see(&self.http, self.member.guild, self.here, channel);
        self.read_once(Question::ReadersHereSee, channel, readers)
    }

    fn open_to_all(&self, channel: model::ChannelId) -> bool {
        let Some(channel) = discord_channel(channel) else {
            return false;
        };
        let open = (self.rights).open_to_all(&self.http, self.member.guild, channel);
        self.read_once(Question::OpenToAll, channel, open)
    }
}

/// A stored channel as Discord names it (none for a zero id, which Discord never gives).
fn discord_channel(channel: model::ChannelId) -> Option<ChannelId> {
    (channel.0 != 0).then(|| ChannelId::new(channel.0))
}
