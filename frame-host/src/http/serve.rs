//! The HTTP server loop: [`axum::serve`]'s job plus the limits it does not set.
//!
//! `axum::serve` reads headers and bodies for as long as a client cares to trickle them and
//! keeps idle connections forever, so a few hundred idle sockets exhaust the process's file
//! descriptors. Here (security review W7, issue 38 H-2) every connection gets:
//! - HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a reverse proxy in front
//!   terminates, so cleartext HTTP/2 (h2c) would serve no one and only add a protocol whose
//!   idle connections need limits of their own; a client that opens with the h2c preface is
//!   answered as a bad HTTP/1 request and closed;
//! - a deadline from accept: a connection's first request headers arrive within
//!   `header_read` of the connection opening, whether or not it sends a byte;
//! - a header-read timeout (hyper's, which also bounds the wait for the next request on an
//!   idle keep-alive connection) and a body-read timeout (tower-http's
//!   [`RequestBodyTimeoutLayer`]);
//! - a cap on open connections per client address (an IPv6 client's /64 by default; trusted
//!   proxies are exempt, since every client behind them shares their address), and a cap on
//!   open connections in all: at it, the connection idle the longest is closed to make room,
//!   and a new one is turned away only when every connection is busy.

use std::{future::Future, sync::Arc, time::Duration};

use axum::{extract::ConnectInfo, http::Request, Router};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeoutLayer;

use super::open::{Caps, OpenConnections};
use crate::{
    config::Config,
    net::{AddressBuckets, IpRange},
};

/// How long and how many: the connection limits of [`serve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Time to receive a request's complete headers, counted from the connection's start
    /// (whether or not it sends anything) or from the previous response (so it is also the
    /// keep-alive idle timeout).
    pub header_read: Duration,
    /// Time to receive a request's complete body once its headers arrived.
    pub body_read: Duration,
    /// Open connections one client address (an IPv6 client's network) may hold.
    pub per_address: usize,
    /// Open connections in all; at the cap the one idle the longest is closed for a new one.
    pub total: usize,
    /// Addresses the per-address cap does not apply to: the deployment's reverse proxies.
    pub proxies: Vec<IpRange>,
    /// How client addresses are grouped for the per-address cap.
    pub buckets: AddressBuckets,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(15),
            per_address: 64,
            total: 1024,
            proxies: Vec::new(),
            buckets: AddressBuckets::default(),
        }
    }
}

impl ConnectionLimits {
    /// The limits `config` sets: `connections_per_address`, `connections_max` (`0`: three
    /// quarters of the process's open-file limit, at least 64), `trusted_proxies` and
    /// `ipv6_prefix`; the timeouts are the defaults.
    pub fn from_config(config: &Config) -> Self {
        let total = match config.connections_max {
            0 => open_file_limit().map_or(1024, |limit| (limit / 4 * 3).max(64)),
            max => u64::from(max),
        };
        Self {
            per_address: usize::try_from(config.connections_per_address).unwrap_or(usize::MAX),
            total: usize::try_from(total).unwrap_or(usize::MAX),
            proxies: config.trusted_proxies.clone(),
            buckets: config.address_buckets(),
            ..Self::default()
        }
    }
}

/// The process's soft limit of open files, where the platform has one.
fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::Nofile).current
    }
    #[cfg(not(unix))]
    None
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open requests finish.
/// Handlers see the peer address as `ConnectInfo<SocketAddr>`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let app = app.layer(RequestBodyTimeoutLayer::new(limits.body_read));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    let open = OpenConnections::new(Caps {
        per_address: limits.per_address,
        total: limits.total.max(1),
        exempt: limits.proxies.into(),
        buckets: limits.buckets,
    });
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // EMFILE and friends: back off instead of spinning on a full table.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(slot) = open.claim(peer.ip()) else {
            tracing::debug!(%peer, "connection refused: too many open");
            drop(stream);
            continue;
        };
        let slot = Arc::new(slot);
        let requests = Arc::clone(&slot);
        // Handlers read the peer address as axum's `ConnectInfo`, as under `axum::serve`; the
        // slot knows the connection is busy while a request is answered.
        let service = app
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            })
            .map_future(move |answer| {
                let busy = requests.request();
                async move {
                    let response = answer.await;
                    drop(busy);
                    response
                }
            });
        let connection =
            builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        let first_request = limits.header_read;
        tokio::spawn(async move {
            tokio::pin!(connection);
            let deadline = tokio::time::sleep(first_request);
            tokio::pin!(deadline);
            let mut before_first_request = true;
            loop {
                tokio::select! {
                    ended = &mut connection => {
                        if let Err(error) = ended {
                            tracing::debug!(%peer, %error, "connection ended with an error");
                        }
                        break;
                    }
                    () = slot.evicted() => {
                        tracing::debug!(%peer, "idle connection closed to make room");
                        break;
                    }
                    () = &mut deadline, if before_first_request => {
                        if !slot.served() {
                            tracing::debug!(%peer, "connection closed: no request in time");
                            break;
                        }
                        before_first_request = false;
                    }
                }
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}
