//! Why a social login failed at the callback: a [`SocialErrorCode`] and a message for people,
//! and what only the log sees.

use oriel_protocol::{
    http::social::{SocialErrorCode, SocialFailure},
    SocialProvider,
};

/// A failed social login: the code and message the callback page posts, and a detail for the
/// log (never shown: it may name URLs or upstream errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) code: SocialErrorCode,
    pub(crate) message: String,
    pub(crate) detail: Option<String>,
}

/// At most this many characters of an error code a provider sends are shown.
const MAX_SHOWN_ERROR: usize = 64;

/// An OAuth error code as a provider wrote it, cut to what is safe to show: ASCII letters,
/// digits, `_`, `-` and `.`, at most [`MAX_SHOWN_ERROR`] of them.
pub(crate) fn shown_error(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .take(MAX_SHOWN_ERROR)
        .collect()
}

impl Failure {
    fn new(code: SocialErrorCode, message: String) -> Self {
        Self {
            code,
            message,
            detail: None,
        }
    }

    /// With `detail` for the log.
    pub(crate) fn logged(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// The user declined at the provider.
    pub(crate) fn denied(provider: SocialProvider) -> Self {
        Self::new(
            SocialErrorCode::AccessDenied,
            format!("Sign-in with {} was declined", provider.title()),
        )
    }

    /// The callback's state, provider or issuer is not the login's.
    pub(crate) fn state_mismatch() -> Self {
        Self::new(
            SocialErrorCode::StateMismatch,
            "This sign-in does not match the one started in the app: start again".into(),
        )
    }

    /// The login reached the callback too late.
    pub(crate) fn expired() -> Self {
        Self::new(
            SocialErrorCode::Expired,
            "This sign-in took too long: start again".into(),
        )
    }

    /// The token endpoint refused the code (`error` is its OAuth error code, or the status).
    pub(crate) fn token_exchange(provider: SocialProvider, error: &str) -> Self {
        Self::new(
            SocialErrorCode::TokenExchange,
            format!(
                "{} did not confirm the sign-in ({})",
                provider.title(),
                shown_error(error)
            ),
        )
    }

    /// The provider sent an error back, could not be reached, or its account data was not
    /// readable (`what` says which, in words safe to show).
    pub(crate) fn provider(provider: SocialProvider, what: &str) -> Self {
        Self::new(
            SocialErrorCode::ProviderError,
            format!("{}: {what}", provider.title()),
        )
    }

    /// The protocol's form.
    pub(crate) fn to_message(&self) -> SocialFailure {
        SocialFailure {
            code: self.code,
            message: self.message.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        assert_eq!(
            Failure::denied(SocialProvider::Github).message,
            "Sign-in with GitHub was declined"
        );
        assert_eq!(
            Failure::token_exchange(SocialProvider::X, "invalid_grant<script>").message,
            "X did not confirm the sign-in (invalid_grantscript)"
        );
        assert_eq!(shown_error(&"a".repeat(100)).len(), 64);
    }
}
