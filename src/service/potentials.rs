//! Games with potentials and Ultimate GIPF: loading pushes, the four powers, TAMSK extra
//! pushes, the removal choices of stacks, and the replies that explain them
//! (`docs/potentials.md` §12). The plain games' commands land here too when the channel's game
//! has potentials.

use gipf::potentials::{
    Decision, Game, LineNote, Options, Pending, PieceKind, PlayError, Potential, Turn,
};
use gipf::{Bitboard, Color, Entry, Point, Row};

use super::play::{rules_refusal as refusal, spots};
use super::{Failure, Handled, LiveGame, Message, Rules, Service, refuse};
use crate::command::{Answer, Phrasing, PlayCommand, potential_word};
use crate::model::{GameStatus, Partial};
use crate::reply::{Button, Reply, Stamp};
use crate::text;
use crate::text::{Span, Text};

/// Said wherever the bot explains TAMSK or PÜNCT against a GIPF-piece.
pub(crate) const RECONSTRUCTED: &str =
    "TAMSK and PÜNCT against a GIPF-piece follow reconstructed rules: the official text is lost.";

/// A game with potentials and what it waits for, as the service keeps it.
#[derive(Clone, Debug)]
pub(crate) struct PotentialsGame {
    /// The game after the stored turns and the decisions of the turn in progress.
    pub game: Game,
    /// The last completed turn.
    pub last_turn: Option<Turn>,
}

/// A game with potentials being changed by one command: nothing is saved unless all of it
/// is legal.
pub(super) struct PotentialsWorking {
    pub game: Game,
    pub partial: Vec<Decision>,
    pub completed: Vec<Turn>,
}

impl PotentialsWorking {
    fn play(&mut self, decision: Decision) -> Result<(), Failure> {
        let done = self.game.play(decision).map_err(refusal)?;
        self.partial.push(decision);
        if !done.is_empty() {
            self.partial.clear();
            self.completed.extend(done);
        }
        Ok(())
    }

    /// A push of `piece`, then the answers given with it.
    pub fn push(
        &mut self,
        entry: Entry,
        piece: PieceKind,
        answers: &[Answer],
        say: &Phrasing,
    ) -> Result<(), Failure> {
        self.play(Decision::Push { entry, piece })?;
        let mover = self.game.to_move();
        for answer in answers {
            if self.game.to_move() != mover || self.game.outcome().is_some() {
                return refuse(
                    "that push needs no more decisions, so I did not use all your answers",
                );
            }
            self.answer(answer, say)?;
        }
        Ok(())
    }

    /// A plain game's push (`!push b1 c2`, `!gipf b1 c2`): a basic piece only when the
    /// player has no potential left to load, or says `basic`.
    pub fn plain_push(
        &mut self,
        entry: Entry,
        gipf: bool,
        answers: &[Answer],
        say: &Phrasing,
    ) -> Result<(), Failure> {
        let supply = self.game.supply(self.game.to_move());
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
        if !gipf && !kinds.is_empty() && self.game.pending() == Pending::Action {
            return refuse(format!(
                "you still have potentials to load ({supply}): name the piece, like {}, or push a basic piece with {} and give up the rest of them ({})",
                say.cmd(&format!("push {entry} {}", kinds[0])),
                say.cmd(&format!("push {entry} basic")),
                kinds.join(", ")
            ));
        }
        let piece = if gipf {
            PieceKind::Gipf
        } else {
            PieceKind::Basic
        };
        self.push(entry, piece, answers, say)
    }

