//! Social login (`/auth/v1/social/*`, `frame-host/API.md` "Social login"): the bodies the
//! frame sends and frame-host answers, and the two messages frame-host's callback page posts
//! when the provider sends the user back.
//!
//! The flow: the frame asks `POST /auth/v1/social/start` for the provider's authorization URL
//! (the spec's "get social redirect URI"), bound to its device by a PKCE-style challenge; the
//! dapp's page opens it in a popup; the provider redirects to frame-host's callback, which
//! exchanges the code server-side and posts a [`SocialResultMessage`] (a one-time result, or
//! why it failed) to every window on frame-host's origin inside the popup's opener (the
//! frame), and a [`SocialDoneMessage`] (no secret) to the opener itself (the dapp's page, at
//! the origin the frame named). The frame then redeems the result with
//! `POST /auth/v1/social/redeem` (the spec's "connect social") for a session.

use serde::{Deserialize, Serialize};

use crate::types::SocialProvider;

/// `type` of [`SocialResultMessage`].
pub const RESULT_MESSAGE_TYPE: &str = "oriel:social-result";
/// `type` of [`SocialDoneMessage`].
pub const DONE_MESSAGE_TYPE: &str = "oriel:social-done";
/// `version` of both messages.
pub const MESSAGE_VERSION: u8 = 1;

/// `POST /auth/v1/social/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialStartRequest {
    /// The project.
    pub project_id: String,
    /// The provider to sign in with.
    pub provider: SocialProvider,
    /// This browser's device id.
    pub device_id: String,
    /// The origin of the dapp page that opens the popup (one of the project's allowed
    /// origins): the callback page tells it, and only it, that the login ended.
    pub origin: String,
    /// `BASE64URL(SHA-256(verifier))` (43 characters) of a random verifier the frame keeps
    /// and shows only to redeem the result, as PKCE's S256 does.
    pub challenge: String,
}

/// The answer of `POST /auth/v1/social/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialStartReply {
    /// Names this login in the callback's messages.
    pub login_id: String,
    /// The provider's authorization URL, to open in a popup.
    pub uri: String,
    /// Seconds the login may take before the callback refuses it.
    pub expires_in: u64,
}

/// `POST /auth/v1/social/redeem`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialRedeemRequest {
    /// The project.
    pub project_id: String,
    /// The device that started the login.
    pub device_id: String,
    /// The one-time result of [`SocialResultMessage`].
    pub result: String,
    /// The verifier whose hash was the start's `challenge`.
    pub verifier: String,
}

/// The provider account a social login signed in with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialAccount {
    /// The provider.
    pub provider: SocialProvider,
    /// The name to show: the provider's username or handle (Google and Apple: the email),
    /// when it gives one.
    pub username: Option<String>,
    /// The email the provider gave, if any.
    pub email: Option<String>,
    /// Whether the provider says it verified that email.
    pub email_verified: bool,
}

/// Why a social login failed before there was a result to redeem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum SocialErrorCode {
    /// The user declined (or cancelled) at the provider.
    AccessDenied,
    /// The callback's `state` (or issuer, or provider) is not the login's.
    StateMismatch,
    /// The login took longer than it may.
    Expired,
    /// The provider would not exchange the code for tokens.
    TokenExchange,
    /// The provider answered with another error, or its user data could not be read.
    ProviderError,
}

/// A failed social login, as the callback page posts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SocialFailure {
    /// What went wrong.
    pub code: SocialErrorCode,
    /// The text for people.
    pub message: String,
}

/// What the callback page posts to each window on frame-host's origin inside its opener
/// (the frame): `{ type: "oriel:social-result", version: 1, loginId, provider, result }` on
/// success, with `error: { code, message }` instead of `result` on failure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialResultMessage {
    /// [`RESULT_MESSAGE_TYPE`].
    #[serde(rename = "type")]
    pub kind: String,
    /// [`MESSAGE_VERSION`].
    pub version: u8,
    /// The start's `loginId`.
    pub login_id: String,
    /// The provider.
    pub provider: SocialProvider,
    /// The one-time result to redeem (success only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Why it failed (failure only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<SocialFailure>,
}

/// What the callback page posts to its opener (the dapp's page, at the start's `origin`):
/// `{ type: "oriel:social-done", version: 1, provider, ok }`, with `error` when `ok` is false.
/// It carries no secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SocialDoneMessage {
    /// [`DONE_MESSAGE_TYPE`].
    #[serde(rename = "type")]
    pub kind: String,
    /// [`MESSAGE_VERSION`].
    pub version: u8,
    /// The provider.
    pub provider: SocialProvider,
    /// Whether the frame now has a result to redeem.
    pub ok: bool,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<SocialFailure>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn messages_as_posted() {
        let ok = SocialResultMessage {
            kind: RESULT_MESSAGE_TYPE.into(),
            version: MESSAGE_VERSION,
            login_id: "L".into(),
            provider: SocialProvider::Github,
            result: Some("R".into()),
            error: None,
        };
        assert_eq!(
            serde_json::to_value(&ok).unwrap(),
            json!({ "type": "oriel:social-result", "version": 1, "loginId": "L", "provider": "github", "result": "R" })
        );
        let failed = SocialDoneMessage {
            kind: DONE_MESSAGE_TYPE.into(),
            version: MESSAGE_VERSION,
            provider: SocialProvider::X,
            ok: false,
            error: Some(SocialFailure {
                code: SocialErrorCode::AccessDenied,
                message: "no".into(),
            }),
        };
        assert_eq!(
            serde_json::to_value(&failed).unwrap(),
            json!({ "type": "oriel:social-done", "version": 1, "provider": "x", "ok": false,
                    "error": { "code": "access_denied", "message": "no" } })
        );
    }

    #[test]
    fn a_user_without_email_has_no_email_field() {
        use super::super::UserReply;

        let user = UserReply {
            user_id: "u".into(),
            email: String::new(),
        };
        assert_eq!(
            serde_json::to_value(&user).unwrap(),
            json!({ "userId": "u" })
        );
        let back: UserReply = serde_json::from_value(json!({ "userId": "u" })).unwrap();
        assert_eq!(back, user);
    }
}
