//! An event's page in HTML: its settings and where it stands, the standings with their
//! tie-breaks, the crosstable whose cells link their games (and its picture, as Discord is
//! shown it), every round's pairings with links, and who withdrew.

use maud::{Markup, html};

use super::layout::{self, named};
use crate::service::{CrossCell, EventPage, RoundRow};

/// The page of the event at `key`.
pub(super) fn html(key: &str, page: &EventPage) -> Markup {
    layout::page(
        &format!("GIPF: {}", page.name),
        html! {
            h1 { (page.name) }
            p.facts { (page.settings.join(" · ")) }
            p.state { strong { (page.state) } }
            @if !page.standings.is_empty() {
                h2 { "Standings" }
                (standings(page))
                h2 { "Crosstable" }
                (crosstable(page))
                p { a href=(format!("/event/{key}/crosstable.png")) { "The crosstable as a picture (.png)" } }
            }
            @for round in &page.rounds {
                (pairings(round))
            }
            @if !page.withdrawn.is_empty() {
                h2 { "Withdrawn" }
                p { (page.withdrawn.join(", ")) }
            }
        },
    )
}

fn standings(page: &EventPage) -> Markup {
    html! {
        table.standings {
            thead { tr {
                th scope="col" { "#" } th scope="col" { "Player" } th scope="col" { "Points" }
                @for tie in &page.tie_breaks { th scope="col" { (tie) } }
            } }
            tbody {
                @for row in &page.standings {
                    tr class=[row.withdrawn.then_some("withdrawn")] {
                        td { (row.rank) }
                        td.name {
                            (named(&row.name, row.page.as_deref(), "player"))
                            @if row.withdrawn { " (withdrawn)" }
                        }
                        td { (row.points) }
                        @for value in &row.tie_breaks { td { (value) } }
                    }
                }
            }
        }
    }
}

/// A row a player, a column an opponent (numbered as the rows), each game its score
/// linking its page.
fn crosstable(page: &EventPage) -> Markup {
    html! {
        table.crosstable {
            thead { tr {
                th scope="col" { "Player" }
                @for row in &page.standings { th scope="col" { (row.rank) } }
            } }
            tbody {
                @for (row, cells) in page.standings.iter().zip(&page.crosstable) {
                    tr {
                        th scope="row" { (row.rank) ". " (row.name) }
                        @for (i, cell) in cells.iter().enumerate() {
                            @if page.standings.get(i).is_some_and(|column| std::ptr::eq(column, row)) {
                                td.self {}
                            } @else {
                                td { (cell_games(cell)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn cell_games(cell: &CrossCell) -> Markup {
    html! {
        @for (i, (score, page)) in cell.games.iter().enumerate() {
            @if i > 0 { " " }
            @match page {
                Some(key) => a href=(format!("/game/{key}")) { (score) },
                None => (score),
            }
        }
    }
}

fn pairings(round: &RoundRow) -> Markup {
    html! {
        h2 { "Round " (round.round) }
        ul.pairings {
            @for game in &round.games {
                li {
                    (game.white) " (white) vs " (game.black) " (black): "
                    @match &game.page {
                        Some(key) => a href=(format!("/game/{key}")) { (game.result) },
                        None => (game.result),
                    }
                }
            }
            @for bye in &round.byes {
                li { "Bye: " (bye) }
            }
        }
    }
}