    /// An answer to the pending row question.
    pub fn answer(&mut self, answer: &Answer, say: &Phrasing) -> Result<(), Failure> {
        let decision = match (self.game.pending(), answer) {
            (Pending::ChooseRow { rows }, Answer::Row(n)) => match n
                .checked_sub(1)
                .and_then(|i| rows.get(i))
            {
                Some(row) => Decision::Row(row.line),
                None => return refuse(format!("there is no row {n}; answer {}", say.cmd("row 1"))),
            },
            (Pending::Remove { optional, .. }, Answer::TakeAll) => Decision::Take(optional),
            (Pending::Remove { .. }, Answer::KeepAll) => Decision::Take(Bitboard::EMPTY),
            (Pending::Remove { .. }, Answer::Take(points)) => {
                Decision::Take(points.iter().copied().collect())
            }
            (Pending::Remove { optional, .. }, Answer::Keep(points)) => {
                let keep: Bitboard = points.iter().copied().collect();
                if !keep.is_subset(optional) {
                    return Err(refusal(PlayError::NotOptional {
                        spots: keep - optional,
                        optional,
                    }));
                }
                Decision::Take(optional - keep)
            }
            (Pending::Tamsk, _) => {
                return refuse(format!(
                    "first your TAMSK: {} or {}",
                    say.cmd("tamsk a5 b5"),
                    say.cmd("tamsk skip")
                ));
            }
            (Pending::Action, _) => {
                return refuse("there is nothing to decide now: it is time for your action");
            }
            (pending, _) => return Err(refusal(PlayError::Pending(pending))),
        };
        self.play(decision)
    }

    /// `!zertz c3 c6`...
    pub fn power(&mut self, kind: Potential, from: Point, to: Point) -> Result<(), Failure> {
        self.play(Decision::Move { kind, from, to })
    }

    /// `!tamsk a5 b5`, `!tamsk skip`.
    pub fn tamsk(&mut self, entry: Option<Entry>) -> Result<(), Failure> {
        if self.game.pending() != Pending::Tamsk {
            return refuse(
                "there is no TAMSK extra push to make: none of your TAMSK pieces was pushed onto e5",
            );
        }
        self.play(entry.map_or(Decision::Skip, Decision::Extra))
    }

    /// A whole turn in the notation of `docs/potentials.md` §9.
    pub fn notation(&mut self, note: &LineNote) -> Result<(), Failure> {
        if !self.partial.is_empty() {
            return refuse(
                "finish the turn you started first (see the question above), or write its remaining decisions",
            );
        }
        let (game, done) = self.game.resolve(note).map_err(refusal)?;
        self.game = game;
        self.completed.extend(done);
        Ok(())
    }
}

/// What a command does in a game with potentials.
pub(super) fn plan<'a>(
    command: &'a PlayCommand,
    say: &'a Phrasing,
) -> impl FnOnce(&mut PotentialsWorking) -> Result<(), Failure> + 'a {
    move |working| match command {
        PlayCommand::Push {
            entry,
            piece,
            answers,
        } => working.plain_push(*entry, *piece == gipf::Kind::Gipf, answers, say),
        PlayCommand::Load {
            entry,
            kind,
            answers,
        } => {
            let piece = kind.map_or(PieceKind::Basic, PieceKind::Loaded);
            working.push(*entry, piece, answers, say)
        }
        PlayCommand::Power { kind, from, to } => working.power(*kind, *from, *to),
        PlayCommand::Tamsk(entry) => working.tamsk(*entry),
        PlayCommand::PotentialsMove(note) => working.notation(note),
        PlayCommand::Move(notation) => match notation.to_string().parse::<LineNote>() {
            Ok(note) => working.notation(&note),
            Err(e) => Err(refusal(e)),
        },
        PlayCommand::Answer(answer) => working.answer(answer, say),
    }
}

/// The refusal of a potentials command in a game without them.
pub(super) fn no_potentials(say: &Phrasing) -> Failure {
    Failure::Refused(Text::from(format!(
        "this game has no potentials: push with {}",
        say.cmd("push b1 c2")
    )))
}

impl Service {
    /// Plays `plan` in the channel's game with potentials, for its player to move, and saves it.
    pub(super) fn act_potentials(
        &self,
        message: &Message,
        game: &LiveGame,
        live: &PotentialsGame,
        plan: impl FnOnce(&mut PotentialsWorking) -> Result<(), Failure>,
    ) -> Handled {
        let partial = match &game.stored.partial {
            Partial::Potentials { potentials } => potentials.clone(),
            Partial::Plain(_) => Vec::new(),
        };
        let mut working = PotentialsWorking {
            game: live.game.clone(),
            partial,
            completed: Vec::new(),
        };
        plan(&mut working).map_err(super::play::nothing_changed)?;
        let turns = working.completed.iter();
        let progress = super::play::move_progress(
            turns
                .map(|t| (format!("{t:#}"), game.player(t.color)))
                .collect(),
            Partial::Potentials {
                potentials: working.partial,
            },
            GameStatus::of_outcome(working.game.outcome()),
        );
        let Some(stored) = self.save(&game.stored, progress)? else {
            return Err(self.moved_on(message));
        };
        let last_turn = working.completed.last().cloned().or(live.last_turn.clone());
        let live = PotentialsGame {
            game: working.game,
            last_turn,
        };
        let after = LiveGame {
            stored,
            rules: Rules::Potentials(Box::new(live.clone())),
        };
        self.potentials_reply(
            &after,
            &live.game,
            &working.completed,
            &self.phrasing(message),
        )
    }

