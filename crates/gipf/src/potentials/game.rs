use super::{Options, Pending, Potential, Stack, Supply, Turn};
use crate::{Bitboard, ByColor, Color, Line, Outcome, Point, Reason, Row, Variant};

/// Which pieces a player may push (`docs/potentials.md` §4); each phase comes at most once, in
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Tournament and ultimate, at the start: GIPF, loaded or basic pieces.
    Gipf,
    /// Loaded or basic pieces.
    Loaded,
    /// Basic pieces only; the supply is gone.
    Basic,
}

/// Where the player to move is within his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Stage {
    /// Dealing with his rows before the action.
    Start,
    /// The action.
    Action,
    /// Answering a TAMSK trigger.
    Tamsk,
    /// Dealing with his rows after the action.
    After,
}

/// A game with potentials (or Ultimate GIPF): the state machine of `docs/potentials.md`, resting
/// at a real decision ([`Game::pending`]) like [`Position`](crate::Position).
///
/// Also plays the games without potentials by the same rules (an empty supply), which the
/// tests use to check it against [`Position`](crate::Position).
///
/// ```
/// use gipf::potentials::{Game, Options, Pending, Potential};
/// use gipf::{Color, Variant};
/// let options = Options::parse("standard", Some("Z3,D3")).unwrap();
/// let mut game = Game::new(options);
/// game.play_notation("Zc2").unwrap();
/// game.play_notation("Dd7").unwrap();
/// assert_eq!(game.supply(Color::White)[Potential::Zertz], 2);
/// assert_eq!(game.stack(gipf::Point::C2).unwrap().to_string(), "wZ");
/// assert_eq!(game.pending(), Pending::Action);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) options: Options,
    pub(crate) board: [Option<Stack>; 64],
    /// Kept with `board` by [`Game::set`]: the occupied spots, each colour's tops, the
    /// uncovered loaded pieces and the GIPF-pieces (true or converted), so the hot queries
    /// need no scan of the board.
    pub(crate) occupied: Bitboard,
    pub(crate) tops: ByColor<Bitboard>,
    pub(crate) movers: Bitboard,
    pub(crate) gipfs: Bitboard,
    pub(crate) reserve: ByColor<u8>,
    pub(crate) lost: ByColor<u8>,
    pub(crate) supply: ByColor<Supply>,
    /// Potentials of each colour out of the game.
    pub(crate) out: ByColor<u8>,
    pub(crate) phase: ByColor<Phase>,
    /// Whether each player has completed a turn.
    pub(crate) played: ByColor<bool>,
    pub(crate) to_move: Color,
    pub(crate) stage: Stage,
    /// Lines whose row was dealt with in this step (a row that may stand is offered once).
    pub(crate) dealt: u32,
    /// The row being dealt with while its optional pieces are chosen.
    pub(crate) selected: Option<Line>,
    pub(crate) progress: Turn,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) plies: u16,
}

impl Game {
    /// The start of a game: the start pieces of the basic and standard games, the reserves
    /// and supplies of `options`, White to move.
    pub fn new(options: Options) -> Game {
        let mut game = Game::empty(options);
        let piece = match options.variant() {
            Variant::Standard => Stack::gipf,
            _ => Stack::basic,
        };
        for color in Color::ALL {
            for &spot in options.variant().start_spots(color) {
                game.set(spot, Some(piece(color)));
            }
        }
        game.settle(&mut Vec::new());
        game
    }

    pub(crate) fn empty(options: Options) -> Game {
        let phase = if options.tournament_rules() {
            Phase::Gipf
        } else {
            Phase::Loaded
        };
        Game {
            options,
            board: [None; 64],
            occupied: Bitboard::EMPTY,
            tops: ByColor::splat(Bitboard::EMPTY),
            movers: Bitboard::EMPTY,
            gipfs: Bitboard::EMPTY,
            reserve: options.reserve(),
            lost: ByColor::splat(0),
            supply: *options.supply(),
            out: ByColor::splat(0),
            phase: ByColor::splat(phase),
            played: ByColor::splat(false),
            to_move: Color::White,
            stage: Stage::Start,
            dealt: 0,
            selected: None,
            progress: Turn::new(Color::White),
            outcome: None,
            plies: 0,
        }
    }

