//! `GET /frame/assets/{file}` from the frame embedded in the binary ([`EmbeddedFrame`]): what
//! `tower_http`'s `ServeDir` does for `frame_dir`, for a flat list of files. A file is served
//! as its `.br` or `.gz` copy when the browser accepts that encoding and the copy exists.
//! `routes::frame` adds the headers both sources share (cache, CSP, nosniff, Vary).

use std::convert::Infallible;

use axum::{
    body::Body,
    extract::Request,
    http::{header, HeaderMap, HeaderValue, Method, StatusCode},
    response::{IntoResponse, Response},
};
use tower::service_fn;

use crate::frame::EmbeddedFrame;

/// The service answering under `/frame/assets` from `frame`.
pub(super) fn service(
    frame: &'static EmbeddedFrame,
) -> impl tower::Service<Request, Response = Response, Error = Infallible, Future: Send>
       + Clone
       + Send
       + Sync
       + 'static {
    service_fn(move |request: Request| async move { Ok(answer(frame, &request)) })
}

fn answer(frame: &EmbeddedFrame, request: &Request) -> Response {
    let method = request.method();
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    // The files have plain names: anything with a directory, an escape or a dot-dot part is
    // not one of them.
    let path = request.uri().path();
    let name = path.strip_prefix('/').unwrap_or(path);
    let (Some(content_type), Some(plain)) = (content_type(name), frame.get(name)) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let (encoding, bytes) = [("br", ".br"), ("gzip", ".gz")]
        .into_iter()
        .filter(|(coding, _)| accepts(request.headers(), coding))
        .find_map(|(coding, suffix)| Some((Some(coding), frame.get(&format!("{name}{suffix}"))?)))
        .unwrap_or((None, plain));
    let mut response = Response::new(if method == Method::HEAD {
        Body::empty()
    } else {
        Body::from(bytes)
    });
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    if let Some(coding) = encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    response
}

/// The type of a frame file by its extension; `None` for a name the frame has no use for
/// (its `.br` and `.gz` copies are only served in place of the file).
fn content_type(name: &str) -> Option<&'static str> {
    Some(match name.rsplit_once('.')?.1 {
        "js" => "text/javascript",
        "wasm" => "application/wasm",
        "css" => "text/css",
        "json" => "application/json",
        _ => return None,
    })
}

/// Whether `Accept-Encoding` accepts `coding` (named, or by `*`, with a q-value above 0).
fn accepts(headers: &HeaderMap, coding: &str) -> bool {
    let mut named = None;
    let mut star = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let token = parts.next().unwrap_or("").trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if token.eq_ignore_ascii_case(coding) {
                named = Some(q);
            } else if token == "*" {
                star = Some(q);
            }
        }
    }
    named.or(star).is_some_and(|q| q > 0.0)
}

#[cfg(test)]
mod tests {
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use super::*;
    use crate::frame::EmbeddedFile;

    static FRAME: EmbeddedFrame = EmbeddedFrame {
        files: &[
            EmbeddedFile {
                name: "manifest.json",
                bytes: b"{}\n",
            },
            EmbeddedFile {
                name: "boot.0123456789abcdef.js",
                bytes: b"export {};\n",
            },
            EmbeddedFile {
                name: "boot.0123456789abcdef.js.br",
                bytes: b"brotli bytes",
            },
            EmbeddedFile {
                name: "boot.0123456789abcdef.js.gz",
                bytes: b"gzip bytes",
            },
            EmbeddedFile {
                name: "frame_bg.0123456789abcdef.wasm",
                bytes: b"\0asm\x01\0\0\0",
            },
        ],
    };

    async fn get(method: Method, path: &str, accept: &str) -> (StatusCode, HeaderMap, Vec<u8>) {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::ACCEPT_ENCODING, accept)
            .body(Body::empty())
            .unwrap();
        let response = service(&FRAME).oneshot(request).await.unwrap();
        let (parts, body) = response.into_parts();
        let body = body.collect().await.unwrap().to_bytes().to_vec();
        (parts.status, parts.headers, body)
    }

    #[tokio::test]
    async fn files_with_their_types_and_encodings() {
        let js = "/boot.0123456789abcdef.js";
        for (accept, encoding, body) in [
            ("gzip, deflate, br, zstd", Some("br"), &b"brotli bytes"[..]),
            ("gzip, br;q=0", Some("gzip"), b"gzip bytes"),
            ("*", Some("br"), b"brotli bytes"),
            ("identity", None, b"export {};\n"),
            ("", None, b"export {};\n"),
        ] {
            let (status, headers, got) = get(Method::GET, js, accept).await;
            assert_eq!(status, StatusCode::OK, "{accept}");
            assert_eq!(got, body, "{accept}");
            assert_eq!(headers[header::CONTENT_TYPE], "text/javascript");
            assert_eq!(
                headers
                    .get(header::CONTENT_ENCODING)
                    .map(|v| v.to_str().unwrap()),
                encoding,
                "{accept}"
            );
        }
        let (status, headers, body) =
            get(Method::GET, "/frame_bg.0123456789abcdef.wasm", "br").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers[header::CONTENT_TYPE], "application/wasm");
        assert_eq!(
            headers.get(header::CONTENT_ENCODING),
            None,
            "no copy: as it is"
        );
        assert_eq!(body, b"\0asm\x01\0\0\0");
        let (_, headers, body) = get(Method::HEAD, js, "").await;
        assert_eq!(headers[header::CONTENT_LENGTH], "11");
        assert!(body.is_empty());
    }

    #[tokio::test]
    async fn anything_else_is_404_or_405() {
        for path in [
            "/",
            "/nope.js",
            "/boot.0123456789abcdef.js.br",
            "/../manifest.json",
            "/sub/manifest.json",
            "/%2e%2e/manifest.json",
            "//manifest.json",
        ] {
            let (status, _, _) = get(Method::GET, path, "").await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
        let (status, headers, _) = get(Method::POST, "/manifest.json", "").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(headers[header::ALLOW], "GET, HEAD");
    }
}
