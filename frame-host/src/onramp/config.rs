//! `[[onramp_providers]]`: the card on-ramp providers frame-host buys through (spec §3, §7, §9).
//! Each speaks a provider API ([`OnrampApi`]); today that is Coinbase Onramp's REST API (v1),
//! which the sandbox provider of `make demo` and the tests speaks too.

use std::{collections::HashSet, fmt};

use base64::Engine;
use serde::Deserialize;

use crate::error::{Error, Result};
use crate::types::csp_url;

/// The most providers.
const MAX_PROVIDERS: usize = 10;

/// The API a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnrampApi {
    /// Coinbase Onramp's REST API (v1): `GET {api_url}/v1/buy/options`, `POST
    /// {api_url}/v1/buy/quote`, `POST {api_url}/v1/token`, `GET
    /// {api_url}/v1/buy/user/{ref}/transactions`, with a CDP API key's EdDSA JWT per request,
    /// and the checkout at `{pay_url}/buy/select-asset?sessionToken=…`.
    Coinbase,
}

/// One on-ramp provider (`[[onramp_providers]]`).
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct OnrampProviderConfig {
    /// Its id in requests (`provider`, `onramp`): 1 to 32 lowercase letters, digits and hyphens.
    pub id: String,
    /// Its name for people (1 to 64 characters).
    pub name: String,
    /// The API it speaks (default `coinbase`).
    #[serde(default = "coinbase")]
    pub api: OnrampApi,
    /// The API's base URL, such as `https://api.developer.coinbase.com/onramp`.
    pub api_url: String,
    /// The checkout's base URL, such as `https://pay.coinbase.com`.
    pub pay_url: String,
    /// The API key's name (CDP: `organizations/{org}/apiKeys/{key}`), the JWT's `kid` and `sub`.
    pub key_name: String,
    /// The API key's Ed25519 secret: base64 of its 32-byte seed, or of the seed and the
    /// public key (64 bytes, as CDP hands it out).
    pub key_secret: String,
    /// The namespaces it delivers to (`eip155`, `solana`; default `["eip155"]`).
    #[serde(default = "default_namespaces")]
    pub namespaces: Vec<String>,
    /// The fees it takes, shown to buyers and used for estimated quotes (default `1-2%`).
    #[serde(default = "default_fee_range")]
    pub fee_range: String,
    /// The buyers' ISO 3166-1 country (default `US`), which the provider's options and quotes
    /// depend on.
    #[serde(default = "default_country")]
    pub country: String,
    /// The buyers' ISO 3166-2 subdivision (the US state; Coinbase needs one for `US`).
    #[serde(default)]
    pub subdivision: Option<String>,
}

impl fmt::Debug for OnrampProviderConfig {
    // The key secret is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnrampProviderConfig")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("api", &self.api)
            .field("api_url", &self.api_url)
            .field("pay_url", &self.pay_url)
            .field("key_name", &self.key_name)
            .field("key_secret", &"<redacted>")
            .field("namespaces", &self.namespaces)
            .field("fee_range", &self.fee_range)
            .field("country", &self.country)
            .field("subdivision", &self.subdivision)
            .finish()
    }
}

fn coinbase() -> OnrampApi {
    OnrampApi::Coinbase
}

fn default_namespaces() -> Vec<String> {
    vec!["eip155".into()]
}

fn default_fee_range() -> String {
    oriel_protocol::http::onramp::DEFAULT_FEE_RANGE.into()
}

fn default_country() -> String {
    "US".into()
}

impl OnrampProviderConfig {
    /// The 32-byte Ed25519 seed of `key_secret`, if it is one (32 bytes, or 64 whose second
    /// half is the seed's public key).
    pub(crate) fn key_seed(&self) -> Option<[u8; 32]> {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(self.key_secret.trim())
            .ok()?;
        let seed: [u8; 32] = bytes.get(..32)?.try_into().ok()?;
        match bytes.len() {
            32 => Some(seed),
            64 => {
                let public = ed25519_dalek::SigningKey::from_bytes(&seed).verifying_key();
                (public.as_bytes() == &bytes[32..]).then_some(seed)
            }
            _ => None,
        }
    }

    /// The top of `fee_range` in percent (`2` for `1-2%`).
    pub(crate) fn max_fee_percent(&self) -> Option<f64> {
        let (low, high) = fee_range(&self.fee_range)?;
        (low <= high).then_some(high)
    }

