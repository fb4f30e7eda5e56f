use std::fmt;

use super::Potential;
use crate::Color;

/// What lies at the bottom of a [`Stack`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// A plain basic piece.
    Basic,
    /// A GIPF-piece (two basic pieces).
    Gipf,
    /// A basic piece with an unused potential of its colour on top.
    Loaded(Potential),
    /// A used potential alone on its spot (ZÈRTZ, YINSH or TAMSK).
    Used(Potential),
}

/// The pieces on one spot, bottom to top (`docs/potentials.md` §3): a base, then `covers` used
/// DVONN or PÜNCT potentials alternating in colour, the first of the other colour.
///
/// The top decides the stack's colour. Printed in the codes of the replay JSON:
///
/// ```
/// use gipf::Color;
/// use gipf::potentials::{Potential, Stack};
/// let stack = Stack::loaded(Color::Black, Potential::Punct).covered(Potential::Punct, 2);
/// assert_eq!(stack.to_string(), "bP|wp|bp");
/// assert_eq!(stack.color(), Color::Black);
/// let converted: Stack = "b|wp".parse().unwrap();
/// assert!(converted.is_gipf());
/// assert_eq!(converted.color(), Color::White);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    /// The colour of the bottom piece.
    pub bottom: Color,
    /// The bottom piece.
    pub base: Base,
    /// How many used potentials lie on the base.
    pub covers: u8,
    /// Their kind (DVONN or PÜNCT) when `covers > 0`.
    pub cover_kind: Potential,
}

/// How a spot of a removal set is treated (`docs/potentials.md` §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A plain basic piece: it must go.
    Basic,
    /// A used potential on top (alone or on a stack): it must go, alone.
    Used,
    /// A GIPF-piece, true or converted: the remover's choice.
    Gipf,
    /// An uncovered loaded piece: the remover's choice, removed whole.
    Loaded(Potential),
}

impl Class {
    /// Whether the remover may leave it.
    pub const fn is_optional(self) -> bool {
        matches!(self, Class::Gipf | Class::Loaded(_))
    }
}

impl Stack {
    const fn new(bottom: Color, base: Base) -> Stack {
        Stack {
            bottom,
            base,
            covers: 0,
            cover_kind: Potential::Dvonn,
        }
    }

    /// A plain basic piece.
    pub const fn basic(color: Color) -> Stack {
        Stack::new(color, Base::Basic)
    }

    /// A GIPF-piece.
    pub const fn gipf(color: Color) -> Stack {
        Stack::new(color, Base::Gipf)
    }

    /// A loaded piece.
    pub const fn loaded(color: Color, kind: Potential) -> Stack {
        Stack::new(color, Base::Loaded(kind))
    }

    /// A lone used potential.
    pub const fn used(color: Color, kind: Potential) -> Stack {
        Stack::new(color, Base::Used(kind))
    }

    /// This stack with `n` more used potentials of `kind` on top.
    pub const fn covered(mut self, kind: Potential, n: u8) -> Stack {
        self.cover_kind = kind;
        self.covers += n;
        self
    }

    /// The colour of the top piece: the stack's colour.
    pub const fn color(&self) -> Color {
        if self.covers % 2 == 1 {
            match self.bottom {
                Color::White => Color::Black,
                Color::Black => Color::White,
            }
        } else {
            self.bottom
        }
    }

    /// A GIPF-piece of its top's colour: a true one, or a converted one (`b|wp`).
    pub const fn is_gipf(&self) -> bool {
        matches!(self.base, Base::Gipf) || self.is_converted()
    }

    /// A converted GIPF-piece: a basic piece under one used PÜNCT (reconstructed,
    /// `docs/potentials.md` §7.4).
    pub const fn is_converted(&self) -> bool {
        matches!(self.base, Base::Basic)
            && self.covers == 1
            && matches!(self.cover_kind, Potential::Punct)
    }

    /// The kind of an uncovered loaded piece, the only one that can use its power.
    pub const fn uncovered_loaded(&self) -> Option<Potential> {
        match self.base {
            Base::Loaded(kind) if self.covers == 0 => Some(kind),
            _ => None,
        }
    }

    /// Whether this is a plain basic piece alone.
    pub const fn is_plain(&self) -> bool {
        matches!(self.base, Base::Basic) && self.covers == 0
    }

    /// How the spot counts in a removal set.
    pub const fn class(&self) -> Class {
        if self.is_converted() {
            return Class::Gipf;
        }
        if self.covers > 0 {
            return Class::Used;
        }
        match self.base {
            Base::Basic => Class::Basic,
            Base::Gipf => Class::Gipf,
            Base::Loaded(kind) => Class::Loaded(kind),
            Base::Used(_) => Class::Used,
        }
    }

