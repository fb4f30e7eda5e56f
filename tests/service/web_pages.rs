//! The pages beside a game's (issue 42), through the router in-process: a game's end links
//! its page, which shows the result, the rating changes and links its players' pages (with
//! the rating plot) and its replay; an event's page with its standings, crosstable and
//! rounds, linked from its posts; and a server's `settings web=off` (every page gone, with
//! the one 404) and `web=listed` (an index page at its own address).

use std::sync::Arc;

use axum::http::StatusCode;
use gipf::Color;
use gipf_bot::model::Rights;
use gipf_bot::service::{Asked, Config};
use gipf_bot::sight::Sight;

use crate::support::table::{Table, shown};
use crate::tournaments::{Hall, resign_in, shown as hall_shown};
use crate::web::{Open, get, get_from, key_in, played, said_where, visible};

/// The address in `said` that starts with `start`, up to its closing `>`.
fn address(said: &str, start: &str) -> String {
    let from = said
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {said}"));
    let to = from + said[from..].find('>').unwrap();
    said[from..to].to_owned()
}

/// `path` and its key, of an address written with `http://pages.test`.
fn path_of(address: &str) -> &str {
    address.strip_prefix("http://pages.test").unwrap()
}

/// What a member with Manage Server hears to `text`, where every member reads the channel.
fn as_admin(table: &mut Table, text: &str) -> String {
    let mut message = table.message("dave", text);
    message.rights = Rights {
        manage_messages: false,
        manage_server: true,
    };
    message.sight = Sight::Member(Arc::new(Open(true)));
    let replies = table.serve(message, Asked::Line);
    replies.iter().map(shown).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_game_that_ends_links_its_page_which_shows_the_result_ratings_and_players() {
    let mut table = played();
    let browsed = said_where(&mut table, true, "alice", "!browse");
    let at = address(&browsed, "http://pages.test/game/");
    assert!(
        browsed.contains("This position on its page: <") && at.ends_with("?ply=6"),
        "{browsed}"
    );
    let said = said_where(&mut table, true, "alice", "!resign confirm");
    assert!(said.contains("alice resigned"), "{said}");
    let link = address(&said, "http://pages.test/game/");
    assert!(
        said.contains(&format!("Replay it on its page: <{link}>")),
        "{said}"
    );

    let page = get(&table, "GET", path_of(&link));
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    let seen = visible(&html);
    assert!(seen.contains("0-1, resignation"), "{seen}");
    // The first rated game: both at 1500 before, the winner up as much as the loser down.
    assert!(
        seen.contains("Rating: bob 1500 → 1662 (+162), standard games"),
        "{seen}"
    );
    assert!(
        seen.contains("Rating: alice 1500 → 1338 (-162), standard games"),
        "{seen}"
    );

    let replay = get(&table, "GET", &format!("{}/replay.gif", path_of(&link)));
    assert_eq!(replay.header("content-type"), "image/gif");
    assert!(replay.body.starts_with(b"GIF89a"));
    assert_eq!(
        replay.header("cache-control"),
        "public, max-age=31536000, immutable"
    );

    let player = address(&html, "/player/");
    let player = player.split('"').next().unwrap();
    let page = get(&table, "GET", player);
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(visible(&html).contains("alice"), "{html}");
    assert!(html.contains("<svg class=\"plot\""), "{html}");
    assert!(html.contains("all: 1500 to 1338 over 1 game"), "{html}");
    assert!(
        html.contains(&format!("href=\"{}\"", path_of(&link))),
        "her games link: {html}"
    );
    assert_eq!(
        get(&table, "GET", "/player/0123456789abcdef0123456789abcdef").status,
        StatusCode::NOT_FOUND
    );
}

#[test]
fn a_game_whose_channel_is_hidden_ends_without_a_link() {
    let mut table = played();
    let said = said_where(&mut table, false, "alice", "!resign confirm");
    assert!(
        said.contains("alice resigned") && !said.contains("pages.test"),
        "{said}"
    );
}

#[test]
fn web_off_takes_every_page_down_and_listed_lists_them_on_an_index() {
    let mut table = played();
    let link = address(
        &said_where(&mut table, true, "alice", "!history"),
        "http://pages.test/game/",
    );
    let key = key_in(&link);
    let on = as_admin(&mut table, "!settings");
    assert!(
        on.contains("has a page on the web") && on.contains("!settings web=listed"),
        "{on}"
    );

    let off = as_admin(&mut table, "!settings web=off");
    assert!(off.contains("have no pages on the web"), "{off}");
    let nowhere = get(&table, "GET", "/game/0123456789abcdef0123456789abcdef");
    for path in [
        format!("/game/{key}"),
        format!("/game/{key}/0.png"),
        format!("/game/{key}/record.gipf"),
    ] {
        let gone = get(&table, "GET", &path);
        assert_eq!(gone.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(gone.body, nowhere.body, "{path}");
    }
    let said = said_where(&mut table, true, "alice", "!history");
    assert!(!said.contains("pages.test"), "no link while off: {said}");

    let listed = as_admin(&mut table, "!settings web=listed");
    let index = address(&listed, "http://pages.test/server/");
    assert!(
        listed.contains(&format!("the index <{index}> lists them")),
        "{listed}"
    );
    let page = get(&table, "GET", path_of(&index));
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text().contains(&format!("href=\"/game/{key}\"")),
        "{}",
        page.text()
    );
    assert_eq!(
        get(&table, "GET", &format!("/game/{key}")).status,
        StatusCode::OK
    );

    as_admin(&mut table, "!settings web=on");
    assert_eq!(
        get(&table, "GET", path_of(&index)).status,
        StatusCode::NOT_FOUND,
        "not listed now"
    );
    let wrong = as_admin(&mut table, "!settings web=public");
    assert!(
        wrong.contains("`on`, `off` (old links stop working) or `listed`"),
        "{wrong}"
    );
}

#[test]
fn an_events_page_shows_its_standings_crosstable_and_rounds_and_its_posts_link_it() {
    let mut hall = Hall::with_config(Config {
        web_base_url: Some("http://pages.test".into()),
        ..Config::default()
    });
    hall.sight = Some(Sight::Member(Arc::new(Open(true))));
    hall.moderator("mod", "!tournament create \"Trio\" roundrobin basic rated");
    for player in ["alice", "bob", "carol"] {
        hall.text(player, "!tournament join");
    }
    let started = hall.moderator("mod", "!tournament start");
    let event = address(&hall_shown(&started[0]), "http://pages.test/event/");
    let (thread, _) = hall.in_threads()[0].clone();
    let white = hall.player(thread, Color::White, &["alice", "bob", "carol"]);
    resign_in(&mut hall, thread, white);
    hall.watch();

    let page = get_from(&hall.service, "GET", path_of(&event));
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    let seen = visible(&html);
    assert!(
        seen.contains("Trio") && seen.contains("round robin · basic"),
        "{seen}"
    );
    assert!(seen.contains("round 2 of 3"), "{seen}");
    assert!(
        html.contains("<th scope=\"col\">Sonneborn-Berger</th>") || html.contains("scope=\"col\">"),
        "{html}"
    );
    assert!(
        seen.contains("Round 1") && seen.contains("Round 2"),
        "{seen}"
    );
    assert!(seen.contains("Bye:"), "{seen}");
    // The finished game's cell and pairing link its page, which opens.
    let result = html.find("\">0-1</a>").expect(&html);
    let game = &html[html[..result].rfind("/game/").unwrap()..result];
    assert!(
        html.contains(&format!("<a href=\"{game}\">1</a>")),
        "the winner's cell: {html}"
    );
    assert!(
        html.contains(&format!("<a href=\"{game}\">0</a>")),
        "the loser's cell: {html}"
    );
    assert!(
        seen.contains("Sonneborn-Berger") && seen.contains("Direct encounter"),
        "{seen}"
    );
    assert_eq!(get_from(&hall.service, "GET", game).status, StatusCode::OK);
    let picture = get_from(
        &hall.service,
        "GET",
        &format!("{}/crosstable.png", path_of(&event)),
    );
    assert_eq!(picture.header("content-type"), "image/png");
    assert!(image::load_from_memory(&picture.body).unwrap().width() > 200);

    let standings = hall.text("alice", "!tournament standings");
    assert!(
        standings.contains(&format!("The event's page: <{event}>")),
        "{standings}"
    );
}

#[test]
fn the_consoles_games_have_pages_on_its_own_web_server_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let own = Config {
        web_base_url: Some("http://pages.test".into()),
        own_pages: Some(gipf_bot::console::CONSOLE_CHANNEL),
        ..Config::default()
    };
    let service = Arc::new(gipf_bot::service::Service::open(&db, own).unwrap());
    let mut console = gipf_bot::console::Console::new(dir.path().join("boards")).unwrap();
    let recorder = Arc::new(crate::support::recorder::Recorder::default());
    let mut said = String::new();
    for line in ["alice: !challenge @bob basic", "bob: !accept"] {
        let message = console.read_line(line).unwrap();
        service.serve_blocking(message, Asked::Line, Arc::clone(&recorder));
        for (_, reply) in recorder.take_each() {
            said.push_str(&shown(&reply));
        }
    }
    let link = address(&said, "http://pages.test/game/");
    assert!(
        said.contains(&format!("Its page, to follow it: <{link}>")),
        "{said}"
    );
    assert_eq!(
        get_from(&service, "GET", path_of(&link)).status,
        StatusCode::OK
    );
    // Another web server on the same database (`gipf-bot web`) shows none of them.
    drop(service);
    let other = Arc::new(gipf_bot::service::Service::open(&db, Config::default()).unwrap());
    assert_eq!(
        get_from(&other, "GET", path_of(&link)).status,
        StatusCode::NOT_FOUND
    );
}

