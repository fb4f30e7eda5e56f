//! A [`Text`] in Discord's markdown: names escaped, user input defused, mentions as `<@id>`.

use crate::text::{Span, Text};

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
            Span::Message(guild, channel, message) => out.push_str(&format!(
                "https://discord.com/channels/{}/{}/{message}",
                guild.0, channel.0
            )),
            Span::Listing(lines) => out.push_str(&format!("```\n{}\n```", defuse(lines))),
            // Discord shows it in each reader's own time zone, and how far off it is.
            Span::Time(unix) => out.push_str(&format!("<t:{unix}:f> (<t:{unix}:R>)")),
        }
    }
    out
}

/// Makes text unable to ping: a zero-width space breaks `@everyone` and `@here` after the
/// `@`, and every `<@` (users and roles) after the `<`. Nothing else changes, so text a
/// player may copy (`<dot>`, `b1-c2`) carries no invisible character. Defusing twice
/// changes nothing more.
fn defuse(text: &str) -> String {
    text.replace("@everyone", "@\u{200B}everyone")
        .replace("@here", "@\u{200B}here")
        .replace("<@", "<\u{200B}@")
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
    fn text_to_copy_keeps_no_invisible_character() {
        let hint = "push with `!push <dot> <first spot>`, like `!push b1 c2`; mail a@b.c";
        assert_eq!(defuse(hint), hint);
    }

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
        assert_eq!(name, "<\u{200B}@1\\> \\`x\\`");
    }
}
