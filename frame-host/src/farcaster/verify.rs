//! The checks of a Sign In With Farcaster message (FIP-11) against the channel it was posted
//! to, in order: an EIP-4361 message (the strict reader of sign-in with a wallet) in the
//! Ethereum form, the statement 'Farcaster Auth', `Chain ID: 10`, exactly one
//! `farcaster://fid/{fid}` resource naming the posted fid, the channel's domain, `URI`, nonce,
//! request id and times, a time window that holds now, and a `personal_sign` signature that
//! recovers the message's address: the custody address, whose fid the IdRegistry then confirms
//! (`id_registry`).

use alloy_primitives::Address;
use oriel_protocol::http::farcaster::{
    FID_RESOURCE_PREFIX, SIWF_CHAIN_ID, SIWF_LEGACY_STATEMENT, SIWF_STATEMENT,
};

use super::FarcasterError;
use crate::{
    eip191,
    siwx::{Message, Namespace, Timestamp},
};

/// How far ahead of frame-host's clock `Issued At` and `Not Before` may be, milliseconds.
const CLOCK_SKEW_MS: i64 = 60_000;

/// What a channel asks to be signed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Asked<'a> {
    pub(crate) domain: &'a str,
    pub(crate) siwe_uri: &'a str,
    pub(crate) nonce: &'a str,
    pub(crate) not_before: Option<&'a str>,
    pub(crate) expiration_time: Option<&'a str>,
    pub(crate) request_id: Option<&'a str>,
}

fn mismatch(why: &'static str) -> FarcasterError {
    FarcasterError::Mismatch(why)
}

/// The fid of a `farcaster://fid/{fid}` resource (`{fid}` a number without leading zeros, an
/// optional trailing `/`), if it is one.
fn fid_of(resource: &str) -> Option<u64> {
    let digits = resource.strip_prefix(FID_RESOURCE_PREFIX)?;
    let digits = digits.strip_suffix('/').unwrap_or(digits);
    let plain = !digits.is_empty()
        && !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| digits.parse().ok()).flatten()
}

/// Whether `written` names the same instant as the channel's `asked` time.
fn same_time(written: Option<&Timestamp>, asked: Option<&str>) -> bool {
    match (written, asked.and_then(Timestamp::parse)) {
        (None, None) => true,
        (Some(w), Some(a)) => w.unix_ms() == a.unix_ms(),
        _ => false,
    }
}

/// Reads `text` and checks it is the message `asked` wants, for `fid`, valid at `now` (Unix ms).
pub(crate) fn check_message(
    asked: &Asked<'_>,
    text: &str,
    fid: u64,
    now: i64,
) -> Result<Message, FarcasterError> {
    let message = Message::parse(text)?;
    if message.namespace != Namespace::Eip155 {
        return Err(mismatch("The message must be an Ethereum sign-in message"));
    }
    if !matches!(
        message.statement.as_deref(),
        Some(SIWF_STATEMENT | SIWF_LEGACY_STATEMENT)
    ) {
        return Err(mismatch("The message's statement must be 'Farcaster Auth'"));
    }
    if message.chain_id != SIWF_CHAIN_ID {
        return Err(mismatch("The message's Chain ID must be 10"));
    }
    let resources = message.resources.as_deref().unwrap_or_default();
    let mut fids = resources.iter().filter_map(|r| fid_of(r));
    match (fids.next(), fids.next()) {
        (Some(named), None) if named == fid => {}
        (Some(_), None) => {
            return Err(mismatch(
                "The message's farcaster://fid/ resource is not the fid sent",
            ))
        }
        (None, _) => {
            return Err(mismatch(
                "The message must name its fid as a farcaster://fid/ resource",
            ))
        }
        (Some(_), Some(_)) => {
            return Err(mismatch(
                "The message must name one farcaster://fid/ resource",
            ))
        }
    }
    if !message.domain.eq_ignore_ascii_case(asked.domain) {
        return Err(mismatch("The message's domain is not the channel's"));
    }
    if message.uri != asked.siwe_uri {
        return Err(mismatch("The message's URI is not the channel's"));
    }
    if message.nonce != asked.nonce {
        return Err(mismatch("The message's nonce is not the channel's"));
    }
    if message.request_id.as_deref() != asked.request_id {
        return Err(mismatch("The message's Request ID is not the channel's"));
    }
    if !same_time(message.not_before.as_ref(), asked.not_before) {
        return Err(mismatch("The message's Not Before is not the channel's"));
    }
    if !same_time(message.expiration_time.as_ref(), asked.expiration_time) {
        return Err(mismatch(
            "The message's Expiration Time is not the channel's",
        ));
    }
    if message.issued_at.unix_ms() > now + CLOCK_SKEW_MS
        || message
            .not_before
            .as_ref()
            .is_some_and(|t| t.unix_ms() > now + CLOCK_SKEW_MS)
    {
        return Err(FarcasterError::NotYetValid);
    }
    if message
        .expiration_time
        .as_ref()
        .is_some_and(|t| t.unix_ms() <= now)
    {
        return Err(FarcasterError::Expired);
    }
    Ok(message)
}

