//! A provider that speaks Coinbase Onramp's REST API (v1), as Coinbase itself and the sandbox
//! provider of `make demo` and the tests (`stack/onrampSandbox.mjs`) do:
//!
//! - `GET {api_url}/v1/buy/options?country&subdivision` → `{ payment_currencies: [{ id,
//!   limits: [{ id, min, max }] }], purchase_currencies: [{ id, name, symbol, networks: [{
//!   name, display_name, chain_id, contract_address }] }] }`;
//! - `POST {api_url}/v1/buy/quote` `{ purchase_currency, purchase_network, payment_amount,
//!   payment_currency, payment_method, country, subdivision }` → `{ payment_total,
//!   payment_subtotal, purchase_amount, coinbase_fee, network_fee }` (each `{ value,
//!   currency }`) and `quote_id`;
//! - `POST {api_url}/v1/token` `{ addresses: [{ address, blockchains }], assets }` → `{ token }`,
//!   the session token of the checkout `{pay_url}/buy/select-asset?sessionToken=…`;
//! - `GET {api_url}/v1/buy/user/{partnerUserId}/transactions?page_size&page_key` → `{
//!   transactions: [{ transaction_id, status, purchase_amount, payment_total, purchase_network,
//!   wallet_address, tx_hash, created_at, completed_at }], next_page_key }`.
//!
//! Every request carries a fresh CDP JWT ([`super::cdp_jwt`]). Answers are checked field by
//! field; an entry of the options that breaks a rule is left out (logged).

use std::time::Duration;

use ed25519_dalek::SigningKey;
use oriel_protocol::http::onramp::{
    OnrampAmount, OnrampOptions, OnrampPurchase, OnrampStatus, PaymentCurrency, PaymentMethodLimit,
    PurchaseCurrency, PurchaseNetwork,
};
use reqwest::{Method, Response};
use serde::{de::DeserializeOwned, Deserialize, Deserializer};
use serde_json::{json, Value};
use url::Url;

use super::{
    amount::{format_cents, is_crypto_amount, limit_cents},
    cdp_jwt,
    provider::{
        BoxFuture, CheckoutAsk, Provider, ProviderError, ProviderQuote, PurchasePage, QuoteAsk,
    },
};
use crate::onramp::OnrampProviderConfig;

/// The largest answer read, bytes.
const MAX_ANSWER: usize = 1 << 20;
/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The most entries of each list read from the options.
const MAX_CURRENCIES: usize = 500;
/// The most networks of one asset.
const MAX_NETWORKS: usize = 50;
/// Purchases per page.
const PAGE_SIZE: usize = 20;

/// A Coinbase Onramp API client for one `[[onramp_providers]]` entry.
pub(crate) struct Coinbase {
    http: reqwest::Client,
    api_url: String,
    pay_url: String,
    key_name: String,
    key: SigningKey,
    country: String,
    subdivision: Option<String>,
}

impl std::fmt::Debug for Coinbase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Coinbase")
            .field("api_url", &self.api_url)
            .field("pay_url", &self.pay_url)
            .finish_non_exhaustive()
    }
}

fn fail(what: impl std::fmt::Display) -> ProviderError {
    ProviderError(what.to_string())
}

impl Coinbase {
    /// The client of `config` (checked by the config's validation).
    pub(crate) fn new(config: &OnrampProviderConfig) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(TIMEOUT)
            .user_agent(concat!("oriel-frame-host/", env!("CARGO_PKG_VERSION")))
            .build()?;
        let seed = config.key_seed().unwrap_or_default();
        Ok(Self {
            http,
            api_url: config.api_url.clone(),
            pay_url: config.pay_url.clone(),
            key_name: config.key_name.clone(),
            key: SigningKey::from_bytes(&seed),
            country: config.country.clone(),
            subdivision: config.subdivision.clone(),
        })
    }

    /// Sends `method` `{api_url}{path}` (with `body` as JSON) and reads the JSON answer.
    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<T, ProviderError> {
        let url = Url::parse(&format!("{}{path}", self.api_url)).map_err(fail)?;
        let what = format!("{method} {}", url.path());
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let nonce: String = crate::secrets::random::<16>()
            .map_err(|e| fail(format!("{what}: {e}")))?
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let jwt = cdp_jwt::token(
            &self.key_name,
            &self.key,
            method.as_str(),
            &url,
            now,
            &nonce,
        );
        let mut request = self.http.request(method, url).bearer_auth(jwt);
        if let Some(body) = body {
            request = request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.to_string());
        }
        let response = request
            .send()
            .await
            .map_err(|e| fail(format!("{what}: {}", e.without_url())))?;
        let status = response.status();
        let bytes = read_capped(response)
            .await
            .map_err(|e| fail(format!("{what}: {e}")))?;
        if !status.is_success() {
            let message = serde_json::from_slice::<Value>(&bytes)
                .ok()
                .and_then(|v| v["message"].as_str().map(str::to_owned))
                .map(|m| format!(": {}", clip(&m)))
                .unwrap_or_default();
            return Err(fail(format!("{what}: HTTP {}{message}", status.as_u16())));
        }
        serde_json::from_slice(&bytes).map_err(|e| fail(format!("{what}: unexpected answer: {e}")))
    }
}

