//! Games against the bot's own engine, hints and analysis, through the service over a
//! temporary database (and the binary for `think`).

use crate::support::recorder::{Hold, Recorder};
use std::time::Instant;

use crate::support::puzzles::{puzzle_number, solution_of, wrong_answer_to};
use crate::support::table::{Table, play_random_turns, shown};
use gipf::potentials::{Game, Options};
use gipf::{Color, Position, Variant};
use gipf_ai::Limits;
use gipf_ai::analyse::Budget;
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::ChannelId;
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;

/// A table whose service knows the bot's own user; its analyses search a fixed depth (the
/// bot's are timed: medium, then hard).
fn table() -> Table {
    let table = Table::with_config(Config {
        analysis: Budget {
            scan: Limits::depth(1),
            confirm: Limits::depth(2),
        },
        ..Config::default()
    });
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table
}

/// The one message that starts a game where the engine moves first (`challenge`, said by
/// alice): its first turn in the start's place, the start's words opening it.
fn engine_starts(table: &mut Table, challenge: &str) -> Reply {
    let mut replies = table.say("alice", challenge);
    assert_eq!(replies.len(), 1, "one message: {replies:?}");
    let answer = replies.remove(0);
    assert!(
        shown(&answer).contains("\nI (white) played "),
        "{}",
        shown(&answer)
    );
    answer
}

/// Alice's turn and the engine's answer: the answer takes the place of the reply to her
/// command, one message per exchange, and asks her alone (never the bot itself: "gipf-bot,
/// your move").
fn exchange(table: &mut Table, command: &str) -> Reply {
    let mut answered = table.say("alice", command);
    assert_eq!(answered.len(), 1, "one message per exchange: {answered:?}");
    let answer = answered.remove(0);
    let text = shown(&answer);
    assert_eq!(text.matches("your move").count(), 1, "{text}");
    assert!(!text.contains("gipf-bot, your move"), "{text}");
    answer
}

#[test]
fn the_engine_answers_each_turn_like_a_person() {
    let mut table = table();
    let start = table
        .say("alice", "!challenge @gipf-bot standard white easy")
        .remove(0);
    let text = shown(&start);
    assert!(
        text.starts_with(
            "Game on: standard GIPF against me, at level easy. White: alice, Black: gipf-bot."
        ),
        "{text}"
    );
    assert!(start.board.is_some(), "alice moves first");
    let first = format!("{}, you move first: ", user_id("alice").mention());
    assert!(text.contains(&first), "{text}");
    for turn in 1..=3 {
        let position = table.state().position().unwrap();
        let entry = position.legal_entries().next().unwrap();
        let answer = exchange(&mut table, &format!("!push {entry}"));
        let text = shown(&answer);
        // Both turns in one message, the board after both, a ping for alice alone.
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with("alice (white) played ")
                && lines[1].starts_with("I (black) answered "),
            "turn {turn}: {text}"
        );
        let ping = format!("<@{}>, your move (white): ", user_id("alice").0);
        assert!(text.contains(&ping), "{text}");
        assert!(!text.contains("gipf-bot"), "{text}");
        assert_eq!(answer.mentions(), [user_id("alice")]);
        assert!(answer.board.is_some());
        let state = table.state();
        assert_eq!(state.position().unwrap().to_move(), Color::White);
        assert_eq!(state.turns.len(), 2 * turn);
    }
    // The engine's turn is asked for once: the watch finds nothing left to do.
    assert!(table.look().is_empty());
    // The bot does not congratulate itself.
    table.expect(
        "alice",
        "!resign confirm",
        "alice resigned: gipf-bot wins the game, after 6 turns.",
    );
    // Games against the engine are not rated, and the answer says so.
    table.expect(
        "alice",
        "!stats",
        "alice has no rated game here yet. A game won or lost against another player counts; games against me and games with hints are not rated. `!challenge @someone` starts one.",
    );
    // The list of finished games names the winner and the engine's level.
    table.expect(
        "carol",
        "!games finished",
        "Finished games:\n**1** alice vs gipf-bot at level easy, standard: gipf-bot won, 0-1 (alice resigned), 6 turns, ",
    );
}

