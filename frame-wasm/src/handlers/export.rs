//! Showing the recovery phrase (issue: "reveal inside the frame only, after a fresh code").
//! A code goes to the user's address; once frame-host vouches for it — to the frame, on the
//! frame's own origin — the phrase is drawn in the frame's document. The host only learns
//! that the user closed it.

use oriel_protocol::{Reply, RevealPurpose};

use crate::{
    context::Cx,
    env::Env,
    error::{Error, Result},
    flow::Flow,
    screen::{Outcome, Screen},
    session::{self, Session},
};

/// `StartExport`: sends a code to the user's address.
pub(crate) async fn start<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
) -> Result<Reply> {
    session.wallet()?;
    let access = session.access_token(cx).await?;
    let user_id = session::stored(cx).ok_or(Error::NotConnected)?.user_id;
    let attempt_id = cx.api().export_start(&access).await?;
    *flow = Some(Flow::Export {
        user_id,
        attempt_id,
    });
    Ok(Reply::StartExport)
}

/// `RevealRecoveryPhrase`: with the code, shows the phrase in the frame until the user is
/// done.
pub(crate) async fn reveal<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
    otp: String,
) -> Result<Reply> {
    if !is_code(&otp) {
        return Err(Error::BadCode);
    }
    let access = session.access_token(cx).await?;
    let stored = session::stored(cx).ok_or(Error::NotConnected)?;
    let attempt_id = match &*flow {
        Some(Flow::Export {
            user_id,
            attempt_id,
        }) if *user_id == stored.user_id => attempt_id,
        _ => return Err(Error::NoExport),
    };
    cx.api().export_verify(&access, attempt_id, &otp).await?;
    *flow = None;
    let phrase = session.wallet()?.wallet.recovery_phrase();
    cx.reveal(RevealPurpose::RecoveryPhrase);
    match cx.env.present(Screen::RecoveryPhrase(&phrase)).await {
        Outcome::Aborted => Err(Error::Aborted),
        Outcome::Approved | Outcome::Rejected => Ok(Reply::RevealRecoveryPhrase),
    }
}

fn is_code(otp: &str) -> bool {
    otp.len() == 6 && otp.bytes().all(|b| b.is_ascii_digit())
}
