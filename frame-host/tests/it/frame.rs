//! `/frame`: the generated frame page, its headers and its error pages.

use crate::common;

use axum::http::StatusCode;
use common::{config, get, get_with};
use oriel_frame_host::{NetworkConfig, ProjectConfig, TokenConfig};

const SHOP_CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' \
    'sha256-HB7EHApkcuaUjr9/iFqsD2LcSchJpELYImgVWZNFaI8='; style-src 'self'; img-src 'self' data:; \
    connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8899 https://rpc.example.com; \
    frame-ancestors https://shop.example.com https://*.example.com; object-src 'none'; \
    base-uri 'none'; form-action 'none'";

const ERROR_CSP: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/// The manifest of a built frame, as scripts/build-wasm.sh writes it.
const MANIFEST: &str = r#"{"boot":"boot.00000000000000b0.js","glue":"oriel_frame.00000000000000a1.js","wasm":"oriel_frame_bg.00000000000000c2.wasm","css":"frame.00000000000000d3.css"}"#;

/// The boot script of the built frame in these tests; its SHA-256 (by `openssl dgst -sha256
/// -binary | base64`) is in the CSPs above.
const BOOT: &str = "performance.mark('oriel:boot')\n";

/// Makes `dir` a built frame's directory (its manifest and boot script).
fn built(dir: &std::path::Path) {
    std::fs::write(dir.join("manifest.json"), MANIFEST).unwrap();
    std::fs::write(dir.join("boot.00000000000000b0.js"), BOOT).unwrap();
}

/// `uri` from a frame-host with the test config and a built frame.
async fn page(uri: &str) -> common::Reply {
    let dir = tempfile::tempdir().unwrap();
    built(dir.path());
    get_with(config(dir.path()), uri).await
}

/// The text of the `#oriel-frame-config` data block.
fn config_json(page: &str) -> &str {
    let open = "<script type=\"application/json\" id=\"oriel-frame-config\">";
    let start = page.find(open).expect("config block") + open.len();
    let len = page[start..].find("</script>").unwrap();
    &page[start..start + len]
}

#[tokio::test]
async fn frame_page_csp_is_exact_and_strict() {
    let r = page("/frame?projectId=shop").await;
    assert_eq!(r.status, StatusCode::OK);
    let csp = r.header("content-security-policy");
    assert_eq!(csp, SHOP_CSP);
    assert!(!csp.contains("unsafe-inline"));
    assert!(!csp.contains("'unsafe-eval'"));
    assert_eq!(
        r.headers.get_all("content-security-policy").iter().count(),
        1
    );
}