#[test]
fn a_refused_turn_is_answered_at_once_and_a_turn_without_an_answer_is_still_announced() {
    let mut table = table();
    table.say("alice", "!challenge @gipf-bot standard white easy");
    // A refusal has nothing to wait for: it is the whole answer.
    let refused = table.say("alice", "!push j1 h2");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].private);
    // Alice resigns before the engine answers: her turn is announced all the same.
    let pushing = table.say_beside("alice", "!push b1 c2", Recorder::holding(Hold::Typing));
    pushing.typing();
    table.expect("alice", "!resign confirm", "alice resigned");
    let posted: Vec<Reply> = pushing.join().into_iter().map(|(_, r)| r).collect();
    assert_eq!(posted.len(), 1, "{posted:?}");
    let text = shown(&posted[0]);
    assert!(
        text.starts_with("alice (white) played b1 -> c2, recorded as `c2 (11)`.\nReserves: "),
        "{text}"
    );
    assert!(!text.contains("your move"), "{text}");
    assert!(posted[0].board.is_some());
    assert!(posted[0].mentions().is_empty());
}

#[test]
fn the_console_shows_one_message_and_one_picture_per_exchange() {
    let table = table();
    let mut console = gipf_bot::console::Console::new(table.dir.path().join("boards")).unwrap();
    let mut run = |line: &str| {
        let mut out = Vec::new();
        console
            .run(&table.service, line.as_bytes(), &mut out)
            .unwrap();
        String::from_utf8(out).unwrap()
    };
    run("alice: !challenge @gipf-bot standard white easy");
    for push in ["!push b1 c2", "!push h1 g2", "!push a5 b5"] {
        let out = run(&format!("alice: {push}"));
        // It was two pictures, and a question to the bot itself.
        assert_eq!(out.matches("bot: [image]").count(), 1, "{out}");
        assert_eq!(out.matches("your move").count(), 1, "{out}");
        assert_eq!(out.matches(" played ").count(), 1, "{out}");
        assert_eq!(out.matches("bot: I (black) answered ").count(), 1, "{out}");
        assert!(out.contains("bot: @alice, your move (white)"), "{out}");
    }
}

#[test]
fn the_engine_moves_first_with_white_and_only_people_give_levels() {
    let mut table = table();
    // Aborted before the engine's first turn: its start is announced all the same, saying
    // it moves first.
    table.channel = ChannelId(4);
    let challenge = "!challenge @gipf-bot tournament black hard";
    let starting = table.say_beside("alice", challenge, Recorder::holding(Hold::Typing));
    starting.typing();
    table.expect("alice", "!abort", "alice aborted the game");
    let start: Vec<Reply> = starting.join().into_iter().map(|(_, r)| r).collect();
    assert_eq!(start.len(), 1, "{start:?}");
    assert!(
        shown(&start[0]).contains("I move first"),
        "{}",
        shown(&start[0])
    );
    table.channel = ChannelId(1);
    let started = Instant::now();
    let answer = engine_starts(&mut table, challenge);
    // Hard thinks for two seconds at most, and answers within its budget.
    assert!(
        started.elapsed().as_millis() < 2_500,
        "{:?}",
        started.elapsed()
    );
    // One message: the start, the engine's first turn, and the question to alice.
    let lines: Vec<String> = shown(&answer).lines().map(str::to_string).collect();
    assert!(
        lines[0].starts_with("Game on: tournament GIPF against me, at level hard. White: gipf-bot, Black: alice. Ask for a `!hint`")
            && lines[1].starts_with("I (white) played a GIPF-piece ")
            && lines[1].contains(", recorded as `G"),
        "{lines:#?}"
    );
    assert!(answer.board.is_some());
    assert_eq!(answer.mentions(), [user_id("alice")]);
    // Alice has no turn to take back yet, and the engine never asks: no Take back button.
    assert!(answer.buttons.is_empty(), "{:?}", answer.buttons);
    // The beginner level, for a first game: offered by name, playing at once.
    table.channel = ChannelId(3);
    let answer = engine_starts(&mut table, "!challenge @gipf-bot standard black beginner");
    assert!(
        shown(&answer).starts_with("Game on: standard GIPF against me, at level beginner."),
        "{}",
        shown(&answer)
    );
    table.channel = ChannelId(2);
    table.expect(
        "alice",
        "!challenge @bob hard",
        "A level (`beginner`, `easy`, `medium`, `hard`) is for a game against me",
    );
}

