//! The strict reader of sign-in messages: the EIP-4361 ABNF line by line, for `eip155` and
//! (with a Solana address and chain reference) CAIP-122's Solana profile. Every way a text
//! can fail is a [`MessageError`]; nothing here panics, and nothing longer than
//! [`MAX_MESSAGE_LEN`] is read at all.

pub(crate) use super::error::MessageError;
use super::{
    message::{Message, Namespace},
    syntax,
    time::Timestamp,
};

/// The longest message read, in bytes.
pub(crate) const MAX_MESSAGE_LEN: usize = 8192;
/// The most resources a message may list.
pub(crate) const MAX_RESOURCES: usize = 64;
/// The longest nonce, request id, domain or address line, in bytes.
const MAX_SHORT_FIELD: usize = 256;
/// The longest `statement`, `URI` or resource, in bytes.
const MAX_LONG_FIELD: usize = 2048;

/// The lines of a message, numbered from 1.
struct Lines<'a> {
    lines: Vec<&'a str>,
    at: usize,
}

impl<'a> Lines<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.lines.get(self.at).copied()
    }

    /// The number (from 1) of the next line.
    fn number(&self) -> usize {
        self.at + 1
    }

    fn next(&mut self) -> Option<&'a str> {
        let line = self.peek();
        self.at += 1;
        line
    }

    fn empty(&mut self) -> Result<(), MessageError> {
        let n = self.number();
        match self.next() {
            Some("") => Ok(()),
            _ => Err(MessageError::EmptyLine(n)),
        }
    }

    /// The value after `tag` on the next line (required field).
    fn field(&mut self, tag: &'static str) -> Result<(usize, &'a str), MessageError> {
        let line = self.number();
        let value = self
            .optional(tag)
            .ok_or(MessageError::Expected { line, tag })?;
        Ok((line, value))
    }

    /// The value after `tag` if the next line starts with it.
    fn optional(&mut self, tag: &str) -> Option<&'a str> {
        let value = self.peek()?.strip_prefix(tag)?;
        self.at += 1;
        Some(value)
    }
}

impl Message {
    /// Reads a message. The result writes back (`Display`) to exactly `text`.
    pub(crate) fn parse(text: &str) -> Result<Self, MessageError> {
        if text.len() > MAX_MESSAGE_LEN {
            return Err(MessageError::TooLong);
        }
        let mut lines = Lines {
            lines: text.split('\n').collect(),
            at: 0,
        };
        if let Some(i) = lines
            .lines
            .iter()
            .position(|l| !l.bytes().all(|c| (0x20..0x7f).contains(&c)))
        {
            return Err(MessageError::Character(i + 1));
        }
        let first = lines.next().unwrap_or_default();
        let (namespace, prefix) = Namespace::ALL
            .into_iter()
            .find_map(|ns| first.strip_suffix(ns.header()).map(|p| (ns, p)))
            .ok_or(MessageError::Header)?;
        let (scheme, domain) = match prefix.split_once("://") {
            Some((scheme, domain)) => (Some(scheme), domain),
            None => (None, prefix),
        };
        if scheme.is_some_and(|s| !syntax::is_scheme(s)) {
            return Err(MessageError::Scheme);
        }
        if domain.len() > MAX_SHORT_FIELD || syntax::authority(domain).is_none() {
            return Err(MessageError::Domain);
        }
        let address = lines.next().unwrap_or_default();
        check_address(namespace, address)?;
        lines.empty()?;
        let statement = statement(&mut lines)?;
        lines.empty()?;

        let (n, uri) = lines.field("URI: ")?;
        if uri.len() > MAX_LONG_FIELD || !syntax::is_uri(uri) {
            return Err(MessageError::Invalid {
                line: n,
                field: "URI",
            });
        }
        let (n, version) = lines.field("Version: ")?;
        if version != "1" {
            return Err(MessageError::Invalid {
                line: n,
                field: "Version",
            });
        }
        let (n, chain_id) = lines.field("Chain ID: ")?;
        if !is_chain_reference(namespace, chain_id) {
            return Err(MessageError::Invalid {
                line: n,
                field: "Chain ID",
            });
        }
        let (n, nonce) = lines.field("Nonce: ")?;
        if !(8..=MAX_SHORT_FIELD).contains(&nonce.len())
            || !nonce.bytes().all(|c| c.is_ascii_alphanumeric())
        {
            return Err(MessageError::Invalid {
                line: n,
                field: "Nonce",
            });
        }
        let issued_at =
            timestamp(&mut lines, "Issued At: ", "Issued At")?.ok_or(MessageError::Expected {
                line: n + 1,
                tag: "Issued At: ",
            })?;
        let expiration_time = timestamp(&mut lines, "Expiration Time: ", "Expiration Time")?;
        let not_before = timestamp(&mut lines, "Not Before: ", "Not Before")?;
        let n = lines.number();
        let request_id = lines.optional("Request ID: ");
        if request_id.is_some_and(|id| id.len() > MAX_SHORT_FIELD || !syntax::is_pchars(id)) {
            return Err(MessageError::Invalid {
                line: n,
                field: "Request ID",
            });
        }
        let resources = resources(&mut lines)?;
        if lines.peek().is_some() {
            return Err(MessageError::Trailing(lines.number()));
        }
        let message = Self {
            namespace,
            scheme: scheme.map(Into::into),
            domain: domain.into(),
            address: address.into(),
            statement: statement.map(Into::into),
            uri: uri.into(),
            version: version.into(),
            chain_id: chain_id.into(),
            nonce: nonce.into(),
            issued_at,
            expiration_time,
            not_before,
            request_id: request_id.map(Into::into),
            resources,
        };
        // The grammar has one way to write each message, and every field is kept as written:
        // the fields write back to the text that was signed (the tests check it on every
        // vector and on generated messages).
        debug_assert_eq!(message.to_string(), text);
        Ok(message)
    }
}

