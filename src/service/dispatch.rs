//! Each command to its family, handed the parts it uses by name: the one place that wires
//! the service's parts into the families' `Hands` (and into the rooms beside them that use
//! several parts: the deadlines, the analyses, the engine as a player, the lessons, the
//! daily puzzle), and what a message that is no command, or none for here, is answered.

use gipf::Color;

use super::engine_player::EnginePlayer;
use super::game::time::Deadlines;
use super::learn::analysis::Analyses;
use super::learn::daily::Daily;
use super::learn::lessons::Lessons;
use super::learn::puzzle;
use super::server::notify::with_copies;
use super::words::{as_sentence, damage_text, not_in_direct_messages};
use super::{
    Asked, Failure, INTERNAL_ERROR, Message, Run, Service, Via, archive, challenge, fault_text,
    game, play, server, tournament,
};
use crate::command::{self, Command, CommandError, GameCommand};
use crate::reply::Reply;
use crate::store::Fault;

impl Service {
    /// The moves' parts.
    pub(super) fn moves(&self) -> play::Hands<'_> {
        play::Hands {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
        }
    }

    /// The challenges' parts.
    pub(super) fn challenges(&self) -> challenge::Hands<'_> {
        challenge::Hands {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
            engine: &self.engine,
            limits: &self.limits,
            config: &self.config,
        }
    }

    /// The parts of the commands on the channel's game.
    fn game_commands(&self) -> game::Hands<'_> {
        game::Hands {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
            engine: &self.engine,
            limits: &self.limits,
            config: &self.config,
        }
    }

    /// The archive's parts.
    fn archive(&self) -> archive::Hands<'_> {
        archive::Hands {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
            engine: &self.engine,
            limits: &self.limits,
            config: &self.config,
        }
    }

    /// The settings' parts.
    fn server(&self) -> server::Hands<'_> {
        server::Hands {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            clock: &self.config.clock,
            web_base_url: self.config.web_base_url.as_deref(),
        }
    }

    /// The puzzles' and the lessons' parts.
    fn puzzles(&self) -> puzzle::Hands<'_> {
        puzzle::Hands {
            store: &self.store,
            voice: &self.voice,
            clock: &self.config.clock,
        }
    }

    /// The tournaments' parts.
    pub(super) fn events(&self) -> tournament::Hands<'_> {
        tournament::Hands {
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
            config: &self.config,
            thread_asks: &self.thread_asks,
        }
    }

    /// The deadlines' parts.
    pub(super) fn deadlines(&self) -> Deadlines<'_> {
        Deadlines {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
            clock: &self.config.clock,
        }
    }

    /// The analyses' parts.
    pub(super) fn analyses(&self) -> Analyses<'_> {
        Analyses {
            store: &self.store,
            voice: &self.voice,
            engine: &self.engine,
            limits: &self.limits,
            config: &self.config,
        }
    }

    /// The engine's parts as a player.
    pub(super) fn engine_player(&self) -> EnginePlayer<'_> {
        EnginePlayer {
            games: &self.games,
            store: &self.store,
            voice: &self.voice,
            pictures: &self.pictures,
            engine: &self.engine,
            clock: &self.config.clock,
        }
    }

    /// The lessons' parts.
    fn lessons(&self) -> Lessons<'_> {
        Lessons {
            store: &self.store,
            voice: &self.voice,
        }
    }

    /// The daily puzzle's parts.
    pub(super) fn daily(&self) -> Daily<'_> {
        Daily {
            store: &self.store,
            voice: &self.voice,
            clock: &self.config.clock,
        }
    }

    /// Runs a command in the family of its kind: its reply, or (a tournament's round
    /// started) the replies of each of the round's games too.
    fn dispatch(&self, message: &Message, command: Command) -> Result<Vec<Reply>, Failure> {
        let one = match command {
            Command::Tournament(command) => return self.events().run_all(command, message),
            Command::Challenge(command) => command.run(&self.challenges(), message),
            Command::Play(command) => command.run(&self.moves(), message),
            Command::Game(command) => command.run(&self.game_commands(), message),
            Command::Archive(command) => command.run(&self.archive(), message),
            Command::Server(command) => command.run(&self.server(), message),
            Command::Info(command) => command.run(&*self.voice, message),
            Command::Puzzle(command) => command.run(&self.puzzles(), message),
        };
        one.map(|reply| vec![reply])
    }

    /// The replies to `message`, which asks `asked`: none when it is a chat line that is no
    /// command of the bot's; an announcement is followed by its direct copies. A database
    /// that does not answer is waited for, at most [`crate::store::PATIENCE`] in all.
    pub(super) fn command(&self, message: &Message, asked: Asked) -> Vec<Reply> {
        crate::store::one_command(|| self.answer(message, asked))
    }

    fn answer(&self, message: &Message, asked: Asked) -> Vec<Reply> {
        let parsed = match asked {
            Asked::Command(parsed) => parsed,
            Asked::Line => match command::parse(&message.text, &self.voice.phrasing(message)) {
                None => return Vec::new(),
                Some(parsed) => parsed,
            },
        };
        match parsed {
            Ok(command) => self.execute(message, command),
            Err(CommandError::Unknown { word, closest }) => {
                self.unknown_word(message, &word, closest)
            }
            // A learner's move written wrong is refused as his lesson refuses.
            Err(CommandError::Invalid(text) | CommandError::Unanswered { generic: text })
                if let Some(refused) = self.lessons().lesson_parse_refusal(message, &text) =>
            {
                vec![refused]
            }
            Err(CommandError::Invalid(text)) => vec![Reply::private(as_sentence(text.into()))],
            Err(CommandError::Unanswered { generic }) => {
                let options = play::options_now(&self.games, &self.voice, message);
                vec![Reply::private(options.unwrap_or(generic))]
            }
        }
    }

    /// Runs a command that came parsed; `message.text` is not read.
    fn execute(&self, message: &Message, command: Command) -> Vec<Reply> {
        crate::telemetry::command(command.family());
        let row = command.syntax();
        // In a direct conversation with the bot (the console has no server either, but is
        // one table for everyone) nobody else would see a challenge or a game.
        let direct = message.guild.is_none() && message.via != Via::Console;
        // A learner's moves go to his lesson: asked only here, not on every move in a server.
        let learning = || {
            matches!(command, Command::Play(_) | Command::Game(GameCommand::Hint))
                && self.lessons().open_lesson(message.author.id).is_some()
        };
        if direct && row.is_some_and(|row| !row.in_direct_messages) && !learning() {
            let say = self.voice.phrasing(message);
            return vec![Reply::private(not_in_direct_messages(&say))];
        }
        // A slash command's answer that informs only its asker is shown to him alone.
        let asker_only = message.via == Via::Slash && row.is_some_and(|row| row.asker_only);
        let handled = self.dispatch(message, command).and_then(|replies| {
            let mut all = Vec::with_capacity(replies.len());
            for mut reply in replies {
                reply.private |= asker_only;
                let (store, pictures) = (&self.store, &self.pictures);
                let author = Some(message.author.id);
                all.extend(with_copies(
                    store,
                    pictures,
                    message.channel,
                    author,
                    reply,
                )?);
            }
            Ok(all)
        });
        let mut replies = self.answer_of(message, handled);
        let here = message.channel;
        self.settle_ends(Some(message), replies.iter_mut().map(|reply| (here, reply)));
        replies
    }

    /// The replies of a command that was `handled`, its failures said.
    fn answer_of(&self, message: &Message, handled: Result<Vec<Reply>, Failure>) -> Vec<Reply> {
        match handled {
            Ok(replies) => replies,
            Err(Failure::Refused(text)) => vec![Reply::private(text)],
            Err(Failure::Damaged(damaged)) => {
                tracing::warn!(error = %damaged, channel = message.channel.0, "damaged game");
                let say = self.voice.phrasing(message);
                vec![Reply::private(damage_text(&damaged, &say))]
            }
            Err(Failure::Unavailable(fault, e)) => {
                // That the database does not answer is said once in the log, not each time.
                if fault != Fault::NotAnswering {
                    tracing::error!(error = %format!("{e:#}"), channel = message.channel.0, "command not taken");
                }
                vec![Reply::private(fault_text(fault))]
            }
            Err(Failure::Internal(e)) => {
                tracing::error!(error = %format!("{e:#}"), channel = message.channel.0, "command failed");
                vec![Reply::private(INTERNAL_ERROR)]
            }
        }
    }

    /// The answer to a word that is none of the bot's commands. After the prefix, which other
    /// bots share, only a slip of ours is answered, and only when the words after it make a
    /// valid command or its author has a game or challenge here; said to the bot for sure
    /// (a mention, the console), every word is answered.
    fn unknown_word(&self, message: &Message, word: &str, closest: Option<&str>) -> Vec<Reply> {
        let say = self.voice.phrasing(message);
        let Some(closest) = closest else {
            if !message.via.addressed() {
                return Vec::new();
            }
            return vec![Reply::private(format!(
                "I don't know the command `{word}`. Try {} for the list.",
                say.cmd("help")
            ))];
        };
        if !message.via.addressed()
            && !self.voice.makes_a_command(message, closest)
            && !self.plays_here(message).unwrap_or(false)
        {
            return Vec::new();
        }
        vec![Reply::private(format!(
            "I don't know the command `{word}`: did you mean {}?",
            say.cmd(closest)
        ))]
    }

    /// Whether the message's author plays, or has challenged or is challenged, here.
    fn plays_here(&self, message: &Message) -> anyhow::Result<bool> {
        let me = message.author.id;
        let playing = (self.store.game_in(message.channel, false)?).is_some_and(|game| {
            game.players[Color::White] == me || game.players[Color::Black] == me
        });
        let challenged = (self.store.challenge(message.channel)?)
            .is_some_and(|open| open.terms.challenger == me || open.terms.challenged == Some(me));
        Ok(playing || challenged)
    }
}
