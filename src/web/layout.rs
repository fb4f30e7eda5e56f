//! What every page shares: the head (its title, the bot's own style sheet and script) around
//! its body, and the pages' style sheet and arrow-key script, served by the bot itself.

use maud::{DOCTYPE, Markup, html};

/// The pages' style sheet.
pub(super) const STYLE: &str = "\
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;\
color:#222;background:#fbfaf7}\
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem;margin:1.2rem 0 .4rem}\
.facts{color:#555}a{color:#1d4f91}\
main{display:flex;flex-wrap:wrap;gap:1.5rem}figure{margin:0;flex:1 1 28rem}\
figure img{width:100%;height:auto;border-radius:4px}\
nav{display:flex;gap:.5rem;margin:.5rem 0}nav a,nav span{padding:.3rem .7rem;\
border:1px solid #bbb;border-radius:4px;text-decoration:none}nav span{color:#aaa}\
ol.moves{flex:1 1 20rem;max-height:40rem;overflow:auto;padding-left:2.5rem}\
li{margin:.2rem 0}li.shown{background:#f3e6b3}li small{display:block;color:#555}\
code{font-size:1rem}table{border-collapse:collapse;margin:.3rem 0}\
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:center}\
th[scope=row],td.name{text-align:left}td.self{background:#ddd}\
.withdrawn{color:#888}svg.plot{max-width:40rem;width:100%;height:auto;background:#fff;\
border:1px solid #ddd;border-radius:4px}";

/// The arrow keys step through the plies, following the page's own links.
pub(super) const KEYS: &str = "\
document.addEventListener('keydown',function(e){\
var rel={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last'}[e.key];\
var link=rel&&document.querySelector('nav a[rel='+rel+']');\
if(link){location.href=link.href;}});";

/// A whole page: `title` in its head, `body` as its body.
pub(super) fn page(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) }
                link rel="stylesheet" href="/style.css";
                script src="/keys.js" defer {}
            }
            body { (body) }
        }
    }
}

/// `name`, linking its page where it has one.
pub(super) fn named(name: &str, page: Option<&str>, room: &str) -> Markup {
    match page {
        Some(key) => html! { a href=(format!("/{room}/{key}")) { (name) } },
        None => html! { (name) },
    }
}
