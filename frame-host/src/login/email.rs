//! An email login: its start (a code for a device verified for the account, else an approval
//! link: for a new device of an existing account, or for the sign-up of an address with no
//! account, issue 38 L-1) and the code's check, which opens the session.

use std::net::IpAddr;

use oriel_protocol::{
    http::{EmailStartReply, EmailStartRequest, EmailVerifyRequest, SessionReply},
    EmailAction,
};

use super::{
    approval::Asker, check_device_id, guesses::Account, limits::Starter, normalize_email, otp,
    Login,
};
use crate::{
    error::ApiError,
    mail::Outgoing,
    secrets,
    store::{
        insert_login_attempt, ApprovalKind, CodeState, CodeTable, LoginAttempt, LoginTry, NewLogin,
    },
};

/// Why the login code mail was sent.
pub(crate) const LOGIN_CODE_REASON: &str = "Enter it in the app to sign in to your wallet.";

/// Starts an email login. A device verified for the user gets a code now (`VERIFY_OTP`); a new
/// device of an existing account, or any device of an address with no account, gets an
/// approval link (`VERIFY_DEVICE`), and the code once the link's page approved it.
impl Login {
    pub(crate) async fn start_email(
        &self,
        ip: IpAddr,
        user_agent: Option<&str>,
        body: EmailStartRequest,
    ) -> Result<EmailStartReply, ApiError> {
        let email = normalize_email(&body.email)?;
        check_device_id(&body.device_id)?;

        let store = &self.store;
        let user = store.user_by_email(&body.project_id, &email).await?;
        let starter = match &user {
            None => Starter::NewAccount,
            Some(u) if store.device_verified(&u.id, &body.device_id).await? => {
                Starter::VerifiedDevice
            }
            Some(_) => Starter::NewDevice,
        };
        // The start's code (or link) is made before the write transaction, which then counts
        // the limits and stores the attempt in one commit. That commit need not wait for
        // PostgreSQL's WAL flush: were the database server to crash and forget it, the user's
        // code would fail and they would ask for another.
        let now = self.now_ms();
        let attempt = LoginAttempt {
            id: secrets::id()?,
            project_id: body.project_id,
            email,
            device_id: body.device_id,
            user_id: user.map(|u| u.id),
            code: CodeState::default(),
        };
        let (mail, approval, code, action) = if starter == Starter::VerifiedDevice {
            let (code, stored) = otp::new_code(self)?;
            let mail = Outgoing::code(&attempt.email, &code, LOGIN_CODE_REASON);
            (mail, None, Some(stored), EmailAction::VerifyOtp)
        } else {
            let kind = match starter {
                Starter::NewAccount => ApprovalKind::Signup,
                _ => ApprovalKind::Device,
            };
            let asker = Asker {
                user_agent,
                ip,
                // The frame does not name the dapp page: the site is the project's origins.
                origin: None,
            };
            let (approval, mail) = self.approvals.new_link(
                kind,
                &attempt.project_id,
                &attempt.email,
                attempt.user_id.as_deref(),
                &attempt.device_id,
                Some(&attempt.id),
                &asker,
            )?;
            (mail, Some(approval), None, EmailAction::VerifyDevice)
        };
        let (mut tx, begin) = store.begin_batch(true).await?;
        self.check_email_start((&mut tx, begin), ip, &attempt, starter)
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
        let (token, refresh) = self.sessions.new_refresh(&attempt.project_id)?;
        let family = secrets::id()?;
        let login = NewLogin {
            user_id: &secrets::id()?,
            refresh: &refresh,
            family: &family,
        };
        let account = match &attempt.user_id {
            Some(user_id) => Account::User(user_id),
            None => Account::Address {
                project_id: &attempt.project_id,
                email: &attempt.email,
            },
        };
        match self.try_code(&attempt, account, &body.otp, &login).await? {
            LoginTry::LoggedIn(user) => {
                tracing::info!(attempt = %attempt.id, user = %user.id, "email login verified");
                Ok(self
                    .sessions
                    .open(user, &attempt.device_id, &family, token)?)
            }
            LoginTry::Refused => Err(otp::refused(self, CodeTable::Login, &attempt.id).await?),
            LoginTry::Wrong => {
                self.wrong_guess(account, &attempt.email).await?;
                Err(otp::wrong(self, CodeTable::Login, &attempt.id).await?)
            }
        }
    }

    /// One guess at a login code ([`otp`]'s checks, then [`Store::try_login_code`]), out of
    /// the account's budget of wrong codes, whatever the device ([`guesses`](super::guesses)):
    /// reserved before the comparison, given back unless the guess was wrong.
    ///
    /// [`Store::try_login_code`]: crate::store::Store::try_login_code
    async fn try_code(
        &self,
        attempt: &LoginAttempt,
        account: Account<'_>,
        otp: &str,
        login: &NewLogin<'_>,
    ) -> Result<LoginTry, ApiError> {
        let (hash, salt) = otp::triable(self, &attempt.code)?;
        self.reserve_guess(account).await?;
        let matches = || self.keys.code_matches(salt, otp.trim(), hash);
        let outcome = self
            .store
            .try_login_code(attempt, otp::MAX_TRIES, matches, login, self.now_ms())
            .await;
        if !matches!(outcome, Ok(LoginTry::Wrong)) {
            self.return_guess(account).await?;
        }
        Ok(outcome?)
    }
}
