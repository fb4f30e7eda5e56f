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

use crate::service::hands::{Keeper, Ledger};
use crate::service::names::between_players;
use crate::service::voice::Voice;
use gipf::potentials::{Action, Decision, Game, LineNote, Pending, PieceKind, PlayError, Turn};
use gipf::{Bitboard, Color, Entry, Point};

use super::play::prompt::{row_options, take_options};
use super::words::{
    capital_start, ending_words, optional_pieces, row_verb, spots, uses_potentials,
};
use super::{Failure, Handled, LiveGame, Message, Run, refuse};
use crate::command::{Answer, Phrasing, PlayCommand, potential_word};
use crate::model::{GameStatus, Partial};
use crate::reply::{Button, Reply, Stamp};
use crate::store::Progress;
use crate::text;
use crate::text::{Span, Text};

/// A game being changed by one command: nothing is saved unless all of it is legal.
pub(super) struct Working<'a> {
    pub game: gipf::potentials::Game,
    pub partial: Vec<Decision>,
    pub completed: Vec<gipf::potentials::Turn>,
    say: &'a Phrasing,
}

impl<'a> Working<'a> {
    /// A working copy of `game`, in the middle of a turn after `partial`, for a player who
    /// writes as `say` does.
    pub fn new(game: gipf::potentials::Game, partial: Vec<Decision>, say: &'a Phrasing) -> Self {
        Working {
            game,
            partial,
            completed: Vec::new(),
            say,
        }
    }

    /// Plays one decision; a refusal says what to do instead when a question is pending.
    fn play(&mut self, decision: Decision) -> Result<(), Failure> {
        let done = self
            .game
            .play(decision)
            .map_err(|e| explain(&self.game, &e, self.say, decision))?;
        self.partial.push(decision);
        if !done.is_empty() {
            self.partial.clear();
            self.completed.extend(done);
        }
        Ok(())
    }

    /// A push of `piece` (or of the piece a push that names none means), then the answers
    /// given with it.
    fn push(
        &mut self,
        entry: Entry,
        end: Option<Point>,
        named: Option<PieceKind>,
        answers: &[Answer],
    ) -> Result<(), Failure> {
        let piece = match named {
            Some(piece) => piece,
            None => self.unnamed_piece(entry)?,
        };
        if let Some(end) = end {
            self.check_end(entry, end, piece, named)?;
        }
        let mover = self.game.to_move();
        self.play(Decision::Push { entry, piece })?;
        for answer in answers {
            if self.game.to_move() != mover || self.game.outcome().is_some() {
                return refuse(
                    "that push needs no more decisions, so I did not use all your answers",
                );
            }
            self.answer(answer)?;
        }
        Ok(())
    }

    /// A push named by its dot and the end of its line, as the notation writes it (`a5
    /// c5`), names the push along that line only if the push ends there now; else the
    /// refusal says where it ends and how to name it.
    fn check_end(
        &self,
        entry: Entry,
        end: Point,
        piece: PieceKind,
        named: Option<PieceKind>,
    ) -> Result<(), Failure> {
        let mut probe = self.game.clone();
        // A push the rules refuse is refused with their reason when it is played.
        let Ok(done) = probe.play(Decision::Push { entry, piece }) else {
            return Ok(());
        };
        let turn = done.first().unwrap_or(probe.current_turn());
        let Some(Action::Push { path, .. }) = &turn.action else {
            return Ok(());
        };
        if path.end == end {
            return Ok(());
        }
        let (dot, first) = (entry.dot(), entry.first());
        let command = |aim: Option<Point>| {
            let push = PlayCommand::Push {
                entry,
                end: aim,
                piece: named,
                answers: Vec::new(),
            };
            // `push a5 b5`, as the bot's help writes a push.
            self.say.cmd(&push.to_string().replacen('-', " ", 1))
        };
        if path.end == first {
            return refuse(format!(
                "{dot} {end} names no push now: {first} is empty, so a piece pushed from {dot} stops there, and the record writes `{first}`. Push it with {}",
                command(None)
            ));
        }
        refuse(format!(
            "{dot} {end} names no push now: the push from {dot} onto {first} moves pieces up to {}, and the record writes `{path}`. Push it with {} or {}",
            path.end,
            command(None),
            command(Some(path.end))
        ))
    }

