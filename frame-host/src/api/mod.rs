//! Plumbing shared by the HTTP handlers: [`ApiError`], the one error every handler answers
//! with, and extractors that answer bad input, a foreign project or a missing session with it.

mod error;
mod extract;

pub(crate) use error::ApiError;
pub(crate) use extract::{
    ApiJson, ApiQuery, AuthedJson, ClientIp, ProjectJson, ProjectParam, ProjectQuery,
    ProjectSession, SdkClient,
};
