//! What players read: refusals that say what is wrong and what is right and change nothing,
//! help and rules, names that can neither format nor ping, and every hint in the player's own
//! syntax (chat words for chat, slash options for slash commands).
#![allow(clippy::unwrap_used, missing_docs)]

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::service::Config;
use gipf_bot::service::Via;
use support::table::{Table, assert_safe, click, shown};

#[test]
fn every_error_is_specific_and_changes_nothing() {
    let mut table = Table::new();
    table.expect("alice", "!push b1 c2", "There is no game in this channel");
    table.expect("alice", "!accept", "no open challenge");
    table.expect("alice", "!challenge @alice", "cannot challenge yourself");
    table.expect("alice", "!challenge", "Mention the player");
    table.expect(
        "alice",
        "!frobnicate",
        "don't know the command `frobnicate`",
    );
    table.text("alice", "!challenge @bob standard white");
    table.expect("carol", "!challenge @dave", "already challenged");
    table.expect("carol", "!accept", "Only bob can accept");
    table.expect("carol", "!decline", "Only bob can decline");
    table.expect("bob", "!cancel", "Only alice can cancel");
    table.text("bob", "!accept");
    table.expect("carol", "!challenge @dave", "one game per channel");
    let before = table.state();
    for (who, line, expected) in [
        ("bob", "!push b1 c2", "It is alice's turn"),
        ("carol", "!push b1 c2", "You are not playing in this game"),
        ("carol", "!resign", "not playing in this game"),
        (
            "alice",
            "!push b1 c3",
            "c3 is not a first spot from b1; from b1 you can push to b2 or c2",
        ),
        ("alice", "!push e5 e6", "e5 is a spot, not a dot"),
        (
            "alice",
            "!gipf b1 c2",
            "only be brought in in the tournament game",
        ),
        ("alice", "!move b1-e4", "written `c2`"),
        ("alice", "!move x;;", "is not a removed spot"),
        ("alice", "!row 1", "nothing to decide now"),
        ("alice", "!keep all", "nothing to decide now"),
        ("alice", "!push b1 c2 row 1", "did not use all your answers"),
    ] {
        table.expect(who, line, expected);
    }
    let long = format!("!push {}", "b1 c2 ".repeat(100));
    table.expect("alice", &long, "at most 500 characters");
    assert!(
        table.say("alice", "just chatting, b1 c2").is_empty(),
        "lines without the prefix are ignored"
    );
    let after = table.state();
    assert_eq!(
        (after.position().unwrap(), after.turns),
        (before.position().unwrap(), before.turns)
    );
}

#[test]
fn the_line_full_error_names_the_entry() {
    let mut table = Table::new();
    table.start("basic");
    for (who, push) in [("alice", "b1 b2"), ("bob", "e9 e8"), ("alice", "b1 b2")] {
        table.text(who, &format!("!push {push}"));
    }
    // Column b: b2 b3 b4 b5 are now all occupied.
    let text = table.text("bob", "!push b6 b5");
    assert!(text.contains("has no empty spot"), "{text}");
}

#[test]
fn the_help_and_rules_list_every_command() {
    let mut table = Table::new();
    let help = table.text("carol", "!help");
    for command in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "push",
        "gipf",
        "move",
        "row",
        "take",
        "keep",
        "board",
        "history",
        "resign",
        "games",
        "rules",
    ] {
        assert!(
            help.contains(&format!("!{command}")),
            "{command} missing from help"
        );
    }
    table.expect("carol", "!rules", "official notation");
}

#[test]
fn challenges_name_a_person_and_answer_races_and_mistakes_clearly() {
    let mut table = Table::new();
    table.expect("alice", "!decline", "no open challenge");
    table.expect("alice", "!cancel", "no open challenge");
    // A mention the adapter did not list as a person (a bot, or someone unknown).
    let mut message = table.message("alice", "!challenge @robot");
    message.mentions.clear();
    let reply = table.service.handle(&message).remove(0);
    assert!(
        shown(&reply).contains("not with another bot"),
        "{}",
        shown(&reply)
    );
    assert!(
        table
            .service
            .game_state(ChannelId(1), true)
            .unwrap()
            .is_none()
    );

    let challenge = table.say("alice", "!challenge @bob").remove(0);
    table.expect("bob", "!cancel", "(you can `!decline` it)");
    // Accept by button; the button of the same challenge then does nothing.
    let accepted = click(&mut table, "bob", &challenge.buttons[0]);
    assert!(shown(&accepted).contains("Game on"), "{}", shown(&accepted));
    let again = click(&mut table, "bob", &challenge.buttons[1]);
    assert!(
        again.private && shown(&again).contains("no longer does anything"),
        "{}",
        shown(&again)
    );
}

