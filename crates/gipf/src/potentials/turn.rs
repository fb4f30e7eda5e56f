use std::fmt;

use serde::{Deserialize, Serialize};

use super::Potential;
use crate::{Color, Entry, Point};

/// What a player pushes in (`docs/potentials.md` §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// A basic piece; his first one forfeits the rest of his supply.
    Basic,
    /// A GIPF-piece (tournament and ultimate, GIPF phase).
    Gipf,
    /// A basic piece loaded with a potential from his supply.
    Loaded(Potential),
}

impl PieceKind {
    /// Reserve pieces it takes.
    pub const fn weight(self) -> u8 {
        match self {
            PieceKind::Gipf => 2,
            _ => 1,
        }
    }

    /// The letter written before a push: none, `G` or the kind's.
    pub const fn letter(self) -> Option<char> {
        match self {
            PieceKind::Basic => None,
            PieceKind::Gipf => Some('G'),
            PieceKind::Loaded(kind) => Some(kind.letter()),
        }
    }
}

/// A push as played: where it came in and where the furthest pushed stack ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PushPath {
    /// The dot and first spot.
    pub entry: Entry,
    /// The end: the first spot when it was empty.
    pub end: Point,
}

impl fmt::Display for PushPath {
    /// `dot-end`, or the spot alone when the first spot was empty (`docs/rules.md` §7).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.end == self.entry.first() {
            write!(f, "{}", self.end)
        } else {
            write!(f, "{}-{}", self.entry.dot(), self.end)
        }
    }
}

/// The one action of a turn (`docs/potentials.md` §5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A push, then one answer per TAMSK trigger: an extra push, or `None` for a skip.
    Push {
        /// What was pushed.
        piece: PieceKind,
        /// Where.
        path: PushPath,
        /// The TAMSK answers, in order.
        extras: Vec<Option<PushPath>>,
    },
    /// A potential used by an uncovered loaded piece.
    Move {
        /// Z, D, Y or P.
        kind: Potential,
        /// The loaded piece's spot.
        from: Point,
        /// The target (for ZÈRTZ, the landing spot).
        to: Point,
    },
}

/// A push as the notation writes it: the piece's letter, the path, then `+<path>` or `+-` for
/// each TAMSK trigger (`docs/potentials.md` §9). Shared by a played turn and a turn as written.
pub(crate) fn write_push<P: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    piece: PieceKind,
    path: &P,
    extras: &[Option<P>],
) -> fmt::Result {
    if let Some(letter) = piece.letter() {
        write!(f, "{letter}")?;
    }
    write!(f, "{path}")?;
    for extra in extras {
        match extra {
            Some(path) => write!(f, "+{path}")?,
            None => f.write_str("+-")?,
        }
    }
    Ok(())
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Push {
                piece,
                path,
                extras,
            } => write_push(f, *piece, path, extras),
            Action::Move { kind, from, to } => write!(f, "{}{from}>{to}", kind.letter()),
        }
    }
}

/// The mark before a removed spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A plain basic piece (no mark).
    Basic,
    /// A GIPF-piece, true or converted, removed whole (`G`).
    Gipf,
    /// An uncovered loaded piece, removed whole (its kind's letter).
    Loaded(Potential),
    /// The used potential on top, removed alone (`u`).
    Used,
}

/// One piece (or stack) taken off a spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    /// The spot.
    pub spot: Point,
    /// What was taken.
    pub mark: Mark,
    /// Whether the stack's colour was the remover's opponent's (`*`).
    pub opponent: bool,
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mark {
            Mark::Basic => {}
            Mark::Gipf => f.write_str("G")?,
            Mark::Loaded(kind) => write!(f, "{}", kind.letter())?,
            Mark::Used => f.write_str("u")?,
        }
        write!(f, "{}", self.spot)?;
        if self.opponent {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// The items of one row dealt with, in line order (may be empty: a row kept whole).
pub type Group = Vec<Item>;

/// One player's complete turn with potentials, printed in the notation of
/// `docs/potentials.md` §9; `{:#}` adds ` (n)`.
///
/// ```
/// use gipf::potentials::{Game, Options};
/// let mut game = Game::new(Options::ultimate());
/// let done = game.play_notation("Ge8").unwrap();
/// assert_eq!(format!("{:#}", done[0]), "Ge8 (19)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Who played it.
    pub color: Color,
    /// Rows dealt with before the action, one group each.
    pub before: Vec<Group>,
    /// The action; `None` when the game ended before it.
    pub action: Option<Action>,
    /// Rows dealt with after it.
    pub after: Vec<Group>,
    /// The mover's reserve after the turn.
    pub reserve: u8,
}

