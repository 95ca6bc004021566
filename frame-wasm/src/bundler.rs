//! A network's ERC-4337 bundler as signing sees it (a [`ChainReader`]): each JSON-RPC call is
//! posted to frame-host's `POST /v1/bundler/{chainId}` with the session's access token, and
//! frame-host passes it to the bundler it knows for that network (its URL, which may carry a
//! key, never reaches the frame). The answer is the bundler's own: its `result`, or its
//! JSON-RPC error as the dapp should see it (a refused signature, too little gas).

use oriel_protocol::{ErrorCode, ErrorReply};
use oriel_signer::sign::{ChainReader, DISCONNECTED, INTERNAL_ERROR};
use serde_json::{json, Value};

use crate::{api::Api, env::Env};

/// The bundler of one network, for one signed-in session.
pub(crate) struct Bundler<'a, E: Env> {
    /// frame-host's API for the frame's project.
    pub(crate) api: Api<'a, E>,
    /// The session's access token.
    pub(crate) access: String,
    /// The network (CAIP-2).
    pub(crate) chain: String,
}

impl<E: Env> ChainReader for Bundler<'_, E> {
    async fn call(&self, method: &str, params: Value) -> Result<Value, ErrorReply> {
        let path = format!(
            "/v1/bundler/{}?projectId={}",
            self.chain,
            self.api.project_id()
        );
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params });
        let answer = self
            .api
            .fetch("POST", &path, Some(body), Some(&self.access))
            .await
            .map_err(|e| {
                let code = if e.status == 0 {
                    DISCONNECTED
                } else {
                    INTERNAL_ERROR
                };
                ErrorReply::new(ErrorCode::Rpc(code), e.message)
            })?;
        if let Some(error) = answer.get("error") {
            let code = error
                .get("code")
                .and_then(Value::as_i64)
                .and_then(|c| i32::try_from(c).ok())
                .unwrap_or(INTERNAL_ERROR);
            let message = error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("the bundler refused the call");
            return Err(ErrorReply::new(
                ErrorCode::Rpc(code),
                format!("{method}: {message:.500}"),
            ));
        }
        answer.get("result").cloned().ok_or_else(|| {
            ErrorReply::new(
                ErrorCode::Rpc(INTERNAL_ERROR),
                format!("{method}: the bundler answered no result"),
            )
        })
    }
}
