//! Answering slash commands and button clicks so that every ping reaches its user.
//!
//! Discord notifies the users a *new* message mentions, never those an *edit* adds (and the
//! first follow-up of a deferred command fills in its "thinking..." message: an edit too).
//! So a command whose first reply comes within [`ANSWER_WITHIN`] gets it as the
//! interaction's answer, a new message; a slower one is deferred privately ([`Answer::defer`],
//! by a timer beside the service's work) and its public replies follow as new messages.
//! Never a ping in an edit.

use std::time::Duration;

use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    EditMessage, Http, MessageId,
};
use serenity::builder::Builder;
use tokio::sync::Mutex;

use super::markdown;
use super::send::{Part, allowed_mentions, attachments, components, parts};
use crate::reply::Reply;

/// Discord wants an interaction answered within 3 s; a command done by then is answered with
/// its reply, a slower one deferred.
pub(crate) const ANSWER_WITHIN: Duration = Duration::from_millis(2000);

/// What private note resolves a deferred command whose replies are all public.
const DONE: &str = "Done: my answer is below.";

/// An interaction to answer.
#[derive(Clone)]
pub(crate) enum Asked {
    /// A slash command.
    Command(Box<CommandInteraction>),
    /// A button click.
    Click(Box<ComponentInteraction>),
}

/// How far an interaction's answer went.
#[derive(Debug, Default)]
struct State {
    /// Its first reply is its answer (a new message).
    answered: bool,
    /// It was deferred (privately "thinking..." for a command, silently for a click).
    deferred: bool,
    /// A deferred command's "thinking..." is still to be filled in.
    thinking: bool,
    /// A public reply other than one replacing the clicked message went out: the clicked
    /// message's buttons are used up.
    public: bool,
}

/// The answer to one interaction, given reply by reply.
pub(crate) struct Answer {
    asked: Asked,
    state: Mutex<State>,
}

impl Answer {
    /// The answer to `asked`, nothing said yet.
    pub(crate) fn to(asked: Asked) -> Answer {
        Answer {
            asked,
            state: Mutex::default(),
        }
    }

    /// Whether the interaction has had its answer or its deferral: what follows it goes
    /// into its channel as new messages.
    pub(crate) async fn started(&self) -> bool {
        let state = self.state.lock().await;
        state.answered || state.deferred
    }

    /// Defers the interaction, unless it was answered already.
    pub(crate) async fn defer(&self, http: &Http) {
        let mut state = self.state.lock().await;
        if state.answered || state.deferred {
            return;
        }
        let deferred = match &self.asked {
            Asked::Command(command) => command.defer_ephemeral(http).await,
            Asked::Click(click) => click.defer(http).await,
        };
        match deferred {
            Ok(()) => {
                state.deferred = true;
                state.thinking = matches!(self.asked, Asked::Command(_));
            }
            Err(e) => tracing::warn!(error = %e, "cannot defer an interaction"),
        }
    }

    /// Answers with `reply` (its parts in order): the first part is the interaction's
    /// answer, the rest follow; after a deferral, a command's "thinking..." is filled in
    /// by an edit (with its first private reply, or a note) and every public reply follows
    /// as a new message. The first message it made, if it made one.
    pub(crate) async fn give(&self, http: &Http, reply: &Reply) -> Option<MessageId> {
        let mut state = self.state.lock().await;
        state.public |= !reply.private && !reply.replaces;
        let mut first = None;
        for part in parts(&markdown(&reply.text)) {
            let sent = self.part(http, &mut state, reply, part).await;
            first = first.or(sent);
        }
        first
    }

    /// One part of `reply`, as far as the answer went: the message it made.
    async fn part(
        &self,
        http: &Http,
        state: &mut State,
        reply: &Reply,
        part: Part,
    ) -> Option<MessageId> {
        if state.thinking {
            state.thinking = false;
            self.fill_in(http, reply, &part).await;
            if reply.private {
                return None;
            }
        }
        let sent = if state.answered || state.deferred {
            self.follow(http, followup(reply, part)).await.map(Some)
        } else {
            state.answered = true;
            self.respond(http, reply, part).await
        };
        sent.inspect_err(|e| tracing::warn!(error = %e, "cannot answer an interaction"))
            .ok()
            .flatten()
    }

