//! The HTTP layer's plumbing, shared by every route: how an [`ApiError`](crate::error::ApiError)
//! is answered, the extractors that answer bad input, a foreign project or a missing session
//! with one, CORS, the origin check of state-changing requests, the fixed security headers,
//! and the server loop with its connection limits. Nothing here knows a feature: the
//! extractors take the sub-states they need ([`Projects`](crate::projects::Projects),
//! [`Sessions`](crate::sessions::Sessions), [`TrustedProxies`](crate::net::TrustedProxies))
//! from any router state through axum's `FromRef`.

pub(crate) mod cors;
mod error;
mod extract;
pub(crate) mod headers;
pub(crate) mod observe;
mod open;
pub(crate) mod origin;
pub(crate) mod page;
mod serve;

pub(crate) use extract::{
    ApiJson, ApiQuery, AuthedJson, Budgeted, ClientAddress, ClientBudget, ClientIp, ProjectJson,
    ProjectParam, ProjectQuery, ProjectSession, SdkClient,
};
pub use serve::{serve, ConnectionLimits};
