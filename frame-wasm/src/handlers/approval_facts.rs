//! What an approval screen shows besides the request itself ([`Facts`]): the network's name and
//! native coin from the page config, and, looked up at once, the sender's balance and the
//! tokens the request moves (JSON-RPC calls to the network, all at once) and their prices in US dollars
//! (frame-host's `POST /v1/fungible/price`).
//!
//! The screen waits for these at most [`LOOKUP_MS`], both lookups running together; what has
//! not answered by then (or failed) is left out, and the screen shows the raw value instead: a
//! base-unit integer, no dollars, no balance and so no balance warning. A bounded short wait
//! rather than a screen that fills in later: the user never reads (or approves) a screen whose
//! rows still move, and the "read to the end" rule measures the final screen.

use std::cell::RefCell;

use oriel_protocol::{ErrorCode, ErrorReply};
use oriel_rpc::{join, join_all, race, Either};
use oriel_signer::sign::{self, ChainReader, Facts, FilledTx, SignRequest};

use crate::{context::Cx, env::Env, network::ChainRpc};

/// How long the approval screen waits for its lookups, at most.
pub(crate) const LOOKUP_MS: u32 = 1_500;

/// The facts to show `request` on network `chain` (CAIP-2), looked up through `rpc` and
/// frame-host within [`LOOKUP_MS`].
pub(crate) async fn look_up<E: Env>(
    cx: &Cx<'_, E>,
    chain: &str,
    rpc: &ChainRpc<'_, E::Rpc>,
    request: &SignRequest<FilledTx>,
) -> Facts {
    let mut facts = Facts::default();
    if let Some(network) = cx.config.networks.iter().find(|n| n.chain_id == chain) {
        facts.network = Some(network.name.clone()).filter(|name| !name.is_empty());
        if let Some(native) = &network.native_currency {
            facts.native = native.clone();
        }
        facts.swap_router = network.swap_router.as_deref().and_then(|r| r.parse().ok());
    }
    let Some(chain_id) = sign::eip155_chain_id(chain) else {
        return facts;
    };
    let lookups = sign::lookups(request, chain_id);
    if lookups.is_empty() {
        return facts;
    }
    let calls = sign::chain_calls(&lookups);
    let ids = sign::price_ids(&lookups, chain_id);
    // The calls run together, each its own JSON-RPC request (a batch would cost the wasm
    // the client's batch code, about 8 KB, for a few calls), beside the price request; what
    // each brings is kept as it arrives, so whatever answered in time counts.
    let late = || Err(ErrorReply::new(ErrorCode::Internal, "no answer in time"));
    let answers = RefCell::new(calls.iter().map(|_| late()).collect::<Vec<_>>());
    let prices = RefCell::new(None);
    let read_chain = join_all(
        calls
            .iter()
            .enumerate()
            .map(|(i, (method, params))| {
                let answers = &answers;
                async move {
                    let answer = rpc.call(method, params.clone()).await;
                    answers.borrow_mut()[i] = answer;
                }
            })
            .collect(),
    );
    let read_prices = async {
        if !ids.is_empty() {
            match cx.api().prices(&ids).await {
                Ok(answer) => *prices.borrow_mut() = Some(answer),
                Err(e) => crate::log::warn(&format!("no prices: {}", e.message)),
            }
        }
    };
    if let Either::Second(()) = race(join(read_chain, read_prices), cx.env.sleep(LOOKUP_MS)).await {
        crate::log::warn("the approval screen's lookups took too long");
    }
    sign::read_chain(&lookups, &answers.into_inner(), &mut facts);
    if let Some(prices) = prices.into_inner() {
        sign::read_prices(&lookups, &prices, &mut facts);
    }
    facts
}