    /// What `push b1 c2` pushes: a basic piece, unless the player still has potentials to
    /// load: then he must say which piece (a basic one gives the rest of them up).
    fn unnamed_piece(&self, entry: Entry) -> Result<PieceKind, Failure> {
        // The kinds he could load now (none on a tournament game's first turn, which must
        // bring in a GIPF-piece: the rules say so then).
        let kinds: Vec<&str> = self
            .game
            .legal_pieces()
            .into_iter()
            .filter_map(|piece| match piece {
                PieceKind::Loaded(kind) => Some(potential_word(kind)),
                _ => None,
            })
            .collect();
        if kinds.is_empty() || self.game.pending() != Pending::Action {
            return Ok(PieceKind::Basic);
        }
        let say = self.say;
        refuse(format!(
            "you still have potentials to load ({}): name the piece, like {}, or push a basic piece with {} and give up the rest of them ({})",
            self.game.supply(self.game.to_move()),
            say.cmd(&format!("push {entry} {}", kinds[0])),
            say.cmd(&format!("push {entry} basic")),
            kinds.join(", ")
        ))
    }

    /// An answer to the pending question.
    fn answer(&mut self, answer: &Answer) -> Result<(), Failure> {
        let decision = decision_for(&self.game, answer, self.say)?;
        self.play(decision)
    }

    /// `tamsk a5 b5`, `tamsk skip`.
    fn tamsk(&mut self, entry: Option<Entry>) -> Result<(), Failure> {
        if self.game.pending() != Pending::Tamsk {
            let me = self.game.to_move();
            let had_tamsk =
                self.game.options().supply()[me][gipf::potentials::Potential::Tamsk] > 0;
            return refuse(if !uses_potentials(&self.game) {
                "this game has no potentials, so there is no TAMSK extra push to make"
            } else if !had_tamsk {
                "you play without TAMSK potentials in this game, so there is no TAMSK extra push to make"
            } else {
                "there is no TAMSK extra push to make: none of your TAMSK pieces was pushed onto e5"
            });
        }
        self.play(entry.map_or(Decision::Skip, Decision::Extra))
    }

    /// A whole turn in the notation.
    fn notation(&mut self, note: &LineNote) -> Result<(), Failure> {
        if !self.partial.is_empty() {
            return refuse(
                "finish the turn you started first (see the question above), or write its remaining decisions",
            );
        }
        let (game, done) = self.game.resolve(note).map_err(rules_refusal)?;
        self.game = game;
        self.completed.extend(done);
        Ok(())
    }

    /// Plays a whole turn given typed, as the rules crate makes it (the engine's): the
    /// decisions that make it, found among the legal ones and each played as a player's.
    pub fn play_turn(&mut self, turn: &Turn) -> Result<(), Failure> {
        let mover = self.game.to_move();
        let Some(decisions) = decisions_of(&self.game, mover, turn) else {
            return refuse(format!("`{turn}` is no legal turn now"));
        };
        for decision in decisions {
            self.play(decision)?;
        }
        Ok(())
    }

    /// Plays a move command.
    pub fn run(&mut self, command: &PlayCommand) -> Result<(), Failure> {
        match command {
            PlayCommand::Push {
                entry,
                end,
                piece,
                answers,
            } => self.push(*entry, *end, *piece, answers),
            PlayCommand::Power { kind, from, to } if uses_potentials(&self.game) => {
                self.play(Decision::Move {
                    kind: *kind,
                    from: *from,
                    to: *to,
                })
            }
            PlayCommand::Power { .. } => refuse(format!(
                "this game has no potentials: push with {}",
                self.say.cmd("push b1 c2")
            )),
            PlayCommand::Tamsk(entry) => self.tamsk(*entry),
            PlayCommand::Move(note) => self.notation(note),
            PlayCommand::Answer(answer) => self.answer(answer),
            PlayCommand::Confirmed(inner) => self.run(inner),
        }
    }
}

