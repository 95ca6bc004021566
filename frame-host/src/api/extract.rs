//! Extractors that turn bad input into [`ApiError`]s instead of axum's plain-text rejections.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequest, FromRequestParts, Query, Request},
    http::request::Parts,
    Json,
};
use serde::{de::DeserializeOwned, Deserialize};

use super::ApiError;
use crate::AppState;

/// A JSON body; a malformed one is a 400 `invalid_params` naming the problem.
#[derive(Debug)]
pub(crate) struct ApiJson<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Json::<T>::from_request(req, state)
            .await
            .map(|Json(v)| Self(v))
            .map_err(|e| ApiError::InvalidParams(e.body_text()))
    }
}

/// A query string; a malformed one is a 400 `invalid_params`.
#[derive(Debug)]
pub(crate) struct ApiQuery<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| Self(v))
            .map_err(|e| ApiError::InvalidParams(e.body_text()))
    }
}

/// The `projectId` of a GET (or DELETE) request, which must name a configured project.
#[derive(Debug, Clone)]
pub(crate) struct ProjectParam(pub(crate) String);

#[derive(Deserialize)]
struct ProjectIdQuery {
    #[serde(rename = "projectId")]
    project_id: Option<String>,
}

impl FromRequestParts<AppState> for ProjectParam {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let ApiQuery(q) = ApiQuery::<ProjectIdQuery>::from_request_parts(parts, state).await?;
        let id = q.project_id.unwrap_or_default();
        state.check_project(&id)?;
        Ok(Self(id))
    }
}

/// The client's IP address: the TCP peer (`ConnectInfo<SocketAddr>`, which the binary
/// installs; tests insert it into the request's extensions), or behind a configured trusted
/// proxy, the client it forwarded for (see [`crate::proxy`]). Without `ConnectInfo`, every
/// request counts as `0.0.0.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientIp(pub(crate) IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
        let trusted = &state.config().trusted_proxies;
        Ok(Self(crate::proxy::client_ip(peer, &parts.headers, trusted)))
    }
}