    /// Basic pieces of `color` in the stack (a GIPF-piece counts 2).
    pub const fn basic_pieces(&self, color: Color) -> u32 {
        if !matches!(
            (self.bottom, color),
            (Color::White, Color::White) | (Color::Black, Color::Black)
        ) {
            return 0;
        }
        match self.base {
            Base::Basic | Base::Loaded(_) => 1,
            Base::Gipf => 2,
            Base::Used(_) => 0,
        }
    }

    /// Potentials of `color` in the stack, used or not.
    pub fn potentials(&self, color: Color) -> u32 {
        let base = match self.base {
            Base::Loaded(_) | Base::Used(_) if self.bottom == color => 1,
            _ => 0,
        };
        // Covers alternate, the first of the other colour.
        let other = self.covers.div_ceil(2) as u32;
        let same = (self.covers / 2) as u32;
        base + if self.bottom == color { same } else { other }
    }

    /// The pieces bottom to top, in the codes of the replay JSON.
    fn pieces(&self) -> impl Iterator<Item = String> + '_ {
        let letter = |c: Color| if c == Color::White { 'w' } else { 'b' };
        let base = match self.base {
            Base::Basic => letter(self.bottom).to_string(),
            Base::Gipf => letter(self.bottom).to_ascii_uppercase().to_string(),
            Base::Loaded(k) => format!("{}{}", letter(self.bottom), k.letter()),
            Base::Used(k) => format!("{}{}", letter(self.bottom), k.letter().to_ascii_lowercase()),
        };
        let covers = (0..self.covers).map(move |i| {
            let color = if i % 2 == 0 {
                !self.bottom
            } else {
                self.bottom
            };
            format!(
                "{}{}",
                letter(color),
                self.cover_kind.letter().to_ascii_lowercase()
            )
        });
        std::iter::once(base).chain(covers)
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces: Vec<String> = self.pieces().collect();
        f.write_str(&pieces.join("|"))
    }
}

/// A text that is not one of the stacks of `docs/potentials.md` §3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStackError(pub String);

impl fmt::Display for ParseStackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a stack: write pieces bottom to top joined by `|`, like `w`, `W`, `wZ`, `wz`, `b|wd` or `bP|wp`",
            self.0
        )
    }
}

impl std::error::Error for ParseStackError {}

impl std::str::FromStr for Stack {
    type Err = ParseStackError;

    /// Reads the codes [`Stack`]'s `Display` writes, and only the shapes that exist.
    fn from_str(text: &str) -> Result<Stack, ParseStackError> {
        let error = || ParseStackError(text.to_string());
        let color = |c: char| match c.to_ascii_lowercase() {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        };
        let mut pieces = text.trim().split('|');
        let first: Vec<char> = pieces.next().ok_or_else(error)?.chars().collect();
        let bottom = first.first().and_then(|&c| color(c)).ok_or_else(error)?;
        let base = match first[..] {
            [c] if c.is_ascii_uppercase() => Base::Gipf,
            [_] => Base::Basic,
            [c, k] if c.is_ascii_lowercase() => {
                let kind = Potential::from_letter(k).ok_or_else(error)?;
                if k.is_ascii_uppercase() {
                    Base::Loaded(kind)
                } else {
                    Base::Used(kind)
                }
            }
            _ => return Err(error()),
        };
        let mut stack = Stack::new(bottom, base);
        for (i, piece) in pieces.enumerate() {
            let chars: Vec<char> = piece.chars().collect();
            let [c, k] = chars[..] else {
                return Err(error());
            };
            let kind = Potential::from_letter(k).ok_or_else(error)?;
            let expected = if i % 2 == 0 { !bottom } else { bottom };
            if color(c) != Some(expected)
                || !k.is_ascii_lowercase()
                || (i > 0 && kind != stack.cover_kind)
            {
                return Err(error());
            }
            stack = stack.covered(kind, 1);
        }
        stack.is_valid().then_some(stack).ok_or_else(error)
    }
}

impl Stack {
    /// Whether the stack is one of the shapes of `docs/potentials.md` §3.
    pub fn is_valid(&self) -> bool {
        if self.covers == 0 {
            return true;
        }
        match (self.base, self.cover_kind) {
            (Base::Basic, Potential::Dvonn) => true,
            (Base::Basic, Potential::Punct) => self.covers == 1,
            (Base::Loaded(Potential::Dvonn), Potential::Dvonn) => true,
            (Base::Loaded(Potential::Punct), Potential::Punct) => true,
            _ => false,
        }
    }
}

impl Stack {
    /// The stack with its top used potential taken off (`covers > 0`).
    pub(crate) const fn uncover(mut self) -> Stack {
        self.covers -= 1;
        self
    }
}
