//! What a handler is handed, in layers, each the one before with more: the bot's
//! [`Voice`], a [`Desk`] (and the store), an [`Office`] (and the settings), a [`Keeper`] (and the
//! engine and the rate limits: it loads and saves games, and a game that ends stops its
//! search and frees its players' challenge pings). The [`Service`](super::Service) is a
//! keeper with the analyses' seat. A handler's signature says which one it is handed, and
//! so what it can touch; a shared step (loading a game, saving a turn, the outbox, the
//! names) lives on the smallest layer that holds what it uses.

use std::ops::Deref;

use super::Config;
use super::engine::EngineSeat;
use super::limits::Limits;
use super::voice::Voice;
use crate::store::Store;

/// The store and the bot's voice: what a handler of the store has.
pub struct Desk {
    pub(super) store: Store,
    pub(super) voice: Voice,
}

/// A desk with the settings (the clock, the prefix, the time limits).
pub struct Office {
    desk: Desk,
    pub(super) config: Config,
}

/// An office with the engine and the rate limits.
pub struct Keeper {
    office: Office,
    pub(super) engine: EngineSeat,
    pub(super) limits: Limits,
}

impl Keeper {
    /// The layers around `store`, served with `config`.
    pub(super) fn new(store: Store, config: Config) -> Keeper {
        Keeper {
            engine: EngineSeat::new(config.engine_threads),
            limits: Limits::default(),
            office: Office {
                desk: Desk {
                    store,
                    voice: Voice::new(&config.prefix),
                },
                config,
            },
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

impl Deref for Keeper {
    type Target = Office;

    fn deref(&self) -> &Office {
        &self.office
    }
}
