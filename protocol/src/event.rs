//! Events the frame sends without being asked.

use serde::{Deserialize, Serialize};

#[cfg(feature = "ts")]
use ts_rs::TS;

/// Frame events. `Ready` is always the first message on a new channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
#[serde(rename_all_fields = "camelCase")]
pub enum FrameEvent {
    /// The frame accepted the channel. Sent at the frame's lowest supported version, so any
    /// host that speaks that version can read it and pick the highest common one.
    Ready {
        /// Every protocol version the frame speaks, ascending.
        versions: Vec<u16>,
        /// Which frame build is answering.
        build_id: String,
    },
    /// The session changed (login, logout, network switch, expiry).
    SessionUpdate {
        /// True when logged in.
        is_connected: bool,
        /// The active network, CAIP-2.
        chain_id: String,
        /// The active address when logged in.
        address: Option<String>,
    },
    /// The frame needs the user's eyes: the host makes room and shows the frame until the
    /// request `request_id` is answered. What the frame then shows (an approval, the recovery
    /// phrase) is rendered in the frame's own document, where the host cannot reach it.
    Reveal {
        /// The envelope id of the request being worked on.
        request_id: u32,
        /// Why the frame wants to be seen.
        purpose: RevealPurpose,
    },
    /// What the browser lets the frame keep, sent right after `Ready` and whenever it changes.
    /// Without persistent storage a login lasts only as long as the page: the host says so.
    Storage {
        /// Whether the frame's storage outlives the page (the session survives a reload).
        persistent: bool,
        /// Whether the browser offers the Storage Access API, so that
        /// `Request::RequestStorageAccess` can help.
        can_request: bool,
    },
}

/// Why the frame asks to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub enum RevealPurpose {
    /// A signature or transaction waits for the user's Approve or Reject.
    Approval,
    /// The recovery phrase is on screen.
    RecoveryPhrase,
    /// The frame asks the user to let it keep its storage on this site.
    StorageAccess,
}
