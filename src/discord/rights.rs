//! What the author of a chat message may do beyond playing. An interaction carries the
//! member's permissions in the channel; a chat message only the member's roles, so they are
//! worked out as Discord does: the server's roles, then the channel's overwrites, and in a
//! thread (which has no overwrites of its own) its parent channel's.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serenity::all::{
    ChannelId, ChannelType, GuildId, Http, Message as DiscordMessage, PermissionOverwrite,
    PermissionOverwriteType, Permissions, RoleId, UserId,
};

use crate::model::Rights;

/// How long roles and overwrites read from Discord are trusted when Discord says nothing of
/// a change (it does, by role, server and channel events: those forget them at once).
const FRESH_FOR: Duration = Duration::from_secs(60);

/// What was read from Discord, and when.
type Read<K, V> = Mutex<HashMap<K, (Instant, V)>>;

/// A server as its permissions need it: its owner, and each role's permissions.
#[derive(Clone)]
struct ServerFacts {
    owner: UserId,
    roles: HashMap<RoleId, Permissions>,
}

/// A channel or thread as its permissions need it.
#[derive(Clone)]
struct ChannelFacts {
    /// A thread's parent channel, whose overwrites rule in it.
    parent: Option<ChannelId>,
    /// A private thread: seen by its members and by those who manage threads.
    private_thread: bool,
    /// Its own overwrites (a thread has none).
    overwrites: Vec<PermissionOverwrite>,
}

/// A member of a server: what his permissions are worked out from. His roles come with
/// each message or interaction, so they are never stale.
#[derive(Clone, Debug)]
pub(crate) struct Member {
    pub(crate) guild: GuildId,
    pub(crate) user: UserId,
    pub(crate) roles: Vec<RoleId>,
}

/// The servers' owners and roles and the channels' overwrites, as last read.
#[derive(Default)]
pub(crate) struct RightsCache {
    servers: Read<GuildId, ServerFacts>,
    channels: Read<ChannelId, ChannelFacts>,
}

/// A cached value read at `at`, if still fresh.
fn fresh<T: Clone>(cached: Option<&(Instant, T)>) -> Option<T> {
    cached
        .filter(|(at, _)| at.elapsed() < FRESH_FOR)
        .map(|(_, value)| value.clone())
}

/// Remembers `value` under `key` as read now.
fn remember<K: std::hash::Hash + Eq, V>(read: &Read<K, V>, key: K, value: V) {
    if let Ok(mut cache) = read.lock() {
        cache.insert(key, (Instant::now(), value));
    }
}

impl RightsCache {
    /// A server's roles or owner changed: read them again next time.
    pub(crate) fn forget_server(&self, guild: GuildId) {
        if let Ok(mut servers) = self.servers.lock() {
            servers.remove(&guild);
        }
    }

    /// A channel's overwrites changed (or it is gone): read them again next time.
    pub(crate) fn forget_channel(&self, channel: ChannelId) {
        if let Ok(mut channels) = self.channels.lock() {
            channels.remove(&channel);
        }
    }

    /// A server's owner and each of its roles with its permissions.
    async fn server(&self, http: &Http, guild: GuildId) -> serenity::Result<ServerFacts> {
        if let Some(facts) = self.servers.lock().ok().and_then(|c| fresh(c.get(&guild))) {
            return Ok(facts);
        }
        let read = guild.to_partial_guild(http).await?;
        let facts = ServerFacts {
            owner: read.owner_id,
            roles: (read.roles.into_iter())
                .map(|(id, role)| (id, role.permissions))
                .collect(),
        };
        remember(&self.servers, guild, facts.clone());
        Ok(facts)
    }

