//! The chain RPC client against real local HTTP servers that script faults: Retry-After,
//! retries, a hang past the timeout, fallback, errors passed through, batches and ranking.

use std::{
    future::Future,
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use axum::{
    body::Bytes,
    extract::State,
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
    Router,
};
use oriel_protocol::{ErrorCode, ErrorReply};
use oriel_rpc::{RpcClient, RpcError, Transport, TransportError, TransportReply, TIMEOUT_MESSAGE};
use serde_json::{json, Value};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

/// A plain HTTP/1.1 client over a TCP socket: enough for `http://` test servers.
#[derive(Clone)]
struct TcpTransport;

impl Transport for TcpTransport {
    async fn post(&self, url: &str, body: &str) -> Result<TransportReply, TransportError> {
        let failed = |e: std::io::Error| TransportError(e.to_string());
        let rest = url.strip_prefix("http://").expect("test URLs are http://");
        let (authority, path) = match rest.find('/') {
            Some(i) => rest.split_at(i),
            None => (rest, "/"),
        };
        let mut stream = TcpStream::connect(authority).await.map_err(failed)?;
        let request = format!(
            "POST {path} HTTP/1.1\r\nhost: {authority}\r\ncontent-type: application/json\r\n\
             content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.map_err(failed)?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.map_err(failed)?;
        let raw = String::from_utf8(raw).map_err(|e| TransportError(e.to_string()))?;
        let (head, body) = raw
            .split_once("\r\n\r\n")
            .ok_or_else(|| TransportError("no HTTP header".into()))?;
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| TransportError("no HTTP status".into()))?;
        let retry_after = lines.find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("retry-after")
                .then(|| value.trim().to_owned())
        });
        Ok(TransportReply {
            status,
            retry_after,
            body: body.to_owned(),
        })
    }

    async fn sleep(&self, ms: u32) {
        tokio::time::sleep(Duration::from_millis(ms.into())).await;
    }

    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64
    }
}

/// What a scripted server does with its `n`th request (from 0).
#[derive(Clone)]
enum Step {
    /// Answer every call: `eth_chainId` with 0x7a69, anything else with its params; a
    /// batch in reverse order.
    Answer,
    /// Wait, then answer.
    AnswerAfter(Duration),
    /// This status and body, with `Retry-After` if given.
    Status(u16, Option<&'static str>, &'static str),
    /// A 200 with this body.
    Body(Value),
    /// Never answer within the test.
    Hang,
}

type Script = Arc<dyn Fn(usize) -> Step + Send + Sync>;

/// One request a server received: when, and its JSON body.
#[derive(Clone)]
struct Hit {
    at: Instant,
    body: Value,
}

#[derive(Clone)]
struct Server {
    url: String,
    hits: Arc<Mutex<Vec<Hit>>>,
}

impl Server {
    /// Starts a server on 127.0.0.1:0 that follows `script`.
    async fn start(script: impl Fn(usize) -> Step + Send + Sync + 'static) -> Self {
        let hits = Arc::new(Mutex::new(Vec::new()));
        let script: Script = Arc::new(script);
        let app = Router::new()
            .route("/rpc", post(handle))
            .with_state((script, hits.clone()));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self {
            url: format!("http://{addr}/rpc"),
            hits,
        }
    }

    fn hits(&self) -> Vec<Hit> {
        self.hits.lock().unwrap().clone()
    }

    fn count(&self) -> usize {
        self.hits.lock().unwrap().len()
    }
}

async fn handle(
    State((script, hits)): State<(Script, Arc<Mutex<Vec<Hit>>>)>,
    body: Bytes,
) -> Response {
    let body: Value = serde_json::from_slice(&body).expect("the client sends JSON");
    let n = {
        let mut hits = hits.lock().unwrap();
        hits.push(Hit {
            at: Instant::now(),
            body: body.clone(),
        });
        hits.len() - 1
    };
    match script(n) {
        Step::Answer => answer(&body).into_response(),
        Step::AnswerAfter(delay) => {
            tokio::time::sleep(delay).await;
            answer(&body).into_response()
        }
        Step::Status(status, retry_after, text) => {
            let mut response = (StatusCode::from_u16(status).unwrap(), text).into_response();
            if let Some(value) = retry_after {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, value.parse().unwrap());
            }
            response
        }
        Step::Body(value) => axum::Json(value).into_response(),
        Step::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
    }
}

