//! Standings of small events, their tie-breaks computed by hand.
#![allow(missing_docs, clippy::unwrap_used)]

use gipf_tournament::{Event, Format, Played, Points, Standing, TieBreak, Winner};

fn game(round: u32, white: usize, black: usize, winner: usize) -> Played {
    let winner = if winner == white {
        Winner::White
    } else {
        Winner::Black
    };
    Played {
        round,
        white,
        black,
        winner: Some(winner),
        forfeit: false,
    }
}

/// (player, rank, points, tie-breaks) in half points, for short assertions.
fn table(standings: &[Standing]) -> Vec<(usize, usize, u32, Vec<u32>)> {
    standings
        .iter()
        .map(|s| {
            let tie_breaks = s.tie_breaks.iter().map(|&(_, v)| v.halves()).collect();
            (s.player, s.rank, s.points.halves(), tie_breaks)
        })
        .collect()
}

/// Four players, two rounds: 1 and 3 are level on points, Buchholz and Sonneborn-Berger,
/// so they share second place.
#[test]
fn swiss_players_level_on_every_tie_break_share_a_rank() {
    let mut event = Event::new(Format::Swiss { rounds: 2 }, 4);
    event.games = vec![
        game(1, 0, 1, 0),
        game(1, 2, 3, 3),
        game(2, 3, 0, 0),
        game(2, 1, 2, 1),
    ];
    // Points 0:2 1:1 2:0 3:1. Buchholz: each has opponents worth 2 in all.
    // Sonneborn-Berger: 0 beat 1 and 3 (1 + 1); 1 beat 2 (0); 3 beat 2 (0).
    let standings = event.standings();
    assert_eq!(
        table(&standings),
        vec![
            (0, 1, 4, vec![4, 4]),
            (1, 2, 2, vec![4, 0]),
            (3, 2, 2, vec![4, 0]),
            (2, 4, 0, vec![4, 0]),
        ]
    );
    let headers: Vec<TieBreak> = standings[0].tie_breaks.iter().map(|&(t, _)| t).collect();
    assert_eq!(headers, [TieBreak::Buchholz, TieBreak::SonnebornBerger]);
}

/// Five players: 4 has the round-1 bye, 3 withdraws after round 1. Their unplayed rounds
/// count as half a point each in their opponents' tie-breaks.
#[test]
fn a_bye_and_a_withdrawal_count_as_draws_in_the_opponents_tie_breaks() {
    let mut event = Event::new(Format::Swiss { rounds: 2 }, 5);
    event.games = vec![
        game(1, 0, 1, 0),
        game(1, 2, 3, 2),
        game(2, 0, 2, 0),
        game(2, 4, 1, 4),
    ];
    event.byes = vec![(1, 4)];
    event.withdrawn = vec![3];
    // Points: 0:2, 1:0, 2:1, 3:0, 4:2 (the bye and a win).
    // Tie-break scores: 0:2, 1:0, 2:1, 3:0 + ½ (round 2), 4:1 + ½ (the bye).
    // Buchholz: 0: 1 + 2 → 0 + 1 = 1; 4: 1 → 0; 2: 3 + 0 → ½ + 2 = 2½;
    //           1: 0 + 4 → 2 + 1½ = 3½; 3: 2 → 1.
    // Sonneborn-Berger: 0 beat 1 and 2 → 1; 4 beat 1 → 0; 2 beat 3 → ½.
    let standings = event.standings();
    assert_eq!(
        table(&standings),
        vec![
            (0, 1, 4, vec![2, 2]),
            (4, 2, 4, vec![0, 0]),
            (2, 3, 2, vec![5, 1]),
            (1, 4, 0, vec![7, 0]),
            (3, 5, 0, vec![2, 0]),
        ]
    );
    assert_eq!(standings[2].tie_breaks[0].1.to_string(), "2.5");
    assert!(standings[4].withdrawn);
    assert_eq!(event.points(4), Points::whole(2));
}

/// A five-player round robin where 1 and 2 are level on points and Sonneborn-Berger: 1 beat
/// 2, so the direct encounter puts 1 ahead.
#[test]
fn the_direct_encounter_separates_a_round_robin_tie() {
    let winners = [
        ((0, 1), 0),
        ((0, 2), 0),
        ((0, 3), 0),
        ((0, 4), 4),
        ((1, 2), 1),
        ((1, 3), 1),
        ((1, 4), 4),
        ((2, 3), 2),
        ((2, 4), 2),
        ((3, 4), 3),
    ];
    let mut event = Event::new(Format::RoundRobin { cycles: 1 }, 5);
    while event.next_round_number().is_some() {
        let round = event.pair_next_round().unwrap();
        for pairing in &round.games {
            let pair = (
                pairing.white.min(pairing.black),
                pairing.white.max(pairing.black),
            );
            let winner = winners.iter().find(|(p, _)| *p == pair).unwrap().1;
            event
                .games
                .push(game(round.number, pairing.white, pairing.black, winner));
        }
        event.byes.extend(round.bye.map(|p| (round.number, p)));
    }
    // Points 0:3 1:2 2:2 3:1 4:2; rests are worth nothing.
    // Sonneborn-Berger: 0: 1+2+3 → 2+2+1 = 5; 4: 0+1 → 3+2 = 5; 1: 2+3 → 3; 2: 3+4 → 3;
    // 3: 4 → 2. Direct encounter among {1, 2}: 1 beat 2.
    let standings = event.standings();
    assert_eq!(
        table(&standings),
        vec![
            (0, 1, 6, vec![10, 0]),
            (4, 2, 4, vec![10, 0]),
            (1, 3, 4, vec![6, 2]),
            (2, 4, 4, vec![6, 0]),
            (3, 5, 2, vec![4, 0]),
        ]
    );
    assert_eq!(TieBreak::DirectEncounter.name(), "Direct encounter");
}

#[test]
fn before_any_game_everyone_shares_first_place() {
    let event = Event::new(Format::Swiss { rounds: 3 }, 3);
    let standings = event.standings();
    assert!(
        standings
            .iter()
            .all(|s| s.rank == 1 && s.points == Points::ZERO)
    );
    assert_eq!(
        standings.iter().map(|s| s.player).collect::<Vec<_>>(),
        [0, 1, 2]
    );
}

/// A Swiss bye is worth a win once its round is played: while the round's games run, its
/// player does not rank above their winners (issue 45: it was credited at the pairing).
#[test]
fn a_bye_scores_once_its_round_is_played() {
    let mut event = Event::new(Format::Swiss { rounds: 2 }, 5);
    event.byes = vec![(1, 4)];
    event.games = vec![
        game(1, 0, 1, 0),
        Played {
            round: 1,
            white: 2,
            black: 3,
            winner: None,
            forfeit: false,
        },
    ];
    assert_eq!(
        event.points(4),
        Points::ZERO,
        "a game of round 1 still runs"
    );
    assert_eq!(event.points(0).halves(), 2);
    assert_eq!(event.standings()[0].player, 0, "the round's winner first");
    assert!(event.record_result(1, 2, 3, Winner::Black));
    assert_eq!(
        event.points(4).halves(),
        2,
        "its round is played: the bye is a win"
    );
}
