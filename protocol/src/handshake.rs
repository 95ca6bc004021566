//! The two window messages that open the channel between a host page and the frame (before
//! any [`Envelope`](crate::Envelope) flows): the frame announces itself to its parent, and
//! the host answers with one `MessagePort`.

/// The window message (`{ type }`) the frame sends its parent, at the parent's exact origin,
/// once it listens for [`CONNECT_MESSAGE_TYPE`].
pub const LOADED_MESSAGE_TYPE: &str = "oriel:frame-loaded";

/// The window message (`{ type }`) a host sends the frame, with one `MessagePort`, to open
/// the channel.
pub const CONNECT_MESSAGE_TYPE: &str = "oriel:connect";
