//! Round robin schedules: complete, balanced, and without withdrawn players.
#![allow(missing_docs, clippy::unwrap_used)]

use std::collections::HashMap;

use gipf_tournament::{Event, Format, PairingError, Played, Round, Winner};

/// Records a round's games with White winning (or Black on odd boards), and its bye.
fn record(event: &mut Event, round: &Round) {
    for (board, game) in round.games.iter().enumerate() {
        let winner = if board.is_multiple_of(2) {
            Winner::White
        } else {
            Winner::Black
        };
        event.games.push(Played {
            round: round.number,
            white: game.white,
            black: game.black,
            winner: Some(winner),
        });
    }
    if let Some(bye) = round.bye {
        event.byes.push((round.number, bye));
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
