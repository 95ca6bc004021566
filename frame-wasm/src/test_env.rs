//! An `Env` for native tests: in-memory storage and a scripted frame-host.

use std::{
    cell::{Cell, RefCell},
    collections::HashMap,
    rc::Rc,
};

use crate::{
    env::{Env, HttpResponse, StorageStatus, WindowMessage},
    rpc::{Transport, TransportError, TransportReply},
    screen::{Outcome, Screen},
};

/// Answers chain JSON-RPC posts: `(url, body) -> (status, body)`.
pub(crate) type ChainAnswer = Rc<dyn Fn(&str, &str) -> (u16, String)>;

/// The test chain transport: every post goes to the env's `chain` answer, and is recorded.
#[derive(Clone, Default)]
pub(crate) struct TestRpc {
    pub(crate) answer: Option<ChainAnswer>,
    pub(crate) posts: Rc<RefCell<Vec<String>>>,
}

impl Transport for TestRpc {
    async fn post(&self, url: &str, body: &str) -> Result<TransportReply, TransportError> {
        self.posts.borrow_mut().push(body.into());
        let answer = self
            .answer
            .as_ref()
            .ok_or_else(|| TransportError("no chain".into()))?;
        let (status, body) = answer(url, body);
        Ok(TransportReply {
            status,
            retry_after: None,
            body,
        })
    }

    async fn sleep(&self, _ms: u32) {}

    fn now_ms(&self) -> u64 {
        1_800_000_000_000
    }
}

/// One recorded request: method, path, body.
pub(crate) type Call = (String, String, Option<String>);

/// In-memory storage; HTTP answers come from `answer`, or fail as unreachable.
#[derive(Default)]
pub(crate) struct TestEnv {
    pub(crate) storage: RefCell<HashMap<String, String>>,
    pub(crate) calls: RefCell<Vec<Call>>,
    #[allow(clippy::type_complexity)]
    pub(crate) answer: Option<Box<dyn Fn(&str, &str, Option<&str>) -> HttpResponse>>,
    /// Messages the frame posted on its own (events).
    pub(crate) posted: RefCell<Vec<Vec<u8>>>,
    /// What each screen showed, as text, in order.
    pub(crate) shown: RefCell<Vec<String>>,
    /// What each approval screen showed, whole, in order.
    pub(crate) summaries: RefCell<Vec<oriel_signer::sign::Summary>>,
    /// The themes applied (`SyncTheme`), in order.
    pub(crate) themes: RefCell<Vec<crate::theme::Theme>>,
    /// How the user leaves the next screens; `Approved` unless a test says otherwise.
    pub(crate) outcome: Cell<Option<Outcome>>,
    /// The chain the RPC clients reach.
    pub(crate) chain: TestRpc,
    /// frame-host never answers (a request hangs until whoever waits gives up).
    pub(crate) http_hangs: Cell<bool>,
    /// What the browser gives the frame; persistent unless a test says otherwise.
    pub(crate) storage_status: Cell<Option<StorageStatus>>,
    /// What a storage access request leads to; the status stays as it is unless a test says.
    pub(crate) storage_access: Cell<Option<StorageStatus>>,
    /// Social-login window messages waiting to be taken.
    pub(crate) social_messages: RefCell<Vec<WindowMessage>>,
    /// Posted to `social_messages` on the nth `sleep` (a message that arrives while the frame
    /// waits), by sleep count.
    pub(crate) social_later: RefCell<Vec<(usize, WindowMessage)>>,
    /// How many times the frame slept.
    pub(crate) sleeps: Cell<usize>,
}

/// frame-host's origin in the tests.
pub(crate) const FRAME_ORIGIN: &str = "http://127.0.0.1:8787";

impl Env for TestEnv {
    type Rpc = TestRpc;

    fn rpc(&self) -> TestRpc {
        self.chain.clone()
    }

    async fn http(
        &self,
        method: &str,
        path: &str,
        body: Option<String>,
        _bearer: Option<&str>,
    ) -> Result<HttpResponse, String> {
        self.calls
            .borrow_mut()
            .push((method.into(), path.into(), body.clone()));
        if self.http_hangs.get() {
            std::future::pending::<()>().await;
        }
        match &self.answer {
            Some(answer) => Ok(answer(method, path, body.as_deref())),
            None => Err("unreachable".into()),
        }
    }

    fn load(&self, key: &str) -> Option<String> {
        self.storage.borrow().get(key).cloned()
    }

    fn save(&self, key: &str, value: &str) {
        self.storage.borrow_mut().insert(key.into(), value.into());
    }

    fn delete(&self, key: &str) {
        self.storage.borrow_mut().remove(key);
    }

    fn storage_status(&self) -> StorageStatus {
        self.storage_status.get().unwrap_or(StorageStatus {
            persistent: true,
            can_request: false,
        })
    }

    async fn request_storage_access(&self) -> StorageStatus {
        if let Some(after) = self.storage_access.get() {
            self.storage_status.set(Some(after));
        }
        self.storage_status()
    }

    async fn sleep(&self, _ms: u32) {
        let n = self.sleeps.get() + 1;
        self.sleeps.set(n);
        let mut later = self.social_later.borrow_mut();
        let (now, rest): (Vec<_>, Vec<_>) = later.drain(..).partition(|(at, _)| *at <= n);
        *later = rest;
        self.social_messages
            .borrow_mut()
            .extend(now.into_iter().map(|(_, m)| m));
    }

    fn now_ms(&self) -> u64 {
        1_800_000_000_000
    }

    fn own_origin(&self) -> String {
        FRAME_ORIGIN.into()
    }

    fn take_social_messages(&self) -> Vec<WindowMessage> {
        self.social_messages.take()
    }

    fn post(&self, message: Vec<u8>) {
        self.posted.borrow_mut().push(message);
    }

    async fn present(&self, screen: Screen<'_>) -> Outcome {
        let text = match screen {
            Screen::RecoveryPhrase(phrase) => format!("phrase: {}", phrase.as_str()),
            Screen::Approval { summary, requester } => {
                self.summaries.borrow_mut().push(summary.clone());
                let origin = &requester.origin;
                match requester.claimed_line() {
                    Some(claimed) => format!("approval: {} ({origin}; {claimed})", summary.title),
                    None => format!("approval: {} ({origin})", summary.title),
                }
            }
            Screen::StorageAccess { site } => format!("storage access: {site}"),
            Screen::Failure(failure) => {
                format!(
                    "failure: {}: {} [{}]",
                    failure.title, failure.words, failure.details
                )
            }
        };
        self.shown.borrow_mut().push(text);
        self.outcome.get().unwrap_or(Outcome::Approved)
    }

    fn apply_theme(&self, theme: &crate::theme::Theme) {
        self.themes.borrow_mut().push(theme.clone());
    }
}

/// Logs `frame` in as `user-1` (ada@example.com) with a freshly created, unlocked wallet and
/// an access token with an hour left (TestEnv's clock), as after a first login.
pub(crate) fn log_in(frame: &mut crate::frame::Frame<TestEnv>) {
    let session = crate::store::SessionRecord {
        access_token: "access".into(),
        access_expires_at: 1_800_003_600_000,
        refresh_token: "refresh".into(),
        user_id: "user-1".into(),
        email: "ada@example.com".into(),
        user_name: None,
    };
    crate::store::save_session(
        &frame.env,
        &frame.config.project_id,
        &frame.parent_origin,
        &session,
    );
    frame.session.unlocked = Some(crate::session::Unlocked::new_for_test("user-1"));
}
