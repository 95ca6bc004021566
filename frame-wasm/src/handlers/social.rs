//! Social login (frame-host/API.md "Social login"). `GetSocialRedirectUri` starts a login at
//! frame-host, bound to this device by a random verifier that stays in the frame's memory,
//! and answers the provider URL the host opens in a popup. frame-host's callback page posts
//! the one-time result to this window (`oriel:social-result`, target origin frame-host's
//! own); `ConnectSocial` takes it, only from frame-host's own origin and only for the login it
//! started, redeems it with the verifier for a session, and opens the wallet as a login by
//! email does: a new account gets a new wallet, a new device gets the wallet back.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use oriel_protocol::{
    http::social::{MESSAGE_VERSION, RESULT_MESSAGE_TYPE},
    Reply, SocialProvider,
};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::login::user_on;
use crate::{
    context::{Answer, Cx},
    env::{Env, WindowMessage},
    error::{Error, Result},
    flow::{Flow, SocialLogin},
    network::Network,
    session::{self, Session},
};

/// How long `ConnectSocial` waits for the result to reach the frame, and how often it looks.
/// The host asks only once the popup said the login ended, by when the result was posted to
/// the frame (first); the wait covers its way between processes, well under the host's 30 s.
const RESULT_WAIT_MS: u32 = 5_000;
const RESULT_POLL_MS: u32 = 100;
/// The longest result message read, bytes of JSON (a real one is under 300).
pub(crate) const MAX_MESSAGE: usize = 4_096;
/// The longest failure text shown, characters.
const MAX_FAILURE_TEXT: usize = 200;

/// What a result message says about the login.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The one-time result to redeem.
    Redeem(String),
    /// The login failed at the callback: frame-host's text for people.
    Failed(String),
}

/// `GetSocialRedirectUri`: starts a login with `provider` for the page that opened the
/// channel; the provider URL to open.
pub(crate) async fn redirect_uri<E: Env>(
    cx: &Cx<'_, E>,
    flow: &mut Option<Flow>,
    provider: SocialProvider,
) -> Result<Reply> {
    let origin = cx.site;
    if origin.is_empty() {
        return Err(Error::Social("the page's origin is not known".into()));
    }
    let device = cx.device()?;
    let verifier = new_verifier()?;
    let start = cx
        .api()
        .social_start(provider, &device.device_id, origin, &s256(&verifier))
        .await?;
    if !crate::rpc::is_http_url(&start.uri) || start.uri.len() > MAX_MESSAGE {
        return Err(Error::Host {
            status: 502,
            message: "frame-host sent a sign-in URL that cannot be opened".into(),
        });
    }
    // Whatever arrived before belongs to an earlier login.
    drop(cx.env.take_social_messages());
    *flow = Some(Flow::Social(SocialLogin {
        login_id: start.login_id,
        provider,
        uri: start.uri.clone(),
        verifier,
    }));
    Ok(Reply::GetSocialRedirectUri { uri: start.uri })
}

/// `ConnectSocial`: the login named by `uri` (its provider URL) takes its result, redeems it
/// and opens the wallet on the active network. The login ends either way.
pub(crate) async fn connect<E: Env>(
    cx: &Cx<'_, E>,
    session: &mut Session,
    flow: &mut Option<Flow>,
    network: &mut Network<E::Rpc>,
    uri: &str,
) -> Answer {
    let login = match flow.take() {
        Some(Flow::Social(login)) if login.uri == uri => login,
        other => {
            *flow = other;
            return Err(Error::NoSocialLogin).into();
        }
    };
    let result = match wait_for_result(cx, &login).await {
        Ok(result) => result,
        Err(e) => return Err(e).into(),
    };
    let redeemed = async {
        let device = cx.device()?;
        Ok::<_, Error>(
            cx.api()
                .social_redeem(&device.device_id, &result, &login.verifier)
                .await?,
        )
    };
    let (tokens, user_name) = match redeemed.await {
        Ok(reply) => reply,
        Err(e) => return Err(e).into(),
    };
    session::save_login(cx, tokens, user_name);
    let opened = match session.unlock_after_login(cx).await {
        // The user on the active network, as `GetUser` answers.
        Ok(()) => user_on(cx, session, network, None, None).await.0,
        Err(e) => Err(e),
    };
    if opened.is_err() {
        // No half login: a session that cannot open its wallet is ended here.
        session.end(cx);
    }
    Answer {
        reply: opened.map(Reply::ConnectSocial),
        session_changed: true,
    }
}

