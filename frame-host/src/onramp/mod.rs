//! The card on-ramp (spec §3, §7, §9): `GET /v1/onramp/options`, `POST /v1/onramp/quote`,
//! `POST /v1/generators/onrampurl` and the purchase history behind the history route's
//! `onramp` parameter, through the operator's providers (`[[onramp_providers]]`, each reached
//! through [`Provider`]).
//!
//! Failures fall back as the spec says: a provider whose options cannot be read (or no
//! provider at all) answers the built-in sample options, labelled `sample`; a provider that
//! cannot quote answers an estimate, labelled `estimated` ([`estimate`]). A checkout cannot
//! be faked: a provider that cannot open one is a 502. Every route is a Blockchain API route
//! (project, `st`/`sv`, origin and CORS) within the client IP's on-ramp budget.

pub(crate) mod amount;
mod cdp_jwt;
mod coinbase;
mod config;
pub(crate) mod estimate;
pub(crate) mod provider;
mod purchases;
pub(crate) mod request;

use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex},
};

use oriel_protocol::http::onramp::{sample_options, OnrampOptions, OnrampProvider};

use crate::{
    clock::Clock,
    error::ApiError,
    keys::Keys,
    limits::{Limit, Limits},
    prices::Prices,
};
pub(crate) use config::validate as validate_providers;
pub use config::{OnrampApi, OnrampProviderConfig};
use provider::Provider;

/// How long a provider's options are reused, milliseconds.
const OPTIONS_TTL_MS: i64 = 10 * 60_000;

/// The configured providers, each with its client and its options as last read, and what
/// the on-ramp routes use besides. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Onramp {
    providers: Arc<[Entry]>,
    keys: Keys,
    prices: Prices,
    clock: Clock,
    limits: Limits,
    /// `onramp_requests_per_ip`.
    requests_per_ip: u32,
}

#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) config: OnrampProviderConfig,
    pub(crate) api: Box<dyn Provider>,
    options: Mutex<Option<(i64, OnrampOptions)>>,
}

impl Onramp {
    /// A client per provider of `configs` (checked by the config's validation).
    pub(crate) fn new(
        configs: &[OnrampProviderConfig],
        requests_per_ip: u32,
        keys: Keys,
        prices: Prices,
        clock: Clock,
        limits: Limits,
    ) -> Result<Self, reqwest::Error> {
        let providers = configs
            .iter()
            .map(|config| {
                let api: Box<dyn Provider> = match config.api {
                    OnrampApi::Coinbase => Box::new(coinbase::Coinbase::new(config)?),
                };
                Ok(Entry {
                    config: config.clone(),
                    api,
                    options: Mutex::default(),
                })
            })
            .collect::<Result<Vec<_>, reqwest::Error>>()?;
        Ok(Self {
            providers: providers.into(),
            keys,
            prices,
            clock,
            limits,
            requests_per_ip,
        })
    }

    pub(crate) fn keys(&self) -> &Keys {
        &self.keys
    }

    pub(crate) fn prices(&self) -> &Prices {
        &self.prices
    }

    pub(crate) fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// On-ramp requests (`/v1/onramp/*`, the URL generator, the purchase history): at most
    /// `onramp_requests_per_ip` per client IP per project per 10 minutes.
    pub(crate) async fn check_limit(&self, ip: IpAddr, project_id: &str) -> Result<(), ApiError> {
        let per_ip = Limit::per_ip_window(
            format!("onramp:{project_id}:{ip}"),
            i64::from(self.requests_per_ip),
        );
        self.limits.hit(&[per_ip]).await
    }

    /// The provider `id`, else the first; `None` when none is configured. An id no provider
    /// has is a 400.
    pub(crate) fn pick(&self, id: Option<&str>) -> Result<Option<&Entry>, ApiError> {
        match id.filter(|id| !id.is_empty()) {
            None => Ok(self.providers.first()),
            Some(id) => self
                .providers
                .iter()
                .find(|p| p.config.id == id)
                .map(Some)
                .ok_or_else(|| {
                    ApiError::InvalidParams(format!(
                        "Unknown on-ramp provider: {}",
                        request::shown(id)
                    ))
                }),
        }
    }

    pub(crate) fn list(&self) -> Vec<OnrampProvider> {
        self.providers
            .iter()
            .map(|p| OnrampProvider {
                id: p.config.id.clone(),
                name: p.config.name.clone(),
                fee_range: p.config.fee_range.clone(),
                namespaces: p.config.namespaces.clone(),
            })
            .collect()
    }
}

impl Entry {
    /// The provider's options (reused for 10 minutes), or the sample options when they
    /// cannot be read (logged, not kept).
    pub(crate) async fn options(&self, now_ms: i64) -> OnrampOptions {
        let cached = self
            .options
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some((at, options)) = cached {
            if now_ms - at < OPTIONS_TTL_MS {
                return options;
            }
        }
        match self.api.options().await {
            Ok(mut options) => {
                options.provider = self.config.id.clone();
                *self.options.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some((now_ms, options.clone()));
                options
            }
            Err(error) => {
                tracing::warn!(provider = self.config.id, %error, "on-ramp options unavailable: answering the sample options");
                OnrampOptions {
                    provider: self.config.id.clone(),
                    ..sample_options()
                }
            }
        }
    }
}

pub(crate) fn checkout_failed(config: &OnrampProviderConfig) -> ApiError {
    ApiError::Upstream(format!(
        "{} could not open a checkout: try again later",
        config.name
    ))
}

/// The CAIP-2 id of a purchase network: `eip155:{id}` for a numeric chain id, else
/// `solana:{id}` on a provider that delivers to Solana.
pub(crate) fn caip2_of(chain_id: &str, solana: bool) -> Option<String> {
    if chain_id.is_empty() {
        None
    } else if chain_id.bytes().all(|b| b.is_ascii_digit()) {
        Some(format!("eip155:{chain_id}"))
    } else {
        solana.then(|| format!("solana:{chain_id}"))
    }
}

/// The chain of every network name of `options`.
pub(crate) fn chains_of(options: &OnrampOptions, solana: bool) -> HashMap<String, String> {
    options
        .purchase_currencies
        .iter()
        .flat_map(|c| &c.networks)
        .filter_map(|n| Some((n.name.clone(), caip2_of(&n.chain_id, solana)?)))
        .collect()
}
