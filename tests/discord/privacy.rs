//! End to end, a game is seen only by who can see its channel: private channels, a channel
//! hidden by a role and shown again to a member, private threads, administrators and the
//! owner, rights that change between two commands; every way a game is listed or reached by
//! its number, typed and slash.

use serde_json::{Value, json};

use crate::support::bot::{
    Bot, ask, assert_no_unhandled, button_ids, content, data, invoker, is_ephemeral, say, slash,
    start_game,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_CHANNEL};
use crate::support::fake_discord::{ADMINISTRATOR, FakeDiscord, MANAGE_THREADS, VIEW_CHANNEL};

/// The staff's channel: nobody views it but alice and bob, who play there.
const STAFF: u64 = 910_000_000_000_000_020;
/// A club's channel: hidden from @everyone, shown to the club's role.
const CLUB_ROOM: u64 = 910_000_000_000_000_021;
/// A member with rights of his own (an administrator, the owner, a thread manager).
const DAVE: (u64, &str) = (910_000_000_000_000_013, "dave");

/// What a game that does not exist is answered, by number.
fn no_game(n: u32) -> String {
    format!("There is no game {n} in this server")
}

/// A slash command's answer, shown to its asker alone or not.
async fn slash_answer(
    discord: &FakeDiscord,
    who: (u64, &str),
    channel: u64,
    name: &str,
    options: Value,
) -> Value {
    let interaction = discord.slash_command_json(&invoker(who, channel), name, options);
    data(&slash(discord, interaction).await)
}

/// `/games which:all` as `who` in `channel`: shown to him alone.
async fn all_games_for(discord: &FakeDiscord, who: (u64, &str), channel: u64) -> String {
    let which = json!([{ "name": "which", "type": 3, "value": "all" }]);
    let answer = slash_answer(discord, who, channel, "games", which).await;
    assert!(is_ephemeral(&answer), "{answer:#}");
    content(&answer).to_string()
}

