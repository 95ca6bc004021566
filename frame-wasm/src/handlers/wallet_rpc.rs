//! `RpcRequest`: the dapp's JSON-RPC calls under the method policy (spec §6, DESIGN.md "How a
//! request flows" 5-6). Safe methods are answered from the wallet's state or passed to the
//! active network's RPC; approval methods go through the signing pipeline (`sign`: parse,
//! prepare, describe, then execute only after the user clicks Approve in the frame's own
//! document); everything else is refused. Where a smart account is in effect, its
//! transactions and call bundles become one user operation each (`operation_call`).

use oriel_protocol::{ErrorReply, Reply, RevealPurpose};
use oriel_signer::sign::{
    self, parse_address,
    smart::{self, SmartAccount},
    Call, CallsRequest, ChainReader, FilledTx, SignError, SignRequest, Summary,
};
use serde_json::{json, Value};

use crate::{
    account_type,
    bundler::Bundler,
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    handlers::approval_facts,
    host::Host,
    network::{check_chain_id, Network},
    policy::{is_solana_read, policy, Policy},
    screen::{Outcome, Screen},
    session::Session,
};

/// How long `eth_sendTransaction` from a smart account waits for its operation to be in a
/// block, to answer the transaction that carried it: 60 reads, a second apart.
const OPERATION_RECEIPT_READS: u32 = 60;
/// Milliseconds between those reads.
const OPERATION_RECEIPT_INTERVAL_MS: u32 = 1000;

/// The state an RPC request reads and changes.
pub(crate) struct Wallet<'a, E: Env> {
    /// The login and the open wallet.
    pub(crate) session: &'a mut Session,
    /// The active network and the chain RPC clients.
    pub(crate) network: &'a mut Network<E::Rpc>,
    /// Who asks, for the approval screen.
    pub(crate) host: &'a Host,
}

/// One JSON-RPC call on network `chain_id` (the active one when `None`). A switch of the
/// active network changes the session the host sees.
pub(crate) async fn rpc_request<E: Env>(
    cx: &Cx<'_, E>,
    mut wallet: Wallet<'_, E>,
    method: String,
    params: String,
    chain_id: Option<String>,
) -> Answer {
    let before = wallet.network.active.clone();
    let reply = answer(cx, &mut wallet, &method, &params, chain_id).await;
    Answer {
        reply: reply.map(|result| Reply::RpcRequest {
            result: result.to_string(),
        }),
        session_changed: wallet.network.active != before,
    }
}

async fn answer<E: Env>(
    cx: &Cx<'_, E>,
    wallet: &mut Wallet<'_, E>,
    method: &str,
    params: &str,
    chain_id: Option<String>,
) -> Result<Value> {
    wallet.session.wallet()?;
    let chain = match chain_id {
        Some(chain) => {
            check_chain_id(&chain)?;
            chain
        }
        None => wallet.network.active.clone(),
    };
    let params: Value = if params.trim().is_empty() {
        json!([])
    } else {
        serde_json::from_str(params).map_err(|e| Error::ParamsNotJson(e.to_string()))?
    };
    match policy(method) {
        None => Err(Error::NotAllowed),
        Some(Policy::Safe) => safe_call(cx, wallet, method, params, &chain).await,
        Some(Policy::Approval) => approval_call(cx, wallet, method, params, &chain).await,
    }
}

/// The eip155 account in effect on `chain`: the smart account's, else the key's.
fn evm_address<E: Env>(cx: &Cx<'_, E>, session: &Session, chain: &str) -> Result<String> {
    let key = &session.wallet()?.wallet.addresses().eip155;
    Ok(session
        .smart_account(cx, chain)
        .map_or_else(|| key.clone(), |a| a.address.to_checksum(None)))
}

/// The bundler of `chain` for this session (frame-host's pass-through).
async fn bundler<'a, E: Env>(
    cx: &'a Cx<'_, E>,
    session: &mut Session,
    chain: &str,
) -> Result<Bundler<'a, E>> {
    Ok(Bundler {
        api: cx.api(),
        access: session.access_token(cx).await?,
        chain: chain.to_owned(),
    })
}