#[test]
fn hints_come_privately_to_the_player_to_move_where_allowed() {
    let mut table = table();
    table.start("standard");
    table.expect("alice", "!hint", "Hints are for games against me");
    table.channel = ChannelId(2);
    table.expect(
        "alice",
        "!challenge @bob standard white hints",
        "(alice plays white, with hints for both players, unrated)",
    );
    table.expect("bob", "!accept", "Game on");
    table.expect("bob", "!hint", "it is not your move");
    table.expect("carol", "!hint", "Hints are for the players");
    let hint = table.say("alice", "!hint").remove(0);
    assert!(hint.private, "{hint:?}");
    let text = shown(&hint);
    let quoted: Vec<&str> = text.split('`').collect();
    let (suggested, command) = (quoted[1].to_string(), quoted[3].to_string());
    // The exact command that plays it: a push alone (dot and first spot) when the push
    // is the whole turn, as here at the start of a game.
    assert!(!suggested.contains(';'), "{text}");
    assert!(
        text.ends_with(&format!("Play it with `{command}`.")) && command.starts_with("!push "),
        "{text}"
    );
    let played = table.text("alice", &command);
    assert!(played.contains("alice (white) played"), "{played}");
    assert!(
        played.contains(&format!("recorded as `{suggested} (")),
        "{suggested}: {played}"
    );
    // A game with hints is not rated.
    table.expect("bob", "!resign confirm", "resigned");
    table.expect("alice", "!stats", "alice has no rated game here yet");
}

#[test]
fn a_search_stops_when_its_game_ends_and_other_commands_never_wait() {
    let mut table = table();
    // The engine moves first, and thinks (hard: up to two seconds).
    let started = Instant::now();
    let challenge = "!challenge @gipf-bot standard black hard";
    let thinking = table.say_beside("alice", challenge, Recorder::default());
    while table.service.engine_load() == (0, 0) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    // Commands elsewhere are answered while the engine thinks.
    table.channel = ChannelId(2);
    let asked = Instant::now();
    table.expect("carol", "!games", "Games in progress");
    let board = table.say("carol", "!history 1");
    eprintln!(
        "while the engine thinks: !games and !history answered in {:?}",
        asked.elapsed()
    );
    assert!(shown(&board[0]).contains("no turn played yet"), "{board:?}");
    assert!(!thinking.is_done(), "the engine was still thinking");
    table.channel = ChannelId(1);
    table.expect("alice", "!resign confirm", "alice resigned");
    let replies = thinking.join();
    let took = started.elapsed();
    // The engine played nothing: only the game's start is posted, after all.
    assert_eq!(replies.len(), 1, "{replies:?}");
    let start = shown(&replies[0].1);
    assert!(
        start.contains("I move first") && !start.contains(" played "),
        "{start}"
    );
    assert!(took.as_millis() < 1_900, "the search ran on for {took:?}");
    assert!(
        table.state().turns.is_empty(),
        "nothing was played after the resignation"
    );
}

