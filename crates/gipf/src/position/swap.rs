//! The same position with the colours swapped: a symmetry of the rules, for tests.

use crate::{ByColor, Outcome, Position, Turn, Variant};

/// White's value becomes Black's and Black's White's.
fn swap<T: Copy>(pair: ByColor<T>) -> ByColor<T> {
    let ByColor([white, black]) = pair;
    ByColor([black, white])
}

impl Position {
    /// The same position with the colours swapped: every piece on the board changes colour
    /// (GIPF-pieces stay GIPF-pieces, nothing moves), the reserves, captures, GIPF phases
    /// and the "has played" flags change sides, the other player is to move, at the same
    /// point of his turn (the turn so far, a row being removed, the winner of a finished
    /// game, the extra pieces of a basic game change sides too).
    ///
    /// The rules treat both colours alike once a game is under way, so the swapped position
    /// answers every question as the original does with the colours swapped: the same legal
    /// decisions, the same turns by the other colour, the same evaluation for the player to
    /// move. Swapping twice gives the original back.
    ///
    /// ```
    /// use gipf::{Color, Position, Variant};
    /// let mut position = Position::new(Variant::Standard);
    /// position.play_notation("a5-c5").unwrap(); // White pushes: Black to move
    /// let swapped = position.colors_swapped();
    /// assert_eq!(swapped.to_move(), Color::White);
    /// assert_eq!(swapped.pieces(Color::White), position.pieces(Color::Black));
    /// assert_eq!(swapped.reserve(Color::Black), position.reserve(Color::White));
    /// assert_eq!(swapped.legal_turns().len(), position.legal_turns().len());
    /// assert_eq!(swapped.colors_swapped(), position);
    /// ```
    pub fn colors_swapped(&self) -> Position {
        // Every field named: a new field must be thought about here.
        let Position {
            variant,
            pieces,
            gipf,
            reserve,
            lost,
            to_move,
            gipf_phase,
            played,
            stage,
            dealt,
            selected,
            progress,
            outcome,
            plies,
        } = *self;
        let variant = match variant {
            Variant::Basic { extra } => Variant::Basic { extra: swap(extra) },
            other => other,
        };
        Position {
            variant,
            pieces: swap(pieces),
            gipf,
            reserve: swap(reserve),
            lost: swap(lost),
            to_move: !to_move,
            gipf_phase: swap(gipf_phase),
            played: swap(played),
            stage,
            dealt,
            selected,
            // Removed spots and captures stay where they are: the captured pieces are still
            // the opponent's of the player whose turn it is.
            progress: Turn {
                color: !progress.color,
                ..progress
            },
            outcome: outcome.map(|o| Outcome {
                winner: !o.winner,
                ..o
            }),
            plies,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::random::Rng;
    use crate::{ByColor, Color, Outcome, Pending, Position, Row, Turn, Variant};

    fn row_swapped(row: Row) -> Row {
        Row {
            color: !row.color,
            ..row
        }
    }

    fn pending_swapped(pending: Pending) -> Pending {
        match pending {
            Pending::Push => Pending::Push,
            Pending::ChooseRow { rows } => Pending::ChooseRow {
                rows: rows.into_iter().map(row_swapped).collect(),
            },
            Pending::TakeGipf { row, gipf } => Pending::TakeGipf {
                row: row_swapped(row),
                gipf,
            },
            Pending::GameOver(o) => Pending::GameOver(Outcome {
                winner: !o.winner,
                ..o
            }),
        }
    }

    fn turn_swapped(turn: Turn) -> Turn {
        Turn {
            color: !turn.color,
            ..turn
        }
    }

    /// Everything a player can see of a position, from both colours.
    fn assert_mirrored(position: &Position, swapped: &Position) {
        for color in Color::ALL {
            assert_eq!(swapped.pieces(color), position.pieces(!color));
            assert_eq!(swapped.reserve(color), position.reserve(!color));
            assert_eq!(swapped.lost(color), position.lost(!color));
            assert_eq!(swapped.in_gipf_phase(color), position.in_gipf_phase(!color));
            assert_eq!(swapped.total(color), position.total(!color));
        }
        assert_eq!(swapped.gipf_pieces(), position.gipf_pieces());
        assert_eq!(swapped.to_move(), !position.to_move());
        assert_eq!(swapped.stage(), position.stage());
        assert_eq!(swapped.plies(), position.plies());
        assert_eq!(swapped.pending(), pending_swapped(position.pending()));
        assert_eq!(
            swapped.current_turn(),
            turn_swapped(position.current_turn())
        );
        assert_eq!(
            swapped.legal_kinds().collect::<Vec<_>>(),
            position.legal_kinds().collect::<Vec<_>>()
        );
        assert_eq!(swapped.legal_decisions(), position.legal_decisions());
    }

    #[test]
    fn swapping_twice_gives_the_original_and_the_legal_turns_agree() {
        let handicap = Variant::Basic {
            extra: ByColor::new(0, 2),
        };
        let mut positions = 0;
        let mut turns_compared = 0;
        for variant in [
            Variant::BASIC,
            handicap,
            Variant::Standard,
            Variant::Tournament,
        ] {
            for seed in 0..25 {
                let mut rng = Rng::new(seed);
                let mut position = Position::new(variant);
                let mut swapped = position.colors_swapped();
                loop {
                    assert_eq!(swapped, position.colors_swapped());
                    assert_eq!(swapped.colors_swapped(), position);
                    assert_ne!(swapped, position);
                    assert_mirrored(&position, &swapped);
                    positions += 1;
                    if positions % 5 == 0 {
                        let turns = position.legal_turns();
                        let mirrored = swapped.legal_turns();
                        assert_eq!(mirrored.len(), turns.len());
                        for ((turn, after), (other, other_after)) in turns.iter().zip(&mirrored) {
                            assert_eq!(*other, turn_swapped(*turn));
                            assert_eq!(*other_after, after.colors_swapped());
                        }
                        turns_compared += turns.len();
                    }
                    // The same decision in both games keeps them each other's mirror.
                    let Some(decision) = position.random_decision(&mut rng) else {
                        break;
                    };
                    let done = position.play(decision).expect("a legal decision");
                    let mirrored = swapped.play(decision).expect("legal in the mirror too");
                    let done: Vec<Turn> = done.iter().map(|t| turn_swapped(*t)).collect();
                    assert!(mirrored.iter().copied().eq(done));
                }
                assert!(position.outcome().is_some());
            }
        }
        assert!(positions > 2500, "{positions}");
        assert!(turns_compared > 10_000, "{turns_compared}");
    }

    #[test]
    fn a_handicap_changes_sides_with_the_colours() {
        let handicap = Variant::Basic {
            extra: ByColor::new(1, 3),
        };
        let swapped = Position::new(handicap).colors_swapped();
        assert_eq!(
            swapped.variant(),
            Variant::Basic {
                extra: ByColor::new(3, 1)
            }
        );
        assert_eq!(swapped.reserve(Color::White), 15);
        assert_eq!(swapped.to_move(), Color::Black);
    }
}
