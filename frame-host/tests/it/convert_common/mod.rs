//! What the convert tests share: the devnet with Uniswap V2 deployed and the user funded,
//! frame-host reading its contracts file, the contracts' own answers (reserves, the router's
//! amounts, balances) and sending built transactions from unlocked hardhat accounts.

#![allow(dead_code, unreachable_pub)]

use crate::common::{
    devnet::{rpc, Devnet},
    TestApp,
};
use alloy_primitives::{hex, Address, U256};
use alloy_sol_types::{sol, SolCall};
use oriel_frame_host::NetworkConfig;
use serde_json::{json, Value};

sol! {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function token0() external view returns (address);
    function getAmountsOut(uint256 amountIn, address[] path) external view returns (uint256[] amounts);
    function balanceOf(address owner) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) external payable returns (uint256[] amounts);
}

pub const CHAIN: &str = "eip155:31337";
pub const ETH: &str = "eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
/// Hardhat's accounts #3 and #4 (unlocked on the node): the user, and a trader who moves the
/// market under the user's feet.
pub const USER: &str = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
pub const TRADER: &str = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

/// The devnet, its contracts file's JSON and frame-host reading that file.
pub struct Setup {
    pub devnet: Devnet,
    pub contracts: Value,
    pub app: TestApp,
    _file: tempfile::NamedTempFile,
}

impl Setup {
    /// Deploys, funds [`USER`] from the faucet (10 ETH, 1000 dUSD, 100 DEV, 1000 dUSDT) and
    /// starts frame-host on the contracts file.
    pub async fn start() -> Self {
        let devnet = Devnet::start().await;
        let contracts = devnet.node(
            "const [url, address] = process.argv.slice(1); \
             const m = await import('./devnet/deploy.mjs'); \
             const c = await m.deployDevnetContracts(url); \
             await m.fund(url, c, address); \
             console.log(JSON.stringify(c));",
            &[USER],
        );
        let file = crate::common::json_file(&contracts);
        let (url, path) = (devnet.url.clone(), file.path().to_path_buf());
        let app = TestApp::with(move |c| {
            c.networks = vec![NetworkConfig {
                chain_id: CHAIN.into(),
                rpc_urls: vec![url],
                ..NetworkConfig::default()
            }];
            c.devnet_contracts = Some(path);
        })
        .await;
        Self {
            devnet,
            contracts,
            app,
            _file: file,
        }
    }

    pub fn address(&self, pointer: &str) -> Address {
        self.contracts
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no {pointer} in the contracts file"))
            .parse()
            .unwrap()
    }

    /// The devnet token `symbol`'s contract.
    pub fn token(&self, symbol: &str) -> Address {
        let i = ["dUSD", "DEV", "dUSDT"]
            .iter()
            .position(|s| *s == symbol)
            .unwrap();
        self.address(&format!("/tokens/{i}/address"))
    }

    /// The pool of `symbol` against WETH.
    pub fn pair(&self, symbol: &str) -> Address {
        let i = ["dUSD", "DEV", "dUSDT"]
            .iter()
            .position(|s| *s == symbol)
            .unwrap();
        self.address(&format!("/uniswapV2/pairs/{i}/pair"))
    }

    /// `eth_call` of `call` on `to`.
    pub async fn call<C: SolCall>(&self, to: Address, call: C) -> C::Return {
        let tx = json!([{ "to": to.to_string(), "data": hex::encode_prefixed(call.abi_encode()) }, "latest"]);
        let result = rpc(&self.devnet.url, "eth_call", tx).await.unwrap();
        C::abi_decode_returns(&hex::decode(result.as_str().unwrap()).unwrap()).unwrap()
    }

    pub async fn balance(&self, token: Address, owner: &str) -> U256 {
        self.call(
            token,
            balanceOfCall {
                owner: owner.parse().unwrap(),
            },
        )
        .await
    }