/// `[ statement LF ]` between the two empty lines after the address: absent when the next
/// line is already the empty one before `URI: `.
fn statement<'a>(lines: &mut Lines<'a>) -> Result<Option<&'a str>, MessageError> {
    let n = lines.number();
    let next = lines.peek().ok_or(MessageError::EmptyLine(n))?;
    let after = lines.lines.get(n).copied();
    if next.is_empty() && after.is_some_and(|l| l.starts_with("URI: ")) {
        return Ok(None);
    }
    if next.len() > MAX_LONG_FIELD || !syntax::is_statement(next) {
        return Err(MessageError::Statement(n));
    }
    lines.next();
    Ok(Some(next))
}

fn timestamp(
    lines: &mut Lines<'_>,
    tag: &'static str,
    field: &'static str,
) -> Result<Option<Timestamp>, MessageError> {
    let line = lines.number();
    lines
        .optional(tag)
        .map(|text| Timestamp::parse(text).ok_or(MessageError::Invalid { line, field }))
        .transpose()
}

/// `[ LF "Resources:" *( LF "- " URI ) ]`.
fn resources(lines: &mut Lines<'_>) -> Result<Option<Vec<String>>, MessageError> {
    if lines.peek() != Some("Resources:") {
        return Ok(None);
    }
    lines.next();
    let mut list = Vec::new();
    while let Some(line) = lines.peek() {
        let Some(uri) = line.strip_prefix("- ") else {
            break;
        };
        if uri.len() > MAX_LONG_FIELD || !syntax::is_uri(uri) {
            return Err(MessageError::Invalid {
                line: lines.number(),
                field: "resource",
            });
        }
        if list.len() == MAX_RESOURCES {
            return Err(MessageError::TooManyResources);
        }
        list.push(uri.to_owned());
        lines.next();
    }
    Ok(Some(list))
}

/// An `eip155` address is `0x` and 40 hex digits, EIP-55 checksummed when it mixes cases
/// (spec §5); a `solana` one is 32 to 44 base58 characters encoding 32 bytes.
fn check_address(namespace: Namespace, address: &str) -> Result<(), MessageError> {
    match namespace {
        Namespace::Eip155 => {
            let hex = address
                .strip_prefix("0x")
                .filter(|h| h.len() == 40 && h.bytes().all(|c| c.is_ascii_hexdigit()))
                .ok_or(MessageError::Address("expected 0x and 40 hex digits"))?;
            let mixed = hex.bytes().any(|c| c.is_ascii_lowercase())
                && hex.bytes().any(|c| c.is_ascii_uppercase());
            let parsed: alloy_primitives::Address = address
                .parse()
                .map_err(|_| MessageError::Address("expected 0x and 40 hex digits"))?;
            if mixed && parsed.to_checksum(None) != address {
                return Err(MessageError::Address("wrong EIP-55 checksum"));
            }
            Ok(())
        }
        Namespace::Solana => {
            let decoded = (32..=44)
                .contains(&address.len())
                .then(|| bs58::decode(address).into_vec().ok())
                .flatten();
            match decoded {
                Some(bytes) if bytes.len() == 32 => Ok(()),
                _ => Err(MessageError::Address("expected a base58 public key")),
            }
        }
    }
}

/// `eip155`: `1*DIGIT`, a positive chain id without leading zeros that fits 64 bits.
/// `solana`: a CAIP-2 reference, 1 to 32 of `[-_a-zA-Z0-9]`.
fn is_chain_reference(namespace: Namespace, reference: &str) -> bool {
    match namespace {
        Namespace::Eip155 => {
            reference.bytes().all(|c| c.is_ascii_digit())
                && !reference.starts_with('0')
                && reference.parse::<u64>().is_ok()
        }
        Namespace::Solana => {
            (1..=32).contains(&reference.len())
                && reference
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        }
    }
}
