//! A bounded pool of worker threads for the service's blocking work (the database, the
//! pictures, the analyses), in place of tokio's blocking pool, which starts a
//! thread for every task waiting (up to 512): a fixed number of threads sized from the
//! machine, one first-in first-out queue, so that threads and memory stay flat however many
//! games run and work is done in the order it came, and a queue that says how long it is
//! (for the logs).
//!
//! Why not tokio's blocking pool with a bound (`max_blocking_threads`): it is one pool for
//! everything, so the analyses (seconds each) would take the threads the commands need
//! (milliseconds each), and stable tokio does not say how long its queue is. Here the
//! service has two pools: the commands', and the analyses'. The engine's answers wait on
//! no thread (`service/engine_answer.rs`).

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// A piece of work.
type Work = Box<dyn FnOnce() + Send>;

/// Why a piece of work gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkError {
    /// It panicked, or the pool stopped before it ran.
    Lost,
    /// It was not taken: as much work as the pool lets wait was waiting.
    Full,
}

impl fmt::Display for WorkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WorkError::Lost => "the work panicked or the worker pool stopped",
            WorkError::Full => "the worker pool had as much work waiting as it takes",
        })
    }
}

impl std::error::Error for WorkError {}

/// The queue, behind one lock.
struct Queue {
    waiting: VecDeque<Work>,
    stopping: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when work is queued or the pool stops.
    work_ready: Condvar,
}

/// The pool. Dropping it lets the work under way end, drops the rest, and joins the threads.
pub struct Workers {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    name: &'static str,
    /// How many pieces of work may wait, at most (`usize::MAX`: any number).
    most_waiting: usize,
}

impl Workers {
    /// `threads` workers (at least one), their threads named after `name`.
    pub fn new(name: &'static str, threads: usize) -> Workers {
        Workers::start(name, threads, false)
    }

    /// [`Workers::new`] whose threads yield the machine to the process's others (a lower
    /// scheduling priority, where the system has one), and that refuses work past
    /// `most_waiting` waiting ([`WorkError::Full`]): for work that may wait or be refused
    /// (the web pages), beside work that must not (the players' turns).
    pub fn yielding(name: &'static str, threads: usize, most_waiting: usize) -> Workers {
        let mut workers = Workers::start(name, threads, true);
        workers.most_waiting = most_waiting;
        workers
    }

    fn start(name: &'static str, threads: usize, yielding: bool) -> Workers {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                waiting: VecDeque::new(),
                stopping: false,
            }),
            work_ready: Condvar::new(),
        });
        let threads = (0..threads.max(1))
            .filter_map(|n| {
                let shared = Arc::clone(&shared);
                let spawned = std::thread::Builder::new()
                    .name(format!("{name}-{n}"))
                    .spawn(move || {
                        if yielding {
                            yield_to_others();
                        }
                        serve(&shared)
                    });
                spawned
                    .inspect_err(|e| tracing::error!(error = %e, name, "cannot start a worker"))
                    .ok()
            })
            .collect();
        Workers {
            shared,
            threads,
            name,
            most_waiting: usize::MAX,
        }
    }

    /// How many threads it has.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// How many pieces of work wait for a worker.
    pub fn queued(&self) -> usize {
        lock(&self.shared.queue).waiting.len()
    }

    /// Runs `work` on a worker when its turn comes, and gives its answer without holding up
    /// the async runtime.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkError> {
        self.submit(work)?.await.map_err(|_| WorkError::Lost)
    }

    /// Queues `work` behind all the work queued before it: its answer comes on the
    /// receiver.
    pub fn submit<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<tokio::sync::oneshot::Receiver<T>, WorkError> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let queued = {
            let mut queue = lock(&self.shared.queue);
            if queue.stopping {
                return Err(WorkError::Lost);
            }
            if queue.waiting.len() >= self.most_waiting {
                return Err(WorkError::Full);
            }
            queue.waiting.push_back(Box::new(move || {
                // The asker may be gone: nobody to tell.
                let _ = answer.send(work());
            }));
            queue.waiting.len()
        };
        self.shared.work_ready.notify_one();
        if queued > self.threads.len() * 4 {
            tracing::debug!(pool = self.name, queued, "work waits for a worker");
        }
        Ok(answered)
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        {
            let mut queue = lock(&self.shared.queue);
            queue.stopping = true;
            queue.waiting.clear();
        }
        self.shared.work_ready.notify_all();
        let me = std::thread::current().id();
        // Dropped by its own last work (the service's last owner was that work): that
        // thread ends by itself once the work returns.
        for thread in self.threads.drain(..).filter(|t| t.thread().id() != me) {
            if thread.join().is_err() {
                tracing::error!(pool = self.name, "a worker thread panicked");
            }
        }
    }
}