impl Turn {
    pub(crate) fn new(color: Color) -> Turn {
        Turn {
            color,
            before: Vec::new(),
            action: None,
            after: Vec::new(),
            reserve: 0,
        }
    }

    /// The items of the groups before (or after) the action, in a form that does not depend
    /// on how they were grouped: sorted by spot, a spot's items kept in removal order.
    pub(crate) fn canonical(groups: &[Group]) -> Vec<Item> {
        let mut items: Vec<Item> = groups.iter().flatten().copied().collect();
        items.sort_by_key(|i| i.spot);
        items
    }

    /// The dot its push came in from, where the notation leaves it out: a push onto an
    /// empty spot is written as the spot alone, the same from every dot that reaches it
    /// (`docs/rules.md` §7). `None` for a push that moved pieces, or no push.
    pub fn unwritten_dot(&self) -> Option<Point> {
        match &self.action {
            Some(Action::Push { path, .. }) if path.end == path.entry.first() => {
                Some(path.entry.dot())
            }
            _ => None,
        }
    }

    /// This turn with its push said from `dot`, where the notation leaves the dot out (see
    /// [`Turn::unwritten_dot`]): the same turn on the board, entered as its player named
    /// it. Unchanged if `dot` does not reach the spot, or the dot is written.
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// use gipf::{Point, Variant};
    /// // The tournament game starts on an empty board: three dots reach the corner h5.
    /// let mut game = Game::new(Options::plain(Variant::Tournament));
    /// let done = game.play_notation("Gh5").unwrap();
    /// for dot in [Point::I4, Point::H6, Point::I5] {
    ///     let said = done[0].clone().entered_from(dot);
    ///     assert_eq!(said.unwritten_dot(), Some(dot));
    ///     assert_eq!(said.to_string(), "Gh5");
    /// }
    /// ```
    pub fn entered_from(mut self, dot: Point) -> Turn {
        if let Some(Action::Push { path, .. }) = &mut self.action
            && path.end == path.entry.first()
            && let Some(entry) = Entry::from_dot(dot).find(|entry| entry.first() == path.end)
        {
            path.entry = entry;
        }
        self
    }

    /// The turn in the notation of the base game (`docs/rules.md` §7), for a game without
    /// potentials: the pieces removed before the push, and those after, each as one group in
    /// spot order, as [`Position`](crate::Position) writes them. (With potentials each row
    /// is a group of its own, since what is kept of a row matters.)
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// use gipf::Variant;
    /// let mut game = Game::new(Options::plain(Variant::Standard));
    /// let done = game.play_notation("b1-c2").unwrap();
    /// assert_eq!(format!("{:#}", done[0].base_notation()), "c2 (11)");
    /// ```
    pub fn base_notation(&self) -> BaseNotation<'_> {
        BaseNotation(self)
    }

    /// Writes the turn with these groups before and after its action; `{:#}` adds ` (n)`.
    fn write(&self, f: &mut fmt::Formatter<'_>, before: &[Group], after: &[Group]) -> fmt::Result {
        let mut first = true;
        Turn::write_groups(f, before, &mut first)?;
        if let Some(action) = &self.action {
            if !first {
                f.write_str(";")?;
            }
            first = false;
            write!(f, "{action}")?;
        }
        Turn::write_groups(f, after, &mut first)?;
        if f.alternate() {
            write!(f, " ({})", self.reserve)?;
        }
        Ok(())
    }

    fn write_groups(f: &mut fmt::Formatter<'_>, groups: &[Group], first: &mut bool) -> fmt::Result {
        for group in groups.iter().filter(|g| !g.is_empty()) {
            if !*first {
                f.write_str(";")?;
            }
            *first = false;
            f.write_str("x")?;
            for (i, item) in group.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{item}")?;
            }
        }
        Ok(())
    }
}

/// A [`Turn`] written in the base game's notation: see [`Turn::base_notation`].
#[derive(Clone, Copy, Debug)]
pub struct BaseNotation<'a>(&'a Turn);

impl fmt::Display for BaseNotation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let turn = self.0;
        let before = [Turn::canonical(&turn.before)];
        turn.write(f, &before, &[Turn::canonical(&turn.after)])
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &self.before, &self.after)
    }
}
