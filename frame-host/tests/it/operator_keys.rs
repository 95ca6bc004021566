//! Issue 39: the operator's keys cannot silently split. Instances sharing a database (an SQLite
//! file, a PostgreSQL schema) refuse to start with keys other than the recorded ones; the real
//! binary's `keys init` creates them once, `keys rotate-jwt` overlaps the old and new token
//! keys, and `keys rotate-kek` re-seals every recovery key, stopped midway and resumed, with
//! every wallet recoverable throughout.

use crate::common;
use crate::indexer_common::PgSchema;

use std::{path::Path, process::Command};

use axum::http::{Method, StatusCode};
use common::{write_keys, Session, TestApp, TEST_JWT_PEM, TEST_KEK, TEST_SIWX_PEM};
use oriel_frame_host::{AppState, Clock};

/// Another Ed25519 key.
const OTHER_PEM: &str = "-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIBVpLdpnzQfu2u2tsOqv5w/lu+jxHyKljSG3wpyeJCW2
-----END PRIVATE KEY-----
";

/// A first instance on `database_url`, then others: the same keys start, other keys refuse
/// and say which key differs.
async fn second_instances(database_url: &str) {
    let url = Some(database_url.to_owned());
    let first = TestApp::with(|c| c.database_url = url.clone()).await;
    let same = TestApp::with(|c| c.database_url = url.clone()).await;
    same.state.check_keys().await.unwrap();
    for (kek, jwt, siwx, what) in [
        ([1; 32], TEST_JWT_PEM, TEST_SIWX_PEM, "KEK"),
        (TEST_KEK, OTHER_PEM, TEST_SIWX_PEM, "access-token key"),
        (TEST_KEK, TEST_JWT_PEM, OTHER_PEM, "sign-in key"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut config = first.config.clone();
        config.data_dir = dir.path().join("data");
        write_keys(&config.data_dir, &kek, jwt, siwx);
        let e = AppState::with_clock(config, Clock::manual())
            .await
            .expect_err("an instance with another key refuses to start")
            .to_string();
        assert!(
            e.starts_with(&format!("this instance's {what} (fingerprint ")),
            "{e}"
        );
        assert!(e.contains("is not the one the database records"), "{e}");
    }
    first.state.check_keys().await.unwrap();
    same.state.close().await;
    first.state.close().await;
}

#[tokio::test]
async fn instances_on_one_sqlite_file_must_share_keys() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("shared.sqlite").display());
    second_instances(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_on_one_postgresql_must_share_keys() {
    let schema = PgSchema::create().await;
    second_instances(&schema.url).await;
    schema.drop_now().await;
}

#[tokio::test]
async fn production_starts_only_with_keys_it_was_given() {
    let dir = tempfile::tempdir().unwrap();
    let e = AppState::with_clock(production_config(dir.path()), Clock::manual())
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.starts_with("no KEK: set ORIEL_KEK or ORIEL_KEK_FILE"),
        "{e}"
    );
    let data = dir.path().join("data");
    assert!(!data.join("kek.bin").exists(), "no key created");

    let out = keys(&data, &["init"]);
    assert!(out.starts_with("created "), "{out}");
    for file in ["kek.bin", "jwt-ed25519.pem", "siwx-ed25519.pem"] {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(data.join(file)).unwrap().permissions();
            assert_eq!(mode.mode() & 0o777, 0o600, "{file}");
        }
    }
    let state = AppState::with_clock(production_config(dir.path()), Clock::manual())
        .await
        .unwrap();
    state.check_keys().await.unwrap();
    state.close().await;
    assert!(keys(&data, &["init"]).starts_with("every key is already there"));
    // On a data dir that does not exist yet.
    let fresh = dir.path().join("fresh/data");
    assert!(keys(&fresh, &["init"]).starts_with("created "));
    assert!(fresh.join("kek.bin").exists() && fresh.join("oriel.sqlite").exists());
    // A lost KEK is not silently replaced: the database records one.
    std::fs::remove_file(data.join("kek.bin")).unwrap();
    let e = keys_fails(&data, &["init"]);
    assert!(e.contains("the database already records a KEK"), "{e}");
}

