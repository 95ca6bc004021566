//! What each mode refuses. Production (security review W8): settings that only make sense on
//! a developer's machine. Dev (issue 38, M-1): an address others can reach, since the dev
//! mailbox shows every code and approval link, unless `dev_allow_public` says so. frame-host
//! does not start with one, and the message names it.

use std::net::IpAddr;

use url::{Host, Url};

use super::Config;
use crate::error::{Error, Result};
use crate::mail::MailConfig;

impl Config {
    /// The production rules: mail is really sent, frame-host is reached over https, and
    /// neither the frame's CSP nor the embedding allow-lists name plain-http or loopback
    /// addresses (a user's own machine, in a user's browser).
    pub(super) fn check_production(&self) -> Result<()> {
        match self.production_refusals().into_iter().next() {
            Some(refusal) => Err(refusal),
            None => Ok(()),
        }
    }

    /// Every setting production mode refuses (`Error::DevSettingInProduction` each), in the
    /// order the checks run: what `oriel-frame-host check-config` lists.
    pub fn production_refusals(&self) -> Vec<Error> {
        let mut refusals = Vec::new();
        let mut refuse = |setting: String, why: &str| {
            refusals.push(Error::DevSettingInProduction {
                setting,
                why: why.into(),
            });
        };
        if self.mail == MailConfig::DevMailbox {
            refuse(
                "mail".into(),
                "the dev mailbox keeps login codes in the database instead of sending them; \
                 configure [mail] kind = \"smtp\"",
            );
        }
        if !secure_and_public(self.public_url.as_str()) {
            refuse(
                format!("public_url {:?}", self.public_url.as_str()),
                "frame-host must be reached over https at a public address",
            );
        }
        // Every endpoint the frame's CSP names: the networks' RPC URLs, then `rpc_hosts`.
        let network_urls = self.networks.iter().flat_map(|network| {
            network.rpc_urls.iter().map(move |url| {
                (
                    format!("networks {:?} rpc_urls {url:?}", network.chain_id),
                    url,
                )
            })
        });
        let hosts = self
            .rpc_hosts
            .iter()
            .map(|host| (format!("rpc_hosts {host:?}"), host));
        for (setting, url) in network_urls.chain(hosts) {
            if !secure_and_public(url) {
                refuse(
                    setting,
                    "the frame's CSP would let it reach a plain-http or loopback endpoint",
                );
            }
        }
        // frame-host itself reaches the bundlers, with the user operations of real accounts.
        for network in &self.networks {
            if let Some(url) = network
                .bundler_url
                .as_ref()
                .filter(|u| !secure_and_public(u))
            {
                refuse(
                    format!(
                        "networks {:?} bundler_url {:?}",
                        network.chain_id,
                        super::secrets::shown_url(url)
                    ),
                    "user operations would travel over plain http or to a loopback bundler",
                );
            }
        }
        if let Some(path) = &self.devnet_contracts {
            refuse(
                format!("devnet_contracts {path:?}"),
                "the devnet's contracts and faucet are for a developer's machine",
            );
        }
        if let Some(registry) = &self.walletconnect_registry {
            if !secure_and_public(&registry.url) {
                refuse(
                    format!("walletconnect_registry url {:?}", registry.url),
                    "the wallet list and its images would come over plain http or from this machine",
                );
            }
        }
        for (provider, client) in self.social.enabled() {
            for (name, url) in client.urls() {
                if !secure_and_public(url) {
                    refuse(
                        format!("social.{} {name} {url:?}", provider.as_str()),
                        "a social login would go to a plain-http or loopback endpoint",
                    );
                }
            }
        }
        if let Some(farcaster) = &self.farcaster {
            if !secure_and_public(&farcaster.url_base) {
                refuse(
                    format!("farcaster url_base {:?}", farcaster.url_base),
                    "sign-in links would send users to a plain-http or loopback page",
                );
            }
        }
        for provider in &self.onramp_providers {
            for (name, url) in provider.urls() {
                if !secure_and_public(url) {
                    refuse(
                        format!("onramp_providers {:?} {name} {url:?}", provider.id),
                        "purchases would go through a plain-http or loopback provider",
                    );
                }
            }
        }
        for project in &self.projects {
            for origin in &project.allowed_origins {
                if !secure_and_public_origin(origin) {
                    refuse(
                        format!("projects {:?} allowed_origins {origin:?}", project.id),
                        "a plain-http or loopback page could embed the frame",
                    );
                }
            }
        }
        refusals
    }
}

