//! Logging for every subcommand.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use crate::error::{Error, Result};

/// Logs to stderr, filtered by `ORIEL_LOG` (default `info`), as JSON when
/// `ORIEL_LOG_FORMAT=json`, else compact text.
pub(super) fn init() -> Result<()> {
    let filter = match std::env::var("ORIEL_LOG") {
        Ok(f) if !f.is_empty() => EnvFilter::try_new(&f)
            .map_err(|e| Error::Logging(format!("invalid ORIEL_LOG filter {f:?}: {e}")))?,
        _ => EnvFilter::new("info"),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    let result = if std::env::var("ORIEL_LOG_FORMAT").as_deref() == Ok("json") {
        builder.json().try_init()
    } else {
        builder.compact().try_init()
    };
    result.map_err(|e| Error::Logging(e.to_string()))
}
