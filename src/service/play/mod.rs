//! The moves: `push` and `gipf`, `move`, `row`, `take`, `keep`, the powers and `tamsk`, in
//! every game (a game without potentials is the same machine with empty supplies); and what
//! every change of a game shares: its checks and its save. The reply that asks the next
//! player is `prompt.rs`'s.

pub(super) mod narrate;
pub(super) mod potentials;
pub(super) mod prompt;
pub(super) mod removal;
pub(super) mod seat;
pub(super) mod threat;
pub(super) mod working;

use crate::service::games::Games;
use crate::service::learn::lessons::Lessons;
use crate::service::names::between_players;
use crate::service::picture::Pictures;
use crate::service::voice::Voice;
use crate::service::words::moved_on;
use gipf::Color;
use gipf::potentials::{Game, Pending, Turn};

use super::play::prompt::{row_options, take_options};
use super::words::{ending_words, optional_pieces, row_verb, spots};
use super::{Failure, Handled, LiveGame, Message, Run, refuse};
use crate::command::{Phrasing, PlayCommand};
use crate::model::{GameStatus, Partial};
use crate::reply::{Button, Reply, Stamp};
use crate::store::{Progress, Store};
use crate::text;
use crate::text::{Span, Text};
pub(super) use working::Working;
use working::nothing_changed;

/// The game at the start of the turn in progress in `game`: the game itself when no
/// decision of it is played yet, else the state its load replayed (`None` if it changed
/// since).
fn turn_start(game: &LiveGame) -> Option<Game> {
    if game.stored.partial.0.is_empty() {
        return Some(game.game.clone());
    }
    game.record().ok().map(|replay| replay.last().clone())
}

/// The game at the start of the last of `completed`, the turns played from `start`.
fn start_of_last(start: Option<&Game>, completed: &[Turn]) -> Option<Game> {
    let (_, earlier) = completed.split_last()?;
    let mut game = start?.clone();
    for turn in earlier {
        game = narrate::after_turn(&game, turn)?;
    }
    Some(game)
}

/// What the moves touch: the games, the store (a turn's announcement, the lessons), the
/// bot's voice and the pictures.
pub(super) struct Hands<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
}

/// Plays a move command (a push, an answer, a whole turn, a potential's) in the channel's
/// game.
impl Run for PlayCommand {
    type Hands<'a> = Hands<'a>;

    fn run(self, hands: &Hands<'_>, message: &Message) -> Handled {
        hands.act(message, &self)
    }
}

impl Hands<'_> {
    /// What a turn sent twice (its answer lost) hears first when it finds itself stored as
    /// the game's last: that it is, with a link to the message that announced it when that
    /// is known. Nothing for anyone else, nor for another turn sent out of turn.
    fn stored_already(
        &self,
        game: &LiveGame,
        color: Color,
        (command, say): (&PlayCommand, &Phrasing),
    ) -> Text {
        let Some(turn) = (game.last_turn.as_ref())
            .filter(|turn| turn.color == color && resends(game, turn, command, say))
            .and(game.stored.turns.last())
        else {
            return Text::new();
        };
        let said = format!("Your turn `{turn}` is stored and announced already");
        let posted = (self.store)
            .turn_message(game.stored.id, game.stored.turns.len())
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .ok()
            .flatten();
        match (posted, game.stored.guild) {
            (Some((channel, message)), Some(guild)) => {
                let message = u64::try_from(message).unwrap_or_default();
                text![said, ": ", Span::Message(guild, channel, message), ". "]
            }
            (Some((channel, _)), None) => text![said, " in ", Span::Channel(channel), ". "],
            (None, _) => text![said, ". "],
        }
    }

    /// Checks that the author may act now, plays `command` on a working copy of the game,
    /// and saves it.
    fn act(&self, message: &Message, command: &PlayCommand) -> Handled {
        let game = seat::stamped_game(self.games, self.voice, message)?;
        // Where he has no game, a learner's moves are his lesson's.
        let lessons = Lessons {
            store: self.store,
            voice: self.voice,
        };
        if game.is_none()
            && let Some(lesson) = lessons.open_lesson(message.author.id)
        {
            return lessons.lesson_try(message, lesson, command);
        }
        let (game, color) = seat::seat(self.games, self.voice, message, game, |game| {
            between_players(
                game,
                "You are not playing in this game: only ",
                " can move here.",
            )
        })?;
        let to_move = game.to_move();
        let say = self.voice.phrasing(message);
        if color != to_move {
            let mut refused = self.stored_already(&game, color, (command, &say));
            refused.append(text![
                "It is ",
                game.name(to_move),
                format!("'s turn ({to_move}). I will ping you when it is yours.")
            ]);
            return refuse(refused);
        }
        let mut working = Working::new(game.game.clone(), game.stored.partial.0.clone(), &say);
        working.run(command).map_err(nothing_changed)?;
        let (asked, confirmed) = command.unconfirmed();
        let engine = self.voice.is_me(message.author.id);
        if let Some(outcome) = working.game.outcome().filter(|o| o.winner != color)
            && !confirmed
            && !engine
        {
            return Ok(ask_to_confirm(&game, asked, outcome, &say));
        }
        let ended = working.game.outcome();
        let mut reply = commit(self.games, self.voice, self.pictures, &game, working, &say)?
            .ok_or_else(|| moved_on(&say))?;
        if let Some(outcome) = ended
            && let Some(counts) =
                crate::service::event_count::event_count(self.store, &game, outcome.winner)?
        {
            reply.text.append(counts);
        }
        Ok(reply)
    }
}

