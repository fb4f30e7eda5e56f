//! Swiss pairings as properties over random events, played to the end round by round.
//!
//! Each round is checked against brute force: every active player paired once (or the bye),
//! no repeat while a repeat-free round exists, the colour rules kept while they can be, one
//! bye per player while someone has had none, and the bye to the lowest-placed such player
//! that leaves the rest pairable at the same strictness.
#![allow(missing_docs, clippy::unwrap_used)]

use std::collections::HashSet;

use gipf_tournament::{Event, Format, PairingError, Round, Winner};
use proptest::prelude::*;

/// A small generator for results and withdrawals, seeded by proptest.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// What the record says of each player: colours in order, opponents met, byes.
struct History {
    colours: Vec<Vec<bool>>,
    met: HashSet<(usize, usize)>,
    byes: Vec<usize>,
}

impl History {
    fn of(event: &Event) -> History {
        let mut games = event.games.clone();
        games.sort_by_key(|g| g.round);
        let mut history = History {
            colours: vec![Vec::new(); event.players],
            met: HashSet::new(),
            byes: vec![0; event.players],
        };
        for game in &games {
            history.colours[game.white].push(true);
            history.colours[game.black].push(false);
            history
                .met
                .insert((game.white.min(game.black), game.white.max(game.black)));
        }
        for &(_, player) in &event.byes {
            history.byes[player] += 1;
        }
        history
    }

    fn fresh(&self, a: usize, b: usize) -> bool {
        !self.met.contains(&(a.min(b), a.max(b)))
    }

    /// Whether `player` may take White (`true`) or Black next under the colour rules.
    fn allows(&self, player: usize, white: bool) -> bool {
        let colours = &self.colours[player];
        let difference: i64 = colours.iter().map(|&w| if w { 1 } else { -1 }).sum();
        let after = difference + if white { 1 } else { -1 };
        let n = colours.len();
        let third = n >= 2 && colours[n - 1] == white && colours[n - 2] == white;
        after.abs() <= 2 && !third
    }

    fn colours_fit(&self, a: usize, b: usize) -> bool {
        (self.allows(a, true) && self.allows(b, false))
            || (self.allows(a, false) && self.allows(b, true))
    }
}

/// Whether `players` can all be paired along `edge`, by exhaustive search (memoized over the
/// set of players left); `None` if the search gives up.
fn perfect(players: &[usize], edge: &dyn Fn(usize, usize) -> bool) -> Option<bool> {
    fn search(
        left: u64,
        players: &[usize],
        edge: &dyn Fn(usize, usize) -> bool,
        dead: &mut HashSet<u64>,
        budget: &mut u32,
    ) -> Option<bool> {
        if left == 0 {
            return Some(true);
        }
        if dead.contains(&left) {
            return Some(false);
        }
        *budget = budget.checked_sub(1)?;
        let first = left.trailing_zeros() as usize;
        let mut rest = left & !(1 << first);
        while rest != 0 {
            let other = rest.trailing_zeros() as usize;
            rest &= !(1 << other);
            if edge(players[first], players[other]) {
                let next = left & !(1 << first) & !(1 << other);
                if search(next, players, edge, dead, budget)? {
                    return Some(true);
                }
            }
        }
        dead.insert(left);
        Some(false)
    }
    if players.len() % 2 == 1 {
        return Some(false);
    }
    let all = if players.len() == 64 {
        u64::MAX
    } else {
        (1u64 << players.len()) - 1
    };
    search(all, players, edge, &mut HashSet::new(), &mut 200_000)
}

/// The strictness a round kept: 0 no repeat and colours, 1 no repeat, 2 colours, 3 neither.
fn tier_of(history: &History, round: &Round) -> usize {
    let fresh = round.games.iter().all(|g| history.fresh(g.white, g.black));
    let colours = round
        .games
        .iter()
        .all(|g| history.allows(g.white, true) && history.allows(g.black, false));
    match (fresh, colours) {
        (true, true) => 0,
        (true, false) => 1,
        (false, true) => 2,
        (false, false) => 3,
    }
}

fn tier_edge(history: &History, tier: usize) -> impl Fn(usize, usize) -> bool + '_ {
    move |a, b| match tier {
        0 => history.fresh(a, b) && history.colours_fit(a, b),
        1 => history.fresh(a, b),
        2 => history.colours_fit(a, b),
        _ => true,
    }
}

