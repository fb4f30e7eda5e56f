//! The moves: `push`, `gipf`, `move`, `row`, `take`, `keep`, and with potentials the powers
//! and `tamsk` (played by `potentials.rs`); and what every change of a game shares: its
//! checks, its save, and the reply that asks the next player.

use gipf::{Bitboard, Color, Decision, Entry, Kind, Pending, PlayError, Position, Stage, Turn};

use super::{Failure, Handled, LiveGame, Message, Rules, Run, Service, potentials, refuse};
use crate::command::{Answer, ChallengeCommand, Phrasing, PlayCommand};
use crate::model::{GameStatus, Partial};
use crate::reply::{Button, Reply, Stamp};
use crate::store::Progress;
use crate::text;
use crate::text::{Span, Text};

/// A game being changed by one command: nothing is saved unless all of it is legal.
struct Working {
    position: Position,
    partial: Vec<Decision>,
    completed: Vec<Turn>,
}

impl Working {
    fn play(&mut self, decision: Decision) -> Result<(), PlayError> {
        let done = self.position.play(decision)?;
        self.partial.push(decision);
        if !done.is_empty() {
            self.partial.clear();
            self.completed.extend(done.iter().copied());
        }
        Ok(())
    }
}

/// `c3 d4 e5`.
pub(super) fn spots(set: Bitboard) -> String {
    let words: Vec<String> = set.iter().map(|p| p.to_string()).collect();
    words.join(" ")
}

/// A refusal that quotes a rules error as it is.
pub(super) fn rules_refusal(error: impl std::fmt::Display) -> Failure {
    Failure::Refused(Text::from(error.to_string()))
}

/// Buttons for the likely answers to the question pending in a game, if one is: stamped
/// with the game's version, so they answer this question only.
pub(super) fn question_buttons(game: &LiveGame) -> Vec<Button> {
    let stamp = Stamp::Game {
        id: game.stored.id,
        version: game.stored.version,
    };
    let button = |label: String, answer: Answer| Button {
        label,
        command: PlayCommand::Answer(answer).into(),
        stamp,
    };
    let position = match &game.rules {
        Rules::Plain { position, .. } => position,
        Rules::Potentials(live) => return potentials::potentials_buttons(game, &live.game),
    };
    match position.pending() {
        Pending::ChooseRow { rows } => (1..=rows.len())
            .map(|i| button(format!("Row {i}"), Answer::Row(i)))
            .collect(),
        Pending::TakeGipf { .. } => vec![
            button("Take all".into(), Answer::TakeAll),
            button("Keep all".into(), Answer::KeepAll),
        ],
        Pending::GameOver(_) => vec![rematch_button(game)],
        Pending::Push => Vec::new(),
    }
}

/// The button under a game-over message: the same opponent again, colours swapped.
pub(super) fn rematch_button(game: &LiveGame) -> Button {
    Button {
        label: "Rematch".into(),
        command: ChallengeCommand::Rematch.into(),
        stamp: Stamp::Game {
            id: game.stored.id,
            version: game.stored.version,
        },
    }
}

/// `` `!row 1` or `!row 2` `` for `count` rows.
fn row_options(say: &Phrasing, count: usize) -> String {
    let options: Vec<String> = (1..=count).map(|i| say.cmd(&format!("row {i}"))).collect();
    options.join(" or ")
}

/// `` `!take <spots>`, `!take all` or `!keep all` ``.
fn gipf_options(say: &Phrasing) -> String {
    format!(
        "{}, {} or {}",
        say.cmd("take <spots>"),
        say.cmd("take all"),
        say.cmd("keep all")
    )
}

