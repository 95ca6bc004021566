//! The relay's handlers: `POST /v1/channel`, `GET /v1/channel/status`,
//! `POST /v1/channel/authenticate`, with the bodies and statuses of Farcaster's own relay
//! (201, 202 while pending, 200 once completed, 401 for an unknown channel).

use axum::{
    body::Bytes,
    extract::State,
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use oriel_protocol::http::farcaster::{
    AuthMethod, AuthenticateRequest, ChannelMetadata, ChannelState, ChannelStatus,
    CreateChannelReply, CreateChannelRequest, SignatureParams, RELAY_KEY_HEADER,
};

use crate::{
    error::ApiError,
    farcaster::{
        channel_token, id_registry, rules,
        verify::{self, Asked},
        Farcaster, FarcasterError, Setup,
    },
    http::{ApiJson, ClientIp},
    secrets,
    store::{Channel, ChannelLogin, Completion},
};

/// Channels created, messages posted, logins started or redeemed, per client IP per 10
/// minutes (each counted apart).
pub(super) const PER_IP_LIMIT: i64 = 60;

/// How long a browser may keep a preflight's answer, seconds.
const PREFLIGHT_MAX_AGE_SECS: u32 = 600;

/// Every relay answer: readable by any origin (the calls carry their own channel token, never
/// a cookie), and never cached (a status holds the signed message).
pub(super) async fn cors(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A preflight of a relay route: 204 with the methods and headers Farcaster's clients send.
pub(super) async fn preflight() -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("authorization, content-type, x-farcaster-auth-relay-key"),
    );
    headers.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from(PREFLIGHT_MAX_AGE_SECS),
    );
    response
}

/// The sign-in link of a channel: `{url_base}?channelToken=…&nonce=…&siweUri=…&domain=…`, with
/// `notBefore`, `expirationTime` and `requestId` when the channel has them (FIP-11's link,
/// which a Farcaster client reads what to sign from).
pub(super) fn sign_in_url(setup: &Setup, token: &str, channel: &Channel) -> String {
    let mut url = url::Url::parse(&setup.url_base).unwrap_or_else(|_| {
        // `url_base` was checked at startup.
        url::Url::parse("https://invalid.example").expect("a valid URL")
    });
    {
        let mut query = url.query_pairs_mut();
        query
            .append_pair("channelToken", token)
            .append_pair("nonce", &channel.nonce)
            .append_pair("siweUri", &channel.siwe_uri)
            .append_pair("domain", &channel.domain);
        for (name, value) in [
            ("notBefore", &channel.not_before),
            ("expirationTime", &channel.expiration_time),
            ("requestId", &channel.request_id),
        ] {
            if let Some(value) = value {
                query.append_pair(name, value);
            }
        }
    }
    url.into()
}

/// A new channel for `request` (checked), from `ip` with `user_agent`, for `login` if any:
/// its token (the caller's only copy) and the stored channel.
pub(super) async fn open(
    state: &Farcaster,
    setup: &Setup,
    request: CreateChannelRequest,
    ip: String,
    user_agent: &str,
    login: Option<ChannelLogin>,
) -> Result<(String, Channel), ApiError> {
    let token = secrets::token()?;
    let now = state.now_ms();
    let nonce = match request.nonce {
        Some(nonce) => nonce,
        None => secrets::id()?,
    };
    let channel = Channel {
        token_hash: secrets::token_hash(&token),
        nonce,
        domain: request.domain,
        siwe_uri: request.siwe_uri,
        not_before: request.not_before,
        expiration_time: request.expiration_time,
        request_id: request.request_id,
        redirect_url: request.redirect_url,
        accept_auth_address: request.accept_auth_address.unwrap_or(false),
        ip,
        user_agent: rules::truncate(user_agent, rules::MAX_USER_AGENT),
        completion: None,
        login,
        redeemed_at: None,
        created_at: now,
        expires_at: now.saturating_add(setup.ttl_ms),
    };
    state.store().insert_channel(&channel).await?;
    Ok((token, channel))
}

