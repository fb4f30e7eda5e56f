//! The REST API's routes, a function per resource: the gateway and the bot's own user,
//! servers, channels and their messages, interaction webhooks, and application commands.

use super::*;

/// A snowflake in a path segment.
fn id(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

/// Discord's answer to a request it refuses: `status`, its message and code.
fn refusal(status: u16, message: &str, code: u32) -> HttpResponse {
    HttpResponse::json(status, json!({ "message": message, "code": code }))
}

impl Shared {
    /// The answer for a known route, `None` for an unknown one.
    pub(super) fn route(&self, call: &RestCall) -> Option<HttpResponse> {
        let route = call.path.strip_prefix(API_PREFIX)?;
        let segments: Vec<&str> = route.trim_start_matches('/').split('/').collect();
        let method = call.method.as_str();
        match segments.first().copied()? {
            "gateway" | "users" | "oauth2" => self.route_session(call, method, &segments),
            "guilds" => self.route_guild(method, &segments),
            "channels" => match segments.get(2).copied() {
                Some("messages") if method == "POST" && segments.len() == 3 => {
                    self.route_new_message(call, id(segments[1])?)
                }
                _ => self.route_channel(call, method, &segments),
            },
            "webhooks" | "interactions" => self.route_interaction(call, method, &segments),
            "applications" => self.route_application(call, method, &segments),
            _ => None,
        }
    }

    /// The gateway's address, the bot's own user and application, direct-message channels.
    fn route_session(
        &self,
        call: &RestCall,
        method: &str,
        segments: &[&str],
    ) -> Option<HttpResponse> {
        Some(match (method, segments) {
            ("GET", ["gateway"]) => HttpResponse::json(200, json!({ "url": self.gateway_url })),
            ("GET", ["gateway", "bot"]) => {
                let shards = self.state().recommended_shards.max(1);
                HttpResponse::json(
                    200,
                    json!({
                        "url": self.gateway_url,
                        "shards": shards,
                        "session_start_limit": {
                            "total": 1000, "remaining": 999, "reset_after": 0,
                            "max_concurrency": shards,
                        },
                    }),
                )
            }
            ("GET", ["users", "@me"]) => HttpResponse::json(200, bot_user_json()),
            ("GET", ["oauth2", "applications", "@me"]) => {
                HttpResponse::json(200, application_json())
            }
            ("POST", ["users", "@me", "channels"]) => {
                let recipient = id_field(&call.json()["recipient_id"])?;
                let channel_id = self.state().dm_channel_with(recipient);
                HttpResponse::json(
                    200,
                    json!({
                        "id": channel_id.to_string(),
                        "type": 1,
                        "last_message_id": null,
                        "recipients": [self.user_json(recipient)],
                    }),
                )
            }
            _ => return None,
        })
    }

    /// A server and its roles.
    fn route_guild(&self, method: &str, segments: &[&str]) -> Option<HttpResponse> {
        Some(match (method, segments) {
            ("GET", ["guilds", guild]) => {
                let guild = id(guild)?;
                let (owner, roles) = {
                    let state = self.state();
                    (state.server.owner(guild), state.server.roles_json(guild))
                };
                HttpResponse::json(
                    200,
                    json!({
                        "id": guild.to_string(), "name": GUILD_NAME, "icon": null,
                        "owner_id": owner.to_string(), "verification_level": 0,
                        "default_message_notifications": 0, "explicit_content_filter": 0,
                        "roles": roles, "emojis": [], "features": [], "mfa_level": 0,
                        "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": "en-US",
                        "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
                    }),
                )
            }
            ("GET", ["guilds", guild, "roles"]) => {
                HttpResponse::json(200, json!(self.state().server.roles_json(id(guild)?)))
            }
            _ => return None,
        })
    }

    /// A channel or thread, its threads and members, and its messages once posted.
    fn route_channel(
        &self,
        call: &RestCall,
        method: &str,
        segments: &[&str],
    ) -> Option<HttpResponse> {
        Some(match (method, segments) {
            ("GET", ["channels", channel]) => {
                HttpResponse::json(200, self.state().channel_json(id(channel)?))
            }
            ("GET", ["channels", thread, "thread-members", user]) => {
                let state = self.state();
                match state.server.thread_member(id(thread)?, id(user)?) {
                    true => HttpResponse::json(
                        200,
                        json!({
                            "id": thread.to_string(), "user_id": user.to_string(),
                            "join_timestamp": TIMESTAMP, "flags": 0,
                        }),
                    ),
                    false => refusal(404, "Unknown Member", 10007),
                }
            }
            ("POST", ["channels", parent, "threads"]) => self.open_thread(call, id(parent)?),
            ("PATCH", ["channels", channel, "messages", message]) => HttpResponse::json(
                200,
                self.message_json(
                    id(message)?,
                    id(channel)?,
                    &call.payload_json(),
                    &call.files(),
                ),
            ),
            ("DELETE", ["channels", _, "messages", _])
            | ("POST", ["channels", _, "typing"])
            | ("PUT" | "DELETE", ["channels", _, "messages", _, "reactions", _, "@me"]) => {
                HttpResponse::no_content()
            }
            _ => return None,
        })
    }

    /// A public thread the bot opens in `parent`, unless it may not.
    fn open_thread(&self, call: &RestCall, parent: u64) -> HttpResponse {
        if self.state().no_threads.contains(&parent) {
            return refusal(403, "Missing Permissions", 50013);
        }
        let body = call.json();
        let thread = self.state().new_id();
        self.state().server.threads.insert(thread, parent);
        HttpResponse::json(
            201,
            json!({
                "id": thread.to_string(), "type": body["type"].clone(),
                "guild_id": self.state().guild_of_channel(parent).to_string(),
                "parent_id": parent.to_string(), "name": body["name"].clone(),
                "owner_id": BOT_USER_ID.to_string(), "last_message_id": null,
                "permission_overwrites": [], "position": 0, "nsfw": false,
                "rate_limit_per_user": 0, "flags": 0, "message_count": 0,
                "member_count": 1, "total_message_sent": 0,
                "thread_metadata": {
                    "archived": false, "locked": false,
                    "auto_archive_duration": body["auto_archive_duration"].clone(),
                    "archive_timestamp": TIMESTAMP,
                },
            }),
        )
    }

    /// A message the bot posts in `channel`, refused where Discord would refuse it.
    fn route_new_message(&self, call: &RestCall, channel: u64) -> Option<HttpResponse> {
        if self.refuses_dm_in(channel) {
            return Some(refusal(403, "Cannot send messages to this user", 50007));
        }
        if self.state().no_access.contains(&channel) {
            return Some(refusal(403, "Missing Access", 50001));
        }
        if !call.files().is_empty() && self.state().no_files.contains(&channel) {
            return Some(refusal(403, "Missing Permissions", 50013));
        }
        let payload = call.payload_json();
        let nonce = match (&payload["nonce"], &payload["enforce_nonce"]) {
            (Value::String(nonce), Value::Bool(true)) => Some(nonce.clone()),
            (Value::Number(nonce), Value::Bool(true)) => Some(nonce.to_string()),
            _ => None,
        };
        if let Some(first) = nonce.as_ref().and_then(|n| self.nonce_seen(channel, n)) {
            return Some(HttpResponse::json(200, first));
        }
        let message_id = self.state().new_id();
        let mut message = self.message_json(message_id, channel, &payload, &call.files());
        message["nonce"] = payload["nonce"].clone();
        let mut state = self.state();
        // Told to keep digests only, it keeps no payload, and of the message a nonce
        // created, its id.
        if !state.digests_only {
            state
                .created
                .entry(channel)
                .or_default()
                .push(payload.clone());
        }
        if let Some(nonce) = nonce {
            let first = match state.digests_only {
                true => json!({ "id": message["id"].clone() }),
                false => message.clone(),
            };
            state
                .nonces
                .insert((channel, nonce), (first, std::time::Instant::now()));
        }
        Some(HttpResponse::json(200, message))
    }

    /// The message a bot's post with `nonce` created in `channel` within Discord's window
    /// (a few minutes), which Discord answers a post with the same enforced nonce with,
    /// posting nothing.
    fn nonce_seen(&self, channel: u64, nonce: &str) -> Option<Value> {
        const WINDOW: Duration = Duration::from_secs(5 * 60);
        let state = self.state();
        let (message, at) = state.nonces.get(&(channel, nonce.to_string()))?;
        (at.elapsed() < WINDOW).then(|| message.clone())
    }

    /// Whether the interaction `token` was given more than 15 minutes ago.
    fn token_expired(&self, token: &str) -> bool {
        const LIFE: Duration = Duration::from_secs(15 * 60);
        let state = self.state();
        (state.interaction_tokens.get(token)).is_some_and(|given| given.elapsed() >= LIFE)
    }

    /// Keeps the message an interaction's answer (`body`, its callback) made as its original:
    /// a new one for a message (type 4) or a deferral (type 5); an update (type 7) leaves the
    /// clicked message.
    fn keep_original(&self, token: &str, body: &Value, files: &[(String, Vec<u8>)]) {
        if !matches!(body["type"].as_u64(), Some(4 | 5)) {
            return;
        }
        let channel_id = self.interaction_channel(token);
        let message_id = self.state().new_id();
        let data = match &body["data"] {
            Value::Null => json!({}),
            data => data.clone(),
        };
        let original = self.message_json(message_id, channel_id, &data, files);
        (self.state().interaction_originals).insert(token.to_owned(), original);
    }

    /// An interaction's callback and its webhook's follow-ups.
    fn route_interaction(
        &self,
        call: &RestCall,
        method: &str,
        segments: &[&str],
    ) -> Option<HttpResponse> {
        // An interaction's token answers it for 15 minutes; then its webhook is gone.
        if let ("GET" | "POST" | "PATCH", ["webhooks", _, token, ..]) = (method, segments)
            && self.token_expired(token)
        {
            return Some(refusal(401, "Invalid Webhook Token", 50027));
        }
        Some(match (method, segments) {
            ("POST", ["interactions", _, token, "callback"]) => {
                self.keep_original(token, &call.payload_json(), &call.files());
                HttpResponse::no_content()
            }
            ("GET", ["webhooks", _, token, "messages", "@original"]) => {
                match self.state().interaction_originals.get(*token) {
                    Some(original) => HttpResponse::json(200, original.clone()),
                    None => refusal(404, "Unknown Message", 10008),
                }
            }
            ("DELETE", ["webhooks", _, _, "messages", _]) => HttpResponse::no_content(),
            ("POST", ["webhooks", _, token]) => {
                let channel_id = self.interaction_channel(token);
                let message_id = self.state().new_id();
                HttpResponse::json(
                    200,
                    self.message_json(message_id, channel_id, &call.payload_json(), &call.files()),
                )
            }
            ("PATCH", ["webhooks", _, token, "messages", message]) => {
                let channel_id = self.interaction_channel(token);
                let original = (self.state().interaction_originals.get(*token))
                    .and_then(|original| id_field(&original["id"]));
                let message_id =
                    (id(message).or(original)).unwrap_or_else(|| self.state().new_id());
                HttpResponse::json(
                    200,
                    self.message_json(message_id, channel_id, &call.payload_json(), &call.files()),
                )
            }
            _ => return None,
        })
    }

    /// The application and its commands, global or a server's.
    fn route_application(
        &self,
        call: &RestCall,
        method: &str,
        segments: &[&str],
    ) -> Option<HttpResponse> {
        let registered = |guild: Option<u64>| {
            let commands = self.state().commands.get(&guild).cloned();
            HttpResponse::json(200, json!(commands.unwrap_or_default()))
        };
        Some(match (method, segments) {
            ("GET", ["applications", "@me"]) => HttpResponse::json(200, application_json()),
            ("PUT", ["applications", _, "commands"]) => self.register_commands(None, call.json()),
            ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
                self.register_commands(Some(id(guild)?), call.json())
            }
            ("GET", ["applications", _, "commands"]) => registered(None),
            ("GET", ["applications", _, "guilds", guild, "commands"]) => {
                registered(Some(id(guild)?))
            }
            ("POST", ["applications", _, "commands"]) => {
                HttpResponse::json(200, self.command_json(None, call.json()))
            }
            ("POST", ["applications", _, "guilds", guild, "commands"]) => {
                HttpResponse::json(200, self.command_json(Some(id(guild)?), call.json()))
            }
            _ => return None,
        })
    }
}
