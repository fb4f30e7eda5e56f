//! Direct messages, with the board, when it is your turn or you are challenged, for the
//! players who asked for them with `notify` (`notify_settings.rs`), held through their quiet
//! hours: the board from the side each
//! chose (`board side`); what the channel hears when Discord refuses one; and the answers
//! meant for the asker's eyes only, sent to him directly where a typed command cannot hide
//! them.

use crate::command::Phrasing;
use crate::hours::{DayTime, Quiet, Zone};
use crate::model::{ChannelId, UserId};
use crate::reply::{DirectNote, Reply};
use crate::service::names::plain_name;
use crate::service::outbox::share_owed;
use crate::service::picture::Pictures;
use crate::service::voice::Voice;
use crate::service::{Message, Via};
use crate::store::{NoticeHours, Store};
use crate::text;
use crate::text::Span;

/// `reply` in `channel` followed by its direct copies ([`direct_copies`]), which carry the
/// rows it announces: each posted with them, the last one's delivery marks them sent.
pub(in crate::service) fn with_copies(
    store: &Store,
    pictures: &Pictures,
    channel: ChannelId,
    author: Option<UserId>,
    reply: Reply,
) -> anyhow::Result<Vec<Reply>> {
    let copies = direct_copies(store, pictures, channel, author, &reply)?;
    let mut group: Vec<Reply> = std::iter::once(reply).chain(copies).collect();
    share_owed(&mut group.iter_mut().collect::<Vec<_>>());
    Ok(group)
}

/// Direct copies of a public reply in `channel` for the users it pings who want them (not
/// its author, if it answers someone).
fn direct_copies(
    store: &Store,
    pictures: &Pictures,
    channel: ChannelId,
    author: Option<UserId>,
    reply: &Reply,
) -> anyhow::Result<Vec<Reply>> {
    if reply.private {
        return Ok(Vec::new());
    }
    let mut copies = Vec::new();
    for user in reply.mentions() {
        if Some(user) == author {
            continue;
        }
        let hours = store.notice_hours(user)?;
        if !hours.dm {
            continue;
        }
        // In his quiet hours it waits for their end, folded with the others (`digest.rs`);
        // past the most held, only the channel's ping reaches him.
        if let Some(end) = quiet_end(&hours, store.now()) {
            store.hold_notice(user, channel, &reply.text, end)?;
            continue;
        }
        let mut text = text!["In ", Span::Channel(channel), ":\n"];
        text.append(reply.text.clone());
        let board = match &reply.board {
            Some(board) => Some(pictures.for_viewer(channel, user, board)?),
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

/// Discord refused a direct message to `user`: their direct messages are turned off, and
/// the reply says so in the channel, once.
pub(in crate::service) fn direct_message_refused(
    store: &Store,
    voice: &Voice,
    user: UserId,
) -> Reply {
    if let Err(e) = store.set_dm(user, false) {
        tracing::error!(error = %format!("{e:#}"), "cannot turn direct messages off");
    }
    let name = plain_name(store, user).unwrap_or_else(|_| "someone".to_string());
    Reply::public(text![
        "I could not send ",
        Span::Name(name),
        format!(
            " a direct message (Discord refused it: their privacy settings), so I stopped \
             sending them. {} turns them on again.",
            voice.notice_phrasing().cmd("notify dm on")
        )
    ])
}

/// A reply for the asker's eyes only (`what` it is, like `my hint`; `command`, the slash
/// command that asks for it, after `prefix`'s slash form). A slash command's answer is
/// (Discord shows it to him alone), as is the console's; a command typed in a server's
/// channel is answered by direct message, the channel hearing only that it was, or, if
/// Discord refuses it, that the slash command answers privately.
pub(in crate::service) fn privately(
    prefix: &str,
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
                Phrasing::slash(prefix).cmd(command)
            )
        ],
    };
    Reply {
        direct: Some(message.author.id),
        direct_note: Some(note),
        ..reply
    }
}

/// When the quiet hours of `hours`, if any, end, as of `now` (`None` outside them).
fn quiet_end(hours: &NoticeHours, now: i64) -> Option<i64> {
    let (from, to) = hours.quiet?;
    let quiet = Quiet {
        from: DayTime::of_minute(i64::from(from))?,
        to: DayTime::of_minute(i64::from(to))?,
    };
    quiet.end(now, Zone::stored(hours.zone.as_deref()))
}
