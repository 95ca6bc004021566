//! [`Exchanges`]: the exchange of each swap network (its router, factory and wrapped native
//! coin, over the network's RPC client) and what the convert API reads from it: the best
//! route's amounts (`getAmountsOut`), pairs and their reserves, allowances.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use alloy_primitives::{Address, U256};
use oriel_rpc::RpcError;
use serde_json::Value;

use super::ExchangeConfig;
use super::{
    abi::{self, allowanceCall, getAmountsOutCall, getPairCall, getReservesCall, WETHCall},
    error::ConvertError,
    params::Asset,
};
use crate::chain::{ChainClient, Chains};

/// Pairs remembered per exchange; past that the memory starts over.
const MAX_PAIRS: usize = 10_000;

/// The exchanges of the swap networks, by CAIP-2 id.
#[derive(Default)]
pub(crate) struct Exchanges {
    by_chain: HashMap<String, Exchange>,
}

impl std::fmt::Debug for Exchanges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Exchanges")
            .field("networks", &self.by_chain.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Exchanges {
    /// One per configured exchange (the config check made sure each is on a network with a
    /// client and has valid addresses).
    pub(crate) fn new(configs: &[ExchangeConfig], chains: &Chains) -> Self {
        let parse = |a: &str| a.to_ascii_lowercase().parse::<Address>().ok();
        let by_chain = configs
            .iter()
            .filter_map(|c| {
                let exchange = Exchange {
                    client: chains.get(&c.chain_id)?,
                    router: parse(&c.router)?,
                    factory: parse(&c.factory)?,
                    weth: Mutex::new(c.weth.as_deref().and_then(parse)),
                    pairs: Mutex::default(),
                };
                Some((c.chain_id.clone(), exchange))
            })
            .collect();
        Self { by_chain }
    }

    /// The exchange of `chain_id`, or 'Network not supported for Swaps'.
    pub(crate) fn get(&self, chain_id: &str) -> Result<&Exchange, ConvertError> {
        self.by_chain
            .get(chain_id)
            .ok_or(ConvertError::SwapsNotSupported)
    }
}

/// One network's exchange.
pub(crate) struct Exchange {
    pub(crate) client: Arc<ChainClient>,
    pub(crate) router: Address,
    factory: Address,
    /// The wrapped native coin: configured, or read once from the router.
    weth: Mutex<Option<Address>>,
    /// Pairs found so far, by their two tokens in ascending order (a pair never moves).
    pairs: Mutex<HashMap<(Address, Address), Address>>,
}

/// The path a swap takes and the router's amounts along it (`amounts[0]` the input, the
/// last the output).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Route {
    pub(crate) path: Vec<Address>,
    pub(crate) amounts: Vec<U256>,
}

impl Route {
    /// What the swap pays out.
    pub(crate) fn out(&self) -> U256 {
        self.amounts.last().copied().unwrap_or_default()
    }
}

impl Exchange {
    /// The wrapped native coin the router trades the native coin as.
    pub(crate) async fn weth(&self) -> Result<Address, ConvertError> {
        if let Some(weth) = *self.weth.lock().unwrap_or_else(PoisonError::into_inner) {
            return Ok(weth);
        }
        let (method, params) = abi::eth_call(self.router, &WETHCall {});
        let result = self.client.request(&method, params).await?;
        let weth = abi::decode::<WETHCall>(&result, "eth_call WETH")?;
        *self.weth.lock().unwrap_or_else(PoisonError::into_inner) = Some(weth);
        Ok(weth)
    }

    /// The address the router trades `asset` as.
    pub(crate) async fn on_router(&self, asset: Asset) -> Result<Address, ConvertError> {
        match asset {
            Asset::Native => self.weth().await,
            Asset::Erc20(address) => Ok(address),
        }
    }

    /// The best route for `amount` of `from` into `to` (addresses as the router trades them):
    /// the router's `getAmountsOut` over the direct path and the path through the wrapped
    /// native coin, in one batch; the larger output wins, the shorter path on a tie. `None`
    /// when no path has pools (every call reverts).
    pub(crate) async fn best_route(
        &self,
        amount: U256,
        from: Address,
        to: Address,
    ) -> Result<Option<Route>, ConvertError> {
        let weth = self.weth().await?;
        let mut paths = vec![vec![from, to]];
        if from != weth && to != weth {
            paths.push(vec![from, weth, to]);
        }
        let calls: Vec<(String, Value)> = paths
            .iter()
            .map(|path| {
                let call = getAmountsOutCall {
                    amountIn: amount,
                    path: path.clone(),
                };
                abi::eth_call(self.router, &call)
            })
            .collect();
        let outcomes = self.client.batch(&calls).await?;
        let mut best: Option<Route> = None;
        for (path, outcome) in paths.into_iter().zip(outcomes) {
            // A path without pools, or with an empty one, reverts: it is no route.
            let result = match outcome {
                Ok(result) => result,
                Err(RpcError::Rpc { .. }) => continue,
                Err(e) => return Err(e.into()),
            };
            let amounts = abi::decode::<getAmountsOutCall>(&result, "eth_call getAmountsOut")?;
            let route = Route { path, amounts };
            if best.as_ref().is_none_or(|b| route.out() > b.out()) {
                best = Some(route);
            }
        }
        Ok(best)
    }