#[test]
fn names_can_neither_format_nor_ping() {
    let mut table = Table::new();
    let mut message = table.message("alice", "!challenge @bob white");
    message.author.name = "[free](x.io) @everyone **me**".into();
    let reply = table.service.handle(&message).remove(0);
    assert_safe(&reply, &message);
    assert!(
        shown(&reply).contains(r"\[free\]\(x.io\)"),
        "{}",
        shown(&reply)
    );
    assert!(shown(&reply).contains(r"\*\*me\*\*"), "{}", shown(&reply));
    table.expect("bob", "!accept", r"White: \[free\]\(x.io\)");
}

#[test]
fn the_console_shows_names_without_discord_escapes() {
    let mut table = Table::new();
    let mut message = table.message("alice", "!challenge @bob white");
    message.author.name = "alice_b".into();
    let reply = table.service.handle(&message).remove(0);
    assert!(shown(&reply).contains(r"alice\_b challenges you"));
    let plain = gipf_bot::console::plain(&reply.text);
    assert!(plain.starts_with("@bob, alice_b challenges you"), "{plain}");
}

#[test]
fn other_bots_commands_get_no_answer_but_slips_of_ours_do() {
    let mut table = Table::new();
    let mut heard = |text: &str, addressed: bool| {
        let mut message = table.message("alice", text);
        message.via = if addressed { Via::Mention } else { Via::Prefix };
        let replies = table.service.handle(&message);
        replies.first().map(shown)
    };
    // A prefix other bots share: their words are none of our business, even when they look
    // like ours, as long as what follows makes none of our commands.
    for line in [
        "!play never gonna",
        "!rank",
        "!skip",
        "!p 3",
        "!mode",
        "!game",
        "!stat",
        "!rule 3",
        "!pussh",
    ] {
        assert_eq!(heard(line, false), None, "{line}");
    }
    // A slip of one of ours that the words after it make a command of is answered.
    let slip = heard("!pussh b1 c2", false).unwrap();
    assert!(slip.contains("did you mean `!push`?"), "{slip}");
    let slip = heard("!chalenge @bob", false).unwrap();
    assert!(slip.contains("did you mean `!challenge`?"), "{slip}");
    // Said to the bot for sure (a mention, slash, button, console), an unknown word is
    // answered, with a suggestion only when it is close.
    let unknown = heard("!play", true).unwrap();
    assert!(unknown.contains("Try `!help`"), "{unknown}");
    let unknown = heard("!dance", true).unwrap();
    assert!(
        unknown.contains("Try `!help`") && !unknown.contains("did you mean"),
        "{unknown}"
    );
    let slip = heard("!mode", true).unwrap();
    assert!(slip.contains("did you mean `!move`?"), "{slip}");
}

#[test]
fn a_player_here_hears_of_a_slip_even_without_words_after_it() {
    let mut table = Table::new();
    table.start("standard");
    let mut message = table.message("alice", "!pussh");
    message.via = Via::Prefix;
    let replies = table.service.handle(&message);
    assert!(
        shown(&replies[0]).contains("did you mean `!push`?"),
        "{replies:?}"
    );
    let mut bystander = table.message("carol", "!pussh");
    bystander.via = Via::Prefix;
    assert!(table.service.handle(&bystander).is_empty());
}

#[test]
fn help_and_rules_need_no_database_write() {
    let mut table = Table::new();
    table.start("standard");
    // Another process holds the database's write lock (a backup, a stuck writer...).
    let db = rusqlite::Connection::open(table.dir.path().join("gipf.db")).unwrap();
    db.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let started = std::time::Instant::now();
    table.expect("carol", "!help", "Commands");
    table.expect("carol", "!rules", "Kris Burm");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "they did not wait for the lock"
    );
    db.execute_batch("COMMIT").unwrap();
}

