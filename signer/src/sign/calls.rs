//! ERC-5792: for an EOA, `wallet_sendCalls` runs the calls in order as separate transactions
//! (never atomically); a smart account runs them as one user operation (`smart`), recorded
//! here. `wallet_getCallsStatus` reports either by the bundle id, and `wallet_getCapabilities`
//! says whether atomic execution is supported.

use alloy_primitives::{Address, Bytes, B256, U256};
use alloy_signer_local::PrivateKeySigner;
use serde_json::{json, Map, Value};

use super::chain::ChainReader;
use super::codec::{address_value, hex_bytes, quantity, quantity_u64, to_hex, to_quantity};
use super::send::{fill, send_transaction};
use super::tx::TxRequest;
use super::SignError;

/// The most calls one bundle may hold (ERC-5792 5740 above it).
pub(crate) const MAX_CALLS: usize = 20;

/// One call of a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// The contract or account called.
    pub to: Address,
    /// Calldata.
    pub data: Bytes,
    /// Wei sent.
    pub value: U256,
}

/// A checked `wallet_sendCalls` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallsRequest {
    /// The ERC-5792 version the dapp speaks (`2.0.0`, or `1.0` from older dapps).
    pub version: String,
    /// The bundle id the dapp chose, if it chose one.
    pub id: Option<String>,
    /// The sender: this wallet.
    pub from: Address,
    /// The chain the calls are for.
    pub chain_id: u64,
    /// Whether the dapp requires the calls to run atomically.
    pub atomic_required: bool,
    /// The calls, in order.
    pub calls: Vec<Call>,
}

impl CallsRequest {
    /// One call from `from` on `chain_id`, as a bundle (a smart account's transaction).
    pub fn one(call: Call, from: Address, chain_id: u64) -> Self {
        Self {
            version: "2.0.0".to_owned(),
            id: None,
            from,
            chain_id,
            atomic_required: true,
            calls: vec![call],
        }
    }
}

/// Reads `wallet_sendCalls`' first param. Spec §5: each call's `to` and `data` must start
/// with 0x. A non-optional capability is refused (5700): an EOA supports none.
pub(crate) fn parse_calls(value: &Value, wallet: Address) -> Result<CallsRequest, SignError> {
    let request = value
        .as_object()
        .ok_or_else(|| SignError::params("wallet_sendCalls takes an object"))?;
    let version = request
        .get("version")
        .and_then(Value::as_str)
        .unwrap_or("2.0.0")
        .to_owned();
    let from = match request.get("from").filter(|v| !v.is_null()) {
        Some(from) => {
            let from = address_value(from, "from")?;
            if from != wallet {
                return Err(SignError::Unauthorized(from.to_checksum(None)));
            }
            from
        }
        None => wallet,
    };
    let chain_id = request
        .get("chainId")
        .ok_or_else(|| SignError::params("chainId is required"))
        .and_then(|c| quantity_u64(c, "chainId"))?;
    let id = match request.get("id") {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) if !id.is_empty() && id.len() <= 8194 => Some(id.clone()),
        Some(_) => return Err(SignError::params("id must be a non-empty string")),
    };
    let atomic_required = match request.get("atomicRequired") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(required)) => *required,
        Some(_) => return Err(SignError::params("atomicRequired must be a boolean")),
    };
    check_capabilities(request.get("capabilities"))?;
    let calls = request
        .get("calls")
        .and_then(Value::as_array)
        .ok_or_else(|| SignError::params("calls must be an array"))?;
    if calls.is_empty() {
        return Err(SignError::params("calls must not be empty"));
    }
    if calls.len() > MAX_CALLS {
        return Err(SignError::BundleTooLarge(calls.len()));
    }
    let calls = calls
        .iter()
        .enumerate()
        .map(|(index, call)| parse_call(index, call))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(CallsRequest {
        version,
        id,
        from,
        chain_id,
        atomic_required,
        calls,
    })
}

