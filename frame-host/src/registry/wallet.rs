//! [`Wallet`]: one entry of the wallet registry, as the file holds it and `/getWallets`
//! answers it, and the rules an entry must follow.

use oriel_protocol::caip::is_caip2;
use url::Url;

pub(crate) use oriel_protocol::http::wallets::{BadgeType, Wallet, WalletLinks as Links};

/// The `badge_type` query value as a [`BadgeType`].
pub(crate) fn badge_type(value: &str) -> Option<BadgeType> {
    match value {
        "none" => Some(BadgeType::None),
        "certified" => Some(BadgeType::Certified),
        _ => None,
    }
}

/// The rules a registry entry follows, and what `/getWallets` asks of it.
pub(crate) trait WalletRules {
    /// Checks every field of a registry file's entry; the error names the field and what is
    /// wrong with it.
    fn validate(&self) -> Result<(), String>;

    /// Checks every field as [`WalletRules::validate`] does, except that `chains` may be
    /// empty: the WalletConnect registry lists some wallets without their networks.
    fn validate_fields(&self) -> Result<(), String>;

    /// Whether the wallet supports any of `chains`.
    fn supports_any(&self, chains: &[String]) -> bool;
}

impl WalletRules for Wallet {
    fn validate(&self) -> Result<(), String> {
        if self.chains.is_empty() {
            return Err("chains is empty: list at least one CAIP-2 network id".into());
        }
        self.validate_fields()
    }

    fn validate_fields(&self) -> Result<(), String> {
        if !is_wallet_id(&self.id) {
            return Err(format!(
                "invalid id {:?}: expected 64 lowercase hex digits",
                self.id
            ));
        }
        if self.name.trim().is_empty() || self.name.len() > 64 {
            return Err("name must be 1 to 64 characters".into());
        }
        if let Some(rdns) = &self.rdns {
            if !is_rdns(rdns) {
                return Err(format!(
                    "invalid rdns {rdns:?}: expected a reverse domain name such as io.metamask"
                ));
            }
        }
        if !is_image_id(&self.image_id) {
            return Err(format!(
                "invalid image_id {:?}: expected 1 to 64 of a-z, 0-9 and -",
                self.image_id
            ));
        }
        check_https("homepage", Some(&self.homepage))?;
        for chain in &self.chains {
            if !is_caip2(chain) {
                return Err(format!("Invalid CAIP-2 network id: {chain}"));
            }
        }
        for (platform, links) in [("mobile", &self.mobile), ("desktop", &self.desktop)] {
            if let Some(native) = &links.native {
                if !is_native_link(native) {
                    return Err(format!(
                        "invalid {platform}.native {native:?}: expected an app scheme such as metamask://"
                    ));
                }
            }
            check_https(&format!("{platform}.universal"), links.universal.as_ref())?;
        }
        check_https("webapp_link", self.webapp_link.as_ref())?;
        check_https("app_store", self.app_store.as_ref())?;
        check_https("play_store", self.play_store.as_ref())?;
        check_https("chrome_store", self.chrome_store.as_ref())?;
        Ok(())
    }

    fn supports_any(&self, chains: &[String]) -> bool {
        self.chains.iter().any(|c| chains.contains(c))
    }
}

/// A wallet id: 64 lowercase hex digits.
pub(crate) fn is_wallet_id(id: &str) -> bool {
    id.len() == 64 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

pub(super) fn is_image_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b == b'-' || b.is_ascii_lowercase() || b.is_ascii_digit())
}

pub(super) fn is_rdns(rdns: &str) -> bool {
    let labels: Vec<&str> = rdns.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|b| b == b'-' || b.is_ascii_alphanumeric())
        })
}

/// `scheme://…` with an app's own scheme, as [`Url`] parses it, without whitespace: not
/// http(s), and none a browser would run or read in the dapp's page (`javascript:` and the
/// like), since the SDK opens the link there.
pub(super) fn is_native_link(link: &str) -> bool {
    const NOT_APPS: [&str; 8] = [
        "http",
        "https",
        "javascript",
        "vbscript",
        "data",
        "blob",
        "file",
        "about",
    ];
    link.contains("://")
        && !link.contains(char::is_whitespace)
        && Url::parse(link).is_ok_and(|url| !NOT_APPS.contains(&url.scheme()))
}

/// An `https://` URL with a host, as [`Url`] parses it, without whitespace (the parser
/// would escape it) and with the host written (the parser reads `https:///x` as host `x`).
pub(super) fn check_https(field: &str, value: Option<&String>) -> Result<(), String> {
    let valid = |url: &str| {
        url.strip_prefix("https://")
            .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'))
            && !url.contains(char::is_whitespace)
            && Url::parse(url).is_ok_and(|u| u.scheme() == "https" && u.host().is_some())
    };
    match value {
        Some(url) if !valid(url) => {
            Err(format!("invalid {field} {url:?}: expected an https:// URL"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wallet() -> Wallet {
        Wallet {
            id: "a".repeat(64),
            name: "Test Wallet".into(),
            rdns: Some("com.example.wallet".into()),
            image_id: "0f8e-test".into(),
            homepage: "https://wallet.example.com".into(),
            order: 1,
            badge_type: BadgeType::None,
            chains: vec!["eip155:1".into()],
            mobile: Links {
                native: Some("testwallet://".into()),
                universal: Some("https://link.example.com".into()),
            },
            desktop: Links {
                native: None,
                universal: None,
            },
            webapp_link: None,
            app_store: None,
            play_store: None,
            chrome_store: None,
        }
    }

    fn err(change: impl FnOnce(&mut Wallet)) -> String {
        let mut w = wallet();
        change(&mut w);
        w.validate().unwrap_err()
    }

    #[test]
    fn a_valid_wallet_passes() {
        wallet().validate().unwrap();
    }

    #[test]
    fn each_bad_field_is_named() {
        assert!(err(|w| w.id = "A".repeat(64)).starts_with("invalid id"));
        assert!(err(|w| w.id = "ab".into()).starts_with("invalid id"));
        assert_eq!(
            err(|w| w.name = " ".into()),
            "name must be 1 to 64 characters"
        );
        assert!(err(|w| w.rdns = Some("metamask".into())).starts_with("invalid rdns"));
        assert!(err(|w| w.image_id = "A/B".into()).starts_with("invalid image_id"));
        assert!(err(|w| w.homepage = "http://x.com".into()).starts_with("invalid homepage"));
        assert!(err(|w| w.chains.clear()).starts_with("chains is empty"));
        let mut unlisted = wallet();
        unlisted.chains.clear();
        unlisted.validate_fields().unwrap();
        assert_eq!(
            err(|w| w.chains = vec!["eip155".into()]),
            "Invalid CAIP-2 network id: eip155"
        );
        assert!(err(|w| w.mobile.native = Some("https://x.com".into()))
            .starts_with("invalid mobile.native"));
        assert!(
            err(|w| w.desktop.native = Some("nope".into())).starts_with("invalid desktop.native")
        );
        for script in [
            "javascript://%0aalert(1)",
            "JavaScript://x",
            "data://text/html,x",
        ] {
            assert!(
                err(|w| w.mobile.native = Some(script.into())).starts_with("invalid mobile.native")
            );
        }
        assert!(err(|w| w.mobile.universal = Some("wc://x".into()))
            .starts_with("invalid mobile.universal"));
        assert!(
            err(|w| w.chrome_store = Some("https://".into())).starts_with("invalid chrome_store")
        );
    }
}
