//! A player's page in HTML: his results by kind of game, his rating over time as a plot,
//! and his games that have pages.

use maud::{Markup, html};

use super::index_page::game_list;
use super::layout;
use super::plot::rating_plot;
use crate::service::PlayerPage;

/// The page of a player.
pub(super) fn html(page: &PlayerPage) -> Markup {
    let unrated = [
        ("against the bot's engine", page.against_engine),
        ("with hints", page.with_hints),
    ];
    layout::page(
        &format!("GIPF: {}", page.name),
        html! {
            h1 { (page.name) }
            h2 { "Results" }
            @if page.by_kind.is_empty() {
                p { "No rated result yet." }
            } @else {
                table.results {
                    thead { tr { th scope="col" { "Game" } th scope="col" { "Won" } th scope="col" { "Lost" } } }
                    tbody {
                        @for (kind, won, lost) in &page.by_kind {
                            tr { td.name { (kind) } td { (won) } td { (lost) } }
                        }
                    }
                }
            }
            @for (what, (won, lost)) in unrated {
                @if won + lost > 0 {
                    p.facts { "Unrated, " (what) ": " (won) " won, " (lost) " lost." }
                }
            }
            h2 { "Rating" }
            @match rating_plot(&page.plot) {
                Some(plot) => (plot),
                None => p { "No rated game since the bot began to keep ratings' history." },
            }
            h2 { "Games" }
            (game_list(&page.games))
        },
    )
}
