//! A Swiss round: the bye, then pairs top down within score groups, no repeat while one can
//! be avoided, colours by the rules.
//!
//! Players are ordered by the standings (points, tie-breaks, entry order). The constraints
//! are tried strictest first ([`Tier`]): no repeat and the colour rules kept; then no repeat;
//! then repeats with the colour rules; then anything. At the first tier where some bye (to
//! the lowest-placed player with the fewest byes, normally none) leaves a perfect matching of
//! the rest, the round is built top down: each highest unpaired player takes the best
//! opponent (its own score group first, the Dutch way: top half against bottom half, a due
//! colour each; else the nearest lower group, floating down) with which the rest can still be
//! paired. The matching (Edmonds' blossoms) answers that question without backtracking over
//! the whole field, so a 256-player round takes milliseconds.

use crate::colours::{self, Colour};
use crate::ledger::Ledger;
use crate::matching::{Graph, Matching};
use crate::{Pairing, Round, standings};

/// The constraints of a round, strictest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tier {
    /// No pair meets twice and the colour rules hold.
    Strict,
    /// No pair meets twice; colours as well as they can be.
    NoRepeat,
    /// Repeats allowed, the colour rules hold.
    ColoursOnly,
    /// Anything: every pair may meet.
    Anything,
}

impl Tier {
    const ALL: [Tier; 4] = [
        Tier::Strict,
        Tier::NoRepeat,
        Tier::ColoursOnly,
        Tier::Anything,
    ];

    fn allows(self, ledger: &Ledger, a: usize, b: usize) -> bool {
        let fresh = || ledger.times_met(a, b) == 0;
        let colours = || colours::can_meet(&ledger.colours[a], &ledger.colours[b]);
        match self {
            Tier::Strict => fresh() && colours(),
            Tier::NoRepeat => fresh(),
            Tier::ColoursOnly => colours(),
            Tier::Anything => true,
        }
    }
}

/// Pairs round `number` of a Swiss.
pub(crate) fn pair(ledger: &Ledger, number: u32) -> Round {
    let order: Vec<usize> = standings::placement(ledger)
        .into_iter()
        .filter(|&player| ledger.active[player])
        .collect();
    let byes = bye_candidates(ledger, &order);
    for tier in Tier::ALL {
        let graph = Graph::build(order.len(), |a, b| tier.allows(ledger, order[a], order[b]));
        if let Some(round) = pair_at(ledger, &order, &graph, &byes, number) {
            return round;
        }
    }
    let games = order
        .chunks_exact(2)
        .enumerate()
        .map(|(board, pair)| colour_pair(ledger, pair[0], pair[1], board))
        .collect();
    let bye = (order.len() % 2 == 1).then(|| order[order.len() - 1]);
    Round { number, games, bye }
}

/// Positions (in `order`) that may get the bye, lowest-placed first: those with the fewest
/// byes so far. `[None]` when the count is even.
fn bye_candidates(ledger: &Ledger, order: &[usize]) -> Vec<Option<usize>> {
    if order.len().is_multiple_of(2) {
        return vec![None];
    }
    let fewest = order.iter().map(|&p| ledger.byes[p]).min().unwrap_or(0);
    (0..order.len())
        .rev()
        .filter(|&position| ledger.byes[order[position]] == fewest)
        .map(Some)
        .collect()
}

/// The round at one tier, if some bye leaves the rest perfectly matchable.
fn pair_at(
    ledger: &Ledger,
    order: &[usize],
    graph: &Graph,
    byes: &[Option<usize>],
    number: u32,
) -> Option<Round> {
    let everyone = vec![true; order.len()];
    let maximum = Matching::maximum(graph, &everyone);
    if maximum.matched(&everyone) + 1 < order.len() {
        return None;
    }
    for &bye in byes {
        let mut alive = everyone.clone();
        let mut matching = maximum.clone();
        if let Some(position) = bye {
            alive[position] = false;
            matching.free(position);
        }
        if matching.complete(graph, &alive) {
            let games = pair_top_down(ledger, order, graph, matching, alive);
            let bye = bye.map(|position| order[position]);
            return Some(Round { number, games, bye });
        }
    }
    None
}

/// Pairs the live positions top down, each taking its best opponent that leaves the rest
/// pairable (`matching` must be perfect on `alive`).
fn pair_top_down(
    ledger: &Ledger,
    order: &[usize],
    graph: &Graph,
    mut matching: Matching,
    mut alive: Vec<bool>,
) -> Vec<Pairing> {
    let mut games = Vec::with_capacity(order.len() / 2);
    while let Some(top) = alive.iter().position(|&live| live) {
        let candidates = candidates(ledger, order, graph, &alive, top);
        let fixed = candidates
            .into_iter()
            .find(|&other| matching.fix_pair(graph, &mut alive, top, other));
        let Some(other) = fixed.or_else(|| matching.mate(top)) else {
            break;
        };
        alive[top] = false;
        alive[other] = false;
        games.push(colour_pair(ledger, order[top], order[other], games.len()));
    }
    games
}

/// The opponents `top` may take, best first: nearest score, fewest meetings, then within its
/// own score group the bottom half from its mirror place outward, a due colour each, then
/// the top half; in lower groups the highest placed first, a due colour each.
fn candidates(
    ledger: &Ledger,
    order: &[usize],
    graph: &Graph,
    alive: &[bool],
    top: usize,
) -> Vec<usize> {
    let points = |position: usize| ledger.points(order[position]);
    let top_points = points(top);
    let group: Vec<usize> = (top..order.len())
        .filter(|&p| alive[p] && points(p) == top_points)
        .collect();
    let mirror = group.len() / 2;
    let mut keyed: Vec<_> = (top + 1..order.len())
        .filter(|&p| alive[p] && graph.has(top, p))
        .map(|p| {
            let gap = top_points.halves() - points(p).halves();
            let met = ledger.times_met(order[top], order[p]);
            let clash = colours::clash(&ledger.colours[order[top]], &ledger.colours[order[p]]);
            let place = group.iter().position(|&g| g == p);
            let top_half = place.is_some_and(|i| i < mirror);
            let distance = place.map_or(0, |i| i.abs_diff(mirror));
            ((gap, met, top_half, clash, distance, p), p)
        })
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// The game of two players, the higher-placed one first, coloured by the rules.
fn colour_pair(ledger: &Ledger, higher: usize, lower: usize, board: usize) -> Pairing {
    let colour = colours::higher_takes(&ledger.colours[higher], &ledger.colours[lower], board);
    match colour {
        Colour::White => Pairing {
            white: higher,
            black: lower,
        },
        Colour::Black => Pairing {
            white: lower,
            black: higher,
        },
    }
}