    /// Ends the answer: a deferred command still "thinking..." is told it is done, one
    /// never answered is answered so, and a click answered in public has its buttons used up.
    pub(crate) async fn finish(&self, http: &Http) {
        let mut state = self.state.lock().await;
        if state.thinking {
            state.thinking = false;
            let done = EditInteractionResponse::new().content(DONE);
            if let Err(e) = self.edit_original(http, done).await {
                tracing::warn!(error = %e, "cannot fill in a deferred answer");
            }
        }
        if !state.answered && !state.deferred {
            state.answered = true;
            let done = CreateInteractionResponseMessage::new()
                .content(DONE)
                .ephemeral(true);
            if let Err(e) = self
                .create(http, CreateInteractionResponse::Message(done))
                .await
            {
                tracing::warn!(error = %e, "cannot answer an interaction");
            }
        }
        if state.public {
            self.clear_buttons(http).await;
        }
    }

    /// The interaction's answer with `part` of `reply` (replacing the clicked message if the
    /// reply says so): the message it left, asked of Discord when the reply announces
    /// something owed (a turn sent again links it).
    async fn respond(
        &self,
        http: &Http,
        reply: &Reply,
        part: Part,
    ) -> serenity::Result<Option<MessageId>> {
        let message = response(reply, part);
        if reply.replaces
            && let Asked::Click(click) = &self.asked
        {
            let response = CreateInteractionResponse::UpdateMessage(message);
            click.create_response(http, response).await?;
            return Ok(Some(click.message.id));
        }
        self.create(http, CreateInteractionResponse::Message(message))
            .await?;
        if reply.owed.is_empty() {
            return Ok(None);
        }
        Ok((self.original(http).await)
            .inspect_err(|e| tracing::warn!(error = %e, "cannot read an interaction's answer"))
            .ok())
    }

    async fn create(
        &self,
        http: &Http,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match &self.asked {
            Asked::Command(command) => command.create_response(http, response).await,
            Asked::Click(click) => click.create_response(http, response).await,
        }
    }

    /// Fills in a deferred command's "thinking...": with `part` if `reply` is private, else
    /// with a note that the answer follows.
    async fn fill_in(&self, http: &Http, reply: &Reply, part: &Part) {
        let note = if reply.private {
            EditInteractionResponse::new()
                .content(part.content.clone())
                .allowed_mentions(allowed_mentions(reply))
        } else {
            EditInteractionResponse::new().content(DONE)
        };
        if let Err(e) = self.edit_original(http, note).await {
            tracing::warn!(error = %e, "cannot fill in a deferred answer");
        }
    }

    /// A follow-up: the message it made.
    async fn follow(
        &self,
        http: &Http,
        message: CreateInteractionResponseFollowup,
    ) -> serenity::Result<MessageId> {
        let posted = match &self.asked {
            Asked::Command(command) => command.create_followup(http, message).await?,
            Asked::Click(click) => click.create_followup(http, message).await?,
        };
        Ok(posted.id)
    }

    /// The message the interaction's answer made (Discord does not say it when answering).
    async fn original(&self, http: &Http) -> serenity::Result<MessageId> {
        let original = match &self.asked {
            Asked::Command(command) => command.get_response(http).await?,
            Asked::Click(click) => click.get_response(http).await?,
        };
        Ok(original.id)
    }

    async fn edit_original(
        &self,
        http: &Http,
        edit: EditInteractionResponse,
    ) -> serenity::Result<()> {
        match &self.asked {
            Asked::Command(command) => command.edit_response(http, edit).await.map(drop),
            Asked::Click(click) => click.edit_response(http, edit).await.map(drop),
        }
    }

    /// After a public answer to a click, the clicked message's buttons are used up.
    async fn clear_buttons(&self, http: &Http) {
        let Asked::Click(click) = &self.asked else {
            return;
        };
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
