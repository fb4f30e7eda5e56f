//! Random games for the integration tests, from the rules crate's one seeded walker.

use gipf::random::find_in_random_games;
use gipf::{Position, Variant};

/// Plays seeded random games of `variant` (at most `max_turns` turns each) and returns the
/// first thing `find` accepts at the start of a turn: a position that the turns so far (in
/// notation, `{:#}`) describe completely, with no decision of the mover made yet.
pub fn find_at_turn_start<T>(
    variant: Variant,
    games: u64,
    max_turns: usize,
    mut find: impl FnMut(Position, &[String]) -> Option<T>,
) -> T {
    find_in_random_games(variant, games, max_turns, |position, turns| {
        let started = position.current_turn();
        if !started.start.is_empty() || started.push.is_some() {
            return None;
        }
        let record: Vec<String> = turns.iter().map(|turn| format!("{turn:#}")).collect();
        find(*position, &record)
    })
    .unwrap_or_else(|| panic!("no such position in {games} random games of {variant}"))
}

/// A basic game with TAMSK potentials played to the point where a push of White's or
/// Black's moves his TAMSK onto e5: the turns so far, and that push's chat line.
pub fn tamsk_setup() -> (Vec<String>, String) {
    use gipf::potentials::{Decision, Game, Options, Pending, PieceKind};
    use gipf::random::Rng;
    for seed in 0..500 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Options::parse("basic", Some("T3")).unwrap());
        let mut turns = Vec::new();
        while game.outcome().is_none() && turns.len() < 40 {
            let decisions = game.legal_decisions();
            let trigger = decisions.iter().find(|d| {
                let mut next = game.clone();
                matches!(d, Decision::Push { .. })
                    && next.play(**d).is_ok()
                    && next.pending() == Pending::Tamsk
            });
            if let Some(Decision::Push { entry, piece }) = trigger {
                let word = match piece {
                    PieceKind::Loaded(_) => " tamsk",
                    _ if !game.supply(game.to_move()).is_empty() => " basic",
                    _ => "",
                };
                return (turns, format!("!push {entry}{word}"));
            }
            // Lean to TAMSK pieces, so that one gets near e5.
            let tamsk: Vec<_> = decisions
                .iter()
                .filter(|d| {
                    matches!(
                        d,
                        Decision::Push {
                            piece: PieceKind::Loaded(_),
                            ..
                        }
                    )
                })
                .collect();
            let decision = if !tamsk.is_empty() && rng.below(2) == 0 {
                *tamsk[rng.below(tamsk.len())]
            } else {
                decisions[rng.below(decisions.len())]
            };
            for turn in game.play(decision).unwrap() {
                turns.push(format!("{turn:#}"));
            }
        }
    }
    panic!("no TAMSK trigger in 500 random games");
}

/// A standard game up to a basic push of the player to move that removes a row of his
/// holding a GIPF-piece whose taking ends the game on the spot: `own` for his own last
/// GIPF-piece (taking it loses), else the opponent's last one (taking it wins). Keeping
/// every GIPF-piece of the row is legal and goes on. The turns before (notation), the push
/// (`b1-c2`), and the spot of that GIPF-piece.
pub fn last_gipf_setup(own: bool) -> (Vec<String>, String, String) {
    use gipf::{Bitboard, Decision, Kind, Pending};
    find_at_turn_start(Variant::Standard, 3000, 150, |position, turns| {
        if position.pending() != Pending::Push {
            return None;
        }
        let me = position.to_move();
        let winner = if own { !me } else { me };
        position.legal_entries().find_map(|entry| {
            let mut after = position;
            let push = Decision::Push {
                entry,
                piece: Kind::Basic,
            };
            after.play(push).ok()?;
            let Pending::TakeGipf { gipf, .. } = after.pending() else {
                return None;
            };
            if after.to_move() != me {
                return None;
            }
            let spot = gipf.iter().find(|&spot| {
                let mut taken = after;
                taken.play(Decision::Take(spot.into())).is_ok()
                    && taken.outcome().is_some_and(|o| o.winner == winner)
            })?;
            let mut kept = after;
            let goes_on =
                kept.play(Decision::Take(Bitboard::EMPTY)).is_ok() && kept.outcome().is_none();
            goes_on.then(|| (turns.to_vec(), entry.to_string(), spot.to_string()))
        })
    })
}

