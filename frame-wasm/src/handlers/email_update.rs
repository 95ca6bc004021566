//! Changing the login email (spec §4 "Email update"): a code to the current address, then a
//! code to the new one. frame-host does the checks; the frame keeps the attempt between steps
//! (`Flow::EmailUpdate`) and, once the change is done, the stored session's email.

use oriel_protocol::Reply;

use crate::{
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    flow::Flow,
    handlers::login::check_email,
    session::{self, Session},
    store,
};

/// `UpdateEmail`: sends a code to the current address.
pub(crate) async fn start<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
    email: String,
) -> Result<Reply> {
    check_email(&email)?;
    let access = session.access_token(cx).await?;
    let user_id = session::stored(cx).ok_or(Error::NotConnected)?.user_id;
    let start = cx.api().email_update_start(&access, &email).await?;
    *flow = Some(Flow::EmailUpdate {
        user_id,
        attempt_id: start.attempt_id,
        primary_verified: false,
    });
    Ok(Reply::UpdateEmail {
        action: start.action,
    })
}

/// `UpdateEmailPrimaryOtp`: the current address's code.
pub(crate) async fn primary_otp<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
    otp: String,
) -> Result<Reply> {
    let access = session.access_token(cx).await?;
    let (attempt_id, _) = in_progress(cx, flow)?;
    cx.api()
        .email_update_primary(&access, attempt_id, &otp)
        .await?;
    if let Some(Flow::EmailUpdate {
        primary_verified, ..
    }) = flow
    {
        *primary_verified = true;
    }
    Ok(Reply::UpdateEmailPrimaryOtp)
}

/// `UpdateEmailSecondaryOtp`: the new address's code ends the change.
pub(crate) async fn secondary_otp<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
    otp: String,
) -> Answer {
    let changed = async {
        let access = session.access_token(cx).await?;
        let (attempt_id, primary_verified) = in_progress(cx, flow)?;
        if !primary_verified {
            return Err(Error::PrimaryFirst);
        }
        let new_email = cx
            .api()
            .email_update_secondary(&access, attempt_id, &otp)
            .await?;
        *flow = None;
        store::set_session_email(cx.env, cx.project_id(), cx.site, &new_email);
        Ok(Reply::UpdateEmailSecondaryOtp { new_email })
    };
    Answer::changing_session(changed.await)
}

/// The change in progress for the logged-in user: its attempt and whether the current
/// address has been confirmed.
fn in_progress<'f, E: Env>(cx: &Cx<'_, E>, flow: &'f Option<Flow>) -> Result<(&'f str, bool)> {
    let user = session::stored(cx).map(|s| s.user_id);
    match flow {
        Some(Flow::EmailUpdate {
            user_id,
            attempt_id,
            primary_verified,
        }) if Some(user_id) == user.as_ref() => Ok((attempt_id, *primary_verified)),
        _ => Err(Error::NoEmailUpdate),
    }
}
