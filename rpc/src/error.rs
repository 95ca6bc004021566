//! What can go wrong talking to a chain's JSON-RPC endpoints.

use oriel_protocol::{ErrorCode, ErrorReply};

use oriel_protocol::text::AN_ERROR_OCCURRED as NO_MESSAGE;
/// Spec §8: an RPC endpoint did not answer within the timeout ([`crate::TIMEOUT_MS`]).
pub use oriel_protocol::text::REQUEST_TIMEOUT as TIMEOUT_MESSAGE;

/// A failed JSON-RPC call. Each variant says whether the client retries it on the same URL
/// and whether it moves on to the next URL.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RpcError {
    /// The client was given no URL. Not retryable: a configuration error.
    #[error("no RPC URL configured: add at least one http(s) URL")]
    NoUrls,
    /// A URL is not `http(s)://host...`. Not retryable: a configuration error.
    #[error("invalid RPC URL {0:?}: expected an http(s) URL without credentials or spaces")]
    InvalidUrl(String),
    /// The endpoint did not answer within the timeout. Not retried on the same URL (the
    /// frame answers one request at a time, so three 10 s hangs would stall it for 30 s);
    /// the next URL is tried.
    #[error("{TIMEOUT_MESSAGE}")]
    Timeout,
    /// No HTTP answer: connection refused, DNS, CORS, aborted. Retried, then the next URL.
    #[error("could not reach the RPC endpoint: {0}")]
    Network(String),
    /// An HTTP status other than 2xx. Retried (then the next URL) for 403, 408, 413, 429,
    /// 500, 502, 503 and 504; any other status is returned at once.
    #[error("HTTP status code: {status}")]
    Http {
        /// The status.
        status: u16,
    },
    /// The node answered with a JSON-RPC error object. Returned at once, never retried.
    #[error("{message}")]
    Rpc {
        /// The JSON-RPC error code, such as -32000 or 3 (execution reverted).
        code: i64,
        /// The node's message.
        message: String,
        /// The node's extra data (revert data, for example), if any.
        data: Option<serde_json::Value>,
    },
    /// The answer is not a JSON-RPC response. Not retried.
    #[error("the RPC endpoint sent an invalid response: {0}")]
    InvalidResponse(String),
    /// A batch answer has no response for one of its calls. Not retried.
    #[error("the RPC endpoint sent no response for call {id} of the batch")]
    MissingResponse {
        /// The JSON-RPC id of the call left unanswered.
        id: u64,
    },
}

impl RpcError {
    /// Whether the next URL may do better than the one that failed this way.
    pub(crate) fn tries_next_url(&self) -> bool {
        match self {
            Self::Timeout | Self::Network(_) => true,
            Self::Http { status } => super::retry::is_retryable(*status),
            _ => false,
        }
    }
}

impl From<RpcError> for ErrorReply {
    /// A node's JSON-RPC error keeps its code and message (`ErrorCode::Rpc`); everything
    /// else is `ErrorCode::Internal` with the error's text, the timeout's being the spec's.
    fn from(error: RpcError) -> Self {
        match error {
            RpcError::Rpc { code, message, .. } => {
                let message = if message.is_empty() {
                    NO_MESSAGE.to_owned()
                } else {
                    message
                };
                match i32::try_from(code) {
                    Ok(code) => ErrorReply::new(ErrorCode::Rpc(code), message),
                    Err(_) => ErrorReply::new(
                        ErrorCode::Internal,
                        format!("{message} (JSON-RPC error code {code})"),
                    ),
                }
            }
            other => ErrorReply::new(ErrorCode::Internal, other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_errors_keep_code_and_message() {
        let e = RpcError::Rpc {
            code: -32000,
            message: "nonce too low".into(),
            data: None,
        };
        assert_eq!(
            ErrorReply::from(e),
            ErrorReply::new(ErrorCode::Rpc(-32000), "nonce too low")
        );
        let e = RpcError::Rpc {
            code: 3,
            message: String::new(),
            data: Some(serde_json::json!("0x08c379a0")),
        };
        assert_eq!(
            ErrorReply::from(e),
            ErrorReply::new(ErrorCode::Rpc(3), "An error occurred")
        );
        let e = RpcError::Rpc {
            code: 1 << 40,
            message: "odd".into(),
            data: None,
        };
        assert_eq!(
            ErrorReply::from(e),
            ErrorReply::new(
                ErrorCode::Internal,
                "odd (JSON-RPC error code 1099511627776)"
            )
        );
    }

    #[test]
    fn transport_errors_are_internal_with_their_text() {
        assert_eq!(
            ErrorReply::from(RpcError::Timeout),
            ErrorReply::new(ErrorCode::Internal, "The request took too long to respond.")
        );
        assert_eq!(RpcError::Timeout.to_string(), TIMEOUT_MESSAGE);
        assert_eq!(
            ErrorReply::from(RpcError::Http { status: 503 }),
            ErrorReply::new(ErrorCode::Internal, "HTTP status code: 503")
        );
        assert_eq!(
            ErrorReply::from(RpcError::Network("connection refused".into())).message,
            "could not reach the RPC endpoint: connection refused"
        );
    }

    #[test]
    fn which_errors_move_to_the_next_url() {
        assert!(RpcError::Timeout.tries_next_url());
        assert!(RpcError::Network("x".into()).tries_next_url());
        assert!(RpcError::Http { status: 429 }.tries_next_url());
        assert!(!RpcError::Http { status: 400 }.tries_next_url());
        assert!(!RpcError::InvalidResponse("x".into()).tries_next_url());
        let rpc = RpcError::Rpc {
            code: -32601,
            message: "method not found".into(),
            data: None,
        };
        assert!(!rpc.tries_next_url());
    }
}
