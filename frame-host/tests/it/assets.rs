//! `/frame/assets/{file}`: the built frame, served from `frame_dir`.

use crate::common;

use std::fs;

use axum::http::StatusCode;
use common::{config, get_with, get_with_headers};

/// A frame_dir with the built frame's files, and a secret next to it.
fn frame_dir() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    fs::write(root.path().join("secret.txt"), "top secret").unwrap();
    let dir = root.path().join("frame");
    fs::create_dir_all(dir.join("sub")).unwrap();
    fs::write(dir.join("boot.js"), "import './frame.js';\n").unwrap();
    fs::write(dir.join("frame_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    fs::write(dir.join("frame.css"), "body{margin:0}\n").unwrap();
    fs::write(dir.join("sub/nested.js"), "export {};\n").unwrap();
    fs::write(dir.join("boot.0123456789abcdef.js"), "export {};\n").unwrap();
    fs::write(dir.join("boot.0123456789abcdef.js.br"), "brotli bytes").unwrap();
    fs::write(dir.join("boot.0123456789abcdef.js.gz"), "gzip bytes").unwrap();
    fs::write(dir.join("manifest.json"), "{}\n").unwrap();
    root
}

async fn get(root: &tempfile::TempDir, uri: &str) -> common::Reply {
    get_with(config(&root.path().join("frame")), uri).await
}

#[tokio::test]
async fn serves_files_with_their_content_types() {
    let root = frame_dir();
    for (file, content_type) in [
        ("boot.js", "text/javascript"),
        ("frame_bg.wasm", "application/wasm"),
        ("frame.css", "text/css"),
        ("sub/nested.js", "text/javascript"),
    ] {
        let r = get(&root, &format!("/frame/assets/{file}")).await;
        assert_eq!(r.status, StatusCode::OK, "{file}");
        assert_eq!(r.header("content-type"), content_type, "{file}");
    }
    let r = get(&root, "/frame/assets/boot.js").await;
    assert_eq!(r.body, "import './frame.js';\n");
}

#[tokio::test]
async fn asset_headers() {
    let root = frame_dir();
    let r = get(&root, "/frame/assets/boot.js").await;
    assert_eq!(r.header("x-content-type-options"), "nosniff");
    assert_eq!(r.header("cross-origin-resource-policy"), "same-origin");
    assert_eq!(
        r.header("content-security-policy"),
        "default-src 'none'; frame-ancestors 'none'"
    );
}

#[tokio::test]
async fn content_hashed_files_are_immutable_and_others_revalidate() {
    let root = frame_dir();
    let r = get(&root, "/frame/assets/boot.0123456789abcdef.js").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("content-type"), "text/javascript");
    assert_eq!(
        r.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    for uri in [
        "/frame/assets/boot.js",
        "/frame/assets/manifest.json",
        "/frame/assets/boot.fedcba9876543210.js",
    ] {
        let r = get(&root, uri).await;
        assert_eq!(r.header("cache-control"), "no-cache", "{uri}");
    }
}

#[tokio::test]
async fn missing_files_and_directories_are_404() {
    let root = frame_dir();
    for uri in [
        "/frame/assets/nope.js",
        "/frame/assets/",
        "/frame/assets",
        "/frame/assets/sub",
        "/frame/assets/sub/",
    ] {
        let r = get(&root, uri).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!r.body.contains("nested.js"), "{uri}: no listing");
    }
}

#[tokio::test]
async fn no_path_traversal() {
    let root = frame_dir();
    for uri in [
        "/frame/assets/../secret.txt",
        "/frame/assets/..%2fsecret.txt",
        "/frame/assets/..%2Fsecret.txt",
        "/frame/assets/%2e%2e/secret.txt",
        "/frame/assets/%2e%2e%2fsecret.txt",
        "/frame/assets/sub/..%2f..%2fsecret.txt",
        "/frame/assets/..%5csecret.txt",
        "/frame/assets/%2fetc%2fpasswd",
        "/frame/assets//etc/passwd",
    ] {
        let r = get(&root, uri).await;
        assert_ne!(r.status, StatusCode::OK, "{uri}");
        assert!(!r.body.contains("top secret"), "{uri}");
        assert!(!r.body.contains("root:"), "{uri}");
    }
}

#[tokio::test]
async fn missing_frame_dir_is_404() {
    let root = tempfile::tempdir().unwrap();
    let r = get(&root, "/frame/assets/boot.js").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

/// scripts/build-wasm.sh writes each hashed asset also compressed (`.br`, `.gz`); a browser
/// that accepts an encoding gets that file, with the asset's own type and cache headers.
#[tokio::test]
async fn precompressed_assets_by_accept_encoding() {
    let root = frame_dir();
    let dir = root.path().join("frame");
    let uri = "/frame/assets/boot.0123456789abcdef.js";
    for (accept, encoding, body) in [
        ("gzip, deflate, br, zstd", Some("br"), "brotli bytes"),
        ("gzip", Some("gzip"), "gzip bytes"),
        ("identity", None, "export {};\n"),
    ] {
        let r = get_with_headers(config(&dir), uri, &[("accept-encoding", accept)]).await;
        assert_eq!(r.status, StatusCode::OK, "{accept}");
        assert_eq!(r.body, body, "{accept}");
        assert_eq!(
            r.headers
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            encoding,
            "{accept}"
        );
        assert_eq!(r.header("content-type"), "text/javascript", "{accept}");
        assert_eq!(r.header("vary"), "accept-encoding", "{accept}");
        assert_eq!(
            r.header("cache-control"),
            "public, max-age=31536000, immutable"
        );
    }
}
