//! The WalletConnect Explorer API v3 client: `GET {url}/v3/wallets?projectId=&entries=&page=`
//! page by page, and `GET {url}/v3/logo/md/{image_id}?projectId=` for each logo. Every answer
//! is bounded (pages, wallets, bytes) and checked before anything is kept.

use std::time::Duration;

use reqwest::{header, redirect, Client, Response, StatusCode};

use super::{
    image::{Image, ImageKind},
    listing::{self, Page},
    wallet::Wallet,
};
use crate::registry::WalletConnectRegistryConfig;

/// Wallets asked per page.
pub(crate) const ENTRIES: usize = 100;
/// The most pages read in one sync; past it the wallets read so far are kept.
pub(crate) const MAX_PAGES: usize = 40;
/// The most wallets kept.
pub(crate) const MAX_WALLETS: usize = 3000;
/// The largest page read.
pub(crate) const MAX_PAGE_BYTES: usize = 4 * 1024 * 1024;
/// The largest logo kept.
pub(crate) const MAX_IMAGE_BYTES: usize = 256 * 1024;
/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(20);
/// The logo size asked for (`sm`, `md` or `lg`): the one wallet lists show.
const LOGO_SIZE: &str = "md";
/// The formats frame-host keeps; the API may otherwise pick one by `Accept` (such as AVIF).
const ACCEPT_IMAGES: &str = "image/webp,image/png,image/jpeg,image/svg+xml;q=0.8";

/// The wallets of one full read of the listing.
#[derive(Debug, Default)]
pub(crate) struct Listing {
    /// The usable wallets, in the API's order.
    pub(crate) wallets: Vec<Wallet>,
    /// Entries left out, with why (the first few are logged).
    pub(crate) skipped: Vec<String>,
}

/// A client of one Explorer API for one project id.
#[derive(Debug, Clone)]
pub(crate) struct Explorer {
    base: String,
    project_id: String,
    http: Client,
}

impl Explorer {
    /// A client of the API `config` names.
    pub(crate) fn new(config: &WalletConnectRegistryConfig) -> Result<Self, reqwest::Error> {
        // Logos may be redirected to a CDN: a few hops, never from https down to http.
        let policy = redirect::Policy::custom(|attempt| {
            let downgrade = attempt.previous().iter().any(|u| u.scheme() == "https")
                && attempt.url().scheme() != "https";
            if attempt.previous().len() > 3 || downgrade {
                attempt.error("too many redirects, or one to plain http")
            } else {
                attempt.follow()
            }
        });
        let http = Client::builder()
            .redirect(policy)
            .timeout(TIMEOUT)
            .build()?;
        Ok(Self {
            base: config.base().to_owned(),
            project_id: config.project_id.clone(),
            http,
        })
    }

    /// Every page of `/v3/wallets`, as far as the bounds allow: the usable wallets ranked by
    /// their place in the API's order, and the entries left out. Any failed or unreadable
    /// page fails the whole read.
    pub(crate) async fn wallets(&self) -> Result<Listing, String> {
        let mut listing = Listing::default();
        let mut seen = std::collections::HashSet::new();
        let mut position = 0u32;
        for page in 1..=MAX_PAGES {
            let path = format!("/v3/wallets?entries={ENTRIES}&page={page}");
            let body = self.get(&path, "application/json", MAX_PAGE_BYTES).await?;
            let body: Page = serde_json::from_slice(&body.1)
                .map_err(|e| format!("{} is not a wallet listing: {e}", shown(&path)))?;
            let received = body.listings.0.len();
            for value in body.listings.0 {
                position += 1;
                match listing::to_wallet(value, position) {
                    Ok(w) if listing.wallets.len() >= MAX_WALLETS => {
                        listing
                            .skipped
                            .push(format!("{}: past {MAX_WALLETS} wallets", w.id));
                    }
                    Ok(w) if !seen.insert(w.id.clone()) => {
                        listing.skipped.push(format!("{}: listed twice", w.id));
                    }
                    Ok(w) => listing.wallets.push(w),
                    Err(why) => listing.skipped.push(why),
                }
            }
            let total = body.total.and_then(|t| usize::try_from(t).ok());
            if received < ENTRIES || total.is_some_and(|t| page * ENTRIES >= t) {
                return Ok(listing);
            }
        }
        tracing::warn!(
            pages = MAX_PAGES,
            wallets = listing.wallets.len(),
            "the WalletConnect registry has more pages than frame-host reads: keeping these"
        );
        Ok(listing)
    }

    /// The logo `image_id`, checked: an answer of at most [`MAX_IMAGE_BYTES`] whose
    /// `Content-Type` is PNG, JPEG, WebP or SVG and whose bytes are that format.
    pub(crate) async fn logo(&self, image_id: &str) -> Result<Image, String> {
        let path = format!("/v3/logo/{LOGO_SIZE}/{image_id}");
        let (media_type, bytes) = self.get(&path, ACCEPT_IMAGES, MAX_IMAGE_BYTES).await?;
        let Some(kind) = ImageKind::from_media_type(&media_type) else {
            return Err(format!(
                "{} answered {media_type:?}, not PNG, JPEG, WebP or SVG",
                shown(&path)
            ));
        };
        if ImageKind::sniff(&bytes) != Some(kind) {
            return Err(format!(
                "{} said {} but its bytes are not",
                shown(&path),
                kind.media_type()
            ));
        }
        Ok(Image::new(bytes, kind))
    }

    /// `path` (which has a query already) with the project id; its `Content-Type` and body, at
    /// most `limit` bytes; an error naming the path (never the project id) otherwise.
    async fn get(
        &self,
        path: &str,
        accept: &str,
        limit: usize,
    ) -> Result<(String, Vec<u8>), String> {
        let sep = if path.contains('?') { '&' } else { '?' };
        let url = format!("{}{path}{sep}projectId={}", self.base, self.project_id);
        let failed = |reason: String| format!("{}: {reason}", shown(path));
        let response = self
            .http
            .get(&url)
            .header(header::ACCEPT, accept)
            .send()
            .await
            .map_err(|e| failed(without_url(&e)))?;
        if response.status() != StatusCode::OK {
            return Err(failed(format!("HTTP status {}", response.status())));
        }
        let media_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let bytes = read_capped(response, limit).await.map_err(failed)?;
        Ok((media_type, bytes))
    }
}

/// The body, refused once it passes `limit` bytes (by its `Content-Length` or as it streams).
async fn read_capped(mut response: Response, limit: usize) -> Result<Vec<u8>, String> {
    let too_large = || format!("answer larger than {limit} bytes");
    if response.content_length().is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| without_url(&e))? {
        if bytes.len() + chunk.len() > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// How a request is named in errors: `GET` and the path with its query.
fn shown(path: &str) -> String {
    format!("GET {path}")
}

/// A request error without the URL (which carries the project id).
fn without_url(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "could not connect"
    } else if e.is_redirect() {
        "bad redirect"
    } else if e.is_body() || e.is_decode() {
        "the answer broke off"
    } else {
        "request failed"
    };
    let mut reason = kind.to_owned();
    let mut source = std::error::Error::source(e);
    // The innermost cause says most (a refused connection, a DNS failure).
    while let Some(cause) = source {
        reason = format!("{kind}: {cause}");
        source = cause.source();
    }
    reason
}