fn answer(body: &Value) -> axum::Json<Value> {
    let one = |call: &Value| {
        let result = match call["method"].as_str() {
            Some("eth_chainId") => json!("0x7a69"),
            _ => call["params"].clone(),
        };
        json!({ "jsonrpc": "2.0", "id": call["id"], "result": result })
    };
    axum::Json(match body {
        Value::Array(calls) => Value::Array(calls.iter().rev().map(one).collect()),
        call => one(call),
    })
}

/// A URL where nothing listens.
async fn down_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}/rpc")
}

fn client(urls: &[&str]) -> RpcClient<TcpTransport> {
    RpcClient::new(urls.iter().map(|u| u.to_string()).collect(), TcpTransport).unwrap()
}

/// Runs `future`, returning its output and how long it took.
async fn timed<F: Future>(future: F) -> (F::Output, Duration) {
    let start = Instant::now();
    let out = future.await;
    (out, start.elapsed())
}

#[tokio::test(flavor = "current_thread")]
async fn a_429_waits_as_long_as_retry_after_says() {
    let server = Server::start(|n| match n {
        0 => Step::Status(429, Some("1"), "slow down"),
        _ => Step::Answer,
    })
    .await;
    let rpc = client(&[&server.url]);
    let (result, took) = timed(rpc.request("eth_chainId", Value::Null)).await;
    assert_eq!(result, Ok(json!("0x7a69")));
    let hits = server.hits();
    assert_eq!(hits.len(), 2);
    let gap = hits[1].at - hits[0].at;
    assert!(
        gap >= Duration::from_millis(1000),
        "retried after {gap:?}, not the 1 s asked"
    );
    assert!(
        gap < Duration::from_millis(1500),
        "waited {gap:?}, far more than asked"
    );
    assert!(took >= Duration::from_millis(1000));
}

#[tokio::test(flavor = "current_thread")]
async fn retry_after_as_an_http_date() {
    // An HTTP date two seconds ahead (whole seconds, so between 1 and 2 s of wait).
    let in_two_s = SystemTime::now() + Duration::from_secs(2);
    let date: &'static str = Box::leak(httpdate(in_two_s).into_boxed_str());
    let server = Server::start(move |n| match n {
        0 => Step::Status(503, Some(date), "maintenance"),
        _ => Step::Answer,
    })
    .await;
    let rpc = client(&[&server.url]);
    assert_eq!(
        rpc.request("eth_chainId", Value::Null).await,
        Ok(json!("0x7a69"))
    );
    let hits = server.hits();
    let gap = hits[1].at - hits[0].at;
    assert!(gap >= Duration::from_millis(900), "retried after {gap:?}");
    assert!(gap < Duration::from_millis(2500), "retried after {gap:?}");
}

/// `Sun, 06 Nov 1994 08:49:37 GMT` form of `time`.
fn httpdate(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).unwrap().as_secs();
    let days = (secs / 86_400) as i64;
    let (h, m, s) = (secs % 86_400 / 3600, secs % 3600 / 60, secs % 60);
    // Civil date from days since the epoch (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][(days % 7) as usize];
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!(
        "{weekday}, {day:02} {} {year} {h:02}:{m:02}:{s:02} GMT",
        months[(month - 1) as usize]
    )
}

#[tokio::test(flavor = "current_thread")]
async fn a_503_is_retried_then_succeeds() {
    let server = Server::start(|n| match n {
        0 => Step::Status(503, None, "busy"),
        _ => Step::Answer,
    })
    .await;
    let rpc = client(&[&server.url]);
    assert_eq!(
        rpc.request("echo", json!(["hello"])).await,
        Ok(json!(["hello"]))
    );
    let hits = server.hits();
    assert_eq!(hits.len(), 2);
    assert!(hits[1].at - hits[0].at >= Duration::from_millis(150));
    assert_eq!(hits[0].body, hits[1].body, "the same call is sent again");
}

#[tokio::test(flavor = "current_thread")]
async fn three_attempts_150_then_300_ms_apart_then_the_error() {
    let server = Server::start(|_| Step::Status(502, None, "bad gateway")).await;
    let rpc = client(&[&server.url]);
    let result = rpc.request("eth_chainId", Value::Null).await;
    assert_eq!(result, Err(RpcError::Http { status: 502 }));
    assert_eq!(result.unwrap_err().to_string(), "HTTP status code: 502");
    let hits = server.hits();
    assert_eq!(hits.len(), 3, "3 attempts in all");
    let (first, second) = (hits[1].at - hits[0].at, hits[2].at - hits[1].at);
    assert!(
        first >= Duration::from_millis(150) && first < Duration::from_millis(290),
        "{first:?}"
    );
    assert!(second >= Duration::from_millis(300), "{second:?}");
}