async fn safe_call<E: Env>(
    cx: &Cx<'_, E>,
    wallet: &mut Wallet<'_, E>,
    method: &str,
    params: Value,
    chain: &str,
) -> Result<Value> {
    let eip155_id = sign::eip155_chain_id(chain);
    let not_evm = || Error::NotEvm(chain.to_owned());
    // Each chain family's reads go to its own networks' RPC only.
    let solana = chain.starts_with("solana:");
    if is_solana_read(method) && !solana {
        return Err(Error::NotSolana(chain.to_owned()));
    }
    if method.starts_with("eth_") && solana {
        return Err(not_evm());
    }
    match method {
        "eth_accounts" | "eth_requestAccounts" => {
            Ok(json!([evm_address(cx, wallet.session, chain)?]))
        }
        "eth_chainId" => eip155_id
            .map(|id| json!(format!("{id:#x}")))
            .ok_or_else(not_evm),
        "net_version" => eip155_id
            .map(|id| json!(id.to_string()))
            .ok_or_else(not_evm),
        "wallet_switchEthereumChain" => {
            let id = sign::parse_switch_chain(&params)?;
            wallet
                .network
                .switch_to_configured(&format!("eip155:{id}"))?;
            Ok(Value::Null)
        }
        "wallet_addEthereumChain" => {
            let add = sign::parse_add_chain(&params)?;
            // The frame reaches only the networks its operator configured (and its CSP
            // allows); a dapp cannot add endpoints. A known network is simply selected.
            wallet
                .network
                .switch_to_configured(&format!("eip155:{}", add.chain_id))
                .map_err(|_| Error::ChainNotAddable)?;
            Ok(Value::Null)
        }
        "wallet_getCapabilities" => {
            let address = parse_address(&evm_address(cx, wallet.session, chain)?)?;
            let id = eip155_id.ok_or_else(not_evm)?;
            let atomic = wallet.session.smart_account(cx, chain).is_some();
            Ok(sign::get_capabilities(&params, address, id, atomic)?)
        }
        "wallet_getCallsStatus" => {
            let bundler = bundler(cx, wallet.session, chain).await?;
            let rpc = wallet.network.rpc(chain);
            let calls = &wallet.session.wallet()?.calls;
            Ok(calls.get_calls_status(&params, &rpc, &bundler).await?)
        }
        "wallet_getAssets" => native_assets(cx, wallet, chain).await,
        _ => Ok(wallet.network.rpc(chain).call(method, params).await?),
    }
}

