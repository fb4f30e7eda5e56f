//! A game's page in HTML: who played what, how it stands or ended, the board at one ply with
//! plain links to step through it (and the arrow keys, where scripts run), the move list in
//! the official notation and in words, the shown ply marked, and the downloads. maud escapes
//! every name and word it is given.

use maud::{DOCTYPE, Markup, html};

use crate::service::GamePage;

/// The pages' style sheet, served by the bot itself.
pub(super) const STYLE: &str = "\
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;\
color:#222;background:#fbfaf7}\
h1{font-size:1.5rem;margin:.2rem 0}.facts{color:#555}\
main{display:flex;flex-wrap:wrap;gap:1.5rem}figure{margin:0;flex:1 1 28rem}\
figure img{width:100%;height:auto;border-radius:4px}\
nav{display:flex;gap:.5rem;margin:.5rem 0}nav a,nav span{padding:.3rem .7rem;\
border:1px solid #bbb;border-radius:4px;text-decoration:none}nav span{color:#aaa}\
ol{flex:1 1 20rem;max-height:40rem;overflow:auto;padding-left:2.5rem}\
li{margin:.2rem 0}li.shown{background:#f3e6b3}li small{display:block;color:#555}\
code{font-size:1rem}";

/// The arrow keys step through the plies, following the page's own links.
pub(super) const KEYS: &str = "\
document.addEventListener('keydown',function(e){\
var rel={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last'}[e.key];\
var link=rel&&document.querySelector('nav a[rel='+rel+']');\
if(link){location.href=link.href;}});";

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
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "GIPF: " (white) " vs " (black) }
                link rel="stylesheet" href="/style.css";
                script src="/keys.js" defer {}
            }
            body {
                h1 { (white) " (white) vs " (black) " (black)" }
                p.facts { (facts.into_iter().flatten().collect::<Vec<_>>().join(" · ")) }
                p.state { strong { (page.state) } }
                main {
                    figure {
                        (steps(page))
                        img src=(format!("/game/{key}/{}.png", page.ply)) alt=(page.alt);
                        figcaption { (caption(page)) }
                        p {
                            a href=(format!("/game/{key}/record.gipf")) download { "The record (.gipf)" }
                            " · "
                            a href=(format!("/game/{key}/{}.png", page.ply)) download { "This picture (.png)" }
                        }
                    }
                    (moves(page))
                }
            }
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