#[tokio::test(flavor = "current_thread")]
async fn a_hang_past_10_s_is_the_timeout_error() {
    let server = Server::start(|_| Step::Hang).await;
    let rpc = client(&[&server.url]);
    let (result, took) = timed(rpc.request("eth_blockNumber", Value::Null)).await;
    let error = result.unwrap_err();
    assert_eq!(error, RpcError::Timeout);
    assert_eq!(error.to_string(), "The request took too long to respond.");
    assert_eq!(error.to_string(), TIMEOUT_MESSAGE);
    assert_eq!(
        ErrorReply::from(error),
        ErrorReply::new(ErrorCode::Internal, "The request took too long to respond.")
    );
    assert!(took >= Duration::from_secs(10), "gave up after {took:?}");
    assert!(took < Duration::from_secs(12), "took {took:?}");
    assert_eq!(server.count(), 1, "a hang is not retried on the same URL");
}

#[tokio::test(flavor = "current_thread")]
async fn falls_back_to_the_second_url_when_the_first_is_down() {
    let down = down_url().await;
    let up = Server::start(|_| Step::Answer).await;
    let rpc = client(&[&down, &up.url]);
    assert_eq!(
        rpc.request("eth_chainId", Value::Null).await,
        Ok(json!("0x7a69"))
    );
    assert_eq!(up.count(), 1);
    assert_eq!(rpc.ranked_urls(), [up.url.as_str(), down.as_str()]);
    // The next request goes to the working URL first: no time lost on the dead one.
    let (result, took) = timed(rpc.request("eth_chainId", Value::Null)).await;
    assert_eq!(result, Ok(json!("0x7a69")));
    assert!(took < Duration::from_millis(150), "took {took:?}");
    assert_eq!(up.count(), 2);
}