    /// What the player to move must do now in a game with potentials, with a ping for them.
    fn potentials_reply(
        &self,
        game: &LiveGame,
        state: &Game,
        completed: &[Turn],
        say: &Phrasing,
    ) -> Handled {
        let mut lines = self.played(game, completed.iter().map(|t| (t.color, format!("{t:#}"))))?;
        lines.push(Text::from(status_line(state)));
        let prompt = match state.pending() {
            Pending::GameOver(outcome) => {
                vec![self.game_over(game, outcome, completed.first().map(|t| t.color))?]
            }
            pending => {
                let player = self.mention_player(game, state.to_move());
                prompt(state, &pending, player, say)
            }
        };
        lines.extend(prompt);
        if let Some(last) = lines.last_mut() {
            last.append(super::time::due_by(&game.stored));
        }
        Ok(Reply {
            board: Some(self.picture(game, None)?),
            buttons: potentials_buttons(game, state),
            ..Reply::public(Text::join(lines, "\n"))
        })
    }

    /// How the player to move acts, for the first move of a game with potentials.
    pub(super) fn potentials_first_move(&self, game: &Game, say: &Phrasing) -> String {
        how_to_act(game, say)
    }
}

/// Reserves, captures and the potentials still to load.
fn status_line(game: &Game) -> String {
    format!(
        "Reserves: white {}, black {}. Captured: white {}, black {}. {}",
        game.reserve(Color::White),
        game.reserve(Color::Black),
        game.lost(Color::White),
        game.lost(Color::Black),
        to_load(game)
    )
}

/// `Potentials to load: white Z2,D3, black none.`
pub(super) fn to_load(game: &Game) -> String {
    let supply = |c: Color| {
        let s = game.supply(c);
        if s.is_empty() {
            "none".to_string()
        } else {
            s.to_string()
        }
    };
    format!(
        "Potentials to load: white {}, black {}.",
        supply(Color::White),
        supply(Color::Black)
    )
}

/// The question of the player to move, in lines.
fn prompt(game: &Game, pending: &Pending, player: Span, say: &Phrasing) -> Vec<Text> {
    let me = game.to_move();
    match pending {
        Pending::Action => vec![text![
            player,
            format!(", your move ({me}): {}", how_to_act(game, say))
        ]],
        Pending::Tamsk => vec![text![
            player,
            format!(
                ", your TAMSK piece reached e5: push its potential in with {} (a dot and a first spot), or give it up with {}. ({RECONSTRUCTED})",
                say.cmd("tamsk a5 b5"),
                say.cmd("tamsk skip")
            )
        ]],
        Pending::ChooseRow { rows } => {
            let mut lines = vec![text![
                player,
                ", you have rows to deal with that share pieces: choose which goes first."
            ]];
            for (i, row) in rows.iter().enumerate() {
                lines.push(Text::from(format!(
                    "{}) {row}: {}",
                    i + 1,
                    contents(game, row.set)
                )));
            }
            let options: Vec<String> = (1..=rows.len())
                .map(|i| say.cmd(&format!("row {i}")))
                .collect();
            lines.push(Text::from(format!("Answer {}.", options.join(" or "))));
            lines
        }
        Pending::Remove { row, optional } => removal_prompt(game, row, *optional, player, say),
        Pending::GameOver(_) => Vec::new(),
    }
}

