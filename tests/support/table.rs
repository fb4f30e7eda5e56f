//! A game service over a temporary SQLite file, driven by console-style messages.

use std::sync::Arc;

use gipf::Color;
use gipf::random::Rng;
use gipf_bot::console::{Console, user_id};
use gipf_bot::model::{ChannelId, GuildId};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Asked, Config, GameState, Message, Service};
use gipf_bot::store::Database;
use gipf_bot::store::sql::{Conn, params};

use super::chat::shown_safely;
use super::recorder::{Recorder, serve};

/// A service over a temporary database, and a console to write messages as.
pub struct Table {
    pub dir: tempfile::TempDir,
    pub service: Arc<Service>,
    pub console: Console,
    pub channel: ChannelId,
    /// What the service delivers: what the players read.
    pub recorder: Arc<Recorder>,
}

impl Table {
    pub fn new() -> Table {
        Table::with_config(Config::default())
    }

    pub fn with_config(config: Config) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let database = super::database::database(&dir.path().join("gipf.db"));
        Table::over(dir, database, config)
    }

    /// A service over `database`, its console's pictures in `dir`.
    pub fn over(dir: tempfile::TempDir, database: Database, config: Config) -> Table {
        let service = Arc::new(Service::open(database, config).unwrap());
        let console = Console::new(dir.path().join("boards")).unwrap();
        Table {
            dir,
            service,
            console,
            channel: ChannelId(1),
            recorder: Arc::default(),
        }
    }

    /// Serves `message`, which asks `asked`: every reply it leads to, in order.
    pub fn serve(&self, message: Message, asked: Asked) -> Vec<Reply> {
        serve(&self.service, &self.recorder, message, asked)
    }

    /// Says `text` as `author` on a thread of its own, beside what the test does next: its
    /// replies come through the returned [`Beside`], from `recorder` (which may hold the
    /// service at a step until [`Beside::release`]).
    pub fn say_beside(&mut self, author: &str, text: &str, recorder: Recorder) -> Beside {
        let message = self.message(author, text);
        let recorder = Arc::new(recorder);
        let (service, serving) = (Arc::clone(&self.service), Arc::clone(&recorder));
        let thread = std::thread::spawn(move || {
            *serving.here.lock().unwrap() = Some(message.channel);
            service.serve_blocking(message, Asked::Line, Arc::clone(&serving));
            serving.take_each()
        });
        Beside { recorder, thread }
    }

    /// One look of the watch at the clock: every reply it delivers, each with its channel.
    pub fn look(&self) -> Vec<(ChannelId, Reply)> {
        super::recorder::look(&self.service, &self.recorder)
    }

    /// What the service owes at its start (after a restart), posted: each reply with its
    /// channel.
    pub fn drain(&self) -> Vec<(ChannelId, Reply)> {
        super::recorder::drain(&self.service, &self.recorder)
    }

    /// Closes the database and opens it again, as a restart does.
    pub fn restart(&mut self) {
        let database = super::database::database(&self.dir.path().join("gipf.db"));
        let config = self.service.config().clone();
        self.service = Arc::new(Service::open(database, config).unwrap());
    }

    pub fn message(&mut self, author: &str, text: &str) -> Message {
        let mut message = self
            .console
            .read_line(&format!("{author}: {text}"))
            .unwrap();
        message.channel = self.channel;
        message.guild = Some(GuildId(99));
        message
    }

    /// Says `text` as `author`: every reply it leads to, in order (the engine's answer in
    /// its place, the work for later done: an analysis's posts follow its first answer).
    pub fn say(&mut self, author: &str, text: &str) -> Vec<Reply> {
        let message = self.message(author, text);
        let replies = self.serve(message.clone(), Asked::Line);
        for reply in &replies {
            assert_safe(reply, &message);
        }
        replies
    }

    /// The one reply's text, as Discord shows it.
    pub fn text(&mut self, author: &str, text: &str) -> String {
        let replies = self.say(author, text);
        assert_eq!(replies.len(), 1, "{text}: {replies:?}");
        shown(&replies[0])
    }

    /// Says `text` as `author` and checks that the one reply contains `expected`.
    pub fn expect(&mut self, author: &str, text: &str, expected: &str) {
        let reply = self.text(author, text);
        assert!(
            reply.contains(expected),
            "{text}: expected {expected:?} in {reply:?}"
        );
    }

    /// Makes every game look untouched for `days`, behind the service's back.
    pub fn idle_for_days(&self, days: u64) {
        let mut db = self.sql();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        let then = i64::try_from(now - days * 86_400).unwrap();
        db.execute("UPDATE games SET updated_at = ?1", params![then])
            .unwrap();
    }

    /// A connection to the service's database, to change rows behind its back.
    pub fn sql(&self) -> Conn {
        super::database::sql(&self.dir.path().join("gipf.db"))
    }

    pub fn state(&self) -> GameState {
        self.service
            .game_state(self.channel, true)
            .unwrap()
            .unwrap()
    }

    /// Plays turns written in the official notation by `!move`, White first.
    pub fn play_record(&mut self, turns: &[String]) {
        for (i, turn) in turns.iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            self.play_turn(color, &format!("!move {turn}"));
        }
    }

    /// Plays a turn (a command) as the player of `color`; one that loses the game on the
    /// spot is asked about first, and then confirmed.
    pub fn play_turn(&mut self, color: Color, command: &str) {
        let mut text = self.text(player(color), command);
        if text.contains("would end the game at once") {
            text = self.text(player(color), &format!("{command} confirm"));
            let outcome = self.state().game.outcome();
            assert!(
                outcome.is_some_and(|o| o.winner != color),
                "{command}: {text}"
            );
        }
        assert!(text.contains("played"), "{command}: {text}");
    }

    /// Alice (white) and Bob (black) start a game.
    pub fn start(&mut self, variant: &str) {
        let text = self.text("alice", &format!("!challenge @bob {variant} white"));
        assert!(text.contains("challenges you"), "{text}");
        let text = self.text("bob", "!accept");
        assert!(text.contains("Game on"), "{text}");
    }
}