#[tokio::test]
async fn keys_come_from_variables_and_the_files_they_name() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let secret = dir.path().join("kek-secret");
    std::fs::write(&secret, format!("{}\n", "5a".repeat(32))).unwrap();
    let siwx = dir.path().join("siwx-secret.pem");
    std::fs::write(&siwx, TEST_SIWX_PEM).unwrap();
    let vars = [
        ("ORIEL_KEK_FILE", secret.display().to_string()),
        ("ORIEL_JWT_KEY", TEST_JWT_PEM.to_owned()),
        ("ORIEL_SIWX_KEY_FILE", siwx.display().to_string()),
    ];
    let out = keys_command_with(&data, &["init"], &vars);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.starts_with("every key is already there"), "{out}");
    assert!(!data.join("kek.bin").exists(), "no key file written");
    // They are the test apps' keys: an app with those files starts on this database.
    let t = TestApp::with(|c| c.data_dir = data.clone()).await;
    t.state.check_keys().await.unwrap();
    // A file a variable names must be there.
    let missing = [("ORIEL_KEK_FILE", "/nonexistent/kek".to_owned())];
    let out = keys_command_with(&data, &["init"], &missing);
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        !out.status.success() && e.contains("/nonexistent/kek"),
        "{e}"
    );
}

#[tokio::test]
async fn rotating_the_token_keys_keeps_old_tokens_valid_until_they_expire() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let t = TestApp::with(|c| c.data_dir = data.clone()).await;
    let old = t.login("ann@example.com", common::DEV1).await;
    let old_kid = jwks(&t).await[0]["kid"].clone();

    let out = keys(&data, &["rotate-jwt"]);
    assert!(
        out.contains("access-token key: ") && out.contains("sign-in key: "),
        "{out}"
    );
    assert!(data.join("jwt-ed25519.previous.pem").exists());
    // The instance still holding the old keys is no longer ready.
    let e = t.state.check_keys().await.unwrap_err().to_string();
    assert!(e.contains("was replaced by a rotation"), "{e}");
    t.state.close().await;

    let t2 = TestApp::with(|c| c.data_dir = data.clone()).await;
    t2.state.check_keys().await.unwrap();
    let set = jwks(&t2).await;
    assert_eq!(set.as_array().unwrap().len(), 2, "new and old: {set}");
    assert_ne!(set[0]["kid"], old_kid);
    assert_eq!(set[1]["kid"], old_kid);
    // Tokens of the old key and of the new one both verify.
    assert_eq!(wallet_status(&t2, &old).await, StatusCode::OK);
    let new = t2.login("bob@example.com", common::DEV1).await;
    assert_eq!(wallet_status(&t2, &new).await, StatusCode::OK);
    // Once the old key's last access token has expired, it is dropped, and so is its JWK
    // after its last sign-in token (24 hours).
    t2.advance_secs(15 * 60 + 1);
    assert_eq!(wallet_status(&t2, &old).await, StatusCode::UNAUTHORIZED);
    assert_eq!(jwks(&t2).await.as_array().unwrap().len(), 2);
    t2.advance_secs(24 * 3600);
    assert_eq!(jwks(&t2).await.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_kek_rotation_stopped_midway_loses_no_wallet() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let app = || TestApp::with(|c| c.data_dir = data.clone());
    let t = app().await;
    let mut wallets = Vec::new();
    for n in 0..5 {
        let email = format!("user{n}@example.com");
        let s = t.login(&email, common::DEV1).await;
        let key = recovery_key(&t, &s).await;
        let body = common::wallet_body(&format!("w-{n}"), "ZGV2aWNl");
        let r = t
            .call(Method::POST, "/wallet/v1", Some(body), Some(&s.access))
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        wallets.push((email, key));
    }
    t.state.close().await;

    let out = keys(&data, &["rotate-kek"]);
    assert!(out.contains("restart every instance"), "{out}");
    assert!(data.join("kek.next.bin").exists());
    let out = keys(&data, &["rotate-kek", "--stop-after", "2"]);
    assert_eq!(
        out.trim(),
        "stopped after re-sealing 2 recovery keys; run `keys rotate-kek` again to carry on"
    );
    // Midway an instance holds both KEKs, and every wallet's key comes out as it was.
    let t = app().await;
    enroll_all(&t, &wallets, 1).await;
    t.state.close().await;

    let out = keys(&data, &["rotate-kek"]);
    assert!(
        out.starts_with("re-sealed 3 recovery keys under KEK "),
        "{out}"
    );
    assert!(!data.join("kek.next.bin").exists());
    assert!(data.join("kek.previous.bin").exists());
    // The old KEK is not needed any more.
    std::fs::remove_file(data.join("kek.previous.bin")).unwrap();
    let t = app().await;
    enroll_all(&t, &wallets, 2).await;
}

