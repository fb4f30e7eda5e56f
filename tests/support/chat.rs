//! Who and where the integration tests play, and what every reply must never do.

use gipf_bot::discord::markdown;
use gipf_bot::model::UserId;
use gipf_bot::reply::Reply;
use serde_json::{Value, json};

/// The server of the Discord tests.
pub const GUILD: u64 = 910_000_000_000_000_001;
/// The channel most tests play in.
pub const CHANNEL: u64 = 910_000_000_000_000_002;
/// A second channel of the same server.
pub const OTHER_CHANNEL: u64 = 910_000_000_000_000_003;

/// Players and a bystander, as Discord knows them: (id, name). The console knows them by
/// name alone (`gipf_bot::console::user_id`).
pub const ALICE: (u64, &str) = (910_000_000_000_000_010, "alice");
/// Alice's usual opponent.
pub const BOB: (u64, &str) = (910_000_000_000_000_011, "bob");
/// Someone who does not play.
pub const CAROL: (u64, &str) = (910_000_000_000_000_012, "carol");

/// A reply as Discord shows it, after checking that it can ping nobody but `allowed`:
/// no @everyone or @here, no role, no user outside `allowed`, no mention markup its
/// allowed mentions do not cover, and no link smuggled in by a name.
pub fn shown_safely(reply: &Reply, allowed: &[UserId]) -> String {
    let text = markdown(&reply.text);
    assert!(
        !text.contains("@everyone") && !text.contains("@here"),
        "{text}"
    );
    assert!(!text.contains("<@&"), "role markup in {text}");
    assert!(!text.contains("](http"), "a link from a name in {text}");
    let mentions = reply.mentions();
    for mention in &mentions {
        assert!(
            allowed.contains(mention),
            "unexpected ping {mention:?} in {text}"
        );
    }
    let mut rest = text.as_str();
    while let Some(at) = rest.find("<@") {
        let end = rest[at..].find('>').map_or(rest.len(), |e| at + e);
        let id: u64 = rest[at + 2..end]
            .parse()
            .unwrap_or_else(|_| panic!("odd mention in {text}"));
        assert!(mentions.contains(&UserId(id)), "unlisted ping in {text}");
        rest = &rest[end..];
    }
    text
}

/// A message Discord received may ping exactly these users, and nobody else (no
/// @everyone/@here, no roles).
pub fn assert_pings(body: &Value, users: &[u64]) {
    let users: Vec<String> = users.iter().map(|u| u.to_string()).collect();
    assert_eq!(
        body["allowed_mentions"],
        json!({ "parse": [], "users": users, "roles": [] }),
        "{body:#}"
    );
}
