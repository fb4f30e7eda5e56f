//! The service's [`Sink`] on Discord: each call one request or a few (a message in parts, a
//! picture Discord refused posted without it), answering the message served as a reply in
//! its channel or through its interaction ([`Answer`]), and saying what became of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{AutoArchiveDuration, ChannelType, CreateThread, Http, MessageId};

use super::interaction::{Answer, follow_by_token};
use super::send;
use crate::model::{ChannelId, UserId};
use crate::reply::Reply;
use crate::service::{Posted, Refused, Sink};

/// How long Discord shows the bot typing after it says so (it says 10 s).
const TYPING_LASTS: Duration = Duration::from_secs(8);

/// The direct-message channel opened with each user: opened once, then reused (Discord
/// gives the same channel each time; asking again is a request wasted).
pub(crate) type DirectChannels = Mutex<HashMap<UserId, serenity::all::ChannelId>>;

/// Whom the message served is answered to.
enum Asking {
    /// Nobody in particular (the watch, the messages a restart left owed).
    Nobody,
    /// A chat message in `channel`: a private reply answers it, pointing at it.
    Message {
        channel: serenity::all::ChannelId,
        message: MessageId,
    },
    /// A slash command or a click, answered through its interaction.
    Interaction(Answer),
}

/// The service's way into Discord for one message, or for the watch.
pub(crate) struct DiscordSink {
    http: Arc<Http>,
    direct: Arc<DirectChannels>,
    asking: Asking,
}

impl DiscordSink {
    /// The sink of the watch and of the messages owed: it answers nobody.
    pub(crate) fn watch(http: Arc<Http>, direct: Arc<DirectChannels>) -> DiscordSink {
        DiscordSink {
            http,
            direct,
            asking: Asking::Nobody,
        }
    }

    /// The sink of chat message `message` in `channel`.
    pub(crate) fn message(
        http: Arc<Http>,
        direct: Arc<DirectChannels>,
        channel: serenity::all::ChannelId,
        message: MessageId,
    ) -> DiscordSink {
        DiscordSink {
            http,
            direct,
            asking: Asking::Message { channel, message },
        }
    }

    /// The sink of an interaction, answered by `answer`.
    pub(crate) fn interaction(
        http: Arc<Http>,
        direct: Arc<DirectChannels>,
        answer: Answer,
    ) -> DiscordSink {
        DiscordSink {
            http,
            direct,
            asking: Asking::Interaction(answer),
        }
    }

    /// The interaction's answer, if the message served is one.
    pub(crate) fn answer_of(&self) -> Option<&Answer> {
        match &self.asking {
            Asking::Interaction(answer) => Some(answer),
            _ => None,
        }
    }

    /// The direct-message channel with `user`.
    async fn direct_channel(&self, user: UserId) -> serenity::Result<serenity::all::ChannelId> {
        let known = (self.direct.lock().ok()).and_then(|dms| dms.get(&user).copied());
        if let Some(channel) = known {
            return Ok(channel);
        }
        let channel = serenity::all::UserId::new(user.0)
            .create_dm_channel(&self.http)
            .await?
            .id;
        if let Ok(mut dms) = self.direct.lock() {
            dms.insert(user, channel);
        }
        Ok(channel)
    }
}

/// What Discord did with replies sent to a channel.
fn posted(sent: send::Sent) -> Posted {
    Posted {
        message: sent
            .announcement
            .and_then(|id| i64::try_from(id.get()).ok()),
        refused: sent.refused,
        undelivered: sent.undelivered,
        again: sent.again,
    }
}

/// A refusal as the service hears it.
fn refused(e: &serenity::Error) -> Refused {
    if send::is_forbidden(e) {
        Refused::Forbidden
    } else {
        Refused::Failed(e.to_string())
    }
}

impl Sink for DiscordSink {
    async fn answer(&self, reply: &Reply) -> Posted {
        match &self.asking {
            Asking::Nobody => {
                tracing::warn!("an answer with nobody asking: not sent");
                Posted::default()
            }
            Asking::Message { channel, message } => {
                let replies = std::slice::from_ref(reply);
                posted(send::to_channel(&self.http, *channel, Some(*message), replies).await)
            }
            Asking::Interaction(answer) => Posted {
                message: (answer.give(&self.http, reply).await)
                    .and_then(|id| i64::try_from(id.get()).ok()),
                ..Posted::default()
            },
        }
    }

    async fn post(&self, channel: ChannelId, reply: &Reply) -> Posted {
        let channel = serenity::all::ChannelId::new(channel.0);
        posted(send::to_channel(&self.http, channel, None, std::slice::from_ref(reply)).await)
    }

    async fn direct(&self, user: UserId, reply: &Reply) -> Result<(), Refused> {
        let sent = match self.direct_channel(user).await {
            Ok(dm) => send::direct(&self.http, dm, reply).await,
            Err(e) => Err(e),
        };
        sent.map_err(|e| refused(&e))
    }

    async fn open_thread(&self, channel: ChannelId, name: &str) -> Result<ChannelId, Refused> {
        let opening = CreateThread::new(name)
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let channel = serenity::all::ChannelId::new(channel.0);
        match channel.create_thread(&self.http, opening).await {
            Ok(opened) => Ok(ChannelId(opened.id.get())),
            Err(e) => {
                tracing::warn!(error = %e, "cannot open a thread");
                Err(refused(&e))
            }
        }
    }

    async fn typing(&self, channel: ChannelId) {
        // An interaction not yet answered shows its own "thinking..." once deferred.
        if let Asking::Interaction(answer) = &self.asking
            && !answer.started().await
        {
            return std::future::pending().await;
        }
        let channel = serenity::all::ChannelId::new(channel.0);
        loop {
            if let Err(e) = channel.broadcast_typing(&self.http).await {
                tracing::warn!(error = %e, "cannot show the bot typing");
            }
            tokio::time::sleep(TYPING_LASTS).await;
        }
    }

    async fn answer_late(&self, token: &str, reply: &Reply) -> Result<Option<i64>, Refused> {
        let sent = follow_by_token(&self.http, token, reply).await;
        sent.map(|first| first.and_then(|id| i64::try_from(id.get()).ok()))
            .map_err(|e| refused(&e))
    }
}
