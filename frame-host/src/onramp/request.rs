//! The on-ramp requests' rules: amounts within the payment method's limits (spec §9), assets,
//! networks and wallets the provider's options name, and the buyer's id. Each refusal is a 400
//! that says what is wrong and what would do.

use oriel_protocol::http::onramp::{
    OnrampOptions, OnrampUrlRequest, PurchaseCurrency, PurchaseNetwork, BANK_ACCOUNT, CARD,
    ONRAMP_FALLBACK_NETWORK,
};

use super::OnrampProviderConfig;
use super::{
    amount::{fiat_cents, format_cents, is_crypto_amount, limit_cents},
    estimate::ESTIMATE_QUOTE_ID,
    provider::CheckoutAsk,
};
use crate::error::ApiError;

/// The most wallets, networks per wallet and assets of one checkout.
const MAX_WALLETS: usize = 5;
const MAX_BLOCKCHAINS: usize = 10;
const MAX_ASSETS: usize = 20;

/// At most 64 characters of a value a message echoes, control characters dropped.
pub(crate) fn shown(value: &str) -> String {
    let mut text: String = value.chars().filter(|c| !c.is_control()).take(64).collect();
    if value.chars().count() > 64 {
        text.push('…');
    }
    text
}

fn invalid(message: String) -> ApiError {
    ApiError::InvalidParams(message)
}

/// A fiat amount above 0 with at most two fraction digits, in cents.
pub(crate) fn fiat(name: &str, text: &str) -> Result<u64, ApiError> {
    match fiat_cents(text) {
        Some(0) => Err(invalid(format!("Invalid {name}: must be above 0"))),
        Some(cents) => Ok(cents),
        None => Err(invalid(format!(
            "Invalid {name}: expected a decimal with at most 2 fraction digits, such as 50 or 49.99"
        ))),
    }
}

/// How a message names a payment method.
fn method_words(id: &str) -> String {
    match id {
        CARD => "card".into(),
        BANK_ACCOUNT => "bank account".into(),
        other => other.replace('_', " "),
    }
}

/// Checks `cents` of `currency` by `method` against the options' limits (spec §9); the
/// currency's id as the options write it.
pub(crate) fn payment(
    options: &OnrampOptions,
    currency: &str,
    method: &str,
    cents: u64,
) -> Result<String, ApiError> {
    let fiat = options
        .payment_currencies
        .iter()
        .find(|c| c.id.eq_ignore_ascii_case(currency))
        .ok_or_else(|| invalid(format!("Unsupported paymentCurrency: {}", shown(currency))))?;
    let limit = fiat
        .payment_method_limits
        .iter()
        .find(|l| l.id.eq_ignore_ascii_case(method))
        .ok_or_else(|| {
            invalid(format!(
                "Unsupported paymentMethod: {} for {}",
                shown(method),
                fiat.id
            ))
        })?;
    let words = method_words(&limit.id);
    if let Some(min) = limit_cents(&limit.min).filter(|min| cents < *min) {
        return Err(invalid(format!(
            "Invalid amount: at least {} {} by {words}",
            format_cents(min),
            fiat.id
        )));
    }
    if let Some(max) = limit_cents(&limit.max).filter(|max| cents > *max) {
        return Err(invalid(format!(
            "Invalid amount: at most {} {} by {words}",
            format_cents(max),
            fiat.id
        )));
    }
    Ok(fiat.id.clone())
}

/// The asset named by `id` (its id, or its symbol in any case).
fn asset<'a>(options: &'a OnrampOptions, id: &str) -> Option<&'a PurchaseCurrency> {
    options
        .purchase_currencies
        .iter()
        .find(|c| c.id == id)
        .or_else(|| {
            options
                .purchase_currencies
                .iter()
                .find(|c| c.symbol.eq_ignore_ascii_case(id))
        })
}

/// The asset `id` and its network `network`.
pub(crate) fn asset_on(
    options: &OnrampOptions,
    id: &str,
    network: &str,
) -> Result<(PurchaseCurrency, PurchaseNetwork), ApiError> {
    let found = asset(options, id)
        .ok_or_else(|| invalid(format!("Unsupported purchaseCurrency: {}", shown(id))))?;
    let on = found
        .networks
        .iter()
        .find(|n| n.name == network)
        .ok_or_else(|| {
            invalid(format!(
                "Unsupported network: {} for {}",
                shown(network),
                found.symbol
            ))
        })?;
    Ok((found.clone(), on.clone()))
}

