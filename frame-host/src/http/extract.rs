//! Extractors that turn bad input into [`ApiError`]s instead of axum's plain-text rejections,
//! and that check the request's project (and that the session belongs to it) before a
//! handler runs.

use std::{
    future::Future,
    marker::PhantomData,
    net::{IpAddr, Ipv4Addr, SocketAddr},
};

use axum::{
    extract::{
        rejection::QueryRejection, ConnectInfo, FromRef, FromRequest, FromRequestParts, Query,
        Request,
    },
    http::{header, request::Parts},
    Json,
};
use serde::{de::DeserializeOwned, Deserialize};

use oriel_protocol::http::{
    farcaster::{FarcasterRedeemRequest, FarcasterStartRequest},
    social::{SocialRedeemRequest, SocialStartRequest},
    CodeRequest, CreateWalletRequest, DeviceStatusRequest, DeviceWrapRequest, EmailStartRequest,
    EmailUpdateStartRequest, EmailVerifyRequest, ProjectRequest, RefreshRequest,
};

use crate::{
    error::ApiError,
    net::{client_ip, TrustedProxies},
    projects::Projects,
    sessions::{Session, Sessions},
};

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

/// The `projectId` query parameter, read leniently by the routes that answer without the
/// API's errors (the frame page, CORS).
#[derive(Debug, Deserialize)]
pub(crate) struct ProjectQuery {
    #[serde(rename = "projectId")]
    pub(crate) project_id: Option<String>,
}

impl ProjectQuery {
    /// The project id, if given and non-empty. A malformed query counts as no id.
    pub(crate) fn id(query: Result<Query<Self>, QueryRejection>) -> Option<String> {
        query
            .ok()
            .and_then(|Query(q)| q.project_id)
            .filter(|id| !id.is_empty())
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

impl<S: Send + Sync> FromRequestParts<S> for ProjectParam
where
    Projects: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let ApiQuery(q) = ApiQuery::<ProjectIdQuery>::from_request_parts(parts, state).await?;
        let id = q.project_id.unwrap_or_default();
        Projects::from_ref(state).check(&id)?;
        Ok(Self(id))
    }
}

/// The longest `st` (SDK type) or `sv` (SDK version) accepted.
const MAX_SDK_PARAM_LEN: usize = 64;

/// The caller of a Blockchain API route (`/v1/*`): the query's `projectId` names a configured
/// project (else 400 'missing projectId' or 404 'unknown project id'), `st` (SDK type) and
/// `sv` (SDK version) are at most 64 characters when given (else 400), and the request's
/// `Origin` is allowed for the project ([`check_origin`](super::cors::check_origin), else 403
/// 'Origin not allowed'). Checked in that order.
#[derive(Debug, Clone)]
pub(crate) struct SdkClient {
    /// The project.
    pub(crate) project_id: String,
}

#[derive(Deserialize)]
struct SdkQuery {
    st: Option<String>,
    sv: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for SdkClient
where
    Projects: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let ProjectParam(project_id) = ProjectParam::from_request_parts(parts, state).await?;
        let ApiQuery(q) = ApiQuery::<SdkQuery>::from_request_parts(parts, state).await?;
        for (name, value) in [("st", &q.st), ("sv", &q.sv)] {
            if value.as_ref().is_some_and(|v| v.len() > MAX_SDK_PARAM_LEN) {
                return Err(ApiError::InvalidParams(format!(
                    "Invalid {name}: longer than {MAX_SDK_PARAM_LEN} characters"
                )));
            }
        }
        let origin = parts.headers.get(header::ORIGIN);
        super::cors::check_origin(&Projects::from_ref(state), &project_id, origin)?;
        Ok(Self { project_id })
    }
}

/// A service with a budget of requests per client IP and project (the swaps' and the
/// on-ramp's): [`Budgeted`] spends one before the handler runs.
pub(crate) trait ClientBudget: Send + Sync {
    /// Spends one request of `ip` in `project_id`; 429 'Please try again after {n} seconds'
    /// when the budget is spent.
    fn spend(
        &self,
        ip: IpAddr,
        project_id: &str,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// The caller of a route of service `B`: an [`SdkClient`] whose IP has requests left in
/// `B`'s budget ([`ClientBudget`]).
#[derive(Debug)]
pub(crate) struct Budgeted<B> {
    /// The project.
    pub(crate) project_id: String,
    budget: PhantomData<fn() -> B>,
}

impl<S, B> FromRequestParts<S> for Budgeted<B>
where
    S: Send + Sync,
    B: ClientBudget + FromRef<S>,
    Projects: FromRef<S>,
    TrustedProxies: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let client = SdkClient::from_request_parts(parts, state).await?;
        let Ok(ClientIp(ip)) = ClientIp::from_request_parts(parts, state).await;
        B::from_ref(state).spend(ip, &client.project_id).await?;
        Ok(Self {
            project_id: client.project_id,
            budget: PhantomData,
        })
    }
}