    /// The URLs frame-host calls or sends buyers to, named for messages.
    pub(crate) fn urls(&self) -> [(&'static str, &str); 2] {
        [("api_url", &self.api_url), ("pay_url", &self.pay_url)]
    }

    fn validate(&self) -> Result<()> {
        let invalid = |reason: String| Error::InvalidOnrampProvider {
            id: self.id.clone(),
            reason,
        };
        let id_ok = (1..=32).contains(&self.id.len())
            && self
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !id_ok {
            return Err(invalid(
                "id must be 1 to 32 lowercase letters, digits and hyphens".into(),
            ));
        }
        let length = self.name.chars().count();
        if !(1..=64).contains(&length) || self.name.chars().any(char::is_control) {
            return Err(invalid(
                "name must be 1 to 64 characters without control characters".into(),
            ));
        }
        for (key, url) in self.urls() {
            let fine = csp_url(url, &["http", "https"])
                .is_some_and(|u| u.query().is_none() && u.fragment().is_none());
            if !fine || url.ends_with('/') {
                return Err(invalid(format!(
                    "{key} {url:?} must be an http(s) URL without credentials, query, fragment \
                     or trailing slash"
                )));
            }
        }
        if !(1..=256).contains(&self.key_name.len())
            || !self.key_name.bytes().all(|b| b.is_ascii_graphic())
        {
            return Err(invalid(
                "key_name must be 1 to 256 visible ASCII characters".into(),
            ));
        }
        if self.key_seed().is_none() {
            return Err(invalid(
                "key_secret must be base64 of an Ed25519 key: its 32-byte seed, or the seed and \
                 its public key (64 bytes)"
                    .into(),
            ));
        }
        let mut seen = HashSet::new();
        if self.namespaces.is_empty() {
            return Err(invalid(
                "namespaces must name eip155, solana or both".into(),
            ));
        }
        for namespace in &self.namespaces {
            if !matches!(namespace.as_str(), "eip155" | "solana") || !seen.insert(namespace) {
                return Err(invalid(format!(
                    "namespaces {namespace:?}: expected eip155 or solana, each once"
                )));
            }
        }
        if self.max_fee_percent().is_none_or(|max| max > 100.0) {
            return Err(invalid(format!(
                "fee_range {:?} must be like 1-2% (low, then high, at most 100)",
                self.fee_range
            )));
        }
        let upper = |text: &str, sizes: std::ops::RangeInclusive<usize>| {
            sizes.contains(&text.len())
                && text
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        };
        if !upper(&self.country, 2..=2) || self.country.bytes().any(|b| b.is_ascii_digit()) {
            return Err(invalid(format!(
                "country {:?} must be an ISO 3166-1 code such as US",
                self.country
            )));
        }
        if let Some(subdivision) = &self.subdivision {
            if !upper(subdivision, 1..=3) {
                return Err(invalid(format!(
                    "subdivision {subdivision:?} must be an ISO 3166-2 code such as NY"
                )));
            }
        }
        Ok(())
    }
}

/// `low-high%` as two percentages.
fn fee_range(text: &str) -> Option<(f64, f64)> {
    let (low, high) = text.strip_suffix('%')?.split_once('-')?;
    let number = |s: &str| {
        let digits = !s.is_empty()
            && s.len() <= 6
            && s.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && !s.starts_with('.')
            && !s.ends_with('.');
        digits.then(|| s.parse::<f64>().ok()).flatten()
    };
    Some((number(low)?, number(high)?))
}

/// Checks every provider and that ids are unique.
pub(crate) fn validate(providers: &[OnrampProviderConfig], per_ip: u32) -> Result<()> {
    if providers.len() > MAX_PROVIDERS {
        return Err(Error::InvalidValue(format!(
            "onramp_providers: at most {MAX_PROVIDERS} entries"
        )));
    }
    let mut ids = HashSet::new();
    for provider in providers {
        provider.validate()?;
        if !ids.insert(provider.id.as_str()) {
            return Err(Error::InvalidOnrampProvider {
                id: provider.id.clone(),
                reason: "listed twice".into(),
            });
        }
    }
    if per_ip == 0 {
        return Err(Error::InvalidValue(
            "onramp_requests_per_ip must be at least 1".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::config::Config;

    fn load(contents: &str) -> Result<Config> {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(contents.as_bytes()).unwrap();
        let path = f.path().to_str().unwrap().to_owned();
        let names_mode = contents.contains("mode =");
        Config::load_with(|name| match name {
            "ORIEL_CONFIG" => Some(path.clone()),
            // Dev mode, unless the file names a mode (the environment would override it).
            "ORIEL_MODE" if !names_mode => Some("dev".to_owned()),
            _ => None,
        })
    }

    /// base64 of the seed [7; 32].
    const SEED: &str = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";

    fn provider(extra: &str) -> String {
        format!(
            "[[onramp_providers]]\nid = \"coinbase\"\nname = \"Coinbase\"\n\
             api_url = \"https://api.developer.coinbase.com/onramp\"\n\
             pay_url = \"https://pay.coinbase.com\"\nkey_name = \"organizations/o/apiKeys/k\"\n\
             key_secret = \"{SEED}\"\n{extra}"
        )
    }

    #[test]
    fn defaults_and_a_provider() {
        let c = Config::dev();
        assert!(c.onramp_providers.is_empty());
        assert_eq!(c.onramp_requests_per_ip, 300);
        let c = load(&provider("")).unwrap();
        let p = &c.onramp_providers[0];
        assert_eq!(
            (p.api, p.namespaces.as_slice()),
            (OnrampApi::Coinbase, &["eip155".to_owned()][..])
        );
        assert_eq!((p.fee_range.as_str(), p.country.as_str()), ("1-2%", "US"));
        assert_eq!(p.max_fee_percent(), Some(2.0));
        assert_eq!(p.key_seed(), Some([7; 32]));
        assert!(
            !format!("{p:?}").contains(SEED),
            "the secret is never printed"
        );
        // CDP's form: the seed, then its public key.
        let public = ed25519_dalek::SigningKey::from_bytes(&[7; 32]).verifying_key();
        let both = base64::engine::general_purpose::STANDARD
            .encode([[7u8; 32].as_slice(), public.as_bytes()].concat());
        let c = load(&provider("").replace(SEED, &both)).unwrap();
        assert_eq!(c.onramp_providers[0].key_seed(), Some([7; 32]));
    }

    #[test]
    fn bad_providers_are_named() {
        let wrong_half = base64::engine::general_purpose::STANDARD.encode([7u8; 64]);
        let cases = [
            (
                provider("").replace("\"coinbase\"", "\"Coin Base\""),
                "id must be 1 to 32 lowercase letters, digits and hyphens",
            ),
            (
                provider("").replace("onramp\"", "onramp/\""),
                "api_url \"https://api.developer.coinbase.com/onramp/\" must be an http(s) URL",
            ),
            (
                provider("").replace("https://pay.coinbase.com", "ftp://pay"),
                "pay_url \"ftp://pay\" must be",
            ),
            (
                provider("").replace(SEED, "c2hvcnQ="),
                "key_secret must be base64 of an Ed25519 key",
            ),
            (
                provider("").replace(SEED, &wrong_half),
                "key_secret must be base64 of an Ed25519 key",
            ),
            (
                provider("namespaces = [\"bip122\"]"),
                "namespaces \"bip122\": expected eip155 or solana",
            ),
            (
                provider("namespaces = []"),
                "namespaces must name eip155, solana or both",
            ),
            (
                provider("fee_range = \"2-1%\""),
                "fee_range \"2-1%\" must be like 1-2%",
            ),
            (
                provider("fee_range = \"cheap\""),
                "fee_range \"cheap\" must be like 1-2%",
            ),
            (
                provider("country = \"usa\""),
                "country \"usa\" must be an ISO 3166-1 code",
            ),
            (
                provider("subdivision = \"new york\""),
                "subdivision \"new york\" must be an ISO 3166-2 code",
            ),
            (
                format!("{}{}", provider(""), provider("")),
                "invalid on-ramp provider coinbase: listed twice",
            ),
            (
                "onramp_requests_per_ip = 0".to_owned(),
                "onramp_requests_per_ip must be at least 1",
            ),
        ];
        for (file, want) in cases {
            let e = load(&file).unwrap_err().to_string();
            assert!(e.contains(want), "{file}\n{e}");
        }
    }
}
