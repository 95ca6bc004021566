//! The local Solana cluster (`devnet/solana/server.mjs`, JSON-RPC over litesvm from the
//! checkout's node_modules; `npm ci` first) on a free port.

use std::{
    net::TcpListener,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use serde_json::{json, Value};

use super::devnet::{root, rpc};

/// The local Solana cluster, ended on drop.
pub struct SolanaDevnet {
    child: Child,
    pub url: String,
}

impl Drop for SolanaDevnet {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl SolanaDevnet {
    /// Starts the cluster and waits (at most 30 s) until `getHealth` answers `ok`.
    pub async fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("node")
            .args(["devnet/solana/server.mjs", "--port", &port.to_string()])
            .current_dir(root())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let devnet = Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if rpc(&devnet.url, "getHealth", json!([])).await == Ok(json!("ok")) {
                return devnet;
            }
            assert!(Instant::now() < deadline, "the Solana devnet did not start");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Airdrops `lamports` to `address`.
    pub async fn airdrop(&self, address: &str, lamports: u64) {
        let signature = rpc(&self.url, "requestAirdrop", json!([address, lamports])).await;
        assert!(signature.is_ok_and(|s| s.is_string()));
    }

    /// Mints `amount` dUSDC base units to `address` through the cluster's faucet.
    pub async fn mint_token(&self, address: &str, amount: &str) {
        let reply = reqwest::Client::new()
            .post(format!("{}/faucet/token", self.url))
            .header("content-type", "application/json")
            .body(json!({ "address": address, "amount": amount }).to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status(), 200);
        let body: Value = serde_json::from_str(&reply.text().await.unwrap()).unwrap();
        assert!(body["signature"].is_string(), "{body}");
    }
}
