//! The pages' hot paths through their router (`tower::ServiceExt::oneshot`, as axum serves
//! each request): a finished 40-turn game's page at a ply, its picture at a ply once kept,
//! and, for comparison, a running game's picture (drawn at every asking). `cargo bench
//! --bench web`. The load beside the bot's turns: `cargo bench --bench games_at_once -- 50
//! web` (wrk against these pages while the games play).
#![allow(missing_docs, clippy::unwrap_used)]

#[path = "../tests/support/mod.rs"]
mod support;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use divan::Bencher;
use gipf_bot::service::Config;
use support::pages::{key_in, said_where};
use support::table::{Table, play_random_turns};
use tower::ServiceExt as _;

fn main() {
    divan::main();
}

/// A game of 40 random turns that has not ended, with a page, finished by a resignation
/// if `finish`: the table and the page's key.
fn game(finish: bool) -> (Table, String) {
    let mut table = (1..)
        .map(|seed| {
            let mut table = Table::with_config(Config {
                web_base_url: Some("http://pages.test".into()),
                ..Config::default()
            });
            table.start("standard");
            play_random_turns(&mut table, seed, 40);
            table
        })
        .find(|table| table.state().position().unwrap().outcome().is_none())
        .unwrap();
    let key = key_in(&said_where(&mut table, true, "alice", "!history"));
    if finish {
        table.say("alice", "!resign confirm");
    }
    (table, key)
}

/// Benches `GET path` on the router of `table`, each answer checked (and whether browsers
/// may keep it: `kept`).
fn bench_get(bencher: Bencher, table: &Table, path: &str, kept: bool) {
    let router = gipf_bot::web::router(table.service.clone(), Default::default());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let get = |router: Router| async move {
        let request = Request::get(path).body(Body::empty()).unwrap();
        let answer = router.oneshot(request).await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        let cache = answer.headers().get("cache-control");
        let cache = cache.map_or("", |v| v.to_str().unwrap());
        assert_eq!(cache.contains("immutable"), kept, "{path}: {cache}");
        axum::body::to_bytes(answer.into_body(), usize::MAX)
            .await
            .unwrap()
            .len()
    };
    runtime.block_on(get(router.clone()));
    bencher.bench_local(|| runtime.block_on(get(router.clone())));
}

#[divan::bench(sample_count = 200)]
fn game_page(bencher: Bencher) {
    let (table, key) = game(true);
    bench_get(bencher, &table, &format!("/game/{key}?ply=20"), false);
}

#[divan::bench(sample_count = 200)]
fn kept_picture(bencher: Bencher) {
    let (table, key) = game(true);
    bench_get(bencher, &table, &format!("/game/{key}/20.png"), true);
}

#[divan::bench(sample_count = 50)]
fn running_games_picture(bencher: Bencher) {
    let (table, key) = game(false);
    bench_get(bencher, &table, &format!("/game/{key}/20.png"), false);
}
