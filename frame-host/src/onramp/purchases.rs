//! `GET /v1/account/{account}/history?onramp={provider}` (spec §7: the history route's
//! `onramp` parameter, never cached): the account's purchases through that provider, as the
//! provider reports them now, newest first, each with its network's CAIP-2 id when the
//! provider's options name it.
//!
//! The provider knows the buyer only by frame-host's keyed hash of the project and the
//! account (see `Keys::partner_ref`), the reference the checkout was opened with.

use oriel_protocol::http::onramp::OnrampHistoryReply;

use super::{chains_of, request, Onramp};
use crate::error::ApiError;

/// The longest `cursor` accepted (the provider's page key).
const MAX_CURSOR: usize = 256;

/// The purchases of `account` (an EVM address in any case, or a Solana public key) through
/// provider `provider`, from `cursor` (the `next` of the page before).
impl Onramp {
    pub(crate) async fn purchases(
        &self,
        project_id: &str,
        account: &str,
        provider: &str,
        cursor: Option<&str>,
    ) -> Result<OnrampHistoryReply, ApiError> {
        if request::namespace_of(account).is_none() && !crate::types::is_evm_address(account) {
            return Err(ApiError::invalid(
                "Invalid address: expected 0x and 40 hex digits or a Solana public key",
            ));
        }
        let Some(entry) = self.pick(Some(provider))? else {
            return Err(ApiError::invalid(
                "Unknown on-ramp provider: none is configured",
            ));
        };
        let cursor = cursor.filter(|c| !c.is_empty());
        if cursor.is_some_and(|c| c.len() > MAX_CURSOR || !c.bytes().all(|b| b.is_ascii_graphic()))
        {
            return Err(ApiError::invalid("Invalid cursor"));
        }
        let partner_id = request::partner_id(account)?;
        let partner_ref = self.keys.partner_ref(project_id, &partner_id);
        let page = entry
            .api
            .purchases(&partner_ref, cursor)
            .await
            .map_err(|error| {
                tracing::warn!(provider = entry.config.id, %error, "on-ramp purchases unavailable");
                ApiError::Upstream(format!(
                    "{}: purchases could not be read, try again later",
                    entry.config.name
                ))
            })?;
        let options = entry.options(self.now_ms()).await;
        let solana = entry.config.namespaces.iter().any(|n| n == "solana");
        let chains = chains_of(&options, solana);
        let data = page
            .purchases
            .into_iter()
            .map(|mut purchase| {
                purchase.provider = entry.config.id.clone();
                purchase.chain = chains.get(&purchase.network).cloned();
                purchase
            })
            .collect();
        Ok(OnrampHistoryReply {
            data,
            next: page.next,
        })
    }
}
