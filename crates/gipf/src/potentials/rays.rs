//! Rays for the potentials that travel along lines (ZÈRTZ, YINSH): the spots beyond a spot
//! in a direction, so that a slide or a jump is a few bit operations.

use crate::{Bitboard, Direction};

/// `RAYS[bit][d]`: the spots strictly beyond spot `bit` in `Direction::ALL[d]`, to the edge.
const RAYS: [[u64; 6]; 64] = {
    let mut rays = [[0u64; 6]; 64];
    let mut bit = 0;
    while bit < 64 {
        if Bitboard::ALL_SPOTS.0 & 1 << bit != 0 {
            let mut d = 0;
            while d < 6 {
                let shift = Direction::ALL[d].shift();
                let mut spot = step(1 << bit, shift);
                while spot != 0 {
                    rays[bit][d] |= spot;
                    spot = step(spot, shift);
                }
                d += 1;
            }
        }
        bit += 1;
    }
    rays
};

/// The spots one step on; steps off the board vanish (non-spot cells never hold a bit).
const fn step(spots: u64, shift: i32) -> u64 {
    let moved = if shift > 0 {
        spots << shift
    } else {
        spots >> -shift
    };
    moved & Bitboard::ALL_SPOTS.0
}

/// The nearest spot of `set` on the ray (bits grow along positive shifts), or 0.
fn nearest(set: u64, d: usize) -> u64 {
    if set == 0 {
        0
    } else if Direction::ALL[d].shift() > 0 {
        set & set.wrapping_neg()
    } else {
        1 << (63 - set.leading_zeros())
    }
}

/// The empty spots a YINSH slides over from `bit` in direction `d`: up to the first piece.
pub(super) fn slide(bit: u32, d: usize, occupied: u64) -> u64 {
    let ray = RAYS[bit as usize][d];
    let blocker = nearest(ray & occupied, d);
    if blocker == 0 {
        return ray;
    }
    // The spots of the ray nearer than the blocker.
    ray & !RAYS[blocker.trailing_zeros() as usize][d] & !blocker
}

/// Where a ZÈRTZ from `bit` lands in direction `d`: past the pieces next to it, on the
/// first empty spot; 0 when no piece is next to it or no empty spot follows.
pub(super) fn jump(bit: u32, d: usize, occupied: u64) -> u64 {
    let ray = RAYS[bit as usize][d];
    let next = nearest(ray, d);
    if next & occupied == 0 {
        return 0;
    }
    nearest(ray & !occupied, d)
}

/// The spot next to `bit` in direction `d`, or 0 at the edge.
pub(super) fn neighbour(bit: u32, d: usize) -> u64 {
    nearest(RAYS[bit as usize][d], d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn rays_follow_the_neighbours_to_the_edge() {
        for spot in Point::spots() {
            for (d, &direction) in Direction::ALL.iter().enumerate() {
                let mut expected = Bitboard::EMPTY;
                let mut next = spot.neighbour(direction).filter(|p| p.is_spot());
                while let Some(p) = next {
                    expected.insert(p);
                    next = p.neighbour(direction).filter(|q| q.is_spot());
                }
                assert_eq!(Bitboard(RAYS[spot.spot_index() as usize][d]), expected);
            }
        }
    }
}