#[tokio::test]
async fn frame_page_security_headers() {
    let r = page("/frame?projectId=shop").await;
    assert_eq!(r.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(r.header("cache-control"), "no-store");
    assert_eq!(r.header("x-content-type-options"), "nosniff");
    assert_eq!(r.header("referrer-policy"), "no-referrer");
    assert_eq!(
        r.header("permissions-policy"),
        "camera=(), microphone=(), geolocation=(), payment=()"
    );
}

#[tokio::test]
async fn frame_page_connects_to_each_network_rpc_origin() {
    let dir = tempfile::tempdir().unwrap();
    built(dir.path());
    let mut c = config(dir.path());
    c.networks = vec![
        NetworkConfig {
            chain_id: "eip155:1".into(),
            rpc_urls: vec![
                "https://RPC.example.com/v1/?chainId=eip155:1&projectId=shop".into(),
                "https://backup.example.net:8443/eth".into(),
            ],
            ..NetworkConfig::default()
        },
        NetworkConfig {
            chain_id: "eip155:8453".into(),
            rpc_urls: vec!["https://base.example.org/".into()],
            name: Some("Base, our node".into()),
            bundler_url: Some("https://bundler.example.org/base".into()),
            ..NetworkConfig::default()
        },
        NetworkConfig {
            chain_id: "eip155:777".into(),
            rpc_urls: vec!["https://base.example.org/777".into()],
            ..NetworkConfig::default()
        },
    ];
    c.tokens = vec![TokenConfig {
        chain_id: "eip155:8453".into(),
        address: None,
        symbol: "bETH".into(),
        name: "Base Ether".into(),
        decimals: 18,
        icon_url: None,
    }];
    let r = get_with(c, "/frame?projectId=demo").await;
    assert_eq!(
        r.header("content-security-policy"),
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' \
         'sha256-HB7EHApkcuaUjr9/iFqsD2LcSchJpELYImgVWZNFaI8='; style-src 'self'; \
         img-src 'self' data:; connect-src 'self' https://rpc.example.com \
         https://backup.example.net:8443 https://base.example.org; \
         frame-ancestors http://localhost:5173; object-src 'none'; base-uri 'none'; \
         form-action 'none'",
        "origins only (no path or query), lowercase, each once; rpc_hosts after them"
    );
    let config: serde_json::Value = serde_json::from_str(config_json(&r.body)).unwrap();
    assert_eq!(
        config["networks"],
        serde_json::json!([
            {
                "chainId": "eip155:1",
                "rpcUrls": [
                    "https://RPC.example.com/v1/?chainId=eip155:1&projectId=shop",
                    "https://backup.example.net:8443/eth"
                ],
                "name": "Ethereum",
                "nativeCurrency": { "symbol": "ETH", "decimals": 18 }
            },
            {
                "chainId": "eip155:8453",
                "rpcUrls": ["https://base.example.org/"],
                "name": "Base, our node",
                "nativeCurrency": { "symbol": "bETH", "decimals": 18 },
                "smartAccount": {
                    "entryPoint": "0x0000000071727de22e5e9d8baf0edac6f37da032",
                    "safeSingleton": "0x41675c099f32341bf84bfc5382af534df5c7461a",
                    "safeProxyFactory": "0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67",
                    "safe4337Module": "0x75cf11467937ce3f2f357ce24ffc3dbf8fd5c226",
                    "safeModuleSetup": "0x2dd68b007b46fbe91b9a7c3eda5a7a1063cb5b47",
                    "multiSendCallOnly": "0x9641d764fc13c8b624c04430c7356c1c7c8102e2"
                }
            },
            {
                "chainId": "eip155:777",
                "rpcUrls": ["https://base.example.org/777"],
                "nativeCurrency": { "symbol": "ETH", "decimals": 18 }
            }
        ]),
        "the frame gets the URLs as configured, each network's name (configured, else a \
         well-known one's) and native coin (its [[tokens]] entry, else a well-known one's, \
         else ETH), and with a bundler its smart-account contracts (the v0.7 defaults; the \
         bundler's URL stays with frame-host)"
    );
}

#[tokio::test]
async fn frame_page_without_networks_or_rpc_hosts() {
    let dir = tempfile::tempdir().unwrap();
    built(dir.path());
    let mut c = config(dir.path());
    c.rpc_hosts.clear();
    c.networks.clear();
    let r = get_with(c, "/frame?projectId=demo").await;
    assert_eq!(
        r.header("content-security-policy"),
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' \
         'sha256-HB7EHApkcuaUjr9/iFqsD2LcSchJpELYImgVWZNFaI8='; style-src 'self'; \
         img-src 'self' data:; connect-src 'self'; frame-ancestors http://localhost:5173; \
         object-src 'none'; base-uri 'none'; form-action 'none'"
    );
}

#[tokio::test]
async fn frame_page_body() {
    let r = page("/frame?projectId=demo").await;
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        r.body,
        format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Oriel wallet frame</title>\n\
             <script type=\"application/json\" id=\"oriel-frame-config\">{{\"projectId\":\"demo\",\"allowedOrigins\":[\"http://localhost:5173\"],\"defaultChainId\":\"eip155:1\",\"buildId\":\"{version}\",\"networks\":[{{\"chainId\":\"eip155:31337\",\"rpcUrls\":[\"http://127.0.0.1:8545\"],\"name\":\"Local Devnet\",\"nativeCurrency\":{{\"symbol\":\"ETH\",\"decimals\":18}}}},{{\"chainId\":\"solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo\",\"rpcUrls\":[\"http://127.0.0.1:8899\"],\"name\":\"Local Solana\",\"nativeCurrency\":{{\"symbol\":\"SOL\",\"decimals\":9}}}}]}}</script>\n\
             <link rel=\"preload\" href=\"/frame/assets/oriel_frame_bg.00000000000000c2.wasm\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n\
             <link rel=\"modulepreload\" href=\"/frame/assets/oriel_frame.00000000000000a1.js\">\n\
             <link rel=\"preload\" href=\"/frame/assets/frame.00000000000000d3.css\" as=\"style\">\n\
             <script type=\"module\">performance.mark('oriel:boot')\n</script></head><body></body></html>\n"
        )
    );
    // Two scripts: the data block, and the boot script that the CSP allows by its hash.
    assert_eq!(r.body.matches("<script").count(), 2);
    assert_eq!(r.body.matches("<script type=\"module\">").count(), 1);
}

