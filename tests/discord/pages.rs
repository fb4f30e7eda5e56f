//! The game pages through the real bot: `run` with WEB_BIND serves them beside Discord, and
//! `!export` gives the page's link where every member may read the game's channel (as the
//! fake Discord works out @everyone's and the overwrites' rights); the link opens the page
//! over HTTP. A private channel's game gets no link; a game played to its end posts its
//! link; a channel hidden from one role since takes its games' pages away.

use std::net::SocketAddr;

use gipf_bot::service::Config;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::support::bot::{Bot, ask, content, say, start_game};
use crate::support::chat::{ALICE, BOB, CHANNEL, GUILD};
use crate::support::fake_discord::{FakeDiscord, VIEW_CHANNEL};

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
    assert!(page.contains("alice</a> (white) vs <a"), "{page}");
    assert!(page.contains("The board at the start."), "{page}");

    let hidden = content(&ask(&discord, say(STAFF, ALICE, "!export")).await).to_string();
    assert!(!hidden.contains(&base), "{hidden}");
    bot.stop(&discord).await;
}

/// The page's path in `said`, written with `base`.
fn page_path<'a>(said: &'a str, base: &str) -> &'a str {
    let start = said.find(&format!("<{base}/game/")).expect(said) + base.len() + 1;
    &said[start..said[start..].find('>').unwrap() + start]
}

/// A bot serving its pages on a free address, with the links written for it: the bot, the
/// address and the links' base.
async fn serving(discord: &FakeDiscord, dir: &tempfile::TempDir) -> (Bot, SocketAddr, String) {
    let address = free_address();
    let base = format!("http://{address}");
    let config = Config {
        web_base_url: Some(base.clone()),
        ..Config::default()
    };
    let bot = Bot::start_serving(discord, &dir.path().join("gipf.db"), config, address).await;
    (bot, address, base)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_to_its_end_posts_its_link_and_the_link_opens() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let (bot, address, base) = serving(&discord, &dir).await;
    start_game(&discord, CHANNEL).await;
    let end = content(&ask(&discord, say(CHANNEL, ALICE, "!resign confirm")).await).to_string();
    assert!(end.contains("alice resigned"), "{end}");
    assert!(
        end.contains(&format!("Replay it on its page: <{base}/game/")),
        "{end}"
    );
    let page = fetch(address, page_path(&end, &base)).await;
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("0-1, resignation"), "{page}");
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_hidden_from_one_role_since_has_no_more_pages() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let (bot, address, base) = serving(&discord, &dir).await;
    start_game(&discord, CHANNEL).await;
    let said = content(&ask(&discord, say(CHANNEL, ALICE, "!export")).await).to_string();
    let path = page_path(&said, &base).to_owned();
    assert!(fetch(address, &path).await.starts_with("HTTP/1.1 200 OK"));

    // One role may no longer read the channel: Discord tells the bot, and the page goes.
    let guests = discord.create_role(GUILD, 0);
    discord.role_overwrite(CHANNEL, guests, 0, VIEW_CHANNEL);
    discord
        .send_dispatch("CHANNEL_UPDATE", discord.channel_json(CHANNEL))
        .await;
    let mut answer = String::new();
    for _ in 0..50 {
        answer = fetch(address, &path).await;
        if answer.starts_with("HTTP/1.1 404") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(answer.starts_with("HTTP/1.1 404 Not Found"), "{answer}");
    let hidden = content(&ask(&discord, say(CHANNEL, ALICE, "!export")).await).to_string();
    assert!(!hidden.contains(&base), "{hidden}");
    bot.stop(&discord).await;
}