/// The custody address: the message's address, when the signature (`0x` and 130 hex digits,
/// `personal_sign` of `text`) recovers to it.
pub(crate) fn signer(
    message: &Message,
    text: &str,
    signature: &str,
) -> Result<Address, FarcasterError> {
    let bytes = eip191::signature_bytes(signature)
        .ok()
        .filter(|b| b.len() == 65)
        .ok_or(FarcasterError::Field(
            "signature",
            "must be 0x and 130 hex digits",
        ))?;
    // `r ‖ s ‖ v` with v 27 or 28 (or 0 or 1): any other v is no signature at all.
    if !matches!(bytes[64], 0 | 1 | 27 | 28) {
        return Err(FarcasterError::BadSignature);
    }
    let claimed: Address = message
        .address
        .parse()
        .map_err(|_| mismatch("The message's address is not an Ethereum address"))?;
    match eip191::recover(text, &bytes) {
        Some(recovered) if recovered == claimed => Ok(claimed),
        _ => Err(FarcasterError::BadSignature),
    }
}

#[cfg(test)]
mod tests {
    use alloy_signer::SignerSync;
    use alloy_signer_local::PrivateKeySigner;

    use super::*;

    /// 2026-01-01T00:00:00Z.
    const NOW: i64 = 1_767_225_600_000;

