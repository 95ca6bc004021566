//! `GET /frame?projectId=ID` (the generated frame page) and `GET /frame/assets/{file}` (the
//! built frame from `frame_dir`, whose `manifest.json` names the page's files).

use std::path::Path;

use axum::{
    extract::{rejection::QueryRejection, Query, Request, State},
    http::{header, HeaderName, HeaderValue, StatusCode},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
    Router,
};
use oriel_protocol::frame_page::{FramePageConfig, NativeCurrency, NetworkRpc, CONFIG_ELEMENT_ID};
use serde::{Deserialize, Serialize};
use tower::ServiceBuilder;
use tower_http::{services::ServeDir, set_header::SetResponseHeaderLayer};

use crate::{
    api::ProjectQuery,
    config::{known_networks::known_network, Config, NetworkConfig},
    headers::{self, ScriptHash},
    AppState, VERSION,
};

/// The chain the frame starts on until the dapp says otherwise.
const DEFAULT_CHAIN_ID: &str = "eip155:1";

/// The file in `frame_dir` that names the built frame's files (scripts/build-wasm.sh writes it).
const MANIFEST: &str = "manifest.json";

/// Cache-Control of a content-hashed asset: its content never changes under its name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Network `n` as the frame page lists it: its RPC URLs, its name (the configured one, else a
/// well-known network's) and its native coin (the `[[tokens]]` entry without an address for
/// it, else a well-known network's, else Ether for `eip155` and SOL for `solana`, as the
/// balance route assumes), its exchange's router, for the approval screen, and whether it has
/// a bundler (`bundler_url`), its smart-account contracts.
fn frame_network(config: &Config, n: &NetworkConfig) -> NetworkRpc {
    let known = known_network(&n.chain_id);
    let configured = config
        .tokens
        .iter()
        .find(|t| t.chain_id == n.chain_id && t.address.is_none())
        .map(|t| NativeCurrency {
            symbol: t.symbol.clone(),
            decimals: t.decimals,
        });
    let fallback = match known {
        Some(k) => Some((k.symbol, k.decimals)),
        None if n.chain_id.starts_with("eip155:") => Some(("ETH", 18)),
        None if n.chain_id.starts_with("solana:") => Some(("SOL", 9)),
        None => None,
    };
    NetworkRpc {
        chain_id: n.chain_id.clone(),
        rpc_urls: n.rpc_urls.clone(),
        name: n
            .name
            .clone()
            .or(known.map(|k| k.name.to_owned()))
            .unwrap_or_default(),
        native_currency: configured.or(fallback.map(|(symbol, decimals)| NativeCurrency {
            symbol: symbol.to_owned(),
            decimals,
        })),
        swap_router: config
            .exchanges
            .iter()
            .find(|e| e.chain_id == n.chain_id && config.swap_networks.contains(&e.chain_id))
            .map(|e| e.router.to_ascii_lowercase()),
        smart_account: n.smart_account_contracts(),
    }
}

