//! Social login against a real OpenID provider (`stack/oidc.mjs`, the `oidc-provider`
//! package, started with node): full logins with Google (OpenID Connect, ID token), GitHub
//! (OAuth 2.0 and its user API), Apple (`form_post`) and X (Basic client authentication);
//! PKCE and state checks, replayed and foreign results, denied consent, expiry, token
//! exchange errors, and the email linking rules.

use crate::common;

use axum::{
    body::Body,
    http::{header, Method, Request, StatusCode},
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use common::{
    oidc::{Browser, Callback, Oidc, User, FRAME_HOST},
    Reply, TestApp, DEV1, DEV2,
};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const ORIGIN: &str = "https://shop.example.com";
const VERIFIER: &str = "frame-verifier-0123456789abcdefghijklmnopqrstuvwxyz";

fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

async fn app_for(oidc: &Oidc) -> TestApp {
    let social = oidc.social.clone();
    TestApp::with(move |c| c.social = social).await
}

/// A started login: what the frame keeps.
struct Login {
    id: String,
    uri: String,
    device: &'static str,
}

async fn start(app: &TestApp, provider: &str, device: &'static str) -> Login {
    let r = app
        .post(
            "/auth/v1/social/start",
            json!({ "projectId": "shop", "provider": provider, "deviceId": device,
                    "origin": ORIGIN, "challenge": challenge(VERIFIER) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let j = r.json();
    assert_eq!(j["expiresIn"], 600);
    Login {
        id: j["loginId"].as_str().unwrap().into(),
        uri: j["uri"].as_str().unwrap().into(),
        device,
    }
}

/// frame-host's answer to the provider's callback.
async fn deliver(app: &TestApp, oidc: &Oidc, callback: &Callback) -> Reply {
    match callback {
        Callback::Get(path) => app.get(path).await,
        Callback::Post(path, form) => {
            let body = url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(form)
                .finish();
            // Posted by the provider's page: its origin is the provider's.
            let req = Request::builder()
                .method(Method::POST)
                .uri(path)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::ORIGIN, &oidc.url)
                .body(Body::from(body))
                .unwrap();
            app.send(req).await
        }
    }
}

/// The messages the callback page posts, if it posts any.
fn posts(page: &Reply) -> Option<Value> {
    let open = "<script type=\"application/json\" id=\"oriel-social-result\">";
    let at = page.body.find(open)? + open.len();
    let end = page.body[at..].find("</script>")? + at;
    Some(serde_json::from_str(&page.body[at..end]).unwrap())
}

/// The one-time result the page hands the frame; panics on a failure.
fn result_of(page: &Reply) -> String {
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let p = posts(page).expect("the page posts the result");
    p["toFrame"]["result"].as_str().unwrap().to_owned()
}

/// The failure the page posts: (code, message), to the frame and the same to the dapp.
fn failure_of(page: &Reply) -> (String, String) {
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.body);
    let p = posts(page).expect("the page posts the failure");
    assert_eq!(p["toFrame"]["result"], Value::Null);
    assert_eq!(p["toOpener"]["ok"], false);
    assert_eq!(p["toOpener"]["error"], p["toFrame"]["error"]);
    let e = &p["toFrame"]["error"];
    (
        e["code"].as_str().unwrap().into(),
        e["message"].as_str().unwrap().into(),
    )
}

async fn redeem(app: &TestApp, device: &str, result: &str, verifier: &str) -> Reply {
    app.post(
        "/auth/v1/social/redeem",
        json!({ "projectId": "shop", "deviceId": device, "result": result, "verifier": verifier }),
    )
    .await
}

fn ada() -> User<'static> {
    User {
        username: "ada",
        email: Some("Ada@Example.com"),
        verified: true,
    }
}

/// A whole login as `user` at `provider` on `device`: the session answer.
async fn log_in(
    app: &TestApp,
    oidc: &Oidc,
    provider: &str,
    device: &'static str,
    user: User<'_>,
) -> Value {
    let login = start(app, provider, device).await;
    let callback = Browser::default()
        .sign_in(oidc, &login.uri, Some(user))
        .await;
    let result = result_of(&deliver(app, oidc, &callback).await);
    let r = redeem(app, login.device, &result, VERIFIER).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

#[tokio::test]
async fn google_login_opens_a_session_and_a_returning_account_gets_its_user_back() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    let login = start(&app, "google", DEV1).await;
    // The authorization request: code flow, S256 PKCE, state and nonce, our callback.
    let uri = url::Url::parse(&login.uri).unwrap();
    assert!(
        login.uri.starts_with(&format!("{}/google/auth?", oidc.url)),
        "{}",
        login.uri
    );
    let q: std::collections::HashMap<_, _> = uri.query_pairs().into_owned().collect();
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["client_id"], "oriel-google");
    assert_eq!(
        q["redirect_uri"],
        format!("{FRAME_HOST}/auth/v1/social/callback/google")
    );
    assert_eq!(q["scope"], "openid email profile");
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["code_challenge"].len(), 43);
    assert_ne!(
        q["code_challenge"],
        challenge(VERIFIER),
        "frame-host's own PKCE, not the frame's"
    );
    assert!(q["state"].starts_with(&format!("{}.", login.id)));
    assert!(q.contains_key("nonce"));

    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    let page = deliver(&app, &oidc, &callback).await;
    assert_eq!(
        page.header("content-security-policy"),
        "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    );
    assert_eq!(page.header("referrer-policy"), "no-referrer");
    assert_eq!(page.header("cache-control"), "no-store");
    assert!(page.body.contains("Signed in with Google"), "{}", page.body);
    let p = posts(&page).unwrap();
    assert_eq!(p["frameOrigin"], FRAME_HOST);
    assert_eq!(p["openerOrigin"], ORIGIN);
    assert_eq!(p["toFrame"]["type"], "oriel:social-result");
    assert_eq!(p["toFrame"]["loginId"], login.id.as_str());
    assert_eq!(p["toFrame"]["provider"], "google");
    // The dapp's page learns that it ended, not the result.
    assert_eq!(
        p["toOpener"],
        json!({ "type": "oriel:social-done", "version": 1, "provider": "google", "ok": true })
    );
    let script = app.get("/auth/v1/social/callback.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script
        .body
        .contains("postMessage(data.toFrame, data.frameOrigin)"));

    let result = result_of(&page);
    let r = redeem(&app, DEV1, &result, VERIFIER).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let s = r.json();
    assert_eq!(s["expiresIn"], 900);
    assert_eq!(s["user"]["email"], "ada@example.com");
    assert_eq!(
        s["social"],
        json!({ "provider": "google", "username": "ada@example.com", "email": "ada@example.com", "emailVerified": true })
    );
    let access = s["accessToken"].as_str().unwrap();
    let user = app.get_auth("/auth/v1/user?projectId=shop", access).await;
    assert_eq!(user.json()["userId"], s["user"]["userId"]);
    // The same key custody as email login: a fresh login may get the recovery key.
    let key = app
        .get_auth("/wallet/v1/recovery-key?projectId=shop", access)
        .await;
    assert_eq!(key.status, StatusCode::OK, "{}", key.body);

    // The same Google account on another device: the same user.
    let again = log_in(&app, &oidc, "google", DEV2, ada()).await;
    assert_eq!(again["user"]["userId"], s["user"]["userId"]);
    app.state.close().await;
}

