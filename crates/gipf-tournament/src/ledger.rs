//! An event's record read once: each player's results, colours, opponents, byes and points.
//!
//! Entries of the record that name no entry, or a player against themselves, are left out
//! here (pairing refuses such a record before it gets this far).

use crate::colours::Colour;
use crate::{Event, Format, Played, Points, round_robin};

/// A finished game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Result {
    pub opponent: usize,
    pub won: bool,
}

/// The record of an event, by player.
pub(crate) struct Ledger {
    pub format: Format,
    pub players: usize,
    pub active: Vec<bool>,
    /// Finished games, in round order.
    pub results: Vec<Vec<Result>>,
    /// Colours of every game, finished or not, in round order.
    pub colours: Vec<Vec<Colour>>,
    /// Byes received.
    pub byes: Vec<u32>,
    /// Byes whose round is played (every game of it over): only these score, so that a
    /// bye does not rank its player above the winners of the round it sits out.
    scored_byes: Vec<u32>,
    /// Games between each two players (`players × players`).
    met: Vec<u8>,
    /// Rounds paired so far in which the player had no game (see
    /// [`Ledger::tie_break_score`]).
    missed: Vec<u32>,
    /// Points after every finished game and bye.
    points: Vec<Points>,
}

impl Ledger {
    /// Reads an event's record.
    pub fn new(event: &Event) -> Ledger {
        let players = event.players;
        let valid = |game: &&Played| {
            game.white < players && game.black < players && game.white != game.black
        };
        let mut games: Vec<Played> = event.games.iter().filter(valid).copied().collect();
        games.sort_by_key(|game| game.round);
        let mut ledger = Ledger {
            format: event.format,
            players,
            active: (0..players).map(|p| event.is_active(p)).collect(),
            results: vec![Vec::new(); players],
            colours: vec![Vec::new(); players],
            byes: vec![0; players],
            scored_byes: vec![0; players],
            met: vec![0; players * players],
            missed: vec![0; players],
            points: Vec::new(),
        };
        for game in &games {
            ledger.record(game);
        }
        for &(round, player) in &event.byes {
            let played = !(event.games.iter()).any(|g| g.round == round && g.winner.is_none());
            if let Some(count) = ledger.byes.get_mut(player) {
                *count += 1;
                ledger.scored_byes[player] += u32::from(played);
            }
        }
        ledger.count_missed(event, &games);
        ledger.points = (0..players).map(|p| ledger.count_points(p)).collect();
        ledger
    }

    fn record(&mut self, game: &Played) {
        let (white, black) = (game.white, game.black);
        self.colours[white].push(Colour::White);
        self.colours[black].push(Colour::Black);
        self.met[white * self.players + black] += 1;
        self.met[black * self.players + white] += 1;
        if let Some(winner) = game.winner_index() {
            let won = |player: usize| player == winner;
            let result = |player, opponent| Result {
                opponent,
                won: won(player),
            };
            self.results[white].push(result(white, black));
            self.results[black].push(result(black, white));
        }
    }

    fn count_missed(&mut self, event: &Event, games: &[Played]) {
        for round in 1..=event.current_round() {
            let mut played = vec![false; self.players];
            for game in games.iter().filter(|game| game.round == round) {
                played[game.white] = true;
                played[game.black] = true;
            }
            let rest = match self.format {
                Format::RoundRobin { .. } => round_robin::resting(self.players, round),
                Format::Swiss { .. } => None,
            };
            for (player, missed) in self.missed.iter_mut().enumerate() {
                if !played[player] && rest != Some(player) {
                    *missed += 1;
                }
            }
        }
    }

    /// How many games two players have had together.
    pub fn times_met(&self, first: usize, second: usize) -> u8 {
        self.met[first * self.players + second]
    }

    /// A player's points: 1 a win, and 1 a bye in a Swiss (nothing for anyone not an entry).
    pub fn points(&self, player: usize) -> Points {
        self.points.get(player).copied().unwrap_or(Points::ZERO)
    }

    fn count_points(&self, player: usize) -> Points {
        let wins = self.results[player].iter().filter(|r| r.won).count() as u32;
        let byes = if self.format.bye_scores() {
            self.scored_byes[player]
        } else {
            0
        };
        Points::whole(wins + byes)
    }

    /// The score a player counts for in an opponent's tie-breaks: the points of the games
    /// played, and half a point for each round missed (a Swiss bye, a round after a
    /// withdrawal or against a withdrawn opponent; not a round robin's scheduled rest).
    pub fn tie_break_score(&self, player: usize) -> Points {
        let wins = self.results[player]
            .iter()
            .filter(|result| result.won)
            .count() as u32;
        Points::whole(wins) + Points::from_halves(self.missed[player])
    }
}