/// Whether `command` plays `last`, the last turn of `game`, again: played from the game at
/// that turn's start, it completes that very turn.
fn resends(game: &LiveGame, last: &Turn, command: &PlayCommand, say: &Phrasing) -> bool {
    let Some(start) = (game.record().ok()).and_then(|replay| {
        replay
            .games
            .len()
            .checked_sub(2)
            .map(|i| replay.games[i].clone())
    }) else {
        return false;
    };
    let mut working = Working::new(start, Vec::new(), say);
    working.run(command).is_ok() && working.completed.first() == Some(last)
}

/// Saves what `working` played in `game` and says it, asking the player to move next:
/// `None` if the game moved on meanwhile (another command saved first). The one path of
/// every turn played, a player's or the engine's.
pub(super) fn commit(
    games: &Games,
    voice: &Voice,
    pictures: &Pictures,
    game: &LiveGame,
    working: Working,
    say: &Phrasing,
) -> Result<Option<Reply>, Failure> {
    let turns = working
        .completed
        .iter()
        .map(|t| (game.turn_text(t), game.player(t.color), t.unwritten_dot()))
        .collect();
    let progress = Progress {
        turns,
        engine_to_move: voice.moving_in(&game.stored, &working.game),
        ..Progress::to(
            GameStatus::of_outcome(working.game.outcome()),
            Partial(working.partial),
        )
    };
    let Some(saved) = games.save(&game.stored, progress)? else {
        return Ok(None);
    };
    let last_turn = working.completed.last().cloned().or(game.last_turn.clone());
    let before_last = turn_before_last(game, &working.completed);
    let start = turn_start(game);
    let last_start = start_of_last(start.as_ref(), &working.completed);
    let after = LiveGame::changed(saved.game, working.game, last_turn)
        .with_last_start(last_start)
        .with_turn_before_last(before_last);
    let reply = prompt::turn_reply(
        voice,
        pictures,
        &after,
        start.as_ref(),
        &working.completed,
        say,
    )?;
    // The announcement carries the messages the turn owes.
    Ok(Some(Reply {
        owed: saved.owed,
        ..reply
    }))
}

/// For an answer given without what it names (`!row`, `!keep`): the real options of the
/// question the author must answer in the channel's game, if one is pending.
pub(super) fn options_now(games: &Games, voice: &Voice, message: &Message) -> Option<String> {
    let game = games.in_channel(message.channel, false).ok()??;
    if game.color_of(message.author.id) != Some(game.to_move()) {
        return None;
    }
    let say = voice.phrasing(message);
    let state = &game.game;
    match state.pending() {
        Pending::ChooseRow { rows } => Some(format!(
            "Say which row to {} first by its number: {}. The question above, or {}, shows which is which.",
            row_verb(state),
            row_options(&say, rows.len()),
            say.cmd("board")
        )),
        Pending::Remove { optional, .. } => Some(format!(
            "Name the {} to take or keep by their spots; this row's are {}. Answer {}.",
            optional_pieces(state),
            spots(optional),
            take_options(state, &say)
        )),
        _ => None,
    }
}

/// A move that would lose the game on the spot is played only when confirmed: the answer
/// says why it loses and offers the same move with `confirm`, typed or by a button made for
/// this question only. Nothing is changed.
fn ask_to_confirm(
    game: &LiveGame,
    command: &PlayCommand,
    outcome: gipf::Outcome,
    say: &Phrasing,
) -> Reply {
    let confirmed = PlayCommand::Confirmed(Box::new(command.clone()));
    // A button carries its command in an id of at most 100 characters, with its stamp.
    let buttons: Vec<Button> = (confirmed.to_string().len() <= BUTTON_COMMAND_CHARS)
        .then(|| Button {
            label: format!("Confirm: {command}"),
            command: confirmed.clone().into(),
            stamp: Stamp::Game {
                id: game.stored.id,
                version: game.stored.version,
            },
        })
        .into_iter()
        .collect();
    let click = if buttons.is_empty() {
        ""
    } else {
        " or click the button"
    };
    let text = format!(
        "{} would end the game at once: {}. Nothing was changed: if you mean it, write {}{click}.",
        say.cmd(&command.to_string()),
        ending_words(outcome, game.to_move()),
        say.cmd(&confirmed.to_string()),
    );
    Reply {
        buttons,
        ..Reply::private(text)
    }
}

/// The longest command a confirmation button carries.
const BUTTON_COMMAND_CHARS: usize = 60;

/// The completed turn before the last once `completed` are played in `game`.
fn turn_before_last(game: &LiveGame, completed: &[Turn]) -> Option<Turn> {
    match completed {
        [] => game.turn_before_last().cloned(),
        [_] => game.last_turn.clone(),
        [.., before, _] => Some(before.clone()),
    }
}
