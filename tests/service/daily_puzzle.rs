//! The daily puzzle, through the service over a real database: a server's moderators name
//! its channel and hour, the watch posts one puzzle a day there (never twice, restarts or
//! not), each member answers it once in that channel, privately, and the next post says how
//! the server did. A post Discord refused shows in the settings.

use crate::support::recorder::{Recorder, look};
use gipf_bot::service::Asked;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::puzzles::{puzzle_number, solution_of, wrong_answer_to};
use crate::support::table::{Table, shown};
use gipf_bot::model::{ChannelId, Clock, Rights};
use gipf_bot::service::Config;

/// 2026-11-26 12:00 UTC.
const NOON: i64 = 1_795_694_400;
const HOUR: i64 = 3600;
/// The channel of the daily puzzle.
const PUZZLES: ChannelId = ChannelId(7);

/// A table whose clock reads `now`.
fn table_at(start: i64) -> (Table, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(start));
    let clock = Clock::new({
        let now = Arc::clone(&now);
        move || now.load(Ordering::SeqCst)
    });
    let table = Table::with_config(Config {
        clock,
        ..Config::default()
    });
    (table, now)
}

/// What `text` gets from a member with Manage Server.
fn as_admin(table: &mut Table, text: &str) -> String {
    let mut message = table.message("dave", text);
    message.rights = Rights {
        manage_messages: false,
        manage_server: true,
    };
    let replies = table.serve(message.clone(), Asked::Line);
    assert_eq!(replies.len(), 1, "{replies:?}");
    shown(&replies[0])
}

/// The daily puzzles the watch posts now, as (channel, text); each has its picture and
/// pings nobody.
fn posted(table: &Table) -> Vec<(ChannelId, String)> {
    (table.look().into_iter())
        .map(|(channel, reply)| {
            assert!(reply.board.is_some() && reply.mentions().is_empty() && !reply.private);
            (channel, shown(&reply))
        })
        .collect()
}

/// Discord's way of showing a time: `<t:…:f> (<t:…:R>)`.
fn time(unix: i64) -> String {
    format!("<t:{unix}:f> (<t:{unix}:R>)")
}

