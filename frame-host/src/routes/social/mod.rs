//! Social login (`API.md`, "Social login"): `POST /auth/v1/social/start`, the provider's
//! callback (`callback`) and `POST /auth/v1/social/redeem`, over [`Social`].

mod callback;

use axum::{
    extract::State,
    routing::{get, post},
    Json, Router,
};
use oriel_protocol::http::{
    social::{SocialRedeemRequest, SocialStartReply, SocialStartRequest},
    SessionReply,
};

use super::Routes;
use crate::{
    error::ApiError,
    http::{ClientIp, ProjectJson},
    social::{Social, CALLBACK_PATH},
};

/// Routes of social login. Providers post the callback from their own origin (`form_post`):
/// its `state` ties it to a login, not its origin, so it is exempt from the origin check.
pub(crate) fn routes() -> Routes {
    let router = Router::new()
        .route("/auth/v1/social/start", post(start))
        .route("/auth/v1/social/redeem", post(redeem))
        .route(
            "/auth/v1/social/callback/{provider}",
            get(callback::from_query).post(callback::from_form),
        )
        .route("/auth/v1/social/callback.js", get(callback::script));
    Routes::new(router).origin_exempt(&[CALLBACK_PATH])
}

/// Starts a social login for the frame's device: the provider's authorization URL.
async fn start(
    State(social): State<Social>,
    ClientIp(ip): ClientIp,
    ProjectJson(body): ProjectJson<SocialStartRequest>,
) -> Result<Json<SocialStartReply>, ApiError> {
    Ok(Json(social.start(ip, body).await?))
}

/// Redeems a login's one-time result for a session of the device that started it.
async fn redeem(
    State(social): State<Social>,
    ClientIp(ip): ClientIp,
    headers: axum::http::HeaderMap,
    ProjectJson(body): ProjectJson<SocialRedeemRequest>,
) -> Result<Json<SessionReply>, ApiError> {
    let user_agent = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok());
    Ok(Json(social.redeem(ip, user_agent, body).await?))
}
