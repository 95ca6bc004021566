//! The bodies of frame-host's on-ramp routes (spec §3 "Onramp options" and "Onramp quote", §7
//! `GET /v1/onramp/options`, `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`, §9):
//! buying crypto with a card or a bank account through the operator's providers. camelCase,
//! except the spec's own snake_case names (`payment_method_limits`, `display_name`,
//! `chain_id`, `contract_address`).
//!
//! The built-in sample options ([`sample_options`]) are what the options route answers when no
//! provider can (spec §7); the SDK's copy is generated from them (`constants.gen.ts`).

use serde::{Deserialize, Serialize};

/// The card on-ramp's networks (spec §9), as `(EIP-155 chain id, network name)`: the name a
/// provider's options and URLs use for the chain.
pub const ONRAMP_NETWORKS: [(u64, &str); 8] = [
    (1, "ethereum"),
    (42161, "arbitrum"),
    (137, "polygon"),
    (80094, "berachain"),
    (43114, "avalanche-c-chain"),
    (10, "optimism"),
    (42220, "celo"),
    (8453, "base"),
];

/// The network a purchase defaults to when the account's chain is none of a provider's (spec
/// §9 "fallback ethereum").
pub const ONRAMP_FALLBACK_NETWORK: &str = "ethereum";

/// The fee range a provider advertises unless the operator says otherwise (spec §9).
pub const DEFAULT_FEE_RANGE: &str = "1-2%";

/// The payment method id of a card.
pub const CARD: &str = "card";
/// The payment method id of a bank account.
pub const BANK_ACCOUNT: &str = "ach_bank_account";

/// The query of `GET /v1/onramp/options`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OnrampOptionsQuery {
    /// The provider (its `id`); default the first configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub provider: Option<String>,
}

/// The answer of `GET /v1/onramp/options`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnrampOptions {
    /// The provider these options are of (its `id`); empty for the sample options of an
    /// operator with no provider.
    pub provider: String,
    /// The fiat currencies a buyer can pay in, with each payment method's limits.
    pub payment_currencies: Vec<PaymentCurrency>,
    /// The crypto assets a buyer can buy, with their networks.
    pub purchase_currencies: Vec<PurchaseCurrency>,
    /// Every provider the operator configured, for the buyer's choice.
    pub providers: Vec<OnrampProvider>,
    /// `true` when the provider's options could not be read (or no provider is configured):
    /// these are the built-in sample options (spec §7), which the widget labels as such.
    pub sample: bool,
}

/// A fiat currency (spec §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PaymentCurrency {
    /// Its ISO 4217 code, such as `USD`.
    pub id: String,
    /// Each payment method's limits in this currency.
    pub payment_method_limits: Vec<PaymentMethodLimit>,
}

/// How much one payment method takes (spec §3, §9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PaymentMethodLimit {
    /// [`CARD`], [`BANK_ACCOUNT`] or another method the provider names (lowercase).
    pub id: String,
    /// The least, a decimal with two fraction digits such as `10.00`.
    pub min: String,
    /// The most, such as `7500.00`.
    pub max: String,
}

/// A crypto asset (spec §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PurchaseCurrency {
    /// The provider's id of the asset (what the quote and the URL name it by).
    pub id: String,
    /// Its name, such as `Ether`.
    pub name: String,
    /// Its symbol, such as `ETH`.
    pub symbol: String,
    /// The networks it can be delivered on.
    pub networks: Vec<PurchaseNetwork>,
}

/// A network an asset can be delivered on (spec §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PurchaseNetwork {
    /// The provider's name of the network, such as `ethereum` (spec §9's on-ramp chains).
    pub name: String,
    /// Its name for people, such as `Ethereum`.
    pub display_name: String,
    /// The network's CAIP-2 reference: the EIP-155 chain id such as `1`, or a Solana
    /// cluster's genesis hash prefix.
    pub chain_id: String,
    /// The token's contract on that network; empty for the network's native coin.
    pub contract_address: String,
}

/// A provider the operator configured (spec §9 "On-ramp fee range").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnrampProvider {
    /// Its id in frame-host's config (`[[onramp_providers]]`), such as `coinbase`.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// The fees it takes, such as `1-2%`.
    pub fee_range: String,
    /// The chain namespaces it delivers to (`eip155`, `solana`).
    pub namespaces: Vec<String>,
}

