//! One-time codes: made from the CSPRNG, stored as a salted HMAC, expiring after 10 minutes,
//! locked after 5 wrong tries, used once. Codes are never logged.

use crate::{
    api::ApiError,
    error::Result,
    secrets,
    store::{CodeState, CodeTable, NewCode},
    AppState,
};

/// How long a code is valid, milliseconds.
pub(crate) const CODE_TTL_MS: i64 = 10 * 60_000;
/// Tries per code; the 5th wrong one locks it.
pub(crate) const MAX_TRIES: i64 = 5;

/// The 401 for a wrong, used or unknown code.
pub(crate) use oriel_protocol::text::INVALID_CODE;

/// A fresh code: the digits to email, and the form to store.
pub(crate) fn new_code(state: &AppState) -> Result<(String, NewCode)> {
    let code = secrets::otp_code()?;
    let salt = secrets::random::<16>()?.to_vec();
    let stored = NewCode {
        hash: state.keys().code_hash(&salt, &code),
        salt,
        expires_at: state.now_ms() + CODE_TTL_MS,
    };
    Ok((code, stored))
}

/// Checks `otp` against the code of attempt `id` in `table` (`code` as read). On success
/// the caller uses the code in its own transaction; on failure the answer is 401 'Invalid
/// code', 401 'Code expired' or 423.
///
/// Each try is counted *before* the comparison (and given back when the code is used), so
/// concurrent guesses never compare more than [`MAX_TRIES`] codes in total.
pub(crate) async fn check(
    state: &AppState,
    table: CodeTable,
    id: &str,
    code: &CodeState,
    otp: &str,
) -> Result<(), ApiError> {
    check_guess(state, table, id, code, otp)
        .await
        .map_err(|rejected| rejected.error)
}

/// Why [`check_guess`] refused a code.
#[derive(Debug)]
pub(crate) struct Rejected {
    /// The answer.
    pub(crate) error: ApiError,
    /// Whether a guess was compared and was wrong (not a used, locked or expired code).
    pub(crate) wrong_guess: bool,
}

impl From<ApiError> for Rejected {
    fn from(error: ApiError) -> Self {
        Self {
            error,
            wrong_guess: false,
        }
    }
}

impl From<crate::error::Error> for Rejected {
    fn from(error: crate::error::Error) -> Self {
        ApiError::from(error).into()
    }
}

/// [`check`], saying whether a refusal was a wrong guess.
pub(crate) async fn check_guess(
    state: &AppState,
    table: CodeTable,
    id: &str,
    code: &CodeState,
    otp: &str,
) -> Result<(), Rejected> {
    let (Some(hash), Some(salt), Some(expires_at)) = (&code.hash, &code.salt, code.expires_at)
    else {
        return Err(ApiError::Forbidden("Device not approved").into());
    };
    if code.used {
        return Err(ApiError::Unauthorized(INVALID_CODE).into());
    }
    if code.wrong_tries >= MAX_TRIES {
        return Err(ApiError::CodeLocked.into());
    }
    if state.now_ms() >= expires_at {
        return Err(ApiError::Unauthorized("Code expired").into());
    }
    let store = state.store();
    if !store.reserve_code_try(table, id, MAX_TRIES).await? {
        return Err(locked_or_used(store.code_state(table, id).await?).into());
    }
    if state.keys().code_matches(salt, otp.trim(), hash) {
        return Ok(());
    }
    let tries = store
        .code_state(table, id)
        .await?
        .map_or(MAX_TRIES, |c| c.wrong_tries);
    tracing::info!(tries, "wrong one-time code");
    Err(Rejected {
        error: if tries >= MAX_TRIES {
            ApiError::CodeLocked
        } else {
            ApiError::Unauthorized(INVALID_CODE)
        },
        wrong_guess: true,
    })
}

fn locked_or_used(code: Option<CodeState>) -> ApiError {
    match code {
        Some(c) if !c.used => ApiError::CodeLocked,
        _ => ApiError::Unauthorized(INVALID_CODE),
    }
}