#[tokio::test]
async fn a_provider_verified_email_links_to_the_email_user_an_unverified_one_never() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    let email_user = app.login("ada@example.com", DEV1).await;
    let bob = app.login("bob@example.com", DEV1).await;

    // GitHub: /user, then /user/emails for the primary address and whether it is verified.
    let github = log_in(&app, &oidc, "github", DEV2, ada()).await;
    assert_eq!(github["user"]["userId"], email_user.user_id.as_str());
    assert_eq!(github["social"]["username"], "ada");
    assert_eq!(github["social"]["emailVerified"], true);

    // An unverified address never links, and the new user does not claim it.
    let unverified = User {
        username: "bob",
        email: Some("bob@example.com"),
        verified: false,
    };
    let s = log_in(&app, &oidc, "github", DEV2, unverified).await;
    assert_ne!(s["user"]["userId"], bob.user_id.as_str());
    assert_eq!(s["user"].get("email"), None, "{s}");
    assert_eq!(s["social"]["email"], "bob@example.com");
    assert_eq!(s["social"]["emailVerified"], false);
    // Such a user has no address to mail codes to.
    let access = s["accessToken"].as_str().unwrap();
    let export = app
        .call(
            Method::POST,
            "/auth/v1/export/start",
            Some(json!({ "projectId": "shop" })),
            Some(access),
        )
        .await;
    assert_eq!(export.status, StatusCode::FORBIDDEN, "{}", export.body);
    // The email login of bob@example.com still finds its own user.
    app.advance_secs(31);
    let again = app.login("bob@example.com", DEV1).await;
    assert_eq!(again.user_id, bob.user_id);

    // A Google login with the same verified address as the GitHub one: one user for all.
    let google = log_in(&app, &oidc, "google", DEV2, ada()).await;
    assert_eq!(google["user"]["userId"], email_user.user_id.as_str());
    app.state.close().await;
}