    /// A channel's or thread's parent, kind and overwrites.
    async fn channel(&self, http: &Http, channel: ChannelId) -> serenity::Result<ChannelFacts> {
        let cached = self
            .channels
            .lock()
            .ok()
            .and_then(|c| fresh(c.get(&channel)));
        if let Some(facts) = cached {
            return Ok(facts);
        }
        let read = channel.to_channel(http).await?.guild();
        let facts = ChannelFacts {
            parent: read.as_ref().and_then(thread_parent),
            private_thread: read
                .as_ref()
                .is_some_and(|c| c.kind == ChannelType::PrivateThread),
            overwrites: read.map(|c| c.permission_overwrites).unwrap_or_default(),
        };
        remember(&self.channels, channel, facts.clone());
        Ok(facts)
    }

    /// `member`'s permissions in `channel`, worked out as Discord does: the owner and the
    /// administrators have all; else the server's roles, then the overwrites of the channel
    /// (of a thread's parent); a private thread only for its members and those who manage
    /// threads. Nothing at all where he may not view the channel.
    pub(crate) async fn permissions(
        &self,
        http: &Http,
        member: &Member,
        channel: ChannelId,
    ) -> serenity::Result<Permissions> {
        let server = self.server(http, member.guild).await?;
        if server.owner == member.user {
            return Ok(Permissions::all());
        }
        let everyone = RoleId::new(member.guild.get());
        let role = |id: &RoleId| {
            server
                .roles
                .get(id)
                .copied()
                .unwrap_or(Permissions::empty())
        };
        let base = (member.roles.iter()).fold(role(&everyone), |all, id| all | role(id));
        if base.administrator() {
            return Ok(Permissions::all());
        }
        let facts = self.channel(http, channel).await?;
        let ruling = match facts.parent {
            Some(parent) => self.channel(http, parent).await?.overwrites,
            None => facts.overwrites.clone(),
        };
        let permissions = overwritten(base, &ruling, everyone, &member.roles, member.user);
        let member_of_thread = || async {
            (http
                .get_thread_channel_member(channel, member.user, false)
                .await)
                .is_ok()
        };
        let hidden = !permissions.view_channel()
            || (facts.private_thread && !permissions.manage_threads() && !member_of_thread().await);
        Ok(if hidden {
            Permissions::empty()
        } else {
            permissions
        })
    }

    /// Whether every member who can view `here` can view `channel` too: the same channel, a
    /// public thread of it or its thread's parent, or a channel that no overwrite hides from
    /// anyone and that @everyone may view.
    pub(crate) async fn readers_of_see(
        &self,
        http: &Http,
        guild: GuildId,
        here: ChannelId,
        channel: ChannelId,
    ) -> serenity::Result<bool> {
        let facts = self.channel(http, channel).await?;
        let family = channel == here
            || (facts.parent == Some(here) && !facts.private_thread)
            || self.channel(http, here).await?.parent == Some(channel);
        if family {
            return Ok(true);
        }
        if facts.private_thread {
            return Ok(false);
        }
        self.open_to_all(http, guild, channel).await
    }

    /// Whether every member of `guild` may read `channel`: @everyone may view it (a thread:
    /// its parent, and the thread is not private) and no overwrite hides it from anyone.
    pub(crate) async fn open_to_all(
        &self,
        http: &Http,
        guild: GuildId,
        channel: ChannelId,
    ) -> serenity::Result<bool> {
        let facts = self.channel(http, channel).await?;
        if facts.private_thread {
            return Ok(false);
        }
        let ruling = match facts.parent {
            Some(parent) => self.channel(http, parent).await?.overwrites,
            None => facts.overwrites,
        };
        let everyone = RoleId::new(guild.get());
        let server = self.server(http, guild).await?;
        let base = server.roles.get(&everyone).copied().unwrap_or_default();
        let hides = |o: &PermissionOverwrite| {
            o.deny.view_channel()
                && !matches!(o.kind, PermissionOverwriteType::Role(role) if role == everyone)
        };
        let open = (ruling.iter()).fold(base, |p, o| match o.kind {
            PermissionOverwriteType::Role(role) if role == everyone => (p - o.deny) | o.allow,
            _ => p,
        });
        Ok(open.view_channel() && !ruling.iter().any(hides))
    }

