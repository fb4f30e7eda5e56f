//! Direct messages, with the board, when it is your turn or you are challenged, for the
//! players who asked for them with `notify` (in `server/mod.rs`): the board from the side each
//! chose (`board side`).

use crate::command::Phrasing;
use crate::model::{ChannelId, Labels, UserId};
use crate::reply::{DirectNote, Picture, Reply};
use crate::service::hands::Desk;
use crate::service::voice::Voice;
use crate::service::{LiveGame, Message, Service, Via};
use crate::text;
use crate::text::Span;

impl Desk {
    /// Direct copies of a public reply in `channel` for the users it pings who want them
    /// (not its author, if it answers someone).
    pub(in crate::service) fn direct_copies(
        &self,
        channel: ChannelId,
        author: Option<UserId>,
        reply: &Reply,
    ) -> anyhow::Result<Vec<Reply>> {
        if reply.private {
            return Ok(Vec::new());
        }
        let mut copies = Vec::new();
        for user in reply.mentions() {
            if Some(user) == author || !self.store.wants_dm(user)? {
                continue;
            }
            let mut text = text!["In ", Span::Channel(channel), ":\n"];
            text.append(reply.text.clone());
            let board = match &reply.board {
                Some(board) => Some(self.board_for(channel, user, board)?),
                None => None,
            };
            copies.push(Reply {
                text,
                board,
                direct: Some(user),
                ..Reply::default()
            });
        }
        Ok(copies)
    }

    /// The `board` of a public reply in `channel`, as `user` sees it: redrawn from his side
    /// and with his spot labels when he chose others than the channel's (the reply shows the
    /// channel's game).
    fn board_for(
        &self,
        channel: ChannelId,
        user: UserId,
        board: &Picture,
    ) -> anyhow::Result<Picture> {
        let chosen =
            self.store.board_side(user)?.is_some() || self.store.labels(user)? != Labels::Default;
        if !chosen {
            return Ok(board.clone());
        }
        let Some(stored) = self.store.game_in(channel, true)? else {
            return Ok(board.clone());
        };
        let bottom = self.bottom_for(&stored, Some(user), None)?;
        let labels = self.labels_for(&stored, Some(user))?;
        if bottom == self.bottom_for(&stored, None, None)?
            && labels == self.labels_for(&stored, None)?
        {
            return Ok(board.clone());
        }
        self.picture_with(&LiveGame::load(stored)?, Some(bottom), labels)
    }
}

impl Service {
    /// Discord refused a direct message to `user`: their direct messages are turned off, and
    /// the reply says so in the channel, once.
    pub fn direct_message_refused(&self, user: UserId) -> Reply {
        if let Err(e) = self.store.set_dm(user, false) {
            tracing::error!(error = %format!("{e:#}"), "cannot turn direct messages off");
        }
        let name = self
            .plain_name(user)
            .unwrap_or_else(|_| "someone".to_string());
        Reply::public(text![
            "I could not send ",
            Span::Name(name),
            format!(
                " a direct message (Discord refused it: their privacy settings), so I stopped \
                 sending them. {} turns them on again.",
                self.notice_phrasing().cmd("notify dm on")
            )
        ])
    }
}

impl Voice {
    /// A reply for the asker's eyes only (`what` it is, like `my hint`; `command`, the slash
    /// command that asks for it). A slash command's answer is (Discord shows it to him
    /// alone), as is the console's; a command typed in a server's channel is answered by
    /// direct message, the channel hearing only that it was, or, if Discord refuses it,
    /// that the slash command answers privately.
    pub(in crate::service) fn privately(
        &self,
        message: &Message,
        reply: Reply,
        what: &str,
        command: &str,
    ) -> Reply {
        let typed = matches!(message.via, Via::Prefix | Via::Mention);
        if !typed || message.guild.is_none() {
            return reply;
        }
        let name = || Span::Name(message.author.name.clone());
        let note = DirectNote {
            sent: text!["I sent ", name(), format!(" {what} in a direct message.")],
            refused: text![
                name(),
                format!(
                    ", I cannot send you a direct message (your privacy settings), so here \
                     is how to ask where only you see the answer: {}.",
                    Phrasing::slash(&self.prefix).cmd(command)
                )
            ],
        };
        Reply {
            direct: Some(message.author.id),
            direct_note: Some(note),
            ..reply
        }
    }
}
