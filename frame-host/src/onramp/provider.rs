//! The interface an on-ramp provider is reached through ([`Provider`]), whatever API it speaks:
//! its options, a quote, a checkout URL for a buyer's wallets, and a buyer's purchases. The
//! answers are already in frame-host's terms (`oriel_protocol::http::onramp`), checked.

use std::{future::Future, pin::Pin};

use oriel_protocol::http::onramp::{DestinationWallet, OnrampOptions, OnrampPurchase};

/// A boxed `Send` future, so [`Provider`] can be a trait object.
pub(crate) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why a provider did not answer: unreachable, refused, or answered something else. The text
/// names the request, never a key or a buyer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct ProviderError(pub(crate) String);

/// A quote to ask for, checked against the provider's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QuoteAsk {
    /// The asset's id in the provider's options.
    pub(crate) purchase_currency: String,
    /// The network's name.
    pub(crate) network: String,
    /// Fiat, fees included, two fraction digits (`50.00`).
    pub(crate) amount: String,
    /// The fiat currency's id.
    pub(crate) payment_currency: String,
    /// The payment method's id (lowercase, as frame-host writes it).
    pub(crate) payment_method: String,
}

/// What a provider quoted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProviderQuote {
    pub(crate) fee: (String, String),
    pub(crate) network_fee: (String, String),
    pub(crate) subtotal: (String, String),
    pub(crate) total: (String, String),
    pub(crate) purchase: (String, String),
    pub(crate) quote_id: String,
}

/// A checkout to open, checked against the provider's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CheckoutAsk {
    pub(crate) wallets: Vec<DestinationWallet>,
    pub(crate) default_network: String,
    /// The provider's reference of the buyer (a keyed hash, never the dapp's own id).
    pub(crate) partner_ref: String,
    pub(crate) default_asset: Option<String>,
    pub(crate) preset_fiat_amount: Option<String>,
    pub(crate) fiat_currency: Option<String>,
    pub(crate) preset_crypto_amount: Option<String>,
    pub(crate) payment_method: Option<String>,
    pub(crate) quote_id: Option<String>,
}

/// One page of a buyer's purchases.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PurchasePage {
    /// Newest first; `chain` left for the caller to fill from the options.
    pub(crate) purchases: Vec<OnrampPurchase>,
    /// The provider's key of the next page.
    pub(crate) next: Option<String>,
}

/// An on-ramp provider (`[[onramp_providers]]`).
pub(crate) trait Provider: Send + Sync + std::fmt::Debug {
    /// What can be bought and paid with (`providers`, `provider` and `sample` are the
    /// caller's to fill).
    fn options(&self) -> BoxFuture<'_, Result<OnrampOptions, ProviderError>>;

    /// A quote.
    fn quote<'a>(
        &'a self,
        ask: &'a QuoteAsk,
    ) -> BoxFuture<'a, Result<ProviderQuote, ProviderError>>;

    /// The checkout URL of a purchase session for the ask's wallets.
    fn checkout_url<'a>(
        &'a self,
        ask: &'a CheckoutAsk,
    ) -> BoxFuture<'a, Result<String, ProviderError>>;

    /// A page of the purchases of the buyer `partner_ref`, newest first.
    fn purchases<'a>(
        &'a self,
        partner_ref: &'a str,
        page: Option<&'a str>,
    ) -> BoxFuture<'a, Result<PurchasePage, ProviderError>>;
}
