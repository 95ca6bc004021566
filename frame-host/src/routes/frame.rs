//! `GET /frame?projectId=ID` (the generated frame page, over [`FramePage`]) and
//! `GET /frame/assets/{file}` (the built frame from `frame_dir` or embedded in the binary,
//! whose `manifest.json` names the page's files).

use axum::{
    extract::{rejection::QueryRejection, Query, Request, State},
    http::{header, HeaderName, HeaderValue, StatusCode},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
    Router,
};
use oriel_protocol::frame_page::CONFIG_ELEMENT_ID;
use tower::ServiceBuilder;
use tower_http::{services::ServeDir, set_header::SetResponseHeaderLayer};

use crate::{
    frame::{is_hashed_name, FrameFiles, FramePage, FrameSource},
    http::{
        headers::{self, ScriptHash},
        page::{escape_html, script_safe_json},
        ProjectQuery,
    },
    state::AppState,
};

/// Cache-Control of a content-hashed asset: its content never changes under its name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Routes of this module; assets are read from `source`.
pub(crate) fn router(source: &FrameSource) -> Router<AppState> {
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
    let router = Router::new().route("/frame", get(frame_page));
    // scripts/build-wasm.sh writes every asset also as `.br` and `.gz`: served by the
    // browser's Accept-Encoding (the frame wasm is 2.4 times smaller as brotli).
    match source {
        FrameSource::Dir(dir) => {
            let assets = ServeDir::new(dir)
                .append_index_html_on_directories(false)
                .precompressed_br()
                .precompressed_gzip();
            router.nest_service("/frame/assets", asset_headers.service(assets))
        }
        FrameSource::Embedded(frame) => router.nest_service(
            "/frame/assets",
            asset_headers.service(super::frame_assets::service(frame)),
        ),
    }
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

fn overriding(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

async fn frame_page(
    State(frame): State<FramePage>,
    query: Result<Query<ProjectQuery>, QueryRejection>,
) -> Response {
    let Some(id) = ProjectQuery::id(query) else {
        return error_page(
            StatusCode::BAD_REQUEST,
            "Oriel frame: missing projectId \u{2014} the frame URL must be /frame?projectId=\u{2026}; \
             check the projectId in createConfig",
        );
    };
    let Some((config, list)) = frame.config(&id) else {
        return error_page(
            StatusCode::NOT_FOUND,
            &format!(
                "Oriel frame: unknown project id \"{}\" \u{2014} check the projectId in \
                 createConfig and the projects in frame-host's config",
                escape_html(&id)
            ),
        );
    };
    let files = match frame.files().await {
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
        frame.connect_sources(),
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