    /// The pair of each `(a, b)`, `None` where the factory has none; unknown pairs are asked
    /// in one batch and remembered.
    pub(crate) async fn pairs(
        &self,
        hops: &[(Address, Address)],
    ) -> Result<Vec<Option<Address>>, ConvertError> {
        let key = |&(a, b): &(Address, Address)| if a < b { (a, b) } else { (b, a) };
        let known: Vec<Option<Address>> = {
            let pairs = self.pairs.lock().unwrap_or_else(PoisonError::into_inner);
            hops.iter().map(|h| pairs.get(&key(h)).copied()).collect()
        };
        let unknown: Vec<(Address, Address)> = hops
            .iter()
            .zip(&known)
            .filter(|(_, k)| k.is_none())
            .map(|(h, _)| key(h))
            .collect();
        if unknown.is_empty() {
            return Ok(known);
        }
        let calls: Vec<(String, Value)> = unknown
            .iter()
            .map(|&(a, b)| {
                abi::eth_call(
                    self.factory,
                    &getPairCall {
                        tokenA: a,
                        tokenB: b,
                    },
                )
            })
            .collect();
        let outcomes = self.client.batch(&calls).await?;
        let mut found = HashMap::new();
        for (hop, outcome) in unknown.into_iter().zip(outcomes) {
            let pair = abi::decode::<getPairCall>(&outcome?, "eth_call getPair")?;
            if pair != Address::ZERO {
                found.insert(hop, pair);
            }
        }
        let mut pairs = self.pairs.lock().unwrap_or_else(PoisonError::into_inner);
        if pairs.len() + found.len() > MAX_PAIRS {
            pairs.clear();
        }
        pairs.extend(found.iter().map(|(k, v)| (*k, *v)));
        Ok(hops
            .iter()
            .zip(known)
            .map(|(h, k)| k.or_else(|| found.get(&key(h)).copied()))
            .collect())
    }

    /// The reserves along `path`, each hop's (reserve of its input, reserve of its output).
    /// `None` when a hop has no pair.
    pub(crate) async fn reserves(
        &self,
        path: &[Address],
    ) -> Result<Option<Vec<(U256, U256)>>, ConvertError> {
        let hops: Vec<(Address, Address)> = path.windows(2).map(|w| (w[0], w[1])).collect();
        let Some(pairs) = self
            .pairs(&hops)
            .await?
            .into_iter()
            .collect::<Option<Vec<_>>>()
        else {
            return Ok(None);
        };
        let calls: Vec<(String, Value)> = pairs
            .iter()
            .map(|&pair| abi::eth_call(pair, &getReservesCall {}))
            .collect();
        let outcomes = self.client.batch(&calls).await?;
        let mut reserves = Vec::with_capacity(hops.len());
        for ((input, output), outcome) in hops.into_iter().zip(outcomes) {
            let r = abi::decode::<getReservesCall>(&outcome?, "eth_call getReserves")?;
            let (r0, r1) = (U256::from(r.reserve0), U256::from(r.reserve1));
            // token0 is the lower address of the two.
            reserves.push(if input < output { (r0, r1) } else { (r1, r0) });
        }
        Ok(Some(reserves))
    }

    /// How much of `token` the router may move from `owner`.
    pub(crate) async fn allowance(
        &self,
        token: Address,
        owner: Address,
    ) -> Result<U256, ConvertError> {
        let call = allowanceCall {
            owner,
            spender: self.router,
        };
        let (method, params) = abi::eth_call(token, &call);
        let result = self.client.request(&method, params).await?;
        if result.as_str() == Some("0x") {
            return Err(ConvertError::invalid(
                "tokenAddress",
                "no contract at this address",
            ));
        }
        Ok(abi::decode::<allowanceCall>(&result, "eth_call allowance")?)
    }
}
