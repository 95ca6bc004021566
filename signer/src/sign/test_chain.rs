//! A scripted chain for tests: answers each method from a queue or a fixed answer, and
//! records every call.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use oriel_protocol::{ErrorCode, ErrorReply};
use serde_json::Value;

use super::ChainReader;

#[derive(Default)]
pub(crate) struct TestChain {
    answers: RefCell<HashMap<String, VecDeque<Result<Value, ErrorReply>>>>,
    fixed: HashMap<String, Value>,
    pub(crate) calls: RefCell<Vec<(String, Value)>>,
}

impl TestChain {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Answers `method` with `value` every time.
    pub(crate) fn always(mut self, method: &str, value: Value) -> Self {
        self.fixed.insert(method.into(), value);
        self
    }

    /// Answers the next call of `method` with `answer` (before any fixed answer).
    pub(crate) fn then(self, method: &str, answer: Result<Value, ErrorReply>) -> Self {
        self.answers
            .borrow_mut()
            .entry(method.into())
            .or_default()
            .push_back(answer);
        self
    }

    pub(crate) fn methods(&self) -> Vec<String> {
        self.calls.borrow().iter().map(|(m, _)| m.clone()).collect()
    }

    pub(crate) fn params_of(&self, method: &str) -> Vec<Value> {
        self.calls
            .borrow()
            .iter()
            .filter(|(m, _)| m == method)
            .map(|(_, p)| p.clone())
            .collect()
    }
}

impl ChainReader for TestChain {
    async fn call(&self, method: &str, params: Value) -> Result<Value, ErrorReply> {
        self.calls.borrow_mut().push((method.into(), params));
        if let Some(answer) = self
            .answers
            .borrow_mut()
            .get_mut(method)
            .and_then(VecDeque::pop_front)
        {
            return answer;
        }
        self.fixed.get(method).cloned().ok_or_else(|| {
            ErrorReply::new(
                ErrorCode::Rpc(-32601),
                format!("the method {method} does not exist"),
            )
        })
    }
}
