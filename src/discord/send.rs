//! A [`Reply`] into Discord messages: text (split at Discord's 2000 characters), the board as
//! a PNG shown in an embed, a file, buttons, and pings for exactly the reply's users.

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateMessage, Http, MessageId,
};

use super::markdown;
use crate::command::{ChallengeCommand, Command, GameCommand, PlayCommand};
use crate::model::{ChallengeId, GameId};
use crate::reply::{Button, Reply, Stamp};
use crate::text;
use crate::text::Span;

/// Discord's limit on a message's text.
const MAX_CONTENT: usize = 2000;
/// Discord's limit on buttons in a row, and on rows in a message.
const BUTTONS_PER_ROW: usize = 5;
/// Discord's limit on a button's custom id.
pub(crate) const MAX_CUSTOM_ID: usize = 100;
const MAX_ROWS: usize = 5;

/// What goes in one Discord message.
pub(crate) struct Part {
    /// The text.
    pub(crate) content: String,
    /// The reply's pictures, files and buttons ride on its last message.
    pub(crate) last: bool,
    /// Its place among the reply's messages, from 0.
    pub(crate) index: usize,
}

/// The custom id of a button: `gipf:g<game>.<version>:<command>` for a question in a game,
/// `gipf:c<challenge>:<command>` for a challenge, the command in its canonical chat form.
pub(crate) fn custom_id(button: &Button) -> String {
    match button.stamp {
        Stamp::Game { id, version } => format!("gipf:g{id}.{version}:{}", button.command),
        Stamp::Challenge { id } => format!("gipf:c{id}:{}", button.command),
    }
}

/// A button's custom id read back: its stamp and its command.
pub(crate) fn parse_custom_id(id: &str) -> Option<(Stamp, Command)> {
    let (stamp, command) = id.strip_prefix("gipf:")?.split_once(':')?;
    let stamp = if let Some(game) = stamp.strip_prefix('g') {
        let (id, version) = game.split_once('.')?;
        Stamp::Game {
            id: GameId(id.parse().ok()?),
            version: version.parse().ok()?,
        }
    } else {
        Stamp::Challenge {
            id: ChallengeId(stamp.strip_prefix('c')?.parse().ok()?),
        }
    };
    Some((stamp, command.parse().ok()?))
}

/// Pings for exactly the reply's users: never @everyone, @here or a role.
pub(crate) fn allowed_mentions(reply: &Reply) -> CreateAllowedMentions {
    let users: Vec<serenity::all::UserId> = reply
        .mentions()
        .iter()
        .filter(|u| u.0 != 0)
        .map(|u| serenity::all::UserId::new(u.0))
        .collect();
    CreateAllowedMentions::new().users(users)
}

fn style(command: &Command) -> ButtonStyle {
    match command {
        Command::Challenge(ChallengeCommand::Accept) => ButtonStyle::Success,
        Command::Challenge(ChallengeCommand::Decline)
        | Command::Game(GameCommand::Resign { .. })
        | Command::Play(PlayCommand::Confirmed(_)) => ButtonStyle::Danger,
        _ => ButtonStyle::Primary,
    }
}

pub(crate) fn components(reply: &Reply) -> Vec<CreateActionRow> {
    // Discord refuses the whole message for one custom id over its limit: such a button is
    // left out (the service keeps its commands short enough, and says what to type).
    let buttons: Vec<&Button> = reply
        .buttons
        .iter()
        .filter(|b| custom_id(b).chars().count() <= MAX_CUSTOM_ID)
        .collect();
    buttons
        .chunks(BUTTONS_PER_ROW)
        .take(MAX_ROWS)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(custom_id(b))
                            .label(b.label.chars().take(80).collect::<String>())
                            .style(style(&b.command))
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The attachments and the embed showing the board.
pub(crate) fn attachments(reply: &Reply) -> (Vec<CreateAttachment>, Option<CreateEmbed>) {
    let mut files = Vec::new();
    let mut embed = None;
    if let Some(board) = &reply.board {
        // Its alt text, for screen readers: Discord keeps it as the file's description.
        let file = board.drawn.file_name();
        files.push(CreateAttachment::bytes(board.png.clone(), file).description(&board.alt));
        embed = Some(CreateEmbed::new().image(format!("attachment://{file}")));
    }
    if let Some((name, bytes)) = &reply.file {
        files.push(CreateAttachment::bytes(bytes.clone(), name.clone()));
    }
    (files, embed)
}

/// The reply's text cut into messages Discord accepts, at line ends where possible.
pub(crate) fn parts(text: &str) -> Vec<Part> {
    let mut chunks: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        let mut line = line;
        while !line.is_empty() {
            let room = MAX_CONTENT - current.chars().count();
            if line.chars().count() <= room {
                current.push_str(line);
                break;
            }
            if !current.is_empty() {
                chunks.push(std::mem::take(&mut current));
                continue;
            }
            let cut = line
                .char_indices()
                .nth(MAX_CONTENT)
                .map_or(line.len(), |(i, _)| i);
            chunks.push(line[..cut].to_string());
            line = &line[cut..];
        }
    }
    if !current.is_empty() || chunks.is_empty() {
        chunks.push(current);
    }
    let count = chunks.len();
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, content)| Part {
            content,
            last: i + 1 == count,
            index: i,
        })
        .collect()
}

