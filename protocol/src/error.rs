//! Errors of encoding, decoding and version negotiation.

/// Why a message could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Larger than [`MAX_MESSAGE_BYTES`](crate::MAX_MESSAGE_BYTES); nothing was decoded.
    #[error("message is {size} bytes; the limit is {limit}")]
    TooLarge {
        /// The message size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// Not an envelope: truncated, an unknown variant, bad UTF-8, and so on.
    #[error("malformed message: {0}")]
    Malformed(String),
    /// A valid envelope followed by more bytes.
    #[error("malformed message: {0} unexpected bytes after the envelope")]
    TrailingBytes(usize),
    /// The envelope's version is not one this side speaks. `id` lets the receiver reply.
    #[error("unsupported protocol version {version}; this side speaks {supported:?}")]
    UnsupportedVersion {
        /// The envelope's version.
        version: u16,
        /// The envelope's id.
        id: u32,
        /// What this side speaks.
        supported: Vec<u16>,
    },
    /// The two sides have no version in common.
    #[error("protocol version mismatch: host speaks {host:?}, frame speaks {frame:?}")]
    VersionMismatch {
        /// What the host speaks.
        host: Vec<u16>,
        /// What the frame speaks.
        frame: Vec<u16>,
    },
    /// Encoding failed (cannot happen for well-formed values; kept typed rather than panicking).
    #[error("could not encode message: {0}")]
    Encode(String),
}

/// Results of this crate.
pub type Result<T, E = Error> = core::result::Result<T, E>;
