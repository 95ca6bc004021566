//! The card on-ramp (`API.md`, "On-ramp"): `GET /v1/onramp/options`, `POST /v1/onramp/quote`
//! and `POST /v1/generators/onrampurl`, over [`Onramp`]. Every route is a Blockchain API route
//! (project, `st`/`sv`, origin and CORS) within the client IP's on-ramp budget.

use std::net::IpAddr;

use axum::{
    extract::{DefaultBodyLimit, State},
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::onramp::{
    sample_options, OnrampOptions, OnrampOptionsQuery, OnrampQuote, OnrampQuoteRequest,
    OnrampUrlReply, OnrampUrlRequest,
};

use crate::{
    error::ApiError,
    http::{cors, ApiJson, ApiQuery, Budgeted, ClientBudget},
    onramp::{
        amount, checkout_failed, estimate,
        provider::{CheckoutAsk, QuoteAsk},
        request, Onramp,
    },
    projects::Projects,
    state::AppState,
};

/// The largest quote body read.
const MAX_QUOTE_BODY: usize = 4096;
/// The largest URL generator body read.
const MAX_URL_BODY: usize = 8192;

/// The routes, behind the Blockchain API's CORS and origin rules.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
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
    cors::with_project_api(routes, projects)
}

/// The caller of an on-ramp route, within the client IP's on-ramp budget.
type OnrampClient = Budgeted<Onramp>;

impl ClientBudget for Onramp {
    async fn spend(&self, ip: IpAddr, project_id: &str) -> Result<(), ApiError> {
        self.check_limit(ip, project_id).await
    }
}

/// The options of one provider (the first unless `provider` names another); the sample
/// options when they cannot be read or no provider is configured.
async fn options(
    State(state): State<Onramp>,
    _client: OnrampClient,
    ApiQuery(query): ApiQuery<OnrampOptionsQuery>,
) -> Result<Json<OnrampOptions>, ApiError> {
    let onramp = &state;
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
    State(state): State<Onramp>,
    client: OnrampClient,
    ApiJson(body): ApiJson<OnrampQuoteRequest>,
) -> Result<Json<OnrampQuote>, ApiError> {
    same_project(body.project_id.as_ref(), &client)?;
    let entry = state.pick(body.provider.as_deref())?;
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
    State(state): State<Onramp>,
    client: OnrampClient,
    ApiJson(body): ApiJson<OnrampUrlRequest>,
) -> Result<Json<OnrampUrlReply>, ApiError> {
    same_project(body.project_id.as_ref(), &client)?;
    let Some(entry) = state.pick(body.provider.as_deref())? else {
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