/// Said instead of the picture where Discord refuses it.
const NO_PICTURE: &str = "\n(I could not post the board picture here: I need the Attach Files \
     and Embed Links permissions in this channel. `board` shows it once I have them.)";

/// One part of a reply as a channel message: the last part carries the picture, files and
/// buttons (or, `with_files` false, says that the picture could not be posted).
fn channel_message(reply: &Reply, part: &Part, with_files: bool) -> CreateMessage {
    let message = CreateMessage::new()
        .content(part.content.clone())
        .allowed_mentions(allowed_mentions(reply));
    let mut message = super::nonce::with_nonce(message, reply, part.index);
    if part.last && with_files {
        let (files, embed) = attachments(reply);
        message = message.add_files(files).components(components(reply));
        if let Some(embed) = embed {
            message = message.embed(embed);
        }
    } else if part.last {
        let note = match &reply.file {
            Some((name, _)) => format!(
                "{}\n(I could not attach `{name}` here: I need the Attach Files permission in this channel.{})",
                part.content,
                if record_as_text(reply).is_some() {
                    " Here it is as text."
                } else {
                    " I am sending it to you in a direct message."
                }
            ),
            None => format!("{}{NO_PICTURE}", part.content),
        };
        message = message.content(note).components(components(reply));
    }
    message
}

/// A reply's file as a message of its own, when it is a record short enough to be read in
/// chat: what is sent where files are refused.
fn record_as_text(reply: &Reply) -> Option<String> {
    let (name, bytes) = reply.file.as_ref()?;
    let text = std::str::from_utf8(bytes).ok()?;
    // A name holding a fence would end the block early.
    let text = text.replace("```", "`\u{200b}``");
    (name.ends_with(".gipf") && text.len() <= 1_900).then(|| format!("```\n{text}```"))
}

/// What became of replies sent to a channel.
#[derive(Default)]
pub(crate) struct Sent {
    /// Files the channel refused and that are too long to post as text: for the asker's
    /// direct messages.
    pub(crate) undelivered: Vec<Reply>,
    /// Why Discord refused a message outright, if it refused one: said in a moderator's words.
    pub(crate) refused: Option<String>,
    /// The first message posted of a reply that makes announcements the outbox owes: what a
    /// turn sent again links to.
    pub(crate) announcement: Option<MessageId>,
    /// Whether a message failed in a way that may work later ([`may_work_later`]): what
    /// followed it was not sent, so that a second try posts them in order.
    pub(crate) again: bool,
}

/// Why Discord refused to post in `channel`, in words a moderator acts on.
fn refusal(error: &serenity::Error, channel: ChannelId) -> String {
    let status = match error {
        serenity::Error::Http(e) => e.status_code().map(|s| s.as_u16()),
        _ => None,
    };
    match status {
        Some(403) => format!(
            "Discord refused it (I need the View Channel, Send Messages, Attach Files and \
             Embed Links permissions in <#{}>)",
            channel.get()
        ),
        Some(404) => format!("<#{}> no longer exists", channel.get()),
        _ => format!("Discord did not take it ({error})"),
    }
}

/// Sends replies to a channel message. Private replies cannot be hidden there: they go as
/// replies to the command's message. Where Discord refuses the picture (no Attach Files
/// permission), the text goes without it, saying what is missing: a turn is never left
/// unannounced. A refused file too long to post as text comes back, for the asker's direct
/// messages.
pub(crate) async fn to_channel(
    http: &Http,
    channel: ChannelId,
    answering: Option<MessageId>,
    replies: &[Reply],
) -> Sent {
    let mut sent = Sent::default();
    for reply in replies {
        for part in parts(&markdown(&reply.text)) {
            let answer_to = answering.filter(|_| reply.private);
            let posted = send_part(http, channel, reply, &part, answer_to, &mut sent).await;
            if !reply.owed.is_empty() {
                sent.announcement = sent.announcement.or(posted.as_ref().ok().map(|m| m.id));
            }
            match posted {
                Err(e) if may_work_later(&e) => {
                    tracing::warn!(error = %e, channel = channel.get(), "cannot send a reply now: it goes again later if owed");
                    sent.again = true;
                    return sent;
                }
                Err(e) => {
                    tracing::warn!(error = %e, channel = channel.get(), "cannot send a reply");
                    sent.refused.get_or_insert_with(|| refusal(&e, channel));
                }
                Ok(_) => {}
            }
        }
    }
    sent
}

