//! The logins the frame starts on one of its devices and redeems with its verifier (social
//! and Farcaster): their one start check and their one redeem. The frame makes a PKCE-style
//! verifier and sends its S256 at the start; only the device that started a login, holding
//! the verifier, opens its session.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use oriel_protocol::http::SessionReply;
use sha2::{Digest, Sha256};

use super::{
    approval::{Approvals, Asker},
    check_device_id,
};
use crate::{
    clock::Clock,
    error::ApiError,
    projects::{Projects, ORIGIN_NOT_ALLOWED},
    secrets,
    sessions::Sessions,
    store::{Identity, PendingLogin, Store},
};

/// The longest dapp origin accepted, bytes.
const MAX_ORIGIN: usize = 255;

/// `BASE64URL(SHA-256(verifier))`, PKCE's S256.
pub(crate) fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A PKCE verifier: 43 to 128 of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
pub(crate) fn valid_verifier(v: &str) -> bool {
    (43..=128).contains(&v.len())
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// An S256 challenge: 43 base64url characters.
pub(crate) fn valid_challenge(c: &str) -> bool {
    c.len() == 43
        && c.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
}

/// The start of a login the frame will redeem: the device id, the S256 challenge, and the
/// dapp page's origin, which must be one of the project's (at most 255 bytes, no trailing
/// `/`); 400 for the first two, 403 'Origin not allowed' for the last.
pub(crate) fn check_start(
    projects: &Projects,
    project_id: &str,
    device_id: &str,
    challenge: &str,
    origin: &str,
) -> Result<(), ApiError> {
    check_device_id(device_id)?;
    if !valid_challenge(challenge) {
        return Err(ApiError::invalid(
            "Invalid challenge: 43 base64url characters (S256 of the verifier)",
        ));
    }
    let allowed = projects.allows(project_id, origin);
    if origin.len() > MAX_ORIGIN || origin.ends_with('/') || !allowed {
        return Err(ApiError::Forbidden(ORIGIN_NOT_ALLOWED));
    }
    Ok(())
}

/// The redeem's own fields: the device id and the verifier; 400 when malformed.
pub(crate) fn check_redeem_input(device_id: &str, verifier: &str) -> Result<(), ApiError> {
    check_device_id(device_id)?;
    if !valid_verifier(verifier) {
        return Err(ApiError::invalid(
            "Invalid verifier: 43 to 128 characters of A-Z a-z 0-9 - . _ ~",
        ));
    }
    Ok(())
}

/// Why a pending login cannot be redeemed by this request; each method says it in its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Another device, or the wrong verifier.
    Foreign,
    /// Redeemed already.
    Used,
}

/// Whether the device `device_id` with `verifier` may redeem `login` now.
pub(crate) fn check_redeem(
    login: &PendingLogin,
    device_id: &str,
    verifier: &str,
) -> Result<(), Refusal> {
    if login.device_id != device_id || s256(verifier) != login.challenge {
        tracing::warn!(row = ?login.row, "a login redeemed by another device");
        return Err(Refusal::Foreign);
    }
    if login.redeemed_at.is_some() {
        return Err(Refusal::Used);
    }
    Ok(())
}

/// Redeems `login` for its account `identity` and opens the device's session; `Ok(None)` when
/// it was redeemed meanwhile (or expired). A new device of an existing account gets its session
/// but not the recovery key: the account's verified email is asked to approve it, on the same
/// two-step page as an email login's new device (issue 38 M-3), for `asker`'s request.
pub(crate) async fn open_session(
    (store, sessions, clock): (&Store, &Sessions, &Clock),
    approvals: &Approvals,
    asker: &Asker<'_>,
    login: &PendingLogin,
    identity: &Identity,
) -> Result<Option<SessionReply>, ApiError> {
    let (token, refresh) = sessions.new_refresh(&login.project_id)?;
    let family = secrets::id()?;
    let user = store
        .redeem_login(
            login,
            identity,
            &secrets::id()?,
            &refresh,
            &family,
            clock.now_ms(),
        )
        .await?;
    let Some((user, verified)) = user else {
        return Ok(None);
    };
    tracing::info!(row = ?login.row, user = %user.id, verified, "login redeemed");
    if !verified {
        approvals.ask_owner(&user, &login.device_id, asker).await?;
    }
    Ok(Some(sessions.open(
        user,
        &login.device_id,
        &family,
        token,
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s256_is_rfc_7636s_example() {
        // RFC 7636 Appendix B.
        assert_eq!(
            s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        assert!(valid_challenge(
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
        assert!(!valid_challenge(
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c="
        ));
        assert!(valid_verifier(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        ));
        assert!(!valid_verifier("short"));
        assert!(!valid_verifier(&"a".repeat(129)));
    }
}
