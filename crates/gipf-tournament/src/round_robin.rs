//! The round robin schedule: the circle method (Berger tables), a cycle at a time.
//!
//! With `n` entries (one more, a rest, when `n` is odd) a cycle has `n - 1` rounds. The last
//! seat stays put and alternates colours; the others turn around it, each pair's colours
//! alternating with its distance across the circle, so that every player's colours alternate
//! but for one repeat, never three in a row. The second cycle plays the first one's rounds
//! backwards with the colours swapped: the colours still never run three in a row, and each
//! pair has had each colour once.

use crate::{Pairing, Round};

/// Rounds of a round robin of `players` entries over `cycles` cycles.
pub(crate) fn total_rounds(players: usize, cycles: u8) -> u32 {
    let per_cycle = seats(players).saturating_sub(1);
    u32::try_from(per_cycle)
        .unwrap_or(u32::MAX)
        .saturating_mul(u32::from(cycles))
}

/// The first round after `last` with a game between two active players, if any.
pub(crate) fn next_round_with_games(
    players: usize,
    cycles: u8,
    last: u32,
    active: &[bool],
) -> Option<u32> {
    let total = total_rounds(players, cycles);
    (last + 1..=total).find(|&number| !round(players, number, active).games.is_empty())
}

/// Round `number` (from 1) of the schedule, without the games of withdrawn players (their
/// opponents rest that round, for nothing).
pub(crate) fn round(players: usize, number: u32, active: &[bool]) -> Round {
    let is_active = |player: usize| active.get(player).copied().unwrap_or(false);
    let mut games = Vec::new();
    let mut bye = None;
    for (white, black) in scheduled(players, number) {
        match (white < players, black < players) {
            (true, true) if is_active(white) && is_active(black) => {
                games.push(Pairing { white, black })
            }
            (true, false) if is_active(white) => bye = Some(white),
            (false, true) if is_active(black) => bye = Some(black),
            _ => {}
        }
    }
    Round { number, games, bye }
}

/// The entry who rests in round `number` (from 1), when the count is odd.
pub(crate) fn resting(players: usize, number: u32) -> Option<usize> {
    let rest = scheduled(players, number)
        .into_iter()
        .find(|&(white, black)| white >= players || black >= players)?;
    Some(rest.0.min(rest.1))
}

/// Seats around the circle: the entries, plus a rest when their count is odd.
fn seats(players: usize) -> usize {
    if players < 2 {
        return 0;
    }
    players + players % 2
}

/// The (white, black) seats of round `number` (from 1); a seat `>= players` is the rest.
fn scheduled(players: usize, number: u32) -> Vec<(usize, usize)> {
    let seats = seats(players);
    let per_cycle = seats.saturating_sub(1);
    if per_cycle == 0 || number == 0 {
        return Vec::new();
    }
    let index = (number - 1) as usize;
    let (cycle, in_cycle) = (index / per_cycle, index % per_cycle);
    let swapped = cycle % 2 == 1;
    let row = if swapped {
        per_cycle - 1 - in_cycle
    } else {
        in_cycle
    };
    berger_row(seats, row)
        .into_iter()
        .map(|(white, black)| {
            if swapped {
                (black, white)
            } else {
                (white, black)
            }
        })
        .collect()
}

/// Round `row` (from 0) of the first cycle for an even number of seats.
fn berger_row(seats: usize, row: usize) -> Vec<(usize, usize)> {
    let turning = seats - 1;
    let fixed = seats - 1;
    let mut games = Vec::with_capacity(seats / 2);
    games.push(if row.is_multiple_of(2) {
        (row, fixed)
    } else {
        (fixed, row)
    });
    for distance in 1..seats / 2 {
        let ahead = (row + distance) % turning;
        let behind = (row + turning - distance) % turning;
        games.push(if distance % 2 == 1 {
            (ahead, behind)
        } else {
            (behind, ahead)
        });
    }
    games
}
