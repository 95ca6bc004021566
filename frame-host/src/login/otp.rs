//! One-time codes: made from the CSPRNG, stored as a salted HMAC, expiring after 10 minutes,
//! locked after 5 wrong tries, used once. Codes are never logged.

use super::{guesses::Account, Login};
use crate::{
    error::{ApiError, Result},
    secrets,
    store::{CodeState, CodeTable, NewCode},
};

/// How long a code is valid, milliseconds.
pub(crate) const CODE_TTL_MS: i64 = 10 * 60_000;
/// Tries per code; the 5th wrong one locks it.
pub(crate) const MAX_TRIES: i64 = 5;

/// The 401 for a wrong, used or unknown code.
pub(crate) use oriel_protocol::text::INVALID_CODE;

/// A fresh code: the digits to email, and the form to store.
pub(crate) fn new_code(login: &Login) -> Result<(String, NewCode)> {
    let code = secrets::otp_code()?;
    let salt = secrets::random::<16>()?.to_vec();
    let stored = NewCode {
        hash: login.keys.code_hash(&salt, &code),
        salt,
        expires_at: login.now_ms() + CODE_TTL_MS,
    };
    Ok((code, stored))
}

/// Checks `otp` against the code of attempt `id` in `table` (`code` as read), a code of user
/// `user_id` (an email change or export code). On success the caller uses the code in its own
/// transaction; on failure the answer is 401 'Invalid code', 401 'Code expired', 423, or 429
/// while the account's wrong codes are spent ([`guesses`](super::guesses), issue 38 L-2).
///
/// Each try is counted *before* the comparison (and given back when the code is used), so
/// concurrent guesses never compare more than [`MAX_TRIES`] codes in total; so is the guess
/// against the account's budget (given back unless it was wrong).
pub(crate) async fn check(
    login: &Login,
    (table, id): (CodeTable, &str),
    user_id: &str,
    code: &CodeState,
    otp: &str,
) -> Result<(), ApiError> {
    let (hash, salt) = triable(login, code)?;
    let account = Account::User(user_id);
    login.reserve_guess(account).await?;
    if !login.store.reserve_code_try(table, id, MAX_TRIES).await? {
        login.return_guess(account).await?;
        return Err(refused(login, table, id).await?);
    }
    if login.keys.code_matches(salt, otp.trim(), hash) {
        login.return_guess(account).await?;
        return Ok(());
    }
    if let Some(to) = login.store.user(user_id).await?.and_then(|u| u.email) {
        login.wrong_guess(account, &to).await?;
    }
    Err(wrong(login, table, id).await?)
}

/// The stored hash and salt of `code`, as read, if it may be tried at all: sent, unused,
/// with tries left and not expired. These checks come before a try is counted.
pub(crate) fn triable<'a>(
    login: &Login,
    code: &'a CodeState,
) -> Result<(&'a [u8], &'a [u8]), ApiError> {
    let (Some(hash), Some(salt), Some(expires_at)) = (&code.hash, &code.salt, code.expires_at)
    else {
        return Err(ApiError::Forbidden("Device not approved"));
    };
    if code.used {
        return Err(ApiError::Unauthorized(INVALID_CODE));
    }
    if code.wrong_tries >= MAX_TRIES {
        return Err(ApiError::CodeLocked);
    }
    if login.now_ms() >= expires_at {
        return Err(ApiError::Unauthorized("Code expired"));
    }
    Ok((hash, salt))
}

/// The answer to a wrong guess at code `id`: 423 once it spent the last try, else 401.
pub(crate) async fn wrong(login: &Login, table: CodeTable, id: &str) -> Result<ApiError> {
    let tries = login
        .store
        .code_state(table, id)
        .await?
        .map_or(MAX_TRIES, |c| c.wrong_tries);
    tracing::info!(tries, "wrong one-time code");
    Ok(if tries >= MAX_TRIES {
        ApiError::CodeLocked
    } else {
        ApiError::Unauthorized(INVALID_CODE)
    })
}

/// The answer when no try could be counted at code `id`: used meanwhile, or locked.
pub(crate) async fn refused(login: &Login, table: CodeTable, id: &str) -> Result<ApiError> {
    Ok(locked_or_used(login.store.code_state(table, id).await?))
}

fn locked_or_used(code: Option<CodeState>) -> ApiError {
    match code {
        Some(c) if !c.used => ApiError::CodeLocked,
        _ => ApiError::Unauthorized(INVALID_CODE),
    }
}