    pub async fn ether(&self, owner: &str) -> U256 {
        let r = rpc(&self.devnet.url, "eth_getBalance", json!([owner, "latest"])).await;
        quantity(&r.unwrap())
    }

    /// The reserves of `symbol`'s pool as (WETH, token).
    pub async fn reserves(&self, symbol: &str) -> (U256, U256) {
        let pair = self.pair(symbol);
        let r = self.call(pair, getReservesCall {}).await;
        let token0 = self.call(pair, token0Call {}).await;
        let (r0, r1) = (U256::from(r.reserve0), U256::from(r.reserve1));
        if token0 == self.address("/uniswapV2/weth") {
            (r0, r1)
        } else {
            (r1, r0)
        }
    }

    pub async fn get(&self, uri: &str) -> Value {
        let r = self.app.get(uri).await;
        assert_eq!(r.status, 200, "{uri}: {}", r.body);
        r.json()
    }

    pub async fn quote(&self, from: &str, to: &str, amount: U256) -> Value {
        let uri = format!(
            "/v1/convert/quotes?projectId=demo&amount={amount}&userAddress={CHAIN}:{USER}&from={from}&to={to}&gasPrice=1000000000"
        );
        self.get(&uri).await["quotes"][0].clone()
    }

    pub async fn build(
        &self,
        user: &str,
        from: &str,
        to: &str,
        amount: U256,
        slippage: Value,
    ) -> crate::common::Reply {
        let body = json!({
            "amount": amount.to_string(),
            "eip155": { "slippage": slippage },
            "from": from,
            "to": to,
            "userAddress": format!("{CHAIN}:{user}"),
        });
        self.app
            .post("/v1/convert/build-transaction?projectId=demo", body)
            .await
    }

    /// Sends a built `tx` from `from` (unlocked on the node) with its gas estimate; the
    /// receipt, or the node's error when it reverts.
    pub async fn send(&self, from: &str, tx: &Value) -> Result<Value, String> {
        let plain = |caip: &Value| {
            caip.as_str()
                .unwrap()
                .rsplit(':')
                .next()
                .unwrap()
                .to_owned()
        };
        assert_eq!(plain(&tx["from"]).to_lowercase(), from.to_lowercase());
        let value: U256 = tx["value"].as_str().unwrap().parse().unwrap();
        let mut call = json!({
            "from": from,
            "to": plain(&tx["to"]),
            "data": tx["data"],
            "value": format!("{value:#x}"),
        });
        if let Some(gas) = tx["eip155"]["gas"].as_str() {
            call["gas"] = json!(format!("{:#x}", gas.parse::<U256>().unwrap()));
        }
        let hash = rpc(&self.devnet.url, "eth_sendTransaction", json!([call]))
            .await
            .map_err(|e| e.to_string())?;
        let receipt = rpc(&self.devnet.url, "eth_getTransactionReceipt", json!([hash]))
            .await
            .unwrap();
        assert_eq!(receipt["status"], "0x1", "{receipt}");
        Ok(receipt)
    }

    pub fn caip(&self, address: Address) -> String {
        format!("{CHAIN}:{}", address.to_string().to_lowercase())
    }
}

pub fn quantity(value: &Value) -> U256 {
    U256::from_str_radix(value.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

pub fn amount(value: &Value) -> U256 {
    value.as_str().unwrap().parse().unwrap()
}

/// Uniswap V2's `getAmountOut`: the 0.3% fee, then the constant product.
pub fn amount_out(amount_in: U256, reserve_in: U256, reserve_out: U256) -> U256 {
    let with_fee = amount_in * U256::from(997);
    with_fee * reserve_out / (reserve_in * U256::from(1000) + with_fee)
}

/// `n` whole tokens of `decimals`.
pub fn units(n: u64, decimals: u32) -> U256 {
    U256::from(n) * U256::from(10).pow(U256::from(decimals))
}
