//! The REST API's HTTP/1.1 server: requests read off keep-alive connections, answers written back.

use super::*;

pub(super) struct HttpRequest {
    pub(super) method: String,
    pub(super) path: String,
    pub(super) query: String,
    pub(super) headers: Vec<(String, String)>,
    pub(super) body: Vec<u8>,
}

pub(super) struct HttpResponse {
    pub(super) status: u16,
    pub(super) body: Option<Value>,
    /// Headers beyond the body's type and length.
    pub(super) headers: Vec<(&'static str, String)>,
}

impl HttpResponse {
    pub(super) fn json(status: u16, body: Value) -> Self {
        Self {
            status,
            body: Some(body),
            headers: Vec::new(),
        }
    }

    pub(super) fn no_content() -> Self {
        Self {
            status: 204,
            body: None,
            headers: Vec::new(),
        }
    }

    pub(super) fn with_headers(self, headers: Vec<(&'static str, String)>) -> Self {
        Self { headers, ..self }
    }

    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let reason = match self.status {
            200 => "OK",
            204 => "No Content",
            404 => "Not Found",
            429 => "Too Many Requests",
            500 => "Internal Server Error",
            502 => "Bad Gateway",
            503 => "Service Unavailable",
            _ => "Unknown",
        };
        let body = self.body.as_ref().map(Value::to_string).unwrap_or_default();
        let mut head = format!("HTTP/1.1 {} {reason}\r\n", self.status);
        if self.body.is_some() {
            head.push_str("Content-Type: application/json\r\n");
        }
        for (name, value) in &self.headers {
            let _ = write!(head, "{name}: {value}\r\n");
        }
        let _ = write!(head, "Content-Length: {}\r\n\r\n", body.len());
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body.as_bytes());
        bytes
    }
}

pub(super) async fn accept_rest(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(serve_rest_connection(stream, Arc::clone(&shared)));
    }
}

/// Serves requests on one keep-alive connection until the client closes it.
pub(super) async fn serve_rest_connection(stream: TcpStream, shared: Arc<Shared>) {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    loop {
        let request = match read_request(&mut reader).await {
            Ok(Some(request)) => request,
            Ok(None) => return,
            Err(error) => {
                eprintln!("fake Discord: bad HTTP request: {error}");
                return;
            }
        };
        let close = header_value(&request.headers, "connection")
            .is_some_and(|value| value.eq_ignore_ascii_case("close"));
        let (response, held) = shared.handle_rest(request);
        if let Some(released) = held {
            // Dropping the sender releases too.
            let _ = released.await;
        }
        if write.write_all(&response.to_bytes()).await.is_err() || close {
            return;
        }
    }
}

/// Reads one request; `Ok(None)` when the client closed the connection between requests.
pub(super) async fn read_request<R>(reader: &mut R) -> std::io::Result<Option<HttpRequest>>
where
    R: tokio::io::AsyncBufRead + Unpin,
{
    let invalid =
        |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
    let mut line = String::new();
    if reader.read_line(&mut line).await? == 0 {
        return Ok(None);
    }
    let mut words = line.split_whitespace();
    let method = words.next().ok_or_else(|| invalid("no method"))?.to_owned();
    let target = words.next().ok_or_else(|| invalid("no target"))?;
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let (path, query) = (path.to_owned(), query.to_owned());

    let mut headers = Vec::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 {
            return Err(invalid("headers cut short"));
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').ok_or_else(|| invalid("bad header"))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }

    let chunked = header_value(&headers, "transfer-encoding")
        .is_some_and(|value| value.to_ascii_lowercase().contains("chunked"));
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line).await?;
            let size = line.trim().split(';').next().unwrap_or_default();
            let size = usize::from_str_radix(size, 16).map_err(|_| invalid("bad chunk size"))?;
            if size == 0 {
                // Trailers end with an empty line.
                loop {
                    line.clear();
                    if reader.read_line(&mut line).await? == 0 || line.trim().is_empty() {
                        break;
                    }
                }
                break;
            }
            let start = body.len();
            body.resize(start + size, 0);
            reader.read_exact(&mut body[start..]).await?;
            line.clear();
            reader.read_line(&mut line).await?;
        }
    } else if let Some(length) = header_value(&headers, "content-length") {
        let length: usize = length.parse().map_err(|_| invalid("bad content-length"))?;
        body.resize(length, 0);
        reader.read_exact(&mut body).await?;
    }
    Ok(Some(HttpRequest {
        method,
        path,
        query,
        headers,
        body,
    }))
}
