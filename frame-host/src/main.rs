//! The `oriel-frame-host` binary: loads the config, then serves [`oriel_frame_host::app`]
//! until Ctrl-C or SIGTERM.

use std::{io::IsTerminal, process::ExitCode};

use oriel_frame_host::{
    app, serve, tasks, AppState, Config, ConnectionLimits, Error, Result, Tasks,
};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("oriel-frame-host: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<()> {
    let config = Config::load()?;
    init_tracing()?;
    if !config.frame_dir.is_dir() {
        tracing::warn!(
            frame_dir = %config.frame_dir.display(),
            "frame_dir does not exist: /frame/assets/ will answer 404 until the frame is built"
        );
    }
    let addr = config.listen;
    let (mode, projects) = (config.mode, config.projects.len());
    let limits = ConnectionLimits::from_config(&config);
    // The database and key files first, so the port opens only when requests can be served.
    let state = AppState::new(config).await?;
    if mode == oriel_frame_host::Mode::Dev {
        tasks::point_devnet_names(&state).await;
    }
    // Background tasks that use the database: stopped before it closes (see below).
    let tasks = Tasks::start(&state)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| Error::Bind { addr, source })?;
    let local = listener.local_addr().unwrap_or(addr);
    tracing::info!(addr = %local, %mode, projects, "starting");
    println!("oriel frame-host listening on http://{local}");
    serve(listener, app(state.clone()), limits, shutdown_signal()).await;
    tasks.shutdown().await;
    state.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Logs to stderr, filtered by `ORIEL_LOG` (default `info`), as JSON when
/// `ORIEL_LOG_FORMAT=json`, else compact text.
fn init_tracing() -> Result<()> {
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

async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
