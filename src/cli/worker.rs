//! `gipf-bot engine-worker`: an engine pool with no Discord connection, on the database the
//! bots share. Its searchers claim the engine's requests (the engine's turns, analyses) that
//! no living process searches, play or store them through the service as a bot would, and
//! leave the messages in the outbox, which the bots post. More workers, on more machines,
//! add engine capacity.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;

use super::settings::{DatabaseArgs, Instance, Pools};
use crate::service::{Config, Service};
use crate::store::RequestKind;

/// How long a worker's life lease lasts: its claims are anyone's this long after it dies.
const LIFE: Duration = Duration::from_secs(30);
/// How often it renews that lease: as often as a bot does.
const RENEW_EVERY: Duration = crate::service::TEND_EVERY;
/// How often it logs the work it did.
const REPORT_EVERY: Duration = Duration::from_secs(60);

/// `gipf-bot engine-worker`'s flags.
#[derive(clap::Args, Debug)]
pub struct EngineWorkerArgs {
    #[command(flatten)]
    database: DatabaseArgs,
    #[command(flatten)]
    pools: Pools,
    #[command(flatten)]
    instance: Instance,
    /// How long an idle searcher waits before it looks for work again, in milliseconds (10
    /// to 60000).
    #[arg(long, env = "ENGINE_POLL_MS", default_value_t = 500, value_parser = clap::value_parser!(u64).range(10..=60_000))]
    poll_ms: u64,
    /// Stop once no work is left (for benchmarks and scripts), instead of at Ctrl-C.
    #[arg(long)]
    until_idle: bool,
}

impl EngineWorkerArgs {
    /// Serves the engine's requests until Ctrl-C or SIGTERM (or, with --until-idle, until
    /// none is left), then gives back what it holds.
    pub fn run(self) -> anyhow::Result<()> {
        let mut config = self.pools.apply(Config {
            instance: self.instance.name(),
            ..Config::default()
        });
        if self.instance.unnamed() {
            config.instance = format!("{}/engine-worker {}", config.instance, std::process::id());
        }
        config.posts_messages = false;
        let threads = config.engine_threads;
        let database = self.database.database()?;
        if let crate::store::Database::Sqlite(path) = &database
            && !path.exists()
        {
            anyhow::bail!(
                "there is no database at {}: an engine worker serves the bots of an existing database (give the bots' --database-url, or start a bot first)",
                path.display()
            );
        }
        let service = Arc::new(Service::open(database, config)?);
        service.claim_name(crate::service::NAME_PATIENCE)?;
        service.keep_alive(LIFE);
        tracing::info!(threads, database = %service.database(), "engine worker ready");
        // The engine's answers and the database's work are awaited here, holding no thread.
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .context("cannot start the worker's runtime")?;
        let worker = Worker {
            service: Arc::clone(&service),
            runtime: runtime.handle().clone(),
            poll: Duration::from_millis(self.poll_ms),
            until_idle: self.until_idle,
            stop: Arc::new(AtomicBool::new(false)),
            served: Arc::new(AtomicU64::new(0)),
        };
        let started = Instant::now();
        let searchers: Vec<_> = (0..threads)
            .map(|n| {
                let worker = worker.clone();
                std::thread::Builder::new()
                    .name(format!("claimer-{n}"))
                    .spawn(move || worker.serve())
            })
            .collect::<Result<_, _>>()
            .context("cannot start the worker's threads")?;
        worker.tend(|| searchers.iter().all(|searcher| searcher.is_finished()))?;
        worker.stop.store(true, Ordering::Relaxed);
        for searcher in searchers {
            let _ = searcher.join();
        }
        service.give_up_the_watch();
        let served = worker.served.load(Ordering::Relaxed);
        let seconds = started.elapsed().as_secs_f64();
        tracing::info!(served, seconds, "engine worker stopped");
        println!(
            "served {served} requests in {seconds:.1} s ({:.2} a second)",
            served as f64 / seconds.max(0.001)
        );
        Ok(())
    }
}

/// What the worker's threads share.
#[derive(Clone)]
struct Worker {
    service: Arc<Service>,
    /// The runtime the searchers' work is awaited on (the engine's answers hold no thread).
    runtime: tokio::runtime::Handle,
    poll: Duration,
    until_idle: bool,
    stop: Arc<AtomicBool>,
    served: Arc<AtomicU64>,
}

impl Worker {
    /// One searcher's loop: claims a request, does it, again; waits `poll` when none is
    /// left (or, with --until-idle, ends).
    fn serve(&self) {
        let kinds = [RequestKind::Turn, RequestKind::Analysis];
        while !self.stop.load(Ordering::Relaxed) {
            match self.runtime.block_on(self.service.engine_work(&kinds)) {
                Some(_) => {
                    self.served.fetch_add(1, Ordering::Relaxed);
                }
                None if self.until_idle => return,
                None => std::thread::sleep(self.poll),
            }
        }
    }

    /// Renews the worker's life lease until Ctrl-C or SIGTERM, or until its searchers are
    /// `done` (--until-idle).
    fn tend(&self, done: impl Fn() -> bool) -> anyhow::Result<()> {
        self.runtime.block_on(async {
            let renewing = async {
                let (mut renewed, mut reported) = (Instant::now(), (Instant::now(), 0));
                while !done() {
                    tokio::time::sleep(self.poll.min(RENEW_EVERY)).await;
                    if renewed.elapsed() >= RENEW_EVERY {
                        let service = Arc::clone(&self.service);
                        let _ = tokio::task::spawn_blocking(move || service.keep_alive(LIFE)).await;
                        renewed = Instant::now();
                    }
                    if reported.0.elapsed() >= REPORT_EVERY {
                        reported = (Instant::now(), self.report(reported.1));
                    }
                }
            };
            tokio::select! {
                () = crate::discord::shutdown_signal() => tracing::info!("stopping: the searches under way finish"),
                () = renewing => {}
            }
        });
        Ok(())
    }
}

impl Worker {
    /// Logs the requests served since the last report (`before` served then); the count now.
    fn report(&self, before: u64) -> u64 {
        let served = self.served.load(Ordering::Relaxed);
        tracing::info!(
            last_minute = served - before,
            since_start = served,
            "engine worker: requests served"
        );
        served
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Worker {
        #[command(flatten)]
        args: EngineWorkerArgs,
    }

    #[test]
    fn the_poll_of_env_example_parses_and_a_wrong_one_is_refused() {
        let example = include_str!("../../.env.example");
        let poll = (example.lines())
            .find_map(|line| line.strip_prefix("ENGINE_POLL_MS="))
            .expect("ENGINE_POLL_MS in .env.example");
        let worker = Worker::try_parse_from(["w", &format!("--poll-ms={poll}")]).unwrap();
        assert_eq!(worker.args.poll_ms, 500);
        assert!(!worker.args.until_idle);
        let refused = Worker::try_parse_from(["w", "--poll-ms=5"]).err().unwrap();
        assert!(refused.to_string().contains("10..=60000"), "{refused}");
    }
}