/// `wallet_getAssets` for the native token of the active network (spec §3 "Asset from
/// wallet"): `{ "0x…chain": [{ address, balance, type, metadata }] }`.
async fn native_assets<E: Env>(
    cx: &Cx<'_, E>,
    wallet: &Wallet<'_, E>,
    chain: &str,
) -> Result<Value> {
    let id = sign::eip155_chain_id(chain).ok_or_else(|| Error::NotEvm(chain.to_owned()))?;
    let address = evm_address(cx, wallet.session, chain)?;
    let balance = wallet
        .network
        .rpc(chain)
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

/// The signing pipeline: parse, prepare (a transaction is filled once, here, so the screen
/// shows the fees the user signs), look up what the screen shows besides (balance, tokens,
/// prices), describe, and execute once the user approved; a failure after Approve is shown in
/// the frame (`Screen::Failure`) before the dapp gets it.
async fn approval_call<E: Env>(
    cx: &Cx<'_, E>,
    wallet: &mut Wallet<'_, E>,
    method: &str,
    params: Value,
    chain: &str,
) -> Result<Value> {
    let unlocked = wallet.session.wallet()?;
    let smart = wallet.session.smart_account(cx, chain);
    // A smart account's requests name its address, which the checks then expect.
    let mut addresses = unlocked.wallet.addresses().clone();
    if let Some(account) = smart {
        addresses.eip155 = account.address.to_checksum(None);
    }
    let request = sign::parse(method, &params, &addresses)?;
    let is_message = matches!(
        request,
        SignRequest::PersonalSign { .. } | SignRequest::TypedData(_)
    );
    // A smart account signs messages here, after the same approval as the key's.
    let signer = match smart {
        Some(account) if !is_message => {
            return operation_call(cx, wallet, request, account, chain).await
        }
        Some(account) => Some(AccountSigner {
            account,
            contracts: account_type::contracts(cx.config, chain)
                .ok_or_else(|| Error::NoSmartAccounts(chain.to_owned()))?,
            chain_id: sign::eip155_chain_id(chain)
                .ok_or_else(|| Error::NotEvm(chain.to_owned()))?,
        }),
        None => None,
    };
    let rpc = wallet.network.rpc(chain);
    if let SignRequest::SendTransaction(_) = &request {
        sign::eip155_chain_id(chain).ok_or_else(|| Error::NotEvm(chain.to_owned()))?;
        rpc.0.as_ref().map_err(Clone::clone)?;
    }
    let request = sign::prepare(request, chain, &rpc).await?;
    let facts = approval_facts::look_up(cx, chain, &rpc, &request).await;
    approve(cx, wallet.host, &sign::describe(&request, &facts)).await?;
    let Some(unlocked) = wallet.session.unlocked.as_mut() else {
        return Err(Error::NotConnected);
    };
    let result = match &signer {
        Some(signer) => signer.sign(&request, &unlocked.wallet, &rpc).await,
        None => sign::execute(&request, &unlocked.wallet, chain, &rpc, &mut unlocked.calls).await,
    };
    if result.is_ok() && matches!(request, SignRequest::SendCalls(_)) {
        wallet.session.save_calls(cx);
    }
    match result {
        Ok(result) => Ok(result),
        Err(error) => Err(failed(cx, &request, error).await),
    }
}

/// A smart account that signs a message, on the network of `chain_id`.
struct AccountSigner {
    account: SmartAccount,
    contracts: smart::Contracts,
    chain_id: u64,
}

impl AccountSigner {
    /// The message of `request`, which the user approved, signed by the account: an ERC-1271
    /// signature (ERC-6492 while it is not deployed) of its EIP-191 or EIP-712 hash.
    async fn sign(
        &self,
        request: &SignRequest<FilledTx>,
        wallet: &oriel_signer::keys::UnlockedWallet,
        rpc: &impl sign::ChainReader,
    ) -> std::result::Result<Value, SignError> {
        let hash = sign::message_hash(request, self.chain_id)?;
        let signature = smart::sign_message(
            wallet,
            &self.contracts,
            &self.account,
            self.chain_id,
            &hash,
            rpc,
        )
        .await?;
        Ok(json!(sign::to_hex(&signature)))
    }
}

/// Shows `summary` for approval in the frame; `Ok` once the user approved.
async fn approve<E: Env>(cx: &Cx<'_, E>, host: &Host, summary: &Summary) -> Result<()> {
    let requester = host.requester(cx.site);
    cx.reveal(RevealPurpose::Approval);
    let screen = Screen::Approval {
        summary,
        requester: &requester,
    };
    match cx.env.present(screen).await {
        Outcome::Approved => Ok(()),
        Outcome::Rejected => Err(Error::UserRejected),
        Outcome::Aborted => Err(Error::Aborted),
    }
}

/// A request that failed after Approve: the user sees why in the frame, until Close (or
/// Escape, or the host giving up); the dapp then gets the error as it always has.
async fn failed<E: Env>(
    cx: &Cx<'_, E>,
    request: &SignRequest<FilledTx>,
    error: SignError,
) -> Error {
    let reply = ErrorReply::from(error);
    let failure = sign::failure(request, &reply);
    cx.env.present(Screen::Failure(&failure)).await;
    Error::Reply(reply)
}

/// A smart account's transaction or call bundle as one user operation: checked, prepared
/// (nonce, deployment, fees and gas; so the screen shows the most it can cost), approved in
/// the frame, then signed and sent to the bundler. `wallet_sendCalls` answers `{ id }` at once;
/// `eth_sendTransaction` answers the hash of the transaction that carried the operation, once
/// it is in a block.
async fn operation_call<E: Env>(
    cx: &Cx<'_, E>,
    wallet: &mut Wallet<'_, E>,
    request: SignRequest,
    account: SmartAccount,
    chain: &str,
) -> Result<Value> {
    let chain_id = sign::eip155_chain_id(chain).ok_or_else(|| Error::NotEvm(chain.to_owned()))?;
    let contracts = account_type::contracts(cx.config, chain)
        .ok_or_else(|| Error::NoSmartAccounts(chain.to_owned()))?;
    let is_bundle = matches!(request, SignRequest::SendCalls(_));
    let (title, calls) = match request {
        SignRequest::SendTransaction(tx) => {
            if let Some(requested) = tx.chain_id.filter(|id| *id != chain_id) {
                return Err(SignError::ChainMismatch {
                    requested: format!("eip155:{requested}"),
                    active: chain.to_owned(),
                }
                .into());
            }
            let to = tx.to.ok_or(SignError::SmartAccountCreate)?;
            let call = Call {
                to,
                data: tx.data,
                value: tx.value,
            };
            (
                "Send transaction",
                CallsRequest::one(call, tx.from, chain_id),
            )
        }
        SignRequest::SendCalls(calls) if calls.chain_id != chain_id => {
            return Err(SignError::UnsupportedChainId(format!("{:#x}", calls.chain_id)).into())
        }
        SignRequest::SendCalls(calls) => ("Send calls", calls),
        _ => {
            return Err(SignError::ChainMismatch {
                requested: "solana".to_owned(),
                active: chain.to_owned(),
            }
            .into())
        }
    };
    let unlocked = wallet.session.wallet()?;
    // A call bundle keeps an id for `wallet_getCallsStatus`; a transaction has none.
    let bundle_id = if is_bundle {
        Some(unlocked.calls.new_id(&calls)?)
    } else {
        None
    };
    let owner = parse_address(&unlocked.wallet.addresses().eip155)?;
    let bundler = bundler(cx, wallet.session, chain).await?;
    let rpc = wallet.network.rpc(chain);
    rpc.0.as_ref().map_err(Clone::clone)?;
    let prepared = smart::prepare(
        &contracts,
        &owner,
        &account,
        calls.calls.clone(),
        chain_id,
        &rpc,
        &bundler,
    )
    .await?;
    let summary_calls = calls.clone();
    let shown: SignRequest<FilledTx> = SignRequest::SendCalls(calls);
    let facts = approval_facts::look_up(cx, chain, &rpc, &shown).await;
    let summary = sign::describe_operation(title, &summary_calls, prepared.op.max_cost(), &facts);
    approve(cx, wallet.host, &summary).await?;
    let Some(unlocked) = wallet.session.unlocked.as_mut() else {
        return Err(Error::NotConnected);
    };
    let sent = smart::send(&unlocked.wallet, &prepared, &bundler).await;
    let answer = match (sent, bundle_id) {
        (Ok(hash), Some(id)) => {
            let answer = unlocked.calls.insert_operation(id, chain_id, hash);
            wallet.session.save_calls(cx);
            Ok(answer)
        }
        (Ok(hash), None) => carrier(cx, &bundler, hash).await,
        (Err(error), _) => Err(error),
    };
    match answer {
        Ok(answer) => Ok(answer),
        Err(error) => Err(failed(cx, &shown, error).await),
    }
}

/// The hash of the transaction that carried user operation `hash`, once it is in a block.
async fn carrier<E: Env>(
    cx: &Cx<'_, E>,
    bundler: &Bundler<'_, E>,
    hash: alloy_primitives::B256,
) -> std::result::Result<Value, SignError> {
    for _ in 0..OPERATION_RECEIPT_READS {
        if let Some(receipt) = smart::receipt(bundler, &hash).await? {
            return Ok(json!(sign::to_hex(
                smart::transaction_hash(&receipt)?.as_slice()
            )));
        }
        cx.env.sleep(OPERATION_RECEIPT_INTERVAL_MS).await;
    }
    Err(SignError::OperationPending(sign::to_hex(hash.as_slice())))
}
