//! `RpcRequest`: the dapp's JSON-RPC calls under the method policy (spec §6, DESIGN.md "How a
//! request flows" 5-6). Safe methods are answered from the wallet's state or passed to the
//! active network's RPC; approval methods go through the signing pipeline (`sign`: parse,
//! prepare, describe, then execute only after the user clicks Approve in the frame's own
//! document); everything else is refused.

use oriel_protocol::{ErrorReply, Reply, RevealPurpose};
use serde_json::{json, Value};

use crate::{
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    handlers::approval_facts,
    host::Host,
    network::{check_chain_id, Network},
    policy::{is_solana_read, policy, Policy},
    screen::{Outcome, Screen},
    session::Session,
    sign::{self, ChainReader, SignRequest},
};

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
        Some(Policy::Safe) => safe_call(wallet, method, params, &chain).await,
        Some(Policy::Approval) => approval_call(cx, wallet, method, params, &chain).await,
    }
}

/// The active eip155 address.
fn evm_address(session: &Session) -> Result<String> {
    Ok(session.wallet()?.wallet.addresses().eip155.clone())
}

async fn safe_call<E: Env>(
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
        "eth_accounts" | "eth_requestAccounts" => Ok(json!([evm_address(wallet.session)?])),
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
            let address = sign::parse_address(&evm_address(wallet.session)?)?;
            let id = eip155_id.ok_or_else(not_evm)?;
            Ok(sign::get_capabilities(&params, address, id)?)
        }
        "wallet_getCallsStatus" => {
            let rpc = wallet.network.rpc(chain);
            let calls = &wallet.session.wallet()?.calls;
            Ok(calls.get_calls_status(&params, &rpc).await?)
        }
        "wallet_getAssets" => native_assets(wallet, chain).await,
        _ => Ok(wallet.network.rpc(chain).call(method, params).await?),
    }
}

/// `wallet_getAssets` for the native token of the active network (spec §3 "Asset from
/// wallet"): `{ "0x…chain": [{ address, balance, type, metadata }] }`.
async fn native_assets<E: Env>(wallet: &Wallet<'_, E>, chain: &str) -> Result<Value> {
    let id = sign::eip155_chain_id(chain).ok_or_else(|| Error::NotEvm(chain.to_owned()))?;
    let address = evm_address(wallet.session)?;
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
    let request = sign::parse(method, &params, unlocked.wallet.addresses())?;
    let rpc = wallet.network.rpc(chain);
    if let SignRequest::SendTransaction(_) = &request {
        sign::eip155_chain_id(chain).ok_or_else(|| Error::NotEvm(chain.to_owned()))?;
        rpc.0.as_ref().map_err(Clone::clone)?;
    }
    let request = sign::prepare(request, chain, &rpc).await?;
    let facts = approval_facts::look_up(cx, chain, &rpc, &request).await;
    let summary = sign::describe(&request, &facts);
    let requester = wallet.host.requester();
    cx.reveal(RevealPurpose::Approval);
    let outcome = cx
        .env
        .present(Screen::Approval {
            summary: &summary,
            requester: &requester,
        })
        .await;
    match outcome {
        Outcome::Approved => {
            let Some(unlocked) = wallet.session.unlocked.as_mut() else {
                return Err(Error::NotConnected);
            };
            let result =
                sign::execute(&request, &unlocked.wallet, chain, &rpc, &mut unlocked.calls).await;
            if result.is_ok() && matches!(request, SignRequest::SendCalls(_)) {
                wallet.session.save_calls(cx);
            }
            match result {
                Ok(result) => Ok(result),
                Err(error) => {
                    // The user sees why in the frame, until Close (or Escape, or the host
                    // giving up); the dapp then gets the error as it always has.
                    let reply = ErrorReply::from(error);
                    let failure = sign::failure(&request, &reply);
                    cx.env.present(Screen::Failure(&failure)).await;
                    Err(Error::Reply(reply))
                }
            }
        }
        Outcome::Rejected => Err(Error::UserRejected),
        Outcome::Aborted => Err(Error::Aborted),
    }
}
