//! Where the data lives: a SQLite file (the default) or a PostgreSQL server named by a URL,
//! checked part by part so that a wrong one says which part is wrong.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A database: a SQLite file, or a PostgreSQL server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL server's database.
    Postgres(PostgresUrl),
}

impl Database {
    /// `postgres://…` or `postgresql://…` is a server; anything else is a SQLite file.
    pub fn parse(text: &str) -> anyhow::Result<Database> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Ok(Database::Postgres(text.parse()?))
        } else if text.contains("://") {
            anyhow::bail!(
                "`{}` is not a database: give a SQLite file's path or a postgres:// URL",
                text.split("://").next().unwrap_or(text)
            )
        } else {
            Ok(Database::Sqlite(PathBuf::from(text)))
        }
    }

    /// A new, empty schema of its own in the PostgreSQL database at `url`, named `name`
    /// (letters, digits and `_`), its connections named so too: how the tests share one
    /// server without seeing each other.
    pub fn scratch(url: &PostgresUrl, name: &str) -> anyhow::Result<Database> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            anyhow::bail!("`{name}` cannot name a schema: use letters, digits and _");
        }
        let mut conn = super::Conn::open(&Database::Postgres(url.clone()))?;
        conn.execute_batch(&format!(
            "DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"
        ))?;
        let joiner = if url.text.contains('?') { '&' } else { '?' };
        let text = format!(
            "{}{joiner}options=-csearch_path%3D{name}&application_name={name}",
            url.text
        );
        Ok(Database::Postgres(text.parse()?))
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::Sqlite(path)
    }
}

impl From<&Path> for Database {
    fn from(path: &Path) -> Database {
        Database::Sqlite(path.to_path_buf())
    }
}

impl From<&PathBuf> for Database {
    fn from(path: &PathBuf) -> Database {
        Database::Sqlite(path.clone())
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => url.fmt(f),
        }
    }
}

/// How long a connection waits for the server to take a packet before it counts as lost,
/// unless the URL says (`connect_timeout`, `tcp_user_timeout`).
const UNANSWERED_AFTER: std::time::Duration = std::time::Duration::from_secs(10);

/// A PostgreSQL URL, `postgres://user:password@host:port/database?options`; shown without
/// its password.
#[derive(Clone)]
pub struct PostgresUrl {
    text: String,
    shown: String,
    // Boxed: the settings are several times the size of a path.
    config: Box<postgres::Config>,
}

impl PartialEq for PostgresUrl {
    fn eq(&self, other: &PostgresUrl) -> bool {
        self.text == other.text
    }
}

impl Eq for PostgresUrl {}

impl PostgresUrl {
    /// The client's settings, as read from the URL.
    pub fn config(&self) -> &postgres::Config {
        &self.config
    }

    /// The URL in full, password included (for handing to another process).
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl fmt::Display for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl FromStr for PostgresUrl {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> anyhow::Result<PostgresUrl> {
        let rest = text
            .strip_prefix("postgres://")
            .or_else(|| text.strip_prefix("postgresql://"))
            .ok_or_else(|| anyhow::anyhow!("a PostgreSQL URL starts with postgres://"))?;
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        let (user, host) = match authority.rsplit_once('@') {
            Some((user, host)) => (Some(user), host),
            None => (None, authority),
        };
        let (name, port) = match host.rsplit_once(':') {
            Some((name, port)) if !host.ends_with(']') => (name, Some(port)),
            _ => (host, None),
        };
        if name.is_empty() {
            anyhow::bail!("the URL names no host: postgres://user:password@HOST:5432/database");
        }
        if let Some(port) = port
            && port.parse::<u16>().is_err()
        {
            anyhow::bail!("the port `{port}` is not a number from 1 to 65535");
        }
        let database = path.split('?').next().unwrap_or("");
        if database.is_empty() {
            anyhow::bail!("the URL names no database: postgres://user@host:5432/DATABASE");
        }
        let mut config: postgres::Config = text
            .parse()
            .map_err(|e| anyhow::anyhow!("the URL's options do not read: {e}"))?;
        // A server that does not answer (a network cut, not a refusal) is found out in
        // seconds, not at the system's TCP timeouts (minutes), so that commands wait for it
        // as they wait for a stopped one.
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(UNANSWERED_AFTER);
        }
        if config.get_tcp_user_timeout().is_none() {
            config.tcp_user_timeout(UNANSWERED_AFTER);
        }
        if config.get_user().is_none() && user.is_none() {
            anyhow::bail!("the URL names no user: postgres://USER:password@host/database");
        }
        if config.get_ssl_mode() == postgres::config::SslMode::Require {
            anyhow::bail!(
                "sslmode=require asks for TLS, which this build does not speak to PostgreSQL: reach the server over a private network or its Unix socket (postgres://user@%2Frun%2Fpostgresql/database), or through a tunnel, with sslmode=disable (see docs/deploy.md)"
            );
        }
        let shown = match user.and_then(|u| u.split_once(':')) {
            Some((name, _password)) => text.replacen(user.unwrap_or(""), &format!("{name}:***"), 1),
            None => text.to_string(),
        };
        Ok(PostgresUrl {
            text: text.to_string(),
            shown,
            config: Box::new(config),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(text: &str) -> String {
        Database::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn a_wrong_url_names_its_wrong_part() {
        assert!(refusal("postgres://bot@:5432/gipf").contains("no host"));
        assert!(refusal("postgres://bot@db:54x2/gipf").contains("port `54x2`"));
        assert!(refusal("postgres://bot@db:5432").contains("no database"));
        assert!(refusal("postgres://bot@db:5432/").contains("no database"));
        assert!(refusal("postgres://db:5432/gipf").contains("no user"));
        assert!(refusal("mysql://bot@db/gipf").contains("`mysql` is not a database"));
        assert!(refusal("postgres://bot@db/gipf?sslmode=sometimes").contains("options"));
    }

    #[test]
    fn a_url_is_shown_without_its_password() {
        let url = Database::parse("postgres://bot:hunter2@db:5432/gipf").unwrap();
        assert_eq!(url.to_string(), "postgres://bot:***@db:5432/gipf");
        assert!(!format!("{url:?}").contains("hunter2"));
        let Database::Postgres(url) = url else {
            panic!("a server")
        };
        assert_eq!(url.config().get_dbname(), Some("gipf"));
    }

    #[test]
    fn a_socket_a_postgresql_scheme_and_tls_are_read_as_the_server_takes_them() {
        let Database::Postgres(url) =
            Database::parse("postgresql://gipf@%2Frun%2Fpostgresql/gipf").unwrap()
        else {
            panic!("a server")
        };
        assert_eq!(
            url.config().get_hosts(),
            [postgres::config::Host::Unix("/run/postgresql".into())]
        );
        let Database::Postgres(url) =
            Database::parse("postgres://gipf@localhost/gipf?host=/var/run/postgresql").unwrap()
        else {
            panic!("a server")
        };
        assert!(
            url.config()
                .get_hosts()
                .contains(&postgres::config::Host::Unix("/var/run/postgresql".into()))
        );
        assert!(Database::parse("postgres://gipf@db/gipf?sslmode=disable").is_ok());
        let tls = refusal("postgres://gipf:pw@db/gipf?sslmode=require");
        assert!(tls.contains("sslmode=require asks for TLS"), "{tls}");
        assert!(!tls.contains("pw@"), "{tls}");
    }

    #[test]
    fn anything_else_is_a_sqlite_file() {
        assert_eq!(
            Database::parse("data/gipf.db").unwrap(),
            Database::Sqlite(PathBuf::from("data/gipf.db"))
        );
    }
}
