//! The HTTP server loop: [`axum::serve`]'s job plus the limits it does not set.
//!
//! `axum::serve` reads headers and bodies for as long as a client cares to trickle them and
//! keeps idle connections forever, so a few hundred idle sockets from one address exhaust the
//! process's file descriptors. Here every connection gets:
//! - a header-read timeout (hyper's own, which also bounds the wait for the next request on
//!   an idle keep-alive connection),
//! - a body-read timeout (tower-http's [`RequestBodyTimeoutLayer`]),
//! - a cap on open connections per client address; a connection over it is closed at once.
//!   Trusted proxies are exempt: every client behind them shares their address.

use std::{
    collections::HashMap,
    future::Future,
    net::IpAddr,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use axum::{extract::ConnectInfo, http::Request, Router};
use hyper::body::Incoming;
use hyper_util::{
    rt::{TokioExecutor, TokioIo, TokioTimer},
    server::{conn::auto, graceful::GracefulShutdown},
    service::TowerToHyperService,
};
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeoutLayer;

use crate::net::IpRange;

/// How long and how many: the connection limits of [`serve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Time to receive a request's complete headers, counted from the connection's start or
    /// from the previous response (so it is also the keep-alive idle timeout).
    pub header_read: Duration,
    /// Time to receive a request's complete body once its headers arrived.
    pub body_read: Duration,
    /// Open connections one client address may hold.
    pub per_address: usize,
    /// Addresses the cap does not apply to: the deployment's reverse proxies.
    pub proxies: Vec<IpRange>,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(15),
            per_address: 64,
            proxies: Vec::new(),
        }
    }
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
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    let open = OpenConnections::new(limits.per_address, limits.proxies);
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
            tracing::debug!(%peer, "connection refused: too many open from this address");
            drop(stream);
            continue;
        };
        // Handlers read the peer address as axum's `ConnectInfo`, as under `axum::serve`.
        let service = app
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let connection = builder.serve_connection_with_upgrades(
            TokioIo::new(stream),
            TowerToHyperService::new(service),
        );
        let connection = graceful.watch(connection.into_owned());
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%peer, %error, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// Counts open connections per client address.
#[derive(Debug, Clone)]
struct OpenConnections {
    limit: usize,
    exempt: Arc<[IpRange]>,
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl OpenConnections {
    fn new(limit: usize, exempt: Vec<IpRange>) -> Self {
        Self {
            limit,
            exempt: exempt.into(),
            counts: Arc::default(),
        }
    }

    /// A slot for one more connection from `ip`, or `None` at the limit.
    fn claim(&self, ip: IpAddr) -> Option<Slot> {
        if self.exempt.iter().any(|range| range.contains(ip)) {
            return Some(Slot {
                ip: None,
                counts: Arc::clone(&self.counts),
            });
        }
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(ip).or_default();
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(Slot {
            ip: Some(ip),
            counts: Arc::clone(&self.counts),
        })
    }
}

/// One open connection; dropping it frees the slot.
#[derive(Debug)]
struct Slot {
    /// `None` for an exempt address, which is not counted.
    ip: Option<IpAddr>,
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(ip) = self.ip else { return };
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&ip) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_per_address_and_freed_on_drop() {
        let proxy: IpRange = "10.0.0.9".parse().unwrap();
        let open = OpenConnections::new(2, vec![proxy]);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let first = open.claim(a).expect("first");
        let _second = open.claim(a).expect("second");
        assert!(open.claim(a).is_none(), "a third from the same address");
        assert!(open.claim(b).is_some(), "another address is not affected");
        drop(first);
        assert!(open.claim(a).is_some(), "a freed slot is reusable");
        let behind_proxy: Vec<_> = (0..5).map(|_| open.claim([10, 0, 0, 9].into())).collect();
        assert!(
            behind_proxy.iter().all(Option::is_some),
            "a trusted proxy is not capped"
        );
    }
}
