//! Answering slash commands and button clicks so that every ping reaches its user.
//!
//! Discord notifies the users a *new* message mentions, never those an *edit* adds (and the
//! first follow-up of a deferred command fills in its "thinking..." message: an edit too).
//! So a command answered within [`ANSWER_WITHIN`] gets its first reply as the interaction's
//! answer, a new message; a slower one is deferred privately and its public replies follow
//! as new messages. Never a ping in an edit.

use std::future::Future;
use std::time::Duration;

use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    EditMessage, Http, MessageId,
};

use serenity::builder::Builder;

use super::markdown;
use super::send::{Part, allowed_mentions, attachments, components, parts};
use crate::model::OutboxId;
use crate::reply::Reply;

/// Discord wants an interaction answered within 3 s; a command done by then is answered with
/// its reply, a slower one deferred.
pub(crate) const ANSWER_WITHIN: Duration = Duration::from_millis(2000);

/// What private note resolves a deferred command whose replies are all public.
const DONE: &str = "Done: my answer is below.";

/// An interaction to answer.
#[derive(Clone, Copy)]
pub(crate) enum Asked<'a> {
    /// A slash command.
    Command(&'a CommandInteraction),
    /// A button click.
    Click(&'a ComponentInteraction),
}

impl Asked<'_> {
    async fn respond(
        &self,
        http: &Http,
        message: CreateInteractionResponseMessage,
    ) -> serenity::Result<()> {
        let response = CreateInteractionResponse::Message(message);
        match self {
            Asked::Command(command) => command.create_response(http, response).await,
            Asked::Click(click) => click.create_response(http, response).await,
        }
    }

    /// Replaces the clicked message (a command has none: it answers as usual): the message
    /// it leaves, if known without asking (the clicked one).
    async fn update(
        &self,
        http: &Http,
        message: CreateInteractionResponseMessage,
    ) -> serenity::Result<Option<MessageId>> {
        match self {
            Asked::Command(_) => self.respond(http, message).await.map(|()| None),
            Asked::Click(click) => {
                let response = CreateInteractionResponse::UpdateMessage(message);
                click.create_response(http, response).await?;
                Ok(Some(click.message.id))
            }
        }
    }

    /// A follow-up: the message it made.
    async fn follow(
        &self,
        http: &Http,
        message: CreateInteractionResponseFollowup,
    ) -> serenity::Result<MessageId> {
        let posted = match self {
            Asked::Command(command) => command.create_followup(http, message).await?,
            Asked::Click(click) => click.create_followup(http, message).await?,
        };
        Ok(posted.id)
    }

    /// The message the interaction's answer made (Discord does not say it when answering).
    async fn original(&self, http: &Http) -> serenity::Result<MessageId> {
        let original = match self {
            Asked::Command(command) => command.get_response(http).await?,
            Asked::Click(click) => click.get_response(http).await?,
        };
        Ok(original.id)
    }

    /// Defers: privately "thinking..." for a command, silently for a click.
    async fn defer(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Asked::Command(command) => command.defer_ephemeral(http).await,
            Asked::Click(click) => click.defer(http).await,
        }
    }

    async fn edit_original(
        &self,
        http: &Http,
        edit: EditInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Asked::Command(command) => command.edit_response(http, edit).await.map(drop),
            Asked::Click(click) => click.edit_response(http, edit).await.map(drop),
        }
    }

    /// After a public answer to a click, the clicked message's buttons are used up.
    async fn clear_buttons(&self, http: &Http) {
        let Asked::Click(click) = self else { return };
        let cleared = EditMessage::new().components(Vec::new());
        if let Err(e) = click
            .channel_id
            .edit_message(http, click.message.id, cleared)
            .await
        {
            tracing::warn!(error = %e, "cannot remove used buttons");
        }
    }
}

/// What answering an interaction made: its replies (the direct messages among them are the
/// caller's to send), and the message that announced each public reply's outbox rows, which
/// a turn sent again links to.
pub(crate) struct Answered {
    /// The replies, as `work` gave them.
    pub(crate) replies: Vec<Reply>,
    /// Each announcement's rows, with the first message it made.
    pub(crate) announced: Vec<(Vec<OutboxId>, MessageId)>,
}

/// Answers `asked` with the replies `work` gives (but the direct messages among them, which
/// it returns with the others): with the first reply itself if they come within
/// [`ANSWER_WITHIN`], else after a deferral.
pub(crate) async fn answer(
    http: &Http,
    asked: Asked<'_>,
    work: impl Future<Output = Vec<Reply>>,
) -> Answered {
    tokio::pin!(work);
    let (replies, announced) = tokio::select! {
        replies = &mut work => {
            let announced = in_time(http, asked, &replies).await;
            (replies, announced)
        }
        () = tokio::time::sleep(ANSWER_WITHIN) => {
            if let Err(e) = asked.defer(http).await {
                tracing::warn!(error = %e, "cannot defer an interaction");
                return Answered { replies: Vec::new(), announced: Vec::new() };
            }
            let replies = work.await;
            let announced = late(http, asked, &replies).await;
            (replies, announced)
        }
    };
    // A reply that replaced the clicked message brought its own buttons.
    if replies
        .iter()
        .any(|r| !r.private && r.direct.is_none() && !r.replaces)
    {
        asked.clear_buttons(http).await;
    }
    Answered { replies, announced }
}

