//! What the bot says, as meaning rather than markup: its own words, someone's name, a user
//! to ping, a channel. Each adapter renders a [`Text`] its own way (Discord markdown and
//! mentions; plain words in a terminal), so the service never writes markup.

use crate::model::{ChannelId, GuildId, UserId};

/// One piece of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Span {
    /// The bot's own words; `backticks` mark what a player can type. It may quote a
    /// player's input (a refused word), so adapters make it unable to ping.
    Plain(String),
    /// Words to stress.
    Strong(String),
    /// Someone's display name, shown as written: it never formats, links or pings.
    Name(String),
    /// A user to ping, with the name to show where there are no pings.
    Mention(UserId, String),
    /// A channel, shown as a link where the adapter can.
    Channel(ChannelId),
    /// A message the bot posted in a server's channel (the server, the channel, the
    /// message), shown as a link to it where the adapter can, else as its channel.
    Message(GuildId, ChannelId, u64),
    /// Lines to show as they are, in a fixed-width block (a game record).
    Listing(String),
    /// A moment (Unix seconds), shown in the reader's time where the adapter can.
    Time(i64),
}

impl From<&str> for Span {
    fn from(text: &str) -> Span {
        Span::Plain(text.to_string())
    }
}

impl From<String> for Span {
    fn from(text: String) -> Span {
        Span::Plain(text)
    }
}

impl From<&String> for Span {
    fn from(text: &String) -> Span {
        Span::Plain(text.clone())
    }
}

/// A message's text: a sequence of [`Span`]s. Build one with [`text!`](crate::text!).
///
/// ```
/// use gipf_bot::model::UserId;
/// use gipf_bot::text;
/// use gipf_bot::text::Span;
/// let bob = Span::Mention(UserId(7), "bob".into());
/// let said = text![bob, ", your move: `", "!push b1 c2", "`."];
/// assert_eq!(said.mentions(), [UserId(7)]);
/// assert_eq!(said.to_string(), "@bob, your move: `!push b1 c2`.");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Text(Vec<Span>);

impl Text {
    /// An empty text.
    pub fn new() -> Text {
        Text::default()
    }

    /// Adds a span (a `&str` or `String` is the bot's own words).
    pub fn push(&mut self, span: impl Into<Span>) -> &mut Text {
        let span = span.into();
        match (self.0.last_mut(), &span) {
            // Adjacent plain words make one span, so texts compare by what they say.
            (Some(Span::Plain(last)), Span::Plain(more)) => last.push_str(more),
            _ => self.0.push(span),
        }
        self
    }

    /// Adds all of `other`.
    pub fn append(&mut self, other: Text) -> &mut Text {
        for span in other.0 {
            self.push(span);
        }
        self
    }

    /// The texts one after another, `separator` between them.
    pub fn join(texts: impl IntoIterator<Item = Text>, separator: &str) -> Text {
        let mut joined = Text::new();
        for (i, text) in texts.into_iter().enumerate() {
            if i > 0 {
                joined.push(separator);
            }
            joined.append(text);
        }
        joined
    }

    /// The spans, in order.
    pub fn spans(&self) -> &[Span] {
        &self.0
    }

    /// The users this text pings: exactly its [`Span::Mention`]s, each once.
    pub fn mentions(&self) -> Vec<UserId> {
        let mut users: Vec<UserId> = Vec::new();
        for span in &self.0 {
            if let Span::Mention(user, _) = span
                && !users.contains(user)
            {
                users.push(*user);
            }
        }
        users
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Text {
        Text(vec![Span::from(text)])
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text(vec![Span::Plain(text)])
    }
}

impl From<Span> for Text {
    fn from(span: Span) -> Text {
        Text(vec![span])
    }
}

/// Plain words, as a log line or a terminal shows them: names as written, mentions as
/// `@name`, channels as `#id`.
impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for span in &self.0 {
            match span {
                Span::Plain(text) | Span::Strong(text) | Span::Name(text) => f.write_str(text)?,
                Span::Mention(_, name) => write!(f, "@{name}")?,
                Span::Channel(channel) | Span::Message(_, channel, _) => {
                    write!(f, "#{}", channel.0)?;
                }
                Span::Listing(lines) => f.write_str(lines)?,
                Span::Time(unix) => f.write_str(&utc(*unix))?,
            }
        }
        Ok(())
    }
}

/// A moment as `2026-11-24 18:00 UTC`.
///
/// ```
/// assert_eq!(gipf_bot::text::utc(1_795_435_200), "2026-11-23 12:00 UTC");
/// assert_eq!(gipf_bot::text::utc(951_782_400), "2000-02-29 00:00 UTC");
/// ```
pub fn utc(unix: i64) -> String {
    let (year, month, day) = civil(unix);
    let seconds = unix.rem_euclid(crate::defaults::DAY);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        seconds / 3600,
        seconds % 3600 / 60
    )
}

/// The UTC date of a moment: (year, month 1 to 12, day 1 to 31).
///
/// ```
/// assert_eq!(gipf_bot::text::civil(951_782_400), (2000, 2, 29));
/// ```
pub fn civil(unix: i64) -> (i64, i64, i64) {
    let days = unix.div_euclid(crate::defaults::DAY);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

/// `1 game`, `2 games`: a count and its noun (English plurals by `s`).
///
/// ```
/// assert_eq!(gipf_bot::text::count(1u32, "turn"), "1 turn");
/// assert_eq!(gipf_bot::text::count(0u32, "game"), "0 games");
/// ```
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// A [`Text`] from spans and words: `text!["It is ", name, "'s turn."]`.
#[macro_export]
macro_rules! text {
    ($($part:expr),* $(,)?) => {{
        let mut text = $crate::text::Text::new();
        $(text.push($part);)*
        text
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_merge_and_mentions_count_once() {
        let alice = Span::Mention(UserId(1), "alice".into());
        let text = crate::text!["a", "b", alice.clone(), " and ", alice];
        assert_eq!(text.spans().len(), 4);
        assert_eq!(text.spans()[0], Span::Plain("ab".into()));
        assert_eq!(text.mentions(), [UserId(1)]);
        assert_eq!(Text::join([text!["x"], text!["y"]], ", "), text!["x, y"]);
    }
}
