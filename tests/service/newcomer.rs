//! Issue 32 as a newcomer reads it: every turn said in words beside its notation, the level
//! a game against the bot gets by default and the note on the reconstructed rulings at its
//! start.

use crate::support::table::{Table, player, shown};
use gipf::random::Rng;
use gipf_bot::console::{ENGINE_NAME, user_id};

/// Random turns of a `variant` game between alice and bob, each played with `!move`: every
/// announcement says each removal and each power in words, the notation beside them.
fn every_turn_is_said_in(variant: &str, seed: u64) -> (usize, usize) {
    let mut table = Table::new();
    table.start(variant);
    let mut rng = Rng::new(seed);
    let (mut removals, mut powers) = (0, 0);
    for _ in 0..60 {
        let position = table.state().game;
        if position.outcome().is_some() {
            break;
        }
        let turns = position.legal_turns();
        let (turn, _) = &turns[rng.below(turns.len())];
        let mover = player(position.to_move());
        let mut text = table.text(mover, &format!("!move {turn}"));
        if text.contains("would end the game at once") {
            text = table.text(mover, &format!("!move {turn} confirm"));
        }
        let said = text.lines().next().unwrap_or_default();
        assert!(said.contains("recorded as `"), "{turn}: {text}");
        if turn.to_string().contains('x') {
            removals += 1;
            assert!(said.contains(" removed "), "{turn}: {said}");
        }
        if turn.to_string().contains('>') {
            powers += 1;
            assert!(said.contains(" used its power: "), "{turn}: {said}");
        }
    }
    (removals, powers)
}

#[test]
fn every_turn_of_a_game_is_said_in_words_beside_its_notation() {
    let (removals, _) = every_turn_is_said_in("standard", 3);
    assert!(removals > 0, "no removal in the game");
    let (removals, powers) = every_turn_is_said_in("ultimate", 5);
    assert!(removals + powers > 0, "no removal nor power in the game");
}

/// A table whose service knows the bot's own user.
fn table() -> Table {
    let table = Table::new();
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table
}

#[test]
fn a_challenge_to_the_bot_without_a_level_gets_the_players_last_one_and_says_so() {
    let mut table = table();
    let first = shown(
        &table
            .say("alice", "!challenge @gipf-bot standard white")
            .remove(0),
    );
    assert!(
        first.starts_with("Game on: standard GIPF against me, at level easy."),
        "{first}"
    );
    assert!(
        first.contains(
            "A challenge to me that names no level gets your last one (easy the first time): name another like `!challenge @gipf-bot hard`."
        ),
        "{first}"
    );
    table.expect("alice", "!resign confirm", "resigned");
    table.say("alice", "!challenge @gipf-bot standard white hard");
    table.expect("alice", "!resign confirm", "resigned");
    let again = shown(
        &table
            .say("alice", "!challenge @gipf-bot standard white")
            .remove(0),
    );
    assert!(
        again.starts_with("Game on: standard GIPF against me, at level hard."),
        "{again}"
    );
}

#[test]
fn a_game_against_the_bot_with_tamsk_or_punct_starts_with_the_note_on_reconstructed_rulings() {
    let mut table = table();
    let start = shown(
        &table
            .say("alice", "!challenge @gipf-bot ultimate white")
            .remove(0),
    );
    assert!(
        start.contains("TAMSK and PÜNCT against a GIPF-piece follow reconstructed rules"),
        "{start}"
    );
    table.expect("alice", "!resign confirm", "resigned");
    let plain = shown(
        &table
            .say("alice", "!challenge @gipf-bot standard white")
            .remove(0),
    );
    assert!(!plain.contains("reconstructed"), "{plain}");
}

/// Issue 32, point 9: a game the bot loses. Alice plays the engine's own turns, searched
/// deeper than the bot's `beginner` level looks; the words after the last turn congratulate
/// her, never the bot, and nobody is called the loser's "well played".
#[test]
fn a_game_the_bot_loses_ends_with_words_for_the_winner() {
    use gipf_ai::{Engine, Limits, Request};
    let mut table = table();
    table.expect(
        "alice",
        "!challenge @gipf-bot basic white beginner",
        "Game on",
    );
    let mut engine = Engine::with_table_megabytes(4);
    let request = Request::limits(Limits::depth(3));
    let mut last = String::new();
    for _ in 0..150 {
        let state = table.state();
        if state.game.outcome().is_some() {
            break;
        }
        let thought = engine.think_game(&state.game, &request).unwrap();
        let replies = table.say("alice", &format!("!move {}", thought.turn));
        last = replies.iter().map(shown).collect::<Vec<_>>().join("\n");
        if last.contains("Game over") {
            break;
        }
    }
    assert!(
        last.contains("Game over: alice (white) wins") && last.contains("Well played, alice!"),
        "{last}"
    );
    assert!(
        !last.contains(&format!("Well played, {ENGINE_NAME}")),
        "{last}"
    );
    assert!(!last.contains("Good game"), "{last}");
}
