//! Issue 38, M-2: per-IP limits count an IPv6 client by its /64 (`ipv6_prefix`), since one
//! host can use any address of its network; IPv4 clients still count per address.

use std::net::{IpAddr, SocketAddr};

use axum::{body::Body, extract::ConnectInfo, http::Request};
use tower::ServiceExt;

use crate::common::TestApp;

/// The sign-in nonces one client may ask for per 10 minutes (`siwx::NONCE_LIMIT`).
const NONCES: usize = 30;

async fn nonce_from(t: &TestApp, ip: &str) -> u16 {
    let mut request = Request::get("/v1/sessions/nonce?projectId=demo")
        .body(Body::empty())
        .unwrap();
    let peer = SocketAddr::new(ip.parse::<IpAddr>().unwrap(), 40_000);
    request.extensions_mut().insert(ConnectInfo(peer));
    t.app
        .clone()
        .oneshot(request)
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn one_ipv6_network_is_one_client() {
    let t = TestApp::new().await;
    for n in 0..NONCES {
        let ip = format!("2001:db8:1:2:{n:x}::{n:x}");
        assert_eq!(nonce_from(&t, &ip).await, 200, "{ip}");
    }
    // Another address of the same /64: the limit is reached.
    assert_eq!(nonce_from(&t, "2001:db8:1:2:ffff::1").await, 429);
    // Another /64 is another client.
    assert_eq!(nonce_from(&t, "2001:db8:1:3::1").await, 200);
    // IPv4 neighbours stay apart.
    for _ in 0..NONCES {
        assert_eq!(nonce_from(&t, "192.0.2.1").await, 200);
    }
    assert_eq!(nonce_from(&t, "192.0.2.1").await, 429);
    assert_eq!(nonce_from(&t, "192.0.2.2").await, 200);
}

#[tokio::test]
async fn the_prefix_is_configurable() {
    let t = TestApp::with(|c| c.ipv6_prefix = 128).await;
    for n in 0..=NONCES {
        let ip = format!("2001:db8:1:2::{:x}", n + 1);
        assert_eq!(nonce_from(&t, &ip).await, 200, "{ip}");
    }
}
