//! Games with potentials through the service over a temporary database: the challenge
//! option, loading, the powers, TAMSK, removal choices, refusals, restarts and export.

use crate::support::games::tamsk_setup;
use crate::support::table::{Table, player, shown};
use gipf::Color;
use gipf::potentials::{Game, Pending};

fn game(table: &Table) -> Game {
    table
        .state()
        .potentials()
        .cloned()
        .expect("a game with potentials")
}

/// Plays one random legal complete turn of the player to move, by `!move` in the notation.
fn play_random_turn(table: &mut Table, seed: usize) {
    let game = game(table);
    let turns = game.legal_turns();
    let (turn, _) = &turns[seed % turns.len()];
    let who = player(game.to_move());
    let text = table.text(who, &format!("!move {turn}"));
    assert!(text.contains("played"), "{turn}: {text}");
}

#[test]
fn a_challenge_with_potentials_names_them_and_starts_the_game() {
    let mut table = Table::new();
    let text = table.text("alice", "!challenge @bob standard white potentials=ZD:3,Y4");
    assert!(
        text.contains("With potentials: White Z3,D3,Y4, Black Z3,D3,Y4."),
        "{text}"
    );
    assert!(!text.contains("reconstructed"), "no T or P: {text}");
    let text = table.text("bob", "!accept");
    assert!(
        text.starts_with("Game on: standard GIPF with potentials."),
        "{text}"
    );
    assert!(
        text.contains("push a loaded piece with `!push b1 c2 zertz` (zertz, dvonn, yinsh)"),
        "{text}"
    );
    assert_eq!(game(&table).supply(Color::White).to_string(), "Z3,D3,Y4");
}

#[test]
fn bad_potentials_are_refused_with_the_rule() {
    let mut table = Table::new();
    table.expect(
        "alice",
        "!challenge @bob standard potentials=Z:2",
        "0, or 3 to 6 of a kind",
    );
    table.expect(
        "alice",
        "!challenge @bob ultimate potentials=Z3",
        "fixed supply",
    );
    table.expect(
        "alice",
        "!challenge @bob standard potentials=TZDYP:3",
        "more than his reserve of 12",
    );
    let text = table.text("alice", "!challenge @bob ultimate");
    assert!(text.contains("a game of ultimate GIPF"), "{text}");
    assert!(text.contains("reconstructed rules"), "{text}");
}

#[test]
fn loading_powers_and_refusals_in_chat() {
    let mut table = Table::new();
    table.start("standard potentials=Z3,D3");
    // A push without a kind keeps the potentials: it is refused with the choices.
    let text = table.text("alice", "!push b1 c2");
    assert!(
        text.contains("You still have potentials to load (Z3,D3)"),
        "{text}"
    );
    assert!(
        text.contains("`!push b1-c2 zertz`") && text.contains("`!push b1-c2 basic`"),
        "{text}"
    );
    assert!(text.ends_with("Nothing was changed."), "{text}");
    // Every way of naming the kind.
    table.expect(
        "alice",
        "!push Za1 b2",
        "alice (white) played a ZÈRTZ-loaded piece a1 -> b2, recorded as `Za1-c3 (11)`.",
    );
    table.expect(
        "bob",
        "!push d8 d7 dvonn",
        "bob (black) played a DVONN-loaded piece d8 -> d7, recorded as `Dd7 (11)`.",
    );
    table.expect(
        "alice",
        "!push zertz g1 g2",
        "g1 -> g2, recorded as `Zg2 (10)`.",
    );
    table.expect(
        "bob",
        "!push d b6 b5",
        "b6 -> b5, recorded as `Db6-b4 (10)`.",
    );
    // A power on a spot that holds none of yours names where yours are.
    table.expect(
        "alice",
        "!zertz c3 c6",
        "c3 holds no ZÈRTZ-loaded piece of yours; yours are on b2 and g2",
    );
    table.expect(
        "alice",
        "!zertz b2 c7",
        "c7 is not a target: from b2 the ZÈRTZ can land on d4",
    );
    table.expect("alice", "!zertz b2-d4", "played `Zb2>d4 (10)`");
    assert_eq!(
        game(&table)
            .stack("d4".parse().unwrap())
            .unwrap()
            .to_string(),
        "wz"
    );
    // The basic piece gives up the rest.
    table.expect(
        "bob",
        "!push a1 b2 basic",
        "Potentials to load: white 1 ZÈRTZ and 3 DVONN, black none",
    );
    table.expect("bob", "!push a1 b2", "It is alice's turn");
    table.expect(
        "carol",
        "!board",
        "Potentials to load: white 1 ZÈRTZ and 3 DVONN, black none.",
    );
    table.expect(
        "carol",
        "!games",
        "alice (white) vs bob (black), standard with potentials, turn 7",
    );
}

#[test]
fn a_tamsk_pushed_onto_e5_asks_for_its_extra_push() {
    let (turns, push) = tamsk_setup();
    let mut table = Table::new();
    table.start("basic potentials=T3");
    for turn in &turns {
        let who = player(game(&table).to_move());
        table.expect(who, &format!("!move {turn}"), "played");
    }
    let mover = game(&table).to_move();
    let text = table.text(player(mover), &push);
    assert!(text.contains("your TAMSK piece reached e5"), "{text}");
    assert!(text.contains("reconstructed rules"), "{text}");
    table.expect(player(!mover), "!tamsk skip", "turn");
    // The question survives a restart.
    table.restart();
    let waiting = game(&table);
    assert_eq!(waiting.pending(), Pending::Tamsk);
    let entry = waiting.open_entries().next().unwrap();
    let text = table.text(player(mover), &format!("!tamsk {entry}"));
    assert!(
        text.contains("recorded as `") && text.contains('+'),
        "{text}"
    );
    let used = if mover == Color::White { "wt" } else { "bt" };
    assert!(game(&table).stacks().any(|(_, s)| s.to_string() == used));
}

