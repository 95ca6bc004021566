//! The `oriel-frame-host` command line: `serve` (the default) runs the server; each other
//! subcommand is an operator's task that runs and exits. One file per subcommand: `keys`
//! creates and rotates the operator's keys, `check-config` checks a config without starting, `analytics` reads the analytics events.

mod analytics;
mod check_config;
pub(crate) mod keys;
mod logging;
mod serve;

use clap::{Parser, Subcommand};

use crate::error::Result;

/// frame-host: the embedded wallet's frame page and its backend.
#[derive(Debug, Parser)]
#[command(name = "oriel-frame-host", version = crate::version::LONG_VERSION)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the frame and its API until Ctrl-C or SIGTERM (the default).
    Serve,
    /// The operator's keys: create them once, rotate them.
    #[command(subcommand)]
    Keys(keys::KeysCommand),
    /// Check the config (defaults, ORIEL_CONFIG, the environment) and list what production
    /// mode would refuse, without starting.
    CheckConfig,
    /// A project's analytics: events per day by name and origin, connections per method.
    Analytics(analytics::AnalyticsArgs),
}

impl Cli {
    /// Runs the command the arguments name.
    pub async fn run(self) -> Result<()> {
        match self.command.unwrap_or(Command::Serve) {
            Command::Serve => serve::run().await,
            Command::Keys(command) => keys::run(command).await,
            Command::CheckConfig => check_config::run(),
            Command::Analytics(args) => analytics::run(args).await,
        }
    }
}