/// Every capability the dapp sends must be `optional: true`; the embedded EOA has none.
fn check_capabilities(capabilities: Option<&Value>) -> Result<(), SignError> {
    let Some(Value::Object(capabilities)) = capabilities else {
        return Ok(());
    };
    for (name, value) in capabilities {
        let optional = value.get("optional").and_then(Value::as_bool) == Some(true);
        if !optional {
            return Err(SignError::UnsupportedCapability(name.clone()));
        }
    }
    Ok(())
}

fn parse_call(index: usize, call: &Value) -> Result<Call, SignError> {
    let call = call
        .as_object()
        .ok_or_else(|| SignError::params(format!("call {index} must be an object")))?;
    let to = match call.get("to") {
        Some(Value::String(to)) if to.starts_with("0x") => address_value(&json!(to), "to")?,
        _ => return Err(SignError::CallNot0x { index, field: "to" }),
    };
    let data = match call.get("data") {
        None | Some(Value::Null) => Bytes::new(),
        Some(Value::String(data)) if data.starts_with("0x") => hex_bytes(data, "data")?.into(),
        Some(_) => {
            return Err(SignError::CallNot0x {
                index,
                field: "data",
            })
        }
    };
    check_capabilities(call.get("capabilities"))?;
    let value = match call.get("value") {
        None | Some(Value::Null) => U256::ZERO,
        Some(v) => quantity(v, "value")?,
    };
    Ok(Call { to, data, value })
}

/// One submitted bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Bundle {
    chain_id: u64,
    hashes: Vec<B256>,
    /// A later call could not be sent after earlier ones were.
    incomplete: bool,
    /// The user operation that runs the calls, for a smart account's bundle (then `hashes`
    /// is empty).
    user_op: Option<B256>,
}

fn read_bundle(entry: &Value) -> Option<(String, Bundle)> {
    let id = entry.get("id")?.as_str()?.to_owned();
    let chain_id = entry.get("chainId")?.as_u64()?;
    let hashes = entry.get("hashes")?.as_array()?;
    let hashes = hashes
        .iter()
        .map(|h| h.as_str()?.parse::<B256>().ok())
        .collect::<Option<Vec<_>>>()?;
    let incomplete = entry.get("incomplete")?.as_bool()?;
    let user_op = match entry.get("userOp") {
        None | Some(Value::Null) => None,
        Some(hash) => Some(hash.as_str()?.parse::<B256>().ok()?),
    };
    Some((
        id,
        Bundle {
            chain_id,
            hashes,
            incomplete,
            user_op,
        },
    ))
}

/// How many bundles a store keeps; older ones are forgotten (5730 for their ids).
pub(crate) const MAX_BUNDLES: usize = 50;

/// The bundles an account submitted, by id, for `wallet_getCallsStatus`: the newest
/// `MAX_BUNDLES` (50), oldest first. The frame keeps them in its storage (see
/// [`CallsStore::to_json`]) so a dapp can still ask after a reload.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CallsStore {
    bundles: Vec<(String, Bundle)>,
}

fn random_id() -> Result<String, SignError> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).map_err(|e| SignError::Signing(e.to_string()))?;
    Ok(to_hex(&bytes))
}

