//! Email change: a code to the current address (`VERIFY_PRIMARY_OTP`), then one to the new
//! address (`VERIFY_SECONDARY_OTP`), then the new email is the user's.

use std::net::IpAddr;

use oriel_protocol::{
    http::{
        CodeRequest, EmailUpdatePrimaryReply, EmailUpdateSecondaryReply, EmailUpdateStartReply,
        EmailUpdateStartRequest,
    },
    text::EMAIL_IN_USE,
    UpdateEmailAction,
};

use super::{mailbox_of, normalize_email, otp, Login};
use crate::{
    error::ApiError,
    mail::Outgoing,
    secrets,
    sessions::Session,
    store::{CodeTable, EmailChange, EmailChangeOutcome},
};

impl Login {
    /// Starts changing the user's email to `email`: a code goes to the current address.
    pub(crate) async fn start_email_change(
        &self,
        ip: IpAddr,
        session: &Session,
        body: &EmailUpdateStartRequest,
    ) -> Result<EmailUpdateStartReply, ApiError> {
        let new_email = normalize_email(&body.email)?;
        let store = &self.store;
        let user = self.sessions.user(session).await?;
        let current = mailbox_of(&user)?.to_owned();
        if new_email == current {
            return Err(ApiError::invalid("The new email is the current email"));
        }
        if store
            .user_by_email(&user.project_id, &new_email)
            .await?
            .is_some()
        {
            return Err(ApiError::Conflict(EMAIL_IN_USE));
        }
        self.check_email_change(ip, &user.id).await?;
        let (code, stored) = otp::new_code(self)?;
        let change = EmailChange {
            id: secrets::id()?,
            user_id: user.id,
            new_email,
            stage: "primary".into(),
            code: Default::default(),
        };
        let now = self.now_ms();
        store.insert_email_change(&change, &stored, now).await?;
        let why = "Enter it in the app to confirm changing your email address.";
        self.mailer
            .send(Outgoing::code(&current, &code, why), now)
            .await?;
        Ok(EmailUpdateStartReply {
            attempt_id: change.id,
            action: UpdateEmailAction::VerifyPrimaryOtp,
        })
    }

    /// The session user's email change `attempt_id` at `stage`, once `body.otp` is its code;
    /// otherwise 401 'Invalid code' (or the code rules' own answers).
    async fn verified_change(
        &self,
        session: &Session,
        body: &CodeRequest,
        stage: &str,
    ) -> Result<EmailChange, ApiError> {
        let change = self
            .store
            .email_change(&body.attempt_id)
            .await?
            .filter(|c| c.user_id == session.user_id && c.stage == stage)
            .ok_or(ApiError::Unauthorized(otp::INVALID_CODE))?;
        otp::check(
            self,
            (CodeTable::EmailChange, &change.id),
            &change.user_id,
            &change.code,
            &body.otp,
        )
        .await?;
        Ok(change)
    }

    /// Checks the code sent to the current address; a code goes to the new one.
    pub(crate) async fn confirm_current_email(
        &self,
        session: &Session,
        body: &CodeRequest,
    ) -> Result<EmailUpdatePrimaryReply, ApiError> {
        let change = self.verified_change(session, body, "primary").await?;
        let (code, stored) = otp::new_code(self)?;
        if !self.store.advance_email_change(&change.id, &stored).await? {
            return Err(ApiError::Unauthorized(otp::INVALID_CODE));
        }
        let why = "Enter it in the app to confirm this new email address.";
        self.mailer
            .send(Outgoing::code(&change.new_email, &code, why), self.now_ms())
            .await?;
        Ok(EmailUpdatePrimaryReply {
            action: UpdateEmailAction::VerifySecondaryOtp,
        })
    }

    /// Checks the code sent to the new address and makes it the user's email.
    pub(crate) async fn confirm_new_email(
        &self,
        session: &Session,
        body: &CodeRequest,
    ) -> Result<EmailUpdateSecondaryReply, ApiError> {
        let change = self.verified_change(session, body, "secondary").await?;
        match self.store.finish_email_change(&change).await? {
            EmailChangeOutcome::Changed => {
                tracing::info!(user = %session.user_id, "email changed");
                Ok(EmailUpdateSecondaryReply {
                    email: change.new_email,
                })
            }
            EmailChangeOutcome::EmailTaken => Err(ApiError::Conflict(EMAIL_IN_USE)),
            EmailChangeOutcome::Gone => Err(ApiError::Unauthorized(otp::INVALID_CODE)),
        }
    }
}
