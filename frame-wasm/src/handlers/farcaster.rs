//! Farcaster login (spec §7 "connect Farcaster"; FIP-11 over frame-host's relay,
//! `frame-host/API.md` "Farcaster"). `GetFarcasterUri` asks frame-host for a channel bound to
//! this device and a verifier only the frame holds, and answers its sign-in link (the spec's
//! `farcasterUrl`); `ConnectFarcaster` asks for the channel's status once and, once the user
//! approved in their Farcaster app, redeems it for a session that unlocks the wallet as an
//! emailed code does. While the user has not approved yet it answers "not yet" at once (the
//! host asks again a second later, each request under its 30 s timeout), so the frame is never
//! held up waiting; once the channel expired, it says so.
//!
//! The bodies are `oriel_protocol::http::farcaster`'s (`FarcasterStartRequest`, `…Reply`,
//! `FarcasterRedeemRequest`, `SessionReply`), written and read by hand here: serde's
//! derives for them cost the wasm more than the few fields the frame uses (the session in the
//! redeem's answer is read as the email login's `SessionReply`).

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use oriel_protocol::{http::SessionReply, Reply};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::{
    context::{Answer, Cx},
    env::Env,
    error::{Error, Result},
    flow::Flow,
    session::{self, Session},
    store::{self, FarcasterProfile},
};

/// `GetFarcasterUri`: a new channel for the page's origin; its link.
pub(crate) async fn get_uri<E: Env>(cx: &Cx<'_, E>, flow: &mut Option<Flow>) -> Result<Reply> {
    // No device (Error::NoParentOrigin) before the handshake told the page's origin.
    let device = cx.device()?;
    let origin = cx.site;
    let mut secret = [0u8; 32];
    getrandom::getrandom(&mut secret).map_err(|e| Error::NoRandomness(e.to_string()))?;
    let verifier = URL_SAFE_NO_PAD.encode(secret);
    let api = cx.api();
    let body = json!({
        "projectId": api.project_id(),
        "deviceId": device.device_id,
        "origin": origin,
        "challenge": URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())),
    });
    let start = api
        .fetch("POST", "/auth/v1/farcaster/start", Some(body), None)
        .await?;
    let (Some(channel_token), Some(url), Some(expires_in)) = (
        text(&start["channelToken"]),
        text(&start["url"]),
        start["expiresIn"].as_u64(),
    ) else {
        return Err(Error::Host {
            status: 500,
            message: "unexpected answer from frame-host: no channel".into(),
        });
    };
    *flow = Some(Flow::Farcaster {
        channel_token,
        verifier,
        expires_at: cx
            .env
            .now_ms()
            .saturating_add(expires_in.saturating_mul(1000)),
    });
    Ok(Reply::GetFarcasterUri { url })
}

/// `ConnectFarcaster`: once the channel is approved, redeems it and unlocks the wallet.
pub(crate) async fn connect<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
) -> Answer {
    let (token, verifier, expires_at) = match flow {
        Some(Flow::Farcaster {
            channel_token,
            verifier,
            expires_at,
        }) => (channel_token.clone(), verifier.clone(), *expires_at),
        _ => return Err(Error::NoFarcasterLogin).into(),
    };
    match approved(cx, &token, expires_at).await {
        Ok(()) => {}
        Err(Error::FarcasterExpired) => {
            *flow = None;
            return Err(Error::FarcasterExpired).into();
        }
        Err(e) => return Err(e).into(),
    }
    let logged_in = async {
        let api = cx.api();
        let device = cx.device()?;
        let body = json!({
            "projectId": api.project_id(),
            "deviceId": device.device_id,
            "channelToken": token,
            "verifier": verifier,
        });
        let reply = api
            .fetch("POST", "/auth/v1/farcaster/redeem", Some(body), None)
            .await?;
        *flow = None;
        let account = &reply["farcaster"];
        let user_name = text(&account["username"])
            .unwrap_or_else(|| format!("!{}", account["fid"].as_u64().unwrap_or_default()));
        let avatar = text(&account["pfpUrl"]);
        let tokens: SessionReply = api.session_of(reply)?;
        let profile = FarcasterProfile {
            user_id: tokens.user.user_id.clone(),
            user_name,
            avatar,
        };
        session::save_login(cx, tokens, None);
        store::save_farcaster_profile(cx.env, cx.project_id(), &profile);
        session.unlock_after_login(cx).await?;
        Ok(Reply::ConnectFarcaster {
            user_name: profile.user_name,
            avatar: profile.avatar,
        })
    };
    Answer::changing_session(logged_in.await)
}

/// A JSON string's text.
fn text(value: &Value) -> Option<String> {
    value.as_str().map(str::to_owned)
}

/// Whether the channel is completed: `Ok` when it is, [`Error::FarcasterPending`] while it is
/// pending, [`Error::FarcasterExpired`] once it is gone.
async fn approved<E: Env>(cx: &Cx<'_, E>, token: &str, expires_at: u64) -> Result<()> {
    if cx.env.now_ms() >= expires_at {
        return Err(Error::FarcasterExpired);
    }
    match cx
        .api()
        .fetch("GET", "/v1/channel/status", None, Some(token))
        .await
    {
        Ok(status) if status["state"] == "completed" => Ok(()),
        Ok(_) => Err(Error::FarcasterPending),
        Err(e) if e.is_unauthorized() => Err(Error::FarcasterExpired),
        Err(e) => Err(e.into()),
    }
}
