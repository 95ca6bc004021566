//! The bodies of frame-host's wallet-list service (spec §7, `frame-host/API.md` "Wallet-list
//! service"): `GET /getWallets` and the project's allowed origins (`GET /projects/v1/origins`).
//! A [`Wallet`] is snake_case, as the registry file holds it.

use serde::{Deserialize, Serialize};

/// Whether a wallet passed the registry's review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum BadgeType {
    /// Listed, not reviewed.
    None,
    /// Reviewed and certified.
    Certified,
}

/// How a wallet app is opened on one platform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WalletLinks {
    /// A deep link with the app's own scheme, such as `metamask://`.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub native: Option<String>,
    /// An `https://` link the operating system hands to the app.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub universal: Option<String>,
}

/// One wallet of the registry, as the registry file holds it and `/getWallets` answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Wallet {
    /// 64 lowercase hex digits: the id of `featuredWalletIds`, `includeWalletIds` and
    /// `excludeWalletIds`.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The reverse-DNS id it announces under EIP-6963, if it injects a provider.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub rdns: Option<String>,
    /// Its image's id, for `/getWalletImage/{image_id}`.
    pub image_id: String,
    /// Its website.
    pub homepage: String,
    /// Its rank in lists: lower comes first.
    pub order: u32,
    /// Its review status.
    pub badge_type: BadgeType,
    /// CAIP-2 ids of the networks it supports.
    pub chains: Vec<String>,
    /// Its mobile app's links.
    pub mobile: WalletLinks,
    /// Its desktop app's links.
    pub desktop: WalletLinks,
    /// Its web app, if it has one.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub webapp_link: Option<String>,
    /// Its Apple App Store page.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub app_store: Option<String>,
    /// Its Google Play page.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub play_store: Option<String>,
    /// Its Chrome Web Store page.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub chrome_store: Option<String>,
}

/// The query of `GET /getWallets`. Every parameter is optional; an empty value counts as not
/// given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WalletsQuery {
    /// 1-based page, default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub page: Option<String>,
    /// Page size, default 40, at most 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub entries: Option<String>,
    /// Comma-separated wallet ids: only those match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub include: Option<String>,
    /// Comma-separated wallet ids that never match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub exclude: Option<String>,
    /// Comma-separated CAIP-2 ids: wallets supporting any of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub chains: Option<String>,
    /// A case-insensitive part of the name, at most 100 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub search: Option<String>,
    /// `certified` or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub badge_type: Option<String>,
}

/// The answer of `GET /getWallets`: one page of the matching wallets, in registry order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WalletsPage {
    /// The page (empty past the end).
    pub data: Vec<Wallet>,
    /// How many wallets match in all.
    pub count: u64,
}

/// The answer of `GET /projects/v1/origins`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OriginsReply {
    /// The project's allowed origins, as configured (`https://*.example.com` patterns
    /// included).
    pub allowed_origins: Vec<String>,
    /// Whether the asking page's origin (the request's `Origin` header) is one of them; absent
    /// when the request names no origin. The SDK reads it to tell a developer at once that
    /// their page is not allowed, with no matcher of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin_allowed: Option<bool>,
}
