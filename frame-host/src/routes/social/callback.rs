//! `GET|POST /auth/v1/social/callback/{provider}`: where the provider sends the user back
//! (a redirect with the answer in the query, or Apple's `form_post`). frame-host checks the
//! state, exchanges the code, reads the account, and answers a small page on its own origin
//! whose script (`callback.js`, no inline script) posts the outcome:
//!
//! - to every window on frame-host's origin inside the popup's opener (the frame), a
//!   [`SocialResultMessage`] with the one-time result, target origin frame-host's own;
//! - to the opener (the dapp's page), a [`SocialDoneMessage`] without any secret, target
//!   origin the one the frame named at start.
//!
//! A callback whose state names no login (or that arrives again for a finished login) posts
//! nothing: there is no origin to post to, or the outcome was posted already.

use axum::{
    extract::{Path, RawForm, RawQuery, State},
    http::{header, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Response},
};
use oriel_protocol::{
    http::social::{
        SocialDoneMessage, SocialResultMessage, DONE_MESSAGE_TYPE, MESSAGE_VERSION,
        RESULT_MESSAGE_TYPE,
    },
    SocialProvider,
};
use serde::Serialize;

use crate::{
    secrets,
    social::{failure::Failure, profile, Social, RESULT_TTL_MS},
    store::{Identity, SocialLogin},
};

/// The callback page's script.
const SCRIPT: &str = include_str!("callback.js");
/// The callback page's CSP: only frame-host's own script, nothing else loads, no framing.
const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; base-uri 'none'; \
                        form-action 'none'; frame-ancestors 'none'";
/// The longest query or form accepted, bytes (a code and a state are far shorter).
const MAX_PARAMS: usize = 8192;

/// The answer a provider sent back.
#[derive(Debug, Default)]
struct Params {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    iss: Option<String>,
}

impl Params {
    fn parse(text: &[u8]) -> Self {
        let mut p = Self::default();
        for (k, v) in url::form_urlencoded::parse(text) {
            let slot = match k.as_ref() {
                "code" => &mut p.code,
                "state" => &mut p.state,
                "error" => &mut p.error,
                "iss" => &mut p.iss,
                _ => continue,
            };
            slot.get_or_insert_with(|| v.into_owned());
        }
        p
    }
}

/// The callback as a redirect (`GET`, the answer in the query).
pub(super) async fn from_query(
    State(social): State<Social>,
    Path(provider): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let query = query.unwrap_or_default();
    callback(&social, &provider, query.as_bytes()).await
}

/// The callback as a posted form (`response_mode=form_post`, as Apple answers).
pub(super) async fn from_form(
    State(social): State<Social>,
    Path(provider): Path<String>,
    RawForm(form): RawForm,
) -> Response {
    callback(&social, &provider, &form).await
}

