//! How an [`ApiError`] is answered: the status and body `{ "error": { "code", "message" } }`
//! ([`HttpErrorBody`]), with `Retry-After` when throttled.

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use oriel_protocol::{
    http::{HttpError, HttpErrorBody, HttpErrorCode},
    text,
};

use crate::error::ApiError;

impl ApiError {
    /// What the caller is told: the status, the error code, the message and, when throttled,
    /// the seconds to wait. Internal errors are logged here and told as "internal error".
    pub(crate) fn told(self) -> (StatusCode, HttpErrorCode, String, Option<i64>) {
        let mut retry_after = None;
        let (code, message) = match self {
            Self::InvalidParams(m) => (HttpErrorCode::InvalidParams, m),
            Self::Unauthorized(m) => (HttpErrorCode::Unauthorized, m.into()),
            Self::Forbidden(m) => (HttpErrorCode::Forbidden, m.into()),
            Self::NotFound(m) => (HttpErrorCode::NotFound, m.into()),
            Self::Conflict(m) => (HttpErrorCode::Conflict, m.into()),
            Self::CodeLocked => (HttpErrorCode::CodeLocked, text::CODE_LOCKED.into()),
            Self::Throttled(ms) => {
                let n = Self::seconds(ms);
                retry_after = Some(n);
                (HttpErrorCode::Throttled, text::try_again_after(n))
            }
            Self::Upstream(m) => (HttpErrorCode::Upstream, m),
            Self::Internal(e) => {
                tracing::error!(error = %e, "internal error");
                (HttpErrorCode::Internal, "internal error".into())
            }
        };
        let status =
            StatusCode::from_u16(code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, code, message, retry_after)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code, message, retry_after) = self.told();
        let body = HttpErrorBody {
            error: HttpError { code, message },
        };
        let mut res = (status, Json(body)).into_response();
        if let Some(n) = retry_after {
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(n));
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use http_body_util::BodyExt;
    use serde_json::json;

    use super::*;
    use crate::error::Error;

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
    async fn internal_errors_are_not_shown() {
        let e = ApiError::Internal(Error::Serve(io::Error::other("secret detail")));
        assert_eq!(
            render(e).await,
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                json!({ "error": { "code": "internal", "message": "internal error" } }),
                None
            )
        );
    }

    #[tokio::test]
    async fn client_errors_show_their_message() {
        assert_eq!(
            render(ApiError::NotFound("unknown project id")).await,
            (
                StatusCode::NOT_FOUND,
                json!({ "error": { "code": "not_found", "message": "unknown project id" } }),
                None
            )
        );
        assert_eq!(
            render(ApiError::invalid("missing projectId")).await.0,
            StatusCode::BAD_REQUEST
        );
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
