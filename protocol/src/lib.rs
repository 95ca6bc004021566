#![doc = include_str!("../README.md")]

pub mod caip;
pub mod email;
mod envelope;
mod error;
mod event;
pub mod frame_page;
pub mod handshake;
#[cfg(feature = "http")]
pub mod http;
pub mod origin;
mod reply;
mod request;
pub mod signature;
pub mod text;
pub mod types;
mod version;

pub use envelope::{Body, Envelope, MAX_MESSAGE_BYTES};
pub use error::{Error, Result};
pub use event::{FrameEvent, RevealPurpose};
pub use frame_page::{FramePageConfig, NativeCurrency, NetworkRpc};
pub use origin::{AllowList, OriginError, OriginPattern};
pub use reply::{ErrorCode, ErrorReply, Reply};
pub use request::Request;
pub use types::{
    Account, AccountType, DappMetadata, EmailAction, SocialProvider, ThemeMode, ThemeVariable,
    UpdateEmailAction, User,
};
pub use version::{negotiate, PROTOCOL_VERSION, SUPPORTED_VERSIONS};