    const ASKED: Asked<'static> = Asked {
        domain: "shop.example.com",
        siwe_uri: "https://shop.example.com",
        nonce: "abcdef0123456789",
        not_before: None,
        expiration_time: None,
        request_id: None,
    };

    /// A FIP-11 message as `@farcaster/auth-client` writes it (viem's `createSiweMessage`),
    /// with `lines` replaced where given.
    fn message(address: &Address, edit: impl Fn(&mut Vec<String>)) -> String {
        let mut lines: Vec<String> = [
            "shop.example.com wants you to sign in with your Ethereum account:".to_owned(),
            address.to_checksum(None),
            String::new(),
            "Farcaster Auth".into(),
            String::new(),
            "URI: https://shop.example.com".into(),
            "Version: 1".into(),
            "Chain ID: 10".into(),
            "Nonce: abcdef0123456789".into(),
            "Issued At: 2026-01-01T00:00:00.000Z".into(),
            "Resources:".into(),
            "- farcaster://fid/7".into(),
        ]
        .into();
        edit(&mut lines);
        lines.join("\n")
    }

    fn sign(key: &PrivateKeySigner, text: &str) -> String {
        let signature = key.sign_message_sync(text.as_bytes()).unwrap();
        format!("0x{}", alloy_primitives::hex::encode(signature.as_bytes()))
    }

    #[test]
    fn a_custody_signed_message_for_the_channel_passes() {
        let key = PrivateKeySigner::random();
        let text = message(&key.address(), |_| {});
        let checked = check_message(&ASKED, &text, 7, NOW).unwrap();
        assert_eq!(
            signer(&checked, &text, &sign(&key, &text)).unwrap(),
            key.address()
        );
    }

    #[test]
    fn a_signature_by_another_key_or_of_another_text_is_refused() {
        let key = PrivateKeySigner::random();
        let other = PrivateKeySigner::random();
        let text = message(&key.address(), |_| {});
        let checked = check_message(&ASKED, &text, 7, NOW).unwrap();
        assert!(matches!(
            signer(&checked, &text, &sign(&other, &text)),
            Err(FarcasterError::BadSignature)
        ));
        let changed = text.replace("abcdef0123456789", "abcdef0123456780");
        assert!(matches!(
            signer(&checked, &text, &sign(&key, &changed)),
            Err(FarcasterError::BadSignature)
        ));
        // A signature whose v is not 27 or 28 (0 or 1) is refused, whatever it recovers to.
        let mut bad = sign(&key, &text);
        bad.replace_range(130.., "ff");
        assert!(matches!(
            signer(&checked, &text, &bad),
            Err(FarcasterError::BadSignature)
        ));
    }

    #[test]
    fn a_message_that_is_not_the_channels_is_refused() {
        let address = PrivateKeySigner::random().address();
        type Edit = fn(&mut Vec<String>);
        let cases: [(Edit, &str); 10] = [
            (
                |l| l[0] = "evil.example wants you to sign in with your Ethereum account:".into(),
                "domain",
            ),
            (|l| l[5] = "URI: https://evil.example".into(), "URI"),
            (|l| l[8] = "Nonce: abcdef0123456780".into(), "nonce"),
            (|l| l[3] = "Sign in to Shop".into(), "statement"),
            (|l| l[7] = "Chain ID: 1".into(), "Chain ID"),
            (|l| l[11] = "- farcaster://fid/8".into(), "not the fid sent"),
            (
                |l| l[11] = "- https://example.com".into(),
                "must name its fid",
            ),
            (
                |l| l.push("- farcaster://fid/9".into()),
                "one farcaster://fid/",
            ),
            (|l| l.insert(10, "Request ID: r-1".into()), "Request ID"),
            (
                |l| l.insert(10, "Expiration Time: 2027-01-01T00:00:00Z".into()),
                "Expiration Time",
            ),
        ];
        for (edit, named) in cases {
            let text = message(&address, edit);
            let error = check_message(&ASKED, &text, 7, NOW)
                .unwrap_err()
                .to_string();
            assert!(error.contains(named), "{named}: {error}");
        }
        let garbage = check_message(&ASKED, "hello", 7, NOW).unwrap_err();
        assert!(garbage.to_string().starts_with("Invalid sign-in message"));
    }

    #[test]
    fn the_time_window_holds_now() {
        let address = PrivateKeySigner::random().address();
        let asked = Asked {
            expiration_time: Some("2026-01-01T00:10:00Z"),
            not_before: Some("2026-01-01T00:00:00Z"),
            ..ASKED
        };
        let text = message(&address, |l| {
            l.insert(10, "Expiration Time: 2026-01-01T00:10:00.000Z".into());
            l.insert(11, "Not Before: 2026-01-01T00:00:00.000Z".into());
        });
        assert!(check_message(&asked, &text, 7, NOW).is_ok());
        assert!(matches!(
            check_message(&asked, &text, 7, NOW + 10 * 60_000),
            Err(FarcasterError::Expired)
        ));
        assert!(matches!(
            check_message(&asked, &text, 7, NOW - 2 * 60_000),
            Err(FarcasterError::NotYetValid)
        ));
        let ahead = message(&address, |l| {
            l[9] = "Issued At: 2026-01-01T00:05:00.000Z".into();
        });
        assert!(matches!(
            check_message(&ASKED, &ahead, 7, NOW),
            Err(FarcasterError::NotYetValid)
        ));
    }

    #[test]
    fn fid_resources() {
        assert_eq!(fid_of("farcaster://fid/1"), Some(1));
        assert_eq!(fid_of("farcaster://fid/123/"), Some(123));
        for bad in [
            "farcaster://fid/",
            "farcaster://fid/01",
            "farcaster://fid/1a",
            "farcaster://fid/99999999999999999999999",
            "https://fid/1",
        ] {
            assert_eq!(fid_of(bad), None, "{bad}");
        }
    }
}
