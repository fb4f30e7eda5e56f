//! `help`, `rules`: how to play, the same in every channel, in the asker's own words.

use gipf::potentials::Potential;

use super::voice::Voice;
use super::{Handled, Message, Run};
use crate::command::{InfoCommand, Phrasing, Syntax};
use crate::reply::Reply;
use crate::text;
use crate::text::{Span, Text};

/// The help and the rules touch only the bot's voice.
impl Run for InfoCommand {
    type Hands<'a> = Voice;

    fn run(self, voice: &Voice, message: &Message) -> Handled {
        let say = voice.phrasing(message);
        Ok(Reply::public(match self {
            InfoCommand::Rules => rules(&say),
            InfoCommand::RulesOf(topic) => potentials_rules(topic, &say),
            InfoCommand::Help => say.help(&voice.typed_example()),
            InfoCommand::HelpOn(word) => help_on(word, voice.prefix(), &say),
        }))
    }
}

/// `!help push`: that command's help line (typed with `prefix`), and where the whole list
/// is.
fn help_on(word: &str, prefix: &str, say: &Phrasing) -> Text {
    let help = Syntax::of(word).map_or("", |syntax| syntax.help);
    let lines: Vec<String> = help
        .replace("{p}", prefix)
        .lines()
        .map(|line| match line.trim_end() {
            stopped if stopped.ends_with(['.', '!', '?']) => stopped.to_string(),
            open => format!("{open}."),
        })
        .collect();
    text![format!(
        "{}\nAll the commands: {}.",
        lines.join("\n"),
        say.cmd("help")
    )]
}

/// `!rules`: the game in a few lines, and the notation.
fn rules(say: &Phrasing) -> Text {
    text![
        Span::Strong("GIPF".into()),
        format!(
            " (Kris Burm). Each turn you push one piece from your reserve onto a dot at the edge and \
into the board along a line; pieces in the way slide one step (a full line cannot be pushed into). \
Four or more pieces of one colour in a line make a row: its owner removes it with every piece \
directly extending it. Own pieces go back to the reserve, the opponent's are captured. \
GIPF-pieces (double stacks) in a removed row are the remover's choice: take or keep.\n\
You lose when you must push and have no reserve left, or (standard and tournament games) when \
you have no GIPF-piece on the board. Tournament game: your first push must be a GIPF-piece, and \
you may bring in more until you first push a basic piece.\n\
Name a push by its dot and first spot: {}. Turns are recorded in the official \
notation: `b6-f5` (dot and where the last pushed piece ends), `Ge8` (a GIPF-piece onto an empty \
spot), `h6-c4;xc6*,d6,f5,g4` (removals after the push; `*` = captured, `G` = GIPF-piece).",
            say.cmd("push b1 c2")
        )
    ]
}

/// `!rules potentials` and `!rules <power>`: the expansion, or one power, in a few lines.
fn potentials_rules(topic: Option<Potential>, say: &Phrasing) -> Text {
    let power = |kind: Potential| match kind {
        Potential::Tamsk => format!(
            "(reconstructed) when your own push moves your TAMSK-loaded piece onto e5, push \
its potential in as an extra piece from any dot ({} or {}); it takes no reserve piece and stays \
as a used TAMSK. No rows are dealt with between the push and its extra pushes.",
            say.cmd("tamsk a5 b5"),
            say.cmd("tamsk skip")
        ),
        Potential::Zertz => format!(
            "the potential jumps in a straight line over one or more pieces next to it and \
lands on the first empty spot after them, never on a dot ({}).",
            say.cmd("zertz c3 c6")
        ),
        Potential::Dvonn => format!(
            "the potential jumps onto a neighbouring opponent's basic piece, DVONN-loaded \
piece or DVONN stack, which becomes yours until the used DVONN is removed ({}).",
            say.cmd("dvonn d4 d5")
        ),
        Potential::Yinsh => format!(
            "the potential slides in a straight line over empty spots and stops on any of \
them ({}).",
            say.cmd("yinsh d2 d4")
        ),
        Potential::Punct => format!(
            "the potential jumps onto a neighbouring opponent's PÜNCT-loaded piece or \
PÜNCT stack, or (reconstructed) onto an opponent's GIPF-piece: its top piece is captured and it \
becomes your GIPF-piece ({}).",
            say.cmd("punct e4 e5")
        ),
    };
    if let Some(kind) = topic {
        let mut text = text![Span::Strong(kind.name().into()), ": ", power(kind)];
        if matches!(kind, Potential::Tamsk | Potential::Punct) {
            text.push(format!("\n{}", super::play::potentials::RECONSTRUCTED));
        }
        return text;
    }
    text![
        Span::Strong("Potentials".into()),
        format!(
            " (the GIPF expansion): a basic piece loaded with a potential of TAMSK, ZÈRTZ, DVONN, \
YINSH or PÜNCT brings in that game's power. Push one in with {} (it costs a reserve piece and a \
potential from your supply); later, on any turn, use its power instead of pushing: {}. The first \
basic piece you push ({}) gives up the rest of your potentials. In a removed row, loaded pieces \
are your choice like GIPF-pieces, used potentials must go, and the row must end broken. You lose \
when you have no legal push and no potential move. Challenge with {} or play {}. Each power: {}.\n{}",
            say.cmd("push b1 c2 zertz"),
            say.cmd("zertz c3 c6"),
            say.cmd("push b1 c2 basic"),
            say.cmd("challenge @bob standard potentials=ZYD:3"),
            say.cmd("challenge @bob ultimate"),
            say.cmd("rules zertz"),
            super::play::potentials::RECONSTRUCTED
        )
    ]
}
