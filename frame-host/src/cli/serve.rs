//! `oriel-frame-host serve`: loads the config, then serves [`crate::app`] until Ctrl-C or
//! SIGTERM.

use std::net::SocketAddr;

use crate::{
    config::{Config, Mode},
    error::{Error, Result},
    frame::FrameSource,
    http::{serve, ConnectionLimits},
    metrics::{MetricsListen, DEFAULT_METRICS_LISTEN},
    routes::{app, metrics_app},
    state::AppState,
    tasks::{self, Tasks},
    version::{FRAME_MANIFEST_SHA256, GIT_COMMIT, VERSION},
};

pub(super) async fn run() -> Result<()> {
    let config = Config::load()?;
    super::logging::init()?;
    match FrameSource::new(config.frame_dir.as_deref()) {
        FrameSource::Dir(dir) if !dir.is_dir() => tracing::warn!(
            frame_dir = %dir.display(),
            "frame_dir does not exist: /frame/assets/ will answer 404 until the frame is built"
        ),
        source => tracing::info!(frame = %source, "serving the frame"),
    }
    let addr = config.listen;
    let metrics_addr = metrics_address(&config)?;
    let (mode, projects) = (config.mode, config.projects.len());
    let limits = ConnectionLimits::from_config(&config);
    // The database and key files first, so the port opens only when requests can be served.
    let state = AppState::new(config).await?;
    if mode == Mode::Dev {
        tasks::point_devnet_names(&state).await;
    }
    // Background tasks that use the database: stopped before it closes (see below).
    let tasks = Tasks::start(&state)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| Error::Bind { addr, source })?;
    let local = listener.local_addr().unwrap_or(addr);
    tracing::info!(
        addr = %local,
        %mode,
        projects,
        version = VERSION,
        commit = GIT_COMMIT,
        frame_manifest_sha256 = FRAME_MANIFEST_SHA256,
        "starting"
    );
    println!("oriel frame-host listening on http://{local}");
    let metrics = match metrics_addr {
        Some(addr) => Some(serve_metrics(addr, &state).await?),
        None => None,
    };
    serve(listener, app(state.clone()), limits, shutdown_signal()).await;
    if let Some(metrics) = metrics {
        metrics.abort();
    }
    tasks.shutdown().await;
    state.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Where `/metrics` is served: the config's address, or by default loopback in production
/// and nowhere in dev mode. Never the public listen address.
fn metrics_address(config: &Config) -> Result<Option<SocketAddr>> {
    let addr = match config.metrics_listen {
        Some(MetricsListen::Off) => None,
        Some(MetricsListen::At(addr)) => Some(addr),
        None => (config.mode == Mode::Production).then_some(DEFAULT_METRICS_LISTEN),
    };
    if addr.is_some_and(|a| a == config.listen && a.port() != 0) {
        return Err(Error::InvalidValue(
            "metrics_listen must differ from listen: /metrics is for the operator, not the public"
                .into(),
        ));
    }
    Ok(addr)
}

/// Serves `/metrics` on `addr` until aborted; prints where.
async fn serve_metrics(addr: SocketAddr, state: &AppState) -> Result<tokio::task::JoinHandle<()>> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| Error::Bind { addr, source })?;
    let local = listener.local_addr().unwrap_or(addr);
    println!("oriel frame-host metrics on http://{local}/metrics");
    let app = metrics_app(state.clone());
    Ok(tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!(%error, "the metrics listener stopped");
        }
    }))
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
