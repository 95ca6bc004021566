//! `RpcRequest`: the dapp's JSON-RPC calls under the method policy (spec §6, DESIGN.md "How a
//! request flows" 5-6). Safe methods are answered from the wallet's state or passed to the
//! active network's RPC; approval methods are checked, decoded and shown in the frame's own
//! document, and run only after the user clicks Approve there; everything else is refused.

use oriel_protocol::{ErrorCode, ErrorReply, Reply, RevealPurpose};
use serde_json::{json, Value};

use crate::{
    env::Env,
    handler::{check_chain_id, Frame},
    login::not_connected,
    policy::{policy, Policy, NOT_ALLOWED},
    rpc::{RpcClient, Transport},
    screen::{Outcome, Screen},
    sign::{self, CallsStore, ChainReader, SignRequest, TxRequest},
};

/// EIP-1193 4001, for a Reject click.
pub(crate) const USER_REJECTED: &str = "User rejected the request.";
/// Spec §8, for an aborted request.
pub(crate) const ABORTED: &str = "Request was aborted";

/// The active network as signing sees it: its RPC client or, for a network without RPC
/// endpoints, the error that every chain read gets (signing itself still works). One type for
/// both, so that the signing code is compiled once.
struct ActiveChain<'a, T: Transport>(Result<&'a RpcClient<T>, ErrorReply>);

impl<T: Transport> ChainReader for ActiveChain<'_, T> {
    async fn call(&self, method: &str, params: Value) -> Result<Value, ErrorReply> {
        match &self.0 {
            Ok(rpc) => rpc.call(method, params).await,
            Err(e) => Err(ErrorReply::new(ErrorCode::Rpc(4901), e.message.clone())),
        }
    }
}

fn invalid(message: impl Into<String>) -> ErrorReply {
    ErrorReply::new(ErrorCode::Rpc(-32602), message)
}

impl<E: Env> Frame<E> {
    pub(crate) async fn rpc_request(
        &mut self,
        method: String,
        params: String,
        chain_id: Option<String>,
    ) -> Result<Reply, ErrorReply> {
        if self.unlocked.is_none() {
            return Err(not_connected());
        }
        let chain = match chain_id {
            Some(chain) => {
                check_chain_id(&chain)?;
                chain
            }
            None => self.chain_id.clone(),
        };
        let params: Value = if params.trim().is_empty() {
            json!([])
        } else {
            serde_json::from_str(&params)
                .map_err(|e| invalid(format!("The params are not JSON: {e}")))?
        };
        let result = match policy(&method) {
            None => return Err(ErrorReply::new(ErrorCode::NotAllowed, NOT_ALLOWED)),
            Some(Policy::Safe) => self.safe_call(&method, params, &chain).await?,
            Some(Policy::Approval) => self.approval_call(&method, params, &chain).await?,
        };
        Ok(Reply::RpcRequest {
            result: result.to_string(),
        })
    }

    /// Who asks, for the approval screen: the origin the browser vouched for when the channel
    /// opened, with the name the dapp gives itself.
    pub(crate) fn requester(&self) -> String {
        let name = self
            .dapp
            .as_ref()
            .map(|d| d.name.trim())
            .filter(|n| !n.is_empty());
        match (name, &self.parent_origin) {
            (Some(name), Some(origin)) => format!("{name} · {origin}"),
            (None, Some(origin)) => origin.clone(),
            (Some(name), None) => name.to_owned(),
            (None, None) => "This site".to_owned(),
        }
    }

    /// The active eip155 address.
    fn evm_address(&self) -> Result<String, ErrorReply> {
        let unlocked = self.unlocked.as_ref().ok_or_else(not_connected)?;
        Ok(unlocked.wallet.addresses().eip155.clone())
    }

    async fn safe_call(
        &mut self,
        method: &str,
        params: Value,
        chain: &str,
    ) -> Result<Value, ErrorReply> {
        let eip155_id = sign::eip155_chain_id(chain);
        match method {
            "eth_accounts" | "eth_requestAccounts" => Ok(json!([self.evm_address()?])),
            "eth_chainId" => eip155_id
                .map(|id| json!(format!("{id:#x}")))
                .ok_or_else(|| invalid(format!("{chain} is not an EVM network"))),
            "net_version" => eip155_id
                .map(|id| json!(id.to_string()))
                .ok_or_else(|| invalid(format!("{chain} is not an EVM network"))),
            "wallet_switchEthereumChain" => {
                let id = sign::parse_switch_chain(&params)?;
                self.switch_to_configured(&format!("eip155:{id}"))?;
                Ok(Value::Null)
            }
            "wallet_addEthereumChain" => {
                let add = sign::parse_add_chain(&params)?;
                // The frame reaches only the networks its operator configured (and its CSP
                // allows); a dapp cannot add endpoints. A known network is simply selected.
                self.switch_to_configured(&format!("eip155:{}", add.chain_id))
                    .map_err(|_| {
                        ErrorReply::new(
                            ErrorCode::Rpc(4200),
                            "The embedded wallet only uses the networks its operator configured",
                        )
                    })?;
                Ok(Value::Null)
            }
            "wallet_getCapabilities" => {
                let wallet = sign::parse_address(&self.evm_address()?)?;
                let id = eip155_id.ok_or_else(|| invalid("Not an EVM network"))?;
                Ok(sign::get_capabilities(&params, wallet, id)?)
            }
            "wallet_getCallsStatus" => {
                let rpc = ActiveChain(self.chains.get(chain));
                Ok(self.calls.get_calls_status(&params, &rpc).await?)
            }
            "wallet_getAssets" => self.native_assets(chain).await,
            _ => self.chains.get(chain)?.call(method, params).await,
        }
    }

