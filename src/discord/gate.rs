//! Counts the commands in flight, so a shutdown can stop new ones and wait for the rest.

use std::sync::Arc;

use tokio::sync::watch;

#[derive(Debug, Default)]
struct State {
    closed: bool,
    busy: usize,
}

/// The door commands pass through: open until [`Gate::close`].
#[derive(Clone, Debug)]
pub(crate) struct Gate(Arc<watch::Sender<State>>);

/// A command in flight; dropping it lets a waiting shutdown go on.
#[derive(Debug)]
pub(crate) struct Pass(Gate);

impl Gate {
    pub(crate) fn new() -> Gate {
        Gate(Arc::new(watch::channel(State::default()).0))
    }

    /// Lets a command in, unless the gate is closed.
    pub(crate) fn enter(&self) -> Option<Pass> {
        let admitted = self.0.send_if_modified(|state| {
            if state.closed {
                false
            } else {
                state.busy += 1;
                true
            }
        });
        admitted.then(|| Pass(self.clone()))
    }

    /// Lets no more commands in.
    pub(crate) fn close(&self) {
        self.0.send_modify(|state| state.closed = true);
    }

    /// Completes when no command is in flight.
    pub(crate) async fn idle(&self) {
        let mut watcher = self.0.subscribe();
        // The sender lives in `self`, so waiting cannot fail.
        let _ = watcher.wait_for(|state| state.busy == 0).await;
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        self.0
            .0
            .send_modify(|state| state.busy = state.busy.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_closed_gate_waits_for_the_commands_inside() {
        let gate = Gate::new();
        let pass = gate.enter();
        assert!(pass.is_some());
        gate.close();
        assert!(gate.enter().is_none());
        let waiting = tokio::spawn({
            let gate = gate.clone();
            async move { gate.idle().await }
        });
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished());
        drop(pass);
        assert!(waiting.await.is_ok());
    }
}
