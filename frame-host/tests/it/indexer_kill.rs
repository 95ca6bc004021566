//! Two real `oriel-frame-host` processes indexing the devnet into one PostgreSQL: the first
//! holds the chain's lease; SIGKILL it (no shutdown, its connections just drop) and the second
//! takes over within seconds, with every transfer indexed once.

use crate::common;
use crate::indexer_common;

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use indexer_common::{Devnet, PgSchema, DEPLOYER, HOLDER};

/// A frame-host process indexing `devnet` into `database_url`.
struct Instance(Child);

impl Instance {
    fn start(dir: &Path, devnet: &Devnet, database_url: &str) -> Self {
        std::fs::create_dir_all(dir.join("frame")).unwrap();
        // Both processes share the database, so they share the keys (issue 39).
        common::write_keys(
            &dir.join("data"),
            &common::TEST_KEK,
            common::TEST_JWT_PEM,
            common::TEST_SIWX_PEM,
        );
        let config = dir.join("frame-host.toml");
        std::fs::write(
            &config,
            format!(
                "[[networks]]\nchain_id = \"eip155:31337\"\nrpc_urls = [\"{}\"]\n\n\
                 [[indexer]]\nchain_id = \"eip155:31337\"\npoll_ms = 200\n",
                devnet.url
            ),
        )
        .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_oriel-frame-host"))
            .env("ORIEL_CONFIG", &config)
            .env("ORIEL_LISTEN", "127.0.0.1:0")
            .env("ORIEL_DATA_DIR", dir.join("data"))
            .env("ORIEL_FRAME_DIR", dir.join("frame"))
            .env("ORIEL_MODE", "dev")
            .env("ORIEL_LOG", "warn")
            .env("DATABASE_URL", database_url)
            .env_remove("ORIEL_PUBLIC_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the frame-host binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(
            line.starts_with("oriel frame-host listening on"),
            "{line:?}"
        );
        Self(child)
    }

    fn kill(mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until the index reaches the devnet's head; returns how long that took.
async fn indexed(schema: &PgSchema, devnet: &Devnet, within: Duration) -> Duration {
    let head = devnet.head().await as i64;
    let started = Instant::now();
    loop {
        let cursor = schema
            .query("SELECT chain_id, last_block FROM index_cursors")
            .await;
        if cursor.first().is_some_and(|(_, n)| *n >= head) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < within,
            "not indexed to {head} within {within:?}: {cursor:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn holder(schema: &PgSchema) -> String {
    let rows = schema
        .query("SELECT holder, expires_at FROM index_leases")
        .await;
    rows[0].0.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_of_the_lease_holder_hands_the_chain_to_the_other_process() {
    let schema = PgSchema::create().await;
    let devnet = Devnet::start().await;
    let dir = tempfile::tempdir().unwrap();
    let first = Instance::start(&dir.path().join("a"), &devnet, &schema.url);
    indexed(&schema, &devnet, Duration::from_secs(30)).await;
    let first_holder = holder(&schema).await;
    let second = Instance::start(&dir.path().join("b"), &devnet, &schema.url);
    let mut sent = Vec::new();
    for wei in 1..=5 {
        sent.push(devnet.send(DEPLOYER, HOLDER, wei, "0x").await);
    }
    indexed(&schema, &devnet, Duration::from_secs(30)).await;
    assert_eq!(
        holder(&schema).await,
        first_holder,
        "the holder keeps its lease"
    );

    first.kill();
    for wei in 6..=10 {
        sent.push(devnet.send(DEPLOYER, HOLDER, wei, "0x").await);
    }
    let took = indexed(&schema, &devnet, Duration::from_secs(15)).await;
    assert!(took < Duration::from_secs(8), "took over after {took:?}");
    assert_ne!(holder(&schema).await, first_holder);

    let rows = schema
        .query(&format!(
            "SELECT tx_hash, COUNT(*) FROM transfers WHERE to_addr = '{HOLDER}' GROUP BY tx_hash"
        ))
        .await;
    let mut indexed: Vec<(String, i64)> = rows;
    indexed.sort();
    let mut want: Vec<(String, i64)> = sent.iter().map(|h| (h.clone(), 1)).collect();
    want.sort();
    assert_eq!(indexed, want, "every transfer once");
    drop(second);
    schema.drop_now().await;
}
