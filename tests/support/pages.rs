//! What the page tests and the web bench share: a channel every member may read (or not),
//! what is said there, and the address of a game's page in a reply.

use std::sync::Arc;

use gipf_bot::model::ChannelId;
use gipf_bot::sight::{ChannelSight, Sight};

use super::table::{Table, shown};

/// The adapter's answer for every channel: open to every member of the server, or not.
pub struct Open(pub bool);

impl ChannelSight for Open {
    fn author_sees(&self, _: ChannelId) -> bool {
        true
    }
    fn readers_here_see(&self, _: ChannelId) -> bool {
        true
    }
    fn open_to_all(&self, _: ChannelId) -> bool {
        self.0
    }
}

/// What `author` hears to `text` where the channel is `open` to every member, or not.
pub fn said_where(table: &mut Table, open: bool, author: &str, text: &str) -> String {
    let mut message = table.message(author, text);
    message.sight = Sight::Member(Arc::new(Open(open)));
    let replies = table.serve(message, gipf_bot::service::Asked::Line);
    replies.iter().map(shown).collect::<Vec<_>>().join("\n")
}

/// The page's address in a reply: its key.
pub fn key_in(said: &str) -> String {
    let start = said.find("http://pages.test/game/").expect(said) + "http://pages.test/game/".len();
    said[start..start + 32].to_owned()
}