/// The decision an answer stands for in `position`, or why it does not fit.
fn decision_for(position: &Position, answer: &Answer, say: &Phrasing) -> Result<Decision, Failure> {
    match (position.pending(), answer) {
        (Pending::ChooseRow { rows }, Answer::Row(n)) => {
            match n.checked_sub(1).and_then(|i| rows.get(i)) {
                Some(row) => Ok(Decision::Row(row.line)),
                None => refuse(format!(
                    "there is no row {n}; answer {}",
                    row_options(say, rows.len())
                )),
            }
        }
        (Pending::TakeGipf { gipf, .. }, Answer::TakeAll) => Ok(Decision::Take(gipf)),
        (Pending::TakeGipf { .. }, Answer::KeepAll) => Ok(Decision::Take(Bitboard::EMPTY)),
        (Pending::TakeGipf { .. }, Answer::Take(points)) => {
            Ok(Decision::Take(points.iter().copied().collect()))
        }
        (Pending::TakeGipf { gipf, .. }, Answer::Keep(points)) => {
            let keep: Bitboard = points.iter().copied().collect();
            let strangers = keep - gipf;
            if !strangers.is_empty() {
                let verb = if strangers.count() == 1 { "is" } else { "are" };
                return refuse(format!(
                    "{} {verb} not a GIPF-piece of this row; its GIPF-pieces are {}",
                    spots(strangers),
                    spots(gipf)
                ));
            }
            Ok(Decision::Take(gipf - keep))
        }
        (Pending::ChooseRow { .. }, _) => refuse(format!(
            "first choose a row by its number: {}",
            say.cmd("row 1")
        )),
        (Pending::TakeGipf { .. }, _) => refuse(format!(
            "first decide on the GIPF-pieces of the row: {}",
            gipf_options(say)
        )),
        (Pending::Push, _) => refuse("there is nothing to decide now: it is time to push"),
        (Pending::GameOver(outcome), _) => refuse(format!("the game is over: {outcome}")),
    }
}

/// "at the start of your turn" or "after your push".
fn when(position: &Position) -> &'static str {
    if position.stage() == Stage::Start {
        "at the start of your turn"
    } else {
        "after your push"
    }
}

/// A refused move says that nothing was changed.
pub(super) fn nothing_changed(failure: Failure) -> Failure {
    match failure {
        Failure::Refused(mut reason) => {
            reason.push(". Nothing was changed.");
            Failure::Refused(reason)
        }
        internal => internal,
    }
}

/// What a move saves: the turns it completed, the decisions of the turn it leaves in
/// progress, and the game's status.
pub(super) fn move_progress(
    turns: Vec<(String, crate::model::UserId)>,
    partial: Partial,
    status: GameStatus,
) -> Progress {
    Progress {
        turns,
        partial,
        status,
        resigned: None,
        ended_by: None,
        forfeited: None,
    }
}

/// Plays a move command (a push, an answer, a whole turn, a potential's) in the channel's
/// game: the plain rules or the potentials' ones, as the game is.
impl Run for PlayCommand {
    fn run(self, service: &Service, message: &Message) -> Handled {
        let say = service.phrasing(message);
        let plain = |working: &mut Working| match &self {
            PlayCommand::Push {
                entry,
                piece,
                answers,
            } => service.push(working, *entry, *piece, answers, &say),
            PlayCommand::Move(notation) => {
                let decisions = notation.resolve(&working.position).map_err(rules_refusal)?;
                for decision in decisions {
                    working.play(decision).map_err(rules_refusal)?;
                }
                Ok(())
            }
            PlayCommand::Answer(answer) => {
                let decision = decision_for(&working.position, answer, &say)?;
                working.play(decision).map_err(rules_refusal)
            }
            _ => Err(potentials::no_potentials(&say)),
        };
        service.act(message, plain, potentials::plan(&self, &say))
    }
}

impl Service {
    /// Checks that the author may act now, lets `plan` (or `with_potentials`, in a game
    /// with potentials) change the game, and saves it.
    fn act(
        &self,
        message: &Message,
        plan: impl FnOnce(&mut Working) -> Result<(), Failure>,
        with_potentials: impl FnOnce(&mut potentials::PotentialsWorking) -> Result<(), Failure>,
    ) -> Handled {
        let game = self.live_game(message.channel, false)?;
        self.check_stamp(message, game.as_ref())?;
        let game = game.ok_or_else(|| self.no_game_here(message))?;
        let Some(color) = game.color_of(message.author.id) else {
            return refuse(text![
                "You are not playing in this game: only ",
                game.name(Color::White),
                " and ",
                game.name(Color::Black),
                " can move here."
            ]);
        };
        let to_move = game.to_move();
        if color != to_move {
            return refuse(text![
                "It is ",
                game.name(to_move),
                format!("'s turn ({to_move}). I will ping you when it is yours.")
            ]);
        }
        let (position, last_turn) = match &game.rules {
            Rules::Plain {
                position,
                last_turn,
            } => (*position, *last_turn),
            Rules::Potentials(live) => {
                return self.act_potentials(message, &game, live, with_potentials);
            }
        };
        let partial = match &game.stored.partial {
            Partial::Plain(decisions) => decisions.clone(),
            Partial::Potentials { .. } => Vec::new(),
        };
        let mut working = Working {
            position,
            partial,
            completed: Vec::new(),
        };
        plan(&mut working).map_err(nothing_changed)?;
        let turns = working.completed.iter();
        let progress = move_progress(
            turns
                .map(|t| (format!("{t:#}"), game.player(t.color)))
                .collect(),
            Partial::Plain(working.partial),
            GameStatus::of(&working.position),
        );
        let Some(stored) = self.save(&game.stored, progress)? else {
            return Err(self.moved_on(message));
        };
        let rules = Rules::Plain {
            position: working.position,
            last_turn: working.completed.last().copied().or(last_turn),
        };
        let after = LiveGame { stored, rules };
        self.turn_reply(
            &after,
            &working.position,
            &working.completed,
            &self.phrasing(message),
        )
    }

