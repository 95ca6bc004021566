//! Request limits of the emailed codes. Each request's limits are counted together, all or
//! none, so a refused request never uses up another limit (security review W6).
//!
//! - Email login start: one per email *and device* per 30 s (spec §5: the user's own wait
//!   between sends; another device asking for the same email does not hold the owner up),
//!   at most `email_codes_per_ip` (20) per client IP per 10 minutes, and at most 10 per email per hour from devices
//!   not approved for the account. The owner's approved devices are exempt from that cap, so
//!   no one else can lock them out of getting a code.
//! - Wrong login codes: at most 10 per email per 24 h from devices not approved for the
//!   account (W9). Past that, such devices get no code check and no new code for the rest
//!   of the window; the address is told once. An existing account's new devices are not
//!   affected, since they must open the emailed approval link before any code counts.
//! - Email change and export codes: one per user per 30 s, and the per-IP limit.
//! - Sign-in with a wallet (SIWX): 30 nonces and 30 sign-ins or revocations per client IP per
//!   10 minutes.
//! - Social logins: 60 starts per client IP and 20 per device per 10 minutes; 60 redeems
//!   per client IP per 10 minutes.
//! - Names: 20 registrations and 600 lookups per client IP per 10 minutes.
//! - Farcaster: 60 relay channels, 60 posted messages, 60 login starts (and 20 per device)
//!   and 60 login redeems per client IP per 10 minutes.
//! - The bundler pass-through: 1,200 calls per signed-in user and 3,000 per client IP per 10
//!   minutes (a dapp polling `wallet_getCallsStatus` every second stays under it).
//! - Swaps and the on-ramp: `convert_requests_per_ip` (600) and `onramp_requests_per_ip` (300)
//!   per client IP per project per 10 minutes.
//!
//! The counters live in the database (`rate_limits`), so every instance sharing a
//! PostgreSQL database enforces the same limits.

use std::net::IpAddr;

use crate::{
    api::ApiError,
    store::{check_limits, Limit, LoginAttempt, WriteTx},
    AppState,
};

/// One email login start per email and device per this many milliseconds.
pub(crate) const EMAIL_WINDOW_MS: i64 = 30_000;
/// The per-IP window, milliseconds.
pub(crate) const IP_WINDOW_MS: i64 = 10 * 60_000;
/// Starts per email from devices not approved for the account, per [`NEW_DEVICE_WINDOW_MS`].
pub(crate) const NEW_DEVICE_LIMIT: i64 = 10;
/// The window of [`NEW_DEVICE_LIMIT`], milliseconds.
pub(crate) const NEW_DEVICE_WINDOW_MS: i64 = 60 * 60_000;
/// Wrong login codes per email from devices not approved for the account, per
/// [`GUESS_WINDOW_MS`].
pub(crate) const GUESS_LIMIT: i64 = 10;
/// The window of [`GUESS_LIMIT`], milliseconds.
pub(crate) const GUESS_WINDOW_MS: i64 = 24 * 60 * 60_000;

/// Emailed codes per client IP per [`IP_WINDOW_MS`]: the config's `email_codes_per_ip`.
fn ip_limit(state: &AppState, ip: IpAddr) -> Limit {
    let per_ip = i64::from(state.config().email_codes_per_ip);
    limit(format!("ip:{ip}"), per_ip, IP_WINDOW_MS)
}

fn limit(bucket: String, limit: i64, window_ms: i64) -> Limit {
    Limit {
        bucket,
        limit,
        window_ms,
    }
}

/// The wrong-code limit of `email` (W9).
fn guesses(project_id: &str, email: &str) -> Limit {
    limit(
        format!("guesses:{project_id}:{email}"),
        GUESS_LIMIT,
        GUESS_WINDOW_MS,
    )
}

/// Who asks for a login code, as far as the limits care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Requester {
    /// The email has no account yet.
    NewAccount,
    /// A device approved for the email's account.
    ApprovedDevice,
    /// Another device of an existing account (it gets the approval link first).
    NewDevice,
}

