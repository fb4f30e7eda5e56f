//! Issue 32, point 9: every sentence the bot says starts with a capital and ends with a full
//! stop, swept over the replies of a scripted set of games and commands.

use crate::support::table::{Table, play_random_turns};
use gipf_bot::model::ChannelId;
use gipf_bot::reply::Reply;
use gipf_bot::text::Span;

/// The lines of a reply, each with whether it opens with a name (which keeps its own case).
fn lines(reply: &Reply) -> Vec<(bool, String)> {
    let mut lines = vec![(false, String::new())];
    for span in reply.text.spans() {
        let (words, named) = match span {
            Span::Plain(s) | Span::Strong(s) => (s.clone(), false),
            Span::Name(name) | Span::Mention(_, name) => (name.clone(), true),
            Span::Channel(_) | Span::Message(..) => ("#channel".to_string(), true),
            Span::Time(_) => ("Monday".to_string(), false),
            Span::Listing(_) => ("A record.".to_string(), false),
        };
        for (i, part) in words.split('\n').enumerate() {
            if i > 0 {
                lines.push((false, String::new()));
            }
            let line = lines.last_mut().unwrap();
            if line.1.is_empty() && !part.is_empty() {
                line.0 = named;
            }
            line.1.push_str(part);
        }
    }
    lines.retain(|(_, line)| !line.trim().is_empty());
    lines
}

/// What is wrong with a line as a sentence, if anything: a lowercase start (a name, a
/// command in backticks or a spot keeps its own) or no full stop at its end (a heading
/// before a list ends with a colon).
fn flaw(named: bool, line: &str) -> Option<&'static str> {
    let first = line.trim_start().chars().next()?;
    let starts_with_a_spot = line.len() >= 2
        && matches!(line.as_bytes()[0], b'a'..=b'i')
        && line.as_bytes()[1].is_ascii_digit();
    if !named && first.is_lowercase() && !starts_with_a_spot {
        return Some("starts with a small letter");
    }
    let last = line.trim_end().chars().last()?;
    (!matches!(last, '.' | '!' | '?' | ':')).then_some("ends without a full stop")
}

fn check(table: &mut Table, author: &str, command: &str, flaws: &mut Vec<String>) {
    for reply in table.say(author, command) {
        for (named, line) in lines(&reply) {
            if let Some(flaw) = flaw(named, &line) {
                flaws.push(format!("{command} -> {flaw}: {line}"));
            }
        }
    }
}

#[test]
fn every_sentence_starts_with_a_capital_and_ends_with_a_full_stop() {
    let mut table = Table::new();
    let mut flaws = Vec::new();
    let script: &[(&str, &str)] = &[
        ("alice", "!push b1 c2"),
        ("alice", "!challenge @bob basic white"),
        ("bob", "!accept"),
        ("bob", "!push b1 c2"),
        ("carol", "!push b1 c2"),
        ("alice", "!push b1 c3"),
        ("alice", "!push e5 e6"),
        ("alice", "!push j1 h2"),
        ("alice", "!gipf b1 c2"),
        ("alice", "!move b1-e4"),
        ("alice", "!row 1"),
        ("alice", "!keep all"),
        ("alice", "!push b1 c2 row 1"),
        ("alice", "!tamsk skip"),
        ("alice", "!zertz c3 c6"),
        ("alice", "!hint"),
        ("alice", "!push i5 h5"),
        ("bob", "!push i1 h2"),
        ("alice", "!board"),
        ("alice", "!history"),
        ("bob", "!takeback"),
        ("alice", "!takeback decline"),
        ("alice", "!abort"),
        ("carol", "!stats @alice"),
        ("carol", "!games"),
        ("alice", "!mygames"),
        ("carol", "!leaderboard"),
        ("alice", "!resign"),
        ("alice", "!resign confirm"),
        ("alice", "!stats"),
        ("bob", "!stats"),
        ("alice", "!rematch"),
    ];
    for (author, command) in script {
        check(&mut table, author, command, &mut flaws);
    }
    table.channel = ChannelId(5);
    for (author, command) in [
        ("alice", "!challenge @bob ultimate white hints"),
        ("bob", "!accept"),
        ("alice", "!push b1 c2"),
        ("alice", "!hint"),
        ("alice", "!gipf b1 c2"),
        ("bob", "!push i1 h2"),
        ("bob", "!yinsh c2 c3"),
    ] {
        check(&mut table, author, command, &mut flaws);
    }
    check(&mut table, "bob", "!resign confirm", &mut flaws);
    table.channel = ChannelId(6);
    table.start("tournament");
    play_random_turns(&mut table, 3, 30);
    for (author, command) in [
        ("alice", "!board"),
        ("bob", "!history"),
        ("alice", "!resign confirm"),
    ] {
        check(&mut table, author, command, &mut flaws);
    }
    assert!(flaws.is_empty(), "{}", flaws.join("\n"));
}