    /// Makes `chain` active if the frame has RPC endpoints for it; 4902 otherwise.
    fn switch_to_configured(&mut self, chain: &str) -> Result<(), ErrorReply> {
        if self.chains.get(chain).is_err() {
            return Err(ErrorReply::new(
                ErrorCode::Rpc(4902),
                format!("Unrecognized chain ID {chain}: the embedded wallet has no RPC for it"),
            ));
        }
        if self.chain_id != chain {
            self.chain_id = chain.to_owned();
            self.session_changed = true;
        }
        Ok(())
    }

    /// `wallet_getAssets` for the native token of the active network (spec §3 "Asset from
    /// wallet"): `{ "0x…chain": [{ address, balance, type, metadata }] }`.
    async fn native_assets(&self, chain: &str) -> Result<Value, ErrorReply> {
        let id = sign::eip155_chain_id(chain).ok_or_else(|| invalid("Not an EVM network"))?;
        let address = self.evm_address()?;
        let balance = self
            .chains
            .get(chain)?
            .call("eth_getBalance", json!([address, "latest"]))
            .await?;
        Ok(json!({
            format!("{id:#x}"): [{
                "address": "native",
                "balance": balance,
                "type": "NATIVE",
                "metadata": { "name": "Ether", "symbol": "ETH", "decimals": 18 }
            }]
        }))
    }

    async fn approval_call(
        &mut self,
        method: &str,
        params: Value,
        chain: &str,
    ) -> Result<Value, ErrorReply> {
        let unlocked = self.unlocked.as_ref().ok_or_else(not_connected)?;
        let mut request = sign::parse(method, &params, unlocked.wallet.addresses())?;
        let rpc = ActiveChain(self.chains.get(chain));
        // A transaction is filled first, so the screen shows the fees the user signs.
        if let SignRequest::SendTransaction(tx) = &request {
            let id = sign::eip155_chain_id(chain)
                .ok_or_else(|| invalid(format!("{chain} is not an EVM network")))?;
            rpc.0.as_ref().map_err(Clone::clone)?;
            let filled = sign::fill(tx, id, &rpc).await?;
            request = SignRequest::SendTransaction(TxRequest {
                from: filled.from,
                to: filled.to,
                value: filled.value,
                data: filled.data,
                gas: Some(filled.gas_limit),
                nonce: Some(filled.nonce),
                max_fee_per_gas: Some(filled.max_fee_per_gas),
                max_priority_fee_per_gas: Some(filled.max_priority_fee_per_gas),
                chain_id: Some(filled.chain_id),
                access_list: filled.access_list,
            });
        }
        let summary = sign::describe(&request);
        let requester = self.requester();
        self.reveal(RevealPurpose::Approval);
        let outcome = self
            .env
            .present(Screen::Approval {
                summary: &summary,
                requester: &requester,
            })
            .await;
        match outcome {
            Outcome::Approved => {
                let wallet = &self.unlocked.as_ref().ok_or_else(not_connected)?.wallet;
                let result = sign::execute(&request, wallet, chain, &rpc, &mut self.calls).await;
                if matches!(request, SignRequest::SendCalls(_)) && result.is_ok() {
                    self.save_calls();
                }
                Ok(result?)
            }
            Outcome::Rejected => Err(ErrorReply::new(ErrorCode::Rpc(4001), USER_REJECTED)),
            Outcome::Aborted => Err(ErrorReply::new(ErrorCode::Aborted, ABORTED)),
        }
    }
}

impl<E: Env> Frame<E> {
    /// Where the logged-in user's `wallet_sendCalls` bundles live in the frame's storage.
    fn calls_key(&self) -> Option<String> {
        let user = &self.unlocked.as_ref()?.user_id;
        Some(format!("oriel/calls/{}/{user}", self.config.project_id))
    }

