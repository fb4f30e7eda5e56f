use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Color;

/// One value for each player, indexed by [`Color`].
///
/// A plain pair underneath (`[T; 2]`, White first), so indexing costs what an array does.
/// Serialized as a map, `{"white": .., "black": ..}`.
///
/// ```
/// use gipf::{ByColor, Color};
/// let mut reserve = ByColor::new(12, 15);
/// reserve[Color::White] -= 1;
/// assert_eq!(reserve[Color::White], 11);
/// assert_eq!(reserve.map(|n| n * 2), ByColor::new(22, 30));
/// let total: u8 = reserve.iter().map(|(_, n)| n).sum();
/// assert_eq!(total, 26);
/// assert_eq!(ByColor::from_fn(|c| c.name()), ByColor::new("white", "black"));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct ByColor<T>(pub(crate) [T; 2]);

impl<T> ByColor<T> {
    /// White's value and Black's value.
    #[inline]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor([white, black])
    }

    /// The value `f` gives for each colour, White first.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor([f(Color::White), f(Color::Black)])
    }

    /// Each value transformed by `f`, White first.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor(self.0.map(f))
    }

    /// Each colour with its value, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::ALL.into_iter().zip(&self.0)
    }
}

impl<T: Copy> ByColor<T> {
    /// The same value for both colours.
    ///
    /// ```
    /// use gipf::{ByColor, Color};
    /// assert_eq!(ByColor::splat(false)[Color::Black], false);
    /// ```
    #[inline]
    pub const fn splat(value: T) -> ByColor<T> {
        ByColor([value, value])
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline]
    fn index(&self, color: Color) -> &T {
        &self.0[color as usize]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color as usize]
    }
}

impl<T: fmt::Debug> fmt::Debug for ByColor<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ByColor")
            .field("white", &self[Color::White])
            .field("black", &self[Color::Black])
            .finish()
    }
}

/// The serialized form: a map with a key for each colour.
#[derive(Serialize, Deserialize)]
struct Pair<T> {
    white: T,
    black: T,
}

impl<T: Serialize> Serialize for ByColor<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let [white, black] = &self.0;
        Pair { white, black }.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByColor<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ByColor<T>, D::Error> {
        let Pair { white, black } = Pair::deserialize(deserializer)?;
        Ok(ByColor::new(white, black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexing_reaches_each_colour_and_iteration_goes_white_first() {
        let mut pair = ByColor::splat(0u8);
        pair[Color::Black] = 7;
        assert_eq!(pair, ByColor::new(0, 7));
        let listed: Vec<(Color, u8)> = pair.iter().map(|(c, &n)| (c, n)).collect();
        assert_eq!(listed, [(Color::White, 0), (Color::Black, 7)]);
        assert_eq!(ByColor::<u8>::default(), ByColor::splat(0));
        assert_eq!(format!("{pair:?}"), "ByColor { white: 0, black: 7 }");
        assert_eq!(std::mem::size_of::<ByColor<u8>>(), 2);
    }

    #[test]
    fn serializes_as_a_map_by_colour_name() -> Result<(), serde_json::Error> {
        let pair = ByColor::new(3u8, 5);
        let json = serde_json::to_string(&pair)?;
        assert_eq!(json, r#"{"white":3,"black":5}"#);
        assert_eq!(serde_json::from_str::<ByColor<u8>>(&json)?, pair);
        assert!(serde_json::from_str::<ByColor<u8>>(r#"{"white":3}"#).is_err());
        Ok(())
    }
}
