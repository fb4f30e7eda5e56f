//! `gipf-bot web`: the game pages alone, from the database (their settings, `WEB_BIND` and
//! `WEB_BASE_URL`, are [`WebArgs`], shared with `run`).

use anyhow::Context;

use super::settings::{DatabaseArgs, WebArgs};

/// `gipf-bot web`'s flags: the database and where to serve.
#[derive(clap::Args, Debug)]
pub struct WebServeArgs {
    #[command(flatten)]
    database: DatabaseArgs,
    #[command(flatten)]
    web: WebArgs,
}

impl WebServeArgs {
    /// Serves the pages until Ctrl-C or SIGTERM.
    pub fn run(self) -> anyhow::Result<()> {
        let bind = (self.web.bind())
            .context("give the address to serve on: WEB_BIND or --web-bind, like 127.0.0.1:8080")?;
        let config = crate::service::Config {
            web_base_url: self.web.base_url(),
            ..crate::service::Config::default()
        };
        let service = std::sync::Arc::new(crate::service::Service::open(
            self.database.database()?,
            config,
        )?);
        tracing::info!(database = %service.database(), %bind, "serving the game pages");
        let runtime = crate::discord::runtime().context("cannot start the async runtime")?;
        runtime.block_on(async move {
            let listener = crate::web::listen(bind).await?;
            let stop = crate::discord::shutdown_signal();
            crate::web::serve(listener, (service, Default::default()), stop).await?;
            Ok(())
        })
    }
}