/// Sends `part` of `reply` to `channel` (as an answer to `answer_to`, if it is still
/// there); where the picture is refused, without it, followed by the record as text, or
/// with the file kept in `sent` for the asker.
async fn send_part(
    http: &Http,
    channel: ChannelId,
    reply: &Reply,
    part: &Part,
    answer_to: Option<MessageId>,
    sent: &mut Sent,
) -> serenity::Result<serenity::all::Message> {
    let message = channel_message(reply, part, true);
    let mut posted = match answer_to {
        Some(answering) => {
            let answer = message.clone().reference_message((channel, answering));
            match channel.send_message(http, answer).await {
                // The command's message may be gone already: answer without pointing at it.
                Err(e) if !may_work_later(&e) => channel.send_message(http, message).await,
                answered => answered,
            }
        }
        None => channel.send_message(http, message).await,
    };
    let has_files = reply.board.is_some() || reply.file.is_some();
    if let Err(e) = &posted
        && has_files
        && part.last
        && is_forbidden(e)
    {
        posted = (channel.send_message(http, channel_message(reply, part, false))).await;
        match (&posted, record_as_text(reply), &reply.file) {
            (Ok(_), Some(record), _) => {
                let text = CreateMessage::new()
                    .content(record)
                    .allowed_mentions(CreateAllowedMentions::new());
                posted = channel.send_message(http, text).await;
            }
            (Ok(_), None, Some((name, _))) => sent.undelivered.push(Reply {
                file: reply.file.clone(),
                ..Reply::public(text![
                    format!("Here is `{name}`, which I could not attach in "),
                    Span::Channel(crate::model::ChannelId(channel.get())),
                    "."
                ])
            }),
            _ => {}
        }
    }
    posted
}

/// Sends a reply as a direct message to `user`; an error if Discord refuses it (the user's
/// privacy settings, or no server in common).
pub(crate) async fn direct(
    http: &Http,
    channel: serenity::all::ChannelId,
    reply: &Reply,
) -> serenity::Result<()> {
    for part in parts(&markdown(&reply.text)) {
        channel
            .send_message(http, channel_message(reply, &part, true))
            .await?;
    }
    Ok(())
}

/// Whether a request that failed with `error` may go through if sent again later: Discord
/// limited its rate (429), failed on its side (5xx), or never answered.
pub(crate) fn may_work_later(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(e) => match e.status_code() {
            Some(status) => status.as_u16() == 429 || status.is_server_error(),
            None => matches!(e, serenity::http::HttpError::Request(_)),
        },
        _ => false,
    }
}

/// Whether Discord refused a request for a missing permission (HTTP 403).
pub(crate) fn is_forbidden(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(e) if e.status_code().map(|s| s.as_u16()) == Some(403))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_read_back() {
        let stamp = Stamp::Game {
            id: GameId(12),
            version: 7,
        };
        let row = Command::from(crate::command::PlayCommand::Answer(
            crate::command::Answer::Row(2),
        ));
        let button = Button {
            label: "Row 2".into(),
            command: row.clone(),
            stamp,
        };
        assert_eq!(custom_id(&button), "gipf:g12.7:row 2");
        assert_eq!(parse_custom_id("gipf:g12.7:row 2"), Some((stamp, row)));
        let accept = Button {
            label: "Accept".into(),
            command: ChallengeCommand::Accept.into(),
            stamp: Stamp::Challenge { id: ChallengeId(3) },
        };
        assert_eq!(
            parse_custom_id(&custom_id(&accept)),
            Some((accept.stamp, ChallengeCommand::Accept.into()))
        );
        // A button whose custom id Discord would refuse is left out, not the message.
        let line = "move xb2,c3,d4,e5,f6,g5;a4-g2;xd5,c4,b4,Ge4,g2*,Gf3*;xb5,c5,e6,f7,g6,h5,d6,d7,c6,b3 confirm";
        let Ok(command) = line.parse::<Command>() else {
            panic!("{line} does not parse");
        };
        let long = Button {
            label: "Confirm".into(),
            command,
            stamp,
        };
        assert!(
            custom_id(&long).len() > MAX_CUSTOM_ID,
            "{}",
            custom_id(&long)
        );
        let reply = Reply {
            buttons: vec![button.clone(), long],
            ..Reply::default()
        };
        let json = serde_json::to_value(components(&reply)).unwrap_or_default();
        assert_eq!(
            json[0]["components"].as_array().map(Vec::len),
            Some(1),
            "{json}"
        );
        for bad in [
            "gipf:gx.7:row 2",
            "gipf:g12:row 2",
            "gipf:x3:accept",
            "gipf:c3:dance",
            "other",
        ] {
            assert_eq!(parse_custom_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn long_text_is_split_under_the_limit() {
        let line = "x".repeat(150) + "\n";
        let text = line.repeat(30) + &"y".repeat(4500);
        let parts = parts(&text);
        assert!(
            parts
                .iter()
                .all(|p| p.content.chars().count() <= MAX_CONTENT)
        );
        let joined: String = parts.iter().map(|p| p.content.as_str()).collect();
        assert_eq!(joined, text);
        assert!(parts.last().is_some_and(|p| p.last));
        assert_eq!(parts.iter().filter(|p| p.last).count(), 1);
        assert_eq!(super::parts("").len(), 1);
    }
}
