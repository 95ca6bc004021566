//! A sign-in message: EIP-4361 (Sign-In with Ethereum) for `eip155` and CAIP-122 in the Solana
//! namespace's form for `solana`. Both have the same lines; they differ in the account name
//! of the first line, the address (EIP-55 hex or base58) and the `Chain ID` (the EIP-155
//! number, or the CAIP-2 reference of the Solana cluster).
//!
//! [`Message::parse`] (in `parse.rs`) reads the text; [`Message`]'s `Display` writes it back
//! byte for byte, which the parser checks, so the text signed and the fields checked always
//! agree.

use oriel_protocol::http::siwx::SiwxMessageData;
use std::fmt;

use super::time::Timestamp;

/// The chain namespaces sign-in supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Namespace {
    /// EVM chains: EIP-4361, signed with EIP-191 `personal_sign` (or ERC-1271 / ERC-6492).
    Eip155,
    /// Solana: CAIP-122's Solana profile, signed with ed25519 over the message's bytes.
    Solana,
}

impl Namespace {
    /// Every namespace, in the order the parser tries them.
    pub(crate) const ALL: [Self; 2] = [Self::Eip155, Self::Solana];

    /// The CAIP-2 namespace.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Eip155 => "eip155",
            Self::Solana => "solana",
        }
    }

    /// The end of the first line, after the domain.
    pub(crate) fn header(self) -> &'static str {
        match self {
            Self::Eip155 => " wants you to sign in with your Ethereum account:",
            Self::Solana => " wants you to sign in with your Solana account:",
        }
    }
}

/// The fields of a sign-in message, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    /// Which grammar and signature scheme.
    pub(crate) namespace: Namespace,
    /// The URI scheme before the domain, if written (`https` is assumed when not).
    pub(crate) scheme: Option<String>,
    /// The RFC 3986 authority requesting the sign-in.
    pub(crate) domain: String,
    /// The account: `0x` and 40 hex digits (EIP-55 when mixed case), or base58.
    pub(crate) address: String,
    /// The human-readable assertion, if any (no line break).
    pub(crate) statement: Option<String>,
    /// The RFC 3986 URI that is the subject of the signing.
    pub(crate) uri: String,
    /// Always `1`.
    pub(crate) version: String,
    /// The chain's CAIP-2 reference: `1`, or a Solana cluster's genesis-hash prefix.
    pub(crate) chain_id: String,
    /// At least 8 letters and digits.
    pub(crate) nonce: String,
    /// When the message was made.
    pub(crate) issued_at: Timestamp,
    /// When it stops being valid, if ever.
    pub(crate) expiration_time: Option<Timestamp>,
    /// When it starts being valid, if not at once.
    pub(crate) not_before: Option<Timestamp>,
    /// A system-specific request id.
    pub(crate) request_id: Option<String>,
    /// `Resources:` and its URIs, if the line is there (it may list none).
    pub(crate) resources: Option<Vec<String>>,
}

impl Message {
    /// The chain's CAIP-2 id, such as `eip155:1`.
    pub(crate) fn caip2(&self) -> String {
        format!("{}:{}", self.namespace.as_str(), self.chain_id)
    }

    /// The web origin the message names: its scheme (`https` when none) and domain, in lower
    /// case, without userinfo (`None` when it has userinfo: no page origin has one).
    pub(crate) fn origin(&self) -> Option<String> {
        let authority = super::syntax::authority(&self.domain)?;
        if authority.userinfo.is_some() {
            return None;
        }
        let scheme = self.scheme.as_deref().unwrap_or("https");
        Some(format!("{scheme}://{}", self.domain).to_ascii_lowercase())
    }

    /// The fields as the SDK's sign-in session carries them (spec §3, "Message fields").
    pub(crate) fn data(&self) -> SiwxMessageData {
        SiwxMessageData {
            account_address: self.address.clone(),
            chain_id: self.caip2(),
            scheme: self.scheme.clone(),
            domain: self.domain.clone(),
            uri: self.uri.clone(),
            version: self.version.clone(),
            nonce: self.nonce.clone(),
            issued_at: self.issued_at.as_str().into(),
            statement: self.statement.clone(),
            expiration_time: self.expiration_time.as_ref().map(|t| t.as_str().into()),
            not_before: self.not_before.as_ref().map(|t| t.as_str().into()),
            request_id: self.request_id.clone(),
            resources: self.resources.clone(),
        }
    }
}

impl fmt::Display for Message {
    /// The message text, per the EIP-4361 ABNF (no line break after the last line).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = &self.scheme {
            write!(f, "{scheme}://")?;
        }
        write!(
            f,
            "{}{}\n{}\n\n",
            self.domain,
            self.namespace.header(),
            self.address
        )?;
        if let Some(statement) = &self.statement {
            writeln!(f, "{statement}")?;
        }
        write!(
            f,
            "\nURI: {}\nVersion: {}\nChain ID: {}\nNonce: {}\nIssued At: {}",
            self.uri,
            self.version,
            self.chain_id,
            self.nonce,
            self.issued_at.as_str()
        )?;
        if let Some(t) = &self.expiration_time {
            write!(f, "\nExpiration Time: {}", t.as_str())?;
        }
        if let Some(t) = &self.not_before {
            write!(f, "\nNot Before: {}", t.as_str())?;
        }
        if let Some(id) = &self.request_id {
            write!(f, "\nRequest ID: {id}")?;
        }
        if let Some(resources) = &self.resources {
            f.write_str("\nResources:")?;
            for r in resources {
                write!(f, "\n- {r}")?;
            }
        }
        Ok(())
    }
}
