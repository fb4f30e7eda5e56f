//! A [`Text`] in Discord's markdown: names escaped, user input defused, mentions as `<@id>`.

use crate::text::{Span, Text};

const ZERO_WIDTH_SPACE: char = '\u{200B}';

/// The text as Discord shows it. Only its [`Span::Mention`]s become mention markup; the
/// message's allowed mentions (see `send`) name the same users.
///
/// ```
/// use gipf_bot::discord::markdown;
/// use gipf_bot::model::UserId;
/// use gipf_bot::text;
/// use gipf_bot::text::Span;
/// let text = text![
///     Span::Name("**x_y**".into()),
///     " to ",
///     Span::Mention(UserId(7), "bob".into()),
///     ": no @everyone",
/// ];
/// assert_eq!(
///     markdown(&text),
///     "\\*\\*x\\_y\\*\\* to <@7>: no @\u{200B}everyone"
/// );
/// ```
pub fn markdown(text: &Text) -> String {
    let mut out = String::new();
    for span in text.spans() {
        match span {
            Span::Plain(words) => out.push_str(&defuse(words)),
            Span::Strong(words) => {
                out.push_str("**");
                out.push_str(&defuse(words));
                out.push_str("**");
            }
            Span::Name(name) => out.push_str(&escape_markdown(&defuse(name))),
            Span::Mention(user, _) => out.push_str(&format!("<@{}>", user.0)),
            Span::Channel(channel) => out.push_str(&format!("<#{}>", channel.0)),
            Span::Listing(lines) => out.push_str(&format!("```\n{}\n```", defuse(lines))),
        }
    }
    out
}

/// Makes text unable to ping: `@everyone`, `@here`, `<@123>` and `<@&role>` get a
/// zero-width space after their `@` or `<`. Channel links `<#id>` ping nobody and stay.
/// Defusing twice changes nothing more.
fn defuse(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '<'
            && let Some(end) = rest.find('>')
            && is_channel_link(&rest[1..end])
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

/// `#id` of a `<#id>` channel link.
fn is_channel_link(inner: &str) -> bool {
    inner
        .strip_prefix('#')
        .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
}

/// Makes a name show as typed in Discord's markdown: `*`, `_`, `~`, `|`, `` ` ``, `[`, `]`,
/// `(`, `)`, `>`, `#` and `\` get a backslash, so a name cannot bold, hide or link anything.
fn escape_markdown(text: &str) -> String {
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
        assert_eq!(defuse(&text), text);
    }

    #[test]
    fn names_cannot_format_or_link() {
        assert_eq!(
            escape_markdown("[free](x.io) *me*"),
            r"\[free\]\(x.io\) \*me\*"
        );
        let name = markdown(&Text::from(Span::Name("<@1> `x`".into())));
        assert_eq!(name, "<\u{200B}@\u{200B}1\\> \\`x\\`");
    }
}