/// The namespace of a wallet address: `eip155` (`0x` and 40 hex digits; mixed case must be
/// its EIP-55 checksum) or `solana` (a base58 32-byte public key).
pub(crate) fn namespace_of(address: &str) -> Option<&'static str> {
    if crate::types::is_evm_address(address) {
        let mixed = address[2..].bytes().any(|b| b.is_ascii_lowercase())
            && address[2..].bytes().any(|b| b.is_ascii_uppercase());
        let checksummed = || {
            address
                .parse::<alloy_primitives::Address>()
                .is_ok_and(|a| a.to_checksum(None) == address)
        };
        return (!mixed || checksummed()).then_some("eip155");
    }
    let decoded = bs58::decode(address).into_vec().ok()?;
    ((32..=44).contains(&address.len()) && decoded.len() == 32).then_some("solana")
}

/// The namespace a purchase network delivers to.
fn network_namespace(network: &PurchaseNetwork) -> &'static str {
    if !network.chain_id.is_empty() && network.chain_id.bytes().all(|b| b.is_ascii_digit()) {
        "eip155"
    } else {
        "solana"
    }
}

/// The buyer's id as the provider's reference is made from: 1 to 128 visible ASCII
/// characters; an EVM address counts in any case.
pub(crate) fn partner_id(text: &str) -> Result<String, ApiError> {
    if !(1..=128).contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(
            "Invalid partnerUserId: expected 1 to 128 visible characters",
        ));
    }
    Ok(if crate::types::is_evm_address(text) {
        text.to_ascii_lowercase()
    } else {
        text.to_owned()
    })
}

/// Checks a checkout request against the provider's options; the ask, its `partner_ref`
/// left for the caller.
pub(crate) fn checkout(
    options: &OnrampOptions,
    provider: &OnrampProviderConfig,
    body: &OnrampUrlRequest,
) -> Result<CheckoutAsk, ApiError> {
    if body
        .default_experience
        .as_deref()
        .is_some_and(|e| e != "buy")
    {
        return Err(ApiError::invalid("Invalid defaultExperience: expected buy"));
    }
    if body.destination_wallets.is_empty() || body.destination_wallets.len() > MAX_WALLETS {
        return Err(invalid(format!(
            "Invalid destinationWallets: expected 1 to {MAX_WALLETS} wallets"
        )));
    }
    let networks: Vec<&PurchaseNetwork> = options
        .purchase_currencies
        .iter()
        .flat_map(|c| &c.networks)
        .collect();
    let mut wallets = Vec::new();
    for wallet in &body.destination_wallets {
        let namespace = namespace_of(&wallet.address).ok_or_else(|| {
            invalid(format!(
                "Invalid destinationWallets: {} is not an EVM address (0x and 40 hex digits, \
                 checksummed when mixed case) or a Solana public key",
                shown(&wallet.address)
            ))
        })?;
        if !provider.namespaces.iter().any(|n| n == namespace) {
            return Err(invalid(format!(
                "Invalid destinationWallets: {} does not deliver to {namespace} addresses",
                provider.name
            )));
        }
        if wallet.blockchains.is_empty() || wallet.blockchains.len() > MAX_BLOCKCHAINS {
            return Err(invalid(format!(
                "Invalid destinationWallets: expected 1 to {MAX_BLOCKCHAINS} blockchains per wallet"
            )));
        }
        for name in &wallet.blockchains {
            let network = networks
                .iter()
                .find(|n| n.name == *name)
                .ok_or_else(|| invalid(format!("Unsupported blockchain: {}", shown(name))))?;
            if network_namespace(network) != namespace {
                return Err(invalid(format!(
                    "Invalid destinationWallets: {} cannot receive on {name}",
                    shown(&wallet.address)
                )));
            }
        }
        if wallet.assets.len() > MAX_ASSETS {
            return Err(invalid(format!(
                "Invalid destinationWallets: at most {MAX_ASSETS} assets per wallet"
            )));
        }
        let mut assets = Vec::new();
        for id in &wallet.assets {
            let found = asset(options, id)
                .ok_or_else(|| invalid(format!("Unsupported asset: {}", shown(id))))?;
            assets.push(found.symbol.clone());
        }
        let mut checked = wallet.clone();
        checked.assets = assets;
        wallets.push(checked);
    }
    // The network the checkout opens on: the one asked for, else Ethereum (spec §9), else the
    // first wallet's first.
    let known = |name: &str| networks.iter().any(|n| n.name == name);
    let asked = body.default_network.as_deref().filter(|n| known(n));
    let default_network = asked
        .or_else(|| known(ONRAMP_FALLBACK_NETWORK).then_some(ONRAMP_FALLBACK_NETWORK))
        .unwrap_or(&wallets[0].blockchains[0])
        .to_owned();
    let default_asset = match &body.default_asset {
        Some(id) => Some(
            asset(options, id)
                .ok_or_else(|| invalid(format!("Unsupported defaultAsset: {}", shown(id))))?
                .symbol
                .clone(),
        ),
        None => None,
    };
    let method = body.default_payment_method.clone();
    let fiat_currency = body.fiat_currency.clone();
    let preset_fiat_amount = match &body.preset_fiat_amount {
        Some(text) => {
            let cents = fiat("presetFiatAmount", text)?;
            let currency = fiat_currency.as_deref().unwrap_or("USD");
            payment(options, currency, method.as_deref().unwrap_or(CARD), cents)?;
            Some(format_cents(cents))
        }
        None => None,
    };
    if let Some(method) = &method {
        let known = options
            .payment_currencies
            .iter()
            .flat_map(|c| &c.payment_method_limits)
            .any(|l| l.id.eq_ignore_ascii_case(method));
        if !known {
            return Err(invalid(format!(
                "Unsupported defaultPaymentMethod: {}",
                shown(method)
            )));
        }
    }
    if let Some(currency) = &fiat_currency {
        if !options
            .payment_currencies
            .iter()
            .any(|c| c.id.eq_ignore_ascii_case(currency))
        {
            return Err(invalid(format!(
                "Unsupported fiatCurrency: {}",
                shown(currency)
            )));
        }
    }
    if body
        .preset_crypto_amount
        .as_deref()
        .is_some_and(|a| !is_crypto_amount(a) || a.bytes().all(|b| b == b'0' || b == b'.'))
    {
        return Err(ApiError::invalid(
            "Invalid presetCryptoAmount: expected a decimal above 0 with at most 18 fraction digits",
        ));
    }
    let quote_id = match body.quote_id.as_deref() {
        Some(id) if !(1..=128).contains(&id.len()) || !id.bytes().all(|b| b.is_ascii_graphic()) => {
            return Err(ApiError::invalid(
                "Invalid quoteId: expected 1 to 128 visible characters",
            ))
        }
        // An estimate is frame-host's, not the provider's.
        Some(ESTIMATE_QUOTE_ID) | None => None,
        Some(id) => Some(id.to_owned()),
    };
    Ok(CheckoutAsk {
        wallets,
        default_network,
        partner_ref: String::new(),
        default_asset,
        preset_fiat_amount,
        fiat_currency: fiat_currency.map(|c| c.to_ascii_uppercase()),
        preset_crypto_amount: body.preset_crypto_amount.clone(),
        payment_method: method.map(|m| m.to_ascii_lowercase()),
        quote_id,
    })
}

