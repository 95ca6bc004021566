//! What the frame shows in its own document, where the host page cannot read or click it:
//! approval requests and the recovery phrase. The browser renders these in `web::screen`;
//! the rules that do not need a DOM live here.

use zeroize::Zeroizing;

use crate::sign::Summary;

/// The frame must have been visible, unobscured, this long before its buttons work.
pub const ARM_DELAY_MS: u32 = 500;

/// A screen the frame shows.
pub enum Screen<'a> {
    /// The recovery phrase, word by word, with a Done button.
    RecoveryPhrase(&'a Zeroizing<String>),
    /// A request to approve, decoded, with Approve and Reject buttons.
    Approval {
        /// What the request does.
        summary: &'a Summary,
        /// Who asks: the dapp's name and URL as the host reported them, and the page origin
        /// the frame was opened by.
        requester: &'a str,
    },
    /// Asks the user to let the frame keep its storage on the site `site` (the page origin),
    /// with Allow and Not now buttons.
    StorageAccess {
        /// The origin of the page the frame is embedded in.
        site: &'a str,
    },
}

/// How the user left a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Approve (or Done) was clicked inside the frame.
    Approved,
    /// Reject was clicked inside the frame.
    Rejected,
    /// The host aborted the request (`RpcAbort`) or closed the channel.
    Aborted,
}
