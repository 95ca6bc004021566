//! Connection limits of the real server loop (security review W7, issue 38 H-2): silent
//! connections, half-sent or trickled headers, cleartext HTTP/2, idle keep-alive connections
//! and trickled bodies are closed, one address cannot hold every connection, and many
//! addresses cannot either. Each test runs `serve` on a loopback port with short limits; the
//! `GUARD` only stops a test that would otherwise hang (the failure before the fix).

use crate::common;

use std::{net::SocketAddr, time::Duration};

use oriel_frame_host::{app, serve, AppState, ConnectionLimits};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpSocket, TcpStream},
    sync::oneshot,
};

/// Short timeouts; the cap is not reached.
fn limits() -> ConnectionLimits {
    ConnectionLimits {
        header_read: Duration::from_millis(300),
        body_read: Duration::from_millis(300),
        per_address: 4,
        ..ConnectionLimits::default()
    }
}

/// Far longer than any limit above: reaching it means the server kept the connection.
const GUARD: Duration = Duration::from_secs(10);

struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    _data: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

async fn start(limits: ConnectionLimits) -> Server {
    let data = tempfile::tempdir().unwrap();
    let mut config = common::config(data.path());
    config.data_dir = data.path().to_path_buf();
    let state = AppState::new(config).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(serve(listener, app(state), limits, async {
        let _ = stopped.await;
    }));
    Server {
        addr,
        stop: Some(stop),
        _data: data,
    }
}

/// Reads until the server closes the connection; what it sent before closing.
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    tokio::time::timeout(GUARD, stream.read_to_end(&mut received))
        .await
        .expect("the server kept the connection open")
        .ok();
    String::from_utf8_lossy(&received).into_owned()
}

/// A connection from `ip` (any 127.0.0.0/8 address reaches the loopback listener).
async fn connect_from(ip: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((ip, 0))).unwrap();
    socket.connect(server).await.unwrap()
}

async fn healthz(stream: &mut TcpStream) -> String {
    let request = b"GET /healthz HTTP/1.1\r\nHost: frame-host\r\nConnection: close\r\n\r\n";
    // A refused connection may already be reset: then there is nothing to read either.
    if stream.write_all(request).await.is_err() {
        return String::new();
    }
    read_until_closed(stream).await
}

#[tokio::test]
async fn half_sent_headers_are_closed() {
    let server = start(limits()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: frame-host\r\n")
        .await
        .unwrap();
    let received = read_until_closed(&mut stream).await;
    assert!(!received.contains("200 OK"), "{received}");
}

#[tokio::test]
async fn idle_keep_alive_connections_are_closed() {
    let server = start(limits()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: frame-host\r\n\r\n")
        .await
        .unwrap();
    // The response arrives, then the connection idles until the server closes it.
    let received = read_until_closed(&mut stream).await;
    assert!(received.starts_with("HTTP/1.1 200 OK"), "{received}");
}

#[tokio::test]
async fn trickled_bodies_are_cut_off() {
    let server = start(limits()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(
            b"POST /auth/v1/session/refresh HTTP/1.1\r\nHost: frame-host\r\n\
              Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"projectId\"",
        )
        .await
        .unwrap();
    let received = read_until_closed(&mut stream).await;
    assert!(received.starts_with("HTTP/1.1 4"), "{received}");
}

#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    // Idle connections must stay open for the whole test, so only the cap is short here.
    let limits = ConnectionLimits {
        header_read: GUARD * 6,
        body_read: GUARD * 6,
        per_address: 4,
        ..ConnectionLimits::default()
    };
    let cap = limits.per_address;
    let server = start(limits).await;
    let mut held = Vec::new();
    for _ in 0..cap {
        held.push(connect_from([127, 0, 0, 1], server.addr).await);
    }
    // Over the cap, the same address is turned away without an answer...
    let mut refused = connect_from([127, 0, 0, 1], server.addr).await;
    assert_eq!(healthz(&mut refused).await, "");
    // ...while another address is served.
    let mut other = connect_from([127, 0, 0, 2], server.addr).await;
    assert!(healthz(&mut other).await.starts_with("HTTP/1.1 200 OK"));
    drop(held);
}

/// Issue 38, H-2: a connection that never sends a byte is closed by the header deadline,
/// counted from accept.
#[tokio::test]
async fn silent_connections_are_closed() {
    let server = start(limits()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    assert_eq!(read_until_closed(&mut stream).await, "");
}

/// Issue 38, H-2: cleartext HTTP/2 (the h2c preface, then nothing) is not kept open.
#[tokio::test]
async fn h2c_connections_are_not_kept_open() {
    let server = start(limits()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        .await
        .unwrap();
    // An empty SETTINGS frame, as an h2c client sends next; then the client idles.
    stream
        .write_all(&[0, 0, 0, 4, 0, 0, 0, 0, 0])
        .await
        .unwrap();
    let received = read_until_closed(&mut stream).await;
    assert!(!received.contains("200"), "{received}");
}

/// Issue 38, H-2: headers trickled a byte at a time, each byte well within the limit, are
/// cut off when the whole set has not arrived in time.
#[tokio::test]
async fn trickled_headers_are_cut_off() {
    let server = start(limits()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let request = b"GET /healthz HTTP/1.1\r\nHost: frame-host\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
    let trickle = async {
        for byte in request {
            if stream.write_all(&[*byte]).await.is_err() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    };
    // The request takes over 4 s at this pace; the server must give up long before.
    let cut = tokio::time::timeout(GUARD, trickle).await.unwrap();
    assert!(cut, "every byte of a 4 s header was accepted");
}

/// Issue 38, H-2: silent connections from many addresses, each under its own cap, fill the
/// server; a new client still gets in, in place of the connection idle the longest.
#[tokio::test]
async fn many_addresses_cannot_take_every_connection() {
    // Long timeouts, so that only the total cap closes anything here.
    let limits = ConnectionLimits {
        header_read: GUARD * 6,
        body_read: GUARD * 6,
        per_address: 2,
        total: 6,
        ..ConnectionLimits::default()
    };
    let server = start(limits).await;
    let mut held = Vec::new();
    for n in 0..6u8 {
        held.push(connect_from([127, 0, 1, 10 + n / 2], server.addr).await);
        // Distinct idle times, so "idle the longest" is the first.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut newcomer = connect_from([127, 0, 2, 1], server.addr).await;
    assert!(healthz(&mut newcomer).await.starts_with("HTTP/1.1 200 OK"));
    // The oldest silent connection was closed to make room; the newest one is still open.
    assert_eq!(read_until_closed(&mut held[0]).await, "");
    let still_open =
        tokio::time::timeout(Duration::from_millis(200), held[5].read(&mut [0; 1])).await;
    assert!(
        still_open.is_err(),
        "the newest idle connection was closed too"
    );
}
