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
}