    /// Refuses a click on a button made for another game, or for an earlier question of
    /// this one. The version it checks is the one the save is conditional on, so a click
    /// can never answer a question it was not made for.
    fn check_stamp(&self, message: &Message, game: Option<&LiveGame>) -> Result<(), Failure> {
        let Some(Stamp::Game { id, version }) = message.stamp else {
            return Ok(());
        };
        match game {
            None => refuse("That game is over: this button no longer does anything."),
            Some(game) if game.stored.id != id => refuse("That button belongs to an earlier game."),
            Some(game) if game.color_of(message.author.id).is_none() => {
                refuse("This is not your game: only its two players can use its buttons.")
            }
            Some(game) if game.stored.version != version => refuse(format!(
                "That button answers an earlier question, and the game has moved on. \
                 See the latest message or {}.",
                self.phrasing(message).cmd("board")
            )),
            Some(_) => Ok(()),
        }
    }

    pub(super) fn moved_on(&self, message: &Message) -> Failure {
        Failure::Refused(Text::from(format!(
            "The game moved on while I was working on that (another command got there first). \
             Nothing was changed: look at {} and try again.",
            self.phrasing(message).cmd("board")
        )))
    }

    /// A refused decision, said with what to do instead when a question is pending.
    fn explain(&self, error: &PlayError, say: &Phrasing) -> Failure {
        let text = match error {
            PlayError::DecisionPending(Pending::ChooseRow { .. }) => format!(
                "first choose which row to remove: {}, {}... ({} shows the numbers)",
                say.cmd("row 1"),
                say.cmd("row 2"),
                say.cmd("board")
            ),
            PlayError::DecisionPending(Pending::TakeGipf { row, gipf }) => format!(
                "first decide on the GIPF-pieces of row {row} ({}): {}",
                spots(*gipf),
                gipf_options(say)
            ),
            other => other.to_string(),
        };
        Failure::Refused(Text::from(text))
    }

    /// A push and the answers given with it.
    fn push(
        &self,
        working: &mut Working,
        entry: Entry,
        piece: Kind,
        answers: &[Answer],
        say: &Phrasing,
    ) -> Result<(), Failure> {
        let mover = working.position.to_move();
        working
            .play(Decision::Push { entry, piece })
            .map_err(|e| self.explain(&e, say))?;
        for answer in answers {
            if working.position.to_move() != mover || working.position.outcome().is_some() {
                return refuse(
                    "that push needs no more decisions, so I did not use all your answers",
                );
            }
            let decision = decision_for(&working.position, answer, say)?;
            working.play(decision).map_err(rules_refusal)?;
        }
        Ok(())
    }

    /// How the player to move acts, in either kind of game.
    pub(super) fn first_move(&self, game: &LiveGame, say: &Phrasing) -> String {
        match &game.rules {
            Rules::Plain { position, .. } => self.how_to_push(position, say),
            Rules::Potentials(live) => self.potentials_first_move(&live.game, say),
        }
    }

    /// How to push, for the player to move.
    pub(super) fn how_to_push(&self, position: &Position, say: &Phrasing) -> String {
        let gipf = position.legal_kinds().any(|k| k == Kind::Gipf);
        let basic = position.legal_kinds().any(|k| k == Kind::Basic);
        let push = format!(
            "push with {}, like {}",
            say.cmd("push <dot> <first spot>"),
            say.cmd("push b1 c2")
        );
        match (basic, gipf) {
            (false, true) => format!("bring in a GIPF-piece, like {}.", say.cmd("gipf b1 c2")),
            (true, true) => format!(
                "{push}, or bring in a GIPF-piece with {}.",
                say.cmd("gipf b1 c2")
            ),
            _ => format!("{push}."),
        }
    }

