//! A server's index page in HTML, where its moderators list its pages: its events and its
//! games, each linking its page; and the list of games a player's page shares.

use maud::{Markup, html};

use super::layout;
use crate::service::{IndexPage, Listed};

/// The index of a server.
pub(super) fn html(page: &IndexPage) -> Markup {
    layout::page(
        "GIPF: this server's games",
        html! {
            h1 { "This server's games and events" }
            @if !page.events.is_empty() {
                h2 { "Events" }
                ul {
                    @for (name, state, key) in &page.events {
                        li { a href=(format!("/event/{key}")) { (name) } " (" (state) ")" }
                    }
                }
            }
            h2 { "Games" }
            (game_list(&page.games))
        },
    )
}

/// Games as a table: the day, the players, the game and how it stands, each linking its
/// page.
pub(super) fn game_list(games: &[Listed]) -> Markup {
    html! {
        @if games.is_empty() {
            p { "No game with a page yet." }
        } @else {
            table.games {
                thead { tr {
                    th scope="col" { "Day" } th scope="col" { "White" } th scope="col" { "Black" }
                    th scope="col" { "Game" } th scope="col" { "Result" }
                } }
                tbody {
                    @for game in games {
                        tr {
                            td { (game.date) }
                            td.name { (game.players[0]) }
                            td.name { (game.players[1]) }
                            td.name { (game.game) }
                            td { a href=(format!("/game/{}", game.page)) { (game.state) } }
                        }
                    }
                }
            }
        }
    }
}