impl Config {
    /// The dev rule: frame-host listens on a loopback address and is reached at one (its
    /// `public_url`), unless the operator set `dev_allow_public`.
    pub(super) fn check_dev(&self) -> Result<()> {
        if self.dev_allow_public {
            return Ok(());
        }
        if !self.listen.ip().to_canonical().is_loopback() {
            return Err(Error::DevModeOnPublicAddress {
                setting: format!("listen {}", self.listen),
            });
        }
        let public_url = Url::parse(self.public_url.as_str());
        let local = public_url.is_ok_and(|url| {
            url.host().is_some_and(|host| match host {
                Host::Ipv4(ip) => ip.is_loopback(),
                Host::Ipv6(ip) => ip.to_canonical().is_loopback(),
                Host::Domain(_) => is_local(&host),
            })
        });
        if !local {
            return Err(Error::DevModeOnPublicAddress {
                setting: format!("public_url {:?}", self.public_url.as_str()),
            });
        }
        Ok(())
    }
}

/// An `https://` or `wss://` URL whose host is not this machine.
fn secure_and_public(url: &str) -> bool {
    Url::parse(url).is_ok_and(|url| {
        matches!(url.scheme(), "https" | "wss") && url.host().is_some_and(|h| !is_local(&h))
    })
}

/// An `https://` origin pattern (`*.` and `:*` wildcards allowed) whose host is not this
/// machine.
fn secure_and_public_origin(pattern: &str) -> bool {
    let Some(rest) = pattern.strip_prefix("https://") else {
        return false;
    };
    let host = match rest.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => rest.split(':').next().unwrap_or_default(),
    };
    let host = host.strip_prefix("*.").unwrap_or(host);
    match host.parse::<IpAddr>() {
        Ok(ip) => !(ip.is_loopback() || ip.is_unspecified()),
        Err(_) => !is_local(&Host::Domain(host)),
    }
}