/// Keeps `message` (asked of Discord if `None`: the interaction's answer) as the first message
/// of `reply` in `announced`, if `reply` announces rows the outbox owes and this is its first.
async fn keep_announcement(
    http: &Http,
    asked: Asked<'_>,
    announced: &mut Vec<(Vec<OutboxId>, MessageId)>,
    reply: &Reply,
    message: Option<MessageId>,
) {
    let first = announced.last().is_none_or(|(owed, _)| *owed != reply.owed);
    if reply.owed.is_empty() || !first {
        return;
    }
    let message = match message {
        Some(message) => Some(message),
        None => (asked.original(http).await)
            .inspect_err(|e| tracing::warn!(error = %e, "cannot read an interaction's answer"))
            .ok(),
    };
    if let Some(message) = message {
        announced.push((reply.owed.clone(), message));
    }
}

/// A part of a reply in one of serenity's two interaction message builders, which have the
/// same methods but no common trait.
macro_rules! interaction_message {
    ($builder:ty, $reply:expr, $part:expr) => {{
        let (reply, part): (&Reply, Part) = ($reply, $part);
        let mut message = <$builder>::new()
            .content(part.content)
            .allowed_mentions(allowed_mentions(reply))
            .ephemeral(reply.private);
        if part.last {
            let (files, embed) = attachments(reply);
            message = message.add_files(files).components(components(reply));
            if let Some(embed) = embed {
                message = message.embed(embed);
            }
        }
        message
    }};
}

/// The interaction's answer: a new message.
fn response(reply: &Reply, part: Part) -> CreateInteractionResponseMessage {
    interaction_message!(CreateInteractionResponseMessage, reply, part)
}

/// A follow-up: a new message too (unless it fills in a deferred command's "thinking...").
fn followup(reply: &Reply, part: Part) -> CreateInteractionResponseFollowup {
    interaction_message!(CreateInteractionResponseFollowup, reply, part)
}

/// Every part of every reply to the interaction (not the direct messages), in order, with
/// the reply it belongs to.
fn all_parts(replies: &[Reply]) -> impl Iterator<Item = (&Reply, Part)> {
    replies
        .iter()
        .filter(|r| r.direct.is_none())
        .flat_map(|reply| {
            parts(&markdown(&reply.text))
                .into_iter()
                .map(move |part| (reply, part))
        })
}

/// Answers an interaction the bot took before a restart, by its `token` (while it lives):
/// `reply` follows its deferral as new messages. The first of them.
pub(crate) async fn follow_by_token(
    http: &Http,
    token: &str,
    reply: &Reply,
) -> serenity::Result<Option<MessageId>> {
    let mut first = None;
    for part in parts(&markdown(&reply.text)) {
        let posted = followup(reply, part).execute(http, (None, token)).await?;
        first = first.or(Some(posted.id));
    }
    Ok(first)
}

/// The first part is the interaction's answer; the rest follow. The announcements made.
async fn in_time(
    http: &Http,
    asked: Asked<'_>,
    replies: &[Reply],
) -> Vec<(Vec<OutboxId>, MessageId)> {
    let mut answered = false;
    let mut announced = Vec::new();
    for (reply, part) in all_parts(replies) {
        let sent = if answered {
            asked.follow(http, followup(reply, part)).await.map(Some)
        } else if reply.replaces {
            answered = true;
            asked.update(http, response(reply, part)).await
        } else {
            answered = true;
            (asked.respond(http, response(reply, part)).await).map(|()| None)
        };
        match sent {
            Ok(message) => keep_announcement(http, asked, &mut announced, reply, message).await,
            Err(e) => tracing::warn!(error = %e, "cannot answer an interaction"),
        }
    }
    if !answered {
        let done = CreateInteractionResponseMessage::new()
            .content(DONE)
            .ephemeral(true);
        if let Err(e) = asked.respond(http, done).await {
            tracing::warn!(error = %e, "cannot answer an interaction");
        }
    }
    announced
}

/// After a deferral: a command's private "thinking..." is filled in by an edit (with its
/// first private reply, or a note), and every public reply follows as a new message. The
/// announcements made.
async fn late(http: &Http, asked: Asked<'_>, replies: &[Reply]) -> Vec<(Vec<OutboxId>, MessageId)> {
    let mut thinking = matches!(asked, Asked::Command(_));
    let mut announced = Vec::new();
    for (reply, part) in all_parts(replies) {
        if thinking {
            thinking = false;
            let note = if reply.private {
                EditInteractionResponse::new()
                    .content(part.content.clone())
                    .allowed_mentions(allowed_mentions(reply))
            } else {
                EditInteractionResponse::new().content(DONE)
            };
            if let Err(e) = asked.edit_original(http, note).await {
                tracing::warn!(error = %e, "cannot fill in a deferred answer");
            }
            if reply.private {
                continue;
            }
        }
        match asked.follow(http, followup(reply, part)).await {
            Ok(message) => {
                keep_announcement(http, asked, &mut announced, reply, Some(message)).await;
            }
            Err(e) => tracing::warn!(error = %e, "cannot answer an interaction"),
        }
    }
    announced
}