#[tokio::test(flavor = "current_thread")]
async fn every_url_down_is_a_network_error() {
    let rpc = client(&[&down_url().await, &down_url().await]);
    let error = rpc.request("eth_chainId", Value::Null).await.unwrap_err();
    assert!(matches!(error, RpcError::Network(_)), "{error:?}");
    let reply = ErrorReply::from(error);
    assert_eq!(reply.code, ErrorCode::Internal);
    assert!(
        reply
            .message
            .starts_with("could not reach the RPC endpoint: "),
        "{}",
        reply.message
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_400_is_not_retried_nor_sent_elsewhere() {
    let bad = Server::start(|_| Step::Status(400, None, "bad request")).await;
    let other = Server::start(|_| Step::Answer).await;
    let rpc = client(&[&bad.url, &other.url]);
    assert_eq!(
        rpc.request("eth_chainId", Value::Null).await,
        Err(RpcError::Http { status: 400 })
    );
    assert_eq!(bad.count(), 1);
    assert_eq!(other.count(), 0);
}

#[tokio::test(flavor = "current_thread")]
async fn json_rpc_errors_pass_through_unretried() {
    let server = Server::start(|_| {
        Step::Body(json!({
            "jsonrpc": "2.0", "id": 1,
            "error": { "code": -32000, "message": "nonce too low", "data": { "nonce": 7 } }
        }))
    })
    .await;
    let rpc = client(&[&server.url]);
    let error = rpc
        .request("eth_sendRawTransaction", json!(["0x02"]))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        RpcError::Rpc {
            code: -32000,
            message: "nonce too low".into(),
            data: Some(json!({ "nonce": 7 })),
        }
    );
    assert_eq!(
        ErrorReply::from(error),
        ErrorReply::new(ErrorCode::Rpc(-32000), "nonce too low")
    );
    assert_eq!(server.count(), 1);
    // A JSON-RPC error sent with a 4xx status is still the node's error.
    let server = Server::start(|_| {
        Step::Status(
            400,
            None,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0"}}"#,
        )
    })
    .await;
    let rpc = client(&[&server.url]);
    assert_eq!(
        rpc.request("eth_getBalance", json!(["nope"])).await,
        Err(RpcError::Rpc {
            code: -32602,
            message: "invalid argument 0".into(),
            data: None,
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_batch_of_2500_goes_in_three_posts_and_comes_back_in_order() {
    let server = Server::start(|_| Step::Answer).await;
    let rpc = client(&[&server.url]);
    let calls: Vec<(String, Value)> = (0..2500)
        .map(|i| ("echo".to_string(), json!([i])))
        .collect();
    let results = rpc.batch(&calls).await.unwrap();
    let hits = server.hits();
    let sizes: Vec<usize> = hits
        .iter()
        .map(|h| h.body.as_array().expect("a JSON-RPC batch").len())
        .collect();
    assert_eq!(sizes, [1000, 1000, 500]);
    assert_eq!(results.len(), 2500);
    for (i, result) in results.iter().enumerate() {
        assert_eq!(result, &Ok(json!([i])), "call {i}");
    }
    // Ids are unique across the whole batch.
    let mut ids: Vec<u64> = hits
        .iter()
        .flat_map(|h| h.body.as_array().unwrap().clone())
        .map(|c| c["id"].as_u64().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 2500);
}

#[tokio::test(flavor = "current_thread")]
async fn batch_results_are_matched_by_id_with_errors_per_call() {
    let server = Server::start(|_| {
        // Out of order, one error, one call unanswered, one unknown id.
        Step::Body(json!([
            { "jsonrpc": "2.0", "id": 3, "result": "third" },
            { "jsonrpc": "2.0", "id": 1, "result": "first" },
            { "jsonrpc": "2.0", "id": 2, "error": { "code": 3, "message": "execution reverted", "data": "0x08c3" } },
            { "jsonrpc": "2.0", "id": 99, "result": "stray" },
        ]))
    })
    .await;
    let rpc = client(&[&server.url]);
    let calls: Vec<(String, Value)> = ["a", "b", "c", "d"]
        .iter()
        .map(|m| (m.to_string(), Value::Null))
        .collect();
    let results = rpc.batch(&calls).await.unwrap();
    assert_eq!(
        results,
        [
            Ok(json!("first")),
            Err(RpcError::Rpc {
                code: 3,
                message: "execution reverted".into(),
                data: Some(json!("0x08c3")),
            }),
            Ok(json!("third")),
            Err(RpcError::MissingResponse { id: 4 }),
        ]
    );
    assert_eq!(rpc.batch(&[]).await, Ok(vec![]));
    assert_eq!(server.count(), 1, "an empty batch sends nothing");
}

#[tokio::test(flavor = "current_thread")]
async fn ranking_moves_to_the_faster_url() {
    let slow = Server::start(|_| Step::AnswerAfter(Duration::from_millis(300))).await;
    let fast = Server::start(|_| Step::Answer).await;
    let rpc = client(&[&slow.url, &fast.url]);
    // Each URL is tried once (config order), then the measurements decide.
    for _ in 0..4 {
        assert_eq!(
            rpc.request("eth_chainId", Value::Null).await,
            Ok(json!("0x7a69"))
        );
    }
    assert_eq!(rpc.ranked_urls(), [fast.url.as_str(), slow.url.as_str()]);
    assert_eq!((slow.count(), fast.count()), (1, 3));
}

#[tokio::test(flavor = "current_thread")]
async fn ranking_moves_to_the_stabler_url() {
    // Fast but failing every other attempt, against steady but slower.
    let flaky = Server::start(|n| {
        if n % 2 == 0 {
            Step::Status(503, None, "busy")
        } else {
            Step::Answer
        }
    })
    .await;
    let steady = Server::start(|_| Step::AnswerAfter(Duration::from_millis(100))).await;
    let rpc = client(&[&flaky.url, &steady.url]);
    for _ in 0..4 {
        assert_eq!(
            rpc.request("eth_chainId", Value::Null).await,
            Ok(json!("0x7a69"))
        );
    }
    assert_eq!(rpc.ranked_urls(), [steady.url.as_str(), flaky.url.as_str()]);
    assert_eq!(flaky.count(), 2, "one failed attempt and its retry");
    assert_eq!(steady.count(), 3);
}

#[test]
fn a_client_needs_http_urls() {
    assert!(matches!(
        RpcClient::new(vec![], TcpTransport),
        Err(RpcError::NoUrls)
    ));
    assert!(matches!(
        RpcClient::new(vec!["http://127.0.0.1:8545".into(), "127.0.0.1:8545".into()], TcpTransport),
        Err(RpcError::InvalidUrl(u)) if u == "127.0.0.1:8545"
    ));
}