#[tokio::test]
async fn frame_config_json_has_normalised_origins() {
    let r = page("/frame?projectId=shop").await;
    let config: serde_json::Value = serde_json::from_str(config_json(&r.body)).unwrap();
    assert_eq!(
        config,
        serde_json::json!({
            "projectId": "shop",
            "allowedOrigins": ["https://shop.example.com", "https://*.example.com"],
            "defaultChainId": "eip155:1",
            "buildId": env!("CARGO_PKG_VERSION"),
            "networks": [{
                "chainId": "eip155:31337",
                "rpcUrls": ["http://127.0.0.1:8545"],
                "name": "Local Devnet",
                "nativeCurrency": { "symbol": "ETH", "decimals": 18 }
            }, {
                "chainId": "solana:Ay2AEajzuAs9MiB6D6ug4qGQ4Yzt6NZo",
                "rpcUrls": ["http://127.0.0.1:8899"],
                "name": "Local Solana",
                "nativeCurrency": { "symbol": "SOL", "decimals": 9 }
            }],
        })
    );
}

#[tokio::test]
async fn hostile_project_id_cannot_break_out_of_the_data_block() {
    let hostile = "</script><script>alert(1)</script><!--&amp;";
    let dir = tempfile::tempdir().unwrap();
    built(dir.path());
    let mut c = config(dir.path());
    c.projects.push(ProjectConfig {
        id: hostile.into(),
        name: "</script><script>alert(2)</script>".into(),
        allowed_origins: vec!["https://evil.example".into()],
        analytics: true,
        siwx: true,
    });
    let encoded = "%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%3C!--%26amp%3B";
    let r = get_with(c, &format!("/frame?projectId={encoded}")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(!r.body.contains("alert(1)</script>"));
    assert!(!r.body.contains("<!--"));
    assert_eq!(r.body.matches("</script>").count(), 2);
    let json = config_json(&r.body);
    assert!(json.contains("\\u003c/script\\u003e"), "{json}");
    assert!(json.contains("\\u0026amp;"), "{json}");
    let config: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(config["projectId"], hostile);
}

#[tokio::test]
async fn unknown_project_gets_an_error_page_not_the_frame() {
    let r = get("/frame?projectId=%3Cb%3Enope%22").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(r.header("content-security-policy"), ERROR_CSP);
    assert_eq!(r.header("x-content-type-options"), "nosniff");
    assert!(
        r.body.contains(
            "Oriel frame: unknown project id \"&lt;b&gt;nope&quot;\" \u{2014} check the projectId \
             in createConfig and the projects in frame-host's config"
        ),
        "{}",
        r.body
    );
    assert!(!r.body.contains("<b>"));
    assert!(!r.body.contains("oriel-frame-config"));
    assert!(!r.body.contains("<script"));
}

#[tokio::test]
async fn missing_project_id_gets_an_error_page() {
    for uri in ["/frame", "/frame?projectId=", "/frame?projectid=shop"] {
        let r = get(uri).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(r.header("content-security-policy"), ERROR_CSP);
        assert!(
            r.body.contains("Oriel frame: missing projectId"),
            "{}",
            r.body
        );
        assert!(!r.body.contains("<script"));
    }
}

#[tokio::test]
async fn an_unbuilt_frame_gets_an_error_page_not_a_broken_frame() {
    let dir = tempfile::tempdir().unwrap();
    let boot = dir.path().join("boot.00000000000000b0.js");
    // Each case: a manifest, and the boot script it names.
    for (manifest, script) in [
        (None, None),
        (Some("{}"), None),
        (Some("not json"), None),
        // Names the page cannot carry as they are, or that are not content-hashed.
        (
            Some(
                r#"{"boot":"boot.js","glue":"oriel_frame.00000000000000a1.js","wasm":"oriel_frame_bg.00000000000000c2.wasm","css":"frame.00000000000000d3.css"}"#,
            ),
            None,
        ),
        (
            Some(
                r#"{"boot":"\"><script>.00000000000000b0.js","glue":"oriel_frame.00000000000000a1.js","wasm":"oriel_frame_bg.00000000000000c2.wasm","css":"frame.00000000000000d3.css"}"#,
            ),
            None,
        ),
        // The boot script missing, empty, or with text that would end its element early.
        (Some(MANIFEST), None),
        (Some(MANIFEST), Some(" \n")),
        (Some(MANIFEST), Some("let a = '</SCRIPT><script>alert(1)'")),
        (Some(MANIFEST), Some("let a = '<!--'")),
    ] {
        if let Some(text) = manifest {
            std::fs::write(dir.path().join("manifest.json"), text).unwrap();
        }
        match script {
            Some(text) => std::fs::write(&boot, text).unwrap(),
            None => {
                let _ = std::fs::remove_file(&boot);
            }
        }
        let r = get_with(config(dir.path()), "/frame?projectId=shop").await;
        assert_eq!(
            r.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{manifest:?} {script:?}"
        );
        assert_eq!(r.header("content-security-policy"), ERROR_CSP);
        assert!(
            r.body
                .contains("Oriel frame: the wallet frame is not built on this server"),
            "{}",
            r.body
        );
        assert!(!r.body.contains("<script"), "{manifest:?} {script:?}");
    }
}
