//! A hardhat node from the checkout's node_modules (`npm ci` first) on a free port, and node
//! scripts against it (the devnet's own `devnet/*.mjs`).

use std::{
    net::TcpListener,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use oriel_frame_host::{ChainClient, HttpTransport};
use serde_json::{json, Value};

/// The checkout's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A hardhat node on a free port, ended on drop.
pub struct Devnet {
    child: Child,
    pub url: String,
}

impl Drop for Devnet {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One JSON-RPC call to `url` with frame-host's own client.
pub async fn rpc(url: &str, method: &str, params: Value) -> Result<Value, oriel_rpc::RpcError> {
    ChainClient::new(vec![url.into()], HttpTransport::new().unwrap())
        .unwrap()
        .request(method, params)
        .await
}

impl Devnet {
    /// Starts the node and waits (at most 60 s) until it answers chain id 31337.
    pub async fn start() -> Self {
        let bin = root().join("node_modules/.bin/hardhat");
        assert!(bin.exists(), "{} is missing: run npm ci", bin.display());
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(bin)
            .args(["--config", "stack/hardhat.config.cjs", "node"])
            .args(["--hostname", "127.0.0.1", "--port", &port.to_string()])
            .current_dir(root())
            .env("HARDHAT_DISABLE_TELEMETRY_PROMPT", "true")
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let devnet = Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if rpc(&devnet.url, "eth_chainId", json!([])).await == Ok(json!("0x7a69")) {
                return devnet;
            }
            assert!(Instant::now() < deadline, "hardhat node did not start");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Runs the ES module `script` with `node`, its `process.argv.slice(1)` being the node's
    /// URL then `args`, from the checkout's root; what it prints, as JSON (`null` for nothing).
    pub fn node(&self, script: &str, args: &[&str]) -> Value {
        let out = Command::new("node")
            .args(["--input-type=module", "-e", script, &self.url])
            .args(args)
            .current_dir(root())
            .stderr(Stdio::inherit())
            .output()
            .unwrap();
        assert!(out.status.success(), "the node script failed: {script}");
        let text = String::from_utf8(out.stdout).unwrap();
        if text.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap()
        }
    }

    /// Deploys the devnet contracts (`devnet/deploy.mjs`) and returns the contracts file's JSON.
    pub fn deploy(&self) -> Value {
        self.node(
            "const [url] = process.argv.slice(1); \
             const m = await import('./devnet/deploy.mjs'); \
             console.log(JSON.stringify(await m.deployDevnetContracts(url)));",
            &[],
        )
    }
}