/// The question of a row being dealt with: which of its GIPF-pieces and loaded pieces to take.
fn removal_prompt(
    game: &Game,
    row: &Row,
    optional: Bitboard,
    player: Span,
    say: &Phrasing,
) -> Vec<Text> {
    let must = if game.must_deal(row) {
        "it must end broken: no 4 of its pieces in a row, unless all GIPF-pieces"
    } else {
        "it may also stand as it is"
    };
    let first = optional
        .iter()
        .next()
        .map(|p| p.to_string())
        .unwrap_or_default();
    vec![
        text![
            player,
            format!(
                ", your row {row} ({}) is dealt with: its basic pieces and used potentials go; its GIPF-pieces and loaded pieces {} are your choice ({must}).",
                contents(game, row.set),
                spots(optional)
            )
        ],
        Text::from(if may_keep_all(game) {
            format!(
                "Answer {} (the ones to take), {} or {}.",
                say.cmd(&format!("take {first}")),
                say.cmd("take all"),
                say.cmd("keep all")
            )
        } else {
            format!(
                "Answer {} (the ones to take) or {}: keeping them all would leave the row unbroken.",
                say.cmd(&format!("take {first}")),
                say.cmd("take all")
            )
        }),
    ]
}

/// Whether keeping every optional piece of the row being dealt with is a legal answer (it is
/// not when the row would stay unbroken, `docs/potentials.md` §6).
fn may_keep_all(game: &Game) -> bool {
    game.clone().play(Decision::Take(Bitboard::EMPTY)).is_ok()
}

/// `push`, `push … zertz`, and the potential moves there are, for the player to move.
fn how_to_act(game: &Game, say: &Phrasing) -> String {
    let me = game.to_move();
    let pieces = game.legal_pieces();
    let mut ways = Vec::new();
    if pieces.contains(&PieceKind::Gipf) {
        ways.push(format!(
            "bring in a GIPF-piece with {}",
            say.cmd("gipf b1 c2")
        ));
    }
    let loaded: Vec<&str> = pieces
        .iter()
        .filter_map(|p| match p {
            PieceKind::Loaded(kind) => Some(potential_word(*kind)),
            _ => None,
        })
        .collect();
    if let Some(first) = loaded.first() {
        ways.push(format!(
            "push a loaded piece with {} ({})",
            say.cmd(&format!("push b1 c2 {first}")),
            loaded.join(", ")
        ));
    }
    if pieces.contains(&PieceKind::Basic) {
        let word = if game.supply(me).is_empty() {
            "push b1 c2"
        } else {
            "push b1 c2 basic"
        };
        let note = if game.supply(me).is_empty() {
            ""
        } else {
            " (which gives up the rest of your potentials)"
        };
        ways.push(format!("push a basic piece with {}{note}", say.cmd(word)));
    }
    let moves = game.potential_moves();
    for kind in Potential::ALL {
        let froms: Bitboard = moves.iter().filter(|m| m.0 == kind).map(|m| m.1).collect();
        if let Some(&(_, from, to)) = moves.iter().find(|m| m.0 == kind) {
            ways.push(format!(
                "use your {kind} on {} with {}",
                spots(froms),
                say.cmd(&format!("{} {from} {to}", potential_word(kind)))
            ));
        }
    }
    match ways.len() {
        0 => "you have no legal move.".to_string(),
        1 => format!("{}.", ways[0]),
        n => format!("{}, or {}.", ways[..n - 1].join("; "), ways[n - 1]),
    }
}

/// `e5 w, e6 bP|wp`: a row's stacks.
fn contents(game: &Game, set: Bitboard) -> String {
    let stacks: Vec<String> = set
        .iter()
        .filter_map(|p| game.stack(p).map(|s| format!("{p} {s}")))
        .collect();
    stacks.join(", ")
}

/// Buttons for the likely answers to the question pending in a game with potentials.
pub(super) fn potentials_buttons(game: &LiveGame, state: &Game) -> Vec<Button> {
    let stamp = Stamp::Game {
        id: game.stored.id,
        version: game.stored.version,
    };
    let button = |label: String, command: PlayCommand| Button {
        label,
        command: command.into(),
        stamp,
    };
    match state.pending() {
        Pending::ChooseRow { rows } => (1..=rows.len())
            .map(|i| button(format!("Row {i}"), PlayCommand::Answer(Answer::Row(i))))
            .collect(),
        Pending::Remove { .. } => {
            let mut buttons = vec![button(
                "Take all".into(),
                PlayCommand::Answer(Answer::TakeAll),
            )];
            if may_keep_all(state) {
                buttons.push(button(
                    "Keep all".into(),
                    PlayCommand::Answer(Answer::KeepAll),
                ));
            }
            buttons
        }
        Pending::Tamsk => vec![button("Skip the TAMSK".into(), PlayCommand::Tamsk(None))],
        Pending::GameOver(_) => vec![super::play::rematch_button(game)],
        Pending::Action => Vec::new(),
    }
}