/// `POST /v1/onramp/quote` (spec §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OnrampQuoteRequest {
    /// The project; when given it must be the `projectId` of the query.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub project_id: Option<String>,
    /// The provider (its `id`); default the first configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub provider: Option<String>,
    /// The asset's `id` from the options.
    pub purchase_currency: String,
    /// The fiat currency's `id`, such as `USD`.
    pub payment_currency: String,
    /// What the buyer pays, fees included: a decimal of at most two fraction digits.
    pub amount: String,
    /// The network's `name` from the options.
    pub network: String,
    /// The payment method (default [`CARD`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub payment_method: Option<String>,
}

/// An amount of money or crypto (spec §3 quote fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OnrampAmount {
    /// A decimal such as `50.00` or `0.01633333`.
    pub amount: String,
    /// A fiat code such as `USD`, or the asset's symbol.
    pub currency: String,
}

/// The answer of `POST /v1/onramp/quote` (spec §3 "Onramp quote").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnrampQuote {
    /// The provider's fee.
    pub coinbase_fee: OnrampAmount,
    /// The fee of sending the asset to the wallet.
    pub network_fee: OnrampAmount,
    /// What the asset itself costs: the total less the fees.
    pub payment_subtotal: OnrampAmount,
    /// What the buyer pays.
    pub payment_total: OnrampAmount,
    /// What the buyer gets; `null` in an estimated quote when no price of the asset is known.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub purchase_amount: Option<OnrampAmount>,
    /// The provider's id of the quote, passed on to its checkout; `estimate` for an estimated
    /// quote.
    pub quote_id: String,
    /// The provider that quoted.
    pub provider: String,
    /// `true` when the provider could not quote and frame-host estimated instead (spec §7
    /// "mock quote"): today's price, the top of the provider's fee range, no network fee.
    pub estimated: bool,
}

/// One wallet a purchase may be delivered to (`POST /v1/generators/onrampurl`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DestinationWallet {
    /// The address: `0x` and 40 hex digits, or a Solana base58 public key.
    pub address: String,
    /// The networks (their `name`s) it may receive on.
    pub blockchains: Vec<String>,
    /// The assets (symbols) it may receive; empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assets: Vec<String>,
}

/// `POST /v1/generators/onrampurl` (spec §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OnrampUrlRequest {
    /// The project; when given it must be the `projectId` of the query.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub project_id: Option<String>,
    /// The provider (its `id`); default the first configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub provider: Option<String>,
    /// Where the purchase may go (at most 5 wallets).
    pub destination_wallets: Vec<DestinationWallet>,
    /// The network the checkout opens on; unset or unknown: [`ONRAMP_FALLBACK_NETWORK`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub default_network: Option<String>,
    /// Who buys, in the dapp's terms (the SDK sends the account's address); frame-host hands
    /// the provider a keyed hash of it, never the value itself.
    pub partner_user_id: String,
    /// `buy` (the only experience).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub default_experience: Option<String>,
    /// An amount of the asset to preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub preset_crypto_amount: Option<String>,
    /// An amount of fiat to preset, fees included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub preset_fiat_amount: Option<String>,
    /// The fiat currency of `presetFiatAmount`, such as `USD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub fiat_currency: Option<String>,
    /// The asset to preset (its `id` or symbol).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub default_asset: Option<String>,
    /// The payment method to preset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub default_payment_method: Option<String>,
    /// The quote the checkout should honour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub quote_id: Option<String>,
}

/// The answer of `POST /v1/generators/onrampurl`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OnrampUrlReply {
    /// The provider's checkout, to open in a popup.
    pub url: String,
}

/// The answer of `GET /v1/account/{account}/history?onramp={provider}` (spec §3 history
/// state `coinbaseTransactions`): the account's purchases through that provider, newest
/// first, as the provider reports them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OnrampHistoryReply {
    /// At most 20 purchases.
    #[cfg_attr(feature = "openapi", schema(max_items = 20))]
    pub data: Vec<OnrampPurchase>,
    /// The opaque cursor of the next page; `null` on the last page.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub next: Option<String>,
}

/// Where a purchase stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum OnrampStatus {
    /// Paid for, not delivered yet.
    Pending,
    /// Delivered to the wallet.
    Success,
    /// Refused or not delivered.
    Failed,
}

/// One purchase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnrampPurchase {
    /// The provider's id of the purchase.
    pub id: String,
    /// The provider (its `id`).
    pub provider: String,
    /// Where it stands.
    pub status: OnrampStatus,
    /// What was bought (the asset's symbol as `currency`).
    pub purchase_amount: OnrampAmount,
    /// What the buyer paid.
    pub payment_total: OnrampAmount,
    /// The network's `name`, such as `base`.
    pub network: String,
    /// The network's CAIP-2 id when frame-host knows it, such as `eip155:8453`.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub chain: Option<String>,
    /// The wallet it goes to.
    pub wallet_address: String,
    /// The delivery's transaction hash, once sent.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub tx_hash: Option<String>,
    /// When it was made, RFC 3339 UTC.
    pub created_at: String,
    /// When it was delivered or failed, RFC 3339 UTC.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub completed_at: Option<String>,
}

