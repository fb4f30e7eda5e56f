//! End to end through slash commands: options, autocomplete from the position, GIPF-pieces
//! kept by button and taken by slash command, and a game with potentials.

use std::time::Instant;

use gipf::{Decision, Kind, Pending, Position, Variant};
use serde_json::{Value, json};

use crate::support::fake_discord::FakeDiscord;

use crate::support::bot::{
    Bot, ask, assert_board, assert_no_unhandled, button_ids, click, content, data, interact,
    invoker, is_ephemeral, next_post_after, offered, own_decisions, say, slash, start_game,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_CHANNEL, assert_pings};
use crate::support::games::find_at_turn_start;

/// A random standard game (seeded) up to a position where White's next (basic) push removes
/// a row with GIPF-pieces and asks White which to take: the turns before (notation), the
/// push, and the spots of the GIPF-pieces in question. Keeping them all, or taking the first
/// of them, ends White's turn.
fn take_gipf_setup() -> (Vec<String>, Position, String, Vec<String>) {
    find_at_turn_start(Variant::Standard, 500, 80, |position, turns| {
        if position.to_move() != gipf::Color::White || position.pending() != Pending::Push {
            return None;
        }
        own_decisions(position).find_map(|(entry, after)| {
            let Pending::TakeGipf { gipf, .. } = after.pending() else {
                return None;
            };
            let first: gipf::Bitboard = gipf.iter().take(1).collect();
            let ends_turn = [gipf::Bitboard::EMPTY, first].into_iter().all(|take| {
                let mut answered = after;
                answered.play(Decision::Take(take)).is_ok()
                    && answered.to_move() == gipf::Color::Black
                    && answered.outcome().is_none()
            });
            let spots = || gipf.iter().map(|p| p.to_string()).collect();
            ends_turn.then(|| (turns.to_vec(), position, entry.to_string(), spots()))
        })
    })
}