/// Game 1 in the private `STAFF`, game 2 in the public `CHANNEL`, both alice against bob.
async fn a_private_and_a_public_game(discord: &FakeDiscord) {
    discord.private_channel(GUILD, STAFF, &[ALICE.0, BOB.0]);
    start_game(discord, STAFF).await;
    start_game(discord, CHANNEL).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_channels_game_is_reached_by_nobody_who_cannot_view_it() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    a_private_and_a_public_game(&discord).await;
    assert_eq!(
        discord.permissions_in(CAROL.0, STAFF),
        0,
        "carol cannot view the staff's channel"
    );

    // Listed: the public game, never the private one nor its channel.
    for typed in ["!games all", "!games", "!games finished"] {
        let listed = content(&ask(&discord, say(CHANNEL, CAROL, typed)).await).to_string();
        assert!(!listed.contains(&STAFF.to_string()), "{typed}: {listed}");
        assert!(!listed.contains("**1**"), "{typed}: {listed}");
    }
    let listed = content(&ask(&discord, say(CHANNEL, CAROL, "!games all")).await).to_string();
    assert!(listed.contains(&format!("<#{CHANNEL}>")), "{listed}");
    let listed = all_games_for(&discord, CAROL, CHANNEL).await;
    assert!(
        listed.contains("**2**") && !listed.contains("**1**"),
        "{listed}"
    );

    // By number: exactly as a game that does not exist, typed and slash.
    let nothing =
        content(&ask(&discord, say(CHANNEL, CAROL, "!history 9")).await).replace('9', "1");
    for typed in [
        "!history 1",
        "!export 1",
        "!browse 1",
        "!replay 1",
        "!analyse 1",
    ] {
        let answer = ask(&discord, say(CHANNEL, CAROL, typed)).await;
        assert_eq!(content(&answer), nothing, "{typed}");
        assert!(
            answer["attachments"].as_array().is_none_or(Vec::is_empty),
            "{typed}"
        );
    }
    assert!(nothing.starts_with(&no_game(1)), "{nothing}");
    for name in ["history", "export", "browse", "replay", "analyse"] {
        let game = json!([{ "name": "game", "type": 4, "value": 1 }]);
        let answer = slash_answer(&discord, CAROL, CHANNEL, name, game).await;
        assert!(
            content(&answer).starts_with(&no_game(1)),
            "/{name}: {answer:#}"
        );
    }

    // A stale or forged Browse button naming the hidden game shows nothing of it either.
    let browsed = ask(&discord, say(STAFF, ALICE, "!browse")).await;
    let step = button_ids(&browsed)
        .into_iter()
        .next()
        .expect("browse buttons");
    let message = discord.new_id();
    let click = discord.button_click_json(&invoker(CAROL, CHANNEL), &step, message);
    let clicked = data(&slash(&discord, click).await);
    assert!(content(&clicked).starts_with(&no_game(1)), "{clicked:#}");

    // The players see their own game: where it is played, and listed for them alone.
    let history = ask(&discord, say(STAFF, ALICE, "!history 1")).await;
    assert!(content(&history).starts_with("Game 1, "), "{history:#}");
    let listed = all_games_for(&discord, BOB, CHANNEL).await;
    assert!(
        listed.contains("**1**") && listed.contains(&format!("<#{STAFF}>")),
        "{listed}"
    );
    let mine = slash_answer(&discord, ALICE, CHANNEL, "mygames", json!([])).await;
    assert!(
        is_ephemeral(&mine) && content(&mine).contains(&format!("<#{STAFF}>")),
        "{mine:#}"
    );
    // But a public answer in a channel that others read never shows it.
    let mine = ask(&discord, say(CHANNEL, ALICE, "!mygames")).await;
    assert!(!content(&mine).contains(&STAFF.to_string()), "{mine:#}");
    let history = ask(&discord, say(CHANNEL, ALICE, "!history 1")).await;
    assert!(content(&history).starts_with(&no_game(1)), "{history:#}");
    // In a direct message, his games are his alone to read.
    let dm = discord.new_id();
    let direct = crate::support::fake_discord::MessageSpec {
        guild_id: None,
        ..say(dm, ALICE, "!mygames")
    };
    let mine = ask(&discord, direct).await;
    assert!(content(&mine).contains(&format!("<#{STAFF}>")), "{mine:#}");

    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn roles_overwrites_administrators_and_the_owner_decide_as_discord_does() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    // The club's room: hidden from @everyone, shown to the club's role; alice and bob are in it.
    let club = discord.create_role(GUILD, 0);
    role_created(&discord, club).await;
    discord.role_overwrite(CLUB_ROOM, GUILD, 0, VIEW_CHANNEL);
    discord.role_overwrite(CLUB_ROOM, club, VIEW_CHANNEL, 0);
    for member in [ALICE.0, BOB.0] {
        discord.give_role(member, club);
    }
    start_game(&discord, CLUB_ROOM).await;
    let sees = |listed: &str| listed.contains(&format!("<#{CLUB_ROOM}>"));

    assert!(!sees(&all_games_for(&discord, CAROL, CHANNEL).await));
    // Given the role, carol sees it at her next command; losing it, she no longer does.
    discord.give_role(CAROL.0, club);
    assert!(sees(&all_games_for(&discord, CAROL, CHANNEL).await));
    discord.take_role(CAROL.0, club);
    assert!(!sees(&all_games_for(&discord, CAROL, CHANNEL).await));

    // A role's overwrite hides a channel from that role's members; a member's own shows it
    // to him again.
    let muted = discord.create_role(GUILD, 0);
    role_created(&discord, muted).await;
    start_game(&discord, OTHER_CHANNEL).await;
    let sees_other = |listed: &str| listed.contains(&format!("<#{OTHER_CHANNEL}>"));
    assert!(sees_other(&all_games_for(&discord, CAROL, CHANNEL).await));
    discord.give_role(CAROL.0, muted);
    discord.role_overwrite(OTHER_CHANNEL, muted, 0, VIEW_CHANNEL);
    channel_changed(&discord, OTHER_CHANNEL).await;
    assert!(!sees_other(&all_games_for(&discord, CAROL, CHANNEL).await));
    discord.overwrite(OTHER_CHANNEL, CAROL.0, VIEW_CHANNEL, 0);
    channel_changed(&discord, OTHER_CHANNEL).await;
    assert!(sees_other(&all_games_for(&discord, CAROL, CHANNEL).await));
    // Hidden from some, it is no longer posted in an open channel's public answers.
    let listed = content(&ask(&discord, say(CHANNEL, BOB, "!games")).await).to_string();
    assert!(!sees_other(&listed), "{listed}");

    // The owner and an administrator see every channel, whatever the overwrites say.
    assert!(!sees(&all_games_for(&discord, DAVE, CHANNEL).await));
    discord.grant(DAVE.0, ADMINISTRATOR);
    role_created(&discord, DAVE.0).await;
    assert!(sees(&all_games_for(&discord, DAVE, CHANNEL).await));
    let erin = (910_000_000_000_000_014, "erin");
    assert!(!sees(&all_games_for(&discord, erin, CHANNEL).await));
    discord.set_owner(GUILD, erin.0);
    heard(&discord, "GUILD_UPDATE", discord.guild_json(GUILD)).await;
    assert!(sees(&all_games_for(&discord, erin, CHANNEL).await));
    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_threads_game_is_its_members_and_thread_managers_only() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    // The channel is known to be the server's once someone speaks in it.
    ask(&discord, say(CHANNEL, CAROL, "!games")).await;
    let thread = discord.private_thread(CHANNEL, &[ALICE.0, BOB.0]);
    start_game(&discord, thread).await;
    let sees = |listed: &str| listed.contains(&format!("<#{thread}>"));

    // Carol reads the channel but is no member of its private thread.
    let listed = content(&ask(&discord, say(CHANNEL, CAROL, "!games")).await).to_string();
    assert!(!sees(&listed), "{listed}");
    let history = ask(&discord, say(CHANNEL, CAROL, "!history 1")).await;
    assert!(content(&history).starts_with(&no_game(1)), "{history:#}");
    assert!(!sees(&all_games_for(&discord, CAROL, CHANNEL).await));
    // Its members see it, listed for them alone; and so does whoever manages threads.
    assert!(sees(&all_games_for(&discord, BOB, CHANNEL).await));
    assert!(!sees(&all_games_for(&discord, DAVE, OTHER_CHANNEL).await));
    discord.grant(DAVE.0, MANAGE_THREADS);
    role_created(&discord, DAVE.0).await;
    assert!(sees(&all_games_for(&discord, DAVE, OTHER_CHANNEL).await));
    // In the thread itself, its readers see its game.
    let history = ask(&discord, say(thread, BOB, "!history 1")).await;
    assert!(content(&history).starts_with("Game 1, "), "{history:#}");

    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_channels_game_is_everyones_and_its_record_says_how_many_turns() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    ask(&discord, say(CHANNEL, ALICE, "!push b1 c2")).await;

    // From another open channel, anyone reads it by number.
    let export = ask(&discord, say(OTHER_CHANNEL, CAROL, "!export 1")).await;
    assert!(content(&export).ends_with(", 1 turn so far."), "{export:#}");
    let listed = content(&ask(&discord, say(OTHER_CHANNEL, CAROL, "!games")).await).to_string();
    assert!(listed.contains(&format!("<#{CHANNEL}>")), "{listed}");

    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}

/// Tells the bot of `event`, as Discord does, and gives it a moment to hear it before the
/// next command (events are handled concurrently).
async fn heard(discord: &FakeDiscord, event: &str, data: Value) {
    discord.send_dispatch(event, data).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
}

/// `channel`'s settings changed.
async fn channel_changed(discord: &FakeDiscord, channel: u64) {
    heard(discord, "CHANNEL_UPDATE", discord.channel_json(channel)).await;
}

/// A role was made (or granted to a user, with his id).
async fn role_created(discord: &FakeDiscord, role: u64) {
    heard(
        discord,
        "GUILD_ROLE_CREATE",
        discord.role_event_json(GUILD, role),
    )
    .await;
}