#[test]
fn a_finished_game_is_analysed_in_the_background_with_the_better_turns_drawn() {
    let mut table = table();
    table.start("standard");
    table.expect("carol", "!analyse", "is still being played");
    play_random_turns(&mut table, 5, 12);
    table.expect("bob", "!resign confirm", "bob resigned");
    // The request is answered at once; the analysis is work for later (held back here until
    // dave has asked too).
    let analysing = table.say_beside("carol", "!analyse 1", Recorder::holding(Hold::FirstAnswer));
    let asked = analysing.first();
    let channel = table.channel;
    let text = shown(&asked);
    assert!(
        text.starts_with(
            "Game 1, standard GIPF: alice (white) vs bob (black): I am looking at all "
        ),
        "{text}"
    );
    // One turn deep for every turn, then two for the worst (the bot's are 0.3 s and 2 s).
    assert!(
        text.contains("(1 turn deep each), then again at the worst (2 turns deep each)"),
        "{text}"
    );
    // Asked again while queued: not twice, posted in the channel of each ask; and one
    // analysis a member every 30 s.
    table.channel = ChannelId(5);
    table.expect("dave", "!analyse 1", "is being analysed already");
    let mut posted = analysing.join();
    assert_eq!(
        posted.remove(0).0,
        channel,
        "the request answered where it was asked"
    );
    let (here, there): (Vec<_>, Vec<_>) = posted.into_iter().partition(|(c, _)| *c == channel);
    assert!(there.iter().all(|(c, _)| *c == ChannelId(5)));
    assert_eq!(there.len(), here.len());
    let posted = here;
    let (_, head) = &posted[0];
    assert!(
        shown(head).starts_with("Game 1, standard GIPF: alice (white) vs bob (black): the "),
        "{}",
        shown(head)
    );
    assert!(posted.len() >= 2 && posted.len() <= 4, "{posted:?}");
    let turns = table
        .service
        .game_state(channel, true)
        .unwrap()
        .unwrap()
        .turns;
    for (n, (_, reply)) in (1..).zip(&posted[1..]) {
        let text = shown(reply);
        // "1. Turn 7: bob (black) played `i3-g4`, which cost about 1.5 pieces. Better:
        // `!push a5 b5`, which captures 2 pieces."
        assert!(text.starts_with(&format!("{n}. Turn ")), "{text}");
        assert!(
            text.contains("played `") && text.contains(", which "),
            "{text}"
        );
        assert!(reply.board.is_some(), "the better turn is drawn");
        assert!(
            reply.mentions().is_empty(),
            "nobody is pinged by an analysis"
        );
        // The better turn, as the command that plays it, is legal where it was to be
        // played: the whole turn by `!move`, or the push alone when that is all of it.
        let index: usize = text["n. Turn ".len()..]
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let (_, command) = text
            .split_once("Better: `!")
            .unwrap_or_else(|| panic!("{text}"));
        let command = command.split('`').next().unwrap();
        let mut before = Position::new(Variant::Standard);
        for turn in &turns[..index - 1] {
            before.play_notation(turn).unwrap();
        }
        match command.split_once(' ') {
            Some(("move", turn)) => before.play_notation(turn).map(drop).unwrap(),
            Some(("push", entry)) => {
                let entry: gipf::Entry = entry.parse().unwrap();
                assert!(before.legal_entries().any(|e| e == entry), "{text}");
            }
            _ => panic!("{text}"),
        }
    }
    // Once posted, it may be asked for again (that refusal cost dave nothing): it is shown
    // again at once, its heading now and its turns as they were; showing it runs no search,
    // so it does not count toward the one analysis a member every 30 s (`analyses.rs`).
    table.channel = ChannelId(6);
    let mut shown_again = table.say("dave", "!analyse 1");
    let again = shown_again.remove(0);
    assert_eq!(shown(&again), shown(head), "{again:?}");
    assert_eq!(shown_again.len(), posted.len() - 1);
    for (reply, (_, first)) in shown_again.iter().zip(&posted[1..]) {
        assert_eq!(shown(reply), shown(first));
    }
    let posts = table.recorder.take_each();
    assert!(posts.is_empty(), "{posts:?}");
    let again = table.say("carol", "!analyse 1").remove(0);
    assert_eq!(shown(&again), shown(head), "{again:?}");
}

#[test]
fn think_prints_one_legal_turn_or_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.gipf");
    let mut position = Position::new(Variant::Standard);
    let (first, after) = position.legal_turns().remove(0);
    std::fs::write(&record, format!("[Variant \"standard\"]\n{first:#}\n")).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["think", "--level", "easy", "--seed", "3"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let line = String::from_utf8(output.stdout).unwrap();
    assert_eq!(line.lines().count(), 1, "{line}");
    position = after;
    let turn = line.trim();
    assert!(turn.ends_with(" (11)"), "{turn}");
    position.play_notation(turn).unwrap();
    // A game that is over has no next turn; a record that is no game has none either.
    let mut rng = gipf::random::Rng::new(1);
    let mut position = Position::new(Variant::BASIC);
    let mut turns = String::from("[Variant \"basic\"]\n");
    while position.outcome().is_none() {
        let legal = position.legal_turns();
        let (turn, after) = &legal[rng.below(legal.len())];
        turns.push_str(&format!("{turn:#}\n"));
        position = *after;
    }
    for (record_text, reason) in [(turns.as_str(), "the game is over"), ("z9\n", "line 1")] {
        std::fs::write(&record, record_text).unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
            .args(["think", "--time-ms", "50"])
            .arg(&record)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(output.stdout.is_empty());
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(reason), "{error}");
    }
}

