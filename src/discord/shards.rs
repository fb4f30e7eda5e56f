//! Which of Discord's shards this process runs. Discord splits a bot's servers into shards,
//! a server's events all coming on shard `(server id >> 22) % total`, and refuses a bot that
//! is in 2,500 servers or more on one shard. By default the process runs every shard Discord
//! recommends; `SHARDS=first-last/total` runs that range, so that several processes (on one
//! PostgreSQL database) share the servers.

use std::fmt;
use std::str::FromStr;

/// The shards this process connects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends (`GET /gateway/bot`), all in this process.
    #[default]
    Recommended,
    /// Shards `first` to `last` (both included) of `total`.
    Range {
        /// The first shard this process runs.
        first: u32,
        /// The last shard this process runs.
        last: u32,
        /// How many shards the bot has in all, across its processes.
        total: u32,
    },
}

/// Why a `SHARDS` setting cannot be read: each names the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardsError {
    /// No `/total` part.
    NoTotal,
    /// A part that is no whole number.
    NotANumber(String),
    /// A total of zero.
    NoShards,
    /// The range runs backwards.
    Backwards {
        /// The first shard named.
        first: u32,
        /// The last shard named, below the first.
        last: u32,
    },
    /// The range ends past the last shard.
    PastTheEnd {
        /// The last shard named.
        last: u32,
        /// The total, at most that shard.
        total: u32,
    },
}

impl fmt::Display for ShardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const FORM: &str = "write SHARDS (in the environment or .env, or --shards) as \
                            `first-last/total`, like `0-1/4` (shards 0 and 1 of 4), or `auto` \
                            for as many as Discord recommends";
        match self {
            ShardsError::NoTotal => write!(f, "the shards have no `/total`: {FORM}"),
            ShardsError::NotANumber(part) => {
                write!(f, "`{part}` in the shards is not a whole number: {FORM}")
            }
            ShardsError::NoShards => write!(f, "the total of shards is 0: {FORM}"),
            ShardsError::Backwards { first, last } => {
                write!(f, "the shards run backwards ({first} after {last}): {FORM}")
            }
            ShardsError::PastTheEnd { last, total } => write!(
                f,
                "shard {last} does not exist when there are {total} (they count from 0 to {}): {FORM}",
                total - 1
            ),
        }
    }
}

impl std::error::Error for ShardsError {}

impl FromStr for Shards {
    type Err = ShardsError;

    /// `auto`, `first-last/total` or `shard/total`.
    fn from_str(text: &str) -> Result<Shards, ShardsError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("auto") || text.is_empty() {
            return Ok(Shards::Recommended);
        }
        let (range, total) = text.split_once('/').ok_or(ShardsError::NoTotal)?;
        let number = |part: &str| {
            (part.trim().parse::<u32>()).map_err(|_| ShardsError::NotANumber(part.trim().into()))
        };
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => (number(range)?, number(range)?),
        };
        let total = number(total)?;
        if total == 0 {
            return Err(ShardsError::NoShards);
        }
        if first > last {
            return Err(ShardsError::Backwards { first, last });
        }
        if last >= total {
            return Err(ShardsError::PastTheEnd { last, total });
        }
        Ok(Shards::Range { first, last, total })
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shards::Recommended => f.write_str("auto"),
            Shards::Range { first, last, total } => write!(f, "{first}-{last}/{total}"),
        }
    }
}

/// The shard a server's events come on, as Discord assigns it.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    // The remainder is below `total`, a u32.
    u32::try_from((guild >> 22) % u64::from(total.max(1))).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_read_back_and_wrong_ones_name_the_wrong_part() {
        assert_eq!("auto".parse(), Ok(Shards::Recommended));
        let range = |first, last, total| Ok(Shards::Range { first, last, total });
        assert_eq!("0-1/4".parse(), range(0, 1, 4));
        assert_eq!(" 2 - 3 / 4 ".parse(), range(2, 3, 4));
        assert_eq!("3/4".parse(), range(3, 3, 4));
        assert_eq!(
            "0-1/4".parse::<Shards>().map(|s| s.to_string()),
            Ok("0-1/4".into())
        );
        assert_eq!("0-1".parse::<Shards>(), Err(ShardsError::NoTotal));
        assert_eq!(
            "0-x/4".parse::<Shards>(),
            Err(ShardsError::NotANumber("x".into()))
        );
        assert_eq!("0/0".parse::<Shards>(), Err(ShardsError::NoShards));
        assert_eq!(
            "3-1/4".parse::<Shards>(),
            Err(ShardsError::Backwards { first: 3, last: 1 })
        );
        let past = "2-4/4".parse::<Shards>().unwrap_err();
        assert_eq!(past, ShardsError::PastTheEnd { last: 4, total: 4 });
        assert!(past.to_string().contains("count from 0 to 3"), "{past}");
    }

    #[test]
    fn a_servers_shard_is_its_id_shifted_modulo_the_total() {
        // Discord's own example server, 81384788765712384: shard 0 of 2, shard 1 of 3.
        assert_eq!(shard_of(81_384_788_765_712_384, 2), 0);
        assert_eq!(shard_of(81_384_788_765_712_384, 3), 1);
        assert_eq!(shard_of(42, 1), 0);
    }
}
