//! Round robin schedules: complete, balanced, and without withdrawn players.
#![allow(missing_docs, clippy::unwrap_used)]

use std::collections::HashMap;

use gipf_tournament::{Event, Format, PairingError, Round, Winner};

/// Records a round with White winning on even boards and Black on odd ones.
fn record(event: &mut Event, round: &Round) {
    event.record_round(round);
    for (board, game) in round.games.iter().enumerate() {
        let winner = Winner::ALL[board % 2];
        assert!(event.record_result(round.number, game.white, game.black, winner));
    }
}

/// Plays an event to its end; the rounds paired, in order.
fn play_out(event: &mut Event) -> Vec<Round> {
    let mut rounds = Vec::new();
    while event.next_round_number().is_some() {
        let round = event.pair_next_round().unwrap();
        record(event, &round);
        rounds.push(round);
    }
    assert_eq!(event.pair_next_round(), Err(PairingError::EventOver));
    rounds
}

fn colours_of(rounds: &[Round], player: usize) -> String {
    let mut colours = String::new();
    for round in rounds {
        for game in &round.games {
            if game.white == player {
                colours.push('W');
            } else if game.black == player {
                colours.push('B');
            }
        }
    }
    colours
}

#[test]
fn every_pair_meets_once_a_cycle_with_balanced_colours() {
    for players in 2..=21 {
        for cycles in 1..=2u8 {
            let mut event = Event::new(Format::RoundRobin { cycles }, players);
            let rounds = play_out(&mut event);
            let per_cycle = players + players % 2 - 1;
            assert_eq!(rounds.len(), per_cycle * usize::from(cycles));
            assert_eq!(event.total_rounds() as usize, rounds.len());
            let mut met: HashMap<(usize, usize), usize> = HashMap::new();
            for (index, round) in rounds.iter().enumerate() {
                assert_eq!(round.number as usize, index + 1);
                let mut seen = vec![0; players];
                for game in &round.games {
                    seen[game.white] += 1;
                    seen[game.black] += 1;
                    *met.entry((game.white, game.black)).or_default() += 1;
                }
                if let Some(bye) = round.bye {
                    seen[bye] += 1;
                }
                assert!(
                    seen.iter().all(|&n| n == 1),
                    "{players} players, round {index}"
                );
                assert_eq!(round.bye.is_some(), players % 2 == 1);
            }
            for a in 0..players {
                for b in a + 1..players {
                    let ab = met.get(&(a, b)).copied().unwrap_or(0);
                    let ba = met.get(&(b, a)).copied().unwrap_or(0);
                    match cycles {
                        1 => assert_eq!(ab + ba, 1, "{a} and {b} of {players}"),
                        _ => assert_eq!((ab, ba), (1, 1), "{a} and {b} of {players}"),
                    }
                }
            }
            for player in 0..players {
                let colours = colours_of(&rounds, player);
                let whites = colours.matches('W').count() as i64;
                let blacks = colours.matches('B').count() as i64;
                assert!(
                    (whites - blacks).abs() <= 1,
                    "{player} of {players}: {colours}"
                );
                assert!(
                    !colours.contains("WWW") && !colours.contains("BBB"),
                    "{colours}"
                );
                let first_cycle = colours_of(&rounds[..per_cycle], player);
                let w = first_cycle.matches('W').count() as i64;
                assert!(
                    (2 * w - first_cycle.len() as i64).abs() <= 1,
                    "{first_cycle}"
                );
            }
        }
    }
}

#[test]
fn each_player_rests_once_a_cycle_with_an_odd_count() {
    let mut event = Event::new(Format::RoundRobin { cycles: 2 }, 7);
    let rounds = play_out(&mut event);
    let mut rests = vec![0; 7];
    for round in &rounds {
        rests[round.bye.unwrap()] += 1;
    }
    assert_eq!(rests, vec![2; 7]);
    let standings = event.standings();
    let total: u32 = standings.iter().map(|s| s.points.halves()).sum();
    assert_eq!(
        total,
        2 * 21 * 2,
        "a rest is worth nothing: only the 42 games count"
    );
}

