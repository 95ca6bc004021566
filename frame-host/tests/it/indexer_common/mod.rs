//! What the indexer tests share: a hardhat node from the checkout's node_modules with the
//! devnet contracts deployed (`devnet/deploy.mjs`), transactions from its unlocked accounts,
//! waiting for the indexer to reach the head, a fresh PostgreSQL schema, and the core
//! scenario both backends run.

#![allow(dead_code, unreachable_pub)]

use std::time::{Duration, Instant};

use oriel_frame_host::{AppState, ChainClient, HttpTransport};
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};

pub const CHAIN: &str = "eip155:31337";
/// Hardhat's unlocked accounts #0 (deployed everything, holds every supply), #1 and #2.
pub const DEPLOYER: &str = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
pub const HOLDER: &str = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
pub const OTHER: &str = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

/// A hardhat node on a free port with the devnet contracts, ended on drop.
pub struct Devnet {
    node: crate::common::devnet::Devnet,
    pub url: String,
    client: ChainClient,
    /// What `deployDevnetContracts` returned.
    pub contracts: Value,
}

impl Devnet {
    pub async fn start() -> Self {
        let node = crate::common::devnet::Devnet::start().await;
        let url = node.url.clone();
        let client = ChainClient::new(vec![url.clone()], HttpTransport::new().unwrap()).unwrap();
        let contracts = node.deploy();
        Self {
            node,
            url,
            client,
            contracts,
        }
    }

    pub async fn rpc(&self, method: &str, params: Value) -> Value {
        self.client
            .request(method, params)
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// The contract of token `i` (0 dUSD 6 decimals, 1 DEV 18, 2 dUSDT 6 without return).
    pub fn token(&self, i: usize) -> String {
        self.contracts["tokens"][i]["address"]
            .as_str()
            .unwrap()
            .to_ascii_lowercase()
    }

    pub fn nft(&self) -> String {
        self.contracts["nft"]["address"]
            .as_str()
            .unwrap()
            .to_ascii_lowercase()
    }

    /// Sends a transaction from unlocked `from` (mined at once); returns its hash.
    pub async fn send(&self, from: &str, to: &str, value: u128, data: &str) -> String {
        let tx = json!([{ "from": from, "to": to, "value": format!("{value:#x}"), "data": data }]);
        let hash = self.rpc("eth_sendTransaction", tx).await;
        let receipt = self.rpc("eth_getTransactionReceipt", json!([hash])).await;
        assert_eq!(receipt["status"], "0x1", "{receipt}");
        hash.as_str().unwrap().to_owned()
    }

    /// Deploys, from unlocked `from`, a `DevToken` (devnet/contracts) named `name` / `symbol`
    /// with `decimals`, its supply of a million whole tokens to `from`; returns its address,
    /// lowercased. A second one named like a devnet token is a counterfeit of it.
    pub async fn deploy_token(&self, from: &str, name: &str, symbol: &str, decimals: u8) -> String {
        let data = self.node.node(
            "const [, name, symbol, decimals] = process.argv.slice(1); \
             const { compileDevnetContracts } = await import('./devnet/compile.mjs'); \
             const { encodeDeployData, parseUnits } = await import('viem'); \
             const { abi, bytecode } = (await compileDevnetContracts()).artifacts.DevToken; \
             const args = [name, symbol, Number(decimals), parseUnits('1000000', Number(decimals))]; \
             console.log(JSON.stringify(encodeDeployData({ abi, bytecode, args })));",
            &[name, symbol, &decimals.to_string()],
        );
        let tx = json!([{ "from": from, "data": data }]);
        let hash = self.rpc("eth_sendTransaction", tx).await;
        let receipt = self.rpc("eth_getTransactionReceipt", json!([hash])).await;
        assert_eq!(receipt["status"], "0x1", "{receipt}");
        receipt["contractAddress"]
            .as_str()
            .unwrap()
            .to_ascii_lowercase()
    }

    /// Lets transactions be sent from `address`, whose key nobody here has (hardhat's
    /// impersonation), with 1 ETH for gas.
    pub async fn impersonate(&self, address: &str) {
        self.rpc("hardhat_impersonateAccount", json!([address]))
            .await;
        self.rpc("hardhat_setBalance", json!([address, "0xde0b6b3a7640000"]))
            .await;
    }

    /// ERC-20 `transfer(to, amount)` from `from`.
    pub async fn transfer(&self, token: &str, from: &str, to: &str, amount: u128) -> String {
        let data = format!("0xa9059cbb{:0>64}{amount:064x}", &to[2..]);
        self.send(from, token, 0, &data).await
    }

    /// Mints the collection's next NFT to `to` (the deployer owns the collection).
    pub async fn mint(&self, to: &str) -> String {
        let data = format!("0x6a627842{:0>64}", &to[2..]);
        self.send(DEPLOYER, &self.nft(), 0, &data).await
    }

    /// ERC-721 `transferFrom(from, to, id)` by `from`.
    pub async fn give_nft(&self, from: &str, to: &str, id: u64) -> String {
        let data = format!("0x23b872dd{:0>64}{:0>64}{id:064x}", &from[2..], &to[2..]);
        self.send(from, &self.nft(), 0, &data).await
    }

    pub async fn head(&self) -> u64 {
        let n = self.rpc("eth_blockNumber", json!([])).await;
        u64::from_str_radix(n.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
    }

    /// Waits until `state`'s database has `chain` indexed up to the head (or fails after
    /// `within`); returns how long it took.
    pub async fn indexed(&self, state: &AppState, chain: &str, within: Duration) -> Duration {
        let head = self.head().await;
        let started = Instant::now();
        while state.indexed_block(chain).await.unwrap() < Some(head) {
            assert!(
                started.elapsed() < within,
                "{chain} not indexed to block {head} within {within:?}: at {:?}",
                state.indexed_block(chain).await.unwrap()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        started.elapsed()
    }
}

/// A fresh schema on the test PostgreSQL (`ORIEL_TEST_POSTGRES_URL`, default
/// `postgres://postgres@127.0.0.1:5432/test`), dropped by [`PgSchema::drop_now`].
pub struct PgSchema {
    admin_url: String,
    pub name: String,
    /// The URL whose connections use the schema.
    pub url: String,
}

impl PgSchema {
    pub async fn create() -> Self {
        let admin_url = std::env::var("ORIEL_TEST_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into());
        let mut conn = PgConnection::connect(&admin_url)
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL is required at {admin_url}: {e}"));
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let name = format!("oriel_indexer_{}_{nanos}", std::process::id());
        sqlx::raw_sql(&format!("CREATE SCHEMA {name}"))
            .execute(&mut conn)
            .await
            .unwrap();
        let sep = if admin_url.contains('?') { '&' } else { '?' };
        let url = format!("{admin_url}{sep}options=-c%20search_path%3D{name}");
        Self {
            admin_url,
            name,
            url,
        }
    }

    /// Runs `sql` in the schema; returns the rows as (text, i64) pairs.
    pub async fn query(&self, sql: &str) -> Vec<(String, i64)> {
        let mut conn = PgConnection::connect(&self.url).await.unwrap();
        sqlx::query_as(sql).fetch_all(&mut conn).await.unwrap()
    }

    pub async fn drop_now(self) {
        let mut conn = PgConnection::connect(&self.admin_url).await.unwrap();
        let sql = format!(
            "SET lock_timeout = '5s'; DROP SCHEMA IF EXISTS {} CASCADE",
            self.name
        );
        sqlx::raw_sql(&sql).execute(&mut conn).await.unwrap();
    }
}

pub mod scenario;