/// An email login start, `attempt`, from `ip`, counted in the caller's write transaction `tx`
/// (which also stores the attempt, so a start costs one commit), whose first statements these
/// are, headed by `begin` ([`Store::begin_batch`]). 429 'Please try again after {n} seconds'
/// when a limit is reached; the caller then drops `tx`, which rolls the counts back.
///
/// [`Store::begin_batch`]: crate::store::Store::begin_batch
pub(crate) async fn check_email_start(
    state: &AppState,
    (tx, begin): (&mut WriteTx, &str),
    ip: IpAddr,
    attempt: &LoginAttempt,
    requester: Requester,
) -> Result<(), ApiError> {
    let (project_id, email, device_id) = (&attempt.project_id, &attempt.email, &attempt.device_id);
    let mut limits = vec![
        ip_limit(state, ip),
        limit(
            format!("email:{project_id}:{email}:{device_id}"),
            1,
            EMAIL_WINDOW_MS,
        ),
    ];
    if requester != Requester::ApprovedDevice {
        limits.push(limit(
            format!("email-new-device:{project_id}:{email}"),
            NEW_DEVICE_LIMIT,
            NEW_DEVICE_WINDOW_MS,
        ));
    }
    // A new account's email whose wrong-code limit is spent gets no new code either (W9).
    let spent_guesses = match requester {
        Requester::NewAccount => vec![guesses(project_id, email)],
        _ => Vec::new(),
    };
    match check_limits(tx, begin, &spent_guesses, &limits, state.now_ms()).await? {
        None => Ok(()),
        Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
    }
}

/// When the wrong-code limit of `email` is spent: the milliseconds until it renews.
pub(crate) async fn guesses_spent(
    state: &AppState,
    project_id: &str,
    email: &str,
) -> Result<Option<i64>, ApiError> {
    let limit = guesses(project_id, email);
    Ok(state
        .store()
        .rate_limit_reached(&limit, state.now_ms())
        .await?)
}

/// Counts a wrong login code for `email`; true when this one spent the limit.
pub(crate) async fn count_wrong_guess(
    state: &AppState,
    project_id: &str,
    email: &str,
) -> Result<bool, ApiError> {
    let limit = guesses(project_id, email);
    let (store, now) = (state.store(), state.now_ms());
    store
        .rate_limit_hits(std::slice::from_ref(&limit), now)
        .await?;
    Ok(store.rate_limit_reached(&limit, now).await?.is_some())
}

/// An email change start of `user_id` from `ip`, with the same 30 s rule.
pub(crate) async fn check_email_change(
    state: &AppState,
    ip: IpAddr,
    user_id: &str,
) -> Result<(), ApiError> {
    let per_user = limit(format!("email-change:{user_id}"), 1, EMAIL_WINDOW_MS);
    hits(state, &[ip_limit(state, ip), per_user]).await
}

/// An export code request of `user_id` from `ip`, with the same 30 s rule.
pub(crate) async fn check_export(
    state: &AppState,
    ip: IpAddr,
    user_id: &str,
) -> Result<(), ApiError> {
    let per_user = limit(format!("export:{user_id}"), 1, EMAIL_WINDOW_MS);
    hits(state, &[ip_limit(state, ip), per_user]).await
}

/// Social logins started per client IP, and per device, per [`IP_WINDOW_MS`].
pub(crate) const SOCIAL_IP_LIMIT: i64 = 60;
pub(crate) const SOCIAL_DEVICE_LIMIT: i64 = 20;

/// A social login start of `device_id` from `ip`.
pub(crate) async fn check_social_start(
    state: &AppState,
    ip: IpAddr,
    device_id: &str,
) -> Result<(), ApiError> {
    let per_ip = limit(format!("social-ip:{ip}"), SOCIAL_IP_LIMIT, IP_WINDOW_MS);
    let per_device = limit(
        format!("social-device:{device_id}"),
        SOCIAL_DEVICE_LIMIT,
        IP_WINDOW_MS,
    );
    hits(state, &[per_ip, per_device]).await
}

/// A social result redeemed from `ip`.
pub(crate) async fn check_social_redeem(state: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    let per_ip = limit(format!("social-redeem:{ip}"), SOCIAL_IP_LIMIT, IP_WINDOW_MS);
    hits(state, &[per_ip]).await
}

/// A devnet faucet call for `address` (lowercased): once per 30 s.
pub(crate) async fn check_faucet(state: &AppState, address: &str) -> Result<(), ApiError> {
    let per_address = limit(
        format!("faucet:{address}"),
        1,
        crate::blockchain::FAUCET_WINDOW_MS,
    );
    hits(state, &[per_address]).await
}

/// Sign-in nonces one client IP may take per [`IP_WINDOW_MS`].
pub(crate) const SIWX_NONCE_LIMIT: i64 = 30;
/// Sign-ins and session revocations one client IP may send per [`IP_WINDOW_MS`].
pub(crate) const SIWX_SIGN_IN_LIMIT: i64 = 30;

