//! The frame's Farcaster login over the relay: `POST /auth/v1/farcaster/start` (a channel for
//! the dapp page's domain, bound to the frame's device and verifier) and
//! `POST /auth/v1/farcaster/redeem` (the completed channel opens a session, as social login's).

use axum::{extract::State, http::HeaderMap, Json};
use oriel_protocol::http::{
    farcaster::{
        CreateChannelRequest, FarcasterAccount, FarcasterRedeemRequest, FarcasterStartReply,
        FarcasterStartRequest,
    },
    SessionReply,
};

use super::relay;
use crate::{
    error::ApiError,
    farcaster::{rules, Farcaster, FarcasterError},
    http::{ClientIp, ProjectJson},
    login::{
        approval::Asker,
        pending::{check_redeem, check_redeem_input, check_start, open_session, Refusal},
    },
    secrets,
    store::ChannelLogin,
};

/// Login starts one device may make per 10 minutes.
const PER_DEVICE_LIMIT: i64 = 20;
/// The longest channel token read, bytes (frame-host's are 64).
const MAX_TOKEN: usize = 128;

/// The message's domain (`host[:port]`) and `URI` (the origin) of a dapp page's origin.
fn domain_and_uri(origin: &str) -> Option<(String, String)> {
    let url = url::Url::parse(origin).ok()?;
    let host = url.host_str()?;
    let domain = match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    };
    Some((domain, url.origin().ascii_serialization()))
}

/// `POST /auth/v1/farcaster/start`: a channel whose message the dapp page's domain asks for.
pub(super) async fn start(
    State(state): State<Farcaster>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ProjectJson(body): ProjectJson<FarcasterStartRequest>,
) -> Result<Json<FarcasterStartReply>, ApiError> {
    let setup = state.setup()?;
    check_start(
        state.projects(),
        &body.project_id,
        &body.device_id,
        &body.challenge,
        &body.origin,
    )?;
    let (domain, siwe_uri) =
        domain_and_uri(&body.origin).ok_or(FarcasterError::OriginNotAllowed)?;
    let request = CreateChannelRequest {
        siwe_uri,
        domain,
        nonce: None,
        not_before: None,
        expiration_time: None,
        request_id: None,
        redirect_url: None,
        accept_auth_address: Some(false),
    };
    rules::check_channel(&request)?;
    state
        .check_windows(&[
            (format!("farcaster-start:{ip}"), relay::PER_IP_LIMIT),
            (
                format!("farcaster-start-device:{}", body.device_id),
                PER_DEVICE_LIMIT,
            ),
        ])
        .await?;
    let login = ChannelLogin {
        project_id: body.project_id,
        device_id: body.device_id,
        challenge: body.challenge,
    };
    let user_agent = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let (token, channel) = relay::open(
        &state,
        setup,
        request,
        ip.to_string(),
        user_agent,
        Some(login),
    )
    .await?;
    tracing::info!("farcaster login started");
    Ok(Json(FarcasterStartReply {
        url: relay::sign_in_url(setup, &token, &channel),
        channel_token: token,
        nonce: channel.nonce,
        expires_in: u64::try_from(setup.ttl_ms / 1000).unwrap_or_default(),
    }))
}

/// `POST /auth/v1/farcaster/redeem`: the device and verifier that started the login, a
/// completed channel not redeemed yet; then the session.
pub(super) async fn redeem(
    State(state): State<Farcaster>,
    ClientIp(ip): ClientIp,
    headers: axum::http::HeaderMap,
    ProjectJson(body): ProjectJson<FarcasterRedeemRequest>,
) -> Result<Json<SessionReply>, ApiError> {
    state.setup()?;
    check_redeem_input(&body.device_id, &body.verifier)?;
    relay::check_ip(&state, "redeem", ip).await?;
    let now = state.now_ms();
    let well_formed = !body.channel_token.is_empty() && body.channel_token.len() <= MAX_TOKEN;
    let channel = match well_formed {
        true => {
            state
                .store()
                .channel(&secrets::token_hash(&body.channel_token), now)
                .await?
        }
        false => None,
    }
    .ok_or(FarcasterError::UnknownChannel)?;
    let login = channel
        .pending()
        .filter(|l| l.project_id == body.project_id)
        .ok_or(FarcasterError::NotALogin)?;
    check_redeem(&login, &body.device_id, &body.verifier).map_err(|r| match r {
        Refusal::Foreign => FarcasterError::Foreign,
        Refusal::Used => FarcasterError::Used,
    })?;
    let completion = channel.completion.ok_or(FarcasterError::Pending)?;
    let services = (state.store(), state.sessions(), state.clock());
    let user_agent = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok());
    let asker = Asker {
        user_agent,
        ip,
        origin: Some(&channel.siwe_uri),
    };
    let session = open_session(
        services,
        state.approvals(),
        &asker,
        &login,
        &completion.identity(),
    )
    .await?
    .ok_or(FarcasterError::Used)?;
    Ok(Json(SessionReply {
        farcaster: Some(FarcasterAccount {
            fid: completion.fid,
            username: completion.username,
            display_name: completion.display_name,
            pfp_url: completion.pfp_url,
            custody: completion.custody,
        }),
        ..session
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pages_origin_gives_the_messages_domain_and_uri() {
        assert_eq!(
            domain_and_uri("https://shop.example.com"),
            Some(("shop.example.com".into(), "https://shop.example.com".into()))
        );
        assert_eq!(
            domain_and_uri("http://localhost:5173"),
            Some(("localhost:5173".into(), "http://localhost:5173".into()))
        );
        assert_eq!(domain_and_uri("not an origin"), None);
    }
}