    /// `alice (white) played `c2 (11)`.`: a line for each (mover, turn) completed.
    pub(super) fn played(
        &self,
        game: &LiveGame,
        turns: impl Iterator<Item = (Color, String)>,
    ) -> anyhow::Result<Vec<Text>> {
        turns
            .map(|(color, turn)| {
                Ok(text![
                    game.name(color),
                    format!(" ({color}) played `{turn}`.")
                ])
            })
            .collect()
    }

    /// `Game over: alice (white) wins. …`, pinging the player who did not make the first of
    /// the turns just completed (the loser, unless he lost at the start of his own turn).
    pub(super) fn game_over(
        &self,
        game: &LiveGame,
        outcome: gipf::Outcome,
        first_mover: Option<Color>,
    ) -> anyhow::Result<Text> {
        let other = first_mover.map_or(!outcome.winner, |color| !color);
        Ok(text![
            "Game over: ",
            game.name(outcome.winner),
            format!(" ({}) wins. {outcome}. Well played, ", outcome.winner),
            self.mention_player(game, other),
            "!"
        ])
    }

    /// What the player to move must do now, with a ping for them only.
    fn turn_reply(
        &self,
        game: &LiveGame,
        position: &Position,
        completed: &[Turn],
        say: &Phrasing,
    ) -> Handled {
        let mut lines = self.played(game, completed.iter().map(|t| (t.color, format!("{t:#}"))))?;
        lines.push(Text::from(format!(
            "Reserves: white {}, black {}. Captured: white {}, black {}.",
            position.reserve(Color::White),
            position.reserve(Color::Black),
            position.lost(Color::White),
            position.lost(Color::Black)
        )));
        let player = self.mention_player(game, position.to_move());
        let prompt = match position.pending() {
            Pending::GameOver(outcome) => {
                vec![self.game_over(game, outcome, completed.first().map(|t| t.color))?]
            }
            Pending::Push => vec![text![
                player,
                format!(
                    ", your move ({}): {}",
                    position.to_move(),
                    self.how_to_push(position, say)
                )
            ]],
            Pending::ChooseRow { rows } => row_choice_prompt(position, player, &rows, say),
            Pending::TakeGipf { row, gipf } => take_gipf_prompt(position, player, &row, gipf, say),
        };
        lines.extend(prompt);
        // The new deadline, when the move passed to the other player under a time per move.
        if let Some(last) = lines.last_mut() {
            last.append(super::time::due_by(&game.stored));
        }
        Ok(Reply {
            board: Some(self.picture(game, None)?),
            buttons: question_buttons(game),
            engine: self.engine_to_move(game),
            ..Reply::public(Text::join(lines, "\n"))
        })
    }
}

fn row_choice_prompt(
    position: &Position,
    player: Span,
    rows: &[gipf::Row],
    say: &Phrasing,
) -> Vec<Text> {
    let mut lines = vec![text![
        player,
        format!(
            ", you have rows to remove {}, and they share pieces: choose which goes first.",
            when(position)
        )
    ]];
    for (i, row) in rows.iter().enumerate() {
        lines.push(Text::from(format!(
            "{}) {row}: {}",
            i + 1,
            row_contents(position, row.set)
        )));
    }
    lines.push(Text::from(format!(
        "Answer {}.",
        row_options(say, rows.len())
    )));
    lines
}

fn take_gipf_prompt(
    position: &Position,
    player: Span,
    row: &gipf::Row,
    gipf: Bitboard,
    say: &Phrasing,
) -> Vec<Text> {
    let standing = if row.set.is_subset(position.gipf_pieces()) {
        " (it is all GIPF-pieces, so it may stay as it is)"
    } else {
        ""
    };
    let first = gipf
        .iter()
        .next()
        .map(|p| p.to_string())
        .unwrap_or_default();
    vec![
        text![
            player,
            format!(
                ", your row {row} ({}) is removed {}. Its basic pieces go; its GIPF-pieces {} are your choice{standing}.",
                row_contents(position, row.set),
                when(position),
                spots(gipf),
            )
        ],
        Text::from(format!(
            "Answer {} (the ones to take), {} or {}.",
            say.cmd(&format!("take {first}")),
            say.cmd("take all"),
            say.cmd("keep all")
        )),
    ]
}

/// `e5 w, e6 B`: a row's pieces.
fn row_contents(position: &Position, set: Bitboard) -> String {
    let pieces: Vec<String> = set
        .iter()
        .filter_map(|p| {
            position
                .piece_at(p)
                .map(|piece| format!("{p} {}", piece.char()))
        })
        .collect();
    pieces.join(", ")
}
