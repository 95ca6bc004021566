//! Device verification: a login attempt's device status (the code is mailed once the device
//! is approved on the emailed link's page, see [`approval`](super::approval)), approving a
//! device from an existing one, and revoking a device.

use oriel_protocol::http::{DeviceStatusReply, DeviceStatusRequest};

use super::{email::LOGIN_CODE_REASON, otp, Login};
use crate::{error::ApiError, mail::Outgoing, sessions::Session, store::Decision};

/// 403 from `device/status` once the owner pressed "This wasn't me" on the approval page.
pub(crate) const SIGN_IN_REFUSED: &str =
    "This sign-in was refused on the emailed approval page: start again";
/// 403 for approving a device from a device that did not prove the account's owner itself.
pub(crate) const NOT_VERIFIED: &str =
    "Only a device approved for this account can approve another one";

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
        let decision = store.attempt_decision(&attempt.id).await?;
        if decision == Some(Decision::Refused) {
            return Err(ApiError::Forbidden(SIGN_IN_REFUSED));
        }
        let approved = match &attempt.user_id {
            // A sign-up: once its link's page confirmed the address.
            None => decision == Some(Decision::Approved),
            Some(user_id) => store.device_verified(user_id, &attempt.device_id).await?,
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

    /// Approves `device_id`, a device of the session's user that has a session but did not
    /// prove the owner (a social or Farcaster login, issue 38 M-3), from the session's device,
    /// which must have. 403 [`NOT_VERIFIED`]; 404 when the user has no such device waiting.
    pub(crate) async fn approve_from_device(
        &self,
        session: &Session,
        device_id: &str,
    ) -> Result<(), ApiError> {
        if !self
            .store
            .device_verified(&session.user_id, &session.device_id)
            .await?
        {
            return Err(ApiError::Forbidden(NOT_VERIFIED));
        }
        if !self
            .store
            .verify_device(&session.user_id, device_id, self.now_ms())
            .await?
        {
            return Err(ApiError::NotFound("Device not found"));
        }
        tracing::info!(user = %session.user_id, "device approved by another device");
        Ok(())
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
