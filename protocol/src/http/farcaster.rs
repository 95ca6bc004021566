//! Sign In With Farcaster (FIP-11; `frame-host/API.md`, "Farcaster"): the bodies of
//! frame-host's Farcaster auth relay (`/v1/channel*`, the API of Farcaster's own relay, which
//! `@farcaster/auth-client` speaks) and of the frame's login over it (`/auth/v1/farcaster/*`).
//!
//! The flow: the frame asks `POST /auth/v1/farcaster/start` for a relay channel bound to its
//! device (a PKCE-style challenge, as social login's) and shows the channel's `url` (the spec's
//! `farcasterUrl`) as a QR code; the user's Farcaster client opens it, signs the FIP-11 message
//! with the account's custody key and posts it to `POST /v1/channel/authenticate`, where
//! frame-host checks it (the signature recovers the custody address, which owns the fid in the
//! IdRegistry); the frame polls `GET /v1/channel/status` until the channel is `completed`, then
//! redeems it with `POST /auth/v1/farcaster/redeem` (the spec's "connect Farcaster") for a session.

use serde::{Deserialize, Serialize};

/// The header a Farcaster client sends its relay key in (`POST /v1/channel/authenticate`).
pub const RELAY_KEY_HEADER: &str = "x-farcaster-auth-relay-key";
/// The statement of a FIP-11 message.
pub const SIWF_STATEMENT: &str = "Farcaster Auth";
/// The statement of FIP-11's first messages, still accepted.
pub const SIWF_LEGACY_STATEMENT: &str = "Farcaster Connect";
/// The `Chain ID` of every FIP-11 message (Optimism, where Farcaster's registries live).
pub const SIWF_CHAIN_ID: &str = "10";
/// The resource naming the account: `farcaster://fid/{fid}`.
pub const FID_RESOURCE_PREFIX: &str = "farcaster://fid/";

/// `POST /v1/channel`: a new channel, as an app asks for it. Unknown fields are refused, as
/// Farcaster's relay does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateChannelRequest {
    /// The app's login URI, the message's `URI`.
    pub siwe_uri: String,
    /// The app's domain (`host[:port]`), the message's first word.
    pub domain: String,
    /// The message's nonce (at least 8 letters and digits); frame-host makes one when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    /// The message's `Not Before` (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_before: Option<String>,
    /// The message's `Expiration Time` (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_time: Option<String>,
    /// The message's `Request ID`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// Where the Farcaster client may send the user back to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_url: Option<String>,
    /// Whether the app takes a signature by one of the account's auth addresses. frame-host
    /// checks custody signatures only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_auth_address: Option<bool>,
}

/// The answer of `POST /v1/channel` (201).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateChannelReply {
    /// The channel's secret: the Bearer token of its status and authenticate calls.
    pub channel_token: String,
    /// The sign-in link to show as a QR code (the spec's `farcasterUrl`).
    pub url: String,
    /// The same link (the name of Farcaster's earlier relay).
    pub connect_uri: String,
    /// The message's nonce.
    pub nonce: String,
}

/// How the message was signed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AuthMethod {
    /// By the account's custody address.
    Custody,
    /// By an auth address of the account (not accepted by frame-host).
    AuthAddress,
}

/// `POST /v1/channel/authenticate` (Bearer: the channel token): the signed message and the
/// account's profile, from the user's Farcaster client. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AuthenticateRequest {
    /// The FIP-11 message (EIP-4361 with the `farcaster://fid/{fid}` resource).
    pub message: String,
    /// Its `personal_sign` signature by the custody address: `0x` and 130 hex digits.
    pub signature: String,
    /// How it was signed (custody when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_method: Option<AuthMethod>,
    /// The account.
    pub fid: u64,
    /// Its username.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Its bio.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    /// Its display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    /// Its profile picture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pfp_url: Option<String>,
}

/// Whether the user's Farcaster client has answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChannelState {
    /// Not yet.
    Pending,
    /// The signed message is in.
    Completed,
}

/// What the channel asks to be signed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignatureParams {
    /// The message's `URI`.
    pub siwe_uri: String,
    /// The message's domain.
    pub domain: String,
    /// The message's nonce.
    pub nonce: String,
    /// `Not Before`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_before: Option<String>,
    /// `Expiration Time`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_time: Option<String>,
    /// `Request ID`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// Where to send the user back to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_url: Option<String>,
}

/// Who created the channel, for the Farcaster client to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChannelMetadata {
    /// The client address that created the channel.
    pub ip: String,
    /// Its `User-Agent` (at most 256 bytes).
    pub user_agent: String,
}