    /// The rights of a chat message's author, asked of Discord only when `needed` (the
    /// commands a moderator or an admin may give).
    pub(crate) async fn of_message(
        &self,
        http: &Http,
        msg: &DiscordMessage,
        needed: bool,
    ) -> Rights {
        let (Some(member), true) = (member_of_message(msg), needed) else {
            return Rights::default();
        };
        match self.permissions(http, &member, msg.channel_id).await {
            Ok(permissions) => Rights {
                manage_messages: permissions.manage_messages(),
                manage_server: permissions.manage_guild(),
            },
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the author's permissions");
                Rights::default()
            }
        }
    }
}

/// The member who wrote a message in a server, with the roles it came with.
pub(crate) fn member_of_message(msg: &DiscordMessage) -> Option<Member> {
    Some(Member {
        guild: msg.guild_id?,
        user: msg.author.id,
        roles: msg.member.as_ref()?.roles.clone(),
    })
}

/// The parent channel of a thread; none for any other channel.
fn thread_parent(channel: &serenity::all::GuildChannel) -> Option<ChannelId> {
    let thread = matches!(
        channel.kind,
        ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
    );
    thread.then_some(channel.parent_id).flatten()
}

/// Discord's order: the channel's @everyone overwrite, then the member's roles' together,
/// then the member's own.
fn overwritten(
    mut permissions: Permissions,
    overwrites: &[serenity::all::PermissionOverwrite],
    everyone: RoleId,
    member_roles: &[RoleId],
    user: serenity::all::UserId,
) -> Permissions {
    let apply = |permissions: Permissions, allow: Permissions, deny: Permissions| {
        (permissions - deny) | allow
    };
    for overwrite in overwrites {
        if overwrite.kind == PermissionOverwriteType::Role(everyone) {
            permissions = apply(permissions, overwrite.allow, overwrite.deny);
        }
    }
    let (mut allow, mut deny) = (Permissions::empty(), Permissions::empty());
    for overwrite in overwrites {
        if let PermissionOverwriteType::Role(role) = overwrite.kind
            && role != everyone
            && member_roles.contains(&role)
        {
            allow |= overwrite.allow;
            deny |= overwrite.deny;
        }
    }
    permissions = apply(permissions, allow, deny);
    for overwrite in overwrites {
        if overwrite.kind == PermissionOverwriteType::Member(user) {
            permissions = apply(permissions, overwrite.allow, overwrite.deny);
        }
    }
    permissions
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::all::{PermissionOverwrite, UserId};

    #[test]
    fn overwrites_apply_everyone_then_roles_then_the_member() {
        let (everyone, moderators, user) = (RoleId::new(1), RoleId::new(2), UserId::new(3));
        let overwrite = |kind, allow, deny| PermissionOverwrite { allow, deny, kind };
        let base = Permissions::SEND_MESSAGES | Permissions::MANAGE_MESSAGES;
        let everyone_denied = [overwrite(
            PermissionOverwriteType::Role(everyone),
            Permissions::empty(),
            Permissions::MANAGE_MESSAGES,
        )];
        let denied = overwritten(base, &everyone_denied, everyone, &[moderators], user);
        assert!(!denied.manage_messages() && denied.send_messages());
        let role_allows = [
            everyone_denied[0].clone(),
            overwrite(
                PermissionOverwriteType::Role(moderators),
                Permissions::MANAGE_MESSAGES,
                Permissions::empty(),
            ),
        ];
        assert!(overwritten(base, &role_allows, everyone, &[moderators], user).manage_messages());
        assert!(!overwritten(base, &role_allows, everyone, &[], user).manage_messages());
        let member_denied = [
            role_allows[0].clone(),
            role_allows[1].clone(),
            overwrite(
                PermissionOverwriteType::Member(user),
                Permissions::empty(),
                Permissions::MANAGE_MESSAGES,
            ),
        ];
        assert!(
            !overwritten(base, &member_denied, everyone, &[moderators], user).manage_messages()
        );
    }
}