/// Routes of this module; assets are read from `frame_dir`.
pub(crate) fn router(frame_dir: &Path) -> Router<AppState> {
    // scripts/build-wasm.sh writes every asset also as `.br` and `.gz`: served by the
    // browser's Accept-Encoding (the frame wasm is 2.4 times smaller as brotli).
    let assets = ServeDir::new(frame_dir)
        .append_index_html_on_directories(false)
        .precompressed_br()
        .precompressed_gzip();
    let asset_headers = ServiceBuilder::new()
        .layer(overriding(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(overriding(header::VARY, "accept-encoding"))
        .layer(overriding(
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ))
        .layer(overriding(
            header::CONTENT_SECURITY_POLICY,
            headers::ASSET_CSP,
        ))
        .layer(middleware::from_fn(cache_control));
    Router::new()
        .route("/frame", get(frame_page))
        .nest_service("/frame/assets", asset_headers.service(assets))
}

/// A content-hashed asset found is immutable; anything else (the manifest, a 404) revalidates.
async fn cache_control(request: Request, next: Next) -> Response {
    let hashed = is_hashed_name(request.uri().path().trim_start_matches('/'));
    let mut response = next.run(request).await;
    let value = if hashed && response.status() == StatusCode::OK {
        IMMUTABLE
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// Whether `name` is a content-hashed file name as scripts/build-wasm.sh writes them:
/// `stem.HASH.ext`, the stem in `[a-z_]`, HASH 16 lowercase hex digits, ext `js`, `wasm` or
/// `css`. Such a name is also safe inside an HTML attribute.
fn is_hashed_name(name: &str) -> bool {
    let mut parts = name.split('.');
    let (Some(stem), Some(hash), Some(ext), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    !stem.is_empty()
        && stem.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        && hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && matches!(ext, "js" | "wasm" | "css")
}

/// The built frame's files, as `frame_dir/manifest.json` names them, and the boot script.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FrameFiles {
    /// The module script the page runs (it imports `glue` and instantiates `wasm`), carried
    /// inline as `boot_script`.
    boot: String,
    /// The text of `boot`: the page carries it inline, so it starts the wasm's streaming
    /// compile as soon as the page is parsed instead of after a fetch of its own.
    #[serde(skip)]
    boot_script: String,
    /// wasm-bindgen's JS glue.
    glue: String,
    wasm: String,
    css: String,
}

impl FrameFiles {
    /// Reads the manifest and the boot script; read on every page request, so a rebuilt frame
    /// is served at once.
    async fn read(frame_dir: &Path) -> Result<Self, String> {
        let read = |path: std::path::PathBuf| async move {
            tokio::fs::read_to_string(&path)
                .await
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        let path = frame_dir.join(MANIFEST);
        let text = read(path.clone()).await?;
        let mut files: Self =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for name in [&files.boot, &files.glue, &files.wasm, &files.css] {
            if !is_hashed_name(name) {
                return Err(format!(
                    "{}: not a content-hashed name: {name:?}",
                    path.display()
                ));
            }
        }
        files.boot_script = read(frame_dir.join(&files.boot)).await?;
        if !fits_in_script_element(&files.boot_script) {
            return Err(format!(
                "{}: cannot sit inside a <script> element",
                files.boot
            ));
        }
        Ok(files)
    }
}

/// Whether `script` can be the text of a `<script>` element as it is: not empty, and nothing
/// that could end the element early or change how it is parsed (`</script`, `<!--`).
fn fits_in_script_element(script: &str) -> bool {
    let lower = script.to_ascii_lowercase();
    !script.trim().is_empty() && !lower.contains("</script") && !lower.contains("<!--")
}

fn overriding(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

async fn frame_page(
    State(state): State<AppState>,
    query: Result<Query<ProjectQuery>, QueryRejection>,
) -> Response {
    let Some(id) = ProjectQuery::id(query) else {
        return error_page(
            StatusCode::BAD_REQUEST,
            "Oriel frame: missing projectId \u{2014} the frame URL must be /frame?projectId=\u{2026}; \
             check the projectId in createConfig",
        );
    };
    let Some(list) = state.allow_list(&id) else {
        return error_page(
            StatusCode::NOT_FOUND,
            &format!(
                "Oriel frame: unknown project id \"{}\" \u{2014} check the projectId in \
                 createConfig and the projects in frame-host's config",
                escape_html(&id)
            ),
        );
    };
    let config = FramePageConfig {
        project_id: id.clone(),
        allowed_origins: list.patterns().iter().map(ToString::to_string).collect(),
        default_chain_id: DEFAULT_CHAIN_ID.into(),
        build_id: VERSION.into(),
        networks: state
            .config()
            .networks
            .iter()
            .map(|n| frame_network(state.config(), n))
            .collect(),
    };
    let files = match FrameFiles::read(&state.config().frame_dir).await {
        Ok(files) => files,
        Err(error) => {
            tracing::error!(%error, "the frame is not built: run scripts/build-wasm.sh");
            return error_page(
                StatusCode::SERVICE_UNAVAILABLE,
                "Oriel frame: the wallet frame is not built on this server",
            );
        }
    };
    let FrameFiles {
        boot_script,
        glue,
        wasm,
        css,
        ..
    } = files;
    let csp = headers::frame_csp(
        list.patterns(),
        &state.config().connect_sources(),
        &ScriptHash::of(&boot_script),
    );
    // The wasm is preloaded at once and the boot script is inline, so the wasm compiles while
    // it downloads and the glue loads. The stylesheet is only preloaded (the boot script
    // applies it): a linked one that is still loading holds back every module script, the
    // boot script included.
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Oriel wallet frame</title>\n\
         <script type=\"application/json\" id=\"{CONFIG_ELEMENT_ID}\">{}</script>\n\
         <link rel=\"preload\" href=\"/frame/assets/{wasm}\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n\
         <link rel=\"modulepreload\" href=\"/frame/assets/{glue}\">\n\
         <link rel=\"preload\" href=\"/frame/assets/{css}\" as=\"style\">\n\
         <script type=\"module\">{boot_script}</script></head><body></body></html>\n",
        script_safe_json(&config)
    );
    let Ok(csp) = HeaderValue::try_from(csp) else {
        // Unreachable with a validated config; never serve the frame without its policy.
        tracing::error!(project = %id, "frame CSP is not a valid header value");
        return error_page(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Oriel frame: internal error",
        );
    };
    (
        [
            (header::CONTENT_SECURITY_POLICY, csp),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            ),
            (
                HeaderName::from_static("permissions-policy"),
                HeaderValue::from_static(headers::PERMISSIONS_POLICY),
            ),
        ],
        Html(page),
    )
        .into_response()
}

/// `value` as JSON that can sit inside a `<script>` element: `<`, `>` and `&` are written as
/// `\u003c`, `\u003e` and `\u0026` (they only occur inside JSON strings, where those escapes
/// mean the same), so the text can never contain `</script>` or `<!--`.
pub(crate) fn script_safe_json(value: &impl Serialize) -> String {
    let json = serde_json::to_string(value).expect("frame config serialises to JSON");
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// A plain error page that loads nothing and cannot be framed. `message` is HTML: any
/// untrusted part must already be escaped with [`escape_html`].
fn error_page(status: StatusCode, message: &str) -> Response {
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Oriel frame error</title></head><body><p>{}</p></body></html>\n",
        message
    );
    (
        status,
        [
            (header::CONTENT_SECURITY_POLICY, headers::ERROR_PAGE_CSP),
            (header::CACHE_CONTROL, "no-store"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        Html(body),
    )
        .into_response()
}

pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_safe_json_cannot_close_the_script() {
        let hostile = "</script><script>alert(1)</script><!-- & -->";
        let json = script_safe_json(&serde_json::json!({ "name": hostile }));
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["name"], hostile);
    }

    #[test]
    fn hashed_names() {
        for name in [
            "boot.0123456789abcdef.js",
            "oriel_frame_bg.0fdcc68004a256fc.wasm",
        ] {
            assert!(is_hashed_name(name), "{name}");
        }
        for name in [
            "boot.js",
            "manifest.json",
            "boot.0123456789abcdef.json",
            "boot.0123456789ABCDEF.js",
            "boot.0123456789abcde.js",
            "Boot.0123456789abcdef.js",
            ".0123456789abcdef.js",
            "sub/boot.0123456789abcdef.js",
            "boot.0123456789abcdef.js.map",
            "\"><script>.0123456789abcdef.js",
        ] {
            assert!(!is_hashed_name(name), "{name}");
        }
    }

    #[test]
    fn escape_html_escapes_markup() {
        assert_eq!(
            escape_html(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
