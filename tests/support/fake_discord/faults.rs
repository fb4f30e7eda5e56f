//! Discord's failures, as its documentation describes them, for the tests to ask for: a rate
//! limit (429, with `Retry-After` and the `X-RateLimit-*` headers, on one route or on every
//! route at once), a server error on a call (500, 502, 503; done anyway or not), and on the
//! gateway a session invalidated (op 9) or an Identify answered by a close code.

use std::time::{Duration, Instant};

use serde_json::json;

use super::http::HttpResponse;
use super::{FakeDiscord, GatewayCommand, RestCall, Shared};

/// A failure of a REST call.
#[derive(Clone, Copy, Debug)]
pub enum RestFault {
    /// 429: the call's route (or, `global`, every route) is limited for `retry_after`, and
    /// every call in that time is refused the same way.
    RateLimited { retry_after: Duration, global: bool },
    /// A server error, `status` 500, 502 or 503; `done` when Discord did the work before
    /// failing to answer (a message created all the same, as a gateway timeout can leave it).
    ServerError { status: u16, done: bool },
}

type Matches = Box<dyn Fn(&RestCall) -> bool + Send>;

/// The failures asked for, and the rate limits running.
#[derive(Default)]
pub(super) struct Faults {
    /// The next call each predicate matches fails so, once.
    queued: Vec<(Matches, RestFault)>,
    /// Limited routes (`method path`; `None`: every route), until when.
    limited: Vec<(Option<String>, Instant)>,
    /// Every Identify is answered by closing with this code, where set.
    pub(super) identify_closes: Option<u16>,
    /// The heartbeat interval Hello announces, where a test shortened it (milliseconds).
    heartbeat_ms: Option<u64>,
}

/// What the fake does with a call under the faults.
pub(super) enum Faulted {
    /// Answers it so, doing nothing.
    Refuse(HttpResponse),
    /// Does it, then answers so.
    DoThenAnswer(HttpResponse),
}

fn route_key(call: &RestCall) -> String {
    format!("{} {}", call.method, call.route())
}

impl Faults {
    /// What becomes of `call`: `None` if it is answered as usual.
    pub(super) fn meet(&mut self, call: &RestCall) -> Option<Faulted> {
        let now = Instant::now();
        self.limited.retain(|(_, until)| *until > now);
        let key = route_key(call);
        let limit = (self.limited.iter())
            .find(|(route, _)| route.as_ref().is_none_or(|route| *route == key));
        if let Some((route, until)) = limit {
            return Some(Faulted::Refuse(rate_limited(*until - now, route.is_none())));
        }
        let index = self.queued.iter().position(|(matches, _)| matches(call))?;
        Some(match self.queued.remove(index).1 {
            RestFault::RateLimited {
                retry_after,
                global,
            } => {
                let route = (!global).then_some(key);
                self.limited.push((route, now + retry_after));
                Faulted::Refuse(rate_limited(retry_after, global))
            }
            RestFault::ServerError { status, done } => {
                let answer = server_error(status);
                match done {
                    true => Faulted::DoThenAnswer(answer),
                    false => Faulted::Refuse(answer),
                }
            }
        })
    }
}

/// Discord's 429: the seconds to wait in `Retry-After` (whole, rounded up) and in the body
/// (exact), the bucket's headers, and `X-RateLimit-Global` when every route is limited.
fn rate_limited(retry_after: Duration, global: bool) -> HttpResponse {
    let seconds = retry_after.as_secs_f64();
    let mut headers = vec![
        ("Retry-After", format!("{}", seconds.ceil() as u64)),
        (
            "X-RateLimit-Scope",
            (if global { "global" } else { "user" }).into(),
        ),
    ];
    if global {
        headers.push(("X-RateLimit-Global", "true".into()));
    } else {
        headers.extend([
            ("X-RateLimit-Limit", "5".into()),
            ("X-RateLimit-Remaining", "0".into()),
            ("X-RateLimit-Reset-After", format!("{seconds:.3}")),
            ("X-RateLimit-Bucket", "fake-bucket".into()),
        ]);
    }
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": seconds,
        "global": global,
    });
    HttpResponse::json(429, body).with_headers(headers)
}

/// A server error as Discord's edge sends it.
fn server_error(status: u16) -> HttpResponse {
    HttpResponse::json(
        status,
        json!({ "message": "Server error (fake Discord)", "code": 0 }),
    )
}

impl FakeDiscord {
    /// The next REST call `matches` accepts fails with `fault`.
    pub fn fail_next(
        &self,
        matches: impl Fn(&RestCall) -> bool + Send + 'static,
        fault: RestFault,
    ) {
        let mut state = self.shared.state();
        state.faults.queued.push((Box::new(matches), fault));
    }

    /// Invalidates the bot's sessions (op 9) as Discord does after a failed resume or on its
    /// own: `resumable` says whether the bot may resume it. Their connections no longer count
    /// as live (the bot leaves them), so that [`Self::wait_ready`] waits for the next.
    pub fn invalidate_sessions(&self, resumable: bool) {
        let payload = json!({ "op": 9, "s": null, "t": null, "d": resumable });
        let connections = std::mem::take(&mut self.shared.state().connections);
        for connection in connections {
            let _ = connection
                .commands
                .send(GatewayCommand::Send(payload.clone()));
        }
        self.shared.changed();
    }

    /// Announces `interval` as the heartbeat interval in every Hello from now on (Discord's
    /// is about 41 s): a client that waits for a heartbeat to notice a dead connection
    /// notices it sooner.
    pub fn beat_every(&self, interval: Duration) {
        let ms = u64::try_from(interval.as_millis()).unwrap_or(u64::MAX);
        self.shared.state().faults.heartbeat_ms = Some(ms);
    }

    /// From now on every Identify is answered by closing the connection with `code` (4004:
    /// the token is refused; 4013: invalid intents; 4014: disallowed intents), `None` again
    /// as usual.
    pub fn close_at_identify(&self, code: Option<u16>) {
        self.shared.state().faults.identify_closes = code;
    }
}

impl Shared {
    /// The heartbeat interval Hello announces, in milliseconds.
    pub(super) fn heartbeat_interval(&self) -> u64 {
        let shortened = self.state().faults.heartbeat_ms;
        shortened.unwrap_or(super::HEARTBEAT_INTERVAL_MS)
    }

    /// The close code an Identify of `shard` (`[id, total]`, if given) meets, if any: a test's,
    /// else Discord's 4010 for a shard that does not exist.
    pub(super) fn identify_closes(&self, shard: Option<(u64, u64)>) -> Option<u16> {
        let asked = self.state().faults.identify_closes;
        let invalid = shard.is_some_and(|(id, total)| total == 0 || id >= total);
        asked.or(invalid.then_some(4010))
    }

    /// Closes connection `connection_id` from the server's side with `code`.
    pub(super) fn close_connection_with(&self, connection_id: u64, code: u16) {
        let state = self.state();
        if let Some(connection) = state.connections.iter().find(|c| c.id == connection_id) {
            let _ = connection.commands.send(GatewayCommand::Close(code));
        }
    }
}
