//! An `Env` for native tests: in-memory storage and a scripted frame-host.

use std::{cell::RefCell, collections::HashMap};

use crate::env::{Env, HttpResponse};

/// One recorded request: method, path, body.
pub(crate) type Call = (String, String, Option<String>);

/// In-memory storage; HTTP answers come from `answer`, or fail as unreachable.
#[derive(Default)]
pub(crate) struct TestEnv {
    pub(crate) storage: RefCell<HashMap<String, String>>,
    pub(crate) calls: RefCell<Vec<Call>>,
    #[allow(clippy::type_complexity)]
    pub(crate) answer: Option<Box<dyn Fn(&str, &str, Option<&str>) -> HttpResponse>>,
}

impl Env for TestEnv {
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

    async fn sleep(&self, _ms: u32) {}

    fn now_ms(&self) -> u64 {
        1_800_000_000_000
    }
}
