//! A PostgreSQL 15 server of a test's own, to stop and start again under the bot (the one
//! `.ci/postgres` starts is shared by every test, and must stay up). It runs as the user
//! `.ci/postgres` runs its server as (`PG_USER_RUN`: PostgreSQL refuses root), in a temporary
//! folder, on a loopback port, and is stopped when dropped.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A running (or stopped) server and its folder.
pub struct PgServer {
    dir: tempfile::TempDir,
    port: u16,
    user: Option<String>,
}

/// Where PostgreSQL 15's programs are.
fn bin(program: &str) -> PathBuf {
    let dir = std::env::var("PG_BIN").unwrap_or_else(|_| "/usr/lib/postgresql/15/bin".into());
    Path::new(&dir).join(program)
}

impl PgServer {
    /// A new server with an empty database `gipf`, up.
    pub fn start() -> PgServer {
        let dir = tempfile::tempdir().unwrap();
        let user = match std::env::var("PG_USER_RUN") {
            Ok(user) if user != "root" => Some(user),
            _ if is_root() => Some("nobody".to_string()),
            _ => None,
        };
        if let Some(user) = &user {
            run("chmod", &["755", &dir.path().display().to_string()], None);
            run("chown", &[user, &dir.path().display().to_string()], None);
        }
        let port = free_port();
        let server = PgServer { dir, port, user };
        let data = server.data();
        server.as_owner(
            &bin("initdb"),
            &["-D", &data, "-U", "gipf", "--auth=trust", "-E", "UTF8"],
        );
        server.resume();
        run(
            &bin("createdb").display().to_string(),
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &port.to_string(),
                "-U",
                "gipf",
                "gipf",
            ],
            None,
        );
        server
    }

    /// Its database's URL.
    pub fn url(&self) -> String {
        format!("postgres://gipf@127.0.0.1:{}/gipf", self.port)
    }

    /// Stops it as an operator would (`pg_ctl stop`, fast: every session is ended).
    pub fn stop(&self) {
        self.as_owner(
            &bin("pg_ctl"),
            &["-D", &self.data(), "-m", "fast", "-w", "stop"],
        );
    }

    /// Starts it (again), and waits until it takes connections.
    pub fn resume(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("server.log").display().to_string();
        let data = self.data();
        self.as_owner(
            &bin("pg_ctl"),
            &["-D", &data, "-l", &log, "-w", "-o", &options, "start"],
        );
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    fn as_owner(&self, program: &Path, args: &[&str]) {
        run(&program.display().to_string(), args, self.user.as_deref());
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let mut stop = match &self.user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(bin("pg_ctl"));
                c
            }
            None => Command::new(bin("pg_ctl")),
        };
        let _ = stop
            .args(["-D", &self.data(), "-m", "immediate", "stop"])
            .output();
    }
}

/// Runs `program` with `args` (as `user`, if given), and checks that it went well.
fn run(program: &str, args: &[&str], user: Option<&str>) {
    let mut command = match user {
        Some(user) => {
            let mut c = Command::new("runuser");
            c.args(["-u", user, "--", program]);
            c
        }
        None => Command::new(program),
    };
    let out = command.args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A loopback port nobody listens on now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// Whether the tests run as root.
fn is_root() -> bool {
    let id = Command::new("id").arg("-u").output().unwrap();
    String::from_utf8_lossy(&id.stdout).trim() == "0"
}