/// Checks a Swiss round against the record before it.
fn check_round(event: &Event, round: &Round) {
    let history = History::of(event);
    let active: Vec<usize> = (0..event.players).filter(|&p| event.is_active(p)).collect();
    let mut seen = vec![0; event.players];
    for game in &round.games {
        seen[game.white] += 1;
        seen[game.black] += 1;
    }
    if let Some(bye) = round.bye {
        seen[bye] += 1;
    }
    for (player, &times) in seen.iter().enumerate() {
        let expected = usize::from(event.is_active(player));
        assert_eq!(times, expected, "player {player} in round {}", round.number);
    }
    assert_eq!(round.bye.is_some(), active.len() % 2 == 1);

    let fewest = active.iter().map(|&p| history.byes[p]).min().unwrap_or(0);
    let eligible: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&p| history.byes[p] == fewest)
        .collect();
    if let Some(bye) = round.bye {
        assert_eq!(
            history.byes[bye], fewest,
            "a second bye while {eligible:?} had fewer"
        );
    }
    let byes: Vec<Option<usize>> = match round.bye {
        Some(_) => eligible.iter().copied().map(Some).collect(),
        None => vec![None],
    };
    let tier = tier_of(&history, round);
    for stricter in 0..tier {
        for &bye in &byes {
            let rest: Vec<usize> = active.iter().copied().filter(|&p| Some(p) != bye).collect();
            let found = perfect(&rest, &tier_edge(&history, stricter));
            assert_ne!(
                found,
                Some(true),
                "round {} kept tier {tier} though {stricter} was possible (bye {bye:?})",
                round.number
            );
        }
    }
    if let Some(bye) = round.bye {
        check_bye_placement(event, &history, &active, &eligible, bye, tier);
    }
}

/// No eligible player placed below the bye could have had it at the same strictness.
fn check_bye_placement(
    event: &Event,
    history: &History,
    active: &[usize],
    eligible: &[usize],
    bye: usize,
    tier: usize,
) {
    let standings = event.standings();
    let place = |p: usize| standings.iter().position(|s| s.player == p).unwrap();
    for &lower in eligible.iter().filter(|&&p| place(p) > place(bye)) {
        let rest: Vec<usize> = active.iter().copied().filter(|&p| p != lower).collect();
        let found = perfect(&rest, &tier_edge(history, tier));
        assert_ne!(
            found,
            Some(true),
            "the bye went to {bye}, though {lower} placed lower could take it"
        );
    }
}

/// Plays a random Swiss to its end, checking every round.
fn play(players: usize, rounds: u32, seed: u64, withdraw_percent: u64) {
    let mut event = Event::new(Format::Swiss { rounds }, players);
    let mut dice = Dice(seed);
    loop {
        let round = match event.pair_next_round() {
            Ok(round) => round,
            Err(PairingError::EventOver) => break,
            Err(PairingError::TooFewPlayers { active, .. }) => {
                assert!(active < 2, "{active} players left");
                break;
            }
            Err(other) => panic!("{other}"),
        };
        assert_eq!(Some(round.number), event.next_round_number());
        check_round(&event, &round);
        event.record_round(&round);
        for game in &round.games {
            let winner = Winner::ALL[dice.below(2) as usize];
            assert!(event.record_result(round.number, game.white, game.black, winner));
        }
        for player in 0..players {
            if event.is_active(player) && dice.below(100) < withdraw_percent {
                event.withdrawn.push(player);
            }
        }
    }
    assert!(event.current_round() <= rounds);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn small_swiss_events_keep_the_rules(players in 3usize..=12, rounds in 1u32..=12, seed: u64, withdraw in 0u64..=8) {
        play(players, rounds, seed, withdraw);
    }

    #[test]
    fn large_swiss_events_keep_the_rules(players in 13usize..=64, rounds in 1u32..=9, seed: u64, withdraw in 0u64..=4) {
        play(players, rounds, seed, withdraw);
    }
}

#[test]
fn a_round_robin_length_swiss_of_four_is_a_round_robin() {
    let mut event = Event::new(Format::Swiss { rounds: 3 }, 4);
    for _ in 0..3 {
        let round = event.pair_next_round().unwrap();
        event.record_round(&round);
        for game in &round.games {
            event.record_result(round.number, game.white, game.black, Winner::White);
        }
    }
    let history = History::of(&event);
    assert_eq!(
        history.met.len(),
        6,
        "everyone met everyone: no repeat was needed"
    );
}

#[test]
fn the_first_round_pairs_top_half_against_bottom_half() {
    let event = Event::new(Format::Swiss { rounds: 5 }, 8);
    let round = event.pair_next_round().unwrap();
    let pairs: Vec<(usize, usize)> = round
        .games
        .iter()
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect();
    assert_eq!(pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    let whites: Vec<usize> = round.games.iter().map(|g| g.white).collect();
    assert_eq!(whites, vec![0, 5, 2, 7], "colours alternate by board");
}

#[test]
fn the_first_bye_goes_to_the_last_entry() {
    let event = Event::new(Format::Swiss { rounds: 5 }, 7);
    assert_eq!(event.pair_next_round().unwrap().bye, Some(6));
}
