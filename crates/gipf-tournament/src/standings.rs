//! The standings: points, tie-breaks and shared ranks.

use std::cmp::Reverse;
use std::fmt;

use crate::Points;
use crate::ledger::Ledger;

/// A tie-break: a second number that separates equal points.
///
/// Tie-breaks count each opponent at its *tie-break score*: the points of the games it
/// played, plus half a point for every round it did not play (a Swiss bye, every round after
/// its withdrawal, a round whose scheduled opponent had withdrawn; not a round robin's
/// scheduled rest). This is FIDE's rule that an opponent's unplayed games count as draws:
/// beating someone who withdrew early, or who had a bye, is worth what their games were
/// worth plus half a point a missed round, no more and no less. So a withdrawn player's
/// unplayed rounds count as half a point each in their opponents' Buchholz. A player's own
/// unplayed rounds add nothing to their own Buchholz or Sonneborn-Berger. Only finished
/// games count.
///
/// ```
/// use gipf_tournament::TieBreak;
/// assert_eq!(TieBreak::ALL.map(TieBreak::short), ["Bu", "SB", "DE"]);
/// assert_eq!(TieBreak::SonnebornBerger.to_string(), "Sonneborn-Berger");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The sum of the opponents' tie-break scores (Swiss).
    Buchholz,
    /// The sum of the tie-break scores of the opponents beaten (both formats).
    SonnebornBerger,
    /// The points scored in the games among the players still tied on points and on the
    /// tie-breaks before it (round robin).
    DirectEncounter,
}

impl TieBreak {
    /// Every tie-break, in the order of this enum.
    pub const ALL: [TieBreak; 3] = [
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
    ];

    /// The name for a table header: `"Buchholz"`, `"Sonneborn-Berger"`, `"Direct encounter"`.
    pub const fn name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "Buchholz",
            TieBreak::SonnebornBerger => "Sonneborn-Berger",
            TieBreak::DirectEncounter => "Direct encounter",
        }
    }

    /// A short header for a narrow column: `"Bu"`, `"SB"`, `"DE"`.
    pub const fn short(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "Bu",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player, an index into the entry list.
    pub player: usize,
    /// The place, from 1; players share a rank only if their points and every tie-break are
    /// equal.
    pub rank: usize,
    /// Points: a win 1, a Swiss bye 1, a loss 0.
    pub points: Points,
    /// The format's tie-breaks ([`Format::tie_breaks`](crate::Format::tie_breaks)) in order, with their values.
    pub tie_breaks: Vec<(TieBreak, Points)>,
    /// Whether the player has withdrawn (their played games still count).
    pub withdrawn: bool,
}

/// The standings of every entry, best first (ties in entry order).
pub(crate) fn compute(ledger: &Ledger) -> Vec<Standing> {
    let order = ledger.format.tie_breaks();
    let mut lines: Vec<Standing> = (0..ledger.players)
        .map(|player| Standing {
            player,
            rank: 0,
            points: ledger.points(player),
            tie_breaks: Vec::with_capacity(order.len()),
            withdrawn: !ledger.active[player],
        })
        .collect();
    for &tie_break in order {
        let values: Vec<Points> = match tie_break {
            TieBreak::Buchholz => (0..ledger.players).map(|p| buchholz(ledger, p)).collect(),
            TieBreak::SonnebornBerger => (0..ledger.players)
                .map(|p| sonneborn_berger(ledger, p))
                .collect(),
            TieBreak::DirectEncounter => direct_encounter(ledger, &lines),
        };
        for (line, value) in lines.iter_mut().zip(values) {
            line.tie_breaks.push((tie_break, value));
        }
    }
    let key = |line: &Standing| {
        let values: Vec<Points> = line.tie_breaks.iter().map(|&(_, value)| value).collect();
        (Reverse(line.points), Reverse(values))
    };
    lines.sort_by_cached_key(|line| (key(line), line.player));
    for index in 0..lines.len() {
        lines[index].rank = match index {
            0 => 1,
            _ if key(&lines[index]) == key(&lines[index - 1]) => lines[index - 1].rank,
            _ => index + 1,
        };
    }
    lines
}

/// Every entry, best placed first: the order of the standings.
pub(crate) fn placement(ledger: &Ledger) -> Vec<usize> {
    compute(ledger)
        .into_iter()
        .map(|line| line.player)
        .collect()
}

fn buchholz(ledger: &Ledger, player: usize) -> Points {
    let results = ledger.results[player].iter();
    results.map(|r| ledger.tie_break_score(r.opponent)).sum()
}

fn sonneborn_berger(ledger: &Ledger, player: usize) -> Points {
    let wins = ledger.results[player].iter().filter(|r| r.won);
    wins.map(|r| ledger.tie_break_score(r.opponent)).sum()
}

/// For each player, the wins against the players level with them on points and on every
/// tie-break computed so far (`lines` in entry order).
fn direct_encounter(ledger: &Ledger, lines: &[Standing]) -> Vec<Points> {
    let level = |a: usize, b: usize| {
        lines[a].points == lines[b].points && lines[a].tie_breaks == lines[b].tie_breaks
    };
    (0..ledger.players)
        .map(|player| {
            let wins = ledger.results[player]
                .iter()
                .filter(|r| r.won && level(player, r.opponent));
            Points::whole(wins.count() as u32)
        })
        .collect()
}