/// Waits (a while) for the result of `login` among the social messages that reach the frame.
async fn wait_for_result<E: Env>(cx: &Cx<'_, E>, login: &SocialLogin) -> Result<String> {
    let own_origin = cx.env.own_origin();
    for poll in 0..RESULT_WAIT_MS / RESULT_POLL_MS {
        for message in cx.env.take_social_messages() {
            match accept(&message, &own_origin, login) {
                Ok(Outcome::Redeem(result)) => return Ok(result),
                Ok(Outcome::Failed(text)) => return Err(Error::Social(text)),
                Err(why) => crate::log::warn(&format!(
                    "social login: ignored {why} (origin {})",
                    message.origin
                )),
            }
        }
        if poll + 1 < RESULT_WAIT_MS / RESULT_POLL_MS {
            cx.env.sleep(RESULT_POLL_MS).await;
        }
    }
    Err(Error::Social(NO_RESULT.into()))
}

/// `ConnectSocial` found no result for its login.
pub(crate) const NO_RESULT: &str =
    "The sign-in did not reach the wallet: close the sign-in window and start again";

/// Reads `message` as the result of `login`: only from `own_origin` (frame-host's, exactly),
/// only an `oriel:social-result` of this version (`oriel_protocol::http::social`'s
/// `SocialResultMessage`, read by hand for the wasm budget: no other key, every value of its
/// type) naming this login and provider, with either a result (64 hex digits) or a failure
/// (a known code and a text). Anything else is why it was ignored.
pub(crate) fn accept(
    message: &WindowMessage,
    own_origin: &str,
    login: &SocialLogin,
) -> std::result::Result<Outcome, &'static str> {
    const MALFORMED: &str = "a malformed social result";
    if message.origin != own_origin {
        return Err("a social result from another origin");
    }
    if message.data.len() > MAX_MESSAGE {
        return Err("an oversized social result");
    }
    let data: Value = serde_json::from_str(&message.data).map_err(|_| MALFORMED)?;
    let fields = data.as_object().ok_or(MALFORMED)?;
    let known = ["type", "version", "loginId", "provider", "result", "error"];
    if fields.keys().any(|k| !known.contains(&k.as_str())) {
        return Err(MALFORMED);
    }
    let text = |key: &str| fields.get(key).and_then(Value::as_str).ok_or(MALFORMED);
    if text("type")? != RESULT_MESSAGE_TYPE
        || fields.get("version").and_then(Value::as_u64) != Some(MESSAGE_VERSION.into())
    {
        return Err("a message of another type or version");
    }
    let (login_id, provider) = (text("loginId")?, text("provider")?);
    if SocialProvider::from_name(provider).is_none() {
        return Err(MALFORMED);
    }
    if login_id != login.login_id || provider != login.provider.as_str() {
        return Err("the result of another login");
    }
    match (fields.get("result"), fields.get("error")) {
        (Some(Value::String(result)), None) if is_result(result) => {
            Ok(Outcome::Redeem(result.clone()))
        }
        (None, Some(error)) => {
            let code = error.get("code").and_then(Value::as_str);
            let failure = error.get("message").and_then(Value::as_str);
            match (code, failure) {
                (Some(code), Some(failure))
                    if FAILURE_CODES.contains(&code)
                        && error.as_object().is_some_and(|e| e.len() == 2) =>
                {
                    Ok(Outcome::Failed(shown(failure)))
                }
                _ => Err(MALFORMED),
            }
        }
        _ => Err(MALFORMED),
    }
}

/// `SocialErrorCode`'s names on the wire.
const FAILURE_CODES: [&str; 5] = [
    "access_denied",
    "state_mismatch",
    "expired",
    "token_exchange",
    "provider_error",
];

/// A one-time result: 64 hex digits.
fn is_result(result: &str) -> bool {
    result.len() == 64 && result.bytes().all(|b| b.is_ascii_hexdigit())
}

/// frame-host's failure text, cut to what is fit to show: no control characters, at most
/// [`MAX_FAILURE_TEXT`] characters; a generic text when nothing is left.
fn shown(text: &str) -> String {
    let text: String = text
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_FAILURE_TEXT)
        .collect();
    match text.trim() {
        "" => "The sign-in failed: start again".into(),
        text => text.into(),
    }
}

/// A random PKCE-style verifier: 32 random bytes, base64url (43 characters).
fn new_verifier() -> Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).map_err(|e| Error::NoRandomness(e.to_string()))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// `BASE64URL(SHA-256(verifier))`, PKCE's S256.
pub(crate) fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}
