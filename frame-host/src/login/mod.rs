//! Logins by email: device verification, one-time codes, email changes and export codes
//! (`API.md`, "Auth"). [`Login`] holds what the flows need; each flow is a method in its own
//! file (`email`, `device`, `email_update`, `export`), the codes' rules are in [`otp`], the
//! limits in [`limits`] and the per-account budget of wrong codes in [`guesses`]. Approval
//! links and their page are [`approval`]'s (also used by social and Farcaster logins). Every
//! login ends in a session ([`Sessions::open`]).

pub(crate) mod approval;
mod device;
mod email;
mod email_update;
mod export;
pub(crate) mod guesses;
pub(crate) mod limits;
pub(crate) mod otp;
pub(crate) mod pending;
pub(crate) mod requester;

use oriel_protocol::text;

pub(crate) use approval::Approvals;

use crate::{
    clock::Clock,
    error::ApiError,
    keys::Keys,
    limits::Limits,
    mail::Mailer,
    sessions::Sessions,
    store::{Store, User},
};

/// What the login flows use. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct Login {
    store: Store,
    clock: Clock,
    keys: Keys,
    mailer: Mailer,
    sessions: Sessions,
    limits: Limits,
    /// `email_codes_per_ip`.
    codes_per_ip: u32,
    /// Approval links and their page.
    approvals: Approvals,
}

/// The settings of the login flows.
#[derive(Debug, Clone)]
pub(crate) struct LoginSettings {
    /// Emailed codes per client IP per 10 minutes (`email_codes_per_ip`).
    pub(crate) codes_per_ip: u32,
}

impl Login {
    pub(crate) fn new(
        store: Store,
        clock: Clock,
        keys: Keys,
        mailer: Mailer,
        sessions: Sessions,
        approvals: Approvals,
        settings: LoginSettings,
    ) -> Self {
        Self {
            limits: Limits::new(store.clone(), clock.clone()),
            store,
            clock,
            keys,
            mailer,
            sessions,
            codes_per_ip: settings.codes_per_ip,
            approvals,
        }
    }

    fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The approval links' service.
    pub(crate) fn approvals(&self) -> &Approvals {
        &self.approvals
    }
}

/// 403 for a user without an email address, on the routes that mail a code to it.
pub(crate) const NO_EMAIL: &str =
    "This account has no email address: it signs in with a social account";

/// The address the codes of `user` go to; 403 [`NO_EMAIL`] when the user has none (a social
/// login without a provider-verified email).
pub(crate) fn mailbox_of(user: &User) -> Result<&str, ApiError> {
    user.email.as_deref().ok_or(ApiError::Forbidden(NO_EMAIL))
}

/// The email, trimmed and lowercased, if it is a valid address (spec §5; the rule is
/// `oriel_protocol::email`'s, the frame's and the SDK's too); else 400 'Invalid email'.
pub(crate) fn normalize_email(email: &str) -> Result<String, ApiError> {
    oriel_protocol::email::normalize_email(email)
        .ok_or_else(|| ApiError::invalid(text::INVALID_EMAIL))
}

/// A device id: 16 to 128 characters of letters, digits, `-` or `_` (the frame sends 32
/// hex digits); else 400.
pub(crate) fn check_device_id(id: &str) -> Result<(), ApiError> {
    if (16..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(())
    } else {
        Err(ApiError::invalid("Invalid deviceId"))
    }
}

#[cfg(test)]
mod tests {
    use oriel_protocol::email::is_valid_email;

    use super::*;

    /// The vectors of `fixtures/email`, which the protocol crate, the frame and the SDK run too.
    fn vectors(name: &str) -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/email")
            .join(name);
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn emails() {
        for ok in vectors("valid.json") {
            assert!(is_valid_email(&ok), "{ok}");
            assert_eq!(normalize_email(&ok).unwrap(), ok.to_lowercase(), "{ok}");
        }
        for bad in vectors("invalid.json") {
            assert!(!is_valid_email(&bad), "{bad}");
            if bad.trim() == bad {
                assert!(normalize_email(&bad).is_err(), "{bad}");
            }
        }
        assert_eq!(
            normalize_email("  Ann@Example.COM ").unwrap(),
            "ann@example.com"
        );
        assert!(normalize_email("nope").is_err());
    }

    #[test]
    fn device_ids() {
        assert!(check_device_id("0123456789abcdef0123456789abcdef").is_ok());
        assert!(check_device_id("short").is_err());
        assert!(check_device_id("0123456789abcdef/123456789abcdef").is_err());
    }
}
