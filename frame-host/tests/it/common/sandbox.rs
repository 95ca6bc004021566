//! The sandbox on-ramp provider (`stack/onrampSandbox.mjs`, node from the checkout's
//! node_modules: `npm ci` first) on a free port, for a devnet and its contracts file.

use std::{
    io::{BufRead, BufReader},
    path::Path,
    process::{Child, Command, Stdio},
    time::Duration,
};

use oriel_frame_host::OnrampProviderConfig;

use super::devnet::root;

/// The sandbox process, ended on drop (or by [`Sandbox::stop`]).
pub struct Sandbox {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    /// frame-host's `[[onramp_providers]]` entry for it.
    pub provider: OnrampProviderConfig,
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Sandbox {
    /// Starts the sandbox for the devnet at `devnet_url` whose contracts file is `contracts`,
    /// and waits until it prints its URL (at most 60 s: it stocks its treasury first).
    pub fn start(devnet_url: &str, contracts: &Path) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let toml = dir.path().join("onramp.toml");
        let mut child = Command::new("node")
            .arg("stack/onrampSandbox.mjs")
            .args(["--port", "0", "--devnet", devnet_url, "--contracts"])
            .arg(contracts)
            .arg("--toml")
            .arg(&toml)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            let first = lines.next().and_then(Result::ok).unwrap_or_default();
            let _ = tx.send(first);
            lines.for_each(drop);
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the sandbox did not start")
            .trim()
            .to_owned();
        assert!(url.starts_with("http://127.0.0.1:"), "{url:?}");
        #[derive(serde::Deserialize)]
        struct File {
            onramp_providers: Vec<OnrampProviderConfig>,
        }
        let text = std::fs::read_to_string(&toml).unwrap();
        let provider = toml::from_str::<File>(&text)
            .unwrap()
            .onramp_providers
            .remove(0);
        Self {
            child,
            url,
            provider,
        }
    }

    /// Ends the process now.
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