/// The decisions that complete `wanted`, the turn of `mover`, from `game`: searched in
/// the order the rules list them, as the engine found its turn.
fn decisions_of(game: &Game, mover: Color, wanted: &Turn) -> Option<Vec<Decision>> {
    for decision in game.legal_decisions() {
        let mut next = game.clone();
        let Ok(done) = next.play(decision) else {
            continue;
        };
        let rest = match done.iter().find(|turn| turn.color == mover) {
            Some(turn) => (turn == wanted).then(Vec::new),
            None => decisions_of(&next, mover, wanted),
        };
        if let Some(mut rest) = rest {
            rest.insert(0, decision);
            return Some(rest);
        }
    }
    None
}

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

/// A refusal that quotes a rules error as it is.
pub(super) fn rules_refusal(error: impl std::fmt::Display) -> Failure {
    Failure::Refused(Text::from(error.to_string()))
}

/// A refused decision, said with what to do instead when a question is pending.
fn explain(
    game: &gipf::potentials::Game,
    error: &PlayError,
    say: &Phrasing,
    decision: Decision,
) -> Failure {
    // The push the player wrote, as the command that brings in a GIPF-piece there.
    if let (PlayError::FirstPushMustBeGipf, Decision::Push { entry, .. }) = (error, decision) {
        return rules_refusal(format!(
            "your first push must bring in a GIPF-piece: {}",
            say.cmd(&format!("gipf {} {}", entry.dot(), entry.first()))
        ));
    }
    let PlayError::Pending(pending) = error else {
        return rules_refusal(error);
    };
    rules_refusal(match pending {
        Pending::ChooseRow { rows } => format!(
            "first choose which row to {} first: {}. The question above, or {}, shows which is which",
            row_verb(game),
            row_options(say, rows.len()),
            say.cmd("board")
        ),
        Pending::Remove { row, optional } => format!(
            "first decide on the {} of row {row} ({}): {}",
            optional_pieces(game),
            spots(*optional),
            take_options(game, say)
        ),
        Pending::Tamsk => tamsk_first(say),
        _ => error.to_string(),
    })
}

fn tamsk_first(say: &Phrasing) -> String {
    format!(
        "first your TAMSK: {} or {}",
        say.cmd("tamsk a5 b5"),
        say.cmd("tamsk skip")
    )
}

/// The decision an answer stands for in `game`, or why it does not fit.
fn decision_for(
    game: &gipf::potentials::Game,
    answer: &Answer,
    say: &Phrasing,
) -> Result<Decision, Failure> {
    match (game.pending(), answer) {
        (Pending::ChooseRow { rows }, Answer::Row(n)) => {
            match n.checked_sub(1).and_then(|i| rows.get(i)) {
                Some(row) => Ok(Decision::Row(row.line)),
                None => refuse(format!(
                    "there is no row {n}; answer {}",
                    row_options(say, rows.len())
                )),
            }
        }
        (Pending::Remove { optional, .. }, Answer::TakeAll) => Ok(Decision::Take(optional)),
        (Pending::Remove { .. }, Answer::KeepAll) => Ok(Decision::Take(Bitboard::EMPTY)),
        (Pending::Remove { .. }, Answer::Take(points)) => {
            Ok(Decision::Take(points.iter().copied().collect()))
        }
        (Pending::Remove { optional, .. }, Answer::Keep(points)) => {
            let keep: Bitboard = points.iter().copied().collect();
            let strangers = keep - optional;
            if !strangers.is_empty() {
                let verb = if strangers.count() == 1 { "is" } else { "are" };
                return refuse(format!(
                    "{} {verb} not one of the {} of this row; they are {}",
                    spots(strangers),
                    optional_pieces(game),
                    spots(optional)
                ));
            }
            Ok(Decision::Take(optional - keep))
        }
        (Pending::ChooseRow { rows }, _) => refuse(format!(
            "first choose a row by its number: {}",
            row_options(say, rows.len())
        )),
        (Pending::Remove { .. }, _) => refuse(format!(
            "first decide on the {} of the row: {}",
            optional_pieces(game),
            take_options(game, say)
        )),
        (Pending::Tamsk, _) => refuse(tamsk_first(say)),
        (Pending::Action, _) => refuse(if uses_potentials(game) {
            "there is nothing to decide now: it is time for your push or potential move"
        } else {
            "there is nothing to decide now: it is time to push"
        }),
        (Pending::GameOver(outcome), _) => refuse(format!("the game is over: {outcome}")),
    }
}