fn limits(card: &str, bank: &str) -> Vec<PaymentMethodLimit> {
    vec![
        PaymentMethodLimit {
            id: CARD.into(),
            min: "10.00".into(),
            max: card.into(),
        },
        PaymentMethodLimit {
            id: BANK_ACCOUNT.into(),
            min: "10.00".into(),
            max: bank.into(),
        },
    ]
}

fn network(name: &str, display_name: &str, chain_id: &str, contract: &str) -> PurchaseNetwork {
    PurchaseNetwork {
        name: name.into(),
        display_name: display_name.into(),
        chain_id: chain_id.into(),
        contract_address: contract.into(),
    }
}

/// The built-in sample options (spec §7, §9): USD and EUR, a card from 10.00 to 7500.00 and a
/// bank account from 10.00 to 25000.00; USD Coin and Ether on the common on-ramp networks,
/// SOL on Solana. `providers` and `provider` are left for the caller to fill.
pub fn sample_options() -> OnrampOptions {
    let fiat = |id: &str| PaymentCurrency {
        id: id.into(),
        payment_method_limits: limits("7500.00", "25000.00"),
    };
    OnrampOptions {
        provider: String::new(),
        payment_currencies: vec![fiat("USD"), fiat("EUR")],
        purchase_currencies: vec![
            PurchaseCurrency {
                id: "USDC".into(),
                name: "USD Coin".into(),
                symbol: "USDC".into(),
                networks: vec![
                    network(
                        "ethereum",
                        "Ethereum",
                        "1",
                        "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
                    ),
                    network(
                        "base",
                        "Base",
                        "8453",
                        "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
                    ),
                    network(
                        "polygon",
                        "Polygon",
                        "137",
                        "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359",
                    ),
                ],
            },
            PurchaseCurrency {
                id: "ETH".into(),
                name: "Ether".into(),
                symbol: "ETH".into(),
                networks: vec![
                    network("ethereum", "Ethereum", "1", ""),
                    network("base", "Base", "8453", ""),
                    network("arbitrum", "Arbitrum", "42161", ""),
                    network("optimism", "Optimism", "10", ""),
                ],
            },
            PurchaseCurrency {
                id: "SOL".into(),
                name: "Solana".into(),
                symbol: "SOL".into(),
                networks: vec![network(
                    "solana",
                    "Solana",
                    "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
                    "",
                )],
            },
        ],
        providers: Vec::new(),
        sample: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_options_have_the_spec_limits() {
        let options = sample_options();
        let ids: Vec<&str> = options
            .payment_currencies
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(ids, ["USD", "EUR"]);
        for currency in &options.payment_currencies {
            assert_eq!(
                currency.payment_method_limits,
                [
                    PaymentMethodLimit {
                        id: "card".into(),
                        min: "10.00".into(),
                        max: "7500.00".into()
                    },
                    PaymentMethodLimit {
                        id: "ach_bank_account".into(),
                        min: "10.00".into(),
                        max: "25000.00".into()
                    }
                ]
            );
        }
        let json = serde_json::to_value(&options).unwrap();
        assert_eq!(
            json["paymentCurrencies"][0]["payment_method_limits"][0]["id"],
            "card"
        );
        assert_eq!(
            json["purchaseCurrencies"][0]["networks"][0]["display_name"],
            "Ethereum"
        );
        assert_eq!(json["sample"], true);
        let names: Vec<&str> = ONRAMP_NETWORKS.iter().map(|(_, n)| *n).collect();
        for currency in &options.purchase_currencies {
            for network in &currency.networks {
                assert!(
                    network.name == "solana" || names.contains(&network.name.as_str()),
                    "{}",
                    network.name
                );
            }
        }
    }

    #[test]
    fn requests_refuse_unknown_fields() {
        let quote = r#"{"purchaseCurrency":"ETH","paymentCurrency":"USD","amount":"50","network":"ethereum"}"#;
        let parsed: OnrampQuoteRequest = serde_json::from_str(quote).unwrap();
        assert_eq!(parsed.payment_method, None);
        let extra = quote.replace('}', r#","country":"US"}"#);
        assert!(serde_json::from_str::<OnrampQuoteRequest>(&extra).is_err());
    }
}
