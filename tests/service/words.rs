//! What players read: refusals that say what is wrong and what is right and change nothing,
//! help and rules, names that can neither format nor ping, and every hint in the player's own
//! syntax (chat words for chat, slash options for slash commands).

use gipf_bot::service::Asked;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::support::games::{last_gipf_setup, removal_setup, shared_row};
use crate::support::table::{Table, assert_safe, click, player, reach, shown};
use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;
use gipf_bot::service::Via;

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
            "!push j1 h2",
            "`j1` is not a point of the board: its columns are a to i, with rows 1-5 on a and i and 1-9 on e. Name the dot and the first spot, like `!push b1 c2`; `b1-c2` or `b1c2` work too",
        ),
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
    let reply = table.serve(message.clone(), Asked::Line).remove(0);
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
    let reply = table.serve(message.clone(), Asked::Line).remove(0);
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
    let reply = table.serve(message.clone(), Asked::Line).remove(0);
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
        let replies = table.serve(message.clone(), Asked::Line);
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
    let replies = table.serve(message.clone(), Asked::Line);
    assert!(
        shown(&replies[0]).contains("did you mean `!push`?"),
        "{replies:?}"
    );
    let mut bystander = table.message("carol", "!pussh");
    bystander.via = Via::Prefix;
    assert!(table.serve(bystander.clone(), Asked::Line).is_empty());
}

