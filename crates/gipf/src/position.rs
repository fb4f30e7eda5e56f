use serde::{Deserialize, Serialize};

use crate::row::row_lines;
use crate::{
    Bitboard, ByColor, Color, Completed, Decision, Entry, Kind, Line, Outcome, Pending, Piece,
    PlayError, Point, Push, Reason, Removed, Row, Turn, Variant,
};

mod from_game;
mod swap;

pub use from_game::HasPotentials;

/// Where the player to move is within his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Removing rows of his colour before the push (made by the opponent, or standing).
    Start,
    /// Pushing.
    Push,
    /// Removing rows of his colour after the push.
    After,
}

/// The whole state of a game: board, reserves, captures, whose turn, and how far the
/// current turn has got.
///
/// A position always rests at a real decision ([`Position::pending`]): every decision with
/// a single legal answer is taken as soon as it arises.
///
/// ```
/// use gipf::{Color, Decision, Kind, Pending, Position, Variant};
/// let mut position = Position::new(Variant::Standard);
/// assert_eq!(position.pending(), Pending::Push);
/// let entry = "b1 c2".parse().unwrap();
/// let done = position.play(Decision::Push { entry, piece: Kind::Basic }).unwrap();
/// assert_eq!(done.iter().next().unwrap().to_string(), "c2");
/// assert_eq!(position.to_move(), Color::Black);
/// assert_eq!(position.reserve(Color::White), 11);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    variant: Variant,
    pieces: ByColor<Bitboard>,
    gipf: Bitboard,
    reserve: ByColor<u8>,
    lost: ByColor<u8>,
    to_move: Color,
    /// Tournament: whether each player may still bring in GIPF-pieces.
    gipf_phase: ByColor<bool>,
    /// Whether each player has completed a turn.
    played: ByColor<bool>,
    stage: Stage,
    /// Lines whose row was dealt with in the current removal step.
    dealt: u32,
    /// The row being removed while its GIPF-pieces are decided on.
    selected: Option<Line>,
    /// The current turn so far.
    progress: Turn,
    outcome: Option<Outcome>,
    plies: u16,
}

pub(crate) fn shift(bits: u64, by: i32) -> u64 {
    if by > 0 { bits << by } else { bits >> -by }
}

impl Position {
    /// The start of a game: the pieces of [`Variant::start_spots`] on the board (GIPF-pieces
    /// in the standard game), the reserves of [`Variant::initial_reserve`], White to move.
    pub fn new(variant: Variant) -> Position {
        let pieces = ByColor::from_fn(|color| {
            variant
                .start_spots(color)
                .iter()
                .copied()
                .collect::<Bitboard>()
        });
        let gipf = if variant == Variant::Standard {
            pieces[Color::White] | pieces[Color::Black]
        } else {
            Bitboard::EMPTY
        };
        let mut position = Position::raw(&crate::Setup::new(variant), pieces, gipf);
        position.settle(&mut Completed::default());
        position
    }

    pub(crate) fn raw(setup: &crate::Setup, pieces: ByColor<Bitboard>, gipf: Bitboard) -> Position {
        Position {
            variant: setup.variant,
            pieces,
            gipf,
            reserve: setup.reserve,
            lost: setup.lost,
            to_move: setup.to_move,
            gipf_phase: setup.gipf_phase,
            played: setup.played,
            stage: Stage::Start,
            dealt: 0,
            selected: None,
            progress: Position::empty_turn(setup.to_move),
            outcome: None,
            plies: 0,
        }
    }

    fn empty_turn(color: Color) -> Turn {
        Turn {
            color,
            start: Removed::default(),
            push: None,
            after: Removed::default(),
            reserve: 0,
        }
    }