impl CallsStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn get(&self, id: &str) -> Option<&Bundle> {
        self.bundles.iter().find(|(i, _)| i == id).map(|(_, b)| b)
    }

    fn insert(&mut self, id: String, bundle: Bundle) {
        self.bundles.push((id, bundle));
        let excess = self.bundles.len().saturating_sub(MAX_BUNDLES);
        self.bundles.drain(..excess);
    }

    /// The bundles as JSON, for the frame's storage:
    /// `[{ "id", "chainId", "hashes": ["0x…"], "incomplete", "userOp" }]`.
    pub fn to_json(&self) -> String {
        let list: Vec<Value> = self
            .bundles
            .iter()
            .map(|(id, b)| {
                let hashes: Vec<String> = b.hashes.iter().map(|h| to_hex(h.as_slice())).collect();
                let user_op = b.user_op.map(|h| to_hex(h.as_slice()));
                json!({ "id": id, "chainId": b.chain_id, "hashes": hashes, "incomplete": b.incomplete, "userOp": user_op })
            })
            .collect();
        Value::Array(list).to_string()
    }

    /// A store read back from [`CallsStore::to_json`]'s text. Entries it cannot read (storage
    /// edited by hand or by another version) are skipped, so the rest stay answerable.
    pub fn from_json(text: &str) -> Self {
        let list = match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(list)) => list,
            _ => return Self::default(),
        };
        let mut store = Self::default();
        for entry in &list {
            if let Some((id, bundle)) = read_bundle(entry) {
                store.insert(id, bundle);
            }
        }
        store
    }

    /// `wallet_sendCalls`: checks the bundle, then fills, signs and sends each call in order
    /// as its own transaction on `chain_id`. Answers `{ id }`. When the first call cannot be
    /// sent nothing was submitted and the error is returned; a later failure is reported by
    /// `wallet_getCallsStatus` (status 600, partly executed).
    pub async fn send_calls<R: ChainReader>(
        &mut self,
        signer: &PrivateKeySigner,
        req: &CallsRequest,
        chain_id: u64,
        rpc: &R,
    ) -> Result<Value, SignError> {
        if req.chain_id != chain_id {
            return Err(SignError::UnsupportedChainId(to_quantity(U256::from(
                req.chain_id,
            ))));
        }
        if req.atomic_required {
            return Err(SignError::AtomicityNotSupported);
        }
        let id = self.new_id(req)?;
        let mut bundle = Bundle {
            chain_id,
            hashes: Vec::with_capacity(req.calls.len()),
            incomplete: false,
            user_op: None,
        };
        let mut next_nonce = None;
        for call in &req.calls {
            let tx = TxRequest {
                from: req.from,
                to: Some(call.to),
                value: call.value,
                data: call.data.clone(),
                gas: None,
                nonce: next_nonce,
                max_fee_per_gas: None,
                max_priority_fee_per_gas: None,
                chain_id: Some(chain_id),
                access_list: Default::default(),
            };
            let sent = match fill(&tx, chain_id, rpc).await {
                Ok(filled) => {
                    next_nonce = Some(filled.nonce + 1);
                    send_transaction(signer, &filled, rpc).await
                }
                Err(error) => Err(error),
            };
            match sent {
                Ok(hash) => bundle.hashes.push(hash),
                Err(error) if bundle.hashes.is_empty() => return Err(error),
                Err(_) => {
                    bundle.incomplete = true;
                    break;
                }
            }
        }
        self.insert(id.clone(), bundle);
        Ok(json!({ "id": id }))
    }

    /// The id of a new bundle: the dapp's (5720 when taken) or a random one.
    pub fn new_id(&self, req: &CallsRequest) -> Result<String, SignError> {
        match &req.id {
            Some(id) if self.get(id).is_some() => Err(SignError::DuplicateId(id.clone())),
            Some(id) => Ok(id.clone()),
            None => random_id(),
        }
    }

    /// Records bundle `id` that a smart account sent as user operation `hash` on `chain_id`;
    /// answers `{ id }`.
    pub fn insert_operation(&mut self, id: String, chain_id: u64, hash: B256) -> Value {
        let bundle = Bundle {
            chain_id,
            hashes: Vec::new(),
            incomplete: false,
            user_op: Some(hash),
        };
        self.insert(id.clone(), bundle);
        json!({ "id": id })
    }

    /// `wallet_getCallsStatus`: reads each transaction's receipt. Status 100 while any is
    /// missing, 200 when all succeeded, 500 when all reverted, 600 when some reverted or
    /// not every call could be sent.
    /// A smart account's bundle is its user operation's receipt from `bundler`: 100 until it
    /// is in a block, then 200 or 500, atomic.
    pub async fn get_calls_status<R: ChainReader, B: ChainReader>(
        &self,
        params: &Value,
        rpc: &R,
        bundler: &B,
    ) -> Result<Value, SignError> {
        let id = params
            .get(0)
            .and_then(Value::as_str)
            .ok_or_else(|| SignError::params("wallet_getCallsStatus takes [id]"))?;
        let bundle = self
            .get(id)
            .ok_or_else(|| SignError::UnknownBundleId(id.to_owned()))?;
        if let Some(hash) = &bundle.user_op {
            let receipt = super::smart::receipt(bundler, hash).await?;
            return Ok(status_answer(
                id,
                bundle.chain_id,
                true,
                receipt.map(|r| {
                    let status = if r["success"].as_bool() == Some(true) {
                        200
                    } else {
                        500
                    };
                    (status, vec![receipt_shape(&r["receipt"])])
                }),
            ));
        }
        let mut receipts = Vec::with_capacity(bundle.hashes.len());
        for hash in &bundle.hashes {
            let receipt = rpc
                .call(
                    "eth_getTransactionReceipt",
                    json!([to_hex(hash.as_slice())]),
                )
                .await
                .map_err(SignError::Chain)?;
            if receipt.is_null() {
                break;
            }
            receipts.push(receipt);
        }
        let succeeded = receipts
            .iter()
            .filter(|r| r.get("status").and_then(Value::as_str) == Some("0x1"))
            .count();
        let status = if receipts.len() < bundle.hashes.len() {
            100
        } else if succeeded == receipts.len() && !bundle.incomplete {
            200
        } else if succeeded == 0 && !bundle.incomplete {
            500
        } else {
            600
        };
        let done = (status != 100).then(|| (status, receipts.iter().map(receipt_shape).collect()));
        Ok(status_answer(id, bundle.chain_id, false, done))
    }
}