/// A refused move says that nothing was changed.
fn nothing_changed(failure: Failure) -> Failure {
    match failure {
        Failure::Refused(reason) => {
            let mut reason = capital_start(reason);
            reason.push(". Nothing was changed.");
            Failure::Refused(reason)
        }
        internal => internal,
    }
}

/// Plays a move command (a push, an answer, a whole turn, a potential's) in the channel's
/// game.
impl Run for PlayCommand {
    type Hands = Keeper;

    fn run(self, keeper: &Keeper, message: &Message) -> Handled {
        keeper.act(message, &self)
    }
}

impl Keeper {
    /// What a turn sent twice (its answer lost) hears first when it finds itself stored as
    /// the game's last: that it is, with a link to the message that announced it when that
    /// is known. Nothing for anyone else.
    fn stored_already(&self, game: &LiveGame, color: Color) -> Text {
        let Some(turn) = (game.last_turn.as_ref())
            .filter(|turn| turn.color == color)
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
        let game = self.stamped_game(message)?;
        // Where he has no game, a learner's moves are his lesson's.
        if game.is_none()
            && let Some(lesson) = self.open_lesson(message.author.id)
        {
            return self.lesson_try(message, lesson, command);
        }
        let (game, color) = self.seat(message, game, |game| {
            between_players(
                game,
                "You are not playing in this game: only ",
                " can move here.",
            )
        })?;
        let to_move = game.to_move();
        if color != to_move {
            let mut refused = self.stored_already(&game, color);
            refused.append(text![
                "It is ",
                game.name(to_move),
                format!("'s turn ({to_move}). I will ping you when it is yours.")
            ]);
            return refuse(refused);
        }
        let say = self.phrasing(message);
        let mut working = Working::new(game.game.clone(), game.stored.partial.0.clone(), &say);
        working.run(command).map_err(nothing_changed)?;
        let (asked, confirmed) = command.unconfirmed();
        let engine = self
            .engine_user()
            .is_some_and(|me| me.id == message.author.id);
        if let Some(outcome) = working.game.outcome().filter(|o| o.winner != color)
            && !confirmed
            && !engine
        {
            return Ok(ask_to_confirm(&game, asked, outcome, &say));
        }
        self.commit(&game, working, &say)?
            .ok_or_else(|| self.moved_on(message))
    }

    /// Saves what `working` played in `game` and says it, asking the player to move next:
    /// `None` if the game moved on meanwhile (another command saved first). The one path of
    /// every turn played, a player's or the engine's.
    pub(super) fn commit(
        &self,
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
            engine_to_move: self.engine_moving(&game.stored, &working.game),
            ..Progress::to(
                GameStatus::of_outcome(working.game.outcome()),
                Partial(working.partial),
            )
        };
        let Some(stored) = self.save(&game.stored, progress)? else {
            return Ok(None);
        };
        let last_turn = working.completed.last().cloned().or(game.last_turn.clone());
        let before_last = turn_before_last(game, &working.completed);
        let start = turn_start(game);
        let last_start = start_of_last(start.as_ref(), &working.completed);
        let after = LiveGame::changed(stored, working.game, last_turn)
            .with_last_start(last_start)
            .with_turn_before_last(before_last);
        self.turn_reply(&after, start.as_ref(), &working.completed, say)
            .map(Some)
    }
}

impl Ledger {
    /// For an answer given without what it names (`!row`, `!keep`): the real options of
    /// the question the author must answer in the channel's game, if one is pending.
    pub(super) fn options_now(&self, message: &Message) -> Option<String> {
        let game = self.live_game(message.channel, false).ok()??;
        if game.color_of(message.author.id) != Some(game.to_move()) {
            return None;
        }
        let say = self.phrasing(message);
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
}

impl Voice {
    pub(super) fn moved_on(&self, message: &Message) -> Failure {
        Failure::Refused(Text::from(format!(
            "The game moved on while I was working on that (another command got there first). \
             Nothing was changed: look at {} and try again.",
            self.phrasing(message).cmd("board")
        )))
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