#[test]
fn a_withdrawn_player_is_not_paired_again_and_the_event_still_ends() {
    let mut event = Event::new(Format::RoundRobin { cycles: 1 }, 6);
    let first = event.pair_next_round().unwrap();
    record(&mut event, &first);
    event.withdrawn.push(2);
    let rest = play_out(&mut event);
    assert_eq!(rest.len(), 4);
    for round in &rest {
        assert!(round.games.iter().all(|g| g.white != 2 && g.black != 2));
        assert_eq!(
            round.games.len(),
            2,
            "the withdrawn player's opponent rests"
        );
    }
    let standing = event
        .standings()
        .into_iter()
        .find(|s| s.player == 2)
        .unwrap();
    assert!(standing.withdrawn);
}

#[test]
fn a_round_whose_games_all_involve_withdrawn_players_is_skipped() {
    let mut event = Event::new(Format::RoundRobin { cycles: 1 }, 4);
    event.withdrawn = vec![2, 3];
    let rounds = play_out(&mut event);
    assert_eq!(rounds.len(), 1, "only the game between 0 and 1 is left");
    assert!(rounds[0].number >= 1);
    assert_eq!(rounds[0].games.len(), 1);
}

#[test]
fn refusals() {
    let lonely = Event::new(Format::RoundRobin { cycles: 1 }, 1);
    assert_eq!(
        lonely.pair_next_round(),
        Err(PairingError::TooFewPlayers {
            active: 1,
            needed: 2
        })
    );
    let swiss = Event::new(Format::Swiss { rounds: 3 }, 2);
    assert_eq!(
        swiss.pair_next_round().unwrap_err().to_string(),
        "pairing this round needs at least 3 players; the event has 2"
    );
    let mut event = Event::new(Format::RoundRobin { cycles: 1 }, 4);
    let round = event.pair_next_round().unwrap();
    record(&mut event, &round);
    event.games[0].winner = None;
    let refused = event.pair_next_round().unwrap_err();
    assert_eq!(
        refused,
        PairingError::RoundUnfinished {
            round: 1,
            unfinished: 1
        }
    );
    assert_eq!(refused.to_string(), "round 1 still has a game in play");
    event.games[0].winner = Some(Winner::White);
    event.games[0].black = 9;
    assert!(matches!(
        event.pair_next_round(),
        Err(PairingError::BadRecord { round: 1, .. })
    ));
}

/// Random round robins with withdrawals, played to the end: nobody twice in a round, no
/// withdrawn player paired, each pair at most once a cycle, and the players who stayed to
/// the end met every other such player once a cycle.
mod random {
    use std::collections::HashMap;

    use gipf_tournament::{Event, Format, Winner};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn schedules_hold_under_withdrawals(players in 3usize..=64, cycles in 1u8..=2, seed: u64, withdraw in 0u64..=3) {
            let mut event = Event::new(Format::RoundRobin { cycles }, players);
            let mut dice = seed;
            let mut roll = |n: u64| {
                dice = dice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                (dice >> 33) % n
            };
            let mut met: HashMap<(usize, usize), u32> = HashMap::new();
            while event.next_round_number().is_some() {
                let round = event.pair_next_round().unwrap();
                let mut seen = vec![0; players];
                for game in &round.games {
                    seen[game.white] += 1;
                    seen[game.black] += 1;
                    *met.entry((game.white.min(game.black), game.white.max(game.black))).or_default() += 1;
                }
                if let Some(bye) = round.bye {
                    seen[bye] += 1;
                }
                for player in round.bye.into_iter().chain(round.games.iter().flat_map(|g| [g.white, g.black])) {
                    prop_assert!(event.is_active(player), "{player} withdrew");
                }
                prop_assert!(seen.iter().all(|&n| n <= 1));
                event.record_round(&round);
                for game in &round.games {
                    let winner = Winner::ALL[roll(2) as usize];
                    event.record_result(round.number, game.white, game.black, winner);
                }
                for player in 0..players {
                    if event.is_active(player) && roll(100) < withdraw {
                        event.withdrawn.push(player);
                    }
                }
            }
            prop_assert!(event.current_round() <= event.total_rounds());
            prop_assert!(met.values().all(|&n| n <= u32::from(cycles)));
            let stayed: Vec<usize> = (0..players).filter(|&p| event.is_active(p)).collect();
            for (i, &a) in stayed.iter().enumerate() {
                for &b in &stayed[i + 1..] {
                    prop_assert_eq!(met.get(&(a, b)).copied().unwrap_or(0), u32::from(cycles));
                }
            }
        }
    }
}
