//! One module per area of requests. `frame::Frame::dispatch` calls them; each takes the
//! per-request context (`context::Cx`) and the state it works on, and returns its reply (an
//! `Answer` where the request can change the session). None of them knows `Frame`.

pub(crate) mod account;
pub(crate) mod approval_facts;
pub(crate) mod email_update;
pub(crate) mod export;
pub(crate) mod farcaster;
pub(crate) mod host;
pub(crate) mod login;
pub(crate) mod social;
pub(crate) mod storage_access;
pub(crate) mod wallet_rpc;