#[test]
fn think_reads_the_game_and_its_potentials_from_the_header() {
    // Records of Ultimate GIPF and of a game with potentials, in their own notation: the
    // engine's line replays after them.
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.gipf");
    for (header, options) in [
        ("[Variant \"ultimate\"]", Options::ultimate()),
        (
            "[Variant \"standard\"]\n[Potentials \"ZYD:3\"]",
            Options::parse("standard", Some("ZYD:3")).unwrap(),
        ),
    ] {
        let mut game = Game::new(options);
        let mut text = format!("{header}\n");
        let mut rng = gipf::random::Rng::new(4);
        while game.plies() < 6 {
            let decisions = game.legal_decisions();
            for turn in game.play(decisions[rng.below(decisions.len())]).unwrap() {
                text.push_str(&format!("{turn:#}\n"));
            }
        }
        std::fs::write(&record, &text).unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
            .args(["think", "--time-ms", "100"])
            .arg(&record)
            .output()
            .unwrap();
        assert!(output.status.success(), "{header}: {output:?}");
        let line = String::from_utf8(output.stdout).unwrap();
        let turn = line.trim();
        let done = game.play_notation(turn).unwrap();
        assert_eq!(format!("{:#}", done[0]), turn);
    }
}

#[test]
fn the_engine_plays_ultimate_and_games_with_potentials_gives_hints_and_analyses_them() {
    let mut table = table();
    for (challenge, title, analyst) in [
        (
            "!challenge @gipf-bot ultimate white easy",
            "ultimate GIPF",
            "carol",
        ),
        (
            "!challenge @gipf-bot standard potentials=ZYD:3 white easy",
            "standard GIPF with potentials",
            "dave",
        ),
    ] {
        let start = table.say("alice", challenge).remove(0);
        assert!(
            shown(&start).starts_with(&format!("Game on: {title} against me, at level easy.")),
            "{}",
            shown(&start)
        );
        for turn in 1..=3 {
            // A hint is the command that plays it, in the game's own notation.
            let hint = table.say("alice", "!hint").remove(0);
            let text = shown(&hint);
            assert!(hint.private, "{text}");
            let (_, command) = text
                .split_once("Play it with `")
                .unwrap_or_else(|| panic!("{text}"));
            let command = command.split('`').next().unwrap().to_string();
            let answer = exchange(&mut table, &command);
            assert!(
                shown(&answer).contains("alice (white) played")
                    && shown(&answer).contains("\nI (black) answered "),
                "{title}, turn {turn}: {}",
                shown(&answer)
            );
            assert_eq!(answer.mentions(), [user_id("alice")]);
            let state = table.state();
            assert_eq!(state.turns.len(), 2 * turn);
            assert_eq!(state.game.to_move(), Color::White);
        }
        table.expect("alice", "!resign confirm", "alice resigned");
        // Searched on the game's own machine, its findings following the answer (a short
        // game may have lost nothing).
        let analysed = table.say(analyst, "!analyse");
        assert!(shown(&analysed[0]).contains("turns deep"), "{analysed:?}");
        let heading = shown(&analysed[1]);
        assert!(
            heading.contains("that cost most.") || heading.contains("no turn that cost anything"),
            "{title}: {heading}"
        );
        table.channel = ChannelId(table.channel.0 + 1);
    }
}

#[test]
fn a_game_against_the_engine_is_played_through_the_console() {
    // The console has no server: the engine's own turns must still be taken there.
    let table = Table::new();
    let mut console = gipf_bot::console::Console::new(table.dir.path().join("boards")).unwrap();
    let input = "alice: !challenge @gipf-bot ultimate white easy\nalice: !move Gb2\n\
                 alice: !hint\n";
    let mut out = Vec::new();
    console
        .run(&table.service, input.as_bytes(), &mut out)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("bot: alice (white) played a GIPF-piece a1 -> b2, recorded as `Gb2 (19)`."),
        "{out}"
    );
    assert!(
        out.contains("bot: I (black) answered a GIPF-piece "),
        "{out}"
    );
    assert!(out.contains("bot: My suggestion: `"), "{out}");
    assert!(!out.contains("It is gipf-bot's turn"), "{out}");
}