fn is_local(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(domain) => {
            let domain = domain.to_ascii_lowercase();
            domain == "localhost" || domain.ends_with(".localhost")
        }
        Host::Ipv4(ip) => ip.is_loopback() || ip.is_unspecified(),
        Host::Ipv6(ip) => ip.is_loopback() || ip.is_unspecified(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{NetworkConfig, ProjectConfig};

    /// A production config with nothing to refuse.
    fn production() -> Config {
        Config {
            mode: crate::Mode::Production,
            public_url: "https://wallet.example.com".parse().unwrap(),
            mail: MailConfig::Smtp {
                url: "smtps://mail.example.com".into(),
                from: "Wallet <no-reply@example.com>".into(),
            },
            rpc_hosts: vec!["wss://ws.example.com".into()],
            networks: vec![NetworkConfig {
                chain_id: "eip155:1".into(),
                rpc_urls: vec!["https://rpc.example.com".into()],
                ..NetworkConfig::default()
            }],
            tokens: Vec::new(),
            projects: vec![ProjectConfig {
                id: "shop".into(),
                name: "Shop".into(),
                allowed_origins: vec![
                    "https://shop.example.com".into(),
                    "https://*.example.com:*".into(),
                ],
                analytics: true,
                siwx: true,
            }],
            ..Config::dev()
        }
    }

    fn refusal(change: impl FnOnce(&mut Config)) -> String {
        let mut config = production();
        change(&mut config);
        config.validate().unwrap_err().to_string()
    }

    #[test]
    fn a_production_config_passes() {
        production().validate().unwrap();
    }

    #[test]
    fn each_development_setting_is_refused_by_name() {
        let mail = refusal(|c| c.mail = MailConfig::DevMailbox);
        assert!(mail.contains("development setting mail:"), "{mail}");
        for url in [
            "http://wallet.example.com",
            "https://localhost:8787",
            "https://127.0.0.1",
        ] {
            let e = refusal(|c| c.public_url = url.parse().unwrap());
            assert!(e.contains(&format!("public_url {url:?}")), "{e}");
        }
        for url in [
            "http://rpc.example.com",
            "https://127.0.0.1:8545",
            "https://[::1]:8545",
        ] {
            let e = refusal(|c| c.networks[0].rpc_urls = vec![url.into()]);
            assert!(e.contains(&format!("\"eip155:1\" rpc_urls {url:?}")), "{e}");
            let e = refusal(|c| c.networks[0].bundler_url = Some(url.into()));
            // The bundler's URL as shown: no path or credentials, where its API key sits.
            let shown = super::super::secrets::shown_url(url);
            assert!(
                e.contains(&format!("\"eip155:1\" bundler_url {shown:?}")),
                "{e}"
            );
        }
        let e = refusal(|c| c.devnet_contracts = Some("devnet-contracts.json".into()));
        assert!(
            e.contains("development setting devnet_contracts \"devnet-contracts.json\""),
            "{e}"
        );
        for url in ["http://explorer.example.com", "https://127.0.0.1:9"] {
            let e = refusal(|c| {
                let mut registry = crate::WalletConnectRegistryConfig::new("abc");
                registry.url = url.into();
                c.walletconnect_registry = Some(registry);
            });
            assert!(
                e.contains(&format!("walletconnect_registry url {url:?}")),
                "{e}"
            );
        }
        let e = refusal(|c| c.rpc_hosts = vec!["ws://ws.example.com".into()]);
        assert!(e.contains("rpc_hosts \"ws://ws.example.com\""), "{e}");
        for origin in [
            "http://shop.example.com",
            "https://localhost:5173",
            "https://*.localhost",
            "https://127.0.0.1:*",
        ] {
            let e = refusal(|c| c.projects[0].allowed_origins = vec![origin.into()]);
            assert!(e.contains(&format!("allowed_origins {origin:?}")), "{e}");
        }
    }

    #[test]
    fn dev_mode_keeps_its_conveniences() {
        let mut config = production();
        config.mode = crate::Mode::Dev;
        config.mail = MailConfig::DevMailbox;
        config.public_url = "http://127.0.0.1:8787".parse().unwrap();
        config.networks[0].rpc_urls = vec!["http://127.0.0.1:8545".into()];
        config.projects[0].allowed_origins = vec!["http://localhost:5173".into()];
        config.devnet_contracts = Some("devnet-contracts.json".into());
        config.validate().unwrap();
    }

    /// Issue 38, M-1: dev mode's mailbox shows every code, so it stays on this machine.
    #[test]
    fn dev_mode_refuses_addresses_others_reach_unless_told() {
        let dev = || Config {
            mode: crate::Mode::Dev,
            ..Config::dev()
        };
        dev().validate().unwrap();
        for listen in ["0.0.0.0:8787", "192.0.2.10:8787", "[::]:8787"] {
            let mut config = dev();
            config.listen = listen.parse().unwrap();
            let e = config.validate().unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("dev mode refuses listen {listen}:")),
                "{e}"
            );
            assert!(e.contains("dev_allow_public"), "{e}");
            config.dev_allow_public = true;
            config.validate().unwrap();
        }
        for url in ["https://wallet.example.com", "http://192.0.2.10:8787"] {
            let mut config = dev();
            config.public_url = url.parse().unwrap();
            let e = config.validate().unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("dev mode refuses public_url {url:?}:")),
                "{e}"
            );
            config.dev_allow_public = true;
            config.validate().unwrap();
        }
        for (listen, url) in [
            ("127.0.0.2:8787", "http://localhost:8787"),
            ("[::1]:8787", "http://[::1]:8787"),
            ("127.0.0.1:8787", "http://wallet.localhost:8787"),
        ] {
            let mut config = dev();
            config.listen = listen.parse().unwrap();
            config.public_url = url.parse().unwrap();
            config.validate().unwrap();
        }
    }
}