#[test]
fn hints_and_help_come_in_the_players_own_words() {
    let mut table = Table::new();
    table.start("standard");
    let by_slash = |table: &mut Table, who: &str, line: &str| {
        let mut message = table.message(who, line);
        message.via = Via::Slash;
        shown(&table.service.handle(&message).remove(0))
    };
    // The same refusal, to a chat player and to a slash player.
    let typed = table.text("alice", "!row 1");
    assert!(typed.contains("nothing to decide now"), "{typed}");
    let chat_hint = table.text("bob", "!board");
    assert!(!chat_hint.contains('/'), "{chat_hint}");
    let played = by_slash(&mut table, "alice", "!push b1 c2");
    assert!(played.contains("your move (black): push with `/push entry:<dot>-<first spot>`, like `/push entry:b1-c2`"), "{played}");
    let typed = table.text("alice", "!push b1 b2");
    assert!(typed.contains("It is bob's turn"), "{typed}");

    // Help: slash users read slash commands, with autocomplete and buttons explained.
    let help = by_slash(&mut table, "carol", "!help");
    assert!(
        help.contains("`/push entry:… [gipf] [piece] [answers]`"),
        "{help}"
    );
    assert!(help.contains("suggest what is legal as you type"), "{help}");
    assert!(help.contains("Buttons under a question"), "{help}");
    let chat_help = table.text("carol", "!help");
    assert!(
        chat_help.contains("`!push b1 c2`") && chat_help.contains("slash command"),
        "{chat_help}"
    );
    // Nothing a player may copy hides an invisible character.
    for text in [&help, &chat_help, &played] {
        assert!(!text.contains('\u{200B}'), "{text:?}");
    }
}

#[test]
fn a_refused_slash_command_names_its_options_and_a_chat_one_keeps_its_words() {
    let mut table = Table::new();
    // A line as the slash command it stands for arrives (`discord::slash` builds it), or as
    // typed in chat.
    let mut answer = |line: &str, via: Via| {
        let mut message = table.message("alice", line);
        message.via = via;
        let replies = table.service.handle(&message);
        assert!(
            replies.len() == 1 && replies[0].private,
            "{line}: {replies:?}"
        );
        shown(&replies[0])
    };
    for (line, slash, chat) in [
        // `/push entry:zz9`
        (
            "!push zz9",
            "like `/push entry:b1-c2`",
            "like `!push b1 c2`",
        ),
        // `/challenge opponent:@bob extra:zz`
        (
            "!challenge @bob zz",
            "I did not understand `extra:zz`: challenge someone like `/challenge opponent:@name variant:standard color:random`",
            "I did not understand `zz`: challenge someone like `!challenge @name standard random`",
        ),
        // `/challenge opponent:@bob autoforfeit:True`
        (
            "!challenge autoforfeit @bob",
            "`autoforfeit:True` goes with a time per move, like `days:3 autoforfeit:True`",
            "`autoforfeit` goes with a time per move, like `days=3 autoforfeit`",
        ),
        // `/challenge opponent:@bob potentials:Z2`
        (
            "!challenge @bob potentials=Z2",
            "`potentials:z2`: ",
            "`potentials=z2`: ",
        ),
        // `/settings abandon:5000`
        (
            "!settings abandon=5000",
            "`abandon:5000`: games are abandoned",
            "`abandon=5000`: games are abandoned",
        ),
    ] {
        let to_slash = answer(line, Via::Slash);
        assert!(to_slash.contains(slash), "{line}: {to_slash}");
        assert!(
            !to_slash.contains('!') && !to_slash.contains('='),
            "{line}: {to_slash}"
        );
        let to_chat = answer(line, Via::Prefix);
        assert!(to_chat.contains(chat), "{line}: {to_chat}");
    }
}

#[test]
fn a_late_move_hears_which_game_ended_and_how() {
    let now = Arc::new(AtomicI64::new(1_795_608_000));
    let reading = Arc::clone(&now);
    let mut table = Table::with_config(Config {
        clock: Clock::new(move || reading.load(Ordering::SeqCst)),
        ..Config::default()
    });
    table.start("standard");
    table.text("bob", "!resign confirm");
    table.expect(
        "bob",
        "!push e9 e8",
        "Game 1 here is over (white wins: black resigned). alice played white, bob black. Either may ask for a `!rematch`; anyone may start a new game with `!challenge @someone`.",
    );
    // A day later the channel is simply free.
    now.fetch_add(86_400, Ordering::SeqCst);
    table.expect(
        "alice",
        "!push b1 c2",
        "There is no game in this channel. Start one with",
    );
}
