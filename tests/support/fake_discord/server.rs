//! Who may do what in a server, worked out as Discord does: the owner, the @everyone role
//! and the member's roles, the administrators, then a channel's overwrites (@everyone's, the
//! member's roles' together, the member's own), a thread ruled by its parent, and a private
//! thread seen only by its members and those who manage threads.

use std::collections::HashMap;

use serde_json::{Value, json};

/// A plain member's permissions: View Channel, Send Messages, Read Message History, Use
/// Application Commands.
pub const MEMBER_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31);

/// The View Channel permission.
pub const VIEW_CHANNEL: u64 = 1 << 10;

/// The Administrator permission: every other, whatever the overwrites say.
pub const ADMINISTRATOR: u64 = 1 << 3;

/// The Manage Threads permission: a private thread is seen with it, member or not.
pub const MANAGE_THREADS: u64 = 1 << 34;

/// A channel's permission overwrite for a role or a member.
#[derive(Clone, Copy, Debug)]
pub(super) struct Overwrite {
    /// The role's or the member's id.
    pub(super) id: u64,
    /// A role's (else a member's).
    pub(super) role: bool,
    pub(super) allow: u64,
    pub(super) deny: u64,
}

/// The servers' roles, members, channels' overwrites and threads.
#[derive(Default)]
pub(super) struct Server {
    /// Roles made by tests: (server, permissions). A server's @everyone role has its id.
    roles: HashMap<u64, (u64, u64)>,
    /// @everyone's permissions in a server, where a test changed them.
    everyone: HashMap<u64, u64>,
    /// Each member's roles, as his messages and interactions carry them.
    member_roles: HashMap<u64, Vec<u64>>,
    /// Permissions given to users beyond a member's: a role of their own, whose id is theirs.
    pub(super) granted: HashMap<u64, u64>,
    /// Each server's owner, where a test named one.
    owners: HashMap<u64, u64>,
    /// Each channel's overwrites. A thread has none of its own: its parent's rule in it.
    pub(super) overwrites: HashMap<u64, Vec<Overwrite>>,
    /// Threads, with their parent channel.
    pub(super) threads: HashMap<u64, u64>,
    /// Private threads, with their members.
    pub(super) private_threads: HashMap<u64, Vec<u64>>,
}

impl Server {
    /// A new role of `guild` with `permissions`, given to nobody yet.
    pub(super) fn create_role(&mut self, id: u64, guild: u64, permissions: u64) {
        self.roles.insert(id, (guild, permissions));
    }

    pub(super) fn give_role(&mut self, user: u64, role: u64) {
        let roles = self.member_roles.entry(user).or_default();
        if !roles.contains(&role) {
            roles.push(role);
        }
    }

    pub(super) fn take_role(&mut self, user: u64, role: u64) {
        self.member_roles
            .entry(user)
            .or_default()
            .retain(|r| *r != role);
    }

    pub(super) fn set_everyone(&mut self, guild: u64, permissions: u64) {
        self.everyone.insert(guild, permissions);
    }

    pub(super) fn set_owner(&mut self, guild: u64, user: u64) {
        self.owners.insert(guild, user);
    }

    /// The server's owner (a user nobody plays as, unless a test named one).
    pub(super) fn owner(&self, guild: u64) -> u64 {
        self.owners.get(&guild).copied().unwrap_or(1)
    }

    /// Sets a role's or a member's overwrite in `channel`; `0, 0` takes it away.
    pub(super) fn overwrite(&mut self, channel: u64, id: u64, role: bool, allow: u64, deny: u64) {
        let overwrites = self.overwrites.entry(channel).or_default();
        overwrites.retain(|o| !(o.id == id && o.role == role));
        if allow | deny != 0 {
            overwrites.push(Overwrite {
                id,
                role,
                allow,
                deny,
            });
        }
    }

    /// The roles a member's messages and interactions carry: those given, and the one of
    /// his own that carries what he was granted.
    pub(super) fn roles_of(&self, user: u64) -> Vec<u64> {
        let mut roles = self.member_roles.get(&user).cloned().unwrap_or_default();
        if self.granted.contains_key(&user) {
            roles.push(user);
        }
        roles
    }

    /// A role's permissions.
    fn role_permissions(&self, guild: u64, role: u64) -> u64 {
        if role == guild {
            return self
                .everyone
                .get(&guild)
                .copied()
                .unwrap_or(MEMBER_PERMISSIONS);
        }
        match (self.roles.get(&role), self.granted.get(&role)) {
            (Some((_, permissions)), _) | (None, Some(permissions)) => *permissions,
            (None, None) => 0,
        }
    }

    /// Whether `user` is a member of the private thread `thread` (any user is one of a
    /// thread that is not private).
    pub(super) fn thread_member(&self, thread: u64, user: u64) -> bool {
        self.private_threads
            .get(&thread)
            .is_none_or(|members| members.contains(&user))
    }

    /// `user`'s permissions in `channel` of `guild`, worked out as Discord does.
    pub(super) fn permissions_in(&self, guild: u64, user: u64, channel: u64) -> u64 {
        if self.owners.get(&guild) == Some(&user) {
            return u64::MAX;
        }
        let roles = self.roles_of(user);
        let base = roles
            .iter()
            .fold(self.role_permissions(guild, guild), |all, role| {
                all | self.role_permissions(guild, *role)
            });
        if base & ADMINISTRATOR != 0 {
            return u64::MAX;
        }
        let ruling = self.threads.get(&channel).copied().unwrap_or(channel);
        let overwrites = self.overwrites.get(&ruling).map_or(&[][..], Vec::as_slice);
        let apply = |permissions: u64, o: &Overwrite| (permissions & !o.deny) | o.allow;
        let everyone = overwrites.iter().filter(|o| o.role && o.id == guild);
        let mut permissions = everyone.fold(base, apply);
        let (mut allow, mut deny) = (0, 0);
        for o in overwrites
            .iter()
            .filter(|o| o.role && roles.contains(&o.id))
        {
            allow |= o.allow;
            deny |= o.deny;
        }
        permissions = (permissions & !deny) | allow;
        let own = overwrites.iter().filter(|o| !o.role && o.id == user);
        permissions = own.fold(permissions, apply);
        let hidden_thread = !self.thread_member(channel, user) && permissions & MANAGE_THREADS == 0;
        if permissions & VIEW_CHANNEL == 0 || hidden_thread {
            return 0;
        }
        permissions
    }

    /// A server's roles as `GET /guilds/{id}/roles` gives them.
    pub(super) fn roles_json(&self, guild: u64) -> Vec<Value> {
        let role = |id: u64, name: &str| {
            json!({
                "id": id.to_string(), "name": name,
                "permissions": self.role_permissions(guild, id).to_string(),
                "color": 0, "colors": { "primary_color": 0 }, "hoist": false,
                "managed": false, "mentionable": false, "position": 0, "flags": 0,
            })
        };
        let mut roles = vec![role(guild, "@everyone")];
        roles.extend(self.granted.keys().map(|user| role(*user, "granted")));
        let made = self.roles.iter().filter(|(_, (g, _))| *g == guild);
        roles.extend(made.map(|(id, _)| role(*id, "made")));
        roles
    }

    /// A channel's overwrites as Discord describes them.
    pub(super) fn overwrites_json(&self, channel: u64) -> Vec<Value> {
        let overwrites = self.overwrites.get(&channel).into_iter().flatten();
        overwrites
            .map(|o| {
                json!({
                    "id": o.id.to_string(), "type": if o.role { 0 } else { 1 },
                    "allow": o.allow.to_string(), "deny": o.deny.to_string(),
                })
            })
            .collect()
    }
}
