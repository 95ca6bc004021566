//! What the host page told the frame about itself, and what the browser vouched for.

use oriel_protocol::DappMetadata;

use crate::{screen::Requester, theme::Theme};

/// What the host page said about itself (its origin, which the browser vouched for, is the
/// frame's `parent_origin`).
#[derive(Debug, Default)]
pub(crate) struct Host {
    /// The dapp's metadata (`SyncDappData`).
    pub(crate) dapp: Option<DappMetadata>,
    /// The widget's theme (`SyncTheme`).
    pub(crate) theme: Option<Theme>,
}

impl Host {
    /// Who asks, for the approval screen: `origin`, the one the browser vouched for when the
    /// channel opened (empty: unknown), and the name the dapp gives itself.
    pub(crate) fn requester(&self, origin: &str) -> Requester {
        Requester::new(
            (!origin.is_empty()).then_some(origin),
            self.dapp.as_ref().map(|d| d.name.as_str()),
        )
    }
}
