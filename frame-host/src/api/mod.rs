//! Plumbing shared by the HTTP handlers: extractors that answer bad input, a foreign project
//! or a missing session with an [`AppError`](crate::AppError).

mod extract;

pub(crate) use extract::{
    ApiQuery, AuthedJson, ClientIp, ProjectJson, ProjectParam, ProjectQuery, ProjectSession,
};