/// A removal question found in seeded random games of `variant` (with `potentials`, a
/// supply as `!challenge` writes it): raised at a turn's start by a push of the player to
/// move and, when his rows share pieces, by his choice of one of them. `find` sees the game
/// at the question, its row and its optional pieces. Returns the turns before (notation),
/// and the chat lines that raise the question (`!push b1 c2 zertz`, then maybe `!row 2`).
pub fn removal_setup(
    variant: &str,
    potentials: Option<&str>,
    find: impl Fn(&gipf::potentials::Game, &gipf::Row, gipf::Bitboard) -> bool,
) -> (Vec<String>, Vec<String>) {
    use gipf::potentials::{Decision, Game, Options, Pending, PieceKind};
    use gipf::random::Rng;
    let options = Options::parse(variant, potentials).unwrap();
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(options);
        let mut turns = Vec::new();
        while game.outcome().is_none() && turns.len() < 150 {
            let decisions = game.legal_decisions();
            let fresh = game.pending() == Pending::Action && game.current_turn().before.is_empty();
            for decision in decisions.iter().filter(|_| fresh) {
                let Decision::Push { entry, piece } = *decision else {
                    continue;
                };
                let word = match piece {
                    PieceKind::Gipf => format!("!gipf {entry}"),
                    PieceKind::Loaded(kind) => {
                        format!("!push {entry} {}", gipf_bot::command::potential_word(kind))
                    }
                    _ if !game.supply(game.to_move()).is_empty() => format!("!push {entry} basic"),
                    PieceKind::Basic => format!("!push {entry}"),
                };
                let mut pushed = game.clone();
                pushed.play(*decision).unwrap();
                if pushed.to_move() != game.to_move() {
                    continue;
                }
                let mut asked = vec![(pushed.clone(), vec![word.clone()])];
                if let Pending::ChooseRow { rows } = pushed.pending() {
                    asked = (1..)
                        .zip(&rows)
                        .map(|(n, row)| {
                            let mut chosen = pushed.clone();
                            chosen.play(Decision::Row(row.line)).unwrap();
                            (chosen, vec![word.clone(), format!("!row {n}")])
                        })
                        .collect();
                }
                for (at, lines) in asked {
                    if let Pending::Remove { row, optional } = at.pending()
                        && at.to_move() == game.to_move()
                        && find(&at, &row, optional)
                    {
                        return (turns, lines);
                    }
                }
            }
            let decision = decisions[rng.below(decisions.len())];
            for turn in game.play(decision).unwrap() {
                turns.push(format!("{turn:#}"));
            }
        }
    }
    panic!("no such removal question in 300 random games of {variant}");
}

/// The row of the player to move that the row being removed shares an optional piece with
/// and that stands after keeping every optional piece, but not after taking them all.
pub fn shared_row(game: &gipf::potentials::Game, optional: gipf::Bitboard) -> Option<gipf::Row> {
    use gipf::potentials::{Decision, Pending};
    let mut kept = game.clone();
    kept.play(Decision::Take(gipf::Bitboard::EMPTY)).ok()?;
    let mut taken = game.clone();
    taken.play(Decision::Take(optional)).ok()?;
    let pending = |after: &gipf::potentials::Game| match after.pending() {
        _ if after.to_move() != game.to_move() => Vec::new(),
        Pending::Remove { row, .. } => vec![row],
        Pending::ChooseRow { rows } => rows,
        _ => Vec::new(),
    };
    let left = pending(&taken);
    pending(&kept)
        .into_iter()
        .find(|r| !(r.set & optional).is_empty() && left.iter().all(|l| l.line != r.line))
}