#[test]
fn random_games_with_potentials_play_through_chat_and_export_replays() {
    let mut table = Table::new();
    table.start("ultimate");
    for seed in 0..40 {
        if game(&table).outcome().is_some() {
            break;
        }
        play_random_turn(&mut table, seed * 7 + 3);
    }
    let state = table.state();
    let export = table.say("alice", "!export").remove(0);
    let (_, record) = export.file.clone().expect("a record file");
    let record = String::from_utf8(record).unwrap();
    assert!(record.contains("[Variant \"ultimate\"]"), "{record}");
    assert!(!record.contains("[Potentials"), "{record}");
    let options = gipf::potentials::Options::ultimate();
    let replay = gipf_bot::record::replay(&record, options).unwrap();
    assert_eq!(
        replay.last().stacks().collect::<Vec<_>>(),
        state
            .potentials()
            .cloned()
            .unwrap()
            .stacks()
            .collect::<Vec<_>>()
    );
    // `!replay` animates it: the start and one frame per turn.
    let (_, gif) = table.say("alice", "!replay").remove(0).file.unwrap();
    let mut frames = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let mut count = 0;
    while frames.read_next_frame().unwrap().is_some() {
        count += 1;
    }
    assert_eq!(count, replay.turns.len() + 1);
    let text = shown(&table.say("alice", "!rules zertz").remove(0));
    assert!(
        text.starts_with("**ZÈRTZ**: the potential jumps in a straight line"),
        "{text}"
    );
    let text = shown(&table.say("alice", "!rules punct").remove(0));
    assert!(
        text.ends_with("reconstructed rules: the official text is lost."),
        "{text}"
    );
    let text = shown(&table.say("alice", "!rules potentials").remove(0));
    assert!(text.contains("`!push b1 c2 zertz`"), "{text}");
    assert!(text.contains("reconstructed"), "{text}");
}

#[test]
fn the_engine_plays_no_potentials_and_plain_games_refuse_powers() {
    let mut table = Table::new();
    table.start("standard");
    let text = table.text("alice", "!zertz c2 c5");
    assert!(text.contains("This game has no potentials"), "{text}");
    assert!(text.ends_with("Nothing was changed."), "{text}");
}

#[test]
fn games_with_potentials_are_rated_apart_from_the_games_of_the_rules() {
    let mut table = Table::new();
    table.start("ultimate");
    table.expect("bob", "!resign confirm", "you win the game");
    let stats = table.text("carol", "!stats @alice");
    assert!(
        stats.contains("\npotentials: 1 game, 1 won, 0 lost, rating"),
        "{stats}"
    );
    assert!(!stats.contains("tournament"), "{stats}");
    let board = table.text("carol", "!leaderboard potentials");
    assert!(board.contains("1. alice: 1"), "{board}");
    table.expect(
        "carol",
        "!leaderboard tournament",
        "Nobody has a rating for tournament GIPF here yet",
    );
}

#[test]
fn the_first_turn_of_a_tournament_game_with_potentials_brings_in_a_gipf_piece() {
    let mut table = Table::new();
    table.start("tournament potentials=ZD:3");
    let text = table.text("alice", "!push b1 c2");
    assert!(text.contains("GIPF-piece"), "{text}");
    assert!(!text.contains("potentials to load"), "{text}");
    table.expect(
        "alice",
        "!gipf b1 c2",
        "alice (white) played a GIPF-piece b1 -> c2, recorded as `Gc2 (16)`.",
    );
    table.expect(
        "bob",
        "!gipf b1 c2",
        "bob (black) played a GIPF-piece b1 -> c2, recorded as `Gb1-d3 (16)`.",
    );
    let text = table.text("alice", "!push a1 b2");
    assert!(
        text.contains("You still have potentials to load (Z3,D3)"),
        "{text}"
    );
    assert!(text.contains("`!push a1-b2 zertz`"), "{text}");
}

/// The command a hint gives, as the player types it.
fn hinted_command(hint: &str) -> String {
    let start = hint.find("Play it with `").expect("a command") + "Play it with `".len();
    let rest = &hint[start..];
    rest[..rest.find('`').unwrap()].to_string()
}

#[test]
fn every_hint_is_played_as_given_and_says_what_it_gives_up() {
    for kind in [
        "basic",
        "tournament",
        "standard potentials=TZD:3",
        "ultimate",
    ] {
        let mut table = Table::new();
        let text = table.text("alice", &format!("!challenge @bob {kind} white hints"));
        assert!(text.contains("challenges you"), "{text}");
        table.text("bob", "!accept");
        for turn in 0..4 {
            let who = player(if turn % 2 == 0 {
                Color::White
            } else {
                Color::Black
            });
            let hint = table.text(who, "!hint");
            let command = hinted_command(&hint);
            let gives_up = command.ends_with(" basic");
            assert_eq!(hint.contains("gives up your"), gives_up, "{kind}: {hint}");
            let text = table.text(who, &command);
            assert!(text.contains("played"), "{kind}: {hint}\n{text}");
        }
    }
}
