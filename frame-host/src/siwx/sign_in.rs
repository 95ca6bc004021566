//! A sign-in, from message text and signature to a stored session: the checks in order.

use url::Url;

use super::{
    error::SiwxError, message::Namespace, session_body, token, verify::Signed, Message,
    SessionBody, Siwx,
};
use crate::{secrets, store::SiwxSession};

/// How far ahead of frame-host's clock a message's `Issued At` and `Not Before` may be
/// (the SDK writes them with the visitor's clock), milliseconds.
pub(crate) const CLOCK_SKEW_MS: i64 = 60_000;

/// A new session and its token.
pub(crate) struct SignedIn {
    /// The session.
    pub(crate) session: SessionBody,
    /// Its token.
    pub(crate) token: String,
}

/// Signs `text`'s account in to `project_id` when `signature` is its signature: the message
/// parses; the signature is in its namespace's encoding; the chain is one of frame-host's
/// networks; the scheme and domain, and the URI's origin, are allowed origins of the project
/// (and the domain is the page's, when a page other than frame-host's own sent the request);
/// the message is within its time window; its nonce is the project's, unused and unexpired;
/// the signature is the address's. Then the nonce is used up and the session stored, in one
/// transaction; a refused signature uses the nonce up too.
pub(crate) async fn sign_in(
    state: &Siwx,
    project_id: &str,
    page_origin: Option<&str>,
    text: &str,
    signature: &str,
) -> Result<SignedIn, SiwxError> {
    let message = Message::parse(text)?;
    let signed = Signed::parse(message.namespace, signature)?;
    let chain_id = message.caip2();
    let chain = state
        .chains()
        .get(&chain_id)
        .ok_or_else(|| SiwxError::UnsupportedChain(chain_id.clone()))?;
    check_origins(state, project_id, &message, page_origin)?;
    let now = state.now_ms();
    check_times(&message, now)?;
    match state
        .store()
        .siwx_nonce_expiry(&message.nonce, project_id)
        .await?
    {
        None => return Err(SiwxError::UnknownNonce),
        Some(expiry) if expiry <= now => return Err(SiwxError::NonceExpired),
        Some(_) => {}
    }
    let verification = match signed.verify(&message, text, &chain).await {
        Ok(verification) => verification,
        // No verdict (the chain failed): the visitor may retry with the same nonce.
        Err(SiwxError::Internal(e)) => return Err(SiwxError::Internal(e)),
        // A verdict uses the nonce up (issue 38, L-4): a refused signature is not checked again
        // with it, so each costly contract-account check takes a fresh nonce.
        Err(refused) => {
            state
                .store()
                .drop_siwx_nonce(&message.nonce, project_id)
                .await?;
            return Err(refused);
        }
    };

    let longest = now + token::SESSION_TTL_SECS * 1000;
    let expires_at = message
        .expiration_time
        .as_ref()
        .map_or(longest, |t| t.unix_ms().min(longest));
    let session = SiwxSession {
        id: secrets::id()?,
        project_id: project_id.into(),
        chain_id: chain_id.clone(),
        address: address_key(message.namespace, &message.address),
        kind: verification.as_str().into(),
        message: text.into(),
        signature: signature.into(),
        created_at: now,
        expires_at,
    };
    if !state
        .store()
        .add_siwx_session(&message.nonce, &session, now)
        .await?
    {
        // Another request used the nonce while this one was checking the signature.
        return Err(SiwxError::UnknownNonce);
    }
    let account = format!("{chain_id}:{}", message.address);
    let token = token::issue(
        state.jwt(),
        project_id,
        &account,
        &session.id,
        now.div_euclid(1000),
        expires_at.div_euclid(1000),
    )?;
    tracing::info!(
        project_id,
        chain_id,
        kind = session.kind,
        "signed in with a wallet"
    );
    Ok(SignedIn {
        session: session_body(&session, &message)?,
        token,
    })
}

/// The stored form of an address: `eip155` lowercased (any spelling is one account), `solana`
/// as written (base58 is case-sensitive).
pub(crate) fn address_key(namespace: Namespace, address: &str) -> String {
    match namespace {
        Namespace::Eip155 => address.to_ascii_lowercase(),
        Namespace::Solana => address.into(),
    }
}

/// `scheme://host[:port]` of a URL, with the default port left out; `None` when it has no
/// such origin.
fn url_origin(url: &str) -> Option<String> {
    let url = Url::parse(url).ok()?;
    let origin = url.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// The message's origin (scheme, `https` when none, and domain) and its URI's origin must be
/// allowed origins of the project. A request from a page (an `Origin` header other than
/// frame-host's own) must come from the message's origin.
fn check_origins(
    state: &Siwx,
    project_id: &str,
    message: &Message,
    page_origin: Option<&str>,
) -> Result<(), SiwxError> {
    let allows = |origin: &str| {
        state
            .allow_list(project_id)
            .is_some_and(|list| list.allows(origin))
    };
    let origin = message
        .origin()
        .and_then(|o| url_origin(&o))
        .filter(|o| allows(o))
        .ok_or(SiwxError::DomainNotAllowed)?;
    if !url_origin(&message.uri).is_some_and(|o| allows(&o)) {
        return Err(SiwxError::UriNotAllowed);
    }
    match page_origin {
        Some(page) if !state.is_own_origin(page) && url_origin(page) != Some(origin) => {
            Err(SiwxError::OriginMismatch)
        }
        _ => Ok(()),
    }
}

/// `Issued At` and `Not Before` at most [`CLOCK_SKEW_MS`] ahead of `now`, `Expiration Time`
/// after it.
fn check_times(message: &Message, now: i64) -> Result<(), SiwxError> {
    if message.issued_at.unix_ms() > now + CLOCK_SKEW_MS {
        return Err(SiwxError::IssuedInFuture);
    }
    if message
        .expiration_time
        .as_ref()
        .is_some_and(|t| t.unix_ms() <= now)
    {
        return Err(SiwxError::Expired);
    }
    if message
        .not_before
        .as_ref()
        .is_some_and(|t| t.unix_ms() > now + CLOCK_SKEW_MS)
    {
        return Err(SiwxError::NotYetValid);
    }
    Ok(())
}
