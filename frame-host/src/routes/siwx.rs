//! Sign-in with a wallet (`API.md`, "Sign in with a wallet"): `/v1/sessions*` (Blockchain API
//! routes: `projectId`, `st`, `sv` in the query and CORS for the project's origins) and
//! `/.well-known/jwks.json`, over [`Siwx`].

use axum::{
    extract::{rejection::PathRejection, DefaultBodyLimit, Path, State},
    http::{header, HeaderMap, HeaderValue},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::siwx::{
    NonceReply, RevokeReply, RevokeRequest, SessionsQuery, SessionsReply, SignInReply,
    SignInRequest,
};

use crate::siwx::{
    evm::MAX_SIGNATURE_BYTES, session_body, sign_in, token, Message, MessageNamespace as Namespace,
    Siwx, NONCE_TTL_MS,
};
use crate::{
    clock::rfc3339,
    error::ApiError,
    http::{cors, ApiJson, ApiQuery, ClientIp, SdkClient},
    projects::Projects,
    secrets,
    state::AppState,
};

/// The largest request body of these routes, bytes (a message and an ERC-6492 signature fit).
const MAX_BODY: usize = 32 * 1024;

/// The routes of this module.
pub(crate) fn router(projects: &Projects) -> Router<AppState> {
    let api = Router::new()
        .route("/v1/sessions", post(create))
        .route("/v1/sessions/nonce", get(nonce))
        .route("/v1/sessions/{address}", get(sessions))
        .route("/v1/sessions/{address}/revoke", post(revoke))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    cors::with_project_api(api, projects).route("/.well-known/jwks.json", get(jwks))
}

/// The longest `Authorization` token read, in bytes.
const MAX_TOKEN_LEN: usize = 4096;
/// The longest session id (`pci`) read, in bytes.
const MAX_ID_LEN: usize = 64;

async fn nonce(
    State(state): State<Siwx>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
) -> Result<Json<NonceReply>, ApiError> {
    state.enabled(&client.project_id)?;
    state.check_nonce_limit(ip).await?;
    let nonce = secrets::id()?;
    let now = state.now_ms();
    let expires_at = now + NONCE_TTL_MS;
    state
        .store()
        .add_siwx_nonce(&nonce, &client.project_id, now, expires_at)
        .await?;
    Ok(Json(NonceReply {
        nonce,
        expires_at: rfc3339(expires_at),
    }))
}

async fn create(
    State(state): State<Siwx>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SignInRequest>,
) -> Result<Json<SignInReply>, ApiError> {
    state.enabled(&client.project_id)?;
    state.check_sign_in_limit(ip).await?;
    let page = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
    let signed_in = sign_in::sign_in(
        &state,
        &client.project_id,
        page,
        &body.message,
        &body.signature,
    )
    .await?;
    Ok(Json(SignInReply {
        session: signed_in.session,
        token: signed_in.token,
    }))
}

/// The session of the `Authorization: Bearer` token when it is `address`'s, live, and (when
/// `chainId` is given) on that chain; else none. A missing, malformed, foreign or forged token
/// is 401 'Invalid key'.
async fn sessions(
    State(state): State<Siwx>,
    client: SdkClient,
    address: Result<Path<String>, PathRejection>,
    ApiQuery(query): ApiQuery<SessionsQuery>,
    headers: HeaderMap,
) -> Result<Json<SessionsReply>, ApiError> {
    state.enabled(&client.project_id)?;
    let asked = address_param(address)?;
    let invalid = || ApiError::Unauthorized(oriel_protocol::text::INVALID_KEY);
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .filter(|t| t.len() <= MAX_TOKEN_LEN)
        .ok_or_else(invalid)?;
    let now_secs = state.now_ms() / 1000;
    let claims =
        token::decode(state.jwt(), &client.project_id, token, now_secs).ok_or_else(invalid)?;
    let (chain_id, account) = claims.sub.rsplit_once(':').ok_or_else(invalid)?;
    let namespace = Namespace::ALL
        .into_iter()
        .find(|ns| chain_id.split(':').next() == Some(ns.as_str()))
        .ok_or_else(invalid)?;
    if sign_in::address_key(namespace, account) != asked {
        return Err(invalid());
    }
    let now = state.now_ms();
    let wanted_chain = query.chain_id.as_deref().is_none_or(|c| c == chain_id);
    let stored = if wanted_chain && now < claims.exp.saturating_mul(1000) {
        state.store().siwx_session(&claims.sid).await?
    } else {
        None
    };
    let sessions = match stored {
        Some(s) if s.project_id == client.project_id && s.expires_at > now => {
            let message = Message::parse(&s.message)
                .map_err(|e| crate::error::Error::StoredSession(e.to_string()))?;
            vec![session_body(&s, &message)?]
        }
        _ => Vec::new(),
    };
    Ok(Json(SessionsReply { sessions }))
}

/// Ends session `pci` of `address` when `signature` is its signature (only its holder knows
/// both); `revoked` says whether there was such a session.
async fn revoke(
    State(state): State<Siwx>,
    client: SdkClient,
    ClientIp(ip): ClientIp,
    address: Result<Path<String>, PathRejection>,
    ApiJson(body): ApiJson<RevokeRequest>,
) -> Result<Json<RevokeReply>, ApiError> {
    state.enabled(&client.project_id)?;
    let address = address_param(address)?;
    if body.pci.is_empty() || body.pci.len() > MAX_ID_LEN {
        return Err(ApiError::InvalidParams(format!(
            "Invalid pci: expected 1 to {MAX_ID_LEN} characters"
        )));
    }
    if body.signature.len() > 2 * MAX_SIGNATURE_BYTES + 2 {
        return Err(ApiError::invalid("Invalid signature: too long"));
    }
    state.check_sign_in_limit(ip).await?;
    let revoked = state
        .store()
        .revoke_siwx_session(&client.project_id, &address, &body.pci, &body.signature)
        .await?;
    Ok(Json(RevokeReply { revoked }))
}

/// The `{address}` of a route, as stored: `0x` and 40 hex digits (lowercased), or a base58
/// Solana public key; else 400.
fn address_param(address: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(address) = address.map_err(|e| ApiError::InvalidParams(e.body_text()))?;
    let evm = address
        .strip_prefix("0x")
        .is_some_and(|h| h.len() == 40 && h.bytes().all(|c| c.is_ascii_hexdigit()));
    if evm {
        return Ok(sign_in::address_key(Namespace::Eip155, &address));
    }
    let solana = (32..=44).contains(&address.len())
        && bs58::decode(&address)
            .into_vec()
            .is_ok_and(|b| b.len() == 32);
    if solana {
        return Ok(address);
    }
    Err(ApiError::invalid(
        "Invalid address: expected 0x and 40 hex digits or a base58 public key",
    ))
}

/// The keys that verify sign-in tokens (RFC 7517 JWK set), for anyone: cacheable 5 minutes.
async fn jwks(State(state): State<Siwx>) -> Response {
    let mut response = Json(token::jwks(state.jwt(), state.now_ms() / 1000)).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}
