//! The game pages through the real bot: `run` with WEB_BIND serves them beside Discord, and
//! `!export` gives the page's link where every member may read the game's channel (as the
//! fake Discord works out @everyone's and the overwrites' rights); the link opens the page
//! over HTTP. A private channel's game gets no link.

use std::net::SocketAddr;

use gipf_bot::service::Config;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::support::bot::{Bot, ask, content, say, start_game};
use crate::support::chat::{ALICE, BOB, CHANNEL, GUILD};
use crate::support::fake_discord::FakeDiscord;

/// A channel nobody views but alice and bob.
const STAFF: u64 = 910_000_000_000_000_030;

/// A loopback address nothing listens on yet.
fn free_address() -> SocketAddr {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    probe.local_addr().unwrap()
}

/// `GET path` on `address`: the whole answer, head and body.
async fn fetch(address: SocketAddr, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: pages\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_links_the_page_of_an_open_channels_game_and_the_link_opens() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let address = free_address();
    let base = format!("http://{address}");
    let config = Config {
        web_base_url: Some(base.clone()),
        ..Config::default()
    };
    let bot = Bot::start_serving(&discord, &dir.path().join("gipf.db"), config, address).await;
    discord.private_channel(GUILD, STAFF, &[ALICE.0, BOB.0]);
    start_game(&discord, CHANNEL).await;
    start_game(&discord, STAFF).await;

    let said = content(&ask(&discord, say(CHANNEL, ALICE, "!export")).await).to_string();
    let start = said.find(&format!("<{base}/game/")).expect(&said) + base.len() + 1;
    let path = &said[start..said[start..].find('>').unwrap() + start];
    let page = fetch(address, path).await;
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("alice (white) vs bob (black)"), "{page}");
    assert!(page.contains("The board at the start."), "{page}");

    let hidden = content(&ask(&discord, say(STAFF, ALICE, "!export")).await).to_string();
    assert!(!hidden.contains(&base), "{hidden}");
    bot.stop(&discord).await;
}
