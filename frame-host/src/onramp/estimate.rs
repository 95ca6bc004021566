//! The estimated quote (spec §7 "an onramp quote failure returns a mock quote"): when the
//! provider cannot quote, frame-host says what it can stand behind instead, labelled
//! `estimated`: the provider's fee at the top of its advertised range, no network fee (it is
//! not known), and what the rest buys at today's price from frame-host's price source, when
//! that has one for the asset in US dollars.

use oriel_protocol::http::onramp::{OnrampAmount, OnrampQuote, PurchaseCurrency, PurchaseNetwork};

use super::amount::format_cents;
use super::Onramp;
use crate::chain::AssetKey;

/// The quote id of an estimate (never passed on to a checkout).
pub(crate) const ESTIMATE_QUOTE_ID: &str = "estimate";

/// What an estimate is of.
pub(crate) struct EstimateOf<'a> {
    pub(crate) provider: &'a str,
    /// The top of the provider's fee range, percent.
    pub(crate) max_fee_percent: f64,
    pub(crate) total_cents: u64,
    pub(crate) payment_currency: &'a str,
    pub(crate) asset: &'a PurchaseCurrency,
    pub(crate) network: &'a PurchaseNetwork,
}

/// The price source's id of the asset on its network: `eip155:{id}/slip44:60` for the
/// native coin, `eip155:{id}:{contract}` for a token; `None` off eip155.
fn price_key(network: &PurchaseNetwork) -> Option<AssetKey> {
    let numeric =
        !network.chain_id.is_empty() && network.chain_id.bytes().all(|b| b.is_ascii_digit());
    if !numeric {
        return None;
    }
    let id = if network.contract_address.is_empty() {
        format!("eip155:{}/slip44:60", network.chain_id)
    } else {
        format!("eip155:{}:{}", network.chain_id, network.contract_address)
    };
    AssetKey::parse(&id)
}

/// `cents / price` whole tokens, cut (never rounded up) to 8 fraction digits.
fn tokens_for(cents: u64, price: f64) -> Option<String> {
    if !(price.is_finite() && price > 0.0) {
        return None;
    }
    let units = (cents as f64 / 100.0 / price * 1e8).floor();
    if !(0.0..=1e30).contains(&units) {
        return None;
    }
    let units = units as u128;
    Some(format!(
        "{}.{:08}",
        units / 100_000_000,
        units % 100_000_000
    ))
}

/// The estimate of `of`, priced from `state`'s price source.
pub(crate) async fn estimate(state: &Onramp, of: EstimateOf<'_>) -> OnrampQuote {
    let basis_points = (of.max_fee_percent * 100.0).round().clamp(0.0, 10_000.0) as u64;
    // The fee rounds up to the cent: an estimate never promises more than it can.
    let fee = (of.total_cents * basis_points)
        .div_ceil(10_000)
        .min(of.total_cents);
    let subtotal = of.total_cents - fee;
    let fiat = |cents: u64| OnrampAmount {
        amount: format_cents(cents),
        currency: of.payment_currency.to_owned(),
    };
    let mut purchase_amount = None;
    if of.payment_currency == "USD" {
        if let Some(key) = price_key(of.network) {
            match state
                .prices()
                .lookup(std::slice::from_ref(&key), state.now_ms())
                .await
            {
                Ok(prices) => {
                    purchase_amount = prices
                        .get(&key)
                        .and_then(|price| tokens_for(subtotal, *price))
                        .map(|amount| OnrampAmount {
                            amount,
                            currency: of.asset.symbol.clone(),
                        });
                }
                Err(error) => tracing::warn!(%error, "no price for an estimated on-ramp quote"),
            }
        }
    }
    OnrampQuote {
        coinbase_fee: fiat(fee),
        network_fee: fiat(0),
        payment_subtotal: fiat(subtotal),
        payment_total: fiat(of.total_cents),
        purchase_amount,
        quote_id: ESTIMATE_QUOTE_ID.into(),
        provider: of.provider.to_owned(),
        estimated: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_cut_to_8_digits() {
        assert_eq!(tokens_for(4900, 3000.0).as_deref(), Some("0.01633333"));
        assert_eq!(tokens_for(100, 1.0).as_deref(), Some("1.00000000"));
        assert_eq!(tokens_for(100, 0.0), None);
        assert_eq!(tokens_for(100, f64::NAN), None);
    }

    #[test]
    fn price_keys_by_network() {
        let network = |chain: &str, contract: &str| PurchaseNetwork {
            name: "n".into(),
            display_name: "N".into(),
            chain_id: chain.into(),
            contract_address: contract.into(),
        };
        assert_eq!(
            price_key(&network("1", ""))
                .map(|k| k.as_str().to_owned())
                .as_deref(),
            Some("eip155:1/slip44:60")
        );
        assert!(price_key(&network("1", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48")).is_some());
        assert!(price_key(&network("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "")).is_none());
    }
}
