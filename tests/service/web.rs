//! The game pages through their router, in-process (`tower::ServiceExt::oneshot`): the link
//! `!history` and `!export` give where every member may read the game's channel, the page at
//! a ply and its links, the picture and the record of each ply, the headers, the escaping of
//! names, and the one 404 of every address without a page.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gipf_bot::service::Config;
use tower::ServiceExt as _;

pub(crate) use crate::support::pages::{Open, key_in, said_where};
use crate::support::table::{Table, play_random_turns};

/// A game of six turns, its pages written with `http://pages.test`.
pub(crate) fn played() -> Table {
    let mut table = Table::with_config(Config {
        web_base_url: Some("http://pages.test".into()),
        ..Config::default()
    });
    table.start("standard");
    play_random_turns(&mut table, 7, 6);
    table
}

/// A page's words as a reader sees them: its tags taken out.
pub(crate) fn visible(html: &str) -> String {
    let mut seen = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => seen.push(c),
            _ => {}
        }
    }
    seen
}

/// An answer of the router: status, headers, body.
pub(crate) struct Answer {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |v| v.to_str().unwrap())
    }
}

pub(crate) fn get(table: &Table, method: &str, path: &str) -> Answer {
    get_from(&table.service, method, path)
}

/// `method path` answered by the router on `service`.
pub(crate) fn get_from(
    service: &Arc<gipf_bot::service::Service>,
    method: &str,
    path: &str,
) -> Answer {
    get_beside(service, Arc::default(), method, path)
}

/// `method path` answered by the router on `service` in a process whose shards are at
/// `gateways`.
pub(crate) fn get_beside(
    service: &Arc<gipf_bot::service::Service>,
    gateways: Arc<gipf_bot::gateways::Gateways>,
    method: &str,
    path: &str,
) -> Answer {
    let router = gipf_bot::web::router(Arc::clone(service), gateways);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let response = router.oneshot(request).await.unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        Answer {
            status,
            headers,
            body: body.to_vec(),
        }
    })
}

#[test]
fn a_games_page_shows_each_ply_with_its_links_picture_and_record() {
    let mut table = played();
    let said = said_where(&mut table, true, "alice", "!history");
    assert!(
        said.contains("Its page, to step through: <http://pages.test/game/"),
        "{said}"
    );
    let key = key_in(&said);

    let page = get(&table, "GET", &format!("/game/{key}"));
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.header("content-type").starts_with("text/html"));
    assert!(
        page.header("content-security-policy")
            .starts_with("default-src 'none'")
    );
    assert_eq!(page.header("set-cookie"), "");
    let html = visible(&page.text());
    assert!(html.contains("alice (white) vs bob (black)"), "{html}");
    assert!(
        html.contains("to move") && html.contains("After turn 6 of 6."),
        "{html}"
    );
    assert_eq!(page.text().matches("</li>").count(), 6, "{html}");
    assert!(html.contains("alice (white) to move"), "{html}");

    let at_two = get(&table, "GET", &format!("/game/{key}?ply=2")).text();
    assert!(
        at_two.contains(&format!("src=\"/game/{key}/2.png\"")),
        "{at_two}"
    );
    assert!(at_two.contains("After turn 2 of 6."));
    assert!(at_two.contains("rel=\"prev\" href=\"?ply=1\""), "{at_two}");
    assert!(at_two.contains("rel=\"next\" href=\"?ply=3\""), "{at_two}");
    let marked = at_two.split("<li").nth(3).unwrap();
    assert!(
        marked.starts_with(" class=\"shown\" aria-current=\"step\""),
        "{marked}"
    );
    assert!(at_two.contains("pushed"), "the turns in words: {at_two}");

    let picture = get(&table, "GET", &format!("/game/{key}/2.png"));
    assert_eq!(picture.header("content-type"), "image/png");
    assert_eq!(
        picture.header("cache-control"),
        "no-cache",
        "a running game's"
    );
    let drawn = image::load_from_memory(&picture.body).unwrap();
    assert!(drawn.width() > 300 && drawn.height() > 300);
    assert_ne!(
        picture.body,
        get(&table, "GET", &format!("/game/{key}/3.png")).body
    );

    let record = get(&table, "GET", &format!("/game/{key}/record.gipf"));
    let exported = table.service.records(None).unwrap().remove(0).1.to_string();
    assert_eq!(record.text(), exported, "the same bytes as gipf-bot export");
    assert!(
        record
            .header("content-disposition")
            .contains("gipf-game-1.gipf")
    );

    // Over, its pictures are kept for a year.
    table.expect("alice", "!resign confirm", "alice resigned");
    let picture = get(&table, "GET", &format!("/game/{key}/6.png"));
    assert_eq!(
        picture.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
}

#[test]
fn names_are_escaped_and_the_head_answers_as_the_get() {
    let mut table = played();
    let said = said_where(&mut table, true, "bob", "!export");
    let key = key_in(&said);
    table
        .sql()
        .execute_batch("UPDATE users SET name = '<script>alert(1)</script>' WHERE name = 'bob'")
        .unwrap();
    let html = get(&table, "GET", &format!("/game/{key}")).text();
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;</a> (black)"),
        "{html}"
    );
    let head = get(&table, "HEAD", &format!("/game/{key}"));
    assert_eq!(head.status, StatusCode::OK);
    assert_eq!(
        get(&table, "POST", &format!("/game/{key}")).status,
        StatusCode::METHOD_NOT_ALLOWED
    );
}

#[test]
fn a_game_whose_channel_not_every_member_reads_has_no_page_and_no_link() {
    let mut table = played();
    let key = key_in(&said_where(&mut table, true, "alice", "!history"));
    let nowhere = get(&table, "GET", "/game/0123456789abcdef0123456789abcdef");
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    // The channel hidden since: no link, and the page is gone, with the same answer.
    let said = said_where(&mut table, false, "alice", "!history");
    assert!(!said.contains("pages.test"), "{said}");
    for path in [
        format!("/game/{key}"),
        format!("/game/{key}/1.png"),
        format!("/game/{key}/record.gipf"),
        "/game/../../etc/passwd".to_owned(),
        "/game/1".to_owned(),
    ] {
        let hidden = get(&table, "GET", &path);
        assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(hidden.body, nowhere.body, "{path}");
    }
}

#[test]
fn the_health_probe_says_what_runs_and_503_when_the_database_is_gone() {
    let table = played();
    let healthy = get(&table, "GET", "/healthz");
    assert_eq!(healthy.status, StatusCode::OK);
    assert_eq!(healthy.header("content-type"), "application/json");
    let said: serde_json::Value = serde_json::from_slice(&healthy.body).unwrap();
    assert_eq!(said["database"], "answers", "{said}");
    assert_eq!(said["games_running"], 1, "{said}");
    assert_eq!(said["unsent"], 0, "{said}");
    if crate::support::database::postgres().is_some() {
        return; // The file's to take away: SQLite's half.
    }
    let file = table.dir.path().join("gipf.db");
    let away = table.dir.path().join("away.db");
    std::fs::rename(&file, &away).unwrap();
    let gone = get(&table, "GET", "/healthz");
    assert_eq!(gone.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        gone.text().contains("\"database\":\"not answering\""),
        "{}",
        gone.text()
    );
    std::fs::rename(&away, &file).unwrap();
    assert_eq!(get(&table, "GET", "/healthz").status, StatusCode::OK);
}
