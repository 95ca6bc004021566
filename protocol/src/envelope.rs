//! The envelope every message travels in, and its postcard encoding.

use serde::{Deserialize, Serialize};

use crate::{Error, ErrorReply, FrameEvent, Reply, Request, Result};

#[cfg(feature = "ts")]
use ts_rs::TS;

/// The largest message either side accepts. A blob transaction's 761855 data bytes, hex-encoded
/// inside JSON-RPC params, fit with room to spare.
pub const MAX_MESSAGE_BYTES: usize = 4 * 1024 * 1024;

/// One message. Its first two fields are the same in every version, so a receiver can always
/// read `version` and `id` and answer a message it cannot otherwise understand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub struct Envelope {
    /// The protocol version the body is encoded in.
    pub version: u16,
    /// Matches a reply to its request. Events use 0.
    pub id: u32,
    /// The message.
    pub body: Body,
}

/// What a message is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(TS))]
pub enum Body {
    /// Host to frame.
    Request(Request),
    /// Frame to host: the request with this id succeeded.
    Reply(Reply),
    /// Frame to host: the request with this id failed.
    Error(ErrorReply),
    /// Frame to host, unasked.
    Event(FrameEvent),
}

#[derive(Deserialize)]
struct Header {
    version: u16,
    id: u32,
}

impl Envelope {
    /// An envelope at `version`.
    pub fn new(version: u16, id: u32, body: Body) -> Self {
        Self { version, id, body }
    }

    /// The postcard bytes.
    pub fn encode(&self) -> Result<Vec<u8>> {
        let bytes = postcard::to_allocvec(self).map_err(|e| Error::Encode(e.to_string()))?;
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(Error::TooLarge {
                size: bytes.len(),
                limit: MAX_MESSAGE_BYTES,
            });
        }
        Ok(bytes)
    }

    /// Reads an envelope of one of the `supported` versions. Never panics: any other input is
    /// a typed error.
    pub fn decode(bytes: &[u8], supported: &[u16]) -> Result<Self> {
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(Error::TooLarge {
                size: bytes.len(),
                limit: MAX_MESSAGE_BYTES,
            });
        }
        let (header, rest) = postcard::take_from_bytes::<Header>(bytes).map_err(malformed)?;
        if !supported.contains(&header.version) {
            return Err(Error::UnsupportedVersion {
                version: header.version,
                id: header.id,
                supported: supported.to_vec(),
            });
        }
        let (body, rest) = postcard::take_from_bytes::<Body>(rest).map_err(malformed)?;
        if !rest.is_empty() {
            return Err(Error::TrailingBytes(rest.len()));
        }
        Ok(Self {
            version: header.version,
            id: header.id,
            body,
        })
    }
}

fn malformed(e: postcard::Error) -> Error {
    Error::Malformed(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PROTOCOL_VERSION, SUPPORTED_VERSIONS};

    fn sample() -> Envelope {
        Envelope::new(
            PROTOCOL_VERSION,
            7,
            Body::Request(Request::ConnectEmail {
                email: "a@b.co".into(),
            }),
        )
    }

    #[test]
    fn round_trips() {
        let bytes = sample().encode().unwrap();
        assert_eq!(Envelope::decode(&bytes, SUPPORTED_VERSIONS), Ok(sample()));
    }

    #[test]
    fn unsupported_version_keeps_the_id() {
        let mut e = sample();
        e.version = 9;
        let err = Envelope::decode(&e.encode().unwrap(), SUPPORTED_VERSIONS).unwrap_err();
        assert_eq!(
            err,
            Error::UnsupportedVersion {
                version: 9,
                id: 7,
                supported: SUPPORTED_VERSIONS.to_vec()
            }
        );
    }

    #[test]
    fn trailing_and_truncated_bytes_are_errors() {
        let mut bytes = sample().encode().unwrap();
        bytes.push(0);
        assert_eq!(
            Envelope::decode(&bytes, SUPPORTED_VERSIONS),
            Err(Error::TrailingBytes(1))
        );
        bytes.truncate(bytes.len() - 3);
        assert!(matches!(
            Envelope::decode(&bytes, SUPPORTED_VERSIONS),
            Err(Error::Malformed(_))
        ));
        assert!(matches!(
            Envelope::decode(&[], SUPPORTED_VERSIONS),
            Err(Error::Malformed(_))
        ));
    }

    #[test]
    fn oversized_input_is_refused_before_decoding() {
        let big = vec![0u8; MAX_MESSAGE_BYTES + 1];
        assert!(matches!(
            Envelope::decode(&big, SUPPORTED_VERSIONS),
            Err(Error::TooLarge { .. })
        ));
    }
}