fn user_agent(headers: &HeaderMap) -> &str {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

/// The limit on channels and messages from `ip` ([`PER_IP_LIMIT`] per 10 minutes each).
pub(super) async fn check_ip(
    state: &Farcaster,
    what: &str,
    ip: std::net::IpAddr,
) -> Result<(), ApiError> {
    state
        .check_windows(&[(format!("farcaster-{what}:{ip}"), PER_IP_LIMIT)])
        .await
}

/// `POST /v1/channel`: 201 `{channelToken, url, connectUri, nonce}`.
pub(super) async fn create(
    State(state): State<Farcaster>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(request): ApiJson<CreateChannelRequest>,
) -> Result<(StatusCode, Json<CreateChannelReply>), ApiError> {
    let setup = state.setup()?;
    rules::check_channel(&request)?;
    check_ip(&state, "channel", ip).await?;
    let (token, channel) = open(
        &state,
        setup,
        request,
        ip.to_string(),
        user_agent(&headers),
        None,
    )
    .await?;
    let url = sign_in_url(setup, &token, &channel);
    Ok((
        StatusCode::CREATED,
        Json(CreateChannelReply {
            channel_token: token,
            connect_uri: url.clone(),
            url,
            nonce: channel.nonce,
        }),
    ))
}

/// The status of `channel` as the relay answers it.
pub(super) fn status_of(setup: &Setup, token: &str, channel: &Channel) -> ChannelStatus {
    let completion = channel.completion.as_ref();
    ChannelStatus {
        state: match completion {
            Some(_) => ChannelState::Completed,
            None => ChannelState::Pending,
        },
        nonce: channel.nonce.clone(),
        url: sign_in_url(setup, token, channel),
        message: completion.map(|c| c.message.clone()),
        signature: completion.map(|c| c.signature.clone()),
        auth_method: completion.map(|_| AuthMethod::Custody),
        fid: completion.map(|c| c.fid),
        username: completion.and_then(|c| c.username.clone()),
        bio: completion.and_then(|c| c.bio.clone()),
        display_name: completion.and_then(|c| c.display_name.clone()),
        pfp_url: completion.and_then(|c| c.pfp_url.clone()),
        verifications: completion.map(|_| Vec::new()),
        custody: completion.map(|c| c.custody.clone()),
        signature_params: SignatureParams {
            siwe_uri: channel.siwe_uri.clone(),
            domain: channel.domain.clone(),
            nonce: channel.nonce.clone(),
            not_before: channel.not_before.clone(),
            expiration_time: channel.expiration_time.clone(),
            request_id: channel.request_id.clone(),
            redirect_url: channel.redirect_url.clone(),
        },
        metadata: ChannelMetadata {
            ip: channel.ip.clone(),
            user_agent: channel.user_agent.clone(),
        },
        accept_auth_address: channel.accept_auth_address,
    }
}

/// The live channel of the request's Bearer token: the token and the channel.
async fn bearer_channel<'h>(
    state: &Farcaster,
    headers: &'h HeaderMap,
) -> Result<(&'h str, Channel), ApiError> {
    let token = channel_token(headers)?;
    let channel = state
        .store()
        .channel(&secrets::token_hash(token), state.now_ms())
        .await?
        .ok_or(FarcasterError::UnknownChannel)?;
    Ok((token, channel))
}

/// `GET /v1/channel/status`: 202 while pending, 200 once completed. A completed channel that
/// no login of the frame waits for is closed once read, as Farcaster's relay does; a login's
/// stays until it is redeemed or expires.
pub(super) async fn status(
    State(state): State<Farcaster>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<ChannelStatus>), ApiError> {
    let setup = state.setup()?;
    let (token, channel) = bearer_channel(&state, &headers).await?;
    let status = status_of(setup, token, &channel);
    if channel.completion.is_none() {
        return Ok((StatusCode::ACCEPTED, Json(status)));
    }
    if channel.login.is_none() {
        state.store().close_channel(&channel.token_hash).await?;
    }
    Ok((StatusCode::OK, Json(status)))
}

/// `POST /v1/channel/authenticate`: the relay key, the channel, then the body and its
/// message (see `verify`), then the IdRegistry; 201 with the completed status.
pub(super) async fn authenticate(
    State(state): State<Farcaster>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    body: Bytes,
) -> Result<(StatusCode, Json<ChannelStatus>), ApiError> {
    let setup = state.setup()?;
    let key = headers
        .get(RELAY_KEY_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !setup.trusts(key) {
        return Err(FarcasterError::RelayKey.into());
    }
    let (token, channel) = bearer_channel(&state, &headers).await?;
    if channel.completion.is_some() {
        return Err(FarcasterError::AlreadyCompleted.into());
    }
    check_ip(&state, "authenticate", ip).await?;
    let request: AuthenticateRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::InvalidParams(format!("Invalid body: {e}")))?;
    if request.auth_method == Some(AuthMethod::AuthAddress) {
        return Err(FarcasterError::AuthAddress.into());
    }
    rules::check_authenticate(&request)?;
    let asked = Asked {
        domain: &channel.domain,
        siwe_uri: &channel.siwe_uri,
        nonce: &channel.nonce,
        not_before: channel.not_before.as_deref(),
        expiration_time: channel.expiration_time.as_deref(),
        request_id: channel.request_id.as_deref(),
    };
    let message = verify::check_message(&asked, &request.message, request.fid, state.now_ms())?;
    let custody = verify::signer(&message, &request.message, &request.signature)?;
    id_registry::check_owner(state.chains(), setup, custody, request.fid).await?;
    let completion = Completion {
        message: request.message,
        signature: request.signature.to_ascii_lowercase(),
        fid: request.fid,
        username: request.username,
        display_name: request.display_name,
        bio: request.bio,
        pfp_url: request.pfp_url,
        custody: custody.to_checksum(None),
    };
    let now = state.now_ms();
    if !state
        .store()
        .complete_channel(&channel.token_hash, &completion, now)
        .await?
    {
        // Another message completed it meanwhile, or it expired on the way.
        let live = state.store().channel(&channel.token_hash, now).await?;
        return Err(match live {
            Some(_) => FarcasterError::AlreadyCompleted,
            None => FarcasterError::UnknownChannel,
        }
        .into());
    }
    tracing::info!(fid = completion.fid, "farcaster channel completed");
    let completed = Channel {
        completion: Some(completion),
        ..channel
    };
    Ok((
        StatusCode::CREATED,
        Json(status_of(setup, token, &completed)),
    ))
}