/// A `wallet_getCallsStatus` answer: pending (100) without `done`, else its status and the
/// receipts.
fn status_answer(id: &str, chain_id: u64, atomic: bool, done: Option<(u16, Vec<Value>)>) -> Value {
    let mut answer = Map::new();
    answer.insert("version".into(), json!("2.0.0"));
    answer.insert("id".into(), json!(id));
    answer.insert("chainId".into(), json!(to_quantity(U256::from(chain_id))));
    answer.insert("status".into(), json!(done.as_ref().map_or(100, |d| d.0)));
    answer.insert("atomic".into(), json!(atomic));
    if let Some((_, receipts)) = done {
        answer.insert("receipts".into(), Value::Array(receipts));
    }
    Value::Object(answer)
}

/// The receipt fields ERC-5792 lists.
fn receipt_shape(receipt: &Value) -> Value {
    let pick = |name: &str| receipt.get(name).cloned().unwrap_or(Value::Null);
    json!({
        "logs": receipt.get("logs").and_then(Value::as_array).map(|logs| logs.iter().map(|log| json!({
            "address": log.get("address").cloned().unwrap_or(Value::Null),
            "data": log.get("data").cloned().unwrap_or(Value::Null),
            "topics": log.get("topics").cloned().unwrap_or(Value::Null),
        })).collect::<Vec<_>>()).unwrap_or_default(),
        "status": pick("status"),
        "blockHash": pick("blockHash"),
        "blockNumber": pick("blockNumber"),
        "gasUsed": pick("gasUsed"),
        "transactionHash": pick("transactionHash"),
    })
}

/// `wallet_getCapabilities`: `params` is `[address, chainIds?]`; the address must be the
/// wallet's account (4100). Answers, per chain id asked (or `active_chain_id`),
/// `{ atomic: { status } }`: "supported" for a smart account (`atomic`), else "unsupported".
pub fn get_capabilities(
    params: &Value,
    wallet: Address,
    active_chain_id: u64,
    atomic: bool,
) -> Result<Value, SignError> {
    let address = params
        .get(0)
        .ok_or_else(|| SignError::params("wallet_getCapabilities takes [address, chainIds?]"))
        .and_then(|a| address_value(a, "address"))?;
    if address != wallet {
        return Err(SignError::Unauthorized(address.to_checksum(None)));
    }
    let chains = match params.get(1) {
        None | Some(Value::Null) => vec![active_chain_id],
        Some(Value::Array(ids)) => ids
            .iter()
            .map(|id| quantity_u64(id, "chain id"))
            .collect::<Result<Vec<_>, _>>()?,
        Some(_) => return Err(SignError::params("chainIds must be an array")),
    };
    let mut answer = Map::new();
    for chain in chains {
        answer.insert(
            to_quantity(U256::from(chain)),
            json!({ "atomic": { "status": if atomic { "supported" } else { "unsupported" } } }),
        );
    }
    Ok(Value::Object(answer))
}
