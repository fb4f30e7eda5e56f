//! The gateway: a WebSocket per connection, Hello, READY or RESUMED, heartbeats and dispatches.

use super::*;

pub(super) async fn accept_gateway(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, peer)) = listener.accept().await {
        tokio::spawn(serve_gateway_connection(stream, peer, Arc::clone(&shared)));
    }
}

/// Plays the gateway for one WebSocket connection until either side closes it.
// The handshake callback must return tungstenite's large `ErrorResponse` as its error.
#[allow(clippy::result_large_err)]
pub(super) async fn serve_gateway_connection(
    stream: TcpStream,
    peer: SocketAddr,
    shared: Arc<Shared>,
) {
    let mut target = String::new();
    let record_target = |request: &WsRequest, response: WsResponse| {
        target = request.uri().to_string();
        Ok(response)
    };
    let socket = match tokio_tungstenite::accept_hdr_async(stream, record_target).await {
        Ok(socket) => socket,
        Err(error) => {
            eprintln!("fake Discord: WebSocket handshake with {peer} failed: {error}");
            return;
        }
    };
    let (mut sink, mut source) = socket.split();
    let (commands, mut command_rx) = mpsc::unbounded_channel();
    let connection_id = shared.open_connection(target, commands);
    let mut seq = 0_u64;

    let hello = json!({ "op": 10, "s": null, "t": null, "d": { "heartbeat_interval": shared.heartbeat_interval() } });
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        shared.close_connection(connection_id);
        return;
    }

    loop {
        let outgoing = tokio::select! {
            incoming = source.next() => match incoming {
                Some(Ok(WsMessage::Text(text))) => {
                    match gateway_answer(&shared, connection_id, &text, &mut seq) {
                        Some(answer) => answer,
                        None => continue,
                    }
                }
                Some(Ok(WsMessage::Binary(_))) => {
                    shared.record_unhandled("GATEWAY binary frame".to_owned());
                    continue;
                }
                Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => continue,
            },
            command = command_rx.recv() => match command {
                Some(GatewayCommand::Dispatch { event, data }) => {
                    seq += 1;
                    json!({ "op": 0, "s": seq, "t": event, "d": data })
                }
                Some(GatewayCommand::Send(frame)) => frame,
                Some(GatewayCommand::Close(code)) => {
                    let frame = CloseFrame { code: CloseCode::from(code), reason: "fake Discord closed the session".into() };
                    let _ = sink.send(WsMessage::Close(Some(frame))).await;
                    break;
                }
                None => break,
            },
        };
        let is_session_start = outgoing["t"] == "READY" || outgoing["t"] == "RESUMED";
        if sink
            .send(WsMessage::Text(outgoing.to_string()))
            .await
            .is_err()
        {
            break;
        }
        if is_session_start {
            // Only now is the session usable: READY is on the wire before dispatches follow.
            shared.start_session(connection_id, outgoing["t"] == "RESUMED");
        }
    }
    shared.close_connection(connection_id);
}

/// The frame to send back for a frame the bot sent, if any.
pub(super) fn gateway_answer(
    shared: &Shared,
    connection_id: u64,
    text: &str,
    seq: &mut u64,
) -> Option<Value> {
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        shared.record_unhandled(format!("GATEWAY non-JSON frame {text:?}"));
        return None;
    };
    match frame["op"].as_u64() {
        // Heartbeat -> Heartbeat ACK.
        Some(1) => Some(json!({ "op": 11, "s": null, "t": null, "d": null })),
        // Identify -> READY, or a close where Discord refuses it.
        Some(2) => {
            let shard = frame["d"]["shard"]
                .as_array()
                .and_then(|shard| Some((shard.first()?.as_u64()?, shard.get(1)?.as_u64()?)));
            if let Some(code) = shared.identify_closes(shard) {
                shared.close_connection_with(connection_id, code);
                return None;
            }
            let session_id = format!("fake-session-{connection_id}");
            pending_session(shared, connection_id, &session_id, &frame["d"]);
            *seq += 1;
            let mut ready = json!({
                "v": 10,
                "user": bot_user_json(),
                "guilds": [],
                "session_id": session_id,
                "resume_gateway_url": shared.gateway_url,
                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
            });
            if frame["d"]["shard"].is_array() {
                ready["shard"] = frame["d"]["shard"].clone();
            }
            Some(json!({ "op": 0, "s": *seq, "t": "READY", "d": ready }))
        }
        // Presence update: nothing to answer.
        Some(3) => None,
        // Resume -> RESUMED (nothing is replayed: dispatches wait for a live session).
        Some(6) => {
            let session_id = frame["d"]["session_id"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            pending_session(shared, connection_id, &session_id, &frame["d"]);
            *seq = frame["d"]["seq"].as_u64().unwrap_or(*seq) + 1;
            Some(json!({ "op": 0, "s": *seq, "t": "RESUMED", "d": {} }))
        }
        other => {
            shared.record_unhandled(format!(
                "GATEWAY op {}",
                other.map_or("?".to_owned(), |op| op.to_string())
            ));
            None
        }
    }
}

/// Remembers the Identify/Resume payload of a connection without announcing the session yet
/// (that happens once READY/RESUMED is sent).
pub(super) fn pending_session(
    shared: &Shared,
    connection_id: u64,
    session_id: &str,
    payload: &Value,
) {
    let mut state = shared.state();
    // A session keeps the shard it identified as, when it is resumed too.
    if let Some([shard, total]) = payload["shard"].as_array().map(|s| [&s[0], &s[1]]) {
        let shard = (shard.as_u64().unwrap_or(0), total.as_u64().unwrap_or(1));
        state.session_shards.insert(session_id.to_owned(), shard);
    }
    if let Some(connection) = state.connections.iter_mut().find(|c| c.id == connection_id) {
        connection.pending_session = Some(ReadySession {
            session_id: session_id.to_owned(),
            resumed: false,
            payload: payload.clone(),
        });
    }
}
