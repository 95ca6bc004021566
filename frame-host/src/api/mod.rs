//! Plumbing shared by the auth and wallet API (`API.md`): its error type and extractors.

mod error;
mod extract;

pub(crate) use error::ApiError;
pub(crate) use extract::{ApiJson, ApiQuery, ClientIp, ProjectParam};
