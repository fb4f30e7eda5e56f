//! Pictures for everyone: every board sent to Discord carries its alt text (the
//! attachment's description) with the position in words, for screen readers.

use gipf::{Position, Variant};

use crate::support::bot::{
    Bot, assert_board, assert_no_unhandled, next_post_after, next_push, say, start_game,
};
use crate::support::chat::{ALICE, CHANNEL};
use crate::support::fake_discord::FakeDiscord;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_posted_after_a_turn_carries_the_position_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    let post = next_post_after(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert_board(&post);
    let alt = post.descriptions().remove(0).expect("the board's alt text");
    for said in [
        "Board of a game of standard GIPF. White: alice. Black: bob.",
        "Black to move.",
        "White has 11 pieces in reserve and 3 GIPF-pieces on the board; Black has 12 and 3.",
        "Last turn: White pushed a basic piece in from a1 onto b2",
    ] {
        assert!(alt.contains(said), "{said:?} in {alt:?}");
    }
    assert!(alt.chars().count() <= 1024);
    // Kept with the message, as Discord keeps it.
    let kept = discord.messages_in(CHANNEL);
    let board = kept
        .iter()
        .rev()
        .find_map(|m| m["attachments"].as_array().and_then(|a| a.first().cloned()))
        .expect("a message with the board");
    assert_eq!(board["description"], alt.as_str());
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
