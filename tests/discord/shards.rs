//! End to end, Discord's shards: the bot connects as many as Discord recommends, or the
//! range it is told, and hears each server on the shard Discord sends its events on.

use gipf_bot::discord::{Shards, shard_of};
use gipf_bot::service::Config;

use crate::support::bot::{Bot, ask, assert_no_unhandled, content, say};
use crate::support::chat::{ALICE, CHANNEL, GUILD};
use crate::support::fake_discord::{FakeDiscord, MessageSpec};

/// A second server, whose events come on shard 1 of 2 (the first's on shard 0).
const OTHER_GUILD: u64 = GUILD + (1 << 22);
/// A channel of that server.
const OTHER_GUILD_CHANNEL: u64 = 910_000_000_000_000_030;

/// `!games` in `channel` of `guild`, answered.
async fn answered_in(discord: &FakeDiscord, guild: u64, channel: u64) -> String {
    let spec = MessageSpec {
        guild_id: Some(guild),
        ..say(channel, ALICE, "!games")
    };
    content(&ask(discord, spec).await).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_runs_every_shard_discord_recommends_and_hears_each_server_on_its_own() {
    assert_eq!((shard_of(GUILD, 2), shard_of(OTHER_GUILD, 2)), (0, 1));
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    discord.recommend_shards(2);
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    discord.wait_shards(&[(0, 2), (1, 2)]).await;
    // Each server's events come on its own shard only, and each is answered.
    for (guild, channel) in [(GUILD, CHANNEL), (OTHER_GUILD, OTHER_GUILD_CHANNEL)] {
        let answer = answered_in(&discord, guild, channel).await;
        assert!(
            answer.starts_with("No game is being played here"),
            "{answer}"
        );
    }
    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_range_of_shards_connects_those_alone() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    discord.recommend_shards(4);
    let shards: Shards = "1-1/2".parse().unwrap();
    let bot = Bot::start_sharded(
        &discord,
        &dir.path().join("gipf.db"),
        Config::default(),
        shards,
    )
    .await;
    discord.wait_shards(&[(1, 2)]).await;
    let answer = answered_in(&discord, OTHER_GUILD, OTHER_GUILD_CHANNEL).await;
    assert!(
        answer.starts_with("No game is being played here"),
        "{answer}"
    );
    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}
