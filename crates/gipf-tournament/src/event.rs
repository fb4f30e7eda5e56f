//! An event's record (format, entries, withdrawals, games, byes) and the rounds paired from it.

use crate::ledger::Ledger;
use crate::{Format, PairingError, Points, Standing, Winner, round_robin, standings, swiss};

/// One game of a round: two players, each an index into the entry list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The player who moves first.
    pub white: usize,
    /// The player who moves second.
    pub black: usize,
}

/// A round to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// Its number, from 1.
    pub number: u32,
    /// Its games, top board first.
    pub games: Vec<Pairing>,
    /// The player who sits the round out, if any: in a Swiss the bye is worth a win (at most
    /// once per player, to the lowest-placed eligible player); in a round robin with an odd
    /// count it is the scheduled rest, worth nothing. Record it in [`Event::byes`].
    pub bye: Option<usize>,
}

/// A game of the event, finished or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// The round it belongs to, from 1.
    pub round: u32,
    /// The player who moved first.
    pub white: usize,
    /// The player who moved second.
    pub black: usize,
    /// Who won; `None` while the game goes on. A game lost on time or abandoned is a win for
    /// the opponent.
    pub winner: Option<Winner>,
    /// It was not played out (abandoned, or aborted by a moderator): its result stands as the
    /// loss of the player who let it lapse, and a crosstable marks it so.
    pub forfeit: bool,
}

impl Played {
    /// The winner's index, once the game is over.
    pub fn winner_index(&self) -> Option<usize> {
        self.winner.map(|winner| match winner {
            Winner::White => self.white,
            Winner::Black => self.black,
        })
    }

    /// The other player of the game, if `player` is one of its two.
    pub fn opponent_of(&self, player: usize) -> Option<usize> {
        match player {
            p if p == self.white => Some(self.black),
            p if p == self.black => Some(self.white),
            _ => None,
        }
    }
}

/// What an event has recorded so far: everything its pairings and standings derive from.
///
/// Withdrawn players are not paired again; their played games count, for them and for their
/// opponents' tie-breaks. Withdraw a player before the first round by removing the entry,
/// not here: a round robin's schedule is drawn over every entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Round robin or Swiss.
    pub format: Format,
    /// The number of entries; players are `0..players`, in entry order.
    pub players: usize,
    /// Players who left the event. A game of theirs still in play needs a result (a loss
    /// for the player who left, as for an abandoned game) before the next round is paired.
    pub withdrawn: Vec<usize>,
    /// Every game paired so far, finished or not.
    pub games: Vec<Played>,
    /// Every bye given so far, as (round, player).
    pub byes: Vec<(u32, usize)>,
}

impl Event {
    /// An event with its entries and nothing played yet.
    pub fn new(format: Format, players: usize) -> Event {
        Event {
            format,
            players,
            withdrawn: Vec::new(),
            games: Vec::new(),
            byes: Vec::new(),
        }
    }

    /// Records a round as paired: its games, none finished yet, and its bye.
    pub fn record_round(&mut self, round: &Round) {
        let games = round.games.iter().map(|pairing| Played {
            round: round.number,
            white: pairing.white,
            black: pairing.black,
            winner: None,
            forfeit: false,
        });
        self.games.extend(games);
        self.byes
            .extend(round.bye.map(|player| (round.number, player)));
    }

    /// Records the result of the game in play between `white` and `black` in `round`; false,
    /// and nothing changes, if the event has no such game in play.
    pub fn record_result(
        &mut self,
        round: u32,
        white: usize,
        black: usize,
        winner: Winner,
    ) -> bool {
        let game = self.games.iter_mut().find(|game| {
            (game.round, game.white, game.black) == (round, white, black) && game.winner.is_none()
        });
        match game {
            Some(game) => {
                game.winner = Some(winner);
                true
            }
            None => false,
        }
    }

    /// Rounds the event will have in all (round robin: from the player count and cycles).
    pub fn total_rounds(&self) -> u32 {
        match self.format {
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin { cycles } => round_robin::total_rounds(self.players, cycles),
        }
    }

