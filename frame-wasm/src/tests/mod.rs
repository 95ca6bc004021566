//! The frame through its dispatcher, one file per area of requests: each test builds a
//! `Frame` on a `TestEnv` and sends it requests as the host would.

mod account;
mod approval;
mod dispatch;
mod email_update;
mod export;
mod farcaster;
mod login;
mod screen;
mod smart_account;
mod social;
mod storage_access;
mod unlock;
mod wallet_rpc;

use oriel_protocol::{AccountType, ErrorReply, Reply, Request, User, SUPPORTED_VERSIONS};

use crate::{
    account_type, context::Answer, env::Env, error::NOT_CONNECTED, frame::Frame, test_env::TestEnv,
};

/// Sends each of `requests` to `f`, which has no session: each is refused with
/// `NotConnected`, and nothing is asked of frame-host.
fn assert_each_needs_a_session(
    f: &mut Frame<TestEnv>,
    requests: impl IntoIterator<Item = Request>,
) {
    for r in requests {
        let err = pollster::block_on(f.handle(r)).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (oriel_protocol::ErrorCode::NotConnected, NOT_CONNECTED)
        );
    }
    assert!(f.env.calls.borrow().is_empty());
}

impl<E: Env> Frame<E> {
    /// Answers `request` as request 0: the reply, or the error reply.
    pub(crate) async fn handle(&mut self, request: Request) -> Result<Reply, ErrorReply> {
        self.handle_as(0, request).await
    }

    /// Answers `request` as request `id`: the reply, or the error reply.
    pub(crate) async fn handle_as(
        &mut self,
        id: u32,
        request: Request,
    ) -> Result<Reply, ErrorReply> {
        self.answer(id, request)
            .await
            .reply
            .map_err(ErrorReply::from)
    }

    /// The whole answer to `request` as request `id`, with whether the session changed.
    pub(crate) async fn answer(&mut self, id: u32, request: Request) -> Answer {
        self.dispatch(id, SUPPORTED_VERSIONS[0], request).await
    }

    /// The logged-in user on the active network, as `GetUser` answers once unlocked.
    pub(crate) fn user(&self) -> Option<User> {
        let cx = self.cx(0, SUPPORTED_VERSIONS[0]);
        self.session.user(&cx, &self.network.active)
    }

    /// The account type the user prefers on the active network.
    pub(crate) fn preferred_account_type(&self) -> AccountType {
        account_type::preferred(&self.env, &self.config.project_id, &self.network.active)
    }

    /// The account type in effect on the active network, as the logged-in user's account has it.
    pub(crate) fn active_account_type(&self) -> AccountType {
        self.user().expect("logged in").accounts[0].account_type
    }
}