    /// Reads the logged-in user's bundles back (after an unlock), so `wallet_getCallsStatus`
    /// answers for bundles sent before a reload.
    pub(crate) fn load_calls(&mut self) {
        let stored = self.calls_key().and_then(|key| self.env.load(&key));
        self.calls = stored.map_or_else(CallsStore::new, |text| CallsStore::from_json(&text));
    }

    fn save_calls(&self) {
        if let Some(key) = self.calls_key() {
            self.env.save(&key, &self.calls.to_json());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::{
        config::{FrameConfig, NetworkRpc},
        test_env::{log_in, TestEnv, TestRpc},
    };
    use oriel_protocol::{AllowList, Body, Envelope, FrameEvent, Request, SUPPORTED_VERSIONS};
    use pollster::block_on;

    /// A logged-in frame on the devnet, whose chain answers from `chain(method, params)`.
    fn frame(chain: impl Fn(&str, &Value) -> Value + 'static) -> Frame<TestEnv> {
        let answer = move |_url: &str, body: &str| {
            let call: Value = serde_json::from_str(body).unwrap();
            let result = chain(call["method"].as_str().unwrap(), &call["params"]);
            let reply = json!({ "jsonrpc": "2.0", "id": call["id"], "result": result });
            (200, reply.to_string())
        };
        let env = TestEnv {
            chain: TestRpc {
                answer: Some(Rc::new(answer)),
                ..TestRpc::default()
            },
            ..TestEnv::default()
        };
        let config = FrameConfig {
            project_id: "demo".into(),
            allowed_origins: AllowList::parse(&["http://localhost:5173"]).unwrap(),
            default_chain_id: "eip155:31337".into(),
            networks: vec![NetworkRpc {
                chain_id: "eip155:31337".into(),
                rpc_urls: vec!["http://127.0.0.1:8545".into()],
            }],
        };
        let mut f = Frame::new(config, env);
        f.connect_networks().unwrap();
        log_in(&mut f);
        f
    }

    fn rpc(f: &mut Frame<TestEnv>, method: &str, params: Value) -> Result<Value, ErrorReply> {
        let request = Request::RpcRequest {
            method: method.into(),
            params: params.to_string(),
            chain_id: None,
        };
        match block_on(f.handle(request))? {
            Reply::RpcRequest { result } => Ok(serde_json::from_str(&result).unwrap()),
            other => panic!("unexpected reply {other:?}"),
        }
    }

    fn address(f: &Frame<TestEnv>) -> String {
        f.unlocked
            .as_ref()
            .unwrap()
            .wallet
            .addresses()
            .eip155
            .clone()
    }

    #[test]
    fn refused_methods_never_reach_the_chain_or_the_screen() {
        let mut f = frame(|_, _| Value::Null);
        for method in [
            "eth_sign",
            "eth_signTransaction",
            "debug_traceTransaction",
            "foo",
        ] {
            let err = rpc(&mut f, method, json!([])).unwrap_err();
            assert_eq!(
                (err.code, err.message.as_str()),
                (ErrorCode::NotAllowed, NOT_ALLOWED)
            );
        }
        assert!(f.env.chain.posts.borrow().is_empty());
        assert!(f.env.shown.borrow().is_empty());
    }

    #[test]
    fn safe_methods_pass_through_without_approval() {
        let mut f = frame(|method, _| match method {
            "eth_blockNumber" => json!("0x2a"),
            _ => Value::Null,
        });
        assert_eq!(rpc(&mut f, "eth_blockNumber", json!([])), Ok(json!("0x2a")));
        assert_eq!(rpc(&mut f, "eth_chainId", json!([])), Ok(json!("0x7a69")));
        let me = address(&f);
        assert_eq!(rpc(&mut f, "eth_accounts", json!([])), Ok(json!([me])));
        assert!(f.env.shown.borrow().is_empty(), "no approval for reads");
    }

    #[test]
    fn personal_sign_waits_for_approve_in_the_frame() {
        let mut f = frame(|_, _| Value::Null);
        let me = address(&f);
        f.request_id = 5;
        let signature = rpc(&mut f, "personal_sign", json!(["0x68656c6c6f", me])).unwrap();
        assert!(signature.as_str().unwrap().len() == 132);
        assert_eq!(f.env.shown.borrow().len(), 1);
        assert!(f.env.shown.borrow()[0].starts_with("approval: "));
        let posted = f.env.posted.take();
        assert_eq!(
            Envelope::decode(&posted[0], SUPPORTED_VERSIONS)
                .unwrap()
                .body,
            Body::Event(FrameEvent::Reveal {
                request_id: 5,
                purpose: RevealPurpose::Approval
            })
        );

        f.env.outcome.set(Some(Outcome::Rejected));
        let err = rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (ErrorCode::Rpc(4001), USER_REJECTED)
        );
        f.env.outcome.set(Some(Outcome::Aborted));
        let err = rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap_err();
        assert_eq!(
            (err.code, err.message.as_str()),
            (ErrorCode::Aborted, ABORTED)
        );
    }

    #[test]
    fn a_transaction_is_filled_shown_signed_and_broadcast() {
        let mut f = frame(|method, _| match method {
            "eth_getTransactionCount" => json!("0x3"),
            "eth_estimateGas" => json!("0x5208"),
            "eth_maxPriorityFeePerGas" => json!("0x3b9aca00"),
            "eth_getBlockByNumber" => json!({ "baseFeePerGas": "0x3b9aca00" }),
            "eth_sendRawTransaction" => json!(format!("0x{}", "ab".repeat(32))),
            _ => Value::Null,
        });
        let me = address(&f);
        let tx = json!([{ "from": me, "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "value": "0x1" }]);
        let hash = rpc(&mut f, "eth_sendTransaction", tx).unwrap();
        assert_eq!(hash, json!(format!("0x{}", "ab".repeat(32))));
        let posts = f.env.chain.posts.borrow();
        let methods: Vec<String> = posts
            .iter()
            .map(|p| {
                serde_json::from_str::<Value>(p).unwrap()["method"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(
            methods.last().map(String::as_str),
            Some("eth_sendRawTransaction")
        );
        assert!(methods.iter().any(|m| m == "eth_estimateGas"));
    }

    #[test]
    fn call_bundles_are_answered_after_a_reload_for_the_same_user_only() {
        let chain = |method: &str, _: &Value| match method {
            "eth_getTransactionCount" => json!("0x0"),
            "eth_estimateGas" => json!("0x5208"),
            "eth_maxPriorityFeePerGas" => json!("0x1"),
            "eth_getBlockByNumber" => json!({ "baseFeePerGas": "0x1" }),
            "eth_sendRawTransaction" => json!(format!("0x{}", "cd".repeat(32))),
            "eth_getTransactionReceipt" => json!({ "status": "0x1" }),
            _ => Value::Null,
        };
        let mut f = frame(chain);
        let me = address(&f);
        let bundle = json!([{ "version": "2.0.0", "from": me, "chainId": "0x7a69",
            "atomicRequired": false, "calls": [{ "to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }] }]);
        let id = rpc(&mut f, "wallet_sendCalls", bundle).unwrap()["id"].clone();

        // A reloaded frame: same storage, the same user unlocks again.
        let mut reloaded = frame(chain);
        *reloaded.env.storage.borrow_mut() = f.env.storage.take();
        reloaded.load_calls();
        let status = rpc(&mut reloaded, "wallet_getCallsStatus", json!([id])).unwrap();
        assert_eq!(status["status"], 200);

        // Another user of this browser does not see it.
        reloaded.unlocked = Some(crate::login::Unlocked::new_for_test("user-2"));
        reloaded.load_calls();
        let err = rpc(&mut reloaded, "wallet_getCallsStatus", json!([id])).unwrap_err();
        assert_eq!(err.code, ErrorCode::Rpc(5730));
    }

    #[test]
    fn switching_chains_is_limited_to_configured_networks() {
        let mut f = frame(|_, _| Value::Null);
        assert_eq!(
            rpc(
                &mut f,
                "wallet_switchEthereumChain",
                json!([{ "chainId": "0x7a69" }])
            ),
            Ok(Value::Null)
        );
        let err = rpc(
            &mut f,
            "wallet_switchEthereumChain",
            json!([{ "chainId": "0x1" }]),
        )
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::Rpc(4902));
        assert_eq!(f.chain_id, "eip155:31337");
    }

    #[test]
    fn the_screen_names_the_origin_the_browser_reported() {
        let mut f = frame(|_, _| Value::Null);
        let me = address(&f);
        f.set_parent_origin("http://localhost:5173");
        rpc(&mut f, "personal_sign", json!(["0x68", me])).unwrap();
        assert_eq!(
            f.env.shown.borrow()[0],
            "approval: Sign message (http://localhost:5173)"
        );
        f.dapp = Some(oriel_protocol::DappMetadata {
            name: "Lumen".into(),
            description: String::new(),
            url: "https://claims-anything.example".into(),
            icons: vec![],
        });
        assert_eq!(f.requester(), "Lumen · http://localhost:5173");
    }

    #[test]
    fn rpc_needs_a_session() {
        let mut f = frame(|_, _| Value::Null);
        f.unlocked = None;
        let err = rpc(&mut f, "eth_blockNumber", json!([])).unwrap_err();
        assert_eq!(err.code, ErrorCode::NotConnected);
    }
}