/// The answer of `GET /v1/channel/status` (202 while pending, 200 once completed) and of
/// `POST /v1/channel/authenticate` (201).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChannelStatus {
    /// Pending or completed.
    pub state: ChannelState,
    /// The message's nonce.
    pub nonce: String,
    /// The sign-in link.
    pub url: String,
    /// The signed message (completed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Its signature (completed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// How it was signed (completed: always custody here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_method: Option<AuthMethod>,
    /// The account (completed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fid: Option<u64>,
    /// Its username, as the Farcaster client gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Its bio, as the Farcaster client gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    /// Its display name, as the Farcaster client gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    /// Its profile picture, as the Farcaster client gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pfp_url: Option<String>,
    /// Its verified addresses (frame-host reads no Farcaster hub: always empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verifications: Option<Vec<String>>,
    /// Its custody address, which signed (checksummed; completed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custody: Option<String>,
    /// What the channel asks to be signed.
    pub signature_params: SignatureParams,
    /// Who created the channel.
    pub metadata: ChannelMetadata,
    /// As the channel was created.
    pub accept_auth_address: bool,
}

/// `POST /auth/v1/farcaster/start`: a channel for the frame's login.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FarcasterStartRequest {
    /// The project.
    pub project_id: String,
    /// This browser's device id.
    pub device_id: String,
    /// The dapp page's origin (one of the project's allowed origins): the message's domain
    /// is its host, its `URI` the origin.
    pub origin: String,
    /// `BASE64URL(SHA-256(verifier))` of a random verifier the frame keeps, as social login's:
    /// only it redeems the channel.
    pub challenge: String,
}

/// The answer of `POST /auth/v1/farcaster/start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FarcasterStartReply {
    /// The channel's token (its status's Bearer, and the redeem's).
    pub channel_token: String,
    /// The sign-in link (the spec's `farcasterUrl`).
    pub url: String,
    /// The message's nonce.
    pub nonce: String,
    /// Seconds until the channel expires.
    pub expires_in: u64,
}

/// `POST /auth/v1/farcaster/redeem`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FarcasterRedeemRequest {
    /// The project.
    pub project_id: String,
    /// The device that started the login.
    pub device_id: String,
    /// The completed channel.
    pub channel_token: String,
    /// The verifier whose hash was the start's `challenge`.
    pub verifier: String,
}

/// The Farcaster account a login signed in with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FarcasterAccount {
    /// The fid, whose custody address signed.
    pub fid: u64,
    /// The username the Farcaster client gave.
    pub username: Option<String>,
    /// The display name the Farcaster client gave.
    pub display_name: Option<String>,
    /// The profile picture the Farcaster client gave.
    pub pfp_url: Option<String>,
    /// The custody address (checksummed).
    pub custody: String,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_relay_bodies_are_farcasters() {
        let create: CreateChannelRequest = serde_json::from_value(json!({
            "siweUri": "https://example.com/login", "domain": "example.com",
            "nonce": "abcd1234", "acceptAuthAddress": true
        }))
        .unwrap();
        assert_eq!(create.nonce.as_deref(), Some("abcd1234"));
        assert_eq!(create.accept_auth_address, Some(true));
        assert!(serde_json::from_value::<CreateChannelRequest>(
            json!({ "siweUri": "https://example.com", "domain": "example.com", "extra": 1 })
        )
        .is_err());
        let auth: AuthenticateRequest = serde_json::from_value(json!({
            "message": "m", "signature": "0x00", "fid": 1, "username": "ada",
            "displayName": "Ada", "pfpUrl": "https://example.com/a.png", "authMethod": "custody"
        }))
        .unwrap();
        assert_eq!(auth.auth_method, Some(AuthMethod::Custody));
        assert_eq!(auth.display_name.as_deref(), Some("Ada"));
        assert!(serde_json::from_value::<AuthenticateRequest>(
            json!({ "message": "m", "signature": "0x00", "fid": -1 })
        )
        .is_err());
        assert_eq!(
            serde_json::to_value(AuthMethod::AuthAddress).unwrap(),
            json!("authAddress")
        );
    }

    #[test]
    fn a_pending_status_leaves_out_what_is_not_there() {
        let status = ChannelStatus {
            state: ChannelState::Pending,
            nonce: "abcd1234".into(),
            url: "https://farcaster.example/~/siwf?channelToken=t".into(),
            message: None,
            signature: None,
            auth_method: None,
            fid: None,
            username: None,
            bio: None,
            display_name: None,
            pfp_url: None,
            verifications: None,
            custody: None,
            signature_params: SignatureParams {
                siwe_uri: "https://example.com".into(),
                domain: "example.com".into(),
                nonce: "abcd1234".into(),
                not_before: None,
                expiration_time: None,
                request_id: None,
                redirect_url: None,
            },
            metadata: ChannelMetadata {
                ip: "10.0.0.1".into(),
                user_agent: "test".into(),
            },
            accept_auth_address: false,
        };
        assert_eq!(
            serde_json::to_value(&status).unwrap(),
            json!({
                "state": "pending", "nonce": "abcd1234",
                "url": "https://farcaster.example/~/siwf?channelToken=t",
                "signatureParams": { "siweUri": "https://example.com", "domain": "example.com", "nonce": "abcd1234" },
                "metadata": { "ip": "10.0.0.1", "userAgent": "test" },
                "acceptAuthAddress": false
            })
        );
    }
}
