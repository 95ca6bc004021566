//! Sign In With Farcaster: the relay (`/v1/channel*`) and the frame's login over it
//! (`/auth/v1/farcaster/*`), against hardhat's node with the devnet contracts (the
//! `DevIdRegistry` and its fid 1, whose custody key is `devnet/farcaster.mjs`'s), and the
//! channel lifetime on a manual clock.

use crate::common;

use alloy_signer::SignerSync;
use alloy_signer_local::PrivateKeySigner;
use axum::{
    body::Body,
    http::{Method, Request, StatusCode},
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use common::{devnet::Devnet, Reply, TestApp, DEV1, DEV2};
use oriel_frame_host::{FarcasterConfig, NetworkConfig};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The devnet's Farcaster account's custody key (`devnet/farcaster.mjs`).
const CUSTODY_KEY: &str = "0xe8874d7d2ddababb75fc3503207cdb955f06bab0a4720d07fd2a6e2ab0e14cb7";
const RELAY_KEY: &str = "test-relay-key-0123456789";
const CHAIN: &str = "eip155:31337";
const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

fn farcaster(registry: &str) -> FarcasterConfig {
    serde_json::from_value(json!({
        "chain_id": CHAIN,
        "id_registry": registry,
        "relay_keys": [RELAY_KEY],
        "url_base": "https://farcaster.test/~/siwf",
    }))
    .unwrap()
}

/// An app whose Farcaster IdRegistry is `registry` on the chain at `rpc`.
async fn app(rpc: &str, registry: &str) -> TestApp {
    let (rpc, registry) = (rpc.to_owned(), registry.to_owned());
    TestApp::with(move |c| {
        c.networks = vec![NetworkConfig {
            chain_id: CHAIN.into(),
            rpc_urls: vec![rpc],
            ..NetworkConfig::default()
        }];
        c.farcaster = Some(farcaster(&registry));
    })
    .await
}

/// `POST /v1/channel` for shop.example.com; the reply's JSON.
async fn create(t: &TestApp, extra: Value) -> Value {
    let mut body =
        json!({ "siweUri": "https://shop.example.com/login", "domain": "shop.example.com" });
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let r = t.post("/v1/channel", body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()
}

async fn status(t: &TestApp, token: &str) -> Reply {
    t.get_auth("/v1/channel/status", token).await
}

/// The FIP-11 message for `channel` (as `status` or `create` gave its params), signed by
/// `address` for `fid`, as `@farcaster/auth-client` writes it.
fn message(params: &Value, address: &str, fid: u64) -> String {
    let mut lines = vec![
        format!(
            "{} wants you to sign in with your Ethereum account:",
            params["domain"].as_str().unwrap()
        ),
        address.to_owned(),
        String::new(),
        "Farcaster Auth".into(),
        String::new(),
        format!("URI: {}", params["siweUri"].as_str().unwrap()),
        "Version: 1".into(),
        "Chain ID: 10".into(),
        format!("Nonce: {}", params["nonce"].as_str().unwrap()),
        "Issued At: 2026-01-01T00:00:00.000Z".into(),
    ];
    if let Some(at) = params["expirationTime"].as_str() {
        lines.push(format!("Expiration Time: {at}"));
    }
    if let Some(id) = params["requestId"].as_str() {
        lines.push(format!("Request ID: {id}"));
    }
    lines.push("Resources:".into());
    lines.push(format!("- farcaster://fid/{fid}"));
    lines.join("\n")
}

fn sign(key: &PrivateKeySigner, text: &str) -> String {
    let signature = key.sign_message_sync(text.as_bytes()).unwrap();
    format!("0x{}", alloy_primitives::hex::encode(signature.as_bytes()))
}

/// `POST /v1/channel/authenticate` with `key` as the relay key.
async fn authenticate(t: &TestApp, token: &str, key: Option<&str>, body: Value) -> Reply {
    let mut req = Request::builder()
        .method(Method::POST)
        .uri("/v1/channel/authenticate")
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json");
    if let Some(key) = key {
        req = req.header("x-farcaster-auth-relay-key", key);
    }
    t.send(req.body(Body::from(body.to_string())).unwrap())
        .await
}

/// The body a Farcaster client posts: `text` signed by `signer` for `fid`, with a profile.
fn signed(signer: &PrivateKeySigner, text: &str, fid: u64) -> Value {
    json!({
        "message": text, "signature": sign(signer, text), "fid": fid,
        "username": "devnet-ada", "displayName": "Ada (devnet)", "bio": "hi",
        "pfpUrl": "https://i.farcaster.test/ada.png",
    })
}

fn custody() -> PrivateKeySigner {
    CUSTODY_KEY.parse().unwrap()
}

/// The params of a channel, from `create`'s reply and its status.
async fn params(t: &TestApp, token: &str) -> Value {
    status(t, token).await.json()["signatureParams"].clone()
}

async fn relay_lifecycle(t: &TestApp) {
    let channel = create(t, json!({ "requestId": "r-1" })).await;
    let token = channel["channelToken"].as_str().unwrap();
    let nonce = channel["nonce"].as_str().unwrap();
    assert_eq!(nonce.len(), 32);
    let url = channel["url"].as_str().unwrap();
    assert!(
        url.starts_with("https://farcaster.test/~/siwf?channelToken="),
        "{url}"
    );
    for part in [
        format!("nonce={nonce}"),
        "siweUri=https%3A%2F%2Fshop.example.com%2Flogin".into(),
        "domain=shop.example.com".into(),
        "requestId=r-1".into(),
    ] {
        assert!(url.contains(&part), "{url} lacks {part}");
    }
    assert_eq!(channel["connectUri"], channel["url"]);

    let pending = status(t, token).await;
    assert_eq!(pending.status, StatusCode::ACCEPTED, "{}", pending.body);
    assert_eq!(pending.header("access-control-allow-origin"), "*");
    assert_eq!(pending.header("cache-control"), "no-store");
    let p = pending.json();
    assert_eq!(
        (p["state"].clone(), p["nonce"].clone()),
        (json!("pending"), json!(nonce))
    );
    assert_eq!(p["metadata"]["ip"], "10.0.0.1");
    assert!(p.get("message").is_none() && p.get("fid").is_none());

    let key = custody();
    let text = message(&p["signatureParams"], &key.address().to_checksum(None), 1);
    let done = authenticate(t, token, Some(RELAY_KEY), signed(&key, &text, 1)).await;
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.body);
    let d = done.json();
    assert_eq!(d["state"], "completed");
    assert_eq!(d["custody"], key.address().to_checksum(None));
    assert_eq!(d["authMethod"], "custody");
    assert_eq!(d["verifications"], json!([]));

    // A second message for the same channel is refused.
    let again = authenticate(t, token, Some(RELAY_KEY), signed(&key, &text, 1)).await;
    assert_eq!(again.error().0, 409, "{}", again.body);

    let completed = status(t, token).await;
    assert_eq!(completed.status, StatusCode::OK, "{}", completed.body);
    let c = completed.json();
    assert_eq!(
        (c["fid"].clone(), c["username"].clone()),
        (json!(1), json!("devnet-ada"))
    );
    assert_eq!(c["message"], text);
    assert_eq!(c["pfpUrl"], "https://i.farcaster.test/ada.png");
    // Read once, the channel is closed, as Farcaster's relay does.
    assert_eq!(status(t, token).await.error().0, 401);
}

async fn relay_refusals(t: &TestApp, other_fid_owner: &PrivateKeySigner) {
    let key = custody();
    let address = key.address().to_checksum(None);
    let channel = create(t, json!({})).await;
    let token = channel["channelToken"].as_str().unwrap();
    let p = params(t, token).await;
    let text = message(&p, &address, 1);

    // The relay key first.
    for bad in [None, Some("wrong-key-0123456789")] {
        let r = authenticate(t, token, bad, signed(&key, &text, 1)).await;
        assert_eq!(
            r.error(),
            (401, "unauthorized".into(), "Invalid relay key".into())
        );
    }
    // An unknown channel.
    let r = authenticate(t, "no-such-token", Some(RELAY_KEY), signed(&key, &text, 1)).await;
    assert_eq!(r.error().2, "Unknown or expired channel");

    // Another key signing a message that names the custody address: not its signature.
    let stranger = PrivateKeySigner::random();
    let r = authenticate(t, token, Some(RELAY_KEY), signed(&stranger, &text, 1)).await;
    assert_eq!(
        r.error(),
        (401, "unauthorized".into(), "Invalid signature".into())
    );
    // Its own message for fid 1: it does not own fid 1.
    let own = message(&p, &stranger.address().to_checksum(None), 1);
    let r = authenticate(t, token, Some(RELAY_KEY), signed(&stranger, &own, 1)).await;
    assert_eq!(r.error().2, "The signing address does not own this fid");
    // The owner of fid 2 claiming fid 1.
    let theirs = message(&p, &other_fid_owner.address().to_checksum(None), 1);
    let r = authenticate(
        t,
        token,
        Some(RELAY_KEY),
        signed(other_fid_owner, &theirs, 1),
    )
    .await;
    assert_eq!(r.error().2, "The signing address does not own this fid");

    // Messages that are not the channel's.
    let cases = [
        (
            text.replace("shop.example.com wants", "evil.example wants"),
            "The message's domain is not the channel's",
        ),
        (
            text.replace(p["nonce"].as_str().unwrap(), "0000000000000000"),
            "The message's nonce is not the channel's",
        ),
        (
            text.replace(
                "URI: https://shop.example.com/login",
                "URI: https://evil.example",
            ),
            "The message's URI is not the channel's",
        ),
        (
            text.replace("Chain ID: 10", "Chain ID: 1"),
            "The message's Chain ID must be 10",
        ),
        (
            text.replace("farcaster://fid/1", "farcaster://fid/2"),
            "The message's farcaster://fid/ resource is not the fid sent",
        ),
    ];
    for (changed, why) in cases {
        let r = authenticate(t, token, Some(RELAY_KEY), signed(&key, &changed, 1)).await;
        assert_eq!(
            r.error(),
            (400, "invalid_params".into(), why.into()),
            "{changed}"
        );
    }
    let r = authenticate(t, token, Some(RELAY_KEY), signed(&key, "not a message", 1)).await;
    assert!(
        r.error().2.starts_with("Invalid sign-in message"),
        "{}",
        r.body
    );
    // Malformed fields and unknown ones.
    for (body, why) in [
        (
            json!({ "message": text, "signature": "0x12", "fid": 1 }),
            "signature:",
        ),
        (
            json!({ "message": text, "signature": sign(&key, &text), "fid": 0 }),
            "fid:",
        ),
        (
            json!({ "message": text, "signature": sign(&key, &text), "fid": 1, "username": "Not Valid" }),
            "username:",
        ),
        (
            json!({ "message": text, "signature": sign(&key, &text), "fid": 1, "pfpUrl": "javascript:x" }),
            "pfpUrl:",
        ),
        (
            json!({ "message": text, "signature": sign(&key, &text), "fid": 1, "extra": true }),
            "Invalid body",
        ),
        (
            json!({ "message": text, "signature": sign(&key, &text), "fid": 1, "authMethod": "authAddress" }),
            "Auth addresses",
        ),
    ] {
        let r = authenticate(t, token, Some(RELAY_KEY), body).await;
        assert_eq!(r.error().0, 400, "{}", r.body);
        assert!(r.error().2.starts_with(why), "{why}: {}", r.body);
    }
    // Nothing of that completed the channel; the owner still can.
    assert_eq!(status(t, token).await.status, StatusCode::ACCEPTED);
    let r = authenticate(t, token, Some(RELAY_KEY), signed(&key, &text, 1)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);

    // The owner of fid 2 signs in as fid 2.
    let channel = create(t, json!({})).await;
    let token = channel["channelToken"].as_str().unwrap();
    let p = params(t, token).await;
    let text = message(&p, &other_fid_owner.address().to_checksum(None), 2);
    let r = authenticate(t, token, Some(RELAY_KEY), signed(other_fid_owner, &text, 2)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["fid"], 2);
}

/// `POST /auth/v1/farcaster/start` for `device` from the shop's page.
async fn start(t: &TestApp, device: &str) -> Value {
    let r = t
        .post(
            "/auth/v1/farcaster/start",
            json!({ "projectId": "shop", "deviceId": device, "origin": "https://shop.example.com",
                    "challenge": challenge(VERIFIER) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

async fn redeem(t: &TestApp, token: &str, device: &str, verifier: &str) -> Reply {
    t.post(
        "/auth/v1/farcaster/redeem",
        json!({ "projectId": "shop", "deviceId": device, "channelToken": token, "verifier": verifier }),
    )
    .await
}

/// A Farcaster client approving the login channel `token` as the devnet's account.
async fn approve(t: &TestApp, token: &str) {
    let key = custody();
    let p = params(t, token).await;
    let text = message(&p, &key.address().to_checksum(None), 1);
    let r = authenticate(t, token, Some(RELAY_KEY), signed(&key, &text, 1)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

async fn login(t: &TestApp) {
    let started = start(t, DEV1).await;
    let token = started["channelToken"].as_str().unwrap();
    assert_eq!(started["expiresIn"], 600);
    let url = started["url"].as_str().unwrap();
    assert!(url.contains("domain=shop.example.com"), "{url}");
    assert!(
        url.contains("siweUri=https%3A%2F%2Fshop.example.com&"),
        "{url}"
    );
    let p = params(t, token).await;
    assert_eq!(p["domain"], "shop.example.com");

    // Not approved yet.
    let r = redeem(t, token, DEV1, VERIFIER).await;
    assert_eq!(
        r.error().2,
        "This sign-in is not finished: approve it in your Farcaster app first"
    );
    approve(t, token).await;
    // The frame's status polls do not close a login's channel.
    assert_eq!(status(t, token).await.status, StatusCode::OK);
    assert_eq!(status(t, token).await.status, StatusCode::OK);

    // Only the device and verifier that started it redeem it.
    let other_verifier = "x".repeat(43);
    for (device, verifier) in [(DEV2, VERIFIER), (DEV1, other_verifier.as_str())] {
        let r = redeem(t, token, device, verifier).await;
        assert_eq!(r.error().2, "This sign-in was started on another device");
    }
    let r = redeem(t, token, DEV1, VERIFIER).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let s = r.json();
    assert_eq!(s["expiresIn"], 900);
    assert!(s["user"].get("email").is_none(), "{s}");
    assert_eq!(
        s["farcaster"],
        json!({ "fid": 1, "username": "devnet-ada", "displayName": "Ada (devnet)",
                "pfpUrl": "https://i.farcaster.test/ada.png",
                "custody": custody().address().to_checksum(None) })
    );
    let user = s["user"]["userId"].clone();
    // The session is a session: the user route answers with it.
    let me = t
        .get_auth(
            "/auth/v1/user?projectId=shop",
            s["accessToken"].as_str().unwrap(),
        )
        .await;
    assert_eq!(me.json()["userId"], user);
    // Once only.
    assert_eq!(
        redeem(t, token, DEV1, VERIFIER).await.error().2,
        "This sign-in was already used: sign in again"
    );

    // The same fid from another device is the same user.
    let started = start(t, DEV2).await;
    let token = started["channelToken"].as_str().unwrap();
    approve(t, token).await;
    let r = redeem(t, token, DEV2, VERIFIER).await;
    assert_eq!(r.json()["user"]["userId"], user, "{}", r.body);
    // The fid's first device (a new account) gets the recovery key; its second gets a session
    // but no key until the first device approves it (issue 38 M-3: no email to ask).
    let key = |access: String| async move {
        t.get_auth("/wallet/v1/recovery-key?projectId=shop", &access)
            .await
    };
    let first = s["accessToken"].as_str().unwrap().to_owned();
    let second = r.json()["accessToken"].as_str().unwrap().to_owned();
    assert_eq!(key(first.clone()).await.status, StatusCode::OK);
    let refused = key(second.clone()).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let approve_from = |access: String, device: &'static str| async move {
        t.call(
            Method::POST,
            &format!("/auth/v1/devices/{device}/approve"),
            Some(json!({ "projectId": "shop" })),
            Some(&access),
        )
        .await
    };
    assert_eq!(
        approve_from(second.clone(), DEV2).await.status,
        StatusCode::FORBIDDEN,
        "not by itself"
    );
    assert_eq!(
        approve_from(first, DEV2).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(key(second).await.status, StatusCode::OK);

    // A plain relay channel is no login.
    let plain = create(t, json!({})).await;
    let r = redeem(t, plain["channelToken"].as_str().unwrap(), DEV1, VERIFIER).await;
    assert_eq!(r.error().2, "This sign-in is not valid: sign in again");

    // An origin the project does not allow.
    let r = t
        .post(
            "/auth/v1/farcaster/start",
            json!({ "projectId": "shop", "deviceId": DEV1, "origin": "https://evil.example",
                    "challenge": challenge(VERIFIER) }),
        )
        .await;
    assert_eq!(
        r.error(),
        (403, "forbidden".into(), "Origin not allowed".into())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_with_farcaster_on_a_local_chain() {
    let devnet = Devnet::start().await;
    let contracts = devnet.deploy();
    let farcaster = &contracts["farcaster"];
    assert_eq!(farcaster["fid"], 1, "{contracts}");
    assert_eq!(farcaster["custody"], custody().address().to_checksum(None));
    let registry = farcaster["idRegistry"].as_str().unwrap().to_owned();
    // A second account: fid 2, for another key.
    let other = PrivateKeySigner::random();
    let file = common::json_file(&contracts);
    let fid = devnet.node(
        "const [url, file, to] = process.argv.slice(1); \
         const c = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')); \
         const d = await import('./devnet/deploy.mjs'); \
         console.log(JSON.stringify(await d.registerFid(url, c, to)));",
        &[file.path().to_str().unwrap(), &other.address().to_string()],
    );
    assert_eq!(fid, json!(2));

    relay_lifecycle(&app(&devnet.url, &registry).await).await;
    relay_refusals(&app(&devnet.url, &registry).await, &other).await;
    login(&app(&devnet.url, &registry).await).await;

    // An address with no contract as the IdRegistry: it cannot be read (502), nothing
    // completes.
    let t = app(&devnet.url, "0x000000000000000000000000000000000000dEaD").await;
    let channel = create(&t, json!({})).await;
    let token = channel["channelToken"].as_str().unwrap();
    let key = custody();
    let text = message(
        &params(&t, token).await,
        &key.address().to_checksum(None),
        1,
    );
    let r = authenticate(&t, token, Some(RELAY_KEY), signed(&key, &text, 1)).await;
    assert_eq!(
        r.error(),
        (
            502,
            "upstream".into(),
            "The Farcaster IdRegistry could not be read".into()
        )
    );
    assert_eq!(status(&t, token).await.status, StatusCode::ACCEPTED);
}

/// An app whose chain is never reached (the tests below stop before any chain read).
async fn offline() -> TestApp {
    app(
        "http://127.0.0.1:9",
        "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    )
    .await
}

#[tokio::test]
async fn channels_expire() {
    let t = offline().await;
    let channel = create(&t, json!({ "nonce": "abcdefgh1234" })).await;
    assert_eq!(channel["nonce"], "abcdefgh1234");
    let token = channel["channelToken"].as_str().unwrap();
    t.advance_secs(599);
    assert_eq!(status(&t, token).await.status, StatusCode::ACCEPTED);
    t.advance_secs(1);
    let gone = status(&t, token).await;
    assert_eq!(
        gone.error(),
        (
            401,
            "unauthorized".into(),
            "Unknown or expired channel".into()
        )
    );
    let key = custody();
    let r = authenticate(&t, token, Some(RELAY_KEY), signed(&key, "m", 1)).await;
    assert_eq!(r.error().2, "Unknown or expired channel");

    // A login's channel too: its redeem is refused once it expired.
    let started = start(&t, DEV1).await;
    t.advance_secs(600);
    let r = redeem(
        &t,
        started["channelToken"].as_str().unwrap(),
        DEV1,
        VERIFIER,
    )
    .await;
    assert_eq!(r.error().2, "Unknown or expired channel");
}

#[tokio::test]
async fn channel_requests_are_checked_and_limited() {
    let t = offline().await;
    for (body, why) in [
        (
            json!({ "siweUri": "https://a.example", "domain": "a.example/x" }),
            "domain:",
        ),
        (
            json!({ "siweUri": "not a uri", "domain": "a.example" }),
            "siweUri:",
        ),
        (
            json!({ "siweUri": "https://a.example", "domain": "a.example", "nonce": "short" }),
            "nonce:",
        ),
        (
            json!({ "siweUri": "https://a.example", "domain": "a.example", "notBefore": "soon" }),
            "notBefore:",
        ),
        (
            json!({ "siweUri": "https://a.example", "domain": "a.example", "unknown": 1 }),
            "",
        ),
        (json!({ "domain": "a.example" }), ""),
    ] {
        let r = t.post("/v1/channel", body).await;
        assert_eq!(r.error().0, 400, "{}", r.body);
        assert!(r.error().2.starts_with(why), "{why}: {}", r.body);
    }
    // A body over 16 KiB is refused unread.
    let big = json!({ "siweUri": format!("https://a.example/{}", "x".repeat(20_000)), "domain": "a.example" });
    let r = t.post("/v1/channel", big).await;
    assert_eq!(r.error().0, 400);
    assert!(r.error().2.contains("length limit"), "{}", r.body);
    // 60 channels per client address per 10 minutes.
    for _ in 0..60 {
        create(&t, json!({})).await;
    }
    let r = t
        .post(
            "/v1/channel",
            json!({ "siweUri": "https://a.example", "domain": "a.example" }),
        )
        .await;
    assert_eq!(r.error().0, 429);
    // Another address is not held up.
    let r = t
        .call_from(
            [10, 0, 0, 2],
            Method::POST,
            "/v1/channel",
            Some(json!({ "siweUri": "https://a.example", "domain": "a.example" })),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

#[tokio::test]
async fn any_origin_may_call_the_relay() {
    let t = offline().await;
    // A preflight from a Farcaster client's page.
    let preflight = Request::builder()
        .method(Method::OPTIONS)
        .uri("/v1/channel/authenticate")
        .header("origin", "https://client.farcaster.test")
        .header("access-control-request-method", "POST")
        .body(Body::empty())
        .unwrap();
    let r = t.send(preflight).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(r.header("access-control-allow-origin"), "*");
    assert!(r
        .header("access-control-allow-headers")
        .contains("x-farcaster-auth-relay-key"));
    // A state-changing call from that origin is not refused as cross-site.
    let create = Request::builder()
        .method(Method::POST)
        .uri("/v1/channel")
        .header("origin", "https://client.farcaster.test")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({ "siweUri": "https://a.example", "domain": "a.example" }).to_string(),
        ))
        .unwrap();
    assert_eq!(t.send(create).await.status, StatusCode::CREATED);
    // The login routes stay the frame's: another origin is refused there.
    let start = Request::builder()
        .method(Method::POST)
        .uri("/auth/v1/farcaster/start")
        .header("origin", "https://client.farcaster.test")
        .header("content-type", "application/json")
        .body(Body::from("{}"))
        .unwrap();
    assert_eq!(t.send(start).await.error().0, 403);
}

#[tokio::test]
async fn without_the_table_farcaster_is_off() {
    let t = TestApp::new().await;
    let r = t
        .post(
            "/v1/channel",
            json!({ "siweUri": "https://a.example", "domain": "a.example" }),
        )
        .await;
    assert_eq!(
        r.error(),
        (
            404,
            "not_found".into(),
            "Sign In With Farcaster is not set up".into()
        )
    );
}

#[tokio::test]
async fn the_chain_must_be_a_configured_network() {
    let base: FarcasterConfig = serde_json::from_value(json!({
        "chain_id": "eip155:8453",
        "id_registry": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        "relay_keys": [RELAY_KEY],
    }))
    .unwrap();
    let e = common::startup_error(|c| c.farcaster = Some(base))
        .await
        .to_string();
    assert!(e.contains("eip155:8453") && e.contains("networks"), "{e}");
}
