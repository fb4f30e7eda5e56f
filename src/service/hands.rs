//! What a handler is handed, in layers, each the one before with more: the bot's
//! [`Voice`], a [`Desk`] (and the store), an [`Office`] (and the settings), a [`Ledger`]
//! (and what a game that ends does to the engine and the limits: its search stops, its
//! players' challenge pings are forgotten; so it loads and saves games, since loading ends
//! a game left idle too long), a [`Keeper`] (and the engine's searches and the rate
//! limits). The [`Service`](super::Service) is a keeper with the analyses' seat. A
//! handler's signature says which one it is handed, and so what it can touch; a shared step
//! (loading a game, saving a turn, the outbox, the names) lives on the smallest layer that
//! holds what it uses.

use std::ops::Deref;
use std::sync::Arc;

use super::Config;
use super::engine::{EngineSeat, SearchStops};
use super::limits::{Forgetting, Limits};
use super::voice::Voice;
use crate::store::Store;

/// The store and the bot's voice: what a handler of the store has.
pub struct Desk {
    /// Shared with the engine's searches, which claim their request as they start.
    pub(super) store: Arc<Store>,
    pub(super) voice: Voice,
}

/// A desk with the settings (the clock, the prefix, the time limits).
pub struct Office {
    desk: Desk,
    pub(super) config: Config,
}

/// An office that can end a game: stop the engine's search in it, forget its players'
/// challenge pings.
pub struct Ledger {
    office: Office,
    /// The engine's searches, to stop the one in a game that ends.
    pub(super) engine: SearchStops,
    /// The rate limits, to forget the challenge pings between a finished game's players.
    pub(super) limits: Forgetting,
}

/// A ledger with the engine's searches and the rate limits. Its `engine` and `limits`
/// are the whole of the ones its ledger sees a part of: a keeper's `self.engine` is the
/// seat, a ledger's only its stops.
pub struct Keeper {
    ledger: Ledger,
    /// The engine and what it is doing.
    pub(super) engine: EngineSeat,
    /// Rate limits against spam.
    pub(super) limits: Arc<Limits>,
}

impl Keeper {
    /// The layers around `store`, served with `config`.
    pub(super) fn new(store: Store, config: Config) -> Keeper {
        let engine = EngineSeat::new(config.engine_threads);
        let limits = Arc::new(Limits::default());
        Keeper {
            ledger: Ledger {
                engine: engine.stops(),
                limits: Forgetting::of(&limits),
                office: Office {
                    desk: Desk {
                        store: Arc::new(store),
                        voice: Voice::new(&config.prefix),
                    },
                    config,
                },
            },
            engine,
            limits,
        }
    }
}

impl Deref for Desk {
    type Target = Voice;

    fn deref(&self) -> &Voice {
        &self.voice
    }
}

impl Deref for Office {
    type Target = Desk;

    fn deref(&self) -> &Desk {
        &self.desk
    }
}

impl Deref for Ledger {
    type Target = Office;

    fn deref(&self) -> &Office {
        &self.office
    }
}

impl Deref for Keeper {
    type Target = Ledger;

    fn deref(&self) -> &Ledger {
        &self.ledger
    }
}