#[test]
fn puzzles_are_generated_as_records_whose_solution_plays() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["puzzles", "generate", "-n", "3", "--seed", "4", "-o"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8(output.stdout).unwrap();
    assert!(said.starts_with("3 puzzles ("), "{said}");
    assert!(said.contains(" candidates: "), "{said}");
    for n in 1..=3 {
        let text = std::fs::read_to_string(dir.path().join(format!("puzzle-000{n}.gipf"))).unwrap();
        let header = gipf_bot::record::header(&text).unwrap();
        let goal = header.get("Puzzle").unwrap();
        assert!(goal == "win" || goal.starts_with("capture "), "{text}");
        let spec = header.rules(None, None).unwrap();
        let mut game = gipf_bot::record::replay(&text, spec.options())
            .unwrap()
            .last()
            .clone();
        game.play_notation(header.get("Solution").unwrap()).unwrap();
    }
}

#[test]
fn puzzles_are_given_one_at_a_time_answered_privately_and_streaks_kept() {
    let mut table = table();
    table.expect(
        "alice",
        "!solve a5-c5",
        "You have no puzzle open: `!puzzle` gives you one.",
    );
    let given = table.say("alice", "!puzzle").remove(0);
    let text = shown(&given);
    assert!(
        text.starts_with("Puzzle ") && text.contains(" for alice: "),
        "{text}"
    );
    assert!(
        text.contains(" to move, in ") && text.contains(" GIPF. Find the one turn that "),
        "{text}"
    );
    assert!(
        given.board.is_some() && given.mentions().is_empty(),
        "{given:?}"
    );
    let first = puzzle_number(&text);
    // Asked again, the same puzzle, still open; a turn that is none changes nothing.
    let again = table.text("alice", "!puzzle");
    assert!(
        again.starts_with(&format!("Puzzle {first} for alice, still open:")),
        "{again}"
    );
    table.expect("alice", "!solve z9", "is not a turn in puzzle");
    let right = table
        .say("alice", &format!("!solve {}", solution_of(first)))
        .remove(0);
    assert!(right.private, "only alice reads it");
    assert!(
        shown(&right).starts_with("Right: ")
            && shown(&right).contains("(1 solved, streak 1, best 1)"),
        "{}",
        shown(&right)
    );
    // The next puzzle is another; a wrong (but legal) answer gets one more try, and a
    // second ends the streak, not the best.
    let second = puzzle_number(&table.text("alice", "!puzzle"));
    assert_ne!(second, first);
    let solution = solution_of(second);
    let wrong = wrong_answer_to(second);
    let retry = table.text("alice", &format!("!solve {wrong}"));
    assert!(
        retry.starts_with(&format!(
            "Not this one: `{wrong}` is a turn there, but not the one that "
        )) && retry.contains("One more try: answer again with `!solve <turn>`")
            && !retry.contains(&format!("`{solution}`")),
        "{retry}"
    );
    let answer = table.text("alice", &format!("!solve {wrong}"));
    assert!(
        answer.starts_with("Not this one: the one turn that "),
        "{answer}"
    );
    assert!(answer.contains(&format!("was `{solution}`")), "{answer}");
    assert!(answer.contains("(1 solved, streak 0, best 1)"), "{answer}");
    // Progress is kept across a restart; bob has his own.
    table.restart();
    table.expect("alice", "!solve a5-c5", "You have no puzzle open");
    table.expect("bob", "!puzzle", " for bob: ");
}

