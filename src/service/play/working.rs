//! A game being changed by one command ([`Working`]): each decision played by the rules
//! crate, nothing saved unless all of it is legal, and a refusal that says what to do
//! instead when a question is pending. Every change of a game goes through it: a player's
//! command, the engine's turn, a lesson's task, a puzzle's answer.

use gipf::potentials::{Action, Decision, Game, LineNote, Pending, PieceKind, PlayError, Turn};
use gipf::{Bitboard, Color, Entry, Point};

use super::prompt::{row_options, take_options};
use crate::command::{Answer, Phrasing, PlayCommand, potential_word};
use crate::service::words::{capital_start, optional_pieces, row_verb, spots, uses_potentials};
use crate::service::{Failure, refuse};
use crate::text::Text;

/// A game being changed by one command: nothing is saved unless all of it is legal.
pub(in crate::service) struct Working<'a> {
    pub game: gipf::potentials::Game,
    pub partial: Vec<Decision>,
    pub completed: Vec<gipf::potentials::Turn>,
    say: &'a Phrasing,
}

impl<'a> Working<'a> {
    /// A working copy of `game`, in the middle of a turn after `partial`, for a player who
    /// writes as `say` does.
    pub(in crate::service) fn new(
        game: gipf::potentials::Game,
        partial: Vec<Decision>,
        say: &'a Phrasing,
    ) -> Self {
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
    pub(in crate::service) fn play_turn(&mut self, turn: &Turn) -> Result<(), Failure> {
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
    pub(in crate::service) fn run(&mut self, command: &PlayCommand) -> Result<(), Failure> {
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
pub(super) fn nothing_changed(failure: Failure) -> Failure {
    match failure {
        Failure::Refused(reason) => {
            let mut reason = capital_start(reason);
            reason.push(". Nothing was changed.");
            Failure::Refused(reason)
        }
        internal => internal,
    }
}
