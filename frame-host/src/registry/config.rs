//! `[walletconnect_registry]`: the public WalletConnect registry (its Explorer API v3) that
//! frame-host copies into its database and serves from `/getWallets` instead of the offline
//! catalogue. Unset, frame-host never calls it.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::types::csp_url;

/// The Explorer API frame-host asks when the config names none.
pub const DEFAULT_EXPLORER_URL: &str = "https://explorer-api.walletconnect.com";

/// The shortest and longest refresh interval, in seconds (a minute, a week).
const REFRESH_SECS: std::ops::RangeInclusive<u64> = 60..=604_800;

/// Where and how often frame-host copies the WalletConnect registry.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct WalletConnectRegistryConfig {
    /// The operator's WalletConnect Cloud (Reown dashboard) project id, sent as `projectId`
    /// (env `ORIEL_WALLETCONNECT_PROJECT_ID`).
    pub project_id: String,
    /// The Explorer API's base URL (`http(s)://host[/path]`, no query).
    #[serde(default = "default_url")]
    pub url: String,
    /// How often the copy is refreshed, in seconds (60 to 604800; default 86400, a day).
    #[serde(default = "default_refresh_secs")]
    pub refresh_secs: u64,
}

impl WalletConnectRegistryConfig {
    /// A config for `project_id` with the default URL and interval.
    pub fn new(project_id: &str) -> Self {
        Self {
            project_id: project_id.into(),
            url: default_url(),
            refresh_secs: default_refresh_secs(),
        }
    }

    /// The base URL without a trailing slash.
    pub(crate) fn base(&self) -> &str {
        self.url.trim_end_matches('/')
    }

    /// Checks the project id (1 to 64 ASCII letters and digits), the URL and the interval.
    pub(crate) fn validate(&self) -> Result<()> {
        let invalid = |reason: String| Err(Error::InvalidWalletConnectRegistry(reason));
        let id = &self.project_id;
        if !(1..=64).contains(&id.len()) || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return invalid(format!(
                "project_id {id:?} must be 1 to 64 ASCII letters and digits"
            ));
        }
        let url = csp_url(&self.url, &["http", "https"]);
        if url.is_none_or(|u| u.query().is_some() || u.fragment().is_some()) {
            return invalid(format!(
                "url {:?} must be an http(s) URL without credentials, query or fragment, \
                 such as {DEFAULT_EXPLORER_URL}",
                self.url
            ));
        }
        if !REFRESH_SECS.contains(&self.refresh_secs) {
            return invalid(format!(
                "refresh_secs {} must be {} to {}",
                self.refresh_secs,
                REFRESH_SECS.start(),
                REFRESH_SECS.end()
            ));
        }
        Ok(())
    }
}

fn default_url() -> String {
    DEFAULT_EXPLORER_URL.into()
}

fn default_refresh_secs() -> u64 {
    86_400
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(change: impl FnOnce(&mut WalletConnectRegistryConfig)) -> String {
        let mut c = WalletConnectRegistryConfig::new("0123456789abcdef0123456789abcdef");
        change(&mut c);
        c.validate().unwrap_err().to_string()
    }

    #[test]
    fn defaults_are_the_public_api_daily() {
        let c = WalletConnectRegistryConfig::new("abc123");
        assert_eq!(c.url, "https://explorer-api.walletconnect.com");
        assert_eq!(c.refresh_secs, 86_400);
        c.validate().unwrap();
    }

    #[test]
    fn each_bad_value_is_named() {
        assert_eq!(
            err(|c| c.project_id = "a&b".into()),
            "invalid walletconnect_registry: project_id \"a&b\" must be 1 to 64 ASCII letters and digits"
        );
        assert!(err(|c| c.project_id.clear()).contains("project_id \"\""));
        assert!(err(|c| c.url = "ftp://x.com".into()).contains("url \"ftp://x.com\" must be"));
        assert!(err(|c| c.url = "https://x.com/?a=1".into()).contains("url"));
        assert!(err(|c| c.url = "https://u:p@x.com".into()).contains("url"));
        assert_eq!(
            err(|c| c.refresh_secs = 59),
            "invalid walletconnect_registry: refresh_secs 59 must be 60 to 604800"
        );
    }

    /// The config from a file with `text` and the environment `vars`.
    fn load(text: &str, vars: &[(&str, &str)]) -> Result<crate::Config> {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), text).unwrap();
        let path = file.path().to_str().unwrap().to_owned();
        let names_mode = text.contains("mode =") || vars.iter().any(|(k, _)| *k == "ORIEL_MODE");
        crate::Config::load_with(|name| match name {
            "ORIEL_CONFIG" => Some(path.clone()),
            // Dev mode, unless the test names a mode.
            "ORIEL_MODE" if !names_mode => Some("dev".to_owned()),
            _ => vars
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string()),
        })
    }

    #[test]
    fn unset_by_default_set_from_a_file_or_the_environment() {
        assert_eq!(load("", &[]).unwrap().walletconnect_registry, None);
        let table = "[walletconnect_registry]\nproject_id = \"abc\"\nrefresh_secs = 3600\n";
        let c = load(table, &[]).unwrap().walletconnect_registry.unwrap();
        assert_eq!((c.project_id.as_str(), c.refresh_secs), ("abc", 3600));
        assert_eq!(c.url, DEFAULT_EXPLORER_URL);
        // The environment's project id replaces the file's and keeps its other keys.
        let env = [("ORIEL_WALLETCONNECT_PROJECT_ID", "fromenv")];
        let c = load(table, &env).unwrap().walletconnect_registry.unwrap();
        assert_eq!((c.project_id.as_str(), c.refresh_secs), ("fromenv", 3600));
        let c = load("", &env).unwrap().walletconnect_registry.unwrap();
        assert_eq!(c, WalletConnectRegistryConfig::new("fromenv"));
        let e = load("walletconnect_registry = { url = \"https://x.com\" }", &[]).unwrap_err();
        assert!(e.to_string().contains("missing field `project_id`"), "{e}");
        let e = load(
            "walletconnect_registry = { project_id = \"a\", extra = 1 }",
            &[],
        );
        assert!(e.unwrap_err().to_string().contains("unknown field `extra`"));
    }

    #[test]
    fn the_base_has_no_trailing_slash() {
        let mut c = WalletConnectRegistryConfig::new("abc");
        c.url = "http://127.0.0.1:9/explorer/".into();
        assert_eq!(c.base(), "http://127.0.0.1:9/explorer");
    }
}
