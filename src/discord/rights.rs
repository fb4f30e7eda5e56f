//! What the author of a chat message may do beyond playing. An interaction carries the
//! member's permissions in the channel; a chat message only the member's roles, so they are
//! worked out as Discord does: the server's roles, then the channel's overwrites.

use serenity::all::{
    Http, Message as DiscordMessage, PermissionOverwriteType, Permissions, RoleId,
};

use crate::model::Rights;

/// The rights of a chat message's author, asked of Discord only when `needed` (the commands
/// a moderator or an admin may give): two requests, the server's roles and the channel.
pub(crate) async fn of_message(http: &Http, msg: &DiscordMessage, needed: bool) -> Rights {
    let (Some(guild), Some(member), true) = (msg.guild_id, msg.member.as_ref(), needed) else {
        return Rights::default();
    };
    let roles = match guild.roles(http).await {
        Ok(roles) => roles,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the server's roles");
            return Rights::default();
        }
    };
    let overwrites = match msg.channel_id.to_channel(http).await.map(|c| c.guild()) {
        Ok(Some(channel)) => channel.permission_overwrites,
        Ok(None) => Vec::new(),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the channel's permissions");
            return Rights::default();
        }
    };
    let everyone = RoleId::new(guild.get());
    let role = |id: &RoleId| {
        roles
            .get(id)
            .map_or(Permissions::empty(), |r| r.permissions)
    };
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
