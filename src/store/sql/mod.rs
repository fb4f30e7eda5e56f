//! One way to talk to either database: the store's statements are written once, with `?N`
//! parameters, and run on SQLite (the default, one file) or PostgreSQL (`DATABASE_URL`).
//! Only this room knows which engine is underneath.

mod database;
pub mod dialect;
mod outage;
mod postgres;
mod sqlite;
mod value;

pub use database::{Database, PostgresUrl};
pub use outage::{Fault, PATIENCE, one_command, patiently};
pub use value::{FromValue, Row, ToValue, Unreadable, Value};

/// What went wrong talking to the database.
#[derive(Debug)]
pub enum Error {
    /// Column `.0` does not read back as what was asked.
    Unreadable(usize, Unreadable),
    /// A query that must return a row returned none.
    NoRow,
    /// The connection was closed.
    Closed,
    /// SQLite refused or failed.
    Sqlite(rusqlite::Error),
    /// PostgreSQL refused or failed, or the connection to it broke.
    Postgres(::postgres::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Unreadable(column, why) => write!(f, "column {column} cannot be read: {why}"),
            Error::NoRow => f.write_str("the query returned no row"),
            Error::Closed => f.write_str("the connection to the database is closed"),
            Error::Sqlite(error) => error.fmt(f),
            Error::Postgres(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Sqlite(error) => error.source(),
            Error::Postgres(error) => error.source(),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for Error {
    fn from(error: rusqlite::Error) -> Error {
        Error::Sqlite(error)
    }
}

impl From<::postgres::Error> for Error {
    fn from(error: ::postgres::Error) -> Error {
        Error::Postgres(error)
    }
}

/// The fault `cause` is, if it is one of the database's (see [`Fault`]).
fn fault_in(cause: &(dyn std::error::Error + 'static)) -> Option<Fault> {
    if let Some(error) = cause.downcast_ref::<Error>() {
        return match error {
            Error::Closed => Some(Fault::NotAnswering),
            Error::Sqlite(error) => sqlite::fault(error),
            Error::Postgres(error) => postgres::fault(error),
            Error::Unreadable(..) | Error::NoRow => None,
        };
    }
    if let Some(error) = cause.downcast_ref::<rusqlite::Error>() {
        return sqlite::fault(error);
    }
    postgres::fault(cause.downcast_ref::<::postgres::Error>()?)
}

/// A result of the database layer.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The parameters of a statement, each a [`ToValue`].
#[macro_export]
macro_rules! sql_params {
    ($($param:expr),* $(,)?) => {
        &[$(&$param as &dyn $crate::store::sql::ToValue),*] as &[&dyn $crate::store::sql::ToValue]
    };
}
pub use sql_params as params;

/// One open connection to either engine.
pub struct Conn {
    engine: Engine,
    /// Inside a transaction begun by [`Conn::transaction`].
    in_transaction: bool,
}

enum Engine {
    Sqlite(rusqlite::Connection),
    // Boxed: the client with its prepared statements is several times a SQLite handle.
    Postgres(Box<postgres::Client>),
}

impl Conn {
    /// Opens a connection to `database` (without migrating it).
    pub fn open(database: &Database) -> anyhow::Result<Conn> {
        let engine = match database {
            Database::Sqlite(path) => Engine::Sqlite(sqlite::open(path)?),
            Database::Postgres(url) => Engine::Postgres(Box::new(postgres::Client::open(url)?)),
        };
        Ok(Conn {
            engine,
            in_transaction: false,
        })
    }

    /// Opens a connection to `database` that cannot change it: a SQLite file opened read
    /// only (it must exist), a PostgreSQL session whose transactions are all read only.
    pub fn open_read_only(database: &Database) -> anyhow::Result<Conn> {
        let mut conn = Conn {
            engine: match database {
                Database::Sqlite(path) => Engine::Sqlite(sqlite::open_read_only(path)?),
                Database::Postgres(url) => Engine::Postgres(Box::new(postgres::Client::open(url)?)),
            },
            in_transaction: false,
        };
        if conn.sqlite().is_none() {
            conn.execute_batch("SET default_transaction_read_only = on")?;
        }
        Ok(conn)
    }

    /// The SQLite connection underneath, for what only SQLite does (its online backup, its
    /// pragmas); none on PostgreSQL.
    pub fn sqlite(&mut self) -> Option<&mut rusqlite::Connection> {
        match &mut self.engine {
            Engine::Sqlite(c) => Some(c),
            Engine::Postgres(_) => None,
        }
    }

    /// Runs a statement; how many rows it changed.
    pub fn execute(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<usize> {
        match &mut self.engine {
            Engine::Sqlite(c) => sqlite::execute(c, sql, params),
            Engine::Postgres(c) => c.execute(sql, params),
        }
    }

    /// Runs statements with no parameters, one after another.
    pub fn execute_batch(&mut self, sql: &str) -> Result<()> {
        match &mut self.engine {
            Engine::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Engine::Postgres(c) => c.execute_batch(sql),
        }
    }

    fn query(&mut self, sql: &str, params: &[&dyn ToValue]) -> Result<Vec<Row>> {
        match &mut self.engine {
            Engine::Sqlite(c) => sqlite::query(c, sql, params),
            Engine::Postgres(c) => c.query(sql, params),
        }
    }

    /// Every row of a query, each read by `read`.
    pub fn query_map<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        read: impl FnMut(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.query(sql, params)?.iter().map(read).collect()
    }

    /// The first row of a query read by `read`, if there is one.
    pub fn query_opt<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        read: impl FnOnce(&Row) -> Result<T>,
    ) -> Result<Option<T>> {
        self.query(sql, params)?.first().map(read).transpose()
    }

    /// The first row of a query read by `read`; [`Error::NoRow`] if there is none.
    pub fn query_row<T>(
        &mut self,
        sql: &str,
        params: &[&dyn ToValue],
        read: impl FnOnce(&Row) -> Result<T>,
    ) -> Result<T> {
        self.query_opt(sql, params, read)?.ok_or(Error::NoRow)
    }

    /// Runs `work` in one transaction: all of it is stored, or (on an error) none of it.
    /// On SQLite it takes the write lock at once, so two writers never deadlock halfway.
    /// Inside a transaction already, `work` is part of that one.
    pub fn transaction<T, E: From<Error>>(
        &mut self,
        work: impl FnOnce(&mut Conn) -> Result<T, E>,
    ) -> Result<T, E> {
        let begin = match self.engine {
            Engine::Sqlite(_) => "BEGIN IMMEDIATE",
            Engine::Postgres(_) => "BEGIN",
        };
        self.within(begin, work)
    }

    /// Runs `work`, which only reads, on one snapshot of the database: what it reads is
    /// consistent even while others write.
    pub fn snapshot<T, E: From<Error>>(
        &mut self,
        work: impl FnOnce(&mut Conn) -> Result<T, E>,
    ) -> Result<T, E> {
        let begin = match self.engine {
            Engine::Sqlite(_) => "BEGIN DEFERRED",
            Engine::Postgres(_) => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        };
        self.within(begin, work)
    }

    /// Runs `work` in a transaction begun by `begin` (or in the one under way).
    fn within<T, E: From<Error>>(
        &mut self,
        begin: &str,
        work: impl FnOnce(&mut Conn) -> Result<T, E>,
    ) -> Result<T, E> {
        if self.in_transaction {
            return work(self);
        }
        self.execute_batch(begin)?;
        self.in_transaction = true;
        let done = work(self);
        let end = match done {
            Ok(_) => self.execute_batch("COMMIT"),
            Err(_) => self.execute_batch("ROLLBACK"),
        };
        // A transaction that did not end leaves the connection unusable: it is not pooled.
        self.in_transaction = end.is_err();
        let done = done?;
        end?;
        Ok(done)
    }

    /// Whether the connection can be used again: not closed, not inside a transaction.
    pub fn reusable(&self) -> bool {
        !self.in_transaction
            && match &self.engine {
                Engine::Sqlite(c) => c.is_autocommit(),
                Engine::Postgres(c) => !c.is_closed(),
            }
    }

    /// Whether the connection to the server was lost (the server restarted or the network
    /// broke): the other idle connections are likely lost too.
    pub fn lost(&self) -> bool {
        match &self.engine {
            Engine::Sqlite(_) => false,
            Engine::Postgres(c) => c.is_closed(),
        }
    }

    /// Which engine this is, as the tools and the logs name it.
    pub fn engine(&self) -> &'static str {
        match self.engine {
            Engine::Sqlite(_) => "SQLite",
            Engine::Postgres(_) => "PostgreSQL",
        }
    }
}