/// A message served beside the test ([`Table::say_beside`]).
pub struct Beside {
    recorder: Arc<Recorder>,
    thread: std::thread::JoinHandle<Vec<(ChannelId, Reply)>>,
}

impl Beside {
    /// Waits for its first reply.
    pub fn first(&self) -> Reply {
        self.recorder.wait_for(1).remove(0)
    }

    /// Lets a held service go on.
    pub fn release(&self) {
        self.recorder.release();
    }

    /// Waits until the bot shows it is typing (the engine's answer about to be asked).
    pub fn typing(&self) {
        self.recorder.wait_typing();
    }

    /// Leaves it held where it is, for good: the bot that served it died there (the test
    /// starts another on the same database).
    pub fn abandon(self) {
        drop(self);
    }

    /// Whether it is done.
    pub fn is_done(&self) -> bool {
        self.thread.is_finished()
    }

    /// Waits until it is done: every reply it led to, in order, each with its channel.
    pub fn join(self) -> Vec<(ChannelId, Reply)> {
        self.recorder.release();
        self.thread.join().unwrap()
    }
}

/// Nothing a reply says can ping anyone but the author, the users the message mentions or
/// the players (the challenged user is one of those), and never everyone.
pub fn assert_safe(reply: &Reply, message: &Message) {
    let mut allowed = vec![message.author.id, user_id("alice"), user_id("bob")];
    allowed.extend(message.mentions.iter().map(|m| m.id));
    shown_safely(reply, &allowed);
}

/// A reply's text as Discord shows it.
pub fn shown(reply: &Reply) -> String {
    gipf_bot::discord::markdown(&reply.text)
}

pub fn player(color: Color) -> &'static str {
    if color == Color::White {
        "alice"
    } else {
        "bob"
    }
}

/// Plays legal turns chosen by `seed` with `!move` until the game ends or `limit` turns.
pub fn play_random_turns(table: &mut Table, seed: u64, limit: usize) {
    let mut rng = Rng::new(seed);
    for _ in 0..limit {
        let position = table.state().position().unwrap();
        if position.outcome().is_some() {
            return;
        }
        let turns = position.legal_turns();
        let (turn, _) = &turns[rng.below(turns.len())];
        table.play_turn(position.to_move(), &format!("!move {turn}"));
    }
}

/// Clicks a button as `author`: the command it carries, with its stamp.
pub fn click(table: &mut Table, author: &str, button: &gipf_bot::reply::Button) -> Reply {
    let mut message = table.message(author, "");
    message.stamp = Some(button.stamp);
    let mut replies = table.serve(message, Asked::Command(Ok(button.command.clone())));
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.remove(0)
}

/// Plays `turns` (notation) from the start of a `variant` game between alice (White) and
/// bob, then `lines` as the player to move; returns that player and the last reply.
pub fn reach(
    table: &mut Table,
    variant: &str,
    turns: &[String],
    lines: &[String],
) -> (String, Reply) {
    table.start(variant);
    table.play_record(turns);
    let mover = player(table.state().game.to_move()).to_string();
    let mut replies = Vec::new();
    for line in lines {
        replies = table.say(&mover, line);
        assert_eq!(replies.len(), 1, "{line}: {replies:?}");
    }
    (mover, replies.remove(0))
}
