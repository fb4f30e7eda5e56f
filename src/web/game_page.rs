//! A game's page in HTML: who played what, how it stands or ended, the board at one ply with
//! plain links to step through it (and the arrow keys, where scripts run), the move list in
//! the official notation and in words, the shown ply marked, and the downloads. maud escapes
//! every name and word it is given.

use maud::{Markup, html};

use super::layout::{self, named};

use crate::service::GamePage;

/// The page of the game at `key`, at the ply `page` shows.
pub(super) fn html(key: &str, page: &GamePage) -> Markup {
    let (white, black) = (
        &page.players[gipf::Color::White],
        &page.players[gipf::Color::Black],
    );
    let facts = [
        Some(page.game.clone()),
        page.event.clone(),
        Some(page.date.clone()),
        page.time.clone(),
    ];
    let title = format!("GIPF: {white} vs {black}");
    let [white_page, black_page] =
        [gipf::Color::White, gipf::Color::Black].map(|color| page.player_pages[color].as_deref());
    layout::page(
        &title,
        html! {
            h1 {
                (named(white, white_page, "player")) " (white) vs "
                (named(black, black_page, "player")) " (black)"
            }
            p.facts { (facts.into_iter().flatten().collect::<Vec<_>>().join(" · ")) }
            @if let Some(event) = &page.event_page {
                p { a href=(format!("/event/{event}")) { "The event's page" } }
            }
            p.state { strong { (page.state) } }
            @for rating in &page.ratings {
                p.facts { "Rating: " (rating) }
            }
            main {
                figure {
                    (steps(page))
                    img src=(format!("/game/{key}/{}.png", page.ply)) alt=(page.alt);
                    figcaption { (caption(page)) }
                    (downloads(key, page))
                }
                (moves(page))
            }
        },
    )
}

/// The record, the replay and this ply's picture, to download.
fn downloads(key: &str, page: &GamePage) -> Markup {
    html! {
        p {
            a href=(format!("/game/{key}/record.gipf")) download { "The record (.gipf)" }
            " · "
            a href=(format!("/game/{key}/replay.gif")) download { "The replay (.gif)" }
            " · "
            a href=(format!("/game/{key}/{}.png", page.ply)) download { "This picture (.png)" }
        }
    }
}

/// What the picture shows.
fn caption(page: &GamePage) -> String {
    match page.ply {
        0 => "The board at the start.".into(),
        ply => format!("After turn {ply} of {}.", page.turns.len()),
    }
}

/// First, previous, next and last, as plain links; where there is no such ply, a word.
fn steps(page: &GamePage) -> Markup {
    let last = page.turns.len();
    let step = |rel: &str, word: &str, to: Option<usize>| match to {
        Some(ply) if ply != page.ply => {
            html! { a rel=(rel) href=(format!("?ply={ply}")) { (word) } }
        }
        _ => html! { span { (word) } },
    };
    html! {
        nav aria-label="plies" {
            (step("first", "« First", Some(0)))
            (step("prev", "‹ Previous", page.ply.checked_sub(1)))
            (step("next", "Next ›", (page.ply < last).then_some(page.ply + 1)))
            (step("last", "Last »", Some(last)))
        }
    }
}

/// The move list: each turn in the notation, linking its ply, and in words; the shown one
/// marked.
fn moves(page: &GamePage) -> Markup {
    html! {
        ol.moves {
            @for (i, turn) in page.turns.iter().enumerate() {
                @let ply = i + 1;
                @let shown = ply == page.ply;
                li class=[shown.then_some("shown")] aria-current=[shown.then_some("step")] {
                    a href=(format!("?ply={ply}")) { code { (turn.notation) } }
                    small { (turn.words) }
                }
            }
        }
    }
}
