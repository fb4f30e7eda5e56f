//! The PostgreSQL engine: a synchronous client (run on the store's own threads, never on the
//! async runtime), each statement prepared once per connection, and values written in
//! whatever type the server expects for the parameter.

use std::collections::HashMap;
use std::error::Error as StdError;

use anyhow::Context;
use bytes::BytesMut;
use postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use postgres::{NoTls, Statement};

use super::dialect::numbered_parameters;
use super::{Database, Error, Fault, PostgresUrl, Result, Row, ToValue, Value, patiently};

/// The fault `error` is, if any: the server down, unreachable, shutting down or starting up,
/// or the connection to it lost (all worth waiting for); a full disk; a read-only server (a
/// standby, or `default_transaction_read_only`).
pub(super) fn fault(error: &postgres::Error) -> Option<Fault> {
    if error.is_closed() || unreachable(error) {
        return Some(Fault::NotAnswering);
    }
    let code = error.as_db_error()?.code().code();
    if code.starts_with("57P") || code.starts_with("08") {
        Some(Fault::NotAnswering)
    } else if code == "53100" {
        Some(Fault::DiskFull)
    } else if code == "25006" {
        Some(Fault::ReadOnly)
    } else {
        None
    }
}

/// A connection and the statements it has prepared.
pub struct Client {
    /// Always there until dropped (see `Drop`).
    client: Option<postgres::Client>,
    prepared: HashMap<String, Statement>,
}

impl Drop for Client {
    /// Closing a connection blocks on the client's own runtime, which must not happen on a
    /// thread that drives the bot's async runtime (where the service may be dropped last):
    /// there, it is closed on a thread of its own.
    fn drop(&mut self) {
        self.close();
    }
}

impl Client {
    /// Connects to `url`, trying again for a while if the server does not answer (as after
    /// a reboot, when the bot may start first): for as long as a command waits for it.
    pub(super) fn open(url: &PostgresUrl) -> anyhow::Result<Client> {
        let database = Database::Postgres(url.clone());
        let client = patiently(&database, || {
            let connected = url.config().connect(NoTls).map_err(Error::from);
            connected.with_context(|| format!("cannot connect to {url}"))
        })?;
        Ok(Client {
            client: Some(client),
            prepared: HashMap::new(),
        })
    }

    fn client(&mut self) -> Result<&mut postgres::Client> {
        self.client.as_mut().ok_or(Error::Closed)
    }

    /// Closes the connection (see `Drop`): it is closed from then on.
    fn close(&mut self) {
        if let Some(client) = self.client.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            std::thread::spawn(move || drop(client));
        }
        // Outside a runtime it was dropped here.
    }

    /// `done`, the connection closed if its error ended the session (the server shut it
    /// down or went away: it may still look open until it is used again, and must not be
    /// pooled).
    fn checked<T>(&mut self, done: std::result::Result<T, postgres::Error>) -> Result<T> {
        if let Err(error) = &done
            && ends_session(error)
        {
            self.close();
        }
        Ok(done?)
    }

    fn statement(&mut self, sql: &str) -> Result<Statement> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let prepared = self.client()?.prepare(&numbered_parameters(sql));
        let statement = self.checked(prepared)?;
        self.prepared.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    pub(super) fn execute(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<usize> {
        let statement = self.statement(sql)?;
        let values: Vec<Value> = params.iter().map(|p| p.to_value()).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v as _).collect();
        let changed = self.client()?.execute(&statement, &refs);
        let changed = self.checked(changed)?;
        Ok(usize::try_from(changed).unwrap_or(usize::MAX))
    }

    pub(super) fn query(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<Vec<Row>> {
        let statement = self.statement(sql)?;
        let values: Vec<Value> = params.iter().map(|p| p.to_value()).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v as _).collect();
        let rows = self.client()?.query(&statement, &refs);
        let rows = self.checked(rows)?;
        rows.iter()
            .map(|row| {
                let cells = (0..row.len())
                    .map(|i| row.try_get::<_, Value>(i))
                    .collect::<Result<Vec<Value>, postgres::Error>>()?;
                Ok(Row::new(cells))
            })
            .collect()
    }

    pub(super) fn execute_batch(&mut self, sql: &str) -> Result<()> {
        let done = self.client()?.batch_execute(sql);
        self.checked(done)
    }

    pub(super) fn is_closed(&self) -> bool {
        self.client.as_ref().is_none_or(postgres::Client::is_closed)
    }
}

/// Whether `error` ended the session: the connection is gone, or the server ended it
/// (`FATAL`, or SQLSTATE class 57P, operator intervention, or 08, connection exception).
fn ends_session(error: &postgres::Error) -> bool {
    if error.is_closed() {
        return true;
    }
    error.as_db_error().is_some_and(|db| {
        let code = db.code().code();
        matches!(db.severity(), "FATAL" | "PANIC")
            || code.starts_with("57P")
            || code.starts_with("08")
    })
}

/// The server is down or not reachable yet (worth waiting for), not a refusal such as a
/// wrong password or an unknown database.
fn unreachable(error: &postgres::Error) -> bool {
    error.as_db_error().is_none()
        && error
            .source()
            .is_some_and(|source| source.downcast_ref::<std::io::Error>().is_some())
}

type Boxed = Box<dyn StdError + Sync + Send>;

impl ToSql for Value {
    /// A value in the type the server expects: an integer may be bound to a `bigint`, an
    /// `integer`, a `boolean` (0 or 1) or a `double precision` parameter.
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Boxed> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(n) => match *ty {
                Type::INT8 => n.to_sql(ty, out),
                Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*n)?.to_sql(ty, out),
                Type::BOOL => (*n != 0).to_sql(ty, out),
                Type::FLOAT8 => (*n as f64).to_sql(ty, out),
                Type::TEXT | Type::VARCHAR => n.to_string().to_sql(ty, out),
                _ => Err(format!("an integer cannot be a {ty} parameter").into()),
            },
            Value::Real(x) => match *ty {
                Type::FLOAT4 => (*x as f32).to_sql(ty, out),
                _ => x.to_sql(ty, out),
            },
            Value::Text(text) => text.as_str().to_sql(ty, out),
            Value::Blob(bytes) => bytes.as_slice().to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl<'a> FromSql<'a> for Value {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Value, Boxed> {
        Ok(match *ty {
            Type::INT8 => Value::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => Value::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT2 => Value::Int(i16::from_sql(ty, raw)?.into()),
            Type::BOOL => Value::Int(bool::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => Value::Real(f64::from_sql(ty, raw)?),
            Type::FLOAT4 => Value::Real(f32::from_sql(ty, raw)?.into()),
            Type::BYTEA => Value::Blob(<Vec<u8>>::from_sql(ty, raw)?),
            _ => Value::Text(<String>::from_sql(ty, raw).map_err(|_| {
                format!("a column of type {ty} is not one the store reads (cast it)")
            })?),
        })
    }

    fn from_sql_null(_: &Type) -> Result<Value, Boxed> {
        Ok(Value::Null)
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}
