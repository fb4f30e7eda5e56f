//! What a Discord message or interaction brings to the service: its author, the rights and
//! the sight Discord vouches for, where it was written (the site of a game's record) and
//! the channels it names.

use serenity::all::{ChannelType, Http, User as DiscordUser};

use super::rights::Member;
use crate::command::{ArgKind, Syntax};
use crate::model::{ChannelId, GuildId, Rights, UserId};
use crate::service::{Message, User, Via};
use crate::sight::Sight;

pub(super) fn user(user: &DiscordUser) -> User {
    User {
        id: UserId(user.id.get()),
        name: user.display_name().to_string(),
    }
}

/// Where a game starts, as its record names the place: `<server> #<channel>`. Two requests;
/// `None` outside a server or if Discord does not tell.
pub(super) async fn site_of(
    http: &Http,
    guild: Option<serenity::all::GuildId>,
    channel: serenity::all::ChannelId,
) -> Option<String> {
    let guild = guild?;
    let names = async {
        let server = guild.to_partial_guild(http).await?.name;
        let channel = channel.to_channel(http).await?;
        let channel = channel.guild().map(|c| c.name).unwrap_or_default();
        Ok::<_, serenity::Error>(format!("{server} #{channel}"))
    };
    match names.await {
        Ok(site) => Some(site),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the names of the server and the channel");
            None
        }
    }
}

/// What an interaction's member may do: Discord sends their permissions in the channel.
pub(super) fn rights_of(member: Option<&serenity::all::Member>) -> Rights {
    let permissions = member.and_then(|m| m.permissions).unwrap_or_default();
    Rights {
        manage_messages: permissions.manage_messages(),
        manage_server: permissions.manage_guild(),
    }
}

/// The member behind an interaction in a server, with the roles it came with.
pub(super) fn member_of_interaction(
    guild: Option<serenity::all::GuildId>,
    member: Option<&serenity::all::Member>,
) -> Option<Member> {
    let member = member?;
    Some(Member {
        guild: guild?,
        user: member.user.id,
        roles: member.roles.clone(),
    })
}

/// A message to the service, from where and whom it came in Discord, how, what its
/// author may do beyond playing (Discord vouches for it with interactions only), and which
/// games he may be shown.
pub(super) fn message_from(
    guild: Option<serenity::all::GuildId>,
    channel: serenity::all::ChannelId,
    author: &DiscordUser,
    text: String,
    via: Via,
    (rights, sight): (Rights, Sight),
) -> Message {
    Message {
        guild: guild.map(|g| GuildId(g.get())),
        channel: ChannelId(channel.get()),
        author: user(author),
        text,
        mentions: Vec::new(),
        channels: Vec::new(),
        stamp: None,
        via,
        site: None,
        answer_token: None,
        rights,
        sight,
    }
}

/// Whether a command takes a channel: only then are the channels its text mentions worth
/// asking Discord about.
pub(super) fn names_channels(row: &Syntax) -> bool {
    row.args.iter().any(|arg| arg.kind == ArgKind::Channel)
}

/// The channels `text` mentions that are text or announcement channels of `guild`, as
/// Discord describes them: a command may name only its own server's channels (a typed
/// `<#id>` could name any channel the bot is in).
pub(super) async fn channels_of(
    http: &Http,
    guild: Option<serenity::all::GuildId>,
    text: &str,
) -> Vec<ChannelId> {
    let Some(guild) = guild else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for channel in ChannelId::mentioned_in(text, 3) {
        match serenity::all::ChannelId::new(channel.0)
            .to_channel(http)
            .await
        {
            Ok(described) => {
                let ours = described.guild().is_some_and(|c| {
                    c.guild_id == guild && matches!(c.kind, ChannelType::Text | ChannelType::News)
                });
                if ours {
                    found.push(channel);
                }
            }
            Err(e) => tracing::warn!(error = %e, channel = channel.0, "cannot read a channel"),
        }
    }
    found
}
