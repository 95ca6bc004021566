//! [`ApiError`]: the API's error reply, `{ "error": { "code", "message" } }`.

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde_json::json;

use crate::error::Error;

/// An error of the auth and wallet API. Client errors carry a message safe to show
/// (the spec's words where it has some); internal errors are logged and shown only as
/// "internal error".
#[derive(Debug)]
#[non_exhaustive]
pub(crate) enum ApiError {
    /// 400 `invalid_params`.
    InvalidParams(String),
    /// 401 `unauthorized`.
    Unauthorized(&'static str),
    /// 403 `forbidden`.
    Forbidden(&'static str),
    /// 404 `not_found`.
    NotFound(&'static str),
    /// 409 `conflict`.
    Conflict(&'static str),
    /// 423 `code_locked`.
    CodeLocked,
    /// 429 `throttled`, retry after this many milliseconds.
    Throttled(i64),
    /// 500 `internal`: logged, never shown.
    Internal(Error),
}

/// The text of a 423.
pub(crate) const CODE_LOCKED: &str = "Too many wrong codes: request a new code";

impl ApiError {
    /// 400 with a fixed message.
    pub(crate) fn invalid(message: &str) -> Self {
        Self::InvalidParams(message.into())
    }

    /// Seconds left, rounded up, as the throttle message says them.
    pub(crate) fn seconds(ms: i64) -> i64 {
        (ms.max(1) + 999) / 1000
    }
}

impl<E: Into<Error>> From<E> for ApiError {
    fn from(e: E) -> Self {
        Self::Internal(e.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code, message) = match self {
            Self::InvalidParams(m) => (StatusCode::BAD_REQUEST, "invalid_params", m),
            Self::Unauthorized(m) => (StatusCode::UNAUTHORIZED, "unauthorized", m.into()),
            Self::Forbidden(m) => (StatusCode::FORBIDDEN, "forbidden", m.into()),
            Self::NotFound(m) => (StatusCode::NOT_FOUND, "not_found", m.into()),
            Self::Conflict(m) => (StatusCode::CONFLICT, "conflict", m.into()),
            Self::CodeLocked => (StatusCode::LOCKED, "code_locked", CODE_LOCKED.into()),
            Self::Throttled(ms) => {
                let n = Self::seconds(ms);
                let mut res = (
                    StatusCode::TOO_MANY_REQUESTS,
                    Json(json!({ "error": {
                        "code": "throttled",
                        "message": format!("Please try again after {n} seconds"),
                    }})),
                )
                    .into_response();
                res.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(n));
                return res;
            }
            Self::Internal(e) => {
                tracing::error!(error = %e, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "internal error".into(),
                )
            }
        };
        (
            status,
            Json(json!({ "error": { "code": code, "message": message } })),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use http_body_util::BodyExt;

    use super::*;

    async fn render(e: ApiError) -> (StatusCode, serde_json::Value, Option<String>) {
        let res = e.into_response();
        let status = res.status();
        let retry = res
            .headers()
            .get(header::RETRY_AFTER)
            .map(|v| v.to_str().unwrap().to_owned());
        let body = res.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&body).unwrap(), retry)
    }

    #[tokio::test]
    async fn shapes() {
        let (s, b, _) = render(ApiError::Unauthorized("Invalid code")).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        assert_eq!(
            b,
            json!({ "error": { "code": "unauthorized", "message": "Invalid code" } })
        );
        let (s, b, _) = render(ApiError::CodeLocked).await;
        assert_eq!(s.as_u16(), 423);
        assert_eq!(b["error"]["code"], "code_locked");
        let (s, b, _) = render(ApiError::Internal(Error::Random("secret".into()))).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            b,
            json!({ "error": { "code": "internal", "message": "internal error" } })
        );
    }

    #[tokio::test]
    async fn throttle_rounds_seconds_up() {
        let (s, b, retry) = render(ApiError::Throttled(19_001)).await;
        assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(b["error"]["message"], "Please try again after 20 seconds");
        assert_eq!(retry.as_deref(), Some("20"));
        assert_eq!(ApiError::seconds(30_000), 30);
        assert_eq!(ApiError::seconds(1), 1);
    }
}
