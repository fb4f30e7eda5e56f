//! Where a test makes the bot die, as `kill -9` would, between storing a change and marking
//! its announcement sent: compiled only with the `failpoints` feature, which the tests turn
//! on; in any other build a [`Failpoint`] holds nothing and never fires.

use super::Config;

/// Where the bot dies on the way from a stored turn to its announcement marked sent.
#[cfg(feature = "failpoints")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The turn is stored, its announcement not posted.
    BeforePost,
    /// The announcement is posted, not marked sent.
    BeforeMark,
    /// After a restart, the first unsent announcement is posted again, not marked sent, and
    /// the others wait.
    WhileDraining,
}

/// The failpoint of this process, if the build has them and the settings name one.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Failpoint {
    #[cfg(feature = "failpoints")]
    crash: Option<Crash>,
}

/// `Failpoint::$name` is whether the bot dies at `$crash` (never without the feature).
macro_rules! fires_at {
    ($($(#[$doc:meta])* $name:ident => $at:pat,)*) => {$(
        $(#[$doc])*
        #[cfg(feature = "failpoints")]
        pub(super) fn $name(self) -> bool {
            matches!(self.crash, Some($at))
        }

        $(#[$doc])*
        #[cfg(not(feature = "failpoints"))]
        pub(super) fn $name(self) -> bool {
            false
        }
    )*};
}

impl Failpoint {
    /// The failpoint `config` names.
    #[cfg(feature = "failpoints")]
    pub(super) fn of(config: &Config) -> Failpoint {
        Failpoint {
            crash: config.crash,
        }
    }

    /// The failpoint `config` names: none in this build.
    #[cfg(not(feature = "failpoints"))]
    pub(super) fn of(_: &Config) -> Failpoint {
        Failpoint {}
    }

    fires_at! {
        /// Whether the bot dies before it posts an announcement.
        before_post => Crash::BeforePost,
        /// Whether the bot dies before it marks an announcement sent.
        before_mark => Crash::BeforeMark,
        /// Whether the bot dies after posting the first message owed at its start.
        while_draining => Crash::WhileDraining,
        /// Whether the bot dies before it forgets the interaction it answered (at every
        /// failpoint but the last, after the post).
        before_forgetting => Crash::BeforePost | Crash::WhileDraining,
    }
}