async fn read_capped(mut response: Response) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| e.without_url().to_string())?
    {
        if bytes.len() + chunk.len() > MAX_ANSWER {
            return Err(format!("answer larger than {MAX_ANSWER} bytes"));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// At most 200 characters of a provider's text, control characters dropped.
fn clip(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(200).collect()
}

/// Text of at most `max` visible characters (spaces allowed), not empty.
fn plain(text: &str, max: usize) -> bool {
    !text.trim().is_empty() && text.chars().count() <= max && !text.chars().any(char::is_control)
}

/// A string, or a number written as one (some answers write chain ids as numbers).
fn text_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Value::deserialize(d)? {
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(n.to_string()),
        Value::Null => Ok(String::new()),
        other => Err(serde::de::Error::custom(format!(
            "expected a string, got {other}"
        ))),
    }
}

#[derive(Deserialize)]
struct WireOptions {
    payment_currencies: Vec<WirePayment>,
    purchase_currencies: Vec<WirePurchase>,
}

#[derive(Deserialize)]
struct WirePayment {
    id: String,
    #[serde(default)]
    limits: Vec<WireLimit>,
}

#[derive(Deserialize)]
struct WireLimit {
    id: String,
    #[serde(deserialize_with = "text_or_number")]
    min: String,
    #[serde(deserialize_with = "text_or_number")]
    max: String,
}

#[derive(Deserialize)]
struct WirePurchase {
    id: String,
    name: String,
    symbol: String,
    #[serde(default)]
    networks: Vec<WireNetwork>,
}

#[derive(Deserialize)]
struct WireNetwork {
    name: String,
    #[serde(default)]
    display_name: String,
    #[serde(default, deserialize_with = "text_or_number")]
    chain_id: String,
    #[serde(default, deserialize_with = "text_or_number")]
    contract_address: String,
}

#[derive(Deserialize)]
struct WireAmount {
    #[serde(deserialize_with = "text_or_number")]
    value: String,
    currency: String,
}

#[derive(Deserialize)]
struct WireQuote {
    payment_total: WireAmount,
    payment_subtotal: WireAmount,
    purchase_amount: WireAmount,
    coinbase_fee: WireAmount,
    network_fee: WireAmount,
    quote_id: String,
}

#[derive(Deserialize)]
struct WireToken {
    token: String,
}

#[derive(Deserialize)]
struct WireTransactions {
    #[serde(default)]
    transactions: Vec<WireTransaction>,
    #[serde(default)]
    next_page_key: String,
}

#[derive(Deserialize)]
struct WireTransaction {
    transaction_id: String,
    status: String,
    purchase_amount: WireAmount,
    payment_total: WireAmount,
    #[serde(default)]
    purchase_network: String,
    #[serde(default)]
    wallet_address: String,
    #[serde(default)]
    tx_hash: String,
    created_at: String,
    #[serde(default)]
    completed_at: String,
}

/// A payment currency with its limits, or why it is left out.
fn payment(wire: WirePayment) -> Result<PaymentCurrency, String> {
    if !plain(&wire.id, 16) {
        return Err(format!("payment currency {:?}", clip(&wire.id)));
    }
    let limits = wire
        .limits
        .into_iter()
        .take(20)
        .map(|l| {
            let (min, max) = (limit_cents(&l.min), limit_cents(&l.max));
            match (min, max) {
                (Some(min), Some(max)) if min <= max && plain(&l.id, 32) => {
                    Ok(PaymentMethodLimit {
                        id: l.id.to_ascii_lowercase(),
                        min: format_cents(min),
                        max: format_cents(max),
                    })
                }
                _ => Err(format!("{} limit {:?}", wire.id, clip(&l.id))),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(PaymentCurrency {
        id: wire.id.to_ascii_uppercase(),
        payment_method_limits: limits,
    })
}

/// Whether `address` is a token contract as a network lists it: empty (the native coin),
/// `0x` and 40 hex digits, or a base58 public key.
fn contract_ok(address: &str) -> bool {
    address.is_empty()
        || crate::types::is_evm_address(&address.to_ascii_lowercase())
        || ((32..=44).contains(&address.len()) && bs58::decode(address).into_vec().is_ok())
}

/// An asset and its networks, or why it is left out.
fn purchase(wire: WirePurchase) -> Result<PurchaseCurrency, String> {
    if !plain(&wire.id, 64) || !plain(&wire.name, 64) || !plain(&wire.symbol, 16) {
        return Err(format!("purchase currency {:?}", clip(&wire.id)));
    }
    let networks = wire
        .networks
        .into_iter()
        .take(MAX_NETWORKS)
        .map(|n| {
            let name_ok = plain(&n.name, 64)
                && n.name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
            let chain_ok = n.chain_id.is_empty()
                || (n.chain_id.len() <= 64
                    && n.chain_id.bytes().all(|b| b.is_ascii_alphanumeric()));
            if name_ok
                && chain_ok
                && contract_ok(&n.contract_address)
                && n.display_name.chars().count() <= 64
            {
                Ok(PurchaseNetwork {
                    display_name: if n.display_name.trim().is_empty() {
                        n.name.clone()
                    } else {
                        n.display_name
                    },
                    name: n.name,
                    chain_id: n.chain_id,
                    contract_address: n.contract_address,
                })
            } else {
                Err(format!("{} network {:?}", wire.symbol, clip(&n.name)))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(PurchaseCurrency {
        id: wire.id,
        name: wire.name,
        symbol: wire.symbol,
        networks,
    })
}

/// A fiat amount of an answer, as two fraction digits.
fn fiat(amount: WireAmount, what: &str) -> Result<(String, String), ProviderError> {
    let cents = limit_cents(&amount.value).ok_or_else(|| {
        fail(format!(
            "quote {what} {:?} is not an amount",
            clip(&amount.value)
        ))
    })?;
    if !plain(&amount.currency, 16) {
        return Err(fail(format!("quote {what} has no currency")));
    }
    Ok((format_cents(cents), amount.currency))
}

fn crypto(amount: WireAmount, what: &str) -> Result<(String, String), ProviderError> {
    if !is_crypto_amount(&amount.value) || !plain(&amount.currency, 16) {
        return Err(fail(format!(
            "{what} {:?} is not an amount",
            clip(&amount.value)
        )));
    }
    Ok((amount.value, amount.currency))
}

fn status(text: &str) -> Option<OnrampStatus> {
    match text {
        "ONRAMP_TRANSACTION_STATUS_SUCCESS" => Some(OnrampStatus::Success),
        "ONRAMP_TRANSACTION_STATUS_FAILED" => Some(OnrampStatus::Failed),
        "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS" | "ONRAMP_TRANSACTION_STATUS_CREATED" => {
            Some(OnrampStatus::Pending)
        }
        _ => None,
    }
}

/// A purchase of the transactions answer.
fn purchase_of(wire: WireTransaction, provider: &str) -> Result<OnrampPurchase, ProviderError> {
    let state = status(&wire.status)
        .ok_or_else(|| fail(format!("transaction status {:?}", clip(&wire.status))))?;
    let bought = crypto(wire.purchase_amount, "purchase_amount")?;
    let paid = fiat(wire.payment_total, "payment_total")?;
    let tx_hash = Some(wire.tx_hash).filter(|h| !h.is_empty() && h != "0x");
    if tx_hash.as_ref().is_some_and(|h| !plain(h, 128)) || !plain(&wire.transaction_id, 128) {
        return Err(fail("transaction id or hash"));
    }
    let time = |t: &str| {
        crate::siwx::time::Timestamp::parse(t).map(|t| crate::clock::rfc3339(t.unix_ms()))
    };
    let created_at = time(&wire.created_at).ok_or_else(|| fail("transaction created_at"))?;
    // Coinbase writes the zero time for a purchase that has not ended.
    let completed_at = Some(&wire.completed_at)
        .filter(|t| !t.starts_with("0001-"))
        .and_then(|t| time(t));
    if !wire.wallet_address.is_empty() && !contract_ok(&wire.wallet_address) {
        return Err(fail("transaction wallet_address"));
    }
    Ok(OnrampPurchase {
        id: wire.transaction_id,
        provider: provider.to_owned(),
        status: state,
        purchase_amount: OnrampAmount {
            amount: bought.0,
            currency: bought.1,
        },
        payment_total: OnrampAmount {
            amount: paid.0,
            currency: paid.1,
        },
        network: clip(&wire.purchase_network),
        chain: None,
        wallet_address: wire.wallet_address,
        tx_hash,
        created_at,
        completed_at,
    })
}

/// Coinbase's name of a payment method (frame-host writes them lowercase).
fn method_name(id: &str) -> String {
    id.to_ascii_uppercase()
}

impl Provider for Coinbase {
    fn options(&self) -> BoxFuture<'_, Result<OnrampOptions, ProviderError>> {
        Box::pin(async move {
            let query = {
                let mut query = url::form_urlencoded::Serializer::new(String::new());
                query.append_pair("country", &self.country);
                if let Some(subdivision) = &self.subdivision {
                    query.append_pair("subdivision", subdivision);
                }
                query.finish()
            };
            let path = format!("/v1/buy/options?{query}");
            let wire: WireOptions = self.call(Method::GET, &path, None).await?;
            let mut dropped = Vec::new();
            let mut payment_currencies: Vec<PaymentCurrency> = Vec::new();
            for entry in wire.payment_currencies.into_iter().take(MAX_CURRENCIES) {
                match payment(entry) {
                    Ok(p) => payment_currencies.push(p),
                    Err(e) => dropped.push(e),
                }
            }
            let mut purchase_currencies: Vec<PurchaseCurrency> = Vec::new();
            for entry in wire.purchase_currencies.into_iter().take(MAX_CURRENCIES) {
                match purchase(entry) {
                    Ok(p) => purchase_currencies.push(p),
                    Err(e) => dropped.push(e),
                }
            }
            if !dropped.is_empty() {
                tracing::warn!(left_out = ?dropped, "on-ramp options: entries that break the rules");
            }
            if payment_currencies.is_empty() || purchase_currencies.is_empty() {
                return Err(fail("the options name no usable currency"));
            }
            Ok(OnrampOptions {
                provider: String::new(),
                payment_currencies,
                purchase_currencies,
                providers: Vec::new(),
                sample: false,
            })
        })
    }

    fn quote<'a>(
        &'a self,
        ask: &'a QuoteAsk,
    ) -> BoxFuture<'a, Result<ProviderQuote, ProviderError>> {
        Box::pin(async move {
            let body = json!({
                "purchase_currency": ask.purchase_currency,
                "purchase_network": ask.network,
                "payment_amount": ask.amount,
                "payment_currency": ask.payment_currency,
                "payment_method": method_name(&ask.payment_method),
                "country": self.country,
                "subdivision": self.subdivision,
            });
            let wire: WireQuote = self.call(Method::POST, "/v1/buy/quote", Some(body)).await?;
            if !plain(&wire.quote_id, 128) {
                return Err(fail("quote_id"));
            }
            Ok(ProviderQuote {
                fee: fiat(wire.coinbase_fee, "coinbase_fee")?,
                network_fee: fiat(wire.network_fee, "network_fee")?,
                subtotal: fiat(wire.payment_subtotal, "payment_subtotal")?,
                total: fiat(wire.payment_total, "payment_total")?,
                purchase: crypto(wire.purchase_amount, "purchase_amount")?,
                quote_id: wire.quote_id,
            })
        })
    }

    fn checkout_url<'a>(
        &'a self,
        ask: &'a CheckoutAsk,
    ) -> BoxFuture<'a, Result<String, ProviderError>> {
        Box::pin(async move {
            let addresses: Vec<Value> = ask
                .wallets
                .iter()
                .map(|w| json!({ "address": w.address, "blockchains": w.blockchains }))
                .collect();
            let mut assets: Vec<&String> = ask.wallets.iter().flat_map(|w| &w.assets).collect();
            assets.sort();
            assets.dedup();
            let mut body = json!({ "addresses": addresses });
            if !assets.is_empty() {
                body["assets"] = json!(assets);
            }
            let wire: WireToken = self.call(Method::POST, "/v1/token", Some(body)).await?;
            let token_ok = (1..=2048).contains(&wire.token.len())
                && wire.token.bytes().all(|b| b.is_ascii_graphic());
            if !token_ok {
                return Err(fail("the session token is not one"));
            }
            let mut url =
                Url::parse(&format!("{}/buy/select-asset", self.pay_url)).map_err(fail)?;
            {
                let mut query = url.query_pairs_mut();
                query.append_pair("sessionToken", &wire.token);
                query.append_pair("defaultNetwork", &ask.default_network);
                query.append_pair("defaultExperience", "buy");
                query.append_pair("partnerUserId", &ask.partner_ref);
                let optional = [
                    ("defaultAsset", ask.default_asset.clone()),
                    ("presetFiatAmount", ask.preset_fiat_amount.clone()),
                    ("fiatCurrency", ask.fiat_currency.clone()),
                    ("presetCryptoAmount", ask.preset_crypto_amount.clone()),
                    (
                        "defaultPaymentMethod",
                        ask.payment_method.as_deref().map(method_name),
                    ),
                    ("quoteId", ask.quote_id.clone()),
                ];
                for (key, value) in optional {
                    if let Some(value) = value {
                        query.append_pair(key, &value);
                    }
                }
            }
            Ok(url.into())
        })
    }

    fn purchases<'a>(
        &'a self,
        partner_ref: &'a str,
        page: Option<&'a str>,
    ) -> BoxFuture<'a, Result<PurchasePage, ProviderError>> {
        Box::pin(async move {
            let query = {
                let mut query = url::form_urlencoded::Serializer::new(String::new());
                query.append_pair("page_size", &PAGE_SIZE.to_string());
                if let Some(page) = page {
                    query.append_pair("page_key", page);
                }
                query.finish()
            };
            let path = format!("/v1/buy/user/{partner_ref}/transactions?{query}");
            let wire: WireTransactions = self.call(Method::GET, &path, None).await?;
            let purchases = wire
                .transactions
                .into_iter()
                .take(PAGE_SIZE)
                .map(|t| purchase_of(t, ""))
                .collect::<Result<Vec<_>, _>>()?;
            let next = Some(wire.next_page_key).filter(|k| !k.is_empty());
            if next.as_ref().is_some_and(|k| !plain(k, 256)) {
                return Err(fail("next_page_key"));
            }
            Ok(PurchasePage { purchases, next })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_entries_are_checked_and_normalised() {
        let wire: WireOptions = serde_json::from_value(json!({
            "payment_currencies": [{ "id": "usd", "limits": [{ "id": "CARD", "min": "10", "max": "7500.0000" }] }],
            "purchase_currencies": [
                { "id": "eth-id", "name": "Ether", "symbol": "ETH",
                  "networks": [{ "name": "base", "display_name": "Base", "chain_id": 8453, "contract_address": "" }] },
                { "id": "bad", "name": "Bad", "symbol": "BAD",
                  "networks": [{ "name": "x y", "chain_id": "1", "contract_address": "0x12" }] }
            ]
        }))
        .unwrap();
        let usd = payment(wire.payment_currencies.into_iter().next().unwrap()).unwrap();
        assert_eq!(usd.id, "USD");
        assert_eq!(
            usd.payment_method_limits,
            [PaymentMethodLimit {
                id: "card".into(),
                min: "10.00".into(),
                max: "7500.00".into()
            }]
        );
        let mut assets = wire.purchase_currencies.into_iter();
        let eth = purchase(assets.next().unwrap()).unwrap();
        assert_eq!(eth.networks[0].chain_id, "8453");
        assert!(purchase(assets.next().unwrap()).is_err());
    }

    #[test]
    fn transactions_map_to_purchases() {
        let wire: WireTransaction = serde_json::from_value(json!({
            "transaction_id": "t1", "status": "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS",
            "purchase_amount": { "value": "0.0163", "currency": "ETH" },
            "payment_total": { "value": "50", "currency": "USD" },
            "purchase_network": "base", "wallet_address": "0x00000000000000000000000000000000000000aa",
            "tx_hash": "", "created_at": "2026-11-23T20:00:00Z", "completed_at": "0001-01-01T00:00:00Z"
        }))
        .unwrap();
        let p = purchase_of(wire, "sandbox").unwrap();
        assert_eq!(p.status, OnrampStatus::Pending);
        assert_eq!((p.tx_hash, p.completed_at), (None, None));
        assert_eq!(p.payment_total.amount, "50.00");
        assert_eq!(status("ONRAMP_TRANSACTION_STATUS_WEIRD"), None);
    }
}