#[tokio::test]
async fn apple_answers_by_form_post_and_x_authenticates_with_basic() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    let login = start(&app, "apple", DEV1).await;
    assert!(
        login.uri.contains("response_mode=form_post"),
        "{}",
        login.uri
    );
    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    assert!(matches!(callback, Callback::Post(..)), "{callback:?}");
    let result = result_of(&deliver(&app, &oidc, &callback).await);
    let s = redeem(&app, DEV1, &result, VERIFIER).await.json();
    // Apple writes email_verified as the string "true".
    assert_eq!(s["social"]["emailVerified"], true, "{s}");
    assert_eq!(s["user"]["email"], "ada@example.com");

    let x = log_in(&app, &oidc, "x", DEV2, ada()).await;
    assert_eq!(x["social"]["username"], "ada");
    assert_eq!(
        x["user"]["userId"], s["user"]["userId"],
        "X's confirmed email links too"
    );
    app.state.close().await;
}

#[tokio::test]
async fn replayed_foreign_and_expired_results_are_refused() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    let login = start(&app, "google", DEV1).await;
    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    let result = result_of(&deliver(&app, &oidc, &callback).await);

    let refused = |r: Reply, message: &str| {
        assert_eq!(
            r.error(),
            (401, "unauthorized".into(), message.into()),
            "{}",
            r.body
        );
    };
    refused(
        redeem(&app, DEV2, &result, VERIFIER).await,
        "This sign-in was started on another device",
    );
    let other_verifier = "another-verifier-0123456789abcdefghijklmnopqrstuvwxyz";
    refused(
        redeem(&app, DEV1, &result, other_verifier).await,
        "This sign-in was started on another device",
    );
    refused(
        redeem(&app, DEV1, &"0".repeat(64), VERIFIER).await,
        "This sign-in result is not valid: sign in again",
    );
    refused(
        redeem(&app, DEV1, "garbage", VERIFIER).await,
        "This sign-in result is not valid: sign in again",
    );
    let bad = redeem(&app, DEV1, &result, "short").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    // Another project's result is unknown there.
    let other = app
        .post(
            "/auth/v1/social/redeem",
            json!({ "projectId": "demo", "deviceId": DEV1, "result": result, "verifier": VERIFIER }),
        )
        .await;
    assert_eq!(other.status, StatusCode::UNAUTHORIZED);

    assert_eq!(
        redeem(&app, DEV1, &result, VERIFIER).await.status,
        StatusCode::OK
    );
    refused(
        redeem(&app, DEV1, &result, VERIFIER).await,
        "This sign-in result was already used: sign in again",
    );
    // The same callback again: the login has finished; nothing is posted.
    let again = deliver(&app, &oidc, &callback).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(again.body.contains("already finished"), "{}", again.body);
    assert_eq!(posts(&again), None);

    // A result waits 2 minutes at most.
    let login = start(&app, "google", DEV1).await;
    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    let result = result_of(&deliver(&app, &oidc, &callback).await);
    app.advance_secs(121);
    refused(
        redeem(&app, DEV1, &result, VERIFIER).await,
        "This sign-in result has expired: sign in again",
    );
    app.state.close().await;
}

