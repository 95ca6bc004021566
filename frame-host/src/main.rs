//! The `oriel-frame-host` binary: runs the subcommand its arguments name ([`Cli`]), by
//! default `serve`.

use std::process::ExitCode;

use clap::Parser;
use oriel_frame_host::Cli;

#[tokio::main]
async fn main() -> ExitCode {
    match Cli::parse().run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("oriel-frame-host: {e}");
            ExitCode::FAILURE
        }
    }
}