/// The callback page's script (`callback.js`).
pub(super) async fn script() -> Response {
    let mut res = (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
        .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

async fn callback(social: &Social, provider: &str, params: &[u8]) -> Response {
    let Some(provider) = SocialProvider::from_name(provider) else {
        return page(
            StatusCode::NOT_FOUND,
            "Unknown provider",
            "There is no such sign-in provider.",
            None,
        );
    };
    if params.len() > MAX_PARAMS {
        return page(
            StatusCode::BAD_REQUEST,
            "Sign-in failed",
            "The provider's answer is too large.",
            None,
        );
    }
    let params = Params::parse(params);
    let (id, secret) = params
        .state
        .as_deref()
        .and_then(|s| s.split_once('.'))
        .unwrap_or_default();
    let login = match id.is_empty() || id.len() > 64 {
        true => None,
        false => match social.store.social_login(id).await {
            Ok(login) => login,
            Err(error) => {
                tracing::error!(%error, "social callback: reading the login failed");
                return page(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Sign-in failed",
                    "Something went wrong: start again in the app.",
                    None,
                );
            }
        },
    };
    let Some(login) = login else {
        tracing::warn!(
            provider = provider.as_str(),
            "social callback for no known login"
        );
        return page(
            StatusCode::BAD_REQUEST,
            "Sign-in not valid",
            "This sign-in is not one the app started. Return to the app and start again.",
            None,
        );
    };
    if login.provider != provider.as_str() || secrets::token_hash(secret) != login.state_hash {
        // Not this login's answer: told to this window's opener, and the login stays as it is.
        tracing::warn!(login = %login.id, "social callback with a state that does not match");
        return outcome(social, &login, provider, Err(Failure::state_mismatch()));
    }
    let result = run(social, &login, provider, &params).await;
    match result {
        Run::Again => page(
            StatusCode::BAD_REQUEST,
            "Sign-in already finished",
            "This sign-in has already finished. Return to the app.",
            None,
        ),
        Run::Failed(failure) => outcome(social, &login, provider, Err(failure)),
        Run::Done(result) => outcome(social, &login, provider, Ok(result)),
    }
}

/// What the callback came to.
enum Run {
    /// The login had already reached its callback.
    Again,
    /// It failed: the login is marked failed.
    Failed(Failure),
    /// The one-time result to hand the frame.
    Done(String),
}

/// Checks the login's time and the provider's answer, exchanges the code and stores the
/// account with a fresh one-time result. A login reaches this once: it is claimed first.
async fn run(
    social: &Social,
    login: &SocialLogin,
    provider: SocialProvider,
    params: &Params,
) -> Run {
    if login.status != "pending" {
        return Run::Again;
    }
    let failed = |failure: Failure, from: &'static str| async move {
        match social
            .store
            .fail_social_login(&login.id, from, code_name(&failure))
            .await
        {
            Ok(true) => Run::Failed(failure),
            Ok(false) => Run::Again,
            Err(error) => {
                tracing::error!(%error, "social callback: storing the failure failed");
                Run::Failed(failure)
            }
        }
    };
    if social.clock.now_ms() >= login.expires_at {
        return failed(Failure::expired(), "pending").await;
    }
    if let Some(error) = &params.error {
        let failure = match error.as_str() {
            "access_denied" => Failure::denied(provider),
            other => Failure::provider(
                provider,
                &format!("it answered {}", crate::social::failure::shown_error(other)),
            ),
        };
        return failed(failure, "pending").await;
    }
    let Some(code) = params.code.as_deref().filter(|c| !c.is_empty()) else {
        return failed(Failure::provider(provider, "it sent no code"), "pending").await;
    };
    match social.store.claim_social_login(&login.id).await {
        Ok(true) => {}
        Ok(false) => return Run::Again,
        Err(error) => {
            tracing::error!(%error, "social callback: claiming the login failed");
            return Run::Failed(Failure::provider(
                provider,
                "the sign-in could not be finished",
            ));
        }
    }
    match exchange(social, login, provider, code, params.iss.as_deref()).await {
        Ok(identity) => {
            let finished = async {
                let result = secrets::token()?;
                let expires = social.clock.now_ms() + RESULT_TTL_MS;
                let stored = social
                    .store
                    .finish_social_login(
                        &login.id,
                        &identity,
                        &secrets::token_hash(&result),
                        expires,
                    )
                    .await?;
                Ok::<_, crate::error::Error>(stored.then_some(result))
            };
            match finished.await {
                Ok(Some(result)) => Run::Done(result),
                Ok(None) => Run::Again,
                Err(error) => {
                    tracing::error!(%error, "social callback: storing the account failed");
                    failed(
                        Failure::provider(provider, "the sign-in could not be finished"),
                        "exchanging",
                    )
                    .await
                }
            }
        }
        Err(failure) => failed(failure, "exchanging").await,
    }
}

/// The provider's code, exchanged and read as an account.
async fn exchange(
    social: &Social,
    login: &SocialLogin,
    provider: SocialProvider,
    code: &str,
    iss: Option<&str>,
) -> Result<Identity, Failure> {
    let config = social
        .config
        .provider(provider)
        .ok_or_else(|| Failure::provider(provider, "it is not set up any more"))?;
    let providers = &social.providers;
    let now = social.clock.now_ms();
    let resolved = providers.resolve(provider, config, now).await?;
    // RFC 9207: an OpenID provider names itself in the answer; another issuer is a mix-up.
    if let (Some(iss), Some(discovery)) = (iss, &resolved.discovery) {
        if iss != discovery.issuer {
            return Err(Failure::state_mismatch().logged(format!("iss {iss:?}")));
        }
    }
    let tokens = providers
        .exchange(
            &resolved,
            config,
            code,
            &social.redirect_uri(provider),
            &login.pkce_verifier,
        )
        .await?;
    profile::identity(
        providers,
        &resolved,
        &config.client_id,
        &tokens,
        login.nonce.as_deref(),
        now,
    )
    .await
}

fn code_name(failure: &Failure) -> &'static str {
    use oriel_protocol::http::social::SocialErrorCode as C;
    match failure.code {
        C::AccessDenied => "access_denied",
        C::StateMismatch => "state_mismatch",
        C::Expired => "expired",
        C::TokenExchange => "token_exchange",
        _ => "provider_error",
    }
}

/// The page that posts the outcome of `login`.
fn outcome(
    social: &Social,
    login: &SocialLogin,
    provider: SocialProvider,
    result: Result<String, Failure>,
) -> Response {
    let frame_origin = crate::projects::own_origin(&social.public_url).to_owned();
    let (status, title, text) = match &result {
        Ok(_) => (
            StatusCode::OK,
            format!("Signed in with {}", provider.title()),
            "You are signed in. This window closes by itself; if not, close it and return to the app.".to_owned(),
        ),
        Err(f) => {
            tracing::info!(
                login = %login.id,
                code = code_name(f),
                detail = f.detail.as_deref().unwrap_or_default(),
                "social login failed"
            );
            (StatusCode::BAD_REQUEST, "Sign-in failed".to_owned(), format!("{}. Return to the app.", f.message))
        }
    };
    let error = result.as_ref().err().map(Failure::to_message);
    let posts = Posts {
        frame_origin,
        opener_origin: login.origin.clone(),
        to_frame: SocialResultMessage {
            kind: RESULT_MESSAGE_TYPE.into(),
            version: MESSAGE_VERSION,
            login_id: login.id.clone(),
            provider,
            result: result.as_ref().ok().cloned(),
            error: error.clone(),
        },
        to_opener: SocialDoneMessage {
            kind: DONE_MESSAGE_TYPE.into(),
            version: MESSAGE_VERSION,
            provider,
            ok: result.is_ok(),
            error,
        },
    };
    page(status, &title, &text, Some(&posts))
}

/// The data block of the callback page that `callback.js` posts.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Posts {
    frame_origin: String,
    opener_origin: String,
    to_frame: SocialResultMessage,
    to_opener: SocialDoneMessage,
}

fn page(status: StatusCode, title: &str, text: &str, posts: Option<&Posts>) -> Response {
    let escape = crate::http::page::escape_html;
    let data = posts.map_or_else(String::new, |p| {
        format!(
            "<script type=\"application/json\" id=\"oriel-social-result\">{}</script>\
             <script src=\"/auth/v1/social/callback.js\"></script>",
            crate::http::page::script_safe_json(p)
        )
    });
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body><h1>{title}</h1><p id=\"oriel-social-text\">{text}</p>{data}</body></html>\n",
        title = escape(title),
        text = escape(text),
    );
    let mut res = (status, Html(html)).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(PAGE_CSP),
    );
    // The URL holds the provider's code: never sent on, never cached.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