#[test]
fn help_and_rules_need_no_database_write() {
    if crate::support::database::postgres().is_some() {
        return; // SQLite's own file: PostgreSQL has tests of its own (tests/service/postgres.rs)
    }
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
        shown(&table.serve(message.clone(), Asked::Line).remove(0))
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
        let replies = table.serve(message.clone(), Asked::Line);
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

fn labels(reply: &Reply) -> Vec<(String, String)> {
    reply
        .buttons
        .iter()
        .map(|b| (b.label.clone(), b.command.to_string()))
        .collect()
}

#[test]
fn a_removal_that_loses_the_game_is_never_the_example_and_is_played_only_when_confirmed() {
    let (turns, push, spot) = last_gipf_setup(true);
    let mut table = Table::new();
    let (mover, asked) = reach(&mut table, "standard", &turns, &[format!("!push {push}")]);
    let other = player(!table.state().game.to_move());
    let question = shown(&asked);
    // The piece is described with what taking it does; no answer offered loses.
    assert!(
        question.contains(&format!(
            "- your GIPF-piece at {spot}: taking it puts it back in your reserve (2 pieces), \
             but then you would have no GIPF-piece left on the board, so you lose the game."
        )),
        "{question}"
    );
    assert!(!question.contains(&format!("`!take {spot}`")), "{question}");
    assert!(!question.contains("`!take all`"), "{question}");
    assert!(question.contains("`!keep all`"), "{question}");
    assert!(
        labels(&asked).iter().all(|(label, _)| label != "Take all"),
        "{:?}",
        labels(&asked)
    );
    // Taking it is refused once, privately, pinging nobody, with a button to confirm.
    let before = table.state();
    let refused = table.say(&mover, &format!("!take {spot}")).remove(0);
    assert!(
        refused.private && refused.mentions().is_empty(),
        "{refused:?}"
    );
    assert_eq!(
        shown(&refused),
        format!(
            "`!take {spot}` would end the game at once: you would have no GIPF-piece left on \
             the board, so you lose the game. Nothing was changed: if you mean it, write \
             `!take {spot} confirm` or click the button."
        )
    );
    assert_eq!(
        labels(&refused),
        [(
            format!("Confirm: take {spot}"),
            format!("take {spot} confirm")
        )]
    );
    let after = table.state();
    assert_eq!(
        (after.game.pending(), after.turns),
        (before.game.pending(), before.turns)
    );
    // Only the player to move may use the button.
    let stranger = click(&mut table, "carol", &refused.buttons[0]);
    assert!(
        shown(&stranger).contains("not your game"),
        "{}",
        shown(&stranger)
    );
    let opponent = click(&mut table, other, &refused.buttons[0]);
    assert!(
        shown(&opponent).contains(&format!("It is {mover}'s turn")),
        "{}",
        shown(&opponent)
    );
    assert!(table.state().game.outcome().is_none());
    // His click plays it: he loses, and the winner is pinged.
    let over = click(&mut table, &mover, &refused.buttons[0]);
    let text = shown(&over);
    assert!(text.contains("Game over") && !over.private, "{text}");
    assert_eq!(
        over.mentions(),
        [gipf_bot::console::user_id(other)],
        "{text}"
    );
    let outcome = table.state().game.outcome().unwrap();
    assert_eq!(player(outcome.winner), other);
}

#[test]
fn a_stale_confirmation_is_refused_and_the_typed_confirm_plays() {
    let (turns, push, spot) = last_gipf_setup(true);
    let mut table = Table::new();
    let (mover, _) = reach(&mut table, "standard", &turns, &[format!("!push {push}")]);
    let refused = table.say(&mover, &format!("!take {spot}")).remove(0);
    // Answered otherwise, the question is gone: its confirmation no longer counts.
    let kept = table.text(&mover, "!keep all");
    assert!(
        kept.contains(&format!("{mover} (")) && kept.contains(" played "),
        "{kept}"
    );
    let stale = click(&mut table, &mover, &refused.buttons[0]);
    assert!(
        shown(&stale).contains("earlier question"),
        "{}",
        shown(&stale)
    );
    assert!(table.state().game.outcome().is_none());
    // The same refusal for a slash command speaks its words.
    let mut table = Table::new();
    let (mover, _) = reach(&mut table, "standard", &turns, &[format!("!push {push}")]);
    let mut message = table.message(&mover, &format!("!take {spot}"));
    message.via = Via::Slash;
    let refused = shown(&table.serve(message.clone(), Asked::Line).remove(0));
    assert!(
        refused.contains(&format!("write `/take spots:{spot} confirm:True` or click")),
        "{refused}"
    );
    // Typed with `confirm`, it plays at once.
    let over = table.text(&mover, &format!("!take {spot} confirm"));
    assert!(over.contains("Game over"), "{over}");
}

#[test]
fn taking_the_opponents_last_gipf_piece_is_pointed_out_and_wins_at_once() {
    let (turns, push, spot) = last_gipf_setup(false);
    let mut table = Table::new();
    let (mover, asked) = reach(&mut table, "standard", &turns, &[format!("!push {push}")]);
    let other = !table.state().game.to_move();
    let question = shown(&asked);
    let line = question
        .lines()
        .find(|l| l.starts_with(&format!("- {other}'s GIPF-piece at {spot}: ")))
        .unwrap_or_else(|| panic!("{question}"));
    assert!(
        line.contains("taking it captures it (2 pieces), and then ")
            && line.ends_with(", so you win the game."),
        "{line}"
    );
    let over = table.text(&mover, &format!("!take {spot}"));
    assert!(over.contains(&format!("Game over: {mover}")), "{over}");
}

/// The words a removal question uses for the piece on `spot` of `game`, said to the player
/// to move, and where taking it sends it.
fn taking_words(game: &gipf::potentials::Game, spot: gipf::Point) -> String {
    use gipf::potentials::Class;
    let me = game.to_move();
    let stack = game.stack(spot).unwrap();
    let whose = if stack.color() == me {
        "your".to_string()
    } else {
        format!("{}'s", stack.color())
    };
    let (what, pieces) = match stack.class() {
        Class::Gipf => ("GIPF-piece".to_string(), " (2 pieces)"),
        Class::Loaded(kind) => (format!("{}-loaded piece", kind.name()), ""),
        other => panic!("{other:?} is not optional"),
    };
    let goes = if stack.bottom == me {
        format!("puts it back in your reserve{pieces}")
    } else {
        format!("captures it{pieces}")
    };
    format!("- {whose} {what} at {spot}: taking it {goes}")
}

/// No piece is written in the codes of the replay JSON (`w`, `B`, `wZ`, `bP|wp`).
fn assert_no_codes(text: &str) {
    for word in text.split(|c: char| !c.is_alphanumeric() && c != '|') {
        let code = word.len() <= 2
            && word.starts_with(['w', 'b', 'W', 'B'])
            && word.chars().skip(1).all(|c| "TZDYPtzdyp".contains(c));
        assert!(!code && !word.contains('|'), "`{word}` in {text}");
    }
}

#[test]
fn a_removal_question_says_whose_each_piece_is_and_where_taking_it_sends_it() {
    let (turns, lines) = removal_setup("standard", None, |game, row, optional| {
        let me = game.to_move();
        let colors = |set: gipf::Bitboard| -> Vec<gipf::Color> {
            set.iter()
                .filter_map(|p| game.stack(p))
                .map(|s| s.color())
                .collect()
        };
        optional.count() >= 2
            && colors(optional).contains(&me)
            && colors(optional).contains(&!me)
            && colors(row.set - optional).contains(&!me)
    });
    let mut table = Table::new();
    let (mover, asked) = reach(&mut table, "standard", &turns, &lines);
    let game = table.state().game;
    let gipf::potentials::Pending::Remove { row, optional } = game.pending() else {
        panic!("{}", shown(&asked));
    };
    let other = !game.to_move();
    let text = shown(&asked);
    let (a, b) = row.ends();
    assert!(
        text.contains(&format!(
            "{}, your row from {a} to {b} is removed after your push. In any case, ",
            gipf_bot::console::user_id(&mover).mention()
        )),
        "{text}"
    );
    // The opponent's basic pieces of the row are captured, in the right number.
    let captured: Vec<String> = (row.set - optional)
        .iter()
        .filter(|&p| game.stack(p).is_some_and(|s| s.color() == other))
        .map(|p| p.to_string())
        .collect();
    let (noun, verb) = if captured.len() > 1 {
        ("pieces", "are")
    } else {
        ("piece", "is")
    };
    assert!(
        text.contains(&format!(
            "{other}'s {noun} at {} {verb} captured",
            captured.join(" ")
        )),
        "{text}"
    );
    assert!(
        text.contains(
            "\nYour choice: take any of these pieces; those you keep stay on their spots.\n"
        ),
        "{text}"
    );
    for spot in optional.iter() {
        assert!(text.contains(&taking_words(&game, spot)), "{spot}: {text}");
    }
    // Issue 32, point 9: the example takes one of the opponent's pieces, not his own.
    let theirs: Vec<String> = optional
        .iter()
        .filter(|&p| game.stack(p).is_some_and(|s| s.color() == other))
        .map(|p| p.to_string())
        .collect();
    assert!(
        theirs
            .iter()
            .any(|spot| text.contains(&format!("`!take {spot}` (the ones to take)"))),
        "{theirs:?}: {text}"
    );
    assert_no_codes(&text);
    assert_eq!(asked.mentions(), [gipf_bot::console::user_id(&mover)]);
}

#[test]
fn a_removal_question_says_which_rows_remain_after_the_choice_and_when_they_go() {
    use gipf::potentials::Pending;
    let (turns, lines) = removal_setup("standard", None, |game, _, optional| {
        shared_row(game, optional).is_some()
    });
    let mut table = Table::new();
    let (_, asked) = reach(&mut table, "standard", &turns, &lines);
    let game = table.state().game;
    let Pending::Remove { optional, .. } = game.pending() else {
        panic!("{}", shown(&asked));
    };
    let other = shared_row(&game, optional).unwrap();
    let shared: Vec<String> = (other.set & optional)
        .iter()
        .map(|p| p.to_string())
        .collect();
    let (a, b) = other.ends();
    let text = shown(&asked);
    assert!(
        text.contains(&format!(
            "\nKeeping {} leaves your row from {a} to {b} standing: you remove it next, in \
             this turn; taking {} breaks it.\n",
            shared.join(" "),
            if shared.len() > 1 { "them" } else { "it" }
        )),
        "{text}"
    );
    assert_no_codes(&text);
}

#[test]
fn a_loaded_piece_in_a_row_is_named_with_its_potential() {
    use gipf::potentials::Class;
    let supply = "potentials=ZYD:3";
    let (turns, lines) = removal_setup("standard", Some("ZYD:3"), |game, _, optional| {
        optional.iter().any(|p| {
            game.stack(p).is_some_and(|s| {
                matches!(s.class(), Class::Loaded(_)) && s.color() == game.to_move()
            })
        })
    });
    let mut table = Table::new();
    let (_, asked) = reach(&mut table, &format!("standard {supply}"), &turns, &lines);
    let game = table.state().game;
    let gipf::potentials::Pending::Remove { optional, .. } = game.pending() else {
        panic!("{}", shown(&asked));
    };
    let text = shown(&asked);
    let (spot, kind) = optional
        .iter()
        .find_map(|p| match game.stack(p)?.class() {
            Class::Loaded(kind) if game.stack(p)?.color() == game.to_move() => Some((p, kind)),
            _ => None,
        })
        .unwrap();
    assert!(
        text.contains(&format!(
            "{}, and its {} potential leaves the game",
            taking_words(&game, spot),
            kind.name()
        )),
        "{text}"
    );
    assert!(text.contains("is dealt with after your"), "{text}");
    assert_no_codes(&text);
}

#[test]
fn a_push_is_named_by_its_first_spot_or_by_the_end_of_its_line_as_the_record_writes_it() {
    let mut table = Table::new();
    table.start("standard");
    let before = table.state();
    // From a5 the only line runs b5 (White's GIPF-piece) c5 d5...: that push ends on c5.
    for (line, refusal) in [
        (
            "!push a5 d5",
            "a5 d5 names no push now: the push from a5 onto b5 moves pieces up to c5, and the \
             record writes `a5-c5`. Push it with `!push a5 b5` or `!push a5 c5`. Nothing was changed.",
        ),
        (
            "!push d1 d3",
            "d1 d3 names no push now: d2 is empty, so a piece pushed from d1 stops there, and \
             the record writes `d2`. Push it with `!push d1 d2`. Nothing was changed.",
        ),
        (
            "!push b1 d4",
            "b1 d4: d4 is not a first spot from b1; from b1 you can push to b2 or c2.",
        ),
    ] {
        let reply = table.say("alice", line).remove(0);
        assert!(reply.private && reply.mentions().is_empty(), "{line}");
        assert_eq!(shown(&reply), refusal, "{line}");
    }
    assert_eq!(table.state().turns, before.turns);
    // Named by the end of its line, the one push there is is played, and announced by
    // both its names.
    let played = table.say("alice", "!push a5 c5").remove(0);
    assert!(
        shown(&played).starts_with("alice (white) played a5 -> b5, recorded as `a5-c5 (11)`."),
        "{}",
        shown(&played)
    );
    assert_eq!(played.mentions(), [gipf_bot::console::user_id("bob")]);
    table.expect(
        "bob",
        "!push e9 e7",
        "bob (black) played e9 -> e8, recorded as `e9-e7 (11)`.",
    );
}

/// Issue 32, point 9: `!help <command>` gives that command's help, not the whole list.
#[test]
fn help_on_a_command_gives_that_command_s_help() {
    let mut table = Table::new();
    let push = table.text("alice", "!help push");
    assert!(
        push.starts_with("`!push b1 c2` (or `b1-c2`, `b1c2`): push a piece from dot b1 onto c2;")
            && push.ends_with(".\nAll the commands: `!help`."),
        "{push}"
    );
    assert!(!push.contains("!challenge"), "{push}");
    let gipf = table.text("alice", "!help !gipf");
    assert!(
        gipf.starts_with("`!gipf b1 c2` or `!push G b1 c2`"),
        "{gipf}"
    );
    let all = table.text("alice", "!help dance");
    assert!(
        all.starts_with("**Commands**") && all.contains("!challenge"),
        "{all}"
    );
}