    /// The game and its potentials.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The stack on a spot, if any.
    pub fn stack(&self, spot: Point) -> Option<Stack> {
        if !spot.is_spot() {
            return None;
        }
        self.board[spot.spot_index() as usize]
    }

    pub(crate) fn set(&mut self, spot: Point, stack: Option<Stack>) {
        self.board[spot.spot_index() as usize] = stack;
        let bit = Bitboard::from(spot);
        for color in Color::ALL {
            self.tops[color] = self.tops[color] - bit;
        }
        self.occupied = self.occupied - bit;
        self.movers = self.movers - bit;
        self.gipfs = self.gipfs - bit;
        if let Some(stack) = stack {
            self.occupied |= bit;
            self.tops[stack.color()] |= bit;
            if stack.uncovered_loaded().is_some() {
                self.movers |= bit;
            }
            if stack.is_gipf() {
                self.gipfs |= bit;
            }
        }
    }

    /// Every stack on the board, spot by spot.
    pub fn stacks(&self) -> impl Iterator<Item = (Point, Stack)> + '_ {
        self.occupied
            .iter()
            .filter_map(|p| Some((p, self.stack(p)?)))
    }

    /// Every occupied spot.
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The spots whose stack is of a colour (its top's).
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.tops[color]
    }

    /// The GIPF-pieces of a colour on the board, true or converted.
    pub fn gipf_pieces(&self, color: Color) -> Bitboard {
        self.tops[color] & self.gipfs
    }

    /// The uncovered loaded pieces of a colour with a kind.
    pub fn loaded(&self, color: Color, kind: Potential) -> Bitboard {
        (self.movers & self.tops[color])
            .iter()
            .filter(|&p| self.stack(p).and_then(|s| s.uncovered_loaded()) == Some(kind))
            .collect()
    }

    /// Basic pieces in a player's reserve.
    pub fn reserve(&self, color: Color) -> u8 {
        self.reserve[color]
    }

    /// Basic pieces of a colour captured by the opponent (a GIPF-piece counts 2).
    pub fn lost(&self, color: Color) -> u8 {
        self.lost[color]
    }

    /// The potentials a player has not loaded yet.
    pub fn supply(&self, color: Color) -> Supply {
        self.supply[color]
    }

    /// Potentials of a colour out of the game: used and removed, unloaded with their
    /// piece, skipped TAMSKs, a supply given up.
    pub fn out_of_game(&self, color: Color) -> u8 {
        self.out[color]
    }

    /// The player's phase.
    pub fn phase(&self, color: Color) -> Phase {
        self.phase[color]
    }

    /// Whose turn it is (after the end: who would have moved).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Completed turns.
    pub fn plies(&self) -> u16 {
        self.plies
    }

    /// The current turn so far.
    pub fn current_turn(&self) -> &Turn {
        &self.progress
    }

    /// Basic pieces of a colour wherever they are: on the board (a GIPF-piece 2), in reserve,
    /// captured. Constant during a game.
    pub fn total(&self, color: Color) -> u32 {
        let board: u32 = self.stacks().map(|(_, s)| s.basic_pieces(color)).sum();
        board + self.reserve[color] as u32 + self.lost[color] as u32
    }

    /// Potentials of a colour on the board, used or not.
    pub fn potentials_on_board(&self, color: Color) -> u32 {
        self.stacks().map(|(_, s)| s.potentials(color)).sum()
    }

    /// The rows of a colour now, read on the tops of the stacks.
    pub fn rows(&self, color: Color) -> Vec<Row> {
        let own = self.pieces(color);
        let occupied = self.occupied();
        let lines = crate::row::row_lines(own);
        Line::all()
            .filter(|l| lines & (1 << l.0) != 0)
            .filter_map(|l| Row::on(l, color, own, occupied))
            .collect()
    }

    /// Whether the turn's action is still to come: rows pending now are dealt with before it
    /// (rows the opponent made, or that stood), not after it.
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// let mut game = Game::new(Options::plain(gipf::Variant::Standard));
    /// // At the start of the game no row is pending: the action is.
    /// assert!(!game.before_action());
    /// game.play_notation("b1-c2").unwrap();
    /// assert!(!game.before_action());
    /// ```
    pub fn before_action(&self) -> bool {
        self.stage == Stage::Start
    }

    /// What the game waits for now.
    pub fn pending(&self) -> Pending {
        if let Some(outcome) = self.outcome {
            return Pending::GameOver(outcome);
        }
        match self.stage {
            Stage::Action => return Pending::Action,
            Stage::Tamsk => return Pending::Tamsk,
            Stage::Start | Stage::After => {}
        }
        if let Some(row) = self.selected.and_then(|line| self.row_on(line)) {
            let optional = self.optional(&row);
            return Pending::Remove { row, optional };
        }
        Pending::ChooseRow {
            rows: self.candidates(),
        }
    }

    pub(crate) fn row_on(&self, line: Line) -> Option<Row> {
        self.rows(self.to_move).into_iter().find(|r| r.line == line)
    }

    /// Takes every decision with a single answer, until a real one is pending.
    pub(crate) fn settle(&mut self, done: &mut Vec<Turn>) {
        loop {
            if self.outcome.is_some() {
                self.finish_turn(done);
                return;
            }
            match self.stage {
                Stage::Action => return,
                Stage::Tamsk if self.occupied() == Bitboard::ALL_SPOTS => {
                    // No empty spot: the skip is forced.
                    if self.answer_tamsk(None).is_err() {
                        return;
                    }
                    continue;
                }
                Stage::Tamsk => return,
                Stage::Start | Stage::After => {}
            }
            if self.selected.is_some() {
                return;
            }
            let rows = self.candidates();
            if rows.is_empty() {
                if self.stage == Stage::After {
                    self.finish_turn(done);
                } else if self.has_legal_move() {
                    self.stage = Stage::Action;
                    return;
                } else {
                    // Without potentials, a push is all there is: the base game's reason.
                    let reason = if self.options.has_potentials() {
                        Reason::NoMove
                    } else {
                        Reason::NoReserve
                    };
                    self.outcome = Some(Outcome {
                        winner: !self.to_move,
                        reason,
                    });
                }
                continue;
            }
            // A row that shares no spot with another and uncovers nothing can be dealt
            // with first without changing what the others offer. One with nothing optional
            // goes before one with a choice, as in the base game: the choice is then asked
            // with the rest already gone.
            let free = |r: &&Row| {
                rows.iter().all(|o| o.line == r.line || !r.intersects(o)) && !self.uncovers(r)
            };
            let first = (rows.iter().filter(free))
                .find(|r| self.optional(r).is_empty())
                .or_else(|| rows.iter().find(free));
            let Some(row) = first.or(if rows.len() == 1 { rows.first() } else { None }) else {
                return;
            };
            let row = *row;
            let takes = self.legal_takes(&row);
            if let [take] = takes[..] {
                self.remove_row(&row, take);
            } else {
                self.selected = Some(row.line);
                return;
            }
        }
    }

    /// Records the current turn as complete (if it did anything) and passes the move.
    fn finish_turn(&mut self, done: &mut Vec<Turn>) {
        let me = self.to_move;
        let acted =
            self.progress.action.is_some() || self.progress.before.iter().any(|g| !g.is_empty());
        if acted {
            self.progress.reserve = self.reserve[me];
            done.push(std::mem::replace(&mut self.progress, Turn::new(me)));
            self.plies += 1;
        }
        if self.outcome.is_some() {
            self.progress = Turn::new(me);
            return;
        }
        self.played[me] = true;
        self.to_move = !me;
        self.stage = Stage::Start;
        self.dealt = 0;
        self.selected = None;
        self.progress = Turn::new(!me);
    }

    /// "No GIPF": a player (from the end of his first turn, in tournament and ultimate)
    /// without a GIPF-piece loses; if both, `remover` does.
    pub(crate) fn check_gipf_loss(&mut self, remover: Color) {
        if !self.options.variant().has_gipf_pieces() {
            return;
        }
        let out = |c: Color| {
            (self.options.variant() == Variant::Standard || self.played[c])
                && self.gipf_pieces(c).is_empty()
        };
        let loser = match (out(Color::White), out(Color::Black)) {
            (true, true) => remover,
            (true, false) => Color::White,
            (false, true) => Color::Black,
            (false, false) => return,
        };
        self.outcome = Some(Outcome {
            winner: !loser,
            reason: Reason::NoGipf,
        });
    }

    /// Ends the game: `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, super::PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(super::PlayError::GameOver(outcome));
        }
        let outcome = Outcome {
            winner: !color,
            reason: Reason::Resignation,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }
}
