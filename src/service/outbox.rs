//! The outbox seen from the service: each reply that announces turns carries the outbox rows
//! its command wrote ([`Reply::owed`]), the adapter marks them sent once posted
//! ([`Service::sent`]), and after a restart the rows never marked are announced again, drawn
//! from the stored game ([`Service::unsent`]). Also where a test makes the bot die on that
//! way ([`Crash`]).

use gipf::Color;

use super::{LiveGame, Service};
use crate::model::{ChannelId, OutboxId};
use crate::reply::Reply;
use crate::service::hands::{Desk, Keeper};
use crate::store::Owed;
use crate::text;

/// Where a test makes the bot die, as `kill -9` would, between storing a turn and marking its
/// announcement sent: the adapter stops there, and the test starts the bot again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The turn is stored, its announcement not posted.
    BeforePost,
    /// The announcement is posted, not marked sent.
    BeforeMark,
    /// After a restart, the first unsent announcement is posted again, not marked sent, and
    /// the others wait.
    WhileDraining,
}

impl Desk {
    /// Where the outbox stands before a command: the rows it writes come after. `None` if
    /// the store cannot tell (then nothing is claimed, and a restart announces its turns).
    pub(super) fn outbox_mark(&self) -> Option<OutboxId> {
        self.store
            .outbox_mark()
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .ok()
    }

    /// Hands the rows of `channel` written since `mark` to the first of `replies` posted in
    /// that channel for everyone, which announces them.
    pub(super) fn hand_owed(
        &self,
        mark: Option<OutboxId>,
        channel: ChannelId,
        replies: &mut [Reply],
    ) {
        let Some(mark) = mark else {
            return;
        };
        let Some(announcing) = replies.iter_mut().find(|r| announces(r)) else {
            return;
        };
        match self.store.owed_since(channel, mark) {
            Ok(owed) => announcing.owed.extend(owed),
            Err(e) => tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"),
        }
    }

    /// [`Service::hand_owed`] for replies each with its channel (the watch's, later work's).
    pub(super) fn hand_owed_each(
        &self,
        mark: Option<OutboxId>,
        replies: &mut [(ChannelId, Reply)],
    ) {
        let mut channels: Vec<ChannelId> = replies.iter().map(|(c, _)| *c).collect();
        channels.dedup();
        for channel in channels {
            let Some((_, announcing)) = replies
                .iter_mut()
                .find(|(c, r)| *c == channel && announces(r) && r.owed.is_empty())
            else {
                continue;
            };
            self.hand_owed(mark, channel, std::slice::from_mut(announcing));
        }
    }
}

impl Service {
    /// Marks `owed` sent: their announcement is posted. A failure is logged (a restart then
    /// posts them again, which Discord's nonce drops).
    pub fn sent(&self, owed: &[OutboxId]) {
        if let Err(e) = self.store.mark_sent(owed) {
            tracing::error!(error = %format!("{e:#}"), "cannot mark announcements sent");
        }
    }

    /// The announcements stored and never marked sent, oldest first (so in order per
    /// channel), each drawn again from its stored game and carrying its row; one that later
    /// turns overtook says so. Blocks on the database, the renderer and the engine (whose
    /// answer a held announcement gets, as a command's would).
    pub fn unsent(&self) -> Vec<(ChannelId, Reply)> {
        let owed = match self.store.unsent() {
            Ok(owed) => owed,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "cannot read the outbox");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for owed in owed {
            match self.recovered(&owed) {
                Ok(Some(reply)) => out.extend(
                    self.with_answers(vec![reply])
                        .into_iter()
                        .map(|reply| (owed.channel, reply)),
                ),
                // A game that is gone owes nothing.
                Ok(None) => self.sent(&[owed.id]),
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), game = owed.game.0, "cannot announce a stored turn");
                }
            }
        }
        out
    }
}

impl Keeper {
    /// The announcement `owed` stands for, drawn from its game as stored now: the turn and
    /// the question to the player to move (pinged) with the board, or, if later turns were
    /// stored since, the turn alone, saying who moved since.
    fn recovered(&self, owed: &Owed) -> anyhow::Result<Option<Reply>> {
        let Some(stored) = self.store.game(owed.game)? else {
            return Ok(None);
        };
        let game = LiveGame::load(stored)?;
        let turns = &game.stored.turns;
        let reply = if (owed.ply as usize) < turns.len() {
            // Turns alternate, White first: the next turn is the other colour's.
            let next = if owed.ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let notation = turns
                .get(owed.ply as usize - 1)
                .map_or("", |turn| turn.as_str());
            Reply::public(text![
                format!("Turn {}: `{notation}` (posted late: ", owed.ply),
                game.name(next),
                " has moved since)."
            ])
        } else {
            let lines = match &game.last_turn {
                Some(turn) => self.played(&game, game.last_start(), std::slice::from_ref(turn)),
                None => Vec::new(),
            };
            let mover = game.last_turn.as_ref().map(|turn| turn.color);
            self.position_reply(&game, lines, mover, &self.notice_phrasing())
                .map_err(|failure| anyhow::anyhow!("{failure:?}"))?
        };
        Ok(Some(Reply {
            owed: vec![owed.id],
            ..reply
        }))
    }
}

/// Whether `reply` is posted for everyone in its channel: the one that announces a turn.
fn announces(reply: &Reply) -> bool {
    !reply.private && reply.direct.is_none()
}