/// A finished game's picture and replay are drawn once and then kept (its page linked in a
/// forum is looked at by many), a running game's at every asking; a kept drawing still goes
/// with its page (`web=off`).
#[test]
fn a_finished_games_drawings_are_drawn_once_and_go_with_its_page() {
    let mut table = played();
    let key = key_in(&said_where(&mut table, true, "alice", "!history"));
    let drawn = |table: &Table| {
        let before = gipf_bot::cost::Cost::so_far();
        let (png, finished) = table.service.game_picture(&key, 2).unwrap().unwrap();
        (png, finished, before.since().renders)
    };
    let (running, finished, renders) = drawn(&table);
    assert!(!finished);
    assert_eq!((renders, drawn(&table).2), (1, 1), "a running game's");

    table.expect("alice", "!resign confirm", "alice resigned");
    let (first, finished, renders) = drawn(&table);
    assert!(finished);
    assert_eq!(renders, 1);
    let (again, _, renders) = drawn(&table);
    assert_eq!((renders, &again), (0, &first), "kept");
    assert_eq!(first, running, "the board at ply 2 did not change");
    let gif = get(&table, "GET", &format!("/game/{key}/replay.gif"));
    assert_eq!(gif.header("content-type"), "image/gif");
    assert_eq!(
        gif.body,
        get(&table, "GET", &format!("/game/{key}/replay.gif")).body
    );

    as_admin(&mut table, "!settings web=off");
    assert!(table.service.game_picture(&key, 2).unwrap().is_none());
    for path in ["2.png", "replay.gif"] {
        let gone = get(&table, "GET", &format!("/game/{key}/{path}"));
        assert_eq!(gone.status, StatusCode::NOT_FOUND, "{path}");
    }
}