#[test]
fn a_game_is_browsed_turn_by_turn_with_the_analysis_and_the_engines_view() {
    let mut table = table();
    table.start("standard");
    play_random_turns(&mut table, 5, 12);
    table.expect("bob", "!resign confirm", "bob resigned");
    let total = table
        .service
        .game_state(table.channel, true)
        .unwrap()
        .unwrap()
        .turns
        .len();
    // The end first, with five buttons that step through the game.
    let board = table.say("carol", "!browse 1").remove(0);
    let text = shown(&board);
    assert!(
        text.starts_with(&format!(
            "Game 1, standard GIPF: alice (white) vs bob (black). Turn {total} of {total}: "
        )),
        "{text}"
    );
    assert!(board.board.is_some() && board.mentions().is_empty());
    let labels: Vec<&str> = board.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        ["⏮ First", "◀ Back", "▶ Forward", "⏭ Last", "Engine's view"]
    );
    let back = crate::support::table::click(&mut table, "carol", &board.buttons[1]);
    assert!(
        shown(&back).contains(&format!(". Turn {} of {total}: ", total - 1)),
        "{}",
        shown(&back)
    );
    let first = crate::support::table::click(&mut table, "carol", &back.buttons[0]);
    assert!(shown(&first).contains(&format!(". The start, before turn 1 of {total}.")));
    assert_eq!(first.buttons[1].command.to_string(), "browse 1 turn=0");
    let view = crate::support::table::click(&mut table, "carol", &first.buttons[4]);
    assert!(
        shown(&view).contains("\nThe engine (white to move): `"),
        "{}",
        shown(&view)
    );
    // After an analysis, its costly turns carry its comment.
    let posted = table.say("dave", "!analyse 1");
    let turn = (posted.iter())
        .find_map(|r| {
            let rest = shown(r).strip_prefix("1. Turn ")?.to_string();
            Some(rest.split(':').next()?.to_string())
        })
        .expect("random play costs something");
    let commented = table.text("carol", &format!("!browse 1 turn={turn}"));
    assert!(
        commented.contains("\nThe analysis: ") && commented.contains("; better `"),
        "{commented}"
    );
    // The comment is kept: a restart does not lose it, and other turns have none.
    table.restart();
    assert_eq!(
        table.text("carol", &format!("!browse 1 turn={turn}")),
        commented
    );
    let reported: Vec<String> = (posted.iter())
        .filter_map(|r| {
            let text = shown(r);
            let (_, rest) = text.split_once(". Turn ")?;
            Some(rest.split(':').next()?.to_string())
        })
        .collect();
    let other = (1..=total)
        .map(|n| n.to_string())
        .find(|n| !reported.contains(n))
        .unwrap();
    let plain = table.text("carol", &format!("!browse 1 turn={other}"));
    assert!(!plain.contains("The analysis"), "{plain}");
    table.expect("carol", "!browse 1 turn=x", "is not a number of turns");
}

#[test]
fn lessons_are_done_with_the_games_own_commands_and_remembered() {
    let mut table = table();
    let lesson = table.say("alice", "!learn").remove(0);
    let text = shown(&lesson);
    assert!(
        text.starts_with("Lesson 1 of 10: The board and its coordinates. "),
        "{text}"
    );
    // The task asks without giving its command away: the hint gives it, on request.
    assert!(
        text.contains(
            "\nYour task: Bring a piece in from the dot e1 onto the spot e2. (`!hint` gives its \
             commands if you need them;"
        ),
        "{text}"
    );
    assert!(!text.contains("!push"), "{text}");
    assert!(lesson.board.is_some());
    table.expect("alice", "!hint", "Lesson 1: play `!push e1 e2`.");
    // A push that is not the task says what happened and what to try, and shows it; one
    // the rules refuse says why; neither closes the lesson.
    let missed = table.say("alice", "!push a1 b2").remove(0);
    assert_eq!(
        shown(&missed),
        "Lesson 1: that piece came in from a1 onto b2; this lesson asks for the dot e1 and the \
         spot e2. The lesson starts again from its position (`!hint` gives the commands)."
    );
    assert!(missed.board.is_some());
    table.expect("alice", "!push e1 e3", "Lesson 1: ");
    // Done: its result in a picture.
    let done = table.say("alice", "!push e1 e2").remove(0);
    assert_eq!(
        shown(&done),
        "Lesson 1 done: well played. `!learn` for lesson 2."
    );
    assert!(
        done.board
            .as_ref()
            .is_some_and(|b| b.alt.contains("Last turn: White pushed"))
    );
    table.expect("alice", "!learn", "Lesson 2 of 10: Pushing.");
    table.expect("alice", "!push e1 e2", "Lesson 2 done");
    // Rows: a push elsewhere is answered with the line to complete.
    table.expect("alice", "!learn 3", "Lesson 3 of 10: Rows and captures.");
    table.expect(
        "alice",
        "!push e1 e2",
        "that push makes no row; complete the line b2-e5",
    );
    table.expect("alice", "!push a1 b2", "Lesson 3 done");
    table.expect("alice", "!learn 11", "There are lessons 1 to 10, not 11");
    // The take/keep task in two steps, as a real game asks it, the first kept across a
    // restart.
    table.expect("alice", "!learn", "Lesson 4 of 10: GIPF-pieces.");
    let asked = table.say("alice", "!push a1 b2").remove(0);
    let question = shown(&asked);
    assert!(
        question.starts_with("Lesson 4: alice, ") && question.contains("f5"),
        "{question}"
    );
    assert!(
        asked
            .board
            .as_ref()
            .is_some_and(|b| b.alt.contains("to take or keep"))
    );
    table.restart();
    table.expect(
        "alice",
        "!hint",
        "Lesson 4: play `!push a1 b2`, then answer `!take f5` when the game asks.",
    );
    table.expect("alice", "!take f5", "Lesson 4 done");
    table.expect("alice", "!learn", "Lesson 5 of 10: Several rows at once.");
    table.expect("alice", "!learn 8", "Lesson 8 of 10: Potentials.");
    table.expect("alice", "!zertz b2 d4", "Lesson 8 done");
    // The last lesson: the course says it is finished, and which lessons are left.
    table.expect("alice", "!learn 10", "Lesson 10 of 10: PÜNCT.");
    table.expect(
        "alice",
        "!punct d4 e5",
        "Lesson 10 done: well played. That was the last lesson. You have reached the end of \
         the course; still to do: 5, 6, 7 and 9 (`!learn 5` opens the first).",
    );
    table.expect(
        "alice",
        "!learn",
        "You have reached the end of the course; still to do: 5, 6, 7 and 9",
    );
    // Where he has a game or a challenge, his moves are the game's, lesson or not.
    table.expect("alice", "!learn 1", "Lesson 1 of 10");
    table.expect("alice", "!challenge @bob standard white", "challenges you");
    let refused = table.text("alice", "!push e1 e2");
    assert!(!refused.contains("Lesson"), "{refused}");
    table.expect(
        "alice",
        "!learn 1",
        "While you have a game or a challenge open",
    );
    table.expect("bob", "!accept", "Game on");
    table.expect("alice", "!push e1 e2", "alice (white) played");
}