#[tokio::test]
async fn the_state_must_be_the_logins() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    let login = start(&app, "google", DEV1).await;
    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    let state = callback.param("state").unwrap();

    // The login's id with another secret: told as a mismatch; the login is untouched.
    let forged = callback.with("state", &format!("{}.{}", login.id, "f".repeat(64)));
    let (code, message) = failure_of(&deliver(&app, &oidc, &forged).await);
    assert_eq!(code, "state_mismatch");
    assert_eq!(
        message,
        "This sign-in does not match the one started in the app: start again"
    );
    // No login at all: nothing to post to.
    let unknown = callback.with("state", &format!("{}.{}", "0".repeat(32), "f".repeat(64)));
    let page = deliver(&app, &oidc, &unknown).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert_eq!(posts(&page), None);
    let page = deliver(&app, &oidc, &callback.with("state", "")).await;
    assert_eq!((page.status, posts(&page)), (StatusCode::BAD_REQUEST, None));
    // Another provider's callback path for this state (a mix-up).
    let Callback::Get(path) = &callback else {
        panic!()
    };
    let mixed = Callback::Get(path.replace("/callback/google", "/callback/github"));
    assert_eq!(
        failure_of(&deliver(&app, &oidc, &mixed).await).0,
        "state_mismatch"
    );
    // Another issuer in the answer (RFC 9207).
    let other_issuer = callback.with("iss", &format!("{}/github", oidc.url));
    assert_eq!(
        failure_of(&deliver(&app, &oidc, &other_issuer).await).0,
        "state_mismatch"
    );
    // That one was the real state: the login is spent.
    assert_eq!(callback.param("state").unwrap(), state);
    let page = deliver(&app, &oidc, &callback).await;
    assert!(page.body.contains("already finished"), "{}", page.body);
    app.state.close().await;
}

#[tokio::test]
async fn pkce_binds_the_code_to_its_login() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    // The provider saw another challenge than frame-host's: the exchange fails.
    let login = start(&app, "github", DEV1).await;
    let mut uri = url::Url::parse(&login.uri).unwrap();
    let pairs: Vec<(String, String)> = uri
        .query_pairs()
        .into_owned()
        .map(|(k, v)| match k.as_str() {
            "code_challenge" => (
                k,
                challenge("an-attackers-verifier-0123456789abcdefghijklmnop"),
            ),
            _ => (k, v),
        })
        .collect();
    uri.query_pairs_mut().clear().extend_pairs(pairs);
    let callback = Browser::default()
        .sign_in(&oidc, uri.as_str(), Some(ada()))
        .await;
    let (code, message) = failure_of(&deliver(&app, &oidc, &callback).await);
    assert_eq!(code, "token_exchange");
    assert_eq!(
        message,
        "GitHub did not confirm the sign-in (invalid_grant)"
    );

    // A code from one login injected into another login's callback: its verifier does not
    // match the code's challenge.
    let first = start(&app, "google", DEV1).await;
    let second = start(&app, "google", DEV1).await;
    let code_of_first = Browser::default()
        .sign_in(&oidc, &first.uri, Some(ada()))
        .await;
    let second_cb = Browser::default()
        .sign_in(&oidc, &second.uri, Some(ada()))
        .await;
    let injected = second_cb.with("code", &code_of_first.param("code").unwrap());
    assert_eq!(
        failure_of(&deliver(&app, &oidc, &injected).await).0,
        "token_exchange"
    );
    app.state.close().await;
}

#[tokio::test]
async fn denied_consent_expiry_and_a_wrong_client_secret_end_with_their_messages() {
    let oidc = Oidc::start();
    let mut social = oidc.social.clone();
    social.discord.as_mut().unwrap().client_secret = Some("not-the-secret".into());
    let app = TestApp::with(move |c| c.social = social).await;

    let login = start(&app, "google", DEV1).await;
    let callback = Browser::default().sign_in(&oidc, &login.uri, None).await;
    assert_eq!(callback.param("error").as_deref(), Some("access_denied"));
    let (code, message) = failure_of(&deliver(&app, &oidc, &callback).await);
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("access_denied", "Sign-in with Google was declined")
    );

    let login = start(&app, "discord", DEV1).await;
    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    let (code, message) = failure_of(&deliver(&app, &oidc, &callback).await);
    assert_eq!(code, "token_exchange");
    assert_eq!(
        message,
        "Discord did not confirm the sign-in (invalid_client)"
    );

    let login = start(&app, "facebook", DEV1).await;
    let callback = Browser::default()
        .sign_in(&oidc, &login.uri, Some(ada()))
        .await;
    app.advance_secs(601);
    let (code, message) = failure_of(&deliver(&app, &oidc, &callback).await);
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("expired", "This sign-in took too long: start again")
    );
    app.state.close().await;
}

