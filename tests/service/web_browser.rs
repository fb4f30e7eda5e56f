//! A game's page in a real browser: headless Chromium, driven through chromedriver by
//! fantoccini, on a web server listening on the loopback. The board and the marked ply follow
//! the "next" link and the arrow key, the picture loads, and a screenshot is a real picture.
//!
//! Without chromedriver on the machine the test says so and passes, unless
//! `GIPF_BROWSER_TESTS=required` (as `.ci/run` sets it, having installed Debian's
//! `chromium` and `chromium-driver`). `GIPF_SCREENSHOT=path` keeps the screenshot (the
//! README's picture is one).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use fantoccini::{ClientBuilder, Locator, key::Key};
use hyper_util::client::legacy::connect::HttpConnector;

use super::web::{key_in, played, said_where};

/// How long the browser may take to load a page or start.
const PATIENCE: Duration = Duration::from_secs(20);

/// Chromium's flags: headless, and nothing that would reach for the (closed) network.
const FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1000,1300",
];

/// A chromedriver of this test's own, stopped with it.
struct Chromedriver {
    child: Child,
    port: u16,
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The first of `paths` that is a file, or the named one.
fn found(variable: &str, paths: &[&str]) -> Option<String> {
    if let Ok(named) = std::env::var(variable) {
        return Some(named);
    }
    (paths.iter())
        .find(|path| std::path::Path::new(path).is_file())
        .map(|path| path.to_string())
}

/// chromedriver started on a free port, once it answers; `None` (said) if the machine has
/// no chromedriver and the test is not required.
fn chromedriver() -> Option<Chromedriver> {
    let required = std::env::var("GIPF_BROWSER_TESTS").is_ok_and(|v| v == "required");
    let Some(program) = found("CHROMEDRIVER", &["/usr/bin/chromedriver"]) else {
        assert!(
            !required,
            "GIPF_BROWSER_TESTS=required, but there is no chromedriver"
        );
        eprintln!("skipped: no chromedriver (apt-get install chromium chromium-driver)");
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|free| free.local_addr())
        .unwrap()
        .port();
    let child = Command::new(&program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let driver = Chromedriver { child, port };
    let started = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < PATIENCE, "chromedriver does not answer");
        std::thread::yield_now();
    }
    Some(driver)
}

/// The capabilities of a headless Chromium with a fresh profile in `profile`.
fn capabilities(profile: &std::path::Path) -> serde_json::Map<String, serde_json::Value> {
    let mut args: Vec<String> = FLAGS.iter().map(|flag| flag.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut options = serde_json::json!({ "args": args });
    if let Some(binary) = found("CHROMIUM", &["/usr/bin/chromium"]) {
        options["binary"] = binary.into();
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    capabilities
}

/// What the page shows now: its board's picture, and which turn of the list is marked.
async fn shown(client: &fantoccini::Client) -> (String, i64) {
    let board = client.find(Locator::Css("main figure img")).await.unwrap();
    let src = board.attr("src").await.unwrap().unwrap();
    let marked = client
        .execute(
            "const items = [...document.querySelectorAll('main ol li')];\
             return items.findIndex(item => item.getAttribute('aria-current') === 'step');",
            vec![],
        )
        .await
        .unwrap();
    (src, marked.as_i64().unwrap())
}

#[test]
fn a_games_page_steps_through_its_plies_in_chromium() {
    if crate::support::database::postgres().is_some() {
        return; // The page is the same on either database: once is enough.
    }
    let Some(driver) = chromedriver() else { return };
    let mut table = played();
    let key = key_in(&said_where(&mut table, true, "alice", "!history"));
    let service = Arc::clone(&table.service);
    let profile = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async move {
        let listener = gipf_bot::web::listen("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let address = listener.local_addr().unwrap();
        let served = (service, Arc::default());
        tokio::spawn(gipf_bot::web::serve(
            listener,
            served,
            std::future::pending(),
        ));
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities(profile.path()))
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("chromedriver starts Chromium");
        let page = |ply: usize| url::Url::parse(&format!("http://{address}/game/{key}?ply={ply}"));
        client.goto(page(2).unwrap().as_str()).await.unwrap();
        let (board, marked) = shown(&client).await;
        assert!(board.ends_with(&format!("/game/{key}/2.png")), "{board}");
        let loaded = client
            .execute(
                "return document.querySelector('main figure img').naturalWidth;",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            loaded.as_u64().unwrap() >= 300,
            "the board's picture: {loaded}"
        );

        // The plain link, as without scripts.
        client
            .find(Locator::Css("nav a[rel=next]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        client
            .wait()
            .at_most(PATIENCE)
            .for_url(&page(3).unwrap())
            .await
            .unwrap();
        let (next_board, next_marked) = shown(&client).await;
        assert!(next_board.ends_with("/3.png"), "{next_board}");
        assert_eq!(next_marked, marked + 1);

        // The arrow key, through the bot's own script (the CSP lets it run).
        let body = client.find(Locator::Css("body")).await.unwrap();
        body.send_keys(&char::from(Key::Right).to_string())
            .await
            .unwrap();
        client
            .wait()
            .at_most(PATIENCE)
            .for_url(&page(4).unwrap())
            .await
            .unwrap();
        assert!(shown(&client).await.0.ends_with("/4.png"));

        let screenshot = client.screenshot().await.unwrap();
        let picture = image::load_from_memory(&screenshot)
            .expect("a PNG")
            .to_rgb8();
        assert!(picture.width() >= 300 && picture.height() >= 300);
        let colours: std::collections::HashSet<[u8; 3]> = picture.pixels().map(|p| p.0).collect();
        assert!(
            colours.len() > 50,
            "a real picture, not a blank page: {} colours",
            colours.len()
        );
        if let Ok(path) = std::env::var("GIPF_SCREENSHOT") {
            std::fs::write(path, &screenshot).unwrap();
        }
        client.close().await.unwrap();
    });
}
