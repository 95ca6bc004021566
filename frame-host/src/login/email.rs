//! An email login: its start (a code, or an approval link for a new device of an existing
//! account) and the code's check, which opens the session.

use std::net::IpAddr;

use oriel_protocol::{
    http::{EmailStartReply, EmailStartRequest, EmailVerifyRequest, SessionReply},
    EmailAction,
};

use super::{check_device_id, limits::Requester, normalize_email, otp, Login};
use crate::{
    error::ApiError,
    mail::Outgoing,
    secrets,
    store::{
        insert_login_attempt, CodeState, CodeTable, LoginAttempt, LoginTry, NewApproval, NewLogin,
    },
};

/// How long a device approval link works, milliseconds.
const APPROVAL_TTL_MS: i64 = 15 * 60_000;

/// Why the login code mail was sent.
pub(crate) const LOGIN_CODE_REASON: &str = "Enter it in the app to sign in to your wallet.";

/// Starts an email login. A new user, or a device already approved for the user, gets a
/// code now (`VERIFY_OTP`); another device gets an approval link (`VERIFY_DEVICE`).
impl Login {
    pub(crate) async fn start_email(
        &self,
        ip: IpAddr,
        body: EmailStartRequest,
    ) -> Result<EmailStartReply, ApiError> {
        let email = normalize_email(&body.email)?;
        check_device_id(&body.device_id)?;

        let store = &self.store;
        let user = store.user_by_email(&body.project_id, &email).await?;
        let requester = match &user {
            None => Requester::NewAccount,
            Some(u) if store.device_approved(&u.id, &body.device_id).await? => {
                Requester::ApprovedDevice
            }
            Some(_) => Requester::NewDevice,
        };
        // The start's code (or link) is made before the write transaction, which then counts
        // the limits and stores the attempt in one commit. That commit need not wait for
        // PostgreSQL's WAL flush: were the database server to crash and forget it, the user's
        // code would fail and they would ask for another.
        let now = self.now_ms();
        let needs_approval = requester == Requester::NewDevice;
        let attempt = LoginAttempt {
            id: secrets::id()?,
            project_id: body.project_id,
            email,
            device_id: body.device_id,
            user_id: user.map(|u| u.id),
            code: CodeState::default(),
        };
        let (mail, approval, code, action) = if needs_approval {
            let token = secrets::token()?;
            let approval = NewApproval {
                token_hash: secrets::token_hash(&token),
                expires_at: now + APPROVAL_TTL_MS,
            };
            let url = format!("{}/auth/v1/device/approve?token={token}", self.public_url);
            let mail = Outgoing::device_approval(&attempt.email, &url);
            (mail, Some(approval), None, EmailAction::VerifyDevice)
        } else {
            let (code, stored) = otp::new_code(self)?;
            let mail = Outgoing::code(&attempt.email, &code, LOGIN_CODE_REASON);
            (mail, None, Some(stored), EmailAction::VerifyOtp)
        };
        let (mut tx, begin) = store.begin_batch(true).await?;
        self.check_email_start((&mut tx, begin), ip, &attempt, requester)
            .await?;
        insert_login_attempt(&mut tx, &attempt, code.as_ref(), approval.as_ref(), now).await?;
        self.mailer.commit_and_send(tx, mail, now).await?;
        tracing::info!(attempt = %attempt.id, ?action, "email login started");
        Ok(EmailStartReply {
            attempt_id: attempt.id,
            action,
        })
    }

    /// Checks the code of a login attempt and opens a session for its device.
    pub(crate) async fn verify_email(
        &self,
        body: EmailVerifyRequest,
    ) -> Result<SessionReply, ApiError> {
        let attempt = self
            .store
            .login_attempt(&body.attempt_id)
            .await?
            .filter(|a| a.project_id == body.project_id)
            .ok_or(ApiError::Unauthorized(otp::INVALID_CODE))?;
        if attempt.device_id != body.device_id {
            return Err(ApiError::Unauthorized(
                "This code was requested by another device",
            ));
        }
        let approved = match &attempt.user_id {
            None => false,
            Some(user_id) => {
                self.store
                    .device_approved(user_id, &attempt.device_id)
                    .await?
            }
        };
        let (token, refresh) = self.sessions.new_refresh(&attempt.project_id)?;
        let family = secrets::id()?;
        let login = NewLogin {
            user_id: &secrets::id()?,
            refresh: &refresh,
            family: &family,
        };
        match self.try_code(&attempt, approved, &body.otp, &login).await? {
            LoginTry::LoggedIn(user) => {
                tracing::info!(attempt = %attempt.id, user = %user.id, "email login verified");
                Ok(self
                    .sessions
                    .open(user, &attempt.device_id, &family, token)?)
            }
            LoginTry::Refused => Err(otp::refused(self, CodeTable::Login, &attempt.id).await?),
            LoginTry::Wrong => Err(self.wrong_login_code(&attempt, approved).await?),
        }
    }

    /// One guess at a login code ([`otp`]'s checks, then [`Store::try_login_code`]). A device
    /// not approved for the account (a new account's, in practice: a new device of an existing
    /// account reaches a code only through the emailed link) also has
    /// [`GUESS_LIMIT`](super::limits::GUESS_LIMIT) wrong codes per email per day.
    ///
    /// [`Store::try_login_code`]: crate::store::Store::try_login_code
    async fn try_code(
        &self,
        attempt: &LoginAttempt,
        approved: bool,
        otp: &str,
        login: &NewLogin<'_>,
    ) -> Result<LoginTry, ApiError> {
        if !approved
            && self
                .guesses_spent(&attempt.project_id, &attempt.email)
                .await?
                .is_some()
        {
            return Err(ApiError::CodeLocked);
        }
        let (hash, salt) = otp::triable(self, &attempt.code)?;
        let matches = || self.keys.code_matches(salt, otp.trim(), hash);
        Ok(self
            .store
            .try_login_code(attempt, otp::MAX_TRIES, matches, login, self.now_ms())
            .await?)
    }

    /// The answer to a wrong login code. For a device not approved for the account, the guess
    /// also counts against the email's daily limit, and the address is told when that is spent
    /// (security review W9).
    async fn wrong_login_code(
        &self,
        attempt: &LoginAttempt,
        approved: bool,
    ) -> Result<ApiError, ApiError> {
        if !approved
            && self
                .count_wrong_guess(&attempt.project_id, &attempt.email)
                .await?
        {
            tracing::warn!(attempt = %attempt.id, "wrong login codes for this email reached the daily limit");
            self.mailer
                .send(Outgoing::wrong_codes(&attempt.email), self.now_ms())
                .await?;
        }
        Ok(otp::wrong(self, CodeTable::Login, &attempt.id).await?)
    }
}
