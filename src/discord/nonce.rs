//! The nonce of an announcement's messages: a reply that announces stored turns goes with a
//! nonce Discord enforces, so the same announcement posted twice within Discord's window
//! (again after a crash) is one message.

use serenity::all::{CreateMessage, Nonce};

use crate::reply::Reply;

/// `message`, part `part` of `reply`, with the nonce of its first announcement: Discord
/// answers a second message with the same nonce in the channel (a post again after a crash)
/// with the first one, posting nothing.
/// A direct copy of the announcement has a nonce of its own (Discord enforces a nonce per
/// author, across channels), told apart by its recipient.
pub(crate) fn with_nonce(message: CreateMessage, reply: &Reply, part: usize) -> CreateMessage {
    let Some(first) = reply.owed.first() else {
        return message;
    };
    let nonce = match reply.direct {
        // At most 25 characters: `o`, 19 digits, `.`, the part.
        None => format!("o{}.{part}", first.0),
        // At most 25: `d`, 13 base-36 digits, `.`, the part, `.`, the recipient's last 6
        // base-36 digits (the two players of a game are told apart).
        Some(user) => format!(
            "d{}.{part}.{}",
            base36(first.0.unsigned_abs()),
            base36(user.0 % 36u64.pow(6))
        ),
    };
    message.nonce(Nonce::String(nonce)).enforce_nonce(true)
}

/// `n` in base 36 (digits, then small letters).
fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut digits = Vec::new();
    loop {
        digits.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8_lossy(&digits).into_owned()
}
