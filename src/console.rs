//! The console adapter: play in a terminal, or script a game through standard input.
//!
//! Each input line is `<user>: <message>`, mentions written `@name`. Replies are printed as
//! `bot: <text>` lines; board pictures are written to a folder and printed as
//! `bot: [image] <path>`.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::Context;

use crate::model::{ChannelId, Rights, UserId};
use crate::reply::Reply;
use crate::service::{Asked, Message, Posted, Refused, Service, Sink, User, Via};
use crate::sight::Sight;
use crate::text::{Span, Text};

/// The console's one channel.
pub const CONSOLE_CHANNEL: ChannelId = ChannelId(1);
/// The bot itself in the console: `@gipf-bot` is its engine.
pub const ENGINE_NAME: &str = "gipf-bot";

/// A text as the terminal shows it: names as written, mentions as `@name`, no markup.
pub fn plain(text: &Text) -> String {
    let mut out = String::new();
    for span in text.spans() {
        match span {
            Span::Channel(channel) | Span::Message(_, channel, _)
                if *channel == CONSOLE_CHANNEL =>
            {
                out.push_str("#console");
            }
            Span::Channel(channel) | Span::Message(_, channel, _) => {
                out.push_str(&format!("#channel-{}", channel.0));
            }
            other => out.push_str(&Text::from(other.clone()).to_string()),
        }
    }
    out
}

/// A stable id for a console user name (FNV-1a), so games survive restarts.
pub fn user_id(name: &str) -> UserId {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.to_lowercase().bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    // Keep it within SQLite's signed integers.
    UserId(hash >> 1)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.'
}