    /// The last round paired so far (0 before the first).
    pub fn current_round(&self) -> u32 {
        let games = self.games.iter().map(|game| game.round);
        let byes = self.byes.iter().map(|&(round, _)| round);
        games.chain(byes).max().unwrap_or(0)
    }

    /// Whether every game of the current round has a result.
    pub fn round_finished(&self) -> bool {
        self.unfinished_games() == 0
    }

    /// The round to pair next (1-based), or None when the event is over: every round is
    /// paired, or (once started) no later round could have a game, because fewer than two
    /// players are left or a round robin's remaining games all involve withdrawn players.
    /// A round robin skips a round whose every game involves a withdrawn player.
    pub fn next_round_number(&self) -> Option<u32> {
        let last = self.current_round();
        match self.format {
            Format::Swiss { rounds } => {
                let started_and_empty = last > 0 && self.active_count() < 2;
                (last < rounds && !started_and_empty).then_some(last + 1)
            }
            Format::RoundRobin { cycles } => {
                let active = self.active_flags();
                round_robin::next_round_with_games(self.players, cycles, last, &active)
            }
        }
    }

    /// Pairs the next round; refuses (typed error) if a game of the current round is unfinished,
    /// the event is over, or too few active players (Swiss < 3, round robin < 2 at the start;
    /// 2 later), or the record names a player who is not an entry.
    pub fn pair_next_round(&self) -> Result<Round, PairingError> {
        self.check_record()?;
        let unfinished = self.unfinished_games();
        if unfinished > 0 {
            let round = self.current_round();
            return Err(PairingError::RoundUnfinished { round, unfinished });
        }
        let needed = match self.current_round() {
            0 => self.format.min_players(),
            _ => 2,
        };
        let active = self.active_count();
        if active < needed {
            return Err(PairingError::TooFewPlayers { active, needed });
        }
        let number = self.next_round_number().ok_or(PairingError::EventOver)?;
        Ok(match self.format {
            Format::RoundRobin { .. } => {
                round_robin::round(self.players, number, &self.active_flags())
            }
            Format::Swiss { .. } => swiss::pair(&Ledger::new(self), number),
        })
    }

    /// Standings after every finished game: rank (ties share a rank only if every tie-break
    /// is equal), points, tie-breaks; best first, then in entry order.
    ///
    /// Points: a win 1, a loss 0, a Swiss bye 1 (a round robin's rest 0). See
    /// [`TieBreak`](crate::TieBreak) for how tie-breaks count withdrawals and byes.
    pub fn standings(&self) -> Vec<Standing> {
        standings::compute(&Ledger::new(self))
    }

    /// A player's points after every finished game (and byes).
    pub fn points(&self, player: usize) -> Points {
        Ledger::new(self).points(player)
    }

    /// Whether a player is still in the event (an entry who has not withdrawn).
    pub fn is_active(&self, player: usize) -> bool {
        player < self.players && !self.withdrawn.contains(&player)
    }

    fn active_flags(&self) -> Vec<bool> {
        (0..self.players).map(|p| self.is_active(p)).collect()
    }

    fn active_count(&self) -> usize {
        (0..self.players).filter(|&p| self.is_active(p)).count()
    }

    fn unfinished_games(&self) -> usize {
        let round = self.current_round();
        let current = self.games.iter().filter(|game| game.round == round);
        current.filter(|game| game.winner.is_none()).count()
    }

    fn check_record(&self) -> Result<(), PairingError> {
        let bad = |round: u32, player: usize| PairingError::BadRecord { round, player };
        for game in &self.games {
            for player in [game.white, game.black] {
                if player >= self.players || game.white == game.black || game.round == 0 {
                    return Err(bad(game.round, player));
                }
            }
        }
        for &(round, player) in &self.byes {
            if player >= self.players || round == 0 {
                return Err(bad(round, player));
            }
        }
        Ok(())
    }
}