async fn jwks(t: &TestApp) -> serde_json::Value {
    t.get("/.well-known/jwks.json").await.json()["keys"].clone()
}

/// A new device of each user enrolls and gets the key its wallet was created with.
async fn enroll_all(t: &TestApp, wallets: &[(String, String)], round: u32) {
    for (n, (email, key)) in wallets.iter().enumerate() {
        t.advance_secs(31);
        let device = format!("{:032x}", 0xd0 + round * 16 + n as u32);
        let s = t.login_new_device(email, &device).await;
        assert_eq!(&recovery_key(t, &s).await, key, "{email}");
    }
}

async fn recovery_key(t: &TestApp, s: &Session) -> String {
    let r = t
        .get_auth("/wallet/v1/recovery-key?projectId=shop", &s.access)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["recoveryKey"].as_str().unwrap().to_owned()
}

async fn wallet_status(t: &TestApp, s: &Session) -> StatusCode {
    t.get_auth("/wallet/v1?projectId=shop", &s.access)
        .await
        .status
}

/// A production config with its data dir under `dir` (no keys written).
fn production_config(dir: &Path) -> oriel_frame_host::Config {
    let mut config = common::test_config(&dir.join("frame"));
    config.data_dir = dir.join("data");
    config.public_url = "https://wallet.test".parse().unwrap();
    common::production_settings(&mut config);
    config
}

/// Runs `oriel-frame-host keys ARGS` on `data_dir`; its output. (Dev mode only spares the
/// test a production config: the `keys` commands act the same in both.)
fn keys(data_dir: &Path, args: &[&str]) -> String {
    let out = keys_command(data_dir, args);
    assert!(
        out.status.success(),
        "keys {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a `keys` command that must fail; its error output.
fn keys_fails(data_dir: &Path, args: &[&str]) -> String {
    let out = keys_command(data_dir, args);
    assert!(!out.status.success(), "keys {args:?} succeeded");
    String::from_utf8(out.stderr).unwrap()
}

fn keys_command(data_dir: &Path, args: &[&str]) -> std::process::Output {
    keys_command_with(data_dir, args, &[])
}

/// A `keys` command with the variables `vars` set.
fn keys_command_with(
    data_dir: &Path,
    args: &[&str],
    vars: &[(&str, String)],
) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oriel-frame-host"));
    command
        .arg("keys")
        .args(args)
        .env("ORIEL_DATA_DIR", data_dir)
        .env("ORIEL_LOG", "warn")
        .env("ORIEL_MODE", "dev")
        .env_remove("ORIEL_CONFIG")
        .env_remove("DATABASE_URL");
    for name in [
        "ORIEL_KEK",
        "ORIEL_JWT_KEY",
        "ORIEL_SIWX_KEY",
        "ORIEL_KEK_NEXT",
    ] {
        command.env_remove(name).env_remove(format!("{name}_FILE"));
    }
    command.envs(vars.iter().map(|(k, v)| (k, v)));
    command.output().unwrap()
}