/// A request body that names its project (`projectId`).
pub(crate) trait ProjectScoped {
    /// The `projectId` the body names.
    fn project_id(&self) -> &str;
}

macro_rules! project_scoped {
    ($($body:ty),* $(,)?) => {
        $(impl ProjectScoped for $body {
            fn project_id(&self) -> &str {
                &self.project_id
            }
        })*
    };
}

project_scoped!(
    EmailStartRequest,
    DeviceStatusRequest,
    EmailVerifyRequest,
    RefreshRequest,
    ProjectRequest,
    EmailUpdateStartRequest,
    CodeRequest,
    CreateWalletRequest,
    DeviceWrapRequest,
    SocialStartRequest,
    SocialRedeemRequest,
    FarcasterStartRequest,
    FarcasterRedeemRequest,
);

/// A JSON body whose `projectId` names a configured project (else 400 'missing projectId' or
/// 404 'unknown project id').
#[derive(Debug)]
pub(crate) struct ProjectJson<T>(pub(crate) T);

impl<T, S> FromRequest<S> for ProjectJson<T>
where
    T: DeserializeOwned + ProjectScoped,
    S: Send + Sync,
    Projects: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let ApiJson(body) = ApiJson::<T>::from_request(req, state).await?;
        Projects::from_ref(state).check(body.project_id())?;
        Ok(Self(body))
    }
}

/// The caller's [`Session`] (`Authorization: Bearer`) and a [`ProjectJson`] body of the
/// session's own project: a token of another project is 401 'Invalid key'. Checked in that
/// order: the session, the body, the project, the session's project.
#[derive(Debug)]
pub(crate) struct AuthedJson<T>(pub(crate) Session, pub(crate) T);

impl<T, S> FromRequest<S> for AuthedJson<T>
where
    T: DeserializeOwned + ProjectScoped,
    S: Send + Sync,
    Projects: FromRef<S>,
    Sessions: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (mut parts, body) = req.into_parts();
        let session = Session::from_request_parts(&mut parts, state).await?;
        let req = Request::from_parts(parts, body);
        let ProjectJson(body) = ProjectJson::<T>::from_request(req, state).await?;
        session.check_project(body.project_id())?;
        Ok(Self(session, body))
    }
}

/// The caller's [`Session`] on a GET (or DELETE) whose `projectId` query parameter names
/// the session's project: [`ProjectParam`]'s answers, and 401 'Invalid key' for a token of
/// another project.
#[derive(Debug, Clone)]
pub(crate) struct ProjectSession(pub(crate) Session);

impl<S: Send + Sync> FromRequestParts<S> for ProjectSession
where
    Projects: FromRef<S>,
    Sessions: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let session = Session::from_request_parts(parts, state).await?;
        let ProjectParam(project_id) = ProjectParam::from_request_parts(parts, state).await?;
        session.check_project(&project_id)?;
        Ok(Self(session))
    }
}

/// The client as per-IP limits count it: its [`ClientAddress`] grouped by the
/// [`AddressBuckets`](crate::net::AddressBuckets) (an IPv4 address, or an IPv6 address's
/// network, a /64 by default), so that one host cannot step around a limit by changing the
/// low bits of its IPv6 address (issue 38, M-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientIp(pub(crate) IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    TrustedProxies: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Ok(ClientAddress(ip)) = ClientAddress::from_request_parts(parts, state).await;
        Ok(Self(TrustedProxies::from_ref(state).buckets.bucket(ip)))
    }
}

/// The client's exact IP address, for logs: the TCP peer (`ConnectInfo<SocketAddr>`, which
/// the binary installs; tests insert it into the request's extensions), or behind a
/// configured trusted proxy, the client it forwarded for (see [`crate::net`]). Without
/// `ConnectInfo`, every request counts as `0.0.0.0`. Limits count [`ClientIp`] instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientAddress(pub(crate) IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress
where
    TrustedProxies: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
        let trusted = TrustedProxies::from_ref(state);
        Ok(Self(client_ip(peer, &parts.headers, &trusted)))
    }
}

/// The caller's [`Session`], from `Authorization: Bearer <access token>` (see
/// [`Sessions::verify`] for the 401s).
impl<S: Send + Sync> FromRequestParts<S> for Session
where
    Sessions: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Sessions::from_ref(state).verify(&parts.headers).await
    }
}