/// Reads `@name` mentions into `<@id>` markup and the list of mentioned users.
fn read_mentions(text: &str) -> (String, Vec<User>) {
    let mut out = String::with_capacity(text.len());
    let mut mentions: Vec<User> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let len = after
            .find(|c: char| !is_name_char(c))
            .unwrap_or(after.len());
        let name = &after[..len];
        if name.is_empty() || name == "everyone" || name == "here" {
            out.push('@');
            out.push_str(name);
        } else {
            let id = user_id(name);
            out.push_str(&id.mention());
            if !mentions.iter().any(|u| u.id == id) {
                mentions.push(User {
                    id,
                    name: name.to_string(),
                });
            }
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    (out, mentions)
}

/// The console adapter: where it writes pictures.
pub struct Console {
    boards: PathBuf,
    images: usize,
}

impl Console {
    /// A console writing pictures into `boards` (created if missing).
    pub fn new(boards: impl AsRef<Path>) -> anyhow::Result<Console> {
        let boards = boards.as_ref().to_path_buf();
        std::fs::create_dir_all(&boards)
            .with_context(|| format!("cannot create {}", boards.display()))?;
        Ok(Console { boards, images: 0 })
    }

    /// Turns one input line into a message, or says why it is not one.
    pub fn read_line(&mut self, line: &str) -> Result<Message, String> {
        let (author, text) = line
            .split_once(':')
            .map(|(a, t)| (a.trim(), t.trim()))
            .filter(|(a, _)| !a.is_empty() && a.chars().all(is_name_char))
            .ok_or_else(|| {
                "write `<name>: <message>`, like `alice: !challenge @bob`".to_string()
            })?;
        let (text, mentions) = read_mentions(text);
        // The console is one table: whatever channel it names is its own.
        let channels = ChannelId::mentioned_in(&text, 3);
        let author = User {
            id: user_id(author),
            name: author.to_string(),
        };
        Ok(Message {
            guild: None,
            channel: CONSOLE_CHANNEL,
            author,
            text,
            mentions,
            channels,
            stamp: None,
            via: Via::Console,
            rights: Rights::default(),
            // One table for everyone: every game here is everyone's to see.
            sight: Sight::Everything,
            site: Some("console".into()),
            answer_token: None,
        })
    }

    /// Prints a reply: text with pings shown as `@name`, pictures and files saved to disk; a
    /// direct message is marked as one.
    pub fn print(&mut self, reply: &Reply, out: &mut impl Write) -> anyhow::Result<()> {
        let speaker = if reply.direct.is_some() {
            "bot (direct message)"
        } else {
            "bot"
        };
        for line in plain(&reply.text).lines() {
            writeln!(out, "{speaker}: {line}")?;
        }
        if let Some(board) = &reply.board {
            self.images += 1;
            let (kind, _) = (board.drawn.file_name().split_once('.')).unwrap_or(("board", ""));
            let path = (self.boards).join(format!("{kind}-{:04}.png", self.images));
            std::fs::write(&path, &board.png)
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(out, "bot: [image] {}", path.display())?;
            writeln!(out, "bot: [image described] {}", board.alt)?;
        }
        if let Some((name, bytes)) = &reply.file {
            let path = self.boards.join(name);
            std::fs::write(&path, bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(out, "bot: [file] {}", path.display())?;
        }
        if !reply.buttons.is_empty() {
            let buttons: Vec<String> = reply
                .buttons
                .iter()
                .map(|b| format!("{} (`{}`)", b.label, b.command))
                .collect();
            writeln!(out, "bot: [buttons] {}", buttons.join(" | "))?;
        }
        Ok(())
    }

    /// Serves lines from `input` until it ends. The bot itself is `@gipf-bot`: challenge it
    /// to play its engine, whose answer takes the place of the turn it answers. The work a
    /// reply leaves for later (an analysis) runs beside the next lines, as in Discord: its
    /// replies are printed with the next line's answers once ready, and the run ends when
    /// all of it is done.
    pub fn run(
        &mut self,
        service: &Arc<Service>,
        input: impl BufRead,
        mut out: impl Write,
    ) -> anyhow::Result<()> {
        service.set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
        // Later work goes on beside the next lines: on a runtime of its own.
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .context("cannot start the console's runtime")?;
        let shown = Arc::new(Terminal::default());
        // What an earlier run stored and never printed (it was killed first) comes first.
        runtime.block_on(service.drain(&*shown));
        self.print_all(&shown, &mut out)?;
        for line in input.lines() {
            let line = line.context("cannot read standard input")?;
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            match self.read_line(&line) {
                Ok(message) => {
                    let served = service.serve(message, Asked::Line, Arc::clone(&shown));
                    runtime.block_on(served);
                }
                Err(usage) => writeln!(out, "bot: {usage}")?,
            }
            self.print_all(&shown, &mut out)?;
            out.flush()?;
        }
        runtime.block_on(service.settle());
        self.print_all(&shown, &mut out)?;
        out.flush()?;
        Ok(())
    }

    /// Prints what the terminal was handed since the last time.
    fn print_all(&mut self, shown: &Terminal, out: &mut impl Write) -> anyhow::Result<()> {
        shown
            .take()
            .iter()
            .try_for_each(|reply| self.print(reply, out))
    }
}

/// The console's [`Sink`]: it keeps each reply (answered, posted or sent directly) in order,
/// for the console to print between the lines it reads (and a benchmark to count). It has
/// no threads, and nobody's answer outlives it.
#[derive(Default)]
pub struct Terminal {
    replies: Mutex<Vec<Reply>>,
}

impl Terminal {
    /// The replies kept since the last call, in order.
    pub fn take(&self) -> Vec<Reply> {
        (self.replies.lock())
            .map(|mut replies| std::mem::take(&mut *replies))
            .unwrap_or_default()
    }

    fn keep(&self, reply: &Reply) -> Posted {
        if let Ok(mut replies) = self.replies.lock() {
            replies.push(reply.clone());
        }
        Posted::default()
    }
}

impl Sink for Terminal {
    async fn answer(&self, reply: &Reply) -> Posted {
        self.keep(reply)
    }

    async fn post(&self, _: ChannelId, reply: &Reply) -> Posted {
        self.keep(reply)
    }

    async fn direct(&self, user: UserId, reply: &Reply) -> Result<(), Refused> {
        self.keep(&Reply {
            direct: Some(user),
            ..reply.clone()
        });
        Ok(())
    }

    async fn open_thread(&self, _: ChannelId, _: &str) -> Result<ChannelId, Refused> {
        Err(Refused::Failed("the console has no threads".into()))
    }

    async fn typing(&self, _: ChannelId) {}

    async fn answer_late(&self, _: &str, _: &Reply) -> Result<Option<i64>, Refused> {
        Err(Refused::Failed(
            "the console keeps no answers across runs".into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_print_without_discord_markup() {
        let text = crate::text![
            Span::Name("alice_b".into()),
            " in ",
            Span::Channel(CONSOLE_CHANNEL),
            ", ",
            Span::Mention(user_id("bob"), "bob".into()),
            ": ",
            Span::Strong("GIPF".into()),
        ];
        assert_eq!(plain(&text), "alice_b in #console, @bob: GIPF");
    }

    #[test]
    fn mentions_become_markup_but_everyone_does_not() {
        let (text, mentions) = read_mentions("!challenge @bob, hi @everyone @here");
        assert_eq!(
            text,
            format!(
                "!challenge {}, hi @everyone @here",
                user_id("bob").mention()
            )
        );
        assert_eq!(mentions.len(), 1);
        assert_eq!(mentions[0].name, "bob");
        assert_eq!(user_id("Bob"), user_id("bob"));
    }
}
