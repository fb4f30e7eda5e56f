//! What the author of a chat message may do beyond playing. An interaction carries the
//! member's permissions in the channel; a chat message only the member's roles, so they are
//! worked out as Discord does: the server's roles, then the channel's overwrites, and in a
//! thread (which has no overwrites of its own) its parent channel's.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serenity::all::{
    ChannelId, ChannelType, GuildId, Http, Message as DiscordMessage, PermissionOverwrite,
    PermissionOverwriteType, Permissions, RoleId,
};

use crate::model::Rights;

/// How long roles and overwrites read from Discord are trusted when Discord says nothing of
/// a change (it does, by role and channel events: those forget them at once).
const FRESH_FOR: Duration = Duration::from_secs(60);

/// What was read from Discord, and when.
type Read<K, V> = Mutex<HashMap<K, (Instant, V)>>;

/// The servers' roles and the channels' overwrites, as last read, and each thread's parent.
#[derive(Default)]
pub(crate) struct RightsCache {
    roles: Read<GuildId, HashMap<RoleId, Permissions>>,
    overwrites: Read<ChannelId, Vec<PermissionOverwrite>>,
    /// A thread's parent channel, whose overwrites rule in it (a thread never moves).
    parents: Mutex<HashMap<ChannelId, ChannelId>>,
}

/// A cached value read at `at`, if still fresh.
fn fresh<T: Clone>(cached: Option<&(Instant, T)>) -> Option<T> {
    cached
        .filter(|(at, _)| at.elapsed() < FRESH_FOR)
        .map(|(_, value)| value.clone())
}

impl RightsCache {
    /// A server's roles changed: read them again next time.
    pub(crate) fn forget_roles(&self, guild: GuildId) {
        if let Ok(mut roles) = self.roles.lock() {
            roles.remove(&guild);
        }
    }

    /// A channel's overwrites changed (or it is gone): read them again next time.
    pub(crate) fn forget_channel(&self, channel: ChannelId) {
        if let Ok(mut overwrites) = self.overwrites.lock() {
            overwrites.remove(&channel);
        }
    }

    /// Each of a server's roles with its permissions.
    async fn roles(
        &self,
        http: &Http,
        guild: GuildId,
    ) -> serenity::Result<HashMap<RoleId, Permissions>> {
        if let Some(roles) = self.roles.lock().ok().and_then(|c| fresh(c.get(&guild))) {
            return Ok(roles);
        }
        let roles: HashMap<RoleId, Permissions> = guild
            .roles(http)
            .await?
            .into_iter()
            .map(|(id, role)| (id, role.permissions))
            .collect();
        if let Ok(mut cache) = self.roles.lock() {
            cache.insert(guild, (Instant::now(), roles.clone()));
        }
        Ok(roles)
    }

    /// The overwrites that rule in `channel`: its own, or for a thread its parent's.
    async fn overwrites(
        &self,
        http: &Http,
        channel: ChannelId,
    ) -> serenity::Result<Vec<PermissionOverwrite>> {
        let known_parent = self
            .parents
            .lock()
            .ok()
            .and_then(|p| p.get(&channel).copied());
        let mut ruling = known_parent.unwrap_or(channel);
        if let Some(found) = self.cached_overwrites(ruling) {
            return Ok(found);
        }
        let mut read = channel_of(http, ruling).await?;
        if let Some(parent) = read.as_ref().and_then(thread_parent) {
            if let Ok(mut parents) = self.parents.lock() {
                parents.insert(channel, parent);
            }
            ruling = parent;
            if let Some(found) = self.cached_overwrites(ruling) {
                return Ok(found);
            }
            read = channel_of(http, ruling).await?;
        }
        let found = read.map(|c| c.permission_overwrites).unwrap_or_default();
        if let Ok(mut cache) = self.overwrites.lock() {
            cache.insert(ruling, (Instant::now(), found.clone()));
        }
        Ok(found)
    }

    fn cached_overwrites(&self, channel: ChannelId) -> Option<Vec<PermissionOverwrite>> {
        self.overwrites
            .lock()
            .ok()
            .and_then(|c| fresh(c.get(&channel)))
    }

    /// The rights of a chat message's author, asked of Discord only when `needed` (the
    /// commands a moderator or an admin may give).
    pub(crate) async fn of_message(
        &self,
        http: &Http,
        msg: &DiscordMessage,
        needed: bool,
    ) -> Rights {
        let (Some(guild), Some(member), true) = (msg.guild_id, msg.member.as_ref(), needed) else {
            return Rights::default();
        };
        let roles = match self.roles(http, guild).await {
            Ok(roles) => roles,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the server's roles");
                return Rights::default();
            }
        };
        let overwrites = match self.overwrites(http, msg.channel_id).await {
            Ok(overwrites) => overwrites,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the channel's permissions");
                return Rights::default();
            }
        };
        let everyone = RoleId::new(guild.get());
        let role = |id: &RoleId| roles.get(id).copied().unwrap_or(Permissions::empty());
        let mut permissions = member
            .roles
            .iter()
            .fold(role(&everyone), |all, id| all | role(id));
        if !permissions.administrator() {
            permissions = overwritten(
                permissions,
                &overwrites,
                everyone,
                &member.roles,
                msg.author.id,
            );
        }
        Rights {
            manage_messages: permissions.administrator() || permissions.manage_messages(),
            manage_server: permissions.administrator() || permissions.manage_guild(),
        }
    }
}

/// A server channel or thread as Discord describes it (none for a direct conversation).
async fn channel_of(
    http: &Http,
    channel: ChannelId,
) -> serenity::Result<Option<serenity::all::GuildChannel>> {
    Ok(channel.to_channel(http).await?.guild())
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
