//! A game as the `replay` command prints it: one summary for every game, in the key order
//! each kind documents (`docs/rules.md` §7 for the games without potentials; with them,
//! `docs/potentials.md` §11 adds the supplies and names the pending rows).

use std::collections::BTreeMap;

use gipf::potentials::{Game, Pending, Potential, Supply};
use gipf::{Color, Row};
use serde::Serialize;

/// The potentials of one player not yet loaded, all five kinds in the order T Z D Y P.
#[derive(Clone, Copy, Debug, Serialize)]
#[allow(non_snake_case)]
pub struct SupplyJson {
    T: u8,
    Z: u8,
    D: u8,
    Y: u8,
    P: u8,
}

impl From<Supply> for SupplyJson {
    fn from(s: Supply) -> SupplyJson {
        SupplyJson {
            T: s[Potential::Tamsk],
            Z: s[Potential::Zertz],
            D: s[Potential::Dvonn],
            Y: s[Potential::Yinsh],
            P: s[Potential::Punct],
        }
    }
}

/// What the player to move must decide before going on.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PendingJson {
    /// Without potentials: the decision itself (`{"kind": "choose_row", "rows": ...}` or
    /// `{"kind": "take_gipf", "row": ..., "gipf": ...}`).
    Decision(gipf::Pending),
    /// With potentials: `remove_rows` (a row must go) or `optional_rows` (it may stand).
    Rows(&'static str),
}

/// A game's summary.
#[derive(Clone, Debug, Serialize)]
pub struct StateJson {
    /// `basic`, `standard`, `tournament` or `ultimate`.
    pub variant: String,
    /// Completed turns.
    pub plies: u16,
    /// Whose turn it is.
    pub to_move: Color,
    /// Basic pieces in reserve.
    pub reserve: BTreeMap<Color, u8>,
    /// Pieces of each colour captured by the opponent (a GIPF-piece counts 2).
    pub lost: BTreeMap<Color, u8>,
    /// With potentials: those not yet loaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supply: Option<BTreeMap<Color, SupplyJson>>,
    /// Occupied spots: `w`/`b` basic pieces, `W`/`B` GIPF-pieces, stacks bottom to top
    /// (`wZ`, `b|wd`).
    pub board: BTreeMap<String, String>,
    /// `ongoing`, `white_won` or `black_won`.
    pub status: String,
    /// The decision pending before the next action, if any.
    pub pending: Option<PendingJson>,
}

impl StateJson {
    /// The summary of a game.
    pub fn new(game: &Game) -> StateJson {
        let per_color =
            |f: &dyn Fn(Color) -> u8| Color::ALL.into_iter().map(|c| (c, f(c))).collect();
        let options = game.options();
        let potentials = options.has_potentials();
        let variant = if options.is_ultimate() {
            "ultimate"
        } else {
            options.variant().name()
        };
        let status = match game.outcome() {
            None => "ongoing".to_string(),
            Some(outcome) => format!("{}_won", outcome.winner),
        };
        StateJson {
            variant: variant.to_string(),
            plies: game.plies(),
            to_move: game.to_move(),
            reserve: per_color(&|c| game.reserve(c)),
            lost: per_color(&|c| game.lost(c)),
            supply: potentials.then(|| {
                Color::ALL
                    .into_iter()
                    .map(|c| (c, SupplyJson::from(game.supply(c))))
                    .collect()
            }),
            board: game
                .stacks()
                .map(|(p, s)| (p.to_string(), s.to_string()))
                .collect(),
            status,
            pending: if potentials {
                rows_pending(game).map(PendingJson::Rows)
            } else {
                decision_pending(game).map(PendingJson::Decision)
            },
        }
    }
}

/// A game without potentials: the base game's pending decision.
fn decision_pending(game: &Game) -> Option<gipf::Pending> {
    match game.pending() {
        Pending::ChooseRow { rows } => Some(gipf::Pending::ChooseRow { rows }),
        Pending::Remove { row, optional } => Some(gipf::Pending::TakeGipf {
            row,
            gipf: optional,
        }),
        _ => None,
    }
}

/// A game with potentials: whether rows must go, or may stand.
fn rows_pending(game: &Game) -> Option<&'static str> {
    let must = |rows: &[Row]| rows.iter().any(|r| game.must_deal(r));
    match game.pending() {
        Pending::ChooseRow { rows } if must(&rows) => Some("remove_rows"),
        Pending::Remove { row, .. } if must(&[row]) => Some("remove_rows"),
        Pending::ChooseRow { .. } | Pending::Remove { .. } => Some("optional_rows"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use gipf::potentials::{Game, Options};
    use gipf::{Position, Variant};

    use super::*;

    /// Over random games of the three games without potentials, the summary is the one the
    /// base game's `Position` gives: the same board, counts and pending decision.
    #[test]
    fn a_game_without_potentials_sums_up_as_the_base_game_does() {
        let mut rng = gipf::random::Rng::new(7);
        for variant in [
            Variant::Basic {
                extra: gipf::ByColor::splat(0),
            },
            Variant::Standard,
            Variant::Tournament,
        ] {
            for _ in 0..20 {
                let mut position = Position::new(variant);
                let mut game = Game::new(Options::plain(variant));
                for _ in 0..rng.below(60) {
                    let decisions = position.legal_decisions();
                    let Some(&decision) = decisions.get(rng.below(decisions.len().max(1))) else {
                        break;
                    };
                    position.play(decision).unwrap();
                    game.play(decision.into()).unwrap();
                }
                let json = serde_json::to_value(StateJson::new(&game)).unwrap();
                assert_eq!(json["variant"], variant.name());
                assert_eq!(json["plies"], position.plies());
                assert!(json.get("supply").is_none());
                let board = json["board"].as_object().unwrap();
                assert_eq!(board.len(), position.occupied().count() as usize);
                for (spot, piece) in board {
                    let spot: gipf::Point = spot.parse().unwrap();
                    let expected = position.piece_at(spot).unwrap().char().to_string();
                    assert_eq!(piece, &expected);
                }
                let pending = match position.pending() {
                    gipf::Pending::Push | gipf::Pending::GameOver(_) => serde_json::Value::Null,
                    other => serde_json::to_value(other).unwrap(),
                };
                assert_eq!(json["pending"], pending);
            }
        }
    }
}
