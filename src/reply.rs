//! What the bot says back: text, an optional board picture and file, and exactly which
//! users it may ping.

/// A chat user, as an adapter identifies them (a Discord snowflake, or a console number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub u64);

impl UserId {
    /// The mention markup adapters understand: `<@123>`.
    pub fn mention(self) -> String {
        format!("<@{}>", self.0)
    }
}

/// What a button was made for, so that a click on an old button is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stamp {
    /// A question in a game: the game, and its stored version when the question was asked
    /// (every change of the game bumps it, decisions within a turn too).
    Game {
        /// The game's id.
        id: i64,
        /// The game's version.
        version: i64,
    },
    /// An open challenge.
    Challenge {
        /// The challenge's id.
        id: i64,
    },
}

/// A button under a reply (Discord shows them; the console lists their commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// The chat command it stands for, without prefix, e.g. `row 2` or `accept`.
    pub command: String,
    /// What it was made for.
    pub stamp: Stamp,
}

/// One message from the bot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The text. Mentions appear only as `<@id>` of users in [`Reply::mentions`]; anything
    /// echoed from users has been defused by [`defuse`].
    pub text: String,
    /// The only users this reply may ping. Never @everyone, @here or a role.
    pub mentions: Vec<UserId>,
    /// A PNG of the board.
    pub board: Option<Vec<u8>>,
    /// A file to attach: (file name, bytes).
    pub file: Option<(String, Vec<u8>)>,
    /// Buttons for the likely answers.
    pub buttons: Vec<Button>,
    /// Shown only to the user who asked, where the adapter can (Discord interactions).
    pub private: bool,
}

impl Reply {
    /// A plain text reply that pings nobody.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A reply meant for the asker only: an error or a refusal.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }
}

/// `@id` of an allowed user, or `#id` of a channel.
fn is_kept_markup(inner: &str, allowed: &[UserId]) -> bool {
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    if let Some(id) = inner.strip_prefix('@') {
        digits(id) && id.parse().is_ok_and(|id| allowed.contains(&UserId(id)))
    } else {
        inner.strip_prefix('#').is_some_and(digits)
    }
}

const ZERO_WIDTH_SPACE: char = '\u{200B}';

/// Makes user-supplied text unable to ping: `@everyone`, `@here`, `<@123>` and `<@&role>`
/// get a zero-width space after their `@` or `<`. Channel links `<#id>` ping nobody and stay.
/// Defusing twice changes nothing more.
pub fn defuse(text: &str) -> String {
    sanitize(text, &[])
}

/// Makes user-supplied text show as typed in Discord's markdown: `*`, `_`, `~`, `|`, `` ` ``,
/// `[`, `]`, `(`, `)`, `>`, `#` and `\` get a backslash, so a name cannot bold, hide or
/// link anything.
///
/// ```
/// use gipf_bot::reply::escape_markdown;
/// assert_eq!(escape_markdown("[free](x.io) *me*"), r"\[free\]\(x.io\) \*me\*");
/// ```
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '|' | '`' | '[' | ']' | '(' | ')' | '>' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Defuses everything in `text` except the mentions `<@id>` of the `allowed` users and
/// channel links `<#id>` (they ping nobody).
pub fn sanitize(text: &str, allowed: &[UserId]) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '<'
            && let Some(end) = rest.find('>')
            && is_kept_markup(&rest[1..end], allowed)
        {
            out.push_str(&rest[..=end]);
            rest = &rest[end + 1..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
        if (c == '@' || c == '<') && !rest.starts_with(ZERO_WIDTH_SPACE) {
            out.push(ZERO_WIDTH_SPACE);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defused_text_has_no_mention_markup() {
        let text = defuse("hi @everyone and @here <@123> <@&456> <#789>");
        assert!(!text.contains("@everyone") && !text.contains("@here"));
        assert!(!text.contains("<@"));
        assert_eq!(
            text.replace('\u{200B}', ""),
            "hi @everyone and @here <@123> <@&456> <#789>"
        );
    }
}