#[test]
fn a_server_gets_one_puzzle_a_day_answered_once_by_each_member_in_its_channel() {
    // 08:00 UTC: the server wants its puzzle at 18:00.
    let (mut table, now) = table_at(NOON - 4 * HOUR);
    table.expect(
        "carol",
        "!settings puzzles=<#7>",
        "Changing the settings takes the Manage Server permission.",
    );
    assert!(posted(&table).is_empty());
    let set = as_admin(&mut table, "!settings puzzles=<#7> puzzle_hour=18");
    assert!(
        set.ends_with(
            "A puzzle is posted in <#7> every day at 18:00 UTC; the next within a minute."
        ),
        "{set}"
    );

    // The first comes at once (yesterday's 18:00 began the server's day), then no other.
    let posts = posted(&table);
    assert_eq!(posts.len(), 1);
    let (channel, text) = &posts[0];
    assert_eq!(*channel, PUZZLES);
    assert!(text.starts_with("The daily puzzle (number "), "{text}");
    assert!(
        text.contains(" to move, in ") && text.contains("Find the one turn that "),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Answer with `/solve turn:<turn>` in this channel: only you see your answer and \
             whether it is right. A wrong answer gets one more try; the next puzzle comes {}.",
            time(NOON + 6 * HOUR)
        )),
        "{text}"
    );
    let first = puzzle_number(text);
    assert!(posted(&table).is_empty(), "posted twice");
    table.restart();
    assert!(posted(&table).is_empty(), "posted again after a restart");

    // In its channel, `solve` answers it; a turn that is none changes nothing.
    table.channel = PUZZLES;
    table.expect(
        "alice",
        "!solve z9",
        "`z9` is not a turn in the daily puzzle: ",
    );
    let right = table
        .say("alice", &format!("!solve {}", solution_of(first)))
        .remove(0);
    assert!(right.private, "only alice reads it");
    let verdict = shown(&right);
    assert!(
        verdict.starts_with(&format!("Right: `{}` ", solution_of(first)))
            && verdict.contains("(1 solved, streak 1, best 1). So far today, the one member who answered found it. The next daily puzzle comes ")
            && verdict.contains(&time(NOON + 6 * HOUR)),
        "{verdict}"
    );
    // A right answer is final: then `solve` there is about his own puzzles.
    table.expect(
        "alice",
        &format!("!solve {}", solution_of(first)),
        "You have answered today's daily puzzle; the next comes",
    );
    // A wrong answer gets one more try, the last; the second wrong one is final.
    table.expect(
        "bob",
        &format!("!solve {}", wrong_answer_to(first)),
        "One more try, your last: answer again with `!solve <turn>`",
    );
    let wrong = shown(
        &table
            .say("bob", &format!("!solve {}", wrong_answer_to(first)))
            .remove(0),
    );
    assert!(
        wrong.starts_with("Not this one: the one turn that ")
            && wrong.contains(&format!("was `{}`", solution_of(first)))
            && wrong.contains("(0 solved, streak 0, best 0). So far today, 1 of the 2 members who answered found it."),
        "{wrong}"
    );
    // `puzzle` there shows the daily one until it is answered, then one of his own.
    let again = table.say("carol", "!puzzle").remove(0);
    assert!(again.private && again.board.is_some());
    assert!(
        shown(&again).starts_with(&format!(
            "Here the puzzle is the daily one (number {first}): "
        )),
        "{}",
        shown(&again)
    );
    table.expect("bob", "!puzzle", " for bob: ");
    // Elsewhere, `solve` is about his own puzzle only.
    table.channel = ChannelId(1);
    table.expect("carol", "!solve a5-c5", "You have no puzzle open:");

    // The next day at 18:00: another puzzle, and how yesterday's went.
    now.store(NOON + 6 * HOUR + 30, Ordering::SeqCst);
    let posts = posted(&table);
    assert_eq!(posts.len(), 1);
    let text = &posts[0].1;
    let second = puzzle_number(text);
    assert_ne!(second, first);
    assert!(
        text.ends_with(&format!(
            "\nYesterday's puzzle: 1 of the 2 members who answered found it; the turn was `{}`.",
            solution_of(first)
        )),
        "{text}"
    );
    // Yesterday's answers do not count for today's.
    table.channel = PUZZLES;
    table.expect(
        "alice",
        &format!("!solve {}", wrong_answer_to(second)),
        "One more try, your last",
    );
    table.expect(
        "alice",
        &format!("!solve {}", wrong_answer_to(second)),
        "(1 solved, streak 0, best 1)",
    );
}

#[test]
fn a_wrong_answer_to_the_daily_puzzle_gets_one_more_try_across_a_restart_and_counts_once() {
    let (mut table, now) = table_at(NOON + HOUR);
    as_admin(&mut table, "!settings puzzles=<#7>");
    let posts = posted(&table);
    let number = puzzle_number(&posts[0].1);
    table.channel = PUZZLES;

    // Carol's first answer is wrong: one more try, her last, said to her alone; her
    // streak waits for her final answer.
    let first = table
        .say("carol", &format!("!solve {}", wrong_answer_to(number)))
        .remove(0);
    assert!(first.private);
    let said = shown(&first);
    assert!(
        said.starts_with(&format!(
            "Not this one: `{}` is a turn there, but not the one that ",
            wrong_answer_to(number)
        )) && said.contains("One more try, your last")
            && !said.contains(&solution_of(number)),
        "{said}"
    );
    // Meanwhile the tally counts her once, wrong so far; dave's right answer is final.
    table.expect(
        "dave",
        &format!("!solve {}", solution_of(number)),
        "So far today, 1 of the 2 members who answered found it.",
    );

    // After a restart she still has her last try: `puzzle` says so, `solve` takes it.
    table.restart();
    table.expect(
        "carol",
        "!puzzle",
        "You have one try left, your last: answer with `!solve <turn>`",
    );
    let last = shown(
        &table
            .say("carol", &format!("!solve {}", solution_of(number)))
            .remove(0),
    );
    assert!(
        last.starts_with(&format!("Right: `{}` ", solution_of(number)))
            && last.contains("(1 solved, streak 1, best 1). So far today, 2 of the 2 members who answered found it."),
        "{last}"
    );
    // Final now: a third answer is about her own puzzles.
    table.expect(
        "carol",
        &format!("!solve {}", solution_of(number)),
        "You have answered today's daily puzzle; the next comes",
    );

    // The next day's post counts each member once, with his final answer.
    now.store(NOON + 24 * HOUR + 30, Ordering::SeqCst);
    let posts = posted(&table);
    assert!(
        posts[0].1.contains(&format!(
            "\nYesterday's puzzle: 2 of the 2 members who answered found it; the turn was `{}`.",
            solution_of(number)
        )),
        "{}",
        posts[0].1
    );
}