#[cfg(test)]
mod tests {
    use oriel_protocol::http::onramp::sample_options;

    use super::*;

    #[test]
    fn limits_by_method_and_currency() {
        let options = sample_options();
        assert_eq!(payment(&options, "usd", "card", 5000).unwrap(), "USD");
        let e = |r: Result<String, ApiError>| match r.unwrap_err() {
            ApiError::InvalidParams(m) => m,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            e(payment(&options, "USD", "card", 999)),
            "Invalid amount: at least 10.00 USD by card"
        );
        assert_eq!(
            e(payment(&options, "EUR", "card", 750_001)),
            "Invalid amount: at most 7500.00 EUR by card"
        );
        assert_eq!(
            payment(&options, "EUR", "ach_bank_account", 2_500_000).unwrap(),
            "EUR"
        );
        assert_eq!(
            e(payment(&options, "USD", "ach_bank_account", 2_500_001)),
            "Invalid amount: at most 25000.00 USD by bank account"
        );
        assert_eq!(
            e(payment(&options, "GBP", "card", 5000)),
            "Unsupported paymentCurrency: GBP"
        );
        assert_eq!(
            e(payment(&options, "USD", "paypal", 5000)),
            "Unsupported paymentMethod: paypal for USD"
        );
    }

    #[test]
    fn addresses_by_namespace() {
        assert_eq!(
            namespace_of("0x00000000000000000000000000000000000000aa"),
            Some("eip155")
        );
        assert_eq!(
            namespace_of("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"),
            Some("eip155")
        );
        assert_eq!(
            namespace_of("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267"),
            None
        );
        assert_eq!(
            namespace_of("So11111111111111111111111111111111111111112"),
            Some("solana")
        );
        assert_eq!(namespace_of("not an address"), None);
        assert_eq!(
            partner_id("0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266").unwrap(),
            "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"
        );
        assert!(partner_id("").is_err() && partner_id("a b").is_err());
    }
}