/// The notation (`{:#}`) of White's turn from `position`, pushing `push` and taking `take`.
fn expected_turn(mut position: Position, push: &str, take: &[String]) -> String {
    let push = Decision::Push {
        entry: push.parse().unwrap(),
        piece: Kind::Basic,
    };
    assert!(position.play(push).unwrap().is_empty());
    let take = take
        .iter()
        .map(|s| s.parse::<gipf::Point>().unwrap())
        .collect();
    let done = position.play(Decision::Take(take)).unwrap();
    format!("{:#}", done.by(gipf::Color::White).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_commands_with_autocomplete() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    let registered = discord.registered_commands(Some(GUILD));
    let names: Vec<&str> = registered
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for name in [
        "push",
        "challenge",
        "accept",
        "row",
        "take",
        "keep",
        "board",
        "help",
        "tournament",
        "tournaments",
    ] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    assert_eq!(names.len(), 43, "every slash row, once: {names:?}");
    assert!(discord.registered_commands(None).is_empty());

    // /challenge opponent:@bob variant:standard color:white
    let alice = invoker(ALICE, CHANNEL);
    let mut challenge = discord.slash_command_json(
        &alice,
        "challenge",
        json!([
            { "name": "opponent", "type": 6, "value": BOB.0.to_string() },
            { "name": "variant", "type": 3, "value": "standard" },
            { "name": "color", "type": 3, "value": "white" },
        ]),
    );
    challenge["data"]["resolved"] = json!({ "users": { BOB.0.to_string(): {
        "id": BOB.0.to_string(), "username": BOB.1, "discriminator": "0",
        "global_name": null, "avatar": null, "bot": false,
    } } });
    let body = data(&slash(&discord, challenge).await);
    let ping = format!("<@{}>, alice challenges you", BOB.0);
    assert!(content(&body).starts_with(&ping), "{body:#}");
    assert_pings(&body, &[BOB.0]);
    assert_eq!(
        discord.notified_users(),
        [BOB.0],
        "bob hears of the challenge"
    );

    // /accept by bob.
    let accept = discord.slash_command_json(&invoker(BOB, CHANNEL), "accept", json!([]));
    let edit = slash(&discord, accept).await;
    assert!(content(&data(&edit)).starts_with("Game on"));
    assert_board(&edit);
    assert_eq!(
        discord.notified_users(),
        [BOB.0, ALICE.0],
        "alice hears it is her move"
    );

    // Autocomplete of /push entry: the legal entries starting with what was typed.
    let typing = json!([{ "name": "entry", "type": 3, "value": "b", "focused": true }]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&alice, "push", typing)).await;
    assert_eq!(answer["type"], 8);
    let offered: Vec<String> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let position = Position::new(Variant::Standard);
    let legal: Vec<String> = position
        .legal_entries()
        .map(|e| e.to_string())
        .filter(|e| e.starts_with('b'))
        .take(25)
        .collect();
    assert!(!legal.is_empty());
    assert_eq!(offered, legal);

    // /push entry:<the first offer> plays; a bad one from bob is answered ephemerally.
    let push = json!([{ "name": "entry", "type": 3, "value": offered[0] }]);
    let body = data(&slash(&discord, discord.slash_command_json(&alice, "push", push)).await);
    assert!(content(&body).contains("alice (white) played"), "{body:#}");
    assert!(
        content(&body).contains("`/push entry:<dot>-<first spot>`"),
        "slash words: {body:#}"
    );
    assert_pings(&body, &[BOB.0]);
    assert_eq!(
        discord.notified_users(),
        [BOB.0, ALICE.0, BOB.0],
        "bob hears of his move"
    );

    let bad = json!([{ "name": "entry", "type": 3, "value": "z9-z8" }]);
    let bob = invoker(BOB, CHANNEL);
    let refused = data(&slash(&discord, discord.slash_command_json(&bob, "push", bad)).await);
    assert!(is_ephemeral(&refused), "{refused:#}");
    assert_pings(&refused, &[]);
    assert_eq!(
        discord.notified_users().len(),
        3,
        "a refusal notifies nobody"
    );

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!("slash commands took {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gipf_pieces_are_kept_by_button_and_taken_by_slash_command() {
    let started = Instant::now();
    let (turns, before, push, spots) = take_gipf_setup();
    eprintln!(
        "GIPF-piece decision after {} turns, push {push}, GIPF-pieces {spots:?}",
        turns.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    let mut buttons = Vec::new();
    for channel in [CHANNEL, OTHER_CHANNEL] {
        start_game(&discord, channel).await;
        for (i, turn) in turns.iter().enumerate() {
            let player = if i % 2 == 0 { ALICE } else { BOB };
            let body = ask(&discord, say(channel, player, &format!("!move {turn}"))).await;
            assert!(content(&body).contains("played"), "{turn}: {body:#}");
        }
        // White's push raises the question: Take all / Keep all, pinging White only.
        let reply = next_post_after(&discord, say(channel, ALICE, &format!("!push {push}"))).await;
        let body = reply.payload_json();
        assert!(!content(&body).contains("played"), "{body:#}");
        for spot in &spots {
            assert!(
                content(&body).contains(&format!(" at {spot}: taking it ")),
                "{body:#}"
            );
        }
        assert!(content(&body).contains("keep all"), "{body:#}");
        assert_pings(&body, &[ALICE.0]);
        assert_board(&reply);
        let ids = button_ids(&body);
        assert_eq!(ids.len(), 2, "{ids:?}");
        assert!(
            ids[0].starts_with("gipf:") && ids[0].ends_with(":take all"),
            "{ids:?}"
        );
        assert!(ids[1].ends_with(":keep all"), "{ids:?}");
        let labels: Vec<&str> = body["components"][0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|b| b["label"].as_str())
            .collect();
        assert_eq!(labels, ["Take all", "Keep all"]);
        buttons.push(ids);
    }

    // Channel one: a stranger's "Keep all" is refused privately; White's ends the turn with
    // the GIPF-pieces left standing (none of them in the removal), and pings Black.
    let stranger = data(&click(&discord, CAROL, CHANNEL, &buttons[0][1]).await);
    assert!(is_ephemeral(&stranger));
    assert!(content(&stranger).contains("not your game"), "{stranger:#}");
    let kept = expected_turn(before, &push, &[]);
    for spot in &spots {
        assert!(!kept.contains(&format!("G{spot}")), "{kept}");
    }
    let played = click(&discord, ALICE, CHANNEL, &buttons[0][1]).await;
    let body = data(&played);
    assert!(!is_ephemeral(&body));
    let arrow = push.replace('-', " -> ");
    let line = format!("alice (white) played {arrow}, recorded as `{kept}`.");
    assert!(content(&body).contains(&line), "{body:#}");
    assert!(content(&body).contains(&format!("<@{}>, your move", BOB.0)));
    assert_pings(&body, &[BOB.0]);
    assert_board(&played);
    // The other button of that message is used up too.
    let stale = data(&click(&discord, ALICE, CHANNEL, &buttons[0][0]).await);
    assert!(is_ephemeral(&stale));
    assert!(content(&stale).contains("earlier question"), "{stale:#}");

    // Channel two: `/take spots` suggests exactly `all` and the pending GIPF-pieces.
    let white = invoker(ALICE, OTHER_CHANNEL);
    let typing = json!([{ "name": "spots", "type": 3, "value": "", "focused": true }]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&white, "take", typing)).await;
    assert_eq!(answer["type"], 8);
    let offered: Vec<String> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let mut expected = vec!["all".to_string()];
    expected.extend(spots.iter().cloned());
    assert_eq!(offered, expected);
    // `/take spots:<the first GIPF-piece>` takes that one (its `G` shows in the removal).
    let chosen = json!([{ "name": "spots", "type": 3, "value": offered[1] }]);
    let before_take = discord.notified_users().len();
    let edit = slash(&discord, discord.slash_command_json(&white, "take", chosen)).await;
    let body = data(&edit);
    let taken = expected_turn(before, &push, &spots[..1]);
    assert!(taken.contains(&format!("G{}", spots[0])), "{taken}");
    let line = format!("alice (white) played {arrow}, recorded as `{taken}`.");
    assert!(content(&body).contains(&line), "{body:#}");
    assert_pings(&body, &[BOB.0]);
    assert_board(&edit);
    assert_eq!(
        discord.notified_users()[before_take..],
        [BOB.0],
        "bob hears of his move"
    );

    // The records agree: each channel's last turn is the one decided there.
    for (channel, last) in [(CHANNEL, &kept), (OTHER_CHANNEL, &taken)] {
        let history = next_post_after(&discord, say(channel, CAROL, "!history")).await;
        let record = match history
            .files()
            .into_iter()
            .find(|(n, _)| n.ends_with(".gipf"))
        {
            Some((_, bytes)) => String::from_utf8(bytes).unwrap(),
            None => content(&history.payload_json()).to_string(),
        };
        let final_turn = record
            .lines()
            .rfind(|l| !l.trim().is_empty() && !l.starts_with("```"))
            .unwrap();
        assert!(
            final_turn.ends_with(last.as_str()),
            "{final_turn} vs {last}"
        );
    }

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!("GIPF-piece decisions took {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_potentials_by_slash_command() {
    use gipf::potentials::{Decision, Game, Options, PieceKind, Potential};
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let (alice, bob) = (invoker(ALICE, CHANNEL), invoker(BOB, CHANNEL));

    // /challenge ... potentials:Z3,D3, then /accept.
    let mut challenge = discord.slash_command_json(
        &alice,
        "challenge",
        json!([
            { "name": "opponent", "type": 6, "value": BOB.0.to_string() },
            { "name": "color", "type": 3, "value": "white" },
            { "name": "potentials", "type": 3, "value": "Z3,D3" },
        ]),
    );
    challenge["data"]["resolved"] = json!({ "users": { BOB.0.to_string(): {
        "id": BOB.0.to_string(), "username": BOB.1, "discriminator": "0",
        "global_name": null, "avatar": null, "bot": false,
    } } });
    let body = data(&slash(&discord, challenge).await);
    assert!(
        content(&body).contains("With potentials: White Z3,D3, Black Z3,D3."),
        "{body:#}"
    );
    let accept = discord.slash_command_json(&bob, "accept", json!([]));
    let accepted = slash(&discord, accept).await;
    assert!(
        content(&data(&accepted)).contains("`/push entry:b1-c2 piece:zertz`"),
        "{:#}",
        data(&accepted)
    );
    assert_board(&accepted);

    // A push that names no piece keeps the potentials: refused privately, with the choices.
    let push = |entry: &str, piece: Option<&str>| {
        let mut options = vec![json!({ "name": "entry", "type": 3, "value": entry })];
        if let Some(piece) = piece {
            options.push(json!({ "name": "piece", "type": 3, "value": piece }));
        }
        Value::Array(options)
    };
    let refused = data(
        &slash(
            &discord,
            discord.slash_command_json(&alice, "push", push("a1-b2", None)),
        )
        .await,
    );
    assert!(is_ephemeral(&refused), "{refused:#}");
    assert!(
        content(&refused).contains("`/push entry:a1-b2 piece:zertz`"),
        "{refused:#}"
    );
    let notified = discord.notified_users();

    // The same turns on the rules crate, to know what the bot must answer.
    let mut game = Game::new(Options::parse("standard", Some("Z3,D3")).unwrap());
    let mut expect_turn = |entry: &str, kind: Potential| {
        let decision = Decision::Push {
            entry: entry.parse().unwrap(),
            piece: PieceKind::Loaded(kind),
        };
        format!("{:#}", game.play(decision).unwrap()[0])
    };
    let zertz = expect_turn("a1-b2", Potential::Zertz);
    let dvonn = expect_turn("a2-b3", Potential::Dvonn);
    let body = data(
        &slash(
            &discord,
            discord.slash_command_json(&alice, "push", push("a1-b2", Some("zertz"))),
        )
        .await,
    );
    assert!(
        content(&body).contains(&format!(
            "alice (white) played a ZÈRTZ-loaded piece a1 -> b2, recorded as `{zertz}`."
        )),
        "{body:#}"
    );
    assert_pings(&body, &[BOB.0]);
    let body = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "push", push("a2-b3", Some("dvonn"))),
        )
        .await,
    );
    assert!(
        content(&body).contains(&format!(
            "bob (black) played a DVONN-loaded piece a2 -> b3, recorded as `{dvonn}`."
        )),
        "{body:#}"
    );
    let mut heard = notified.clone();
    heard.extend([BOB.0, ALICE.0]);
    assert_eq!(discord.notified_users(), heard, "each hears of his move");

    // /zertz: the loaded piece and then its landing spots are suggested as alice types.
    let moves: Vec<(Potential, String, String)> = game
        .potential_moves()
        .into_iter()
        .map(|(kind, from, to)| (kind, from.to_string(), to.to_string()))
        .collect();
    let (_, from, to) = moves
        .iter()
        .find(|m| m.0 == Potential::Zertz)
        .expect("the ZÈRTZ can jump")
        .clone();
    let typing = json!([{ "name": "from", "type": 3, "value": "", "focused": true }]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&alice, "zertz", typing)).await;
    assert_eq!(offered(&answer), std::slice::from_ref(&from));
    let typing = json!([
        { "name": "from", "type": 3, "value": from },
        { "name": "to", "type": 3, "value": "", "focused": true },
    ]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&alice, "zertz", typing)).await;
    let targets: Vec<String> = moves
        .iter()
        .filter(|m| m.0 == Potential::Zertz && m.1 == from)
        .map(|m| m.2.clone())
        .collect();
    assert_eq!(offered(&answer), targets);

    // The jump, played by slash command: bob is pinged and sees the board.
    let jump = json!([
        { "name": "from", "type": 3, "value": from },
        { "name": "to", "type": 3, "value": to },
    ]);
    let played = slash(&discord, discord.slash_command_json(&alice, "zertz", jump)).await;
    let body = data(&played);
    assert!(
        content(&body).contains(&format!("alice (white) played `Z{from}>{to}")),
        "{body:#}"
    );
    assert_pings(&body, &[BOB.0]);
    assert_board(&played);

    // In chat, a DVONN named on the wrong spot is refused with where bob's DVONN stands.
    let body = ask(&discord, say(CHANNEL, BOB, "!dvonn c3 c4")).await;
    assert!(
        content(&body).contains("c3 holds no DVONN-loaded piece of yours; yours is on b3")
            || content(&body).contains("c3 holds no DVONN-loaded piece of yours; yours are on b3"),
        "{body:#}"
    );
    assert_pings(&body, &[]);

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
