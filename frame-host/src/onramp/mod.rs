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

mod amount;
mod cdp_jwt;
mod coinbase;
mod estimate;
mod provider;
mod purchases;
mod request;

use std::{collections::HashMap, sync::Mutex};

use axum::{
    extract::{DefaultBodyLimit, FromRequestParts, State},
    http::request::Parts,
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::onramp::{
    sample_options, OnrampOptions, OnrampProvider, OnrampQuote, OnrampQuoteRequest, OnrampUrlReply,
    OnrampUrlRequest,
};
use serde::Deserialize;

pub(crate) use purchases::purchases;

use crate::{
    api::{ApiError, ApiJson, ApiQuery, ClientIp, SdkClient},
    config::{OnrampApi, OnrampProviderConfig},
    cors, AppState,
};
use provider::{CheckoutAsk, Provider, QuoteAsk};

/// The largest quote body read.
const MAX_QUOTE_BODY: usize = 4096;
/// The largest URL generator body read.
const MAX_URL_BODY: usize = 8192;
/// How long a provider's options are reused, milliseconds.
const OPTIONS_TTL_MS: i64 = 10 * 60_000;

/// The configured providers, each with its client and its options as last read.
#[derive(Debug)]
pub(crate) struct Onramp {
    providers: Vec<Entry>,
}

#[derive(Debug)]
struct Entry {
    config: OnrampProviderConfig,
    api: Box<dyn Provider>,
    options: Mutex<Option<(i64, OnrampOptions)>>,
}

impl Onramp {
    /// A client per provider of `configs` (checked by the config's validation).
    pub(crate) fn new(configs: &[OnrampProviderConfig]) -> Result<Self, reqwest::Error> {
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
            .collect::<Result<_, reqwest::Error>>()?;
        Ok(Self { providers })
    }

    /// The provider `id`, else the first; `None` when none is configured. An id no provider
    /// has is a 400.
    fn pick(&self, id: Option<&str>) -> Result<Option<&Entry>, ApiError> {
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

    fn list(&self) -> Vec<OnrampProvider> {
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
    async fn options(&self, now_ms: i64) -> OnrampOptions {
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

/// The routes, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(state: &AppState) -> Router<AppState> {
    let routes = Router::new()
        .route("/v1/onramp/options", get(options))
        .route(
            "/v1/onramp/quote",
            post(quote).layer(DefaultBodyLimit::max(MAX_QUOTE_BODY)),
        )
        .route(
            "/v1/generators/onrampurl",
            post(checkout_url).layer(DefaultBodyLimit::max(MAX_URL_BODY)),
        );
    cors::with_project_api(routes, state)
}

/// The caller of an on-ramp route: an [`SdkClient`] whose IP has requests left (429
/// 'Please try again after {n} seconds' otherwise).
#[derive(Debug)]
pub(crate) struct OnrampClient {
    pub(crate) project_id: String,
}

impl FromRequestParts<AppState> for OnrampClient {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let client = SdkClient::from_request_parts(parts, state).await?;
        let Ok(ClientIp(ip)) = ClientIp::from_request_parts(parts, state).await;
        crate::ratelimit::check_onramp(state, ip, &client.project_id).await?;
        Ok(Self {
            project_id: client.project_id,
        })
    }
}

#[derive(Debug, Deserialize)]
struct OptionsQuery {
    provider: Option<String>,
}

/// The options of one provider (the first unless `provider` names another); the sample
/// options when they cannot be read or no provider is configured.
async fn options(
    State(state): State<AppState>,
    _client: OnrampClient,
    ApiQuery(query): ApiQuery<OptionsQuery>,
) -> Result<Json<OnrampOptions>, ApiError> {
    let onramp = state.onramp();
    let mut options = match onramp.pick(query.provider.as_deref())? {
        Some(entry) => entry.options(state.now_ms()).await,
        None => sample_options(),
    };
    options.providers = onramp.list();
    Ok(Json(options))
}

/// Checks a body's `projectId` against the query's.
fn same_project(body: Option<&String>, client: &OnrampClient) -> Result<(), ApiError> {
    if body.is_some_and(|id| *id != client.project_id) {
        return Err(ApiError::invalid(
            "projectId in the body is not the projectId of the query",
        ));
    }
    Ok(())
}

/// A quote from the provider, checked against its options and limits; an estimate when it
/// cannot quote.
async fn quote(
    State(state): State<AppState>,
    client: OnrampClient,
    ApiJson(body): ApiJson<OnrampQuoteRequest>,
) -> Result<Json<OnrampQuote>, ApiError> {
    same_project(body.project_id.as_ref(), &client)?;
    let entry = state.onramp().pick(body.provider.as_deref())?;
    let cents = request::fiat("amount", &body.amount)?;
    let options = match entry {
        Some(entry) => entry.options(state.now_ms()).await,
        None => sample_options(),
    };
    let method = body
        .payment_method
        .as_deref()
        .unwrap_or(oriel_protocol::http::onramp::CARD);
    let payment = request::payment(&options, &body.payment_currency, method, cents)?;
    let (asset, network) = request::asset_on(&options, &body.purchase_currency, &body.network)?;
    let provider_id = entry.map_or("", |e| e.config.id.as_str());
    if let Some(entry) = entry.filter(|_| !options.sample) {
        let ask = QuoteAsk {
            purchase_currency: asset.id.clone(),
            network: network.name.clone(),
            amount: amount::format_cents(cents),
            payment_currency: payment.clone(),
            payment_method: method.to_ascii_lowercase(),
        };
        match entry.api.quote(&ask).await {
            Ok(q) => {
                let money = |(amount, currency): (String, String)| {
                    oriel_protocol::http::onramp::OnrampAmount { amount, currency }
                };
                return Ok(Json(OnrampQuote {
                    coinbase_fee: money(q.fee),
                    network_fee: money(q.network_fee),
                    payment_subtotal: money(q.subtotal),
                    payment_total: money(q.total),
                    purchase_amount: Some(money(q.purchase)),
                    quote_id: q.quote_id,
                    provider: provider_id.to_owned(),
                    estimated: false,
                }));
            }
            Err(error) => {
                tracing::warn!(provider = provider_id, %error, "on-ramp quote unavailable: answering an estimate");
            }
        }
    }
    let max_fee_percent = entry.map_or(Some(2.0), |e| e.config.max_fee_percent());
    Ok(Json(
        estimate::estimate(
            &state,
            estimate::EstimateOf {
                provider: provider_id,
                max_fee_percent: max_fee_percent.unwrap_or(2.0),
                total_cents: cents,
                payment_currency: &payment,
                asset: &asset,
                network: &network,
            },
        )
        .await,
    ))
}

/// The provider's checkout for the buyer's wallets (a session the provider opens; 502 when
/// it cannot).
async fn checkout_url(
    State(state): State<AppState>,
    client: OnrampClient,
    ApiJson(body): ApiJson<OnrampUrlRequest>,
) -> Result<Json<OnrampUrlReply>, ApiError> {
    same_project(body.project_id.as_ref(), &client)?;
    let Some(entry) = state.onramp().pick(body.provider.as_deref())? else {
        return Err(ApiError::NotFound("No on-ramp provider is configured"));
    };
    let options = entry.options(state.now_ms()).await;
    let checked = request::checkout(&options, &entry.config, &body)?;
    let partner_id = request::partner_id(&body.partner_user_id)?;
    let ask = CheckoutAsk {
        partner_ref: state.keys().partner_ref(&client.project_id, &partner_id),
        ..checked
    };
    match entry.api.checkout_url(&ask).await {
        Ok(url) if url.starts_with(&format!("{}/", entry.config.pay_url)) => {
            Ok(Json(OnrampUrlReply { url }))
        }
        Ok(url) => {
            tracing::warn!(
                provider = entry.config.id,
                url_len = url.len(),
                "a checkout URL off the provider's pay_url"
            );
            Err(checkout_failed(&entry.config))
        }
        Err(error) => {
            tracing::warn!(provider = entry.config.id, %error, "the on-ramp checkout could not be opened");
            Err(checkout_failed(&entry.config))
        }
    }
}

fn checkout_failed(config: &OnrampProviderConfig) -> ApiError {
    ApiError::Upstream(format!(
        "{} could not open a checkout: try again later",
        config.name
    ))
}

/// The CAIP-2 id of a purchase network: `eip155:{id}` for a numeric chain id, else
/// `solana:{id}` on a provider that delivers to Solana.
fn caip2_of(chain_id: &str, solana: bool) -> Option<String> {
    if chain_id.is_empty() {
        None
    } else if chain_id.bytes().all(|b| b.is_ascii_digit()) {
        Some(format!("eip155:{chain_id}"))
    } else {
        solana.then(|| format!("solana:{chain_id}"))
    }
}

/// The chain of every network name of `options`.
fn chains_of(options: &OnrampOptions, solana: bool) -> HashMap<String, String> {
    options
        .purchase_currencies
        .iter()
        .flat_map(|c| &c.networks)
        .filter_map(|n| Some((n.name.clone(), caip2_of(&n.chain_id, solana)?)))
        .collect()
}