#[tokio::test]
async fn start_checks_its_input() {
    let oidc = Oidc::start();
    let mut social = oidc.social.clone();
    social.facebook = None;
    let app = TestApp::with(move |c| c.social = social).await;
    let body = |provider: &str, origin: &str, challenge: &str| json!({ "projectId": "shop", "provider": provider, "deviceId": DEV1, "origin": origin, "challenge": challenge });
    let ok = challenge(VERIFIER);
    let r = app
        .post("/auth/v1/social/start", body("facebook", ORIGIN, &ok))
        .await;
    assert_eq!(
        r.error(),
        (
            404,
            "not_found".into(),
            "Sign-in with Facebook is not set up".into()
        )
    );
    let r = app
        .post("/auth/v1/social/start", body("myspace", ORIGIN, &ok))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    for origin in ["https://evil.example.org", "https://shop.example.com/", "*"] {
        let r = app
            .post("/auth/v1/social/start", body("google", origin, &ok))
            .await;
        assert_eq!(
            r.error(),
            (403, "forbidden".into(), "Origin not allowed".into()),
            "{origin}"
        );
    }
    // A wildcard origin of the project is allowed.
    let r = app
        .post(
            "/auth/v1/social/start",
            body("google", "https://a.example.com", &ok),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = app
        .post("/auth/v1/social/start", body("google", ORIGIN, "plain"))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // 20 starts per device per 10 minutes.
    for _ in 0..19 {
        let r = app
            .post("/auth/v1/social/start", body("github", ORIGIN, &ok))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let r = app
        .post("/auth/v1/social/start", body("github", ORIGIN, &ok))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    app.state.close().await;
}

#[tokio::test]
async fn a_new_device_of_an_existing_account_gets_no_recovery_key_until_the_owner_approves() {
    let oidc = Oidc::start();
    let app = app_for(&oidc).await;
    // Ada's account has a wallet, made on her first device by email.
    let first = app.login("ada@example.com", DEV1).await;
    let r = app
        .call(
            Method::POST,
            "/wallet/v1",
            Some(common::wallet_body("w-ada", "d2FsbGV0")),
            Some(&first.access),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);

    // A Google login with her verified address on a new device: a session, no key.
    let s = log_in(&app, &oidc, "google", DEV2, ada()).await;
    assert_eq!(s["user"]["userId"], first.user_id.as_str());
    let access = s["accessToken"].as_str().unwrap();
    let key = app
        .get_auth("/wallet/v1/recovery-key?projectId=shop", access)
        .await;
    assert_eq!(key.status, StatusCode::FORBIDDEN, "{}", key.body);
    assert!(
        key.error().2.starts_with("This device is not approved"),
        "{}",
        key.body
    );

    // Her address got the two-step approval, naming the site.
    let mail = &app.mailbox("ada@example.com").await[0];
    assert_eq!(mail["subject"], "Approve a new device for Oriel");
    assert!(mail["text"]
        .as_str()
        .unwrap()
        .contains("Site: https://shop.example.com"));
    let token = app.last_approval_token("ada@example.com").await;
    let page = app
        .get(&format!("/auth/v1/device/approve?token={token}"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let still = app
        .get_auth("/wallet/v1/recovery-key?projectId=shop", access)
        .await;
    assert_eq!(
        still.status,
        StatusCode::FORBIDDEN,
        "the GET approves nothing"
    );
    app.approve_link(&token).await;
    let key = app
        .get_auth("/wallet/v1/recovery-key?projectId=shop", access)
        .await;
    assert_eq!(key.status, StatusCode::OK, "{}", key.body);
    app.state.close().await;
}
