//! What the host page told the frame about itself, and what the browser vouched for.

use oriel_protocol::DappMetadata;

use crate::{screen::Requester, theme::Theme};

/// The host page as the frame knows it.
#[derive(Debug, Default)]
pub(crate) struct Host {
    /// The origin of the page that opened the channel, as the browser reported it.
    pub(crate) parent_origin: Option<String>,
    /// The dapp's metadata (`SyncDappData`).
    pub(crate) dapp: Option<DappMetadata>,
    /// The widget's theme (`SyncTheme`).
    pub(crate) theme: Option<Theme>,
}

impl Host {
    /// Who asks, for the approval screen: the origin the browser vouched for when the channel
    /// opened, and the name the dapp gives itself.
    pub(crate) fn requester(&self) -> Requester {
        Requester::new(
            self.parent_origin.as_deref(),
            self.dapp.as_ref().map(|d| d.name.as_str()),
        )
    }
}
