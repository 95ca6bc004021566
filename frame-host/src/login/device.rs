//! Device verification: a login attempt's device status (the code is mailed once the device
//! is approved), the emailed approval link, and revoking a device.

use oriel_protocol::http::{DeviceStatusReply, DeviceStatusRequest};

use super::{email::LOGIN_CODE_REASON, otp, Login};
use crate::{error::ApiError, mail::Outgoing, secrets, sessions::Session};

/// What an approval link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ApprovalOutcome {
    /// The device of the link's login is approved for the user.
    Approved,
    /// The link is unknown, already used or expired.
    NotValid,
}

impl Login {
    /// Whether the attempt's device is approved; the first time it is, the code is emailed.
    pub(crate) async fn device_status(
        &self,
        body: &DeviceStatusRequest,
    ) -> Result<DeviceStatusReply, ApiError> {
        let store = &self.store;
        let attempt = store
            .login_attempt(&body.attempt_id)
            .await?
            .filter(|a| a.project_id == body.project_id && a.device_id == body.device_id)
            .ok_or(ApiError::NotFound("Unknown login attempt"))?;
        let approved = match &attempt.user_id {
            // A new user's first device needs no approval: it gets a code at start.
            None => true,
            Some(user_id) => store.device_approved(user_id, &attempt.device_id).await?,
        };
        if approved && attempt.code.hash.is_none() && !attempt.code.used {
            let (code, stored) = otp::new_code(self)?;
            if store.set_first_code(&attempt.id, &stored).await? {
                self.mailer
                    .send(
                        Outgoing::code(&attempt.email, &code, LOGIN_CODE_REASON),
                        self.now_ms(),
                    )
                    .await?;
                tracing::info!(attempt = %attempt.id, "device approved: code sent");
            }
        }
        Ok(DeviceStatusReply { approved })
    }

    /// The emailed approval link's `token`: binds the device to the user, once.
    pub(crate) async fn approve_device(&self, token: &str) -> Result<ApprovalOutcome, ApiError> {
        let approved = if token.is_empty() {
            None
        } else {
            self.store
                .approve_device_link(&secrets::token_hash(token), self.now_ms())
                .await?
        };
        Ok(match approved {
            Some((user_id, _)) => {
                tracing::info!(user = %user_id, "device approved by link");
                ApprovalOutcome::Approved
            }
            None => ApprovalOutcome::NotValid,
        })
    }

    /// Revokes a device of the session's user: its refresh tokens and pepper are deleted, so
    /// its device wrap can no longer be opened. 404 when the user has no such device.
    pub(crate) async fn revoke_device(
        &self,
        session: &Session,
        device_id: &str,
    ) -> Result<(), ApiError> {
        if !self
            .store
            .revoke_device(&session.user_id, device_id, self.now_ms())
            .await?
        {
            return Err(ApiError::NotFound("Device not found"));
        }
        tracing::info!(user = %session.user_id, "device revoked");
        Ok(())
    }
}