/// Locks the queue; a worker that panicked holding it left it whole (each change is one
/// step), so it is used as it is.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How far below the process's other threads a yielding worker runs: a nice value 10
/// above them gets about a tenth of a core they all want, and every core they leave.
#[cfg(target_os = "linux")]
const YIELDED: i32 = 10;

/// This thread's nice value (Linux's nice values are a thread's own).
#[cfg(target_os = "linux")]
fn niceness() -> std::io::Result<i32> {
    Ok(rustix::process::getpriority_process(Some(
        rustix::thread::gettid(),
    ))?)
}

/// Lowers this thread's scheduling priority.
fn yield_to_others() {
    #[cfg(target_os = "linux")]
    {
        let me = rustix::thread::gettid();
        let lowered = niceness().and_then(|now| {
            Ok(rustix::process::setpriority_process(
                Some(me),
                now + YIELDED,
            )?)
        });
        if let Err(e) = lowered {
            tracing::warn!(error = %e, "cannot lower a yielding worker's priority");
        }
    }
}

/// One worker: takes the oldest work, runs it, and again, until the pool stops. Work that
/// panics is lost alone (its asker hears [`WorkError::Lost`]).
fn serve(shared: &Shared) {
    loop {
        let work = {
            let mut queue = lock(&shared.queue);
            loop {
                if queue.stopping {
                    return;
                }
                if let Some(work) = queue.waiting.pop_front() {
                    break work;
                }
                queue = shared
                    .work_ready
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).is_err() {
            tracing::error!("a worker's task panicked");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_in_the_order_it_came_on_a_fixed_number_of_threads() {
        let workers = Workers::new("test", 1);
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (started, start) = std::sync::mpsc::channel::<()>();
        let blocked = workers
            .submit(move || {
                let _ = started.send(());
                released.recv().is_ok()
            })
            .unwrap();
        start.recv().unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let answers: Vec<_> = (0..5)
            .map(|n| {
                let order = Arc::clone(&order);
                workers.submit(move || lock(&order).push(n)).unwrap()
            })
            .collect();
        assert_eq!((workers.threads(), workers.queued()), (1, 5));
        release.send(()).unwrap();
        assert_eq!(blocked.await, Ok(true));
        for answer in answers {
            answer.await.unwrap();
        }
        // Queued one after the other, answered in that order.
        assert_eq!(*lock(&order), [0, 1, 2, 3, 4]);
    }

    #[tokio::test]
    async fn a_yielding_pool_runs_below_the_others_and_refuses_work_past_its_bound() {
        let workers = Workers::yielding("test", 1, 2);
        #[cfg(target_os = "linux")]
        {
            let (mine, theirs) = (niceness().unwrap(), workers.run(niceness).await.unwrap());
            assert_eq!(theirs.unwrap(), (mine + YIELDED).min(19));
        }
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (started, start) = std::sync::mpsc::channel::<()>();
        let blocked = workers.submit(move || {
            let _ = started.send(());
            released.recv().is_ok()
        });
        start.recv().unwrap();
        let waiting = [workers.submit(|| true), workers.submit(|| true)];
        assert_eq!(workers.submit(|| true).err(), Some(WorkError::Full));
        release.send(()).unwrap();
        assert_eq!(blocked.unwrap().await, Ok(true));
        for answer in waiting {
            assert_eq!(answer.unwrap().await, Ok(true));
        }
        assert_eq!(workers.run(|| 7).await, Ok(7), "room again");
    }

    #[tokio::test]
    async fn work_that_panics_is_lost_alone() {
        let workers = Workers::new("test", 1);
        let lost = workers.run(|| -> u32 { panic!("a bug") }).await;
        assert_eq!(lost, Err(WorkError::Lost));
        assert_eq!(workers.run(|| 7).await, Ok(7));
    }
}