/// Issue 32, point 2: a push onto an empty spot that two dots reach is announced from the
/// dot the player typed, to the bot and to a person alike, in every game kind.
#[test]
fn the_announcement_repeats_the_dot_and_spot_the_player_typed() {
    for (game, command, said) in [
        ("tournament", "!gipf h6 h5", "a GIPF-piece h6 -> h5"),
        ("tournament", "!gipf i4 h5", "a GIPF-piece i4 -> h5"),
        ("ultimate", "!gipf i4 h5", "a GIPF-piece i4 -> h5"),
        ("ultimate", "!gipf h6 h5", "a GIPF-piece h6 -> h5"),
    ] {
        let mut bot = table();
        bot.say("alice", &format!("!challenge @gipf-bot {game} white easy"));
        let text = shown(&exchange(&mut bot, command));
        assert!(
            text.contains(&format!("alice (white) played {said},")),
            "{text}"
        );
        let mut people = table();
        people.start(game);
        let text = people.text("alice", command);
        assert!(
            text.contains(&format!("alice (white) played {said},")),
            "{text}"
        );
    }
    let mut table = table();
    table.say("alice", "!challenge @gipf-bot standard white easy");
    let text = shown(&exchange(&mut table, "!push i5 h5"));
    assert!(text.contains("alice (white) played i5 -> h5,"), "{text}");
}

/// Issue 32, point 8: `!stats` follows one rule: rated games in the headline and its
/// streak, games against the bot on a line of their own, marked unrated.
#[test]
fn stats_count_rated_games_in_the_headline_and_games_against_me_apart() {
    let mut table = table();
    table.start("basic");
    table.expect("bob", "!resign confirm", "resigned");
    table.channel = ChannelId(77);
    table.say("alice", "!challenge @gipf-bot standard white easy");
    table.expect("alice", "!resign confirm", "resigned");
    let stats = table.text("alice", "!stats");
    assert!(
        stats.contains(": rating 1")
            && stats.contains(
                "1 rated game, 1 won, 0 lost, won 1 in a row.\nbasic: 1 game, 1 won, 0 lost, rating"
            ),
        "{stats}"
    );
    assert!(
        stats.ends_with("\nAgainst me (unrated): 1 game, 0 won, 1 lost."),
        "{stats}"
    );
    let gone = table.text("carol", "!stats @gipf-bot");
    assert!(gone.contains("has no rated game here yet"), "{gone}");
}
