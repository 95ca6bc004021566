//! Recovery-phrase export: a fresh code to the user's address, proven before the frame shows
//! the phrase. frame-host never sees the phrase; it only vouches for the code, to the frame,
//! which asks on its own origin.

use std::net::IpAddr;

use oriel_protocol::http::{CodeRequest, ExportStartReply};

use super::{mailbox_of, otp, Login};
use crate::{error::ApiError, mail::Outgoing, secrets, sessions::Session, store::CodeTable};

impl Login {
    /// Emails the session user a code for showing the recovery phrase.
    pub(crate) async fn start_export(
        &self,
        ip: IpAddr,
        session: &Session,
    ) -> Result<ExportStartReply, ApiError> {
        let store = &self.store;
        let user = self.sessions.user(session).await?;
        let email = mailbox_of(&user)?;
        self.check_export(ip, &user.id).await?;
        let (code, stored) = otp::new_code(self)?;
        let id = secrets::id()?;
        let now = self.now_ms();
        store
            .insert_export_code(&id, &user.id, &stored, now)
            .await?;
        let why = "Enter it in the app to show your wallet's recovery phrase. \
               If you did not ask for this, do not share the code with anyone.";
        self.mailer
            .send(Outgoing::code(email, &code, why), now)
            .await?;
        tracing::info!(user = %user.id, "export code sent");
        Ok(ExportStartReply { attempt_id: id })
    }

    /// Checks the export code of the session user: 204 once, then the code is spent.
    pub(crate) async fn verify_export(
        &self,
        session: &Session,
        body: &CodeRequest,
    ) -> Result<(), ApiError> {
        let store = &self.store;
        let (_, code) = store
            .export_code(&body.attempt_id)
            .await?
            .filter(|(user_id, _)| *user_id == session.user_id)
            .ok_or(ApiError::Unauthorized(otp::INVALID_CODE))?;
        let table = (CodeTable::Export, body.attempt_id.as_str());
        otp::check(self, table, &session.user_id, &code, &body.otp).await?;
        if !store.use_export_code(&body.attempt_id).await? {
            return Err(ApiError::Unauthorized(otp::INVALID_CODE));
        }
        tracing::info!(user = %session.user_id, "export code verified");
        Ok(())
    }
}