    /// Which game this is.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The piece on a point, if any (dots are always empty between turns).
    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        let color = Color::ALL
            .into_iter()
            .find(|&c| self.pieces[c].contains(point))?;
        let kind = if self.gipf.contains(point) {
            Kind::Gipf
        } else {
            Kind::Basic
        };
        Some(Piece { color, kind })
    }

    /// The spots holding pieces of a colour (basic and GIPF).
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color]
    }

    /// The spots holding GIPF-pieces of either colour.
    pub fn gipf_pieces(&self) -> Bitboard {
        self.gipf
    }

    /// Every occupied spot.
    pub fn occupied(&self) -> Bitboard {
        self.pieces[Color::White] | self.pieces[Color::Black]
    }

    /// Pieces in a player's reserve (a GIPF-piece costs 2).
    pub fn reserve(&self, color: Color) -> u8 {
        self.reserve[color]
    }

    /// Pieces of a colour captured by the opponent (a GIPF-piece counts 2).
    pub fn lost(&self, color: Color) -> u8 {
        self.lost[color]
    }

    /// Whose turn it is (also after the game ended: the player who would have moved).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Where the player to move is within his turn.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How many turns have been completed.
    pub fn plies(&self) -> u16 {
        self.plies
    }

    /// Tournament game: whether a player may still bring in GIPF-pieces.
    pub fn in_gipf_phase(&self, color: Color) -> bool {
        self.gipf_phase[color]
    }

    /// What the current turn has done so far (removals at its start, the push, ...).
    pub fn current_turn(&self) -> Turn {
        self.progress
    }

    /// The pieces of a colour in all, whatever their place: on the board (a GIPF-piece
    /// counts 2), in reserve, or captured. It never changes during a game.
    pub fn total(&self, color: Color) -> u32 {
        let own = self.pieces(color);
        own.count()
            + (own & self.gipf).count()
            + self.reserve(color) as u32
            + self.lost(color) as u32
    }

    /// The rows of a colour on the board now, in line order.
    pub fn rows(&self, color: Color) -> Vec<Row> {
        self.rows_on(row_lines(self.pieces(color)), color)
    }

    fn rows_on(&self, lines: u32, color: Color) -> Vec<Row> {
        let own = self.pieces(color);
        let occupied = self.occupied();
        Line::all()
            .filter(|l| lines & (1 << l.0) != 0)
            .filter_map(|l| Row::on(l, color, own, occupied))
            .collect()
    }

    fn row_on(&self, line: Line) -> Option<Row> {
        Row::on(
            line,
            self.to_move,
            self.pieces(self.to_move),
            self.occupied(),
        )
    }

    /// What the game waits for now.
    pub fn pending(&self) -> Pending {
        if let Some(outcome) = self.outcome {
            return Pending::GameOver(outcome);
        }
        if self.stage == Stage::Push {
            return Pending::Push;
        }
        if let Some(row) = self.selected.and_then(|line| self.row_on(line)) {
            return Pending::TakeGipf {
                row,
                gipf: row.set & self.gipf,
            };
        }
        let lines = row_lines(self.pieces(self.to_move)) & !self.dealt;
        Pending::ChooseRow {
            rows: self.rows_on(lines, self.to_move),
        }
    }

    /// The kinds of piece the player to move may push now (none unless a push is pending).
    pub fn legal_kinds(&self) -> impl Iterator<Item = Kind> + use<> {
        let pushing = self.outcome.is_none() && self.stage == Stage::Push;
        let basic = pushing && self.check_kind(Kind::Basic).is_ok();
        let gipf = pushing && self.check_kind(Kind::Gipf).is_ok();
        [(basic, Kind::Basic), (gipf, Kind::Gipf)]
            .into_iter()
            .filter(|(ok, _)| *ok)
            .map(|(_, k)| k)
    }

    /// The entries whose line has an empty spot: where a piece can be pushed in.
    pub fn legal_entries(&self) -> impl Iterator<Item = Entry> + use<> {
        let empty = !self.occupied();
        Entry::all().filter(move |e| !(e.ray() & empty).is_empty())
    }

    /// The number of legal pushes (entries × kinds) now, without building them.
    pub fn legal_push_count(&self) -> usize {
        let kinds = self.legal_kinds().count();
        if kinds == 0 {
            return 0;
        }
        let empty = (!self.occupied()).0;
        let open = crate::entry::ENTRIES
            .iter()
            .filter(|e| e.ray & empty != 0)
            .count();
        open * kinds
    }

    fn check_kind(&self, kind: Kind) -> Result<(), PlayError> {
        let me = self.to_move;
        match kind {
            Kind::Gipf if self.variant != Variant::Tournament => Err(PlayError::GipfNotInThisGame),
            Kind::Gipf if !self.gipf_phase[me] => Err(PlayError::GipfPhaseOver),
            Kind::Gipf if self.reserve[me] < 2 => Err(PlayError::GipfNotAffordable {
                reserve: self.reserve[me],
            }),
            Kind::Basic if self.variant == Variant::Tournament && !self.played[me] => {
                Err(PlayError::FirstPushMustBeGipf)
            }
            _ => Ok(()),
        }
    }

    /// Makes a decision for the player to move, then takes every forced decision after it.
    /// Returns the turns this completed. On error nothing changes.
    pub fn play(&mut self, decision: Decision) -> Result<Completed, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        match decision {
            Decision::Push { entry, piece } => {
                if self.stage != Stage::Push {
                    return Err(PlayError::DecisionPending(self.pending()));
                }
                self.push(entry, piece)?;
            }
            Decision::Row(line) => {
                let Pending::ChooseRow { rows } = self.pending() else {
                    return Err(self.not_a_row_choice());
                };
                let Some(row) = rows.iter().find(|r| r.line == line) else {
                    return Err(PlayError::NotARowToChoose { line, rows });
                };
                if (row.set & self.gipf).is_empty() {
                    self.remove_row(row, Bitboard::EMPTY);
                } else {
                    self.selected = Some(line);
                }
            }
            Decision::Take(take) => {
                let Pending::TakeGipf { row, gipf } = self.pending() else {
                    return Err(self.not_a_row_choice());
                };
                if !take.is_subset(gipf) {
                    return Err(PlayError::NotTakeable {
                        spots: take - gipf,
                        gipf,
                    });
                }
                self.remove_row(&row, take);
            }
        }
        let mut completed = Completed::default();
        self.settle(&mut completed);
        Ok(completed)
    }

    /// Like [`Position::play`], but first checks that `color` is the player to move.
    pub fn play_as(&mut self, color: Color, decision: Decision) -> Result<Completed, PlayError> {
        if self.outcome.is_none() && color != self.to_move {
            return Err(PlayError::NotYourTurn {
                to_move: self.to_move,
            });
        }
        self.play(decision)
    }

    fn not_a_row_choice(&self) -> PlayError {
        match self.pending() {
            Pending::Push => PlayError::PushPending,
            other => PlayError::DecisionPending(other),
        }
    }

    /// Ends the game: `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let outcome = Outcome {
            winner: !color,
            reason: Reason::Resignation,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn push(&mut self, entry: Entry, kind: Kind) -> Result<(), PlayError> {
        self.check_kind(kind)?;
        let Some((target, moving)) = entry.push_span(self.occupied()) else {
            return Err(PlayError::LineFull { entry });
        };
        let data = entry.data();
        let by = data.direction.shift();
        let ByColor([white, black]) = &mut self.pieces;
        for set in [white, black, &mut self.gipf] {
            set.0 = (set.0 & !moving) | shift(set.0 & moving, by);
        }
        let first = data.first.bitboard();
        let me = self.to_move;
        self.pieces[me] |= first;
        if kind == Kind::Gipf {
            self.gipf |= first;
        } else if self.variant == Variant::Tournament {
            self.gipf_phase[me] = false;
        }
        self.reserve[me] -= kind.weight();
        self.progress.push = Some(Push {
            entry,
            kind,
            end: Point::from_spot_index(target),
        });
        self.stage = Stage::After;
        self.dealt = 0;
        Ok(())
    }

    /// Removes a row's basic pieces and the GIPF-pieces in `take`.
    fn remove_row(&mut self, row: &Row, take: Bitboard) {
        let me = self.to_move;
        let removed = (row.set - self.gipf) | take;
        let record = Removed {
            spots: removed,
            gipf: removed & self.gipf,
            captured: removed & self.pieces(!me),
        };
        let own = removed & self.pieces(me);
        let returned = own.count() + (own & self.gipf).count();
        let captured = record.captured.count() + (record.captured & self.gipf).count();
        self.reserve[me] += returned as u8;
        self.lost[!me] += captured as u8;
        let ByColor([white, black]) = &mut self.pieces;
        for set in [white, black, &mut self.gipf] {
            *set = *set - removed;
        }
        let log = if self.stage == Stage::Start {
            &mut self.progress.start
        } else {
            &mut self.progress.after
        };
        log.spots |= record.spots;
        log.gipf |= record.gipf;
        log.captured |= record.captured;
        self.dealt |= 1 << row.line.0;
        self.selected = None;
        self.check_gipf_loss(me);
    }

    /// "No GIPF": a player (from the end of his first turn, in the tournament game) without
    /// a GIPF-piece on the board loses; if both, the remover does.
    fn check_gipf_loss(&mut self, remover: Color) {
        if !self.variant.has_gipf_pieces() {
            return;
        }
        let out = |c: Color| {
            (self.variant == Variant::Standard || self.played[c])
                && (self.pieces(c) & self.gipf).is_empty()
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

    /// Takes every decision that has a single answer, until a real one is pending.
    pub(crate) fn settle(&mut self, completed: &mut Completed) {
        loop {
            if self.outcome.is_some() {
                self.finish_turn(completed);
                return;
            }
            if self.stage == Stage::Push || self.selected.is_some() {
                return;
            }
            let me = self.to_move;
            let lines = row_lines(self.pieces(me)) & !self.dealt;
            if lines == 0 {
                if self.stage == Stage::Start {
                    if self.reserve[me] == 0 {
                        self.outcome = Some(Outcome {
                            winner: !me,
                            reason: Reason::NoReserve,
                        });
                        continue;
                    }
                    self.stage = Stage::Push;
                    return;
                }
                self.finish_turn(completed);
                continue;
            }
            let rows = self.rows_on(lines, me);
            // A row that shares no piece with another can be dealt with in any order.
            let free = |r: &&Row| rows.iter().all(|o| o.line == r.line || !r.intersects(o));
            if let Some(row) = rows
                .iter()
                .filter(free)
                .find(|r| (r.set & self.gipf).is_empty())
            {
                self.remove_row(row, Bitboard::EMPTY);
            } else if let Some(row) = rows.iter().find(free) {
                self.selected = Some(row.line);
                return;
            } else {
                return;
            }
        }
    }

    /// Records the current turn as complete (if it did anything) and passes the move.
    fn finish_turn(&mut self, completed: &mut Completed) {
        let me = self.to_move;
        let acted = self.progress.push.is_some() || !self.progress.start.is_empty();
        if acted {
            self.progress.reserve = self.reserve[me];
            completed.add(self.progress);
            self.plies += 1;
        }
        if self.outcome.is_some() {
            // Keep the record of a finished game's last turn out of the next one.
            self.progress = Position::empty_turn(me);
            return;
        }
        self.played[me] = true;
        self.to_move = !me;
        self.stage = Stage::Start;
        self.dealt = 0;
        self.selected = None;
        self.progress = Position::empty_turn(!me);
    }
}
