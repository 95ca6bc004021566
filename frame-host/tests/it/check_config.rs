//! `oriel-frame-host check-config` (issue 39 part 2): every production refusal of a config at
//! once, without starting; exit 0 only when production mode would start on it.

use std::process::{Command, Output};

/// Runs `check-config` on `toml`; the temporary directory holds the file and the `data_dir`.
fn check_config(toml: &str) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("frame-host.toml");
    std::fs::write(&path, toml).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_oriel-frame-host"))
        .arg("check-config")
        .env("ORIEL_CONFIG", &path)
        .env("ORIEL_DATA_DIR", dir.path().join("data"))
        .env_remove("ORIEL_MODE")
        .env_remove("ORIEL_PUBLIC_URL")
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    (out, dir)
}

const PRODUCTION: &str = r#"
public_url = "https://wallet.example.com"
mail = { kind = "smtp", url = "smtp://mail.example.com", from = "Wallet <no-reply@example.com>" }

[[networks]]
chain_id = "eip155:1"
rpc_urls = ["https://rpc.example.com"]

[[projects]]
id = "shop"
name = "Shop"
allowed_origins = ["https://shop.example.com"]
"#;

#[test]
fn a_production_config_would_start() {
    let (out, dir) = check_config(PRODUCTION);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("production mode: would start"), "{stdout}");
    assert!(
        !dir.path().join("data").exists(),
        "no data dir, database or key is created"
    );
}

#[test]
fn every_refusal_is_listed_at_once() {
    let config = PRODUCTION
        .replace("https://rpc.example.com", "http://127.0.0.1:8545")
        .replace("https://shop.example.com", "http://shop.example.com");
    let (out, _dir) = check_config(&config);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("production mode would refuse 2 setting(s):"),
        "{stdout}"
    );
    assert!(stdout.contains(r#"  - networks "eip155:1" rpc_urls "http://127.0.0.1:8545": "#));
    assert!(stdout.contains(r#"  - projects "shop" allowed_origins "http://shop.example.com": "#));
}

#[test]
fn a_setting_that_does_not_read_is_named() {
    let (out, _dir) = check_config(&PRODUCTION.replace("eip155:1", "one"));
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("\"one\""), "{stderr}");
}