/// The challenge's words about its potentials, if it has any.
pub(crate) fn describe(options: &Options) -> Option<String> {
    if options.ultimate {
        return Some(format!(
            "Ultimate GIPF: 21 pieces each and the potentials T3 Z3 D3 Y3 P3. {RECONSTRUCTED}"
        ));
    }
    let header = options.header()?;
    let reconstructed = Color::ALL.iter().any(|&c| {
        options.supply[c][Potential::Tamsk] > 0 || options.supply[c][Potential::Punct] > 0
    });
    Some(format!(
        "With potentials: {}.{}",
        header.replace("W:", "White ").replace(" B:", ", Black "),
        if reconstructed {
            format!(" {RECONSTRUCTED}")
        } else {
            String::new()
        }
    ))
}

#[cfg(test)]
mod tests {
    use gipf::Point;
    use gipf::potentials::{Options, Setup};

    use super::*;

    /// `docs/potentials.md` §6, the GEN 8 example: White's push d1-d4 makes the run
    /// b2 c3 d4 e5 f5 of GIPF-pieces and a loaded piece, which must end broken.
    fn gen_8() -> PotentialsWorking {
        let mut setup = Setup::new(Options::parse("tournament", Some("Z3")).unwrap());
        setup
            .place_all("b2:W c3:W e5:W f5:W d3:wZ d2:b g6:B")
            .unwrap();
        PotentialsWorking {
            game: Game::from_setup(&setup),
            partial: Vec::new(),
            completed: Vec::new(),
        }
    }

    fn refusal_text(result: Result<(), Failure>) -> String {
        match result {
            Err(Failure::Refused(text)) => text.to_string(),
            other => panic!("not refused: {:?}", other.is_ok()),
        }
    }

    #[test]
    fn a_choice_that_leaves_the_row_unbroken_is_refused_naming_its_four_spots() {
        let say = Phrasing::chat("!");
        let entry: Entry = "d1-d2".parse().unwrap();
        for (answer, four) in [
            (Answer::Take(vec![Point::B2]), "c3 d4 e5 f5"),
            (Answer::KeepAll, "b2 c3 d4 e5"),
        ] {
            let mut working = gen_8();
            let text = refusal_text(working.push(entry, PieceKind::Basic, &[answer], &say));
            assert!(
                text.contains(&format!("{four} still hold 4 of its pieces in a row")),
                "{text}"
            );
        }
        // Asked, the player is not offered to keep them all.
        let mut working = gen_8();
        working
            .play(Decision::Push {
                entry,
                piece: PieceKind::Basic,
            })
            .unwrap();
        assert!(!may_keep_all(&working.game));
        let Pending::Remove { row, optional } = working.game.pending() else {
            panic!("no removal asked");
        };
        let player = Span::Strong("ann".into());
        let lines = prompt(
            &working.game,
            &Pending::Remove { row, optional },
            player,
            &say,
        );
        let answer = lines.last().unwrap().to_string();
        assert!(
            answer.contains("`!take all`: keeping them all would leave the row unbroken"),
            "{answer}"
        );
        assert!(!answer.contains("keep all"), "{answer}");
        let mut working = gen_8();
        let take_loaded = Answer::Take(vec![Point::D4]);
        working
            .push(entry, PieceKind::Basic, &[take_loaded], &say)
            .unwrap();
        assert_eq!(working.completed[0].to_string(), "d1-d4;xZd4");
    }

    #[test]
    fn a_push_without_a_piece_keeps_the_potentials_and_says_how_to_name_one() {
        let say = Phrasing::slash("!");
        let mut working = gen_8();
        let text = refusal_text(working.plain_push("d1-d2".parse().unwrap(), false, &[], &say));
        assert!(text.contains("`/push entry:d1-d2 piece:zertz`"), "{text}");
        assert!(text.contains("`/push entry:d1-d2 piece:basic`"), "{text}");
    }
}
