//! Email login (start, device approval, code), the session checks, and signing out. The
//! session and the wallet it unlocks are `session`'s; this module runs the requests.

use oriel_protocol::{AccountType, EmailAction, Reply, User};

use crate::{
    account_type,
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    flow::Flow,
    network::{check_chain_id, Network},
    rpc::Transport,
    session::{self, Session},
};

/// How often and how long `ConnectDevice` polls before answering "not yet" (under the host's
/// 30 s timeout for device requests; the host asks again).
const DEVICE_POLL_MS: u32 = 1_500;
const DEVICE_POLLS: u32 = 12;

/// `ConnectEmail`: opens the stored session of the same user if it still works; otherwise
/// starts a login at frame-host.
pub(crate) async fn connect_email<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
    email: String,
) -> Answer {
    if let Err(e) = check_email(&email) {
        return Err(e).into();
    }
    let same_user = session::stored(cx).is_some_and(|s| s.email.eq_ignore_ascii_case(&email));
    let mut expired = false;
    if same_user {
        match session.unlock(cx).await {
            Ok(()) => {
                return Ok(Reply::ConnectEmail {
                    action: EmailAction::Connect,
                })
                .into()
            }
            Err(e) => expired = e == Error::SessionExpired,
        }
    }
    let mut answer = Answer::from(start_login(cx, flow, &email).await);
    answer.session_changed |= expired;
    answer
}

async fn start_login<E: Env>(
    cx: &Cx<'_, E>,
    flow: &mut Option<Flow>,
    email: &str,
) -> Result<Reply> {
    let device = cx.device()?;
    let start = cx.api().email_start(email, &device.device_id).await?;
    *flow = Some(Flow::Login {
        attempt_id: start.attempt_id,
    });
    Ok(Reply::ConnectEmail {
        action: start.action,
    })
}

/// `ConnectDevice`: waits (a while) for the emailed device approval.
pub(crate) async fn connect_device<E: Env>(cx: &Cx<'_, E>, flow: &Option<Flow>) -> Result<Reply> {
    let attempt_id = attempt(flow)?;
    let device = cx.device()?;
    for poll in 0..DEVICE_POLLS {
        if cx
            .api()
            .device_approved(attempt_id, &device.device_id)
            .await?
        {
            return Ok(Reply::ConnectDevice);
        }
        if poll + 1 < DEVICE_POLLS {
            cx.env.sleep(DEVICE_POLL_MS).await;
        }
    }
    Err(Error::DevicePending)
}

/// `IsConnected`: whether a stored session opens the wallet.
pub(crate) async fn is_connected<E: Env>(cx: &Cx<'_, E>, session: &mut Session) -> Answer {
    let unlocked = match session::stored(cx) {
        Some(_) => session.unlock(cx).await,
        None => Err(Error::NotConnected),
    };
    Answer {
        session_changed: unlocked == Err(Error::SessionExpired),
        reply: Ok(Reply::IsConnected {
            is_connected: unlocked.is_ok(),
        }),
    }
}

/// `ConnectOtp`: the emailed code ends the login and unlocks the wallet; the reply is its user
/// on `chain_id` with `preferred` kept, as [`get_user`] answers, so the host needs no second
/// request.
pub(crate) async fn connect_otp<E: Env, T: Transport>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    network: &mut Network<T>,
    flow: &mut Option<Flow>,
    otp: String,
    chain_id: Option<String>,
    preferred: Option<AccountType>,
) -> Answer {
    // A network the frame cannot serve is refused before the code is spent.
    if let Some(Err(e)) = chain_id.as_deref().map(check_chain_id) {
        return Err(e).into();
    }
    let verified = async {
        let attempt_id = attempt(flow)?;
        let device = cx.device()?;
        let tokens = cx
            .api()
            .email_verify(attempt_id, &device.device_id, &otp)
            .await?;
        session::save_login(cx, tokens, None);
        *flow = None;
        session.unlock_after_login(cx).await
    };
    if let Err(e) = verified.await {
        return Answer::changing_session(Err(e));
    }
    let (user, _) = user_on(cx, session, network, chain_id, preferred).await;
    Answer {
        reply: user.map(Reply::ConnectOtp),
        session_changed: true,
    }
}

/// `GetUser`: the logged-in user, on network `chain_id` (made active) when given, after
/// keeping `preferred` as the account type of its family when it differs (the host page's
/// stored choice or configured default; the host then hears the session).
pub(crate) async fn get_user<E: Env, T: Transport>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    network: &mut Network<T>,
    chain_id: Option<String>,
    preferred: Option<AccountType>,
) -> Answer {
    let (user, changed) = user_on(cx, session, network, chain_id, preferred).await;
    let mut answer = Answer::from(user.map(Reply::GetUser));
    answer.session_changed |= changed;
    answer
}

/// The user of `GetUser` and of the logins' last steps (`ConnectOtp`, `ConnectSocial`), and
/// whether the kept account type changed.
pub(crate) async fn user_on<E: Env, T: Transport>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    network: &mut Network<T>,
    chain_id: Option<String>,
    preferred: Option<AccountType>,
) -> (Result<User>, bool) {
    if let Some(chain_id) = chain_id {
        if let Err(e) = check_chain_id(&chain_id) {
            return (Err(e), false);
        }
        network.active = chain_id;
    }
    let chain = network.active.clone();
    let changed = match preferred {
        Some(t) if t != account_type::preferred(cx.env, cx.project_id(), &chain) => {
            if let Err(e) = account_type::keep_preference(cx.env, cx.project_id(), &chain, t) {
                return (Err(e), false);
            }
            true
        }
        _ => false,
    };
    let user = async {
        session.unlock(cx).await?;
        // A failure is in the console; the user then has the key's own account.
        let _ = session
            .look_up_smart_account(cx, &chain, &network.rpc(&chain))
            .await;
        session.user(cx, &chain).ok_or(Error::NotConnected)
    };
    (user.await, changed)
}

/// `SignOut`: ends the session here and, best effort, at frame-host; any flow ends with it.
pub(crate) async fn sign_out<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
) -> Answer {
    if let Some(stored) = session::stored(cx) {
        // Best effort: the local session is gone either way, and an expired token is fine.
        if let Err(e) = cx.api().sign_out(&stored.access_token).await {
            if !e.is_unauthorized() {
                crate::log::warn(&format!("sign-out at frame-host failed: {}", e.message));
            }
        }
    }
    session.end(cx);
    *flow = None;
    Answer::changing_session(Ok(Reply::SignOut))
}

/// The attempt of the login in progress.
fn attempt(flow: &Option<Flow>) -> Result<&str> {
    match flow {
        Some(Flow::Login { attempt_id }) => Ok(attempt_id),
        _ => Err(Error::NoLogin),
    }
}

/// Spec §5: a valid email format, for connect and update (`oriel_protocol::email`, the rule
/// frame-host and the SDK hold too).
pub(crate) fn check_email(email: &str) -> Result<()> {
    if oriel_protocol::email::is_valid_email(email) {
        Ok(())
    } else {
        Err(Error::InvalidEmail)
    }
}
