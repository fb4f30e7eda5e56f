//! Fixed sets of spots the evaluation looks at, built at compile time from the bit layout
//! of [`gipf::Bitboard`]: spot `(x, y)` is bit `(x-1)*8 + (y-1)`, and the three line
//! directions step the bit index by 1, 8 and 9.

/// The bit steps of the three line directions.
pub(crate) const AXIS_STEPS: [u32; 3] = [1, 8, 9];

const fn is_spot(bit: i32) -> bool {
    if bit < 0 || bit >= 64 {
        return false;
    }
    let (x, y) = (bit / 8 + 1, bit % 8 + 1);
    x <= 7 && y <= 7 && (x - y).abs() < 4
}

/// Steps from the centre spot `e5`, that is `(4, 4)`, on the hexagonal grid.
const fn distance_from_centre(bit: i32) -> i32 {
    let (dx, dy) = (bit / 8 + 1 - 4, bit % 8 + 1 - 4);
    (dx.abs() + dy.abs() + (dx - dy).abs()) / 2
}

const fn ring(distance: i32) -> u64 {
    let mut set = 0u64;
    let mut bit = 0;
    while bit < 64 {
        if is_spot(bit) && distance_from_centre(bit) == distance {
            set |= 1 << bit;
        }
        bit += 1;
    }
    set
}

/// The centre spot and its six neighbours.
pub(crate) const CENTRE: u64 = ring(0) | ring(1);

/// The twelve spots two steps from the centre.
pub(crate) const INNER_RING: u64 = ring(2);

/// For each spot bit, the three lines through it (as spot sets), one per direction.
pub(crate) const LINES_THROUGH: [[u64; 3]; 64] = {
    let mut lines = [[0u64; 3]; 64];
    let mut bit = 0;
    while bit < 64 {
        if is_spot(bit) {
            let mut axis = 0;
            while axis < 3 {
                let step = AXIS_STEPS[axis] as i32;
                let mut set = 1u64 << bit;
                let mut cursor = bit + step;
                while is_spot(cursor) {
                    set |= 1 << cursor;
                    cursor += step;
                }
                cursor = bit - step;
                while is_spot(cursor) {
                    set |= 1 << cursor;
                    cursor -= step;
                }
                lines[bit as usize][axis] = set;
                axis += 1;
            }
        }
        bit += 1;
    }
    lines
};

#[cfg(test)]
mod tests {
    use super::*;
    use gipf::{Bitboard, Direction, Line, Point};

    #[test]
    fn rings_and_lines_match_the_rules_crate() {
        assert_eq!(CENTRE.count_ones(), 7);
        assert_eq!(INNER_RING.count_ones(), 12);
        assert!(CENTRE & Point::E5.bitboard().bits() != 0);
        for spot in Point::spots() {
            let bit = spot.bitboard().bits().trailing_zeros() as usize;
            let mut ours: Vec<u64> = LINES_THROUGH[bit].to_vec();
            let mut theirs: Vec<u64> = Direction::ALL[..3]
                .iter()
                .map(|&d| Line::through(spot, d).bitboard().bits())
                .collect();
            ours.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(ours, theirs, "{spot}");
        }
        assert_eq!(Bitboard::ALL_SPOTS.count(), 37);
    }
}