#[test]
fn a_post_discord_refused_shows_in_the_settings_and_the_daily_puzzle_stops_when_asked() {
    let (mut table, now) = table_at(NOON + HOUR);
    as_admin(&mut table, "!settings puzzles=<#7>");
    // Discord refuses the post.
    let refusing = Arc::new(Recorder::refusing(
        ChannelId(7),
        "Discord refused it (I need the View Channel, Send Messages, Attach Files and Embed Links permissions in <#7>)",
    ));
    assert!(look(&table.service, &refusing).is_empty(), "nothing posted");
    let settings = table.text("carol", "!settings");
    assert!(
        settings.ends_with(&format!(
            "A puzzle is posted in <#7> every day at 12:00 UTC; the next comes {}. The last \
             one, due {}, was not posted: Discord refused it (I need the View Channel, Send \
             Messages, Attach Files and Embed Links permissions in <#7>).",
            time(NOON + 24 * HOUR),
            time(NOON)
        )),
        "{settings}"
    );
    // Nobody saw it: `solve` in the channel is not about it.
    table.channel = PUZZLES;
    table.expect("alice", "!solve a5-c5", "You have no puzzle open:");

    // Stopped: no more posts, and the settings say how to start it again.
    let off = as_admin(&mut table, "!settings puzzles=off");
    assert!(
        off.ends_with(
            "There is no daily puzzle; `!settings puzzles=#channel` posts one every day at 12:00 UTC."
        ),
        "{off}"
    );
    now.store(NOON + 25 * HOUR, Ordering::SeqCst);
    assert!(posted(&table).is_empty());
}

#[test]
fn a_bad_channel_or_hour_is_refused_saying_what_to_write() {
    let (mut table, _) = table_at(NOON);
    let refused = as_admin(&mut table, "!settings puzzles=general");
    assert!(
        refused.contains(
            "`puzzles=general`: name the daily puzzle's channel as `!settings puzzles=#channel`, or stop it with `!settings puzzles=off`"
        ),
        "{refused}"
    );
    let refused = as_admin(&mut table, "!settings puzzle_hour=24");
    assert!(
        refused.contains("the daily puzzle's hour is 0 to 23, in UTC"),
        "{refused}"
    );
    // A channel the adapter does not vouch for as one of this server's is refused.
    let mut message = table.message("dave", "!settings puzzles=<#8>");
    message.rights.manage_server = true;
    message.channels.clear();
    let refused = shown(&table.serve(message.clone(), Asked::Line)[0]);
    assert_eq!(
        refused,
        "<#8> is not one of this server's text channels that I can see: name one with `!settings puzzles=#channel`."
    );
    // Nothing was changed.
    assert!(table.text("carol", "!settings").ends_with(
        "There is no daily puzzle; `!settings puzzles=#channel` posts one every day at 12:00 UTC."
    ));
}