/// A sign-in nonce for a client at `ip`: at most [`SIWX_NONCE_LIMIT`] per 10 minutes.
pub(crate) async fn check_siwx_nonce(state: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    let per_ip = limit(format!("siwx-nonce:{ip}"), SIWX_NONCE_LIMIT, IP_WINDOW_MS);
    hits(state, &[per_ip]).await
}

/// A sign-in or revocation from `ip`: at most [`SIWX_SIGN_IN_LIMIT`] per 10 minutes.
pub(crate) async fn check_siwx_sign_in(state: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    let per_ip = limit(format!("siwx:{ip}"), SIWX_SIGN_IN_LIMIT, IP_WINDOW_MS);
    hits(state, &[per_ip]).await
}

/// Name registrations one client IP may send per [`IP_WINDOW_MS`].
pub(crate) const NAME_REGISTRATION_LIMIT: i64 = 20;
/// Name lookups (account, reverse, suggestions, the CCIP-read gateway) one client IP may make
/// per [`IP_WINDOW_MS`].
pub(crate) const NAME_LOOKUP_LIMIT: i64 = 600;

/// A name registration from `ip`: at most [`NAME_REGISTRATION_LIMIT`] per 10 minutes.
pub(crate) async fn check_name_registration(state: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    let per_ip = limit(
        format!("name-register:{ip}"),
        NAME_REGISTRATION_LIMIT,
        IP_WINDOW_MS,
    );
    hits(state, &[per_ip]).await
}

/// A name lookup from `ip`: at most [`NAME_LOOKUP_LIMIT`] per 10 minutes.
pub(crate) async fn check_name_lookup(state: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    let per_ip = limit(format!("name-lookup:{ip}"), NAME_LOOKUP_LIMIT, IP_WINDOW_MS);
    hits(state, &[per_ip]).await
}

/// Bundler calls per signed-in user per [`IP_WINDOW_MS`].
pub(crate) const BUNDLER_USER_LIMIT: i64 = 1_200;
/// Bundler calls per client IP per [`IP_WINDOW_MS`].
pub(crate) const BUNDLER_IP_LIMIT: i64 = 3_000;

/// A bundler pass-through call (`/v1/bundler/*`) of `user_id` from `ip`.
pub(crate) async fn check_bundler(
    state: &AppState,
    ip: IpAddr,
    user_id: &str,
) -> Result<(), ApiError> {
    let limits = [
        limit(
            format!("bundler-user:{user_id}"),
            BUNDLER_USER_LIMIT,
            IP_WINDOW_MS,
        ),
        limit(format!("bundler-ip:{ip}"), BUNDLER_IP_LIMIT, IP_WINDOW_MS),
    ];
    hits(state, &limits).await
}

/// The window of the convert API's per-IP limit (`convert_requests_per_ip`), milliseconds.
pub(crate) const CONVERT_WINDOW_MS: i64 = 10 * 60_000;

/// A convert API request (`/v1/convert/*`) of project `project_id` from `ip`.
pub(crate) async fn check_convert(
    state: &AppState,
    ip: IpAddr,
    project_id: &str,
) -> Result<(), ApiError> {
    let per_ip = limit(
        format!("convert:{project_id}:{ip}"),
        i64::from(state.config().convert_requests_per_ip),
        CONVERT_WINDOW_MS,
    );
    hits(state, &[per_ip]).await
}

/// One request against each of `limits` (a bucket and its count per [`IP_WINDOW_MS`]),
/// counted together: Farcaster's relay and login (see `farcaster`).
pub(crate) async fn check_windows(
    state: &AppState,
    limits: &[(String, i64)],
) -> Result<(), ApiError> {
    let limits: Vec<Limit> = limits
        .iter()
        .map(|(bucket, count)| limit(bucket.clone(), *count, IP_WINDOW_MS))
        .collect();
    hits(state, &limits).await
}

/// On-ramp requests (`/v1/onramp/*`, the URL generator, the purchase history): at most
/// `onramp_requests_per_ip` per client IP per project per 10 minutes.
pub(crate) async fn check_onramp(
    state: &AppState,
    ip: IpAddr,
    project_id: &str,
) -> Result<(), ApiError> {
    let per_ip = limit(
        format!("onramp:{project_id}:{ip}"),
        i64::from(state.config().onramp_requests_per_ip),
        IP_WINDOW_MS,
    );
    hits(state, &[per_ip]).await
}

async fn hits(state: &AppState, limits: &[Limit]) -> Result<(), ApiError> {
    match state
        .store()
        .rate_limit_hits(limits, state.now_ms())
        .await?
    {
        None => Ok(()),
        Some(wait_ms) => Err(ApiError::Throttled(wait_ms)),
    }
}
